"""The ``crawl`` and ``export-warc`` commands: a crawl from the shell, Ctrl-C and resume in a
real process, and a WARC export that reads back as the same pages."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.sources import iter_inputs
from deboiler_gui.engine.store import Workspace

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from crawlserver import GBK_TEXT, CrawlServer, Site  # noqa: E402

FACTORY = [
    {
        "name": "api",
        "url_pattern": "/api/items?page={page}",
        "match": "/catalog",
        "fields": {"page": "//ul[@id='pages']/li/@data-page"},
    },
    {
        "name": "items",
        "url_pattern": "/item/{id}.html",
        "match": "/api/items",
        "fields": {"id": "/json/items/item/id"},
    },
]
FAST = ["--timeout", "3", "--retries", "0", "--max-bytes", "1000000", "-q"]


def _pages(srv: CrawlServer) -> Counter[str]:
    return Counter(p for p in srv.paths() if not p.startswith(("/robots.txt", "/sitemap")))


def test_crawl_then_export_warc_round_trips(tmp_path: Path) -> None:
    ws_path = tmp_path / "w.sqlite"
    factory = tmp_path / "factory.json"
    factory.write_text(json.dumps(FACTORY), encoding="utf-8")
    runner = CliRunner()
    with CrawlServer(Site(pages=40, slow=0.2)) as srv:
        result = runner.invoke(
            cli,
            [
                "crawl",
                srv.base + "/",
                "-w",
                str(ws_path),
                "--link-factory",
                str(factory),
                "--json",
                *FAST,
            ],
        )
        assert result.exit_code == 0, result.output
        stats = json.loads(result.output)
        # With no retries flaky.html fails; slow.html (0.2 s) arrives within the timeout.
        expected = srv.site.expected_ok_paths() - {"/flaky.html"} | {"/slow.html"}
        assert stats["fetched"] == len(expected)
        status = runner.invoke(cli, ["crawl", "-w", str(ws_path), "--status"])
        assert "failed" in status.output and "HTTP 500" in status.output
    warc = tmp_path / "out.warc.gz"
    old_mask = os.umask(0o022)
    try:
        result = runner.invoke(cli, ["export-warc", str(warc), "-w", str(ws_path), "-q"])
    finally:
        os.umask(old_mask)
    assert result.exit_code == 0, result.output
    # the archive gets the mode any new file of the user gets, not a temporary file's 0600
    assert warc.stat().st_mode & 0o777 == 0o644
    with Workspace(ws_path) as ws:
        stored = {p.url: p for p in ws.iter_pages() if p.status >= 100}
    replayed = {p.url: p for p in iter_inputs([warc])}
    # a response refused for its size (big.html, 2 MB over --max-bytes) kept no whole body: it
    # is left out, not replayed as an empty page
    refused = {u for u, p in stored.items() if u.endswith("/big.html")}
    assert refused and stored[next(iter(refused))].error
    assert set(replayed) == set(stored) - refused
    for url, page in stored.items():
        if url in refused:
            continue
        again = replayed[url]
        assert again.status == page.status
        if page.ok and page.content_type == "text/html":
            assert again.html == page.html, url
    gbk = next(p for u, p in replayed.items() if u.endswith("/gbk-meta.html"))
    assert GBK_TEXT in gbk.html


def test_export_warc_of_a_missing_workspace_fails_cleanly(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["export-warc", str(tmp_path / "o.warc"), "-w", str(tmp_path / "none.sqlite")]
    )
    assert result.exit_code == 1 and "none.sqlite" in result.output
    assert not (tmp_path / "o.warc").exists()


def test_crawl_without_urls_or_saved_crawl_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["crawl", "-w", str(tmp_path / "w.sqlite")])
    assert result.exit_code == 2 and "start URLs" in result.output


def test_ctrl_c_stops_cleanly_and_the_same_command_resumes(tmp_path: Path) -> None:
    ws_path = tmp_path / "w.sqlite"
    site = Site(pages=60, latency=0.02, slow=0.2)
    with CrawlServer(site) as srv:
        cmd = [
            sys.executable,
            "-m",
            "deboiler_gui",
            "crawl",
            srv.base + "/",
            "-w",
            str(ws_path),
            "--no-sitemaps",
            "--per-host",
            "2",
            *FAST,
        ]
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 30
        while (
            sum(_pages(srv).values()) < 40 and time.monotonic() < deadline and proc.poll() is None
        ):
            time.sleep(0.02)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
        assert proc.returncode == 1, (out, err)
        assert "interrupted" in err and "resume" in err
        before = sum(_pages(srv).values())
        assert 40 <= before < 100
        again = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        assert again.returncode == 0, again.stderr
    with Workspace(ws_path) as ws:
        good = {p.url[len(srv.base) :] for p in ws.iter_pages() if p.ok}
    expected = {
        p for p in site.expected_ok_paths() if not p.startswith(("/orphan/", "/api/", "/item/"))
    }
    expected = expected - {"/flaky.html"} | {"/slow.html"}  # no retries; slow.html is fast enough
    pair = {"/dup.html", "/page/0.html"}
    assert good - pair == expected - pair and len(good & pair) == 1
    hits = _pages(srv)
    assert max(hits.values()) == 1, {p: n for p, n in hits.items() if n > 1}


def test_every_crawl_option_is_documented() -> None:
    from deboiler_gui.cli.crawl import COMMANDS

    doc = (Path(__file__).resolve().parents[2] / "docs" / "crawl.md").read_text(encoding="utf-8")
    for command in COMMANDS:
        assert f"`{command.name}`" in doc
        for param in command.params:
            for opt in getattr(param, "opts", []):
                if opt.startswith("--"):
                    assert re.search(re.escape(opt) + r"(?![\w-])", doc), (command.name, opt)


def test_quiet_crawl_and_export_print_nothing(tmp_path: Path) -> None:
    ws_path = tmp_path / "w.sqlite"
    runner = CliRunner()
    with CrawlServer(Site(pages=5)) as srv:
        quiet = runner.invoke(cli, ["crawl", srv.base + "/", "-w", str(ws_path), *FAST])
        assert quiet.exit_code == 0
        assert quiet.output == ""  # once: "N pages fetched, ..." even with -q
        loud = [a for a in FAST if a != "-q"]
        again = runner.invoke(cli, ["crawl", srv.base + "/", "-w", str(ws_path), *loud])
        assert "pages fetched" in again.output
    out = runner.invoke(cli, ["export-warc", str(tmp_path / "o.warc"), "-w", str(ws_path), "-q"])
    assert out.exit_code == 0 and out.output == ""
    assert (tmp_path / "o.warc").stat().st_size > 0


def test_a_bad_line_of_a_urls_file_is_left_out_and_the_rest_crawled(tmp_path: Path) -> None:
    ws_path = tmp_path / "w.sqlite"
    urls = tmp_path / "urls.txt"
    with CrawlServer(Site(pages=3)) as srv:
        urls.write_text(
            f"# start pages\nhttp://127.0.0.1:1:80/port\n{srv.base}/\nftp://x.test/\n",
            encoding="utf-8",
        )
        result = CliRunner().invoke(
            cli, ["crawl", "--urls-file", str(urls), "--no-follow", "-w", str(ws_path), *FAST]
        )
        assert result.exit_code == 0, result.output
        assert f"{urls}:2: 'http://127.0.0.1:1:80/port' is not an http(s) URL; left out" in (
            result.output
        )
        assert f"{urls}:4: 'ftp://x.test/' is not an http(s) URL; left out" in result.output
        assert "/" in _pages(srv)


def test_the_rendering_line_agrees_in_number() -> None:
    from deboiler_gui.cli.crawl import render_summary

    assert render_summary(1, 1, 0) == (
        "rendered: 1 page uses the rendered DOM (1 taken at the timeout before it settled); "
        "0 pages kept their raw HTML (rendering failed)"
    )
    assert render_summary(3, 2, 1) == (
        "rendered: 3 pages use the rendered DOM (2 taken at the timeout before they settled); "
        "1 page kept its raw HTML (rendering failed)"
    )
