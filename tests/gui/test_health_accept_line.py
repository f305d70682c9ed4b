"""Accepting a repair in Template health says what ``templates repair --accept-repairs`` closes
with: the version and the field it repaired, the fields it leaves broken (a removed contents
list is 'gone'), and a repaired rule that gives no value on learned pages the field had. The
line shows under the panel and goes to the window's Messages (``said``)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.repairtext import SEE_ROW
from deboiler_gui.gui.webview import register_scheme

register_scheme()  # before pytest-qt makes the QApplication

runner = CliRunner()
BASE = "https://d.example/"


def html(i: int, *, contents: bool, title_class: str = "title", cover: bool = False) -> str:
    toc = "".join(f"<li><a href='p{i}.html#s{k}'>Step {k} of page {i}</a></li>" for k in range(3))
    title = (
        f"<div class='cover'><p>Page {i}</p></div>"
        if cover
        else f"<h1 class='{title_class}'>Page {i}</h1>"
    )
    return (
        f"<html><body>{title}"
        + (f"<ul class='toc'>{toc}</ul>" if contents else "")
        + f"<p>Text {i} of the page.</p></body></html>"
    )


def _import(ws: Path, folder: Path) -> None:
    r = runner.invoke(cli, ["import", str(folder), "-w", str(ws), "--base-url", BASE, "-q"])
    assert r.exit_code == 0, r.output


def workspace(tmp_path: Path, *, contents: bool, covers: tuple[int, ...] = ()) -> Path:
    """A template learned on 24 pages, then the site changed: the title's class renamed (and
    on ``covers`` no heading any more), the contents list kept or removed."""
    ws = tmp_path / "d.sqlite"
    v1 = tmp_path / "v1"
    v1.mkdir()
    for i in range(24):
        (v1 / f"p{i}.html").write_text(html(i, contents=True), encoding="utf-8")
    _import(ws, v1)
    with Workspace(ws) as w:
        w.save_template(
            Template(
                "doc",
                fields=(
                    Field("title", xpaths=("//h1[@class='title']",)),
                    Field("toc", xpaths=("//ul[@class='toc']/li/a",), is_list=True),
                ),
            )
        )
    assert runner.invoke(cli, ["templates", "learn", "doc", "-w", str(ws)]).exit_code == 0
    v2 = tmp_path / "v2"
    v2.mkdir()
    for i in range(24):
        page = html(i, contents=contents, title_class="v2-title", cover=i in covers)
        (v2 / f"p{i}.html").write_text(page, encoding="utf-8")
    _import(ws, v2)
    return ws


def command_line(ws: Path, copy: Path) -> str:
    """The closing line of ``templates repair doc --accept-repairs`` on a copy of ``ws``."""
    shutil.copy(ws, copy)
    r = runner.invoke(
        cli, ["templates", "repair", "doc", "-w", str(copy), "-q", "--accept-repairs"]
    )
    assert r.exit_code == 0, r.output
    return r.output.strip().splitlines()[-1]


def accept_title(qtbot: Any, ws: Path) -> tuple[Any, list[str]]:
    from deboiler_gui.gui.panels.review import HealthPanel

    panel = HealthPanel()
    qtbot.addWidget(panel)
    panel.bind(str(ws))
    with qtbot.waitSignal(
        panel.busy_changed, timeout=120_000, check_params_cb=lambda busy: not busy
    ):
        panel.start()
    said: list[str] = []
    panel.said.connect(said.append)
    row = next(i for i, p in enumerate(panel.proposals) if p["field"] == "title" and p["accept"])
    with qtbot.waitSignal(panel.template_changed, timeout=60_000) as changed:
        assert panel.accept_proposal(row)
    assert list(changed.args) == ["doc", 3]
    return panel, said


def test_an_accept_names_the_fields_it_leaves_broken_as_the_command_does(
    qtbot: Any, tmp_path: Path
) -> None:
    ws = workspace(tmp_path, contents=False)
    cli_line = command_line(ws, tmp_path / "copy.sqlite")
    # the command accepts every row: the title repaired, the removed contents recorded gone
    assert cli_line == "doc: repairs accepted as version 3 (title, toc recorded gone)"
    panel, said = accept_title(qtbot, ws)
    # one row accepted: the contents' row is left as it was
    expected = f"doc: repairs accepted as version 3 (title); still broken: toc (gone: {SEE_ROW})"
    assert panel.status.text() == expected
    assert said == [expected]


def test_an_accept_names_learned_pages_its_rule_leaves_without_a_value(
    qtbot: Any, tmp_path: Path
) -> None:
    ws = workspace(tmp_path, contents=True, covers=(0, 1))
    cli_line = command_line(ws, tmp_path / "copy.sqlite")
    panel, said = accept_title(qtbot, ws)
    expected = (
        "doc: repairs accepted as version 3 (title); no value on learned pages the field had: "
        f"title (2 pages: {SEE_ROW})"
    )
    assert said == [expected] and panel.status.text() == expected
    assert cli_line == expected.replace(SEE_ROW, "see above")


def test_a_repair_waiting_for_its_own_accept_is_not_called_broken() -> None:
    """The app accepts one row at a time: a field whose repair is still to be accepted is
    named as waiting, not as broken beside the fields repair could not mend."""
    from deboiler_gui.engine.template.repairtext import accepted_line
    from deboiler_gui.engine.template.valuerepair import FieldRepair

    left = [FieldRepair("date", "repaired", "//time"), FieldRepair("toc", "gone")]
    assert accepted_line("doc", 3, ["title"], left, see=SEE_ROW) == (
        f"doc: repairs accepted as version 3 (title); still broken: toc (gone: {SEE_ROW}); "
        f"repair not accepted yet: date ({SEE_ROW})"
    )
