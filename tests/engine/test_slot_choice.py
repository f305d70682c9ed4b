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


# A research group's site: papers' pages, and people's pages whose publication list only
# people have; a person's name, role and links sit above their list.
TABS = "".join(
    f'<li><a href="/{t}.html">{t}</a></li>'
    for t in ("home", "projects", "people", "publications", "datasets", "events", "contact")
)
GROUP_FOOT = (
    '<div id="footer"><a href="/">Vision Group</a> | <a href="/dept">Department of '
    'Computer Science</a> | <a href="/uni">The University</a> 2007-2017</div>'
)


def _group_page(url: str, content: str) -> Page:
    html = f"""<html><head><title>Vision Group | The University</title></head><body>
<div id="outerframe"><div id="header"><h1>Vision Group at The University</h1></div>
<div id="tabs"><ul>{TABS}</ul></div><div id="content">{content}</div>{GROUP_FOOT}</div>
</body></html>"""
    return Page(url=url, html=html)


def _entry(i: int, k: int) -> str:
    return (
        f'<div class="entry"><a href="/papers/{i}-{k}/">Learning {WORDS[(i + k) % 10]} '
        f"from {WORDS[(i * k) % 10]} images</a><br>A. Author, B. {WORDS[k % 10].title()}"
        f'<br>Conference on Vision, {2000 + k}. <a href="/pdf/{i}-{k}.pdf">[pdf]</a></div>'
    )


def _person(i: int, papers: int) -> Page:
    name = f"{WORDS[i % 10].title()} {WORDS[(i + 4) % 10].title()}son"
    role = ("Postdoc", "PhD student", "Professor")[i % 3]
    entries = "".join(_entry(i, k) for k in range(papers))
    return _group_page(
        f"https://group.example/people/{i}.html",
        f'<div class="section"><div class="profile"><h2>{name}</h2>{role}<br><br>'
        f'<a href="https://home.example/{i}">Personal Homepage</a><br>'
        f'Associated Project(s): <a href="/projects/{i % 4}">{WORDS[(i + 2) % 10]} '
        f"recognition</a></div></div>"
        f'<div class="section"><div class="section_title">Publications</div>'
        f'<div id="bibtext" class="section_content">{entries}</div></div>',
    )


def _paper(i: int) -> Page:
    words = " ".join(WORDS[(i * 7 + k) % 10] for k in range(50))
    return _group_page(
        f"https://group.example/papers/{i}/",
        f'<div class="section"><div class="paper_title">Seeing {WORDS[i % 10]} in '
        f'{WORDS[(i + 1) % 10]} scenes</div><div class="paper_authors">A. Author, '
        f"B. {WORDS[(i + 2) % 10].title()}</div></div>"
        f'<div id="paper_abstract"><p>Abstract. We study {words}.</p>'
        f"<p>Our method finds the {WORDS[(i + 3) % 10]} at {i} frames a second.</p></div>",
    )


def test_a_place_only_some_pages_have_is_no_slot_beside_the_pages_own_text() -> None:
    pages = [_paper(i) for i in range(16)]
    pages += [_person(i, 8) for i in range(8)]  # people with long lists
    pages += [_person(i, 1) for i in range(8, 12)]  # and with a single paper
    results = {r.url: r for r in DomainCleaner().fit(pages).transform(pages)}
    for i in range(8, 12):
        result = results[f"https://group.example/people/{i}.html"]
        text = result.cleaned_text
        name = f"{WORDS[i % 10].title()} {WORDS[(i + 4) % 10].title()}son"
        assert name in text, (result.content, text)
        assert ("Postdoc", "PhD student", "Professor")[i % 3] in text, text
        assert f"Learning {WORDS[i % 10]} from" in text, text
        assert "Vision Group at The University" not in text, text
        assert "Department of" not in text, text
        # --explain says which place was left and why
        assert "not div#bibtext" in result.content["reason"], result.content
        assert "the page's own text sits beside it" in result.content["reason"], result.content
    for i in range(16):
        text = results[f"https://group.example/papers/{i}/"].cleaned_text
        assert f"Seeing {WORDS[i % 10]} in" in text, text
        assert "Vision Group at The University" not in text, text


def test_a_page_hidden_until_a_script_shows_it_keeps_its_content() -> None:
    # the whole page in a block an inline style hides until its script has run: that block
    # is still where the page's text is
    pages = []
    for i in range(12):
        page = _post(i, "")
        html = page.html.replace('<div id="page">', '<div id="page" style="display:none">')
        pages.append(Page(url=page.url, html=html))
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results):
        text = result.cleaned_text
        assert f"Week {i} workshop on {WORDS[i % 10]}" in text, (result.content, text)
        assert f"We met on week {i}" in text, text
        assert "Section number 3 of the society" not in text, text
        assert "Everyone is welcome" not in text, text
