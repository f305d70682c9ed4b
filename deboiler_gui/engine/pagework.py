"""A hard per-page time limit: one page's work runs in a child process that is killed when it
overruns, so even a single long lxml call (an XPath walking following::* on a large page) ends
on time and becomes that page's error."""

from __future__ import annotations

import multiprocessing.connection
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from deboiler_gui.engine import jobs, logs
from deboiler_gui.engine.model import DeboilerError, Page

#: Seconds a new child may take to start and import the engine (not counted as a page's time).
STARTUP_TIMEOUT = 300.0


class PageTimeout(DeboilerError):
    """One page's work took longer than the run allows."""


class WorkerFailed(DeboilerError):
    """The child process working on a page died (out of memory, a crash in C code)."""


def _serve(
    conn: multiprocessing.connection.Connection,
    work: Callable[[Any], Any],
    init: Callable[..., None] | None,
    init_args: tuple[Any, ...],
    log_setup: dict[str, Any] | None = None,
) -> None:
    jobs.child_prelude(log_setup)
    if init is not None:
        init(*init_args)
    conn.send(("ready", None))
    while True:
        try:
            item = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply = ("ok", work(item))
        except BaseException as exc:  # sent back and raised in the parent
            try:
                reply = ("raise", exc)
                conn.send(reply)
                continue
            except Exception:
                reply = ("raise", DeboilerError(f"{type(exc).__name__}: {exc}"))
        conn.send(reply)


class PageWorker:
    """Runs ``work(item)`` for one item at a time in a child process with a deadline.

    ``work`` and ``init`` must be module-level functions (they are pickled by name); ``init``
    runs once per child with ``init_args`` (templates, models). On overrun the child is killed
    (SIGKILL: nothing in it can delay that) and PageTimeout is raised; the next call starts a
    new child. Costs: one process start per run and per timeout (about half a second of
    imports), and each item and result cross a pipe (pickled)."""

    def __init__(
        self,
        work: Callable[[Any], Any],
        *,
        init: Callable[..., None] | None = None,
        init_args: tuple[Any, ...] = (),
    ) -> None:
        self.work = work
        self.init = init
        self.init_args = init_args
        self._proc: Any = None
        self._conn: multiprocessing.connection.Connection | None = None
        self.restarts = 0

    def _start(self) -> None:
        ctx = jobs.context()  # the product's one way to start a child process
        parent, child = ctx.Pipe()
        proc = ctx.Process(
            target=_serve,
            args=(child, self.work, self.init, self.init_args, logs.setup()),
            daemon=True,
        )
        proc.start()
        child.close()
        self._proc, self._conn = proc, parent
        # Starting and importing is not the page's time: wait for the child to be ready.
        try:
            if not parent.poll(STARTUP_TIMEOUT):
                raise WorkerFailed(f"the worker process did not start within {STARTUP_TIMEOUT:g} s")
            parent.recv()
        except (EOFError, OSError) as exc:
            self._kill()
            raise WorkerFailed(
                f"the worker process could not start: {type(exc).__name__}: {exc}"
            ) from exc
        except WorkerFailed:
            self._kill()
            raise

    def run(self, item: Any, timeout: float | None) -> Any:
        """``work(item)`` in the child; PageTimeout after ``timeout`` seconds (None: no limit),
        WorkerFailed if the child dies; an exception raised by ``work`` is raised here."""
        if self._proc is None or not self._proc.is_alive():
            if self._proc is not None:
                self.restarts += 1
            self._start()
        conn = self._conn
        assert conn is not None
        try:
            conn.send(item)
            if not conn.poll(timeout):
                self._kill()
                raise PageTimeout(f"took longer than {timeout:g} s (stopped)")
            kind, value = conn.recv()
        except (EOFError, OSError, BrokenPipeError) as exc:
            code = self._proc.exitcode if self._proc is not None else None
            self._kill()
            raise WorkerFailed(
                f"the worker process stopped (exit code {code}): {type(exc).__name__}"
            ) from exc
        if kind == "raise":
            raise value
        return value

    def _kill(self) -> None:
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        if proc is not None:
            if proc.is_alive():
                proc.kill()
            proc.join(5)
            if proc.exitcode is not None:
                proc.close()
        if conn is not None:
            conn.close()

    def close(self) -> None:
        """Stop the child (it is idle between items, so this never loses work)."""
        self._kill()

    def __enter__(self) -> PageWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# --------------------------------------------------------------------------- extraction

_TEMPLATES: list[Any] = []
_MODELS: dict[str, Any] = {}
_REMOVED_PATHS = [True]


def _init_extract(
    templates: list[Any], models: dict[str, dict[str, Any]], removed_paths: bool = True
) -> None:
    from deboiler_gui.engine.model import DomainModel

    # Imported here, at the child's start, so the first page's time limit is its own work.
    from deboiler_gui.engine.template import extract  # noqa: F401

    global _TEMPLATES, _MODELS
    _TEMPLATES = templates
    _MODELS = {site: DomainModel.from_dict(m) for site, m in models.items()}
    _REMOVED_PATHS[0] = removed_paths


def _extract_one(item: Any) -> Any:
    from deboiler_gui.engine.template.extract import extract_page

    page, known = item
    return extract_page(
        page, _TEMPLATES, _MODELS.get(page.site), removed_paths=_REMOVED_PATHS[0], known=known
    )


def extract_limited(
    pages: Iterable[Page],
    templates: Sequence[Any],
    models: dict[str, Any] | None,
    timeout: float,
    *,
    removed_paths: bool = True,
    known: Mapping[str, Mapping[str, Any]] | None = None,
) -> Iterator[Any]:
    """ExtractResults of extract_page per page, each page given at most ``timeout`` seconds;
    an overrun or a crashed worker is that page's error and the next page goes on."""
    from deboiler_gui.engine.template.extract import ExtractResult, page_digest, page_fault

    plain = {site: m.to_dict() for site, m in (models or {}).items()}
    with PageWorker(
        _extract_one, init=_init_extract, init_args=(list(templates), plain, removed_paths)
    ) as worker:
        for page in pages:
            try:
                given = (
                    known.get(page.site, {}).get(page_digest(page.html))
                    if known and (models or {}).get(page.site) is not None
                    else None
                )
                yield worker.run((page, given), timeout)
            except PageTimeout as exc:
                yield ExtractResult(page.url, status="error", error=f"extraction {exc}")
            except WorkerFailed as exc:
                yield ExtractResult(page.url, status="error", error=f"extraction failed: {exc}")
            except DeboilerError as exc:
                # Templates were checked before the first page: a rule that fails now fails on
                # this page's content (a regular expression that backtracks on its text).
                yield ExtractResult(page.url, status="error", error=str(exc))
            except Exception as exc:  # a fault on this page's content: that page's error only
                yield ExtractResult(page.url, status="error", error=page_fault(page.url, exc))
