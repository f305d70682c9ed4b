"""The crash dialog: an unexpected exception shows its traceback in a non-blocking dialog after
the template's draft is written; the app keeps running."""

from __future__ import annotations

import logging
import sys
import traceback
from collections.abc import Callable
from types import TracebackType

from PySide6.QtWidgets import QMessageBox, QWidget

log = logging.getLogger(__name__)


class CrashHandler:
    """An unexpected exception opens a non-blocking dialog with the traceback; the draft of the
    template is written first, and the app keeps running."""

    def __init__(self, parent: QWidget, save_draft: Callable[[], None]) -> None:
        self.parent = parent
        self.save_draft = save_draft
        self.dialogs: list[QMessageBox] = []
        self._previous = sys.excepthook

    def install(self) -> None:
        sys.excepthook = self

    def uninstall(self) -> None:
        sys.excepthook = self._previous

    def __call__(
        self, kind: type[BaseException], exc: BaseException, tb: TracebackType | None
    ) -> None:
        text = "".join(traceback.format_exception(kind, exc, tb))
        log.error("unexpected error:\n%s", text)
        try:
            self.save_draft()
        except Exception:  # the dialog must appear even if saving the draft fails too
            log.exception("could not save the draft after a crash")
        box = QMessageBox(
            QMessageBox.Icon.Critical,
            "Unexpected error",
            f"{kind.__name__}: {exc}\n\nYour unsaved template was kept as a draft; the app keeps running.",
            parent=self.parent,
        )
        box.setDetailedText(text)
        box.setModal(False)
        box.setObjectName("crash-dialog")
        box.show()
        self.dialogs = [d for d in self.dialogs if d.isVisible()] + [box]
