"""`clean --template` applies a template's remove and keep rules on top of the site model,
so boilerplate groups accepted (remove) or rejected (keep) in review reach headless runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.sources import DEMO_BASE_URL, demo_site_path
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.model import Rule, Template

PAGE = DEMO_BASE_URL.rstrip("/") + "/guides/compost.html"


def _clean(runner: CliRunner, ws: Path, out: Path, *extra: str) -> dict[str, dict]:
    result = runner.invoke(
        cli, ["clean", str(ws), "--workspace", str(ws), "--output", str(out), "--quiet", *extra]
    )
    assert result.exit_code == 0, result.output
    return {r["url"]: r for r in map(json.loads, out.read_text(encoding="utf-8").splitlines())}


def test_clean_honours_template_remove_and_keep_rules(tmp_path: Path) -> None:
    runner = CliRunner()
    ws_path = tmp_path / "demo.sqlite"
    assert (
        runner.invoke(
            cli, ["import", str(demo_site_path()), "-w", str(ws_path), "--base-url", DEMO_BASE_URL]
        ).exit_code
        == 0
    )
    assert runner.invoke(cli, ["fit", "-w", str(ws_path)]).exit_code == 0
    site = PAGE.split("/")[2]
    template = Template(
        name="garden",
        site=site,
        remove=(Rule(name="no step list", selector="//h2[normalize-space()='Step by step']"),),
        keep=(Rule(name="keep crumbs", selector="div.breadcrumbs"),),  # CSS works too
    )
    with Workspace(ws_path) as ws:
        ws.save_template(template, message="review decisions")

    plain = _clean(runner, ws_path, tmp_path / "plain.jsonl")[PAGE]
    ruled = _clean(runner, ws_path, tmp_path / "ruled.jsonl", "--template", "garden")[PAGE]

    assert "You are here" not in plain["cleaned_text"]  # the cleaner takes the breadcrumbs
    assert "You are here" in ruled["cleaned_text"]  # the keep rule protects them
    assert "Step by step" in plain["cleaned_text"]
    assert "Step by step" not in ruled["cleaned_text"]  # the remove rule drops the heading
    assert any(r["detector"] == "rule" for r in ruled["removed"])
    assert ruled["template"] == "garden" and "template" not in plain
    # the rest of the cleaning is unchanged: the footer and header are still removed
    assert "Making Compost" in ruled["cleaned_text"]
    plain_bp = {r["xpath"] for r in plain["removed"]}
    ruled_bp = {r["xpath"] for r in ruled["removed"] if r["detector"] != "rule"}
    assert ruled_bp == plain_bp - {"/html/body/div[2]"}


def test_clean_with_an_unknown_template_names_it(tmp_path: Path) -> None:
    runner = CliRunner()
    ws_path = tmp_path / "demo.sqlite"
    runner.invoke(cli, ["import", str(demo_site_path()), "-w", str(ws_path)])
    result = runner.invoke(
        cli,
        [
            "clean",
            str(ws_path),
            "--workspace",
            str(ws_path),
            "-o",
            str(tmp_path / "o.jsonl"),
            "--template",
            "nope",
        ],
    )
    assert result.exit_code == 1
    assert "nope" in result.output


def test_a_workspace_given_as_input_holds_the_template_and_models(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # No -w and no default workspace here: clean and evaluate read the INPUT workspace's
    # template, as extract does.
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(cli, ["import", "--demo", "-w", "demo.sqlite", "-q"]).exit_code == 0
    template = Template(
        name="garden",
        site=PAGE.split("/")[2],
        remove=(Rule(name="no step list", selector="//h2[normalize-space()='Step by step']"),),
    )
    with Workspace(tmp_path / "demo.sqlite") as ws:
        ws.save_template(template)
    result = runner.invoke(cli, ["clean", "demo.sqlite", "-o", "x.jsonl", "-t", "garden", "-q"])
    assert result.exit_code == 0, result.output
    records = {r["url"]: r for r in map(json.loads, Path("x.jsonl").read_text().splitlines())}
    assert records[PAGE]["template"] == "garden"
    assert "Step by step" not in records[PAGE]["cleaned_text"]
    result = runner.invoke(cli, ["evaluate", "demo.sqlite", "-t", "guide"])
    assert result.exit_code == 0, result.output
    assert "guide\ttitle\t13/13" in result.output
    assert not (tmp_path / "deboiler-workspace.sqlite").exists()
