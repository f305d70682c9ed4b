"""Inline validation of an expression box: a red border and a message under the box while its
text is invalid, both cleared by the next valid input."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QLabel, QLineEdit, QVBoxLayout, QWidget

ERROR_STYLE = "QLineEdit { border: 1px solid #b00020; }"


class InlineCheck(QObject):
    """Checks ``edit`` on every change with ``check(text) -> message | None``. ``row`` is the
    box with its message under it, to put in a layout in the box's place."""

    changed = Signal(bool)  # valid

    def __init__(
        self, edit: QLineEdit, check: Callable[[str], str | None], parent: Any = None
    ) -> None:
        super().__init__(parent or edit)
        self.edit = edit
        self.check = check
        self.message = QLabel("")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #b00020; font-size: 11px;")
        self.message.hide()
        self.row = QWidget()
        box = QVBoxLayout(self.row)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(1)
        box.addWidget(edit)
        box.addWidget(self.message)
        self.error: str | None = None
        edit.textChanged.connect(lambda _t: self.validate())

    def validate(self) -> bool:
        error = self.check(self.edit.text())
        if error == self.error:
            return error is None
        self.error = error
        self.edit.setStyleSheet(ERROR_STYLE if error else "")
        self.message.setText(error or "")
        self.message.setVisible(bool(error))
        self.edit.setToolTip(error or "")
        self.changed.emit(error is None)
        return error is None
