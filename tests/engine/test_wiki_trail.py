"""A wiki's trail ("< Previous | Index | Next >") over and under each page's text, and the
notice its pages end with ("This page may have a more recent version on …: Site:Page"),
are the frame: the same shape and words on every page, only their links change."""

from __future__ import annotations

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.clean.explain import removal_reason
from deboiler_gui.engine.model import Page

NAMES = [
    "Links",
    "Images",
    "Tables",
    "Uploads",
    "Passwords",
    "Skins",
    "Variables",
    "Actions",
    "Styles",
    "Trails",
    "Notify",
    "Lists",
    "Markup",
    "Drafts",
    "Search",
    "Groups",
    "Authors",
    "Layout",
    "Sidebar",
    "Feeds",
]


def _word(i: int) -> str:
    # a page's own word (digits are folded when pages are compared)
    return "".join(chr(ord("k") + int(d)) for d in str(i))


def _page(i: int) -> Page:
    name = NAMES[i]
    prev, nxt = NAMES[i - 1], NAMES[(i + 1) % len(NAMES)]
    trail = (
        "<div style='float:right'><p><span class='wikitrail'>&lt; "
        f"<a href='/Doc/{prev}'>{prev}</a> | <a href='/Doc/Index#trail'>Index</a> | "
        f"<a href='/Doc/{nxt}'>{nxt}</a> &gt;</span></p></div>"
    )
    notice = (
        "<div style='font-size:.8em'><p>This page may have a more recent version on "
        f"<a href='https://wiki.example/'>wiki.example</a>: <a href='https://wiki.example/Doc/"
        f"{name}'>Doc:{name}</a>, and a talk page: <a href='https://wiki.example/Doc/{name}"
        f"-Talk'>Doc:{name}-Talk</a>.</p></div>"
    )
    text = "".join(
        f"<p>The {name} feature {_word(i)} works with the {NAMES[(i + k) % 20]} pages of the "
        f"wiki, and its setting number {_word(k)} changes what authors see.</p>"
        f"<div style='margin-left:2em'><p>Example {_word(k)} of {name}: write it at the start "
        "of a line.</p></div>"
        for k in range(4)
    )
    html = f"""<html><head><title>Doc / {name}</title></head><body>
<div id='head'><a href='/'>Home</a> <a href='/Doc/Search'>Search</a></div>
<table id='mid'><tr><td id='left'><ul><li><a href='/Classes'>Classes</a></li>
<li><a href='/Group'>Group</a></li><li><a href='/Code'>Code</a></li></ul></td>
<td id='body'><div id='title'><h1>{name}</h1></div>
<div id='text'>{trail}{text}{trail}{notice}</div></td></tr></table>
<div id='foot'>Last modified by the authors.</div></body></html>"""
    return Page(url=f"https://wiki.example/Doc/{name}", html=html)


def test_the_trail_and_the_notice_at_the_content_s_edges_go() -> None:
    pages = [_page(i) for i in range(len(NAMES))]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results):
        text = " ".join(result.cleaned_text.split())
        name = NAMES[i]
        assert f"The {name} feature {_word(i)} works" in text, text
        assert f"Example {_word(3)} of {name}" in text, text
        assert "more recent version" not in text, text
        assert "| Index |" not in text and "Index |" not in text, text
        kinds = {(r.detector, r.representation) for r in result.removed}
        assert ("frame", "fixed words") in kinds, result.removed
    _name, rule, reason = removal_reason("frame", "fixed words")
    assert rule == "words with the page's links" and "whatever its links" in reason
    _name, rule, reason = removal_reason("frame", "bar said twice")
    assert rule == "bar said twice" and "separators" in reason


def test_a_line_of_the_page_s_own_words_at_its_end_stays() -> None:
    pages = [_page(i) for i in range(len(NAMES))]
    # a few pages end with a sentence of their own with links, not the site's words
    for i in (2, 7, 11):
        own = (
            f"<p>See also <a href='/Doc/{NAMES[i + 1]}'>{NAMES[i + 1]}</a> for the way "
            f"{_word(i)} authors use it.</p>"
        )
        pages[i] = Page(
            url=pages[i].url,
            html=pages[i].html.replace("</div></td></tr>", own + "</div></td></tr>"),
        )
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i in (2, 7, 11):
        text = " ".join(results[i].cleaned_text.split())
        assert f"for the way {_word(i)} authors use it" in text, text
