"""Pagination rules: learnt from one clicked next link or "load more" control, followed by the
crawler as a bounded series (a loop ends, a never-ending listing stops at the series limit)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from deboiler_gui.engine.crawl.pagination import Pagination, factory_from_dict, learn_pagination
from deboiler_gui.engine.crawl.runner import CrawlConfig, crawl
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import RuleError
from deboiler_gui.engine.store import Workspace

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pagedserver import PAGES, PER_PAGE, listing, more, numbered, page, serve  # noqa: E402


def _config(base: str, start: str, rules: list[Pagination], **kw: Any) -> CrawlConfig:
    opts: dict[str, Any] = {
        "seeds": [base + start],
        "robots": False,
        "discover_sitemaps": False,
        "max_depth": 1,
        "link_factories": [r.to_dict() for r in rules],
        "timeout": 5.0,
    }
    opts.update(kw)
    return CrawlConfig(**opts)


def _urls(ws: Workspace, base: str) -> set[str]:
    return {p.url[len(base) :] for p in ws.iter_pages() if p.ok}


def _items(urls: set[str]) -> set[str]:
    return {u for u in urls if u.startswith("/item/")}


# --------------------------------------------------------------------------- learning


BASE = "http://shop.example"


def test_next_link_rule_anchors_on_rel_class_and_text_not_position() -> None:
    root = parse_html(listing("/list", 1))
    clicked = "/html/body/div/a[1]"  # page 1 has only the next link in its pager
    rules = learn_pagination(root, BASE + "/list", clicked, name="pages")
    assert [r.kind for r in rules] == ["next", "query"]
    nxt = rules[0]
    assert nxt.control[0] == "//a[contains(concat(' ', normalize-space(@rel), ' '), ' next ')]"
    assert any("pager-next" in x for x in nxt.control)
    assert any("Next »" in x for x in nxt.control)
    assert not any(x.startswith("/html") for x in nxt.control)  # no position: it would
    # find the "Prev" link on the last page
    # On page 3 the next link is the fourth link of the pager: the learnt rule still finds it.
    assert nxt.generate(parse_html(listing("/list", 3)), BASE + "/list?page=3") == [
        BASE + "/list?page=4"
    ]
    assert nxt.generate(parse_html(listing("/list", PAGES)), BASE + f"/list?page={PAGES}") == []
    number = rules[1]
    assert (number.param, number.start, number.step) == ("page", 2, 1)
    assert number.generate(parse_html(listing("/list", 3)), BASE + "/list?page=3") == [
        BASE + "/list?page=4"
    ]


def _gtkdoc_page(name: str, prev: str, nxt: str) -> str:
    """A gtk-doc reference page's navigation table: icon links told apart by their access key
    and their image's alt text only (no class, no text), and the head's <link rel="next">."""
    cell = '<td><a accesskey="{k}" href="{h}"><img src="{i}.png" alt="{a}"></a></td>'
    links = "".join(
        cell.format(k=k, h=h, i=i, a=a)
        for k, h, i, a in (
            ("h", "index.html", "home", "Home"),
            ("u", "up.html", "up", "Up"),
            ("p", prev, "left", "Prev"),
            ("n", nxt, "right", "Next"),
        )
        if h
    )
    head = f'<link rel="next" href="{nxt}">' if nxt else ""
    return (
        f"<html><head><title>{name}</title>{head}</head><body>"
        f'<table class="navigation"><tr><td class="shortcuts">Top</td>{links}</tr></table>'
        f"<h2>{name}</h2><p>Text of {name}.</p></body></html>"
    )


def test_an_icon_link_anchors_on_its_access_key_image_alt_and_the_heads_next_link() -> None:
    first = parse_html(_gtkdoc_page("Arrays", "", "b.html"))  # no Prev: Next is the 4th cell
    (rule,) = learn_pagination(
        first, "https://d.example/glib/a.html", "/html/body/table/tr/td[4]/a/img", name="n"
    )
    assert rule.control == (
        "//a[@accesskey='n']",
        "//a[.//img[@alt='Next']]",
        "//link[contains(concat(' ', normalize-space(@rel), ' '), ' next ')]",
    )
    # a middle page (Prev present, Next one cell further) and the last page (no Next)
    middle = parse_html(_gtkdoc_page("B", "a.html", "c.html"))
    assert rule.generate(middle, "https://d.example/glib/b.html") == [
        "https://d.example/glib/c.html"
    ]
    last = parse_html(_gtkdoc_page("C", "b.html", ""))
    assert rule.generate(last, "https://d.example/glib/c.html") == []


def test_chinese_next_text_and_path_pattern() -> None:
    html = page("/blog/", {})
    assert html is not None
    rules = learn_pagination(parse_html(html), BASE + "/blog/", "//a[@class='older']/text()/..")
    assert rules[0].kind == "next"
    assert "//a[normalize-space(.)='下一页']" in rules[0].control
    path = rules[1]
    assert (path.kind, path.param, path.start, path.step) == ("path", "page", 2, 1)
    assert path.with_number(BASE + "/blog/", 2) == BASE + "/blog/page/2/"
    assert path.with_number(BASE + "/blog/page/2/", 3) == BASE + "/blog/page/3/"


def test_offset_pattern_and_load_more_button() -> None:
    rules = learn_pagination(
        parse_html(
            "<html><body><a class='more' href='/s?q=x&start=20'>More results</a></body></html>"
        ),
        BASE + "/s?q=x",
        "//a",
    )
    offset = rules[-1]
    assert (offset.kind, offset.param, offset.start, offset.step) == ("query", "start", 20, 20)
    root = parse_html("<html><body><a class='more' href='/s?q=x&start=40'>x</a></body></html>")
    assert offset.generate(root, BASE + "/s?q=x&start=20") == [BASE + "/s?q=x&start=40"]
    # A "load more" button has no href: only the page-number pattern can follow it.
    found = learn_pagination(parse_html(more(1)), BASE + "/more", "//button")
    assert [(r.kind, r.param) for r in found] == [("query", "page")]
    assert (
        found[0].control[0]
        == "//button[contains(concat(' ', normalize-space(@class), ' '), ' load-more ')]"
    )


def test_bad_clicks_are_named() -> None:
    root = parse_html("<html><body><p>Nothing</p><a href='#top'>Top</a></body></html>")
    with pytest.raises(RuleError, match="matches no element"):
        learn_pagination(root, BASE + "/", "//nav")
    with pytest.raises(RuleError, match="no target URL"):
        learn_pagination(root, BASE + "/", "//p")
    with pytest.raises(RuleError, match="pagination kind"):
        Pagination("x", "sideways", ("//a",))


def test_stored_form_round_trips_and_is_told_from_link_factories() -> None:
    rule = learn_pagination(parse_html(listing("/list", 1)), BASE + "/list", "//a[@rel]")[1]
    data = rule.to_dict()
    assert data["link_factory"]["pagination"] == "query"
    assert factory_from_dict(data) == rule


# --------------------------------------------------------------------------- crawling


def _learnt(srv: Any, path: str, xpath: str, kind: str) -> Pagination:
    import urllib.request

    with urllib.request.urlopen(srv.base + path) as resp:
        html = resp.read().decode()
    rules = learn_pagination(parse_html(html), srv.base + path, xpath, name=f"p-{kind}")
    return next(r for r in rules if r.kind == kind)


def test_crawl_follows_the_learnt_next_link_through_thelisting(tmp_path: Any) -> None:
    items = {f"/item/list-{n}-{i}.html" for n in range(1, PAGES + 1) for i in range(PER_PAGE)}
    with serve() as srv, Workspace(tmp_path / "w.sqlite") as ws:
        crawl(_config(srv.base, "/list", []), ws)
        without = _urls(ws, srv.base)
    # one link deep: page 2 is reached, but its items are two links away
    assert _items(without) == {f"/item/list-1-{i}.html" for i in range(PER_PAGE)}
    with serve() as srv, Workspace(tmp_path / "w2.sqlite") as ws:
        rule = _learnt(srv, "/list", "//a[@rel='next']", "next")
        stats = crawl(_config(srv.base, "/list", [rule]), ws)
        got = _urls(ws, srv.base)
    # the listing's pages are one series at the first page's depth: every item is one link deep
    assert {f"/list?page={n}" for n in range(2, PAGES + 1)} <= got
    assert _items(got) == items
    assert stats.finished


def test_under_a_page_budget_the_listing_goes_on_before_its_items(tmp_path: Any) -> None:
    """Each listing page's next page is queued before its items: a budget of 2 + PER_PAGE
    pages reaches the second listing page instead of spending it all on the first's items."""
    with serve() as srv, Workspace(tmp_path / "w.sqlite") as ws:
        rule = _learnt(srv, "/list", "//a[@rel='next']", "next")
        crawl(_config(srv.base, "/list", [rule], max_pages=2 + PER_PAGE, concurrency=1), ws)
        got = _urls(ws, srv.base)
    assert {"/list", "/list?page=2"} <= got


