"""Markdown from a (cleaned) lxml tree: headings, paragraphs, nested lists, tables, fenced code,
links resolved to absolute URLs, images as ``![alt](absolute URL)``, nothing the page hides;
deterministic."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from urllib.parse import urljoin, urlsplit

from deboiler_gui.engine.htmltree import (
    MAX_DEPTH,
    HtmlElement,
    hidden_elements,
    parse_html,
    visible_text,
)

#: Elements whose content is never part of the text.
_SKIP = frozenset(
    {
        "script",
        "style",
        "noscript",
        "noembed",
        "template",
        "head",
        "title",
        "meta",
        "link",
        "base",
        "iframe",
        "svg",
        "math",
        "object",
        "embed",
        "canvas",
        "audio",
        "video",
        "input",
        "select",
        "textarea",
        "button",
        "map",
        "area",
        "datalist",
        "dialog",
    }
)
#: Elements laid out as blocks of their own (their children are blocks or paragraphs).
_CONTAINERS = frozenset(
    {
        "html",
        "body",
        "div",
        "section",
        "article",
        "main",
        "header",
        "footer",
        "nav",
        "aside",
        "figure",
        "figcaption",
        "details",
        "summary",
        "form",
        "fieldset",
        "legend",
        "center",
        "address",
        "hgroup",
        "caption",
        "noframes",
        "frameset",
        "frame",
        "tbody",
        "thead",
        "tfoot",
        "tr",
        "td",
        "th",
        "li",
        "dd",
        "dt",
        "menu",
        "dir",
        "colgroup",
        "col",
        "optgroup",
    }
)
_BLOCKS = _CONTAINERS | {
    "p",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "ul",
    "ol",
    "dl",
    "table",
    "pre",
    "blockquote",
    "hr",
    "listing",
    "xmp",
    "plaintext",
}
_HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
_CODE = frozenset({"code", "kbd", "samp", "tt", "var"})
_STRONG = frozenset({"b", "strong"})
_EMPH = frozenset({"i", "em", "cite", "dfn"})
_STRIKE = frozenset({"del", "s", "strike"})
#: Link texts that are a heading's or paragraph's own permalink, not content.
_PERMALINK = frozenset({"¶", "§", "#", "🔗", "link", "permalink"})

_SPACE = re.compile(r"[ \t\n\r\f\v]+")
_BR = "\x00"  # a hard line break, kept through whitespace collapsing
_ESCAPE = re.compile(r"([\\`*\[\]<])")
_NEEDS_ESCAPE = re.compile(r"[\\`*\[\]<_]")
_UNDERSCORE = re.compile(r"(?<![0-9A-Za-z])_|_(?![0-9A-Za-z])")
_LINE_START = re.compile(r"^(>|#{1,6}(?:\s|$)|[-+*](?:\s|$)|=+\s*$|-{3,}\s*$|~~~)")
_ORDERED_START = re.compile(r"^(\d{1,9})([.)])(\s|$)")
_LANG_CLASS = re.compile(
    r"(?:^|\s)(?:highlight-source-|highlight-|language-|lang-|sourceCode\s+)([A-Za-z0-9_+#.-]+)"
)
_NO_LANG = frozenset(
    {"default", "none", "text", "plain", "plaintext", "nohighlight", "notranslate", "source"}
)
_BACKTICKS = re.compile(r"`+")
#: Where lazy loaders keep an image's real address (``src`` is then a placeholder).
_LAZY_SRC = ("data-src", "data-lazy-src", "data-actualsrc", "data-original")
_RECURSION = 4 * MAX_DEPTH + 1000


def _escape(text: str) -> str:
    if not _NEEDS_ESCAPE.search(text):
        return text  # most text needs nothing: skip two regex passes
    return _UNDERSCORE.sub(r"\\_", _ESCAPE.sub(r"\\\1", text))


def _escape_line_start(line: str) -> str:
    if _LINE_START.match(line):
        return "\\" + line
    m = _ORDERED_START.match(line)
    if m:
        return f"{m.group(1)}\\{m.group(2)}{line[m.end(2) :]}"
    return line


def _classes(el: HtmlElement) -> str:
    return str(el.get("class") or "")


def base_url_of(root: HtmlElement, page_url: str = "") -> str:
    """The URL relative links of a page resolve against: its ``<base href>`` (itself resolved
    against the page URL), else the page URL."""
    for base in root.iter("base"):
        href = (base.get("href") or "").strip()
        if href:
            return str(urljoin(page_url, href))
    return page_url


class _Converter:
    def __init__(self, base: str, hidden: set[HtmlElement] | None = None) -> None:
        self.base = base
        self.hidden = hidden or set()
        self._urls: dict[str, str | None] = {}  # a site's pages repeat the same links

    # ---------------------------------------------------------------- links

    def url(self, href: str) -> str | None:
        if href in self._urls:
            return self._urls[href]
        resolved = self._resolve(href)
        if len(self._urls) < 50_000:
            self._urls[href] = resolved
        return resolved

    def _resolve(self, href: str) -> str | None:
        href = href.strip()
        if not href:
            return None
        scheme = urlsplit(href).scheme.lower() if ":" in href else ""
        if scheme in ("javascript", "vbscript", "data"):
            return None
        resolved = urljoin(self.base, href) if self.base else href
        return resolved.replace(" ", "%20").replace("(", "%28").replace(")", "%29")

    # ---------------------------------------------------------------- inline

    def inline(self, el: HtmlElement, out: list[str]) -> None:
        """Append the inline Markdown of ``el``'s content (not its tail) to ``out``."""
        if el.text:
            out.append(_escape(el.text))
        for child in el:
            if isinstance(child.tag, str):
                self.inline_element(child, out)
            if child.tail:
                out.append(_escape(child.tail))

    def inline_text(self, el: HtmlElement) -> str:
        """The inline content as a paragraph (a ``<br>`` is a hard break)."""
        out: list[str] = []
        self.inline(el, out)
        return _paragraph("".join(out))

    def inline_element(self, el: HtmlElement, out: list[str]) -> None:
        tag = el.tag
        if tag in _SKIP or el in self.hidden:
            return
        if tag == "br":
            out.append(_BR)
        elif tag == "img":
            if out and out[-1].endswith(")") and "](" in out[-1]:
                out.append(" ")  # two images side by side stay two images apart
            self.image(el, out)
        elif tag == "a":
            self.link(el, out)
        elif tag in _CODE:
            out.append(_code_span(el.text_content()))
        elif tag in _STRONG:
            out.append(_wrap("**", self.inline_text_raw(el)))
        elif tag in _EMPH:
            out.append(_wrap("*", self.inline_text_raw(el)))
        elif tag in _STRIKE:
            out.append(_wrap("~~", self.inline_text_raw(el)))
        elif tag == "q":
            out.append('"' + self.inline_text_raw(el) + '"')
        elif tag in _BLOCKS:
            # a block inside an inline element (a card's div inside a link): a word break
            out.append(" ")
            self.inline(el, out)
            out.append(" ")
        else:
            self.inline(el, out)

    def inline_text_raw(self, el: HtmlElement) -> str:
        out: list[str] = []
        self.inline(el, out)
        return "".join(out)

    def image(self, el: HtmlElement, out: list[str]) -> None:
        """``![alt](absolute URL)``. The URL is a lazy loader's (``data-src``,
        ``data-original``…: the real image, when ``src`` holds a placeholder), else ``src``,
        else the first of ``srcset``. A decorative image (``alt=""``, ``role="presentation"``,
        a 1×1 pixel) gives nothing; one whose address cannot be written (only ``data:``) keeps
        its alt text."""
        alt_attr = el.get("alt")
        alt = _SPACE.sub(" ", alt_attr or "").strip()
        if alt_attr is not None and not alt:
            return
        if (el.get("role") or "").strip().lower() in ("presentation", "none"):
            return
        if (el.get("width") or "").strip() in ("0", "1") or (el.get("height") or "").strip() in (
            "0",
            "1",
        ):
            return
        target = None
        candidates = [el.get(attr) for attr in _LAZY_SRC] + [el.get("src")]
        for attr in ("srcset", "data-srcset"):
            first = (el.get(attr) or "").strip().split(",")[0].strip().split(" ")[0]
            candidates.append(first)
        for candidate in candidates:
            if candidate and candidate.strip():
                target = self.url(candidate)
                if target is not None:
                    break
        if target is None:
            if alt:
                out.append(_escape(alt))
            return
        out.append(f"![{_escape(alt)}]({target})")

    def link(self, el: HtmlElement, out: list[str]) -> None:
        inner = self.inline_text_raw(el)
        text = _collapse(inner)
        href = el.get("href")
        if text in _PERMALINK and (href or "").startswith("#"):
            return
        target = self.url(href) if href is not None else None
        if not text:
            return
        if target is None:
            out.append(inner)
            return
        lead = " " if inner[:1].isspace() else ""
        trail = " " if inner[-1:].isspace() else ""
        # a <br> stays in the link text: the paragraph, heading or cell around it writes it
        out.append(f"{lead}[{text}]({target}){trail}")

    # ---------------------------------------------------------------- blocks

    def blocks(self, el: HtmlElement) -> list[str]:
        """The blocks of a container element: runs of inline content become paragraphs."""
        result: list[str] = []
        buffer: list[str] = []

        def flush() -> None:
            para = _paragraph("".join(buffer))
            if para:
                result.append(para)
            buffer.clear()

        if el.text:
            buffer.append(_escape(el.text))
        for child in el:
            if isinstance(child.tag, str):
                if child.tag in _BLOCKS and not (child.tag in _SKIP or child in self.hidden):
                    flush()
                    result.extend(self.block(child))
                else:
                    self.inline_element(child, buffer)
            if child.tail:
                buffer.append(_escape(child.tail))
        flush()
        return result

    def block(self, el: HtmlElement) -> list[str]:
        tag = el.tag
        if tag in _HEADINGS:
            text = _one_line(self.inline_text_raw(el))
            return [f"{'#' * _HEADINGS[tag]} {text}"] if text else []
        if tag == "p":
            para = _paragraph(self.inline_text_raw(el))
            return [para] if para else []
        if tag in ("ul", "ol", "menu", "dir"):
            listing = self.listing(el)
            return [listing] if listing else []
        if tag == "dl":
            return self.definitions(el)
        if tag in ("pre", "listing", "xmp", "plaintext"):
            if _is_line_numbers(el) and _beside_code(el):
                return []  # a listing's line-number column: the code beside it is the block
            return [self.code_block(el)]
        if tag == "blockquote":
            inner = "\n\n".join(self.blocks(el))
            if not inner:
                return []
            return ["\n".join("> " + line if line else ">" for line in inner.split("\n"))]
        if tag == "hr":
            return ["---"]
        if tag == "table":
            return self.table(el)
        return self.blocks(el)

    def listing(self, el: HtmlElement) -> str:
        ordered = el.tag == "ol"
        try:
            number = int(el.get("start") or 1) if ordered else 1
        except ValueError:
            number = 1
        items: list[str] = []
        for child in el:
            if not isinstance(child.tag, str) or child.tag in _SKIP or child in self.hidden:
                continue
            if child.tag in ("ul", "ol") and items:
                # a list nested directly in a list (invalid but common): under the last item
                nested = self.listing(child)
                if nested:
                    items[-1] += "\n" + _indent(nested, items[-1].index(" ") + 1)
                continue
            parts = (
                self.blocks(child)
                if child.tag == "li"
                else self.block(child)
                if child.tag in _BLOCKS
                else [self.inline_text(child)]
            )
            parts = [p for p in parts if p]
            if not parts:
                continue
            marker = f"{number}." if ordered else "-"
            number += 1
            body = parts[0]
            for prev, part in zip(parts, parts[1:], strict=False):
                nested_list = _is_list(part) and not _is_list(prev)
                body += ("\n" if nested_list else "\n\n") + part
            items.append(marker + " " + _indent(body, len(marker) + 1, first=False))
        return "\n".join(items)

    def definitions(self, el: HtmlElement) -> list[str]:
        out: list[str] = []
        for child in el:
            if not isinstance(child.tag, str) or child.tag in _SKIP or child in self.hidden:
                continue
            if child.tag == "dt":
                term = _one_line(self.inline_text_raw(child))
                if term:
                    out.append(term if _has_markup(term) else f"**{term}**")
            elif child.tag == "dd":
                body = "\n\n".join(self.blocks(child))
                if body:
                    out.append(":   " + _indent(body, 4, first=False))
            else:
                out.extend(self.block(child) if child.tag in _BLOCKS else self.blocks(child))
        return out

    def code_block(self, el: HtmlElement) -> str:
        text = el.text_content().replace("\r\n", "\n").replace("\t", "    ")
        if text.startswith("\n"):
            text = text[1:]
        text = "\n".join(line.rstrip() for line in text.rstrip().split("\n"))
        longest = max((len(m.group()) for m in _BACKTICKS.finditer(text)), default=0)
        fence = "`" * max(3, longest + 1)
        return f"{fence}{_language(el)}\n{text}\n{fence}"

    def table(self, el: HtmlElement) -> list[str]:
        rows = _rows(el)
        if not rows or _is_layout(el, rows):
            return self.blocks(el)
        out: list[str] = []
        caption = el.find("caption")
        if caption is not None:
            text = self.inline_text(caption)
            if text:
                out.append(text)
        grid: list[list[str]] = []
        for row in rows:
            cells: list[str] = []
            for cell in row:
                # a rule drawn across the table (a cell holding only <hr>) is no cell text
                parts = [b for b in self.blocks(cell) if b != "---"]
                text = " ".join(parts).replace("\\\n", "<br>").replace("\n", " ")
                cells.append(_SPACE.sub(" ", text).strip().replace("|", "\\|"))
                try:
                    span = min(int(cell.get("colspan") or 1), 100)
                except ValueError:
                    span = 1
                cells.extend([""] * (span - 1))
            grid.append(cells)
        width = max(len(r) for r in grid)
        if width == 0:
            return out
        grid = [r + [""] * (width - len(r)) for r in grid]
        # rows that were only such rules: nothing to say
        grid = [grid[0]] + [r for r in grid[1:] if any(r)]
        lines = [_row(grid[0]), "|" + "|".join(["---"] * width) + "|"]
        lines.extend(_row(r) for r in grid[1:])
        out.append("\n".join(lines))
        return out


