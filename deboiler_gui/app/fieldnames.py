"""A name for a field or list the user left unnamed, read from the clicked node(s): a link's
label, a heading's role, the node's id or class; never a generic ``field``, which said
nothing of what the field holds."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from deboiler_gui.app.validation import fresh_name
from deboiler_gui.engine.template.model import RECORD_KEYS

#: What a heading is on its page, by its rank.
HEADING_ROLES = {"h1": "title", "h2": "subtitle"}
#: What a list of such items holds.
LIST_OF = {
    "a": "links",
    "img": "images",
    "li": "items",
    "tr": "rows",
    "dt": "terms",
    "p": "paragraphs",
}
#: A field name's words at most.
WORDS = 3
#: Class names that say how a node looks, not what it holds.
_STYLE_WORDS = frozenset(
    {"left", "right", "center", "clearfix", "row", "col", "container", "wrapper", "inner", "outer"}
)


def _slug(text: str) -> str:
    words = re.findall(r"[a-z0-9]+", text.lower())[:WORDS]
    name = "_".join(words)
    if name and name[0].isdigit():
        name = f"n{name}"
    return name


def _own_name(el: Any) -> tuple[str, str]:
    """A name from the node's id or class, and what it was read from."""
    ident = _slug(el.get("id") or "")
    if ident:
        return ident, f"the {el.tag}'s id"
    for cls in (el.get("class") or "").split():
        if cls.lower() not in _STYLE_WORDS:
            name = _slug(cls.replace("-", "_"))
            if name:
                return name, f"the {el.tag}'s class"
    return "", ""


def _label(el: Any) -> str:
    text = " ".join(el.text_content().split())
    if not text:
        img = next(iter(el.iter("img")), None)
        text = (img.get("alt") or "") if img is not None else ""
    return _slug(text)


def _link_of(el: Any) -> Any:
    """The link the node is or is in (three levels up at most), or None."""
    for up, node in enumerate([el, *el.iterancestors()]):
        if up > 3:
            break
        if node.tag in ("a", "area"):
            return node
    return None


def _field_name(el: Any, kind: str, attribute: str) -> tuple[str, str]:
    tag = el.tag if isinstance(el.tag, str) else ""
    suffix = f"_{_slug(attribute)}" if kind == "attribute" and attribute else ""
    if tag in HEADING_ROLES or re.fullmatch(r"h[3-6]", tag):
        return HEADING_ROLES.get(tag, "heading") + suffix, f"the {tag} heading's role"
    link = _link_of(el)
    if link is not None:
        label = _label(link)
        if label:
            return label + suffix, "the link's label"
    if tag == "img":
        alt = _slug(el.get("alt") or "")
        return (alt or "image") + (suffix or ""), "the image's text" if alt else "the image"
    own, where = _own_name(el)
    if own:
        return own + suffix, where
    text = _slug(el.text_content())
    if text:
        return text + suffix, "the node's first words"
    return (tag or "node") + suffix, f"the {tag or 'node'} clicked"


def _list_name(elements: Sequence[Any], kind: str, attribute: str) -> tuple[str, str]:
    """A list: named by the nearest container of its items with an id or class, else by what
    its items are."""
    first = elements[0]
    common = [
        a
        for a in first.iterancestors()
        if all(any(a is b for b in e.iterancestors()) for e in elements)
    ]
    for up, node in enumerate(common):
        if up > 4 or node.tag in ("body", "html"):
            break
        own, where = _own_name(node)
        if own:
            return own, f"the {where.rsplit(' ', 1)[-1]} of the {node.tag} around the items"
    tag = first.tag if isinstance(first.tag, str) else ""
    name = LIST_OF.get(tag, "items")
    if kind == "attribute" and attribute:
        name = f"{name}_{_slug(attribute)}"
    return name, f"the items ({tag})"


def propose_name(
    elements: Sequence[Any], kind: str, attribute: str, taken: Iterable[str], *, as_list: bool
) -> tuple[str, str, str]:
    """A name for a new field (or list, ``as_list``) of the clicked ``elements``, none of
    ``taken`` (made unique with ``-2``…), what it was read from ("the link's label"), and the
    name read when it was taken (else "")."""
    if not elements:
        base, where = ("items", "") if as_list else ("value", "")
    elif as_list:
        base, where = _list_name(elements, kind, attribute)
    else:
        base, where = _field_name(elements[0], kind, attribute)
    if base in RECORD_KEYS:
        base = f"{base}_value"
    name = fresh_name(base, taken)
    return name, where, base if name != base else ""


__all__ = ["propose_name"]
