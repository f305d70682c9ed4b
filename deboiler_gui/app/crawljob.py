"""The app's crawl job (Qt-free): where a crawled site's workspace lives, and the crawl run in a
worker process that reports progress and the page rows it stored, and stops politely."""

from __future__ import annotations

import contextlib
import hashlib
import re
import sys
import threading
import time
import traceback
from collections.abc import Generator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from deboiler_gui.app import session
from deboiler_gui.engine import model as _model
from deboiler_gui.engine.model import DeboilerError, InputError, Progress

#: Longest wait between two yields of the relay (its cancel latency).
_TICK = 0.05
#: Shortest time between two scans of the workspace for new pages: the page list is refreshed
#: at this pace, not once per page (a reset per page would keep the GUI thread busy).
_SCAN_INTERVAL = 0.5
#: How long a stop may take: the crawler waits for requests in flight (4 × timeout at most).
_STOP_GRACE_EXTRA = 10.0


def workspace_for_url(url: str) -> Path:
    """The workspace a crawl of ``url``'s site goes to: one per origin (scheme, host, port), so
    opening the same site again resumes its crawl."""
    from deboiler_gui.engine.crawl.rules import normalize_url

    norm = normalize_url(url.strip())
    if norm is None:
        raise InputError(f"{url!r} is not an http(s) URL")
    parts = urlsplit(norm)
    origin = f"{parts.scheme}://{parts.netloc}"
    name = re.sub(r"[^A-Za-z0-9.-]+", "_", parts.netloc).strip("_") or "site"
    digest = hashlib.sha1(origin.encode("utf-8")).hexdigest()[:10]
    folder = session.data_dir() / "workspaces"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"crawl-{name}-{digest}.sqlite"


class CrawlRun:
    """One crawl in a worker process, driven by :meth:`steps` from one thread.

    ``steps`` yields ``Progress`` (the crawler's own "12 fetched, 40 queued, 1 failed: <url>")
    and, between them, lists of page summaries (url, site, status, bytes, error) stored since
    the last list; the first list holds every page already in the workspace. :meth:`stop` may be
    called from any thread: the worker closes the crawl (requests in flight are recorded, so the
    next run resumes without fetching anything twice), sends the last pages, and ``steps``
    returns ``{"outcome": "stopped", "states": {...}}``. A crawl that ends by itself returns
    ``{"outcome": "finished", "stats": CrawlStats.to_dict()}``.
    """

    def __init__(self, config: dict[str, Any], workspace_path: str, *, fresh: bool = False) -> None:
        self.config = dict(config)
        self.workspace_path = str(workspace_path)
        self.fresh = fresh
        self._stop = threading.Event()

    def stop(self) -> None:
        self._stop.set()

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    def steps(self) -> Generator[Any, None, dict[str, Any]]:
        ctx = session._context()  # the app's worker-process set-up (fork server, engine preloaded)
        conn, child_conn = ctx.Pipe(duplex=True)
        proc = ctx.Process(target=_child_main, args=(child_conn, self.config, self.workspace_path, self.fresh), daemon=True)
        proc.start()
        child_conn.close()
        asked = False
        done = False
        last = Progress(0, None, "crawl starting")
        try:
            yield last
            while True:
                if self._stop.is_set() and not asked:
                    asked = True
                    _send(conn, "stop")
                    last = Progress(last.done, last.total, "stopping: waiting for requests in flight")
                    yield last
                if not conn.poll(_TICK):
                    if not proc.is_alive() and not conn.poll(0):
                        raise DeboilerError(f"crawl of {self.workspace_path}: the worker process ended without a result (exit code {proc.exitcode})")
                    yield last  # nothing new, still a cancel point
                    continue
                try:
                    msg = conn.recv()
                except EOFError as exc:
                    raise DeboilerError(f"crawl of {self.workspace_path}: the worker process ended without a result (exit code {proc.exitcode})") from exc
                kind = msg[0]
                if kind == "progress":
                    last = Progress(msg[1], msg[2], msg[3])
                    yield last
                elif kind == "pages":
                    yield msg[1]
                elif kind == "result":
                    done = True
                    return dict(msg[1])
                else:
                    done = True
                    error = getattr(_model, msg[1], None)
                    if isinstance(error, type) and issubclass(error, DeboilerError) and error is not _model.RuleError:
                        raise error(msg[2])
                    raise DeboilerError(msg[2])
        finally:
            if not done and proc.is_alive():
                # Closed from outside (the app is going away): still stop politely, so what
                # was in flight is recorded, but never wait past the crawler's own bound.
                _send(conn, "stop")
                timeout = float(self.config.get("timeout") or 20.0)
                deadline = time.monotonic() + 4 * timeout + _STOP_GRACE_EXTRA
                while proc.is_alive() and time.monotonic() < deadline:
                    try:
                        if conn.poll(0.1):
                            conn.recv()  # keep the pipe flowing, or the worker blocks on a send
                    except (EOFError, OSError):
                        break
            conn.close()
            proc.join(2)
            if proc.is_alive():
                proc.terminate()
                proc.join(2)


