"""Question-and-answer threads: the content slot is the run of alike answers, not the longest
one; short answers are content, not labelled widgets; the question's heading stays on a
single-answer page where it links to the question; a textarea's raw value is not text; a
hidden summary that repeats the visible answer goes; and each answer's vote and action bars,
the same on every answer, are the thread's frame."""

from __future__ import annotations

import re

import pytest

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.clean.cleaning import content_of
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import CleanResult, Page

TOPICS = [
    "tea",
    "bread",
    "bicycles",
    "violins",
    "gardens",
    "trains",
    "lamps",
    "maps",
    "kites",
    "clocks",
    "boats",
    "shoes",
]

LONG = (
    "I have done this for years and the short answer is that it depends on the season. "
    "In spring you want to start slowly and keep notes of what works. In summer the heat "
    "changes everything, so water early and check every evening. By autumn you will know "
    "which of your choices were right, and you can plan the next year with real figures."
)


def _answer(i: int, n: int, body: str, votes: int) -> str:
    summary = re.sub(r"<[^>]*>", "", body)[:40]
    return (
        f'<div class="answer" data-aid="{i}{n}">'
        f'<div class="votebar"><button class="up"><span class="count">{votes}</span>'
        f'<span class="label">Upvote</span></button><button class="down">Downvote</button></div>'
        f'<div class="answer-head"><a href="/people/u{n}">user{n}</a>, '
        f'<a href="/people/v{i}">voter{i}</a> and others upvoted</div>'
        f'<div class="rich-text"><div class="summary" style="display:none;">{summary}…'
        f'<a class="toggle" href="#">show all</a></div>'
        f'<div class="editable">{body}</div>'
        f'<textarea class="content hidden">&lt;p&gt;draft&lt;br&gt;&lt;b&gt;raw&lt;/b&gt;</textarea></div>'
        f'<div class="meta"><a href="/a/{i}/{n}">edited 2013-05-{n + 1:02d}</a> '
        f'<a href="#c">{n + 3} comments</a> <a href="#t">thanks</a> <a href="#s">share</a> '
        f'<a href="#r">report</a></div></div>'
    )


def _short(i: int, n: int) -> str:
    # a one-line answer that is mostly a link: shaped like a labelled link list
    return f'<a href="https://shop.example/{i}/{n}">{_shop(i, n)}</a>'


def _code(i: int) -> str:
    # a word of the page's own (digits are folded, so a number would not do)
    return f"{chr(97 + i % 26)}{chr(97 + i // 26)}"


def _shop(i: int, n: int) -> str:
    return f"the {TOPICS[(i + n) % len(TOPICS)]} shop {_code(i)}{n}"


def _long(i: int) -> str:
    # the longest answer holds most of the thread's text
    return f"About {TOPICS[i % len(TOPICS)]} {_code(i)}: " + " ".join([LONG] * 3)


def _second(i: int) -> str:
    return f"Thread {_code(i)}: a second opinion on {TOPICS[i % len(TOPICS)]}, with a reason."


def _question_page(i: int) -> Page:
    topic = TOPICS[i % len(TOPICS)]
    answers = [_answer(i, 0, _long(i), 400 + i)]
    answers += [_answer(i, n, _short(i, n), n + 2) for n in range(1, 4)]
    answers.append(_answer(i, 4, _second(i), 7))
    html = f"""<html><head><title>What is best about {topic} number {i}? - Answers</title></head>
<body><div id="top"><a href="/">Answers</a> <a href="/explore">Explore</a>
<a href="/topics">Topics</a> <a href="/inbox">Inbox</a></div>
<div class="main"><div class="tags"><a href="/t/{topic}">{topic}</a></div>
<div id="question-title"><h2>What is best about {topic} number {i}?</h2></div>
<div id="question-detail"><div class="editable">I want to start with {topic} this year
and wonder what matters most for a beginner like me, case {_code(i)}.</div>
<div class="more" style="Display: None">Why I ask, case {_code(i)}: my neighbour started
last year and gave up after a month.</div></div>
<div class="answers-title">Sort by votes Sort by time 5 answers</div>
<div id="answer-wrap">{"".join(answers)}</div></div>
<div class="side"><h3>Related questions</h3><ul>
<li><a href="/q/{i + 1}">What about {TOPICS[(i + 1) % len(TOPICS)]}?</a></li>
<li><a href="/q/{i + 2}">What about {TOPICS[(i + 2) % len(TOPICS)]}?</a></li></ul></div>
<div id="footer"><a href="/about">About</a> <a href="/jobs">Jobs</a> Answers Inc.</div>
</body></html>"""
    return Page(url=f"https://answers.example/question/{i:03d}", html=html)


