"""Whole input files that hold no pages (empty, binary, not a WARC), records too large to
hold, and URLs read twice: one clear message each, nothing left behind, counts that agree."""

from __future__ import annotations

import gzip
import io
import json
import logging
import tracemalloc
import zlib
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from deboiler_gui.cli import cli
from deboiler_gui.engine.clean.pipeline import import_into
from deboiler_gui.engine.model import InputError
from deboiler_gui.engine.sources import InputSet, iter_jsonl, iter_warc
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


def line(n: int | str, html: str = GOOD) -> bytes:
    return (json.dumps({"url": f"http://a.test/{n}", "html": html}) + "\n").encode()


def _gz_with_long_line(path: Path, inflated: int) -> None:
    """A .jsonl.gz: a good record, one record whose line inflates to ``inflated`` bytes, a good
    record; written in chunks (the long line is never in memory)."""
    comp = zlib.compressobj(1, zlib.DEFLATED, 31)
    with path.open("wb") as out:
        out.write(comp.compress(line(1)))
        out.write(comp.compress(b'{"url": "http://a.test/huge", "html": "<p>'))
        chunk = b"x" * (1 << 20)
        for _ in range(inflated // len(chunk)):
            out.write(comp.compress(chunk))
        out.write(comp.compress(b'</p>"}\n' + line(3)))
        out.write(comp.flush())


def test_a_record_over_the_limit_is_its_error_in_bounded_memory(tmp_path: Path) -> None:
    src = tmp_path / "big.jsonl.gz"
    _gz_with_long_line(src, 64 << 20)
    tracemalloc.start()
    try:
        with gzip.open(src, "rb") as stream:
            pages = list(iter_jsonl(stream, str(src), max_record_bytes=1 << 20))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [p.url for p in pages] == ["http://a.test/1", "http://a.test/huge", "http://a.test/3"]
    huge = pages[1]
    assert huge.error is not None and "over the 1,048,576-byte record limit" in huge.error
    assert huge.source == f"{src}:2"
    assert pages[0].error is None and pages[2].error is None
    assert peak < 8 << 20  # the 64 MB line was never held


def test_record_limit_on_the_command_line(tmp_path: Path) -> None:
    src = tmp_path / "big.jsonl.gz"
    _gz_with_long_line(src, 4 << 20)
    out = tmp_path / "out.jsonl"
    res = CliRunner().invoke(cli, ["clean", "-q", str(src), "-o", str(out), "--max-record-mb", "1"])
    assert res.exit_code == 0, res.output
    recs = {r["url"]: r for r in map(json.loads, out.read_text(encoding="utf-8").splitlines())}
    assert set(recs) == {"http://a.test/1", "http://a.test/huge", "http://a.test/3"}
    assert recs["http://a.test/huge"]["status"] == "error"
    assert "--max-record-mb" in recs["http://a.test/huge"]["error"]
    assert recs["http://a.test/3"]["status"] == "ok"


def test_an_oversized_record_without_a_url_is_named_by_its_line(tmp_path: Path) -> None:
    data = line(1) + b"[" + b"1," * 600_000 + b"1]\n" + line(3)
    pages = list(iter_jsonl(io.BytesIO(data), "f.jsonl", max_record_bytes=1000))
    assert [p.url for p in pages] == ["http://a.test/1", "f.jsonl#L2", "http://a.test/3"]


def test_the_same_url_twice_is_a_warning_and_counts_agree(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    src = tmp_path / "dup.jsonl"
    src.write_bytes(line(1, "<p>first</p>") + line(2) + line(1, "<p>second copy</p>") + line(4))
    ws_path = tmp_path / "w.sqlite"
    with caplog.at_level(logging.WARNING):
        summary = drain(import_into(ws_path, [src]))
    assert (summary.records, summary.pages, summary.replaced) == (4, 3, 1)
    assert summary.ok + summary.skipped + summary.errors == summary.pages
    [note] = summary.warnings
    assert f"{src}:3" in note and "http://a.test/1" in note and f"{src}:1" in note
    assert any(note in r.getMessage() for r in caplog.records)
    with Workspace(ws_path, create=False) as ws:
        assert ws.page_count() == summary.pages
        assert "second copy" in ws.get_page("http://a.test/1").html
    res = CliRunner().invoke(cli, ["clean", str(src), "-o", str(tmp_path / "o.jsonl")])
    assert res.exit_code == 0
    assert "Wrote 3 results" in res.output and "1 record repeated" in res.output


def _bad_inputs(tmp: Path) -> dict[str, tuple[Path, str]]:
    (tmp / "empty").mkdir()
    (tmp / "hidden").mkdir()
    (tmp / "hidden" / ".x.html").write_text(GOOD)
    files = {
        "empty.jsonl": b"",
        "blank.jsonl": b"\n  \n\n",
        "empty.warc": b"",
        "empty.jsonl.gz": gzip.compress(b""),
        "binary.jsonl": bytes((i * 7919 + 13) % 256 for i in range(20_000)),
        "png.jsonl": b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 20,
        "junk.warc": bytes((i * 31 + 7) % 256 for i in range(3000)),
        "text.warc": b"hello this is not a warc\n" * 5,
        "plain.jsonl.gz": line(1),
    }
    for name, data in files.items():
        (tmp / name).write_bytes(data)
    return {
        "empty": (tmp / "empty", "empty folder"),
        "hidden": (tmp / "hidden", "empty folder"),
        "empty.jsonl": (tmp / "empty.jsonl", "an empty file"),
        "blank.jsonl": (tmp / "blank.jsonl", "only blank lines"),
        "empty.warc": (tmp / "empty.warc", "an empty file"),
        "empty.jsonl.gz": (tmp / "empty.jsonl.gz", "no pages"),
        "binary.jsonl": (tmp / "binary.jsonl", "not JSON lines (binary data"),
        "png.jsonl": (tmp / "png.jsonl", "not JSON lines (binary data"),
        "junk.warc": (tmp / "junk.warc", "not a WARC file"),
        "text.warc": (tmp / "text.warc", "not a WARC file"),
        "plain.jsonl.gz": (tmp / "plain.jsonl.gz", "not gzip data"),
    }


@pytest.mark.parametrize(
    "name",
    [
        "empty",
        "hidden",
        "empty.jsonl",
        "blank.jsonl",
        "empty.warc",
        "empty.jsonl.gz",
        "binary.jsonl",
        "png.jsonl",
        "junk.warc",
        "text.warc",
        "plain.jsonl.gz",
    ],
)
def test_an_input_without_pages_is_one_message_and_leaves_nothing(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], name: str
) -> None:
    path, words = _bad_inputs(tmp_path)[name]
    ws = tmp_path / "w.sqlite"
    res = CliRunner().invoke(cli, ["import", "-w", str(ws), str(path)])
    assert res.exit_code == 1
    lines = [x for x in res.output.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith(f"Error: {path}: ") and words in lines[0]
    assert "expected" in lines[0] or "folder" in lines[0]
    assert not list(tmp_path.glob("w.sqlite*"))
    out = tmp_path / "out.jsonl"
    res = CliRunner().invoke(cli, ["clean", str(path), "-o", str(out)])
    assert res.exit_code == 1 and words in res.output
    assert not out.exists()
    assert "WARNING" not in capfd.readouterr().err  # warcio says nothing of its own


def test_every_unreadable_input_is_named_once(tmp_path: Path) -> None:
    bad = _bad_inputs(tmp_path)
    good = tmp_path / "good.jsonl"
    good.write_bytes(line(1))
    with pytest.raises(InputError) as info:
        InputSet.open([good, bad["binary.jsonl"][0], bad["junk.warc"][0]])
    lines = str(info.value).splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(str(bad["binary.jsonl"][0]))
    assert lines[1].startswith(str(bad["junk.warc"][0]))


def test_a_warc_with_a_wrong_length_speaks_through_our_log(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    buf = io.BytesIO()
    writer = WARCWriter(buf, gzip=False)
    for n in range(3):
        http = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
        rec = writer.create_warc_record(
            f"http://a.test/{n}", "response", payload=io.BytesIO(GOOD.encode()), http_headers=http
        )
        writer.write_record(rec)
        rec.raw_stream.close()
    data = buf.getvalue()
    first = data.index(b"Content-Length: ") + len(b"Content-Length: ")
    end = data.index(b"\r\n", first)
    length = int(data[first:end])
    data = data[:first] + str(length - 40).encode() + data[end:]  # the first record says less
    with caplog.at_level(logging.WARNING):
        pages = list(iter_warc(io.BytesIO(data), "bad-length.warc"))
    err = capfd.readouterr().err
    # Nothing of warcio's own on stderr: only our one line naming the file (when the
    # command line's log handler is installed).
    assert all(x.startswith("warning: bad-length.warc: ") for x in err.splitlines())
    notes = [r.getMessage() for r in caplog.records if "bad-length.warc" in r.getMessage()]
    assert len(notes) == 1 and "Content-Length" in notes[0] and "Remainder" not in notes[0]
    assert pages and pages[0].url == "http://a.test/0"


def test_a_warc_response_without_a_status_code_is_that_pages_error() -> None:
    buf = io.BytesIO()
    writer = WARCWriter(buf, gzip=False)
    for n, line in enumerate(["200 OK", "", "404 Not Found"]):
        http = StatusAndHeaders(line, [("Content-Type", "text/html")], protocol="HTTP/1.1")
        rec = writer.create_warc_record(
            f"http://a.test/{n}", "response", payload=io.BytesIO(GOOD.encode()), http_headers=http
        )
        writer.write_record(rec)
        rec.raw_stream.close()
    pages = list(iter_warc(io.BytesIO(buf.getvalue()), "s.warc"))
    assert [(p.url, p.status) for p in pages] == [
        ("http://a.test/0", 200),
        ("http://a.test/1", -1),
        ("http://a.test/2", 404),
    ]
    assert pages[1].error == "response without an HTTP status code" and pages[0].error is None


SHARED = "<p>Water roses early in the morning so the leaves dry by noon.</p>"


def _site_pages() -> list[str]:
    pages = []
    for n in range(12):
        pages.append(
            "<html><head><title>Roses</title></head><body><nav><a href='/'>Home</a> "
            f"<a href='/r'>Roses</a></nav><main><h1>Roses {n}</h1><p>Roses like sun, note {n}."
            f"</p>{SHARED if n < 4 else ''}<p>Only page {n} says this, {n * 17} times.</p>"
            "</main><footer>Hillside Garden</footer></body></html>"
        )
    return pages


def _kept_on_the_four(out: Path) -> None:
    recs = [json.loads(x) for x in out.read_text(encoding="utf-8").split("\n") if x]
    assert len(recs) == 12 and all(r["status"] == "ok" for r in recs)
    with_sentence = sorted(
        r["url"].rsplit("/", 1)[1] for r in recs if "Water roses" in r["cleaned_text"]
    )
    assert with_sentence == ["p0", "p1", "p2", "p3"] or with_sentence == [
        "p0.html",
        "p1.html",
        "p2.html",
        "p3.html",
    ]


@pytest.mark.parametrize(
    "form",
    ["folder-le", "folder-be", "bom-in-string", "utf-16-file", "utf-8-bom-file", "utf-32-gz"],
)
def test_a_utf16_page_keeps_a_sentence_shared_by_four_pages(tmp_path: Path, form: str) -> None:
    """A UTF-16 page with a BOM among UTF-8 ones: the sentence it shares with three other
    pages stays on all four (as content repeated on few pages, not the site's frame)."""
    pages = _site_pages()
    if form.startswith("folder"):
        src = tmp_path / "site"
        src.mkdir()
        for n, html in enumerate(pages):
            data = html.encode()
            if n == 0:
                data = (
                    b"\xff\xfe" + html.encode("utf-16-le")
                    if form == "folder-le"
                    else b"\xfe\xff" + html.encode("utf-16-be")
                )
            (src / f"p{n}.html").write_bytes(data)
    else:
        lines = [
            json.dumps(
                {"url": f"http://garden.test/p{n}", "html": ("\ufeff" if n == 0 else "") + h},
                ensure_ascii=False,
            )
            for n, h in enumerate(pages)
        ]
        text = "\n".join(lines) + "\n"
        src = tmp_path / ("in.jsonl.gz" if form == "utf-32-gz" else "in.jsonl")
        data = {
            "bom-in-string": text.encode(),
            "utf-16-file": text.encode("utf-16"),
            "utf-8-bom-file": text.encode("utf-8-sig"),
            "utf-32-gz": gzip.compress(text.encode("utf-32")),
        }[form]
        src.write_bytes(data)
    out = tmp_path / "out.jsonl"
    res = CliRunner().invoke(
        cli, ["clean", "-q", str(src), "-o", str(out), "--base-url", "http://garden.test/"]
    )
    assert res.exit_code == 0, res.output
    _kept_on_the_four(out)


def test_utf16_mark_before_a_nul_is_not_utf32(tmp_path: Path) -> None:
    # FF FE 00 00 starts UTF-32 LE, and UTF-16 LE whose first character is NUL.
    text = "\x00\n" + line(1).decode() + line(2).decode()
    src = tmp_path / "in.jsonl"
    src.write_bytes(b"\xff\xfe" + text.encode("utf-16-le"))
    pages = list(InputSet.open([src]))
    assert [p.url for p in pages] == [f"{src}#L1", "http://a.test/1", "http://a.test/2"]
    assert pages[1].error is None and pages[2].error is None


def test_json_lines_with_a_junk_line_are_read_not_refused(tmp_path: Path) -> None:
    # Found by the fuzz run: records with many non-UTF-8 bytes and one line of "\x00\x01"
    # were taken for a binary file and refused whole.
    junk = (
        b'{"url": "http://a.test/1", "html": "\xed\xa0\x80\xc8\x8a\xf3\x86\x9b\xbd\xe2\x80\xae"}\n'
    )
    src = tmp_path / "in.jsonl"
    src.write_bytes(junk + b"\x00\x01\n" + line(2))
    pages = list(InputSet.open([src]))
    assert [p.url for p in pages] == ["http://a.test/1", f"{src}#L2", "http://a.test/2"]
    assert pages[2].error is None


def test_a_first_line_opening_a_list_falls_back_to_json_lines_when_the_file_is_no_list() -> None:
    good = json.dumps({"url": "http://a.test/1", "html": GOOD})
    # a list on one line, then records: the list line is that line's error, the rest are read
    one_line = (json.dumps([{"url": "http://a.test/0"}]) + "\n" + good + "\n").encode()
    pages = list(iter_jsonl(io.BytesIO(one_line), "a.jsonl"))
    assert [p.url for p in pages] == ["a.jsonl#L1", "http://a.test/1"] and pages[1].ok
    # a "[" that opens no whole list: every line read as its own record, none lost
    broken = ("[\n" + good + "\n" + good.replace("/1", "/2") + "\n").encode()
    pages = list(iter_jsonl(io.BytesIO(broken), "b.jsonl"))
    assert [p.url for p in pages] == ["b.jsonl#L1", "http://a.test/1", "http://a.test/2"]


def test_a_pretty_printed_list_in_utf16_is_read_as_its_records(tmp_path: Path) -> None:
    """Through the line reader that re-encodes UTF-16 (it has no read())."""
    listed = json.dumps([{"url": "http://a.test/3", "html": GOOD}], indent=2)
    path = tmp_path / "u16.json"
    path.write_bytes("\ufeff".encode("utf-16-le") + listed.encode("utf-16-le"))
    pages = list(InputSet.open([path]))
    assert [(p.url, p.ok) for p in pages] == [("http://a.test/3", True)]


def test_a_folder_of_saved_records_reads_each_file_as_its_kind(tmp_path: Path) -> None:
    """A folder with no HTML files but JSON files of saved pages (one object per file, as a
    crawler's dump writes them) and a JSON-lines file: every record is a page."""
    folder = tmp_path / "dump"
    (folder / "sub").mkdir(parents=True)
    for n in range(3):
        record = {"url": f"https://s.example/p{n}", "html": f"<p>page {n}</p>"}
        (folder / "sub" / f"p{n}.json").write_text(json.dumps(record), encoding="utf-8")
    (folder / "more.jsonl").write_text(
        json.dumps({"url": "https://s.example/q", "html": "<p>q</p>"}) + "\n", encoding="utf-8"
    )
    (folder / ".hidden.json").write_text("not read", encoding="utf-8")
    pages = list(InputSet.open([folder]))
    assert sorted(p.url for p in pages) == [
        "https://s.example/p0",
        "https://s.example/p1",
        "https://s.example/p2",
        "https://s.example/q",
    ]
    assert all(not p.error for p in pages), [p.error for p in pages]


def test_an_invalid_json_line_says_where_on_the_line(tmp_path: Path) -> None:
    f = tmp_path / "d.jsonl"
    f.write_bytes(b'{"url": "https://s.example/a", "html": "<p>a\x01</p>"}\n')
    with f.open("rb") as stream:
        (page,) = list(iter_jsonl(stream, str(f)))
    assert (page.error or "").startswith("invalid JSON: Invalid control character at (character ")
