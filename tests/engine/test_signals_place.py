"""Correctness signals that look at where a rule's node is: a class rule that misses a kind of
page where the same node (same place, tag and role) is there, and the flags that must stay
quiet on right rules (a first-match rule, a contents list whose length varies, a position
whose row is the same on every page)."""

from __future__ import annotations

from typing import Any

import pytest

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template import signals
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import site_signals

SITE = "api.example"


def flags(pages: list[Page], *fields: Field) -> dict[str, list[dict[str, Any]]]:
    t = Template("api", site=SITE, fields=fields, use_cleaner=False)
    return {s.field: s.flags() for s in site_signals(pages, [t])}


def rdoc(i: int, kind: str) -> Page:
    """An API reference page: class pages title `main/h1.class`, module pages the same `h1`
    with another class; a sidebar of sections before it."""
    return Page(
        f"https://{SITE}/{kind}{i}.html",
        "<html><body><nav role='navigation'><div class='nav-section'><h3>Methods</h3>"
        f"<ul><li><a href='#m{i}'>m{i}</a></li></ul></div></nav>"
        f"<main role='main'><h1 id='{kind}-{i}' class='{kind}'>{kind} Thing{i}</h1>"
        f"<p>About thing {i}.</p></main></body></html>",
    )


def test_a_class_rule_missing_the_pages_whose_heading_has_another_class_is_flagged() -> None:
    pages = [rdoc(i, "class" if i % 3 else "module") for i in range(12)]
    modules = [p.url for i, p in enumerate(pages) if i % 3 == 0]
    got = flags(pages, Field("title", xpaths=("//h1[contains(@class,'class')]",)))
    vacant = [f for f in got["title"] if f["flag"].startswith("no value on")]
    assert len(vacant) == 1, got["title"]
    assert vacant[0]["pages"] == 4 and vacant[0]["look_at"] == modules
    # (the module pages' h1 has not the rule's class: by its place it is no evidence, by its
    # role, the page's top heading where the rule's node is that on the other pages, it is)
    assert "the page's top h1" in vacant[0]["flag"]
    assert flags(pages, Field("title", xpaths=("//main/h1",)))["title"] == []


def refentry(i: int) -> Page:
    """DocBook: reference pages name their entity in `div.refnamediv/p` after a long title;
    chapter pages have a contents block at that place, with its own leading paragraph."""
    if i % 4:
        block = (
            f"<div class='refnamediv'><h2>Struct template any_to_unordered_set_hook{i}</h2>"
            f"<p>boost::intrusive::hook{i}</p></div>"
        )
    else:
        block = (
            f"<div class='toc'><p><b>Table of Contents</b></p><dl class='toc'>"
            f"<dt><a href='s{i}.html'>Section {i}</a></dt></dl></div>"
        )
    return Page(
        f"https://{SITE}/e{i}.html",
        f"<html><body><div class='nav'><a href='up.html'>Up</a></div>"
        f"<div class='page'><div class='titlepage'></div>{block}</div></body></html>",
    )


def sidebar(i: int, *, prev: str | None, toc: bool) -> Page:
    """A Sphinx sidebar: quick links, the page's own contents (on some pages, three levels
    deep), then 'Related Topics' with the previous and next chapters two levels down. Without
    contents, 'Related Topics' is the third list, and its previous link sits where a contents
    entry sits on the pages with contents."""
    local = (
        "<ul><li><a href='#a'>A</a><ul><li><a href='#b'>B</a><ul>"
        f"<li><a class='reference internal' href='#c{i}'>Entry {i}</a></li>"
        "</ul></li></ul></li></ul>"
        if toc
        else ""
    )
    before = (
        f"<li>Previous: <a href='p{i - 1}.html' title='{prev}'>P{i - 1}</a></li>" if prev else ""
    )
    related = (
        "<ul><li><a href='index.html'>Overview</a><ul><li><a href='guides.html'>Guides</a>"
        f"<ul>{before}<li>Next: <a href='p{i + 1}.html' title='next chapter'>P{i + 1}</a>"
        "</li></ul></li></ul></li></ul>"
    )
    return Page(
        f"https://{SITE}/p{i}.html",
        f"<html><body><div class='body'><h1>Topic {i}</h1></div><div class='sidebar'>"
        f"<ul><li><a href='index.html'>Home</a></li></ul><ul><li><a href='x.html'>X</a></li>"
        f"</ul>{local}{related}</div></body></html>",
    )


