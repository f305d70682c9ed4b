"""The cleaner tells the site's frame from the content slot on synthetic sites of other kinds
than documentation: a forum whose posts repeat across threads, a shop with per-page cross-sell
blocks under a stable label, a DocBook manual's chapter headings."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import CleanResult, Page

WORDS = [
    "kernel",
    "driver",
    "mount",
    "printer",
    "wifi",
    "sound",
    "screen",
    "keyboard",
    "update",
    "grub",
    "network",
    "boot",
    "disk",
    "swap",
    "cursor",
    "panel",
    "shell",
    "python",
    "laptop",
    "battery",
]

STANDARD_REPLY = "Please mark the thread as solved when your problem is fixed, it helps others."
ANNOUNCEMENT = "The forum will be read-only on Sunday night while the servers are moved."
SIGNATURE = "Running Ubuntu 22.04 on a ThinkPad; be kind to newcomers."


def _forum_page(i: int) -> Page:
    topic = WORDS[i % len(WORDS)]
    posts = [
        ("alice", f"My {topic} stopped working after the upgrade number {i}, what can I try?"),
        ("bob", f"Check the {topic} log first and post the output of the command here."),
    ]
    if i % 4 == 0:
        posts.append(("moderator", STANDARD_REPLY))
    if i % 5 == 1:
        posts.insert(1, ("system", ANNOUNCEMENT))
    body = []
    for n, (who, text) in enumerate(posts):
        sig = f'<div class="signature">{SIGNATURE}</div>' if who == "bob" and i % 3 == 0 else ""
        body.append(
            f'<li class="post" id="post_{i}_{n}"><div class="author"><a href="/u/{who}">{who}</a>'
            f'<span>Join date {2010 + n}</span></div><div class="message"><p>{text}</p>'
            f"<p>Thread {i} reply {n} about {topic} and {WORDS[(i + n) % len(WORDS)]}.</p></div>{sig}"
            f'<div class="controls"><a href="/reply">Reply</a> <a href="/quote">Quote</a></div></li>'
        )
    html = f"""<html><head><title>{topic.title()} problem {i} - Forums</title></head><body>
<div id="header"><a href="/">Forums</a> <a href="/faq">FAQ</a> <a href="/members">Members</a>
<a href="/search">Search</a></div>
<div class="breadcrumb"><a href="/">Home</a> &gt; <a href="/hw">Hardware</a> &gt; {topic.title()} problem {i}</div>
<div id="content"><h1>{topic.title()} problem {i}</h1><ol class="posts">{"".join(body)}</ol></div>
<div class="rules"><h3>Posting rules</h3><ul><li>You may post new threads</li><li>You may post replies</li></ul></div>
<div id="footer"><a href="/contact">Contact us</a> <a href="/top">Top</a> Forum software by vB</div>
</body></html>"""
    return Page(url=f"https://forum.example/thread/{i:03d}", html=html)


@pytest.fixture(scope="module")
def forum() -> tuple[list[Page], list[CleanResult]]:
    pages = [_forum_page(i) for i in range(40)]
    return pages, list(DomainCleaner().fit(pages).transform(pages))


def test_forum_posts_repeated_across_threads_are_kept(
    forum: tuple[list[Page], list[CleanResult]],
) -> None:
    pages, results = forum
    for i, result in enumerate(results):
        text = result.cleaned_text
        topic = WORDS[i % len(WORDS)]
        assert f"My {topic} stopped working" in text
        assert f"Thread {i} reply 1 about {topic}" in text
        assert (STANDARD_REPLY in text) == (i % 4 == 0), result.url
        assert (ANNOUNCEMENT in text) == (i % 5 == 1), result.url
        # a signature (shorter than a sentence, on every post of its member) may go either
        # way: the ground truth of the forum sites scores it neither way
        assert f"{topic.title()} problem {i}" in text


def test_forum_frame_goes(forum: tuple[list[Page], list[CleanResult]]) -> None:
    for result in forum[1]:
        text = result.cleaned_text
        for frame in (
            "FAQ",
            "Members",
            "Posting rules",
            "You may post replies",
            "Contact us",
            "Forum software",
        ):
            assert frame not in text, (frame, result.url)


CROSS_SELL = ["Recommendations", "Also available", "Other formats"]
BOOKS = [
    f"{a} {b}"
    for a in ("Silent", "Hidden", "Broken", "Golden", "Last")
    for b in ("River", "Garden", "Crown", "Letter", "Winter", "Harbour")
]


def _shop_page(i: int) -> Page:
    title = BOOKS[i]
    blocks = []
    for k, label in enumerate(CROSS_SELL):
        if (i + k) % 3 == 2:
            continue  # not every page has every block
        items = "".join(
            f'<li><a href="/book/{(i + 7 * k + j) % 30}">{BOOKS[(i + 7 * k + j) % 30]}</a></li>'
            for j in range(1 + (i + k) % 4)
        )
        blocks.append(f'<div class="block"><h3>{label}</h3><ul>{items}</ul></div>')
    html = f"""<html><head><title>{title} - Book Shop</title></head><body>
