"""A navigation link known by its fixed text ('← prev' to another page on each page), clicked
for its text or its target, with and without a 'not this' on the 'up' link that stands first
in the bar where a page has no previous page: the rule is the link's text, not the bar's
first link (the 'up' link there) nor the bar's place in the page (a version box before the bar
on some pages moves it)."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import extract_field
from deboiler_gui.engine.template.induce import Example, induce
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

SITE = "https://ref.example/"
BAR = "/html/body/div/div[{n}]/span[2]/a[1]"


def page(i: int, *, first: int = 0, boxed: tuple[int, ...] = (3, 7)) -> Page:
    """Page ``i``: its bar has a '← prev' link unless ``i`` is ``first`` or below (the first
    pages have none: 'up' comes first); pages in ``boxed`` have a version box before it."""
    prev = f"<a href='p{i - 1}.html'>← prev</a> " if i > first else ""
    box = "<div class='versionbox'>v8.2</div>" if i in boxed else ""
    return Page(
        f"{SITE}p{i}.html",
        f"<html><body><div class='main'>{box}<div class='navsettop'>"
        "<span class='navleft'><a href='index.html'>contents</a></span>"
        f"<span class='navright'>{prev}<a href='up{i // 4}.html'>up</a> "
        f"<a href='p{i + 1}.html'>next →</a></span></div>"
        f"<h3>Section {i}</h3><p>Text of section {i}.</p></div></body></html>",
    )


def _example(index: SiteIndex, i: int, xp: str, attr: str = "") -> Example:
    url = f"{SITE}p{i}.html"
    tree = index.trees[index.urls.index(url)]
    return Example(url, tree, select_elements(tree, xp)[0], attr)


def _values(index: SiteIndex, xpath: str, attr: str) -> dict[int, object]:
    fld = (
        Field("prev", xpaths=(xpath.rsplit("/@", 1)[0],), kind="attribute", attribute=attr)
        if attr
        else Field("prev", xpaths=(xpath,))
    )
    t = Template("ref", fields=(fld,), use_cleaner=False)
    out = {}
    for url, tree in zip(index.urls, index.trees, strict=True):
        value, _report = extract_field(tree, fld, t)
        out[int(url.rsplit("p", 1)[1].split(".")[0])] = value
    return out


def test_the_prev_links_text_is_its_anchor_with_and_without_not_this() -> None:
    pages = [page(i) for i in range(16)]
    index = SiteIndex.from_pages(pages, max_pages=None)
    pos = [_example(index, i, BAR.format(n=1)) for i in (2, 5, 9)]
    # p0 has no previous page: the first link of its bar is 'up'
    up = _example(index, 0, BAR.format(n=1))
    assert up.node.text == "up"
    for nots in ([], [up]):
        top = induce(pos, nots, index, limit=3)[0]
        assert top.xpath == "//a[normalize-space(.)='← prev']", (nots, top.xpath)
        got = _values(index, top.xpath, "")
        # nothing on the first page, the link on the boxed pages too
        assert got[0] in ("", None) and got[3] == got[7] == got[12] == "← prev", got


def test_the_prev_links_target_ranks_its_text_before_the_bars_first_link() -> None:
    # The first four pages have no previous page ('up' first in the bar): the bar's first
    # link finds a node on more pages than the link's text, the 'up' link on four of them.
    pages = [page(i, first=3) for i in range(20)]
    index = SiteIndex.from_pages(pages, max_pages=None)
    pos = [_example(index, i, BAR.format(n=1), "href") for i in (5, 9, 14)]
    up = _example(index, 1, BAR.format(n=1), "href")
    for nots in ([], [up]):
        top = induce(pos, nots, index, limit=3)[0]
        assert top.xpath == "//a[normalize-space(.)='← prev']/@href", (nots, top.xpath)
        got = _values(index, top.xpath, "href")
        assert all(got[i] in ("", None) for i in range(4)), got
        assert got[7] == "p6.html" and got[4] == "p3.html", got


def test_a_text_field_of_links_to_one_same_target_keeps_its_text_as_the_value() -> None:
    # 'contents' links to one page from every page: its text is no navigation label of a
    # link that changes with the page, and no rule is made on it.
    pages = [page(i) for i in range(12)]
    index = SiteIndex.from_pages(pages, max_pages=None)
    pos = [_example(index, i, "//span[@class='navleft']/a") for i in (2, 5)]
    rules = induce(pos, [], index, limit=8)
    assert all("normalize-space(.)='contents'" not in r.xpath for r in rules), rules
