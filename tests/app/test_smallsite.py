"""A site too small to learn from, without Qt: the workbench's message has the CLI's words and
threshold, and the page-level fallback's left-out blocks are the parts of the page whose text
the extractor did not keep."""

from __future__ import annotations

from deboiler_gui.app.smallsite import (
    FALLBACK_ACTION,
    fallback_page,
    left_out_blocks,
    small_site_message,
    small_site_pages,
)
from deboiler_gui.cli.site import small_site_hint
from deboiler_gui.engine.clean.pagefallback import MIN_SITE_PAGES
from deboiler_gui.engine.htmltree import parse_html, visible_text
from deboiler_gui.engine.model import DomainModel, Page


def _model(pages: int) -> DomainModel:
    return DomainModel(site="books.example", config={}, data={}, stats={"pages": pages})


def test_only_a_site_of_fewer_than_five_fitted_pages_is_too_small() -> None:
    assert MIN_SITE_PAGES == 5
    assert [small_site_pages(_model(n)) for n in (0, 1, 4, 5, 40)] == [0, 1, 4, None, None]
    assert small_site_pages(None) is None


def test_the_message_has_the_cli_hints_words_and_names_the_switch() -> None:
    for pages in (1, 4):
        hint = small_site_hint("books.example", pages)
        words = hint.removeprefix("hint: ").split("; --page-fallback")[0]
        off = small_site_message("books.example", pages, False)
        assert off.startswith(words + f"; {FALLBACK_ACTION} cleans such a site page by page")
        assert off.endswith("(clean --page-fallback)")
    # a site whose pages hold no text to learn from is not said to have "0 pages"
    none = small_site_hint("books.example", 0)
    assert none.startswith("hint: books.example has no page with text to learn its template from")
    assert "0 pages" not in none
    assert small_site_message("books.example", 1, True).startswith(
        "books.example has 1 page, too few to learn its template from (at least 5): its pages "
        "are cleaned page by page"
    )


PAGE = """<html><head><title>A Review</title></head><body>
<nav><a href="/">Home</a> <a href="/index.html">Site Index</a></nav>
<main><h1>A Review</h1>
<p>The novel opens on a summer evening in a small town where nothing has happened for years.</p>
<div class="more"><p>Its second half is slower, and the ending will divide its readers.</p>
<p>Share this review</p></div></main>
<footer><p>Copyright 1998</p><p>Help</p></footer></body></html>"""


def test_the_left_out_blocks_are_the_largest_parts_whose_text_is_not_kept() -> None:
    root = parse_html(PAGE)
    kept = (
        "A Review\nThe novel opens on a summer evening in a small town where nothing has "
        "happened for years.\nIts second half is slower, and the ending will divide its readers."
    )
    found = left_out_blocks(root, kept)
    names = [(el.tag, visible_text(el).split("\n")[0]) for el in found]
    # The footer whole (none of its text kept), the nav whole, and inside the kept part only
    # the line the extractor dropped; a short text counts as kept only as whole words.
    assert names == [
        ("nav", "Home Site Index"),
        ("p", "Share this review"),
        ("footer", "Copyright 1998"),
    ]
    assert left_out_blocks(root, visible_text(root.find("body"))) == []


def test_a_page_cleaned_by_the_fallback_has_its_record_content_and_share() -> None:
    page = fallback_page(Page("https://books.example/review.html", PAGE), 1)
    assert page.error == ""
    assert page.content["method"] == "page"
    assert "the site has 1 page, too few to learn its template from" in page.content["reason"]
    root = parse_html(PAGE)
    left = [root.xpath(x)[0] for x in page.left_out]
    # the menu and the footer left out, the story kept
    assert [el.tag for el in left] == ["nav", "footer"]
    assert "The novel opens" in page.cleaned_html and "Copyright" not in page.cleaned_html
    # the share of the page's text (characters other than white space) left out
    gone = sum(len("".join(visible_text(el).split())) for el in left)
    whole = len("".join(visible_text(root.find("body")).split()))
    assert page.share is not None and abs(page.share - gone / whole) < 0.01
