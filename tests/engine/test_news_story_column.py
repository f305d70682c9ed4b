"""A blog's story column beside a column of the site's boxes (an "about this blog" box, the
authors' short bios, a blog roll, other stories' teasers) that holds more text than a short
post: the column holding the post's headline and the page's longest paragraph is the content,
the boxes' column goes, even where the blog's template is on too few pages for any of its
places to be learnt. A thread's answers beside its question, and a second column of the
story's own paragraphs, stay. Outside the story's block, a table of figures (the day's
quotes of the companies a story names) goes; a story's own table of figures stays. At the end
of the story's block, lists of links under a short label ("Sidebars:", "Read more:") go; such
a list amid the story, or a list of the story's own parts, stays."""

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

AUTHORS = ["Ann Keller", "Bob Marsh", "Cleo Rand", "Dan Price", "Eve Stone"]


def _text(result: CleanResult) -> str:
    return " ".join(result.cleaned_text.split())


def _magazine_page(i: int) -> Page:
    # the site's own stories: another template, on many pages
    html = f"""<html><head><title>Feature {i} - Magazine</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/features">Features</a> <a href="/blogs">Blogs</a></div>
<div id="feature"><h1>Feature {i}</h1>{_story(i, 6)}</div>
<div id="foot"><a href="/about">About</a> <a href="/terms">Terms</a></div></body></html>"""
    return Page(url=f"https://magazine.example/features/{i:03d}.html", html=html)


def _post(i: int) -> str:
    t = TOPICS[i % len(TOPICS)]
    return (
        f"<p>The {t} record of {_word(i)} came out of nowhere this winter, and it is the pick of "
        f"the week: fourteen songs about the {TOPICS[(i + 1) % 8]} and the people who wait by "
        f"it, each better than the last. The band has grown up a little since the first one, "
        f"with slower songs and more voices behind the singer. It is plaintive stuff, even "
        f"sad, but it is winter, and this is one fine record to help you through it all. "
        f"The singer wrote most of it alone in a cold room by the {TOPICS[(i + 3) % 8]}, and "
        f"you can hear the room in every song: the floor, the window, the wind outside. "
        f"Listen to the {TOPICS[(i + 2) % 8]} song first, then the rest in order.</p>"
    )


def _blog_page(i: int) -> Page:
    t = TOPICS[i % len(TOPICS)]
    bios = "".join(
        f'<div class="author"><h3><a href="/author/{n}">{name}</a></h3>{name} is an editor at '
        f"the magazine who picks one thing a week and likes it.<br>"
        f'<a href="/author/{n}/posts">Find all posts by {name}</a> '
        f'<a href="/author/{n}/contact">Contact {name}</a></div>'
        for n, name in enumerate(AUTHORS[:4])
    )
    roll = "".join(
        f'<a href="https://friend{n}.example/">Friend blog {name}</a> '
        for n, name in enumerate(AUTHORS * 2)
    )
    teasers = "".join(
        f'<tr><td><h2><a href="/blogs/picks/{i + 10 + k}">The {TOPICS[(i + k) % 8]} guide of '
        f"{_word(i + 10 + k)}</a></h2>By {AUTHORS[k]}<br>A short look at what the "
        f"{TOPICS[(i + k + 3) % 8]} people did this week, and why it matters to you.<br>"
        f"2/{k + 20}/2010</td></tr>"
        for k in range(3)
    )
    html = f"""<html><head><title>{t.title()} Record Review - Picks Video - Magazine</title></head>
<body><div id="top"><a href="/">Home</a> <a href="/features">Features</a> <a href="/blogs">Blogs</a></div>
<div id="core"><div id="main-col">
<div id="branding"><a href="/blogs/picks"><h1>DAILY PICKS</h1></a></div>
<div class="prevnext"><a href="/blogs/picks/{i - 1}">The {TOPICS[(i + 5) % 8]} pick of
{_word(i + 40)}</a> <a href="/blogs/picks/{i + 1}">The {TOPICS[(i + 6) % 8]} pick of
{_word(i + 41)}</a></div>
<h1>A {t.title()} Record for the Winter of {_word(i).title()}</h1>
<div class="date">February {i + 2}, 2010 by {AUTHORS[i % 5]}</div>
<div class="entry">{_post(i)}</div>
<div class="tags">Tags: <a href="/tag/{t}">{t}</a>, <a href="/tag/music">music</a></div>
</div>
<div id="right-col">
<div class="module"><div class="about">The Daily Picks is a quick bite, one thing the editors
recommend each morning: not a candidate or a party, but an idea or a product or a site. One
great new thing that we like and think matters; you may like it too, or pass it on to a
friend.<div class="rss"><a href="/blogs/picks/rss">Subscribe to this blog</a></div></div></div>
<div class="module">{bios}</div>
<div class="module">{roll}</div>
<div class="directory"><table>{teasers}</table></div>
</div></div>
<div id="foot"><a href="/about">About</a> <a href="/terms">Terms</a></div></body></html>"""
    return Page(url=f"https://magazine.example/blogs/picks/{i:03d}.html", html=html)


