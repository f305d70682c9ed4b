"""Selector induction from clicked examples: the shortest rule that selects the positive
examples and none of the negative ones, anchored on the nearest stable hook, checked site-wide."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import lxml.etree as etree

from deboiler_gui.engine.htmltree import HtmlElement, normalize_text
from deboiler_gui.engine.model import RuleError
from deboiler_gui.engine.tablerows import rows_tolerant
from deboiler_gui.engine.template.selectors import (
    SEMANTIC_ATTRS,
    TEST_ATTRS,
    SiteIndex,
    class_predicate,
    is_wordlike,
    xpath_literal,
)

#: Attributes that make good hooks besides ids, classes and the semantic ones.
HOOK_ATTRS = ("accesskey", "summary", "title", "type", "lang")
#: Pages of the site each surviving candidate is checked on.
SITE_SAMPLE = 60
#: Candidates (cheapest first) that get the site-wide check.
SITE_CHECKED = 14
_LETTERS = re.compile(r"[^\W\d_]{2}")
#: Tags that are list items even when alone in their list.
_ITEM_TAGS = frozenset({"li", "dt", "tr", "option"})


class InductionError(RuleError):
    """The examples cannot be generalised: they conflict, or 'not this' removes every rule."""

    def __init__(self, message: str, conflicts: Sequence[str] = ()) -> None:
        self.conflicts = list(conflicts)
        super().__init__(message + (": " + "; ".join(self.conflicts) if self.conflicts else ""))


@dataclass(frozen=True)
class Example:
    """One clicked node: the page's URL, the page's tree and the node."""

    url: str
    root: HtmlElement
    node: HtmlElement

    def describe(self) -> str:
        return f"{self.url} {self.root.getroottree().getpath(self.node)}"


@dataclass
class Induced:
    """One induced rule with how it was built and how it behaves over the site."""

    xpath: str
    kind: str  # "field" | "list"
    family: str  # "id", "class", "attribute", "label", "relative", "positional"
    cost: float
    site: dict[str, Any] = field(default_factory=dict)
    examples: list[list[str]] = field(default_factory=list)  # values on the example pages

    def to_dict(self) -> dict[str, Any]:
        return {
            "xpath": self.xpath,
            "kind": self.kind,
            "family": self.family,
            "cost": round(self.cost, 3),
            "site": dict(self.site),
            "examples": [list(v) for v in self.examples],
        }


# --------------------------------------------------------------------------- hooks


def _text(el: HtmlElement) -> str:
    return normalize_text(el.text_content())


def hooks(el: HtmlElement, index: SiteIndex | None) -> list[tuple[float, str, str]]:
    """(cost, family, predicate) of an element's stable hooks, cheapest first; an attribute
    whose value differs at the same place on other pages is volatile and left out."""

    def stable(attr: str, value: str) -> bool:
        return index is None or not index.is_volatile(el, attr, value)

    out: list[tuple[float, str, str]] = []
    for attr in TEST_ATTRS:
        v = el.get(attr)
        if v and len(v) <= 60 and stable(attr, v):
            out.append((0.0, "id", f"@{attr}={xpath_literal(v)}"))
    v = el.get("id")
    if v and is_wordlike(v) and stable("id", v):
        out.append((0.0, "id", f"@id={xpath_literal(v)}"))
    tokens = [t for t in (el.get("class") or "").split() if is_wordlike(t) and stable("class", t)]
    for t in tokens[:4]:
        out.append((0.5, "class", class_predicate(t)))
    for attr in (*SEMANTIC_ATTRS, *HOOK_ATTRS):
        v = el.get(attr)
        if v and len(v) <= 40 and "\n" not in v and stable(attr, v):
            out.append((0.8, "attribute", f"@{attr}={xpath_literal(v)}"))
    return out


def _labels(el: HtmlElement) -> list[str]:
    """Short fixed-looking texts just before ``el`` among its siblings (a heading or a label)."""
    out = []
    prev = el.getprevious()
    hops = 0
    while prev is not None and hops < 2:
        if isinstance(prev.tag, str):
            hops += 1
            text = _text(prev)
            if text and len(text) <= 40 and _LETTERS.search(text) and len(prev) <= 3:
                out.append(f"{prev.tag}[normalize-space(.)={xpath_literal(text)}]")
        prev = prev.getprevious()
    return out


def _chain(ancestor: HtmlElement, el: HtmlElement) -> list[HtmlElement]:
    """The elements from just below ``ancestor`` down to ``el``."""
    out = []
    node: HtmlElement | None = el
    while node is not None and node is not ancestor:
        out.append(node)
        node = node.getparent()
    out.reverse()
    return out


def _step(el: HtmlElement, *, positional: bool) -> tuple[str, int]:
    """An XPath step for ``el`` below its parent, with its index among same-tag siblings when
    ``positional`` and needed; and the number of indices used (0 or 1)."""
    parent = el.getparent()
    if not positional or parent is None:
        return el.tag, 0
    same = [s for s in parent if s.tag == el.tag]
    if len(same) <= 1:
        return el.tag, 0
    return f"{el.tag}[{same.index(el) + 1}]", 1


def _row_group(el: HtmlElement) -> bool:
    """A table's ``tbody`` (written in the page or implied by a browser): rules never name it,
    ``table/tr`` finds the rows either way (``tablerows.rows_tolerant``)."""
    parent = el.getparent()
    return el.tag == "tbody" and parent is not None and parent.tag == "table"


def _rel(ancestor: HtmlElement, el: HtmlElement, *, positional: bool) -> tuple[str, int]:
    steps = [_step(n, positional=positional) for n in _chain(ancestor, el) if not _row_group(n)]
    return "/".join(s for s, _ in steps), sum(n for _, n in steps)


_TBODY_STEP = re.compile(r"(/table(?:\[\d+\])?)/tbody(?:\[1\])?(?=/tr)")


def _absolute(el: HtmlElement) -> str:
    return _TBODY_STEP.sub(r"\1", str(el.getroottree().getpath(el)))


# --------------------------------------------------------------------------- evaluation


def _run(root: Any, xpath: str) -> list[HtmlElement] | None:
    try:
        found = _compiled(xpath)(root)
    except (etree.XPathEvalError, RuleError):
        return None
    return [n for n in found if isinstance(n, etree._Element)] if isinstance(found, list) else None


_CACHE: dict[str, Any] = {}


def _compiled(xpath: str) -> Any:
    hit = _CACHE.get(xpath)
    if hit is None:
        try:
            # A table's rows with or without their tbody, as extraction finds them.
            hit = etree.XPath(rows_tolerant(xpath), smart_strings=False)
        except etree.XPathSyntaxError as exc:
            raise RuleError(f"invalid XPath ({exc})", expression=xpath) from exc
        if len(_CACHE) > 20_000:
            _CACHE.clear()
        _CACHE[xpath] = hit
    return hit


def _sample(index: SiteIndex | None, limit: int = SITE_SAMPLE) -> list[Any]:
    if index is None or not index.trees:
        return []
    trees = index.trees
    if len(trees) <= limit:
        return list(trees)
    step = len(trees) / limit
    return [trees[int(i * step)] for i in range(limit)]


# --------------------------------------------------------------------------- fields


def _field_candidates(ex: Example, index: SiteIndex | None) -> dict[str, tuple[float, str]]:
    el = ex.node
    tag = el.tag
    out: dict[str, tuple[float, str]] = {}

    def add(xp: str, cost: float, family: str) -> None:
        if "tbody" in xp:
            return
        if xp not in out or out[xp][0] > cost:
            out[xp] = (cost, family)

    for cost, family, pred in hooks(el, index):
        add(f"//{tag}[{pred}]", cost, family)
    # Ancestors with a hook or a label, then the steps down (without and with positions).
    node = el
    depth = 0
    while node.getparent() is not None and node.getparent().tag != "html" and depth < 8:
        top = node
        node = node.getparent()
        depth += 1
        anchors = [(c, f, f"{node.tag}[{p}]") for c, f, p in hooks(node, index)]
        for label in _labels(node):
            anchors.append((1.0, "label", f"{label}/following-sibling::{node.tag}[1]"))
        for label in _labels(top):
            # A label beside one of the node's ancestors ('Previous topic' then p/a).
            rel_top, n_top = _rel(top, el, positional=False)
            tail = f"/{rel_top}" if rel_top else ""
            add(
                f"//{label}/following-sibling::{top.tag}[1]{tail}", 1.0 + 0.4 * (depth - 1), "label"
            )
        for acost, family, anchor in anchors:
            start = anchor if anchor.startswith("//") else f"//{anchor}"
            for positional in (False, True):
                rel, n_pos = _rel(node, el, positional=positional)
                steps = rel.count("/") + 1
                add(
                    f"{start}/{rel}",
                    acost + 0.4 * steps + 1.5 * n_pos,
                    "relative" if n_pos else family,
                )
            add(f"{start}//{tag}", acost + 0.6, family)
            for c2, _f2, p2 in hooks(el, index)[:2]:
                add(f"{start}//{tag}[{p2}]", acost + c2 + 0.5, family)
    for label in _labels(el):
        add(f"//{label}/following-sibling::{tag}[1]", 1.0, "label")
    add(_absolute(el), 9.0 + _absolute(el).count("["), "positional")
    return out


def _validate_field(
    xp: str, positives: Sequence[Example], negatives: Sequence[Example]
) -> list[list[str]] | None:
    values = []
    for ex in positives:
        found = _run(ex.root, xp)
        if not found or found[0] is not ex.node:
            return None
        values.append([_text(found[0])])
    for ex in negatives:
        found = _run(ex.root, xp)
        if found and any(n is ex.node for n in found):
            return None
    return values


def _signature(nodes: Sequence[HtmlElement]) -> set[tuple[str, str]]:
    """The hook attributes (class tokens included) that every one of ``nodes`` carries."""
    sigs = []
    for el in nodes:
        sig = {("class", t) for t in (el.get("class") or "").split() if is_wordlike(t)}
        for attr in (*SEMANTIC_ATTRS, *HOOK_ATTRS):
            v = el.get(attr)
            if v:
                sig.add((attr, v))
        sigs.append(sig)
    return set.intersection(*sigs) if sigs else set()


def _carries(el: HtmlElement, sig: set[tuple[str, str]]) -> bool:
    for attr, v in sig:
        if attr == "class":
            if v not in (el.get("class") or "").split():
                return False
        elif el.get(attr) != v:
            return False
    return True


def _node_key(el: HtmlElement) -> tuple[str, str]:
    """What tells two found nodes apart: their text, and the target of a link (icons of
    'previous' and 'next' arrows have no text)."""
    return _text(el), el.get("href") or el.get("src") or ""


def _site_field(
    xp: str, trees: Sequence[Any], sig: set[tuple[str, str]] | None = None
) -> dict[str, Any]:
    one = none = many = conflicting = alike = 0
    values: dict[str, int] = {}
    for tree in trees:
        found = _run(tree, xp) or []
        if not found:
            none += 1
            continue
        if not sig or _carries(found[0], sig):
            alike += 1
        if len(found) == 1:
            one += 1
        else:
            many += 1
            if len({_node_key(n) for n in found[:5]}) > 1:
                conflicting += 1
        v = _text(found[0])[:200]
        values[v] = values.get(v, 0) + 1
    pages = one + none + many
    return {
        "pages": pages,
        "one": one,
        "none": none,
        "many": many,
        "conflicting": conflicting,
        "distinct": len(values),
        "top_share": (max(values.values()) / (one + many)) if values else 0.0,
        "alike": alike,
    }


def _rank_field(
    cands: list[Induced], trees: Sequence[Any], positives: Sequence[Example]
) -> list[Induced]:
    cands.sort(key=lambda c: (c.cost, len(c.xpath)))
    checked = cands[:SITE_CHECKED]
    if not trees:
        return checked
    # The hooks every example carries: a rule whose node on another page lacks them has moved
    # to another node there (the 'Up' link where a page has no 'Previous'), which does not make
    # it wider than a rule that finds nothing there.
    sig = _signature([ex.node for ex in positives])
    for c in checked:
        c.site = _site_field(c.xpath, trees, sig)
    distinct_examples = len({tuple(v) for v in (c.examples[0] for c in checked[:1])})
    varied = len({normalize_text(_text(ex.node)) for ex in positives}) > 1 or distinct_examples > 1

    def ok(c: Induced) -> bool:
        s = c.site
        hit = s["one"] + s["many"]
        if hit and s["conflicting"] / hit > 0.05:
            return False  # several different nodes on many pages: the rule is ambiguous
        # Examples that differ but a rule that gives one value on most pages: boilerplate.
        return not (varied and hit >= 5 and s["top_share"] > 0.5)

    good = [c for c in checked if ok(c)] or checked
    best_hits = max(c.site["alike"] for c in good)

    def key(c: Induced) -> tuple[Any, ...]:
        hits = c.site["alike"]
        # A candidate that finds the field on clearly fewer pages than the best one is too
        # narrow (an anchor that exists on the example pages only).
        narrow = hits < 0.85 * best_hits
        return (
            not ok(c),
            narrow,
            c.cost,
            c.site["conflicting"],
            c.site["many"],
            -hits,
            len(c.xpath),
        )

    good = sorted(checked, key=key)
    return good


# --------------------------------------------------------------------------- lists


def _item_node(el: HtmlElement) -> HtmlElement:
    """The repeating step above a list example: the nearest ancestor-or-self whose parent has
    another child of its tag; a table's cell is not one (its row is: a function's name and
    its return type are cells of one entry)."""
    node = el
    while node.getparent() is not None:
        parent = node.getparent()
        if node.tag in ("td", "th") and parent.tag == "tr":
            node = parent
            continue
        if node.tag in _ITEM_TAGS or sum(1 for s in parent if s.tag == node.tag) >= 2:
            return node
        node = parent
    return el


def _lca(nodes: Sequence[HtmlElement]) -> HtmlElement:
    chains: list[list[HtmlElement]] = [[*reversed(list(n.iterancestors())), n] for n in nodes]
    common = chains[0][0]
    for level in zip(*chains, strict=False):
        if all(x is level[0] for x in level):
            common = level[0]
        else:
            break
    return common


def _list_node(nodes: Sequence[HtmlElement]) -> tuple[HtmlElement, list[HtmlElement]]:
    """The list node (parent of the repeating items) of one page's examples, and each
    example's item node."""
    if len(nodes) == 1:
        item = _item_node(nodes[0])
        parent = item.getparent()
        return (parent if parent is not None else item), [item]
    common = _lca(nodes)
    if any(n is common for n in nodes) or (
        common.getparent() is not None
        and _item_node(common) is common
        and common.tag in ("li", "dt", "dd", "tr")
    ):
        item = _item_node(common)
        common = item.getparent() if item.getparent() is not None else common
    items = [_chain(common, n)[0] if n is not common else n for n in nodes]
    return common, items


