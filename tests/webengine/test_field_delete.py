"""Deleting a field takes it out of the value preview and out of the fields that look wrong at
once, and the last field's deletion empties the preview."""

from __future__ import annotations

from typing import Any

import pytest

ARTICLE_URL = "https://hillside-garden.example/guides/tomatoes.html"


@pytest.fixture
def demo(qtbot: Any, window: Any) -> Any:
    finished: list[tuple[str, str]] = []
    window.job_finished.connect(lambda name, outcome: finished.append((name, outcome)))
    window.open_demo()
    qtbot.waitUntil(lambda: ("analyse", "finished") in finished, timeout=60000)
    with qtbot.waitSignal(window.view.highlights_applied, timeout=10000):
        window.select_url(ARTICLE_URL)
    return window


def _headers(demo: Any) -> list[str]:
    table = demo.rules.preview
    return [table.horizontalHeaderItem(i).text() for i in range(table.columnCount())]


def _delete(qtbot: Any, demo: Any, field: str) -> None:
    demo.rules.tree.setCurrentItem(demo.rules.items[field])
    demo.rules.items[field].setSelected(True)
    assert demo.rules.selected() == ("fields", field)
    demo.rules.delete_button.click()
    qtbot.waitUntil(lambda: field not in [f.id for f in demo.editor.template.fields])


def test_a_deleted_field_leaves_the_preview_and_the_look_wrong_line(qtbot: Any, demo: Any) -> None:
    with qtbot.waitSignal(
        demo.picking.checked, timeout=30000, check_params_cb=lambda c: "title" in c.fields
    ):
        demo.editor.add_field("title", "//article//h1")
    with qtbot.waitSignal(
        demo.picking.checked, timeout=30000, check_params_cb=lambda c: "rare" in c.fields
    ):
        demo.editor.add_field("rare", "//h1[normalize-space(.)='Growing Tomatoes']")
    assert _headers(demo) == ["Page", "title", "rare"]
    assert demo.rules.preview_label.text().endswith("1 field looks wrong: rare")
    _delete(qtbot, demo, "rare")
    # At once, before the next check of the template arrives.
    assert _headers(demo) == ["Page", "title"]
    assert demo.rules.preview_label.text().endswith("no field looks wrong")
    qtbot.wait(1500)  # the next check, when it comes, agrees
    assert _headers(demo) == ["Page", "title"]
    assert "rare" not in demo.rules.preview_label.text()
    # The last field deleted: no preview is left.
    _delete(qtbot, demo, "title")
    qtbot.wait(1500)
    assert demo.rules.preview.rowCount() == 0
    assert "title" not in _headers(demo)
    assert demo.rules.preview_label.text() == "Values on sample pages: add a field"
