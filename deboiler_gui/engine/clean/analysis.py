"""Per-page analysis for the domain cleaner: attribute-free subtree representations, visible
and link characters, structural slots, tag skeletons and the main-content path, in one
iterative pass; plus the plain summary a page contributes to a site model."""

from __future__ import annotations

import hashlib
import re
from array import array
from collections import Counter
from dataclasses import dataclass, field
from itertools import compress
from operator import itemgetter
from typing import Any, cast

import lxml.etree as etree

from deboiler_gui.engine.htmltree import INVISIBLE_TAGS, HtmlElement, parse_html
from deboiler_gui.engine.model import InputError

MODES = ("improved", "compat")

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
_IMPROVED = """div nav header footer aside section article form menu ul ol dl table td p center address
    blockquote details fieldset figure"""
IMPROVED_TAGS = frozenset(_IMPROVED.split())

DEFAULT_CONFIG: dict[str, Any] = {
    # compat: the original's neighbour-pair rule
    "iou_threshold": 0.95,  # skip a pair sharing this share of its candidates (near-duplicates)
    "min_occurrence": 1,  # pairs a representation must be shared in
    # improved: site-wide document frequency of representations
    "min_pages": 3,  # a text block must recur on this many pages...
    "min_page_share": 0.05,  # ...and on this share of the site's pages
    "link_min_pages": 3,  # a link-dense block (menus) needs less evidence (two pages sharing
    # a link list may be one page and its all-in-one or print version)
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
    # the content slot: below the main content, the child holding this share of its parent's
    # non-link text, while the site has it on that path on enough of its pages
    "slot_share": 0.75,
    # inside the content slot a repeated block is content unless it is "fixed": at the same
    # place on fixed_share of the pages that have the place, or shorter than a sentence (a
    # label, a button, a post's author and date), or link-dense
    "fixed_share": 0.5,
    "passage_min_chars": 60,
    # robustness bounds
    "max_elements": 300_000,  # pages with more elements are not analysed (and say so)
    "max_depth": 1000,  # deeper elements are never candidates
    "max_slot_depth": 64,  # deeper elements get no slot
    "candidate_tags": None,  # override the candidate tag set (list of tag names)
}

_DIGITS = re.compile(r"\d+")
_VOLATILE = re.compile(r"\d")


def h64(data: bytes) -> int:
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big")


def hexkey(value: int) -> str:
    return f"{value:016x}"


def check_config(config: dict[str, Any]) -> dict[str, Any]:
    unknown = sorted(set(config) - set(DEFAULT_CONFIG))
    if unknown:
        raise InputError(f"unknown cleaner option(s): {', '.join(unknown)}")
    merged = dict(DEFAULT_CONFIG)
    merged.update(config)
    if merged["candidate_tags"] is not None:
        merged["candidate_tags"] = sorted(str(t).lower() for t in merged["candidate_tags"])
    return merged


def make_spec(mode: str, config: dict[str, Any]) -> Spec:
    tags = config.get("candidate_tags")
    return Spec(
        compat=mode == "compat",
        tags=frozenset(tags) if tags else None,
        max_elements=int(config["max_elements"]),
        max_depth=int(config["max_depth"]),
        max_slot_depth=int(config["max_slot_depth"]),
        main_share=float(config["main_share"]),
        main_chars_share=float(config["main_chars_share"]),
        slot_share=float(config.get("slot_share", DEFAULT_CONFIG["slot_share"])),
    )


# --------------------------------------------------------------------------- per-page analysis


@dataclass
class Spec:
    """The parts of a configuration the per-page pass needs (plain data, sent to workers)."""

    compat: bool
    tags: frozenset[str] | None
    max_elements: int
    max_depth: int
    max_slot_depth: int
    main_share: float
    main_chars_share: float
    slot_share: float = 0.75

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
class Facts:
    """One page's candidates, in document order: [element, hash, chars, link chars, slot,
    index after its subtree, tag-skeleton hash]; plus the main-content path and the page's
    text size."""

    cands: list[list[Any]] = field(default_factory=list)
    main_path: list[HtmlElement] = field(default_factory=list)
    main_slots: list[str] = field(default_factory=list)
    # below the main content: the chain of children each holding most of its parent's
    # non-link text (the candidates for the page's content slot), with their slots
    slot_path: list[HtmlElement] = field(default_factory=list)
    slot_slots: list[str | None] = field(default_factory=list)
    chars: int = 0
    links: int = 0  # the page's visible characters in links
    elements: int = 0
    too_large: bool = False
    # an element of a candidate's tag deeper than max_depth was left out: the candidates are
    # not every element of those tags (memory mode then keeps no analysis of the page)
    deep: bool = False
    # the runs of alike posts found among a container's children (the cleaner's thread
    # search), by container: found in fit, kept for transform (a listing's thousands of
    # lines are read once)
    runs: dict[HtmlElement, list[HtmlElement]] = field(default_factory=dict)


def _norm_compat(s: str | None) -> str:
    # exactly the original's normalisation: strip, drop spaces/tabs/newlines, lower-case
    if not s:
        return ""
    return s.strip().replace("\t", "").replace("\n", "").replace(" ", "").lower()


def _slot_step(el: HtmlElement, tag: str) -> str:
    """An element's step in a structural slot: tag#id.classes."""
    key = (tag, el.get("id"), el.get("class"))
    step = _STEPS.get(key)
    if step is None:
        step = _slot_step_cached(key)
    return step


def _slot_step_cached(key: tuple[str, str | None, str | None]) -> str:
    """The step of a (tag, id, class), computed and cached (see _slot_step)."""
    if len(_STEPS) > _MAX_CACHED:
        _STEPS.clear()
    step = _STEPS[key] = _step_of(*key)
    return step


