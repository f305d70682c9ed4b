"""Selector induction from clicked examples: the shortest rule that selects the positive
examples and none of the negative ones, anchored on the nearest stable hook, checked site-wide."""

from __future__ import annotations

import contextlib
import re
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from itertools import islice
from typing import Any
from urllib.parse import urljoin, urlsplit

import lxml.etree as etree

from deboiler_gui.engine.htmltree import (
    VALUE_ATTRIBUTES,
    HtmlElement,
    normalize_text,
    parse_html,
)
from deboiler_gui.engine.model import RuleError
from deboiler_gui.engine.pagename import common_folder, short_page
from deboiler_gui.engine.tablerows import rows_tolerant
from deboiler_gui.engine.template.extract import PERMALINK_SIGNS
from deboiler_gui.engine.template.pagetypes import (
    SAME_TYPE,
    jaccard,
    signature,
    similarity,
    telling_paths,
    url_shape,
)
from deboiler_gui.engine.template.selectors import (
    HOOK_ATTRS,
    SEMANTIC_ATTRS,
    TEST_ATTRS,
    Candidate,
    SiteIndex,
    class_predicate,
    descend_first,
    element_attrs,
    flatten_descendants,
    is_wordlike,
    run_compiled,
    same_pages,
    select_elements,
    shared_runs,
    suggest,
    text_equals,
    xpath_literal,
)

#: Pages of the site each surviving candidate is checked on.
SITE_SAMPLE = 60
#: Candidates (cheapest first) that get the site-wide check.
SITE_CHECKED = 14
#: With one clicked link read by its own label-like text (:func:`own_text_rule`), a rule whose
#: node reads another text on at most this share of its pages takes another link there; more
#: often, the text is a value the pages happen to share (an author's name).
ONE_CLICK_RETEXTED = 0.15
_LETTERS = re.compile(r"[^\W\d_]{2}")
#: A label in running text: one or two words of letters, maybe ending in a colon ("extends",
#: "See also:"); not a type name with dots or brackets ("java.lang.Enum<").
_LABEL_WORDS = re.compile(r"[^\W\d_]+(?:[ -][^\W\d_]+)?:?", re.UNICODE)
#: Tags that are list items even when alone in their list.
_ITEM_TAGS = frozenset({"li", "dt", "tr", "option"})
_POSITIONAL = frozenset({"relative", "positional"})
#: A field rule finds several nodes on "many" pages when it does on this share of the pages
#: where it finds any (three pages at least).
SEVERAL_PAGES = 0.1


class InductionError(RuleError):
    """The examples cannot be generalised: they conflict, or 'not this' removes every rule."""

    def __init__(
        self,
        message: str,
        conflicts: Sequence[str] = (),
        *,
        examples: Sequence[str] = (),
        hint: str = "",
    ) -> None:
        #: the refusal without the clicks it names
        self.reason = message
        self.conflicts = list(conflicts)
        #: what the user can do about it, when the refusal does not say it already
        self.hint = hint
        #: the pages of the examples the refusal is about (one that goes with none of the
        #: others, one that is like a 'not this'), when it is about some in particular: the
        #: example to look at again, or to replace
        self.examples = list(dict.fromkeys(examples))
        super().__init__(
            message
            + (": " + "; ".join(self.conflicts) if self.conflicts else "")
            + (f". {hint[0].upper()}{hint[1:]}" if hint else "")
        )


@dataclass(frozen=True)
class Example:
    """One clicked node: the page's URL, the page's tree and the node."""

    url: str
    root: HtmlElement
    node: HtmlElement
    attr: str = ""  # the clicked attribute of the node (a link's href), when one was
    #: the expression the example was given by (a path or a CSS selector typed by hand), when
    #: it selects more than the one node taken (its first)
    expression: str = field(default="", compare=False)
    #: the nodes ``expression`` selects on the page, when there are several
    selected: tuple[HtmlElement, ...] = field(default=(), compare=False)

    def describe(self) -> str:
        tail = f"/@{self.attr}" if self.attr else ""
        return f"{self.url} {self.root.getroottree().getpath(self.node)}{tail}"

    def moved(self, node: HtmlElement, root: HtmlElement | None = None) -> Example:
        """This example with another node (its heading, its link, the element that carries
        its attribute), on the same page or its copy ``root``."""
        return replace(self, node=node, root=self.root if root is None else root)


def click_example(
    index: SiteIndex | None,
    url: str,
    xpath: str,
    html: str | None = None,
    *,
    what: str = "example",
    parse: Any = None,
) -> Example:
    """The example a click names: ``xpath`` (absolute, on the engine's parse of the page,
    optionally ending on an attribute) on the page ``url``. The node is taken on the index's
    own tree of that page when the site index holds it (so that the page is one of the
    sampled pages, not a copy beside them: the app and the command line induce the same rule
    from the same clicks); otherwise on ``html`` parsed (with ``parse`` when given)."""
    from deboiler_gui.engine.template.selectors import select_elements

    element, attr = split_attribute(xpath)
    candidates: list[Any] = []
    if index is not None and url in index.urls:
        candidates.append(index.trees[index.urls.index(url)])
    if html is not None:
        candidates.append(html)  # parsed on demand
    if not candidates:
        raise InductionError(f"page {url} could not be read")
    for root in candidates:
        if isinstance(root, str):
            root = (parse or parse_html)(root)
        try:
            nodes = select_elements(root, element)
        except RuleError as exc:
            raise InductionError(f"{what} {xpath!r}: {exc}") from exc
        if nodes:
            several = tuple(nodes) if len(nodes) > 1 else ()
            return Example(
                url, root, nodes[0], attr, expression=xpath if several else "", selected=several
            )
    raise InductionError(f"{what} {xpath!r} matches no element on {url}")


def _brief(node: HtmlElement, attr: str = "") -> str:
    """A node in a few words: its path and its value (the attribute's, else its text)."""
    value = (node.get(attr) or "") if attr else _text(node)
    return f"{node.getroottree().getpath(node)} {_clip(value, 40)!r}"


#: At most this many of the nodes an example's expression selects are named.
SELECTED_SHOWN = 5


def _several_nodes(
    positives: Sequence[Example], negatives: Sequence[Example], rules: Sequence[Induced] = ()
) -> list[str]:
    """What each example (or 'not this') whose expression selects several nodes on its page
    selects, in a few words: one sentence each. With ``rules`` (a list's), not for an example
    whose nodes are all items of the first rule on its page (the list's items written as
    one expression: nothing is left out)."""
    out = []
    for what, ex in [("example", e) for e in positives] + [("'not this'", n) for n in negatives]:
        if len(ex.selected) < 2:
            continue
        if rules and what == "example":
            items = {id(n) for n in _run(ex.root, _element_part(rules[0].xpath, ex.attr)) or []}
            if all(id(n) in items for n in ex.selected):
                continue
        shown = ", ".join(_brief(n, ex.attr) for n in ex.selected[:SELECTED_SHOWN])
        more = len(ex.selected) - SELECTED_SHOWN
        out.append(
            f"the {what} {ex.url} {ex.expression} selects {len(ex.selected)} nodes on its "
            f"page: {shown}" + (f" and {more} more" if more > 0 else "")
        )
    return out


def _on_index(ex: Example, index: SiteIndex | None) -> Example:
    """``ex`` on the index's own tree of its page, when the index holds the page and the node
    is at the same place there: a copy of the page parsed apart would be one more page of the
    sample, unlike the example's (its lists and labels counted as another page's)."""
    if index is None or ex.url not in index.urls:
        return ex
    tree = index.trees[index.urls.index(ex.url)]
    if ex.root is tree:
        return ex
    try:
        found = tree.getroottree().xpath(ex.root.getroottree().getpath(ex.node))
    except etree.XPathError:
        return ex
    if (
        isinstance(found, list)
        and len(found) == 1
        and isinstance(found[0], etree._Element)
        and found[0].tag == ex.node.tag
        and _text(found[0]) == _text(ex.node)
    ):
        return ex.moved(found[0], tree)
    return ex


def split_attribute(xpath: str) -> tuple[str, str]:
    """``xpath`` cut before a last attribute step: ``('//a[@accesskey="p"]', 'href')`` for
    ``//a[@accesskey="p"]/@href``; ``(xpath, '')`` when it does not end on one."""
    steps = _top_steps(xpath.strip())
    last = steps[-1] if steps else ""
    m = re.fullmatch(r"(?:@|attribute::)([\w.:-]+)", last)
    if m is None or len(steps) < 2 or not "/".join(steps[:-1]).strip("/"):
        return xpath, ""
    return "/".join(steps[:-1]), m.group(1)


@dataclass
class Induced:
    """One induced rule with how it was built and how it behaves over the site."""

    xpath: str
    kind: str  # "field" | "list"
    family: str  # "id", "class", "attribute", "label", "relative", "positional"
    cost: float
    site: dict[str, Any] = field(default_factory=dict)
    examples: list[list[str]] = field(default_factory=list)  # values on the example pages
    #: What the user should know about the examples (they play different roles on their pages).
    warnings: list[str] = field(default_factory=list)
    #: What the user should know that is no fault: how the rule reads the clicks (an `img`
    #: clicked for its link's `href` stands for the link).
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        out = {
            "xpath": self.xpath,
            "kind": self.kind,
            "family": self.family,
            "cost": round(self.cost, 3),
            "site": dict(self.site),
            "examples": [list(v) for v in self.examples],
        }
        if self.warnings:
            out["warnings"] = list(self.warnings)
        if self.notes:
            out["notes"] = list(self.notes)
        return out


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
    for attr in (*SEMANTIC_ATTRS, *HOOK_ATTRS, *element_attrs(el.tag)):
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
                out.append(f"{prev.tag}[{text_equals(prev, text)}]")
        prev = prev.getprevious()
    return out


#: The cost of a label just after the node (``_labels_after``) over one just before it: a
#: text after a node is more often the next value than a label, so such a rule ranks after a
#: position below a hook, unless the site shows that position holds another node on some
#: pages (``_rank_field``'s ``relabelled``).
AFTER_LABEL_COST = 2.0


def _next_alike(top: HtmlElement) -> HtmlElement | None:
    """The element just after ``top`` among its siblings when it is of ``top``'s tag and
    reads a short text: the next entry of a bar of links (`« prev :: Contents :: next »`),
    whose fixed text ('Contents') stays where the previous link is missing and another link
    takes the bar's first place. None otherwise: the heading of the next section after a
    title (`h2` 'NAME' after a manual page's `h1`) is no label of the title."""
    nxt: HtmlElement | None = top.getnext()
    while nxt is not None and not isinstance(nxt.tag, str):
        nxt = nxt.getnext()
    if nxt is None or nxt.tag != top.tag or len(nxt) > 3:
        return None
    text = _text(nxt)
    if not text or len(text) > 40 or not _LETTERS.search(text) or text == _text(top):
        return None
    return nxt


def _labels_after(el: HtmlElement) -> list[str]:
    """The short fixed-looking text just after ``el`` among like siblings
    (``_next_alike``), as a step: ``a[normalize-space(.)='Contents']``."""
    nxt = _next_alike(el)
    return [f"{nxt.tag}[{text_equals(nxt, _text(nxt))}]"] if nxt is not None else []


def _text_label(el: HtmlElement) -> str:
    """The text right before ``el`` inside its parent (after the element before it, or the
    parent's opening tag) when it reads as a label: a word or two with letters ('extends'
    before a superclass link in a type declaration, 'Author:' before a name link)."""
    prev = el.getprevious()
    parent = el.getparent()
    raw = prev.tail if prev is not None else parent.text if parent is not None else None
    text = normalize_text(raw or "")
    if len(text) > 24 or not _LABEL_WORDS.fullmatch(text) or not _LETTERS.search(text):
        return ""
    return text


#: Elements that label the element after them whatever their text (a header cell, a term).
_LABEL_ELEMENTS = frozenset({"th", "dt", "label"})


#: A label's most characters and words: a link's fixed wording ('List of all members,
#: including inherited members'), not a sentence.
LABEL_TEXT_CHARS = 60
LABEL_TEXT_WORDS = 8


def label_like(text: str) -> bool:
    """Whether ``text`` reads like a fixed label: short, a few words, with letters."""
    return (
        0 < len(text) <= LABEL_TEXT_CHARS
        and len(text.split()) <= LABEL_TEXT_WORDS
        and bool(_LETTERS.search(text))
    )


def fixed_text(positives: Sequence[Example], attr: str = "") -> str:
    """The one label-like text every example's node reads, when that text is an anchor of
    the field's node rather than its value: an attribute field's elements ('List of all
    members' for the link's target), or, for a text field, links from two pages or more to
    different targets ('← prev' to another page on each page: a navigation label whose link
    changes with the page). "" otherwise: a text field's text is its value."""
    texts = {_text(ex.node) for ex in positives}
    if len(texts) != 1:
        return ""
    text = texts.pop()
    if not label_like(text):
        return ""
    if attr:
        return text
    hrefs = [(ex.node.get("href") or "").strip() for ex in positives]
    if len(positives) < 2 or any(ex.node.tag != "a" for ex in positives) or "" in hrefs:
        return ""
    targets = {urljoin(ex.url, h) for ex, h in zip(positives, hrefs, strict=True)}
    return text if len(targets) > 1 else ""


def own_text_rule(positives: Sequence[Example], attr: str = "", trees: Sequence[Any] = ()) -> str:
    """The rule by the link's own text for one clicked link whose text reads as a label
    ('[Next Chapter]'), "" otherwise. One click cannot tell a label from a value: over the
    sampled ``trees``, the links of that text must lead to other pages on other pages (a
    label of a link that changes with the page; a menu's entry that names one page leads
    there from everywhere), and the rule ranks first only where it finds the link on as many
    pages as the best other rule (:func:`_rank_field`)."""
    if attr or len(positives) != 1 or fixed_text(positives, attr):
        return ""
    node = positives[0].node
    text = _text(node)
    if node.tag != "a" or not (node.get("href") or "").strip() or not label_like(text):
        return ""
    xp = f"//a[normalize-space(.)={xpath_literal(text)}]"
    targets = []
    for tree in trees:
        found = _run(tree, xp)
        if found:
            targets.append((found[0].get("href") or "").strip())
    if trees and len(set(targets)) < max(2, 0.5 * len(targets)):
        return ""
    return xp


def _beside(el: HtmlElement) -> HtmlElement | None:
    """The element just before ``el`` among its siblings, or before the ancestor (two levels
    up at most) that holds ``el`` as its one element child: the cell before a `td/a` link's
    cell. None when there is none."""
    node = el
    for _ in range(3):
        prev: HtmlElement | None = node.getprevious()
        while prev is not None and not isinstance(prev.tag, str):
            prev = prev.getprevious()
        if prev is not None:
            return prev
        parent = node.getparent()
        if parent is None or sum(1 for k in parent if isinstance(k.tag, str)) != 1:
            return None
        node = parent
    return None


def beside_label(el: HtmlElement) -> tuple[str, str] | None:
    """(tag, text) of the label right beside ``el`` (:func:`_beside`): a header cell, a term
    or a label element with a short text, or any element whose short text ends with a colon
    (Qt's class summary writes `<td>Inherits:</td><td>QObject</td>`). None when the element
    before is no label (a value of its own: a member table's type cell 'void')."""
    prev = _beside(el)
    if prev is None or len(prev) > 3:
        return None
    text = _text(prev)
    if not text or len(text) > 40 or not _LETTERS.search(text):
        return None
    if prev.tag in _LABEL_ELEMENTS or text.endswith(":"):
        return str(prev.tag), text
    return None


def _beside_text(el: HtmlElement, tag: str) -> str | None:
    """The text of the element of ``tag`` right beside ``el`` (:func:`_beside`), None when the
    element there is of another tag or there is none: what stands where the examples' label
    stands, a label or not ('Since:' where the examples have 'Inherits:')."""
    prev = _beside(el)
    if prev is None or prev.tag != tag:
        return None
    return _text(prev)


def after_label(el: HtmlElement) -> tuple[str, str] | None:
    """(tag, text) of the like element right after ``el`` (``_next_alike``), or after the
    ancestor (two levels up at most) that holds ``el`` as its one element child: the
    'Contents' link after a bar's previous link, the `li` 'Contents' after the `li` of a
    previous link. None when there is none."""
    node = el
    for _ in range(3):
        nxt = _next_alike(node)
        if nxt is not None:
            return str(nxt.tag), _text(nxt)
        parent = node.getparent()
        if parent is None or sum(1 for k in parent if isinstance(k.tag, str)) != 1:
            return None
        node = parent
    return None


def _after_differs(el: HtmlElement, label: tuple[str, str]) -> bool:
    """Whether ``el``, a rule's node on another page, is not where the examples' node is
    beside the label after it (``after_label``): another text follows it among like
    siblings, or ``el`` is itself the label (a bar's first link is 'Contents' where a page
    has no previous page)."""
    tag, text = label
    node = el
    for _ in range(3):
        if node.tag == tag and _text(node) == text:
            return True
        nxt = node.getnext()
        while nxt is not None and not isinstance(nxt.tag, str):
            nxt = nxt.getnext()
        if nxt is not None:
            return nxt.tag == tag and _text(nxt) != text
        parent = node.getparent()
        if parent is None or sum(1 for k in parent if isinstance(k.tag, str)) != 1:
            return False
        node = parent
    return False


def text_label_step(el: HtmlElement) -> str:
    """A step for ``el`` anchored on the text right before it (:func:`_text_label`), e.g.
    ``a[normalize-space(preceding-sibling::node()[1][self::text()])='extends']``; "" when
    there is none. A link after other words (``extends java.lang.Enum<`` before an enum's
    type argument, ``implements``) is not taken."""
    text = _text_label(el)
    if not text:
        return ""
    return f"{el.tag}[normalize-space(preceding-sibling::node()[1][self::text()])={xpath_literal(text)}]"


def _sibling_hooks(
    top: HtmlElement, index: SiteIndex | None, *, after: bool = False
) -> list[tuple[str, float]]:
    """Expressions for the element just before ``top`` (with ``after``, the like element
    just after it that reads a short text, ``_next_alike``) through a stable hook of its own
    or of its only child element (an icon link in a cell), with the hook's cost."""
    if after:
        prev = _next_alike(top)
    else:
        prev = top.getprevious()
        while prev is not None and not isinstance(prev.tag, str):
            prev = prev.getprevious()
    if prev is None:
        return []
    out = [(f"//{prev.tag}[{pred}]", cost) for cost, _f, pred in hooks(prev, index)[:2]]
    kids = [k for k in prev if isinstance(k.tag, str)]
    if len(kids) == 1:
        for cost, _f, pred in hooks(kids[0], index)[:2]:
            out.append((f"//{kids[0].tag}[{pred}]/parent::{prev.tag}", cost + 0.2))
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


def _rel(ancestor: HtmlElement, el: HtmlElement, *, positional: bool) -> tuple[str, int]:
    steps = [_step(n, positional=positional) for n in _chain(ancestor, el)]
    return "/".join(s for s, _ in steps), sum(n for _, n in steps)


_TBODY = re.compile(r"(?<=\btable)((?:\[[^\]]*\])*(?:\)(?:\[[^\]]*\])*)?)/tbody(?:\[1\])?/tr\b")


def untbody(xp: str) -> str:
    """``xp`` without the ``tbody`` step between a table and its rows: the rule's selectors
    find a table's rows with and without one (a browser makes it up, gtk-doc writes it), also
    after a group that ends on the table (``(//table[@class='x'])[1]/tr``)."""
    return _TBODY.sub(r"\1/tr", xp)


def _absolute(el: HtmlElement) -> str:
    return str(el.getroottree().getpath(el))


# --------------------------------------------------------------------------- evaluation


def _run(root: Any, xpath: str) -> list[HtmlElement] | None:
    try:
        found = run_compiled(_compiled(xpath), root)
    except (etree.XPathEvalError, RuleError):
        return None
    return [n for n in found if isinstance(n, etree._Element)] if isinstance(found, list) else None


_CACHE: dict[str, Any] = {}


def _compiled(xpath: str) -> Any:
    hit = _CACHE.get(xpath)
    if hit is None:
        try:
            # a table's rows with and without a tbody, and written to be walked faster, as the
            # template's own selectors find them (the same text: a hit rate over the indexed
            # pages reads the runs on the sampled pages, ``shared_runs``)
            hit = etree.XPath(
                rows_tolerant(descend_first(flatten_descendants(xpath))), smart_strings=False
            )
        except etree.XPathSyntaxError as exc:
            raise RuleError(f"invalid XPath ({exc})", expression=xpath) from exc
        if len(_CACHE) > 20_000:
            _CACHE.clear()
        _CACHE[xpath] = hit
    return hit


def _sample_at(index: SiteIndex | None, limit: int = SITE_SAMPLE) -> list[int]:
    """The places in the index of the pages ``_sample`` takes: spread evenly over the site."""
    if index is None or not index.trees:
        return []
    n = len(index.trees)
    if n <= limit:
        return list(range(n))
    step = n / limit
    return [int(i * step) for i in range(limit)]


def _sample(index: SiteIndex | None, limit: int = SITE_SAMPLE) -> list[Any]:
    if index is None:
        return []
    return [index.trees[i] for i in _sample_at(index, limit)]


def _sample_urls(index: SiteIndex | None, trees: Sequence[Any]) -> list[str]:
    """The URLs of ``trees``, the sampled pages of ``index`` (``_sample``), in their order."""
    if index is None:
        return ["" for _t in trees]
    at = {id(index.trees[i]): index.urls[i] for i in _sample_at(index)}
    return [at.get(id(t), "") for t in trees]


# --------------------------------------------------------------------------- fields


def _field_candidates(ex: Example, index: SiteIndex | None) -> dict[str, tuple[float, str]]:
    el = ex.node
    tag = el.tag
    out: dict[str, tuple[float, str]] = {}

    def add(xp: str, cost: float, family: str) -> None:
        xp = untbody(xp)
        if "tbody" in xp:
            return
        if xp not in out or out[xp][0] > cost:
            out[xp] = (cost, family)

    for cost, family, pred in hooks(el, index):
        add(f"//{tag}[{pred}]", cost, family)
    v = el.get("id")
    if v and index is not None and index.is_volatile(el, "id", v):
        # The start of an id that names each node of a kind ('VAL' of ocamldoc's
        # `span#VALzero`: the first `val` of a module), when the whole id is no hook.
        prefix = shared_prefix([v], separators=_PREFIX_ENDS["id"])
        if prefix:
            add(f"//{tag}[starts-with(@id, {xpath_literal(prefix)})]", 1.2, "attribute")
    # Ancestors with a hook or a label, then the steps down (without and with positions).
    node = el
    depth = 0
    # The cheapest hook of the nearest ancestor that has one: a farther hook costs at least
    # as much, so the node's own container's class wins over a far id with generic steps
    # below it (`//div[@class='header']/table/tr[1]/th`, not `//body[@id='x']/div[1]/...`).
    nearest: float | None = None
    while node.getparent() is not None and node.getparent().tag != "html" and depth < 8:
        top = node
        node = node.getparent()
        depth += 1
        own_hooks = hooks(node, index)
        anchors = [
            (c if nearest is None else max(c, nearest), f, f"{node.tag}[{p}]")
            for c, f, p in own_hooks
        ]
        if own_hooks and nearest is None:
            nearest = min(c for c, _f, _p in own_hooks)
        for label in _labels(node):
            anchors.append((1.0, "label", f"{label}/following-sibling::{node.tag}[1]"))
        if depth <= 2:
            rel_top = _rel(top, el, positional=False)[0]
            tail = f"/{rel_top}" if rel_top else ""
            for expr, hcost in _sibling_hooks(top, index):
                # A hooked node just before one of the node's ancestors: the text link in
                # the cell after the icon link's cell (`//a[@accesskey='p']/parent::td/
                # following-sibling::th[1]/a`); where that icon is missing, nothing.
                add(
                    f"{expr}/following-sibling::{top.tag}[1]{tail}",
                    hcost + 1.2 + 0.4 * (depth - 1),
                    "relative",
                )
            for expr, hcost in _sibling_hooks(top, index, after=True):
                # A hooked node just after: a bar's previous link before its contents link
                # (`//a[…uplink…]/preceding-sibling::a[1]`); where the bar has no previous
                # link, nothing, where its first place holds the contents link itself.
                add(
                    f"{expr}/preceding-sibling::{top.tag}[1]{tail}",
                    hcost + 1.2 + AFTER_LABEL_COST + 0.4 * (depth - 1),
                    "relative",
                )
            for label in _labels_after(top):
                # A fixed label just after the node or one of its ancestors ('Contents'
                # after a navigation bar's previous link).
                add(
                    f"//{label}/preceding-sibling::{top.tag}[1]{tail}",
                    1.0 + AFTER_LABEL_COST + 0.4 * (depth - 1),
                    "label",
                )
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
            # The nearer anchor first among equals: `//div[@class='header']//th` before
            # `//body[@id='manual']//th`.
            add(f"{start}//{tag}", acost + 0.6 + 0.05 * depth, family)
            for c2, _f2, p2 in hooks(el, index)[:2]:
                add(f"{start}//{tag}[{p2}]", acost + c2 + 0.5, family)
    for label in _labels(el):
        add(f"//{label}/following-sibling::{tag}[1]", 1.0, "label")
    step = text_label_step(el)
    parent = el.getparent()
    if step and parent is not None:
        add(f"//{parent.tag}/{step}", 1.0, "label")
    for xp, cost in _row_label(el):
        add(xp, cost, "label")
    add(_absolute(el), 9.0 + _absolute(el).count("["), "positional")
    return out


def _row_label(el: HtmlElement) -> list[tuple[str, float]]:
    """(rule, cost) through the label that starts ``el``'s table row, when ``el`` is in a
    later cell of it: `//tr[th[normalize-space(.)='Version']]/td[2]`. A row's place changes
    from page to page (an 'Author' row on some pages only), its label does not; a cell between
    the label and the value (a ':' cell) is counted by the cell's position in its row."""
    cell: HtmlElement | None = el
    for _ in range(4):
        if cell is None or cell.tag in ("td", "th"):
            break
        cell = cell.getparent()
    if cell is None or cell.tag not in ("td", "th"):
        return []
    row = cell.getparent()
    if row is None or row.tag != "tr":
        return []
    cells = [c for c in row if c.tag in ("td", "th")]
    first = cells[0]
    if first is cell:
        return []
    text = _text(first)
    if not text or len(text) > 40 or not _LETTERS.search(text) or len(first) > 3:
        return []
    step, n_pos = _step(cell, positional=True)
    rel = _rel(cell, el, positional=False)[0]
    tail = f"/{rel}" if rel else ""
    anchor = f"//tr[{first.tag}[{text_equals(first, text)}]]"
    return [(f"{anchor}/{step}{tail}", 1.1 + 0.3 * n_pos + 0.2 * tail.count("/"))]


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
        # A field takes its first match: a 'not this' found after it on its page is no value
        # of the rule (a section's heading after the page's title, under one rule for any
        # heading in the page's block).
        found = _run(ex.root, xp)
        if found and found[0] is ex.node:
            return None
    return values


def _signature(nodes: Sequence[HtmlElement]) -> set[tuple[str, str]]:
    """The hook attributes (class tokens included) that every one of ``nodes`` carries."""
    sigs = []
    for el in nodes:
        sig = {("class", t) for t in (el.get("class") or "").split() if is_wordlike(t)}
        own = _text(el)
        for attr in (*SEMANTIC_ATTRS, *HOOK_ATTRS, *element_attrs(el.tag)):
            v = el.get(attr)
            # A value that repeats the node's own text (DocBook's `a.link[@title='Title']`)
            # names this node, not a kind of node: another page's node of the kind has its own.
            if v and normalize_text(v) != own:
                sig.add((attr, v))
        sigs.append(sig)
    return set.intersection(*sigs) if sigs else set()


#: In a signature (see ``_carries``): the text label right before the node (``_text_label``).
_TEXT_LABEL = "<text-label>"
#: In a signature: the label element right beside the node (``beside_label``), as "tag|text".
_BESIDE_LABEL = "<beside-label>"


def _carries(el: HtmlElement, sig: set[tuple[str, str]]) -> bool:
    """``el`` carries every hook of ``sig``; a hook whose attribute starts with ``^`` is its
    parent's, and ``_TEXT_LABEL``'s value is the text label right before ``el``."""
    for attr, v in sig:
        if attr == _TEXT_LABEL:
            if _text_label(el) != v:
                return False
            continue
        if attr == _BESIDE_LABEL:
            if "|".join(beside_label(el) or ()) != v:
                return False
            continue
        if attr.startswith("^"):
            parent = el.getparent()
            if parent is None or not _carries(parent, {(attr[1:], v)}):
                return False
            continue
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
    xp: str,
    trees: Sequence[Any],
    sig: set[tuple[str, str]] | None = None,
    attr: str = "",
    label: tuple[str, str] | None = None,
    text: str = "",
    after: tuple[str, str] | None = None,
) -> dict[str, Any]:
    """How ``xp``'s matches behave over ``trees``: pages with one, none or several nodes
    (several different ones: ``conflicting``), the values' spread, the pages whose first node
    carries ``sig`` (``alike``) and, with the examples' ``label`` (tag, text) beside their
    node, the pages whose first node has another text in that label's stead (``relabelled``:
    'Since:' where the examples read 'Inherits:'), and with the examples' fixed label
    ``after`` their node, the pages whose first node has another text there or is that label
    itself (``relabelled`` too: the bar's first link is 'Contents' where a page has no
    previous page); with the examples' fixed ``text`` (their
    link's label, ``fixed_text``), the pages whose first node reads it (``texted``) and those
    whose first node reads another (``retexted``: 'up' where the examples read '← prev')."""
    one = none = many = conflicting = alike = relabelled = labelled = texted = retexted = 0
    values: dict[str, int] = {}
    for tree in trees:
        found = _run(tree, xp) or []
        if not found:
            none += 1
            continue
        if not sig or _carries(found[0], sig):
            alike += 1
        if label is not None:
            there = _beside_text(found[0], label[0])
            if there is not None and there != label[1]:
                relabelled += 1
            elif there is not None:
                labelled += 1
        elif after is not None and _after_differs(found[0], after):
            relabelled += 1
        if text:
            if _text(found[0]) == text:
                texted += 1
            else:
                retexted += 1
        if len(found) == 1:
            one += 1
        else:
            many += 1
            if len({_node_key(n) for n in found[:5]}) > 1:
                conflicting += 1
        v = (found[0].get(attr) or "" if attr else _text(found[0]))[:200]
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
        "relabelled": relabelled,
        "labelled": labelled,
        "texted": texted,
        "retexted": retexted,
    }


def _by_after_label(xp: str) -> bool:
    """``xp`` reaches its node from the element just after it (``_labels_after``: a fixed
    label, or a hooked element, then ``preceding-sibling::``)."""
    return "/preceding-sibling::" in xp


def _after_over_site(
    ranked: list[Induced],
    key: Callable[[Induced], tuple[Any, ...]],
    trees: Sequence[Any],
    index: SiteIndex | None,
    after: tuple[str, str],
) -> list[Induced]:
    """``ranked`` again once the rules that rank before the best rule by the examples' fixed
    label after their node (``_labels_after``) were read over every other page of the site:
    the label never parted from them on the sample (a bar's first place holds the previous
    link on every sampled page), but a page where such a rule's node is that label itself, or
    is followed by another text, counts in its ``relabelled`` (the bar of a page without a
    previous page starts with 'Contents'; a few such pages are easily all outside the sample),
    and it then ranks after the label's rule, as it would on the sample. Only the rules
    before the label's rule are read (they alone can keep it from the first place), until
    none is left before it that was not: each page is parsed once for them, a page an
    on-demand index had not parsed is not kept, and the pass stops as soon as each rule has
    shown one such page."""
    if index is None or len(index.trees) <= len(trees):
        return ranked
    read: set[str] = set()
    for _round in range(4):
        at = next((i for i, c in enumerate(ranked) if _by_after_label(c.xpath)), None)
        if not at:
            return ranked  # no label rule, or it ranks first
        label = ranked[at]
        if label.site["relabelled"] or not label.site["alike"]:
            return ranked
        pending = [
            c
            for c in ranked[:at]
            if c.xpath not in read
            and not c.site["relabelled"]
            and c.site["alike"]
            and label.site["alike"] >= 0.85 * c.site["alike"]
        ]
        if not pending:
            return ranked
        read.update(c.xpath for c in pending)
        _relabelled_over_site(pending, trees, index, after)
        ranked = sorted(ranked, key=key)
    return ranked


