"""The crawler's side of page rendering: starts the renderer process (``python -m
deboiler_gui.render``, QtWebEngine) on first use and asks it for the rendered DOM of a URL over
JSON lines. No Qt here: the crawl process only talks to the child."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import queue
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from typing import IO, Any

log = logging.getLogger(__name__)

#: Seconds the renderer may take to start (QtWebEngine's first start is the slow part).
START_TIMEOUT = 60.0
#: Seconds past a request's own timeout before the renderer is taken to be stuck.
GRACE = 15.0


@dataclass
class Rendered:
    """The renderer's answer for one URL."""

    url: str
    html: str = ""
    final_url: str = ""
    settled: bool = False
    reason: str = ""  # why the wait ended without the page settling
    waited: float = 0.0
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and bool(self.html)


class RenderError(Exception):
    """The renderer process could not be started or stopped answering."""


class Renderer:
    """One renderer process, shared by the crawl's worker threads (one page at a time). A
    renderer that dies or hangs is restarted for the next page; the page it was rendering gets
    an error and keeps its raw HTML."""

    def __init__(self, *, user_agent: str = "", timeout: float = 15.0, quiet: float = 0.5) -> None:
        self.user_agent = user_agent
        self.timeout = timeout
        self.quiet = quiet
        self._lock = threading.Lock()
        self._proc: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._next_id = 0
        self._closed = False
        self.started = 0  # processes started (1 unless one had to be restarted)

    # ------------------------------------------------------------------ process
    def _start(self) -> None:
        env = dict(os.environ)
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
        cmd = [sys.executable, "-m", "deboiler_gui.render"]
        try:
            proc = subprocess.Popen(
                cmd,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                encoding="utf-8",
                env=env,
                bufsize=1,
            )
        except OSError as exc:
            raise RenderError(f"the renderer could not be started ({exc})") from exc
        self._proc = proc
        self._lines = queue.Queue()
        assert proc.stdout is not None
        threading.Thread(
            target=_pump, args=(proc.stdout, self._lines), name="render-out", daemon=True
        ).start()
        self.started += 1
        first = self._read(START_TIMEOUT)
        if first is None or not first.get("ready"):
            self._kill()
            raise RenderError("the renderer did not start (is PySide6 with QtWebEngine installed?)")

    def _read(self, timeout: float) -> dict[str, Any] | None:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                line = self._lines.get(timeout=left)
            except queue.Empty:
                return None
            if line is None:
                return None  # the process ended
            try:
                data = json.loads(line)
            except ValueError:
                continue
            if isinstance(data, dict):
                return data

    def _kill(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            proc.kill()
            proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            pass
        _close_pipes(proc)

    # ------------------------------------------------------------------ use
    def render(self, url: str, *, timeout: float | None = None) -> Rendered:
        """The rendered DOM of ``url``: after the page settled, or when ``timeout`` seconds
        have passed (``settled`` False and ``reason`` saying why)."""
        wait = self.timeout if timeout is None else timeout
        with self._lock:
            if self._closed:
                # A crawl stopping: requests still queued get no new renderer process.
                return Rendered(url, error="the renderer was closed")
            try:
                if self._proc is None or self._proc.poll() is not None:
                    self._start()
                proc = self._proc
                assert proc is not None and proc.stdin is not None
                self._next_id += 1
                req = {
                    "id": self._next_id,
                    "url": url,
                    "timeout": wait,
                    "quiet": self.quiet,
                    "user_agent": self.user_agent,
                }
                proc.stdin.write(json.dumps(req) + "\n")
                proc.stdin.flush()
                while True:
                    data = self._read(wait + GRACE)
                    if data is None:
                        self._kill()
                        return Rendered(url, error="the renderer stopped answering")
                    if data.get("id") == req["id"]:
                        break
            except (OSError, ValueError, RenderError) as exc:
                self._kill()
                return Rendered(url, error=str(exc))
        return Rendered(
            url,
            html=str(data.get("html") or ""),
            final_url=str(data.get("final_url") or ""),
            settled=bool(data.get("settled")),
            reason=str(data.get("reason") or ""),
            waited=float(data.get("waited") or 0.0),
            error=data.get("error"),
        )

    def close(self) -> None:
        """Ask the renderer to quit; kill it when it does not within a few seconds. Later
        requests get an error at once."""
        with self._lock:
            self._closed = True
            proc = self._proc
            if proc is None:
                return
            try:
                if proc.stdin is not None:
                    proc.stdin.write(json.dumps({"cmd": "quit"}) + "\n")
                    proc.stdin.close()
                proc.wait(timeout=10)
                self._proc = None
                _close_pipes(proc)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                self._kill()

    def __enter__(self) -> Renderer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _close_pipes(proc: subprocess.Popen[str]) -> None:
    for stream in (proc.stdin, proc.stdout):
        if stream is not None:
            with contextlib.suppress(OSError, ValueError):
                stream.close()


def _pump(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    try:
        for line in stream:
            lines.put(line)
    except (OSError, ValueError):
        pass
    lines.put(None)
