"""The template panel: remove/keep rules, fields, noise filters and page scope, each with its
state on the shown page (or its error inline) and over the site."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deboiler_gui.engine.template.model import Template
from deboiler_gui.gui.dialogs.filter import FILTER_KIND_LABELS


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
                    expr = f"{FILTER_KIND_LABELS.get(item.kind, item.kind)}: " + (
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
        return tuple(data) if data else None

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
