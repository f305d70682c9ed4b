"""Clicks that do not make one field, told rather than turned into a rule: a heading on one
page and a paragraph on a page of another kind; a 'not this' that narrows the rule to a kind
of section (or a list pinned by its position) on far fewer pages than the examples' rule;
and the item spread of a list rule counting the examples' own pages."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, InductionError, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

SITE = "https://api.example/"


def click(site: SiteIndex, i: int, xpath: str) -> Example:
    root = site.trees[i]
    return Example(site.urls[i], root, select_elements(root, xpath)[0])


def api_page(i: int) -> tuple[str, str]:
    """An API reference: class pages (a sidebar of sections: the parent, the included
    modules when there are any, then the methods; the class's name in `main/h1`) and an index
    page opening on a paragraph."""
    if i == 0:
        return (
            f"{SITE}index.html",
            "<html><body id='top'><nav><div id='home'><a href='index.html'>Home</a></div></nav>"
            "<main role='main'><p>This is the documentation of the core library.</p>"
            "<h2>Classes</h2><ul><li><a href='C1.html'>C1</a></li></ul></main></body></html>",
        )
    includes = (
        "<div id='includes-section' class='nav-section'><h3>Included Modules</h3><ul>"
        + "".join(f"<li><a href='M{k}.html'>M{k}</a></li>" for k in range(2 if i == 5 else 1))
        + "</ul></div>"
        if i % 4 == 1
        else ""
    )
    methods = "".join(f"<li><a href='#m{k}'>#m{i}_{k}</a></li>" for k in range(3 + i % 4))
    return (
        f"{SITE}C{i}.html",
        "<html><body id='top'><nav><div id='class-metadata'>"
        f"<div id='parent-class-section' class='nav-section'><h3>Parent</h3><p><a href='P.html'>"
        f"P{i % 5}</a></p></div>{includes}"
        f"<div id='method-list-section' class='nav-section'><h3>Methods</h3><ul>{methods}</ul>"
        f"</div></div></nav><main role='main'><h1 class='class'>class C{i}</h1>"
        f"<section class='description'><p>About C{i}.</p></section></main></body></html>",
    )


def api_site(n: int = 24) -> SiteIndex:
    urls, trees = [], []
    for i in range(n):
        url, html = api_page(i)
        urls.append(url)
        trees.append(parse_html(html))
    return SiteIndex(urls, trees)


def test_a_heading_and_a_paragraph_of_another_kind_of_page_are_refused() -> None:
    site = api_site()
    with pytest.raises(InductionError) as exc:
        induce([click(site, 1, "//main/h1"), click(site, 0, "//main/p")], [], site)
    text = str(exc.value)
    assert "the examples contradict each other" in text
    assert f"{SITE}C1.html" in text and f"{SITE}index.html" in text
    assert "cannot be one field" in text


def ranked_page(i: int) -> tuple[str, str]:
    """A manual: chapters titled by an `h1`, sections by an `h2`, in one content block."""
    head = "h1" if i % 3 == 0 else "h2"
    return (
        f"{SITE}s{i}.html",
        f"<html><body><div id='content'><{head}>Title {i}</{head}><p>Text {i}.</p>"
        "</div></body></html>",
    )


def test_headings_of_different_ranks_are_still_one_field() -> None:
    urls, trees = [], []
    for i in range(12):
        url, html = ranked_page(i)
        urls.append(url)
        trees.append(parse_html(html))
    site = SiteIndex(urls, trees)
    rules = induce([click(site, 0, "//h1"), click(site, 1, "//h2")], [], site)
    assert "self::h1 or self::h2" in rules[0].xpath
    assert rules[0].site["one"] == 12


def manual_page(i: int) -> tuple[str, str]:
    """A Texinfo manual: each page's header holds its 'Next:' link; a third of the pages
    are subsubsections (`div.subsubsection`), the others sections."""
    kind = "subsubsection" if i % 3 == 0 else "section"
    return (
        f"{SITE}n{i}.html",
        f"<html><body lang='en'><div class='{kind}' id='N{i}'><div class='header'><p>"
        f"Next: <a href='n{i + 1}.html' accesskey='n' rel='next'>Node {i + 1}</a></p></div>"
        f"<h3>Node {i}</h3><p>Text.</p></div></body></html>",
    )


def manual_site(n: int = 24) -> SiteIndex:
    urls, trees = [], []
    for i in range(n):
        url, html = manual_page(i)
        urls.append(url)
        trees.append(parse_html(html))
    return SiteIndex(urls, trees)


def test_a_not_this_narrowing_the_field_to_a_kind_of_section_is_told() -> None:
    site = manual_site()
    # the example on a subsubsection page, the 'not this' the same link on a section page
    rules = induce([click(site, 3, "//a[@rel='next']")], [click(site, 1, "//a[@rel='next']")], site)
    assert "subsubsection" in rules[0].xpath
    warning = next(w for w in rules[0].warnings if "narrows the rule" in w)
    assert f"{SITE}n1.html" in warning
    assert "on 8 of 24 sampled pages, against 24 without it" in warning
    # without the 'not this' no such word
    rules = induce([click(site, 3, "//a[@rel='next']")], [], site)
    assert not any("narrows" in w for w in rules[0].warnings)


def test_a_list_not_this_leaving_the_list_on_some_pages_is_told() -> None:
    site = api_site()
    methods = "//div[@id='method-list-section']/ul/li[{}]/a"
    # the examples on a page with included modules (methods are the third block), the 'not
    # this' a method of a page without (the second block)
    rules = induce(
        [click(site, 5, methods.format(1)), click(site, 5, methods.format(2))],
        [click(site, 3, methods.format(1))],
        site,
        as_list=True,
    )
    # (whatever the rule: a position among the blocks, a label the pages differ in)
    assert 2 * rules[0].site["with_items"] <= rules[0].site["pages"], rules[0].xpath
    warning = next(w for w in rules[0].warnings if "narrows the rule" in w)
    assert f"{SITE}C3.html" in warning and "method-list-section" in warning


def test_a_list_rules_item_spread_counts_the_example_pages() -> None:
    site = api_site()
    inc = "//div[@id='includes-section']/ul/li[{}]/a"
    # C5 holds two included modules; the index is sampled without it
    sample = SiteIndex(
        [u for k, u in enumerate(site.urls) if k != 5],
        [t for k, t in enumerate(site.trees) if k != 5],
    )
    assert all(
        len(select_elements(t, "//div[@id='includes-section']/ul/li")) == 1
        for t in sample.trees
        if select_elements(t, "//div[@id='includes-section']")
    )
    five = Example(site.urls[5], site.trees[5], select_elements(site.trees[5], inc.format(2))[0])
    rules = induce([five, click(site, 1, inc.format(1))], [], sample, as_list=True)
    assert rules[0].site["items_min"] == 1 and rules[0].site["items_max"] == 2


def bar_page(i: int, n: int) -> tuple[str, str]:
    """A Texinfo manual's bar: '<' (title 'Previous section') and '>' (title 'Next
    section') links in cells of one kind; the first page has no '<' cell, so its '>' is the
    first cell."""
    cells = []
    if i > 0:
        cells.append(f"<td>[<a href='p{i - 1}.html' title='Previous section'> &lt; </a>]</td>")
    cells.append(f"<td>[<a href='p{i + 1}.html' title='Next section'> &gt; </a>]</td>")
    cells.append("<td>[<a href='index.html' title='Up section'> Up </a>]</td>")
    return (
        f"{SITE}p{i}.html",
        f"<html><body><div><table class='header'><tr>{''.join(cells)}</tr></table>"
        f"<h2>Section {i}</h2><p>Text {i} of {n}.</p></div></body></html>",
    )


def bar_site(n: int = 16) -> SiteIndex:
    urls, trees = [], []
    for i in range(n):
        url, html = bar_page(i, n)
        urls.append(url)
        trees.append(parse_html(html))
    return SiteIndex(urls, trees)


def test_a_next_and_a_previous_link_of_one_bar_are_named_apart() -> None:
    site = bar_site()
    with pytest.raises(InductionError) as exc:
        induce([click(site, 3, "//td[2]/a"), click(site, 5, "//td[1]/a")], [], site)
    text = str(exc.value)
    assert "different parts of one kind of page" in text
    assert "title 'Next section' against 'Previous section'" in text
    assert f"{SITE}p3.html" in text and f"{SITE}p5.html" in text


def test_a_next_link_at_another_cell_on_the_first_page_is_still_one_field() -> None:
    site = bar_site()
    rules = induce([click(site, 0, "//td[1]/a"), click(site, 4, "//td[2]/a")], [], site)
    values = {
        site.urls[i]: select_elements(site.trees[i], rules[0].xpath)[0].get("href")
        for i in range(len(site.urls))
    }
    assert all(values[f"{SITE}p{i}.html"] == f"p{i + 1}.html" for i in range(16))
