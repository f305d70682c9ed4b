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

from deboiler_gui.engine.model import Cancelled, DeboilerError, Progress

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

    def __init__(self, name: str, factory: GeneratorFactory) -> None:
        super().__init__()
        self.name = name
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
        try:
            gen = self._factory()
            while True:
                if self._cancel.is_set():
                    gen.close()
                    signals.cancelled.emit()
                    return
                try:
                    step = next(gen)
                except StopIteration as stop:
                    signals.finished.emit(stop.value)
                    return
                if not isinstance(step, Progress):
                    signals.partial.emit(step)
                    continue
                now = time.monotonic()
                if now - last >= _PROGRESS_INTERVAL:
                    last = now
                    signals.progress.emit(int(step.done), int(step.total or 0), step.message)
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
