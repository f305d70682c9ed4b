"""``crawl --render``: pages built by scripts are stored with their rendered DOM (a QtWebEngine
process of its own), the raw response beside it; a page that never settles is taken at the
timeout; the crawl process itself never loads Qt."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from deboiler_gui.engine.crawl.render import Renderer
from deboiler_gui.engine.crawl.runner import CrawlConfig, crawl
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.store import Workspace

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from jsserver import serve  # noqa: E402


def _config(base: str, *paths: str, **kw: Any) -> CrawlConfig:
    opts: dict[str, Any] = {
        "seeds": [base + p for p in paths],
        "robots": False,
        "discover_sitemaps": False,
        "timeout": 5.0,
        "retries": 0,
    }
    opts.update(kw)
    return CrawlConfig(**opts)


def _h1(html: str) -> list[str]:
    return [h.text_content() for h in parse_html(html).iter("h1")]


def test_script_built_content_is_missing_raw_and_there_rendered(tmp_path: Path) -> None:
    with serve() as srv, Workspace(tmp_path / "raw.sqlite") as ws:
        crawl(_config(srv.base, "/app.html"), ws)
        raw = ws.get_page(srv.base + "/app.html")
        assert raw is not None and _h1(raw.html) == []  # the shell only: "Loading…"
        assert ws.dom_sources() == {}
        assert ws.get_page(srv.base + "/detail.html") is None  # its link is made by the script
    with serve() as srv, Workspace(tmp_path / "rendered.sqlite") as ws:
        stats = crawl(_config(srv.base, "/app.html", render=True), ws)
        page = ws.get_page(srv.base + "/app.html")
        assert page is not None
        assert _h1(page.html) == ["Built by script"]
        assert "This paragraph came from a JSON request." in page.html
        rendered = ws.get_rendered(srv.base + "/app.html")
        assert rendered is not None and rendered["used"] == "rendered" and rendered["settled"]
        assert rendered["html"] == page.html
        # the raw response is kept beside it, as the server sent it
        response = ws.get_response(srv.base + "/app.html")
        assert response is not None and b"Loading" in response["body"]
        assert b"Built by script" not in response["body"]
        # links the script made are followed
        detail = ws.get_page(srv.base + "/detail.html")
        assert detail is not None and _h1(detail.html) == ["Detail page"]
        assert ws.dom_sources() == {
            srv.base + "/app.html": "rendered",
            srv.base + "/detail.html": "rendered",
        }
        assert stats.rendered == 2 and stats.render_failed == 0 and stats.render_unsettled == 0
        # the renderer loaded the data the page asked for; the crawler never saw it as a page
        assert "/api/data.json" in srv.hits
        assert ws.get_page(srv.base + "/api/data.json") is None


def test_a_page_that_never_settles_is_taken_at_the_timeout() -> None:
    with serve(hang=30.0) as srv, Renderer(timeout=3.0) as renderer:
        t0 = time.monotonic()
        forever = renderer.render(srv.base + "/forever.html")
        mid = time.monotonic()
        hanging = renderer.render(srv.base + "/hanging.html")
        t1 = time.monotonic()
        plain = renderer.render(srv.base + "/detail.html")
    assert forever.ok and not forever.settled and "DOM kept changing" in forever.reason
    assert _h1(forever.html) == ["Ticking clock"]
    assert hanging.ok and not hanging.settled and "in flight" in hanging.reason
    assert _h1(hanging.html) == ["Waiting page"]
    # bounded: each wait ends at its timeout (plus the time to read the DOM), not at the
    # never-ending request's 30 s
    assert 2.9 <= mid - t0 < 8.0 and 2.9 <= t1 - mid < 8.0
    assert plain.ok and plain.settled and plain.waited < 3.0
    assert renderer.started == 1  # one process served all three


def test_crawl_records_unsettled_pages_and_keeps_going(tmp_path: Path) -> None:
    with serve(hang=30.0) as srv, Workspace(tmp_path / "w.sqlite") as ws:
        stats = crawl(
            _config(srv.base, "/forever.html", "/hanging.html", render=True, render_timeout=2.0),
            ws,
        )
        forever = ws.get_rendered(srv.base + "/forever.html")
        hanging = ws.get_rendered(srv.base + "/hanging.html")
    assert stats.fetched == 2 and stats.rendered == 2 and stats.render_unsettled == 2
    assert forever is not None and not forever["settled"] and forever["used"] == "rendered"
    assert "DOM kept changing" in forever["reason"] and forever["waited"] < 6.0
    assert hanging is not None and "in flight" in hanging["reason"]


def test_renderer_failure_keeps_the_raw_html(tmp_path: Path, monkeypatch: Any) -> None:
    # A renderer that cannot start (here: a Python that has no deboiler_gui) is an error on
    # each page, recorded, and the page keeps its raw HTML.
    import deboiler_gui.engine.crawl.render as render

    monkeypatch.setattr(render, "START_TIMEOUT", 20.0)
    monkeypatch.setattr(render.sys, "executable", "/bin/false")
    with serve() as srv, Workspace(tmp_path / "w.sqlite") as ws:
        stats = crawl(_config(srv.base, "/app.html", render=True), ws)
        page = ws.get_page(srv.base + "/app.html")
        kept = ws.get_rendered(srv.base + "/app.html")
    assert stats.render_failed == 1 and stats.rendered == 0
    assert page is not None and "Loading" in page.html
    assert kept is not None and kept["used"] == "raw" and "did not start" in kept["reason"]


def test_headless_crawl_never_loads_qt_even_with_render(tmp_path: Path) -> None:
    with serve() as srv:
        probe = (
            "import sys\n"
            "from deboiler_gui.engine.crawl.runner import CrawlConfig, crawl\n"
            "from deboiler_gui.engine.store import Workspace\n"
            f"cfg = CrawlConfig(seeds=[{srv.base + '/app.html'!r}], robots=False, "
            "discover_sitemaps=False, render=True)\n"
            f"with Workspace({str(tmp_path / 'w.sqlite')!r}) as ws:\n"
            "    s = crawl(cfg, ws)\n"
            "print(s.rendered, 'PySide6' in sys.modules)\n"
        )
        out = subprocess.run(
            [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
        )
    assert out.stdout.split() == ["2", "False"]


def test_a_closed_renderer_starts_no_new_process() -> None:
    renderer = Renderer(timeout=2.0)
    renderer.close()  # before any page: nothing to stop
    got = renderer.render("http://127.0.0.1:9/never.html")
    assert not got.ok and got.error == "the renderer was closed"
    assert renderer.started == 0
