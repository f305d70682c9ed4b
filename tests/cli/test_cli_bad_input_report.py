"""What the clean command says about inputs it cannot read: each failed file or record is
named on standard error with its reason (also without --explain), and progress in a pipe is
plain lines."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from deboiler_gui.cli import cli


def _pages(folder: Path, n: int) -> None:
    folder.mkdir()
    for i in range(n):
        (folder / f"p{i}.html").write_text(
            f"<html><body><div id='nav'><a href='/'>Home</a></div>"
            f"<p>Page {i} has a paragraph of its own words.</p></body></html>",
            encoding="utf-8",
        )


def test_a_folder_run_names_each_file_that_failed_and_why(tmp_path: Path) -> None:
    site = tmp_path / "site"
    _pages(site, 6)
    (site / "empty.html").write_bytes(b"  \n")
    (site / "gzip.html").write_bytes(b"\x1f\x8b\x08\x00" + bytes(range(256)) * 4)
    result = CliRunner().invoke(cli, ["clean", str(site), "-o", str(tmp_path / "out.jsonl")])
    assert result.exit_code == 0, result.output
    assert f"warning: {site / 'empty.html'}: empty page\n" in result.stderr
    assert f"warning: {site / 'gzip.html'}: binary content" in result.stderr
    assert "2 errors" in result.stdout


def test_a_json_lines_record_of_binary_html_is_named_by_line_and_url(tmp_path: Path) -> None:
    source = tmp_path / "pages.jsonl"
    lines = [
        {"url": "http://j.example/a", "html": "<p>a page with a few words</p>"},
        {"url": "http://j.example/b", "html": "\u0000\u0001\u0002\u0003binary"},
        {"url": "http://j.example/c", "html": "<p>another page with words</p>"},
    ]
    source.write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["clean", str(source), "-o", str(tmp_path / "out.jsonl")])
    assert result.exit_code == 0, result.output
    assert f"warning: {source}:2: http://j.example/b: binary content" in result.stderr
    assert "j.example/a" not in result.stderr and "j.example/c" not in result.stderr


def test_progress_in_a_pipe_has_no_padding_or_carriage_returns(tmp_path: Path) -> None:
    site = tmp_path / "site"
    _pages(site, 6)
    result = CliRunner().invoke(cli, ["clean", str(site), "-o", str(tmp_path / "out.jsonl")])
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[:3] == ["Reading", "Fitting", "Cleaning"]
    assert "\r" not in result.stderr
    assert all(line == line.rstrip() for line in result.stderr.splitlines())


def test_error_records_keep_their_input_order(tmp_path: Path) -> None:
    source = tmp_path / "mixed.jsonl"
    source.write_text(
        "\n".join(
            [
                json.dumps({"url": "http://j.example/z", "html": "<p>the first page read</p>"}),
                "this line is no JSON",
                json.dumps({"url": "http://j.example/b", "html": "\u0000\u0001\u0002\u0003binary"}),
                json.dumps({"html": "<p>a record without its URL</p>"}),
                json.dumps({"url": "http://j.example/a", "html": "<p>the last page read</p>"}),
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(cli, ["clean", str(source), "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["url"].rsplit("/", 1)[-1], r["status"]) for r in records] == [
        ("z", "ok"),
        ("mixed.jsonl#L2", "error"),
        ("b", "error"),
        ("mixed.jsonl#L4", "error"),
        ("a", "ok"),
    ]


def test_error_records_of_unreadable_lines_have_every_column_of_the_run(tmp_path: Path) -> None:
    source = tmp_path / "mixed.jsonl"
    source.write_text(
        "\n".join(
            [
                json.dumps({"url": "http://j.example/z", "html": "<p>the first page read</p>"}),
                "this line is no JSON",
                json.dumps({"url": "http://j.example/a", "html": "<p>the last page read</p>"}),
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    rules = tmp_path / "rules.json"
    template = {"name": "j", "site": "j.example", "remove": [{"name": "x", "selector": "//h9"}]}
    rules.write_text(
        json.dumps({"format": "deboiler-gui-rules", "version": 1, "templates": [template]})
    )
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(
        cli, ["clean", str(source), "-o", str(out), "-q", "--template", str(rules), "--markdown"]
    )
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["status"] for r in records] == ["ok", "error", "ok"]
    # the line that is no JSON gets the template and Markdown columns like the pages around it
    assert {frozenset(r) for r in records} == {frozenset(records[0])}
    assert "template" in records[1] and "markdown" in records[1]
