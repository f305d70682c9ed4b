"""The cards of a thread's posts: each post's head or side block saying who wrote it and when
(name, rank, counts, date) is the thread's frame although its text differs from post to post,
and so is the thread's line of facts above the posts ("Started by ann · date · 3 replies");
the posts' messages stay however short, with their attachment lists, and so do the alike
sections of a reference page, whose short lines of types and figures name no one."""

from __future__ import annotations

import json

import pytest

from deboiler_gui.engine.clean.boilerplate import DomainCleaner, clean_page
from deboiler_gui.engine.model import CleanResult, DomainModel, Page

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


def _thread(t: int, count: int = 5) -> Page:
    posts = "".join(_post(t, n) for n in range(count))
    html = f"""<html><head><title>Topic {t} - Forum</title></head><body>
<div class="top"><a href="/">Boards</a> <a href="/search">Search</a> <a href="/login">Login</a></div>
<main class="wrap"><h1>How do I fix the {WORDS[t % len(WORDS)]} number {t}?</h1>
<p class="meta">Started by {_starter(t)} · 2012-03-{10 + t % 18} 05:32 UTC ·
{count - 1} replies · topic #{1700 + t}</p>
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


def _topics() -> list[Page]:
    # most topics have replies; one in four is a question nobody answered: one post alone
    return [_thread(t, 1 if t % 4 == 3 else 5) for t in range(24)]


def _one_post_texts(model: DomainModel) -> dict[int, str]:
    pages = {t: _thread(t, 1) for t in range(24) if t % 4 == 3}
    return {t: clean_page(page, model).cleaned_text for t, page in pages.items()}


def _check_one_post(t: int, text: str) -> None:
    # the post's message and the thread's title stay...
    assert _body(t, 0) in text, text
    assert f"How do I fix the {WORDS[t % len(WORDS)]} number {t}?" in text, text
    # ...its card goes: no run of posts on the page, but the site's other threads have
    # their cards at the same place
    assert _starter(t) not in text, text
    assert f"{40 * t + 5} Points" not in text and f"{3 * t + 1} Posts" not in text, text
    assert f" 00:{10 + t % 49} UTC" not in text, text
    # and so does the thread's line of facts, at the place of the others'
    assert "Started by" not in text and f"topic #{1700 + t}" not in text, text


def test_the_card_of_a_topics_only_post_goes_where_the_sites_threads_have_theirs() -> None:
    cleaner = DomainCleaner().fit(_topics())
    assert cleaner.model_ is not None
    assert cleaner.model_.data["card_slots"] and cleaner.model_.data["line_slots"]
    for t, text in _one_post_texts(cleaner.model_).items():
        _check_one_post(t, text)


def test_the_learnt_places_survive_the_models_json_and_the_memory_mode() -> None:
    pages = _topics()
    cleaner = DomainCleaner(operation_mode="memory").fit(pages)
    assert cleaner.model_ is not None
    # transform with the analysis fit kept of each page
    texts = {r.url: r.cleaned_text for r in cleaner.transform(pages)}
    for t in range(3, 24, 4):
        _check_one_post(t, texts[f"https://forum.example/topics/{t:03d}.html"])
    # a model read back from its JSON
    model = DomainModel.from_dict(json.loads(json.dumps(cleaner.model_.to_dict())))
    for t, text in _one_post_texts(model).items():
        _check_one_post(t, text)


def test_a_model_fitted_before_the_places_were_learnt_still_cleans() -> None:
    cleaner = DomainCleaner().fit(_topics())
    assert cleaner.model_ is not None
    data = cleaner.model_.to_dict()
    del data["data"]["card_slots"], data["data"]["line_slots"]
    model = DomainModel.from_dict(json.loads(json.dumps(data)))
    for t, text in _one_post_texts(model).items():
        assert _body(t, 0) in text, text
        assert f"How do I fix the {WORDS[t % len(WORDS)]} number {t}?" in text, text


def test_a_one_post_topics_message_that_names_a_date_stays() -> None:
    # a short message at the place of the others' messages, with a figure in it, is no card:
    # the message's place is no card's place
    pages = _topics()
    cleaner = DomainCleaner().fit(pages)
    assert cleaner.model_ is not None
    html = _thread(7, 1).html.replace(_body(7, 0), "Fixed on 2012-05-01, thanks all.")
    text = clean_page(Page(url="https://forum.example/topics/007.html", html=html), cleaner.model_)
    assert "Fixed on 2012-05-01, thanks all." in text.cleaned_text, text.cleaned_text


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


def _two_posts(t: int) -> Page:
    # a short question and its long answer
    page = _thread(t, 2)
    long = " ".join(_body(t + k, 3) for k in range(4))
    html = page.html.replace(_body(t, 0), f"Which {_code(t)} driver?").replace(_body(t, 1), long)
    return Page(url=page.url, html=html)


def test_a_thread_of_its_starter_and_one_reply_is_a_run_of_posts() -> None:
    # the starter's post carries one more class than the reply ("post starter", "post"): the
    # two are still the thread's run of posts and the content is both, not the long answer
    pages = [_two_posts(t) if t % 4 == 1 else _thread(t) for t in range(24)]
    cleaner = DomainCleaner().fit(pages)
    assert cleaner.model_ is not None
    for t in range(1, 24, 4):
        result = clean_page(pages[t], cleaner.model_)
        assert "run of alike entries" in result.content["reason"], result.content
        text = result.cleaned_text
        assert f"Which {_code(t)} driver?" in text and _body(t + 3, 3) in text, text
        assert f"{40 * t + 13 + 5} Points" not in text, text