def _row(cells: list[str]) -> str:
    return "|" + "|".join(f" {c} " if c else " " for c in cells) + "|"


def _rows(table: HtmlElement) -> list[list[HtmlElement]]:
    """The table's own rows (not those of tables nested in its cells), header rows first."""
    groups: dict[str, list[HtmlElement]] = {"thead": [], "body": [], "tfoot": []}
    for child in table:
        if not isinstance(child.tag, str):
            continue
        if child.tag == "tr":
            groups["body"].append(child)
        elif child.tag in ("thead", "tbody", "tfoot"):
            key = child.tag if child.tag != "tbody" else "body"
            groups[key].extend(r for r in child if r.tag == "tr")
    rows = groups["thead"] + groups["body"] + groups["tfoot"]
    return [[c for c in r if c.tag in ("td", "th")] for r in rows]


def _is_layout(table: HtmlElement, rows: list[list[HtmlElement]]) -> bool:
    """A table used to lay out blocks (a nested table, a heading, a code block or a list in a
    cell, or a one-cell table) is rendered as its blocks, not as a Markdown table."""
    if (table.get("role") or "").lower() in ("presentation", "none"):
        return True
    if sum(len(r) for r in rows) <= 1:
        return True
    for row in rows:
        for cell in row:
            for d in cell.iterdescendants():
                if d.tag in (
                    "table",
                    "pre",
                    "h1",
                    "h2",
                    "h3",
                    "h4",
                    "h5",
                    "h6",
                    "ul",
                    "ol",
                    "dl",
                    "blockquote",
                ):
                    return True
    return False


