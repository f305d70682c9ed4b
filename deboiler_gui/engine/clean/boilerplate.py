"""The automatic domain cleaner: learns a site's boilerplate from all its pages (fit), removes it
from any page of the site (transform; clean_page and friends live in engine.cleaning) and says
what it removed and why."""

from __future__ import annotations

import logging
import math
import re
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deboiler_gui.engine.clean.analysis import (
    DEFAULT_CONFIG,
    MODES,
    Facts,
    FactsStore,
    Spec,
    analyse,
    check_config,
    hexkey,
    make_spec,
    summarise,
)
from deboiler_gui.engine.clean.cleaning import (
    applied,
    clean_page,
    clean_tree,
    find_boilerplate,
    post_places,
)
from deboiler_gui.engine.clean.pagefallback import clean_single, too_few
from deboiler_gui.engine.htmltree import HtmlElement, parse_html, prepare_html
from deboiler_gui.engine.jobs import pool as jobs_pool
from deboiler_gui.engine.model import (
    CleanResult,
    DeboilerError,
    DomainModel,
    InputError,
    Page,
    Progress,
    Removal,
)
from deboiler_gui.engine.progress import run
from deboiler_gui.engine.words import count

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

log = logging.getLogger(__name__)

OPERATION_MODES = ("memory", "performance")
MODEL_FORMAT = 1
#: A template's content place counts when its pages are at least this share of the site's.
MAIN_SOME_SHARE = 0.1
#: a repeated block is said on only some pages of its place when it is on fewer than this
#: share of the pages that have the place around it
PARTIAL_SHARE = 0.95

#: Performance mode keeps parsed trees for up to this many characters of HTML (a tree and its
#: analysis take about 20 bytes per character: some 80 MB, which keeps the mode's peak below
#: deboiler's memory mode on a 3,000-page site); later pages keep only their analysis, as in
#: memory mode, so a large site does not hold gigabytes of trees.
KEPT_TREE_CHARS = 4_000_000


def _fittable(page: Page) -> bool:
    # Unreadable and non-2xx pages say nothing about the site's template, nor do pages that
    # send the reader on at once (a manual's hundred stubs "The node you are looking for
    # is at …", one per section, outnumbering its real pages).
    return (
        page.error is None
        and 200 <= page.status < 300
        and bool(page.html)
        and not redirect_stub(page.html)
    )


_META_REFRESH = re.compile(r"<meta\b[^>]*http-equiv\s*=\s*[\"']?refresh\b[^>]*>", re.I)
_REFRESH_NOW = re.compile(
    r"content\s*=\s*[\"']?\s*[01](?:\.0*)?\s*[;,]\s*url\s*=\s*[^\s\"'>]", re.I
)


def redirect_stub(html: str) -> bool:
    """A page whose head sends the reader to another address at once (a ``meta`` refresh of
    at most a second, with a URL): a pointer, not a page of the site's template."""
    head = html[:8192]
    return any(_REFRESH_NOW.search(m.group(0)) for m in _META_REFRESH.finditer(head))


# Worker processes receive the spec once, through the pool initializer.
_WORKER_SPEC: tuple[Spec, float, int] | None = None
_WORKER_MODEL: DomainModel | None = None


def _init_fit_worker(spec: Spec, link_density: float, label_min: int) -> None:
    global _WORKER_SPEC
    _WORKER_SPEC = (spec, link_density, label_min)


def _summary(
    root: HtmlElement, spec: Spec, density: float, label_min: int, facts: Facts
) -> dict[str, Any]:
    """One page's plain data for the model: its analysis's, and the places of its posts'
    cards when it is a thread."""
    summary = summarise(root, spec, density, facts)
    if not spec.compat and "too_large" not in summary:
        summary.update(post_places(facts, density, label_min))
    return summary


def _fit_worker(batch: list[tuple[str, str | None]]) -> list[dict[str, Any] | str | None]:
    assert _WORKER_SPEC is not None
    spec, density, label_min = _WORKER_SPEC
    out: list[dict[str, Any] | str | None] = []
    for url, html in batch:
        if html is None:
            out.append(None)
            continue
        try:
            root = parse_html(html, ids=False)
            out.append(_summary(root, spec, density, label_min, analyse(root, spec)))
        except Exception as exc:  # one bad page never stops the fit
            out.append(f"{url}: {type(exc).__name__}: {exc}")
    return out


