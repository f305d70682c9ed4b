"""A one-line label for a panel's title or status line: it shows the longest of its forms that
fits its width, the last one elided when none does, and holds the whole text in its tooltip
whenever what it shows is less. Its size hint stays the whole text's, so a panel holding it is
laid out as before; but it never holds the panel wider, nor runs past the panel's edge."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel


class FittedLabel(QLabel):
    """A label showing the first of its forms (the whole text first, shorter ones after) that
    fits its width, else the last form elided (``mode``); the whole text in its tooltip when
    it shows less. Fitted again on every resize."""

    def __init__(
        self,
        text: str = "",
        mode: Qt.TextElideMode = Qt.TextElideMode.ElideRight,
        parent: Any = None,
    ) -> None:
        super().__init__(parent)
        self._mode = mode
        self._forms: tuple[str, ...] = (text,)
        self._fit()

    def set_forms(self, *forms: str) -> None:
        """The whole text, then shorter forms of it, the best first."""
        self._forms = tuple(f for f in forms if f) or ("",)
        self._fit()
        # the panel is laid out as for the whole text (its width hint does not change with
        # what is shown)
        self.updateGeometry()

    def full_text(self) -> str:
        """The whole text, whatever part of it is shown."""
        return self._forms[0]

    def elided(self) -> bool:
        """Whether the label shows less than its whole text."""
        return self.text() != self._forms[0]

    def _room(self) -> int:
        return max(0, self.contentsRect().width() - 2 * self.margin() - max(0, self.indent()))

    def _fit(self) -> None:
        metrics = self.fontMetrics()
        room = self._room()
        shown = next((f for f in self._forms if metrics.horizontalAdvance(f) <= room), None)
        if shown is None:
            shown = metrics.elidedText(self._forms[-1], self._mode, room)
        if shown != self.text():
            super().setText(shown)
        self.setToolTip(self._forms[0] if shown != self._forms[0] else "")

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        # what a plain label of the whole text asks for (QLabel measures its text so)
        text = self.fontMetrics().boundingRect(
            QRect(0, 0, 2000, 2000), int(self.alignment()), self._forms[0]
        )
        margins = self.contentsMargins()
        width = text.width() + 2 * self.margin() + margins.left() + margins.right()
        return QSize(width, super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        # an ellipsis at least: the label never holds its panel wider than the panel is
        hint = super().minimumSizeHint()
        least = self.fontMetrics().horizontalAdvance("…") + 2 * self.margin()
        return QSize(least, hint.height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._fit()
