"""Ranking by the label beside the clicked node and by the link's own fixed text, on small
hand-written reference pages in qdoc's manner: a class summary table whose rows vary by page
('Since:' on some pages, 'Inherits:' on others, both on some: the row at one place is another
row elsewhere), member tables below it, and a 'List of all members' link that some pages lack
(where the list's first link is 'Obsolete members')."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, InductionError, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

N = 40
ALL_MEMBERS = "List of all members, including inherited members"
SUMMARY = "/html/body/div/div[1]/table/tr[{row}]/td[2]"
MEMBERS_LINK = "/html/body/div/ul/li[{item}]/a"


def rows(i: int) -> list[tuple[str, str]]:
    """The summary rows of class page ``i``: a header and qmake row, then 'Since:' on pages of
    one kind, 'Inherits:' on others, both on a third kind, 'Inherited By:' on a few; none on
    the fourth kind (a namespace: no summary table, its functions' table comes first)."""
    if i % 4 == 2:
        return []
    out = [("Header:", f"#include &lt;Q{i}&gt;"), ("qmake:", "QT += core")]
    kind = i % 4
    if kind in (1, 3):
        out.append(("Since:", f"Qt 5.{i % 7}"))
    if kind in (0, 3):
        out.append(("Inherits:", f"<a href='base{i % 5}.html'>QBase{i % 5}</a>"))
    if i % 5 == 0:
        out.append(("Inherited By:", f"<p><a href='sub{i}.html'>QSub{i}</a></p>"))
    return out


def inherits(i: int) -> str | None:
    return f"QBase{i % 5}" if i % 4 in (0, 3) else None


def links(i: int) -> list[tuple[str, str]]:
    """The links under the summary: the list of all members on most pages, the obsolete
    members on some (alone on a namespace page)."""
    out = []
    if i % 6 != 5:
        out.append((ALL_MEMBERS, f"q{i}-members.html"))
    if i % 3 == 2:
        out.append(("Obsolete members", f"q{i}-obsolete.html"))
    return out


def members(i: int) -> str | None:
    return f"q{i}-members.html" if i % 6 != 5 else None


def page(i: int) -> str:
    summary = "".join(
        f"<tr><td class='memItemLeft rightAlign'> {label}</td>"
        f"<td class='memItemRight bottomAlign'> {value}</td></tr>"
        for label, value in rows(i)
    )
    items = "".join(f"<li><a href='{href}'>{text}</a></li>" for text, href in links(i))
    member_rows = "".join(
        f"<tr><td class='memItemLeft rightAlign'> void </td>"
        f"<td class='memItemRight bottomAlign'><b><a href='#f{k}'>f{k}</a></b>()</td></tr>"
        for k in range(4)
    )
    table = f"<div class='table'><table class='alignedsummary'>{summary}</table></div>"
    return (
        "<html><body><div class='content'><h1 class='title'>"
        f"Q{i} Class</h1><p>The Q{i} class does thing {i}.</p>"
        f"{table if summary else ''}"
        f"{'<ul>' + items + '</ul>' if items else ''}"
        "<h2>Public Functions</h2>"
        f"<div class='table'><table class='alignedsummary'>{member_rows}</table></div>"
        "</div></body></html>"
    )


def site() -> SiteIndex:
    return SiteIndex(
        [f"https://qt.example/q{i}.html" for i in range(N)],
        [parse_html(page(i)) for i in range(N)],
    )


def click(index: SiteIndex, i: int, xpath: str, attr: str = "") -> Example:
    root = index.trees[i]
    return Example(index.urls[i], root, select_elements(root, xpath)[0], attr)


def values(index: SiteIndex, xpath: str) -> list[str | None]:
    out: list[str | None] = []
    for root in index.trees:
        found = root.xpath(xpath)
        if not found:
            out.append(None)
        elif isinstance(found[0], str):
            out.append(str(found[0]))
        else:
            out.append(" ".join(found[0].text_content().split()))
    return out


def test_the_label_beside_the_clicked_cell_ranks_the_label_rule_above_its_row_number() -> None:
    index = site()
    # pages 0 and 4 have no 'Since:' row: 'Inherits:' is the third row there, 'Since:' is the
    # third row of the pages of kind 1 and 3 ('Inherits:' is the fourth on kind 3)
    assert rows(0)[2][0] == rows(4)[2][0] == "Inherits:"
    assert rows(1)[2][0] == rows(3)[2][0] == "Since:"
    ex = [click(index, 0, SUMMARY.format(row=3)), click(index, 4, SUMMARY.format(row=3))]
    rules = induce(ex, [], index, limit=8)
    top = rules[0]
    assert top.family == "label" and "Inherits:" in top.xpath, [r.xpath for r in rules]
    assert values(index, top.xpath) == [inherits(i) for i in range(N)]
    # the rule by the row's place is offered still, after it: its node on the pages of
    # kind 1 is the 'Since:' row's value
    placed = [r for r in rules if "tr[3]" in r.xpath]
    assert placed and rules.index(placed[0]) > 0
    assert values(index, placed[0].xpath)[1] == "Qt 5.1"


def test_one_click_on_a_constant_row_value_takes_its_label_not_its_place() -> None:
    index = site()
    # 'QT += core' is every summary's second row: its place finds it there, and on a page
    # without a summary table the functions table's second row ('void' beside it)
    rules = induce([click(index, 1, SUMMARY.format(row=2))], [], index, limit=12)
    assert "'qmake:'" in rules[0].xpath, [r.xpath for r in rules]
    assert values(index, rules[0].xpath) == [None if i % 4 == 2 else "QT += core" for i in range(N)]
    placed = [
        r for r in rules if r.xpath.endswith("tr[2]/td[2]") and "normalize-space" not in r.xpath
    ]
    assert placed and values(index, placed[0].xpath)[2] == "f1()"


def test_a_link_read_by_its_fixed_text_is_not_taken_for_the_first_link_of_the_list() -> None:
    index = site()
    # page 0 lists the members alone, page 2 the members then the obsolete members; page 5
    # and 11 list only the obsolete members
    assert [t for t, _h in links(0)] == [ALL_MEMBERS]
    assert [t for t, _h in links(2)] == [ALL_MEMBERS, "Obsolete members"]
    assert [t for t, _h in links(5)] == ["Obsolete members"]
    ex = [
        click(index, 0, MEMBERS_LINK.format(item=1), "href"),
        click(index, 2, MEMBERS_LINK.format(item=1), "href"),
    ]
    rules = induce(ex, [], index, limit=8)
    top = rules[0]
    assert top.xpath == f"//a[normalize-space(.)='{ALL_MEMBERS}']/@href", [r.xpath for r in rules]
    assert values(index, top.xpath) == [members(i) for i in range(N)]


def test_a_rule_kept_to_one_node_by_a_position_ranks_above_the_same_rule_with_several() -> None:
    index = site()
    ex = [
        click(index, 0, MEMBERS_LINK.format(item=1), "href"),
        click(index, 2, MEMBERS_LINK.format(item=1), "href"),
    ]
    xps = [r.xpath for r in induce(ex, [], index, limit=12)]
    several = (
        "//div[contains(concat(' ', normalize-space(@class), ' '), ' content ')]/ul/li/a/@href"
    )
    first = several.replace("/li/a", "/li[1]/a")
    assert several in xps and first in xps, xps
    assert xps.index(first) < xps.index(several), xps


def test_a_not_this_on_the_other_link_at_the_place_passes_when_the_text_tells_them_apart() -> None:
    index = site()
    ex = [
        click(index, 0, MEMBERS_LINK.format(item=1), "href"),
        click(index, 2, MEMBERS_LINK.format(item=1), "href"),
    ]
    # page 5's only link, at the examples' place, is 'Obsolete members'
    nots = [click(index, 5, MEMBERS_LINK.format(item=1))]
    rules = induce(ex, nots, index, limit=3)
    assert rules[0].xpath == f"//a[normalize-space(.)='{ALL_MEMBERS}']/@href"
    assert values(index, rules[0].xpath) == [members(i) for i in range(N)]


def test_a_refused_not_this_at_the_examples_place_says_what_to_do() -> None:
    index = site()
    title = "/html/body/div/h1"
    ex = [click(index, 0, title), click(index, 1, title)]
    with pytest.raises(InductionError) as err:
        induce(ex, [click(index, 2, title)], index)
    text = str(err.value)
    assert "at its place on another page" in text
    assert "If the field is absent on that page, leave the 'not this' out" in text, text
    assert "click it as an example" in text, text
    # examples of one same text and a 'not this' of another: the text is what differs
    qmake = [click(index, 0, SUMMARY.format(row=2)), click(index, 1, SUMMARY.format(row=2))]
    other = parse_html(page(3).replace("QT += core", "QT += gui"))
    neg = Example(
        "https://qt.example/other.html", other, select_elements(other, SUMMARY.format(row=2))[0]
    )
    with pytest.raises(InductionError) as err:
        induce(qmake, [neg], index)
    assert "differs from the examples by its text only ('QT += gui' there" in str(err.value)