def _send(conn: Any, message: Any) -> None:
    with contextlib.suppress(BrokenPipeError, OSError):  # the other side has already gone
        conn.send(message)


def _child_main(conn: Any, config: dict[str, Any], workspace_path: str, fresh: bool) -> None:
    # The worker stores plain values: sqlite-utils need not import pandas or numpy.
    sys.modules.setdefault("pandas", None)  # type: ignore[arg-type]
    sys.modules.setdefault("numpy", None)  # type: ignore[arg-type]
    try:
        _crawl(conn, config, workspace_path, fresh)
    except (BrokenPipeError, EOFError):
        pass  # the app went away: nobody is left to tell
    except DeboilerError as exc:
        _send(conn, ("error", type(exc).__name__, str(exc)))
    except Exception as exc:  # a bug: its traceback goes to the app's messages
        _send(conn, ("error", "", f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=5)}"))
    finally:
        conn.close()


def _crawl(conn: Any, config: dict[str, Any], workspace_path: str, fresh: bool) -> None:
    from deboiler_gui.engine.crawl.runner import CrawlConfig, crawl_status, crawl_steps
    from deboiler_gui.engine.store import Workspace

    with Workspace(workspace_path) as ws:
        scanner = _Scanner(ws)
        scanner.send_new(conn)  # pages of earlier runs: the app can show them at once
        gen = crawl_steps(CrawlConfig.from_dict(config), ws, fresh=fresh)
        last_sent = 0.0
        try:
            while True:
                if conn.poll(0) and conn.recv() == "stop":
                    gen.close()  # records requests in flight; the next run resumes
                    scanner.send_new(conn)
                    conn.send(("result", {"outcome": "stopped", "states": crawl_status(ws)["states"]}))
                    return
                try:
                    step = next(gen)
                except StopIteration as stop:
                    scanner.send_new(conn)
                    conn.send(("result", {"outcome": "finished", "stats": stop.value.to_dict()}))
                    return
                scanner.maybe_send(conn)
                now = time.monotonic()
                if now - last_sent >= _TICK:
                    last_sent = now
                    conn.send(("progress", step.done, step.total, step.message))
        finally:
            gen.close()


class _Scanner:
    """Finds the pages stored since the last look (the crawler stores failures as pages too, so
    the page count says when to look)."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.known: set[str] = set()
        self.count = -1
        self.next_scan = 0.0

    def maybe_send(self, conn: Any) -> None:
        # Until the first page is in, look at every step: the window opens the site with it.
        if not self.known or time.monotonic() >= self.next_scan:
            self.send_new(conn)

    def send_new(self, conn: Any) -> None:
        started = time.monotonic()
        count = self.ws.page_count()
        if count != self.count:
            self.count = count
            rows = [r for r in self.ws.page_summaries() if r["url"] not in self.known]
            if rows:
                self.known.update(r["url"] for r in rows)
                conn.send(("pages", rows))
        # A big site costs more to scan: never spend more than a tenth of the time on it.
        self.next_scan = time.monotonic() + max(_SCAN_INTERVAL, 10 * (time.monotonic() - started))


def describe_result(result: dict[str, Any]) -> str:
    """One line for the dialog and the messages: what the crawl did and how to go on."""
    if result.get("outcome") == "stopped":
        s = result.get("states", {})
        return (f"Stopped with {s.get('fetched', 0)} pages fetched, {s.get('failed', 0)} failed and "
                f"{s.get('queued', 0) + s.get('fetching', 0)} queued; start again to resume.")
    s = result.get("stats", {})
    text = (f"{s.get('fetched', 0)} pages fetched, {s.get('failed', 0)} failed, {s.get('duplicates', 0)} duplicates, "
            f"{s.get('redirects', 0)} redirects, {s.get('blocked', 0)} blocked by robots.txt; this run: "
            f"{s.get('page_requests', 0)} page requests in {s.get('elapsed', 0.0):.1f} s.")
    if s.get("budget_spent") and s.get("queued"):
        text += f" {s['queued']} URLs still queued: raise Max pages and start again to continue."
    elif s.get("unreachable_hosts"):
        text += f" robots.txt could not be read on {', '.join(s['unreachable_hosts'])}; start again later."
    return text
