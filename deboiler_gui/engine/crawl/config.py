"""Crawl settings and results as plain data: what to crawl and how politely (saved in the
workspace to resume a crawl), and the counters a crawl run returns."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any

from deboiler_gui import __version__
from deboiler_gui.engine.crawl.pagination import Pagination, factory_from_dict
from deboiler_gui.engine.crawl.rules import LinkFactory, normalize_url
from deboiler_gui.engine.model import InputError, RuleError

DEFAULT_TYPES = ("text/html", "application/xhtml+xml", "application/json", "text/json", "+json")
#: Workspace meta key holding the last crawl's configuration (used to resume with no arguments).
CONFIG_META_KEY = "crawl.config"


@dataclass
class CrawlConfig:
    """What to crawl and how politely. Plain data: saved in the workspace to resume a crawl."""

    seeds: list[str] = field(default_factory=list)
    sitemaps: list[str] = field(default_factory=list)
    max_pages: int | None = 1000  # page URLs requested, over the whole (resumed) crawl
    max_depth: int | None = None
    same_site: bool = True
    include: list[str] = field(default_factory=list)  # regexes; a page URL must match one
    exclude: list[str] = field(default_factory=list)  # regexes; a page URL must match none
    robots: bool = True
    discover_sitemaps: bool = True
    follow_links: bool = True
    concurrency: int = 4  # requests in flight over all hosts
    per_host: int = 2  # requests in flight to one host
    delay: float = 0.0  # seconds between two request starts to one host
    max_crawl_delay: float = 30.0  # cap on a robots.txt Crawl-delay
    timeout: float = 20.0  # connect, and each wait for data
    deadline: float | None = None  # wall-clock limit of one request (None: 4 x timeout)
    retries: int = 2
    backoff: float = 1.0  # first retry waits this long, then doubles
    max_bytes: int = 10 * 1024 * 1024
    content_types: list[str] = field(default_factory=lambda: list(DEFAULT_TYPES))
    user_agent: str = f"deboiler-gui/{__version__}"
    link_factories: list[dict[str, Any]] = field(
        default_factory=list
    )  # LinkFactory.to_dict() and Pagination.to_dict() forms
    #: Also fetch the style sheets, images and fonts the crawled pages refer to (same site),
    #: stored in the workspace's assets table for the workbench's faithful view.
    assets: bool = False
    max_assets: int = 300  # asset requests over the whole crawl
    max_asset_bytes: int = 4 * 1024 * 1024  # one asset larger than this is not stored
    max_pages_per_series: int | None = 50  # pages one pagination rule follows from a listing
    render: bool = False  # also load HTML pages in QtWebEngine and keep the rendered DOM
    render_timeout: float = 15.0  # longest wait for a rendered page to settle

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CrawlConfig:
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in names})

    def validate(self) -> list[LinkFactory | Pagination]:
        """Check limits and patterns; return the compiled link factories."""
        for name in ("concurrency", "per_host"):
            if int(getattr(self, name)) < 1:
                raise InputError(f"crawl setting {name} must be at least 1")
        for name in ("delay", "timeout", "backoff"):
            if float(getattr(self, name)) < 0:
                raise InputError(f"crawl setting {name} must not be negative")
        if self.deadline is not None and self.deadline <= 0:
            raise InputError("crawl deadline must be positive")
        if self.max_assets < 0 or self.max_asset_bytes <= 0:
            raise InputError("crawl asset limits must be positive")
        if self.timeout <= 0 or self.max_bytes <= 0:
            raise InputError("crawl timeout and size limit must be positive")
        for kind in ("include", "exclude"):
            for pattern in getattr(self, kind):
                try:
                    re.compile(pattern)
                except re.error as exc:
                    raise RuleError(
                        f"invalid regex ({exc})", rule=kind, expression=pattern
                    ) from exc
        for url in (*self.seeds, *self.sitemaps):
            if normalize_url(url) is None:
                raise InputError(f"start URL {url!r} is not an http(s) URL")
        if self.render_timeout <= 0:
            raise InputError("crawl setting render_timeout must be positive")
        if self.max_pages_per_series is not None and self.max_pages_per_series < 1:
            raise InputError("crawl setting max_pages_per_series must be at least 1")
        return [factory_from_dict(d) for d in self.link_factories]


@dataclass
class CrawlStats:
    """The result of a crawl run; counters cover the whole (resumed) crawl unless noted."""

    fetched: int = 0
    failed: int = 0
    duplicates: int = 0
    redirects: int = 0
    skipped: int = 0
    blocked: int = 0
    queued: int = 0
    requests: int = 0  # HTTP requests this run (robots, sitemaps and retries included)
    page_requests: int = 0  # requests for pages this run
    bytes: int = 0  # body bytes received this run
    elapsed: float = 0.0  # seconds, this run
    budget_spent: bool = False  # --max-pages reached: queued URLs wait for a larger budget
    unreachable_hosts: list[str] = field(default_factory=list)  # robots.txt unreadable this run
    unreachable_reasons: dict[str, str] = field(default_factory=dict)  # host -> why, this run
    finished: bool = False  # True when no URL is left queued (not stopped by the page budget)
    assets: int = 0  # style sheets, images and fonts stored this run
    asset_failures: int = 0  # asset requests that failed or were over the size limit, this run
    rendered: int = 0  # pages whose rendered DOM is used, this run (crawl --render)
    render_unsettled: int = 0  # ... of which the wait ended at the timeout
    render_failed: int = 0  # pages the renderer gave no DOM for: their raw HTML is used

    @property
    def pages_per_second(self) -> float:
        return self.page_requests / self.elapsed if self.elapsed > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["pages_per_second"] = round(self.pages_per_second, 2)
        return data
