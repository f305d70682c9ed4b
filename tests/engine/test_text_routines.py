"""The fast text routines against their definitions: normalize_text against the two
substitutions it replaces, visible_text_except against the text of a pruned copy (the copy
extraction used to make for a field with removed nodes inside it)."""

from __future__ import annotations

import copy
from typing import Any

import lxml.etree as etree
from hypothesis import given, settings
from hypothesis import strategies as st

import deboiler_gui.engine.htmltree as htmltree
from deboiler_gui.engine.htmltree import (
    _visible_text_walk,
    drop_element,
    normalize_text,
    normalize_text_slow,
    parse_html,
    visible_text,
    visible_text_except,
)


def pruned_copy_text(el: Any, skip: list[Any]) -> str:
    """The reference: copy the element, drop the skipped nodes (tails kept), read the copy's
    text with the tree walk (no XSLT)."""
    dup = copy.deepcopy(el)
    dup.tail = None
    mapping = dict(zip(el.iter(), dup.iter(), strict=False))
    for node in skip:
        if node in mapping:
            drop_element(mapping[node])
    return _visible_text_walk(dup)


# --------------------------------------------------------------------------- normalize_text

_SPACEY = [" ", "  ", "\t", "\n", "\n\n", "\r\n", "\x0b", "\x0c", "\xa0", "\u200b", "\u3000"]
_OTHER = ["\u2002", "\x85", "\u2028", "\x1c", "\u202f"]
_WORDS = ["a", "bc", "中文", "x.y", "é"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_SPACEY + _WORDS), max_size=30))
def test_normalize_text_is_the_two_substitutions_on_common_white_space(parts: list[str]) -> None:
    text = "".join(parts)
    assert normalize_text(text) == normalize_text_slow(text)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_SPACEY + _OTHER + _WORDS), max_size=30))
def test_normalize_text_is_the_two_substitutions_on_any_white_space(parts: list[str]) -> None:
    text = "".join(parts)
    assert normalize_text(text) == normalize_text_slow(text)


def test_normalize_text_examples() -> None:
    assert normalize_text("  a \t b \n\n  c\xa0\xa0d \r\n") == "a b\nc d"
    # U+200B is collapsed like a space, U+2002 is kept inside a line, dropped at its ends
    assert normalize_text("a\u200b\u200bb") == "a b"
    assert normalize_text("a\u2002b \u2002\n c") == "a\u2002b\nc"
    assert normalize_text("\n \n") == ""


# --------------------------------------------------------------------------- visible_text_except

_TAGS = ["div", "p", "span", "b", "li", "ul", "td", "script", "style", "br", "a", "h2", "pre"]


