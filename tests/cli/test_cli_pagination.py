"""``suggest --pagination`` learns a rule from one clicked next link and saves it; ``crawl
--pagination NAME`` follows the listing with it, bounded by ``--max-pages-per-series``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.store import Workspace

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from pagedserver import serve  # noqa: E402

FAST = ["--timeout", "3", "--retries", "0", "--ignore-robots", "--no-sitemaps", "-q"]


def test_suggest_saves_a_rule_that_crawl_follows(tmp_path: Path) -> None:
    ws_path = str(tmp_path / "w.sqlite")
    runner = CliRunner()
    with serve() as srv:
        start = srv.base + "/list"
        got = runner.invoke(cli, ["crawl", start, "-w", ws_path, "--no-follow", *FAST])
        assert got.exit_code == 0, got.output
        got = runner.invoke(
            cli,
            ["suggest", "-w", ws_path, "--pagination", start, "//a[.='Next »']", "--save", "pages"],
        )
        assert got.exit_code == 0, got.output
        assert "next" in got.output and "@rel" in got.output
        assert "saved as template 'pages'" in got.output
        got = runner.invoke(
            cli, ["suggest", "-w", ws_path, "--pagination", start, "//a[@rel]", "--json"]
        )
        rules = json.loads(got.output)
        assert [r["link_factory"]["pagination"] for r in rules] == ["next", "query"]
        # As documented: no --fresh; the stored first page is re-read to start the series.
        srv.hits.clear()
        got = runner.invoke(
            cli,
            [
                "crawl",
                start,
                "-w",
                ws_path,
                "--no-follow",
                "--pagination",
                "pages",
                "--max-pages-per-series",
                "3",
                *FAST,
            ],
        )
        assert got.exit_code == 0, got.output
        with Workspace(ws_path, create=False) as ws:
            urls = {p.url[len(srv.base) :] for p in ws.iter_pages()}
        assert urls == {"/list", "/list?page=2", "/list?page=3"}
        assert sorted(srv.hits) == ["/list?page=2", "/list?page=3"]
        got = runner.invoke(
            cli, ["suggest", "-w", ws_path, "--pagination", start, "//ul[@class='items']"]
        )
        assert got.exit_code != 0 and "no target URL" in got.output


def test_an_exported_pagination_rule_imports_and_drives_a_crawl(tmp_path: Path) -> None:
    """The rule file ``templates export`` writes for a pagination rule is accepted by
    ``templates import`` (schema) and by ``crawl --pagination FILE``."""
    ws_path = str(tmp_path / "w.sqlite")
    runner = CliRunner()
    with serve() as srv:
        start = srv.base + "/list"
        assert (
            runner.invoke(cli, ["crawl", start, "-w", ws_path, "--no-follow", *FAST]).exit_code == 0
        )
        got = runner.invoke(
            cli,
            ["suggest", "-w", ws_path, "--pagination", start, "//a[.='Next »']", "--save", "pages"],
        )
        assert got.exit_code == 0, got.output
        exported = tmp_path / "pages.json"
        got = runner.invoke(
            cli, ["templates", "export", "pages", "-w", ws_path, "-o", str(exported)]
        )
        assert got.exit_code == 0, got.output
        other = str(tmp_path / "other.sqlite")
        got = runner.invoke(cli, ["templates", "import", str(exported), "-w", other])
        assert got.exit_code == 0, got.output
        fresh = str(tmp_path / "fresh.sqlite")
        srv.hits.clear()
        got = runner.invoke(
            cli,
            [
                "crawl",
                start,
                "-w",
                fresh,
                "--no-follow",
                "--pagination",
                str(exported),
                "--max-pages-per-series",
                "2",
                *FAST,
            ],
        )
        assert got.exit_code == 0, got.output
        with Workspace(fresh, create=False) as ws:
            urls = {p.url[len(srv.base) :] for p in ws.iter_pages()}
        assert urls == {"/list", "/list?page=2"}