def _list_candidates(
    page_pos: list[Example], index: SiteIndex | None
) -> dict[str, tuple[float, str, int]]:
    """Candidate list rules from one page's examples: (cost, family, item depth)."""
    nodes = [e.node for e in page_pos]
    list_node, items = _list_node(nodes)
    paths = {_rel(list_node, n, positional=False)[0] for n in nodes}
    tag = nodes[0].tag
    tails: list[tuple[str, float, int]] = []
    if len(paths) == 1:
        path = paths.pop()
        tails.append((path, 0.3 * (path.count("/") + 1), path.count("/") + 1))
        item_tag = items[0].tag
        common = set.intersection(
            *[{t for t in (i.get("class") or "").split() if is_wordlike(t)} for i in items]
        )
        qualified = _qualified_path(list_node, nodes)
        if qualified and qualified != path:
            # A step between the item and the node that tells the examples' cell from its
            # siblings (a function's name column, not its return type's):
            # tr/td[contains(@class, 'function_name')]/a.
            tails.append((qualified, 0.3 * (path.count("/") + 1) + 0.2, path.count("/") + 1))
        for tok in sorted(common)[:2]:
            rest = path.split("/", 1)[1] if "/" in path else ""
            tails.append(
                (
                    f"{item_tag}[{class_predicate(tok)}]" + (f"/{rest}" if rest else ""),
                    0.3 * (path.count("/") + 1) - 0.3,
                    path.count("/") + 1,
                )
            )
    out: dict[str, tuple[float, str, int]] = {}

    def add(container: str, cost: float, family: str) -> None:
        for tail, tcost, depth in tails:
            xp = f"{container}/{tail}"
            if "tbody" in xp:
                continue
            if xp not in out or out[xp][0] > cost + tcost:
                out[xp] = (cost + tcost, family, depth)

    def add_nested(container: str, cost: float, family: str) -> None:
        # Descendant form: items of nested lists too (kept only when the examples need it).
        xp = f"{container}//{tag}"
        if "tbody" not in xp and (xp not in out or out[xp][0] > cost + 1.0):
            out[xp] = (cost + 1.0, family, -1)  # -1: one container per page, checked

    root = nodes[0].getroottree().getroot()
    container: HtmlElement | None = list_node
    level = 0
    while container is not None and container.tag not in ("html", "body") and level < 4:
        if level:
            # Only a container that holds nothing but this list (a div around the ul).
            kids = [k for k in container if isinstance(k.tag, str)]
            below = _chain(container, list_node)[0]
            if sum(1 for k in kids if k.tag == below.tag) > 1:
                break
        prefix, n_pos = _rel(container, list_node, positional=True)
        down = f"/{prefix}" if prefix else ""
        extra = 1.5 * n_pos + 0.3 * level
        for expr, cost, family in _container_exprs(container, root, index):
            add(f"{expr}{down}", cost + extra, family)
            add_nested(expr, cost + 0.3 * level, family)
        add(_absolute(container) + down, 9.0 + level, "positional")
        container = container.getparent()
        level += 1
    # Item hooks alone: //li[contains(@class, 'toc-item')]/a.
    for tail, tcost, _depth in tails:
        if tail.startswith(items[0].tag + "["):
            xp = f"//{tail}"
            out.setdefault(xp, (1.0 + tcost, "class", _depth))
    return out


