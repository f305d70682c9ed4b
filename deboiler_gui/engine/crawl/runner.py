"""The polite crawler: from start URLs, sitemaps or URL lists into the workspace, with robots.txt,
per-host concurrency and delay limits, retries, link factories and resumable state."""

from __future__ import annotations

import concurrent.futures as cf
import dataclasses
import functools
import hashlib
import heapq
import itertools
import logging
import queue
import re
import threading
import time
from collections import deque
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

import urllib3

from deboiler_gui.engine.crawl.config import CONFIG_META_KEY, DEFAULT_TYPES, CrawlConfig, CrawlStats
from deboiler_gui.engine.crawl.http import Fetched, fetch, make_pool
from deboiler_gui.engine.crawl.pagination import Pagination, series_position
from deboiler_gui.engine.crawl.render import Rendered, Renderer
from deboiler_gui.engine.crawl.rules import (
    Robots,
    extract_links,
    host_of,
    normalize_url,
    parse_sitemap,
)
from deboiler_gui.engine.crawl.state import CrawlState, Entry, now_iso
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.jsonxml import looks_like_json
from deboiler_gui.engine.model import (
    STATUS_UNREADABLE,
    InputError,
    Page,
    Progress,
    site_of,
)
from deboiler_gui.engine.progress import run
from deboiler_gui.engine.sources import decode_html
from deboiler_gui.engine.template.extract import page_tree

__all__ = [
    "DEFAULT_TYPES",
    "CrawlConfig",
    "CrawlStats",
    "crawl",
    "crawl_status",
    "crawl_steps",
    "saved_config",
]

log = logging.getLogger(__name__)

_ROBOTS_MAX_BYTES = 512 * 1024  # RFC 9309 asks parsers to handle at least 500 KiB
_TICK = 0.2  # longest wait between two yields: the cancel latency
#: Workspace meta key counting asset requests over the whole crawl (the --max-assets budget).
ASSETS_META_KEY = "crawl.asset_requests"


@functools.lru_cache(maxsize=65536)
def _site(url: str) -> str:
    return site_of(url)


