"""Selectors: safe compilation and caching of XPath/CSS, selector suggestion with site-wide hit
rates and learned volatile attributes, ``%d`` list generalisation/expansion, record containers."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import lxml.etree as etree
from cssselect import HTMLTranslator
from cssselect.parser import SelectorError

from deboiler_gui.engine.htmltree import HtmlElement, normalize_text, parse_html
from deboiler_gui.engine.model import Page, RuleError
from deboiler_gui.engine.tablerows import is_node_set, row_variants, rows_tolerant

log = logging.getLogger(__name__)

_CSS = HTMLTranslator()
_XPATH_START = re.compile(
    r"^\s*(-?\d|-?\.\d|'|\"|\(|\.{1,2}(/|$)|/|@|[a-zA-Z_][\w.-]*\s*\(|[a-zA-Z_-]+::)"
)
_INDEX = re.compile(r"\[(\d+|%d)\]")

#: Attributes that are stable hooks by convention (test ids), cheapest rung of the ladder.
TEST_ATTRS = ("data-testid", "data-test", "data-qa", "data-cy", "data-id")
#: Semantic attributes worth a selector.
SEMANTIC_ATTRS = ("itemprop", "role", "aria-label", "name", "rel", "property", "itemtype")
#: Attributes that make good hooks besides ids, classes and the semantic ones (a 'Prev' icon
#: link's `accesskey`), when their value is the same at the node's place over the site.
HOOK_ATTRS = ("accesskey", "summary", "title", "type", "lang")
#: Attributes that tell an element without text of its own from its like siblings (an image
#: map's `area`, an `img`, a form's `input`, a head's `link` or `meta`), by tag, besides the
#: semantic and hook ones: a hook of that element when its value is the same at its place over
#: the site, or recurs on other pages. An image map's 'next' arrow is
#: `area[@coords='581,2,599,24']` wherever it sits among the map's areas.
ELEMENT_ATTRS: dict[str, tuple[str, ...]] = {
    "area": ("coords", "alt", "shape", "target"),
    "img": ("alt",),
    "input": ("name", "value", "placeholder"),
    "button": ("name", "value"),
    "link": ("hreflang", "media", "sizes"),
    "meta": ("http-equiv", "charset"),
    "param": ("value",),
    "source": ("media",),
}


def element_attrs(tag: object) -> tuple[str, ...]:
    """The attributes of :data:`ELEMENT_ATTRS` of elements of ``tag`` (none for other tags)."""
    return ELEMENT_ATTRS.get(tag, ()) if isinstance(tag, str) else ()


#: Pages looked at for the values that recur over the site.
_RECURRENCE_SAMPLE = 200
#: The form of ``SiteIndex.facts``: a change to what they hold or how they are learned makes
#: a new number, and facts saved before are learned again.
FACTS_FORMAT = 2
#: An id on this many times fewer pages than those whose node at its place has another id
#: is not a hook of the site.
_RARE_ID = 4
_WORDLIKE = re.compile(r"^[A-Za-z][A-Za-z_-]*[A-Za-z0-9]?$|^[A-Za-z][A-Za-z0-9_-]{0,30}$")


# --------------------------------------------------------------------------- compile + select


def to_xpath(expression: str) -> str:
    """XPath text of an XPath or CSS expression (``css:`` / ``xpath:`` prefixes force one)."""
    expr = expression.strip()
    if expr.startswith("xpath:"):
        return expr[6:].strip()
    if expr.startswith("css:"):
        return _css(expr[4:].strip(), expression)
    if _XPATH_START.match(expr):
        return expr
    return _css(expr, expression)


#: A call of a prefixed function at the start (``exsl:node-set(...)``, ``str:tokenize(...)``):
#: XPath that a CSS reading would name wrongly (``tag:pseudo(...)`` in CSS).
_PREFIXED_CALL = re.compile(r"^\s*([A-Za-z_][\w.-]*:[A-Za-z_][\w.-]*)\s*\(")


def _css(css: str, original: str) -> str:
    try:
        return str(_CSS.css_to_xpath(css))
    except SelectorError as exc:
        call = _PREFIXED_CALL.match(css)
        if call:
            from deboiler_gui.engine.template.xpathcheck import xpath_problem

            problem = xpath_problem(css)
            if problem:
                # Not CSS that failed: an XPath extension function (EXSLT and the like).
                raise RuleError(
                    f"XPath extension function {call.group(1)}() (EXSLT or another library) is "
                    f"not available: only XPath 1.0's core functions are ({problem})",
                    expression=original,
                ) from exc
        raise RuleError(f"invalid CSS selector ({exc})", expression=original) from exc


_FLAT_PRED = r"\[(?:[^\[\]'\"]|'[^']*'|\"[^\"]*\")*\]"
_PRED = r"\[(?:[^\[\]'\"]|'[^']*'|\"[^\"]*\"|" + _FLAT_PRED + r")*\]"  # one level nested
_NESTED = re.compile(
    rf"^//(?P<a>[A-Za-z_*][\w.-]*)(?P<pa>(?:{_PRED})*)//(?P<b>[A-Za-z_*][\w.-]*)"
    rf"(?P<pb>(?:{_PRED})*)(?P<tail>(?:/.*)?)$",
    re.S,
)
_POSITIONAL = re.compile(r"\[\s*[\d.]+\s*\]|position\(|last\(")


def flatten_descendants(xp: str) -> str:
    """``//a[P]//b[Q]…`` as ``//b[Q][ancestor::a[P]]…``: the same nodes in the same order, but
    libxml2 walks the page once instead of once per matching ``a`` (nested sections made one
    such rule take 80 s on a 5 MB page, 0.03 s written this way). Only when no predicate of
    either step is positional (a position counts in its step's context) and the first is not
    an id."""
    m = _NESTED.match(xp)
    if m is None or _POSITIONAL.search(m.group("pa") + m.group("pb")) or "@id" in m.group("pa"):
        return xp  # (an id is one node: that lookup is fast as written)
    return (
        f"//{m.group('b')}{m.group('pb')}[ancestor::{m.group('a')}{m.group('pa')}]{m.group('tail')}"
    )


_FIRST_STEP = re.compile(rf"^//(?P<a>[A-Za-z_*][\w.-]*)(?P<pa>(?:{_PRED})+)(?P<tail>/.*)?$", re.S)
_LITERALS = re.compile(r"'[^']*'|\"[^\"]*\"")
#: What may give a predicate a number (a position) or read the position: numeric functions,
#: numbers, arithmetic, variables, prefixed (extension) functions; ``*`` and ``-`` as
#: operators (a name's ``-`` is part of the name).
_MAY_COUNT = re.compile(
    r"position\(|last\(|count\(|sum\(|number\(|string-length\(|floor\(|ceiling\(|round\("
    r"|\$|\*|\+|(?<![\w-])\d|(?<!\w)-|-(?!\w)|\sdiv\s|\smod\s|\w:\w"
)


def descend_first(xp: str) -> str:
    """``//a[P]…`` as ``/descendant::a[P]…``: the same nodes in the same order when no
    predicate of the step reads a position (a node-set or a truth value: ``a`` elements of
    the page that satisfy ``P``), but libxml2 walks the elements once instead of gathering
    every node of the page first and then each one's children (it makes that shortcut itself
    for ``//a`` without predicates only). About a third less time on large pages."""
    m = _FIRST_STEP.match(xp)
    if m is None or _MAY_COUNT.search(_LITERALS.sub("''", m.group("pa"))):
        return xp
    return f"/descendant::{xp[2:]}"


@lru_cache(maxsize=4096)
def _compiled(expression: str) -> etree.XPath:
    xp = to_xpath(expression)
    if "%d" in xp:
        # A list pattern: the placeholder releases that step's index (see expand_pattern).
        xp = xp.replace("[%d]", "")
    xp = flatten_descendants(xp)
    try:
        etree.XPath(xp)  # an error names the expression as written
        # a table's rows are found with and without the tbody a browser adds
        return etree.XPath(rows_tolerant(descend_first(xp)), smart_strings=False)
    except etree.XPathSyntaxError as exc:
        raise RuleError(f"invalid XPath ({exc})", expression=expression) from exc


def compile_selector(expression: str) -> etree.XPath:
    """Compiled XPath for an XPath or CSS expression, cached; RuleError names the expression."""
    if not expression or not expression.strip():
        raise RuleError("empty selector", expression=expression)
    return _compiled(expression)


#: While :func:`same_pages` is in force: each selector's result per page.
_SELECTED: ContextVar[dict[tuple[Any, str], list[Any]] | None] = ContextVar(
    "_SELECTED", default=None
)


@contextmanager
def same_pages() -> Iterator[None]:
    """Within the block, each selector is evaluated once per page (the pages must not change
    meanwhile): a repair scores many rule queues over the same pages, and the queues share
    their first rules."""
    token = _SELECTED.set({})
    try:
        yield
    finally:
        _SELECTED.reset(token)


def select(root: Any, expression: str) -> list[Any]:
    """Evaluate a selector; returns elements, strings or numbers as XPath gives them."""
    memo = _SELECTED.get()
    if memo is not None:
        got = memo.get((root, expression))
        if got is not None:
            return list(got)
    xp = compile_selector(expression)
    try:
        result = xp(root)
    except etree.XPathEvalError as exc:
        raise RuleError(f"XPath evaluation failed ({exc})", expression=expression) from exc
    out = result if isinstance(result, list) else [result]
    if memo is not None:
        memo[(root, expression)] = out
        return list(out)
    return out


def select_elements(root: Any, expression: str) -> list[HtmlElement]:
    return [n for n in select(root, expression) if isinstance(n, etree._Element)]


def expand_pattern(
    root: Any, pattern: str, *, start: int = 1, max_misses: int = 3, limit: int | None = None
) -> list[Any]:
    """Probe a single-``%d`` pattern with 1, 2, ... until ``max_misses`` indices in a row match
    nothing (Wenzhi's expansion); patterns with several placeholders release them all.

    No cap on the number of items unless ``limit`` (indices probed) is given. A numbered step
    that is a plain child step (``A/b[%d]/c``, ``A//b[%d]``) is expanded in one pass over the
    siblings, so a list of 40,000 items costs 40,000 steps, not 40,000 evaluations of ``b[i]``
    (each of which counts the siblings before item i)."""
    if pattern.count("%d") != 1:
        return select(root, pattern)
    variants = _row_variants(pattern)
    if len(variants) == 1:
        return _expand_one(root, pattern, start, max_misses, limit)
    # a table's rows with and without the tbody a browser adds: each form expanded, the items
    # of all together in document order
    found = [items for v in variants if (items := _expand_one(root, v, start, max_misses, limit))]
    if len(found) <= 1:
        return found[0] if found else []
    merged = [x for items in found for x in items]
    if not all(isinstance(x, etree._Element) for x in merged):
        return merged
    order = {el: n for n, el in enumerate(root.getroottree().getroot().iter())}
    return sorted(dict.fromkeys(merged), key=lambda el: order.get(el, 0))


@lru_cache(maxsize=1024)
def _row_variants(pattern: str) -> list[str]:
    """The forms of a list pattern with and without ``tbody`` before a table's rows (the
    pattern alone when it has no ``table/tr`` step or does not select nodes)."""
    variants = row_variants(pattern)
    if len(variants) > 1 and is_node_set(to_xpath(pattern).replace("%d", "1")):
        return variants
    return [pattern]


def _expand_one(
    root: Any, pattern: str, start: int, max_misses: int, limit: int | None
) -> list[Any]:
    probe = _pattern_probe(pattern)
    # The steps before the numbered one are evaluated once; each index only walks on from the
    # nodes they found ((A)/b[i]/c is A/b[i]/c).
    context = select_elements(root, probe[0]) if probe is not None else []
    fast = _sibling_step(pattern) if probe is not None else None
    if fast is not None:
        return _expand_by_position(root, pattern, context, fast, start, max_misses, limit)
    out: list[Any] = []
    misses = 0
    i = start
    while misses < max_misses and (limit is None or i < start + limit):
        if probe is not None:
            try:
                found = probe[1](root, ctx=context, i=i)
            except etree.XPathEvalError as exc:
                raise RuleError(f"XPath evaluation failed ({exc})", expression=pattern) from exc
            found = found if isinstance(found, list) else [found]
        else:
            found = select(root, pattern.replace("%d", str(i)))
        if found:
            out.extend(found)
            misses = 0
        else:
            misses += 1
        i += 1
    return out


_SIBLING_STEP = re.compile(r"(//?)([A-Za-z_][\w.-]*|\*)\[%d\](/.*)?$", re.S)


@lru_cache(maxsize=1024)
def _sibling_step(pattern: str) -> tuple[bool, str, etree.XPath | None] | None:
    """For A/b[%d]/c (or A//b[%d]/c, b a name or *): (descendant axis?, b, $n/c compiled or
    None when nothing follows), else None."""
    probe = _pattern_probe(pattern)
    if probe is None:
        return None
    rest = pattern[len(probe[0]) :]
    m = _SIBLING_STEP.match(rest)
    if m is None:
        return None
    tail = m.group(3)
    try:
        compiled = etree.XPath("$n" + tail, smart_strings=False) if tail else None
    except etree.XPathSyntaxError:
        return None
    return m.group(1) == "//", m.group(2), compiled


def _expand_by_position(
    root: Any,
    pattern: str,
    context: list[Any],
    step: tuple[bool, str, etree.XPath | None],
    start: int,
    max_misses: int,
    limit: int | None,
) -> list[Any]:
    descendants, name, tail = step

    def matches(el: Any) -> bool:
        return isinstance(el.tag, str) and (el.tag == name or (name == "*" and el.tag[:1] != "{"))

    # Every element the step can reach, each under the index it has among its parent's
    # matching children (b[i] counts only the children that pass the name test).
    seen: set[Any] = set()
    by_index: dict[int, list[Any]] = {}
    done_parents: set[Any] = set()
    for ctx in context:
        parents = ctx.iter() if descendants else (ctx,)
        for parent in parents:
            if parent in done_parents:
                continue
            done_parents.add(parent)
            k = 0
            for child in parent:
                if matches(child):
                    k += 1
                    if child not in seen:
                        seen.add(child)
                        by_index.setdefault(k, []).append(child)
    order: dict[Any, int] | None = None
    if len(context) > 1 or descendants:
        # Several contexts (or nested ones) can interleave: XPath gives document order.
        order = {el: n for n, el in enumerate(root.getroottree().getroot().iter())}
    out: list[Any] = []
    misses = 0
    i = start
    while misses < max_misses and (limit is None or i < start + limit):
        items = by_index.get(i, [])
        if order is not None and len(items) > 1:
            items.sort(key=lambda el: order.get(el, 0))
        found: list[Any] = []
        if tail is None:
            found = items
        else:
            for el in items:
                try:
                    got = tail(root, n=el)
                except etree.XPathEvalError as exc:
                    raise RuleError(f"XPath evaluation failed ({exc})", expression=pattern) from exc
                found.extend(got if isinstance(got, list) else [got])
            if (
                order is not None
                and len(items) > 1
                and all(isinstance(x, etree._Element) for x in found)
            ):
                found = sorted(dict.fromkeys(found), key=lambda el: order.get(el, 0))
        if found:
            out.extend(found)
            misses = 0
        else:
            misses += 1
        i += 1
    return out


@lru_cache(maxsize=1024)
def _pattern_probe(pattern: str) -> tuple[str, etree.XPath] | None:
    """For an XPath list pattern A/b[%d]/c whose numbered step is not the first: A, and
    $ctx/b[$i]/c compiled once. None when the pattern cannot be split that way (CSS, a union
    or a function at the top, the number in the first step)."""
    if not _XPATH_START.match(pattern) or pattern.lstrip().startswith(("(", "css:", "xpath:")):
        return None
    at = pattern.index("%d")
    cut = -1
    depth_at = -1
    for pos, ch, depth in _unquoted(pattern):
        if ch == "|" and depth == 0:
            return None  # a union at the top
        if pos < at and ch == "/" and depth == 0:
            cut = pos
        elif pos == at:
            depth_at = depth
    if cut <= 0 or depth_at != 1:
        return None
    if pattern[cut - 1] == "/":
        cut -= 1  # the step is reached by //
    prefix, rest = pattern[:cut], pattern[cut:]
    if not prefix.strip() or prefix.rstrip().endswith(("/", "::")):
        return None
    try:
        etree.XPath(prefix)
        compiled = etree.XPath("$ctx" + rest.replace("%d", "$i"), smart_strings=False)
    except etree.XPathSyntaxError:
        return None
    return prefix, compiled


def _unquoted(text: str) -> Iterator[tuple[int, str, int]]:
    """(position, character, bracket depth) of each character of an XPath outside its string
    literals."""
    depth = 0
    quote = ""
    for pos, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = ""
            continue
        if ch in "'\"":
            quote = ch
            continue
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        yield pos, ch, depth


# --------------------------------------------------------------------------- paths


def path_steps(el: HtmlElement) -> list[tuple[str, int, int]]:
    """(tag, 1-based index among same-tag siblings, count of same-tag siblings) from the root."""
    steps: list[tuple[str, int, int]] = []
    node: HtmlElement | None = el
    while node is not None:
        parent = node.getparent()
        if parent is None:
            steps.append((node.tag, 1, 1))
            break
        pos = 0
        count = 0
        for sib in parent:
            if sib.tag == node.tag:
                count += 1
                if sib is node:
                    pos = count
        steps.append((node.tag, pos, count))
        node = parent
    steps.reverse()
    return steps


def _steps_xpath(steps: Sequence[tuple[str, Any, int]], *, always_index: bool = False) -> str:
    parts = []
    for tag, idx, count in steps:
        if idx == "%d" or always_index or count > 1:
            parts.append(f"{tag}[{idx}]")
        else:
            parts.append(tag)
    return "/" + "/".join(parts)


def relative_path(ancestor: HtmlElement, el: HtmlElement) -> str:
    """Indexed path from ``ancestor`` down to ``el`` (``.`` when equal)."""
    steps = path_steps(el)
    depth = len(path_steps(ancestor))
    rel = steps[depth:]
    if not rel:
        return "."
    return "./" + _steps_xpath(rel).lstrip("/")


def xpath_literal(text: str) -> str:
    """A quoted XPath string literal for any text."""
    if "'" not in text:
        return f"'{text}'"
    if '"' not in text:
        return f'"{text}"'
    return "concat(" + ', "\'", '.join(f"'{p}'" for p in text.split("'")) + ")"


#: A no-break space: XPath 1.0's normalize-space() keeps it ("Module&nbsp;Identifier:").
NBSP = "\u00a0"


def text_equals(el: Any, text: str) -> str:
    """The predicate that ``el``'s text, spaces collapsed, is ``text``:
    ``normalize-space(.)='Status:'``, or when the element's text holds no-break spaces (which
    XPath 1.0's normalize-space() keeps and the clicked text shows as spaces)
    ``normalize-space(translate(., '\u00a0', ' '))='Module Identifier:'`` (the no-break space
    written as itself in the literal)."""
    if NBSP in el.text_content():
        return f"normalize-space(translate(., '{NBSP}', ' '))={xpath_literal(text)}"
    return f"normalize-space(.)={xpath_literal(text)}"


def class_predicate(token: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {token} ')"


def is_wordlike(value: str) -> bool:
    """Ids/classes that look like words: not mostly digits, no long hex runs, not too long."""
    if not value or len(value) > 40 or not _WORDLIKE.match(value):
        return False
    digits = sum(c.isdigit() for c in value)
    return digits * 3 < len(value) and not re.search(r"[0-9a-f]{6,}", value)


# --------------------------------------------------------------------------- site index

_ID_STEP = re.compile(r"""^//([A-Za-z][\w-]*|\*)\[@id=('[^']*'|"[^"]*")\](/.*)?$""")


def count_hits(trees: Iterable[Any], select: Callable[[Any], Any]) -> dict[str, int]:
    """Pages where ``select`` finds exactly one node, none, or many (an evaluation error
    counts as none)."""
    one = none = many = 0
    for tree in trees:
        try:
            n = len(select(tree))
        except (etree.XPathEvalError, TypeError):
            n = 0
        if n == 0:
            none += 1
        elif n == 1:
            one += 1
        else:
            many += 1
    return {"pages": one + none + many, "one": one, "none": none, "many": many}


#: What each compiled XPath found on each page, while ``shared_runs`` is in force: (XPath
#: text, page) -> (the page, its result or the error it raised). The page is held beside its
#: result, so that an id never names another page while the entry lives.
_RUNS: ContextVar[dict[tuple[str, int], tuple[Any, Any]] | None] = ContextVar(
    "deboiler_runs", default=None
)


@contextmanager
def shared_runs() -> Iterator[None]:
    """While in force, an XPath run over a page is run once: the induction's checks of a
    rule over its sample, and the hit rates of the rules and selectors over the indexed pages
    (which hold that sample), read the same result. A click's work is done under one; nested,
    the outer one is kept. The pages must not change meanwhile."""
    if _RUNS.get() is not None:
        yield
        return
    token = _RUNS.set({})
    try:
        yield
    finally:
        _RUNS.reset(token)


def run_compiled(xp: etree.XPath, tree: Any) -> Any:
    """``xp(tree)``, read from what ``shared_runs`` kept when it is in force (an evaluation
    error is raised again as it was)."""
    runs = _RUNS.get()
    if runs is None:
        return xp(tree)
    key = (xp.path, id(tree))
    hit = runs.get(key)
    if hit is None or hit[0] is not tree:
        try:
            hit = (tree, xp(tree))
        except etree.XPathEvalError as exc:
            hit = (tree, exc)
        runs[key] = hit
    if isinstance(hit[1], etree.XPathEvalError):
        raise hit[1]
    return hit[1]


def _id_shortcut(expression: str) -> etree.XPath | None:
    """``//div[@id='x']/…`` as ``id('x')[self::div]/…``: libxml2 keeps an id table for HTML, so
    the lookup skips the scan of the whole page (about 20x faster over a site). A page with a
    duplicated id counts its first holder only."""
    m = _ID_STEP.match(expression)
    if m is None or len(row_variants(expression)) > 1:
        return None  # (table rows: the compiled selector also finds them under a tbody)
    tag, literal, rest = m.group(1), m.group(2), m.group(3) or ""
    head = f"id({literal})" + ("" if tag == "*" else f"[self::{tag}]")
    try:
        return etree.XPath(head + rest, smart_strings=False)
    except etree.XPathSyntaxError:
        return None


class PageTrees(Sequence[HtmlElement]):
    """A site's parsed pages, each parsed the first time it is asked for and kept: the trees
    of a ``SiteIndex`` that reads its pages on demand. Rule induction looks at a sample of the
    site (``induce.SITE_SAMPLE`` pages spread over it, the first ``_RECURRENCE_SAMPLE`` for the
    values that recur, the examples' pages): parsing only those makes a ``suggest
    --examples`` on a site of thousands of pages cost what its sample costs, with the same
    trees at the same places as a whole parse. ``load`` gives a page's HTML by its URL."""

    def __init__(self, urls: Sequence[str], load: Callable[[str], str]) -> None:
        self._urls = list(urls)
        self._load = load
        self._trees: list[HtmlElement | None] = [None] * len(self._urls)

    def __len__(self) -> int:
        return len(self._urls)

    def _tree(self, i: int) -> HtmlElement:
        tree = self._trees[i]
        if tree is None:
            tree = self._trees[i] = parse_html(self._load(self._urls[i]))
        return tree

    @property
    def parsed(self) -> int:
        """How many pages have been parsed so far."""
        return sum(t is not None for t in self._trees)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self._tree(k) for k in range(*i.indices(len(self._urls)))]
        return self._tree(range(len(self._urls))[i])

    def __iter__(self) -> Iterator[HtmlElement]:
        return (self._tree(i) for i in range(len(self._urls)))

    def passing(self, i: int) -> HtmlElement:
        """Page ``i``'s tree, parsed for one look and not kept unless it was parsed already:
        a pass over every page of a large site holds one page at a time. Parsed without
        libxml2's id table (a third faster): the same tree, for XPaths that do not call
        ``id()``."""
        tree = self._trees[i]
        return tree if tree is not None else parse_html(self._load(self._urls[i]), ids=False)


@dataclass
class SiteIndex:
    """Parsed pages of one site, kept for fast hit rates and volatility (parse once)."""

    urls: list[str]
    #: a list, or ``PageTrees`` parsing each page when first asked for (``on_demand``)
    trees: Sequence[HtmlElement]
    _volatile: dict[tuple[str, str, str], bool] = field(default_factory=dict)
    _recurring: dict[tuple[str, str], int] | None = None
    # hit rates by expression: the pages do not change, and repair asks for the same
    # candidates of a field on each page it searches
    _hits: dict[str, dict[str, Any]] = field(default_factory=dict)

    @classmethod
    def from_pages(
        cls,
        pages: Iterable[Page],
        *,
        max_pages: int | None = 1000,
        parsed: Mapping[str, Any] | None = None,
    ) -> SiteIndex:
        """Parse the site's readable pages; ``max_pages=None`` takes them all. ``parsed``:
        trees of some of them by URL, parsed already from the same HTML (not parsed again)."""
        urls: list[str] = []
        trees: list[HtmlElement] = []
        for page in pages:
            if max_pages is not None and len(trees) >= max_pages:
                break
            if page.error or not page.html:
                continue
            urls.append(page.url)
            tree = parsed.get(page.url) if parsed else None
            trees.append(tree if isinstance(tree, HtmlElement) else parse_html(page.html))
        return cls(urls, trees)

    @classmethod
    def on_demand(cls, urls: Sequence[str], load: Callable[[str], str]) -> SiteIndex:
        """An index of the pages ``urls`` (the readable pages of a site, by URL, as
        ``from_pages`` takes them from ``Workspace.iter_pages``) that parses a page only when
        it is first looked at, its HTML read by ``load(url)``."""
        return cls(list(urls), PageTrees(urls, load))

    def facts(self) -> dict[str, Any]:
        """What the index has learned of its pages that holds while they stay the same (the
        values that recur, the volatility of the values asked about, hit rates), as plain data
        for ``take_facts`` of an index of the same pages in a later run: a command line
        ``suggest`` then neither reads nor parses the pages again for them."""
        out: dict[str, Any] = {
            "pages": len(self.urls),
            "volatile": [[*k, v] for k, v in self._volatile.items()],
            "hits": {k: v for k, v in self._hits.items() if v.get("pages") == len(self.trees)},
        }
        if self._recurring is not None:
            out["recurring"] = [[a, v, n] for (a, v), n in self._recurring.items()]
        return out

    def learned(self) -> tuple[int, int, bool]:
        """How much of ``facts`` the index holds (a caller saves them again when it grew)."""
        return len(self._volatile), len(self._hits), self._recurring is not None

    def take_facts(self, facts: Mapping[str, Any]) -> None:
        """Facts saved by ``facts`` of an index of these same pages (the caller knows they
        are); those of another number of pages are left alone."""
        if facts.get("pages") != len(self.urls):
            return
        try:
            if self._recurring is None and "recurring" in facts:
                self._recurring = {(str(a), str(v)): int(n) for a, v, n in facts["recurring"]}
            for path, attr, value, volatile in facts.get("volatile", ()):
                self._volatile.setdefault((str(path), str(attr), str(value)), bool(volatile))
            for expr, counts in dict(facts.get("hits", {})).items():
                self._hits.setdefault(str(expr), dict(counts))
        except (TypeError, ValueError):  # not facts this version saved: learned again
            return

    def each_tree(self, skip: Iterable[Any] = ()) -> Iterator[HtmlElement]:
        """Every page's tree, in order, but those of ``skip`` (trees the caller has looked at
        already). A page an on-demand index has not parsed yet is parsed for this look only and
        not kept: a pass over a site of thousands of pages does not hold them all (and without
        the id table: the caller's XPaths must not call ``id()``)."""
        seen = {id(t) for t in skip}
        trees = self.trees
        for i in range(len(trees)):
            tree = trees.passing(i) if isinstance(trees, PageTrees) else trees[i]
            if id(tree) not in seen:
                yield tree

    def hit_rate(self, expression: str) -> dict[str, Any]:
        """How many pages the selector matches exactly once, not at all, or many times."""
        cached = self._hits.get(expression)
        if cached is not None and cached["pages"] == len(self.trees):
            return dict(cached)
        xp = _id_shortcut(expression) or compile_selector(expression)
        counts = count_hits(self.trees, lambda tree: run_compiled(xp, tree))
        total = counts["pages"]
        out = {**counts, "rate": counts["one"] / total if total else 0.0}
        self._hits[expression] = out
        return dict(out)

    def is_volatile(self, el: HtmlElement, attr: str, value: str) -> bool:
        """True when the node at the same indexed position on other pages has another value
        for ``attr`` (ids with counters, session classes...); learned, not guessed."""
        path = _steps_xpath(path_steps(el), always_index=True)
        key = (path, attr, value)
        cached = self._volatile.get(key)
        if cached is not None:
            return cached
        xp = etree.XPath(path)
        rest = frozenset((el.get("class") or "").split()) - {value}
        seen = same = moved = 0
        for tree in self.trees[:200]:  # a sample is enough to see a value change
            nodes = xp(tree)
            if not nodes or nodes[0].tag != el.tag:
                continue
            seen += 1
            other = nodes[0].get(attr)
            if attr == "class":
                if other is not None and value in other.split():
                    same += 1
                elif _moved_to_alike(nodes[0], value, rest):
                    moved += 1
            elif other == value:
                same += 1
        # Volatile when some page has the node with a different value; a node present on one
        # page only gives no evidence either way. A value that recurs on many pages (at other
        # positions: pages of several kinds) is a hook of the site, not a counter. An id
        # names one thing: one on a few pages of the site only (a chapter heading's id, on
        # its chapter's page and on a page that prints the whole book) is that page's.
        volatile = seen >= 2 and same < seen and same <= seen // 2
        if volatile:
            pages = self._recurrence().get((attr, value), 0)
            rare = attr in ("id", *TEST_ATTRS) and pages * _RARE_ID <= seen - same
            # A class that leaves this node for a node like it nearby (another entry of the
            # same menu, another section's list) marks a state of the page (the current
            # item), not a part of it, however many pages have it.
            state = attr == "class" and moved >= 2 and moved * 2 >= seen - same
            volatile = pages < 2 or rare or state
        self._volatile[key] = volatile
        return volatile

    def _recurrence(self) -> dict[tuple[str, str], int]:
        """(attribute, value or class token) -> number of sampled pages that have it, built once."""
        if self._recurring is None:
            counts: dict[tuple[str, str], int] = {}
            attrs = frozenset(
                (
                    "id",
                    *TEST_ATTRS,
                    *SEMANTIC_ATTRS,
                    "accesskey",
                    "summary",
                    "title",
                    "type",
                    "lang",
                )
            )
            for tree in self.trees[:_RECURRENCE_SAMPLE]:
                seen: set[tuple[str, str]] = set()
                # each element's own attributes, not a look-up of every name on every element
                for el in tree.iter(etree.Element):
                    items = el.items()
                    if not items:
                        continue
                    own = ELEMENT_ATTRS.get(el.tag, ())
                    for a, v in items:
                        if a == "class":
                            if v:
                                seen.update(("class", t) for t in v.split())
                        elif a in attrs or a in own:
                            seen.add((a, v))
                for k in seen:
                    counts[k] = counts.get(k, 0) + 1
            self._recurring = counts
        return self._recurring


def _moved_to_alike(node: HtmlElement, token: str, rest: frozenset[str]) -> bool:
    """True when ``node`` (which lacks class ``token``) is otherwise alike the node that had it
    (same other class tokens, ``rest``) and ``token`` sits on another node alike it under the
    same grandparent: a sibling entry of the same list, or one of a neighbouring list."""
    if frozenset((node.get("class") or "").split()) != rest:
        return False
    parent = node.getparent()
    top = parent.getparent() if parent is not None else None
    if top is None:
        return False
    for other in top.iter(node.tag):
        if other is node:
            continue
        tokens = (other.get("class") or "").split()
        if token in tokens and frozenset(tokens) - {token} == rest:
            return True
    return False


# --------------------------------------------------------------------------- suggestion


@dataclass(frozen=True)
class Candidate:
    """One suggested selector for a clicked node."""

    xpath: str
    family: str  # "testid", "id", "semantic", "class", "text", "anchor", "positional"
    cost: float
    page_matches: int
    selects_target: bool
    site: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "xpath": self.xpath,
            "family": self.family,
            "cost": self.cost,
            "page_matches": self.page_matches,
            "selects_target": self.selects_target,
            "site": dict(self.site),
        }


