"""Boilerplate groups panel: every subtree the automatic cleaner detects, grouped across the site
with the pages it touches; Accept makes a group an explicit remove rule of the bound template,
Reject a keep rule (each a new template version)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
)

from deboiler_gui.gui.panels.review.jobpanel import JobPanel

COLUMNS = ("Detector", "Pages", "Chars", "Sample", "Decision")
_DECISION_COLOURS = {"accepted": "#d0021b", "rejected": "#2e8b57"}


class GroupsPanel(JobPanel):
    """Lists boilerplate groups and records decisions.

    API: ``bind(workspace_path, template_name)`` says where decisions go; ``start(sites=None)``
    computes the groups in the background; ``set_result({"groups": [...], "decisions": {...}})``
    shows a ``review_jobs.groups_job`` result; ``accept(row)`` / ``reject(row)``. Signals:
    ``decided(key, decision, version)`` after a decision is saved, ``page_activated(url)`` on
    double-click (the group's sample page).
    """

    decided = Signal(str, str, int)
    page_activated = Signal(str)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.workspace: str | None = None
        self.template: str | None = None
        self.groups: list[dict[str, Any]] = []
        self.decisions: dict[str, str] = {}
        self.summary = QLabel("No groups computed yet.")
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.table.itemDoubleClicked.connect(lambda item: self._on_double_clicked(item.row()))
        self.accept_button = QPushButton("Accept (remove rule)")
        self.reject_button = QPushButton("Reject (keep rule)")
        self.accept_button.clicked.connect(lambda: self.accept(self.current_row()))
        self.reject_button.clicked.connect(lambda: self.reject(self.current_row()))
        buttons = QHBoxLayout()
        buttons.addWidget(self.accept_button)
        buttons.addWidget(self.reject_button)
        buttons.addStretch(1)
        self.layout_.addWidget(self.summary)
        self.layout_.addWidget(self.table, 1)
        self.layout_.addLayout(buttons)

    def bind(self, workspace: str | os.PathLike[str], template: str) -> None:
        self.workspace, self.template = str(workspace), template

    def start(self, *, sites: Sequence[str] | None = None) -> None:
        from deboiler_gui.engine.review.jobs import groups_job, in_process

        if self.workspace is None:
            raise RuntimeError("bind() the panel to a workspace first")
        path, template = self.workspace, self.template
        wanted = list(sites) if sites else None
        self.run_job(
            "Boilerplate groups",
            lambda: in_process(groups_job, path, sites=wanted, template=template),
        )

    def set_result(self, result: Any) -> None:
        data = dict(result)
        # Empty subtrees (blank paragraphs) recur but carry nothing to decide about.
        self.groups = [g for g in data.get("groups", []) if g.get("chars", 0) > 0]
        self.decisions = dict(data.get("decisions", {}))
        self.table.setRowCount(len(self.groups))
        for r, g in enumerate(self.groups):
            sample = " ".join(str(g["sample_text"]).split())[:160]
            for c, value in enumerate(
                (g["detector"], f"{g['pages']:,}", f"{g['chars']:,}", sample, "")
            ):
                item = QTableWidgetItem(value)
                if c in (1, 2):
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                item.setToolTip(f"{g['sample_url']}\n{g['sample_xpath']}\nrule: {g['selector']}")
                self.table.setItem(r, c, item)
            self._show_decision(r)
        self.summary.setText(
            f"{len(self.groups):,} boilerplate groups; pages touched per group in the second column."
        )

    def current_row(self) -> int:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    def decision(self, row: int) -> str:
        return self.decisions.get(self.groups[row]["rule_name"], "pending")

    def accept(self, row: int) -> bool:
        """Record the group as a remove rule (in the background); ``decided`` follows."""
        return self._decide(row, True)

    def reject(self, row: int) -> bool:
        """Record the group as a keep rule (in the background); ``decided`` follows."""
        return self._decide(row, False)

    def _decide(self, row: int, accept: bool) -> bool:
        from deboiler_gui.engine.review.jobs import decide_group_job, in_process

        if not 0 <= row < len(self.groups):
            return False
        if self.workspace is None or not self.template:
            self.status.setText("Choose a template to record decisions in.")
            return False
        path, template, group = self.workspace, self.template, dict(self.groups[row])
        self.status.setText("Saving the decision…")
        self.run_quick(
            "Decision",
            lambda: in_process(decide_group_job, path, template, group, accept=accept),
            self._on_decided,
        )
        return True

    def _on_decided(self, result: Any) -> None:
        self.decisions[result["rule_name"]] = result["decision"]
        for row, g in enumerate(self.groups):
            if g["rule_name"] == result["rule_name"]:
                self._show_decision(row)
        self.status.setText(f"Group {result['decision']}: {self.template} v{result['version']}.")
        self.decided.emit(result["key"], result["decision"], int(result["version"]))

    def _show_decision(self, row: int) -> None:
        decision = self.decision(row)
        item = QTableWidgetItem(decision)
        if decision in _DECISION_COLOURS:
            item.setForeground(QColor(_DECISION_COLOURS[decision]))
        self.table.setItem(row, 4, item)

    def _on_double_clicked(self, row: int) -> None:
        if 0 <= row < len(self.groups):
            self.page_activated.emit(str(self.groups[row]["sample_url"]))
