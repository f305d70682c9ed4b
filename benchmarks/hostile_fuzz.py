"""Fuzz the loaders, the workspace store, the cleaner and the rule-file importer with hostile
generated cases (lone surrogates, impossible statuses, control-character references, binary
data, deep nesting, unusable XPath functions) and print a table: cases, passed, run-stopping
errors, hangs, lost pages.

    python benchmarks/hostile_fuzz.py --cases 100000 [--seed 1]

Every case runs in this one process (the machine is shared); a case over --hang-seconds is
interrupted and counted as a hang. Offline: nothing is fetched.
"""

from __future__ import annotations

import argparse
import codecs
import io
import json
import logging
import random
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.clean.pipeline import result_record
from deboiler_gui.engine.model import DeboilerError, InputError, Page, RuleError, valid_text
from deboiler_gui.engine.sources import (
    MAX_RECORD_BYTES,
    InputSet,
    _as_utf8_lines,
    iter_demo_pages,
    iter_jsonl,
    iter_warc,
    page_from_bytes,
)
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.rulefile import loads

# --------------------------------------------------------------------------- hostile pieces

TEXT_PIECES = [
    "\udfff", "\ud800", "\udc80x", "\x00", "\x01", "\x1b", "\x7f", "\x85", "\x9f", "\ufffe", "\uffff", "\ufeff",
    "&#27;", "&#1;", "&#xFFFE;", "&#xffff;", "&#0;", "&#x110000;", "&#xD800;", "&#99999999999;", "&#X1B", "&#27a",
    "<p>", "</p>", "<div>", "</div>", "<script>", "</script>", "<!--", "-->", "<![CDATA[", "]]>", "<?xml version='1.0'?>",
    "<meta charset='utf-16'>", "<meta charset=x-x-big5>", "<a href='javascript:x'>", "<svg:rect/>",
    "Roses like sun.", "東京の庭", "مرحبا", "e\u0301", "\U0001f600", "\u202e", "\u200b", " ", "\n", "\r\n", "\t",
]  # fmt: skip
STATUS_VALUES = [
    200, 200, 200, 404, 301, 0, -1, -7, 999, 1000, 10**20, 2**63, -(2**63) - 1, 1e20, 1e308, float("inf"),
    float("-inf"), float("nan"), 200.5, "200", "abc", "", None, True, [], {}, "99999999999999999999",
]  # fmt: skip
XPATHS = [
    "//h1", "//p", "//li", "css:div > p", "p.a", "//div[@id='x']", "(//p)[last()]", "count(//p)", "//li[%d]",
    'document("x")', 'doc("x")', 'unparsed-text("x")', '//p[re:test(., "a")]', "//svg:rect", "//p[$v]",
    "//q[foo()]", "//p[matches(., 'a')]", "current()", "//p[", "", "   ", "//*[", "\udfff", "//h1[.='\ud800']",
    "//*[count(following::*) > 2]", "string(//title)", "//a/@href", "//p/text()", "\ufffe", "//p[.='\x01']",
]  # fmt: skip


def hostile_text(rng: random.Random, size: int = 40) -> str:
    parts = []
    for _ in range(rng.randint(0, size)):
        roll = rng.random()
        if roll < 0.7:
            parts.append(rng.choice(TEXT_PIECES))
        elif roll < 0.85:
            parts.append("".join(chr(rng.randint(0, 0x2FF)) for _ in range(rng.randint(1, 8))))
        else:
            parts.append(chr(rng.randint(0, 0x10FFFF)))
    return "".join(parts)


