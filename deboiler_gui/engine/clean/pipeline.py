"""A cleaning run: read inputs into a workspace, fit a boilerplate model per site, clean every
page and write one result per page. Each phase is a generator yielding Progress; one bad page
is recorded in the output and never stops the run."""

from __future__ import annotations

import logging
import os
import shutil
import signal
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from deboiler_gui.engine.jobs import pool as process_pool
from deboiler_gui.engine.model import (
    CleanResult,
    DeboilerError,
    DomainModel,
    InputError,
    Page,
    Progress,
)
from deboiler_gui.engine.output import ResultWriter, format_for
from deboiler_gui.engine.progress import Steps
from deboiler_gui.engine.sources import InputSet, input_kind, is_html_content_type, skip_reason
from deboiler_gui.engine.store import Workspace

log = logging.getLogger(__name__)

MODES = ("improved", "compat")
OPERATION_MODES = ("memory", "performance")
DEFAULT_MAX_PAGE_CHARS = 10_000_000
DEFAULT_PAGE_TIMEOUT = 120.0


class PageTimeout(DeboilerError):
    """Cleaning one page took longer than the run allows."""


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Raise PageTimeout in the block after ``seconds``. Works where SIGALRM does (POSIX, the
    main thread: the CLI and worker processes); elsewhere, e.g. an app's worker thread, the
    block runs unlimited."""
    if (
        not seconds
        or not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return

    def on_alarm(signum: int, frame: Any) -> None:
        raise PageTimeout(f"cleaning took longer than {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@dataclass
class CleanOptions:
    """How sites are fitted and cleaned (passed to DomainCleaner)."""

    mode: str = "improved"
    operation_mode: str = "memory"
    jobs: int = 1
    #: Pages with more characters are not fitted or cleaned but reported as skipped: cleaning
    #: costs about a second per 1.5 MB, so one 50 MB page would stall a run for a minute.
    max_page_chars: int = DEFAULT_MAX_PAGE_CHARS
    #: Seconds one page may take to clean before it is recorded as an error (None: no limit).
    page_timeout: float | None = DEFAULT_PAGE_TIMEOUT
    config: dict[str, Any] = field(default_factory=dict)
    #: Templates (as dicts) whose remove and keep rules are applied on top of the site model,
    #: the best URL match per page (accepted and rejected boilerplate groups live there).
    templates: list[dict[str, Any]] = field(default_factory=list)
    #: Add a ``markdown`` column: the cleaned page as Markdown (engine/markdown.py).
    markdown: bool = False
    #: A site with too few pages to learn from (1-4) is cleaned page by page by a page-level
    #: extractor, and each record says so (content.method "page").
    page_fallback: bool = False
    #: Text to trace: each record handed to ``on_record`` (not the written one) has ``why``,
    #: what became of this text on the page (explain.text_fate; None where the page lacks it).
    why: str | None = None
    #: Called with every written record, in the driving process (the CLI's --explain).
    on_record: Callable[[dict[str, Any]], None] | None = field(
        default=None, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise InputError(f"unknown mode {self.mode!r} (choose {', '.join(MODES)})")
        if self.operation_mode not in OPERATION_MODES:
            raise InputError(
                f"unknown operation mode {self.operation_mode!r} (choose {', '.join(OPERATION_MODES)})"
            )
        self.jobs = max(1, int(self.jobs))


@dataclass
class ImportSummary:
    pages: int = 0
    ok: int = 0
    skipped: int = 0
    errors: int = 0
    sites: list[tuple[str, int]] = field(default_factory=list)
    #: Records read whose URL an earlier record had: pages = records read - replaced.
    records: int = 0
    replaced: int = 0
    warnings: list[str] = field(default_factory=list)


@dataclass
class RunSummary:
    """What a run did: page counts by outcome, which sites were fitted or reused a saved model."""

    output: str | None = None
    pages: int = 0
    ok: int = 0
    skipped: int = 0
    errors: int = 0
    sites: list[str] = field(default_factory=list)
    fitted: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)
    failed_sites: dict[str, str] = field(default_factory=dict)
    removed_chars: int = 0
    original_chars: int = 0
    seconds: float = 0.0
    #: Input records whose URL an earlier record had (replaced by it), with the warnings.
    replaced: int = 0
    warnings: list[str] = field(default_factory=list)
    #: Pages cleaned by the single-page extractor, and the sites that took it (name, pages).
    page_extracted: int = 0
    fallback_sites: list[tuple[str, int]] = field(default_factory=list)
    #: Sites with too few pages to learn from, cleaned by their model without the fallback.
    small_sites: list[tuple[str, int]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def count(self, record: dict[str, Any]) -> None:
        self.pages += 1
        status = record.get("status")
        if status == "ok":
            self.ok += 1
            original = int(record.get("original_chars") or 0)
            self.original_chars += original
            if (record.get("content") or {}).get("method") == "page":
                # the extractor keeps a text, not a list of removed blocks
                self.page_extracted += 1
                kept = len("".join(str(record.get("cleaned_text") or "").split()))
                self.removed_chars += max(0, original - kept)
                return
            self.removed_chars += sum(
                max(0, int(r.get("chars") or 0)) for r in record.get("removed") or ()
            )
        elif status == "skipped":
            self.skipped += 1
        else:
            self.errors += 1


class SitePages:
    """The cleanable pages of one site in a workspace, re-iterable (read in URL order each time)
    so a cleaner can make several passes without holding the site in memory."""

    def __init__(self, ws: Workspace, site: str, max_chars: int = DEFAULT_MAX_PAGE_CHARS) -> None:
        self.ws = ws
        self.site = site
        self.max_chars = max_chars
        self._len: int | None = None

    def __iter__(self) -> Iterator[Page]:
        for page in self.ws.iter_pages(self.site):
            if is_cleanable(page, self.max_chars):
                yield page

    def __len__(self) -> int:
        if self._len is None:
            self._len = sum(
                1
                for s in self.ws.page_summaries(self.site)
                if s["error"] is None
                and 200 <= int(s["status"]) < 300
                and is_html_content_type(s["content_type"])
                and int(s["bytes"]) <= self.max_chars * 4  # bytes bound chars from above
            )
        return self._len


def is_cleanable(page: Page, max_chars: int = DEFAULT_MAX_PAGE_CHARS) -> bool:
    """True when a page is fitted and cleaned (read without error, 2xx, HTML, not too large)."""
    return page.error is None and _skip(page, max_chars) is None


def _skip(page: Page, max_chars: int) -> str | None:
    reason = skip_reason(page)
    if reason is None and len(page.html) > max_chars:
        reason = (
            f"page too large to clean ({len(page.html):,} characters; the limit is {max_chars:,})"
        )
    return reason


# --------------------------------------------------------------------------- phases


def import_steps(
    ws: Workspace,
    paths: Iterable[str | os.PathLike[str]],
    *,
    base_url: str | None = None,
    max_record_bytes: int | None = None,
) -> Generator[Progress, None, ImportSummary]:
    """Read every input into the workspace (deduplicated by URL: a later record of a URL
    replaces the earlier, with a warning naming both places), reporting bytes read."""
    inputs = InputSet.open(paths, base_url=base_url, max_record_bytes=max_record_bytes)
    summary = ImportSummary()
    batch: list[Page] = []
    yield Progress(0, inputs.total_bytes, "reading", "reading")
    for page in inputs:
        batch.append(page)
        summary.records += 1
        if len(batch) >= 100 or sum(len(p.html) for p in batch) > 32_000_000:
            ws.add_pages(batch)
            batch = []
            yield Progress(inputs.bytes_done, inputs.total_bytes, "reading", "reading")
    if batch:
        ws.add_pages(batch)
    summary.ok = inputs.counts.get("ok", 0)
    summary.skipped = inputs.counts.get("skipped", 0)
    summary.errors = inputs.counts.get("error", 0)
    summary.pages = summary.ok + summary.skipped + summary.errors
    summary.replaced = inputs.replaced
    summary.warnings = list(inputs.warnings)
    summary.sites = ws.sites()
    yield Progress(inputs.total_bytes, inputs.total_bytes, "read", "reading")
    return summary


def _cleaner_api() -> Any:
    # Imported late: the cleaner is the heaviest module, and reading or storing pages must
    # work without it.
    from deboiler_gui.engine.clean import boilerplate

    return boilerplate


def fit_steps(
    ws: Workspace,
    *,
    sites: Iterable[str] | None = None,
    options: CleanOptions | None = None,
    save_to: Workspace | None = None,
    failed: dict[str, str] | None = None,
    cleaners: dict[str, Any] | None = None,
) -> Generator[Progress, None, dict[str, DomainModel]]:
    """Fit one DomainModel per site on the workspace's cleanable pages; optionally save them.

    A site whose fit fails is logged and left out (its name and the reason go into ``failed``).
    The fitted cleaners (holding parsed pages in performance mode, the pages' analysis in
    memory mode with one process) are put in ``cleaners``.
    """
    options = options or CleanOptions()
    api = _cleaner_api()
    names = list(sites) if sites is not None else [s for s, _n in ws.sites()]
    groups = [SitePages(ws, s, options.max_page_chars) for s in names]
    total = sum(len(g) for g in groups)
    done = 0
    models: dict[str, DomainModel] = {}
    yield Progress(0, total, "fitting", "fitting")
    for group in groups:
        n = len(group)
        if n == 0:
            continue
        cleaner = api.DomainCleaner(
            mode=options.mode,
            operation_mode=options.operation_mode,
            jobs=options.jobs,
            **options.config,
        )
        try:
            steps = Steps(cleaner.fit_steps(group))
            for step in steps:
                frac = step.fraction or 0.0
                yield Progress(done + int(frac * n), total, f"fitting {group.site}", "fitting")
            model = steps.value if steps.value is not None else cleaner.model_
        except Exception as exc:  # one site's failure must not stop the others
            log.exception("fitting site %s failed", group.site)
            if failed is not None:
                failed[group.site] = f"fitting the site model failed: {type(exc).__name__}: {exc}"
            done += n
            continue
        models[group.site] = model
        if cleaners is not None and (options.operation_mode == "performance" or options.jobs == 1):
            # performance mode: the cleaner holds the parsed pages; memory mode in one process:
            # it holds each page's analysis in a few numbers, so cleaning re-parses but does
            # not analyse again (the analysis is two fifths of a page's cost).
            cleaners[group.site] = cleaner
        if save_to is not None:
            save_to.save_model(model)
        done += n
        yield Progress(done, total, f"fitted {group.site}", "fitting")
    return models


def load_templates(data: Iterable[dict[str, Any]]) -> list[Any]:
    """Template objects from their dicts (plain data crosses processes; objects are built once
    per process)."""
    from deboiler_gui.engine.template.model import Template

    return [Template.from_dict(d) for d in data]


def page_rules(page: Page, templates: Sequence[Any]) -> tuple[Any | None, list[str], list[str]]:
    """The page's best-matching template by URL (seed 002) and its remove / keep XPaths."""
    if not templates:
        return None, [], []
    from deboiler_gui.engine.template.extract import choose_templates
    from deboiler_gui.engine.template.selectors import to_xpath

    chosen = choose_templates(page.url, templates)
    if not chosen:
        return None, [], []
    template = chosen[0][1]
    return (
        template,
        [to_xpath(r.selector) for r in template.remove],
        [to_xpath(r.selector) for r in template.keep],
    )


