"""The cleaner's choice of a page's content slot on small hand-built sites: a dialog or a
hidden block is never the slot, whatever text the rest of the page holds."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import CleanResult, Page

WORDS = [
    "river",
    "harbour",
    "meadow",
    "lantern",
    "orchard",
    "quarry",
    "beacon",
    "canyon",
    "glacier",
    "prairie",
]

NAV = "".join(
    f'<li><a href="/section/{k}">Section number {k} of the society</a></li>' for k in range(12)
)
FOOTER = (
    "<footer><p>The Example Society meets every week during term in the engineering hall. "
    "Everyone is welcome to join our workshops, talks and study sessions, whatever their "
    "year or major. Write to the board for anything about our events or membership.</p>"
    "<p>Copyright 2017 The Example Society, all rights reserved.</p></footer>"
)

#: ways a page keeps a box out of sight until a script opens it
DIALOGS = {
    "role-dialog": '<div id="booking" class="modal fade" role="dialog">{}</div>',
    "role-alertdialog": '<div id="booking" class="modal" role="alertdialog">{}</div>',
    "aria-modal": '<div id="booking" class="modal" aria-modal="true">{}</div>',
    "closed-dialog": '<dialog id="booking" class="modal">{}</dialog>',
    "hidden": '<div id="booking" class="modal" hidden>{}</div>',
    "aria-hidden": '<div id="booking" class="modal" aria-hidden="true">{}</div>',
    "display-none": '<div id="booking" class="modal" style="display: none">{}</div>',
}
BOX = (
    '<div class="modal-dialog"><div class="modal-content"><div class="modal-header">'
    '<button type="button" class="close">x</button><h4 class="modal-title">Booking Table</h4>'
    "</div></div></div>"
)


def _post(i: int, box: str) -> Page:
    words = " ".join(WORDS[(i + k) % len(WORDS)] for k in range(40))
    html = f"""<html><head><title>Post {i}</title></head><body>
<div id="page"><ul id="navbar">{NAV}</ul>
<main id="main"><article class="post"><h1>Week {i} workshop on {WORDS[i % 10]}</h1>
<div class="entry-content"><p>We met on week {i} to talk about {words}.</p>
<p>Next time we talk about {WORDS[(i + 3) % 10]} and {WORDS[(i + 5) % 10]}, bring a laptop.</p>
</div></article></main></div>
{FOOTER}{box}</body></html>"""
    return Page(url=f"https://society.example/post-{i:02d}/", html=html)


def _event(i: int, box: str) -> Page:
    # an event's page: its title, its date and its place, little text beside the site's
    # menu and footer
    html = f"""<html><head><title>Event {i}</title></head><body>
<div id="page"><ul id="navbar">{NAV}</ul>
<main id="events"><div id="event-{i}" class="event">
<h1>Mock interviews with {WORDS[i % 10]} {WORDS[(i * 3) % 10]}</h1>
<p class="when">Room {100 + i}, {WORDS[(i + 7) % 10]} building</p></div></main></div>
{FOOTER}{box}</body></html>"""
    return Page(url=f"https://society.example/event/{i:02d}/", html=html)


def _site(kind: str) -> dict[str, CleanResult]:
    box = DIALOGS[kind].format(BOX)
    pages = [_post(i, box) for i in range(12)] + [_event(i, box) for i in range(12)]
    return {r.url: r for r in DomainCleaner().fit(pages).transform(pages)}


@pytest.mark.parametrize("kind", sorted(DIALOGS))
def test_a_dialog_or_hidden_box_is_never_the_content_slot(kind: str) -> None:
    results = _site(kind)
    for i in range(12):
        result = results[f"https://society.example/event/{i:02d}/"]
        assert result.status == "ok", result.error
        path = result.content.get("path", "")
        assert "booking" not in path and "modal" not in path, (kind, path)
        text = result.cleaned_text
        assert f"Mock interviews with {WORDS[i % 10]} {WORDS[(i * 3) % 10]}" in text, (kind, text)
        assert f"Room {100 + i}" in text, (kind, text)
        assert "Booking Table" not in text
    for i in range(12):
        result = results[f"https://society.example/post-{i:02d}/"]
        assert f"We met on week {i}" in result.cleaned_text