def test_a_column_of_the_sites_boxes_beside_a_short_post_goes() -> None:
    # four posts of one blog on a site of 84 pages: too few for any block of the blog's
    # template to be a repeat, and the boxes' column holds more text than the post
    blog = [_blog_page(i) for i in range(4)]
    cleaner = DomainCleaner().fit([_magazine_page(i) for i in range(80)] + blog)
    model = cleaner.model_
    assert model is not None
    for page, result in zip(blog, cleaner.transform(blog), strict=True):
        text = _text(result)
        assert "came out of nowhere this winter" in text, page.url
        assert "then the rest in order." in text, page.url
        assert "A " in text and "Record for the Winter of" in text, page.url
        for gone in (
            "The Daily Picks is a quick bite",
            "is an editor at the magazine",
            "Find all posts by",
            "Friend blog",
            "people did this week",
        ):
            assert gone not in text, (page.url, gone)
        assert any(
            r.detector == "label" and r.representation == "side column" for r in result.removed
        ), page.url
        why = content_of(parse_html(page.html), model)
        assert why["path"] == "div#main-col", why
        assert "longest paragraph" in why["reason"], why


def _question_page(i: int) -> Page:
    # a question with its heading, and beside it the column of its answers: each a short
    # message under its author's card and a bar of links
    answers = "".join(
        f'<div class="answer"><div class="card"><a href="/users/{k}">{AUTHORS[k]}</a> '
        f'<a href="/users/{k}/badges">{k + 3} badges</a></div><div class="msg"><p>Answer {k} of '
        f"question {_word(i)}: try the {TOPICS[(i + k) % 8]} setting first, it worked for me "
        f"on two machines. If it does not, turn the {TOPICS[(i + k + 1) % 8]} off and on "
        f"again and look at the log.</p>"
        f'</div><div class="bar"><a href="/a/{i}/{k}/share">share this answer</a> '
        f'<a href="/a/{i}/{k}/flag">flag this answer</a> <a href="/a/{i}/{k}/edit">improve this '
        f'answer</a> <a href="/a/{i}/{k}/cite">cite this answer</a></div></div>'
        for k in range(4)
    )
    html = f"""<html><head><title>How do I keep the {TOPICS[i % 8]} open? - Ask</title></head>
<body><div id="top"><a href="/">Questions</a> <a href="/tags">Tags</a> <a href="/users">Users</a></div>
<div id="thread"><div id="question"><h1>How do I keep the {TOPICS[i % 8]} open?</h1>
{_post(i)}</div><div id="answers">{answers}</div></div></body></html>"""
    return Page(url=f"https://ask.example/q/{i:03d}", html=html)


def test_a_threads_answers_beside_its_question_stay() -> None:
    pages = [_question_page(i) for i in range(6)]
    for page, result in zip(pages, DomainCleaner().fit(pages).transform(pages), strict=True):
        text = _text(result)
        assert "came out of nowhere this winter" in text, page.url
        for k in range(4):
            assert f"Answer {k} of question" in text, (page.url, k)
        assert not any(r.representation == "side column" for r in result.removed), page.url


