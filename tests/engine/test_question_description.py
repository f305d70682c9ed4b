"""On a question-and-answer site, the description under a question's title is content: its
block has the same shape on every page (a short line with a link to the member it answers),
but its words are the page's own. A bar of links alone in that place (tags, share) is not."""

from __future__ import annotations

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.clean.cleaning import _under_heading
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import CleanResult, Page

NAMES = [
    f"{a}{b}"
    for a in ("red", "blue", "green", "amber", "ivory", "olive")
    for b in ("fox", "owl", "elk", "yak")
]
SUBJECTS = ["hair", "shadow", "paper", "brush", "light", "colour", "line", "frame"]


def _description(i: int) -> str:
    # short, a link to a member: too short to be read as prose
    return (
        f"{NAMES[(i * 5) % len(NAMES)]} {SUBJECTS[i % len(SUBJECTS)]} sketch added "
        f"<a href='/people/{NAMES[i]}'>@{NAMES[i]}</a> as asked."
    )


def _answer(i: int, k: int) -> str:
    words = " ".join(f"{NAMES[(i + k + j) % len(NAMES)]}" for j in range(12))
    return (
        '<div class="answer">'
        f'<div class="votes"><a href="/vote/{i}/{k}">{k + 3} up</a></div>'
        f'<div class="author"><a href="/people/{NAMES[(i + k) % len(NAMES)]}">{NAMES[(i + k) % len(NAMES)]}</a></div>'
        f'<div class="body"><p>Answer {k} on the {SUBJECTS[(i + k) % len(SUBJECTS)]} question: '
        f"draw the {words} strokes first, then shade them slowly. The rest follows.</p></div>"
        f'<div class="actions"><a href="/c/{i}/{k}">comments</a> <a href="/s/{i}/{k}">share</a></div>'
        "</div>"
    )


def _page(i: int, tags_only: bool = False) -> Page:
    title = f"How to draw the {SUBJECTS[i % len(SUBJECTS)]} of {NAMES[i]}?"
    detail = (
        f"<a href='/topic/{i}'>{SUBJECTS[i % len(SUBJECTS)]}</a> <a href='/topic/{i + 1}'>{NAMES[i]}</a>"
        if tags_only
        else _description(i)
    )
    answers = "".join(_answer(i, k) for k in range(3 + i % 3))
    html = (
        f"<html><head><title>{title} - Asks</title></head><body>"
        '<div class="top"><a href="/">Asks</a> <a href="/explore">Explore</a> '
        '<a href="/topics">Topics</a></div>'
        '<div class="main"><div class="inner">'
        f'<div class="tags"><a href="/topic/{i % 4}">drawing</a></div>'
        f'<div class="title"><h2>{title}</h2></div>'
        f'<div class="detail"><div class="editable">{detail}</div></div>'
        f'<div class="meta"><a href="/q/{i}/comments">{i + 2} comments</a> <a href="/s/{i}">share</a></div>'
        f'<div class="answers">{answers}</div>'
        "</div>"
        '<div class="side"><a href="/about">About</a> <a href="/jobs">Jobs</a> '
        '<a href="/legal">Legal</a></div></div>'
        '<div class="foot">Asks, a place to share what you know</div>'
        "</body></html>"
    )
    return Page(url=f"http://asks.example/question/{1000 + i}", html=html)


def _member(i: int) -> Page:
    name = NAMES[i % len(NAMES)]
    posts = "".join(
        f'<li><a href="/question/{1000 + (i + k) % len(NAMES)}">{SUBJECTS[(i + k) % len(SUBJECTS)]} '
        f"question of {NAMES[(i + k + 1) % len(NAMES)]}</a> asked in {k + 1} places</li>"
        for k in range(4)
    )
    html = (
        f"<html><head><title>{name} {i} - Asks</title></head><body>"
        '<div class="top"><a href="/">Asks</a> <a href="/explore">Explore</a> '
        '<a href="/topics">Topics</a></div>'
        f'<div class="profile"><h1>{name} {i}</h1>'
        f"<p>{name} draws {SUBJECTS[i % len(SUBJECTS)]} studies and paints the "
        f"{NAMES[(i + 3) % len(NAMES)]} series in the evening, then writes about it.</p>"
        f"<ul>{posts}</ul></div>"
        '<div class="foot">Asks, a place to share what you know</div>'
        "</body></html>"
    )
    return Page(url=f"http://asks.example/people/{name}-{i}", html=html)