def result_record(
    page: Page,
    model: DomainModel | None,
    *,
    site_error: str | None = None,
    max_chars: int = DEFAULT_MAX_PAGE_CHARS,
    timeout: float | None = DEFAULT_PAGE_TIMEOUT,
    templates: Sequence[Any] = (),
    markdown: bool = False,
) -> dict[str, Any]:
    """The output record of one page; never raises (a failure becomes status "error").

    With ``templates``, the best-matching template's remove and keep rules are applied too and
    the record names it (``template``). With ``markdown``, the record has a ``markdown`` column
    (the cleaned page as Markdown; empty for pages that were not cleaned)."""
    extra: dict[str, Any] = {"site": page.site, "encoding": page.encoding, "source": page.source}
    template, remove, keep = page_rules(page, templates) if page.error is None else (None, [], [])
    if templates:
        extra["template"] = template.name if template is not None else ""
    use_model = template is None or template.use_cleaner
    if page.error:
        res = CleanResult(page.url, status="error", error=page.error, http_status=page.status)
    elif (reason := _skip(page, max_chars)) is not None:
        res = CleanResult(page.url, status="skipped", error=reason, http_status=page.status)
    elif use_model and (site_error is not None or model is None):
        res = CleanResult(
            page.url,
            status="error",
            error=site_error or "no model for the site",
            http_status=page.status,
        )
    else:
        try:
            with time_limit(timeout):
                res = _cleaner_api().clean_page(
                    page,
                    model if use_model else None,
                    remove_xpaths=remove,
                    keep_xpaths=keep,
                    template=template,
                )
            res.http_status = page.status
        except Exception as exc:  # the cleaner's bug on one page is that page's error
            # One line per page (the record holds the error); the traceback only when debugging.
            log.warning("cleaning %s failed: %s: %s", page.url, type(exc).__name__, exc)
            log.debug("cleaning %s failed", page.url, exc_info=True)
            res = CleanResult(
                page.url,
                status="error",
                error=f"{type(exc).__name__}: {exc}",
                http_status=page.status,
            )
    record = res.to_dict()
    record.update(extra)
    if markdown:
        add_markdown(record, page.url)
    return record


