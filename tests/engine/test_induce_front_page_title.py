"""Titles clicked on two module pages whose `h1` follows a navigation bar (ocamldoc): a rule
anchored on the bar (`div.navbar/following-sibling::h1[1]`) and the body's `h1` find the same
node on every sampled page, but the site's front page, outside the sample, has no bar and its
title at the examples' place: the rule that finds it there comes first."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import extract_field
from deboiler_gui.engine.template.induce import SITE_SAMPLE, Example, _sample_at, induce
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

SITE = "https://lib.example/api/"


def module(i: int) -> Page:
    return Page(
        f"{SITE}M{i}.html",
        "<html><body><div class='navbar'><a class='up' href='index.html'>Up</a></div>"
        f"<h1>Module M{i}</h1><pre>val x{i} : int</pre><p>About {i}.</p></body></html>",
    )


FRONT = Page(
    f"{SITE}index.html",
    "<html><body><h1>Library user guide</h1><div class='info'><p>The library.</p></div>"
    "<ul><li><a href='M1.html'>M1</a></li></ul></body></html>",
)


def test_the_front_page_outside_the_sample_gets_its_title() -> None:
    pages = [module(i) for i in range(90)]
    pages.insert(2, FRONT)
    index = SiteIndex.from_pages(pages, max_pages=None)
    assert 2 not in _sample_at(index, SITE_SAMPLE)  # the front page is not sampled
    trees = dict(zip(index.urls, index.trees, strict=True))
    examples = []
    for i in (5, 40):
        url = f"{SITE}M{i}.html"
        examples.append(Example(url, trees[url], select_elements(trees[url], "//h1")[0]))
    top = induce(examples, [], index, limit=3)[0]
    fld = Field("title", xpaths=(top.xpath,))
    t = Template("api", fields=(fld,), use_cleaner=False)
    got, _report = extract_field(trees[FRONT.url], fld, t)
    assert got == "Library user guide", top.xpath
    got, _report = extract_field(trees[f"{SITE}M7.html"], fld, t)
    assert got == "Module M7", top.xpath
