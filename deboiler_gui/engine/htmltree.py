"""Safe HTML parsing and the tree helpers every part of the engine shares (XPath of a node,
visible text). One parse function, so the cleaner, the selectors and the app's stamped view all
see the same lxml tree."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, cast

import lxml.etree as etree
import lxml.html

if TYPE_CHECKING:
    # lxml has no type information: a class of its own lets mypy check isinstance() and
    # annotations while every attribute stays Any.
    class HtmlElement(lxml.html.HtmlElement):  # type: ignore[misc]
        pass
else:
    HtmlElement = lxml.html.HtmlElement

# huge_tree: 50 MB pages and deep nesting parse instead of failing; libxml2 still caps the depth.
# no_network: a page can never make the parser fetch anything.
_PARSER = etree.HTMLParser(
    huge_tree=True, remove_pis=True, no_network=True, remove_blank_text=False, recover=True
)
# Every element is an HtmlElement, chosen in C: lxml.html's own lookup calls into Python for
# each element proxy (forms get special classes this engine never uses), a tenth of a clean.
_PARSER.set_element_class_lookup(
    etree.ElementDefaultClassLookup(
        element=lxml.html.HtmlElement,
        comment=lxml.html.HtmlComment,
        pi=lxml.html.HtmlProcessingInstruction,
        entity=lxml.html.HtmlEntity,
    )
)
#: Nesting kept when a page is deeper than libxml2 can build (it stops at 2,048 levels and drops
#: everything below and after); deeper tags are dropped, their text kept.
MAX_DEPTH = 1024
_VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "keygen",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    ]
)
_TAG = re.compile(r"<!--.*?-->|<(/)?([A-Za-z][A-Za-z0-9:_-]*)\b[^>]*?(/)?>", re.DOTALL)
_XML_DECL = re.compile(r"^\s*<\?xml[^>]*\?>", re.IGNORECASE)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
# Numeric character references to the control codes U+0001-U+0008, U+000B, U+000C,
# U+000E-U+001F, U+FFFE and U+FFFF, decimal or hexadecimal with any leading zeros, the digits
# not running on: one pattern, replaced in C (no Python call for every reference of a page)
_CONTROL_REF_ONLY = re.compile(
    r"&#(?:[xX]0*(?:[1-8bBcCeEfF]|1[0-9a-fA-F]|[fF]{3}[eEfF])(?![0-9a-fA-F])"
    r"|0*(?:[1-8]|1[1-24-9]|2[0-9]|3[01]|6553[45])(?![0-9]));?"
)

#: Elements whose text is never visible.
INVISIBLE_TAGS = frozenset(
    {"script", "style", "noscript", "template", "head", "title", "meta", "link", "base", "iframe"}
)

# hidden="until-found" is content a reader finds (an accordion's panel): it is not hidden here
# An inline display:none or visibility:hidden is not in the list: a page's script shows those
# blocks on a click (tab panels, a product's other tabs, syntax diagrams behind "show"), and
# they are the page's content.
# (only the elements having one of the two attributes are tested: the attribute axis is a
# C walk, while a predicate on //* builds the normalised value for every element)
_HIDDEN = etree.XPath(
    "(//@hidden | //@aria-hidden)/parent::*[(@hidden and not(translate(@hidden, 'UNTILFOD', 'untilfod') = 'until-found'))"
    " or translate(normalize-space(@aria-hidden), 'TRUE', 'true') = 'true']"
)


def hidden_elements(root: HtmlElement) -> set[HtmlElement]:
    """Elements the page hides for good: the ``hidden`` attribute and ``aria-hidden="true"``
    (templates, dialogs, decorative copies); not an inline ``display:none``, which a script
    may lift (tabs, "show" buttons). Never
    ``html`` or ``body``, nor an element holding most of the page's text (a page that hides
    its content until a script shows it), nor one inside another hidden one."""
    found = [el for el in _HIDDEN(root) if el.tag not in ("html", "body")]
    if not found:
        return set()
    document = root.getroottree().getroot()
    total = _chars(document)
    out: set[HtmlElement] = set()
    for el in found:
        if any(a in out for a in el.iterancestors()):
            continue
        if total and _chars(el) * 2 > total:
            continue
        out.add(el)
    return out


def _chars(el: HtmlElement) -> int:
    return len("".join("".join(el.itertext()).split()))


def drop_hidden(root: HtmlElement) -> int:
    """Remove :func:`hidden_elements` from the tree, keeping the text that follows each one;
    returns how many were removed."""
    hidden = hidden_elements(root)
    for el in hidden:
        el.drop_tree()
    return len(hidden)


#: Elements that start a new line in the visible text.
BLOCK_TAGS = frozenset(
    [
        "address",
        "article",
        "aside",
        "blockquote",
        "body",
        "br",
        "caption",
        "center",
        "dd",
        "details",
        "dialog",
        "dir",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hgroup",
        "hr",
        "html",
        "li",
        "legend",
        "main",
        "menu",
        "nav",
        "ol",
        "p",
        "pre",
        "section",
        "summary",
        "table",
        "tbody",
        "td",
        "tfoot",
        "th",
        "thead",
        "tr",
        "ul",
    ]
)


_WBR = re.compile(r"<wbr\s*/?>", re.IGNORECASE)


#: A start tag longer than this is looked at: one with more than _ATTRS_MAX attributes keeps
#: its first _ATTRS_MAX (libxml2 checks each attribute against the tag's others: 100,000
#: attributes take minutes in C, where no time limit reaches). A long value (a data: URL) is
#: one attribute and stays.
_TAG_MAX = 65536
_ATTRS_MAX = 1000
_HUGE_TAG = re.compile(r"<([A-Za-z][A-Za-z0-9:-]*)(\s[^<>]{" + str(_TAG_MAX) + r",})>")
_ATTRIBUTE = re.compile(r"""\s*[^\s=>"'/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']*))?""")