def add_markdown(record: dict[str, Any], url: str) -> None:
    """Set ``record["markdown"]`` from its cleaned HTML; a conversion failure is that page's
    error, never the run's."""
    record["markdown"] = ""
    if record.get("status") != "ok":
        return
    from deboiler_gui.engine.clean.markdown import markdown_of_html

    try:
        record["markdown"] = markdown_of_html(str(record.get("cleaned_html") or ""), url)
    except Exception as exc:  # a converter bug on one page must not stop the run
        log.warning("Markdown of %s failed: %s", url, exc, exc_info=True)
        record["status"] = "error"
        record["error"] = f"{url}: Markdown conversion failed: {type(exc).__name__}: {exc}"


# Worker processes hold the site's model once, set by the pool initializer.
_WORKER_MODEL: DomainModel | None = None
_WORKER_SITE_ERROR: str | None = None
_WORKER_MAX_CHARS = DEFAULT_MAX_PAGE_CHARS
_WORKER_TIMEOUT: float | None = DEFAULT_PAGE_TIMEOUT
_WORKER_TEMPLATES: list[Any] = []
_WORKER_MARKDOWN = False


def _init_worker(
    model: dict[str, Any] | None,
    site_error: str | None,
    max_chars: int,
    timeout: float | None,
    templates: list[dict[str, Any]],
    markdown: bool = False,
) -> None:
    global \
        _WORKER_MODEL, \
        _WORKER_SITE_ERROR, \
        _WORKER_MAX_CHARS, \
        _WORKER_TIMEOUT, \
        _WORKER_TEMPLATES, \
        _WORKER_MARKDOWN
    _WORKER_MODEL = DomainModel.from_dict(model) if model is not None else None
    _WORKER_SITE_ERROR = site_error
    _WORKER_MAX_CHARS = max_chars
    _WORKER_TIMEOUT = timeout
    _WORKER_TEMPLATES = load_templates(templates)
    _WORKER_MARKDOWN = markdown


