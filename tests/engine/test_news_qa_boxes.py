"""News and Q&A pages: a box the story lets its reader skip ("Continue reading the main story"
over related stories) goes with its skip link, a quotation box keeps its quotation; a box of a
section's other stories after the story goes, a section of the page's own after it stays. On a
Q&A site written in Chinese, the question's description and the other answers listed after
the chosen answer stay."""

from __future__ import annotations

from lxml.html import HtmlElement

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.clean.cleaning import _more_posts, _prose, _skip_boxes
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page

TOPICS = ["harbour", "council", "budget", "stadium", "library", "railway", "museum", "bridge"]


def _paragraphs(i: int, t: str, first: int, last: int) -> str:
    return "".join(
        f"<p id='p{n}'>Paragraph {n} of the {t} story number {i} tells what the {t} committee "
        f"said about {TOPICS[(i + n) % len(TOPICS)]} and why it took so long this time.</p>"
        for n in range(first, last)
    )


def _story_page(i: int, section_box: bool = True) -> Page:
    t = TOPICS[i % len(TOPICS)]
    other = TOPICS[(i + 3) % len(TOPICS)]
    related = f"""<div class="feature"><a class="hidden" href="#p2">Continue reading the main
story</a><h2>Related Stories</h2><ul><li><a href="/n/{i + 40}">The {other} vote in
pictures</a></li></ul></div>"""
    quote = f"""<div class="quote"><a class="hidden" href="#p4">Continue reading the main
story</a><blockquote>We never thought the {t} would cost this much, said the chair of the
committee number {i}.</blockquote></div>"""
    more = (
        f"""<div class="more"><h2><a href="/n/{t}">More {t} stories</a></h2><ul>
<li><h3><a href="/n/{i + 50}">{other.title()} plan approved at last</a></h3><p>The {other}
plan number {i} was approved after a long meeting of the board. Its members argued for hours
about the cost, the delays and the {t} that would have to close while the work goes on.</p></li>
<li><h3><a href="/n/{i + 60}">New {t} opens next week</a></h3></li>
<li><h3><a href="/n/{i + 70}">Why the {other} closed early</a></h3></li></ul></div>"""
        if section_box
        else ""
    )
    html = f"""<html><head><title>{t.title()} story {i} - Daily</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/local">Local</a> <a href="/sport">Sport</a></div>
<div id="main"><div class="block-a"><div class="story-body"><h1>{t.title()} story {i}</h1>
{_paragraphs(i, t, 0, 2)}{related}{_paragraphs(i, t, 2, 4)}{quote}{_paragraphs(i, t, 4, 7)}
</div>{more}</div>
<div class="block-b"><h2>Top Stories</h2><ul><li><a href="/n/1">First top story</a></li>
<li><a href="/n/2">Second top story</a></li></ul></div></div>
<div id="foot"><a href="/about">About</a> <a href="/terms">Terms</a></div>
</body></html>"""
    return Page(url=f"https://daily.example/n/{i:03d}", html=html)


def test_a_skipped_box_of_links_goes_and_a_quotation_stays() -> None:
    pages = [_story_page(i) for i in range(8)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results):
        text = " ".join(result.cleaned_text.split())
        for n in range(7):
            assert f"Paragraph {n} of the" in text, (i, n)
        assert "We never thought the" in text, i
        for gone in ("Continue reading the main story", "Related Stories", "vote in pictures"):
            assert gone not in text, (i, gone)
        why = {(r.detector, r.representation) for r in result.removed}
        assert ("label", "skip box") in why, i
        assert ("label", "skip link") in why, i


def test_a_box_of_a_sections_other_stories_after_the_story_goes() -> None:
    pages = [_story_page(i) for i in range(8)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results):
        text = " ".join(result.cleaned_text.split())
        assert "Paragraph 6 of the" in text, i
        for gone in ("stories", "approved at last", "after a long meeting", "opens next week"):
            assert gone not in text, (i, gone)


def _guide_page(i: int) -> Page:
    t = TOPICS[i % len(TOPICS)]
    # after the text, a section of the page's own: its title is not a link
    own = f"""<div class="more"><h2>Places near the {t}</h2><ul>
<li><h3><a href="/g/{i + 50}">The old {t} gate</a></h3><p>Built in the year {1800 + i}.</p></li>
<li><h3><a href="/g/{i + 60}">The {t} gardens</a></h3></li></ul></div>"""
    html = f"""<html><head><title>{t.title()} guide {i}</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/guides">Guides</a></div>
<div id="main"><div class="block-a"><div class="story-body"><h1>{t.title()} guide {i}</h1>
{_paragraphs(i, t, 0, 6)}</div>{own}</div></div>
<div id="foot"><a href="/about">About</a></div></body></html>"""
    return Page(url=f"https://guide.example/g/{i:03d}", html=html)


