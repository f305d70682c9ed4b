"""JSON documents as XML trees, so the same XPath fields extract from JSON API responses and
from HTML pages.

Mapping: an object becomes an element whose children are its keys (in document order); a list
becomes repeated ``item`` elements; scalars become text. Keys that are not valid element names
become ``<key name="...">``. The root is ``<json>``. The JSON type of each node is kept in a
``type`` attribute (object, array, string, number, boolean, null).

    {"data": {"items": [{"id": 7}]}}  ->  /json/data/items/item[1]/id  == "7"
"""

from __future__ import annotations

import json
import re
from typing import Any

import lxml.etree as etree

from deboiler_gui.engine.model import InputError

_JSON_START = re.compile(r"\s*[{\[]")
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]*$")


def _child(parent: etree._Element, key: str) -> etree._Element:
    if _NAME.match(key) and not key.lower().startswith("xml"):
        return etree.SubElement(parent, key)
    el = etree.SubElement(parent, "key")
    el.set("name", _clean(key))  # a control character in a key is no attribute value in XML
    return el


def _fill(el: etree._Element, value: Any) -> None:
    # Iterative: deeply nested JSON must not exhaust the Python stack.
    stack: list[tuple[etree._Element, Any]] = [(el, value)]
    while stack:
        node, val = stack.pop()
        if isinstance(val, dict):
            node.set("type", "object")
            for key, sub in val.items():
                stack.append((_child(node, str(key)), sub))
        elif isinstance(val, list):
            node.set("type", "array")
            for sub in val:
                stack.append((etree.SubElement(node, "item"), sub))
        elif isinstance(val, bool):
            node.set("type", "boolean")
            node.text = "true" if val else "false"
        elif val is None:
            node.set("type", "null")
        elif isinstance(val, int | float):
            node.set("type", "number")
            node.text = json.dumps(val)
        else:
            node.set("type", "string")
            node.text = _clean(str(val))
    # Children were appended in reverse stack order only for siblings pushed later; keys and
    # items are created eagerly in order above, so document order is preserved.


_BAD_XML = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _clean(text: str) -> str:
    return _BAD_XML.sub("\ufffd", text)


def json_to_xml(text: str | bytes, *, source: str = "JSON document") -> etree._Element:
    """Parse JSON text and return the ``<json>`` root element; InputError names ``source``."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise InputError(f"{source}: not valid JSON ({exc})") from exc
    root = etree.Element("json")
    _fill(root, value)
    return root


def looks_like_json(content_type: str | None, text: str) -> bool:
    """True for responses declared as JSON, or undeclared bodies that start like JSON."""
    if content_type and "json" in content_type.lower():
        return True
    # the first character that is not white space, without copying a long page
    start = _JSON_START.match(text)
    return start is not None and not text.startswith("[if", start.end() - 1)
