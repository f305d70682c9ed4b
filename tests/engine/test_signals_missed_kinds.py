"""A title rule or a link rule that finds nothing on a page where what it takes elsewhere is
there: Gri's manual (texinfo turned to HTML, `/usr/share/doc/gri/html`) writes each page's
heading inside its banner table (`table[@summary='top banner']`), a chapter's `h1`, a
section's `h2`, a subsection's `h3`, but its three index pages put their `h1` before the
table; its navigation is an image map (`map[@name='navigate_top']`) whose areas are the top,
up, previous and next links, told apart by their `coords`: the first page (index.html) has
the 'next' area alone, the last page no 'next' area."""

from __future__ import annotations

from typing import Any

from deboiler_gui.app.fieldcheck import field_checks
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, SearchRules, Template
from deboiler_gui.engine.template.signals import site_signals

SITE = "gri.local"
ANY_HEADING = "*[self::h1 or self::h2 or self::h3 or self::h4 or self::h5 or self::h6]"
TITLE = f"//table[@summary='top banner']//{ANY_HEADING}"
NEXT = "//map[@name='navigate_top']/area[4]/@href"
COORDS = {"top": "5,2,218,24", "up": "516,2,532,24", "prev": "557,2,573,24", "next": "581,2,599,24"}
INDICES = ("ConceptIndex", "CommandIndex", "BuiltinIndex")


def _map(links: dict[str, str]) -> str:
    areas = "".join(
        f"<area alt='{target}' shape='rect' coords='{COORDS[k]}' href='{target}'>"
        for k, target in links.items()
    )
    return f"<map name='navigate_top'>{areas}</map>"


def _page(name: str, links: dict[str, str], heading: str, *, before: str = "") -> Page:
    return Page(
        f"http://{SITE}/{name}.html",
        f"<html><head><title>Gri: {name}</title></head><body>{before}"
        "<img src='top_banner.gif' usemap='#navigate_top'>"
        "<table summary='top banner'><tr><td><font>Chapters:<br>"
        "<a href='Introduction.html'>1: Introduction</a></font></td>"
        f"<td>{_map(links)}{heading}<p>Text of {name}.</p></td></tr></table></body></html>",
    )


def manual() -> list[Page]:
    names = [f"Page{i}" for i in range(24)]
    order = ["index", *names, *INDICES]
    pages = [_page("index", {"next": "Page0.html"}, "")]
    for i, name in enumerate(names):
        rank = 1 + i % 3  # chapters, sections, subsections
        links = {
            "top": "index.html",
            "up": "index.html",
            "prev": f"{order[i]}.html",
            "next": f"{order[i + 2]}.html",
        }
        pages.append(_page(name, links, f"<h{rank}>{i}: Topic {i}</h{rank}>"))
    for j, name in enumerate(INDICES):
        links = {"top": "index.html", "up": "index.html", "prev": f"{order[len(names) + j]}.html"}
        if j + 1 < len(INDICES):
            links["next"] = f"{INDICES[j + 1]}.html"
        heading = f"<h1>{name[:-5]} index</h1>"
        pages.append(_page(name, links, "", before=heading))
    return pages


def flags(pages: list[Page], *fields: Field) -> dict[str, list[dict[str, Any]]]:
    t = Template("gri", site=SITE, fields=fields, use_cleaner=False)
    return {s.field: s.flags() for s in site_signals(pages, [t])}


def notes(pages: list[Page], *fields: Field) -> dict[str, list[dict[str, Any]]]:
    t = Template("gri", site=SITE, fields=fields, use_cleaner=False)
    return {s.field: s.notes() for s in site_signals(pages, [t])}


def test_a_title_rule_missing_the_headings_before_the_banner_is_flagged() -> None:
    got = flags(manual(), Field("title", xpaths=(TITLE,)))
    (flag,) = got["title"]
    assert flag["flag"] == (
        "no value on 3 pages where a page heading of a rank the rule takes elsewhere exists "
        "(h1 on 3: 'Concept index', 'Command index', 'Builtin index'): the rule misses the "
        "title there?"
    )
    assert flag["look_at"] == [f"http://{SITE}/{n}.html" for n in INDICES]


def test_a_title_rule_taking_every_heading_is_not_flagged() -> None:
    # the front page has no heading at all: nothing is missed there
    both = f"{TITLE} | /html/body/h1"
    assert flags(manual(), Field("title", xpaths=(both,))) == {"title": []}


def test_a_heading_of_a_rank_the_rule_never_takes_is_no_sign() -> None:
    # A rule that takes a chapter's `h1` only … on pages whose heading is an `h4` it has
    # nothing to say: the rule takes no `h4` anywhere.
    pages = [
        Page(p.url, p.html.replace("<h1>", "<h4>").replace("</h1>", "</h4>"))
        if any(n in p.url for n in INDICES)
        else p
        for p in manual()
    ]
    assert flags(pages, Field("title", xpaths=(TITLE,))) == {"title": []}


def test_a_next_link_rule_missing_the_first_pages_next_area_is_flagged() -> None:
    got = flags(manual(), Field("next_href", xpaths=(NEXT,), kind="attribute"))
    (flag,) = got["next_href"]
    assert flag["flag"] == (
        "no value on 1 page where a link like the field's exists (area[@coords='581,2,599,24']"
        "[@shape='rect'] in //map[@name='navigate_top']): the rule misses it there?"
    )
    # the last page has no 'next' area: it is rightly without a value, and not named
    assert flag["look_at"] == [f"http://{SITE}/index.html"]
    # a 'previous' rule, absent on the first page whose one area is the 'next' one: no flag
    prev = Field("prev_href", xpaths=("//map[@name='navigate_top']/area[3]/@href",))
    assert flags(manual(), prev) == {"prev_href": []}


def test_pages_learned_without_the_field_make_a_note() -> None:
    absent = [f"http://{SITE}/{n}.html" for n in ("index", *INDICES)]
    search = SearchRules(fingerprint={"absent": absent})
    title = Field("title", xpaths=(TITLE,), search=search)
    assert flags(manual(), title) == {"title": []}
    (note,) = notes(manual(), title)["title"]
    assert note["note"].endswith("recorded by learning as pages without the field")
    assert note["pages"] == 3


def test_the_check_column_says_what_is_missed() -> None:
    fields = (
        Field("title", xpaths=(TITLE,)),
        Field("next_href", xpaths=(NEXT,), kind="attribute"),
    )
    t = Template("gri", site=SITE, fields=fields, use_cleaner=False)
    checks = field_checks(site_signals(manual(), [t]))
    assert checks["title"].verdict() == "⚠ misses h1 titles"
    assert checks["next_href"].verdict() == "⚠ misses its link"
