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


# ------------------------------------------------------------------ boxes of photos


def _photo(i: int, k: int, credit: str) -> str:
    caption = (
        f"Members of the {TOPICS[(i + k) % 8]} committee of {_word(i + k)} walk past the site "
        f"on a grey morning, photo {_word(k)} of the day the plan was shown to the town."
    )
    return (
        f'<figure class="frame"><img src="/img/{i}-{k}.jpg" alt=""></figure>'
        f'<span class="title">Photo {_word(k)}</span><div class="credit">{credit}</div>'
        f'<div class="caption">{caption}</div><div class="caption-credit">{caption} '
        f"({credit})</div>"
    )


def _photo_story(i: int) -> Page:
    gallery = "".join(
        f'<aside class="embed">{_photo(i, k, "Staff Photographer / The Courier")}</aside>'
        for k in range(3)
    )
    related = (
        f'<aside class="embed"><a class="embed-link" href="/story/{i + 500}">'
        f'<img src="/img/r{i}.jpg" alt=""><span class="title">The {TOPICS[(i + 3) % 8]} vote '
        f'of {_word(i + 500)} was put off again</span><div class="caption">The council\'s '
        f"members said the {TOPICS[(i + 4) % 8]} report came too late to be read.</div></a>"
        "</aside>"
    )
    factbox = (
        '<aside class="factbox"><img src="/img/info.png" alt=""><p>The committee of '
        f"{_word(i)} meets on the first Monday of each month in the old hall by the harbour; "
        "its minutes are public, kept in the library for a year and read aloud at the next "
        "meeting, and anyone who lives in the town may ask to speak.</p></aside>"
    )
    html = f"""<html><head><title>Story {i} -- The Courier</title></head><body>
<nav id="menu"><a href="/">Home</a> <a href="/local">Local</a> <a href="/sport">Sport</a></nav>
<article class="story"><header class="head"><h1>Story {i} about the {TOPICS[i % 8]}</h1>
<div class="leadart"><aside class="embed">{_photo(i, 9, "Ann Lee / The Courier")}</aside></div>
</header><section class="body"><div class="page">{_story(i, 3)}{related}{_story(i + 1, 2)}
<aside class="embed gallery"><div class="slides">{gallery}</div></aside>{factbox}
{_story(i + 2, 2)}</div></section></article>
<footer id="foot"><a href="/terms">Terms</a> <a href="/privacy">Privacy</a></footer></body></html>"""
    return Page(url=f"https://courier.example/story/{i:03d}", html=html)


def test_boxes_of_photos_set_apart_from_the_story_go() -> None:
    pages = [_photo_story(i) for i in range(10)]
    for page, result in zip(pages, _site(pages), strict=True):
        text = _text(result)
        assert "Paragraph 2 of story" in text, page.url
        assert "Paragraph 1 of story" in text, page.url
        assert "walk past the site" not in text, page.url  # the lead photo and the gallery
        assert "Staff Photographer" not in text and "Ann Lee" not in text, page.url
        assert "was put off again" not in text, page.url  # another story under its picture
        assert "report came too late" not in text, page.url
        # a box of prose with an icon is the story's own note
        assert "may ask to speak" in text, page.url
        figures = [r for r in result.removed if r.detector == "figure"]
        assert len(figures) == 3, (page.url, [r.path for r in figures])
    name, _rule, why = removal_reason("figure", "x")
    assert name == "photo with its caption" and "aside" in why


# ------------------------------------------------------------------ a photo written as a span


def _span_story(i: int) -> Page:
    photo = (
        '<span class="pic"><span class="frame"><img src="/img/p.jpg" alt=""></span>'
        f'<span class="cap"><span class="by">&copy; Wire Photo</span> FILE - In this photo '
        f"the {TOPICS[(i + 2) % 8]} of {_word(i)} stands empty after the storm.</span></span>"
    )
    icon = (
        '<span class="note"><img src="/img/i.gif" alt=""> Updated twice since it was first '
        f"published by the desk of {_word(i + 7)}.</span>"
    )
    html = f"""<html><head><title>Story {i} -- Wire</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/news">News</a> <a href="/about">About</a></div>
<main id="main"><article class="story"><h1>Story {i} about the {TOPICS[i % 8]}</h1>
<section class="text"><p>{photo}The {TOPICS[i % 8]} board of {_word(i)} met on Monday.
It chose a plan that nobody had seen before.</p>{_story(i, 4)}<p>{icon}</p></section>
</article></main><div id="foot"><a href="/terms">Terms</a></div></body></html>"""
    return Page(url=f"https://wire.example/{i:03d}", html=html)


