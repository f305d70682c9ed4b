"""Keeping the user's work: saving the template as a new workspace version, drafts after every
edit and after a crash, and the prompt before unsaved edits could be lost.

A save never drops a version stored since the editor's template was loaded (``templates learn``
on the command line, a repair accepted in the review panels, another window): the save is made
on the version the edits started from, and when the workspace holds a newer one, what that
version changed is taken in with the edits (``engine.template.merge``). Where both changed the
same field, the user chooses: their edits over it (the stored version stays in the history) or
the stored version there (their other edits kept, unsaved)."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from deboiler_gui.app import session
from deboiler_gui.engine.model import DeboilerError, RuleError
from deboiler_gui.engine.store import StaleError
from deboiler_gui.engine.template.merge import Merge, merge_templates
from deboiler_gui.engine.template.model import Template
from deboiler_gui.gui.controllers.editor import TemplateEditor
from deboiler_gui.gui.controllers.state import PostMessage, ShownSite
from deboiler_gui.gui.dialogs.prompt import Ask

#: The answers when the stored template and the edits changed the same field.
SAVE_OVER = "Save my edits over it"
RELOAD = "Reload the stored version"
CANCEL = "Cancel"
#: How many times a save goes round when yet another version is stored while it merges.
_ROUNDS = 3


class Saving(QObject):
    """Saves the editor's template into the shown workspace and keeps its recovery draft."""

    saved = Signal(int)  # the new version, once the editor is marked saved
    #: The editor was given the stored template anew (a newer version taken in or reloaded):
    #: the window shows it again.
    reloaded = Signal()

    def __init__(
        self,
        shown: ShownSite,
        editor: TemplateEditor,
        ask: Ask,
        post_message: PostMessage,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.shown = shown
        self.editor = editor
        self.ask = ask
        self.post_message = post_message
        #: The newer stored version last announced (said once, not on every activation).
        self._announced: tuple[str, int] | None = None

    def save_template(self, message: str = "") -> int | None:
        """Save the template as a new version; the CLI on this workspace uses it at once.
        None when nothing was saved (an invalid template, a refusal, the user's Cancel)."""
        from deboiler_gui.engine.template.extract import check_template

        ws = self.shown.ws
        if ws is None:
            return None
        template = self.editor.template
        try:
            check_template(template)
        except RuleError as exc:
            self.post_message(f"Not saved: {exc}", error=True)
            return None
        message = message or "saved from the app"
        try:
            version = ws.save_template(template, message=message, expect=self.editor.stored_version)
        except StaleError as exc:
            return self._save_on_newer(exc.latest, message)
        except DeboilerError as exc:
            self.post_message(f"Not saved: {exc}", error=True)
            return None
        self._saved(template, version)
        self.post_message(f"Saved template {template.name!r} version {version}")
        return version

    def _saved(self, template: Template, version: int, taken_in: int | None = None) -> None:
        if template != self.editor.template:
            # What the stored version brought, into the editor as one undoable step.
            self.editor.apply(template, f"Take in version {taken_in}")
        self.editor.mark_saved(version)
        self._announced = None
        if self.shown.ws_path:
            session.clear_draft(self.shown.ws_path)
        self.saved.emit(version)

    def _describe(self, version: int) -> str:
        """ "version 3 (“learn search rules”, 2025-01-31 14:02:11)": a stored version in
        words."""
        ws = self.shown.ws
        name = self.editor.template.name
        try:
            rows = ws.template_history(name) if ws is not None else []
        except DeboilerError:
            rows = []
        for row in rows:
            if row["version"] == version:
                when = str(row.get("saved_at") or "").replace("T", " ")[:19]
                what = str(row.get("message") or "")
                detail = ", ".join(x for x in (f"“{what}”" if what else "", when) if x)
                return f"version {version}" + (f" ({detail})" if detail else "")
        return f"version {version}"

    def _save_on_newer(self, latest: int, message: str) -> int | None:
        """The workspace holds a newer version than the one the edits started from: take in
        what it changed, ask where both changed the same thing, then save."""
        ws = self.shown.ws
        editor = self.editor
        name = editor.template.name
        for _ in range(_ROUNDS):
            assert ws is not None
            try:
                theirs = ws.load_template(name, latest)
            except DeboilerError as exc:
                self.post_message(f"Not saved: {exc}", error=True)
                return None
            merge = merge_templates(editor.stored, editor.template, theirs)
            base = editor.stored_version
            stored = self._describe(latest)
            since = (
                f"{stored} was stored after version {base}, the one this window had loaded"
                if base
                else f"{stored} was stored after this window started the template"
            )
            kept = "; ".join(merge.kept)
            if merge.conflicts:
                answer = self._ask_conflicts(name, since, latest, merge)
                if answer == RELOAD:
                    self._reload_keeping_others(theirs, latest, merge)
                    return None
                if answer != SAVE_OVER:
                    self._announced = (name, latest)  # said here: not again on activation
                    self.post_message(
                        f"Not saved: template {name!r}: {since}, and both changed "
                        + "; ".join(c.what for c in merge.conflicts)
                        + ". Save asks again."
                    )
                    return None
            if merge.template == theirs:
                # Nothing of this window's template is missing from it: no version to add.
                self._adopt(theirs, latest)
                self.post_message(
                    f"Template {name!r}: {since}; it holds everything of this window's "
                    "template, so there was nothing new to save: the window shows it now"
                    + (f" (kept from it: {kept})." if kept else ".")
                )
                return latest
            try:
                version = ws.save_template(merge.template, message=message, expect=latest)
            except StaleError as exc:
                latest = exc.latest  # yet another one stored meanwhile: merge again
                continue
            except DeboilerError as exc:
                self.post_message(f"Not saved: {exc}", error=True)
                return None
            self._saved(merge.template, version, latest)
            over = (
                "; your edits replaced its "
                + "; ".join(c.what for c in merge.conflicts)
                + f" (version {latest} stays in the history: "
                + f"deboiler-gui templates diff {name} {latest} {version})"
                if merge.conflicts
                else ""
            )
            self.post_message(
                f"Saved template {name!r} version {version}: {since}; this save keeps what it "
                f"changed with your edits"
                + (f" (kept from it: {kept})" if kept else "")
                + over
                + "."
            )
            return version
        self.post_message(
            f"Not saved: template {name!r} keeps being stored elsewhere; try again", error=True
        )
        return None

    def _ask_conflicts(self, name: str, since: str, latest: int, merge: Merge) -> str:
        both = "\n".join(f"• {c.describe()}" for c in merge.conflicts)
        kept = (
            "\n\nEither way the rest of what it changed is kept: " + "; ".join(merge.kept) + "."
            if merge.kept
            else ""
        )
        where = ", ".join(c.what for c in merge.conflicts)
        text = (
            f"Template {name!r}: {since}.\n\nBoth changed the same thing:\n{both}\n\n"
            f"{SAVE_OVER}: your {where} is saved; version {latest} stays in the history.\n"
            f"{RELOAD}: version {latest}'s {where} instead of yours; your other edits are "
            f"kept, unsaved.\n{CANCEL}: nothing is saved.{kept}"
        )
        return self.ask("The stored template has changed", text, (SAVE_OVER, RELOAD, CANCEL))

    def _reload_keeping_others(self, theirs: Template, latest: int, merge: Merge) -> None:
        """The stored version where both changed the same thing; the editor's other edits
        stay on top of it, unsaved (one undoable step)."""
        self._adopt(theirs, latest)
        if merge.stored_wins != theirs:
            self.editor.apply(merge.stored_wins, f"Keep my other edits on version {latest}")
        self.post_message(
            f"Reloaded template {theirs.name!r} {self._describe(latest)}: where you had changed "
            + "; ".join(c.what for c in merge.conflicts)
            + " it holds the stored version now"
            + (", your other edits kept (unsaved)" if self.editor.dirty else "")
            + "."
        )

    def _adopt(self, template: Template, version: int) -> None:
        """The editor on a stored version, the draft following it."""
        self.editor.reset(template, version=version)
        self._announced = None
        if self.shown.ws_path:
            session.clear_draft(self.shown.ws_path)
        self.reloaded.emit()

    def check_stored(self) -> None:
        """Notice a version stored elsewhere since the editor's (called when the window comes
        to the front): without edits, the window shows it at once; with edits, the Messages
        say so, once, and that Save will take it in."""
        ws = self.shown.ws
        if ws is None:
            return
        name = self.editor.template.name
        try:
            latest = ws.template_version(name)
        except DeboilerError:
            return
        if latest <= self.editor.stored_version or self._announced == (name, latest):
            return
        stored = self._describe(latest)
        if not self.editor.dirty:
            try:
                theirs = ws.load_template(name, latest)
            except DeboilerError as exc:
                self.post_message(str(exc), error=True)
                return
            self._adopt(theirs, latest)
            self.post_message(f"Template {name!r}: {stored} was stored elsewhere; shown now")
            return
        self._announced = (name, latest)
        self.post_message(
            f"Template {name!r}: {stored} was stored elsewhere since your edits started "
            f"(on version {self.editor.stored_version}). Save keeps what it changed with your "
            "edits, and asks first if both changed the same field."
        )

    def confirm_discard(self) -> bool:
        """Ask before unsaved edits could be lost; True when it is fine to go on."""
        if not self.editor.dirty:
            return True
        answer = self.ask(
            "Unsaved changes",
            f"Template {self.editor.template.name!r} has unsaved changes.",
            ("Save", "Discard", "Cancel"),
        )
        if answer == "Save":
            return self.save_template() is not None
        if answer == "Discard":
            if self.shown.ws_path:
                session.clear_draft(self.shown.ws_path)
            self.editor.mark_saved()
            return True
        return False

    def save_draft_now(self) -> None:
        """Called by the crash handler: keep the user's work whatever happened."""
        if self.shown.ws_path and self.editor.dirty:
            self._write_draft(self.shown.ws_path)

    def _write_draft(self, ws_path: str) -> None:
        session.write_draft(
            ws_path, self.editor.template.to_dict(), base_version=self.editor.stored_version
        )

    def on_editor_stepped(self) -> None:
        # After the stack has moved (so "dirty" is up to date): keep a draft of every edit.
        ws_path = self.shown.ws_path
        if not ws_path:
            return
        try:
            if self.editor.dirty:
                self._write_draft(ws_path)
            else:
                session.clear_draft(ws_path)
        except OSError as exc:
            self.post_message(f"Could not write the recovery draft: {exc}", error=True)
