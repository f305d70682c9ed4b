"""Precision-first repair anchored on the field's old values: learn a sample of values per
field (and the pages where it was legitimately absent); after a change, find the nodes that
hold those values again, induce a rule from them, score it by agreement over the whole sample,
and accept it only above a threshold; otherwise answer 'gone'. Drift (a rule that still matches
but whose values changed) is detected and repaired the same way."""

from __future__ import annotations

import difflib
import logging
import re
import time
import weakref
import zlib
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from dataclasses import field as dc_field
from typing import Any

from deboiler_gui.engine.htmltree import BLOCK_TAGS, INVISIBLE_TAGS, HtmlElement, normalize_text
from deboiler_gui.engine.model import DeboilerError, DomainModel, Page, Progress, RuleError
from deboiler_gui.engine.template.exports import Untranslatable, split_outside, step_predicates
from deboiler_gui.engine.template.extract import (
    PERMALINK_SIGNS,
    PRESENT_KEPT,
    _without_permalink,
    extract_field,
    is_self_link,
    link_of,
    page_tree,
    recorded_gone,
)
from deboiler_gui.engine.template.induce import (
    Example,
    Induced,
    InductionError,
    anchor_heading,
    induce,
    remembered,
    retag_last,
    tag_union_of,
)
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.repair import (
    ACCEPT_SCORE,
    ATTR_TAIL,
    SEVERAL_SCORE,
    RepairProposal,
    best_repairs,
    one_node_now,
    output_attribute,
    repair_steps,
    several_values,
    values_vary,
)
from deboiler_gui.engine.template.repair import accept_repairs as accept_proposals
from deboiler_gui.engine.template.rules import apply_processors, filter_text
from deboiler_gui.engine.template.selectors import (
    TEST_ATTRS,
    SiteIndex,
    _common_ancestor,
    class_predicate,
    select_elements,
    xpath_literal,
)
from deboiler_gui.engine.template.signals import SignalsTally
from deboiler_gui.engine.template.structured import page_values
from deboiler_gui.engine.template.valueshape import (
    encode_records,
    learned_lead,
    learned_records,
    page_record,
    preview,
    shape_words,
    starts_entry,
    value_print,
    value_shape,
)

log = logging.getLogger(__name__)

#: Pages whose values are kept per field when learning.
SAMPLE_PAGES = 30
#: A rule whose values agree with the old ones on at least this share of the sample is fine.
AGREE_OK = 0.9
#: The score a repair needs to be accepted (agreement minus penalties, 0..1).
ACCEPT = 0.8
#: ... and give the old value back on at least this many learned pages (one page is no evidence).
MIN_AGREE = 2
#: An 'unsure' proposal a person accepts (``--accept-unsure``) must score at least this; below
#: it, the evidence speaks against the rule and only an explicit override takes it.
UNSURE_FLOOR = 0.5
#: A best candidate scoring at most this, giving the old value on fewer than MIN_AGREE pages,
#: means the field is gone (its texts may still be elsewhere on the pages).
GONE_SCORE = 0.05
#: ... unless the old values still sit in nodes of the old kind on this share of the pages.
FOUND_PRESENT = 0.5
#: Learning looks further than the sample until each field has this many pages with a value.
MIN_VALUES = 5
#: Pages where the old template found nothing kept in each field's sample (when there are).
MIN_ABSENT = 3
#: A field is anchored on a structured value when they are equal on this share of its pages.
ANCHOR_SHARE = 0.8
_MAX_ITEMS = 60
#: Pages kept per field where its value is a link to the page itself.
_SELF_LINK_PAGES = 5
#: 'Not this' examples taken from a candidate's extra items.
_MAX_NEGATIVES = 8
#: Candidates (best first) checked on the site's pages where the field was absent.
_SITE_CHECKS = 30
#: A queue that agrees but gives other values on at most this many learned pages gets a rule
#: of each such page put before its last rule; the best few such queues are tried.
_OWN_RULE_WRONG = 2
_OWN_RULE_QUEUES = 2
#: Pages of the site where the field had a value (not learned) a proposal is read on ...
_COVER_PAGES = 20
#: Pages where the field had a value recorded per field by :func:`learn_absent` (``present``,
#: with their number in ``present_count``), spread over the site when there are more: then the
#: record is a sample, and ``evaluate`` counts its rate over every page not learned absent.
_PRESENT_PAGES = PRESENT_KEPT
#: Other pages read for a field learned without ``present``: those where its old rules still
#: give a value are where it had one.
_STILL_READ = 60
#: ... and it is refused when it gives nothing on this share of them more than on the learned
#: pages (a rule right on a few learned pages, empty on most of the site).
_COVER_MISS = 0.25
#: A candidate whose nodes are of another kind than the field's old nodes scores at most this
#: (below ACCEPT): the old texts in other nodes are not the field.
KIND_SCORE = 0.5
#: Learned pages on which a candidate's nodes are compared with the old nodes' kind.
_KIND_PAGES = 5
#: A candidate that selects several nodes with different values on learned pages, for a field
#: whose old rule selected one there, scores at most ``SEVERAL_SCORE`` (``repair``): below
#: ACCEPT (it gives the first of many, right on those pages by their order alone), above
#: UNSURE_FLOOR (a person who looked at its pages may take it).
_OWN_TEXT = "/text()[normalize-space()][1]"
#: How alike an old class token and a new one must be to be taken for its new name when the
#: node has several (``xref`` -> ``v2-xref``).
_RENAME_LIKE = 0.5
#: Tags of one role: a value moving from one to another (a price in a ``span`` then a ``b``)
#: is the same kind of node; from one role to another (a link to a heading) it is not.
_ROLES = {
    **{t: "heading" for t in ("h1", "h2", "h3", "h4", "h5", "h6")},
    **{
        t: "inline"
        for t in [
            "a",
            "span",
            "b",
            "strong",
            "em",
            "i",
            "u",
            "s",
            "small",
            "big",
            "mark",
            "code",
            "kbd",
            "samp",
            "var",
            "tt",
            "cite",
            "dfn",
            "abbr",
            "time",
            "label",
            "font",
            "sub",
            "sup",
            "q",
        ]
    },
    **{
        t: "block"
        for t in [
            "div",
            "p",
            "section",
            "article",
            "main",
            "header",
            "footer",
            "aside",
            "nav",
            "blockquote",
            "pre",
            "figure",
            "figcaption",
            "address",
            "li",
            "dd",
            "dt",
            "td",
            "th",
            "caption",
            "center",
        ]
    },
}
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_MAX_TEXT = 300
#: A value longer than _MAX_TEXT is kept as its first _MAX_TEXT characters plus a print of the
#: whole (``long`` in the search rules, per page): its length in words, a checksum of its words
#: and one of its last ``_TAIL_WORDS`` words. A node is the value's only when its text starts
#: the same and its print agrees: the same checksum, or the same last words and a length within
#: ``_LONG_BAND`` (a word changed in the middle). A block that only starts the same (a shorter
#: one, or its parent) is not the value.
_TAIL_WORDS = 30
_LONG_BAND = 0.02
#: Words a long node's visible text must start with, as the kept value does, to be read whole.
_HEAD_WORDS = 12
_WORD = re.compile(r"\w+")
#: Learned pages the repair's site index holds (they tell volatile attributes and rank an
#: induction's candidates) ...
_INDEX_PAGES = 10
#: ... none of them this many times larger than the median learned page.
_LARGE_PAGE = 4
#: ... and a learned page is judged apart from the others (see ``_large_pages``) above this many
#: elements too.
_LARGE_ELEMENTS = 20_000
#: Element counts of the pages' trees, counted once.
_SIZES: weakref.WeakKeyDictionary[Any, int] = weakref.WeakKeyDictionary()
#: Siblings without text looked past for a label just after a node.
_LABEL_HOPS = 2
#: Attributes of a node's child that name it (an icon's alt text).
_MARKER_ATTRS = ("alt", "title", "aria-label")
_SIGNS = frozenset("".join(PERMALINK_SIGNS))
#: Pages of the site that were not learned, read to tell apart rules that agree as well with the
#: old values (one URL in ``_OTHER_EVERY`` is taken, by a checksum of the URL, up to this many).
_OTHER_PAGES = 12
_OTHER_EVERY = 8
#: Rules scoring as well as the accepted one compared with it on those pages.
_RIVALS = 4
#: ... and on up to this many other pages where the names the rules hold on to (a class, an
#: id) come most often: where the rules' nodes repeat (a class tree two superclasses deep),
#: rules that take the first node and the last one part.
_RICH_PAGES = 24
#: Pages of the site whose names are counted for that, spread over it.
_RICH_SCAN = 2000
_RULE_NAMES = re.compile(r"' ([^' ]+) '|@(?:id|class)\s*=\s*['\"]([^'\"]+)['\"]")
_LETTER = re.compile(r"[^\W\d_]")


def _flat(value: Any) -> str:
    return " ".join(normalize_text(str(value)).split())


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _misread_bytes(text: str) -> bytearray | None:
    """The bytes a text was read from when each of its characters is one byte of Windows-1252
    (or Latin-1, for the bytes Windows-1252 leaves undefined); None when one is not."""
    raw = bytearray()
    for ch in text:
        if ch.isascii():
            raw.append(ord(ch))
            continue
        try:
            raw += ch.encode("cp1252")
        except UnicodeEncodeError:
            if ord(ch) > 0xFF:
                return None
            raw.append(ord(ch))
    return raw


