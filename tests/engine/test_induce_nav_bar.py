"""Clicks on a breadcrumb's first entry in a navigation bar printed twice (Sphinx's
`div.related` above and below the page: `li.nav-item.nav-item-1`, `li.nav-item.nav-item-2`,
then the page's own `li.nav-item.nav-item-this`, after 'index', 'modules', 'next' entries): the
list is the bar's `li.nav-item` entries, taken once (from the first bar), not the first entry of
the page by its position, nor the clicked entry's own `nav-item-1` class."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import extract_field
from deboiler_gui.engine.template.induce import Example, induce
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

SITE = "https://docs.example/library/"
PARTS = ["Text Processing", "Data Types", "File Access", "Networking"]


def bar(i: int, depth: int) -> str:
    crumbs = "".join(
        f"<li class='nav-item nav-item-{k + 1}'><a href='part{k}.html'>"
        f"{'The Library' if k == 0 else PARTS[(i + k) % 4]}</a> &#187;</li>"
        for k in range(depth)
    )
    return (
        "<div class='related' role='navigation'><h3>Navigation</h3><ul>"
        "<li class='right'><a href='../genindex.html'>index</a></li>"
        "<li class='right'><a href='../modindex.html'>modules</a> |</li>"
        f"<li class='right'><a href='m{i + 1}.html'>next</a> |</li>"
        "<li><a href='https://www.example.org/'>Example</a> &#187;</li>"
        f"<li><a href='../index.html'>3.11 Documentation</a> &#187;</li>{crumbs}"
        f"<li class='nav-item nav-item-this'><a href=''>module{i}</a></li></ul></div>"
    )


def page(i: int) -> Page:
    depth = 1 + i % 2
    return Page(
        f"{SITE}m{i}.html",
        f"<html><body>{bar(i, depth)}<div class='document'><div class='body'>"
        f"<h1>module{i} — things</h1><p>About {i}.</p></div></div>{bar(i, depth)}"
        "<div class='footer'>© Example</div></body></html>",
    )


def test_clicks_on_the_first_crumb_take_the_bars_entries_once() -> None:
    pages = [page(i) for i in range(12)]
    index = SiteIndex.from_pages(pages, max_pages=None)
    trees = dict(zip(index.urls, index.trees, strict=True))
    examples = []
    for i in (2, 5):
        url = f"{SITE}m{i}.html"
        node = select_elements(trees[url], "(//li[contains(@class, 'nav-item-1')])[1]/a")[0]
        examples.append(Example(url, trees[url], node))
    top = induce(examples, [], index, as_list=True, limit=3)[0]
    assert "nav-item-1" not in top.xpath and "related" in top.xpath, top.xpath
    fld = Field("crumbs", xpaths=(top.xpath,), is_list=True)
    t = Template("docs", fields=(fld,), use_cleaner=False)
    for i in (0, 3, 8):
        got, _report = extract_field(trees[f"{SITE}m{i}.html"], fld, t)
        want = ["The Library", *([PARTS[(i + 1) % 4]] if i % 2 else []), f"module{i}"]
        assert got == want, (top.xpath, got)
