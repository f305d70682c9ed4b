"""`clean --format markdown` and `clean --markdown`: Markdown written from the cleaned tree."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.clean.markdown import markdown_of_html
from deboiler_gui.engine.sources import DEMO_BASE_URL

COMPOST = DEMO_BASE_URL.rstrip("/") + "/guides/compost.html"

EXPECTED_COMPOST = """# Making Compost

A good heap turns kitchen and garden waste into the best soil improver there is.

## Good to know

Balance green and brown material.

Turning the heap adds air and speeds it up.

Finished compost smells of woodland.

## Step by step

1. Site the bin on bare soil
2. Add layers of greens and browns
3. Keep the heap as damp as a wrung sponge
4. Turn every month
"""


def _records(path: Path) -> dict[str, dict]:
    return {r["url"]: r for r in map(json.loads, path.read_text(encoding="utf-8").splitlines())}


def test_markdown_folder_of_the_demo_site(tmp_path: Path) -> None:
    out = tmp_path / "md"
    result = CliRunner().invoke(
        cli, ["clean", "--demo", "--format", "markdown", "-o", str(out), "-q"]
    )
    assert result.exit_code == 0, result.output
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.md"))
    records = _records(out / "records.jsonl")
    ok = [r for r in records.values() if r["status"] == "ok"]
    assert len(files) == len(ok) == len(records) > 20
    # hand-checked: the article, without cookie notice, header, breadcrumbs, pager, sidebar, footer
    assert (out / "hillside-garden.example/guides/compost.md").read_text(
        encoding="utf-8"
    ) == EXPECTED_COMPOST
    rec = records[COMPOST]
    assert rec["file"] == "hillside-garden.example/guides/compost.md"
    assert "cleaned_html" not in rec and "markdown" not in rec


def test_markdown_column_is_opt_in_and_comes_from_the_cleaned_html(tmp_path: Path) -> None:
    runner = CliRunner()
    plain, marked = tmp_path / "plain.jsonl", tmp_path / "marked.jsonl"
    assert runner.invoke(cli, ["clean", "--demo", "-o", str(plain), "-q"]).exit_code == 0
    assert (
        runner.invoke(
            cli, ["clean", "--demo", "--markdown", "-o", str(marked), "-q", "-j", "2"]
        ).exit_code
        == 0
    )
    before, after = _records(plain), _records(marked)
    assert all("markdown" not in r for r in before.values())
    assert before.keys() == after.keys()
    for url, rec in after.items():
        md = rec.pop("markdown")
        assert rec == before[url]  # nothing else changes
        assert md == markdown_of_html(rec["cleaned_html"], url)
    assert after[COMPOST]["cleaned_text"] and "Popular guides" not in EXPECTED_COMPOST


def test_markdown_column_in_csv(tmp_path: Path) -> None:
    out = tmp_path / "o.csv"
    assert (
        CliRunner().invoke(cli, ["clean", "--demo", "--markdown", "-o", str(out), "-q"]).exit_code
        == 0
    )
    with out.open(encoding="utf-8", newline="") as f:
        rows = {r["url"]: r for r in csv.DictReader(f)}
    assert rows[COMPOST]["markdown"] == EXPECTED_COMPOST
    out2 = tmp_path / "p.csv"
    assert CliRunner().invoke(cli, ["clean", "--demo", "-o", str(out2), "-q"]).exit_code == 0
    with out2.open(encoding="utf-8", newline="") as f:
        assert "markdown" not in next(csv.DictReader(f))