<div class="top"><a href="/">Book Shop</a> <a href="/cart">Cart</a> <a href="/account">Account</a></div>
<div class="product">
  <h1>{title}</h1>
  <div class="tabs"><ul><li><a href="#o">Overview</a></li><li><a href="#d">Details</a></li></ul></div>
  <div class="buy"><span class="price">{10 + i}.99</span> <button>Add to Cart</button></div>
  <div class="block"><h3>Description</h3><p>{title} is a novel about a family by the {title.split()[1].lower()} in
  the year {1900 + i}; it follows three generations through war and peace.</p>
  <p>Critics called {title} a quiet book of {200 + 13 * i} pages that stays with you.</p>
  <p>{"A second printing followed in the spring." if i % 2 else "It was written in a single winter."}</p></div>
  <table class="specs"><tr><td>Format:</td><td>{"Paperback" if i % 2 else "Hardcover"}</td></tr>
  <tr><td>Publisher:</td><td>House {WORDS[i % 20].title()}</td></tr></table>
  {"".join(blocks)}
</div>
<div class="footer"><a href="/help">Help</a> <a href="/returns">Returns</a> Secure shopping</div>
</body></html>"""
    return Page(url=f"https://books.example/book/{i:02d}", html=html)


def test_shop_cross_sell_blocks_with_a_stable_label_are_frame() -> None:
    pages = [_shop_page(i) for i in range(30)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results):
        text = result.cleaned_text
        title = BOOKS[i]
        assert title in text and "is a novel about a family" in text
        assert f"a quiet book of {200 + 13 * i} pages" in text
        assert "Paperback" in text or "Hardcover" in text
        for label in CROSS_SELL:
            assert label not in text, (label, result.url)
        others = [b for b in BOOKS if b != title and b not in title]
        assert not [b for b in others if b in text], result.url
        for frame in ("Add to Cart", "Account", "Returns"):
            assert frame not in text, (frame, result.url)
        removed = {r.detector for r in result.removed}
        assert "label" in removed


def _docbook_page(n: int, section: int | None) -> Page:
    prev_n = n - 1
    nav = (
        '<div class="navheader"><table><tr><th colspan="3">'
        + (f"第 {n} 章 题目{n}" if section is not None else "Debian 参考手册")
        + f'</th></tr><tr><td><a accesskey="p" href="ch{prev_n:02d}.html">上一页</a></td>'
        f'<td><a accesskey="n" href="ch{n + 1:02d}.html">下一页</a></td></tr></table></div>'
    )
    if section is None:  # a chapter page: its heading and a table of contents
        heading = f"第 {n} 章 题目{n}"
        toc = "".join(
            f'<dt><a href="ch{n:02d}s{k:02d}.html">{n}.{k}. 小节{k}甲乙</a></dt>'
            for k in range(1, 6)
        )
        body = (
            f'<div class="chapter"><div class="titlepage"><div><div><h1 class="title"><a name="ch{n}"></a>{heading}</h1>'
            f'</div></div></div><div class="toc"><p><b>目录</b></p><dl class="toc">{toc}</dl></div>'
            f"<p>本章介绍主题{n}的基础知识。</p></div>"
        )
        title = heading
    else:
        heading = f"{n}.{section}. 小节{section}的内容{n}"
        body = (
            f'<div class="section"><div class="titlepage"><div><div><h2 class="title"><a name="s{n}{section}"></a>{heading}</h2>'
            f"</div></div></div><p>{'这一节详细说明了配置文件的写法和常见的错误。' * (2 + section)}第{n}章第{section}节。</p></div>"
        )
        title = heading
    html = (
        f"<html><head><title>{title}</title></head><body>{nav}{body}"
        f'<div class="navfooter"><table><tr><td><a href="ch{prev_n:02d}.html">上一页</a></td>'
        f'<td><a href="index.html">起始页</a></td></tr></table></div></body></html>'
    )
    name = f"ch{n:02d}.html" if section is None else f"ch{n:02d}s{section:02d}.html"
    return Page(url=f"https://ref.example/{name}", html=html)


def test_docbook_chapter_headings_are_content() -> None:
    pages = [_docbook_page(n, s) for n in range(1, 13) for s in (None, 1, 2, 3)]
    results = {r.url: r for r in DomainCleaner().fit(pages).transform(pages)}
    for n in range(1, 13):
        chapter = results[f"https://ref.example/ch{n:02d}.html"].cleaned_text
        assert f"第 {n} 章 题目{n}" in chapter
        assert "下一页" not in chapter and "起始页" not in chapter
        for s in (1, 2, 3):
            text = results[f"https://ref.example/ch{n:02d}s{s:02d}.html"].cleaned_text
            assert f"{n}.{s}. 小节{s}的内容{n}" in text
            assert "下一页" not in text


def test_a_site_too_small_to_learn_from_falls_back_to_the_page_extractor_and_says_so() -> None:
    pages = [_forum_page(i) for i in range(3)]
    plain = list(DomainCleaner().fit(pages).transform(pages))
    assert all(r.content.get("method") == "site" for r in plain)
    results = list(DomainCleaner(page_fallback=True).fit(pages).transform(pages))
    for i, result in enumerate(results):
        assert result.status == "ok"
        assert result.content["method"] == "page"
        assert "3 pages, too few" in result.content["reason"]
        assert f"Thread {i} reply 1 about" in result.cleaned_text
        assert "Posting rules" not in result.cleaned_text
    # enough pages: the site-level cleaner, whatever the option
    many = [_forum_page(i) for i in range(8)]
    methods = {
        r.content["method"] for r in DomainCleaner(page_fallback=True).fit(many).transform(many)
    }
    assert methods == {"site"}


def test_each_result_says_which_content_slot_was_taken_and_why(
    forum: tuple[list[Page], list[CleanResult]],
) -> None:
    for result in forum[1]:
        content = result.content
        assert content["method"] == "site"
        # the thread's posts, widened from the post holding most text to the whole list
        assert content["slot"].startswith("/html/body/div[3]"), content
        assert content["reason"]
        assert result.to_dict()["content"] == content


def _sphinx_page(i: int, index: str | None) -> Page:
    side = (
        '<div class="sphinxsidebar"><h3>Navigation</h3><ul>'
        + "".join(f'<li><a href="/p{k}.html">Page {WORDS[k]}</a></li>' for k in range(6))
        + "</ul></div>"
    )
    if index is None:
        body = (
            f"<h1>The {WORDS[i % 20]} module</h1>"
            f"<p>The {WORDS[i % 20]} module reads {WORDS[(i + 3) % 20]} settings and writes"
            f" them back in page {i}, keeping the order of keys.</p>"
            f"<p>It raises an error when the {WORDS[(i + 5) % 20]} is missing.</p>"
        )
    else:
        # an alphabetical index: the entries in two alike table columns, mostly links
        cols = []
        for c in range(2):
            items = "".join(
                f'<li><a href="/p{k}.html">{index}{WORDS[(k + c) % 20]}()</a>'
                f" (in module {WORDS[(k * 3 + c) % 20]})</li>"
                for k in range(4 + 12 * c)
            )
            cols.append(f"<td><ul>{items}</ul></td>")
        body = f"<h1>Index – {index}</h1><table><tr>{''.join(cols)}</tr></table>"
    html = f"""<html><head><title>Docs page {i}</title></head><body>