def test_a_photo_written_as_a_span_goes_with_its_caption() -> None:
    pages = [_span_story(i) for i in range(10)]
    for page, result in zip(pages, _site(pages), strict=True):
        text = _text(result)
        assert "met on Monday" in text and "nobody had seen before" in text, page.url
        assert "Paragraph 3 of story" in text, page.url
        assert "Wire Photo" not in text and "stands empty" not in text, page.url
        # text loose in a span beside an icon is no caption
        assert "Updated twice since" in text, page.url
        taken = [r for r in result.removed if r.representation == "photo span"]
        assert [r.detector for r in taken] == ["figure"], page.url
        assert taken[0].path.endswith("span.pic"), taken[0]
    _, rule, _why = removal_reason("figure", "photo span")
    assert rule == "photo with its caption"


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


# ------------------------------------------------------------------ a story's pager


def _paged_story(i: int, part: int) -> Page:
    # feature i has i + 2 pages: the pagers differ from feature to feature
    numbers = " | ".join(
        str(k) if k == part else f'<a href="/feature/{i}/{k}">{k}</a>' for k in range(1, i + 3)
    )
    html = f"""<html><head><title>Feature {i}</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/features">Features</a> <a href="/about">About</a></div>
<table><tr><td class="menu"><a href="/a">Arts</a><br><a href="/b">Books</a></td>
<td class="story"><h1>Feature {i}, part {part}</h1>{_story(i * 3 + part, 4)}
<p>The {TOPICS[i % 8]} of {_word(i)} counted <a href="/stats/{i}">12</a> boats, then 13.</p>
<table><tr><td><font size="1">page {numbers} |</font></td></tr></table></td></tr></table>
<div id="foot"><a href="/terms">Terms</a></div></body></html>"""
    return Page(url=f"https://mag.example/feature/{i}/{part}", html=html)


def test_a_storys_pager_goes() -> None:
    # (two pages of each feature saved: no pager's text is on three pages)
    pages = [_paged_story(i, part) for i in range(6) for part in (1, 2)]
    for page, result in zip(pages, _site(pages), strict=True):
        text = _text(result)
        assert "Paragraph 3 of story" in text, page.url
        assert "page 1 |" not in text and "1 | 2" not in text, page.url
        # a sentence with a linked number is the story's
        assert "boats, then 13." in text, page.url
        taken = [r for r in result.removed if r.representation == "pager"]
        assert [r.detector for r in taken] == ["stamp"], page.url
    _, rule, _why = removal_reason("stamp", "pager")
    assert rule == "pager"


# ------------------------------------------------------------------ a gallery's controls


def _gallery_page(i: int) -> Page:
    slides = "".join(
        f'<div class="slide"><img src="/g/{i}/{k}.jpg" alt=""><p>Slide {_word(k)}: the '
        f"{TOPICS[(i + k) % 8]} of {_word(i)} as it looked in the year it opened.</p>"
        '<a class="close">Return to Gallery</a></div>'
        for k in range(3 + i % 4)
    )
    html = f"""<html><head><title>Gallery {i}</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/style">Style</a> <a href="/about">About</a></div>
<article><h1>Gallery {i} of the {TOPICS[i % 8]}</h1>{_story(i, 2)}<div id="slides">{slides}</div>
<p>See the <a href="/map/{i}">map</a> or <a class="toggle">show all</a> of {_word(i)}.</p>
</article><div id="foot"><a href="/terms">Terms</a></div></body></html>"""
    return Page(url=f"https://mag.example/gallery/{i:03d}", html=html)


def test_a_control_said_again_and_again_in_the_content_goes() -> None:
    pages = [_gallery_page(i) for i in range(10)]
    for page, result in zip(pages, _site(pages), strict=True):
        text = _text(result)
        assert "Paragraph 1 of story" in text and "as it looked in the year" in text, page.url
        assert "Return to Gallery" not in text, page.url
        # a control said once is part of its sentence
        assert f"or show all of {_word(int(page.url[-3:]))}." in text, page.url
        taken = [r for r in result.removed if r.representation == "control"]
        assert taken and all(r.detector == "stamp" for r in taken), page.url
    _, rule, _why = removal_reason("stamp", "control")
    assert rule == "repeated control"
