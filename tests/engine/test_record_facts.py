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


def _bar(i: int, where: str) -> str:
    before, after = NAMES[(i + 2) % len(NAMES)], NAMES[(i + 4) % len(NAMES)]
    return (
        f'<div id="events-{where}"><h3 class="hidden">Event Navigation</h3><ul class="sub-nav">'
        f'<li class="previous"><a href="/event/{i - 1}/">&laquo; {before}</a></li>'
        f'<li class="next"><a href="/event/{i + 1}/">{after} &raquo;</a></li></ul></div>'
    )


def _article(i: int) -> Page:
    who, subject = NAMES[(i + 5) % len(NAMES)], SUBJECTS[(i + 4) % len(SUBJECTS)]
    html = f"""<html><head><title>News</title></head><body>{FRAME_TOP}
<div id="content"><article class="entry"><header class="entry-header">
<h1 class="entry-title">{who} wins an award for {subject}</h1>
<p class="entry-meta"><time>{MONTHS[i % 7]} {i + 3}, 2017</time></p></header>
<div class="entry-content"><p>{who} received this year's award of the society for work on
{subject}, which the committee called the clearest account of the field in a decade; the
prize comes with a grant that will pay for two students over three years of research.</p>
<p><em>Read the <a href="https://society.example/{i}">society's announcement</a>.</em></p>
</div></article></div>{FRAME_BOTTOM}</body></html>"""
    return Page(url=f"https://cs.example/news/{who.lower().replace(' ', '-')}-{i}/", html=html)


def _event(i: int) -> Page:
    who, subject = NAMES[(i + 3) % len(NAMES)], SUBJECTS[(i + 2) % len(SUBJECTS)]
    category = ["Distinguished Lecture", "Colloquium", "Workshop"][i % 3]
    html = f"""<html><head><title>{who}</title></head><body>{FRAME_TOP}
<div id="content"><h1>{who}</h1><h2>{MONTHS[i % 7]} {i + 2}, 2014</h2>{_bar(i, "header")}
<div class="description"><p>Speaker: {who} (Institute of Technology)</p>
<p>Title: The long road of {subject}</p></div>
<div class="meta"><div class="meta-group meta-group-details"><h3>Details</h3>
<dl><dt>Date:</dt><dd>{MONTHS[i % 7]} {i + 2}, 2014</dd><dt>Event Category:</dt>
<dd><a href="/events/category/{i % 3}">{category}</a></dd></dl></div>
<div class="meta-group meta-group-venue"><h3>Venue</h3><dl><dd class="venue">DBH 6011</dd>
<dd class="location"><address>Bren Hall, Irvine, CA 92697 United States</address></dd>
<dt>Phone:</dt><dd class="tel">(949) 824-7651</dd></dl></div></div>{_bar(i, "footer")}</div>
{FRAME_BOTTOM}</body></html>"""
    return Page(url=f"https://cs.example/event/{who.lower().replace(' ', '-')}-{i}/", html=html)


Cleaned = tuple[list[CleanResult], list[CleanResult], list[CleanResult]]


@pytest.fixture(scope="module")
def cleaned() -> Cleaned:
    talks = [_talk(i) for i in range(24)]
    events = [_event(i) for i in range(24)]
    news = [_article(i) for i in range(24)]
    pages = talks + events + news
    results = {r.url: r for r in DomainCleaner().fit(pages).transform(pages)}
    return tuple([results[p.url] for p in group] for group in (talks, events, news))  # type: ignore[return-value]


def test_a_talks_line_of_facts_is_kept(
    cleaned: Cleaned,
) -> None:
    talks, _events, _news = cleaned
    for i, result in enumerate(talks):
        text = result.cleaned_text
        assert f"{MONTHS[i % 7]} {i + 1}, 2017" in text
        assert "11:00am - 12:00pm" in text
        assert f"Bren Hall {6011 + i % 3}" in text
        assert "Speaker Bio:" in text
        assert "Privacy Policy" not in text and "Apply Now" not in text


def test_an_events_venue_is_kept_beside_its_details(
    cleaned: Cleaned,
) -> None:
    _talks, events, _news = cleaned
    for i, result in enumerate(events):
        text = result.cleaned_text
        assert f"{MONTHS[i % 7]} {i + 2}, 2014" in text
        assert "Venue" in text and "DBH 6011" in text
        assert "Irvine, CA 92697" in text and "(949) 824-7651" in text
        assert "Privacy Policy" not in text and "Apply Now" not in text

        # the links to the events before and after this one, at the top and the bottom
        assert "Event Navigation" not in text
        assert NAMES[(i + 2) % len(NAMES)] not in text and NAMES[(i + 4) % len(NAMES)] not in text


def test_an_articles_date_under_its_title_is_kept(cleaned: Cleaned) -> None:
    _talks, _events, news = cleaned
    for i, result in enumerate(news):
        text = result.cleaned_text
        assert f"{MONTHS[i % 7]} {i + 3}, 2017" in text
        assert "wins an award" in text and "received this year's award" in text
        assert "Privacy Policy" not in text and "Apply Now" not in text


def _manual(i: int) -> Page:
    subject = SUBJECTS[i % len(SUBJECTS)]
    name = f"tool-{subject.replace(' ', '-')}-{NAMES[i % len(NAMES)].split()[0].lower()}"
    html = f"""<html><head><title>{name}(1)</title></head><body>
<div id="header"><h1>{name}(1) Manual Page</h1></div><div id="content">
<div class="sect1"><h2 id="_name">NAME</h2><div class="sectionbody"><p>{name} - work on {subject}</p>
</div></div>
<div class="sect1"><h2 id="_description">DESCRIPTION</h2><div class="sectionbody">
<p>The {name} command reads the {subject} settings of the repository and reports the
problems it finds, one per line, with the file and the line where each one starts.</p>
<p>Run it before a release: it exits with {i % 3 + 1} when it found a problem.</p></div></div>
<div class="sect1"><h2 id="_options">OPTIONS</h2><div class="sectionbody"><dl>
<dt>--quiet</dt><dd>Report nothing about {subject} but the exit status.</dd>
<dt>--fix</dt><dd>Repair the {subject} problems it can.</dd></dl></div></div>
<div class="sect1"><h2 id="_suite">SUITE</h2><div class="sectionbody">
<p>Part of the tool(1) suite</p></div></div>
</div><div id="footer">Last updated 2024-05-31</div></body></html>"""
    return Page(url=f"https://docs.example/{name}.html", html=html)


def test_a_manuals_closing_section_the_site_repeats_goes() -> None:
    pages = [_manual(i) for i in range(24)]
    for page, result in zip(pages, DomainCleaner().fit(pages).transform(pages), strict=True):
        text = result.cleaned_text
        assert "reads the" in text and "--fix" in text and "Repair the" in text
        assert "Part of the tool(1) suite" not in text, page.url
