"""A 'not this' on an entry of the examples' own list, like theirs (a sibling entry, the same
steps down), contradicts a list rule, which takes every entry of its list: it is refused,
and the refusal names the list by the label before it ('On this page:'). A sibling that reads
one fixed label on most pages (a bar's 'Contents' between its previous and next links) is
still left out by its text."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, InductionError, induce
from deboiler_gui.engine.template.selectors import SiteIndex


def page(i: int) -> str:
    toc = "".join(f"<li><a href='#s{k}'>Section {i}.{k}</a></li>" for k in range(2 + i % 4))
    return f"""<html><body><div id="side"><ul>
<li><b>Next:</b> <a href="p{i + 1}.html">Page {i + 1}</a></li>
<li><b>On this page:</b></li>
<ul>{toc}</ul></ul></div>
<div class="bar"><a href="p{i - 1}.html">Page {i - 1}</a> <a href="index.html">Contents</a>
<a href="p{i + 1}.html">Page {i + 1}</a></div>
<div class="body"><h1>Page {i}</h1><p>Text {i}.</p></div></body></html>"""


def site() -> SiteIndex:
    return SiteIndex(
        [f"http://docs.test/p{i}.html" for i in range(1, 21)],
        [parse_html(page(i)) for i in range(1, 21)],
    )


def example(index: SiteIndex, i: int, xpath: str) -> Example:
    return Example(index.urls[i], index.trees[i], index.trees[i].xpath(xpath)[0])


def test_a_sibling_entry_as_not_this_is_refused_naming_the_list() -> None:
    index = site()
    toc = "/html/body/div[1]/ul/ul"
    with pytest.raises(InductionError) as err:
        induce(
            [example(index, 2, f"{toc}/li[1]/a"), example(index, 2, f"{toc}/li[2]/a")],
            [example(index, 2, f"{toc}/li[3]/a")],
            index=index,
            as_list=True,
        )
    assert "entry of the examples' own list" in err.value.reason, err.value.reason
    assert "'On this page:'" in err.value.reason, err.value.reason


def test_a_fixed_label_beside_the_items_is_still_left_out() -> None:
    index = site()
    rules = induce(
        [example(index, 3, "/html/body/div[2]/a[1]"), example(index, 3, "/html/body/div[2]/a[3]")],
        [example(index, 3, "/html/body/div[2]/a[2]")],
        index=index,
        as_list=True,
    )
    assert rules and rules[0].examples[0] == ["Page 3", "Page 5"], rules[0].xpath
