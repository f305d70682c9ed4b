"""Jobs in child processes: one start method, one entry point, progress, partial results,
results and typed errors relayed back as a generator, cancel and polite stop."""

from __future__ import annotations

import contextlib
import importlib
import logging
import os
import sys
import threading
import time
import traceback
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from deboiler_gui.engine import logs
from deboiler_gui.engine import model as _model
from deboiler_gui.engine.model import Cancelled, DeboilerError, Progress

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

#: Longest wait between two yields of a relay (its cancel latency), and the child's progress
#: throttle.
TICK = 0.05
#: How long a job's process may take to end after its result or a cancel.
_JOIN_TIMEOUT = 5.0
log = logging.getLogger(__name__)

#: Modules the fork server imports once, so each job starts with the engine loaded (a fresh
#: import costs about a second per job). The first one declines pandas and numpy first.
_PRELOAD = [
    "deboiler_gui.engine.childprep",
    "deboiler_gui.engine.store",
    "deboiler_gui.engine.clean.boilerplate",
    "deboiler_gui.engine.clean.pipeline",
    "deboiler_gui.engine.template.extract",
]


class StopRequested(Cancelled):
    """Thrown into a job's generator (at its yield, in the child) when the driver asks it to stop
    politely; a job that catches it may still yield and return a result."""


def decline_optional_imports() -> None:
    """Jobs (and the app) store plain values: sqlite-utils need not import pandas and numpy
    (about 1.2 s) to map their types to columns."""
    for optional in ("pandas", "numpy"):
        sys.modules.setdefault(optional, None)  # type: ignore[arg-type]


def preload(*modules: str) -> None:
    """Have the fork server import these modules too (only before it has started)."""
    for name in modules:
        if name not in _PRELOAD:
            _PRELOAD.append(name)


def context() -> Any:
    """The multiprocessing context of every child process the product starts (jobs and the
    cleaning pools). Not fork: a child must not inherit the threads (Qt, sqlite) of its parent
    in an unknown state. The fork server loads the engine once; spawn where there is none."""
    import multiprocessing  # (loaded when a child is started: not at every command's start)

    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(list(_PRELOAD))
        _start_forkserver()
        return ctx
    return multiprocessing.get_context("spawn")


def _start_forkserver() -> None:
    """Start the fork server (once) without the working directory on its module path: it runs
    as ``python -c``, which puts the directory it was started in first, and Python does not
    give it the parent's path; a ``click.py`` or ``lxml.py`` where the user stands would
    stand in for the real module in every child."""
    from multiprocessing import forkserver

    before = os.environ.get("PYTHONSAFEPATH")
    os.environ["PYTHONSAFEPATH"] = "1"
    try:
        forkserver.ensure_running()
    finally:
        if before is None:
            os.environ.pop("PYTHONSAFEPATH", None)
        else:
            os.environ["PYTHONSAFEPATH"] = before


def child_prelude(log_setup: dict[str, Any] | None) -> None:
    """What every child process the product starts does first: decline the optional imports,
    and log as its parent does (level, stderr, log file)."""
    decline_optional_imports()
    logs.apply(log_setup)


def pool(
    max_workers: int,
    initializer: Callable[..., None] | None = None,
    initargs: tuple[Any, ...] = (),
) -> ProcessPoolExecutor:
    """A process pool started the product's one way (:func:`context`), whose workers run
    :func:`child_prelude` before ``initializer``."""
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(
        max_workers=max_workers,
        mp_context=context(),
        initializer=_init_pool,
        initargs=(logs.setup(), initializer, initargs),
    )


def _init_pool(
    log_setup: dict[str, Any], initializer: Callable[..., None] | None, initargs: tuple[Any, ...]
) -> None:
    child_prelude(log_setup)
    if initializer is not None:
        initializer(*initargs)


def error_reference(exc: BaseException) -> str:
    """How an error's class is named across a process boundary: ``module:QualifiedName``."""
    return f"{type(exc).__module__}:{type(exc).__qualname__}"


def _reference(target: Callable[..., Any]) -> str:
    module, name = target.__module__, target.__qualname__
    if "." in name or getattr(importlib.import_module(module), name, None) is not target:
        raise ValueError(
            f"{module}.{name} is not a module-level function: it cannot run in a child process"
        )
    return f"{module}:{name}"


