"""Page types in the workbench: the open site's pages clustered by structure and URL, the
user's splits, merges and names, kept in the workspace, and a draft template per type."""

from __future__ import annotations

from collections.abc import Generator, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from deboiler_gui.engine import jobs
from deboiler_gui.engine.model import DeboilerError, Progress
from deboiler_gui.engine.template.model import Template
from deboiler_gui.engine.template.pagetypes import (
    distinct_patterns,
    matches_pattern,
    url_patterns,
)
from deboiler_gui.engine.words import count

if TYPE_CHECKING:
    from deboiler_gui.engine.store import Workspace

#: Similarity a page needs to join a type (the CLI's default).
DEFAULT_THRESHOLD = 0.6
#: At most this many URL patterns (one per path length or, for a type named page by page, per
#: folder; the commonest first) go into a template.
TEMPLATE_PATTERNS = 20
#: The t of R(w,m) > t for a type's template: each of the type's pages matches its pattern in
#: every segment (R = 1), so a page must match it in (nearly) every segment too.
TEMPLATE_THRESHOLD = 0.9


class PageTypeError(DeboilerError):
    """A page-type edit that cannot be done (names the type, the pattern or the pages)."""


@dataclass
class PageType:
    """One type of page of the site: its pages and the URL pattern induced from them."""

    key: int  # identity within the site, never reused
    urls: list[str] = field(default_factory=list)
    #: The user's name; empty means the type is named by its URL pattern.
    name: str = ""
    _patterns: list[str] | None = field(default=None, repr=False, compare=False)

    @property
    def patterns(self) -> list[str]:
        """The induced URL patterns, one per path length, the commonest first."""
        if self._patterns is None:
            self._patterns = url_patterns(sorted(self.urls))
        return self._patterns

    @property
    def pattern(self) -> str:
        """The patterns as one line (what the panel shows and the store keeps)."""
        shown = self.patterns[:3]
        rest = len(self.patterns) - len(shown)
        return " | ".join(shown) + (f" | … ({rest} more)" if rest > 0 else "")

    @property
    def title(self) -> str:
        """The user's name, else the path of the first pattern (``/shop/p/{n}.html``)."""
        if self.name:
            return self.name
        if not self.patterns:
            return f"type {self.key}"
        parts = urlsplit(self.patterns[0])
        return parts.path or "/"

    def _changed(self) -> None:
        self._patterns = None


