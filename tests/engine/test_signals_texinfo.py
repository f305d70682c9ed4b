"""Correctness signals on a Texinfo manual (Maxima's, written by hand here): chapter, section
and subsection pages, each with a navigation header ('Next:', 'Previous:', 'Up:' links, the
ones a page has), its own heading and its parts' headings after it, a contents list per
sectioning level, and definitions (`dl.def`, one `dt` per form) spread over the subsections.
Right rules must stay quiet; wrong ones (a rank of heading, a position in the header, a rule
that leaves out the definitions of several forms) must be flagged on the right field."""

from __future__ import annotations

from typing import Any

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import site_signals

SITE = "manual.example"
ANY_HEADING = (
    "//body[@lang='en']//*[self::h1 or self::h2 or self::h3 or self::h4 or self::h5 or self::h6]"
)
HEADER_LINK = "(//div[@class='header'])[1]/p/a[{}]"


def flags(pages: list[Page], *fields: Field) -> dict[str, list[dict[str, Any]]]:
    t = Template("manual", site=SITE, fields=fields, use_cleaner=False)
    return {s.field: s.flags() for s in site_signals(pages, [t])}


def named(got: dict[str, list[dict[str, Any]]], field: str, start: str) -> list[dict[str, Any]]:
    return [f for f in got[field] if f["flag"].startswith(start)]


def define(name: str, forms: int = 1) -> str:
    dts = "".join(
        f"<dt id='index-{name}{k}'><span class='category'>Function: </span>"
        f"<span><strong>{name}</strong> <em>(x{k})</em></span></dt>"
        for k in range(forms)
    )
    return f"<span id='{name}'></span><dl class='def'>{dts}<dd><p>Does {name}.</p></dd></dl>"


def header(i: int, nxt: bool, prev: bool, up: bool) -> str:
    parts = []
    if nxt:
        parts.append(f"Next: <a href='p{i + 1}.html' accesskey='n' rel='next'>Page {i + 1}</a>")
    if prev:
        parts.append(f"Previous: <a href='p{i - 1}.html' accesskey='p' rel='prev'>Page {i - 1}</a>")
    if up:
        parts.append(f"Up: <a href='c{i // 10}.html' accesskey='u' rel='up'>Chapter {i // 10}</a>")
    return (
        "<div class='header'><p>" + ", ".join(parts) + " &nbsp; "
        "[<a href='toc.html' rel='contents'>Contents</a>]</p></div>"
    )


def page(i: int, kind: str, *, nxt: bool = True, prev: bool = True, multi: bool = False) -> Page:
    """Page ``i``: a chapter (`h2`, its sections' `h3` after it), a section (`h3`, its
    subsections' `h4`, definitions in each, a contents list for the section and one in a
    subsection) or a page of two sections (definitions in each). ``multi``: one definition of
    each subsection has two forms (two `dt`)."""
    up = kind != "chapter"
    top = header(i, nxt, prev, up)
    if kind == "chapter":
        body = (
            f"<div class='chapter' id='Chapter-{i}'>{top}<h2 class='chapter'>{i} Chapter {i}</h2>"
            f"<p>About chapter {i}.</p><ul class='section-toc'><li><a href='#s1'>Intro</a></li>"
            f"<li><a href='#s2'>Functions</a></li></ul>"
            f"<div class='section' id='S{i}a'><h3 class='section'>{i}.1 Intro {i}</h3><p>Text.</p></div>"
            f"<div class='section' id='S{i}b'><h3 class='section'>{i}.2 More {i}</h3><p>Text.</p></div>"
            "</div>"
        )
    elif kind == "section":
        subs = "".join(
            f"<div class='subsection' id='Sub{i}-{k}'><h4 class='subsection'>{i}.1.{k} Part {k}</h4>"
            + (
                f"<ul class='section-toc'><li><a href='#x{k}'>Detail {k}</a></li></ul>"
                if k == 1
                else ""
            )
            + define(f"f{i}_{k}a")
            + define(f"f{i}_{k}b", 2 if multi else 1)
            + define(f"f{i}_{k}c")
            + "</div>"
            for k in range(1, 3)
        )
        body = (
            f"<div class='section' id='Section-{i}'>{top}<h3 class='section'>{i}.1 Section {i}</h3>"
            f"<ul class='section-toc'><li><a href='#Sub{i}-1'>Part 1</a></li>"
            f"<li><a href='#Sub{i}-2'>Part 2</a></li></ul>"
            f"<p>About section {i}.</p>{define(f'g{i}')}{subs}</div>"
        )
    else:  # two sections on one page, definitions in each
        body = "".join(
            f"<div class='section' id='Two-{i}-{k}'>{top if k == 1 else ''}"
            f"<h3 class='section'>{i}.{k} Part {k}</h3>{define(f'h{i}_{k}a')}{define(f'h{i}_{k}b')}</div>"
            for k in range(1, 3)
        )
    return Page(
        f"https://{SITE}/p{i}.html",
        f"<html><head><title>Page {i}</title></head><body lang='en'>{body}</body></html>",
    )


