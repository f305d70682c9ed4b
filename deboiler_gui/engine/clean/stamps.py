"""Stamps and skip links: small parts of the page frame that no repetition shows.

A line that holds only a date or a time ("Wednesday, 7 June, 2000, 16:58 GMT", "Sat Feb 7,
2:03 pm ET", "5 minutes ago", "Last updated: 2023-01-20") is the page's stamp: its text is
different on every page, so the site-level detectors never see it repeat, but it is metadata
of the page, not its text. A stamp is taken only when it stands on its own line, outside a
table, a heading, a definition list or code, and holds no link (a list of archive months is a
list of links, judged by the navigation detectors). "Skip to content" links are the frame's
whatever the site, and so are drop-down lists (a browser shows one of their choices, which are
not the page's text: a menu of dates, of sections, of versions) and, outside the content, list
boxes.
"""

from __future__ import annotations

import re

from lxml import etree
from lxml.html import HtmlElement

from deboiler_gui.engine.htmltree import BLOCK_TAGS

#: the longest text a stamp can have
STAMP_MAX_CHARS = 80

_WEEKDAY = r"mon(?:day)?|tue(?:s|sday)?|wed(?:nesday)?|thu(?:r|rs|rsday)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?"
_MONTH = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)
_UNIT = r"sec(?:ond)?s?|min(?:ute)?s?|h(?:ou)?rs?|days?|weeks?|months?|years?"
_ZONE = r"gmt|utc|bst|cet|cest|eet|est|edt|cst|cdt|mst|mdt|pst|pdt|et|ct|mt|pt|uk|z"
_WORDS = (
    r"updated|published|posted|last|modified|created|date|on|at|am|pm|a\.m\.|p\.m\.|ago"
    r"|today|yesterday|just|now"
)
#: every word a stamp may hold
_TOKEN = re.compile(
    rf"(?:\d{{4}}-\d{{2}}-\d{{2}}(?:t[\d:.]+(?:z|[+-]\d{{2}}:?\d{{2}})?)?|\d+(?:st|nd|rd|th)?"
    rf"|\d+[年月日时時分秒号號]|[年月日时時分秒号號]"
    rf"|(?:{_WEEKDAY}|{_MONTH}|{_UNIT}|{_ZONE}|{_WORDS})\b\.?)",
    re.IGNORECASE,
)
_SEPARATORS = re.compile(r"[\s,.:;/|()\[\]\-–—·•+'’]+")
#: what makes a stamp a date or a time, not a bare number
_STRONG = re.compile(
    rf"\d{{1,2}}:\d{{2}}"
    rf"|\d{{1,4}}[-/.]\d{{1,2}}[-/.]\d{{1,4}}"
    rf"|\b(?:{_MONTH})\b\.?\s*\d|\d(?:st|nd|rd|th)?\s+(?:{_MONTH})\b"
    rf"|\d+\s*(?:{_UNIT})\s+ago\b"
    rf"|\d+\s*[年月]\s*\d+\s*[月日]",
    re.IGNORECASE,
)
#: a skip link's text
_SKIP = re.compile(r"^\s*(?:skip|jump)\s+to\b", re.IGNORECASE)

#: a stamp never stands in these (a heading, a term and its definition, code, a control)
_NEVER = frozenset(
    ["caption", "h1", "h2", "h3", "h4", "h5", "h6", "dt", "dd", "pre", "code", "kbd", "samp"]
    + ["textarea", "option", "select", "button", "title", "a"]
)
#: a table cell that holds only a date is a table's value (a date column); a cell of a layout
#: table holds the stamp among other text
_CELLS = frozenset(["td", "th", "table", "tr", "tbody", "thead", "tfoot"])

#: the elements a stamp's text can be the first text of (links, cells, controls never are)
_HOLDERS = [
    "span",
    "div",
    "p",
    "b",
    "i",
    "em",
    "strong",
    "small",
    "font",
    "time",
    "li",
    "abbr",
    "cite",
    "address",
    "center",
    "footer",
    "header",
    "section",
    "article",
    "aside",
    "u",
    "sup",
    "sub",
]
_DIGIT = re.compile(r"\d")