def _features(
    el: HtmlElement, index: SiteIndex | None, *, allow_text: bool
) -> list[tuple[float, str, str]]:
    """(cost, family, predicate) for one node, cheapest first; volatile values are skipped."""
    out: list[tuple[float, str, str]] = []

    def stable(attr: str, value: str) -> bool:
        return index is None or not index.is_volatile(el, attr, value)

    for attr in TEST_ATTRS:
        v = el.get(attr)
        if v and len(v) <= 60 and stable(attr, v):
            out.append((1.0, "testid", f"@{attr}={xpath_literal(v)}"))
    v = el.get("id")
    if v and is_wordlike(v) and stable("id", v):
        out.append((2.0, "id", f"@id={xpath_literal(v)}"))
    for attr in SEMANTIC_ATTRS:
        v = el.get(attr)
        if v and len(v) <= 60 and stable(attr, v):
            out.append((3.0, "semantic", f"@{attr}={xpath_literal(v)}"))
    for attr in (*HOOK_ATTRS, *element_attrs(el.tag)):
        v = el.get(attr)
        if v and len(v) <= 40 and "\n" not in v and stable(attr, v):
            out.append((3.5, "semantic", f"@{attr}={xpath_literal(v)}"))
    tokens = [t for t in (el.get("class") or "").split() if is_wordlike(t)]
    tokens = [t for t in tokens if stable("class", t)]
    for t in tokens[:3]:
        out.append((4.0, "class", class_predicate(t)))
    if len(tokens) >= 2:
        out.append((4.5, "class", f"{class_predicate(tokens[0])} and {class_predicate(tokens[1])}"))
    if allow_text:
        text = normalize_text(el.text_content() if len(el) == 0 else (el.text or ""))
        if text and len(text) <= 40 and "\n" not in text and len(el) == 0:
            out.append((5.0, "text", f"normalize-space(.)={xpath_literal(text)}"))
    return out


