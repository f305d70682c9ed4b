"""Listing pages that show other pages' first lines: a Q&A site's topic page of answers, each
answer's opening lines under a thumbnail, is a run of someone's text, not photos with their
captions; a blog's front page of posts keeps each post's title, its link to the post."""

from __future__ import annotations

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import CleanResult, Page

# ------------------------------------------------------------------ answers under thumbnails

#: common Chinese characters, read in turns to write clauses that differ from answer to answer
_HAN = (
    "我们这个问题时候觉得其实因为所以但是已经可以没有自己什么知道一个大家很多还是如果现在"
    "工作生活朋友学习城市电影音乐书籍历史文化国家经济技术设计公司老师学生父母孩子感情"
)


def _clause(seed: int, n: int) -> str:
    return "".join(_HAN[(seed * 7 + k * 13) % len(_HAN)] for k in range(n))


def _answer_opening(seed: int) -> str:
    # three sentences of an answer's first lines, about 90 characters, cut with an ellipsis
    return (
        f"{_clause(seed, 14)}，{_clause(seed + 1, 12)}。{_clause(seed + 2, 16)}，"
        f"{_clause(seed + 3, 10)}。{_clause(seed + 4, 18)}，{_clause(seed + 5, 9)}…"
    )


def _feed_item(page: int, n: int) -> str:
    seed = page * 10 + n
    thumb = (
        f'<img src="https://pic.example/{seed}_b.jpg" class="origin_image inline-img">'
        if n % 3 != 2
        else ""
    )
    return (
        f'<div class="feed-item"><h2><a href="/question/{seed}">问题{_clause(seed + 50, 8)}？</a>'
        '</h2><div class="entry-body"><div class="vote"><a class="count" href="#">'
        f"{100 + seed}</a></div>"
        f'<div class="author"><a href="/people/u{seed}">用户{_clause(seed + 70, 3)}</a></div>'
        f'<div class="rich-text js-collapse-body"><textarea class="content hidden">&lt;p&gt;'
        f"{_clause(seed + 90, 40)}&lt;/p&gt;&lt;p&gt;Ps. {_clause(seed + 95, 9)}&lt;/p&gt;</textarea>"
        f'<div class="zh-summary summary">{thumb}{_answer_opening(seed)}'
        f'<a href="/question/{seed}/answer/{seed}" class="toggle-expand">显示全部</a></div></div>'
        '<div class="actions"><a href="#">关注问题</a> <a href="#">添加评论</a> '
        '<a href="#">感谢</a> <a href="#">分享</a> <a href="#">收藏</a></div></div></div>'
    )


def _topic_page(page: int) -> Page:
    items = "".join(_feed_item(page, n) for n in range(8))
    html = f"""<html><head><title>话题 {page} - 问答</title></head><body>
<div id="top"><a href="/">首页</a> <a href="/topic">话题</a> <a href="/explore">发现</a>
<form><input name="q"></form></div>
<div class="main"><div class="content"><h1>话题{_clause(page + 200, 4)}</h1>
<div id="topic-top-page-list" class="feed-list">{items}</div></div>
<div class="side"><h3>相关话题</h3><a href="/topic/1">电影</a> <a href="/topic/2">音乐</a></div>
</div><div id="foot">© 2015 问答 · 京ICP证000000号 · 联系我们</div></body></html>"""
    return Page(url=f"https://qa.example/topic/{1000 + page}", html=html)


def _site(pages: list[Page]) -> list[CleanResult]:
    return list(DomainCleaner().fit(pages).transform(pages))


def test_answer_openings_under_a_thumbnail_are_no_photo_captions() -> None:
    pages = [_topic_page(p) for p in range(14)]
    for p, result in enumerate(_site(pages)):
        text = "".join(result.cleaned_text.split())
        for n in range(8):
            opening = "".join(_answer_opening(p * 10 + n).split())
            assert opening[:40] in text, (result.url, n)
        assert not any(r.detector == "figure" for r in result.removed), result.url
        assert "京ICP证" not in text, result.url  # the site's footer still goes


