"""A university site's talk and event pages are records, not threads: a talk's line of facts
(date, time, room) above its headed sections ("Title:", "Abstract:", "Speaker Bio:") is the
talk's, not a forum thread's line of facts; an event's "Venue" group, the same on most
events (one hall), stays beside its "Details" group, while the site's frame goes."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import CleanResult, Page

NAMES = [
    "Ada Moreno",
    "Ben Okafor",
    "Chen Li",
    "Dana Weiss",
    "Eli Novak",
    "Fay Duarte",
    "Gus Tanaka",
    "Hana Berg",
    "Ivo Sandoval",
    "Jo Park",
    "Kai Lund",
    "Lea Romano",
    "Max Ferreira",
    "Nia Clarke",
]
SUBJECTS = [
    "graph inference",
    "compiler testing",
    "privacy in sensing",
    "robot planning",
    "query optimisation",
    "secure hardware",
    "program repair",
]
MONTHS = ["January", "March", "April", "May", "October", "November", "December"]
FRAME_TOP = """<div id="header"><a href="/">Computer Science</a> <a href="/research">Research</a>
<a href="/people">People</a> <a href="/events">Events</a> <a href="/apply">Apply Now</a></div>"""
FRAME_BOTTOM = """<div id="footer">&copy; 2019 University Regents
<a href="/feedback">Feedback</a> <a href="/privacy">Privacy Policy</a></div>"""


def _talk(i: int) -> Page:
    who, subject = NAMES[i % len(NAMES)], SUBJECTS[i % len(SUBJECTS)]
    html = f"""<html><head><title>Seminar Series</title></head><body>{FRAME_TOP}
<div id="content"><article class="entry"><header class="entry-header"><h1>Seminar Series</h1>
</header><div class="entry-content">
<p>Unless otherwise noted, all seminars take place in the conference room on the sixth floor.</p>
<p><a href="/seminars/archive">Seminar Series Archive</a></p>
<div class="info"><div class="speaker"><div class="name">{who}</div>
<div class="org">Professor of {subject.title()}, University of the West</div></div>
<div class="section"><div class="indent"><p>
<span class="date">{MONTHS[i % 7]} {i + 1}, 2017</span><br>
11:00am - 12:00pm<br>
Bren Hall {6011 + i % 3}<br>
</p></div><h2></h2></div>
<div class="section"><h3>Title:</h3><div class="indent">New results on {subject} at scale</div></div>
<div class="section"><h3>Abstract:</h3><div class="indent">We study {subject} for systems with
many parts and show that a careful choice of representation makes the problem {i} times
easier than the methods in use today, with experiments on public data.</div></div>
<div class="section"><h3>Speaker Bio:</h3><div class="indent">{who} works on {subject} and
teaches the graduate course on it; before that {who.split()[0]} worked in industry.</div></div>
</div></div></article></div>{FRAME_BOTTOM}</body></html>"""
    return Page(url=f"https://cs.example/seminars/?id={100 + i}", html=html)


def _event(i: int) -> Page:
    who, subject = NAMES[(i + 3) % len(NAMES)], SUBJECTS[(i + 2) % len(SUBJECTS)]
    category = ["Distinguished Lecture", "Colloquium", "Workshop"][i % 3]
    html = f"""<html><head><title>{who}</title></head><body>{FRAME_TOP}
<div id="content"><h1>{who}</h1><h2>{MONTHS[i % 7]} {i + 2}, 2014</h2>
<div class="description"><p>Speaker: {who} (Institute of Technology)</p>
<p>Title: The long road of {subject}</p></div>
<div class="meta"><div class="meta-group meta-group-details"><h3>Details</h3>
<dl><dt>Date:</dt><dd>{MONTHS[i % 7]} {i + 2}, 2014</dd><dt>Event Category:</dt>
<dd><a href="/events/category/{i % 3}">{category}</a></dd></dl></div>
<div class="meta-group meta-group-venue"><h3>Venue</h3><dl><dd class="venue">DBH 6011</dd>
<dd class="location"><address>Bren Hall, Irvine, CA 92697 United States</address></dd>
<dt>Phone:</dt><dd class="tel">(949) 824-7651</dd></dl></div></div></div>
{FRAME_BOTTOM}</body></html>"""
    return Page(url=f"https://cs.example/event/{who.lower().replace(' ', '-')}-{i}/", html=html)


@pytest.fixture(scope="module")
def cleaned() -> tuple[list[CleanResult], list[CleanResult]]:
    talks = [_talk(i) for i in range(24)]
    events = [_event(i) for i in range(24)]
    pages = talks + events
    results = {r.url: r for r in DomainCleaner().fit(pages).transform(pages)}
    return [results[p.url] for p in talks], [results[p.url] for p in events]


def test_a_talks_line_of_facts_is_kept(
    cleaned: tuple[list[CleanResult], list[CleanResult]],
) -> None:
    talks, _events = cleaned
    for i, result in enumerate(talks):
        text = result.cleaned_text
        assert f"{MONTHS[i % 7]} {i + 1}, 2017" in text
        assert "11:00am - 12:00pm" in text
        assert f"Bren Hall {6011 + i % 3}" in text
        assert "Speaker Bio:" in text
        assert "Privacy Policy" not in text and "Apply Now" not in text


def test_an_events_venue_is_kept_beside_its_details(
    cleaned: tuple[list[CleanResult], list[CleanResult]],
) -> None:
    _talks, events = cleaned
    for i, result in enumerate(events):
        text = result.cleaned_text
        assert f"{MONTHS[i % 7]} {i + 2}, 2014" in text
        assert "Venue" in text and "DBH 6011" in text
        assert "Irvine, CA 92697" in text and "(949) 824-7651" in text
        assert "Privacy Policy" not in text and "Apply Now" not in text
