"""What a new user met on a 1,317-page site, on the demo: counts said in proper English, a
page to look at opened whatever the page list's filter hides, a refused click's outline
marked refused and no stale outline after the next pick, and the status bar saying what the
index is."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

# this folder's helpers: the conftest's JavaScript call and the workbench tests' steps
sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import evaluate  # noqa: E402
from test_workbench import (  # noqa: E402
    ARTICLE_URL,
    PEPPERS_URL,
    _last_message,
    _pick,
    _show,
)


def _outlines(qtbot: Any, window: Any) -> dict[str, list[int]]:
    got: dict[str, list[int]] = evaluate(qtbot, window.view, "window.__deboiler.outlines()")
    return got


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
    assert text.endswith("; 1 'not this' node excluded; values: text"), text
    assert "items" not in text and "(s)" not in text


def test_a_page_to_look_at_hidden_by_the_filter_is_listed_and_shown(qtbot: Any, demo: Any) -> None:
    """A double-click on a flagged field's verdict, with the page list filtered down to the
    shown page: the filter is cleared, the page to look at is shown and selected in the list,
    and the status bar says why the filter went. The value preview's rows do the same."""
    demo.editor.add_field("links", "//body//ul/li/a", is_list=True)
    rules = demo.rules
    qtbot.waitUntil(
        lambda: rules.check is not None and "links" in rules.check.fields, timeout=60000
    )
    tip = rules.items["links"].toolTip(4)
    look = [line.split("look at ", 1)[1] for line in tip.splitlines() if "look at " in line]
    target = next(u for u in look if u != ARTICLE_URL)
    demo.filter_edit.setText("tomatoes")
    assert demo.page_model.rowCount() == 1
    assert demo.page_model.row_of(target) is None
    tree = rules.tree
    rect = tree.visualItemRect(rules.items["links"])
    at = QPoint(tree.header().sectionViewportPosition(4) + 10, rect.center().y())
    look_first = rules._look_at("links")[0]
    with qtbot.waitSignal(demo.view.highlights_applied, timeout=10000):
        QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=at)
        QTest.mouseDClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert demo.page.url == look_first
    # Listed and selected: the list shows the page the view shows.
    assert demo.filter_edit.text() == ""
    row = demo.page_model.row_of(look_first)
    assert row is not None and demo.page_table.currentIndex().row() == row
    relative = demo.page_model.data(demo.page_model.index(row, 0))
    assert demo.statusBar().currentMessage() == (
        "Filter 'tomatoes' cleared: it hid the page asked for"
    )
    # A row of the value preview, hidden by a filter again.
    demo.filter_edit.setText(relative)
    table = rules.preview
    other = next(
        r
        for r in range(table.rowCount())
        if table.item(r, 0).data(Qt.ItemDataRole.UserRole) not in (look_first,)
        and demo.page_model.row_of(table.item(r, 0).data(Qt.ItemDataRole.UserRole)) is None
    )
    url = table.item(other, 0).data(Qt.ItemDataRole.UserRole)
    cell = table.visualItemRect(table.item(other, 1)).center()
    with qtbot.waitSignal(demo.view.highlights_applied, timeout=10000):
        QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=cell)
        QTest.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=cell)
    assert demo.page.url == url and demo.filter_edit.text() == ""
    assert demo.page_table.currentIndex().row() == demo.page_model.row_of(url)
    assert demo.statusBar().currentMessage() == (
        f"Filter {relative!r} cleared: it hid the page asked for"
    )


def test_a_page_listed_already_leaves_the_filter_alone(qtbot: Any, demo: Any) -> None:
    demo.filter_edit.setText("guides/")
    assert demo.page_model.row_of(PEPPERS_URL) is not None
    with qtbot.waitSignal(demo.view.highlights_applied, timeout=10000):
        demo.show_listed(PEPPERS_URL)
    assert demo.page.url == PEPPERS_URL and demo.filter_edit.text() == "guides/"
    assert demo.statusBar().currentMessage() == ""


