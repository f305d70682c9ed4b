"""News archives of several templates (a site's layouts of four years, a few dozen pages
each): a short story keeps its template's content place; hidden blocks, teaser columns and
link lines away from the content go without other pages to show them; a story's date line
stays however many pages share it; a frameset page's text is never markup."""

from __future__ import annotations

import sys
from pathlib import Path

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.clean.cleaning import _teaser_column, content_of
from deboiler_gui.engine.document import cleaned_text
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import CleanResult, Page

sys.path.insert(0, str(Path(__file__).resolve().parent))
from newspages import TOPICS  # noqa: E402
from newspages import story as _story  # noqa: E402
from newspages import word as _word  # noqa: E402


def _clean(pages: list[Page]) -> list[CleanResult]:
    return list(DomainCleaner().fit(pages).transform(pages))


def _text(result: CleanResult) -> str:
    return " ".join(result.cleaned_text.split())


# ------------------------------------------------------------------ the template's place


def _old_page(i: int) -> Page:
    # the site's other template, on most of its pages: a table layout
    html = f"""<html><head><title>Old {i}</title></head><body><table><tr>
<td class="menu"><a href="/a">Alpha</a> <a href="/b">Beta</a> <a href="/c">Gamma</a></td>
<td class="story"><h2>Old story {i}</h2>{_story(i, 5)}</td></tr></table></body></html>"""
    return Page(url=f"https://paper.example/2000/{i:03d}.html", html=html)


def _blog_page(i: int, paragraphs: int) -> Page:
    # the 2010 template: the story's place and, in the same column, the recent and most
    # commented entries with their first lines (each page's own list)
    recent = "".join(
        f'<li><a href="/blog/{i + k}">The {TOPICS[(i + k) % 8]} question, part {k + i}</a>'
        f"<p>What readers of the {TOPICS[(i + k + 1) % 8]} piece wrote.</p></li>"
        for k in range(5)
    )
    html = f"""<html><head><title>Blog {i}</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/blog">Blog</a> <a href="/about">About</a></div>
<div id="blog"><div id="content-primary"><h1>Entry {i}</h1>{_story(i, paragraphs)}</div>
<div id="content-secondary"><h3>Most commented</h3><ul>{recent}</ul>
<div class="entry-nav"><a href="/blog/{i - 1}">Previous entry: the {TOPICS[(i + 5) % 8]}
vote</a> <a href="/blog/{i + 1}">Next entry: the {TOPICS[(i + 6) % 8]} plan</a></div>
</div></div></body></html>"""
    return Page(url=f"https://paper.example/2010/{i:03d}.html", html=html)


def test_a_short_story_keeps_its_templates_content_place() -> None:
    old = [_old_page(i) for i in range(50)]
    blog = [_blog_page(100 + i, 8) for i in range(3)] + [_blog_page(200 + i, 2) for i in range(2)]
    cleaner = DomainCleaner().fit(old + blog)
    model = cleaner.model_
    assert model is not None
    short = blog[3:]
    for page, result in zip(short, cleaner.transform(short), strict=True):
        text = _text(result)
        assert "Paragraph 0 of story" in text, page.url
        for gone in ("Most commented", "What readers of the", "Previous entry", "question, part"):
            assert gone not in text, (page.url, gone)
        why = content_of(parse_html(page.html), model)
        assert why["path"].endswith("div#content-primary"), why
        assert "this template" in why["reason"], why


def test_a_document_section_beside_the_template_place_keeps_the_guess() -> None:
    # the page's guess holds two sections, each of which held the content on other pages:
    # neither is narrowed to
    def page(i: int, first: int, second: int) -> Page:
        html = f"""<html><head><title>Doc {i}</title></head><body>
<div id="nav"><a href="/">Index</a> <a href="/ref">Reference</a> <a href="/faq">FAQ</a></div>
<div id="doc"><div class="part-a">{_story(i, first)}</div>
<div class="part-b">{_story(i + 1, second)}</div></div></body></html>"""
        return Page(url=f"https://doc.example/{i:03d}.html", html=html)

    old = [_old_page(i) for i in range(50)]
    docs = [page(1, 8, 1), page(2, 8, 1), page(3, 1, 8), page(4, 1, 8), page(5, 4, 4)]
    results = list(DomainCleaner().fit(old + docs).transform(docs))
    text = _text(results[-1])
    assert "Paragraph 3 of story 5" in text
    assert "Paragraph 3 of story 6" in text


# ------------------------------------------------------------------ hidden blocks


def _hidden_page(i: int) -> Page:
    seo = " ".join(f'<a href="/tag/{w}{i}">{w} news {i}</a>' for w in TOPICS)
    html = f"""<html><head><title>Story {i}</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/news">News</a> <a href="/about">About</a></div>
<div style="display:none" id="seo">{seo}</div>
<div style="DISPLAY: none">session-{i}-a8f3c2 var track{i} = load();</div>
<span style="visibility:hidden">widget id {i * 7}x9</span>
<div id="content"><h1>Story {i}</h1>{_story(i, 5)}
<div class="tab" style="display:none"><p>The second tab of story {i} explains the
{TOPICS[i % 8]} vote in more detail for the readers who open it.</p></div>
<div class="more" style="display:none"><a href="/r/{i}/1">Related one about it</a>
<a href="/r/{i}/2">Related two about it</a> <a href="/r/{i}/3">Related three</a></div>
</div></body></html>"""
    return Page(url=f"https://hide.example/s/{i:03d}", html=html)


