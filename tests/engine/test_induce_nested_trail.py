"""A trail whose levels each sit in a block of their own (Scribble's side panel: the root in a
title block inside the first level block, each next level in a block beside it, each a
one-row table ending on `td[3]/a`): the examples are alike items at different depths below
one hooked container, so the rule is that container with a descendant step to the common
tail, and it takes the same items on pages with fewer levels."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, InductionError, induce, several_lists
from deboiler_gui.engine.template.selectors import select_elements


def level(name: str, subs: list[str]) -> str:
    rows = "".join(f"<tr><td></td><td><a href='{s}.html'>{s}</a></td></tr>" for s in subs)
    return (
        f"<table><tr><td><a class='toggle'>&gt;</a></td><td></td>"
        f"<td><a class='link' href='{name}.html'>{name}</a></td></tr></table>"
        f"<div class='sub'><table>{rows}</table></div>"
    )


def page(trail: list[str]) -> str:
    root, *rest = trail
    blocks = (
        f"<div class='list top'><div class='title'>{level(root, ['One', 'Two', 'Three'])}"
        "</div></div>"
    )
    blocks += "".join(f"<div class='list'>{level(n, ['A', 'B'])}</div>" for n in rest)
    return f"""<html><body>
<div class="panel"><div class="view">{blocks}</div></div>
<div class="main"><h1>{trail[-1]}</h1><table><tr><td>x</td><td>y</td>
<td><a href="z.html">z</a></td></tr></table></div>
</body></html>"""


TAIL = "table/tr/td[3]/a"


def test_three_levels_in_nested_blocks_make_one_trail() -> None:
    root = parse_html(page(["Reference", "Datatypes", "Numbers"]))
    url = "http://ref.test/numbers.html"
    exs = [
        Example(url, root, root.xpath(f"/html/body/div[1]/div/div[1]/div/{TAIL}")[0]),
        Example(url, root, root.xpath(f"/html/body/div[1]/div/div[2]/{TAIL}")[0]),
        Example(url, root, root.xpath(f"/html/body/div[1]/div/div[3]/{TAIL}")[0]),
    ]
    rules = induce(exs, as_list=True)
    best = rules[0]
    assert best.examples == [["Reference", "Datatypes", "Numbers"]], best.xpath
    assert "//" in best.xpath.lstrip("/"), best.xpath
    # the same items on pages with fewer levels, nothing of the main part or the sub-lists
    for trail in (["Reference", "Strings"], ["Reference"]):
        other = parse_html(page(trail))
        found = select_elements(other, best.xpath)
        assert [n.text_content() for n in found] == trail, best.xpath


def test_levels_in_like_blocks_are_one_list_and_unlike_ones_are_not() -> None:
    root = parse_html(page(["Reference", "Strings"]))
    found = root.xpath(f"//div[@class='view']//div/{TAIL}")
    assert [n.text_content() for n in found] == ["Reference", "Strings"]
    assert not several_lists(found)
    # a one-row table of the main part is another list
    apart = [found[0], root.xpath(f"//div[@class='main']/{TAIL}")[0]]
    assert several_lists(apart)


def test_a_refused_list_says_why() -> None:
    """Two links of one list and one of another list beside it: every rule that selects the
    three takes two lists, and the refusal says so, with a rule and the page."""
    html = """<html><body><div class="nav"><ul><li><a href="a">A</a></li>
<li><a href="b">B</a></li></ul><p>text</p><ul><li><a href="c">C</a></li>
<li><a href="d">D</a></li></ul></div></body></html>"""
    root = parse_html(html)
    url = "http://t.test/p.html"
    exs = [
        Example(url, root, root.xpath(xp)[0])
        for xp in ("//ul[1]/li[1]/a", "//ul[1]/li[2]/a", "//ul[2]/li[1]/a")
    ]
    with pytest.raises(InductionError) as err:
        induce(exs, as_list=True)
    text = str(err.value)
    assert "no list rule selects these examples (" in text, text
    assert f"takes items of several lists on {url}" in text, text
    assert "/ul/li/a" in text, text
