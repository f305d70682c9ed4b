"""Field values set a box apart from the word it abuts: an inline element that only gathers
whole items (Doxygen's `<span class="mlabels"><span class="mlabel">abstract</span></span>`
after a class title, a group of tags or badges) and a button are drawn as boxes of their own,
so their text is no piece of the word beside them. Markup that holds a word's letters itself
(`<b>Jso</b>n`, `<span>Jso</span>n`) keeps the word whole, punctuation beside a box stays
where it is, and the cleaner's text of the page is the page's as it is."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.htmltree import parse_html, visible_text
from deboiler_gui.engine.template.extract import extract_field, node_text
from deboiler_gui.engine.template.model import Field, Template

DOXYGEN_TITLE = """<html><body><div class="header"><div class="headertitle">
<div class="title">Json::CharReader Class Reference<span class="mlabels"><span class="mlabel">abstract</span></span></div>  </div>
</div><div class="contents"><p>Interface for reading JSON from a char array.</p></div></body></html>"""


def value(html: str, xpath: str, *, is_list: bool = False) -> object:
    fld = Field("f", xpaths=(xpath,), is_list=is_list)
    got, _report = extract_field(parse_html(html), fld, Template("t", fields=(fld,)))
    return got


def test_a_label_after_a_title_is_a_word_of_its_own() -> None:
    assert (
        value(DOXYGEN_TITLE, "//div[@class='title']") == "Json::CharReader Class Reference abstract"
    )
    assert value(DOXYGEN_TITLE, "//div[@class='title']", is_list=True) == [
        "Json::CharReader Class Reference abstract"
    ]
    assert value(DOXYGEN_TITLE, "//div[@class='header']") == (
        "Json::CharReader Class Reference abstract"
    )


def test_the_page_is_left_as_it_was() -> None:
    root = parse_html(DOXYGEN_TITLE)
    title = root.xpath("//div[@class='title']")[0]
    before = [(el.text, el.tail) for el in root.iter()]
    assert node_text(title) == "Json::CharReader Class Reference abstract"
    assert [(el.text, el.tail) for el in root.iter()] == before
    assert visible_text(title) == "Json::CharReader Class Referenceabstract"


@pytest.mark.parametrize(
    ("html", "want"),
    [
        # a group of labels, before or after the words, and between two words
        (
            "<h1 id='v'>Widget<span class='tags'><span>new</span><span>beta</span></span></h1>",
            "Widget new beta",
        ),
        ("<h1 id='v'><span class='tags'><span>Sale</span></span>Widget</h1>", "Sale Widget"),
        ("<p id='v'>Total<span><b>42</b></span>items</p>", "Total 42 items"),
        # a button between two words
        ("<p id='v'>Quantity<button>Add</button>Remove</p>", "Quantity Add Remove"),
        # words split by markup that holds the letters stay whole
        ("<p id='v'><b>Jso</b>n</p>", "Json"),
        ("<p id='v'>Jso<span class='hl'>n</span>Value</p>", "JsonValue"),
        ("<p id='v'><span>Jso</span>n</p>", "Json"),
        # a wrapper of one letter is a piece of a word
        ("<p id='v'>Jso<span><span>n</span></span></p>", "Json"),
        # punctuation or a space beside a group: nothing to add
        ("<p id='v'>Title (<span><span>abstract</span></span>)</p>", "Title (abstract)"),
        ("<p id='v'>Title <span><span>abstract</span></span></p>", "Title abstract"),
        (
            "<dt id='v'><span class='pre'><span>json.</span></span>"
            "<span class='name'><span>dumps</span></span></dt>",
            "json.dumps",
        ),
        # a wrapper with text of its own, or text between its items, is inline text
        ("<p id='v'>Json<span>Val<b>ue</b></span></p>", "JsonValue"),
        ("<p id='v'>Json<span><b>Va</b>l<b>ue</b></span></p>", "JsonValue"),
        # Chinese is written without spaces between words
        ("<h1 id='v'>类参考<span><span>抽象</span></span></h1>", "类参考抽象"),
    ],
)
def test_which_inline_elements_are_boxes(html: str, want: str) -> None:
    assert value(f"<html><body>{html}</body></html>", "//*[@id='v']") == want


def test_a_drawing_labels_are_left_as_they_are() -> None:
    html = (
        "<html><body><div id='v'><svg><text>CREATE</text><g><text>TABLE</text></g></svg>"
        "</div></body></html>"
    )
    assert value(html, "//*[@id='v']") == "CREATETABLE"
