"""Paging through the demo site as a user does (arrow keys and clicks in the page list): the
neighbours prepared ahead are used, each switch shows the right page with the right highlights;
the main window shows before the site is read, on the palette's base colour."""

from __future__ import annotations

from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtTest import QTest


@pytest.fixture
def site(qtbot: Any, window: Any) -> Any:
    """The window on the demo site, imported, fitted and analysed, on the list's first page."""
    finished: list[tuple[str, str]] = []
    window.job_finished.connect(lambda name, outcome: finished.append((name, outcome)))
    window.open_demo()
    qtbot.waitUntil(lambda: ("analyse", "finished") in finished, timeout=60000)
    assert window.page_model.rowCount() >= 5
    if window.page.url != window.page_model.url_at(0):
        with qtbot.waitSignal(window.view.highlights_applied, timeout=10000):
            window.select_page_row(0)
    qtbot.waitUntil(lambda: window.view.ready, timeout=10000)
    return window


def _shown_title(js: Any, window: Any) -> str:
    return str(js(window.view, "JSON.stringify(document.title)"))


def _expected_title(window: Any) -> str:
    titles = window.stamped.root.xpath("//title")
    return titles[0].text_content() if titles else ""


def _switch(qtbot: Any, js: Any, window: Any, action: Any, url: str) -> None:
    with qtbot.waitSignal(window.view.highlights_applied, timeout=10000):
        action()
    assert window.page.url == url
    assert window.stamped.url == url
    # The view shows that page's document, stamped as lxml's tree is.
    assert _shown_title(js, window) == _expected_title(window)
    count = js(window.view, "document.querySelectorAll('[data-dbg]').length")
    assert count == len(window.stamped.elements)


def test_paging_with_arrow_keys_and_clicks_uses_the_pages_prepared_ahead(
    qtbot: Any, js: Any, site: Any
) -> None:
    window = site
    model, table, cache = window.page_model, window.page_table, window.prefetch.cache
    table.setFocus()
    qtbot.waitUntil(table.hasFocus, timeout=5000)
    for row in (1, 2, 3):
        url = model.url_at(row)
        # Prepared while the current page is shown, before the user moves on.
        qtbot.waitUntil(lambda u=url: window.prefetch.ready(u), timeout=10000)
        hits = cache.hits
        _switch(qtbot, js, window, lambda: QTest.keyClick(table, Qt.Key.Key_Down), url)
        assert cache.hits == hits + 1 and cache.hit_urls[-1] == url
    # Back up: the page before is held (shown a moment ago, or prepared as a neighbour).
    url = model.url_at(2)
    qtbot.waitUntil(lambda: window.prefetch.ready(url), timeout=10000)
    hits = cache.hits
    _switch(qtbot, js, window, lambda: QTest.keyClick(table, Qt.Key.Key_Up), url)
    assert cache.hits == hits + 1 and cache.hit_urls[-1] == url
    # A click on the next row of the list.
    url = model.url_at(3)
    qtbot.waitUntil(lambda: window.prefetch.ready(url), timeout=10000)
    hits = cache.hits
    rect = table.visualRect(model.index(3, 0))
    _switch(
        qtbot,
        js,
        window,
        lambda: QTest.mouseClick(
            table.viewport(),
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier,
            rect.center(),
        ),
        url,
    )
    assert cache.hits == hits + 1 and cache.hit_urls[-1] == url
    assert len(cache) <= cache.capacity


def test_a_page_prepared_before_a_rule_edit_is_shown_with_the_new_rule(
    qtbot: Any, js: Any, site: Any
) -> None:
    window = site
    model, table, cache = window.page_model, window.page_table, window.prefetch.cache
    nxt = model.url_at(1)
    qtbot.waitUntil(lambda: window.prefetch.ready(nxt), timeout=10000)
    stale = cache._pages[nxt]
    window.picking.add_rule("remove", "//footer")
    # The edit re-highlights the shown page; its neighbours are prepared again under the rule.
    qtbot.waitUntil(lambda: window.prefetch.ready(nxt), timeout=10000)
    assert cache._pages[nxt] is not stale
    table.setFocus()
    _switch(qtbot, js, window, lambda: QTest.keyClick(table, Qt.Key.Key_Down), nxt)
    footers = window.stamped.stamps_of(window.stamped.root.xpath("//footer"))
    assert footers and set(footers) <= set(window._shown_marks.get("remove", []))
    marked = js(window.view, "document.querySelectorAll('footer[data-dbg-hl~=\"remove\"]').length")
    assert marked == len(footers)


def test_the_main_window_shows_before_the_site_is_read(
    qtbot: Any, qapp: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from deboiler_gui.gui.app import start_window

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    window, profile = start_window(None)
    try:
        # Shown and painted, with nothing of the site read yet.
        assert window.isVisible()
        assert window.ws is None and window.page is None and window.page_model.total() == 0
        base = window.view.palette().color(QPalette.ColorRole.Base)
        assert window.view.page().backgroundColor() == base
        # The demo site opens afterwards, in the same event loop, up to its first page painted.
        with qtbot.waitSignal(window.view.highlights_applied, timeout=60000):
            pass
        assert window.ws is not None and window.page is not None
        assert window.page_model.total() > 0
    finally:
        window.editor.mark_saved()
        window.shutdown()
        window.close()
        shiboken6.delete(window)
        shiboken6.delete(profile)