def test_a_pagination_loop_terminates(tmp_path: Any) -> None:
    with serve() as srv, Workspace(tmp_path / "w.sqlite") as ws:
        rule = _learnt(srv, "/loop", "//a[@rel='next']", "next")
        srv.hits.clear()
        stats = crawl(_config(srv.base, "/loop", [rule]), ws)
        got = _urls(ws, srv.base)
        listing_hits = [h for h in srv.hits if h.startswith("/loop")]
    assert {u for u in got if u.startswith("/loop")} == {"/loop", "/loop?page=2", "/loop?page=3"}
    assert stats.finished
    # page 3 links back to /loop?page=1, the first page under another URL: fetched once, found
    # to be the same content, and the series ends there
    assert sorted(listing_hits) == ["/loop", "/loop?page=1", "/loop?page=2", "/loop?page=3"]


def test_an_endless_listing_stops_at_the_series_limit(tmp_path: Any) -> None:
    with serve() as srv, Workspace(tmp_path / "w.sqlite") as ws:
        rule = _learnt(srv, "/endless", "//a[@rel='next']", "next")
        stats = crawl(_config(srv.base, "/endless", [rule], max_pages_per_series=4), ws)
        got = _urls(ws, srv.base)
    assert {u for u in got if u.startswith("/endless")} == {
        "/endless",
        "/endless?page=2",
        "/endless?page=3",
        "/endless?page=4",
    }
    assert stats.finished


