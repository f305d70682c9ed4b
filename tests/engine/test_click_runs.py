"""A click's XPath runs: each run once per page under ``shared_runs``, and ``//tag[predicate]``
walked as ``/descendant::tag[predicate]`` only when that finds the same nodes."""

from __future__ import annotations

import lxml.etree as etree
import pytest

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import (
    Example,
    click_candidates,
    one_click_rules,
)
from deboiler_gui.engine.template.selectors import (
    SiteIndex,
    compile_selector,
    descend_first,
    run_compiled,
    shared_runs,
)

PAGE = """<html><body>
<div class="nav main"><ul><li class="a">one</li><li class="a b">two</li><li>three</li></ul>
<ul><li class="a">four</li><li>five <a href="#x" title="t">x</a></li></ul></div>
<div class="body"><div class="body inner"><p>p1</p><p class="a">p2</p></div><p>p3</p>
<table><tr><td>c1</td></tr><tr><td>c2</td></tr></table></div>
<div id="foot"><p>f1</p><p class="a">f2</p></div>
</body></html>"""

REWRITTEN = [
    "//li[@class='a']",
    "//li[contains(concat(' ', normalize-space(@class), ' '), ' a ')]/..",
    "//p[ancestor::div[contains(concat(' ', normalize-space(@class), ' '), ' body ')]]",
    "//div[@class='body']/p",
    "//*[@title='t']",
    "//li[normalize-space(.)='five x']/a",
    "//li[not(@class)][following-sibling::li]",
    "//p[@class='a'][ancestor::div[@id='foot']]",
    "//li[normalize-space(.)='[1]']",
    "//td[starts-with(., 'c')]/../following-sibling::tr",
    "//li[@class='a']//a",
]

KEPT = [
    "//li[2]",
    "//li[@class='a'][1]",
    "//li[position() > 1]",
    "//li[last()]",
    "//ul[count(li)]",
    "//p[string-length(.)]",
    "//li[@class='a' and 1]",
    "//li[$x]",
    "//li[1 - 0]",
    "//li[- 1]",
    "//li[.5]",
    "//li[@class = @class * 2]",
    "//li",
    "(//li)[1]",
    "/html/body//li[@class='a']",
    "//li[@class='a'] | //p",
    "//div//li[@class='a']",
]


@pytest.mark.parametrize("xp", REWRITTEN)
def test_a_first_step_without_positions_is_walked_as_descendants(xp: str) -> None:
    assert descend_first(xp) == "/descendant::" + xp[2:]


@pytest.mark.parametrize("xp", KEPT)
def test_a_step_that_may_read_a_position_is_kept(xp: str) -> None:
    assert descend_first(xp) == xp


@pytest.mark.parametrize("xp", [*REWRITTEN, *(x for x in KEPT if "$" not in x)])
def test_the_rewritten_selector_finds_the_same_nodes_in_the_same_order(xp: str) -> None:
    root = parse_html(PAGE)
    plain = etree.XPath(xp)(root)
    walked = etree.XPath(descend_first(xp))(root)
    assert [root.getroottree().getpath(n) for n in walked] == [
        root.getroottree().getpath(n) for n in plain
    ]
    # and the compiled selector (rows with and without tbody, nested steps flattened) agrees
    assert [id(n) for n in compile_selector(xp)(root)] == [id(n) for n in plain]


def test_runs_are_shared_within_the_scope_only() -> None:
    root = parse_html(PAGE)
    xp = compile_selector("//li[@class='a']")
    with shared_runs():
        first = run_compiled(xp, root)
        with shared_runs():  # nested: the outer runs are kept
            assert run_compiled(xp, root) is first
        assert len(first) == 2
    assert run_compiled(xp, root) is not first
    assert run_compiled(xp, root) == first


def test_an_evaluation_error_is_raised_again_from_the_shared_runs() -> None:
    root = parse_html(PAGE)
    xp = etree.XPath("//li[unknown-function(.)]")
    with shared_runs():
        for _ in range(2):
            with pytest.raises(etree.XPathEvalError):
                run_compiled(xp, root)


def _site(n: int) -> SiteIndex:
    pages = []
    for i in range(n):
        items = "".join(f"<li><a href='/p{k}'>entry {k}</a></li>" for k in range(i % 4 + 2))
        pages.append(
            parse_html(
                f"<html><body><div class='top'><a accesskey='N' href='/p{i + 1}'>next</a>"
                f"<a href='/p{i - 1}'>prev</a></div><div class='body'><h1>Title {i}</h1>"
                f"<p>text {i}</p><ul class='toc'>{items}</ul></div></body></html>"
            )
        )
    return SiteIndex([f"https://site.test/p{i}" for i in range(n)], pages)


@pytest.mark.parametrize("clicked", ["//h1", "//a[@accesskey='N']", "//ul/li[2]/a", "//p"])
def test_a_click_gives_the_same_candidates_and_hit_rates_with_shared_runs(clicked: str) -> None:
    def candidates(shared: bool) -> list[dict]:
        index = _site(70)  # more pages than the induction samples
        root = index.trees[3]
        ex = Example(index.urls[3], root, root.xpath(clicked)[0])
        if shared:
            with shared_runs():
                rules = one_click_rules(ex, index)
                got = click_candidates(ex, index, rules=rules)
        else:
            got = click_candidates(ex, index)
        return [c.to_dict() for c in got]

    alone, shared = candidates(False), candidates(True)
    assert shared == alone
    assert shared and shared[0]["site"]["pages"] == 70