def test_a_node_at_the_place_on_a_page_without_the_rules_anchor_is_no_evidence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The name paragraph of reference pages: chapter pages have a paragraph at its place
    # (`/html/body/div[2]/div[2]/p`), of another block, and no `refnamediv` at all.
    names = [refentry(i) for i in range(16)]
    name = Field("name", xpaths=("//div[@class='refnamediv']/p",))
    # The previous chapter's link: pages without one have a contents entry at its place.
    links = [
        sidebar(i, prev=None if i % 4 == 0 else "previous chapter", toc=i % 4 == 0)
        for i in range(16)
    ]
    prev = Field("prev", xpaths=("//a[@title='previous chapter']",))
    assert flags(names, name)["name"] == []
    assert flags(links, prev)["prev"] == []
    # By the place alone (tag, role, label before it), as a positional rule is judged, both
    # would be flagged: the pages are of the shape that was flagged.
    monkeypatch.setattr(signals, "rule_anchors", lambda _xpaths: None)
    for pages, fld in ((names, name), (links, prev)):
        got = flags(pages, fld)[fld.id]
        assert [f["pages"] for f in got if f["flag"].startswith("no value on")] == [4], got


def test_a_node_at_the_place_that_has_the_rules_anchor_written_otherwise_is_flagged() -> None:
    # Some pages title their previous link 'Previous Chapter': the rule's anchor, another
    # case, at the rule's place; the rule misses them.
    pages = [
        sidebar(i, prev="Previous Chapter" if i % 4 == 0 else "previous chapter", toc=False)
        for i in range(16)
    ]
    got = flags(pages, Field("prev", xpaths=("//a[@title='previous chapter']",)))
    vacant = [f for f in got["prev"] if f["flag"].startswith("no value on")]
    assert len(vacant) == 1, got["prev"]
    assert vacant[0]["look_at"] == [p.url for i, p in enumerate(pages) if i % 4 == 0]


def sphinx(i: int, *, prev: bool) -> Page:
    """A sidebar with 'Previous topic' and 'Next topic'; the first page has no previous one,
    and its 'Next topic' link then sits where the 'Previous topic' link sits elsewhere."""
    parts = []
    if prev:
        parts.append(f"<h4>Previous topic</h4><p><a href='p{i - 1}.html'>Topic {i - 1}</a></p>")
    parts.append(f"<h4>Next topic</h4><p><a href='p{i + 1}.html'>Topic {i + 1}</a></p>")
    return Page(
        f"https://{SITE}/p{i}.html",
        f"<html><body><div class='side'>{''.join(parts)}</div><h1>Topic {i}</h1></body></html>",
    )


def test_a_link_legitimately_absent_is_not_flagged_for_the_neighbour_at_its_place() -> None:
    pages = [sphinx(i, prev=i > 0) for i in range(8)]
    got = flags(
        pages, Field("prev", xpaths=("//h4[.='Previous topic']/following-sibling::p[1]/a",))
    )
    assert got["prev"] == []


def reference(i: int) -> Page:
    """A reference page: its title `div.namediv/h2`, then sections `div.sect/h2`, and
    declarations `div.decl` in each section."""
    sects = "".join(
        f"<div class='sect'><h2>Section {k}</h2>"
        + "".join(f"<div class='decl'><h3>f{i}_{k}_{d}()</h3><p>does</p></div>" for d in range(3))
        + "</div>"
        for k in range(3)
    )
    return Page(
        f"https://{SITE}/ref{i}.html",
        f"<html><body class='kind{i % 3}'><div class='namediv'><h2>Thing {i}</h2></div>"
        f"{sects}</body></html>",
    )


def test_a_first_match_rule_whose_first_node_is_the_one_meant_is_not_flagged() -> None:
    pages = [reference(i) for i in range(8)]
    got = flags(
        pages,
        # the title: the first h2, at its own place, before the sections' h2
        Field("title", xpaths=("//h2",)),
        # the first declaration of each section: the first of the page is the one meant
        Field("first_decl", xpaths=("//div[@class='decl'][1]/h3",)),
        # a run of alike headings: which one is meant is not known
        Field("section", xpaths=("//div[@class='sect']/h2",)),
    )
    several = {k: [f for f in v if f["flag"].startswith("several nodes")] for k, v in got.items()}
    assert several["title"] == [] and several["first_decl"] == [], got
    assert len(several["section"]) == 1 and several["section"][0]["pages"] == 8