def unmangled(text: str) -> str:
    """``text`` as it read before its UTF-8 bytes were taken for Windows-1252 or Latin-1 (a page
    saved again under the wrong encoding: 'Part\xa0I.' reads 'PartÂ\xa0I.', '—' reads 'â€”'),
    flattened; ``text`` itself, flattened, when it is not such a misreading. A no-break space
    inside a misread character that white space collapsing turned into a space counts as
    the no-break space it was. The same value under that damage is the same value."""
    flat = _flat(text)
    if flat.isascii():
        return flat
    raw = _misread_bytes(flat)
    if raw is None:
        return flat
    i, n, multi = 0, len(raw), False
    while i < n:
        b = raw[i]
        if b < 0x80:
            i += 1
            continue
        need = 1 if 0xC2 <= b <= 0xDF else 2 if 0xE0 <= b <= 0xEF else 3 if 0xF0 <= b <= 0xF4 else 0
        if not need or i + need >= n:
            return flat
        for k in range(i + 1, i + need + 1):
            if raw[k] == 0x20:
                raw[k] = 0xA0
            elif not 0x80 <= raw[k] <= 0xBF:
                return flat
        multi = True
        i += need + 1
    if not multi:
        return flat
    try:
        return _flat(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return flat


def long_print(value: Any) -> dict[str, int]:
    """The print of a long value (see ``_TAIL_WORDS``): its ``chars`` (white space runs one
    space), ``words``, ``hash`` of its words, ``tail`` of its last words and ``bag`` of its words
    in any order (a block whose parts were reordered has the same words), the same whatever its
    white space and punctuation between words."""
    flat = _flat(value)
    words = _words(flat)
    return {
        "chars": len(flat),
        "words": len(words),
        "hash": zlib.crc32(" ".join(words).encode()),
        "tail": zlib.crc32(" ".join(words[-_TAIL_WORDS:]).encode()),
        "bag": zlib.crc32(" ".join(sorted(words)).encode()),
    }


def long_agrees(value: Any, want: dict[str, Any], *, got: dict[str, int] | None = None) -> bool:
    """Whether a value is the long value ``want`` printed (``long_print``): the same words, or
    the same last words and about as many (``got``: the value's print, when made already)."""
    got = got or long_print(value)
    if got["hash"] == want.get("hash"):
        return True
    n = int(want.get("words") or 0)
    return got["tail"] == want.get("tail") and abs(got["words"] - n) <= _LONG_BAND * n


def same_words(got: dict[str, int], want: dict[str, Any]) -> bool:
    """Whether two prints are of the same words in another order (a block whose parts were
    reordered: every word kept, as often, none added)."""
    return "bag" in want and got["bag"] == want["bag"] and got["words"] == want.get("words")


def _long_of(fld: Field, url: str) -> dict[str, Any] | None:
    """The print of the field's long value learned on ``url`` (None: not kept, or short)."""
    got = (fld.search.fingerprint.get("long") or {}).get(url)
    return got if isinstance(got, dict) else None


def _norm_value(value: Any, is_list: bool) -> Any:
    if is_list:
        return [_flat(v)[:_MAX_TEXT] for v in (value or [])][:_MAX_ITEMS]
    return _flat(value or "")[:_MAX_TEXT]


def same_value(got: Any, want: Any, is_list: bool, whole: dict[str, Any] | None = None) -> bool:
    """Values equal as text (whitespace runs are one space); lists as multisets, the stored
    sample being capped at its first items: a longer list agrees when it holds every stored
    item (its order may have changed: a page of many sections whose blocks were reordered).
    With ``whole`` (the print of a value longer than the stored text), the value also agrees
    with that print: a block that only starts the same is another value."""
    if whole is not None and not is_list:
        mine = long_print(got)
        if _norm_value(got, False) == (want or "") and long_agrees(got, whole, got=mine):
            return True
        return same_words(mine, whole)
    if is_list:
        w = list(want or [])
        if len(w) >= _MAX_ITEMS:
            items = [_flat(v)[:_MAX_TEXT] for v in (got or [])]
            return len(items) >= len(w) and not Counter(w) - Counter(items)
        if Counter(_norm_value(got, True)) == Counter(w):
            return True
        return _mangled(got, True) and Counter(
            unmangled(str(v))[:_MAX_TEXT] for v in got or []
        ) == Counter(w)
    if _norm_value(got, False) == (want or ""):
        return True
    return _mangled(got, False) and unmangled(str(got or ""))[:_MAX_TEXT] == (want or "")


def _mangled(value: Any, is_list: bool) -> bool:
    """Whether a value has characters a misread encoding could have made (``unmangled``)."""
    if is_list:
        return any(not str(v).isascii() for v in value or [])
    return not str(value or "").isascii()


def learn_values(
    template: Template, pages: Sequence[Page], *, sample: int = SAMPLE_PAGES
) -> Template:
    """Each field's values on a sample of pages (absent values included: they mark pages where
    the field legitimately does not exist), kept in its search rules as ``samples``; a value
    longer than the _MAX_TEXT characters kept of it also gets a print of the whole in
    ``long`` (``long_print``), by page."""
    readable = [p for p in pages if not p.error and p.html]
    # Spread over the site (pages of one kind cluster in name order); beyond the first
    # ``sample`` pages, a page is kept only while some field has fewer than MIN_VALUES values
    # (a field found on few kinds of pages still gets evidence) or it brings a kind of value
    # met on too few pages; the whole scan is read for those.
    scan = readable
    if len(readable) > 10 * sample:
        step = len(readable) / (10 * sample)
        scan = [readable[int(i * step)] for i in range(10 * sample)]
    first = max(1, len(scan) // sample)
    order = scan[::first] + [p for i, p in enumerate(scan) if i % first]
    trees: list[tuple[str, HtmlElement]] = []
    have: Counter[str] = Counter()
    # Pages per kind of value: the field, the rule of its queue that gave it and the tag of
    # its node (a parameter page's span, a section page's h1). A kind met on fewer than
    # MIN_AGREE sampled pages gets more while the scan lasts: repair can then give those pages
    # a rule of their own, and judges it against their own old nodes.
    kinds: Counter[tuple[str, int, str]] = Counter()
    # A copy of a page already taken (the same text under another address: a site copied
    # into several folders) adds no evidence: it is passed over.
    texts_taken: set[str] = set()
    for p in order:
        if len(trees) >= 2 * sample:
            break
        try:
            tree = page_tree(p)
        except DeboilerError:
            continue
        text = _text_key(tree)
        if text and text in texts_taken:
            continue
        texts_taken.add(text)
        found = set()
        met = set()
        for fld in template.fields:
            try:
                value, rep = extract_field(tree, fld, template)
            except RuleError:
                continue
            if value:
                found.add(fld.id)
                tag = rep.nodes[0].rsplit("/", 1)[-1].split("[")[0] if rep.nodes else ""
                met.add((fld.id, rep.queue_index, tag))
        if (
            len(trees) < sample
            or any(have[f] < MIN_VALUES for f in found)
            or any(kinds[k] < MIN_AGREE for k in met)
        ):
            trees.append((p.url, tree))
            have.update(found)
            kinds.update(met)
    # Pages where a field is known to be absent (``learn_absent`` ran first) join the sample
    # until it holds MIN_ABSENT of them per field: the repair's agreement then sees that a
    # rule fills them.
    by_url = {p.url: p for p in readable}
    taken = {u for u, _t in trees}
    for fld in template.fields:
        known = [u for u in (fld.search.fingerprint.get("absent") or ()) if u in by_url]
        need = MIN_ABSENT - sum(1 for u in known if u in taken)
        if need <= 0 or not known:
            continue
        step = max(1, len(known) // MIN_ABSENT)
        for u in known[::step] + known:
            if need <= 0:
                break
            if u in taken:
                continue
            try:
                trees.append((u, page_tree(by_url[u])))
            except DeboilerError:
                continue
            taken.add(u)
            need -= 1
    new = template
    structured: dict[str, dict[str, str]] = {}
    for fld in template.fields:
        samples: dict[str, Any] = {}
        # Values longer than what is kept of them: the print of the whole (``long_print``).
        longs: dict[str, dict[str, int]] = {}
        tags: Counter[str] = Counter()
        texts: Counter[bool] = Counter()
        links: Counter[str] = Counter()
        page_tag: dict[str, str] = {}
        page_link: dict[str, str] = {}
        # Whether every old node was (in) a link, and how many led to their own page.
        in_links = self_links = 0
        # The identifying attributes of each page's old node (``node_hooks``).
        hooks: list[dict[str, str]] = []
        # Learned pages where the rule selected several nodes with different values (a
        # field that takes the first of many), for a field of one value per page.
        several = 0
        for url, tree in trees:
            try:
                value, rep = extract_field(tree, fld, template)
            except RuleError:
                continue
            samples[url] = _norm_value(value, fld.is_list)
            if value and not fld.is_list and not fld.children:
                several += bool(_several_values(tree, fld, template, rep, url))
            if value and not fld.is_list and not fld.children and len(_flat(value)) > _MAX_TEXT:
                longs[url] = long_print(value)
            if value and not fld.children:
                owner = rep.nodes[:_MAX_ITEMS] or [_attribute_owner(tree, rep.xpath)]
                got = _link_states(tree, url, owner)
                in_links = in_links + 1 if got is not None and in_links >= 0 else -1
                self_links += bool(got)
            node = rep.nodes[0] if rep.nodes else _attribute_owner(tree, rep.xpath) if value else ""
            if node and not fld.is_list and not fld.children:
                el = _report_element(tree, node)
                if el is not None:
                    hooks.append(own_hooks(el))
            if node:
                page_tag[url] = node.rsplit("/", 1)[-1].split("[")[0]
                tags[page_tag[url]] += 1
                texts[_has_text(tree, node)] += 1
                # A list's items each: a page's summary may link within the page for some
                # entries and to other files for others.
                link = _link_kinds_at(tree, rep.nodes[:_MAX_ITEMS] if fld.is_list else [node])
                if link is not None:
                    links[link] += 1
                    page_link[url] = link
        fp = {**fld.search.fingerprint, "samples": samples}
        fp.pop("long", None)
        if longs:
            fp["long"] = longs
        fp.pop("page_kinds", None)
        fp.pop("no_self_link", None)
        fp.pop("node_hooks", None)
        if not fld.is_list and not fld.children:
            # The attributes that told the old node apart on every learned page with a value
            # (a nav link's ``title``, ``rel`` or ``accesskey``): the repair prefers the node
            # that still carries them to a look-alike of the same value (a 'Top' link beside
            # the 'Up' one, both to the index). Kept even when there are none, so that a
            # record without them says it was learned before they were kept.
            fp["node_hooks"] = _common_hooks(hooks)
        fp.pop("one_node", None)
        if not fld.is_list and not fld.children and any(samples.values()):
            # Whether the rule selected one node (or like copies of one value) on every
            # learned page with a value: a repaired rule must then too, not the first of many.
            fp["one_node"] = not several
        if in_links > 0 and not self_links and not fp.get("self_link_pages"):
            # Links (targets or texts) none of which leads to its own page: a link to the page
            # itself (an enum's own name in its inheritance tree) is no value of the field.
            # Not when some page of the site outside the sample has one as its value
            # (``learn_absent``): a section index's up arrow may lead to the index itself.
            fp["no_self_link"] = True
        if tags:
            fp["node_tag"] = tags.most_common(1)[0][0]
            # Pages whose old node was of another kind than the commonest (a section page
            # titled by an h1 where parameter pages have a span): their own tag and link kind,
            # so a rule for those pages is judged against their old nodes, not the others'.
            top_link = links.most_common(1)[0][0] if links else None
            other = {
                u: [t, page_link.get(u)]
                for u, t in page_tag.items()
                if t != fp["node_tag"] or page_link.get(u) != top_link
            }
            if other:
                fp["page_kinds"] = other
        if texts:
            # Links drawn as icons ('previous' and 'next' arrows) have no text; a link of the
            # same target with text (the same page in a menu) is another node.
            fp["node_text"] = texts.most_common(1)[0][0]
        if links:
            # Whether the old nodes were links, and to where: a list of in-page links (a
            # page's summary of its sections) is not the section headings of the same texts.
            fp["node_link"] = links.most_common(1)[0][0]
            fp["link_items"] = True  # a list's link kinds are its items' (all of them)
        anchor = _structured_anchor(fld, samples, structured, dict(trees))
        if anchor:
            fp["structured"] = anchor
        else:
            fp.pop("structured", None)
        new = new.with_field(replace(fld, search=replace(fld.search, fingerprint=fp)))
    return new


def learn_absent(template: Template, pages: Iterable[Page]) -> Template:
    """:func:`learn_absent_missed`'s template."""
    return learn_absent_missed(template, pages)[0]


def learn_absent_missed(
    template: Template, pages: Iterable[Page]
) -> tuple[Template, dict[str, list[str]]]:
    """Record, per field, the pages of the site where the template finds nothing (kept in its
    search rules as ``absent``): the field legitimately does not exist there, and no repair
    may fill them. Every readable page is read once. Not the pages where the correctness
    signals see the field's node at the rule's usual place (or the page's top heading the
    rule's node is elsewhere: ``FieldSignals.missed``): the rule misses them, and they are
    returned per field beside the template instead. The pages where the field's value is a
    link to the page itself (a section index whose up arrow leads to itself) are kept too
    (``self_link_pages``, a few): value learning then never records the field as one that
    never links to its own page, which would empty it there."""
    absent: dict[str, list[str]] = {f.id: [] for f in template.fields}
    present: dict[str, list[str]] = {f.id: [] for f in template.fields}
    # The print and shape of each value (``valueshape``): evaluate and repair tell a value
    # the field's rule now takes from other nodes from the field's own value changed.
    records: dict[str, dict[str, tuple[str, str]]] = {f.id: {} for f in template.fields}
    # (judged afresh: the pages an earlier learning recorded as absent raise no flag of a
    # missed page, and are looked at again here)
    fresh = template
    for fld in template.fields:
        if "absent" in fld.search.fingerprint:
            fp = {k: v for k, v in fld.search.fingerprint.items() if k != "absent"}
            fresh = fresh.with_field(replace(fld, search=replace(fld.search, fingerprint=fp)))
    tally = SignalsTally(fresh, preview=0)
    own: dict[str, list[str]] = {f.id: [] for f in template.fields}
    for p in pages:
        if p.error or not p.html:
            continue
        try:
            tree = page_tree(p)
        except DeboilerError:
            continue
        if not isinstance(tree, HtmlElement):
            continue
        tally.add(p.url, tree)
        for fld in template.fields:
            try:
                value, _rep = extract_field(tree, fld, template, url=p.url)
            except RuleError:
                continue
            if len(own[fld.id]) < _SELF_LINK_PAGES and _gives_self_link(
                tree, p.url, fld, template, value, _rep
            ):
                own[fld.id].append(p.url)
            if not value:
                absent[fld.id].append(p.url)
            else:
                present[fld.id].append(p.url)
                records[fld.id][p.url] = page_record(tree, fld, value, _rep)
    missed = {sig.field: sig.missed() for sig in tally.settle()}
    new = template
    for fld in template.fields:
        miss = set(missed.get(fld.id, ()))
        kept = _spread_urls(present[fld.id], _PRESENT_PAGES)
        prints, shapes = encode_records(records[fld.id], kept)
        fp = {
            **fld.search.fingerprint,
            "absent": sorted(u for u in absent[fld.id] if u not in miss),
            "present": kept,
            "present_count": len(present[fld.id]),
            "present_prints": prints,
            "present_shapes": shapes,
        }
        fp.pop("self_link_pages", None)
        if own[fld.id]:
            fp["self_link_pages"] = own[fld.id]
        new = new.with_field(replace(fld, search=replace(fld.search, fingerprint=fp)))
    return new, {
        fld.id: sorted(u for u in absent[fld.id] if u in set(missed.get(fld.id, ())))
        for fld in template.fields
        if set(absent[fld.id]) & set(missed.get(fld.id, ()))
    }


def _spread_urls(urls: list[str], most: int) -> list[str]:
    """Up to ``most`` of ``urls``, spread over them (sorted)."""
    if len(urls) > most:
        step = len(urls) / most
        urls = [urls[int(i * step)] for i in range(most)]
    return sorted(urls)


def _gives_self_link(
    tree: Any, url: str, fld: Field, template: Template, value: Any, rep: Any
) -> bool:
    """Whether the field's rules as they stand give a link to the page ``url`` itself there:
    its value's node (or, for a field already learned never to be one, the value it gives
    without passing such links over) leads to its own page."""
    if fld.children:
        return False
    if rep.self_links:
        # Passed over by an earlier learning: what the rules give without that.
        bare = replace(
            fld,
            search=replace(
                fld.search,
                fingerprint={
                    k: v for k, v in fld.search.fingerprint.items() if k != "no_self_link"
                },
            ),
        )
        try:
            value, rep = extract_field(tree, bare, template)
        except RuleError:
            return False
    if not value:
        return False
    owner = rep.nodes[:_MAX_ITEMS] or [_attribute_owner(tree, rep.xpath)]
    return bool(_link_states(tree, url, owner))


def _attribute_owner(tree: Any, xpath: str) -> str:
    """The path of the element whose attribute a rule ending on ``/@src`` took (its report
    names no node: the value is a string), or ""."""
    m = ATTR_TAIL.search(xpath or "")
    if not m:
        return ""
    try:
        found = select_elements(tree, xpath[: m.start()]) if "%d" not in xpath else []
    except RuleError:
        return ""
    return str(found[0].getroottree().getpath(found[0])) if found else ""


def _report_element(tree: Any, path: str) -> HtmlElement | None:
    """The element at a field report's path on its page; None when the path is no XPath or
    names no element (it tells nothing)."""
    try:
        found = tree.xpath(path) if path.startswith("/") else []
    except Exception:  # noqa: BLE001 - a report path that is not an XPath tells nothing
        return None
    return found[0] if found and isinstance(found[0], HtmlElement) else None


def _link_states(tree: Any, url: str, paths: Sequence[str]) -> bool | None:
    """Whether any node at ``paths`` (report paths of one page) is a link to ``url`` itself;
    None when some node is in no link (or none names an element)."""
    own = False
    if not paths:
        return None
    for path in paths:
        el = _report_element(tree, path)
        if el is None or link_of(el) is None:
            return None
        own = own or is_self_link(el, url)
    return own


#: Attributes that identify a node of one value per page among look-alikes (a nav bar's
#: links told apart by their ``title`` or ``rel``), kept as ``node_hooks`` when learned.
_IDENTITY_ATTRS = (
    *TEST_ATTRS,
    "rel",
    "title",
    "accesskey",
    "aria-label",
    "role",
    "itemprop",
    "property",
    "name",
)
#: Longest attribute value kept as a hook.
_HOOK_LEN = 60


def own_hooks(el: HtmlElement) -> dict[str, str]:
    """The identifying attributes ``el`` carries (:data:`_IDENTITY_ATTRS`), by name."""
    out = {}
    for attr in _IDENTITY_ATTRS:
        v = (el.get(attr) or "").strip()
        if v and len(v) <= _HOOK_LEN and "\n" not in v:
            out[attr] = v
    return out


def _common_hooks(hooks: Sequence[dict[str, str]]) -> dict[str, str]:
    """The attribute values every node of ``hooks`` carries (at least MIN_AGREE nodes)."""
    if len(hooks) < MIN_AGREE:
        return {}
    first = dict(hooks[0])
    return {a: v for a, v in first.items() if all(h.get(a) == v for h in hooks[1:])}


def _has_text(tree: HtmlElement, path: str) -> bool:
    el = _report_element(tree, path)
    return True if el is None else bool(normalize_text(el.text_content()))


def link_kind(el: Any) -> str:
    """What kind of link a node is: "inpage" (``href='#…'``), "link" (another href) or
    "none"."""
    href = el.get("href") if isinstance(el, HtmlElement) else None
    if href is None:
        return "none"
    return "inpage" if href.strip().startswith("#") else "link"


def _link_kinds_at(tree: HtmlElement, paths: Sequence[str]) -> str | None:
    """The link kinds of the nodes at ``paths`` (report paths of one page), joined with "+"
    when they differ ("inpage+link": a table of contents whose entries lead to sections of
    the page and to other files); None when no path names an element."""
    kinds: set[str] = set()
    for path in paths:
        try:
            found = tree.xpath(path) if path.startswith("/") else []
        except Exception:  # noqa: BLE001 - a report path that is not an XPath tells nothing
            continue
        if found and isinstance(found[0], HtmlElement):
            kinds.add(link_kind(found[0]))
    return "+".join(sorted(kinds)) if kinds else None


def icon_only(fld: Field) -> bool:
    """Whether the field's old nodes held no text (``node_text`` learned false): links drawn
    as an icon (an up arrow, an image inside the link) and not for a list of records."""
    return fld.search.fingerprint.get("node_text") is False and not fld.children


def text_fits(el: Any, fld: Field) -> bool:
    """Whether ``el`` is of the old nodes' text kind: a node with text (a menu entry, a
    breadcrumb step) is not an icon link of the same target."""
    return not icon_only(fld) or not (
        isinstance(el, HtmlElement) and normalize_text(el.text_content())
    )


def link_fits(el: Any, link: str | None) -> bool:
    """Whether ``el`` is a link of a kind the old nodes had (``link`` as learned: one kind or
    several joined with "+"; None when unknown)."""
    return link is None or link_kind(el) in link.split("+")


_LINK_NAMES = {"inpage": "links within the page", "link": "links", "none": "no links"}


def _link_name(link: str) -> str:
    return " or ".join(_LINK_NAMES.get(k, k) for k in link.split("+"))


_several_values = several_values


def _several_pages(
    trees: dict[str, Any], samples: dict[str, Any], probe: Field, template: Template
) -> dict[str, Any]:
    """The learned pages with a value where the rule of ``probe``'s queue that gives the
    value selects several nodes with different values (``pages``: url -> nodes, ``rules``:
    those rules of the queue, ``of``: the learned pages where it gives a value), or {}."""
    pages: dict[str, int] = {}
    rules: set[str] = set()
    checked = 0
    for url, want in samples.items():
        tree = trees.get(url)
        if tree is None or not want:
            continue
        found = _several_at(tree, probe, template, url)
        if found is None:
            continue
        checked += 1
        n, rule = found
        if n:
            pages[url] = n
            rules.add(rule)
    return {"pages": pages, "rules": sorted(rules), "of": checked} if pages else {}


def _several_at(tree: Any, fld: Field, template: Template, url: str) -> tuple[int, str] | None:
    """None when ``fld``'s queue gives no value on the page; else how many nodes with
    different values the rule that gives it selects there (0 for one) and that rule."""
    try:
        value, rep = extract_field(tree, fld, template, paths=False, url=url)
    except RuleError:
        return None
    if not value:
        return None
    return _several_values(tree, fld, template, rep, url), rep.xpath


def _several_summary(info: dict[str, Any]) -> dict[str, Any]:
    """What a report keeps of the pages where a rule selects several nodes (``several`` in
    ``_repair_field``): how many of how many learned pages, and the first few with their
    number of nodes."""
    pages = info["pages"]
    return {
        "count": len(pages),
        "of": info["of"],
        "pages": list(pages)[:10],
        "nodes": dict(list(pages.items())[:10]),
    }


def _several_text(info: dict[str, Any]) -> str:
    """The pages where a rule selects several nodes, in words: "several nodes with different
    values on 3 of 30 learned pages where the old rule selected one (…/a.html: 12 nodes, …)"."""
    n = info["count"]
    shown = ", ".join(f"{u}: {k} nodes" for u, k in list(info["nodes"].items())[:3])
    return (
        f"several nodes with different values on {n} of {info['of']} learned "
        f"{'page' if info['of'] == 1 else 'pages'} where the old rule selected one ({shown}"
        f"{', …' if n > 3 else ''})"
    )


def _several_text_site(info: dict[str, Any]) -> str:
    """As ``_several_text``, on the site's other pages where the field had a value."""
    n = info["count"]
    shown = ", ".join(f"{u}: {k} nodes" for u, k in list(info["nodes"].items())[:3])
    return (
        f"several nodes with different values on {n} of {info['of']} other pages of the site "
        f"where the field had a value, where the old rule selected one ({shown}"
        f"{', …' if n > 3 else ''})"
    )


def _page_values(url: str, tree: Any, cache: dict[str, dict[str, str]]) -> dict[str, str]:
    values = cache.get(url)
    if values is None:
        values = cache[url] = page_values(tree)
    return values


def _structured_anchor(
    fld: Field,
    samples: dict[str, Any],
    cache: dict[str, dict[str, str]],
    trees: dict[str, Any],
) -> str:
    """The structured value (``json-ld:Product.name``…) equal to the field's value on its
    learned pages (at least MIN_AGREE of them and ANCHOR_SHARE of those with a value), or "".
    Only for a single text field: the visible node is found again by the page's structured
    value even when the text itself changed."""
    if fld.is_list or fld.children or fld.kind not in ("text", "html"):
        return ""
    with_value = [u for u, v in samples.items() if v]
    hits: Counter[str] = Counter()
    for url in with_value:
        want = samples[url]
        for key, value in _page_values(url, trees[url], cache).items():
            if _norm_value(value, False) == want:
                hits[key] += 1
    if not hits:
        return ""
    # The most pages; among equals JSON-LD, then microdata/RDFa, then OpenGraph (whose titles
    # often carry the site's name as well).
    order = {"json-ld": 0, "microdata": 1, "rdfa": 1, "opengraph": 2}
    key, n = min(hits.items(), key=lambda kv: (-kv[1], order.get(kv[0].split(":", 1)[0], 3)))
    if n >= MIN_AGREE and n >= ANCHOR_SHARE * len(with_value):
        return key
    return ""


def _anchored_samples(
    trees: dict[str, Any], samples: dict[str, Any], anchor: str, cache: dict[str, dict[str, str]]
) -> dict[str, Any]:
    """The values a field should have now: on every page with the anchor's structured value,
    that value; a learned page where the field was absent and that has none stays absent."""
    out: dict[str, Any] = {}
    for url, tree in trees.items():
        value = _page_values(url, tree, cache).get(anchor)
        if value:
            out[url] = _norm_value(value, False)
        elif url in samples and not samples[url]:
            out[url] = ""
    return out


@dataclass
class FieldRepair:
    """What repair found for one field."""

    field: str
    status: str  # "ok" | "broken" | "drift" | "repaired" | "gone" | "unsure" | "unlearned"
    xpath: str = ""  # the proposed rule (repaired) or the current one
    score: float = 0.0
    evidence: dict[str, Any] = dc_field(default_factory=dict)
    alternatives: list[dict[str, Any]] = dc_field(default_factory=list)
    xpaths: list[str] = dc_field(default_factory=list)  # the proposed queue (xpath first)

    def to_dict(self) -> dict[str, Any]:
        return {
            "xpaths": list(self.xpaths or ([self.xpath] if self.xpath else [])),
            "field": self.field,
            "status": self.status,
            "xpath": self.xpath,
            "score": round(self.score, 4),
            "evidence": dict(self.evidence),
            "alternatives": list(self.alternatives),
        }


def _agreement(
    trees: dict[str, Any], samples: dict[str, Any], fld: Field, template: Template
) -> dict[str, Any]:
    """How a field's rule fares on the sampled pages against the old values."""
    agree = wrong = missing = filled = absent_ok = 0
    bad: list[str] = []
    missing_pages: list[str] = []
    wrong_pages: list[str] = []
    given: set[str] = set()
    # A list's learned items given back (on every learned page with items): a rule that gives
    # part of a list (one tab of a table) loses by the items it leaves out, not by one page.
    items_want = items_got = 0
    self_links = 0  # pages where a link to the page itself was passed over
    for url, want in samples.items():
        tree = trees.get(url)
        if tree is None:
            continue
        try:
            got, _rep = extract_field(tree, fld, template, paths=False, url=url)
            self_links += bool(_rep.self_links)
        except RuleError:
            got = [] if fld.is_list else ""
        has = bool(got)
        had = bool(want)
        if has:
            given.add(repr(_norm_value(got, fld.is_list)))
        if fld.is_list and had:
            items_want += len(want)
            if has:
                gave = Counter(_flat(v)[:_MAX_TEXT] for v in got)
                items_got += len(want) - sum((Counter(want) - gave).values())
        if had and has:
            if same_value(got, want, fld.is_list, _long_of(fld, url)):
                agree += 1
            else:
                wrong += 1
                bad.append(url)
                wrong_pages.append(url)
        elif had:
            missing += 1
            bad.append(url)
            missing_pages.append(url)
        elif has:
            filled += 1
            bad.append(url)
        else:
            absent_ok += 1
    with_value = agree + wrong + missing
    absent = filled + absent_ok
    score = 0.0
    if with_value:
        score = (agree - 2 * wrong) / with_value - (0.5 * filled / absent if absent else 0.0)
    recall = items_got / items_want if items_want else 1.0
    if recall < 1.0:
        score *= recall
    constant = agree + wrong + filled >= MIN_AGREE and len(given) == 1 and values_vary(fld)
    if constant:
        # One same value on every page for a field whose learned values vary: boilerplate
        # (a constant '<- previous' link text), never the field.
        score = 0.0
    return {
        "constant": constant,
        "agree": agree,
        "wrong": wrong,
        "missing": missing,
        "filled": filled,
        "absent_ok": absent_ok,
        "pages": with_value + absent,
        "score": max(0.0, score),
        "self_links": self_links,
        "items_missing": items_want - items_got,
        "bad_pages": bad[:10],
        "missing_pages": missing_pages[:10],
        "wrong_pages": wrong_pages[:10],
    }


def _new_values(
    trees: dict[str, Any],
    samples: dict[str, Any],
    fld: Field,
    template: Template,
    now: dict[str, Any],
) -> dict[str, str]:
    """The learned pages where the field was empty and its rule now gives a value, with that
    value, when the rule still gives every learned value (none wrong, none missing) and each new
    value is one the field could have: taken by a rule that counts no position, from a node of
    the old nodes' role and link kind, as long as the learned values give or take threefold,
    and neither a learned value nor another new page's (a banner's heading put on every page is
    one value). At most half of the learned pages where the field was empty (a rule that now
    fills most of them has changed), or more of them when they are few among the learned pages
    (``NEW_AT_PLACE``) and each new node sits where the rule's nodes sit on the pages it gives
    the learned value (``_at_agreeing_place``): a title the old rule missed on the pages that
    lack the block it was anchored after. {} otherwise."""
    if (
        fld.is_list
        or fld.children
        or now["wrong"]
        or now["missing"]
        or now["agree"] < MIN_AGREE
        or not now["filled"]
        or any(is_positional(x) for x in fld.xpaths)
    ):
        return {}
    places: set[tuple[str, ...]] | None = None
    if now["filled"] > max(1, (now["filled"] + now["absent_ok"]) // 2):
        if now["filled"] > NEW_AT_PLACE * now["pages"]:
            return {}
        places = _agreeing_places(trees, samples, fld, template)
        if not places:
            return {}
    learned = [str(v) for v in samples.values() if v]
    sizes = [len(v) for v in learned]
    out: dict[str, str] = {}
    for url, want in samples.items():
        tree = trees.get(url)
        if want or tree is None:
            continue
        try:
            got, rep = extract_field(tree, fld, template, url=url)
        except RuleError:
            return {}
        value = _norm_value(got, False)
        if not value:
            continue
        if value in learned or value in out.values():
            return {}
        if not min(sizes) / 3 <= len(value) <= 3 * max(sizes):
            return {}
        tag, link = _page_kind(fld, next(u for u, v in samples.items() if v))
        path = rep.nodes[0] if rep.nodes else ""
        try:
            found = tree.xpath(path) if path.startswith("/") else []
        except Exception:  # noqa: BLE001 - a report path that is not an XPath tells nothing
            return {}
        el = found[0] if found and isinstance(found[0], HtmlElement) else None
        if (
            el is None
            or _ROLES.get(el.tag, el.tag) != _ROLES.get(tag, tag)
            or not link_fits(el, link)
            or (places is not None and _place_of(el) not in places)
        ):
            return {}
        out[url] = value
    return out


#: Learned pages where the field was empty that a repaired rule may fill at most, as a share of
#: the learned pages, when each new node sits at the place of the rule's right nodes
#: (:func:`_new_values`).
NEW_AT_PLACE = 0.1


def _place_of(el: HtmlElement) -> tuple[str, ...]:
    """Where ``el`` sits, whatever the positions: the tags from the root down to it, with its
    class tokens (not its ancestors': a page's `body` often carries a class of its own)."""
    tags = tuple(str(a.tag) for a in reversed(list(el.iterancestors())))
    return (*tags, str(el.tag), " ".join(sorted((el.get("class") or "").split())))


def _agreeing_places(
    trees: dict[str, Any], samples: dict[str, Any], fld: Field, template: Template
) -> set[tuple[str, ...]]:
    """The one place (:func:`_place_of`) of the field's nodes on the learned pages where it
    gives the learned value, or an empty set when they sit at several places."""
    places: set[tuple[str, ...]] = set()
    for url, want in samples.items():
        tree = trees.get(url)
        if not want or tree is None:
            continue
        try:
            _got, rep = extract_field(tree, fld, template, url=url)
        except RuleError:
            return set()
        path = rep.nodes[0] if rep.nodes else ""
        try:
            found = tree.xpath(path) if path.startswith("/") else []
        except Exception:  # noqa: BLE001 - a report path that is not an XPath tells nothing
            return set()
        if not found or not isinstance(found[0], HtmlElement):
            return set()
        places.add(_place_of(found[0]))
        if len(places) > 1:
            return set()
    return places


def _last_step(xp: str) -> tuple[str, list[str]]:
    """The tag of ``xp``'s last step and its predicates (``a``, ``["not(@href='#')"]``);
    ("", []) when the last step is not a plain tag with predicates."""
    try:
        tag, preds = step_predicates(split_outside(xp, "/")[-1])
    except Untranslatable:
        return "", []
    return (tag, preds) if tag.isalnum() else ("", [])


def _exclusions(fld: Field) -> tuple[str, list[str]]:
    """The 'not this' predicates the field's rules put on their last step (``a`` and
    ``["not(@href='lists.html' or @href='io_protocol.html')"]``): the items a person left out,
    which a repaired rule leaves out too. Only when every rule of the queue ends on the same
    tag with the same exclusions."""
    found = {
        (t, tuple(p for p in ps if p.startswith("not("))) for t, ps in map(_last_step, fld.xpaths)
    }
    if len(found) != 1:
        return "", []
    tag, preds = found.pop()
    return (tag, list(preds)) if tag and preds else ("", [])


def _transforms(fld: Field) -> bool:
    """Whether the field's value is other than its node's text: an attribute, processed text,
    a record."""
    return bool(fld.children or fld.processors or output_attribute(fld))


class _TextIndex:
    """Elements of one page by their flattened text, built once (and, per field whose value is
    not its node's text, by what the field would give for them)."""

    def __init__(self, root: HtmlElement, template: Template | None = None) -> None:
        self.root = root
        text_filters = [f for f in (template.filters if template else ()) if f.kind == "text"]
        self.by_text: dict[str, list[HtmlElement]] = {}
        self.by_own: dict[str, list[HtmlElement]] = {}
        self._outputs: dict[Any, dict[str, list[HtmlElement]]] = {}
        self.template = template or Template(name="")
        #: Elements with more text than a value keeps (see ``long_nodes``), their first words
        #: read when first asked, and the nodes found per field and value.
        self.long_els: list[HtmlElement] = []
        self.long_len: dict[HtmlElement, int] = {}
        self._heads: dict[HtmlElement, list[str]] = {}
        self._long_found: dict[tuple[str, str], list[HtmlElement]] = {}
        for el in root.iter():
            if not isinstance(el.tag, str) or el.tag in INVISIBLE_TAGS:
                continue
            raw = el.text_content()
            if len(raw) > _MAX_TEXT:
                self.long_els.append(el)
                self.long_len[el] = len(raw)
            if len(raw) > 2 * _MAX_TEXT:
                continue  # stored values are at most _MAX_TEXT characters
            text = " ".join(raw.split())
            if text and (text[-1] in _SIGNS or text[0] in _SIGNS):
                # A heading's permalink sign ('Path#') is left out of values, as extraction
                # leaves it out.
                text = _without_permalink(el, text)
            for flt in text_filters:  # values were stored after the template's text filters
                text = " ".join(filter_text(flt, text).split())
            if text:
                self.by_text.setdefault(text, []).append(el)
                if not text.isascii() and (fixed := unmangled(text)) != text:
                    # Found by its old value under a misread encoding too.
                    self.by_text.setdefault(fixed, []).append(el)
            own = " ".join((el.text or "").split())
            if own and len(el):
                self.by_own.setdefault(own, []).append(el)
                if not own.isascii() and (fixed := unmangled(own)) != own:
                    self.by_own.setdefault(fixed, []).append(el)

    def outputs(self, fld: Field) -> dict[str, list[HtmlElement]]:
        """The page's nodes by what the field would give for each of them as its node (a list
        field: as one item), through the field's own output: its attribute, its processors,
        its record's children. Built once per field."""
        own = bool(fld.xpaths) and all(x.endswith(_OWN_TEXT) for x in fld.xpaths)
        key = (fld.id, output_attribute(fld), own)
        got = self._outputs.get(key)
        if got is None:
            got = self._outputs[key] = self._build_outputs(fld)
        return got

    def _build_outputs(self, fld: Field) -> dict[str, list[HtmlElement]]:
        template = self.template
        out: dict[str, list[HtmlElement]] = {}

        def add(raw: Any, el: HtmlElement) -> None:
            value = _flat(raw)[:_MAX_TEXT]
            if value:
                out.setdefault(value, []).append(el)

        if fld.children:
            # A record list's item: each element's record through the children's rules; an
            # item whose children are all empty is no item (extraction drops it too).
            for el in self.root.iter():
                if not isinstance(el.tag, str) or el.tag in INVISIBLE_TAGS or not len(el):
                    continue
                item: dict[str, Any] = {}
                try:
                    for child in fld.children:
                        item[child.id] = extract_field(el, child, template)[0]
                except RuleError:
                    return {}
                if any(v not in ("", [], None) for v in item.values()):
                    add(str(item), el)
            return out
        attribute = output_attribute(fld)
        try:
            if attribute:
                # Image sources, titles, data attributes: nodes without any text are found too.
                for el in self.root.iter():
                    if not isinstance(el.tag, str):
                        continue
                    if attribute == "href" and el.tag in INVISIBLE_TAGS:
                        continue
                    raw = el.get(attribute)
                    if raw is None:
                        continue
                    if fld.kind != "attribute":
                        raw = normalize_text(raw)  # a rule ending on /@src gives the string
                    add(apply_processors(raw, fld.processors), el)
                return out
            texts = dict(self.by_text)
            if fld.xpaths and all(x.endswith(_OWN_TEXT) for x in fld.xpaths):
                texts = {**texts, **self.by_own}
            for text, els in texts.items():
                value = _flat(apply_processors(text, fld.processors))[:_MAX_TEXT]
                if value:
                    out.setdefault(value, []).extend(els)
        except RuleError:
            return {}
        return out

    def _head(self, el: HtmlElement) -> list[str]:
        got = self._heads.get(el)
        if got is None:
            got = self._heads[el] = _head_words(el, _HEAD_WORDS)
        return got

    def long_nodes(self, value: str, whole: dict[str, Any], fld: Field) -> list[HtmlElement]:
        """Nodes whose value for the field (as extraction gives it) is the long value kept as
        ``value`` (its first characters) and ``whole`` (its print): nodes of any length whose
        visible text starts with the same words are read whole, and kept when their value
        starts as ``value`` does and agrees with the print."""
        key = (fld.id, value)
        found = self._long_found.get(key)
        if found is not None:
            return found
        found = []
        tree = self.root.getroottree()

        def value_of(el: HtmlElement) -> Any:
            probe = replace(fld, xpaths=(tree.getpath(el),))
            try:
                return extract_field(self.root, probe, self.template, paths=False)[0]
            except RuleError:
                return None

        head = _words(value)[:-1][:_HEAD_WORDS]  # the last word may be cut
        if head:
            for el in self.long_els:
                if self._head(el)[: len(head)] == head:
                    got = value_of(el)
                    if got and same_value(got, value, False, whole):
                        found.append(el)
        if not found and "bag" in whole:
            # The block's parts reordered (it starts with what was its end): a node with the
            # same words, as often each, none added. Only nodes with about as much text or
            # more (the block and what holds it) are read.
            least = 0.8 * int(whole.get("chars") or 0)
            for el in self.long_els:
                if self.long_len[el] >= least:
                    got = value_of(el)
                    if got and same_words(long_print(got), whole):
                        found.append(el)
        self._long_found[key] = found
        return found

    def nodes(
        self, value: str, fld: Field, tag: str = "", whole: dict[str, Any] | None = None
    ) -> list[HtmlElement]:
        """Nodes holding ``value``: of the old node's ``tag`` when some are, else the
        innermost holders (not an element whose child has the same text). A field whose value
        is not its node's text as it stands (an attribute, processors, a record) is matched
        on what it would give for each node. With ``whole`` (the print of a value longer than
        ``value``), only nodes whose whole value agrees (``long_nodes``)."""
        if whole is not None and not fld.is_list and not fld.children:
            found = self.long_nodes(value, whole, fld)
        elif _transforms(fld):
            found = self.outputs(fld).get(value) or []
        else:
            found = self.by_text.get(value) or []
        tagged = [n for n in found if n.tag == tag]
        if tagged:
            return [
                n
                for n in tagged
                if not any(c.tag == tag and c in found for c in n.iterdescendants())
            ]
        inner = [n for n in found if not any(c in found for c in n)]
        return inner or self.by_own.get(value, [])


def _index_of(
    indexes: dict[str, _TextIndex], url: str, tree: Any, template: Template
) -> _TextIndex:
    """The page's text index, made once per page and kept in ``indexes``."""
    idx = indexes.get(url)
    if idx is None:
        idx = indexes[url] = _TextIndex(tree, template)
    return idx


def _head_words(el: HtmlElement, limit: int) -> list[str]:
    """The first ``limit`` words of an element's visible text (scripts and styles left out,
    block elements apart), read no further."""
    parts: list[str] = []
    words: list[str] = []

    def add(text: str | None) -> bool:
        if text:
            parts.append(text)
            if sum(len(p) for p in parts) > 16 * limit:
                words[:] = _words("".join(parts))
                return len(words) > limit
        return False

    def walk(node: HtmlElement) -> bool:
        block = node.tag in BLOCK_TAGS
        if block and add(" "):
            return True
        if add(node.text):
            return True
        for kid in node:
            if isinstance(kid.tag, str) and kid.tag not in INVISIBLE_TAGS and walk(kid):
                return True
            if add(kid.tail):
                return True
        return bool(block and add(" "))

    walk(el)
    return _words("".join(parts))[:limit]


#: Containers of list entries: a list's items that sit in one are no section headings' links.
_ENTRY_HOLDERS = frozenset({"ul", "ol", "dl", "menu", "li", "dt", "dd", "nav"}) | frozenset(
    {"table", "tbody", "thead", "tr", "td", "th"}
)


def _headings_apart(fld: Field) -> bool:
    """Whether the field's old nodes, as learning recorded them, were no links that stand for
    section headings (entries of a list, a link in a bar): its node's parent was no heading,
    or a list's container holds entries. A section heading's link (`h2 > a.toc-backref`,
    `h1 > a`) that repeats an old value is then another kind of node; a field whose old node
    was such a link (a header's `h1 > a`) finds it again."""
    fp = fld.search.fingerprint
    if fld.is_list and fp.get("tag"):
        return str(fp["tag"]) in _ENTRY_HOLDERS
    if not fld.is_list and fp.get("parent_tag"):
        return str(fp["parent_tag"]) not in _HEADINGS
    # Learned without the nodes' fingerprint: the old rules' step above their nodes tells
    # (``//nav[@id='contents']//a``: links of a contents list; ``//div[@id='hd']/h1/a``: a
    # heading's link).
    return bool(fld.xpaths) and all(_above_no_heading(x) for x in fld.xpaths)


def _above_no_heading(xp: str) -> bool:
    """Whether a rule's step above its nodes names no heading: its parent step, or, below a
    ``//``, a list's or a table's container (``//nav[…]//a``)."""
    try:
        steps = split_outside(_element_path(xp), "/")
    except Untranslatable:
        return False
    if len(steps) < 2 or not steps[-2] and len(steps) < 3:
        return False
    try:
        if steps[-2]:
            return step_predicates(steps[-2])[0].rsplit("::", 1)[-1] not in _HEADINGS
        return step_predicates(steps[-3])[0].rsplit("::", 1)[-1] in _ENTRY_HOLDERS
    except Untranslatable:
        return False


def _page_kind(fld: Field, url: str) -> tuple[str, str | None]:
    """The tag and link kind of the field's old node on a learned page: the page's own when it
    differed from the commonest (``page_kinds``), else the commonest. A list learned before
    its items' link kinds were kept (``link_items``) knows only its first item's: a link within
    the page and one elsewhere are then the same kind (a table of contents may hold both)."""
    fp = fld.search.fingerprint
    own = (fp.get("page_kinds") or {}).get(url)
    tag, link = (own[0], own[1]) if own else (fp.get("node_tag"), fp.get("node_link"))
    if fld.is_list and not fp.get("link_items") and link in ("inpage", "link"):
        link = "inpage+link"
    return str(tag or ""), link


def _examples(
    trees: dict[str, Any],
    samples: dict[str, Any],
    fld: Field,
    template: Template,
    indexes: dict[str, _TextIndex],
    limit: int = 3,
    only: Sequence[str] | None = None,
    *,
    second: bool = False,
) -> list[list[Example]]:
    """Sets of examples (one node per page for a field, first/last items for a list) found by
    the old values on the new pages; unambiguous pages first. With ``second`` (a field), the
    node after the first one of its tag that holds the value too, on pages that have one."""
    found: list[tuple[int, list[Example]]] = []
    apart = _headings_apart(fld)
    lead = learned_lead(fld)
    for url, want in samples.items():
        tree = trees.get(url)
        if tree is None or not want or (only is not None and url not in only):
            continue
        tag = _page_kind(fld, url)[0]
        idx = _index_of(indexes, url, tree, template)
        if fld.is_list:
            items = list(want)
            ends = [items[0], items[-1]] if len(items) > 1 else [items[0]]
            nodes = [idx.nodes(v, fld, tag) for v in ends]
            # Items are nodes of the old items' tag when there are such (section headings in
            # the body repeat the entries of a table of contents), and not links that stand
            # for their heading (Sphinx's `h2 > a.toc-backref`) where the old nodes were none.
            nodes = [[n for n in ns if n.tag == tag] or ns for ns in nodes]
            if apart:
                nodes = [[n for n in ns if anchor_heading(n) is None] or ns for ns in nodes]
            if not all(nodes):
                continue
            picked = [ns[0] for ns in nodes]
            if len(picked) == 2:
                # The pair closest together in the tree: items of one list.
                best = min(
                    ((a, b) for a in nodes[0][:5] for b in nodes[1][:5] if a is not b),
                    key=lambda ab: _distance(*ab),
                    default=None,
                )
                if best is None:
                    continue
                picked = list(best)
            found.append((max(len(n) for n in nodes), [Example(url, tree, n) for n in picked]))
        else:
            # The same text elsewhere (a breadcrumb repeating the title): the node of the old
            # node's tag first.
            # A heading that became another level of heading is still the heading.
            texted = fld.search.fingerprint.get("node_text")
            # Of those, the node that still carries the old node's identifying attributes
            # (``node_hooks``) first: the 'Up' link, not the 'Top' one of the same target.
            hooks = fld.search.fingerprint.get("node_hooks") or {}
            # Then the node that sits in its entry as the old ones did (inside a line of text
            # 'Previous: <a>', not a menu's entry that names the same page).
            same = sorted(
                idx.nodes(want, fld, tag, _long_of(fld, url)),
                key=lambda n: (
                    n.tag != tag,
                    sum(n.get(a) != v for a, v in hooks.items()),
                    lead is not None and starts_entry(n) != lead,
                    texted is not None and bool(normalize_text(n.text_content())) != texted,
                    not (n.tag in _HEADINGS and tag in _HEADINGS),
                    apart and anchor_heading(n) is not None,
                ),
            )
            if second:
                # The next node of the first one's tag that holds the value beside it (in the
                # same parent or grandparent: look-alike links of one panel), if any; a copy
                # of the whole block elsewhere (a bottom bar repeating the top one) is not.
                near = same[0].getparent() if same else None
                near = near.getparent() if near is not None else None
                same = [
                    n
                    for n in same[1:]
                    if n.tag == same[0].tag and near is not None and near in n.iterancestors()
                ][:1]
            if same:
                found.append((len(same), [Example(url, tree, same[0])]))
        if len(found) >= 4 * limit:
            break
    found.sort(key=lambda f: f[0])
    return [ex for _n, ex in found[:limit]]


def _twins(fld: Field, template: Template) -> list[Field]:
    """The template's other fields that read the same nodes as ``fld`` (their rules select the
    same elements, one by one) and give another part of them: a link's text and its target
    (``next`` and ``next_href``). Neither is a list or a record."""
    if fld.is_list or fld.children or not fld.xpaths:
        return []
    paths = [_element_path(x) for x in fld.xpaths]
    mine = output_attribute(fld)
    return [
        g
        for g in template.fields
        if g.id != fld.id
        and not g.is_list
        and not g.children
        and [_element_path(x) for x in g.xpaths] == paths
        and output_attribute(g) != mine
        and g.search.fingerprint.get("samples")
    ]


def _twin_holders(
    twins: Sequence[Field],
    url: str,
    tree: Any,
    template: Template,
    indexes: dict[str, _TextIndex],
) -> list[set[HtmlElement]]:
    """Per twin with a learned value on the page, the nodes that hold that value now."""
    out = []
    for g in twins:
        value = g.search.fingerprint["samples"].get(url)
        if not isinstance(value, str) or not value:
            continue
        idx = _index_of(indexes, url, tree, template)
        out.append(set(idx.nodes(value, g, _page_kind(g, url)[0])))
    return out


def _twin_agreement(
    trees: dict[str, Any],
    samples: dict[str, Any],
    fld: Field,
    template: Template,
    queue: Sequence[str],
    twins: Sequence[Field],
    indexes: dict[str, _TextIndex],
) -> int:
    """The learned pages where ``queue`` gives the old value from a node that also holds each
    twin's learned value there (a link whose target is the old one and whose text is the old
    text too)."""
    probe = replace(fld, xpaths=tuple(queue))
    n = 0
    for url, want in samples.items():
        tree = trees.get(url)
        if tree is None or not want:
            continue
        try:
            got, rep = extract_field(tree, probe, template, url=url)
        except RuleError:
            continue
        if not got or not same_value(got, want, False, _long_of(fld, url)):
            continue
        held = _twin_holders(twins, url, tree, template, indexes)
        if held:
            el = _report_element(tree, rep.nodes[0]) if rep.nodes else None
            if el is None or not all(el in h for h in held):
                continue
        n += 1
    return n


def _found_share(
    trees: dict[str, Any],
    samples: dict[str, Any],
    fld: Field,
    template: Template,
    indexes: dict[str, _TextIndex],
    *,
    every_item: bool = False,
) -> float:
    """Share of the learned pages with a value where that value is still on the page (a
    list's first item, or with ``every_item`` each of its items), in a node of the old kind.
    Where a twin field read the same node (a link's text beside its target), the node must
    hold the twin's learned value on that page too: a link to the next page in the text is not
    the removed 'next' link, whose text was the next page's title."""
    have = found = 0
    labels = field_labels(fld)
    twins = _twins(fld, template)
    # The old nodes' place in their entry, when the same on every learned page: a link inside
    # a line of text ('Previous: <a>') is not a menu's entry that reads the same title (the
    # site's navigation tree still names the previous page once its link is removed).
    lead = learned_lead(fld)
    for url, want in samples.items():
        tree = trees.get(url)
        if tree is None or not want:
            continue
        tag, link = _page_kind(fld, url)
        have += 1
        idx = _index_of(indexes, url, tree, template)
        items = (want if every_item else want[:1]) if fld.is_list else [want]
        # The same text in another kind of node (a heading) is not the field; nor is a link
        # that stands for its heading (DocBook's `h3 > a.link`, a section title repeating a
        # removed contents' entry) where the old node was no heading; nor a node away from
        # the label the old rule found its node by, where that label is still on the page.
        heads = tag in _HEADINGS
        by_label = _near_labels(tree, labels) if labels else None
        twin_nodes = _twin_holders(twins, url, tree, template, indexes)
        if all(
            any(
                (not tag or n.tag == tag)
                and link_fits(n, link)
                and text_fits(n, fld)
                and (heads or anchor_heading(n) is None)
                and (by_label is None or by_label[1](n))
                and all(n in held for held in twin_nodes)
                and (lead is None or starts_entry(n) == lead)
                for n in idx.nodes(item, fld, tag, None if fld.is_list else _long_of(fld, url))
            )
            for item in items
        ):
            found += 1
    return found / have if have else 0.0


def _one_per_page(examples: Sequence[Example]) -> bool:
    """Whether the examples are one node per page (each page's list held one item)."""
    urls = [e.url for e in examples]
    return len(set(urls)) == len(urls)


def _element_path(xp: str) -> str:
    """The part of a rule that selects elements (without its own-text or attribute tail)."""
    if xp.endswith(_OWN_TEXT):
        return xp[: -len(_OWN_TEXT)]
    m = ATTR_TAIL.search(xp)
    return xp[: m.start()] if m else xp


def _container_path(xp: str) -> str:
    """A rule without its last step: where its nodes sit (``//div[…summary…]`` for
    ``//div[…summary…]/a``), or "" when there is no such step."""
    try:
        steps = split_outside(_element_path(xp), "/")
    except Untranslatable:
        return ""
    if len(steps) < 2:
        return ""
    head = "/".join(steps[:-1]).rstrip("/")
    return head if head.strip("/") else ""


def _kind_change(
    trees: dict[str, Any], samples: dict[str, Any], fld: Field, xp: str, widened: str
) -> str:
    """Why the nodes ``xp`` selects on the learned pages are of another kind than the field's
    old nodes, or "" when they are alike: a tag of another role (a heading for a link; a
    heading of another level is still a heading, a ``b`` for a ``span`` still inline text, a
    tag of the old rule's tag union alike), a link where the old nodes were
    none or the reverse, a link elsewhere where the old ones led within the page. Forgiven
    when the nodes still sit where the old rule's nodes sat (its rule without the last step
    holds them): then only the nodes' kind changed, and the rest of the page stands. Each
    learned page is judged against its own old node (``page_kinds``)."""
    path = _element_path(xp)
    kinds = [_page_kind(fld, u) for u in samples]
    if all(not t and k is None for t, k in kinds) or "%d" in path or fld.children:
        return ""
    containers = [c for c in map(_container_path, fld.xpaths) if c and "%d" not in c]
    checked = 0
    apart = _headings_apart(fld)
    for url, tree, els in _sampled_nodes(trees, samples, path):
        # Each page against its own old node (pages of several kinds held several kinds).
        tag, link = _page_kind(fld, url)
        checked += 1
        held: set[HtmlElement] | None = None
        # A field of one value takes the first node: the ones after it (a nested section's
        # own 'up' link, within the page) give nothing, and a rule that selects several with
        # different values is judged by ``several``.
        for el in els if fld.is_list else els[:1]:
            why = ""
            if (
                tag
                and el.tag != tag
                and _ROLES.get(el.tag, el.tag) != _ROLES.get(tag, tag)
                and f"self::{el.tag}" not in widened
            ):
                why = f"its nodes are {el.tag} where the field's were {tag}"
            elif link is not None and not link_fits(el, link):
                why = (
                    f"its nodes are {_link_name(link_kind(el))} where the field's were "
                    f"{_link_name(link)}"
                )
            elif not text_fits(el, fld):
                # An icon link (an up arrow) removed, and a text link to the same target kept
                # (the breadcrumb's step): the same value from another node.
                why = "its nodes hold text where the field's were icons without text"
            elif apart and tag not in _HEADINGS and anchor_heading(el) is not None:
                # A section heading's link back to its contents entry (Sphinx's
                # `h2 > a.toc-backref`), where the old nodes were no headings: the entries of
                # a removed contents list, repeated as the headings.
                why = "its nodes are links that stand for section headings"
            if not why:
                continue
            if held is None:
                held = set()
                for c in containers:
                    try:
                        held.update(select_elements(tree, c))
                    except RuleError:
                        continue
            if not any(a in held for a in el.iterancestors()):
                return why
        if checked >= _KIND_PAGES:
            break
    return _label_change(trees, samples, fld, path, containers) or _hook_change(
        trees, samples, fld, path
    )


def _hook_change(trees: dict[str, Any], samples: dict[str, Any], fld: Field, path: str) -> str:
    """Why the node ``path`` gives on the learned pages is another node than the field's old
    one, told by an identifying attribute the old node carried on every learned page
    (``node_hooks``: a nav link's ``title``) that it lacks or holds with another value while
    some node of that page still carries it: a look-alike that agrees by chance (a 'Top' link
    where the 'Up' one leads to the same page). "" when it keeps them, or when no node of the
    page carries them any longer (the site dropped the attribute)."""
    hooks = fld.search.fingerprint.get("node_hooks") or {}
    if not hooks or fld.is_list or fld.children:
        return ""
    checked = 0
    for _url, tree, els in _sampled_nodes(trees, samples, path):
        checked += 1
        got = own_hooks(els[0])
        for attr, value in hooks.items():
            if got.get(attr) == value:
                continue
            try:
                kept = tree.xpath(f"//*[@{attr}={xpath_literal(value)}]")
            except Exception:  # noqa: BLE001 - an attribute name XPath cannot spell tells nothing
                continue
            if kept:
                now = f"{got[attr]!r}" if attr in got else "none"
                return f"its nodes have {attr} {now} where the field's had {value!r}"
        if checked >= _KIND_PAGES:
            break
    return ""


def _sampled_nodes(
    trees: dict[str, Any], samples: dict[str, Any], path: str
) -> Iterator[tuple[str, Any, list[HtmlElement]]]:
    """The learned pages with a value and a tree, each with the elements ``path`` selects
    there, pages where it selects none left out; none at all when ``path`` cannot be run."""
    for url, want in samples.items():
        tree = trees.get(url)
        if not want or tree is None:
            continue
        try:
            els = [n for n in select_elements(tree, path) if isinstance(n, HtmlElement)]
        except RuleError:
            return
        if els:
            yield url, tree, els


def _label_change(
    trees: dict[str, Any], samples: dict[str, Any], fld: Field, path: str, containers: list[str]
) -> str:
    """Why the nodes ``path`` selects are not where the field's old rules found their node,
    told by a label those rules reach it by (``'extends'`` before a superclass link): on the
    learned pages where that label is still, none of them is by it, and none sits in the old
    rule's container. "" when they are by it on some page, or the label is on no page (a
    rename or a reorder moves a label with its node; a removed node leaves its label alone,
    and the same target may still be linked elsewhere: an inheritance tree)."""
    labels = field_labels(fld)
    if not labels:
        return ""
    far = ""
    checked = 0
    for _url, tree, els in _sampled_nodes(trees, samples, path):
        found = _near_labels(tree, labels)
        if found is None:
            continue
        els = els if fld.is_list else els[:1]
        label, near = found
        if any(near(n) for n in els):
            return ""
        held: set[HtmlElement] = set()
        for c in containers:
            try:
                held.update(select_elements(tree, c))
            except RuleError:
                continue
        if any(a in held for n in els for a in n.iterancestors()):
            return ""
        far = far or label
        checked += 1
        if checked >= _KIND_PAGES:
            break
    if not far:
        return ""
    return (
        f"its nodes are away from {far!r}, the label the old rule found its node by, which is "
        "still on the pages"
    )


#: A label literal in a rule's predicate: the node's own text, a text before it, a heading or a
#: header cell it is reached from (``normalize-space(…)='extends'``, ``.='Version'``).
_LABEL_LITERAL = re.compile(
    r"(?:normalize-space\([^=]*\)|(?<![\w@-])\.|text\(\))\s*=\s*(?:'([^']+)'|\"([^\"]+)\")"
)
#: Levels a node may sit further from its rule's label than the rule's own steps say (a
#: wrapper added around a block or two).
_LABEL_SLACK = 2
#: The label texts' holders on a page (the elements whose own text or a child's tail is the
#: label), found once per page and label.
_LABEL_HOLDERS: weakref.WeakKeyDictionary[Any, dict[str, list[HtmlElement]]] = (
    weakref.WeakKeyDictionary()
)


def rule_labels(xp: str) -> list[tuple[str, int]]:
    """The fixed texts a rule reaches its node by (``'extends'`` right before a superclass
    link, a 'Previous topic' heading before its paragraph, a row's 'Version' header cell), each
    with how many levels above the node the label may sit at most: the rule's steps after the
    label's step (at least one: a text or a cell beside the node is under its parent), a ``//``
    counted as two, and ``_LABEL_SLACK`` more. A 'not this' exclusion's text is no label."""
    try:
        steps = split_outside(_element_path(xp), "/")
    except Untranslatable:
        return []
    out: list[tuple[str, int]] = []
    for i, step in enumerate(steps):
        if not step:
            continue
        try:
            _tag, preds = step_predicates(step)
        except Untranslatable:
            continue
        texts = [
            m.group(1) or m.group(2)
            for pred in preds
            if not pred.lstrip().startswith("not(")
            for m in _LABEL_LITERAL.finditer(pred)
        ]
        if not texts:
            continue
        after = steps[i + 1 :]
        reach = sum(1 if a else 2 for a in after)
        for text in texts:
            label = normalize_text(text.replace("\u00a0", " "))
            if label and (label, max(1, reach) + _LABEL_SLACK) not in out:
                out.append((label, max(1, reach) + _LABEL_SLACK))
    return out


def _label_holders(tree: Any, label: str) -> list[HtmlElement]:
    """The elements of ``tree`` holding a text that reads ``label`` (white space and no-break
    spaces aside): the element whose own text it is, or the parent of the element whose tail
    it is."""
    found = _LABEL_HOLDERS.get(tree)
    if found is None:
        found = _LABEL_HOLDERS[tree] = {}
    if label not in found:
        holders: list[HtmlElement] = []
        first = label.split()[0]
        for el in tree.iter():
            own = [(el.tail, el.getparent())]
            if isinstance(el.tag, str):
                own.append((el.text, el))  # a comment's text is none of the page's
            for text, holder in own:
                if (
                    text
                    and first in text
                    and holder is not None
                    and normalize_text(text.replace("\u00a0", " ")) == label
                ):
                    holders.append(holder)
        found[label] = holders
    return found[label]


def _by_label(node: HtmlElement, holders: Sequence[HtmlElement], reach: int) -> bool:
    """Whether one of the label's ``holders`` is ``node``, inside it, or inside one of its
    ancestors up to ``reach`` levels above it."""
    near = {node}
    up: HtmlElement | None = node
    for _ in range(reach):
        up = up.getparent() if up is not None else None
        if up is None:
            break
        near.add(up)
    for h in holders:
        a: HtmlElement | None = h
        while a is not None:
            if a in near:
                return True
            a = a.getparent()
    return False


def _from_label(xp: str) -> str:
    """A rule from its first label's step on, anywhere on the page (``//h4[normalize-space(.)=
    'Previous topic']/following-sibling::p[1]/a`` for the same under ``//div[…sidebar…]``);
    "" when the rule has no label, starts with it, or reaches it by an axis step."""
    path = _element_path(xp)
    try:
        steps = split_outside(path, "/")
    except Untranslatable:
        return ""
    first = next((i for i, step in enumerate(steps) if step and rule_labels(step)), None)
    if first is None or "::" in steps[first].split("[", 1)[0]:
        return ""
    if not any(steps[:first]):
        return ""
    return "//" + "/".join(steps[first:]) + xp[len(path) :]


def _near_labels(
    tree: Any, labels: Sequence[tuple[str, int]]
) -> tuple[str, Callable[[HtmlElement], bool]] | None:
    """For the labels of a field's old rules (``rule_labels``) still on the page: the first of
    them, and whether a node is by one of them (a node away from every one is not where the
    old rules found their node: that place is still on the page, and this is another node).
    None when no label is on the page (then it tells nothing)."""
    present = [
        (label, holders, reach)
        for label, reach in labels
        if (holders := _label_holders(tree, label))
    ]
    if not present:
        return None

    def near(node: HtmlElement) -> bool:
        return any(_by_label(node, holders, reach) for _l, holders, reach in present)

    return present[0][0], near


def field_labels(fld: Field) -> list[tuple[str, int]]:
    """The labels of the field's rules (``rule_labels``), for a field of text or link values
    (a record's children are judged by their own rules)."""
    if fld.children:
        return []
    return [lab for x in fld.xpaths for lab in rule_labels(x)]


#: Attributes besides id and class that may anchor a rule (the same on every learned page).
_ANCHOR_ATTRS = ("role", "aria-label", "itemprop", "name")
#: Ancestors of an absolute path's node looked at for an anchor.
_ANCHOR_DEPTH = 6


def _attribute_hooks(el: HtmlElement) -> list[str]:
    """Predicates on ``el``'s own attributes: its id, each class token, a few others."""
    out = []
    v = el.get("id")
    if v and len(v) <= 60 and not v.isdigit():
        out.append(f"@id={xpath_literal(v)}")
    out += [class_predicate(t) for t in (el.get("class") or "").split()[:4]]
    for attr in _ANCHOR_ATTRS:
        v = el.get(attr)
        if v and len(v) <= 40 and "\n" not in v:
            out.append(f"@{attr}={xpath_literal(v)}")
    return out


def _steps_down(top: HtmlElement, el: HtmlElement, *, positional: bool) -> str:
    chain = []
    node = el
    while node is not top:
        step = str(node.tag)
        parent = node.getparent()
        if positional and parent is not None:
            same = [c for c in parent if c.tag == node.tag]
            if len(same) > 1:
                step += f"[{same.index(node) + 1}]"
        chain.append(step)
        node = parent
    return "/".join(reversed(chain))


#: A child step by position (``/div[2]``) or the n-th match of a whole expression
#: (``(//div)[6]``); ``following-sibling::dl[1]`` after a label is an anchor, not a position.
_POSITION_STEP = re.compile(r"(?:^|/)[A-Za-z][\w.-]*\[\d+\]|\)\[\d+\]")
#: Candidate anchored rules checked per rule (each on every learned page).
_ANCHOR_CANDIDATES = 60
#: Best-ranked rules whose anchored forms are looked for.
_ANCHOR_TRIES = 6
#: Anchored forms checked over the site's pages without the field, per rule.
_ANCHOR_ASKED = 12


def is_positional(xp: str) -> bool:
    """Whether a rule finds its nodes by position: an absolute path (``/html/body/div[2]/…``),
    a child step by index or the n-th match of the whole page. A wrapper, a banner or a moved
    block breaks such a rule, or worse, lands it on another node."""
    path = _element_path(xp)
    if path.startswith("/") and not path.startswith("//"):
        return True
    return _POSITION_STEP.search(path) is not None


def _recursive_run(xp: str) -> tuple[str, str, str, str] | None:
    """Where a rule pins a depth inside a recursive structure: two tags nested in turn and
    repeated (``ul/li/ul/li``, an inheritance tree or a nested contents list), walked step by
    step. Returns the rule's head up to the run's first step, the run's last step, the steps
    after it and the rule's own-text or attribute tail; None for a rule without such a run."""
    path = _element_path(xp)
    tail = xp[len(path) :]
    try:
        steps = split_outside(path, "/")
        tags = [step_predicates(s)[0] if s else "" for s in steps]
    except Untranslatable:
        return None
    plain = [bool(re.fullmatch(r"[A-Za-z][\w-]*", t)) for t in tags]
    for i in range(1, len(steps) - 3):
        if not (plain[i] and plain[i + 1] and tags[i] != tags[i + 1]):
            continue
        j = i + 1
        while j + 1 < len(steps) and plain[j + 1] and tags[j + 1] == tags[j - 1]:
            j += 1
        if j - i + 1 >= 4:  # the pair at least twice: a depth is pinned
            head = "/".join(steps[: i + 1])
            return head, steps[j], "/".join(steps[j + 1 :]), tail
    return None


def pins_depth(xp: str) -> bool:
    """Whether a rule walks a recursive structure (``li/ul/li/ul/li``) step by step: right
    only for the pages whose value sits at that depth."""
    return _recursive_run(xp) is not None


def _plain_tags(xp: str) -> list[str] | None:
    """The element steps of ``xp`` as their tags without axis or predicates, "" for the empty
    step of a ``//``; None when a step is not a plain tag."""
    steps = _element_steps(xp)
    if steps is None:
        return None
    out: list[str] = []
    for step in steps:
        if step == "":
            out.append("")
            continue
        try:
            tag = step_predicates(step)[0]
        except Untranslatable:
            return None
        axis, _sep, tag = tag.rpartition("::")
        if axis not in ("", "child", "following-sibling", "preceding-sibling"):
            return None
        if not re.fullmatch(r"[A-Za-z][\w-]*", tag):
            return None
        out.append(tag)
    return out


def depth_as_old(old: Sequence[str], xp: str) -> bool:
    """Whether a rule pinned to one depth of a recursive structure (``…/ul/li/ul/li/a``) pins
    the depth the old rules pinned: one of them walks the same steps, child step by child step,
    below a node it singles out (``//h3[…]/following-sibling::ul[1]/li/ul/li/a``), and so does
    ``xp`` (``//div[…]/ul/li/ul/li/a``). Then the depth is what the field was made to take, not
    a guess from the learned values."""
    run = _recursive_run(xp)
    new_tags = _plain_tags(xp)
    if run is None or new_tags is None:
        return False
    start = len(split_outside(run[0], "/")) - 1
    if start < 1 or new_tags[start - 1] == "" or "" in new_tags[start:]:
        return False
    below = new_tags[start:]
    for rule in old:
        if _own_tail(rule) != _own_tail(xp):
            continue
        tags = _plain_tags(rule)
        if tags is None or len(tags) < len(below) + 1:
            continue
        if tags[-len(below) :] == below and tags[-len(below) - 1] != "":
            return True
    return False


def _own_tail(xp: str) -> str:
    return xp[len(_element_path(xp)) :]


def _depth_free_forms(xp: str, is_list: bool) -> list[str]:
    """A rule that walks a recursive structure step by step, without the depth: every
    matching node at any depth below the run's first step (a list's rule), or the last or
    the first of them in document order (the deepest or the outermost one)."""
    run = _recursive_run(xp)
    if run is None:
        return []
    head, last, rest, tail = run
    nodes = f"{head}//{last}" + (f"/{rest}" if rest else "")
    if is_list:
        return [nodes + tail]
    return [f"({nodes})[last()]{tail}", f"({nodes})[1]{tail}"]


_LIST_TAGS = frozenset({"ul", "ol", "dl", "menu"})


def _element_steps(xp: str) -> list[str] | None:
    try:
        return split_outside(_element_path(xp), "/")
    except Untranslatable:
        return None


def takes_all_levels(xp: str) -> bool:
    """Whether a rule takes its nodes at any depth below a step (``//nav[@id='contents']//a``:
    every entry of a nested contents list, its sub-entries too)."""
    steps = _element_steps(xp)
    return steps is not None and len(steps) >= 3 and steps[-2] == "" and any(steps[:-2])


def _all_levels_forms(xp: str) -> list[str]:
    """A list rule that walks from a list down to its entries step by step
    (``…/nav[1]/ul/li/p/a``: the top level of a nested contents list only), taking every
    entry below that list instead (``…/nav[1]/ul//a``); [] for a rule without such steps."""
    steps = _element_steps(xp)
    if not steps or takes_all_levels(xp) or xp.startswith("("):
        return []
    last = len(steps) - 1
    first = last
    while first > 0 and steps[first - 1] != "":
        first -= 1
    for k in range(max(first, 1), last):
        try:
            tag = step_predicates(steps[k])[0].rsplit("::", 1)[-1]
        except Untranslatable:
            return []
        if tag in _LIST_TAGS:
            if re.search(r"\[\d+\]", steps[last]):
                return []
            return ["/".join(steps[: k + 1]) + "//" + steps[last] + xp[len(_element_path(xp)) :]]
    return []


def _depths_seen(trees: dict[str, Any], samples: dict[str, Any], xp: str) -> int:
    """How many depths of the recursive structure a rule's nodes sit at on the learned pages
    with a value (the number of their ancestors of the run's first tag)."""
    run = _recursive_run(xp)
    if run is None:
        return 0
    try:
        top = step_predicates(split_outside(run[0], "/")[-1])[0]
    except Untranslatable:
        return 0
    depths: set[int] = set()
    for url, value in samples.items():
        if not value or url not in trees:
            continue
        try:
            nodes = select_elements(trees[url], _element_path(xp))
        except Exception:  # noqa: BLE001 - a rule the page cannot evaluate tells nothing
            continue
        for node in nodes[:1]:
            if isinstance(getattr(node, "tag", None), str):
                depths.add(sum(1 for a in node.iterancestors() if a.tag == top))
    return len(depths)


def _anchored_forms(
    xp: str,
    trees: dict[str, Any],
    urls: Sequence[str],
    empty: Iterable[str] = (),
    accept: Callable[[str], bool] | None = None,
    memo: dict[Any, list[str]] | None = None,
    *,
    first: bool = False,
) -> list[str]:
    """Rules anchored on attributes (an id, a class, a role: the same on every learned page)
    of the nodes of ``xp`` or of their ancestors that select exactly those nodes on every
    learned page (with ``first``, its first node alone: the one a field of one value takes,
    where ``xp`` selects several), and none on the ``empty`` pages (where the field had no
    value): a wrapper or a moved block breaks a positional path, not an anchored one. One
    anchor, or two (the nearer under a farther one: a class shared by other blocks of the site
    is narrowed by the block that holds it), the fewest plain steps below the anchor first (a
    wrapper breaks ``div/div``, not ``//``); one anchor with positions below it last. With ``accept``, only
    forms it accepts (none filling the site's pages without the field). [] when no anchor
    selects the same nodes. ``memo`` keeps the answer per set of nodes: the best candidates
    often take the same nodes, and their forms are the same."""
    path = _element_path(xp)
    tail = xp[len(path) :]
    if "%d" in path:
        return []
    none = set(empty)
    found: dict[str, list[HtmlElement]] = {}
    for url in urls:
        tree = trees.get(url)
        if tree is None:
            continue
        if url in none:
            found[url] = []
            continue
        try:
            found[url] = [n for n in select_elements(tree, path) if isinstance(n, HtmlElement)]
        except RuleError:
            return []
        if first:
            found[url] = found[url][:1]
    pages = [u for u, els in found.items() if els]
    if len(pages) < MIN_AGREE:
        return []
    key = (tail, tuple((u, tuple(id(n) for n in els)) for u, els in found.items()))
    if memo is not None and key in memo:
        return memo[key]
    first = found[pages[0]][0]

    def same(cand: str) -> bool:
        for url, want in found.items():
            try:
                got = select_elements(trees[url], cand)
            except RuleError:
                return False
            if len(got) != len(want) or any(a is not b for a, b in zip(got, want, strict=True)):
                return False
        return True

    chain = []
    for top in [first, *first.iterancestors()][: _ANCHOR_DEPTH + 3]:
        if top.tag in ("html", "body") or not isinstance(top.tag, str):
            break
        chain.append(top)
    hooked = [
        (depth, top, pred) for depth, top in enumerate(chain) for pred in _attribute_hooks(top)
    ]
    cands: list[tuple[float, str]] = []
    # The rule's own anchor above the hooks (``//table[@summary='top banner']``), and the first
    # of a hook's matches (one block of several alike): see ``_more_anchored``.
    cands += _more_anchored(path, first, hooked)
    for depth, top, pred in hooked:
        rel = _steps_down(top, first, positional=False)
        cands.append((depth, f"//{top.tag}[{pred}]" + (f"/{rel}" if rel else "")))
        rel_at = _steps_down(top, first, positional=True)
        if rel_at != rel:
            cands.append((20 + depth, f"//{top.tag}[{pred}]/{rel_at}"))
        for high_depth, high, high_pred in hooked:
            if high_depth <= depth or high is top:
                continue
            cands.append(
                (
                    depth + 0.5 + 0.1 * high_depth,
                    f"//{high.tag}[{high_pred}]//{top.tag}[{pred}]" + (f"/{rel}" if rel else ""),
                )
            )
    cands.sort(key=lambda c: c[0])
    out: list[str] = []
    seen: set[str] = set()
    asked = 0
    for _cost, cand in cands[:_ANCHOR_CANDIDATES]:
        if cand in seen or asked >= _ANCHOR_ASKED:
            continue
        seen.add(cand)
        if not same(cand):
            continue
        if accept is not None:
            asked += 1  # a site-wide check: a few at most
            if not accept(cand + tail):
                continue
        out.append(cand + tail)
        if len(out) >= 3:
            break
    if memo is not None:
        memo[key] = out
    return out


#: Cost added to an anchored form that takes the first of its hook's matches: after the forms
#: that take them all, before those with positions below the hook.
_FIRST_MATCH_COST = 10.0
#: ... and to one under the rule's own anchor (``//table[@summary='top banner']//div[…]``).
_OWN_ANCHOR_COST = 0.3


def _rule_anchor(path: str) -> str:
    """The rule up to its deepest step anchored on an attribute and no position
    (``//table[@summary='top banner']`` of ``//table[@summary='top banner']/tr/td[2]/…``), when
    that step is not the rule's last; "" otherwise."""
    try:
        steps = split_outside(path, "/")
    except Untranslatable:
        return ""
    best = ""
    for i, step in enumerate(steps[:-1]):
        if not step or step.startswith("("):
            continue
        try:
            _tag, preds = step_predicates(step)
        except Untranslatable:
            return best
        if any("@" in p for p in preds) and not any(p.strip().isdigit() for p in preds):
            best = "/".join(steps[: i + 1])
    return best


def _more_anchored(
    path: str, first: HtmlElement, hooked: Sequence[tuple[int, HtmlElement, str]]
) -> list[tuple[float, str]]:
    """Anchored forms beside one hook alone: the hook under the rule's own anchor (a class
    other blocks share is narrowed by the block the rule already named: the menus of the page's
    content, not a whole page of menus elsewhere), and the first of the hook's matches (a rule
    that took the first of several like blocks by its position: ``…/td[2]/div[3]/ul/li/a``,
    the first menu, is ``(//div[…' menu '…])[1]/ul/li/a``, not every menu)."""
    own = _rule_anchor(path)
    out: list[tuple[float, str]] = []
    for depth, top, pred in hooked:
        rel = _steps_down(top, first, positional=False)
        down = f"/{rel}" if rel else ""
        bases = [(float(depth), f"//{top.tag}[{pred}]")]
        if own:
            bases.insert(0, (depth + _OWN_ANCHOR_COST, f"{own}//{top.tag}[{pred}]"))
            out.append((depth + _OWN_ANCHOR_COST, f"{own}//{top.tag}[{pred}]{down}"))
        if rel:
            out += [(c + _FIRST_MATCH_COST, f"({b})[1]{down}") for c, b in bases]
    return out


def bare_positions(xp: str) -> int:
    """How many of a rule's steps find their node by position alone: an absolute path, a
    child step by index (``div[3]``), the n-th match of an expression; the first match of an
    expression anchored on an attribute (``(//div[…' menu '…])[1]``) is no bare position."""
    path = _element_path(xp)
    n = 1 if path.startswith("/") and not path.startswith("//") else 0
    n += len(re.findall(r"(?:^|/)[A-Za-z][\w.-]*\[\d+\]", path))
    for m in re.finditer(r"\)\[(\d+)\]", path):
        if not (m.group(1) == "1" and "@" in _group_before(path, m.start())):
            n += 1
    return n


def _group_before(path: str, close: int) -> str:
    """The expression inside the parentheses that close at ``close`` (quotes aside)."""
    depth = 0
    quote = ""
    for i in range(close, -1, -1):
        ch = path[i]
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == ")":
            depth += 1
        elif ch == "(":
            depth -= 1
            if depth == 0:
                return path[i + 1 : close]
    return ""


def _pair_tokens(old: Sequence[str], new: Sequence[str]) -> dict[str, str]:
    """Each old token paired with the token now at the same place: the only one when both
    sides have one, else the most similar (``xref`` -> ``v2-xref``), if alike at all."""
    old = [t for t in old if "'" not in t and '"' not in t]
    new = [t for t in new if "'" not in t and '"' not in t]
    if not old or not new:
        return {}
    if len(old) == 1 and len(new) == 1:
        return {old[0]: new[0]}
    out = {}
    for t in old:
        ratio, best = max((difflib.SequenceMatcher(None, t, g).ratio(), g) for g in new)
        if ratio >= _RENAME_LIKE:
            out[t] = best
    return out


def _step_classes(xp: str) -> tuple[str, list[str]]:
    """The tag of the last element step of ``xp`` and the class tokens its predicates name."""
    tag, preds = _last_step(_element_path(xp))
    out: list[str] = []
    for p in preds:
        out += re.findall(r"normalize-space\(@class\),\s*' '\),\s*' ([^' ]+) '\)", p)
        out += re.findall(r"contains\(\s*@class\s*,\s*['\"]([^'\" ]+)['\"]", p)
        out += [t for v in re.findall(r"@class\s*=\s*['\"]([^'\"]*)['\"]", p) for t in v.split()]
    return tag, out


def _renamed_tokens(
    fld: Field, example_sets: Sequence[Sequence[Example]]
) -> dict[str, dict[str, str]]:
    """The class tokens and ids of the old nodes, mapped to the ones the nodes that hold the
    old values carry now, by attribute (``class``/``id``) and at the same place: the learned
    node's own tokens (for a list learned on its container, those of the container of the
    items found) and its parent's, and the tokens the rule's last step names, against the
    item found. The mapping most of the nodes that had an old token agree on; empty when nothing
    was renamed."""
    fp = fld.search.fingerprint
    steps = [_step_classes(x) for x in fld.xpaths]
    votes: dict[str, dict[str, Counter[str]]] = {"class": {}, "id": {}}
    for examples in example_sets:
        items = [e.node for e in examples]
        learned = [_common_ancestor(items)] if fp.get("items") and len(items) > 1 else items
        places: list[tuple[HtmlElement, str, Sequence[str], Sequence[str]]] = []
        for node in learned:
            if node.tag != fp.get("tag"):
                continue
            new_id = [node.get("id") or ""]
            places.append(
                (node, "class", fp.get("classes") or [], (node.get("class") or "").split())
            )
            places.append(
                (node, "id", [fp["id"]] if fp.get("id") else [], [i for i in new_id if i])
            )
            parent = node.getparent()
            if parent is not None and parent.tag == fp.get("parent_tag"):
                now = (parent.get("class") or "").split()
                places.append((node, "class", fp.get("parent_classes") or [], now))
        for node in items:
            for tag, tokens in steps:
                if tag == node.tag and tokens:
                    places.append((node, "class", tokens, (node.get("class") or "").split()))
        found: dict[int, set[tuple[str, str, str]]] = {}
        for node, attr, old, new in places:
            pairs = found.setdefault(id(node), set())
            pairs.update((attr, t, g) for t, g in _pair_tokens(old, new).items())
        for pairs in found.values():
            for attr, t, g in pairs:
                votes[attr].setdefault(t, Counter())[g] += 1
    out: dict[str, dict[str, str]] = {"class": {}, "id": {}}
    for attr, by_token in votes.items():
        for t, counts in by_token.items():
            g, n = counts.most_common(1)[0]
            if g != t and 2 * n > sum(counts.values()):
                out[attr][t] = g
    # A token the rule names renamed to an unrelated name (``active`` -> ``q783d68f``): the
    # nodes found on two pages or more carry one same token nothing else took, while their
    # other tokens differ by page (``nav-fs``, ``nav-path``): that token is its new name, when
    # it is the only such token and the rule's only token left unpaired.
    for tag, tokens in steps:
        same = [e for s in example_sets for e in s if e.node.tag == tag]
        if not tokens or len({e.url for e in same}) < 2:
            continue
        common = set.intersection(*(set((e.node.get("class") or "").split()) for e in same))
        left_old = [t for t in tokens if t not in out["class"] and t not in common]
        left_new = common - set(tokens) - set(out["class"].values())
        if len(set(left_old)) == 1 and len(left_new) == 1:
            out["class"][left_old[0]] = left_new.pop()
    return out


_CLASS_TOKEN = re.compile(r"normalize-space\(@class\),\s*' '\),\s*' ([^' ]+) '\)")
_ID_TOKEN = re.compile(r"@id\s*=\s*['\"]([^'\"]+)['\"]")
#: Learned pages whose class tokens and ids are read for affixed names.
_AFFIX_PAGES = 5


def _affixed_tokens(
    fld: Field, trees: dict[str, Any], samples: dict[str, Any]
) -> dict[str, dict[str, str]]:
    """The class tokens and ids the field's rules name that no learned page has any more,
    each mapped to the shortest token (or id) on those pages that holds it (``section-toc`` ->
    ``r-section-toc``), when only one is that short; empty when none."""
    wanted = {
        "class": {t for x in fld.xpaths for t in _CLASS_TOKEN.findall(x)},
        "id": {t for x in fld.xpaths for t in _ID_TOKEN.findall(x)},
    }
    if not wanted["class"] and not wanted["id"]:
        return {}
    now: dict[str, set[str]] = {"class": set(), "id": set()}
    for url in [u for u, v in samples.items() if v][:_AFFIX_PAGES]:
        tree = trees.get(url)
        if tree is None:
            continue
        for el in tree.iter():
            if not isinstance(el.tag, str):
                continue
            now["class"].update((el.get("class") or "").split())
            if el.get("id"):
                now["id"].add(el.get("id"))
    out: dict[str, dict[str, str]] = {"class": {}, "id": {}}
    for attr, tokens in wanted.items():
        for t in tokens:
            if t in now[attr] or "'" in t or '"' in t:
                continue
            holders = sorted((g for g in now[attr] if t in g), key=len)
            if holders and (len(holders) == 1 or len(holders[0]) < len(holders[1])):
                out[attr][t] = holders[0]
    return out


def _loosened(xp: str) -> str:
    """``xp`` with a descendant step before each ``div`` child step (``/div[…]`` ->
    ``//div[…]``): a wrapper put around each div breaks the child step, not this."""
    return re.sub(r"(?<=[\]\w)])/(?=div\b)", "//", xp)


_SIBLING_AXIS = re.compile(r"\b(following|preceding)-sibling::")
_SIBLING_STEP = re.compile(r"(-sibling::[\w-]+\[\d+\])/(?!/)")


def _turned(xp: str) -> str:
    """``xp`` with each sibling axis turned (``following-sibling::`` <-> ``preceding-sibling::``):
    the block a label stood before now stands after it."""
    return _SIBLING_AXIS.sub(
        lambda m: ("preceding" if m.group(1) == "following" else "following") + "-sibling::", xp
    )


def _sibling_wrapped(xp: str) -> str:
    """``xp`` with a descendant step after each sibling step (``…-sibling::div[1]/table`` ->
    ``…-sibling::div[1]//table``): the sibling may now be a wrapper around the old block."""
    return _SIBLING_STEP.sub(r"\1//", xp)


def _renamed_rule(xp: str, renames: dict[str, dict[str, str]]) -> str:
    """``xp`` with its class tokens and ids replaced by their new names ("" when none of its
    tokens was renamed)."""
    out = xp
    for attr, names in renames.items():
        for t, g in names.items():
            token = re.escape(t)
            patterns = [rf"((?:@{attr}\s*=\s*|contains\(\s*@{attr}\s*,\s*)(['\"])){token}(\2)"]
            if attr == "class":
                patterns.append(rf"(normalize-space\(@class\),\s*' '\),\s*(' )){token}( '\))")
            for pattern in patterns:
                out = re.sub(pattern, rf"\g<1>{g.replace(chr(92), chr(92) * 2)}\g<3>", out)
    return out if out != xp else ""


#: New names tried per old id or class token a rule's step names (each scored).
_STEP_NAMES = 3
#: Ancestors looked through for the node a rule's step names, above a ``//`` step.
_STEP_DEPTH = 8


def _parsed_steps(xp: str) -> list[tuple[str, list[str], bool]] | None:
    """The element steps of ``xp``: (tag, predicates, whether a ``//`` comes before it), or
    None when a step cannot be read."""
    try:
        raw = split_outside(_element_path(xp), "/")
    except Untranslatable:
        return None
    steps: list[tuple[str, list[str], bool]] = []
    desc = False
    for part in raw:
        if part == "":
            desc = True
            continue
        try:
            tag, preds = step_predicates(part)
        except Untranslatable:
            return None
        steps.append((tag, preds, desc))
        desc = False
    return steps


def _named_step(xp: str) -> tuple[int, str, str, str, list[str]] | None:
    """The last step of ``xp`` that names an id or one class token: (its index among the
    element steps counted from the end, 0 for the node itself; its tag; the attribute; the old
    name; the tags of the steps below it, "" where a ``//`` comes before one), or None."""
    steps = _parsed_steps(xp)
    if steps is None:
        return None
    for back, (tag, preds, _d) in enumerate(reversed(steps)):
        ids = [m for p in preds for m in _ID_TOKEN.findall(p)]
        tokens = [m for p in preds for m in _CLASS_TOKEN.findall(p)]
        if len(ids) + len(tokens) != 1 or not tag.isalnum():
            continue
        below = steps[len(steps) - back :]
        route = ["" if d else t for t, _p, d in below]
        return back, tag, "id" if ids else "class", (ids or tokens)[0], route
    # No id or class: another attribute naming a step (a table's ``@summary='top banner'``,
    # a map's ``@name``) is renamed the same way, when it is its step's only one.
    for back, (tag, preds, _d) in enumerate(reversed(steps)):
        named = [
            (a, v) for p in preds for a, _q, v in _ATTR_NAME.findall(p) if a not in ("id", "class")
        ]
        if len(named) != 1 or not tag.isalnum():
            continue
        below = steps[len(steps) - back :]
        route = ["" if d else t for t, _p, d in below]
        return back, tag, named[0][0], named[0][1], route
    return None


#: An attribute equal to a value in a step's predicate (``@summary='top banner'``).
_ATTR_NAME = re.compile(r"^\s*@([\w:-]+)\s*=\s*(['\"])([^'\"]*)\2\s*$")


def _step_holders(
    node: HtmlElement, back: int, tag: str, route: Sequence[str]
) -> list[HtmlElement]:
    """The elements that may be a rule's named step for ``node`` (``back`` steps above it):
    the one ancestor that many levels up when every step below is a child step, else the
    ancestors of ``tag`` above the first ``//``."""
    if "" not in route:
        el: HtmlElement | None = node
        for _ in range(back):
            el = el.getparent() if el is not None else None
        return [el] if el is not None and el.tag == tag else []
    return [a for a in list(node.iterancestors())[:_STEP_DEPTH] if a.tag == tag]


def _step_renamed_rules(fld: Field, example_sets: Sequence[Sequence[Example]]) -> list[str]:
    """Each rule of the queue with the id or class token its step names (``//li[@id=
    'loadscrollpos']/ul/li/a``: an ancestor of the nodes) replaced by a name the nodes that hold
    the old values have at that place on every example page (``@id='c4b1f0e'``), when the old
    name is gone from them: a rename to unrelated names keeps the rule's shape. A few names
    each, when several fit (scored like any candidate)."""
    nodes = [e for s in example_sets for e in s]
    if len({e.url for e in nodes}) < MIN_AGREE:
        return []
    out: list[str] = []
    for xp in fld.xpaths:
        if "%d" in xp:
            continue
        found = _named_step(xp)
        if found is None:
            continue
        back, tag, attr, old, route = found
        common: set[str] | None = None
        for e in nodes:
            names: set[str] = set()
            for el in _step_holders(e.node, back, tag, route):
                value = el.get(attr) or ""
                names.update(value.split() if attr == "class" else [value] if value else [])
            common = names if common is None else common & names
        if not common or old in common:
            continue
        for new in sorted(common)[:_STEP_NAMES]:
            if "'" in new or '"' in new:
                continue
            got = _renamed_rule(xp, {attr: {old: new}})
            if got and got not in out:
                out.append(got)
    return out


#: New attribute names tried per attribute a rule's step names (each scored).
_ATTR_NAMES = 2


def _attr_renamed_rules(fld: Field, example_sets: Sequence[Sequence[Example]]) -> list[str]:
    """Each rule whose step names an attribute by its value (``//a[@accesskey='N']``) with that
    attribute under its new name, when the nodes that hold the old values no longer carry it
    but another attribute of theirs has the same value on pages enough (``@data-key='N'``): an
    attribute renamed with its value kept, paired like a renamed class or id. A few names
    each, when several fit (scored like any candidate)."""
    nodes = [e for s in example_sets for e in s]
    if len({e.url for e in nodes}) < MIN_AGREE:
        return []
    out: list[str] = []
    for xp in fld.xpaths:
        if "%d" in xp:
            continue
        steps = _parsed_steps(xp)
        if steps is None:
            continue
        for back, (tag, preds, _d) in enumerate(reversed(steps)):
            named = [
                (a, v)
                for p in preds
                for a, _q, v in _ATTR_NAME.findall(p)
                if a not in ("id", "class")
            ]
            if len(named) != 1 or not tag.isalnum() or not named[0][1]:
                continue
            old, value = named[0]
            below = steps[len(steps) - back :]
            route = ["" if d else t for t, _p, d in below]
            pages: dict[str, set[str]] = {}
            kept = False
            for e in nodes:
                for el in _step_holders(e.node, back, tag, route):
                    if el.get(old) is not None:
                        kept = True
                    names = {a for a, v in el.attrib.items() if v == value and a != old}
                    pages.setdefault(e.url, set()).update(names)
            if kept:
                continue
            counts = Counter(a for names in pages.values() for a in names)
            for new, n in counts.most_common(_ATTR_NAMES):
                if n < MIN_AGREE or not re.fullmatch(r"[A-Za-z_][\w.:-]*", new):
                    continue
                pattern = rf"@{re.escape(old)}(\s*=\s*['\"]){re.escape(value)}(['\"])"
                kept_value = value.replace("\\", "\\\\")
                got = re.sub(pattern, rf"@{new}\g<1>{kept_value}\g<2>", xp)
                if got != xp and got not in out:
                    out.append(got)
            break
    return out


#: Attributes whose value marks the page's own entry in a menu (``expanded='true'``,
#: ``aria-current='page'``): the same on every page, and not renamed with the classes.
_STATE_ATTRS = (
    "aria-current",
    "aria-selected",
    "aria-expanded",
    "expanded",
    "data-active",
    "data-current",
    "data-selected",
    "selected",
    "open",
)


def _state_rules(examples: Sequence[Example]) -> list[Induced]:
    """Rules for the examples' nodes anchored on an ancestor marked by a state attribute
    (``//li[@expanded='true']/ul/li/a``: the current module's entry in a menu of every
    module), when the same attribute and value, on the same tag, the same number of levels
    up, sits above every example, and the rule selects each example on its page."""
    if not examples:
        return []
    found: set[tuple[int, str, str, str]] | None = None
    for e in examples:
        marks: set[tuple[int, str, str, str]] = set()
        for depth, a in enumerate(list(e.node.iterancestors())[:_ANCHOR_DEPTH]):
            if not isinstance(a.tag, str) or a.tag in ("html", "body"):
                break
            for attr in _STATE_ATTRS:
                v = a.get(attr)
                if v is not None and len(v) <= 20 and "\n" not in v:
                    marks.add((depth, str(a.tag), attr, v))
        found = marks if found is None else found & marks
    rules: list[Induced] = []
    for depth, tag, attr, v in sorted(found or ()):
        first = examples[0].node
        top = list(first.iterancestors())[depth]
        rel = _steps_down(top, first, positional=False)
        xp = f"//{tag}[@{attr}={xpath_literal(v)}]/{rel}"
        try:
            if all(e.node in select_elements(e.root, xp) for e in examples):
                rules.append(Induced(xp, "field", "attribute", 1.5 + 0.1 * depth))
        except RuleError:
            continue
    return rules[:3]


def _token_rules(examples: Sequence[Example]) -> list[Induced]:
    """Rules for the examples' nodes by a class token they carry, whatever it looks like: the
    induction passes over names that look generated (``c6ec1d3``), which is all a site renamed
    to unrelated names has left. A token carried on two example pages or more (on the one page
    when the examples come from one), the most carried first; examples of several kinds of
    page (a module's summary, a file's) each have theirs, and the pages a rule misses get a
    rule of their own as for any candidate. Scored like any candidate: a token other blocks
    share gives their texts and loses."""
    if len({e.node.tag for e in examples}) != 1:
        return []
    tag = examples[0].node.tag
    if not isinstance(tag, str):
        return []
    need = min(MIN_AGREE, len({e.url for e in examples}))
    carriers: dict[str, set[str]] = {}
    for e in examples:
        for token in (e.node.get("class") or "").split():
            carriers.setdefault(token, set()).add(e.url)
    ranked = sorted(
        (t for t, us in carriers.items() if len(us) >= need), key=lambda t: (-len(carriers[t]), t)
    )
    rules = []
    for token in ranked[:4]:
        if "'" in token or '"' in token:
            continue
        xp = f"//{tag}[{class_predicate(token)}]"
        try:
            if all(
                e.node in select_elements(e.root, xp)
                for e in examples
                if token in (e.node.get("class") or "").split()
            ):
                rules.append(Induced(xp, "field", "class", 1.6))
        except RuleError:
            continue
    return rules


def _distance(a: HtmlElement, b: HtmlElement) -> int:
    pa = list(a.iterancestors())
    pb = {id(x): i for i, x in enumerate(b.iterancestors())}
    for i, x in enumerate(pa):
        if id(x) in pb:
            return i + pb[id(x)]
    return 10_000


def _label_after(el: HtmlElement) -> tuple[str, str] | None:
    """The short fixed-looking text just after ``el`` among its siblings, as (tag, text);
    siblings without text (a line break) are looked past, up to ``_LABEL_HOPS`` of them."""
    nxt = el.getnext()
    hops = 0
    while nxt is not None and hops <= _LABEL_HOPS:
        if isinstance(nxt.tag, str):
            hops += 1
            text = " ".join(nxt.text_content().split())
            if text:
                if len(text) <= 40 and _LETTER.search(text) and len(nxt) <= 3:
                    return str(nxt.tag), text
                return None
        nxt = nxt.getnext()
    return None


def _markers(el: HtmlElement) -> set[str]:
    """Predicates naming what ``el`` holds that tells it from like siblings: a child's
    ``alt``, ``title`` or ``aria-label`` (an icon link's image)."""
    out = set()
    kids = [k for k in el if isinstance(k.tag, str)]
    for kid in kids[:3]:
        for attr in _MARKER_ATTRS:
            v = kid.get(attr)
            if v and len(v) <= 40 and "\n" not in v and _LETTER.search(v):
                out.add(f"{kid.tag}[@{attr}={xpath_literal(v.strip())}]")
    return out


def _order_free_rules(examples: Sequence[Example], old: Sequence[str]) -> list[Induced]:
    """Rules for the examples' nodes that do not count siblings: the label that now follows
    them (``//b[normalize-space(.)='Next:']/preceding-sibling::a[1]``) and a marker inside
    them (``//a[img[@alt='next']]``), each only when it is the same on every example page and
    selects the example there. A label the old rules named costs less: it is the one the
    field was told apart by."""
    if not examples or len({e.node.tag for e in examples}) != 1:
        return []
    tag = examples[0].node.tag
    if not isinstance(tag, str):
        return []
    out: list[tuple[str, float]] = []
    after = {_label_after(e.node) for e in examples}
    if len(after) == 1 and None not in after:
        got = after.pop()
        assert got is not None
        ltag, text = got
        lit = xpath_literal(text)
        out.append(
            (
                f"//{ltag}[normalize-space(.)={lit}]/preceding-sibling::{tag}[1]",
                1.2 - (0.3 if any(lit in x for x in old) else 0.0),
            )
        )
    common = set.intersection(*(_markers(e.node) for e in examples))
    for pred in sorted(common):
        out.append((f"//{tag}[{pred}]", 1.0))
    rules = []
    for xp, cost in out:
        try:
            if all(e.node in select_elements(e.root, xp) for e in examples):
                rules.append(Induced(xp, "field", "label", cost))
        except RuleError:
            continue
    return rules


def _large_pages(trees: dict[str, Any], samples: dict[str, Any]) -> set[str]:
    """The learned pages with over ``_LARGE_PAGE`` times the elements of the median one (and
    at least ``_LARGE_ELEMENTS``), when the others are enough to judge a rule on."""
    sizes: dict[str, int] = {}
    for url in samples:
        tree = trees.get(url)
        if tree is not None:
            size = _SIZES.get(tree)
            if size is None:
                size = _SIZES[tree] = sum(1 for _ in tree.iter())
            sizes[url] = size
    if len(sizes) < 2 * MIN_VALUES:
        return set()
    median = sorted(sizes.values())[len(sizes) // 2]
    large = {
        u for u, n in sizes.items() if n > _LARGE_PAGE * max(median, 1) and n >= _LARGE_ELEMENTS
    }
    if sum(1 for u, v in samples.items() if v and u in sizes and u not in large) < MIN_VALUES:
        return set()
    return large


def repair_field(
    trees: dict[str, Any],
    fld: Field,
    template: Template,
    index: SiteIndex | None = None,
    indexes: dict[str, _TextIndex] | None = None,
    values_cache: dict[str, dict[str, str]] | None = None,
    absent: AbsentPages | None = None,
) -> FieldRepair:
    """Check one field against its learned values and propose a rule when it broke or drifted.
    A field anchored on a structured value is checked against the pages' current structured
    values instead (``evidence["anchor"]``). With ``absent`` (the site's pages where the old
    template found nothing for the field), a proposal is also checked there: one that fills
    any of them is not accepted."""
    fld, relearn = _with_one_node(trees, fld, template)
    rep = _repair_learned(trees, fld, template, index, indexes, values_cache, absent)
    proposes = rep.status in ("repaired", "unsure") and bool(rep.xpath)
    unrecorded = _unrecorded_present(fld, template, absent) if proposes else ""
    if unrecorded:
        rep.evidence["relearn"] = unrecorded
    unhooked = _unrecorded_hooks(fld, template) if rep.status == "unsure" else ""
    if unhooked and "relearn" not in rep.evidence:
        rep.evidence["relearn"] = unhooked
    if relearn and proposes:
        # Whether the old rule selected one node is not known: where the proposed rule selects
        # several nodes with different values on the learned pages, that is said, and such a
        # rule is not accepted on agreement alone (a person who looked at its pages may take
        # it), as it would not be had learning recorded one node.
        samples = {u: v for u, v in (fld.search.fingerprint.get("samples") or {}).items()}
        probe = replace(fld, xpaths=tuple(rep.xpaths or [rep.xpath]))
        info = _several_pages(trees, samples, probe, template)
        if info:
            summary = _several_summary(info)
            text = _several_text(summary).replace(" where the old rule selected one", "")
            rep.evidence["relearn"] = (
                f"{relearn}; {unrecorded.split(': ', 1)[1]}" if unrecorded else relearn
            )
            rep.evidence["several"] = summary
            if rep.status == "repaired":
                rep.status = "unsure"
                rep.score = min(rep.score, SEVERAL_SCORE)
                rep.evidence["reason"] = (
                    f"the best rule selects {text}; it takes the first of them, and whether the "
                    "old rule selected one node is not known"
                )
    return rep


def _repair_learned(
    trees: dict[str, Any],
    fld: Field,
    template: Template,
    index: SiteIndex | None,
    indexes: dict[str, _TextIndex] | None,
    values_cache: dict[str, dict[str, str]] | None,
    absent: AbsentPages | None,
) -> FieldRepair:
    fp = fld.search.fingerprint
    anchor = str(fp.get("structured") or "")
    if anchor and fp.get("samples"):
        # The field's value is a structured value of its pages: what the page says now in
        # JSON-LD/microdata is what the field should give, on learned pages and new ones, even
        # when the visible text changed with the redesign.
        samples = {u: v for u, v in fp["samples"].items() if u in trees}
        anchored = _anchored_samples(
            trees, samples, anchor, {} if values_cache is None else values_cache
        )
        if sum(1 for v in anchored.values() if v) >= MIN_AGREE:
            # The prints of long values are the old texts': the structured values judge.
            kept = {k: v for k, v in fp.items() if k != "long"}
            probe = replace(
                fld, search=replace(fld.search, fingerprint={**kept, "samples": anchored})
            )
            rep = _repair_field(trees, probe, template, index, indexes, absent)
            rep.evidence["anchor"] = anchor
            return _with_current(rep, trees, probe, template)
    return _with_current(
        _repair_field(trees, fld, template, index, indexes, absent), trees, fld, template
    )


#: What the repair report says of a field whose record does not say whether its old rule
#: selected one node per page, when no learned page tells either.
RELEARN_ONE_NODE = (
    "learn again for {field} (templates learn {template}): it was learned before repair kept "
    "whether its rule selected one node per page, and no learned page shows it any more (the "
    "old rule gives the learned value on none of them)"
)


#: ... and of a field whose record does not say on which pages it had a value, when no page
#: of the site outside the learned ones shows them either.
RELEARN_PRESENT = (
    "learn again for {field} (templates learn {template}): it was learned before repair kept "
    "the pages where it had a value, and the old rule gives a value on none of the site's "
    "other pages any more, so the proposed rule was not read on them"
)


#: ... and of a field answered 'unsure' whose record does not hold the attributes that told
#: its old node apart (learned before they were kept).
RELEARN_HOOKS = (
    "learn again for {field} (templates learn {template}): it was learned before repair kept "
    "the attributes that tell its node apart from look-alikes (a link's title, rel or "
    "accesskey), which can settle which node it is"
)


def _unrecorded_hooks(fld: Field, template: Template) -> str:
    """The words that say to learn the template again when a one-value field's record has
    learned values but no ``node_hooks`` (learned before they were kept); "" otherwise."""
    fp = fld.search.fingerprint
    if fld.is_list or fld.children or "node_hooks" in fp:
        return ""
    if not any((fp.get("samples") or {}).values()):
        return ""
    return RELEARN_HOOKS.format(field=fld.id, template=template.name)


def _unrecorded_present(fld: Field, template: Template, absent: AbsentPages | None) -> str:
    """The words that say to learn the template again when the field's record of the pages
    where it had a value (``present``) is missing and nothing tells them now (the old rule
    gives a value on none of the site's other pages): the proposal's check on the site's
    other pages had none to read. "" otherwise."""
    fp = fld.search.fingerprint
    if absent is None or not absent.others or "absent" not in fp or "present" in fp:
        return ""
    if absent.with_value(fld, template, skip=fp.get("samples") or ()):
        return ""
    return RELEARN_PRESENT.format(field=fld.id, template=template.name)


def _with_one_node(trees: dict[str, Any], fld: Field, template: Template) -> tuple[Field, str]:
    """``fld`` with ``one_node`` in its search rules when value learning did not record it (a
    template learned before it was kept): told from the learned pages where the old rule
    still gives the learned value (their layout did not change there), as learning would have
    told it, with the number of pages it was told from (``one_node_pages``). When none tells,
    ``fld`` as it is and the words that say to learn the template again ("" otherwise)."""
    fp = fld.search.fingerprint
    if fld.is_list or fld.children or "one_node" in fp or not fp.get("samples"):
        return fld, ""
    found = []
    for url, want in fp["samples"].items():
        tree = trees.get(url)
        if tree is None or not want:
            continue
        try:
            value, rep = extract_field(tree, fld, template, paths=False, url=url)
        except RuleError:
            continue
        if value and same_value(value, want, False, _long_of(fld, url)):
            found.append((url, tree, rep))
    told, read = one_node_now(fld, template, found)
    if told is None:
        if not any(fp["samples"].values()):
            return fld, ""  # no learned value: nothing was kept to tell either
        return fld, RELEARN_ONE_NODE.format(field=fld.id, template=template.name)
    more = {**fp, "one_node": told, "one_node_pages": read}
    return replace(fld, search=replace(fld.search, fingerprint=more)), ""


def _with_current(
    rep: FieldRepair, trees: dict[str, Any], fld: Field, template: Template
) -> FieldRepair:
    """A field answered 'unsure' whose rule drifted (it still matches, on other nodes) keeps
    that rule when repairs are accepted: ``evidence["current"]`` says how its own values fare on
    the learned pages (``changed``: pages where it gives another value or fills a page where the
    field was absent; ``constant``: one same value on every page), so the kept values are not
    taken for right."""
    if rep.status != "unsure" or rep.evidence.get("was") != "drift":
        return rep
    samples = {u: v for u, v in (fld.search.fingerprint.get("samples") or {}).items() if u in trees}
    now = _agreement(trees, samples, fld, template)
    rep.evidence["current"] = {
        "xpaths": list(fld.xpaths),
        "agree": now["agree"],
        "wrong": now["wrong"],
        "filled": now["filled"],
        "missing": now["missing"],
        "pages": now["pages"],
        "changed": now["wrong"] + now["filled"],
        "constant": now["constant"],
        "bad_pages": now["bad_pages"],
    }
    return rep


class AbsentPages:
    """The site's pages where the old template found nothing for a field (``absent`` in its
    search rules, recorded by :func:`learn_absent` over every page), read when a proposal is
    checked on them and kept parsed. With ``others`` (the site's pages that are neither
    learned nor absent for some field), a proposal is also checked for what it gives on pages
    where the field had a value (:meth:`empty_on`). ``copies`` maps a learned page that is a
    copy of another learned page (the same text under another address) to that page."""

    def __init__(
        self,
        pages: dict[str, Page],
        others: Sequence[Page] = (),
        copies: dict[str, str] | None = None,
        rival_pages: dict[str, Page] | None = None,
        usual_size: int = 0,
        learned_html: dict[str, str] | None = None,
    ) -> None:
        self.pages = pages
        self.others = list(others)
        #: The learned pages' median size: far larger pages are not read for ``rich``.
        self.usual_size = usual_size
        #: The learned pages' markup (``rich`` compares the other pages with it).
        self.learned_html = learned_html or {}
        self.copies = dict(copies or {})
        self._trees: dict[str, Any] = {}
        self._other_trees: dict[str, Any] = {}
        self._by_url: dict[str, Page] | None = None
        #: A few pages that were not learned (see ``_OTHER_PAGES``), for ``rival``.
        self.rival_pages = rival_pages or {}
        self._rival_trees: dict[str, Any] | None = None
        self._still: dict[tuple[Any, ...], list[str]] = {}
        self._respell: dict[tuple[Any, ...], tuple[dict[str, Any], dict[str, Any]]] = {}

    def rival_trees(self) -> dict[str, Any]:
        if self._rival_trees is None:
            self._rival_trees = {}
            for url, page in self.rival_pages.items():
                try:
                    self._rival_trees[url] = page_tree(page)
                except DeboilerError:
                    continue
        return self._rival_trees

    def rival(
        self,
        fld: Field,
        template: Template,
        best: tuple[str, ...],
        rivals: Iterable[tuple[str, ...]],
        confirm: Callable[[tuple[str, ...]], bool] = lambda _q: True,
        skip: Iterable[str] = (),
    ) -> dict[str, Any] | None:
        """The first of ``rivals`` (queues that agree with the old values as well as ``best``)
        giving other values than ``best`` on pages that were not learned, and that ``confirm``
        accepts (asked only then: it may read more pages): the learned pages cannot tell
        which one is the field, so neither is singled out. The pages read are the few taken
        by URL and the site's pages where the field had a value (``with_value``, without the
        learned ones, ``skip``): rules that agree on pages of one easy shape (a class tree one
        superclass deep) part where the value is elsewhere (a deeper tree)."""
        trees = dict(self.rival_trees())
        left_out = set(skip)
        names = {
            n
            for q in (best, *rivals)
            for x in q
            for m in _RULE_NAMES.finditer(x)
            for n in m.groups()
            if n
        }
        for url in [*self.with_value(fld, template, skip), *self.rich(names, left_out)]:
            tree = self.other_tree(url)
            if tree is not None:
                trees.setdefault(url, tree)
        if not trees:
            return None

        def values(queue: tuple[str, ...]) -> dict[str, Any]:
            return self._values(fld, template, queue, trees)

        mine = values(best)
        for queue in rivals:
            theirs = values(queue)
            differ = [u for u, v in mine.items() if v and theirs[u] and theirs[u] != v]
            if differ and confirm(queue):
                return {
                    "xpaths": list(queue),
                    "differ": len(differ),
                    "of": len(trees),
                    "pages": differ[:5],
                }
        return None

    def urls(self, fld: Field, skip: Iterable[str] = ()) -> list[str]:
        left_out = set(skip)
        return [
            u
            for u in (fld.search.fingerprint.get("absent") or [])
            if u in self.pages and u not in left_out
        ]

    def tree(self, url: str) -> Any:
        if url not in self._trees:
            try:
                self._trees[url] = page_tree(self.pages[url])
            except DeboilerError:
                self._trees[url] = None
        return self._trees[url]

    def with_value(
        self, fld: Field, template: Template | None = None, skip: Iterable[str] = ()
    ) -> list[str]:
        """Up to ``_COVER_PAGES`` pages of the site, spread over it, where the field had a value
        when it was learned: recorded as such by :func:`learn_absent` (``present``), neither
        learned (``skip``) nor recorded as absent. A page the template never read (added to
        the site since, a copy of it in another folder) tells nothing: it is not one. For a
        field learned before those pages were recorded, the pages where the field's old rules
        in ``template`` still give a value (their layout did not change) are. Only for a field
        whose absent pages were recorded over the whole site (else nothing tells them apart).
        Pages not recorded where the old rules still give a value count as well."""
        fp = fld.search.fingerprint
        if "absent" not in fp or not self.others:
            return []
        left_out = set(skip) | set(fp.get("absent") or ())
        present = fp.get("present")
        if present is None:
            return self._still_given(fld, template, left_out)
        had = set(present)
        urls = [p.url for p in self.others if p.url in had and p.url not in left_out]
        if len(urls) > _COVER_PAGES:
            step = len(urls) / _COVER_PAGES
            urls = [urls[int(i * step)] for i in range(_COVER_PAGES)]
        if len(urls) < _COVER_PAGES:
            # pages not recorded where the old rules still give a value (their layout did not
            # change, a page added since in the old layout): the field is there, whatever
            # was recorded
            urls += self._still_given(fld, template, left_out | had)[: _COVER_PAGES - len(urls)]
        return urls

    def _still_given(self, fld: Field, template: Template | None, left_out: set[str]) -> list[str]:
        """Up to ``_COVER_PAGES`` of the site's other pages (not ``left_out``), among the
        first ``_STILL_READ`` spread over it, where the old rules of ``fld`` in ``template``
        give a value."""
        if template is None:
            return []
        try:
            old = template.field(fld.id)
        except RuleError:
            return []
        key = (fld.id, tuple(old.xpaths), tuple(sorted(left_out)))
        if key in self._still:
            return self._still[key]
        urls = [p.url for p in self.others if p.url not in left_out]
        if len(urls) > _STILL_READ:
            step = len(urls) / _STILL_READ
            urls = [urls[int(i * step)] for i in range(_STILL_READ)]
        out: list[str] = []
        for url in urls:
            tree = self.other_tree(url)
            if tree is None:
                continue
            try:
                value, _rep = extract_field(tree, old, template, paths=False, url=url)
            except RuleError:
                value = None
            if value:
                out.append(url)
                if len(out) >= _COVER_PAGES:
                    break
        self._still[key] = out
        return out

    def empty_on(
        self, fld: Field, template: Template, skip: Iterable[str] = ()
    ) -> tuple[list[str], int]:
        """The pages among :meth:`with_value` where ``fld`` (a proposed queue) gives nothing,
        and how many were read."""
        out: list[str] = []
        read = 0
        for url in self.with_value(fld, template, skip):
            tree = self.other_tree(url)
            if tree is None:
                continue
            read += 1
            try:
                value, _rep = extract_field(tree, fld, template, paths=False, url=url)
            except RuleError:
                value = None
            if not value:
                out.append(url)
        return out, read

    def several_on(
        self, fld: Field, template: Template, skip: Iterable[str] = ()
    ) -> tuple[dict[str, int], int]:
        """The pages among :meth:`with_value` where ``fld``'s rule that gives the value (a
        proposed queue) selects several nodes with different values (url -> nodes), and on
        how many it gives a value."""
        out: dict[str, int] = {}
        read = 0
        for url in self.with_value(fld, template, skip):
            tree = self.other_tree(url)
            found = None if tree is None else _several_at(tree, fld, template, url)
            if found is None:
                continue
            read += 1
            if found[0]:
                out[url] = found[0]
        return out, read

    def same_elsewhere(
        self,
        fld: Field,
        template: Template,
        source: tuple[str, ...],
        form: tuple[str, ...],
        skip: Iterable[str] = (),
    ) -> bool:
        """Whether the queue ``form`` (an anchored spelling of ``source``) gives what
        ``source`` gives on the site's other pages ``rival`` reads (where both give a value):
        a form that parts from it there is another rule. The pages and ``source``'s values
        are worked out once per source."""
        key = (fld.id, source)
        if key not in self._respell:
            left_out = set(skip)
            names = {n for x in source for m in _RULE_NAMES.finditer(x) for n in m.groups() if n}
            urls = list(self.rival_trees())
            urls += [*self.with_value(fld, template, left_out), *self.rich(names, left_out)]
            trees = {u: t for u in dict.fromkeys(urls) if (t := self._any_tree(u)) is not None}
            self._respell[key] = (trees, self._values(fld, template, source, trees))
        trees, mine = self._respell[key]
        # (the form's own names: where its class comes more often, its blocks repeat)
        names = {n for x in form for m in _RULE_NAMES.finditer(x) for n in m.groups() if n}
        more = {
            u: t
            for u in self.rich(names, skip)
            if u not in trees and (t := self._any_tree(u)) is not None
        }
        theirs = self._values(fld, template, form, {**trees, **more})
        if more:
            mine = {**mine, **self._values(fld, template, source, more)}
        return not any(v and theirs.get(u) and theirs[u] != v for u, v in mine.items())

    def _any_tree(self, url: str) -> Any:
        tree = self.rival_trees().get(url)
        return tree if tree is not None else self.other_tree(url)

    @staticmethod
    def _values(
        fld: Field, template: Template, queue: tuple[str, ...], trees: dict[str, Any]
    ) -> dict[str, Any]:
        out = {}
        for url, tree in trees.items():
            try:
                got, _rep = extract_field(
                    tree, replace(fld, xpaths=queue), template, paths=False, url=url
                )
            except RuleError:
                got = None
            out[url] = _norm_value(got, fld.is_list) if got else None
        return out

    def rich(self, names: Iterable[str], skip: Iterable[str] = ()) -> list[str]:
        """Up to ``_RICH_PAGES`` of the site's other pages (of the usual size, not ``skip``)
        where ``names`` (a rule's classes and ids) come more often in the markup than on any
        learned page of ``skip``, most first: where the rules' nodes repeat more than the
        learned pages showed."""
        words = [n for n in names if len(n) > 1]
        if not words or not self.others:
            return []
        left_out = set(skip)
        most = max(
            (sum(h.count(w) for w in words) for u, h in self.learned_html.items() if u in left_out),
            default=0,
        )
        pages = self.others
        if len(pages) > _RICH_SCAN:
            step = len(pages) / _RICH_SCAN
            pages = [pages[int(i * step)] for i in range(_RICH_SCAN)]
        limit = _LARGE_PAGE * self.usual_size if self.usual_size else 0
        counted = []
        for i, page in enumerate(pages):
            if page.url in left_out or (limit and len(page.html) > limit):
                continue
            n = sum(page.html.count(w) for w in words)
            if n > most:
                counted.append((-n, i, page.url))
        return [u for _n, _i, u in sorted(counted)[:_RICH_PAGES]]

    def other_tree(self, url: str) -> Any:
        """The tree of one of the site's other pages (``others``), parsed once; None when it
        cannot be read."""
        if url not in self._other_trees:
            if self._by_url is None:
                self._by_url = {p.url: p for p in self.others}
            try:
                self._other_trees[url] = page_tree(self._by_url[url])
            except DeboilerError:
                self._other_trees[url] = None
        return self._other_trees[url]

    def filled(self, fld: Field, template: Template, skip: Iterable[str] = ()) -> list[str]:
        """The pages where the field was absent and ``fld`` (a proposed queue) gives a value."""
        out = []
        for url in self.urls(fld, skip):
            tree = self.tree(url)
            if tree is None:
                continue
            try:
                value, _rep = extract_field(tree, fld, template, paths=False, url=url)
            except RuleError:
                continue
            if value:
                out.append(url)
        return out


# --------------------------------------------------------------------------- one page's anchors

#: Other pages of the site parsed, at most, to see whether a label found on one learned page
#: is on others (those whose markup holds every word of it).
_LABEL_OTHER_PAGES = 12
#: Tags of the page's head a field's own rules may name (a field read from the head).
_HEAD_TAGS = frozenset({"head", "title", "meta", "link", "base"})
_STEP_TAG = re.compile(r"^(?:[\w-]+::)?([\w*-]+)")


def _step_tags(xp: str) -> list[str]:
    """The element names of a rule's steps (``head``, ``body``, ``*``), axes aside."""
    try:
        steps = split_outside(_element_path(xp), "/")
    except Untranslatable:
        return []
    out = []
    for step in steps:
        m = _STEP_TAG.match(step.lstrip("("))
        if m:
            out.append(m.group(1))
    return out


class _OnePageAnchors:
    """Which induced rules a field's repair refuses as tied to one page: a label (a fixed text
    the rule reaches its node by, ``//div[normalize-space(.)='13.1.3: Version 2.8']/…``) found
    on one page only, learned and other pages of the site read, unless the field's old rules
    named it; and, for a field of the page's body, a rule anchored in the page's head
    (``//head[normalize-space(.)='Gri: Builtin Index']/following-sibling::body[1]/…``). Such a
    rule gives the learned value on its own page and nothing elsewhere: as a second rule of a
    queue it only copies that page's (sometimes wrong) value."""

    def __init__(
        self,
        fld: Field,
        trees: dict[str, Any],
        samples: dict[str, Any],
        absent: AbsentPages | None,
    ) -> None:
        self.trees = {u: trees[u] for u in samples if u in trees}
        self.absent = absent
        self.old_labels = {lab for x in fld.xpaths for lab, _r in rule_labels(x)}
        old_tags = {t for x in fld.xpaths for t in _step_tags(x)}
        node_tag = str(fld.search.fingerprint.get("node_tag") or "")
        self.body_field = not (old_tags & _HEAD_TAGS) and node_tag not in _HEAD_TAGS
        self._seen: dict[str, bool] = {}

    def refuses(self, xp: str) -> bool:
        if self.body_field and "head" in _step_tags(xp):
            return True
        return any(not self._repeated(p, labels) for p, labels in self._label_steps(xp))

    def _label_steps(self, xp: str) -> list[tuple[str, set[str]]]:
        """The rule up to each of its steps that names a label the old rules did not name."""
        path = _element_path(xp)
        try:
            steps = split_outside(path, "/")
        except Untranslatable:
            return []
        out = []
        for i, step in enumerate(steps):
            labels = {lab for lab, _r in rule_labels(step)} if step else set()
            if labels and not labels <= self.old_labels:
                prefix = "/".join(steps[: i + 1])
                out.append((prefix if prefix.startswith("/") else "//" + prefix, labels))
        return out

    def _repeated(self, prefix: str, labels: set[str]) -> bool:
        """Whether the rule's label step selects something on two pages or more: learned
        pages first, then the other pages of the site whose markup holds the label's words."""
        if prefix in self._seen:
            return self._seen[prefix]
        pages = 0
        for tree in self.trees.values():
            try:
                if select_elements(tree, prefix):
                    pages += 1
            except RuleError:
                self._seen[prefix] = True  # not judged: left to the agreement
                return True
            if pages >= MIN_AGREE:
                break
        if pages < MIN_AGREE and self.absent is not None:
            words = [w for lab in labels for w in _WORD.findall(lab) if len(w) > 1]
            read = 0
            for page in self.absent.others:
                if read >= _LABEL_OTHER_PAGES or pages >= MIN_AGREE:
                    break
                if page.url in self.trees or not all(w in page.html for w in words):
                    continue
                tree = self.absent.other_tree(page.url)
                if tree is None:
                    continue
                read += 1
                try:
                    pages += bool(select_elements(tree, prefix))
                except RuleError:
                    continue
        self._seen[prefix] = pages >= MIN_AGREE
        return self._seen[prefix]


def _repair_field(
    trees: dict[str, Any],
    fld: Field,
    template: Template,
    index: SiteIndex | None = None,
    indexes: dict[str, _TextIndex] | None = None,
    absent: AbsentPages | None = None,
) -> FieldRepair:
    samples = fld.search.fingerprint.get("samples")
    if not samples:
        return FieldRepair(fld.id, "unlearned", fld.xpaths[0] if fld.xpaths else "")
    copies = absent.copies if absent is not None else {}
    # A learned page that is a copy of another (the same text under another address: a site
    # copied into several folders) is no independent evidence: it is judged once.
    samples = {u: v for u, v in samples.items() if u in trees and u not in copies}
    if not samples:
        return FieldRepair(
            fld.id,
            "unlearned",
            fld.xpaths[0] if fld.xpaths else "",
            evidence={"reason": "none of the learned pages is in the site"},
        )
    now = _agreement(trees, samples, fld, template)
    with_value = now["agree"] + now["wrong"] + now["missing"]
    if not with_value and not now["filled"]:
        # No learned page had a value and none has one now: no evidence either way, unless
        # the field now gives nothing on the site's pages where it had a value when learned
        # (recorded over the whole site, ``present``): a rule that answered on a few pages
        # outside the learned ones is broken there, with nothing learned to repair it from.
        lost, read = absent.empty_on(fld, template, samples) if absent is not None else ([], 0)
        if lost:
            shown = ", ".join(lost[:3]) + (", …" if len(lost) > 3 else "")
            return FieldRepair(
                fld.id,
                "broken",
                fld.xpaths[0] if fld.xpaths else "",
                0.0,
                {
                    **now,
                    "bad_pages": lost[:5],
                    "lost": len(lost),
                    "reason": f"no value now on {len(lost) if len(lost) < read else 'the'} "
                    f"{f'of the {read} ' if len(lost) < read else f'{read} '}"
                    f"{'page' if read == 1 else 'pages'} where it had one when learned, none "
                    f"of them a learned page ({shown}): nothing learned to repair it from; "
                    "author it again from clicks on those pages",
                },
            )
        return FieldRepair(
            fld.id,
            "ok",
            fld.xpaths[0] if fld.xpaths else "",
            1.0,
            {**now, "reason": "no learned page has a value"},
        )
    if now["pages"] and now["score"] >= AGREE_OK and now["filled"] <= 0.05 * now["pages"]:
        return FieldRepair(fld.id, "ok", fld.xpaths[0] if fld.xpaths else "", now["score"], now)
    newly = _new_values(trees, samples, fld, template, now)
    if newly:
        # Every learned value is given back, and a page where the field was empty now has a
        # value of the field's own kind and shape (a heading that came first once the page's
        # blocks were reordered): the rule still takes its nodes; a page changed, not the rule.
        return FieldRepair(
            fld.id,
            "ok",
            fld.xpaths[0] if fld.xpaths else "",
            1.0,
            {
                **now,
                "new_values": newly,
                "reason": f"a value now on {len(newly)} learned "
                f"{'page' if len(newly) == 1 else 'pages'} where the field was empty, of its "
                "own kind: look at "
                + ", ".join(f"{u} ({v[:40]!r})" for u, v in list(newly.items())[:3]),
            },
        )
    status = "drift" if now["agree"] + now["wrong"] > now["missing"] else "broken"
    indexes = {} if indexes is None else indexes
    # Candidates are scored on the learned pages of the usual size; a page far larger than
    # the others (a whole manual on one page) is read only for the candidates that would be
    # accepted, best first (``full_check``): searched for every candidate, it cost more than
    # all the other pages together.
    all_samples = samples
    large = _large_pages(trees, samples)
    if large:
        samples = {u: v for u, v in samples.items() if u not in large}
    full_checked: dict[tuple[str, ...], dict[str, Any]] = {}

    def full_check(queue: tuple[str, ...], ev: dict[str, Any]) -> dict[str, Any]:
        if not large:
            return ev
        if queue not in full_checked:
            probe = replace(fld, xpaths=queue)
            got = _agreement(trees, all_samples, probe, template)
            if ev.get("kind"):
                got = {**got, "score": min(got["score"], KIND_SCORE), "kind": ev["kind"]}
            for key in ("several", "narrowed"):
                if ev.get(key):
                    got = {**got, key: ev[key]}
            if one_node and not ev.get("several"):
                # The large pages too: a rule that selects one node on the others may take
                # the first of several in a whole manual on one page.
                info = _several_pages(
                    trees, {u: all_samples[u] for u in large if u in all_samples}, probe, template
                )
                if info:
                    got = {
                        **got,
                        "score": min(got["score"], SEVERAL_SCORE),
                        "several": _several_summary(info),
                    }
            elif ev.get("several"):
                got = {**got, "score": min(got["score"], SEVERAL_SCORE)}
            full_checked[queue] = got
        return full_checked[queue]

    def acceptable(ev: dict[str, Any]) -> bool:
        # Precision first: a rule that gives another value than the learned one on any learned
        # page is wrong there, whatever it gives elsewhere.
        return (
            ev["score"] >= ACCEPT
            and ev["agree"] >= MIN_AGREE
            and not ev["filled"]
            and not ev["wrong"]
        )

    example_sets = _examples(trees, samples, fld, template, indexes)
    if not example_sets:
        return FieldRepair(
            fld.id,
            "gone",
            "",
            0.0,
            {**now, "was": status, "reason": "the old values are on none of the sampled pages"},
        )
    # Pool the examples of up to three pages into one induction, then each page alone (a
    # page whose value sits elsewhere must not veto the rule of the others).
    trials: list[list[Example]] = [[e for s in example_sets for e in s]] + (
        [s for s in example_sets] if len(example_sets) > 1 else []
    )
    scored: dict[tuple[str, ...], tuple[dict[str, Any], str]] = {}
    costs: dict[tuple[str, ...], float] = {}

    own_text = bool(fld.xpaths) and all(x.endswith(_OWN_TEXT) for x in fld.xpaths)
    # The field took an attribute of its node (``//img/@src``): so does the new rule.
    # An attribute field whose rules end on its attribute (``.../a/@href``) ends on it again.
    ends = {m.group(1) if (m := ATTR_TAIL.search(x)) else "" for x in fld.xpaths}
    attr_tail = (
        output_attribute(fld)
        if fld.kind != "attribute"
        else (fld.attribute if ends == {fld.attribute} else "")
    )
    tail = f"/@{attr_tail}" if attr_tail else ""
    widened = next((u for u in map(tag_union_of, fld.xpaths) if u), "")
    keep_tag, keep_out = _exclusions(fld) if not tail else ("", [])

    site_fills: dict[tuple[str, ...], list[str]] = {}
    kinds_seen: dict[str, str] = {}

    def queue_kind(queue: Sequence[str]) -> str:
        """Why some rule of ``queue`` takes nodes of another kind than the field's old ones,
        or "": each part is judged, not only the last one added (a part scored below the
        threshold alone was never looked at before it got a rule after it)."""
        for xp in queue:
            if xp not in kinds_seen:
                kinds_seen[xp] = _kind_change(trees, samples, fld, xp, widened)
            if kinds_seen[xp]:
                return kinds_seen[xp]
        return ""

    def fills(queue: tuple[str, ...]) -> list[str]:
        """The site's pages where the field was absent and ``queue`` gives a value."""
        if absent is None:
            return []
        if queue not in site_fills:
            site_fills[queue] = absent.filled(
                replace(fld, xpaths=queue), template, skip=all_samples
            )
        return site_fills[queue]

    one_page = _OnePageAnchors(fld, trees, samples, absent)
    one_node = (
        fld.search.fingerprint.get("one_node") is True and not fld.is_list and not fld.children
    )
    several_seen: dict[tuple[str, ...], dict[str, Any]] = {}

    def several(queue: tuple[str, ...]) -> dict[str, Any]:
        """For a field whose old rule selected one node on every learned page: the learned
        pages where ``queue``'s rule that gives the value selects several nodes with different
        values (``pages``: url -> nodes, ``rules``: those rules of the queue, ``of``: the
        learned pages where it gives a value), or {}."""
        if not one_node:
            return {}
        if queue not in several_seen:
            several_seen[queue] = _several_pages(
                trees, samples, replace(fld, xpaths=queue), template
            )
        return several_seen[queue]

    def good_enough() -> bool:
        return any(
            ev["score"] >= AGREE_OK
            and not ev["wrong"]
            and not ev["missing"]
            and not fills(q)
            and not several(q)
            for q, (ev, _f) in scored.items()
        )

    def try_rules(
        examples: list[Example],
        before: tuple[str, ...] = (),
        base: float = 0.0,
        negatives: Sequence[Example] = (),
        site: SiteIndex | None = index,
        after: tuple[str, ...] = (),
    ) -> None:
        # The agreement over the learned pages decides, so more than the induction's first
        # few rules are scored (its site check runs on a handful of pages only).
        # Siblings told apart only by their order and a label beside them or a marker inside
        # them (next / up / previous links): after a reorder the label may follow the node
        # instead of preceding it. Rules that do not count siblings are scored with the rest.
        beside = [] if fld.is_list or negatives else _order_free_rules(examples, fld.xpaths)
        # An ancestor marked as the page's own entry (``expanded='true'``): not renamed with
        # the classes, so it holds when every class and id got an unrelated name.
        beside += [] if negatives else _state_rules(examples)
        beside += [] if fld.is_list or negatives else _token_rules(examples)
        try:
            rules = induce(
                examples,
                negatives,
                index=site,
                as_list=fld.is_list,
                limit=10,
                narrowing=False,
                clicked=False,
            )
        except InductionError:
            rules = []
            if fld.is_list and _one_per_page(examples) and not negatives:
                # Lists of one item on every example page (a group trail one group deep): the
                # list induction looks for a run of items and finds none; the item's own rule,
                # which takes every match on a page, is the list's rule.
                try:
                    rules = induce(examples, index=site, as_list=False, limit=10, clicked=False)
                except InductionError:
                    rules = []
        rules = [*rules, *(r for r in beside if r.xpath not in {x.xpath for x in rules})]
        # A label of one page's own (its section's number and title) or the page's head is
        # no anchor of a repaired rule: it reproduces that page's value and nothing else.
        rules = [r for r in rules if not one_page.refuses(r.xpath)]
        if not rules:
            return
        tag = examples[0].node.tag
        for rule in rules:
            xp = rule.xpath
            if own_text and not xp.endswith(_OWN_TEXT):
                xp += _OWN_TEXT  # the field took the node's own text: keep taking it
            variants = [(xp, rule.cost)]
            if widened and all(e.node.tag == tag for e in examples):
                # The old rule took a node of several tags (a chapter's h1, a section's h2):
                # so may the new one.
                wide = retag_last(xp, tag, widened)
                if wide:
                    variants.append((wide, rule.cost + 0.3))
            if keep_out and all(e.node.tag == keep_tag for e in examples):
                # The old rule's exclusions (a person's 'not this' clicks) still hold: the
                # candidate with them goes first among equals.
                for cand, cost in list(variants):
                    tag_now, preds_now = _last_step(cand)
                    if tag_now == keep_tag and not set(keep_out) <= set(preds_now):
                        extra = "".join(f"[{p}]" for p in keep_out if p not in preds_now)
                        variants.append((cand + extra, cost - 0.05))
            for cand, cost in variants:
                if tail and not cand.endswith(tail):
                    cand += tail
                queue = (*before, cand, *after)
                if queue in scored or cand in before or cand in after:
                    continue
                probe = replace(fld, xpaths=queue)
                ev = _agreement(trees, samples, probe, template)
                newly = _new_values(trees, samples, probe, template, ev)
                if newly:
                    # Every learned value given back, and a value of the field's own kind and
                    # place on a learned page where the old rule found none (a title the old
                    # rule missed where its anchor block was missing): not a wrong fill.
                    had = ev["agree"] + ev["wrong"] + ev["missing"]
                    ev = {**ev, "score": ev["agree"] / had, "filled": 0, "new_values": newly}
                if ev["score"] >= ACCEPT:
                    why = queue_kind(queue)
                    if why:
                        ev = {**ev, "score": min(ev["score"], KIND_SCORE), "kind": why}
                scored[queue] = (ev, rule.family)
                costs[queue] = base + cost

    renames = _renamed_tokens(fld, example_sets)
    # Tokens the rule names on other steps than its nodes' (a container's class), gone from
    # the pages, under the one name now on them that holds the old one (``r-`` or ``v2-``
    # added): merged under the renames learned from the nodes.
    for attr, names in _affixed_tokens(fld, trees, samples).items():
        renames[attr] = {**names, **renames.get(attr, {})}
    renamed = tuple(_renamed_rule(x, renames) or x for x in fld.xpaths)
    variants: list[tuple[tuple[str, ...], float]] = []
    if renamed != tuple(fld.xpaths):
        variants.append((renamed, -1.0))
        # The same with a wrapper allowed above each div (every div put in another one).
        loose = tuple(x if is_positional(x) else _loosened(x) for x in renamed)
        if loose != renamed:
            variants.append((loose, 0.5))
    # Each rule with the id or class its named step carries (an ancestor's id, renamed to an
    # unrelated name) replaced by the one its nodes' ancestor at that place has now.
    step_renamed = _step_renamed_rules(fld, example_sets) + _attr_renamed_rules(fld, example_sets)
    for xp in step_renamed:
        variants.append(((xp,), -0.5))
        wrapped = xp if is_positional(xp) else _loosened(xp)
        if wrapped != xp:
            variants.append(((wrapped,), 0.8))
    # A rule anchored on a label beside its block (``//h2[…'Functions']/following-sibling::
    # div[1]/…``) whose blocks were reordered finds the block on the label's other side now:
    # the rule with the sibling axis turned (under the new names), and with a wrapper allowed
    # between the sibling and the step below it.
    turned_from = [tuple(fld.xpaths), renamed, *((x,) for x in step_renamed)]
    for base in dict.fromkeys(turned_from):
        queue = tuple(_turned(x) for x in base)
        if queue == base:
            continue
        variants.append((queue, 0.6))
        wrapped_queue = tuple(_sibling_wrapped(_loosened(x)) for x in queue)
        if wrapped_queue != queue:
            variants.append((wrapped_queue, 0.9))
    # The old rule from its label on (``//a[normalize-space(preceding-sibling::node()[1]
    # [self::text()])='extends']`` for ``//pre/a[…'extends']``): a node still by its label,
    # whatever became of the steps above it (a declaration's ``pre`` made a ``div``).
    for base in dict.fromkeys([tuple(fld.xpaths), renamed]):
        queue = tuple(_from_label(x) or x for x in base)
        if queue != base and queue not in dict(variants):
            variants.append((queue, 0.7))
    # A rule keyed on the old node's identifying attributes (``node_hooks``), which class and
    # id renames, wrappers and reorders leave as they were: all of them, then each alone.
    hooks = fld.search.fingerprint.get("node_hooks") or {}
    hook_tag = str(fld.search.fingerprint.get("node_tag") or "*")
    if hooks and not fld.is_list and not fld.children:
        preds = [f"[@{a}={xpath_literal(v)}]" for a, v in hooks.items()]
        spelled = ["".join(preds)] + (preds if len(preds) > 1 else [])
        for k, pred in enumerate(spelled):
            hooked = f"//{hook_tag}{pred}" + (_OWN_TEXT if own_text else tail)
            if (hooked,) not in dict(variants):
                variants.append(((hooked,), -0.3 + 0.05 * k))
    for queue, cost in variants:
        # The old rule with the class tokens and ids of its nodes under their new names (learned
        # from the nodes that hold the old values): a rename keeps the rule's other anchors (a
        # label before the list) that an induction from the new nodes may not find. Scored and
        # checked over the site like any other candidate; first among equals.
        ev = _agreement(trees, samples, replace(fld, xpaths=queue), template)
        newly = _new_values(trees, samples, replace(fld, xpaths=queue), template, ev)
        if newly:
            # The old rule under the new names, right on every learned page with a value, and
            # a value of the field's kind on a page where it was empty (as for the old rule
            # itself, see ``_new_values``): the page changed, the rule did not.
            had = ev["agree"] + ev["wrong"] + ev["missing"]
            ev = {**ev, "score": ev["agree"] / had, "filled": 0, "new_values": newly}
        if ev["score"] >= ACCEPT:
            why = _kind_change(trees, samples, fld, queue[-1], widened)
            if why:
                ev = {**ev, "score": min(ev["score"], KIND_SCORE), "kind": why}
        scored[queue] = (ev, "renamed")
        costs[queue] = cost
    for examples in trials:
        if good_enough():
            break  # the pooled examples gave a good rule; single pages are only a fallback
        try_rules(examples)
    if not fld.is_list and absent is not None:
        # Where every page holds the old value in two like nodes side by side (a link to the
        # page that is both the previous one and the parent), the second one's rules are
        # scored too: when they agree as well, the pages that were not learned tell whether
        # they are the same field (``AbsentPages.rival``).
        seconds = _examples(trees, samples, fld, template, indexes, second=True)
        if len(seconds) == len(example_sets) and len(seconds) >= MIN_AGREE:
            # Without the induction's site ranking: only agreement matters here.
            try_rules([e for s in seconds for e in s], site=None)
    if fld.is_list and not good_enough() and scored:
        # A list rule that gives every old item plus others (the item's own link at the end
        # of a path, which the old rule left out): the extra items on the learned pages are
        # 'not this' examples, and the induction leaves them out the way a person's 'not
        # this' clicks would.
        negatives = _extra_items(trees, samples, fld, template, scored)
        if negatives:
            try_rules(trials[0], negatives=negatives)
    # Pages of another kind (a reference page whose title sits elsewhere) get their own rule,
    # tried after the first one: the field's XPath queue.
    for _round in range(2):
        if good_enough() or not scored:
            break
        clean = {
            q: v
            for q, v in scored.items()
            if not v[0]["wrong"] and not v[0]["filled"] and len(q) < 3 and not fills(q)
        }
        if not clean:
            break
        # The best of them, passing over a rule that takes the first of several nodes (for a
        # field of one node per page): its pages need no rule of their own, but it is no rule
        # to build the queue on.
        ordered = sorted(clean.items(), key=lambda kv: (-kv[1][0]["score"], costs[kv[0]]))
        best_queue, (best_ev, _fam) = next(
            ((q, v) for q, v in ordered if not several(q)), ordered[0]
        )
        if not best_ev["missing_pages"]:
            break
        more = _examples(trees, samples, fld, template, indexes, only=best_ev["missing_pages"])
        if not more:
            break
        try_rules([e for s in more for e in s], best_queue, costs[best_queue] + 2.0)
        if absent is not None or len(more) > 1:
            # Pages of several other kinds (a file's summary, an application's) each get
            # their own rule too: pooled they only share a broad one (the content's first
            # block) that fills pages without the field. The induction's site check would
            # drop their own hooks as too narrow (found on few pages: that is the point).
            for one in more:
                try_rules(one, best_queue, costs[best_queue] + 2.5, site=None)
    if not good_enough() and scored:
        # Pages where the best queues give another value than the learned one (a page whose
        # two top sections were reordered, the second one's heading now first): each such
        # page's own rule goes before the queue's last rule, so that the queue gives every
        # learned value; a rule wrong on a learned page is never accepted (``acceptable``).
        near = sorted(
            (
                (q, ev)
                for q, (ev, _fam) in scored.items()
                if 0 < ev["wrong"] <= _OWN_RULE_WRONG
                and ev["score"] >= ACCEPT
                and not ev["filled"]
                and not ev.get("kind")
                and len(q) < 3
            ),
            key=lambda kv: (-kv[1]["score"], costs[kv[0]]),
        )[:_OWN_RULE_QUEUES]
        for queue, ev in near:
            more = _examples(trees, samples, fld, template, indexes, only=ev["wrong_pages"])
            for one in more:
                try_rules(one, queue[:-1], costs[queue] + 2.5, site=None, after=queue[-1:])
    # Agreement first, then the induction's own preference (nearest stable hook, fewest
    # positions), never the mere length of the rule.
    ranked = sorted(
        scored.items(),
        key=lambda kv: (-round(kv[1][0]["score"], 3), kv[1][0]["wrong"], costs.get(kv[0], 99.0)),
    )
    # A positional rule breaks with the next wrapper or banner, and a rule that fills pages
    # where the field was absent is refused: among the best rules, such ones are given an
    # anchored form (an id, a class, two of them) that takes the same nodes on every learned
    # page and none where the field had no value; it goes first among equals.
    # Rules ranked after one that would be accepted as it is are left alone.
    empty = [u for u, v in samples.items() if not v]
    memos: dict[tuple[Any, ...], dict[Any, list[str]]] = {}
    # Every positional rule of a queue gets them, not only its last one (a queue's first rule
    # ``…/td[2]/div[3]/ul/li/a`` beside a class every such block carries).
    for i, (queue, (ev, _fam)) in enumerate(ranked[:_ANCHOR_TRIES]):
        if ev.get("kind"):
            continue
        spots = [k for k, x in enumerate(queue) if is_positional(x)]
        if not spots:
            if ev["score"] < ACCEPT or ev["agree"] < MIN_AGREE:
                continue
            if not (ev["filled"] or fills(queue)):
                break
            spots = [len(queue) - 1]
        elif i and ev["score"] < ACCEPT:
            continue
        # A form of a rule that is right as it stands must also give what it gives on the
        # site's other pages: one that parts from it there is another rule (every menu of a
        # page where the positional rule took the first), not its anchored spelling.
        respell = acceptable(ev) and not fills(queue) and absent is not None
        for k in spots:
            head, after = queue[:k], queue[k + 1 :]

            def fills_none(
                form: str,
                head: tuple[str, ...] = head,
                after: tuple[str, ...] = after,
                source: tuple[str, ...] = queue,
                respell: bool = respell,
            ) -> bool:
                new = (*head, form, *after)
                if fills(new):
                    return False
                return (
                    not respell
                    or absent is None
                    or absent.same_elsewhere(fld, template, source, new, all_samples)
                )

            # (forms kept for one source are checked against that source elsewhere)
            memo = memos.setdefault((head, after, queue if respell else ()), {})
            for form in _anchored_forms(queue[k], trees, list(samples), empty, fills_none, memo):
                anchored_queue = (*head, form, *after)
                if anchored_queue in scored:
                    continue
                got = _agreement(trees, samples, replace(fld, xpaths=anchored_queue), template)
                if got["score"] >= ev["score"] and got["wrong"] <= ev["wrong"]:
                    why = _kind_change(trees, samples, fld, form, widened)
                    if why:
                        continue
                    scored[anchored_queue] = (got, "anchored")
                    costs[anchored_queue] = costs.get(queue, 0.0) - 0.01
    # A rule that walks a recursive structure step by step (``ul/li/ul/li/a`` in an
    # inheritance tree) is right only where the value sits at that depth, and the learned
    # pages may all share one: its forms without the depth (every such node below the run's
    # first step, or the deepest or outermost one) are scored too, and go first among equals.
    for queue, (ev, _fam) in ranked[:_ANCHOR_TRIES]:
        if ev["score"] < ACCEPT or ev.get("kind"):
            continue
        for k, rule in enumerate(queue):
            for form in _depth_free_forms(rule, fld.is_list):
                free_queue = (*queue[:k], form, *queue[k + 1 :])
                if free_queue in scored:
                    continue
                got = _agreement(trees, samples, replace(fld, xpaths=free_queue), template)
                if got["score"] >= ev["score"] and got["wrong"] <= ev["wrong"]:
                    if _kind_change(trees, samples, fld, form, widened):
                        continue
                    scored[free_queue] = (got, "depth-free")
                    costs[free_queue] = costs.get(queue, 0.0) + 0.01

    # A list whose old rules took every level of a nested list (``//nav[…]//a``: a contents
    # list with its sub-entries) is given rules that take every level too: a candidate that
    # walks from the list down to its entries step by step (``…/nav[1]/ul/li/p/a``) takes the
    # top level alone, right only on pages whose contents have no sub-entries. Its form from
    # the list down (``…/nav[1]/ul//a``) is scored, and among equals goes first.
    all_levels = fld.is_list and bool(fld.xpaths) and all(takes_all_levels(x) for x in fld.xpaths)
    if all_levels:
        for queue, (ev, _fam) in ranked[:_ANCHOR_TRIES]:
            if ev.get("kind") or ev["score"] <= 0:
                continue
            for form in _all_levels_forms(queue[-1]):
                every = (*queue[:-1], form)
                if every in scored:
                    continue
                got = _agreement(trees, samples, replace(fld, xpaths=every), template)
                if got["score"] >= ACCEPT:
                    why = _kind_change(trees, samples, fld, form, widened)
                    if why:
                        got = {**got, "score": min(got["score"], KIND_SCORE), "kind": why}
                scored[every] = (got, "all-levels")
                costs[every] = costs.get(queue, 0.0) - 0.01

    # Among equals, a rule without positions goes before a positional one, one that does not
    # pin a depth in a recursive structure before one that does, and (for a list whose old
    # rules took every level) one that takes every level before one that does not.
    def ranking(kv: tuple[tuple[str, ...], tuple[dict[str, Any], str]]) -> tuple[Any, ...]:
        return (
            -round(kv[1][0]["score"], 3),
            kv[1][0]["wrong"],
            any(map(pins_depth, kv[0])),
            all_levels and not takes_all_levels(kv[0][-1]),
            is_positional(kv[0][-1]),
            # then the fewest steps found by position alone over the whole queue (a class
            # anchor before a ``div[3]``, as the induction ranks them)
            sum(map(bare_positions, kv[0])),
            costs.get(kv[0], 99.0),
        )

    ranked = sorted(
        scored.items(),
        key=ranking,
    )
    # Candidates scored down for taking the first of several nodes: (queue, score before, pages).
    demoted: list[tuple[tuple[str, ...], float, dict[str, Any]]] = []
    looked: set[tuple[str, ...]] = set()
    while one_node:
        # A field whose old rule selected one node on every learned page: a candidate that
        # selects several with different values there gives the first of them, right on those
        # pages by their order alone. It gets forms anchored on its first node alone (the
        # narrowed rule, first among equals), and is scored down below the threshold. Until
        # every acceptable candidate among the first ones was looked at: one scored down lets
        # another in.
        todo = [
            (queue, v)
            for queue, v in ranked[:_SITE_CHECKS]
            if queue not in looked and acceptable(v[0])
        ]
        if not todo:
            break
        for queue, (ev, fam) in todo:
            looked.add(queue)
            info = several(queue)
            if not info:
                continue
            for k, rule in enumerate(queue):
                if rule not in info["rules"]:
                    continue
                head, after = queue[:k], queue[k + 1 :]

                def fills_nothing(
                    form: str, head: tuple[str, ...] = head, after: tuple[str, ...] = after
                ) -> bool:
                    return not fills((*head, form, *after))

                for form in _anchored_forms(
                    rule, trees, list(samples), empty, fills_nothing, first=True
                ):
                    narrow = (*head, form, *after)
                    if narrow in scored:
                        continue
                    got = _agreement(trees, samples, replace(fld, xpaths=narrow), template)
                    if (
                        got["score"] >= ev["score"]
                        and got["wrong"] <= ev["wrong"]
                        and not several(narrow)
                        and not _kind_change(trees, samples, fld, form, widened)
                    ):
                        narrowed = {"xpaths": list(queue), **_several_summary(info)}
                        scored[narrow] = ({**got, "narrowed": narrowed}, "narrowed")
                        costs[narrow] = costs.get(queue, 0.0) - 0.02
            scored[queue] = (
                {**ev, "score": min(ev["score"], SEVERAL_SCORE), "several": _several_summary(info)},
                fam,
            )
            demoted.append((queue, ev["score"], _several_summary(info)))
        ranked = sorted(scored.items(), key=ranking)
    found_share = _found_share(trees, samples, fld, template, indexes)
    if not ranked:
        # The old values are on the pages but no rule selects their nodes (the induction
        # refused every set of examples): nothing to propose for this field.
        gone = found_share < 0.2
        return FieldRepair(
            fld.id,
            "gone" if gone else "unsure",
            "",
            0.0,
            {
                **now,
                "was": status,
                "reason": "the old values are on too few pages"
                if gone
                else "no rule selects the nodes that hold the old values",
            },
        )
    best_queue, (best, family) = ranked[0]
    best_xp = best_queue[0]
    alts = [
        {
            "xpaths": list(q),
            "family": fam,
            **{k: v for k, v in ev.items() if k not in ("bad_pages", "missing_pages")},
        }
        for q, (ev, fam) in ranked[1:4]
    ]
    if large:
        # The large pages judge the candidates that would be accepted, best first, until one
        # still would with them.
        for queue, (ev, fam) in list(ranked[:_SITE_CHECKS]):
            if not acceptable(ev):
                continue
            got = full_check(queue, ev)
            scored[queue] = (got, fam)
            if acceptable(got) and not fills(queue):
                break
        ranked = sorted(scored.items(), key=ranking)
        best_queue, (best, family) = ranked[0]
        best_xp = best_queue[0]
    site_filled: dict[str, Any] = {}
    site_empty: dict[str, Any] = {}
    site_several: dict[str, Any] = {}
    refused = False
    if absent is not None:
        # Checked over the whole site, not only the learned pages: the first acceptable
        # queue that fills no page where the old template found nothing (a fallback rule
        # taking the first block of the content fills the pages without a summary), and that
        # gives a value on the site's other pages where the field had one about as often as
        # on the learned pages (a rule right on a few learned pages by a position among like
        # tables gives nothing on most of the site).
        for queue, (ev, fam) in ranked[:_SITE_CHECKS]:
            if not acceptable(ev):
                continue
            ev = full_check(queue, ev)
            if not acceptable(ev):
                continue
            pages = fills(queue)
            if not pages:
                empty, read = absent.empty_on(replace(fld, xpaths=queue), template, all_samples)
                had = ev["agree"] + ev["wrong"] + ev["missing"]
                allowed = (ev["missing"] / had if had else 0.0) + _COVER_MISS
                if read and len(empty) > max(1, allowed * read):
                    site_empty = site_empty or {
                        "xpaths": list(queue),
                        "site_empty": len(empty),
                        "site_read": read,
                        "site_empty_pages": empty[:10],
                    }
                    continue
                many, of = (
                    absent.several_on(replace(fld, xpaths=queue), template, all_samples)
                    if one_node
                    else ({}, 0)
                )
                if many:
                    # One node on every learned page, several with different values on the
                    # site's other pages where the field had a value: the first of them there
                    # by their order alone.
                    site_several = site_several or {
                        "xpaths": list(queue),
                        "count": len(many),
                        "of": of,
                        "pages": list(many)[:10],
                        "nodes": dict(list(many.items())[:10]),
                    }
                    continue
                if queue != best_queue:
                    best_queue, best, family = queue, ev, fam
                    best_xp = queue[0]
                break
            site_filled = site_filled or {
                "xpaths": list(queue),
                "site_filled": len(pages),
                "site_absent": len(absent.urls(fld, all_samples)),
                "site_filled_pages": pages[:10],
            }
        else:
            if site_filled or site_empty or site_several:
                refused = True
    if site_filled:
        best = {**best, "site_check": site_filled}
    if site_empty:
        best = {**best, "site_cover": site_empty}
    if site_several:
        best = {**best, "site_several": site_several}
    if (
        refused
        and site_several
        and site_several["xpaths"] == list(ranked[0][0])
        and not (site_empty or site_filled)
    ):
        best = {
            **best,
            "score": min(best["score"], SEVERAL_SCORE),
            "several": {k: v for k, v in site_several.items() if k != "xpaths"},
            "reason": f"the best rule selects {_several_text_site(site_several)}; it takes the "
            "first of them there, and no rule that selects the one node passes",
        }
    elif refused and site_empty and (not site_filled or site_empty["xpaths"] == list(ranked[0][0])):
        best = {
            **best,
            "reason": f"the best rule gives nothing on {site_empty['site_empty']} of "
            f"{site_empty['site_read']} other pages of the site where the field had a value",
        }
    elif refused:
        best = {
            **best,
            "reason": f"the best rule fills {site_filled['site_filled']} of "
            f"{site_filled['site_absent']} pages where the field was absent",
        }
    best = full_check(best_queue, best) if acceptable(best) else best
    rival = None
    if not refused and acceptable(best) and absent is not None:
        # Rules that agree with the old values exactly as well (each label of a panel of
        # look-alike links, one of them the field's) must give the same values on other pages
        # too, or the evidence does not single the best one out.
        # The old rule's 'not this' exclusions are evidence too: a rule that keeps them is
        # singled out from the same rule without them (it leaves out what a person left out).
        kept_out = set(keep_out)

        def drops_exclusions(q: tuple[str, ...]) -> bool:
            return bool(kept_out) and (
                kept_out <= set(_last_step(best_queue[-1])[1])
                and not kept_out <= set(_last_step(q[-1])[1])
            )

        level = [
            q
            for q, (ev, _fam) in ranked
            if q != best_queue
            and acceptable(ev)
            and round(ev["score"], 3) == round(best["score"], 3)
            and ev["wrong"] == best["wrong"]
            and ev["missing"] == best["missing"]
            and not drops_exclusions(q)
        ][:_RIVALS]
        if level:
            rival = absent.rival(
                fld,
                template,
                best_queue,
                level,
                lambda q: acceptable(full_check(q, scored[q][0])) and not fills(q),
                skip=all_samples,
            )

    def unsure(reason: str, **more: Any) -> FieldRepair:
        """The best proposal, not to be accepted without a look: ``reason`` says why."""
        evidence = {**best, "was": status, "family": family, **more, "reason": reason}
        return FieldRepair(
            fld.id, "unsure", best_xp, best["score"], evidence, alts, list(best_queue)
        )

    if rival:
        return unsure(
            f"another rule agrees as well with the old values ({rival['xpaths'][-1]}) "
            f"but gives other values on {rival['differ']} of {rival['of']} other pages",
            rival=rival,
        )
    if (
        not refused
        and acceptable(best)
        and any(
            pins_depth(x)
            and _depths_seen(trees, all_samples, x) < 2
            and not depth_as_old(fld.xpaths, x)
            for x in best_queue
        )
    ):
        # Agreement alone does not hold for a rule pinned to one depth of a recursive
        # structure when every learned value sat at that depth: pages whose value sits
        # deeper or higher get another node or none.
        return unsure(
            "the best rule takes its nodes at one depth of a nested structure, and every "
            "learned value sat at that depth: pages of another depth are not covered"
        )
    if not refused and acceptable(best):
        if best.get("new_values"):
            best = {
                **best,
                "reason": "a value now on "
                + ", ".join(f"{u} ({v[:40]!r})" for u, v in list(best["new_values"].items())[:3])
                + " where the field was empty, of its own kind: look at it",
            }
        elif best.get("narrowed") and not best.get("reason"):
            cut = best["narrowed"]
            best = {
                **best,
                "reason": f"narrowed to the one node: {' then '.join(cut['xpaths'])} selects "
                f"{_several_text(cut)}",
            }
        elif (passed := next((d for d in demoted if d[1] >= best["score"]), None)) and not best.get(
            "reason"
        ):
            # A rule that agreed as well was passed over: it takes the first of several nodes.
            best = {
                **best,
                "several_passed": {"xpaths": list(passed[0]), **passed[2]},
                "reason": f"{' then '.join(passed[0])}, which agrees as well, was passed over: "
                f"it selects {_several_text(passed[2])}",
            }
        elif best.get("self_links") and not best.get("reason"):
            n = best["self_links"]
            best = {
                **best,
                "reason": f"links to the page itself passed over on {n} learned "
                f"{'page' if n == 1 else 'pages'} (no old value is one)",
            }
        # A rule that fills a page where the field was legitimately absent is never accepted.
        return FieldRepair(
            fld.id,
            "repaired",
            best_xp,
            best["score"],
            {**best, "was": status, "family": family},
            alts,
            list(best_queue),
        )
    if not best.get("kind") and best["agree"]:
        # Scored below the threshold, its nodes' kind was not looked at yet: section headings
        # that repeat a removed contents' entries agree on the pages whose entries they are.
        why = queue_kind(best_queue)
        if why:
            best = {**best, "kind": why}
    # A rule whose nodes are of another kind gives the old texts from other nodes (section
    # headings repeating the entries of a removed summary): no evidence that the field is there.
    agree = 0 if best.get("kind") else best["agree"]
    twins = _twins(fld, template) if agree > 0.2 * max(1, with_value) else []
    if twins and found_share < 0.2:
        # A link's text and its target were read from one node: the target found in links of
        # other texts (a cross-reference in the text to the next page) is not the removed
        # 'next' link. Only the pages where the node holds the twin's old value too count
        # toward the field still being there; a rule that agrees well is judged as before.
        agree = _twin_agreement(trees, samples, fld, template, best_queue, twins, indexes)
        if agree <= 0.2 * max(1, with_value):
            return FieldRepair(
                fld.id,
                "gone",
                "",
                best["score"],
                {
                    **now,
                    "was": status,
                    "reason": "the old values are only in nodes that do not give the old "
                    + " or ".join(f"'{g.id}'" for g in twins)
                    + " too, as the old nodes did (the best rule: "
                    + " then ".join(best_queue)
                    + ")",
                },
                alts,
            )
    if agree <= 0.2 * max(1, with_value) and found_share < 0.2:
        reason = "the old values are on too few pages"
        if best.get("kind"):
            reason = f"the old texts are only in other nodes (the best rule: {best['kind']})"
        return FieldRepair(
            fld.id, "gone", "", best["score"], {**now, "was": status, "reason": reason}, alts
        )
    present = _found_share(trees, samples, fld, template, indexes, every_item=True)
    if best["score"] <= GONE_SCORE and agree < MIN_AGREE and present < FOUND_PRESENT:
        # The old texts are still on the pages (a table of contents' entries repeated as the
        # section headings), but no rule gives the old values back anywhere: the field is gone.
        # Where they still sit in nodes of the old kind on most learned pages (links as
        # before), the field is likely there and only no rule was found: unsure, not gone.
        return FieldRepair(
            fld.id,
            "gone",
            "",
            best["score"],
            {
                **now,
                "was": status,
                "reason": f"no rule gives the old values back (the best scores {best['score']:.2f})",
            },
            alts,
        )
    if best.get("constant"):
        best = {
            **best,
            "reason": "the best rule gives one same value on every page while the field's values vary",
        }
    elif best.get("several") and not best.get("reason"):
        # It gives the learned values, but takes the first of several nodes that give other
        # values: right on those pages by their order alone, and no narrower rule agrees.
        best = {
            **best,
            "reason": f"the best rule selects {_several_text(best['several'])}; it takes the "
            "first of them, and no rule that selects the one node agrees as well",
        }
    elif best["wrong"] and best["score"] >= ACCEPT and not best.get("reason"):
        # Precision first: it agrees well elsewhere, but gives another value than the
        # learned one on these pages, and no rule without such a page scores as well.
        wrong_pages = best.get("wrong_pages") or []
        best = {
            **best,
            "reason": f"the best rule gives other values than the learned ones on "
            f"{best['wrong']} learned {'page' if best['wrong'] == 1 else 'pages'}: "
            + ", ".join(wrong_pages[:3]),
        }
    elif best["score"] <= GONE_SCORE:
        best = {
            **best,
            "reason": f"the old values are still in nodes like the old ones on {present:.0%} "
            "of the learned pages, but no rule gives them back",
        }
    return FieldRepair(
        fld.id,
        "unsure",
        best_xp,
        best["score"],
        {**best, "was": status, "family": family},
        alts,
        list(best_queue),
    )


def _extra_items(
    trees: dict[str, Any],
    samples: dict[str, Any],
    fld: Field,
    template: Template,
    scored: dict[tuple[str, ...], tuple[dict[str, Any], str]],
    pages: int = 4,
) -> list[Example]:
    """The nodes a list candidate takes beyond the old items, on learned pages where it gives
    every old item and some more (compared through the field's own output): the candidate
    with the most such pages, at least MIN_AGREE of them; [] when there is none."""
    best: list[Example] = []
    best_pages = 0
    for queue, (ev, _fam) in sorted(scored.items(), key=lambda kv: -kv[1][0]["wrong"])[:6]:
        if len(queue) != 1 or not ev["wrong"] or "%d" in queue[0]:
            continue
        probe = replace(fld, xpaths=queue)
        extra: list[Example] = []
        hits = 0
        for url in ev["bad_pages"]:
            want, tree = samples.get(url), trees.get(url)
            if not want or tree is None:
                continue
            try:
                got, _rep = extract_field(tree, probe, template)
                nodes = select_elements(tree, queue[0])
            except RuleError:
                continue
            values = _norm_value(got, True)
            if len(values) != len(nodes) or len(values) <= len(want):
                continue
            left = Counter(want)
            more = []
            for value, node in zip(values, nodes, strict=True):
                if left[value] > 0:
                    left[value] -= 1
                else:
                    more.append(node)
            if +left or not more:
                continue  # an old item is missing: not the old list with extras
            hits += 1
            if hits <= pages:
                extra.extend(Example(url, tree, n) for n in more)
        if hits >= MIN_AGREE and hits > best_pages:
            best, best_pages = extra, hits
    # Each 'not this' example is checked over the site's sample for every exclusion variant:
    # one per text ('More...' after every item is one kind of item), and a few at most (a
    # wider list, whose extra items are as many as the old ones, is no list with exclusions).
    seen: set[str] = set()
    kept = []
    for ex in best:
        text = normalize_text(ex.node.text_content())
        if text not in seen:
            seen.add(text)
            kept.append(ex)
    return kept[:_MAX_NEGATIVES]


def _has_structured(html: str) -> bool:
    head = html[:200_000].lower()
    return "ld+json" in head or "itemprop" in head or "property=" in head


def _text_key(tree: Any) -> str:
    """What tells a copy of a page: its visible text, whitespace runs as one space."""
    try:
        text = tree.text_content() if isinstance(tree, HtmlElement) else ""
    except ValueError:
        return ""
    return " ".join(text.split())


def _copies(trees: dict[str, Any]) -> dict[str, str]:
    """Each page that is a copy of an earlier one (the same text under another address: a site
    copied into several folders), mapped to that page."""
    first: dict[int, list[tuple[str, str]]] = {}
    out: dict[str, str] = {}
    for url, tree in trees.items():
        text = _text_key(tree)
        if not text:
            continue
        seen = first.setdefault(hash(text), [])
        orig = next((u for u, t in seen if t == text), None)
        if orig is None:
            seen.append((url, text))
        else:
            out[url] = orig
    return out


def repair_site(
    pages: Iterable[Page],
    template: Template,
    *,
    index: SiteIndex | None = None,
    parsed: dict[str, Any] | None = None,
) -> tuple[list[FieldRepair], dict[str, Any]]:
    """Repair every field of a template over a site: only the learned pages are parsed for the
    evidence (plus a sample for the site-wide check), so time grows with the site only through
    reading it once. ``parsed``: filled with the pages parsed, by URL (unchanged trees, for a
    caller that reads the site again)."""
    t0 = time.perf_counter()
    learned: set[str] = set()
    for fld in template.fields:
        learned.update((fld.search.fingerprint.get("samples") or {}).keys())
    # Fields anchored on structured data can be checked on pages never learned (a site whose
    # URLs changed with the redesign): a few pages that carry structured data are read too.
    anchored = any(f.search.fingerprint.get("structured") for f in template.fields)
    extra = 0
    trees: dict[str, Any] = {}
    sizes: dict[str, int] = {}
    n = 0
    absent_urls: set[str] = set()
    for fld in template.fields:
        absent_urls.update(fld.search.fingerprint.get("absent") or ())
    absent_pages: dict[str, Page] = {}
    others: list[Page] = []
    rival_pages: dict[str, Page] = {}
    learned_html: dict[str, str] = {}
    for page in pages:
        n += 1
        if page.error or not page.html:
            continue
        if page.url in absent_urls:
            absent_pages[page.url] = page
        if page.url not in learned:
            others.append(page)
        take = page.url in learned
        if take:
            learned_html[page.url] = page.html
        if (
            not take
            and len(rival_pages) < _OTHER_PAGES
            and zlib.crc32(page.url.encode()) % _OTHER_EVERY == 0
        ):
            rival_pages[page.url] = page
        if not take and anchored and extra < SAMPLE_PAGES and _has_structured(page.html):
            take = True
            extra += 1
        if take:
            try:
                trees[page.url] = page_tree(page)
                sizes[page.url] = len(page.html)
            except DeboilerError as exc:
                log.warning("repair: page %s unreadable: %s", page.url, exc)
    # The learned pages' median size: pages far larger (a manual on one page) are left out of
    # the site index, where every candidate of every field is run, and of the other pages read.
    usual = sorted(sizes.values())[len(sizes) // 2] if sizes else 0
    if index is None:
        # A few learned pages tell volatile attributes and rank candidates; the agreement over
        # every learned page decides.
        some = [u for u in trees if sizes[u] <= _LARGE_PAGE * max(usual, 1)][:_INDEX_PAGES]
        index = SiteIndex(some, [trees[u] for u in some])
    absent = AbsentPages(
        absent_pages,
        others,
        _copies(trees),
        {u: p for u, p in rival_pages.items() if len(p.html) <= _LARGE_PAGE * max(usual, 1)},
        usual,
        learned_html,
    )
    indexes: dict[str, _TextIndex] = {}
    values_cache: dict[str, dict[str, str]] = {}
    # Candidates are checked on the learned pages (their agreement decides); the sample of
    # other pages only serves the volatility of attributes.
    # The pages do not change while the fields are repaired: what the list induction works out
    # about their nodes is worked out once (``induce.remembered``).
    with remembered():
        out = [
            _repair_one(trees, fld, template, index, indexes, values_cache, absent)
            for fld in template.fields
        ]
    if parsed is not None:
        parsed.update(trees)
        parsed.update((u, t) for u, t in absent._trees.items() if t is not None)
        parsed.update((u, t) for u, t in absent._other_trees.items() if t is not None)
        parsed.update(absent._rival_trees or {})
    return out, {
        "pages": n,
        "parsed": len(trees),
        "absent_checked": sum(1 for t in absent._trees.values() if t is not None),
        "seconds": round(time.perf_counter() - t0, 3),
    }


def _repair_one(
    trees: dict[str, Any],
    fld: Field,
    template: Template,
    index: SiteIndex,
    indexes: dict[str, _TextIndex],
    values_cache: dict[str, dict[str, str]],
    absent: AbsentPages,
) -> FieldRepair:
    """``repair_field``, a failure answered as such: the other fields are still checked. A
    field recorded gone is checked with its old rules (``_repair_recorded_gone``)."""
    try:
        gone = recorded_gone(fld)
        if gone is not None:
            old = replace(fld, xpaths=tuple(str(x) for x in gone.get("xpaths") or ()))
            found = repair_field(trees, old, template, index, indexes, values_cache, absent)
            return _repair_recorded_gone(found, gone)
        return repair_field(trees, fld, template, index, indexes, values_cache, absent)
    except Exception as exc:  # noqa: BLE001 - one field's failure leaves the others
        # A field that cannot be repaired is answered as such; the others are still checked
        # and repaired.
        log.warning("repair of %s failed: %s", fld.id, exc or type(exc).__name__)
        log.debug("repair of %s failed", fld.id, exc_info=True)
        return FieldRepair(
            fld.id,
            "unsure",
            evidence={"error": str(exc) or type(exc).__name__, "reason": "repair failed"},
        )


def accept_field_repairs(template: Template, repairs: Iterable[FieldRepair]) -> Template:
    """The template with each accepted repair ('repaired') as its field's rule; the old queue is
    dropped since it broke or drifted (a stale rule kept as a fallback would fill pages with a
    wrong node); the samples stay."""
    new = template
    for rep in repairs:
        if rep.status != "repaired" or not rep.xpath:
            continue
        fld = _without_gone(new.field(rep.field))
        new = new.with_field(replace(fld, xpaths=tuple(rep.xpaths or [rep.xpath])))
    return new


# --------------------------------------------------------------------------- gone fields

#: Pages named, with their values, where a field answered 'gone' still matches.
_STILL_SHOWN = 10


def _without_gone(fld: Field) -> Field:
    """``fld`` without a 'gone' record (a rule is set for it again)."""
    if "gone" not in fld.search.fingerprint:
        return fld
    fp = {k: v for k, v in fld.search.fingerprint.items() if k != "gone"}
    return replace(fld, search=replace(fld.search, fingerprint=fp))


def _repair_recorded_gone(found: FieldRepair, gone: dict[str, Any]) -> FieldRepair:
    """The finding for a field recorded gone, checked with its old rules: 'gone' again (it
    stays so: nothing to accept), or its values back: the old rules giving them again are
    proposed as its rule ('repaired'), as is a repaired rule."""
    found.evidence["recorded_gone"] = True
    if found.status == "ok" and gone.get("xpaths"):
        xpaths = [str(x) for x in gone["xpaths"]]
        return FieldRepair(
            found.field,
            "repaired",
            xpaths[0],
            found.score,
            {
                **found.evidence,
                "was": "gone",
                "reason": "recorded gone, its values are back: its old rule gives them again",
            },
            found.alternatives,
            xpaths,
        )
    if found.status == "gone":
        found.evidence["reason"] = (
            f"{found.evidence.get('reason', '')}; recorded gone already (no rule)"
        ).lstrip("; ")
    elif found.status in ("repaired", "unsure"):
        found.evidence["was"] = "gone"
    return found


def still_matching_steps(
    pages: Sequence[Page], template: Template, repairs: Sequence[FieldRepair]
) -> Generator[Progress, None, None]:
    """For each field answered 'gone' (its learned values are gone from the learned pages)
    whose rules still give values on pages of the site: those pages and values, in its
    finding's ``evidence["still_matches"]`` (the rule lands on other nodes there: a list
    beside the removed menu), with, per page learned with a value, whether the value is the
    one learned there or one of another shape (``valueshape``). Every page is read once."""
    gone = {
        r.field: r for r in repairs if r.status == "gone" and not r.evidence.get("recorded_gone")
    }
    fields = [f for f in template.fields if f.id in gone and f.xpaths]
    if not fields:
        return
    found: dict[str, dict[str, Any]] = {
        f.id: {
            "count": 0,
            "of": 0,
            "pages": [],
            "values": {},
            "learned_value": 0,
            "other_kind": 0,
            "why": {},
        }
        for f in fields
    }
    # Pages shown: those whose value changed kind since learning first.
    shown: dict[str, tuple[dict[str, str], dict[str, str]]] = {f.id: ({}, {}) for f in fields}
    records = {f.id: learned_records(f) for f in fields}
    readable = [p for p in pages if not p.error and p.html]
    for n, page in enumerate(readable, 1):
        yield Progress(n, len(readable), page.url, phase="gone fields")
        try:
            tree = page_tree(page)
        except DeboilerError:
            continue
        for fld in fields:
            got = found[fld.id]
            got["of"] += 1
            try:
                value, rep = extract_field(tree, fld, template, url=page.url)
            except RuleError:
                continue
            if not value:
                continue
            got["count"] += 1
            learned = records[fld.id].get(page.url)
            why = ""
            if learned is not None and value_print(value, fld.is_list) == learned[0]:
                got["learned_value"] += 1
            elif learned is not None:
                why = shape_words(learned[1], value_shape(tree, rep))
            if why:
                got["other_kind"] += 1
                if len(got["why"]) < _STILL_SHOWN:
                    got["why"][page.url] = why
            first, rest = shown[fld.id]
            put = first if why else rest
            if len(put) < _STILL_SHOWN:
                put[page.url] = preview(value)
    for fid, got in found.items():
        if got["count"]:
            first, rest = shown[fid]
            got["values"] = dict(list({**first, **rest}.items())[:_STILL_SHOWN])
            got["pages"] = list(got["values"])
            gone[fid].evidence["still_matches"] = got


def gone_to_record(template: Template, repairs: Iterable[FieldRepair]) -> list[str]:
    """The fields answered 'gone' that accepting records gone: each that still has rules, not
    recorded gone already: those whose rules still give values on pages of the site
    (``still_matches``: other nodes than the field's), and those whose rules give nothing
    anywhere (without the record, ``evaluate`` and ``monitor`` would go on alerting on a field
    the site no longer has; a later repair still checks its old rules, kept in the record)."""
    have = {f.id: f for f in template.fields}
    return [
        r.field
        for r in repairs
        if r.status == "gone"
        and r.field in have
        and have[r.field].xpaths
        and recorded_gone(have[r.field]) is None
    ]


def record_gone(template: Template, repairs: Iterable[FieldRepair]) -> Template:
    """The template with each field answered 'gone' recorded so: no rule (extraction gives
    nothing there, whatever its old rule would still match), its old queue, why, and the pages
    where the old rule still matched, kept in its search rules' ``gone``; its learned values
    stay, so a later repair finds it again when it comes back (and the version before keeps
    its rule: ``templates revert``)."""
    found = list(repairs)
    names = set(gone_to_record(template, found))
    new = template
    for r in found:
        if r.field not in names:
            continue
        fld = new.field(r.field)
        still = r.evidence.get("still_matches") or {}
        record = {
            "xpaths": list(fld.xpaths),
            "reason": str(r.evidence.get("reason") or ""),
            "still_pages": int(still.get("count") or 0),
            "still_examples": list(still.get("pages") or [])[:_STILL_SHOWN],
        }
        fp = {**fld.search.fingerprint, "gone": record}
        new = new.with_field(replace(fld, xpaths=(), search=replace(fld.search, fingerprint=fp)))
    return new


def keep_gone_records(before: Template, learned: Template) -> Template:
    """``learned`` (a template learned again) with the search rules each field recorded gone
    had in ``before``: it has no rule to learn from, and its learned values are what finds it
    again."""
    new = learned
    for fld in before.fields:
        if recorded_gone(fld) is None:
            continue
        try:
            now = new.field(fld.id)
        except RuleError:
            continue
        new = new.with_field(replace(now, xpaths=fld.xpaths, search=fld.search))
    return new


def is_learned(template: Template) -> bool:
    """Whether ``templates learn`` ran on the template (learned values or search rules): repair
    has nothing to search with otherwise."""
    return any(f.search.fingerprint.get("samples") or not f.search.empty for f in template.fields)


@dataclass
class TemplateRepair:
    """What repair found for a whole template: per-field checks against the learned values
    (``fields``, empty for templates learned before values were kept), search-rule proposals
    (``proposals``) and, per field without an acceptable proposal, its best candidate below the
    acceptance threshold (``weak``: shown for a person to judge, never accepted)."""

    template: str
    learned_values: bool
    fields: list[FieldRepair] = dc_field(default_factory=list)
    proposals: list[RepairProposal] = dc_field(default_factory=list)
    weak: list[RepairProposal] = dc_field(default_factory=list)
    stats: dict[str, Any] = dc_field(default_factory=dict)

    def best_proposals(self) -> list[RepairProposal]:
        """One proposal per field: the best-scoring one; with learned values only when it
        scores at least the acceptance threshold (``repair.ACCEPT_SCORE``). A template learned
        before values were kept has no other evidence: its search threshold is the bar."""
        return best_repairs(self.proposals, min_score=ACCEPT_SCORE if self.learned_values else 0.0)

    def stale(self) -> list[FieldRepair]:
        """Fields answered 'unsure' whose rule drifted: accepting keeps their rule, whose values
        are likely wrong (``evidence["current"]``)."""
        return [r for r in self.fields if r.status == "unsure" and r.evidence.get("current")]

    def below_floor(self, unsure: Iterable[str], force: Iterable[str] = ()) -> list[FieldRepair]:
        """The fields of ``unsure`` answered 'unsure' whose proposal scores below
        ``UNSURE_FLOOR`` (or that have none) and that ``force`` does not name: taking them on
        a person's word alone would put a rule the evidence speaks against into the template."""
        names, forced = set(unsure), set(force)
        return [
            r
            for r in self.fields
            if r.status == "unsure"
            and r.field in names
            and r.field not in forced
            and (not r.xpath or r.score < UNSURE_FLOOR)
        ]

    def _taken(self, unsure: Iterable[str], force: Iterable[str] = ()) -> list[FieldRepair]:
        """The field repairs to accept: each 'repaired' one, the 'unsure' ones named in
        ``unsure`` that have a proposed rule scoring at least ``UNSURE_FLOOR`` (a person judged
        it), and those named in ``force`` whatever their score."""
        names, forced = set(unsure), set(force)
        low = {r.field for r in self.below_floor(names, forced)}
        return [
            replace(r, status="repaired")
            if r.status == "unsure"
            and (r.field in names or r.field in forced)
            and r.field not in low
            and r.xpath
            else r
            for r in self.fields
        ]

    def gone_fields(self) -> list[str]:
        """The fields answered 'gone' that accepting records gone (``record_gone``): those
        that still have rules; set by :func:`repair_template_steps` from the template."""
        mine = {r.field for r in self.fields if r.status == "gone"}
        return [f for f in self.stats.get("gone_fields") or [] if f in mine]

    def fixed_fields(self, unsure: Iterable[str] = (), force: Iterable[str] = ()) -> list[str]:
        """The fields accepting would change (with ``unsure``/``force``: those 'unsure' fields
        too, as :meth:`accepted` takes them), the fields it records gone among them."""
        return sorted(
            {r.field for r in self._taken(unsure, force) if r.status == "repaired"}
            | {p.field for p in self.best_proposals()}
            | set(self.gone_fields())
        )

    def accepted(
        self, template: Template, unsure: Iterable[str] = (), force: Iterable[str] = ()
    ) -> Template:
        """The template with the repairs accepted: each repaired field's new rule as its whole
        queue (also each field of ``unsure`` answered 'unsure' with a proposal scoring at least
        ``UNSURE_FLOOR``, and each of ``force`` with any proposal), and the best proposal of
        each other field (at or above the threshold) placed by ``repair.accept_repairs``: a
        rule that broke never stays first."""
        accepted = accept_proposals(
            accept_field_repairs(template, self._taken(unsure, force)), self.best_proposals()
        )
        gone = set(self.gone_fields())
        return record_gone(accepted, [r for r in self.fields if r.field in gone])


def _weak(proposals: Sequence[RepairProposal]) -> list[RepairProposal]:
    """Per field that has no proposal at the threshold, its best-scoring candidate."""
    strong = {p.field for p in best_repairs(proposals)}
    return best_repairs((p for p in proposals if p.field not in strong), min_score=0.0, unsure=True)


def repair_template_steps(
    pages: Sequence[Page], template: Template, model: DomainModel | None = None
) -> Generator[Progress, None, TemplateRepair]:
    """Repair a template over a site's pages, the one path ``templates repair`` and ``monitor``
    share. A template with learned values: every field is checked against them (structured-data
    anchors included); fields that hold on the learned pages and were never absent there also
    get search-rule proposals for the pages where they fail: per field the best-scoring one,
    kept only at or above the acceptance threshold (a weaker best candidate goes to ``weak``).
    A template learned before values were kept: every search-rule proposal above its search
    threshold; accepting takes the best per field."""
    learned = any(f.search.fingerprint.get("samples") for f in template.fields)
    out = TemplateRepair(template.name, learned)
    if not learned:
        out.proposals = yield from repair_steps(pages, template, model)
        return out
    parsed: dict[str, Any] = {}
    out.fields, out.stats = repair_site(pages, template, parsed=parsed)
    # A field answered 'gone' whose rules still give values: on which pages, and what.
    yield from still_matching_steps(pages, template, out.fields)
    gone = gone_to_record(template, out.fields)
    if gone:
        out.stats["gone_fields"] = gone
    fine = {r.field for r in out.fields if r.status == "ok"}
    never_absent = {
        f.id
        for f in template.fields
        if f.search.fingerprint.get("samples") and all(f.search.fingerprint["samples"].values())
    }
    if fine & never_absent:
        # Only those fields are searched, and whether one fails on a page is read from its
        # rules as the check against learned values reads them, without the cleaner.
        found = yield from repair_steps(
            pages, template, model, fields=fine & never_absent, clean_site=False, parsed=parsed
        )
        mine = [p for p in found if p.field in fine & never_absent]
        out.proposals = best_repairs(mine)
        out.weak = _weak(mine)
    return out
