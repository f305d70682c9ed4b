"""A column of titled boxes right beside the story's column (a photo, "RELATED QUOTES", "ALSO
IN NEWS", each box a short label over a headline) goes even where the template is on too few
pages for its place to be learnt; a documentation section beside the content, opened by its
own heading ("See also" with its "Functions" and "Types"), stays."""

from __future__ import annotations

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import Page

TOPICS = ["harbour", "council", "budget", "stadium", "library", "railway", "museum", "bridge"]


def _paragraphs(i: int, t: str) -> str:
    return "".join(
        f"<p>Paragraph {n} of the {t} story number {i} tells what the {t} committee said about "
        f"{TOPICS[(i + n) % len(TOPICS)]} and why the decision took so long this time.</p>"
        for n in range(6)
    )


def _news_page(i: int) -> Page:
    t = TOPICS[i % len(TOPICS)]
    other = TOPICS[(i + 3) % len(TOPICS)]
    # each box: a heading, one headline link, a line of text; the column is not mostly links,
    # and each page words its boxes differently
    side = f"""<div id="side">
<div class="box"><h4>ALSO IN NEWS</h4><div><a href="/s/{i + 1}">The {other} vote explained</a>
</div><p>What the {other} vote means.</p></div>
<div class="box"><h4>TECH NOTES</h4><div><a href="/t/{i}">Digital homes this week</a></div>
<p>Your {t} devices, anywhere.</p></div>
<div class="box"><h4>HOT NEWS</h4><div><a href="/h/{i}">Popular {t} stories</a></div>
<p>The most read {t} stories.</p></div></div>"""
    html = f"""<html><head><title>{t.title()} story {i} - Daily</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/local">Local</a> <a href="/sport">Sport</a></div>
<div id="wrap"><div id="main"><h1>{t.title()} story {i}</h1>
<div id="story">{_paragraphs(i, t)}</div>{side}</div></div>
<div id="foot"><a href="/about">About</a> <a href="/terms">Terms</a></div>
</body></html>"""
    return Page(url=f"https://daily.example/s/{i:03d}", html=html)


def test_a_column_of_titled_boxes_beside_the_story_goes() -> None:
    pages = [_news_page(i) for i in range(6)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results):
        text = " ".join(result.cleaned_text.split())
        assert "Paragraph 5 of the" in text, i
        assert "Paragraph 0 of the" in text, i
        for gone in ("ALSO IN NEWS", "TECH NOTES", "Digital homes this week", "vote means"):
            assert gone not in text, (i, gone)
        assert any(
            r.detector == "label" and r.representation == "box column" for r in result.removed
        ), i


def _doc_page(i: int) -> Page:
    t = TOPICS[i % len(TOPICS)]
    body = "".join(
        f"<p>The {t}_open function number {n} of module {i} opens the {t} and returns a handle "
        f"that later calls use; it fails when the {t} is locked.</p>"
        for n in range(6)
    )
    # a section of the page's own text beside the main one: its heading first, then two
    # labelled references with a word on each
    see_also = f"""<div class="section" id="see-also"><h2>See also</h2>
<h3>Functions</h3><p><a href="/ref/{t}_close.html">{t}_close_handle_now</a> closes the handle
again for good.</p><h3>Types</h3><p><a href="/ref/{t}_handle.html">{t}_handle_structure</a> holds all the
handle's own state.</p></div>"""
    html = f"""<html><head><title>{t}_open - Manual</title></head><body>
<div id="nav"><a href="/">Index</a> <a href="/ref/">Reference</a> <a href="/faq">FAQ</a></div>
<div id="document"><div class="section" id="{t}-open"><h1>{t}_open</h1>{body}</div>
{see_also}</div>
<div id="foot"><a href="/copyright">Copyright</a></div></body></html>"""
    return Page(url=f"https://docs.example/ref/{t}_open_{i}.html", html=html)


def test_a_documentation_section_under_its_own_heading_stays() -> None:
    pages = [_doc_page(i) for i in range(6)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results):
        text = " ".join(result.cleaned_text.split())
        t = TOPICS[i % len(TOPICS)]
        assert f"{t}_open function number 5" in text, i
        for kept in ("See also", "Functions", f"{t}_close_handle_now", f"{t}_handle_structure"):
            assert kept in text, (i, kept)
