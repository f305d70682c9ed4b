"""Site-wide questions answered in a background thread that owns a parsed copy of pages spread
evenly over the site (the index): selector candidates with hit rates, rules induced from clicks,
counts of a rule, field or filter over every page, and the check of a template's fields. A count
is answered at once on the index, a check on a sample of it; both are then completed over the
rest of the site, read in batches (parsed, counted, dropped) in a lap that any count or check
may join; finished counts are kept by rule, finished checks by template. Only plain data (URLs,
XPaths, dicts, frozen dataclasses) crosses to and from the GUI thread."""

from __future__ import annotations

import json
import logging
import threading
import time
import traceback
from collections import OrderedDict
from collections.abc import Generator, Iterable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot

from deboiler_gui.engine.model import DeboilerError
from deboiler_gui.engine.template.model import Field, NoiseFilter, Template

log = logging.getLogger(__name__)

#: Hit rates are measured on at most this many pages of the site (parsed once, kept); counts
#: go on over the rest of the site.
INDEX_PAGES = 1000
#: Finished counts kept (by rule, field or filter and what they depend on).
CACHED_COUNTS = 256
#: How often a count still going over the rest of the site reports its figures so far (s).
PARTIAL_EVERY = 1.0
#: Pages a check over the site adds per pass of the service's event queue (as many as a batch
#: of the lap holds): the index's and the lap's, in URL order.
CHECK_CHUNK = 50
#: Finished checks over the site kept (by template).
CACHED_CHECKS = 16


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


def count_key(what: CountRequest) -> Any:
    """What a count's figures depend on: equal keys, equal figures on the same pages. A field's
    count depends on the field and on the template's other parts (filters drop its nodes),
    not on the other fields; a filter's on the whole template and the cleaner's model."""
    if isinstance(what, ExpressionCount):
        return ("expression", what.expression)
    data = what.template.to_dict()
    if isinstance(what, FieldCount):
        data.pop("fields", None)
        return ("field", json.dumps(what.field.to_dict(), sort_keys=True), json.dumps(data))
    return ("filter", what.filter.name, json.dumps(data, sort_keys=True), _Same(what.model))


class _Same:
    """An object in a key by its identity, kept alive with the key (so its id is not reused)."""

    def __init__(self, obj: Any) -> None:
        self.obj = obj

    def __hash__(self) -> int:
        return id(self.obj)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.obj is self.obj


def tally(
    what: CountRequest, pages: Iterable[tuple[str, Any]], cleaner_cache: Any
) -> dict[str, Any]:
    """The raw figures of one count over parsed pages (url, tree): figures of two sets of
    pages add up (:func:`add_figures`)."""
    trees = (tree for _url, tree in pages)
    if isinstance(what, FieldCount):
        from deboiler_gui.engine.template.extract import evaluate_field

        return evaluate_field(trees, what.field, what.template)
    if isinstance(what, ExpressionCount):
        from deboiler_gui.engine.template.extract import evaluate_expression

        return evaluate_expression(trees, what.expression)
    from deboiler_gui.engine.review.impact import cause_effect

    return cause_effect(
        pages, what.model, what.template, f"filter:{what.filter.name}", cleaner_cache=cleaner_cache
    ).to_dict()


