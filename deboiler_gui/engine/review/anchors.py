"""Narrowing a group's rule by anchors: when a hook takes the group's subtrees and the same kind
of subtree elsewhere (every navigation bar of a Texinfo manual is a ``div.header``), predicates
on what the group's nodes have and the others lack are added one at a time: the node's own
leading text or label words (``starts-with(normalize-space(.), 'Previous:')``), attribute values
inside it (``.//a[@rel='up']``), its parent, its nearest siblings, and the negations of these.
The predicates are tested on the nodes in Python first (cheap), then the result as XPath."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial

from deboiler_gui.engine.htmltree import HtmlElement
from deboiler_gui.engine.model import RuleError
from deboiler_gui.engine.template.selectors import class_predicate, select_elements, xpath_literal

#: Attributes of nodes inside the subtree whose values may tell it apart.
_INNER_ATTRIBUTES = ("rel", "accesskey", "role", "title", "class", "type", "name")
#: Predicates added at most (each one must make the rule closer to the group).
MAX_PREDICATES = 3
#: A base taking more nodes than this over the site is not narrowed (too slow to weigh).
MAX_NODES = 20000
_XML_SPACE = re.compile(r"[ \t\r\n]+")
_LABEL = re.compile(r"^[^\s:]{1,24}:$")


def _norm(text: str) -> str:
    """XPath's normalize-space (only XML white space; a no-break space stays)."""
    return _XML_SPACE.sub(" ", text).strip(" ")


@dataclass(frozen=True)
class Predicate:
    xpath: str
    test: Callable[[HtmlElement], bool]


def _string(el: HtmlElement) -> str:
    value = el.xpath("string(.)")
    return value if isinstance(value, str) else ""


def _class_tokens(el: HtmlElement) -> list[str]:
    return [t for t in _norm(el.get("class") or "").split(" ") if t and "'" not in t]


def _element_test(el: HtmlElement | None, tag: str, token: str | None) -> bool:
    return (
        el is not None
        and el.tag == tag
        and (token is None or token in _norm(el.get("class") or "").split(" "))
    )


def _element_step(tag: str, token: str | None) -> str:
    return tag if token is None else f"{tag}[{class_predicate(token)}]"


def _sibling(el: HtmlElement, forward: bool) -> HtmlElement | None:
    node: HtmlElement | None = el.getnext() if forward else el.getprevious()
    while node is not None and not isinstance(node.tag, str):
        node = node.getnext() if forward else node.getprevious()
    return node


def _starts_with(prefix: str, n: HtmlElement) -> bool:
    return _norm(_string(n)).startswith(prefix)


def _contains(word: str, n: HtmlElement) -> bool:
    return word in _string(n)


def _has_inner(tag: str, name: str, value: str, n: HtmlElement) -> bool:
    return any(d.get(name) == value for d in n.iterdescendants(tag))


def _parent_is(tag: str, token: str | None, n: HtmlElement) -> bool:
    return _element_test(n.getparent(), tag, token)


def _no_sibling(forward: bool, n: HtmlElement) -> bool:
    return _sibling(n, forward) is None


def _sibling_is(forward: bool, tag: str, token: str | None, n: HtmlElement) -> bool:
    return _element_test(_sibling(n, forward), tag, token)


def _titled_other(title: str, n: HtmlElement) -> bool:
    return _title(n) != title


def _predicates_of(el: HtmlElement) -> dict[str, Predicate]:
    """What one group node has: its leading words and labels, attribute values inside it, its
    parent and nearest siblings."""
    out: dict[str, Predicate] = {}

    def add(xpath: str, test: Callable[[HtmlElement], bool]) -> None:
        out.setdefault(xpath, Predicate(xpath, test))

    words = _norm(_string(el)).split(" ")
    for k in (1, 2):
        if len(words) >= k and 0 < len(" ".join(words[:k])) <= 40:
            prefix = " ".join(words[:k])
            add(
                f"starts-with(normalize-space(.), {xpath_literal(prefix)})",
                partial(_starts_with, prefix),
            )
    for word in dict.fromkeys(w for w in words[:12] if _LABEL.match(w)):
        add(f"contains(., {xpath_literal(word)})", partial(_contains, word))
    for inner in el.iterdescendants():
        if not isinstance(inner.tag, str):
            continue
        for name in _INNER_ATTRIBUTES:
            value = inner.get(name)
            if value and len(value) <= 40 and not any(c.isdigit() for c in value):
                tag = inner.tag
                add(
                    f".//{tag}[@{name}={xpath_literal(value)}]",
                    partial(_has_inner, str(tag), name, value),
                )
    parent = el.getparent()
    if parent is not None and isinstance(parent.tag, str):
        for token in [None, *_class_tokens(parent)]:
            add(
                f"parent::{_element_step(parent.tag, token)}",
                partial(_parent_is, str(parent.tag), token),
            )
    for forward, axis in ((False, "preceding-sibling"), (True, "following-sibling")):
        sib = _sibling(el, forward)
        if sib is None:
            add(
                f"not({axis}::*)",
                partial(_no_sibling, forward),
            )
            continue
        for token in [None, *_class_tokens(sib)]:
            add(
                f"{axis}::*[1][self::{_element_step(sib.tag, token)}]",
                partial(_sibling_is, forward, str(sib.tag), token),
            )
    return out


