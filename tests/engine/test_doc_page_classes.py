"""A documentation site whose content element keeps one id on every page but is classed by
the page's own name (``<div id="docs-body" class="withsidebar orm-mapping">``), with a sidebar
that opens the current chapter and a previous/next bar: on a chapter's table of contents
(mostly links) the content is that element, not the column around it with the sidebar and
the bar; on a page of one line the site's copyright notice, repeated word for word on every
page, is not the content."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import CleanResult, Page

TOPICS = [
    "engines",
    "sessions",
    "queries",
    "mappers",
    "columns",
    "tables",
    "indexes",
    "joins",
    "loaders",
    "events",
    "pools",
    "dialects",
    "types",
    "schemas",
    "results",
    "cursors",
    "inspection",
    "caching",
    "relations",
    "cascades",
    "hybrids",
    "proxies",
    "mixins",
    "defaults",
]
KINDS = ["guide", "reference", "recipes"]
COPYRIGHT = (
    "Copyright 2007-2023, the authors and contributors. The dragon and the alchemist image"
    " designs were created and generously donated by an artist friend of the project."
)


def _name(i: int) -> str:
    return f"{KINDS[i % len(KINDS)]}-{TOPICS[i]}"


def _sidebar(i: int) -> str:
    items = []
    for j, topic in enumerate(TOPICS):
        inner = ""
        if j == i:  # the current chapter opens its sections
            inner = (
                f'<ul><li><a href="#intro">Introducing {topic}</a></li>'
                f'<li><a href="#use">Using {topic}</a></li></ul>'
            )
        items.append(f'<li><a href="/{_name(j)}.html">{topic.title()}</a>{inner}</li>')
    return f'<div id="sidebar"><h3>Contents</h3><ul>{"".join(items)}</ul></div>'


def _bar(i: int) -> str:
    prev, nxt = TOPICS[(i - 1) % len(TOPICS)], TOPICS[(i + 1) % len(TOPICS)]
    return (
        f'<div id="pager">Previous: <a href="/p.html">{prev.title()}</a> '
        f'Next: <a href="/n.html">{nxt.title()}</a> Up: <a href="/">Home</a></div>'
    )


def _bottom(i: int) -> str:
    # the bar again under the text, loose in the block of the copyright notice
    prev, nxt = TOPICS[(i - 1) % len(TOPICS)], TOPICS[(i + 1) % len(TOPICS)]
    return (
        f'Previous: <a href="/p.html">{prev.title()}</a> Next: <a href="/n.html">{nxt.title()}</a>'
    )


def _prose(i: int) -> str:
    topic = TOPICS[i]
    return (
        f'<section id="intro"><h2>Introducing {topic}</h2>'
        f"<p>The {topic} layer keeps its state between calls, and each of its objects is"
        f" created once per application and then shared by the threads that use {topic}.</p>"
        f"<p>Configuring {topic} happens at start-up: the options are read from the settings"
        f" and checked against the dialect in use before any {topic} are built.</p></section>"
        f'<section id="use"><h2>Using {topic}</h2>'
        f"<p>A program asks for {topic} through the registry, which hands out the shared"
        f" instance and records who holds it so that {topic} can be released in order.</p>"
        f"<pre>registry.get('{topic}').configure(echo=True)</pre></section>"
    )


def _contents(i: int) -> str:
    topic = TOPICS[i]
    entries = "".join(
        f'<li><a href="/{_name(j)}.html">{t.title()} and {topic}</a><ul>'
        f'<li><a href="/{_name(j)}.html#a">Setting up {t} for {topic}</a></li>'
        f'<li><a href="/{_name(j)}.html#b">Tuning {t} with {topic}</a></li></ul></li>'
        for j, t in enumerate(TOPICS)
        if j != i
    )
    return (
        f"<h1>{topic.title()} handbook</h1><p>The chapters on {topic}.</p>"
        f'<div class="toctree-wrapper"><ul>{entries}</ul></div>'
    )


def _page(i: int, body: str) -> Page:
    html = f"""<html><head><title>{TOPICS[i].title()} - Toolkit docs</title></head><body>
<div id="container">
<div id="top"><div id="version">Release: 1.4.46 | Release Date: January 3, 2023</div>
<h1><a href="/">Toolkit Documentation</a></h1></div>
<div id="body-container">{_sidebar(i)}{_bar(i)}
<div id="docs-body" class="withsidebar {_name(i)}">{body}</div></div>
<div id="bottom">{_bottom(i)}<div id="copyright"><p>{COPYRIGHT}</p></div></div>
</div></body></html>"""
    return Page(url=f"https://docs.example/{_name(i)}.html", html=html)


#: the tables of contents (mostly links) and the page of one line among the chapters
CONTENTS = (3, 11, 19)
MOVED = 7


def _site() -> list[Page]:
    pages = []
    for i in range(len(TOPICS)):
        if i in CONTENTS:
            body = _contents(i)
        elif i == MOVED:
            body = f'<p>Moved! <a href="/{_name(0)}.html">Engines and {TOPICS[i]}</a></p>'
        else:
            body = f"<h1>{TOPICS[i].title()}</h1>{_prose(i)}"
        pages.append(_page(i, body))
    return pages


@pytest.fixture(scope="module")
def cleaned() -> dict[int, CleanResult]:
    pages = _site()
    results = list(DomainCleaner().fit(pages).transform(pages))
    return {i: r for i, r in enumerate(results)}


@pytest.mark.parametrize("i", CONTENTS)
def test_table_of_contents_is_the_content_element_without_sidebar_and_bar(
    cleaned: dict[int, CleanResult], i: int
) -> None:
    text = cleaned[i].cleaned_text
    topic = TOPICS[i]
    assert f"{topic.title()} handbook" in text
    assert f"Setting up engines for {topic}" in text
    # the sidebar's opened chapter and the previous/next bar are the frame's
    assert f"Introducing {topic}" not in text
    assert "Previous:" not in text and "Next:" not in text
    assert COPYRIGHT[:40] not in text


def test_page_of_one_line_is_not_the_copyright_notice(cleaned: dict[int, CleanResult]) -> None:
    text = cleaned[MOVED].cleaned_text
    assert "Moved!" in text
    assert "generously donated" not in text


def test_chapters_keep_their_text(cleaned: dict[int, CleanResult]) -> None:
    for i, result in cleaned.items():
        if i in CONTENTS or i == MOVED:
            continue
        assert f"Configuring {TOPICS[i]} happens at start-up" in result.cleaned_text
        assert f"registry.get('{TOPICS[i]}')" in result.cleaned_text
        assert "generously donated" not in result.cleaned_text
        assert "Previous:" not in result.cleaned_text and "Next:" not in result.cleaned_text
