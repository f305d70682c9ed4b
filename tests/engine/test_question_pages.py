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


def _commented_page(i: int) -> Page:
    tag, question = QUESTIONS[i]
    names = ["ann", "Bob Lee", "carla_88", "Dmitri Ivanov", "eve"]
    comments = "".join(
        f'<tr class="comment"><td class="comment-text"><div class="comment-body">'
        f'<span class="comment-copy">Comment {k} on {tag}: have you tried watering less often'
        f" in week {k + i}?</span> &ndash;&nbsp;"
        f'<a href="/users/{k}" class="comment-user">{names[(i + k) % 5]}</a> '
        f'<span class="comment-date"><span title="2014-09-0{k + 1} 10:0{k}:00Z">'
        f"Sep {k + 1} '14 at 10:0{k}</span></span></div></td></tr>"
        for k in range(1 + i % 3)
    )
    page = _qa_page(i, "votes")
    html = page.html.replace(
        '</p></div></div>\n<div id="answers">',
        f'</p></div><table class="comments">{comments}</table></div>\n<div id="answers">',
    )
    # a message whose last words are a name and a date is the message's own
    html = html.replace(
        "grows in full sun against a south wall.</p>",
        "grows in full sun against a south wall. Planted by my neighbour &ndash; "
        '<a href="/users/9">Olga</a> <span>in May 2010</span>, as she says.</p>',
    )
    return Page(url=page.url, html=html)


def test_a_comments_signature_goes_and_its_message_stays() -> None:
    pages = [_commented_page(i) for i in range(len(QUESTIONS))]
    pages += [_qa_page(i, tab) for i in range(len(QUESTIONS)) for tab in ("active", "new")]
    cleaner = DomainCleaner().fit(pages)
    results = {r.url: r for r in cleaner.transform(pages)}
    for i in range(len(QUESTIONS)):
        result = results[_commented_page(i).url]
        text = result.cleaned_text
        tag = QUESTIONS[i][0]
        for k in range(1 + i % 3):
            assert f"Comment {k} on {tag}: have you tried watering less often" in text
            assert f"in week {k + i}?" in text
            assert f"Sep {k + 1} '14 at 10:0{k}" not in text, (result.url, text)
        assert "Bob Lee" not in text and "carla_88" not in text and "Dmitri" not in text
        # a name and a date inside a message, with its text going on after them, stay
        assert "Planted by my neighbour – Olga in May 2010, as she says." in text
        signed = [r for r in result.removed if r.representation == "signature"]
        assert len(signed) == 2 * (1 + i % 3), result.url


def test_a_date_with_a_two_digit_year_is_a_stamp() -> None:
    from deboiler_gui.engine.clean.stamps import is_stamp

    assert is_stamp("Sep 3 '14 at 3:27")
    assert is_stamp("Oct 23 \u201914 at 15:07")
    assert not is_stamp("Sep 3 '14 at 3:27, after the rain")
    assert not is_stamp("the '90s")


NAMES = ["Ann Gray", "bob_k", "Carla M", "dmitri", "Eve Stone", "frank99", "Gus", "Hana"]


def _answer(i: int, k: int, lines: int) -> str:
    text = "".join(
        f"<p>Answer {k} to question {i}, part {n}: water the {QUESTIONS[i][0]} bed early and "
        f"mulch it with {k + n + 2} cm of bark so the roots stay cool.</p>"
        for n in range(lines)
    )
    name = NAMES[(i + k) % len(NAMES)]
    return (
        f'<div class="answer" id="answer-{i}{k}"><table><tr><td class="votecell">'
        f'<div class="vote"><a class="vote-up-off">up vote</a><span class="count">{(i * k) % 7}'
        '</span><a class="vote-down-off">down vote</a></div></td>'
        f'<td class="answercell"><div class="post-text">{text}</div>'
        '<table class="fw"><tr><td class="vt"><div class="post-menu"><a href="/a/1">share</a>'
        '<span>|</span><a href="/e/1">improve this answer</a></div></td>'
        '<td class="post-signature"><div class="user-info"><div class="user-action-time">'
        f"answered <span>Sep {k + 3} '1{i % 10} at {k + 8}:{10 + i}</span></div>"
        f'<div class="user-details"><a href="/users/{k}">{name}</a><br>'
        f'<span class="rep">{(i + 1) * (k + 2) * 13}</span><span class="badges">{k + i}</span>'
        "</div></div></td></tr></table></td></tr>"
        '<tr><td></td><td><div class="comments-link"><a href="#">add a comment</a></div></td>'
        "</tr></table></div>"
    )


