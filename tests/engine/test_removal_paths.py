"""Each removal names its place for people (``Removal.path``): the same name
:func:`readable_path` gives the removed element, however many removed blocks of the page share
their parents."""

from __future__ import annotations

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.htmltree import parse_html, readable_path
from deboiler_gui.engine.model import Page


def _page(i: int) -> Page:
    sections = "".join(
        f'<div class="section" id="s{k}"><h2>Part {k} of topic {i}'
        f'<a class="headerlink" href="#s{k}">¶</a></h2>'
        f"<p>Topic {i} is explained in part {k} with words of its own, number {i * 7 + k}.</p>"
        f'<div class="note"><p>Share this page</p></div></div>'
        for k in range(4)
    )
    html = (
        f"<html><head><title>Topic {i}</title></head><body>"
        '<div class="wrapper"><div class="inner"><div class="header"><ul class="menu"><li><a href="/">Home</a></li>'
        '<li><a href="/docs">Docs</a></li><li><a href="/blog">Blog</a></li></ul></div>'
        f'<div class="body"><div class="document"><h1>Topic {i}</h1>{sections}</div></div>'
        '<div class="footer"><p>Copyright 2024 The Example Project. All rights reserved.</p>'
        "</div></div></div></body></html>"
    )
    return Page(f"http://docs.test/topic{i}.html", html)


def test_every_removal_names_its_place_as_readable_path_does() -> None:
    pages = [_page(i) for i in range(8)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    checked = 0
    names = set()
    for page, result in zip(pages, results, strict=True):
        assert result.status == "ok"
        root = parse_html(page.html)
        for removal in result.removed:
            (el,) = root.xpath(removal.xpath)
            assert removal.path == readable_path(el), removal
            names.add(removal.path)
            checked += 1
    # the menu and the footer, beside each other under the same parents, on every page
    assert checked >= 2 * len(pages)
    assert {"div.wrapper > div.inner > div.header", "div.wrapper > div.inner > div.footer"} <= names
