"""The workbench says which HTML a page holds: the page list's DOM column and the status line
read 'rendered DOM' for a page crawled with --render, 'raw HTML' otherwise, with the reason
when a page was taken unsettled or its rendering failed."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import Qt

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.store import Workspace
from deboiler_gui.gui.panels.models import COLUMNS
from deboiler_gui.gui.webview import register_scheme

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from jsserver import serve  # noqa: E402

register_scheme()  # before pytest-qt makes the QApplication

SITE = "https://spa.example"
RAW_SHELL = "<html><body><div id='root'>Loading…</div></body></html>"
BUILT = "<html><body><div id='root'><h1>Built by script</h1></div></body></html>"


@pytest.fixture
def window(qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    from deboiler_gui.gui.app import preload_engine
    from deboiler_gui.gui.mainwindow import MainWindow
    from deboiler_gui.gui.webview import IsolatedProfile

    preload_engine()
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    profile = IsolatedProfile()
    w = MainWindow(profile)
    w.ask = lambda *_a: pytest.fail("the app asked a question the test did not expect")
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.editor.mark_saved()
    w.shutdown()
    w.close()
    shiboken6.delete(w)
    shiboken6.delete(profile)


def _workspace(path: Path) -> None:
    with Workspace(path) as ws:
        ws.add_pages(
            [
                Page(f"{SITE}/a.html", BUILT, source="crawl"),
                Page(f"{SITE}/b.html", BUILT, source="crawl"),
                Page(f"{SITE}/c.html", RAW_SHELL, source="crawl"),
                Page(f"{SITE}/d.html", "<html><body><p>Plain page</p></body></html>"),
            ]
        )
        ws.save_rendered(f"{SITE}/a.html", BUILT, used="rendered", settled=True, waited=0.8)
        ws.save_rendered(
            f"{SITE}/b.html",
            BUILT,
            used="rendered",
            settled=False,
            reason="the DOM kept changing",
            waited=15.0,
        )
        ws.save_rendered(
            f"{SITE}/c.html", "", used="raw", settled=False, reason="the renderer did not start"
        )


def test_page_list_and_status_line_show_rendered_or_raw(
    qtbot: Any, window: Any, tmp_path: Path
) -> None:
    path = tmp_path / "spa.sqlite"
    _workspace(path)
    window.open_path(str(path))
    model = window.page_model
    qtbot.waitUntil(lambda: model.total() == 4, timeout=10000)
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    col = headers.index("DOM")
    cells = {model.url_at(r): model.data(model.index(r, col)) for r in range(model.rowCount())}
    assert cells == {
        f"{SITE}/a.html": "rendered",
        f"{SITE}/b.html": "rendered",
        f"{SITE}/c.html": "raw",
        f"{SITE}/d.html": "raw",
    }
    row_b = model.row_of(f"{SITE}/b.html")
    tip = model.data(model.index(row_b, col), Qt.ItemDataRole.ToolTipRole)
    assert "the DOM kept changing" in tip

    expected = {
        "a.html": "rendered DOM",
        "b.html": "rendered DOM (not settled)",
        "c.html": "raw HTML (render failed)",
        "d.html": "raw HTML",
    }
    tips = {}
    for name, text in expected.items():
        with qtbot.waitSignal(window.view.highlights_applied, timeout=10000):
            window.select_url(f"{SITE}/{name}")
        assert window.page.url == f"{SITE}/{name}"
        assert window.dom_label.text() == text
        assert window.dom_label.isVisible()
        tips[name] = window.dom_label.toolTip()
    assert "the renderer did not start" in tips["c.html"]
    assert "the DOM kept changing" in tips["b.html"]
    # the shown document is the stored HTML: the rendered DOM for a rendered page
    window.select_url(f"{SITE}/a.html")
    assert window.page.html == BUILT


def test_sorting_by_the_dom_column_groups_rendered_pages(
    window: Any, qtbot: Any, tmp_path: Path
) -> None:
    path = tmp_path / "spa.sqlite"
    _workspace(path)
    window.open_path(str(path))
    model = window.page_model
    qtbot.waitUntil(lambda: model.total() == 4, timeout=10000)
    col = COLUMNS.index("DOM")
    model.sort(col, Qt.SortOrder.DescendingOrder)
    got = [model.data(model.index(r, col)) for r in range(model.rowCount())]
    assert got == ["rendered", "rendered", "raw", "raw"]


def test_open_url_with_render_lists_the_rendered_dom(qtbot: Any, window: Any) -> None:
    with serve() as srv:
        window.open_url_action.trigger()
        dialog = window._open_url_dialog
        dialog.url_edit.setText(srv.base + "/app.html")
        dialog.render_check.setChecked(True)
        assert dialog.config().render
        with qtbot.waitSignal(dialog.crawl_ended, timeout=120_000) as ended:
            dialog.start_button.click()
        assert ended.args[1] == "finished", ended.args
        model = window.page_model
        qtbot.waitUntil(lambda: model.summary(srv.base + "/detail.html") is not None, timeout=10000)
        rows = {r["url"][len(srv.base) :]: r for r in model.rows()}
        assert rows["/app.html"]["dom"] == "rendered" and rows["/detail.html"]["dom"] == "rendered"
        with qtbot.waitSignal(window.view.highlights_applied, timeout=10000):
            window.select_url(srv.base + "/app.html")
        assert window.dom_label.text() == "rendered DOM"
        assert "Built by script" in window.page.html  # the workbench shows the rendered DOM