def test_load_more_pattern_stops_past_the_end(tmp_path: Any) -> None:
    with serve() as srv, Workspace(tmp_path / "w.sqlite") as ws:
        rule = _learnt(srv, "/more", "//button", "query")
        stats = crawl(_config(srv.base, "/more", [rule]), ws)
        got = _urls(ws, srv.base)
    more = {u for u in got if u.startswith("/more")}
    # pages 1-5 carry items; page 6 brings no new link, so page 7 is never asked for
    assert more == {"/more"} | {f"/more?page={n}" for n in range(2, PAGES + 2)}
    assert _items(got) == {
        f"/item/more-{n}-{i}.html" for n in range(1, PAGES + 1) for i in range(2)
    }
    assert stats.finished


def test_path_pattern_series_in_a_crawl(tmp_path: Any) -> None:
    with serve() as srv, Workspace(tmp_path / "w.sqlite") as ws:
        rule = _learnt(srv, "/blog/", "//a[@class='older']", "next")
        crawl(_config(srv.base, "/blog/", [rule], follow_links=False, include=[]), ws)
        got = _urls(ws, srv.base)
    # with links not followed, only the series is fetched
    assert got == {"/blog/", "/blog/page/2/", "/blog/page/3/", "/blog/page/4/"}


def test_numbered_pager_pages_are_series_pages_at_the_listing_depth(tmp_path: Any) -> None:
    # « Prev 1 2 3 4 5 6 Next »: page 1 links page 3 by its number before the next link
    # reaches it; it is still a page of the series (its items one link deep) and counts
    # against the series limit, as do 5 and 6.
    for kind in ("next", "query"):
        with serve() as srv, Workspace(tmp_path / f"{kind}.sqlite") as ws:
            rule = _learnt(srv, "/numbered", "//a[.='Next »']", kind)
            srv.hits.clear()
            stats = crawl(
                _config(srv.base, "/numbered", [rule], max_depth=1, max_pages_per_series=4), ws
            )
            got = _urls(ws, srv.base)
            hits = set(srv.hits)
        assert stats.finished, kind
        assert {u for u in got if u.startswith("/numbered")} == {"/numbered"} | {
            f"/numbered?page={n}" for n in range(2, 5)
        }, kind
        assert _items(got) == {
            f"/item/numbered-{n}-{i}.html" for n in range(1, 5) for i in range(PER_PAGE)
        }, kind
        # pages 5 and 6 are past the limit: not asked for as ordinary links either
        assert not {"/numbered?page=5", "/numbered?page=6"} & hits, kind


