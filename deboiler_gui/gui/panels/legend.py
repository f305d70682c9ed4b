"""The highlight legend above the page view: one toggle per kind of highlight."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
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
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 2, 4, 2)
        outer.setSpacing(0)
        layout = QHBoxLayout()
        layout.setContentsMargins(0, 0, 0, 0)
        outer.addLayout(layout)
        self.boxes: dict[str, QCheckBox] = {}
        for kind, colour in HIGHLIGHT_COLOURS.items():
            box = QCheckBox(LEGEND_TEXT[kind])
            box.setChecked(True)
            box.setStyleSheet(f"QCheckBox {{ color: {colour}; font-weight: bold; }}")
            box.toggled.connect(self.toggled)
            layout.addWidget(box)
            self.boxes[kind] = box
        layout.addStretch(1)
        # Where the automatic cleaner takes the shown page's content to be, and why (tooltip),
        # on its own line under the toggles: the words stay whole and a long slot XPath is
        # elided in the middle (its start and its last steps read), never widening the page
        # area (which would squeeze the page list and the other docks).
        self.caption = QLabel()
        self.caption.setStyleSheet("color: #555;")
        self.caption.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.caption.setMinimumWidth(0)
        self.caption.hide()
        outer.addWidget(self.caption)
        self._caption = ""

    def set_caption(self, text: str, why: str) -> None:
        self._caption = text
        self.caption.setToolTip("\n".join(t for t in (text, why) if t))
        self.caption.setVisible(bool(text))
        self._elide_caption()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._elide_caption()

    def _elide_caption(self) -> None:
        """The caption's leading words whole, the path after them elided in the middle."""
        text = self._caption
        head, sep, path = text.partition(": ")
        width = max(0, self.width() - 8)  # the caption spans the legend, less its margins
        metrics = self.caption.fontMetrics()
        if sep and metrics.horizontalAdvance(text) > width:
            room = width - metrics.horizontalAdvance(head + sep)
            text = head + sep + metrics.elidedText(path, Qt.TextElideMode.ElideMiddle, room)
        self.caption.setText(text)

    def enabled_kinds(self) -> set[str]:
        return {k for k, b in self.boxes.items() if b.isChecked()}
