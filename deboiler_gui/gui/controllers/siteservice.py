"""Site-wide questions answered in a background thread that owns its own parsed copy of the
site: selector candidates with hit rates, and counts of a rule or filter over every page. Only
plain data (URLs, XPaths, dicts) crosses to and from the GUI thread."""

from __future__ import annotations

import logging
import threading
import traceback
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

from deboiler_gui.engine.model import DeboilerError
from deboiler_gui.engine.template.model import Field, NoiseFilter, Template

log = logging.getLogger(__name__)

#: Hit rates are measured on at most this many pages of the site (parsed once, kept).
INDEX_PAGES = 1000


@dataclass(frozen=True)
class ExpressionCount:
    """How many indexed pages an XPath or CSS expression (a remove/keep rule) matches once or
    more than once."""

    expression: str


@dataclass(frozen=True)
class FieldCount:
    """How a field of a template fares over the indexed pages (values, empties, by XPath)."""

    field: Field
    template: Template


@dataclass(frozen=True)
class FilterCount:
    """What a noise filter does over the indexed pages, as part of ``template`` (which holds
    it) with the site's cleaner ``model``: the same computation as the impact panel and the
    report (engine.review.impact.cause_effect)."""

    filter: NoiseFilter
    template: Template
    model: Any = None  # DomainModel | None: plain data, read only


#: A site-wide count the service answers (frozen, plain data: it crosses threads).
CountRequest = ExpressionCount | FieldCount | FilterCount


@dataclass(frozen=True)
class Click:
    """A clicked node: its page (URL and raw HTML) and its absolute XPath on the engine's
    parse of that HTML."""

    url: str
    html: str
    xpath: str


@dataclass(frozen=True)
class InduceRequest:
    """Rules from clicked examples (one per page for a field, several for a list) and 'not
    this' clicks, checked over the indexed pages: the induction of ``suggest --examples``."""

    examples: tuple[Click, ...]
    nots: tuple[Click, ...] = ()
    as_list: bool = False


class _SiteWorker(QObject):
    """Lives in the service thread; every slot runs there."""

    index_progress = Signal(int, int)
    index_ready = Signal(int)
    candidates_ready = Signal(int, list)  # request id, [candidate dicts]
    counts_ready = Signal(
        int, dict
    )  # request id, {"kind": ..., "pages": n, "hit_pages": n, "nodes": n}
    induced_ready = Signal(int, list)  # request id, [induced rule dicts], best first
    checked_ready = Signal(int, object)  # request id, app.fieldcheck.TemplateCheck
    failed = Signal(int, str)

    def __init__(self) -> None:
        super().__init__()
        self._index: Any = None
        self._parsed: dict[tuple[str, int], Any] = {}  # clicked pages, parsed once
        self._abort = threading.Event()
        self._generation = 0
        # What the cleaner takes from each indexed page, kept while only filters are edited.
        self._cleaner_cache: dict[Any, Any] = {}

    @Slot(str, str, int)
    def build_index(self, workspace_path: str, site: str, generation: int) -> None:
        from deboiler_gui.app.session import run_in_child
        from deboiler_gui.engine.htmltree import parse_html
        from deboiler_gui.engine.template.selectors import SiteIndex

        self._generation = generation
        self._index = None
        self._cleaner_cache = {}
        urls: list[str] = []
        trees: list[Any] = []
        # The pages are read in a child process (see session.page_batches) and parsed here,
        # where the trees stay.
        steps = run_in_child("page_batches", workspace_path, site, INDEX_PAGES)
        try:
            for item in steps:
                if self._abort.is_set() or generation != self._generation:
                    steps.close()
                    return
                if isinstance(item, list):
                    for url, html in item:
                        urls.append(url)
                        trees.append(parse_html(html))
                    self.index_progress.emit(len(trees), INDEX_PAGES)
        except DeboilerError as exc:
            self.failed.emit(-1, str(exc))
            return
        self._index = SiteIndex(urls, trees)
        self.index_ready.emit(len(trees))

    @Slot(int, str, str)
    def suggest(self, request: int, html: str, xpath: str) -> None:
        """Candidates for the node at ``xpath`` (absolute, on the engine's parse of ``html``)."""
        from deboiler_gui.engine.htmltree import parse_html
        from deboiler_gui.engine.template.selectors import suggest

        try:
            root = parse_html(html)
            found = root.getroottree().xpath(xpath)
            if not found:
                self.failed.emit(request, f"node {xpath} not found")
                return
            cands = suggest(found[0], self._index)
            self.candidates_ready.emit(request, [c.to_dict() for c in cands])
        except DeboilerError as exc:
            self.failed.emit(request, str(exc))
        except Exception:  # keep the service alive whatever a page does to the engine
            log.exception("candidate suggestion failed")
            self.failed.emit(request, traceback.format_exc(limit=3))

    def _parse(self, url: str, html: str) -> Any:
        from deboiler_gui.engine.htmltree import parse_html

        key = (url, hash(html))
        root = self._parsed.get(key)
        if root is None:
            if len(self._parsed) > 20:
                self._parsed.clear()
            root = self._parsed[key] = parse_html(html)
        return root

    def _example(self, click: Click) -> Any:
        """The clicked node as the command line takes it (induce.click_example): on the
        index's own tree of the page when the index holds it, else on the page's HTML."""
        from deboiler_gui.engine.template.induce import click_example

        return click_example(
            self._index,
            click.url,
            click.xpath,
            click.html,
            parse=lambda html: self._parse(click.url, html),
        )

    @Slot(int, object)
    def induce(self, request: int, what: InduceRequest) -> None:
        """Rules for clicked examples, checked on the indexed pages when there are some."""
        from deboiler_gui.engine.template.induce import induce

        try:
            rules = induce(
                [self._example(c) for c in what.examples],
                [self._example(c) for c in what.nots],
                self._index,
                as_list=what.as_list,
                limit=3,
            )
            self.induced_ready.emit(request, [r.to_dict() for r in rules])
        except DeboilerError as exc:
            self.failed.emit(request, str(exc))
        except Exception:  # keep the service alive whatever a page does to the engine
            log.exception("rule induction failed")
            self.failed.emit(request, traceback.format_exc(limit=3))

    @Slot(int, object)
    def check(self, request: int, template: Template) -> None:
        """Flags and a value preview of the template's fields over a sample of the indexed pages."""
        from deboiler_gui.app.fieldcheck import check_template

        index = self._index
        if index is None:
            self.failed.emit(request, "the site is still being indexed")
            return
        try:
            result = check_template(list(zip(index.urls, index.trees, strict=True)), template)
            self.checked_ready.emit(request, result)
        except DeboilerError as exc:
            self.failed.emit(request, str(exc))

    @Slot(int, object)
    def count(self, request: int, what: CountRequest) -> None:
        """How a remove/keep rule, a field XPath or a noise filter fares over the indexed pages."""
        from deboiler_gui.engine.template.extract import evaluate_expression

        index = self._index
        if index is None:
            self.failed.emit(request, "the site is still being indexed")
            return
        try:
            if isinstance(what, FieldCount):
                from deboiler_gui.engine.template.extract import evaluate_field

                stats = evaluate_field(index.trees, what.field, what.template)
                stats["hit_pages"] = stats["ok"]
                self.counts_ready.emit(request, stats)
                return
            if isinstance(what, ExpressionCount):
                stats = evaluate_expression(index.trees, what.expression)
                stats["hit_pages"] = stats["one"] + stats["many"]
                self.counts_ready.emit(request, stats)
                return
            from deboiler_gui.engine.review.impact import cause_effect

            if len(self._cleaner_cache) > 4 * INDEX_PAGES:
                self._cleaner_cache = {}  # several models or rule sets: start again
            effect = cause_effect(
                zip(index.urls, index.trees, strict=True),
                what.model,
                what.template,
                f"filter:{what.filter.name}",
                cleaner_cache=self._cleaner_cache,
            )
            stats = effect.to_dict()
            stats["summary"] = effect.summary()
            stats["hit_pages"] = effect.matched_pages
            self.counts_ready.emit(request, stats)
        except DeboilerError as exc:
            self.failed.emit(request, str(exc))


