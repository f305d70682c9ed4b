"""The legend's caption for the shown page: where the cleaner takes the content to be and why."""

from __future__ import annotations

from deboiler_gui.app.pagestate import content_caption
from deboiler_gui.app.stamping import stamp_page
from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import Page


def _page(i: int) -> Page:
    menu = "".join(f'<li><a href="/s{k}">Section {k}</a></li>' for k in range(6))
    html = (
        f"<html><head><title>Story {i}</title></head><body><ul id='menu'>{menu}</ul>"
        f"<div id='story'><h1>Story {i}</h1><p>Story {i} tells what happened on day {i} "
        f"in the town of number {i}, with many words of its own about it.</p></div>"
        "<div id='foot'>Copyright the town paper, all rights reserved.</div></body></html>"
    )
    return Page(f"https://paper.example/s{i}.html", html)


def test_caption_names_the_content_slot_and_gives_the_reason() -> None:
    pages = [_page(i) for i in range(12)]
    model = DomainCleaner().fit(pages).model_
    sp = stamp_page(pages[3].url, pages[3].html)
    text, reason = content_caption(sp, model)
    # the story, not the menu, by its id; the XPath with the reason
    assert text == "Content: div#story" or text.startswith("Content: div#story >")
    assert "non-link text" in reason or "site's" in reason
    assert "\nat /html/body/div[1]" in reason
    assert content_caption(sp, None) == ("", "")
