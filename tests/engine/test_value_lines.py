"""Field values of inline elements a stylesheet shows as lines: cppreference lists an
overload set's names as `<span class="t-lines"><span>remove</span><span>remove_if</span></span>`,
with no white space between the names. Template field values join them with a space; words made
of inline markup inside text (`<b>foo</b>bar`, `<code>x</code>` in a sentence) stay whole, and
so does the cleaner's text."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.htmltree import parse_html, visible_text
from deboiler_gui.engine.template.extract import extract_field
from deboiler_gui.engine.template.model import Field, Template

CPPREF_ROW = """<html><body><table class="t-dsc-begin"><tr class="t-dsc"><td>
<div class="t-dsc-member-div"><div><a href="remove.html" title="cpp/algorithm/remove">
<span class="t-lines"><span>remove</span><span>remove_if</span></span></a></div>
<div><span class="t-lines"><span></span><span></span></span></div></div></td>
<td>removes elements satisfying specific criteria</td></tr></table></body></html>"""


def value(html: str, xpath: str, *, is_list: bool = False) -> object:
    fld = Field("f", xpaths=(xpath,), is_list=is_list)
    got, _report = extract_field(parse_html(html), fld, Template("t", fields=(fld,)))
    return got


def test_inline_lines_are_joined_with_a_space() -> None:
    assert value(CPPREF_ROW, "//tr[@class='t-dsc']/td[1]//a") == "remove remove_if"
    assert value(CPPREF_ROW, "//span[@class='t-lines']") == "remove remove_if"
    assert value(CPPREF_ROW, "//tr[@class='t-dsc']//a", is_list=True) == ["remove remove_if"]


@pytest.mark.parametrize(
    ("html", "want"),
    [
        ("<p id='v'><b>foo</b>bar</p>", "foobar"),
        ("<p id='v'>call <code>x</code>() now</p>", "call x() now"),
        ("<p id='v'>a<b>b</b><i>c</i>d</p>", "abcd"),
        # Unlike siblings that make one word (a signature's module prefix and its name).
        (
            "<dt id='v'><span class='pre-name'>lxml.etree.</span><span class='name'>"
            "C14NError</span></dt>",
            "lxml.etree.C14NError",
        ),
        ("<p id='v'><span>one</span> <span>two</span></p>", "one two"),
        # A signature's parentheses, and a word spelt one letter a span.
        (
            "<dt id='v'><span class='n'>add_note</span><span class='p'>(</span>"
            "<span class='p'>)</span></dt>",
            "add_note()",
        ),
        ("<p id='v'><span>o</span><span>n</span><span>e</span></p>", "one"),
    ],
)
def test_words_of_inline_markup_stay_whole(html: str, want: str) -> None:
    assert value(f"<html><body>{html}</body></html>", "//*[@id='v']") == want


def test_the_cleaner_text_is_unchanged() -> None:
    root = parse_html(CPPREF_ROW)
    span = root.xpath("//span[@class='t-lines']")[0]
    assert visible_text(span) == "removeremove_if"
