"""Fields from structured data: the shown page's JSON-LD, microdata and OpenGraph values with
their site hit rates, to tick and add to the template."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deboiler_gui.app.structuredfields import label


class StructuredFieldsDialog(QDialog):
    """A checkable list of candidates; ``chosen()`` after Add."""

    def __init__(self, url: str, candidates: list[Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Fields from structured data")
        self.candidates = candidates
        self.list = QListWidget()
        self.list.setFont(QFont("monospace"))
        for c in candidates:
            item = QListWidgetItem(label(c))
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            assert c.field is not None
            item.setToolTip(" | ".join(c.field.xpaths))
            self.list.addItem(item)
        head = QLabel(
            f"{len(candidates)} structured values on {url} (JSON-LD, microdata, RDFa, OpenGraph), "
            "with the share of the site's pages where the field finds a value. Tick the ones "
            "to add as fields."
            if candidates
            else f"{url} has no JSON-LD, microdata, RDFa or OpenGraph value a field can read."
        )
        head.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Add fields")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(head)
        layout.addWidget(self.list)
        layout.addWidget(self.buttons)
        self.resize(720, 420)

    def chosen(self) -> list[Any]:
        return [
            c
            for i, c in enumerate(self.candidates)
            if self.list.item(i).checkState() == Qt.CheckState.Checked
        ]
