"""Adaptive repair (seed 002): when every XPath of a field fails, score the page's nodes
bottom-up with the field's search rules and a structural fingerprint, propose the best node
above the threshold with its evidence, and append accepted repairs to the XPath queue."""

from __future__ import annotations

import dataclasses
import difflib
import functools
import logging
import math
import re
from collections import Counter
from collections.abc import Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from deboiler_gui.engine.htmltree import (
    INVISIBLE_TAGS,
    HtmlElement,
    iter_elements,
    normalize_text,
    visible_text,
    xpath_of,
)
from deboiler_gui.engine.model import DeboilerError, DomainModel, Page, Progress, RuleError
from deboiler_gui.engine.template.extract import (
    apply_template,
    choose_templates,
    extract_field,
    page_tree,
    removal_set,
)
from deboiler_gui.engine.template.model import Context, Field, SearchRules, Template
from deboiler_gui.engine.template.selectors import (
    SiteIndex,
    _common_ancestor,
    class_predicate,
    is_wordlike,
    list_from_example,
    select_elements,
    suggest,
)

log = logging.getLogger(__name__)

#: A list container whose score is led by its context (a heading at the right distance) must
#: also resemble the stored container at least this much, unless it kept the stored id: on
#: reordered pages a heading alone pointed at other lists. Scalar fields keep the paper's
#: label-then-value rule.
MIN_FINGERPRINT = 0.85
#: Weights of the evaluation function: structure counts more than tag identity (a renamed h2→h3
#: must not sink a node whose neighbourhood is unchanged).
#: The score a search-rule proposal needs to be accepted after a learned repair (the same bar
#: as the value-based repair); proposals between the search threshold and this stay proposals.
ACCEPT_SCORE = 0.8
#: Pages per field on which the full node search runs; its candidate XPaths are then checked
#: on every failing page with one extraction each (the search is the costly part).
MAX_SEARCH_PAGES = 6
#: A proposal whose rule selects several nodes with different values on a page, for a field
#: whose old rule selected one node per page, scores at most this: below ACCEPT_SCORE, so it
#: is never accepted on its own (it gives the first of the nodes, right by their order alone).
SEVERAL_SCORE = 0.7
#: Pages where such a rule selects several nodes on which the search looks for the field's own
#: node, to narrow the rule to it.
NARROW_PAGES = 6
#: Pages read to tell, for a field whose record does not say (a template learned before it was
#: kept), whether its old rule selected one node per page: those where it still gives a value.
ONE_NODE_PAGES = 30
#: ... and how many such pages it takes to tell.
ONE_NODE_MIN = 2
#: The credit of a context found as far up the tree from the node as when learned, whatever
#: the blocks between them (a reordered page): half that of one at its learned distance.
CONTEXT_TREE = 0.5
WEIGHTS = {"keyword": 3.0, "tag": 1.0, "context": 1.5, "font": 1.0, "fingerprint": 3.0}
#: The attribute a rule ends on (``//img[@class='photo']/@src``).
ATTR_TAIL = re.compile(r"/@([A-Za-z_][\w.:-]*)$")


def output_attribute(fld: Field) -> str:
    """The attribute a field gives: its own (kind ``attribute``) or the one every rule of its
    queue ends on (``//img/@src``); "" for a text field."""
    if fld.kind == "attribute":
        return fld.attribute
    tails = {m.group(1) if (m := ATTR_TAIL.search(x)) else "" for x in fld.xpaths}
    return tails.pop() if len(tails) == 1 else ""


_COLOR = re.compile(r"(?:^|;)\s*color\s*:\s*([^;]+)", re.I)
_SIZE = re.compile(r"font-size\s*:\s*([^;]+)", re.I)


# --------------------------------------------------------------------------- page features


def _own_text(el: HtmlElement) -> str:
    parts = [el.text or ""] + [c.tail or "" for c in el]
    return normalize_text(" ".join(parts))


class PageFeatures:
    """Per-page data the scorer needs once: text blocks in document order and tag counts."""

    def __init__(self, root: HtmlElement) -> None:
        self.root = root
        self.blocks: list[HtmlElement] = []
        self.block_index: dict[HtmlElement, int] = {}
        self.tag_counts: Counter[str] = Counter()
        self.text_of: dict[HtmlElement, str] = {}
        self.by_text: dict[str, list[int]] = {}
        self._holders: dict[int, set[HtmlElement]] = {}
        elements = list(iter_elements(root))
        for el in elements:
            self.tag_counts[el.tag] += 1
            if el.tag in INVISIBLE_TAGS:
                continue
            text = _own_text(el)
            if text:
                self.block_index[el] = len(self.blocks)
                self.by_text.setdefault(text, []).append(len(self.blocks))
                self.blocks.append(el)
                self.text_of[el] = text
        # First text block at or inside each element, in one bottom-up pass.
        self.first_block: dict[HtmlElement, int] = {}
        for el in reversed(elements):
            if el in self.block_index:
                self.first_block[el] = self.block_index[el]
                continue
            for child in el:
                if child in self.first_block:
                    self.first_block[el] = self.first_block[child]
                    break

    def block_of(self, el: HtmlElement) -> int | None:
        """Index of the first text block at or inside ``el``."""
        return self.first_block.get(el)

    def find_text(self, content: str) -> list[int]:
        return self.by_text.get(normalize_text(content), [])

    def holders(self, block: int) -> set[HtmlElement]:
        """The text block ``block`` and its ancestors, kept once asked for."""
        got = self._holders.get(block)
        if got is None:
            el = self.blocks[block]
            got = self._holders[block] = {el, *el.iterancestors()}
        return got


def _font(el: HtmlElement) -> tuple[str, str]:
    """Declared font colour and size of a node (inline style or <font>, inherited)."""
    color = size = ""
    for node in [el, *el.iterancestors()]:
        style = node.get("style") or ""
        if not color:
            m = _COLOR.search(style)
            if m:
                color = m.group(1).strip().lower()
            elif node.tag == "font" and node.get("color"):
                color = (node.get("color") or "").lower()
        if not size:
            m = _SIZE.search(style)
            if m:
                size = m.group(1).strip().lower()
            elif node.tag == "font" and node.get("size"):
                size = node.get("size") or ""
        if color and size:
            break
    return color, size