def suggest(
    el: HtmlElement,
    index: SiteIndex | None = None,
    *,
    limit: int = 8,
) -> list[Candidate]:
    """Ranked selector candidates for ``el`` (an element of a ``parse_html`` tree): stable hooks
    first, positional last, never ``tbody``. Each carries its match count on this page and,
    with an index, its site-wide hit rate (exactly one / none / many)."""
    root = el.getroottree().getroot()
    tag = el.tag
    exprs: dict[str, tuple[float, str]] = {}

    def add(xp: str, cost: float, family: str) -> None:
        if "tbody" in xp:
            return
        if xp not in exprs or exprs[xp][0] > cost:
            exprs[xp] = (cost, family)

    # 1. The node's own features, alone and with the tag.
    own = _features(el, index, allow_text=True)
    for cost, family, pred in own:
        add(f"//{tag}[{pred}]", cost, family)
    # 2. A stable ancestor hook plus the indexed path down to the node.
    steps = path_steps(el)
    node = el.getparent()
    depth_up = 1
    while node is not None and node.tag not in ("html",) and depth_up <= 8:
        for cost, _family, pred in _features(node, index, allow_text=False)[:3]:
            rel = steps[len(steps) - depth_up :]
            rel_xp = "/".join(f"{t}[{i}]" if c > 1 else t for t, i, c in rel)
            # The nearest hook wins: every step down and above all every position below the
            # hook costs (a far id with positional steps breaks when a banner is inserted).
            positions = sum(1 for _t, _i, c in rel if c > 1)
            add(
                f"//{node.tag}[{pred}]/{rel_xp}",
                cost * 0.5 + 1.0 + depth_up * 0.7 + positions * 1.5,
                "anchor",
            )
            if own:
                c2, fam2, p2 = own[0]
                add(f"//{node.tag}[{pred}]//{tag}[{p2}]", cost + c2 * 0.5 + 0.5, "anchor")
        node = node.getparent()
        depth_up += 1
    # 3. A text label just before the node (dt/th/label/strong followed by the value), or just
    # before its parent ('Previous topic' then p/a).
    prev = el.getprevious()
    if prev is not None and isinstance(prev.tag, str):
        label = normalize_text(prev.text_content())
        if label and len(label) <= 30 and "\n" not in label:
            add(
                f"//{prev.tag}[{text_equals(prev, label)}]/following-sibling::{tag}[1]",
                5.5,
                "text",
            )
    parent = el.getparent()
    uncle = parent.getprevious() if parent is not None else None
    if (
        parent is not None
        and uncle is not None
        and isinstance(uncle.tag, str)
        and parent.tag not in ("body", "html")
    ):
        label = normalize_text(uncle.text_content())
        if label and len(label) <= 30 and "\n" not in label:
            same = [c for c in parent if c.tag == tag]
            step = f"{tag}[{same.index(el) + 1}]" if len(same) > 1 else tag
            add(
                f"//{uncle.tag}[{text_equals(uncle, label)}]/following-sibling::{parent.tag}[1]/{step}",
                5.0,
                "text",
            )
    # 4. Positional: the absolute indexed path (last resort) and the bare tag.
    add(_steps_xpath(steps), 9.0, "positional")
    add(f"//{tag}", 7.0, "positional")

    found: list[tuple[str, str, float, int]] = []
    for xp, (cost, family) in exprs.items():
        try:
            nodes = select_elements(root, xp)
        except RuleError:
            continue
        if any(n is el for n in nodes):
            found.append((xp, family, cost, len(nodes)))
    # Site-wide hit rates cost one XPath run per page: the candidates that can make the list
    # (unique on the page first, then by cost) get one, the rest are not shown.
    found.sort(key=lambda f: (f[3] != 1, f[2], f[0].count("/"), len(f[0])))
    candidates: list[Candidate] = []
    for rank_in_found, (xp, family, cost, n) in enumerate(found):
        site: dict[str, Any] = {}
        if index is not None and rank_in_found < limit:
            site = index.hit_rate(xp)
        candidates.append(Candidate(xp, family, cost, n, True, site))

    def rank(c: Candidate) -> tuple[Any, ...]:
        unique = c.page_matches == 1
        rate = c.site.get(
            "rate", -1.0 if unique and index is not None else (1.0 if unique else 0.0)
        )
        return (not unique, -round(rate, 2), c.cost, c.xpath.count("/"), len(c.xpath))

    candidates.sort(key=rank)
    return candidates[:limit]


