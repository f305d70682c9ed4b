"""Widgets a news site sets in the story's own block, which the page's other words do not
show: a subscription box with its fields after the story, labelled link lines after it
("Previous Stories: …", "Also In This Issue: …"), a pager naming the story, a teaser column
whose cell also holds a style sheet, and titled teaser boxes side by side after the story. Each
goes; the look-alikes that are the content's (one search field, a single labelled line, an
index's columns) stay."""

from __future__ import annotations

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.clean.cleaning import _labelled_lines, _page_numbers, _teaser_column
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page

TOPICS = ["harbour", "council", "budget", "stadium", "library", "railway", "museum", "bridge"]


def _story(i: int, n: int = 6) -> str:
    t = TOPICS[i % len(TOPICS)]
    return "".join(
        f"<p>Paragraph {k} of the {t} story number {i} tells what the {t} committee said about "
        f"{TOPICS[(i + k) % len(TOPICS)]} and why the decision took so long this time.</p>"
        for k in range(n)
    )


def _page(i: int, in_cell: str, before: str = "", left: str = "") -> Page:
    """A 2005-style page: a layout table, the menu column, the story's cell."""
    t = TOPICS[i % len(TOPICS)]
    html = f"""<html><head><title>{t.title()} story {i} - Metro</title></head><body>
<table><tr><td><a href="/">Home</a> | <a href="/news">News</a> | <a href="/arts">Arts</a></td>
</tr></table>
<table width="780"><tr><td width="155">{left}</td>
<td width="415"><h1>{t.title()} story {i}</h1>{before}{_story(i)}{in_cell}</td></tr></table>
<p><a href="/about">About Us</a> | <a href="/privacy">Privacy</a></p></body></html>"""
    return Page(url=f"https://metro.example/news/{i:03d}/index.html", html=html)


def _clean(pages: list[Page]) -> list:
    return list(DomainCleaner().fit(pages).transform(pages))


def _text(result) -> str:  # type: ignore[no-untyped-def]
    return " ".join(result.cleaned_text.split())


def test_a_subscription_box_after_the_story_goes() -> None:
    def box(i: int) -> str:
        # each page words the offer differently (its section's edition), so no repeat shows it
        t = TOPICS[i % len(TOPICS)]
        return f"""<div align="center"><table><tr><td>Subscribe now and get the {t} edition
of Metro for a year! Metro brings you the best of the {t} scene every week.<br>
<a href="/gift">GIVE A GIFT</a></td></tr><tr><td><table><form name="sub" method="post">
<tr><td>Email:</td><td><input type="text" name="email"></td></tr>
<tr><td>First Name:</td><td><input type="text" name="first"></td></tr>
<tr><td>Last Name:</td><td><input type="text" name="last"></td></tr>
<tr><td><input type="submit" value="Submit Order"></td></tr></form></table></td></tr>
</table></div>"""

    pages = [_page(i, box(i)) for i in range(6)]
    for i, result in enumerate(_clean(pages)):
        text = _text(result)
        assert "Paragraph 0 of the" in text and "Paragraph 5 of the" in text, i
        for gone in ("Subscribe now", "First Name:", "GIVE A GIFT"):
            assert gone not in text, (i, gone)
        assert any(r.representation == "sign-up box" for r in result.removed), i


def test_one_search_field_after_the_story_is_no_sign_up_box() -> None:
    def box(i: int) -> str:
        return f"""<div><form action="/search"><p>Find more on the {TOPICS[i % 8]} in our
pages of the day: <input type="search" name="q"></p></form></div>"""

    pages = [_page(i, box(i)) for i in range(6)]
    for i, result in enumerate(_clean(pages)):
        assert not any(r.representation == "sign-up box" for r in result.removed), i


def test_labelled_link_lines_after_the_story_go() -> None:
    def lines(i: int) -> str:
        return f"""<hr><table><tr><td><div>Related Links:</div>
<div><b>Previous Stories: </b><a href="/features/archive">Features Archive</a></div>
<div><b>Also In This Issue: </b><a href="/toc/2005{i:02d}">Metro - March {i + 1}, 2005</a></div>
</td></tr></table>"""

    pages = [_page(i, lines(i)) for i in range(6)]
    for i, result in enumerate(_clean(pages)):
        text = _text(result)
        assert "Paragraph 5 of the" in text, i
        for gone in ("Previous Stories", "Features Archive", "Also In This Issue"):
            assert gone not in text, (i, gone)


def test_labelled_lines_need_two_linked_lines_and_labels_first() -> None:
    one = parse_html(
        '<html><body><div><div><b>Sources: </b><a href="/a">The report</a></div></div>'
        "</body></html>"
    ).find(".//body/div")
    assert one is not None and not _labelled_lines(one)
    text = parse_html(
        '<html><body><div><div><b>See: </b><a href="/a">The report</a></div>'
        "<div>and the committee's own words, read aloud.</div>"
        '<div><b>Also: </b><a href="/b">The answer</a></div></div></body></html>'
    ).find(".//body/div")
    assert text is not None and not _labelled_lines(text)
    two = parse_html(
        '<html><body><div><div><b>See: </b><a href="/a">The report</a></div>'
        '<div><b>Also: </b><a href="/b">The answer</a></div></div></body></html>'
    ).find(".//body/div")
    assert two is not None and _labelled_lines(two)


