"""Export panel: rule files of the chosen templates and the cleaned output of the workspace in
every format the engine writes, run in the background with the code the CLI uses."""

from __future__ import annotations

import os
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QLineEdit,
    QListWidget,
    QPushButton,
)

from deboiler_gui.engine.review.health import CLEANED_FORMATS, RULE_FORMATS
from deboiler_gui.engine.words import count
from deboiler_gui.gui.panels.review.jobpanel import JobPanel

FORMAT_LABELS = {
    "json": "Rule file (JSON v1)",
    "xml": "Templates as paper XML",
    "trafilatura": "trafilatura prune XPaths",
    "scrapy": "Scrapy spider (one template)",
    "jsonl": "Cleaned pages, JSON lines",
    "csv": "Cleaned pages, CSV",
    "sqlite": "Cleaned pages, SQLite",
    "html": "Cleaned pages, HTML folder",
}


class ExportPanel(JobPanel):
    """API: ``bind(workspace_path, template_names)``; ``export(fmt, output, templates=None)``
    starts an export. Signals: ``exported(dict)`` with output, format and record count."""

    exported = Signal(dict)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.workspace: str | None = None
        form = QFormLayout()
        self.format = QComboBox()
        for fmt in (*RULE_FORMATS, *CLEANED_FORMATS):
            self.format.addItem(FORMAT_LABELS[fmt], fmt)
        self.templates = QListWidget()
        self.templates.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.output = QLineEdit()
        self.output.setPlaceholderText("output file or folder")
        self.button = QPushButton("Export")
        self.button.clicked.connect(self._on_export_clicked)
        form.addRow("Format", self.format)
        form.addRow("Templates", self.templates)
        form.addRow("Output", self.output)
        self.layout_.addLayout(form)
        self.layout_.addWidget(self.button)
        self.layout_.addStretch(1)

    def bind(self, workspace: str | os.PathLike[str], templates: list[str]) -> None:
        self.workspace = str(workspace)
        self.templates.clear()
        self.templates.addItems(templates)

    def export(
        self, fmt: str, output: str | os.PathLike[str], *, templates: list[str] | None = None
    ) -> None:
        from deboiler_gui.engine.review.jobs import export_job, in_process

        if self.workspace is None:
            raise RuntimeError("bind() the panel to a workspace first")
        path, target = self.workspace, str(output)
        self.run_job(
            f"Export {fmt}", lambda: in_process(export_job, path, target, fmt, templates=templates)
        )

    def set_result(self, result: Any) -> None:
        data = dict(result)
        records = count(int(data.get("records", 0)), "record")
        self.status.setText(f"Exported {records} to {data['output']}.")
        self.exported.emit(data)

    def _on_export_clicked(self) -> None:
        if not self.output.text().strip():
            self.status.setText("Choose an output file first.")
            return
        chosen = [i.text() for i in self.templates.selectedItems()] or None
        self.export(str(self.format.currentData()), self.output.text().strip(), templates=chosen)