def _qualified_path(list_node: HtmlElement, nodes: Sequence[HtmlElement]) -> str:
    """The path from the list node down to the examples with each step between the item and
    the node narrowed by what the examples' nodes there share and their siblings of that tag
    lack: a class token, else their position; "" when the paths differ."""
    chains = [[n for n in _chain(list_node, x) if not _row_group(n)] for x in nodes]
    if not chains or len({len(c) for c in chains}) != 1:
        return ""
    steps: list[str] = []
    for j, level in enumerate(zip(*chains, strict=True)):
        tag = level[0].tag
        if any(n.tag != tag for n in level):
            return ""
        if j == 0 or j == len(chains[0]) - 1:
            steps.append(tag)
            continue
        sibs = [
            [s for s in n.getparent() if s is not n and s.tag == tag]
            if n.getparent() is not None
            else []
            for n in level
        ]
        if not any(sibs):
            steps.append(tag)
            continue
        common = set.intersection(
            *[{t for t in (n.get("class") or "").split() if is_wordlike(t)} for n in level]
        )
        common = {
            t
            for t in common
            if not any(t in (s.get("class") or "").split() for ss in sibs for s in ss)
        }
        if common:
            steps.append(f"{tag}[{class_predicate(sorted(common)[0])}]")
            continue
        positions = {[s for s in n.getparent() if s.tag == tag].index(n) + 1 for n in level}
        steps.append(f"{tag}[{positions.pop()}]" if len(positions) == 1 else tag)
    return "/".join(steps)


