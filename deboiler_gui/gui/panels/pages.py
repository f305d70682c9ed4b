"""The Pages panel: the filter box, the template selector, and the site's pages as a sortable
table (paths relative to the site root, elided in the middle, share and status columns in view)
or as a tree of folders with their page counts."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QStackedWidget,
    QStyle,
    QTableView,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from deboiler_gui.app.domsource import dom_column
from deboiler_gui.app.pagelist import (
    Folder,
    folder_tree,
    relative_url,
    share_text,
    status_text,
)
from deboiler_gui.gui.panels.models import PageListModel, fails_tip, pattern_error
from deboiler_gui.gui.panels.validation import InlineCheck

#: Role of a tree item's page URL (folders have none).
URL_ROLE = Qt.ItemDataRole.UserRole + 1
#: The folder tree's columns: the page list's figures for each page row.
TREE_COLUMNS = ("Page", "Boiler", "Fails", "Status")
#: Paths measured for the list's width at the first start (spread over a bigger site).
_MEASURED_PATHS = 5000


class PagesPanel(QWidget):
    """Signals: ``page_activated(url)`` when a page is picked in the folder tree (the table's
    selection is wired by the window)."""

    page_activated = Signal(str)

    def __init__(self, model: PageListModel, parent: Any = None) -> None:
        super().__init__(parent)
        self.model = model
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("Filter URLs: text, glob (*/?) or re:regex")
        # A bad re: pattern is said under the box (red border), as in the other regex boxes.
        self.filter_check = InlineCheck(self.filter_edit, pattern_error, self)
        self.group_combo = QComboBox()
        self.group_combo.addItem("All templates", None)
        self.tree_button = QToolButton()
        self.tree_button.setText("Folders")
        self.tree_button.setCheckable(True)
        self.tree_button.setToolTip("Show the pages as a tree of folders")
        top = QHBoxLayout()
        top.addWidget(self.group_combo, 1)
        top.addWidget(self.tree_button)
        self.table = QTableView()
        self.table.setModel(model)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)  # Qt's default is descending
        # After a sort the selected page is somewhere else in the list: show it.
        self.table.horizontalHeader().sortIndicatorChanged.connect(
            lambda *_: QTimer.singleShot(0, self._show_current)
        )
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(20)
        header = self.table.horizontalHeader()
        header.setStretchLastSection(False)
        header.setMinimumSectionSize(12)  # a narrow list elides the small columns first
        # The path takes what the other columns leave; they keep the width of their contents.
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in range(1, model.columnCount()):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Interactive)
        for col, width in ((1, 70), (2, 80), (3, 60), (4, 60)):
            self.table.setColumnWidth(col, width)
        self.tree_model = QStandardItemModel(self)
        self.tree = QTreeView()
        self.tree.setModel(self.tree_model)
        # Page rows carry the list's Boiler, Fails and Status cells (folders only their count).
        self.tree.setUniformRowHeights(True)
        self.tree.header().setStretchLastSection(False)
        self._tree_cells: dict[str, list[QStandardItem]] = {}
        self.tree.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.tree.activated.connect(self._on_tree_activated)
        self.tree.clicked.connect(self._on_tree_activated)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.table)
        self.stack.addWidget(self.tree)
        self.count_label = QLabel("")
        layout.addWidget(self.filter_check.row)
        layout.addLayout(top)
        layout.addWidget(self.stack, 1)
        layout.addWidget(self.count_label)
        self.tree_button.toggled.connect(self.show_tree)
        model.modelReset.connect(self._on_model_reset)
        model.layoutChanged.connect(self._on_model_reset)
        # Background facts (template, share, failures) arrive in batches: refit once after them.
        self._fit_timer = QTimer(self)
        self._fit_timer.setSingleShot(True)
        self._fit_timer.setInterval(300)
        self._fit_timer.timeout.connect(self.fit_columns)
        model.dataChanged.connect(lambda *_a: self._fit_timer.start())
        self._fit_timer.timeout.connect(self._refresh_tree_cells)

    # ------------------------------------------------------------------ tree

    def _show_current(self) -> None:
        index = self.table.currentIndex()
        if index.isValid():
            self.table.scrollTo(index, QTableView.ScrollHint.PositionAtCenter)

    def show_tree(self, on: bool) -> None:
        if self.tree_button.isChecked() != on:
            self.tree_button.setChecked(on)  # comes back here through toggled
            return
        self.stack.setCurrentWidget(self.tree if on else self.table)
        if on:
            self.rebuild_tree()

    def _on_model_reset(self) -> None:
        self.fit_columns()
        if self.stack.currentWidget() is self.tree:
            self.rebuild_tree()

    def fit_columns(self) -> None:
        """The small columns as wide as their contents (at most 90 px, and together at most
        two fifths of the list), the path the rest; the Template, Fails, DOM and Type columns
        only when they tell pages apart (the Boiler and Status columns are always shown)."""
        rows = self.model.rows()
        for col, key in ((1, "template"), (3, "failures"), (5, "dom"), (6, "pagetype")):
            if key == "dom":
                values = {dom_column(r) for r in rows}
            else:
                values = {r.get(key) or "" for r in rows}
            self.table.setColumnHidden(col, len(values) <= 1 and not (col == 3 and values - {""}))
        small = [c for c in range(1, self.model.columnCount()) if not self.table.isColumnHidden(c)]
        for col in small:
            self.table.resizeColumnToContents(col)
            self.table.setColumnWidth(col, min(self.table.columnWidth(col), 90))
        # Two fifths at most, however narrow the list: in a narrow dock the small columns are
        # elided before the path is (a path cut to "g…l" tells no page from another).
        room = self.table.viewport().width() * 2 // 5 - 2  # less a rounding pixel or two
        total = sum(self.table.columnWidth(c) for c in small)
        if small and total > room:
            floor = min(44, room // len(small))
            for col in small:
                self.table.setColumnWidth(
                    col, max(floor, self.table.columnWidth(col) * room // total)
                )

    def width_for_paths(self, more_columns: tuple[int, ...] = ()) -> int:
        """The panel's width that shows every page's path whole beside the small columns
        shown (and ``more_columns``, hidden yet: the Fails column before the analysis says
        which pages fail), as ``fit_columns`` lays them out."""
        table = self.table
        metrics = table.fontMetrics()
        rows = self.model.rows()
        if len(rows) > _MEASURED_PATHS:  # a big site: paths spread over it
            step = len(rows) / _MEASURED_PATHS
            rows = [rows[int(i * step)] for i in range(_MEASURED_PATHS)]
        root = self.model.root
        widest = max(
            (metrics.horizontalAdvance(relative_url(r["url"], root)) for r in rows), default=0
        )
        style = table.style()
        margin = 2 * (style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1)
        path = widest + margin + 2
        small = 0
        header = table.horizontalHeader()
        for col in range(1, self.model.columnCount()):
            if not table.isColumnHidden(col):
                small += table.columnWidth(col)
            elif col in more_columns:
                small += max(header.sectionSizeHint(col), 44)
        # the path keeps three fifths of the list at the least (fit_columns)
        viewport = max(path + small, (path * 5 + 2) // 3)
        scrollbar = table.verticalScrollBar().sizeHint().width()
        layout = self.layout()
        margins = layout.contentsMargins().left() * 2 if layout is not None else 0
        return viewport + scrollbar + 2 * table.frameWidth() + margins

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._fit_timer.start()

    def rebuild_tree(self) -> None:
        """The folder tree of the pages the list shows (filter and template choice apply)."""
        rows = self.model.rows()
        rel = [relative_url(r["url"], self.model.root) for r in rows]
        root = folder_tree(rel)
        self.tree_model.clear()
        self.tree_model.setHorizontalHeaderLabels(list(TREE_COLUMNS))
        self._tree_cells = {}
        self._add(self.tree_model.invisibleRootItem(), root, rows, rel)
        self._refresh_tree_cells()
        # The name takes what the figures leave (they keep the list's widths).
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col, width in ((1, 56), (2, 44), (3, 60)):
            self.tree.header().setSectionResizeMode(col, QHeaderView.ResizeMode.Interactive)
            self.tree.setColumnWidth(col, width)
        if self.tree_model.rowCount() == 1:
            self.tree.expand(self.tree_model.index(0, 0))

    def _refresh_tree_cells(self) -> None:
        """The page rows' Boiler, Fails and Status cells from the list's current facts (they
        arrive from the background after the tree is built)."""
        for url, (boiler, fails, status) in self._tree_cells.items():
            row = self.model.summary(url)
            if row is None:
                continue
            failures = row.get("failures")
            for item, text in (
                (boiler, share_text(row.get("boiler_share"))),
                (fails, "" if failures is None else str(failures)),
                (status, status_text(row)),
            ):
                if item.text() != text:
                    item.setText(text)
            fails.setToolTip(fails_tip(row))

    def _add(
        self, parent: QStandardItem, folder: Folder, rows: list[dict[str, Any]], rel: list[str]
    ) -> None:
        for sub in folder.children():
            item = QStandardItem(f"{sub.name}  ({sub.count:,})")
            item.setEditable(False)
            item.setToolTip(f"{self.model.root}{sub.path}")
            parent.appendRow(item)
            self._add(item, sub, rows, rel)
        for row in folder.rows:
            name = rel[row].rsplit("/", 1)[-1] or rel[row]
            item = QStandardItem(name)
            item.setEditable(False)
            item.setData(rows[row]["url"], URL_ROLE)
            item.setToolTip(rows[row]["url"])
            cells = [QStandardItem("") for _ in TREE_COLUMNS[1:]]
            for cell in cells:
                cell.setEditable(False)
                cell.setToolTip(rows[row]["url"])
            for cell in cells[:2]:
                cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self._tree_cells[rows[row]["url"]] = cells
            parent.appendRow([item, *cells])

    def _on_tree_activated(self, index: QModelIndex) -> None:
        url = index.data(URL_ROLE)
        if url:
            self.page_activated.emit(str(url))

    def tree_item(self, url: str) -> QModelIndex | None:
        """The tree's index of a page (for tests and for following the shown page)."""
        found = self.tree_model.match(
            self.tree_model.index(0, 0),
            URL_ROLE,
            url,
            1,
            Qt.MatchFlag.MatchExactly | Qt.MatchFlag.MatchRecursive,
        )
        return found[0] if found else None