class _Gate:
    """Spaces the actual request starts to one host by ``delay``. The scheduler already
    dispatches no faster than that, but a worker thread may start late and the next one on
    time; the gate makes the spacing hold where the server sees it."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.last = float("-inf")
        self.delay = 0.0

    def enter(self) -> None:
        with self.lock:
            wait = self.last + self.delay - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            self.last = time.monotonic()


@dataclass
class _Host:
    queue: deque[Entry] = field(default_factory=deque)
    waiting: list[tuple[float, int, Entry]] = field(
        default_factory=list
    )  # (not_before, n, entry) heap
    in_flight: int = 0
    next_start: float = 0.0  # monotonic time of the next allowed request start
    last_start: float = 0.0
    delay: float = 0.0
    robots: Robots | None = None
    robots_pending: bool = False
    unreachable: bool = False  # robots.txt could not be read: the host waits for a later run
    unreachable_reason: str = ""  # why (the connection's error, or the HTTP status)
    gate: _Gate = field(default_factory=_Gate)


@dataclass
class _Result:
    """What a worker hands back: plain data only."""

    job: str  # robots | sitemap | page
    host: str
    entry: Entry | None
    fetched: Fetched
    text: str = ""
    encoding: str | None = None
    links: list[str] = field(default_factory=list)
    sitemap_pages: list[str] = field(default_factory=list)
    sitemap_nested: list[str] = field(default_factory=list)
    digest: str = ""
    is_json: bool = False
    rendered: Rendered | None = None


def _work(
    job: str,
    host: str,
    entry: Entry | None,
    pool: urllib3.PoolManager,
    cfg: CrawlConfig,
    gate: _Gate,
    renderer: Renderer | None = None,
) -> _Result:
    url = f"{host}/robots.txt" if entry is None else entry.url
    try:
        return _fetch_and_read(job, host, entry, url, pool, cfg, gate, renderer)
    except Exception as exc:  # a bug on one page is recorded for that URL, never stops the crawl
        log.exception("crawl: unexpected error on %s", url)
        return _Result(
            job,
            host,
            entry,
            Fetched(url=url, kind="internal", error=f"internal error: {type(exc).__name__}: {exc}"),
        )


def _fetch_and_read(
    job: str,
    host: str,
    entry: Entry | None,
    url: str,
    pool: urllib3.PoolManager,
    cfg: CrawlConfig,
    gate: _Gate,
    renderer: Renderer | None = None,
) -> _Result:
    gate.enter()
    if job == "page":
        got = fetch(
            pool,
            url,
            timeout=cfg.timeout,
            deadline=cfg.deadline,
            max_bytes=cfg.max_bytes,
            allowed_types=tuple(cfg.content_types),
        )
    else:
        limit = _ROBOTS_MAX_BYTES if job == "robots" else cfg.max_bytes
        got = fetch(
            pool,
            url,
            timeout=cfg.timeout,
            deadline=cfg.deadline,
            max_bytes=limit,
            allowed_types=None,
            keep_prefix=job == "robots",
        )
        for _hop in range(5):  # RFC 9309: follow at least five redirects for robots.txt
            target = normalize_url(got.location or "", url) if got.kind == "redirect" else None
            if target is None:
                break
            url = target
            got = fetch(
                pool,
                url,
                timeout=cfg.timeout,
                deadline=cfg.deadline,
                max_bytes=limit,
                allowed_types=None,
                keep_prefix=job == "robots",
            )
    res = _Result(job, host, entry, got)
    if not got.body:
        return res
    if job == "sitemap":
        if got.kind == "ok":
            try:
                res.sitemap_pages, res.sitemap_nested = parse_sitemap(
                    got.body, max_bytes=cfg.max_bytes
                )
            except Exception as exc:  # lxml raises several types on hostile XML
                got.kind, got.error = "broken", f"unreadable sitemap ({exc})"
        return res
    header = got.headers.get("content-type")
    try:
        res.text, res.encoding = decode_html(got.body, header)
    except InputError as exc:
        if job == "robots":
            res.text = ""
        else:
            got.kind, got.error = "binary", f"binary body ({exc})"
        return res
    if job == "robots" and got.truncated:
        # Parsed up to the limit, without the line cut in the middle (a cut "Allow: /abc"
        # would read as "Allow: /").
        res.text = res.text[: res.text.rfind("\n") + 1]
    if job == "page" and got.kind == "ok":
        res.digest = hashlib.sha256(got.body).hexdigest()
        res.is_json = looks_like_json(got.content_type, res.text)
        if cfg.follow_links and not res.is_json:
            res.links = extract_links(parse_html(res.text), url)
        if renderer is not None and not res.is_json and _is_html(got.content_type):
            res.rendered = rendered = renderer.render(url, timeout=cfg.render_timeout)
            if rendered.ok:
                # Pages built by scripts often share one HTML shell: the rendered DOM is what
                # tells them apart, and what links on.
                res.digest = hashlib.sha256(rendered.html.encode("utf-8")).hexdigest()
                if cfg.follow_links:
                    more = extract_links(parse_html(rendered.html), url)
                    res.links = list(dict.fromkeys([*res.links, *more]))
            else:
                log.warning(
                    "crawl: %s not rendered (%s); its raw HTML is kept", url, rendered.error
                )
    return res


def _is_html(content_type: str | None) -> bool:
    ctype = (content_type or "text/html").lower()
    return "html" in ctype


class _Crawler:
    """The scheduler behind ``crawl_steps``; all workspace access stays on the driving thread."""

    def __init__(self, cfg: CrawlConfig, workspace: Any, *, fresh: bool) -> None:
        self.cfg = cfg
        self.factories = cfg.validate()
        #: Queued pages made series pages since they were queued (url -> their entry now).
        self.promoted: dict[str, Entry] = {}
        self.ws = workspace
        self.state = CrawlState(workspace.path)
        if fresh:
            self.state.clear()
        workspace.set_meta(CONFIG_META_KEY, cfg.to_dict())
        recovered = self.state.recover()
        if recovered:
            log.info("crawl: %d interrupted requests queued again", recovered)
        self.sites = {site_of(u) for u in cfg.seeds + cfg.sitemaps}
        self.sites |= {s[4:] if s.startswith("www.") else "www." + s for s in self.sites}
        self.include = [re.compile(p) for p in cfg.include]
        self.exclude = [re.compile(p) for p in cfg.exclude]
        self.hosts: dict[str, _Host] = {}
        self.order: list[str] = []
        self.turn = 0
        self.counter = 0
        self.requested = self.state.requested()
        self.counts = self.state.counts()
        self.stats = CrawlStats()
        self.results: queue.Queue[tuple[cf.Future[_Result], Any]] = queue.Queue()
        self.futures: set[cf.Future[_Result]] = set()
        self.pool = make_pool(per_host=cfg.per_host, user_agent=cfg.user_agent)
        self.executor = cf.ThreadPoolExecutor(
            max_workers=cfg.concurrency, thread_name_prefix="crawl"
        )
        # The renderer process starts with the first page to render.
        self.renderer = (
            Renderer(user_agent=cfg.user_agent, timeout=cfg.render_timeout) if cfg.render else None
        )

    # ------------------------------------------------------------------ scope and queue
    def in_scope(self, url: str, kind: str, via: str | None) -> bool:
        if self.cfg.same_site and _site(url) not in self.sites:
            return False
        if kind == "sitemap":
            return True
        if any(p.search(url) for p in self.exclude):
            return False
        from_factory = bool(via and via.startswith("factory:"))
        return from_factory or not self.include or any(p.search(url) for p in self.include)

    def host(self, name: str) -> _Host:
        h = self.hosts.get(name)
        if h is None:
            h = self.hosts[name] = _Host(delay=self.cfg.delay)
            self.order.append(name)
            if not self.cfg.robots:
                h.robots = Robots.allow_all()
                saved = self.state.host(name)
                if self.cfg.discover_sitemaps and not (saved and saved["sitemaps_queued"]):
                    # No robots.txt to name the sitemaps: try the conventional place once.
                    self.state.save_host(
                        name, robots=None, robots_status=None, sitemaps_queued=True
                    )
                    self.add([name + "/sitemap.xml"], "sitemap", 0, "discovery")
            else:
                saved = self.state.host(name)
                if saved and saved["robots"] is not None:
                    self._set_robots(
                        name, h, saved["robots_status"], saved["robots"], persist=False
                    )
        return h

    def push(self, entry: Entry) -> None:
        h = self.host(host_of(entry.url))
        if entry.not_before > time.time():
            self.counter += 1
            heapq.heappush(h.waiting, (entry.not_before, self.counter, entry))
        elif entry.kind == "sitemap" or entry.attempts:
            # Sitemaps feed the queue and retries finish started work: both go first, which
            # also keeps them ahead of pages a spent budget holds back.
            h.queue.appendleft(entry)
        else:
            h.queue.append(entry)

    def add(
        self,
        urls: list[str],
        kind: str,
        depth: int,
        via: str | None,
        held: list[Entry] | None = None,
    ) -> int:
        """Queue the URLs in scope not seen before; returns how many were new. With ``held``,
        the new entries are recorded but put in that list instead of the queue (the caller
        queues them later, behind others)."""
        if kind == "page" and self.cfg.max_depth is not None and depth > self.cfg.max_depth:
            return 0
        rows = [(u, kind, depth, via) for u in urls if self.in_scope(u, kind, via)]
        fresh = self.state.add(rows)
        for entry in fresh:
            if entry.kind == "page":
                self.counts["queued"] += 1
            if held is None:
                self.push(entry)
            else:
                held.append(entry)
        return len(fresh)

    def seed(self) -> None:
        with self.state.tx():
            for entry in self.state.open_entries():
                self.push(entry)
            seeds = [u for u in (normalize_url(s) for s in self.cfg.seeds) if u]
            self.add(seeds, "page", 0, "seed")
            maps = [u for u in (normalize_url(s) for s in self.cfg.sitemaps) if u]
            self.add(maps, "sitemap", 0, "seed")
        self.restart_series()

    # ------------------------------------------------------------------ dispatch
    def _set_robots(
        self, name: str, h: _Host, status: int | None, text: str, *, persist: bool
    ) -> None:
        if status is not None and 200 <= status < 300:
            h.robots = Robots.parse(text, self.cfg.user_agent)
        elif status is not None and 400 <= status < 500:
            h.robots = Robots.allow_all()  # RFC 9309: no robots.txt, no restriction
        else:
            # Unreachable robots.txt: assume complete disallow (RFC 9309). Its URLs stay queued
            # rather than blocked, so a later run that can read robots.txt still fetches them.
            h.robots = Robots.deny_all()
            h.unreachable = True
        if h.robots.crawl_delay:
            h.delay = max(h.delay, min(h.robots.crawl_delay, self.cfg.max_crawl_delay))
            h.next_start = max(
                h.next_start, h.last_start + h.delay
            )  # counts from robots.txt's request
        if not persist:
            return
        queued_maps = False
        if self.cfg.discover_sitemaps:
            maps = [u for u in (normalize_url(m, name + "/") for m in h.robots.sitemaps) if u]
            self.add(
                maps or [name + "/sitemap.xml"], "sitemap", 0, "robots.txt" if maps else "discovery"
            )
            queued_maps = True
        if status is None or status < 500:  # an unreachable robots.txt is asked again next run
            self.state.save_host(
                name, robots=text, robots_status=status, sitemaps_queued=queued_maps
            )

    def _next_job(self, now: float) -> tuple[str, str, Entry | None] | None:
        wall = time.time()
        n = len(self.order)
        for step in range(n):
            name = self.order[(self.turn + step) % n]
            h = self.hosts[name]
            if h.in_flight >= self.cfg.per_host or now < h.next_start or h.unreachable:
                continue
            while h.waiting and h.waiting[0][0] <= wall:
                h.queue.appendleft(heapq.heappop(h.waiting)[2])
            if h.robots is None:
                if h.robots_pending or h.in_flight or not (h.queue or h.waiting):
                    continue
                h.robots_pending = True
                self.turn = (self.turn + step + 1) % n
                return "robots", name, None
            while h.queue:
                entry = h.queue[0]
                if (
                    entry.kind == "page"
                    and entry.attempts == 0
                    and self.cfg.max_pages is not None
                    and self.requested >= self.cfg.max_pages
                ):
                    break  # budget spent: the rest stays queued for a later run
                h.queue.popleft()
                if not h.robots.allowed(entry.url):
                    with self.state.tx():
                        self.state.mark(entry.url, "blocked", reason="disallowed by robots.txt")
                    self._count(entry, "blocked")
                    continue
                self.turn = (self.turn + step + 1) % n
                return entry.kind, name, entry
        return None

    def dispatch(self) -> None:
        now = time.monotonic()
        while len(self.futures) < self.cfg.concurrency:
            job = self._next_job(now)
            if job is None:
                return
            kind, name, entry = job
            h = self.hosts[name]
            h.in_flight += 1
            h.next_start = now + h.delay
            h.last_start = now
            if entry is not None:
                # The attempt is written with its outcome (one commit per request, not two);
                # a request lost with the process is simply asked again on resume.
                entry = dataclasses.replace(entry, attempts=entry.attempts + 1)
                if entry.kind == "page" and entry.attempts == 1:
                    self.requested += 1
            h.gate.delay = h.delay
            fut = self.executor.submit(
                _work, kind, name, entry, self.pool, self.cfg, h.gate, self.renderer
            )
            self.futures.add(fut)
            fut.add_done_callback(lambda f: self.results.put((f, None)))

    def _budget_spent(self) -> bool:
        return self.cfg.max_pages is not None and self.requested >= self.cfg.max_pages

    def wait_time(self) -> float:
        """How long the driver may wait for a result before a host may take its next request
        (a delay or a retry backoff ending), at most one tick."""
        now, wall = time.monotonic(), time.time()
        spent = self._budget_spent()
        soon = _TICK
        for h in self.hosts.values():
            if h.in_flight >= self.cfg.per_host or h.robots_pending or h.unreachable:
                continue
            head = h.queue[0] if h.queue else None
            if head is not None and not (spent and head.kind == "page" and head.attempts == 0):
                soon = min(soon, h.next_start - now)
            elif h.waiting:
                soon = min(soon, max(h.next_start - now, h.waiting[0][0] - wall))
        return max(0.0005, soon)

    def pending_work(self) -> bool:
        """Anything that can still be dispatched now or later within the budget."""
        budget_left = not self._budget_spent()
        for h in self.hosts.values():
            if h.unreachable:
                continue
            if budget_left and (h.queue or h.waiting):
                return True
            for e in itertools.chain(h.queue, (w[2] for w in h.waiting)):
                if e.attempts > 0 or e.kind != "page":
                    return True
        return False

    # ------------------------------------------------------------------ results
    def _count(self, entry: Entry, state: str) -> None:
        if entry.kind != "page":
            return
        self.counts["queued"] = max(0, self.counts["queued"] - 1)
        self.counts[state] = self.counts.get(state, 0) + 1

    def handle(self, fut: cf.Future[_Result]) -> str | None:
        """Record one finished job; returns the page URL it concerned, if any."""
        self.futures.discard(fut)
        res = fut.result()  # _work records its own failures, so this does not raise
        h = self.hosts[res.host]
        h.in_flight -= 1
        got = res.fetched
        self.stats.requests += 1
        self.stats.bytes += len(got.body)
        with self.state.tx():
            if res.entry is None:
                h.robots_pending = False
                self.state.log(
                    f"{res.host}/robots.txt",
                    "robots",
                    1,
                    got.status or None,
                    got.kind,
                    got.error,
                    len(got.body),
                    got.elapsed,
                )
                # A status line alone says nothing of the rules: a robots.txt cut off by the
                # deadline or a broken connection is unreachable (RFC 9309: disallow all).
                # A robots.txt too large even compressed (a gzip bomb) is not read either.
                answered = ("ok", "http-4xx", "http-5xx", "http-429")
                status = got.status if got.kind in answered else None
                if got.kind == "redirect":
                    status = 404  # more than five redirects: treated as missing (RFC 9309)
                if status is None or status >= 500:
                    h.unreachable_reason = (
                        f"HTTP {status}" if status else str(got.error or got.kind or "no answer")
                    )
                self._set_robots(res.host, h, status, res.text, persist=True)
                return None
            entry = res.entry
            self.stats.page_requests += entry.kind == "page"
            self.state.set_attempts(entry.url, entry.attempts)
            self.state.log(
                entry.url,
                entry.kind,
                entry.attempts,
                got.status or None,
                got.kind,
                got.error,
                len(got.body),
                got.elapsed,
            )
            if got.retryable and entry.attempts <= self.cfg.retries:
                wait = (
                    got.retry_after
                    if got.retry_after is not None
                    else self.cfg.backoff * 2 ** (entry.attempts - 1)
                )
                entry = dataclasses.replace(entry, not_before=time.time() + wait)
                self.state.mark(
                    entry.url,
                    "queued",
                    not_before=entry.not_before,
                    status=got.status or None,
                    reason=got.error,
                )
                self.push(entry)
                return None
            if entry.kind == "sitemap":
                if got.kind == "ok":
                    self.state.mark(entry.url, "fetched", status=got.status)
                    self.add(
                        [u for u in (normalize_url(p, entry.url) for p in res.sitemap_pages) if u],
                        "page",
                        0,
                        "sitemap",
                    )
                    self.add(
                        [u for u in (normalize_url(p, entry.url) for p in res.sitemap_nested) if u],
                        "sitemap",
                        0,
                        entry.url,
                    )
                else:
                    self.state.mark(
                        entry.url, "failed", status=got.status or None, reason=got.error
                    )
                return None
        return self._page(entry, res)

    def _page(self, entry: Entry, res: _Result) -> str:
        got = res.fetched
        url = entry.url
        if got.kind == "redirect":
            target = normalize_url(got.location or "", url)
            if target is None:
                # file:, data:, javascript: or a broken Location: never followed, and said so.
                scheme = (
                    (got.location or "").split(":", 1)[0][:20]
                    if ":" in (got.location or "")
                    else ""
                )
                why = f"a {scheme}: URL" if scheme else "a URL that cannot be read"
                reason = (
                    f"redirect {got.status} to {why} ({(got.location or '')[:200]!r}), not "
                    "followed: only http and https URLs are crawled"
                )
                with self.state.tx():
                    self.state.mark(url, "failed", status=got.status, reason=reason)
                self._count(entry, "failed")
                return url
            with self.state.tx():
                self.state.mark(
                    url,
                    "redirected",
                    status=got.status,
                    reason=f"redirect to {target or got.location}",
                )
                if target:
                    self.add([target], "page", entry.depth, url)
            self._count(entry, "redirected")
            return url
        if got.kind == "content-type":
            with self.state.tx():
                self.state.mark(url, "skipped", status=got.status, reason=got.error)
            self._count(entry, "skipped")
            return url
        headers = dict(got.headers)
        ctype = got.content_type or ("application/json" if res.is_json else "text/html")
        if got.kind == "ok":
            same = self.state.url_with_hash(res.digest)
            if same and same != url:
                with self.state.tx():
                    self.state.mark(
                        url,
                        "duplicate",
                        status=got.status,
                        content_hash=res.digest,
                        reason=f"same content as {same}",
                    )
                self._count(entry, "duplicate")
                return url
            rendered = res.rendered
            page = Page(
                url,
                rendered.html if rendered is not None and rendered.ok else res.text,
                status=got.status,
                content_type=ctype,
                encoding=res.encoding,
                headers=headers,
                fetched_at=now_iso(),
                source="crawl",
            )
        else:
            page = Page(
                url,
                res.text if got.status else "",
                status=got.status or STATUS_UNREADABLE,
                content_type=ctype if got.status else "",
                encoding=res.encoding,
                headers=headers,
                fetched_at=now_iso(),
                source="crawl",
                error=got.error,
            )
        # The page is stored before its URL is marked done: a crash in between refetches it
        # (an upsert, so no duplicate) rather than losing it.
        self.ws.add_pages([page])
        if got.kind == "ok" and res.rendered is not None:
            r = res.rendered
            self.stats.rendered += r.ok
            self.stats.render_unsettled += r.ok and not r.settled
            self.stats.render_failed += not r.ok
            self.ws.save_rendered(
                url,
                r.html,
                used="rendered" if r.ok else "raw",
                settled=r.settled,
                reason=r.reason if r.ok else (r.error or r.reason),
                waited=r.waited,
                final_url=r.final_url,
            )
        # A response cut off by the deadline or a broken connection is not kept for
        # export-warc: it would be written as if the server had sent it so. (One over the size
        # limit is kept: the server sent it whole, the crawl read its first bytes.)
        whole = got.kind not in ("timeout", "broken")
        if whole and got.status and (got.raw_body or got.raw_headers):
            self.ws.save_response(url, got.status, got.raw_headers, got.raw_body, page.fetched_at)
        with self.state.tx():
            if got.kind == "ok":
                self.state.mark(
                    url, "fetched", status=got.status, content_hash=res.digest, reason=None
                )
            else:
                self.state.mark(url, "failed", status=got.status or None, reason=got.error)
            self._queue_links(entry, page, res.links, ok=got.kind == "ok")
        self._count(entry, "fetched" if got.kind == "ok" else "failed")
        return url

    def _queue_links(self, entry: Entry, page: Page, links: list[str], *, ok: bool) -> None:
        """Queue what a page links to (inside the caller's transaction): its ordinary links one
        level deeper, and the pages of a listing series its pagination rules recognise (the
        next link, and the links carrying another page number of the same listing, however
        they are labelled) at the listing's depth, each counted at its place in the series."""
        url = entry.url
        promoted = self.promoted.pop(url, None)
        if promoted is not None:  # made a series page while it waited in the queue
            entry = dataclasses.replace(entry, depth=promoted.depth, via=promoted.via)
        made_urls: list[tuple[list[str], str]] = []
        series: list[tuple[list[str], str, bool]] = []  # (urls, via, counted by page number)
        beyond: set[str] = set()  # series pages past a series' limit
        if ok:
            tree = None
            for factory in self.factories:
                if not factory.applies_to(url):
                    continue
                try:
                    tree = page_tree(page) if tree is None else tree
                    made = factory.generate(tree, url)
                    offsets = (
                        factory.series_offsets(links, url, made)
                        if isinstance(factory, Pagination)
                        else {}
                    )
                except Exception as exc:  # one bad page never stops the crawl
                    log.warning("link factory %r failed on %s: %s", factory.name, url, exc)
                    continue
                if not isinstance(factory, Pagination):
                    made_urls.append((made, f"factory:{factory.name}"))
                    continue
                pos = series_position(entry.via, factory.name)
                limit = self.cfg.max_pages_per_series
                stopped = False
                for target, offset in offsets.items():
                    at = max(1, pos + offset)
                    if limit is not None and at > limit:
                        beyond.add(target)  # not followed as a plain link either
                        stopped = stopped or target in made
                        continue
                    # Only a next page made up from a page number is a guess to check.
                    guessed = factory.kind != "next" and pos > 1 and target not in links
                    series.append(([target], f"factory:{factory.name}#{at}", guessed))
                if stopped:
                    log.info(
                        "pagination %r: %d pages reached at %s; the series stops",
                        factory.name,
                        pos,
                        url,
                    )
        in_series = beyond.union(*(urls for urls, _via, _counted in series))
        # The page's ordinary links are queued after its series pages: under a page budget
        # the listing goes on before the items of one listing page use the budget up.
        ordinary: list[Entry] = []
        new_links = self.add(
            [u for u in links if u not in in_series], "page", entry.depth + 1, url, ordinary
        )
        for urls, via, counted in series:
            if counted and self.cfg.follow_links and not new_links:
                # A counted page that brought no new link is past the listing's end.
                log.info("pagination: %s links to nothing new; the series stops", url)
                continue
            if not self.add(urls, "page", entry.depth, via):
                self._promote(urls, entry.depth, via)
        for held in ordinary:
            self.push(held)
        for urls, via in made_urls:
            self.add(urls, "page", entry.depth + 1, via)

    def _promote(self, urls: list[str], depth: int, via: str) -> None:
        """A series page already reached as a plain link (a sidebar linking the listing's
        third page, an article chain's next article linked from the first) becomes a page of
        the series: at the listing's depth and counted. Still queued, it is fetched as such;
        already fetched, its stored copy is read again (not fetched) so that the series goes on
        from it and its links are queued from the listing's depth."""
        for u in urls:
            found = self.state.promote(u, depth, via)
            if found is None:
                continue
            promoted, state = found
            if state in ("queued", "fetching"):
                self.promoted[promoted.url] = promoted
            elif state == "fetched":
                page = self.ws.get_page(promoted.url)
                if page is None or not page.ok or not page.html:
                    continue
                try:
                    links = (
                        extract_links(page_tree(page), promoted.url)
                        if self.cfg.follow_links
                        else []
                    )
                except Exception as exc:  # one bad page never stops the crawl
                    log.warning("crawl: stored page %s unreadable: %s", promoted.url, exc)
                    continue
                self._queue_links(promoted, page, links, ok=True)

    def restart_series(self) -> None:
        """Re-read (not re-fetch) the stored listing pages a pagination rule recognises, so a
        listing fetched before its rule was learnt starts its series in this crawl."""
        rules = [f for f in self.factories if isinstance(f, Pagination)]
        if not rules:
            return
        for entry in self.state.fetched_entries():
            if not any(r.applies_to(entry.url) for r in rules):
                continue
            page = self.ws.get_page(entry.url)
            if page is None or not page.ok or not page.html:
                continue
            try:
                tree = page_tree(page)
                if not any(r.find_control(tree) is not None for r in rules):
                    continue
                links = extract_links(tree, entry.url) if self.cfg.follow_links else []
            except Exception as exc:  # one bad page never stops the crawl
                log.warning("crawl: stored page %s unreadable: %s", entry.url, exc)
                continue
            with self.state.tx():
                self._queue_links(entry, page, links, ok=True)

    # ------------------------------------------------------------------ assets
    def asset_steps(self) -> Generator[Progress, None, None]:
        """Fetch the style sheets, images and fonts the stored pages of the crawl's sites refer
        to (and what those style sheets import), same site only, at most ``max_assets``
        requests over the whole crawl, each at most ``max_asset_bytes``; robots.txt and the
        per-host delay hold as for pages. Stored assets are not asked again."""
        from deboiler_gui.engine.subresources import asset_refs, content_type_for, css_refs

        have = set(self.ws.asset_urls())
        budget = max(0, self.cfg.max_assets - int(self.ws.get_meta(ASSETS_META_KEY, 0) or 0))
        wanted: dict[str, None] = {}

        def want(urls: list[str]) -> None:
            for u in urls:
                if _site(u) in self.sites and u not in have:
                    wanted.setdefault(u)

        for site in sorted(self.sites):
            for page in self.ws.iter_pages(site):
                if page.html and not page.error and page.source == "crawl":
                    try:
                        want(asset_refs(parse_html(page.html), page.url))
                    except Exception as exc:  # one bad page never stops the crawl
                        log.warning("crawl: asset references of %s unreadable: %s", page.url, exc)
        done = 0
        yield Progress(0, min(budget, len(wanted)), "assets", phase="assets")
        while wanted and done < budget:
            url = next(iter(wanted))
            del wanted[url]
            h = self.host(host_of(url))
            if h.robots is not None and not h.robots.allowed(url):
                continue
            wait = h.next_start - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            h.next_start = time.monotonic() + h.delay
            got = fetch(
                self.pool,
                url,
                timeout=self.cfg.timeout,
                deadline=self.cfg.deadline,
                max_bytes=self.cfg.max_asset_bytes,
                allowed_types=None,
            )
            done += 1
            self.stats.requests += 1
            self.stats.bytes += len(got.body)
            have.add(url)
            if got.kind == "ok" and got.status == 200:
                ctype = content_type_for(url, got.content_type or None)
                self.ws.save_asset(url, ctype, got.body, now_iso())
                self.stats.assets += 1
                if ctype == "text/css":
                    want(css_refs(got.body.decode("utf-8", "replace"), url))
            else:
                self.stats.asset_failures += 1
                log.info("crawl: asset %s not stored: %s", url, got.error or got.status)
            self.ws.set_meta(ASSETS_META_KEY, int(self.ws.get_meta(ASSETS_META_KEY, 0) or 0) + 1)
            yield Progress(
                done, done + min(budget - done, len(wanted)), f"assets: {url}", phase="assets"
            )

    # ------------------------------------------------------------------ run
    def progress(self, last: str | None) -> Progress:
        c = self.counts
        done = c["fetched"] + c["failed"] + c["duplicate"] + c["redirected"] + c["skipped"]
        open_pages = c["queued"] + c["fetching"]
        total = done + open_pages
        if self.cfg.max_pages is not None:
            total = min(
                total, done + max(0, self.cfg.max_pages - self.requested) + len(self.futures)
            )
        msg = f"{c['fetched']} fetched, {open_pages} queued, {c['failed']} failed"
        return Progress(done, max(total, done), msg + (f": {last}" if last else ""))

    def finish(self, started: float) -> CrawlStats:
        c = self.state.counts()
        s = self.stats
        s.fetched, s.failed, s.duplicates = c["fetched"], c["failed"], c["duplicate"]
        s.redirects, s.skipped, s.blocked = c["redirected"], c["skipped"], c["blocked"]
        s.queued = c["queued"] + c["fetching"]
        s.budget_spent = self._budget_spent()
        s.unreachable_hosts = sorted(name for name, h in self.hosts.items() if h.unreachable)
        s.unreachable_reasons = {
            name: h.unreachable_reason or "unreachable"
            for name, h in self.hosts.items()
            if h.unreachable
        }
        s.elapsed = time.monotonic() - started
        return s

    def drain(self) -> None:
        """Stop: wait for requests in flight and record them, so nothing fetched is lost."""
        try:
            pending = set(self.futures)
            if pending:
                cf.wait(pending, timeout=self.cfg.timeout * 4 + 5)
            for fut in list(pending):
                if fut.done():
                    try:
                        self.handle(fut)
                    except Exception:
                        log.exception("crawl: could not record a finished request while stopping")
        finally:
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.pool.clear()
            if self.renderer is not None:
                self.renderer.close()
            self.state.close()


def crawl_steps(
    config: CrawlConfig, workspace: Any, *, fresh: bool = False
) -> Generator[Progress, None, CrawlStats]:
    """Crawl into ``workspace``; each yield reports pages fetched/queued/failed and is a cancel
    point (closing the generator stops the crawl after recording requests in flight).

    The frontier lives in the workspace, so calling again with the same workspace resumes;
    ``fresh`` forgets the previous crawl state (stored pages stay).
    """
    crawler = _Crawler(config, workspace, fresh=fresh)
    started = time.monotonic()
    try:
        crawler.seed()
        yield crawler.progress(None)
        last_yield = time.monotonic()
        while True:
            crawler.dispatch()
            if not crawler.futures and not crawler.pending_work():
                break
            try:
                fut, _ = crawler.results.get(timeout=crawler.wait_time())
            except queue.Empty:
                fut = None
            last = crawler.handle(fut) if fut is not None else None
            if last is not None or time.monotonic() - last_yield >= _TICK:
                yield crawler.progress(last)
                last_yield = time.monotonic()
        if config.assets:
            yield from crawler.asset_steps()
        stats = crawler.finish(started)
        stats.finished = stats.queued == 0
        return stats
    finally:
        crawler.drain()


def crawl(config: CrawlConfig, workspace: Any, *, fresh: bool = False) -> CrawlStats:
    """Run a crawl to its end (the generator driven without a progress display)."""
    return run(crawl_steps(config, workspace, fresh=fresh))


def crawl_status(workspace: Any) -> dict[str, Any]:
    """The stored crawl state: page URLs per state, the failures with their reasons and the
    page URLs still queued (not asked for yet, or asked for by a run that stopped)."""
    state = CrawlState(workspace.path)
    try:
        return {"states": state.counts(), "failures": state.failures(), "queued": state.open_urls()}
    finally:
        state.close()


def saved_config(workspace: Any) -> CrawlConfig | None:
    """The configuration of the last crawl into this workspace, to resume it."""
    data = workspace.get_meta(CONFIG_META_KEY)
    return CrawlConfig.from_dict(data) if isinstance(data, dict) else None
