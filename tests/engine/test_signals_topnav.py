"""Signals on a Sphinx manual's pages shaped as Clang's: a top bar `« previous :: Contents ::
next »` whose first link is 'Contents' where a page has no previous page, and a content block
whose first `h1` is the page's title, but on the index page (titled by the header's `h2`) the
first of several section headings.

- A rule reading a link's target (`…/p/a[1]/@href`) gets the signals of the same rule for
  the link's text: the position that takes 'Contents' on three pages is flagged for both.
- A title rule that takes a section's heading where the page's own name is a heading
  elsewhere is flagged; a title that names the page otherwise than any heading is not."""

from __future__ import annotations

from typing import Any

from sphinxbar import page

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import site_signals

SITE = "manual.example"
NAMES = [f"Topic{chr(65 + i)}" for i in range(14)]
TOPNAV = "//div[contains(concat(' ', normalize-space(@class), ' '), ' topnav ')]/p/a[1]"
CONTENT_H1 = "//div[contains(concat(' ', normalize-space(@class), ' '), ' content ')]//h1"


def _page(name: str, title: str, prev: str, nxt: str, body: str) -> Page:
    return page(
        f"https://{SITE}/{name}.html", title, prev, nxt, body, manual="Manual 14 documentation"
    )


def _section(title: str, n: int) -> str:
    return (
        f"<section><h1>{title}<a class='headerlink' href='#s{n}'>¶</a></h1>"
        f"<p>About {title}, at some length.</p></section>"
    )


def site(*, index_sections: bool = True) -> list[Page]:
    index_body = (
        _section("Using the tool", 1) + _section("Using the library", 2)
        if index_sections
        else _section("Welcome to the manual", 1)
    )
    pages = [_page("index", "Welcome to the manual", "", NAMES[0], index_body)]
    for i, name in enumerate(NAMES):
        prev = NAMES[i - 1] if i else "index"
        nxt = NAMES[i + 1] if i + 1 < len(NAMES) else ""
        # a long chapter has sections of its own after its title
        extra = _section(f"{name} details", 9) if i % 4 == 0 else ""
        pages.append(_page(name, f"{name} Guide", prev, nxt, _section(f"{name} Guide", i) + extra))
    search = "<h1 id='search-documentation'>Search</h1><p>Type words.</p>"
    pages.append(_page("search", "Search", "", "", search))
    pages.append(_page("genindex", "Index", "", "", "<h1 id='index'>Index</h1><p>Symbols.</p>"))
    return pages


def signals(pages: list[Page], *fields: Field) -> dict[str, Any]:
    t = Template("manual", site=SITE, fields=fields, use_cleaner=False)
    return {s.field: s for s in site_signals(pages, [t])}


def _pinned(flags: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [f for f in flags if f["flag"].startswith("pinned to position a[1]")]


def test_a_links_target_gets_the_signals_of_its_text_twin() -> None:
    pages = site()
    no_prev = sorted(f"https://{SITE}/{n}.html" for n in ("genindex", "index", "search"))
    got = signals(
        pages,
        Field("prev", xpaths=(TOPNAV,)),
        Field("prev_href", xpaths=(f"{TOPNAV}/@href",)),
        Field("prev_target", xpaths=(TOPNAV,), kind="attribute", attribute="href"),
    )
    for fid in ("prev", "prev_href", "prev_target"):
        pinned = _pinned(got[fid].flags())
        assert len(pinned) == 1, (fid, got[fid].flags())
        assert pinned[0]["pages"] == 3 and sorted(pinned[0]["look_at"]) == no_prev
        assert "a.uplink instead of a" in pinned[0]["flag"], pinned[0]["flag"]
    # the rule on the label after the link takes nothing there: no flag
    label = "//a[normalize-space(.)='Contents']/preceding-sibling::a[1]"
    got = signals(pages, Field("prev_href", xpaths=(f"{label}/@href",)))
    assert got["prev_href"].flags() == []


def _untitled(flags: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [f for f in flags if f["flag"].startswith("takes another heading than the page's")]


def test_a_title_rule_taking_a_sections_heading_on_the_index_page_is_flagged() -> None:
    got = signals(site(), Field("title_h1", xpaths=(CONTENT_H1,)))
    hits = _untitled(got["title_h1"].flags())
    assert len(hits) == 1, got["title_h1"].flags()
    assert hits[0]["look_at"] == [f"https://{SITE}/index.html"]
    assert "'Using the tool'" in hits[0]["flag"]
    assert "'Welcome to the manual'" in hits[0]["flag"]
    # the chapters with sections of their own (several matches, the title first) are right
    assert hits[0]["pages"] == 1


def test_a_title_rule_whose_later_match_is_the_title_is_flagged() -> None:
    # The index page's title is a later heading of the content block (a first section
    # before it): the rule takes its first match.
    pages = site(index_sections=False)
    pages[0] = _page(
        "index",
        "Welcome to the manual",
        "",
        NAMES[0],
        _section("News", 1) + _section("Welcome to the manual", 2),
    )
    hits = _untitled(signals(pages, Field("t", xpaths=(CONTENT_H1,)))["t"].flags())
    assert len(hits) == 1 and hits[0]["look_at"] == [f"https://{SITE}/index.html"], hits
    assert "its match 2 is the page's title" in hits[0]["flag"]


def test_a_title_naming_the_page_otherwise_is_no_flag() -> None:
    # A book's appendix is titled 'A - Keywords' and headed 'Appendix A: Keywords', with
    # sections below: no heading reads the title's name, the rule is right.
    pages = site(index_sections=False)
    pages.append(
        _page(
            "appendix-a",
            "A - Keywords",
            NAMES[-1],
            "",
            _section("Appendix A: Keywords", 1) + _section("Reserved words", 2),
        )
    )
    pages = [
        Page(p.url, p.html.replace("<h2 class='heading'><span>A - Keywords</span></h2>", ""))
        for p in pages
    ]
    got = signals(pages, Field("t", xpaths=(CONTENT_H1,)))
    assert _untitled(got["t"].flags()) == [], got["t"].flags()
    # the same site with the index's section headings: only the index is flagged
    got = signals([*site(), pages[-1]], Field("t", xpaths=(CONTENT_H1,)))
    hits = _untitled(got["t"].flags())
    assert len(hits) == 1 and hits[0]["look_at"] == [f"https://{SITE}/index.html"], hits