def test_a_pager_naming_the_story_is_a_pager() -> None:
    titled = frozenset({"queen", "for", "a", "day"})
    assert _page_numbers('("Queen for a Day" 1 | 2 | 3 )', titled) == [1, 2, 3]
    # the same words without the title are a line of text, not a pager
    assert _page_numbers('("Queen for a Day" 1 | 2 | 3 )') is None
    assert _page_numbers("Scores were 1 2 3 in the final rounds", titled) is None
    # a figure of the title is the story's name too ("Silicon Alley 10003")
    alley = frozenset({"silicon", "alley", "10003"})
    assert _page_numbers('("Silicon Alley 10003" 1 | 2 | 3 | 4)', alley) == [1, 2, 3, 4]


def test_a_story_pager_naming_the_story_goes() -> None:
    def pager(i: int) -> str:
        t = TOPICS[i % len(TOPICS)]
        return (
            f'<p><font>("{t.title()} story" 1 | <a href="/news/{i:03d}/2.html">2</a> | '
            f'<a href="/news/{i:03d}/3.html">3</a> )</font></p>'
        )

    # (story 2's title holds the number of its second page: the pager still runs 1, 2, 3)
    pages = [_page(i, pager(i)) for i in range(6)]
    for i, result in enumerate(_clean(pages)):
        assert "| 2 |" not in _text(result), i
        assert "Paragraph 5 of the" in _text(result), i


def _teaser_cell(i: int) -> str:
    # the menu column's cell holds its own style sheet (longer than any teaser's text)
    style = "<style>" + " ".join(f".c{k} {{ font-size: {k}px; }}" for k in range(40)) + "</style>"
    cards = "".join(
        f'<tr><td class="nav"><a href="/f/{i}{k}/index.html">The {TOPICS[(i + k) % 8]} '
        f"affair and its critics</a><br><em>By Writer {k}</em><br>How the "
        f"{TOPICS[(i + k + 1) % 8]} changed a city.</td></tr>"
        for k in range(3)
    )
    return f"{style}<table>{cards}</table>"


def test_a_teaser_column_is_read_without_its_style_sheet() -> None:
    cell = parse_html(f"<html><body><div>{_teaser_cell(1)}</div></body></html>").find(".//body/div")
    assert cell is not None and _teaser_column(cell)


def test_a_teaser_column_beside_the_story_cell_goes() -> None:
    # each page shows other teasers (the day it was saved): no repetition shows them
    pages = [_page(i, "", left=_teaser_cell(i)) for i in range(6)]
    for i, result in enumerate(_clean(pages)):
        text = _text(result)
        assert "Paragraph 5 of the" in text, i
        assert "affair and its critics" not in text, i


def _strip(i: int, title: str, n: int) -> str:
    items = "".join(
        f'<div class="entry"><a href="/article/{i}{n}{k}">What the {TOPICS[(i + k + n) % 8]} '
        f"vote means for {TOPICS[(k + 2) % 8]}</a></div>"
        for k in range(4)
    )
    return (
        f'<div class="section-each strip" id="more-politics">'
        f'<div class="header"><h2>{title}</h2></div>{items}</div>'
    )


def test_titled_teaser_boxes_side_by_side_after_the_story_go() -> None:
    sections = ["Politics", "Activism", "Culture", "Books", "Economy", "World"]
    pages = [
        _page(i, _strip(i, f"More {sections[i]}", 1) + _strip(i, "Nation Media", 2))
        for i in range(6)
    ]
    for i, result in enumerate(_clean(pages)):
        text = _text(result)
        assert "Paragraph 5 of the" in text, i
        assert "More " + sections[i] not in text, i
        assert "vote means for" not in text, i


def _index_page(i: int) -> Page:
    # an index: alike columns of links under their letters, and no story before them
    cols = "".join(
        f'<div class="col"><h2>{letter}</h2>'
        + "".join(
            f'<div><a href="/w/{letter}{k}{i}">{letter}ware of the {TOPICS[k % 8]} kind</a></div>'
            for k in range(4)
        )
        + "</div>"
        for letter in "ABC"
    )
    html = f"""<html><head><title>Index {i}</title></head><body>
<div id="nav"><a href="/">Home</a> <a href="/index">Index</a> <a href="/faq">FAQ</a></div>
<div id="content"><h1>Index {i}</h1>{cols}</div></body></html>"""
    return Page(url=f"https://wares.example/index/{i}.html", html=html)


def test_an_index_of_alike_columns_stays() -> None:
    pages = [_index_page(i) for i in range(6)]
    for i, result in enumerate(_clean(pages)):
        text = _text(result)
        for letter in "ABC":
            assert f"{letter}ware of the" in text, (i, letter)


def test_an_answer_form_after_a_short_answer_is_no_sign_up_box() -> None:
    # a Q&A page: the block of answers ends with the form for one more (a text area with
    # the writer's name and e-mail), and a short answer fits in a box's size
    def answers(i: int) -> str:
        t = TOPICS[i % len(TOPICS)]
        return f"""<div id="answers"><div class="answer"><p>Clear the {t} app's cache first,
then restart the phone; that fixed it for me.</p><p>answered by ann</p></div>
<form id="post-form"><h2>Your Answer</h2><textarea name="post-text"></textarea>
<p>Name <input type="text" name="display-name"></p>
<p>Email <input type="email" name="m-address"></p>
<input type="submit" value="Post Your Answer"></form></div>"""

    pages = [_page(i, answers(i)) for i in range(6)]
    for i, result in enumerate(_clean(pages)):
        assert not any(r.representation == "sign-up box" for r in result.removed), i
        assert "restart the phone" in _text(result), i