def _relabelled_over_site(
    pending: list[Induced], trees: Sequence[Any], index: SiteIndex, after: tuple[str, str]
) -> None:
    """Adds to each rule's ``relabelled`` the first page outside the sample (``trees``) where
    its node is the label ``after`` itself or is followed by another text."""
    compiled: dict[str, Any] = {}
    for c in pending:
        try:
            compiled[c.xpath] = _compiled(c.xpath)
        except RuleError:
            continue
    pending = [c for c in pending if c.xpath in compiled]
    for tree in index.each_tree(skip=trees):
        if not pending:
            break
        told: dict[Any, bool] = {}  # per node: rules that find one node tell it once
        for c in list(pending):
            try:
                found = compiled[c.xpath](tree)
            except etree.XPathEvalError:
                continue
            node = found[0] if isinstance(found, list) and found else None
            if not isinstance(node, etree._Element):
                continue
            if node not in told:
                told[node] = _after_differs(node, after)
            if told[node]:
                c.site["relabelled"] += 1
                pending.remove(c)


def _only_of_tag(el: HtmlElement) -> bool:
    parent = el.getparent()
    return parent is not None and sum(1 for k in parent if k.tag == el.tag) == 1


#: A label beside the examples' node read at its place on fewer than this share of the
#: sampled pages where some rule finds a node with a label element there is the page's own
#: text, not a fixed label (:func:`_page_label`).
OWN_LABEL_SHARE = 0.25


def _page_label(checked: Sequence[Induced], positives: Sequence[Example]) -> bool:
    """Whether the label beside the examples' node (``beside_label``) is a text of their
    page rather than a label repeated across the site: the rules that find the same kind of
    block (a node with an element of the label's tag in the label's place) find it on
    several pages (three at least), and the label's text stands there on few of them
    (``OWN_LABEL_SHARE``): DocBook's navigation header names the page's part ('Meta/*Info
    and Titlepages') in the cell beside the 'Next' link, a label of a few pages only. Not
    when examples on two pages or more read the label: they show the field is found where
    it stands."""
    if len({ex.url for ex in positives}) > 1:
        return False
    blocks = max((c.site["labelled"] + c.site["relabelled"] for c in checked), default=0)
    there = max((c.site["labelled"] for c in checked), default=0)
    return blocks >= 3 and there < OWN_LABEL_SHARE * blocks


def _at_places(xp: str, trees: Sequence[Any], places: set[str]) -> int:
    """How many of ``trees`` have their first match of ``xp`` at one of ``places``."""
    n = 0
    for tree in trees:
        found = _run(tree, xp)
        if found and _absolute(found[0]) in places:
            n += 1
    return n


#: An attribute of the examples' signature whose value the nodes of their kind over the site
#: carry on fewer than this share of their pages, among this many values at least, names each
#: node rather than their kind (:func:`_varying_hooks`).
VARYING_SHARE = 0.5
VARYING_VALUES = 3
#: The rules after the first one that :func:`_rank_field` reads over the whole site as rivals
#: of a first rule anchored on a neighbour.
WIDER_RIVALS = 6
#: At most this many pages outside the sample are read for them.
WIDER_PAGES = 3000


def _varying_hooks(
    sig: set[tuple[str, str]],
    checked: Sequence[Induced],
    trees: Sequence[Any],
    positives: Sequence[Example],
) -> set[tuple[str, str]]:
    """The attributes of the examples' signature (``_signature``) whose value is the node's
    own on each page, not a hook of its kind: the nodes of the kind that the candidates find
    over ``trees`` (those of the examples' tag that carry the signature's other hooks) hold
    that attribute with many values, the examples' on few pages. ocamldoc's 'Up' link is
    `a.up[@title='Index']` on a module of the top level, `a.up[@title='BatArray']` below
    that module: a title that names the link's target. A rule found by it is then no wider
    than the class's on the pages where the class's node has another title, and the pages
    where it finds nothing are pages it misses."""
    tags = {ex.node.tag for ex in positives}
    out: set[tuple[str, str]] = set()
    for attr, value in sig:
        if attr == "class" or attr.startswith(("^", "<")):
            continue
        rest = {h for h in sig if h[0] != attr}
        if not rest and len({_text(ex.node) for ex in positives}) != 1:
            continue
        text = _text(positives[0].node)
        values: dict[HtmlElement, str] = {}
        for c in checked:
            if f"@{attr}" in c.xpath:
                continue
            for tree in trees:
                found = _run(tree, c.xpath)
                if not found:
                    continue
                n = found[0]
                if n in values or n.tag not in tags or n.get(attr) is None:
                    continue
                if rest and not _carries(n, rest):
                    continue
                if not rest and _text(n) != text:
                    continue
                values[n] = n.get(attr) or ""
        if len(set(values.values())) < VARYING_VALUES:
            continue
        if sum(1 for v in values.values() if v == value) < VARYING_SHARE * len(values):
            out.add((attr, value))
    return out


def _rank_field(
    cands: list[Induced],
    trees: Sequence[Any],
    positives: Sequence[Example],
    attr: str = "",
    index: SiteIndex | None = None,
) -> list[Induced]:
    cands.sort(key=lambda c: (c.cost, len(c.xpath)))
    checked = cands[:SITE_CHECKED]
    if not trees:
        return checked
    # The hooks every example carries: a rule whose node on another page lacks them has moved
    # to another node there (the 'Up' link where a page has no 'Previous'), which does not make
    # it wider than a rule that finds nothing there.
    # So is the text right before the examples, when it is one same label ('extends' before a
    # superclass link): another page's link after other words is another link.
    sig = _signature([ex.node for ex in positives])
    sig -= _varying_hooks(sig, checked, trees, positives)
    labels = {_text_label(ex.node) for ex in positives}
    if len(labels) == 1 and "" not in labels:
        sig.add((_TEXT_LABEL, labels.pop()))
    # So is the label beside the examples, when it is one same label ('Inherits:' in the cell
    # before the value's): on a page whose summary has no such row, the same row's value is
    # another field's ('Since:'), whatever its place.
    besides = {beside_label(ex.node) for ex in positives}
    label = besides.pop() if len(besides) == 1 else None
    if label is not None:
        sig.add((_BESIDE_LABEL, "|".join(label)))
    # So is the fixed label right after the examples ('Contents' after a navigation bar's
    # previous link): a rule whose node on another page is followed by another text of that
    # tag, or is that label itself (a page without a previous page starts its bar with the
    # 'Contents' link), takes another node there. Not a hook of the signature: a text after
    # a node is as often the next value, and a rule is judged by it only against a rule that
    # never parts from it.
    afters = {after_label(ex.node) for ex in positives}
    after = afters.pop() if len(afters) == 1 and label is None else None
    # The examples' link read by its fixed text ('← prev' to another page on each page): a
    # rule whose node on other pages reads another text ('up' where a page has no previous
    # page) takes another link there.
    # One clicked link whose text reads as a label ('[Previous Chapter]'): its text is read
    # like the examples' fixed one, and a rule is judged by it when another text is rare
    # among its nodes (the '[Contents]' link where the first page has no previous one).
    own = own_text_rule(positives, attr, trees)
    fixed = fixed_text(positives, attr) or (_text(positives[0].node) if own else "")
    for c in checked:
        c.site = _site_field(c.xpath, trees, sig, attr, label, fixed, after)
    if label is not None and _page_label(checked, positives):
        # The label is the page's own text (the part a page belongs to, in a navigation
        # header's middle cell), not a fixed label: no anchor, and no hook of the signature.
        sig.discard((_BESIDE_LABEL, "|".join(label)))
        label = None
        after = afters.pop() if len(afters) == 1 else None
        for c in checked:
            c.site = _site_field(c.xpath, trees, sig, attr, label, fixed, after)
    checked.extend(
        _first_forms(checked, lambda xp: _site_field(xp, trees, sig, attr, label, fixed, after))
    )
    for c in checked:
        del c.site["labelled"]
        if not fixed:
            del c.site["texted"], c.site["retexted"]
    distinct_examples = len({tuple(v) for v in (c.examples[0] for c in checked[:1])})
    shown = [
        ex.node.get(attr) or "" if attr else normalize_text(_text(ex.node)) for ex in positives
    ]
    varied = len(set(shown)) > 1 or distinct_examples > 1

    def ok(c: Induced) -> bool:
        s = c.site
        hit = s["one"] + s["many"]
        if hit and s["conflicting"] / hit > 0.05:
            return False  # several different nodes on many pages: the rule is ambiguous
        # Examples that differ but a rule that gives one value on most pages: boilerplate.
        return not (varied and hit >= 5 and s["top_share"] > 0.5)

    # A rule that finds several different nodes on some pages, whose first match (the one a
    # field takes) is the node of the cheapest clean rule on every sampled page, is as right
    # as that rule and anchored better: a DocBook chapter page holds its first section, whose
    # title is a second `h2.title` after the chapter's; the class rule's first match is the
    # chapter's title, as the bare position's is.
    clean = sorted((c for c in checked if ok(c)), key=lambda c: (c.cost, len(c.xpath)))
    agreed: set[str] = set()
    if clean:
        ref = clean[0]

        def first(t: Any, xp: str) -> HtmlElement | None:
            found = _run(t, xp)
            return found[0] if found else None

        firsts = [first(t, ref.xpath) for t in trees]
        for c in checked:
            if ok(c) or c.cost >= ref.cost:
                continue
            if all(first(t, c.xpath) is f for t, f in zip(trees, firsts, strict=True)):
                agreed.add(c.xpath)

    def right(c: Induced) -> bool:
        return ok(c) or c.xpath in agreed

    good = [c for c in checked if right(c)] or checked
    best_hits = max(c.site["alike"] for c in good)
    # Pages whose first match sits where an example's node sits (same tags and positions from
    # the root): a class anchor the examples share that this same-place node lacks on many
    # pages (an API reference's module pages title their `main/h1` with another class) makes
    # the class rule narrow beside a rule that fills those pages with that node.
    # Only a node that is its parent's one child of its tag: a 'Previous' link beside an 'Up'
    # link shares its place with the 'Up' link of a page that has no 'Previous'.
    places = (
        {_absolute(ex.node) for ex in positives}
        if all(_only_of_tag(ex.node) for ex in positives)
        else set()
    )
    placed = {c.xpath: _at_places(c.xpath, trees, places) for c in checked}
    best_placed = max(placed[c.xpath] for c in good)

    # An attribute's value that is the example page's own text (its title, the clicked node's
    # text: DocBook's `//a[@title='Intrusive doubly linked list: list']`) finds that page, and
    # a link to it elsewhere: unless it is on most pages (a 'Home' link), it is page-specific
    # and ranks after every rule found on other pages.
    own_texts = {_name(_text(ex.node)) for ex in positives}
    for ex in positives:
        for el in (ex.root.find(".//title"), ex.root.find(".//h1")):
            if el is not None:
                own_texts.add(_name(_text(el)))
    own_texts.discard("")

    def page_own(c: Induced) -> bool:
        if not any(_name(a or b) in own_texts for a, b in _ATTR_LITERAL.findall(c.xpath)):
            return False
        return bool(c.site["one"] + c.site["many"] < 0.5 * c.site["pages"])

    # A rule that finds several different nodes on some pages (its first match taken there)
    # ranks after one that finds only one node on every page and one node on at least as many
    # pages: Javadoc's `li.blockList/pre/a` takes the superclass link of the declaration, and
    # on other pages a link of a member's signature; `span.typeNameLabel` followed by its link
    # finds the superclass alone. A rule whose first match is the clean rule's node on every
    # page (a chapter's title before its first section's) is not set aside.
    single = [c for c in checked if c.site["many"] == 0 and c.site["one"] > 0]

    def pinned_alike(c: Induced, d: Induced) -> bool:
        """``d`` is ``c`` with positions that keep one node where ``c`` finds several: the
        first of a list's entries (`ul/li[1]/a` beside `ul/li/a`)."""
        return d is not c and _POSITION.sub("", d.xpath) == c.xpath and right(d)

    def mixed(c: Induced) -> bool:
        if not c.site["conflicting"]:
            return False
        if c.xpath in agreed:
            # A first match that is the clean rule's node everywhere is right, but a rule
            # that takes several nodes on many pages is worse than the same rule kept to one
            # node by a position: a field has one value, and where the first entry is missing
            # the rule with several takes the next one.
            hit = c.site["one"] + c.site["many"]
            if c.site["many"] < max(3, SEVERAL_PAGES * hit):
                return False
            return any(
                pinned_alike(c, d)
                and 4 * d.site["many"] <= c.site["many"]
                and d.site["one"] >= c.site["one"]
                for d in checked
            )
        return any(d.site["one"] >= c.site["one"] for d in single)

    # A rule whose node on other pages has another text where the examples have their label
    # ('Since:' in the cell before the value's where the examples read 'Inherits:': the row
    # at that place is another row there) ranks after a rule whose node never has, and that
    # finds the labelled node on about as many pages: the label anchored rule, even when it
    # looks narrow beside a position that counts the wrong rows too.
    def sound(d: Induced) -> bool:
        s = d.site
        hit = s["one"] + s["many"]
        return (
            s["alike"] > 0
            and not s["relabelled"]
            and not page_own(d)
            and (not hit or s["conflicting"] <= 0.05 * hit or d.xpath in agreed)
        )

    sound_alike = max((d.site["alike"] for d in checked if sound(d)), default=0)

    def relabelled(c: Induced) -> bool:
        s = c.site
        if not s["relabelled"]:
            return False
        # About as many as the rule's pages, or as those where the rule's node has the
        # label when they are half its pages at least (three at least): the others, where it
        # takes another node, are no pages the sound rule should find the field on (a small
        # site's three pages without a previous page among seventeen). A label beside the
        # node on a few pages only is a neighbour's value, and a rule that finds it sets
        # nothing aside.
        labelled = int(s["alike"]) - int(s["relabelled"])
        return bool(
            sound_alike >= 0.85 * s["alike"]
            or (labelled >= max(3, 0.5 * s["alike"]) and sound_alike >= 0.85 * labelled)
        )

    # A rule whose node reads another text than the examples' fixed one on some pages ranks
    # after a rule whose node never does and that finds the fixed text on about as many pages
    # (85%), when that text is on three pages and half the pages the rule finds a node on at
    # least: a position ('span/a[1]': the 'up' link where a page has no previous page) or a
    # class the other links share, beside the link's text, with or without 'not this'
    # clicks. A text that is a value the examples' pages happen to share (not a label) is
    # found on few pages, and sets nothing aside.
    steady_texted = max(
        (d.site["texted"] for d in checked if fixed and not d.site["retexted"] and sound(d)),
        default=0,
    )

    def retexted(c: Induced) -> bool:
        hit = c.site["one"] + c.site["many"]
        return (
            bool(fixed and c.site["retexted"])
            and (not own or c.site["retexted"] <= ONE_CLICK_RETEXTED * hit)
            and steady_texted >= max(3, 0.85 * c.site["texted"])
            and 2 * steady_texted >= hit
        )

    # Per sampled page, the first node of each rule (the node a field takes), when the
    # examples' node has a place of its own (``places``).
    first_nodes: dict[str, list[HtmlElement | None]] = {}
    if places:
        for c in checked:
            runs = [_run(t, c.xpath) for t in trees]
            first_nodes[c.xpath] = [found[0] if found else None for found in runs]

    def within(c: Induced) -> bool:
        """Whether a wider rule gives ``c``'s node on every page ``c`` finds one, and on some
        other pages a node at the examples' own place that carries their hooks, has the tag
        and classes of ``c``'s nodes and a text of its page's own (``_repeated``): a title
        anchored after a contents block that a few pages lack (the references page) is the
        same field as the body's one `h3`, found on fewer pages. It ranks after that rule,
        whatever its cost; a rule whose extra node is elsewhere, of another kind or a fixed
        link ('Up' where the first page has no 'Previous'), or another node anywhere, sets
        nothing aside."""
        if c.xpath not in inside:
            inside[c.xpath] = _within(c)
        return inside[c.xpath]

    inside: dict[str, bool] = {}

    def _within(c: Induced) -> bool:
        mine = first_nodes.get(c.xpath)
        if mine is None:
            return False
        kinds = {_own_kind(a) for a in mine if a is not None}
        for d in checked:
            theirs = first_nodes.get(d.xpath)
            if (
                d is c
                or theirs is None
                or d.site["many"]
                or not right(d)
                or not sound(d)
                or relabelled(d)
                or retexted(d)
            ):
                continue
            more = 0
            for a, b in zip(mine, theirs, strict=True):
                if a is not None and b is not a:
                    break
                if a is None and b is not None:
                    if (
                        _absolute(b) not in places
                        or (sig and not _carries(b, sig))
                        or _own_kind(b) not in kinds
                        or _repeated(b, trees)
                    ):
                        break
                    more += 1
            else:
                if more:
                    return True
        return False

    def key(c: Induced) -> tuple[Any, ...]:
        hits = c.site["alike"]
        # A candidate that finds the field on clearly fewer pages than the best one is too
        # narrow (an anchor that exists on the example pages only).
        # (Not a union of the examples' own hooks: their nodes sit at places of their own.)
        # The one clicked link's own text must find it wherever the best rule does.
        narrow = (
            hits < 0.85 * best_hits
            or (c.xpath == own and hits < best_hits)
            or (
                c.family == "class"
                and " | " not in c.xpath
                and placed[c.xpath] < 0.85 * best_placed
            )
        )
        hit = c.site["one"] + c.site["many"]
        # Where no rule is clean (a field whose usual value is one word on most pages, as an
        # API reference's 'Stability: 2 - Stable', reads as boilerplate), a rule that gives
        # several different nodes on most pages still ranks after one that gives one node: a
        # field takes its first match, which is then ordinary text of many pages.
        spread = hit > 0 and c.site["conflicting"] > 0.5 * hit
        return (
            page_own(c),
            relabelled(c),
            retexted(c),
            not right(c),
            mixed(c),
            spread,
            narrow,
            within(c),
            c.cost,
            c.site["conflicting"],
            c.site["many"],
            -hits,
            len(c.xpath),
        )

    def wider_over_site(ranked: list[Induced]) -> list[Induced]:
        """``ranked`` with a rule that ``within`` would set before the first one put before
        it, once read over every other page of the site: the first rule reaches its node
        from a neighbour (`div.navbar/following-sibling::h1[1]`), a rival finds the same node
        on every sampled page, and a page outside the sample has no such neighbour (the
        site's front page, without a navigation bar) where the rival finds a node of the
        examples' kind at their place. A rival that finds another node than the first rule
        on any page is no such rule."""
        if index is None or len(index.trees) <= len(trees) or len(ranked) < 2:
            return ranked
        top = ranked[0]
        mine = first_nodes.get(top.xpath)
        if mine is None or "-sibling::" not in top.xpath or top.site["many"]:
            return ranked
        kinds = {_own_kind(a) for a in mine if a is not None}
        rivals = []
        for d in ranked[1:WIDER_RIVALS]:
            theirs = first_nodes.get(d.xpath)
            if (
                theirs is None
                or "-sibling::" in d.xpath
                or d.site["many"]
                or not right(d)
                or not sound(d)
                or relabelled(d)
                or retexted(d)
                or any(a is not b for a, b in zip(mine, theirs, strict=True))
            ):
                continue
            try:
                rivals.append((d, _compiled(d.xpath)))
            except RuleError:
                continue
        if not rivals:
            return ranked
        try:
            first_of_top = _compiled(top.xpath)
        except RuleError:
            return ranked
        more: dict[str, int] = {}

        def first(run: Any, tree: Any) -> HtmlElement | None:
            try:
                found = run(tree)
            except etree.XPathEvalError:
                return None
            return found[0] if isinstance(found, list) and found else None

        for tree in islice(index.each_tree(skip=trees), WIDER_PAGES):
            if not rivals:
                break
            a = first(first_of_top, tree)
            for d, run in list(rivals):
                b = first(run, tree)
                if b is a:
                    continue
                if (
                    a is not None
                    or b is None
                    or _absolute(b) not in places
                    or (sig and not _carries(b, sig))
                    or _own_kind(b) not in kinds
                    or _repeated(b, trees)
                ):
                    rivals.remove((d, run))
                    more.pop(d.xpath, None)
                    continue
                more[d.xpath] = more.get(d.xpath, 0) + 1
        wider = [d for d, _run_d in rivals if more.get(d.xpath)]
        if not wider:
            return ranked
        best = wider[0]
        best.site["beyond_sample"] = more[best.xpath]
        return [best, *(c for c in ranked if c is not best)]

    good = _anchored_once(sorted(checked, key=key), single)
    if after is not None:
        good = _after_over_site(good, key, trees, index, after)
    return wider_over_site(_label_before_hooks(good, key, index))


def _own_kind(el: HtmlElement) -> tuple[str, str]:
    """A node's tag and class tokens: a node of a kind no example showed (an application's
    source link where the examples were a module's and a file's) is another kind."""
    return str(el.tag), " ".join(sorted((el.get("class") or "").split()))


def _repeated(el: HtmlElement, trees: Sequence[Any]) -> bool:
    """Whether ``el``'s text is the whole text of some element on most of the other pages of
    ``trees``: a fixed link ('API documentation' for the parent page) that stands at the
    field's place where the field is missing, not a page's own value."""
    text = _text(el)
    if not text:
        return True
    try:
        find = etree.XPath(f"//*[normalize-space(.)={xpath_literal(text)}]")
    except etree.XPathSyntaxError:
        return True
    own = el.getroottree().getroot()
    others = [t for t in trees if t is not own]
    seen = 0
    for k, tree in enumerate(others):
        if find(tree):
            seen += 1
        if 2 * seen > len(others):
            return True
        if 2 * (seen + len(others) - k - 1) <= len(others):
            return False
    return False


def _first_forms(
    checked: Sequence[Induced], site_of: Callable[[str], dict[str, Any]]
) -> list[Induced]:
    """The first match of each hooked rule that finds several different nodes on most of its
    pages, ``(//a[@title='Up section'])[1]``, when no hooked rule that finds one node finds
    the field on about as many pages (85%): a page written in sections, each opening with a
    navigation bar, holds several 'up' links, and the one clean hooked rule left may be one
    narrowed to the example page's kind (a 'not this' on another kind of page). A field takes
    its first match: the form gives the rule's own values, one node per page (at most
    FIRST_FORMS, cheapest first, one more cost than the rule). Only a rule whose last step
    tests the node's own attribute: its first match carries the examples' hook on every page
    (``//div[@id='c']//p`` takes any paragraph where the page lacks the clicked note)."""

    def spread(c: Induced) -> bool:
        hit = c.site["one"] + c.site["many"]
        return bool(hit) and c.site["conflicting"] > 0.5 * hit

    best = max((c.site["alike"] for c in checked), default=0)
    if not best or any(
        c.family in _HOOKED and not spread(c) and c.site["alike"] >= 0.85 * best for c in checked
    ):
        return []
    have = {c.xpath for c in checked}
    out: list[Induced] = []
    for c in sorted(checked, key=lambda c: (c.cost, len(c.xpath))):
        xp = f"({c.xpath})[1]"
        if (
            c.family not in _HOOKED
            or "@" not in _last_step(c.xpath)
            or not spread(c)
            or c.site["alike"] < 0.85 * best
            or c.xpath.startswith("(")
            or " | " in c.xpath
            or xp in have
        ):
            continue
        out.append(
            Induced(xp, "field", c.family, c.cost + 1.0, site=site_of(xp), examples=c.examples)
        )
        if len(out) >= FIRST_FORMS:
            break
    return out


def _last_step(xp: str) -> str:
    """The last location step of ``xp`` (outside brackets)."""
    return _top_steps(xp)[-1]


def _anchored_once(ranked: list[Induced], single: Sequence[Induced]) -> list[Induced]:
    """Each rule that finds the example's node and its repeat on most of its pages (a page's
    image map or navigation bar written again at its foot: the same link twice) replaced, at
    its rank, by the same rule under an anchor that finds the one clicked node on about as
    many pages (95%): ``//map[@name='navigate_top']//area[@coords=…]`` for ``//area[@coords=…]``.
    The field's node is the clicked one, and a rule that also takes its repeat says "several
    nodes" over the site where the anchored one says "one"."""
    out = list(ranked)
    for c in ranked:
        hit = c.site["one"] + c.site["many"]
        if not hit or 2 * c.site["many"] < hit or not c.xpath.startswith("//") or c not in out:
            continue
        tail = c.xpath[1:]
        under = [
            d
            for d in single
            if d is not c
            and d in out
            and d.xpath.endswith(tail)
            and len(d.xpath) > len(tail) + 1
            and d.family != "positional"
            and d.site["one"] >= 0.95 * hit
            and d.site["alike"] >= 0.95 * c.site["alike"]
        ]
        if not under:
            continue
        d = min(under, key=lambda u: (u.cost, len(u.xpath)))
        out.remove(d)
        out[out.index(c)] = d
        out.append(c)
    return out


#: Pages of the site (spread evenly) on which a hook rule is compared with the label rule
#: that ties with it on the sample (:func:`_label_before_hooks`).
LABEL_CHECK_PAGES = 400
#: The label's text predicate in a label rule (``h2[normalize-space(.)='Object Hierarchy']``).
_LABEL_TEXT = re.compile(
    r"\[normalize-space\((?:\.|translate\(\., '\u00a0', ' '\))\)="
    r"(?:'[^']*'|\"[^\"]*\"|concat\([^)]*\))\]"
)


def _label_before(xp: str) -> bool:
    """``xp`` reaches its node from one label element by further steps (a heading and its
    following sibling, a row's header cell and the row's cell), not a node's own text."""
    found = list(_LABEL_TEXT.finditer(xp))
    return len(found) == 1 and "/" in xp[found[0].end() :]


def _label_before_hooks(
    ranked: list[Induced], key: Callable[[Induced], tuple[Any, ...]], index: SiteIndex | None
) -> list[Induced]:
    """The label rule before a hook rule that ranks first by its cost alone: both select
    every example, behave alike on the sample (same standing, same pages), and over the site
    the hook takes nodes the label does not stand before, and no node where another text
    stands in the label's place. A `pre.screen` after 'Object Hierarchy' on widget pages is
    also a shell command in a tutorial and the whole class tree of a chapter page: those
    pages have no such label, and the hook's matches there are other things. Where the
    label's place holds other texts on some pages (the label varies) the hook keeps its rank."""
    labelled = [c for c in ranked if c.family == "label" and _label_before(c.xpath)]
    if index is None or not labelled:
        return ranked
    lab = labelled[0]
    at = ranked.index(lab)
    lk = key(lab)
    # The same standing up to the cost (key's first seven terms: neither too narrow), the
    # label's pages at least.
    rivals = [
        c
        for c in ranked[:at]
        if c.family in ("id", "class", "attribute")
        and key(c)[:7] == lk[:7]
        and c.site.get("alike", 0) >= lab.site.get("alike", 0)
        and c.site.get("one", 0) + c.site.get("many", 0)
        >= lab.site.get("one", 0) + lab.site.get("many", 0)
    ]
    if not rivals:
        return ranked
    loose = _LABEL_TEXT.sub("", lab.xpath)
    pages = _sample(index, LABEL_CHECK_PAGES)
    behind = []
    for c in rivals:
        unlabelled = varied = 0
        for tree in pages:
            found = _run(tree, c.xpath)
            if not found:
                continue
            node = found[0]
            by_label = _run(tree, lab.xpath)
            if by_label and by_label[0] is node:
                continue
            if any(n is node for n in _run(tree, loose) or []):
                varied += 1
                break
            unlabelled += 1
        if unlabelled and not varied:
            c.site["unlabelled"] = unlabelled
            behind.append(c)
    if not behind:
        return ranked
    rest = [c for c in ranked if c not in behind]
    at = rest.index(lab) + 1
    return rest[:at] + behind + rest[at:]


# --------------------------------------------------------------------------- lists


def _classes(el: HtmlElement) -> set[str]:
    return set((el.get("class") or "").split())


def _like(node: HtmlElement, sib: HtmlElement, el: HtmlElement) -> bool:
    """Whether ``sib``, a sibling of ``node`` of its tag, is another entry like it: the same
    classes (one at least in common, or none on both), links both to this page or both to
    other pages (a signature's name links to its entry below, its types to other pages), and
    the same steps down to ``el``'s tag (a row's name cell and its type cell are two columns,
    not two entries)."""
    a, b = _classes(node), _classes(sib)
    if (a or b) and not a & b:
        return False
    if (
        node.get("href") is not None
        and sib.get("href") is not None
        and _links_here(node) != _links_here(sib)
    ):
        return False  # a link to a place of this page and one to another page
    if node is el:
        return True
    rel = _rel(node, el, positional=False)[0]
    found = _run(sib, rel) or []
    if node.tag in ("td", "th"):
        # Cells of one row are columns unless what they hold is of one kind: Exim's option
        # row has the name in a `span.docbook_option` and the type and default in
        # `span.docbook_emphasis` cells.
        own = _classes(el)
        return any(not (own or _classes(n)) or own & _classes(n) for n in found)
    return bool(found)


#: A parent's children by tag (see ``_item_node``), shared by the items of one list.
Kin = dict[HtmlElement, dict[Any, list[HtmlElement]]]


def _of_tag(parent: HtmlElement, tag: Any, kin: Kin | None) -> Iterable[HtmlElement]:
    """The children of ``parent`` of tag ``tag``, listed once per parent with ``kin``."""
    if kin is None:
        return (c for c in parent if c.tag == tag)
    by_tag = kin.get(parent)
    if by_tag is None:
        by_tag = {}
        for c in parent:
            by_tag.setdefault(c.tag, []).append(c)
        kin[parent] = by_tag
    return by_tag.get(tag, ())


def _solo_box(item: HtmlElement, el: HtmlElement) -> HtmlElement | None:
    """The container of ``item`` when it is the only entry of its list and that list is one
    of a run of like containers each holding one entry (Exim's reference describes each
    option in a one-row table between paragraphs): the container is then the entry. Like: the
    same tag and classes, one entry of ``item``'s tag, the same steps down to ``el``'s tag.
    None otherwise."""
    box: HtmlElement | None = item.getparent()
    if box is not None and box.tag in _TABLE_PARTS:
        box = box.getparent()
    if (
        box is None
        or box.getparent() is None
        or box.getparent().tag in _ENTRY_TAGS | _LIST_TAGS
        or not _one_entry(box, item.tag)
    ):
        return None  # a sub-list of one entry inside a list's entry belongs to that list
    rel = _rel(box, el, positional=False)[0]
    classes = _classes(box)
    shape = _entry_shape(item)
    parent = box.getparent()
    heading = _heading_before(box)
    # Like containers beside it, or in the like blocks beside its block (the next section
    # of the chapter goes on with the run).
    blocks = [parent]
    up = parent.getparent()
    if up is not None and up.tag not in ("body", "html"):
        pclasses = _classes(parent)
        blocks += [
            b for b in up if b is not parent and b.tag == parent.tag and _classes(b) == pclasses
        ]
    for block in blocks:
        for sib in block:
            if (
                sib is not box
                and sib.tag == box.tag
                and _classes(sib) == classes
                and _one_entry(sib, item.tag)
                and _run(sib, rel)
                and any(_entry_shape(e) == shape for e in sib.iter(item.tag))
                # Under another heading it is another list (a sidebar's 'Contents' and
                # 'Navigation', one top entry each), not the next of a run.
                and not (heading and _heading_before(sib) and heading != _heading_before(sib))
            ):
                return box
    return None


