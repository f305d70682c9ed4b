"""The side panels: the selection (text, attributes, ranked XPath candidates and the actions
that turn a pick into a rule), the template's rules with inline errors, the noise-filter
editor with live preview, and the highlight legend."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deboiler_gui.engine.template.model import NoiseFilter, Template
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
        layout.addStretch(1)

    def enabled_kinds(self) -> set[str]:
        return {k for k, b in self.boxes.items() if b.isChecked()}


def _rate_text(site: dict[str, Any]) -> str:
    if not site:
        return "…"
    return f"{site.get('rate', 0):.0%} one · {site.get('none', 0)} none · {site.get('many', 0)} many / {site.get('pages', 0)}"


class SelectionPanel(QWidget):
    """What was picked and what can be made of it."""

    remove_requested = Signal(str)
    keep_requested = Signal(str)
    field_requested = Signal(str, str, str, str)  # xpath, name, kind, attribute
    list_requested = Signal(str, str, str)  # name, kind, attribute (examples are the picks)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.path_label = QLabel("Click an element in the page.")
        self.path_label.setWordWrap(True)
        self.path_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.path_label)
        split = QSplitter(Qt.Orientation.Vertical)
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setPlaceholderText("Text of the selected node")
        split.addWidget(self.text)
        self.attributes = QTableWidget(0, 2)
        self.attributes.setHorizontalHeaderLabels(["Attribute", "Value"])
        self.attributes.horizontalHeader().setStretchLastSection(True)
        self.attributes.verticalHeader().hide()
        split.addWidget(self.attributes)
        self.candidates = QTableWidget(0, 4)
        self.candidates.setHorizontalHeaderLabels(["XPath", "Kind", "Page", "Site"])
        self.candidates.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.candidates.verticalHeader().hide()
        self.candidates.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.candidates.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.candidates.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        split.addWidget(self.candidates)
        layout.addWidget(split, 1)

        form = QFormLayout()
        self.xpath_edit = QLineEdit()
        self.xpath_edit.setPlaceholderText("XPath of the rule (pick a candidate or edit)")
        form.addRow("XPath", self.xpath_edit)
        row = QHBoxLayout()
        self.field_name = QLineEdit()
        self.field_name.setPlaceholderText("field name")
        self.field_kind = QComboBox()
        self.field_kind.addItems(["text", "html", "attribute"])
        self.field_attr = QLineEdit()
        self.field_attr.setPlaceholderText("attribute")
        row.addWidget(self.field_name, 2)
        row.addWidget(self.field_kind)
        row.addWidget(self.field_attr, 1)
        form.addRow("Field", row)
        layout.addLayout(form)
        buttons = QHBoxLayout()
        self.remove_button = QPushButton("Remove as noise")
        self.keep_button = QPushButton("Keep")
        self.field_button = QPushButton("Extract field")
        self.list_button = QPushButton("Extract list")
        self.list_button.setToolTip(
            "Ctrl+click several items of the list first; differing steps become %d"
        )
        for b in (self.remove_button, self.keep_button, self.field_button, self.list_button):
            b.setEnabled(False)
            buttons.addWidget(b)
        layout.addLayout(buttons)
        self.examples_label = QLabel("")
        layout.addWidget(self.examples_label)

        self.candidates.itemSelectionChanged.connect(self._on_candidates_selection_changed)
        self.remove_button.clicked.connect(lambda: self._emit_rule(self.remove_requested))
        self.keep_button.clicked.connect(lambda: self._emit_rule(self.keep_requested))
        self.field_button.clicked.connect(self._on_field_button_clicked)
        self.list_button.clicked.connect(self._on_list_button_clicked)
        self._candidates: list[dict[str, Any]] = []
        # Once the user picks a candidate or edits the XPath, late site-wide answers must not
        # overwrite the choice.
        self._user_chose = False
        self.xpath_edit.textEdited.connect(self._on_xpath_edit_text_edited)

    def _on_xpath_edit_text_edited(self, _text: str) -> None:
        self._user_chose = True

    def show_node(self, path: str, text: str, attributes: dict[str, str], examples: int) -> None:
        self.path_label.setText(path)
        self.text.setPlainText(text[:20000])
        self.attributes.setRowCount(len(attributes))
        for i, (k, v) in enumerate(attributes.items()):
            self.attributes.setItem(i, 0, QTableWidgetItem(k))
            self.attributes.setItem(i, 1, QTableWidgetItem(v))
        self.examples_label.setText(f"{examples} list examples picked" if examples > 1 else "")
        for b in (self.remove_button, self.keep_button, self.field_button, self.list_button):
            b.setEnabled(True)

    def clear(self) -> None:
        self.path_label.setText("Click an element in the page.")
        self.text.clear()
        self.attributes.setRowCount(0)
        self.set_candidates([])
        self.xpath_edit.clear()
        for b in (self.remove_button, self.keep_button, self.field_button, self.list_button):
            b.setEnabled(False)

    def set_candidates(self, candidates: list[dict[str, Any]], keep_choice: bool = False) -> None:
        if not keep_choice:
            self._user_chose = False
        chosen = self.xpath_edit.text() if keep_choice and self._user_chose else None
        self._candidates = candidates
        self.candidates.blockSignals(True)
        self.candidates.setRowCount(len(candidates))
        for i, c in enumerate(candidates):
            self.candidates.setItem(i, 0, QTableWidgetItem(c["xpath"]))
            self.candidates.setItem(i, 1, QTableWidgetItem(c["family"]))
            self.candidates.setItem(i, 2, QTableWidgetItem(str(c["page_matches"])))
            self.candidates.setItem(i, 3, QTableWidgetItem(_rate_text(c.get("site") or {})))
        if chosen is None and candidates:
            self.candidates.selectRow(0)
            self.xpath_edit.setText(candidates[0]["xpath"])
        self.candidates.blockSignals(False)

    def candidate_list(self) -> list[dict[str, Any]]:
        return list(self._candidates)

    def _on_candidates_selection_changed(self) -> None:
        rows = {i.row() for i in self.candidates.selectedIndexes()}
        if rows:
            self._user_chose = True
            self.xpath_edit.setText(self._candidates[min(rows)]["xpath"])

    def _emit_rule(self, signal: Any) -> None:
        xp = self.xpath_edit.text().strip()
        if xp:
            signal.emit(xp)

    def _on_field_button_clicked(self) -> None:
        xp = self.xpath_edit.text().strip()
        if xp:
            self.field_requested.emit(
                xp,
                self.field_name.text().strip() or "field",
                self.field_kind.currentText(),
                self.field_attr.text().strip(),
            )

    def _on_list_button_clicked(self) -> None:
        self.list_requested.emit(
            self.field_name.text().strip() or "items",
            self.field_kind.currentText(),
            self.field_attr.text().strip(),
        )


class RulesPanel(QWidget):
    """The template's remove/keep rules, fields and filters, each with its state on the shown
    page (matches, or the error inline in red) and over the site."""

    delete_requested = Signal(str, str)  # section, name
    edit_filter_requested = Signal(str)
    add_filter_requested = Signal()
    item_selected = Signal(str, str)

    SECTIONS = (
        ("remove", "Remove rules"),
        ("keep", "Keep rules"),
        ("fields", "Fields"),
        ("filters", "Noise filters"),
        ("urls", "Pages like"),
    )
    scope_requested = Signal()  # use the template for pages like the shown one

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.title = QLabel("")
        layout.addWidget(self.title)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Rule", "Expression", "This page", "Site"])
        self.tree.header().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.tree, 1)
        buttons = QHBoxLayout()
        self.add_filter_button = QPushButton("Add filter…")
        self.scope_button = QPushButton("Pages like this")
        self.scope_button.setToolTip(
            "Use this template for pages whose URL is like the shown page's (R(w,m) above the threshold); without any, it applies to every page of the site"
        )
        self.edit_button = QPushButton("Edit")
        self.delete_button = QPushButton("Delete")
        for b in (self.add_filter_button, self.scope_button, self.edit_button, self.delete_button):
            buttons.addWidget(b)
        layout.addLayout(buttons)
        self.scope_button.clicked.connect(self.scope_requested)
        self.add_filter_button.clicked.connect(self.add_filter_requested)
        self.delete_button.clicked.connect(self._on_delete_button_clicked)
        self.edit_button.clicked.connect(self._on_edit_button_clicked)
        self.tree.itemSelectionChanged.connect(self._on_tree_selection_changed)
        self.items: dict[str, QTreeWidgetItem] = {}

    def show_template(
        self, template: Template, page_state: dict[str, Any], site_state: dict[str, str]
    ) -> None:
        scope = site_state.get("", "") if template.urls else "every page"
        self.title.setText(
            f"Template {template.name!r} for {template.site or 'any site'}"
            + (f": {scope}" if scope else "")
        )
        self.tree.clear()
        self.items = {}
        for section, label in self.SECTIONS:
            top = QTreeWidgetItem([label])
            top.setFirstColumnSpanned(False)
            self.tree.addTopLevelItem(top)
            for item in getattr(template, section):
                name = item if section == "urls" else item.id if section == "fields" else item.name
                if section == "urls":
                    expr = f"R > {template.url_threshold:g}"
                elif section == "fields":
                    expr = " | ".join(item.xpaths) + (
                        f"  [{item.kind}{' ' + item.attribute if item.attribute else ''}{', list' if item.is_list else ''}]"
                    )
                elif section == "filters":
                    expr = f"{item.kind}: " + (
                        item.pattern or f"{item.attribute} {item.op} {item.value}"
                        if item.kind != "html"
                        else f"{item.start} … {item.end}"
                    )
                else:
                    expr = item.selector
                state = page_state.get(name)
                row = QTreeWidgetItem([name, expr, "", site_state.get(name, "")])
                row.setData(0, Qt.ItemDataRole.UserRole, (section, name))
                if section == "urls":
                    parts = urlsplit(name)
                    row.setText(0, (parts.path or "/") + (f"?{parts.query}" if parts.query else ""))
                    row.setToolTip(0, name)
                    row.setText(2, str(state or ""))
                elif isinstance(state, str):  # an error: shown inline, in red, on the rule
                    row.setText(2, state)
                    row.setForeground(2, QColor("#b00020"))
                    row.setToolTip(2, state)
                    row.setForeground(0, QColor("#b00020"))
                elif state is not None:
                    row.setText(2, str(state))
                top.addChild(row)
                self.items[name] = row
            top.setExpanded(True)

    def selected(self) -> tuple[str, str] | None:
        items = self.tree.selectedItems()
        data = items[0].data(0, Qt.ItemDataRole.UserRole) if items else None
        return tuple(data) if data else None  # type: ignore[return-value]

    def _on_delete_button_clicked(self) -> None:
        sel = self.selected()
        if sel:
            self.delete_requested.emit(*sel)

    def _on_edit_button_clicked(self) -> None:
        sel = self.selected()
        if sel and sel[0] == "filters":
            self.edit_filter_requested.emit(sel[1])

    def _on_tree_selection_changed(self) -> None:
        sel = self.selected()
        if sel:
            self.item_selected.emit(*sel)


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
        form = QFormLayout(self)
        self.kind = QComboBox()
        self.kind.addItems(["text", "url", "attribute", "html"])
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
        self.preview = QLabel("")
        self.preview.setWordWrap(True)
        self.site = QLabel("")
        form.addRow("Kind", self.kind)
        form.addRow("Name", self.name)
        form.addRow("", self.help)
        form.addRow("Pattern", self.pattern)
        form.addRow("Selector", self.selector)
        form.addRow("Attribute", self.attribute)
        form.addRow("Operator", self.op)
        form.addRow("Value", self.value)
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
            self.kind.setCurrentText(flt.kind)
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
            "name": self.name.text().strip() or self.kind.currentText(),
            "kind": self.kind.currentText(),
            "pattern": self.pattern.text(),
            "selector": self.selector.text().strip(),
            "attribute": self.attribute.text().strip(),
            "op": self.op.currentText(),
            "value": self.value.text(),
            "start": self.start.text(),
            "end": self.end.text(),
        }

    def noise_filter(self) -> NoiseFilter:
        return NoiseFilter.from_dict(self.value_dict())

    def _changed(self) -> None:
        kind = self.kind.currentText()
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
            form.setRowVisible(getattr(self, name), name in shown)
        self.preview_requested.emit(self.value_dict())

    def show_preview(self, text: str, error: bool = False) -> None:
        self.preview.setText(text)
        self.preview.setStyleSheet("color: #b00020;" if error else "")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not error)

    def show_site(self, text: str) -> None:
        self.site.setText(text)
