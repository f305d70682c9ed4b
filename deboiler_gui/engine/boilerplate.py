"""The automatic domain cleaner: learns a site's boilerplate from all its pages (fit), removes it
from any page of the site (transform / clean_page) and says what it removed and why."""

from __future__ import annotations

import hashlib
import logging
import math
import re
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import lxml.etree as etree

from deboiler_gui.engine.document import (
    breadcrumbs_of,
    consume,
    language_of,
    title_of,
)
from deboiler_gui.engine.htmltree import (
    INVISIBLE_TAGS,
    HtmlElement,
    parse_html,
    to_html,
    visible_text,
)
from deboiler_gui.engine.model import (
    CleanResult,
    DeboilerError,
    DomainModel,
    InputError,
    Page,
    Progress,
    Removal,
    RuleError,
)

log = logging.getLogger(__name__)

MODES = ("improved", "compat")
OPERATION_MODES = ("memory", "performance")
MODEL_FORMAT = 1

# The original package's candidates: exactly div or nav, or a tag name containing one of these.
COMPAT_EXACT_TAGS = frozenset({"div", "nav"})
COMPAT_PARTIAL_TAGS = (
    "form",
    "navigation",
    "footer",
    "header",
    "menu",
    "top",
    "bottom",
    "left",
    "right",
)
# The improved detector also looks at the containers the original misses.
_IMPROVED = """div nav header footer aside section article form menu ul ol dl table p center address
    blockquote details fieldset figure"""
IMPROVED_TAGS = frozenset(_IMPROVED.split())

DEFAULT_CONFIG: dict[str, Any] = {
    # compat: the original's neighbour-pair rule
    "iou_threshold": 0.95,  # skip a pair sharing this share of its candidates (near-duplicates)
    "min_occurrence": 1,  # pairs a representation must be shared in
    # improved: site-wide document frequency of representations
    "min_pages": 3,  # a text block must recur on this many pages...
    "min_page_share": 0.05,  # ...and on this share of the site's pages
    "link_min_pages": 2,  # a link-dense block (menus) needs less evidence
    "link_density": 0.5,  # link text / text above which a block or slot is navigation
    # improved: structural slots (root path of tag#id.classes)
    "slot_min_pages": 3,
    "slot_min_share": 0.05,
    "frame_consistency": 0.5,  # share of pages where a frame slot has the same tag skeleton
    "element_link_density": 0.3,  # a slot removal also needs the element itself link-dense...
    "max_slot_share": 0.5,  # ...and at most this share of the page's text
    # the main content: the deepest element holding main_share of the page's non-link text
    # and main_chars_share of all its text
    "main_share": 0.6,
    "main_chars_share": 0.3,
    # robustness bounds
    "max_elements": 300_000,  # pages with more elements are not analysed (and say so)
    "max_depth": 1000,  # deeper elements are never candidates
    "max_slot_depth": 64,  # deeper elements get no slot
    "candidate_tags": None,  # override the candidate tag set (list of tag names)
}

_WS = re.compile(r"\s+")
_DIGITS = re.compile(r"\d+")
_VOLATILE = re.compile(r"\d")


def _h64(data: bytes) -> int:
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big")


def _hex(value: int) -> str:
    return f"{value:016x}"


# --------------------------------------------------------------------------- per-page analysis


@dataclass
class _Spec:
    """The parts of a configuration the per-page pass needs (plain data, sent to workers)."""

    compat: bool
    tags: frozenset[str] | None
    max_elements: int
    max_depth: int
    max_slot_depth: int
    main_share: float
    main_chars_share: float

    def is_candidate(self, tag: str, cache: dict[str, bool]) -> bool:
        hit = cache.get(tag)
        if hit is None:
            if self.tags is not None:
                hit = tag in self.tags
            elif self.compat:
                hit = tag in COMPAT_EXACT_TAGS or any(p in tag for p in COMPAT_PARTIAL_TAGS)
            else:
                hit = tag in IMPROVED_TAGS
            cache[tag] = hit
        return hit


@dataclass
class _Facts:
    """One page's candidates, in document order: [element, hash, chars, link chars, slot,
    index after its subtree, tag-skeleton hash]; plus the main-content path and the page's
    text size."""

    cands: list[list[Any]] = field(default_factory=list)
    main_path: list[HtmlElement] = field(default_factory=list)
    main_slots: list[str] = field(default_factory=list)
    chars: int = 0
    elements: int = 0
    too_large: bool = False


def _norm_compat(s: str | None) -> str:
    # exactly the original's normalisation: strip, drop spaces/tabs/newlines, lower-case
    if not s:
        return ""
    return s.strip().replace("\t", "").replace("\n", "").replace(" ", "").lower()