# --------------------------------------------------------------------------- lists


@dataclass(frozen=True)
class ListPattern:
    """A ``%d`` list pattern and what it matched on the example page."""

    pattern: str
    count: int
    indices: tuple[int, ...] = ()
    start: int = 1
    stride: int = 1

    def to_dict(self) -> dict[str, Any]:
        return {
            "pattern": self.pattern,
            "count": self.count,
            "indices": list(self.indices),
            "start": self.start,
            "stride": self.stride,
        }


def list_from_example(el: HtmlElement) -> ListPattern | None:
    """From one item, find the step whose index generalises to its siblings: from the deepest
    step up, release one index; the first release that matches 2+ nodes of the same tag wins."""
    root = el.getroottree().getroot()
    steps = path_steps(el)
    for i in range(len(steps) - 1, 0, -1):
        tag, idx, count = steps[i]
        if count < 2:
            continue
        trial: list[tuple[str, Any, int]] = list(steps)
        trial[i] = (tag, "%d", count)
        pattern = _steps_xpath(trial)
        nodes = select_elements(root, pattern)
        if len(nodes) >= 2 and all(n.tag == el.tag for n in nodes):
            indices = tuple(int(p[1]) for p in (path_steps(n)[i] for n in nodes))
            return ListPattern(pattern, len(nodes), indices)
    return None


