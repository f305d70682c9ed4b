"""Extraction: template choice by URL match degree R(w,m), remove/keep rules with the automatic
cleaner, fields (XPath queues, %d lists, records), noise filters, and per-field diagnostics."""

from __future__ import annotations

import contextlib
import copy
import functools
import hashlib
import logging
import math
import shlex
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, cast
from urllib.parse import urldefrag, urljoin, urlsplit

import lxml.etree as etree

from deboiler_gui.engine.htmltree import (
    BLOCK_TAGS,
    INVISIBLE_TAGS,
    VALUE_ATTRIBUTES,
    HtmlElement,
    normalize_text,
    parse_html,
    to_html,
    visible_text,
    visible_text_except,
)
from deboiler_gui.engine.jsonxml import json_to_xml, looks_like_json
from deboiler_gui.engine.model import (
    DeboilerError,
    DomainModel,
    Page,
    Removal,
    RuleError,
    site_of,
)
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.pagetypes import is_url_pattern, pattern_regex
from deboiler_gui.engine.template.rules import (
    apply_processors,
    check_processor,
    compile_regex,
    drop_nodes,
    filter_html,
    filter_nodes,
    filter_text,
)
from deboiler_gui.engine.template.selectors import (
    compile_selector,
    count_hits,
    expand_pattern,
    select,
    to_xpath,
)
from deboiler_gui.engine.template.xpathcheck import xpath_problem

log = logging.getLogger(__name__)


# --------------------------------------------------------------------------- URL matching