def _slot_step(el: HtmlElement, tag: str) -> str:
    # ids and classes holding digits are page-specific (item-42, post-2019): left out of the key
    step = tag
    ident = el.get("id")
    if ident and not _VOLATILE.search(ident):
        step += "#" + ident.strip()
    cls = el.get("class")
    if cls:
        tokens = sorted({c for c in cls.split() if not _VOLATILE.search(c)})
        if tokens:
            step += "." + ".".join(tokens)
    return step


#: Elements with more children than this are read whole (see _analyse).
_BATCH_CHILDREN = 30


def _text_of(el: HtmlElement) -> str:
    return etree.tostring(el, method="text", encoding="unicode", with_tail=False)


def _skeleton(root: HtmlElement, spec: _Spec) -> tuple[set[HtmlElement], set[HtmlElement]]:
    """Candidates and their ancestors: the only elements walked one by one; every other
    subtree is read in one C call (its text), which is what makes the pass cheap. Also the
    skeleton elements that have skeleton children (the others are leaves, read whole)."""
    skeleton: set[HtmlElement] = {root}
    inner: set[HtmlElement] = set()
    tags = spec.tags if spec.tags is not None else IMPROVED_TAGS
    for el in root.iter(*tags):
        while el not in skeleton:
            skeleton.add(el)
            el = el.getparent()
            if el is None:
                break
            inner.add(el)
    return skeleton, inner


def _extra_links(root: HtmlElement, skeleton: set[HtmlElement]) -> dict[HtmlElement, int]:
    """Link characters of links outside the skeleton, credited to their nearest skeleton
    ancestor (the skeleton walk never visits them)."""
    extra: dict[HtmlElement, int] = {}
    for a in root.iter("a"):
        if a in skeleton:
            continue
        p = a.getparent()
        while p is not None and p not in skeleton:
            if p.tag == "a":  # nested link: counted with the outer one
                break
            p = p.getparent()
        if p is None or p.tag == "a" and p not in skeleton:
            continue
        # an image link has no text but is still a link: it counts as one character
        n = max(1, len(_WS.sub("", _text_of(a))))
        extra[p] = extra.get(p, 0) + n
    return extra