class SitePageTypes:
    """The page types of one site, edited by the user; every edit re-induces the URL patterns
    of the types it touched. Plain data: no Qt, no workspace connection."""

    def __init__(self, site: str, types: Iterable[PageType] = (), threshold: float = 0.6) -> None:
        self.site = site
        self.threshold = threshold
        self.types: list[PageType] = list(types)
        self._next = max((t.key for t in self.types), default=0) + 1
        self._by_url: dict[str, PageType] = {}
        self._index()

    # ------------------------------------------------------------------ reading
    @classmethod
    def from_clusters(
        cls, site: str, clusters: list[list[str]], threshold: float = DEFAULT_THRESHOLD
    ) -> SitePageTypes:
        """From the engine's clusters (lists of URLs, largest first)."""
        return cls(site, (PageType(i, list(urls)) for i, urls in enumerate(clusters, 1)), threshold)

    def _index(self) -> None:
        self._by_url = {u: t for t in self.types for u in t.urls}
        # the patterns of all types together: never the same pattern for two types
        for t, patterns in zip(
            self.types, distinct_patterns([t.urls for t in self.types]), strict=True
        ):
            t._patterns = patterns

    def type_of(self, url: str) -> PageType | None:
        return self._by_url.get(url)

    def get(self, key: int) -> PageType:
        for t in self.types:
            if t.key == key:
                return t
        raise PageTypeError(f"{self.site}: no page type {key}")

    def labels(self) -> dict[str, str]:
        """url -> title of its type (for the page list)."""
        return {u: t.title for t in self.types for u in t.urls}

    # ------------------------------------------------------------------ edits
    def pages_matching(self, key: int, pattern: str) -> list[str]:
        """The type's pages whose URL matches ``pattern``: the patterns' syntax (``*``, ``{n}``,
        ``{a,b}``, alternatives joined by `` | ``) over the whole URL, or over the path when the
        pattern starts with ``/``; without syntax, a URL or path prefix."""
        source = self.get(key)
        text = pattern.strip()
        if not text:
            return []
        if "://" not in text and not text.startswith("/"):
            raise PageTypeError(
                f"{text!r} is not a URL pattern (start it with http:// or https:// or /)"
            )
        prefix = not any(c in text for c in "*{")
        out = []
        for url in source.urls:
            target = url if "://" in text else (urlsplit(url).path or "/")
            if target.startswith(text) if prefix else matches_pattern(text, target):
                out.append(url)
        return out

    def split_by_pattern(self, key: int, pattern: str) -> PageType:
        """Move the type's pages matching ``pattern`` (see :meth:`pages_matching`) into a new
        type, which is returned."""
        source = self.get(key)
        if not pattern.strip():
            raise PageTypeError(f"page type {source.title!r}: give a URL pattern to split by")
        moved = self.pages_matching(key, pattern)
        return self._split(source, moved, f"URL pattern {pattern.strip()!r}")

    def split_pages(self, key: int, urls: Iterable[str]) -> PageType:
        """Move the given pages of the type into a new type, which is returned."""
        source = self.get(key)
        chosen = set(urls)
        strangers = sorted(chosen - set(source.urls))
        if strangers:
            raise PageTypeError(
                f"page type {source.title!r} has no page {strangers[0]}"
                + (f" (and {len(strangers) - 1} more)" if len(strangers) > 1 else "")
            )
        moved = [u for u in source.urls if u in chosen]
        return self._split(source, moved, "the selected pages")

    def _split(self, source: PageType, moved: list[str], what: str) -> PageType:
        if not moved:
            raise PageTypeError(f"page type {source.title!r}: {what} takes none of its pages")
        if len(moved) == len(source.urls):
            raise PageTypeError(
                f"page type {source.title!r}: {what} takes all of its {count(len(moved), 'page')}; "
                "nothing would be left"
            )
        taken = set(moved)
        source.urls = [u for u in source.urls if u not in taken]
        source._changed()
        new = PageType(self._next, moved)
        self._next += 1
        self.types.insert(self.types.index(source) + 1, new)
        self._index()
        return new

    def merge(self, keys: Iterable[int]) -> PageType:
        """Merge types into the first one given (it keeps its name); returns it."""
        chosen = [self.get(k) for k in dict.fromkeys(keys)]
        if len(chosen) < 2:
            raise PageTypeError(f"{self.site}: choose at least two page types to merge")
        into = chosen[0]
        for other in chosen[1:]:
            into.urls.extend(other.urls)
            self.types.remove(other)
        into._changed()
        self._index()
        return into

    def rename(self, key: int, name: str) -> None:
        """Name a type (an empty name goes back to naming it by its URL pattern)."""
        target = self.get(key)
        clean = " ".join(name.split())
        if clean and any(t.name == clean for t in self.types if t is not target):
            raise PageTypeError(f"{self.site}: another page type is already named {clean!r}")
        target.name = clean

    # ------------------------------------------------------------------ templates
    def template_for(self, key: int, name: str = "") -> Template:
        """A new template for the type: its site, and the type's URL patterns as the URLs R(w,m)
        compares a page with."""
        t = self.get(key)
        base = name or t.name or f"{self.site} {t.title}"
        return Template(
            name=base,
            site=self.site,
            urls=tuple(t.patterns[:TEMPLATE_PATTERNS]),
            url_threshold=TEMPLATE_THRESHOLD,
            description=f"Pages of type {t.title!r} ({count(len(t.urls), 'page')} when created)",
        )

    # ------------------------------------------------------------------ storage
    def to_rows(self) -> list[dict[str, Any]]:
        return [
            {"key": t.key, "name": t.name, "pattern": t.pattern, "urls": sorted(t.urls)}
            for t in self.types
        ]

    @classmethod
    def from_rows(
        cls, site: str, rows: list[dict[str, Any]], pages: Iterable[str] | None = None
    ) -> SitePageTypes:
        """From stored rows; with ``pages`` (the site's URLs now), pages gone from the site are
        dropped and types left empty with them. A malformed row raises PageTypeError naming it."""
        present = set(pages) if pages is not None else None
        types: list[PageType] = []
        seen: set[str] = set()
        for i, row in enumerate(rows):
            urls = row.get("urls")
            key = row.get("key", i + 1)
            if (
                not isinstance(urls, list)
                or not all(isinstance(u, str) for u in urls)
                or not isinstance(key, int)
                or not isinstance(row.get("name", ""), str)
            ):
                raise PageTypeError(f"{site}: stored page type {i} is malformed")
            kept = [u for u in urls if u not in seen and (present is None or u in present)]
            seen.update(kept)
            if kept:
                types.append(PageType(key, kept, str(row.get("name", ""))))
        return cls(site, types)

    def save(self, ws: Workspace) -> None:
        ws.save_page_types(self.site, self.to_rows())

    @classmethod
    def load(cls, ws: Workspace, site: str) -> SitePageTypes | None:
        """The site's saved page types (None when none were saved)."""
        rows = ws.load_page_types(site)
        if not rows:
            return None
        return cls.from_rows(site, rows, ws.page_urls(site))

    def unassigned(self, pages: Iterable[str]) -> list[str]:
        """Pages of the site in no type (added since the types were computed)."""
        return [u for u in pages if u not in self._by_url]


# --------------------------------------------------------------------------- computing


def cluster_steps(
    workspace_path: str, site: str, threshold: float = DEFAULT_THRESHOLD
) -> Generator[Progress, None, list[list[str]]]:
    """The engine's clustering of a site's pages; returns the types as lists of URLs."""
    from deboiler_gui.engine.store import Workspace
    from deboiler_gui.engine.template.pagetypes import cluster

    with Workspace(workspace_path, create=False) as ws:
        types = yield from cluster(ws.iter_pages(site), threshold=threshold)
    return [list(t.urls) for t in types]


jobs.preload(__name__)


def cluster_in_child(
    workspace_path: str, site: str, threshold: float = DEFAULT_THRESHOLD
) -> Generator[Any, None, Any]:
    """:func:`cluster_steps` in a child process (the GUI thread and its interpreter stay free;
    closing the generator cancels)."""
    return jobs.ChildJob(
        cluster_steps, (workspace_path, site, threshold), what="reading the pages"
    ).steps()


__all__ = [
    "DEFAULT_THRESHOLD",
    "PageType",
    "PageTypeError",
    "SitePageTypes",
    "cluster_in_child",
    "cluster_steps",
]
