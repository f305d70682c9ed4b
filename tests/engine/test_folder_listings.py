"""A server's listing of a folder ("Index of /…": the folder's entries under its heading, then
the server's signature) keeps its entries; the signature, the same on every listing, goes."""

from __future__ import annotations

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import Page

SIGNATURE = "Apache/2.4.6 (CentOS) OpenSSL/1.0.2k-fips Server at files.example Port 80"
KINDS = ["csv", "names", "zip", "txt", "data", "pdf"]


def _word(i: int) -> str:
    # a page's own word (digits are folded when pages are compared)
    return "".join(chr(ord("k") + int(d)) for d in str(i))


def _article(i: int) -> Page:
    prose = "".join(
        f"<p>The {_word(i)} collection holds records of the {_word(i + k)} survey, measured "
        f"over several seasons and described here with its attributes and sources.</p>"
        for k in range(4)
    )
    html = f"""<html><head><title>Data set {i}</title></head><body>
<table class="top"><tr><td><a href="/">Home</a> | <a href="/about">About</a> |
<a href="/sets">Data sets</a> | <a href="/contact">Contact</a></td></tr></table>
<table class="page"><tr><td><h1>Data set {_word(i)}</h1>{prose}</td></tr></table>
<center>Supported by the foundation. <a href="/policy">Citation policy</a></center>
</body></html>"""
    return Page(url=f"https://files.example/sets/{i:03d}.html", html=html)


def _listing(i: int, entries: int) -> Page:
    items = "".join(
        f'<li><a href="{_word(i)}-{k}.{KINDS[k % len(KINDS)]}"> '
        f"{_word(i)}-{_word(k)}.{KINDS[k % len(KINDS)]}</a></li>\n"
        for k in range(entries)
    )
    html = f"""<html><head><title>Index of /db/{_word(i)}</title></head><body>
<h1>Index of /db/{_word(i)}</h1>
<ul><li><a href="/db/"> Parent Directory</a></li>
{items}</ul>
<address>{SIGNATURE}</address>
</body></html>"""
    return Page(url=f"https://files.example/db/{i:03d}/", html=html)


def _site() -> list[Page]:
    pages = [_article(i) for i in range(16)]
    # most listings hold a file or two, some many
    pages += [_listing(i, 1 + (i % 3 == 0) + (30 if i % 5 == 0 else 0)) for i in range(20, 42)]
    return pages


def test_a_folder_listing_keeps_its_entries_and_loses_the_signature() -> None:
    pages = _site()
    results = list(DomainCleaner().fit(pages).transform(pages))
    by_url = {p.url: r for p, r in zip(pages, results, strict=True)}
    for page in pages:
        text = " ".join(by_url[page.url].cleaned_text.split())
        if "/db/" not in page.url:
            assert "survey, measured over several seasons" in text, (page.url, text)
            continue
        i = int(page.url.rstrip("/").rsplit("/", 1)[1])
        assert f"Index of /db/{_word(i)}" in text, (page.url, text)
        assert f"{_word(i)}-{_word(0)}.csv" in text, (page.url, text)
        assert "Apache/2.4.6" not in text, (page.url, text)
        gone = [r.detector for r in by_url[page.url].removed]
        assert "slot" not in gone, (page.url, by_url[page.url].removed)


def test_the_listing_is_the_content_said_by_explain() -> None:
    from deboiler_gui.engine.clean.cleaning import content_of
    from deboiler_gui.engine.htmltree import parse_html

    pages = _site()
    model = DomainCleaner().fit(pages).model_
    assert model is not None
    short = next(p for p in pages if p.url.endswith("/021/"))
    said = content_of(parse_html(short.html), model)
    assert said["slot"] == "/html/body", said
    assert "repeats word for word" in said["reason"], said
