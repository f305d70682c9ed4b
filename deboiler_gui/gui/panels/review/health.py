"""Template health panel: per template and field the success rate, failing pages and XPath-queue
usage; the repair ``templates repair`` finds on the same workspace, one row per field finding or
proposal (status, score, rule, pages, evidence), to accept as ``--accept-repairs`` would (an
unsure one only after a confirmation, never below the floor) or reject (recorded); the version
history with a diff view and revert."""

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
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QStyledItemDelegate,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deboiler_gui.gui.panels.review.jobpanel import JobPanel

NOT_RUN = "not run"
#: Colours of the repair statuses: a rule to take in green, one to judge in amber, nothing
#: found in red; a field that holds stays in the text colour.
_STATUS_COLOURS = {
    "repaired": "#2e8b57",
    "proposed": "#2e8b57",
    "unsure": "#b07800",
    "below threshold": "#b07800",
    "gone": "#d0021b",
    "broken": "#d0021b",
    "drift": "#d0021b",
}
#: Columns of the repair table.
REPAIR_COLUMNS = ("Field", "Status", "Score", "Proposed rule", "Pages", "Evidence")


class _MiddleElided(QStyledItemDelegate):
    def initStyleOption(self, option: Any, index: Any) -> None:  # noqa: N802 (Qt's name)
        super().initStyleOption(option, index)
        option.textElideMode = Qt.TextElideMode.ElideMiddle


def _rate_colour(rate: float) -> str:
    return "#2e8b57" if rate >= 0.9 else ("#b07800" if rate >= 0.5 else "#d0021b")


def _rate_text(rate: float | None, digits: int) -> str:
    return NOT_RUN if rate is None else f"{rate:.{digits}%}"


def repair_pages_text(row: dict[str, Any]) -> str:
    """The pages a repair row is judged on: learned pages that agree, or failing pages fixed."""
    if row.get("fixes") is None:
        return ""
    if row.get("of") is not None:
        return f"{row['fixes']} of {row['of']} learned agree"
    return f"fixes {row['fixes']}"


def repair_status_text(row: dict[str, Any]) -> str:
    if row.get("decided"):
        return f"{row['status']}, {row['decided']}"
    return f"{row['status']}, rejected" if row.get("rejected") else str(row["status"])