def _outside(
    root: HtmlElement, area: HtmlElement | None, taken: set[HtmlElement]
) -> list[HtmlElement]:
    """The elements outside ``area`` and the ``taken`` subtrees whose first text is short and
    holds a digit."""
    body = root.find("body")
    if body is None:
        return []
    found = []
    if area is None:
        for el in body.iter(*_HOLDERS):
            t = el.text
            if t and len(t) <= STAMP_MAX_CHARS * 2 and _DIGIT.search(t):
                found.append(el)
        return found
    stack = [body]
    while stack:
        node = stack.pop()
        for c in node:
            if c is area or c in taken or not isinstance(c.tag, str):
                continue
            t = c.text
            if t and c.tag in _HOLDER_SET and len(t) <= STAMP_MAX_CHARS * 2 and _DIGIT.search(t):
                found.append(c)
            if len(c):
                stack.append(c)
    return found


_HOLDER_SET = frozenset(_HOLDERS)

#: drop-down lists and in-page links (a skip link's)
_CONTROLS = etree.XPath("//select | //a[starts-with(normalize-space(@href), '#')]")
#: the whitespace XPath's normalize-space strips (XML's)
_XML_SPACE = " \t\n\r"


def _controls(root: HtmlElement) -> list[HtmlElement]:
    """What ``_CONTROLS`` selects, in one C-level iteration (the XPath normalises the href of
    every link of the page)."""
    out: list[HtmlElement] = []
    for el in root.iter("select", "a"):
        if el.tag == "select":
            out.append(el)
        else:
            href = el.get("href")
            if href and "#" in href and href.lstrip(_XML_SPACE).startswith("#"):
                out.append(el)
    return out


#: the sizes of a select shown as a drop-down (one line)
DROPDOWN = ("", "0", "1")


def holds_date(text: str) -> bool:
    """Whether the text holds a date or a time ("11/27/2010 @ 4:31pm", "January 5, 2010",
    "7:05 AM", "3 hours ago"), not only a bare number or a year."""
    return _STRONG.search(text) is not None


def is_stamp(text: str) -> bool:
    """Whether a text is only a date or a time, with the few words that introduce one."""
    text = text.strip()
    if not text or len(text) > STAMP_MAX_CHARS or _STRONG.search(text) is None:
        return False
    return not _SEPARATORS.sub("", _TOKEN.sub("", text))


def _has_text(el: HtmlElement) -> bool:
    return any(t.strip() for t in el.itertext())


def _alone(el: HtmlElement, limit: HtmlElement | None) -> HtmlElement | None:
    """The outermost element below ``limit`` whose only text is that of ``el``, or None when
    a part of it may not be a stamp's."""
    unit = el
    while True:
        if unit.tag in _NEVER or unit.tag in _CELLS:
            return None
        parent = unit.getparent()
        if parent is None or parent is limit or parent.tag in ("body", "html"):
            return unit
        if parent.tag in _NEVER:
            return None
        if (parent.text or "").strip() or (unit.tail or "").strip():
            return unit
        if any(
            c is not unit and ((c.tail or "").strip() or (isinstance(c.tag, str) and _has_text(c)))
            for c in parent
        ):
            return unit
        unit = parent


#: how many inline ancestors are looked through for a line's start and end
MAX_INLINE_LEVELS = 30

#: elements that show nothing between two lines of text
_UNSEEN = frozenset(["script", "style", "title", "noscript", "noembed", "template", "meta", "link"])


def _quiet(node: HtmlElement) -> bool:
    """Whether a node shows no text of its own: a comment, an invisible or empty element."""
    if not isinstance(node.tag, str) or node.tag in _UNSEEN:
        return True
    return node.tag not in BLOCK_TAGS and not _has_text(node)


def _on_own_line(el: HtmlElement, depth: int = 0) -> bool:
    """Whether the element's text is a line of its own in the page's text (looked for up to
    MAX_INLINE_LEVELS inline ancestors: deeper, it is not)."""
    if depth > MAX_INLINE_LEVELS:
        return False
    if el.tag in BLOCK_TAGS:
        return True
    if (el.tail or "").strip():
        return False
    parent = el.getparent()
    prev = el.getprevious()
    while prev is not None and _quiet(prev) and not (prev.tail or "").strip():
        prev = prev.getprevious()
    if prev is None:
        if parent is not None and (parent.text or "").strip():
            return False
    elif (prev.tail or "").strip() or prev.tag not in BLOCK_TAGS:
        return False
    nxt = el.getnext()
    while nxt is not None and _quiet(nxt):
        if (nxt.tail or "").strip():
            return False
        nxt = nxt.getnext()
    if nxt is not None:
        return nxt.tag in BLOCK_TAGS
    if parent is None or parent.tag in BLOCK_TAGS or parent.getparent() is None:
        return True
    return prev is None and _on_own_line(parent, depth + 1)