def test_series_offsets_recognise_numbered_links_of_the_same_listing() -> None:
    rule = learn_pagination(parse_html(numbered(1)), BASE + "/numbered", "//a[.='Next »']")[0]
    assert rule.kind == "next"
    root = parse_html(numbered(2))
    url = BASE + "/numbered?page=2"
    made = rule.generate(root, url)
    links = [
        BASE + "/numbered?page=1",
        BASE + "/numbered?page=3",
        BASE + "/numbered?page=5",
        BASE + "/other?page=4",
        BASE + "/numbered?page=4&sort=price",
        BASE + "/item/numbered-2-0.html",
    ]
    assert rule.series_offsets(links, url, made) == {
        BASE + "/numbered?page=3": 1,
        BASE + "/numbered?page=1": -1,
        BASE + "/numbered?page=5": 3,
    }
    # the last page has no next link: the pattern read on the pages before it still tells
    # which of its links are earlier pages of the listing …
    last = BASE + f"/numbered?page={PAGES + 1}"
    made_last = rule.generate(parse_html(numbered(PAGES + 1)), last)
    assert made_last == []
    assert rule.series_offsets(links, last, made_last) == {
        BASE + "/numbered?page=1": -5,
        BASE + "/numbered?page=3": -3,
        BASE + "/numbered?page=5": -1,
    }
    # … and a rule that has seen no page of it yet claims nothing there
    fresh = learn_pagination(parse_html(numbered(1)), BASE + "/numbered", "//a[.='Next »']")[0]
    assert fresh.series_offsets(links, last, made_last) == {}


def test_a_first_page_spelling_a_parameter_otherwise_still_numbers_its_pager() -> None:
    from pagedserver import tagged

    first = BASE + "/tagged?sort=newest&pageSize=3"
    rule = learn_pagination(parse_html(tagged(1)), first, "(//span[contains(@class, 'next')])[1]")[
        0
    ]
    assert rule.kind == "next"
    made = rule.generate(parse_html(tagged(1)), first)
    assert made == [BASE + "/tagged?page=2&sort=newest&pagesize=3"]
    links = [BASE + f"/tagged?page={k}&sort=newest&pagesize=3" for k in (2, 3, 8)]
    assert rule.series_offsets(links, first, made) == {links[0]: 1, links[1]: 2, links[2]: 7}


def test_a_stack_exchange_style_listing_keeps_its_series_and_its_limit(tmp_path: Any) -> None:
    import sqlite3

    start = "/tagged?sort=newest&pageSize=3"
    for limit, pages in ((4, range(2, 5)), (50, range(2, 9))):
        with serve() as srv, Workspace(tmp_path / f"t{limit}.sqlite") as ws:
            rule = learn_pagination(
                parse_html(page("/tagged", {})),
                srv.base + start,
                "(//span[contains(@class, 'next')])[1]",
            )[0]
            srv.hits.clear()
            stats = crawl(
                _config(srv.base, start, [rule], max_depth=1, max_pages_per_series=limit), ws
            )
            got = _urls(ws, srv.base)
            hits = set(srv.hits)
            path = ws.path
        assert stats.finished
        listing_pages = {u for u in got if u.startswith("/tagged")}
        assert listing_pages == {start} | {
            f"/tagged?page={n}&sort=newest&pagesize=3" for n in pages
        }, limit
        assert _items(got) == {
            f"/item/tagged-{n}-{i}.html" for n in (1, *pages) for i in range(PER_PAGE)
        }, limit
        if limit == 4:  # the "5" and the last page "8" of the pagers: never asked for
            assert not {h for h in hits if "page=5&" in h or "page=8&" in h}
        # every listing page is a page of the series at the listing's depth
        with sqlite3.connect(path) as db:
            rows = db.execute(
                "select url, depth, via from crawl_frontier where url like '%/tagged?page=%'"
            ).fetchall()
        assert rows and all(d == 0 and via.startswith("factory:") for _u, d, via in rows), rows


