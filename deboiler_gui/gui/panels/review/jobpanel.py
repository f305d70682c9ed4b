"""The base of the review panels that run an engine job: a progress bar with Cancel, the job
started on the panel's own runner, and the result or error handed back on the GUI thread.
Site-wide jobs run in a child process (``review_jobs.in_process``): the worker thread only
relays plain data, so the GUI thread never waits for the interpreter lock behind page work."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QVBoxLayout, QWidget

from deboiler_gui.gui.worker import GeneratorFactory, Job, JobRunner


class JobPanel(QWidget):
    """A panel whose content comes from one background job at a time."""

    job_failed = Signal(str)  # the engine's one-line message
    busy_changed = Signal(bool)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.runner = JobRunner(self)
        self.quick_runner = JobRunner(self)
        self.job: Job | None = None
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(4, 4, 4, 4)
        bar = QHBoxLayout()
        self.progress = QProgressBar()
        self.progress.setTextVisible(True)
        self.progress.hide()
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.hide()
        self.cancel_button.clicked.connect(self.cancel)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        bar.addWidget(self.progress, 1)
        bar.addWidget(self.cancel_button)
        self.layout_.addLayout(bar)
        self.layout_.addWidget(self.status)

    @property
    def busy(self) -> bool:
        return self.job is not None

    def run_job(self, name: str, factory: GeneratorFactory) -> Job:
        """Start ``factory()``'s generator in the background (cancelling any running one)."""
        self.cancel()
        job = Job(name, factory)
        job.signals.progress.connect(self._on_job_progress)
        job.signals.finished.connect(lambda result, j=job: self._on_job_done(j, result, None))
        job.signals.failed.connect(lambda message, _tb, j=job: self._on_job_done(j, None, message))
        job.signals.cancelled.connect(lambda j=job: self._on_job_done(j, None, "cancelled"))
        self.job = job
        self.progress.setRange(0, 0)
        self.progress.show()
        self.cancel_button.show()
        self.status.setText(f"{name}…")
        self.busy_changed.emit(True)
        self.runner.start(job)
        return job

    def run_quick(
        self, name: str, factory: GeneratorFactory, on_done: Callable[[Any], None]
    ) -> Job:
        """Run a short job (a decision, a history read) in order on its own runner, without
        cancelling the panel's main job; ``on_done(result)`` runs on the GUI thread."""
        job = Job(name, factory)
        job.signals.finished.connect(on_done)
        job.signals.failed.connect(lambda message, _tb: self._on_quick_failed(message))
        self.quick_runner.start(job)
        return job

    def _on_quick_failed(self, message: str) -> None:
        self.status.setText(f"Error: {message}")
        self.job_failed.emit(message)

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()

    def wait(self, msecs: int = -1) -> bool:
        return self.runner.wait(msecs) and self.quick_runner.wait(msecs)

    def _on_job_progress(self, done: int, total: int, message: str) -> None:
        if total:
            self.progress.setRange(0, total)
            self.progress.setValue(min(done, total))
            self.progress.setFormat(f"%v / %m  {message[-60:]}")

    def _on_job_done(self, job: Job, result: Any, error: str | None) -> None:
        if job is not self.job:
            return  # a cancelled job reporting late
        self.job = None
        self.progress.hide()
        self.cancel_button.hide()
        self.busy_changed.emit(False)
        if error == "cancelled":
            self.status.setText("Cancelled.")
        elif error is not None:
            self.status.setText(f"Error: {error}")
            self.job_failed.emit(error)
        else:
            self.status.setText("")
            self.set_result(result)

    def set_result(self, result: Any) -> None:  # pragma: no cover - each panel overrides
        raise NotImplementedError
