"""A label beside the clicked node that is the page's own text, not a label repeated across
the site: DocBook's navigation header writes the page's part ('Meta/*Info and Titlepages')
in the header cell between the 'Prev' and 'Next' links, a text a few pages share. One click on
'Next' must not anchor on it; clicks on two pages of a part whose header alone holds the
field's link still do."""

from __future__ import annotations

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

N = 48
PARTS = [f"Part name {k}" for k in range(12)]
NEXT = "/html/body/div[1]/table/tr[2]/td[2]/a"


def part(i: int) -> str:
    return PARTS[i % len(PARTS)]


def page(i: int) -> str:
    # the parts' own index link beside the part's name on the pages of the last part only
    extra = f"<a href='index-{i}.html'>Index</a>" if part(i) == PARTS[-1] else ""
    last = extra or f"<a accesskey='n' href='p{i + 1}.html'>Next</a>"
    return (
        "<html><body><div class='navheader'><table summary='Navigation header'>"
        f"<tr><th colspan='3'>page{i}</th></tr>"
        f"<tr><td><a accesskey='p' href='p{i - 1}.html'>Prev</a></td>"
        f"<th>{part(i)}</th><td>{last}</td></tr></table><hr></div>"
        f"<div class='refentry'><h2><span class='refentrytitle'>page{i}</span></h2>"
        f"<p>page{i} \u2014 what parameter {i} does</p></div>"
        "<div class='navfooter'><table summary='Navigation footer'><tr>"
        f"<td><a accesskey='p' href='p{i - 1}.html'>Prev</a></td>"
        "<td><a accesskey='u' href='up.html'>Up</a></td>"
        "<td><a accesskey='h' href='index.html'>Home</a></td></tr></table></div>"
        "</body></html>"
    )


def site() -> SiteIndex:
    return SiteIndex(
        [f"https://db.example/p{i}.html" for i in range(N)],
        [parse_html(page(i)) for i in range(N)],
    )


def click(index: SiteIndex, i: int, xpath: str, attr: str = "") -> Example:
    root = index.trees[i]
    return Example(index.urls[i], root, select_elements(root, xpath)[0], attr)


def hrefs(index: SiteIndex, xpath: str) -> list[str | None]:
    out: list[str | None] = []
    for root in index.trees:
        found = root.xpath(xpath if "/@" in xpath else xpath + "/@href")
        out.append(str(found[0]) if found else None)
    return out


def test_one_click_beside_the_pages_part_name_is_not_anchored_on_that_name() -> None:
    index = site()
    # the part's name is on 4 of 48 pages: a label rule finds the link on those only
    assert sum(part(i) == part(1) for i in range(N)) == 4
    rules = induce([click(index, 1, NEXT, "href")], [], index, limit=8)
    top = rules[0]
    assert "Part name" not in top.xpath, [r.xpath for r in rules]
    got = hrefs(index, top.xpath)
    # the 'Next' link of every page whose header has one
    assert got == [None if part(i) == PARTS[-1] else f"p{i + 1}.html" for i in range(N)], top.xpath


def test_clicks_on_two_pages_of_one_part_keep_its_name_as_the_anchor() -> None:
    index = site()
    # pages 11 and 23 are of the last part, whose header holds its index link beside its name
    assert part(11) == part(23) == PARTS[-1]
    ex = [click(index, 11, NEXT, "href"), click(index, 23, NEXT, "href")]
    rules = induce(ex, [], index, limit=8)
    top = rules[0]
    got = hrefs(index, top.xpath)
    assert got == [f"index-{i}.html" if part(i) == PARTS[-1] else None for i in range(N)], top.xpath
