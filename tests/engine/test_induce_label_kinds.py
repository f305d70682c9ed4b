"""Lists whose own label differs by kind of page ('Classes' on a C++ header's page, 'Data
Structures' on a C header's): clicks on one example of each kind give a rule that holds both
kinds (the union of the rules anchored on each label, or a rule on what the kinds share when
that takes no other list); one click on one kind still gives that kind's label."""

from __future__ import annotations

import re

from test_induce_table_labels import _table, click, texts

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.induce import induce
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.selectors import SiteIndex
from deboiler_gui.engine.template.signals import site_signals

CLASSES = "//table[tr[normalize-space(.)='Classes']]/tr[2]/td[2]/a"
STRUCTS = "//table[tr[normalize-space(.)='Data Structures']]/tr[2]/td[2]/a"


def header_page(i: int, *, others: bool = True, bare: bool = False) -> tuple[str, list[str]]:
    """A header file's page: even pages are C++ ('Classes'), odd ones C ('Data Structures');
    every fifth page has neither. With ``others``, a macros table before the list on every
    third page and a functions table after it on every page; without, a functions table only
    on the pages without the list (none at all with ``bare``)."""
    label = "Classes" if i % 2 == 0 else "Data Structures"
    names = [f"Thing{i}{k}" for k in range(1 + i % 3)] if i % 5 != 4 else []
    tables = ""
    if others and i % 3 == 0:
        tables += _table("Macros", "define-members", "#define", [f"THING_{i}"])
    if names:
        tables += _table(label, "nested-classes", "struct", names)
    if others or not (names or bare):
        tables += _table("Functions", "func-members", "int", [f"run{i}", f"stop{i}"])
    html = f"""<html><body><div class='header'><div class='title'>thing{i}.h File Reference
    </div></div><div class='contents'><p><a href='thing{i}_8h_source.html'>Go to the source
    code of this file.</a></p>{tables}</div></body></html>"""
    return html, names


def header_site(
    n: int = 12, *, others: bool = True, bare: bool = False
) -> tuple[SiteIndex, list[list[str]]]:
    pages = [header_page(i, others=others, bare=bare) for i in range(n)]
    urls = [f"https://headers.example/thing{i}_8h.html" for i in range(n)]
    return SiteIndex(urls, [parse_html(h) for h, _n in pages]), [names for _h, names in pages]


def test_one_click_on_each_kind_of_page_holds_both_kinds() -> None:
    site, names = header_site()
    for clicks in (
        [click(site, 0, CLASSES), click(site, 1, STRUCTS)],
        [click(site, 2, CLASSES), click(site, 1, STRUCTS), click(site, 5, STRUCTS)],
    ):
        best = induce(clicks, index=site, as_list=True)[0]
        for i in range(len(site.urls)):
            # Each page's own list, whichever its label; not the macros or the functions.
            assert texts(site, i, best.xpath) == names[i], (i, best.xpath)
        assert best.site["relabelled"] == 0 and best.site["mixed"] == 0, best.site


def test_one_click_on_one_kind_keeps_to_its_label() -> None:
    site, names = header_site()
    best = induce([click(site, 0, CLASSES)], index=site, as_list=True)[0]
    assert "Data Structures" not in best.xpath, best.xpath
    for i in range(len(site.urls)):
        assert texts(site, i, best.xpath) == (names[i] if i % 2 == 0 else []), (i, best.xpath)


def test_a_shared_table_class_that_takes_another_list_is_not_the_rule() -> None:
    # The list's table is the only member table of the pages that have one; the pages without
    # it hold a functions table of the same class: the rule keeps to the two labels.
    site, names = header_site(others=False)
    clicks = [click(site, 0, CLASSES), click(site, 1, STRUCTS)]
    best = induce(clicks, index=site, as_list=True)[0]
    for i in range(len(site.urls)):
        assert texts(site, i, best.xpath) == names[i], (i, best.xpath)


def test_the_kinds_shared_table_is_the_rule_when_it_takes_no_other_list() -> None:
    # No page holds another member table: the table's class and the row shape hold both
    # kinds, and a third kind's label too.
    site, names = header_site(others=False, bare=True)
    clicks = [click(site, 0, CLASSES), click(site, 1, STRUCTS)]
    best = induce(clicks, index=site, as_list=True)[0]
    assert "Classes" not in best.xpath and "Data Structures" not in best.xpath, best.xpath
    for i in range(len(site.urls)):
        assert texts(site, i, best.xpath) == names[i], (i, best.xpath)
    third = parse_html(header_page(0, others=False, bare=True)[0].replace("Classes", "Interfaces"))
    assert texts(SiteIndex(["https://headers.example/x.html"], [third]), 0, best.xpath) == [
        "Thing00"
    ]


def test_a_text_of_the_clicked_rows_does_not_pick_the_entries() -> None:
    # The clicked tables hold one 'struct' each; other pages' longer tables open with a class:
    # the member's kind is what an entry holds, not what makes it the list's.
    pages, names = [], []
    for i in range(12):
        html, got = header_page(i)
        if i < 2:
            got = [f"Thing{i}0"]
            html = html.replace(f"Thing{i}1", "").replace(f"Thing{i}2", "")
            html = "".join(
                part
                for part in re.split(r"(<tr class='memitem:nested-classes[12]'>.*?</tr>)", html)
                if "memitem:nested-classes1" not in part and "memitem:nested-classes2" not in part
            )
        elif len(got) > 1:
            html = html.replace(">struct&#160;<", ">class&#160;<", 1)
        pages.append(html)
        names.append(got)
    site = SiteIndex(
        [f"https://headers.example/thing{i}_8h.html" for i in range(12)],
        [parse_html(h) for h in pages],
    )
    assert texts(site, 1, "//td[@class='memItemRight']/a")[:1] == ["Thing10"]
    clicks = [click(site, 0, CLASSES), click(site, 1, STRUCTS)]
    best = induce(clicks, index=site, as_list=True)[0]
    assert "'struct'" not in best.xpath, best.xpath
    for i in range(len(site.urls)):
        assert texts(site, i, best.xpath) == names[i], (i, best.xpath)


def _flags(xp: str) -> list[str]:
    pages = [
        Page(f"https://headers.example/thing{i}_8h.html", header_page(i)[0]) for i in range(12)
    ]
    template = Template(
        "h", site="headers.example", fields=(Field("types", xpaths=(xp,), is_list=True),)
    )
    return [str(f["flag"]) for s in site_signals(pages, [template]) for f in s.flags()]


def test_the_union_of_the_kinds_labels_is_not_flagged_for_its_labels() -> None:
    cell = "/tr/td[@class='memItemRight']/a"
    union = (
        f"(//table[tr[normalize-space(.)='Classes']]{cell}"
        f" | //table[tr[normalize-space(.)='Data Structures']]{cell})"
    )
    assert not any("differently labelled" in f for f in _flags(union)), _flags(union)
    # A rule on the place of the list is, where the place holds another list.
    place = f"//p/following-sibling::table[1]{cell}"
    assert any("differently labelled" in f for f in _flags(place)), _flags(place)