def _two_column_page(i: int) -> Page:
    # a feature laid out in two columns: the headline and the first part in one, the rest
    # of the story (a long paragraph of its own) in the other, with its links
    rest = (
        f"<p>The second part of feature {_word(i)} goes on at length about the "
        f"{TOPICS[(i + 3) % 8]}: the members met again in the spring, read the letters the "
        f"town had sent, and voted, after a long night, to keep the old plan. "
        f'<a href="/archive/{i}/one">The first vote</a>, <a href="/archive/{i}/two">the second '
        f'vote</a> and <a href="/archive/{i}/three">the letters</a> are in the archive, and '
        f"so is the record of what each member said that night, word for word. The plan "
        f"itself is older than the town hall: the first members drew it on the back of a map "
        f"of the {TOPICS[(i + 4) % 8]}, and it has changed little since.</p>"
        f'<p><a href="/archive/{i}/four">Minutes of the meeting</a> <a href="/archive/{i}/five">'
        f'The town\'s letters</a> <a href="/archive/{i}/six">The old plan</a> '
        f'<a href="/archive/{i}/seven">The map of the {TOPICS[(i + 4) % 8]}</a> '
        f'<a href="/archive/{i}/eight">What each member said</a> '
        f'<a href="/archive/{i}/nine">The night of the vote</a> '
        f'<a href="/archive/{i}/ten">The members of the board</a></p>'
    )
    html = f"""<html><head><title>Feature {i} - Weekly</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/features">Features</a></div>
<div id="spread"><div id="left"><h1>Feature {i}</h1>{_post(i)}</div>
<div id="right">{rest}</div></div></body></html>"""
    return Page(url=f"https://weekly.example/f/{i:03d}", html=html)


def test_a_second_column_of_the_storys_own_paragraphs_stays() -> None:
    pages = [_two_column_page(i) for i in range(6)]
    for page, result in zip(pages, DomainCleaner().fit(pages).transform(pages), strict=True):
        text = _text(result)
        assert "came out of nowhere this winter" in text, page.url
        assert "The second part of feature" in text, page.url
        assert "word for word." in text, page.url


# ------------------------------------------------------------------ a table of figures


def _quotes_page(i: int, *, own_table: bool = False, spec: bool = False) -> Page:
    t = TOPICS[i % len(TOPICS)]
    symbols = ["ABC", "DEF", "GHI", "JKL"][: 2 + i % 3]
    rows = "".join(
        f'<tr><td><a href="https://finance.example/q?s={s}"><abbr title="{s} Inc">{s}</abbr></a>'
        f"</td><td>{10 + i + k}.{k}4</td><td>{'+' if k % 2 else '-'}0.{k + 1}{i % 10}</td></tr>"
        for k, s in enumerate(symbols)
    )
    quotes = (
        f'<div id="quotes"><table><caption>Related Quotes</caption><thead><tr><th>Symbol</th>'
        f"<th>Price</th><th>Change</th></tr></thead><tbody>{rows}</tbody></table></div>"
    )
    if spec:
        quotes = (
            '<div id="facts"><table><tr><td>Founded</td><td>in the year of the great flood'
            "</td></tr><tr><td>Members</td><td>twelve from each ward</td></tr></table></div>"
        )
    figures = (
        "<table><tr><th>Year</th><th>Members</th></tr>"
        f"<tr><td>2008</td><td>{i + 11}</td></tr><tr><td>2009</td><td>{i + 14}</td></tr></table>"
        if own_table
        else ""
    )
    html = f"""<html><head><title>The {t} report {i} - News</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/business">Business</a> <a href="/tech">Tech</a></div>
<div id="story"><div class="hd"><h1>The {t} report {i}</h1></div>
<div class="bd"><div class="media">{quotes}</div>
<div class="byline">By Writer {_word(i)}, Business Writer</div>
<div class="story-content">{_story(i, 5)}{figures}{_story(i + 100, 2)}</div></div></div>
<div id="foot"><a href="/about">About</a> <a href="/terms">Terms</a></div></body></html>"""
    return Page(url=f"https://news.example/s/{i:03d}", html=html)


