"""Field values read an empty element between two runs of text as the separator a stylesheet
draws there: gi-docgen's titles are `<h1><a>Json</a><span class="sep"></span>ArrayForeach</h1>`
(the separator drawn by `span.sep::after`), read as "Json ArrayForeach", not
"JsonArrayForeach". Empty tags that may split a word (`b`, `i`, `em`, `code`, a named anchor)
keep the letters together, and the cleaner's text of the page stays as it was."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.htmltree import parse_html, visible_text
from deboiler_gui.engine.template.extract import extract_field, node_text
from deboiler_gui.engine.template.model import Field, Template

GIDOCGEN = """<!DOCTYPE html><html><head><title>Json.ArrayForeach</title>
<style>span.sep::after { content: "\\00a0/\\00a0"; }</style></head><body>
<div id="body-wrapper"><section id="main" class="content">
<header><h3>Callback</h3><h1><a href="index.html">Json</a><span class="sep"></span>ArrayForeach</h1></header>
<section><div class="declaration toggle-wrapper"><pre><code>void (* JsonArrayForeach) (JsonArray* array, guint index_, JsonNode* element_node, gpointer user_data)</code></pre></div>
<div class="docblock"><p>The function to be passed to <code>json_array_foreach_element()</code>.</p></div></section>
</section></div></body></html>"""


def value(html: str, xpath: str, *, is_list: bool = False, kind: str = "text") -> object:
    fld = Field("f", xpaths=(xpath,), is_list=is_list, kind=kind)
    got, _report = extract_field(parse_html(html), fld, Template("t", fields=(fld,)))
    return got


def test_a_drawn_separator_between_two_words_reads_as_a_space() -> None:
    assert value(GIDOCGEN, "//h1") == "Json ArrayForeach"
    assert value(GIDOCGEN, "//header") == "Callback\nJson ArrayForeach"
    assert value(GIDOCGEN, "//h1", is_list=True) == ["Json ArrayForeach"]
    assert node_text(parse_html(GIDOCGEN).xpath("//h1")[0]) == "Json ArrayForeach"


def test_the_page_is_left_as_it_was() -> None:
    root = parse_html(GIDOCGEN)
    h1 = root.xpath("//h1")[0]
    before = [(el.text, el.tail) for el in root.iter()]
    assert value(GIDOCGEN, "//h1") == "Json ArrayForeach"
    node_text(h1)
    assert [(el.text, el.tail) for el in root.iter()] == before
    # the cleaner's text of the page is the page's as it is
    assert visible_text(h1) == "JsonArrayForeach"
    # an html field keeps the markup as it is
    assert value(GIDOCGEN, "//h1", kind="html") == (
        '<h1><a href="index.html">Json</a><span class="sep"></span>ArrayForeach</h1>'
    )


@pytest.mark.parametrize(
    ("html", "want"),
    [
        # an icon or an image between two words
        ("<p id='v'>Previous<span class='icon'></span>Next</p>", "Previous Next"),
        ("<p id='v'>Home<img src='arrow.png'>Docs</p>", "Home Docs"),
        ("<p id='v'><a>Json</a><span></span><span></span><a>Node</a></p>", "Json Node"),
        # tags that may split a word keep it whole
        ("<p id='v'>foo<b></b>bar</p>", "foobar"),
        ("<p id='v'>foo<i></i>bar</p>", "foobar"),
        ("<p id='v'>foo<em></em>bar<code></code>baz</p>", "foobarbaz"),
        ("<p id='v'>Sec<a id='s3'></a>tion</p>", "Section"),
        # at an edge or beside a space: nothing to separate
        ("<p id='v'><span class='sep'></span>Json</p>", "Json"),
        ("<p id='v'>Json<span class='sep'></span></p>", "Json"),
        ("<p id='v'>Json <span class='sep'></span> Node</p>", "Json Node"),
        # a block's edge is a line already
        ("<div id='v'><p>Json</p><span></span><p>Node</p></div>", "Json\nNode"),
        # an element with text of its own is no empty separator
        ("<p id='v'>Json<span>.</span>Node</p>", "Json.Node"),
        # text inside a script is no run of visible text
        ("<p id='v'><script>x</script><span></span>Node</p>", "Node"),
        # inside an invisible element, or a drawing's parts placed by coordinates
        ("<div id='v'>Json<noscript><span></span></noscript>Node</div>", "JsonNode"),
        (
            "<div id='v'><svg><text>CREATE</text><path d='M0 0'></path><text>TABLE</text>"
            "</svg></div>",
            "CREATETABLE",
        ),
    ],
)
def test_which_empty_elements_separate(html: str, want: str) -> None:
    assert value(f"<html><body>{html}</body></html>", "//*[@id='v']") == want