def _is_line_numbers(el: HtmlElement) -> bool:
    """A ``pre`` holding only line numbers, one a line, counting up by one (gtk-doc's
    ``td.listing_lines``, Pygments' ``td.linenos``)."""
    lines = el.text_content().strip().split("\n")
    if not all(line.strip().isdigit() for line in lines):
        return False
    numbers = [int(line) for line in lines]
    return all(b == a + 1 for a, b in zip(numbers, numbers[1:], strict=False))


def _beside_code(el: HtmlElement) -> bool:
    """Whether a ``pre`` of line numbers is the number column of the ``pre`` of code to its
    right: in a later cell of its table row, or as (inside) the element after it or after one
    of its two wrappers, and with as many lines as the code (a program's output of numbers
    after its code, or a short list of numbers before a longer listing, stays)."""
    count = len(el.text_content().strip().split("\n"))

    def numbered(pre: HtmlElement) -> bool:
        if _is_line_numbers(pre):
            return False
        code = pre.text_content().replace("\r\n", "\n").strip("\n")
        return abs(len(code.split("\n")) - count) <= 1

    node = el
    for _ in range(3):
        parent = node.getparent()
        if parent is None:
            return False
        if node.tag in ("td", "th"):
            return any(
                numbered(pre)
                for cell in node.itersiblings()
                if cell.tag in ("td", "th")
                for pre in cell.iter("pre")
            )
        sib = node.getnext()
        if sib is not None and isinstance(sib.tag, str):
            pres = [sib] if sib.tag == "pre" else list(sib.iter("pre"))
            if pres:
                return numbered(pres[0])
        node = parent
    return False


