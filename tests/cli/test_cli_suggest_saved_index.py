"""``suggest`` keeps what it learned of a site's pages (the values that recur over the site,
which ids and classes change from page to page, hit rates) in the workspace: the next call on
the same pages reads it instead of parsing the site's first pages again, and gives the same
rules; any change to a page of the site makes it learn them again."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.selectors import SiteIndex

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from test_induce import page  # noqa: E402

URL = "https://s.example/p{}.html"
SITE = "s.example"


@pytest.fixture()
def ws(tmp_path: Path) -> Path:
    path = tmp_path / "ws.sqlite"
    with Workspace(path) as w:
        # more pages than a rule's induction samples: the first pages of the site are parsed
        # for the volatility of ids and classes only
        w.add_pages([Page(URL.format(i), page(i, banner=i % 4 == 0)) for i in range(90)])
    return path


def suggest(ws: Path) -> Any:
    args = ["suggest", "--examples", URL.format(1), "//ul[@id='toc']/li[1]/a", "--list"]
    r = CliRunner().invoke(cli, [*args, "-w", str(ws), "--json"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def test_a_second_call_reads_the_saved_index_and_gives_the_same_rules(
    ws: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    read: list[str] = []
    page_html = Workspace.page_html

    def counted(self: Workspace, url: str) -> str:
        read.append(url)
        return page_html(self, url)

    monkeypatch.setattr(Workspace, "page_html", counted)
    first = suggest(ws)
    first_reads = len(read)
    with Workspace(ws) as w:
        stamp = w.site_stamp(SITE)
        assert w.load_site_index(SITE, f"{stamp}:1") is not None
    read.clear()
    assert suggest(ws) == first
    assert len(read) < first_reads - 20, (len(read), first_reads)


def test_any_write_to_a_page_of_the_site_makes_a_new_stamp(ws: Path) -> None:
    with Workspace(ws) as w:
        stamps = [w.site_stamp(SITE)]
        w.save_site_index(SITE, stamps[0], {"pages": 90})
        w.add_pages([Page(URL.format(3), page(3, banner=True))])  # a page read again
        stamps.append(w.site_stamp(SITE))
        w.add_pages([Page(URL.format(400), page(400))])  # a new page
        stamps.append(w.site_stamp(SITE))
        w.add_pages([Page("https://other.example/a.html", page(1))])  # another site's
        stamps.append(w.site_stamp(SITE))
        assert len(set(stamps[:3])) == 3 and stamps[3] == stamps[2]
        # the index saved for the pages before is not the pages' now
        assert w.load_site_index(SITE, stamps[0]) == {"pages": 90}
        assert w.load_site_index(SITE, w.site_stamp(SITE)) is None


def test_facts_taken_by_an_index_of_the_same_pages_answer_without_parsing() -> None:
    html = {URL.format(i): page(i, banner=i % 4 == 0) for i in range(12)}
    urls = sorted(html)
    parsed = SiteIndex(urls, [parse_html(html[u]) for u in urls])
    tree = parsed.trees[1]
    el = tree.xpath("//ul[@id='toc']")[0]
    volatile = parsed.is_volatile(el, "id", "toc")
    rate = parsed.hit_rate("//ul[@id='toc']/li/a")
    parsed._recurrence()

    loads: list[str] = []

    def load(url: str) -> str:
        loads.append(url)
        return html[url]

    later = SiteIndex.on_demand(urls, load)
    later.take_facts(json.loads(json.dumps(parsed.facts())))  # as saved in the workspace
    assert later.is_volatile(el, "id", "toc") == volatile
    assert later.hit_rate("//ul[@id='toc']/li/a") == rate
    assert later._recurrence() == parsed._recurrence()
    assert loads == []
    # facts of another number of pages are not taken
    fewer = SiteIndex.on_demand(urls[:5], load)
    fewer.take_facts(parsed.facts())
    assert fewer.learned() == (0, 0, False)
