"""Safe HTML parsing and the tree helpers every part of the engine shares (XPath of a node,
visible text). One parse function, so the cleaner, the selectors and the app's stamped view all
see the same lxml tree."""

from __future__ import annotations

import copy
import re
import threading
from collections.abc import Iterable, Iterator
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
#: The same parser without libxml2's table of ids, for trees no user XPath reads: the
#: cleaner's own parses (fit's and memory mode's second one). The table only serves XPath's
#: ``id()``, which template selectors use (see template/selectors.py); filling it is about a
#: fifth of a parse.
_PARSER_NO_IDS = etree.HTMLParser(
    huge_tree=True,
    remove_pis=True,
    no_network=True,
    remove_blank_text=False,
    recover=True,
    collect_ids=False,
)
_PARSER_NO_IDS.set_element_class_lookup(
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
#: Elements that never hold content (HTML's void elements).
VOID_TAGS = _VOID = frozenset(
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

#: Elements whose text is never visible as the page's text. A ``textarea`` is a form control:
#: what it holds is the control's value, raw text a browser shows in an edit box (often the
#: page's own markup, escaped, for an editor to load), not text of the page. A ``noembed``
#: block is the fallback of an ``embed`` that no browser shows (libxml2 reads it as raw text:
#: an advertisement's ``<A HREF=...><IMG SRC=...>`` came out as a story's text); a
#: ``noscript`` block is what a browser without scripts shows, not the page a reader sees. A
#: frameset page's ``noframes`` block is its only text and is read (see parse_html).
INVISIBLE_TAGS = frozenset(
    {
        "script",
        "style",
        "noscript",
        "noembed",
        "template",
        "textarea",
        "head",
        "title",
        "meta",
        "link",
        "base",
        "iframe",
    }
)

#: Elements that hold no text at all, whose value is an attribute: a ``<meta>``'s ``@content``,
#: a ``<link>``'s or ``<base>``'s ``@href``.
VALUE_ATTRIBUTES = {"meta": "content", "link": "href", "base": "href"}

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


def may_hide(source: str) -> bool:
    """Whether a tree parsed from this HTML (see :func:`parse_html`) can have an element with
    a ``hidden`` or ``aria-hidden`` attribute: the HTML says "hidden" somewhere, in any case,
    or holds a start tag long enough for :func:`prepare_html` to keep only some of its
    attributes (which may join two pieces of a name). A search of the text is a tenth of
    the XPath's walk over every node of a large page (a Doxygen source listing)."""
    # (the word as written first: most pages that say it say it so, in a style)
    return (
        "hidden" in source
        or "hidden" in source.lower()
        or (len(source) > _TAG_MAX and _HUGE_TAG.search(source) is not None)
    )


def hidden_elements(root: HtmlElement, source: str | None = None) -> set[HtmlElement]:
    """Elements the page hides for good: the ``hidden`` attribute and ``aria-hidden="true"``
    (templates, dialogs, decorative copies); not an inline ``display:none``, which a script
    may lift (tabs, "show" buttons). Never
    ``html`` or ``body``, nor an element holding most of the page's text (a page that hides
    its content until a script shows it), nor one inside another hidden one. ``source``:
    the HTML the tree was parsed from, when known (a page that never says "hidden" has
    none, see :func:`may_hide`)."""
    if source is not None and not may_hide(source):
        return set()
    found = [el for el in _HIDDEN(root) if el.tag not in ("html", "body")]
    if not found:
        return set()
    document = root.getroottree().getroot()
    total = _chars(document)
    out: set[HtmlElement] = set()
    for el in found:
        if not out.isdisjoint(el.iterancestors()):
            continue
        if total and _chars(el) * 2 > total:
            continue
        out.add(el)
    return out


def _chars(el: HtmlElement) -> int:
    return len("".join("".join(el.itertext()).split()))


def drop_hidden(root: HtmlElement, source: str | None = None) -> int:
    """Remove :func:`hidden_elements` from the tree, keeping the text that follows each one;
    returns how many were removed. ``source``: the HTML the tree was parsed from, if known."""
    hidden = hidden_elements(root, source)
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
    if not html or html.isspace():  # (no stripped copy of the page made)
        return None
    if len(html) > _TAG_MAX and _HUGE_TAG.search(html):
        html = _HUGE_TAG.sub(_tame_tag, html)  # a start tag of thousands of attributes
    if "<wbr" in html or "<WBR" in html:
        # An HTML5 void element libxml2 does not know: without the closing slash the rest of
        # its parent would be nested inside it (rustdoc puts one between the parts of a path).
        html = _WBR.sub("<wbr/>", html)
    return html


def parse_html(html: str | bytes, *, prepared: bool = False, ids: bool = True) -> HtmlElement:
    """Parse a page into an lxml tree; never raises on bad markup, returns an empty document
    for empty input. ``prepared``: the page is known to be its own :func:`prepare_html`
    (a page parsed again), so the checks are not run again. ``ids=False``: a tree no XPath
    with ``id()`` will read (the same tree, parsed without libxml2's id table)."""
    parser = _PARSER if ids else _PARSER_NO_IDS
    if isinstance(html, bytes) or not prepared:
        ready = prepare_html(html)
        if ready is None:
            return cast(
                HtmlElement,
                lxml.html.document_fromstring("<html><body></body></html>", parser=parser),
            )
        html = ready
    root: HtmlElement
    try:
        root = lxml.html.document_fromstring(html, parser=parser)
        if _hit_depth_limit(parser):
            root = lxml.html.document_fromstring(cap_depth(html), parser=parser)
    except (etree.ParserError, ValueError):
        root = lxml.html.document_fromstring("<html><body></body></html>", parser=parser)
    if not isinstance(root.tag, str) or root.tag != "html":
        # A fragment: wrap it so every tree has html/body and XPaths start at /html.
        wrapper = lxml.html.document_fromstring("<html><body></body></html>", parser=parser)
        wrapper.find("body").append(root)
        root = wrapper
    _gather_body(root)
    _open_noframes(root, parser)
    return root


def _gather_body(root: HtmlElement) -> None:
    """libxml2 leaves what follows a closed body beside it, under ``html``: everything after
    ``<body bgcolor="#fff"/>`` (a body tag closing on itself, NYT's 2000 section fronts) or
    after ``</body>``, and a second ``body``'s content in a second element. A browser puts it
    all in the one body; so does this, so the page's text, its counts and its content slot are
    read from the body where a reader sees them."""
    body = None
    for child in root:
        if child.tag == "body":
            body = child
            break
    if body is None or body.getnext() is None:
        return
    tail, body.tail = body.tail, None
    _append_text(body, tail)
    for node in list(body.itersiblings()):
        if node.tag == "body":  # a second body: its content joins the first
            tail = node.tail
            _append_text(body, node.text)
            for attr, value in node.attrib.items():
                if attr not in body.attrib:
                    body.set(attr, value)
            for inner in list(node):
                body.append(inner)
            root.remove(node)
            _append_text(body, tail)
        elif isinstance(node.tag, str) and node.tag in ("head", "frameset"):
            continue
        else:
            body.append(node)  # (its tail goes with it)


def _append_text(parent: HtmlElement, text: str | None) -> None:
    if not text:
        return
    if len(parent):
        last = parent[-1]
        last.tail = (last.tail or "") + text
    else:
        parent.text = (parent.text or "") + text


def _open_noframes(root: HtmlElement, parser: etree.HTMLParser = _PARSER) -> None:
    """libxml2 reads a ``noframes`` block as raw text (its markup as characters: a frameset
    page's ``<body bgcolor="#000000"></body>``): parse that text into the block's elements,
    so the page's text is what a reader without frames sees, never markup."""
    for block in list(root.iter("noframes")):
        text = block.text
        if len(block) or not text or ("<" not in text and "&" not in text):
            continue
        try:
            doc = lxml.html.document_fromstring(text, parser=parser)
        except (etree.ParserError, ValueError):
            block.text = None
            continue
        body = doc.find("body")
        source = body if body is not None and isinstance(doc.tag, str) else doc
        if source is doc and doc.tag in ("html", "head"):
            block.text = None
            continue
        block.text = source.text
        for child in list(source):
            block.append(child)


# _CONTROL as bytes: deleting them is a C table loop, several times faster than a regex scan.
# In UTF-8 these bytes only ever stand for themselves, and EF BF BE/BF only for U+FFFE/U+FFFF.
_CONTROL_BYTES = bytes([*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20)])


def _has_control(html: str) -> bool:
    data = html.encode("ascii") if html.isascii() else html.encode("utf-8", "surrogatepass")
    if len(data.translate(None, _CONTROL_BYTES)) != len(data):
        return True
    return not html.isascii() and (b"\xef\xbf\xbe" in data or b"\xef\xbf\xbf" in data)


def _hit_depth_limit(parser: etree.HTMLParser = _PARSER) -> bool:
    return any(e.type_name == "ERR_RESOURCE_LIMIT" for e in parser.error_log)


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


#: Steps of a readable path shown whole; a longer one keeps its first and last two steps.
READABLE_STEPS = 4


def _step_name(el: HtmlElement) -> str:
    name = str(el.tag).lower()
    ident = (el.get("id") or "").strip()
    if ident and " " not in ident:
        return f"{name}#{ident}"
    classes = (el.get("class") or "").split()
    return name + "".join(f".{c}" for c in classes[:2])


def readable_path(el: HtmlElement, above: dict[HtmlElement, tuple[str, ...]] | None = None) -> str:
    """A short CSS-like name of an element for people: ``div#content > div.article``.

    It starts at the nearest element with an id (the element itself or an ancestor), else
    below ``body``; each step is ``tag#id`` or ``tag.class`` (at most two classes). A path of
    more than :data:`READABLE_STEPS` steps keeps its first and last two around ``…``. It
    names the place, not one element: several may share it (the XPath tells them apart).

    ``above``: the steps above each parent met so far (filled here), for the names of many
    elements of one tree (a page's removed blocks share their parents)."""
    if not isinstance(el.tag, str):
        return ""
    if above is not None:
        name = _step_name(el)
        ident = (el.get("id") or "").strip()
        steps = (name,) if ident and " " not in ident else (name, *_steps_above(el, above))
        if len(steps) > READABLE_STEPS:
            return " > ".join((steps[-1], "…", steps[1], steps[0]))
        return " > ".join(reversed(steps))
    chain: list[HtmlElement] = []
    node: HtmlElement | None = el
    while node is not None and isinstance(node.tag, str):
        if node.tag in ("html", "body") and chain:
            break
        chain.append(node)
        ident = (node.get("id") or "").strip()
        if ident and " " not in ident:
            break
        node = node.getparent()
    if len(chain) > READABLE_STEPS:  # only the steps shown are named
        return " > ".join((_step_name(chain[-1]), "…", _step_name(chain[1]), _step_name(chain[0])))
    return " > ".join([_step_name(n) for n in reversed(chain)])


def _steps_above(el: HtmlElement, above: dict[HtmlElement, tuple[str, ...]]) -> tuple[str, ...]:
    """The step names :func:`readable_path` adds above an element (not an id's owner),
    nearest first, each parent's read once."""
    parent = el.getparent()
    if parent is None or not isinstance(parent.tag, str) or parent.tag in ("html", "body"):
        return ()
    steps = above.get(parent)
    if steps is None:
        name = _step_name(parent)
        ident = (parent.get("id") or "").strip()
        steps = (name,) if ident and " " not in ident else (name, *_steps_above(parent, above))
        above[parent] = steps
    return steps


# Why the transforms never run on the element itself: lxml applies an XSLT to an element below
# the root through a temporary document rooted at a copy of it, and libxslt first stamps the
# document order of every element of the document it runs on into the element's node (the C
# node's content field), which libxml2's XPath then trusts when it sorts node-sets. Stamping one
# subtree as 2..k, another as 2..m, leaves the page with numbers that contradict each other and
# its XPath results (//p, a union, (...)[n], .//text()) come back out of document order. A run
# on the whole page numbers it consistently but walks all of it on every call. So each transform
# runs on a one-element stand-in document, the only one libxslt numbers, and reaches the element
# (and the skipped nodes) through the extension functions below: the page is only read (nor are
# its children's parent pointers diverted for the time of the run, as the temporary document
# does).
_TEXT_NS = "urn:deboiler-gui:visible-text"


def _target(_context: object) -> HtmlElement:
    return cast(HtmlElement, _XSLT_LOCAL.target)


def _skipped(_context: object) -> list[HtmlElement]:
    return cast(list[HtmlElement], _XSLT_LOCAL.skip)


_TEXT_FUNCTIONS = {(_TEXT_NS, "target"): _target, (_TEXT_NS, "skipped"): _skipped}


def _run(transform: etree.XSLT, el: HtmlElement, skip: list[HtmlElement] | None = None) -> str:
    """The text a transform writes for ``el`` (and ``skip``), run on this thread's stand-in."""
    local = _XSLT_LOCAL
    stand_in = getattr(local, "stand_in", None)
    if stand_in is None:
        stand_in = local.stand_in = etree.ElementTree(etree.Element("stand-in"))
    local.target, local.skip = el, skip
    try:
        return str(transform(stand_in))
    finally:
        local.target = local.skip = None  # the page is not kept alive by this thread


def _text_transform() -> etree.XSLT:
    """visible_text as an XSLT run by libxslt (C): about eight times faster than walking the
    tree in Python on a whole page. One per thread: a transform is not shared across threads."""
    transform = getattr(_XSLT_LOCAL, "transform", None)
    if transform is None:
        sheet = f"""<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
 xmlns:t="{_TEXT_NS}">
<xsl:output method="text" encoding="UTF-8"/>
<xsl:template match="/"><xsl:apply-templates select="t:target()"/></xsl:template>
<xsl:template match="{"|".join(sorted(INVISIBLE_TAGS))}"/>
<xsl:template match="comment()|processing-instruction()"/>
<xsl:template match="{"|".join(sorted(BLOCK_TAGS))}"><xsl:text>&#10;</xsl:text><xsl:apply-templates/><xsl:text>&#10;</xsl:text></xsl:template>
</xsl:stylesheet>"""
        transform = _XSLT_LOCAL.transform = etree.XSLT(etree.XML(sheet), extensions=_TEXT_FUNCTIONS)
    return transform


def visible_text(el: HtmlElement) -> str:
    """The text a reader sees: scripts and styles excluded, block elements on their own lines,
    runs of spaces collapsed (the element's own tail is not part of it). The tree is only read:
    its XPath results keep their document order."""
    if not len(el):
        # No children: its own text, unless it is invisible (or a comment).
        if not isinstance(el.tag, str) or el.tag in INVISIBLE_TAGS or not el.text:
            return ""
        return normalize_text(el.text)
    try:
        return normalize_text(_run(_text_transform(), el))
    except etree.XSLTApplyError:
        # Nesting deeper than libxslt recurses: the iterative walk gives the same text.
        return _visible_text_walk(el)


def _text_except_transform() -> etree.XSLT:
    """visible_text that passes over the subtrees ``t:skipped()`` returns (their tails stay).
    Only the children of the skipped nodes' ancestors are tested against the two sets; every
    other subtree runs through the plain templates, at the plain transform's speed."""
    transform = getattr(_XSLT_LOCAL, "except_transform", None)
    if transform is None:
        invisible = "|".join(sorted(INVISIBLE_TAGS))
        block = "|".join(sorted(BLOCK_TAGS))
        sheet = f"""<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
 xmlns:t="{_TEXT_NS}">
<xsl:output method="text" encoding="UTF-8"/>
<xsl:variable name="skip" select="t:skipped()"/>
<xsl:variable name="chain" select="$skip/ancestor::*"/>
<xsl:template match="/"><xsl:apply-templates select="t:target()" mode="chain"/></xsl:template>
<xsl:template match="{invisible}"/>
<xsl:template match="comment()|processing-instruction()"/>
<xsl:template match="{block}"><xsl:text>&#10;</xsl:text><xsl:apply-templates/><xsl:text>&#10;</xsl:text></xsl:template>
<xsl:template match="{invisible}" mode="chain"/>
<xsl:template match="{block}" mode="chain"><xsl:text>&#10;</xsl:text><xsl:call-template name="kids"/><xsl:text>&#10;</xsl:text></xsl:template>
<xsl:template match="*" mode="chain"><xsl:call-template name="kids"/></xsl:template>
<xsl:template name="kids"><xsl:for-each select="node()"><xsl:choose>
<xsl:when test="count(.|$skip)=count($skip)"/>
<xsl:when test="count(.|$chain)=count($chain)"><xsl:apply-templates select="." mode="chain"/></xsl:when>
<xsl:otherwise><xsl:apply-templates select="."/></xsl:otherwise>
</xsl:choose></xsl:for-each></xsl:template>
</xsl:stylesheet>"""
        transform = _XSLT_LOCAL.except_transform = etree.XSLT(
            etree.XML(sheet), extensions=_TEXT_FUNCTIONS
        )
    return transform


# Above this many skipped subtrees the membership tests (a union with the whole set for each
# child of their ancestors) grow past what libxml2 evaluates comfortably: the text is then read
# from a pruned copy.
_SKIP_NODES_MAX = 200


def visible_text_except(el: HtmlElement, skip: Iterable[HtmlElement]) -> str:
    """visible_text of ``el`` as if the elements of ``skip`` (descendants of ``el``) were
    removed with their subtrees, their tails kept (as drop_element leaves them): the same text
    as visible_text of a pruned copy, without copying ``el``. The tree is not changed."""
    nodes = list(dict.fromkeys(skip))
    if not nodes:
        return visible_text(el)
    if not isinstance(el.tag, str) or el.tag in INVISIBLE_TAGS:
        return ""
    if len(nodes) <= _SKIP_NODES_MAX and all(isinstance(n.tag, str) for n in nodes):
        # A node that is ``el`` or not inside it is not skipped (a copy cannot lose its own
        # root either).
        inside = [n for n in nodes if any(a is el for a in n.iterancestors())]
        if not inside:
            return visible_text(el)
        try:
            return normalize_text(_run(_text_except_transform(), el, inside))
        except etree.XSLTApplyError:
            pass  # nesting deeper than libxslt recurses: the copy and the iterative walk
    return visible_text(_pruned_copy(el, nodes))


def _pruned_copy(el: HtmlElement, nodes: list[HtmlElement]) -> HtmlElement:
    dup = copy.deepcopy(el)
    dup.tail = None
    mapping = dict(zip(el.iter(), dup.iter(), strict=False))
    for node in nodes:
        if node in mapping:
            drop_element(mapping[node])
    return dup


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
_join_words = " ".join
# The white space str.split() and \s know but _SPACES does not collapse (and U+200B, which
# _SPACES collapses but is not white space to them).
_OTHER_SPACE = re.compile("[\x1c-\x1f\x85\u1680\u2000-\u200b\u2028\u2029\u202f\u205f]")


def normalize_text(text: str) -> str:
    """Collapse spaces within lines and blank lines between them."""
    if (
        not ("\x1c" in text or "\x1d" in text or "\x1e" in text or "\x1f" in text)
        if text.isascii()
        else _OTHER_SPACE.search(text) is None
    ):
        # Every white-space character is then one _SPACES collapses or a newline, so each
        # line's words joined by one space, blank lines dropped, is the same text, in a
        # fraction of the time the two substitutions take on a long page.
        return "\n".join(filter(None, map(_join_words, map(str.split, text.split("\n")))))
    return normalize_text_slow(text)


def normalize_text_slow(text: str) -> str:
    """normalize_text by its definition, for any text: runs of _SPACES become one space, white
    space around a newline becomes that newline, the ends are stripped."""
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