def _work(page: dict[str, Any]) -> dict[str, Any]:
    return result_record(
        Page.from_dict(page),
        _WORKER_MODEL,
        site_error=_WORKER_SITE_ERROR,
        max_chars=_WORKER_MAX_CHARS,
        timeout=_WORKER_TIMEOUT,
        templates=_WORKER_TEMPLATES,
        markdown=_WORKER_MARKDOWN,
    )


def _parallel_records(
    pages: Iterator[Page],
    model: DomainModel | None,
    site_error: str | None,
    jobs: int,
    max_chars: int,
    timeout: float | None,
    templates: list[dict[str, Any]],
    markdown: bool = False,
) -> Iterator[dict[str, Any]]:
    """Records in page order from a pool of processes, with a bounded window of pages in
    flight; a crashed worker fails only the pages it held."""
    from concurrent.futures.process import BrokenProcessPool

    args = (
        model.to_dict() if model is not None else None,
        site_error,
        max_chars,
        timeout,
        templates,
        markdown,
    )
    pool = process_pool(jobs, _init_worker, args)
    window: deque[tuple[Page, Future[dict[str, Any]]]] = deque()
    try:
        for page in pages:
            window.append((page, pool.submit(_work, page.to_dict())))
            while len(window) >= jobs * 4:
                yield _collect(*window.popleft())
        while window:
            yield _collect(*window.popleft())
    except BrokenProcessPool:
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _performance_records(
    cleaner: Any,
    pages: Iterator[Page],
    model: DomainModel,
    max_chars: int,
    timeout: float | None,
    markdown: bool = False,
) -> Iterator[dict[str, Any]]:
    """Records from a fitted cleaner that kept its parsed pages (performance mode: no second
    parse) or their analysis (memory mode: no second analysis)."""
    for page in pages:
        if page.error or _skip(page, max_chars) is not None:
            yield result_record(page, model, max_chars=max_chars, markdown=markdown)
            continue
        try:
            with time_limit(timeout):
                res = next(iter(cleaner.transform([page])))
            res.http_status = page.status
            record = res.to_dict()
            record.update({"site": page.site, "encoding": page.encoding, "source": page.source})
        except Exception as exc:  # as in result_record: this page's error, not the run's
            # One line per page (the record holds the error); the traceback only when debugging.
            log.warning("cleaning %s failed: %s: %s", page.url, type(exc).__name__, exc)
            log.debug("cleaning %s failed", page.url, exc_info=True)
            record = result_record(replace(page, error=f"{type(exc).__name__}: {exc}"), model)
        if markdown:
            add_markdown(record, page.url)
        yield record