def stamps(
    root: HtmlElement,
    taken: set[HtmlElement],
    guarded: set[HtmlElement],
    content: HtmlElement | None = None,
) -> list[HtmlElement]:
    """The page's skip links, drop-down lists and, outside the ``content`` element (none when
    the whole page is the content), its stamps and list boxes,
    outermost, outside the ``taken`` subtrees and the ``guarded`` elements (kept by a rule, or
    the content's own ancestors)."""
    found: list[HtmlElement] = []
    if content is not None:
        for el in _outside(root, content, taken):
            # the element's whole text (a time and its machine-readable form in a child)
            if not is_stamp(el.text_content() if len(el) else el.text):
                continue
            unit = _alone(el, content)
            if unit is None or unit in guarded or not _on_own_line(unit):
                continue
            if next(unit.iter("a"), None) is not None:
                continue
            if any(a.tag in _NEVER for a in unit.iterancestors()):
                continue
            found.append(unit)
    for el in _controls(root):
        if el in guarded:
            continue
        if el.tag == "a":
            if _SKIP.match(el.text_content() or ""):
                found.append(el)
            continue
        # a drop-down's choices are not the page's text (a menu of dates, sections, versions)
        dropdown = el.get("multiple") is None and (el.get("size") or "1").strip() in DROPDOWN
        if dropdown or content is None or not _below(el, content):
            found.append(el)
    return [el for el in found if el not in taken and taken.isdisjoint(el.iterancestors())]


#: a signature's name is a few words...
SIGNATURE_NAME_WORDS = 4
SIGNATURE_NAME_CHARS = 40
#: ...after a dash that ends the message, and the message before it is at least this long
SIGNATURE_MESSAGE_CHARS = 20
_DASH_END = re.compile(r"[–—-]\s*$")


def signatures(top: HtmlElement, taken: set[HtmlElement]) -> list[HtmlElement]:
    """The signatures that end messages inside ``top``: after a message's text, a dash, a
    name (a link or a span of a few words) and a date (an element holding only a date or a
    time) with nothing after them — a comment's "… – ann Sep 3 '14 at 3:27", "… — bob 3 hours
    ago". The name and the date, outside the ``taken`` subtrees; the message and its dash
    stay. A name without a date after it, or a date with text after it, is the message's."""
    found: list[HtmlElement] = []
    for name in top.iter("a", "span"):
        # the cheap tests first (a code listing has thousands of spans): text after the
        # name, then the dash before it, then the name's own words
        if (name.tail or "").strip():
            continue
        parent = name.getparent()
        if parent is None or parent.tag in _NEVER:
            continue
        # nothing may follow the date, not even text after the parent's last child (and the
        # date follows the name): two lookups in C
        last = parent[-1]
        if last is name or (last.tail or "").strip():
            continue
        prev = name.getprevious()
        # (a text after it first: cheaper than reading its own)
        while prev is not None and not (prev.tail or "").strip() and _quiet(prev):
            prev = prev.getprevious()
        before = (prev.tail if prev is not None else parent.text) or ""
        if not _DASH_END.search(before):
            continue
        words = name.text_content().split()
        if not words or len(words) > SIGNATURE_NAME_WORDS:
            continue
        if len("".join(words)) > SIGNATURE_NAME_CHARS:
            continue
        date = None
        for sib in name.itersiblings():
            if not isinstance(sib.tag, str):
                if (sib.tail or "").strip():
                    date = None
                    break
                continue
            text = sib.text_content()
            if date is None and text.strip() and is_stamp(text):
                date = sib
            elif text.strip():
                date = None
                break
            if (sib.tail or "").strip():
                date = None
                break
        if date is None:
            continue
        message = (parent.text or "") + "".join(
            t for c in name.itersiblings(preceding=True) for t in (c.text_content(), c.tail or "")
        )
        if len("".join(message.split())) - 1 < SIGNATURE_MESSAGE_CHARS:
            continue  # a date line "by ann – Sep 3", not a message's signature
        found.extend((name, date))
    return [el for el in found if el not in taken and taken.isdisjoint(el.iterancestors())]


def _below(el: HtmlElement, ancestor: HtmlElement) -> bool:
    return ancestor in el.iterancestors()


__all__ = ["STAMP_MAX_CHARS", "is_stamp", "signatures", "stamps"]
