"""A list of answers on a Q&A site: under each answer's author, the names of readers who
liked it ("A、B、C 等人赞同", "Ann, Bob and others liked this"): a run of names (links to
their pages, an anonymous reader's name written without a link among them) closed by a
control that a script handles. The control goes with the names it closes; a control said
once, names in a sentence and an author's line with their own words stay."""

from __future__ import annotations

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import CleanResult, Page

NAMES = ["Ann Lee", "Bo Chen", "Cai Wen", "Dai Lin", "Eve Moor", "Fay Ruiz", "Gus Tan", "Hal Ode"]
TOPICS = ["tea", "rivers", "bridges", "clocks", "maps", "bells", "kites", "salt"]
WORDS = ["old", "red", "far", "wet", "dry", "new", "odd", "low", "shy", "tall", "wide", "calm"]


def _voters(i: int, k: int, control: str) -> str:
    blocks = []
    for j in range(3):
        if (i + k + j) % 5 == 0:  # a reader who hides their name: no link
            blocks.append('<span class="user-block">Anonymous, </span>')
        else:
            # readers differ from answer to answer and page to page
            name = f"{NAMES[(i + j) % 8].split()[0]} {NAMES[(k * 3 + j + i // 8) % 8].split()[1]}"
            slug = f"{name.lower().replace(' ', '-')}-{i}{k}{j}"
            blocks.append(
                f'<span class="user-block"><a href="/people/{slug}" class="zg-link">'
                f"{name}</a>, </span>"
            )
    return (
        f'<div class="vote-info"><span class="voters">{"".join(blocks)}</span>'
        f'<a href="javascript:;" class="more"> {control}</a></div>'
    )


def _answer(i: int, k: int, control: str) -> str:
    author = NAMES[(i + k) % len(NAMES)]
    return (
        f'<div class="item"><h2><a href="/question/{i * 10 + k}">Why do {TOPICS[(i + k) % 8]} '
        f"matter to question {i * 10 + k}?</a></h2>"
        f'<div class="answer-head"><div class="author-info"><a href="/people/a{k}">{author}</a>, '
        f'<span class="bio">writes about {TOPICS[k % 8]}</span></div>{_voters(i, k, control)}</div>'
        f'<div class="rich-text">Answer {k} on page {i}: the {TOPICS[(i + k) % 8]} of the valley '
        f"were first counted in the year the mill opened, and {NAMES[k % 8]} kept the book of "
        f"them for {i + k + 3} years.</div></div>"
    )


def _framed(url: str, title: str, main: str) -> Page:
    """A page of the site: its menu, the page's own block, its foot."""
    html = f"""<html><head><title>{title}</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/explore">Explore</a> <a href="/topics">Topics</a></div>
<div id="main">{main}</div>
<div id="foot"><a href="/terms">Terms</a> <a href="/help">Help</a></div></body></html>"""
    return Page(url=url, html=html)


def _page(i: int, control: str = "and others liked this") -> Page:
    answers = "".join(_answer(i, k, control) for k in range(4))
    main = f"""<h1>Collection {i}: the {TOPICS[i % 8]} notes</h1>
<p>Kept by <a href="/people/ann-lee">Ann Lee</a>, <a href="/people/bo-chen">Bo Chen</a> and
friends since spring, with <a href="javascript:;">one link</a> to open them all.</p>
<div id="list">{answers}</div>"""
    return _framed(f"https://qa.example/collection/{i:03d}", f"Collection {i}", main)


def _site(pages: list[Page]) -> list[CleanResult]:
    return list(DomainCleaner().fit(pages).transform(pages))


def _text(result: CleanResult) -> str:
    return " ".join(result.cleaned_text.split())


