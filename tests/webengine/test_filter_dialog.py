"""The noise-filter dialog at its default size: no two of its widgets overlap, whatever help
text or error is shown, and no row label is cut."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from PySide6.QtCore import QRect
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel, QWidget


def _shown(dialog: Any) -> list[tuple[QWidget, QRect]]:
    out = []
    for w in dialog.findChildren(QWidget):
        if not w.isVisible() or w.parentWidget() is None or not w.isVisibleTo(dialog):
            continue
        if w.layout() is not None and not isinstance(w, QLabel):
            continue  # a row holding a box and its message: its parts are checked
        if w.metaObject().className() in (
            "QWidget",
        ) or w.parentWidget().metaObject().className() in (
            "QComboBox",
            "QDialogButtonBox",
        ):
            continue
        top_left = w.mapTo(dialog, w.rect().topLeft())
        out.append((w, QRect(top_left, w.size())))
    return out


def _overlaps(dialog: Any) -> list[str]:
    bad = []
    for (a, ra), (b, rb) in combinations(_shown(dialog), 2):
        if a.isAncestorOf(b) or b.isAncestorOf(a):
            continue
        if ra.intersects(rb):
            bad.append(f"{type(a).__name__} {ra.getRect()} / {type(b).__name__} {rb.getRect()}")
    return bad


def test_filter_dialog_rows_never_overlap_and_labels_are_whole(qtbot: Any, window: Any) -> None:
    dialog = window.filtering.open_filter_dialog(None)
    qtbot.waitExposed(dialog)
    try:
        for kind in ("text", "url", "attribute", "html"):
            dialog.kind.setCurrentIndex(dialog.kind.findData(kind))
            qtbot.wait(50)
            assert _overlaps(dialog) == [], kind
        dialog.kind.setCurrentIndex(dialog.kind.findData("text"))
        QTest.keyClicks(dialog.pattern, "(unclosed [group")
        qtbot.wait(100)
        assert dialog.checks["pattern"].message.isVisible()
        assert _overlaps(dialog) == []
        # Every row label shows its whole text.
        for label in dialog.findChildren(QLabel):
            if label.isVisible() and not label.wordWrap() and label.text():
                assert label.width() >= label.sizeHint().width(), label.text()
        # The error and the help text are read whole: wrapped, never cut at the bottom.
        for label in (dialog.help, dialog.checks["pattern"].message, dialog.preview):
            if label.isVisible() and label.text():
                assert label.height() >= label.heightForWidth(label.width()), label.text()
    finally:
        dialog.reject()
