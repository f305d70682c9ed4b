"""A site too small to learn its template from (4 saved book-review pages), in a real window:
the Messages panel says so in the CLI's words and threshold, naming the switch; Site → Clean
page by page cleans each page with the page-level extractor, as ``clean --page-fallback``
does: the blocks it leaves out are marked in the boilerplate colour, the legend and the
content caption say the extractor took the content, and the page list's Boiler cells say so.
A site of 5 pages gets no such message."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from deboiler_gui.app.smallsite import FALLBACK_ACTION
from deboiler_gui.cli.site import small_site_hint
from deboiler_gui.gui.panels.legend import FALLBACK_BOILER_TEXT, LEGEND_TEXT

SHOTS = os.environ.get("DEBOILER_SHOTS", "")

BOOKS = [
    (
        "gatsby",
        "Gatsby, Thirty-Five Years Later",
        "Arthur Mizener",
        [
            "When The Great Gatsby first appeared in the spring of 1925, the reviewers were "
            "puzzled by a novel so short and so carefully made, and its sales were a "
            "disappointment to its author, who had hoped for a popular success.",
            "Read again today, the book seems less a period piece than a fable of American "
            "longing: Gatsby's green light across the bay is the promise every newcomer to the "
            "city has seen, and the valley of ashes the price the promise exacts.",
            "Nick Carraway, the narrator, is the book's real achievement, a witness honest "
            "enough to distrust his own honesty, who tells us more than he knows he does.",
        ],
    ),
    (
        "ulysses",
        "James Joyce's Amazing Chronicle",
        "Joseph Collins",
        [
            "Ulysses is the most important contribution that has been made to fictional "
            "literature in the twentieth century, and it is also the most difficult to read.",
            "Its author has undertaken to tell in seven hundred pages the events of a single "
            "day in Dublin, and he has set down with a fidelity that spares nothing the "
            "thoughts of three of its citizens from morning until the small hours.",
            "Few will read it through, and fewer will understand it at once; but no one who "
            "writes novels after it will be able to write as if it had not been written.",
        ],
    ),
    (
        "science-fiction",
        "Science Fiction: The New Frontier",
        "Basil Davenport",
        [
            "The anthologies of science fiction that have lately appeared show a branch of "
            "popular writing that has grown up almost unnoticed in the pulp magazines.",
            "Its best writers are men of real scientific training, who take a single change "
            "in the world we know and follow its consequences with a rigour that the older "
            "romances of the future never troubled to attempt.",
            "The stories collected here are uneven, but at their best they have the quality "
            "of a good argument: one closes the book still thinking about the premise.",
        ],
    ),
    (
        "last-tycoon",
        "Scott Fitzgerald's Last Novel",
        "J. Donald Adams",
        [
            "The Last Tycoon, which Scott Fitzgerald left unfinished at his death, is printed "
            "here with the notes and outlines from which he meant to complete it.",
            "Monroe Stahr, the producer at its centre, is drawn with a sympathy and an "
            "understanding of power that Fitzgerald had not shown since Gatsby.",
            "Even as a fragment it is the best novel we have about Hollywood, and its loss is "
            "one of the real misfortunes of American letters in our time.",
        ],
    ),
    (
        "middlemarch",
        "George Eliot's Provincial Life",
        "Virginia Woolf",
        [
            "Middlemarch is one of the few English novels written for grown-up people, and "
            "it rewards a second reading more than almost any book of its century.",
            "Dorothea Brooke's longing for a life of use, and the small town that meets it "
            "with suspicion and gossip, are set down without irony and without sentimentality.",
            "The book's scale never overwhelms its people: every one of them is seen from "
            "within, and every one is judged with a patience that is a kind of love.",
        ],
    ),
]

FOOTER = "Copyright 1998 The New York Times Company. Return to the Books Home Page"


def review_page(slug: str, title: str, critic: str, paragraphs: list[str]) -> str:
    others = "".join(f'<li><a href="{s}.html">{t}</a></li>' for s, t, _c, _p in BOOKS if s != slug)
    body = "".join(f"<p>{p}</p>" for p in paragraphs)
    return f"""<!DOCTYPE html><html><head><meta charset="utf-8"><title>{title}</title>
