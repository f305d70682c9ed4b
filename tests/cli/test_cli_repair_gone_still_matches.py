"""The commands on a manual whose menus a new layout dropped, while the menu rule (the content
cell's first list) goes on taking the next list of each page: `evaluate` says those values are
of another kind than learned (no successes), `templates repair` names the pages where the
'gone' field still matches, `--accept-repairs` records it gone (it used to say "nothing saved"
and leave the rule filling those pages), after which `extract` leaves it empty, `evaluate` says
it is gone, learning again keeps its record and repairing again saves nothing."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from click.testing import CliRunner, Result

from deboiler_gui.cli import cli
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.store import Workspace

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from texinfopages import BASE, changed, manual, template, without_menus  # noqa: E402

runner = CliRunner()


def run(*args: str) -> Result:
    out = runner.invoke(cli, list(args))
    assert out.exit_code == 0, out.output
    return out


def write(folder: Path, pages: list[Page]) -> Path:
    folder.mkdir()
    for p in pages:
        (folder / p.url[len(BASE) :]).write_text(p.html, encoding="utf-8")
    return folder


def test_a_gone_menu_that_still_matches_is_recorded_gone(tmp_path: Path) -> None:
    ws = tmp_path / "manual.sqlite"
    pages = manual()
    run("import", str(write(tmp_path / "v1", pages)), "-w", str(ws), "--base-url", BASE, "-q")
    with Workspace(ws) as w:
        w.save_template(template())
    run("templates", "learn", "manual", "-w", str(ws))
    new = changed(pages, without_menus)
    run("import", str(write(tmp_path / "v2", new)), "-w", str(ws), "--base-url", BASE, "-q")

    text = run("evaluate", "-w", str(ws), "-t", "manual").output
    menu = next(line for line in text.splitlines() if line.startswith("manual\tmenu"))
    assert "with another kind of value than learned, no successes" in menu, text
    assert "another kind of value than learned:" in text

    report = json.loads(run("templates", "repair", "manual", "-w", str(ws), "--json").output)
    (found,) = [f for f in report["fields"] if f["field"] == "menu"]
    assert found["status"] == "gone"
    still = found["evidence"]["still_matches"]
    assert still["count"] >= 10

    out = run("templates", "repair", "manual", "-w", str(ws), "--accept-repairs").output
    assert f"still matches on {still['count']} pages, but not the learned kind of values" in out
    assert "accepting records menu as gone" in out
    assert "manual: repairs accepted as version" in out and "(menu recorded gone)" in out, out

    run("extract", "-w", str(ws), "-t", "manual", "-o", str(tmp_path / "out.jsonl"))
    records = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert len(records) == len(new)
    assert all(r["menu"] == [] for r in records)
    assert not [r["url"] for r in records if r["status"] == "partial" and r["title"]]

    text = run("evaluate", "-w", str(ws), "-t", "manual").output
    assert "manual\tmenu\tgone: no rule since templates repair recorded" in text, text
    assert "field 'menu'" not in text  # no alert

    run("templates", "learn", "manual", "-w", str(ws))
    with Workspace(ws) as w:
        fld = w.load_template("manual").field("menu")
    assert fld.xpaths == () and fld.search.fingerprint["gone"]["still_pages"] == still["count"]
    assert any(fld.search.fingerprint["samples"].values())

    out = run("templates", "repair", "manual", "-w", str(ws), "--accept-repairs").output
    assert "manual: nothing saved: no field was repaired (menu gone, recorded so already)" in out