def _heading_before(el: HtmlElement) -> str:
    """The text of a heading (``h1``-``h6``) among the two elements just before ``el``."""
    prev = el.getprevious()
    hops = 0
    while prev is not None and hops < 2:
        if isinstance(prev.tag, str):
            hops += 1
            if prev.tag in _HEADINGS:
                return _text(prev)
        prev = prev.getprevious()
    return ""


def _entry_shape(entry: HtmlElement) -> tuple[str, ...]:
    """The tags of an entry's children (a row's four cells, against a summary row's two)."""
    return tuple(c.tag for c in entry if isinstance(c.tag, str))


def _one_entry(box: HtmlElement, tag: Any) -> bool:
    """Whether ``box`` holds exactly one entry of tag ``tag`` (through a table section)."""
    n = 0
    for c in box:
        if c.tag in _TABLE_PARTS:
            n += sum(1 for r in c if r.tag == tag)
        elif c.tag == tag:
            n += 1
        if n > 1:
            return False
    return n == 1


#: While :func:`remembered` is in force: each node's list entry (``_item_node``) and each set
#: of items' answer to ``several_lists``, on pages that do not change meanwhile (a repair's
#: pages: one candidate after another asks again about the same links of a page).
_ITEMS: ContextVar[dict[tuple[HtmlElement, bool], HtmlElement] | None] = ContextVar(
    "_ITEMS", default=None
)
_FAMILIES: ContextVar[dict[tuple[HtmlElement, ...], bool] | None] = ContextVar(
    "_FAMILIES", default=None
)


@contextlib.contextmanager
def remembered() -> Iterator[None]:
    """Within the block, remember what the list induction works out about a page's nodes
    (each node's list entry, whether a set of items is one list) and what each selector
    selects on a page, for pages that are not changed meanwhile: a repair induces and checks
    many candidates over the same few pages, and the same links of a large page were worked
    out again for each."""
    items, families = _ITEMS.set({}), _FAMILIES.set({})
    try:
        with same_pages(), shared_runs():
            yield
    finally:
        _FAMILIES.reset(families)
        _ITEMS.reset(items)


def _item_node(el: HtmlElement, kin: Kin | None = None, *, solo: bool = True) -> HtmlElement:
    """The list entry of ``el`` (``_find_item_node``), remembered within ``remembered``."""
    memo = _ITEMS.get()
    if memo is None:
        return _find_item_node(el, kin, solo=solo)
    got = memo.get((el, solo))
    if got is None:
        got = memo[(el, solo)] = _find_item_node(el, kin, solo=solo)
    return got


def _find_item_node(el: HtmlElement, kin: Kin | None = None, *, solo: bool = True) -> HtmlElement:
    """The repeating step above a list example: the nearest ancestor-or-self that is a list
    entry (``li``, ``dt``, ``tr``) or whose parent has another child like it; a sibling of
    another kind (the type cell beside a name cell, a purpose beside a title in a ``dt``) does
    not make a list. Failing both, the nearest node with any sibling of its tag. An entry
    alone in its list whose list is one of a run of like one-entry containers (a one-row
    table per option) is not the entry: the container is (``solo``; see ``_solo_box``).

    ``kin`` keeps each parent's children by tag for the items of one list: without it, each
    item of a list of n listed its n siblings again (n² for the list: 4,000 links in one
    <pre> of Vim's help took minutes); the siblings are compared only until one is like it."""
    node = el
    first: HtmlElement | None = None
    above = 0  # levels climbed past the first node with a sibling of its tag
    while node.getparent() is not None and above <= 3:
        parent = node.getparent()
        if node.tag in _ITEM_TAGS:
            box = _solo_box(node, el) if solo else None
            if box is None:
                return node
            return box
        if _row_cell(node, el):
            node = parent  # a cell of a row like its neighbours: a column, the row is the entry
            continue
        same = False
        for sib in _of_tag(parent, node.tag, kin):
            if sib is node:
                continue
            same = True
            if _like(node, sib, el):
                return node
        if same and first is None:
            first = node
        if first is not None:
            above += 1
        if parent.tag in ("body", "html"):
            break
        node = parent
    return first if first is not None else el


def _row_cell(cell: HtmlElement, el: HtmlElement) -> bool:
    """Whether ``cell`` is a ``td``/``th`` of a row that has a like row beside it (the same
    steps down to ``el``'s tag): the rows of a member table (``tr.even``/``tr.odd`` whose
    cells all carry the same class) are the entries, the row's cells its columns."""
    row = cell.getparent()
    if cell.tag not in ("td", "th") or row is None or row.tag != "tr":
        return False
    table = row.getparent()
    if table is None:
        return False
    rel = _rel(row, el, positional=False)[0]
    return any(r is not row and r.tag == "tr" and _run(r, rel) for r in table)


#: A class token named for striping a list's entries.
_STRIPE_NAME = re.compile(r"(?:^|[-_])(?:even|odd)(?:$|[-_])|(?:Even|Odd)(?:$|[A-Z_-])")


def _stripe_tokens(items: Sequence[HtmlElement]) -> set[str]:
    """Class tokens that only stripe the entries (``even``/``odd``): on three or more entries
    of a list, the ones carrying the token are exactly every other entry. They say nothing
    about which entries are the list's."""
    out: set[str] = set()
    for item in items:
        # A token named for striping (Javadoc's `even-row-color`/`odd-row-color`), whatever
        # the number of entries: two constructors' rows cannot show the alternation.
        named = {t for t in _classes(item) if _STRIPE_NAME.search(t)}
        out.update(named)
        parent = item.getparent()
        if parent is None:
            continue
        same = [s for s in parent if s.tag == item.tag]
        for tok in _classes(item) - named:
            # The entries like the item by another class (the constructor cells, not the
            # description cells between them in a grid of `div` cells), a stripe aside.
            # Without another class, a sibling with no class at all (a table's heading row
            # above Javadoc's `tr.altColor`/`tr.rowColor` rows) is no entry.
            others = _classes(item) - {tok} - named
            like = (
                [s for s in same if _classes(s) & others]
                if others
                else [s for s in same if _classes(s)] or same
            )
            if len(like) < 3:
                continue
            marks = [tok in _classes(s) for s in like]
            if all(m == marks[0] for m in marks[0::2]) and all(m != marks[0] for m in marks[1::2]):
                out.add(tok)
    return out


def _lca(nodes: Sequence[HtmlElement]) -> HtmlElement:
    chains: list[list[HtmlElement]] = [[*reversed(list(n.iterancestors())), n] for n in nodes]
    common = chains[0][0]
    for level in zip(*chains, strict=False):
        if all(x is level[0] for x in level):
            common = level[0]
        else:
            break
    return common


def _outer_entry(item: HtmlElement) -> HtmlElement | None:
    """The list entry (``li``, ``dt``, ``tr``) that holds ``item`` a few levels up, when
    ``item`` is not an entry itself and that entry has another entry of its tag beside it;
    None otherwise, and for a table row headed by a ``th`` label."""
    if item.tag in _ITEM_TAGS:
        return None
    node: HtmlElement | None = item.getparent()
    for _ in range(3):
        if node is None or node.tag in ("body", "html") or node.tag in _LIST_TAGS:
            return None
        if node.tag in _SECTIONS or any(c.tag in _HEADINGS for c in node):
            # A block with its own heading (Javadoc's constructor summary, a `section` in an
            # entry of the page's list of summaries) holds its own list, not an entry's links.
            return None
        if node.tag in ("li", "dt", "tr"):
            cells = [c for c in node if c.tag in ("td", "th")] if node.tag == "tr" else []
            if (
                cells
                and cells[0].tag == "th"
                and not any(a is cells[0] for a in item.iterancestors())
            ):
                return None  # a row headed by its label: its links are the list ('Depends')
            parent = node.getparent()
            if parent is not None and any(s is not node and s.tag == node.tag for s in parent):
                return node
            return None
        node = node.getparent()
    return None


def _list_node(
    nodes: Sequence[HtmlElement], *, solo: bool = False, own: bool = False
) -> tuple[HtmlElement, list[HtmlElement]]:
    """The list node (parent of the repeating items) of one page's examples, and each
    example's item node. ``own``: one example that is its own item (its parent is the list)."""
    if own and len(nodes) == 1 and nodes[0].getparent() is not None:
        return nodes[0].getparent(), [nodes[0]]
    if len(nodes) == 1:
        # One example does not say whether a one-entry container is the entry or the list.
        item = _item_node(nodes[0], solo=solo)
        # Nor whether the links of its entry are the list or the entries are: the entries are
        # (the first link of each release of lxml's 'Old Versions', not the clicked release's
        # two links by the release's position).
        entry = _outer_entry(item)
        item = entry if entry is not None else item
        parent = item.getparent()
        if parent is not None and item.tag in _ITEM_TAGS and _like_lists([parent]):
            # Nor whether its list is the page's only one of its kind: beside like lists
            # (Texinfo's `dl.def`, one per definition, several forms in some), the block's
            # items of the example's kind are taken, not the clicked list's by its position.
            up = parent.getparent()
            if up is not None and up.tag not in ("body", "html"):
                return up, [parent]
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
    page_pos: list[Example], index: SiteIndex | None, *, solo: bool = False, own: bool = False
) -> dict[str, tuple[float, str, int]]:
    """Candidate list rules from one page's examples: (cost, family, item depth). ``solo``:
    the examples are more than this one, so a one-entry container of a run is the entry.
    ``own``: the example is its own item (see ``_alone_alike``)."""
    nodes = [e.node for e in page_pos]
    list_node, items = _list_node(nodes, solo=solo, own=own)
    paths = {_rel(list_node, n, positional=False)[0] for n in nodes}
    forms: list[str] = []  # the examples' steps down from the list node, when they agree
    if len(paths) == 1:
        forms.append(next(iter(paths)))
    if len(paths) == 1 and "/" in next(iter(paths)):
        # Inside an entry, the steps down tell the example's node from its siblings of
        # another kind: a row's name cell, not its type cell (`tr/td[...function_name...]/a`).
        rest = next(iter(paths)).split("/", 1)[1]
        # The rows beside the examples' too: a name alone in its row (its type cell holds no
        # link) is told from the other rows' type links only by those rows.
        like = _like_entries(items, nodes)
        if any(
            [x for x in (_run(i, rest) or [])] != [n] for i, n in zip(items, nodes, strict=True)
        ) or any(len(_run(s, rest) or []) > 1 for s in like):
            narrowed = _merge_steps(
                [_narrow_steps(i, n) for i, n in zip(items, nodes, strict=True)]
            )
            # The other nodes an item holds sit in other entries like the example's, none
            # beside it in its own entry (a `dl.def` of a definition with several forms, its
            # `dt`s, among the `dl.def` of one form): they are items too, not told apart by
            # a position (`dt[1]` would take the first form only).
            plain = not like and all(
                _other_entries(i, n, _run(i, rest) or []) for i, n in zip(items, nodes, strict=True)
            )
            if narrowed is not None and not plain:
                narrowed = _first_beside(narrowed, nodes, like)
                forms = [f"{items[0].tag}/{narrowed}"]
    tag = nodes[0].tag
    tails: list[tuple[str, float, int]] = []
    for path in forms:
        tails.append((path, 0.3 * (path.count("/") + 1), path.count("/") + 1))
        item_tag = items[0].tag
        common = set.intersection(
            *[{t for t in (i.get("class") or "").split() if is_wordlike(t)} for i in items]
        ) - _stripe_tokens(items)
        every = _run(list_node, path) or []
        # The tokens that the fewest of the items' siblings carry: a class every cell of a
        # grid of `div` cells carries (Javadoc's `method-summary-table`, on the type cells
        # too) tells the items from less than the column's (`col-second`) does.
        kin = [s for s in list_node if s.tag == item_tag]
        carried = {t: sum(1 for s in kin if t in _classes(s)) for t in common}
        fewest = min(carried.values(), default=0)
        toks = sorted(t for t in common if carried[t] == fewest)[:2]
        if len(items) == 1 and fewest == 1:
            # One item clicked, and its rarest class its own alone among its siblings (Sphinx's
            # `li.nav-item-1`, the breadcrumb's first entry): the class it shares with its
            # like siblings (`li.nav-item`) is the list's too.
            most = max(carried.values())
            toks += sorted(t for t in common if carried[t] == most > 1)[:1]
        for tok in toks:
            rest = path.split("/", 1)[1] if "/" in path else ""
            tail = f"{item_tag}[{class_predicate(tok)}]" + (f"/{rest}" if rest else "")
            # The class leaves nothing of the list out on this page (every link of the
            # paragraph after 'See Also' is an `a.xref` here, an `a.olink` on other pages):
            # the rule without it comes first.
            needed = len(_run(list_node, tail) or []) < len(every)
            tails.append(
                (
                    tail,
                    0.3 * (path.count("/") + 1) + (-0.3 if needed or item_tag != tag else 0.1),
                    path.count("/") + 1,
                )
            )
        # An attribute every clicked entry carries, with a value of its own each (a menu
        # entry's `title`), that one or two like entries lack: those are not entries of the
        # list (a 'Top of page' link before a module's functions).
        for attr in HOOK_ATTRS:
            if not all(i.get(attr) for i in items) or len({i.get(attr) for i in items}) < len(
                items
            ):
                continue
            lacking = sum(1 for k in kin if not k.get(attr))
            if not 0 < lacking <= 2 or 2 * lacking >= len(kin):
                continue
            rest = path.split("/", 1)[1] if "/" in path else ""
            tail = f"{item_tag}[@{attr}]" + (f"/{rest}" if rest else "")
            tails.append((tail, 0.3 * (path.count("/") + 1) - 0.2, path.count("/") + 1))
        # The start of an attribute's value that every clicked node shares, up to where its
        # words part (ocamldoc's `span[@id='VALzero']`, `span[@id='VALinit']`: the values'
        # entries, not the `MODULE…` and `TYPE…` spans of the same steps): a hook of the
        # examples' kind whose whole value names each entry.
        every_node = [n for n in every if isinstance(n.tag, str)]
        for attr in _PREFIX_ATTRS:
            prefix = shared_prefix([n.get(attr) for n in nodes], separators=_PREFIX_ENDS[attr])
            if not prefix or not any(
                not (n.get(attr) or "").startswith(prefix) for n in every_node
            ):
                continue
            pred = f"starts-with(@{attr}, {xpath_literal(prefix)})"
            tails.append(
                (f"{path}[{pred}]", 0.3 * (path.count("/") + 1) - 0.2, path.count("/") + 1)
            )
        chain = _chain(list_node, nodes[0])
        at = next((k for k, n in enumerate(chain[:-1]) if _is_box(n)), None)
        if at is not None and _kind_holds_several(chain[at], path.split("/")[at + 1 :], index):
            # Containers of the run's kind (tag and classes) hold several entries on some
            # pages (Texinfo's `dl.def` of a definition with several forms): one entry is
            # not what makes the run, the class is (the tails above).
            at = None
        if at is not None:
            # A run of one-entry containers (the entries, or inside the entries when the
            # examples are in two sections): the containers that hold one entry (not a
            # summary table of many rows beside them), and the clicked node's class the
            # examples share (the option name's span, not a cell's other spans).
            steps = path.split("/")
            entry = next(t for t in ("tr", "li", "dt") if _one_entry(chain[at], t))
            depth = path.count("/") + 1
            steps[at] += f"[count({entry})=1]"
            box = "/".join(steps)
            tails.append((box, 0.3 * depth + 0.2, depth))
            shared = set.intersection(*[_classes(n) for n in nodes])
            shaped = ""
            row = next(chain[at].iter(entry))
            cells = set(_entry_shape(row))
            if len(cells) == 1 and at + 1 < len(steps) and steps[at + 1] == entry:
                # The entry's shape too: a one-row summary table (two cells) beside the
                # option tables (four) is another list.
                steps[at + 1] += f"[count({cells.pop()})={len(_entry_shape(row))}]"
                shaped = "/".join(steps)
            for tok in sorted(t for t in shared if is_wordlike(t))[:1]:
                tails.append((f"{box}[{class_predicate(tok)}]", 0.3 * depth + 0.1, depth))
                if shaped:
                    tails.append((f"{shaped}[{class_predicate(tok)}]", 0.3 * depth + 0.25, depth))
    out: dict[str, tuple[float, str, int]] = {}

    def add(container: str, cost: float, family: str) -> None:
        for tail, tcost, depth in tails:
            xp = untbody(f"{container}/{tail}")
            if "tbody" in xp:
                continue
            if xp not in out or out[xp][0] > cost + tcost:
                out[xp] = (cost + tcost, family, depth)

    tail = _common_tail(list_node, nodes)

    def add_nested(container: str, cost: float, family: str) -> None:
        # Descendant form: items of nested lists too (kept only when the examples need it).
        # With the steps down that every example ends on (the trail's `table/tr/td[3]/a`
        # in nested blocks), the items are those alike, not every link below the container;
        # after the plain form, which it narrows only where that one takes several lists.
        for down, extra in ((tag, 1.0), (tail, 1.1)):
            if not down:
                continue
            xp = untbody(f"{container}//{down}")
            if "tbody" not in xp and (xp not in out or out[xp][0] > cost + extra):
                out[xp] = (cost + extra, family, -1)  # -1: one container per page, checked

    root = nodes[0].getroottree().getroot()
    container: HtmlElement | None = list_node
    level = 0
    nearest: float | None = None
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
        exprs = _container_exprs(container, root, index)
        for expr, cost, family in exprs:
            if nearest is not None and family in _HOOK_FAMILIES:
                # A farther container's hook costs at least the nearest one's (see
                # ``_field_candidates``): the list's own `div.toplang` before `div#preamble`.
                cost = max(cost, nearest)
            add(f"{expr}{down}", cost + extra, family)
            add_nested(expr, cost + 0.3 * level, family)
        hooked = [cost for cost, _f, _p in hooks(container, index)]
        if hooked and nearest is None:
            nearest = min(hooked)
        add(_absolute(container) + down, 9.0 + level, "positional")
        # A container without a hook of its own or of an ancestor (a bare `div` of
        # breadcrumb links, one of them wrapped in a `span` on some pages): its place, with
        # the items at any depth below it, so that another page's example one step deeper is
        # the same list rather than a contradiction. A deeper place first: it takes fewer
        # other links than a wrapper around the whole header.
        below_root = sum(1 for _ in container.iterancestors())
        add_nested(_absolute(container), 9.0 + level - 0.05 * min(below_root, 10), "positional")
        container = container.getparent()
        level += 1
    if list_node.tag == "body" and list_node.getparent() is not None:
        # Entries that are the page's own top-level blocks (ocamldoc writes each `val` as a
        # `pre` of the body, with no container): the body is the list, found by its place;
        # a hook on the entries' steps (the tails above) tells them from the page's other
        # blocks of their tag.
        for tail, tcost, depth in tails:
            with_hook = "[" in tail
            at_body = f"/html/body/{tail}"
            cost = tcost + (1.0 if with_hook else 3.0)
            if at_body not in out or out[at_body][0] > cost:
                out[at_body] = (cost, "attribute" if with_hook else "positional", depth)
    # A list node that holds its own heading before its entries (Doxygen's member tables: a
    # `tr.heading` row 'Functions', then the members' rows; the page has one table per kind
    # of member, at a place that varies): the list node with that heading.
    own_head = _head_label(list_node, items, nodes)
    if own_head is not None and list_node.tag not in _TABLE_PARTS:
        inner = f"{own_head[0]}[{own_head[1]}]"
        add(f"//{list_node.tag}[{inner}]", 1.0, "label")
        for hcost, _hf, pred in hooks(list_node, index)[:2]:
            add(f"//{list_node.tag}[{pred}][{inner}]", hcost + 0.4, "label")
    # A run of entries after a heading among other blocks (libxml2's contents: one `pre` per
    # entry after the 'Table of Contents' h2, more `pre`s after the next h2): the entries
    # whose nearest heading of that tag before them is the label.
    label = _run_label(items)
    if label is not None:
        ltag, lpred = label
        head = f"{ltag}[{lpred}]"
        for tail, tcost, depth in tails:
            first, _sep, rest = tail.partition("/")
            step = f"{first}[preceding-sibling::{ltag}[1][{lpred}]]"
            xp = f"//{head}/following-sibling::{step}" + (f"/{rest}" if rest else "")
            if xp not in out or out[xp][0] > 1.2 + tcost:
                out[xp] = (1.2 + tcost, "label", depth)
    # Item hooks alone: //li[contains(@class, 'toc-item')]/a.
    for tail, tcost, _depth in tails:
        if tail.startswith(items[0].tag + "["):
            xp = f"//{tail}"
            out.setdefault(xp, (1.0 + tcost, "class", _depth))
    return out


#: Attributes whose shared start marks a kind of node (:func:`shared_prefix`), and the
#: characters after which their values part into words.
_PREFIX_ENDS = {"id": "-_:.", "href": "/"}
_PREFIX_ATTRS = tuple(_PREFIX_ENDS)
_CASE_TURN = re.compile(r"(?<=[A-Z])(?=[a-z])|(?<=[a-z])(?=[A-Z])|(?<=[^\W\d_])(?=\d)")


def shared_prefix(values: Sequence[str | None], *, separators: str) -> str:
    """The start every one of ``values`` shares, cut where their words part (after one of
    ``separators``, or, outside a path, at a change of letter case or from letters to digits):
    'VAL' of 'VALzero' and 'VALinit', 'section-' of 'section-2' and 'section-10', '/user/'
    of '/user/7' and '/user/12'. With one value, its first such start ('VAL' of
    'VALzero_big_int'); a path's last directory. "" when a value is missing, the values do
    not part before their end, or the start holds no letters."""
    if not values or any(not v for v in values):
        return ""
    texts = [v for v in values if v]
    common = texts[0]
    for v in texts[1:]:
        k = 0
        while k < min(len(common), len(v)) and common[k] == v[k]:
            k += 1
        common = common[:k]
    path = "/" in separators

    def cuts(v: str) -> set[int]:
        at = {i + 1 for i, ch in enumerate(v[:-1]) if ch in separators}
        if not path:
            at |= {m.start() for m in _CASE_TURN.finditer(v) if 0 < m.start() < len(v)}
        return at

    shared = set.intersection(*[cuts(v) for v in texts])
    shared = {i for i in shared if i <= len(common)}
    if not shared:
        return ""
    if len(set(texts)) > 1:
        end = max(shared)
    elif path:
        end = (
            max(i for i in shared if texts[0][i - 1] == "/")
            if any(texts[0][i - 1] == "/" for i in shared)
            else 0
        )
    else:
        end = min(shared)
    prefix = common[:end]
    return prefix if _LETTERS.search(prefix) else ""


def _common_tail(list_node: HtmlElement, nodes: Sequence[HtmlElement]) -> str:
    """The steps that every example ends on below ``list_node`` when the examples sit at
    different depths below it (each level of a trail in a block of its own, nested or beside
    the others: ``table/tr/td[3]/a``), two steps or more; a position is kept where every
    example has the same one. '' when the examples sit at one depth or share one step only."""
    chains = [_chain(list_node, n) for n in nodes]
    if len(chains) < 2 or len({len(c) for c in chains}) == 1:
        return ""
    steps: list[str] = []
    for k in range(1, min(len(c) for c in chains) + 1):
        level = [c[-k] for c in chains]
        if len({n.tag for n in level}) != 1:
            break
        if len({id(n) for n in level}) == 1:
            break  # a node every example is below: the container's own steps
        placed = {_step(n, positional=True)[0] for n in level}
        steps.append(placed.pop() if len(placed) == 1 else level[0].tag)
    if len(steps) < 2 or not all(re.fullmatch(r"[\w-]+(?:\[\d+\])?", st) for st in steps):
        return ""
    return "/".join(reversed(steps))


#: Candidate families anchored on a hook of their own (not a label, a place or a position).
_HOOK_FAMILIES = frozenset({"id", "class", "attribute"})


def _other_entries(item: HtmlElement, el: HtmlElement, found: Sequence[HtmlElement]) -> bool:
    """Whether the nodes ``found`` below ``item`` besides the example ``el`` are each in an
    entry other than the example's, that entry (``li``, ``dt``, ``tr``) inside ``item``."""
    if len(found) == 1 and found[0] is el:
        return True
    entry = _item_node(el)
    if entry is item or entry.tag not in _ITEM_TAGS or not any(x is el for x in found):
        return False
    return all(x is el or not any(a is entry for a in x.iterancestors()) for x in found)


def _like_lists(lists: Sequence[HtmlElement], *, beside: bool = True) -> bool:
    """Whether lists are one list of a block's like lists: siblings of one list tag (not
    tables), without ids, of the same classes (one at least), under the same heading
    (Texinfo's `dl.def`, one per definition).
    ``beside``: for one list, whether it has such a sibling."""
    first = lists[0]
    parent = first.getparent()
    classes = frozenset(t for t in _classes(first) if is_wordlike(t))
    if parent is None or parent.tag in ("body", "html") or not classes:
        return False
    if first.tag not in _LIST_TAGS or first.get("id") is not None:
        return False  # tables of one class hold their own heading row: a kind of member each

    def like(x: HtmlElement) -> bool:
        return (
            x.getparent() is parent
            and x.tag == first.tag
            and x.get("id") is None  # a list with an id of its own is that list (`ul#toc`)
            and frozenset(t for t in _classes(x) if is_wordlike(t)) == classes
            and _heading_before(x) == _heading_before(first)
        )

    if beside:
        return len(lists) == 1 and any(x is not first and like(x) for x in parent)
    # as one list, the block's like lists are boxes of an entry or two each (a definition
    # with its forms): two lists of several entries side by side are two lists (a page's own
    # links beside the site's)
    return all(like(x) for x in lists) and (
        len(lists) > 2 or any(sum(isinstance(c.tag, str) for c in x) == 1 for x in lists)
    )


def _kind_holds_several(box: HtmlElement, down: Sequence[str], index: SiteIndex | None) -> bool:
    """Whether a container of ``box``'s tag and classes holds several entries with the steps
    ``down`` to the example's kind of node, on ``box``'s page or a sampled page of the site."""
    classes = sorted(t for t in _classes(box) if is_wordlike(t))
    if not classes or not down:
        return False
    entry = down[0].split("[", 1)[0]
    preds = "".join(f"[{class_predicate(t)}]" for t in classes)
    xp = f"//{box.tag}{preds}[count({entry})>1]/{'/'.join(down)}"
    root = box.getroottree().getroot()
    return any(_run(t, xp) for t in [root, *_sample(index)])


def _head_label(
    list_node: HtmlElement, items: Sequence[HtmlElement], nodes: Sequence[HtmlElement]
) -> tuple[str, str] | None:
    """(tag, predicate) of the heading a list node holds before its first entry (a table's
    heading row), when the clicked items are children of the list node: the nearest child
    before the first child like an entry (the same steps down to the clicked tag) that reads
    like a label and holds no entry. None when there is none."""
    if any(i.getparent() is not list_node for i in items):
        return None
    rel = _rel(items[0], nodes[0], positional=False)[0]
    kids = [k for k in list_node if isinstance(k.tag, str)]
    first = next((i for i, k in enumerate(kids) if k.tag == items[0].tag and _run(k, rel)), None)
    if not first:
        return None
    # A cell of the entries' rows before it (Javadoc's summary tables are grids of `div`
    # cells: a type cell, 'void', shares the row's `even-row-color` with the name cell) is
    # not a heading.
    own = _classes(items[0])
    for k in reversed(kids[:first]):
        if own & _classes(k):
            continue
        text = _text(k)
        if text and len(text) <= 40 and _LETTERS.search(text) and len(k) <= 3:
            return k.tag, text_equals(k, text)
    return None


def _run_label(items: Sequence[HtmlElement]) -> tuple[str, str] | None:
    """(tag, predicate) of the heading that starts the examples' run of entries, when the
    entries' parent holds other blocks too: the nearest sibling before the first entry that is
    not an entry's tag and reads like a label; None when the parent holds entries only."""
    parent = items[0].getparent()
    if parent is None or any(i.getparent() is not parent for i in items):
        return None
    tag = items[0].tag
    kids = [k for k in parent if isinstance(k.tag, str)]
    if all(k.tag == tag for k in kids):
        return None
    first = min(items, key=kids.index)
    prev = first.getprevious()
    while prev is not None and (not isinstance(prev.tag, str) or prev.tag == tag):
        prev = prev.getprevious()
    if prev is None:
        return None
    text = _text(prev)
    if not text or len(text) > 40 or not _LETTERS.search(text) or len(prev) > 3:
        return None
    # Only when another block of that tag follows: else the plain list rules say it all.
    if not any(k.tag == prev.tag for k in first.itersiblings()):
        return None
    return prev.tag, text_equals(prev, text)


def _merge_steps(paths: Sequence[str]) -> str | None:
    """One form of several examples' narrowed steps: equal steps stay, and a step that is the
    first of its tag on one example and the only one on another is the first (``a[1]``: a
    member's name link, followed by its argument types' links or alone in its cell); None
    when they differ otherwise."""
    split = [_top_steps(p) for p in paths]
    if len({len(s) for s in split}) != 1:
        return None
    out = []
    for steps in zip(*split, strict=True):
        kinds = set(steps)
        if len(kinds) == 1:
            out.append(steps[0])
            continue
        tags = {re.sub(r"\[1\]$", "", x) for x in kinds}
        if len(tags) == 1 and all(re.fullmatch(r"[\w-]+(\[1\])?", x) for x in kinds):
            out.append(f"{tags.pop()}[1]")
            continue
        return None
    return "/".join(out)


#: Entries beside the examples' looked at for telling the examples' node from its neighbours.
_LIKE_ENTRIES = 60


def _like_entries(items: Sequence[HtmlElement], nodes: Sequence[HtmlElement]) -> list[HtmlElement]:
    """The other rows of the examples' table when every example sits in a cell of its row:
    siblings of the examples' rows (a member table's other rows); none otherwise."""
    parent = items[0].getparent()
    if (
        parent is None
        or items[0].tag != "tr"
        or any(getattr(n.getparent(), "tag", None) not in ("td", "th") for n in nodes)
    ):
        return []
    own = {id(i) for i in items}
    return [s for s in parent if s.tag == items[0].tag and id(s) not in own][:_LIKE_ENTRIES]


def _first_beside(narrowed: str, nodes: Sequence[HtmlElement], like: Sequence[HtmlElement]) -> str:
    """``narrowed`` with its last step the first of its tag (``a[1]``) when every example is
    alone in its parent and, in other entries, the same place holds several nodes of its tag:
    a member's name alone in its cell, where the other members' names are followed by their
    argument types' links."""
    steps = _top_steps(narrowed)
    last = steps[-1]
    if not re.fullmatch(r"[\w-]+", last) or any(
        sum(1 for s in n.getparent() if s.tag == n.tag) != 1
        for n in nodes
        if n.getparent() is not None
    ):
        return narrowed
    if any(len(_run(s, narrowed) or []) > 1 for s in like):
        steps[-1] = f"{last}[1]"
        return "/".join(steps)
    return narrowed


def _narrow_steps(item: HtmlElement, el: HtmlElement) -> str:
    """The steps from ``item`` down to ``el``, each told from its siblings of its tag by a
    class token they lack, else by its position."""
    steps = []
    for n in _chain(item, el):
        parent = n.getparent()
        others = [s for s in parent if s is not n and s.tag == n.tag]
        if not others:
            steps.append(n.tag)
            continue
        theirs = set().union(*[_classes(s) for s in others])
        own = [t for t in sorted(_classes(n)) if is_wordlike(t) and t not in theirs]
        steps.append(f"{n.tag}[{class_predicate(own[0])}]" if own else _step(n, positional=True)[0])
    return "/".join(steps)


def _lead_label(container: HtmlElement) -> str:
    """A predicate for the first child element of ``container`` by its text
    (``a[normalize-space(.)='Home']``) when nothing but white space comes before it and its
    text is short and reads like a label; empty otherwise. Not for a list or a table: their
    first child is their first entry, content rather than a label."""
    if (
        container.tag in _LIST_TAGS | _ENTRY_TAGS | _TABLE_PARTS | {"table"}
        or (container.text or "").strip()
    ):
        return ""
    first = next((k for k in container if isinstance(k.tag, str)), None)
    if first is None or len(first) > 3:
        return ""
    text = _text(first)
    if not text or len(text) > 40 or not _LETTERS.search(text):
        return ""
    return f"{first.tag}[{text_equals(first, text)}]"