def _answer_page(i: int) -> Page:
    topic = TOPICS[i % len(TOPICS)]
    html = f"""<html><head><title>What is best about {topic} number {i}? - user0's answer - Answers</title>
</head><body><div id="top"><a href="/">Answers</a> <a href="/explore">Explore</a>
<a href="/topics">Topics</a> <a href="/inbox">Inbox</a></div>
<div class="main"><div class="tags"><a href="/t/{topic}">{topic}</a></div>
<div id="question-title"><h2><a href="/question/{i:03d}">What is best about {topic} number {i}?</a></h2></div>
<div id="answer-wrap">{_answer(i, 0, _long(i), 50 + i)}</div>
<div class="more"><a href="/question/{i:03d}">See all 5 answers</a></div></div>
<div class="side"><h3>Related questions</h3><ul>
<li><a href="/q/{i + 1}">What about {TOPICS[(i + 1) % len(TOPICS)]}?</a></li>
<li><a href="/q/{i + 2}">What about {TOPICS[(i + 2) % len(TOPICS)]}?</a></li></ul></div>
<div id="footer"><a href="/about">About</a> <a href="/jobs">Jobs</a> Answers Inc.</div>
</body></html>"""
    return Page(url=f"https://answers.example/question/{i:03d}/answer/0", html=html)


@pytest.fixture(scope="module")
def site() -> tuple[DomainCleaner, list[Page], dict[str, CleanResult]]:
    pages = [_question_page(i) for i in range(30)] + [_answer_page(i) for i in range(30, 42)]
    pages.sort(key=lambda p: p.url)
    cleaner = DomainCleaner().fit(pages)
    return cleaner, pages, {r.url: r for r in cleaner.transform(pages)}


def _questions(
    site: tuple[DomainCleaner, list[Page], dict[str, CleanResult]],
) -> list[tuple[int, Page, CleanResult]]:
    _cleaner, pages, results = site
    return [
        (int(p.url.rsplit("/", 1)[1]), p, results[p.url]) for p in pages if "/answer/" not in p.url
    ]


def test_short_answers_are_content_not_labelled_widgets(
    site: tuple[DomainCleaner, list[Page], dict[str, CleanResult]],
) -> None:
    for i, _page, result in _questions(site):
        for n in range(1, 4):
            assert _shop(i, n) in result.cleaned_text, (i, n, result.removed)
        assert _second(i) in result.cleaned_text
        assert not any(r.detector == "label" for r in result.removed), result.removed


def test_the_content_slot_of_a_thread_is_the_run_of_answers(
    site: tuple[DomainCleaner, list[Page], dict[str, CleanResult]],
) -> None:
    cleaner, _pages, _results = site
    for _i, page, result in _questions(site):
        root = parse_html(page.html)
        (wrap,) = root.xpath("//div[@id='answer-wrap']")
        path = root.getroottree().getpath(wrap)
        assert result.content["slot"] == path, result.content
        assert content_of(root, cleaner.model_)["slot"] == path


