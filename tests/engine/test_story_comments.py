"""A news story's readers' comments, a fallback no browser shows: the comments the page marks
as such, after the story, go (however much text they hold), while a forum thread's posts, a
question's comments and a document's section about comments stay; a ``noembed`` block's text
is never the page's text."""

from __future__ import annotations

import sys
from pathlib import Path

from deboiler_gui.engine.clean.analysis import DEFAULT_CONFIG, analyse, make_spec
from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.clean.cleaning import content_of
from deboiler_gui.engine.clean.explain import removal_reason
from deboiler_gui.engine.document import cleaned_text
from deboiler_gui.engine.htmltree import parse_html, visible_text
from deboiler_gui.engine.model import CleanResult, Page

sys.path.insert(0, str(Path(__file__).resolve().parent))
from newspages import TOPICS  # noqa: E402
from newspages import story as _story  # noqa: E402
from newspages import word as _word  # noqa: E402


def _text(result: CleanResult) -> str:
    return " ".join(result.cleaned_text.split())


def _comments(i: int, n: int, dated: bool = True) -> str:
    # each reader's own words, a name and (usually) a date
    return "".join(
        f'<div class="views-row"><a name="c{i}{k}"></a><div class="comment-entry">'
        f'<div class="posted-by">{k + 1}. posted by: reader{_word(i * 10 + k)}'
        f"{f' at 11/{k + 1}/2010 @ 4:3{k % 10}pm' if dated else ''}</div>"
        f"<p>Comment {k} on story {i}: the {TOPICS[(i + k) % 8]} plan of {_word(k)} is wrong, "
        f"as anyone in {_word(i + k)} could tell the writer.</p></div></div>"
        for k in range(n)
    )


def _story_page(i: int, paragraphs: int, comments: int) -> Page:
    html = f"""<html><head><title>Story {i}</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/politics">Politics</a> <a href="/about">About</a></div>
<div id="article-body"><h2>Story {i} about the {TOPICS[i % 8]}</h2>
<div id="story-text">{_story(i, paragraphs)}</div>
<div id="comments"><div class="header"><h2>Comments</h2>
<a href="#post">Post Your Comment</a></div>{_comments(i, comments)}</div></div>
<div id="foot"><a href="/terms">Terms</a> <a href="/privacy">Privacy</a></div></body></html>"""
    return Page(url=f"https://weekly.example/article/{i:03d}", html=html)


def test_readers_comments_after_the_story_go() -> None:
    pages = [_story_page(i, 6, 3 + i % 4) for i in range(12)]
    cleaner = DomainCleaner().fit(pages)
    for page, result in zip(pages, cleaner.transform(pages), strict=True):
        text = _text(result)
        assert "Paragraph 5 of story" in text, page.url
        assert "Comment 0 on story" not in text, page.url
        assert "posted by" not in text, page.url
        taken = [r for r in result.removed if r.representation == "comments"]
        assert [r.detector for r in taken] == ["post"], page.url
        assert taken[0].path.endswith("div#comments"), taken[0]
    _, rule, why = removal_reason("post", "comments")
    assert rule == "readers' comments" and "after the story" in why


def test_comments_holding_most_of_the_text_leave_the_story_as_the_content() -> None:
    # a story of three paragraphs under forty comments: the comments hold most of the page's
    # text, the content is still the story
    pages = [_story_page(i, 6, 3) for i in range(10)] + [_story_page(50, 3, 40)]
    cleaner = DomainCleaner().fit(pages)
    model = cleaner.model_
    assert model is not None
    result = list(cleaner.transform(pages[-1:]))[0]
    text = _text(result)
    assert "Paragraph 2 of story 50" in text
    assert "Story 50 about the" in text
    assert "Comment 39 on story 50" not in text
    why = content_of(parse_html(pages[-1].html), model)
    assert "comments" not in why["path"], why
    assert "div#story-text" in why["path"] or "readers' comments" in why["reason"], why


def test_undated_alike_blocks_marked_comments_stay() -> None:
    # a document's section on comments, its examples alike blocks: nobody wrote them on a
    # day, they are the page's own text
    def page(i: int) -> Page:
        html = f"""<html><head><title>Doc {i}</title></head><body>
<div id="nav"><a href="/">Index</a> <a href="/ref">Reference</a> <a href="/faq">FAQ</a></div>
<div id="doc"><h1>Syntax {i}</h1>{_story(i, 5)}
<div id="comments">{_comments(i, 4, dated=False)}</div></div></body></html>"""
        return Page(url=f"https://doc.example/{i:03d}.html", html=html)

    pages = [page(i) for i in range(8)]
    for result in DomainCleaner().fit(pages).transform(pages):
        assert "Comment 3 on story" in _text(result)
        assert not any(r.representation == "comments" for r in result.removed)


