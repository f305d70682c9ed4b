"""The cards of a thread's posts: each post's head or side block saying who wrote it and when
(name, rank, counts, date) is the thread's frame although its text differs from post to post,
and so is the thread's line of facts above the posts ("Started by ann · date · 3 replies");
the posts' messages stay however short, with their attachment lists, and so do the alike
sections of a reference page, whose short lines of types and figures name no one."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import CleanResult, Page

NAMES = ["ann", "bob_k", "carla", "dmitri", "emma.w", "fred", "gus", "hana"]
RANKS = ["Member", "Star", "Contributor"]
WORDS = ["printer", "driver", "kernel", "mirror", "backup", "wallpaper", "sound", "wifi"]


def _body(t: int, n: int) -> str:
    if n == 2:
        return f"Thanks, option {n + t} works for {WORDS[t % len(WORDS)]}."
    return (
        f"About the {WORDS[(t + n) % len(WORDS)]} question of topic {t}: I tried the settings"
        f" page first, then the command line, and reply {n} explains why the second way"
        f" keeps working after an upgrade of the {WORDS[(t + 2 * n) % len(WORDS)]} package."
    )


def _starter(t: int) -> str:
    # who started the thread: another member on each page
    return f"{NAMES[t % len(NAMES)]}_{chr(97 + t)}"


def _file(t: int, ext: str) -> str:
    # attachments are named by their posters: other words on other pages
    return f"{WORDS[t % len(WORDS)]}-{WORDS[(t // len(WORDS) + 3) % len(WORDS)]}.{ext}"


def _post(t: int, n: int) -> str:
    name = _starter(t) if n in (0, 3) else NAMES[(t + n) % len(NAMES)]
    starter = " starter" if n in (0, 3) else ""
    files = (
        f'<div class="files">Attachments<ul><li>{_file(t, "png")} ({1000 + 7 * t} bytes)</li>'
        f"<li>{_file(t + 3, 'txt')} ({300 + t} bytes)</li></ul></div>"
        if n == 1
        else ""
    )
    return (
        f'<article class="post{starter}" id="msg{t}{n}">'
        f'<div class="post-head"><span class="author">{name}</span>'
        f'<span class="date">2012-0{1 + n % 9}-{10 + t % 18} 0{n}:{10 + t % 49} UTC</span></div>'
        f'<div class="side"><p class="rank">{RANKS[(t + n) % 3]}</p>'
        f'<p class="points">{40 * t + 13 * n + 5} Points</p>'
        f'<p class="count">{3 * t + n + 1} Posts</p></div>'
        f'<div class="post-body">{_body(t, n)}</div>{files}</article>'
    )


def _thread(t: int) -> Page:
    posts = "".join(_post(t, n) for n in range(5))
    html = f"""<html><head><title>Topic {t} - Forum</title></head><body>
<div class="top"><a href="/">Boards</a> <a href="/search">Search</a> <a href="/login">Login</a></div>
<main class="wrap"><h1>How do I fix the {WORDS[t % len(WORDS)]} number {t}?</h1>
<p class="meta">Started by {_starter(t)} · 2012-03-{10 + t % 18} 05:32 UTC ·
{4 + t % 3} replies · topic #{1700 + t}</p>
{posts}</main>
<footer>Generated from the forum's archive.</footer></body></html>"""
    return Page(url=f"https://forum.example/topics/{t:03d}.html", html=html)


@pytest.fixture(scope="module")
def forum() -> dict[str, CleanResult]:
    pages = [_thread(t) for t in range(24)]
    return {r.url: r for r in DomainCleaner().fit(pages).transform(pages)}


def test_each_posts_head_and_side_card_go_and_the_messages_stay(
    forum: dict[str, CleanResult],
) -> None:
    for t in range(24):
        text = forum[f"https://forum.example/topics/{t:03d}.html"].cleaned_text
        for n in range(5):
            assert _body(t, n) in text, text
            assert f"{40 * t + 13 * n + 5} Points" not in text, text
            assert f"{3 * t + n + 1} Posts" not in text, text
            assert f" 0{n}:{10 + t % 49} UTC" not in text, text
        assert "Star" not in text and "Contributor" not in text, text
        for name in [*NAMES, _starter(t)]:
            assert name not in text, text


def test_the_threads_line_of_facts_goes_and_its_title_stays(
    forum: dict[str, CleanResult],
) -> None:
    for t in range(24):
        text = forum[f"https://forum.example/topics/{t:03d}.html"].cleaned_text
        assert f"How do I fix the {WORDS[t % len(WORDS)]} number {t}?" in text
        assert "Started by" not in text and f"topic #{1700 + t}" not in text, text


def test_a_posts_list_of_attachments_with_their_sizes_stays(
    forum: dict[str, CleanResult],
) -> None:
    for t in range(24):
        text = forum[f"https://forum.example/topics/{t:03d}.html"].cleaned_text
        assert f"{_file(t, 'png')} ({1000 + 7 * t} bytes)" in text, text
        assert f"{_file(t + 3, 'txt')} ({300 + t} bytes)" in text, text


TYPES = ["Uint32", "Sint16", "Uint8", "int"]


def _code(i: int) -> str:
    # a word of the page's own (digits are folded across pages, so a number would not do)
    return f"{chr(97 + i % 26)}{chr(97 + i // 26)}x"


def _reference(i: int) -> Page:
    # a structure's fields: alike sections, each a prototype line ("Uint32 Event::field") and
    # its description, ending in "Definition at line N of file x.h" -- the page's own text
    fields = "".join(
        f'<div class="member"><div class="proto">{TYPES[(i + k) % 4]} '
        f"{_code(i)}::{WORDS[(i + k) % len(WORDS)]}{k}</div>"
        f'<div class="doc"><p>The {WORDS[(i + k) % len(WORDS)]} of event {_code(i)}, set by'
        f" the system when the {_code(i + k)} event is queued, in units of the device.</p>"
        f'<p class="where">Definition at line {200 + 3 * k + i} of file events.h.</p></div>'
        f"</div>"
        for k in range(6)
    )
    html = f"""<html><head><title>Event{i} struct reference</title></head><body>
<div class="nav"><a href="/">Main page</a> <a href="/files">Files</a> <a href="/structs">Structs</a></div>
<div class="contents"><h1>Event{i} Struct Reference</h1>{fields}</div>
<div class="footer">Generated by a documentation tool</div></body></html>"""
    return Page(url=f"https://api.example/struct_event{i:02d}.html", html=html)


def test_the_alike_sections_of_a_reference_page_are_no_cards() -> None:
    pages = [_reference(i) for i in range(16)]
    for i, result in enumerate(DomainCleaner().fit(pages).transform(pages)):
        text = result.cleaned_text
        for k in range(6):
            assert f"{TYPES[(i + k) % 4]} {_code(i)}::{WORDS[(i + k) % len(WORDS)]}{k}" in text
            assert f"Definition at line {200 + 3 * k + i} of file events.h." in text
