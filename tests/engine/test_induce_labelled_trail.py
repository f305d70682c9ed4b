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


def test_a_label_as_the_entry_text_anchors_the_trail_too() -> None:
    """'Up:' as the first entry's own text before its link, not in an element of its own."""
    urls = [f"http://docs.test/p{i}.html" for i in range(24)]
    trees = [parse_html(page(i, levels_of(i)).replace("<b>Up:</b>", "Up:")) for i in range(24)]
    index = SiteIndex(urls, trees)
    box = "/html/body/div/div[1]/ul"
    clicks = [
        example(index, 2, f"{box}/li[3]/a"),
        example(index, 2, f"{box}/ul[1]/li/a"),
        example(index, 5, f"{box}/ul[1]/ul/li/a"),
    ]
    best = induce(clicks, index=index, as_list=True)[0]
    for i, tree in enumerate(trees):
        got = [n.text_content() for n in select_elements(tree, best.xpath)]
        assert got == ["Home", *levels_of(i)], (urls[i], best.xpath, got)
    assert not any("no rule found" in w for w in best.warnings), best.warnings


def test_no_rule_for_the_trail_alone_is_said() -> None:
    """Without a label or hook on the trail's first entry, every rule that holds the clicked
    levels takes the box's other links too: the rule says it takes far more than the trail."""
    urls = [f"http://docs.test/p{i}.html" for i in range(24)]
    trees = [parse_html(page(i, levels_of(i)).replace("<b>Up:</b>", "")) for i in range(24)]
    index = SiteIndex(urls, trees)
    box = "/html/body/div/div[1]/ul"
    clicks = [
        example(index, 2, f"{box}/li[3]/a"),
        example(index, 2, f"{box}/ul[1]/li/a"),
        example(index, 5, f"{box}/ul[1]/ul/li/a"),
    ]
    best = induce(clicks, index=index, as_list=True)[0]
    assert best.examples[0] != ["Home", "Dialects", "Topic 2"], best.xpath
    assert any("trail" in w and "no rule found" in w for w in best.warnings), (
        best.xpath,
        best.warnings,
    )


def test_a_contents_list_is_no_trail() -> None:
    """A page's contents clicked at its top entry and a sub-entry: no trail warning."""
    index, _urls = site()
    box = "/html/body/div/div[1]/ul"
    clicks = [
        example(index, 2, f"{box}/ul[2]/li/a"),
        example(index, 2, f"{box}/ul[2]/li/ul/li[2]/a"),
    ]
    rules = induce(clicks, index=index, as_list=True)
    assert rules, "a rule for the contents"
    assert not any("trail" in w for r in rules for w in r.warnings), rules[0].warnings
