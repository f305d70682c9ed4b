"""Two chapters' contents clicked on two chapter pages: each page's block of section entries
opens with a link to the chapter itself, its text the page's title (its first heading): that
names the page, not the list.
The examples are one kind of list, and no "different roles" warning is given."""

from __future__ import annotations

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, induce
from deboiler_gui.engine.template.selectors import SiteIndex

NAMES = ["Functions", "Groups", "Rings", "Fields", "Lists", "Sets"]


def page(ch: int) -> str:
    sects = "".join(
        f"<div class='sect'><span class='line'><a href='c{ch}.html#s{k}'>{ch}.{k} Part {k}</a>"
        "</span></div>"
        for k in range(1, 3 + ch % 5)
    )
    return f"""<html><body><div class="nav"><a href="index.html">Top</a></div>
<div class="sects"><a href="c{ch}.html#top">{ch} {NAMES[ch % 6]}</a>{sects}</div>
<h3>{ch} {NAMES[ch % 6]}</h3>
<h4>{ch}.1 Part 1</h4><p>Text of chapter {ch}.</p></body></html>"""


def site() -> SiteIndex:
    return SiteIndex(
        [f"http://manual.test/c{ch}.html" for ch in range(20)],
        [parse_html(page(ch)) for ch in range(20)],
    )


def example(index: SiteIndex, ch: int, xpath: str) -> Example:
    return Example(index.urls[ch], index.trees[ch], index.trees[ch].xpath(xpath)[0])


def test_contents_of_two_chapters_play_one_role() -> None:
    index = site()
    clicks = [
        example(index, 5, "/html/body/div[2]/div[1]/span/a"),
        example(index, 5, "/html/body/div[2]/div[2]/span/a"),
        example(index, 9, "/html/body/div[2]/div[3]/span/a"),
    ]
    rules = induce(clicks, index=index, as_list=True)
    assert rules[0].examples[0] == ["5.1 Part 1", "5.2 Part 2"], rules[0].xpath
    assert not any("different roles" in w for r in rules for w in r.warnings), rules[0].warnings
