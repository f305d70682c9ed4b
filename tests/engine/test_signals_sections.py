"""Correctness signals on reference manuals whose pages split by kind (module pages, chapter
pages, an index): a sidebar with every module's list, the current one open; a section name
that is a per-kind constant; reference pages whose sections hold tables of functions and of
types. Right rules stay quiet; wrong ones (a copy of the title as the summary, tables of two
sections taken as one list, a heading rank missing the chapters) are flagged."""

from __future__ import annotations

from typing import Any

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import site_signals

SITE = "ref.example"


def flags(pages: list[Page], *fields: Field) -> dict[str, list[dict[str, Any]]]:
    t = Template("ref", site=SITE, fields=fields, use_cleaner=False)
    return {s.field: s.flags() for s in site_signals(pages, [t])}


def named(got: dict[str, list[dict[str, Any]]], field: str, part: str) -> list[dict[str, Any]]:
    return [f for f in got[field] if part in f["flag"]]


def module(i: int, n: int = 12) -> Page:
    """A module page: its name as the `h1`, a 'Module' section repeating the name, a 'Module
    Summary' section (a 'Since' part after the summary on some pages), a sidebar listing
    every module with its functions under it (one module in three has none: a bare link),
    the current module's entry marked."""

    def entry(k: int) -> str:
        if k % 3 == 2 and k != i:
            return f"<li title='m{k}'><a href='m{k}.html'>m{k}</a></li>"
        funcs = "".join(
            f"<li title='f{j}'><a href='m{k}.html#f{j}'>f{j}/{k}</a></li>" for j in range(2 + k % 2)
        )
        mark = " id='current'" if k == i else ""
        return (
            f"<li{mark} title='m{k}'>m{k}<ul><li><a href='m{k}.html'>Top</a></li>{funcs}</ul></li>"
        )

    side = "".join(entry(k) for k in range(n))
    since = "<h3>Since</h3><div class='body'>OTP 2#</div>" if i % 4 == 0 else ""
    return Page(
        f"https://{SITE}/m{i}.html",
        f"<html><body><aside><p class='part'>Reference Manual</p><ul class='menu'>{side}</ul>"
        f"</aside><div id='content'><div class='tube'><h1>m{i}</h1></div>"
        f"<div class='tube'><h3>Module</h3><div class='body'>m{i}</div></div>"
        f"<div class='tube'><h3>Module Summary</h3><div class='body'>Does thing {i}.</div>"
        f"{since}</div><div class='tube'><h3>Exports</h3><p>f0, f1, f2</p></div></div>"
        "</body></html>",
    )


def test_a_field_equal_to_the_title_on_every_page_in_another_node_is_flagged() -> None:
    pages = [module(i) for i in range(12)]
    got = flags(
        pages,
        Field("title", xpaths=("//div[@id='content']//h1",)),
        Field("summary", xpaths=("//div[@id='content']/div[2]/div",)),
    )
    equal = named(got, "summary", "values equal field 'title' on 12 pages, every page")
    assert len(equal) == 1, got["summary"]
    assert got["summary"][0] is equal[0]  # the strong flag comes first (the Check column's)
    # the title is the text's own place (a heading): it is not the one flagged
    assert not named(got, "title", "values equal"), got["title"]
    got = flags(
        pages,
        Field("title", xpaths=("//div[@id='content']//h1",)),
        Field("summary", xpaths=("//div[@id='content']/div[3]/div[1]",)),
    )
    assert not named(got, "summary", "values equal"), got["summary"]


def chapter(i: int) -> Page:
    """A chapter of the user's guide: another section name in the sidebar."""
    return Page(
        f"https://{SITE}/c{i}.html",
        "<html><body><aside><p class='part'>User's Guide</p><ul class='menu'>"
        "<li><a href='c0.html'>Intro</a></li></ul></aside><div id='content'>"
        f"<div class='tube'><h1>{i} Chapter {i}</h1></div><p>About {i}.</p></div></body></html>",
    )


def test_a_section_name_constant_per_kind_of_page_is_not_one_same_value() -> None:
    pages = [module(i) for i in range(10)] + [chapter(i) for i in range(2)]
    got = flags(pages, Field("part", xpaths=("//p[@class='part']",)))
    assert got["part"] == [], got["part"]
    # one stray other value: a constant node of every page, flagged
    got = flags(pages[:11], Field("part", xpaths=("//p[@class='part']",)))
    assert named(got, "part", "one same value on 10 of 11 pages"), got["part"]


