"""Keeping the user's work in the main window: saving the template as a new workspace version,
drafts after every edit and after a crash, and the prompt before unsaved edits could be lost."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QMessageBox

from deboiler_gui.app import session
from deboiler_gui.engine.model import DeboilerError, RuleError


class Saving:
    """Mixed into MainWindow (uses its workspace, editor, messages and jobs)."""

    ws: Any
    ws_path: str | None
    editor: Any
    ask: Any

    def post_message(self, text: str, *, error: bool = False) -> None:
        raise NotImplementedError

    def save_template(self, message: str = "") -> int | None:
        """Save the template as a new version; the CLI on this workspace uses it at once."""
        from deboiler_gui.engine.template.extract import check_template

        if self.ws is None:
            return None
        template = self.editor.template
        try:
            check_template(template)
        except RuleError as exc:
            self.post_message(f"Not saved: {exc}", error=True)
            return None
        try:
            version = self.ws.save_template(template, message=message or "saved from the app")
        except DeboilerError as exc:
            self.post_message(f"Not saved: {exc}", error=True)
            return None
        self.editor.mark_saved()
        if self.ws_path:
            session.clear_draft(self.ws_path)
        self.post_message(f"Saved template {template.name!r} version {version}")
        self._update_title()
        if self.current_job is None:
            self.start_analysis()
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
            if self.ws_path:
                session.clear_draft(self.ws_path)
            self.editor.mark_saved()
            return True
        return False

    def _ask_user(self, title: str, text: str, buttons: tuple[str, ...]) -> str:
        box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=self)
        made = {
            box.addButton(
                b,
                QMessageBox.ButtonRole.AcceptRole
                if i == 0
                else QMessageBox.ButtonRole.RejectRole
                if b == "Cancel"
                else QMessageBox.ButtonRole.DestructiveRole,
            ): b
            for i, b in enumerate(buttons)
        }
        box.exec()
        return made.get(box.clickedButton(), buttons[-1])

    def save_draft_now(self) -> None:
        """Called by the crash handler: keep the user's work whatever happened."""
        if self.ws_path and self.editor.dirty:
            session.write_draft(self.ws_path, self.editor.template.to_dict())

    def _on_undo_stack_index_changed(self, _index: int) -> None:
        # After the stack has moved (so "dirty" is up to date): keep a draft of every edit.
        if not self.ws_path:
            return
        try:
            if self.editor.dirty:
                session.write_draft(self.ws_path, self.editor.template.to_dict())
            else:
                session.clear_draft(self.ws_path)
        except OSError as exc:
            self.post_message(f"Could not write the recovery draft: {exc}", error=True)
