"""What a new user met on a 1,317-page site, on the demo: counts said in proper English."""

from __future__ import annotations

from typing import Any

import pytest

from tests.webengine.test_workbench import (
    ARTICLE_URL,
    _last_message,
    _pick,
)


@pytest.fixture
def demo(qtbot: Any, window: Any) -> Any:
    """The window on the demo site, imported, fitted and analysed, showing one guide page."""
    finished: list[tuple[str, str]] = []
    window.job_finished.connect(lambda name, outcome: finished.append((name, outcome)))
    window.open_demo()
    qtbot.waitUntil(lambda: ("analyse", "finished") in finished, timeout=60000)
    with qtbot.waitSignal(window.view.highlights_applied, timeout=10000):
        window.select_url(ARTICLE_URL)
    return window


def test_a_list_of_one_item_and_one_not_this_are_said_in_the_singular(
    qtbot: Any, demo: Any, click: Any
) -> None:
    """ "matches 1 item on this page", "1 'not this' node": a count of one never reads
    "1 items" or "node(s)"."""
    # A 'not this' on the sidebar's first link, then the guide's title as a list.
    _pick(qtbot, demo, click, "//aside//li[1]/a")
    demo.selection.not_button.click()
    assert demo.selection.examples_label.text() == ("1 'not this' node for the next field or list")
    _pick(qtbot, demo, click, "//article//h1")
    demo.selection.field_name.setText("headings")
    with qtbot.waitSignal(demo.picking.rule_induced, timeout=20000) as induced:
        demo.selection.list_button.click()
    xpath = induced.args[1]
    text = _last_message(demo)
    assert f"List headings: {xpath} matches 1 item on this page (examples from this page)" in (
        text
    ), text
    assert text.endswith("; 1 'not this' node excluded"), text
    assert "items" not in text and "(s)" not in text