def _english_item(page: int, n: int) -> str:
    seed = page * 10 + n
    return (
        f'<div class="entry"><h2><a href="/q/{seed}">Question {seed} on tide tables?</a></h2>'
        f'<div class="body"><div class="summary"><img src="/t/{seed}.png" alt="">'
        f"Short answer: yes {seed}. Tides follow the moon. Check port {seed + 3} charts first. "
        f'<a href="/q/{seed}#a">more</a></div></div></div>'
    )


def test_an_answers_short_sentences_under_a_thumbnail_stay() -> None:
    # three short sentences (under 160 characters) are someone's text, not one caption
    def page(p: int) -> Page:
        items = "".join(_english_item(p, n) for n in range(6))
        html = f"""<html><head><title>Topic {p}</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/topics">Topics</a> <a href="/ask">Ask</a></div>
<div class="main"><h1>Topic {p} of the week</h1><div id="list">{items}</div></div>
<div id="foot">Copyright 2015 Sea Q&amp;A. All rights reserved. Contact us.</div></body></html>"""
        return Page(url=f"https://seaqa.example/topic/{p:03d}", html=html)

    pages = [page(p) for p in range(14)]
    for p, result in enumerate(_site(pages)):
        text = " ".join(result.cleaned_text.split())
        for n in range(6):
            assert f"Tides follow the moon. Check port {p * 10 + n + 3} charts" in text


# ------------------------------------------------------------------ a blog's front pages

_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_NAMES = ("Ada Byrne", "Tomas Okafor", "Mei Lindqvist", "Ravi Duarte", "Lena Moreau", "Sam Ito")
_SUBJECTS = ("sketching tool", "code review study", "design workshop", "field study", "award")


def _title(k: int) -> str:
    # a few words, different on every post of a page
    return f"{_NAMES[k % 6]} joins the {_SUBJECTS[(k // 6) % 5]}"


def _blog_post(k: int) -> str:
    title = _title(k)
    return (
        f'<div id="post-{k}" class="post type-post"><div class="entry_header">'
        f'<p class="entry-date">{_MONTHS[k % 12]} {10 + k % 3}<br><span class="date">'
        f'{1 + k % 28}</span></p><h2 class="home"><a href="/{2010 + k % 5}/{k}/">{title}</a> '
        '</h2><div class="recover"></div></div><div class="entry_content">'
        f"<p>We are glad to say that {_NAMES[(k + 1) % 6]} joins the {_SUBJECTS[(k + 2) % 5]} "
        f"this fall, after two years of work on tools number {k} and {k + 7} for teams that "
        "design software together; the lab will show the first results in the spring.</p>"
        '<div class="postedinfo"><span class="folder-icon">Posted in</span> <span '
        'class="categories"><a href="/category/news/">News</a></span> by <span '
        f'class="usr-meta">andre</span>. <span class="comment-icon"><a href="/{k}/#respond">'
        "No Comments</a></span></div></div></div>"
    )


def _front_page(p: int) -> Page:
    posts = "".join(_blog_post(p * 10 + k) for k in range(10))
    html = f"""<html><head><title>Lab blog - page {p}</title></head><body>
<div id="header"><h1>Design Lab</h1><a href="/">Home</a> <a href="/people">People</a>
<a href="/research">Research</a> <a href="/publications">Publications</a></div>
<div id="container"><div id="left-col">{posts}
<div class="navigation"><a href="/page/{p + 1}/">Older Entries</a></div></div>
<div id="sidebar"><h3>Categories</h3><ul><li><a href="/category/news/">News</a></li>
<li><a href="/category/travel/">Travel</a></li></ul></div></div>
<div id="footer">Design Lab · University Campus · Contact the webmaster</div></body></html>"""
    return Page(url=f"https://lab.example/page/{p + 1}/", html=html)


