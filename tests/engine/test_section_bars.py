"""A manual split by chapter, as texi2any writes one: each page a chapter holding several
sections, and the navigation bar over the chapter, over every one of its sections and at the
bottom of the page. The bars over the sections are inside the content, each with its own
addresses (links to the page's own anchors) and, in the "Next: …, Up: …" style, its own
neighbours' titles, so neither a repeat of the same text nor a slot of the same path shows
them; their tag, attributes, structure and fixed link labels are the bar's. They go with the
bar the page lost at its bottom, over each section's heading (and, on such a page, over a
section without a heading); the sections' headings and text, a chapter's menu of its
sections, a paragraph every chapter repeats, a table explaining the bar's buttons and a row
of links of the bar's class but of another structure stay."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import Page

BASE = "http://manual.local/"
CHAPTERS = [
    "Invocation",
    "Files",
    "Grammar",
    "Redirection",
    "Functions",
    "Jobs",
    "Arithmetic",
    "Conditions",
    "Prompts",
    "Expansion",
]
TOPICS = ["startup", "options", "quoting", "aliases", "history", "signals"]
LICENCE = (
    "Permission is granted to copy and distribute this manual under the conditions for "
    "verbatim copying, provided this notice is preserved."
)


def _arrows(prev: str, up: str, nxt: str, short: bool = False) -> str:
    """The bracketed bar: [ << ] [ < ] [ Up ] [ > ] [ >> ] [Top] [Contents] [Index] [ ? ]."""
    cell = '<td valign="middle" align="left">{}</td>'
    links = (
        [("#top", "&lt;&lt;")]
        if short
        else [
            ("#top", "&lt;&lt;"),
            (prev, "&lt;"),
            (up, "Up"),
            (nxt, "&gt;"),
        ]
    )
    links.append(("next-chapter.html", "&gt;&gt;"))
    cells = [cell.format(f'[<a href="{h}" title="x"> {t} </a>]') for h, t in links]
    cells += [cell.format(" &nbsp; ")] * (7 if short else 4)
    cells += [
        cell.format(f'[<a href="{h}">{t}</a>]')
        for h, t in [
            ("index.html", "Top"),
            ("toc.html#SEC_Contents", "Contents"),
            ("Index.html", "Index"),
            ("about.html", " ? "),
        ]
    ]
    return (
        '<table class="header" cellpadding="1" cellspacing="1" border="0"><tr>'
        + "".join(cells)
        + "</tr></table>"
    )


def _words(prev: str, up: str, nxt: str, titles: tuple[str, str, str]) -> str:
    """The worded bar: Next: …, Previous: …, Up: … [Contents][Index]."""
    parts = []
    if nxt:
        parts.append(f'Next: <a href="{nxt}" accesskey="n" rel="next">{titles[0]}</a>')
    if prev:
        parts.append(f'Previous: <a href="{prev}" accesskey="p" rel="prev">{titles[1]}</a>')
    parts.append(f'Up: <a href="{up}" accesskey="u" rel="up">{titles[2]}</a>')
    return (
        '<div class="header"><p>\n'
        + ", ".join(parts)
        + ' &nbsp; [<a href="index.html#SEC_Contents" title="Table of contents" '
        'rel="contents">Contents</a>][<a href="Index.html" title="Index" rel="index">Index</a>]'
        "</p>\n</div>"
    )


def _bar(style: str, k: int, j: int, short: bool = False) -> str:
    name = CHAPTERS[k]
    if style == "arrows":
        prev = f"#{name}-{j - 1}" if j > 1 else f"{CHAPTERS[k - 1]}.html"
        return _arrows(prev, f"#{name}", f"#{name}-{j + 1}", short)
    titles = (f"{name} part {j + 1}", f"{name} part {j - 1}", f"{k + 1} {name}")
    prev = f"#{name}-{j - 1}" if j > 1 else ""
    return _words(prev, f"#{name}", f"#{name}-{j + 1}", titles)


def _section_text(k: int, j: int) -> list[str]:
    topic = TOPICS[(k + j) % len(TOPICS)]
    return [
        f"How {CHAPTERS[k].lower()} deals with {topic} in part {j}: the shell reads the "
        f"{topic} settings of step {k * 7 + j} before it runs the first command.",
        f"When {topic} is unset in {CHAPTERS[k].lower()}, the value {k * 13 + j * 3} is "
        f"taken and a warning names the {topic} file.",
    ]


def _section_body(style: str, k: int, j: int) -> str:
    """A section's text, of another shape in each section as a manual's are: subsections
    with bars of their own, an example, a table of terms."""
    name = CHAPTERS[k]
    text = "".join(f"<p>{t}</p>" for t in _section_text(k, j))
    if j % 3 == 1:
        for m in (1, 2):
            text += (
                f'<div class="subsection" id="{name}-{TOPICS[m]}">{_bar(style, k, j)}'
                f'<h3 class="subsection">{k + 1}.{j}.{m} {TOPICS[m].title()} of {name}</h3>'
                f"<p>The {TOPICS[m]} of {name.lower()} come {m} by {m}, after the "
                f"{TOPICS[(m + k) % len(TOPICS)]} of part {j}.</p></div>"
            )
    elif j % 3 == 2:
        text += (
            f'<div class="example"><pre class="example">{name.lower()} -{k}{j} file\n'
            f"echo done</pre></div><p>{LICENCE}</p>"
        )
    else:
        text += '<dl compact="compact">' + "".join(
            f"<dt><code>{t}{k}</code></dt><dd><p>Sets the {t} of {name.lower()}.</p></dd>"
            for t in TOPICS[: 2 + k % 3]
        )
        text += "</dl>"
    return text


def _more(k: int) -> str:
    return f"Further {CHAPTERS[k].lower()} settings are read after the first {k + 2} lines."


def _heading(k: int, j: int) -> str:
    return f"{k + 1}.{j} {CHAPTERS[k]} {TOPICS[(k + j) % len(TOPICS)]}"


def _count(k: int) -> int:
    return 2 + k % 3


def manual(style: str) -> list[Page]:
    pages = []
    for k, name in enumerate(CHAPTERS):
        sections = ""
        menu = ""
        for j in range(1, _count(k) + 1):
            node = f"{name}-{TOPICS[(k + j) % len(TOPICS)]}"
            menu += f'<li><a href="#{node}">{_heading(k, j)}</a></li>'
            sections += (
                f'<div class="section" id="{node}">{_bar(style, k, j)}'
                f'<span id="index-{node}"></span><h2 class="section">{_heading(k, j)}</h2>'
                f"{_section_body(style, k, j)}<hr></div>"
            )
        # a node without a heading of its own: its text starts under the bar
        sections += (
            f'<div class="section" id="{name}-more">{_bar(style, k, 9)}<p>{_more(k)}</p></div>'
        )
        bottom = _bar(style, k, 0, short=True)
        pages.append(
            Page(
                f"{BASE}{name}.html",
                f"<html><head><title>{k + 1} {name} (manual)</title></head>"
                f'<body lang="en"><div class="chapter" id="{name}">{_bar(style, k, 0)}'
                f'<h1 class="chapter">{k + 1} {name}</h1>'
                f"<p>This chapter tells how the shell handles {name.lower()}, "
                f"in {_count(k)} short parts.</p>"
                f'<ul class="section-toc">{menu}</ul>{sections}</div><hr>{bottom}'
                f'<p><font size="-1">This document was generated on <em>February {k + 1}, '
                "2023</em> using texi2any.</font></p></body></html>",
            )
        )
    return pages


def _about(style: str) -> Page:
    """A page explaining the bar's buttons, in a table of its own: its text, not the bar."""
    rows = "".join(
        f"<tr><td>[ {b} ]</td><td>{n}</td><td>{g}</td></tr>"
        for b, n, g in [
            ("&lt;&lt;", "FastBack", "Beginning of this chapter or previous chapter"),
            ("Up", "Up", "Up section"),
            ("Contents", "Contents", "Table of contents"),
            ("Index", "Index", "Index"),
        ]
    )
    return Page(
        f"{BASE}about.html",
        '<html><head><title>About This Document (manual)</title></head><body lang="en">'
        f'<div class="chapter" id="SEC_About">{_bar(style, 0, 0)}'
        "<h1>About This Document</h1><p>The buttons in the navigation panels have the "
        f'following meaning:</p><table border="1">{rows}</table></div><hr>'
        f"{_bar(style, 0, 0, short=True)}</body></html>",
    )


