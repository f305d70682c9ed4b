"""Date stamps, skip links and drop-down lists: parts of the frame whose text changes on every
page, so that no repetition shows them, are removed outside the content and kept inside it."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.clean.cleaning import clean_tree
from deboiler_gui.engine.clean.stamps import is_stamp
from deboiler_gui.engine.htmltree import parse_html, visible_text
from deboiler_gui.engine.model import CleanResult, Page

WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
TOPICS = ["harbour", "railway", "election", "flood", "festival", "museum", "bridge", "school"]
MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
]
TOWNS = [
    "Aberdeen",
    "Bristol",
    "Cardiff",
    "Derby",
    "Exeter",
    "Falkirk",
    "Glasgow",
    "Hull",
    "Ipswich",
    "Jarrow",
    "Kendal",
    "Leeds",
    "Morpeth",
    "Norwich",
    "Oxford",
    "Perth",
    "Reading",
    "Salford",
    "Truro",
    "Ullapool",
    "Ventnor",
    "Wigan",
    "York",
    "Ayr",
    "Bath",
    "Cromer",
    "Dover",
    "Ely",
    "Frome",
    "Goole",
]


def _story(i: int) -> Page:
    topic = TOPICS[i % len(TOPICS)]
    day = WEEKDAYS[i % 7]
    sentences = " ".join(
        f"The {topic} story number {i} goes on with its sentence {n} about the town's {topic}."
        for n in range(12)
    )
    html = f"""<html><head><title>{topic} {i}</title></head><body>
<a href="#main">Skip to content</a>
<table><tr><td class="menu"><a href="/">Home</a><br><a href="/world">World</a><br>
<a href="/sport">Sport</a><br><a href="/weather">Weather</a></td>
<td valign="top"><!-- story -->
<img src="/banner.gif" alt="">
<span class="date">{day}, {i % 28 + 1} June, 2000, {i % 24:02d}:{i % 60:02d} GMT</span>
<div class="headline"><b>The {topic} news of {TOWNS[i]}</b></div>
<div class="body" id="main"><p>{sentences}</p>
<p><em>{WEEKDAYS[i % 7]} {i % 28 + 1} {MONTHS[i % 11]} 2000</em></p>
<table class="results"><tr><th>Date</th><th>Result</th></tr>
<tr><td>{i % 28 + 1} May 2000</td><td>{topic} won by {i} points</td></tr></table>
<p>Posted on <span>Jun {i % 28 + 1}</span> by the {topic} desk, who checked every figure twice.</p>
</div>
<form action="/archive"><b>Archive:</b><select name="d">
<option>Jun {i % 28 + 1}</option><option>Jun {i % 28 + 2}</option><option>Jun {i % 28 + 3}</option>
</select></form>
</td></tr></table>
<div class="footer"><a href="/about">About</a> <a href="/privacy">Privacy</a></div>
</body></html>"""
    return Page(url=f"https://news.example/story/{i:03d}.html", html=html)


@pytest.fixture(scope="module")
def stories() -> list[CleanResult]:
    pages = [_story(i) for i in range(30)]
    return list(DomainCleaner().fit(pages).transform(pages))


@pytest.mark.parametrize(
    "text",
    [
        "Wednesday, 7 June, 2000, 16:58 GMT 17:58 UK",
        "Sat Feb 7, 2:03 pm ET",
        "5 minutes ago",
        "12 seconds ago 2014-12-31T10:00:00-05:00",
        "Last updated: 2023-01-20",
        "Oct 10",
        "2020年1月5日",
    ],
)
def test_dates_and_times_are_stamps(text: str) -> None:
    assert is_stamp(text)


@pytest.mark.parametrize(
    "text",
    ["Version 2.3", "Chapter 12", "Width: 100 cm", "The 2000 summit", "Page 1 of 3", "May", ""],
)
def test_other_short_texts_are_not(text: str) -> None:
    assert not is_stamp(text)


def test_the_date_line_outside_the_story_goes(stories: list[CleanResult]) -> None:
    for i, result in enumerate(stories):
        assert f"{WEEKDAYS[i % 7]}, {i % 28 + 1} June, 2000" not in result.cleaned_text, result.url
        assert any(r.detector == "stamp" for r in result.removed), result.url
        # the story itself and its headline stay
        assert f"The {TOPICS[i % len(TOPICS)]} news of {TOWNS[i]}" in result.cleaned_text


def test_dates_inside_the_story_stay(stories: list[CleanResult]) -> None:
    for i, result in enumerate(stories):
        text = result.cleaned_text
        day = i % 28 + 1
        assert f"{WEEKDAYS[i % 7]} {day} {MONTHS[i % 11]} 2000" in text, result.url  # its date
        assert f"{day} May 2000" in text, result.url  # a table's date cell
        # a date inside a sentence is the sentence's
        assert f"Posted on Jun {day} by the" in text, result.url


def test_skip_links_and_drop_downs_go(stories: list[CleanResult]) -> None:
    for i, result in enumerate(stories):
        assert "Skip to content" not in result.cleaned_text, result.url
        assert f"Jun {i % 28 + 3}" not in result.cleaned_text, result.url


def test_a_keep_rule_keeps_the_stamp() -> None:
    pages = [_story(i) for i in range(30)]
    model = DomainCleaner().fit(pages).model_
    for i, page in enumerate(pages[:3]):
        kept = parse_html(page.html)
        removed = clean_tree(kept, model, keep=["//span[@class='date']"])
        assert removed  # the skip link and the frame still go
        assert "Skip to content" not in visible_text(kept)
        assert f"{WEEKDAYS[i % 7]}, {i % 28 + 1} June, 2000" in visible_text(kept)


def test_a_stamp_deep_in_nested_inline_elements_does_not_stop_the_page() -> None:
    deep = "<span>" * 3000 + "Monday, 5 June 2000, 10:00 GMT" + "</span>" * 3000
    pages = [
        Page(
            url=f"http://deep.test/{i}.html",
            html=f"<html><body><div id=m><p>{f'story text {i} ' * 50}</p></div>"
            f"<div>{deep}</div></body></html>",
        )
        for i in range(6)
    ]
    results = list(DomainCleaner().fit(pages).transform(pages))
    assert [r.status for r in results] == ["ok"] * 6
    assert all("story text" in r.cleaned_text for r in results)
