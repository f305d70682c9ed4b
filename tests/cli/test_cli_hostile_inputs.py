"""Hostile inputs at the command line: undecodable argument bytes, file names too long for
the disk, rule files with filters that cannot work or thresholds that are not numbers, a JSON
list instead of JSON lines, a URL read twice by extract. Each gets a clear message or the
page's own result; no run stops with a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from deboiler_gui.cli import cli

PAGE = "<html><body><h1>Title {n}</h1><p>Some readable text for page {n}.</p></body></html>"


def rules(**template: Any) -> dict[str, Any]:
    base = {"name": "t", "urls": ["http://e.test/"], "fields": [{"id": "h", "xpaths": ["//h1"]}]}
    return {"format": "deboiler-gui-rules", "version": 1, "templates": [base | template]}


def write_jsonl(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "args",
    [
        ["templates", "show", "caf\udce9"],
        ["templates", "history", "caf\udce9"],
        ["suggest", "http://x.test/\udcff"],
        ["extract", "-t", "caf\udce9", "-o", "out.jsonl"],
    ],
)
def test_undecodable_argument_bytes_are_refused_by_name(tmp_path: Path, args: list[str]) -> None:
    result = CliRunner().invoke(cli, [*args, "-w", str(tmp_path / "w.sqlite")])
    assert result.exit_code == 2, result.output
    assert "is not valid UTF-8 text" in result.output and "\\x" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_an_output_file_name_of_undecodable_bytes_is_written(tmp_path: Path) -> None:
    pages = write_jsonl(
        tmp_path / "p.jsonl",
        [{"url": f"http://e.test/{n}", "html": PAGE.format(n=n)} for n in (1, 2)],
    )
    ws = tmp_path / "w.sqlite"
    runner = CliRunner()
    assert runner.invoke(cli, ["import", str(pages), "-w", str(ws), "-q"]).exit_code == 0
    target = tmp_path / "o\udce9.warc"
    result = runner.invoke(cli, ["export-warc", str(target), "-w", str(ws), "-q"])
    assert result.exit_code == 0, result.output
    assert target.exists() and target.stat().st_size > 0


@pytest.mark.parametrize("fmt", ["html", "markdown"])
def test_a_url_step_longer_than_a_file_name_is_shortened(tmp_path: Path, fmt: str) -> None:
    long_url = "http://l.test/" + "s" * 300 + ".html"
    longer = "http://l.test/" + "s" * 300 + "x.html"  # same start: must not collide
    pages = write_jsonl(
        tmp_path / "p.jsonl",
        [
            {"url": u, "html": PAGE.format(n=n)}
            for n, u in enumerate([long_url, longer, "http://l.test/a.html"])
        ],
    )
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["clean", str(pages), "-o", str(out), "--format", fmt, "-q"])
    assert result.exit_code == 0, result.output
    files = sorted(p for p in out.rglob("*") if p.is_file() and p.suffix in (".html", ".md"))
    assert len(files) == 3 and all(len(p.name.encode()) <= 255 for p in files)
    assert any(p.name.startswith("a.") for p in files)


@pytest.mark.parametrize(
    "selector", ["document('x')//a", "//a[re:test(@href, 'bib')]", "unparsed-text('/etc/x')"]
)
def test_a_filter_selector_that_cannot_work_is_refused_at_import(
    tmp_path: Path, selector: str
) -> None:
    spec = rules(
        filters=[{"name": "links", "kind": "attribute", "selector": selector, "attribute": "class"}]
    )
    path = tmp_path / "r.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    result = CliRunner().invoke(cli, ["templates", "import", str(path), "-w", str(tmp_path / "w")])
    assert result.exit_code == 1, result.output
    assert "rule 'links'" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("value", ["NaN", "Infinity", "1.5", "-0.1"])
def test_a_url_threshold_that_is_no_share_is_refused(tmp_path: Path, value: str) -> None:
    text = json.dumps(rules(url_threshold=0.5)).replace(
        '"url_threshold": 0.5', f'"url_threshold": {value}'
    )
    path = tmp_path / "r.json"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["templates", "import", str(path), "-w", str(tmp_path / "w")])
    assert result.exit_code != 0, result.output
    assert "url_threshold" in result.output and "Traceback" not in result.output


def test_a_json_list_file_is_read_as_its_records(tmp_path: Path) -> None:
    records = [{"url": f"http://arr.test/{n}", "html": PAGE.format(n=n)} for n in range(3)]
    path = tmp_path / "pages.json"
    path.write_text(json.dumps(records, indent=2), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(cli, ["clean", str(path), "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output
    got = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["url"], r["status"]) for r in got] == [(r["url"], "ok") for r in records]


def test_a_json_list_with_a_bad_item_names_it(tmp_path: Path) -> None:
    path = tmp_path / "pages.json"
    path.write_text(
        json.dumps([{"url": "http://arr.test/0", "html": PAGE.format(n=0)}, 7], indent=1),
        encoding="utf-8",
    )
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(cli, ["clean", str(path), "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output
    got = {json.loads(line)["url"]: json.loads(line) for line in out.read_text().splitlines()}
    assert got["http://arr.test/0"]["status"] == "ok"
    assert "not a JSON object" in got[f"{path}#2"]["error"]


def test_extract_keeps_the_later_record_of_a_url_read_twice(tmp_path: Path) -> None:
    pages = write_jsonl(
        tmp_path / "p.jsonl",
        [
            {"url": "http://e.test/a", "html": PAGE.format(n="a")},
            {"url": "http://e.test/dup", "html": PAGE.format(n="first")},
            {"url": "http://e.test/b", "html": PAGE.format(n="b")},
            {"url": "http://e.test/dup", "html": PAGE.format(n="second")},
        ],
    )
    spec = tmp_path / "r.json"
    spec.write_text(json.dumps(rules()), encoding="utf-8")
    out = tmp_path / "x.jsonl"
    result = CliRunner().invoke(cli, ["extract", str(pages), "-t", str(spec), "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output
    got = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["url"], r["h"]) for r in got] == [
        ("http://e.test/a", "Title a"),
        ("http://e.test/b", "Title b"),
        ("http://e.test/dup", "Title second"),
    ]


def test_an_output_that_is_no_regular_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    """A pipe (as a device would be) given as the output is refused by name; the atomic write
    would have replaced it with a file."""
    import os
    import stat

    pages = write_jsonl(
        tmp_path / "p.jsonl", [{"url": "http://e.test/1", "html": PAGE.format(n=1)}]
    )
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    result = CliRunner().invoke(cli, ["clean", str(pages), "-o", str(fifo), "-q"])
    assert result.exit_code == 1 and "not a regular file" in result.output, result.output
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]


@pytest.mark.parametrize("command", ["clean", "extract"])
def test_an_output_that_is_an_input_is_refused(tmp_path: Path, command: str) -> None:
    pages = write_jsonl(
        tmp_path / "p.jsonl", [{"url": "http://e.test/1", "html": PAGE.format(n=1)}]
    )
    before = pages.read_bytes()
    spec = tmp_path / "r.json"
    spec.write_text(json.dumps(rules()), encoding="utf-8")
    extra = ["-t", str(spec)] if command == "extract" else []
    result = CliRunner().invoke(cli, [command, str(pages), "-o", str(pages), *extra, "-q"])
    assert result.exit_code == 2 and "is also an input" in result.output, result.output
    assert pages.read_bytes() == before


def test_a_union_too_large_to_evaluate_is_refused_at_import(tmp_path: Path) -> None:
    spec = rules(fields=[{"id": "f", "xpaths": ["|".join(["//p"] * 5000)]}])
    path = tmp_path / "r.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    result = CliRunner().invoke(cli, ["templates", "import", str(path), "-w", str(tmp_path / "w")])
    assert result.exit_code == 1 and "field 'f'" in result.output and "evaluation" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["clean", "--demo", "-o", "x.jsonl", "--page-timeout", "nan"],
        ["clean", "--demo", "-o", "x.jsonl", "--max-record-mb", "1e400"],
        ["crawl", "http://127.0.0.1:9/", "--timeout", "inf"],
    ],
)
def test_number_options_that_are_not_finite_are_usage_errors(
    tmp_path: Path, args: list[str]
) -> None:
    result = CliRunner().invoke(cli, [*args, "-w", str(tmp_path / "w.sqlite")])
    assert result.exit_code == 2 and "is not a finite number" in result.output, result.output


def test_sigterm_leaves_no_half_written_output(tmp_path: Path) -> None:
    import signal
    import subprocess
    import sys
    import time

    page = (
        "<html><body><nav>Home About</nav><h1>T{n}</h1><p>"
        + "word{n} " * 300
        + "</p></body></html>"
    )
    big = write_jsonl(
        tmp_path / "big.jsonl",
        [{"url": f"http://t.test/p{n}.html", "html": page.format(n=n)} for n in range(6000)],
    )
    out = tmp_path / "out.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "deboiler_gui", "clean", str(big), "-o", str(out), "-q"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 60
    # wait until the output is being written (its .part file exists), then end the command
    while time.monotonic() < deadline and not any(
        p.name.endswith(".part") for p in tmp_path.iterdir()
    ):
        time.sleep(0.05)
    proc.send_signal(signal.SIGTERM)
    proc.communicate(timeout=60)
    assert proc.returncode != 0
    assert not out.exists()
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")]


def test_a_template_name_with_a_line_break_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    spec = rules()
    spec["templates"][0]["name"] = "a\n../b"
    path.write_text(json.dumps(spec), encoding="utf-8")
    result = CliRunner().invoke(cli, ["templates", "import", str(path), "-w", str(tmp_path / "w")])
    assert result.exit_code == 1 and "control characters" in result.output, result.output