def test_a_blog_posts_title_beside_its_date_stays() -> None:
    pages = [_front_page(p) for p in range(12)]
    for p, result in enumerate(_site(pages)):
        text = " ".join(result.cleaned_text.split())
        for k in range(10):
            n = p * 10 + k
            assert _title(n) in text, (result.url, n)
            assert f"tools number {n} and {n + 7}" in text, result.url
        assert "Contact the webmaster" not in text, result.url
        # the date beside the title is still the posts' card
        assert any(r.detector == "post" for r in result.removed), result.url


# ------------------------------------------------------------------ a forum's member cards

_MEMBERS = ("forumasp", "kjelld", "mtrout", "bluefin", "Rion Wei", "ganesh_k", "ozzy", "tamsin")


def _thread_page(t: int) -> Page:
    posts = []
    for n in range(4):
        member = _MEMBERS[(t + 3 * n) % 8]
        posts.append(
            '<li class="comment-wrap"><div class="comment-left-col">'
            f'<a href="/members/{member}.aspx"><img class="post-thumb" src="/avatar/{member}.jpg">'
            f'</a><h3 class="post-title"><a href="/members/{member}.aspx">{member}</a></h3>'
            f'<p class="post-level">{("None", "Member", "Star")[(t + n) % 3]}</p>'
            f'<p class="post-points">{(t * 37 + n * 211) % 9000} Points</p>'
            f'<p class="post-count"><a href="/search?q={member}">{(t * 13 + n * 7) % 900 + 1} '
            'Posts</a></p></div><div class="comment-right-col">'
            f"<h3>Re: grid rows {t} in the view</h3>"
            f'<p class="date">Dec {1 + n}, 2015 0{n}:24 AM | {member} | <a href="/p/{t}{n}">'
            "LINK</a></p>"
            f"<div><p>Try binding the rows of grid {t} to a view model with {n + 2} columns, "
            f"then reassign row {n + t} after the postback; it worked for me on version "
            f"{4 + n}.</p></div></div></li>"
        )
    html = f"""<html><head><title>Grid rows {t} - Forums</title></head><body>
<div id="header"><a href="/">Forums</a> <a href="/members">Members</a> <a href="/search">Search</a></div>
<div id="content-wrapper"><h1>Grid rows {t} in the view</h1>
<ul class="comment-list">{"".join(posts)}</ul>
<div class="pagination-thread"><a href="/t/prev/{t}">Previous Thread</a> |
<a href="/t/next/{t}">Next Thread</a></div></div>
<div id="footer">Forums · Terms of Use · Privacy Statement</div></body></html>"""
    return Page(url=f"https://forums.example/t/{2000 + t}.aspx", html=html)


def test_a_member_card_with_the_members_name_as_heading_still_goes() -> None:
    # the member's name is a heading, but a short one among the card's labels and counts
    pages = [_thread_page(t) for t in range(12)]
    for t, result in enumerate(_site(pages)):
        text = " ".join(result.cleaned_text.split())
        assert f"then reassign row {t} after the postback" in text, result.url
        assert "Points" not in text, result.url
        assert "Posts" not in text, result.url


def test_a_caption_s_abbreviations_are_no_sentence_ends() -> None:
    from deboiler_gui.engine.clean.cleaning import _caption_text

    # a news photo's caption: "Feb." and "Corp." end no sentence, so it is one line
    assert _caption_text(
        "AP – FILE - In this Feb. 5, 2010, file photo Toyota Motor Corp. President and CEO "
        "Akio Toyoda, 53, speaks …"
    )
    assert _caption_text("Mr. Bush and Mr. Greenspan at the hearing. Photo: Reuters")
    # three sentences are a passage, whatever follows the last one
    assert not _caption_text("Short answer: yes. Tides follow the moon. Check the charts. more")
