"""A question to the user with named answers (the first one is the default)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QAbstractButton, QMessageBox, QWidget

#: Asks ``title``/``text`` with the named buttons; returns the chosen name.
Ask = Callable[[str, str, tuple[str, ...]], str]


def ask_user(parent: QWidget, title: str, text: str, buttons: tuple[str, ...]) -> str:
    """A modal question; closing it answers with the last button (Cancel, Discard...)."""
    box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=parent)
    made: dict[QAbstractButton, str] = {
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