def test_a_table_of_figures_beside_the_story_goes_and_the_storys_own_stays() -> None:
    pages = [_quotes_page(i, own_table=i % 2 == 0) for i in range(8)]
    for page, result in zip(pages, DomainCleaner().fit(pages).transform(pages), strict=True):
        text = _text(result)
        assert "Paragraph 4 of story" in text, page.url
        assert "Paragraph 1 of story 1" in text, page.url
        for gone in ("Related Quotes", "Symbol", "ABC", "DEF"):
            assert gone not in text, (page.url, gone)
        assert any(r.representation == "figures table" for r in result.removed), page.url
        if page.url.endswith(("0", "2", "4", "6")):
            for kept in ("Year", "Members", "2008", "2009"):
                assert kept in text, (page.url, kept)


def test_a_table_of_words_beside_the_story_is_no_table_of_figures() -> None:
    pages = [_quotes_page(i, spec=True) for i in range(8)]
    for page, result in zip(pages, DomainCleaner().fit(pages).transform(pages), strict=True):
        assert not any(r.representation == "figures table" for r in result.removed), page.url


# ------------------------------------------------------------------ labelled lists after the story


def _issue_story(i: int, *, middle: bool = False, own_parts: bool = False) -> Page:
    # an old magazine template: the story's paragraphs and, at the end of its cell, the
    # lists of its sidebars and of the issue's other pages, each under a bold label
    t = TOPICS[i % len(TOPICS)]
    sidebars = (
        f'<p><b>Sidebars: </b></p><ul><li><a href="{i:03d}side1.htm">The {t} year of '
        f'{_word(i)}</a></li><li><a href="{i:03d}side2.htm">Who sits on the {t} board</a></li></ul>'
    )
    more = (
        f'<p><b>Read more:</b></p><ul><li><a href="/by/writer{i % 3}.htm">By Writer '
        f'{_word(i % 3)}</a></li><li><a href="/section/cover.htm">Cover Story</a></li>'
        f'<li><a href="/issue/{i % 4}/">From the issue of {_word(i % 4)}</a></li></ul>'
    )
    if own_parts:
        more = (
            f'<p><b>In this story:</b></p><ul><li><a href="#first">The first vote of {_word(i)}'
            f'</a></li><li><a href="#second">The second vote of {_word(i)}</a></li></ul>'
        )
    body = _story(i, 6)
    if middle:
        body = _story(i, 3) + sidebars + _story(i + 50, 3)
        sidebars = ""
    html = f"""<html><head><title>Issue story {i} - Weekly</title></head><body>
<table><tr><td class="menu"><a href="/">Home</a><br><a href="/issue/">This issue</a><br>
<a href="/archive/">Archive</a></td><td><font face="verdana"><h2>Issue story {i}</h2>
<a name="first"></a><a name="second"></a>{body}{sidebars}{more}<br></font></td></tr></table>
</body></html>"""
    return Page(url=f"https://weekly.example/issue/{i:03d}.htm", html=html)


def test_labelled_lists_of_links_ending_the_story_go() -> None:
    pages = [_issue_story(i) for i in range(8)]
    for page, result in zip(pages, DomainCleaner().fit(pages).transform(pages), strict=True):
        text = _text(result)
        assert "Paragraph 5 of story" in text, page.url
        for gone in ("Sidebars:", "Who sits on the", "Read more:", "Cover Story", "From the issue"):
            assert gone not in text, (page.url, gone)
        assert any(r.representation == "trailing lists" for r in result.removed), page.url


def test_a_labelled_list_amid_the_story_stays() -> None:
    pages = [_issue_story(i, middle=True) for i in range(8)]
    for page, result in zip(pages, DomainCleaner().fit(pages).transform(pages), strict=True):
        text = _text(result)
        for kept in ("Sidebars:", "Who sits on the", "Paragraph 2 of story"):
            assert kept in text, (page.url, kept)
        assert "Read more:" not in text, page.url


def test_a_labelled_list_of_the_storys_own_parts_stays() -> None:
    pages = [_issue_story(i, own_parts=True) for i in range(8)]
    for page, result in zip(pages, DomainCleaner().fit(pages).transform(pages), strict=True):
        text = _text(result)
        for kept in ("In this story:", "The second vote of"):
            assert kept in text, (page.url, kept)