def _limited_records(
    pages: Iterator[Page],
    model: DomainModel | None,
    site_error: str | None,
    options: CleanOptions,
    jobs: int = 1,
) -> Iterator[dict[str, Any]]:
    """Records of result_record, in page order, each page run in one of ``jobs`` child
    processes that is stopped (and replaced) when the page takes longer than the timeout."""
    import queue
    from concurrent.futures import ThreadPoolExecutor

    from deboiler_gui.engine.pagework import PageTimeout as HardTimeout
    from deboiler_gui.engine.pagework import PageWorker, WorkerFailed

    args = (
        model.to_dict() if model is not None else None,
        site_error,
        options.max_page_chars,
        None,
        options.templates,
        options.markdown,
    )
    idle: queue.Queue[PageWorker] = queue.Queue()
    workers = [PageWorker(_work, init=_init_worker, init_args=args) for _ in range(jobs)]
    for w in workers:
        idle.put(w)

    def one(page: Page) -> dict[str, Any]:
        worker = idle.get()
        try:
            return worker.run(page.to_dict(), options.page_timeout)  # type: ignore[no-any-return]
        except (HardTimeout, WorkerFailed) as exc:
            what = f"cleaning {exc}" if isinstance(exc, HardTimeout) else f"worker failed: {exc}"
            record = CleanResult(
                page.url, status="error", error=what, http_status=page.status
            ).to_dict()
            record.update({"site": page.site, "encoding": page.encoding, "source": page.source})
            return record
        finally:
            idle.put(worker)

    window: deque[Future[dict[str, Any]]] = deque()
    try:
        with ThreadPoolExecutor(max_workers=jobs) as threads:
            for page in pages:
                window.append(threads.submit(one, page))
                while len(window) >= jobs * 2:
                    yield window.popleft().result()
            while window:
                yield window.popleft().result()
    finally:
        for w in workers:
            w.close()


def _collect(page: Page, future: Future[dict[str, Any]]) -> dict[str, Any]:
    try:
        return future.result()
    except Exception as exc:  # worker died (e.g. out of memory) while on this page
        record = CleanResult(
            page.url,
            status="error",
            error=f"worker failed: {type(exc).__name__}: {exc}",
            http_status=page.status,
        ).to_dict()
        record.update({"site": page.site, "encoding": page.encoding, "source": page.source})
        return record


def _fallback_api() -> Any:
    from deboiler_gui.engine.clean import pagefallback

    return pagefallback


def _fallback_records(
    pages: Iterator[Page], site_pages: int, max_chars: int
) -> Iterator[dict[str, Any]]:
    """Records of a site too small to learn from, each page cleaned on its own."""
    api = _fallback_api()
    for page in pages:
        if page.error or _skip(page, max_chars) is not None:
            yield result_record(page, None, max_chars=max_chars)
            continue
        record = api.clean_single(page, site_pages).to_dict()
        record.update({"site": page.site, "encoding": page.encoding, "source": page.source})
        yield record


