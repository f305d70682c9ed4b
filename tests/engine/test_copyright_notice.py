"""A copyright notice outside the content slot goes, whoever the page's publisher is; the
same words inside the content stay."""

from __future__ import annotations

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.clean.cleaning import _copyright_notice
from deboiler_gui.engine.clean.explain import removal_reason
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page

TOPICS = ["harbour", "council", "budget", "stadium", "library", "railway", "museum", "bridge"]
AGENCIES = ["The Associated Press", "Reuters Limited", "Agence France Presse", "Forbes.com Inc."]


def _word(i: int) -> str:
    # a page's own word (digits are folded when pages are compared)
    return "".join(chr(ord("k") + int(d)) for d in str(i))


def _page(i: int) -> Page:
    t = TOPICS[i % len(TOPICS)]
    story = "".join(
        f"<p>Paragraph {k} of story {i} says what the {t} committee of {_word(i)} decided about "
        f"the {TOPICS[(i + k) % len(TOPICS)]} and why it took the members so long.</p>"
        for k in range(6)
    )
    if i % 3 == 0:
        # a story about copyright: its own sentence opening with the word stays
        story += (
            f"<p>Copyright © 2004 of the {t} photographs stays with {_word(i)}, the council said,"
            " and all rights reserved by the archive are kept.</p>"
        )
    # each page its agency's notice, each a different year: nothing repeats site-wide
    agency = AGENCIES[i % len(AGENCIES)]
    notice = (
        f"Copyright © {2000 + i % 9} {agency}. All rights reserved. The information contained"
        f" in the {agency} story {_word(i)} may not be published, broadcast or redistributed."
    )
    html = f"""<html><head><title>Story {i}</title></head><body>
<div id="top"><a href="/">Home</a> <a href="/world">World</a> <a href="/about">About</a></div>
<div id="wrap"><div id="story"><h1>Story {i}</h1>{story}</div>
<div class="legal"><p>{notice}</p></div></div>
<div id="foot"><a href="/help">Help</a> <a href="/terms">Terms</a></div></body></html>"""
    return Page(url=f"https://wire.example/s/{i:03d}.html", html=html)


def test_a_copyright_notice_outside_the_content_goes() -> None:
    pages = [_page(i) for i in range(24)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results):
        text = " ".join(result.cleaned_text.split())
        assert "Paragraph 5 of story" in text, i
        assert "may not be published" not in text, (i, text[-200:])
        notices = [r for r in result.removed if r.detector == "notice"]
        assert notices and notices[0].representation == "copyright", (i, result.removed)
        if i % 3 == 0:
            assert "Copyright © 2004 of the" in text, i
    name, _rule, reason = removal_reason("notice", "copyright")
    assert name == "copyright notice" and "outside the content slot" in reason


def test_what_a_copyright_notice_is() -> None:
    def notice(html: str) -> bool:
        el = parse_html(f"<html><body>{html}</body></html>").find(".//body/*")
        assert el is not None
        return _copyright_notice(el)

    assert notice("<p>Copyright © 2005 Reuters Limited. All rights reserved.</p>")
    assert notice("<center>© 2000 Forbes.com Inc.</center>")
    assert notice("<div>(c) 2014 Example Ltd</div>")
    assert notice("<p>Copyright Example Press, all rights reserved</p>")
    # a label, a sentence about copyright, a heading: no notice
    assert not notice("<th>Copyright</th>")
    assert not notice("<p>Copyright law changed in many ways after the vote of the council.</p>")
    assert not notice("<p>(c) the third item of the list</p>")
    assert not notice("<div><h2>Copyright © 2005</h2><p>The licence of this manual.</p></div>")
    # a module's fields, its copyright the first, with its name after them: no notice
    assert not notice(
        '<div><table class="info"><tr><th>Copyright</th><td>(c) Roman 2008-2010</td></tr>'
        "<tr><th>License</th><td>BSD-style</td></tr></table>"
        '<p class="caption">Data.Vector</p></div>'
    )