def list_from_examples(elements: Sequence[HtmlElement]) -> ListPattern:
    """From several items: steps where indices differ become ``%d`` (SPEC §3)."""
    if not elements:
        raise RuleError("no examples for a list pattern")
    if len(elements) == 1:
        found = list_from_example(elements[0])
        if found is None:
            raise RuleError(
                "the example has no repeating siblings",
                expression=_steps_xpath(path_steps(elements[0])),
            )
        return found
    all_steps = [path_steps(e) for e in elements]
    skeletons = {tuple(s[0] for s in st) for st in all_steps}
    if len(skeletons) != 1:
        raise RuleError("the examples have different tag paths; they are not one list")
    first = all_steps[0]
    merged: list[tuple[str, Any, int]] = []
    varying: list[int] = []
    for pos, (tag, idx, _count) in enumerate(first):
        others = {st[pos][1] for st in all_steps}
        if len(others) > 1:
            merged.append((tag, "%d", 2))
            varying.append(pos)
        else:
            merged.append((tag, idx, max(st[pos][2] for st in all_steps)))
    pattern = _steps_xpath(merged)
    root = elements[0].getroottree().getroot()
    nodes = select_elements(root, pattern)
    indices: tuple[int, ...] = ()
    start, stride = 1, 1
    if len(varying) == 1:
        given = sorted(int(st[varying[0]][1]) for st in all_steps)
        indices = tuple(given)
        diffs = {b - a for a, b in zip(given, given[1:], strict=False)}
        if len(diffs) == 1:
            start, stride = given[0], diffs.pop()
    return ListPattern(pattern, len(nodes), indices, start, stride)


