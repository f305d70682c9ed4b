"""Before/after panel: the original page with each removed subtree outlined in its cause's
colour, the cleaned page beside it (or toggled) with synchronised scrolling, the list of cuts by
cause and the line diff of the texts."""

from __future__ import annotations

import html
import os
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWebEngineCore import QWebEngineScript
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTextEdit,
)

from deboiler_gui.engine.review.impact import CUT_ATTR
from deboiler_gui.gui.panels.review.jobpanel import JobPanel
from deboiler_gui.gui.webview import IsolatedProfile, PageView, js_value

MODES = ("Side by side", "Before", "After")
_DIFF_STYLE = {
    "-": "background:#fde2e2;color:#8b0000",
    "+": "background:#e2f5e2;color:#0b5d1e",
    "=": "color:#555",
}


class BeforeAfterPanel(JobPanel):
    """Shows one page before and after cleaning.

    API: ``start(workspace_path, url, templates=None)`` computes the page in the background;
    ``show_data(data)`` shows a ``review.before_after`` result; ``set_mode(0|1|2)`` side by
    side / before / after; ``set_sync(bool)``. Signals: ``shown(url)`` once both views are
    ready, ``cut_selected(dict)`` when a row of the cut list is chosen.
    """

    shown = Signal(str)
    cut_selected = Signal(dict)

    def __init__(self, profile: IsolatedProfile, parent: Any = None) -> None:
        super().__init__(parent)
        self.data: dict[str, Any] = {}
        self._ready: set[str] = set()
        self._expected: dict[int, float] = {}  # view id -> fraction we scrolled it to
        tools = QHBoxLayout()
        self.mode = QComboBox()
        self.mode.addItems(MODES)
        self.mode.currentIndexChanged.connect(self.set_mode)
        self.sync = QCheckBox("Synchronised scrolling")
        self.sync.setChecked(True)
        tools.addWidget(self.mode)
        tools.addWidget(self.sync)
        tools.addStretch(1)
        self.layout_.addLayout(tools)
        self.before = PageView(profile)
        self.after = PageView(profile)
        # PageView names documents doc<serial> in the profile's shared store; two views on one
        # profile would overwrite each other's documents, so the after view counts elsewhere.
        self.after._serial = 1 << 40
        self.before.page_ready.connect(lambda: self._on_view_ready("before"))
        self.after.page_ready.connect(lambda: self._on_view_ready("after"))
        self.before.page().scrollPositionChanged.connect(
            lambda pos: self._on_scrolled(self.before, self.after, pos)
        )
        self.after.page().scrollPositionChanged.connect(
            lambda pos: self._on_scrolled(self.after, self.before, pos)
        )
        views = QSplitter(Qt.Orientation.Horizontal)
        views.addWidget(self.before)
        views.addWidget(self.after)
        self.cuts = QTableWidget(0, 4)
        self.cuts.setHorizontalHeaderLabels(("Cause", "Detector", "Chars", "XPath"))
        self.cuts.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.cuts.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.cuts.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.cuts.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.cuts.itemSelectionChanged.connect(self._on_cut_selection)
        self.diff = QTextEdit()
        self.diff.setReadOnly(True)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.cuts, "Removed, by cause")
        self.tabs.addTab(self.diff, "Text diff")
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(views)
        split.addWidget(self.tabs)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        # Web views report a tiny size hint; without sizes the splitter would give them nothing.
        split.setSizes([700, 250])
        views.setSizes([500, 500])
        self.layout_.addWidget(split, 1)

    # ------------------------------------------------------------------ API
    def start(
        self, workspace: str | os.PathLike[str], url: str, *, templates: Sequence[str] | None = None
    ) -> None:
        from deboiler_gui.engine.review.jobs import in_process, page_job

        path = str(workspace)
        names = list(templates) if templates is not None else None
        self.run_job("Before/after", lambda: in_process(page_job, path, url, templates=names))

    def set_result(self, result: Any) -> None:
        self.show_data(dict(result))

    def show_data(self, data: dict[str, Any]) -> None:
        self.data = data
        self._ready.clear()
        if data.get("error"):
            self.status.setText(f"{data.get('url')}: {data['error']}")
        self.before.show_document(data.get("before_html") or "<p>No page.</p>")
        self.after.show_document(data.get("after_html") or "<p>No page.</p>")
        cuts = data.get("review", {}).get("cuts", [])
        self.cuts.setRowCount(len(cuts))
        for r, cut in enumerate(cuts):
            for c, value in enumerate(
                (cut["cause"], cut["detector"], f"{cut['chars']:,}", cut["xpath"] or "(text)")
            ):
                item = QTableWidgetItem(value)
                if c == 0:
                    item.setForeground(QColor(cut["colour"]))
                self.cuts.setItem(r, c, item)
        lines = []
        for op, line in data.get("diff", []):
            lines.append(
                f'<div style="{_DIFF_STYLE[op]}">{html.escape(op if op != "=" else " ")} {html.escape(line)}</div>'
            )
        self.diff.setHtml(
            "<div style='font-family:monospace;white-space:pre-wrap'>" + "".join(lines) + "</div>"
        )

    def set_mode(self, mode: int) -> None:
        if self.mode.currentIndex() != mode:
            self.mode.setCurrentIndex(mode)
        self.before.setVisible(mode in (0, 1))
        self.after.setVisible(mode in (0, 2))

    def set_sync(self, on: bool) -> None:
        self.sync.setChecked(on)

    def diff_counts(self) -> dict[str, int]:
        out = {"-": 0, "+": 0, "=": 0}
        for op, _line in self.data.get("diff", []):
            out[op] += 1
        return out

    def scroll_to_cut(self, index: int) -> None:
        """Bring the i-th cut into view in the before page."""
        selector = f"[{CUT_ATTR}={js_value(str(index))}]"
        code = f"(function(){{var e=document.querySelector({js_value(selector)}); if(e){{e.scrollIntoView({{block:'center'}});}} return !!e;}})()"
        self.before.page().runJavaScript(code, QWebEngineScript.ScriptWorldId.ApplicationWorld)

    # ------------------------------------------------------------------ slots
    def _on_view_ready(self, which: str) -> None:
        self._ready.add(which)
        if self._ready == {"before", "after"}:
            self.shown.emit(str(self.data.get("url", "")))

    def _on_scrolled(self, source: PageView, target: PageView, pos: QPointF) -> None:
        if not self.sync.isChecked() or not target.isVisible():
            return
        # Proportional: the cleaned page is shorter, so the same offset would not match.
        src_h = source.page().contentsSize().height() - source.height()
        frac = max(0.0, min(1.0, pos.y() / src_h)) if src_h > 0 else 0.0
        echo = self._expected.pop(id(source), None)
        if echo is not None and abs(echo - frac) < 0.02:
            return  # the scroll we caused in this view: do not bounce it back
        self._expected[id(target)] = frac
        code = f"window.scrollTo(0, {frac:.6f} * Math.max(0, document.documentElement.scrollHeight - window.innerHeight));"
        target.page().runJavaScript(code, QWebEngineScript.ScriptWorldId.ApplicationWorld)

    def _on_cut_selection(self) -> None:
        rows = self.cuts.selectionModel().selectedRows()
        if not rows:
            return
        i = rows[0].row()
        cuts = self.data.get("review", {}).get("cuts", [])
        if i < len(cuts):
            self.scroll_to_cut(i)
            self.cut_selected.emit(dict(cuts[i]))