def test_hidden_blocks_go_away_from_the_content_and_tab_panels_in_it_stay() -> None:
    pages = [_hidden_page(i) for i in range(6)]
    for i, result in enumerate(_clean(pages)):
        text = _text(result)
        assert "Paragraph 4 of story" in text, i
        assert f"The second tab of story {i}" in text, i
        for gone in ("news", "session-", "widget id", "Related one"):
            assert gone not in text, (i, gone)
        assert any(
            r.detector == "hidden" and r.representation == "hidden block" for r in result.removed
        ), i


# ------------------------------------------------------------------ links away from the story


def _teaser_page(i: int) -> Page:
    # a template on three pages only, each page's teasers its own: the column is not mostly
    # links (each headline has its lines) and nothing in it repeats
    w = _word(i)
    teasers = "".join(
        f'<div class="hdl"><a href="/doc/{i}{k}">The {TOPICS[(i + k) % 8]} affair of {w} '
        f'and its lessons</a></div><div class="blurb"><span>Writer {w}{k}</span> | Why '
        f"the {TOPICS[(i + k + 2) % 8]} of {w} matters to the {TOPICS[(i + k + 3) % 8]} "
        f"now, said in a few more lines than the headline.</div>"
        for k in range(4)
    )
    html = f"""<html><head><title>Page {i}</title></head><body>
<table><tr><td class="col">{teasers}</td>
<td class="story"><h1>Story {i}</h1>{_story(i, 6)}</td></tr></table></body></html>"""
    return Page(url=f"https://few.example/{i:03d}.html", html=html)


def test_a_teaser_column_away_from_the_story_goes() -> None:
    pages = [_teaser_page(i) for i in range(3)]
    for i, result in enumerate(_clean(pages)):
        text = _text(result)
        assert "Paragraph 5 of story" in text, i
        for gone in ("affair of", "matters to the", "Writer"):
            assert gone not in text, (i, gone)
        assert any(r.representation == "teaser links" for r in result.removed), i


def _question_page(i: int) -> Page:
    # a thread: the question (its text, its tag links) and its comments (each with its
    # writer's link) are outside the longest answer
    w = _word(i)
    tags = " ".join(f'<a href="/tags/{t}">{t}</a>' for t in TOPICS[i % 3 : i % 3 + 5])
    comments = "".join(
        f'<li><span class="copy">I tried the {TOPICS[(k + i) % 8]} setting of {w} again and it '
        f'worked on try {_word(k)}{"<b>!</b>" * ((k + i) % 2)}</span> – <a href="/users/{k}{i}">someuser{w}{k}</a></li>'
        for k in range(3 + i)
    )
    html = f"""<html><head><title>Question {i}</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/questions">Questions</a> <a href="/tags">Tags</a></div>
<div id="question"><h1>How do I reset the {TOPICS[i % 8]} of {w}?</h1>
<div class="post"><p>Does the {TOPICS[i % 8]} reset of {w} keep my data, or must I save it?</p>
{"".join(f"<p>I use version {w}{k} of it.</p>" for k in range(i))}<div class="tags">{tags}</div></div><ul class="comments">{comments}</ul></div>
<div id="answers"><div class="answer">{_story(i, 8)}</div></div></body></html>"""
    return Page(url=f"https://qa.example/q/{i:03d}", html=html)


def test_a_question_and_its_comments_beside_the_answer_stay() -> None:
    pages = [_question_page(i) for i in range(3)]
    for i, result in enumerate(_clean(pages)):
        text = _text(result)
        assert "or must I save it?" in text, i
        assert not any(r.representation == "teaser links" for r in result.removed), i
    # comments, each with its writer's name linked, are no column of teasers
    comments = parse_html(pages[2].html).find(".//ul")
    assert comments is not None and not _teaser_column(comments)


# ------------------------------------------------------------------ date lines


def _dated_page(i: int) -> Page:
    html = f"""<html><head><title>Report {i}</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/world">World</a> <a href="/about">About</a></div>
<div id="main"><h1>Report number {i} on the {TOPICS[i % 8]}</h1>
<div id="story"><p class="date">Published January 19, 2015 / Associated Press</p>
{_story(i, 6)}<p class="mod">This page last modified on 2015-01-19 10:00 UTC</p></div></div>
<div id="foot"><a href="/terms">Terms</a> <a href="/privacy">Privacy</a></div></body></html>"""
    return Page(url=f"https://wire.example/r/{i:03d}", html=html)


def test_a_date_line_many_pages_share_stays_in_the_story() -> None:
    pages = [_dated_page(i) for i in range(8)]
    for i, result in enumerate(_clean(pages)):
        text = _text(result)
        assert "Published January 19, 2015 / Associated Press" in text, i
        assert "Paragraph 5 of story" in text, i
        # a date line at the end of the text, after all of it, is still the template's
        assert "last modified" not in text, i


# ------------------------------------------------------------------ framesets


FRAMESET = """<html><head><title>Frames</title></head><frameset cols="20%,80%">
<frame src="menu.html"><frame src="main.html"><noframes><body bgcolor="#000000">
{inner}</body></noframes></frameset></html>"""


def test_a_frameset_pages_text_is_never_markup() -> None:
    empty = parse_html(FRAMESET.format(inner=""))
    assert "<" not in cleaned_text(empty)
    said = parse_html(FRAMESET.format(inner="<p>Your browser has <b>no frames</b> &amp; more</p>"))
    assert " ".join(cleaned_text(said).split()) == "Your browser has no frames & more"
    pages = [
        Page(url=f"https://frames.example/{i}.html", html=FRAMESET.format(inner=""))
        for i in range(3)
    ]
    pages += [
        Page(
            url=f"https://frames.example/p{i}.html",
            html=f"<html><body>{_story(i, 3)}</body></html>",
        )
        for i in range(3)
    ]
    for result in _clean(pages):
        assert "<" not in result.cleaned_text and "bgcolor" not in result.cleaned_text