def _container_exprs(
    container: HtmlElement, root: HtmlElement, index: SiteIndex | None
) -> list[tuple[str, float, str]]:
    """Expressions that select exactly ``container`` on its page: its own hook or a label
    before it, narrowed by an ancestor's hook when they match elsewhere too, else by
    position; then an ancestor's hook with the (indexed) steps down."""
    raw: list[tuple[str, float, str]] = []
    for cost, family, pred in hooks(container, index):
        raw.append((f"//{container.tag}[{pred}]", cost, family))
    for label in _labels(container):
        raw.append((f"//{label}/following-sibling::{container.tag}[1]", 1.0, "label"))
    # The block that holds the list and its label, whatever their order:
    # //div[h3[normalize-space(.)='Methods']]/ul.
    parent = container.getparent()
    if parent is not None and parent.tag not in ("html", "body"):
        for sib in parent:
            if sib is container or not isinstance(sib.tag, str) or sib.tag == container.tag:
                continue
            text = _text(sib)
            if text and len(text) <= 40 and _LETTERS.search(text) and len(sib) <= 3:
                expr = (
                    f"//{parent.tag}[{sib.tag}[normalize-space(.)={xpath_literal(text)}]]"
                    f"/{container.tag}"
                )
                found = _run(root, expr) or []
                if len(found) == 1 and found[0] is container:
                    raw.append((expr, 1.2, "label"))
    out: list[tuple[str, float, str]] = []
    ancestors = [a for a in container.iterancestors() if a.tag not in ("html", "body")][:6]
    for expr, cost, family in raw:
        found = _run(root, expr) or []
        if len(found) == 1 and found[0] is container:
            out.append((expr, cost, family))
            continue
        if not any(n is container for n in found):
            continue
        narrowed = False
        for up, anc in enumerate(ancestors, 1):
            for acost, _af, apred in hooks(anc, index)[:3]:
                cand = f"//{anc.tag}[{apred}]{expr}"
                got = _run(root, cand) or []
                if len(got) == 1 and got[0] is container:
                    out.append((cand, cost + acost + 0.3 + 0.1 * up, family))
                    narrowed = True
                    break
            if narrowed:
                break
        if not narrowed:
            k = next(i for i, n in enumerate(found, 1) if n is container)
            out.append((f"({expr})[{k}]", cost + 2.0, "positional"))
    for up, anc in enumerate(ancestors[:4], 1):
        rel, n2 = _rel(anc, container, positional=True)
        for acost, family, apred in hooks(anc, index)[:3]:
            expr = f"//{anc.tag}[{apred}]/{rel}"
            got = _run(root, expr) or []
            if len(got) == 1 and got[0] is container:
                out.append(
                    (
                        expr,
                        acost + 0.5 * up + 0.4 * (rel.count("/") + 1) + 1.5 * n2,
                        "relative" if n2 else family,
                    )
                )
    return out