@dataclass(frozen=True)
class RecordPattern:
    """A repeating record container (``%d`` pattern) and each field's path relative to it."""

    container: str
    fields: dict[str, str]
    count: int

    def to_dict(self) -> dict[str, Any]:
        return {"container": self.container, "fields": dict(self.fields), "count": self.count}


def _common_ancestor(elements: Sequence[HtmlElement]) -> HtmlElement:
    chains = [list(e.iterancestors())[::-1] + [e] for e in elements]
    common: HtmlElement = chains[0][0]
    for level in zip(*chains, strict=False):
        if all(x is level[0] for x in level):
            common = level[0]
        else:
            break
    return common


def record_from_example(fields: dict[str, HtmlElement]) -> RecordPattern:
    """From the field nodes of one item: the lowest ancestor holding them that repeats among its
    siblings is the container; each field becomes a path relative to it."""
    if not fields:
        raise RuleError("no field examples for a record")
    node: HtmlElement | None = _common_ancestor(list(fields.values()))
    while node is not None and node.getparent() is not None:
        found = list_from_example(node)
        if found is not None:
            rel = {name: relative_path(node, el) for name, el in fields.items()}
            return RecordPattern(found.pattern, rel, found.count)
        node = node.getparent()
    raise RuleError("no repeating container holds these fields")
