"""Reading sites: decoding real encoded bytes, folders, JSON lines, WARC, and broken input."""

from __future__ import annotations

import codecs
import gzip
import io
import json
import os
from pathlib import Path

import pytest
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from deboiler_gui.engine.model import InputError
from deboiler_gui.engine.sources import (
    DEMO_BASE_URL,
    decode_html,
    default_base_url,
    demo_site_path,
    iter_demo_pages,
    iter_inputs,
    normalize_encoding,
    skip_reason,
)

ZH = "荷花既可以观赏，地下的莲藕又是美味的蔬菜。朱镕基在北京讲话，大家认真学习。" * 3
ZH_TW = "臺灣的茶葉聞名世界，烏龍茶與包種茶都有悠久的歷史。" * 3
JA = "東京の桜は三月の終わりに咲き始めます。お花見は日本の春の楽しみです。" * 3
RU = "Москва — столица России, крупнейший город страны и Европы." * 3
FR = "“Déjà vu” — l’été à Noël, c’est l’œuvre d’un garçon."
PL = "Zażółć gęślą jaźń — łódź płynie po Wiśle."
EL = "Η Αθήνα είναι η πρωτεύουσα της Ελλάδας."


def _doc(body: str, meta: str = "") -> str:
    head = f'<meta charset="{meta}">' if meta else ""
    return f"<html><head>{head}<title>t</title></head><body><p>{body}</p></body></html>"


@pytest.mark.parametrize(
    ("text", "codec", "label"),
    [
        (ZH, "gb18030", "gb2312"),  # 镕 is GBK-only: gb2312 must be read as its superset
        (ZH, "gbk", "gbk"),
        (ZH_TW, "big5", "big5"),
        (JA, "shift_jis", "shift_jis"),
        (RU, "cp1251", "windows-1251"),
        (FR, "cp1252", "iso-8859-1"),  # curly quotes and œ exist only in windows-1252
        (FR, "cp1252", "us-ascii"),
        (PL, "cp1250", "windows-1250"),
        (EL, "cp1253", "windows-1253"),
    ],
)
def test_meta_charset_decodes_real_bytes(text: str, codec: str, label: str) -> None:
    data = _doc(text, label).encode(codec)
    decoded, used = decode_html(data)
    assert text in decoded
    assert used == normalize_encoding(label)


@pytest.mark.parametrize(
    ("text", "codec"), [(ZH, "gb18030"), (ZH_TW, "big5"), (JA, "shift_jis"), (RU, "cp1251")]
)
def test_http_header_charset_wins_over_nothing(text: str, codec: str) -> None:
    decoded, _ = decode_html(_doc(text).encode(codec), f"text/html; charset={codec}")
    assert text in decoded


@pytest.mark.parametrize(
    ("text", "codec"), [(ZH * 4, "gb18030"), (ZH_TW * 4, "big5"), (JA * 4, "shift_jis")]
)
def test_undeclared_encoding_is_detected(text: str, codec: str) -> None:
    decoded, _ = decode_html(_doc(text).encode(codec))
    assert text in decoded


def test_bom_beats_declarations() -> None:
    data = codecs.BOM_UTF8 + _doc(ZH, "gb2312").encode("utf-8")
    assert decode_html(data, "text/html; charset=big5") == (_doc(ZH, "gb2312"), "utf-8")
    data16 = codecs.BOM_UTF16_LE + _doc(JA).encode("utf-16-le")
    decoded, used = decode_html(data16)
    assert JA in decoded and used == "utf-16-le" and not decoded.startswith("\ufeff")


def test_wrongly_declared_encoding_falls_back_to_detection() -> None:
    # Declared UTF-8, really GBK: strict UTF-8 fails, detection finds the real encoding.
    decoded, used = decode_html(_doc(ZH * 4, "utf-8").encode("gb18030"))
    assert ZH in decoded and used in ("gb18030", "gbk")
    # Declared Latin-1, really UTF-8: valid multi-byte UTF-8 wins over a single-byte label.
    decoded, used = decode_html(_doc(FR, "iso-8859-1").encode("utf-8"))
    assert FR in decoded and used == "utf-8"


def test_truncated_multibyte_tail_is_forgiven() -> None:
    data = _doc(ZH, "utf-8").encode("utf-8")
    cut = data[: data.index("莲".encode()) + 1]
    decoded, used = decode_html(cut)
    assert used == "utf-8" and decoded.endswith("\ufffd") and "荷花" in decoded