def test_the_question_heading_that_links_to_the_question_stays(
    site: tuple[DomainCleaner, list[Page], dict[str, CleanResult]],
) -> None:
    _cleaner, pages, results = site
    answer_pages = [p for p in pages if "/answer/" in p.url]
    assert answer_pages
    for page in answer_pages:
        i = int(page.url.split("/")[-3])
        text = results[page.url].cleaned_text
        assert f"What is best about {TOPICS[i % len(TOPICS)]} number {i}?" in text, text
        assert "See all 5 answers" not in text


def test_a_textarea_value_is_not_text_nor_the_content_slot(
    site: tuple[DomainCleaner, list[Page], dict[str, CleanResult]],
) -> None:
    _cleaner, pages, results = site
    for page in pages:
        result = results[page.url]
        assert "<br>" not in result.cleaned_text and "draft" not in result.cleaned_text
        assert "textarea" not in result.content["slot"], result.content
        assert "<textarea" in result.cleaned_html  # the control itself is not removed


def test_a_hidden_summary_that_repeats_the_answer_goes(
    site: tuple[DomainCleaner, list[Page], dict[str, CleanResult]],
) -> None:
    for i, _page, result in _questions(site):
        text = result.cleaned_text
        assert text.count(_long(i)[:30]) == 1, text
        assert "show all" not in text
        assert LONG[-40:] in text
        assert any(r.detector == "hidden" for r in result.removed)
        # hidden text that is not a copy of visible text stays: a script may show it
        assert f"Why I ask, case {_code(i)}: my neighbour started" in text


def test_the_vote_and_action_bars_of_every_answer_go(
    site: tuple[DomainCleaner, list[Page], dict[str, CleanResult]],
) -> None:
    for i, _page, result in _questions(site):
        text = result.cleaned_text
        assert "Upvote" not in text and "Downvote" not in text, text
        assert "report" not in text and "comments" not in text, text
        # the answers' own text stays, however short
        assert _long(i) in text
        assert "wonder what matters most" in text
        assert f"What is best about {TOPICS[i % len(TOPICS)]} number {i}?" in text


def _manual_page(i: int) -> Page:
    # a chapter of alike sections, each with a table of packages whose popularity column is
    # a link holding a number: the same at its place in every section once digits are folded
    sections = []
    for k in range(3):
        rows = "".join(
            f'<tr><td><a href="/pkg/{TOPICS[(i + k + r) % len(TOPICS)]}">'
            f"{TOPICS[(i + k + r) % len(TOPICS)]}-tool-{_code(i)}</a> for {_code(i)}{k}{r}</td>"
            f'<td><a href="/popcon/{r}">{1000 * (k + 1) + 37 * r + i}</a></td></tr>'
            for r in range(4)
        )
        sections.append(
            f'<div class="section"><h2>{k + 1}.{i} Tools for {TOPICS[(i + k) % len(TOPICS)]}'
            f" {_code(i)}</h2><p>These packages help with {TOPICS[(i + k) % len(TOPICS)]} in"
            f" setup {_code(i)}{k}; pick the one that suits the task.</p>"
            f'<table class="table"><tbody>{rows}</tbody></table></div>'
        )
    html = f"""<html><head><title>Chapter {i}. Tools {_code(i)} - Manual</title></head><body>
<div class="navheader"><a href="/ch{i - 1}">Prev</a> <a href="/">Home</a> <a href="/ch{i + 1}">Next</a></div>
<div class="chapter"><h1>Chapter {i}. Tools {_code(i)}</h1>{"".join(sections)}</div>
<div class="navfooter"><a href="/ch{i - 1}">Prev</a> <a href="/">Home</a> <a href="/ch{i + 1}">Next</a></div>
</body></html>"""
    return Page(url=f"https://manual.example/ch{i:02d}.html", html=html)


def test_a_column_of_numbers_in_alike_sections_is_not_a_post_bar() -> None:
    pages = [_manual_page(i) for i in range(12)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results):
        assert not any(r.detector == "post" for r in result.removed), result.removed
        for k in range(3):
            for r in range(4):
                assert str(1000 * (k + 1) + 37 * r + i) in result.cleaned_text