def _language(el: HtmlElement) -> str:
    candidates = [el, *el.iterancestors()][:3] + [c for c in el if c.tag == "code"][:1]
    for node in candidates:
        m = _LANG_CLASS.search(_classes(node))
        if m:
            lang = m.group(1).lower()
            if lang in _NO_LANG:
                return ""
            return re.sub(r"\d+$", "", lang) if lang.startswith(("python", "py")) else lang
    lang = (el.get("data-lang") or el.get("data-language") or "").strip().lower()
    return lang if re.fullmatch(r"[a-z0-9_+#.-]+", lang or "-") and lang not in _NO_LANG else ""


def _is_list(block: str) -> bool:
    return block.startswith("- ") or bool(re.match(r"\d+\. ", block))


def _has_markup(text: str) -> bool:
    return "`" in text or "**" in text or "](" in text


def _indent(text: str, width: int, first: bool = True) -> str:
    pad = " " * width
    lines = text.split("\n")
    out = [(pad + lines[0]) if first and lines[0] else lines[0]]
    out.extend(pad + line if line else "" for line in lines[1:])
    return "\n".join(out)


def _collapse(text: str) -> str:
    return _SPACE.sub(" ", text).strip(" ")


def _paragraph(raw: str) -> str:
    text = _collapse(raw)
    text = re.sub(r" ?\x00 ?", _BR, text).strip(_BR + " ")
    if not text:
        return ""
    lines = [_escape_line_start(line) for line in text.split(_BR)]
    return "\\\n".join(lines)