def _init_clean_worker(model: dict[str, Any]) -> None:
    global _WORKER_MODEL
    _WORKER_MODEL = DomainModel.from_dict(model)


def _clean_worker(batch: list[dict[str, Any]]) -> list[dict[str, Any]]:
    assert _WORKER_MODEL is not None
    return [clean_page(Page.from_dict(p), _WORKER_MODEL).to_dict() for p in batch]


def _batched(items: Iterable[Any], size: int) -> Iterator[list[Any]]:
    batch: list[Any] = []
    for item in items:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def _windowed_map(
    pool: ProcessPoolExecutor, fn: Callable[[Any], Any], batches: Iterable[Any], window: int
) -> Iterator[Any]:
    """Results in input order with at most ``window`` batches in flight (bounded memory)."""
    pending: deque[Future[Any]] = deque()
    for batch in batches:
        pending.append(pool.submit(fn, batch))
        while len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


# --------------------------------------------------------------------------- the cleaner


def _threshold(share: float, minimum: int, n_pages: int) -> int:
    # At least two pages (a block on one page is that page's own), at most all of them.
    return max(2, min(max(minimum, math.ceil(share * n_pages)), n_pages))


@dataclass(slots=True)
class _FitState:
    """What fit accumulates over the pages: document frequencies of representations and
    structural slots (improved) or neighbour-pair counts (compat)."""

    df: dict[int, int] = field(default_factory=dict)  # pages a representation is on
    link_dense: set[int] = field(default_factory=set)  # representations that are link-dense
    slot_df: dict[int, int] = field(default_factory=dict)  # pages a slot is on
    slot_chars: dict[int, int] = field(default_factory=dict)
    slot_links: dict[int, int] = field(default_factory=dict)
    slot_main: dict[int, int] = field(default_factory=dict)  # pages where it holds the content
    # pages whose content opens or ends with a block saying these words outside its links
    edge_df: dict[int, int] = field(default_factory=dict)
    heading_label_df: dict[int, int] = field(default_factory=dict)
    # the block found as a page's content (beside the page's heading), by its words: [pages,
    # its place there]
    main_blocks: dict[int, list[int]] = field(default_factory=dict)
    slot_names: dict[int, str] = field(default_factory=dict)
    slot_skel: dict[int, str] = field(default_factory=dict)  # the skeleton first seen there...
    slot_same: dict[int, int] = field(default_factory=dict)  # ...and pages where it was the same
    slot_content: dict[int, int] = field(default_factory=dict)  # pages: on the slot path
    slot_multi: dict[int, int] = field(default_factory=dict)  # pages: several texts there
    # the place a block is first seen at (its slot, the slot around it)...
    hash_slot: dict[int, tuple[int, int | None]] = field(default_factory=dict)
    hash_slot_n: dict[int, int] = field(default_factory=dict)  # ...and pages where it was there
    label_df: dict[int, int] = field(default_factory=dict)  # pages with a labelled link block
    label_names: dict[int, str] = field(default_factory=dict)
    loose_df: dict[int, int] = field(default_factory=dict)  # pages with a loose link
    # thread pages with a post card at a slot, the labels the cards there say (pages per
    # label), pages where a card was looked for at the slot, and pages with a thread's line
    # of facts at a slot
    card_df: dict[int, int] = field(default_factory=dict)
    card_labels: dict[int, dict[str, int]] = field(default_factory=dict)
    card_seen: dict[int, int] = field(default_factory=dict)
    line_df: dict[int, int] = field(default_factory=dict)
    pair_counts: dict[int, int] = field(default_factory=dict)
    pairs: int = 0
    similar_pairs: int = 0
    prev: set[int] | None = None
    prev_url: str = ""
    unordered: bool = False

    def place_pages(self, h: int) -> int:
        """Pages that have the place of a block: its slot, or the slot of the block around it
        (a quoted post's own slot exists only where some quote is; its post's slot is on
        every thread)."""
        slot, parent = self.hash_slot[h]
        n = self.slot_df.get(slot, 1)
        return max(n, self.slot_df.get(parent, 0)) if parent is not None else n

    def in_series(self, h: int, share: float) -> bool:
        """Whether a block's own slot holds blocks of different texts on ``share`` of the
        pages that have it."""
        slot = self.hash_slot[h][0]
        return self.slot_multi.get(slot, 0) >= share * self.slot_df.get(slot, 1)

    def add_pair(self, url: str, hashes: dict[int, bool], iou_threshold: float) -> None:
        """compat: the representations this page shares with its URL neighbour."""
        current = set(hashes)
        if self.prev_url and url < self.prev_url:
            self.unordered = True
        if self.prev is not None:
            self.pairs += 1
            shared = self.prev & current
            union = len(self.prev | current) or 1
            if len(shared) / union >= iou_threshold:
                self.similar_pairs += 1
            else:
                counts = self.pair_counts
                for h in shared:
                    counts[h] = counts.get(h, 0) + 1
        self.prev, self.prev_url = current, url

    def add_page(self, summary: dict[str, Any]) -> None:
        """improved: one page's representations and slots."""
        df = self.df
        hslots = summary["hslots"]
        hash_slot, hash_slot_n = self.hash_slot, self.hash_slot_n
        for h, dense in summary["hashes"].items():
            n = df.get(h)
            where = hslots.get(h)
            if n is None:
                df[h] = 1
                if where is not None:
                    hash_slot[h] = where
                    hash_slot_n[h] = 1
            else:
                df[h] = n + 1
                if where is not None and hash_slot.get(h) == where:
                    hash_slot_n[h] += 1
            if dense:
                self.link_dense.add(h)
        label_df = self.label_df
        for key, name in summary["labels"].items():
            if key in label_df:
                label_df[key] += 1
            else:
                label_df[key] = 1
                self.label_names[key] = name
        slot_content = self.slot_content
        for key in summary["content"]:
            slot_content[key] = slot_content.get(key, 0) + 1
        names = summary["names"]
        slot_df = self.slot_df
        for key, (chars, links, skel) in summary["slots"].items():
            if key not in slot_df:
                self.slot_names[key] = names[key]
                slot_df[key] = 1
                self.slot_chars[key] = chars
                self.slot_links[key] = links
                self.slot_skel[key] = skel
                self.slot_same[key] = 1
            else:
                slot_df[key] += 1
                self.slot_chars[key] += chars
                self.slot_links[key] += links
                if self.slot_skel[key] == skel:
                    self.slot_same[key] += 1
        slot_main = self.slot_main
        for key in summary["main"]:
            slot_main[key] = slot_main.get(key, 0) + 1
        edge_df = self.edge_df
        for key in summary.get("edges", ()):
            edge_df[key] = edge_df.get(key, 0) + 1
        label_df = self.heading_label_df
        for key in summary.get("heading_labels", ()):
            label_df[key] = label_df.get(key, 0) + 1
        block = summary.get("main_block")
        if block is not None:
            h, key = block
            seen = self.main_blocks.get(h)
            if seen is None:
                self.main_blocks[h] = [1, key]
            elif seen[1] == key:
                seen[0] += 1
        loose_df = self.loose_df
        for key in summary.get("loose", ()):
            loose_df[key] = loose_df.get(key, 0) + 1
        slot_multi = self.slot_multi
        for key in summary.get("multi", ()):
            slot_multi[key] = slot_multi.get(key, 0) + 1
        card_df, card_labels = self.card_df, self.card_labels
        for key, labels in summary.get("cards", {}).items():
            card_df[key] = card_df.get(key, 0) + 1
            said = card_labels.setdefault(key, {})
            for w in labels:
                said[w] = said.get(w, 0) + 1
        card_seen = self.card_seen
        for key in summary.get("card_seen", ()):
            card_seen[key] = card_seen.get(key, 0) + 1
        line_df = self.line_df
        for key in summary.get("lines", ()):
            line_df[key] = line_df.get(key, 0) + 1

    def unplace_repeats(self, text_min: int) -> None:
        """A place whose content on a page was a block that ``text_min`` pages or more say
        there word for word, digits and all, beside the page's own heading (the server's
        signature under a folder's listing) did not hold that page's content: those pages
        leave its count."""
        slot_main = self.slot_main
        for n, key in self.main_blocks.values():
            if n >= text_min and key in slot_main:
                slot_main[key] = max(0, slot_main[key] - n)


