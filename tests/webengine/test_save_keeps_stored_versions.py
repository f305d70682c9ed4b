"""Saving from the workbench never drops a template version stored since the window loaded its
own: `templates learn` run in a terminal while the app is open on the Asciidoctor RDoc
reference (111 pages), then File → Save template. Before, the save stored the window's
in-memory copy over the learned version (`templates diff NAME 3 4` showed every learned search
rule, absent and present page dropped) without a word. Now the save takes in what the stored
version changed, says so, and asks where both changed the same field."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtWidgets import QWidget

from deboiler_gui.app import session
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.model import Rule, Template
from deboiler_gui.gui.controllers.saving import CANCEL, RELOAD, SAVE_OVER

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from test_template_merge import SITE, asciidoctor_folder, asciidoctor_template  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str) -> str:
    """The real command line, in its own process, as a user runs it beside the app."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "deboiler_gui", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The reference imported with the template saved as version 1."""
    path = tmp_path_factory.mktemp("asciidoctor") / "asciidoctor.sqlite"
    cli("import", str(asciidoctor_folder(path.parent)), "-w", str(path))
    with Workspace(path) as ws:
        ws.save_template(asciidoctor_template(), message="made by hand")
    return path


@pytest.fixture
def opened(qtbot: Any, window: Any, imported: Path, tmp_path: Path) -> Any:
    """The window on a copy of the workspace, its template (version 1) loaded, analysed."""
    path = tmp_path / "asciidoctor.sqlite"
    shutil.copy(imported, path)
    finished: list[tuple[str, str]] = []
    window.job_finished.connect(lambda name, outcome: finished.append((name, outcome)))
    window.open_path(str(path))
    qtbot.waitUntil(lambda: ("analyse", "finished") in finished, timeout=120000)
    assert window.editor.template == asciidoctor_template()
    assert window.editor.stored_version == 1
    # The Messages panel's lines, without their time of day.
    window.messages_seen = lambda: [
        re.sub(r"^\d\d:\d\d:\d\d  ", "", window.messages.item(i).text())
        for i in range(window.messages.count())
    ]
    return window


def learn(window: Any) -> Template:
    """`templates learn` in a terminal; the version it stored."""
    out = cli("templates", "learn", SITE, "-w", window.ws_path)
    assert "version" in out
    version = window.ws.template_version(SITE)
    learned = window.ws.load_template(SITE, version)
    assert all(not f.search.empty for f in learned.fields)
    assert any(f.search.fingerprint.get("absent") for f in learned.fields)
    return learned


def test_save_with_no_edits_after_templates_learn_keeps_the_learned_version(
    qtbot: Any, opened: Any
) -> None:
    window = opened
    learned = learn(window)
    assert window.ws.template_version(SITE) == 2
    # File → Save template, nothing edited: the stored version already holds it all.
    window.save_action.trigger()
    assert window.ws.template_version(SITE) == 2  # no copy of version 1 stored over it
    assert window.editor.template == learned
    assert not window.editor.dirty
    said = window.messages_seen()[-1]
    assert "version 2" in said and "learn search rules" in said and "nothing new to save" in said
    # An edit then saved: version 3 is version 2 and the edit, nothing learned dropped.
    window.editor.add_rule("remove", "//div[@id='search-section']")
    window.save_action.trigger()
    assert window.ws.template_version(SITE) == 3
    saved = window.ws.load_template(SITE, 3)
    assert saved.fields == learned.fields
    diff = cli("templates", "diff", SITE, "2", "3", "-w", window.ws_path)
    removed = [
        line for line in diff.splitlines() if line.startswith("-") and not line.startswith("---")
    ]
    assert [line[1:].strip() for line in removed] == ['"remove": [],'], diff


def test_unsaved_edits_saved_after_templates_learn_keep_both(qtbot: Any, opened: Any) -> None:
    window = opened
    # Edits first (a field extracted, a remove rule), then learning in a terminal.
    window.editor.add_field("constants", "//section[@class='constants-list']//dt", is_list=True)
    window.editor.add_rule("remove", "//div[@id='search-section']")
    assert session.read_draft(window.ws_path) is not None
    terminal = QWidget()  # the terminal the user switches to, and back from
    terminal.show()
    terminal.activateWindow()
    qtbot.waitUntil(lambda: not window.isActiveWindow(), timeout=5000)
    learned = learn(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)
    # Back in the window: the edits are kept and the new version is announced, once.
    said = window.messages_seen()[-1]
    assert "version 2" in said and "stored elsewhere" in said and "Save keeps" in said
    assert window.editor.dirty and window.editor.stored_version == 1
    terminal.close()
    shiboken6.delete(terminal)
    assert window.saving.save_template() == 3
    saved = window.ws.load_template(SITE, 3)
    for field in learned.fields:
        assert saved.field(field.id) == field  # the learned search rules kept
    assert saved.field("constants").xpaths == ("//section[@class='constants-list']//dt",)
    assert [r.selector for r in saved.remove] == ["//div[@id='search-section']"]
    said = window.messages_seen()[-1]
    assert said.startswith(f"Saved template {SITE!r} version 3: version 2")
    assert "the learned search rules of 4 fields (title, parent, methods, description)" in said
    # The editor shows what was saved, and the next save is an ordinary one.
    assert window.editor.template == saved and not window.editor.dirty
    window.editor.add_rule("remove", "//footer")
    assert window.saving.save_template() == 4


