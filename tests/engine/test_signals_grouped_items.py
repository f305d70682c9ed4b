"""A contents rule whose items are one run on a chapter page (its sections) and many runs on
the front page (every chapter's sections, each in a block under the chapter's link) is
flagged there: items from several containers, and the count that varies wildly with it. A
nested contents (an entry's own link above its sub-entries) is no run of its own. A trail
set in one box's list beside the page's contents is not said to leave out the contents as
another level of its list. The box around both, taken whole, is flagged: its items sit
under several labels."""

from __future__ import annotations

from typing import Any

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import site_signals

SITE = "manual.example"
RULE = "//div[@class='sect']/span/a"


def sections(ch: int, n: int) -> str:
    return "".join(
        f"<div class='sect'><span><a href='c{ch}.html#s{k}'>{ch}.{k} Part</a></span></div>"
        for k in range(1, n + 1)
    )


def chapter(ch: int) -> Page:
    return Page(
        f"https://{SITE}/c{ch}.html",
        f"<html><body><h3>{ch} Chapter</h3><div class='sects'>{sections(ch, 3 + ch % 5)}</div>"
        f"<p>Text of chapter {ch}.</p></body></html>",
    )


def front() -> Page:
    chapters = "".join(
        f"<div class='chap'><a href='c{ch}.html'>{ch} Chapter</a>{sections(ch, 3 + ch % 5)}</div>"
        for ch in range(1, 30)
    )
    return Page(
        f"https://{SITE}/index.html",
        f"<html><body><h1>Manual</h1><div class='contents'>{chapters}</div></body></html>",
    )


def flags(pages: list[Page], xpath: str) -> list[dict[str, Any]]:
    field = Field("toc", xpaths=(xpath,), is_list=True)
    t = Template("ref", site=SITE, fields=(field,), use_cleaner=False)
    return [f for s in site_signals(pages, [t]) for f in s.flags()]


def test_front_page_of_every_chapter_is_flagged() -> None:
    got = flags([front(), *(chapter(ch) for ch in range(1, 20))], RULE)
    several = [f for f in got if f["flag"].startswith("items from several containers")]
    assert several and several[0]["look_at"] == [f"https://{SITE}/index.html"], got
    wild = [f for f in got if f["flag"].startswith("item count varies wildly")]
    assert wild and wild[0]["look_at"] == [f"https://{SITE}/index.html"], got


def test_chapter_pages_alone_are_not_flagged() -> None:
    got = flags([chapter(ch) for ch in range(1, 20)], RULE)
    assert not [f for f in got if "several containers" in f["flag"]], got


def nested_toc(i: int, tops: int) -> str:
    entries = "".join(
        f"<li><a href='#s{k}'>Sec {k}</a><ul>"
        + "".join(f"<li><a href='#s{k}-{j}'>Sub {k}.{j}</a></li>" for j in range(3))
        + "</ul></li>"
        for k in range(tops)
    )
    return f"<ul class='toc'>{entries}</ul>"


def test_a_nested_contents_is_not_runs_of_items() -> None:
    pages = [
        Page(
            f"https://{SITE}/p{i}.html",
            f"<html><body><h1>P{i}</h1>{nested_toc(i, 1 if i else 25)}</body></html>",
        )
        for i in range(12)
    ]
    got = flags(pages, "//ul[@class='toc']//a")
    assert not [f for f in got if "several containers" in f["flag"]], got


def boxed(i: int) -> Page:
    levels = ["Core", f"Topic {i}"][: i % 3]
    trail = ""
    for name in reversed(levels):
        trail = f"<ul><li><a href='{name}.html'>{name}</a></li>{trail}</ul>"
    return Page(
        f"https://{SITE}/b{i}.html",
        "<html><body><div id='nav'><ul>"
        f"<li><b>Next:</b> <a href='b{i + 1}.html'>Next page</a></li>"
        f"<li><b>Up:</b> <a href='index.html'>Home</a></li>{trail}"
        f"<li><b>On this page:</b></li>{nested_toc(i, 4)}</ul></div></body></html>",
    )


def test_a_trail_beside_the_contents_in_one_box_is_not_one_level_of_them() -> None:
    entry = "//li[b[normalize-space(.)='Up:']]"
    rule = f"{entry}//a | {entry}/following-sibling::*[position() <= 1][self::ul]//a"
    got = flags([boxed(i) for i in range(12)], rule)
    assert not [f for f in got if "one level of a nested list" in f["flag"]], got


def test_the_box_around_a_trail_and_the_contents_is_flagged_with_their_labels() -> None:
    got = flags([boxed(i) for i in range(12)], "//div[@id='nav']//a")
    labelled = [f for f in got if f["flag"].startswith("items from several labelled lists")]
    assert labelled, got
    assert "'Up:'" in labelled[0]["flag"] and "'On this page:'" in labelled[0]["flag"], labelled
    assert labelled[0]["look_at"], labelled


def test_the_trail_alone_is_under_one_label() -> None:
    entry = "//li[b[normalize-space(.)='Up:']]"
    rule = f"{entry}//a | {entry}/following-sibling::*[position() <= 1][self::ul]//a"
    got = flags([boxed(i) for i in range(12)], rule)
    assert not [f for f in got if "labelled lists" in f["flag"]], got


def dl_toc(i: int, tops: int) -> str:
    entries = "".join(
        f"<dt><a href='s{k}.html'>Sec {k}</a></dt><dd><dl>"
        + "".join(f"<dt><a href='s{k}-{j}.html'>Sub {k}.{j}</a></dt>" for j in range(3))
        + "</dl></dd>"
        for k in range(tops)
    )
    return f"<div class='toc'><dl>{entries}</dl></div>"


def test_a_nested_contents_of_terms_is_not_runs_of_items() -> None:
    """Each sub-list in a `dd` after its entry's `dt` link: the sub-entries of that entry."""
    pages = [
        Page(
            f"https://{SITE}/d{i}.html",
            f"<html><body><h1>D{i}</h1>{dl_toc(i, 20 if i < 2 else 0)}"
            + (
                "<div class='toc'><dl>"
                + "".join(f"<dt><a href='x{k}.html'>X {k}</a></dt>" for k in range(3 + i % 3))
                + "</dl></div>"
                if i >= 2
                else ""
            )
            + "</body></html>",
        )
        for i in range(14)
    ]
    got = flags(pages, "//div[@class='toc']//dt/a")
    assert not [f for f in got if "several containers" in f["flag"]], got
