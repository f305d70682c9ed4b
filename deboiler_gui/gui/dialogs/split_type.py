"""The Split dialog of a page type: a URL pattern checks the pages it matches, the user may
tick pages by hand, OK moves the ticked pages into a new type."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
)

from deboiler_gui.engine.model import DeboilerError
from deboiler_gui.engine.words import count

#: ``match(pattern)``: the type's URLs the pattern takes (raises DeboilerError when malformed).
Matcher = Callable[[str], list[str]]


class SplitTypeDialog(QDialog):
    """Pages of one type with a check box each; typing a pattern ticks the pages it matches."""

    def __init__(
        self, title: str, pattern: str, urls: list[str], match: Matcher, parent: Any = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Split page type {title}")
        self.resize(640, 480)
        self._match = match
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(
                "Pages matching this URL pattern (* any text within a segment, {n} a number, "
                "{a,b} one of the words; a pattern starting with / is matched against the path, "
                "without * or { it is a prefix) move to a new type. Tick or untick pages to "
                "choose by hand."
            )
        )
        self.pattern_edit = QLineEdit(pattern)
        self.pattern_edit.setPlaceholderText("e.g. /shop/p/{n}.html or https://host/blog/")
        layout.addWidget(self.pattern_edit)
        self.status = QLabel("")
        layout.addWidget(self.status)
        self.pages = QListWidget()
        for url in urls:
            item = QListWidgetItem(url)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.pages.addItem(item)
        layout.addWidget(self.pages, 1)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Split off")
        layout.addWidget(self.buttons)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.pattern_edit.textChanged.connect(self._on_pattern_edit_text_changed)
        self.pages.itemChanged.connect(lambda _i: self._update_status())
        self._on_pattern_edit_text_changed(pattern)

    def _on_pattern_edit_text_changed(self, text: str) -> None:
        try:
            chosen = set(self._match(text)) if text.strip() else set()
        except DeboilerError as exc:
            self.status.setText(str(exc))
            self.status.setStyleSheet("color: #b00020")
            self.ok_button.setEnabled(False)
            return
        self.pages.blockSignals(True)
        for i in range(self.pages.count()):
            item = self.pages.item(i)
            item.setCheckState(
                Qt.CheckState.Checked if item.text() in chosen else Qt.CheckState.Unchecked
            )
        self.pages.blockSignals(False)
        self._update_status()

    def checked_urls(self) -> list[str]:
        return [
            self.pages.item(i).text()
            for i in range(self.pages.count())
            if self.pages.item(i).checkState() == Qt.CheckState.Checked
        ]

    def set_checked(self, urls: list[str]) -> None:
        wanted = set(urls)
        for i in range(self.pages.count()):
            item = self.pages.item(i)
            item.setCheckState(
                Qt.CheckState.Checked if item.text() in wanted else Qt.CheckState.Unchecked
            )

    def _update_status(self) -> None:
        n, total = len(self.checked_urls()), self.pages.count()
        self.status.setStyleSheet("")
        if n == 0:
            self.status.setText(f"no page of {total} chosen")
        elif n == total:
            self.status.setText(f"all {count(total, 'page')} chosen: nothing would be left")
        else:
            move = "moves" if n == 1 else "move"
            self.status.setText(f"{n} of {count(total, 'page')} {move} to a new type")
        self.ok_button.setEnabled(0 < n < total)