def toc_page(i: int, entries: int) -> Page:
    toc = "".join(f"<dt><span><a href='s{i}_{k}.html'>S{k}</a></span></dt>" for k in range(entries))
    return Page(
        f"https://{SITE}/c{i}.html",
        # the list's parent named after the page and classed by level, as Texinfo does
        f"<html><body><div class='chapter'><h2>Chapter {i}</h2>"
        f"<div id='Chapter-{i}' class='{'part' if entries > 10 else 'chapter'}'>"
        f"<dl class='toc'>{toc}</dl></div><p>Intro.</p></div></body></html>",
    )


def test_a_contents_list_long_on_some_pages_is_not_a_wild_count() -> None:
    # Part pages list every section of the part (120 entries on a short page): the same
    # `div.toc/dl.toc` with entries of the same kind, its real length.
    pages = [toc_page(i, 120 if i % 6 == 0 else 4) for i in range(18)]
    got = flags(pages, Field("toc", xpaths=("//dl[@class='toc']//a",), is_list=True))
    assert not [f for f in got["toc"] if "varies wildly" in f["flag"]], got


def docbook(i: int) -> Page:
    """Chapter pages title `div.titlepage//h2.title`, reference pages `div.refnamediv/h2`;
    the navigation header's first row is the part the page is in, its second the page's own
    title in a single cell."""
    part = "Part I" if i % 4 else "Part II"
    title = (
        f"<div class='titlepage'><div><h2 class='title'>Chapter {i}</h2></div></div>"
        if i % 3
        else f"<div class='refnamediv'><h2>REF{i}</h2></div>"
    )
    return Page(
        f"https://{SITE}/d{i}.html",
        f"<html><body><table class='nav'><tr><th>{part}</th></tr><tr><td>Page {i}</td></tr>"
        f"</table><div class='chapter'>{title}<h3>Intro</h3><p>text</p></div></body></html>",
    )


def test_right_positions_are_not_flagged_for_a_class_or_a_neighbouring_row() -> None:
    pages = [docbook(i) for i in range(12)]
    got = flags(
        pages,
        # the first h2 of the page: `h2.title` on chapters, `h2` on reference pages
        Field("title", xpaths=("(//h2)[1]",)),
        # the second row of the header is the page's own: the part named in the row above
        # it differs on some pages, not the row
        Field("page", xpaths=("//table[@class='nav']/tr[2]/td",)),
    )
    for fid in ("title", "page"):
        assert not [f for f in got[fid] if f["flag"].startswith("pinned")], (fid, got[fid])


def test_a_class_rule_missing_pages_whose_top_heading_sits_elsewhere_is_flagged() -> None:
    # Reference pages title `div.refnamediv/h2`, not `div.titlepage//h2`: another place, but
    # the page's top h2 as the rule's node is on the chapters.
    pages = [docbook(i) for i in range(12)]
    refs = [p.url for i, p in enumerate(pages) if i % 3 == 0]
    got = flags(pages, Field("title", xpaths=("//div[@class='titlepage']//h2",)))
    vacant = [f for f in got["title"] if f["flag"].startswith("no value on")]
    assert len(vacant) == 1, got["title"]
    assert vacant[0]["look_at"] == refs[:5] and vacant[0]["pages"] == len(refs)
    assert "the page's top h2" in vacant[0]["flag"]


def test_a_heading_absent_where_a_lower_one_follows_a_title_is_not_flagged() -> None:
    # A subtitle under the page's h1, on two pages of three; the others have sections' h2
    # after the h1: no top h2 is missing there.
    def page(i: int) -> Page:
        sub = f"<div class='sub'><h2>Sub {i}</h2></div>" if i % 3 else ""
        return Page(
            f"https://{SITE}/s{i}.html",
            f"<html><body><h1>Title {i}</h1>{sub}<h2>Usage</h2><p>t</p></body></html>",
        )

    got = flags([page(i) for i in range(12)], Field("sub", xpaths=("//div[@class='sub']/h2",)))
    assert got["sub"] == []


def test_the_first_h1_is_under_no_sidebar_h2() -> None:
    # rustdoc: a sidebar 'In std::env' (another module on other pages) before the item's h1.
    def page(i: int) -> Page:
        return Page(
            f"https://{SITE}/r{i}.html",
            f"<html><body><nav><h2>In std::{('env', 'cmp', 'fs', 'io')[i % 4]}</h2>"
            "<ul><li>x</li></ul></nav>"
            f"<main><h1 class='fqn'>Struct S{i}</h1><p>t</p></main></body></html>",
        )

    got = flags([page(i) for i in range(12)], Field("title", xpaths=("(//h1)[1]",)))
    assert not [f for f in got["title"] if f["flag"].startswith("pinned")], got["title"]


