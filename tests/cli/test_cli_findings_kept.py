"""``extract`` keeps the cleaner's findings as the run goes, not only at its end: a run
stopped half way (Ctrl-C, an output that fails) keeps what it found on the pages cleaned so
far, and the next run cleans only the others. Each save is one transaction: a save that is
interrupted leaves the rows saved before it as they were and none of its own."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.cli import templates as templates_cli
from deboiler_gui.engine import store
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template import evaluate, rulefile
from deboiler_gui.engine.template.model import Field, Template

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from tplsite import pages as shop_pages  # noqa: E402

PAGES = 8


def rows(ws: Path) -> int:
    with Workspace(ws) as w:
        (site,) = w.model_sites()
        return len(w._read("SELECT page FROM clean_findings WHERE site = ?", [site]))


@pytest.fixture()
def site(tmp_path: Path) -> tuple[Path, Path]:
    ws = tmp_path / "ws.sqlite"
    with Workspace(ws) as w:
        w.add_pages(shop_pages(PAGES))
    assert CliRunner().invoke(cli, ["fit", "-w", str(ws), "-q"]).exit_code == 0
    fields = (Field("body", xpaths=("/html/body",)), Field("title", xpaths=("//h1",)))
    rules = tmp_path / "t.json"
    rules.write_text(rulefile.dumps([Template("shop", fields=fields)]))
    return ws, rules


def extract(ws: Path, rules: Path, out: Path, *, timeout: str = "0") -> Any:
    args = ["extract", "-w", str(ws), "-t", str(rules), "-o", str(out), "-q"]
    return CliRunner().invoke(cli, [*args, "--page-timeout", timeout])


def stop_after(monkeypatch: pytest.MonkeyPatch, n: int, seen: list[int] | None = None) -> None:
    """Ctrl-C while the record of page ``n + 1`` is written."""
    record = evaluate.extraction_record
    calls = [0]

    def stopping(*args: Any, **kw: Any) -> Any:
        calls[0] += 1
        if seen is not None:
            seen.append(calls[0])
        if calls[0] > n:
            raise KeyboardInterrupt
        return record(*args, **kw)

    monkeypatch.setattr(evaluate, "extraction_record", stopping)


@pytest.mark.parametrize("timeout", ["0", "120"])
def test_a_run_stopped_half_way_keeps_what_it_found(
    site: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, timeout: str
) -> None:
    ws, rules = site
    stop_after(monkeypatch, 5)
    stopped = extract(ws, rules, tmp_path / "a.jsonl", timeout=timeout)
    assert stopped.exit_code != 0
    # the findings of the pages cleaned before Ctrl-C (the sixth's too: it was cleaned)
    assert rows(ws) == 6
    monkeypatch.undo()
    done = extract(ws, rules, tmp_path / "b.jsonl", timeout=timeout)
    assert done.exit_code == 0, done.output
    assert rows(ws) == PAGES
    assert len((tmp_path / "b.jsonl").read_text().splitlines()) == PAGES


def test_findings_are_saved_as_the_run_goes(
    site: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ws, rules = site
    monkeypatch.setattr(templates_cli, "FINDINGS_BATCH", 3)
    seen: dict[int, int] = {}
    record = evaluate.extraction_record

    def looking(*args: Any, **kw: Any) -> Any:
        n = len(seen) + 1
        seen[n] = rows(ws)
        return record(*args, **kw)

    monkeypatch.setattr(evaluate, "extraction_record", looking)
    assert extract(ws, rules, tmp_path / "a.jsonl").exit_code == 0
    # saved by threes while the records are written, the rest at the end
    assert seen[3] == 3 and seen[6] == 6 and seen[8] == 6
    assert rows(ws) == PAGES


def test_an_interrupted_save_leaves_no_row_of_its_own(
    site: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    ws, _rules = site
    with Workspace(ws) as w:
        (site_name,) = w.model_sites()
        w.save_findings(site_name, "m1", {"a": {"x": 1}})
    dumps = json.dumps
    calls = [0]

    def breaking(*args: Any, **kw: Any) -> str:
        calls[0] += 1
        if calls[0] == 2:
            raise KeyboardInterrupt
        return dumps(*args, **kw)

    monkeypatch.setattr(store.json, "dumps", breaking)
    with Workspace(ws) as w, pytest.raises(KeyboardInterrupt):
        # another model's findings: the old rows would be dropped, the new ones written
        w.save_findings(site_name, "m2", {"b": {"y": 2}, "c": {"z": 3}})
    monkeypatch.undo()
    with Workspace(ws) as w:
        assert w.load_findings(site_name, "m1") == {"a": {"x": 1}}
        assert w.load_findings(site_name, "m2") == {}