def _step_of(tag: str, ident: str | None, cls: str | None) -> str:
    # ids and classes holding digits are page-specific (item-42, post-2019): left out of the key
    step = tag
    if ident and not _VOLATILE.search(ident):
        # a lasting id names the place: the classes beside it can say the page itself (a
        # documentation body classed by its page's name) and would split one place in many
        return step + "#" + ident.strip()
    if cls:
        # the classes' part by the class attribute alone: a page's unique ids (a section's
        # anchor) miss the step cache, their classes ("section") do not
        part = _CLASS_STEPS.get(cls)
        if part is None:
            if len(_CLASS_STEPS) > _MAX_CACHED:
                _CLASS_STEPS.clear()
            tokens = sorted({c for c in cls.split() if not _VOLATILE.search(c)})
            part = _CLASS_STEPS[cls] = "." + ".".join(tokens) if tokens else ""
        step += part
    return step


# Slot steps by (tag, id, class), their classes' part by the class attribute and skeleton
# hashes by their text: each depends only on its key, so they are shared between pages
# (bounded; cleared when they grow too large).
_MAX_CACHED = 50_000
_STEPS: dict[tuple[str, str | None, str | None], str] = {}
_CLASS_STEPS: dict[str, str] = {}
_SKELETONS: dict[str, str] = {}
#: a slot by its parent's slot and its own step
_SLOTS: dict[tuple[str, str], str] = {}

#: A child with this share of link text is a link list beside the content (a menu, a column
#: of teasers): the content slot is looked for among the other children.
_SIDE_DENSITY = 0.4

#: Elements with more children than this are read whole (see analyse).
_BATCH_CHILDREN = 30


_COUNT_ELEMENTS = etree.XPath("count(//*)")


def _text_of(el: HtmlElement) -> str:
    text: str = etree.tostring(el, method="text", encoding="unicode", with_tail=False)
    return text


#: roles of a dialog: a box a script opens over the page (a booking form, a sign-up box)
_DIALOG_ROLES = frozenset({"dialog", "alertdialog"})
_HIDING_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)


def shut(el: HtmlElement) -> int:
    """Whether no reader sees the element as the page opens: ``DIALOG`` for a dialog
    (``role="dialog"`` or ``"alertdialog"``, ``aria-modal="true"``, a ``<dialog>`` that is
    not ``open``), ``HIDDEN`` for a block the page hides (``hidden``, ``aria-hidden="true"``,
    an inline ``display:none`` or ``visibility:hidden``), else 0 (falsy). A dialog is never
    the page's content nor the way to it; neither is the content slot ever narrowed to a
    hidden block (a modal's title alone beside a page of links would otherwise be the page's
    "content"). A hidden block holding most of the page's text can still be its main content
    (a page that hides its content until a script shows it)."""
    get = el.get
    if el.tag == "dialog" and get("open") is None:
        return DIALOG
    role = get("role")
    if role is not None and role.strip().lower() in _DIALOG_ROLES:
        return DIALOG
    flag = get("aria-modal")
    if flag is not None and flag.strip().lower() == "true":
        return DIALOG
    hidden = get("hidden")
    if hidden is not None and hidden.strip().lower() != "until-found":
        return HIDDEN
    flag = get("aria-hidden")
    if flag is not None and flag.strip().lower() == "true":
        return HIDDEN
    style = get("style")
    return HIDDEN if style is not None and _HIDING_STYLE.search(style) is not None else 0


#: see shut
HIDDEN = 1
DIALOG = 2


def _holding_invisible(root: HtmlElement) -> set[HtmlElement]:
    """The elements with a script, a style or the like in their subtree (themselves
    included): one C iteration over those elements and a walk up from each, instead of one
    tag iteration per subtree asked about."""
    held: set[HtmlElement] = set()
    for el in root.iter(*INVISIBLE_TAGS):
        while el is not None and el not in held:
            held.add(el)
            el = el.getparent()
    return held


def _visible_text_of(el: HtmlElement, held: set[HtmlElement]) -> str:
    """The subtree's text without what no reader sees: the text of scripts, styles and the
    like inside it (a block of ad scripts or JSON data holds thousands of characters and no
    visible word; counted, it would outweigh the story). One C call when there are none
    (``held``: the page's elements holding any, see _holding_invisible)."""
    if el not in held:
        return _text_of(el)
    out = [el.text or ""]
    work: list[tuple[HtmlElement, bool]] = [(c, False) for c in reversed(el)]
    while work:
        node, leaving = work.pop()
        if leaving:
            out.append(node.tail or "")
            continue
        tag = node.tag
        if isinstance(tag, str) and tag not in INVISIBLE_TAGS:
            out.append(node.text or "")
            work.append((node, True))
            work.extend((c, False) for c in reversed(node))
        else:  # a script, a comment: only its tail is text
            out.append(node.tail or "")
    return "".join(out)