class ChildJob:
    """``target(*args, **kwargs)``, a module-level generator function, run in a child process.

    :meth:`steps` starts the process and yields what the job yields: ``Progress`` (at least every
    ``TICK`` seconds, each a cancel point; repeated when nothing new came) and partial results;
    it returns the job's return value and raises its error as the same ``DeboilerError``
    subclass. Only plain data crosses. Closing ``steps`` (a cancel) ends the child at once, or,
    with ``stop_grace``, first asks it to stop as :meth:`stop` does and waits that long.
    :meth:`stop` may be called from any thread: ``StopRequested`` is thrown into the job at its
    next yield."""

    def __init__(
        self,
        target: Callable[..., Generator[Any, Any, Any]],
        args: tuple[Any, ...] = (),
        kwargs: dict[str, Any] | None = None,
        *,
        what: str | None = None,
        nice: int = 0,
        stop_grace: float | None = None,
        stop_message: str = "stopping",
    ) -> None:
        self.ref = _reference(target)
        self.args = tuple(args)
        self.kwargs = dict(kwargs or {})
        self.what = what or target.__name__
        self.nice = nice
        self.stop_grace = stop_grace
        self.stop_message = stop_message
        self._stop = threading.Event()

    def stop(self) -> None:
        self._stop.set()

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    def steps(self) -> Generator[Any, None, Any]:
        ctx = context()
        conn, child_conn = ctx.Pipe(duplex=True)
        proc = ctx.Process(
            target=_child_main,
            args=(
                child_conn,
                self.ref,
                self.args,
                self.kwargs,
                self.what,
                self.nice,
                logs.setup(),
            ),
            daemon=True,
        )
        proc.start()
        child_conn.close()
        asked = done = False
        last = Progress(0, None, f"{self.what}…")
        try:
            yield last
            while True:
                if self._stop.is_set() and not asked:
                    asked = True
                    _send(conn, "stop")
                    last = Progress(last.done, last.total, self.stop_message, last.phase)
                    yield last
                if not conn.poll(TICK):
                    if not proc.is_alive() and not conn.poll(0):
                        raise DeboilerError(
                            f"{self.what}: the worker process ended without a result (exit code {proc.exitcode})"
                        )
                    yield last  # nothing new: still a cancel point
                    continue
                try:
                    msg = conn.recv()
                except EOFError as exc:
                    raise DeboilerError(
                        f"{self.what}: the worker process ended without a result (exit code {proc.exitcode})"
                    ) from exc
                if msg[0] == "progress":
                    last = Progress(msg[1], msg[2], msg[3], msg[4])
                    yield last
                elif msg[0] == "partial":
                    yield msg[1]
                elif msg[0] == "result":
                    done = True
                    return msg[1]
                else:
                    done = True
                    raise _error(msg[1], msg[2])
        finally:
            if not done and self.stop_grace is not None and proc.is_alive():
                # Closed from outside (the app is going away): still stop politely, but never
                # wait past the job's own bound.
                _send(conn, "stop")
                deadline = time.monotonic() + self.stop_grace
                while proc.is_alive() and time.monotonic() < deadline:
                    try:
                        if conn.poll(0.1):
                            conn.recv()  # keep the pipe flowing, or the child blocks on a send
                    except (EOFError, OSError):
                        break
            conn.close()
            if self.stop_grace is not None:
                proc.join(2)
            if proc.is_alive():
                proc.terminate()
            proc.join(_JOIN_TIMEOUT)


def _error(kind: str, message: str) -> DeboilerError:
    """The error a child sent, as the same ``DeboilerError`` subclass wherever in the product it
    is defined (``kind`` is :func:`error_reference`, or a bare name of ``engine.model``)."""
    module, _, name = kind.rpartition(":")
    error: Any = None
    if module.startswith("deboiler_gui.") or module == "deboiler_gui":
        with contextlib.suppress(ImportError):
            error = importlib.import_module(module)
            for part in name.split("."):
                error = getattr(error, part, None)
    elif not module:
        error = getattr(_model, name, None)
    if isinstance(error, type) and issubclass(error, DeboilerError):
        with contextlib.suppress(Exception):
            return error(message)
    if name == StopRequested.__name__:
        return StopRequested(message)
    return DeboilerError(message)


def _send(conn: Any, message: Any) -> None:
    with contextlib.suppress(BrokenPipeError, OSError):  # the other side has already gone
        conn.send(message)


# --------------------------------------------------------------------------- the child's side


def _child_main(
    conn: Any,
    ref: str,
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    what: str,
    nice: int,
    log_setup: dict[str, Any] | None = None,
) -> None:
    """The one entry point of a job's process: decline the optional imports before the job's
    module loads and log as the parent does, then run the job and send what it yields back."""
    child_prelude(log_setup)
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)  # background work yields the processor to the app on a small machine
    try:
        module, name = ref.split(":", 1)
        target = getattr(importlib.import_module(module), name)
        _send_steps(conn, lambda: target(*args, **kwargs), what)
    except (BrokenPipeError, EOFError):
        pass  # the parent went away (closed or cancelled): nobody is left to tell
    finally:
        conn.close()


def _send_steps(conn: Any, start: Callable[[], Generator[Any, Any, Any]], what: str) -> None:
    """Run the generator ``start()`` makes and send its progress (at most every ``TICK``
    seconds), partial results, result, or error; a "stop" from the parent is thrown into it as
    ``StopRequested``. A broken pipe propagates; any other exception becomes an error message."""
    last = 0.0
    started = stopping = False
    try:
        gen = start()
        while True:
            try:
                if started and not stopping and conn.poll(0) and conn.recv() == "stop":
                    stopping = True
                    item = gen.throw(StopRequested(f"{what} stopped"))
                else:
                    item = next(gen)
            except StopIteration as stop:
                conn.send(("result", stop.value))
                return
            started = True
            if isinstance(item, Progress):
                now = time.monotonic()
                if now - last >= TICK:
                    last = now
                    conn.send(("progress", item.done, item.total, item.message, item.phase))
            else:
                conn.send(("partial", item))
    except (BrokenPipeError, EOFError):
        raise
    except DeboilerError as exc:
        conn.send(("error", error_reference(exc), str(exc)))
    except Exception as exc:  # a bug: its traceback goes to the parent
        log.exception("%s crashed", what)
        conn.send(("error", "", f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=5)}"))