def _answered_page(i: int, tab: str = "votes") -> Page:
    tag, question = QUESTIONS[i]
    answers = "".join(_answer(i, k, 3 if k == 0 else 1) for k in range(2 + i % 3))
    html = f"""<html><head><title>{tag} - {question}? - Gardening Questions and Answers</title>
</head><body><div id="topbar"><a href="/">Gardening Q&amp;A</a> <a href="/login">Log in</a></div>
<div id="content"><div id="question-header"><h1><a href="/questions/{i}">{question}?</a></h1>
</div><div id="mainbar"><div class="question" id="question"><div class="post-text">
<p>I asked about this in my own garden ({tag}): {question.lower()}? The plant is five years
old and grows in full sun against a south wall.</p></div></div>
<div id="answers"><div id="answers-header"><h2>{2 + i % 3} Answers</h2></div>{answers}
<h2 class="bottom-notice">Not the answer you're looking for? Browse other questions tagged
<a href="/tags/{tag}">{tag}</a> <a href="/tags/q{i}">topic-{i}</a> or
<a href="/ask">ask your own question</a>.</h2></div></div><div id="sidebar"><h4>Related</h4><ul>{SIDEBAR}</ul></div></div>
<div id="footer"><a href="/about">About</a> <a href="/privacy">Privacy</a></div></body></html>"""
    return Page(url=f"https://garden.example/questions/{i}?tab={tab}", html=html)


def test_each_answers_vote_bar_menu_and_card_go_in_the_block_of_answers() -> None:
    # the answers' run is one level below the content (the question, then the answers'
    # block), and each answer keeps its parts in a table of two rows; each question saved
    # under two tabs
    pages = [_answered_page(i, tab) for i in range(len(QUESTIONS)) for tab in ("votes", "new")]
    cleaner = DomainCleaner().fit(pages)
    for page, result in zip(pages, cleaner.transform(pages), strict=True):
        i = int(page.url.rsplit("/", 1)[1].split("?")[0])
        text = result.cleaned_text
        for k in range(2 + i % 3):
            assert f"Answer {k} to question {i}, part 0" in text, (page.url, text)
            assert NAMES[(i + k) % len(NAMES)] not in text, (page.url, text)
        assert "answered" not in text and "improve this answer" not in text, (page.url, text)
        assert "up vote" not in text, (page.url, text)
        assert "The plant is five years" in text
        assert "Not the answer" not in text and "Browse other questions" not in text


def test_why_names_a_signature_as_the_posts_frame() -> None:
    from deboiler_gui.engine.clean.explain import text_fate

    pages = [_commented_page(i) for i in range(len(QUESTIONS))]
    pages += [_qa_page(i, tab) for i in range(len(QUESTIONS)) for tab in ("active", "new")]
    cleaner = DomainCleaner().fit(pages)
    page = pages[1]
    result = next(iter(cleaner.transform([page])))
    fate = text_fate(page, cleaner.model_, "Sep 1 '14 at 10:00", result.cleaned_text)
    assert fate is not None and not fate["kept"]
    assert [r["detector"] for r in fate["removed"]] == ["post"]
    assert fate["removed"][0]["name"] == "post's frame"
    assert "signature ending a message" in fate["removed"][0]["reason"]