def test_a_title_taking_the_navigation_block_around_another_field_is_flagged() -> None:
    # The header block holds the title, then 'Prev', the 'Up' text, 'Next': the up text is
    # inside the value, neither at its start nor at its end.
    def page(i: int) -> Page:
        return Page(
            f"https://{SITE}/n{i}.html",
            f"<html><body><div class='navheader'><p class='t'>Command {i}</p> <a>Prev</a> "
            f"<b class='up'>Part {'ABC'[i % 3]} commands</b> <a>Next</a></div>"
            f"<h2>Command {i}</h2></body></html>",
        )

    pages = [page(i) for i in range(8)]
    up = Field("up_text", xpaths=("//b[@class='up']",))
    got = flags(pages, Field("title", xpaths=("//div[@class='navheader']",)), up)
    assert any("'up_text''s value with more text" in f["flag"] for f in got["title"]), got
    right = flags(pages, Field("title", xpaths=("//p[@class='t']",)), up)
    assert right["title"] == [], right


def test_a_title_equal_to_its_sidebar_entry_on_a_few_pages_is_no_other_fields_node() -> None:
    # mdBook: the sidebar's active entry reads like the chapter's heading on a few pages
    # ('Introduction'), elsewhere it is numbered: one text in two places, not one node.
    def page(i: int) -> Page:
        entry = "Intro" if i % 6 == 0 else f"{i}. Chapter {i}"
        heading = "Intro" if i % 6 == 0 else f"Chapter {i}"
        return Page(
            f"https://{SITE}/b{i}.html",
            f"<html><body><nav><ol><li><a class='active' href='b{i}.html'>{entry}</a></li>"
            f"</ol></nav><main><h1>{heading}</h1><p>t</p></main></body></html>",
        )

    got = flags(
        [page(i) for i in range(12)],
        Field("title", xpaths=("//main/h1",)),
        Field("current", xpaths=("//a[@class='active']",)),
    )
    assert got == {"title": [], "current": []}, got


def test_a_cell_pinned_in_a_row_whose_header_differs_is_flagged() -> None:
    # Each row: a header cell, an icon cell, the value cell. The rule pins the second row's
    # value cell; where a row is inserted above, the second row is another header's. The
    # cell just before the value has no text: the row's header tells the rows apart.
    def info(i: int) -> Page:
        rows = [("Author", f"Writer {i}"), ("Date", f"Day {i}"), ("Size", f"{i}k")]
        if i in (4, 6):
            rows.insert(0, ("Status", "draft"))
        body = "".join(
            f"<tr><th>{k}</th><td><img src='i.png'></td><td>{v}</td></tr>" for k, v in rows
        )
        return Page(
            f"https://{SITE}/doc{i}.html",
            f"<html><body><table class='info'>{body}</table></body></html>",
        )

    pages = [info(i) for i in range(10)]
    got = flags(pages, Field("date", xpaths=("//table[@class='info']/tr[2]/td[2]",)))
    pinned = [f for f in got["date"] if f["flag"].startswith("pinned")]
    assert len(pinned) == 1, got["date"]
    assert pinned[0]["look_at"] == [pages[4].url, pages[6].url]
    assert "'Author'" in pinned[0]["flag"] and "'Date'" in pinned[0]["flag"]


def book(i: int) -> Page:
    """An mdBook-like page: a menu bar titled with the book's name (`h1.menu-title`) before the
    chapter; chapters title their page with an `h1`, sections with an `h2` (their parts `h3`)."""
    head = "h1" if i % 3 == 0 else "h2"
    return Page(
        f"https://{SITE}/ch{i}.html",
        "<html><body><div id='body'><div class='menu-bar'><h1 class='menu-title'>The Book</h1>"
        "</div><div class='page'><main>"
        f"<{head}><a class='header' href='#t{i}'>Title {i}</a></{head}><p>About {i}.</p>"
        f"<h3>Part {i}.1</h3><p>More.</p></main></div></div></body></html>",
    )


