"""A news site's few video pages: a short story under its headline in the site's content
place, with lists of other clips beside it that no other page shares, on a page that is
mostly links (the site's menus and footer)."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import CleanResult, Page

SECTIONS = ["World", "Africa", "Americas", "Asia", "Europe", "Middle East", "South Asia"]
SECTIONS += ["UK", "Business", "Health", "Science", "Technology", "Entertainment"]
TOPICS = [f"topic{n}" for n in range(40)]
VIDEOS = (2, 7)


def _frame(title: str, main: str) -> str:
    masthead = (
        '<div id="masthead"><a href="/">News</a> <a href="/sport">Sport</a> '
        '<a href="/weather">Weather</a> <a href="/radio">Radio</a></div>'
    )
    menu = '<div class="lhs">' + "".join(
        f'<div class="lhsb"><a href="/{s.lower()}/">{s}</a></div>' for s in SECTIONS
    )
    foot = '<div id="foot"><ul>' + "".join(
        f'<li><a href="/site/{k}">Site page number {k} with a long name</a></li>' for k in range(30)
    )
    return (
        f"<html><head><title>News | {title}</title></head><body>{masthead}{menu}</div>"
        f'<div id="main">{main}</div>{foot}</ul></div></body></html>'
    )


def _story(i: int) -> Page:
    t = TOPICS[i]
    paras = "".join(
        f"<p>Paragraph {k} of the {t} story: officials said on Tuesday that the {t} plans "
        f"would go ahead after months of talks, and residents were told what it means.</p>"
        for k in range(6)
    )
    html = _frame(f"{t.title()} plans go ahead", f"<h1>{t.title()} plans go ahead</h1>{paras}")
    return Page(url=f"https://news.example/story/{i}.stm", html=html)


def _video(i: int) -> Page:
    t = TOPICS[i]
    popular = "".join(
        f'<div class="mp{k}"><a href="/video/{(i + k) % 40}.stm">'
        f"{TOPICS[(i + k) % 40].title()} crowds gather as work begins</a></div>"
        for k in range(1, 4)
    )
    choice = "".join(
        f'<li><a href="/video/{(i * 3 + k) % 40}.stm">Watch: {TOPICS[(i * 3 + k) % 40]} in '
        "pictures from the air</a></li>"
        for k in range(3)
    )
    main = (
        f'<div class="videostory"><h1>{t.title()} crowds gather as work begins</h1>'
        f"<p>Crowds gathered to watch the first day of work on the {t}, which the council "
        "approved last year after a long debate.</p>"
        f'<p class="more"><a href="/story/{i}.stm">READ MORE: {t.title()} plans go ahead</a></p>'
        "</div>"
        f'<div class="popular"><h3>MOST POPULAR VIDEO</h3>{popular}</div>'
        f'<div class="choice"><h3>Editor\'s Choice</h3><ul>{choice}</ul></div>'
    )
    return Page(url=f"https://news.example/video/{i}.stm", html=_frame(f"{t.title()} video", main))


@pytest.fixture(scope="module")
def cleaned() -> dict[str, CleanResult]:
    pages = [_story(i) for i in range(40)] + [_video(i) for i in VIDEOS]
    cleaner = DomainCleaner().fit(pages)
    return {r.url: r for r in cleaner.transform(pages)}


def test_the_lists_of_clips_beside_a_video_story_go(cleaned: dict[str, CleanResult]) -> None:
    for i in VIDEOS:
        result = cleaned[f"https://news.example/video/{i}.stm"]
        text = result.cleaned_text
        assert result.content["reason"].startswith("the place holding the content"), result.url
        assert f"{TOPICS[i].title()} crowds gather as work begins" in text
        assert f"first day of work on the {TOPICS[i]}" in text
        # a link in the story's own block is the story's
        assert f"READ MORE: {TOPICS[i].title()} plans go ahead" in text
        assert "MOST POPULAR VIDEO" not in text and "Editor's Choice" not in text
        assert "in pictures from the air" not in text
        assert f"{TOPICS[i + 1].title()} crowds gather" not in text
        assert "beside the story" in {r.representation for r in result.removed}


def test_the_stories_keep_their_text(cleaned: dict[str, CleanResult]) -> None:
    for i in range(40):
        text = cleaned[f"https://news.example/story/{i}.stm"].cleaned_text
        assert text.startswith(f"{TOPICS[i].title()} plans go ahead\n")
        assert text.count("Paragraph ") == 6
        assert "Site page number" not in text and "Americas" not in text