def _clean(pages: list[Page]) -> list[CleanResult]:
    # the site's other pages (its members' profiles) outnumber its questions: the questions'
    # layout is not where most pages hold their content
    site = pages + [_member(i) for i in range(2 * len(NAMES))]
    return list(DomainCleaner().fit(site).transform(pages))


def test_question_description_under_its_title_is_kept() -> None:
    pages = [_page(i) for i in range(len(NAMES))]
    results = _clean(pages)
    for i, result in enumerate(results):
        text = " ".join(result.cleaned_text.split())
        said = (
            f"{NAMES[(i * 5) % len(NAMES)]} {SUBJECTS[i % len(SUBJECTS)]} sketch added @{NAMES[i]}"
        )
        assert said in text
        assert "draw the" in text  # the answers stay
        assert "Explore" not in text


def test_links_alone_under_the_title_still_go() -> None:
    pages = [_page(i, tags_only=True) for i in range(len(NAMES))]
    results = _clean(pages)
    for result in results:
        assert "How to draw" in result.cleaned_text
        assert "Explore" not in result.cleaned_text


SIGNATURES = [
    'Cheers, <a href="/blog/a">Ann Tutorials</a>',
    'See <a href="/blog/b">my blog</a> | <a href="/tw/b">Twitter</a>',
    'Thanks, <a href="/blog/c">Carl Notes</a>',
]


def _thread(i: int) -> Page:
    subject = f"{SUBJECTS[i % len(SUBJECTS)]} layout of {NAMES[i]} breaks"
    posts = "".join(
        f"<li>"
        f'<div class="card"><a href="/people/{NAMES[(i + k) % len(NAMES)]}">'
        f"{NAMES[(i + k) % len(NAMES)]}</a></div>"
        f'<div class="message"><h2>{"Re: " if k else ""}{subject}</h2>'
        f"<p>Post {k}: the {NAMES[(i + k + 2) % len(NAMES)]} page renders the "
        f"{SUBJECTS[(i + k) % len(SUBJECTS)]} box twice after the update. "
        f"Clearing the {NAMES[(i + k + 5) % len(NAMES)]} cache did not help.</p></div>"
        f'<div class="signature">{SIGNATURES[(i + k) % len(SIGNATURES)]}</div>'
        "</li>"
        for k in range(3)
    )
    html = (
        f"<html><head><title>{subject} - Forums</title></head><body>"
        '<div class="top"><a href="/">Forums</a> <a href="/search">Search</a></div>'
        f'<div class="thread"><ul class="posts">{posts}</ul></div>'
        '<div class="foot">Forums, help from the community</div>'
        "</body></html>"
    )
    return Page(url=f"http://forums.example/t/{2000 + i}", html=html)


def test_signature_after_a_post_with_its_subject_heading_still_goes() -> None:
    # a post's body holds its subject heading and its message: the signature after it is
    # no description under a title
    pages = [_thread(i) for i in range(len(NAMES))]
    results = _clean(pages)
    for result in results:
        text = " ".join(result.cleaned_text.split())
        assert "renders the" in text
        assert "Cheers" not in text and "Twitter" not in text


def test_a_box_headed_by_another_pages_name_is_not_under_the_title() -> None:
    # a column's banner (its author's name as a heading linking to the column, the column's
    # feed and tagline) after a heading is the column's, said on each of its stories; a
    # question's description after its plain title is the page's own
    root = parse_html(
        "<html><body>"
        '<div id="column"><h1>Columns</h1><div id="banner">'
        '<h2><a href="/columns/ann">Ann Vale</a></h2><a href="/columns/ann/feed">Feed</a>'
        "<p>Where drawing and painting meet.</p></div></div>"
        '<div id="question"><h2>How to draw the hair of a fox?</h2><div id="detail">'
        '<a href="/people/bo">@bo</a> asked me to add a sketch. Here it is.</div></div>'
        "</body></html>"
    )
    column, banner = root.get_element_by_id("column"), root.get_element_by_id("banner")
    question, detail = root.get_element_by_id("question"), root.get_element_by_id("detail")
    assert _under_heading(detail, {question}, len("@bo"))
    assert not _under_heading(banner, {column}, len("AnnValeFeed"))
