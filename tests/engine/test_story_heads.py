"""A story's head stays: its date line under the headline, in a wrapper with its source (a
link), at a place the site's pages fill alike; and its headline worded otherwise than the
page's title, the nearest ``h1`` around the story, with the header around it. The story's
own address, hidden in its block for its scripts, goes."""

from __future__ import annotations

import sys
from pathlib import Path

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import CleanResult, Page

sys.path.insert(0, str(Path(__file__).resolve().parent))
from newspages import TOPICS  # noqa: E402
from newspages import story as _story  # noqa: E402
from newspages import word as _word  # noqa: E402


def _text(result: CleanResult) -> str:
    return " ".join(result.cleaned_text.split())


def _wire_page(i: int) -> Page:
    # the date line's wrapper under the headline: a date and the wire's name, a link; every
    # page was saved on one day, so the line is the same on all of them
    html = f"""<html><head><title>Report {i} on the {TOPICS[i % 8]} | Wire</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/world">World</a> <a href="/about">About</a></div>
<div id="main"><h2><a href="/section/{TOPICS[i % 8]}">{TOPICS[i % 8].title()}</a></h2>
<h1>Report {i} on the {TOPICS[i % 8]}</h1>
<div class="article-info"><div><time>Published January 19, 2015</time>
<div><a href="/">Wire.com</a></div></div></div>
<div id="story">{_story(i, 6)}</div></div>
<div id="foot"><a href="/terms">Terms</a> <a href="/privacy">Privacy</a></div></body></html>"""
    return Page(url=f"https://wire.example/r/{i:03d}", html=html)


def test_a_date_line_with_its_source_linked_under_the_headline_stays() -> None:
    pages = [_wire_page(i) for i in range(12)]
    for i, result in enumerate(DomainCleaner().fit(pages).transform(pages)):
        text = _text(result)
        assert "Published January 19, 2015" in text, i
        assert "Paragraph 5 of story" in text, i


def _magazine_page(i: int) -> Page:
    # the story's header: its section, a headline that is not the page's title, its byline
    # and a share bar, most of its words links, at the same place on every page; another
    # h1 titles a box of shows beside the story
    shares = " ".join(f'<a href="/share/{k}/{i}">Share {k + i}</a>' for k in range(6))
    html = f"""<html><head><title>Short title {_word(i)} -- Magazine</title></head><body>
<div id="top"><a href="/">Magazine</a> <a href="/intel">Intel</a> <a href="/cut">The Cut</a>
<h1><span>intel</span></h1></div><div id="article">
<div id="middle"><h1>Must-see shows</h1><a href="/show/1">The first show of the week</a>
<a href="/show/2">The second show of the week</a></div>
<div id="primary"><main><article class="story"><header>
<nav><a href="/intel">Daily Intelligencer</a> <a href="/tags/{TOPICS[i % 8]}">{TOPICS[i % 8]}</a></nav>
<h1>The longer headline of the {TOPICS[(i + 1) % 8]} story number {_word(i)}</h1>
<span class="by"><a href="/author/{i}">Writer {_word(i)}</a> <a href="/t/{i}">Follow @w{i}</a></span>
<section class="share">{shares}</section></header>
<div class="body">{_story(i, 7)}</div></article></main></div></div></body></html>"""
    return Page(url=f"https://mag.example/{i:03d}.html", html=html)


def test_a_headline_worded_otherwise_than_the_title_stays_with_its_header() -> None:
    pages = [_magazine_page(i) for i in range(12)]
    for i, result in enumerate(DomainCleaner().fit(pages).transform(pages)):
        text = _text(result)
        assert "The longer headline of the" in text, i
        assert "Paragraph 6 of story" in text, i
        # the header's share bar is still the frame's
        assert "Share 3" not in text, i


def _addressed_page(i: int) -> Page:
    # the story's block holds its own address and its id in hidden blocks (for its scripts),
    # and a folded passage of words a script shows
    html = f"""<html><head><title>Story {i}</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/news">News</a> <a href="/about">About</a></div>
<div id="story"><div id="story-url" style="display: none;">/politics/2010/01/0{i % 9}/story-{_word(i)}</div>
<div style="display:none">926353ff8aaf{i}VgnVCM1000</div><h1>Story {i}</h1>{_story(i, 6)}
<div class="more" style="display:none"><p>The folded passage of story {i} says more about
the {TOPICS[i % 8]} for the readers who open it.</p></div></div></body></html>"""
    return Page(url=f"https://addr.example/s/{i:03d}", html=html)


def test_a_storys_own_address_hidden_in_its_block_goes() -> None:
    pages = [_addressed_page(i) for i in range(6)]
    for i, result in enumerate(DomainCleaner().fit(pages).transform(pages)):
        text = _text(result)
        assert "/politics/" not in text and "VgnVCM" not in text, i
        assert f"The folded passage of story {i}" in text, i
        assert "Paragraph 5 of story" in text, i
