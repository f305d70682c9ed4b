"""Where a page's content was taken from is said as measured: a page is called "mostly
links" only when its links hold most of its visible text."""

from __future__ import annotations

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import Page

STORY = (
    "The river rose by two metres overnight and the town's lower streets were closed "
    "before dawn. Volunteers filled sandbags at the school until the water began to fall. "
)
MENU = "".join(
    f'<li><a href="/section/{k}">Section number {k} of the paper</a></li>' for k in range(8)
)


def _page(i: int, intro: str = "", links: int = 0) -> Page:
    more = "".join(
        f'<li><a href="/archive/{i}/{k}">Archived story {k} of the day {i}</a></li>'
        for k in range(links)
    )
    html = f"""<html><head><title>Story {i}</title></head><body>
<ul id="menu">{MENU}</ul>
<div id="wrap"><div id="intro">{intro}</div>
<div id="story"><h1>Story {i}</h1><p>{STORY * 3} Day {chr(97 + i)}.</p></div>
<ul id="archive">{more}</ul></div>
<div id="foot">The Daily Example, all rights reserved.</div></body></html>"""
    return Page(url=f"https://paper.example/story/{i:02d}", html=html)


def test_a_page_is_said_mostly_links_only_when_it_is() -> None:
    pages = [_page(i) for i in range(10)]
    # the page's own text split between two blocks: its own guess stops above the story
    pages.append(_page(10, intro=f"<p>{STORY * 3} Before the story, {chr(97 + 10)}.</p>"))
    # a page that is mostly links: an archive list under a short story
    pages.append(_page(11, links=60))
    cleaner = DomainCleaner().fit(pages)
    results = {r.url: r for r in cleaner.transform(pages)}
    split = results["https://paper.example/story/10"].content["reason"]
    listed = results["https://paper.example/story/11"].content["reason"]
    assert split.startswith("the place holding the content on most of the site's pages"), split
    assert "mostly links" not in split
    assert "inside the part holding most of this page's non-link text" in split
    assert listed.endswith("(this page is mostly links)"), listed
