"""Clicks that are not one field, refused with the examples named rather than joined into a
rule: a class page's title and another class page's 'Related Docs' heading (two parts of one
kind of page, which only a union of rules held by each page's package name took), a class
page's title and an index page's first entry name (unlike nodes on two kinds of page, which a
positional rule took as the first of either tag); while examples of one field on pages of two
kinds (headings of two ranks, a heading and a node named a title) are still induced."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, InductionError, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

SITE = "https://api.example/"
PACKAGES = ["core", "core.coll", "core.util", "core.io", "core.math", "core.sys", "core.conc"]


def class_page(i: int, *, wrapped: bool = False) -> str:
    """A Scaladoc class page: the package's name above the title, then the 'Related Docs'
    heading (in a `div.more` of its own on the pages made ``wrapped``)."""
    pkg = PACKAGES[i % len(PACKAGES)]
    related = (
        "<h3><span class='morelinks'><div>Related Docs: "
        f"<a href='T{i}$.html'>object T{i}</a> | "
        f"<a href='package.html'>package {pkg.rsplit('.', 1)[-1]}</a></div></span></h3>"
    )
    if wrapped:
        related = f"<div class='more'>{related}</div>"
    return (
        f"<html><head><title>Library: {pkg}.T{i} (class)</title></head><body>"
        f"<div id='definition'><a href='T{i}$.html'><img alt='Class/Object' src='c.png'/></a>"
        f"<p id='owner'><a href='package.html' class='extype'>{pkg}</a></p>"
        f"<h1>T{i}</h1>{related}</div>"
        f"<div id='template'><div id='comment'><p>About T{i}.</p></div>"
        f"<ol id='linearization'><li class='in'><span>T{i}</span></li>"
        "<li class='in'><span>AnyRef</span></li></ol></div></body></html>"
    )


def index_page(letter: str) -> str:
    """An index page: one `div.entry` per name, the name in a `div.name`."""
    entries = "".join(
        f"<div class='entry'><div class='name'>{letter}{k}</div><div class='occurrences'>"
        f"<a href='../core/T{k}.html' class='extype'>T{k}</a></div></div>"
        for k in range(4)
    )
    return f"<html><head><title>Index</title></head><body>{entries}</body></html>"


def site(*, wrapped: bool = False) -> SiteIndex:
    urls, trees = [], []
    for i in range(28):
        urls.append(f"{SITE}core/T{i}.html")
        trees.append(parse_html(class_page(i, wrapped=wrapped and i % 2 == 1)))
    for letter in "ABCD":
        urls.append(f"{SITE}index/index-{letter.lower()}.html")
        trees.append(parse_html(index_page(letter)))
    return SiteIndex(urls, trees)


def click(index: SiteIndex, url: str, xpath: str) -> Example:
    root = index.trees[index.urls.index(url)]
    return Example(url, root, select_elements(root, xpath)[0])


def test_two_parts_of_one_kind_of_page_are_refused_naming_both() -> None:
    index = site()
    title = click(index, f"{SITE}core/T0.html", "/html/body/div[1]/h1")
    related = click(index, f"{SITE}core/T1.html", "/html/body/div[1]/h3")
    with pytest.raises(InductionError) as err:
        induce([title, related], [], index)
    text = str(err.value)
    assert text.startswith(
        "the examples contradict each other (different parts of one kind of page: click the "
        "same part on each page)"
    ), text
    assert (
        f"{SITE}core/T0.html /html/body/div[1]/h1 and {SITE}core/T1.html /html/body/div[1]/h3 "
        "cannot be one field: each page has both (T1.html's h1 'T1' is at the place of the "
        "first, T0.html's h3 'Related Docs: object T0 | package core' at the place of the "
        "second)"
    ) in text, text
    assert err.value.examples == [f"{SITE}core/T0.html", f"{SITE}core/T1.html"]


def test_the_same_part_of_each_page_is_still_one_field() -> None:
    index = site()
    rules = induce(
        [
            click(index, f"{SITE}core/T0.html", "/html/body/div[1]/h1"),
            click(index, f"{SITE}core/T1.html", "/html/body/div[1]/h1"),
        ],
        [],
        index,
    )
    assert rules[0].xpath == "//div[@id='definition']/h1"
    assert not rules[0].warnings


def test_a_union_held_by_each_pages_own_text_is_no_rule() -> None:
    # The 'Related Docs' heading in a `div.more` of its own on odd pages: its place on the
    # even page holds nothing, so the two examples are not seen as two parts of one page;
    # the rules that took them were a union of two rules held by the package names above
    # the titles ('core' here, 'core.coll' there), a value on a seventh of the pages each.
    index = site(wrapped=True)
    title = click(index, f"{SITE}core/T0.html", "/html/body/div[1]/h1")
    related = click(index, f"{SITE}core/T1.html", "/html/body/div[1]/div/h3")
    for clicked in (True, False):
        with pytest.raises(InductionError) as err:
            induce([title, related], [], index, clicked=clicked)
        text = str(err.value)
        assert "the examples contradict each other" in text, text
        assert (
            f"{SITE}core/T0.html /html/body/div[1]/h1 and {SITE}core/T1.html "
            "/html/body/div[1]/div/h3 cannot be one field"
        ) in text, text


def test_a_label_naming_a_kind_of_page_still_makes_a_union() -> None:
    # 'Module Summary' on module pages, 'File Summary' on file pages: a label of a few texts
    # at its place, each on many pages, is no page's own text.
    urls, trees = [], []
    for i in range(20):
        kind = "Module" if i % 2 == 0 else "File"
        urls.append(f"{SITE}{kind.lower()}{i}.html")
        trees.append(
            parse_html(
                f"<html><body><main><h1>Thing {i}</h1><h2>{kind} Summary</h2>"
                f"<div>Does thing {i}.</div><h2>Details</h2><div>More.</div></main></body></html>"
            )
        )
    index = SiteIndex(urls, trees)
    rules = induce(
        [
            click(index, urls[0], "//main/div[1]"),
            click(index, urls[1], "//main/div[1]"),
        ],
        [],
        index,
    )
    assert "Summary" in rules[0].xpath, rules[0].xpath
    assert rules[0].site["one"] == 20


def test_unlike_nodes_on_two_kinds_of_page_are_refused_naming_both() -> None:
    index = site()
    title = click(index, f"{SITE}core/T2.html", "/html/body/div[1]/h1")
    name = click(index, f"{SITE}index/index-a.html", "/html/body/div[1]/div[1]")
    with pytest.raises(InductionError) as err:
        induce([title, name], [], index)
    text = str(err.value)
    assert text.startswith(
        "the examples contradict each other (unlike nodes on different kinds of page: a "
        "template is for one kind of page; click the field on pages of one kind, and the "
        "other kind's in a template of its own)"
    ), text
    assert (
        f"{SITE}core/T2.html /html/body/div[1]/h1 and {SITE}index/index-a.html "
        "/html/body/div[1]/div[1] cannot be one field: h1 'T2' is a heading "
        "(div#definition/h1), div 'A0' is not (div.entry/div.name), on pages built "
        "differently ("
    ) in text, text
    assert (
        "index/index-a.html has no div#definition/h1, core/T2.html no div.entry/div.name)" in text
    )
    assert err.value.examples == [f"{SITE}core/T2.html", f"{SITE}index/index-a.html"]
    # Repair's examples (the nodes of a field's old values) are not a person's clicks: an
    # old rule may have taken two kinds of page, and so may the new one.
    rules = induce([title, name], [], index, clicked=False)
    assert rules and "h1" in rules[0].xpath and "div" in rules[0].xpath


def test_headings_on_two_kinds_of_page_are_still_one_field() -> None:
    # A class page's h1 and a package page's `h2.title` in another layout: one role.
    urls, trees = [], []
    for i in range(12):
        urls.append(f"{SITE}core/T{i}.html")
        trees.append(parse_html(class_page(i)))
        urls.append(f"{SITE}pkg{i}/package.html")
        trees.append(
            parse_html(
                f"<html><body><header><h2 class='title'>package pkg{i}</h2></header>"
                "<table><tr><td>T0</td></tr></table></body></html>"
            )
        )
    index = SiteIndex(urls, trees)
    rules = induce(
        [
            click(index, f"{SITE}core/T0.html", "/html/body/div[1]/h1"),
            click(index, f"{SITE}pkg1/package.html", "//h2"),
        ],
        [],
        index,
    )
    assert rules[0].site["one"] == 24, rules[0].xpath


def test_pages_of_one_file_name_are_named_by_their_paths() -> None:
    # every page is a folder's index.html (odoc): the message names each by its path below
    # the folder the two share, not twice by "index.html"
    urls, trees = [], []
    for i in range(28):
        urls.append(f"{SITE}{PACKAGES[i % len(PACKAGES)]}/T{i}/index.html")
        trees.append(parse_html(class_page(i)))
    index = SiteIndex(urls, trees)
    title = click(index, urls[0], "/html/body/div[1]/h1")
    related = click(index, urls[1], "/html/body/div[1]/h3")
    with pytest.raises(InductionError) as err:
        induce([title, related], [], index)
    assert (
        "each page has both (core.coll/T1/index.html's h1 'T1' is at the place of the first, "
        "core/T0/index.html's h3 'Related Docs: object T0 | package core' at the place of the "
        "second)"
    ) in str(err.value), str(err.value)
