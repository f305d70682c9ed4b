"""Side columns of news templates whose lists change with the day a page was saved: the
story's place the site narrows to, taken where a short story's page stopped at the column
around it; a box under the site's label away from the story; an aside of links holding more
text than the story; a column of titled link boxes beside the story's column, in the same
block; a layout table's column of teasers beside the story's cell."""

from __future__ import annotations

import sys
from pathlib import Path

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.clean.cleaning import content_of
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import CleanResult, Page

sys.path.insert(0, str(Path(__file__).resolve().parent))
from newspages import TOPICS  # noqa: E402
from newspages import story as _story  # noqa: E402
from newspages import word as _word  # noqa: E402


def _text(result: CleanResult) -> str:
    return " ".join(result.cleaned_text.split())


# ------------------------------------------------------------------ the place the content narrows to


def _blog_page(i: int, paragraphs: int) -> Page:
    # the story's block opens with links to the entries before it and ends with its tags; the
    # column beside it lists the most commented entries, each with what readers wrote
    side = "".join(
        f'<li><a href="/blog/{i + k}">The {TOPICS[(i + k) % 8]} question of {_word(i + k)}, part '
        f"{k}, and its long answer</a><span> {_word(k)}: what the readers of the "
        f"{TOPICS[(i + k + 1) % 8]} piece wrote about it this week.</span></li>"
        for k in range(8)
    )
    before = "".join(
        f'<a href="/blog/{i + 50 + k}">The {TOPICS[(i + k + 3) % 8]} entry of {_word(i + 50 + k)} '
        "before this one</a> "
        for k in range(1, 7)
    )
    tags = " ".join(f'<a href="/tag/{t}">{t}</a>' for t in TOPICS[:6])
    html = f"""<html><head><title>Entry {i} -- Daily</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/blog">Blog</a> <a href="/about">About</a></div>
<div id="blog"><div id="primary-wrap"><div id="primary"><div class="entry-nav">{before}</div>
<h1>Entry {i}</h1>{_story(i, paragraphs)}<div class="tags">{tags}</div></div></div>
<div id="secondary"><h3>Most commented</h3><ul>{side}</ul></div></div></body></html>"""
    return Page(url=f"https://daily.example/{i:03d}.html", html=html)


def test_a_short_story_keeps_the_place_its_sites_content_narrows_to() -> None:
    # on the long stories' pages the content narrows from the column to the story's block (the
    # site's content slot), which never holds most of a page's text: a short story's page,
    # whose own guess stops at the column, takes that place, and the lists beside it go
    long = [_blog_page(i, 5) for i in range(8)]
    short = [_blog_page(100 + i, 3) for i in range(6)]
    cleaner = DomainCleaner().fit(long + short)
    model = cleaner.model_
    assert model is not None
    for page, result in zip(short, cleaner.transform(short), strict=True):
        text = _text(result)
        assert "Paragraph 2 of story" in text, page.url
        assert "piece wrote about it" not in text, page.url
        assert "Most commented" not in text, page.url
        why = content_of(parse_html(page.html), model)
        assert why["path"] == "div#primary", why
        assert "narrows to" in why["reason"], why


# ------------------------------------------------------------------ a box under the site's label


def _labelled_box_page(i: int) -> Page:
    # beside the story's block, boxes under the labels the site puts there: their teasers
    # carry the other stories' first paragraphs (few of their words are links, and each
    # teaser is longer than a few lines)
    def teaser(k: int) -> str:
        n = i * 3 + k
        return (
            f'<li><a href="/story/{n}">{TOPICS[n % 8].title()} {_word(n)}</a><p>'
            + " ".join(
                f"The {TOPICS[(n + j) % 8]} board of {_word(n + j)} met again on the matter."
                for j in range(5)
            )
            + "</p></li>"
        )

    html = f"""<html><head><title>Story {i}</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/news">News</a> <a href="/about">About</a></div>
<div id="page"><div id="main"><div id="article"><h1>Story {i}</h1>{_story(i, 12)}</div></div>
<div id="side"><div class="more"><div class="head">More from the wire</div>
<ul>{"".join(teaser(k) for k in range(3))}</ul></div></div></div></body></html>"""
    return Page(url=f"https://label.example/s/{i:03d}", html=html)


def test_a_box_under_the_sites_label_away_from_the_story_goes() -> None:
    pages = [_labelled_box_page(i) for i in range(10)]
    for page, result in zip(pages, DomainCleaner().fit(pages).transform(pages), strict=True):
        text = _text(result)
        assert "Paragraph 11 of story" in text, page.url
        assert "met again on the matter" not in text, page.url
        assert any(r.representation == "site label" for r in result.removed), page.url