def _list_parents(found: Sequence[HtmlElement], depth: int) -> set[HtmlElement]:
    """Identities of the list nodes the items come from (``depth`` steps above each item)."""
    parents: set[HtmlElement] = set()  # the elements themselves: ids of lxml proxies are reused
    for n in found:
        node = n
        for _ in range(depth):
            up = node.getparent()
            if up is None:
                break
            node = up
        parents.add(node)
    return parents


def _list_of(node: HtmlElement, depth: int) -> HtmlElement | None:
    """The list a found item belongs to: ``depth`` steps up, or for the descendant form the
    parent of its repeating item."""
    if depth < 0:
        parent: HtmlElement | None = _item_node(node).getparent()
        return parent
    for _ in range(depth):
        up = node.getparent()
        if up is None:
            return None
        node = up
    return node


def several_lists(found: Sequence[HtmlElement]) -> bool:
    """Whether list items come from several lists: the list of an item is the parent of its
    repeating step (``li``, ``tr``… or a node with a sibling of its tag), and the items are one
    list when one of their lists holds all the others (a table of contents with its
    sub-lists). The one definition of 'mixed' for the induction's site check and for the
    signals' 'items from several lists'."""
    return not _one_family(found)


_LIST_TAGS = frozenset({"ul", "ol", "dl", "menu"})
_ENTRY_TAGS = frozenset({"li", "dd", "dt"})


def _list_root(lst: HtmlElement) -> HtmlElement:
    """The outermost list that ``lst`` is nested in through list entries (a sub-list of a
    table of contents belongs to the contents' list); ``lst`` itself when it is not nested."""
    node = lst
    while node.tag in _LIST_TAGS:
        up = node.getparent()
        if up is None:
            break
        if (
            up.tag in _ENTRY_TAGS
            and up.getparent() is not None
            and up.getparent().tag in _LIST_TAGS
        ):
            node = up.getparent()
        elif up.tag in _LIST_TAGS:
            node = up
        else:
            break
    return node


def _one_family(found: Sequence[HtmlElement]) -> bool:
    """The items' lists are one list with the lists nested in it: the outermost lists they are
    nested in (``_list_root``) are one, or one of them holds all the others (a table of
    contents with its sub-lists, the sub-lists of two entries of one contents), not links
    strewn over a block."""
    lists: list[HtmlElement] = []
    for n in found:
        lst = _list_of(n, -1)
        if lst is None:
            continue
        root = _list_root(lst)
        if not any(x is root for x in lists):
            lists.append(root)
    tops = [a for a in lists if not any(x is b for b in lists for x in a.iterancestors())]
    return len(tops) <= 1


def _examples_nested(xp: str, by_page: list[list[Example]]) -> bool:
    """Whether the examples of a descendant-form list rule sit at different depths below its
    container (a top-level entry and a sub-entry), the only case it is for."""
    rels = set()
    for page_pos in by_page:
        box = _run(page_pos[0].root, xp.rsplit("//", 1)[0]) or []
        if len(box) != 1:
            return False
        for ex in page_pos:
            if not any(a is box[0] for a in ex.node.iterancestors()):
                return False
            rels.add(_rel(box[0], ex.node, positional=False)[0])
    return len(rels) > 1


def _list_signature(nodes: Sequence[HtmlElement]) -> tuple[set[tuple[str, str]], set[str]]:
    """What the examples' lists have in common: hooks of the list node, and the label (a
    heading just before it, 'Methods') when every one has the same."""
    labels = [set(_labels(n)) for n in nodes]
    return _signature(nodes), set.intersection(*labels) if labels else set()