def test_a_bare_position_title_missing_pages_titled_at_a_lower_rank_is_flagged() -> None:
    # The page's top heading is the menu bar's on every page: the title is the first heading
    # of `main`, an `h1` on chapters and an `h2` on sections.
    pages = [book(i) for i in range(12)]
    sections = [p.url for i, p in enumerate(pages) if i % 3]
    for rule in ("/html/body/div/div[2]/main/h1", "//main/h1"):
        got = flags(pages, Field("title", xpaths=(rule,)))
        rank = [f for f in got["title"] if "of a lower rank" in f["flag"]]
        assert len(rank) == 1, (rule, got["title"])
        assert rank[0]["pages"] == len(sections) and set(rank[0]["look_at"]) <= set(sections)
        assert "h2 on 8" in rank[0]["flag"] and "/main" in rank[0]["flag"]
    union = "//main/*[self::h1 or self::h2][1]"
    assert flags(pages, Field("title", xpaths=(union,)))["title"] == []


def test_a_title_equal_to_its_sidebar_entry_on_every_page_is_not_flagged() -> None:
    # The sidebar's entry for the page reads as the page's heading on every page: one text in
    # two unlike nodes. Two rules on one same node, or on the header's and the footer's copy
    # of one link, take one same thing: that is flagged.
    def page(i: int) -> Page:
        link = f"<a class='next' rel='next' href='b{i + 1}.html'>Chapter {i + 1}</a>"
        return Page(
            f"https://{SITE}/b{i}.html",
            f"<html><body><nav><ol><li><a href='b0.html'>Intro</a></li><li>"
            f"<a class='active' href='b{i}.html'>Chapter {i}</a></li></ol></nav>"
            f"<div class='top'>{link}</div><main><h1>Chapter {i}</h1><p>t</p></main>"
            f"<div class='bottom'>{link}</div></body></html>",
        )

    pages = [page(i) for i in range(12)]
    got = flags(
        pages,
        Field("title", xpaths=("//main/h1",)),
        Field("current", xpaths=("//a[@class='active']",)),
    )
    assert got == {"title": [], "current": []}, got
    got = flags(
        pages,
        Field("title", xpaths=("//main/h1/text()",)),
        Field("current", xpaths=("//a[@class='active']",)),
    )
    assert got == {"title": [], "current": []}, got
    got = flags(
        pages,
        Field("title", xpaths=("//main/h1",)),
        Field("heading", xpaths=("//h1/text()",)),
        Field("next_top", xpaths=("//div[@class='top']/a",)),
        Field("next_bottom", xpaths=("//div[@class='bottom']/a",)),
    )
    # one same node: the later field repeats the earlier one, and is the one flagged
    same = [f for f in got["heading"] if f["flag"].startswith("duplicate of field 'title'")]
    assert len(same) == 1 and same[0]["look_at"] == [p.url for p in pages[:5]], got["heading"]
    assert not [f for f in got["title"] if "'heading'" in f["flag"]], got["title"]
    copies = [f for f in got["next_top"] if "copies of one node" in f["flag"]]
    assert len(copies) == 1 and copies[0]["pages"] == 12, got["next_top"]
    assert not [f for f in got["title"] if "'next_top'" in f["flag"]], got["title"]


def test_several_nodes_name_the_pages_whose_nodes_sit_in_another_container() -> None:
    # A title rule `//h2` takes the page's title and its sections' headings (many on long
    # pages); on a few short pages a box's heading comes first, in another container: the
    # value there is wrong, and those are the pages to look at, not the longest ones.
    def page(i: int) -> Page:
        box = "<div class='box'><h2>See also</h2><p>x</p></div>" if i in (3, 7, 10) else ""
        parts = "".join(f"<h2>Part {k}</h2><p>t</p>" for k in range(1 if box else 2 + i))
        return Page(
            f"https://{SITE}/s{i}.html",
            f"<html><body>{box}<div class='content'><h2>Title {i}</h2>{parts}</div></body></html>",
        )

    pages = [page(i) for i in range(12)]
    got = flags(pages, Field("title", xpaths=("//h2",)))
    many = [f for f in got["title"] if f["flag"].startswith("several nodes")]
    assert len(many) == 1, got["title"]
    assert many[0]["look_at"][:3] == [pages[i].url for i in (3, 7, 10)], many[0]