def _analyse(root: HtmlElement, spec: _Spec) -> _Facts:
    """One iterative pass: attribute-free subtree hashes computed bottom-up from the
    children's hashes, visible and link characters, structural slots, candidates in document
    order, and the page's main-content path.

    compat walks every element and normalises text like the original (strip, no spaces, lower
    case). improved walks only the skeleton (candidates and their ancestors), leaves script and
    style text out, removes all whitespace and folds digit runs so counters and dates match.
    """
    facts = _Facts()
    n_elements = int(root.xpath("count(//*)"))
    facts.elements = n_elements
    if n_elements > spec.max_elements:
        facts.too_large = True
        return facts
    compat = spec.compat
    skeleton, inner = (None, None) if compat else _skeleton(root, spec)
    extra = {} if skeleton is None else _extra_links(root, skeleton)
    cache: dict[str, bool] = {}
    steps: dict[tuple[str, str | None, str | None], str] = {}
    cands = facts.cands
    dig_sub = _DIGITS.sub
    # frame: [tag, parts, chars, links, slot, invisible, cand_index, best_frame, best_nonlink,
    #         element, depth, parent_frame, index_in_parent_parts]
    work: list[tuple[HtmlElement, list[Any] | None, Any, bool]] = [(root, None, None, False)]
    top: list[Any] | None = None
    while work:
        el, parent, pidx, exiting = work.pop()
        if exiting:
            frame = parent
            assert frame is not None
            tag = frame[0]
            parts = frame[1]
            parts.append("</" + tag + ">")
            digest = hashlib.blake2b(
                "".join(parts).encode("utf-8", "surrogatepass"), digest_size=8
            ).digest()
            chars = frame[2]
            links = max(chars, 1) if tag == "a" else frame[3] + extra.get(el, 0)
            cidx = frame[6]
            if cidx >= 0:
                rec = cands[cidx]
                rec[1] = int.from_bytes(digest, "big")
                rec[2] = chars
                rec[3] = links
                rec[5] = len(cands)
            sparts = frame[13]
            skel = ""
            if sparts is not None:
                skel = hashlib.blake2b(",".join(sparts).encode(), digest_size=8).hexdigest()
                if cidx >= 0:
                    cands[cidx][6] = skel
            up = frame[11]
            frame[1] = frame[13] = None  # no longer needed; keep only the best chains alive
            if up is None:
                top = frame
                frame[3] = links
                continue
            if up[14]:  # the parent read its whole text at once: append, do not add chars
                up[1].append(digest.hex())
                if up[13] is not None:
                    up[13].append(skel)
            else:
                up[1][frame[12][0]] = digest.hex()
                if up[13] is not None:
                    up[13][frame[12][1]] = skel
                up[2] += chars
            up[3] += links
            nonlink = chars - links
            if nonlink > up[8]:
                up[7] = frame
                up[8] = nonlink
            continue
        tag = el.tag
        depth = parent[10] + 1 if parent is not None else 0
        invisible = tag in INVISIBLE_TAGS or (parent is not None and parent[5])
        text = el.text
        if compat:
            tnorm = _norm_compat(text)
            chars = 0 if invisible else len(tnorm)
        elif text and not invisible and not text.isspace():
            stripped = "".join(text.split())
            chars = len(stripped)
            tnorm = dig_sub("0", stripped.lower())
        else:
            tnorm, chars = "", 0
        slot = None
        if not compat and depth <= spec.max_slot_depth:
            pslot = parent[4] if parent is not None else ""
            if pslot is not None:
                key = (tag, el.get("id"), el.get("class"))
                step = steps.get(key)
                if step is None:
                    step = steps[key] = _slot_step(el, tag)
                slot = pslot + "/" + step
        cidx = -1
        if depth <= spec.max_depth and spec.is_candidate(tag, cache):
            cidx = len(cands)
            cands.append([el, 0, 0, 0, slot, 0, ""])
        parts: list[str | None] = ["<" + tag + ">" + tnorm]
        # the tag skeleton (structure without text) of the subtree, for structural slots
        sparts: list[str | None] | None = None if compat else [tag]
        frame = [
            tag,
            parts,
            chars,
            0,
            slot,
            invisible,
            cidx,
            None,
            -1,
            el,
            depth,
            parent,
            pidx,
            sparts,
            False,
        ]
        work.append((el, frame, None, True))
        if inner is not None and el not in inner:
            # a skeleton leaf (most paragraphs): its whole text in one C call
            t = _text_of(el) if len(el) else None
            stripped = "".join(t.split()) if t and not invisible else ""
            if stripped:
                parts[0] = "<" + tag + ">" + dig_sub("0", stripped.lower())
                frame[2] = len(stripped)
            continue
        pending: list[tuple[HtmlElement, list[Any] | None, Any, bool]] = []
        if (
            inner is not None
            and not invisible
            and len(el) > _BATCH_CHILDREN
            and next(el.iter(*INVISIBLE_TAGS), None) is None
        ):
            # Many children (a code listing of a thousand spans): the element's whole text in
            # one C call, then only the skeleton children are walked; their hashes follow it.
            frame[14] = True
            stripped = "".join(_text_of(el).split())
            frame[2] = len(stripped)
            parts[0] = "<" + tag + ">" + dig_sub("0", stripped.lower())
            for child in el:
                if child in skeleton:  # type: ignore[operator]
                    pending.append((child, frame, None, False))
            work.extend(reversed(pending))
            continue
        for child in el:
            ctag = child.tag
            if isinstance(ctag, str):
                if skeleton is None or child in skeleton:
                    parts.append(None)
                    if sparts is not None:
                        sparts.append(None)
                    pending.append(
                        (child, frame, (len(parts) - 1, len(sparts) - 1 if sparts else 0), False)
                    )
                elif invisible or ctag in INVISIBLE_TAGS:
                    parts.append("<" + ctag + ">")
                    if sparts is not None:
                        sparts.append(ctag)
                else:
                    # a childless element's text is its .text: no serialisation needed
                    t = _text_of(child) if len(child) else child.text
                    stripped = "".join(t.split()) if t else ""
                    n = len(stripped)
                    frame[2] += n
                    parts.append(
                        "<" + ctag + ">" + dig_sub("0", stripped.lower()) if n else "<" + ctag + ">"
                    )
                    if sparts is not None:
                        sparts.append(ctag)
                    if n > frame[8]:  # a leaf chunk can be the main content too
                        frame[7] = [ctag, None, n, 0, None, False, -1, None, -1, child]
                        frame[8] = n
            elif not compat:
                ctag = None  # comment or processing instruction: only its tail is text
            tail = child.tail
            if compat:
                if isinstance(child.tag, str) or tail:
                    tn = _norm_compat(tail)
                    parts.append(tn)
                    if not invisible:
                        frame[2] += len(tn)
            elif tail and not invisible:
                stripped = "".join(tail.split())
                if stripped:
                    frame[2] += len(stripped)
                    parts.append(dig_sub("0", stripped.lower()))
        work.extend(reversed(pending))
    if top is None:
        return facts
    facts.chars = top[2]
    # Main content: from the root, follow the child holding the most non-link text while it
    # still holds main_share of the whole page's non-link text.
    total_nonlink = top[2] - top[3]
    node = top
    path = [top[9]]
    slots = [top[4]] if top[4] else []
    min_chars = spec.main_chars_share * top[2]
    while (
        node[7] is not None
        and total_nonlink > 0
        and node[8] >= spec.main_share * total_nonlink
        and node[7][2] >= min_chars
    ):
        node = node[7]
        path.append(node[9])
        if node[4]:
            slots.append(node[4])
    facts.main_path = path
    facts.main_slots = slots
    return facts


