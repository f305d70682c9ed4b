"""The app's site service reads what ``suggest`` (or an earlier session of the app) saved of a
site's pages in the workspace (the values that recur over the site, the volatility of ids and
classes, hit rates) when its index holds the same pages, and saves what it learns for the next
run, the app's or the command line's; the rules it suggests are the same either way. An index
of other pages (the site changed, or a sample of a larger site) takes nothing saved for
others."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.selectors import FACTS_FORMAT
from deboiler_gui.gui.controllers import siteservice
from deboiler_gui.gui.controllers.siteservice import Click, _SiteWorker

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from test_induce import page  # noqa: E402

URL = "https://s.example/p{:02d}.html"
SITE = "s.example"
CLICK = (URL.format(1), "//ul[@id='toc']/li[1]/a")
PAGES = 40


@pytest.fixture()
def ws(tmp_path: Path) -> Path:
    path = tmp_path / "ws.sqlite"
    with Workspace(path) as w:
        w.add_pages([Page(URL.format(i), page(i, banner=i % 4 == 0)) for i in range(PAGES)])
    return path


def cli_suggest(ws: Path) -> list[dict[str, Any]]:
    args = ["suggest", CLICK[0], "--xpath", CLICK[1], "-w", str(ws), "--json"]
    r = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return list(json.loads(r.output))


def saved(ws: Path) -> dict[str, Any] | None:
    with Workspace(ws) as w:
        return w.load_site_index(SITE, f"{w.site_stamp(SITE)}:{FACTS_FORMAT}")


def worker_on(ws: Path) -> Any:
    w = _SiteWorker()
    w.got = []
    w.candidates_ready.connect(lambda _req, cands: w.got.append(cands))
    w.failed.connect(lambda _req, msg: w.got.append(msg))
    w.build_index(str(ws), SITE, 1)
    assert w._index is not None
    return w


def suggest(w: Any, ws: Path) -> list[str]:
    with Workspace(ws) as store:
        html = store.page_html(CLICK[0])
    w.got.clear()
    w.suggest(1, Click(CLICK[0], html, "/html/body/div[1]/ul/li[1]/a"))
    assert len(w.got) == 1 and isinstance(w.got[0], list), w.got
    return [c["xpath"] for c in w.got[0]]


def test_the_app_reads_what_suggest_saved_and_suggests_the_same(ws: Path, tmp_path: Path) -> None:
    bare = tmp_path / "bare.sqlite"
    bare.write_bytes(ws.read_bytes())
    alone = suggest(worker_on(bare), bare)

    cli_suggest(ws)
    facts = saved(ws)
    assert facts is not None and facts["pages"] == PAGES
    w = worker_on(ws)
    # taken when the index was built: nothing to learn again for the first click
    assert w._index.learned() != (0, 0, False)
    assert w._index._recurring is not None
    assert suggest(w, ws) == alone


def test_the_app_saves_what_it_learned_for_the_next_run(ws: Path) -> None:
    assert saved(ws) is None
    first = worker_on(ws)
    assert first._index.learned() == (0, 0, False)
    got = suggest(first, ws)
    facts = saved(ws)
    assert facts is not None and facts["pages"] == PAGES and facts["hits"]
    # the next session of the app starts with them, and suggests the same
    again = worker_on(ws)
    assert again._index.learned() == first._index.learned()
    assert suggest(again, ws) == got


def test_facts_of_other_pages_are_not_taken(ws: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cli_suggest(ws)
    # a page changed since: learned again
    with Workspace(ws) as w:
        w.add_pages([Page(URL.format(3), page(3).replace("Section", "Part"))])
    assert worker_on(ws)._index.learned() == (0, 0, False)
    cli_suggest(ws)
    # an index of a sample of the site's pages: the command line's facts are not its own
    monkeypatch.setattr(siteservice, "INDEX_PAGES", 10)
    sample = worker_on(ws)
    assert len(sample._index.urls) == 10
    assert sample._index.learned() == (0, 0, False)
    suggest(sample, ws)
    # saved under a stamp of its own pages: the next sampled session reads them back
    assert worker_on(ws)._index.learned() == sample._index.learned()
