"""Node identity between lxml and the browser: stamp each element of lxml's tree with an id,
serialise that tree for the view, and map ids back to lxml elements (Qt-free)."""

from __future__ import annotations

from dataclasses import dataclass, field

from deboiler_gui.engine.htmltree import HtmlElement, iter_elements, parse_html, to_html

#: The attribute carrying the stamp in the shown page; never written into rules or output.
STAMP_ATTR = "data-dbg-id"


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
    elements = list(iter_elements(root))
    for i, el in enumerate(elements):
        # A page could carry our attribute name itself; its values would collide with ours.
        el.set(STAMP_ATTR, str(i))
    text = "<!DOCTYPE html>\n" + to_html(root)
    for el in elements:
        del el.attrib[STAMP_ATTR]
    return StampedPage(url=url, root=root, html=text, elements=elements, index={el: i for i, el in enumerate(elements)})
