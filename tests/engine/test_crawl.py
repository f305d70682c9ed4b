"""The crawler against a generated 500-page site on a local server: the right pages arrive
exactly once, robots.txt-forbidden ones are never requested, failures are recorded with their
reason, per-host limits hold on the server side, and an interrupted crawl resumes losing and
repeating nothing."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from crawlserver import GBK_TEXT, CrawlServer, Site

from deboiler_gui.engine.crawl.runner import (
    CrawlConfig,
    crawl,
    crawl_status,
    crawl_steps,
    saved_config,
)
from deboiler_gui.engine.crawl.state import CrawlState
from deboiler_gui.engine.model import InputError, RuleError
from deboiler_gui.engine.progress import run
from deboiler_gui.engine.store import Workspace

FACTORIES: list[dict[str, Any]] = [
    # HTML page -> JSON API pages: the catalogue lists page numbers.
    {
        "name": "api",
        "url_pattern": "/api/items?page={page}",
        "match": "/catalog\\.html$",
        "fields": {"page": "//ul[@id='pages']/li/@data-page"},
    },
    # JSON API -> item pages: the same XPath machinery on the JSON's XML form.
    {
        "name": "items",
        "url_pattern": "/item/{id}.html",
        "match": "/api/items",
        "fields": {"id": "/json/items/item/id"},
    },
]
# Requests each of these gets: 1 + retries (always failing) or 2 (fails once).
RETRIED = {"/error500.html", "/slow.html", "/flaky.html"}
FAILED = {
    "/error500.html": "HTTP 500",
    "/slow.html": "timed out",
    "/big.html": "exceeds the limit",
    "/fake.html": "binary",
    "/missing.html": "HTTP 404",
}


def _config(base: str, **kw: Any) -> CrawlConfig:
    opts: dict[str, Any] = dict(
        seeds=[base + "/"],
        max_pages=5000,
        timeout=2.0,
        retries=1,
        backoff=0.05,
        max_bytes=1024 * 1024,
        concurrency=8,
        per_host=4,
        link_factories=FACTORIES,
    )
    opts.update(kw)
    return CrawlConfig(**opts)


def _paths(ws: Workspace, base: str, *, ok: bool = True) -> set[str]:
    return {p.url[len(base) :] for p in ws.iter_pages() if p.ok == ok}


def _page_requests(srv: CrawlServer) -> Counter[str]:
    return Counter(
        p for p in srv.paths() if p not in ("/robots.txt", "/sitemap.xml", "/sitemap-pages.xml")
    )


@pytest.fixture(scope="module")
def full(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """One complete crawl of the 500-page site, shared by the assertions below."""
    site = Site(pages=450, slow=3.0)
    path = tmp_path_factory.mktemp("crawl") / "w.sqlite"
    with CrawlServer(site) as srv, Workspace(path) as ws:
        steps: list[Any] = []
        stats = run(crawl_steps(_config(srv.base), ws), steps.append)
        pages = {p.url[len(srv.base) :]: p for p in ws.iter_pages()}
        yield {
            "srv": srv,
            "site": site,
            "stats": stats,
            "steps": steps,
            "pages": pages,
            "status": crawl_status(ws),
            "base": srv.base,
        }


def test_every_expected_page_arrives_once(full: Any) -> None:
    good = {k for k, p in full["pages"].items() if p.ok}
    expected = full["site"].expected_ok_paths()
    assert len(expected) >= 500
    # /dup.html is byte-identical to /page/0.html: whichever came first is kept, once.
    pair = {"/dup.html", "/page/0.html"}
    assert len(good & pair) == 1
    assert good - pair == expected - pair
    assert full["stats"].duplicates == 1
    hits = _page_requests(full["srv"])
    repeated = {p: n for p, n in hits.items() if n > 1}
    assert repeated == {p: 2 for p in RETRIED}  # retries only; retries=1
    assert full["srv"].count("/robots.txt") == 1


def test_robots_forbidden_pages_are_never_requested(full: Any) -> None:
    requested = set(full["srv"].paths())
    private = {p for p in requested if p.startswith("/private/")}
    assert private == {"/private/index.html"}  # the one Allow'ed path beats Disallow: /private/
    assert full["stats"].blocked == full["status"]["states"]["blocked"] >= 450
    assert all(h.user_agent.startswith("deboiler-gui/") for h in full["srv"].hits)


def test_sitemap_and_link_factories_feed_the_crawl(full: Any) -> None:
    pages = full["pages"]
    orphans = {k for k in pages if k.startswith("/orphan/")}
    assert len(orphans) == 10  # linked from nowhere, listed only in the sitemap index's child
    api = {k: p for k, p in pages.items() if k.startswith("/api/items")}
    assert sorted(api) == ["/api/items?page=1", "/api/items?page=2", "/api/items?page=3"]
    assert all(
        p.content_type == "application/json" and p.html.startswith("{") for p in api.values()
    )
    items = {k for k in pages if k.startswith("/item/")}
    assert items == {f"/item/{i}.html" for i in full["site"].item_ids()}


def test_redirects_are_followed_once_and_not_stored(full: Any) -> None:
    pages = full["pages"]
    assert "/target.html" in pages and "/moved.html" not in pages
    assert not any(k.startswith("/old/") for k in pages)
    assert full["stats"].redirects >= 450


def test_failures_are_recorded_with_reasons(full: Any) -> None:
    failures = {f["url"][len(full["base"]) :]: f for f in full["status"]["failures"]}
    for path, reason in FAILED.items():
        assert reason in failures[path]["reason"], (path, failures[path])
        assert full["pages"][path].error  # the page list shows it, with the reason
    assert failures["/error500.html"]["status"] == 500
    assert full["pages"]["/slow.html"].status < 0  # no response at all
    assert "/image.png" not in full["pages"]  # skipped by content type, not a page
    assert full["stats"].skipped == 1


def test_encodings_are_decoded(full: Any) -> None:
    for path in ("/gbk.html", "/gbk-meta.html"):
        page = full["pages"][path]
        assert GBK_TEXT in page.html
        assert page.encoding and page.encoding.lower() in ("gbk", "gb18030")


def test_pages_carry_status_headers_and_fetch_time(full: Any) -> None:
    page = full["pages"]["/about.html"]
    assert page.status == 200 and page.headers["content-type"].startswith("text/html")
    assert page.fetched_at and page.fetched_at.endswith("Z") and page.source == "crawl"


def test_progress_reports_fetched_queued_failed(full: Any) -> None:
    steps = full["steps"]
    assert len(steps) > 100
    assert all(s.done <= s.total for s in steps if s.total)
    assert "fetched" in steps[-1].message and "failed" in steps[-1].message
    assert steps[-1].done >= 500


def test_interrupt_and_resume_lose_and_repeat_nothing(tmp_path: Path) -> None:
    site = Site(pages=150, slow=0.1)  # the slow page arrives here: the test is about resuming
    with CrawlServer(site) as srv:
        with Workspace(tmp_path / "w.sqlite") as ws:
            gen = crawl_steps(_config(srv.base), ws)
            fetched_before = 0
            for step in gen:
                fetched_before = int(step.message.split()[0])
                if fetched_before >= 60:
                    break
            gen.close()  # what Cancel in the app and Ctrl-C in the CLI do
            state = CrawlState(tmp_path / "w.sqlite")
            try:
                assert state.counts()["fetching"] == 0  # requests in flight were recorded
                assert state.counts()["queued"] > 0
            finally:
                state.close()
            stored_after_stop = len(_paths(ws, srv.base))
            assert stored_after_stop >= 60
        # A new process: reopen the workspace and resume from the saved configuration.
        with Workspace(tmp_path / "w.sqlite") as ws:
            config = saved_config(ws)
            assert config is not None
            stats = crawl(config, ws)
            good = _paths(ws, srv.base)
    pair = {"/dup.html", "/page/0.html"}
    assert len(good & pair) == 1
    assert good - pair == (site.expected_ok_paths() | {"/slow.html"}) - pair
    assert stats.finished and stats.queued == 0
    hits = _page_requests(srv)
    assert {p: n for p, n in hits.items() if n > 1} == {p: 2 for p in RETRIED - {"/slow.html"}}
    assert srv.count("/robots.txt") == 1  # robots.txt is remembered too


def test_max_pages_is_a_budget_over_resumed_runs(tmp_path: Path) -> None:
    with CrawlServer(Site(pages=100, slow=0.1)) as srv, Workspace(tmp_path / "w.sqlite") as ws:
        stats = crawl(
            _config(srv.base, max_pages=20, link_factories=[], discover_sitemaps=False), ws
        )
        assert len(_page_requests(srv)) == 20
        assert not stats.finished and stats.queued > 0 and stats.budget_spent
        crawl(_config(srv.base, max_pages=30, link_factories=[], discover_sitemaps=False), ws)
        hits = _page_requests(srv)
        assert len(hits) == 30
        assert all(n == 1 or (p in RETRIED and n == 2) for p, n in hits.items())


def test_per_host_concurrency_and_delay_hold_on_the_server(tmp_path: Path) -> None:
    # No page outlasts the timeout here: a request the client gave up on would still keep a
    # server thread busy, which the server would count as concurrent.
    site = Site(pages=100, latency=0.05, slow=0.5)
    with CrawlServer(site) as srv, Workspace(tmp_path / "w.sqlite") as ws:
        crawl(_config(srv.base, max_pages=25, concurrency=8, per_host=2, link_factories=[]), ws)
        assert srv.max_active == 2  # used, never exceeded
    with CrawlServer(site) as srv, Workspace(tmp_path / "w2.sqlite") as ws:
        crawl(
            _config(
                srv.base, max_pages=10, concurrency=8, per_host=4, delay=0.15, link_factories=[]
            ),
            ws,
        )
        starts = sorted(h.start for h in srv.hits)
        gaps = sorted(b - a for a, b in zip(starts, starts[1:], strict=False))
        assert len(starts) >= 10
        # The server stamps a request when its thread gets to it, which may be a little late
        # on a busy machine: the typical gap is the delay, none is far below it.
        assert gaps[len(gaps) // 2] >= 0.145
        assert gaps[0] >= 0.075  # without the delay, starts come well under a millisecond apart


def test_robots_crawl_delay_and_user_agent_groups(tmp_path: Path) -> None:
    class Slowed(Site):
        def robots(self, base: str) -> bytes:
            return b"User-agent: *\nCrawl-delay: 0.15\nDisallow: /private/\n\nUser-agent: deboiler-gui\nCrawl-delay: 0.15\nDisallow: /page/5\n"

    with CrawlServer(Slowed(pages=30)) as srv, Workspace(tmp_path / "w.sqlite") as ws:
        crawl(_config(srv.base, max_pages=10, link_factories=[], per_host=4), ws)
        starts = sorted(h.start for h in srv.hits)
        gaps = sorted(b - a for a, b in zip(starts, starts[1:], strict=False))
        assert gaps[len(gaps) // 2] >= 0.145 and gaps[0] >= 0.075  # Crawl-delay: 0.15
        requested = set(srv.paths())
        # Our own group applies (not '*'): /page/5* is forbidden, /private/ is not.
        assert not any(p.startswith("/page/5") for p in requested)


def test_connection_failures_are_recorded_and_the_crawl_goes_on(tmp_path: Path) -> None:
    with CrawlServer(Site(pages=5)) as srv, Workspace(tmp_path / "w.sqlite") as ws:
        cfg = _config(
            srv.base,
            seeds=[srv.base + "/about.html", "http://127.0.0.1:1/nothing.html"],
            retries=0,
            link_factories=[],
            follow_links=False,
            robots=False,
            discover_sitemaps=False,
        )
        stats = crawl(cfg, ws)
        dead = ws.get_page("http://127.0.0.1:1/nothing.html")
        assert dead is not None and dead.status < 0 and "connection failed" in (dead.error or "")
        assert stats.fetched == 1 and stats.failed == 1


def test_unreachable_robots_txt_means_disallow_all(tmp_path: Path) -> None:
    class Broken(Site):
        def respond(self, path: str, base: str) -> tuple[int, dict[str, str], bytes]:
            if path == "/robots.txt":
                return 503, {}, b"down"
            return super().respond(path, base)

    with CrawlServer(Broken(pages=5)) as srv, Workspace(tmp_path / "w.sqlite") as ws:
        stats = crawl(_config(srv.base, retries=0, link_factories=[]), ws)
        assert set(srv.paths()) == {"/robots.txt"}
        # Not blocked for good: the start page waits for a run that can read robots.txt.
        assert (
            stats.blocked == 0 and stats.fetched == 0 and stats.queued == 1 and not stats.finished
        )
        assert stats.unreachable_hosts == [srv.base] and not stats.budget_spent


def test_bad_settings_are_refused_with_the_culprit_named(tmp_path: Path) -> None:
    with Workspace(tmp_path / "w.sqlite") as ws:
        with pytest.raises(RuleError, match=r"\(\["):
            crawl(CrawlConfig(seeds=["http://127.0.0.1:1/"], include=["(["]), ws)
        with pytest.raises(InputError, match="ftp://x"):
            crawl(CrawlConfig(seeds=["ftp://x/"]), ws)
        bad = {"name": "f", "url_pattern": "/x/{id}", "fields": {"id": "//a[@"}}
        with pytest.raises(RuleError, match="f"):
            crawl(CrawlConfig(seeds=["http://127.0.0.1:1/"], link_factories=[bad]), ws)


def test_fetch_names_dns_and_tls_failures(monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    from deboiler_gui.engine.crawl.http import fetch, make_pool

    pool = make_pool(per_host=1, user_agent="t")
    with CrawlServer(Site(pages=3)) as srv:
        # https:// to a plain-HTTP server: the TLS handshake fails, locally.
        tls = fetch(
            pool,
            srv.base.replace("http://", "https://") + "/",
            timeout=2,
            max_bytes=1000,
            allowed_types=None,
        )
        assert tls.kind == "tls" and "TLS" in (tls.error or "")

    def no_dns(*args: Any, **kwargs: Any) -> Any:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", no_dns)
    dns = fetch(pool, "http://no-such-host.test/", timeout=2, max_bytes=1000, allowed_types=None)
    assert dns.kind == "dns" and "DNS" in (dns.error or "")


def test_sitemap_is_discovered_without_robots_txt(tmp_path: Path) -> None:
    with CrawlServer(Site(pages=5)) as srv, Workspace(tmp_path / "w.sqlite") as ws:
        crawl(_config(srv.base, robots=False, follow_links=False, link_factories=[], retries=0), ws)
        assert "/robots.txt" not in srv.paths()
        assert srv.count("/sitemap.xml") == 1
        assert {p for p in _paths(ws, srv.base) if p.startswith("/orphan/")} == {
            f"/orphan/{k}.html" for k in range(10)
        }


def test_a_missing_sitemap_is_not_a_page_failure(tmp_path: Path) -> None:
    class NoSitemap(Site):
        def respond(self, path: str, base: str) -> tuple[int, dict[str, str], bytes]:
            if path.startswith("/sitemap"):
                return 404, {}, b"none"
            return super().respond(path, base)

    with CrawlServer(NoSitemap(pages=5)) as srv, Workspace(tmp_path / "w.sqlite") as ws:
        stats = crawl(_config(srv.base, robots=False, follow_links=False, link_factories=[]), ws)
        assert srv.count("/sitemap.xml") == 1
        assert stats.failed == 0 and crawl_status(ws)["failures"] == []