@st.composite
def _markup(draw: st.DrawFn, depth: int = 0) -> str:
    parts = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(
            st.sampled_from(["text", "tag", "comment"] if depth < 5 else ["text", "comment"])
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


@settings(max_examples=300, deadline=None)
@given(_markup(), st.data())
def test_visible_text_except_is_the_text_of_the_pruned_copy(markup: str, data: Any) -> None:
    root = parse_html(f"<html><body>{markup}</body></html>")
    before = etree.tostring(root)
    elements = [e for e in root.iter() if isinstance(e.tag, str)]
    for el in elements:
        inside = [d for d in el.iterdescendants() if isinstance(d.tag, str)]
        if not inside:
            continue
        skip = data.draw(st.lists(st.sampled_from(inside), max_size=4))
        assert visible_text_except(el, skip) == pruned_copy_text(el, skip)
    assert etree.tostring(root) == before  # the tree is read, never changed


CASES = [
    # (markup, xpath of the element read, xpath of the skipped nodes, text)
    ("<div>a<span>X</span>b</div>", "//div", "//span", "ab"),
    ("<div>a <span>X</span> b</div>", "//div", "//span", "a b"),
    ("<div>one<p>X</p>two</div>", "//div", "//p", "onetwo"),
    ("<div>one<p>keep</p>two<p>X</p>three</div>", "//div", "//p[2]", "one\nkeep\ntwothree"),
    ("<div>a<br>b<br>c</div>", "//div", "//br[1]", "ab\nc"),
    ("<div><p>a<b>X<i>Y</i></b>t</p><p>c</p></div>", "//div", "//b|//i", "at\nc"),
    ("<div><ul><li>1</li><li>X</li><li>3</li></ul></div>", "//div", "//li[2]", "1\n3"),
    ("<div>a<script>s</script><span>X</span>b<!-- c -->d</div>", "//div", "//span", "abd"),
    ("<div>a<script>s<span>X</span></script>b</div>", "//div", "//script", "ab"),
    (
        "<div><section><div><p>deep X</p>tail</div></section>end</div>",
        "//div[1]",
        "//p",
        "tail\nend",
    ),
]


def test_visible_text_except_on_tricky_markup() -> None:
    for markup, at, skip_at, want in CASES:
        root = parse_html(f"<html><body>{markup}</body></html>")
        el = root.xpath(at)[0]
        skip = root.xpath(skip_at)
        assert visible_text_except(el, skip) == want, markup
        assert pruned_copy_text(el, skip) == want, markup


def test_skipping_nothing_itself_or_outside_nodes_reads_the_whole_element() -> None:
    root = parse_html("<html><body><div id='a'>x<p>y</p></div><div id='b'>z</div></body></html>")
    a = root.xpath("//div[@id='a']")[0]
    outside = root.xpath("//div[@id='b']")[0]
    assert visible_text_except(a, []) == visible_text(a) == "x\ny"
    assert visible_text_except(a, [a]) == "x\ny"
    assert visible_text_except(a, [outside]) == "x\ny"


def test_many_skipped_nodes_give_the_same_text_as_a_few() -> None:
    items = "".join(f"<li>item {i} <a>link {i}</a> after</li>" for i in range(500))
    root = parse_html(f"<html><body><ul>{items}</ul></body></html>")
    ul = root.xpath("//ul")[0]
    links = root.xpath("//a")
    want = "\n".join(f"item {i} after" for i in range(500))
    assert len(links) > htmltree._SKIP_NODES_MAX  # read from a pruned copy
    assert visible_text_except(ul, links) == want
    # below the limit the transform takes them: the same text
    assert visible_text_except(ul, links[:100]) == pruned_copy_text(ul, links[:100])


def test_deeper_than_the_transform_recurses_falls_back_to_the_walk() -> None:
    html = (
        "<html><body><div id='top'>"
        + "<div>" * 1000  # parsed whole (below MAX_DEPTH), deeper than the transform recurses
        + "deep <span>X</span>text"
        + "</div>" * 1000
        + "<p>after</p></div></body></html>"
    )
    root = parse_html(html)
    top = root.xpath("//div[@id='top']")[0]
    text = visible_text_except(top, root.xpath("//span"))
    assert text == pruned_copy_text(top, root.xpath("//span"))
    assert "deep text" in text and "X" not in text and "after" in text


def test_visible_text_except_is_the_same_from_several_threads() -> None:
    from concurrent.futures import ThreadPoolExecutor

    pages = [
        f"<html><body><div><p>page {i}</p><span>drop {i}</span><ul><li>a{i}</li></ul></div></body></html>"
        for i in range(200)
    ]

    def read(html: str) -> str:
        root = parse_html(html)
        return visible_text_except(root.xpath("//div")[0], root.xpath("//span"))

    with ThreadPoolExecutor(4) as pool:
        texts = list(pool.map(read, pages))
    assert texts == [f"page {i}\na{i}" for i in range(200)]


# --------------------------------------------------------------------------- parse_html's screen


def test_the_control_reference_pattern_takes_exactly_the_control_codes() -> None:
    """parse_html replaces references to control characters with one pattern run in C: it
    must take every spelling of each control code and no other reference."""
    control = {*range(0x01, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0xFFFE, 0xFFFF}
    changed = 0
    for code in [*range(0, 300), 65533, 65534, 65535, 65536, 655350]:
        for form in (
            f"&#{code};",
            f"&#000{code}",
            f"&#x{code:x};",
            f"&#X{code:X}",
            f"&#x00{code:x}",
        ):
            replaced = htmltree._CONTROL_REF_ONLY.sub(" ", form) != form
            assert replaced == (code in control), form
            changed += replaced
    assert changed == 5 * 30  # 1-8, 11, 12, 14-31, U+FFFE, U+FFFF in five spellings each
    assert htmltree._CONTROL_REF_ONLY.sub(" ", "it&#39;s &#8212; &#x2014; &#160;") == (
        "it&#39;s &#8212; &#x2014; &#160;"
    )
    root = parse_html("<p>a&#1;b&#x1F;c&#39;d</p>")
    assert visible_text(root) == "a b c'd"
