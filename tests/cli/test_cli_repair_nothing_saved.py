"""`templates repair --accept-repairs` always says what it saved, or that it saved nothing and
why: a removed contents list is 'gone' (accepting records it so once, then there is nothing to
accept), a site that did not change needs nothing; a saved version names its fields."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from deboiler_gui.cli import cli
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.model import Field, Template

runner = CliRunner()
BASE = "https://d.example/"


def html(i: int, *, contents: bool, title_class: str = "title") -> str:
    toc = "".join(f"<li><a href='p{i}.html#s{k}'>Step {k} of page {i}</a></li>" for k in range(3))
    return (
        f"<html><body><h1 class='{title_class}'>Page {i}</h1>"
        + (f"<ul class='toc'>{toc}</ul>" if contents else "")
        + f"<p>Text {i} of the page.</p></body></html>"
    )


def write(folder: Path, *, contents: bool, title_class: str = "title") -> Path:
    folder.mkdir()
    for i in range(24):
        page = html(i, contents=contents, title_class=title_class)
        (folder / f"p{i}.html").write_text(page, encoding="utf-8")
    return folder


def import_folder(ws: Path, folder: Path) -> None:
    r = runner.invoke(cli, ["import", str(folder), "-w", str(ws), "--base-url", BASE, "-q"])
    assert r.exit_code == 0, r.output


def learned_workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "d.sqlite"
    v1 = write(tmp_path / "v1", contents=True)
    import_folder(ws, v1)
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
    return ws


def repair(ws: Path, *extra: str) -> Result:
    return runner.invoke(
        cli, ["templates", "repair", "doc", "-w", str(ws), "-q", "--accept-repairs", *extra]
    )


def test_a_removed_list_is_recorded_gone_once_then_nothing_is_saved_says_so(
    tmp_path: Path,
) -> None:
    ws = learned_workspace(tmp_path)
    v2 = write(tmp_path / "v2", contents=False)
    import_folder(ws, v2)
    out = repair(ws)
    assert out.exit_code == 0, out.output
    text = out.output
    assert "toc: gone" in text
    assert "accepting records toc as gone" in text
    assert text.strip().splitlines()[-1] == "doc: repairs accepted as version 3 (toc recorded gone)"
    again = repair(ws)
    assert again.exit_code == 0, again.output
    assert "doc: nothing saved: no field was repaired (toc gone, recorded so already)" in (
        again.output
    )
    as_json = runner.invoke(
        cli, ["templates", "repair", "doc", "-w", str(ws), "--json", "--accept-repairs"]
    )
    got = json.loads(as_json.output)
    assert got["version"] is None and "toc gone" in got["nothing_saved"]
    with Workspace(ws) as w:
        # the authored version, the learned one and the one recording toc gone
        assert len(w.template_history("doc")) == 3


def test_an_unchanged_site_saves_nothing_and_says_why(tmp_path: Path) -> None:
    ws = learned_workspace(tmp_path)
    out = repair(ws)
    assert out.exit_code == 0
    assert "doc: nothing saved: every field still gives its learned values" in out.output


def test_a_saved_version_names_its_fields(tmp_path: Path) -> None:
    ws = learned_workspace(tmp_path)
    v2 = write(tmp_path / "v2", contents=True, title_class="v2-title")
    import_folder(ws, v2)
    out = repair(ws)
    assert out.exit_code == 0, out.output
    assert "doc: repairs accepted as version 3 (title)" in out.output


def test_a_saved_version_names_the_fields_it_repaired_and_recorded_gone(tmp_path: Path) -> None:
    # The title's class renamed (repaired) and the contents removed (gone): the closing line
    # names the repaired field and the one recorded gone; evaluate then raises no alert.
    ws = learned_workspace(tmp_path)
    v2 = write(tmp_path / "v2", contents=False, title_class="v2-title")
    import_folder(ws, v2)
    before = runner.invoke(cli, ["evaluate", "-w", str(ws), "-t", "doc"])
    assert "field 'toc': success rate 0.0% below 90%" in before.output, before.output
    out = repair(ws)
    assert out.exit_code == 0, out.output
    last = out.output.strip().splitlines()[-1]
    assert last == "doc: repairs accepted as version 3 (title, toc recorded gone)"
    assert "toc: gone" in out.output
    after = runner.invoke(cli, ["evaluate", "-w", str(ws), "-t", "doc"])
    assert "ALERT" not in after.output, after.output
    assert "doc\ttoc\tgone: no rule since templates repair recorded" in after.output


def test_json_of_a_saved_version_names_the_fields_it_leaves_broken(tmp_path: Path) -> None:
    ws = learned_workspace(tmp_path)
    v2 = write(tmp_path / "v2", contents=False, title_class="v2-title")
    import_folder(ws, v2)
    as_json = runner.invoke(
        cli, ["templates", "repair", "doc", "-w", str(ws), "--json", "--accept-repairs"]
    )
    got = json.loads(as_json.output)
    assert got["version"] == 3 and got["still_broken"] == [], got


def test_a_saved_version_names_a_repair_that_leaves_learned_pages_without_a_value(
    tmp_path: Path,
) -> None:
    # The title's class renamed on every page, and on two pages the title is no heading any
    # more: the repaired rule gives nothing there, which the closing line says.
    ws = learned_workspace(tmp_path)
    v2 = tmp_path / "v2"
    v2.mkdir()
    for i in range(24):
        page = html(i, contents=True, title_class="v2-title")
        if i in (0, 1):
            page = page.replace("<h1 class='v2-title'>", "<div class='cover'><p>")
            page = page.replace("</h1>", "</p></div>")
        (v2 / f"p{i}.html").write_text(page, encoding="utf-8")
    import_folder(ws, v2)
    out = repair(ws)
    assert out.exit_code == 0, out.output
    last = out.output.strip().splitlines()[-1]
    assert last == (
        "doc: repairs accepted as version 3 (title); no value on learned pages the field had: "
        "title (2 pages: see above)"
    )
