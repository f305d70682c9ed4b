"""Boilerplate groups: every subtree the automatic cleaner detects, grouped by representation
across a site, and the accept/reject decisions that turn a group into a template rule."""

from __future__ import annotations

import hashlib
import logging
import re
import time
from collections import Counter
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from deboiler_gui.engine.clean.boilerplate import find_boilerplate
from deboiler_gui.engine.htmltree import HtmlElement, parse_html, visible_text
from deboiler_gui.engine.model import DomainModel, Page, Progress, RuleError, WorkspaceError
from deboiler_gui.engine.review.anchors import narrowed_by_anchors
from deboiler_gui.engine.template.model import Rule, Template
from deboiler_gui.engine.template.selectors import (
    class_predicate,
    is_wordlike,
    select_elements,
    suggest,
    xpath_literal,
)

log = logging.getLogger(__name__)

#: How many XPaths of one group an accepted/rejected rule lists (XPath union).
MAX_GROUP_XPATHS = 12
_STEP = re.compile(r"/([A-Za-z_][\w.-]*)(?=/|$)")
#: About how long the words of a group's readable rule name are.
_NAME_CHARS = 32
#: A group's identity as its rule's note (or an older rule's name) carries it.
_GROUP_ID = re.compile(r"group-[^\]\s]+")
_NOTED_GROUP = re.compile(r"\[(group-[^\]\s]+)\]")


def pinned(xpath: str) -> str:
    """An absolute path with every step indexed. xpath_of leaves out [1] where a tag is alone
    among its siblings; as a rule on another page "/html/body/div" would take every div."""
    return _STEP.sub(lambda m: f"/{m.group(1)}[1]", xpath)