def _thread_page(i: int, posts: int) -> Page:
    # a forum's thread: its posts, the starter's first, in a list the forum calls comments
    items = "".join(
        f'<li class="comment-wrap{" thread-starter" if k == 0 else ""}">'
        f'<div class="comment-left-col"><a href="/members/{k}">member{_word(k)}</a></div>'
        f'<div class="comment-right-col"><div class="date">Dec {k + 1:02d}, 2015 09:2{k % 10} AM</div>'
        f"<p>Post {k} of thread {i}: the {TOPICS[(i + k) % 8]} setting of {_word(i)} fails "
        f"when {_word(k)} users log in, and the log says why in a few more words.</p></div></li>"
        for k in range(posts)
    )
    html = f"""<html><head><title>Thread {i}</title></head><body>
<div id="top"><a href="/">Forums</a> <a href="/search">Search</a> <a href="/login">Log in</a></div>
<div id="content"><h1>Thread {i} on the {TOPICS[i % 8]}</h1>
<ul class="comment-list">{items}</ul></div></body></html>"""
    return Page(url=f"https://forum.example/t/{i:03d}", html=html)


def test_a_forum_threads_posts_in_a_list_of_comments_stay() -> None:
    pages = [_thread_page(i, 2 + i % 5) for i in range(12)]
    for page, result in zip(pages, DomainCleaner().fit(pages).transform(pages), strict=True):
        text = _text(result)
        n = 2 + int(page.url[-3:]) % 5
        for k in range(n):
            assert f"Post {k} of thread" in text, (page.url, k)
        assert not any(r.representation == "comments" for r in result.removed), page.url


# ------------------------------------------------------------------ noembed


def test_a_noembed_fallback_is_never_text() -> None:
    fallback = (
        '<noembed><A HREF="http://ads.example/click?id=1"><IMG SRC="http://ads.example/1.gif">'
        "</A> Advertisement fallback</noembed>"
    )
    html = (
        f"<html><body><div id='story'>{_story(1, 3)}<embed src='ad.swf'>{fallback}</div>"
        "</body></html>"
    )
    root = parse_html(html)
    assert "HREF" not in visible_text(root) and "fallback" not in visible_text(root)
    assert "Advertisement" not in cleaned_text(parse_html(html))
    assert "Paragraph 2 of story 1" in cleaned_text(parse_html(html))
    # the page's analysis does not count it either: the story holds all of the text
    facts = analyse(root, make_spec("improved", DEFAULT_CONFIG))
    story = root.find(".//div")
    assert story is not None
    counted = {rec[0]: rec[2] for rec in facts.cands}
    assert counted[story] == facts.chars
    pages = [
        Page(url=f"https://ads.example/{i}", html=html.replace("story 1", f"story {i}"))
        for i in range(4)
    ]
    for result in DomainCleaner().fit(pages).transform(pages):
        assert "HREF" not in result.cleaned_text and "fallback" not in result.cleaned_text


def test_a_short_list_of_comments_whose_rows_carry_their_places_classes_goes() -> None:
    # four comments, each row with its number, odd or even, first or last in its classes: no
    # two rows have the same classes, all share "views-row" and their shape; a sort bar of
    # one class and shape above and below them
    bar = (
        '<div class="sort-strip"><div class="show">Showing 4 comments of 4</div>'
        '<div class="sort">Current sort: <a href="?sort=asc">last to first</a></div></div>'
    )

    def page(i: int) -> Page:
        rows = _comments(i, 4)
        for k in range(4):
            place = " views-row-first" if k == 0 else " views-row-last" if k == 3 else ""
            parity = "odd" if k % 2 == 0 else "even"
            rows = rows.replace(
                '<div class="views-row">',
                f'<div class="views-row views-row-{k + 1} views-row-{parity}{place}">',
                1,
            )
        return Page(
            url=f"https://weekly.example/short/{i:03d}",
            html=_story_page(i, 6, 0).html.replace(
                '<a href="#post">Post Your Comment</a></div>',
                f'<a href="#post">Post Your Comment</a></div>{bar}{rows}{bar}',
            ),
        )

    pages = [page(i) for i in range(8)]
    for result in DomainCleaner().fit(pages).transform(pages):
        text = _text(result)
        assert "Paragraph 5 of story" in text
        assert "Comment 3 on story" not in text
        assert any(r.representation == "comments" for r in result.removed)