<div class="related"><a href="/genindex.html">index</a> <a href="/modules.html">modules</a></div>
<div class="document"><div class="body">{body}</div></div>{side}
<div class="footer">Copyright the authors. Built with a generator.</div></body></html>"""
    return Page(url=f"https://docs.example/p{i:02d}.html", html=html)


def test_an_index_in_alike_columns_is_content_as_a_whole() -> None:
    pages = [_sphinx_page(i, None) for i in range(24)] + [
        _sphinx_page(30 + n, letter) for n, letter in enumerate("ABCDEFGH")
    ]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for page, result in zip(pages[24:], results[24:], strict=True):
        text = result.cleaned_text
        # both columns of entries stay, the site's navigation goes
        letter = page.html.split("<h1>Index – ")[1][0]
        for word in (WORDS[0], WORDS[3], WORDS[10]):
            assert f"{letter}{word}()" in text, (word, page.url)
        assert "Navigation" not in text and "Built with a generator" not in text, page.url
        assert "alike columns" in result.content["reason"], result.content


def _qa_page(i: int) -> Page:
    topic = WORDS[i % 20]
    comments = "".join(
        f'<tr class="comment"><td class="comment-text"><span>Did you try to reset the {topic}'
        f" from the menu {i}-{k}? It worked for me on another phone.</span> – "
        f'<a class="comment-user" href="/users/{k}">user{k}</a></td></tr>'
        for k in range(1 + i % 3)
    )
    answer = " ".join(
        f"Step {n}: open the settings of the {WORDS[(i + n) % 20]} and clear its cache."
        for n in range(12)
    )
    html = f"""<html><head><title>How do I fix my {topic} ({i})? - Q&amp;A</title></head><body>
