"""Precision first: a repair proposal that gives another value than the learned one on any
learned page is not accepted, however well it agrees elsewhere. A DocBook-like manual titles
reference pages in `span.refentrytitle` and sections and its chapter page in `h2.title`; the
chapter page holds its first section, whose `h2` comes after the chapter's. After classes are
renamed, the main block wrapped and a banner with a heading of the title's class put first,
the sections' rule (`//div[…section…]//h2`) gives the chapter page its first section's title."""

from __future__ import annotations

from dataclasses import replace

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import extract_field
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.valuerepair import learn_absent, learn_values, repair_site

SITE = "lib.example"
RENAME = {"title": "hx7", "refentrytitle": "q12", "section": "sx", "titlepage": "tp0"}


def chapter(title: str = "Chapter 1. Lib") -> str:
    return f"""<div class="chapter"><div class="titlepage"><div><h2 class="title">
<a name="lib"></a>{title}</h2></div></div><p>The library.</p>
<p class="crumbs"><b>{title}</b></p>
<div class="section"><div class="titlepage"><div><h2 class="title">
<a name="lib.intro"></a>Introduction</h2></div></div><p>Intro text.</p></div></div>"""


def section(i: int) -> str:
    return f"""<div class="section"><div class="titlepage"><div><h2 class="title">
<a name="lib.s{i}"></a>Section {i} of the library</h2></div></div><p>Text {i}.</p>
<div class="section"><div class="titlepage"><div><h3 class="title">Part {i}.1</h3></div></div>
<p>More {i}.</p></div></div>"""


def reference(i: int) -> str:
    return f"""<div class="refentry"><div class="titlepage"></div><div class="refnamediv">
<h2><span class="refentrytitle">Class template c{i}</span></h2><p>lib::c{i}</p></div>
<h2 class="refsynopsisdiv-title">Synopsis</h2><pre>class c{i};</pre></div>"""


def wrap(body: str) -> str:
    return f"""<html><body><table class="navheader"><tr><td><a href="index.html">Home</a></td>
</tr></table>{body}<div class="navfooter"><a href="next.html">Next</a></div></body></html>"""


def site(chapter_title: str = "Chapter 1. Lib") -> list[Page]:
    pages = [Page(f"https://{SITE}/lib/ref/c{i}.html", wrap(reference(i))) for i in range(14)]
    pages.append(Page(f"https://{SITE}/lib.html", wrap(chapter(chapter_title))))
    pages += [Page(f"https://{SITE}/lib/s{i}.html", wrap(section(i))) for i in range(8)]
    return pages


def changed(pages: list[Page], chapter_title: str | None = None) -> list[Page]:
    out = []
    for p in pages:
        html = p.html
        if chapter_title is not None:
            html = html.replace("Chapter 1. Lib", chapter_title)
        for old, new in RENAME.items():
            html = html.replace(f'class="{old}"', f'class="{new}"')
        body = html.split("</table>", 1)
        html = (
            body[0].replace("<body>", '<body><div class="banner"><h2 class="hx7">News</h2></div>')
            + '</table><div class="wrapx">'
            + body[1].replace('<div class="navfooter">', '</div><div class="navfooter">')
        )
        out.append(Page(p.url, html))
    return out


def template() -> Template:
    cls = "contains(concat(' ', normalize-space(@class), ' '), ' {} ')"
    title = f"(//h2[{cls.format('title')}] | //span[{cls.format('refentrytitle')}])"
    return Template(SITE, site=SITE, fields=(Field("title", xpaths=(title,)),), use_cleaner=False)


def learned(pages: list[Page]) -> Template:
    t = learn_values(learn_absent(template(), pages), pages)
    samples = t.field("title").search.fingerprint["samples"]
    assert samples[f"https://{SITE}/lib.html"] == "Chapter 1. Lib"
    return t


