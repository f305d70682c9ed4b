"""The page list as a user sees it (paths relative to the site root, elided in the middle, the
share and status columns in view, sortable by a click on a header, a folder tree), every panel
in the View menu, and the window's layout kept from one run to the next."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDockWidget


def _site(tmp_path: Path) -> Path:
    root = tmp_path / "manual"
    for sub in ("", "library", "library/deep/er", "tutorial"):
        (root / sub).mkdir(parents=True, exist_ok=True)
    names = [
        "index.html",
        "library/a-module-with-a-very-long-name-indeed-for-eliding.html",
        "library/os.html",
        "library/deep/er/x.html",
        "tutorial/intro.html",
    ]
    for i, name in enumerate(names):
        (root / name).write_text(
            f"<html><body><div id='nav'>Home · Library</div><h1>{name}</h1><p>{'w ' * (i + 1)}</p></body></html>"
        )
    return root


def _open(qtbot: Any, window: Any, folder: Path) -> None:
    finished: list[str] = []
    window.job_finished.connect(lambda name, outcome: finished.append(f"{name}:{outcome}"))
    window.open_path(str(folder))
    qtbot.waitUntil(lambda: "import:finished" in finished and window.view.ready, timeout=30000)


def test_page_list_shows_relative_paths_columns_in_view_sorting_and_a_folder_tree(
    qtbot: Any, window: Any, tmp_path: Path
) -> None:
    _open(qtbot, window, _site(tmp_path))
    table = window.page_table
    model = window.page_model
    assert model.root == "http://manual.local/"
    shown = [model.index(r, 0).data() for r in range(model.rowCount())]
    assert "library/os.html" in shown and "index.html" in shown
    assert table.textElideMode() == Qt.TextElideMode.ElideMiddle
    # The share and status columns are inside the visible part of the table.
    header = table.horizontalHeader()
    for col in (2, 4):
        assert header.sectionViewportPosition(col) + header.sectionSize(col) <= (
            table.viewport().width() + 1
        ), col
    # A click on the Page header sorts descending, then ascending again.
    x = header.sectionViewportPosition(0) + 10
    QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))
    first = model.index(0, 0).data()
    assert first == "tutorial/intro.html"
    QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))
    assert model.index(0, 0).data() == "index.html"
    # The folder tree, by a click on its button; a click on a page shows it.
    QTest.mouseClick(window.pages_panel.tree_button, Qt.MouseButton.LeftButton)
    tree = window.pages_panel.tree
    assert window.pages_panel.stack.currentWidget() is tree
    tm = window.pages_panel.tree_model
    top = [tm.index(r, 0).data() for r in range(tm.rowCount())]
    assert top[:2] == ["library/  (3)", "tutorial/  (1)"] and "index.html" in top
    target = "http://manual.local/library/deep/er/x.html"
    index = window.pages_panel.tree_item(target)
    assert index is not None and index.parent().data() == "deep/er/  (1)"
    tree.expandAll()
    tree.scrollTo(index)
    rect = tree.visualRect(index)
    with qtbot.waitSignal(window.page_shown, timeout=10000) as shown_url:
        QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert shown_url.args == [target]


def test_every_panel_is_in_the_view_menu_and_can_be_brought_back(qtbot: Any, window: Any) -> None:
    docks = {d.windowTitle() for d in window.findChildren(QDockWidget)}
    assert docks <= set(window.panel_actions)
    assert {"Pages", "DOM", "Selection", "Template", "Messages", "Review"} <= docks
    dom = window.findChild(QDockWidget, "dock-dom")
    dom.close()
    assert not dom.isVisible() and not window.panel_actions["DOM"].isChecked()
    window.panel_actions["DOM"].trigger()
    assert dom.isVisible()


def test_layout_is_saved_on_close_and_restored_at_the_next_start(
    qtbot: Any, profile: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from deboiler_gui.gui.controllers.layout import settings_path
    from deboiler_gui.gui.mainwindow import MainWindow

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    first = MainWindow(profile)
    first.show()
    qtbot.waitExposed(first)
    assert first.layout_restored is False  # first start: docks sized to their contents
    pages = first.findChild(QDockWidget, "dock-pages")
    assert pages.width() >= 440
    first.findChild(QDockWidget, "dock-dom").close()
    first.resizeDocks([pages], [520], Qt.Orientation.Horizontal)
    qtbot.wait(50)
    width = pages.width()
    first.shutdown()
    first.close()
    shiboken6.delete(first)
    assert settings_path().exists()
    second = MainWindow(profile)
    second.show()
    qtbot.waitExposed(second)
    try:
        assert second.layout_restored is True
        qtbot.wait(100)
        assert not second.findChild(QDockWidget, "dock-dom").isVisible()
        assert abs(second.findChild(QDockWidget, "dock-pages").width() - width) <= 8
    finally:
        second.shutdown()
        second.close()
        shiboken6.delete(second)
