"""Inside the content slot, a record's labelled fields are the page's: the labels ("Date:",
"Time:", "Details", "Weight") are the same on every page of a kind of record, and with digits
folded so are the values (each event's date, each book's page count), yet next to each other
they are the page's own facts. The date line right under the record's title is its date, and
a notice right over the title that the site shows for some records only ("This event has
passed.") is a word on the record; a banner over every article is not (test_repeats_in_slot).
The frame around them (a back link, a row of calendar buttons, the site's menu and footer)
still goes."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import CleanResult, Page

#: each page's own words (no digits: the cleaner folds them)
NAMES = [
    f"{a} {b}"
    for a in ("Red", "Blue", "Green", "Amber", "Ivory", "Olive")
    for b in ("Fox", "Owl", "Elk", "Yak", "Emu", "Cod")
]
MONTHS = ("January", "February", "March", "April")


def _when(i: int) -> tuple[str, str]:
    return f"{i % 12 + 1:02d}/{i % 27 + 1:02d}/2017", f"{i % 5 + 5}:00 pm - {i % 5 + 7}:30 pm"


def _event_page(i: int) -> Page:
    day, time = _when(i)
    # most events have no description: the page's own text is its title, date and fields
    about = (
        f"<p>Bring a friend to the {NAMES[i]} evening; we meet at the {NAMES[(i + 1) % 36]}"
        " stand before we start.</p>"
        if i % 4 == 0
        else ""
    )
    # over the title of a past event only (five of six): a word on this event
    passed = '<div class="notices"><ul><li>This event has passed.</li></ul></div>' if i % 6 else ""
    html = f"""<html><head><title>{NAMES[i]} - Club Events</title></head><body>
<div id="navbar"><ul><li><a href="/">Home</a></li><li><a href="/about">About</a></li>
<li><a href="/events">Events</a></li><li><a href="/join">Join us</a></li></ul></div>
<main id="events-page">
<div class="events-content">
<p class="back"><a href="/events">&#171; All Events</a></p>
{passed}<h1 class="event-title">{NAMES[i]}</h1>
<div class="schedule"><h2><span>{day} @ {time}</span></h2></div>
<div id="post-{i}" class="event">
<div class="event-description">{about}<div class="related"><h3>Related</h3></div></div>
<div class="cal-links"><a href="/ical/{i}">+ Google Calendar</a><a href="/ics/{i}">+ iCal Export</a></div>
<div class="meta"><div class="meta-group"><h2 class="section-title">Details</h2>
<dl><dt>Date:</dt><dd><abbr>{day}</abbr></dd><dt>Time:</dt><dd><div>{time}</div></dd></dl>
</div></div>
</div>
<div class="event-nav"><a href="/e/{i - 1}">&#171; {NAMES[(i + 35) % 36]}</a>
<a href="/e/{i + 1}">{NAMES[(i + 1) % 36]} &#187;</a></div>
</div>
</main>
<footer class="site-footer"><h2>Upcoming Events</h2><p>Board games on the first Monday</p>
<p>&#169; All rights reserved</p></footer>
</body></html>"""
    return Page(url=f"https://club.example/event/{i}/", html=html)


@pytest.fixture(scope="module")
def events() -> list[CleanResult]:
    pages = [_event_page(i) for i in range(36)]
    return list(DomainCleaner().fit(pages).transform(pages))


def test_an_events_fields_and_date_are_its_content(events: list[CleanResult]) -> None:
    for i, result in enumerate(events):
        text = result.cleaned_text
        day, time = _when(i)
        assert NAMES[i] in text, result.url
        if i % 4 == 0:
            assert f"Bring a friend to the {NAMES[i]} evening" in text, result.url
        # the labels with their values, under the group's heading
        for line in ("Details", "Date:", "Time:"):
            assert line in text, (line, result.url)
        assert text.count(day) == 2, result.url  # under the title and in the fields
        assert text.count(time) == 2, result.url
        assert ("This event has passed." in text) == (i % 6 != 0), result.url


def test_the_frame_around_an_events_fields_still_goes(events: list[CleanResult]) -> None:
    for result in events:
        text = result.cleaned_text
        for frame in ("All Events", "Join us", "Board games", "All rights reserved"):
            assert frame not in text, (frame, result.url)
        # the row of calendar buttons the site repeats beside the fields: the group is kept,
        # not the block the site repeats around it
        assert "Google Calendar" not in text, result.url


BOOKS = ("Paperback", "Hardcover")


def _book_page(i: int) -> Page:
    # a book's specification as a definition list: with digits folded, the same on every
    # page of one binding
    spec = (
        f'<div class="spec"><h3>Product details</h3><dl><dt>Pages:</dt><dd>{120 + 7 * i}</dd>'
        f"<dt>Weight:</dt><dd>{0.2 + i / 100:.2f} kg</dd><dt>Binding:</dt><dd>{BOOKS[i % 2]}</dd>"
        "</dl></div>"
    )
    html = f"""<html><head><title>{NAMES[i]} - Book Shop</title></head><body>
<div id="top"><a href="/">Shop</a> <a href="/cart">Cart</a> <a href="/help">Help</a></div>
<div id="product">
<h1>{NAMES[i]}</h1>
<p class="blurb">A story of the {NAMES[(i + 2) % 36]} and the {NAMES[(i + 3) % 36]} told over
one long summer by the river, for readers of every age.</p>
{spec}
<div class="buy"><button>Add to Cart</button></div>
</div>
<div id="bottom"><p>Free delivery on orders over the usual amount.</p></div>
</body></html>"""
    return Page(url=f"https://books.example/item/{i}", html=html)


def test_a_products_specification_labels_stay_with_their_values() -> None:
    pages = [_book_page(i) for i in range(30)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results):
        text = result.cleaned_text
        assert NAMES[i] in text, result.url
        for line in ("Product details", "Pages:", "Weight:", "Binding:", str(120 + 7 * i)):
            assert line in text, (line, result.url)
        assert "Add to Cart" not in text, result.url
        assert "Free delivery" not in text, result.url