def _tame_tag(found: re.Match[str]) -> str:
    kept: list[str] = []
    for n, attr in enumerate(_ATTRIBUTE.finditer(found.group(2))):
        if n == _ATTRS_MAX:
            return f"<{found.group(1)}{''.join(kept)}>"
        kept.append(attr.group(0))
    return found.group(0)


def prepare_html(html: str | bytes) -> str | None:
    """The page as :func:`parse_html` hands it to libxml2 (control characters and references
    to them, an XML declaration, start tags of thousands of attributes and ``<wbr>`` made
    safe), or None for a page without markup or text."""
    if isinstance(html, bytes):
        html = html.decode("utf-8", errors="replace")
    html = _XML_DECL.sub("", html, count=1)
    if _has_control(html):
        html = _CONTROL.sub(" ", html)
    if "&#" in html:
        # A character reference to a control character would put the same characters in the
        # tree, which lxml then refuses to set as text anywhere (the page would be lost).
        html = _CONTROL_REF_ONLY.sub(" ", html)
    if not html.strip():
        return None
    if len(html) > _TAG_MAX and _HUGE_TAG.search(html):
        html = _HUGE_TAG.sub(_tame_tag, html)  # a start tag of thousands of attributes
    if "<wbr" in html or "<WBR" in html:
        # An HTML5 void element libxml2 does not know: without the closing slash the rest of
        # its parent would be nested inside it (rustdoc puts one between the parts of a path).
        html = _WBR.sub("<wbr/>", html)
    return html


def parse_html(html: str | bytes, *, prepared: bool = False) -> HtmlElement:
    """Parse a page into an lxml tree; never raises on bad markup, returns an empty document
    for empty input. ``prepared``: the page is known to be its own :func:`prepare_html`
    (a page parsed again), so the checks are not run again."""
    if isinstance(html, bytes) or not prepared:
        ready = prepare_html(html)
        if ready is None:
            return cast(
                HtmlElement,
                lxml.html.document_fromstring("<html><body></body></html>", parser=_PARSER),
            )
        html = ready
    root: HtmlElement
    try:
        root = lxml.html.document_fromstring(html, parser=_PARSER)
        if _hit_depth_limit():
            root = lxml.html.document_fromstring(cap_depth(html), parser=_PARSER)
    except (etree.ParserError, ValueError):
        root = lxml.html.document_fromstring("<html><body></body></html>", parser=_PARSER)
    if not isinstance(root.tag, str) or root.tag != "html":
        # A fragment: wrap it so every tree has html/body and XPaths start at /html.
        wrapper = lxml.html.document_fromstring("<html><body></body></html>", parser=_PARSER)
        wrapper.find("body").append(root)
        root = wrapper
    return root


# _CONTROL as bytes: deleting them is a C table loop, several times faster than a regex scan.
# In UTF-8 these bytes only ever stand for themselves, and EF BF BE/BF only for U+FFFE/U+FFFF.
_CONTROL_BYTES = bytes([*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20)])


def _has_control(html: str) -> bool:
    data = html.encode("ascii") if html.isascii() else html.encode("utf-8", "surrogatepass")
    if len(data.translate(None, _CONTROL_BYTES)) != len(data):
        return True
    return not html.isascii() and (b"\xef\xbf\xbe" in data or b"\xef\xbf\xbf" in data)


def _hit_depth_limit() -> bool:
    return any(e.type_name == "ERR_RESOURCE_LIMIT" for e in _PARSER.error_log)


