"""A list clicked in one column of a table's rows (the names of a 'See also' table, each row a
name cell, a spacer cell and a description cell) is pinned to that column when the rule
without it takes, on a few pages of the site, a link inside a description cell too: the
examples' pages hold no such link, and those pages need not be among the sampled ones. The
pages are shared with `test_signals_cell_columns.py`."""

from __future__ import annotations

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

N = 120
SITE = "docs.example"
#: pages whose 'See also' description cell holds a link (odd: none of the sampled pages)
LINKED = (9, 33)
UNPINNED = "//h2[normalize-space(.)='See also']/following-sibling::table[1]/tr/td/p/a"
PINNED = "//h2[normalize-space(.)='See also']/following-sibling::table[1]/tr/td[1]/p/a"


def see_also(i: int) -> list[str]:
    return [f"F{(i + k) % N}" for k in range(1, 2 + i % 4)] if i % 3 == 0 else []


def page(i: int) -> str:
    rows = "".join(
        f"<tr><td valign='top'><p><a href='{name.lower()}.html'>{name}</a></p></td>"
        "<td><p>&nbsp;&nbsp;</p></td><td><p class='cmt'>Does "
        + (
            "the same with a <a href='trec.html'>TRec</a>"
            if i in LINKED and k == 0
            else f"thing {k}"
        )
        + "</p></td></tr>"
        for k, name in enumerate(see_also(i))
    )
    grid = "".join(
        f"<tr><td><a href='g{r}.html'>G{r}</a></td><td><a href='h{r}.html'>H{r}</a></td></tr>"
        for r in range(2)
    )
    return (
        "<html><body><table class='bar'><tr><td><a href='index.html'>Index</a></td></tr>"
        f"</table><h1>F{i}</h1><h2>Declaration</h2><p>Source position: f.inc line {i}</p>"
        + (f"<h2>See also</h2><table>{rows}</table>" if rows else "")
        + f"<table class='grid'>{grid}</table></body></html>"
    )


def site() -> SiteIndex:
    return SiteIndex(
        [f"http://{SITE}/f{i}.html" for i in range(N)], [parse_html(page(i)) for i in range(N)]
    )


def click(index: SiteIndex, i: int, row: int) -> Example:
    root = index.trees[i]
    node = select_elements(root, f"/html/body/table[2]/tr[{row}]/td[1]/p/a")[0]
    return Example(index.urls[i], root, node)


def test_the_names_column_is_pinned_when_a_description_holds_a_link_elsewhere() -> None:
    index = site()
    rules = induce(
        [click(index, 3, 1), click(index, 6, 1), click(index, 6, 2)], [], index, as_list=True
    )
    assert rules[0].xpath == PINNED
    for i in range(N):
        got = [n.text_content() for n in select_elements(index.trees[i], rules[0].xpath)]
        assert got == see_also(i)


def test_one_click_is_pinned_too() -> None:
    index = site()
    rules = induce([click(index, 3, 1)], [], index, as_list=True)
    assert rules[0].xpath == PINNED


def test_without_a_linked_description_the_rule_is_not_pinned() -> None:
    index = SiteIndex(
        [f"http://{SITE}/f{i}.html" for i in range(N) if i not in LINKED],
        [parse_html(page(i)) for i in range(N) if i not in LINKED],
    )
    rules = induce([click(index, 3, 1), click(index, 6, 1)], [], index, as_list=True)
    assert rules[0].xpath == UNPINNED