def test_a_listing_stored_before_its_rule_starts_its_series(tmp_path: Any) -> None:
    # The documented recipe: fetch the listing alone, learn the rule from the stored page, crawl
    # again with the rule (no --fresh): the stored first page is re-read, not fetched again.
    with serve() as srv, Workspace(tmp_path / "w.sqlite") as ws:
        crawl(_config(srv.base, "/list", [], follow_links=False), ws)
        stored = ws.get_page(srv.base + "/list")
        assert stored is not None
        rules = learn_pagination(
            parse_html(stored.html), stored.url, "//a[.='Next »']", name="pages"
        )
        srv.hits.clear()
        stats = crawl(_config(srv.base, "/list", [rules[0]]), ws)
        got = _urls(ws, srv.base)
        hits = list(srv.hits)
    assert "/list" not in hits  # re-read from the workspace
    assert {f"/list?page={n}" for n in range(2, PAGES + 1)} <= got
    assert _items(got) == {
        f"/item/list-{n}-{i}.html" for n in range(1, PAGES + 1) for i in range(PER_PAGE)
    }
    assert stats.finished


def test_chain_pages_reached_first_by_a_plain_link_join_the_series(tmp_path: Any) -> None:
    import sqlite3

    from pagedserver import chain

    start = "/chain/a1.html"
    with serve() as srv, Workspace(tmp_path / "chain.sqlite") as ws:
        rule = learn_pagination(parse_html(chain(1)), srv.base + start, "//a[@class='next']")[0]
        stats = crawl(_config(srv.base, start, [rule], max_depth=1), ws)
        got = _urls(ws, srv.base)
        path = ws.path
    assert stats.finished
    # articles 3 and 5 were first reached from the sidebar, one link deep; once the chain
    # reaches them they are pages of the series, at the first article's depth, so their own
    # links are one link deep too
    assert _items(got) == {f"/item/chain-{k}.html" for k in range(1, 7)}
    with sqlite3.connect(path) as db:
        rows = dict(
            (u[len(srv.base) :], (d, via))
            for u, d, via in db.execute("select url, depth, via from crawl_frontier")
        )
    assert {k: rows[f"/chain/a{k}.html"] for k in range(2, 7)} == {
        k: (0, f"factory:pagination#{k}") for k in range(2, 7)
    }


def test_a_number_in_the_file_name_is_the_series_number(tmp_path: Any) -> None:
    # /files/page1.html … page5.html, a Next link and every page's number on each: the number
    # in the file name counts the series, so with a limit of 3 the "4" and "5" links of page 1
    # are past it (not fetched as plain links either), and each page's `via` is its place.
    import sqlite3

    from pagedserver import filed

    start = "/files/page1.html"
    rules = learn_pagination(parse_html(filed(1)), BASE + start, "//a[.='Next']", name="pages")
    assert [(r.kind, r.param, r.start, r.step) for r in rules] == [
        ("next", "", 2, 1),
        ("name", "page{n}.html", 2, 1),
    ]
    assert rules[1].number_of(BASE + "/files/page12.html") == 12
    assert rules[1].with_number(BASE + "/files/page1.html", 4) == BASE + "/files/page4.html"
    offsets = rules[0].series_offsets(
        [BASE + f"/files/page{k}.html" for k in range(1, 6)] + [BASE + "/files/other3.html"],
        BASE + start,
        [BASE + "/files/page2.html"],
    )
    assert offsets == {BASE + f"/files/page{k}.html": k - 1 for k in range(2, 6)}
    for kind in ("next", "name"):
        with serve() as srv, Workspace(tmp_path / f"{kind}.sqlite") as ws:
            rule = _learnt(srv, start, "//a[.='Next']", kind)
            srv.hits.clear()
            stats = crawl(_config(srv.base, start, [rule], max_depth=1, max_pages_per_series=3), ws)
            got = _urls(ws, srv.base)
            hits = set(srv.hits)
            path = ws.path
        assert stats.finished, kind
        assert {u for u in got if u.startswith("/files/")} == {
            f"/files/page{k}.html" for k in (1, 2, 3)
        }, kind
        assert _items(got) == {
            f"/item/files-{n}-{i}.html" for n in (1, 2, 3) for i in range(PER_PAGE)
        }, kind
        assert not {"/files/page4.html", "/files/page5.html"} & hits, kind
        with sqlite3.connect(path) as db:
            rows = {
                u[len(srv.base) :]: (d, via)
                for u, d, via in db.execute("select url, depth, via from crawl_frontier")
            }
        assert {k: rows[f"/files/page{k}.html"] for k in (2, 3)} == {
            k: (0, f"factory:{rule.name}#{k}") for k in (2, 3)
        }, kind