def _clean(style: str) -> dict[str, str]:
    pages = [*manual(style), _about(style)]
    cleaner = DomainCleaner()
    cleaner.fit(pages)
    return {r.url: r.cleaned_text for r in cleaner.transform(pages)}


@pytest.mark.parametrize("style", ["arrows", "words"])
def test_the_bar_over_each_section_goes_with_the_frame(style: str) -> None:
    texts = _clean(style)
    for k, name in enumerate(CHAPTERS):
        text = texts[f"{BASE}{name}.html"]
        if style == "arrows":
            assert "[ Up ]" not in " ".join(text.split()), name
            assert "[Contents]" not in text, name
        else:
            assert "Up:" not in text, name
            assert "[Contents]" not in text, name
            assert f"{name} part" not in text, name
        # the content: the chapter's and the sections' headings and text, the menu, the
        # paragraph every chapter repeats
        assert f"{k + 1} {name}" in text, name
        flat = " ".join(text.split())
        for j in range(1, _count(k) + 1):
            assert _heading(k, j) in text, name
            for sentence in _section_text(k, j):
                assert " ".join(sentence.split()) in flat, name
        assert f"{k + 1}.1.1 Options of {name}" in text, name
        assert f"{k + 1}.1.2 Quoting of {name}" in text, name
        assert LICENCE in flat, name
        assert _more(k) in flat, name


@pytest.mark.parametrize("style", ["arrows", "words"])
def test_a_table_explaining_the_buttons_stays(style: str) -> None:
    text = " ".join(_clean(style)[f"{BASE}about.html"].split())
    for said in ("FastBack", "Beginning of this chapter or previous chapter", "Up section"):
        assert said in text
    assert "Table of contents" in text


def test_a_link_row_shaped_otherwise_stays() -> None:
    """A row of links in a section that has the bar's class but not its structure (a list of
    related commands in a table of its own layout) is the section's."""
    pages = manual("arrows")
    related = (
        '<table class="header" cellpadding="1" cellspacing="1" border="0"><tr>'
        '<td><a href="kill.html">kill</a></td>'
        '<td><a href="wait.html">wait</a></td><td><a href="Index.html">Index</a></td>'
        '<td><a href="toc.html">Contents</a></td></tr><tr><td colspan="4">'
        "<b>see</b> each</td></tr></table>"
    )
    page = pages[5]
    html = page.html.replace("<p>When", f"{related}<p>When", 1)
    pages[5] = Page(page.url, html)
    cleaner = DomainCleaner()
    cleaner.fit(pages)
    text = " ".join(next(iter(cleaner.transform([pages[5]]))).cleaned_text.split())
    assert "kill" in text and "wait" in text
    assert "[ Up ]" not in text
