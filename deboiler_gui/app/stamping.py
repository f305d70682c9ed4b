"""Node identity between lxml and the browser: stamp each element of lxml's tree with an id,
serialise that tree for the view, and map ids back to lxml elements (Qt-free)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import lxml.etree as etree

from deboiler_gui.engine.htmltree import HtmlElement, parse_html, to_html

#: The attribute carrying the stamp in the shown page; never written into rules or output.
#: Short, with base-36 values: a 300 KB page has 5,000-20,000 elements and every byte is paid for
#: in the browser's parse.
STAMP_ATTR = "data-dbg"
#: The attribute naming the highlight kinds of an element in the shown page (space-separated).
HIGHLIGHT_ATTR = "data-dbg-hl"
#: Marks the picker's style element so the picker does not add it twice.
STYLE_ATTR = "data-dbg-style"

# lxml.html wraps set() in Python; the C method is several times faster over 20,000 elements.
_set = etree._Element.set
_OUTLINE = re.compile(r"(?i)outline(?:-[a-z]+)?\s*:[^;]*;?")
# Stamp texts, computed once: converting each number again costs more than setting it.
_STAMPS: list[str] = []


def stamp_value(stamp: int) -> str:
    return _base36(stamp)


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    if n == 0:
        return "0"
    out = []
    while n:
        n, r = divmod(n, 36)
        out.append(digits[r])
    return "".join(reversed(out))


def _stamp_texts(count: int) -> list[str]:
    if len(_STAMPS) < count:
        _STAMPS.extend(_base36(i) for i in range(len(_STAMPS), max(count, 2 * len(_STAMPS), 4096)))
    return _STAMPS


@dataclass
class StampedPage:
    """One page as the view shows it: lxml's tree (never carrying stamps outside ``serialise``),
    the element of each stamp (document order), and the serialised stamped HTML once made. Lives
    in the thread that parsed it (the GUI thread)."""

    url: str
    root: HtmlElement
    html: str
    elements: list[HtmlElement]
    #: False when the page's HTML has no inline url(...) or background attribute: serialising
    #: then skips looking for them (a scan of every element of a long page).
    inline_urls: bool = True
    _index: dict[HtmlElement, int] | None = field(default=None, repr=False)

    @property
    def index(self) -> dict[HtmlElement, int]:
        if self._index is None:
            self._index = {el: i for i, el in enumerate(self.elements)}
        return self._index

    def element(self, stamp: int) -> HtmlElement | None:
        if 0 <= stamp < len(self.elements):
            return self.elements[stamp]
        return None

    def stamp_of(self, el: HtmlElement) -> int | None:
        return self.index.get(el)

    def stamps_of(self, elements: list[HtmlElement]) -> list[int]:
        index = self.index
        out = []
        for el in elements:
            stamp = index.get(el)
            if stamp is not None:
                out.append(stamp)
        return out

    def serialise(
        self,
        highlights: dict[str, list[int]] | None = None,
        style: str | None = None,
        *,
        asset_scheme: str | None = None,
        plain: bool = False,
    ) -> str:
        """The HTML the view loads: every element stamped, the highlighted ones carrying their
        kinds and ``style`` (the highlight CSS) in the head, so the page paints with its
        highlights from its first frame. With ``asset_scheme`` the page's style sheets, images
        and fonts point at that scheme's asset URLs (served from the input); ``plain`` turns
        the site's style sheets off instead. The tree is left exactly as it was."""
        from deboiler_gui.app.rendering import map_assets, plain_styles

        undo = []
        if plain:
            undo += plain_styles(self.root, lambda el: el.get(STYLE_ATTR) is not None)
        elif asset_scheme:
            undo += map_assets(self.root, self.url, asset_scheme, inline=self.inline_urls)
        elements = self.elements
        texts = _stamp_texts(len(elements))
        for i, el in enumerate(elements):
            _set(el, STAMP_ATTR, texts[i])
        kinds: dict[int, list[str]] = {}
        for kind, stamps in (highlights or {}).items():
            for stamp in stamps:
                if 0 <= stamp < len(elements):
                    kinds.setdefault(stamp, []).append(kind)
        for stamp, names in kinds.items():
            _set(elements[stamp], HIGHLIGHT_ATTR, " ".join(names))
        # An inline "outline: none !important" beats any style sheet: the served copy goes without
        # the page's inline outline declarations, so highlights, hover and selection show.
        restyled = []
        for el in self.root.xpath("//*[contains(@style, 'outline')]"):
            original = el.get("style")
            restyled.append((el, original))
            _set(el, "style", _OUTLINE.sub("", original))
        sheet = None
        if style is not None:
            sheet = etree.Element("style")
            sheet.set(STYLE_ATTR, "")
            sheet.text = style
            head = self.root.find("head")
            (head if head is not None else self.root).insert(0, sheet)
        try:
            text = "<!DOCTYPE html>\n" + to_html(self.root)
        finally:
            if sheet is not None:
                sheet.getparent().remove(sheet)
            for el, original in restyled:
                _set(el, "style", original)
            for step in reversed(undo):
                step()
            etree.strip_attributes(self.root, STAMP_ATTR, HIGHLIGHT_ATTR)
        self.html = text
        return text


def prepare_page(url: str, html: str, root: HtmlElement | None = None) -> StampedPage:
    """Parse (unless given a tree) and number the elements; nothing is serialised yet. Keeping
    the element list alive keeps lxml's proxies stable, so the engine's elements can be looked
    up by identity."""
    if root is None:
        root = parse_html(html)
    # A page's own attributes of our names would be taken for ours in the view: they go at once,
    # so the tree the rules see is the same before and after each serialisation.
    etree.strip_attributes(root, STAMP_ATTR, HIGHLIGHT_ATTR)
    low = html.lower()
    return StampedPage(
        url=url,
        root=root,
        html="",
        elements=list(root.iter(etree.Element)),
        inline_urls="url(" in low or "background=" in low,
    )


def stamp_page(url: str, html: str, root: HtmlElement | None = None) -> StampedPage:
    """Parse (unless given a tree), stamp and serialise without highlights."""
    page = prepare_page(url, html, root)
    page.serialise()
    return page