<div class="topbar"><a href="/">Q&amp;A</a> <a href="/questions">Questions</a> <a href="/tags">Tags</a></div>
<div id="question"><p>My {topic} stops after the update {i}.</p>
<div class="comments"><table>{comments}</table></div></div>
<div id="answers"><div class="answer"><div class="post-text"><p>{answer}</p></div></div></div>
<div class="footer"><a href="/about">about</a> <a href="/legal">legal</a></div>
</body></html>"""
    return Page(url=f"https://qa.example/q/{i}", html=html)


def test_comments_beside_the_main_content_are_not_a_template_frame() -> None:
    # the long answer is the main content; the comments under the question have the same
    # shape on every page, but they are sentences, not a template's bar
    pages = [_qa_page(i) for i in range(20)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results):
        assert f"from the menu {i}-0?" in result.cleaned_text, result.url
        assert "Questions" not in result.cleaned_text and "legal" not in result.cleaned_text


def _texinfo_page(i: int) -> Page:
    """A page of a Texinfo manual (makeinfo's HTML): the Previous/Next bar above the section,
    inside the section's div, and the same bar again below it; each variable's description
    starts with its default value."""
    bar = (
        '<div class="header"><p>Next: <a href="m_{n}.html" rel="next">Topic {n}</a>, '
        'Previous: <a href="m_{p}.html" rel="prev">Topic {p}</a>, Up: <a href="m_0.html">Part</a> '
        '[<a href="toc.html">Contents</a>][<a href="idx.html">Index</a>]</p></div>'
    ).format(n=i + 1, p=i - 1)
    entries = "".join(
        f'<dl class="def"><dt>System variable: <strong>var{i}_{k}</strong></dt><dd>'
        f"<p>Default value: {'false' if k % 2 else '0'}</p>"
        f"<p>When var{i}_{k} is set, the solver number {i} prints step {k} of its work and "
        f"explains how topic {i} differs from the others in case {k}.</p></dd></dl>"
        for k in range(3)
    )
    html = (
        f'<html><body lang="en"><div class="section" id="s{i}">{bar}'
        f'<h3 class="section">{i}.1 Functions and variables for topic {i}</h3>{entries}</div>'
        f"<hr>{bar}</body></html>"
    )
    return Page(f"http://manual.test/m_{i}.html", html)


def test_texinfo_default_values_stay_and_the_bar_inside_the_section_goes_with_its_twin() -> None:
    pages = [_texinfo_page(i) for i in range(1, 13)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results, 1):
        text = result.cleaned_text
        # each description's first line is the entry's, though every page says it
        assert text.count("Default value: 0") == 2 and text.count("Default value: false") == 1
        assert f"When var{i}_0 is set" in text
        # the navigation bar goes above the section as well as below it
        assert "[Contents][Index]" not in text and "Previous: Topic" not in text, text
        assert f"Functions and variables for topic {i}" in text


STYLES = ("lines", "points", "boxes", "steps", "dots", "arrows", "circles")


def _latex2html_page(i: int, short: bool = False) -> Page:
    """A page of a LaTeX2HTML manual (gnuplot's): no container, the body is the content; the
    same navigation panel above and below the section; paragraphs are text between unclosed
    <P> marks, and "Syntax:" and "Examples:" are paragraphs of their own before listings."""
    panel = (
        '<DIV CLASS="navigation"><A HREF="node{n}.html"><IMG ALT="next" SRC="next.png"></A>'
        '<A HREF="node0.html"><IMG ALT="up" SRC="up.png"></A><BR>'
        '<B> Next:</B> <A HREF="node{n}.html">Command {n}</A> '
        '<B> Up:</B> <A HREF="node0.html">Commands</A> '
        '<B> Previous:</B> <A HREF="node{p}.html">Command {p}</A> '
        '&nbsp; <B><A HREF="index.html">Index</A></B><BR></DIV>'
    ).format(n=i + 1, p=i - 1)
    if short:  # a section that only lists its subsections, with the panel above it only
        return Page(
            f"http://gnuplot.test/node{i}.html",
            f"<HTML><HEAD><TITLE>Sampling</TITLE></HEAD><BODY>{panel}\n<H2>Sampling</H2>"
            '<BR><HR><A ID="CHILD_LINKS"><STRONG>Subsections</STRONG></A><UL CLASS="ChildLinks">'
            '<LI><A HREF="a.html">1D sampling</A><LI><A HREF="b.html">2D sampling</A></UL>'
            "</BODY></HTML>",
        )
    else:
        body = (
            f"<H1><A ID='s{i}'>Command {i}</A></H1>\n<A ID='c{i}'></A>"
            f"The <B>command{i}</B> sets how the plot number {i} draws its axes; with no "
            f"option it draws them as the terminal {i} would, and the option {i} changes the "
            "tics.\n<P>\nSyntax:\n<P>\n<PRE>\n   command{i} [option] {x|y}\n</PRE>\n"
            f"<P>\nThe option takes the values {STYLES[i % 7]} or {STYLES[(i + 3) % 7]}.\n"
            "<P>\nExamples:\n"
            f"<PRE>\n   command{i} x {i}\n   command{i} y\n</PRE>\n"
        ).replace("{i}", str(i))
    html = (
        f"<HTML><HEAD><TITLE>Command {i}</TITLE></HEAD><BODY>{panel}\n{body}<BR><HR>{panel}"
        "</BODY></HTML>"
    )
    return Page(f"http://gnuplot.test/node{i}.html", html)


def test_latex2html_labels_stay_and_the_navigation_panels_go() -> None:
    pages = [_latex2html_page(i) for i in range(1, 15)] + [_latex2html_page(20, short=True)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results[:-1], 1):
        text = result.cleaned_text
        # the labels every page says are lines of the section, between its own text
        assert text.count("Syntax:") == 1 and text.count("Examples:") == 1, text
        assert f"command{i} [option]" in text and f"values {STYLES[i % 7]} or" in text
        # the panel above and below the section goes, though the content is the whole body
        assert "Next:" not in text and "Previous:" not in text and "Up:" not in text, text
        assert f"Command {i}" in text  # the heading stays
    # a section with next to no text of its own (the panel holds most of it): the panel is
    # not taken for its content, and goes
    short = results[-1].cleaned_text
    assert short.startswith("Sampling") and "2D sampling" in short and "Next:" not in short, short


def _numbered_chapter_page(i: int) -> Page:
    topic = WORDS[i % len(WORDS)]
    sections = "".join(
        f'<h3 id="s{n}"><div class="title-name">{i}.{n + 1} {title}</div>'
        f'<div class="anchors"><a href="#s{n}">link</a></div></h3>'
        f"<p>The {topic} chapter {i} says in its section {n} how the {title.lower()} of the"
        f" {WORDS[(i + n) % len(WORDS)]} is set up, step by step, with care.</p>"
        for n, title in enumerate(["Introduction", "Prerequisites", f"Using the {topic}"])
    )
    html = f"""<html><head><title>{i} {topic.title()}</title></head><body>
<div id="leftnav"><a href="/">Top</a> <a href="/a.html">Applications</a> <a href="/b.html">Basics</a></div>
<div id="content"><h1>{i} The {topic}</h1>
<h3 id="toc">Contents</h3><ul><li><a href="#s0">Introduction</a></li>
<li><a href="#s1">Prerequisites</a></li></ul>{sections}</div>
<div class="footer">Copyright 1997-2026 The Authors</div></body></html>"""
    return Page(url=f"https://manual.example/ch{i:02d}.html", html=html)


def test_numbered_section_headings_the_chapters_share_stay() -> None:
    pages = [_numbered_chapter_page(i) for i in range(1, 31)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results, start=1):
        text = result.cleaned_text
        assert f"{i}.1 Introduction" in text, result.url
        assert f"{i}.2 Prerequisites" in text, result.url
        assert "Copyright 1997-2026" not in text, result.url


def _archive_page(i: int) -> Page:
    """A news archive of two templates: two thirds of the pages are of the old one; on the new
    one, half the stories are short beside a column of teasers with their summaries."""
    topic = WORDS[i % len(WORDS)]
    if i % 3:
        html = f"""<html><head><title>Old {i}</title></head><body><table><tr>
<td class="menu"><a href="/">Home</a> <a href="/w">World</a></td>
<td class="story"><h2>Old story {i}</h2><p>{f"The {topic} story {i} of the old site. " * 20}</p></td>
</tr></table></body></html>"""
    else:
        length = 30 if i % 2 else 8
        teasers = "".join(
            f'<li><a href="/s/{i}/{n}">Teaser {n} of {i}</a><p>Summary of the {WORDS[(i + n) % 20]}'
            f" teaser {n} for page {i}, told at some length here.</p></li>"
            for n in range(6)
        )
        html = f"""<html><head><title>New {i}</title></head><body><div id="page">
<div id="story"><h1>New story {i}</h1><p>{f"The {topic} story {i} of the new site. " * length}</p></div>
<div id="teasers"><ul>{teasers}</ul></div></div></body></html>"""
    return Page(url=f"https://archive.example/{i:03d}.html", html=html)


def test_a_template_of_a_site_of_several_has_its_own_content_place() -> None:
    pages = [_archive_page(i) for i in range(60)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    short_new = [r for i, r in enumerate(results) if i % 3 == 0 and i % 2 == 0]
    assert short_new
    for result in short_new:
        # the story alone is the content, not the column of teasers beside it
        assert result.content["slot"].startswith("/html/body/div/div[1]"), (
            result.url,
            result.content,
        )


def _help_page(i: int) -> Page:
    topic = WORDS[i % len(WORDS)]
    html = f"""<html><head><title>Help: {topic} {i}</title></head><body>
<h1>Help: {topic} {i}</h1><a name="top"></a><a href="index.html">main help file</a>
<hr><pre>*{topic}{i}.txt*  For the editor.
The {topic} command number {i} moves the <a href="#x">{WORDS[(i + 1) % 20]}</a> cursor.
It is set with the {WORDS[(i + 2) % 20]} option and reset with {WORDS[(i + 3) % 20]} {i}.
<a href="#top">top</a> - <a href="index.html">main help file</a></pre></body></html>"""
    return Page(url=f"https://help.example/{topic}{i}.html", html=html)


def test_a_link_loose_in_the_body_on_every_page_goes() -> None:
    pages = [_help_page(i) for i in range(30)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results):
        lines = result.cleaned_text.splitlines()
        assert "main help file" not in lines, result.url  # the loose link between the blocks
        assert f"The {WORDS[i % 20]} command number {i} moves the" in result.cleaned_text
        assert any(r.xpath == "/html/body/a[2]" for r in result.removed), result.url


def _note_page(i: int) -> Page:
    topic = WORDS[i % len(WORDS)]
    html = f"""<html><head><title>{topic} {i}</title></head><body>
<div class="related"><a href="/">Docs</a> <a href="/genindex.html">Index</a></div>
<div class="body"><section><h1>The {topic} option {i}</h1>
<p>The {topic} option {i} sets how the {WORDS[(i + 1) % 20]} behaves when it starts.</p>
<div class="admonition note"><p class="admonition-title">Note</p>
<p>Setting {topic} {i} twice keeps the {WORDS[(i + 2) % 20]} value of the last one.</p></div>
<div class="admonition seealso"><p class="admonition-title">See also</p>
<p><a href="/{topic}/{i}/more.html">More about the {topic} option {i} and its {WORDS[(i + 3) % 20]}</a></p></div>
</section></div><div class="footer">Built with the documentation tool.</div></body></html>"""
    return Page(url=f"https://docs.example/{topic}{i}.html", html=html)


def test_a_box_label_that_every_page_shares_stays_over_its_text() -> None:
    pages = [_note_page(i) for i in range(30)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results):
        lines = result.cleaned_text.splitlines()
        assert "Note" in lines and "See also" in lines, (result.url, lines)
        assert f"More about the {WORDS[i % 20]} option {i}" in result.cleaned_text
        assert "Built with the documentation tool." not in result.cleaned_text


def _story_with_teasers(i: int) -> Page:
    topic = WORDS[i % len(WORDS)]
    teasers = "".join(
        f'<li><a href="/s/{i + n}.html">{WORDS[(i + n) % 20].title()} team wins game {i + n}</a>'
        f"<p>The {WORDS[(i + n + 1) % 20]} side kept rolling along on day {n}.</p></li>"
        for n in range(4)
    )
    html = f"""<html><head><title>{topic} {i}</title></head><body>
<div id="top"><a href="/">News</a> <a href="/sport">Sport</a></div>
<div id="page"><div id="main"><div id="story"><h1>The {topic} story {i}</h1>
<p>{f"The {topic} report {i} tells what happened to the {WORDS[(i + 2) % 20]}. " * 12}</p></div>
</div><div id="side"><div class="box"><h3>Headlines</h3><ul>{teasers}</ul></div></div></div>
</body></html>"""
    return Page(url=f"https://paper.example/{i:03d}.html", html=html)


def test_a_titled_list_of_teasers_away_from_the_story_goes() -> None:
    pages = [_story_with_teasers(i) for i in range(30)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results):
        assert "Headlines" not in result.cleaned_text, result.url
        assert f"team wins game {i + 1}" not in result.cleaned_text, result.url
        assert f"The {WORDS[i % 20]} report {i} tells what happened" in result.cleaned_text


def _product_page(i: int) -> Page:
    name = f"{WORDS[i % 20].title()} stool {i}"
    html = f"""<html><head><title>{name} | Shop</title></head><body>
<header><a href="/">Shop</a> <a href="/all">All products</a> <a href="/about">About</a></header>
<main><div class="product"><h1>{name}</h1>
<p class="description">A {WORDS[i % 20]} stool number {i}, made of {WORDS[(i + 5) % 20]} wood by hand.</p>
<h2>Dimensions</h2><table class="specs"><tr><td>Width</td><td>{40 + i % 9} cm</td></tr>
<tr><td>Depth</td><td>{30 + i % 7} cm</td></tr><tr><td>Weight</td><td>{i % 9 + 1} kg</td></tr></table>
<h2>Related</h2><ul><li><a href="/p/1">Oak chair</a></li><li><a href="/p/2">Pine table</a></li></ul>
</div></main><footer>© 2025 Shop Ltd · <a href="/terms">Terms</a></footer></body></html>"""
    return Page(url=f"https://shop.example/p/{i}.html", html=html)


def test_a_section_under_its_heading_stays_when_only_its_numbers_change() -> None:
    pages = [_product_page(i) for i in range(30)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results):
        text = result.cleaned_text
        assert "Dimensions" in text and f"{40 + i % 9} cm" in text and "Weight" in text, text
        assert "Oak chair" not in text and "© 2025 Shop Ltd" not in text, text


def _class_page(i: int) -> Page:
    name = f"Lib::{WORDS[i % 20].title()}{i}"
    html = f"""<html><head><title>Lib: API: {name} Class Reference</title></head><body>
<div id="top"><a href="/">Main page</a> <a href="/classes.html">Classes</a> <a href="/files.html">Files</a></div>
<div class="header"><div class="summary"><a href="#pub">Public Member Functions</a> |
<a href="{i}-members.html">List of all members</a></div>
<div class="headertitle"><div class="title">{name} Class Reference</div></div></div>
<div class="contents"><div class="dyncontent"><img src="class{i}__graph.png" alt="Inheritance graph">
<a href="#legend">[legend]</a></div>
<p>{f"The {name} class keeps the {WORDS[(i + 1) % 20]} of the index. " * 3}</p>
<p>{f"Its {WORDS[(i + 2) % 20]} member {i} is set once and read many times. " * 3}</p>
<p>{f"Copies of {name} share the {WORDS[(i + 3) % 20]} of the first one. " * 3}</p></div>
<address class="footer">Generated by the documentation tool</address></body></html>"""
    return Page(url=f"https://api.example/class{i}.html", html=html)


def test_a_class_pages_title_and_its_diagram_stay() -> None:
    pages = [_class_page(i) for i in range(30)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results):
        assert f"{WORDS[i % 20].title()}{i} Class Reference" in result.cleaned_text, result.url
        assert f"class{i}__graph.png" in (result.cleaned_html or ""), result.url
        assert "Generated by the documentation tool" not in result.cleaned_text


def _news_story(i: int) -> Page:
    """A story page of a news site: a photo with its caption and a pull quote in the story, a
    video playlist (thumbnails, durations, links to other videos) in the story's block, and a
    sidebar box of sponsored links under a fixed label. Only two pages have a video: too few
    for its place to be learnt as the site's."""
    topic = WORDS[i % len(WORDS)]
    videos = "".join(
        f'<li class="item"><a href="/video/{i + n}.html"><div class="order">{n + 1}</div>'
        f'<div class="thumb"><img src="/img/v{i + n}.jpg" alt=""><p>{n % 5}:{10 + n}</p></div>'
        f"<p>The {WORDS[(i + n) % 20]} clip number {i + n} of the week</p></a></li>"
        for n in range(6)
    )
    ads = "".join(
        f'<li><a href="http://ads.example/{i}/{n}">{WORDS[(i + n) % 20].title()} deals {i + n} today</a>'
        f"<p>Save on {WORDS[(i + n + 3) % 20]} and more, order now and get it by Friday.</p></li>"
        for n in range(3)
    )
    player = (
        '<div class="player"><div class="wrap"><div class="screen">Now watching</div>'
        f'<ul class="playlist">{videos}</ul></div></div>'
    )
    quote = (
        f'<table align="right"><tr><td><img src="/f/startquote.gif"><div>The {topic} was '
        f'never meant to last {i} days</div><img src="/f/endquote.gif"></td></tr></table>'
    )
    figure = (
        f'<div class="inlineimage"><img src="/img/{i}.jpg" alt=""><div class="caption"><small>'
        f"The {WORDS[(i + 4) % 20]} crew at work on site {i}</small></div></div>"
    )
    paragraphs = "".join(
        f"<p>{f'The {topic} report {i} part {n} tells what happened to the {WORDS[(i + n) % 20]}. ' * 3}</p>"
        for n in range(5)
    )
    html = f"""<html><head><title>The {topic} story {i}</title></head><body>
<div id="top"><a href="/">News</a> <a href="/world">World</a> <a href="/sport">Sport</a></div>
<div id="page"><div id="main"><div class="book"><h1>The {topic} story {i}</h1>
{player if i % 15 == 0 else ""}
<div class="photo"><a href="/photos/{i}.html"><img src="/img/big{i}.jpg" alt=""> </a>
<cite>AP – The {WORDS[(i + 6) % 20]} hall seen from the river on day {i}</cite></div>
<div class="body">{figure}{paragraphs[: len(paragraphs) // 2]}{quote}{paragraphs[len(paragraphs) // 2 :]}</div>
</div></div>
<div id="side"><div id="sponsored"><div class="hd">Sponsored Links</div><div class="bd"><ul>{ads}</ul></div></div></div>
</div></body></html>"""
    return Page(url=f"https://paper.example/story/{i:03d}.html", html=html)


@pytest.fixture(scope="module")
def news() -> list[CleanResult]:
    pages = [_news_story(i) for i in range(30)]
    return list(DomainCleaner().fit(pages).transform(pages))


def test_a_photo_caption_in_the_story_goes_and_a_pull_quote_stays(
    news: list[CleanResult],
) -> None:
    for i, result in enumerate(news):
        text = result.cleaned_text
        assert f"crew at work on site {i}" not in text, result.url
        assert f"hall seen from the river on day {i}" not in text, result.url  # beside the story
        assert any(r.detector == "figure" for r in result.removed), result.url
        assert f"was never meant to last {i} days" in text, result.url  # two quote images
        assert f"The {WORDS[i % 20]} report {i} part 0 tells" in text, result.url
        assert f"The {WORDS[i % 20]} report {i} part 4 tells" in text, result.url


def test_a_video_playlist_beside_the_story_goes(news: list[CleanResult]) -> None:
    for i, result in enumerate(news):
        if i % 15:
            continue
        text = result.cleaned_text
        assert f"clip number {i + 2} of the week" not in text, result.url
        assert "Now watching" not in text, result.url
        assert f"The {WORDS[i % 20]} story {i}" in text, result.url  # the headline stays


def test_a_box_of_links_under_the_sites_fixed_label_goes(news: list[CleanResult]) -> None:
    for i, result in enumerate(news):
        text = result.cleaned_text
        assert "Sponsored Links" not in text, result.url
        assert f"deals {i + 1} today" not in text and "order now" not in text, result.url


def _saved_story(i: int) -> Page:
    """A news archive where one story was saved four times (pages 0, 10, 20 and 25): the
    same paragraphs on four pages, at a place where the other pages have their own, with an
    image between each two (no run of shared paragraphs)."""
    n = 0 if i in (0, 10, 20, 25) else i
    topic = WORDS[n % len(WORDS)]
    story = "".join(
        f"<p>The {topic} report {n} part {k} tells what happened to the "
        f'{WORDS[(n + k) % 20]} in the {WORDS[(n + k + 3) % 20]} town.</p><img src="/i/{k}.gif">'
        for k in range(5)
    )
    html = f"""<html><head><title>The {topic} story {n}</title></head><body>
<div id="top"><a href="/">News</a> <a href="/world">World</a> <a href="/sport">Sport</a></div>
<main><article><h1>The {topic} story {n}</h1>{story}</article></main>
<footer>© Paper Ltd · <a href="/terms">Terms</a></footer></body></html>"""
    return Page(url=f"https://paper.example/saved/{i:03d}.html", html=html)


def test_a_story_saved_on_several_pages_keeps_its_paragraphs() -> None:
    pages = [_saved_story(i) for i in range(30)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i in (0, 10, 20, 25):
        text = results[i].cleaned_text
        for k in range(5):
            assert f"The {WORDS[0]} report 0 part {k} tells" in text, (results[i].url, text)
        assert "© Paper Ltd" not in text, results[i].url
