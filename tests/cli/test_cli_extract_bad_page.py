"""A rule that fails on one page's content (a regular expression that backtracks on its text)
is that page's error: the other pages are extracted and the run succeeds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from deboiler_gui.cli import cli

RULES = {
    "format": "deboiler-gui-rules",
    "version": 1,
    "templates": [
        {
            "name": "catf",
            "site": "t.local",
            "fields": [{"id": "p", "xpaths": ["//p"]}],
            "filters": [{"name": "c", "kind": "text", "pattern": "(a+)+$"}],
        }
    ],
}


@pytest.mark.parametrize("timeout", ["0", "60"])
def test_a_backtracking_regex_fails_its_page_only(tmp_path: Path, timeout: str) -> None:
    pages = tmp_path / "pages.jsonl"
    records = [
        {
            "url": f"http://t.local/p{i}.html",
            "html": f"<html><body><p>Paragraph {i}.</p></body></html>",
        }
        for i in range(4)
    ]
    records.insert(
        2,
        {
            "url": "http://t.local/bad.html",
            "html": "<html><body><p>" + "a" * 50_000 + "!</p></body></html>",
        },
    )
    pages.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps(RULES), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(
        cli,
        ["extract", str(pages), "-t", str(rules), "-o", str(out), "-q", "--page-timeout", timeout],
    )
    assert result.exit_code == 0, result.output
    got = {r["url"]: r for r in map(json.loads, out.read_text(encoding="utf-8").splitlines())}
    assert len(got) == 5
    bad = got["http://t.local/bad.html"]
    assert bad["status"] == "error" and "catastrophic" in bad["error"] and "catf" in bad["error"]
    assert [got[f"http://t.local/p{i}.html"]["p"] for i in range(4)] == [
        f"Paragraph {i}." for i in range(4)
    ]
