"""The cleaner's shortcuts for large pages against their definitions: the sentence-end search
against a word then a mark, the series test with a parent's children counted once against
the sibling-by-sibling reading, the figure test sharing what it read across a page's figures
against one reading per figure."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from deboiler_gui.engine.clean.cleaning import (
    _SENTENCE_END,
    _figure_alone,
    _Fragments,
    _in_series,
)
from deboiler_gui.engine.htmltree import parse_html

#: the definition: two letters, then a full stop, a question or an exclamation mark, then a
#: space or the end of the text
_WORD_THEN_MARK = re.compile(r"[^\W\d_]{2}[.?!](?:\s|$)")


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="ab1_ .?!\n\t中文。é-", max_size=30))
def test_sentence_end_is_a_word_then_a_mark(text: str) -> None:
    assert (_SENTENCE_END.search(text) is None) == (_WORD_THEN_MARK.search(text) is None)


def test_sentence_end_in_long_chinese_text() -> None:
    prose = "这是一个很长的回答，没有英文句号。" * 2000
    assert _SENTENCE_END.search(prose) is None
    assert _SENTENCE_END.search(prose + " It ends here.") is not None
    assert _SENTENCE_END.search(prose + " v1.2 x.y") is None


def _listing() -> str:
    rows = "".join(
        f'<tr class="memitem:a{i:04x}"><td>f{i}()</td><td>x</td></tr>' for i in range(60)
    )
    rows += '<tr class="separator"><td></td></tr>' * 3
    entries = "".join(f'<div class="entry"><p>Entry {i}.</p></div>' for i in range(5))
    lone = '<div class="lone"><p>Alone.</p></div><p>loose</p><!-- a note -->'
    return f"<html><body><table>{rows}</table><div>{entries}{lone}</div></body></html>"


def test_series_counted_once_per_parent_agrees_with_each_sibling_read() -> None:
    root = parse_html(_listing())
    fragments = _Fragments([], set(), set())
    elements = list(root.iter())
    assert any(_in_series(el) for el in elements)
    assert not all(_in_series(el) for el in elements)
    for el in elements:
        assert fragments._in_series(el) == _in_series(el), el.tag
    # read again, from the memo
    for el in reversed(elements):
        assert fragments._in_series(el) == _in_series(el), el.tag


def test_figure_test_shares_its_reading_across_a_pages_figures() -> None:
    photo = '<figure><img src="p.jpg"><figcaption>A photo</figcaption></figure>'
    story = "<p>" + "The story goes on with a sentence of its own. " * 5 + "</p>"
    page = (
        "<html><body><div id='main'>"
        f"<div class='a'>{photo}<div>{photo}</div></div>"
        f"<div class='b'>{photo}{story}</div>"
        f"<div class='c'><span>{photo}</span><footer>{story}</footer></div>"
        "</div></body></html>"
    )
    root = parse_html(page)
    main = root.find(".//div[@id='main']")
    first = root.find(".//div[@class='a']")
    # the first column's figures measured against that column (no sentences beside them),
    # the others against the whole content (the story beside them)
    cases = [(f, first if first in f.iterancestors() else main) for f in root.iter("figure")]
    alone = [_figure_alone(f, top, 60) for f, top in cases]
    shared: dict = {}
    assert [_figure_alone(f, top, 60, shared) for f, top in cases] == alone
    assert [_figure_alone(f, top, 60, shared) for f, top in reversed(cases)] == alone[::-1]
    assert alone == [True, True, False, False]
