"""A trail written as a labelled entry ('Up: Home') and the nested one-entry lists right after
it, in one box with the previous/next entries and the page's own contents: the examples
clicked at its levels give the entry and the lists after it, not every link of the box."""

from __future__ import annotations

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

CHAPTERS = ["Core", "ORM", "Dialects"]


def trail_lists(levels: list[str]) -> str:
    if not levels:
        return ""
    head, *rest = levels
    return f"<ul><li><a href='{head}.html'>{head}</a></li>{trail_lists(rest)}</ul>"


def page(i: int, levels: list[str]) -> str:
    toc = "".join(
        f"<li><a href='#s{k}'>Section {i}.{k}</a><ul>"
        + "".join(f"<li><a href='#s{k}-{j}'>Part {i}.{k}.{j}</a></li>" for j in range(3))
        + "</ul></li>"
        for k in range(4)
    )
    return f"""<html><body><div class="page">
<div id="topnav"><ul>
<li><b>Previous:</b> <a href="p{i - 1}.html">Page {i - 1}</a></li>
<li><b>Next:</b> <a href="p{i + 1}.html">Page {i + 1}</a></li>
<li><b>Up:</b> <a href="index.html">Home</a></li>
{trail_lists(levels)}
<li><b>On this page:</b></li>
<ul><li><a href="#top">Page {i}</a><ul>{toc}</ul></li></ul>
</ul></div>
<div class="body"><h1>Page {i}</h1><p>Text of page {i}.</p></div>
</div></body></html>"""


def levels_of(i: int) -> list[str]:
    chapter = CHAPTERS[i % 3]
    return [[], [chapter], [chapter, f"Topic {i % 4}"]][i % 3]


def site() -> tuple[SiteIndex, list[str]]:
    urls = [f"http://docs.test/p{i}.html" for i in range(24)]
    return SiteIndex(urls, [parse_html(page(i, levels_of(i))) for i in range(24)]), urls


def example(index: SiteIndex, i: int, xpath: str) -> Example:
    root = index.trees[i]
    return Example(index.urls[i], root, root.xpath(xpath)[0])


def test_trail_clicked_at_its_levels_takes_the_trail_only() -> None:
    index, urls = site()
    # page 2: Up: Home, then Dialects > Topic 2; page 5: Up: Home, then Dialects > Topic 1
    box = "/html/body/div/div[1]/ul"
    clicks = [
        example(index, 2, f"{box}/li[3]/a"),
        example(index, 2, f"{box}/ul[1]/li/a"),
        example(index, 5, f"{box}/ul[1]/ul/li/a"),
    ]
    best = induce(clicks, index=index, as_list=True)[0]
    assert best.examples == [["Home", "Dialects", "Topic 2"], ["Home", "Dialects", "Topic 1"]], (
        best.xpath
    )
    for i, tree in enumerate(index.trees):
        got = [n.text_content() for n in select_elements(tree, best.xpath)]
        assert got == ["Home", *levels_of(i)], (urls[i], best.xpath, got)


def test_a_box_rule_is_not_offered_first_for_the_trail() -> None:
    """The box's every link (previous/next, trail, contents) holds the examples too, with far
    more items: it is not the top rule."""
    index, _urls = site()
    box = "/html/body/div/div[1]/ul"
    clicks = [
        example(index, 5, f"{box}/li[3]/a"),
        example(index, 5, f"{box}/ul[1]/ul/li/a"),
    ]
    rules = induce(clicks, index=index, as_list=True)
    assert rules[0].examples == [["Home", "Dialects", "Topic 1"]], rules[0].xpath
    assert "topnav" not in rules[0].xpath or "Up:" in rules[0].xpath, rules[0].xpath
