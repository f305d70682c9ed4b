"""Template health panel: per template and field the success rate, failing pages and XPath-queue
usage; repair proposals with their evidence to accept (new version) or reject (recorded); the
version history with a diff view and revert."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deboiler_gui.gui.panels.review.jobpanel import JobPanel


def _rate_colour(rate: float) -> str:
    return "#2e8b57" if rate >= 0.9 else ("#b07800" if rate >= 0.5 else "#d0021b")


class HealthPanel(JobPanel):
    """Template health over the site.

    API: ``bind(workspace_path)``; ``start(templates=None, sites=None)`` runs the health job;
    ``set_result(data)`` shows a ``review_jobs.health_job`` result; ``accept_proposal(row)``,
    ``reject_proposal(row)``, ``show_history(template)``, ``show_diff(template, old, new)``,
    ``revert(template, version)`` (each runs in the background). Signals:
    ``page_activated(url)`` (failing page double-clicked), ``template_changed(name, version)``
    after an accept or a revert, ``history_shown(name)``, ``diff_shown(text)``,
    ``proposal_decided(proposal, accepted)``.
    """

    page_activated = Signal(str)
    template_changed = Signal(str, int)
    history_shown = Signal(str)  # template whose history the list now shows
    diff_shown = Signal(str)  # the unified diff text ('' when the versions are equal)
    proposal_decided = Signal(dict, bool)  # proposal, accepted

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.workspace: str | None = None
        self.data: dict[str, Any] = {}
        self.proposals: list[dict[str, Any]] = []
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(("Template / field", "Success", "Pages", "Failing"))
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.currentItemChanged.connect(self._on_field_chosen)
        self.failing = QListWidget()
        self.failing.itemDoubleClicked.connect(
            lambda it: self.page_activated.emit(str(it.data(Qt.ItemDataRole.UserRole)))
        )
        self.queue = QTableWidget(0, 3)
        self.queue.setHorizontalHeaderLabels(("#", "XPath", "Pages served"))
        self.queue.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.queue.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        detail = QWidget()
        dl = QVBoxLayout(detail)
        dl.setContentsMargins(0, 0, 0, 0)
        dl.addWidget(self.queue)
        dl.addWidget(self.failing)
        fields = QSplitter(Qt.Orientation.Horizontal)
        fields.addWidget(self.tree)
        fields.addWidget(detail)
        # Proposals
        self.proposal_table = QTableWidget(0, 5)
        self.proposal_table.setHorizontalHeaderLabels(
            ("Field", "Proposed XPath", "Score", "Evidence", "Fixes")
        )
        self.proposal_table.horizontalHeader().setSectionResizeMode(
            3, QHeaderView.ResizeMode.Stretch
        )
        self.proposal_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.proposal_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.proposal_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        accept = QPushButton("Accept repair")
        reject = QPushButton("Reject repair")
        accept.clicked.connect(lambda: self.accept_proposal(self._row(self.proposal_table)))
        reject.clicked.connect(lambda: self.reject_proposal(self._row(self.proposal_table)))
        prop_box = QWidget()
        pl = QVBoxLayout(prop_box)
        pl.setContentsMargins(0, 0, 0, 0)
        pl.addWidget(self.proposal_table, 1)
        row = QHBoxLayout()
        row.addWidget(accept)
        row.addWidget(reject)
        row.addStretch(1)
        pl.addLayout(row)
        # History
        self.history = QListWidget()
        self.history.currentRowChanged.connect(self._on_version_chosen)
        self.diff = QPlainTextEdit()
        self.diff.setReadOnly(True)
        self.diff.setFont(QFont("monospace"))
        revert_button = QPushButton("Revert to this version")
        revert_button.clicked.connect(self._on_revert_clicked)
        hist_box = QWidget()
        hl = QVBoxLayout(hist_box)
        hl.setContentsMargins(0, 0, 0, 0)
        hs = QSplitter(Qt.Orientation.Horizontal)
        hs.addWidget(self.history)
        hs.addWidget(self.diff)
        hl.addWidget(hs, 1)
        hl.addWidget(revert_button)
        self.tabs = QTabWidget()
        self.tabs.addTab(fields, "Fields")
        self.tabs.addTab(prop_box, "Repair proposals")
        self.tabs.addTab(hist_box, "History")
        self.layout_.addWidget(self.tabs, 1)
        self._history_template: str | None = None
        self._history_rows: list[dict[str, Any]] = []

    # ------------------------------------------------------------------ API
    def bind(self, workspace: str | os.PathLike[str]) -> None:
        self.workspace = str(workspace)

    def start(
        self, *, templates: Sequence[str] | None = None, sites: Sequence[str] | None = None
    ) -> None:
        from deboiler_gui.engine.review.jobs import health_job, in_process

        if self.workspace is None:
            raise RuntimeError("bind() the panel to a workspace first")
        path = self.workspace
        names = list(templates) if templates is not None else None
        wanted = list(sites) if sites else None
        self.run_job(
            "Template health", lambda: in_process(health_job, path, templates=names, sites=wanted)
        )

    def set_result(self, result: Any) -> None:
        self.data = dict(result)
        self.tree.clear()
        for th in self.data.get("templates", []):
            top = QTreeWidgetItem(
                [
                    f"{th['name']} v{th.get('version') or '?'}",
                    f"{th['rate']:.0%}",
                    str(th["pages"]),
                    "",
                ]
            )
            top.setForeground(1, QColor(_rate_colour(th["rate"])))
            self.tree.addTopLevelItem(top)
            for fh in th["fields"]:
                item = QTreeWidgetItem(
                    [
                        fh["field"],
                        f"{fh['rate']:.1%}",
                        str(fh["pages"]),
                        str(fh["pages"] - fh["ok"]),
                    ]
                )
                item.setForeground(1, QColor(_rate_colour(fh["rate"])))
                item.setData(0, Qt.ItemDataRole.UserRole, fh)
                top.addChild(item)
            top.setExpanded(True)
        self.proposals = [
            p for th in self.data.get("templates", []) for p in th.get("proposals", [])
        ]
        self._fill_proposals()
        if self.data.get("templates"):
            self.show_history(self.data["templates"][0]["name"])

    def field_rates(self) -> dict[tuple[str, str], float]:
        return {
            (fh["template"], fh["field"]): fh["rate"]
            for th in self.data.get("templates", [])
            for fh in th["fields"]
        }

    def accept_proposal(self, row: int) -> bool:
        """Accept a proposal in the background: a new template version, then
        ``template_changed`` and the refreshed history."""
        return self._decide(row, True)

    def reject_proposal(self, row: int) -> bool:
        """Record a rejection in the background; ``proposal_decided`` follows."""
        return self._decide(row, False)

    def _decide(self, row: int, accept: bool) -> bool:
        from deboiler_gui.engine.review.jobs import in_process, proposal_job

        if not 0 <= row < len(self.proposals) or self.workspace is None:
            return False
        path, prop = self.workspace, self.proposals.pop(row)
        self._fill_proposals()
        self.run_quick(
            "Repair decision",
            lambda: in_process(proposal_job, path, prop, accept=accept),
            self._on_proposal_decided,
        )
        return True

    def _on_proposal_decided(self, result: Any) -> None:
        prop = result["proposal"]
        if result["accepted"]:
            self.status.setText(
                f"Repair of {prop['field']} accepted: {prop['template']} v{result['version']}."
            )
            self.show_history(prop["template"])
            self.template_changed.emit(prop["template"], int(result["version"]))
        else:
            self.status.setText(
                f"Repair of {prop['field']} rejected; it will not be proposed again."
            )
        self.proposal_decided.emit(prop, bool(result["accepted"]))

    def show_history(self, template: str) -> None:
        """Load the version history (in the background); ``history_shown`` follows."""
        self._history_job(template)

    def show_diff(self, template: str, old: int, new: int | None = None) -> None:
        """Show the diff of two versions (in the background); ``diff_shown`` follows."""
        self._history_job(template, diff=(old, new))

    def revert(self, template: str, version: int) -> None:
        """Save ``version`` again as the newest version; ``template_changed`` follows."""
        self._history_job(template, revert_to=version)

    def _history_job(
        self,
        template: str,
        *,
        diff: tuple[int, int | None] | None = None,
        revert_to: int | None = None,
    ) -> None:
        from deboiler_gui.engine.review.jobs import history_job, in_process

        if self.workspace is None:
            return
        path = self.workspace
        self.run_quick(
            "History",
            lambda: in_process(history_job, path, template, diff=diff, revert_to=revert_to),
            self._on_history,
        )

    def _on_history(self, result: Any) -> None:
        template = result["template"]
        if "diff" in result:
            self.diff.setPlainText(result["diff"] or "(no change)")
            self.diff_shown.emit(result["diff"])
        if "diff" in result and "version" not in result and template == self._history_template:
            return  # a diff alone leaves the list as it is
        self._history_template = template
        self._history_rows = list(result["history"])
        self.history.blockSignals(True)
        self.history.clear()
        for h in self._history_rows:
            self.history.addItem(
                QListWidgetItem(f"v{h['version']}  {h.get('saved_at', '')}  {h.get('message', '')}")
            )
        self.history.blockSignals(False)
        if "version" in result:
            self.template_changed.emit(template, int(result["version"]))
        self.history_shown.emit(template)
        if self._history_rows:
            self.history.setCurrentRow(len(self._history_rows) - 1)

    # ------------------------------------------------------------------ slots
    @staticmethod
    def _row(table: QTableWidget) -> int:
        rows = table.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    def _fill_proposals(self) -> None:
        self.proposal_table.setRowCount(len(self.proposals))
        for r, p in enumerate(self.proposals):
            evidence = (
                ", ".join(f"{k} {v:.2f}" for k, v in sorted(p["scores"].items()) if v)
                + f" — “{p['value'][:80]}” on {p['url']}"
            )
            for c, value in enumerate(
                (p["field"], p["xpath"], f"{p['score']:.2f}", evidence, f"{len(p['fixes'])} pages")
            ):
                self.proposal_table.setItem(r, c, QTableWidgetItem(value))

    def _on_field_chosen(self, item: QTreeWidgetItem | None, _prev: Any = None) -> None:
        fh = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        self.failing.clear()
        self.queue.setRowCount(0)
        if not fh:
            return
        self.queue.setRowCount(len(fh["queue"]))
        for r, q in enumerate(fh["queue"]):
            for c, value in enumerate((str(q["index"]), q["xpath"], f"{q['pages']:,}")):
                self.queue.setItem(r, c, QTableWidgetItem(value))
        for f in fh["failing"]:
            it = QListWidgetItem(f"{f['url']} — {f['reason']}")
            it.setData(Qt.ItemDataRole.UserRole, f["url"])
            self.failing.addItem(it)

    def _on_version_chosen(self, row: int) -> None:
        if self._history_template is None or not 0 <= row < len(self._history_rows):
            return
        version = int(self._history_rows[row]["version"])
        if row == 0:
            self.diff.setPlainText(f"v{version}: first version")
            return
        previous = int(self._history_rows[row - 1]["version"])
        self.show_diff(self._history_template, previous, version)

    def _on_revert_clicked(self) -> None:
        row = self.history.currentRow()
        if self._history_template is not None and 0 <= row < len(self._history_rows):
            self.revert(self._history_template, int(self._history_rows[row]["version"]))
