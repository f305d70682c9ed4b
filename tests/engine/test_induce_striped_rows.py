"""Rows of one member table striped by class (old-style Javadoc's `tr.altColor` and
`tr.rowColor` below a heading row with no class) are rows of one kind: names clicked on an
`altColor` row of one page and a `rowColor` row of another give no warning that the examples
play different roles, while rows of really different kinds still do."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.induce import Example, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

SITE = "https://api.example/"


def row(k: int, name: str, kind: str = "") -> str:
    cls = f"{kind} {'altColor' if k % 2 == 0 else 'rowColor'}".strip()
    return (
        f"<tr id='i{k}' class='{cls}'><td class='colFirst'><code>void</code></td>"
        f"<th class='colSecond' scope='row'><code><span class='memberNameLink'>"
        f"<a href='#{name}()'>{name}</a></span>()</code></th>"
        f"<td class='colLast'><div class='block'>Does {name}.</div></td></tr>"
    )


def page(i: int, kinds: list[str] | None = None) -> str:
    names = [f"m{i}x{k}" for k in range(3 + i % 3)]
    kinds = kinds or [""] * len(names)
    rows = "".join(row(k, n, kd) for k, (n, kd) in enumerate(zip(names, kinds, strict=False)))
    return (
        "<html><body><main><div class='header'><h2 class='title'>Class C</h2></div>"
        "<div class='summary'><ul class='blockList'><li class='blockList'>"
        "<h3>Method Summary</h3><table class='memberSummary'><caption>All Methods</caption>"
        "<tr><th class='colFirst' scope='col'>Modifier and Type</th>"
        "<th class='colSecond' scope='col'>Method</th>"
        f"<th class='colLast' scope='col'>Description</th></tr>{rows}</table>"
        "</li></ul></div></main></body></html>"
    )


def rules_for(pages: list[Page], clicks: list[tuple[int, int]]) -> list:
    index = SiteIndex.from_pages(pages, max_pages=None)
    trees = dict(zip(index.urls, index.trees, strict=True))
    examples = []
    for i, k in clicks:
        url = f"{SITE}C{i}.html"
        node = select_elements(trees[url], f"(//span[@class='memberNameLink']/a)[{k}]")[0]
        examples.append(Example(url, trees[url], node))
    return induce(examples, [], index, as_list=True, limit=3)


def test_names_of_striped_rows_of_two_pages_play_one_role() -> None:
    pages = [Page(f"{SITE}C{i}.html", page(i)) for i in range(12)]
    # rows 1 and 3 of one page (altColor), row 2 of another (rowColor)
    rules = rules_for(pages, [(0, 1), (0, 3), (1, 2)])
    assert rules, "no rule"
    assert not rules[0].warnings, rules[0].warnings
    assert "altColor" not in rules[0].xpath and "rowColor" not in rules[0].xpath


def test_rows_of_really_different_kinds_still_warn() -> None:
    pages = [Page(f"{SITE}C{i}.html", page(i)) for i in range(12)]
    # striped rows of one kind on one page, of another kind on the other
    pages[0] = Page(f"{SITE}C0.html", page(0, ["methodRow"] * 3))
    pages[1] = Page(f"{SITE}C1.html", page(1, ["fieldRow"] * 4))
    rules = rules_for(pages, [(0, 1), (0, 3), (1, 2)])
    assert rules, "no rule"
    assert any("rows of different kinds" in w for w in rules[0].warnings), rules[0].warnings