def _validate_list(
    xp: str, depth: int, by_page: list[list[Example]], negatives: Sequence[Example]
) -> list[list[str]] | None:
    values = []
    if depth < 0 and not _examples_nested(xp, by_page):
        return None  # the examples sit at one depth: the direct form is the rule
    for page_pos in by_page:
        found = _run(page_pos[0].root, xp)
        if not found:
            return None
        ids = {id(n) for n in found}
        if not all(id(e.node) in ids for e in page_pos):
            return None
        if depth > 0 and len(_list_parents(found, depth)) > 1:
            return None  # items of several lists interleaved
        if depth < 0 and len(_run(page_pos[0].root, xp.rsplit("//", 1)[0]) or ()) != 1:
            return None  # the container is not one node on the page
        if several_lists(found):
            return None  # the rule takes items of several lists of the page
        values.append([_text(n) for n in found])
    for ex in negatives:
        found = _run(ex.root, xp)
        if found and any(n is ex.node for n in found):
            return None
    return values


def _site_list(
    xp: str,
    depth: int,
    trees: Sequence[Any],
    sig: tuple[set[tuple[str, str]], set[str]] | None = None,
) -> dict[str, Any]:
    with_items = mixed = alike = 0
    counts: list[int] = []
    for tree in trees:
        found = _run(tree, xp) or []
        if not found:
            continue
        with_items += 1
        counts.append(len(found))
        if several_lists(found):
            mixed += 1
        lst = _list_of(found[0], depth)
        if sig is None or (
            lst is not None and _carries(lst, sig[0]) and sig[1] <= set(_labels(lst))
        ):
            alike += 1
    return {
        "pages": len(trees),
        "with_items": with_items,
        "alike": alike,
        "mixed": mixed,
        "items_min": min(counts, default=0),
        "items_max": max(counts, default=0),
    }


def _refine_negatives(
    xp: str, negatives: Sequence[Example], positives: Sequence[Example]
) -> list[str]:
    """Variants of a list rule that leave out the 'not this' nodes: a class the negatives'
    items carry and no positive item does, excluded on the last step."""
    out = []
    pos_tokens = set().union(
        *[
            set((e.node.get("class") or "").split())
            | set((e.node.getparent().get("class") or "").split())
            for e in positives
        ]
    )
    for neg in negatives:
        for holder, suffix in ((neg.node, ""), (neg.node.getparent(), "parent")):
            if holder is None:
                continue
            for tok in (holder.get("class") or "").split():
                if tok in pos_tokens or not is_wordlike(tok):
                    continue
                pred = f"not({class_predicate(tok)})"
                if suffix:
                    out.append(f"{xp}[not(parent::*[{class_predicate(tok)}])]")
                else:
                    out.append(f"{xp}[{pred}]")
    # Last resort: the negatives' own link target or text, excluded by value.
    preds = []
    for neg in negatives:
        href = neg.node.get("href")
        if href and len(href) <= 80:
            preds.append(f"@href={xpath_literal(href)}")
        else:
            text = _text(neg.node)
            if text and len(text) <= 60:
                preds.append(f"normalize-space(.)={xpath_literal(text)}")
    if preds:
        out.append(f"{xp}[not({' or '.join(dict.fromkeys(preds))})]")
    return out


def _widest_exclusion(
    xp: str, valid: Sequence[tuple[str, list[list[str]]]], trees: Sequence[Any]
) -> tuple[str, list[list[str]]]:
    """Of the variants that leave the 'not this' nodes out, the one whose exclusion applies on
    the most sampled pages (ties: the first, a class before a link target). A 'not this' click
    stands for a kind of item found on other pages too: rustdoc's item link at the end of a
    path carries its item's kind as class (``struct`` on the clicked page, ``fn`` or ``enum``
    elsewhere) but always links to the page itself, so leaving out the class ``struct`` kept
    the item link on every other kind of page."""
    if len(valid) < 2 or not trees:
        return valid[0]
    base = [len(_run(t, xp) or ()) for t in trees]
    best, best_n = valid[0], -1
    for variant, values in valid:
        n = sum(
            1 for t, b in zip(trees, base, strict=True) if b and len(_run(t, variant) or ()) < b
        )
        if n > best_n:
            best, best_n = (variant, values), n
    return best


# --------------------------------------------------------------------------- entry point


def _check_conflicts(positives: Sequence[Example], negatives: Sequence[Example]) -> None:
    for n in negatives:
        for p in positives:
            if n.url == p.url and n.node is p.node:
                raise InductionError(
                    "the same node is both an example and a 'not this'",
                    [f"example {p.describe()}", f"not {n.describe()}"],
                )


def induce(
    positives: Sequence[Example],
    negatives: Sequence[Example] = (),
    index: SiteIndex | None = None,
    *,
    as_list: bool = False,
    limit: int = 5,
) -> list[Induced]:
    """Rules for the clicked examples, best first. A field rule's first match on each example
    page is the example; a list rule selects every example of a page from one list, and no rule
    selects a 'not this' node. Raises InductionError naming the examples that conflict."""
    if not positives:
        raise InductionError("no examples given")
    _check_conflicts(positives, negatives)
    trees = _sample(index)
    if as_list:
        return _induce_list(positives, negatives, index, trees, limit)
    return _induce_field(positives, negatives, index, trees, limit)


