"""The highlight legend above the page view: one toggle per kind of highlight."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
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

#: The boilerplate entry on a site cleaned page by page (Site → Clean page by page).
FALLBACK_BOILER_TEXT = "Left out (page extractor)"

#: The legend's margin left and right.
_MARGIN = 4


class Legend(QWidget):
    """Colour legend doubling as the per-kind highlight toggles."""

    toggled = Signal()

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(_MARGIN, 2, _MARGIN, 2)
        outer.setSpacing(0)
        # The toggles on one row, or two rows of two when the page area is narrow: the
        # legend's width used to be the page area's minimum (408 pixels), and in a window
        # under 1000 pixels wide it left the page list its 120-pixel minimum.
        layout = QGridLayout()
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setVerticalSpacing(0)
        outer.addLayout(layout)
        self._grid = layout
        self.boxes: dict[str, QCheckBox] = {}
        for kind, colour in HIGHLIGHT_COLOURS.items():
            box = QCheckBox(LEGEND_TEXT[kind])
            box.setChecked(True)
            box.setStyleSheet(f"QCheckBox {{ color: {colour}; font-weight: bold; }}")
            box.toggled.connect(self.toggled)
            self.boxes[kind] = box
        self._columns = 0
        self._arrange(len(self.boxes))
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

    def _arrange(self, columns: int) -> None:
        """The toggles in rows of ``columns``, a stretch after them."""
        if columns == self._columns:
            return
        self._columns = columns
        grid = self._grid
        for box in self.boxes.values():
            grid.removeWidget(box)
        for i, box in enumerate(self.boxes.values()):
            grid.addWidget(box, i // columns, i % columns)
        for c in range(len(self.boxes) + 1):
            grid.setColumnStretch(c, 1 if c == columns else 0)

    def _row_width(self, columns: int) -> int:
        """The width the toggles take in rows of ``columns``."""
        boxes = list(self.boxes.values())
        spacing = max(0, self._grid.horizontalSpacing())
        # (a grid column is as wide as its widest box)
        by_column = [max(b.sizeHint().width() for b in boxes[c::columns]) for c in range(columns)]
        return sum(by_column) + spacing * (columns - 1) + 2 * _MARGIN

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        hint = super().minimumSizeHint()
        return QSize(self._row_width(2), hint.height())

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        hint = super().sizeHint()
        return QSize(self._row_width(len(self.boxes)), hint.height())

    def set_boiler_text(self, fallback: bool) -> None:
        """The boilerplate entry names what it marks: the site model's repeated blocks, or, on
        a site cleaned page by page, the blocks the page-level extractor left out."""
        box = self.boxes["boiler"]
        box.setText(FALLBACK_BOILER_TEXT if fallback else LEGEND_TEXT["boiler"])
        box.setToolTip(
            "Left out by the page-level extractor: the site has too few pages to learn its "
            "template from, and Site → Clean page by page is on"
            if fallback
            else ""
        )
        self._columns = 0  # the toggles' widths changed: arranged again on the next resize
        self._arrange(len(self.boxes) if self.width() >= self._row_width(len(self.boxes)) else 2)
        self.updateGeometry()

    def set_caption(self, text: str, why: str) -> None:
        self._caption = text
        self.caption.setToolTip("\n".join(t for t in (text, why) if t))
        self.caption.setVisible(bool(text))
        self._elide_caption()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        one_row = self.width() >= self._row_width(len(self.boxes))
        if self._columns != (len(self.boxes) if one_row else 2):
            self._arrange(len(self.boxes) if one_row else 2)
            self.updateGeometry()
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
