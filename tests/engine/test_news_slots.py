"""News pages: where the story is when a page also carries big blocks of script, and what
the frame around a story is (tool bars, comment boxes, related-story lists)."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import Page

TOPICS = [
    "harbour",
    "council",
    "budget",
    "stadium",
    "library",
    "railway",
    "museum",
    "school",
    "bridge",
    "airport",
    "hospital",
    "festival",
]


def _lead(i: int) -> str:
    t = TOPICS[i % len(TOPICS)]
    return (
        f"Faced with a large pile of papers about the {t} plan, officials asked on day {i} for "
        f"more time to read every one of them before the vote."
    )


def _story_page(i: int, script_chars: int = 20_000) -> Page:
    t = TOPICS[i % len(TOPICS)]
    paras = "".join(
        f"<p>Paragraph {n} of the {t} story number {i} tells what the {t} committee said about "
        f"{TOPICS[(i + n) % len(TOPICS)]} and why the decision took so long this time.</p>"
        for n in range(6)
    )
    # a list of other stories with their first lines, as on every story page of the site
    teasers = "".join(
        f'<li><a href="/story/{j}">{TOPICS[j % len(TOPICS)].title()} story {j}</a>'
        f"<p>{_lead(j)}</p></li>"
        for j in ((i + 1) % 12, (i + 2) % 12, (i + 3) % 12)
    )
    data = "var x=" + "1" * script_chars + ";"
    html = f"""<html><head><title>{t.title()} story {i} - Daily</title></head><body>
<div class="top"><a href="/">Home</a> <a href="/local">Local</a> <a href="/sport">Sport</a></div>
<div class="wrap"><div class="col"><article class="story"><h1>{t.title()} story {i}</h1>
<p>{_lead(i)}</p>{paras}</article>
<div class="rail"><ul>{teasers}</ul></div></div></div>
<div class="foot"><a href="/about">About</a> <a href="/terms">Terms</a></div>
<div id="bottom"><script>{data}</script><script>{data}</script></div>
</body></html>"""
    return Page(url=f"https://daily.example/story/{i:03d}", html=html)


def test_script_text_does_not_make_a_block_the_content() -> None:
    """A block that holds thousands of characters of script and no visible word is not the
    story, and the story's lead, shown as a teaser on other pages, stays in the story."""
    pages = [_story_page(i) for i in range(24)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results):
        assert result.content is not None
        assert "/article" in result.content["slot"], result.content
        assert _lead(i) in " ".join(result.cleaned_text.split()), i
        assert "Paragraph 5 of the" in result.cleaned_text


def test_another_storys_first_lines_beside_the_story_go() -> None:
    """A teaser (another story's headline link and first lines) in the block around the story
    is that story's text, not this page's, though each page has other teasers there."""
    pages = [_story_page(i) for i in range(24)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results):
        text = " ".join(result.cleaned_text.split())
        assert _lead(i) in text, i
        for j in ((i + 1) % 12, (i + 2) % 12, (i + 3) % 12):
            if _lead(j) != _lead(i):
                assert _lead(j) not in text, (i, j)


