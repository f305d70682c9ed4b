"""What kind of value a field gives on a page, kept by ``templates learn`` for every page where
the field had a value: a print of the value (a checksum of its text) and its shape (the tags of
its nodes, their link kind, the heading the value sits under, whether each node starts its
entry). A value that differs from the one learned on its page is the field's own value changed
(a text edited) when its shape is the learned one, and drift (the rule landing on other nodes:
another list once the menu was removed) when it is not: ``evaluate`` counts that as no success,
and ``templates repair`` says so of the pages where a field it answers 'gone' still matches."""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import Any

from deboiler_gui.engine.htmltree import HtmlElement
from deboiler_gui.engine.model import DeboilerError, Page, RuleError
from deboiler_gui.engine.template.extract import extract_field, page_tree, string_owners
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.selectors import _common_ancestor

#: Value nodes a shape is read from (a long list's first ones tell its kind).
SHAPE_NODES = 20
#: Ancestors of a value's block looked at for the heading it sits under.
_HEADING_UP = 5
_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")


def value_print(value: Any, is_list: bool) -> str:
    """A checksum of a field's value, white space runs as one space; a list's items in any
    order (a list is compared as a multiset)."""
    if is_list:
        items = sorted(" ".join(str(v).split()) for v in (value or []))
        text = "\x1f".join(items)
    else:
        text = " ".join(str(value or "").split())
    return f"{zlib.crc32(text.encode('utf-8', 'surrogatepass')):08x}"


def _link(el: HtmlElement) -> str:
    href = el.get("href")
    if href is None:
        return "none"
    return "inpage" if href.strip().startswith("#") else "link"


def _heading_before(el: HtmlElement) -> str:
    """The tag of the nearest heading before a block: a sibling heading (or the last heading
    inside a sibling) of it or of one of its nearest ancestors; "" for none."""
    for node in [el, *el.iterancestors()][:_HEADING_UP]:
        if node.tag in ("body", "html"):
            break
        for sib in node.itersiblings(preceding=True):
            if not isinstance(sib.tag, str):
                continue
            if sib.tag in _HEADINGS:
                return str(sib.tag)
            inner = [d for d in sib.iterdescendants(*_HEADINGS)]
            if inner:
                return str(inner[-1].tag)
    return ""


def _leads(el: HtmlElement) -> bool:
    """Whether a node starts its parent: nothing before it there, element or text (a menu's
    entry ``<li><a>…</a>: what it is``, not a link inside a sentence)."""
    parent = el.getparent()
    return parent is None or (el.getprevious() is None and not (parent.text or "").strip())


def starts_entry(el: HtmlElement) -> bool:
    """Whether a value node starts its entry (``_leads``): a menu's link, not one inside a line
    of text ('Previous: <a>…</a>')."""
    return _leads(el)


def learned_lead(fld: Field) -> bool | None:
    """Whether the field's nodes started their entry on every learned page (True), sat inside
    its text on every one (False), or either (None: unknown, mixed, or a list)."""
    if fld.is_list:
        return None
    flags = {shape.rsplit("|", 1)[-1] for _crc, shape in learned_records(fld).values() if shape}
    if flags == {"lead"}:
        return True
    if flags == {"inside"}:
        return False
    return None


def _nodes(tree: Any, rep: Any) -> list[HtmlElement]:
    """The elements a field's report says it took its value from (for a rule ending on an
    attribute, the elements that carry it)."""
    out: list[HtmlElement] = []
    for path in rep.nodes[:SHAPE_NODES]:
        try:
            found = tree.xpath(path) if path.startswith("/") else []
        except Exception:  # noqa: BLE001 - a report path that is not an XPath tells nothing
            continue
        if found and isinstance(found[0], HtmlElement):
            out.append(found[0])
    if not out and rep.xpath:
        try:
            owners = string_owners(tree, rep.xpath)
        except RuleError:
            owners = []
        out = [o for o in owners[:SHAPE_NODES] if isinstance(o, HtmlElement)]
    return out


def value_shape(tree: Any, rep: Any) -> str:
    """The shape of the value a field's report (``rep``) took on a page: ``tags|links|heading|
    lead`` (its nodes' tags, their link kinds, the tag of the heading its block sits under,
    whether most nodes start their entry); "" when its nodes are not known."""
    nodes = _nodes(tree, rep)
    if not nodes:
        return ""
    block = _common_ancestor(nodes) if len(nodes) > 1 else nodes[0]
    tags = "+".join(sorted({str(n.tag) for n in nodes}))
    links = "+".join(sorted({_link(n) for n in nodes}))
    lead = 2 * sum(1 for n in nodes if _leads(n)) > len(nodes)
    return f"{tags}|{links}|{_heading_before(block)}|{'lead' if lead else 'inside'}"