def fingerprint(el: HtmlElement) -> dict[str, Any]:
    """A structural description of a node, compared by similarity rather than equality."""
    parent = el.getparent()
    prev = el.getprevious()
    nxt = el.getnext()
    return {
        "tag": el.tag,
        "classes": sorted(t for t in (el.get("class") or "").split() if is_wordlike(t)),
        "id": el.get("id") or "",
        "attrs": sorted(a for a in el.attrib if a not in ("class", "id", "style")),
        "parent_tag": parent.tag if parent is not None else "",
        "parent_classes": sorted((parent.get("class") or "").split()) if parent is not None else [],
        "prev_tag": prev.tag if prev is not None and isinstance(prev.tag, str) else "",
        "next_tag": nxt.tag if nxt is not None and isinstance(nxt.tag, str) else "",
        "path": [a.tag for a in el.iterancestors()][:6][::-1],
        "children": [c.tag for c in el if isinstance(c.tag, str)][:12],
        "text_len": len(normalize_text(el.text_content())),
    }


def _jaccard(a: Iterable[Any], b: Iterable[Any]) -> float:
    sa, sb = set(a), set(b)
    if not sa and not sb:
        return 1.0
    return len(sa & sb) / len(sa | sb)


def _seq(a: Sequence[Any], b: Sequence[Any]) -> float:
    if not a and not b:
        return 1.0
    return _seq_ratio(tuple(a), tuple(b))


# Every node of a page is scored against one stored fingerprint: the tag paths, children and
# class tokens it is compared with repeat from node to node, and each pair is compared once.
@functools.lru_cache(maxsize=65536)
def _seq_ratio(a: tuple[Any, ...], b: tuple[Any, ...]) -> float:
    return difflib.SequenceMatcher(None, list(a), list(b), autojunk=False).ratio()


@functools.lru_cache(maxsize=65536)
def _text_ratio(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, a, b).ratio()


def _tokens_like(learned: Sequence[str], got: Sequence[str]) -> float:
    """How well the learned class tokens survive: each learned token scores its most similar
    token now (a renamed ``title`` -> ``title-v2`` keeps most of its credit)."""
    if not got:
        return 0.0
    return sum(max(_text_ratio(t, g) for g in got) for t in learned) / len(learned)


def _length_like(a: int, b: int) -> float:
    """1 for equal text lengths, falling with the log ratio (a menu label is not a body)."""
    if a == b:
        return 1.0
    ratio = math.log1p(min(a, b)) / math.log1p(max(a, b)) if max(a, b) else 1.0
    return max(0.0, ratio) ** 2


def fingerprint_similarity(fp: dict[str, Any], el: HtmlElement) -> float:
    """Weighted similarity to a stored fingerprint; features the stored node did not have
    (no class, no id...) are left out instead of counting as a match."""
    got = fingerprint(el)
    parts: list[tuple[float, float]] = [(1.0, 1.0 if got["tag"] == fp.get("tag") else 0.0)]
    if fp.get("classes"):
        parts.append((1.5, _tokens_like(fp["classes"], got["classes"])))
    if fp.get("id"):
        parts.append((1.0, _text_ratio(fp["id"], got["id"]) if got["id"] else 0.0))
    if fp.get("attrs"):
        parts.append((0.5, _jaccard(got["attrs"], fp["attrs"])))
    parts.append((1.0, 1.0 if got["parent_tag"] == fp.get("parent_tag") else 0.0))
    if fp.get("parent_classes"):
        parts.append((0.5, _tokens_like(fp["parent_classes"], got["parent_classes"])))
    if fp.get("prev_tag"):
        parts.append((0.5, 1.0 if got["prev_tag"] == fp["prev_tag"] else 0.0))
    if fp.get("next_tag"):
        parts.append((0.5, 1.0 if got["next_tag"] == fp["next_tag"] else 0.0))
    parts.append((1.5, _seq(got["path"], fp.get("path", []))))
    if fp.get("children"):
        parts.append((1.5, _seq(got["children"], fp["children"])))
    if "text_len" in fp:
        parts.append((1.5, _length_like(int(fp["text_len"]), got["text_len"])))
    return sum(w * s for w, s in parts) / sum(w for w, _ in parts)


# --------------------------------------------------------------------------- learning


def learn_search_rules(
    node: HtmlElement,
    others: Sequence[HtmlElement] = (),
    *,
    keyword: str = "",
    threshold: float = 0.6,
) -> SearchRules:
    """Search rules for the node a field extracts: its tag when rare on the page, nearby fixed
    texts as context, its font and its structural fingerprint.

    ``others`` are the field's nodes on other pages of the site: a context is kept only when
    the same text sits at the same distance from the field on at least half of them (a label,
    not a per-page text nor a text whose distance drifts with the page's length)."""
    root = node.getroottree().getroot()
    feats = PageFeatures(root)
    tag = node.tag if feats.tag_counts[node.tag] <= 2 else ""
    contexts: list[Context] = []
    ups: dict[str, int] = {}
    mine = feats.block_of(node)
    if mine is not None:
        inside = {b for b in node.iter()}
        before = [i for i in range(mine - 1, max(-1, mine - 6), -1)]
        last_inside = mine
        while last_inside + 1 < len(feats.blocks) and feats.blocks[last_inside + 1] in inside:
            last_inside += 1
        after = list(range(last_inside + 1, min(len(feats.blocks), last_inside + 6)))
        for side in (before, after):
            for i in side:
                text = feats.text_of[feats.blocks[i]]
                if not (2 <= len(text) <= 60) or feats.blocks[i] in inside:
                    continue
                if len(feats.find_text(text)) != 1:
                    continue  # an ambiguous anchor points nowhere
                if feats.blocks[i].tag in ("option", "select", "button", "textarea"):
                    continue  # form controls are hidden or move with the form
                if not re.search(r"[^\W\d_]{2}", text):
                    continue  # numbers and marks ("1.", "»") are not labels
                if others and sum(1 for o in others if _same_distance(o, text, mine - i)) < max(
                    1, (len(others) + 1) // 2
                ):
                    continue  # text that changes per page or drifts away is no context
                contexts.append(Context(text, mine - i))
                ups[text] = branching_steps(node, feats.blocks[i])
                break
    color, size = _font(node)
    fp = fingerprint(node)
    if ups:
        fp["context_up"] = ups
    return SearchRules(
        keyword=keyword,
        tag=tag,
        context=tuple(contexts),
        font_color=color,
        font_size=size,
        threshold=threshold,
        fingerprint=fp,
    )


