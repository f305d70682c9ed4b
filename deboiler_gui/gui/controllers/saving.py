"""Keeping the user's work: saving the template as a new workspace version, drafts after every
edit and after a crash, and the prompt before unsaved edits could be lost."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from deboiler_gui.app import session
from deboiler_gui.engine.model import DeboilerError, RuleError
from deboiler_gui.gui.controllers.editor import TemplateEditor
from deboiler_gui.gui.controllers.state import PostMessage, ShownSite
from deboiler_gui.gui.dialogs.prompt import Ask


class Saving(QObject):
    """Saves the editor's template into the shown workspace and keeps its recovery draft."""

    saved = Signal(int)  # the new version, once the editor is marked saved

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

    def save_template(self, message: str = "") -> int | None:
        """Save the template as a new version; the CLI on this workspace uses it at once."""
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
        try:
            version = ws.save_template(template, message=message or "saved from the app")
        except DeboilerError as exc:
            self.post_message(f"Not saved: {exc}", error=True)
            return None
        self.editor.mark_saved()
        if self.shown.ws_path:
            session.clear_draft(self.shown.ws_path)
        self.post_message(f"Saved template {template.name!r} version {version}")
        self.saved.emit(version)
        return version

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
            session.write_draft(self.shown.ws_path, self.editor.template.to_dict())

    def on_editor_stepped(self) -> None:
        # After the stack has moved (so "dirty" is up to date): keep a draft of every edit.
        ws_path = self.shown.ws_path
        if not ws_path:
            return
        try:
            if self.editor.dirty:
                session.write_draft(ws_path, self.editor.template.to_dict())
            else:
                session.clear_draft(ws_path)
        except OSError as exc:
            self.post_message(f"Could not write the recovery draft: {exc}", error=True)