def shape_words(old: str, new: str) -> str:
    """What differs between a learned shape and the one a value has now, in words ("its nodes
    sit under an h2 where they sat under an h1; they sit inside their entry's text where they
    started it"), or "" when they are alike or one is unknown."""
    if not old or not new or old == new:
        return ""
    was = (old.split("|") + ["", "", "", ""])[:4]
    now = (new.split("|") + ["", "", "", ""])[:4]
    parts = []
    if was[0] != now[0]:
        parts.append(f"its nodes are {now[0]} where they were {was[0]}")
    if was[1] != now[1]:
        parts.append(f"links {now[1]} where they were {was[1]}")
    if was[2] != now[2]:
        under = f"under an {now[2]}" if now[2] else "under no heading"
        before = f"an {was[2]}" if was[2] else "no heading"
        parts.append(f"{under} where it was under {before}")
    if was[3] != now[3]:
        parts.append(
            "inside their entry's text where they started it"
            if now[3] == "inside"
            else "starting their entry where they sat inside its text"
        )
    return "; ".join(parts)


def page_record(tree: Any, fld: Field, value: Any, rep: Any) -> tuple[str, str]:
    """The print and the shape of a field's value on one page (its report ``rep``)."""
    return value_print(value, fld.is_list), value_shape(tree, rep)


def encode_records(
    records: dict[str, tuple[str, str]], urls: Sequence[str]
) -> tuple[list[str], list[str]]:
    """The prints of ``urls`` (the field's ``present`` record, in its order) as kept in the
    search rules: one ``print:shape-number`` per page (``present_prints``), and the shapes met
    (``present_shapes``). A page without a record gets an empty entry."""
    shapes: list[str] = []
    index: dict[str, int] = {}
    out = []
    for url in urls:
        rec = records.get(url)
        if rec is None:
            out.append("")
            continue
        crc, shape = rec
        if shape not in index:
            index[shape] = len(shapes)
            shapes.append(shape)
        out.append(f"{crc}:{index[shape]}")
    return out, shapes


_DECODED: dict[int, tuple[Any, dict[str, tuple[str, str]]]] = {}


def learned_records(fld: Field) -> dict[str, tuple[str, str]]:
    """Per page where ``templates learn`` found the field with a value, the print and shape of
    that value ({} when learning kept none: a template learned before they were kept)."""
    fp = fld.search.fingerprint
    present, prints, shapes = fp.get("present"), fp.get("present_prints"), fp.get("present_shapes")
    if not present or not isinstance(prints, list) or len(prints) != len(present):
        return {}
    hit = _DECODED.get(id(prints))
    if hit is not None and hit[0] is prints:
        return hit[1]
    out: dict[str, tuple[str, str]] = {}
    for url, rec in zip(present, prints, strict=True):
        crc, _sep, k = str(rec).partition(":")
        if not crc:
            continue
        try:
            shape = str(shapes[int(k)]) if isinstance(shapes, list) else ""
        except (ValueError, IndexError):
            shape = ""
        out[str(url)] = (crc, shape)
    if len(_DECODED) > 256:
        _DECODED.clear()
    _DECODED[id(prints)] = (prints, out)
    return out


def drift(tree: Any, fld: Field, template: Template, url: str) -> dict[str, Any] | None:
    """Whether the field's value on a page drifted from the kind learned there: a value other
    than the one learned on ``url`` whose shape differs from the learned shape. None when it
    did not (the learned value, another value of the learned shape, no value) or nothing was
    learned for the page; else ``{"value", "was", "now", "why"}``. The value is read from the
    field's rules without the cleaner, as learning read it."""
    learned = learned_records(fld).get(url)
    if learned is None:
        return None
    try:
        value, rep = extract_field(tree, fld, template, url=url)
    except RuleError:
        return None
    if not value or value_print(value, fld.is_list) == learned[0]:
        return None
    now = value_shape(tree, rep)
    why = shape_words(learned[1], now)
    if not why:
        return None
    return {"value": value, "was": learned[1], "now": now, "why": why}


def page_drift(
    page: Page, fld: Field, template: Template, tree: Any = None
) -> dict[str, Any] | None:
    """``drift`` on a page, parsed when ``tree`` is not given."""
    if tree is None:
        try:
            tree = page_tree(page)
        except DeboilerError:
            return None
    return drift(tree, fld, template, page.url)


def preview(value: Any, width: int = 40) -> str:
    """A value's start for a report: a list's first items, a text's first characters."""
    if isinstance(value, list):
        shown = ", ".join(repr(str(v)[:width]) for v in value[:2])
        return shown + (", …" if len(value) > 2 else "")
    return repr(str(value)[:width])


__all__ = [
    "SHAPE_NODES",
    "drift",
    "encode_records",
    "learned_lead",
    "learned_records",
    "page_drift",
    "page_record",
    "preview",
    "shape_words",
    "starts_entry",
    "value_print",
    "value_shape",
]
