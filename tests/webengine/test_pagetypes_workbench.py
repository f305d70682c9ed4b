"""Page types in the workbench, driven like a user in a real QtWebEngine window: the panel lists
a shop/blog/category site's types, selecting one filters the page list, merge then split
round-trips, a new template for a type gets its URL pattern, and the types survive a restart."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from deboiler_gui.app import session
from deboiler_gui.engine.clean.pipeline import import_into
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.progress import run
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.extract import choose_templates

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cli"))
from test_cli_pagetypes import BASE, build  # noqa: E402  (the shop/blog/category site)

SITE = "mixed.local"
PRODUCT = "http://mixed.local/shop/p/{n}.html"
POST = "http://mixed.local/blog/2024/*.html"
CATEGORY = "http://mixed.local/shop/c/*/index.html"


@pytest.fixture
def mixed_ws(tmp_path: Path) -> str:
    folder = tmp_path / "site"
    folder.mkdir()
    build(folder)
    path = tmp_path / "mixed.sqlite"
    run(import_into(str(path), [str(folder)], base_url=BASE))
    return str(path)


def open_with_types(qtbot: Any, window: Any, path: str) -> Any:
    """Open the workspace, show the Page types panel from the View menu, wait for its types."""
    window.open_path(path)
    qtbot.waitUntil(lambda: window.page is not None and window.view.ready, timeout=20000)
    types = window.page_types
    outcomes: list[str] = []
    types.computed.connect(outcomes.append)
    view_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    assert types.view_action in view_menu.actions()
    if types.types is None:
        types.view_action.trigger()  # shows the dock: the first showing computes
        qtbot.waitUntil(lambda: bool(outcomes), timeout=60000)
        assert outcomes == ["finished"]
    else:
        types.view_action.trigger()
    qtbot.waitUntil(lambda: types.dock.isVisible(), timeout=5000)
    return types


def rows(panel: Any) -> list[tuple[str, str, str]]:
    tree = panel.tree
    return [
        (tree.topLevelItem(i).text(0), tree.topLevelItem(i).text(1), tree.topLevelItem(i).text(2))
        for i in range(tree.topLevelItemCount())
    ]


def click_row(
    qtbot: Any, panel: Any, text: str, modifier: Any = Qt.KeyboardModifier.NoModifier
) -> None:
    """A real mouse click on the row whose URL pattern is ``text``."""
    tree = panel.tree
    item = next(
        tree.topLevelItem(i)
        for i in range(tree.topLevelItemCount())
        if tree.topLevelItem(i).text(2) == text
    )
    rect = tree.visualItemRect(item)
    QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, modifier, rect.center())
    qtbot.waitUntil(lambda: item.isSelected(), timeout=2000)


def shown_urls(window: Any) -> list[str]:
    m = window.page_model
    return [m.url_at(r) for r in range(m.rowCount())]


def test_panel_lists_types_and_selecting_one_filters_the_page_list(
    qtbot: Any, window: Any, mixed_ws: str
) -> None:
    types = open_with_types(qtbot, window, mixed_ws)
    panel = types.panel
    assert rows(panel) == [
        ("/shop/p/{n}.html", "12", PRODUCT),
        ("/blog/2024/*.html", "7", POST),
        ("/shop/c/*/index.html", "4", CATEGORY),
    ]
    assert "3 page types, 23 pages of mixed.local" in panel.summary.text()
    # the page list's Type column says each page's type, and sorts by it
    model = window.page_model
    type_col = [
        model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())
    ].index("Type")
    row = model.row_of("http://mixed.local/blog/2024/lamp-care.html")
    assert model.index(row, type_col).data() == "/blog/2024/*.html"
    header = window.page_table.horizontalHeader()
    QTest.mouseClick(
        header.viewport(),
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        QPoint(header.sectionViewportPosition(type_col) + 10, header.height() // 2),
    )
    labels = [model.index(r, type_col).data() for r in range(model.rowCount())]
    assert labels == sorted(labels) or labels == sorted(labels, reverse=True)
    assert labels[0] != labels[-1]

    click_row(qtbot, panel, POST)
    urls = shown_urls(window)
    assert len(urls) == 7 and all(u.startswith("http://mixed.local/blog/2024/") for u in urls)
    assert window.page_count_label.text() == "7 of 23 pages of mixed.local"
    click_row(qtbot, panel, CATEGORY, Qt.KeyboardModifier.ControlModifier)
    assert len(shown_urls(window)) == 11
    # a page of the filtered list is shown when clicked
    with qtbot.waitSignal(window.page_shown, timeout=10000):
        window.select_url("http://mixed.local/shop/c/desk/index.html")
    panel.tree.clearSelection()
    assert len(shown_urls(window)) == 23

    # Compute again at a low similarity: products and posts (same URL shape) become one type
    outcomes: list[str] = []
    types.computed.connect(outcomes.append)
    panel.threshold.setValue(0.1)
    QTest.mouseClick(panel.compute_button, Qt.MouseButton.LeftButton)
    assert not panel.compute_button.isEnabled() and "Computing" in panel.summary.text()
    qtbot.waitUntil(lambda: bool(outcomes), timeout=60000)
    assert [(r[1], r[2]) for r in rows(panel)] == [
        ("19", "http://mixed.local/*/*/*.html"),
        ("4", CATEGORY),
    ]


def test_merge_then_split_round_trips_and_survives_a_restart(
    qtbot: Any, window: Any, mixed_ws: str, profile: Any, tmp_path: Path
) -> None:
    types = open_with_types(qtbot, window, mixed_ws)
    panel = types.panel
    before = rows(panel)
    click_row(qtbot, panel, PRODUCT)
    click_row(qtbot, panel, CATEGORY, Qt.KeyboardModifier.ControlModifier)
    assert not panel.split_button.isEnabled() and panel.merge_button.isEnabled()
    QTest.mouseClick(panel.merge_button, Qt.MouseButton.LeftButton)
    merged = "http://mixed.local/shop/p/{n}.html | http://mixed.local/shop/c/*/index.html"
    assert rows(panel) == [("/shop/p/{n}.html", "16", merged), ("/blog/2024/*.html", "7", POST)]
    # the merged type stays selected, and the page list shows its 16 pages
    assert len(shown_urls(window)) == 16

    panel.tree.clearSelection()
    click_row(qtbot, panel, merged)
    QTest.mouseClick(panel.split_button, Qt.MouseButton.LeftButton)
    dialog = types.split_dialog
    qtbot.waitUntil(lambda: dialog is not None and dialog.isVisible(), timeout=3000)
    # prefilled with the type's first pattern: it takes the 12 products, OK splits them off
    assert dialog.status.text() == "12 of 16 pages move to a new type"
    dialog.pattern_edit.clear()
    QTest.keyClicks(dialog.pattern_edit, "/shop/c/")
    assert dialog.status.text() == "4 of 16 pages move to a new type"
    QTest.keyClicks(dialog.pattern_edit, "*/index.html")
    assert len(dialog.checked_urls()) == 4
    dialog.pattern_edit.clear()
    QTest.keyClicks(dialog.pattern_edit, "shop")
    assert "not a URL pattern" in dialog.status.text() and not dialog.ok_button.isEnabled()
    dialog.pattern_edit.clear()
    QTest.keyClicks(dialog.pattern_edit, "/shop/c/*/index.html")
    QTest.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert sorted(rows(panel)) == sorted(before)

    # rename, then a new window on the same workspace finds the types as they were left
    click_row(qtbot, panel, PRODUCT)
    panel.tree.clearSelection()
    click_row(qtbot, panel, PRODUCT)
    QTest.mouseClick(panel.rename_button, Qt.MouseButton.LeftButton)
    rename = types.rename_dialog
    qtbot.waitUntil(lambda: rename is not None and rename.isVisible(), timeout=3000)
    rename.setTextValue("Product page")
    rename.accept()
    assert rows(panel)[0] == ("Product page", "12", PRODUCT)
    left = rows(panel)
    window.editor.mark_saved()
    window.shutdown()
    window.close()
    with Workspace(mixed_ws, create=False) as ws:  # a page imported since
        ws.add_pages(
            [Page("http://mixed.local/about.html", "<html><body><p>About</p></body></html>")]
        )

    from deboiler_gui.gui.mainwindow import MainWindow

    again = MainWindow(profile)
    again.ask = lambda *_a: pytest.fail("unexpected question")
    again.show()
    qtbot.waitExposed(again)
    try:
        again.open_path(mixed_ws)
        assert again.page_types.types is not None  # loaded, not recomputed
        assert rows(again.page_types.panel) == left
        assert again.page_types.panel.summary.text() == (
            "3 page types, 23 pages of mixed.local. Pages in no type (added since): 1; "
            "Compute to include them. Select types to list only their pages."
        )
        model = again.page_model
        type_col = model.columnCount() - 1
        row = model.row_of("http://mixed.local/shop/p/3.html")
        assert model.index(row, type_col).data() == "Product page"
    finally:
        again.editor.mark_saved()
        again.shutdown()
        again.close()
        shiboken6.delete(again)


def test_new_template_for_a_type_gets_its_pattern(qtbot: Any, window: Any, mixed_ws: str) -> None:
    types = open_with_types(qtbot, window, mixed_ws)
    panel = types.panel
    click_row(qtbot, panel, POST)
    QTest.mouseClick(panel.template_button, Qt.MouseButton.LeftButton)
    template = window.editor.template
    assert template.name == "mixed.local /blog/2024/*.html"
    assert template.site == SITE and template.urls == (POST,)
    # a draft: unsaved in the editor, its recovery file written, the title starred
    assert window.editor.dirty and window.windowTitle().startswith("*")
    assert session.read_draft(mixed_ws) == template.to_dict()
    # the template panel's "Pages like" row shows the pattern and that it takes the 7 posts
    panel_rows = [
        window.rules.tree.topLevelItem(i) for i in range(window.rules.tree.topLevelItemCount())
    ]
    scope = next(i for i in panel_rows if i.text(0).startswith("Pages like"))
    assert scope.childCount() == 1 and scope.child(0).toolTip(0) == POST
    assert scope.child(0).text(0) == "/blog/2024/*.html" and scope.child(0).text(1) == "R > 0.9"
    qtbot.waitUntil(lambda: scope.child(0).text(3) == "7/23 pages", timeout=20000)
    assert window.site_state[""] == "7 of 23 pages"

    assert window.saving.save_template() == 1
    with Workspace(mixed_ws, create=False) as ws:
        saved = ws.load_template(template.name)
        urls = ws.page_urls(SITE)
    assert saved.urls == (POST,)
    chosen = {u for u in urls if choose_templates(u, [saved])}
    assert chosen == {u for u in urls if "/blog/2024/" in u} and len(chosen) == 7

    # again for the same type: the saved template is never overwritten, the new one is "-2"
    QTest.mouseClick(panel.template_button, Qt.MouseButton.LeftButton)
    assert window.editor.template.name == "mixed.local /blog/2024/*.html-2"
    assert window.editor.template.urls == (POST,) and window.editor.dirty


def test_an_edit_of_page_types_another_window_changed_meanwhile_is_not_saved_over_them(
    qtbot: Any, window: Any, mixed_ws: str
) -> None:
    """Two windows on one workspace: a rename made in the other after this one read the types
    is never overwritten by this one's next edit (each edit stores every type of the site)."""
    types = open_with_types(qtbot, window, mixed_ws)
    panel = types.panel
    key = types.types.types[0].key
    with Workspace(mixed_ws, create=False) as other:
        stored = other.load_page_types(SITE)
        stored[0] = {**stored[0], "name": "Products (the other window)"}
        other.save_page_types(SITE, stored)
    types.rename(key, "Product page")
    # Not saved over the other window's name: the stored types are shown, and why.
    with Workspace(mixed_ws, create=False) as ws:
        assert ws.load_page_types(SITE)[0]["name"] == "Products (the other window)"
    assert rows(panel)[0] == ("Products (the other window)", "12", PRODUCT)
    said = window.messages.item(window.messages.count() - 1).text()
    assert "changed in another window" in said and "the new name was not saved" in said
    # Done again now, the rename is saved.
    types.rename(key, "Product page")
    with Workspace(mixed_ws, create=False) as ws:
        assert ws.load_page_types(SITE)[0]["name"] == "Product page"
    assert rows(panel)[0] == ("Product page", "12", PRODUCT)