class SiteService(QObject):
    """GUI-side handle: methods return a request id; answers arrive as signals."""

    index_progress = Signal(int, int)
    index_ready = Signal(int)
    candidates_ready = Signal(int, list)
    counts_ready = Signal(int, dict)
    induced_ready = Signal(int, list)
    checked_ready = Signal(int, object)
    failed = Signal(int, str)

    _build = Signal(str, str, int)
    _suggest = Signal(int, str, str)
    _count = Signal(int, object)
    _induce = Signal(int, object)
    _check = Signal(int, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread = QThread(self)
        self._thread.setObjectName("site-service")
        self._worker = _SiteWorker()
        self._worker.moveToThread(self._thread)
        self._build.connect(self._worker.build_index)
        self._suggest.connect(self._worker.suggest)
        self._count.connect(self._worker.count)
        self._induce.connect(self._worker.induce)
        self._check.connect(self._worker.check)
        for name in (
            "index_progress",
            "index_ready",
            "candidates_ready",
            "counts_ready",
            "induced_ready",
            "checked_ready",
            "failed",
        ):
            getattr(self._worker, name).connect(getattr(self, name))
        self._thread.finished.connect(self._worker.deleteLater)
        self._thread.start(QThread.Priority.LowPriority)
        self._next = 0
        self._generation = 0

    def _request(self) -> int:
        self._next += 1
        return self._next

    def build_index(self, workspace_path: str, site: str) -> None:
        self._generation += 1
        self._worker._generation = self._generation  # makes a running build stop early
        self._build.emit(workspace_path, site, self._generation)

    def suggest(self, html: str, xpath: str) -> int:
        request = self._request()
        self._suggest.emit(request, html, xpath)
        return request

    def count(self, what: CountRequest) -> int:
        request = self._request()
        self._count.emit(request, what)
        return request

    def induce(self, what: InduceRequest) -> int:
        request = self._request()
        self._induce.emit(request, what)
        return request

    def check(self, template: Template) -> int:
        request = self._request()
        self._check.emit(request, template)
        return request

    def stop(self) -> None:
        self._worker._abort.set()
        self._thread.quit()
        self._thread.wait(5000)
