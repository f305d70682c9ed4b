"""Background jobs: a QRunnable drives an engine generator (each yield is a progress report and
a cancel point) and reports progress, partial results, result, failure or cancellation as plain
data."""

from __future__ import annotations

import logging
import threading
import time
import traceback
from collections.abc import Callable, Generator
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

from deboiler_gui.engine.model import Cancelled, DeboilerError, Progress
from deboiler_gui.engine.progress import run

log = logging.getLogger(__name__)

#: A factory is called inside the worker thread, so sqlite connections and lxml trees it makes
#: belong to that thread.
GeneratorFactory = Callable[[], Generator[Any, None, Any]]

# Progress is throttled: a flood of queued signals would itself stall the GUI thread.
_PROGRESS_INTERVAL = 0.05


class JobSignals(QObject):
    progress = Signal(int, int, str)  # done, total (0 = unknown), message
    partial = Signal(object)  # a batch of plain-data results yielded between progress reports
    finished = Signal(object)  # the generator's return value (plain data)
    failed = Signal(str, str)  # message, traceback ('' for engine errors, which explain themselves)
    cancelled = Signal()


class Job(QRunnable):
    """Runs one generator to its end in the thread pool."""

    def __init__(self, name: str, factory: GeneratorFactory, label: str = "") -> None:
        super().__init__()
        self.name = name
        #: What the job does, in the user's words (the status bar, the messages); ``name``
        #: identifies it to the code.
        self.label = label or name
        self._factory = factory
        self._cancel = threading.Event()
        self.signals = JobSignals()
        self.setAutoDelete(False)  # the window holds the job until it reports

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def cancel_requested(self) -> bool:
        return self._cancel.is_set()

    def run(self) -> None:
        signals = self.signals
        last = 0.0

        def report(step: Any) -> None:
            nonlocal last
            if not isinstance(step, Progress):
                signals.partial.emit(step)
                return
            now = time.monotonic()
            if now - last >= _PROGRESS_INTERVAL:
                last = now
                signals.progress.emit(int(step.done), int(step.total or 0), step.message)

        try:
            signals.finished.emit(run(self._factory(), report, cancelled=self._cancel.is_set))
        except Cancelled:
            signals.cancelled.emit()
        except DeboilerError as exc:
            log.info("job %s failed: %s", self.name, exc)
            signals.failed.emit(str(exc), "")
        except Exception as exc:  # an engine bug: report it with its traceback, keep the app alive
            log.exception("job %s crashed", self.name)
            signals.failed.emit(f"{exc.__class__.__name__}: {exc}", traceback.format_exc())


class JobRunner(QObject):
    """Starts jobs on a private pool (one at a time per runner, as the machine is small) and
    keeps them referenced until they report."""

    def __init__(self, parent: QObject | None = None, max_threads: int = 1) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(max_threads)
        self._jobs: set[Job] = set()

    def start(self, job: Job) -> Job:
        self._jobs.add(job)
        for sig in (job.signals.finished, job.signals.failed, job.signals.cancelled):
            sig.connect(lambda *_a, j=job: self._jobs.discard(j))
        self._pool.start(job)
        return job

    def cancel_all(self) -> None:
        for job in list(self._jobs):
            job.cancel()

    def wait(self, msecs: int = -1) -> bool:
        return self._pool.waitForDone(msecs)

    @property
    def busy(self) -> bool:
        return bool(self._jobs)


class JobBar(QWidget):
    """The status-bar face of background work: one current job with its progress and Cancel.
    Starting a job cancels the current one. Reports reach callbacks given at start."""

    ended = Signal(str, str)  # job name, outcome: finished / failed / cancelled
    failed = Signal(str, str)  # "<job> failed: <message>", traceback ('' for engine errors)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel("")
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(260)
        self.cancel_button = QPushButton("Cancel")
        for w in (self.label, self.progress, self.cancel_button):
            layout.addWidget(w)
        self.progress.hide()
        self.cancel_button.hide()
        self.cancel_button.clicked.connect(self.cancel)
        self.runner = JobRunner(self)
        self.current: Job | None = None
        self._callbacks: dict[Any, tuple[Job, Any, Any]] = {}
        self._on_failed: dict[Any, Any] = {}

    def start(
        self,
        name: str,
        factory: GeneratorFactory,
        on_done: Any = None,
        on_partial: Any = None,
        *,
        on_failed: Any = None,
        label: str = "",
    ) -> Job:
        """``on_failed(message)``, when given, takes an engine error's message in place of the
        bar's ``failed`` signal (errors with a traceback always go to ``failed``); ``label``:
        what the job does in the user's words, shown in its place (``name`` by default)."""
        if self.current is not None:
            self.current.cancel()
        job = Job(name, factory, label)
        self.current = job
        self.progress.setRange(0, 0)
        self.progress.show()
        self.cancel_button.show()
        self.label.setText(job.label)
        # Bound methods, not lambdas: Qt drops these connections when the bar goes away, so a
        # late report from a worker can never reach a deleted widget.
        self._callbacks[job.signals] = (job, on_done, on_partial)
        if on_failed is not None:
            self._on_failed[job.signals] = on_failed
        job.signals.progress.connect(self._on_job_progress)
        job.signals.partial.connect(self._on_job_partial)
        job.signals.finished.connect(self._on_job_finished)
        job.signals.failed.connect(self._on_job_failed)
        job.signals.cancelled.connect(self._on_job_cancelled)
        self.runner.start(job)
        return job

    def cancel(self) -> None:
        if self.current is not None:
            self.current.cancel()
            self.label.setText(f"{self.current.label}: cancelling…")

    def shutdown(self, msecs: int = 10000) -> None:
        self.runner.cancel_all()
        self.runner.wait(msecs)

    def _on_job_progress(self, done: int, total: int, message: str) -> None:
        if total:
            self.progress.setRange(0, total)
            self.progress.setValue(done)
        else:
            self.progress.setRange(0, 0)
        self.label.setText(message)

    def _on_job_partial(self, value: Any) -> None:
        entry = self._callbacks.get(self.sender())
        if entry is not None and entry[2] is not None:
            entry[2](value)

    def _on_job_finished(self, value: Any) -> None:
        entry = self._callbacks.pop(self.sender(), None)
        self._on_failed.pop(self.sender(), None)
        if entry is not None:
            self._end(entry[0], "finished")
            if entry[1] is not None:
                entry[1](value)
            self.ended.emit(entry[0].name, "finished")

    def _on_job_failed(self, message: str, tb: str) -> None:
        entry = self._callbacks.pop(self.sender(), None)
        handler = self._on_failed.pop(self.sender(), None)
        if entry is not None:
            self._end(entry[0], "failed")
            if tb:
                log.error("%s", tb)
            if handler is not None and not tb:
                handler(message)
            else:
                self.failed.emit(f"{entry[0].label} failed: {message}", tb)
            self.ended.emit(entry[0].name, "failed")

    def _on_job_cancelled(self) -> None:
        entry = self._callbacks.pop(self.sender(), None)
        self._on_failed.pop(self.sender(), None)
        if entry is not None:
            self._end(entry[0], "cancelled")
            self.ended.emit(entry[0].name, "cancelled")

    def _end(self, job: Job, outcome: str) -> None:
        if job is self.current:
            self.current = None
            self.progress.hide()
            self.cancel_button.hide()
            self.label.setText("" if outcome == "finished" else f"{job.label} {outcome}")
