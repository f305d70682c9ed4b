"""The app's Template health and `templates repair` propose the same repairs for a workspace: the
same fields, statuses, rules and scores, in the same order, and the rows the app would accept
are the fields `--accept-repairs` (and `--accept-unsure FIELD`) takes."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.progress import run
from deboiler_gui.engine.review.jobs import health_job
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.valuerepair import UNSURE_FLOOR

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from repairsites import SCENARIOS  # noqa: E402

runner = CliRunner()


def cli_rows(path: Path, name: str) -> list[tuple[str, str, list[str], float | None]]:
    """(field, status, proposed rules, score) per line ``templates repair --json`` reports."""
    r = runner.invoke(cli, ["templates", "repair", name, "-w", str(path), "-q", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    if isinstance(data, list):  # learned before values were kept
        return [(p["field"], "proposed", [p["xpath"]], p["score"]) for p in data]
    out = []
    for f in data["fields"]:
        proposes = f["status"] in ("repaired", "unsure") and bool(f["xpath"])
        out.append(
            (
                f["field"],
                f["status"],
                f["xpaths"] if proposes else [],
                f["score"] if proposes else None,
            )
        )
    out += [(p["field"], "proposed", [p["xpath"]], p["score"]) for p in data["proposals"]]
    out += [
        (p["field"], "below threshold", [p["xpath"]], p["score"]) for p in data["below_threshold"]
    ]
    return out


def app_rows(path: Path, name: str) -> list[dict[str, Any]]:
    data = run(health_job(path), lambda _step: None)
    (th,) = [t for t in data["templates"] if t["name"] == name]
    assert th["repaired"], th["repair_note"]
    return list(th["repairs"])


def accepted_by_cli(path: Path, tmp: Path, name: str, *extra: str) -> list[str]:
    """The fields ``templates repair --accept-repairs`` takes, on a copy of the workspace."""
    copy = tmp / f"copy-{len(list(tmp.iterdir()))}.sqlite"
    shutil.copy(path, copy)
    r = runner.invoke(
        cli, ["templates", "repair", name, "-w", str(copy), "-q", "--accept-repairs", *extra]
    )
    with Workspace(copy) as w:
        last = w.template_history(name)[-1]["message"]
    if r.exit_code != 0 or not last.startswith("accept repairs: "):
        return []
    return last.removeprefix("accept repairs: ").split(", ")


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_the_app_proposes_what_templates_repair_proposes(tmp_path: Path, scenario: str) -> None:
    path = tmp_path / "ws.sqlite"
    name = SCENARIOS[scenario](path)
    expected = cli_rows(path, name)
    rows = app_rows(path, name)
    got = [
        (
            r["field"],
            r["status"],
            r["xpaths"],
            None if r["score"] is None else round(r["score"], 4),
        )
        for r in rows
    ]
    assert got == expected
    assert any(r["status"] not in ("ok",) for r in rows), "the scenario broke nothing"
    # What the app's Accept repair takes is what --accept-repairs takes.
    assert sorted({r["field"] for r in rows if r["accept"]}) == accepted_by_cli(
        path, tmp_path, name
    )
    # Accept unsure… is offered exactly where --accept-unsure FIELD saves the field.
    for r in rows:
        if r["status"] != "unsure":
            assert not r["accept_unsure"]
            continue
        taken = accepted_by_cli(path, tmp_path, name, "--accept-unsure", r["field"])
        assert r["accept_unsure"] == (r["field"] in taken), (r["field"], taken)
        if not r["accept_unsure"]:
            assert r["score"] is None or r["score"] < UNSURE_FLOOR
            assert (
                f"below {UNSURE_FLOOR}" in r["why_not_unsure"] or "no rule" in r["why_not_unsure"]
            )
    # Each row carries the text the command prints for it.
    printed = runner.invoke(cli, ["templates", "repair", name, "-w", str(path), "-q"]).output
    for r in rows:
        for line in r["lines"]:
            assert line in printed


def test_the_scenarios_cover_every_kind_of_row(tmp_path: Path) -> None:
    """The scenarios above meet each status and decision the panel shows."""
    seen: set[tuple[str, bool, bool]] = set()
    for k, build in enumerate(SCENARIOS.values()):
        path = tmp_path / f"w{k}.sqlite"
        name = build(path)
        seen |= {(r["status"], r["accept"], r["accept_unsure"]) for r in app_rows(path, name)}
    assert {
        ("repaired", True, False),
        ("unsure", False, True),
        ("unsure", False, False),
        ("ok", False, False),
        ("proposed", True, False),
        ("below threshold", False, False),
    } <= seen


def test_the_report_lists_the_same_repair(tmp_path: Path) -> None:
    path = tmp_path / "ws.sqlite"
    name = SCENARIOS["headline renamed"](path)
    out = tmp_path / "report.html"
    r = runner.invoke(cli, ["report", "-w", str(path), "-t", name, "-o", str(out), "-q"])
    assert r.exit_code == 0, r.output
    html = out.read_text(encoding="utf-8")
    assert "Repair (as <code>templates repair</code> finds it)" in html
    assert (
        "<tr><td>title</td><td>repaired</td><td>1.00</td>"
        "<td><code>//h1[@class=&#x27;title-xl&#x27;]</code></td><td>8 of 8 learned</td>"
    ) in html