def _branching(el: HtmlElement) -> bool:
    return sum(1 for c in el if isinstance(c.tag, str)) >= 2


def branching_steps(
    node: HtmlElement, other: HtmlElement, other_ancestors: set[HtmlElement] | None = None
) -> int:
    """How far up the tree ``node`` meets ``other``: the ancestors from ``node`` to their
    lowest common one that hold two elements or more. A wrapper of one child (an extra div) is
    no step and the order of siblings does not count, so a label and its field stay as far
    apart when a layout wraps or reorders them. ``other_ancestors``: ``other`` and its
    ancestors, when known."""
    holders = other_ancestors
    if holders is None:
        holders = {other, *other.iterancestors()}
    steps = 0
    el: HtmlElement | None = node
    while el is not None and el not in holders:
        el = el.getparent()
        if el is not None and _branching(el):
            steps += 1
    return steps


_FEATURES: dict[int, tuple[HtmlElement, PageFeatures]] = {}


def _same_distance(node: HtmlElement, text: str, distance: int) -> bool:
    feats = _features_of(node.getroottree().getroot())
    mine = feats.block_of(node)
    return mine is not None and any(
        abs((mine - at) - distance) <= 1 for at in feats.find_text(text)
    )


def _features_of(root: HtmlElement) -> PageFeatures:
    """PageFeatures of a learning page, kept while learning a template (pages are few)."""
    hit = _FEATURES.get(id(root))
    if hit is None or hit[0] is not root:
        if len(_FEATURES) > 64:
            _FEATURES.clear()
        hit = (root, PageFeatures(root))
        _FEATURES[id(root)] = hit
    return hit[1]


def learn_template(template: Template, pages: Sequence[Page], *, sample: int = 5) -> Template:
    """Fill each field's search rules from pages where its queue works (keywords kept)."""
    trees = [page_tree(p) for p in pages[: max(sample, 2)] if not p.error]
    trees = [t for t in trees if isinstance(t, HtmlElement)]
    if not trees:
        return template
    new = template
    for fld in template.fields:
        values: list[str] = []
        found: list[HtmlElement] = []
        item_tag = ""
        direct = True
        for tree in trees:
            value, report = extract_field(tree, fld, template)
            values.append(repr(value))
            nodes = (
                [n for p in report.nodes for n in select_elements(tree, p)]
                if report.status == "ok"
                else []
            )
            if report.status == "ok" and not nodes:
                # A rule ending on an attribute (``//img/@src``) gives strings: its nodes are
                # the elements that carry them.
                nodes = _attribute_owners(tree, report.xpath)
            if fld.is_list and len(nodes) >= 2 and len({n.tag for n in nodes}) == 1:
                # A list (or a record list) is found again through its container: the lowest
                # node holding every item; the items are then its descendants of the item tag
                # (nested lists too), its children when every item was one.
                container = _common_ancestor(nodes)
                found.append(container)
                item_tag = nodes[0].tag
                direct = direct and all(n.getparent() is container for n in nodes)
            elif nodes:
                found.append(nodes[0])
        varies = len(set(values)) > 1
        for i, node in enumerate(found[:1]):
            others = found[:i] + found[i + 1 :]
            rules = learn_search_rules(
                node, others, keyword=fld.search.keyword, threshold=fld.search.threshold
            )
            # Whether the value changes from page to page: a repair that yields one constant
            # value on every page for such a field has found boilerplate, not the field.
            extra: dict[str, Any] = {"varies": varies}
            if fld.search.fingerprint.get("examples"):
                # The pages the rule was induced from stay known (the signals' reference).
                extra["examples"] = fld.search.fingerprint["examples"]
            if item_tag:
                extra["items"] = item_tag
                if direct:
                    extra["items_direct"] = True
            rules = replace(rules, fingerprint={**rules.fingerprint, **extra})
            new = new.with_field(replace(fld, search=rules))
    return new


def _attribute_owners(tree: HtmlElement, xpath: str) -> list[HtmlElement]:
    """The elements whose attribute a rule ending on ``/@src`` took, or []."""
    m = ATTR_TAIL.search(xpath or "")
    if not m or "%d" in xpath:
        return []
    try:
        return select_elements(tree, xpath[: m.start()])
    except RuleError:
        return []


# --------------------------------------------------------------------------- scoring


def score_node(
    el: HtmlElement, rules: SearchRules, feats: PageFeatures, attribute: str = ""
) -> dict[str, float]:
    """Component scores d_key, d_tag, d_cont, d_font and the fingerprint similarity, for the
    rules that are set; ``score`` is their weighted mean over the set rules. For a field that
    gives an ``attribute`` the keyword is compared with that attribute, not the node's text."""
    scores: dict[str, float] = {}
    if rules.keyword:
        text = normalize_text(el.get(attribute) or "" if attribute else el.text_content())
        kw = normalize_text(rules.keyword)
        if text == kw:
            scores["keyword"] = 1.0
        elif kw and kw in text:
            scores["keyword"] = len(kw) / len(text)
        else:
            scores["keyword"] = 0.0
    if rules.tag:
        scores["tag"] = (
            1.0 / feats.tag_counts[el.tag]
            if el.tag == rules.tag and feats.tag_counts[el.tag]
            else 0.0
        )
    if rules.context:
        mine = feats.block_of(el)
        ups = rules.fingerprint.get("context_up") or {}
        total = 0.0
        for ctx in rules.context:
            best = 0.0
            if mine is not None:
                for at in feats.find_text(ctx.content):
                    ndist = mine - at
                    # A context that moved to the other side (reordered blocks) still counts,
                    # at half weight.
                    side = 1.0 if (ndist > 0) == (ctx.distance > 0) else 0.5
                    best = max(best, side / (1 + abs(ndist - ctx.distance)))
                    up = ups.get(ctx.content)
                    if isinstance(up, int) and best < CONTEXT_TREE:
                        # Blocks reordered and wrapped: the label still meets the node as
                        # far up the tree as it did (wrappers of one child not counted), which
                        # counts at half weight.
                        steps = branching_steps(el, feats.blocks[at], feats.holders(at))
                        best = max(best, CONTEXT_TREE / (1 + abs(steps - up)))
            total += best
        scores["context"] = total / len(rules.context)
    if rules.font_color or rules.font_size:
        color, size = _font(el)
        got = []
        if rules.font_color:
            got.append(1.0 if color == rules.font_color.lower() else 0.0)
        if rules.font_size:
            got.append(1.0 if size == rules.font_size.lower() else 0.0)
        scores["font"] = sum(got) / len(got)
    if rules.fingerprint:
        scores["fingerprint"] = fingerprint_similarity(rules.fingerprint, el)
    weight = sum(WEIGHTS[k] for k in scores)
    scores["score"] = sum(WEIGHTS[k] * v for k, v in scores.items()) / weight if weight else 0.0
    return scores