def manual(multi: bool = False) -> list[Page]:
    pages = []
    for i in range(24):
        # (a page of two sections is rare: which heading titles it is a matter of taste)
        kind = "chapter" if i % 4 == 0 else ("two" if i == 23 else "section")
        # the last page of each chapter has no 'Next', the first page of the manual no 'Previous'
        pages.append(page(i, kind, nxt=i % 8 != 7, prev=i != 0, multi=multi))
    return pages


def test_an_any_heading_title_whose_first_is_the_top_heading_is_not_flagged() -> None:
    got = flags(manual(), Field("title", xpaths=(ANY_HEADING,)))
    assert named(got, "title", "several nodes") == [], got["title"]


def test_a_run_of_alike_headings_is_still_flagged() -> None:
    got = flags(manual(), Field("part", xpaths=("//div[@class='subsection']/h4",)))
    assert len(named(got, "part", "several nodes")) == 1, got["part"]


def test_definitions_over_sections_and_contents_per_level_are_one_list() -> None:
    got = flags(
        manual(),
        Field("functions", xpaths=("//dl[@class='def']/dt/span/strong",), is_list=True),
        Field("toc", xpaths=("//ul[@class='section-toc']/li/a",), is_list=True),
    )
    assert got["functions"] == [] and got["toc"] == [], got


def test_two_lists_of_one_class_side_by_side_are_still_several() -> None:
    pages = [
        Page(
            f"https://{SITE}/s{i}.html",
            "<html><body><div class='side'><ul class='simple'><li><a href='#a'>Local A</a></li>"
            "<li><a href='#b'>Local B</a></li></ul><ul class='simple'>"
            f"<li><a href='x{i}.html'>Other {i}</a></li><li><a href='y.html'>Y</a></li></ul>"
            "</div></body></html>",
        )
        for i in range(6)
    ]
    got = flags(pages, Field("toc", xpaths=("//div[@class='side']/ul/li/a",), is_list=True))
    assert len(named(got, "toc", "items from several lists")) == 1, got["toc"]


def test_a_list_leaving_out_definitions_of_several_forms_is_flagged() -> None:
    pages = manual(multi=True)
    got = flags(
        pages,
        Field("functions", xpaths=("//dl[count(dt)=1]/dt/span/strong",), is_list=True),
        Field("all", xpaths=("//dl[@class='def']/dt/span/strong",), is_list=True),
    )
    left = named(got, "functions", "nodes like the items")
    sections = [p.url for i, p in enumerate(pages) if i % 4 and i != 23]
    assert len(left) == 1 and left[0]["pages"] == len(sections), got["functions"]
    assert set(left[0]["look_at"]) <= set(sections)
    assert got["all"] == [], got["all"]


def test_a_header_link_pinned_to_a_position_is_flagged_where_its_label_shifts() -> None:
    pages = manual()
    got = flags(
        pages,
        Field("next_text", xpaths=(HEADER_LINK.format(1),)),
        Field("prev_text", xpaths=(HEADER_LINK.format(2),)),
        Field("up_text", xpaths=("//a[@rel='up']",)),
        Field("right_next", xpaths=("//a[@rel='next']",)),
    )
    nxt = named(got, "next_text", "pinned to position a[1]")
    assert len(nxt) == 1 and "beside 'Previous:'" in nxt[0]["flag"], got["next_text"]
    no_next = {p.url for i, p in enumerate(pages) if i % 8 == 7}
    assert set(nxt[0]["look_at"]) <= no_next | {pages[0].url}
    assert named(got, "prev_text", "pinned to position a[2]"), got["prev_text"]
    assert got["right_next"] == [] and got["up_text"] == [], got