class HealthPanel(JobPanel):
    """Template health over the site.

    API: ``bind(workspace_path)``; ``start(templates=None, sites=None)`` runs the health job;
    ``set_result(data)`` shows a ``review_jobs.health_job`` result; ``accept_proposal(row)``,
    ``reject_proposal(row)``, ``show_history(template)``, ``show_diff(template, old, new)``,
    ``revert(template, version)`` (each runs in the background). Signals:
    ``page_activated(url)`` (failing page double-clicked), ``template_changed(name, version)``
    after an accept or a revert, ``history_shown(name)``, ``diff_shown(text)``,
    ``proposal_decided(proposal, accepted)``, ``said(line)`` after an accept: the line
    ``templates repair --accept-repairs`` closes with (``repairtext.row_closing_line``).
    """

    page_activated = Signal(str)
    template_changed = Signal(str, int)
    history_shown = Signal(str)  # template whose history the list now shows
    diff_shown = Signal(str)  # the unified diff text ('' when the versions are equal)
    proposal_decided = Signal(dict, bool)  # proposal, accepted
    said = Signal(str)  # what an accept says, for the window's Messages

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
        # Repairs: what templates repair finds, row for row
        self.repair_notes = QLabel("")
        self.repair_notes.setWordWrap(True)
        self.repair_notes.hide()
        self.proposal_table = QTableWidget(0, len(REPAIR_COLUMNS))
        self.proposal_table.setHorizontalHeaderLabels(REPAIR_COLUMNS)
        header = self.proposal_table.horizontalHeader()
        for c in (0, 1, 2, 4):
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        # the rule and the evidence share what is left, so neither is squeezed out
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(5, QHeaderView.ResizeMode.Stretch)
        self.proposal_table.setWordWrap(False)
        # Evidence reads from its start; a rule's end (the node it takes) matters as much as
        # its start, so the rule column cuts in the middle.
        self.proposal_table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.proposal_table.setItemDelegateForColumn(3, _MiddleElided(self.proposal_table))
        self.proposal_table.verticalHeader().hide()
        self.proposal_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.proposal_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.proposal_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.proposal_table.itemSelectionChanged.connect(self._on_repair_chosen)
        self.proposal_table.cellDoubleClicked.connect(self._on_repair_activated)
        self.repair_detail = QPlainTextEdit()
        self.repair_detail.setReadOnly(True)
        self.repair_detail.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.repair_detail.setPlaceholderText(
            "Choose a row: what templates repair says about the field, and what accepting takes."
        )
        self.accept_button = QPushButton("Accept repair")
        self.accept_unsure_button = QPushButton("Accept unsure…")
        self.reject_button = QPushButton("Reject")
        self.accept_button.clicked.connect(
            lambda: self.accept_proposal(self._row(self.proposal_table))
        )
        self.accept_unsure_button.clicked.connect(
            lambda: self.accept_unsure(self._row(self.proposal_table))
        )
        self.reject_button.clicked.connect(
            lambda: self.reject_proposal(self._row(self.proposal_table))
        )
        self.confirm_box: QMessageBox | None = None  # the open confirmation, while it is open
        self.confirm_accept_button: Any = None
        prop_box = QWidget()
        pl = QVBoxLayout(prop_box)
        pl.setContentsMargins(0, 0, 0, 0)
        pl.addWidget(self.repair_notes)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.proposal_table)
        split.addWidget(self.repair_detail)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        split.setSizes([300, 220])
        pl.addWidget(split, 1)
        row = QHBoxLayout()
        row.addWidget(self.accept_button)
        row.addWidget(self.accept_unsure_button)
        row.addWidget(self.reject_button)
        row.addStretch(1)
        pl.addLayout(row)
        self._update_repair_buttons()
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
        self.tabs.addTab(prop_box, "Repairs")
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
            rate = th.get("rate")
            top = QTreeWidgetItem(
                [
                    f"{th['name']} v{th.get('version') or '?'}",
                    _rate_text(rate, 0),
                    str(th["pages"]) if rate is not None else "",
                    "",
                ]
            )
            if rate is not None:
                top.setForeground(1, QColor(_rate_colour(rate)))
            self.tree.addTopLevelItem(top)
            for fh in th["fields"]:
                run = fh.get("rate") is not None
                item = QTreeWidgetItem(
                    [
                        fh["field"],
                        _rate_text(fh.get("rate"), 1),
                        str(fh["pages"]) if run else "",
                        str(
                            fh.get("failures", fh["pages"] - fh.get("learned_absent", 0) - fh["ok"])
                        )
                        if run
                        else "",
                    ]
                )
                if run:
                    item.setForeground(1, QColor(_rate_colour(fh["rate"])))
                    if fh.get("rate_over"):
                        # the pages the rate is over, and on what basis
                        item.setToolTip(1, str(fh["rate_over"]))
                else:
                    item.setToolTip(1, "no page of the site was checked with this template")
                item.setData(0, Qt.ItemDataRole.UserRole, fh)
                top.addChild(item)
            top.setExpanded(True)
        templates = self.data.get("templates", [])
        self.proposals = [dict(r) for th in templates for r in th.get("repairs", [])]
        notes = [f"{th['name']}: {th['repair_note']}" for th in templates if th.get("repair_note")]
        self.repair_notes.setText("\n".join(notes))
        self.repair_notes.setVisible(bool(notes))
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
        """Accept a row as ``templates repair --accept-repairs`` would accept its field, in the
        background: a new template version, then ``template_changed`` and the refreshed
        history. False (nothing done) for a row that accepting the repairs does not take."""
        if not self._can(row, "accept"):
            return False
        return self._decide(row, True)

    def accept_unsure(self, row: int, *, confirm: bool = True) -> bool:
        """Accept an 'unsure' row's rule as ``--accept-unsure FIELD`` would, after the person
        confirms it (``confirm=False`` skips the question); never one scoring below the floor."""
        if not self._can(row, "accept_unsure"):
            return False
        if confirm and not self._confirm_unsure(self.proposals[row]):
            self.status.setText("Nothing accepted.")
            return False
        return self._decide(row, True, unsure=True)

    def reject_proposal(self, row: int) -> bool:
        """Record a rejection of the row's rule in the background; ``proposal_decided`` follows."""
        if not self._can(row, "reject"):
            return False
        return self._decide(row, False)

    def _can(self, row: int, what: str) -> bool:
        if not 0 <= row < len(self.proposals) or self.workspace is None:
            return False
        p = self.proposals[row]
        if p.get("decided") or p.get("pending"):
            return False
        if what == "reject":
            return bool(p.get("xpath")) and not p.get("rejected")
        return bool(p.get(what))

    def _confirm_unsure(self, p: dict[str, Any]) -> bool:
        pages = ", ".join(p.get("look_at") or []) or "none named"
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            "Accept an unsure repair",
            f"Repair was unsure about {p['template']} / {p['field']}. Accept its rule anyway?",
            parent=self,
        )
        box.setInformativeText(
            f"Rule: {' then '.join(p['xpaths'])}\nScore {p['score']:.2f}; {p['evidence']}\n\n"
            f"Look at its pages first ({pages}). Accepting makes this rule the field's whole "
            f"queue, as templates repair {p['template']} --accept-repairs --accept-unsure "
            f"{p['field']} does, and saves a new version."
        )
        self.confirm_accept_button = box.addButton(
            "Accept unsure repair", QMessageBox.ButtonRole.AcceptRole
        )
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(cancel)
        self.confirm_box = box
        try:
            box.exec()
            return box.clickedButton() is self.confirm_accept_button
        finally:
            self.confirm_box = None
            box.deleteLater()

    def _decide(self, row: int, accept: bool, *, unsure: bool = False) -> bool:
        from deboiler_gui.engine.review.jobs import in_process, proposal_job

        path, prop = self.workspace, self.proposals[row]
        assert path is not None
        prop["pending"] = True
        self._fill_proposals(keep=row)
        self.run_quick(
            "Repair decision",
            lambda: in_process(proposal_job, path, prop, accept=accept, unsure=unsure),
            self._on_proposal_decided,
        )
        return True

    def _on_proposal_decided(self, result: Any) -> None:
        prop = result["proposal"]
        key = (prop["template"], prop["field"], prop["kind"], prop["status"], prop["xpath"])
        mine = next(
            (
                p
                for p in self.proposals
                if (p["template"], p["field"], p["kind"], p["status"], p["xpath"]) == key
            ),
            None,
        )
        if result["accepted"]:
            from deboiler_gui.engine.template.repairtext import row_closing_line

            version = int(result["version"])
            # The command's closing line: the fields of the template an accept has not
            # changed yet are still as the repair found them.
            changed = {
                p["field"]
                for p in self.proposals
                if p["template"] == prop["template"] and p.get("decided")
            }
            line = row_closing_line(
                prop,
                version,
                [
                    p
                    for p in self.proposals
                    if p["template"] == prop["template"] and p["field"] not in changed
                ],
            )
            self.status.setText(line)
            self.said.emit(line)
            if mine is not None:
                mine["decided"] = f"accepted in v{version}"
            # the field's other rows are about the queue it no longer has
            for p in self.proposals:
                if (p["template"], p["field"]) == (prop["template"], prop["field"]):
                    p.update(accept=False, accept_unsure=False)
                    p.setdefault("decided", f"field changed in v{version}")
            self.show_history(prop["template"])
            self.template_changed.emit(prop["template"], version)
        else:
            self.status.setText(
                f"Repair of {prop['field']} rejected; it will not be proposed again."
            )
            if mine is not None:
                mine.update(rejected=True, accept=False, accept_unsure=False)
        if mine is not None:
            mine.pop("pending", None)
        self._fill_proposals(keep=self._row(self.proposal_table))
        self.proposal_decided.emit(prop, bool(result["accepted"]))

    def _on_quick_failed(self, message: str) -> None:
        for p in self.proposals:
            p.pop("pending", None)
        self._fill_proposals(keep=self._row(self.proposal_table))
        super()._on_quick_failed(message)

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

    def _fill_proposals(self, keep: int = -1) -> None:
        table = self.proposal_table
        table.blockSignals(True)
        table.setRowCount(len(self.proposals))
        several = len({p["template"] for p in self.proposals}) > 1
        for r, p in enumerate(self.proposals):
            score = "" if p.get("score") is None else f"{p['score']:.2f}"
            example = p.get("example") or {}
            evidence = p["evidence"] + (
                f" — “{example['value'][:80]}” on {example['url']}" if example.get("url") else ""
            )
            cells = (
                f"{p['template']} / {p['field']}" if several else p["field"],
                repair_status_text(p),
                score,
                " then ".join(p.get("xpaths") or []),
                repair_pages_text(p),
                evidence,
            )
            colour = _STATUS_COLOURS.get(str(p["status"]))
            for c, value in enumerate(cells):
                item = QTableWidgetItem(value)
                item.setToolTip(value)
                if c == 2:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                if c == 1 and colour and not p.get("decided") and not p.get("rejected"):
                    item.setForeground(QColor(colour))
                table.setItem(r, c, item)
        table.blockSignals(False)
        if 0 <= keep < len(self.proposals):
            table.selectRow(keep)
        self._on_repair_chosen()

    def _on_repair_chosen(self) -> None:
        row = self._row(self.proposal_table)
        p = self.proposals[row] if 0 <= row < len(self.proposals) else None
        if p is None:
            self.repair_detail.clear()
        else:
            text = list(p.get("lines") or [])
            if p.get("look_at"):
                text.append(f"look at: {', '.join(p['look_at'])}")
            if p.get("decided"):
                text.append(f"{p['decided']}.")
            elif p.get("rejected"):
                text.append("rejected: not offered again.")
            elif p.get("accept"):
                text.append(
                    f"Accept repair saves {p['field']} as templates repair {p['template']} "
                    "--accept-repairs does."
                )
            elif p.get("accept_unsure"):
                text.append(
                    f"Unsure: accepting the repairs keeps the field's current rule. After "
                    f"looking at its pages, Accept unsure… takes the proposed one, as "
                    f"--accept-unsure {p['field']} does."
                )
            elif p.get("why_not"):
                why = str(p["why_not"])
                text.append(f"{why[:1].upper()}{why[1:]}.")
            if (
                p.get("status") == "unsure"
                and not p.get("accept_unsure")
                and p.get("why_not_unsure")
            ):
                text.append(f"Accept unsure… is off: {p['why_not_unsure']}.")
            self.repair_detail.setPlainText("\n".join(text))
        self._update_repair_buttons()

    def _update_repair_buttons(self) -> None:
        row = self._row(self.proposal_table)
        p = self.proposals[row] if 0 <= row < len(self.proposals) else None
        busy = "a decision on this row is being saved"
        for button, what, yes in (
            (
                self.accept_button,
                "accept",
                "Save a new version with this field changed as templates repair "
                "--accept-repairs does",
            ),
            (
                self.accept_unsure_button,
                "accept_unsure",
                "Ask, then save a new version with this rule as the field's whole queue, as "
                "--accept-unsure does",
            ),
            (self.reject_button, "reject", "Record that this rule is wrong: not offered again"),
        ):
            ok = self._can(row, what)
            button.setEnabled(ok)
            if p is None:
                tip = "Choose a row first"
            elif ok:
                tip = yes
            elif p.get("pending"):
                tip = busy
            elif p.get("decided"):
                tip = str(p["decided"])
            elif what == "reject":
                tip = "rejected before" if p.get("rejected") else "no proposed rule to reject"
            else:
                tip = str(p.get("why_not_unsure" if what == "accept_unsure" else "why_not") or "")
            button.setToolTip(tip)

    def _on_repair_activated(self, row: int, _column: int) -> None:
        if 0 <= row < len(self.proposals):
            p = self.proposals[row]
            urls = list(p.get("look_at") or [])
            if urls:
                self.page_activated.emit(urls[0])

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
