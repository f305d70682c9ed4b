"""A field that repair recorded gone (no rule since: the site no longer has it) reads "gone" in
the Template panel's Check column (real QtWebEngine workbench), its tooltip saying what to do
with it, instead of the flag "⚠ no value anywhere" of a rule that matches nothing."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.model import Field, Template


def _gone(fld: Field) -> Field:
    record = {"xpaths": list(fld.xpaths), "reason": "", "still_pages": 0, "still_examples": []}
    fp = {**fld.search.fingerprint, "gone": record}
    return dataclasses.replace(
        fld, xpaths=(), search=dataclasses.replace(fld.search, fingerprint=fp)
    )


def test_a_field_recorded_gone_reads_gone_in_the_check_column(
    qtbot: Any, window: Any, tmp_path: Path
) -> None:
    site = tmp_path / "book"
    site.mkdir()
    for i in range(12):
        (site / f"ch{i:02d}.html").write_text(
            f"<html><body><h1>Chapter {i}</h1><p>{'text ' * (i + 3)}</p></body></html>",
            encoding="utf-8",
        )
    ws = tmp_path / "book.sqlite"
    r = CliRunner().invoke(cli, ["import", str(site), "-w", str(ws), "-q"])
    assert r.exit_code == 0, r.output
    toc = Field("toc", xpaths=("//ul[@id='toc']/li/a",), is_list=True)
    with Workspace(ws) as w:
        fields = (Field("title", xpaths=("//h1",)), _gone(toc))
        w.save_template(Template("book.local", site="book.local", fields=fields))
    finished: list[tuple[str, str]] = []
    window.job_finished.connect(lambda name, outcome: finished.append((name, outcome)))
    window.open_path(str(ws))
    qtbot.waitUntil(lambda: ("analyse", "finished") in finished, timeout=120000)
    assert window.editor.template.name == "book.local"
    from deboiler_gui.gui.panels.rules import CHECK_COLUMN

    rules = window.rules
    qtbot.waitUntil(
        lambda: (
            rules.check is not None
            and rules.check.over_site
            and "toc" in rules.check.fields
            and "toc" in rules.items
            and rules.items["toc"].text(CHECK_COLUMN) != ""
        ),
        timeout=30000,
    )
    item = rules.items["toc"]
    assert item.text(CHECK_COLUMN) == "gone"
    tip = item.toolTip(CHECK_COLUMN)
    assert "remove the field" in tip and "author it again" in tip
    assert rules.items["title"].text(CHECK_COLUMN) == "looks right"