def test_a_section_of_the_pages_own_after_the_text_is_no_box_of_other_stories() -> None:
    pages = [_guide_page(i) for i in range(8)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results):
        assert "Paragraph 5 of the" in result.cleaned_text, i
        # its title is not a link to another page: never taken for a section's box
        assert all(r.representation != "section box" for r in result.removed), i


# -- a Q&A site in Chinese ------------------------------------------------------------------

WORDS = ["电影", "音乐", "旅行", "读书", "摄影", "历史", "美食", "设计", "城市", "科学"]
PEOPLE = ["张三", "李四", "王五", "赵六", "孙七", "周八", "吴九", "郑十"]


def _answer(q: int, a: int, long: int = 1) -> str:
    w, v = WORDS[(q + a) % len(WORDS)], WORDS[(q + 2 * a + 1) % len(WORDS)]
    who = PEOPLE[(q + a) % len(PEOPLE)]
    return f"""<div class="votebar"><button class="up">{a * 7 + q}</button>
<button class="down">反对</button></div>
<div class="answer-head"><a class="author-link" href="/people/{q}-{a}">{who}</a>，
<span class="bio">喜欢{w}</span></div>
<div class="rich-text"><div class="editable">我觉得第{q}个问题的{w}部分最重要，因为{v}的经验告诉我们，
答案{a}要从{w}的历史说起，再看{v}今天的样子，最后回到我们自己的生活里来。{_more_text(q, a, long)}</div></div>
<div class="answer-actions"><a class="date-link" href="/q/{q}/answer/{a}">发布于 2015-11-{a + 10}</a>
<a class="comment" href="#">添加评论</a> <a class="share" href="#">分享</a></div>"""


def _more_text(q: int, a: int, long: int) -> str:
    return "".join(
        f"<p>第{n}段：{WORDS[(q + a + n) % len(WORDS)]}和{WORDS[(q + 2 * n) % len(WORDS)]}"
        f"的关系很复杂，{PEOPLE[(a + n) % len(PEOPLE)]}说过，第{q}个问题没有简单的答案。</p>"
        for n in range(1, long)
    )


def _qa_frame(q: int, title: str, inner: str) -> str:
    w = WORDS[q % len(WORDS)]
    return f"""<html><head><title>{title} - 问答</title></head><body>
<div class="top"><a href="/">首页</a> <a href="/topic">话题</a> <a href="/explore">发现</a></div>
<div class="main"><div class="main-content"><div class="tags"><a class="tag" href="/t/{q}">{w}</a>
<a class="tag" href="/t/{q + 1}">{WORDS[(q + 1) % len(WORDS)]}</a></div>
<div class="question-title"><h2>{title}</h2></div>{inner}</div>
<div class="sidebar"><a href="/hot">热门问题</a> <a href="/new">最新问题</a></div></div>
<div class="footer"><a href="/about">关于我们</a> <a href="/terms">使用条款</a></div>
</body></html>"""


def _question_page(q: int) -> Page:
    w, v = WORDS[q % len(WORDS)], WORDS[(q + 3) % len(WORDS)]
    title = f"有哪些关于{w}的好问题{q}？"
    # the description: sentences ended in "，" with a link in them, no "。"
    detail = f"""<div class="question-detail"><div class="editable">急需一些关于{w}的素材，
大家帮忙想一想，越经典越好，能说出{v}的时间点更好<br>还有就是这个视频里面，大家能不能认出
<a class="external" href="http://video.example/{q}">第{q}段关于{v}的视频</a></div></div>"""
    answers = "".join(f'<div class="answer">{_answer(q, a, 4)}</div>' for a in range(2 + q % 3))
    inner = f"""{detail}<div class="answers-title"><h3>{2 + q % 3} 个回答</h3></div>
<div class="answer-wrap">{answers}</div>"""
    return Page(url=f"https://qa.example/question/{q}", html=_qa_frame(q, title, inner))


def _answer_page(q: int) -> Page:
    w = WORDS[q % len(WORDS)]
    title = f"有哪些关于{w}的好问题{q}？"
    more = "".join(
        f'<div class="feed-item"><div class="content">{_answer(q, a)}</div></div>' for a in (4, 5)
    )
    inner = f"""<div class="question-detail"><div class="editable"></div></div>
<div class="answers-title"><h3><a href="/question/{q}">查看全部回答</a></h3></div>
<div class="answer-wrap"><div class="answer">{_answer(q, 3, 6)}</div></div>
<div class="more-answers"><span>更多回答</span></div><div class="answer-list">{more}</div>
<div class="answers-title"><h3><a href="/question/{q}">查看全部回答</a></h3></div>"""
    return Page(
        url=f"https://qa.example/question/{q}/answer/{q + 3}", html=_qa_frame(q, title, inner)
    )


