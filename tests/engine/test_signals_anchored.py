"""The 'empty where its anchor is' signal: a field without a value on pages where the block
its rule goes down from (the XPath before its last steps) is there and holds text: the
field's node is of another kind there (a parent class named in plain text, no link)."""

from __future__ import annotations

from typing import Any

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import site_signals

SITE = "api.example"


def flags(pages: list[Page], *fields: Field) -> dict[str, list[dict[str, Any]]]:
    t = Template("api", site=SITE, fields=fields, use_cleaner=False)
    return {s.field: s.flags() for s in site_signals(pages, [t])}


def api(i: int, kind: str) -> Page:
    """A class page names its parent in a sidebar block: a link, or plain text for a parent
    the generator could not resolve, or nothing (the root class); a module page has no such
    block."""
    parent = {
        "link": f"<a href='Base{i % 3}.html'>Base{i % 3}</a>",
        "text": f"rb_eBase{i % 2}",
        "none": "",
    }.get(kind)
    block = (
        "<div id='parent-class-section' class='nav-section'><h3>Parent</h3>"
        f"<p class='link'>{parent}</p></div>"
        if parent is not None
        else ""
    )
    return Page(
        f"https://{SITE}/{kind}{i}.html",
        f"<html><body><nav>{block}<div class='nav-section'><h3>Methods</h3><ul>"
        f"<li><a href='#m{i}'>m{i}</a></li></ul></div></nav>"
        f"<main><h1>Thing{i}</h1><p>About thing {i}, a long paragraph of text.</p></main>"
        "</body></html>",
    )


def site() -> list[Page]:
    kinds = ["link"] * 12 + ["text"] * 3 + ["none"] + ["module"] * 5
    return [api(i, k) for i, k in enumerate(kinds)]


def test_a_field_empty_where_its_anchor_holds_text_is_flagged_with_those_pages() -> None:
    pages = site()
    plain = [p.url for p in pages if "/text" in p.url]
    got = flags(
        pages,
        Field("parent", xpaths=("//div[@id='parent-class-section']//a",)),
        Field(
            "parent_href",
            xpaths=("//div[@id='parent-class-section']//a/@href",),
            kind="attribute",
            attribute="href",
        ),
    )
    for fid in ("parent", "parent_href"):
        hits = [f for f in got[fid] if f["flag"].startswith("empty where its anchor is")]
        assert len(hits) == 1, got[fid]
        # the plain-text parents only: not the root class (its block holds a heading only)
        # nor the modules (no block at all)
        assert hits[0]["pages"] == 3 and hits[0]["look_at"] == plain
        assert "//div[@id='parent-class-section']" in hits[0]["flag"]


def test_a_field_absent_with_its_anchor_is_not_flagged() -> None:
    kinds = ["link"] * 12 + ["none"] * 2 + ["module"] * 5
    pages = [api(i, k) for i, k in enumerate(kinds)]
    got = flags(pages, Field("parent", xpaths=("//div[@id='parent-class-section']//a",)))
    assert got["parent"] == []
    # the rule that takes the paragraph has nothing to miss either
    pages = site()
    got = flags(pages, Field("parent", xpaths=("//div[@id='parent-class-section']/p",)))
    assert got["parent"] == []


def chapter(i: int) -> Page:
    """A book's page: some chapters have sub-sections (`h3`), the others not; the content
    block holds the page's whole text either way."""
    subs = "".join(f"<h3>Part {i}.{k}</h3><p>Text of part {k}.</p>" for k in range(i % 3))
    return Page(
        f"https://{SITE}/ch{i}.html",
        "<html><body><nav><ol><li><a href='ch0.html'>One</a></li><li><a href='ch1.html'>Two"
        "</a></li></ol></nav><div id='content'><main>"
        f"<h1>Chapter {i}</h1><p>Opening words of chapter {i}, some sentences long.</p>"
        f"{subs}</main></div></body></html>",
    )


def test_a_list_missing_in_the_pages_content_block_is_not_flagged() -> None:
    pages = [chapter(i) for i in range(12)]
    got = flags(pages, Field("subs", xpaths=("//div[@id='content']/main/h3",), is_list=True))
    assert got["subs"] == []