def _skeleton(root: HtmlElement, spec: Spec) -> tuple[set[HtmlElement], set[HtmlElement]]:
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
    ancestor (the skeleton walk never visits them). The options of a drop-down list count as
    links: each is a place to go or a choice to make, not text to read."""
    extra: dict[HtmlElement, int] = {}
    # a link's parent -> the skeleton element its links are credited to (None: not counted);
    # links share parents (the items of one list), so each chain is walked once
    owners: dict[HtmlElement | None, HtmlElement | None] = {}
    for a in root.iter("a", "option"):
        if a in skeleton:
            continue
        first = a.getparent()
        if first in owners:
            p = owners[first]
        else:
            p = first
            while p is not None and p not in skeleton:
                if p.tag == "a":  # nested link: counted with the outer one
                    break
                p = p.getparent()
            if p is not None and p.tag == "a" and p not in skeleton:
                p = None
            owners[first] = p
        if p is None:
            continue
        # an image link has no text but is still a link: it counts as one character (a
        # childless link's text is its .text: no serialisation needed)
        t = _text_of(a) if len(a) else a.text
        n = max(1, len("".join(t.split())) if t else 0)
        extra[p] = extra.get(p, 0) + n
    return extra


class _Frame:
    """One element on the analysis walk: what its subtree adds up to so far."""

    __slots__ = (
        "tag",  # element tag
        "parts",  # representation parts (children's hashes filled in on exit); None after
        "chars",  # visible characters of the subtree
        "links",  # link characters of the subtree
        "slot",  # structural slot (root path of tag#id.classes) or None
        "invisible",  # inside script/style/...: its text does not count
        "cand",  # index in Facts.cands, or -1
        "best",  # the child frame holding the most non-link text (main-content walk)
        "best_nonlink",  # ...and that non-link text
        "nd_best",  # the same among the children that are not link lists (content slot walk)
        "nd_best_nonlink",
        "nd_total",  # non-link text of the children that are not link lists
        "el",  # the element
        "depth",
        "parent",  # the parent's frame
        "pidx",  # (index in the parent's parts, index in the parent's skeleton parts)
        "sparts",  # tag-skeleton parts, None in compat mode or after exit
        "batched",  # the whole text was read at once: children append, do not add chars
        "tds",  # td children walked so far (every td is walked when td is a candidate tag)
    )

    def __init__(
        self,
        tag: str,
        parts: list[str | None] | None,
        chars: int,
        slot: str | None,
        invisible: bool,
        cand: int,
        el: HtmlElement,
        depth: int,
        parent: _Frame | None,
        pidx: Any,
        sparts: list[str | None] | None,
    ) -> None:
        self.tag = tag
        self.parts = parts
        self.chars = chars
        self.links = 0
        self.slot = slot
        self.invisible = invisible
        self.cand = cand
        self.best: _Frame | None = None
        self.best_nonlink = -1
        self.nd_best: _Frame | None = None
        self.nd_best_nonlink = 0
        self.nd_total = 0
        self.el = el
        self.depth = depth
        self.parent = parent
        self.pidx = pidx
        self.sparts = sparts
        self.batched = False
        self.tds = 0


#: An upper bound of the elements a parse of this many characters can hold: every element is
#: a tag or a run of text in the source (one character at least), apart from the few the
#: parser adds around a fragment (html, head, body).
def _most_elements(source_chars: int) -> int:
    return source_chars + 16


def analyse(root: HtmlElement, spec: Spec, source_chars: int | None = None) -> Facts:
    """One iterative pass: attribute-free subtree hashes computed bottom-up from the
    children's hashes, visible and link characters, structural slots, candidates in document
    order, and the page's main-content path.

    compat walks every element and normalises text like the original (strip, no spaces, lower
    case). improved walks only the skeleton (candidates and their ancestors), leaves script and
    style text out, removes all whitespace and folds digit runs so counters and dates match.

    ``source_chars``, the length of the HTML the tree was parsed from, spares counting the
    elements of a page too short to hold more than ``max_elements`` (``Facts.elements`` is
    then 0: it is only read for a page that is too large).
    """
    facts = Facts()
    if source_chars is None or _most_elements(source_chars) > spec.max_elements:
        n_elements = int(_COUNT_ELEMENTS(root))
        facts.elements = n_elements
        if n_elements > spec.max_elements:
            facts.too_large = True
            return facts
    compat = spec.compat
    skeleton, inner = (None, None) if compat else _skeleton(root, spec)
    extra = {} if skeleton is None else _extra_links(root, skeleton)
    held: set[HtmlElement] = set() if skeleton is None else _holding_invisible(root)
    cache: dict[str, bool] = {}
    steps = _STEPS
    if len(steps) > 50_000:  # a site with endless generated classes: start over
        steps.clear()
    skels = _SKELETONS
    if len(skels) > 50_000:
        skels.clear()
    # one string per place: the siblings of a place, and the same place on every page of a
    # site, share it (and the hash later lookups compute once)
    slots_at = _SLOTS
    if len(slots_at) > _MAX_CACHED:
        slots_at.clear()
    cands = facts.cands
    dig_sub = _DIGITS.sub
    # locals: this loop runs once per element of every page
    blake2b = hashlib.blake2b
    to_text = etree.tostring
    count_tds = not compat and "td" in (spec.tags if spec.tags is not None else IMPROVED_TAGS)
    invisible_tags = INVISIBLE_TAGS
    max_slot_depth = spec.max_slot_depth
    max_depth = spec.max_depth
    is_candidate = spec.is_candidate
    extra_get = extra.get
    work: list[tuple[HtmlElement, _Frame | None, Any, bool]] = [(root, None, None, False)]
    top: _Frame | None = None
    while work:
        el, parent, pidx, exiting = work.pop()
        if exiting:
            frame = parent
            assert frame is not None
            tag = frame.tag
            # on exit every child's place in the parts holds its hash: all strings
            done = cast("list[str]", frame.parts)
            done.append("</" + tag + ">")
            digest = blake2b("".join(done).encode("utf-8", "surrogatepass"), digest_size=8).digest()
            chars = frame.chars
            links = max(chars, 1) if tag == "a" else frame.links + extra_get(el, 0)
            cidx = frame.cand
            if cidx >= 0:
                rec = cands[cidx]
                rec[1] = int.from_bytes(digest, "big")
                rec[2] = chars
                rec[3] = links
                rec[5] = len(cands)
            done_skeleton = cast("list[str] | None", frame.sparts)
            skel = ""
            if done_skeleton is not None:
                joined = ",".join(done_skeleton)
                known = skels.get(joined)  # leaves and small frames repeat endlessly
                if known is None:
                    known = blake2b(joined.encode(), digest_size=8).hexdigest()
                    if len(joined) < 200:
                        skels[joined] = known
                skel = known
                if cidx >= 0:
                    cands[cidx][6] = skel
            up = frame.parent
            # no longer needed; keep only the best chains alive (and no frame refers back to
            # its parent: freed as soon as no chain holds it, without the cycle collector)
            frame.parts = frame.sparts = frame.parent = None
            if up is None:
                top = frame
                frame.links = links
                continue
            assert up.parts is not None
            if up.batched:  # the parent read its whole text at once: append, do not add chars
                up.parts.append(digest.hex())
                if up.sparts is not None:
                    up.sparts.append(skel)
            else:
                up.parts[frame.pidx[0]] = digest.hex()
                if up.sparts is not None:
                    up.sparts[frame.pidx[1]] = skel
                up.chars += chars
            up.links += links
            nonlink = chars - links
            # the page's footer (its credits and legal text) is never the place of its content,
            # however little text the content has (a photo's page with its caption)
            footer = frame.tag == "footer" or frame.el.get("role") == "contentinfo"
            side = links < _SIDE_DENSITY * chars and not footer
            better = nonlink > up.best_nonlink and not footer
            nd_better = side and nonlink > up.nd_best_nonlink
            if (better or nd_better) and not compat:
                closed = shut(frame.el)
                better = better and closed != DIALOG
                nd_better = nd_better and not closed
            if better:
                up.best = frame
                up.best_nonlink = nonlink
            if nd_better:
                up.nd_best = frame
                up.nd_best_nonlink = nonlink
            if side:
                # (a dialog or a hidden block counts here: its text is no reason to narrow
                # to a sibling, though it is never the place itself)
                up.nd_total += nonlink
            continue
        tag = el.tag
        depth = parent.depth + 1 if parent is not None else 0
        invisible = tag in invisible_tags or (parent is not None and parent.invisible)
        if tag == "td" and parent is not None:
            parent.tds += 1  # this cell's index in its row is tds - 1
        # a skeleton leaf (most paragraphs) with children: its whole text in one C call below,
        # which holds its own text too
        whole = inner is not None and el not in inner and len(el) > 0
        text = None if whole else el.text
        if compat:
            tnorm = _norm_compat(text)
            chars = 0 if invisible else len(tnorm)
        elif text and not invisible and not text.isspace():
            stripped = "".join(text.split())
            chars = len(stripped)
            low = stripped.lower()
            tnorm = low if low.isalpha() else dig_sub("0", low)
        else:
            tnorm, chars = "", 0
        slot = None
        if not compat and depth <= max_slot_depth:
            pslot = parent.slot if parent is not None else ""
            if pslot is not None:
                ident = el.get("id")
                cls = el.get("class")
                key = (tag, ident, cls)
                step = steps.get(key)
                if step is None:
                    step = steps[key] = _step_of(tag, ident, cls)
                if tag == "td":
                    # a layout table's columns (menu, story, teasers) are different places:
                    # a cell's position in its row is part of its slot (its row's cells are
                    # all walked, in order, when td is a candidate tag: counted on the way)
                    if count_tds and parent is not None:
                        step += f"[{parent.tds - 1}]"
                    else:
                        step += f"[{sum(1 for _ in el.itersiblings('td', preceding=True))}]"
                slot = slots_at.get((pslot, step))
                if slot is None:
                    slot = slots_at[pslot, step] = pslot + "/" + step
        cidx = -1
        hit = cache.get(tag)
        if hit is None:
            hit = is_candidate(tag, cache)
        if hit:
            if depth <= max_depth:
                cidx = len(cands)
                cands.append([el, 0, 0, 0, slot, 0, ""])
            else:
                facts.deep = True  # an element of a candidate's tag left out
        if parent is not None and inner is not None and el not in inner:
            # A skeleton leaf (most candidates: a listing's lines, a page's paragraphs): none
            # of its children is walked, so what its exit below would do is done here, with
            # no frame unless it is its parent's best child so far.
            if whole:
                # its visible text in one C call (scripts' text left out)
                t = (
                    ""
                    if invisible
                    else to_text(el, method="text", encoding="unicode", with_tail=False)
                    if el not in held
                    else _visible_text_of(el, held)
                )
                stripped = "".join(t.split()) if t else ""
                if stripped:
                    low = stripped.lower()
                    tnorm = low if low.isalpha() else dig_sub("0", low)
                    chars = len(stripped)
            # (its childless form holds its .text, read above)
            digest = blake2b(
                ("<" + tag + ">" + tnorm + "</" + tag + ">").encode("utf-8", "surrogatepass"),
                digest_size=8,
            ).digest()
            links = max(chars, 1) if tag == "a" else extra_get(el, 0)
            leaf_skel = skels.get(tag)
            if leaf_skel is None:
                leaf_skel = blake2b(tag.encode(), digest_size=8).hexdigest()
                if len(tag) < 200:
                    skels[tag] = leaf_skel
            if cidx >= 0:
                rec = cands[cidx]
                rec[1] = int.from_bytes(digest, "big")
                rec[2] = chars
                rec[3] = links
                rec[5] = len(cands)
                rec[6] = leaf_skel
            up_parts = cast("list[str | None]", parent.parts)
            if parent.batched:
                up_parts.append(digest.hex())
                if parent.sparts is not None:
                    parent.sparts.append(leaf_skel)
            else:
                up_parts[pidx[0]] = digest.hex()
                if parent.sparts is not None:
                    parent.sparts[pidx[1]] = leaf_skel
                parent.chars += chars
            parent.links += links
            if tag == "footer" or el.get("role") == "contentinfo":
                continue  # the page's footer is never the place of its content
            nonlink = chars - links
            side = links < _SIDE_DENSITY * chars
            better = nonlink > parent.best_nonlink
            nd_better = side and nonlink > parent.nd_best_nonlink
            if (better or nd_better) and not compat:
                closed = shut(el)
                better = better and closed != DIALOG
                nd_better = nd_better and not closed
            if better or nd_better:
                leaf = _Frame(tag, None, chars, slot, invisible, cidx, el, depth, None, pidx, None)
                if better:
                    parent.best = leaf
                    parent.best_nonlink = nonlink
                if nd_better:
                    parent.nd_best = leaf
                    parent.nd_best_nonlink = nonlink
            if side:
                parent.nd_total += nonlink
            continue
        parts: list[str | None] = ["<" + tag + ">" + tnorm]
        # the tag skeleton (structure without text) of the subtree, for structural slots
        sparts: list[str | None] | None = None if compat else [tag]
        frame = _Frame(tag, parts, chars, slot, invisible, cidx, el, depth, parent, pidx, sparts)
        work.append((el, frame, None, True))
        if whole:
            # a skeleton leaf with children: its visible text in one C call (scripts' text
            # left out)
            t = (
                ""
                if invisible
                else to_text(el, method="text", encoding="unicode", with_tail=False)
                if el not in held
                else _visible_text_of(el, held)
            )
            stripped = "".join(t.split()) if t else ""
            if stripped:
                low = stripped.lower()
                parts[0] = "<" + tag + ">" + (low if low.isalpha() else dig_sub("0", low))
                frame.chars = len(stripped)
            continue
        if inner is not None and el not in inner:
            continue  # a childless skeleton leaf: its .text was all of it
        pending: list[tuple[HtmlElement, _Frame | None, Any, bool]] = []
        if inner is not None and not invisible and len(el) > _BATCH_CHILDREN and el not in held:
            # Many children (a code listing of a thousand spans): the element's whole text in
            # one C call, then only the skeleton children are walked; their hashes follow it.
            frame.batched = True
            stripped = "".join(_text_of(el).split())
            frame.chars = len(stripped)
            low = stripped.lower()
            parts[0] = "<" + tag + ">" + (low if low.isalpha() else dig_sub("0", low))
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
                        (
                            child,
                            frame,
                            (len(parts) - 1, len(sparts) - 1 if sparts else 0),
                            False,
                        )
                    )
                elif invisible or ctag in invisible_tags:
                    parts.append("<" + ctag + ">")
                    if sparts is not None:
                        sparts.append(ctag)
                else:
                    # a childless element's text is its .text: no serialisation needed
                    t = (
                        child.text
                        if not len(child)
                        else to_text(child, method="text", encoding="unicode", with_tail=False)
                        if child not in held
                        else _visible_text_of(child, held)
                    )
                    stripped = "".join(t.split()) if t else ""
                    n = len(stripped)
                    frame.chars += n
                    if n:
                        low = stripped.lower()
                        parts.append(
                            "<" + ctag + ">" + (low if low.isalpha() else dig_sub("0", low))
                        )
                    else:
                        parts.append("<" + ctag + ">")
                    if sparts is not None:
                        sparts.append(ctag)
                    closed = (
                        shut(child)
                        if not compat and (n > frame.best_nonlink or n > frame.nd_best_nonlink)
                        else 0
                    )
                    # a leaf chunk can be the main content too
                    if n > frame.best_nonlink and closed != DIALOG:
                        leaf = _Frame(
                            ctag,
                            None,
                            n,
                            None,
                            False,
                            -1,
                            child,
                            depth + 1,
                            None,
                            None,
                            None,
                        )
                        frame.best = leaf
                        frame.best_nonlink = n
                    if ctag != "a":
                        frame.nd_total += n
                        if n > frame.nd_best_nonlink and not closed:
                            frame.nd_best = frame.best if frame.best_nonlink == n else None
                            frame.nd_best_nonlink = n
            elif not compat:
                ctag = None  # comment or processing instruction: only its tail is text
            tail = child.tail
            if compat:
                if isinstance(child.tag, str) or tail:
                    tn = _norm_compat(tail)
                    parts.append(tn)
                    if not invisible:
                        frame.chars += len(tn)
            elif tail and not invisible:
                stripped = "".join(tail.split())
                if stripped:
                    frame.chars += len(stripped)
                    low = stripped.lower()
                    parts.append(low if low.isalpha() else dig_sub("0", low))
        work.extend(reversed(pending))
    if top is None:
        return facts
    facts.chars = top.chars
    facts.links = top.links
    # Main content: from the root, follow the child holding the most non-link text while it
    # still holds main_share of the whole page's non-link text.
    total_nonlink = top.chars - top.links
    node = top
    path = [top.el]
    slots = [top.slot] if top.slot else []
    min_chars = spec.main_chars_share * top.chars
    frames = [top]
    while (
        node.best is not None
        and total_nonlink > 0
        and node.best_nonlink >= spec.main_share * total_nonlink
        and node.best.chars >= min_chars
    ):
        node = node.best
        path.append(node.el)
        frames.append(node)
        if node.slot:
            slots.append(node.slot)
    if not compat and len(path) > 2 and _page_in_body(path[1], path[2]):
        # the page's own heading and prose sit in the body beside the table: the body is the
        # content, the table one of its parts
        node = frames[1]
        del slots[sum(1 for f in frames[:2] if f.slot) :]
        del path[2:]
    facts.main_path = path
    facts.main_slots = slots
    # The content slot's candidates: further down, the child holding most of its parent's
    # non-link text (a news story's cell next to a menu and a column of teasers).
    deeper: list[HtmlElement] = []
    deeper_slots: list[str | None] = []
    while (
        node.nd_best is not None
        and node.nd_best.slot is not None
        and node.nd_best_nonlink > 0
        and node.nd_best_nonlink >= spec.slot_share * node.nd_total
    ):
        node = node.nd_best
        deeper.append(node.el)
        deeper_slots.append(node.slot)
    if not compat and deeper and len(path) == 2 and _page_in_body(path[1], deeper[0]):
        # nor does the content narrow to that table: it is one part of the page's text
        deeper, deeper_slots = [], []
    facts.slot_path = deeper
    facts.slot_slots = deeper_slots
    return facts


# --------------------------------------------------------------------------- fit summaries

#: A block's label (its first words when they are not a link: "Recommendations", "Related",
#: "See also:") is at most this long, normalised.
MAX_LABEL_CHARS = 60


#: a heading the page's own text opens with
_HEADINGS = frozenset({"h1", "h2", "h3"})
#: the body's own prose beside a table, in non-link characters, for the body to be the content
PROSE_BESIDE_TABLE = 120


def _page_in_body(body: HtmlElement, child: HtmlElement) -> bool:
    """True when the main content's guess went from the body into a table of its own, while
    the body itself holds the page's heading before that table and paragraphs of prose beside
    it (a flat documentation page: a task's description, then its table of parameters, with
    no block around the page's text to be the content)."""
    if body.tag != "body" or child.tag != "table":
        return False
    headed = False
    prose = 0
    for el in body:
        if el is child:
            if not headed:
                return False
            continue
        tag = el.tag
        if tag in _HEADINGS:
            headed = True
        elif tag == "p":
            text = "".join(el.xpath("string()").split())
            linked = sum(len("".join(a.xpath("string()").split())) for a in el.iter("a"))
            prose += len(text) - linked
    return headed and prose >= PROSE_BESIDE_TABLE


def block_label(el: HtmlElement) -> str | None:
    """The normalised first text of a block when it is a label: not link text and short.
    None otherwise. Follows first children only (a heading, a strong or a span at the top of
    the block), so it costs a few steps per block."""
    node = el
    for _ in range(4):
        text = node.text
        if text and not text.isspace():
            return None if node.tag == "a" else _label(text)
        nxt = None
        for child in node:
            tag = child.tag
            if isinstance(tag, str) and tag not in INVISIBLE_TAGS:
                if tag == "a" and child.get("href") is not None:
                    return None
                if len(child) or (child.text and not child.text.isspace()):
                    nxt = child
                    break
            tail = child.tail  # after a comment, a script or an empty element (img, anchor)
            if tail and not tail.isspace():
                return _label(tail)
        if nxt is None:
            return None
        node = nxt
    return None


def _label(text: str) -> str | None:
    label = _DIGITS.sub("0", "".join(text.split()).lower())
    return label if len(label) <= MAX_LABEL_CHARS else None


def label_key(slot: str, label: str) -> int:
    key = _LABEL_KEYS.get((slot, label))
    if key is None:
        if len(_LABEL_KEYS) > _MAX_CACHED:
            _LABEL_KEYS.clear()
        # (a listing's lines share their place and label on every page: hashed once)
        key = _LABEL_KEYS[slot, label] = h64((slot + "\0" + label).encode("utf-8", "surrogatepass"))
    return key


#: label keys by (slot, label), shared between pages (bounded like _STEPS)
_LABEL_KEYS: dict[tuple[str, str], int] = {}


def labelled_links(chars: int, links: int, density: float) -> bool:
    """Cheap first test of a labelled link block: link-dense once a label is left out."""
    return 0 < links < chars and links >= density * (chars - MAX_LABEL_CHARS)


#: A block repeated more often than this within one page is the page's own structure (list
#: entries, "Changes in version N" headings), not a site-wide template part.
MAX_REPEATS_PER_PAGE = 2


def repeats_within_page(facts: Facts) -> set[int]:
    # the hashes of the candidates with text, counted in C (characters are never negative)
    cands = facts.cands
    seen = Counter(compress(map(_HASH, cands), map(_CHARS, cands)))
    return {h for h, n in seen.items() if n > MAX_REPEATS_PER_PAGE}


_HASH = itemgetter(1)
_CHARS = itemgetter(2)


#: links standing loose in the body, between its blocks (not in a list, a menu or a paragraph)
_LOOSE = etree.XPath("body/a[@href]")


def loose_links(root: HtmlElement) -> list[tuple[HtmlElement, int]]:
    """The links standing loose in the body, between its blocks (a "main help file" link
    between the title and the text), each with its key: its text and target."""
    out = []
    for a in _LOOSE(root):
        text = " ".join(_text_of(a).split())
        href = (a.get("href") or "").strip()
        if text and href:
            out.append((a, h64(f"{text}\x00{href}".encode("utf-8", "surrogatepass"))))
    return out


#: Slot keys (h64 of the slot) by slot, shared between pages (bounded like _STEPS).
_SLOT_KEYS: dict[str, int] = {}


def _slot_key(slot: str) -> int:
    key = _SLOT_KEYS.get(slot)
    if key is None:
        if len(_SLOT_KEYS) > _MAX_CACHED:
            _SLOT_KEYS.clear()
        key = _SLOT_KEYS[slot] = h64(slot.encode("utf-8", "surrogatepass"))
    return key


#: a line at the content's edge says its own words, outside its links, when they are at least
#: this many letters and digits (a notice with its page's links: "This page may have a more
#: recent version on …: …, and a talk page: …")
FIXED_WORDS_CHARS = 12
#: blocks with text looked at from each end of the content
EDGE_BLOCKS = 3


def text_outside_links(el: HtmlElement) -> str:
    """The block's visible text outside its links, without white space."""
    linked: set[HtmlElement] = set()
    for a in el.iter("a"):
        linked.update(a.iter())
    parts: list[str] = []
    for node in el.iter():
        tag = node.tag
        if node not in linked and isinstance(tag, str) and tag not in INVISIBLE_TAGS and node.text:
            parts.append(node.text)
        if node is not el and node.tail and node.getparent() not in linked:
            parts.append(node.tail)
    return "".join("".join(parts).split())


def fixed_words(el: HtmlElement) -> str | None:
    """The block's visible text outside its links, normalised as a representation's (lower
    case, digit runs folded), when it holds a link to an address and at least
    ``FIXED_WORDS_CHARS`` letters or digits of its own; else None."""
    if not any(
        (href := (a.get("href") or "").strip()) and not href.startswith("#") for a in el.iter("a")
    ):
        return None
    text = text_outside_links(el).lower()
    if sum(c.isalnum() for c in text) < FIXED_WORDS_CHARS:
        return None
    return _DIGITS.sub("0", text)


def edge_blocks(content: HtmlElement) -> list[HtmlElement]:
    """The content's first and last ``EDGE_BLOCKS`` child elements with visible text."""
    children = [c for c in content if isinstance(c.tag, str) and c.tag not in INVISIBLE_TAGS]
    texted = [c for c in children if "".join(c.itertext()).strip()]
    if len(texted) <= 2 * EDGE_BLOCKS:
        return texted
    return texted[:EDGE_BLOCKS] + texted[-EDGE_BLOCKS:]


def fixed_key(words: str) -> int:
    return h64(("fixed:" + words).encode("utf-8", "surrogatepass"))


#: a heading's label is one word of letters of at most this many characters
HEADING_LABEL_CHARS = 20
#: the elements a heading's label may be: inline ones (a paragraph of one word after a heading,
#: "None" under "Return value", is a line of text)
_LABEL_TAGS = frozenset({"span", "small", "em", "i", "b", "strong", "label"})


def heading_label(heading: HtmlElement) -> tuple[HtmlElement, int] | None:
    """The one-word label right after a heading in its block, and its key: the next element
    holding visible text, an inline one (``_LABEL_TAGS``) of its own (nothing but white
    space between them), one word of
    letters (``HEADING_LABEL_CHARS`` at most), no link in or around it (a blog's post-format
    word "Standard" after every post's title); else None."""
    if (heading.tail or "").strip():
        return None
    sib = heading.getnext()
    while sib is not None and (not isinstance(sib.tag, str) or sib.tag in INVISIBLE_TAGS):
        if (sib.tail or "").strip():
            return None
        sib = sib.getnext()
    if sib is None or sib.tag not in _LABEL_TAGS or len(sib):
        return None
    word = (sib.text or "").strip()
    if not (0 < len(word) <= HEADING_LABEL_CHARS and word.isalpha()):
        return None
    if any(a.tag == "a" for a in heading.iterancestors()):
        return None
    return sib, h64(("heading-label:" + word.casefold()).encode("utf-8", "surrogatepass"))


def heading_labels(root: HtmlElement) -> list[tuple[HtmlElement, int]]:
    """:func:`heading_label` of every h1-h3 of the page that has one."""
    out: list[tuple[HtmlElement, int]] = []
    for h in root.iter("h1", "h2", "h3"):
        found = heading_label(h)
        if found is not None:
            out.append(found)
    return out


def summarise(
    root: HtmlElement, spec: Spec, link_density: float, facts: Facts | None = None
) -> dict[str, Any]:
    """The plain data one page contributes to the site model (crosses processes)."""
    if facts is None:
        facts = analyse(root, spec)
    if facts.too_large:
        return {"too_large": facts.elements}
    hashes: dict[int, bool] = {}
    # the place each representation is first seen at: its slot, and the slot of the
    # candidate around it
    hslots: dict[int, tuple[int, int | None]] = {}
    slots: dict[int, list[Any]] = {}
    names: dict[int, str] = {}
    repeats = repeats_within_page(facts)
    keys = _SLOT_KEYS  # the same slots recur on every page of a site: hashed once
    if len(keys) > _MAX_CACHED:
        keys.clear()
    around: list[tuple[int, int]] = []  # (end, slot key) of the open candidates with a slot
    labels: dict[int, str] = {}  # link blocks under a label: (slot, label) key -> name
    # slots holding blocks of different texts on this page (a series' place: each entry's
    # methods, each post's author line)
    first_at: dict[int, int] = {}
    multi: set[int] = set()
    for i, (el, h, chars, links, slot, end, skel) in enumerate(facts.cands):
        while around and around[-1][0] <= i:
            around.pop()
        key = None
        if slot is not None and chars > 0:
            key = keys.get(slot)
            if key is None:
                key = keys[slot] = h64(slot.encode("utf-8", "surrogatepass"))
            acc = slots.get(key)
            if acc is None:
                slots[key] = [chars, links, skel]
                names[key] = slot
                first_at[key] = h
            else:
                acc[0] += chars
                acc[1] += links
                if first_at[key] != h:
                    multi.add(key)
        if h not in hashes and h not in repeats:
            hashes[h] = chars > 0 and links >= link_density * chars
            if key is not None:
                hslots[h] = (key, around[-1][1] if around else None)
            if slot is not None and labelled_links(chars, links, link_density):
                label = block_label(el)
                if label is not None and links >= link_density * (chars - len(label)):
                    lkey = label_key(slot, label)
                    if lkey not in labels:
                        labels[lkey] = f"{slot[-200:]} | {label}"
        if key is not None:
            around.append((end, key))
    main = sorted({_slot_key(s) for s in facts.main_slots})
    content = sorted({_slot_key(s) for s in facts.slot_slots if s is not None})
    # the block found as the content, when it has a place and the page's heading is outside
    # it: its text and its place (a block the site says word for word there, the server's
    # signature under a folder's heading and list of files, does not make that place the
    # site's content place; a page's section saved under several addresses holds its heading)
    main_block = None
    if len(facts.main_path) > 2:
        last = facts.main_path[-1]
        for rec in facts.cands:
            if rec[0] is last:
                if rec[4] is not None and any(
                    last not in heading.iterancestors() for heading in root.iter(*_HEADINGS)
                ):
                    # its words as they are, digits and all (a page's paragraph that differs
                    # from others only in its figures is its own)
                    said = "".join(_text_of(last).split())
                    main_block = (h64(said.encode("utf-8", "surrogatepass")), _slot_key(rec[4]))
                break
    # the words the content's first and last blocks say outside their links
    content_el = facts.main_path[-1] if len(facts.main_path) > 1 else None
    edges = (
        sorted(
            {
                fixed_key(words)
                for block in edge_blocks(content_el)
                if (words := fixed_words(block)) is not None
            }
        )
        if content_el is not None and not spec.compat
        else []
    )
    return {
        "hashes": hashes,
        "hslots": hslots,
        "labels": labels,
        "slots": slots,
        "names": names,
        "main": main,
        "edges": edges,
        "main_block": main_block,
        "content": content,
        "chars": facts.chars,
        "loose": sorted({key for _a, key in loose_links(root)}),
        "heading_labels": sorted({key for _el, key in heading_labels(root)})
        if not spec.compat
        else [],
        "multi": sorted(multi),
    }


def summarise_html(html: str, spec: Spec, link_density: float) -> dict[str, Any]:
    return summarise(parse_html(html), spec, link_density)


# --------------------------------------------------------------------------- compact facts


class FactsStore:
    """What memory mode keeps of each page's analysis between fit and transform: per
    candidate its hash, characters, link characters, subtree end, slot and skeleton (slots
    and skeletons as indexes into site-wide tables, since they repeat on every page), the
    main-content path as child indexes, and no tree. A re-parse of the same HTML gives the
    same tree, so transform only has to find the candidates again (one C-level iteration)."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.tags = tuple(sorted(spec.tags if spec.tags is not None else IMPROVED_TAGS))
        self.pages: dict[str, tuple[Any, ...]] = {}
        self.strings: list[str | None] = [None]  # index 0 is "no slot" / "no skeleton"
        # index 0 is also "" (a skeleton the analysis left empty: compat, never stored)
        self.index: dict[str | None, int] = {None: 0, "": 0}
        self._skeleton_strings: list[str] = []

    def _intern(self, s: str | None) -> int:
        i = self.index.get(s)
        if i is None:
            i = self.index[s] = len(self.strings)
            self.strings.append(s)
        return i

    def _indexes(self, strings: tuple[str | None, ...]) -> list[int]:
        """The strings' indexes in the table, each added on first use (looked up in C)."""
        found = list(map(self.index.get, strings))
        if None in found:
            found = [
                self._intern(s) if i is None else i for i, s in zip(found, strings, strict=True)
            ]
        return cast("list[int]", found)

    def put(
        self, url: str, html: str, root: HtmlElement, facts: Facts, as_is: bool = False
    ) -> None:
        """Keep the page's analysis; ``as_is``: the HTML needed no rewriting before its parse
        (see htmltree.prepare_html), so its second parse skips those checks."""
        if self.spec.compat or facts.too_large:
            return  # compat walks every element; its candidates are not one tag iteration
        if facts.deep:
            # Deeper-than-max_depth elements are not candidates: then the tag iteration of
            # transform would not line up with the analysis, which analyses that page again.
            # (Else the candidates are the elements of those tags in document order: the walk
            # enters every element holding one, its children in order.)
            return
        _els, hashes, chars, links, slots, ends, skels = (
            zip(*facts.cands, strict=True) if facts.cands else ((),) * 7
        )
        # the columns in C: hashes as signed 64 bits, slots and skeletons as indexes into
        # the site-wide table of strings (index 0: no slot, no skeleton)
        slot_at = self._indexes(slots)
        skel_at = self._indexes(skels)
        data = (
            array("q", map(_UNSIGNED.__rsub__, hashes)),
            array("q", chars),
            array("q", links),
            array("q", ends),
            array("i", slot_at),
            array("i", skel_at),
        )
        intern = self._intern
        path = facts.main_path
        steps = tuple(path[i].index(path[i + 1]) for i in range(len(path) - 1))
        deeper = [path[-1], *facts.slot_path] if path else []
        slot_steps = tuple(
            (deeper[i].index(deeper[i + 1]), intern(facts.slot_slots[i]))
            for i in range(len(deeper) - 1)
        )
        self.pages[url] = (
            hash(html),
            data,
            steps,
            facts.chars,
            facts.elements,
            slot_steps,
            as_is,
            facts.links,
            [_kept_run(container, run) for container, run in facts.runs.items()],
        )

    def _skeletons(self) -> list[str]:
        """The interned strings with "" for index 0, kept while no string is added."""
        kept = self._skeleton_strings
        if len(kept) != len(self.strings):
            kept = self._skeleton_strings = ["", *self.strings[1:]]  # type: ignore[list-item]
        return kept

    def as_is(self, url: str, html: str) -> bool:
        """Whether the page's HTML (the same as in fit) needs no rewriting before its parse."""
        stored = self.pages.get(url)
        return stored is not None and stored[0] == hash(html) and bool(stored[6])

    def take(self, url: str, html: str, root: HtmlElement) -> Facts | None:
        """The page's analysis on a fresh parse of the same HTML, or None (analyse again)."""
        stored = self.pages.pop(url, None)
        if stored is None or stored[0] != hash(html):
            return None
        _, data, steps, chars, elements, slot_steps, _as_is, links, runs = stored
        els = list(root.iter(*self.tags))
        hashes, chars_at, links_at, ends, slot_at, skel_at = data
        if len(els) != len(hashes):
            return None
        strings = self.strings
        facts = Facts(chars=chars, links=links, elements=elements)
        # the records column by column, in C: hash, characters, links, slot, end, skeleton
        # (index 0, no skeleton, reads as "": every other skeleton is a non-empty string)
        skeletons = self._skeletons()
        facts.cands = list(
            map(
                list,
                zip(
                    els,
                    map(_UNSIGNED.__add__, hashes),
                    chars_at,
                    links_at,
                    map(strings.__getitem__, slot_at),
                    ends,
                    map(skeletons.__getitem__, skel_at),
                    strict=True,
                ),
            )
        )
        node = root
        path = [node]
        for i in steps:
            node = node[i]
            path.append(node)
        facts.main_path = path
        for i, k in slot_steps:
            node = node[i]
            facts.slot_path.append(node)
            facts.slot_slots.append(strings[k])
        for where, members in runs:
            container = root
            for i in where:
                container = container[i]
            kids = list(container) if members else []
            facts.runs[container] = [kids[i] for i in members]
        return facts


#: A stored hash (signed, to fit an array of "q") back to the unsigned 64 bits it was.
_UNSIGNED = 1 << 63


def _kept_run(container: HtmlElement, run: list[HtmlElement]) -> tuple[tuple[int, ...], array[int]]:
    """A run of posts as plain numbers: its container's child indexes from the root, its
    members' indexes among the container's children."""
    where = []
    el = container
    parent = el.getparent()
    while parent is not None:
        where.append(parent.index(el))
        el, parent = parent, parent.getparent()
    members = set(run)
    return tuple(reversed(where)), array("i", [i for i, c in enumerate(container) if c in members])
