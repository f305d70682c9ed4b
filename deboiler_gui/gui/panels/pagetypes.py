"""The page types panel: the site's types with their page counts and URL patterns, and the
buttons that compute, split, merge, rename them and start a template for one."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDoubleSpinBox,
    QGridLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deboiler_gui.app.pagetypes import DEFAULT_THRESHOLD, SitePageTypes
from deboiler_gui.engine.words import count

#: Item data role holding a row's page-type key.
KEY_ROLE = Qt.ItemDataRole.UserRole


class PageTypesPanel(QWidget):
    """One row per page type: name, pages, URL pattern. Selecting rows asks the window to show
    only their pages; the buttons ask for the edits (the controller does them)."""

    selection_changed = Signal(list)  # keys of the selected types ([] = all pages)
    compute_requested = Signal()
    split_requested = Signal(int)
    merge_requested = Signal(list)
    rename_requested = Signal(int)
    template_requested = Signal(int)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.summary = QLabel("No page types yet: Compute clusters the site's pages.")
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.tree = QTreeWidget()
        self.tree.setRootIsDecorated(False)
        self.tree.setHeaderLabels(["Page type", "Pages", "URL pattern"])
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.tree.header().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.tree.setColumnWidth(0, 170)
        self.tree.setColumnWidth(1, 50)
        layout.addWidget(self.tree, 1)
        grid = QGridLayout()
        self.compute_button = QPushButton("Compute")
        self.compute_button.setToolTip(
            "Cluster the site's pages by structure and URL shape (replaces the types shown)"
        )
        self.split_button = QPushButton("Split…")
        self.split_button.setToolTip(
            "Move the pages of the selected type that match a URL pattern (or the pages selected in the page list) into a new type"
        )
        self.merge_button = QPushButton("Merge")
        self.merge_button.setToolTip("Merge the selected types into the first of them")
        self.rename_button = QPushButton("Rename…")
        self.template_button = QPushButton("New template for this type")
        self.template_button.setToolTip(
            "A new template (unsaved, in the editor) whose URL patterns are the type's: R(w,m) chooses it for the type's pages"
        )
        self.threshold = QDoubleSpinBox()
        self.threshold.setRange(0.05, 1.0)
        self.threshold.setSingleStep(0.05)
        self.threshold.setDecimals(2)
        self.threshold.setValue(DEFAULT_THRESHOLD)
        self.threshold.setPrefix("similarity ≥ ")
        self.threshold.setToolTip(
            "Similarity a page needs to join a type when computing (structure 80%, URL shape 20%): higher gives more, smaller types"
        )
        grid.addWidget(self.compute_button, 0, 0)
        grid.addWidget(self.threshold, 0, 1, 1, 2)
        grid.addWidget(self.split_button, 1, 0)
        grid.addWidget(self.merge_button, 1, 1)
        grid.addWidget(self.rename_button, 1, 2)
        grid.addWidget(self.template_button, 2, 0, 1, 3)
        layout.addLayout(grid)
        self.compute_button.clicked.connect(self.compute_requested)
        self.split_button.clicked.connect(self._on_split_button_clicked)
        self.merge_button.clicked.connect(lambda: self.merge_requested.emit(self.selected_keys()))
        self.rename_button.clicked.connect(self._on_rename_button_clicked)
        self.template_button.clicked.connect(self._on_template_button_clicked)
        self.tree.itemSelectionChanged.connect(self._on_tree_selection_changed)
        self._types: SitePageTypes | None = None
        self._update_buttons()

    # ------------------------------------------------------------------ showing
    def show_types(self, types: SitePageTypes | None, keep: list[int] | None = None) -> None:
        """List the types (largest first as computed; edits keep their place); reselect the
        types in ``keep`` that still exist."""
        self.tree.blockSignals(True)
        self.tree.clear()
        self._types = types
        self.show_summary(0)
        if types is not None:
            for t in types.types:
                item = QTreeWidgetItem([t.title, str(len(t.urls)), t.pattern])
                item.setData(0, KEY_ROLE, t.key)
                item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight)
                item.setToolTip(2, "\n".join(t.patterns))
                item.setToolTip(0, t.title + ("" if t.name else " (named by its URL pattern)"))
                self.tree.addTopLevelItem(item)
                if keep and t.key in keep:
                    item.setSelected(True)
        self.tree.blockSignals(False)
        self._update_buttons()
        self.selection_changed.emit(self.selected_keys())

    def show_summary(self, unassigned: int) -> None:
        """The line above the list: how many types and pages, and pages in no type."""
        types = self._types
        if types is None:
            self.summary.setText("No page types yet: Compute clusters the site's pages.")
            return
        pages = sum(len(t.urls) for t in types.types)
        self.summary.setText(
            f"{count(len(types.types), 'page type')}, {count(pages, 'page')} of {types.site}. "
            + (
                f"Pages in no type (added since): {unassigned}; Compute to include them. "
                if unassigned
                else ""
            )
            + "Select types to list only their pages."
        )

    def selected_keys(self) -> list[int]:
        rows = sorted(self.tree.selectedItems(), key=self.tree.indexOfTopLevelItem)
        return [int(i.data(0, KEY_ROLE)) for i in rows]

    def select_keys(self, keys: list[int]) -> None:
        for i in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(i)
            if item is not None:
                item.setSelected(int(item.data(0, KEY_ROLE)) in keys)

    def row_of(self, key: int) -> int | None:
        for i in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(i)
            if item is not None and int(item.data(0, KEY_ROLE)) == key:
                return i
        return None

    # ------------------------------------------------------------------ events
    def _on_tree_selection_changed(self) -> None:
        self._update_buttons()
        self.selection_changed.emit(self.selected_keys())

    def _on_split_button_clicked(self) -> None:
        keys = self.selected_keys()
        if len(keys) == 1:
            self.split_requested.emit(keys[0])

    def _on_rename_button_clicked(self) -> None:
        keys = self.selected_keys()
        if len(keys) == 1:
            self.rename_requested.emit(keys[0])

    def _on_template_button_clicked(self) -> None:
        keys = self.selected_keys()
        if len(keys) == 1:
            self.template_requested.emit(keys[0])

    def _update_buttons(self) -> None:
        n = len(self.tree.selectedItems())
        for b in (self.split_button, self.rename_button, self.template_button):
            b.setEnabled(n == 1)
        self.merge_button.setEnabled(n >= 2)
