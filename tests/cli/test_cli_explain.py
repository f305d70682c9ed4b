"""The clean command's --explain (where each page's content was taken from, and why) and
--page-fallback (a site too small to learn from, cleaned page by page)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from deboiler_gui.cli import cli


def _site(folder: Path, n: int) -> None:
    folder.mkdir()
    for i in range(n):
        (folder / f"p{i}.html").write_text(
            f"""<html><head><title>Page {i}</title></head><body>
<div id="menu"><a href="/">Home</a> <a href="/a">About us</a> <a href="/b">Contact form</a></div>
<div id="main"><h1>Page {i}</h1><p>Paragraph {i} of the page says something only page {i} says,
at length, with enough words to be the content of the page number {i}.</p></div>
<div id="foot">Copyright the example club, all rights reserved.</div></body></html>""",
            encoding="utf-8",
        )


def test_explain_says_where_the_content_is_and_what_went(tmp_path: Path) -> None:
    _site(tmp_path / "site", 8)
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(
        cli, ["clean", str(tmp_path / "site"), "-o", str(out), "--explain", "-q"]
    )
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 8
    assert all(r["content"]["method"] == "site" and r["content"]["slot"] for r in records)
    text = result.stderr if hasattr(result, "stderr") else result.output
    for r in records:
        assert f"{r['url']}: ok" in text
    assert "content: /html/body/div[2]" in text
    assert "repeated block (exact)" in text


def test_page_fallback_cleans_a_tiny_site_page_by_page_and_marks_it(tmp_path: Path) -> None:
    _site(tmp_path / "tiny", 2)
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(
        cli, ["clean", str(tmp_path / "tiny"), "-o", str(out), "--page-fallback", "-q"]
    )
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 2
    for r in records:
        assert r["status"] == "ok"
        assert r["content"]["method"] == "page"
        assert "too few" in r["content"]["reason"]
        assert "says something only page" in r["cleaned_text"]
