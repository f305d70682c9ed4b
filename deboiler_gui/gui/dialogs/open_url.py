"""File → Open URL…: the dialog that crawls a live site into its own workspace in the
background (progress, Cancel, resume) and hands the arriving pages to the main window."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from deboiler_gui.app.crawljob import CrawlRun, describe_result, workspace_for_url
from deboiler_gui.engine.crawl.config import CrawlConfig
from deboiler_gui.engine.crawl.rules import link_factories_from_file, normalize_url
from deboiler_gui.engine.crawl.runner import saved_config
from deboiler_gui.engine.model import DeboilerError
from deboiler_gui.gui.worker import Job, JobRunner

if TYPE_CHECKING:
    from deboiler_gui.gui.mainwindow import MainWindow

log = logging.getLogger(__name__)

_ERROR_STYLE = "color: #b00020"


def _patterns(edit: QPlainTextEdit) -> list[str]:
    return [line.strip() for line in edit.toPlainText().splitlines() if line.strip()]


class OpenUrlDialog(QDialog):
    """Start URL and politeness settings, then the crawl's progress with Cancel.

    The crawl runs in a worker process (its own connection to the workspace; the app's process
    keeps exactly one). The dialog is not modal: the window stays usable and shows the pages as
    they arrive. Only plain data (config dict, page summary rows, result dict) crosses."""

    crawl_started = Signal(str)  # workspace path
    pages_arrived = Signal(
        str, object
    )  # workspace path, [page summary dicts] stored since the last batch
    crawl_ended = Signal(
        str, str, str
    )  # workspace path, outcome (finished/stopped/failed), summary line

    def __init__(self, parent: QWidget | None = None, *, confirm: Any = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Open URL")
        self.setModal(False)
        self._confirm = confirm  # confirm(path): may the crawl point the app at this workspace?
        self.runner = JobRunner(self)
        self.run: CrawlRun | None = None
        self.job: Job | None = None
        self.workspace_path = ""
        # The window follows the crawl (opens its workspace, lists arriving pages) until the
        # user opens another workspace.
        self.follow = False
        self._closing = False

        self.url_edit = QLineEdit()
        self.url_edit.setPlaceholderText("https://docs.example.org/")
        self.max_pages = QSpinBox()
        self.max_pages.setRange(1, 10_000_000)
        self.max_pages.setValue(1000)
        self.max_pages.setToolTip(
            "Page URLs requested over the whole crawl, resumed runs included."
        )
        self.per_host = QSpinBox()
        self.per_host.setRange(1, 32)
        self.per_host.setValue(CrawlConfig().per_host)
        self.per_host.setToolTip("Requests in flight to the site at once.")
        self.delay = QDoubleSpinBox()
        self.delay.setRange(0.0, 60.0)
        self.delay.setDecimals(2)
        self.delay.setSingleStep(0.25)
        self.delay.setSuffix(" s")
        self.delay.setToolTip(
            "Seconds between two request starts (robots.txt Crawl-delay can raise it)."
        )
        self.include_edit = QPlainTextEdit()
        self.include_edit.setPlaceholderText(
            "one regular expression a line; a page URL must match one (empty: all)"
        )
        self.exclude_edit = QPlainTextEdit()
        self.exclude_edit.setPlaceholderText(
            "one regular expression a line; a page URL must match none"
        )
        for edit in (self.include_edit, self.exclude_edit):
            edit.setTabChangesFocus(True)
            edit.setFixedHeight(54)
        self.max_depth = QSpinBox()
        self.max_depth.setRange(-1, 1000)
        self.max_depth.setValue(-1)
        self.max_depth.setSpecialValueText("no limit")
        self.max_depth.setToolTip("Links followed from the start URL (0: the start URL only).")
        self.timeout = QDoubleSpinBox()
        self.timeout.setRange(0.1, 600.0)
        self.timeout.setDecimals(2)
        self.timeout.setValue(CrawlConfig().timeout)
        self.timeout.setSuffix(" s")
        self.timeout.setToolTip("Seconds to wait for a connection or data.")
        self.retries = QSpinBox()
        self.retries.setRange(0, 20)
        self.retries.setValue(CrawlConfig().retries)
        self.retries.setToolTip(
            "Retries for timeouts, connection errors, 429 and 5xx (with backoff; Retry-After is honoured)."
        )
        self.user_agent_edit = QLineEdit()
        self.user_agent_edit.setPlaceholderText(CrawlConfig().user_agent)
        self.user_agent_edit.setToolTip(
            "User-Agent header; its first word is matched against robots.txt groups."
        )
        self._saved_factories: list[dict[str, Any]] = []
        self.factory_edit = QLineEdit()
        self.factory_edit.setPlaceholderText(
            "optional: a JSON file of link factories (URLs made from page fields)"
        )
        self.factory_button = QPushButton("Browse…")
        factory_row = QHBoxLayout()
        factory_row.addWidget(self.factory_edit, 1)
        factory_row.addWidget(self.factory_button)
        self.assets_check = QCheckBox("Also keep the site's style sheets, images and fonts")
        self.assets_check.setChecked(True)
        self.assets_check.setToolTip(
            "Same site only, at most 300 of them: pages are then shown as they looked "
            "(crawl --assets)"
        )
        self.render_check = QCheckBox(
            "Render pages built by scripts (a browser engine of its own, network and scripts on)"
        )
        self.render_check.setToolTip(
            "crawl --render: each HTML page is also loaded in QtWebEngine in a separate process "
            "and its rendered DOM is used; the raw response is kept beside it."
        )
        self.fresh_check = QCheckBox(
            "Start over (forget this site's earlier crawl; stored pages stay)"
        )
        self.workspace_label = QLabel("")
        self.workspace_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.workspace_label.setWordWrap(True)

        form = QFormLayout()
        form.addRow("URL:", self.url_edit)
        form.addRow("Max pages:", self.max_pages)
        form.addRow("Per-host concurrency:", self.per_host)
        form.addRow("Delay:", self.delay)
        form.addRow("Include:", self.include_edit)
        form.addRow("Exclude:", self.exclude_edit)
        form.addRow("Max depth:", self.max_depth)
        form.addRow("Timeout:", self.timeout)
        form.addRow("Retries:", self.retries)
        form.addRow("User agent:", self.user_agent_edit)
        form.addRow("Link factories:", factory_row)
        form.addRow("", self.assets_check)
        form.addRow("", self.render_check)
        form.addRow("", self.fresh_check)
        form.addRow("Workspace:", self.workspace_label)

        self.error_label = QLabel("")
        self.error_label.setStyleSheet(_ERROR_STYLE)
        self.error_label.setWordWrap(True)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.status_label = QLabel("Same-site crawl: robots.txt and sitemaps are honoured.")
        self.status_label.setWordWrap(True)
        self.status_label.setMinimumWidth(420)
        self.start_button = QPushButton("Start")
        self.start_button.setDefault(True)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.close_button = QPushButton("Close")
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        for b in (self.start_button, self.cancel_button, self.close_button):
            buttons.addWidget(b)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error_label)
        layout.addWidget(self.progress)
        layout.addWidget(self.status_label)
        layout.addLayout(buttons)

        self.url_edit.textChanged.connect(self._validate)
        self.include_edit.textChanged.connect(self._validate)
        self.exclude_edit.textChanged.connect(self._validate)
        self.factory_edit.textChanged.connect(self._validate)
        self.factory_button.clicked.connect(self._browse_factories)
        self.start_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)
        self.close_button.clicked.connect(self.close)
        self._validate()

    # ------------------------------------------------------------------ settings
    def config(self) -> CrawlConfig:
        """The crawl the fields describe (checked: an invalid URL or pattern raises)."""
        cfg = CrawlConfig(
            seeds=[self.url_edit.text().strip()],
            max_pages=self.max_pages.value(),
            per_host=self.per_host.value(),
            concurrency=max(CrawlConfig().concurrency, self.per_host.value()),
            delay=float(self.delay.value()),
            include=_patterns(self.include_edit),
            exclude=_patterns(self.exclude_edit),
            max_depth=None if self.max_depth.value() < 0 else self.max_depth.value(),
            timeout=float(self.timeout.value()),
            retries=self.retries.value(),
            link_factories=self._factories(),
            assets=self.assets_check.isChecked(),
            render=self.render_check.isChecked(),
        )
        if self.user_agent_edit.text().strip():
            cfg.user_agent = self.user_agent_edit.text().strip()
        cfg.validate()
        return cfg

    def _factories(self) -> list[dict[str, Any]]:
        path = self.factory_edit.text().strip()
        # Without a file, a resumed crawl keeps its earlier factories.
        return link_factories_from_file(path) if path else list(self._saved_factories)

    def _browse_factories(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(
            self, "Link factories", "", "JSON (*.json);;All files (*)"
        )
        if path:
            self.factory_edit.setText(path)

    def fill_from(self, cfg: CrawlConfig) -> None:
        """Show an earlier crawl's settings (Start then resumes it)."""
        if cfg.seeds:
            self.url_edit.setText(cfg.seeds[0])
        if cfg.max_pages:
            self.max_pages.setValue(int(cfg.max_pages))
        self.per_host.setValue(int(cfg.per_host))
        self.delay.setValue(float(cfg.delay))
        self.include_edit.setPlainText("\n".join(cfg.include))
        self.exclude_edit.setPlainText("\n".join(cfg.exclude))
        self.max_depth.setValue(-1 if cfg.max_depth is None else int(cfg.max_depth))
        self.timeout.setValue(float(cfg.timeout))
        self.retries.setValue(int(cfg.retries))
        if cfg.user_agent != CrawlConfig().user_agent:
            self.user_agent_edit.setText(cfg.user_agent)
        self.assets_check.setChecked(bool(cfg.assets))
        self.render_check.setChecked(bool(cfg.render))
        self._saved_factories = list(cfg.link_factories)
        if cfg.link_factories:
            self.factory_edit.setPlaceholderText(
                f"{len(cfg.link_factories)} link factories of the earlier crawl (a file replaces them)"
            )

    def _validate(self) -> bool:
        """Check the fields on every keystroke: the first problem is shown and blocks Start."""
        problem = ""
        url = self.url_edit.text().strip()
        path = ""
        if not url:
            problem = " "  # nothing typed yet: no message, but nothing to start either
        else:
            try:
                path = str(workspace_for_url(url))
            except DeboilerError as exc:
                problem = str(exc)
        compiled: dict[str, list[re.Pattern[str]]] = {"include": [], "exclude": []}
        for name, edit in (("include", self.include_edit), ("exclude", self.exclude_edit)):
            for pattern in _patterns(edit):
                try:
                    compiled[name].append(re.compile(pattern))
                except re.error as exc:
                    problem = problem.strip() or f"{name} pattern {pattern!r}: {exc}"
        if not problem.strip() and self.factory_edit.text().strip():
            try:
                self._factories()
            except DeboilerError as exc:
                problem = str(exc)
        if not problem and path:
            # The patterns apply to the start URL too: one outside them would crawl nothing.
            start = normalize_url(url) or url
            if compiled["include"] and not any(p.search(start) for p in compiled["include"]):
                problem = (
                    f"the start URL {start} matches no include pattern: nothing would be crawled"
                )
            elif any(p.search(start) for p in compiled["exclude"]):
                problem = (
                    f"the start URL {start} matches an exclude pattern: nothing would be crawled"
                )
        self.workspace_label.setText(path)
        self.error_label.setText(problem.strip())
        self.start_button.setEnabled(not problem and not self.running)
        return not problem

    # ------------------------------------------------------------------ the crawl
    @property
    def running(self) -> bool:
        return self.job is not None

    def start(self) -> None:
        if self.running or not self._validate():
            return
        try:
            cfg = self.config()
            path = str(workspace_for_url(cfg.seeds[0]))
        except DeboilerError as exc:
            self.error_label.setText(str(exc))
            return
        if self._confirm is not None and not self._confirm(path):
            return
        self.workspace_path = path
        self.follow = True
        self.run = run = CrawlRun(cfg.to_dict(), path, fresh=self.fresh_check.isChecked())
        self.job = job = Job("crawl", run.steps)
        # Bound methods: Qt drops them with the dialog, so a late report never reaches it.
        job.signals.progress.connect(self._on_job_progress)
        job.signals.partial.connect(self._on_job_partial)
        job.signals.finished.connect(self._on_job_finished)
        job.signals.failed.connect(self._on_job_failed)
        job.signals.cancelled.connect(self._on_job_cancelled)
        self._set_running(True)
        self.progress.setRange(0, 0)
        self.status_label.setText(f"Crawling {cfg.seeds[0]}…")
        self.crawl_started.emit(path)
        self.runner.start(job)

    def cancel(self) -> None:
        """Stop the crawl: requests in flight are recorded, and Start resumes it later."""
        if self.run is not None and not self.run.stopping:
            self.run.stop()
            self.cancel_button.setEnabled(False)
            self.status_label.setText("Stopping: waiting for the requests in flight…")

    def shutdown(self, msecs: int = 30_000) -> None:
        """Stop a running crawl and wait for its worker (the window is going away)."""
        self._closing = True  # the window is going: nothing more is reported to it
        if self.run is not None:
            self.run.stop()
        self.runner.cancel_all()
        self.runner.wait(msecs)

    def _settings_widgets(self) -> tuple[QWidget, ...]:
        return (
            self.url_edit,
            self.max_pages,
            self.per_host,
            self.delay,
            self.include_edit,
            self.exclude_edit,
            self.max_depth,
            self.timeout,
            self.retries,
            self.user_agent_edit,
            self.factory_edit,
            self.factory_button,
            self.assets_check,
            self.fresh_check,
        )

    def _set_running(self, on: bool) -> None:
        for w in self._settings_widgets():
            w.setEnabled(not on)
        self.cancel_button.setEnabled(on)
        self.start_button.setEnabled(not on)
        if not on:
            self.job = None
            self.run = None
            self._validate()

    def _on_job_progress(self, done: int, total: int, message: str) -> None:
        if self.run is not None and self.run.stopping:
            message = "Stopping: " + message
        if total:
            self.progress.setRange(0, total)
            self.progress.setValue(done)
        self.status_label.setText(message)

    def _on_job_partial(self, rows: Any) -> None:
        if rows and self.follow and not self._closing:
            self.pages_arrived.emit(self.workspace_path, rows)

    def on_workspace_loaded(self, path: str) -> None:
        """The window opened a workspace: another one than the crawl's ends following."""
        if path != self.workspace_path:
            self.follow = False

    def _on_job_finished(self, result: dict[str, Any]) -> None:
        text = describe_result(result)
        outcome = str(result.get("outcome", "finished"))
        if outcome == "finished":
            self.progress.setRange(0, 1)
            self.progress.setValue(1)
        self._end(outcome, text)

    def _on_job_failed(self, message: str, tb: str) -> None:
        if tb:
            log.error("%s", tb)
        self.error_label.setText(message)
        self._end("failed", f"The crawl failed: {message}")

    def _on_job_cancelled(self) -> None:
        self._end("stopped", "The crawl was stopped; start again to resume.")

    def _end(self, outcome: str, text: str) -> None:
        self.status_label.setText(text)
        self._set_running(False)
        if not self._closing:
            self.crawl_ended.emit(self.workspace_path, outcome, text)


def open_url_dialog(window: MainWindow) -> OpenUrlDialog:
    """The window's one Open URL dialog (made on first use, wired to the window's slots), shown."""
    dialog = window._open_url_dialog
    if dialog is None:
        dialog = OpenUrlDialog(
            window, confirm=lambda path: path == window.ws_path or window.saving.confirm_discard()
        )
        dialog.pages_arrived.connect(window._on_crawl_pages)
        dialog.crawl_ended.connect(window._on_crawl_ended)
        window.workspace_loaded.connect(dialog.on_workspace_loaded)
        window._open_url_dialog = dialog
    if not dialog.running and window.ws is not None:
        # The window shows a crawled site: offer its last crawl (read through the window's own
        # connection; the app's process never opens a second one).
        try:
            saved = saved_config(window.ws)
        except DeboilerError:
            saved = None
        if saved is not None and saved.seeds:
            dialog.fill_from(saved)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog


def stop_crawl(window: MainWindow) -> None:
    """Stop the window's crawl, if any, before the window goes away."""
    dialog = window._open_url_dialog
    if dialog is not None:
        dialog.shutdown()