# ------------------------------------------------------------------ an aside larger than the story


def _aside_page(i: int) -> Page:
    related = "".join(
        f'<li><a href="/r/{i}/{k}">The {TOPICS[(i + k) % 8]} story of {_word(i * 40 + k)} with '
        f"its first lines, about the {TOPICS[(i + k + 2) % 8]} and the people who run it</a></li>"
        for k in range(30)
    )
    html = f"""<html><head><title>Story {i}</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/news">News</a> <a href="/about">About</a></div>
<div id="content"><div id="main"><div id="article"><h1>Story {i}</h1>{_story(i, 6)}</div>
<div class="back"><a href="/">Back to the front page</a></div></div>
<aside id="aside"><h3>More on the {TOPICS[i % 8]}</h3><ul>{related}</ul></aside></div></body></html>"""
    return Page(url=f"https://aside.example/s/{i:03d}", html=html)


def test_an_aside_of_links_holding_more_text_than_the_story_goes() -> None:
    pages = [_aside_page(i) for i in range(6)]
    for page, result in zip(pages, DomainCleaner().fit(pages).transform(pages), strict=True):
        text = _text(result)
        assert "Paragraph 5 of story" in text, page.url
        assert "the people who run it" not in text, page.url
        assert any(r.representation == "aside links" for r in result.removed), page.url


# ------------------------------------------------------------------ a column of titled link boxes


def _game_page(i: int) -> Page:
    # a template on three pages: the story's column and, in the same block, a column of
    # boxes under their titles (tables of games, each row a link and its figures)
    def rows(kind: str) -> str:
        return "".join(
            f'<tr><td><a href="/games/{kind}/{i}/{k}">{kind.title()} game number {_word(i * 20 + k)}'
            f"</a></td><td>X360 | PS3 | PC</td><td>rated {k % 10}.{i % 10} of 10 by players</td></tr>"
            for k in range(9)
        )

    html = f"""<html><head><title>Game story {i} - Games</title></head><body>
<div id="top"><a href="/">Games</a> <a href="/reviews">Reviews</a> <a href="/news">News</a></div>
<div id="wrapper"><div id="column"><h1>Game story {i}</h1>{_story(i, 7)}</div>
<div id="sidebar"><h3>Top games</h3><table>{rows("top")}</table>
<h3>Coming soon</h3><table>{rows("soon")}</table></div></div></body></html>"""
    return Page(url=f"https://games.example/a/{i:03d}", html=html)


def test_a_column_of_titled_link_boxes_beside_the_storys_column_goes() -> None:
    pages = [_game_page(i) for i in range(3)]
    cleaner = DomainCleaner().fit(pages)
    model = cleaner.model_
    assert model is not None
    for page, result in zip(pages, cleaner.transform(pages), strict=True):
        text = _text(result)
        assert "Paragraph 6 of story" in text, page.url
        assert "Game story" in text, page.url
        for gone in ("Top games", "game number", "rated"):
            assert gone not in text, (page.url, gone)
        assert any(r.representation == "box column" for r in result.removed), page.url
        why = content_of(parse_html(page.html), model)
        assert why["path"].endswith("div#column"), why


# ------------------------------------------------------------------ a layout table's teaser column


def _issue_page(i: int) -> Page:
    # a magazine's layout table: a left column of the issue's other stories (headline,
    # byline, one line) beside the story's cell
    teasers = "".join(
        f'<p class="left"><a href="/issue/{i}/{k}">The {TOPICS[(i + k) % 8]} of '
        f"{_word(i * 10 + k)} and the city</a><br><i>By Writer {_word(k)}</i><br>Why it "
        f"matters to the {TOPICS[(i + k + 1) % 8]} now.</p>"
        for k in range(5)
    )
    html = f"""<html><head><title>Feature {i}</title></head><body>
<table><tr><td>{teasers}</td><td><div class="title">Feature {i}</div>{_story(i, 8)}</td></tr>
</table></body></html>"""
    return Page(url=f"https://issue.example/f/{i:03d}", html=html)


def test_a_column_of_teasers_beside_the_storys_cell_goes() -> None:
    pages = [_issue_page(i) for i in range(3)]
    for page, result in zip(pages, DomainCleaner().fit(pages).transform(pages), strict=True):
        text = _text(result)
        assert "Paragraph 7 of story" in text, page.url
        for gone in ("and the city", "Writer", "Why it matters"):
            assert gone not in text, (page.url, gone)
