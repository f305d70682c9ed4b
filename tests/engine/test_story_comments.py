"""A fallback no browser shows: a ``noembed`` block's text is never the page's text."""

from __future__ import annotations

from deboiler_gui.engine.clean.analysis import DEFAULT_CONFIG, analyse, make_spec
from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.document import cleaned_text
from deboiler_gui.engine.htmltree import parse_html, visible_text
from deboiler_gui.engine.model import Page

TOPICS = ["harbour", "council", "budget", "stadium", "library", "railway", "museum", "bridge"]


def _word(i: int) -> str:
    # a page's own word (digits are folded when pages are compared)
    return "".join(chr(ord("k") + int(d)) for d in str(i))


def _story(i: int, n: int) -> str:
    t = TOPICS[i % len(TOPICS)]
    return "".join(
        f"<p>Paragraph {k} of story {i} says what the {t} committee of {_word(i)} decided about the "
        f"{TOPICS[(i + k) % len(TOPICS)]} and why it took the members so long.</p>"
        for k in range(n)
    )


# ------------------------------------------------------------------ noembed


def test_a_noembed_fallback_is_never_text() -> None:
    fallback = (
        '<noembed><A HREF="http://ads.example/click?id=1"><IMG SRC="http://ads.example/1.gif">'
        "</A> Advertisement fallback</noembed>"
    )
    html = (
        f"<html><body><div id='story'>{_story(1, 3)}<embed src='ad.swf'>{fallback}</div>"
        "</body></html>"
    )
    root = parse_html(html)
    assert "HREF" not in visible_text(root) and "fallback" not in visible_text(root)
    assert "Advertisement" not in cleaned_text(parse_html(html))
    assert "Paragraph 2 of story 1" in cleaned_text(parse_html(html))
    # the page's analysis does not count it either: the story holds all of the text
    facts = analyse(root, make_spec("improved", DEFAULT_CONFIG))
    story = root.find(".//div")
    assert story is not None
    counted = {rec[0]: rec[2] for rec in facts.cands}
    assert counted[story] == facts.chars
    pages = [
        Page(url=f"https://ads.example/{i}", html=html.replace("story 1", f"story {i}"))
        for i in range(4)
    ]
    for result in DomainCleaner().fit(pages).transform(pages):
        assert "HREF" not in result.cleaned_text and "fallback" not in result.cleaned_text