def _one_line(raw: str) -> str:
    """Inline content that Markdown needs on one line (a heading, a definition term): a
    ``<br>`` is written as ``<br>``, as in a table cell, since a hard break would end the
    line."""
    text = _collapse(raw)
    return re.sub(r" ?\x00 ?", _BR, text).strip(_BR + " ").replace(_BR, "<br>")


def _wrap(marker: str, inner: str) -> str:
    core = _collapse(inner)
    if not core:
        return " " if inner else ""
    lead = " " if inner[:1].isspace() else ""
    trail = " " if inner[-1:].isspace() else ""
    return f"{lead}{marker}{core}{marker}{trail}"


def _code_span(text: str) -> str:
    core = _SPACE.sub(" ", text)
    stripped = core.strip()
    if not stripped:
        return " " if core else ""
    longest = max((len(m.group()) for m in _BACKTICKS.finditer(stripped)), default=0)
    ticks = "`" * (longest + 1)
    pad = " " if stripped.startswith("`") or stripped.endswith("`") else ""
    lead = " " if core[:1] == " " else ""
    trail = " " if core[-1:] == " " else ""
    return f"{lead}{ticks}{pad}{stripped}{pad}{ticks}{trail}"


def to_markdown(root: HtmlElement | str, page_url: str = "") -> str:
    """The Markdown of a page or subtree (a tree is read, not modified). Relative links resolve
    against the page's ``<base href>`` or ``page_url``; output ends with one newline, or is
    empty."""
    if isinstance(root, str):
        root = parse_html(root)
    document = root.getroottree().getroot()
    converter = _Converter(base_url_of(document, page_url), hidden_elements(document))
    body = root.find("body") if root.tag == "html" else root
    target = body if body is not None else root
    if not isinstance(target.tag, str) or target.tag in _SKIP:
        return ""
    # The walk recurses per nesting level (about three frames each); parse_html caps nesting at
    # 1,024 levels, so the limit is raised for the walk, and a tree deeper still becomes text.
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, _RECURSION))
    try:
        if target.tag in _BLOCKS:
            parts = (
                converter.block(target)
                if target.tag not in _CONTAINERS
                else converter.blocks(target)
            )
        else:
            out: list[str] = []
            converter.inline_element(target, out)
            parts = [_paragraph("".join(out))]
    except RecursionError:
        text = visible_text(target)
        parts = [
            _escape_line_start(_escape(" ".join(line.split())))
            for line in text.split("\n")
            if line.strip()
        ]
    finally:
        sys.setrecursionlimit(limit)
    text = "\n\n".join(p for p in parts if p.strip())
    return text + "\n" if text else ""


def markdown_of_html(html: str, page_url: str = "") -> str:
    """Parse ``html`` and return its Markdown."""
    return to_markdown(parse_html(html), page_url)


def fragments_to_markdown(elements: Iterable[HtmlElement], page_url: str = "") -> str:
    """The Markdown of several subtrees of one page, in the order given, one after another."""
    parts = []
    for el in elements:
        md = to_markdown(el, page_url).strip()
        if md:
            parts.append(md)
    return "\n\n".join(parts) + "\n" if parts else ""


__all__ = ["base_url_of", "fragments_to_markdown", "markdown_of_html", "to_markdown"]