# --------------------------------------------------------------------------- fit summaries


#: A block repeated more often than this within one page is the page's own structure (list
#: entries, "Changes in version N" headings), not a site-wide template part.
MAX_REPEATS_PER_PAGE = 2


def _repeats(facts: _Facts) -> set[int]:
    seen: dict[int, int] = {}
    for rec in facts.cands:
        if rec[2] > 0:
            seen[rec[1]] = seen.get(rec[1], 0) + 1
    return {h for h, n in seen.items() if n > MAX_REPEATS_PER_PAGE}


def _summarise(
    root: HtmlElement, spec: _Spec, link_density: float, facts: _Facts | None = None
) -> dict[str, Any]:
    """The plain data one page contributes to the site model (crosses processes)."""
    if facts is None:
        facts = _analyse(root, spec)
    if facts.too_large:
        return {"too_large": facts.elements}
    hashes: dict[int, bool] = {}
    slots: dict[int, list[Any]] = {}
    names: dict[int, str] = {}
    repeats = _repeats(facts)
    keys: dict[str, int] = {}
    for _el, h, chars, links, slot, _end, skel in facts.cands:
        if h not in hashes and h not in repeats:
            hashes[h] = chars > 0 and links >= link_density * chars
        if slot is not None and chars > 0:
            key = keys.get(slot)
            if key is None:
                key = keys[slot] = _h64(slot.encode("utf-8", "surrogatepass"))
            acc = slots.get(key)
            if acc is None:
                slots[key] = [chars, links, skel]
                names[key] = slot
            else:
                acc[0] += chars
                acc[1] += links
    main = sorted({_h64(s.encode("utf-8", "surrogatepass")) for s in facts.main_slots})
    return {"hashes": hashes, "slots": slots, "names": names, "main": main, "chars": facts.chars}


def _summarise_html(html: str, spec: _Spec, link_density: float) -> dict[str, Any]:
    return _summarise(parse_html(html), spec, link_density)


def _fittable(page: Page) -> bool:
    # Unreadable and non-2xx pages say nothing about the site's template.
    return page.error is None and 200 <= page.status < 300 and bool(page.html)


# Worker processes receive the spec once, through the pool initializer.
_WORKER_SPEC: tuple[_Spec, float] | None = None
_WORKER_MODEL: DomainModel | None = None


def _init_fit_worker(spec: _Spec, link_density: float) -> None:
    global _WORKER_SPEC
    _WORKER_SPEC = (spec, link_density)


def _fit_worker(batch: list[tuple[str, str | None]]) -> list[dict[str, Any] | str | None]:
    assert _WORKER_SPEC is not None
    spec, density = _WORKER_SPEC
    out: list[dict[str, Any] | str | None] = []
    for url, html in batch:
        if html is None:
            out.append(None)
            continue
        try:
            out.append(_summarise_html(html, spec, density))
        except Exception as exc:  # one bad page never stops the fit
            out.append(f"{url}: {type(exc).__name__}: {exc}")
    return out


def _init_clean_worker(model: dict[str, Any]) -> None:
    global _WORKER_MODEL
    _WORKER_MODEL = DomainModel.from_dict(model)


def _clean_worker(batch: list[dict[str, Any]]) -> list[dict[str, Any]]:
    assert _WORKER_MODEL is not None
    return [clean_page(Page.from_dict(p), _WORKER_MODEL).to_dict() for p in batch]


def _mp_context() -> Any:
    import multiprocessing

    # forkserver: workers never inherit threads (Qt, sqlite) of the driving process.
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


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


def _config(config: dict[str, Any]) -> dict[str, Any]:
    unknown = sorted(set(config) - set(DEFAULT_CONFIG))
    if unknown:
        raise InputError(f"unknown cleaner option(s): {', '.join(unknown)}")
    merged = dict(DEFAULT_CONFIG)
    merged.update(config)
    if merged["candidate_tags"] is not None:
        merged["candidate_tags"] = sorted(str(t).lower() for t in merged["candidate_tags"])
    return merged


