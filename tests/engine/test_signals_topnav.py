"""Signals on a Sphinx manual's pages shaped as Clang's: a top bar `« previous :: Contents ::
next »` whose first link is 'Contents' where a page has no previous page. A rule reading a
link's target (`…/p/a[1]/@href`) gets the signals of the same rule for the link's text: the
position that takes 'Contents' on three pages is flagged for both."""

from __future__ import annotations

from typing import Any

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import site_signals

SITE = "manual.example"
NAMES = [f"Topic{chr(65 + i)}" for i in range(14)]
TOPNAV = "//div[contains(concat(' ', normalize-space(@class), ' '), ' topnav ')]/p/a[1]"


def _bar(where: str, prev: str, nxt: str) -> str:
    links = []
    if prev:
        links.append(f"«&#160;&#160;<a href='{prev}.html'>{prev} Guide</a>")
    links.append("<a class='uplink' href='index.html'>Contents</a>")
    if nxt:
        links.append(f"<a href='{nxt}.html'>{nxt} Guide</a>&#160;&#160;»")
    sep = "\n&#160;&#160;::&#160;&#160;\n"
    return (
        f"<div class='{where}nav' role='navigation' aria-label='{where} navigation'>"
        f"<p>{sep.join(links)}</p></div>"
    )


def _page(name: str, title: str, prev: str, nxt: str, body: str) -> Page:
    return Page(
        f"https://{SITE}/{name}.html",
        f"<html><head><title>{title} — Manual 14 documentation</title></head><body>"
        "<div class='header' role='banner'><h1 class='heading'><a href='index.html'>"
        f"<span>Manual 14 documentation</span></a></h1>"
        f"<h2 class='heading'><span>{title}</span></h2></div>"
        f"{_bar('top', prev, nxt)}"
        f"<div class='content' role='main'>{body}</div>"
        f"{_bar('bottom', prev, nxt)}</body></html>",
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