def _with_why(
    record: dict[str, Any],
    ws: Workspace,
    model: DomainModel | None,
    templates: Sequence[Any],
    text: str,
) -> dict[str, Any]:
    """The record with ``why``: what became of ``text`` on its page (None when the page's
    text does not hold it or the page was not cleaned)."""
    fate: dict[str, Any] | None = None
    if record.get("status") == "ok":
        from deboiler_gui.engine.clean.explain import text_fate

        page = ws.get_page(str(record.get("url")))
        if page is not None:
            template, remove, keep = page_rules(page, templates)
            use_model = template is None or template.use_cleaner
            try:
                fate = text_fate(
                    page,
                    model if use_model else None,
                    text,
                    str(record.get("cleaned_text") or ""),
                    method=str((record.get("content") or {}).get("method") or "site"),
                    remove=remove,
                    keep=keep,
                )
            except Exception as exc:  # tracing is a diagnosis: it never stops the run
                log.warning(
                    "tracing the text on %s failed: %s: %s", page.url, type(exc).__name__, exc
                )
    return {**record, "why": fate}


def clean_steps(
    ws: Workspace,
    writer: ResultWriter,
    models: dict[str, DomainModel],
    *,
    sites: Iterable[str] | None = None,
    options: CleanOptions | None = None,
    summary: RunSummary | None = None,
    site_errors: dict[str, str] | None = None,
    cleaners: dict[str, Any] | None = None,
) -> Generator[Progress, None, RunSummary]:
    """Write one record per workspace page (of the given sites) with the sites' models.

    Records follow the input: sites in the order they first appear, each site's pages in the
    order read; the error records of input that names no site (a line that is no JSON, a
    record without a URL) are written at their place among them."""
    options = options or CleanOptions()
    summary = summary or RunSummary()
    site_errors = site_errors or {}
    names = list(sites) if sites is not None else [s for s, _n in ws.sites()]
    counts = dict(ws.sites())
    total = sum(counts.get(s, 0) for s in names)
    positions = ws.site_positions()
    names.sort(key=lambda s: positions.get(s, 0))
    unplaced: deque[tuple[int, Page]] = deque()
    if "" in names and not ws.has_cleanable_candidates(""):
        names.remove("")
        unplaced.extend(ws.iter_pages_in_input_order(""))
    done = 0
    templates = load_templates(options.templates)

    def emit(record: dict[str, Any], model: DomainModel | None) -> None:
        nonlocal done
        writer.write(record)
        summary.count(record)
        if options.why is not None:
            record = _with_why(record, ws, model, templates, options.why)
        if options.on_record is not None:
            options.on_record(record)
        done += 1

    def placed_before(position: int | None) -> Iterator[dict[str, Any]]:
        while unplaced and (position is None or unplaced[0][0] < position):
            yield result_record(
                unplaced.popleft()[1],
                None,
                max_chars=options.max_page_chars,
                templates=templates,
                markdown=options.markdown,
            )

    yield Progress(0, total, "cleaning", "cleaning")
    for site in names:
        model = models.get(site)
        error = site_errors.get(site)
        read: deque[int] = deque()  # the positions of the pages handed out, in order

        def site_pages(site: str = site, read: deque[int] = read) -> Iterator[Page]:
            for position, page in ws.iter_pages_in_input_order(site):
                read.append(position)
                yield page

        pages = site_pages()
        cleaner = (cleaners or {}).get(site)
        fitted = int(model.stats.get("pages", 0)) if model is not None else counts.get(site, 0)
        records: Iterator[dict[str, Any]]
        # a site with a model fitted on too few pages (one without pages to fit has none)
        small = error is None and model is not None and _fallback_api().too_few(fitted)
        if small and options.page_fallback:
            summary.fallback_sites.append((site, fitted))
            if site in summary.fitted:  # its model is not what cleans it
                summary.fitted.remove(site)
            records = _fallback_records(pages, fitted, options.max_page_chars)
        elif cleaner is not None and model is not None and error is None and not templates:
            records = _performance_records(
                cleaner,
                pages,
                model,
                options.max_page_chars,
                options.page_timeout,
                options.markdown,
            )
        elif templates and options.page_timeout:
            # Template rules are XPaths of the user's: one can run in C for minutes, which
            # SIGALRM cannot interrupt, so these pages are cleaned in children that are killed.
            records = _limited_records(
                pages, model, error, options, min(options.jobs, max(1, counts.get(site, 0)))
            )
        elif options.jobs > 1 and counts.get(site, 0) > options.jobs:
            records = _parallel_records(
                pages,
                model,
                error,
                options.jobs,
                options.max_page_chars,
                options.page_timeout,
                options.templates,
                options.markdown,
            )
        else:
            records = (
                result_record(
                    p,
                    model,
                    site_error=error,
                    max_chars=options.max_page_chars,
                    timeout=options.page_timeout,
                    templates=templates,
                    markdown=options.markdown,
                )
                for p in pages
            )
        if small and not options.page_fallback:
            summary.small_sites.append((site, fitted))
        for record in records:
            # every generator gives one record per page, in the order it took the pages
            for earlier in placed_before(read.popleft() if read else None):
                emit(earlier, None)
            emit(record, model)
            if done % 8 == 0 or done == total:
                yield Progress(done, total, f"cleaning {site}", "cleaning")
    for earlier in placed_before(None):
        emit(earlier, None)
    yield Progress(total, total, "cleaned", "cleaning")
    return summary