@dataclass
class BoilerplateGroup:
    """Every subtree the automatic cleaner detects with one representation, across the site."""

    key: str
    detector: str
    site: str = ""
    pages: int = 0
    occurrences: int = 0
    chars: int = 0
    sample_url: str = ""
    sample_xpath: str = ""
    sample_text: str = ""
    xpaths: Counter[str] = field(default_factory=Counter)
    #: Stable selectors (from the sample node) -> occurrences they select exactly.
    candidates: dict[str, int] = field(default_factory=dict)
    #: page URL -> the absolute XPaths of the group's subtrees on that page.
    page_xpaths: dict[str, list[str]] = field(default_factory=dict)

    @property
    def rule_name(self) -> str:
        """The group's identity in a template: its rule's note carries it (older templates
        named the rule with it); the rule itself gets a readable name, ``readable_name``."""
        return f"group-{self.key[:16]}"

    def readable_name(self, accept: bool, taken: Iterable[str] = ()) -> str:
        """What the rule does and to what, as a person would name it: "remove: Previous /
        Next" from the group's first words (else its detector), unique among ``taken``."""
        words = " ".join(self.sample_text.split()).split(" ")
        label = ""
        for word in words:
            if len(label) + len(word) + 1 > _NAME_CHARS and label:
                label += " …"
                break
            label = f"{label} {word}".strip()
        label = label or f"{self.detector} group"
        base = f"{'remove' if accept else 'keep'}: {label}"
        taken = set(taken)
        name, n = base, 2
        while name in taken:
            name, n = f"{base} ({n})", n + 1
        return name

    @property
    def selector(self) -> str:
        """The explicit rule: a stable selector that picked every occurrence when there is one,
        else the XPath union of the group's most frequent positions."""
        for expr, hits in self.candidates.items():
            if hits >= self.occurrences:
                return expr
        return " | ".join(
            dict.fromkeys(pinned(xp) for xp, _n in self.xpaths.most_common(MAX_GROUP_XPATHS))
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "detector": self.detector,
            "site": self.site,
            "pages": self.pages,
            "occurrences": self.occurrences,
            "chars": self.chars,
            "sample_url": self.sample_url,
            "sample_xpath": self.sample_xpath,
            "sample_text": self.sample_text,
            "xpaths": dict(self.xpaths.most_common(MAX_GROUP_XPATHS)),
            "candidates": dict(self.candidates),
            "selector": self.selector,
            "rule_name": self.rule_name,
            "page_xpaths": {u: list(x) for u, x in self.page_xpaths.items()},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BoilerplateGroup:
        return cls(
            key=str(data["key"]),
            detector=str(data.get("detector", "")),
            site=str(data.get("site", "")),
            pages=int(data.get("pages", 0)),
            occurrences=int(data.get("occurrences", 0)),
            chars=int(data.get("chars", 0)),
            sample_url=str(data.get("sample_url", "")),
            sample_xpath=str(data.get("sample_xpath", "")),
            sample_text=str(data.get("sample_text", "")),
            xpaths=Counter({str(k): int(v) for k, v in dict(data.get("xpaths", {})).items()}),
            candidates={str(k): int(v) for k, v in dict(data.get("candidates", {})).items()},
            page_xpaths={
                str(u): [str(x) for x in xs] for u, xs in dict(data.get("page_xpaths", {})).items()
            },
        )


#: Selector families stable enough to stand for a whole group (positional ones are not).
_STABLE_FAMILIES = ("testid", "id", "semantic", "class", "anchor", "text")


def _stable_candidates(el: HtmlElement, limit: int = 4) -> dict[str, int]:
    try:
        found = suggest(el, None, limit=10)
    except RuleError:
        return {}
    out: dict[str, int] = {}
    for cand in found:
        if cand.family in _STABLE_FAMILIES and cand.page_matches == 1 and len(out) < limit:
            out[cand.xpath] = 0
    return out


def group_steps(
    pages: Iterable[Page],
    models: dict[str, DomainModel],
    *,
    total: int | None = None,
    sample_chars: int = 200,
) -> Generator[Progress, None, list[BoilerplateGroup]]:
    """Group every detected boilerplate subtree of the site by its representation key, with the
    number of pages it touches; largest groups (pages x chars) first."""
    groups: dict[str, BoilerplateGroup] = {}
    done = 0
    yield Progress(0, total, "grouping")
    for page in pages:
        done += 1
        model = models.get(page.site)
        if model is None or page.error or not page.html:
            yield Progress(done, total, page.url)
            continue
        try:
            found = find_boilerplate(parse_html(page.html), model)
        except Exception as exc:  # one bad page never stops the review
            log.warning("grouping %s failed: %s", page.url, exc, exc_info=True)
            found = []
        seen: set[str] = set()
        for el, rem in found:
            raw = f"{page.site}\x00{rem.detector}\x00{rem.representation or rem.xpath}"
            key = hashlib.blake2b(raw.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()
            g = groups.get(key)
            if g is None:
                text = visible_text(el)
                g = groups[key] = BoilerplateGroup(
                    key,
                    rem.detector,
                    page.site,
                    sample_url=page.url,
                    sample_xpath=rem.xpath,
                    sample_text=text[:sample_chars],
                )
                g.candidates = _stable_candidates(el)
            for expr in list(g.candidates):
                # A candidate stands for the group only while it picks exactly this node.
                try:
                    hit = select_elements(el.getroottree().getroot(), expr) == [el]
                except RuleError:
                    hit = False
                if hit:
                    g.candidates[expr] += 1
                else:
                    del g.candidates[expr]
            g.occurrences += 1
            g.chars += rem.chars
            g.xpaths[rem.xpath] += 1
            g.page_xpaths.setdefault(page.url, []).append(rem.xpath)
            if key not in seen:
                seen.add(key)
                g.pages += 1
        yield Progress(done, total, page.url)
    return sorted(
        groups.values(), key=lambda g: (-g.pages * max(g.chars // max(g.occurrences, 1), 1), g.key)
    )


# --------------------------------------------------------------------------- the minimal rule

#: How a group rule was found, best first: a hook of the node itself (id, class, semantic
#: attribute, text) or of a node inside it that every subtree of the group holds, the leading
#: words every subtree of the group starts with, a hook of an ancestor with the path below it,
#: a path relative to the nearest distinctive steps, and last the absolute positions of the
#: group's subtrees.
RULE_KINDS = ("hook", "text", "relative", "path", "positions")
#: Sample occurrences candidates are drawn from.
_SAMPLES = 3


@dataclass
class GroupRule:
    """The selector proposed for a group, with what it does over the site's pages."""

    selector: str
    kind: str  # one of RULE_KINDS
    group_pages: int  # pages of the group among the pages checked
    site_pages: int  # pages where the selector matches anything
    pages: int  # pages checked
    extra: list[str] = field(default_factory=list)  # pages outside the group it matches
    missed: list[str] = field(default_factory=list)  # group pages where it misses a subtree
    wrong: list[str] = field(default_factory=list)  # group pages where it also takes other nodes
    #: Pages of ``extra`` where it takes only nodes like the group's (the same text, or the
    #: same make-up of tags and classes): the same chrome the cleaner did not group there.
    alike: list[str] = field(default_factory=list)
    #: It takes an ancestor of the group's subtree on some group page (too broad to narrow).
    encloses: bool = field(default=False, repr=False, compare=False)

    @property
    def exact(self) -> bool:
        """It takes the group's subtrees and nothing else, on every page checked."""
        return not (self.extra or self.missed or self.wrong)

    @property
    def clean(self) -> bool:
        """Exact, or outside the group it takes only nodes like the group's, on no more pages
        than the group's (a label such as "Example:" on 60 pages is not a 2-page group's
        chrome)."""
        return (
            not (self.missed or self.wrong) and set(self.extra) <= set(self.alike) and self.precise
        )

    @property
    def precise(self) -> bool:
        """It takes no more pages outside the group than group pages inside it (a rule that
        does is no rule for the group: applying it would change more pages than the group's)."""
        return 2 * len(self.extra) <= self.site_pages

    def describe(self) -> str:
        text = f"matches {self.site_pages:,} of {self.pages:,} pages (group: {self.group_pages:,})"
        if not self.precise:
            text = "no precise rule found; the closest, not exact: " + text
        if not self.exact:
            parts = []
            if self.extra:
                like = len(set(self.extra) & set(self.alike))
                parts.append(
                    f"{len(self.extra):,} pages outside the group"
                    + (
                        " (all with the same chrome)"
                        if like == len(self.extra)
                        else f" ({like:,} with the same chrome)"
                        if like
                        else ""
                    )
                )
            if self.missed:
                parts.append(f"misses it on {len(self.missed):,}")
            if self.wrong:
                parts.append(f"takes more on {len(self.wrong):,}")
            text += "; not exact: " + ", ".join(parts)
        return text

    def to_dict(self) -> dict[str, Any]:
        return {
            "selector": self.selector,
            "kind": self.kind,
            "group_pages": self.group_pages,
            "site_pages": self.site_pages,
            "pages": self.pages,
            "extra": list(self.extra),
            "missed": list(self.missed),
            "wrong": list(self.wrong),
            "alike": list(self.alike),
            "exact": self.exact,
            "precise": self.precise,
            "description": self.describe(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GroupRule:
        return cls(
            str(data["selector"]),
            str(data.get("kind", "")),
            int(data.get("group_pages", 0)),
            int(data.get("site_pages", 0)),
            int(data.get("pages", 0)),
            [str(u) for u in data.get("extra", [])],
            [str(u) for u in data.get("missed", [])],
            [str(u) for u in data.get("wrong", [])],
            [str(u) for u in data.get("alike", [])],
        )


def _tail_paths(el: HtmlElement, longest: int = 4) -> list[str]:
    """``//a/b[2]/c``: the last steps of the node's indexed path, shortest first (a relative
    path holds where the part above the node moves between pages)."""
    steps: list[str] = []
    node: HtmlElement | None = el
    while node is not None and isinstance(node.tag, str) and node.tag != "html":
        parent = node.getparent()
        same = [c for c in parent if c.tag == node.tag] if parent is not None else [node]
        steps.insert(0, f"{node.tag}[{same.index(node) + 1}]" if len(same) > 1 else node.tag)
        node = parent
    return ["//" + "/".join(steps[-k:]) for k in range(1, min(longest, len(steps)) + 1)]


def _candidates(samples: list[HtmlElement]) -> list[tuple[str, str]]:
    """(selector, kind) in preference order, from a few occurrences of the group."""
    found: dict[str, str] = {}
    ranked: list[tuple[int, float, str]] = []
    for el in samples:
        try:
            cands = suggest(el, None, limit=40)
        except RuleError:
            cands = []
        for c in cands:
            if c.family == "positional" or "tbody" in c.xpath:
                continue
            # One step (the node's own hook) or a path from an ancestor or a label.
            one_step = "/" not in re.sub(r"'[^']*'|\"[^\"]*\"", "", c.xpath)[2:]
            kind = "hook" if one_step and c.family != "anchor" else "relative"
            if c.xpath not in found:
                found[c.xpath] = kind
                ranked.append((RULE_KINDS.index(kind), c.cost, c.xpath))
        for i, xp in enumerate(_tail_paths(el)):
            if xp not in found and "tbody" not in xp:
                found[xp] = "path"
                ranked.append((RULE_KINDS.index("path"), float(i), xp))
    ranked.sort()
    return [(xp, found[xp]) for _k, _c, xp in ranked]


def _inside(node: HtmlElement, taken: set[int]) -> bool:
    """The node lies inside one of the ``taken`` subtrees (taking it too changes nothing)."""
    return any(id(a) in taken for a in node.iterancestors())


def _check(
    expr: str,
    kind: str,
    trees: list[tuple[str, HtmlElement]],
    group: BoilerplateGroup,
    give_up: int | None,
    alike: Callable[[HtmlElement], bool] | None = None,
) -> GroupRule | None:
    """What ``expr`` does on the pages; None when it is invalid or has more faults than
    ``give_up`` (a better candidate is already known)."""
    rule = GroupRule(expr, kind, 0, 0, len(trees))
    for url, tree in trees:
        try:
            nodes = select_elements(tree, expr)
        except RuleError:
            return None
        wanted = group.page_xpaths.get(url)
        if nodes:
            rule.site_pages += 1
        if wanted is None:
            if nodes:
                rule.extra.append(url)
                taken = {id(n) for n in nodes}
                outer = (n for n in nodes if not _inside(n, taken))
                if alike is not None and all(alike(n) for n in outer):
                    rule.alike.append(url)
        else:
            rule.group_pages += 1
            expected_nodes = [n for xp in wanted for n in tree.xpath(xp)]
            expected = {id(n) for n in expected_nodes}
            got = {id(n) for n in nodes}
            if not rule.encloses and got - expected:
                rule.encloses = any(id(a) in got for n in expected_nodes for a in n.iterancestors())
            if not expected <= got:
                rule.missed.append(url)
            elif any(id(n) not in expected and not _inside(n, expected) for n in nodes):
                rule.wrong.append(url)
        if give_up is not None and _faults(rule) > give_up:
            return None
    return rule


#: Closest to the group, precision first: a page the rule takes outside the group (or where it
#: takes more than the group) counts twice a group page it misses; a rule that covers less than
#: half the group's pages is worse than any that covers more (a rule matching nothing is no
#: answer).
_EXTRA_WEIGHT = 2
_UNCOVERED_WEIGHT = 1_000_000
_IMPRECISE_WEIGHT = 10_000


def _weight(group_pages: int) -> Callable[[int, int, int], int]:
    def weight(extra: int, missed: int, wrong: int) -> int:
        faults = _EXTRA_WEIGHT * (extra + wrong) + missed
        if 2 * (group_pages - missed) < group_pages:
            faults += _UNCOVERED_WEIGHT
        if extra > group_pages - missed:
            # More pages changed outside the group than inside it: worse than any rule that
            # keeps to the group's pages, whatever it misses there.
            faults += _IMPRECISE_WEIGHT
        return faults

    return weight


def _faults(rule: GroupRule) -> int:
    return _weight(rule.group_pages)(len(rule.extra), len(rule.missed), len(rule.wrong))


def minimal_rule(group: BoilerplateGroup, trees: Iterable[tuple[str, HtmlElement]]) -> GroupRule:
    """The simplest selector that takes exactly the group's subtrees on the group's pages and
    matches nothing on the site's other pages (``trees``: url, parsed page; the site or a
    sample of it): a hook every subtree of the group holds (its own class or id, or one of a
    node inside it), else the leading words every subtree starts with, else a relative path,
    else the absolute positions of the group's subtrees, which are never taken when they
    change more pages outside the group than inside it and anything else covers the group.
    A hook that takes, outside the group, only nodes like the group's (``GroupRule.alike``)
    is narrowed to exactly the group when that can be done, else proposed as it is. When no
    candidate is exact, the one with the fewest faulty pages is returned, precision first;
    ``GroupRule.exact``, ``precise`` and ``describe()`` say so."""
    pages = list(trees)
    samples: list[HtmlElement] = []
    for url, tree in pages:
        xps = group.page_xpaths.get(url)
        if xps and len(samples) < _SAMPLES:
            found = tree.xpath(xps[0])
            if found and isinstance(found[0], HtmlElement):
                samples.append(found[0])
    if not samples:
        raise WorkspaceError(
            f"boilerplate group {group.key}: none of its pages is among the {len(pages)} pages given"
        )
    by_url = dict(pages)
    group_nodes = {
        url: [n for xp in xps for n in by_url[url].xpath(xp) if isinstance(n, HtmlElement)]
        for url, xps in group.page_xpaths.items()
        if url in by_url
    }
    suggested = _candidates(samples)
    shared = _shared_hooks([n for ns in group_nodes.values() for n in ns])
    # Simplest first: hooks every subtree of the group holds, the samples' own hooks, the
    # words every subtree starts with, then paths.
    cands = list(
        dict.fromkeys(
            [
                *((x, k) for x, k in shared if k == "hook"),
                *((x, k) for x, k in suggested if k == "hook"),
                *((x, k) for x, k in shared if k != "hook"),
                *((x, k) for x, k in suggested if k != "hook"),
            ]
        )
    )
    union = " | ".join(
        dict.fromkeys(pinned(xp) for xps in group.page_xpaths.values() for xp in xps)
    )
    best: GroupRule | None = None
    covering: list[GroupRule] = []  # rules taking the whole group, but on other pages too

    like_group = _Alike([n for ns in group_nodes.values() for n in ns])
    first_clean: GroupRule | None = None

    def consider(expr: str, kind: str) -> None:
        nonlocal best, first_clean
        rule = _check(
            expr, kind, pages, group, None if best is None else _faults(best) - 1, like_group
        )
        if rule is None:
            return
        if best is None or _faults(rule) < _faults(best):
            best = rule
        if rule.clean and kind in ("hook", "text") and first_clean is None:
            first_clean = rule
        if (rule.extra or rule.wrong) and not rule.missed and not rule.encloses:
            covering.append(rule)

    started = time.monotonic()

    def out_of_time() -> bool:
        # Candidates are tried simplest first: past the budget the best so far is given (a
        # person is waiting; a rule that is not exact says so before it is applied).
        return time.monotonic() - started > _BUDGET_SECONDS

    narrowed: set[str] = set()

    def narrow_covering() -> bool:
        """The hooks take the group's subtrees and the same subtrees on other pages (a site in
        two languages, a section with its own footer): narrowed by what the group's pages share
        and the others do not (an ancestor's attribute such as html/@lang, the subtree's own
        text). True once an exact rule is found."""
        for rule in covering[:_REFINED]:
            if rule.selector in narrowed:
                continue
            narrowed.add(rule.selector)
            outside = {
                " ".join(visible_text(n).split())
                for url in rule.extra[: _SAMPLES * 10]
                for n in select_elements(by_url[url], rule.selector)
            }
            for expr in _narrowed(rule.selector, samples, outside):
                consider(expr, rule.kind)
                if best is not None and (best.exact or out_of_time()):
                    return best.exact
        return False

    for expr, kind in cands:
        if first_clean is not None and first_clean.kind == "hook" and kind != "hook":
            # A hook taking only the group and the same chrome on pages where the cleaner
            # did not group it: what is narrower is built on it (below), not beside it.
            break
        if kind != "hook" and covering and narrow_covering():
            # A hook narrowed by a page attribute outlives the words of a sidebar's list.
            return best  # type: ignore[return-value]
        consider(expr, kind)
        if best is not None and best.exact:
            return best
        if best is not None and out_of_time():
            return first_clean or best
    if narrow_covering():
        return best  # type: ignore[return-value]
    if best is not None and out_of_time():
        return first_clean or best
    # Anchors: predicates on what the group's nodes have and the others lack (leading words,
    # labels, attribute values inside, parent, nearest siblings), added one at a time.
    weight = _weight(len(group_nodes))
    bases = list(
        dict.fromkeys(
            [
                *(r.selector for r in covering[:_REFINED]),
                *([best.selector] if best else []),
            ]
        )
    )
    for base in bases:
        for expr in narrowed_by_anchors(base, pages, group_nodes, weight):
            consider(expr, "relative")
            if best is not None and best.exact:
                return best
        if best is not None and out_of_time():
            return first_clean or best
    if first_clean is not None:
        return first_clean
    if union.count("|") < 50:
        # Positions are the last resort: the same index holds other content on other pages;
        # they are never chosen when they change more pages outside the group than inside it
        # and any rule that covers the group is known.
        positions = _check(union, "positions", pages, group, None)
        if positions is not None and (
            positions.precise or best is None or _faults(best) >= _UNCOVERED_WEIGHT
        ):
            consider(union, "positions")
    if best is None:
        raise WorkspaceError(f"boilerplate group {group.key} has no XPath to turn into a rule")
    return best


#: How alike two subtrees' make-ups (tags with their classes) must be to count as the same chrome.
_ALIKE_SHAPE = 0.8
#: Group subtrees a node outside the group is compared with.
_ALIKE_SAMPLES = 12


def _shape(el: HtmlElement) -> frozenset[str]:
    out = {str(el.tag)}
    for d in el.iterdescendants():
        if isinstance(d.tag, str):
            out.add(f"{d.tag}.{d.get('class') or ''}")
    return frozenset(out)


class _Alike:
    """Whether a node outside the group is the group's chrome: the same text as most of the
    group's subtrees, or the same tag and nearly the same make-up of tags and classes."""

    def __init__(self, nodes: list[HtmlElement]) -> None:
        # The texts most of the group's subtrees have (a text only one of them has may be
        # the cleaner's slip, not the group's chrome).
        counts = Counter(_xml_norm(n.xpath("string(.)")) for n in nodes)
        self.texts = {t for t, k in counts.items() if 2 * k >= len(nodes)}
        self.tags = {n.tag for n in nodes}
        step = max(1, len(nodes) // _ALIKE_SAMPLES)
        self.shapes = list(dict.fromkeys(_shape(n) for n in nodes[::step]))

        # Every candidate rule asks about the same nodes again (the proxy is kept alive here,
        # so lxml hands back the same object for the node).
        self.known: dict[HtmlElement, bool] = {}

    def __call__(self, node: HtmlElement) -> bool:
        if node.tag not in self.tags:
            return False
        found = self.known.get(node)
        if found is None:
            found = self.known[node] = self._alike(node)
        return found

    def _alike(self, node: HtmlElement) -> bool:
        if _xml_norm(node.xpath("string(.)")) in self.texts:
            return True
        shape = _shape(node)
        if len(shape) < 3:  # a bare paragraph's make-up tells nothing
            return False
        return any(len(shape & s) >= _ALIKE_SHAPE * len(shape | s) for s in self.shapes)


#: Leading words (and characters) a text anchor holds at most.
_ANCHOR_WORDS = 5
_ANCHOR_CHARS = 60
#: Hooks inside the subtrees tried at most.
_INNER_HOOKS = 6
_INNER_NAMES = ("class", "id", "role", "rel", "accesskey")


def _attribute_predicate(name: str, value: str) -> str:
    return class_predicate(value) if name == "class" else f"@{name}={xpath_literal(value)}"


def _hook_values(el: HtmlElement) -> set[tuple[str, str]]:
    out: set[tuple[str, str]] = set()
    for name in _INNER_NAMES:
        raw = el.get(name)
        if not raw:
            continue
        for value in raw.split() if name == "class" else [raw.strip()]:
            if value and "'" not in value and is_wordlike(value):
                out.add((name, value))
    return out


def _shared_hooks(nodes: list[HtmlElement]) -> list[tuple[str, str]]:
    """(selector, kind) drawn from every subtree of the group, not from a few samples: the
    subtrees' tag with a class, id or role all of them carry, or one a node inside all of them
    carries (``//table[.//td[@class='NavBarCell1']]``), then ("text") the leading words all
    of them start with, cut before the first word holding a digit (a date, a version):
    ``//p[starts-with(normalize-space(.), 'This document was generated by')]``."""
    tags = {n.tag for n in nodes if isinstance(n.tag, str)}
    if len(tags) != 1 or len(nodes) < 1:
        return []
    tag = str(tags.pop())
    own: set[tuple[str, str]] | None = None
    inner: set[tuple[str, str, str]] | None = None
    order: dict[tuple[str, str, str], int] = {}  # nearest the subtree's top first
    for n in nodes:
        mine = _hook_values(n)
        below = {
            (str(d.tag), name, value)
            for d in n.iterdescendants()
            if isinstance(d.tag, str)
            for name, value in _hook_values(d)
        }
        if inner is None:
            for i, d in enumerate(x for x in n.iterdescendants() if isinstance(x.tag, str)):
                for name, value in _hook_values(d):
                    order.setdefault((str(d.tag), name, value), i)
        own = mine if own is None else own & mine
        inner = below if inner is None else inner & below
    out: list[tuple[str, str]] = []
    for name, value in sorted(own or ()):
        out.append((f"//{tag}[{_attribute_predicate(name, value)}]", "hook"))
    for dtag, name, value in sorted(inner or (), key=lambda t: (order.get(t, 0), t))[:_INNER_HOOKS]:
        out.append((f"//{tag}[.//{dtag}[{_attribute_predicate(name, value)}]]", "hook"))
    word_lists = [_xml_norm(n.xpath("string(.)")).split(" ") for n in nodes]
    common: list[str] = []
    for column in zip(*word_lists, strict=False):
        if len(set(column)) != 1 or any(c.isdigit() for c in column[0]) or not column[0]:
            break
        common.append(column[0])
    # Up to _ANCHOR_WORDS words with letters ("[ << ] [ >> ] [Top]" counts one), and a
    # shorter one of two such words.
    prefixes = []
    for wanted in (_ANCHOR_WORDS, 2):
        words: list[str] = []
        seen = 0
        for word in common:
            if seen == wanted or len(" ".join([*words, word])) > _ANCHOR_CHARS:
                break
            words.append(word)
            seen += any(c.isalpha() for c in word)
        prefixes.append(" ".join(words))
    for prefix in dict.fromkeys(prefixes):
        if sum(any(c.isalpha() for c in w) for w in prefix.split(" ")) >= 2:
            out.append(
                (f"//{tag}[starts-with(normalize-space(.), {xpath_literal(prefix)})]", "text")
            )
    return list(dict.fromkeys(out))


_XML_SPACE = re.compile(r"[ \t\r\n]+")


def _xml_norm(text: object) -> str:
    """XPath's normalize-space (only XML white space)."""
    return _XML_SPACE.sub(" ", str(text)).strip(" ")


#: Seconds the search for a group's rule goes on once it has some rule.
_BUDGET_SECONDS = 20.0
#: Covering rules narrowed further when none is exact.
_REFINED = 4
#: Attributes of ancestors that may tell the group's pages from the others.
_PAGE_ATTRIBUTES = ("lang", "dir", "id", "class")


def _narrowed(expr: str, samples: list[HtmlElement], outside: set[str]) -> list[str]:
    """``expr`` with one predicate the group's sampled subtrees all satisfy: an ancestor's
    attribute they share (html/@lang, body/@class...), their own text when it is the same, or
    not the one text the subtrees it takes outside the group have (``outside``)."""
    base = f"({expr})" if "|" in expr else expr
    shared: set[tuple[str, str, str]] | None = None
    for el in samples:
        pairs = set()
        for anc in el.iterancestors():
            if not isinstance(anc.tag, str):
                continue
            for name in _PAGE_ATTRIBUTES:
                value = anc.get(name)
                if value and len(value) <= 80:
                    pairs.add((anc.tag, name, value))
        shared = pairs if shared is None else shared & pairs
    out = []
    for tag, name, value in sorted(shared or (), key=lambda p: (p[0] != "html", p)):
        out.append(f"{base}[ancestor::{tag}[@{name}={xpath_literal(value)}]]")
    texts = {" ".join(visible_text(el).split()) for el in samples}
    if len(texts) == 1:
        text = next(iter(texts))
        if 0 < len(text) <= 120:
            out.append(f"{base}[normalize-space(.)={xpath_literal(text)}]")
    if len(outside) == 1 and not outside & texts:
        text = next(iter(outside))
        if 0 < len(text) <= 120:
            out.append(f"{base}[not(normalize-space(.)={xpath_literal(text)})]")
    return out


def decide(
    template: Template,
    group: BoilerplateGroup,
    selector: str,
    *,
    accept: bool,
    note: str = "",
) -> Template:
    """The template with the group as a remove rule (accept) or a keep rule (reject); a rule of
    the same group already there is replaced, never duplicated. Nothing is saved."""
    own = [r for r in (*template.remove, *template.keep) if group_of(r) == group.rule_name]
    taken = {r.name for r in (*template.remove, *template.keep)} | {f.id for f in template.fields}
    taken |= {f.name for f in template.filters}
    taken -= {r.name for r in own}
    rule = Rule(
        group.readable_name(accept, taken),
        selector,
        f"{'accepted' if accept else 'rejected'} boilerplate group ({group.detector}, "
        f"{group.pages} pages): {group.sample_text[:60]} [{group.rule_name}]"
        + (f" [{note}]" if note else ""),
    )
    remove = tuple(r for r in template.remove if group_of(r) != group.rule_name)
    keep = tuple(r for r in template.keep if group_of(r) != group.rule_name)
    if accept:
        remove = (*remove, rule)
    else:
        keep = (*keep, rule)
    return replace(template, remove=remove, keep=keep)


def group_of(rule: Rule) -> str | None:
    """The group (its ``rule_name``) a template rule was made from, else None."""
    if _GROUP_ID.fullmatch(rule.name):
        return rule.name
    found = _NOTED_GROUP.search(rule.note) if "boilerplate group" in rule.note else None
    return found.group(1) if found else None


def _load_or_new(ws: Any, name: str, site: str) -> Template:
    if name in ws.template_names():
        template: Template = ws.load_template(name)
        return template
    return Template(name=name, site=site)


def _decide(
    ws: Any, template_name: str, group: BoilerplateGroup, *, accept: bool, message: str
) -> int:
    trees = [
        (p.url, parse_html(p.html))
        for p in (ws.iter_pages(group.site) if group.page_xpaths else ())
        if p.html and not p.error
    ]
    if any(url in group.page_xpaths for url, _t in trees):
        selector = minimal_rule(group, trees).selector
    else:  # the workspace no longer holds the group's pages: the recorded selector
        selector = group.selector
    if not selector:
        raise WorkspaceError(f"boilerplate group {group.key} has no XPath to turn into a rule")
    template = _load_or_new(ws, template_name, group.site)
    new = decide(template, group, selector, accept=accept)
    verb = "accept" if accept else "reject"
    return int(
        ws.save_template(
            new, message=message or f"{verb} boilerplate group {group.key} ({group.pages} pages)"
        )
    )


def accept_group(ws: Any, template_name: str, group: BoilerplateGroup, *, message: str = "") -> int:
    """Make the group an explicit remove rule of the template (created if new), with its
    minimal rule over the site's pages; a new version."""
    return _decide(ws, template_name, group, accept=True, message=message)


def reject_group(ws: Any, template_name: str, group: BoilerplateGroup, *, message: str = "") -> int:
    """Make the group a keep rule, so the automatic cleaner leaves it; new version."""
    return _decide(ws, template_name, group, accept=False, message=message)


def group_decisions(template: Template) -> dict[str, str]:
    """group (its ``rule_name``) -> "accepted" | "rejected" for the group rules a template
    already holds."""
    out: dict[str, str] = {}
    for rules, decision in ((template.remove, "accepted"), (template.keep, "rejected")):
        for r in rules:
            group = group_of(r)
            if group is not None:
                out[group] = decision
    return out


__all__ = [
    "RULE_KINDS",
    "pinned",
    "BoilerplateGroup",
    "GroupRule",
    "decide",
    "minimal_rule",
    "accept_group",
    "group_decisions",
    "group_of",
    "group_steps",
    "reject_group",
]