@pytest.mark.parametrize(
    "data",
    [b"\x89PNG\r\n\x1a\n" + bytes(range(256)), b"\x00\x01\x02\x03" * 500, bytes(range(32)) * 40],
)
def test_binary_content_is_an_input_error(data: bytes) -> None:
    with pytest.raises(InputError, match="binary"):
        decode_html(data)


def _write(path: Path, data: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def test_folder_recursive_urls_and_bad_files(tmp_path: Path) -> None:
    site = tmp_path / "My Site"
    _write(site / "index.html", _doc("home").encode())
    _write(site / "docs" / "a b.htm", _doc(ZH, "gb2312").encode("gb18030"))
    _write(site / "docs" / "notes.txt", b"not a page")
    _write(site / "empty.html", b"")
    _write(site / "junk.html", b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    pages = {p.url: p for p in iter_inputs([site])}
    base = default_base_url(site)
    assert base == "http://my-site.local/"
    assert sorted(pages) == sorted(
        base + rel for rel in ("index.html", "docs/a%20b.htm", "empty.html", "junk.html")
    )
    assert ZH in pages[base + "docs/a%20b.htm"].html
    assert pages[base + "empty.html"].error == "empty page"
    assert "binary" in (pages[base + "junk.html"].error or "")
    assert pages[base + "index.html"].ok
    custom = [p.url for p in iter_inputs([site / "index.html"], base_url="https://x.org/a")]
    assert custom == ["https://x.org/a/index.html"]


def test_missing_and_unknown_inputs_name_the_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="nope.jsonl"):
        iter_inputs([tmp_path / "nope.jsonl"])
    odd = _write(tmp_path / "data.bin", b"x")
    with pytest.raises(InputError, match="data.bin"):
        iter_inputs([odd])


def _jsonl_records() -> list[bytes]:
    return [
        json.dumps(
            {
                "url": "https://a.com/1",
                "html": _doc("one"),
                "status": 200,
                "content_type": "text/html",
            }
        ).encode(),
        b"",
        b'{"url": "https://a.com/broken", "html": "<p>',
        json.dumps(
            {"url": "https://a.com/404", "html": "gone", "status": 404, "content_type": "text/html"}
        ).encode(),
        json.dumps(
            {"url": "https://a.com/img", "html": "", "status": 200, "content_type": "image/png"}
        ).encode(),
        json.dumps({"html": "<p>no url</p>"}).encode(),
        json.dumps([1, 2]).encode(),
        json.dumps(
            {"url": "https://a.com/zh", "html": _doc(ZH), "status": "200"}, ensure_ascii=False
        ).encode(),
        json.dumps(
            {
                "url": "https://a.com/orig",
                "content": _doc("original deboiler key"),
                "status": 200,
                "content_type": "text/html",
            }
        ).encode(),
    ]


@pytest.mark.parametrize("gz", [False, True])
def test_jsonl_records_good_broken_and_skipped(tmp_path: Path, gz: bool) -> None:
    raw = b"\n".join(_jsonl_records()) + b"\n"
    path = tmp_path / ("dump.jsonl.gz" if gz else "dump.jsonl")
    path.write_bytes(gzip.compress(raw) if gz else raw)
    pages = list(iter_inputs([path]))
    by_url = {p.url: p for p in pages}
    assert len(pages) == 8  # the blank line is not a record
    assert by_url["https://a.com/1"].ok
    assert "original deboiler key" in by_url["https://a.com/orig"].html
    assert ZH in by_url["https://a.com/zh"].html and by_url["https://a.com/zh"].status == 200
    assert skip_reason(by_url["https://a.com/404"]) == "HTTP status 404"
    assert skip_reason(by_url["https://a.com/img"]) == "not HTML (image/png)"
    errors = [p for p in pages if p.error]
    assert [p.url for p in errors] == [f"{path}#L3", f"{path}#L6", f"{path}#L7"]
    assert "invalid JSON" in (errors[0].error or "") and "url" in (errors[1].error or "")


def _warc_bytes(gz: bool) -> bytes:
    buf = io.BytesIO()
    writer = WARCWriter(buf, gzip=gz)

    def response(url: str, status: str, ctype: str, body: bytes) -> None:
        http = StatusAndHeaders(status, [("Content-Type", ctype)], protocol="HTTP/1.1")
        rec = writer.create_warc_record(
            url, "response", payload=io.BytesIO(body), http_headers=http
        )
        writer.write_record(rec)
        rec.raw_stream.close()

    response("https://b.org/zh", "200 OK", "text/html; charset=GBK", _doc(ZH).encode("gb18030"))
    request = writer.create_warc_record(
        "https://b.org/zh", "request", payload=io.BytesIO(b"GET / HTTP/1.1\r\n\r\n")
    )
    writer.write_record(request)
    request.raw_stream.close()
    response("https://b.org/missing", "404 Not Found", "text/html", b"<p>gone</p>")
    response("https://b.org/logo.png", "200 OK", "image/png", b"\x89PNG\r\n\x1a\n")
    response("https://b.org/jp", "200 OK", "text/html", _doc(JA, "shift_jis").encode("shift_jis"))
    return buf.getvalue()


@pytest.mark.parametrize("gz", [False, True])
def test_warc_response_records(tmp_path: Path, gz: bool) -> None:
    path = tmp_path / ("crawl.warc.gz" if gz else "crawl.warc")
    path.write_bytes(_warc_bytes(gz))
    pages = {p.url: p for p in iter_inputs([path])}
    assert sorted(pages) == [
        "https://b.org/jp",
        "https://b.org/logo.png",
        "https://b.org/missing",
        "https://b.org/zh",
    ]
    assert ZH in pages["https://b.org/zh"].html and pages["https://b.org/zh"].encoding == "gb18030"
    assert JA in pages["https://b.org/jp"].html
    assert pages["https://b.org/zh"].fetched_at and pages["https://b.org/zh"].headers[
        "Content-Type"
    ].startswith("text/html")
    assert skip_reason(pages["https://b.org/missing"]) == "HTTP status 404"
    assert skip_reason(pages["https://b.org/logo.png"]) == "not HTML (image/png)"


@pytest.mark.parametrize("cut", [0.5, 0.8, 0.9, 0.97])
@pytest.mark.parametrize("gz", [False, True])
def test_truncated_warc_keeps_earlier_records_and_records_an_error(
    tmp_path: Path, gz: bool, cut: float
) -> None:
    data = _warc_bytes(gz)
    path = tmp_path / ("cut.warc.gz" if gz else "cut.warc")
    path.write_bytes(data[: int(len(data) * cut)])
    pages = list(iter_inputs([path]))
    assert pages[0].url == "https://b.org/zh" and pages[0].ok
    assert pages[-1].error is not None and str(path) in (pages[-1].source or "")
    assert all(p.error is None for p in pages[:-1])


def test_demo_site_ships_both_languages_and_is_small() -> None:
    folder = demo_site_path()
    files = [p for p in folder.rglob("*") if p.is_file()]
    assert sum(p.stat().st_size for p in files) < 300_000
    pages = list(iter_demo_pages())
    assert 25 <= len(pages) <= 40
    assert all(p.ok and p.url.startswith(DEMO_BASE_URL) for p in pages)
    zh = [p for p in pages if "/zh/" in p.url]
    assert len(zh) >= 5 and all('lang="zh-CN"' in p.html for p in zh)


def test_a_broken_link_in_a_folder_is_that_pages_error(tmp_path: Path) -> None:
    (tmp_path / "a.html").write_text("<html><body><p>kept</p></body></html>", encoding="utf-8")
    (tmp_path / "gone.html").symlink_to(tmp_path / "missing-target.html")
    pages = {
        p.url.rsplit("/", 1)[-1]: p
        for p in iter_inputs([str(tmp_path)], base_url="https://x.example/")
    }
    assert pages["a.html"].ok
    assert not pages["gone.html"].ok and pages["gone.html"].error


def test_pipes_and_devices_in_a_folder_are_those_pages_errors(tmp_path: Path) -> None:
    (tmp_path / "a.html").write_text("<html><body><p>kept</p></body></html>", encoding="utf-8")
    os.mkfifo(tmp_path / "pipe.html")  # nothing ever writes to it: reading would block
    (tmp_path / "zero.html").symlink_to("/dev/zero")  # reading would never end
    pages = {
        p.url.rsplit("/", 1)[-1]: p
        for p in iter_inputs([str(tmp_path)], base_url="https://x.example/")
    }
    assert pages["a.html"].ok
    for name in ("pipe.html", "zero.html"):
        assert not pages[name].ok and "not a regular file" in (pages[name].error or "")


@pytest.mark.parametrize("label", ["utf-7", "UTF7", "base64", "rot13", "hex"])
def test_labels_no_browser_decodes_with_are_unknown(label: str) -> None:
    """UTF-7 (refused by browsers: a way to smuggle script) and Python's non-text codecs are no
    page encodings; the page falls back to what a browser would use."""
    assert normalize_encoding(label) is None
    page = f'<meta charset="{label}"><p>+ADw-script+AD4-</p>'.encode("ascii")
    assert "+ADw-script+AD4-" in decode_html(page)[0]
