"""Pages prepared ahead of a switch: which pages to prepare next, the preparation itself (parse,
number, state under the template, serialise with highlights) and a small bounded cache (Qt-free)."""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from deboiler_gui.app.pagestate import PageState, compute_page_state
from deboiler_gui.app.stamping import StampedPage, prepare_page
from deboiler_gui.engine.model import DomainModel, Page
from deboiler_gui.engine.template.model import Template


@dataclass(frozen=True)
class PrepareSettings:
    """What a prepared document depends on besides its page: a document prepared under other
    settings is stale and never shown."""

    workspace: str
    template: Template
    model: DomainModel | None
    kinds: frozenset[str]  # highlight kinds shown (the legend)
    style: str  # the highlight style sheet served in the page's head
    boiler: Callable[[str], list[str] | None]  # url -> the analysis' boilerplate XPaths
    #: The scheme the page's style sheets, images and fonts are served on (None: left as they
    #: are); ``plain`` turns the site's style sheets off instead.
    asset_scheme: str | None = None
    plain: bool = False

    def key(self, url: str) -> tuple[object, ...]:
        boiler = self.boiler(url)
        return (
            self.workspace,
            json.dumps(self.template.to_dict(), sort_keys=True, default=str),
            id(self.model),
            tuple(sorted(self.kinds)),
            self.style,
            None if boiler is None else tuple(boiler),
            self.asset_scheme,
            self.plain,
        )


@dataclass
class PreparedPage:
    """One page ready for the view: only its bytes remain to be handed over."""

    page: Page
    stamped: StampedPage
    state: PageState
    shown_marks: dict[str, list[int]]  # the marks served inside the document
    html: str
    key: tuple[object, ...] = field(repr=False)
    # Held so that no other cleaner can take its id (part of the key) while this page is cached.
    model: DomainModel | None = field(default=None, repr=False)


def error_document(page: Page) -> str:
    """What is shown for a page that failed to fetch and has no HTML."""
    from html import escape

    return f"<html><body><p>{escape(page.error or '')}</p></body></html>"


def prepare(page: Page, settings: PrepareSettings) -> PreparedPage:
    """Parse, number, work out the page's state under the template and serialise it with the
    enabled highlights, as a switch to the page would."""
    html = page.html if page.html or not page.error else error_document(page)
    stamped = prepare_page(page.url, html)
    state = compute_page_state(
        stamped, settings.template, settings.model, settings.boiler(page.url)
    )
    marks = {k: v for k, v in state.marks.items() if k in settings.kinds}
    document = stamped.serialise(
        marks, settings.style, asset_scheme=settings.asset_scheme, plain=settings.plain
    )
    return PreparedPage(
        page=page,
        stamped=stamped,
        state=state,
        shown_marks=marks,
        html=document,
        key=settings.key(page.url),
        model=settings.model,
    )


class PreparedCache:
    """The last few prepared pages, least recently used dropped first; counts hits and misses
    (a hit: the switch found its page prepared under the same settings)."""

    def __init__(self, capacity: int = 4) -> None:
        if capacity < 1:
            raise ValueError("the prepared-page cache holds at least one page")
        self.capacity = capacity
        self._pages: OrderedDict[str, PreparedPage] = OrderedDict()
        self.hits = 0
        self.misses = 0
        self.hit_urls: list[str] = []

    def __contains__(self, url: object) -> bool:
        return url in self._pages

    def __len__(self) -> int:
        return len(self._pages)

    def urls(self) -> list[str]:
        return list(self._pages)

    def fresh(self, url: str, key: tuple[object, ...]) -> bool:
        """Whether ``url`` is held, prepared under ``key`` (no hit or miss recorded)."""
        held = self._pages.get(url)
        return held is not None and held.key == key

    def touch(self, url: str) -> None:
        """Mark ``url`` as just used (it is dropped last)."""
        if url in self._pages:
            self._pages.move_to_end(url)

    def take(self, url: str, key: tuple[object, ...]) -> PreparedPage | None:
        """The page prepared under ``key``, or None (a stale one is dropped)."""
        held = self._pages.get(url)
        if held is None or held.key != key:
            self._pages.pop(url, None)
            self.misses += 1
            return None
        self._pages.move_to_end(url)
        self.hits += 1
        self.hit_urls.append(url)
        del self.hit_urls[:-100]
        return held

    def put(self, prepared: PreparedPage) -> None:
        url = prepared.page.url
        self._pages[url] = prepared
        self._pages.move_to_end(url)
        while len(self._pages) > self.capacity:
            self._pages.popitem(last=False)

    def clear(self) -> None:
        self._pages.clear()


def neighbour_rows(current: int, count: int, previous: int | None = None) -> list[int]:
    """Rows of the page list to prepare once row ``current`` is shown, most likely next first:
    the next one in the list's order (its sort and filter as shown), the one before, and one
    more step in the direction the user is moving (known from the ``previous`` row)."""
    if not 0 <= current < count:
        return []
    step = -1 if previous is not None and previous > current else 1
    out: list[int] = []
    for row in (current + step, current - step, current + 2 * step):
        if 0 <= row < count and row not in out:
            out.append(row)
    return out
