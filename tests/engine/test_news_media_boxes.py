"""What a news story carries besides its text: boxes the page sets apart holding photos and
their captions (a lead photo, a gallery, another story's picture under its headline), a photo
with its caption written as a span, a list of other stories written as cards after the story,
and readers' comments each marked as such in a block with no mark of its own. A box of prose
with an icon, a span of text beside an icon and a list of links in the story's own text stay."""

from __future__ import annotations

import sys
from pathlib import Path

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.clean.explain import removal_reason
from deboiler_gui.engine.model import CleanResult, Page

sys.path.insert(0, str(Path(__file__).resolve().parent))
from newspages import TOPICS  # noqa: E402
from newspages import story as _story  # noqa: E402
from newspages import word as _word  # noqa: E402


def _text(result: CleanResult) -> str:
    return " ".join(result.cleaned_text.split())


def _site(pages: list[Page]) -> list[CleanResult]:
    return list(DomainCleaner().fit(pages).transform(pages))


# ------------------------------------------------------------------ other stories as cards


def _cards_story(i: int, cards: bool = True) -> Page:
    # the story's sentences run in one paragraph, apart only by line breaks
    lines = "<br>".join(
        f"Line {k} of story {i}: the {TOPICS[(i + k) % 8]} plan of {_word(i + k)} was changed."
        for k in range(6)
    )
    own_links = "".join(
        f'<li><a href="/report/{i}/{k}">Part {_word(k)} of the {TOPICS[(i + k) % 8]} report of '
        f"{_word(i)}</a></li>"
        for k in range(4)
    )
    more = "".join(
        f'<li><a href="/story/{i + 100 + k}"><img src="/img/{k}.jpg" alt="">'
        f"<h4>The {TOPICS[(i + k) % 8]} of {_word(i + 100 + k)} opens its doors</h4>"
        f"<p>Visitors queued from dawn to see what the {TOPICS[(i + k + 1) % 8]} looks like "
        f"after {_word(k)} years.</p><span>Courier</span></a></li>"
        for k in range(4)
    )
    section = (
        f'<section class="more"><h3>More in Local</h3><ul>{more}</ul></section>' if cards else ""
    )
    html = f"""<html><head><title>Story {i} -- Daily</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/local">Local</a> <a href="/about">About</a></div>
<div id="content"><main id="main"><article class="story"><h1>Story {i} about the
{TOPICS[i % 8]}</h1><section class="text"><p>{lines}</p><p>The reports:</p><ul>{own_links}</ul>
{_story(i, 3)}</section></article>{section}</main></div>
<div id="foot"><a href="/terms">Terms</a></div></body></html>"""
    return Page(url=f"https://daily.example/{i:03d}", html=html)


def test_other_stories_written_as_cards_after_the_story_go() -> None:
    pages = [_cards_story(i, cards=i % 3 != 0) for i in range(12)]
    for page, result in zip(pages, _site(pages), strict=True):
        text = _text(result)
        assert "Line 0 of story" in text and "Line 5 of story" in text, page.url
        # the story's own list of links holds words, not headlines with their first lines
        assert "Part k of the" in text and " report of " in text, page.url
        assert "opens its doors" not in text, page.url
        assert "Visitors queued" not in text, page.url
        assert "More in Local" not in text, page.url
    _, rule, why = removal_reason("label", "teaser cards")
    assert rule == "teaser cards after the story" and "heading or a paragraph" in why


# ------------------------------------------------------------------ comments marked one by one


def _talk_page(i: int, comments: int) -> Page:
    talk = "".join(
        f'<div class="usercomment"><p>Reader {_word(i * 10 + k)} wrote: the {TOPICS[k % 8]} '
        f'plan will cost the town of {_word(k)} far too much.</p><div class="by">Posted by '
        f"reader{_word(k)} on Tue, Oct 25, 2005 {k + 1}:32 AM ET</div></div>"
        '<div class="signin"><a href="/login">Sign in to post a comment</a></div>'
        for k in range(comments)
    )
    html = f"""<html><head><title>Story {i}</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/travel">Travel</a> <a href="/about">About</a></div>
<div id="page"><div id="story"><h2>Story {i} about the {TOPICS[i % 8]}</h2>{_story(i, 6)}</div>
<div id="talk"><p>Join the discussion.</p>{talk}</div></div>
<div id="foot"><a href="/terms">Terms</a></div></body></html>"""
    return Page(url=f"https://travel.example/{i:03d}", html=html)


def test_comments_marked_one_by_one_go_with_the_block_around_them() -> None:
    pages = [_talk_page(i, 3 + i % 3) for i in range(10)]
    for page, result in zip(pages, _site(pages), strict=True):
        text = _text(result)
        assert "Paragraph 5 of story" in text, page.url
        assert "far too much" not in text, page.url
        assert "Posted by" not in text, page.url
        taken = [r for r in result.removed if r.representation == "comments"]
        assert [r.path.rsplit(" > ", 1)[-1] for r in taken] == ["div#talk"], page.url
    _, _rule, why = removal_reason("post", "comments")
    assert "each so marked" in why


# ------------------------------------------------------------------ a blog's call after the story


def _blog_post(i: int) -> Page:
    blog = ["Culture", "Politics", "Style"][i % 3]
    html = f"""<html><head><title>Post {i} -- {blog} Blog</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/blogs">Blogs</a> <a href="/about">About</a></div>
<div id="article"><h1>Post {i} about the {TOPICS[i % 8]}</h1>
<div class="body">{_story(i, 5)}</div>
<p class="follow">Follow The {blog} Blog on <a href="/{blog}/rss">RSS</a> and on Twitter at
<a href="https://social.example/{blog}">@{blog}Desk</a>.</p>
<p class="edition">This post appeared in the {blog.lower()} pages of the weekend edition.</p>
</div><div id="foot"><a href="/terms">Terms</a></div></body></html>"""
    return Page(url=f"https://mag.example/blog/{i:03d}", html=html)


def test_a_blogs_call_with_links_after_the_post_goes() -> None:
    # each blog's line is on its own posts only, so most pages have other text at its place
    pages = [_blog_post(i) for i in range(12)]
    for page, result in zip(pages, _site(pages), strict=True):
        text = _text(result)
        assert "Paragraph 4 of story" in text, page.url
        assert "on Twitter at" not in text, page.url
        # the same place's line without links stays, as a product's specification would
        assert "pages of the weekend edition" in text, page.url
