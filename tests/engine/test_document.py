"""Page information: title, headings, lists, breadcrumbs, language and the cleaned text."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.document import (
    breadcrumbs_of,
    cleaned_text,
    consume,
    consume_text,
    fast_normalize,
    guess_language,
    headings_of,
    language_of,
    lists_of,
    page_info,
    title_of,
)
from deboiler_gui.engine.htmltree import normalize_text, parse_html

PAGE = """<html lang="en-GB"><head><title> Roses  | Garden </title><style>p{color:red}</style></head>
<body>
<div class="breadcrumbs"><a href="/">Home</a> › <a href="/flowers">Flowers</a> › Roses</div>
<h1>Growing <em>roses</em></h1>
<p>Roses like<a href="/sun">sun</a>.<script>var x = "hidden";</script></p>
<h2>Pruning</h2>
<ul><li>Cut in <b>March</b></li><li>Feed in May<ul><li>compost</li></ul></li></ul>
<ol><li>one</li><li></li></ol>
<table><tr><td>a</td><td>b</td></tr></table>
</body></html>"""


def test_page_info() -> None:
    info = page_info(parse_html(PAGE))
    assert info == {
        "title": "Roses | Garden",
        "headings": ["Growing roses", "Pruning"],
        "lists": [["Cut in March", "Feed in May compost"], ["compost"], ["one"]],
        "breadcrumbs": ["Home", "Flowers", "Roses"],
        "language": "en-gb",
    }


def test_title_falls_back_to_og_title_then_h1() -> None:
    og = '<html><head><meta property="og:title" content="Tulips"></head><body><h1>T</h1></body></html>'
    assert title_of(parse_html(og)) == "Tulips"
    assert title_of(parse_html("<body><h1>Lilies <i>in</i> pots</h1></body>")) == "Lilies in pots"
    assert title_of(parse_html("")) == ""


def test_breadcrumbs_from_aria_label_and_schema_org_and_length_limit() -> None:
    aria = '<nav aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/a">Docs</a></li></ol></nav>'
    assert breadcrumbs_of(parse_html(aria)) == ["Home", "Docs"]
    schema = '<ol itemtype="https://schema.org/BreadcrumbList"><li>Shop</li><li>Seeds</li></ol>'
    assert breadcrumbs_of(parse_html(schema)) == ["Shop", "Seeds"]
    long = '<div class="crumbs">' + "word " * 200 + "</div>"
    assert breadcrumbs_of(parse_html(long)) == []
    assert breadcrumbs_of(parse_html("<p>no trail here</p>")) == []


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        ('<html lang="de"><body>x</body></html>', "de"),
        (
            '<html><head><meta http-equiv="Content-Language" content="fr, en"></head><body>x</body></html>',
            "fr",
        ),
        ("<p>这是一个关于花园的页面，讲述如何种植玫瑰。</p>", "zh"),
        ("<p>これは庭についてのページです。バラの育て方。</p>", "ja"),
        ("<p>The roses in the garden are red and the tulips are yellow, as is the sun.</p>", "en"),
        ("<p>12345 67890</p>", ""),
    ],
)
def test_language(html: str, expected: str) -> None:
    assert language_of(parse_html(html)) == expected


def test_guess_language_is_silent_when_unsure() -> None:
    assert guess_language("") == ""
    assert guess_language("xyzzy plugh") == ""


def test_text_excludes_scripts_and_puts_blocks_on_lines() -> None:
    text = cleaned_text(parse_html(PAGE))
    assert "hidden" not in text and "color" not in text
    assert text.splitlines()[:4] == [
        "Home › Flowers › Roses",
        "Growing roses",
        "Roses likesun.",
        "Pruning",
    ]


def test_consume_text_matches_cleaned_text() -> None:
    for html in (PAGE, "", "<p>a<br>b</p><!-- c --><div> d <span>e</span></div>tail"):
        assert consume_text(parse_html(html)) == cleaned_text(parse_html(html))


@pytest.mark.parametrize("text", ["a  b\n\n c ", "\u3000x\u00a0y\t\n\nz", "", "  \n \n"])
def test_fast_normalize_matches_normalize_text(text: str) -> None:
    assert fast_normalize(text) == normalize_text(text)


def test_headings_and_lists_on_empty_page() -> None:
    root = parse_html("")
    assert headings_of(root) == [] and lists_of(root) == []


def test_consume_gives_text_headings_and_lists_like_the_readers() -> None:
    for html in (PAGE, "", "<h2>a<br>b</h2><ol><li>x<p>y</p></li></ol>"):
        expected = (
            cleaned_text(parse_html(html)),
            headings_of(parse_html(html)),
            lists_of(parse_html(html)),
        )
        assert consume(parse_html(html)) == expected


@pytest.mark.parametrize(
    "html",
    [
        PAGE,
        "<p>kept</p><div HIDDEN>gone</div><p>after</p>",
        '<p>kept</p><span Aria-Hidden="TRUE">gone</span><p>after</p>',
        '<p>kept</p><div hidden="until-found">found</div>',
        '<p style="overflow: hidden">a style, no hidden element</p>',
        "<p>plain</p><div>text</div>",
    ],
)
def test_consume_with_the_page_source_reads_the_same(html: str) -> None:
    # the source spares the search for hidden elements only on a page that never says
    # "hidden": the text is the same either way
    expected = consume(parse_html(html))
    assert consume(parse_html(html), html) == expected
    assert ("gone" in expected[0]) is False


@pytest.mark.parametrize(
    "marked",
    [
        '<div class="BreadCrumb">',
        '<div id="CRUMBS">',
        '<div class="nav you-are-here">',
        '<div aria-label="youarehere">',
    ],
)
def test_breadcrumbs_found_with_the_page_source_as_hint(marked: str) -> None:
    html = f'<body>{marked}<a href="/">Home</a> &gt; <a href="/d">Docs</a></div><p>x</p></body>'
    assert breadcrumbs_of(parse_html(html), html) == ["Home", "Docs"]
    assert breadcrumbs_of(parse_html(html)) == ["Home", "Docs"]
    plain = html.replace(marked, "<div>")
    assert breadcrumbs_of(parse_html(plain), plain) == []