<style>body {{ font-family: Georgia, serif; }} nav a {{ margin-right: 1em; }}
.sidebar {{ float: right; width: 14em; font-size: 90%; }}</style></head>
<body><header class="masthead"><div class="logo">The New York Times Book Review</div>
<nav class="toolbar"><a href="/">Home</a> <a href="/sitemap.html">Site Index</a>
<a href="/search.html">Site Search</a> <a href="/forums.html">Forums</a>
<a href="/archives.html">Archives</a> <a href="/marketplace.html">Marketplace</a></nav></header>
<aside class="sidebar"><h3>More reviews</h3><ul>{others}</ul>
<p>Sign up for the weekly Books newsletter</p></aside>
<article class="review"><h1>{title}</h1><p class="byline">By {critic}</p>{body}</article>
<footer class="site-footer"><p>{FOOTER}</p>
<p>Help/Feedback | Classifieds | Services | New York Today</p></footer></body></html>"""


def review_site(folder: Path, books: int) -> Path:
    folder.mkdir()
    for slug, title, critic, paragraphs in BOOKS[:books]:
        (folder / f"{slug}.html").write_text(review_page(slug, title, critic, paragraphs))
    return folder


def _open(qtbot: Any, window: Any, folder: Path) -> list[tuple[str, str]]:
    finished: list[tuple[str, str]] = []
    window.job_finished.connect(lambda name, outcome: finished.append((name, outcome)))
    window.open_path(str(folder))
    qtbot.waitUntil(lambda: ("analyse", "finished") in finished, timeout=60000)
    assert ("fit", "finished") in finished, finished
    qtbot.waitUntil(lambda: window.page is not None and window.view.ready, timeout=10000)
    return finished


def _messages(window: Any) -> list[str]:
    return [window.messages.item(i).text() for i in range(window.messages.count())]


def test_a_four_page_site_is_said_too_small_and_can_be_cleaned_page_by_page(
    qtbot: Any, window: Any, tmp_path: Path, js: Any
) -> None:
    folder = review_site(tmp_path / "reviews", 4)
    _open(qtbot, window, folder)
    site = window.shown.site
    assert window.model is not None and window.model.stats["pages"] == 4
    # The CLI's hint, word for word up to its flag, then the switch that does the same here.
    cli_words = small_site_hint(site, 4).removeprefix("hint: ").split("; --page-fallback")[0]
    (said,) = [m for m in _messages(window) if cli_words in m]
    assert f"{FALLBACK_ACTION} cleans such a site page by page" in said
    assert "(clean --page-fallback)" in said and "⚠" not in said
    # Off by default: the site model's boilerplate, as before.
    assert window.legend.boxes["boiler"].text() == LEGEND_TEXT["boiler"]
    action = window.small_site.action
    (site_menu,) = [a.menu() for a in window.menuBar().actions() if a.text() == "&Site"]
    assert not action.isChecked() and action in site_menu.actions()
    before = window.messages.count()
    with qtbot.waitSignal(window.view.highlights_applied, timeout=30000):
        action.trigger()
        # The extractor works in the background: the switch returns at once, the pages come
        # when they are ready.
        assert window.small_site.busy and not window.small_site.active
    assert not window.small_site.busy and window.small_site.active
    said = _messages(window)[before:]
    assert any(
        f"{site} has 4 pages, too few to learn its template from (at least 5): its pages are "
        "cleaned page by page with the page-level extractor trafilatura" in m
        for m in said
    ), said
    assert any(f"4 pages of {site} cleaned by the page-level extractor" in m for m in said), said
    # The legend names what the boilerplate colour marks now, and the caption who took the
    # content, with the record's reason in its tooltip.
    assert window.legend.boxes["boiler"].text() == FALLBACK_BOILER_TEXT
    qtbot.waitUntil(lambda: window.legend.caption.isVisible(), timeout=5000)
    assert window.legend.caption.text().startswith("Content: page by page")
    assert "too few to learn its template from (at least 5)" in window.legend.caption.toolTip()
    # The blocks the extractor left out are marked in the page: the masthead, the sidebar and
    # the footer (and the byline, which it keeps as metadata), never the review's paragraphs.
    marks = js(window.view, "window.__deboiler.marks()")
    marked = [window.stamped.element(s) for s in marks.get("boiler", [])]
    assert {"header", "aside", "footer"} <= {el.tag for el in marked}, marked
    inside = [el for el in marked if any(a.tag == "article" for a in el.iterancestors())]
    assert [el.get("class") for el in inside] == ["byline"]
    title = window.page.html.split("<title>")[1].split("</title>")[0]
    (_s, _t, _c, paragraphs) = next(b for b in BOOKS if b[1] == title)
    texts = [" ".join(el.text_content().split()) for el in marked]
    assert not any(p[:40] in t for p in paragraphs for t in texts)
    # The page list's Boiler cells are the extractor's, and say so.
    model = window.page_model
    row = model.row_of(window.page.url)
    tip = model.data(model.index(row, 2), 0x03)  # ToolTipRole
    assert "Cleaned page by page by the page-level extractor" in tip
    assert model.data(model.index(row, 2)).endswith("%")
    # Show cleaned page: the extractor's content, without the footer.
    with qtbot.waitSignal(window.view.loadFinished, timeout=10000):
        window.cleaned_action.setChecked(True)
    text = js(window.view, "JSON.stringify(document.body.innerText)")
    assert "Nick Carraway" in text or "Monroe Stahr" in text or "Ulysses" in text
    assert "Copyright 1998" not in text and "Site Index" not in text
    with qtbot.waitSignal(window.view.loadFinished, timeout=10000):
        window.cleaned_action.setChecked(False)
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        qtbot.wait(500)
        window.grab().save(str(Path(SHOTS) / "small-site-fallback.png"))
    # Off again: the site model's highlights and caption come back.
    with qtbot.waitSignal(window.view.highlights_applied, timeout=30000):
        action.trigger()
    assert window.legend.boxes["boiler"].text() == LEGEND_TEXT["boiler"]
    qtbot.waitUntil(
        lambda: not window.legend.caption.text().startswith("Content: page by page"), timeout=5000
    )
    assert "Cleaned page by page" not in (model.data(model.index(row, 2), 0x03) or "")


def test_a_five_page_site_is_not_said_too_small(qtbot: Any, window: Any, tmp_path: Path) -> None:
    folder = review_site(tmp_path / "reviews", 5)
    _open(qtbot, window, folder)
    assert window.model is not None and window.model.stats["pages"] == 5
    assert not [m for m in _messages(window) if "too few to learn" in m]
    window.small_site.action.trigger()  # no site too small: nothing changes
    assert window.legend.boxes["boiler"].text() == LEGEND_TEXT["boiler"]
    assert not window.small_site.active
