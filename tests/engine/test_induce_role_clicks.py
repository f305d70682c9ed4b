"""The warning that a list's examples play different roles names the clicks, not only their
pages: two items clicked on one page (a contents list's `li.level1` and `li.level2` entries,
as qdoc writes them) are told apart by their node, text and path, so the user knows which to
redo; items on two pages are still named by their pages."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.induce import Example, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

SITE = "http://qt.local/"


def page(i: int) -> str:
    entries = "".join(
        f"<li class='level{1 if k < 3 else 2}'><a href='#s{k}'>Section {i}.{k}</a></li>"
        for k in range(5)
    )
    return (
        "<html><body><div class='main'><div class='sidebar'><div class='toc'>"
        f"<h3>Contents</h3><ul>{entries}</ul></div></div>"
        f"<h1 class='title'>Class Q{i}</h1><p>Text of Q{i}.</p></div></body></html>"
    )


def warnings_for(clicks: list[tuple[int, int]]) -> list[str]:
    pages = [Page(f"{SITE}q{i}.html", page(i)) for i in range(10)]
    index = SiteIndex.from_pages(pages, max_pages=None)
    trees = dict(zip(index.urls, index.trees, strict=True))
    examples = []
    for i, k in clicks:
        url = f"{SITE}q{i}.html"
        node = select_elements(trees[url], f"//div[@class='toc']/ul/li[{k}]/a")[0]
        examples.append(Example(url, trees[url], node))
    rules = induce(examples, [], index, as_list=True, limit=2)
    assert rules, "no rule"
    return [w for w in rules[0].warnings if "play different roles" in w]


def test_two_clicks_on_one_page_are_named_by_their_nodes() -> None:
    # a first-level entry and a second-level one on q0.html, a first-level one on q1.html
    found = warnings_for([(0, 1), (0, 4), (1, 2)])
    assert found, "no warning"
    assert "(q0.html, q0.html)" not in found[0], found[0]
    assert "li.level1 (q0.html a 'Section 0.0' at …/ul/li[1]/a)" in found[0], found[0]
    assert "li.level2 (q0.html a 'Section 0.3' at …/ul/li[4]/a)" in found[0], found[0]


def test_clicks_on_two_pages_are_named_by_their_pages() -> None:
    found = warnings_for([(0, 1), (0, 2), (1, 4)])
    assert found, "no warning"
    assert "li.level1 (q0.html) and li.level2 (q1.html)" in found[0], found[0]