@dataclass
class RepairProposal:
    """A proposed new XPath for a broken field, with the evidence for it."""

    template: str
    field: str
    xpath: str
    score: float
    scores: dict[str, float]
    url: str
    value: str
    node: str  # absolute XPath of the chosen node on the page
    fixes: list[str] = dataclasses.field(
        default_factory=list
    )  # pages where the new XPath gives a value
    #: "broken" (the field found nothing) or "drift" (its rule still matches but gives one
    #: same value on the pages while its values varied): a drift repair goes first in the
    #: queue, since the old rule still matches.
    was: str = "broken"
    #: Whether the field's old queue still gives a value on some page the repair read: when
    #: it gives none anywhere, accepting drops it (a rule that broke never stays first).
    old_gives: bool = True
    #: For a field whose old rule selected one node per page: the pages where this rule selects
    #: several nodes with different values (``count`` of ``of`` pages it fills, ``nodes`` per
    #: page) and no narrower rule was found: 'unsure', never accepted.
    several: dict[str, Any] = dataclasses.field(default_factory=dict)
    #: The rule this one was narrowed from (it selected several nodes on some pages), and where.
    narrowed: dict[str, Any] = dataclasses.field(default_factory=dict)
    #: Why the one-node check could not be made ("": it was): learn the template again.
    relearn: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "template": self.template,
            "field": self.field,
            "xpath": self.xpath,
            "score": round(self.score, 4),
            "scores": {k: round(v, 4) for k, v in sorted(self.scores.items())},
            "url": self.url,
            "value": self.value[:200],
            "node": self.node,
            "fixes": list(self.fixes),
            "was": self.was,
            "old_gives": self.old_gives,
            **({"several": dict(self.several)} if self.several else {}),
            **({"narrowed": dict(self.narrowed)} if self.narrowed else {}),
            **({"relearn": self.relearn} if self.relearn else {}),
        }


def rank_nodes(
    root: HtmlElement, fld: Field, *, exclude: Iterable[HtmlElement] = (), limit: int = 5
) -> list[tuple[HtmlElement, dict[str, float]]]:
    """Nodes scoring above the field's search threshold, best first; scored bottom-up, so on
    equal scores the deeper node wins."""
    rules = fld.search
    if rules.empty:
        return []
    feats = PageFeatures(root)
    excluded = set(exclude)
    scored: list[tuple[float, int, HtmlElement, dict[str, float]]] = []
    elements = [
        el
        for el in iter_elements(root)
        if el.tag not in INVISIBLE_TAGS and el.tag not in ("html", "body")
    ]
    is_container = fld.is_list and bool(rules.fingerprint.get("items"))
    items = str(rules.fingerprint.get("items", ""))
    learned_path = set(rules.fingerprint.get("path", []))
    # A field that gives an attribute (an image's source, a link's target) is scored on the
    # nodes that carry it, text or not: an image has none.
    attribute = output_attribute(fld)
    for order, el in enumerate(reversed(elements)):  # bottom-up: leaves before their ancestors
        if el in excluded:
            continue
        if attribute:
            if is_container:
                if not any(d.get(attribute) for d in el.iter(items)):
                    continue
            elif el.get(attribute) is None:
                continue
        elif feats.block_of(el) is None:
            continue
        scores = score_node(el, rules, feats, attribute)
        fp = scores.get("fingerprint", 1.0)
        same_id = bool(rules.fingerprint.get("id")) and el.get("id") == rules.fingerprint.get("id")
        context_led = fld.is_list and scores.get("context", 0.0) > fp and fp < MIN_FINGERPRINT
        if (
            is_container
            and el.tag not in learned_path
            and any(a.tag == el.tag for a in el.iterancestors())
        ):
            continue  # a list nested in a list of its own kind is a sub-list, not the list
        if scores["score"] >= rules.threshold and (same_id or not context_led):
            scored.append((-scores["score"], order, el, scores))
    scored.sort(key=lambda x: (round(x[0], 9), x[1]))
    ranked = [(el, sc) for _s, _o, el, sc in scored]
    if fld.is_list and rules.fingerprint.get("items"):
        ranked = _prefer_outer(ranked)
    return ranked[:limit]


def _prefer_outer(
    ranked: list[tuple[HtmlElement, dict[str, float]]],
) -> list[tuple[HtmlElement, dict[str, float]]]:
    """A list's container holds every item: when a candidate sits inside another candidate of
    about the same structural similarity, the outer one comes first (a nested sub-list is a
    part of the list, not the list)."""
    out = list(ranked)
    for el, sc in ranked:
        for outer, osc in ranked:
            if (
                outer is not el
                and osc.get("fingerprint", 0) >= sc.get("fingerprint", 0) - 0.05
                and any(a is outer for a in el.iterancestors())
            ):
                j = out.index((el, sc))
                k = out.index((outer, osc))
                if k > j:
                    out.insert(j, out.pop(k))
                break
    return out