_LABEL_SIBLINGS = 8  # siblings of a container tried as its label, each one XPath over the page


def _below_hook(tag: str, pred: str) -> Any:
    """A test of whether a node lies below a ``tag[pred]`` node (None for a bad predicate)."""
    try:
        return _compiled(f"boolean(ancestor::{tag}[{pred}])")
    except RuleError:
        return None


def _lifted(node: HtmlElement, steps: int) -> HtmlElement:
    for _ in range(steps):
        up = node.getparent()
        if up is None:
            break
        node = up
    return node


def _container_exprs(
    container: HtmlElement, root: HtmlElement, index: SiteIndex | None
) -> list[tuple[str, float, str]]:
    """Expressions that select exactly ``container`` on its page: its own hook or a label
    before it, narrowed by an ancestor's hook when they match elsewhere too, else by
    position; then an ancestor's hook with the (indexed) steps down."""
    # Each expression with the steps up from a node it selects to the node its first step
    # selects (0 from the container itself or a sibling of it; 1 from its parent).
    raw: list[tuple[str, float, str, int]] = []
    for cost, family, pred in hooks(container, index):
        raw.append((f"//{container.tag}[{pred}]", cost, family, 0))
    for label in _labels(container):
        raw.append((f"//{label}/following-sibling::{container.tag}[1]", 1.0, "label", 0))
    lead = _lead_label(container)
    if lead and not raw:
        # A bare container that opens with a fixed short text (a breadcrumb's 'Home' link):
        # that text anchors it, where nothing else but its place does.
        raw.append((f"//{container.tag}[{lead}]", 1.4, "label", 0))
    # The block that holds the list and its label, whatever their order:
    # //div[h3[normalize-space(.)='Methods']]/ul.
    parent = container.getparent()
    if parent is not None and parent.tag not in ("html", "body"):
        tried = 0
        for sib in parent:
            if sib is container or not isinstance(sib.tag, str) or sib.tag == container.tag:
                continue
            if tried >= _LABEL_SIBLINGS:
                break  # a block of many children: its first few are its labels, if any
            tried += 1
            text = _text(sib)
            if text and len(text) <= 40 and _LETTERS.search(text) and len(sib) <= 3:
                expr = f"//{parent.tag}[{sib.tag}[{text_equals(sib, text)}]]/{container.tag}"
                found = _run(root, expr) or []
                if len(found) == 1 and found[0] is container:
                    raw.append((expr, 1.2, "label", 1))
    out: list[tuple[str, float, str]] = []
    ancestors = [a for a in container.iterancestors() if a.tag not in ("html", "body")][:6]
    for expr, cost, family, lift in raw:
        found = _run(root, expr) or []
        if len(found) == 1 and found[0] is container:
            out.append((expr, cost, family))
            continue
        if not any(n is container for n in found):
            continue
        # As it is, when the rule's steps down find items in this one of the matches only
        # (the one table of a page whose rows have a name cell); the list check decides.
        out.append((expr, cost + 0.4, family))
        narrowed = False
        for up, anc in enumerate(ancestors, 1):
            for acost, _af, apred in hooks(anc, index)[:3]:
                cand = f"//{anc.tag}[{apred}]{expr}"
                # What ``cand`` selects, from the matches already found: those below a node
                # of the ancestor's hook. Not evaluated over the page: with the hook's nodes
                # nested in each other (a wrapper div around every div) that costs the page's
                # size times their number, minutes on a page of several MB.
                below = _below_hook(anc.tag, apred)
                try:
                    got = [n for n in found if below(_lifted(n, lift))] if below else []
                except etree.XPathEvalError:
                    got = []
                if len(got) == 1 and got[0] is container:
                    out.append((cand, cost + acost + 0.3 + 0.1 * up, family))
                    narrowed = True
                    break
            if narrowed:
                break
        entries = container.getparent()
        if (
            not narrowed
            and container.tag in _ENTRY_TAGS
            and entries is not None
            and sum(1 for c in entries if c.tag == container.tag) > 1
        ):
            # An entry among like entries, pinned by its place in the page, is one entry of
            # the list (a breadcrumb's first `li.nav-item`), not a list: no such form.
            continue
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


def _list_of(node: HtmlElement, depth: int, kin: Kin | None = None) -> HtmlElement | None:
    """The list a found item belongs to: ``depth`` steps up, or for the descendant form the
    parent of its repeating item."""
    if depth < 0:
        parent: HtmlElement | None = _item_node(node, kin).getparent()
        return parent
    for _ in range(depth):
        up = node.getparent()
        if up is None:
            return None
        node = up
    return node


def _outer_list(node: HtmlElement) -> HtmlElement:
    """The outermost list a list item belongs to (``_list_root`` of the parent of its
    repeating entry, a one-entry container taken as a list): what the examples' lists and a
    rule's list on another page are compared by (their hooks and the label before them)."""
    parent = _item_node(node, solo=False).getparent()
    if parent is None:
        return node
    row = parent.getparent()
    if parent.tag in ("td", "th") and row is not None and row.tag == "tr":
        # Links in a row's cell (a member's name and its argument types): the cell is a
        # column of the table, and the cell before it (the member's type) is no label.
        table = row.getparent()
        parent = table if table is not None else parent
    return _list_root(parent)


def list_of_item(node: HtmlElement, kin: Kin | None = None) -> HtmlElement | None:
    """The list a list item belongs to: the parent of its repeating entry (a row's table
    section, a ``dt``'s ``dl``), never the item's own parent cell. Pass one ``kin`` dict for
    the items of one page (see ``_item_node``)."""
    return _list_of(node, -1, kin)


def several_lists(found: Sequence[HtmlElement]) -> bool:
    """Whether list items come from several lists: the list of an item is the parent of its
    repeating step (``li``, ``tr``… or a node with a sibling of its tag), and the items are one
    list when one of their lists holds all the others (a table of contents with its
    sub-lists). The one definition of 'mixed' for the induction's site check and for the
    signals' 'items from several lists'."""
    memo = _FAMILIES.get()
    if memo is None:
        return not _one_family(found) or _split_slots(found)
    key = tuple(found)
    got = memo.get(key)
    if got is None:
        got = memo[key] = not _one_family(found) or _split_slots(found)
    return got


def _slot(n: HtmlElement, entry: HtmlElement) -> HtmlElement | None:
    """The child of ``entry`` that holds ``n`` (below it: not ``n`` itself), None when ``n``
    is the entry, its child or outside it."""
    child = n
    for up in n.iterancestors():
        if up is entry:
            return child if child is not n else None
        child = up
    return None


def _split_slots(found: Sequence[HtmlElement]) -> bool:
    """Whether items of one list entry come from sibling containers of one tag and another
    class: a contents entry's title (`dt/span.refentrytitle/a`) and a link in its description
    beside it (`dt/span.refpurpose/a`) are two kinds of item, not two items of one list."""
    kin: Kin = {}
    slots: dict[HtmlElement, dict[str, set[frozenset[str]]]] = {}
    for n in found:
        entry = _item_node(n, kin)
        if entry.tag not in _ITEM_TAGS:
            # links alike in one description (two cross-references of a `span.refpurpose`)
            # are entries of their own: the list entry around them is the entry
            up = list(islice(entry.iterancestors(), 3))
            entry = next((a for a in up if a.tag in _ITEM_TAGS), entry)
        slot = _slot(n, entry)
        if slot is None:
            continue
        slots.setdefault(entry, {}).setdefault(str(slot.tag), set()).add(frozenset(_classes(slot)))
    return any(
        len(kinds) > 1 and any(kinds) for by_tag in slots.values() for kinds in by_tag.values()
    )


_LIST_TAGS = frozenset({"ul", "ol", "dl", "menu"})
_SECTIONS = frozenset({"section", "article", "main", "nav", "aside", "table"})
_ENTRY_TAGS = frozenset({"li", "dd", "dt"})
_TABLE_PARTS = frozenset({"tbody", "thead", "tfoot"})
#: Entries that may hold several like links of which a rule takes one (see ``_one_family``).
_CELL_TAGS = frozenset({"td", "th", "li", "dd", "dt"})


def _list_root(lst: HtmlElement) -> HtmlElement:
    """The outermost list that ``lst`` is nested in through list entries (a sub-list of a
    table of contents belongs to the contents' list); ``lst`` itself when it is not nested."""
    node = lst
    if node.tag in _TABLE_PARTS and node.getparent() is not None:
        node = node.getparent()  # a table's head and body rows are one table
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


def _one_family(found: Sequence[HtmlElement], *, lift: bool = True) -> bool:
    """The items' lists are one list with the lists nested in it: the outermost lists they are
    nested in (``_list_root``) are one, or one of them holds all the others (a table of
    contents with its sub-lists, the sub-lists of two entries of one contents), not links
    strewn over a block. Items that are one each of entries holding several like links (the
    name link of each row's cell, beside the links of its argument types) are one list when
    those entries are (``lift``)."""
    lists: list[HtmlElement] = []
    runs: set[tuple[HtmlElement, Any, frozenset[str]]] = set()
    boxes: set[HtmlElement] = set()
    kin: Kin = {}
    own: dict[HtmlElement, int] = {}
    entries: dict[HtmlElement, list[HtmlElement]] = {}
    for n in found:
        item = _item_node(n, kin)
        lst = item.getparent()
        if lst is None:
            continue
        own[lst] = own.get(lst, 0) + 1
        if _is_box(item):
            # A run of one-entry containers: one list over the block that holds the run,
            # also when the run goes on in the next like section of that block.
            runs.add((_run_root(lst), item.tag, frozenset(_classes(item))))
            boxes.add(item)
            continue
        root = _list_root(lst)
        entries.setdefault(root, []).append(item)
        if not any(x is root for x in lists):
            lists.append(root)
    if runs:
        # Lists inside the run's entries belong to them (a contents `ul` of one top entry,
        # its sub-list included, when that `ul` is taken for an entry of a run), and so does
        # a container of the run's kind (tag and classes) in the run's block that holds
        # several entries (Texinfo's `dl.def` of a definition with several forms, among the
        # `dl.def` of one form each); any other list is another list.
        if len(runs) != 1:
            return False
        ((block, tag, classes),) = runs
        # A container of the run's kind alone in a block of its own deeper in the run's
        # block, its one entry of the shape of the run's entries (a trail's root level in
        # a title block, the next levels each in a block beside it), goes on with the run.
        shapes = {
            _entry_shape(e)
            for b in boxes
            for t in ("tr", "li", "dt")
            for e in [next(b.iter(t), None)]
            if e is not None
        }
        return all(
            lst in boxes
            or any(a in boxes for a in lst.iterancestors())
            or (
                lst.tag == tag
                and classes
                and frozenset(_classes(lst)) == classes
                and _run_root(lst) is block
            )
            or (
                lst.tag == tag
                and frozenset(_classes(lst)) == classes
                and len(entries[lst]) == 1
                and _one_entry(lst, entries[lst][0].tag)
                and _entry_shape(entries[lst][0]) in shapes
                and any(a is block for a in lst.iterancestors())
            )
            for lst in lists
        )
    tops = [a for a in lists if not any(_holds(b, a, entries[b]) for b in lists if b is not a)]
    if len(tops) <= 1 or _like_lists(tops, beside=False) or _spread_run(tops, entries):
        return True
    # One item from each of several entries (a cell, a list entry) that hold like links:
    # Doxygen's member table names a function with the first link of the row's cell, its
    # argument types with the next ones. The entries are the items then. A table's cells
    # may give more than one each: a macro's cell names the macro and the macro it expands to.
    if (
        lift
        and len(own) > 1
        and all(e.tag in _CELL_TAGS for e in own)
        and (all(v == 1 for v in own.values()) or all(e.tag in ("td", "th") for e in own))
    ):
        return _one_family(list(own), lift=False)
    return False


def _spread_run(
    lists: Sequence[HtmlElement], entries: dict[HtmlElement, list[HtmlElement]]
) -> bool:
    """Whether one-entry lists of one kind (tag and classes, their entries of one shape), each
    in a block of its own below their common block, the blocks like each other (the same tag,
    a class in common or none), are one list: a trail whose levels each sit in a block, one
    of them deeper than the others (Scribble's `div.tocviewlist`, the root's table inside a
    title `div`). Two lone tables in unlike blocks are two lists."""
    if len(lists) < 2 or any(len(entries[lst]) != 1 for lst in lists):
        return False
    first = lists[0]
    shape = _entry_shape(entries[first][0])
    for lst in lists:
        if (
            lst.tag != first.tag
            or _classes(lst) != _classes(first)
            or not _one_entry(lst, entries[lst][0].tag)
            or _entry_shape(entries[lst][0]) != shape
        ):
            return False
    common = _lca(lists)
    branches = [_chain(common, lst)[0] for lst in lists]
    if len({id(b) for b in branches}) != len(branches):
        return False
    kinds = [b for b in branches if b.tag in _TABLE_PARTS or b.tag in _ITEM_TAGS]
    if kinds:
        return False
    tag = branches[0].tag
    if any(b.tag != tag for b in branches):
        return False
    classes = [_classes(b) for b in branches]
    return all(not c for c in classes) or bool(set.intersection(*classes))


def _holds(outer: HtmlElement, inner: HtmlElement, items: Sequence[HtmlElement]) -> bool:
    """Whether the list ``inner`` is nested in the list ``outer`` as part of it: inside one of
    ``outer``'s entries, or inside a child of ``outer`` of an entry tag or like the entries
    taken from it (its tag and classes). A block whose entry is a note box (``div.warning``
    with its one link) does not hold the language bar (``div.toplang``) beside that box."""
    child = inner
    for up in inner.iterancestors():
        if up is outer:
            break
        child = up
    else:
        return False
    return (
        child.tag in _ITEM_TAGS | _ENTRY_TAGS
        or any(child is e for e in items)
        or any(child.tag == e.tag and _classes(child) == _classes(e) for e in items)
    )


def _in_boxes(found: Sequence[HtmlElement]) -> bool:
    """Whether every item is the entry of a one-entry container of a run (see ``_solo_box``):
    their parents differ from section to section, ``several_lists`` says if they are one."""
    kin: Kin = {}
    return all(_is_box(_item_node(n, kin)) for n in found)


def _is_box(item: HtmlElement) -> bool:
    """Whether a list entry is a one-entry container of a run (see ``_solo_box``)."""
    return item.tag not in _ITEM_TAGS and any(_one_entry(item, t) for t in ("tr", "li", "dt"))


def _run_root(lst: HtmlElement) -> HtmlElement:
    """The block that holds a run of one-entry containers: their parent, or the block above
    when the parent is one of like blocks (the sections of a chapter)."""
    node = lst
    while True:
        up = node.getparent()
        if up is None or up.tag in ("body", "html"):
            return node
        classes = _classes(node)
        if not any(s is not node and s.tag == node.tag and _classes(s) == classes for s in up):
            return node
        node = up


def _nested_entry_class(xp: str, by_page: list[list[Example]]) -> str | None:
    """``container//tag`` with its items kept to those under the entries' shared class
    (``container//a[ancestor::li[...breadcrumb-item...]]``), when every example sits below an
    entry of its container (a child one step or more above it), the entries share a class
    token, and the narrowing leaves out an item of an example page; None otherwise."""
    container, _sep, tag = xp.rpartition("//")
    if not container or not re.fullmatch(r"[\w-]+", tag):
        return None
    entries = []
    for page_pos in by_page:
        box = _run(page_pos[0].root, container) or []
        if len(box) != 1:
            return None
        for ex in page_pos:
            chain = _chain(box[0], ex.node)
            if len(chain) < 2 or chain[0] is ex.node or ex.node.getparent() is box[0]:
                return None
            entries.append(chain[0])
    if len({e.tag for e in entries}) != 1:
        return None
    shared = set.intersection(*[{t for t in _classes(e) if is_wordlike(t)} for e in entries])
    if not shared:
        return None
    out = f"{xp}[ancestor::{entries[0].tag}[{class_predicate(sorted(shared)[0])}]]"
    for page_pos in by_page:
        root = page_pos[0].root
        if len(_run(root, out) or []) < len(_run(root, xp) or []):
            return out
    return None


_POSITION = re.compile(r"\[\d+\]")


def _position_free(xp: str, by_page: list[list[Example]]) -> list[str]:
    """Forms of a descendant-form list rule whose container is pinned by a position below a
    hook (``//div[…sidebarwrapper…]/ul[3]//a``) that drop the position and keep the items by
    what every example is: a class they all carry (``//div[…]//a[…internal…]``), or a link
    into its page (``a[starts-with(@href, '#')]``). Only those that give the same items as
    the pinned rule on every example page."""
    container, _sep, tag = xp.rpartition("//")
    if not container or not re.fullmatch(r"[\w-]+", tag) or container.startswith("("):
        return []
    steps = _top_steps(container)
    first = next((i for i, st in enumerate(steps) if _POSITION.search(st)), None)
    if first is None or first < 1:
        return []
    hook = "/".join(steps[:first])
    if not hook.startswith("//") or "[" not in hook or _POSITION.search(hook):
        return []
    nodes = [e.node for page in by_page for e in page]
    if any(n.tag != tag for n in nodes):
        return []
    shared = set.intersection(*[{t for t in _classes(n) if is_wordlike(t)} for n in nodes])
    preds = [class_predicate(t) for t in sorted(shared)[:2]]
    if all((n.get("href") or "").startswith("#") for n in nodes):
        preds.append("starts-with(@href, '#')")

    def same(free: str, root: Any) -> bool:
        if len(_run(root, hook) or ()) != 1:
            return False
        mine, pinned = _run(root, free) or [], _run(root, xp) or []
        return len(mine) == len(pinned) and all(a is b for a, b in zip(mine, pinned, strict=True))

    return [
        free
        for free in (f"{hook}//{tag}[{pred}]" for pred in preds)
        if all(same(free, page[0].root) for page in by_page)
    ]


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


def _cell_of(node: HtmlElement) -> HtmlElement | None:
    """The table cell that holds ``node`` (itself when it is one), None outside a table."""
    for up in (node, *node.iterancestors()):
        if up.tag in ("td", "th"):
            parent = up.getparent()
            return up if parent is not None and parent.tag == "tr" else None
        if up.tag in ("table", "body"):
            return None
    return None


def _cell_classes(cell: HtmlElement) -> set[str]:
    return {t for t in (cell.get("class") or "").split() if is_wordlike(t)}


def _row_kind(cell: HtmlElement) -> set[str]:
    """The class tokens the cells of ``cell``'s row carry, striping tokens left out (what
    tells a member's row from its description row)."""
    row = cell.getparent()
    if row is None:
        return set()
    return {t for d in row if d.tag in ("td", "th") for t in _cell_classes(d)} - {
        t for d in row for t in _cell_classes(d) if _STRIPE_NAME.search(t)
    }


def _column_of(cell: HtmlElement) -> int:
    """The place of a table cell among the cells of its row (`td[2]` is 2)."""
    return 1 + sum(1 for _s in cell.itersiblings("td", "th", preceding=True))


def in_table_row(node: HtmlElement) -> bool:
    """Whether ``node`` sits in a cell of a table row."""
    return _cell_of(node) is not None


def cross_columns(nodes: Sequence[HtmlElement]) -> bool:
    """Whether two list items sit in one table row, in different cells of it: a row's name
    cell and the link inside its description cell beside it. The entries of a list of rows
    give one item each, from one column; a row giving items from two of its columns holds
    items of two roles (a description's link is no entry of the list)."""
    columns: dict[int, set[int]] = {}
    for n in nodes:
        cell = _cell_of(n)
        if cell is None:
            continue
        row = cell.getparent()
        columns.setdefault(id(row), set()).add(_column_of(cell))
    return any(len(c) > 1 for c in columns.values())


def rows_of_other_shapes(nodes: Sequence[HtmlElement]) -> bool:
    """Whether list items come from table rows of two shapes: rows whose cells carry classes
    that none of the other rows' cells carry (a member's row, `td.memItemRight`, and its
    description row below it, `td.mdescRight`). The items of a list are rows alike to one
    another; a description or a separator row is not an entry of the list. Rows whose cells
    carry no class tell nothing."""
    kinds: list[set[str]] = []
    for n in nodes:
        cell = _cell_of(n)
        if cell is None:
            continue
        kind = _row_kind(cell)
        if kind and kind not in kinds:
            kinds.append(kind)
    return any(not (a & b) for i, a in enumerate(kinds) for b in kinds[i + 1 :])


def _unlike_rows(xp: str, by_page: list[list[Example]]) -> int:
    """How many items the rule takes, on the examples' pages, from table rows of another
    shape than every example's row, or from cells of another kind than every example's cell:
    the cells of a row carry classes that none of the examples' rows' cells carry (Doxygen's
    description row, `td.mdescRight`, under a member's row of `td.memItemLeft` and
    `td.memItemRight`). Items of a list are the rows alike to its examples' rows; rows of
    another shape (descriptions, separators) hold no items. 0 when an example is outside a
    table or its cells carry no class (nothing tells the rows apart)."""
    ex_cells = [_cell_of(e.node) for page in by_page for e in page]
    if not ex_cells or any(c is None for c in ex_cells):
        return 0
    cells = [c for c in ex_cells if c is not None]
    ex_cell = [_cell_classes(c) for c in cells]
    ex_row = [_row_kind(c) for c in cells]
    if not all(ex_cell) or not all(ex_row):
        return 0
    unlike = 0
    for page in by_page:
        for n in _run(page[0].root, xp) or ():
            cell = _cell_of(n)
            if cell is None:
                continue
            mine = _cell_classes(cell)
            row = _row_kind(cell)
            if (row and all(not (row & r) for r in ex_row)) or (
                mine and all(not (mine & c) for c in ex_cell)
            ):
                unlike += 1
    return unlike


def _entry_above(node: HtmlElement, tag: str, levels: int = 4) -> HtmlElement | None:
    """``node`` or its nearest ancestor of ``tag``, at most ``levels`` steps up."""
    up: HtmlElement | None = node
    for _ in range(levels + 1):
        if up is None:
            return None
        if up.tag == tag:
            return up
        up = up.getparent()
    return None


def _drops_plain_entries(narrow: str, tag: str, by_page: list[list[Example]]) -> bool:
    """Whether the class on the entries of ``narrow`` (``li[...nav-item...]``) leaves out, on
    the examples' pages, an entry plainly of the examples' list: the list's first entry of
    ``tag``, the only one without any class, in the same list node as an example's entry, whose item is of the example's
    tag and classes, at the same steps below its entry, with a text (a trail's first entry,
    'Documentation', written as a bare ``li`` before the ``li.nav-item`` entries). The class
    is then not what makes an entry the list's. An entry of another class (`li.right`,
    `li.wy-breadcrumbs-aside`) or an icon link without text (a home icon) is another kind
    of entry: leaving it out is what the class is for."""
    for page in by_page:
        root = page[0].root
        kept = _run(root, narrow) or []
        for e in page:
            entry = _entry_above(e.node, tag)
            parent = entry.getparent() if entry is not None else None
            if entry is None or parent is None:
                return False
            steps = _rel(entry, e.node, positional=False)[0]
            entries = [x for x in parent if x.tag == tag]
            plain = [x for x in entries if not (x.get("class") or "").strip()]
            if len(plain) != 1 or plain[0] is not entries[0] or len(entries) < 2:
                # Only the list's first entry plain, its others all classed (the trail's
                # root before its classed steps); plain entries of their own before classed
                # ones ('Home', 'About' of a bar before its trail) are another group.
                continue
            for other in plain:
                for n in _run(other, steps) or ():
                    if (
                        n.tag == e.node.tag
                        and (n.get("class") or "") == (e.node.get("class") or "")
                        and _text(n)
                        and not any(n is k for k in kept)
                    ):
                        return True
    return False


def _entries_of_examples_list(xp: str, by_page: list[list[Example]]) -> bool:
    """Whether every item ``xp`` takes on the examples' pages is an entry of an example's own
    list alike to the example's entry: under the same list node, an entry of its tag sharing
    a class with it (or both without one), the item of the example's tag at the same steps
    below it, one item per entry (a trail's `li.nav-item` entries, one of which,
    `li.nav-item-1`, was clicked; not an entry's name and its type links)."""
    for page in by_page:
        shapes = []
        for e in page:
            entry = _item_node(e.node, solo=False)
            parent = entry.getparent()
            if parent is None:
                return False
            shapes.append((parent, entry, _rel(entry, e.node, positional=False)[0]))
        seen: list[HtmlElement] = []
        for n in _run(page[0].root, xp) or ():
            ok = False
            for parent, entry, steps in shapes:
                up: HtmlElement | None = n
                while up is not None and up.getparent() is not parent:
                    up = up.getparent()
                if up is None or up.tag != entry.tag:
                    continue
                if any(up is x for x in seen):
                    return False  # two items of one entry (a name and its type links)
                mine, theirs = _classes(up), _classes(entry)
                alike = bool(mine & theirs) or not (mine or theirs)
                if alike and _rel(up, n, positional=False)[0] == steps:
                    seen.append(up)
                    ok = True
                    break
            if not ok:
                return False
    return True


def _list_signature(nodes: Sequence[HtmlElement]) -> tuple[set[tuple[str, str]], set[str]]:
    """What the examples' lists have in common: hooks of the list node, and the label (a
    heading just before it, 'Methods') when every one has the same."""
    labels = [_list_labels(n) for n in nodes]
    return _signature(nodes), set.intersection(*labels) if labels else set()


_HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})


def _heads(row: HtmlElement) -> bool:
    """Whether a table row heads what follows rather than holding an entry: a row with
    letters of header cells only, of one cell spanning the row, or of a cell that holds a
    heading element."""
    cells = [c for c in row if c.tag in ("td", "th")]
    if not cells or not _LETTERS.search(row.text_content()):
        return False  # (a separator row: one spanning cell of white space)
    return (
        all(c.tag == "th" for c in cells)
        or (len(cells) == 1 and (cells[0].get("colspan") or "1") != "1")
        or any(d.tag in _HEADING_TAGS for c in cells for d in c.iter())
    )


def _rows(table: HtmlElement) -> list[HtmlElement]:
    """The rows of ``table``, directly or in its row groups, in order."""
    out = []
    for child in table:
        if child.tag == "tr":
            out.append(child)
        elif child.tag in ("thead", "tbody", "tfoot"):
            out.extend(r for r in child if r.tag == "tr")
    return out


def _header_row(table: HtmlElement) -> HtmlElement | None:
    """The first row of ``table`` when it heads the table and is its only heading row (a
    table of several sections, each under its own heading row, has no one label)."""
    rows = _rows(table)
    if not rows or not _heads(rows[0]) or any(_heads(r) for r in rows[1:]):
        return None
    return rows[0]


def item_label(node: HtmlElement) -> str:
    """The label a list item sits under in its table: the nearest heading row above the
    item's row (a table of sections, 'Macros' then 'Functions'), else the table's own label
    (``own_list_label``). Empty outside a table."""
    cell = _cell_of(node)
    if cell is None:
        return ""
    row = cell.getparent()
    table = table_list(node)
    if row is None or table is None:
        return ""
    rows = _rows(table)
    at = next((k for k, r in enumerate(rows) if r is row), -1)
    for r in reversed(rows[:at] if at >= 0 else []):
        if _heads(r):
            text = normalize_text(r.text_content())
            return text if label_like(text) else ""
    return own_list_label(table)


def own_list_label(lst: HtmlElement | None) -> str:
    """The label a list carries as its own, not a text that merely precedes it: a table's
    caption or its header row (Doxygen's 'Classes' row atop a member table), else a heading
    element right before the list among its siblings. Empty when the list has none or the
    text is no label (a sentence)."""
    if lst is None:
        return ""
    node = lst
    if node.tag in ("tbody", "thead") and node.getparent() is not None:
        node = node.getparent()
    text = ""
    if node.tag == "table":
        caption = next((c for c in node if c.tag == "caption"), None)
        head = caption if caption is not None else _header_row(node)
        if head is not None:
            text = normalize_text(head.text_content())
    if not text:
        prev = node.getprevious()
        while prev is not None and not isinstance(prev.tag, str):
            prev = prev.getprevious()
        if prev is not None and prev.tag in _HEADING_TAGS:
            text = normalize_text(prev.text_content())
    return text if text and label_like(text) else ""


def table_list(node: HtmlElement) -> HtmlElement | None:
    """The table whose row holds the list item ``node`` (a link in a member's cell), None
    when the item is in no table."""
    cell = _cell_of(node)
    if cell is None:
        return None
    row = cell.getparent()
    up = row.getparent() if row is not None else None
    if up is not None and up.tag in ("tbody", "thead"):
        up = up.getparent()
    return up if up is not None and up.tag == "table" else None


def _inner_label(lst: HtmlElement) -> bool:
    """Whether the list's own label is inside it (a caption or header row of a table)."""
    node = lst.getparent() if lst.tag in ("tbody", "thead") else lst
    if node is None or node.tag != "table":
        return False
    return any(c.tag == "caption" for c in node) or _header_row(node) is not None


#: In a list's labels (``_list_labels``): the list's own label (``own_list_label``).
_OWN = "own:"


def _list_labels(lst: HtmlElement) -> set[str]:
    """The labels before a list node and before its two nearest ancestors (a menu's title row
    before the row that holds its ``ul``), each tagged with its level; and the list's own
    label (``own_list_label``). A table labelled by its own header row or caption is not
    labelled by what precedes it too (a 'Go to the source' line before the first of a page's
    tables is no label of whichever table comes first)."""
    out: set[str] = set()
    own = own_list_label(lst)
    if own:
        out.add(f"{_OWN}{own}")
    inner = bool(own) and _inner_label(lst)
    node: HtmlElement | None = lst
    for level in range(3):
        if node is None or node.tag in ("body", "html"):
            break
        if not (level == 0 and inner):
            out.update(f"{level}:{lb}" for lb in _labels(node))
        node = node.getparent()
    return out


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
        if depth > 0 and len(_list_parents(found, depth)) > 1 and not _in_boxes(found):
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
    with_items = mixed = alike = relabelled = shapes = 0
    counts: list[int] = []
    lists: set[tuple[str, ...]] = set()
    own = {lb for lb in sig[1] if lb.startswith(_OWN)} if sig is not None else set()
    kinds = {lb[len(_ANY) :] for lb in sig[1] if lb.startswith(_ANY)} if sig is not None else set()
    needed = {lb for lb in sig[1] if not lb.startswith(_ANY)} if sig is not None else set()
    for tree in trees:
        found = _run(tree, xp) or []
        if not found:
            continue
        with_items += 1
        counts.append(len(found))
        lists.add(tuple(_text(n) for n in found[:50]))
        if several_lists(found):
            mixed += 1
        if len(found) > 1 and rows_of_other_shapes(found):
            shapes += 1
        lst = _outer_list(found[0])
        labels = _list_labels(lst) if lst is not None and sig is not None else set()
        mine = {lb[len(_OWN) :] for lb in labels if lb.startswith(_OWN)}
        if sig is None or (
            lst is not None
            and _carries(lst, sig[0])
            and needed <= labels
            and (not kinds or bool(mine & kinds))
        ):
            alike += 1
        if (own and mine and not own <= labels) or (kinds and mine and not mine & kinds):
            # The list there is labelled as its own, and otherwise than the examples' list
            # ('Namespaces' where the examples' table is 'Classes', or neither 'Classes' nor
            # 'Data Structures' when the examples' lists carry either): another list.
            relabelled += 1
    return {
        "pages": len(trees),
        "with_items": with_items,
        "alike": alike,
        "mixed": mixed,
        "relabelled": relabelled,
        "row_shapes": shapes,
        "items_min": min(counts, default=0),
        "items_max": max(counts, default=0),
        "distinct": len(lists),
    }