def _qa_site() -> tuple[list[Page], list[Page], list[Page]]:
    questions = [_question_page(q) for q in range(12)]
    answers = [_answer_page(q) for q in range(12, 24)]
    return questions + answers, questions, answers


def test_a_chinese_questions_description_stays() -> None:
    pages, questions, _ = _qa_site()
    results = list(DomainCleaner().fit(pages).transform(questions))
    for q, result in enumerate(results):
        text = "".join(result.cleaned_text.split())
        assert "大家帮忙想一想，越经典越好" in text, q
        assert "答案0要从" in text, q


def test_the_other_answers_after_the_chosen_answer_stay() -> None:
    pages, _, answers = _qa_site()
    results = list(DomainCleaner().fit(pages).transform(answers))
    for n, result in enumerate(results):
        text = "".join(result.cleaned_text.split())
        q = 12 + n
        assert f"我觉得第{q}个问题" in text, q
        for a in (3, 4, 5):
            assert f"答案{a}要从" in text, (q, a)


# -- the rules on single blocks -------------------------------------------------------------


def _block(html: str) -> HtmlElement:
    return parse_html(f"<html><body>{html}</body></html>").find("body")[0]


def test_chinese_sentences_are_prose_and_a_card_is_not() -> None:
    detail = _block(
        "<div>急需些素材，大家帮忙想一想，越经典越好，能有时间点更好<br>还有就是这个视频中，"
        "大家能不能指认出有哪些电影<a href='/v'>寻找电影中的爱情视频</a></div>"
    )
    chars = len("".join(detail.text_content().split()))
    links = len("".join(detail.find("a").text_content().split()))
    assert _prose(detail, chars, links, 60)
    card = _block("<div><a href='/p/1'>知乎用户</a>，工科。</div>")
    chars = len("".join(card.text_content().split()))
    assert not _prose(card, chars, 4, 60)
    # the same length of letters with no sentence's end stays a bar's
    bar = _block("<div>" + "电影镜头爱情" * 8 + "</div>")
    assert not _prose(bar, 48, 0, 60)


def _post(cls: str, text: str) -> str:
    return (
        f'<div class="{cls}"><div class="votebar"><button class="up">3</button></div>'
        '<div class="answer-head"><a class="author-link" href="/p">someone</a>'
        '<span class="bio">a bio</span></div>'
        f'<div class="rich-text"><div class="editable">{text}</div></div>'
        '<div class="answer-actions"><a class="date-link" href="/a">2015</a>'
        '<a class="comment" href="#">comment</a><a class="share" href="#">share</a></div></div>'
    )


def test_more_posts_built_like_the_contents_own() -> None:
    page = _block(
        "<div>"
        f'<div class="wrap">{_post("answer", "The chosen answer.")}</div>'
        f'<div class="list">{_post("feed-item", "Another answer.")}'
        f"{_post('feed-item', 'A third answer.')}</div>"
        '<div class="more"><ul><li><a href="/n/1">Other story one</a></li>'
        '<li><a href="/n/2">Other story two</a></li></ul></div>'
        "</div>"
    )
    main_el = page.xpath(".//div[@class='editable']")[0]
    answers, stories = page.xpath("./div[@class='list']")[0], page.xpath("./div[@class='more']")[0]
    assert _more_posts(answers, main_el)
    assert not _more_posts(stories, main_el)


def test_a_link_alone_or_a_table_of_contents_skips_nothing() -> None:
    area = _block(
        "<div><p>Read the comments:</p>"
        "<li><a href='#after'>Comments since the programme</a></li>"
        "<p id='after'>First comment, about the peace process and what comes next.</p>"
        "<ul><li><a href='#one'>One</a></li><li><a href='#two'>Two</a></li></ul>"
        "<div id='one'><p id='two'>Section one of the page's own text.</p></div>"
        "<div><a href='#rest'>Continue reading the main story</a><h2>Related</h2>"
        "<ul><li><a href='/n/2'>Another story</a></li></ul></div>"
        "<p id='rest'>The story goes on here with its own words.</p></div>"
    )
    found = _skip_boxes(area, set())
    assert [(el.tag, whole) for el, _chars, whole in found] == [("div", True)]
