"""Per-rule impact panel: for the automatic cleaner and each rule, characters and blocks removed
(table and bar chart), the pages where it matched nothing, and the likely eaten pages; a
double-click on a page asks the window to open it."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QRectF, QSize, QStringListModel, Qt, Signal
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHeaderView,
    QLabel,
    QListView,
    QScrollArea,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deboiler_gui.engine.review.impact import AUTO, DEFAULT_MAX_EATEN, cause_colour
from deboiler_gui.engine.words import count
from deboiler_gui.gui.panels.review.jobpanel import JobPanel

#: short headers, so every column is in view in the dock; the words in full in their tooltips
COLUMNS = (
    "Cause",
    "Pages",
    "Hit",
    "Chars",
    "Blocks",
    "Nothing",
    "Gone before",
    "Alone",
)
COLUMN_TIPS = (
    "The rule, filter or cleaner detector",
    "Pages the cause applies to",
    "Pages hit: where it removed something",
    "Characters removed (visible, spaces not counted)",
    "Blocks removed",
    "Matched nothing",
    "Matched, already removed (another cause took it first)",
    "Characters it removes alone (no cleaner, no other rule)",
)


class BarChart(QWidget):
    """A small horizontal bar chart: (label, value, colour) rows."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.rows: list[tuple[str, float, str]] = []
        self.setMinimumHeight(60)

    def set_rows(self, rows: Sequence[tuple[str, float, str]]) -> None:
        self.rows = list(rows)
        self.setMinimumHeight(max(60, 22 * len(self.rows) + 8))
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return QSize(400, max(60, 22 * len(self.rows) + 8))

    def paintEvent(self, _event: Any) -> None:  # noqa: N802 (Qt override)
        painter = QPainter(self)
        top = max((v for _l, v, _c in self.rows), default=0.0) or 1.0
        label_w = min(180, self.width() // 3)
        span = max(10, self.width() - label_w - 80)
        for i, (label, value, colour) in enumerate(self.rows):
            y = 4 + i * 22
            painter.setPen(self.palette().text().color())
            # elided in the middle to the label column (a long rule name was cut on the left)
            shown = painter.fontMetrics().elidedText(
                label, Qt.TextElideMode.ElideMiddle, label_w - 6
            )
            painter.drawText(
                QRectF(0, y, label_w - 6, 18),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                shown,
            )
            w = span * value / top if value else 0
            painter.fillRect(QRectF(label_w, y + 2, max(w, 1 if value else 0), 14), QColor(colour))
            painter.drawText(
                QRectF(label_w + w + 4, y, 80, 18), Qt.AlignmentFlag.AlignVCenter, f"{value:,.0f}"
            )
        painter.end()


class ImpactPanel(JobPanel):
    """Runs the impact job in the background and shows its result.

    API: ``start(workspace_path, templates=None, sites=None, max_eaten=0.5)`` runs the job;
    ``set_result(data)`` shows a result of ``review_jobs.impact_job``. Signals:
    ``page_activated(url)`` when a listed page is double-clicked, ``impact_ready(dict)``.
    """

    page_activated = Signal(str)
    impact_ready = Signal(
        object
    )  # object: a dict type would be converted to a QVariantMap and back

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.data: dict[str, Any] = {}
        self.summary = QLabel("No impact computed yet.")
        self.chart = BarChart()
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        for col, tip in enumerate(COLUMN_TIPS):
            header_item = self.table.horizontalHeaderItem(col)
            if header_item is not None:
                header_item.setToolTip(tip)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._on_table_selection)
        # Models, not item widgets: a cause can list 10,000 pages and must fill in one C++ call.
        self.no_match = QListView()
        self._no_match_model = QStringListModel(self)
        self.no_match.setModel(self._no_match_model)
        self.eaten = QListView()
        self._eaten_model = QStringListModel(self)
        self.eaten.setModel(self._eaten_model)
        self._eaten_urls: list[str] = []
        self._no_match_urls: list[str] = []
        for view in (self.no_match, self.eaten):
            view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
            view.activated.connect(lambda index, v=view: self._on_list_activated(v, index.row()))
            view.doubleClicked.connect(
                lambda index, v=view: self._on_list_activated(v, index.row())
            )
        self.no_match_label = QLabel("Pages where the selected cause matched nothing")
        self.eaten_label = QLabel("Likely eaten pages")
        # The table first, five rows at least, one line a row; under it, side by side, the
        # chart (it scrolls when there are many causes) and the two page lists: in a dock a
        # third of the window high, none of them pushes the others out of view.
        self.table.setWordWrap(False)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 8)
        self.table.setMinimumHeight(self.rows_height(self.table, 5))
        chart_box = QScrollArea()
        chart_box.setWidgetResizable(True)
        chart_box.setFrameShape(QFrame.Shape.NoFrame)
        chart_box.setWidget(self.chart)
        chart_box.setMinimumHeight(60)
        bottom = QSplitter(Qt.Orientation.Horizontal)
        bottom.addWidget(chart_box)
        for label, view in ((self.no_match_label, self.no_match), (self.eaten_label, self.eaten)):
            box = QWidget()
            bl = QVBoxLayout(box)
            bl.setContentsMargins(0, 0, 0, 0)
            label.setWordWrap(True)
            view.setMinimumHeight(40)
            bl.addWidget(label)
            bl.addWidget(view, 1)
            bottom.addWidget(box)
        bottom.setStretchFactor(0, 2)
        bottom.setStretchFactor(1, 1)
        bottom.setStretchFactor(2, 1)
        self.layout_.addWidget(self.summary)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(bottom)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setChildrenCollapsible(False)
        self.layout_.addWidget(split, 1)

    @staticmethod
    def rows_height(table: QTableWidget, rows: int) -> int:
        """The height a table needs to show its header and ``rows`` rows."""
        header = table.horizontalHeader().sizeHint().height()
        return header + rows * table.verticalHeader().defaultSectionSize() + 2 * table.frameWidth()

    def start(
        self,
        workspace: str | os.PathLike[str],
        *,
        templates: Sequence[str] | None = None,
        sites: Sequence[str] | None = None,
        max_eaten: float = DEFAULT_MAX_EATEN,
        drafts: Sequence[dict[str, Any]] = (),
    ) -> None:
        """``drafts``: templates being edited (dicts), counted in place of their saved
        versions."""
        from deboiler_gui.engine.review.jobs import impact_job, in_process

        path = str(workspace)
        names = list(templates) if templates is not None else None
        wanted = list(sites) if sites else None
        edited = [dict(d) for d in drafts]
        self.run_job(
            "Per-rule impact",
            lambda: in_process(
                impact_job,
                path,
                templates=names,
                sites=wanted,
                max_eaten=max_eaten,
                drafts=edited,
            ),
        )

    def set_result(self, result: Any) -> None:
        self.data = dict(result)
        causes = self.data.get("causes", [])
        pages = self.data.get("pages", [])
        orig = sum(p[2] for p in pages)
        removed = sum(p[3] for p in pages)
        eaten = self.data.get("eaten_pages", [])
        self.summary.setText(
            f"{count(len(pages), 'page', sep=',')} · {removed:,} of "
            f"{count(orig, 'character', sep=',')} removed · "
            f"{count(len(eaten), 'page', sep=',')} lost more than "
            f"{self.data.get('max_eaten', DEFAULT_MAX_EATEN):.0%}"
        )
        self.table.setRowCount(len(causes))
        rows = []
        for r, c in enumerate(causes):
            colour = cause_colour(c["cause"], next(iter(c.get("detectors") or {}), ""))
            values = (
                c["cause"],
                c["pages"],
                c["pages_hit"],
                c["chars"],
                c["blocks"],
                len(c["no_match"]),
                c.get("shadowed", 0),
                c.get("alone_chars", 0) if c["cause"] != AUTO else "—",
            )
            for col, v in enumerate(values):
                item = QTableWidgetItem(f"{v:,}" if isinstance(v, int) else str(v))
                if col:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                else:
                    item.setForeground(QColor(colour))
                item.setData(Qt.ItemDataRole.UserRole, c["cause"])
                self.table.setItem(r, col, item)
            rows.append((c["cause"], float(c["chars"]), colour))
        self.chart.set_rows(rows)
        self._eaten_urls = [p["url"] for p in eaten]
        self._eaten_model.setStringList([f"{p['share']:.0%}  {p['url']}" for p in eaten])
        self.eaten_label.setText(f"Likely eaten pages ({len(eaten):,})")
        if causes:
            self.select_cause(
                AUTO if any(c["cause"] == AUTO for c in causes) else causes[0]["cause"]
            )
        self.impact_ready.emit(self.data)

    def causes(self) -> list[str]:
        return [c["cause"] for c in self.data.get("causes", [])]

    def select_cause(self, cause: str) -> None:
        for r in range(self.table.rowCount()):
            item = self.table.item(r, 0)
            if item is not None and item.data(Qt.ItemDataRole.UserRole) == cause:
                self.table.selectRow(r)
                return

    def _on_table_selection(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return
        item = self.table.item(rows[0].row(), 0)
        if item is None:
            return
        cause = item.data(Qt.ItemDataRole.UserRole)
        entry = next((c for c in self.data.get("causes", []) if c["cause"] == cause), None)
        self._no_match_urls = list(entry["no_match"]) if entry is not None else []
        self._no_match_model.setStringList(self._no_match_urls)
        if entry is None:
            return
        self.no_match_label.setText(
            f"Pages where {cause} matched nothing ({len(entry['no_match']):,})"
        )

    def listed(self, which: str) -> list[str]:
        """URLs listed in the "no_match" or "eaten" list."""
        return list(self._no_match_urls if which == "no_match" else self._eaten_urls)

    def _on_list_activated(self, view: QListView, row: int) -> None:
        urls = self._eaten_urls if view is self.eaten else self._no_match_urls
        if 0 <= row < len(urls):
            self.page_activated.emit(urls[row])