#: Kinds of exclusion of a 'not this' node, most preferred first.
_EXCLUSION_KINDS = ("attribute", "class", "lead", "text", "href")
#: A node that opens its parent: nothing before it there but white space.
_LEADS = "not(preceding-sibling::node()[self::* or normalize-space()])"
#: Parents an item may open (a list entry, a table cell, a paragraph).
_OPENED = frozenset({"li", "dt", "dd", "td", "th", "p"})


def _leads(el: HtmlElement) -> bool:
    """Whether ``el`` opens its parent: no element and no text but white space before it."""
    if normalize_text((el.getparent().text if el.getparent() is not None else "") or ""):
        return False
    prev = el.getprevious()
    while prev is not None:
        if isinstance(prev.tag, str) or normalize_text(prev.tail or ""):
            return False
        prev = prev.getprevious()
    return True


def _holders(el: HtmlElement, levels: int = 3) -> list[HtmlElement]:
    """``el`` and its first ancestors (the list entry around a link)."""
    out = [el]
    while len(out) < levels and out[-1].getparent() is not None:
        out.append(out[-1].getparent())
    return out


def _on_step(xp: str, level: int, pred: str) -> str | None:
    """``xp`` with ``[pred]`` added to its step ``level`` steps above the last one (None when
    that step is not a plain element step)."""
    steps = _top_steps(xp)
    i = len(steps) - 1 - level
    if i < 1 or not re.fullmatch(r"[\w-]+(\[.*\])?", steps[i]):
        return None
    steps[i] += f"[{pred}]"
    return "/".join(steps)


def _refine_negatives(
    xp: str, negatives: Sequence[Example], positives: Sequence[Example]
) -> list[tuple[str, str]]:
    """Variants of a list rule that leave out the 'not this' nodes, each with its kind: an
    attribute or class that every positive item (or its entry) carries and no negative does
    (``li[@title]/a``); a class that the negatives carry and no positive does; the negatives'
    text; their link target."""
    out: list[tuple[str, str]] = []
    pos_h = [_holders(e.node) for e in positives]
    neg_h = [_holders(e.node) for e in negatives]
    levels = min(len(h) for h in (*pos_h, *neg_h))
    for level in range(levels):
        pos = [h[level] for h in pos_h]
        neg = [h[level] for h in neg_h]
        if len({n.tag for n in (*pos, *neg)}) > 1:
            break
        # Carried by every positive and by no negative: present or not, whatever its value.
        for attr in ("id", *SEMANTIC_ATTRS, *HOOK_ATTRS):
            if all(n.get(attr) is not None for n in pos) and all(n.get(attr) is None for n in neg):
                v = _on_step(xp, level, f"@{attr}")
                if v:
                    out.append((v, "attribute"))
        # A class that stripes the entries (`even-row-color`) tells no kind of entry: 'not
        # this' on every other entry is not a kind the site has.
        stripes = _stripe_tokens(pos) | {
            t for n in neg for t in _classes(n) if _STRIPE_NAME.search(t)
        }
        shared = set.intersection(*[_classes(n) for n in pos]) - stripes
        for tok in sorted(shared):
            if is_wordlike(tok) and not any(tok in _classes(n) for n in neg):
                v = _on_step(xp, level, class_predicate(tok))
                if v:
                    out.append((v, "class"))
        theirs = set().union(*[_classes(n) for n in pos])
        for n in neg:
            for tok in sorted(_classes(n) - stripes):
                if tok in theirs or not is_wordlike(tok):
                    continue
                v = _on_step(xp, level, f"not({class_predicate(tok)})")
                if v:
                    out.append((v, "class"))
        # Right after a hooked node of its own, with nothing but white space between: a manual's
        # tag definitions `*<a name="x"></a><b>x</b>*` among bold code lines of the text.
        mark = _adjacent_mark(pos, neg)
        if mark:
            v = _on_step(xp, level, mark)
            if v:
                out.append((v, "attribute"))
        # Every wanted item opens its entry (a menu's `<li><a>Name</a>: what it is`), the
        # unwanted ones come after words (a link in running text, 'Fix bug <a>#4821</a>',
        # an index's '... see <a>'): the items that open their entries, whatever the list.
        # Not an entry itself (the first of a list's entries is one entry, not a kind).
        parents = [n.getparent() for n in (*pos, *neg)]
        if (
            all(p is not None and p.tag in _OPENED for p in parents)
            and not any(n.tag in _ITEM_TAGS or n.tag in _CELL_TAGS for n in (*pos, *neg))
            and all(_leads(n) for n in pos)
            and not any(_leads(n) for n in neg)
        ):
            v = _on_step(xp, level, _LEADS)
            if v:
                out.append((v, "lead"))
    texts = [_text(n.node) for n in negatives]
    if all(t and len(t) <= 60 for t in texts):
        preds = " or ".join(dict.fromkeys(f"normalize-space(.)={xpath_literal(t)}" for t in texts))
        out.append((f"{xp}[not({preds})]", "text"))
    hrefs = [n.node.get("href") for n in negatives]
    if all(h and len(h) <= 80 for h in hrefs):
        preds = " or ".join(dict.fromkeys(f"@href={xpath_literal(h or '')}" for h in hrefs))
        out.append((f"{xp}[not({preds})]", "href"))
    return list(dict.fromkeys(out))


def _previous_node(el: HtmlElement) -> HtmlElement | None:
    """The element right before ``el`` among its siblings, when only white space parts them."""
    prev: HtmlElement | None = el.getprevious()
    if prev is None or not isinstance(prev.tag, str) or normalize_text(prev.tail or ""):
        return None
    return prev


def _adjacent_mark(pos: Sequence[HtmlElement], neg: Sequence[HtmlElement]) -> str:
    """A predicate true of every positive and of no negative: the element right before each
    positive (only white space between) has one tag and carries an attribute that the element
    right before a negative, if any, lacks (``preceding-sibling::node()[…][1][self::a[@name]]``);
    "" when there is none."""
    before = [_previous_node(n) for n in pos]
    if any(b is None for b in before):
        return ""
    tags = {b.tag for b in before if b is not None}
    if len(tags) != 1:
        return ""
    tag = tags.pop()
    theirs = [_previous_node(n) for n in neg]
    for attr in dict.fromkeys(("id", "name", *SEMANTIC_ATTRS, *HOOK_ATTRS)):
        if not all(b is not None and b.get(attr) is not None for b in before):
            continue
        if any(t is not None and t.tag == tag and t.get(attr) is not None for t in theirs):
            continue
        return f"preceding-sibling::node()[self::* or normalize-space()][1][self::{tag}[@{attr}]]"
    return ""


def _untold(neg: Example, positives: Sequence[Example]) -> str:
    """Which example a 'not this' item cannot be told from, and how far up they are alike:
    the example whose item and entries up to its list are most like the 'not this' one's
    (tags and classes, level by level), in a few words."""

    def alike(p: Example) -> int:
        n = 0
        for a, b in zip(_holders(p.node, 4), _holders(neg.node, 4), strict=False):
            if a.tag != b.tag or _classes(a) != _classes(b):
                break
            n += 1
        return n

    best = max(positives, key=alike)
    levels = alike(best)
    up = _holders(best.node, 4)[:levels]
    tags = " in ".join(h.tag for h in up)
    shape = f" (alike up to their {up[-1].tag}: {tags})" if up else ""
    return (
        f"not {neg.describe()} cannot be told from the example {best.describe()}{shape}: "
        "nothing but its own text or link target sets it apart"
    )


def _widest_exclusion(
    xp: str,
    valid: Sequence[tuple[str, str, list[list[str]]]],
    trees: Sequence[Any],
    negatives: Sequence[Example] = (),
) -> tuple[str, list[list[str]]] | None:
    """Of the variants that leave the 'not this' nodes out, one that holds across the site's
    pages: it leaves items out on the most sampled pages (within a fifth of the most), and
    among those an attribute or class difference before the negatives' text, and their text
    before their link target; a text or target is taken only when it recurs on half the
    pages with items at least (else it leaves the unwanted item on every other page). A
    variant that leaves out half the items of a page or more on a page is not counted there.
    A 'not this' click stands for a kind of item found on other pages too: rustdoc's item
    link at the end of a path carries its item's kind as class (``struct`` on the clicked
    page, ``fn`` or ``enum`` elsewhere) but always links to the page itself (``#``); Erlang's
    'Top of manual page' entry links to its own page but lacks the ``title`` every function
    entry carries."""
    if not trees:
        return valid[0][0], valid[0][2]
    base = [len(_run(t, xp) or ()) for t in trees]
    with_items = sum(1 for b in base if b)
    scored = []
    for variant, kind, values in valid:
        n = 0
        for t, b in zip(trees, base, strict=True):
            if b:
                left = len(_run(t, variant) or ())
                if left < b and (b - left) * 2 < b or (b - left == 1 and b <= 2):
                    n += 1
        # Each click's text (or target) must recur, not only the commonest of them; a
        # variant that leaves out half a page's items there is still right where each does.
        recurs = kind in ("attribute", "class", "lead") or (
            all(_recurs(xp, kind, neg, trees, with_items) for neg in negatives)
            if negatives
            else n * 2 >= with_items
        )
        scored.append((variant, kind, values, n, recurs))
    pool = [x for x in scored if x[4]]
    if not pool:
        # Only the 'not this' items' own texts or targets tell them apart, and those recur on
        # too few pages: the clicks are items of this page, not a kind the site has.
        return None
    best_n = max(x[3] for x in pool)
    near = [x for x in pool if x[3] >= 0.8 * best_n]
    pick = min(near, key=lambda x: (_EXCLUSION_KINDS.index(x[1]), -x[3]))
    return pick[0], pick[2]


def _recurs(xp: str, kind: str, neg: Example, trees: Sequence[Any], with_items: int) -> bool:
    """Whether one 'not this' item's text (or link target) is among the rule's items on half
    the sampled pages with items at least: each click counts, not only the commonest."""
    if kind == "text":
        pred = f"normalize-space(.)={xpath_literal(_text(neg.node))}"
    else:
        pred = f"@href={xpath_literal(neg.node.get('href') or '')}"
    hits = sum(1 for t in trees if _run(t, f"{xp}[{pred}]"))
    # A rule with items on no sampled page (tied to the examples' page by its title) says
    # nothing about what recurs.
    return with_items > 0 and hits * 2 >= with_items


# --------------------------------------------------------------------------- entry point


def _check_conflicts(
    positives: Sequence[Example], negatives: Sequence[Example], *, as_list: bool = False
) -> None:
    attrs = {p.attr for p in positives}
    # An attribute field whose examples' elements read one same label-like text ('List of all
    # members'), or links to other pages that read one same label ('← prev'): the rule on
    # that text tells them from a like node with another text.
    own_text = fixed_text(positives, attrs.pop()) if len(attrs) == 1 and not as_list else ""
    for n in negatives:
        # (the node clicked both ways is said as such, whatever the other examples are)
        for p in positives:
            if n.url == p.url and n.node is p.node:
                raise InductionError(
                    "the same node is both an example and a 'not this'",
                    [f"example {p.describe()}", f"not {n.describe()}"],
                    examples=[p.url],
                )
    for n in negatives:
        for p in positives:
            if not as_list and n.url != p.url and _same_kind(p.node, n.node):
                if own_text and _text(n.node) != own_text:
                    continue  # told apart by the examples' own text (``_induce_field``)
                # Another page's node at the example's place, carrying what it carries: no
                # sensible rule takes one and leaves the other (what is left is a rule made
                # for the example's page alone).
                raise InductionError(
                    "the examples conflict: the 'not this' is the same kind of node as an "
                    f"example, at its place on another page. {_conflict_advice(positives, n)}",
                    [f"example {p.describe()}", f"not {n.describe()}"],
                    examples=[p.url],
                )


def _label_text(el: HtmlElement) -> str:
    """The label an element reads as: its first child's text when that is a label ending on a
    colon ('Up:' of 'Up: Home'), else its own text when short and no link ('' for a link)."""
    first = next((k for k in el if isinstance(k.tag, str)), None)
    if first is not None and (t := _text(first)).endswith(":") and label_like(t):
        return t
    if el.tag == "a" or el.find(".//a") is not None:
        return ""  # an entry, not a label
    text = _text(el)
    return text if label_like(text) and len(text) <= 40 else ""


def list_name(lst: HtmlElement) -> str:
    """A list's name for a message: the label just before it or before one of its two
    nearest holders ('On this page:', 'Up:'), '' when none."""
    node: HtmlElement | None = lst
    for _level in range(3):
        if node is None or node.tag in ("body", "html"):
            break
        prev = node.getprevious()
        while prev is not None and not isinstance(prev.tag, str):
            prev = prev.getprevious()
        if prev is not None and len(prev) <= 3:
            text = _label_text(prev)
            if text and _LETTERS.search(text):
                return text
        node = node.getparent()
    return ""


def _sibling_entry(ex: Example, items: Sequence[HtmlElement], n: Example) -> HtmlElement | None:
    """The entry of ``n`` when it is an entry of the examples' list like theirs (same tag and
    classes, ``n`` reached by the same steps down from it as the example from its own)."""
    item = items[0]
    lst = item.getparent()
    if lst is None:
        return None
    entry = next((a for a in [n.node, *n.node.iterancestors()] if a.getparent() is lst), None)
    if entry is None or any(entry is i for i in items) or entry.tag != item.tag:
        return None
    if entry is n.node:
        return None
    stripes = _stripe_tokens([entry, item])

    def shape(top: HtmlElement, node: HtmlElement) -> list[tuple[str, frozenset[str]]]:
        return [(str(x.tag), frozenset(_classes(x) - stripes)) for x in [top, *_chain(top, node)]]

    return entry if shape(entry, n.node) == shape(item, ex.node) else None


def _check_sibling_nots(
    positives: Sequence[Example], negatives: Sequence[Example], trees: Sequence[Any]
) -> None:
    """A 'not this' that is an entry of the examples' own list, like theirs (a sibling of
    their entries, the same steps down), with a text of its page's own (not a fixed label
    that recurs on most pages, as a bar's 'Contents' between 'Previous' and 'Next'): a list
    rule takes every entry of its list, so it contradicts the examples."""
    for n in negatives:
        page = [p for p in positives if p.root is n.root]
        if not page:
            continue
        _lst, items = _list_node([p.node for p in page])
        entry = _sibling_entry(page[0], items, n)
        if entry is None or items[0].getparent() is None:
            continue
        text = _text(n.node)
        if text and trees:
            lit = xpath_literal(text)
            others = [t for t in trees if t is not n.root]
            recurs = sum(1 for t in others if _run(t, f"//{n.node.tag}[normalize-space(.)={lit}]"))
            if others and 2 * recurs >= len(others):
                continue
        name = list_name(items[0].getparent())
        named = f"the list after {name!r}" if name else "their list"
        raise InductionError(
            f"the 'not this' is an entry of the examples' own list ({named}, on "
            f"{_short_url(n.url)}), like theirs: a list rule takes every entry of its list, "
            "so it cannot leave that one out",
            [*(f"example {p.describe()}" for p in page), f"not {n.describe()}"],
            examples=[n.url],
            hint="leave the 'not this' out to take the whole list; or, if the examples are "
            "a part of it, take them as fields of their own",
        )


def _conflict_advice(positives: Sequence[Example], n: Example) -> str:
    """What to do when a 'not this' is at an example's place on another page: the field is
    absent there (a third example; the rule on its label finds nothing there), or that node
    is the field's there. When the examples read one same text and the 'not this' another,
    that is said: it is what tells them apart."""
    texts = {_text(p.node) for p in positives}
    there = _text(n.node)
    differs = ""
    if len(texts) == 1 and there and there not in texts:
        differs = (
            f"it differs from the examples by its text only ({_clip(there)!r} there, "
            f"{_clip(next(iter(texts)))!r} on theirs). "
        )
    return (
        f"{differs}If the field is absent on that page, leave the 'not this' out and click a "
        "third example: a rule on the field's label or own text finds nothing there "
        "(the correctness signals name the pages where a rule takes another node); if that "
        "node is the field on its page, click it as an example"
    )


def _clip(text: str, n: int = 50) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def _kind_path(el: HtmlElement) -> list[HtmlElement]:
    """``el`` and its ancestors below ``body``."""
    out = []
    node: HtmlElement | None = el
    while node is not None and node.tag not in ("body", "html"):
        out.append(node)
        node = node.getparent()
    return out


def _kind(el: HtmlElement) -> tuple[str, frozenset[str], frozenset[str]]:
    names = frozenset(k for k in el.attrib if k not in ("href", "src", "title", "alt"))
    return el.tag, frozenset(_classes(el)), names


def _labels_differ(a: HtmlElement, b: HtmlElement) -> bool:
    """Whether ``a`` and ``b`` (two pages' nodes) have different labels that both pages hold
    ('Next topic' and 'Previous topic'); a label found on one page only (the page's own
    header text) tells nothing."""
    la, lb = set(_labels(a)), set(_labels(b))
    if la == lb:
        return False
    ra, rb = a.getroottree().getroot(), b.getroottree().getroot()
    return any(_run(rb, f"//{x}") for x in la - lb) or any(_run(ra, f"//{x}") for x in lb - la)


def _text_before(el: HtmlElement) -> str:
    """The words just before ``el`` in its parent ('Previous:' before a link), else the short
    text of the element just before it (a label of its own)."""
    words = _words_before(el)
    if words:
        return words
    prev = el.getprevious()
    while prev is not None and not isinstance(prev.tag, str):
        prev = prev.getprevious()
    text = _text(prev) if prev is not None else ""
    return text if len(text) <= 40 else ""


def _same_kind(a: HtmlElement, b: HtmlElement) -> bool:
    """Two pages' nodes of one kind: the same tags, classes and attributes from the page's body
    down, and the same words or label just before them (a 'Previous:' link and an 'Up:' link at
    one place are two kinds)."""
    pa, pb = _kind_path(a), _kind_path(b)
    if len(pa) != len(pb) or _text_before(a) != _text_before(b):
        return False
    return all(
        _kind(x) == _kind(y) and not _labels_differ(x, y) for x, y in zip(pa, pb, strict=True)
    )


def induce(
    positives: Sequence[Example],
    negatives: Sequence[Example] = (),
    index: SiteIndex | None = None,
    *,
    as_list: bool = False,
    limit: int = 5,
    narrowing: bool = True,
    clicked: bool = True,
) -> list[Induced]:
    """Rules for the clicked examples, best first. A field rule's first match on each example
    page is the example; a list rule selects every example of a page from one list, and no rule
    selects a 'not this' node. Raises InductionError naming the examples that conflict. With
    ``narrowing`` (a user's clicks), a rule that 'not this' clicks confine to far fewer pages
    is said so (``_narrowing_nots``: a second induction without them); repair, which reads no
    warnings, asks without. With ``clicked`` (a user's clicks), a field's examples that are
    different parts of one kind of page, or unlike nodes on different kinds of page, are
    refused (``_check_parts``, ``_check_page_kinds``); repair's examples, the nodes of a
    field's old values, ask without: its old rule may have taken two kinds of page.
    Each XPath is run once on each page (``shared_runs``)."""
    several = _several_nodes(positives, negatives)
    with shared_runs():
        try:
            rules = _induce(
                positives,
                negatives,
                index,
                as_list=as_list,
                limit=limit,
                narrowing=narrowing,
                clicked=clicked,
            )
        except InductionError as exc:
            if not several:
                raise
            if as_list:
                # A list's items may be written as one expression: the refusal stands, and
                # says which node of it was taken.
                raise InductionError(
                    exc.reason,
                    [*exc.conflicts, *(f"{line}; the first was taken" for line in several)],
                    examples=exc.examples,
                    hint=exc.hint,
                ) from exc
            # Refused with the first node of an expression that selects several: the
            # refusal is about a node the user may not have meant.
            raise InductionError(
                "an example selects several nodes on its page, where each example is one "
                "node: the first of them was taken, and no rule goes with the examples so taken",
                several,
                examples=[e.url for e in positives if len(e.selected) > 1],
                hint="give the path of the one node you mean (one of those named, with its "
                "position among its like siblings), as the app's Selection panel writes it",
            ) from exc
    several = _several_nodes(positives, negatives, rules if as_list else ())
    for r in rules:
        r.notes.extend(f"{line}; the first was taken" for line in several)
    return rules


def _induce(
    positives: Sequence[Example],
    negatives: Sequence[Example],
    index: SiteIndex | None,
    *,
    as_list: bool,
    limit: int,
    narrowing: bool,
    clicked: bool,
) -> list[Induced]:
    if not positives:
        raise InductionError("no examples given")
    positives = [_on_index(ex, index) for ex in positives]
    negatives = [_on_index(ex, index) for ex in negatives]
    if clicked:
        # A click on a link's text lands on the innermost element inside it (a `span` in a
        # `span` in the `a`): the example is the link, so that clicks on links whose text is
        # wrapped and on links whose text is not make one list or field. (An attribute's
        # click keeps its node: its holder is found below.)
        positives = [ex if ex.attr else link_of_inline(ex) for ex in positives]
        negatives = [ex if ex.attr else link_of_inline(ex) for ex in negatives]
    _check_conflicts(positives, negatives, as_list=as_list)
    attrs = {ex.attr for ex in positives}
    if len(attrs) > 1:
        raise InductionError(
            "the examples are different attributes: one field gives one of them",
            [ex.describe() for ex in positives],
        )
    attr = attrs.pop()
    notes: list[str] = []
    # how the clicks are read (information, not a fault)
    holders: list[str] = []
    if attr:
        # A click on an icon inside a link asks for the link's target: the attribute of the
        # nearest element around the node that carries it.
        positives = [_attr_holder(ex, holders) for ex in positives]
    if not attr and not as_list:
        # A click on a heading's text often lands on an anchor inside it (LaTeX2HTML's
        # `<h1><a id=...>Title</a></h1>`): the example is the heading, so that headings of
        # different ranks make one field.
        positives = [heading_of_anchor(ex) for ex in positives]
        negatives = [heading_of_anchor(ex) for ex in negatives]
    trees = _sample(index)
    if clicked and not as_list and len(positives) > 1:
        # Examples that are not one field, whatever rule would take them all (a union of two
        # rules each held by its page's own text, the first of two tags in a block): a
        # heading and a paragraph, two parts of one kind of page, two unlike nodes of two
        # kinds of page.
        _check_roles(positives)
        _check_parts(positives)
        _check_page_kinds(positives, trees)
    if as_list:
        rules = _induce_list(positives, negatives, index, trees, limit)
        # (after the induction's own refusals, which say more of a 'not this' they refuse)
        _check_sibling_nots(positives, negatives, trees)
    else:
        rules = _induce_field(positives, negatives, index, trees, limit, attr=attr)
    if attr:
        # The rule is induced on the attribute's element and ends on the attribute; its
        # values are the attribute's.
        for r in rules:
            r.xpath = f"{r.xpath}/@{attr}"
            if r.kind == "field":
                r.kind = "attribute"
            nodes = [
                [n for n in _run(page[0].root, r.xpath[: -len(attr) - 2]) or []]
                for page in _pages(positives)
            ]
            if r.kind == "attribute":
                r.examples = [[ex.node.get(attr) or ""] for ex in positives]
            else:
                r.examples = [[n.get(attr) or "" for n in found] for found in nodes]
    elif not as_list and rules and all(not _text(ex.node) for ex in positives):
        # A node without text (the arrow image of a 'Prev' link): as a text field its value is
        # empty on every example page. The node is kept (an image's source is asked for the
        # same way in the app), and the warning names what gives a value.
        tags = "/".join(sorted({ex.node.tag for ex in positives}))
        links = any(a.tag == "a" for ex in positives for a in list(ex.node.iterancestors())[:3])
        # a <meta>'s value is its content, a <link>'s its target (a typed XPath into the head)
        held = sorted({ex.node.tag for ex in positives if ex.node.tag in VALUE_ATTRIBUTES})
        notes.append(
            f"the clicked {tags} holds no text: as a text field its value is empty on every "
            "example page; take an attribute instead ("
            + ("the link's target: '…/a/@href'; " if links else "")
            + (
                "; ".join(f"the {t}'s '…/@{VALUE_ATTRIBUTES[t]}'" for t in held)
                if held
                else "an image's '@alt' or '@src'"
            )
            + ")"
        )
    if narrowing and negatives and rules and trees:
        notes.extend(_narrowing_nots(rules, positives, negatives, index, trees, as_list, attr))
    for r in rules:
        r.warnings = [*notes, *(w for w in r.warnings if w not in notes)]
        r.notes = [*holders, *(n for n in r.notes if n not in holders)]
    return rules


def click_candidates(
    ex: Example,
    index: SiteIndex | None = None,
    *,
    limit: int = 8,
    rules: Sequence[Induced] | None = None,
) -> list[Candidate]:
    """The selector candidates of one clicked node, best first, ranked as **Extract field**
    ranks them: the rule ``induce`` gives for that one example first (the rule Extract field
    saves from the click; for an attribute's click, ``ex.attr``, the rule an attribute field
    of that attribute saves, without its attribute step, as the field stores it), then its
    other rules and the node's selectors from
    ``selectors.suggest`` ranked together by ``_rank_others``. Each carries its match count
    on the page and, with an index, its hit rate over the indexed pages. ``rules``: the
    induction's rules for the click when already made (``one_click_rules``). A click the
    induction refuses (or gives no rule for) gets the node's selectors alone. Under
    ``shared_runs`` with ``one_click_rules``, the hit rates read the induction's runs of the
    same XPaths on its sampled pages."""
    with shared_runs():
        return _click_candidates(ex, index, limit, rules)


def _click_candidates(
    ex: Example, index: SiteIndex | None, limit: int, rules: Sequence[Induced] | None
) -> list[Candidate]:
    ex = _on_index(ex, index)
    if rules is None:
        rules = one_click_rules(ex, index)
    node = ex.node
    if ex.attr:
        # An attribute's click: the rules are the element's that carries the attribute (the
        # link around a clicked image), as an attribute field stores them (without the
        # attribute step); the node's selectors are that element's too.
        # (no element around it with the attribute: the clicked node's selectors)
        with contextlib.suppress(InductionError):
            node = _attr_holder(ex, []).node
    out: list[Candidate] = []
    for r in rules:
        xpath = split_attribute(r.xpath)[0] if ex.attr else r.xpath
        if r.kind != ("attribute" if ex.attr else "field") or any(c.xpath == xpath for c in out):
            continue
        try:
            nodes = select_elements(ex.root, xpath)
        except RuleError:
            continue
        # The induced rule's first match is the example: the node, or the heading an anchor
        # inside it stands for (``heading_of_anchor``).
        target = bool(nodes) and (nodes[0] is node or node in nodes[0].iterdescendants())
        site = index.hit_rate(xpath) if index is not None else {}
        out.append(Candidate(xpath, r.family, r.cost, len(nodes), target, site))
    seen = {c.xpath for c in out}
    # The node's selectors fill the rows the induced rules leave (each shown one costs a run
    # of its XPath over the indexed pages).
    rest = [c for c in suggest(node, index, limit=max(1, limit - len(out))) if c.xpath not in seen]
    return (out[:1] + _rank_others(out[1:], rest))[:limit]


def one_click_rules(ex: Example, index: SiteIndex | None = None, limit: int = 3) -> list[Induced]:
    """The field rules induced from one click (no 'not this' nodes), best first, as **Extract
    field** and ``suggest --examples URL XPATH`` induce them; none when the induction refuses
    the click."""
    try:
        return induce([ex], [], index, limit=limit)
    except RuleError:
        return []  # InductionError included: no rule from the click


def _rank_others(induced: list[Candidate], others: list[Candidate]) -> list[Candidate]:
    """The candidates after the induction's first rule, ranked as the induction ranks its
    rules: one node on the page before several; among those, one that finds the node on
    clearly fewer pages than the best (under 85% of its pages with one node) after the
    others; positional paths after anchored rules; then the induction's further rules in
    its order, then the node's selectors cheapest first (a label beside the node, the nearest
    hook), the higher hit rate breaking ties. Ranked by hit rate first, a positional path
    (`/html/body/div[3]/…/li[2]/a`) or a far anchor came before a rule anchored on the node's
    own container whenever it found the node on one more page."""

    def rate(c: Candidate) -> float:
        return float(c.site.get("rate", 0.0)) if c.site else 0.0

    every = [*induced, *others]
    best = max((rate(c) for c in every if c.page_matches == 1), default=0.0)
    rank = {c.xpath: i for i, c in enumerate(induced)}

    def key(c: Candidate) -> tuple[Any, ...]:
        narrow = bool(c.site) and rate(c) < 0.85 * best
        place = (0, rank[c.xpath], 0.0) if c.xpath in rank else (1, 0, c.cost)
        return (
            c.page_matches != 1,
            narrow,
            c.family == "positional",
            *place,
            -round(rate(c), 2),
            c.xpath.count("/"),
            len(c.xpath),
        )

    return sorted(every, key=key)


#: A rule forced by 'not this' clicks is said to narrow the field when it finds it on at most
#: this share of the pages the examples' rule without them finds it on,
NARROWED = 0.5
#: or when it finds nothing on this share of those pages at least (three pages at least)
#: where the rule without them finds the field.
LOST = 0.2
#: At most this many of those pages are named.
LOST_SHOWN = 8


def _coverage(r: Induced) -> int:
    """Sampled pages where a rule finds the field (a list: pages with items)."""
    if r.kind == "list":
        return int(r.site.get("with_items", 0))
    return int(r.site.get("one", 0)) + int(r.site.get("many", 0))


def _narrowing_nots(
    rules: list[Induced],
    positives: Sequence[Example],
    negatives: Sequence[Example],
    index: SiteIndex | None,
    trees: list[Any],
    as_list: bool,
    attr: str,
) -> list[str]:
    """A warning when the 'not this' clicks leave a rule that finds the field on far fewer
    sampled pages (``NARROWED``) than the examples' rule without them, or finds nothing on
    many pages (``LOST``) where that rule finds it, naming those pages: a subset of the
    field's pages (one kind of section's 'Next' link, a list pinned by its position, the
    examples' two heading ranks where the other pages title with a third), not the field
    less a kind of node. The rule is still given: the 'not this' may be meant."""
    try:
        plain = (
            _induce_list(positives, (), index, trees, 1)
            if as_list
            else _induce_field(positives, (), index, trees, 1, attr=attr)
        )
    except InductionError:
        return []
    if not plain or not plain[0].site or not rules[0].site:
        return []
    before, after = _coverage(plain[0]), _coverage(rules[0])
    bare, kept = _element_part(plain[0].xpath, attr), _element_part(rules[0].xpath, attr)
    # Pages where the rule finds nothing and the rule without the 'not this' finds nodes
    # unlike every 'not this' (a page's h2 title where the 'not this' is a section's h4), or
    # like an example (a heading of any rank, when the examples' ranks differ): the field
    # lost there, not the kind of node the clicks left out (the bug numbers of other release
    # notes, where the examples are a menu's entries).
    # (The 'not this' pages themselves are left out: what the clicks asked for.)
    ranks = len({ex.node.tag for ex in positives}) > 1
    clicked = {id(n.root) for n in negatives}
    lost: list[str] = []
    counted = 0
    for k, (tree, url) in enumerate(zip(trees, _sample_urls(index, trees), strict=True)):
        if id(tree) in clicked:
            continue
        found = _run(tree, bare) or []
        if not found or _run(tree, kept):
            continue
        lost.append(url or f"page {k + 1} of the sample")
        if any(
            not any(_alike(n, neg.node) for neg in negatives)
            or any(_alike(n, ex.node, ranks=ranks) for ex in positives)
            for n in found[: 50 if as_list else 1]
        ):
            counted += 1
    narrowed = before >= 4 and after <= NARROWED * before
    if not narrowed and counted < max(3, LOST * before):
        return []
    what = "items" if as_list else "a value"
    xp = f"{bare}/@{attr}" if attr else plain[0].xpath
    nots = "; ".join(n.describe() for n in negatives)
    pages = rules[0].site.get("pages", len(trees))
    named = ", ".join(_short_url(u) for u in lost[:LOST_SHOWN]) + (
        f" and {len(lost) - LOST_SHOWN} more" if len(lost) > LOST_SHOWN else ""
    )
    return [
        f"the 'not this' ({nots}) narrows the rule: it finds {what} on {after} of {pages} "
        f"sampled pages, against {before} without it ({xp})"
        + (
            f"; it finds nothing on {len(lost)} of them where that rule does: {named}"
            if lost
            else ""
        )
        + "; is the 'not this' the examples' own kind of node on another kind of page?"
    ]


