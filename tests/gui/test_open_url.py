"""File → Open URL… against a generated site on a local server: the crawl runs in the background
while the window keeps ticking, the page list grows as pages arrive, Cancel stops the crawl,
starting again resumes it without fetching any page twice, and closing the window stops it."""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QTimer

from deboiler_gui.gui.webview import register_scheme

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from crawlserver import CrawlServer, Site  # noqa: E402

register_scheme()  # before pytest-qt makes the QApplication

# Requested again by design: a 500 is retried, the flaky page fails once.
RETRIED = {"/error500.html", "/flaky.html"}
NOT_PAGES = {"/robots.txt", "/sitemap.xml", "/sitemap-pages.xml"}


@pytest.fixture
def window(qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    from deboiler_gui.gui.app import preload_engine
    from deboiler_gui.gui.mainwindow import MainWindow
    from deboiler_gui.gui.webview import IsolatedProfile

    preload_engine()  # as the app does before its window shows
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


class Heartbeat:
    """A 20 ms timer on the GUI thread; the longest gap between ticks is how long it blocked."""

    def __init__(self) -> None:
        self.ticks: list[float] = []
        self.timer = QTimer()
        self.timer.setInterval(20)
        self.timer.timeout.connect(lambda: self.ticks.append(time.monotonic()))
        self.timer.start()

    def longest_gap(self) -> float:
        self.timer.stop()
        return max((b - a for a, b in zip(self.ticks, self.ticks[1:], strict=False)), default=0.0)


def _open_dialog(window: Any, url: str, **fields: Any) -> Any:
    window.open_url_action.trigger()
    dialog = window._open_url_dialog
    assert dialog.isVisible() and not dialog.isModal()
    dialog.url_edit.setText(url)
    dialog.per_host.setValue(fields.get("per_host", 2))
    dialog.max_pages.setValue(fields.get("max_pages", 1000))
    dialog.exclude_edit.setPlainText(fields.get("exclude", ""))
    return dialog


def _listed(window: Any) -> set[str]:
    return {r["url"] for r in window.page_model.rows()}


def _page_requests(srv: CrawlServer) -> Counter[str]:
    return Counter(p for p in srv.paths() if p not in NOT_PAGES)


def test_pages_appear_while_the_crawl_runs_and_the_window_never_blocks(
    qtbot: Any, window: Any
) -> None:
    site = Site(pages=60, latency=0.05, slow=0.3)
    with CrawlServer(site) as srv:
        dialog = _open_dialog(window, srv.base + "/", exclude="/orphan/\n/item/")
        counts: list[tuple[float, int]] = []
        window.page_model.modelReset.connect(
            lambda: counts.append((time.monotonic(), window.page_model.total()))
        )
        beat = Heartbeat()
        with qtbot.waitSignal(dialog.crawl_ended, timeout=90_000) as ended:
            dialog.start_button.click()
            assert dialog.cancel_button.isEnabled() and not dialog.start_button.isEnabled()
        end = time.monotonic()
        gap = beat.longest_gap()
        path, outcome, summary = ended.args
        assert outcome == "finished", summary
        assert "pages fetched" in dialog.status_label.text()
        # The window switched to the crawl's workspace and listed pages before the crawl ended,
        # several times, each time more.
        assert window.ws_path == path == dialog.workspace_path
        during = [n for t, n in counts if t < end and n > 0]
        assert len(set(during)) >= 3, counts
        assert during == sorted(during) and during[0] < len(_listed(window)), counts
        listed = _listed(window)
        assert {srv.base + f"/page/{n}.html" for n in range(site.pages)} <= listed
        assert srv.base + "/error500.html" in listed  # failures are listed too, with their error
        # The exclude patterns held: those URLs were neither requested nor listed.
        assert not [p for p in srv.paths() if p.startswith(("/orphan/", "/item/"))]
        assert not [u for u in listed if "/orphan/" in u or "/item/" in u]
        assert gap < 1.0, f"the GUI thread stalled {gap * 1000:.0f} ms"
        assert len(beat.ticks) > 50


def test_cancel_stops_the_crawl_and_start_resumes_without_refetching(
    qtbot: Any, window: Any
) -> None:
    site = Site(pages=60, latency=0.06, slow=0.3)
    with CrawlServer(site) as srv:
        dialog = _open_dialog(window, srv.base + "/")
        with qtbot.waitSignal(dialog.crawl_ended, timeout=60_000) as ended:
            dialog.start_button.click()
            qtbot.waitUntil(lambda: len(_listed(window)) >= 10, timeout=30_000)
            dialog.cancel_button.click()
        assert ended.args[1] == "stopped", ended.args
        assert "start again to resume" in dialog.status_label.text()
        stopped_at = len(srv.paths())
        first_run = _page_requests(srv)
        qtbot.wait(600)
        assert len(srv.paths()) == stopped_at, "requests went on after the crawl was stopped"
        assert len(first_run) < site.pages, "the crawl ended before it could be stopped"
        # The pages stored while stopping (requests in flight) reached the list as well.
        assert len(_listed(window)) >= 10
        assert dialog.start_button.isEnabled() and dialog.url_edit.isEnabled()

        with qtbot.waitSignal(dialog.crawl_ended, timeout=90_000) as ended:
            dialog.start_button.click()
        assert ended.args[1] == "finished", ended.args
        repeated = {p: n for p, n in _page_requests(srv).items() if n > 1}
        assert set(repeated) <= RETRIED, repeated
        assert {srv.base + f"/page/{n}.html" for n in range(site.pages)} <= _listed(window)
        # Opened again on the crawled site, the dialog shows that crawl's settings.
        dialog.close()
        dialog.url_edit.setText("https://elsewhere.example/")
        dialog.per_host.setValue(7)
        window.open_url_action.trigger()
        assert dialog.url_edit.text() == srv.base + "/" and dialog.per_host.value() == 2


def test_bad_url_or_pattern_blocks_start_with_a_message(qtbot: Any, window: Any) -> None:
    dialog = _open_dialog(window, "ftp://example.org/")
    assert not dialog.start_button.isEnabled()
    assert "not an http(s) URL" in dialog.error_label.text()
    dialog.url_edit.setText("https://example.org/docs/")
    assert dialog.start_button.isEnabled() and dialog.error_label.text() == ""
    assert dialog.workspace_label.text().endswith(".sqlite")
    dialog.include_edit.setPlainText("/docs/\n(unclosed")
    assert not dialog.start_button.isEnabled()
    assert "(unclosed" in dialog.error_label.text()
    dialog.start()  # refused: nothing runs
    assert not dialog.running
    # Patterns that leave out the start URL would crawl nothing: said before starting.
    dialog.include_edit.setPlainText("/blog/")
    assert (
        not dialog.start_button.isEnabled()
        and "matches no include pattern" in dialog.error_label.text()
    )
    dialog.include_edit.setPlainText("/docs/")
    dialog.exclude_edit.setPlainText("example\\.org/docs")
    assert (
        not dialog.start_button.isEnabled()
        and "matches an exclude pattern" in dialog.error_label.text()
    )
    dialog.exclude_edit.setPlainText("/docs/old/")
    assert dialog.start_button.isEnabled()


def test_closing_the_window_stops_a_running_crawl(qtbot: Any, window: Any) -> None:
    site = Site(pages=60, latency=0.06, slow=0.3)
    with CrawlServer(site) as srv:
        dialog = _open_dialog(window, srv.base + "/")
        ended: list[Any] = []
        dialog.crawl_ended.connect(lambda *a: ended.append(a))
        dialog.start_button.click()
        qtbot.waitUntil(lambda: len(_listed(window)) >= 5, timeout=30_000)
        started = time.monotonic()
        window.shutdown()  # what closing the window does after asking about unsaved edits
        assert time.monotonic() - started < 10
        assert dialog.runner.wait(0), "the crawl's worker thread is still running"
        stopped_at = len(srv.paths())
        qtbot.wait(600)
        assert len(srv.paths()) == stopped_at, "the crawl went on after the window was closed"
        assert not dialog.running and not ended  # nothing is reported to a window going away
        assert len(_page_requests(srv)) < site.pages


FACTORIES = [
    {
        "name": "api",
        "url_pattern": "/api/items?page={page}",
        "match": "/catalog\\.html$",
        "fields": {"page": "//ul[@id='pages']/li/@data-page"},
    },
    {
        "name": "items",
        "url_pattern": "/item/{id}.html",
        "match": "/api/items",
        "fields": {"id": "/json/items/item/id"},
    },
]


def test_link_factories_depth_timeout_and_retries_from_the_dialog(
    qtbot: Any, window: Any, tmp_path: Path
) -> None:
    import json

    from deboiler_gui.engine.crawl.runner import saved_config
    from deboiler_gui.engine.store import Workspace

    bad = tmp_path / "bad.json"
    bad.write_text(
        '{"name": "x", "url_pattern": "/p/{id}", "fields": {"id": "//a[@href"}}', encoding="utf-8"
    )
    good = tmp_path / "factories.json"
    good.write_text(json.dumps(FACTORIES), encoding="utf-8")
    site = Site(pages=10, latency=0.01, slow=0.3)
    with CrawlServer(site) as srv:
        dialog = _open_dialog(window, srv.base + "/", exclude="/orphan/\n/page/")
        # A broken factory file is named and blocks Start.
        dialog.factory_edit.setText(str(bad))
        assert not dialog.start_button.isEnabled() and str(bad) in dialog.error_label.text()
        dialog.factory_edit.setText(str(tmp_path / "missing.json"))
        assert not dialog.start_button.isEnabled() and "missing.json" in dialog.error_label.text()
        dialog.factory_edit.setText(str(good))
        assert dialog.start_button.isEnabled(), dialog.error_label.text()
        dialog.max_depth.setValue(3)
        dialog.timeout.setValue(0.15)  # /slow.html and /slowish.html answer in 0.3 s
        dialog.retries.setValue(0)
        dialog.user_agent_edit.setText("gardenbot/1.0")
        with qtbot.waitSignal(dialog.crawl_ended, timeout=90_000) as ended:
            dialog.start_button.click()
            # No setting can change under a running crawl.
            assert not any(
                w.isEnabled()
                for w in (
                    dialog.max_depth,
                    dialog.timeout,
                    dialog.retries,
                    dialog.user_agent_edit,
                    dialog.factory_edit,
                    dialog.factory_button,
                )
            )
        assert ended.args[1] == "finished", ended.args
        assert dialog.max_depth.isEnabled() and dialog.factory_button.isEnabled()
        listed = _listed(window)
        # Pages only link factories lead to: the JSON API pages and the items they list.
        assert {srv.base + f"/api/items?page={p}" for p in (1, 2, 3)} <= listed
        assert {srv.base + f"/item/{i}.html" for i in site.item_ids()} <= listed
        # Timeout and retries as set: the slow pages and the failing one got one request each.
        requests = _page_requests(srv)
        assert (
            requests["/slow.html"] == requests["/slowish.html"] == requests["/error500.html"] == 1
        )
        assert {h.user_agent for h in srv.hits} == {"gardenbot/1.0"}
        with Workspace(dialog.workspace_path) as ws:
            cfg = saved_config(ws)
        assert cfg is not None and cfg.max_depth == 3 and cfg.retries == 0 and cfg.timeout == 0.15
        assert len(cfg.link_factories) == 2
        # Opened again, the dialog shows those settings; a resumed crawl keeps the factories.
        dialog.close()
        window.open_url_action.trigger()
        assert (
            dialog.max_depth.value() == 3
            and dialog.retries.value() == 0
            and dialog.timeout.value() == 0.15
        )
        assert len(dialog.config().link_factories) == 2
        dialog.factory_edit.setText("")  # without a file, the earlier crawl's factories stay
        assert "2 link factories of the earlier crawl" in dialog.factory_edit.placeholderText()
        assert len(dialog.config().link_factories) == 2