def test_equal_values_are_flagged_on_the_field_that_lands_on_the_others_node() -> None:
    # the 'previous' rule takes the header's second link: on pages without 'Next' it is 'Up'
    pages = [page(i, "section", nxt=i % 2 == 0) for i in range(1, 13)]
    got = flags(
        pages,
        Field("prev_text", xpaths=(HEADER_LINK.format(2),)),
        Field("up_text", xpaths=("//a[@rel='up']",)),
    )
    assert [f for f in got["up_text"] if "equal field" in f["flag"]] == [], got["up_text"]
    equal = [f for f in got["prev_text"] if "equal field 'up_text'" in f["flag"]]
    assert len(equal) == 1 and equal[0]["pages"] == 6, got["prev_text"]
    assert "rel=up" in equal[0]["flag"]


def test_a_title_of_one_heading_rank_is_flagged_on_pages_titled_at_another() -> None:
    pages = manual()
    got = flags(pages, Field("title", xpaths=("//h2",)))
    rank = named(got, "title", "no value on")
    assert len(rank) == 1 and "a lower rank (h3 on 18)" in rank[0]["flag"], got["title"]
    got = flags(pages, Field("title", xpaths=(ANY_HEADING,)))
    assert got["title"] == [], got["title"]


def test_a_definitions_list_long_on_a_reference_page_is_not_a_wild_count() -> None:
    # the definitions of a page sit in sections named after the page: the list is the run of
    # `dl.def` blocks on every page, grown on a page that defines many options
    pages = []
    for i in range(12):
        n = 40 if i == 5 else 2 + i % 2
        text = "".join(
            f"<p>About section {i}, paragraph {k}.</p>" for k in range(30 if n < 10 else 2)
        )
        defs = "".join(define(f"o{i}_{k}") for k in range(n))
        pages.append(
            Page(
                f"https://{SITE}/r{i}.html",
                f"<html><body lang='en'><div class='section' id='Ref-{i}'>"
                f"<h3 class='section'>{i}.1 Reference {i}</h3>{text}{defs}</div></body></html>",
            )
        )
    got = flags(
        pages, Field("functions", xpaths=("//dl[@class='def']/dt/span/strong",), is_list=True)
    )
    assert got["functions"] == [], got["functions"]


def same_rank(i: int, *, banner: bool = False) -> Page:
    """Texinfo 6.8 writes a subsection and its subsubsections as `h4` alike (the classes
    differ): the page's title is its first `h4`, its parts' `h4` after it. ``banner``: an
    `h4` box before the page's own heading, an `h3` title after it."""
    own = (
        f"<div class='box'><h4>Note {i}</h4></div><h3 class='section'>{i} Section {i}</h3>"
        if banner
        else f"<h4 class='subsection'>{i}.1 Topic {i}</h4>"
    )
    parts = "".join(
        f"<div class='subsubsection-level-extent'><h4 class='subsubsection'>{i}.1.{k} Part {k}"
        f"</h4><p>Text {k}.</p></div>"
        for k in range(1, 3)
    )
    return Page(
        f"https://{SITE}/s{i}.html",
        f"<html><body lang='en'><div class='subsection-level-extent'>{header(i, True, True, True)}"
        f"{own}<p>About {i}.</p>{parts}</div></body></html>",
    )


def test_an_any_heading_title_first_of_its_rank_among_headings_of_that_rank_is_not_flagged() -> (
    None
):
    pages = [same_rank(i) for i in range(12)] + [page(i, "section") for i in range(12, 20)]
    got = flags(pages, Field("title", xpaths=(ANY_HEADING,)))
    assert named(got, "title", "several nodes") == [], got["title"]
    # a rule of one tag taking a run of alike headings is still flagged
    got = flags(pages, Field("title", xpaths=("//body[@lang='en']//h4",)))
    assert len(named(got, "title", "several nodes")) == 1, got["title"]
    # a first heading of a lower rank than the page's title is no title
    pages = [same_rank(i, banner=i % 2 == 0) for i in range(12)]
    got = flags(pages, Field("title", xpaths=(ANY_HEADING,)))
    assert len(named(got, "title", "several nodes")) == 1, got["title"]
