"""The import / fit / clean commands, through click's runner and as a real subprocess."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.sources import demo_site_path


def _records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_quick_start_clean_demo_to_named_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(
        tmp_path
    )  # the README's command names its output relative to the shell's folder
    result = CliRunner().invoke(cli, ["clean", "--demo", "--output", "demo-clean.jsonl"])
    assert result.exit_code == 0, result.output
    records = _records(tmp_path / "demo-clean.jsonl")
    assert len(records) == 29 and {r["status"] for r in records} == {"ok"}
    assert "Wrote 29 results to" in result.output and "demo-clean.jsonl" in result.output
    guide = next(r for r in records if r["url"].endswith("guides/onions.html"))
    assert "Onions from sets are the easiest crop on the plot." in guide["cleaned_text"]
    assert "This page has been viewed" not in guide["cleaned_text"]


def test_clean_demo_without_output_writes_a_default_and_says_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    result = runner.invoke(cli, ["clean", "--demo", "--quiet"])
    assert result.exit_code == 0 and result.output == ""
    result = runner.invoke(cli, ["clean", "--demo"])
    assert result.exit_code == 0, result.output
    default = tmp_path / "demo-clean.jsonl"
    assert default.exists() and str(default.resolve()) in result.output


def test_import_fit_then_clean_workspace_to_csv(tmp_path: Path) -> None:
    runner = CliRunner()
    ws = tmp_path / "w.sqlite"
    result = runner.invoke(
        cli,
        [
            "import",
            str(demo_site_path()),
            "--workspace",
            str(ws),
            "--base-url",
            "https://garden.example/",
        ],
    )
    assert result.exit_code == 0, result.output
    assert (
        "Imported 29 pages (29 ok, 0 skipped, 0 errors)" in result.output
        and "garden.example (29)" in result.output
    )
    result = runner.invoke(cli, ["fit", "--workspace", str(ws), "--mode", "compat"])
    assert result.exit_code == 0, result.output
    assert "garden.example: model saved" in result.output
    out = tmp_path / "clean.csv"
    result = runner.invoke(cli, ["clean", str(ws), "--workspace", str(ws), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "0 sites fitted, 1 reused" in result.output
    with out.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 29 and all(r["url"].startswith("https://garden.example/") for r in rows)


def test_format_option_overrides_the_extension(tmp_path: Path) -> None:
    out = tmp_path / "results.out"
    result = CliRunner().invoke(
        cli, ["clean", "--demo", "-q", "-o", str(out), "--format", "sqlite"]
    )
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"SQLite format 3")


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["clean", "{tmp}/nope.warc.gz", "-o", "{tmp}/o.jsonl"], 1, "nope.warc.gz: no such file"),
        (["clean", "--demo", "-o", "{tmp}/o.txt"], 1, "o.txt: cannot tell the output format"),
        (["clean"], 2, "give at least one INPUT"),
        (["clean", "--demo", "--mode", "fast"], 2, "Invalid value for '--mode'"),
        (["fit", "--workspace", "{tmp}/none.sqlite"], 1, "none.sqlite: no such file"),
        (["fit", "--workspace", "{tmp}/bad.sqlite"], 1, "bad.sqlite: not a SQLite database"),
        (["import", "{tmp}/nothing", "-w", "{tmp}/w.sqlite"], 1, "nothing: no such file or folder"),
        (
            ["clean", "--demo", "--site", "elsewhere.org", "-o", "{tmp}/o.jsonl"],
            1,
            "no pages of site(s) elsewhere.org",
        ),
    ],
)
def test_errors_are_one_line_with_exit_codes(
    tmp_path: Path, args: list[str], code: int, message: str
) -> None:
    (tmp_path / "bad.sqlite").write_text("not a database")
    result = CliRunner().invoke(cli, [a.replace("{tmp}", str(tmp_path)) for a in args])
    assert result.exit_code == code, result.output
    assert message in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "o.jsonl").exists() and not (tmp_path / "o.txt").exists()


def test_console_script_exit_codes_and_progress_on_stderr(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONWARNINGS": "ignore"}
    run = [sys.executable, "-m", "deboiler_gui"]
    ok = subprocess.run(
        [*run, "clean", "--demo", "-o", str(tmp_path / "d.jsonl")],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert ok.returncode == 0, ok.stderr
    assert "Cleaning" in ok.stderr and "Wrote 29 results" in ok.stdout
    missing = subprocess.run(
        [*run, "clean", str(tmp_path / "gone.jsonl")],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert missing.returncode == 1
    assert (
        missing.stderr.strip().splitlines()[-1]
        == f"Error: {tmp_path / 'gone.jsonl'}: no such file or folder"
    )


def test_import_demo_gives_the_docs_demo_workspace(tmp_path: Path) -> None:
    """`import --demo -w demo.sqlite` is the workspace the docs' demo examples use: the demo's
    pages and its example template 'guide', saved once."""
    ws = tmp_path / "demo.sqlite"
    runner = CliRunner()
    first = runner.invoke(cli, ["import", "--demo", "-w", str(ws)])
    assert first.exit_code == 0, first.output
    assert "Saved the demo's example template 'guide' as version 1" in first.output
    again = runner.invoke(cli, ["import", "--demo", "-w", str(ws)])
    assert again.exit_code == 0 and "Saved" not in again.output
    from deboiler_gui.engine.store import Workspace

    with Workspace(ws) as w:
        assert w.template_names() == ["guide"] and len(w.template_history("guide")) == 1
        assert sum(1 for p in w.iter_pages() if p.ok) == 29
    out = runner.invoke(
        cli, ["templates", "export", "guide", "--format", "crawl4ai", "-w", str(ws)]
    )
    assert out.exit_code == 0 and '"selector": "article > h1"' in out.stdout
    assert runner.invoke(cli, ["import", "-w", str(ws)]).exit_code == 2