def find_node(
    root: HtmlElement, fld: Field, *, exclude: Iterable[HtmlElement] = ()
) -> tuple[HtmlElement, dict[str, float]] | None:
    """Best node by the field's search rules above the threshold; None when no node passes."""
    ranked = rank_nodes(root, fld, exclude=exclude, limit=1)
    return ranked[0] if ranked else None


def _output_of(root: HtmlElement, fld: Field, xp: str, template: Template) -> str:
    """What the field gives on the page with the rule ``xp``, as text (an image's source,
    a list's items one a line, a record list's records), or ""."""
    try:
        value, _rep = extract_field(root, replace(fld, xpaths=(xp,)), template)
    except RuleError:
        return ""
    if isinstance(value, list):
        return "\n".join(str(v) for v in value)
    return str(value or "")


def _constant_on_site(
    xp: str, fld: Field, template: Template, index: SiteIndex, sample: int = 30
) -> bool:
    """True when the XPath gives one same value on every sampled page that has it: for a field
    whose value varies from page to page, that is boilerplate (a site header), not the field."""
    probe = replace(fld, xpaths=(xp,))
    values = set()
    hits = 0
    for tree in index.trees[:sample]:
        try:
            value, rep = extract_field(tree, probe, template)
        except RuleError:
            return False
        if rep.status == "ok":
            hits += 1
            values.add(repr(value))
            if len(values) > 1:
                return False
    return hits >= 2


def _selects_on(xp: str, trees: Sequence[HtmlElement]) -> bool:
    for tree in trees:
        try:
            if select_elements(tree, xp):
                return True
        except RuleError:
            return False
    return False


def _new_xpath(el: HtmlElement, index: SiteIndex | None, avoid: Sequence[HtmlElement] = ()) -> str:
    """The best selector for the node that selects nothing on the ``avoid`` pages (pages where
    the field is legitimately absent)."""
    for cand in suggest(el, index, limit=6):
        if cand.page_matches == 1 and cand.family != "text" and not _selects_on(cand.xpath, avoid):
            return cand.xpath
    cls = [t for t in (el.get("class") or "").split() if is_wordlike(t)]
    if cls:
        return f"//{el.tag}[{class_predicate(cls[0])}]"
    return xpath_of(el)


def propose_repair(
    page: Page,
    template: Template,
    fld: Field,
    *,
    root: HtmlElement | None = None,
    index: SiteIndex | None = None,
    model: DomainModel | None = None,
    avoid: Sequence[HtmlElement] = (),
    exclude: Iterable[HtmlElement] = (),
) -> RepairProposal | None:
    """A repair proposal for a field whose every XPath fails on ``page`` (or drifted: its
    nodes, ``exclude``, are not the field), or None; the new XPath is chosen among those that
    select nothing on the ``avoid`` pages."""
    if root is None:
        tree = page_tree(page)
        if not isinstance(tree, HtmlElement):
            return None
        root = tree
    removed = set(removal_set(root, template, model)) | set(exclude)
    check_constant = index is not None and len(index.trees) >= 2 and values_vary(fld)
    # A rule that ended on an attribute (``//img/@src``) ends on it again.
    tail = f"/@{output_attribute(fld)}" if fld.kind != "attribute" and output_attribute(fld) else ""
    for el, scores in rank_nodes(root, fld, exclude=removed):
        items = str(fld.search.fingerprint.get("items", ""))
        if fld.is_list and items:
            if sum(1 for _ in el.iter(items)) < 2:
                continue  # a list container holds several items
            step = "/" if fld.search.fingerprint.get("items_direct") else "//"
            xp = f"{_new_xpath(el, index, avoid)}{step}{items}"
        else:
            pattern = list_from_example(el) if fld.is_list else None
            xp = pattern.pattern if pattern is not None else _new_xpath(el, index, avoid)
        xp += tail
        if check_constant and index is not None and _constant_on_site(xp, fld, template, index):
            log.info(
                "repair candidate %s for %s skipped: one constant value across the site", xp, fld.id
            )
            continue
        return RepairProposal(
            template.name,
            fld.id,
            xp,
            scores["score"],
            {k: v for k, v in scores.items() if k != "score"},
            page.url,
            _output_of(root, fld, xp, template) or visible_text(el),
            xpath_of(el),
        )
    return None


#: Learned values vary when their commonest value is on less than this share of the learned
#: pages with a value (the signals' 'one same value' bar).
SAME_VALUE_SHARE = 0.8


def values_vary(fld: Field) -> bool:
    """Whether the field's value changes from page to page: judged on its learned values when
    it has some on three pages or more (the commonest one on less than 80% of them), else on
    the pages its search rules were learned from. A repair that gives one same value on every
    page to such a field has found boilerplate (a constant '<- previous' link text), not the
    field."""
    fp = fld.search.fingerprint
    got = [repr(v) for v in (fp.get("samples") or {}).values() if v]
    if len(got) >= 3:
        top = Counter(got).most_common(1)[0][1]
        return top < SAME_VALUE_SHARE * len(got)
    return bool(fp.get("varies"))


#: A field drifted to a constant when one value is on at least this many of its pages...
DRIFT_MIN_PAGES = 3
#: ... and on at least this share of the pages with a value (and twice the share the
#: commonest learned value had), or on SAME_VALUE_SHARE of them when no values were learned...
DRIFT_MIN_SHARE = 0.2
#: ... and on this many times as many pages as any other value (three values taking turns are
#: values, not a constant).
DRIFT_LEAD = 3


def drifted_value(counts: Counter[str], learned_top: float | None) -> tuple[str, int] | None:
    """The value (key of ``counts``: pages per value now) a field drifted to, with its pages,
    or None. ``learned_top``: the share the commonest value had when learned (None: unknown,
    the field only said it varies)."""
    total = sum(counts.values())
    if total < DRIFT_MIN_PAGES or not counts:
        return None
    if learned_top is None:
        bar = SAME_VALUE_SHARE
    else:
        bar = min(SAME_VALUE_SHARE, max(DRIFT_MIN_SHARE, 2 * learned_top))
    ranked = counts.most_common(2)
    top, n = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0
    if n < DRIFT_MIN_PAGES or n < bar * total or n < DRIFT_LEAD * second:
        return None
    return top, n