class DomainCleaner:
    """Learns one site's boilerplate from its pages, scikit-learn style.

    ``mode="compat"`` reproduces the original deboiler's choices (its candidate tags, exact
    representations shared by URL-sorted neighbours, IoU guard); ``mode="improved"`` (default)
    adds wider candidates, site-wide frequencies with digits folded, and structural slots.
    ``operation_mode="performance"`` keeps parsed pages from fit for transform (single
    process; up to ``kept_tree_chars`` characters of HTML, the rest as in memory mode);
    ``"memory"`` re-parses. ``jobs`` > 1 analyses pages in worker processes.
    """

    def __init__(
        self,
        *,
        mode: str = "improved",
        operation_mode: str = "memory",
        jobs: int = 1,
        page_fallback: bool = False,
        **config: Any,
    ) -> None:
        if mode not in MODES:
            raise InputError(f"unknown cleaner mode {mode!r} (expected one of {', '.join(MODES)})")
        if operation_mode not in OPERATION_MODES:
            raise InputError(
                f"unknown operation mode {operation_mode!r} (expected one of {', '.join(OPERATION_MODES)})"
            )
        if int(jobs) < 1:
            raise InputError(f"jobs must be at least 1, not {jobs!r}")
        self.mode = mode
        self.operation_mode = operation_mode
        self.jobs = int(jobs)
        # a site with too few pages to learn from (1-4) is cleaned page by page instead
        self.page_fallback = bool(page_fallback)
        self.config = check_config(config)
        self.model_: DomainModel | None = None
        self._cache: dict[str, tuple[HtmlElement, Facts | None]] = {}
        self.kept_tree_chars = KEPT_TREE_CHARS  # performance mode's bound on kept trees
        # memory mode: each page's analysis from fit, compact and without its tree
        self._store: FactsStore | None = None

    # ---------------------------------------------------------------- fit

    def fit(self, pages: Iterable[Page]) -> DomainCleaner:
        run(self.fit_steps(pages))
        return self

    def _summaries(
        self, pages: Iterable[Page], spec: Spec
    ) -> Iterator[tuple[Page, dict[str, Any] | str | None]]:
        density = float(self.config["link_density"])
        label_min = int(self.config["passage_min_chars"])
        keep = self.operation_mode == "performance" and self.jobs == 1
        store = self._store = FactsStore(spec) if self.jobs == 1 else None
        room = self.kept_tree_chars if keep else 0
        if self.jobs == 1:
            for page in pages:
                if not _fittable(page):
                    yield page, None
                    continue
                try:
                    ready = prepare_html(page.html)
                    # the cleaner's own tree: no user XPath reads it, no id table
                    root = (
                        parse_html(page.html, ids=False)
                        if ready is None
                        else parse_html(ready, prepared=True, ids=False)
                    )
                    facts = analyse(root, spec, None if ready is None else len(ready))
                    summary = _summary(root, spec, density, label_min, facts)
                    if len(page.html) <= room:  # performance mode: the tree serves transform
                        self._cache[page.url] = (root, facts)
                        room -= len(page.html)
                    elif store is not None:  # memory mode: a few numbers per candidate
                        store.put(page.url, page.html, root, facts, ready == page.html)
                    yield page, summary
                except Exception as exc:  # one bad page never stops the fit
                    yield page, f"{page.url}: {type(exc).__name__}: {exc}"
            return
        if self.operation_mode == "performance":
            log.info(
                "performance mode keeps parsed pages in one process; jobs=%d uses memory mode",
                self.jobs,
            )
        held: deque[list[Page]] = deque()

        def batches() -> Iterator[list[tuple[str, str | None]]]:
            for batch in _batched(pages, 8):
                held.append(batch)
                yield [(p.url, p.html if _fittable(p) else None) for p in batch]

        with jobs_pool(self.jobs, _init_fit_worker, (spec, density, label_min)) as pool:
            for results in _windowed_map(pool, _fit_worker, batches(), self.jobs * 4):
                batch = held.popleft()
                yield from zip(batch, results, strict=True)

    def fit_steps(self, pages: Iterable[Page]) -> Generator[Progress, None, DomainModel]:
        """Fit on the pages (a re-iterable, best ordered by URL); each yield is a cancel point."""
        cfg = self.config
        spec = make_spec(self.mode, cfg)
        self._cache.clear()
        self._store = None
        if isinstance(pages, list | tuple):
            pages = sorted(pages, key=lambda p: p.url)
        total = len(pages) if hasattr(pages, "__len__") else None  # type: ignore[arg-type]
        compat = self.mode == "compat"
        site = ""
        n_pages = skipped = failed = too_large = redirects = 0
        st = _FitState()
        seen = 0
        yield Progress(0, total, "fitting")
        for page, summary in self._summaries(pages, spec):
            seen += 1
            if not site:
                site = page.site
            if isinstance(summary, str):
                failed += 1
                log.warning("fit skipped a page that failed: %s", summary)
            elif summary is None:
                # unreadable, not a 2xx page, or a redirect stub: seen, not fitted
                redirects += bool(page.html) and redirect_stub(page.html)
            elif "too_large" in summary:
                too_large += 1
                log.warning(
                    "fit skipped %s: %d elements, above max_elements",
                    page.url,
                    summary["too_large"],
                )
            else:
                n_pages += 1
                if compat:
                    st.add_pair(page.url, summary["hashes"], cfg["iou_threshold"])
                else:
                    st.add_page(summary)
            if seen % 16 == 0:
                yield Progress(seen, total, f"fitting {site}")
        skipped = seen - n_pages - failed - too_large - redirects
        if st.unordered:
            log.warning(
                "pages of %s were not ordered by URL: neighbour pairs follow input order", site
            )
        stats: dict[str, Any] = {
            "pages": n_pages,
            "pages_seen": seen,
            "pages_failed": failed,
            "pages_too_large": too_large,
            "pages_not_ok": skipped,
            "pages_redirect": redirects,
        }
        data: dict[str, Any] = {"format": MODEL_FORMAT, "mode": self.mode}
        if compat:
            exact = sorted(h for h, c in st.pair_counts.items() if c >= cfg["min_occurrence"])
            data["exact"] = [hexkey(h) for h in exact]
            stats.update(pairs=st.pairs, similar_pairs=st.similar_pairs, exact=len(exact))
        else:
            text_min = _threshold(cfg["min_page_share"], cfg["min_pages"], n_pages)
            link_min = max(2, int(cfg["link_min_pages"]))
            exact = sorted(h for h, c in st.df.items() if c >= text_min)
            st.unplace_repeats(text_min)
            # Link-dense blocks (menus) need less evidence, but only outside the main content.
            exact_links = sorted(
                h for h, c in st.df.items() if link_min <= c < text_min and h in st.link_dense
            )
            slot_min = _threshold(cfg["slot_min_share"], cfg["slot_min_pages"], n_pages)
            protected = {
                k for k, c in st.slot_main.items() if c >= max(2, 0.1 * st.slot_df.get(k, 0))
            }
            nav = sorted(
                k
                for k, c in st.slot_df.items()
                if c >= slot_min
                and k not in protected
                and st.slot_chars[k] > 0
                and st.slot_links[k] >= cfg["link_density"] * st.slot_chars[k]
            )
            # Template frames: a slot outside the main content whose tag skeleton is the same
            # on most pages (prev/next bars with changing titles, "you are here" headers).
            frames = sorted(
                k
                for k, c in st.slot_df.items()
                if c >= slot_min
                and k not in protected
                and st.slot_chars[k] > 0
                and st.slot_same[k] >= cfg["frame_consistency"] * c
                and st.slot_links[k] > 0  # navigation links to somewhere
                and k not in set(nav)
            )
            data["frame_slots"] = {
                hexkey(k): [st.slot_names[k][-300:], st.slot_skel[k]] for k in frames
            }
            data["exact"] = [hexkey(h) for h in exact]
            data["exact_links"] = [hexkey(h) for h in exact_links]
            # a link standing loose at the page's top levels, the same text to the same
            # target on most pages ("main help file"): the frame's, outside the content
            data["loose_links"] = sorted(hexkey(k) for k, c in st.loose_df.items() if c >= text_min)
            data["nav_slots"] = {hexkey(k): st.slot_names[k][-300:] for k in nav}
            # the words a block says outside its links at the content's first or last blocks
            # on many pages, whatever its links ("This page may have a more recent version
            # on …: …, and a talk page: …"): the frame's
            data["edge_words"] = sorted(hexkey(k) for k, c in st.edge_df.items() if c >= text_min)
            # the one-word label right after a heading on many pages (a blog's post format,
            # "Standard", after every post's title): the template's, not the post's
            data["heading_labels"] = sorted(
                hexkey(k) for k, c in st.heading_label_df.items() if c >= text_min
            )
            data["protected_slots"] = sorted(hexkey(k) for k in protected)
            # Where the site keeps its content: slots on the main-content path of at least half
            # the pages (a page whose own guess stops above them is mostly links).
            data["main_slots"] = sorted(
                hexkey(k) for k, c in st.slot_main.items() if c >= 0.5 * n_pages
            )
            # A site of several templates (an archive of years of a news site) has no slot on
            # half its pages; a template's own content place holds the content on at least
            # half the pages that have it, on a tenth of the site's pages at least. Only where
            # the page's guess stopped above the content (see cleaning._site_main).
            main_some = set(data["main_slots"])
            data["main_slots_some"] = sorted(
                key
                for k, c in st.slot_main.items()
                if c >= slot_min
                and c >= 0.5 * st.slot_df.get(k, c)
                and st.slot_df.get(k, c) >= MAIN_SOME_SHARE * n_pages
                and (key := hexkey(k)) not in main_some
            )
            # A template with few pages (25 pages of one year in a site of four) has its own
            # content place on too few pages for main_slots_some: a slot on the main-content
            # path of two pages at least and of half the pages that have it. Used only where
            # the page's guess stopped above it and what lies beside it there is the frame's
            # (see cleaning._template_main).
            data["main_slots_template"] = sorted(
                key
                for k, c in st.slot_main.items()
                if c >= 2
                and c >= 0.5 * st.slot_df.get(k, c)
                and (key := hexkey(k)) not in main_some
            )
            # The content slot: below the main content, the slots the page's content narrows to
            # on most of the pages that have them (a news story's cell, not the menu and the
            # teasers around it). Frame detectors act between the main content and it.
            data["content_slots"] = sorted(
                hexkey(k)
                for k, c in st.slot_content.items()
                if c >= slot_min and c >= 0.5 * st.slot_df.get(k, c)
            )
            # Slots on enough pages to be the site's structure (link lists there between the
            # main content and the content slot are the frame)
            data["common_slots"] = sorted(hexkey(k) for k, c in st.slot_df.items() if c >= slot_min)
            # Per-page widgets: a link-dense block under the same label at the same place on
            # enough pages, whatever its links ("Related", "See also:", "Other top stories:").
            labelled = sorted(k for k, c in st.label_df.items() if c >= slot_min)
            data["label_slots"] = {hexkey(k): st.label_names[k] for k in labelled}
            # Inside the content a repeated block stays unless it is fixed: at the same place
            # on most pages that have the place (a quoted post is on a few threads only).
            # A series' place (one that holds blocks of different texts on most pages that
            # have it: each entry's methods, each post's author line) has no one block that
            # belongs there: a block repeated at it is not fixed (the same instance
            # documented on each module page that defines the type).
            fixed_share = float(cfg["fixed_share"])
            data["exact_free"] = sorted(
                hexkey(h)
                for h in exact
                if h in st.hash_slot
                and (st.df[h] < fixed_share * st.place_pages(h) or st.in_series(h, fixed_share))
            )
            # A block the site says at its place on only some of the pages that have the place
            # around it (its own slot missing on the others): the site shows it for some
            # records and not others ("This event has passed." over past events only), a word
            # on the page's record, where a banner of the frame is on every page
            data["exact_partial"] = sorted(
                hexkey(h)
                for h in exact
                if h in st.hash_slot
                and st.hash_slot[h][1] is not None
                and st.df[h] < PARTIAL_SHARE * st.place_pages(h)
            )
            # The places of the posts' cards (who wrote a post and when) on the site's threads:
            # a place where the cards were found on most thread pages that have blocks there
            # (two at least), with the labels the cards there say on most of those pages;
            # and the places of the threads' lines of facts. A page with one post has no run
            # of posts to find its card by: its card is at the same place.
            data["card_slots"] = {
                hexkey(k): sorted(w for w, c in st.card_labels[k].items() if 2 * c >= n)
                for k, n in sorted(st.card_df.items())
                if n >= 2 and 2 * n >= st.card_seen.get(k, n)
            }
            data["line_slots"] = sorted(hexkey(k) for k, n in st.line_df.items() if n >= 2)
            stats.update(
                card_slots=len(data["card_slots"]),
                line_slots=len(data["line_slots"]),
                content_slots=len(data["content_slots"]),
                label_slots=len(labelled),
                exact_free=len(data["exact_free"]),
                exact_partial=len(data["exact_partial"]),
                edge_words=len(data["edge_words"]),
                heading_labels=len(data["heading_labels"]),
            )
            stats.update(
                exact=len(exact),
                exact_links=len(exact_links),
                nav_slots=len(nav),
                frame_slots=len(frames),
                protected_slots=len(protected),
                text_min_pages=text_min,
                slot_min_pages=slot_min,
            )
        config = {"mode": self.mode, **{k: v for k, v in cfg.items()}}
        model = DomainModel(site=site, config=config, data=data, stats=stats)
        self.model_ = model
        log.info("fitted %s: %s", site, stats)
        yield Progress(seen, total, f"fitted {site}")
        return model

    # ---------------------------------------------------------------- transform

    def transform(self, pages: Iterable[Page]) -> Iterator[CleanResult]:
        """Clean every page with the fitted model; a page that fails becomes status "error"."""
        if self.model_ is None:
            raise DeboilerError("the cleaner is not fitted: call fit() first")
        model = self.model_
        fitted = int(model.stats.get("pages", 0))
        if self.page_fallback and too_few(fitted):
            log.warning(
                "%s has %s: too few to learn from, cleaning page by page",
                model.site,
                count(fitted, "page"),
            )
            for page in pages:
                yield clean_single(page, fitted)
            return
        if self.jobs == 1:
            store = self._store
            if store is not None and store.spec != applied(model).spec:
                store = None  # a model of other options: its analysis differs
            for page in pages:
                cached = self._cache.pop(page.url, None)
                if cached is not None and cached[0] is not None:
                    yield clean_page(page, model, _root=cached[0], _facts=cached[1])
                    continue
                if store is not None and page.url in store.pages and page.error is None:
                    # the same HTML parses to the same tree: fit's analysis still holds
                    root = parse_html(
                        page.html, prepared=store.as_is(page.url, page.html), ids=False
                    )
                    facts = store.take(page.url, page.html, root)
                    yield clean_page(page, model, _root=root, _facts=facts)
                    continue
                yield clean_page(page, model)
            return
        with jobs_pool(self.jobs, _init_clean_worker, (model.to_dict(),)) as pool:
            batches = ([p.to_dict() for p in batch] for batch in _batched(pages, 8))
            for results in _windowed_map(pool, _clean_worker, batches, self.jobs * 4):
                for data in results:
                    removed = [Removal(**r) for r in data.pop("removed")]
                    yield CleanResult(**data, removed=removed)

    def fit_transform(self, pages: Iterable[Page]) -> Iterator[CleanResult]:
        return self.fit(pages).transform(pages)


__all__ = [
    "DEFAULT_CONFIG",
    "MODES",
    "OPERATION_MODES",
    "DomainCleaner",
    "clean_page",
    "clean_tree",
    "find_boilerplate",
]
