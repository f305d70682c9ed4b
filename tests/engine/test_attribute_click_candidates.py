"""A click's candidates for an attribute field: the first is the rule an attribute field of
that attribute saves from the click (as it stores it, without the attribute step), which can
differ from the text field's rule of the same click; an image clicked for its link's href has
the link's selectors."""

from __future__ import annotations

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import (
    Example,
    click_candidates,
    induce,
    split_attribute,
)
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements


def _page(i: int) -> str:
    """A Publican page (the Debian Handbook's): 'Prev' alone at the top, with the previous
    chapter's title at the bottom."""
    top = f"<li class='previous'><a accesskey='p' href='ch{i - 1}.html'><strong>Prev</strong></a></li>"
    bottom = (
        f"<li class='previous'><a accesskey='p' href='ch{i - 1}.html'><strong>Prev</strong>"
        f"Chapter {i - 1}</a></li>"
    )
    return (
        "<html><body><ul class='docnav top'>"
        f"{top if i else ''}<li class='home'>Book</li>"
        f"<li class='next'><a accesskey='n' href='ch{i + 1}.html'><strong>Next</strong></a></li>"
        f"</ul><h1>Chapter {i}</h1><p>{'text ' * (i + 3)}</p><ul class='docnav'>"
        f"{bottom if i else ''}<li class='next'><a accesskey='n' href='ch{i + 1}.html'>"
        f"<strong>Next</strong>Chapter {i + 1}</a></li></ul></body></html>"
    )


def _index() -> SiteIndex:
    urls = [f"https://book.example/ch{i}.html" for i in range(12)]
    return SiteIndex(urls, [parse_html(_page(i)) for i in range(12)])


def test_the_first_candidate_of_an_attribute_click_is_the_attribute_fields_rule() -> None:
    index = _index()
    url, root = index.urls[3], index.trees[3]
    link = root.xpath("//ul[contains(@class, 'top')]//a")[0]
    text_rule = induce([Example(url, root, link)], [], index, limit=3)[0].xpath
    href_rule = induce([Example(url, root, link, "href")], [], index, limit=3)[0].xpath
    element, attr = split_attribute(href_rule)
    assert attr == "href"
    # A label link ('Prev' to another page from each page): both read it by its own text.
    assert element == text_rule == "//a[normalize-space(.)='Prev']"
    text_first = click_candidates(Example(url, root, link), index)[0]
    href_cands = click_candidates(Example(url, root, link, "href"), index)
    assert text_first.xpath == text_rule
    assert href_cands[0].xpath == element
    assert href_cands[0].page_matches == len(select_elements(root, element))
    assert select_elements(root, element)[0] is link
    assert href_cands[0].site["one"] + href_cands[0].site["many"] >= 10
    # no candidate ends on the attribute: the field stores it apart
    assert all(not split_attribute(c.xpath)[1] for c in href_cands)


def test_an_image_clicked_for_its_links_href_has_the_links_candidates() -> None:
    root = parse_html(
        "<html><body><table class='navigation'><tr><td><a accesskey='n' href='p1.html'>"
        "<img src='right.png' alt='Next'></a></td></tr></table><h1>Widget</h1></body></html>"
    )
    img = root.xpath("//img")[0]
    cands = click_candidates(Example("https://ref.example/p0.html", root, img, "href"))
    assert cands
    for c in cands:
        assert select_elements(root, c.xpath)[0] is img.getparent(), c.xpath
