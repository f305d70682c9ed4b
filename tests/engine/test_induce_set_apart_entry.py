"""Clicks on a trail's links in a navigation bar that opens with another link set apart by
another mark (odoc: 'Up – lib » Module » Sub', the trail joined by '»', the 'Up' link before a
'–'): the list is the trail without the 'Up' link, which no click took and which reads the same
on every page, while the clicked links' texts vary."""

from __future__ import annotations

from typing import Any

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import extract_field
from deboiler_gui.engine.template.induce import Example, induce
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

SITE = "https://api.example/"
NAMES = ["lwt", "Lwt_js", "Dom", "Events", "Graph", "Solver", "Make", "Html"]


def trail(i: int) -> list[str]:
    return [NAMES[(i + k) % len(NAMES)] for k in range(1 + i % 3)]


def page(i: int) -> Page:
    links = " &#187; ".join(
        f"<a href='{'../' * (k + 1)}index.html'>{t}</a>" for k, t in enumerate(trail(i))
    )
    return Page(
        f"{SITE}p{i}/index.html",
        "<html><body><nav class='site-nav'><a href='../index.html'>Up</a> – "
        f"{links} &#187; Page{i}</nav><header class='preamble'><h1>Module Page{i}</h1>"
        f"<p>About page {i}.</p></header><div class='content'><p>Text {i}.</p></div>"
        "</body></html>",
    )


def top_rule(pages: list[Page], clicks: list[tuple[str, str]]) -> tuple[Any, dict[str, Any]]:
    """The top list rule induced from clicks (URL, XPath) on those pages, and the pages' trees."""
    index = SiteIndex.from_pages(pages, max_pages=None)
    trees = dict(zip(index.urls, index.trees, strict=True))
    examples = [Example(url, trees[url], select_elements(trees[url], xp)[0]) for url, xp in clicks]
    return induce(examples, [], index, as_list=True, limit=3)[0], trees


TRAIL_CLICKS = [
    (f"{SITE}p{i}/index.html", f"/html/body/nav[1]/a[{at}]") for i, at in ((2, 2), (2, 3), (5, 4))
]


def test_the_trail_leaves_out_the_link_set_apart_by_another_mark() -> None:
    top, trees = top_rule([page(i) for i in range(24)], TRAIL_CLICKS)
    fld = Field("trail", xpaths=(top.xpath,), is_list=True)
    t = Template("api", fields=(fld,), use_cleaner=False)
    for i in (0, 5, 7, 11):
        got, _report = extract_field(trees[f"{SITE}p{i}/index.html"], fld, t)
        assert got == trail(i), (top.xpath, got)


def test_a_link_of_the_trail_that_reads_like_the_examples_stays() -> None:
    # The same bar with '»' after every link, 'Up' too: nothing sets it apart, it stays.
    pages = [
        Page(p.url, p.html.replace("Up</a> –", "Up</a> &#187;"))
        for p in (page(i) for i in range(24))
    ]
    top, _trees = top_rule(pages, TRAIL_CLICKS)
    assert "Up" not in top.xpath, top.xpath


def bar_page(i: int) -> Page:
    # fpdoc's bar: '[Overview][Constants][Types][Index]', the last link closed by ']' alone.
    return Page(
        f"{SITE}unit/f{i}.html",
        "<html><body><table class='bar'><tr><td><b>[<a href='index.html'>Overview</a>]"
        "[<a href='index-2.html'>Constants</a>][<a href='index-3.html'>Types</a>]"
        "[<a href='index-8.html'>Index</a>]</b></td><td><span class='bartitle'>Reference"
        f"</span></td></tr></table><h1>F{i}</h1><p>Function {i}.</p></body></html>",
    )


def test_a_bars_last_entry_closed_by_its_bracket_stays() -> None:
    clicks = [
        (f"{SITE}unit/f{i}.html", f"/html/body/table[1]/tr/td[1]/b/a[{at}]")
        for i, at in ((1, 1), (4, 2))
    ]
    top, trees = top_rule([bar_page(i) for i in range(24)], clicks)
    fld = Field("bar", xpaths=(top.xpath,), is_list=True)
    t = Template("unit", fields=(fld,), use_cleaner=False)
    got, _report = extract_field(trees[f"{SITE}unit/f7.html"], fld, t)
    assert got == ["Overview", "Constants", "Types", "Index"], (top.xpath, got)