def _framed_story(i: int) -> Page:
    """A story page with the frame a news site puts in and around it: a box of related
    headlines opened by a control between the paragraphs, a tool bar, readers' comments each
    with its report form on some pages, and a related-content section after an empty
    advertisement block."""
    t = TOPICS[i % len(TOPICS)]
    paras = [
        f"<p>Paragraph {n} of the {t} story number {i} tells what the {t} committee said about "
        f"{TOPICS[(i + n) % len(TOPICS)]} and why the decision took so long this time.</p>"
        for n in range(6)
    ]
    other = TOPICS[(i + 5) % len(TOPICS)]
    box = (
        '<aside class="panel"><a href="#" class="opener">Related</a><dl><dd>'
        f'<a href="/story/{i + 5}">The {other} vote is put off once more</a></dd></dl>'
        '<a href="#" class="more">See all related</a></aside>'
    )
    story = "".join(paras[:3]) + box + "".join(paras[3:])
    comments = ""
    if i % 2:
        comments = (
            '<div class="comments">'
            + "".join(
                f'<div class="comment"><p>Reader {c} thinks the {t} plan number {i} is '
                f"{'good' if c % 2 else 'bad'} and wrote a long note about it, with reasons "
                f"about {TOPICS[(i + c) % len(TOPICS)]} and {TOPICS[(i // 12 + c) % 12]}.</p>"
                f'<div class="report" style="display:none"><form action="/report">'
                f'<p><label>Report item as: (required)</label></p><p><select name="why">'
                f"<option>Spam</option><option>Other</option></select></p>"
                f'<p><textarea name="note"></textarea></p><p class="note">500 characters '
                f'limit</p><input type="submit" value="Submit"></form></div></div>'
                for c in range(8)
            )
            + "</div>"
        )
    teasers = "".join(
        f'<li><a href="/story/{j}">The {TOPICS[j % len(TOPICS)]} story {j} in brief</a>'
        f"<p>What happened to the {TOPICS[j % len(TOPICS)]} plan and the "
        f"{TOPICS[(i // 12 + j) % 12]} on day {j}, in lines for readers in a hurry.</p></li>"
        for j in (i + 7, i + 8, i + 9)
    )
    html = f"""<html><head><title>{t.title()} story {i} - Daily</title></head><body>
<div class="top"><a href="/">Home</a> <a href="/local">Local</a> <a href="/sport">Sport</a></div>
<div class="page"><div class="story"><div class="articlebody"><h1>{t.title()} story {i}</h1>
<div class="tools"><a href="/mail/{i}">E-mail</a> <a href="/print/{i}">Print</a></div>
<div class="text">{story}</div></div>{comments}</div>
<section class="related"><div class="ad"><div></div></div><header><span>Related Content</span>
</header><ul>{teasers}</ul></section></div>
<div class="foot"><a href="/about">About</a> <a href="/terms">Terms</a></div>
</body></html>"""
    return Page(url=f"https://daily.example/news/{i:03d}", html=html)


@pytest.fixture(scope="module")
def framed() -> list[str]:
    pages = [_framed_story(i) for i in range(30)]
    return [r.cleaned_text for r in DomainCleaner().fit(pages).transform(pages)]


def test_the_story_around_its_frame_stays(framed: list[str]) -> None:
    for i, text in enumerate(framed):
        flat = " ".join(text.split())
        for n in range(6):
            assert f"Paragraph {n} of the {TOPICS[i % len(TOPICS)]} story number {i}" in flat


def test_a_box_opened_by_a_control_inside_the_story_goes(framed: list[str]) -> None:
    for i, text in enumerate(framed):
        assert "See all related" not in text, i
        assert "is put off once more" not in text, i


def test_a_form_under_each_comment_goes(framed: list[str]) -> None:
    for i, text in enumerate(framed):
        assert "Report item as" not in text, i
        assert "characters limit" not in text, i
        if i % 2:
            assert "wrote a long note about it" in text, i


def test_a_titled_teaser_list_after_an_empty_block_goes(framed: list[str]) -> None:
    for i, text in enumerate(framed):
        assert "in brief" not in text, i
        assert "readers in a hurry" not in text, i


def _seminar_page(i: int) -> Page:
    t = TOPICS[i % len(TOPICS)]
    rows = [f"<tr><td><p>September {i % 28 + 1}, 2014</p></td><td>Dr. {t.title()} {i}</td>"]
    rows += [
        f"<tr><td><p>October {n + 2}, 2014</p></td><td>Dr. {TOPICS[(i + n) % 12].title()}</td>"
        f"<td>On {TOPICS[(i + n + 3) % 12]} models and the {t} data of year {2000 + i}</td></tr>"
        for n in range(4)
    ]
    html = f"""<html><head><title>Seminars {2000 + i} - Statistics</title></head><body>
<div class="menu"><a href="/">Home</a> <a href="/people">People</a> <a href="/news">News</a></div>
<div class="main"><h1>Seminars {2000 + i}</h1><table><tbody>{"".join(rows)}</tbody></table></div>
<div class="foot"><a href="/contact">Contact</a> Department of Statistics</div>
</body></html>"""
    return Page(url=f"https://stat.example/seminars/{i:03d}", html=html)


def test_a_date_alone_in_a_table_cell_stays_with_its_table() -> None:
    """The first row's date, in a paragraph of its own in its cell, is the same block on
    every page once digits are folded: it is the table's, as the cell would be."""
    pages = [_seminar_page(i) for i in range(20)]
    for i, result in enumerate(DomainCleaner().fit(pages).transform(pages)):
        assert f"September {i % 28 + 1}, 2014" in result.cleaned_text, i
        assert "October 2, 2014" in result.cleaned_text
        assert "Department of Statistics" not in result.cleaned_text