def constant_drift(fld: Field, values: Sequence[Any]) -> Any:
    """The one value a varying field now gives on many pages (``values``: its value per page,
    empty ones included), or None. A rule that still matches but lands on one same node of
    each page (a banner's heading, a constant link) has drifted: nothing is empty, only the
    values tell. "Many": at least DRIFT_MIN_PAGES pages and DRIFT_MIN_SHARE of those with a
    value, twice the share of the commonest learned value (a value that was that common when
    learned is the field's own; without learned values SAME_VALUE_SHARE), and DRIFT_LEAD
    times the pages of any other value."""
    if not values_vary(fld):
        return None
    learned = [repr(v) for v in (fld.search.fingerprint.get("samples") or {}).values() if v]
    top_share = Counter(learned).most_common(1)[0][1] / len(learned) if len(learned) >= 3 else None
    found = drifted_value(Counter(repr(v) for v in values if v), top_share)
    if found is None:
        return None
    return next(v for v in values if v and repr(v) == found[0])


def absent_pages(fld: Field) -> set[str]:
    """URLs where the field legitimately has no value: the learned pages where it was empty and
    the pages where the template found nothing when it was learned."""
    fp = fld.search.fingerprint
    out = {str(u) for u in fp.get("absent", [])}
    samples = fp.get("samples") or {}
    out.update(str(u) for u, v in samples.items() if not v)
    return out


def several_values(tree: Any, fld: Field, template: Template, rep: Any, url: str) -> int:
    """How many nodes the rule that gave a scalar field's value on this page (``rep``, its
    report) selects when they give different values (as the field would give each: a copy of
    the same block, the top and bottom bars of a page, gives one value), else 0: the field
    takes the first of several nodes there."""
    tried = next((t for t in rep.tried if t["xpath"] == rep.xpath and not t["error"]), None)
    if tried is None or tried["matches"] < 2:
        return 0
    probe = replace(fld, xpaths=(rep.xpath,), is_list=True)
    try:
        got, _rep = extract_field(tree, probe, template, paths=False, url=url)
    except RuleError:
        return 0
    distinct = {" ".join(normalize_text(str(v)).split())[:300] for v in got or []}
    return int(tried["matches"]) if len(distinct) > 1 else 0


def one_node_record(fld: Field) -> bool | None:
    """Whether the field's old rule selected one node (or like copies of one value) on every
    learned page with a value, as value learning recorded it (``one_node``); None for a list,
    a record list, or a field learned before it was recorded."""
    if fld.is_list or fld.children:
        return None
    got = fld.search.fingerprint.get("one_node")
    return got if isinstance(got, bool) else None


def one_node_now(
    fld: Field, template: Template, found: Iterable[tuple[str, Any, Any]]
) -> tuple[bool | None, int]:
    """Whether the field's old rule selects one node per page, told from pages where it still
    gives a value (``found``: url, tree and the field's report there): False when it selects
    several nodes with different values on one of them, True when it selects one on
    ONE_NODE_MIN of them at least (read up to ONE_NODE_PAGES), None when too few tell; and the
    pages read. For a field whose record does not say (learned before it was kept)."""
    if fld.is_list or fld.children:
        return None, 0
    seen = 0
    for url, tree, rep in found:
        if rep is None or rep.status != "ok":
            continue
        seen += 1
        if several_values(tree, fld, template, rep, url):
            return False, seen
        if seen >= ONE_NODE_PAGES:
            break
    return (True if seen >= ONE_NODE_MIN else None), seen


def several_words(info: dict[str, Any], pages: str = "pages", *, old_one: bool = True) -> str:
    """Where a rule selects several nodes with different values, in words: "several nodes
    with different values on 3 of 12 pages where the old rule selected one (…/a.html: 4
    nodes, …)" (without ``old_one``, the old rule is not spoken of)."""
    n = info["count"]
    shown = ", ".join(f"{u}: {k} nodes" for u, k in list(info["nodes"].items())[:3])
    noun = pages[:-1] if info["of"] == 1 and pages.endswith("s") else pages
    where = " where the old rule selected one" if old_one else ""
    return (
        f"several nodes with different values on {n} of {info['of']} {noun}{where} "
        f"({shown}{', …' if n > 3 else ''})"
    )


def _search_node(
    root: HtmlElement, fld: Field, template: Template, model: DomainModel | None
) -> HtmlElement | None:
    """The node the field's search rules find best on a page (as ``propose_repair`` takes
    it), or None."""
    removed = set(removal_set(root, template, model))
    ranked = rank_nodes(root, fld, exclude=removed, limit=1)
    return ranked[0][0] if ranked else None


def _narrowed(
    prop: RepairProposal,
    fld: Field,
    template: Template,
    model: DomainModel | None,
    index: SiteIndex,
    by_url: dict[str, HtmlElement],
    many: dict[str, int],
    failing: Sequence[str],
    avoid: Sequence[HtmlElement],
) -> tuple[str, list[str], str] | None:
    """A rule for the field's own node where ``prop``'s rule selects several nodes with
    different values (``many``: pages and nodes), or None: the search's node on the
    proposal's page and on up to NARROW_PAGES of those pages, and the selectors of each that
    select it alone there; the first that selects exactly those nodes, one node (or copies of
    one value) on every failing page, a value on every failing page the proposal fills, and
    nothing on the pages where the field was absent. Returns the rule, the failing pages it
    fills and its value on the proposal's page."""
    tail = f"/@{output_attribute(fld)}" if fld.kind != "attribute" and output_attribute(fld) else ""
    known: list[tuple[str, HtmlElement]] = []
    try:
        own = select_elements(by_url[prop.url], prop.node) if prop.node else []
    except RuleError:
        own = []
    if own:
        known.append((prop.url, own[0]))
    for url in list(many)[:NARROW_PAGES]:
        if url == prop.url or url not in by_url:
            continue
        node = _search_node(by_url[url], fld, template, model)
        if node is None:
            return None  # nothing tells which of the nodes is the field's there
        known.append((url, node))
    if len(known) < 2:
        return None
    forms: list[str] = []
    for _url, el in known:
        for cand in suggest(el, index, limit=12):
            if cand.page_matches == 1 and cand.family != "text" and cand.xpath not in forms:
                forms.append(cand.xpath)
    need = set(prop.fixes)

    def alone(form: str, url: str, el: HtmlElement) -> bool:
        try:
            found = select_elements(by_url[url], form)
        except RuleError:
            return False
        return len(found) == 1 and found[0] is el

    for form in forms:
        if not all(alone(form, u, el) for u, el in known):
            continue
        xp = form + tail
        probe = replace(fld, xpaths=(xp,))
        fixes: list[str] = []
        values: set[str] = set()
        fine = True
        for url in failing:
            tree = by_url[url]
            try:
                value, rep = extract_field(tree, probe, template, url=url)
            except RuleError:
                fine = False
                break
            if rep.status != "ok":
                continue
            if several_values(tree, probe, template, rep, url):
                fine = False
                break
            fixes.append(url)
            values.add(repr(value))
        if not fine or not need <= set(fixes) or _fills_absent(probe, template, avoid):
            continue
        if values_vary(fld) and len(fixes) >= 2 and len(values) == 1:
            continue
        return xp, fixes, _output_of(by_url[prop.url], fld, xp, template)
    return None


