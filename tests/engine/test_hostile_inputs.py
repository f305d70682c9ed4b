"""Hostile records in inputs: each becomes a per-page error or a readable page, the run goes on
and its output holds every input page with its status."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from deboiler_gui.engine.clean.pipeline import run_steps
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import STATUS_UNREADABLE, Page
from deboiler_gui.engine.sources import iter_jsonl, iter_warc, page_from_bytes
from deboiler_gui.engine.store import Workspace

GOOD = (
    "<html><body><h1>Roses</h1><p>Roses like sun and a little water every week.</p></body></html>"
)


def drain(gen: Any) -> Any:
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def run(tmp_path: Path, inputs: list[Path]) -> dict[str, dict[str, Any]]:
    out = tmp_path / "out.jsonl"
    drain(run_steps(inputs, out))
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    return {r["url"]: r for r in records}


def jsonl(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def good(n: int) -> str:
    return json.dumps({"url": f"http://a.test/{n}", "html": GOOD})


def test_lone_surrogate_in_html_is_kept_as_replacement_character(tmp_path: Path) -> None:
    bad = '{"url": "http://a.test/s", "html": "<html><body><p>Tulips \\udfff bloom in spring sun.</p></body></html>"}'
    records = run(tmp_path, [jsonl(tmp_path, [good(1), bad, good(2)])])
    assert set(records) == {"http://a.test/1", "http://a.test/s", "http://a.test/2"}
    assert records["http://a.test/s"]["status"] == "ok"
    assert "Tulips \ufffd bloom" in records["http://a.test/s"]["cleaned_text"]


@pytest.mark.parametrize(
    "status", ["1e20", "Infinity", "-Infinity", "99999999999999999999", "-7", "1000", "true"]
)
def test_impossible_json_status_is_that_pages_error(tmp_path: Path, status: str) -> None:
    bad = '{"url": "http://a.test/x", "html": "<p>x</p>", "status": ' + status + "}"
    records = run(tmp_path, [jsonl(tmp_path, [good(1), bad, good(2)])])
    assert len(records) == 3
    rec = records["http://a.test/x"]
    assert rec["status"] == "error" and rec["http_status"] == STATUS_UNREADABLE
    assert "HTTP status" in rec["error"]
    assert records["http://a.test/1"]["status"] == "ok"


def test_integer_of_5000_digits_is_an_invalid_record(tmp_path: Path) -> None:
    bad = '{"url": "http://a.test/x", "html": "<p>x</p>", "status": ' + "9" * 5000 + "}"
    pages = list(iter_jsonl(io.BytesIO((bad + "\n").encode()), "in.jsonl"))
    assert len(pages) == 1 and pages[0].error is not None and "invalid JSON" in pages[0].error


def test_warc_status_line_too_large_for_sqlite(tmp_path: Path) -> None:
    path = tmp_path / "in.warc"
    with path.open("wb") as f:
        writer = WARCWriter(f, gzip=False)
        for url, line in [
            ("http://a.test/1", "200 OK"),
            ("http://a.test/big", "99999999999999999999 X"),
            ("http://a.test/2", "200 OK"),
        ]:
            headers = StatusAndHeaders(line, [("Content-Type", "text/html")], protocol="HTTP/1.1")
            rec = writer.create_warc_record(
                url, "response", payload=io.BytesIO(GOOD.encode()), http_headers=headers
            )
            writer.write_record(rec)
            rec.raw_stream.close()
    with path.open("rb") as stream:
        pages = list(iter_warc(stream, str(path)))
    assert [p.url for p in pages] == ["http://a.test/1", "http://a.test/big", "http://a.test/2"]
    records = run(tmp_path, [path])
    assert records["http://a.test/big"]["status"] == "error"
    assert "99999999999999999999" in records["http://a.test/big"]["error"]
    assert records["http://a.test/2"]["status"] == "ok"


@pytest.mark.parametrize("ref", ["&#27;", "&#1;", "&#xFFFE;", "&#xffff;", "&#X0000001B;", "&#27"])
def test_reference_to_a_control_character_keeps_the_page(tmp_path: Path, ref: str) -> None:
    html = f"<html><body><h1 title='a{ref}b'>Roses</h1><p>Roses like sun{ref} and water.</p></body></html>"
    root = parse_html(html)
    assert root.find(".//p").text == "Roses like sun  and water."
    assert root.find(".//h1").get("title") == "a b"
    records = run(
        tmp_path,
        [jsonl(tmp_path, [good(1), json.dumps({"url": "http://a.test/c", "html": html}), good(2)])],
    )
    assert records["http://a.test/c"]["status"] == "ok", records["http://a.test/c"]["error"]


def test_ordinary_references_are_untouched() -> None:
    root = parse_html("<p>&#65;&#x42;&#128;&amp;#27;&#0;</p>")
    assert root.find(".//p").text == "AB\u20ac&#27;\ufffd"


def test_binary_data_in_a_json_html_string_is_an_error_page(tmp_path: Path) -> None:
    png = "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + "".join(chr(b) for b in range(256)) * 2
    noise = "".join(chr((i * 7919 + 13) % 256) for i in range(600))
    lines = [
        good(1),
        json.dumps({"url": "http://a.test/png", "html": png}),
        json.dumps({"url": "http://a.test/noise", "html": noise}),
        good(2),
    ]
    records = run(tmp_path, [jsonl(tmp_path, lines)])
    assert (
        records["http://a.test/png"]["status"] == "error"
        and "binary" in records["http://a.test/png"]["error"]
    )
    assert (
        records["http://a.test/noise"]["status"] == "error"
        and "binary" in records["http://a.test/noise"]["error"]
    )
    assert records["http://a.test/1"]["status"] == "ok"


def test_text_with_accents_and_cjk_is_not_binary(tmp_path: Path) -> None:
    text = "<p>Grüße aus München — 東京の庭 — naïve café</p>" * 20
    pages = list(
        iter_jsonl(
            io.BytesIO((json.dumps({"url": "http://a.test/t", "html": text}) + "\n").encode()), "x"
        )
    )
    assert pages[0].error is None


def test_store_never_fails_on_surrogates_or_huge_status(tmp_path: Path) -> None:
    page = Page(
        "http://a.test/\udfff",
        "<p>\ud800</p>",
        status=10**30,
        headers={"X\udc80": "y"},
        source="s\udfff",
    )
    with Workspace(tmp_path / "w.sqlite") as ws:
        assert ws.add_pages([page, Page("http://a.test/ok", GOOD)]) == 2
        stored = {p.url: p for p in ws.iter_pages()}
    bad = stored["http://a.test/\ufffd"]
    assert (
        bad.html == "<p>\ufffd</p>"
        and bad.status == STATUS_UNREADABLE
        and "not a status" in (bad.error or "")
    )
    assert stored["http://a.test/ok"].html == GOOD


@pytest.mark.parametrize("data", [b"\x82ab", b"ab\x82", b"<p>\xe4\xb8", b"\x82"])
@pytest.mark.parametrize("label", ["x-cp1252", "latin-1", "iso-8859-1"])
def test_single_byte_label_with_a_stray_utf8_byte_decodes(data: bytes, label: str) -> None:
    page = page_from_bytes("http://a.test/p", data, content_type=f"text/html; charset={label}")
    assert page.error is None and page.encoding == "cp1252" and page.html == data.decode("cp1252")


def test_single_byte_label_on_real_utf8_still_reads_utf8() -> None:
    data = "<p>caf\u00e9 \u6771\u4eac</p>".encode()
    page = page_from_bytes("http://a.test/p", data, content_type="text/html; charset=iso-8859-1")
    assert page.encoding == "utf-8" and "caf\u00e9 \u6771\u4eac" in page.html


@pytest.mark.parametrize(
    "html",
    [
        "<p>Hi\x00</p>",
        "<b>\x00</b>",
        "<p>a\x00b\x00c</p>",
        "<html><body><p>Roses like sun\x00 and water.</p></body></html>",
        "x\x00y",
    ],
)
def test_a_few_nuls_in_readable_text_are_not_binary(tmp_path: Path, html: str) -> None:
    assert page_from_bytes("http://a.test/n", html.encode()).error is None
    assert page_from_bytes("http://a.test/n", html.encode("cp1252")).error is None
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "n.html").write_bytes(html.encode())
    (folder / "ok.html").write_text(GOOD, encoding="utf-8")
    records = run(
        tmp_path, [folder, jsonl(tmp_path, [json.dumps({"url": "http://j/n", "html": html})])]
    )
    for url, rec in records.items():
        assert rec["status"] == "ok", (url, rec["error"])
    text = "".join(r["cleaned_text"] for r in records.values())
    assert "\x00" not in text


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"\x00" * 40, "NUL bytes"),
        (b"\x00\x00\x00", "NUL bytes"),
        (b"\x89PNG\r\n\x1a\n" + bytes(range(256)), "starts with"),
        (bytes((i * 7919 + 13) % 256 for i in range(600)), "not text"),
        (b"<p>" + b"\x00\xff\x01\x92" * 100 + b"</p>", "binary"),
    ],
)
def test_binary_bytes_are_still_binary(data: bytes, words: str) -> None:
    err = page_from_bytes("http://a.test/b", data).error
    assert err is not None and words in err


def test_a_file_name_that_is_not_utf8_is_a_page(tmp_path: Path) -> None:
    import os

    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "ok.html").write_text(GOOD, encoding="utf-8")
    with open(os.path.join(os.fsencode(folder), b"caf\xe9-\xff.html"), "wb") as f:
        f.write(GOOD.encode())
    records = run(tmp_path, [folder])
    assert set(records) == {"http://site.local/ok.html", "http://site.local/caf%E9-%FF.html"}
    assert all(r["status"] == "ok" for r in records.values())


def test_a_start_tag_of_100000_attributes_parses_in_a_moment() -> None:
    """libxml2 compares each attribute with the tag's others (minutes for 100,000, in C where
    no time limit reaches): the tag keeps its first 1,000; its text and the page stay."""
    import time

    attrs = " ".join(f'a{i}="v"' for i in range(100_000))
    started = time.monotonic()
    root = parse_html(f"<html><body><p {attrs}>kept text</p><div>after</div></body></html>")
    assert time.monotonic() - started < 10  # unbounded before: over 100 s
    p = root.xpath("//p")[0]
    assert len(p.attrib) == 1000 and p.get("a0") == "v" and p.text == "kept text"
    assert root.xpath("string(//div)") == "after"
    # one long value (a data: URL) is one attribute: kept whole
    data = "data:image/png;base64," + "A" * 100_000
    img = parse_html(f'<img src="{data}" alt="x"><p>p</p>').xpath("//img")[0]
    assert img.get("src") == data and img.get("alt") == "x"