def _spec(mode: str, config: dict[str, Any]) -> _Spec:
    tags = config.get("candidate_tags")
    return _Spec(
        compat=mode == "compat",
        tags=frozenset(tags) if tags else None,
        max_elements=int(config["max_elements"]),
        max_depth=int(config["max_depth"]),
        max_slot_depth=int(config["max_slot_depth"]),
        main_share=float(config["main_share"]),
        main_chars_share=float(config["main_chars_share"]),
    )


def _threshold(share: float, minimum: int, n_pages: int) -> int:
    # At least two pages (a block on one page is that page's own), at most all of them.
    return max(2, min(max(minimum, math.ceil(share * n_pages)), n_pages))


class DomainCleaner:
    """Learns one site's boilerplate from its pages, scikit-learn style.

    ``mode="compat"`` reproduces the original deboiler's choices (its candidate tags, exact
    representations shared by URL-sorted neighbours, IoU guard); ``mode="improved"`` (default)
    adds wider candidates, site-wide frequencies with digits folded, and structural slots.
    ``operation_mode="performance"`` keeps parsed pages from fit for transform (single
    process); ``"memory"`` re-parses. ``jobs`` > 1 analyses pages in worker processes.
    """

    def __init__(
        self,
        *,
        mode: str = "improved",
        operation_mode: str = "memory",
        jobs: int = 1,
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
        self.config = _config(config)
        self.model_: DomainModel | None = None
        self._cache: dict[str, tuple[HtmlElement, _Facts | None]] = {}

    # ---------------------------------------------------------------- fit

    def fit(self, pages: Iterable[Page]) -> DomainCleaner:
        gen = self.fit_steps(pages)
        while True:
            try:
                next(gen)
            except StopIteration:
                break
        return self

    def _summaries(
        self, pages: Iterable[Page], spec: _Spec
    ) -> Iterator[tuple[Page, dict[str, Any] | str | None]]:
        density = float(self.config["link_density"])
        keep = self.operation_mode == "performance" and self.jobs == 1
        if self.jobs == 1:
            for page in pages:
                if not _fittable(page):
                    yield page, None
                    continue
                try:
                    root = parse_html(page.html)
                    facts = _analyse(root, spec)
                    summary = _summarise(root, spec, density, facts)
                    if keep:  # performance mode: the tree and its analysis serve transform
                        self._cache[page.url] = (root, facts)
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

        def batches() -> Iterator[list[tuple[str, str]]]:
            for batch in _batched(pages, 8):
                held.append(batch)
                yield [(p.url, p.html if _fittable(p) else None) for p in batch]

        with ProcessPoolExecutor(
            max_workers=self.jobs,
            mp_context=_mp_context(),
            initializer=_init_fit_worker,
            initargs=(spec, density),
        ) as pool:
            for results in _windowed_map(pool, _fit_worker, batches(), self.jobs * 4):
                batch = held.popleft()
                yield from zip(batch, results, strict=True)

    def fit_steps(self, pages: Iterable[Page]) -> Generator[Progress, None, DomainModel]:
        """Fit on the pages (a re-iterable, best ordered by URL); each yield is a cancel point."""
        cfg = self.config
        spec = _spec(self.mode, cfg)
        self._cache.clear()
        if isinstance(pages, list | tuple):
            pages = sorted(pages, key=lambda p: p.url)
        total = len(pages) if hasattr(pages, "__len__") else None  # type: ignore[arg-type]
        compat = self.mode == "compat"
        site = ""
        n_pages = skipped = failed = too_large = 0
        # improved: document frequencies; compat: neighbour pairs
        df: dict[int, int] = {}
        link_dense: set[int] = set()
        slot_df: dict[int, int] = {}
        slot_chars: dict[int, int] = {}
        slot_links: dict[int, int] = {}
        slot_main: dict[int, int] = {}
        slot_names: dict[int, str] = {}
        slot_skel: dict[int, str] = {}  # the skeleton first seen at the slot...
        slot_same: dict[int, int] = {}  # ...and on how many pages it was the same
        pair_counts: dict[int, int] = {}
        pairs = similar_pairs = 0
        prev: set[int] | None = None
        prev_url = ""
        unordered = False
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
                pass  # unreadable or not a 2xx page: seen, not fitted
            elif "too_large" in summary:
                too_large += 1
                log.warning(
                    "fit skipped %s: %d elements, above max_elements",
                    page.url,
                    summary["too_large"],
                )
            else:
                n_pages += 1
                hashes: dict[int, bool] = summary["hashes"]
                if compat:
                    current = set(hashes)
                    if prev_url and page.url < prev_url:
                        unordered = True
                    if prev is not None:
                        pairs += 1
                        shared = prev & current
                        union = len(prev | current) or 1
                        if len(shared) / union >= cfg["iou_threshold"]:
                            similar_pairs += 1
                        else:
                            for h in shared:
                                pair_counts[h] = pair_counts.get(h, 0) + 1
                    prev, prev_url = current, page.url
                else:
                    for h, dense in hashes.items():
                        df[h] = df.get(h, 0) + 1
                        if dense:
                            link_dense.add(h)
                    names = summary["names"]
                    for key, (chars, links, skel) in summary["slots"].items():
                        if key not in slot_df:
                            slot_names[key] = names[key]
                            slot_df[key] = 1
                            slot_chars[key] = chars
                            slot_links[key] = links
                            slot_skel[key] = skel
                            slot_same[key] = 1
                        else:
                            slot_df[key] += 1
                            slot_chars[key] += chars
                            slot_links[key] += links
                            if slot_skel[key] == skel:
                                slot_same[key] += 1
                    for key in summary["main"]:
                        slot_main[key] = slot_main.get(key, 0) + 1
            if seen % 16 == 0:
                yield Progress(seen, total, f"fitting {site}")
        skipped = seen - n_pages - failed - too_large
        if unordered:
            log.warning(
                "pages of %s were not ordered by URL: neighbour pairs follow input order", site
            )
        stats: dict[str, Any] = {
            "pages": n_pages,
            "pages_seen": seen,
            "pages_failed": failed,
            "pages_too_large": too_large,
            "pages_not_ok": skipped,
        }
        data: dict[str, Any] = {"format": MODEL_FORMAT, "mode": self.mode}
        if compat:
            exact = sorted(h for h, c in pair_counts.items() if c >= cfg["min_occurrence"])
            data["exact"] = [_hex(h) for h in exact]
            stats.update(pairs=pairs, similar_pairs=similar_pairs, exact=len(exact))
        else:
            text_min = _threshold(cfg["min_page_share"], cfg["min_pages"], n_pages)
            link_min = max(2, int(cfg["link_min_pages"]))
            exact = sorted(h for h, c in df.items() if c >= text_min)
            # Link-dense blocks (menus) need less evidence, but only outside the main content.
            exact_links = sorted(
                h for h, c in df.items() if link_min <= c < text_min and h in link_dense
            )
            slot_min = _threshold(cfg["slot_min_share"], cfg["slot_min_pages"], n_pages)
            protected = {k for k, c in slot_main.items() if c >= max(2, 0.1 * slot_df.get(k, 0))}
            nav = sorted(
                k
                for k, c in slot_df.items()
                if c >= slot_min
                and k not in protected
                and slot_chars[k] > 0
                and slot_links[k] >= cfg["link_density"] * slot_chars[k]
            )
            # Template frames: a slot outside the main content whose tag skeleton is the same
            # on most pages (prev/next bars with changing titles, "you are here" headers).
            frames = sorted(
                k
                for k, c in slot_df.items()
                if c >= slot_min
                and k not in protected
                and slot_chars[k] > 0
                and slot_same[k] >= cfg["frame_consistency"] * c
                and slot_links[k] > 0  # navigation links to somewhere
                and k not in set(nav)
            )
            data["frame_slots"] = {_hex(k): [slot_names[k][-300:], slot_skel[k]] for k in frames}
            data["exact"] = [_hex(h) for h in exact]
            data["exact_links"] = [_hex(h) for h in exact_links]
            data["nav_slots"] = {_hex(k): slot_names[k][-300:] for k in nav}
            data["protected_slots"] = sorted(_hex(k) for k in protected)
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
        if self.jobs == 1:
            for page in pages:
                cached = self._cache.pop(page.url, None)
                if cached is not None and cached[0] is not None:
                    yield clean_page(page, model, _root=cached[0], _facts=cached[1])
                else:
                    yield clean_page(page, model)
            return
        with ProcessPoolExecutor(
            max_workers=self.jobs,
            mp_context=_mp_context(),
            initializer=_init_clean_worker,
            initargs=(model.to_dict(),),
        ) as pool:
            batches = ([p.to_dict() for p in batch] for batch in _batched(pages, 8))
            for results in _windowed_map(pool, _clean_worker, batches, self.jobs * 4):
                for data in results:
                    removed = [Removal(**r) for r in data.pop("removed")]
                    yield CleanResult(**data, removed=removed)

    def fit_transform(self, pages: Iterable[Page]) -> Iterator[CleanResult]:
        return self.fit(pages).transform(pages)


# --------------------------------------------------------------------------- applying a model


class _Applied:
    """A model's sets decoded once and cached on the model object (cheap per page)."""

    def __init__(self, model: DomainModel) -> None:
        data = model.data
        self.compat = data.get("mode", model.config.get("mode")) == "compat"
        try:
            self.exact = {int(h, 16) for h in data.get("exact", ())}
            self.exact_links = {int(h, 16) for h in data.get("exact_links", ())}
            self.nav = {int(h, 16): name for h, name in dict(data.get("nav_slots", {})).items()}
            self.frames = {
                int(h, 16): (str(v[0]), str(v[1]))
                for h, v in dict(data.get("frame_slots", {})).items()
            }
        except (TypeError, ValueError) as exc:
            raise InputError(f"domain model of site {model.site!r} is corrupt: {exc}") from exc
        cfg = dict(DEFAULT_CONFIG)
        cfg.update({k: v for k, v in model.config.items() if k in DEFAULT_CONFIG})
        self.cfg = cfg
        self.spec = _spec("compat" if self.compat else "improved", cfg)
        self.slot_ids: dict[str, int] = {}


def _applied(model: DomainModel) -> _Applied:
    cached = getattr(model, "_applied", None)
    if cached is None or cached[0] is not model.data:
        cached = (model.data, _Applied(model))
        model._applied = cached  # type: ignore[attr-defined]
    return cached[1]


def _matches(
    root: HtmlElement,
    model: DomainModel,
    keep: Sequence[HtmlElement] = (),
    facts: _Facts | None = None,
) -> list[tuple[HtmlElement, str, str, int]]:
    """Top-level boilerplate subtrees: (element, detector, representation key, chars)."""
    ap = _applied(model)
    if facts is None:
        facts = _analyse(root, ap.spec)
    if facts.too_large:
        log.warning(
            "page with %d elements is above max_elements: no automatic cleaning", facts.elements
        )
        return []
    keep_set = set(keep)
    keep_ancestors: set[HtmlElement] = set()
    for el in keep:
        keep_ancestors.add(el)
        keep_ancestors.update(el.iterancestors())
    main = set(facts.main_path) if not ap.compat else set()
    main_el = facts.main_path[-1] if main and len(facts.main_path) > 1 else None
    cfg = ap.cfg
    el_density = float(cfg["element_link_density"])
    max_share = float(cfg["max_slot_share"]) * max(facts.chars, 1)
    out: list[tuple[HtmlElement, str, str, int]] = []
    cands = facts.cands
    repeats = _repeats(facts) if not ap.compat else set()
    i, n = 0, len(cands)
    while i < n:
        el, h, chars, links, slot, end, skel = cands[i]
        detector = ""
        key = ""
        if h in repeats:
            pass
        elif h in ap.exact:
            detector, key = ("pair" if ap.compat else "exact"), _hex(h)
        elif h in ap.exact_links and not (main_el is not None and _inside(el, main_el)):
            detector, key = "exact", _hex(h)
        elif (ap.nav or ap.frames) and slot is not None and 0 < chars <= max_share:
            sid = ap.slot_ids.get(slot)
            if sid is None:
                sid = _h64(slot.encode("utf-8", "surrogatepass"))
                if len(ap.slot_ids) < 100_000:
                    ap.slot_ids[slot] = sid
            # Structural slots only act outside the page's main content: a recurring,
            # link-dense slot inside it is the page's own (a local table of contents).
            if sid in ap.nav and links >= el_density * chars:
                detector, key = "slot", ap.nav[sid]
            elif sid in ap.frames and links > 0 and ap.frames[sid][1] == skel:
                detector, key = "frame", ap.frames[sid][0]
            if detector and main_el is not None and _inside(el, main_el):
                detector = ""
        if (
            detector
            and el not in main
            and el not in keep_ancestors
            and not (keep_set and any(a in keep_set for a in el.iterancestors()))
        ):
            out.append((el, detector, key, chars))
            i = end  # its whole subtree goes with it
            continue
        i += 1
    return out


def _path(el: HtmlElement) -> str:
    # libxml2's own path (C): the same /html/body/div[2] form as htmltree.xpath_of, which
    # counts same-tag siblings in Python and crawls under a body of a thousand paragraphs
    return str(el.getroottree().getpath(el))


def _inside(el: HtmlElement, ancestor: HtmlElement) -> bool:
    return any(a is ancestor for a in el.iterancestors())


def find_boilerplate(root: HtmlElement, model: DomainModel) -> list[tuple[HtmlElement, Removal]]:
    """The boilerplate subtrees of a parse_html tree under a fitted model, outermost only, with
    why each was chosen. The tree is not modified."""
    return [
        (el, Removal(_path(el), detector, key, chars))
        for el, detector, key, chars in _matches(root, model)
    ]


def _select(root: HtmlElement, expression: str, what: str) -> list[HtmlElement]:
    try:
        found = root.xpath(expression)
    except (etree.XPathError, TypeError, ValueError) as exc:
        raise RuleError(f"invalid XPath: {exc}", rule=what, expression=expression) from exc
    if not isinstance(found, list):
        raise RuleError("XPath must select elements", rule=what, expression=expression)
    return [el for el in found if isinstance(el, etree._Element) and isinstance(el.tag, str)]


def _drop(el: HtmlElement) -> None:
    # The tail is the parent's text, not part of the removed subtree.
    parent = el.getparent()
    if parent is None:
        return
    tail = el.tail
    if tail:
        prev = el.getprevious()
        if prev is not None:
            prev.tail = (prev.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
    parent.remove(el)


def clean_tree(
    root: HtmlElement,
    model: DomainModel | None,
    *,
    remove: Iterable[str] = (),
    keep: Iterable[str] = (),
    _facts: _Facts | None = None,
) -> list[Removal]:
    """Remove the model's boilerplate and the ``remove`` XPaths from a parsed tree, in place.

    A ``keep`` XPath protects its subtree and its ancestors from the automatic cleaner; explicit
    ``remove`` rules still apply inside a kept subtree but never to a kept node or its
    ancestors. XPaths in the returned removals are those of the tree before any removal.
    """
    kept: list[HtmlElement] = []
    for expression in keep:
        kept.extend(_select(root, expression, "keep"))
    guard: set[HtmlElement] = set()
    for el in kept:
        guard.add(el)
        guard.update(el.iterancestors())
    chosen: list[tuple[HtmlElement, str, str, int]] = []
    if model is not None:
        chosen = _matches(root, model, kept, _facts)
    taken = {el for el, *_ in chosen}
    for expression in remove:
        for el in _select(root, expression, "remove"):
            if el in guard or el in taken or el is root:
                continue
            taken.add(el)
            chosen.append((el, "rule", expression, -1))
    # Outermost first; a node inside another removed node goes with it.
    removals: list[tuple[HtmlElement, Removal]] = []
    for el, detector, key, chars in chosen:
        if any(a in taken for a in el.iterancestors()):
            continue
        if chars < 0:
            chars = sum(1 for ch in visible_text(el) if not ch.isspace())
        removals.append((el, Removal(_path(el), detector, key, chars)))
    for el, _r in removals:
        _drop(el)
    return [r for _el, r in removals]


def clean_page(
    page: Page,
    model: DomainModel | None,
    *,
    remove_xpaths: Iterable[str] = (),
    keep_xpaths: Iterable[str] = (),
    _root: HtmlElement | None = None,
    _facts: _Facts | None = None,
) -> CleanResult:
    """Clean one page; never raises for a bad page (it becomes status "error"), only for bad
    rules (RuleError naming the expression)."""
    if page.error is not None:
        return CleanResult(page.url, status="error", error=page.error, http_status=page.status)
    try:
        root = _root if _root is not None else parse_html(page.html)
        facts = _facts
        if model is not None:
            if facts is None:
                facts = _analyse(root, _applied(model).spec)
            if facts.too_large:
                return CleanResult(
                    page.url,
                    status="skipped",
                    error=f"page has {facts.elements} elements, above max_elements: not cleaned",
                    http_status=page.status,
                )
        title = title_of(root)
        breadcrumbs = breadcrumbs_of(root, page.html)
        body = root.find("body")
        original_chars = (
            facts.chars
            if facts is not None
            else len(_WS.sub("", visible_text(body if body is not None else root)))
        )
        removed = clean_tree(root, model, remove=remove_xpaths, keep=keep_xpaths, _facts=facts)
        cleaned_html = to_html(root)
        text, headings, lists = consume(root)  # last: it rewrites the tree
        return CleanResult(
            page.url,
            status="ok",
            http_status=page.status,
            title=title,
            language=language_of(root, text),
            cleaned_html=cleaned_html,
            cleaned_text=text,
            headings=headings,
            lists=lists,
            breadcrumbs=breadcrumbs,
            removed=removed,
            original_chars=original_chars,
        )
    except RuleError:
        raise
    except Exception as exc:  # one bad page never stops a run
        log.warning("cleaning %s failed: %s", page.url, exc, exc_info=True)
        return CleanResult(
            page.url,
            status="error",
            error=f"{page.url}: {type(exc).__name__}: {exc}",
            http_status=page.status,
        )


__all__ = [
    "DEFAULT_CONFIG",
    "MODES",
    "OPERATION_MODES",
    "DomainCleaner",
    "clean_page",
    "clean_tree",
    "find_boilerplate",
]