def test_the_open_entry_of_a_sidebar_of_every_module_is_one_list() -> None:
    # The current module's functions, under its open entry: the other modules' lists are
    # other sections of the sidebar, not entries left out, nor a level of its tree.
    pages = [module(i) for i in range(12)]
    got = flags(pages, Field("toc", xpaths=("//li[@id='current']/ul/li[@title]/a",), is_list=True))
    assert got["toc"] == [], got["toc"]
    # The first module's list, on every page: its links go to another page; the other
    # modules' lists are left out of what should be the page's own entry.
    pages = pages[1:]
    got = flags(pages, Field("toc", xpaths=("//ul[@class='menu']/li[1]/ul/li/a",), is_list=True))
    assert named(got, "toc", "nodes like the items"), got["toc"]


def file_page(i: int) -> Page:
    """A file's reference page: 'File' and 'File Summary' where modules say 'Module'."""
    return Page(
        f"https://{SITE}/file{i}.html",
        "<html><body><aside><p class='part'>Reference Manual</p></aside><div id='content'>"
        f"<div class='tube'><h1>file{i}</h1></div>"
        f"<div class='tube'><h3>File</h3><div class='body'>file{i}</div></div>"
        f"<div class='tube'><h3>File Summary</h3><div class='body'>Resource file {i}.</div></div>"
        "</div></body></html>",
    )


def sidebar(i: int, *, prev: bool) -> Page:
    """A sidebar of 'Previous topic' and 'Next topic' blocks; the first page has no previous
    one, so its 'Next topic' block comes first."""
    blocks = []
    if prev:
        blocks.append(
            f"<div class='blk'><h4>Previous topic</h4><a href='p{i - 1}.html'>T{i - 1}</a></div>"
        )
    blocks.append(f"<div class='blk'><h4>Next topic</h4><a href='p{i + 1}.html'>T{i + 1}</a></div>")
    return Page(
        f"https://{SITE}/p{i}.html",
        f"<html><body><div class='side'>{''.join(blocks)}</div><h1>T{i}</h1></body></html>",
    )


def test_a_position_whose_node_is_the_same_section_on_every_kind_of_page_is_not_pinned() -> None:
    # The summary section is the third block of every reference page: 'Module Summary' on a
    # module's, 'File Summary' on a file's, a 'Since' part after the summary on some.
    pages = [module(i) for i in range(12)] + [file_page(i) for i in range(2)]
    got = flags(pages, Field("summary", xpaths=("//div[@id='content']/div[3]/div",)))
    assert not named(got, "summary", "pinned"), got["summary"]
    # 'Next topic' shares a word with 'Previous topic', but labels the next link on the other
    # pages: the first block of the first page is another node.
    pages = [sidebar(i, prev=i > 0) for i in range(8)]
    got = flags(pages, Field("prev", xpaths=("//div[@class='side']/div[1]/a",)))
    pinned = named(got, "prev", "pinned to position div[1]")
    assert len(pinned) == 1 and pinned[0]["look_at"] == [pages[0].url], got["prev"]


def docbook(i: int) -> Page:
    """GTK-Doc pages: a reference page titled `h2/span`, a chapter `h1`; the book's index has
    no heading of either, its contents' first entry a `span`."""
    if i == 0:
        body = (
            "<div class='titlepage'><p class='title'>The Manual</p></div><dl class='toc'>"
            + "".join(
                f"<dt><span class='chapter'><a href='c{k}.html'>Part {k}</a></span></dt>"
                for k in range(4)
            )
            + "</dl>"
        )
    elif i % 5 == 0:
        body = f"<div class='titlepage'><h1 class='title'>Part {i}</h1></div><p>About.</p>"
    else:
        body = (
            f"<div class='refnamediv'><h2><span class='refentrytitle'>Thing {i}</span></h2>"
            f"<p>Thing {i} — does</p></div><p>More.</p>"
        )
    return Page(
        f"https://{SITE}/d{i}.html", f"<html><body><div class='book'>{body}</div></body></html>"
    )


def test_a_first_match_title_is_pinned_where_its_node_is_no_heading() -> None:
    pages = [docbook(i) for i in range(16)]
    rule = "(/html/body/div[1]//*[self::h1 or self::span])[1]"
    got = flags(pages, Field("title", xpaths=(rule,)))
    pinned = named(got, "title", "pinned to position (…)[1]")
    # the chapters' `h1` is a title like the reference pages' `h2/span`; the index's contents
    # entry is not
    assert len(pinned) == 1 and pinned[0]["look_at"] == [pages[0].url], got["title"]


def test_a_heading_rank_missing_the_chapters_titled_by_a_higher_one_is_flagged() -> None:
    pages = [docbook(i) for i in range(16)]
    chapters = [pages[i].url for i in (5, 10, 15)]
    got = flags(pages, Field("title", xpaths=("//h2",)))
    higher = named(got, "title", "whose top heading is of a higher rank (h1 on 3)")
    assert len(higher) == 1 and sorted(higher[0]["look_at"]) == sorted(chapters), got["title"]
    # one front page titled `h1` is another kind of page, no fault
    got = flags(pages[:6], Field("title", xpaths=("//h2",)))
    assert not named(got, "title", "higher rank"), got["title"]
    right = "//*[self::h1 or self::h2][1]"
    assert not named(flags(pages, Field("title", xpaths=(right,))), "title", "higher rank")


