"""A site index that parses each page when first looked at (``SiteIndex.on_demand``, what
``suggest`` uses): the same pages at the same places as a whole parse, so the same rules, with
only the pages an induction samples parsed."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_induce import page

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.induce import SITE_SAMPLE, click_example, induce
from deboiler_gui.engine.template.selectors import (
    _RECURRENCE_SAMPLE,
    SiteIndex,
    select_elements,
    suggest,
)

SITE = "s.example"
PAGES = 320


def url(i: int) -> str:
    return f"https://{SITE}/p{i:03d}.html"


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("index") / "ws.sqlite"
    pages = [Page(url(i), page(i, banner=i % 4 == 0)) for i in range(PAGES)]
    # pages no index holds, among the others by URL: one unreadable, one without HTML, and
    # one of another site
    pages += [
        Page(f"https://{SITE}/p100a.html", "", status=500, error="HTTP 500"),
        Page(f"https://{SITE}/p200a.html", ""),
        Page("https://other.example/p150.html", page(150)),
    ]
    with Workspace(path) as w:
        w.add_pages(pages)
    return path


def indexes(path: Path) -> tuple[SiteIndex, SiteIndex, Workspace]:
    w = Workspace(path, create=False)
    whole = SiteIndex.from_pages(w.iter_pages(SITE), max_pages=None)
    lazy = SiteIndex.on_demand(w.readable_page_urls(SITE), w.page_html)
    return whole, lazy, w


def rules_of(index: SiteIndex, clicks: list[tuple[str, str]], **kw: object) -> list[object]:
    pos = [click_example(index, u, xp) for u, xp in clicks]
    return [r.to_dict() for r in induce(pos, [], index, **kw)]  # type: ignore[arg-type]


def test_the_same_pages_in_the_same_order_as_a_whole_parse(ws: Path) -> None:
    whole, lazy, w = indexes(ws)
    with w:
        assert lazy.urls == whole.urls and len(lazy.urls) == PAGES
        assert lazy.trees.parsed == 0  # type: ignore[attr-defined]
        for i in (0, 57, PAGES - 1):
            assert lazy.trees[i].getroottree().getpath(
                select_elements(lazy.trees[i], "//h1")[0]
            ) == whole.trees[i].getroottree().getpath(select_elements(whole.trees[i], "//h1")[0])
            assert select_elements(lazy.trees[i], "//h1")[0].text == f"Title {i}"
        assert [t.find("body").get("id") for t in lazy.trees[10:13]] == [
            "page-10",
            "page-11",
            "page-12",
        ]
        assert lazy.trees.parsed == 6  # type: ignore[attr-defined]


def test_an_induction_gives_the_same_rules_and_parses_only_its_sample(ws: Path) -> None:
    whole, lazy, w = indexes(ws)
    with w:
        field = [(url(3), "//div[@class='main']/h1"), (url(250), "//div[@class='main']/h1")]
        listed = [(url(7), "//ul[@id='toc']/li[1]/a"), (url(7), "//ul[@id='toc']/li[2]/a")]
        for clicks, as_list in ((field, False), (listed, True)):
            got = rules_of(lazy, clicks, as_list=as_list)
            assert got and got == rules_of(whole, clicks, as_list=as_list)
        # the sampled pages, the first pages read for the values that recur, the examples'
        sampled = _RECURRENCE_SAMPLE + SITE_SAMPLE + len(field) + len(listed)
        assert 0 < lazy.trees.parsed <= sampled < PAGES  # type: ignore[attr-defined]


def test_the_single_node_hit_rates_read_every_page(ws: Path) -> None:
    whole, lazy, w = indexes(ws)
    with w:
        node = select_elements(lazy.trees[5], "//div[@class='main']/h1")[0]
        same = select_elements(whole.trees[5], "//div[@class='main']/h1")[0]
        got = [c.to_dict() for c in suggest(node, lazy)]
        assert got == [c.to_dict() for c in suggest(same, whole)]
        assert got[0]["site"]["pages"] == PAGES
        assert lazy.trees.parsed == PAGES  # type: ignore[attr-defined]