def _induce_field(
    positives: Sequence[Example],
    negatives: Sequence[Example],
    index: SiteIndex | None,
    trees: list[Any],
    limit: int,
) -> list[Induced]:
    roots = {id(e.root) for e in positives}
    if len(roots) < len(positives):
        dup = [e.describe() for e in positives]
        raise InductionError(
            "a field has one value per page: give one example per page (or use --list)", dup
        )
    per_example = [_field_candidates(ex, index) for ex in positives]
    common = (
        set(per_example[0]).intersection(*per_example[1:])
        if len(per_example) > 1
        else set(per_example[0])
    )
    tags = {ex.node.tag for ex in positives}
    if len(tags) > 1:
        # The same place holds a node of another tag on other pages (a chapter's h2, a
        # section's h3): each example's candidates also with the last step's tag widened.
        union = tag_union(tags)
        for ex, cands in zip(positives, per_example, strict=True):
            for xp, (cost, family) in list(cands.items()):
                wide = retag_last(xp, ex.node.tag, union)
                if wide and (wide not in cands or cands[wide][0] > cost + 0.3):
                    cands[wide] = (cost + 0.3, family)
        common = set(per_example[0]).intersection(*per_example[1:])
    # Candidates of any example may fit all of them.
    pool: dict[str, tuple[float, str]] = {}
    for cands in per_example:
        for xp, (cost, family) in cands.items():
            if xp not in pool or pool[xp][0] > cost:
                pool[xp] = (cost, family)
    out: list[Induced] = []
    for xp, (cost, family) in pool.items():
        values = _validate_field(xp, positives, negatives)
        if values is not None:
            out.append(
                Induced(xp, "field", family, cost + (0.0 if xp in common else 0.1), examples=values)
            )
    if not out:
        _explain(positives, negatives, pool, as_list=False)
    ranked = _rank_field(out, trees, positives)[:limit]
    if all(_own_text_clicked(ex.node) for ex in positives):
        # The clicked words are the node's own text; a block inside it (a group trail under a
        # title) is another thing on the screen: the rule takes the own text only.
        for c in ranked:
            c.xpath = f"{c.xpath}/text()[normalize-space()][1]"
            c.examples = [[normalize_text(ex.node.text or "")] for ex in positives]
    return ranked


_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")


def tag_union(tags: set[str]) -> str:
    """A step that matches any of ``tags``: any heading level when they are all headings."""
    names = _HEADINGS if tags <= set(_HEADINGS) else tuple(sorted(tags))
    return "*[" + " or ".join(f"self::{t}" for t in names) + "]"


def tag_union_of(xp: str) -> str:
    """The widened tag step of ``xp``'s last step (``*[self::h1 or ...]``), or ''."""
    m = re.search(r"\*\[self::\w+(?: or self::\w+)+\]", xp)
    return m.group(0) if m else ""


def retag_last(xp: str, tag: str, union: str) -> str | None:
    """``xp`` with its last step's tag ``tag`` replaced by ``union`` (None when the last step
    is not a plain step of that tag)."""
    depth = 0
    cut = -1
    for i, ch in enumerate(xp):
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        elif ch == "/" and depth == 0:
            cut = i
    step = xp[cut + 1 :]
    if step != tag and not step.startswith(tag + "["):
        return None
    rest = step[len(tag) :]
    return f"{xp[: cut + 1]}{union}{rest}"


