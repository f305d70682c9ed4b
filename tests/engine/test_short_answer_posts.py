"""A question-and-answer site whose threads are runs of alike answers, none of them holding
most of the thread's text: each answer opens with its vote button and names its author with
a link, so a one-line answer is mostly links after a control. It is a post, not a box of
links a control opens: its message differs from the other answers'."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.clean.cleaning import _message_post
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import CleanResult, Page

TOPICS = ["savings", "pensions", "mortgages", "shares", "bonds", "rent", "taxes", "gold"]
NAMES = ["Ann Lee, planner", "Bob Marsh", "Carla Diaz, adviser", "Dmitri Ivanov", "Eve Stone"]

MEDIUM = (
    "Keep six months of spending in cash before anything else, then put what is left into a "
    "broad index fund and leave it alone for ten years; check the fees once a year."
)


def _short(i: int, n: int) -> str:
    # a one-line message of the answer's own (a word per page: digits would be folded)
    return f"Cash first, {TOPICS[i % len(TOPICS)]} {chr(97 + i)}{chr(97 + n)} later."


def _answer(i: int, n: int, body: str) -> str:
    return (
        f'<div class="answer expanded" data-aid="{i}{n}">'
        f'<div class="votebar"><button class="up"><span class="count">{n}</span>'
        f'<span class="label">Upvote</span></button><button class="down">Down</button></div>'
        f'<div class="answer-head"><a class="author" href="/people/u{n}">{NAMES[n]}</a></div>'
        f'<div class="rich-text"><div class="editable">{body}</div></div>'
        f'<div class="meta"><a href="/question/{i}/answer/{n}">posted 2015-10-0{n + 1}</a> '
        f'<a href="#" name="comment">Add comment</a> <a href="#" name="thanks">Thanks</a> '
        f'<a href="#" name="share">Share</a> <a href="#" name="report">Report</a></div></div>'
    )


def _page(i: int) -> Page:
    topic = TOPICS[i % len(TOPICS)]
    answers = [_answer(i, 0, f"On {topic} {chr(97 + i)}: {MEDIUM}")]
    answers += [_answer(i, n, _short(i, n)) for n in range(1, 4)]
    answers.append(_answer(i, 4, f"Mostly {topic}, {chr(97 + i)}z: {MEDIUM}"))
    html = f"""<html><head><title>Where should I keep money for {topic}? - Answers</title>
</head><body><div id="top"><a href="/">Answers</a> <a href="/explore">Explore</a>
<a href="/topics">Topics</a></div>
<div class="main"><div id="question"><h2>Where should I keep money for {topic}?</h2>
<div class="detail">I have some money put aside for {topic} and wonder where it should go.</div>
</div><div id="answer-wrap">{"".join(answers)}</div></div>
<div class="side"><h3>Related questions</h3><ul>
<li><a href="/q/{i + 1}">What about {TOPICS[(i + 1) % len(TOPICS)]}?</a></li>
<li><a href="/q/{i + 2}">What about {TOPICS[(i + 2) % len(TOPICS)]}?</a></li></ul></div>
<div id="footer"><a href="/about">About</a> <a href="/jobs">Jobs</a> Answers Inc.</div>
</body></html>"""
    return Page(url=f"https://answers.example/question/{i:03d}", html=html)


@pytest.fixture(scope="module")
def results() -> dict[str, CleanResult]:
    pages = [_page(i) for i in range(8)]
    return {r.url: r for r in DomainCleaner().fit(pages).transform(pages)}


def test_a_short_answer_after_its_vote_button_stays(results: dict[str, CleanResult]) -> None:
    for url, result in results.items():
        i = int(url.rsplit("/", 1)[1])
        for n in range(1, 4):
            assert _short(i, n) in result.cleaned_text, (url, n, result.removed)
        assert not any(r.representation == "control box" for r in result.removed), url
        assert "Related questions" not in result.cleaned_text
        assert "Jobs" not in result.cleaned_text


def test_a_box_of_links_says_nothing_of_its_own() -> None:
    root = parse_html(
        '<html><body><div id="w"><div class="box"><button>Related</button>'
        '<a href="/a">First story</a><a href="/more">See all</a></div>'
        '<div class="box"><button>Related</button><a href="/b">Second story</a>'
        '<a href="/more">See all</a></div>'
        '<div class="post"><button>3</button><a href="/u/1">ann</a><p>Cash first.</p></div>'
        '<div class="post"><button>5</button><a href="/u/2">bob</a><p>Bonds later.</p></div>'
        "</div></body></html>"
    )
    box, _other, post, _next = root.xpath("//div[@id='w']/div")
    assert not _message_post(box)
    assert _message_post(post)