def _alike(node: HtmlElement, other: HtmlElement, *, ranks: bool = False) -> bool:
    """Whether ``node`` is of the kind of ``other`` (a 'not this', an example): the same tag
    (any heading rank for headings, with ``ranks``), classes and attributes, in a parent of
    the same, and opening its parent or not alike."""
    a, b = node.getparent(), other.getparent()
    ka, kb = _kind(node), _kind(other)
    headings = ranks and ka[0] in _HEADINGS and kb[0] in _HEADINGS
    return (
        (ka[1:] == kb[1:] if headings else ka == kb)
        and (a is None) == (b is None)
        and (a is None or b is None or _kind(a) == _kind(b))
        and _leads(node) == _leads(other)
    )


_OWN_TEXT = "/text()[normalize-space()][1]"


def _element_part(xp: str, attr: str = "") -> str:
    """``xp`` without the attribute or own-text step it ends on: the elements it reads."""
    if attr and xp.endswith(f"/@{attr}"):
        xp = xp[: -len(attr) - 2]
    return xp[: -len(_OWN_TEXT)] if xp.endswith(_OWN_TEXT) else xp


def _short_url(url: str) -> str:
    """A page's URL without its scheme and site, to name many pages in a message."""
    parts = urlsplit(url)
    return (parts.path + (f"?{parts.query}" if parts.query else "")).lstrip("/") or url


def _attr_holder(ex: Example, notes: list[str]) -> Example:
    """``ex``, or the nearest of its ancestors (three levels up) that carries its attribute
    when the node itself does not (an `img` clicked for its link's `href`)."""
    if ex.node.get(ex.attr) is not None:
        return ex
    for anc in list(ex.node.iterancestors())[:3]:
        if anc.get(ex.attr) is not None:
            note = (
                f"the clicked {ex.node.tag} has no {ex.attr!r}: the rule takes the "
                f"{anc.tag}'s around it (…/{anc.tag}/@{ex.attr})"
            )
            if note not in notes:
                notes.append(note)
            return ex.moved(anc)
    raise InductionError(
        f"the example has no attribute {ex.attr!r}, nor has an element around it",
        [ex.describe()],
        examples=[ex.url],
    )


_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")


def _empty_anchor(el: HtmlElement) -> bool:
    """An anchor without text or elements inside: a target (`<a name="x"></a>`), nothing shown."""
    return el.tag == "a" and len(el) == 0 and not _text(el)


def _permalink(el: HtmlElement) -> bool:
    """A heading's own permalink: a link to a fragment whose whole text is a permalink sign
    (Sphinx's ``<a class="headerlink" href="#x">¶</a>``), shown beside the title, not part
    of it."""
    return el.tag == "a" and (el.get("href") or "").startswith("#") and _text(el) in PERMALINK_SIGNS


def anchor_heading(node: HtmlElement) -> HtmlElement | None:
    """The heading an anchor stands for: the anchor holds the heading's whole text and the
    heading's other element children are empty anchors or its permalink (LaTeX2HTML's
    `<h1><a id=…>Title</a>`, DocBook's `<h2><a name="x"></a><a class="link" href="#x">Title
    </a></h2>`, Sphinx's `<h2><a class="toc-backref" href="#id1">Title</a><a
    class="headerlink" href="#x">¶</a></h2>`), or it is an empty named anchor inside it. None
    for any other node."""
    parent: HtmlElement | None = node.getparent()
    if node.tag != "a" or parent is None or parent.tag not in _HEADINGS:
        return None
    if _empty_anchor(node) and (node.get("id") or node.get("name")):
        return parent
    others = [k for k in parent if isinstance(k.tag, str) and k is not node]
    if not _text(node) or not all(_empty_anchor(k) or _permalink(k) for k in others):
        return None
    whole = _text(parent)
    for k in others:
        sign = _text(k) if _permalink(k) else ""
        if sign and whole.endswith(sign):
            whole = whole[: -len(sign)].rstrip()
        elif sign and whole.startswith(sign):
            whole = whole[len(sign) :].lstrip()
    return parent if _text(node) == whole else None


def heading_of_anchor(ex: Example) -> Example:
    """``ex`` with an anchor that stands for its heading taken as the heading."""
    head = anchor_heading(ex.node)
    return ex if head is None else ex.moved(head)


#: Inline elements a link's text is written in (``<a><span><span>name</span></span></a>``).
_INLINE = frozenset(
    {"span", "em", "strong", "b", "i", "u", "code", "tt", "kbd", "var", "samp", "small", "big"}
    | {"abbr", "cite", "dfn", "mark", "q", "s", "sub", "sup", "font", "bdi", "bdo", "time"}
)


def inline_link(node: HtmlElement) -> HtmlElement | None:
    """The link a node written inside it stands for: ``node`` is an inline element
    (``span``, ``code``, ``em``...) with only inline elements between it and an ``a`` a few
    levels up, and its text is all or most (two thirds) of the link's. A click on a link's
    text lands on the innermost element (Scribble's `<a><span><span>name</span></span></a>`);
    the user means the link. None for any other node."""
    if node.tag not in _INLINE:
        return None
    text = _text(node)
    up: HtmlElement | None = node.getparent()
    for _ in range(4):
        if up is None:
            return None
        if up.tag == "a":
            whole = _text(up)
            return up if text and whole and 3 * len(text) >= 2 * len(whole) else None
        if up.tag not in _INLINE:
            return None
        up = up.getparent()
    return None


def link_of_inline(ex: Example) -> Example:
    """``ex`` with an inline element that stands for its link taken as the link."""
    link = inline_link(ex.node)
    return ex if link is None else ex.moved(link)


def _pages(examples: Sequence[Example]) -> list[list[Example]]:
    """The examples grouped by page, in the order of their pages' first example."""
    by_root: dict[int, list[Example]] = {}
    for ex in examples:
        by_root.setdefault(id(ex.root), []).append(ex)
    return list(by_root.values())


def _induce_field(
    positives: Sequence[Example],
    negatives: Sequence[Example],
    index: SiteIndex | None,
    trees: list[Any],
    limit: int,
    *,
    attr: str = "",
) -> list[Induced]:
    roots = {id(e.root) for e in positives}
    if len(roots) < len(positives):
        dup = [e.describe() for e in positives]
        raise InductionError(
            "a field has one value per page: give one example per page (or use --list)", dup
        )
    _check_roles(positives)
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
        # A 'not this' heading of a rank no example has (a section's h4 where the examples
        # are a chapter's h1 and a section's h3) is left out by the ranks, the anchor the
        # examples share kept: `*[self::h1 or self::h2 or self::h3 or self::h5 or self::h6]`.
        others = {n.node.tag for n in negatives} - tags
        narrow = (
            "*[" + " or ".join(f"self::{t}" for t in _HEADINGS if t not in others) + "]"
            if tags <= set(_HEADINGS) and others & set(_HEADINGS)
            else ""
        )
        for ex, cands in zip(positives, per_example, strict=True):
            for xp, (cost, family) in list(cands.items()):
                for widened, extra in ((union, 0.3), (narrow, 0.4)):
                    wide = retag_last(xp, ex.node.tag, widened) if widened else None
                    if wide and (wide not in cands or cands[wide][0] > cost + extra):
                        cands[wide] = (cost + extra, family)
        common = set(per_example[0]).intersection(*per_example[1:])
        if not common:
            # No hook is shared (a reference page's h2 in its name block, a chapter's h1 in
            # its title block): the nearest block the examples' pages have at one place, and
            # its first heading of any level.
            for ex, cands in zip(positives, per_example, strict=True):
                for depth, anc in enumerate(ex.node.iterancestors(), 1):
                    if anc.tag in ("body", "html") or depth > 8:
                        break
                    path = _absolute(anc)
                    xp = f"({path}//{union})[1]"
                    cost = 6.0 + 0.2 * depth + 0.5 * path.count("[")
                    if xp not in cands or cands[xp][0] > cost:
                        cands[xp] = (cost, "positional")
    text = fixed_text(positives, attr)
    if text:
        # The value is an attribute and the node's text is the same on every example page
        # ('List of all members, including inherited members'), or the value is the text of
        # links to other pages that read one same label ('← prev' to another page on each
        # page): the text is an anchor of its own, wherever the link sits (a page whose first
        # link there is 'Obsolete members', or 'up' where there is no previous page, has no
        # such link). It is ranked by how it behaves over the site like the others: a text
        # that is a value of the examples' pages (a title they happen to share) finds few
        # pages and is too narrow.
        xp = f"//{positives[0].node.tag}[normalize-space(.)={xpath_literal(text)}]"
        if all(ex.node.tag == positives[0].node.tag for ex in positives):
            for cands in per_example:
                cands[xp] = (0.8, "label")
            common.add(xp)
    own = own_text_rule(positives, attr, trees)
    if own:
        per_example[0].setdefault(own, (0.8, "label"))
        common.add(own)
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
    if len(positives) > 1 and not any(c.family in _HOOKED for c in out):
        # No hook is shared by the examples (a module's summary in a `div.module-summary-body`,
        # a file format's in a `div.file-summary-body`; a reference page's title in a
        # `span.refentrytitle`, a chapter's in an `h1.title`): the union of their own hooks,
        # the first of its nodes in the page, rather than their common place.
        for xp, cost, family in _hook_unions(positives, per_example, trees):
            values = _validate_field(xp, positives, negatives)
            if values is not None and xp not in pool:
                pool[xp] = (cost, family)
                out.append(Induced(xp, "field", family, cost, examples=values))
    if not out:
        _explain(positives, negatives, pool, as_list=False, trees=trees)
    ranked = _rank_field(out, trees, positives, attr, index)
    ranked = (_first_of_hooks(ranked, positives, negatives, trees, attr, index) + ranked)[:limit]
    if negatives and trees and ranked:
        _check_negatives_narrow(ranked[0], pool, positives, negatives, trees)
    for c in ranked:
        for n in negatives:
            found = _run(n.root, c.xpath) or []
            if len(found) > 1 and any(f is n.node for f in found[1:]):
                # Left out as the field is read, not by the rule: said, as the rule may look
                # as if it ignored the click.
                c.notes.append(
                    f"the 'not this' {n.describe()} is no value of the rule: a field takes its "
                    f"first match, on that page {_show(found[0])} ({_absolute(found[0])})"
                )
    if (
        not attr
        and any(_own_text_clicked(ex.node) for ex in positives)
        and all(
            _own_text_clicked(ex.node) or _first_text(ex.node) == _text(ex.node) for ex in positives
        )
    ):
        # The clicked words are the node's own text; a block inside it (a group trail under a
        # title) is another thing on the screen: the rule takes the own text only. An example
        # whose node holds its text alone (a source file's title, without a trail) agrees.
        for c in ranked:
            c.xpath = f"{c.xpath}{_OWN_TEXT}"
            c.examples = [[_first_text(ex.node)] for ex in positives]
    return ranked


#: At most this many first-match forms of hooks are put before an absolute path.
FIRST_FORMS = 3


def _first_step_end(xp: str) -> int:
    """The end of ``xp``'s first step (``//div[...]`` of ``//div[...]//h2``), or 0 when the
    first step has no predicate or nothing follows it."""
    if not xp.startswith("//"):
        return 0
    depth = 0
    seen = False
    quote = ""
    for i, ch in enumerate(xp[2:], 2):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch == "[":
            depth += 1
            seen = True
        elif ch == "]":
            depth -= 1
        elif ch == "/" and depth == 0:
            return i if seen and i < len(xp) - 1 else 0
    return 0


#: Rules anchored on the page's own root elements.
_PAGE_ROOTS = ("//body[", "//html[")


def _path_like(c: Induced) -> bool:
    """An absolute path, or a relative rule with positions whose anchor is the page's
    ``body`` or ``html`` (every page has one: it tells nothing apart)."""
    if c.family == "positional":
        return True
    return (
        c.family == "relative"
        and c.xpath.startswith(_PAGE_ROOTS)
        and any(ch.isdigit() for ch in c.xpath)
    )


def _first_of_hooks(
    ranked: list[Induced],
    positives: Sequence[Example],
    negatives: Sequence[Example],
    trees: Sequence[Any],
    attr: str,
    index: SiteIndex | None,
) -> list[Induced]:
    """Anchored rules to put before an absolute path that ranks first: each example is the
    first node a stable hook selects on its page (a DocBook page's title is its first
    `h1.title` or `h2.title`; its sections' titles carry the class too), so the hook's first
    match, ``(//h2[...' title '])[1]``, or the hook under the first container of its kind,
    ``(//div[...' titlepage '])[1]//h2``, gives one node per page by construction and
    survives a block inserted before it. Kept only when, on every sampled page where the
    absolute path finds a node like the examples' (their hooks: a next link's ``title``), the
    form finds that node alone. A relative rule with positions below an anchor that every
    page has (``//body[@lang='en']/div/table[1]/tr/td[4]/a``) is such a path too: where it
    finds a node unlike the examples' (the contents link at that place on the front page),
    it is wrong, and the form may find another node or none."""
    if not ranked or not trees or not _path_like(ranked[0]):
        return []
    top = ranked[0]
    if top.site.get("beyond_sample"):
        # Put first for the pages outside the sample where it finds the examples' kind of
        # node and the anchored rules find none: a first form of those finds none there too.
        return []
    like = _signature([ex.node for ex in positives])
    forms: dict[str, tuple[float, str]] = {}
    for c in ranked:
        if c.family not in _HOOKED or c.xpath.startswith(("(", *_PAGE_ROOTS)) or " | " in c.xpath:
            continue  # (a hook of the page's body tells no node apart: every page has one)
        for xp, cost in (
            (f"({c.xpath})[1]", c.cost + 1.5),
            *(
                [(f"({c.xpath[:end]})[1]{c.xpath[end:]}", c.cost + 1.5)]
                if (end := _first_step_end(c.xpath))
                else []
            ),
        ):
            if xp not in forms or forms[xp][0] > cost:
                forms[xp] = (cost, c.family)
    tops = [_run(t, top.xpath) for t in trees]
    out: list[Induced] = []
    for xp, (cost, family) in sorted(forms.items(), key=lambda kv: (kv[1][0], len(kv[0]))):
        values = _validate_field(xp, positives, negatives)
        if values is None:
            continue
        agrees = True
        for tree, there in zip(trees, tops, strict=True):
            found = _run(tree, xp) or []
            if len(found) > 1:
                agrees = False
                break
            if (
                there
                and (not found or found[0] is not there[0])
                and (top.family == "positional" or not like or _carries(there[0], like))
            ):
                agrees = False
                break
        if not agrees:
            continue
        out.append(
            Induced(
                xp, "field", family, cost, site=_site_field(xp, trees, attr=attr), examples=values
            )
        )
        if len(out) >= FIRST_FORMS:
            break
    return out


def _hook_unions(
    positives: Sequence[Example],
    per_example: list[dict[str, tuple[float, str]]],
    trees: Sequence[Any],
) -> list[tuple[str, float, str]]:
    """Unions of two hooked rules (``(A | B)``), each the examples' rule on some of their pages
    and together on all of them: (rule, cost, family of its cheaper part), cheapest first.
    Over the sampled pages each part finds a node on other pages too (not a text of its
    example's page alone), and the two parts are found on one page seldom: two kinds of page
    that hold the field each in their way, not two things of every page (a page's title and
    its header)."""
    options: dict[str, tuple[float, str, frozenset[int]]] = {}
    roots = {id(ex.root) for ex in positives}
    others = [t for t in trees if id(t) not in roots]
    for cands in per_example:
        hooked = sorted(
            ((xp, spec) for xp, spec in cands.items() if spec[1] in _HOOKED),
            key=lambda kv: (kv[1][0], len(kv[0])),
        )
        for xp, (cost, family) in hooked[:8]:
            if xp in options:
                continue
            fit = frozenset(
                j
                for j, ex in enumerate(positives)
                if (found := _run(ex.root, xp)) and found[0] is ex.node
            )
            # A part held only by a text of its example's page (the package's name above a
            # class's title): no rule for the field, which the other part's pages lack.
            if fit and not (family == "label" and _own_label(xp, positives[min(fit)], others)):
                options[xp] = (cost, family, fit)
    every = frozenset(range(len(positives)))
    ranked = sorted(options.items(), key=lambda kv: (kv[1][0], len(kv[0])))[:16]
    hits: dict[str, set[int]] = {}

    def pages_of(xp: str) -> set[int]:
        if xp not in hits:
            hits[xp] = {k for k, t in enumerate(others) if _run(t, xp)}
        return hits[xp]

    out: list[tuple[str, float, str]] = []
    for i, (xa, (ca, fa, ka)) in enumerate(ranked):
        for xb, (cb, _fb, kb) in ranked[i + 1 :]:
            if ka | kb != every or ka <= kb or kb <= ka:
                continue
            if others:
                pa, pb = pages_of(xa), pages_of(xb)
                if not pa or not pb or 10 * len(pa & pb) > len(pa | pb):
                    continue
            out.append((f"({xa} | {xb})", ca + cb + 0.6, fa))
            merged = _merged_labels(xa, xb)
            if merged is not None:
                out.append((merged, min(ca, cb) + 0.4, "label"))
    out.sort(key=lambda t: (t[1], len(t[0])))
    return out[:6]


_LABEL_TEXT = re.compile(r"normalize-space\(\.\)=('[^']*')")
_LABEL_STEP = re.compile(r"([A-Za-z][\w-]*)\[normalize-space\(\.\)=('[^']*'|\"[^\"]*\")\]")
#: A label's place holding more than this many texts over the sampled pages holds a text of
#: each page's own (a package's name), not a label naming a kind of page ('Module Summary').
LABEL_KINDS = 4


def _own_label(xp: str, ex: Example, others: Sequence[Any]) -> bool:
    """Whether ``xp`` is anchored on a label that is a text of the example's page of its own:
    at the label element's place, the sampled pages hold more than ``LABEL_KINDS`` texts, the
    label's on half of them at most (a class page's package name; not a heading that names
    the page's kind, 'Module Summary' here and 'File Summary' there)."""
    for tag, literal in _LABEL_STEP.findall(xp):
        found = _run(ex.root, f"//{tag}[normalize-space(.)={literal}]")
        if not found:
            continue
        label = found[0]
        texts: Counter[str] = Counter()
        for tree in others:
            there = _at_place(label, tree)
            if there is not None:
                texts[_text(there)] += 1
        seen = sum(texts.values())
        if len(texts) > LABEL_KINDS and 2 * texts[_text(label)] <= seen:
            return True
    return False


def _merged_labels(xa: str, xb: str) -> str | None:
    """One rule for two label rules that differ only in their label, when the labels share
    their last word ('Module Summary', 'File Summary'; the kind of page named before it):
    the label is any text that ends with that word, as a third kind of page may name it
    ('Application Summary')."""
    ma, mb = _LABEL_TEXT.findall(xa), _LABEL_TEXT.findall(xb)
    if len(ma) != 1 or len(mb) != 1 or xa.replace(ma[0], mb[0]) != xb:
        return None
    wa, wb = ma[0][1:-1].split(), mb[0][1:-1].split()
    if len(wa) < 2 or len(wb) < 2 or wa[-1] != wb[-1] or not _LETTERS.search(wa[-1]):
        return None
    if len(wa[-1]) < 4:
        return None
    tail = " " + wa[-1]
    ends = (
        f"substring(normalize-space(.), string-length(normalize-space(.)) - {len(tail) - 1})"
        f"={xpath_literal(tail)}"
    )
    return xa.replace(f"normalize-space(.)={ma[0]}", ends)


def _check_negatives_narrow(
    best: Induced,
    pool: dict[str, tuple[float, str]],
    positives: Sequence[Example],
    negatives: Sequence[Example],
    trees: Sequence[Any],
) -> None:
    """Raise when the 'not this' clicks leave only rules that find the field on a quarter or
    less of the pages the examples alone are found on: what is left is made for the
    example's page, and the 'not this' conflicts with the examples."""
    plain = [
        Induced(xp, "field", fam, cost)
        for xp, (cost, fam) in pool.items()
        if _validate_field(xp, positives, ()) is not None
    ]
    plain.sort(key=lambda c: (c.cost, len(c.xpath)))
    wide = 0
    for c in plain[:6]:
        s = _site_field(c.xpath, trees)
        wide = max(wide, s["one"] + s["many"])
    hits = best.site.get("one", 0) + best.site.get("many", 0)
    if wide >= 4 and hits * 4 <= wide:
        raise InductionError(
            f"the examples conflict: every rule that leaves out the 'not this' finds the field "
            f"on {hits} of {best.site.get('pages', len(trees))} sampled pages, against {wide} "
            "without it",
            [f"example {p.describe()}" for p in positives]
            + [f"not {n.describe()}" for n in negatives],
        )


_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
#: Words of a class or id that make a node a title whatever its tag (gtk-doc's `p.title` on
#: its index page, DocBook's `span.refentrytitle`).
_TITLE_WORDS = re.compile(r"title|heading|caption", re.IGNORECASE)
#: Tags of running text: a paragraph is no title.
_PROSE = frozenset({"p", "blockquote", "pre"})


def _node_role(el: HtmlElement) -> str:
    """What a field's node is on its page: 'heading' (any rank, or a node named a title by
    its class or id), 'paragraph' (running text), or '' (no telling: a `span`, a `div`, a link)."""
    if el.tag in _HEADINGS or _TITLE_WORDS.search(f"{el.get('class') or ''} {el.get('id') or ''}"):
        return "heading"
    return "paragraph" if el.tag in _PROSE else ""


def _check_roles(positives: Sequence[Example]) -> None:
    """Raise when two examples are nodes of different tags and roles: a heading on one page
    and a paragraph on another (a class page's title and the index page's first paragraph)
    are not one field, whatever rule would take both (``*[self::h1 or self::p]``, the first
    of either). Headings of different ranks are one role: a title is an `h1` on some pages,
    an `h2` on others."""
    roles = [_node_role(ex.node) for ex in positives]
    pairs = [
        (i, j)
        for j, ex in enumerate(positives)
        for i, earlier in enumerate(positives[:j])
        if roles[i] and roles[j] and roles[i] != roles[j] and earlier.node.tag != ex.node.tag
    ]
    if pairs:
        raise InductionError(
            "the examples contradict each other (different templates or different parts of the page?)",
            [
                f"{positives[i].describe()} and {positives[j].describe()} cannot be one field "
                f"(a {roles[i]} and a {roles[j]})"
                for i, j in pairs
            ],
            examples=[positives[k].url for pair in pairs for k in pair],
        )


#: Attributes whose values tell two nodes at one place apart (a 'next' and a 'prev' link);
#: their title, name or label name the one thing they stand for and differ from page to page.
_TELLING_ATTRS = (*TEST_ATTRS, "rel", "role", "itemprop", "property", "accesskey", "type")


def _page_name(ex: Example, *others: Example) -> str:
    """An example's page as a message names it: its path below the folder it shares with
    the ``others``' pages, shortened as the page list shows it (``Js/index.html`` and
    ``Dgraph/Make/Solver/index.html``, not two ``index.html``), its file name alone when
    there are no others or they are on the same page."""
    urls = [ex.url, *(o.url for o in others if o.url != ex.url)]
    if len(urls) == 1:
        return ex.url.rstrip("/").rsplit("/", 1)[-1] or ex.url
    return short_page(ex.url, common_folder(urls))


def _show(el: HtmlElement) -> str:
    """A node as a message names it: its tag and start of its text ("h1 'Array'")."""
    text = " ".join(_text(el).split())
    return f"{el.tag} {text[:40] + ('…' if len(text) > 40 else '')!r}" if text else str(el.tag)


def _words_before(el: HtmlElement) -> str:
    """The words just before ``el`` in its parent's own text ('Next:' before a link), past
    comments; not the text of an element before it (a package's name above a title)."""
    prev = el.getprevious()
    # past comments and processing instructions (a "<!-- firstHeading -->" before a title):
    # their tails are the words before the node, their own text is no page text
    while prev is not None and not isinstance(prev.tag, str):
        if normalize_text(prev.tail or ""):
            return normalize_text(prev.tail or "")
        prev = prev.getprevious()
    if prev is None:
        parent = el.getparent()
        return normalize_text((parent.text if parent is not None else "") or "")
    return normalize_text(prev.tail or "")


def _at_place(el: HtmlElement, root: HtmlElement) -> HtmlElement | None:
    """The element of ``root``'s page at ``el``'s place on its own (the same indexed path),
    when it has ``el``'s tag."""
    try:
        found = root.getroottree().xpath(_absolute(el))
    except etree.XPathError:
        return None
    if isinstance(found, list) and len(found) == 1 and isinstance(found[0], etree._Element):
        return found[0] if found[0].tag == el.tag else None
    return None


def _of_kind(a: HtmlElement, n: HtmlElement) -> bool:
    """Whether ``n`` (another page's node at ``a``'s place) is ``a``'s kind of node: the same
    tags, classes and attributes from the body down, the same labels (a page's own text
    aside), words before it and values of the attributes that tell nodes apart (``rel``)."""
    pa, pn = _kind_path(a), _kind_path(n)
    if len(pa) != len(pn) or _words_before(a) != _words_before(n):
        return False
    if any(a.get(k) != n.get(k) for k in _TELLING_ATTRS):
        return False
    return all(
        _kind(x) == _kind(y) and not _labels_differ(x, y) for x, y in zip(pa, pn, strict=True)
    )


def _nested(a: HtmlElement, b: HtmlElement) -> bool:
    """Whether ``a`` is ``b``, or holds it, or is inside it."""
    return (
        a is b or any(x is b for x in a.iterancestors()) or any(x is a for x in b.iterancestors())
    )


def _kinds(el: HtmlElement) -> list[tuple[str, frozenset[str], frozenset[str]]]:
    return [_kind(x) for x in _kind_path(el)]


#: Attributes that name what a node stands for ('Next section', 'Previous section'), read
#: to tell two nodes of one kind apart.
_NAMING_ATTRS = ("title", "rel", "accesskey", "aria-label")


def _told_apart(a: HtmlElement, b: HtmlElement, on_b: HtmlElement, on_a: HtmlElement) -> str:
    """How two examples' nodes are told apart when each page holds both: an attribute that
    names what a node stands for, different on the two examples, with the same value at
    each example's place on the other page ("title 'Next section' against 'Previous
    section'"); '' when none does."""
    for k in _NAMING_ATTRS:
        va, vb = (a.get(k) or "").strip(), (b.get(k) or "").strip()
        if va and vb and va != vb and on_b.get(k) == a.get(k) and on_a.get(k) == b.get(k):
            return f"{k} {va[:40]!r} against {vb[:40]!r}"
    return ""


def _check_parts(positives: Sequence[Example]) -> None:
    """Raise when two examples on two pages are nodes of two kinds and each page has, at the
    other example's place, a node of that example's kind: two parts of one kind of page (a
    class's title on one page, its 'Related Docs' heading on another), which no rule tells
    apart but by a text of each page of its own (the package's name above the title)."""
    pairs = []
    for j, b in enumerate(positives):
        for a in positives[:j]:
            if a.root is b.root:
                continue
            alike = _kinds(a.node) == _kinds(b.node)
            on_b, on_a = _at_place(a.node, b.root), _at_place(b.node, a.root)
            if on_b is None or on_a is None:
                continue
            if not (_of_kind(a.node, on_b) and _of_kind(b.node, on_a)):
                continue
            if _nested(on_b, b.node) or _nested(on_a, a.node):
                continue
            # Nodes of one kind at two places are one field (a 'next' link first in the bar
            # of a page without a 'previous'), unless an attribute that names what they stand
            # for tells them apart on both pages: the 'next' link's title and the 'previous'
            # one's, each page holding both.
            told = _told_apart(a.node, b.node, on_b, on_a)
            if alike and not told:
                continue
            pairs.append(
                (
                    a,
                    b,
                    f"{a.describe()} and {b.describe()} cannot be one field: each page has "
                    f"both ({_page_name(b, a)}'s {_show(on_b)} is at the place of the first, "
                    f"{_page_name(a, b)}'s {_show(on_a)} at the place of the second"
                    + (f"; {told}" if told else "")
                    + ")",
                )
            )
    if pairs:
        raise InductionError(
            "the examples contradict each other (different parts of one kind of page: click "
            "the same part on each page)",
            [why for _a, _b, why in pairs],
            examples=[ex.url for a, b, _w in pairs for ex in (a, b)],
        )


def _unlike(a: HtmlElement, b: HtmlElement) -> bool:
    """Whether two examples' nodes are unlike: of different tags, without a class in common,
    and not of one role (headings of two ranks, a heading and a node named a title, are)."""
    if a.tag == b.tag or _classes(a) & _classes(b):
        return False
    ra, rb = _node_role(a), _node_role(b)
    return not (ra and ra == rb)


def _kind_steps(el: HtmlElement) -> list[tuple[str, str]]:
    """``el``'s steps from below the body: (a step with its id and class tokens for an
    XPath, the same shown as 'div#definition' or 'div.entry')."""
    out = []
    for node in reversed(_kind_path(el)):
        preds, shown = [], str(node.tag)
        ident = node.get("id")
        if ident and is_wordlike(ident):
            preds.append(f"@id={xpath_literal(ident)}")
            shown += f"#{ident}"
        for tok in sorted(t for t in _classes(node) if is_wordlike(t))[:2]:
            preds.append(class_predicate(tok))
            shown += f".{tok}"
        out.append((str(node.tag) + "".join(f"[{p}]" for p in preds), shown))
    return out


_SIGNATURES: dict[Any, frozenset[str]] = {}


def _signature_of(root: HtmlElement) -> frozenset[str]:
    sig = _SIGNATURES.get(root)
    if sig is None:
        if len(_SIGNATURES) > 400:
            _SIGNATURES.clear()
        sig = _SIGNATURES[root] = signature(root)
    return sig


def _check_page_kinds(positives: Sequence[Example], trees: Sequence[Any]) -> None:
    """Raise when two examples are unlike nodes (``_unlike``: a heading and a `div` without a
    class in common) on pages of two kinds: the pages' structures as the page types group
    them (``pagetypes.similarity`` below ``SAME_TYPE`` over the tag paths that tell the
    sampled pages apart), and neither page has a node where the other example's is (its
    tags, ids and classes from the body down). A class page's title and an index page's
    first entry are two templates' fields, whatever rule takes both."""
    pairs = [
        (a, b)
        for j, b in enumerate(positives)
        for a in positives[:j]
        if a.root is not b.root and _unlike(a.node, b.node)
    ]
    if not pairs:
        return
    telling = _telling(positives, trees)
    found = []
    for a, b in pairs:
        sa, sb = _apart_kinds(a, b, telling, trees)
        if not sa and not sb:
            continue
        steps_a, steps_b = _kind_steps(a.node), _kind_steps(b.node)
        if _run(b.root, "/html/body/" + "/".join(x for x, _s in steps_a)) or _run(
            a.root, "/html/body/" + "/".join(x for x, _s in steps_b)
        ):
            continue
        place_a = "/".join(s for _x, s in steps_a[-2:])
        place_b = "/".join(s for _x, s in steps_b[-2:])
        roles = {_node_role(a.node), _node_role(b.node)}
        if "heading" in roles:
            head, other = (a, b) if _node_role(a.node) == "heading" else (b, a)
            pa, pb = (place_a, place_b) if head is a else (place_b, place_a)
            unlike = f"{_show(head.node)} is a heading ({pa}), {_show(other.node)} is not ({pb})"
        else:
            unlike = (
                f"{_show(a.node)} ({place_a}) and {_show(b.node)} ({place_b}) are of different "
                "tags with no class in common"
            )
        found.append(
            (
                a,
                b,
                f"{a.describe()} and {b.describe()} cannot be one field: {unlike}, on pages "
                f"built differently ({round(100 * jaccard(sa, sb))}% of their structure in "
                f"common; {_page_name(b, a)} has no {place_a}, {_page_name(a, b)} no {place_b})",
            )
        )
    if found:
        raise InductionError(
            "the examples contradict each other (unlike nodes on different kinds of page: a "
            "template is for one kind of page; click the field on pages of one kind, and the "
            "other kind's in a template of its own)",
            [why for _a, _b, why in found],
            examples=[ex.url for a, b, _w in found for ex in (a, b)],
        )


