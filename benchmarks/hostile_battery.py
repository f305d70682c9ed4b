"""The hostile battery: named cases of bad inputs, rules, rule files and hostile servers (on
127.0.0.1 only, every behaviour bounded in time) run through the real commands, with a table of
cases tried -> passed, run-stopping errors (a traceback, no output), hangs (over the case's time
bound) and lost pages (an input page missing from the output, or a readable page turned into
an error).

    python benchmarks/hostile_battery.py [--only inputs|rules|rulefiles|crawler]

Runs in this process; the crawler cases take about a minute (they wait out deadlines).
"""

from __future__ import annotations

import argparse
import codecs
import gzip
import io
import json
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from deboiler_gui.cli import cli

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "engine"))

GOOD = "<html><head><title>Roses</title></head><body><nav><a href='/'>Home</a> <a href='/r'>Roses</a></nav><main><h1>Roses {n}</h1><p>Roses like sun and water, note {n}.</p></main><footer>Hillside Garden</footer></body></html>"


@dataclass
class Outcome:
    passed: bool
    stopping: bool = False
    hang: bool = False
    lost: int = 0
    note: str = ""


@dataclass
class Case:
    group: str
    name: str
    run: Callable[[Path], Outcome]
    bound: float = 60.0
    result: Outcome | None = field(default=None)


def invoke(args: list[str]) -> Any:
    return CliRunner().invoke(cli, args, catch_exceptions=True)


def stopped(result: Any) -> bool:
    return result.exception is not None and not isinstance(result.exception, SystemExit)


def records(path: Path) -> dict[str, dict[str, Any]]:
    if not path.exists():
        return {}
    # Split on "\n" only: a record's text may hold U+2028 or \x1c, which splitlines() breaks on.
    lines = [line for line in path.read_text(encoding="utf-8").split("\n") if line]
    return {r["url"]: r for r in map(json.loads, lines)}


# --------------------------------------------------------------------------- inputs


def jsonl_case(
    lines: list[str], bad_url: str, want: str, *, words: str = "", extra: tuple[str, ...] = ()
) -> Callable[[Path], Outcome]:
    def run(tmp: Path) -> Outcome:
        src = tmp / "in.jsonl"
        good = [
            json.dumps({"url": f"http://garden.test/{n}", "html": GOOD.format(n=n)})
            for n in range(4)
        ]
        src.write_text("\n".join(good[:2] + lines + good[2:]) + "\n", encoding="utf-8")
        out = tmp / "out.jsonl"
        res = invoke(["clean", "-q", str(src), "-o", str(out), *extra])
        if stopped(res) or res.exit_code != 0:
            return Outcome(False, stopping=True, note=str(res.exception or res.output)[:120])
        recs = records(out)
        lost = (
            4
            + len(lines)
            - len(recs)
            + sum(
                1 for n in range(4) if recs.get(f"http://garden.test/{n}", {}).get("status") != "ok"
            )
        )
        rec = recs.get(bad_url) or next(
            (r for u, r in recs.items() if bad_url.startswith("#") and u.endswith(bad_url)), {}
        )
        ok = rec.get("status") == want and words in (
            rec.get("error") or rec.get("cleaned_text") or ""
        )
        return Outcome(
            ok and lost == 0,
            lost=max(0, lost),
            note=f"{rec.get('status')}: {(rec.get('error') or '')[:70]}",
        )

    return run


def folder_case(
    files: dict[str, bytes], check: Callable[[dict[str, dict[str, Any]]], bool]
) -> Callable[[Path], Outcome]:
    def run(tmp: Path) -> Outcome:
        folder = tmp / "site"
        folder.mkdir()
        for name, data in files.items():
            (folder / name).write_bytes(data)
        out = tmp / "out.jsonl"
        res = invoke(
            ["clean", "-q", str(folder), "-o", str(out), "--base-url", "http://garden.test/"]
        )
        if stopped(res) or res.exit_code != 0:
            return Outcome(False, stopping=True, note=str(res.exception or res.output)[:120])
        recs = records(out)
        lost = len(files) - len(recs)
        return Outcome(check(recs) and lost == 0, lost=max(0, lost))

    return run


def warc_case(status_line: str, cut: float | None = None) -> Callable[[Path], Outcome]:
    def run(tmp: Path) -> Outcome:
        buf = io.BytesIO()
        writer = WARCWriter(buf, gzip=False)
        for n, line in enumerate(["200 OK", status_line, "200 OK"]):
            http = StatusAndHeaders(line, [("Content-Type", "text/html")], protocol="HTTP/1.1")
            rec = writer.create_warc_record(
                f"http://garden.test/{n}",
                "response",
                payload=io.BytesIO(GOOD.format(n=n).encode()),
                http_headers=http,
            )
            writer.write_record(rec)
            rec.raw_stream.close()
        data = buf.getvalue()
        if cut is not None:
            data = data[: int(len(data) * cut)]
        src = tmp / "in.warc"
        src.write_bytes(data)
        out = tmp / "out.jsonl"
        res = invoke(["clean", "-q", str(src), "-o", str(out)])
        if stopped(res) or res.exit_code != 0:
            return Outcome(False, stopping=True, note=str(res.exception or res.output)[:120])
        recs = records(out)
        expected = 3 if cut is None else 1
        lost = max(0, expected - len([u for u in recs if u.startswith("http://garden.test/")]))
        return Outcome(
            lost == 0 and recs.get("http://garden.test/0", {}).get("status") == "ok",
            lost=lost,
            note=str({u: r["status"] for u, r in recs.items()})[:90],
        )

    return run