def url_segments(url: str) -> set[str]:
    """S(url): the '/'-separated parts of a URL (host, path segments, query), no scheme."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return set()
    segs = [parts.netloc.lower()] + [s for s in parts.path.split("/") if s]
    if parts.query:
        segs.append("?" + parts.query)
    return {s for s in segs if s}


def match_degree(page_url: str, template_url: str) -> float:
    """R(w,m) = |S(w) ∩ S(m)| / min(|S(w)|, |S(m)|) (seed 002).

    ``m`` may be a URL pattern (``*``, ``{n}``, ``{a,b}`` in a segment, as page types induce
    them). A pattern stands for URLs of its own shape, so its parts (host, then each path
    segment; the query only when the pattern has one) are compared position by position — a
    part is shared when the page's part at the same place equals it or, for a pattern part,
    matches it — and the count is divided by the longer of the two: R = 1 exactly when the
    page matches the pattern. ``…/releases/*.html`` takes ``…/releases/1.0.html`` with R = 1,
    ``…/index.html`` with R = 1/3."""
    if is_url_pattern(template_url):
        pm = _ordered_segments(template_url, query=True)
        pw = _ordered_segments(page_url, query=pm[-1:] != [] and pm[-1].startswith("?"))
        if not pw or not pm:
            return 0.0
        shared = sum(
            1
            for a, b in zip(pw, pm, strict=False)
            if (pattern_regex(b).match(a) is not None if is_url_pattern(b) else a == b)
        )
        return shared / max(len(pw), len(pm))
    sw, sm = url_segments(page_url), url_segments(template_url)
    if not sw or not sm:
        return 0.0
    return len(sw & sm) / min(len(sw), len(sm))


def _ordered_segments(url: str, *, query: bool) -> list[str]:
    """The parts of S(url) in their order: host, path segments (and the query)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return []
    segs = [parts.netloc.lower()] + [s for s in parts.path.split("/") if s]
    if query and parts.query:
        segs.append("?" + parts.query)
    return [s for s in segs if s]


@functools.lru_cache(maxsize=256)
def _site_named(site: str) -> str:
    """A template's site as pages name theirs: the lower-cased host, whether it was written
    as a host, a host with its port (``127.0.0.1:8765``) or a URL."""
    text = site.strip()
    return site_of(text if "://" in text else "http://" + text) or text.lower()


def template_score(page_url: str, template: Template) -> float:
    """Best R over the template's sample URLs; 0 when the host differs from its site. A
    template without sample URLs matches every page of its site with R = threshold + epsilon."""
    site = site_of(page_url)
    if template.site and _site_named(template.site) != site:
        return 0.0
    if not template.urls:
        return template.url_threshold + 1e-9
    return max(match_degree(page_url, u) for u in template.urls)


def choose_templates(page_url: str, templates: Iterable[Template]) -> list[tuple[float, Template]]:
    """Templates whose R(w,m) > t, best first."""
    scored = [(template_score(page_url, t), t) for t in templates]
    chosen = [(r, t) for r, t in scored if r > t.url_threshold]
    chosen.sort(key=lambda rt: (-rt[0], rt[1].name))
    return chosen


# --------------------------------------------------------------------------- validation


@functools.cache
def _probe_page() -> Any:
    return parse_html("<html><head><title>t</title></head><body><p class='c'>x</p></body></html>")


def check_template(template: Template) -> None:
    """Compile every expression of a template; RuleError names template, field/rule, expression."""
    template.validate_shape()

    def comp(expr: str, **where: str) -> None:
        try:
            compile_selector(expr)
            problem = xpath_problem(to_xpath(expr).replace("%d", "1"))
            if problem is None:
                # Run once on a tiny page: what fails on every page (libxml2's recursion limit
                # on a union of thousands of paths) fails here, before the first page.
                select(_probe_page(), expr.replace("%d", "1"))
        except RuleError as exc:
            raise RuleError(
                str(exc).split(": ", 1)[-1], template=template.name, expression=expr, **where
            ) from exc
        except ValueError as exc:  # lxml refuses control characters and U+FFFE/U+FFFF
            raise RuleError(
                f"invalid XPath ({exc})", template=template.name, expression=expr, **where
            ) from exc
        if problem is not None:
            raise RuleError(problem, template=template.name, expression=expr, **where)

    for rule in (*template.remove, *template.keep):
        comp(rule.selector, rule=rule.name)
    for f in template.fields:
        for sub in (f, *f.children):
            if not sub.xpaths and not (sub is f and recorded_gone(f) is not None):
                # (a field ``templates repair`` recorded gone has no rule on purpose)
                raise RuleError("the field has no XPath", template=template.name, field=sub.id)
            for xp in sub.xpaths:
                comp(xp, field=sub.id)
            for proc in sub.processors:
                try:
                    check_processor(proc)
                except RuleError as exc:
                    raise RuleError(
                        str(exc).split(": ", 1)[-1],
                        template=template.name,
                        field=sub.id,
                        rule=proc.name,
                        expression=exc.expression,
                    ) from exc
    for flt in template.filters:
        try:
            if flt.kind == "text" or flt.kind == "url":
                compile_regex(flt.pattern)
            if flt.selector:
                compile_selector(flt.selector)
                # the same check as every other XPath: functions that cannot work here
                problem = xpath_problem(to_xpath(flt.selector))
                if problem is not None:
                    raise RuleError(problem, expression=flt.selector)
            if flt.kind == "attribute" and flt.op == "regex":
                compile_regex(flt.value)
            if flt.kind == "html" and not (flt.start and flt.end):
                raise RuleError("an html rule needs a start and an end string")
        except RuleError as exc:
            raise RuleError(
                str(exc).split(": ", 1)[-1],
                template=template.name,
                rule=flt.name,
                expression=exc.expression,
            ) from exc
        except ValueError as exc:  # lxml refuses control characters and U+FFFE/U+FFFF
            raise RuleError(
                f"invalid XPath ({exc})",
                template=template.name,
                rule=flt.name,
                expression=flt.selector,
            ) from exc


# --------------------------------------------------------------------------- results


@dataclass
class FieldReport:
    """How one field fared on one page: which XPath of the queue matched, or why each failed."""

    id: str
    status: str = "empty"  # "ok" | "empty" | "error"
    xpath: str = ""
    queue_index: int = -1
    tried: list[dict[str, Any]] = field(default_factory=list)
    nodes: list[str] = field(default_factory=list)  # XPaths on this page's tree, for highlighting
    #: why a field that gives nothing here is legitimately absent ("learned absent": recorded
    #: so by ``templates learn``; "no anchor": the page lacks what the rule hangs on), or ""
    absent: str = ""
    #: nodes passed over as links to the page itself (a field learned never to be one)
    self_links: int = 0

    def to_dict(self) -> dict[str, Any]:
        out = {
            "id": self.id,
            "status": self.status,
            "xpath": self.xpath,
            "queue_index": self.queue_index,
            "tried": list(self.tried),
            "nodes": list(self.nodes),
        }
        if self.absent:
            out["absent"] = self.absent
        if self.self_links:
            out["self_links"] = self.self_links
        return out


@dataclass
class ExtractResult:
    """Values of one page under one template, with diagnostics."""

    url: str
    template: str = ""
    score: float = 0.0
    status: str = "ok"  # "ok" | "partial" | "no-template" | "error"
    values: dict[str, Any] = field(default_factory=dict)
    fields: dict[str, FieldReport] = field(default_factory=dict)
    removed: list[str] = field(default_factory=list)
    error: str | None = None
    #: The cleaner's findings on the page when this extraction made them: the page's site,
    #: ``page_digest`` and ``findings_data``, for the caller to keep for the next extraction
    #: of the same page (``extract_page``'s ``known``); None when the page was not cleaned, or
    #: its findings were given.
    findings: tuple[str, str, list[list[Any]]] | None = None

    @property
    def failed_fields(self) -> list[str]:
        return [k for k, r in self.fields.items() if r.status != "ok"]

    def to_dict(self) -> dict[str, Any]:
        return {
            "url": self.url,
            "template": self.template,
            "score": round(self.score, 4),
            "status": self.status,
            "values": self.values,
            "fields": {k: v.to_dict() for k, v in self.fields.items()},
            "removed": list(self.removed),
            "error": self.error,
        }


# --------------------------------------------------------------------------- cleaning step


def removal_set(
    root: HtmlElement,
    template: Template,
    model: DomainModel | None,
    *,
    boilerplate: Sequence[tuple[HtmlElement, Removal]] | None = None,
) -> list[HtmlElement]:
    """Subtrees to drop: the automatic cleaner's (keep rules protect against it) plus the
    template's remove rules. The cleaner runs on a copy, so ``root`` keeps its shape and the
    fields' absolute XPaths still hold; its removals come back as nodes of ``root``.
    ``boilerplate``: ``find_boilerplate(root, model)`` when the caller has it already (a
    page's analysis, for its boilerplate share): the cleaner is not run a second time."""
    if not template.remove and (model is None or not template.use_cleaner):
        return []
    remove = [to_xpath(r.selector) for r in template.remove]
    keep = [to_xpath(r.selector) for r in template.keep]
    found = {
        r.name: _elements(root, r.selector, template, rule=r.name)
        for r in (*template.remove, *template.keep)
    }
    if model is None or not template.use_cleaner:
        return _rule_removals(root, template, found)
    from deboiler_gui.engine.clean.boilerplate import clean_tree
    from deboiler_gui.engine.clean.cleaning import removals_of

    try:
        if boilerplate is not None:
            # (nothing is removed from the tree: the nodes are root's own)
            return [
                el
                for el, _r in removals_of(root, model, remove=remove, keep=keep, found=boilerplate)
            ]
        removals = clean_tree(
            copy.deepcopy(root), model if template.use_cleaner else None, remove=remove, keep=keep
        )
    except RuleError as exc:
        raise RuleError(
            str(exc).split(": ", 1)[-1],
            template=template.name,
            rule=exc.rule,
            expression=exc.expression,
        ) from exc
    out: list[HtmlElement] = []
    for removal in removals:
        out.extend(n for n in root.xpath(removal.xpath) if isinstance(n, etree._Element))
    return out


def _rule_removals(
    root: HtmlElement, template: Template, found: dict[str, list[Any]] | None = None
) -> list[HtmlElement]:
    """The nodes the template's remove rules take, by the same semantics as the cleaner's
    clean_tree (a remove rule never takes a kept node or its ancestors; outermost nodes only),
    without copying the tree."""
    if found is None:
        found = {
            r.name: _elements(root, r.selector, template, rule=r.name)
            for r in (*template.remove, *template.keep)
        }
    guard: set[HtmlElement] = set()
    for rule in template.keep:
        for el in found[rule.name]:
            guard.add(el)
            guard.update(el.iterancestors())
    taken: list[HtmlElement] = []
    for rule in template.remove:
        taken.extend(el for el in found[rule.name] if el not in guard and el is not root)
    chosen = set(taken)
    return [el for el in dict.fromkeys(taken) if not any(a in chosen for a in el.iterancestors())]


def field_removals(
    root: HtmlElement,
    template: Template,
    model: DomainModel | None,
    *,
    boilerplate: Sequence[tuple[HtmlElement, Removal]] | None = None,
) -> tuple[list[HtmlElement], set[HtmlElement]]:
    """``removal_set`` (what the page loses, outermost subtrees) and the set a field's value is
    pruned by: the same plus the nodes of the template's remove rules that lie inside a
    subtree the cleaner removed. A field may read inside such a subtree (its XPath selects on
    the original tree); its value must still lose what the template removes there, as it does
    when the cleaner keeps the subtree (a permalink inside the heading of a section the
    cleaner took). ``boilerplate``: as for ``removal_set``."""
    removed = removal_set(root, template, model, boilerplate=boilerplate)
    prune = set(removed)
    if template.remove and model is not None and template.use_cleaner:
        prune.update(_rule_removals(root, template))
    return removed, prune


def _elements(root: Any, expr: str, template: Template, **where: str) -> list[Any]:
    try:
        return [n for n in select(root, expr) if isinstance(n, etree._Element)]
    except RuleError as exc:
        raise RuleError(
            str(exc).split(": ", 1)[-1], template=template.name, expression=expr, **where
        ) from exc


# --------------------------------------------------------------------------- fields


def filter_hits(root: Any, template: Template) -> dict[str, set[Any]]:
    """The nodes each url/attribute filter of the template drops from the page (by filter
    name), found on the whole page as cleaning finds them."""
    return {
        flt.name: set(filter_nodes(flt, root))
        for flt in template.filters
        if flt.kind in ("url", "attribute")
    }


def _dropped_for(template: Template, field_id: str, hits: dict[str, set[Any]]) -> set[Any]:
    out: set[Any] = set()
    for flt in template.filters:
        if flt.name in hits and flt.applies_to(field_id):
            out |= hits[flt.name]
    return out


def _is_dropped(node: Any, dropped: set[Any]) -> bool:
    """Whether a url/attribute filter drops the node (or the element holding a text or
    attribute result), itself or with an ancestor."""
    if not dropped:
        return False
    el = node if isinstance(node, etree._Element) else getattr(node, "getparent", lambda: None)()
    if el is None:
        return False
    return el in dropped or any(a in dropped for a in el.iterancestors())


def _pruned_copy(
    node: Any,
    removed: set[Any],
    above: set[Any] | None = None,
    dropped: set[Any] | None = None,
) -> Any:
    """A copy of ``node`` without removed subtrees and without the nodes the field's url and
    attribute filters drop. ``above`` is the set of ancestors of removed nodes: only those
    nodes can hold one."""
    inside = _pruned_inside(node, removed, above, dropped)
    if not inside:
        return node
    dup = copy.deepcopy(node)
    dup.tail = None
    mapping = dict(zip(node.iter(), dup.iter(), strict=False))
    drop_nodes([mapping[el] for el in dict.fromkeys(inside) if el in mapping])
    return dup


def _pruned_inside(
    node: Any,
    removed: set[Any],
    above: set[Any] | None = None,
    dropped: set[Any] | None = None,
) -> list[Any]:
    """The removed subtrees and the nodes the field's url and attribute filters drop that lie
    inside ``node``, in the order _pruned_copy drops them."""
    if removed and above is None:
        above = {a for r in removed for a in r.iterancestors()}
    inside = (
        [el for el in removed if any(a is node for a in el.iterancestors())]
        if removed and node in (above or ())
        else []
    )
    if dropped:
        inside.extend(el for el in node.iterdescendants() if el in dropped)
    return inside


def xpath_string(value: Any) -> str:
    """XPath 1.0's string() of a number, boolean or string result: 2, not 2.0; true, not
    True; NaN and Infinity as XPath writes them."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
        if value.is_integer() and abs(value) < 1e16:
            return str(int(value))
        return repr(value)
    return str(value)


def node_text(node: Any) -> str:
    """The text value of a node as extraction writes it (a text field without filters): an
    element's visible text, block parts on lines of their own, like inline siblings shown as
    lines apart (see ``_spaced_lines``), without a heading's permalink sign."""
    with _spaced_lines(node):
        return _without_permalink(node, _node_text(node))


def _line_like(text: str) -> bool:
    """Whether an inline element's text can be a line of its own: two characters or more with
    a letter or digit among them. A signature's parentheses (``span.sig-paren`` twice) and a
    word spelt one letter a span are pieces of one line."""
    text = text.strip()
    return len(text) > 1 and any(c.isalnum() for c in text)


@contextlib.contextmanager
def _spaced_lines(node: Any) -> Iterator[None]:
    """While inside: a space after each inline element of ``node`` that abuts a like sibling
    (the same tag and classes, both with text) in a parent that holds only elements.
    cppreference writes an overload set's names as
    ``<span class="t-lines"><span>remove</span><span>remove_if</span></span>``, which a
    stylesheet shows one a line; read as it is, the value is 'removeremove_if'. Words made of
    inline markup keep their letters together: a parent with text of its own (``<b>foo</b>bar``,
    ``<code>x</code>`` in a sentence) or unlike siblings (a signature's ``span.sig-prename``
    and ``span.sig-name``) are left alone. Only field values read this way: the cleaner's
    text is the page's as it is. The tree is restored on the way out."""
    if not isinstance(node, etree._Element) or not isinstance(node.tag, str) or not len(node):
        yield
        return
    spaced = []
    empty = []  # elements with no text and no children: separators, some of them
    textless: dict[Any, bool] = {}  # parent -> whether it holds no text of its own
    boxes = []  # elements that may be boxes: see _set_apart
    for el in node.iter(etree.Element):
        if el is node:
            continue
        if not len(el):
            if not el.text and el.tag not in _NOT_SEPARATORS:
                empty.append(el)
            elif el.tag in BOX_TAGS:
                boxes.append(el)
        elif (not el.text or el.text.isspace() or el.tag in BOX_TAGS) and el.tag not in _NOT_BOXES:
            boxes.append(el)
        if el.tail:
            continue
        nxt = el.getnext()
        if nxt is None or nxt.tag != el.tag or el.tag in BLOCK_TAGS or el.tag in INVISIBLE_TAGS:
            continue
        parent = el.getparent()
        bare = textless.get(parent)
        if bare is None:
            bare = textless[parent] = not (parent.text or "").strip() and not any(
                (c.tail or "").strip() for c in parent
            )
        if (
            not bare
            or set((el.get("class") or "").split()) != set((nxt.get("class") or "").split())
            or not _line_like("".join(el.itertext()))
            or not _line_like("".join(nxt.itertext()))
        ):
            continue
        spaced.append((el, el.tail))
        el.tail = " "
    filled = [(el, el.text) for el in _separators(node, empty)]
    for el, _text in filled:
        el.text = " "
    boxed = _set_apart(node, boxes) if boxes else []
    try:
        yield
    finally:
        for el, tail in spaced:
            el.tail = tail
        for el, text in filled:
            el.text = text
        for el, text, tail in reversed(boxed):
            el.text, el.tail = text, tail


#: Inline elements a browser draws as a box of their own by default (``display: inline-block``):
#: a button's label is never a piece of the word beside it.
BOX_TAGS = frozenset({"button"})


def _is_group(el: Any) -> bool:
    """Whether ``el`` is an inline element that only gathers items: no text of its own before,
    between or after its child elements, each child holding a line-like text (two characters
    or more with a letter or digit). Doxygen's ``<span class="mlabels"><span class="mlabel">
    abstract</span></span>``, a list of tags or badges. Markup that splits a word holds its
    letters itself (``<b>Jso</b>n``, ``<span class="n">x</span>``); a wrapper of whole items is
    no piece of a word."""
    if el.tag in WORD_TAGS or el.tag in BLOCK_TAGS or el.tag in INVISIBLE_TAGS or not len(el):
        return False
    if _has_text(el.text):
        return False
    found = False
    for child in el:
        if _has_text(child.tail):
            return False
        if not isinstance(child.tag, str):
            continue  # a comment shows nothing
        if child.tag in INVISIBLE_TAGS or not _line_like("".join(child.itertext())):
            return False
        found = True
    return found


def _glues(before: str, after: str) -> bool:
    """Whether two characters, one at the end of a text and one at the start of the next, make
    one word when nothing is put between them: letters or digits both, of a script written
    with spaces between words (Chinese and Japanese are not)."""
    return (
        before.isalnum()
        and after.isalnum()
        and unicodedata.east_asian_width(before) not in "WF"
        and unicodedata.east_asian_width(after) not in "WF"
    )


def _set_apart(node: Any, boxes: Sequence[Any]) -> list[tuple[Any, str | None, str | None]]:
    """Put a space between a box of ``node`` (a ``BOX_TAGS`` element or an inline group, see
    ``_is_group``) and a word it abuts on its line, before or after: Doxygen's
    ``<div class="title">Json::Value Class Reference<span class="mlabels"><span
    class="mlabel">abstract</span></span></div>``, drawn with a margin between, reads as
    'Json::Value Class Reference abstract', not '...Referenceabstract'. Punctuation next to a
    box is left alone ('(abstract)'). ``boxes``: the elements of ``node`` that may be boxes
    (inline, holding elements and no text of their own, or of BOX_TAGS). Returns the (element,
    text, tail) to restore."""
    changed: list[tuple[Any, str | None, str | None]] = []
    screened: dict[Any, bool] = {node: False}
    for el in boxes:
        if not (el.tag in BOX_TAGS or _is_group(el)):
            continue
        first, last = _first_char(el), _last_char(el)
        if not first or not last:
            continue
        # (the walks to the neighbours' text only where the box's own edge could glue)
        pad_before = first.isalnum() and _glues(_char_before(el, node), first)
        pad_after = last.isalnum() and _glues(last, _char_after(el, node))
        if not pad_before and not pad_after:
            continue
        if _screened(el, node, screened):
            continue  # inside an invisible element or a drawing (an SVG's labels)
        changed.append((el, el.text, el.tail))
        if pad_before:
            el.text = " " + (el.text or "")
        if pad_after:
            el.tail = " " + (el.tail or "")
    return changed


def _first_char(el: Any) -> str | None:
    """The first character ``el`` shows (its tail aside): "\n" at a block's edge, None when it
    shows nothing."""
    tag = el.tag
    if not isinstance(tag, str) or tag in INVISIBLE_TAGS:
        return None
    if tag in BLOCK_TAGS:
        return "\n"
    if el.text:
        return cast(str, el.text[0])
    for child in el:
        found = _first_char(child)
        if found is not None:
            return found
        if child.tail:
            return cast(str, child.tail[0])
    return None


def _last_char(el: Any) -> str | None:
    """The last character ``el`` shows (its tail aside), as ``_first_char``."""
    tag = el.tag
    if not isinstance(tag, str) or tag in INVISIBLE_TAGS:
        return None
    if tag in BLOCK_TAGS:
        return "\n"
    for child in reversed(el):
        if child.tail:
            return cast(str, child.tail[-1])
        found = _last_char(child)
        if found is not None:
            return found
    return cast(str, el.text[-1]) if el.text else None


def _char_before(el: Any, node: Any) -> str:
    """The character of ``node`` shown just before ``el`` on its line ("" at the line's start)."""
    cur = el
    while cur is not node:
        for sib in cur.itersiblings(preceding=True):
            if sib.tail:
                return cast(str, sib.tail[-1])
            found = _last_char(sib)
            if found is not None:
                return found
        cur = cur.getparent()
        if cur is None:
            return ""
        if cur.text:
            return cast(str, cur.text[-1])
        if cur.tag in BLOCK_TAGS:
            return ""
    return ""


def _char_after(el: Any, node: Any) -> str:
    """The character of ``node`` shown just after ``el`` on its line ("" at the line's end)."""
    cur = el
    while cur is not node:
        if cur.tail:
            return cast(str, cur.tail[0])
        for sib in cur.itersiblings():
            found = _first_char(sib)
            if found is not None:
                return found
            if sib.tail:
                return cast(str, sib.tail[0])
        cur = cur.getparent()
        if cur is None or cur is node or cur.tag in BLOCK_TAGS:
            return ""
    return ""


#: Inline elements that may stand inside a word (``foo<b></b>bar``, a named anchor
#: ``<a id="x"></a>``): empty, they are no separator.
WORD_TAGS = frozenset(
    {
        "a",
        "abbr",
        "b",
        "bdi",
        "bdo",
        "big",
        "cite",
        "code",
        "data",
        "del",
        "dfn",
        "em",
        "font",
        "i",
        "ins",
        "kbd",
        "mark",
        "nobr",
        "q",
        "rp",
        "rt",
        "ruby",
        "s",
        "samp",
        "small",
        "strike",
        "strong",
        "sub",
        "sup",
        "time",
        "tt",
        "u",
        "var",
        "wbr",
    }
)


def _separators(node: Any, empty: Sequence[Any]) -> list[Any]:
    """The elements of ``empty`` (of ``node``, with no text and no children) that stand
    between two runs of its visible text, not a tag that may split a word: separators a
    stylesheet draws (gi-docgen's ``<a>Json</a><span class="sep"></span>ArrayForeach``, a
    ``span.sep::after``), an icon between two words. Read as they are, the words run together
    ('JsonArrayForeach'). A block's edge is a line break already and ends a run; an element
    inside an invisible one or a drawing (an SVG's paths between its labels, placed by
    coordinates) is none. Each is looked at only as far as the nearest text on either side."""
    screened: dict[Any, bool] = {node: False}  # element -> inside a hiding one below node
    found = []
    for el in empty:
        if _screened(el, node, screened):
            continue
        if _text_before(el, node) and _text_after(el, node):
            found.append(el)
    return found


#: Drawings whose parts are placed by coordinates, not read as a line.
_DRAWING_TAGS = frozenset({"svg", "math"})

#: An SVG's shapes, empty by nature: never separators (inside a drawing), left out at once (a
#: syntax diagram holds hundreds).
_SHAPE_TAGS = frozenset(
    {"path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "use", "stop"}
)

#: Empty elements that are no separator: tags that may split a word, blocks (a line break
#: already), invisible elements, an SVG's shapes.
_NOT_SEPARATORS = WORD_TAGS | BLOCK_TAGS | INVISIBLE_TAGS | _SHAPE_TAGS

#: Elements that are never a box of inline items (see ``_is_group``).
_NOT_BOXES = WORD_TAGS | BLOCK_TAGS | INVISIBLE_TAGS | _DRAWING_TAGS | _SHAPE_TAGS

_HIDING_TAGS = INVISIBLE_TAGS | _DRAWING_TAGS


def _screened(el: Any, node: Any, known: dict[Any, bool]) -> bool:
    """Whether ``el`` is inside an invisible element or a drawing below ``node`` (``known``:
    the answers so far, by element; a drawing's hundreds of paths share a few parents)."""
    chain = []
    cur = el.getparent()
    answer = False
    while cur is not None:
        seen = known.get(cur)
        if seen is not None:
            answer = seen
            break
        chain.append(cur)
        if cur.tag in _HIDING_TAGS:
            answer = True
            break
        cur = cur.getparent()
    for a in chain:
        known[a] = answer
    return answer


def _has_text(value: str | None) -> bool:
    return bool(value) and not cast(str, value).isspace()


def _first_text(el: Any) -> bool | None:
    """Whether ``el`` (its tail aside) starts with visible text (True) or a line break
    (False, a block); None when it holds neither."""
    tag = el.tag
    if not isinstance(tag, str) or tag in INVISIBLE_TAGS:
        return None
    if tag in BLOCK_TAGS:
        return False
    if _has_text(el.text):
        return True
    for child in el:
        found = _first_text(child)
        if found is not None:
            return found
        if _has_text(child.tail):
            return True
    return None


def _last_text(el: Any) -> bool | None:
    """Whether ``el`` (its tail aside) ends with visible text (True) or a line break (False,
    a block); None when it holds neither."""
    tag = el.tag
    if not isinstance(tag, str) or tag in INVISIBLE_TAGS:
        return None
    if tag in BLOCK_TAGS:
        return False
    for child in reversed(el):
        if _has_text(child.tail):
            return True
        found = _last_text(child)
        if found is not None:
            return found
    return True if _has_text(el.text) else None


def _text_after(el: Any, node: Any) -> bool:
    """Whether visible text of ``node`` follows ``el`` on its line (no block's edge between)."""
    cur = el
    while cur is not node:
        if _has_text(cur.tail):
            return True
        for sib in cur.itersiblings():
            found = _first_text(sib)
            if found is not None:
                return found
            if _has_text(sib.tail):
                return True
        cur = cur.getparent()
        if cur is None or cur is node or cur.tag in BLOCK_TAGS:
            return False
    return False


def _text_before(el: Any, node: Any) -> bool:
    """Whether visible text of ``node`` comes before ``el`` on its line."""
    cur = el
    while cur is not node:
        for sib in cur.itersiblings(preceding=True):
            if _has_text(sib.tail):
                return True
            found = _last_text(sib)
            if found is not None:
                return found
        cur = cur.getparent()
        if cur is None:
            return False
        if _has_text(cur.text):
            return True
        if cur is node or cur.tag in BLOCK_TAGS:
            return False
    return False


#: Link texts that are a heading's or paragraph's own permalink (Sphinx's ``¶``, MkDocs' and
#: many blogs' ``#``), not part of the value; the Markdown writer drops the same links.
PERMALINK_SIGNS = ("¶", "§", "#", "🔗")


def _without_permalink(node: Any, text: str) -> str:
    """``text`` without the sign of a permalink inside ``node`` (a link to a ``#fragment`` whose
    whole text is ``¶``, ``§``, ``#`` or ``🔗``) when nothing but white space comes after it (or
    before it) in the node."""
    if not text or not isinstance(node, etree._Element):
        return text
    if text[0] not in "¶§#🔗" and text[-1] not in "¶§#🔗":
        return text
    for a in node.iter("a"):
        sign = "".join(a.itertext()).strip()
        if sign not in PERMALINK_SIGNS or not (a.get("href") or "").startswith("#"):
            continue
        if text.endswith(sign) and _blank_beside(node, a, after=True):
            return text[: -len(sign)].rstrip()
        if text.startswith(sign) and _blank_beside(node, a, after=False):
            return text[len(sign) :].lstrip()
    return text


def _blank_beside(node: Any, el: Any, *, after: bool) -> bool:
    """Whether no text of ``node`` follows (or precedes) its descendant ``el``."""
    while el is not node and el is not None:
        if after and (el.tail or "").strip():
            return False
        for sib in el.itersiblings(preceding=not after):
            own = "".join(sib.itertext()) if isinstance(sib.tag, str) else ""
            if own.strip() or (sib.tail or "").strip():
                return False
        parent = el.getparent()
        if not after and parent is not None and (parent.text or "").strip():
            return False
        el = parent
    return True


#: Elements whose text no reader sees among the page's words, yet is the value a rule that
#: selects the element itself reads: the page's ``<title>`` (the browser's tab, the name
#: search results and bookmarks show), whose text is read whole. Selected inside a larger node
#: (``//head``, the whole page) it still adds nothing, as in the cleaner's text.
SELECTED_TEXT_TAGS = frozenset({"title"})

# A text field on an element of VALUE_ATTRIBUTES (a <meta>, <link>, <base>) is empty, and its
# report says which attribute to read. The other invisible elements (script, style, template,
# noscript, textarea) give no text as a field either: their text is code or a form control's
# value, not the page's (a page's JSON-LD is offered by `suggest --structured` as fields with
# the jsonld processor).


def _title_text(node: HtmlElement) -> str:
    """A title's text as a browser shows it (``document.title``): every run of white space,
    line breaks too, one space."""
    return " ".join(node.text_content().split())


def _node_text(node: Any) -> str:
    if isinstance(node, etree._Element) and isinstance(node.tag, str):
        if isinstance(node, HtmlElement):
            if node.tag in SELECTED_TEXT_TAGS:
                return _title_text(node)
            return visible_text(node)
        return normalize_text(" ".join(t for t in node.itertext()))
    return normalize_text(str(node))


def _value(
    node: Any,
    fld: Field,
    removed: set[Any],
    template: Template,
    above: set[Any] | None = None,
    dropped: set[Any] | None = None,
) -> str:
    if dropped and _is_dropped(node, dropped):
        return ""
    if not isinstance(node, etree._Element):
        value = xpath_string(node)
        return normalize_text(value) if fld.kind != "html" else value
    if fld.kind == "attribute":
        return cast(str, node.get(fld.attribute, ""))
    if fld.kind != "html":
        with _spaced_lines(node):
            return _text_value(node, fld, removed, template, above, dropped)
    return _text_value(node, fld, removed, template, above, dropped)


#: Set by apply_template while it reads the fields without the cleaner: becomes true when a
#: field reads the text or markup of an element that holds other elements, the only values a
#: subtree the cleaner removes can change (it prunes what lies inside the node a field reads).
_DEEP_READ: ContextVar[list[bool] | None] = ContextVar("_DEEP_READ", default=None)


def _text_value(
    node: Any,
    fld: Field,
    removed: set[Any],
    template: Template,
    above: set[Any] | None,
    dropped: set[Any] | None,
) -> str:
    probe = _DEEP_READ.get()
    if (
        probe is not None
        and not probe[0]
        and next(node.iterchildren(etree.Element), None) is not None
    ):
        probe[0] = True  # the cleaner could take something out of this value
    html_filters = [f for f in template.filters if f.kind == "html" and f.applies_to(fld.id)]
    if fld.kind != "html" and not html_filters and isinstance(node, HtmlElement):
        # Text only: read past the pruned subtrees instead of copying the node without them.
        inside = _pruned_inside(node, removed, above, dropped)
        text = visible_text_except(node, inside) if inside else _node_text(node)
    elif fld.kind == "html" or html_filters:
        pruned = _pruned_copy(node, removed, above, dropped)
        markup = (
            to_html(pruned)
            if isinstance(pruned, HtmlElement)
            else etree.tostring(pruned, encoding="unicode")
        )
        if pruned is node and node.tail:
            markup = (
                markup[: len(markup) - len(node.tail)] if markup.endswith(node.tail) else markup
            )
        for flt in html_filters:
            markup = filter_html(flt, markup)
        if fld.kind == "html":
            return markup
        parsed = parse_html(markup)
        if isinstance(node, HtmlElement) and node.tag in SELECTED_TEXT_TAGS:
            # the filtered markup of a title is a title again, which the page's text leaves out
            text = " ".join(_title_text(t) for t in parsed.iter(node.tag))
        else:
            text = visible_text(parsed)
    else:
        text = _node_text(_pruned_copy(node, removed, above, dropped))
    text = _without_permalink(node, text)
    for flt in template.filters:
        if flt.kind == "text" and flt.applies_to(fld.id):
            text = normalize_text(filter_text(flt, text))
    return text


def _node_path(node: Any) -> str:
    if isinstance(node, etree._Element):
        # getpath (C) writes the same indexed path as htmltree.xpath_of, much faster.
        return str(node.getroottree().getpath(node))
    parent = getattr(node, "getparent", lambda: None)()
    return _node_path(parent) if parent is not None else ""


# Up to this many nodes, _node_paths asks libxml2 for each node's path.
_FEW_NODES = 16


def _node_paths(nodes: Sequence[Any], known: dict[Any, str] | None = None) -> list[str]:
    """_node_path of each node. getpath counts an element's preceding siblings (and those of
    each ancestor), so calling it per node of a 40,000-item list is quadratic: instead each
    parent's children get their paths in one pass, from the parent's own path found the same
    way. ``known`` maps nodes to paths already computed (shared by a record list's items); the
    new paths are added to it."""
    known = {} if known is None else known
    if len(nodes) <= _FEW_NODES:
        # A few nodes: getpath of each costs less than listing their ancestors' children.
        out = []
        for node in nodes:
            path = known.get(node)
            if path is None:
                path = _node_path(node)
                if _plain_element(node):
                    known[node] = path
            out.append(path)
        return out
    by_parent: dict[Any, dict[Any, str]] = {}
    out = []
    for node in nodes:
        if not _plain_element(node):
            out.append(_node_path(node))
            continue
        path = known.get(node)
        if path is None:
            path = _path_from_ancestors(node, known, by_parent)
        out.append(path)
    return out


def _plain_element(node: Any) -> bool:
    return isinstance(node, etree._Element) and isinstance(node.tag, str) and node.tag[:1] != "{"


def _path_from_ancestors(
    node: Any, known: dict[Any, str], by_parent: dict[Any, dict[Any, str]]
) -> str:
    chain = []
    el = node
    while el not in known:
        parent = el.getparent()
        if parent is None or not _plain_element(el):
            known[el] = str(el.getroottree().getpath(el))
            break
        chain.append(el)
        el = parent
    for child in reversed(chain):
        parent = child.getparent()
        paths = by_parent.get(parent)
        if paths is None:
            paths = by_parent[parent] = _child_paths(parent, known[parent])
        known[child] = paths.get(child) or _node_path(child)
    return known[node]


def _child_paths(parent: Any, base: str | None = None) -> dict[Any, str]:
    if base is None:
        base = str(parent.getroottree().getpath(parent))
    children = [c for c in parent if isinstance(c.tag, str) and c.tag[:1] != "{"]
    total: dict[str, int] = {}
    for c in children:
        total[c.tag] = total.get(c.tag, 0) + 1
    seen: dict[str, int] = {}
    paths = {}
    for c in children:
        k = seen[c.tag] = seen.get(c.tag, 0) + 1
        paths[c] = f"{base}/{c.tag}[{k}]" if total[c.tag] > 1 else f"{base}/{c.tag}"
    return paths


def link_of(node: Any) -> Any:
    """The link a selected node belongs to: the element of an attribute or of its text, or
    the element itself, or its nearest ``a`` ancestor; None when it is in no link."""
    if not isinstance(node, etree._Element):
        parent = getattr(node, "getparent", lambda: None)()
        if parent is None or getattr(node, "is_tail", False):
            return None
        node = parent
    if not isinstance(node.tag, str):
        return None
    if node.get("href") is not None:
        return node
    return next((a for a in node.iterancestors("a") if a.get("href") is not None), None)


def is_self_link(node: Any, url: str) -> bool:
    """Whether ``node`` is (in) a link to the page ``url`` itself, its fragment aside
    (``IOCase.html`` or ``#top`` on ``…/IOCase.html``)."""
    link = link_of(node)
    if link is None or not url:
        return False
    href = (link.get("href") or "").strip()
    if not href or href.lower().startswith(("javascript:", "mailto:")):
        return False
    return _leads_to(url, href)


@functools.lru_cache(maxsize=65536)
def _leads_to(url: str, href: str) -> bool:
    """Whether ``href`` on the page ``url`` leads to that page, its fragment aside (a page's
    links are asked about again for every rule that selects them)."""
    return bool(urldefrag(urljoin(url, href))[0] == urldefrag(url)[0])


def skips_self_links(fld: Field) -> bool:
    """Whether the field was learned from links none of which led to its own page (recorded
    by value learning as ``no_self_link``): a link to the page itself is then no value."""
    return bool(fld.search.fingerprint.get("no_self_link"))


def extract_field(
    root: Any,
    fld: Field,
    template: Template,
    removed: set[Any] | None = None,
    *,
    above: set[Any] | None = None,
    known: dict[Any, str] | None = None,
    hits: dict[str, set[Any]] | None = None,
    paths: bool = True,
    url: str = "",
) -> tuple[Any, FieldReport]:
    """Value of one field on a tree, trying its XPath queue in order, and the report.

    ``above`` (the ancestors of removed nodes) and ``known`` (node paths already computed) are
    shared by the items of a record list, so each item costs the same however many come
    before it; so is ``hits`` (``filter_hits`` of the page, found on ``root`` when not given).
    ``paths=False`` leaves the report's ``nodes`` empty (a caller that wants only the value:
    computing every node's path is most of the time on a long list). With the page's ``url``,
    a field learned never to be a link to its own page passes over such links (an enum's
    ``Enum<IOCase>`` in the inheritance tree of ``IOCase.html``): a scalar takes the next
    node, or the next rule of its queue."""
    removed = removed or set()
    own = url if url and not fld.children and skips_self_links(fld) else ""
    if hits is None:
        hits = filter_hits(root, template)
    dropped = _dropped_for(template, fld.id, hits)
    if above is None:
        above = {a for r in removed for a in r.iterancestors()}
    known = {} if known is None else known
    report = FieldReport(fld.id)
    for i, xp in enumerate(fld.xpaths):
        try:
            nodes = expand_pattern(root, xp) if "%d" in xp else select(root, xp)
        except RuleError as exc:
            report.tried.append({"xpath": xp, "matches": 0, "error": str(exc)})
            report.status = "error"
            continue
        if not nodes:
            report.tried.append({"xpath": xp, "matches": 0, "error": "no match"})
            continue
        matched = len(nodes)  # all the rule selects: a scalar takes the first of them
        if own:
            # Strings (``/@href``) know no element: their owners, in the same order.
            owners = (
                nodes
                if all(isinstance(n, etree._Element) for n in nodes)
                else string_owners(root, xp)
            )
            if len(owners) != len(nodes):
                owners = nodes
            kept = [n for n, o in zip(nodes, owners, strict=True) if not is_self_link(o, own)]
            report.self_links += len(nodes) - len(kept)
            nodes = kept
            if not nodes:
                report.tried.append({"xpath": xp, "matches": matched, "error": "self link"})
                continue
        if not fld.is_list:
            nodes = nodes[:1]
        try:
            if fld.children:
                _node_paths(nodes, known)  # the containers' paths, for their fields' nodes
                values: list[Any] = [
                    _record(node, fld, template, removed, report, above, known, hits)
                    for node in nodes
                    if not _is_dropped(node, dropped)
                ]
                values = [v for v in values if any(x not in ("", [], None) for x in v.values())]
            else:
                values = [
                    apply_processors(
                        _value(n, fld, removed, template, above, dropped), fld.processors
                    )
                    for n in nodes
                ]
                values = [v for v in values if v != ""]
        except RuleError as exc:
            raise RuleError(
                str(exc).split(": ", 1)[-1],
                template=template.name,
                field=fld.id,
                rule=exc.rule,
                expression=exc.expression,
            ) from exc
        if not values:
            tried: dict[str, Any] = {"xpath": xp, "matches": matched, "error": "empty value"}
            hint = _attribute_hint(nodes, fld)
            if hint:
                tried["hint"] = hint
            report.tried.append(tried)
            continue
        report.tried.append({"xpath": xp, "matches": matched, "error": None})
        report.status, report.xpath, report.queue_index = "ok", xp, i
        if paths:
            report.nodes = [p for p in _node_paths(nodes, known) if p]
        return (values if fld.is_list else values[0]), report
    if report.status != "error":
        report.status = "empty"
    return ([] if fld.is_list else ""), report


def _attribute_hint(nodes: Sequence[Any], fld: Field) -> str:
    """Why a text field on elements that hold no text (``<meta>``, ``<link>``, ``<base>``) is
    empty, naming the attribute that holds their value; "" for any other empty value."""
    if fld.kind == "attribute" or fld.children or not nodes:
        return ""
    tags = {getattr(n, "tag", None) for n in nodes}
    if len(tags) != 1 or next(iter(tags)) not in VALUE_ATTRIBUTES:
        return ""
    tag = cast(str, next(iter(tags)))
    attr = VALUE_ATTRIBUTES[tag]
    return f"a <{tag}> holds no text: its value is an attribute, read it with '…/@{attr}'"


def string_owners(root: Any, xpath: str) -> list[Any]:
    """The elements a rule's string results are read from, in document order: an
    attribute's element (``//a[@accesskey='p']/@href``: the link), a text node's parent. Rules
    give such results as plain strings, which know no element; an XPath that is no node set
    (``string(//h1)``) or a ``%d`` pattern has none."""
    if "%d" in xpath:
        return []
    try:
        found = select(root, f"({xpath})/..")
    except RuleError:
        return []
    return [n for n in found if isinstance(n, etree._Element)]


def _record(
    container: Any,
    fld: Field,
    template: Template,
    removed: set[Any],
    report: FieldReport,
    above: set[Any],
    known: dict[Any, str],
    hits: dict[str, set[Any]],
) -> dict[str, Any]:
    item: dict[str, Any] = {}
    for child in fld.children:
        value, sub = extract_field(
            container, child, template, removed, above=above, known=known, hits=hits
        )
        item[child.id] = value
        report.nodes.extend(sub.nodes)
    return item


# --------------------------------------------------------------------------- pages


def page_tree(page: Page) -> Any:
    """The tree fields run on: the HTML parse, or the XML form of a JSON page (seed 003)."""
    if looks_like_json(page.content_type, page.html):
        try:
            return json_to_xml(page.html, source=page.url)
        except DeboilerError:
            if page.content_type and "json" in page.content_type.lower():
                raise
    return parse_html(page.html)


def apply_template(
    page: Page,
    template: Template,
    model: DomainModel | None = None,
    *,
    root: Any = None,
    score: float | None = None,
    boilerplate: Sequence[tuple[HtmlElement, Removal]] | None = None,
    removed_paths: bool = True,
    find_boilerplate: Callable[[], Sequence[tuple[HtmlElement, Removal]]] | None = None,
) -> ExtractResult:
    """Apply one template to one page: values, per-field reports with the nodes each field hit
    (XPaths on the page's tree, for highlighting) and the removed subtrees. ``boilerplate``:
    ``find_boilerplate(root, model)`` when the caller has it already (``root`` given): the
    cleaner does not run again.

    ``removed_paths=False``: the caller wants the values, not the removed subtrees (an
    extraction's records), and ``result.removed`` is left empty. The fields are then read
    first without the cleaner, and the cleaner runs only when a field read the text of an
    element holding other elements: a subtree the cleaner removes changes a value only by
    what it takes out of the node the field reads, so fields on leaf nodes (a title, a link,
    an attribute) give the same values either way and the page is never cleaned. When it
    must run, ``find_boilerplate`` (called with no argument, once per page by the caller)
    gives the cleaner's findings, shared by the templates tried on the page."""
    result = ExtractResult(
        page.url, template.name, score if score is not None else template_score(page.url, template)
    )
    if root is None:
        root = page_tree(page)
    is_html = isinstance(root, HtmlElement)
    hits = filter_hits(root, template)
    if (
        is_html
        and not removed_paths
        and boilerplate is None
        and model is not None
        and template.use_cleaner
    ):
        probe = [False]
        token = _DEEP_READ.set(probe)
        try:
            _read_fields(result, root, template, set(_rule_removals(root, template)), hits)
        finally:
            _DEEP_READ.reset(token)
        if not probe[0]:
            return _settle(result, template, page.url)
        result.values.clear()
        result.fields.clear()
        if find_boilerplate is not None:
            boilerplate = find_boilerplate()
    removed, removed_set = (
        field_removals(root, template, model, boilerplate=boilerplate) if is_html else ([], set())
    )
    if removed_paths:
        result.removed = _node_paths(removed)
    _read_fields(result, root, template, removed_set, hits)
    return _settle(result, template, page.url)


def _read_fields(
    result: ExtractResult,
    root: Any,
    template: Template,
    removed_set: set[Any],
    hits: dict[str, set[Any]],
) -> None:
    from deboiler_gui.engine.template.signals import absent_reason

    url = result.url
    for fld in template.fields:
        value, report = extract_field(root, fld, template, removed_set, hits=hits, url=url)
        if report.status == "empty":
            report.absent = "gone" if is_gone(fld) else absent_reason(fld, root, url)
        result.values[fld.id] = value
        result.fields[fld.id] = report


def _settle(result: ExtractResult, template: Template, url: str) -> ExtractResult:
    required = [f for f in template.fields if f.required] or list(template.fields)
    # A field that gives nothing on a page where `templates learn` found it absent (a chapter
    # page without a qualified name) is legitimately absent there: the page is not partial.
    failed = [
        f.id
        for f in required
        if result.fields[f.id].status != "ok"
        and not (result.fields[f.id].status == "empty" and url in learned_absent(f))
        and not is_gone(f)
    ]
    result.status = "ok" if not failed else "partial"
    return result


_ABSENT: dict[int, tuple[Any, frozenset[str]]] = {}
_PRESENT: dict[int, tuple[Any, frozenset[str]]] = {}
#: Pages with a value ``templates learn`` records per field (``present``; spread over the site
#: when there are more: a sample then). Learning before it also recorded ``present_count``
#: kept at most 500, and did not say how many there were.
PRESENT_KEPT = 2000
_PRESENT_KEPT_BEFORE = 500


def learned_absent(fld: Field) -> frozenset[str]:
    """The pages where ``templates learn`` found the field absent (its search rules'
    ``absent``), as a set made once per learned list."""
    absent = fld.search.fingerprint.get("absent")
    if not absent:
        return frozenset()
    hit = _ABSENT.get(id(absent))
    if hit is None or hit[0] is not absent:
        if len(_ABSENT) > 256:
            _ABSENT.clear()
        hit = _ABSENT[id(absent)] = (absent, frozenset(absent))
    return hit[1]


def recorded_gone(fld: Field) -> dict[str, Any] | None:
    """The record ``templates repair --accept-repairs`` leaves on a field it answered 'gone'
    (its search rules' ``gone``: the old queue in ``xpaths``, the pages where it still matched
    other values, why), when the field has no rule since; None otherwise. Such a field gives
    nothing on every page and makes no page partial; its learned values stay, so a later
    repair finds it again if it comes back, and the version before holds its rule."""
    gone = fld.search.fingerprint.get("gone")
    if not isinstance(gone, dict) or fld.xpaths:
        return None
    return gone


def is_gone(fld: Field) -> bool:
    return recorded_gone(fld) is not None


def remove_field_command(template: str, field: str) -> str:
    """The command that removes field ``field`` from workspace template ``template`` (a new
    version, undone by ``templates revert``), its names quoted for a shell where needed."""
    return f"templates remove-field {shlex.quote(template)} {shlex.quote(field)}"


def learned_present(fld: Field) -> frozenset[str] | None:
    """The pages where ``templates learn`` found the field with a value (its search rules'
    ``present``), when that record is whole: every such page of the site as learning read it.
    None when learning kept no such record, or a sample of a longer one (more pages than
    ``PRESENT_KEPT``)."""
    fp = fld.search.fingerprint
    present = fp.get("present")
    if present is None or "absent" not in fp:
        return None
    total = fp.get("present_count")
    whole = len(present) >= total if isinstance(total, int) else len(present) < _PRESENT_KEPT_BEFORE
    if not whole:
        return None
    hit = _PRESENT.get(id(present))
    if hit is None or hit[0] is not present:
        if len(_PRESENT) > 256:
            _PRESENT.clear()
        hit = _PRESENT[id(present)] = (present, frozenset(present))
    return hit[1]


def page_digest(html: str) -> str:
    """A page's HTML by its digest: what the cleaner's findings kept for it are filed under."""
    return hashlib.sha1(html.encode("utf-8", "surrogatepass")).hexdigest()


def findings_data(found: Sequence[tuple[HtmlElement, Removal]]) -> list[list[Any]]:
    """The cleaner's findings (``find_boilerplate``) as plain data: each subtree's path and
    why it was taken."""
    return [[r.xpath, r.detector, r.representation, r.chars, r.path] for _el, r in found]


def findings_on(root: HtmlElement, data: Sequence[Any]) -> list[tuple[HtmlElement, Removal]] | None:
    """``findings_data`` of a page back on a parse of the same HTML; None when a path does not
    name one element there (not this page's findings: the cleaner runs)."""
    out: list[tuple[HtmlElement, Removal]] = []
    try:
        for xpath, detector, representation, chars, path in data:
            nodes = root.xpath(xpath)
            if len(nodes) != 1 or not isinstance(nodes[0], HtmlElement):
                return None
            out.append((nodes[0], Removal(xpath, detector, representation, int(chars), path)))
    except (TypeError, ValueError, etree.XPathError):
        return None
    return out


def extract_page(
    page: Page,
    templates: Sequence[Template],
    model: DomainModel | None = None,
    *,
    removed_paths: bool = True,
    known: Sequence[Any] | None = None,
) -> ExtractResult:
    """Seed 002 steps 2-3: try the matching templates in descending R until one extracts every
    required field; otherwise return the one with the fewest failed fields.
    ``removed_paths=False``: as for ``apply_template`` (the page is cleaned only when a field
    needs it, once for all the templates tried); ``known``: the cleaner's findings on this
    page under ``model`` kept from an earlier extraction (``ExtractResult.findings``), used
    instead of cleaning it again."""
    if page.error:
        return ExtractResult(page.url, status="error", error=page.error)
    chosen = choose_templates(page.url, templates)
    if not chosen:
        return ExtractResult(page.url, status="no-template", error="no template matches this URL")
    try:
        root = page_tree(page)
    except DeboilerError as exc:
        return ExtractResult(page.url, status="error", error=str(exc))
    found: list[Sequence[tuple[HtmlElement, Removal]]] = []
    made: list[list[Any]] = []

    def boilerplate() -> Sequence[tuple[HtmlElement, Removal]]:
        if not found:
            given = findings_on(root, known) if known is not None else None
            if given is None:
                from deboiler_gui.engine.clean.cleaning import find_boilerplate

                assert model is not None
                given = find_boilerplate(root, model)
                made.append(findings_data(given))
            found.append(given)
        return found[0]

    res = _first_whole(page, chosen, model, root, removed_paths, boilerplate)
    if made:
        res.findings = (page.site, page_digest(page.html), made[0])
    return res


def _first_whole(
    page: Page,
    chosen: Sequence[tuple[float, Template]],
    model: DomainModel | None,
    root: Any,
    removed_paths: bool,
    boilerplate: Callable[[], Sequence[tuple[HtmlElement, Removal]]],
) -> ExtractResult:

    best: ExtractResult | None = None
    for r, template in chosen:
        res = apply_template(
            page,
            template,
            model,
            root=root,
            score=r,
            removed_paths=removed_paths,
            find_boilerplate=boilerplate,
        )
        if res.status == "ok":
            return res
        if best is None or len(res.failed_fields) < len(best.failed_fields):
            best = res
    assert best is not None
    return best


def page_fault(url: str, exc: BaseException) -> str:
    """The error of a page whose extraction failed in an unexpected way (logged with its
    traceback; the run goes on)."""
    log.warning("extraction failed on %s", url, exc_info=exc)
    return f"extraction failed on this page: {type(exc).__name__}: {exc}"


def iter_extract(
    pages: Iterable[Page],
    templates: Sequence[Template],
    models: dict[str, DomainModel] | None = None,
    *,
    page_timeout: float | None = None,
    removed_paths: bool = True,
    known: Mapping[str, Mapping[str, Any]] | None = None,
) -> Iterator[ExtractResult]:
    """Extract every page; a bad page becomes an error result, never stops the run. Invalid
    templates fail before the first page. With ``page_timeout``, pages are extracted in a
    child process that is stopped after that many seconds per page (that page's error).
    ``removed_paths=False``: the results' ``removed`` are not wanted, and a page is cleaned
    only when a field's value depends on it (``apply_template``). ``known``: the cleaner's
    findings kept from earlier extractions, by site and ``page_digest`` of the page's HTML (pages
    cleaned this time give theirs in ``ExtractResult.findings``)."""
    for t in templates:
        check_template(t)
    if page_timeout:
        from deboiler_gui.engine.pagework import extract_limited

        yield from extract_limited(
            pages, templates, models, page_timeout, removed_paths=removed_paths, known=known
        )
        return
    for page in pages:
        model = (models or {}).get(page.site)
        given = (
            known.get(page.site, {}).get(page_digest(page.html))
            if known and model is not None
            else None
        )
        try:
            yield extract_page(page, templates, model, removed_paths=removed_paths, known=given)
        except DeboilerError as exc:
            # Templates were checked before the first page: a rule that fails now fails on
            # this page's content (a regular expression that backtracks on its text).
            yield ExtractResult(page.url, status="error", error=str(exc))
        except Exception as exc:  # a fault on this page's content: that page's error only
            yield ExtractResult(page.url, status="error", error=page_fault(page.url, exc))


def evaluate_expression(trees: Iterable[Any], expression: str) -> dict[str, Any]:
    """One rule over all pages: pages where it matches exactly one node, none, many."""
    if "%d" in expression:
        return count_hits(trees, lambda tree: expand_pattern(tree, expression))
    return count_hits(trees, compile_selector(expression))


def evaluate_field(trees: Iterable[Any], fld: Field, template: Template) -> dict[str, Any]:
    """One field over many pages (the app's coverage strip): pages where it gives a value,
    where it is empty (``absent``: of those, the pages that lack the rule's anchor), and how
    often each XPath of its queue was the one used."""
    from deboiler_gui.engine.template.signals import ABSENT_NO_ANCHOR, absent_reason

    ok = empty = absent = 0
    used: dict[str, int] = {}
    for tree in trees:
        _value, report = extract_field(tree, fld, template)
        if report.status == "ok":
            ok += 1
            used[report.xpath] = used.get(report.xpath, 0) + 1
        else:
            empty += 1
            absent += report.status == "empty" and absent_reason(fld, tree) == ABSENT_NO_ANCHOR
    return {"ok": ok, "empty": empty, "absent": absent, "pages": ok + empty, "by_xpath": used}


def rule_nodes(root: Any, template: Template) -> dict[str, list[str]]:
    """For highlighting: the nodes each remove/keep rule and each url/attribute filter hits on
    one page, as absolute XPaths on that page's tree, keyed by rule name."""
    out: dict[str, list[str]] = {}
    for rule in (*template.remove, *template.keep):
        out[rule.name] = [
            _node_path(n) for n in _elements(root, rule.selector, template, rule=rule.name)
        ]
    for flt in template.filters:
        if flt.kind in ("url", "attribute"):
            out[flt.name] = [_node_path(n) for n in filter_nodes(flt, root)]
    return out