def _telling(positives: Sequence[Example], trees: Sequence[Any]) -> frozenset[str]:
    """The tag paths that tell the sampled pages and the examples' pages apart (the page
    types' ``telling_paths``)."""
    roots = list(dict.fromkeys([*trees, *(ex.root for ex in positives)]))
    df: Counter[str] = Counter()
    for root in roots:
        df.update(_signature_of(root))
    return frozenset(telling_paths(df, len(roots)))


def _apart_kinds(
    a: Example, b: Example, telling: frozenset[str], trees: Sequence[Any] = ()
) -> tuple[frozenset[str], frozenset[str]]:
    """The telling structures of two examples' pages when the pages are of two kinds as the
    page types group them, else two empty sets. Two kinds: ``pagetypes.similarity`` below
    ``SAME_TYPE``, and no sampled page that both reach ``SAME_TYPE`` with (a type's first
    page that both would join: two module pages of the Apache manual, 42% alike, one with a
    long directive list and one with none, are both like a third module page)."""
    sa = frozenset(_signature_of(a.root) & telling)
    sb = frozenset(_signature_of(b.root) & telling)
    shape = url_shape(a.url) == url_shape(b.url)
    if similarity(sa, sb, shape) >= SAME_TYPE:
        return frozenset(), frozenset()
    for root in trees:
        if root is a.root or root is b.root:
            continue
        sp = frozenset(_signature_of(root) & telling)
        if similarity(sa, sp, shape) >= SAME_TYPE and similarity(sb, sp, shape) >= SAME_TYPE:
            return frozenset(), frozenset()
    return sa, sb


def _higher_heading_before(el: HtmlElement) -> HtmlElement | None:
    """The nearest heading of a higher rank than the heading ``el`` before it on its page
    (the page's title above a section's heading), or None."""
    if el.tag not in _HEADINGS or el.tag == "h1":
        return None
    test = " or ".join(f"self::h{r}" for r in range(1, int(el.tag[1])))
    found = el.xpath(f"preceding::*[{test}][normalize-space()][1]")
    return found[0] if found else None


def _check_heading_kinds(
    conflicts: Sequence[tuple[Example, Example]], trees: Sequence[Any]
) -> None:
    """Raise, for examples no rule takes together, when two of them are headings of
    different ranks on pages of two kinds (a class page's `h1` title and a guide's `h2`
    section heading): one role, so ``_check_page_kinds`` lets them pass, but no template's
    field. The lower heading's page having a higher one before it says what was clicked
    there: a section's heading, not the page's title."""
    pairs = [
        (a, b)
        for a, b in conflicts
        if a.root is not b.root
        and a.node.tag in _HEADINGS
        and b.node.tag in _HEADINGS
        and a.node.tag != b.node.tag
    ]
    if not pairs:
        return
    telling = _telling([ex for pair in pairs for ex in pair], trees)
    found = []
    parts = []
    for a, b in pairs:
        sa, sb = _apart_kinds(a, b, telling, trees)
        steps_a, steps_b = _kind_steps(a.node), _kind_steps(b.node)
        place_a = "/".join(s for _x, s in steps_a[-2:])
        place_b = "/".join(s for _x, s in steps_b[-2:])
        low = a if a.node.tag > b.node.tag else b
        above = _higher_heading_before(low.node)
        under = (
            f"; {_page_name(low, a, b)}'s {low.node.tag} comes after its {_show(above)}: a "
            "section's heading there, not its page's title?"
            if above is not None
            else ""
        )
        if not sa and not sb:
            parts.append(
                (
                    a,
                    b,
                    f"{a.describe()} and {b.describe()} cannot be one field: {_show(a.node)} "
                    f"({place_a}) and {_show(b.node)} ({place_b}) are headings of different "
                    f"ranks on pages of one kind{under}",
                )
            )
            continue
        found.append(
            (
                a,
                b,
                f"{a.describe()} and {b.describe()} cannot be one field: {_show(a.node)} "
                f"({place_a}) and {_show(b.node)} ({place_b}) are headings of different ranks "
                f"on pages built differently ({round(100 * jaccard(sa, sb))}% of their "
                f"structure in common){under}",
            )
        )
    if parts and not found:
        raise InductionError(
            "the examples contradict each other (different parts of one kind of page: click "
            "the same part on each page)",
            [why for _a, _b, why in parts],
            examples=[ex.url for a, b, _w in parts for ex in (a, b)],
        )
    if found:
        raise InductionError(
            "the examples contradict each other (headings of different ranks on different "
            "kinds of page: a template is for one kind of page; click the field on pages of "
            "one kind, and the other kind's in a template of its own)",
            [why for _a, _b, why in found],
            examples=[ex.url for a, b, _w in found for ex in (a, b)],
        )


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


def _first_text(el: HtmlElement) -> str:
    """The node's first own text that is not blank (``text()[normalize-space()][1]``)."""
    for t in el.xpath("text()"):
        if normalize_text(str(t)):
            return normalize_text(str(t))
    return ""


def _own_text_clicked(el: HtmlElement) -> bool:
    """The node starts with its own text and also holds a block with text of its own."""
    own = normalize_text(el.text or "")
    return bool(own) and any(isinstance(c.tag, str) and c.tag in _BLOCKS and _text(c) for c in el)


def _alone_alike(by_page: list[list[Example]]) -> bool:
    """Whether the examples are one per page on several pages, each the only node of its tag
    in its parent, the parents of one kind (tag and classes) and after a shared label: one
    list of one item on each page, not items of the run of blocks their parents are."""
    if len(by_page) < 2 or any(len(page) != 1 for page in by_page):
        return False
    nodes = [page[0].node for page in by_page]
    parents = [n.getparent() for n in nodes]
    if any(p is None for p in parents):
        return False
    if any(sum(1 for k in p if k.tag == n.tag) != 1 for n, p in zip(nodes, parents, strict=True)):
        return False
    if len({(p.tag, frozenset(_classes(p))) for p in parents}) != 1:
        return False
    return bool(set.intersection(*[set(_labels(p)) for p in parents]))


#: In a list's labels (``_list_labels``): an own label any of which the examples' lists carry,
#: when they carry different ones (one kind of page labels the list 'Classes', another 'Data
#: Structures').
_ANY = "any:"


def _own_label_groups(
    by_page: list[list[Example]], trees: Sequence[Any]
) -> list[tuple[str, list[list[Example]]]]:
    """The examples' pages grouped by the own label of their examples' list (its header row,
    caption or heading right before it: ``own_list_label``), when the pages carry two labels
    or more: a list labelled by page kind ('Classes' on a C++ file's page, 'Data Structures'
    on a C file's). Empty when one label (or none) holds on every page, when an example's list
    has no own label, when a page's examples sit in lists of two labels, or when a label
    heads nothing on the other sampled pages (a page's own title before its contents: a name,
    not a kind of list)."""
    groups: dict[str, list[list[Example]]] = {}
    for page in by_page:
        labels = {own_list_label(_outer_list(e.node)) for e in page}
        if len(labels) != 1 or "" in labels:
            return []
        groups.setdefault(labels.pop(), []).append(page)
    if len(groups) < 2:
        return []
    roots = {id(page[0].root) for page in by_page}
    others = [t for t in trees if id(t) not in roots]
    for label in groups:
        heads = (
            "//*[self::caption or self::th or self::td or self::h1 or self::h2 or self::h3 "
            f"or self::h4 or self::h5 or self::h6][normalize-space(.)={xpath_literal(label)}]"
        )
        if not any(_run(t, heads) for t in others):
            return []
    # Each page holds its own kind's list alone: a page whose examples are in one labelled
    # list and which also holds a list labelled as another page's examples' are two lists of
    # one page, not two kinds of page.
    for label, pages in groups.items():
        for other in groups:
            if other == label:
                continue
            for page in pages:
                if any(
                    own_list_label(_outer_list(n)) == other
                    for n in _run(page[0].root, f"//*[normalize-space(.)={xpath_literal(other)}]")
                    or ()
                ):
                    return []
    return list(groups.items())


_ANY_LABEL = re.compile(
    r"normalize-space\((?:\.|translate\(\., '[^']*', ' '\))\)=('[^']*'|\"[^\"]*\")"
)


def names_label(xp: str, text: str) -> bool:
    """Whether the rule ``xp`` names ``text`` as a label it is anchored on (the labels of a
    union of rules on each kind's label, 'Classes' and 'Data Structures')."""
    return any(lit[1:-1] == text for lit in _ANY_LABEL.findall(xp))


def _entry_anchored(xp: str, by_page: list[list[Example]]) -> bool:
    """Whether ``xp`` is anchored on a text of another cell of an example's own table row,
    below the header row of a table labelled as its own (a member's kind cell, 'struct', in
    Doxygen's 'Classes' table): the rows are the list's entries, and such a text picks
    entries by what they hold, while the list is told by its label (a 'class' entry of the
    same table is left out)."""
    texts = {lit[1:-1] for lit in _ANY_LABEL.findall(xp)}
    if not texts:
        return False
    for page in by_page:
        for e in page:
            cell = _cell_of(e.node)
            row = cell.getparent() if cell is not None else None
            table = table_list(e.node)
            if row is None or table is None or _header_row(table) is None:
                continue
            if row is _header_row(table) or not own_list_label(table):
                continue
            cells = {
                normalize_text(c.text_content())
                for c in row
                if c.tag in ("td", "th") and c is not cell
            }
            if texts & cells:
                return True
    return False


def _label_unions(
    groups: list[tuple[str, list[list[Example]]]],
    pool: dict[str, tuple[float, str, int]],
    by_page: list[list[Example]],
    negatives: Sequence[Example],
) -> list[tuple[str, float, str, int, list[list[str]]]]:
    """Rules for a list whose own label differs by kind of page: the union (``A | B``) of the
    rules anchored on each kind's label, each holding its kind's examples, as (rule, cost,
    family, depth, values on the example pages). Parts that differ only in their label come
    first (the same list under each kind's label); then each kind's cheapest rule."""
    if not groups:
        return []
    per: list[dict[str, tuple[float, str, int]]] = []
    for label, pages in groups:
        literal = xpath_literal(label)
        found: dict[str, tuple[float, str, int]] = {}
        for xp, (cost, family, depth) in sorted(pool.items(), key=lambda kv: kv[1][0]):
            if depth < 0 or literal not in xp or " | " in xp:
                continue
            if _validate_list(xp, depth, pages, negatives) is None:
                continue
            found.setdefault(xp, (cost, family, depth))
            for narrow, extra in _narrowed(xp, pages):
                if narrow not in found and _validate_list(narrow, depth, pages, negatives):
                    found[narrow] = (cost + extra, family, depth)
        if not found:
            return []
        per.append(found)

    def rank(item: tuple[str, tuple[float, str, int]], pages: list[list[Example]]) -> Any:
        xp, (cost, _family, _depth) = item
        return (bool(_unlike_rows(xp, pages)), cost, len(xp))

    ranked = [
        sorted(found.items(), key=lambda kv: rank(kv, pages))
        for found, (_label, pages) in zip(per, groups, strict=True)
    ]
    first_literal = xpath_literal(groups[0][0])
    combos: list[list[tuple[str, tuple[float, str, int]]]] = []
    for xa, spec in ranked[0][:6]:
        parts = [(xa, spec)]
        for (label, _pages), found in zip(groups[1:], per[1:], strict=True):
            twin = xa.replace(first_literal, xpath_literal(label))
            if twin not in found:
                break
            parts.append((twin, found[twin]))
        else:
            combos.append(parts)
    combos.append([r[0] for r in ranked])
    out: list[tuple[str, float, str, int, list[list[str]]]] = []
    seen: set[str] = set()
    for parts in combos:
        depths = {spec[2] for _xp, spec in parts}
        if len(depths) != 1:
            continue
        xp = "(" + " | ".join(x for x, _spec in parts) + ")"
        if xp in seen:
            continue
        seen.add(xp)
        depth = depths.pop()
        values = _validate_list(xp, depth, by_page, negatives)
        if values is None:
            continue
        cost = max(spec[0] for _xp, spec in parts) + 0.6
        out.append((xp, cost, parts[0][1][1], depth, values))
    return out


def _induce_list(
    positives: Sequence[Example],
    negatives: Sequence[Example],
    index: SiteIndex | None,
    trees: list[Any],
    limit: int,
) -> list[Induced]:
    by_page = _pages(positives)
    pool: dict[str, tuple[float, str, int]] = {}
    own = _alone_alike(by_page)
    for page_pos in by_page:
        # One click does not tell a one-entry container of a run from a list of its own
        # either: the run is taken (the whole block's items of the example's kind), not the
        # clicked container's position, which gives one item on the page.
        for xp, spec in _list_candidates(page_pos, index, solo=True).items():
            if xp not in pool or pool[xp][0] > spec[0]:
                pool[xp] = spec
        if len(by_page) > 1:
            # The example's list as a list of its own too, for the descendant form only
            # (kept when the examples sit at different depths below it): a contents whose
            # one top entry is the page's title, clicked there, and a third-level entry of
            # another page's contents are one nested list, not a run of one-entry lists.
            for xp, spec in _list_candidates(page_pos, index).items():
                if spec[2] == -1 and (xp not in pool or pool[xp][0] > spec[0]):
                    pool[xp] = spec
        if own:
            # Each example alone in its list: that list (its parent) is the examples' list
            # too, and anchors on its label (a 'See Also' paragraph of one link here, two
            # links there), beside the run of blocks its parent is one of.
            for xp, spec in _list_candidates(page_pos, index, own=True).items():
                if xp not in pool or pool[xp][0] > spec[0]:
                    pool[xp] = spec
    if len(positives) > 1:
        for xp, spec in _head_runs(by_page, index).items():
            if xp not in pool or pool[xp][0] > spec[0]:
                pool[xp] = spec
    wider: dict[str, str] = {}  # a narrowed descendant form -> the form it narrows
    for xp, (cost, family, depth) in list(pool.items()):
        # The descendant form narrowed by the class the examples' entries share (Read the
        # Docs' breadcrumbs: `li.breadcrumb-item`, not the home icon's bare `li` nor the
        # `li.wy-breadcrumbs-aside` of the 'View page source' link).
        if depth == -1:
            narrowed = _nested_entry_class(xp, by_page)
            if narrowed is not None and narrowed not in pool:
                pool[narrowed] = (cost - 0.2, family, -1)
                wider[narrowed] = xp
            # A container told from its like siblings by its position (Sphinx's sidebar:
            # `div.sphinxsidebarwrapper/ul[3]`, the page's own contents, where a page
            # without one has 'Related Topics'): the items themselves may say which they are
            # (a class every example carries, links into the page) without the position.
            for free in _position_free(xp, by_page):
                if free not in pool:
                    # (links into the page after a class the examples carry, among equals)
                    extra = 0.05 if "@href" in free else 0.0
                    pool[free] = (cost - 0.2 + extra, "class", -1)
                    wider[free] = xp
    out: list[Induced] = []
    depths: dict[str, int] = {}
    one_off = 0  # rules whose only exclusions of the 'not this' recur on too few pages
    for xp, (cost, family, depth) in pool.items():
        values = _validate_list(xp, depth, by_page, negatives)
        if values is None and negatives:
            valid = []
            for variant, kind in _refine_negatives(xp, negatives, positives):
                got = _validate_list(variant, depth, by_page, negatives)
                if got is not None:
                    valid.append((variant, kind, got))
            if valid:
                widest = _widest_exclusion(xp, valid, trees, negatives)
                if widest is None:
                    one_off += 1
                else:
                    (xp, values), cost = widest, cost + 0.5
        if values is not None and xp in depths:
            for c in out:
                if c.xpath == xp:
                    c.cost = min(c.cost, cost)
        elif values is not None:
            depths[xp] = depth
            out.append(Induced(xp, "list", family, cost, examples=values))
            for narrow, extra in _narrowed(xp, by_page):
                if narrow in depths:
                    # Found as a candidate of its own too: the cheaper of the two costs.
                    for c in out:
                        if c.xpath == narrow:
                            c.cost = min(c.cost, cost + extra)
                    continue
                got = _validate_list(narrow, depth, by_page, negatives)
                if got is not None:
                    depths[narrow] = depth
                    out.append(Induced(narrow, "list", family, cost + extra, examples=got))
    groups = _own_label_groups(by_page, trees) if len(by_page) > 1 else []
    for xp, cost, family, depth, values in _label_unions(groups, pool, by_page, negatives):
        if xp not in depths:
            depths[xp] = depth
            out.append(Induced(xp, "list", family, cost, examples=values))
    if not out and one_off:
        raise InductionError(
            "the 'not this' items are not a kind of item the site's pages share: only their "
            "own text or link target leaves them out, and it recurs on fewer than half of the "
            "sampled pages with items (is one of them the examples' own kind on another page?)",
            [_untold(n, positives) for n in negatives],
            hint="click another example of the list, on a page like the 'not this' one if "
            "that page's list is wanted too; or leave the 'not this' out and read the rule's "
            "values over the site (evaluate --signals names the pages to look at)",
        )
    if not out:
        _explain(positives, negatives, {k: (v[0], v[1]) for k, v in pool.items()}, as_list=True)
    out.sort(key=lambda c: (c.cost, len(c.xpath)))
    checked = out[:SITE_CHECKED]
    sig: tuple[set[tuple[str, str]], set[str]] | None = None
    if trees:
        # A rule that finds a list on more pages than another is wider only where its list
        # is like the examples' (the same hooks, the same label before it): the first block
        # of a sidebar is the 'Methods' list on some pages and another list on the others.
        # Each example's outermost list (a sub-entry's contents, not its sub-list nor the
        # entry that holds both clicks), as the site check takes each page's list.
        lists = list({id(x): x for x in (_outer_list(e.node) for e in positives)}.values())
        sig = _list_signature(lists)
        parents = [lst.getparent() for lst in lists]
        if not sig[0] and all(p is not None and p.tag not in ("html", "body") for p in parents):
            # Lists without hooks of their own (a `dl` in a `div.toc`) are told by their
            # wrapper's: another list at the same place (a `div.variablelist`'s) is not alike.
            sig[0].update(
                (f"^{a}", v) for a, v in _signature([p for p in parents if p is not None])
            )
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
                if lb.startswith(_OWN)
                and any(
                    _run(
                        t,
                        f"//*[self::caption or self::th or self::td or self::h1 or self::h2 "
                        f"or self::h3 or self::h4 or self::h5 or self::h6]"
                        f"[normalize-space(.)={xpath_literal(lb[len(_OWN) :])}]",
                    )
                    for t in others
                )
                or not lb.startswith(_OWN)
                and any(
                    _run(
                        t,
                        f"//{lb.split(':', 1)[1]}/following-sibling::*[position() <= 2]"
                        + (f"[self::{tag}]" if lb.startswith("0:") else f"[.//{tag}]"),
                    )
                    for t in others
                )
            },
        )
        if groups:
            # Lists labelled by page kind: a list is the examples' where its own label is any
            # of theirs.
            sig[1].update(f"{_ANY}{label}" for label, _pages in groups)
        for c in checked:
            c.site = _site_list(c.xpath, depths[c.xpath], trees, sig)
        # A hooked rule that takes two lists on a few pages (a chapter page that holds its
        # first section, with the section's own `div.toc` after the chapter's): the first of
        # its lists on each page, rather than a bare position that lands on another list
        # where the page has none.
        for c in list(checked):
            if c.family in _POSITIONAL or not c.site["mixed"]:
                continue
            if 4 * c.site["mixed"] > c.site["with_items"]:
                continue
            first = _first_list(c.xpath, depths[c.xpath])
            if first is None or first in depths:
                continue
            values = _validate_list(first, depths[c.xpath], by_page, negatives)
            if values is None:
                continue
            f = Induced(first, "list", c.family, c.cost + 1.0, examples=values)
            depths[first] = depths[c.xpath]
            f.site = _site_list(first, depths[first], trees, sig)
            checked.append(f)

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
        pinned_xps: set[str] = set()
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
                pinned_xps.add(pinned)
                depths[pinned] = depths[c.xpath]
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
        others = [t for t in trees if id(t) not in roots]
        beyond = {
            c.xpath: sum(1 for t in others if _run(t, c.xpath)) if negatives else 1 for c in clean
        }
        if negatives and not any(beyond.values()) and _kind_beyond(pool, by_page, others):
            # Every rule left by the 'not this' clicks holds on the examples' pages only (a
            # heading that is the page's own title, the page's own texts), where rules for
            # the examples alone find their kind on other pages too: the clicks left out the
            # kind of item the examples are.
            raise InductionError(
                "the 'not this' items leave no rule that finds items beyond the examples' "
                "pages: every rule that selects the examples and none of them finds items on "
                f"none of the other {len(others)} sampled pages (are the 'not this' items the "
                "examples' own kind, on their page or another?)",
                [f"not {n.describe()}" for n in negatives],
            )
        best = max(c.site["alike"] for c in clean)
        # On the examples' own pages, a rule that takes far more items than another that
        # also selects every example takes blocks that are not the examples' list (every
        # `pre` of a page, where the contents are the run after their heading).
        # Only rules without positions count as the narrower one (a pinned entry, `li[1]//a`,
        # is narrower only by taking one entry).
        # When every rule left is a list pinned by its position among like lists, those count:
        # `table[1]/tr/td[...memItemRight...]/a` against `table[1]/tr/td/a` (every type link
        # and 'More...' of the table too).
        fewest = min(
            (sum(len(v) for v in c.examples) for c in clean if c.family not in _POSITIONAL),
            default=0,
        ) or min(
            (sum(len(v) for v in c.examples) for c in clean if c.xpath in pinned_xps), default=0
        )

        alike_of = {c.xpath: c.site["alike"] for c in checked if c.site}
        items_of = {c.xpath: sum(len(v) for v in c.examples) for c in checked}
        # A class on the entries that leaves out only plain entries of the examples' list
        # (no class at all, the examples' kind of item): the list without the class.
        drops_plain: set[str] = set()
        for c in clean:
            # The same holds for an entry's class that leaves items out on the examples' own
            # pages (`li.breadcrumb-item/a` against `li/a`).
            # So does a start of an attribute's value (`span[starts-with(@id, 'VAL')]`, the
            # `val` entries among the `module` and `type` ones of the same steps).
            for m in re.finditer(
                r"\[contains\(concat\(' ', normalize-space\(@class\), ' '\), '[^']*'\)\]"
                r"|\[starts-with\(@[\w-]+, '[^']*'\)\]",
                c.xpath,
            ):
                base = c.xpath[: m.start()] + c.xpath[m.end() :]
                if base in alike_of and items_of.get(base, 0) > items_of[c.xpath]:
                    wider.setdefault(c.xpath, base)
                if m.group(0).startswith("[starts-with"):
                    continue
                step = re.search(r"([A-Za-z][\w-]*)$", c.xpath[: m.start()])
                if step is not None and _drops_plain_entries(c.xpath, step.group(1), by_page):
                    drops_plain.add(c.xpath)

        subsumed = _subsumed(clean, depths, trees)
        # A rule whose items come, on a few sampled pages, in runs under containers of their
        # own, far more of them than elsewhere (a front page's contents of every chapter under
        # the chapters' links), ranks after one whose items are one run on every page, as
        # the examples' are: the examples' list, not another kind of page's.
        sample_urls = _sample_urls(index, trees)
        outlying = {c.xpath for c in clean if _outlier_pages(c, trees, sample_urls)}
        # A rule bound to the example page rather than to a place of the site: anchored on
        # the page's own name (`li[@title='os ']`, the current module's entry of a menu that
        # lists every module: the same list on every page), or pinning one list among like
        # lists by its position (`li[34]/ul/li/a`). A rule on a stable hook of the container
        # (`li[@id='loadscrollpos']`, the entry of the page shown) is the list at this place
        # on every page, and comes first when there is one.
        names = _page_names(by_page[0][0])
        bound = {
            c.xpath
            for c in clean
            if (_names_page(c.xpath, names) and c.site["distinct"] * 5 <= c.site["with_items"])
            or _pins_like_list(c.xpath, depths[c.xpath], by_page)
        }
        if not any(c.xpath not in bound and c.family in _HOOKED for c in clean):
            bound = set()

        # A rule that takes, on some pages, a list labelled otherwise than the examples' (its
        # own header row or heading) ranks after one that never does, when there is one.
        any_own = any(not c.site["relabelled"] and beyond[c.xpath] for c in clean)
        # A rule that takes items from rows (or cells) unlike every example's, on the
        # examples' own pages, ranks after one that takes none, when there is one.
        unlike_rows = {c.xpath: _unlike_rows(c.xpath, by_page) for c in clean}
        any_alike_rows = any(not n for n in unlike_rows.values())
        # A rule anchored on a text of the examples' own entries (a member's kind, 'struct')
        # ranks after one anchored otherwise (the list's label, its table), when there is one.
        in_entry = {c.xpath: _entry_anchored(c.xpath, by_page) for c in clean}
        any_list_anchor = any(not in_entry[c.xpath] and beyond[c.xpath] for c in clean)

        def key(c: Induced) -> tuple[Any, ...]:
            # (not when its items are all entries of the examples' own list alike to theirs:
            # one click on a trail's `li.nav-item-1` says nothing against its other steps)
            far_more = (
                bool(fewest)
                and sum(len(v) for v in c.examples) > 2 * fewest
                and not _entries_of_examples_list(c.xpath, by_page)
            )
            # A page where only the narrowed form finds nothing holds items of the wider form
            # outside every entry of the examples' class (a home icon, a 'View page source'
            # link): unlike the examples, not a page the narrowed form misses.
            alike = max(c.site["alike"], alike_of.get(wider.get(c.xpath, ""), 0))
            return (
                not beyond[c.xpath],
                c.xpath in bound,
                alike < 0.85 * best,
                bool(c.site["relabelled"]) and any_own,
                in_entry[c.xpath] and any_list_anchor,
                bool(unlike_rows[c.xpath]) and any_alike_rows,
                c.xpath in drops_plain,
                far_more,
                c.xpath in outlying,
                c.xpath in subsumed,
                c.cost,
                len(c.xpath),
            )

        checked = sorted(clean, key=key)
    warnings = _role_warnings(by_page, own=own)
    if warnings:
        checked = _own_kinds(checked, depths, by_page, negatives, trees, sig, warnings[0])
    checked = _pin_column(checked, depths, by_page, negatives, index, trees, sig)
    result = checked[:limit]
    trail = _trail_sizes(by_page)
    urls = _sample_urls(index, trees) if trees else []
    for k, r in enumerate(result):
        r.warnings = list(warnings)
        crowded = _far_beyond_trail(r, by_page, trail)
        if crowded:
            r.warnings.append(crowded)
        outliers = _outlier_pages(r, trees, urls) if k == 0 and trees else ""
        if outliers:
            r.warnings.append(outliers)
        _count_examples(r)
    return result


def item_groups(nodes: Sequence[Any]) -> int:
    """How many runs of items a list page's items come in, each under a container of its
    own: the children of the items' common ancestor that hold two items or more at their
    shallowest depth below it (a chapter's block of section entries). An entry of a nested
    list holds one item at its top (its own link) above its sub-entries: no run of its own."""
    if len(nodes) < 4:
        return 0
    chains = [[*reversed(list(n.iterancestors())), n] for n in nodes]
    depth = 0
    for level in zip(*chains, strict=False):
        if any(x is not level[0] for x in level):
            break
        depth += 1
    below: dict[int, list[int]] = {}
    kids: dict[int, Any] = {}
    for chain in chains:
        if len(chain) <= depth:
            return 0  # an item holds the others
        below.setdefault(id(chain[depth]), []).append(len(chain) - depth)
        kids[id(chain[depth])] = chain[depth]
    groups = 0
    for key, depths in below.items():
        top = min(depths)
        if sum(1 for d in depths if d == top) < 2:
            continue
        prev = kids[key].getprevious()
        while prev is not None and not isinstance(prev.tag, str):
            prev = prev.getprevious()
        if prev is not None and len(below.get(id(prev), ())) == 1:
            continue  # the sub-list of the entry before it (a `dd` after its `dt`'s link)
        groups += 1
    return groups


def _outlier_pages(r: Induced, trees: Sequence[Any], urls: Sequence[str]) -> str:
    """The warning for a list rule that takes far more items on a few sampled pages than on
    the others, in runs under containers of their own there (``item_groups``) where the other
    pages' items are one run: a front page's contents of every chapter, 744 items against a
    median of 7. '' when there is none."""
    pages = []
    for tree, url in zip(trees, urls, strict=False):
        found = _run(tree, r.xpath) or []
        if found:
            pages.append((len(found), url, item_groups(found)))
    if len(pages) < 5:
        return ""
    med = statistics.median(n for n, _u, _g in pages)
    if statistics.median(g for _n, _u, g in pages) > 1:
        return ""
    big = sorted(
        ((n, u, g) for n, u, g in pages if n >= 10 and n >= 5 * med and g >= 3), reverse=True
    )
    if not big or 4 * len(big) > len(pages):
        return ""
    n, url, groups = big[0]
    return (
        f"on {len(big)} of {len(pages)} sampled pages with items the rule takes far more items "
        f"than the median of {med:g}, in runs under containers of their own ({n} items in "
        f"{groups} runs on {_short_url(url) or 'a page'}): another kind of page (a front page's "
        "whole contents)? evaluate --signals names the pages to look at"
    )


def _one_entry_list(lst: HtmlElement | None) -> bool:
    """Whether ``lst`` is a list of one entry (a `ul` with one `li`, nested lists aside)."""
    if lst is None or lst.tag not in _LIST_TAGS:
        return False
    return sum(1 for k in lst if k.tag in _ITEM_TAGS) == 1


def _trail_top(node: HtmlElement) -> HtmlElement | None:
    """The outermost of the one-entry lists nested in one another that ``node``'s entry is
    the only entry of (a trail written one list per level), None when its list has several
    entries."""
    entry = next((a for a in node.iterancestors() if a.tag in _ITEM_TAGS), None)
    lst = entry.getparent() if entry is not None else None
    if not _one_entry_list(lst):
        return None
    top = lst
    while top is not None:
        up = top.getparent()
        if _one_entry_list(up):
            top = up
        elif up is not None and up.tag in _ITEM_TAGS and _one_entry_list(up.getparent()):
            top = up.getparent()
        else:
            break
    return top


def _trail_sizes(by_page: list[list[Example]]) -> list[int] | None:
    """Per example page, the entries of the trail the examples are on, when the examples say
    they are a trail: two levels at least of nested one-entry lists among them (each example
    the only entry of its level, but one that may head the trail). None otherwise."""
    depths = set()
    sizes = []
    for page_pos in by_page:
        tops = {id(t): t for t in (_trail_top(e.node) for e in page_pos) if t is not None}
        if not tops:
            return None
        if len(tops) > 1:
            return None
        top = next(iter(tops.values()))
        for e in page_pos:
            if _trail_top(e.node) is not None:
                depths.add(sum(1 for a in e.node.iterancestors() if a.tag in _LIST_TAGS))
        off = sum(1 for e in page_pos if _trail_top(e.node) is None)
        sizes.append(sum(1 for d in top.iter() if d.tag in _ITEM_TAGS) + off)
    return sizes if len(depths) > 1 else None


def _far_beyond_trail(r: Induced, by_page: list[list[Example]], trail: list[int] | None) -> str:
    """The warning for a list rule that takes far more items than the trail the examples
    are on, on one of the example pages: no rule found holds the trail alone."""
    if trail is None:
        return ""
    for page_pos, got, size in zip(by_page, r.examples, trail, strict=False):
        if len(got) > 2 * max(size, 2):
            return (
                f"the examples are a trail (each the only entry of its level of nested lists, "
                f"{size} entries on {_short_url(page_pos[0].url)}), and this rule takes "
                f"{len(got)} items there: no rule found holds the trail alone (check its "
                "values, or click the trail's entries on a page where it has more levels)"
            )
    return ""