def repair_steps(
    pages: Sequence[Page],
    template: Template,
    model: DomainModel | None = None,
    *,
    fields: Iterable[str] | None = None,
    clean_site: bool = True,
    parsed: Mapping[str, Any] | None = None,
) -> Generator[Progress, None, list[RepairProposal]]:
    """Find fields that fail on pages of the template, propose repairs and count the pages each
    proposed XPath fixes; one proposal per (field, XPath), best evidence kept.

    Pages where a field was legitimately absent when the template was learned are neither
    searched nor counted, and a proposal that would fill one of them is dropped. The node
    search runs on at most MAX_SEARCH_PAGES failing pages per field; every candidate is then
    checked on every failing page with one extraction, so the run grows linearly with the
    site.

    ``fields``: only those fields are checked and searched (the others' proposals would be
    thrown away). ``clean_site=False``: whether a field fails on a page is read from its rules
    without the cleaner's removals, as the check against learned values reads them (the
    cleaner costs more than the rest on large pages); the searched pages' candidates still
    leave out what the cleaner removes. ``parsed``: trees of some pages by URL, parsed from
    the same HTML by the caller and not changed (not parsed again)."""
    if fields is not None:
        wanted = set(fields)
        template = replace(template, fields=tuple(f for f in template.fields if f.id in wanted))
    # every page: none is skipped
    index = SiteIndex.from_pages(pages, max_pages=None, parsed=parsed)
    by_url = dict(zip(index.urls, index.trees, strict=False))
    proposals: dict[tuple[str, str], RepairProposal] = {}
    failing: dict[str, list[str]] = {}
    searched: Counter[str] = Counter()
    absent = {f.id: absent_pages(f) for f in template.fields}
    avoid = {fid: [by_url[u] for u in sorted(urls) if u in by_url] for fid, urls in absent.items()}
    total = len(pages)
    read: list[tuple[Page, HtmlElement, Any]] = []
    site_values: dict[str, list[Any]] = {f.id: [] for f in template.fields}
    for n, page in enumerate(pages, 1):
        yield Progress(n, total, page.url)
        root = by_url.get(page.url)
        if root is None or not choose_templates(page.url, [template]):
            continue
        result = apply_template(page, template, model if clean_site else None, root=root)
        read.append((page, root, result))
        for fid, rep in result.fields.items():
            if fid in site_values and page.url not in absent.get(fid, ()):
                site_values[fid].append(result.values.get(fid) if rep.status == "ok" else "")
    # A field whose rule still matches but now gives one same value on (nearly) every page,
    # while its learned values varied, drifted: those pages are searched like failing ones.
    drift: dict[str, Any] = {}
    for fid, got in site_values.items():
        constant = constant_drift(template.field(fid), got)
        if constant is not None:
            drift[fid] = constant
            log.info("field %s drifted: one same value %r on the site's pages", fid, constant)
    for page, root, result in read:
        todo = [(fid, False) for fid in result.failed_fields] + [
            (fid, True)
            for fid, constant in drift.items()
            if fid in result.fields
            and result.fields[fid].status == "ok"
            and result.values.get(fid) == constant
        ]
        for fid, drifted in todo:
            if page.url in absent.get(fid, ()):
                continue  # the field was never on this page
            failing.setdefault(fid, []).append(page.url)
            if searched[fid] >= MAX_SEARCH_PAGES:
                continue
            searched[fid] += 1
            taken: list[HtmlElement] = []
            if drifted:
                for path in result.fields[fid].nodes:
                    try:
                        taken.extend(select_elements(root, path))
                    except RuleError:
                        continue
            try:
                prop = propose_repair(
                    page,
                    template,
                    template.field(fid),
                    root=root,
                    index=index,
                    model=model,
                    avoid=avoid.get(fid, []),
                    exclude=taken,
                )
            except DeboilerError as exc:
                log.warning("repair of %s on %s failed: %s", fid, page.url, exc)
                continue
            if prop is None:
                continue
            if drifted:
                prop.was = "drift"
            key = (fid, prop.xpath)
            if key not in proposals or prop.score > proposals[key].score:
                proposals[key] = prop
    rejected: set[tuple[str, str]] = set()
    for (fid, xp), prop in proposals.items():
        prop.old_gives = any(site_values.get(fid) or ())
        fld = replace(template.field(fid), xpaths=(xp,))
        values: set[str] = set()
        for url in failing.get(fid, []):
            tree = by_url[url]
            try:
                value, rep = extract_field(tree, fld, template)
            except RuleError:
                continue
            if rep.status == "ok" and not (fid in drift and value == drift[fid]):
                prop.fixes.append(url)
                values.add(repr(value))
        filled = _fills_absent(fld, template, avoid.get(fid, []))
        if filled:
            log.info(
                "repair of %s rejected: %s fills %d page(s) where the field was absent",
                fid,
                xp,
                filled,
            )
            rejected.add((fid, xp))
        elif fid in drift and not prop.fixes:
            log.info("repair of %s rejected: %s gives the drifted value again", fid, xp)
            rejected.add((fid, xp))
        elif values_vary(template.field(fid)) and len(prop.fixes) >= 2 and len(values) == 1:
            log.info(
                "repair of %s rejected: %s gives the same value on %d pages",
                fid,
                xp,
                len(prop.fixes),
            )
            rejected.add((fid, xp))
    kept = _one_node_checked(
        {k: p for k, p in proposals.items() if k not in rejected},
        template,
        model,
        index,
        by_url,
        failing,
        avoid,
        read,
        drift,
    )
    out = sorted(kept, key=lambda p: (p.field, -len(p.fixes), -p.score))
    return out


