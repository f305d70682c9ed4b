"""Node identity between lxml and the browser: stamp each element of lxml's tree with an id,
serialise that tree for the view, and map ids back to lxml elements (Qt-free)."""

from __future__ import annotations

from dataclasses import dataclass, field

import lxml.etree as etree

from deboiler_gui.engine.htmltree import HtmlElement, parse_html, to_html

#: The attribute carrying the stamp in the shown page; never written into rules or output.
#: Short, with base-36 values: a 300 KB page has 20,000 elements and every byte is paid for in
#: the browser's parse.
STAMP_ATTR = "data-dbg"

# lxml.html wraps set() in Python; the C method is several times faster over 20,000 elements.
_set = etree._Element.set


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


@dataclass
class StampedPage:
    """One page as the view shows it: lxml's tree (stamps removed again), the serialised stamped
    HTML, and the element of each stamp. Lives in the thread that parsed it (the GUI thread)."""

    url: str
    root: HtmlElement
    html: str
    elements: list[HtmlElement]
    index: dict[HtmlElement, int] = field(default_factory=dict)

    def element(self, stamp: int) -> HtmlElement | None:
        if 0 <= stamp < len(self.elements):
            return self.elements[stamp]
        return None

    def stamp_of(self, el: HtmlElement) -> int | None:
        return self.index.get(el)

    def stamps_of(self, elements: list[HtmlElement]) -> list[int]:
        out = []
        for el in elements:
            stamp = self.index.get(el)
            if stamp is not None:
                out.append(stamp)
        return out


def stamp_page(url: str, html: str, root: HtmlElement | None = None) -> StampedPage:
    """Parse (unless given a tree), stamp, serialise, then strip the stamps from the tree so the
    engine never sees them. Keeping the element list alive keeps lxml's proxies stable, so the
    engine's elements can be looked up by identity."""
    if root is None:
        root = parse_html(html)
    elements = list(root.iter(etree.Element))  # elements only, filtered in C
    for i, el in enumerate(elements):
        # A page could carry our attribute name itself: ours overwrites it, then both go.
        _set(el, STAMP_ATTR, _base36(i))
    text = "<!DOCTYPE html>\n" + to_html(root)
    etree.strip_attributes(root, STAMP_ATTR)
    return StampedPage(url=url, root=root, html=text, elements=elements, index={el: i for i, el in enumerate(elements)})