def test_a_proposal_wrong_on_one_learned_page_is_unsure_naming_that_page() -> None:
    pages = site()
    t = learned(pages)
    # The chapter page's title now reads otherwise (reworded; a misread encoding would be
    # the same value): no rule gives the learned value there, and the sections' rule gives
    # its first section's title.
    now = changed(pages, chapter_title="Chapter One. Lib")
    repairs, _stats = repair_site(now, t)
    title = next(r for r in repairs if r.field == "title")
    assert title.status == "unsure", (title.status, title.xpaths, title.evidence)
    ev = title.evidence
    assert ev["wrong"] == 1 and ev["score"] >= 0.8  # it agrees on every other learned page
    assert ev["wrong_pages"] == [f"https://{SITE}/lib.html"]
    assert "other values than the learned ones on 1 learned page" in ev["reason"]
    assert "lib.html" in ev["reason"], ev["reason"]


def test_a_queue_right_on_the_chapter_page_too_is_accepted() -> None:
    pages = site()
    t = learned(pages)
    now = changed(pages)
    repairs, _stats = repair_site(now, t)
    title = next(r for r in repairs if r.field == "title")
    assert title.status == "repaired", (title.xpaths, title.evidence)
    assert title.evidence["wrong"] == 0
    fixed = t.with_field(Field("title", xpaths=tuple(title.xpaths)))
    for p in now:
        got, _rep = extract_field(parse_html(p.html), fixed.field("title"), fixed, paths=False)
        assert got == want(p.url), (p.url, title.xpaths, got)


def want(url: str) -> str:
    name = url.rsplit("/", 1)[1].split(".")[0]
    if name == "lib":
        return "Chapter 1. Lib"
    if name.startswith("s"):
        return f"Section {name[1:]} of the library"
    return f"Class template {name}"


def module_page(i: int, *, two: bool = False, v2: bool = False) -> str:
    sections = [
        f"<section id='module-m{i}'><h1>m{i} — the module {i}</h1><p>About m{i}.</p></section>"
    ]
    if two:
        sections.append(
            f"<section id='module-m{i}-extra'><h1>m{i}.extra — more of it</h1><p>More.</p></section>"
        )
    if v2:
        sections.reverse()  # the body's children reversed: the second module's heading first
    body = "v2-body" if v2 else "body"
    return (
        f"<html><body><div class='nav'><a href='index.html'>Index</a></div>"
        f"<div class='{body}' role='main'>{''.join(sections)}</div></body></html>"
    )


def test_a_page_whose_sections_were_reversed_gets_its_own_rule_first() -> None:
    """Every page titles its module in the body's first `h1`; one page documents two modules.
    With the body's children reversed, the body's first `h1` is the second module's there:
    a rule right on every other learned page is wrong on it. The queue gets that page's own
    rule before the general one, and gives every learned value."""
    urls = [f"https://{SITE}/m{i}.html" for i in range(16)]
    old = [Page(u, module_page(i, two=i == 5)) for i, u in enumerate(urls)]
    fld = Field(
        "title",
        xpaths=("//div[contains(concat(' ', normalize-space(@class), ' '), ' body ')]//h1",),
    )
    t = learn_values(Template(SITE, site=SITE, fields=(fld,), use_cleaner=False), old)
    assert t.field("title").search.fingerprint["samples"][urls[5]] == "m5 — the module 5"
    new = [Page(u, module_page(i, two=i == 5, v2=True)) for i, u in enumerate(urls)]
    repairs, _stats = repair_site(new, t)
    title = next(r for r in repairs if r.field == "title")
    assert title.status == "repaired", (title.status, title.xpaths, title.evidence)
    assert title.evidence["wrong"] == 0 and len(title.xpaths) == 2, title.xpaths
    fixed = t.with_field(replace(t.field("title"), xpaths=tuple(title.xpaths)))
    for i, p in enumerate(new):
        got, _rep = extract_field(parse_html(p.html), fixed.field("title"), fixed, paths=False)
        assert got == f"m{i} — the module {i}", (p.url, title.xpaths, got)