# --------------------------------------------------------------------------- a whole run


def default_output_path(inputs: list[str], fmt: str = "jsonl") -> Path:
    """<first input's name>-clean.<ext> in the current folder."""
    stem = Path(inputs[0]).name if inputs else "site"
    for suffix in (
        ".gz",
        ".warc",
        ".jsonl",
        ".ndjson",
        ".json",
        ".sqlite",
        ".sqlite3",
        ".db",
        ".html",
        ".htm",
    ):
        if stem.lower().endswith(suffix):
            stem = stem[: -len(suffix)]
    ext = {"jsonl": ".jsonl", "csv": ".csv", "sqlite": ".sqlite", "html": "", "markdown": ""}[fmt]
    return Path.cwd() / f"{stem or 'site'}-clean{ext}"


def run_steps(
    inputs: Sequence[str | os.PathLike[str]],
    output: str | os.PathLike[str],
    *,
    fmt: str | None = None,
    base_url: str | None = None,
    workspace: str | os.PathLike[str] | None = None,
    sites: Iterable[str] | None = None,
    options: CleanOptions | None = None,
    chrome: str | os.PathLike[str] | None = None,
    max_record_bytes: int | None = None,
) -> Generator[Progress, None, RunSummary]:
    """Read, fit (or reuse the workspace's saved models) and clean; write ``output``.

    With ``chrome``, also write one record per site with the boilerplate its model removes,
    once (engine/chrome.py).

    With ``workspace``, saved models are reused and newly fitted ones are saved there. When the
    only input is a workspace, its pages are read in place; other inputs are staged in a
    temporary workspace that is deleted afterwards.
    """
    options = options or CleanOptions()
    if format_for(output, fmt) == "markdown":  # fail on a bad output name before any work
        options = replace(options, markdown=True)
    if chrome is not None:  # its folder made (or refused) before any work
        from deboiler_gui.engine.output import make_folder

        make_folder(Path(chrome).resolve().parent, chrome)
    started = time.monotonic()
    paths = [Path(p) for p in inputs]
    # Every input exists, is of a known kind and holds pages (before anything is written).
    InputSet.open(paths, base_url=base_url, max_record_bytes=max_record_bytes)
    staging_dir: str | None = None
    models_ws: Workspace | None = None
    opened: Workspace | None = None  # the pages' workspace, when it is not models_ws
    replaced, warnings = 0, []
    try:
        if workspace is not None:
            models_ws = Workspace(workspace)
        if len(paths) == 1 and input_kind(paths[0]) == "workspace":
            same = models_ws is not None and paths[0].resolve() == models_ws.path.resolve()
            if same and models_ws is not None:
                pages_ws = models_ws
            else:
                pages_ws = opened = Workspace(paths[0], create=False)
        else:
            staging_dir = tempfile.mkdtemp(prefix="deboiler-run-")
            pages_ws = opened = Workspace(Path(staging_dir) / "pages.sqlite", scratch=True)
            read = yield from import_steps(
                pages_ws, paths, base_url=base_url, max_record_bytes=max_record_bytes
            )
            replaced, warnings = read.replaced, list(read.warnings)
        known = [s for s, _n in pages_ws.sites()]
        wanted = list(sites) if sites is not None else known
        unknown = sorted(set(wanted) - set(known))
        if unknown:
            raise InputError(
                f"no pages of site(s) {', '.join(unknown)} in the input (it has: {', '.join(known) or 'none'})"
            )
        summary = RunSummary(output=str(output), sites=wanted, replaced=replaced, warnings=warnings)
        models: dict[str, DomainModel] = {}
        to_fit = []
        for site in wanted:
            saved = models_ws.load_model(site) if models_ws is not None else None
            if saved is not None and not saved.stale:
                models[site] = saved
                summary.reused.append(site)
            else:
                if saved is not None:
                    summary.warnings.append(
                        f"site {site}: its saved model was fitted by an older version of the"
                        " cleaner; fitted again"
                    )
                to_fit.append(site)
        cleaners: dict[str, Any] = {}
        if to_fit:
            fitted = yield from fit_steps(
                pages_ws,
                sites=to_fit,
                options=options,
                save_to=models_ws,
                failed=summary.failed_sites,
                cleaners=cleaners,
            )
            models.update(fitted)
            summary.fitted.extend(fitted)
        extra = ("markdown",) if options.markdown else ()
        with ResultWriter(output, fmt, extra_columns=extra) as writer:
            yield from clean_steps(
                pages_ws,
                writer,
                models,
                sites=wanted,
                options=options,
                summary=summary,
                site_errors=summary.failed_sites,
                cleaners=cleaners,
            )
        if chrome is not None:
            from deboiler_gui.engine.clean.chrome import chrome_steps

            yield from chrome_steps(
                pages_ws, models, wanted, str(chrome), max_chars=options.max_page_chars
            )
        summary.seconds = round(time.monotonic() - started, 3)
        if models_ws is not None:
            models_ws.record_run("clean", {**summary.to_dict(), "inputs": [str(p) for p in paths]})
        return summary
    finally:
        if opened is not None:
            opened.close()
        if models_ws is not None:
            models_ws.close()
        if staging_dir is not None:
            shutil.rmtree(staging_dir, ignore_errors=True)


