"""Signals on pages shaped as the Apache HTTP Server manual writes them.

Most pages have a side column (`div#quickview`) whose first heading is one of a few words
('Topics', 'Directives', 'See also'); a title rule that takes that heading where the column is
there and the page's `h1` elsewhere is flagged with the pages where it takes the heading,
its values there being a few values repeated over many pages. Where nothing tells the wrong
side, the pages of both sides are given to look at. The up-arrow link (`./index.html`) leads to
each folder's own index: no one same value."""

from __future__ import annotations

from typing import Any

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, SearchRules, Template
from deboiler_gui.engine.template.signals import site_signals

SITE = "en.local"
FOLDERS = ("", "mod/", "howto/", "programs/", "rewrite/", "ssl/", "vhosts/", "misc/")
SIDE = ("Topics", "Directives", "See also")


def apache_page(i: int, *, side: str = "", subtitle: str = "") -> Page:
    """A manual page in one of several folders: its `h1`, an optional side column whose
    first heading is ``side`` (else ``subtitle`` as an `h2` in its place, when given), the
    up-arrow link to the folder's index."""
    folder = FOLDERS[i % len(FOLDERS)]
    column = ""
    if side:
        column = (
            f"<div id='quickview'><h3>{side}</h3><ul><li><a href='#s{i}'>Part {i}</a></li></ul>"
            "<h3>See also</h3><ul><li><a href='x.html'>Other</a></li></ul></div>"
        )
    elif subtitle:
        column = f"<div id='quickview'><h2>{subtitle}</h2></div>"
    return Page(
        f"http://{SITE}/{folder}page{i}.html",
        "<html><body><div id='page-header'><a href='/'>Apache</a></div>"
        f"<div class='up'><a href='./index.html'><img alt='&lt;-' src='up.gif'/></a></div>"
        f"<div id='page-content'><div id='preamble'><h1>Manual page {i}</h1>"
        f"<p>What page {i} is about, at some length, with words.</p></div>{column}"
        f"<div class='section'><h2>Section of {i}</h2><p>Body text of page {i}.</p></div>"
        "</div></body></html>",
    )


def flags(pages: list[Page], *fields: Field) -> dict[str, list[dict[str, Any]]]:
    t = Template("apache", site=SITE, fields=fields, use_cleaner=False)
    return {s.field: s.flags() for s in site_signals(pages, [t])}


TITLE = Field("title", xpaths=("//div[@id='page-content']//h1",))
# typed, not induced from clicks: no example pages tell which side is meant
WRONG = Field(
    "heading",
    xpaths=(
        "(//div[@id='page-content']//h1 | //div[@id='quickview']/*[self::h3 or self::h2][1])"
        "[last()]",
    ),
)


def test_a_title_rule_taking_the_side_columns_heading_is_flagged_where_it_takes_it() -> None:
    # 30 pages with the side column (its first heading one of three words, none on half of
    # them), 12 without: the rule is right on the fewer pages
    pages = [apache_page(i, side=SIDE[i % 3]) for i in range(30)]
    pages += [apache_page(i) for i in range(30, 42)]
    got = flags(pages, TITLE, WRONG)
    side = {p.url for p in pages if "quickview" in p.html}
    equal = [f for f in got["heading"] if f["flag"].startswith("values equal field 'title'")]
    assert len(equal) == 1, got["heading"]
    assert equal[0]["flag"] == (
        "values equal field 'title' on 12 of 42 pages, where its node is field 'title''s (h1); "
        "elsewhere (30 pages) it takes another node: 'Topics', 'Directives', 'See also' (h3), "
        "3 values on 30 pages: the wrong node there?"
    ), equal[0]["flag"]
    assert equal[0]["pages"] == 30
    look = equal[0]["look_at"]
    assert len(look) == 5 and set(look) <= side, look
    # a page of each of the repeated values first
    shown = [
        next(h for h in SIDE if f"<h3>{h}</h3><ul><li><a href='#s" in p.html)
        for p in pages
        if p.url in look[:3]
    ]
    assert sorted(shown) == sorted(SIDE), shown
    assert got["title"] == [] or not [
        f for f in got["title"] if f["flag"].startswith("values equal")
    ], got["title"]


def test_with_nothing_pointing_at_a_side_pages_of_both_sides_are_given() -> None:
    # the other node's values are each page's own too (an `h2` of its own): neither side's
    # values tell which is wrong, so the fewer pages come first, then pages of the other side
    pages = [apache_page(i, subtitle=f"Subtitle {i}") for i in range(30)]
    pages += [apache_page(i) for i in range(30, 42)]
    got = flags(pages, TITLE, WRONG)
    equal = [f for f in got["heading"] if f["flag"].startswith("values equal field 'title'")]
    assert len(equal) == 1, got["heading"]
    assert equal[0]["flag"].endswith("(30 pages: h2): the other field's node there?"), equal[0]
    look = equal[0]["look_at"]
    plain = {p.url for p in pages if "quickview" not in p.html}
    assert look[:3] and set(look[:3]) <= plain, look
    assert look[3:] and not set(look[3:]) & plain, look


def learned(field: Field, samples: dict[str, str]) -> Field:
    return Field(
        field.id,
        xpaths=field.xpaths,
        kind=field.kind,
        attribute=field.attribute,
        search=SearchRules(fingerprint={"samples": samples}),
    )


UP = Field(
    "up_href",
    xpaths=("//div[contains(concat(' ', normalize-space(@class), ' '), ' up ')]/a/@href",),
    kind="attribute",
    attribute="href",
)


def test_a_relative_link_to_each_folders_index_is_no_one_same_value() -> None:
    pages = [apache_page(i) for i in range(48)]
    # learned on pages of several folders, the top index's link leading out of the manual
    samples = {pages[i].url: "./index.html" for i in range(1, 6)}
    samples[pages[0].url] = "http://httpd.apache.org/docs-project/"
    got = flags(pages, learned(UP, samples))
    assert not [f for f in got["up_href"] if f["flag"].startswith("one same value")], got


def test_a_link_to_one_same_page_everywhere_is_still_one_same_value() -> None:
    # the rule lands on the header's link to the site's top on every page, whatever the
    # folder, where the learned values were each page's own
    header = Field(
        "up_href", xpaths=("//div[@id='page-header']/a/@href",), kind="attribute", attribute="href"
    )
    pages = [apache_page(i) for i in range(48)]
    samples = {pages[i].url: f"page{i}.html" for i in range(6)}
    got = flags(pages, learned(header, samples))
    same = [f for f in got["up_href"] if f["flag"].startswith("one same value")]
    assert len(same) == 1 and "'http://en.local/'" in same[0]["flag"], got
