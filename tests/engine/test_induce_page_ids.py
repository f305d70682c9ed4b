"""A click on a book's heading whose id is the page's own (mdBook names each heading after its
text: `<h2 id="references-and-borrowing">`): the id is on that page and on the page that
prints the whole book only, while the node at its place has another id on every other page,
so it is no hook of the site and the rule does not anchor on it."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.induce import Example, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

SITE = "https://book.example/"
TITLES = [f"Chapter topic {chr(97 + i)}" for i in range(12)]


def slug(title: str) -> str:
    return title.lower().replace(" ", "-")


def heading(i: int, title: str) -> str:
    tag = "h1" if i % 4 == 0 else "h2"
    return (
        f"<{tag} id='{slug(title)}'><a class='header' href='#{slug(title)}'>{title}</a></{tag}>"
        f"<p>About {title}.</p><h3 id='{slug(title)}-more'>More on {i}</h3><p>Text.</p>"
    )


def book_page(body: str) -> str:
    return (
        "<html><body><div id='body-container'><nav class='sidebar'><ol class='chapter'>"
        "<li><a href='c0.html'>One</a></li></ol></nav><div id='page-wrapper' class='page-wrapper'>"
        "<div class='page'><div class='menu-bar'><h1 class='menu-title'>The Book</h1></div>"
        f"<div id='content' class='content'><main>{body}</main></div></div></div></div>"
        "</body></html>"
    )


def site() -> SiteIndex:
    pages = [Page(f"{SITE}c{i}.html", book_page(heading(i, t))) for i, t in enumerate(TITLES)]
    everything = "".join(heading(i, t) for i, t in enumerate(TITLES))
    pages.append(Page(f"{SITE}print.html", book_page(everything)))
    return SiteIndex.from_pages(pages, max_pages=None)


def test_a_heading_id_of_one_page_and_the_print_page_is_no_hook() -> None:
    index = site()
    trees = dict(zip(index.urls, index.trees, strict=True))
    url = f"{SITE}c1.html"
    node = select_elements(trees[url], "//main/h2")[0]
    rules = induce([Example(url, trees[url], node)], [], index, limit=5)
    assert rules, "no rule"
    for rule in rules:
        assert slug(TITLES[1]) not in rule.xpath, rule.xpath
    # the top rule finds the title on the other section pages too
    top = rules[0].xpath
    hit = [u for u, t in trees.items() if select_elements(t, top)]
    assert len(hit) >= 8, (top, hit)


def test_an_id_the_site_shares_is_still_a_hook() -> None:
    index = site()
    trees = dict(zip(index.urls, index.trees, strict=True))
    url = f"{SITE}c1.html"
    node = select_elements(trees[url], "//div[@id='content']")[0]
    rules = induce([Example(url, trees[url], node)], [], index, limit=3)
    assert rules[0].xpath == "//div[@id='content']", rules[0].xpath