def api(i: int, *, functions: bool = True) -> Page:
    """A GTK-Doc reference page: a 'Functions' section and a 'Types and Values' section, each
    a table whose name cells are `td.function_name`; one page has no functions."""

    def table(names: list[str]) -> str:
        rows = "".join(
            f"<tr><td class='function_type'>int</td><td class='function_name'>"
            f"<a href='#{n}'>{n}</a></td></tr>"
            for n in names
        )
        return f"<div class='informaltable'><table class='informaltable'>{rows}</table></div>"

    funcs = (
        f"<div class='refsect1'><h2>Functions</h2>{table([f'f{i}_{k}' for k in range(4)])}</div>"
        if functions
        else ""
    )
    types = f"<div class='refsect1'><h2>Types and Values</h2>{table([f'T{i}_{k}' for k in range(2)])}</div>"
    return Page(
        f"https://{SITE}/api{i}.html",
        f"<html><body><div class='refentry'><div class='refnamediv'><h2>Api {i}</h2></div>"
        f"{funcs}{types}<div class='refsect1'><h2>Description</h2><p>Text.</p></div></div>"
        "</body></html>",
    )


def test_the_tables_of_two_titled_sections_are_several_lists() -> None:
    pages = [api(i) for i in range(8)]
    got = flags(
        pages, Field("f", xpaths=("//td[contains(@class,'function_name')]/a",), is_list=True)
    )
    mixed = named(got, "f", "items from several lists")
    assert len(mixed) == 1 and mixed[0]["pages"] == 8, got["f"]
    right = "//h2[.='Functions']/following-sibling::div[1]/table/tr/td[@class='function_name']/a"
    assert flags(pages, Field("f", xpaths=(right,), is_list=True))["f"] == []


def test_a_positional_list_rule_taking_another_sections_table_is_pinned() -> None:
    # The functions' table is the second block of the page, but a page without functions has
    # the types' table there.
    pages = [api(i, functions=i != 5) for i in range(8)]
    rule = "/html/body/div[1]/div[2]/div/table/tr/td[2]/a"
    got = flags(pages, Field("f", xpaths=(rule,), is_list=True))
    pinned = named(got, "f", "pinned to position div[2]")
    assert len(pinned) == 1 and pinned[0]["look_at"] == [pages[5].url], got["f"]
    assert "'Types and Values'" in pinned[0]["flag"]
    full = [api(i) for i in range(8)]
    assert flags(full, Field("f", xpaths=(rule,), is_list=True))["f"] == []


def test_a_list_taking_a_link_to_its_own_pages_top_on_every_page_is_flagged() -> None:
    # The open entry's list starts with 'Top', a link to the page itself, on every page.
    pages = [module(i) for i in range(12)]
    got = flags(pages, Field("toc", xpaths=("//li[@id='current']/ul/li/a",), is_list=True))
    top = named(got, "toc", "an item 'Top' links to its own page's top on 12 pages (of 12")
    assert len(top) == 1, got["toc"]
    # links into the page (its own contents, with a fragment) are entries
    got = flags(pages, Field("toc", xpaths=("//li[@id='current']/ul/li[@title]/a",), is_list=True))
    assert got["toc"] == [], got["toc"]


def navigated(i: int) -> Page:
    """A navigation header of 'Up', 'Prev' and 'Next' links (accesskeys u, p, n): the first
    page of each chapter has its chapter as both the previous and the upper page."""
    chapter = i // 5
    prev = f"c{chapter}.html" if i % 5 == 0 else f"p{i - 1}.html"
    return Page(
        f"https://{SITE}/p{i}.html",
        "<html><body><table class='navigation'><tr>"
        f"<td><a accesskey='u' href='c{chapter}.html'>Up</a></td>"
        f"<td><a accesskey='p' href='{prev}'>Prev</a></td>"
        f"<td><a accesskey='n' href='p{i + 1}.html'>Next</a></td></tr></table>"
        f"<h2>Page {i}</h2></body></html>",
    )


def test_prev_and_up_truly_equal_on_the_first_page_of_each_chapter_are_not_flagged() -> None:
    pages = [navigated(i) for i in range(20)]
    for prev, up in (
        (
            Field("prev", xpaths=("//a[@accesskey='p']/@href",)),
            Field("up", xpaths=("//a[@accesskey='u']/@href",)),
        ),
        (
            Field("prev", xpaths=("//a[@accesskey='p']",), kind="attribute", attribute="href"),
            Field("up", xpaths=("//a[@accesskey='u']",), kind="attribute", attribute="href"),
        ),
    ):
        got = flags(pages, prev, up)
        assert got == {"prev": [], "up": []}, got
