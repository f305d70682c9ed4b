"""The app's crawl job (Qt-free): where a crawled site's workspace lives, and the crawl run in a
worker process that reports progress and the page rows it stored, and stops politely."""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from deboiler_gui.app import session
from deboiler_gui.engine.jobs import ChildJob, StopRequested
from deboiler_gui.engine.model import InputError
from deboiler_gui.engine.progress import Steps
from deboiler_gui.engine.words import count

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
        # Closed from outside (the app is going away), the crawl still stops politely, so what
        # was in flight is recorded, but never waits past the crawler's own bound.
        timeout = float(self.config.get("timeout") or 20.0)
        self._job = ChildJob(
            crawl_job,
            (self.config, self.workspace_path, self.fresh),
            what="crawling",
            stop_grace=4 * timeout + _STOP_GRACE_EXTRA,
            stop_message="stopping: waiting for requests in flight",
        )

    def stop(self) -> None:
        self._job.stop()

    @property
    def stopping(self) -> bool:
        return self._job.stopping

    def steps(self) -> Generator[Any, None, dict[str, Any]]:
        result = yield from self._job.steps()
        return dict(result)


def crawl_job(
    config: dict[str, Any], workspace_path: str, fresh: bool
) -> Generator[Any, None, dict[str, Any]]:
    """The crawl as a job of its own process: the crawler's progress and the pages stored since
    the last look; stopped (``StopRequested``), it closes the crawl and sends the last pages."""
    from deboiler_gui.engine.crawl.runner import CrawlConfig, crawl_status, crawl_steps
    from deboiler_gui.engine.store import Workspace

    with Workspace(workspace_path) as ws:
        scanner = _Scanner(ws)
        yield from scanner.new_pages()  # pages of earlier runs: the app can show them at once
        steps = Steps(crawl_steps(CrawlConfig.from_dict(config), ws, fresh=fresh))
        try:
            for step in steps:
                yield from scanner.maybe_new_pages()
                yield step
        except StopRequested:
            steps.close()  # records requests in flight; the next run resumes
            yield from scanner.new_pages()
            return {"outcome": "stopped", "states": crawl_status(ws)["states"]}
        finally:
            steps.close()
        yield from scanner.new_pages()
        assert steps.value is not None
        return {"outcome": "finished", "stats": steps.value.to_dict()}


class _Scanner:
    """Finds the pages stored since the last look (the crawler stores failures as pages too, so
    the page count says when to look)."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.known: set[str] = set()
        self.count = -1
        self.next_scan = 0.0

    def maybe_new_pages(self) -> Iterator[list[dict[str, Any]]]:
        # Until the first page is in, look at every step: the window opens the site with it.
        if not self.known or time.monotonic() >= self.next_scan:
            yield from self.new_pages()

    def new_pages(self) -> Iterator[list[dict[str, Any]]]:
        started = time.monotonic()
        count = self.ws.page_count()
        rows: list[dict[str, Any]] = []
        if count != self.count:
            self.count = count
            rows = [r for r in self.ws.page_summaries() if r["url"] not in self.known]
            if rows:
                self.known.update(r["url"] for r in rows)
        # A big site costs more to scan: never spend more than a tenth of the time on it.
        self.next_scan = time.monotonic() + max(_SCAN_INTERVAL, 10 * (time.monotonic() - started))
        if rows:
            yield rows


def describe_result(result: dict[str, Any]) -> str:
    """One line for the dialog and the messages: what the crawl did and how to go on."""
    if result.get("outcome") == "stopped":
        s = result.get("states", {})
        return (
            f"Stopped with {count(s.get('fetched', 0), 'page')} fetched, {s.get('failed', 0)} failed and "
            f"{s.get('queued', 0) + s.get('fetching', 0)} queued; start again to resume."
        )
    s = result.get("stats", {})
    text = (
        f"{count(s.get('fetched', 0), 'page')} fetched, {s.get('failed', 0)} failed, "
        f"{count(s.get('duplicates', 0), 'duplicate')}, {count(s.get('redirects', 0), 'redirect')}, "
        f"{s.get('blocked', 0)} blocked by robots.txt; this run: "
        f"{count(s.get('page_requests', 0), 'page request')} in {s.get('elapsed', 0.0):.1f} s."
    )
    if s.get("budget_spent") and s.get("queued"):
        text += f" {count(s['queued'], 'URL')} still queued: raise Max pages and start again to continue."
    elif s.get("unreachable_hosts"):
        text += f" robots.txt could not be read on {', '.join(s['unreachable_hosts'])}; start again later."
    return text
