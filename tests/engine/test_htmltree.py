"""The one parse function: bad markup, empty input, fragments and 10,000-level nesting."""

from __future__ import annotations

import lxml.etree as etree
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deboiler_gui.engine.htmltree import (
    _visible_text_walk,
    cap_depth,
    hidden_elements,
    may_hide,
    parse_html,
    visible_text,
    xpath_of,
)


def test_deep_nesting_keeps_the_text_below_and_after_the_parser_limit() -> None:
    html = (
        "<html><body>"
        + "<div>" * 10_000
        + "deep text"
        + "</div>" * 10_000
        + "<p>after it</p></body></html>"
    )
    text = visible_text(parse_html(html))
    assert "deep text" in text
    assert "after it" in text


def test_deep_nesting_without_the_id_table_keeps_the_text_below_and_after_the_limit() -> None:
    html = "<html><body>" + "<div>" * 3000 + "deep" + "</div>" * 3000 + "<p>after</p></body></html>"
    text = visible_text(parse_html(html, ids=False))
    assert "deep" in text
    assert "after" in text


def test_the_cleaners_parse_without_ids_is_the_same_tree_and_only_id_lookups_differ() -> None:
    html = (
        "<html><head><title>T</title></head><body><div id='a' class='x'>one<p id='a'>two</p>"
        "<!-- c --><noframes><p>nf</p></noframes></div>tail<table><td>cell</td></table>"
        "</body></html>"
    )
    with_ids, without = parse_html(html), parse_html(html, ids=False)
    assert etree.tostring(with_ids) == etree.tostring(without)
    assert [e.tag for e in with_ids.xpath("id('a')")] == ["div"]
    assert without.xpath("id('a')") == []
    assert [e.tag for e in without.xpath("//*[@id='a']")] == ["div", "p"]


def test_cap_depth_keeps_structure_above_the_limit_and_all_text() -> None:
    html = "<div><section>" + "<b>" * 5 + "x" + "</b>" * 5 + "</section><p>y</p></div></bogus>"
    capped = cap_depth(html, limit=3)
    assert capped.startswith("<div><section><b>x</b></section><p>y</p></div>")
    root = parse_html(capped)
    assert visible_text(root) == "x\ny"


def test_empty_binaryish_and_fragment_inputs_give_a_document() -> None:
    for raw in (
        "",
        "   ",
        b"\x00\x01\x02",
        "just text",
        "<?xml version='1.0' encoding='utf-8'?><p>x</p>",
    ):
        root = parse_html(raw)
        assert root.tag == "html"
        assert root.find("body") is not None


def test_xpath_of_indexes_only_repeated_tags() -> None:
    root = parse_html(
        "<html><body><div>a</div><div><ul><li>1</li><li>2</li></ul></div></body></html>"
    )
    li = root.xpath("//li")[1]
    assert xpath_of(li) == "/html/body/div[2]/ul/li[2]"
    assert root.xpath(xpath_of(li)) == [li]


def test_visible_text_skips_scripts_and_puts_blocks_on_lines() -> None:
    root = parse_html(
        "<body><p>one <span>two</span></p><script>var x=1</script><style>p{}</style><div>three</div></body>"
    )
    assert visible_text(root) == "one two\nthree"


_TAGS = [
    "div",
    "p",
    "span",
    "b",
    "li",
    "ul",
    "td",
    "script",
    "style",
    "br",
    "a",
    "h2",
    "title",
    "pre",
]


@st.composite
def _markup(draw: st.DrawFn, depth: int = 0) -> str:
    parts = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(
            st.sampled_from(["text", "tag", "comment"] if depth < 6 else ["text", "comment"])
        )
        if kind == "text":
            parts.append(
                draw(st.sampled_from(["a", " b ", "c\u00a0d", "中文", "\n e \t", "&amp;"]))
            )
        elif kind == "comment":
            parts.append("<!-- x -->")
        else:
            tag = draw(st.sampled_from(_TAGS))
            parts.append(f"<{tag}>{draw(_markup(depth + 1))}</{tag}>")
    return "".join(parts)


@settings(max_examples=200, deadline=None)
@given(_markup())
def test_visible_text_of_every_element_matches_the_tree_walk(markup: str) -> None:
    root = parse_html(f"<html><body>{markup}</body></html>")
    for el in root.iter():
        assert visible_text(el) == _visible_text_walk(el)


def test_visible_text_is_the_same_from_several_threads() -> None:
    from concurrent.futures import ThreadPoolExecutor

    pages = [
        f"<html><body><div><p>page {i}</p><script>no</script><ul><li>a{i}</li><li>b</li></ul></div></body></html>"
        for i in range(200)
    ]
    with ThreadPoolExecutor(4) as pool:
        texts = list(pool.map(lambda h: visible_text(parse_html(h)), pages))
    assert texts == [f"page {i}\na{i}\nb" for i in range(200)]


def test_a_word_break_is_empty_and_does_not_swallow_the_rest_of_its_parent() -> None:
    from deboiler_gui.engine.htmltree import parse_html

    root = parse_html("<h1><span>A <a>std</a>::<wbr><a>fs</a>::<WBR/><a>File</a></span></h1>")
    links = root.xpath("//a")
    assert [a.getparent().tag for a in links] == ["span", "span", "span"]
    assert [len(w) for w in root.xpath("//wbr")] == [0, 0]


def test_readable_path_names_a_place_by_ids_and_classes() -> None:
    from deboiler_gui.engine.htmltree import readable_path

    root = parse_html(
        "<html><body><div class='site wide x'><div id='content'><div class='article'>"
        "<p>a</p></div></div><div><section class='a'><div><div class='b'><ul><li>x</li>"
        "</ul></div></div></section></div></div></body></html>"
    )
    p = root.find(".//p")
    assert readable_path(p) == "div#content > div.article > p"
    assert readable_path(root.find(".//div[@id='content']")) == "div#content"
    # no id above: from below the body, a long chain keeps its first and last two steps
    assert readable_path(root.find(".//li")) == "div.site.wide > … > ul > li"
    assert readable_path(root.find("body")) == "body"


def test_readable_path_with_the_steps_above_parents_kept_names_every_element_the_same() -> None:
    from deboiler_gui.engine.htmltree import readable_path

    root = parse_html(
        "<html><body><div class='site wide x'><div id='content'><div class='article'>"
        "<p>a</p><p id='two words'>b</p></div></div><div><section class='a'><div>"
        "<div class='b'><ul><li>x</li><li id='last'>y</li></ul></div></div></section></div>"
        "<span>z</span></div><p>loose</p></body></html>"
    )
    above: dict = {}
    names = [readable_path(el, above) for el in root.iter()]
    assert names == [readable_path(el) for el in root.iter()]
    assert "div.site.wide > … > ul > li" in names and "li#last" in names
    # the second time, from the steps kept, the same again
    assert [readable_path(el, above) for el in root.iter()] == names


@pytest.mark.parametrize(
    ("html", "hides"),
    [
        ("<div HiDdEn>x</div>", True),
        ('<span aria-hidden="true">x</span>', True),
        ("<p>a hidden word</p>", True),
        ("<p>nothing to hide</p>", False),
        ("<" + "p " + "a=1 " * 1_000 + ">x</p>", False),
        # a start tag of thousands of attributes is cut by prepare_html: two pieces of a
        # name may meet, so it may hide
        ("<" + "p " + "a " * 40_000 + ">x</p>", True),
    ],
)
def test_may_hide_says_whether_a_page_can_have_hidden_elements(html: str, hides: bool) -> None:
    assert may_hide(html) is hides
    if not hides:
        assert hidden_elements(parse_html(html)) == set()
