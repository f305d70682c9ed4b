"""An event page of a calendar: the date line under the event's title is the event's, not the
title of the list of links to the other events after it; the venue group of the event's facts
beside its details group is the event's too, though most talks are in the same hall."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import CleanResult, Page

MONTHS = ["January", "February", "March", "April", "May", "June", "October", "November"]
SPEAKERS = [
    f"{a} {b}"
    for a in ("Ada", "Ben", "Cleo", "Dan", "Eve")
    for b in ("Marsh", "Stone", "Hollow", "Brook")
]


DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def _when(i: int) -> str:
    return f"{MONTHS[i % 8]} {1 + i % 27} @ 11:00 am - 12:00 pm"


def _venue(i: int) -> str:
    return "Room Twelve" if i % 5 == 4 else "Lecture Hall East"


def _event(i: int) -> Page:
    speaker = SPEAKERS[i]
    prev_s, next_s = SPEAKERS[i - 1], SPEAKERS[(i + 1) % len(SPEAKERS)]
    nav = (
        f'<nav class="events-nav"><ul><li class="prev"><a href="/event/{i - 1}/">'
        f'{prev_s}: a talk on careful data</a></li><li class="next">'
        f'<a href="/event/{i + 1}/">{next_s}: a talk on careful data</a></li></ul></nav>'
    )
    html = f"""<html><head><title>{speaker} on careful data - Data Group</title></head><body>
<header id="masthead"><a href="/">Data Group</a><nav><a href="/people/">People</a>
<a href="/events/">Events</a><a href="/news/">News</a></nav></header>
<main id="main"><article class="page hentry"><div class="entry-content">
<div id="events-content" class="events-single">
<p class="events-back"><a href="/events/">&laquo; All Events</a></p>
<h1 class="event-title">{speaker} on careful data</h1>
<div class="events-schedule"><h2><span class="date-start">{_when(i)}</span></h2></div>
<div id="events-header">{nav}</div>
<div id="post-{i}" class="event type-event hentry">
<div class="event-description"><div class="builder"><div id="builder-inner"><p>ABSTRACT:</p>
<p>{speaker} will talk about how the group's systems keep large sets of records correct
while many people change them at once, and what the {speaker.split()[1].lower()} method
does when two of those changes meet in the middle of the night.</p>
<p>BIOGRAPHY:</p><p>{speaker} leads a laboratory of data systems and has taught the
course on storage for some years; the {speaker.split()[0].lower()} lectures are well known.</p>
</div></div></div>
<div class="event-meta primary">
<div class="meta-group meta-group-details"><h2 class="section-title">Details</h2>
<dl><dt>Date:</dt><dd><abbr>{DAYS[i % 7]}, {MONTHS[i % 8]} {1 + i % 27}</abbr></dd>
<dt>Time:</dt><dd><div class="start-time">11:00 am - 12:00 pm</div></dd></dl></div>
<div class="meta-group meta-group-venue"><h2 class="section-title">Venue</h2>
<dl><dd class="venue">{_venue(i)}</dd></dl></div>
</div></div>
<div id="events-footer">{nav}</div>
</div></div></article></main>
<aside id="sidebar"><h2>Latest News</h2><ul><li><a href="/news/1/">A prize for the group</a>
</li><li><a href="/news/2/">A new course on storage</a></li></ul></aside>
<footer id="footer">Data Group, Hall 6011, University of the Lakes</footer>
</body></html>"""
    return Page(url=f"https://data.example/event/{i}/", html=html)


@pytest.fixture(scope="module")
def events() -> list[CleanResult]:
    pages = [_event(i) for i in range(len(SPEAKERS))]
    return list(DomainCleaner().fit(pages).transform(pages))


def test_the_date_under_the_event_title_stays(events: list[CleanResult]) -> None:
    for i, result in enumerate(events):
        lines = result.cleaned_text.splitlines()
        assert f"{SPEAKERS[i]} on careful data" in lines, lines
        assert _when(i) in lines, lines
        # the list of links to the other events after it still goes
        assert "a talk on careful data" not in result.cleaned_text, lines


def test_the_venue_beside_the_details_stays(events: list[CleanResult]) -> None:
    for i, result in enumerate(events):
        lines = result.cleaned_text.splitlines()
        assert "Details" in lines and "Date:" in lines, lines
        assert "Venue" in lines and _venue(i) in lines, lines
        for frame in ("Latest News", "A prize for the group", "All Events", "People"):
            assert frame not in lines, (frame, lines)