def test_a_refused_click_is_outlined_as_refused_and_no_outline_goes_stale(
    qtbot: Any, demo: Any, click: Any
) -> None:
    """The title given on one page, a footer paragraph as the same field on another: the
    refusal outlines the paragraph as refused, not as the pick; the next pick (in the DOM
    tree, the pointer away from the page) leaves no outline on it, hover or refused."""
    _pick(qtbot, demo, click, "//article//h1")
    demo.selection.field_name.setText("heading")
    with qtbot.waitSignal(demo.picking.rule_induced, timeout=20000):
        demo.selection.field_button.click()
    _show(qtbot, demo, PEPPERS_URL)
    footer = _pick(qtbot, demo, click, "//footer/p[1]")
    stamp = demo.stamped.stamp_of(footer)
    # The real click left the pointer's outline on the paragraph with the pick's.
    assert _outlines(qtbot, demo) == {"hover": [stamp], "selected": [stamp], "refused": []}
    demo.selection.field_name.setText("heading")
    demo.selection.field_button.click()
    qtbot.waitUntil(lambda: "No rule" in _last_message(demo), timeout=20000)
    qtbot.waitUntil(lambda: _outlines(qtbot, demo)["refused"] == [stamp], timeout=5000)
    assert _outlines(qtbot, demo) == {"hover": [], "selected": [], "refused": [stamp]}
    style = evaluate(
        qtbot,
        demo.view,
        "JSON.stringify(getComputedStyle(document.querySelector('[data-dbg-refused]'))"
        ".outlineStyle)",
    )
    assert style == "dashed"
    # The next pick, made in the DOM tree (the pointer goes there): only the new node is
    # outlined.
    QTest.mouseMove(demo.dom_tree.viewport(), QPoint(20, 20))
    h1 = demo.stamped.root.xpath("//article//h1")[0]
    with qtbot.waitSignal(demo.candidates_updated, timeout=10000):
        demo.dom_tree.setCurrentIndex(demo.dom_model.index_of(demo.stamped.stamp_of(h1)))
    qtbot.waitUntil(
        lambda: _outlines(qtbot, demo)["selected"] == [demo.stamped.stamp_of(h1)], timeout=5000
    )
    assert _outlines(qtbot, demo) == {
        "hover": [],
        "selected": [demo.stamped.stamp_of(h1)],
        "refused": [],
    }


def test_the_hover_outline_goes_when_the_pointer_leaves_the_page(
    qtbot: Any, demo: Any, click: Any
) -> None:
    el = _pick(qtbot, demo, click, "//footer/p[1]")
    stamp = demo.stamped.stamp_of(el)
    assert _outlines(qtbot, demo)["hover"] == [stamp]
    # The pointer goes to the DOM tree: the page is told it left.
    QTest.mouseMove(demo.dom_tree.viewport(), QPoint(20, 20))
    qtbot.waitUntil(lambda: _outlines(qtbot, demo)["hover"] == [], timeout=5000)
    assert _outlines(qtbot, demo)["selected"] == [stamp]


def test_a_pick_made_outside_the_page_drops_a_hover_outline_left_elsewhere(
    qtbot: Any, demo: Any, click: Any
) -> None:
    """A hover outline the page was never told to drop (the pointer jumped away) goes with
    the next pick made outside the page; the picked node's own one stays."""
    el = _pick(qtbot, demo, click, "//footer/p[1]")
    stamp = demo.stamped.stamp_of(el)
    h1 = demo.stamped.stamp_of(demo.stamped.root.xpath("//article//h1")[0])
    demo.view.select(h1, scroll=False)
    qtbot.waitUntil(lambda: _outlines(qtbot, demo)["selected"] == [h1], timeout=5000)
    assert _outlines(qtbot, demo)["hover"] == []
    demo.view.select(stamp, scroll=False)  # the pointer's own element keeps its outline
    qtbot.waitUntil(lambda: _outlines(qtbot, demo)["selected"] == [stamp], timeout=5000)


def test_the_status_bar_says_what_the_kept_pages_are_for(qtbot: Any, demo: Any) -> None:
    """On a site no larger than the index every page is kept, and the status bar says so in
    the words of what it is for, never "N pages indexed"."""
    from deboiler_gui.gui.controllers.picking import index_tooltip

    total = demo.page_model.total()
    text = demo.index_label.text()
    assert text.startswith(f"all {total} pages kept for clicks"), text
    assert "indexed" not in text
    assert demo.index_label.toolTip() == index_tooltip(total, total)
    assert "cover every page of the site" in demo.index_label.toolTip()
