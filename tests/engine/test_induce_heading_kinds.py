"""Headings of two ranks clicked on two kinds of page that no rule takes together (a class
page's `h1` title and a guide's `h2` section heading, as on Qt's qdoc reference) are refused
with the reason, as unlike nodes on two kinds of page are: headings of different ranks on
pages built differently, and the lower one coming after its page's own `h1` (a section's
heading there); not only "the examples contradict each other (different templates or
different parts of the page?)". Headings of two ranks that a rule does take together (a
chapter's `h1` and a reference page's `h2`, each its page's title) are still one field."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, InductionError, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

SITE = "http://qt.local/"


def class_page(i: int) -> str:
    """A class page: its title `h1.title`, a summary table, member lists."""
    rows = "".join(f"<tr><td class='memItemLeft'>int</td><td>f{k}()</td></tr>" for k in range(4))
    return (
        "<html><body><div class='main'><div class='content mainContent'>"
        f"<h1 class='title'>Q{i} Class</h1>"
        f"<div class='table'><table class='alignedsummary'><tr><td>Header:</td>"
        f"<td>#include &lt;Q{i}&gt;</td></tr></table></div>"
        f"<ul><li><a href='q{i}-members.html'>List of all members</a></li></ul>"
        f"<h2 id='public-functions'>Public Functions</h2><table class='alignedsummary'>{rows}"
        "</table></div></div></body></html>"
    )


def guide_page(i: int) -> str:
    """A guide: its title `h1.title`, then sections in a `div.descr`, each under an `h2`."""
    sections = "".join(
        f"<h2 id='s{k}'>Topic {i}.{k}</h2><p>About topic {k}.</p><p>More.</p>" for k in range(3)
    )
    return (
        "<html><body><div class='main'><div class='content mainContent'>"
        f"<h1 class='title'>Guide {i}</h1><span class='subtitle'></span>"
        f"<div class='descr'>{sections}</div></div></div></body></html>"
    )


def site() -> SiteIndex:
    urls, trees = [], []
    for i in range(14):
        urls.append(f"{SITE}q{i}.html")
        trees.append(parse_html(class_page(i)))
        urls.append(f"{SITE}guide{i}.html")
        trees.append(parse_html(guide_page(i)))
    return SiteIndex(urls, trees)


def click(index: SiteIndex, url: str, xpath: str) -> Example:
    root = index.trees[index.urls.index(url)]
    return Example(url, root, select_elements(root, xpath)[0])


def test_a_title_and_a_section_heading_on_two_kinds_of_page_are_refused_with_why() -> None:
    index = site()
    title = click(index, f"{SITE}q0.html", "//h1")
    section = click(index, f"{SITE}guide1.html", "//div[@class='descr']/h2[2]")
    with pytest.raises(InductionError) as err:
        induce([title, section], [], index)
    text = str(err.value)
    assert text.startswith(
        "the examples contradict each other (headings of different ranks on different kinds "
        "of page: a template is for one kind of page;"
    ), text
    assert (
        "cannot be one field: h1 'Q0 Class' (div.content.mainContent/h1.title) and h2 "
        "'Topic 1.1' (div.descr/h2) are headings of different ranks on pages built "
        "differently ("
    ) in text, text
    assert (
        "guide1.html's h2 comes after its h1 'Guide 1': a section's heading there, not its "
        "page's title?"
    ) in text, text
    assert err.value.examples == [f"{SITE}q0.html", f"{SITE}guide1.html"]


def test_headings_of_two_ranks_a_rule_takes_are_still_one_field() -> None:
    # The guides titled by an `h2` of their own (no `h1`): each page's first heading.
    urls, trees = [], []
    for i in range(12):
        urls.append(f"{SITE}q{i}.html")
        trees.append(parse_html(class_page(i)))
        urls.append(f"{SITE}guide{i}.html")
        trees.append(
            parse_html(
                "<html><body><div class='main'><div class='content mainContent'>"
                f"<h2 class='title'>Guide {i}</h2><div class='descr'><p>About.</p></div>"
                "</div></div></body></html>"
            )
        )
    index = SiteIndex(urls, trees)
    rules = induce(
        [click(index, f"{SITE}q0.html", "//h1"), click(index, f"{SITE}guide1.html", "//h2")],
        [],
        index,
    )
    assert rules and rules[0].site["one"] == 24, rules[0].xpath