def _head_runs(
    by_page: list[list[Example]], index: SiteIndex | None
) -> dict[str, tuple[float, str, int]]:
    """A trail written as a labelled entry and the nested lists right after it (Sphinx
    themes' 'Up: Home' entry, then one `ul` per level below it, each of one entry), clicked
    at several of its levels: the entry, found by its label or hook, and the lists that
    follow it, rather than every link of the box that holds the trail among other lists
    (the previous/next links, the page's contents). (cost, family, 0) by rule."""
    out: dict[str, tuple[float, str, int]] = {}
    for page_pos in by_page:
        nodes = [e.node for e in page_pos]
        if len(nodes) < 2:
            continue
        common = _lca(nodes)
        if any(n is common for n in nodes):
            continue
        kids: list[HtmlElement] = []
        for n in nodes:
            k = _chain(common, n)[0]
            if all(k is not x for x in kids):
                kids.append(k)
        sibs = [k for k in common if isinstance(k.tag, str)]
        at = sorted(next(i for i, s in enumerate(sibs) if s is k) for k in kids)
        if len(at) < 2 or at != list(range(at[0], at[0] + len(at))):
            continue
        head, rest = sibs[at[0]], sibs[at[0] + 1 : at[-1] + 1]
        if head.tag not in _ITEM_TAGS or any(r.tag not in _LIST_TAGS for r in rest):
            continue
        anchors: list[tuple[float, str, str]] = []
        for child in head:
            if not isinstance(child.tag, str) or any(
                child is n or any(a is child for a in n.iterancestors()) for n in nodes
            ):
                continue
            text = _text(child)
            if text and len(text) <= 40 and label_like(text):
                anchors.append((1.0, "label", f"{child.tag}[{text_equals(child, text)}]"))
            break
        lead = normalize_text(head.text or "")
        if not anchors and lead.endswith(":") and label_like(lead) and "'" not in lead:
            # The label as the entry's own text before its link ('Up: <a>Home</a>').
            anchors.append((1.1, "label", f"starts-with(normalize-space(.), '{lead}')"))
        anchors += [(cost + 0.2, family, pred) for cost, family, pred in hooks(head, index)[:2]]
        tag = nodes[0].tag
        lists = "|".join(sorted({f"self::{r.tag}" for r in rest}))
        for cost, family, pred in anchors:
            entry = f"//{head.tag}[{pred}]"
            xp = (
                f"{entry}//{tag} | {entry}/following-sibling::*[position() <= {len(rest)}]"
                f"[{lists.replace('|', ' or ')}]//{tag}"
            )
            if xp not in out or out[xp][0] > cost:
                out[xp] = (cost, family, 0)
    return out


def _count_examples(r: Induced) -> None:
    """A list rule's spread of items per page over the sampled pages and the examples' own
    pages (which the sample may leave out): an example page with 2 items, the sampled ones
    with 1, reads 'items 1-2', not '1-1'."""
    counts = [len(v) for v in r.examples if v]
    if not counts or not r.site:
        return
    seen = r.site.get("with_items", 0) > 0
    r.site["items_min"] = min(counts + ([r.site["items_min"]] if seen else []))
    r.site["items_max"] = max(counts + ([r.site["items_max"]] if seen else []))


#: Families of a rule anchored on a hook (not on steps or positions from one).
_HOOKED = frozenset({"id", "class", "attribute", "label"})
_LITERAL = re.compile(
    r"(?:@[\w:.-]+|normalize-space\(\.?\)|text\(\))\s*=\s*(?:'([^']*)'|\"([^\"]*)\")"
)
_ATTR_LITERAL = re.compile(r"@[\w:.-]+\s*=\s*(?:'([^']*)'|\"([^\"]*)\")")
_TITLE_PARTS = re.compile(r"\s+[-\u2013\u2014|:]+\s+|:\s+")


def _name(text: str) -> str:
    return " ".join(re.sub(r"[_-]+", " ", normalize_text(text)).lower().split())


def _page_names(ex: Example) -> set[str]:
    """The names the example page goes by: its file name, its title and first h1 (and their
    parts around a separator: 'Erlang -- os')."""
    path = urlsplit(ex.url).path.rstrip("/")
    stem = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    names = {_name(stem)}
    for el in (ex.root.find(".//title"), ex.root.find(".//h1")):
        if el is None:
            continue
        text = _text(el)
        names.add(_name(text))
        names.update(_name(part) for part in _TITLE_PARTS.split(text))
    return {n for n in names if len(n) >= 2}


def _names_page(xp: str, names: set[str]) -> bool:
    """Whether a literal of ``xp`` (an attribute's value, a text) is the page's own name."""
    return any(_name(a or b) in names for a, b in _LITERAL.findall(xp))


_PINNED_STEP = re.compile(r"(?<=/)([A-Za-z][\w-]*)\[(\d+)\]")


def _pins_like_list(xp: str, depth: int, by_page: list[list[Example]]) -> bool:
    """Whether a step's position in ``xp`` picks the examples' list among like lists of the
    example pages: without it, the rule takes items of several lists there."""
    if depth <= 0:
        return False
    # Only the steps above the list's items (``depth`` steps down from the list node): a
    # position inside an entry picks a cell, not a list.
    cuts = [i for i, _ch in _top_slashes(xp)]
    if len(cuts) <= depth:
        return False
    limit = cuts[-depth]
    for m in _PINNED_STEP.finditer(xp):
        if m.start() >= limit:
            break
        wide = xp[: m.start()] + m.group(1) + xp[m.end() :]
        for page in by_page:
            found = _run(page[0].root, wide) or []
            if len(_list_parents(found, depth)) > 1:
                return True
    return False


def _top_slashes(xp: str) -> list[tuple[int, str]]:
    """The places of ``xp``'s slashes outside predicates and parentheses."""
    out = []
    depth = 0
    for i, ch in enumerate(xp):
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        elif ch == "/" and depth == 0:
            out.append((i, ch))
    return out


def _subsumed(clean: Sequence[Induced], depths: dict[str, int], trees: Sequence[Any]) -> set[str]:
    """Rules another rule covers and goes beyond: the same items on the example pages and on
    every sampled page where the rule finds any, items on more pages, and the same steps from
    the entry down, the entry told by its own hook (Javadoc's `div.col-constructor-name`
    cells: in the two-column constructor table of most classes and in the three-column one of
    a class with a protected constructor; the table's `two-column-summary` class misses the
    latter)."""
    wide: list[Induced] = []
    for c in clean:
        depth = depths.get(c.xpath, 0)
        steps = _top_steps(c.xpath)
        if c.family not in _POSITIONAL and 0 < depth < len(steps) and "[" in steps[-depth]:
            wide.append(c)
    if not wide:
        return set()
    counts = {c.xpath: [len(_run(t, c.xpath) or []) for t in trees] for c in clean}
    out: set[str] = set()
    for c in clean:
        for w in wide:
            if (
                w is not c
                and depths.get(w.xpath) == depths.get(c.xpath)
                and w.examples == c.examples
                and w.site["with_items"] > c.site["with_items"]
                and all(
                    n == 0 or n == m for n, m in zip(counts[c.xpath], counts[w.xpath], strict=True)
                )
            ):
                out.add(c.xpath)
                break
    return out


def _kind_beyond(
    pool: dict[str, tuple[float, str, int]], by_page: list[list[Example]], others: Sequence[Any]
) -> bool:
    """Whether one of the cheapest candidates that select the examples (without 'not this'
    clicks) finds items on a page other than the examples'."""
    for xp, (_cost, _family, depth) in sorted(pool.items(), key=lambda kv: kv[1][0])[:SITE_CHECKED]:
        if _validate_list(xp, depth, by_page, ()) is not None and any(_run(t, xp) for t in others):
            return True
    return False


def _cell_kind(el: HtmlElement) -> tuple[str, str, frozenset[str]]:
    """A node's kind by the place it sits in: its tag, its parent's tag and class (a member
    name's link in a ``td.memItemRight``, a type's link in a ``td.memItemLeft``)."""
    parent = el.getparent()
    if parent is None:
        return (str(el.tag), "", frozenset())
    return (str(el.tag), str(parent.tag), frozenset(t for t in _classes(parent) if is_wordlike(t)))


def _own_kinds(
    checked: list[Induced],
    depths: dict[str, int],
    by_page: list[list[Example]],
    negatives: Sequence[Example],
    trees: Sequence[Any],
    sig: tuple[set[tuple[str, str]], set[str]] | None,
    warning: str,
) -> list[Induced]:
    """For examples that play different roles on their pages: the rules that take, on the
    examples' pages, only nodes of the examples' own kinds (see ``_cell_kind``) first. When
    none does, the rules narrowed to the class of the cell the examples share; when none of
    these selects the examples either, an InductionError naming them."""
    kinds = {_cell_kind(e.node) for page in by_page for e in page}

    def own(xp: str) -> bool:
        return all(_cell_kind(n) in kinds for page in by_page for n in _run(page[0].root, xp) or [])

    owned = [c for c in checked if own(c.xpath)]
    if not owned:
        parents = [e.node.getparent() for page in by_page for e in page]
        cells = [p for p in parents if p is not None]
        if len(cells) == len(parents) and len({p.tag for p in cells}) == 1:
            shared = set.intersection(*[_classes(p) for p in cells])
            for tok in sorted(t for t in shared if is_wordlike(t))[:1]:
                for c in checked[:SITE_CHECKED]:
                    depth = depths.get(c.xpath, 0)
                    steps = _top_steps(c.xpath)
                    if depth <= 0 or len(steps) < 2 or not steps[-2].startswith(cells[0].tag):
                        continue
                    xp = _on_step(c.xpath, 1, class_predicate(tok))
                    if xp is None or xp in depths or not own(xp):
                        continue
                    values = _validate_list(xp, depth, by_page, negatives)
                    if values is None:
                        continue
                    narrow = Induced(xp, "list", c.family, c.cost + 0.3, examples=values)
                    if trees:
                        narrow.site = _site_list(xp, depth, trees, sig)
                        if narrow.site["mixed"]:
                            continue
                    depths[xp] = depth
                    owned.append(narrow)
    if not owned:
        raise InductionError(
            warning.replace(
                "the rule takes both kinds of list",
                "every rule that selects them takes nodes of other kinds",
            ),
            [e.describe() for page in by_page for e in page],
        )
    mine = {id(c) for c in owned}
    return owned + [c for c in checked if id(c) not in mine]


def _role(page_pos: Sequence[Example], ex: Example, *, own: bool = False) -> dict[str, Any]:
    """What an example is on its page, for telling two kinds of list apart: the heading its
    list holds (a member table's 'Functions' row), the labels before its outermost list, the
    column it sits in (its cells' positions below the entry) and its entry's class stems
    (``memitem`` of ``memitem:ga21...``)."""
    list_node, items = _list_node([e.node for e in page_pos], own=own)
    item = items[[e.node for e in page_pos].index(ex.node)]
    head = _head_label(list_node, [item], [ex.node])
    column = tuple(
        (n.tag, [c for c in n.getparent() if c.tag == n.tag].index(n) + 1)
        for n in _chain(item, ex.node)
        if n.tag in ("td", "th") and n.getparent() is not None
    )
    # A class that only stripes the rows (Javadoc's `tr.altColor`/`tr.rowColor`) tells no
    # kind of row.
    stripes = _stripe_tokens([item])
    stems = (
        {t.split(":", 1)[0] for t in _classes(item) - stripes if t.split(":", 1)[0]}
        if item.tag in _ITEM_TAGS
        else set()
    )
    # The page's first heading names the page (its title: 'Expressions', 'diag'), not the
    # list after it (a chapter's contents); nor does what comes before that title.
    page_head = next((h for h in ex.root.iter(*_HEADINGS)), None)
    title = _text(page_head) if page_head is not None else ""
    labels = _labels(_outer_list(ex.node))
    cut = next((k for k, lb in enumerate(labels) if title and _head_text(lb) == title), None)
    labels = labels[:cut] if cut is not None else labels
    # A head the list node holds that reads as the page's title, a heading outside the list
    # (a chapter's contents opening with the chapter's own link before its sections) names
    # the page too: two chapters' contents are one kind of list under two titles. The page's
    # first heading inside the list node (a member table's 'Modules' row) is the list's own.
    head_text = _head_text(head[1]) if head else ""
    if (
        head_text
        and head_text == title
        and page_head is not None
        and (list_node.tag == "body" or not any(a is list_node for a in page_head.iterancestors()))
    ):
        head_text = ""
    return {
        "head": head_text,
        "labels": {_head_text(lb) for lb in labels},
        "near": _head_text(labels[0]) if labels else "",
        "column": column,
        "stems": stems,
        "row": item.tag if item.tag in _ITEM_TAGS else "",
    }


def _clicked(ex: Example) -> str:
    """A click as a message names it beside its page: its node and the end of its path
    ("a 'Properties' at …/ul/li[1]/a")."""
    path = ex.root.getroottree().getpath(ex.node).split("/")
    return f"{_show(ex.node)} at …/{'/'.join(path[-3:])}"


def _head_text(pred: str) -> str:
    """The quoted text of a label predicate (``h3[normalize-space(.)='Contents']``)."""
    m = re.search(r"normalize-space\(\.\)=(?:'([^']*)'|\"([^\"]*)\")", pred)
    return (m.group(1) or m.group(2) or "") if m else pred


def _role_warnings(by_page: list[list[Example]], *, own: bool = False) -> list[str]:
    """Warnings when the examples of a list play different roles on their pages: their lists
    are headed or labelled differently (a struct's 'Data Fields' and a module's 'Modules'),
    they sit in different columns of their rows, or their entries are rows of another kind.
    One rule then takes two kinds of list."""
    roles = [(ex, _role(page, ex, own=own)) for page in by_page for ex in page]
    out: list[str] = []

    def name(ex: Example, other: Example) -> str:
        """The example's page; the click itself too (its node and the end of its path) when
        the other example is on the same page: which of the two to redo."""
        page = _page_name(ex, other)
        return page if ex.root is not other.root else f"{page} {_clicked(ex)}"

    for i, (a, ra) in enumerate(roles):
        for b, rb in roles[i + 1 :]:
            na, nb = name(a, b), name(b, a)
            if ra["head"] and rb["head"] and ra["head"] != rb["head"]:
                why = f"their lists are headed {ra['head']!r} ({na}) and {rb['head']!r} ({nb})"
            elif ra["labels"] and rb["labels"] and not ra["labels"] & rb["labels"]:
                # The nearest label of each (the heading just before the list).
                la, lb = ra["near"], rb["near"]
                why = f"their lists are headed {la!r} ({na}) and {lb!r} ({nb})"
            elif ra["column"] and rb["column"] and ra["column"] != rb["column"]:
                why = f"they sit in different columns ({na}, {nb})"
            elif (
                ra["row"] == rb["row"]
                and ra["stems"]
                and rb["stems"]
                and not ra["stems"] & rb["stems"]
            ):
                row_a = ".".join([ra["row"], *sorted(ra["stems"])])
                row_b = ".".join([rb["row"], *sorted(rb["stems"])])
                why = (
                    f"their entries are rows of different kinds: {row_a} ({na}) and {row_b} ({nb})"
                )
            else:
                continue
            out.append(
                f"the examples play different roles: {why}; the rule takes both kinds of list "
                "(click items of one kind of list, or check its values on both kinds of page)"
            )
            return out
    return out


#: Share of the nodes that lack the examples' feature that must sit inside an entry beside a
#: link like the examples' for the rule to be narrowed by it (see ``_narrowed``).
_INSIDE_ENTRIES = 0.75
#: A node that stays in the page: an anchor, or a link to a place of this page.
_IN_PAGE = "not(@href) or starts-with(@href, '#')"
_OFF_PAGE = "@href and not(starts-with(@href, '#'))"


_ANCHORS: dict[Any, frozenset[str]] = {}


def _links_here(n: HtmlElement) -> bool:
    """Whether a link leads to a place of its own page: an anchor, a '#' target, or a target
    whose fragment names an element of this page (Doxygen names a member with
    'group__X.html#ga21...' on group__X.html, its types with links to other pages)."""
    href = n.get("href")
    if href is None or href.startswith("#"):
        return True
    frag = href.partition("#")[2]
    if not frag:
        return False
    root = n.getroottree().getroot()
    ids = _ANCHORS.get(root)
    if ids is None:
        if len(_ANCHORS) > 200:
            _ANCHORS.clear()
        ids = _ANCHORS[root] = frozenset(
            v
            for el in root.iter()
            if isinstance(el.tag, str)
            for v in (el.get("id"), el.get("name"))
            if v
        )
    return frag in ids


def _in_page(n: HtmlElement) -> bool:
    href = n.get("href")
    return href is None or href.startswith("#")


def _narrowed(xp: str, by_page: list[list[Example]]) -> list[tuple[str, float]]:
    """Narrower forms of a list rule (with their extra cost) when, on the example pages, it
    also takes nodes that differ from every example in a feature all examples share, and
    these nodes sit inside the entries beside a node that has it: a contents line that names
    its entry with a link to the entry below and its argument types with links to other pages
    (libxml2's API reference) is one entry, not five. The features: a link that stays in the
    page (``#name``) against one to another page; then the first such node of its entry,
    when the later ones repeat its text or target (an entry named twice)."""
    found = [_run(page[0].root, xp) or [] for page in by_page]
    examples = [e.node for page in by_page for e in page]
    if not all(found) or any(n.tag != examples[0].tag for n in examples):
        return []
    out: list[tuple[str, float]] = []
    # A class token every example carries and the other nodes the rule takes beside them lack
    # (Javadoc's constructor cell: the name's `a.member-name-link`, then the parameter types'
    # links to other pages): the examples' kind by its own hook, ahead of the form without it
    # and of the link-target form below.
    shared = set.intersection(*[_classes(n) for n in examples]) - _stripe_tokens(examples)
    nodes = [n for f in found for n in f]
    for tok in sorted(t for t in shared if is_wordlike(t)):
        lacking = [n for n in nodes if tok not in _classes(n)]
        having = {n.getparent() for n in nodes if tok in _classes(n)}
        inside = sum(1 for n in lacking if n.getparent() in having)
        if lacking and inside >= _INSIDE_ENTRIES * len(lacking):
            narrow = _on_step(xp, 0, class_predicate(tok))
            if narrow is not None:
                out.append((narrow, -0.1))
                break
    out.extend(_slot_classed(xp, examples, found))
    out.extend(_row_classed(xp, by_page))
    apart = _set_apart(found, examples)
    if apart:
        narrow = _on_step(xp, 0, f"not({apart})")
        if narrow is not None:
            out.append((narrow, -0.1))
    current = xp
    hrefs = [n.get("href") for n in examples]
    if all(h is not None for h in hrefs):
        local = all(_in_page(n) for n in examples)
        offpage = all(not _in_page(n) for n in examples)
        keep = _in_page if local else (lambda n: not _in_page(n))
        if local or offpage:
            nodes = [n for f in found for n in f]
            lacking = [n for n in nodes if not keep(n)]
            # Beside a link like the examples' (an anchor without a target is another kind).
            having = {n.getparent() for n in nodes if keep(n) and n.get("href") is not None}
            inside = sum(1 for n in lacking if n.getparent() in having)
            if lacking and inside >= _INSIDE_ENTRIES * len(lacking):
                narrow = _on_step(current, 0, _IN_PAGE if local else _OFF_PAGE)
                if narrow is not None:
                    out.append((narrow, 0.2))
                    current = narrow
                    found = [_run(page[0].root, narrow) or [] for page in by_page]
    # The first of its entry: every example is, and the later ones of an entry repeat it.
    firsts: dict[HtmlElement, HtmlElement] = {}
    repeats = 0
    for n in (n for f in found for n in f):
        first = firsts.setdefault(n.getparent(), n)
        if first is n:
            continue
        href = n.get("href")
        if _text(n) != _text(first) and (not href or href != first.get("href")):
            return out
        repeats += 1
    if repeats and all(firsts.get(n.getparent()) is n for n in examples):
        narrow = _on_step(current, 0, "1")
        if narrow is not None:
            # Preferred to the form it narrows: it takes the same entries, each once.
            out.append((narrow, (0.0 if current == xp else 0.2) - 0.05))
    return out


_SEPARATOR = re.compile(r"^[^\w\s]+")


def _separator_after(n: HtmlElement) -> str:
    """The marks that open the text right after ``n`` ('»' of ' » Js_of_ocaml'), "" when
    none does."""
    m = _SEPARATOR.match(normalize_text(n.tail or ""))
    return m.group(0) if m else ""


def _entry_after(n: HtmlElement, taken: set[HtmlElement]) -> bool:
    """Whether an entry the rule takes follows ``n`` among its siblings: its mark then parts it
    from the entries after it. The mark after a bar's last entry only closes the bar
    ('[Overview][Types][Index]': ']' after 'Index', '][' after the others)."""
    sib = n.getnext()
    while sib is not None:
        if sib in taken:
            return True
        sib = sib.getnext()
    return False


def _set_apart(found: Sequence[Sequence[HtmlElement]], examples: Sequence[HtmlElement]) -> str:
    """The predicate on its text for the node of a list rule, on each example page, that no
    example is, that is followed by another mark than the one every example is followed by,
    and that reads one same label on every example page; "" when there is none. odoc's
    navigation bar is 'Up – js_of_ocaml » Js_of_ocaml » Js': the trail is the links joined by
    '»', the 'Up' link before the '–' is another part of the bar, on every page."""
    marks = [m for m in (_separator_after(n) for n in examples) if m]
    if len(marks) < 2 or len(set(marks)) != 1:
        return ""
    mark = marks[0]
    own = {_text(n) for n in examples}
    apart: list[HtmlElement] = []
    for nodes in found:
        taken = set(nodes)
        here = [
            n
            for n in nodes
            if all(n is not e for e in examples)
            and _separator_after(n) not in ("", mark)
            and _entry_after(n, taken)
        ]
        if not here:
            return ""
        apart += here
    texts = {_text(n) for n in apart}
    if len(texts) != 1:
        return ""
    text = texts.pop()
    if not label_like(text) or text in own:
        return ""
    # Every node of that text on the example pages is set apart so (none is an entry of the
    # trail that happens to read the same).
    if any(_text(n) == text and _separator_after(n) == mark for f in found for n in f):
        return ""
    return text_equals(apart[0], text)


def _row_classed(xp: str, by_page: list[list[Example]]) -> list[tuple[str, float]]:
    """A list rule that takes, on the examples' pages, items from table rows of another shape
    than the examples' (``_unlike_rows``: a description row's 'More...' link under a
    member's name), with the class the examples' cells share on its cell step
    (`tr/td[…memItemRight…]/a`): the rows alike to the examples' rows, even when the
    example's table holds a single entry."""
    if not _unlike_rows(xp, by_page):
        return []
    examples = [e.node for page in by_page for e in page]
    cells = [_cell_of(n) for n in examples]
    levels = set()
    for n, cell in zip(examples, cells, strict=True):
        if cell is None:
            return []
        up, level = n, 0
        while up is not cell and up is not None:
            up, level = up.getparent(), level + 1
        levels.add(level)
    if len(levels) != 1:
        return []
    level = levels.pop()
    steps = _top_steps(xp)
    if level >= len(steps) - 1 or steps[len(steps) - 1 - level] not in ("td", "th"):
        return []
    shared = set.intersection(*[_cell_classes(c) for c in cells if c is not None])
    for tok in sorted(shared - _stripe_tokens([c for c in cells if c is not None])):
        narrow = _on_step(xp, level, class_predicate(tok))
        if narrow is not None and not _unlike_rows(narrow, by_page):
            return [(narrow, 0.05)]
    return []


def _slot_classed(
    xp: str, examples: Sequence[HtmlElement], found: Sequence[Sequence[HtmlElement]]
) -> list[tuple[str, float]]:
    """A list rule whose step above the item lost the class that tells the examples' container
    from its siblings of the same tag (`dt/span/a` where the examples sit in
    `span.refentrytitle` beside `span.refpurpose`), with that class again: the siblings of
    another class hold links on other pages (a description's cross-reference), which are no
    items of the list. Preferred to the form without it when it takes the same items on the
    example pages."""
    steps = _top_steps(xp)
    for level in range(1, min(4, len(steps) - 1)):
        if not re.fullmatch(r"[\w-]+", steps[len(steps) - 1 - level]):
            continue
        holders = []
        for n in examples:
            up: HtmlElement | None = n
            for _ in range(level):
                up = up.getparent() if up is not None else None
            holders.append(up)
        if any(h is None or h.tag != steps[len(steps) - 1 - level] for h in holders):
            continue
        shared = set.intersection(*[_classes(h) for h in holders if h is not None])
        for tok in sorted(t for t in shared if is_wordlike(t)):
            # a sibling of the holder's tag with a class, but not this one
            unlike = all(
                any(
                    sib is not h and sib.tag == h.tag and _classes(sib) and tok not in _classes(sib)
                    for sib in h.itersiblings(preceding=False)
                )
                or any(
                    sib.tag == h.tag and _classes(sib) and tok not in _classes(sib)
                    for sib in h.itersiblings(preceding=True)
                )
                for h in holders
                if h is not None
            )
            if not unlike:
                continue
            narrow = _on_step(xp, level, class_predicate(tok))
            if narrow is None:
                continue
            # The same items as the form without the class on the example pages.
            kept = [
                _run(n.getroottree().getroot(), narrow) or [] for n in (f[0] for f in found if f)
            ]
            if [len(k) for k in kept] == [len(f) for f in found if f]:
                return [(narrow, -0.05)]
    return []


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


def _first_list(xp: str, depth: int) -> str | None:
    """``xp`` taking the items of the first list node it finds on a page: the steps down to
    the list node in parentheses with ``[1]``; None for the descendant form or when the list
    node is the first step without a hook of its own (``(//table[…' menu '…])[1]/tr/td/a``,
    a chapter's menu before its sections' menus, but not ``(//ul)[1]``)."""
    if depth <= 0 or xp.startswith("("):
        return None
    steps = _top_steps(xp)
    i = len(steps) - 1 - depth
    if i < 1 or not any(steps[:i]) and "[" not in steps[i]:
        return None
    return f"({'/'.join(steps[: i + 1])})[1]/" + "/".join(steps[i + 1 :])


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
    trees: Sequence[Any] = (),
) -> None:
    """Raise an InductionError saying which examples cannot go together."""
    # Which examples cannot go together? Each later example is paired with every earlier
    # one no candidate covers with it: a new click that contradicts two earlier examples
    # names both of them, not only the first.
    kind = "list" if as_list else "field"
    conflicts: list[str] = []
    involved: list[str] = []
    apart: list[tuple[Example, Example]] = []
    for j, ex in enumerate(positives[1:], 1):
        for earlier in positives[:j]:
            pair = [earlier, ex]
            if not any(_covers(xp, pair, as_list) for xp in pool):
                conflicts.append(f"{earlier.describe()} and {ex.describe()} cannot be one {kind}")
                involved += [earlier.url, ex.url]
                apart.append((earlier, ex))
    if apart and not as_list:
        _check_heading_kinds(apart, trees)
    if conflicts:
        raise InductionError(
            "the examples contradict each other (different templates or different parts of the page?)"
            if not as_list
            else "the examples contradict each other (different lists, templates or parts of the page?)",
            conflicts,
            examples=involved,
            hint="click the same kind of node on each page (the same part of pages of one "
            "kind); replace the example that goes with none of the others",
        )
    if negatives:
        raise InductionError(
            "every rule that selects the examples also selects a 'not this' node",
            [f"not {n.describe()}" for n in negatives],
            hint="leave that 'not this' out, or click another example that it differs from",
        )
    if as_list:
        # Two kinds of list (a member table on one page, a non-member one on another): no
        # rule takes one list per page, and the lists' headings say why.
        roles = _role_warnings(_pages(positives))
        if roles:
            raise InductionError(
                roles[0].replace("the rule takes both kinds of list", "no list rule selects both"),
                [e.describe() for e in positives],
            )
    why = _list_refusal(positives, pool) if as_list else ""
    raise InductionError(
        f"no {kind} rule selects these examples" + (f" ({why})" if why else ""),
        [e.describe() for e in positives],
    )


def _list_refusal(positives: Sequence[Example], pool: dict[str, tuple[float, str]]) -> str:
    """Why no list rule fits examples that fit two by two: a rule that selects them all
    takes items of several lists on a page, or what their steps down differ in (below their
    common container on one page, at their ends across pages). '' when nothing is told."""
    covering = sorted((xp for xp in pool if _covers(xp, positives, True)), key=lambda x: pool[x][0])
    for xp in covering[:5]:
        for page in _pages(positives):
            found = _run(page[0].root, xp) or []
            if found and several_lists(found):
                return (
                    f"every rule that selects them all, such as {xp}, takes items of several "
                    f"lists on {page[0].url}"
                )
    for page in _pages(positives):
        if len(page) < 2:
            continue
        common = _lca([e.node for e in page])
        paths = [_rel(common, e.node, positional=True)[0] for e in page]
        if len(set(paths)) > 1:
            where = common.getroottree().getpath(common)
            return f"below {where} on {page[0].url} their steps differ: " + "; ".join(
                f"{p!r}" for p in paths
            )
    ends = [
        "/".join(n.tag for n in [*list(e.node.iterancestors())[:3][::-1], e.node])
        for e in positives
    ]
    if len(set(ends)) > 1:
        return "their last steps differ: " + "; ".join(
            f"{e.url} …/{end}" for e, end in zip(positives, ends, strict=True)
        )
    return ""


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


#: An unpinned cell step of a list rule (`tr/td/p/a`): the column a site check may pin.
_CELL_STEP = re.compile(r"/tr/(td|th)(?=/|$)")


def _pin_column(
    checked: list[Induced],
    depths: dict[str, int],
    by_page: list[list[Example]],
    negatives: Sequence[Example],
    index: SiteIndex | None,
    trees: Sequence[Any],
    sig: tuple[set[tuple[str, str]], set[str]] | None,
) -> list[Induced]:
    """The top list rule pinned to the column its examples share (`tr/td[1]/p/a`), first,
    when the rule without it takes, on a few pages of the whole site (fewer than half of
    those whose items sit in table rows), items from two columns of one row (the link inside
    a description cell beside the name cell the examples were clicked in), and the pinned
    rule takes the same items as the unpinned one on every other page. The sampled pages
    may hold no such row: the whole site is read, for the top rule only."""
    if not checked or index is None or not index.trees:
        return checked
    top = checked[0]
    if len(_CELL_STEP.findall(top.xpath)) != 1:
        return checked
    cells = [_cell_of(e.node) for page in by_page for e in page]
    if any(c is None for c in cells):
        return checked
    columns = {_column_of(c) for c in cells if c is not None}
    if len(columns) != 1:
        return checked
    column = columns.pop()
    m = _CELL_STEP.search(top.xpath)
    assert m is not None
    pinned = f"{top.xpath[: m.end()]}[{column}]{top.xpath[m.end() :]}"
    if pinned in depths:
        return checked
    cross = rows = 0
    for tree in index.trees:
        found = _run(tree, top.xpath) or []
        if not any(_cell_of(n) is not None for n in found):
            continue
        rows += 1
        if cross_columns(found):
            cross += 1
        elif [id(n) for n in found] != [id(n) for n in _run(tree, pinned) or []]:
            return checked  # the rule takes items of several columns in rows of their own
    if not cross or 2 * cross >= rows:
        return checked
    values = _validate_list(pinned, depths[top.xpath], by_page, negatives)
    if values is None:
        return checked
    p = Induced(pinned, "list", top.family, top.cost + 0.5, examples=values)
    depths[pinned] = depths[top.xpath]
    p.site = _site_list(pinned, depths[pinned], trees, sig)
    if p.site.get("mixed"):
        return checked
    return [p, *checked]
