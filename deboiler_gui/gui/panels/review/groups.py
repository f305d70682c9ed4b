"""Boilerplate groups panel: every subtree the automatic cleaner detects, grouped across the site
with the pages it touches; Accept proposes the group's minimal remove rule, Reject its minimal
keep rule, each shown with how many pages it matches before Apply puts it into the template
being edited (undoable, saved only by Save)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QTextEdit,
)

from deboiler_gui.gui.panels.review.jobpanel import JobPanel

COLUMNS = ("Detector", "Pages", "Chars", "Sample", "Decision")
_DECISION_COLOURS = {"accepted": "#d0021b", "rejected": "#2e8b57"}
#: The proposal shows this many lines at most; a longer one scrolls inside its own box.
PROPOSAL_LINES = 3


class ProposalText(QTextEdit):
    """The proposed rule and its site count: wrapped to the panel's width, as high as its
    lines (up to ``PROPOSAL_LINES``, then it scrolls), so it takes its own room in the layout
    and pushes the buttons down instead of painting over the table."""

    def __init__(self) -> None:
        super().__init__()
        self.setReadOnly(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setLineWrapMode(QTextEdit.LineWrapMode.WidgetWidth)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.viewport().setAutoFillBackground(False)
        self.setStyleSheet("QTextEdit { background: transparent; }")
        # No margin for a cut line to show in: the box holds whole lines and scrolls.
        self.document().setDocumentMargin(1)
        self._fit()

    def text(self) -> str:
        return self.toPlainText()

    def setText(self, text: str) -> None:  # noqa: N802 (QLabel's name, kept for callers)
        self.setPlainText(text)
        self._fit()

    def set_error(self, on: bool) -> None:
        colour = "color: #b00020;" if on else ""
        self.setStyleSheet(f"QTextEdit {{ background: transparent; {colour} }}")

    def _fit(self) -> None:
        doc = self.document()
        doc.setTextWidth(self.viewport().width())
        # The height of a line as the document lays it out (it may differ from the font's).
        first = doc.firstBlock().layout()
        line = first.lineAt(0).height() if first and first.lineCount() else 0
        line = line or self.fontMetrics().lineSpacing()
        margin = 2 * doc.documentMargin()
        wanted = doc.size().height() if self.toPlainText() else line + margin
        self.setFixedHeight(
            int(min(wanted, PROPOSAL_LINES * line + margin)) + 2 * self.frameWidth() + 1
        )

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._fit()


class GroupsPanel(JobPanel):
    """Lists boilerplate groups and proposes their rules.

    API: ``bind(workspace_path, template_name)``; ``start(sites=None)`` computes the groups in
    the background; ``set_result({"groups": [...], "decisions": {...}})`` shows a
    ``review_jobs.groups_job`` result; ``accept(row)`` / ``reject(row)`` compute the group's
    minimal rule (``proposed``, shown with its site count); ``apply_proposal()``;
    ``show_decisions(...)`` follows the template being edited. Signals: ``rule_proposed(rule)``,
    ``rule_applied(group, selector, accept)`` on Apply, ``page_activated(url)`` on double-click (the sample page).
    """

    page_activated = Signal(str)
    #: The minimal rule computed for Accept/Reject (GroupRule.to_dict()), now shown.
    rule_proposed = Signal(dict)
    #: group (dict), selector, accept: Apply on a proposed rule; the window puts it in the draft.
    rule_applied = Signal(dict, str, bool)

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
        # One line a group (its page and rule in the tooltip), five rows at least: the proposal
        # and the buttons under the table stay in view in a dock a third of the window high.
        self.table.setWordWrap(False)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 8)
        header_height = self.table.horizontalHeader().sizeHint().height()
        self.table.setMinimumHeight(
            header_height + 5 * self.table.verticalHeader().defaultSectionSize() + 4
        )
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.accept_button = QPushButton("Accept (remove rule)")
        self.reject_button = QPushButton("Reject (keep rule)")
        self.accept_button.clicked.connect(lambda: self.accept(self.current_row()))
        self.reject_button.clicked.connect(lambda: self.reject(self.current_row()))
        self.proposal = ProposalText()
        self.apply_button = QPushButton("Apply to template")
        self.apply_button.setEnabled(False)
        self.apply_button.clicked.connect(self.apply_proposal)
        self._proposal: tuple[dict[str, Any], str, bool] | None = None
        self._applied = ""  # the rule name of the group whose rule was last applied
        self._undone = ""  # the rule name of the decision last undone (Redo brings it back)
        buttons = QHBoxLayout()
        buttons.addWidget(self.accept_button)
        buttons.addWidget(self.reject_button)
        buttons.addWidget(self.apply_button)
        buttons.addStretch(1)
        self.layout_.addWidget(self.summary)
        self.layout_.addWidget(self.table, 1)
        self.layout_.addWidget(self.proposal)
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
        self._update_buttons()

    def current_row(self) -> int:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    def decision(self, row: int) -> str:
        return self.decisions.get(self.groups[row]["rule_name"], "pending")

    def accept(self, row: int) -> bool:
        """Propose the group's minimal remove rule (computed in the background)."""
        return self._propose(row, True)

    def reject(self, row: int) -> bool:
        """Propose the group's minimal keep rule (computed in the background)."""
        return self._propose(row, False)

    def _propose(self, row: int, accept: bool) -> bool:
        from deboiler_gui.engine.review.jobs import group_rule_job, in_process

        if not 0 <= row < len(self.groups) or self.workspace is None:
            return False
        path, group = self.workspace, dict(self.groups[row])
        self._proposal = None
        self.apply_button.setEnabled(False)
        self.proposal.setText("Finding the smallest rule that covers exactly this group…")

        def done(rule: dict[str, Any]) -> None:
            self._on_rule_ready(group, accept, rule)

        self.run_quick("Group rule", lambda: in_process(group_rule_job, path, group), done)
        return True

    def _on_rule_ready(self, group: dict[str, Any], accept: bool, rule: dict[str, Any]) -> None:
        verb = "Remove" if accept else "Keep"
        self._proposal = (group, str(rule["selector"]), accept)
        self.proposal.setText(f"{verb} {rule['selector']}\n{rule['description']}")
        self.proposal.set_error(not rule.get("exact"))
        self.apply_button.setEnabled(True)
        self.rule_proposed.emit(dict(rule))

    @property
    def proposed(self) -> tuple[dict[str, Any], str, bool] | None:
        """(group, selector, accept) waiting for Apply."""
        return self._proposal

    def apply_proposal(self) -> None:
        if self._proposal is None:
            return
        group, selector, accept = self._proposal
        self._proposal = None
        self.apply_button.setEnabled(False)
        self.rule_applied.emit(group, selector, accept)
        self._applied = str(group.get("rule_name", ""))
        verb = "Remove" if accept else "Keep"
        self.proposal.setText(
            f"Applied to the template being edited: {verb} {selector}\n"
            "The group is handled (Edit → Undo takes it back; Save stores it)."
        )
        self.proposal.set_error(False)

    def _update_buttons(self) -> None:
        """A handled group offers only the other decision (which replaces its rule)."""
        row = self.current_row()
        decision = self.decision(row) if 0 <= row < len(self.groups) else None
        self.accept_button.setEnabled(decision is not None and decision != "accepted")
        self.reject_button.setEnabled(decision is not None and decision != "rejected")

    def show_decisions(self, decisions: dict[str, str]) -> None:
        """The decisions the template being edited holds (rule name -> accepted/rejected)."""
        self.decisions = dict(decisions)
        for row in range(len(self.groups)):
            self._show_decision(row)
        applied = self._applied
        if applied and applied not in self.decisions:
            # Undone (or the template changed under it): the line must not say it is handled.
            self._applied = ""
            self._undone = applied
            self.proposal.setText("The decision on this group was undone: it is pending again.")
            self.proposal.set_error(False)
        elif not applied and self._undone and self._undone in self.decisions:
            # Redone: the decision is back in the template being edited.
            self._applied, self._undone = self._undone, ""
            self.proposal.setText(
                "The decision on this group is back (Edit → Redo): the group is handled "
                "(Save stores it)."
            )
            self.proposal.set_error(False)
        self._update_buttons()

    def _show_decision(self, row: int) -> None:
        decision = self.decision(row)
        item = QTableWidgetItem(decision)
        if decision in _DECISION_COLOURS:
            item.setForeground(QColor(_DECISION_COLOURS[decision]))
        self.table.setItem(row, 4, item)

    def _on_double_clicked(self, row: int) -> None:
        if 0 <= row < len(self.groups):
            self.page_activated.emit(str(self.groups[row]["sample_url"]))