def answering(choice: str, asked: list[str]) -> Any:
    """The window's question answered with ``choice``; its text kept in ``asked``."""

    def ask(_title: str, text: str, buttons: tuple[str, ...]) -> str:
        assert buttons == (SAVE_OVER, RELOAD, CANCEL)
        asked.append(text)
        return choice

    return ask


def edit_title_and_learn(window: Any) -> Template:
    """The title's rule edited in the window, a remove rule added, then `templates learn`."""
    title = window.editor.template.field("title")
    window.editor.replace_item(
        "fields", "title", title.with_xpath("//h1[@class='class']"), "Edit title"
    )
    window.editor.add_rule("remove", "//div[@id='search-section']")
    return learn(window)


def test_a_field_changed_on_both_sides_is_asked_about_and_saved_over(
    qtbot: Any, opened: Any
) -> None:
    window = opened
    learned = edit_title_and_learn(window)
    asked: list[str] = []
    # Cancel: nothing saved, nothing changed, and the reason in the Messages.
    window.ask = answering(CANCEL, asked)
    assert window.saving.save_template() is None
    assert window.ws.template_version(SITE) == 2 and window.editor.stored_version == 1
    assert (
        "field 'title': you changed its rule; the stored version learned its search rules"
        in asked[-1]
    )
    assert "version 2 stays in the history" in asked[-1]
    assert "the learned search rules of 3 fields (parent, methods, description)" in asked[-1]
    said = window.messages_seen()[-1]
    assert said.startswith("Not saved") and "field 'title'" in said
    # Save my edits over it: the edited rule wins, the other fields' learned data is kept,
    # and version 2 stays in the history.
    window.ask = answering(SAVE_OVER, asked)
    assert window.saving.save_template() == 3
    saved = window.ws.load_template(SITE, 3)
    assert saved.field("title").xpaths == ("//main/h1", "//h1[@class='class']")
    assert saved.field("title").search.empty  # what was learned for the old rule: not taken
    for fid in ("parent", "methods", "description"):
        assert saved.field(fid) == learned.field(fid)
    assert [r.selector for r in saved.remove] == ["//div[@id='search-section']"]
    said = window.messages_seen()[-1]
    assert "your edits replaced its field 'title'" in said
    assert f"templates diff {SITE} 2 3" in said
    assert window.ws.load_template(SITE, 2) == learned
    assert window.editor.template == saved and not window.editor.dirty


def test_reloading_the_stored_version_keeps_the_other_edits_unsaved(
    qtbot: Any, opened: Any
) -> None:
    window = opened
    learned = edit_title_and_learn(window)
    asked: list[str] = []
    window.ask = answering(RELOAD, asked)
    assert window.saving.save_template() is None
    assert window.ws.template_version(SITE) == 2
    assert window.editor.template.field("title") == learned.field("title")
    assert [r.selector for r in window.editor.template.remove] == ["//div[@id='search-section']"]
    assert window.editor.dirty and window.editor.stored_version == 2
    said = window.messages_seen()[-1]
    assert said.startswith(f"Reloaded template {SITE!r} version 2")
    assert "your other edits kept (unsaved)" in said
    # Saved now, it is an ordinary save on version 2, nothing asked.
    window.ask = lambda *_a: pytest.fail("asked again")
    assert window.saving.save_template() == 3
    saved = window.ws.load_template(SITE, 3)
    assert saved.fields == learned.fields
    assert [r.selector for r in saved.remove] == ["//div[@id='search-section']"]


def test_a_restored_draft_made_before_learning_keeps_what_learning_stored(
    qtbot: Any, opened: Any, profile: Any
) -> None:
    from deboiler_gui.gui.mainwindow import MainWindow

    window = opened
    window.editor.add_rule("remove", "//div[@id='search-section']")
    assert session.read_draft_base(window.ws_path) == 1
    path = window.ws_path
    learned = learn(window)
    # A restart on the workspace (the app closed without saving: the draft stays).
    other = MainWindow(profile)
    other.ask = lambda _title, _text, _buttons: "Restore"
    try:
        other.load_workspace(path)
        assert other.editor.stored_version == 1 and other.editor.dirty
        said = [other.messages.item(i).text() for i in range(other.messages.count())]
        assert any("made on version 1" in m and "version 2 was stored since" in m for m in said)
        assert other.saving.save_template() == 3
        saved = other.ws.load_template(SITE, 3)
        assert saved.fields == learned.fields
        assert [r.selector for r in saved.remove] == ["//div[@id='search-section']"]
    finally:
        other.editor.mark_saved()
        other.shutdown()
        shiboken6.delete(other)
    window.editor.mark_saved()


def test_the_window_shows_a_version_stored_elsewhere_when_it_has_no_edits(
    qtbot: Any, opened: Any
) -> None:
    window = opened
    with Workspace(window.ws_path) as other:  # another window accepting a repair, say
        changed = window.editor.template
        changed = Template.from_dict(
            {**changed.to_dict(), "remove": [Rule("remove-1", "//footer").to_dict()]}
        )
        assert other.save_template(changed, message="from another window") == 2
    window.saving.check_stored()
    assert window.editor.template == changed and window.editor.stored_version == 2
    assert not window.editor.dirty
    assert "shown now" in window.messages_seen()[-1]
    assert "remove-1" in window.rules.items
