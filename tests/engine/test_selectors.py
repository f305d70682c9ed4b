"""Selectors: safe compile, suggestions ranked with site-wide hit rates, learned volatility,
%d list generalisation and record containers."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tplsite import article_html, pages

from deboiler_gui.engine.htmltree import parse_html, xpath_of
from deboiler_gui.engine.model import RuleError
from deboiler_gui.engine.template.selectors import (
    SiteIndex,
    compile_selector,
    expand_pattern,
    flatten_descendants,
    list_from_example,
    list_from_examples,
    record_from_example,
    select,
    select_elements,
    suggest,
    to_xpath,
)


def test_css_and_xpath_are_both_accepted() -> None:
    root = parse_html(article_html(1))
    assert [e.text for e in select_elements(root, "h1.headline")] == [
        "Article number 1: on widgets"
    ]
    assert [e.text for e in select_elements(root, "//h1")] == ["Article number 1: on widgets"]
    assert select_elements(root, "css:ul.tags > li")[0].tag == "li"
    assert to_xpath("xpath://a") == "//a"
    assert compile_selector("//h1") is compile_selector("//h1")  # cached


@pytest.mark.parametrize("bad", ["//div[@id='x'", "div[[", "//*[foo(]", "   "])
def test_invalid_selectors_name_the_expression(bad: str) -> None:
    with pytest.raises(RuleError) as info:
        compile_selector(bad)
    assert info.value.expression == bad
    assert repr(bad) in str(info.value)


def test_suggest_ranks_stable_unique_candidates_with_site_hit_rates() -> None:
    site = pages(8)
    index = SiteIndex.from_pages(site)
    root = index.trees[2]
    h1 = root.xpath("//h1")[0]
    cands = suggest(h1, index)
    assert cands, "no candidate"
    best = cands[0]
    assert best.page_matches == 1 and best.selects_target
    assert best.site == {"pages": 8, "one": 8, "none": 0, "many": 0, "rate": 1.0}
    # Every candidate selects the node; positional ones come after hook-based ones.
    families = [c.family for c in cands]
    assert families.index("positional") > families.index("class")
    for c in cands:
        assert h1 in select_elements(root, c.xpath)


def test_volatile_ids_and_classes_are_learned_and_avoided() -> None:
    index = SiteIndex.from_pages(pages(6))
    root = index.trees[0]
    body = root.xpath("//div[@class='body']")[0]
    article = body.getparent()
    assert index.is_volatile(article, "id", article.get("id"))  # post-1001, post-1002...
    assert index.is_volatile(article, "class", article.get("class").split()[1])  # s1x9f3a...
    assert not index.is_volatile(article, "class", "article")
    for c in suggest(body, index, limit=20):
        assert "post-100" not in c.xpath and "x9f3a" not in c.xpath, c.xpath
        assert "tbody" not in c.xpath


def _nav_page(i: int) -> str:
    """A DocBook-style navigation bar of icon links, the previous chapter's title and a
    tooltip that names the page (volatile at its place)."""
    return f"""<html><body><table class='navigation' id='top'><tr>
    <td class='shortcuts'><a href='#' class='shortcut'>Top</a></td>
    <td><a accesskey='h' href='index.html'><img src='home.png' alt='Home'></a></td>
    <td><a accesskey='u' href='part{i // 3}.html'><img src='up.png' alt='Up'></a></td>
    <td><a accesskey='p' href='ch{i - 1}.html' title='Chapter {i - 1}'><img src='left.png'
      alt='Prev'></a></td>
    <td><a accesskey='n' href='ch{i + 1}.html'><img src='right.png' alt='Next'></a></td>
    </tr></table><div class='chapter'><h1>Chapter {i}</h1></div></body></html>"""


def test_suggest_offers_a_stable_hook_attribute_of_the_node_itself() -> None:
    index = SiteIndex(
        [f"https://d.example/ch{i}.html" for i in range(8)],
        [parse_html(_nav_page(i)) for i in range(8)],
    )
    link = select_elements(index.trees[3], "//a[img[@alt='Prev']]")[0]
    cands = suggest(link, index)
    assert cands[0].xpath == "//a[@accesskey='p']", [c.xpath for c in cands]
    assert cands[0].site["one"] == 8
    # The tooltip names the previous chapter: another value at the same place on other pages.
    assert all("Chapter 2" not in c.xpath for c in suggest(link, index, limit=20))


def test_suggest_never_emits_tbody() -> None:
    root = parse_html(
        "<html><body><table><tr><td>a</td></tr><tr><td id='b'>b</td></tr></table></body></html>"
    )
    td = root.xpath("//td")[1]
    for c in suggest(td, None, limit=20):
        assert "tbody" not in c.xpath
        assert td in select_elements(root, c.xpath)


def test_list_from_one_example_generalises_the_varying_step() -> None:
    root = parse_html(article_html(3, tags=5))
    a = root.xpath("//ul[@class='tags']/li[2]/a")[0]
    found = list_from_example(a.getparent())
    assert found is not None
    assert found.pattern.endswith("ul/li[%d]")
    assert found.count == 5 and found.indices == (1, 2, 3, 4, 5)
    assert [e.text for e in expand_pattern(root, found.pattern + "/a")] == [
        f"tag 3-{k}" for k in range(5)
    ]


def test_list_from_several_examples() -> None:
    root = parse_html(article_html(3, tags=7))
    items = [root.xpath(f"//ul[@class='tags']/li[{k}]/a")[0] for k in (2, 4, 6)]
    found = list_from_examples(items)
    assert "li[%d]/a" in found.pattern
    assert (found.start, found.stride) == (2, 2)
    assert found.count == 7
    other = root.xpath("//h1")[0]
    with pytest.raises(RuleError, match="different tag paths"):
        list_from_examples([items[0], other])


def test_record_container_and_relative_fields() -> None:
    root = parse_html(article_html(4))
    k = root.xpath("//table/tr[2]/td[1]")[0]
    v = root.xpath("//table/tr[2]/td[2]")[0]
    rec = record_from_example({"key": k, "value": v})
    assert rec.container.endswith("table/tr[%d]")
    assert rec.fields == {"key": "./td[1]", "value": "./td[2]"}
    assert rec.count == 3
    rows = expand_pattern(root, rec.container)
    assert [r.xpath(rec.fields["value"])[0].text for r in rows] == ["40", "41", "42"]


def test_expand_pattern_tolerates_gaps_and_stops() -> None:
    root = parse_html("<ul><li>1</li><li>2</li><li><b>x</b></li><li>4</li></ul>")
    # li[3] has no text node child of its own: the probe skips it and carries on.
    got = expand_pattern(root, "//ul/li[%d]/text()")
    assert got == ["1", "2", "4"]
    assert xpath_of(root.xpath("//li")[3]) == "/html/body/ul/li[4]"


def _naive_expand(root: Any, pattern: str, max_misses: int = 3) -> list[Any]:
    out: list[Any] = []
    misses, i = 0, 1
    while misses < max_misses and i <= 10_000:
        found = select(root, pattern.replace("%d", str(i)))
        out.extend(found)
        misses = 0 if found else misses + 1
        i += 1
    return out


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.lists(st.integers(0, 3), max_size=9), min_size=1, max_size=4),
    st.sampled_from(
        [
            "//ul[@class='x']/li[%d]",
            "//ul/li[%d]/a",
            "//div//li[%d]",
            "/html/body/div/ul/li[%d]/a/text()",
            "//ul/li[%d]/a/@href",
            "//div[@id='d']//ul/li[%d]",
            "(//ul)[1]/li[%d]",
            "//li[%d]",
            "//ul[li[%d]]",
            "//div[@id='d']/ul[2]/li[%d]//a",
            "//ol/li | //ul[@class='y']/li[%d]/a",
        ]
    ),
)
def test_list_patterns_expand_as_probing_each_index_does(
    lists: list[list[int]], pattern: str
) -> None:
    # Lists with gaps: item k of a list is missing when its number is 0, so runs of misses
    # stop the expansion at different places.
    body = "".join(
        f"<ul class='{'x' if n % 2 else 'y'}'>"
        + "".join(
            f"<li><a href='/{n}/{k}'>{n}.{k}</a></li>" if v else "<p>gap</p>"
            for k, v in enumerate(items)
        )
        + "</ul>"
        for n, items in enumerate(lists)
    )
    root = parse_html(f"<html><body><div id='d'>{body}</div><p>end</p></body></html>")
    assert expand_pattern(root, pattern) == _naive_expand(root, pattern)


def test_hit_rates_are_computed_once_per_expression(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from deboiler_gui.engine.htmltree import parse_html
    from deboiler_gui.engine.template import selectors as sel

    trees = [
        parse_html(f"<html><body><p class='a'>x{i}</p><p>y</p></body></html>") for i in range(4)
    ]
    index = sel.SiteIndex([f"https://h.example/{i}" for i in range(4)], trees)
    calls = []
    real = sel.count_hits

    def counting(t, xp):  # type: ignore[no-untyped-def]
        calls.append(xp)
        return real(t, xp)

    monkeypatch.setattr(sel, "count_hits", counting)
    first = index.hit_rate("//p[@class='a']")
    first["rate"] = -1  # a caller changing its copy changes nothing
    again = index.hit_rate("//p[@class='a']")
    assert again == {"pages": 4, "one": 4, "none": 0, "many": 0, "rate": 1.0}
    assert index.hit_rate("//p")["many"] == 4
    assert len(calls) == 2


@pytest.mark.parametrize(
    ("xp", "flat"),
    [
        (
            "//div[@class='s']//a[normalize-space(.)='F [x] y']",
            "//a[normalize-space(.)='F [x] y'][ancestor::div[@class='s']]",
        ),
        ("//div//a", "//a[ancestor::div]"),
        ("//table[@class='t']//tr[td]/td[2]", "//tr[td][ancestor::table[@class='t']]/td[2]"),
        ("//div[2]//a", "//div[2]//a"),  # positional: left as written
        ("//div//a[last()]", "//div//a[last()]"),
        ("//div[@id='x']//a", "//div[@id='x']//a"),  # an id is one node
        ("/html/body//a", "/html/body//a"),
    ],
)
def test_nested_descendant_steps_are_walked_once(xp: str, flat: str) -> None:
    assert flatten_descendants(xp) == flat


def test_flattened_descendant_steps_select_the_same_nodes() -> None:
    """Nested sections: the written form visits each link once per enclosing section; the
    flattened one once. Same nodes, same order."""
    inner = "<div class='s'><a>x</a><div class='s'><a>y</a><p><a>x</a></p></div></div>"
    root = parse_html(f"<html><body>{inner * 3}<a>x</a><div class='t'><a>x</a></div></body></html>")
    for xp in (
        "//div[@class='s']//a[.='x']",
        "//div[@class='s']//a",
        "//div//p/a",
        "//div[@class='s']//a/text()",
    ):
        assert root.xpath(flatten_descendants(xp)) == root.xpath(xp), xp
        assert select(root, xp) == root.xpath(xp)