def hostile_html(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.08:  # binary data carried as a string
        head = rng.choice(["\x89PNG\r\n\x1a\n", "GIF89a", "%PDF-1.4", "PK\x03\x04", ""])
        return head + "".join(chr(rng.randint(0, 255)) for _ in range(rng.randint(50, 600)))
    if roll < 0.12:  # deep nesting
        depth = rng.choice([100, 2_000, 5_000])
        return "<div>" * depth + "deep" + "</div>" * rng.randint(0, depth)
    body = hostile_text(rng, 60)
    return f"<html><head><title>{hostile_text(rng, 5)}</title></head><body><h1>{hostile_text(rng, 5)}</h1><p>{body}</p><ul><li>a</li><li>b</li></ul></body></html>"


def json_line(rng: random.Random, n: int) -> str:
    roll = rng.random()
    if roll < 0.04:
        return rng.choice(
            [
                "{",
                "[1,2]",
                "null",
                '"x"',
                "{" * 5000,
                "[" * 100_000,
                '{"url": 1}',
                "\x00\x01",
                '{"url": "http://a/", "status": ' + "9" * 5000 + "}",
            ]
        )
    record: dict[str, Any] = {}
    url_roll = rng.random()
    record["url"] = (
        f"http://fuzz.test/{n}/{hostile_text(rng, 3)}"
        if url_roll < 0.9
        else rng.choice([None, 7, "", "   ", ["x"], f"http://fuzz.test/\udfff{n}"])
    )
    if rng.random() < 0.95:
        record["html"] = (
            hostile_html(rng) if rng.random() < 0.9 else rng.choice([None, 5, [], {"a": 1}, ""])
        )
    if rng.random() < 0.5:
        record["status"] = rng.choice(STATUS_VALUES)
    if rng.random() < 0.2:
        record["content_type"] = rng.choice(
            ["text/html", "text/html; charset=\udfff", "image/png", 5, None, "application/json"]
        )
    if rng.random() < 0.1:
        record["fetched_at"] = hostile_text(rng, 3)
    return json.dumps(record, ensure_ascii=rng.random() < 0.5, allow_nan=True)


def warc_bytes(rng: random.Random, n: int) -> tuple[bytes, int]:
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    buf = io.BytesIO()
    writer = WARCWriter(buf, gzip=rng.random() < 0.3)
    count = rng.randint(1, 4)
    for i in range(count):
        status = rng.choice(
            [
                "200 OK",
                "404 Not Found",
                "99999999999999999999 X",
                "-5 X",
                "abc",
                "200",
                "1e20 X",
                "0 Zero",
            ]
        )
        ctype = rng.choice(
            [
                "text/html",
                "text/html; charset=utf-8",
                "text/html; charset=x-euc-jp",
                "image/png",
                "text/html; charset=bogus",
            ]
        )
        headers = StatusAndHeaders(status, [("Content-Type", ctype)], protocol="HTTP/1.1")
        body = (
            hostile_html(rng).encode("utf-8", "surrogatepass")
            if rng.random() < 0.8
            else bytes(rng.randint(0, 255) for _ in range(rng.randint(0, 300)))
        )
        rec = writer.create_warc_record(
            f"http://fuzz.test/w{n}/{i}", "response", payload=io.BytesIO(body), http_headers=headers
        )
        writer.write_record(rec)
        rec.raw_stream.close()
    data = buf.getvalue()
    if rng.random() < 0.1:
        data = data[: rng.randint(0, len(data))]
        count = -1  # truncated: at least the records before the cut, plus an error record
    return data, count


def rule_doc(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.05:
        depth = rng.choice([65, 1_000, 50_000, 100_000])
        return (
            '{"format": "deboiler-gui-rules", "version": 1, "templates": [{"name": "t", "x": '
            + "[" * depth
            + "]" * depth
            + "}]}"
        )
    if roll < 0.08:
        return rng.choice(
            [
                "",
                "\x00" * 100,
                "[]",
                "{}",
                "null",
                '{"format": "deboiler-gui-rules", "version": 1e400}',
            ]
        )
    fields = []
    for i in range(rng.randint(0, 4)):
        fld: dict[str, Any] = {
            "id": f"f{i}" if rng.random() < 0.9 else hostile_text(rng, 2),
            "xpaths": [rng.choice(XPATHS) for _ in range(rng.randint(0, 3))],
        }
        if rng.random() < 0.2:
            fld["list"] = True
        if rng.random() < 0.1:
            fld["processors"] = [
                {
                    "name": rng.choice(["regex", "replace", "number", "date", "nope"]),
                    "args": [rng.choice(["(", "a+", "\udfff", "x"])],
                }
            ]
        fields.append(fld)
    template: dict[str, Any] = {
        "name": "t" if rng.random() < 0.8 else hostile_text(rng, 3),
        "urls": ["http://fuzz.test/"],
        "fields": fields,
    }
    if rng.random() < 0.3:
        template["remove"] = [{"name": "r", "selector": rng.choice(XPATHS)}]
    return json.dumps(
        {"format": "deboiler-gui-rules", "version": 1, "templates": [template]},
        ensure_ascii=rng.random() < 0.5,
    )


# --------------------------------------------------------------------------- checks


class Hang(Exception):
    pass


class Tally:
    def __init__(self) -> None:
        self.rows: dict[str, Counter[str]] = {}

    def add(self, kind: str, outcome: str, lost: int = 0) -> None:
        row = self.rows.setdefault(kind, Counter())
        row["cases"] += 1
        row[outcome] += 1
        row["lost"] += lost


def check_jsonl(rng: random.Random, n: int, ws: Workspace, model: Any) -> int:
    lines = [json_line(rng, n * 10 + i) for i in range(rng.randint(1, 6))]
    if rng.random() < 0.1:
        lines.append(rng.choice(lines))  # a record again: its URL read twice
    text = "\n".join(lines) + "\n"
    data = text.encode("utf-8", "surrogatepass")
    form = rng.random()
    if form < 0.05:  # a UTF-16 file with its byte-order mark
        data = codecs.BOM_UTF16_LE + text.encode("utf-16-le", "surrogatepass")
    elif form < 0.08:
        data = codecs.BOM_UTF8 + data
    limit = rng.choice([MAX_RECORD_BYTES] * 8 + [64, 4096])  # tiny limits: oversized records
    expected = sum(1 for line in text.split("\n") if line.strip())
    if rng.random() < 0.2:
        # Through the input set: a file refused whole must be one with nothing readable, and
        # the counts are the distinct URLs (a repeated URL replaces the earlier record).
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "fuzz.jsonl"
            path.write_bytes(data)
            try:
                inputs = InputSet.open([path], max_record_bytes=limit)
            except InputError:
                return expected  # every record of the file is lost
            pages = list(inputs)
        distinct = len({p.url for p in pages})
        lost = max(0, expected - len(pages))
        lost += abs(sum(inputs.counts.values()) - distinct)
        lost += abs(inputs.replaced - (len(pages) - distinct))
        return lost + store_and_clean(pages, ws, model)
    pages = list(iter_jsonl(_as_utf8_lines(io.BytesIO(data)), "fuzz.jsonl", max_record_bytes=limit))
    lost = max(0, expected - len(pages))
    return lost + store_and_clean(pages, ws, model)


def store_and_clean(pages: list[Page], ws: Workspace, model: Any) -> int:
    ws.delete_pages()
    ws.add_pages(pages)
    urls = {valid_text(p.url) for p in pages}
    stored = {p.url: p for p in ws.iter_pages()}
    lost = len(urls - set(stored))
    for page in stored.values():
        record = result_record(page, model, timeout=20)
        broken = (
            record.get("status") not in ("ok", "skipped", "error") or record.get("url") != page.url
        )
        if broken or (record["status"] == "error" and "Traceback" in str(record.get("error"))):
            lost += 1
        if (
            page.error is None
            and record["status"] == "error"
            and not str(record.get("error", "")).startswith(("no model", "HTTP"))
        ):
            # A page that was read must not become an error while cleaning.
            lost += 1
    return lost


def check_html(rng: random.Random, n: int, ws: Workspace, model: Any) -> int:
    text = hostile_html(rng)
    enc = rng.choice(["utf-8", "utf-16", "utf-16-le", "cp1252", "gb18030", "latin-1"])
    data = (
        text.encode(enc, "surrogatepass" if enc.startswith("utf") else "replace")
        if rng.random() < 0.85
        else bytes(rng.randint(0, 255) for _ in range(rng.randint(0, 500)))
    )
    header = rng.choice(
        [
            None,
            "text/html",
            "text/html; charset=x-cp1252",
            "text/html; charset=gb_2312-80",
            "text/html; charset=bogus",
        ]
    )
    page = page_from_bytes(f"http://fuzz.test/h{n}", data, content_type=header)
    return store_and_clean([page], ws, model)


def check_warc(rng: random.Random, n: int, ws: Workspace, model: Any) -> int:
    data, count = warc_bytes(rng, n)
    pages = list(iter_warc(io.BytesIO(data), "fuzz.warc"))
    lost = max(0, count - len(pages)) if count >= 0 else 0
    return lost + store_and_clean(pages, ws, model)


_PROBE = Page(
    "http://fuzz.test/p",
    "<html><head><title>T</title></head><body><h1>Head</h1><p>a</p><ul><li>1</li><li>2</li></ul></body></html>",
)


def check_rules(rng: random.Random, n: int, ws: Workspace, model: Any) -> int:
    text = rule_doc(rng)
    data: str | bytes = text.encode("utf-8", "surrogatepass") if rng.random() < 0.5 else text
    try:
        templates = loads(data, source="fuzz.json")
    except RuleError:
        return 0
    failures = 0
    for t in templates:  # accepted: every expression must evaluate
        res = apply_template(_PROBE, t, None)
        failures += sum(1 for rep in res.fields.values() if rep.status == "error")
    return failures


CHECKS: dict[str, tuple[float, Callable[[random.Random, int, Workspace, Any], int]]] = {
    "JSON-lines records -> store -> clean": (0.40, check_jsonl),
    "page bytes (encodings, binary) -> store -> clean": (0.25, check_html),
    "WARC files -> store -> clean": (0.10, check_warc),
    "rule files -> import -> extract": (0.25, check_rules),
}


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--cases", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hang-seconds", type=float, default=30.0)
    args = ap.parse_args()
    logging.disable(logging.WARNING)  # bad records are logged by design; the table counts them
    rng = random.Random(args.seed)
    model = DomainCleaner().fit(list(iter_demo_pages())).model_
    tally = Tally()
    names = list(CHECKS)
    weights = [CHECKS[k][0] for k in names]
    examples: dict[str, str] = {}

    def on_alarm(signum: int, frame: Any) -> None:
        raise Hang()

    signal.signal(signal.SIGALRM, on_alarm)
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp, Workspace(Path(tmp) / "fuzz.sqlite") as ws:
        for n in range(args.cases):
            kind = rng.choices(names, weights)[0]
            case_rng = random.Random(rng.getrandbits(64))
            signal.setitimer(signal.ITIMER_REAL, args.hang_seconds)
            try:
                lost = CHECKS[kind][1](case_rng, n, ws, model)
                tally.add(kind, "passed" if lost == 0 else "lost-case", lost)
            except Hang:
                tally.add(kind, "hang")
            except (DeboilerError, Exception) as exc:  # anything escaping is a run-stopping error
                tally.add(kind, "run-stopping")
                examples.setdefault(kind, f"{type(exc).__name__}: {str(exc)[:160]}")
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            if (n + 1) % 5000 == 0:
                print(
                    f"{n + 1:,} cases, {time.monotonic() - started:.0f} s",
                    file=sys.stderr,
                    flush=True,
                )
    seconds = time.monotonic() - started
    print(f"Hostile fuzz run: {args.cases:,} cases, seed {args.seed}, {seconds:.0f} s\n")
    print(
        "| cases of | tried | passed | run-stopping errors | hangs | lost pages / silent rule failures |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    total: Counter[str] = Counter()
    for kind in names:
        row = tally.rows.get(kind, Counter())
        total.update(row)
        print(
            f"| {kind} | {row['cases']:,} | {row['passed']:,} | {row['run-stopping']:,} | {row['hang']:,} | {row['lost']:,} |"
        )
    print(
        f"| **all** | {total['cases']:,} | {total['passed']:,} | {total['run-stopping']:,} | {total['hang']:,} | {total['lost']:,} |"
    )
    for kind, text in examples.items():
        print(f"\nfirst run-stopping error in {kind}: {text}")


if __name__ == "__main__":
    main()
