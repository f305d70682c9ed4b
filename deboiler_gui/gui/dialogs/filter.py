"""The noise-filter editor: live preview on the shown page, counts over the site on request."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QWidget,
)

from deboiler_gui.app.validation import regex_error, selector_error
from deboiler_gui.engine.template.model import NoiseFilter
from deboiler_gui.gui.panels.validation import InlineCheck

#: The dialog's least width (pixels).
DIALOG_WIDTH = 520

#: What the dialog and the template panel call each filter kind; the stored kind is the key
#: (``html`` stays the stored name of the start/end string filter, for existing templates).
FILTER_KIND_LABELS = {
    "text": "Text regex",
    "url": "URL rule",
    "attribute": "Attribute rule",
    "html": "Start/end string",
}


class FilterDialog(QDialog):
    """Edits one noise filter; every change previews it on the shown page at once and, on
    request, counts its effect over the site (in the background)."""

    preview_requested = Signal(dict)
    site_count_requested = Signal(dict)

    HELP = {
        "text": "Regular expression; its matches are removed from the text.",
        "url": "Links whose href does not match the regular expression are dropped.",
        "attribute": "Nodes whose attribute satisfies the condition are dropped.",
        "html": "Every piece of HTML from the start string to the next end string is cut.",
    }

    def __init__(self, flt: NoiseFilter | None = None, parent: Any = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Noise filter")
        self.setModal(False)
        # Wide enough for a sentence of help or an error on two lines; the dialog grows
        # downwards when a longer one is shown (see _fit), so nothing is cut or overlaps.
        self.setMinimumWidth(DIALOG_WIDTH)
        form = QFormLayout(self)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.DontWrapRows)
        self.kind = QComboBox()
        for kind, label in FILTER_KIND_LABELS.items():
            self.kind.addItem(label, kind)
        self.name = QLineEdit()
        self.pattern = QLineEdit()
        self.selector = QLineEdit()
        self.attribute = QLineEdit()
        self.op = QComboBox()
        self.op.addItems(["contains", "equals", "regex", "exists"])
        self.value = QLineEdit()
        self.start = QLineEdit()
        self.end = QLineEdit()
        self.help = QLabel("")
        self.help.setWordWrap(True)
        self.help.setStyleSheet("color: #555;")
        self.preview = QLabel("")
        self.preview.setWordWrap(True)
        self.site = QLabel("")
        self.site.setWordWrap(True)
        for wrapped in (self.help, self.preview, self.site):
            wrapped.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self._preview_error = False
        form.addRow("Kind", self.kind)
        form.addRow("Name", self.name)
        form.addRow(self.help)  # the whole width, under the kind it explains
        # Expression boxes show their error under them at once (red border and message).
        self.checks = {
            "pattern": InlineCheck(self.pattern, regex_error, self),
            "selector": InlineCheck(self.selector, selector_error, self),
            "value": InlineCheck(
                self.value,
                lambda t: regex_error(t) if self.op.currentText() == "regex" else None,
                self,
            ),
        }
        for check in self.checks.values():
            check.changed.connect(lambda _ok: self._update_ok())
            check.changed.connect(lambda _ok: self._fit())
            check.message.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self._rows: dict[str, QWidget] = {n: c.row for n, c in self.checks.items()}
        form.addRow("Pattern", self._rows["pattern"])
        form.addRow("Selector", self._rows["selector"])
        form.addRow("Attribute", self.attribute)
        form.addRow("Operator", self.op)
        form.addRow("Value", self._rows["value"])
        form.addRow("Start", self.start)
        form.addRow("End", self.end)
        form.addRow("This page", self.preview)
        self.site_button = QPushButton("Count over site")
        form.addRow(self.site_button, self.site)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        form.addRow(self.buttons)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.site_button.clicked.connect(lambda: self.site_count_requested.emit(self.value_dict()))
        if flt is not None:
            self.kind.setCurrentIndex(max(0, self.kind.findData(flt.kind)))
            self.name.setText(flt.name)
            self.pattern.setText(flt.pattern)
            self.selector.setText(flt.selector)
            self.attribute.setText(flt.attribute)
            self.op.setCurrentText(flt.op)
            self.value.setText(flt.value)
            self.start.setText(flt.start)
            self.end.setText(flt.end)
        for w in (
            self.pattern,
            self.selector,
            self.attribute,
            self.value,
            self.start,
            self.end,
            self.name,
        ):
            w.textChanged.connect(self._changed)
        self.kind.currentTextChanged.connect(self._changed)
        self.op.currentTextChanged.connect(self._changed)
        self._changed()

    def value_dict(self) -> dict[str, Any]:
        return {
            "name": self.name.text().strip() or self.kind_value(),
            "kind": self.kind_value(),
            "pattern": self.pattern.text(),
            "selector": self.selector.text().strip(),
            "attribute": self.attribute.text().strip(),
            "op": self.op.currentText(),
            "value": self.value.text(),
            "start": self.start.text(),
            "end": self.end.text(),
        }

    def kind_value(self) -> str:
        """The filter kind as stored in templates (``html`` for the start/end string filter)."""
        return str(self.kind.currentData())

    def noise_filter(self) -> NoiseFilter:
        return NoiseFilter.from_dict(self.value_dict())

    def _changed(self) -> None:
        kind = self.kind_value()
        self.help.setText(self.HELP[kind])
        shown = {
            "text": {"pattern"},
            "url": {"pattern", "selector"},
            "attribute": {"selector", "attribute", "op", "value"},
            "html": {"start", "end"},
        }[kind]
        form = self.layout()
        assert isinstance(form, QFormLayout)
        for name in ("pattern", "selector", "attribute", "op", "value", "start", "end"):
            form.setRowVisible(self._rows.get(name) or getattr(self, name), name in shown)
        self.checks["value"].validate()  # the operator decides whether the value is a regex
        self.preview_requested.emit(self.value_dict())
        self._fit()

    def _fit(self) -> None:
        """Grow (never shrink) to the height the rows need at the present width, once the
        layout has taken in a new help text, error or preview."""
        QTimer.singleShot(0, self._grow)

    def _grow(self) -> None:
        layout = self.layout()
        if layout is None:
            return
        layout.activate()
        needed = (
            layout.totalHeightForWidth(self.width())
            if layout.hasHeightForWidth()
            else layout.totalSizeHint().height()
        )
        if needed > self.height():
            self.resize(self.width(), needed)

    def invalid_boxes(self) -> list[str]:
        """Names of the shown expression boxes whose text is invalid."""
        shown = {
            "text": {"pattern"},
            "url": {"pattern", "selector"},
            "attribute": {"selector", "value"},
            "html": set(),
        }[self.kind_value()]
        return [n for n, c in self.checks.items() if n in shown and c.error]

    def _update_ok(self) -> None:
        ok = not self.invalid_boxes() and not self._preview_error
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)

    def show_preview(self, text: str, error: bool = False) -> None:
        self.preview.setText(text)
        self.preview.setStyleSheet("color: #b00020;" if error else "")
        self._preview_error = error
        self._update_ok()
        self._fit()

    def show_site(self, text: str) -> None:
        self.site.setText(text)
        self._fit()