def add_figures(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Figures of two sets of pages together: numbers add, lists join, dicts add key by key,
    anything else (a name) is the first one's."""
    out = dict(a)
    for k, v in b.items():
        if k not in out:
            out[k] = v
        elif isinstance(v, bool) or not isinstance(v, int | float | list | dict):
            continue
        elif isinstance(v, dict):
            out[k] = add_figures(out[k], v)
        else:
            out[k] = out[k] + v
    return out


def finish_figures(what: CountRequest, figures: dict[str, Any], site_pages: int) -> dict[str, Any]:
    """The answer of a count: its figures, ``hit_pages`` (pages where it matched or gave a
    value), ``pages`` (pages counted), ``site_pages`` (readable pages of the site) and, for a
    filter, its effect in one line as the impact panel words it."""
    stats = dict(figures)
    if isinstance(what, FieldCount):
        stats["hit_pages"] = stats["ok"]
    elif isinstance(what, ExpressionCount):
        stats["hit_pages"] = stats["one"] + stats["many"]
    else:
        from deboiler_gui.engine.review.impact import CauseImpact

        effect = CauseImpact(**figures)
        stats["summary"] = effect.summary()
        stats["hit_pages"] = effect.matched_pages
    stats["site_pages"] = max(site_pages, stats["pages"])
    return stats


@dataclass
class _Tally:
    """A count going over the pages past the index: its requests, its figures so far (on the
    index and the rest pages seen), and the places in the lap (the rest pages by URL, from
    0) of the rest pages it has seen since it joined, as ranges."""

    what: CountRequest
    requests: list[int]
    figures: dict[str, Any]
    covered: list[tuple[int, int]] = field(default_factory=list)
    reported: float = field(default_factory=time.monotonic)

    @property
    def seen(self) -> int:
        """Rest pages counted."""
        return sum(end - start for start, end in self.covered)


def uncovered(covered: list[tuple[int, int]], start: int, end: int) -> list[tuple[int, int]]:
    """The parts of ``[start, end)`` outside ``covered`` (sorted, disjoint ranges)."""
    out = []
    pos = start
    for a, b in covered:
        if b <= pos:
            continue
        if a >= end:
            break
        if a > pos:
            out.append((pos, a))
        pos = max(pos, b)
    if pos < end:
        out.append((pos, end))
    return out


def cover(covered: list[tuple[int, int]], start: int, end: int) -> list[tuple[int, int]]:
    """``covered`` with ``[start, end)`` added, its ranges merged."""
    merged: list[tuple[int, int]] = []
    for a, b in sorted([*covered, (start, end)]):
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    return merged


def check_key(template: Template) -> str:
    """What a check depends on: the whole template (its fields, and the filters and remove
    rules that drop their nodes)."""
    return json.dumps(template.to_dict(), sort_keys=True)


@dataclass
class _Check:
    """A check of a template's fields going over every page of the site: its requests, its
    answer on the sample (sent at once, and to a request that joins it), the fields' signals
    so far (engine.template.signals.SignalsTally) and the pages in them: the site's pages in
    URL order, as ``evaluate --signals`` reads them, the index's first ``done_index`` and the
    lap's first ``done_rest`` (the next page is the one of the two that comes first)."""

    template: Template
    requests: list[int]
    sample: Any  # app.fieldcheck.TemplateCheck
    signals: Any  # engine.template.signals.SignalsTally
    done_index: int = 0
    done_rest: int = 0


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
    #: The attribute the field's values are (an attribute field's ``href``): the examples are
    #: the clicked nodes' attribute, taken from an element around a node without it (an
    #: ``img`` clicked in a link); the rules come back without the attribute step.
    attribute: str = ""


class _SiteWorker(QObject):
    """Lives in the service thread; every slot runs there."""

    index_progress = Signal(int, int)
    index_ready = Signal(int, int)  # pages indexed, readable pages of the site
    candidates_ready = Signal(int, list)  # request id, [candidate dicts]
    # request id, {"pages": n counted, "site_pages": n, "hit_pages": n, ...}; sent again with
    # the figures so far while the count goes over the rest of the site, last when "pages"
    # reaches "site_pages"
    counts_ready = Signal(int, dict)
    count_progress = Signal(int, int)  # pages counted of the slowest count, site pages
    induced_ready = Signal(int, list)  # request id, [induced rule dicts], best first
    # request id, [pages of the examples a refused induction names]; its failed follows
    refused = Signal(int, list)
    checked_ready = Signal(int, object)  # request id, app.fieldcheck.TemplateCheck
    failed = Signal(int, str)
    _next_batch = Signal()

    def __init__(self) -> None:
        super().__init__()
        self._index: Any = None
        self._workspace = ("", "")  # path, site
        # The stamp the index's facts are saved under, and how much it held when last saved.
        self._facts: tuple[str, tuple[int, int, bool]] | None = None
        self._site_pages = 0  # readable pages of the site: the index's and the rest
        self._parsed: dict[tuple[str, int], Any] = {}  # clicked pages, parsed once
        # The rules induced from the last click's candidates, by what they depend on.
        self._one_click: tuple[tuple[Any, ...], list[dict[str, Any]]] | None = None
        self._abort = threading.Event()
        self._generation = 0
        # What the cleaner takes from each indexed page, kept while only filters are edited.
        self._cleaner_cache: dict[Any, Any] = {}
        # Counts going over the rest of the site, by count_key; the lap reading the rest
        # (a child process) and how many rest pages it has read since it started.
        self._tallies: dict[Any, _Tally] = {}
        self._lap: Generator[Any, None, Any] | None = None
        self._lap_pos = 0
        # A batch of the lap (its place in the lap, its parsed pages) that checks are still
        # adding, a chunk per pass, with the index's pages that come before its pages.
        self._held: tuple[int, list[tuple[str, Any]]] | None = None
        # Finished counts (figures over every page) by count_key, the last used last.
        self._finished: OrderedDict[Any, dict[str, Any]] = OrderedDict()
        # Checks going over the site, and finished ones (app.fieldcheck.TemplateCheck over
        # every page), by check_key.
        self._checks: dict[str, _Check] = {}
        self._checked: OrderedDict[str, Any] = OrderedDict()
        # Requests the GUI no longer waits for (a newer count of the same rule was asked).
        self._dropped: set[int] = set()
        self._dropped_lock = threading.Lock()
        self._next_batch.connect(self._count_batch, Qt.ConnectionType.QueuedConnection)

    @property
    def rest_pages(self) -> int:
        """Readable pages of the site past the index."""
        index = self._index
        return max(0, self._site_pages - (len(index.trees) if index is not None else 0))

    def _reset_counts(self) -> None:
        requests = [r for t in self._tallies.values() for r in t.requests]
        requests += [r for c in self._checks.values() for r in c.requests]
        for request in requests:
            self.failed.emit(request, "")  # the site is indexed again: asked again after
        self._tallies = {}
        self._checks = {}
        self._finished.clear()
        self._checked.clear()
        self._close_lap()

    def _running(self) -> int:
        """Counts and checks going over the rest of the site."""
        return len(self._tallies) + len(self._checks)

    def _close_lap(self) -> None:
        if self._lap is not None:
            self._lap.close()
            self._lap = None
        self._lap_pos = 0
        self._held = None

    @Slot(str, str, int)
    def build_index(self, workspace_path: str, site: str, generation: int) -> None:
        from deboiler_gui.app.session import run_in_child
        from deboiler_gui.engine.htmltree import parse_html
        from deboiler_gui.engine.template.selectors import SiteIndex

        self._generation = generation
        self._index = None
        self._facts = None
        self._cleaner_cache = {}
        self._reset_counts()
        self._workspace = (workspace_path, site)
        urls: list[str] = []
        trees: list[Any] = []
        readable = 0
        # The pages are read in a child process (see session.page_batches) and parsed here,
        # where the trees stay; the child counts the site's readable pages past them.
        # The kept pages are spread evenly over the site (not its first pages by URL, which
        # may all be of one part of it).
        steps = run_in_child(
            "page_batches", workspace_path, site, INDEX_PAGES, 0, True, INDEX_PAGES
        )
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
                elif isinstance(item, int):
                    readable = item
        except DeboilerError as exc:
            self.failed.emit(-1, str(exc))
            return
        index = SiteIndex(urls, trees)
        self._facts = self._saved_facts(index, workspace_path, site)
        self._index = index
        self._site_pages = max(readable, len(trees))
        self.index_ready.emit(len(trees), self._site_pages)

    def _saved_facts(
        self, index: Any, workspace_path: str, site: str
    ) -> tuple[str, tuple[int, int, bool]] | None:
        """Takes into ``index`` what an earlier run learned of the same pages, saved in the
        workspace (``suggest``'s or the app's: the values that recur over the site, the
        volatility of ids and classes, hit rates), so the first suggestion need not learn it
        again; returns the stamp to save the facts under and how much the index held, None
        when the workspace cannot say."""
        from deboiler_gui.app.session import run_in_child, urls_digest

        found: dict[str, Any] | None = None
        try:
            for item in run_in_child("site_facts", workspace_path, site, urls_digest(index.urls)):
                if isinstance(item, dict):
                    found = item
        except DeboilerError as exc:
            log.info("saved site facts not read: %s", exc)
            return None
        if found is None:
            return None
        if isinstance(found.get("facts"), dict):
            index.take_facts(found["facts"])
        return str(found["stamp"]), index.learned()

    def _keep_facts(self) -> None:
        """Saves what the index learned since it was built or last saved (a suggestion, an
        induction), for the next run on the same pages, the app's or ``suggest``'s."""
        from deboiler_gui.app.session import run_in_child

        index, facts, where = self._index, self._facts, self._workspace
        if index is None or facts is None or not where[0]:
            return
        stamp, known = facts
        now = index.learned()
        if now == known:
            return
        try:
            for _item in run_in_child("keep_site_facts", where[0], where[1], stamp, index.facts()):
                pass
        except DeboilerError as exc:  # (the workspace busy or read-only: no saving)
            log.info("site facts not saved: %s", exc)
            return
        self._facts = (stamp, now)

    @Slot(int, object, str)
    def suggest(self, request: int, click: Click, attribute: str = "") -> None:
        """Candidates for the clicked node (its absolute XPath on the engine's parse of the
        page), ranked as Extract field ranks them (``induce.click_candidates``): the rule
        induced from the click first; with ``attribute``, the rule an attribute field of it
        saves, without the attribute step. The induction's rules are kept for the click, so
        that Extract field on it right after takes them without inducing again."""
        from deboiler_gui.engine.template.induce import click_candidates, one_click_rules
        from deboiler_gui.engine.template.selectors import shared_runs

        try:
            ex = self._example(click, attribute)
            # the hit rates read the induction's runs on the pages it samples
            with shared_runs():
                rules = one_click_rules(ex, self._index)
                if rules:
                    key = self._one_click_key(click, attribute)
                    self._one_click = (key, [r.to_dict() for r in rules])
                cands = [c.to_dict() for c in click_candidates(ex, self._index, rules=rules)]
            for c in cands:
                if c.get("site"):
                    c["site"]["site_pages"] = self._site_pages
            self.candidates_ready.emit(request, cands)
            self._keep_facts()
        except DeboilerError as exc:
            self.failed.emit(request, str(exc))
        except Exception:  # keep the service alive whatever a page does to the engine
            log.exception("candidate suggestion failed")
            self.failed.emit(request, traceback.format_exc(limit=3))

    def _one_click_key(self, click: Click, attribute: str) -> tuple[Any, ...]:
        """What the rules induced from one click depend on: the click, its attribute and the
        index."""
        return (
            click.url,
            click.xpath,
            attribute,
            hash(click.html),
            id(self._index),
            self._generation,
        )

    def _parse(self, url: str, html: str) -> Any:
        from deboiler_gui.engine.htmltree import parse_html

        key = (url, hash(html))
        root = self._parsed.get(key)
        if root is None:
            if len(self._parsed) > 20:
                self._parsed.clear()
            root = self._parsed[key] = parse_html(html)
        return root

    def _example(self, click: Click, attribute: str = "") -> Any:
        """The clicked node as the command line takes it (induce.click_example): on the
        index's own tree of the page when the index holds it, else on the page's HTML; with
        ``attribute``, its attribute (``suggest --examples URL XPATH/@href``)."""
        from deboiler_gui.engine.template.induce import click_example

        xpath = f"{click.xpath}/@{attribute}" if attribute else click.xpath
        return click_example(
            self._index,
            click.url,
            xpath,
            click.html,
            parse=lambda html: self._parse(click.url, html),
        )

    @Slot(int, object)
    def induce(self, request: int, what: InduceRequest) -> None:
        """Rules for clicked examples, checked on the indexed pages when there are some."""
        from deboiler_gui.engine.template.induce import InductionError, induce, split_attribute

        try:
            if (
                len(what.examples) == 1
                and not what.nots
                and not what.as_list
                and self._one_click is not None
                and self._one_click[0] == self._one_click_key(what.examples[0], what.attribute)
            ):
                # The click's candidates induced them a moment ago (for this attribute).
                found = [dict(r) for r in self._one_click[1]]
            else:
                rules = induce(
                    [self._example(c, what.attribute) for c in what.examples],
                    [self._example(c) for c in what.nots],
                    self._index,
                    as_list=what.as_list,
                    limit=3,
                )
                found = [r.to_dict() for r in rules]
            if what.attribute:
                # The field keeps its attribute apart from its XPath: the rule's element.
                for r in found:
                    r["xpath"] = split_attribute(r["xpath"])[0]
            self.induced_ready.emit(request, found)
            self._keep_facts()
        except InductionError as exc:
            # The pages of the examples the refusal names first, then the refusal itself.
            self.refused.emit(request, list(exc.examples))
            self.failed.emit(request, str(exc))
        except DeboilerError as exc:
            self.failed.emit(request, str(exc))
        except Exception:  # keep the service alive whatever a page does to the engine
            log.exception("rule induction failed")
            self.failed.emit(request, traceback.format_exc(limit=3))

    @Slot(int, object)
    def check(self, request: int, template: Template) -> None:
        """Flags and a value preview of the template's fields: at once over a sample of the
        indexed pages, then over every page of the site (the index a chunk per pass, then the
        rest as the lap reads it), the last answer ``over_site``. A check of the same template
        finished is answered at once; one going on is joined."""
        from deboiler_gui.app.fieldcheck import check_template
        from deboiler_gui.engine.template.signals import SignalsTally

        index = self._index
        if index is None:
            self.failed.emit(request, "the site is still being indexed")
            return
        key = check_key(template)
        done = self._checked.get(key)
        if done is not None:
            self._checked.move_to_end(key)
            self.checked_ready.emit(request, done)
            return
        running = self._checks.get(key)
        if running is not None:  # the same check is going on: its answers are this one's
            running.requests.append(request)
            self.checked_ready.emit(request, running.sample)
            return
        try:
            pages = list(zip(index.urls, index.trees, strict=True))
            sample = check_template(pages, template, site_pages=self._site_pages)
        except DeboilerError as exc:
            self.failed.emit(request, str(exc))
            return
        if sample.over_site:  # the sample is every page of the site
            self._keep_check(key, sample)
            self.checked_ready.emit(request, sample)
            return
        self.checked_ready.emit(request, sample)
        self._checks[key] = _Check(template, [request], sample, SignalsTally(template, preview=0))
        if self._running() == 1:
            self._next_batch.emit()

    def _keep_check(self, key: str, result: Any) -> None:
        self._checked[key] = result
        while len(self._checked) > CACHED_CHECKS:
            self._checked.popitem(last=False)

    def _add_index_chunk(self, key: str, c: _Check) -> None:
        """Adds the next chunk of the index's pages to a check's signals (the index's pages
        after the last page of the lap, or every one when the site has no more), and
        finishes the check after the last."""
        index = self._index
        end = min(len(index.trees), c.done_index + CHECK_CHUNK)
        try:
            for i in range(c.done_index, end):
                c.signals.add(index.urls[i], index.trees[i])
        except Exception as exc:  # keep the service alive whatever a page does to the engine
            log.exception("field check failed")
            self._fail_check(key, str(exc))
            return
        c.done_index = end
        if end >= len(index.trees):
            self._finish_check(key, c)

    def _add_in_order(self, key: str, c: _Check, start: int, pages: list[tuple[str, Any]]) -> None:
        """Adds to a check's signals up to ``CHECK_CHUNK`` pages of a batch of the lap (at
        ``start`` in it), each after the index's pages that come before it by URL: the site's
        pages in the order ``evaluate --signals`` reads them, so the pages to look at it lists
        are the ones the command line lists (the trees are dropped with the batch)."""
        index = self._index
        kept = len(index.trees)
        end = start + len(pages)
        try:
            for _ in range(CHECK_CHUNK):
                if c.done_rest >= end:
                    break
                url, root = pages[c.done_rest - start]
                if c.done_index < kept and index.urls[c.done_index] < url:
                    c.signals.add(index.urls[c.done_index], index.trees[c.done_index])
                    c.done_index += 1
                else:
                    c.signals.add(url, root)
                    c.done_rest += 1
        except Exception as exc:  # keep the service alive whatever a page does to the engine
            log.exception("field check failed")
            self._fail_check(key, str(exc))

    def _fail_check(self, key: str, message: str) -> None:
        c = self._checks.pop(key, None)
        if c is not None:
            for request in c.requests:
                self.failed.emit(request, message)

    def _finish_check(self, key: str, c: _Check) -> None:
        """The check over every page: the signals settled, the flags' pages to look at that
        the index does not hold read again (a handful, for the preview's first rows)."""
        from deboiler_gui.app.fieldcheck import (
            SAMPLE_PAGES,
            field_checks,
            first_pages,
            site_check,
            spread,
        )
        from deboiler_gui.app.session import run_in_child
        from deboiler_gui.engine.htmltree import parse_html

        del self._checks[key]
        index = self._index
        try:
            checks = field_checks(c.signals.settle(), over_site=True)
            kept = dict(zip(index.urls, index.trees, strict=True))
            look = first_pages(checks)
            shown = [(u, kept[u]) for u in look if u in kept]
            missing = [u for u in look if u not in kept]
            if missing:
                try:
                    for batch in run_in_child("pages_at", self._workspace[0], missing):
                        if isinstance(batch, list):
                            shown += [(url, parse_html(html)) for url, html in batch]
                except DeboilerError:
                    log.warning("pages to look at not read again", exc_info=True)
            taken = {u for u, _root in shown}
            sample = spread(list(zip(index.urls, index.trees, strict=True)), SAMPLE_PAGES)
            shown += [(u, root) for u, root in sample if u not in taken]
            result = site_check(checks, c.template, c.signals.pages, shown)
        except Exception as exc:  # keep the service alive whatever a page does to the engine
            log.exception("field check failed")
            for request in c.requests:
                self.failed.emit(request, str(exc))
            return
        self._keep_check(key, result)
        for request in c.requests:
            self.checked_ready.emit(request, result)

    @Slot(int, object)
    def count(self, request: int, what: CountRequest) -> None:
        """How a remove/keep rule, a field XPath or a noise filter fares over every page of the
        site: at once on the index, then over the rest of the site as the lap reads it (figures
        so far about once a second, the last answer with every page counted)."""
        index = self._index
        if index is None:
            self.failed.emit(request, "the site is still being indexed")
            return
        try:
            key = count_key(what)
            done = self._finished.get(key)
            if done is not None:
                self._finished.move_to_end(key)
                self.counts_ready.emit(request, dict(done))
                return
            running = self._tallies.get(key)
            if running is not None:  # the same count is going on: its answer is this one's
                running.requests.append(request)
                self.counts_ready.emit(request, self._answer(running))
                return
            if len(self._cleaner_cache) > 4 * INDEX_PAGES:
                self._cleaner_cache = {}  # several models or rule sets: start again
            figures = tally(what, zip(index.urls, index.trees, strict=True), self._cleaner_cache)
        except DeboilerError as exc:
            self.failed.emit(request, str(exc))
            return
        t = _Tally(what, [request], figures)
        if self.rest_pages == 0:
            self._finish(key, t)
            return
        self._tallies[key] = t
        self.counts_ready.emit(request, self._answer(t))
        if self._running() == 1:
            self._next_batch.emit()

    def _answer(self, t: _Tally) -> dict[str, Any]:
        return finish_figures(t.what, t.figures, self._site_pages)

    def _finish(self, key: Any, t: _Tally) -> None:
        stats = self._answer(t)
        self._finished[key] = stats
        while len(self._finished) > CACHED_COUNTS:
            self._finished.popitem(last=False)
        for request in t.requests:
            self.counts_ready.emit(request, dict(stats))

    def drop(self, requests: Iterable[int]) -> None:
        """Any thread: the GUI no longer waits for these requests' answers."""
        with self._dropped_lock:
            self._dropped.update(requests)

    def _forget_dropped(self) -> None:
        with self._dropped_lock:
            dropped, self._dropped = self._dropped, set()
        if not dropped:
            return
        for key, t in list(self._tallies.items()):
            t.requests = [r for r in t.requests if r not in dropped]
            if not t.requests:
                del self._tallies[key]
        for ckey, c in list(self._checks.items()):
            c.requests = [r for r in c.requests if r not in dropped]
            if not c.requests:
                del self._checks[ckey]

    @Slot()
    def _count_batch(self) -> None:
        """One pass: one batch of the rest of the site for every count going on (the pages of
        it the count has not seen), and a chunk of it for every check, with the index's pages
        before them in URL order (a check whose lap is over adds the index's last pages);
        queues the next pass, so the requests that arrived meanwhile (candidates for a click)
        are answered first. A batch is held until every check has added it."""
        self._forget_dropped()
        index = self._index
        if not self._running() or self._abort.is_set() or index is None:
            self._close_lap()
            return
        if self.rest_pages == 0:  # the index is the whole site: its pages alone
            for key, c in list(self._checks.items()):
                self._add_index_chunk(key, c)
            self._report_progress()
            return
        if self._held is None and self._wants_lap() and not self._read_batch():
            return
        busy = set()  # the checks that have added a chunk in this pass
        held = self._held
        if held is not None:
            start, pages = held
            self._count_held(start, pages)
            for key, c in list(self._checks.items()):
                if start <= c.done_rest < start + len(pages):
                    self._add_in_order(key, c, start, pages)
                    busy.add(key)
            if not any(start <= c.done_rest < start + len(pages) for c in self._checks.values()):
                # every check has added it (or comes before it: the lap starts again for it)
                self._held = None
        kept = len(index.trees)
        for key, c in list(self._checks.items()):
            # the index's pages after the lap's last (in the next pass when this one added a
            # chunk), the check finished with the last
            if c.done_rest >= self.rest_pages and (key not in busy or c.done_index >= kept):
                self._add_index_chunk(key, c)
        self._report_progress()

    def _wants_lap(self) -> bool:
        """Whether a count or a check still needs pages of the lap."""
        rest = self.rest_pages
        return bool(self._tallies) or any(c.done_rest < rest for c in self._checks.values())

    def _read_batch(self) -> bool:
        """Reads the next batch of the lap into ``_held``: False when this pass is over (the
        rest of the site is gone, it could not be read, or the service is stopping). A check
        that has not added the pages the lap has gone past has the lap start again from the
        first page (the counts going on pass over the pages they have seen): a check adds the
        site's pages in URL order."""
        from deboiler_gui.app.session import run_in_child
        from deboiler_gui.engine.htmltree import parse_html

        index = self._index
        kept = len(index.trees)
        generation = self._generation
        if any(c.done_rest < min(self._lap_pos, self.rest_pages) for c in self._checks.values()):
            self._close_lap()
        batch: list[tuple[str, str]] | None = None
        try:
            while batch is None:
                if self._lap is None:
                    path, site = self._workspace
                    # every readable page but the kept ones
                    self._lap = run_in_child(
                        "page_batches", path, site, None, 0, False, INDEX_PAGES, True
                    )
                    self._lap_pos = 0
                try:
                    item = next(self._lap)
                except StopIteration:
                    self._lap = None  # the lap is over: the next one starts at the first page
                    if self._lap_pos == 0:  # the rest of the site is gone
                        self._site_pages = kept
                        for key, t in list(self._tallies.items()):
                            del self._tallies[key]
                            self._finish(key, t)
                        self._report_progress()  # the checks add the index's pages alone
                        return False
                    if kept + self._lap_pos < self._site_pages:
                        # fewer pages than counted at first (the site was read again): no
                        # count or check waits for pages the lap will never read
                        self._site_pages = kept + self._lap_pos
                        self._count_held(self._lap_pos, [])
                        if not self._wants_lap():
                            self._report_progress()
                            return False
                    continue
                if self._abort.is_set() or generation != self._generation:
                    return False
                if isinstance(item, list):
                    batch = item
        except DeboilerError as exc:
            self._close_lap()
            for t in self._tallies.values():
                for request in t.requests:
                    self.failed.emit(request, str(exc))
            self._tallies = {}
            for ckey in list(self._checks):
                self._fail_check(ckey, str(exc))
            self._report_progress()
            return False
        start = self._lap_pos
        self._held = (start, [(url, parse_html(html)) for url, html in batch])
        self._lap_pos += len(batch)
        return True

    def _count_held(self, start: int, pages: list[tuple[str, Any]]) -> None:
        """Adds the held batch's pages each count has not seen to its figures (the trees are
        dropped after: nothing of them is cached); a count that has seen every rest page is
        finished, the others report their figures so far about once a second."""
        now = time.monotonic()
        for key, t in list(self._tallies.items()):
            new = uncovered(t.covered, start, start + len(pages))
            try:
                counted = [page for a, b in new for page in pages[a - start : b - start]]
                if counted:
                    t.figures = add_figures(t.figures, tally(t.what, counted, None))
            except DeboilerError as exc:
                del self._tallies[key]
                for request in t.requests:
                    self.failed.emit(request, str(exc))
                continue
            for a, b in new:
                t.covered = cover(t.covered, a, b)
            if t.seen >= self.rest_pages:
                del self._tallies[key]
                self._finish(key, t)
            elif now - t.reported >= PARTIAL_EVERY:
                t.reported = now
                for request in t.requests:
                    self.counts_ready.emit(request, self._answer(t))

    def _report_progress(self) -> None:
        """How far the slowest count or check is; the next pass queued while one is left,
        else the lap ended."""
        index = self._index
        kept = len(index.trees) if index is not None else 0
        done = [t.figures["pages"] for t in self._tallies.values()]
        done += [c.done_index + c.done_rest for c in self._checks.values()]
        if done:
            self.count_progress.emit(min(done), max(self._site_pages, kept))
            self._next_batch.emit()
        else:
            self.count_progress.emit(self._site_pages, self._site_pages)
            self._close_lap()


class SiteService(QObject):
    """GUI-side handle: methods return a request id; answers arrive as signals."""

    index_progress = Signal(int, int)
    index_ready = Signal(int, int)
    candidates_ready = Signal(int, list)
    counts_ready = Signal(int, dict)
    count_progress = Signal(int, int)
    induced_ready = Signal(int, list)
    refused = Signal(int, list)  # an induction refused: the pages of the examples it names
    checked_ready = Signal(int, object)
    failed = Signal(int, str)

    _build = Signal(str, str, int)
    _suggest = Signal(int, object, str)
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
            "count_progress",
            "induced_ready",
            "refused",
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

    def suggest(self, click: Click, attribute: str = "") -> int:
        """Candidates for a clicked node, ranked as Extract field ranks them; with
        ``attribute``, as it ranks an attribute field's rules (the attribute's element)."""
        request = self._request()
        self._suggest.emit(request, click, attribute)
        return request

    def count(self, what: CountRequest) -> int:
        request = self._request()
        self._count.emit(request, what)
        return request

    def drop(self, requests: Iterable[int]) -> None:
        """The answers of these count or check requests are no longer wanted (a newer count of
        the same rule, a check of the edited template, was asked): a count or check going over
        the rest of the site for them only stops."""
        self._worker.drop(requests)

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
        if not self._thread.isRunning():
            self._worker._close_lap()  # the thread is over: its child process ends now