def _one_node_checked(
    proposals: dict[tuple[str, str], RepairProposal],
    template: Template,
    model: DomainModel | None,
    index: SiteIndex,
    by_url: dict[str, HtmlElement],
    failing: dict[str, list[str]],
    avoid: dict[str, list[HtmlElement]],
    read: Sequence[tuple[Page, HtmlElement, Any]],
    drift: dict[str, Any],
) -> list[RepairProposal]:
    """The proposals of a field of one value per page, each checked for taking the first of
    several nodes: a field whose old rule selected one node per page (``one_node``, or told
    from the pages where its old rule still gives a value when the record does not say) gets,
    for a proposal whose rule selects several nodes with different values on some failing
    pages, the rule of its own node there (``_narrowed``), else the proposal is scored down to
    SEVERAL_SCORE and says where (``several``: 'unsure', never accepted). When nothing tells
    whether the old rule selected one node, a proposal that selects several is narrowed all
    the same when it can be, and otherwise says to learn the template again (``relearn``)."""
    known: dict[str, bool | None] = {}

    def one_node(fid: str) -> bool | None:
        if fid not in known:
            fld = template.field(fid)
            known[fid] = one_node_record(fld)
            if known[fid] is None and "one_node" not in fld.search.fingerprint:
                found = (
                    (page.url, root, result.fields.get(fid))
                    for page, root, result in read
                    if not (fid in drift and result.values.get(fid) == drift[fid])
                )
                known[fid] = one_node_now(fld, template, found)[0]
        return known[fid]

    out: dict[tuple[str, str], RepairProposal] = {}
    for (fid, xp), prop in proposals.items():
        fld = template.field(fid)
        flag = None if fld.is_list or fld.children else one_node(fid)
        if not fld.is_list and not fld.children and flag is not False:
            probe = replace(fld, xpaths=(xp,))
            many: dict[str, int] = {}
            for url in prop.fixes:
                tree = by_url[url]
                try:
                    _value, rep = extract_field(tree, probe, template, url=url)
                except RuleError:
                    continue
                n = several_values(tree, probe, template, rep, url)
                if n:
                    many[url] = n
            if many:
                info = {
                    "xpath": xp,
                    "count": len(many),
                    "of": len(prop.fixes),
                    "pages": list(many)[:10],
                    "nodes": dict(list(many.items())[:10]),
                }
                narrow = _narrowed(
                    prop,
                    fld,
                    template,
                    model,
                    index,
                    by_url,
                    many,
                    failing.get(fid, []),
                    avoid.get(fid, []),
                )
                if narrow is not None:
                    prop.xpath, prop.fixes, value = narrow
                    prop.value = value or prop.value
                    prop.narrowed = info
                    log.info("repair of %s: %s narrowed to %s", fid, xp, prop.xpath)
                elif flag:
                    prop.several = info
                    prop.score = min(prop.score, SEVERAL_SCORE)
                    log.info("repair of %s: %s selects several nodes, not accepted", fid, xp)
                else:
                    prop.relearn = (
                        f"it selects {several_words(info, old_one=False)}, and whether the old "
                        "rule selected one node per page was not recorded when the template "
                        "was learned, nor does any page tell"
                    )
        key = (fid, prop.xpath)
        if key not in out or prop.score > out[key].score:
            out[key] = prop
    return list(out.values())


def _fills_absent(fld: Field, template: Template, trees: Iterable[HtmlElement]) -> int:
    """How many of these pages (where the field was absent) the field's XPaths fill."""
    n = 0
    for tree in trees:
        try:
            value, rep = extract_field(tree, fld, template)
        except RuleError:
            continue
        if rep.status == "ok" and value:
            n += 1
    return n


def best_repairs(
    proposals: Iterable[RepairProposal],
    fields: Iterable[str] | None = None,
    *,
    min_score: float = ACCEPT_SCORE,
    unsure: bool = False,
) -> list[RepairProposal]:
    """One proposal per field, the best-scoring one, only when it scores at least
    ``min_score`` (and, with ``fields``, only for those fields). A proposal that takes the
    first of several nodes where the old rule selected one (``several``) is never one, unless
    ``unsure`` (the best candidates shown to judge)."""
    allowed = set(fields) if fields is not None else None
    best: dict[str, RepairProposal] = {}
    for p in proposals:
        if allowed is not None and p.field not in allowed:
            continue
        if p.several and not unsure:
            continue
        if p.score < min_score:
            log.info("repair of %s not accepted: %s scores %.2f", p.field, p.xpath, p.score)
            continue
        if p.field not in best or p.score > best[p.field].score:
            best[p.field] = p
    return [best[f] for f in sorted(best)]


def accept_repairs(template: Template, proposals: Iterable[RepairProposal]) -> Template:
    """The template with each accepted proposal's XPath in its field's queue. A rule that broke
    never stays first: the proposal replaces a queue that gives no value on any page read, goes
    first for a drift repair (the old rule after it) and is appended after a queue that still
    gives values elsewhere (it takes over where that finds nothing)."""
    new = template
    for prop in proposals:
        if prop.template and prop.template != template.name:
            continue
        fld = new.field(prop.field)
        if not prop.old_gives and prop.was != "drift":
            fld = replace(fld, xpaths=(prop.xpath,))
        elif prop.was == "drift":
            # The old rule still matches (on the drifted node): the new one goes first, the
            # old one stays after it for pages of the old layout.
            fld = replace(fld, xpaths=(prop.xpath, *(x for x in fld.xpaths if x != prop.xpath)))
        else:
            fld = fld.with_xpath(prop.xpath)
        new = new.with_field(fld)
    return new
