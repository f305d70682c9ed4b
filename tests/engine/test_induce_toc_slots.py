"""A contents list whose entries hold the entry's title and a description beside it, two
containers of one tag told apart by their class (DocBook's `dt/span.refentrytitle/a` and
`dt/span.refpurpose`): on some pages a description holds links of its own (a cross-reference
to another parameter), which are no entries of the list. Clicks on titles must give a rule
that keeps the title's class, and a rule without it is flagged for taking items of two kinds
from one entry."""

from __future__ import annotations

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.induce import Example, induce, several_lists
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements
from deboiler_gui.engine.template.signals import site_signals

SITE = "dbx.example"
N = 40
TITLE = "/html/body/div[2]/div[2]/dl/dt[{k}]/span[1]/a"
WIDE = "//dl[contains(concat(' ', normalize-space(@class), ' '), ' toc ')]/dt/span/a"


def entries(i: int) -> int:
    return 3 + i % 5


def crossrefs(i: int) -> bool:
    """Every fourth page's descriptions link to other parameters (one or two links)."""
    return i % 4 == 3


def html(i: int) -> str:
    def entry(k: int) -> str:
        refs = (
            f" see <a href='q{k}.html'>q{k}</a>"
            + (f" and <a href='r{k}.html'>r{k}</a>" if k % 2 else "")
            if crossrefs(i)
            else ""
        )
        return (
            f"<dt><span class='refentrytitle'><a href='p{i}_{k}.html'>param{i}.{k}</a></span>"
            f"<span class='refpurpose'> \u2014 what it does{refs}</span></dt>"
        )

    toc = "".join(entry(k) for k in range(entries(i)))
    return (
        "<html><body><div class='navheader'><table summary='Navigation header'>"
        f"<tr><th>Part {i}</th></tr></table></div>"
        f"<div class='reference'><div class='titlepage'><h1 class='title'>Part {i}</h1></div>"
        f"<div class='toc'><p><b>Table of Contents</b></p><dl class='toc'>{toc}</dl></div>"
        "</div></body></html>"
    )


def titles(i: int) -> list[str]:
    return [f"param{i}.{k}" for k in range(entries(i))]


def site() -> SiteIndex:
    return SiteIndex(
        [f"https://{SITE}/part{i}.html" for i in range(N)], [parse_html(html(i)) for i in range(N)]
    )


def click(index: SiteIndex, i: int, xpath: str) -> Example:
    root = index.trees[i]
    return Example(index.urls[i], root, select_elements(root, xpath)[0])


def items(root: object, xpath: str) -> list[str]:
    return [" ".join(n.text_content().split()) for n in root.xpath(xpath)]  # type: ignore[attr-defined]


def test_clicked_titles_keep_their_class_beside_descriptions_holding_links() -> None:
    index = site()
    # page 0's descriptions hold no link: the example page alone cannot tell the two apart
    assert not crossrefs(0)
    ex = [click(index, 0, TITLE.format(k=k)) for k in (1, 2, 3)]
    rules = induce(ex, [], index, as_list=True, limit=6)
    top = rules[0].xpath
    assert "refentrytitle" in top, [r.xpath for r in rules]
    assert [items(index.trees[i], top) for i in range(N)] == [titles(i) for i in range(N)], top


def test_items_from_a_title_and_a_description_of_one_entry_are_several_lists() -> None:
    index = site()
    wide = [index.trees[i].xpath(WIDE) for i in range(N)]
    # the rule without the class takes the descriptions' links on every fourth page
    assert len(wide[3]) > entries(3)
    assert [several_lists(found) for found in wide] == [crossrefs(i) for i in range(N)]
    pages = [Page(f"https://{SITE}/part{i}.html", html(i)) for i in range(N)]
    t = Template("ref", site=SITE, fields=(Field("toc", xpaths=(WIDE,), is_list=True),))
    flags = [f for s in site_signals(pages, [t]) for f in s.flags()]
    mixed = [f for f in flags if "items from several lists" in f["flag"]]
    assert len(mixed) == 1 and mixed[0]["pages"] == N // 4, flags
    narrow = WIDE.replace(
        "/span/", "/span[contains(concat(' ', normalize-space(@class), ' '), ' refentrytitle ')]/"
    )
    t = Template("ref", site=SITE, fields=(Field("toc", xpaths=(narrow,), is_list=True),))
    assert not [
        f
        for s in site_signals(pages, [t])
        for f in s.flags()
        if "items from several lists" in f["flag"]
    ]
