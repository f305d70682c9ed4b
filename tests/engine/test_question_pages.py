"""A question-and-answer site: the question's heading above the column of the question and its
answers, the title naming the question between its first tag and the site's name."""

from __future__ import annotations

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.clean.cleaning import _title_headings
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page

QUESTIONS = [
    ("pruning", "When should climbing roses be pruned after flowering"),
    ("bulbs", "Can tulip bulbs stay in the ground over summer"),
    ("soil", "How do I lower the pH of clay soil for blueberries"),
    ("pests", "What eats the leaves of my hostas at night"),
    ("lawn", "Is it too late to overseed a lawn in October"),
    ("compost", "Why does my compost heap smell of ammonia"),
]

SIDEBAR = "".join(
    f'<li><a href="/questions/{900 + k}">Related question number {k} about gardens</a></li>'
    for k in range(6)
)


def _qa_page(i: int, tab: str) -> Page:
    tag, question = QUESTIONS[i]
    answers = "".join(
        f'<div class="answer" id="answer-{i}{k}"><div class="post-text"><p>Answer {k} to '
        f"question {i}: {question.lower()} is a matter of timing, and the advice of answer "
        f"{k} is to watch the plant for {k + 2} weeks first.</p></div></div>"
        for k in range(2)
    )
    html = f"""<html><head><title>{tag} - {question}? - Gardening Questions and Answers</title>
</head><body><div id="topbar"><a href="/">Gardening Q&amp;A</a> <a href="/login">Log in</a>
<a href="/signup">Sign up</a></div>
<div id="content"><div id="question-header"><h1><a href="/questions/{i}/q{i}"
class="question-hyperlink">{question}?</a></h1></div>
<div id="mainbar"><div class="question" id="question"><div class="post-text">
<p>I asked about this in my own garden ({tag}): {question.lower()}? The plant is five years
old and grows in full sun against a south wall.</p></div></div>
<div id="answers">{answers}</div></div>
<div id="sidebar"><h4>Related</h4><ul>{SIDEBAR}</ul></div></div>
<div id="footer"><a href="/about">About</a> <a href="/privacy">Privacy</a></div></body></html>"""
    return Page(url=f"https://garden.example/questions/{i}?tab={tab}", html=html)


def test_a_question_heading_between_its_tag_and_the_site_name_is_content() -> None:
    # every question saved under three tabs: its heading block repeats on three pages
    pages = [_qa_page(i, tab) for i in range(len(QUESTIONS)) for tab in ("votes", "active", "new")]
    cleaner = DomainCleaner().fit(pages)
    for page, result in zip(pages, cleaner.transform(pages), strict=True):
        question = QUESTIONS[int(page.url.split("/")[-1].split("?")[0])][1]
        lines = result.cleaned_text.splitlines()
        assert lines[0] == question + "?", (page.url, lines[:3])
        assert "Related question number" not in result.cleaned_text


def test_the_title_middle_part_is_the_heading_only_when_it_is_the_longest() -> None:
    root = parse_html(
        "<html><head><title>soil - How do I lower the pH of clay soil? - Gardening Q&amp;A"
        '</title></head><body><div id="h"><h1><a href="/q/3">How do I lower the pH of clay'
        " soil?</a></h1></div><div id='main'><p>Text.</p></div></body></html>"
    )
    main_el = root.xpath("//div[@id='main']")[0]
    assert [h.tag for h in _title_headings(root, main_el) if h.tag == "h1"] == ["h1"]
    # a section's name between the page's and the site's, linking to the section: not the
    # page's heading
    root = parse_html(
        "<html><head><title>Tulips in pots - Bulbs - Gardening Questions and Answers</title>"
        '</head><body><div id="h"><h1><a href="/bulbs">Bulbs</a></h1></div>'
        "<div id='main'><p>Text.</p></div></body></html>"
    )
    main_el = root.xpath("//div[@id='main']")[0]
    assert not _title_headings(root, main_el)