def input_cases() -> list[Case]:
    g = "inputs"
    sur = '{"url": "http://garden.test/s", "html": "<html><body><p>Tulips \\udfff bloom in the spring sun.</p></body></html>"}'
    cases = [
        Case(
            g,
            "JSON html with a lone surrogate",
            jsonl_case([sur], "http://garden.test/s", "ok", words="Tulips \ufffd bloom"),
        ),
    ]
    for status in [
        "1e20",
        "Infinity",
        "-Infinity",
        "NaN",
        "99999999999999999999",
        "-7",
        "true",
        "9" * 5000,
    ]:
        line = '{"url": "http://garden.test/x", "html": "<p>x</p>", "status": ' + status + "}"
        # A number of 5,000 digits is beyond what Python's JSON reader takes: the line is the error.
        where = "#L3" if len(status) > 4300 else "http://garden.test/x"
        cases.append(Case(g, f"JSON status {status[:24]}", jsonl_case([line], where, "error")))
    for ref in ["&#27;", "&#1;", "&#xFFFE;", "&#xffff;", "&#X1B", "&#0;", "&#x110000;"]:
        line = json.dumps({"url": "http://garden.test/c", "html": GOOD.format(n=f"c{ref}x")})
        cases.append(
            Case(g, f"reference {ref} in text", jsonl_case([line], "http://garden.test/c", "ok"))
        )
    png = "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + "".join(chr((i * 37) % 256) for i in range(500))
    noise = "".join(chr((i * 7919 + 13) % 256) for i in range(600))
    cases += [
        Case(
            g,
            "PNG inside a JSON html string",
            jsonl_case(
                [json.dumps({"url": "http://garden.test/b", "html": png})],
                "http://garden.test/b",
                "error",
                words="binary",
            ),
        ),
        Case(
            g,
            "random bytes inside a JSON html string",
            jsonl_case(
                [json.dumps({"url": "http://garden.test/b", "html": noise})],
                "http://garden.test/b",
                "error",
                words="binary",
            ),
        ),
        Case(
            g,
            "JSON nested 100,000 deep",
            jsonl_case(["[" * 100_000 + "]" * 100_000], "#L3", "error"),
        ),
        Case(
            g,
            "truncated JSON line",
            jsonl_case(['{"url": "http://garden.test/t", "html": "<p'], "#L3", "error"),
        ),
        Case(
            g,
            "HTML nested 100,000 deep",
            jsonl_case(
                [
                    json.dumps(
                        {
                            "url": "http://garden.test/d",
                            "html": "<div>" * 100_000 + "deep text" + "</div>" * 100_000,
                        }
                    )
                ],
                "http://garden.test/d",
                "ok",
            ),
        ),
        Case(
            g,
            "NULs and controls inside text",
            jsonl_case(
                [
                    json.dumps(
                        {"url": "http://garden.test/n", "html": GOOD.format(n="a\x00b\x01c\x1bd")}
                    )
                ],
                "http://garden.test/n",
                "ok",
            ),
        ),
    ]
    # A sentence on four pages of a larger site, one of them UTF-16 with a BOM: kept on all four.
    shared = "<p>Water roses early in the morning so the leaves dry by noon.</p>"
    files: dict[str, bytes] = {}
    for n in range(12):
        html = GOOD.format(n=n).replace(
            "</main>",
            (shared if n < 4 else "") + f"<p>Only page {n} says this, {n * 17} times.</p></main>",
        )
        files[f"p{n}.html"] = (
            (codecs.BOM_UTF16_LE + html.encode("utf-16-le")) if n == 0 else html.encode()
        )
    cases.append(
        Case(
            g,
            "UTF-16 page with BOM keeps a 4-page sentence",
            folder_case(
                files,
                lambda r: all(
                    "Water roses" in r[f"http://garden.test/p{n}.html"]["cleaned_text"]
                    for n in range(4)
                ),
            ),
        )
    )
    files2 = {
        "bin.html": b"\x89PNG\r\n\x1a\n" + bytes(range(256)),
        "empty.html": b"",
        "ok.html": GOOD.format(n=1).encode(),
        "ok2.html": GOOD.format(n=2).encode(),
        "ok3.html": GOOD.format(n=3).encode(),
    }
    cases.append(
        Case(
            g,
            "folder with binary and empty files",
            folder_case(
                files2,
                lambda r: (
                    r["http://garden.test/bin.html"]["status"] == "error"
                    and r["http://garden.test/ok.html"]["status"] == "ok"
                ),
            ),
        )
    )
    cases += [
        Case(g, "WARC status line 99999999999999999999 X", warc_case("99999999999999999999 X")),
        Case(g, "WARC status line -5 X", warc_case("-5 X")),
        Case(g, "WARC cut in the middle", warc_case("200 OK", cut=0.5)),
    ]

    def gz_cut(tmp: Path) -> Outcome:
        data = gzip.compress(
            (
                "\n".join(
                    json.dumps({"url": f"http://garden.test/{n}", "html": GOOD.format(n=n)})
                    for n in range(50)
                )
                + "\n"
            ).encode()
        )
        src = tmp / "in.jsonl.gz"
        src.write_bytes(data[: len(data) * 2 // 3])
        out = tmp / "out.jsonl"
        res = invoke(["clean", "-q", str(src), "-o", str(out)])
        recs = records(out)
        return Outcome(
            not stopped(res)
            and res.exit_code == 0
            and any(r["status"] == "error" for r in recs.values()),
            stopping=stopped(res),
        )

    cases.append(Case(g, "gzipped JSON lines cut short", gz_cut))
    cases += new_input_cases()
    return cases


def refused_input(
    make: Callable[[Path], Path], words: str, command: str = "import"
) -> Callable[[Path], Outcome]:
    """An input that holds no pages: exit 1 with one error line naming it, nothing written."""

    def run(tmp: Path) -> Outcome:
        src = make(tmp)
        out = tmp / "out"
        args = (
            ["import", "-w", str(out / "w.sqlite"), str(src)]
            if command == "import"
            else ["clean", str(src), "-o", str(out / "o.jsonl")]
        )
        out.mkdir()
        res = invoke(args)
        lines = [x for x in res.output.splitlines() if x.strip()]
        ok = (
            res.exit_code == 1
            and not stopped(res)
            and len(lines) == 1
            and str(src) in lines[0]
            and words in lines[0]
            and not any(out.iterdir())
        )
        return Outcome(ok, stopping=stopped(res), note=lines[-1][:110] if lines else "")

    return run


def new_input_cases() -> list[Case]:
    g = "inputs"

    def folder(files: dict[str, bytes]) -> Callable[[Path], Path]:
        def make(tmp: Path) -> Path:
            d = tmp / "site"
            d.mkdir()
            for name, data in files.items():
                (d / name).write_bytes(data)
            return d

        return make

    def file(name: str, data: bytes) -> Callable[[Path], Path]:
        def make(tmp: Path) -> Path:
            (tmp / name).write_bytes(data)
            return tmp / name

        return make

    def gz_long_line(tmp: Path) -> Outcome:
        # One record whose line inflates to 1 GB between two good ones (written in chunks).
        import zlib

        src = tmp / "big.jsonl.gz"
        comp = zlib.compressobj(1, zlib.DEFLATED, 31)
        with src.open("wb") as f:
            f.write(
                comp.compress(
                    (
                        json.dumps({"url": "http://garden.test/0", "html": GOOD.format(n=0)}) + "\n"
                    ).encode()
                )
            )
            f.write(comp.compress(b'{"url": "http://garden.test/huge", "html": "<p>'))
            chunk = b"x" * (1 << 20)
            for _ in range(1024):
                f.write(comp.compress(chunk))
            f.write(
                comp.compress(
                    b'</p>"}\n'
                    + (
                        json.dumps({"url": "http://garden.test/2", "html": GOOD.format(n=2)}) + "\n"
                    ).encode()
                )
            )
            f.write(comp.flush())
        out = tmp / "out.jsonl"
        res = invoke(["clean", "-q", str(src), "-o", str(out)])
        recs = records(out)
        huge = recs.get("http://garden.test/huge", {})
        ok = (
            not stopped(res)
            and res.exit_code == 0
            and huge.get("status") == "error"
            and "record limit" in (huge.get("error") or "")
            and recs.get("http://garden.test/2", {}).get("status") == "ok"
        )
        return Outcome(
            ok, stopping=stopped(res), lost=max(0, 3 - len(recs)), note=str(huge.get("error"))[:80]
        )

    def duplicate(tmp: Path) -> Outcome:
        src = tmp / "dup.jsonl"
        lines = [
            json.dumps({"url": f"http://garden.test/{n % 3}", "html": GOOD.format(n=n)})
            for n in range(4)
        ]
        src.write_text("\n".join(lines) + "\n", encoding="utf-8")
        res = invoke(["import", "-w", str(tmp / "w.sqlite"), str(src)])
        from deboiler_gui.engine.sources import InputSet

        inputs = InputSet.open([src])
        pages = list(inputs)
        warning = f"{src}:4: http://garden.test/0 was already read from {src}:1; this later record replaces it"
        ok = (
            res.exit_code == 0
            and "Imported 3 pages" in res.output
            and "from 4 records; 1 record repeated" in res.output
            and inputs.warnings == [warning]
            and sum(inputs.counts.values()) == len({p.url for p in pages}) == 3
        )
        return Outcome(ok, stopping=stopped(res), note=res.output.strip().splitlines()[-1][:100])

    def warc_bomb(tmp: Path) -> Outcome:
        # A response record whose gzip Content-Encoding inflates to 1 GB of zeros.
        import zlib

        comp = zlib.compressobj(9, zlib.DEFLATED, 31)
        body = b"".join(comp.compress(b"\0" * (1 << 20)) for _ in range(1024)) + comp.flush()
        buf = io.BytesIO()
        writer = WARCWriter(buf, gzip=True)
        for n, (payload, extra) in enumerate(
            [
                (GOOD.format(n=0).encode(), []),
                (body, [("Content-Encoding", "gzip")]),
                (GOOD.format(n=2).encode(), []),
            ]
        ):
            http = StatusAndHeaders(
                "200 OK", [("Content-Type", "text/html"), *extra], protocol="HTTP/1.1"
            )
            rec = writer.create_warc_record(
                f"http://garden.test/{n}",
                "response",
                payload=io.BytesIO(payload),
                http_headers=http,
            )
            writer.write_record(rec)
            rec.raw_stream.close()
        src = tmp / "bomb.warc.gz"
        src.write_bytes(buf.getvalue())
        out = tmp / "out.jsonl"
        res = invoke(["clean", "-q", str(src), "-o", str(out)])
        recs = records(out)
        bomb = recs.get("http://garden.test/1", {})
        ok = (
            not stopped(res)
            and res.exit_code == 0
            and bomb.get("status") == "error"
            and recs.get("http://garden.test/2", {}).get("status") == "ok"
        )
        return Outcome(
            ok,
            stopping=stopped(res),
            lost=max(0, 3 - len(recs)),
            note=f"{bomb.get('status')}: {str(bomb.get('error'))[:70]}",
        )

    def symlinks(tmp: Path) -> Outcome:
        d = tmp / "site"
        (d / "sub").mkdir(parents=True)
        (d / "ok.html").write_text(GOOD.format(n=1), encoding="utf-8")
        (d / "a.html").symlink_to(d / "b.html")
        (d / "b.html").symlink_to(d / "a.html")  # a loop of two links
        (d / "sub" / "up").symlink_to(d)  # a folder link back to the top
        out = tmp / "out.jsonl"
        res = invoke(["clean", "-q", str(d), "-o", str(out), "--base-url", "http://garden.test/"])
        recs = records(out)
        ok = (
            not stopped(res)
            and res.exit_code == 0
            and recs.get("http://garden.test/ok.html", {}).get("status") == "ok"
            and recs.get("http://garden.test/a.html", {}).get("status") == "error"
            and len(recs) == 3
        )
        return Outcome(
            ok,
            stopping=stopped(res),
            lost=max(0, 3 - len(recs)),
            note=str({u[-8:]: r["status"] for u, r in recs.items()}),
        )

    def bad_name(tmp: Path) -> Outcome:
        import os

        d = tmp / "site"
        d.mkdir()
        (d / "ok.html").write_text(GOOD.format(n=1), encoding="utf-8")
        with open(os.path.join(os.fsencode(d), b"caf\xe9-\xff.html"), "wb") as f:
            f.write(GOOD.format(n=2).encode())
        out = tmp / "out.jsonl"
        res = invoke(["clean", "-q", str(d), "-o", str(out), "--base-url", "http://garden.test/"])
        recs = records(out)
        ok = (
            not stopped(res)
            and res.exit_code == 0
            and len(recs) == 2
            and all(r["status"] == "ok" for r in recs.values())
        )
        return Outcome(
            ok, stopping=stopped(res), lost=max(0, 2 - len(recs)), note=str(list(recs))[:100]
        )

    big_attr = (
        "<html><body><div data-x='"
        + "y" * 10_000_000
        + "'><p>Roses like sun, says the long page.</p></div></body></html>"
    )
    return [
        Case(g, "a .jsonl.gz line inflating to 1 GB (record limit)", gz_long_line, bound=120),
        Case(g, "the same URL twice in one JSON-lines file", duplicate),
        Case(
            g,
            "a short page with one NUL",
            folder_case(
                {"nul.html": b"<p>Hi\x00</p>", "ok.html": GOOD.format(n=1).encode()},
                lambda r: r["http://garden.test/nul.html"]["status"] == "ok",
            ),
        ),
        Case(
            g, "empty folder", refused_input(lambda t: (t / "e").mkdir() or t / "e", "empty folder")
        ),
        Case(g, "empty .jsonl", refused_input(file("e.jsonl", b""), "empty file")),
        Case(g, "empty WARC", refused_input(file("e.warc", b""), "empty file", "clean")),
        Case(
            g,
            "binary .jsonl",
            refused_input(
                file("b.jsonl", bytes((i * 7919 + 13) % 256 for i in range(20_000))),
                "not JSON lines",
            ),
        ),
        Case(
            g,
            "junk .warc",
            refused_input(
                file("j.warc", bytes((i * 31 + 7) % 256 for i in range(3000))),
                "not a WARC file",
                "clean",
            ),
        ),
        Case(
            g,
            "text in a .warc",
            refused_input(file("t.warc", b"hello, not a warc\n" * 3), "not a WARC file", "clean"),
        ),
        Case(
            g,
            "UTF-16 JSON-lines file",
            lambda tmp: jsonl_utf16(tmp),
        ),
        Case(
            g,
            "attribute value of 10 MB (--max-page-mb 20)",
            jsonl_case(
                [json.dumps({"url": "http://garden.test/a", "html": big_attr})],
                "http://garden.test/a",
                "ok",
                words="Roses like sun",
                extra=("--max-page-mb", "20"),
            ),
            bound=90,
        ),
        Case(g, "WARC record with a 1 GB gzip bomb body", warc_bomb, bound=120),
        Case(g, "symlink loop and a folder link to the top", symlinks),
        Case(g, "file name with invalid UTF-8 bytes", bad_name),
    ]


def jsonl_utf16(tmp: Path) -> Outcome:
    lines = [
        json.dumps({"url": f"http://garden.test/{n}", "html": GOOD.format(n=n)}, ensure_ascii=False)
        for n in range(4)
    ]
    src = tmp / "u16.jsonl"
    src.write_bytes(("\n".join(lines) + "\n").encode("utf-16"))
    out = tmp / "out.jsonl"
    res = invoke(["clean", "-q", str(src), "-o", str(out)])
    recs = records(out)
    ok = (
        not stopped(res)
        and res.exit_code == 0
        and len(recs) == 4
        and all(r["status"] == "ok" for r in recs.values())
    )
    return Outcome(
        ok, stopping=stopped(res), lost=max(0, 4 - sum(r["status"] == "ok" for r in recs.values()))
    )


# --------------------------------------------------------------------------- rules and rule files


def rule_doc(
    xpath: str = "//h1",
    name: str = "t",
    is_list: bool = False,
    children: list[dict[str, Any]] | None = None,
    filters: list[dict[str, Any]] | None = None,
) -> str:
    fld: dict[str, Any] = {"id": "f", "xpaths": [xpath], "list": is_list}
    if children:
        fld["children"] = children
    template: dict[str, Any] = {"name": name, "urls": ["http://garden.test/"], "fields": [fld]}
    if filters:
        template["filters"] = filters
    return json.dumps({"format": "deboiler-gui-rules", "version": 1, "templates": [template]})


def import_refused(
    text: str | bytes | None, *, path: str | None = None, words: str = ""
) -> Callable[[Path], Outcome]:
    def run(tmp: Path) -> Outcome:
        file = Path(path) if path else tmp / "rules.json"
        if path is None:
            file.write_bytes(
                text if isinstance(text, bytes) else str(text).encode("utf-8", "surrogatepass")
            )
        res = invoke(["templates", "import", "-w", str(tmp / "w.sqlite"), str(file)])
        ok = (
            res.exit_code == 1
            and not stopped(res)
            and words in res.output
            and "Traceback" not in res.output
        )
        return Outcome(
            ok,
            stopping=stopped(res),
            note=res.output.strip().splitlines()[-1][:110] if res.output.strip() else "",
        )

    return run


def extract_case(
    xpath: str,
    html: str,
    check: Callable[[dict[str, Any]], bool],
    *,
    is_list: bool = False,
    timeout: str = "5",
    children: list[dict[str, Any]] | None = None,
) -> Callable[[Path], Outcome]:
    def run(tmp: Path) -> Outcome:
        rules = tmp / "rules.json"
        rules.write_text(rule_doc(xpath, is_list=is_list, children=children), encoding="utf-8")
        src = tmp / "in.jsonl"
        src.write_text(
            "\n".join(
                json.dumps({"url": f"http://garden.test/{n}", "html": h})
                for n, h in enumerate([GOOD.format(n=0), html, GOOD.format(n=2)])
            )
            + "\n",
            encoding="utf-8",
        )
        out = tmp / "out.jsonl"
        res = invoke(
            ["extract", "-q", str(src), "-t", str(rules), "-o", str(out), "--page-timeout", timeout]
        )
        if stopped(res) or res.exit_code != 0:
            return Outcome(False, stopping=True, note=str(res.exception or res.output)[:120])
        recs = records(out)
        lost = 3 - len(recs)
        rec = recs.get("http://garden.test/1", {})
        return Outcome(
            check(rec) and lost == 0,
            lost=max(0, lost),
            note=f"{rec.get('status')} {str(rec.get('error') or '')[:60]}",
        )

    return run


def rule_cases() -> list[Case]:
    g = "rules"
    cases = [
        Case(g, f"XPath {x}", import_refused(rule_doc(x), words="template 't'"))
        for x in [
            'document("x")',
            'doc("x")',
            'unparsed-text("x")',
            '//p[re:test(., "a")]',
            "//p[matches(., 'a')]",
            "//svg:rect",
            "//p[$v]",
            "current()",
            "\ufffe",
        ]
    ]
    many = (
        "<html><body><ul>"
        + "".join(f"<li>item {i}</li>" for i in range(40_000))
        + "</ul></body></html>"
    )
    cases.append(
        Case(
            g,
            "list field over 40,000 siblings",
            extract_case(
                "//li",
                many,
                lambda r: r.get("status") == "ok" and len(r.get("f") or []) == 40_000,
                is_list=True,
                timeout="60",
            ),
            bound=90,
        )
    )
    big = (
        "<html><body>"
        + "".join(f"<div><p>para {i}</p><span>x</span></div>" for i in range(9000))  # ~9 s of work
        + "</body></html>"
    )
    cases.append(
        Case(
            g,
            "following::* rule on a large page (limit 2 s)",
            extract_case(
                "count(//*[count(following::*) > count(preceding::*)])",
                big,
                lambda r: r.get("status") == "error" and "longer than 2 s" in r.get("error", ""),
                timeout="2",
            ),
            bound=30,
        )
    )
    records_page = (
        "<html><body><ul>"
        + "".join(f"<li><b>name {i}</b><i>v{i}</i></li>" for i in range(45_000))
        + "</ul></body></html>"
    )
    cases += [
        Case(
            g,
            "record list over 45,000 siblings",
            extract_case(
                "//li",
                records_page,
                lambda r: (
                    r.get("status") == "ok"
                    and len(r.get("f") or []) == 45_000
                    and r["f"][-1] == {"n": "name 44999", "v": "v44999"}
                ),
                is_list=True,
                timeout="60",
                children=[{"id": "n", "xpaths": ["b"]}, {"id": "v", "xpaths": ["i"]}],
            ),
            bound=90,
        ),
        Case(
            g,
            "%d list over 40,000 siblings (no cap)",
            extract_case(
                "//ul/li[%d]/b",
                records_page,
                lambda r: r.get("status") == "ok" and len(r.get("f") or []) == 45_000,
                is_list=True,
                timeout="60",
            ),
            bound=90,
        ),
        Case(
            g,
            "EXSLT exsl:node-set() named as XPath",
            import_refused(rule_doc("exsl:node-set(//p)"), words="XPath extension function"),
        ),
        Case(
            g,
            "XPath returning a number (1 div 0)",
            extract_case("1 div 0", GOOD.format(n=1), lambda r: r.get("f") == "Infinity"),
        ),
        Case(
            g,
            "XPath returning a count",
            extract_case("count(//p)", GOOD.format(n=1), lambda r: r.get("f") == "1"),
        ),
        Case(
            g,
            "XPath returning a boolean",
            extract_case("boolean(//h1)", GOOD.format(n=1), lambda r: r.get("f") == "true"),
        ),
        Case(
            g,
            "field over HTML nested 100,000 deep (text kept; tags past depth 1,000 flattened)",
            extract_case(
                "normalize-space(//body)",
                "<div>" * 100_000 + "<p>deep text</p>" + "</div>" * 100_000 + "<h2>after</h2>",
                lambda r: r.get("status") == "ok" and str(r.get("f")).startswith("deep text"),
                timeout="60",
            ),
            bound=90,
        ),
    ]
    return cases


def rulefile_cases() -> list[Case]:
    g = "rule files"

    def nest(d: int) -> str:
        return (
            '{"format": "deboiler-gui-rules", "version": 1, "templates": [{"name": "t", "x": '
            + "[" * d
            + "]" * d
            + "}]}"
        )

    cases = [
        Case(g, f"nested {d:,} levels", import_refused(nest(d), words="nested deeper"))
        for d in (100, 1_000, 50_000, 100_000)
    ]
    cases += [
        Case(
            g,
            "surrogate in a template name",
            import_refused(rule_doc(name="t\udfff"), words="lone surrogate"),
        ),
        Case(
            g,
            "surrogate in an XPath",
            import_refused(rule_doc("//h1[.='\ud800']"), words="lone surrogate"),
        ),
        Case(g, "NUL bytes", import_refused(b"\x00" * 1000, words="rules.json")),
        Case(g, "invalid UTF-8", import_refused(b'{"format": "\xff\xfe"}', words="rules.json")),
        Case(
            g,
            "number of 5,000 digits",
            import_refused(
                '{"format": "deboiler-gui-rules", "version": ' + "9" * 5000 + "}",
                words="rules.json",
            ),
        ),
        Case(
            g,
            "XML nested 50,000 levels",
            lambda tmp: import_refused(
                None,
                path=str(
                    _write(
                        tmp / "r.xml",
                        "<templates>" + "<a>" * 50_000 + "</a>" * 50_000 + "</templates>",
                    )
                ),
                words="r.xml",
            )(tmp),
        ),
    ]
    cases += [
        Case(
            g,
            "a 1 MB regular expression",
            import_refused(
                rule_doc(filters=[{"name": "n", "kind": "text", "pattern": "x" * 1_000_000}]),
                words="over the 65,536-character limit",
            ),
            bound=30,
        ),
        Case(
            g,
            "a regular expression nested 30,000 deep",
            import_refused(
                rule_doc(
                    filters=[{"name": "n", "kind": "text", "pattern": "(" * 30_000 + ")" * 30_000}]
                ),
                words="nested too deeply",
            ),
        ),
    ]
    if Path("/dev/zero").exists():
        cases.append(
            Case(
                g,
                "/dev/zero as the rule file",
                import_refused(None, path="/dev/zero", words="too large"),
                bound=30,
            )
        )
    return cases


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# --------------------------------------------------------------------------- crawler


def crawler_cases() -> list[Case]:
    from hostileserver import GZ_PAGE, serve

    from deboiler_gui.engine.crawl.http import fetch, make_pool
    from deboiler_gui.engine.crawl.rules import Robots, url_key
    from deboiler_gui.engine.crawl.runner import CrawlConfig, crawl_steps
    from deboiler_gui.engine.crawl.warc import export_warc_steps
    from deboiler_gui.engine.encoding import normalize_encoding
    from deboiler_gui.engine.store import Workspace

    g = "crawler"

    def fetch_case(path: str, kind: str) -> Callable[[Path], Outcome]:
        def run(tmp: Path) -> Outcome:
            with serve() as (base, _paths):
                got = fetch(
                    make_pool(per_host=1, user_agent="deboiler-gui/t"),
                    base + path,
                    timeout=2.0,
                    deadline=3.0,
                    max_bytes=1_000_000,
                    allowed_types=("text/html",),
                )
            return Outcome(got.kind == kind, note=f"{got.kind}: {got.error} in {got.elapsed:.1f} s")

        return run

    def crawl_site(tmp: Path) -> Outcome:
        with serve() as (base, paths), Workspace(tmp / "w.sqlite") as ws:
            gen = crawl_steps(
                CrawlConfig(seeds=[base + "/"], timeout=2.0, retries=0, max_bytes=1_000_000), ws
            )
            for _ in gen:
                pass
            pages = {p["url"][len(base) :]: p for p in ws.page_summaries()}
            for _ in export_warc_steps(ws, tmp / "o.warc"):
                pass
        from warcio.archiveiterator import ArchiveIterator

        with (tmp / "o.warc").open("rb") as f:
            sent = {
                r.rec_headers.get_header("WARC-Target-URI")[len(base) :]: r.raw_stream.read()
                for r in ArchiveIterator(f)
                if r.rec_type == "response"
            }
        want = {"/", "/gz", "/bomb", "/trickle-close"}
        ok = want <= set(pages) and paths.count("/loop") == 1 and sent.get("/gz") == GZ_PAGE
        return Outcome(
            ok,
            lost=len(want - set(pages)),
            note=f"{len(pages)} pages, WARC body of /gz as sent: {sent.get('/gz') == GZ_PAGE}",
        )

    cases = [Case(g, f"server: {p}", fetch_case(p, k), bound=15) for p, k in [
        ("/trickle-length", "timeout"), ("/trickle-close", "timeout"), ("/trickle-header", "timeout"),
        ("/trickle-status", "timeout"), ("/silent", "timeout"), ("/bomb", "too-large"), ("/gz", "ok"), ("/loop", "redirect"),
        ("/huge-length", "too-large"),
    ]]  # fmt: skip

    def crawl_of(
        seeds: list[str], tmp: Path, **server: bool
    ) -> tuple[Any, list[str], list[dict[str, Any]]]:
        from deboiler_gui.engine.crawl.state import CrawlState

        with serve(**server) as (base, paths), Workspace(tmp / "w.sqlite") as ws:
            cfg = CrawlConfig(
                seeds=[base + s for s in seeds],
                timeout=2.0,
                retries=0,
                max_bytes=1_000_000,
                follow_links=False,
            )
            gen = crawl_steps(cfg, ws)
            stats = None
            while True:
                try:
                    next(gen)
                except StopIteration as stop:
                    stats = stop.value
                    break
            return stats, list(paths), CrawlState(ws.path).failures()

    def big_robots(tmp: Path) -> Outcome:
        stats, paths, _f = crawl_of(["/private/x", "/ok"], tmp, big_robots=True)
        ok = "/private/x" not in paths and "/ok" in paths and stats.blocked == 1
        return Outcome(ok, note=f"blocked {stats.blocked}, fetched {stats.fetched}")

    def redirect_to(path: str, scheme: str) -> Callable[[Path], Outcome]:
        def run(tmp: Path) -> Outcome:
            stats, _paths, failures = crawl_of([path], tmp)
            reasons = [f["reason"] for f in failures if f["url"].endswith(path)]
            ok = stats.failed == 1 and bool(reasons) and scheme in reasons[0]
            return Outcome(ok, note=(reasons or [""])[0][:90])

        return run

    def quiet_crawl(tmp: Path) -> Outcome:
        with serve() as (base, _paths):
            res = invoke(
                ["crawl", base + "/gz", "-w", str(tmp / "w.sqlite"), "--timeout", "2",
                 "--retries", "0", "--max-pages", "3", "--no-follow", "-q"]
            )  # fmt: skip
        return Outcome(res.exit_code == 0 and res.output == "", note=repr(res.output[:80]))

    cases += [
        Case(g, "robots.txt of 10 MB (read to 512 KiB)", big_robots, bound=30),
        Case(g, "redirect to file:", redirect_to("/to-file", "file:"), bound=15),
        Case(g, "redirect to data:", redirect_to("/to-data", "data:"), bound=15),
        Case(g, "crawl -q prints nothing", quiet_crawl, bound=30),
    ]
    cases.append(
        Case(
            g,
            "crawl of the hostile site, --timeout 2 --retries 0, export-warc",
            crawl_site,
            bound=60,
        )
    )

    def robots(text: str, url: str, allowed: bool) -> Callable[[Path], Outcome]:
        return lambda tmp: Outcome(Robots.parse(text, "deboiler-gui/0.1").allowed(url) == allowed)

    cases += [
        Case(
            g,
            "robots: Disallow /%7Euser blocks /~user",
            robots("User-agent: *\nDisallow: /%7Euser\n", "http://a.test/~user/x", False),
        ),
        Case(
            g,
            "robots: Disallow /\u00e4 blocks /%C3%A4",
            robots("User-agent: *\nDisallow: /\u00e4\n", "http://a.test/%C3%A4", False),
        ),
        Case(
            g,
            "robots: a group for gui is not ours",
            robots("User-agent: gui\nDisallow: /\n", "http://a.test/x", True),
        ),
        Case(
            g,
            "robots: our group wins over *",
            robots(
                "User-agent: *\nDisallow: /\nUser-agent: deboiler-gui\nAllow: /\n",
                "http://a.test/x",
                True,
            ),
        ),
        Case(
            g,
            "URL key: %7Efoo is ~foo",
            lambda tmp: Outcome(url_key("http://a.test/%7Efoo") == url_key("http://a.test/~foo")),
        ),
        Case(
            g,
            "URL key: m\u00fcnchen.de is its punycode",
            lambda tmp: Outcome(
                url_key("http://m\u00fcnchen.de/") == url_key("http://xn--mnchen-3ya.de/")
            ),
        ),
    ]
    labels = ["windows-874", "x-cp1252", "x-euc-jp", "gb_2312-80", "iso-ir-149", "x-x-big5", "cn-big5", "csshiftjis", "ks_c_5601-1987", "dos-874",
              "x-mac-cyrillic", "iso-8859-8-i", "csisolatin2", "l9", "x-sjis", "windows-31j", "koi8-u", "x-gbk", "sun_eu_greek", "ecma-118"]  # fmt: skip
    for label in labels:
        cases.append(
            Case(
                g,
                f"label {label}",
                lambda tmp, label=label: Outcome(
                    normalize_encoding(label) is not None, note=str(normalize_encoding(label))
                ),
            )
        )
    return cases


# --------------------------------------------------------------------------- run


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--only", choices=["inputs", "rules", "rulefiles", "crawler"], default=None)
    ap.add_argument("-v", "--verbose", action="store_true", help="print every case")
    args = ap.parse_args()
    import logging

    logging.disable(logging.WARNING)
    groups = {
        "inputs": input_cases,
        "rules": rule_cases,
        "rulefiles": rulefile_cases,
        "crawler": crawler_cases,
    }
    cases = [c for name, make in groups.items() if args.only in (None, name) for c in make()]
    for case in cases:
        with tempfile.TemporaryDirectory() as tmp:
            start = time.monotonic()
            try:
                out = case.run(Path(tmp))
            except Exception as exc:
                out = Outcome(
                    False,
                    stopping=True,
                    note="".join(traceback.format_exception_only(exc)).strip()[:120],
                )
            took = time.monotonic() - start
            if took > case.bound:
                out.hang, out.passed = True, False
            out.note = f"{out.note} ({took:.1f} s)".strip()
            case.result = out
        if args.verbose or not out.passed:
            print(
                f"{'ok  ' if out.passed else 'FAIL'} {case.group}: {case.name}: {out.note}",
                file=sys.stderr,
            )
    print("| battery | cases tried | passed | run-stopping errors | hangs | lost pages |")
    print("|---|---:|---:|---:|---:|---:|")
    tot = [0, 0, 0, 0, 0]
    for group in dict.fromkeys(c.group for c in cases):
        rows = [c.result for c in cases if c.group == group and c.result is not None]
        row = [
            len(rows),
            sum(r.passed for r in rows),
            sum(r.stopping for r in rows),
            sum(r.hang for r in rows),
            sum(r.lost for r in rows),
        ]
        tot = [a + b for a, b in zip(tot, row, strict=True)]
        print(f"| {group} | " + " | ".join(str(v) for v in row) + " |")
    print("| **all** | " + " | ".join(str(v) for v in tot) + " |")


if __name__ == "__main__":
    main()