_BLOCKS = frozenset(
    {"div", "p", "ul", "ol", "dl", "table", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre"}
)


def _own_text_clicked(el: HtmlElement) -> bool:
    """The node starts with its own text and also holds a block with text of its own."""
    own = normalize_text(el.text or "")
    return bool(own) and any(isinstance(c.tag, str) and c.tag in _BLOCKS and _text(c) for c in el)


def _induce_list(
    positives: Sequence[Example],
    negatives: Sequence[Example],
    index: SiteIndex | None,
    trees: list[Any],
    limit: int,
) -> list[Induced]:
    by_root: dict[int, list[Example]] = {}
    for ex in positives:
        by_root.setdefault(id(ex.root), []).append(ex)
    by_page = list(by_root.values())
    pool: dict[str, tuple[float, str, int]] = {}
    for page_pos in by_page:
        for xp, spec in _list_candidates(page_pos, index).items():
            if xp not in pool or pool[xp][0] > spec[0]:
                pool[xp] = spec
    out: list[Induced] = []
    depths: dict[str, int] = {}
    for xp, (cost, family, depth) in pool.items():
        values = _validate_list(xp, depth, by_page, negatives)
        if values is None and negatives:
            valid = []
            for variant in _refine_negatives(xp, negatives, positives):
                got = _validate_list(variant, depth, by_page, negatives)
                if got is not None:
                    valid.append((variant, got))
            if valid:
                variant, values = _widest_exclusion(xp, valid, trees)
                xp, cost = variant, cost + 0.5
        if values is not None:
            depths[xp] = depth
            out.append(Induced(xp, "list", family, cost, examples=values))
    if not out:
        _explain(positives, negatives, {k: (v[0], v[1]) for k, v in pool.items()}, as_list=True)
    out.sort(key=lambda c: (c.cost, len(c.xpath)))
    checked = out[:SITE_CHECKED]
    if trees:
        # A rule that finds a list on more pages than another is wider only where its list
        # is like the examples' (the same hooks, the same label before it): the first block
        # of a sidebar is the 'Methods' list on some pages and another list on the others.
        lists = [_list_node([e.node for e in page])[0] for page in by_page]
        sig = _list_signature(lists)
        # A label that heads no list of its kind on another sampled page (the title entry of
        # this page's own contents before its sub-list) says nothing about the site's lists.
        roots = {id(page[0].root) for page in by_page}
        others = [t for t in trees if id(t) not in roots]
        tag = lists[0].tag
        sig = (
            sig[0],
            {
                lb
                for lb in sig[1]
                if any(
                    _run(t, f"//{lb}/following-sibling::*[position() <= 2][self::{tag}]")
                    for t in others
                )
            },
        )
        for c in checked:
            c.site = _site_list(c.xpath, depths[c.xpath], trees, sig)

        # A rule that takes items of several lists on any sampled page is dropped: its values
        # there join lists that are not the examples' list. When every checked rule mixes,
        # the next cheapest ones are checked too before giving up.
        clean = [c for c in checked if not c.site["mixed"]]
        start = len(checked)
        while not clean and start < len(out):
            more = out[start : start + SITE_CHECKED]
            start += len(more)
            for c in more:
                c.site = _site_list(c.xpath, depths[c.xpath], trees, sig)
            checked += more
            clean = [c for c in more if not c.site["mixed"]]
        lists = [_list_node([e.node for e in page])[0] for page in by_page]
        if not clean and _alike_lists(lists):
            # Another list sits beside the examples' list on other pages: the list's own
            # position among its like siblings (the same on every example page) tells them
            # apart. Not when the examples' lists differ (their hooks or labels): they are
            # two lists, and a position would take one of them on the other pages.
            for c in sorted(checked, key=lambda c: (c.cost, len(c.xpath)))[:SITE_CHECKED]:
                pinned = _pin_list(c.xpath, depths[c.xpath], by_page)
                if pinned is None or pinned in depths:
                    continue
                values = _validate_list(pinned, depths[c.xpath], by_page, negatives)
                if values is None:
                    continue
                p = Induced(pinned, "list", "positional", c.cost + 1.5, examples=values)
                p.site = _site_list(pinned, depths[c.xpath], trees, sig)
                if not p.site["mixed"]:
                    clean.append(p)
        if not clean:
            worst = min(checked, key=lambda c: c.site["mixed"])
            several = len({e.url for e in positives}) > 1 or len(positives) > 1
            raise InductionError(
                (
                    "the examples come from different lists: every rule that selects them"
                    if several
                    else "every rule that selects the example"
                )
                + f" takes items of several lists (on {worst.site['mixed']} of "
                f"{worst.site['pages']} sampled pages); click items of one list",
                [e.describe() for e in positives],
            )
        best = max(c.site["alike"] for c in clean)

        def key(c: Induced) -> tuple[Any, ...]:
            return (c.site["alike"] < 0.85 * best, c.cost, len(c.xpath))

        checked = sorted(clean, key=key)
    return checked[:limit]


def _alike_lists(lists: Sequence[HtmlElement]) -> bool:
    """The examples' list nodes carry the same hooks and the same label before them."""
    kinds = {(frozenset(_signature([n])), frozenset(_labels(n)), n.tag) for n in lists}
    return len(kinds) <= 1


def _top_steps(xp: str) -> list[str]:
    """``xp`` cut at its top-level slashes (none inside a predicate)."""
    out: list[str] = []
    depth = 0
    cur = ""
    for ch in xp:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        if ch == "/" and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    out.append(cur)
    return out


def _pin_list(xp: str, depth: int, by_page: list[list[Example]]) -> str | None:
    """``xp`` with the list node's step given the list's position among its siblings of its
    tag, when that position is one on every example page (None otherwise)."""
    if depth <= 0:
        return None
    steps = _top_steps(xp)
    i = len(steps) - 1 - depth
    if (
        i < 1
        or not re.fullmatch(r"[\w-]+(\[[^\]]*\])*", steps[i])
        or re.search(r"\[\d+\]", steps[i])
    ):
        return None
    positions = set()
    for page_pos in by_page:
        lst = _list_of(page_pos[0].node, depth)
        parent = lst.getparent() if lst is not None else None
        if lst is None or parent is None:
            return None
        positions.add(1 + [c for c in parent if c.tag == lst.tag].index(lst))
    if len(positions) != 1:
        return None
    steps[i] += f"[{positions.pop()}]"
    return "/".join(steps)


def _explain(
    positives: Sequence[Example],
    negatives: Sequence[Example],
    pool: dict[str, tuple[float, str]],
    *,
    as_list: bool,
) -> None:
    """Raise an InductionError saying which examples cannot go together."""
    # Which example does each candidate fail on? The examples no candidate of the first one
    # covers are the conflicting ones.
    first = positives[0]
    kind = "list" if as_list else "field"
    conflicts: list[str] = []
    for ex in positives[1:]:
        pair = [first, ex]
        if not any(_covers(xp, pair, as_list) for xp in pool):
            conflicts.append(f"{first.describe()} and {ex.describe()} cannot be one {kind}")
    if conflicts:
        raise InductionError(
            "the examples contradict each other (different templates or different parts of the page?)"
            if not as_list
            else "the examples contradict each other (different lists, templates or parts of the page?)",
            conflicts,
        )
    if negatives:
        raise InductionError(
            "every rule that selects the examples also selects a 'not this' node",
            [f"not {n.describe()}" for n in negatives],
        )
    raise InductionError(
        f"no {kind} rule selects these examples", [e.describe() for e in positives]
    )


def _covers(xp: str, examples: Sequence[Example], as_list: bool) -> bool:
    for ex in examples:
        found = _run(ex.root, xp)
        if not found:
            return False
        if as_list:
            if not any(n is ex.node for n in found):
                return False
        elif found[0] is not ex.node:
            return False
    return True
