"""The highlight legend above the page view: one toggle per kind of highlight."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QWidget,
)

from deboiler_gui.gui.webview import HIGHLIGHT_COLOURS

LEGEND_TEXT = {
    "boiler": "Boilerplate (auto)",
    "remove": "Remove rule",
    "keep": "Keep rule",
    "field": "Field",
}


class Legend(QWidget):
    """Colour legend doubling as the per-kind highlight toggles."""

    toggled = Signal()

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        self.boxes: dict[str, QCheckBox] = {}
        for kind, colour in HIGHLIGHT_COLOURS.items():
            box = QCheckBox(LEGEND_TEXT[kind])
            box.setChecked(True)
            box.setStyleSheet(f"QCheckBox {{ color: {colour}; font-weight: bold; }}")
            box.toggled.connect(self.toggled)
            layout.addWidget(box)
            self.boxes[kind] = box
        # Where the automatic cleaner takes the shown page's content to be, and why (tooltip).
        self.caption = QLabel()
        self.caption.setStyleSheet("color: #555;")
        # A long slot XPath is cut rather than widening the page area (which would squeeze
        # the page list and the other docks); the tooltip holds it whole.
        self.caption.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.caption.setMinimumWidth(0)
        layout.addWidget(self.caption, 1)

    def set_caption(self, text: str, why: str) -> None:
        self.caption.setText(text)
        self.caption.setToolTip(why)

    def enabled_kinds(self) -> set[str]:
        return {k for k, b in self.boxes.items() if b.isChecked()}