def cap_depth(html: str, limit: int = MAX_DEPTH) -> str:
    """The page with tags nested deeper than ``limit`` removed (their text stays), so a
    pathologically deep page parses whole instead of losing its tail."""
    out: list[str] = []
    stack: list[tuple[str, bool]] = []  # (tag, emitted)
    depth = 0
    pos = 0
    for m in _TAG.finditer(html):
        closing, name, selfclose = m.group(1), m.group(2), m.group(3)
        if name is None:  # a comment
            continue
        tag = name.lower()
        out.append(html[pos : m.start()])
        pos = m.end()
        if tag in _VOID or selfclose:
            out.append(m.group(0))
        elif not closing:
            keep = depth < limit
            stack.append((tag, keep))
            if keep:
                depth += 1
                out.append(m.group(0))
        else:
            if not any(t == tag for t, _k in stack):
                continue  # a stray end tag
            while stack:
                t, kept = stack.pop()
                if kept:
                    depth -= 1
                    out.append(f"</{t}>")
                if t == tag:
                    break
    out.append(html[pos:])
    return "".join(out)


def iter_elements(root: HtmlElement) -> Iterator[HtmlElement]:
    """Every element (not comments or PIs), document order, without recursion."""
    for el in root.iter():
        if isinstance(el.tag, str):
            yield el


def xpath_of(el: HtmlElement) -> str:
    """Absolute, indexed XPath of an element in its own tree: /html/body/div[2]/ul/li[3].

    Indices count same-tag element siblings and are omitted when the tag is unique among them
    (libxml2's own path, computed in C: a Python walk is quadratic on flat pages)."""
    return str(el.getroottree().getpath(el))


_XSLT_LOCAL = threading.local()


def _text_transform() -> etree.XSLT:
    """visible_text as an XSLT run by libxslt (C): about eight times faster than walking the
    tree in Python on a whole page. One per thread: a transform is not shared across threads."""
    transform = getattr(_XSLT_LOCAL, "transform", None)
    if transform is None:
        sheet = f"""<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
<xsl:output method="text" encoding="UTF-8"/>
<xsl:template match="{"|".join(sorted(INVISIBLE_TAGS))}"/>
<xsl:template match="comment()|processing-instruction()"/>
<xsl:template match="{"|".join(sorted(BLOCK_TAGS))}"><xsl:text>&#10;</xsl:text><xsl:apply-templates/><xsl:text>&#10;</xsl:text></xsl:template>
</xsl:stylesheet>"""
        transform = _XSLT_LOCAL.transform = etree.XSLT(etree.XML(sheet))
    return transform


def visible_text(el: HtmlElement) -> str:
    """The text a reader sees: scripts and styles excluded, block elements on their own lines,
    runs of spaces collapsed (the element's own tail is not part of it)."""
    if not len(el):
        # No children: its own text, unless it is invisible (or a comment).
        if not isinstance(el.tag, str) or el.tag in INVISIBLE_TAGS or not el.text:
            return ""
        return normalize_text(el.text)
    try:
        return normalize_text(str(_text_transform()(el)))
    except etree.XSLTApplyError:
        # Nesting deeper than libxslt recurses: the iterative walk gives the same text.
        return _visible_text_walk(el)


def _visible_text_walk(el: HtmlElement) -> str:
    """visible_text by an explicit stack, so 10,000-level nesting is fine."""
    parts: list[str] = []
    # Each stack item: (element, entering?)
    stack: list[tuple[HtmlElement, bool]] = [(el, True)]
    while stack:
        node, entering = stack.pop()
        tag = node.tag if isinstance(node.tag, str) else None
        if entering:
            if tag is None:
                # comment / PI: only its tail is text
                if node is not el and node.tail:
                    parts.append(node.tail)
                continue
            if tag in INVISIBLE_TAGS:
                if node is not el and node.tail:
                    parts.append(node.tail)
                continue
            if tag in BLOCK_TAGS:
                parts.append("\n")
            if node.text:
                parts.append(node.text)
            stack.append((node, False))
            for child in reversed(node):
                stack.append((child, True))
        else:
            if tag in BLOCK_TAGS:
                parts.append("\n")
            if node is not el and node.tail:
                parts.append(node.tail)
    return normalize_text("".join(parts))


_SPACES = re.compile(r"[ \t\r\f\v\u00a0\u200b\u3000]+")
_NEWLINES = re.compile(r"\s*\n\s*")


def normalize_text(text: str) -> str:
    """Collapse spaces within lines and blank lines between them."""
    text = _SPACES.sub(" ", text)
    text = _NEWLINES.sub("\n", text)
    return text.strip()


def text_length(el: HtmlElement) -> int:
    """Number of visible non-space characters under an element."""
    return sum(1 for ch in visible_text(el) if not ch.isspace())


def drop_element(el: HtmlElement) -> bool:
    """Remove an element with its subtree but keep its tail text (the tail belongs to the
    parent). Returns False for a root, which cannot be removed."""
    parent = el.getparent()
    if parent is None:
        return False
    tail = el.tail
    if tail:
        prev = el.getprevious()
        if prev is not None:
            prev.tail = (prev.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
    parent.remove(el)
    return True


def to_html(el: HtmlElement) -> str:
    """Serialise a tree or subtree as HTML text."""
    return cast(str, lxml.html.tostring(el, encoding="unicode", method="html"))
