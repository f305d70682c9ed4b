"""A JSON-lines record that names no content type is read as HTML only when its text may be
HTML: an API's JSON, a PDF's bytes, a feed or a text file is skipped with its type, page by
page, and the run goes on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from deboiler_gui.engine.clean.pipeline import run_steps
from deboiler_gui.engine.sources import iter_jsonl, skip_reason, sniff_content_type

PDF_BYTES = (
    b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n"
    b"2 0 obj\n<< /Length 44 /Filter /FlateDecode >>\nstream\nx\x9c\x0b\xc9\xc8,V\x00"
    b"\xa2D\x85\xe2\x92\xa2\xd4\xc4\\\x00\xe8\x1e\x0c\x1d\nendstream\nendobj\ntrailer\n"
    b"<< /Root 1 0 R >>\n%%EOF\n"
)

API_JSON = json.dumps(
    {
        "articles": [
            {"id": 4411, "title": "Rose pruning in March", "body": "<p>Cut back <b>hard</b>.</p>"},
            {"id": 4412, "title": "Tulips after flowering", "body": "<p>Let the leaves die.</p>"},
        ],
        "next": "/api/articles?page=2",
    }
)

README = """GARDEN CLUB NEWSLETTER
======================

Spring meeting: bring seeds to swap, and cuttings in damp paper.
Dues are 5 a year; a < b comparisons are not tags.
"""

RSS = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<!-- feed -->\n<rss version="2.0"><channel>'
    "<title>Garden news</title><item><title>Roses</title><link>http://g.test/roses</link>"
    "</item></channel></rss>"
)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        (API_JSON, "application/json"),
        ('\n  [1, 2, {"a": null}]\n', "application/json"),
        (PDF_BYTES.decode("latin-1"), "application/pdf"),
        ("\ufeff\n" + PDF_BYTES.decode("utf-8", "replace"), "application/pdf"),
        (README, "text/plain"),
        (RSS, "application/rss+xml"),
        (
            '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>',
            "application/atom+xml",
        ),
        ('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>', None),  # no prolog: may be HTML
        ('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>', "image/svg+xml"),
    ],
)
def test_plainly_other_text_is_sniffed(text: str, kind: str | None) -> None:
    assert sniff_content_type(text) == kind


@pytest.mark.parametrize(
    "text",
    [
        "<html><body><p>Roses</p></body></html>",
        "<p>A fragment of a page, no html element around it.</p>",
        "Some words before <b>markup</b> still make a page.",
        '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml"><body><p>x</p></body></html>',
        "{{ title }} <div>a template's page, not JSON</div>",
        "<!-- only a comment, then text -->",
        "x\x00y",  # too short to tell
        "Short note.",
    ],
)
def test_what_may_be_html_is_not_sniffed(text: str) -> None:
    assert sniff_content_type(text) is None


def _page(n: int) -> str:
    return (
        "<html><head><title>Garden {n}</title></head><body>"
        "<div id='menu'><a href='/'>Home</a> <a href='/roses'>Roses</a> <a href='/tulips'>Tulips</a>"
        " <a href='/club'>Club</a></div>"
        "<div id='main'><h1>Garden note {n}</h1><p>Note {n}: "
        + " ".join(f"word{n}x{i}" for i in range(40))
        + ".</p></div><div id='foot'><a href='/about'>About the garden club</a></div>"
        "</body></html>"
    ).format(n=n)


def _records(junk: bool) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = [
        {"url": f"http://g.test/note{n}.html", "html": _page(n)} for n in range(8)
    ]
    if junk:
        records[2:2] = [
            {"url": "http://g.test/api/articles", "html": API_JSON},
            {"url": "http://g.test/club.pdf", "html": PDF_BYTES.decode("latin-1")},
            {"url": "http://g.test/README", "html": README},
            {"url": "http://g.test/feed", "html": RSS},
            # a type given is the record's word: JSON said to be HTML is cleaned as HTML
            {"url": "http://g.test/said-html", "html": API_JSON, "content_type": "text/html"},
        ]
    return records


def _run(tmp_path: Path, records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    gen = run_steps([src], out)
    while True:
        try:
            next(gen)
        except StopIteration:
            break
    return {r["url"]: r for r in map(json.loads, out.read_text(encoding="utf-8").splitlines())}


def test_records_without_a_type_are_skipped_with_their_type(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    got = _run(tmp_path / "a", _records(junk=True))
    assert got["http://g.test/api/articles"]["status"] == "skipped"
    assert got["http://g.test/api/articles"]["error"] == "not HTML (application/json)"
    assert got["http://g.test/club.pdf"]["error"] == "not HTML (application/pdf)"
    assert got["http://g.test/README"]["error"] == "not HTML (text/plain)"
    assert got["http://g.test/feed"]["error"] == "not HTML (application/rss+xml)"
    assert got["http://g.test/said-html"]["status"] == "ok"
    assert "Rose pruning" in got["http://g.test/said-html"]["cleaned_text"]
    # the pages around them are cleaned, and learnt from as if the others were not there
    (tmp_path / "b").mkdir()
    alone = _run(tmp_path / "b", _records(junk=False))
    for url, rec in alone.items():
        assert got[url]["status"] == "ok"
        assert got[url]["cleaned_text"] == rec["cleaned_text"]
        assert "Garden note" in rec["cleaned_text"]
        assert "About the garden club" not in rec["cleaned_text"]


def test_the_reader_names_the_type_and_says_why(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text(
        json.dumps({"url": "http://g.test/api", "html": API_JSON})
        + "\n"
        + json.dumps({"url": "http://g.test/n", "html": _page(1)})
        + "\n",
        encoding="utf-8",
    )
    with src.open("rb") as f:
        pages = list(iter_jsonl(f, str(src)))
    assert [p.content_type for p in pages] == ["application/json", "text/html"]
    assert skip_reason(pages[0]) == "not HTML (application/json)"
    assert skip_reason(pages[1]) is None
    assert "no content_type, and the text is JSON, not HTML" in caplog.text


RSD = (
    '<?xml version="1.0" encoding="UTF-8"?><rsd version="1.0" '
    'xmlns="http://archipelago.phrasewise.com/rsd">\n\t<service>\n\t\t<engineName>WordPress'
    "</engineName>\n\t\t<homePageLink>http://g.test/</homePageLink>\n\t</service>\n</rsd>"
)
MANIFEST = (
    '<?xml version="1.0" encoding="utf-8" ?>\n\n<manifest '
    'xmlns="http://schemas.microsoft.com/wlw/manifest/weblog">\n  <options>\n'
    "    <clientType>WordPress</clientType>\n  </options>\n</manifest>"
)
SITEMAP = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset '
    'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://g.test/roses</loc>'
    "<lastmod>2024-03-01</lastmod></url></urlset>"
)
XHTML = (
    '<?xml version="1.0" encoding="utf-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml">'
    "<body><p>Roses in spring, pruned hard.</p></body></html>"
)


@pytest.mark.parametrize("text", [RSD, MANIFEST, SITEMAP])
def test_xml_documents_that_are_no_page_are_sniffed(text: str) -> None:
    assert sniff_content_type(text) == "application/xml"


def test_xml_documents_that_are_no_page_are_skipped_with_their_root(tmp_path: Path) -> None:
    records = _records(junk=False)
    records[3:3] = [
        {"url": "http://g.test/xmlrpc.php?rsd", "html": RSD},
        {"url": "http://g.test/wlwmanifest.xml", "html": MANIFEST},
        # a type given: an XML type is also sent for XHTML, so the root tells
        {"url": "http://g.test/sitemap.xml", "html": SITEMAP, "content_type": "text/xml"},
        {"url": "http://g.test/page.xhtml", "html": XHTML, "content_type": "application/xml"},
        {"url": "http://g.test/page2.xhtml", "html": XHTML},
    ]
    got = _run(tmp_path, records)
    assert got["http://g.test/xmlrpc.php?rsd"]["status"] == "skipped"
    assert got["http://g.test/xmlrpc.php?rsd"]["error"] == "not HTML (an XML document, root <rsd>)"
    assert got["http://g.test/wlwmanifest.xml"]["error"] == (
        "not HTML (an XML document, root <manifest>)"
    )
    assert got["http://g.test/sitemap.xml"]["status"] == "skipped"
    assert got["http://g.test/sitemap.xml"]["error"] == "not HTML (an XML document, root <urlset>)"
    for url in ("http://g.test/page.xhtml", "http://g.test/page2.xhtml"):
        assert got[url]["status"] == "ok", url
        assert "Roses in spring" in got[url]["cleaned_text"], url