def child_links(i: int) -> Page:
    """LaTeX2HTML's child links: a leaf's one level of a few entries; the manual's index page
    one top entry whose nested lists hold every section; one page a long list of another
    kind (an index of terms in a table)."""
    text = "".join(f"<p>Paragraph {k} of page {i}.</p>" for k in range(20))
    if i == 0:
        subs = "".join(
            f"<li><a href='n{k}.html'>Section {k}</a><ul>"
            + "".join(f"<li><a href='n{k}_{j}.html'>Part {k}.{j}</a></li>" for j in range(5))
            + "</ul></li>"
            for k in range(12)
        )
        toc = f"<ul class='ChildLinks'><li><a href='n1.html'>Commands</a><ul>{subs}</ul></li></ul>"
        text = ""
    else:
        toc = "<ul class='ChildLinks'>" + "".join(
            f"<li><a href='n{i}_{k}.html'>Part {i}.{k}</a></li>" for k in range(1 + i % 3)
        )
        toc += "</ul>"
    if i == 11:
        terms = "".join(f"<tr><td><a href='t{k}.html'>term {k}</a></td></tr>" for k in range(90))
        toc += f"<table class='terms'>{terms}</table>"
        text = ""
    return Page(
        f"https://{SITE}/n{i}.html",
        f"<html><body><div class='navigation'><b>Next:</b> <a href='x'>X</a></div>"
        f"<h1>Page {i}</h1>{text}{toc}</body></html>",
    )


def test_a_nested_contents_tree_long_on_an_index_page_is_not_a_wild_count() -> None:
    pages = [child_links(i) for i in range(12)]
    got = flags(pages, Field("children", xpaths=("//ul[@class='ChildLinks']//a",), is_list=True))
    assert got["children"] == [], got["children"]
    # items from another list, long on its page: that is flagged, and only that page
    got = flags(pages, Field("links", xpaths=("//body//a[not(ancestor::div)]",), is_list=True))
    wild = [f for f in got["links"] if f["flag"].startswith("item count varies wildly")]
    assert len(wild) == 1 and wild[0]["look_at"] == [pages[11].url], got["links"]


def tree_page(i: int) -> Page:
    """A page's contents tree: entries, most with sub-entries of the same kind (`li/a`)."""
    entries = "".join(
        f"<li><a href='#s{k}'>Section {i}.{k}</a>"
        + (
            "<ul>"
            + "".join(f"<li><a href='#s{k}_{j}'>Sub {k}.{j}</a></li>" for j in range(2))
            + "</ul>"
            if (k + i) % 3
            else ""
        )
        + "</li>"
        for k in range(3 + i % 2)
    )
    return Page(
        f"https://{SITE}/t{i}.html",
        f"<html><body><div class='side'><ul class='toc'>{entries}</ul></div>"
        f"<h1>Topic {i}</h1><ul class='facts'><li><a href='f{i}.html'>Fact {i}</a></li>"
        f"<li><a href='g{i}.html'>Other {i}</a></li></ul>"
        "</body></html>",
    )


def test_a_rule_taking_one_level_of_a_nested_contents_tree_is_flagged() -> None:
    pages = [tree_page(i) for i in range(10)]
    for rule in ("//ul[@class='toc']/li/a", "//ul[@class='toc']/li/ul/li/a"):
        got = flags(pages, Field("toc", xpaths=(rule,), is_list=True))
        level = [f for f in got["toc"] if f["flag"].startswith("takes one level")]
        assert len(level) == 1 and level[0]["pages"] == 10, (rule, got["toc"])
    got = flags(
        pages,
        Field("toc", xpaths=("//ul[@class='toc']//a",), is_list=True),
        Field("facts", xpaths=("//ul[@class='facts']/li/a",), is_list=True),
    )
    assert got == {"toc": [], "facts": []}, got


def test_a_section_heading_taken_under_a_chapter_title_is_flagged() -> None:
    # Sections title their page with the first `h2` of `main`; chapters with an `h1`, then
    # their first section's `h2`: a rule `//main/h2` takes that section's heading there.
    def page(i: int) -> Page:
        title = f"<h1>Chapter {i}</h1><p>Intro.</p>" if i % 4 == 0 else ""
        return Page(
            f"https://{SITE}/c{i}.html",
            "<html><body><div class='menu-bar'><h1 class='menu-title'>The Book</h1></div>"
            f"<main>{title}<h2>Section {i}</h2><p>About {i}.</p><h3>Part</h3></main>"
            "</body></html>",
        )

    pages = [page(i) for i in range(12)]
    chapters = [p.url for i, p in enumerate(pages) if i % 4 == 0]
    got = flags(pages, Field("title", xpaths=("//main/h2",)))
    under = [f for f in got["title"] if "a heading of a higher rank" in f["flag"]]
    assert len(under) == 1 and under[0]["look_at"] == chapters, got["title"]
    assert "h1 on 3" in under[0]["flag"]
    right = flags(pages, Field("title", xpaths=("//main/*[self::h1 or self::h2][1]",)))
    assert right["title"] == [], right
