"""Inside the content slot, text the site repeats from page to page is content when it stands
in the flow of the page's own text (a version label under the heading, a note box between two
paragraphs), and the frame's when it is a box at the slot's edge or a bar of links."""

from __future__ import annotations

import pytest

from deboiler_gui.cli.site import DETECTORS
from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.clean.explain import removal_reason
from deboiler_gui.engine.model import CleanResult, Page

TOPICS = [
    "compiler",
    "linker",
    "archive",
    "package",
    "target",
    "variable",
    "property",
    "generator",
    "module",
    "policy",
    "command",
    "toolchain",
]

NOTICE = "This page documents an old release of the tool; the current manual lives elsewhere."
NOTE = "The old behaviour of a setting is deprecated by definition and may go in a future release."
OPTION_VERSION = "New in version 3.7."
EDIT = "Edit this page on the project's source host"


#: each page's own words (no digits: the cleaner folds them, so numbered names repeat)
NAMES = [
    f"{a}{b}"
    for a in ("red", "blue", "green", "amber", "ivory", "olive")
    for b in ("fox", "owl", "elk", "yak", "emu", "cod")
]


def _version(i: int) -> str:
    return f"New in version 3.{i % 4}."


def _doc_page(i: int) -> Page:
    topic = TOPICS[i % len(TOPICS)]
    name = f"{topic}_{NAMES[i]}"
    version = (
        f'<div class="versionadded"><p><span class="versionmodified">{_version(i)}</span></p></div>'
        if i % 3 != 2
        else ""
    )
    note = (
        f'<div class="admonition note"><p class="admonition-title">Note</p><p>{NOTE}</p></div>'
        if i % 2 == 0
        else ""
    )
    # a reference table of functions: a type's link then "*" (the same cell on many
    # pages), the function's own link then "()"
    functions = (
        '<table class="functions"><tr><td><a href="/t/status.html">tool_status_type</a> *</td>'
        f'<td><a href="#create">tool_{NAMES[i]}_create_similar</a> ()</td></tr></table>'
    )
    # an option's description opening with the version that added it
    option = (
        f'<dl><dt><code>QUIET_{NAMES[i].upper()}</code></dt><dd><div class="versionadded"><p>'
        f'<span class="versionmodified">{OPTION_VERSION}</span></p></div><p>Keeps the '
        f"{NAMES[(i + 3) % 36]} messages of {name} quiet.</p></dd></dl>"
        if i % 3 == 0
        else ""
    )
    html = f"""<html><head><title>{name} - Tool Manual</title></head><body>
<div class="related"><a href="/index.html">Index</a> <a href="/search.html">Search</a>
<a href="/modules.html">Modules</a></div>
<div class="document"><div class="body">
<section id="s{i}">
<div class="banner"><p>{NOTICE}</p></div>
<h1>{name}<a class="headerlink" href="#s{i}">¶</a></h1>
{version}
<p>The {name} setting tells the tool how to treat each {topic} of the {NAMES[i]} kind.</p>
<p>When it is unset the tool looks for a {NAMES[(i + 1) % 36]} in the {TOPICS[(i + 1) % 12]} folder
first, then in the folders listed by the {NAMES[(i + 2) % 36]} setting.</p>
{note}
{option}
{functions}
<section id="ex{i}"><h2>Examples<a class="headerlink" href="#ex{i}">¶</a></h2>
<p>Set {name} to on in the top file of a project with {NAMES[(i + 5) % 36]} {topic}s.</p></section>
<div class="edit"><a href="https://source.example/edit/{name}.rst">{EDIT}</a></div>
</section>
</div></div>
<div class="sphinxsidebar"><h3>Previous topic</h3><a href="/p{i - 1}.html">previous page</a>
<h3>Next topic</h3><a href="/p{i + 1}.html">next page</a></div>
<div class="footer">Copyright 2000-2023 The Tool Team. Created using the doc builder.</div>
</body></html>"""
    return Page(url=f"https://docs.example/p{i}.html", html=html)


@pytest.fixture(scope="module")
def manual() -> list[CleanResult]:
    pages = [_doc_page(i) for i in range(36)]
    return list(DomainCleaner().fit(pages).transform(pages))


def test_version_labels_and_notes_in_the_flow_are_content(manual: list[CleanResult]) -> None:
    for i, result in enumerate(manual):
        text = result.cleaned_text
        assert f"The {TOPICS[i % 12]}_{NAMES[i]} setting tells the tool" in text, result.url
        # "New in version 3.1." is on a quarter of the pages, under the heading, before the
        # first paragraph
        assert (_version(i) in text) == (i % 3 != 2), result.url
        # the note box between the paragraphs and the examples' section: on half the pages,
        # the same words on each
        assert (NOTE in text) == (i % 2 == 0), result.url
        # the functions' table: its cells open with links, but it is no row of promotions
        assert "tool_status_type *" in text, result.url
        # the version opening an option's description, in a definition list
        assert (OPTION_VERSION in text) == (i % 3 == 0), result.url


def test_boxes_at_the_edge_of_the_slot_still_go(manual: list[CleanResult]) -> None:
    for result in manual:
        text = result.cleaned_text
        # the site's notice first in every article and the edit link last: the frame's
        assert NOTICE not in text, result.url
        assert EDIT not in text, result.url
        for frame in ("Previous topic", "Search", "Copyright 2000"):
            assert frame not in text, (frame, result.url)


PROMOS = [
    ("Floods in the delta", "The relief fund's coverage and appeals."),
    ("Securities trading fair", "Visit the agency at the trading conference this spring."),
    ("Decimal trading", "Visit this site to learn more and stay updated."),
    ("The agency's bookshop", "Books by our correspondents, from the shop."),
    ("Annual results", "The group's results for the year, with the chairman's letter."),
]