def test_the_names_of_readers_who_liked_an_answer_go_with_their_control() -> None:
    pages = [_page(i) for i in range(12)]
    for page, result in zip(pages, _site(pages), strict=True):
        text = _text(result)
        i = int(page.url[-3:])
        assert "and others liked this" not in text, page.url
        for k in range(4):
            # the answer, its question and its author's own line stay
            assert f"Answer {k} on page {i}: the" in text, page.url
            assert f"matter to question {i * 10 + k}?" in text, page.url
            assert f"writes about {TOPICS[k % 8]}" in text, page.url
        # no roster left: neither its linked names nor the anonymous one
        assert "Anonymous" not in text, page.url
        rosters = [r for r in result.removed if r.representation == "control"]
        assert len(rosters) == 4, (page.url, [r.text for r in rosters])
        assert all(r.path.endswith("div.vote-info") for r in rosters), page.url
        # names in a sentence, and a script's link said once, are the text's
        assert "Kept by Ann Lee, Bo Chen and friends since spring" in text, page.url
        assert "with one link to open them all." in text, page.url


def test_a_roster_closed_by_a_chinese_control_goes_too() -> None:
    pages = [_page(i, control="等人赞同") for i in range(12)]
    for page, result in zip(pages, _site(pages), strict=True):
        text = _text(result)
        assert "等人赞同" not in text and "Anonymous" not in text, page.url
        assert f"Answer 3 on page {int(page.url[-3:])}: the" in text, page.url


def test_a_name_with_words_of_its_own_is_no_roster() -> None:
    # When a reader's name is followed by words of their own, the block is not a run of
    # names: the control alone goes, the words stay.
    pages = []
    for i in range(12):
        page = _page(i)
        html = page.html.replace(
            '<span class="voters">', '<span class="voters">Ann wrote: a fine answer. ', 1
        )
        pages.append(Page(url=page.url, html=html))
    for page, result in zip(pages, _site(pages), strict=True):
        text = _text(result)
        assert "and others liked this" not in text, page.url
        assert "Ann wrote: a fine answer." in text, page.url


def _shelves(i: int) -> str:
    # a reader's collections, each its title (a link) and a 'Follow' button, then a line
    items = "".join(
        f'<div class="fav-item"><div class="title-wrap"><a href="/collection/{i * 10 + k}">'
        f"The {WORDS[i]} {TOPICS[(i + k) % 8]} shelf</a>"
        '<a href="javascript:;" class="btn-follow">Follow</a></div>'
        f'<div class="fav-bio">Answers about the {WORDS[(i + k) % 12]} {TOPICS[(i + k) % 8]} '
        f"kept here by {NAMES[(i + 3 * k) % 8]} since the {WORDS[(i * k) % 12]} "
        "spring.</div></div>"
        for k in range(4)
    )
    return f'<h1>The shelves of reader {i}</h1><div id="list">{items}</div>'


def _story(i: int) -> str:
    # sentences with "(search)" after a name, its address a script's
    paras = "".join(
        f"<p>The {WORDS[(i + k) % 12]} council of {NAMES[k % 8]} met <b>{NAMES[(i + k) % 8]}</b> "
        f"(<a href=\"javascript:siteSearch('{NAMES[(i + k) % 8]}');\">search</a>) "
        f"<font>on the {TOPICS[(i * k) % 8]} plan of the {WORDS[(i + 2 * k) % 12]} year.</font></p>"
        for k in range(4)
    )
    return f"<h1>The {WORDS[i]} {TOPICS[i % 8]} vote</h1>{paras}"


def test_a_title_beside_its_button_is_no_roster() -> None:
    pages = [
        _framed(f"https://qa.example/shelves/{i:03d}", "Shelves", _shelves(i)) for i in range(12)
    ]
    for i, result in enumerate(_site(pages)):
        text = _text(result)
        assert "Follow" not in text, i  # the button goes, the title stays
        for k in range(4):
            assert f"The {WORDS[i]} {TOPICS[(i + k) % 8]} shelf" in text, i


def test_a_script_link_in_a_sentence_stays() -> None:
    pages = [_framed(f"https://qa.example/story/{i:03d}", "Story", _story(i)) for i in range(12)]
    for i, result in enumerate(_site(pages)):
        assert _text(result).count("(search)") == 4, i