def import_into(
    workspace: str | os.PathLike[str],
    inputs: Sequence[str | os.PathLike[str]],
    *,
    base_url: str | None = None,
    max_record_bytes: int | None = None,
) -> Generator[Progress, None, ImportSummary]:
    """Read inputs into a workspace file (created if needed). Inputs that are missing, empty
    or not of their kind are refused before the file is created; a workspace this call
    created is removed again when the import fails."""
    InputSet.open(inputs, base_url=base_url, max_record_bytes=max_record_bytes)
    target = Path(workspace)
    created = not target.exists()
    try:
        with Workspace(workspace) as ws:
            return (
                yield from import_steps(
                    ws, inputs, base_url=base_url, max_record_bytes=max_record_bytes
                )
            )
    except BaseException:
        if created:
            for leftover in (target, *(Path(f"{target}{x}") for x in ("-wal", "-shm", "-journal"))):
                leftover.unlink(missing_ok=True)
        raise


def fit_workspace(
    workspace: str | os.PathLike[str],
    *,
    sites: Iterable[str] | None = None,
    options: CleanOptions | None = None,
) -> Generator[Progress, None, tuple[dict[str, DomainModel], dict[str, str]]]:
    """Fit and save a model for each site of an existing workspace; returns (models, failures)."""
    with Workspace(workspace, create=False) as ws:
        known = {s for s, _n in ws.sites()}
        wanted = list(sites) if sites is not None else sorted(known)
        for s in wanted:
            if s not in known:
                raise InputError(
                    f"workspace {ws.path} has no pages of site {s!r} (it has: {', '.join(sorted(known)) or 'none'})"
                )
        failed: dict[str, str] = {}
        models = yield from fit_steps(ws, sites=wanted, options=options, save_to=ws, failed=failed)
        return models, failed