def _agency_page(i: int) -> Page:
    # a 2000-era page laid out in a table: a menu column, the story's cell holding a jump
    # menu (a drop-down of the site's sections and of recent days), and a footer
    days = "".join(f"<option>{NAMES[(i + k) % 36]} edition</option>" for k in range(4))
    # under the story, a row of promotions side by side: the site's, each on many pages
    promos = "".join(
        f'<td><b><a href="/promo/{(i + k) % 5}.htm">{PROMOS[(i + k) % 5][0]}</a></b><br>'
        f"<font size=2>{PROMOS[(i + k) % 5][1]}</font></td>"
        for k in range(3)
    )
    html = f"""<html><head><title>{NAMES[i]} report</title></head><body>
<table><tr><td class="menu"><a href="/">Home</a><br><a href="/world">World</a><br>
<a href="/markets">Markets</a></td>
<td valign="top"><h2>The {NAMES[i]} report</h2>
<p>Traders in the {NAMES[i]} market sold {TOPICS[i % 12]} shares all morning and bought
them back in the afternoon, when the {NAMES[(i + 7) % 36]} index turned.</p>
<div class="ad"><span>Advertisement</span><div id="slot{i}"></div></div>
<p>Analysts said the {NAMES[(i + 9) % 36]} figures would come out next week.</p>
<table class="figures"><tr><td><a href="/index/{i}.htm">{NAMES[i].title()} index</a></td>
<td>{100 + i} points, up {i % 7} on the day</td></tr>
<tr><td><a href="/index/{i + 1}.htm">{NAMES[(i + 1) % 36].title()} index</a></td>
<td>{200 + i} points, down {i % 5} on the day</td></tr></table>
<form action="/go"><select name="to" onchange="go(this)"><option>Choose a section</option>
{days}</select></form>
<table><tr>{promos}</tr></table>
</td></tr></table>
<p class="foot"><a href="/legal">Legal</a> | <a href="/privacy">Privacy</a></p>
</body></html>"""
    return Page(url=f"https://agency.example/{i}.htm", html=html)


@pytest.fixture(scope="module")
def agency() -> list[CleanResult]:
    pages = [_agency_page(i) for i in range(15)]
    return list(DomainCleaner().fit(pages).transform(pages))


def test_a_row_of_promotions_under_the_story_is_frame(agency: list[CleanResult]) -> None:
    for i, result in enumerate(agency):
        text = result.cleaned_text
        assert f"Analysts said the {NAMES[(i + 9) % 36]} figures" in text, result.url
        # the story's table of figures, each row a linked name and its figures, stays
        assert f"{NAMES[i].title()} index" in text, result.url
        assert f"{100 + i} points, up" in text, result.url
        # an advertisement's one-word label between two of its paragraphs is no line of it
        assert "Advertisement" not in text, result.url
        for title, line in PROMOS:
            assert title not in text and line not in text, (title, result.url)


def test_a_jump_menu_goes_under_its_own_name(agency: list[CleanResult]) -> None:
    for i, result in enumerate(agency):
        text = result.cleaned_text
        assert f"Traders in the {NAMES[i]} market" in text, result.url
        assert "edition" not in text and "Choose a section" not in text, result.url
        menus = [r for r in result.removed if r.path.endswith("select")]
        assert [r.detector for r in menus] == ["menu"], result.removed
    name, _rule, reason = removal_reason("menu")
    assert name == "jump menu or list box" and "drop-down" in reason
    # --explain says it by that name, not as a date stamp
    assert DETECTORS["menu"] == name


RELEASE = "Tool version 5.9, released on May 14, 2022."


def _texinfo_page(i: int) -> Page:
    # a Texinfo node: the node's block, then the generator's line and the release's line in a
    # bare <font> loose in the body
    html = f"""<html><head><title>{NAMES[i]} (tool)</title></head><body>
<div class="chapter" id="{NAMES[i]}"><table class="header"><tr><td>[<a href="/n{i + 1}.html">Next</a>]</td>
<td>[<a href="/index.html">Top</a>]</td></tr></table>
<h2>{i + 1} The {NAMES[i]} setting</h2>
<p>The {NAMES[i]} setting says how the tool reads a {TOPICS[i % 12]} when the shell starts.
It is read once, before the {NAMES[(i + 4) % 36]} files, and again after each reload.</p>
<p>Set it to the empty string to turn the {NAMES[(i + 8) % 36]} behaviour off for good.</p>
<p>A value with a colon in it is split there, and each part is tried in turn until one of
them names a {TOPICS[(i + 3) % 12]} the tool can open; the others are ignored.</p>
</div>
<p><font size="-1">This document was generated on <em>February 5, 2023</em> using
<a href="https://texinfo.example/">texi2any</a>.</font></p>
<font size="-1">{RELEASE}</font>
</body></html>"""
    return Page(url=f"https://manual.example/n{i}.html", html=html)


def test_a_line_loose_in_the_body_after_the_content_goes() -> None:
    pages = [_texinfo_page(i) for i in range(12)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results):
        text = result.cleaned_text
        assert f"Set it to the empty string to turn the {NAMES[(i + 8) % 36]}" in text, result.url
        assert "This document was generated" not in text, result.url
        assert RELEASE not in text, result.url
        loose = [r for r in result.removed if r.representation == "loose line"]
        assert [r.detector for r in loose] == ["frame"], result.url
    name, rule, _reason = removal_reason("frame", "loose line")
    assert rule == "line loose after the content"