#: Pages outside the group that may be named by their title.
_TITLED_PAGES = 3


def _title(node: HtmlElement) -> str:
    """The page's /html/head/title, normalised ('' when it has none)."""
    root = node.getroottree().getroot()
    found = root.find("head/title") if root is not None and root.tag == "html" else None
    return _norm(found.xpath("string(.)")) if found is not None else ""


def _negated(p: Predicate) -> Predicate:
    return Predicate(f"not({p.xpath})", lambda n: not p.test(n))


@dataclass
class _Pages:
    """The base rule's nodes per page, and the group's nodes among them."""

    group: dict[str, set[HtmlElement]]  # page -> the group's nodes on it
    taken: dict[str, list[HtmlElement]]  # page -> the nodes the base rule takes
    wanted: set[str]  # the group's pages


def page_faults(
    pages: _Pages, keep: Callable[[HtmlElement], bool], weight: Callable[[int, int, int], int]
) -> int:
    extra = missed = wrong = 0
    for url, nodes in pages.taken.items():
        got = {n for n in nodes if keep(n)}
        expected = pages.group.get(url, set())
        if url not in pages.wanted:
            extra += bool(got)
        elif not expected <= got:
            missed += 1
        elif any(not any(a in expected for a in n.iterancestors()) for n in got - expected):
            wrong += 1  # nodes inside the group's subtrees change nothing
    missed += sum(1 for url in pages.wanted if url not in pages.taken)
    return weight(extra, missed, wrong)


def narrowed_by_anchors(
    base: str,
    trees: Sequence[tuple[str, HtmlElement]],
    group_nodes: dict[str, list[HtmlElement]],
    weight: Callable[[int, int, int], int],
) -> list[str]:
    """``base`` with up to MAX_PREDICATES anchor predicates added greedily, each the one that
    brings the rule's pages closest to the group's (``weight(extra, missed, wrong)``, lower is
    better); every step that improved it, shortest first. Empty when none does."""
    taken: dict[str, list[HtmlElement]] = {}
    for url, tree in trees:
        try:
            nodes = select_elements(tree, base)
        except RuleError:
            return []
        if nodes:
            taken[url] = nodes
    if sum(len(ns) for ns in taken.values()) > MAX_NODES:
        return []
    pages = _Pages({u: set(ns) for u, ns in group_nodes.items()}, taken, set(group_nodes))
    samples = [n for ns in group_nodes.values() for n in ns]
    pool: dict[str, Predicate] = {}
    for el in samples[:40]:
        for xp, p in _predicates_of(el).items():
            pool.setdefault(xp, p)
    for p in list(pool.values()):
        neg = _negated(p)
        pool.setdefault(neg.xpath, neg)
    titles = {u: _title(tree) for u, tree in trees if u in taken}
    inside = {titles.get(u) for u in group_nodes}
    chosen: list[Predicate] = []
    score = page_faults(pages, lambda n: True, weight)
    out: list[str] = []
    memo: dict[tuple[str, int], bool] = {}

    def holds(p: Predicate, n: HtmlElement) -> bool:
        key = (p.xpath, id(n))
        if key not in memo:
            memo[key] = p.test(n)
        return memo[key]

    while score > 0 and len(chosen) < MAX_PREDICATES:
        # The few pages outside the group where the rule still takes something (a manual's
        # single-page edition holding every chapter) are named by their titles, when those
        # are their own.
        outside = [
            u
            for u, nodes in taken.items()
            if u not in pages.wanted and any(all(holds(q, n) for q in chosen) for n in nodes)
        ]
        for url in outside if len(outside) <= _TITLED_PAGES else ():
            title = titles.get(url)
            if title and title not in inside and len(title) <= 120:
                xp = f"not(/html/head/title[normalize-space(.)={xpath_literal(title)}])"
                pool.setdefault(xp, Predicate(xp, partial(_titled_other, title)))
        best: tuple[int, int, Predicate] | None = None
        for p in pool.values():
            if p in chosen:
                continue

            def keep(n: HtmlElement, p: Predicate = p) -> bool:
                return all(holds(q, n) for q in chosen) and holds(p, n)

            s = page_faults(pages, keep, weight)
            if s < score and (best is None or (s, len(p.xpath)) < (best[0], best[1])):
                best = (s, len(p.xpath), p)
        if best is None:
            break
        score = best[0]
        chosen.append(best[2])
        out.append(_with(base, chosen))
    return out[::-1]


def _with(base: str, predicates: Iterable[Predicate]) -> str:
    head = f"({base})" if "|" in base else base
    return head + "".join(f"[{p.xpath}]" for p in predicates)


__all__ = ["MAX_PREDICATES", "Predicate", "narrowed_by_anchors", "page_faults"]
