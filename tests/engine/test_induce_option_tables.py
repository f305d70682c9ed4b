"""List induction over a run of like containers each holding one entry: a reference that
describes each option in its own one-row table between paragraphs, in one or several sections
of a chapter, with a summary table of many rows (or of one row of another shape) beside them
on some pages. Clicks on option
names of two tables give every option name of the chapter; clicks on a menu entry and an
option are still refused as two lists."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, InductionError, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements


def option(name: str) -> str:
    return (
        f"<table><tr><td><span class='opt'>{name}</span></td>"
        "<td>Use: <span class='em'>main</span></td><td>Type: <span class='em'>string</span></td>"
        "<td>Default: <span class='em'>unset</span></td></tr></table>"
        f"<p>The option <span class='opt'>{name}</span> sets something.</p>"
    )


def chapter(i: int) -> tuple[str, list[str]]:
    """A chapter page and its option names in page order."""
    first = [f"opt{i}_a{k}" for k in range(2 + i % 3)]
    second = [f"opt{i}_b{k}" for k in range(i % 2 * 3)]  # a second section on odd pages
    summary = ""
    if i % 3 == 0:  # a summary table of many rows, its names in the first cell too
        rows = "".join(
            f"<tr><td><span class='opt'>{n}</span></td><td>what {n} is</td></tr>" for n in first
        )
        summary = f"<div class='section'><h3>Summary</h3><table>{rows}</table></div>"
    if i % 3 == 1:  # a summary of one row: one entry too, but of two cells, not four
        summary = (
            "<div class='section'><h3>Summary</h3><table><tr><td><span class='opt'>"
            f"opt{i}_a0</span></td><td>what it is</td></tr></table></div>"
        )
    sections = summary + "<div class='section'><h3>Options</h3><p>Intro</p>"
    sections += "".join(option(n) for n in first) + "</div>"
    if second:
        sections += "<div class='section'><h3>More options</h3><p>Intro</p>"
        sections += "".join(option(n) for n in second) + "</div>"
    html = f"""<html><body><ul id='nav'><li><a href='/'>Home</a></li>
    <li><a href='/docs'>Docs</a></li><li><a href='/faq'>FAQ</a></li></ul>
    <div id='content'><div id='chapter' class='chapter'><h2>Chapter {i}</h2>
    {sections}</div></div></body></html>"""
    return html, first + second


def site() -> tuple[SiteIndex, list[list[str]]]:
    pages = [chapter(i) for i in range(9)]
    return (
        SiteIndex(
            [f"https://spec.example/ch{i}.html" for i in range(9)],
            [parse_html(h) for h, _n in pages],
        ),
        [n for _h, n in pages],
    )


NAME = "//div[h3='{label}']/table/tr/td[1]/span"


def click(index: SiteIndex, i: int, xpath: str, k: int = 0) -> Example:
    root = index.trees[i]
    return Example(index.urls[i], root, select_elements(root, xpath)[k])


def texts(index: SiteIndex, i: int, xpath: str) -> list[str]:
    return [" ".join(n.text_content().split()) for n in select_elements(index.trees[i], xpath)]


def test_one_row_tables_of_one_section_are_one_list() -> None:
    index, names = site()
    opts = NAME.format(label="Options")
    clicks = [click(index, 1, opts, 0), click(index, 1, opts, 2), click(index, 4, opts, 1)]
    best = induce(clicks, index=index, as_list=True, limit=3)[0].xpath
    for i in range(9):
        assert texts(index, i, best) == names[i], (i, best)


def test_one_row_tables_across_two_sections() -> None:
    index, names = site()
    clicks = [
        click(index, 1, NAME.format(label="Options"), 1),
        click(index, 1, NAME.format(label="More options"), 0),
        click(index, 3, NAME.format(label="Options"), 1),
    ]
    best = induce(clicks, index=index, as_list=True, limit=3)[0].xpath
    for i in range(9):
        assert texts(index, i, best) == names[i], (i, best)


def test_menu_and_option_are_still_two_lists() -> None:
    index, _names = site()
    clicks = [
        click(index, 1, "//ul[@id='nav']/li/a", 1),
        click(index, 1, NAME.format(label="Options"), 0),
    ]
    with pytest.raises(InductionError):
        induce(clicks, index=index, as_list=True, limit=3)


def test_one_click_takes_the_run_not_the_clicked_table() -> None:
    # One click cannot tell a one-row table of a run from a list of its own: the section's
    # option names are the list, not the clicked table's position (one item per page).
    index, names = site()
    clicks = [click(index, 1, NAME.format(label="Options"), 1)]
    best = induce(clicks, index=index, as_list=True, limit=3)[0].xpath
    assert "table[" not in best.replace("table[count(", "")
    for i in range(9):
        assert texts(index, i, best) == names[i], (i, best)
