"""Relaying a job that runs in a child process back as a generator: its progress, partial
results, result and typed errors. Light on imports, so the app can use it at start-up."""

from __future__ import annotations

import logging
import time
import traceback
from collections.abc import Callable, Generator
from typing import Any

from deboiler_gui.engine import model as _model
from deboiler_gui.engine.model import DeboilerError, Progress

TICK = 0.05
log = logging.getLogger(__name__)


def send_steps(conn: Any, start: Callable[[], Generator[Any, None, Any]], what: str) -> None:
    """The child's side of ``relay``: run the generator ``start()`` makes and send its progress
    (at most every ``TICK`` seconds), partial results, result, or error. A broken pipe (the
    parent went away) propagates; any other exception becomes an error message."""
    last = 0.0
    try:
        gen = start()
        while True:
            try:
                item = next(gen)
            except StopIteration as stop:
                conn.send(("result", stop.value))
                return
            if isinstance(item, Progress):
                now = time.monotonic()
                if now - last >= TICK:
                    last = now
                    conn.send(("progress", item.done, item.total, item.message))
            else:
                conn.send(("partial", item))
    except (BrokenPipeError, EOFError):
        raise
    except DeboilerError as exc:
        conn.send(("error", type(exc).__name__, str(exc)))
    except Exception as exc:  # an engine bug: its traceback goes to the parent
        log.exception("%s crashed", what)
        conn.send(("error", "", f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=5)}"))


def relay(proc: Any, conn: Any, what: str, *, join_timeout: float = 5.0) -> Generator[Any, None, Any]:
    """Yield the child's progress (a ``Progress`` at least every ``TICK`` seconds: each is a
    cancel point) and partial results; return its result; raise its error as the same
    ``DeboilerError`` subclass. Closing the generator ends the child.

    Messages: ("progress", done, total, text), ("partial", value), ("result", value),
    ("error", type name, message)."""
    last = Progress(0, None, f"{what} starting")
    try:
        yield last
        while True:
            if not conn.poll(TICK):
                if not proc.is_alive() and not conn.poll(0):
                    raise DeboilerError(f"{what}: the worker process ended without a result (exit code {proc.exitcode})")
                yield last  # nothing new: still a cancel point
                continue
            try:
                msg = conn.recv()
            except EOFError as exc:
                raise DeboilerError(f"{what}: the worker process ended without a result (exit code {proc.exitcode})") from exc
            if msg[0] == "progress":
                last = Progress(msg[1], msg[2], msg[3])
                yield last
            elif msg[0] == "partial":
                yield msg[1]
            elif msg[0] == "result":
                return msg[1]
            else:
                kind = getattr(_model, msg[1], None)
                if isinstance(kind, type) and issubclass(kind, DeboilerError):
                    raise kind(msg[2])
                raise DeboilerError(msg[2])
    finally:
        conn.close()
        if proc.is_alive():
            proc.terminate()
        proc.join(join_timeout)
