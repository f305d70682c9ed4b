"""Signals on pages shaped as Qt's qdoc reference writes them.

A link target known by its link's text ('List of all members' on class pages): where the
link is missing the rule takes another link of the list ('Obsolete members' on a namespace
page), which is flagged with those pages; pages where several links match and the first is
the one labelled as on the example pages are no fault. A title rule that takes the sidebar's
'Contents' heading on the pages with a contents block and the `h1` elsewhere is flagged with
the pages where it takes the heading, its equality with the title field said the right way
round, and its one same value among values of each page's own."""

from __future__ import annotations

from typing import Any

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import site_signals

SITE = "qt.local"
CONTENT = "//div[contains(concat(' ', normalize-space(@class), ' '), ' content ')]"


DESCRIPTION = "what it is for, how it is used and which functions it has. " * 3


def qdoc_page(i: int, kind: str) -> Page:
    """A class page (its member links, an obsolete list on every third, a second list of
    links on every fourth, a contents block on odd ones), a namespace page (only the obsolete
    members' link) or a guide (a contents block, no member links)."""
    lists = ""
    if kind == "class":
        links = f"<li><a href='q{i}-members.html'>List of all members, including inherited members</a></li>"
        if i % 3 == 0:
            links += f"<li><a href='q{i}-obsolete.html'>Obsolete members</a></li>"
        lists = f"<ul>{links}</ul>"
        if i % 4 == 0:
            fns = "".join(f"<li><a href='#f{i}-{k}'>f{i}-{k}</a></li>" for k in range(6))
            lists += f"<ul>{fns}</ul>"
    elif kind == "namespace":
        lists = f"<ul><li><a href='n{i}-obsolete.html'>Obsolete members</a></li></ul>"
    toc = ""
    if kind == "guide" or i % 2:
        toc = (
            "<div class='sidebar'><div class='toc'><h3>Contents</h3><ul>"
            f"<li class='level1'><a href='#a{i}'>Part A{i}</a></li></ul></div></div>"
        )
    title = {"class": f"Q{i} Class", "namespace": f"N{i} Namespace", "guide": f"Guide {i}"}[kind]
    return Page(
        f"http://{SITE}/{kind[0]}{i}.html",
        "<html><body><div class='main'><div class='content mainContent'>"
        f"{toc}<h1 class='title'>{title}</h1>{lists}<p>About {title}: {DESCRIPTION}</p>"
        "</div></div></body></html>",
    )


def site() -> list[Page]:
    pages = [qdoc_page(i, "class") for i in range(40)]
    pages += [qdoc_page(i, "namespace") for i in range(40, 43)]
    pages += [qdoc_page(i, "guide") for i in range(43, 55)]
    return pages


def flags(pages: list[Page], *fields: Field) -> dict[str, list[dict[str, Any]]]:
    t = Template("qt", site=SITE, fields=fields, use_cleaner=False)
    return {s.field: s.flags() for s in site_signals(pages, [t])}


MEMBERS = Field(
    "members_href",
    xpaths=(f"{CONTENT}/ul/li/a/@href",),
    kind="attribute",
    attribute="href",
).with_example_pages([f"http://{SITE}/c1.html", f"http://{SITE}/c2.html"])


def test_another_link_taken_where_the_labelled_one_is_missing_is_flagged_there() -> None:
    got = flags(site(), MEMBERS)["members_href"]
    other = [f for f in got if "link's text is 'Obsolete members'" in f["flag"]]
    assert len(other) == 1 and len(got) == 1, got
    assert other[0]["flag"].startswith(
        "on 3 of 43 pages the link's text is 'Obsolete members', not 'List of all members, "
        "including inherited members' as on the example pages (40 pages)"
    ), other[0]["flag"]
    assert other[0]["look_at"] == [f"http://{SITE}/n{i}.html" for i in range(40, 43)]
    # the class pages with several links take the labelled one first: no fault
    assert not [f for f in got if f["flag"].startswith("several nodes match")], got


def test_several_links_whose_first_is_another_label_are_still_flagged_there_first() -> None:
    # every third class page lists the obsolete members first; the pages with the most
    # links are others (a list of functions after the member links)
    pages = site()
    for i in range(0, 40, 3):
        pages[i] = Page(
            pages[i].url,
            pages[i].html.replace(
                "<ul><li><a href='q",
                f"<ul><li><a href='q{i}-obsolete.html'>Obsolete members</a></li><li><a href='q",
                1,
            ),
        )
    got = flags(pages, MEMBERS)["members_href"]
    several = [f for f in got if f["flag"].startswith("several nodes match")]
    assert several, got
    first = {f"http://{SITE}/c{i}.html" for i in range(0, 40, 3)}
    assert set(several[0]["look_at"]) <= first, several[0]["look_at"]


def test_a_title_rule_taking_the_sidebars_heading_is_flagged_where_it_takes_it() -> None:
    pages = site()
    got = flags(
        pages,
        Field(
            "title",
            xpaths=("//h1[contains(concat(' ', normalize-space(@class), ' '), ' title ')]",),
        ),
        Field("wtitle", xpaths=("//div[contains(@class,'mainContent')]//*[self::h1 or self::h3]",)),
    )
    toc = [p.url for p in pages if "class='toc'" in p.html]
    titled = len(pages) - len(toc)
    equal = [f for f in got["wtitle"] if f["flag"].startswith("values equal field 'title'")]
    assert len(equal) == 1, got["wtitle"]
    assert equal[0]["flag"] == (
        f"values equal field 'title' on {titled} of {len(pages)} pages, where its node is field "
        f"'title''s (h1); elsewhere ({len(toc)} pages) it takes another node: 'Contents' (h3) "
        f"on {len(toc)}: the wrong node there?"
    ), equal[0]["flag"]
    assert equal[0]["pages"] == len(toc) and set(equal[0]["look_at"]) <= set(toc)
    same = [f for f in got["wtitle"] if f["flag"].startswith("one same value")]
    assert len(same) == 1 and "'Contents'" in same[0]["flag"], got["wtitle"]
    assert set(same[0]["look_at"]) <= set(toc)
    # the right title rule has none of these
    assert got["title"] == [], got["title"]
