"""A manual written as texi2any writes it: a page per chapter, and a stub per section that
sends the reader on at once (``<meta http-equiv="Refresh" content="0; url=…">`` and "The node
you are looking for is at …"), the stubs outnumbering the real pages. The stubs are no pages
of the site's template: the model learns from the real pages alone, which are cleaned as they
would be without the stubs (a chapter's menu, whose entries the index repeats, stays)."""

from __future__ import annotations

from deboiler_gui.engine.clean.boilerplate import DomainCleaner, redirect_stub
from deboiler_gui.engine.model import Page

BASE = "http://manual.local/"
CHAPTERS = ["Invocation", "Files", "Grammar", "Redirection", "Expansion", "Options", "History"]


def _bar(k: int) -> str:
    return (
        '<table class="header"><tr>'
        f'<td>[<a href="c{k - 1}.html" title="Previous">&lt;</a>]</td>'
        '<td>[<a href="index.html" title="Up">Up</a>]</td>'
        f'<td>[<a href="c{k + 1}.html" title="Next">&gt;</a>]</td></tr></table>'
    )


def _sections(k: int) -> list[str]:
    return [f"{k}.{j} {CHAPTERS[k]} part {j}" for j in range(1, 4)]


def real_pages() -> list[Page]:
    pages = []
    for k, name in enumerate(CHAPTERS):
        menu = "".join(
            f'<tr><td><a href="#s{j}">{s}</a></td></tr>' for j, s in enumerate(_sections(k), 1)
        )
        body = "".join(
            f"<h2>{s}</h2><p>What {s.lower()} says about {name.lower()}, in a few words "
            f"of its own, number {k * 10 + j}.</p>"
            for j, s in enumerate(_sections(k), 1)
        )
        pages.append(
            Page(
                f"{BASE}c{k}.html",
                f'<html><body lang="en"><div class="chapter">{_bar(k)}<h1>{k} {name}</h1>'
                f'<p>The {name.lower()} chapter.</p><table class="menu">{menu}</table>{body}'
                "</div></body></html>",
            )
        )
    index = "".join(
        f'<tr><td><a href="c{k}.html#s{j}">{s}</a></td></tr>'
        for k in range(len(CHAPTERS))
        for j, s in enumerate(_sections(k), 1)
    )
    pages.append(
        Page(
            f"{BASE}index.html",
            f'<html><body lang="en"><div class="unnumbered">{_bar(99)}<h1>Index</h1>'
            f'<table class="index">{index}</table></div></body></html>',
        )
    )
    return pages


def stubs() -> list[Page]:
    out = []
    for k, name in enumerate(CHAPTERS):
        for j, s in enumerate(_sections(k), 1):
            target = f"c{k}.html#s{j}"
            out.append(
                Page(
                    f"{BASE}{name}-part-{j}.html",
                    '<html><head><meta http-equiv="Refresh" content="0; url='
                    f'{target}"><title>{s}</title></head><body lang="en"><p>The node you are '
                    f'looking for is at <a href="{target}">{s}</a>.</p></body></html>',
                )
            )
    return out


def test_stubs_that_send_the_reader_on_are_not_learned_from() -> None:
    real, stub = real_pages(), stubs()
    assert all(redirect_stub(p.html) for p in stub)
    assert not any(redirect_stub(p.html) for p in real)
    alone = DomainCleaner().fit(real)
    mixed = DomainCleaner().fit(real + stub)
    assert mixed.model_ is not None
    stats = mixed.model_.stats
    assert stats["pages"] == len(real) and stats["pages_redirect"] == len(stub), stats
    assert stats["pages_not_ok"] == 0, stats
    by_url = {r.url: r.cleaned_text for r in alone.transform(real)}
    for r in mixed.transform(real):
        assert r.cleaned_text == by_url[r.url], r.url
        if r.url.endswith("c2.html"):
            for s in _sections(2):  # the chapter's menu and its sections
                assert r.cleaned_text.count(s) == 2, (s, r.cleaned_text)


def test_a_refresh_that_waits_or_goes_nowhere_is_no_stub() -> None:
    assert redirect_stub("<meta content='0;URL=a.html' http-equiv='REFRESH'>")
    assert not redirect_stub('<meta http-equiv="refresh" content="30; url=a.html">')
    assert not redirect_stub('<meta http-equiv="refresh" content="60">')
