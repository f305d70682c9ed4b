"""The crawler against hostile servers on 127.0.0.1 and by the standards: a hard deadline per
request, bounded decompression, RFC 9309 robots.txt, one frontier entry per URL however it is
spelled, WHATWG encoding labels, in-page redirects, and WARC export of what was received."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from hostileserver import GZ_PAGE, serve
from warcio.archiveiterator import ArchiveIterator

from deboiler_gui.engine.crawl.http import fetch, make_pool
from deboiler_gui.engine.crawl.rules import Robots, extract_links, url_key
from deboiler_gui.engine.crawl.runner import CrawlConfig, crawl_steps
from deboiler_gui.engine.crawl.state import CrawlState
from deboiler_gui.engine.crawl.warc import export_warc_steps
from deboiler_gui.engine.encoding import decode_html, normalize_encoding
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.sources import iter_warc
from deboiler_gui.engine.store import Workspace


def drain(gen: Any) -> Any:
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


@pytest.mark.parametrize(
    "path", ["/trickle-length", "/trickle-close", "/trickle-header", "/trickle-status"]
)
def test_a_trickling_server_is_cut_at_the_deadline(path: str) -> None:
    with serve() as (base, _paths):
        pool = make_pool(per_host=1, user_agent="deboiler-gui/test")
        start = time.monotonic()
        got = fetch(
            pool,
            base + path,
            timeout=1.0,
            deadline=1.5,
            max_bytes=1_000_000,
            allowed_types=("text/html",),
        )
        took = time.monotonic() - start
    assert got.kind == "timeout" and "deadline" in (got.error or "")
    assert took < 5.0, took  # the server would trickle for 30 s


def test_a_gzip_bomb_stops_at_the_size_limit() -> None:
    with serve() as (base, _paths):
        got = fetch(
            make_pool(per_host=1, user_agent="t"),
            base + "/bomb",
            timeout=2.0,
            max_bytes=1_000_000,
            allowed_types=("text/html",),
        )
    assert got.kind == "too-large" and got.body == b""


def test_gzipped_body_is_decoded_and_kept_as_sent() -> None:
    with serve() as (base, _paths):
        got = fetch(
            make_pool(per_host=1, user_agent="t"),
            base + "/gz",
            timeout=2.0,
            max_bytes=1_000_000,
            allowed_types=("text/html",),
        )
    assert got.kind == "ok" and got.raw_body == GZ_PAGE and b"Gzipped page" in got.body
    assert [v for k, v in got.raw_headers if k == "X-Seen"] == ["1", "2"]


def test_crawl_of_a_hostile_site_ends_and_export_writes_the_bytes_received(tmp_path: Path) -> None:
    with serve() as (base, paths), Workspace(tmp_path / "w.sqlite") as ws:
        start = time.monotonic()
        stats = drain(
            crawl_steps(
                CrawlConfig(
                    seeds=[base + "/"], timeout=1.0, deadline=1.5, retries=0, max_bytes=1_000_000
                ),
                ws,
            )
        )
        assert time.monotonic() - start < 20
        pages = {p["url"][len(base) :]: p for p in ws.page_summaries()}
        assert stats.finished
        assert pages["/trickle-close"]["error"] and "deadline" in pages["/trickle-close"]["error"]
        assert "exceeds the limit" in (pages["/bomb"]["error"] or "")
        assert pages["/gz"]["error"] is None
        assert paths.count("/loop") == 1  # a redirect to itself is one URL
        drain(export_warc_steps(ws, tmp_path / "out.warc"))
    with (tmp_path / "out.warc").open("rb") as f:
        sent = {
            r.rec_headers.get_header("WARC-Target-URI"): (
                r.http_headers.headers,
                r.raw_stream.read(),
            )
            for r in ArchiveIterator(f)
            if r.rec_type == "response"
        }
    headers, body = sent[base + "/gz"]
    assert body == GZ_PAGE and ("Content-Encoding", "gzip") in headers
    # header lines in the order sent, a repeated name in each of its places
    assert [h for h in headers if h[0].startswith("X-")] == [
        ("X-Seen", "1"),
        ("X-Between", "b"),
        ("X-Seen", "2"),
    ]
    # a response refused for its declared size (5 GB) kept no body: it is not replayed
    assert pages["/huge-length"]["error"]
    assert base + "/huge-length" not in sent
    # a response cut off by the deadline was never sent whole: it is not written as if it were
    assert base + "/trickle-close" not in sent
    with (tmp_path / "out.warc").open("rb") as f:
        again = {p.url: p for p in iter_warc(f, "out.warc")}
    assert "Gzipped page \u00e4" in again[base + "/gz"].html


def test_robots_percent_encoding_is_one_path() -> None:
    robots = Robots.parse(
        "User-agent: *\nDisallow: /%7Euser\nDisallow: /\u00e4\n", "deboiler-gui/1.0"
    )
    assert not robots.allowed("http://a.test/~user/page")
    assert not robots.allowed("http://a.test/%7euser")
    assert not robots.allowed("http://a.test/%C3%A4")
    assert robots.allowed("http://a.test/user")


@pytest.mark.parametrize("agent", ["gui", "deboiler", "boiler-gui", "Deboiler-GUI-Pro"])
def test_robots_group_of_another_crawler_does_not_apply(agent: str) -> None:
    robots = Robots.parse(
        f"User-agent: {agent}\nDisallow: /\n\nUser-agent: *\nDisallow: /private\n",
        "deboiler-gui/1.0",
    )
    assert robots.allowed("http://a.test/page") and not robots.allowed("http://a.test/private")


@pytest.mark.parametrize("agent", ["deboiler-gui", "DEBOILER-GUI", "deboiler-gui/2.0"])
def test_robots_own_group_wins(agent: str) -> None:
    robots = Robots.parse(
        f"User-agent: *\nDisallow: /\n\nUser-agent: {agent}\nDisallow: /x\nCrawl-delay: 2\n",
        "deboiler-gui/1.0",
    )
    assert robots.allowed("http://a.test/page") and not robots.allowed("http://a.test/x")
    assert robots.crawl_delay == 2.0


def test_url_spellings_share_one_frontier_entry(tmp_path: Path) -> None:
    assert url_key("http://a.test/%7Efoo") == url_key("http://a.test/~foo")
    assert url_key("http://m\u00fcnchen.de/x") == url_key("http://xn--mnchen-3ya.de/x")
    state = CrawlState(tmp_path / "s.sqlite")
    first = state.add(
        [
            ("http://a.test/%7Efoo", "page", 0, "seed"),
            ("http://m\u00fcnchen.de/x", "page", 0, "seed"),
        ]
    )
    again = state.add(
        [("http://a.test/~foo", "page", 1, "x"), ("http://xn--mnchen-3ya.de/x", "page", 1, "x")]
    )
    state.close()
    assert len(first) == 2 and again == []


@pytest.mark.parametrize(
    ("label", "codec"),
    [("windows-874", "cp874"), ("x-cp1252", "cp1252"), ("x-euc-jp", "euc_jp"), ("gb_2312-80", "gb18030"),
     ("iso-ir-149", "cp949"), ("x-x-big5", "big5hkscs"), ("x-mac-cyrillic", "mac-cyrillic"), ("csshiftjis", "cp932"),
     ("ks_c_5601-1987", "cp949"), ("dos-874", "cp874"), ("iso-2022-kr", None)],
)  # fmt: skip
def test_whatwg_labels(label: str, codec: str | None) -> None:
    assert normalize_encoding(label) == codec


def test_a_whatwg_only_label_decodes_the_page() -> None:
    text, codec = decode_html(
        "<p>\u6771\u4eac\u306e\u5ead</p>".encode("euc_jp"), "text/html; charset=x-euc-jp"
    )
    assert codec == "euc_jp" and "\u6771\u4eac" in text


def test_meta_refresh_and_canonical_are_followed() -> None:
    root = parse_html(
        "<html><head><meta http-equiv='Refresh' content='0; URL=/moved.html'><link rel='canonical' href='/canon'>"
        "<link rel='stylesheet' href='/s.css'></head><body><a href='/x'>x</a></body></html>"
    )
    assert extract_links(root, "http://a.test/p/q.html") == [
        "http://a.test/moved.html",
        "http://a.test/canon",
        "http://a.test/x",
    ]


def test_a_robots_txt_cut_off_by_the_deadline_forbids_the_host(tmp_path: Path) -> None:
    """RFC 9309: a robots.txt that cannot be read whole is unreachable, so nothing is fetched;
    the first lines that did arrive ("User-agent: *", no rule) must not open the site."""
    with serve(trickle_robots=True) as (base, paths), Workspace(tmp_path / "w.sqlite") as ws:
        stats = drain(
            crawl_steps(CrawlConfig(seeds=[base + "/"], timeout=0.5, deadline=1.0, retries=0), ws)
        )
        assert stats.unreachable_hosts == [base] and stats.queued == 1  # asked again next run
        assert paths == ["/robots.txt"]
        assert ws.page_summaries() == []


def _crawl(ws: Workspace, seeds: list[str]) -> Any:
    cfg = CrawlConfig(seeds=seeds, timeout=2.0, retries=0, max_bytes=1_000_000, follow_links=False)
    return drain(crawl_steps(cfg, ws))


def test_a_robots_txt_of_10_mb_is_read_up_to_its_limit(tmp_path: Path) -> None:
    # RFC 9309: parse at least the first 500 KiB. Once: over the byte limit, the rules were
    # dropped and every path allowed.
    with serve(big_robots=True) as (base, paths), Workspace(tmp_path / "w.sqlite") as ws:
        start = time.monotonic()
        stats = _crawl(ws, [base + "/private/x", base + "/ok"])
        assert time.monotonic() - start < 15
    assert "/private/x" not in paths and "/ok" in paths
    assert stats.blocked == 1 and stats.fetched == 1


@pytest.mark.parametrize(("path", "scheme"), [("/to-file", "file:"), ("/to-data", "data:")])
def test_a_redirect_to_a_non_http_url_is_that_pages_failure(
    tmp_path: Path, path: str, scheme: str
) -> None:
    with serve() as (base, _paths), Workspace(tmp_path / "w.sqlite") as ws:
        stats = _crawl(ws, [base + path])
        failures = CrawlState(ws.path).failures()
    assert stats.failed == 1 and stats.redirects == 0
    [failure] = [f for f in failures if f["url"].endswith(path)]
    assert scheme in failure["reason"] and "not followed" in failure["reason"]


def test_a_5_gb_content_length_is_refused_at_once() -> None:
    with serve() as (base, _paths):
        start = time.monotonic()
        got = fetch(
            make_pool(per_host=1, user_agent="deboiler-gui/test"),
            base + "/huge-length",
            timeout=2.0,
            deadline=3.0,
            max_bytes=1_000_000,
            allowed_types=("text/html",),
        )
        took = time.monotonic() - start
    assert got.kind == "too-large" and "5000000000" in (got.error or "")
    assert took < 2.0
