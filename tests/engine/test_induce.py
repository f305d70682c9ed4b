"""Selector induction from clicked examples: lists anchor on their own container (never on a
position shared with other lists), nested items only when the examples are nested, labels
beside a parent, the nearest hook before a far id, 'not this' clicks and conflicting examples."""

from __future__ import annotations

import re

import pytest

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, InductionError, induce, untbody
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements


def page(i: int, *, banner: bool = False) -> str:
    toc = "".join(
        f"<li><a href='#s{k}'>Section {i}.{k}</a>"
        + (f"<ul><li><a href='#s{k}a'>Sub {i}.{k}</a></li></ul>" if k == 1 else "")
        + "</li>"
        for k in range(1, 3 + i % 3)
    )
    other = "".join(f"<li><a href='/o{k}'>Other {k}</a></li>" for k in range(4))
    crumbs = "".join(
        f"<li class='crumb'><a href='/c{k}'>Crumb {i}-{k}</a></li>" for k in range(1 + i % 2 + 1)
    )
    return f"""<html><body id='page-{i}'>
    {'<div class="banner">Sale</div>' if banner else ""}
    <div><ul class='topnav'><li><a href='/'>Home</a></li><li><a href='/about'>About</a></li>{crumbs}</ul></div>
    <div class='header'><table><tr><th>Header {i}</th></tr></table></div>
    <div class='side'>
      <ul class='links'>{other}</ul>
      <ul id='toc'>{toc}</ul>
      <ul class='more'>{other}</ul>
      <div><h4>Previous topic</h4><p class='topless'><a href='/p{i - 1}'>Page {i - 1}</a></p></div>
      <div><h4>Next topic</h4><p class='topless'><a href='/p{i + 1}'>Page {i + 1}</a></p></div>
    </div>
    <div class='main'><h1>Title {i}</h1><p>Body {i} text.</p></div>
    </body></html>"""


@pytest.fixture(scope="module")
def site() -> SiteIndex:
    urls = [f"https://s.example/p{i}.html" for i in range(12)]
    return SiteIndex(urls, [parse_html(page(i, banner=i % 4 == 0)) for i in range(12)])


def ex(site: SiteIndex, i: int, xpath: str) -> Example:
    root = site.trees[i]
    return Example(site.urls[i], root, select_elements(root, xpath)[0])


def texts(site: SiteIndex, i: int, xpath: str) -> list[str]:
    return [n.text_content() for n in select_elements(site.trees[i], xpath)]


def test_one_toc_item_generalises_to_its_own_list_only(site: SiteIndex) -> None:
    rules = induce([ex(site, 1, "//ul[@id='toc']/li[1]/a")], index=site, as_list=True)
    best = rules[0].xpath
    assert "toc" in best and "[%d]" not in best
    got = texts(site, 5, best)
    assert got == [
        f"Section 5.{k}" for k in range(1, 5)
    ]  # no items of the other lists, no sub-items
    assert rules[0].site["mixed"] == 0


def test_nested_items_only_when_the_examples_are_nested(site: SiteIndex) -> None:
    rules = induce(
        [ex(site, 1, "//ul[@id='toc']/li[1]/a"), ex(site, 2, "//ul[@id='toc']/li[1]/ul/li/a")],
        index=site,
        as_list=True,
    )
    got = texts(site, 4, rules[0].xpath)
    assert got[:3] == ["Section 4.1", "Sub 4.1", "Section 4.2"]
    assert not any(t.startswith("Other") for t in got)


def test_breadcrumb_list_takes_the_class_shared_by_the_examples(site: SiteIndex) -> None:
    rules = induce(
        [ex(site, 1, "//li[@class='crumb'][1]/a"), ex(site, 3, "//li[@class='crumb'][2]/a")],
        index=site,
        as_list=True,
    )
    got = texts(site, 5, rules[0].xpath)
    assert got == ["Crumb 5-0", "Crumb 5-1", "Crumb 5-2"]  # not Home/About of the same bar


def test_label_beside_the_parent_anchors_prev_link(site: SiteIndex) -> None:
    rules = induce(
        [ex(site, 2, "(//p[@class='topless'])[1]/a"), ex(site, 6, "(//p[@class='topless'])[1]/a")],
        index=site,
    )
    best = rules[0].xpath
    assert texts(site, 9, best)[:1] == ["Page 8"]
    assert any("Previous topic" in r.xpath for r in rules)


def test_nearest_class_beats_far_id_with_positions(site: SiteIndex) -> None:
    rules = induce(
        [ex(site, 1, "//div[@class='header']//th"), ex(site, 2, "//div[@class='header']//th")],
        index=site,
    )
    best = rules[0].xpath
    assert "header" in best and "@id" not in best
    # The rule survives a banner on the page (pages 0, 4, 8 have one).
    assert texts(site, 4, best) == ["Header 4"] and texts(site, 5, best) == ["Header 5"]


def test_not_this_removes_a_node_from_a_list(site: SiteIndex) -> None:
    pos = [
        ex(site, 1, "//ul[@class='topnav']/li[1]/a"),
        ex(site, 1, "//ul[@class='topnav']/li[3]/a"),
    ]
    rules = induce(pos, [ex(site, 1, "//ul[@class='topnav']/li[2]/a")], index=site, as_list=True)
    got = texts(site, 1, rules[0].xpath)
    assert "Home" in got and "About" not in got


def test_conflicting_examples_are_named(site: SiteIndex) -> None:
    with pytest.raises(InductionError) as info:
        induce([ex(site, 1, "//h1"), ex(site, 2, "//div[@class='header']//th")], index=site)
    assert "p1.html" in str(info.value) and "p2.html" in str(info.value)
    same = ex(site, 1, "//h1")
    with pytest.raises(InductionError, match="both an example and a 'not this'"):
        induce([same], [same], index=site)


def test_a_not_this_that_removes_every_rule_is_reported(site: SiteIndex) -> None:
    with pytest.raises(InductionError, match="not this"):
        induce([ex(site, 1, "//h1")], [ex(site, 2, "//h1")], index=site)


def test_suggest_prefers_the_near_class_hook_and_offers_the_parent_label(site: SiteIndex) -> None:
    from deboiler_gui.engine.template.selectors import suggest

    th = select_elements(site.trees[1], "//div[@class='header']//th")[0]
    cands = suggest(th, site)
    assert "header" in cands[0].xpath and "page-1" not in cands[0].xpath
    link = select_elements(site.trees[1], "(//p[@class='topless'])[1]/a")[0]
    assert any(
        c.xpath == "//h4[normalize-space(.)='Previous topic']/following-sibling::p[1]/a"
        for c in suggest(link, site)
    )


def texinfo_page(i: int) -> str:
    """A node page: chapters carry an h2, sections an h3, subsections an h4; 'Previous' is
    missing on a chapter's first node, so the second link is 'Up' there."""
    level = 2 + i % 3
    links = [f"Next: <a href='n{i + 1}.html' rel='next'>Node {i + 1}</a>"]
    if i % 4:
        links.append(f"Previous: <a href='n{i - 1}.html' rel='prev'>Node {i - 1}</a>")
    links.append(f"Up: <a href='c{i // 4}.html' rel='up'>Chapter {i // 4}</a>")
    return f"""<html><body><div class='{["chapter", "section", "subsection"][i % 3]}' id='n{i}'>
    <div class='header'><p>{", ".join(links)} [<a href='index.html' rel='contents'>Contents</a>]</p></div>
    <hr><h{level}>{i} Node title {i}</h{level}><p>Text of node {i}.</p>
    <h{level + 1}>A heading inside node {i}</h{level + 1}></div></body></html>"""


@pytest.fixture(scope="module")
def texinfo() -> SiteIndex:
    urls = [f"https://t.example/n{i}.html" for i in range(16)]
    return SiteIndex(urls, [parse_html(texinfo_page(i)) for i in range(16)])


def test_headings_of_several_levels_at_one_place_are_one_field(texinfo: SiteIndex) -> None:
    clicks = [ex(texinfo, i, f"//h{2 + i % 3}") for i in (1, 3, 5)]
    best = induce(clicks, index=texinfo)[0].xpath
    assert "self::h2" in best and "self::h3" in best
    for i in range(16):
        assert texts(texinfo, i, best)[0] == f"{i} Node title {i}"


def test_a_hook_missing_on_some_pages_beats_a_position_that_moves_to_another_link(
    texinfo: SiteIndex,
) -> None:
    # On pages without 'Previous' the second link is 'Up': the positional rule finds a link on
    # every page, but not this field.
    best = induce([ex(texinfo, i, "//a[@rel='prev']") for i in (1, 6)], index=texinfo)[0].xpath
    assert "[2]" not in best
    for i in range(16):
        assert texts(texinfo, i, best) == ([f"Node {i - 1}"] if i % 4 else [])


def test_icon_links_to_different_targets_are_not_one_node() -> None:
    # 'previous' and 'next' arrows without text: a rule taking both is ambiguous.
    def arrows(i: int) -> str:
        prev = f"<a class='nav previous' href='p{i - 1}.html'><i></i></a>" if i else ""
        return f"""<html><body><nav class='sidebar'><a href='p{i - 1}.html'>Page {i - 1}</a></nav>
        <main><h1>Page {i}</h1></main><nav class='wide'>{prev}
        <a class='nav next' href='p{i + 1}.html'><i></i></a></nav></body></html>"""

    urls = [f"https://m.example/p{i}.html" for i in range(10)]
    site = SiteIndex(urls, [parse_html(arrows(i)) for i in range(10)])
    root = site.trees[3]
    click = Example(urls[3], root, select_elements(root, "//a[contains(@class, 'previous')]")[0])
    root5 = site.trees[5]
    click5 = Example(urls[5], root5, select_elements(root5, "//a[contains(@class, 'previous')]")[0])
    best = induce([click, click5], index=site)[0].xpath
    assert "previous" in best
    assert not select_elements(site.trees[0], best)  # the first page has no 'previous' arrow


def rustdoc_page(i: int) -> str:
    """An API page: the sidebar's blocks differ by kind of item (a struct has 'Methods'
    first, an enum 'Variants' first, a function none); the heading's path links sit between
    word-break elements; the main section holds many other links."""
    blocks = []
    if i % 3 == 1:
        blocks.append(("Variants", [f"V{k}" for k in range(2 + i % 2)]))
    if i % 3 != 2:
        blocks.append(("Methods", [f"m{i}_{k}" for k in range(1 + i % 4)]))
    if i % 3 != 2:
        blocks.append(("Trait Implementations", ["Clone", "Debug"]))
    side = "".join(
        f"<div class='block'><h3 class='sidebar-title'><a href='#x'>{t}</a></h3><ul>"
        + "".join(f"<li><a href='#{v}'>{v}</a></li>" for v in items)
        + "</ul></div>"
        for t, items in blocks
    )
    kind = ["struct", "enum", "fn"][i % 3]
    return f"""<html><body><nav class='sidebar'><div class='sidebar-elems'><section>{side}
    </section></div></nav><main><section id='main-content'><div class='main-heading'>
    <h1 class='fqn'><span class='in-band'>Item <a href='../index.html'>std</a>::<wbr>
    <a href='index.html'>mod{i % 4}</a>::<wbr><a class='{kind}' href='#'>Item{i}</a></span></h1></div>
    <div class='docblock'><p>See <a href='a.html'>a</a> and <a href='b.html'>b</a>.</p>
    <p>Also <a href='c.html'>c</a>.</p></div></section></main></body></html>"""


@pytest.fixture(scope="module")
def rustdoc() -> SiteIndex:
    urls = [f"https://r.example/p{i}.html" for i in range(18)]
    return SiteIndex(urls, [parse_html(rustdoc_page(i)) for i in range(18)])


def test_a_labelled_list_beats_the_first_block_that_is_another_list_elsewhere(
    rustdoc: SiteIndex,
) -> None:
    # Clicked on two struct pages, where 'Methods' is the first block.
    clicks = [
        ex(rustdoc, 0, "(//div[@class='block'])[1]//li[1]/a"),
        ex(rustdoc, 3, "(//div[@class='block'])[1]//li[2]/a"),
    ]
    best = induce(clicks, index=rustdoc, as_list=True)[0].xpath
    assert "Methods" in best
    assert texts(rustdoc, 4, best) == ["m4_0"]  # an enum page: its Methods, not its Variants
    assert texts(rustdoc, 5, best) == []  # a function page has none


def test_path_links_between_word_breaks_are_one_list_not_every_link_of_the_section(
    rustdoc: SiteIndex,
) -> None:
    clicks = [ex(rustdoc, 0, "(//h1//a)[1]"), ex(rustdoc, 3, "(//h1//a)[2]")]
    rules = induce(clicks, index=rustdoc, as_list=True)
    best = rules[0].xpath
    assert "main-content']//a" not in best
    assert texts(rustdoc, 6, best)[:2] == ["std", "mod2"]
    assert "a" not in texts(rustdoc, 6, best)


def test_a_list_is_also_anchored_on_the_block_holding_its_label(rustdoc: SiteIndex) -> None:
    clicks = [ex(rustdoc, 0, "(//div[@class='block'])[1]//li[1]/a")]
    rules = induce(clicks, index=rustdoc, as_list=True, limit=10)
    wanted = "//div[h3[normalize-space(.)='Methods']]/ul/li/a"
    assert wanted in [r.xpath for r in rules]
    # It holds when the label comes after the list.
    page = rustdoc_page(4).replace(
        "<h3 class='sidebar-title'><a href='#x'>Methods</a></h3><ul><li><a href='#m4_0'>m4_0</a></li></ul>",
        "<ul><li><a href='#m4_0'>m4_0</a></li></ul><h3 class='sidebar-title'><a href='#x'>Methods</a></h3>",
    )
    assert "m4_0</a></li></ul><h3" in page
    assert [n.text_content() for n in select_elements(parse_html(page), wanted)] == ["m4_0"]


def _two_lists_page(i: int, odd: frozenset[int] = frozenset()) -> str:
    """A sidebar whose list has no hook; on the pages in ``odd`` a second list follows it in
    the same block. With no ``odd``: the first page has list X only, the second list Y only
    (each with its own class, hooks that no rule shared by both can use), the others both."""
    x = "".join(f"<li><a href='/x{k}'>X{i}.{k}</a></li>" for k in range(3))
    y = "".join(f"<li><a href='/y{k}'>Y{i}.{k}</a></li>" for k in range(4))
    if odd:
        lists = f"<ul>{x}</ul><ul>{y}</ul>" if i in odd else f"<ul>{x}</ul>"
    else:
        ux, uy = f"<ul class='toc'>{x}</ul>", f"<ul class='links'>{y}</ul>"
        lists = {0: ux, 1: uy}.get(i, ux + uy)
    return f"<html><body><div class='main'><h1>T{i}</h1></div><div class='side'>{lists}</div></body></html>"


def test_a_rule_that_takes_several_lists_on_one_sampled_page_is_dropped() -> None:
    # 60 pages, the second list on one of them: a rule mixing there (under 2% of the sample)
    # used to be kept first; now it is dropped and the list's position is used.
    urls = [f"https://s.example/p{i}.html" for i in range(60)]
    site = SiteIndex(urls, [parse_html(_two_lists_page(i, frozenset({30}))) for i in range(60)])
    click = Example(urls[1], site.trees[1], select_elements(site.trees[1], "//li[1]/a")[0])
    rules = induce([click], index=site, as_list=True, limit=10)
    assert rules and all(r.site["mixed"] == 0 for r in rules), [(r.xpath, r.site) for r in rules]
    assert texts(site, 30, rules[0].xpath) == ["X30.0", "X30.1", "X30.2"]


def test_examples_of_two_lists_that_every_rule_mixes_are_refused() -> None:
    urls = [f"https://s.example/p{i}.html" for i in range(12)]
    site = SiteIndex(urls, [parse_html(_two_lists_page(i)) for i in range(12)])
    clicks = [
        Example(urls[i], site.trees[i], select_elements(site.trees[i], f"//li[{i + 1}]/a")[0])
        for i in (0, 1)
    ]
    with pytest.raises(InductionError, match="different lists") as info:
        induce(clicks, index=site, as_list=True)
    assert "p0.html" in str(info.value) and "p1.html" in str(info.value)


def test_sub_lists_of_two_entries_of_one_contents_are_one_list() -> None:
    from deboiler_gui.engine.template.induce import several_lists

    root = parse_html(
        "<html><body><div><ul id='toc'><li><a href='#a'>A</a><ul><li><a href='#a1'>A1</a></li>"
        "</ul></li><li><a href='#b'>B</a><ol><li><a href='#b1'>B1</a></li></ol></li></ul>"
        "<ul class='x'><li><a href='/x'>X</a></li><li><a href='/y'>Y</a></li></ul></div></body></html>"
    )
    assert not several_lists(select_elements(root, "//ul[@id='toc']/li/*/li/a"))
    assert not several_lists(select_elements(root, "//ul[@id='toc']//a"))
    assert several_lists(select_elements(root, "//div/ul/li/a"))
    assert several_lists(select_elements(root, "//ul[@id='toc']/li/ul/li/a | //ul[@class='x']//a"))


def test_one_click_on_a_sub_entry_is_not_anchored_on_this_pages_own_title() -> None:
    """Each page's contents start with the page's own title and its sections below it: the
    title entry is a label of this page only, so the rule anchors on the contents' heading."""

    def doc(i: int) -> str:
        subs = "".join(f"<li><a href='#s{k}'>Part {i}.{k}</a></li>" for k in range(2 + i % 3))
        return (
            "<html><body><div class='main'><p>Text</p></div><div class='side'>"
            f"<h3>Table of Contents</h3><ul><li><a href='#'>Page title {i}</a><ul>{subs}</ul>"
            "</li></ul></div></body></html>"
        )

    urls = [f"https://c.example/p{i}.html" for i in range(15)]
    site = SiteIndex(urls, [parse_html(doc(i)) for i in range(15)])
    click = Example(urls[2], site.trees[2], select_elements(site.trees[2], "//ul/li/ul/li[1]/a")[0])
    best = induce([click], index=site, as_list=True)[0]
    assert "Page title" not in best.xpath
    assert best.site["with_items"] == 15
    assert texts(site, 7, best.xpath) == ["Part 7.0", "Part 7.1", "Part 7.2"]


def test_a_not_this_on_one_kind_of_page_leaves_out_that_item_on_every_kind(
    rustdoc: SiteIndex,
) -> None:
    # The item's own link ends the path; its class is the item's kind (struct, enum, fn), so
    # a 'not this' clicked on a struct page must not become 'not class struct'.
    clicks = [ex(rustdoc, 0, "(//h1//a)[1]"), ex(rustdoc, 3, "(//h1//a)[2]")]
    nots = [ex(rustdoc, 0, "(//h1//a)[3]")]
    best = induce(clicks, nots, index=rustdoc, as_list=True)[0].xpath
    for i in range(6):
        assert texts(rustdoc, i, best) == ["std", f"mod{i % 4}"], (i, best)


def test_a_not_this_class_found_on_many_pages_is_kept_over_one_link_target() -> None:
    # A sponsored entry with its own target on each page: its class is what marks it.
    def html(i: int) -> str:
        items = "".join(f"<li><a href='/t{k}'>Topic {i}.{k}</a></li>" for k in range(3))
        ad = f"<li><a class='sponsored' href='/ad{i}'>Buy {i}</a></li>"
        return f"<html><body><ul class='topics'>{items}{ad}</ul></body></html>"

    urls = [f"https://ads.example/{i}.html" for i in range(10)]
    site = SiteIndex(urls, [parse_html(html(i)) for i in range(10)])
    clicks = [ex(site, 1, "//li[1]/a"), ex(site, 2, "//li[2]/a")]
    best = induce(clicks, [ex(site, 1, "//li[4]/a")], index=site, as_list=True)[0].xpath
    assert "sponsored" in best
    assert texts(site, 7, best) == ["Topic 7.0", "Topic 7.1", "Topic 7.2"]


def gtkdoc_page(i: int) -> str:
    """A reference page of a gtk-doc-like generator: a synopsis table whose rows hold a
    return-type cell (itself a link) and a name cell, written with its ``tbody``; a second
    table of the same class whose one row has a name cell too; a contents ``dl`` whose ``dt``
    entries hold a title span (the link) and a purpose span."""
    rows = "".join(
        f"<tr><td class='function_type'><a href='#T{k}'>Type{k}</a> *</td>"
        f"<td class='function_name'><a href='#f{i}_{k}'>func_{i}_{k}</a> <span>()</span></td></tr>"
        for k in range(2 + i % 4)
    )
    entries = "".join(
        f"<dt><span class='refentrytitle'><a href='p{k}.html'>Part {i}.{k}</a></span>"
        f"<span class='refpurpose'> - what part {k} does</span></dt>"
        for k in range(2 + i % 3)
    )
    return f"""<html><body><div class='refentry'>
    <div class='toc'><dl class='toc'>{entries}</dl></div>
    <div class='refsect1'><h2>Functions</h2><div class='informaltable'>
    <table class='informaltable'><tbody>{rows}</tbody></table></div></div>
    <div class='refsect1'><h2>Types and Values</h2><div class='informaltable'>
    <table class='informaltable'><tbody><tr><td class='name'>struct</td>
    <td class='function_name'><a href='#S{i}'>Struct{i}</a></td></tr></tbody></table></div></div>
    </div></body></html>"""


@pytest.fixture(scope="module")
def gtkdoc() -> SiteIndex:
    urls = [f"https://g.example/p{i}.html" for i in range(12)]
    return SiteIndex(urls, [parse_html(gtkdoc_page(i)) for i in range(12)])


@pytest.mark.parametrize(
    "click",
    [
        "(//td[@class='function_name']/a)[1]",
        "(//td[@class='function_name'])[2]",
        "(//td[@class='function_name'])[1]/..",
    ],
)
def test_a_list_of_table_rows_generalises_over_the_rows(gtkdoc: SiteIndex, click: str) -> None:
    rules = induce([ex(gtkdoc, 1, click)], index=gtkdoc, as_list=True)
    best = rules[0].xpath
    assert "tr[" not in best and "tbody" not in best, best
    assert rules[0].site["mixed"] == 0
    got = [" ".join(t.split()) for t in texts(gtkdoc, 6, best)]
    if click.endswith(".."):  # the whole row
        assert got == [f"Type{k} *func_6_{k} ()" for k in range(4)]
    else:
        assert [t.split()[0] for t in got] == [f"func_6_{k}" for k in range(4)]


def test_rules_leave_the_tbody_out_and_still_find_its_rows(gtkdoc: SiteIndex) -> None:
    # The page writes its tbody; the rule does not name it, also after a group that ends on
    # the table, and extraction finds the rows through it.
    assert untbody("//table[2]/tbody/tr/td") == "//table[2]/tr/td"
    assert untbody("/html/body/table/tbody[1]/tr[3]") == "/html/body/table/tr[3]"
    grouped = "(//table[@class='informaltable'])[1]/tbody/tr/td[2]/a"
    assert untbody(grouped) == "(//table[@class='informaltable'])[1]/tr/td[2]/a"
    assert untbody("(//table/x)[1]/tbody/tr") == "(//table/x)[1]/tbody/tr"
    assert texts(gtkdoc, 2, untbody(grouped)) == ["func_2_0", "func_2_1", "func_2_2", "func_2_3"]


@pytest.mark.parametrize(
    "clicks",
    [
        [(1, "(//dl[@class='toc']//a)[1]")],
        [(1, "(//dl[@class='toc']//a)[1]"), (4, "(//dl[@class='toc']//a)[2]")],
    ],
)
def test_a_list_of_dt_entries_generalises_over_the_entries(
    gtkdoc: SiteIndex, clicks: list[tuple[int, str]]
) -> None:
    rules = induce([ex(gtkdoc, i, xp) for i, xp in clicks], index=gtkdoc, as_list=True)
    best = rules[0].xpath
    assert "dt[" not in best and "toc" in best, best
    assert texts(gtkdoc, 5, best) == ["Part 5.0", "Part 5.1", "Part 5.2", "Part 5.3"]


def _manual_page(i: int, *, titled: bool = True) -> str:
    """A manual page whose sidebar lists the page's functions under the current module; the
    list starts with a link to the page itself ('Top of manual page'), which lacks the
    ``title`` every function entry carries (unless ``titled`` is false)."""
    funcs = "".join(
        f"<li{' title=' + repr(f'f{k}-{i}') if titled else ''}><a href='m{i}.html#f{k}'>f{k}/{i}</a></li>"
        for k in range(3 + i % 3)
    )
    mods = "".join(
        f"<li title='m{k}'><a href='m{k}.html'>m{k}</a></li>" for k in range(4) if k != i
    )
    return f"""<html><body><nav class='side'><ul class='menu'>{mods}
    <li id='current' title='m{i}'>m{i}<ul><li><a href='m{i}.html'>Top of manual page</a></li>
    {funcs}</ul></li></ul></nav><div class='main'><h1>m{i}</h1></div></body></html>"""


@pytest.mark.parametrize("titled", [True, False])
def test_a_not_this_becomes_an_exclusion_that_holds_on_every_page(titled: bool) -> None:
    urls = [f"https://m.example/m{i}.html" for i in range(10)]
    site = SiteIndex(urls, [parse_html(_manual_page(i, titled=titled)) for i in range(10)])
    clicks = [ex(site, 2, "//li[@id='current']/ul/li[2]/a")]
    nots = [ex(site, 2, "//li[@id='current']/ul/li[1]/a")]
    best = induce(clicks, nots, index=site, as_list=True)[0].xpath
    # With titles, the entries' own attribute tells them apart; without, the same text on
    # every page does, never the link target of the clicked page ('m2.html').
    assert ("@title" in best) if titled else ("Top of manual page" in best), best
    assert "m2.html" not in best
    for i in (0, 5, 7):
        assert texts(site, i, best) == [f"f{k}/{i}" for k in range(3 + i % 3)], (i, best)


@pytest.mark.parametrize("other", [2, 4])
def test_a_not_this_of_the_examples_kind_on_another_page_is_a_conflict(
    site: SiteIndex, other: int
) -> None:
    # Page 2's title sits where page 1's does; page 4's is moved down by a banner: no rule but
    # one made for page 1 alone takes page 1's title and not theirs.
    with pytest.raises(InductionError) as err:
        induce(
            [ex(site, 1, "//div[@class='main']/h1")],
            [ex(site, other, "//div[@class='main']/h1")],
            index=site,
        )
    msg = str(err.value)
    assert "the examples conflict" in msg and "same kind of node" in msg, msg
    assert site.urls[1] in msg and site.urls[other] in msg


def test_a_not_this_that_leaves_only_a_rule_for_the_examples_page_is_a_conflict() -> None:
    # The title is wrapped in one more block on every page but the clicked one: the only rules
    # that leave out another page's title find the field on the clicked page alone.
    def html(i: int) -> str:
        title = f"<h1>Title {i}</h1>" if i == 1 else f"<div><h1>Title {i}</h1></div>"
        return f"<html><body><div class='main'>{title}<p>Text {i}</p></div></body></html>"

    urls = [f"https://w.example/{i}.html" for i in range(10)]
    site = SiteIndex(urls, [parse_html(html(i)) for i in range(10)])
    assert induce([ex(site, 1, "//h1")], index=site)[0].site["one"] == 10
    with pytest.raises(InductionError) as err:
        induce([ex(site, 1, "//h1")], [ex(site, 2, "//h1")], index=site)
    msg = str(err.value)
    assert "the examples conflict" in msg and "on 1 of 10 sampled pages" in msg, msg


def test_titles_of_two_kinds_of_page_without_a_shared_hook_are_one_field() -> None:
    # A reference page's title is an h2 in its name block, a chapter's an h1 in its title
    # block; the blocks share no class, only each their own hooks: the union of those hooks,
    # not the place of the page's first block (a banner before it on some pages).
    def html(i: int) -> str:
        nav = f"<table class='navigation'><tr><td><a href='#'>Top</a> | <a href='#d'>About {i}</a></td></tr></table>"
        if i % 3:
            body = (
                f"<div class='refentry'><div class='refnamediv'><table><tr><td><h2>"
                f"<span class='refentrytitle'>Ref {i}</span></h2><p>About {i}</p></td></tr>"
                f"</table></div><div class='refsect1'><h2>Functions</h2><p>f</p></div></div>"
            )
        else:
            body = (
                f"<div class='chapter'><div class='titlepage'><div><h1 class='title'>Chapter {i}"
                f"</h1></div></div><div class='toc'><dl><dt>Ref {i + 1}</dt></dl></div></div>"
            )
        banner = "<div class='banner'><h2>Sale</h2></div>" if i in (5, 6) else ""
        return f"<html><body>{nav}{banner}{body}</body></html>"

    urls = [f"https://k.example/{i}.html" for i in range(12)]
    site = SiteIndex(urls, [parse_html(html(i)) for i in range(12)])
    rules = induce([ex(site, 1, "//h2"), ex(site, 3, "//h1")], index=site)
    best = rules[0].xpath
    assert " | " in best and "/html/body" not in best and "[1]" not in best, best
    assert "refentrytitle" in best or "refnamediv" in best, best
    for i in range(12):
        want = f"Chapter {i}" if i % 3 == 0 else f"Ref {i}"
        assert texts(site, i, best)[:1] == [want], (i, best)


def doxygen_members_page(i: int) -> str:
    rows = "".join(
        f"<tr class='{'even' if k % 2 == 0 else 'odd'}'>"
        f"<td class='entry'><a class='el' href='c{i}.html#m{k}'>member_{i}_{k}</a>()</td>"
        f"<td class='entry'><a class='el' href='c{i}.html'>Class{i}</a></td>"
        f"<td class='entry'><span class='mlabel'>inline</span></td></tr>"
        for k in range(3 + i % 4)
    )
    return f"""<html><body><div id='top'><ul><li><a href='index.html'>Main</a></li></ul></div>
    <div class='header'><div class='headertitle'><div class='title'>Class{i} Member List</div>
    </div></div><div class='contents'><p>All members of <a class='el' href='c{i}.html'>Class{i}</a>.</p>
    <table class='directory'>{rows}</table></div></body></html>"""


@pytest.fixture(scope="module")
def doxygen() -> SiteIndex:
    urls = [f"https://d.example/c{i}-members.html" for i in range(10)]
    return SiteIndex(urls, [parse_html(doxygen_members_page(i)) for i in range(10)])


@pytest.mark.parametrize("clicks", [("tr[1]",), ("tr[1]", "tr[2]")])
def test_striped_rows_whose_cells_share_a_class_are_one_list(
    doxygen: SiteIndex, clicks: tuple[str, ...]
) -> None:
    # Rows alternate even/odd and every cell is td.entry with a link: the rows are the
    # entries (not the cells), the stripes say nothing, and the first cell's link is the item.
    pos = [ex(doxygen, 2, f"//table[@class='directory']/{r}/td[1]/a") for r in clicks]
    rules = induce(pos, index=doxygen, as_list=True)
    best = rules[0].xpath
    assert "even" not in best and "tr[" not in best and ")[1]" not in best, best
    assert rules[0].site["mixed"] == 0
    assert texts(doxygen, 7, best) == [f"member_7_{k}" for k in range(6)]


def summary_page(i: int) -> str:
    sections = "".join(f"<a href='#s{k}'>Section {k}</a> | " for k in range(2 + i % 3))
    return f"""<html><body><div class='header'><div class='summary'>{sections}
    <a href='c{i}-members.html'>List of all members</a></div>
    <div class='headertitle'><div class='title'>Class{i}</div></div></div>
    <div class='contents'><p>Text {i}</p></div></body></html>"""


def test_a_link_with_the_same_text_on_every_example_page_is_anchored_on_its_text() -> None:
    # The link's place among its siblings changes (a[3] here, a[4] there); its text does not.
    urls = [f"https://m.example/c{i}.html" for i in range(9)]
    idx = SiteIndex(urls, [parse_html(summary_page(i)) for i in range(9)])
    xp = "//a[.='List of all members']"
    pos = [
        Example(urls[i], idx.trees[i], select_elements(idx.trees[i], xp)[0], "href") for i in (0, 1)
    ]
    rules = induce(pos, index=idx)
    assert rules[0].xpath == "//a[normalize-space(.)='List of all members']/@href"
    assert select_elements(idx.trees[5], rules[0].xpath.rsplit("/@", 1)[0])[0].get("href") == (
        "c5-members.html"
    )


def sidebar_page(i: int) -> str:
    api = i % 2 == 0
    title, items = (
        ("API Menu", ["Home", "Modules", "Types"])
        if api
        else ("Main Menu", [f"Guide {k}" for k in range(4 + i % 3)])
    )
    lis = "".join(f"<li><a href='{t.lower().replace(' ', '')}.html'>{t}</a></li>" for t in items)
    return f"""<html><body><table><tr><td><table><tr><th>{title}</th></tr>
    <tr><td><ul>{lis}</ul></td></tr></table>
    <table><tr><th>Related links</th></tr><tr><td><ul><li><a href='x.html'>X</a></li></ul></td></tr></table>
    </td><td><h2>Page {i}</h2><p>Text {i}</p></td></tr></table></body></html>"""


def test_a_labelled_menu_beats_the_position_that_is_another_menu_on_other_pages() -> None:
    # The first sidebar table is the API menu on API pages and the main menu on guides: the
    # label row before the menu's row is the anchor, not the table's position.
    urls = [f"https://x.example/p{i}.html" for i in range(12)]
    idx = SiteIndex(urls, [parse_html(sidebar_page(i)) for i in range(12)])
    rules = induce(
        [ex(idx, 2, "(//ul)[1]/li[1]/a"), ex(idx, 2, "(//ul)[1]/li[2]/a")], index=idx, as_list=True
    )
    best = rules[0].xpath
    assert "API Menu" in best, best
    assert texts(idx, 4, best) == ["Home", "Modules", "Types"]
    assert texts(idx, 5, best) == []


def classes_page(i: int) -> str:
    name = ["Enquire", "Database", "Stem", "Query", "Document", "MSet"][i % 6]
    links = "".join(f"<li><a href='s{k}.html'>Section {k}</a></li>" for k in range(3))
    return f"""<html><body><div class='nav'><ul><li><a href='lib.html'>Lib</a></li>
    <li><a href='c{i}.html'>{name}</a></li>{links}</ul></div><p>Text {i}</p></body></html>"""


def test_a_not_this_text_of_a_few_pages_only_is_refused_not_taken() -> None:
    # 'Enquire' is the page's own entry: its text is on one page in six. Leaving it out by
    # its text keeps the page's own entry on every other page: a clear refusal instead.
    urls = [f"https://q.example/c{i}.html" for i in range(12)]
    idx = SiteIndex(urls, [parse_html(classes_page(i)) for i in range(12)])
    pos = [ex(idx, 0, "//ul/li[3]/a"), ex(idx, 0, "//ul/li[4]/a")]
    neg = [ex(idx, 0, "//ul/li[1]/a"), ex(idx, 0, "//ul/li[2]/a")]
    with pytest.raises(InductionError, match="not a kind of item the site's pages share") as err:
        induce(pos, neg, index=idx, as_list=True)
    assert any("li[2]/a" in c for c in err.value.conflicts)


def run_page(i: int) -> str:
    toc = "".join(
        f"<pre class='programlisting'>Macro <a href='#m{i}_{k}'>M{i}_{k}</a></pre>"
        for k in range(3 + i % 3)
    )
    desc = "".join(
        f"<h3>Macro M{i}_{k}</h3><pre class='programlisting'>#define <a name='m{i}_{k}'>M{i}_{k}</a> "
        f"<a href='other.html#T'>T</a></pre><p>Does {k}.</p>"
        for k in range(3 + i % 3)
    )
    return f"""<html><body><table><tr><td><h2>Module {i}</h2><p>About {i}.</p>
    <h2>Table of Contents</h2>{toc}<h2>Description</h2>{desc}</td></tr></table></body></html>"""


def test_a_run_of_entries_after_a_heading_is_not_every_block_of_its_parent() -> None:
    # The contents are one `pre` per entry between the 'Table of Contents' heading and the
    # next h2; the description repeats `pre`s below: the rule takes the run, not every pre.
    urls = [f"https://r.example/m{i}.html" for i in range(10)]
    idx = SiteIndex(urls, [parse_html(run_page(i)) for i in range(10)])
    pos = [ex(idx, 1, "(//pre)[1]/a"), ex(idx, 1, "(//pre)[2]/a")]
    rules = induce(pos, index=idx, as_list=True)
    best = rules[0].xpath
    assert "Table of Contents" in best, best
    assert texts(idx, 5, best) == [f"M5_{k}" for k in range(5)]


def navheader_page(i: int) -> str:
    prev = (
        f"<td><a accesskey='p' href='p{i - 1}.html'><img src='left.png' alt='Prev'></a></td>"
        f"<th align='left'><a href='p{i - 1}.html'>page {i - 1}</a></th>"
        if i
        else ""
    )
    return f"""<html><body><table class='navigation'><tr>{prev}
    <td><a accesskey='u' href='index.html'><img src='up.png' alt='Up'></a></td>
    <th align='left'><a href='index.html'>API documentation</a></th>
    <th align='right'><a href='p{i + 1}.html'>page {i + 1}</a></th>
    <td><a accesskey='n' href='p{i + 1}.html'><img src='right.png' alt='Next'></a></td>
    </tr></table><h2>Page {i}</h2><p>Text {i}</p></body></html>"""


def test_a_text_link_is_anchored_on_the_icon_link_in_the_cell_before_it() -> None:
    # On the first page there is no 'previous' pair, and th[1] is the 'Up' text link: the
    # text link after the accesskey='p' icon is the field, found nowhere on that page.
    urls = [f"https://n.example/p{i}.html" for i in range(10)]
    idx = SiteIndex(urls, [parse_html(navheader_page(i)) for i in range(10)])
    pos = [ex(idx, 3, "//table/tr/th[1]/a"), ex(idx, 6, "//table/tr/th[1]/a")]
    best = induce(pos, index=idx)[0].xpath
    assert "accesskey" in best, best
    assert texts(idx, 4, best) == ["page 3"]
    assert texts(idx, 0, best) == []


def test_a_comment_before_the_clicked_node_is_read_past() -> None:
    # MediaWiki writes "<!-- firstHeading -->" just before the page title
    def wiki(i: int) -> str:
        return f"""<html><body><div id='content'><a id='top'></a><!-- firstHeading -->
        <h1 id='firstHeading' class='firstHeading'>Topic {i}</h1><!-- /firstHeading -->
        <div id='bodyContent'><p>Text of topic {i}.</p></div></div></body></html>"""

    urls = [f"https://w.example/t{i}.html" for i in range(8)]
    site = SiteIndex(urls, [parse_html(wiki(i)) for i in range(8)])

    def click(i: int) -> Example:
        return Example(urls[i], site.trees[i], select_elements(site.trees[i], "//h1")[0])

    with pytest.raises(InductionError, match="same kind of node"):
        induce([click(1)], [click(4)], index=site)
    best = induce([click(1), click(2)], index=site)[0].xpath
    assert select_elements(site.trees[6], best)[0].text == "Topic 6"


def _docbook_page(i: int) -> str:
    """A DocBook section: its title, then its table of contents (pages 0-9), or a definition
    list of options at the same place (10-15); pages 16-17 are chapters that hold their first
    section, whose own table of contents follows the chapter's."""

    def toc(name: str, n: int) -> str:
        entries = "".join(
            f"<dt><span class='sect2'><a href='#{name}{k}'>{name} {i}.{k}</a></span></dt>"
            for k in range(n)
        )
        return f"<div class='toc'><dl>{entries}</dl></div>"

    title = f"<div class='titlepage'><div><div><h2 class='title'>Section {i}</h2></div></div></div>"
    if i < 10:
        body = toc("Entry", 3 + i % 3) + "<p>text</p>"
    elif i < 16:
        opts = "".join(
            f"<dt><span class='term'><a id='o{k}'></a>OPTION_{i}_{k}</span></dt><dd>d</dd>"
            for k in range(2)
        )
        opts = opts.replace("<a id", "<a href='#x' id")
        body = f"<div class='variablelist'><dl>{opts}</dl></div><p>text</p>"
    else:
        body = (
            toc("Entry", 4)
            + f"<div class='sect1'>{title.replace(f'Section {i}', f'Section {i}.1')}{toc('Sub', 2)}<p>text</p></div>"
        )
    return (
        "<html><body><div class='navheader'><p>nav</p></div>"
        f"<div class='sect1'>{title}{body}</div></body></html>"
    )


def test_a_toc_list_anchors_on_its_class_not_on_a_position_other_lists_share() -> None:
    # The toc's class rule takes the chapter's and its section's tocs on two pages of 18; the
    # bare position it used to fall back to takes the options list where a page has no toc.
    urls = [f"https://s.example/p{i}.html" for i in range(18)]
    site = SiteIndex(urls, [parse_html(_docbook_page(i)) for i in range(18)])
    clicks = [
        ex(site, i, f"//div[@class='toc']/dl/dt[{k}]/span/a") for i, k in ((0, 1), (1, 2), (2, 3))
    ]
    rules = induce(clicks, index=site, as_list=True, limit=5)
    top = rules[0].xpath
    assert "toc" in top and not top.startswith("/html"), [(r.xpath, r.site) for r in rules]
    assert texts(site, 4, top) == [f"Entry 4.{k}" for k in range(4)]
    assert texts(site, 12, top) == []
    assert texts(site, 16, top) == [f"Entry 16.{k}" for k in range(4)]


def test_a_class_rule_whose_first_match_is_the_positions_everywhere_outranks_it() -> None:
    # On the chapter pages the class rule finds the chapter's and its first section's titles;
    # its first match (what a field takes) is the chapter's, the node the bare position (and
    # the 'nav' label with positions down) finds.
    urls = [f"https://s.example/p{i}.html" for i in range(18)]
    site = SiteIndex(urls, [parse_html(_docbook_page(i)) for i in range(18)])
    clicks = [ex(site, i, "//h2") for i in (0, 1, 12)]
    rules = induce(clicks, index=site, limit=5)
    top = rules[0]
    assert top.family == "class", [(r.xpath, r.site) for r in rules]
    assert top.site["many"] == 2
    assert texts(site, 16, top.xpath)[0] == "Section 16"


def test_a_class_the_same_place_title_lacks_on_many_pages_is_too_narrow() -> None:
    # An API reference titles class pages `main/h1.class` and module pages `main/h1.module`:
    # clicking three class titles must not give a rule that leaves the module pages empty.
    def api(i: int) -> str:
        kind = "module" if i % 2 else "class"
        return f"""<html><body id='top'><nav><a href='index.html'>Index</a></nav>
        <main role='main'><h1 class='{kind}'>{kind.title()} Name{i}</h1>
        <p>About Name{i}.</p></main></body></html>"""

    urls = [f"https://api.example/p{i}.html" for i in range(20)]
    site = SiteIndex(urls, [parse_html(api(i)) for i in range(20)])
    clicks = [ex(site, i, "//main/h1") for i in (0, 2, 4)]
    best = induce(clicks, index=site)[0].xpath
    assert texts(site, 1, best) == ["Module Name1"]
    assert texts(site, 4, best) == ["Class Name4"]


def test_a_previous_link_whose_place_holds_an_up_link_elsewhere_keeps_its_class() -> None:
    # Pages without a 'Previous' link have an 'Up' link in its place: the position fills every
    # page, but with another field.
    def nav(i: int) -> str:
        first = (
            f"<a class='prev' href='p{i - 1}.html'>Node {i - 1}</a>"
            if i % 2
            else "<a class='up' href='index.html'>Top</a>"
        )
        return f"""<html><body><div class='nav'>{first}
        <a class='next' href='p{i + 1}.html'>Node {i + 1}</a></div><h1>T{i}</h1></body></html>"""

    urls = [f"https://nav.example/p{i}.html" for i in range(20)]
    site = SiteIndex(urls, [parse_html(nav(i)) for i in range(20)])
    best = induce([ex(site, i, "//a[@class='prev']") for i in (1, 3, 5)], index=site)[0].xpath
    for i in range(20):
        assert texts(site, i, best) == ([f"Node {i - 1}"] if i % 2 else [])


def crumbs_page(i: int) -> str:
    """A header whose breadcrumb `div` has no hook of its own: the current section's link is
    wrapped in a `span` on even pages and sits directly in the `div` on odd ones."""
    links = "".join(
        (
            f"<span><a href='/s{k}'>Sec {i}.{k}</a></span>"
            if i % 2 == 0
            else f"<a href='/s{k}'>Sec {i}.{k}</a>"
        )
        + " &raquo; "
        for k in range(1 + i % 3)
    )
    return f"""<html><body><div>
    <div><a href='/'>The site's logo and its long tagline</a>
      <ul><li><a href='/a'>About</a></li><li><a href='/b'>Blog</a></li></ul></div>
    <div><a href='/'>Home</a> &raquo; {links}Page {i}</div>
    <div><h1>Title {i}</h1><p>Body <a href='/x'>x</a> and <a href='/y'>y</a>.</p></div>
    </div></body></html>"""


def test_breadcrumb_links_one_step_deeper_on_another_page_are_one_list() -> None:
    urls = [f"https://c.example/p{i}.html" for i in range(12)]
    crumbs = SiteIndex(urls, [parse_html(crumbs_page(i)) for i in range(12)])
    clicks = [
        ex(crumbs, 2, "/html/body/div/div[2]/span[1]/a"),
        ex(crumbs, 1, "/html/body/div/div[2]/a[2]"),
    ]
    best = induce(clicks, index=crumbs, as_list=True)[0].xpath
    assert texts(crumbs, 2, best) == ["Home", "Sec 2.0", "Sec 2.1", "Sec 2.2"]
    assert texts(crumbs, 1, best) == ["Home", "Sec 1.0", "Sec 1.1"]
    assert texts(crumbs, 4, best) == ["Home", "Sec 4.0", "Sec 4.1"]
    # Anchored on the breadcrumb's fixed first link, not on the container's place.
    assert not best.startswith("/html"), best


def info_page(i: int) -> str:
    """A package's facts table, one fact a row: the label, a ':' cell, the value; an 'Author'
    row on odd pages only, so the 'Version' row is the third row here, the second there."""
    rows = (
        [("Name", f"pkg{i}")]
        + ([("Author", "Ann")] if i % 2 else [])
        + [
            ("Version", f"1.{i}"),
            ("License", "MIT"),
        ]
    )
    body = "".join(f"<tr><th>{k}</th><td>:</td><td>{v}</td></tr>" for k, v in rows)
    return f"""<html><body><div class='main'><h1>Package {i}</h1>
    <table class='info'>{body}</table><p>About it.</p></div></body></html>"""


def test_one_click_on_a_table_cell_anchors_on_its_row_label() -> None:
    urls = [f"https://i.example/p{i}.html" for i in range(12)]
    info = SiteIndex(urls, [parse_html(info_page(i)) for i in range(12)])
    best = induce([ex(info, 3, "//table/tr[3]/td[2]")], index=info)[0].xpath
    assert "Version" in best and not re.search(r"tr\[\d", best)
    for i in range(12):
        assert texts(info, i, best)[:1] == [f"1.{i}"], (i, best)


def rtd_page(i: int) -> str:
    """Read the Docs' breadcrumbs: a home icon link in a bare `li`, the ancestors' links in
    `li.breadcrumb-item` (none on the top pages), the page itself as text, and a 'View page
    source' link in `li.aside`; the link is wrapped in a `span` on pages 2 and 8."""
    depth = i % 3  # 0 on the top pages: no ancestor link
    links = "".join(
        "<li class='breadcrumb-item'>"
        + (
            f"<span><a href='/u{k}'>Up {i}.{k}</a></span>"
            if i in (2, 8)
            else f"<a href='/u{k}'>Up {i}.{k}</a>"
        )
        + "</li>"
        for k in range(depth)
    )
    return f"""<html><body><div role='navigation'><ul class='crumbs'>
    <li><a href='/' class='icon icon-home'></a></li>{links}
    <li class='breadcrumb-item active'>Page {i}</li>
    <li class='aside'><a href='/src{i}.txt'>View page source</a></li></ul></div>
    <div class='main'><h1>Page {i}</h1><p>Text.</p></div></body></html>"""


@pytest.mark.parametrize("clicks", [[(2, 1), (4, 0)], [(11, 1)]])
def test_breadcrumb_entries_leave_out_the_icon_and_the_source_link(
    clicks: list[tuple[int, int]],
) -> None:
    urls = [f"https://r.example/p{i}.html" for i in range(12)]
    rtd = SiteIndex(urls, [parse_html(rtd_page(i)) for i in range(12)])
    pos = [ex(rtd, i, f"(//li[contains(@class,'breadcrumb-item')]//a)[{k + 1}]") for i, k in clicks]
    best = induce(pos, index=rtd, as_list=True)[0].xpath
    assert texts(rtd, 5, best) == ["Up 5.0", "Up 5.1"], best
    if any(i in (2, 8) for i, _k in clicks):
        # A click on a wrapped link: the wrapped ones are entries too.
        assert texts(rtd, 8, best) == ["Up 8.0", "Up 8.1"], best
    assert texts(rtd, 3, best) == [], best


def releases_page(i: int) -> str:
    """A project page whose 'Old Versions' list holds two links an entry (the download and its
    changes), and a facts table whose 'Depends' row holds several links."""
    rel = "".join(
        f"<li><a class='reference external' href='/f/{i}.{k}.tgz'>pkg {i}.{k}</a>, released "
        f"20{k:02d} (<a class='reference external' href='/changes-{i}.{k}.html'>changes for "
        f"{i}.{k}</a>)</li>"
        for k in range(3 + i % 3)
    )
    deps = ", ".join(f"<a href='/p/d{k}'>dep{i}{k}</a>" for k in range(1 + i % 3))
    return f"""<html><body><div class='document'><h1>Project {i}</h1><p>Intro.</p>
    <table class='facts'><tr><th>Depends</th><td>{deps}</td></tr>
    <tr><th>Suggests</th><td><a href='/p/s'>sug{i}</a></td></tr></table>
    <div class='section'><h1>Old Versions</h1><ul class='simple'>{rel}</ul></div>
    </div></body></html>"""


def test_one_click_in_an_entry_of_two_links_takes_that_link_of_every_entry() -> None:
    urls = [f"https://v.example/p{i}.html" for i in range(12)]
    site = SiteIndex(urls, [parse_html(releases_page(i)) for i in range(12)])
    best = induce([ex(site, 4, "//ul/li[2]/a[1]")], index=site, as_list=True)[0].xpath
    assert not re.search(r"li\[\d", best), best
    assert texts(site, 4, best) == ["pkg 4.0", "pkg 4.1", "pkg 4.2", "pkg 4.3"]
    assert texts(site, 5, best) == [f"pkg 5.{k}" for k in range(5)]
    best = induce([ex(site, 4, "//ul/li[2]/a[2]")], index=site, as_list=True)[0].xpath
    assert texts(site, 3, best) == ["changes for 3.0", "changes for 3.1", "changes for 3.2"]
    # A row headed by its label is a list of its own: the 'Depends' links.
    best = induce([ex(site, 5, "//tr[1]/td/a[2]")], index=site, as_list=True)[0].xpath
    assert texts(site, 8, best) == ["dep80", "dep81", "dep82"], best


def test_a_rule_giving_several_paragraphs_per_page_ranks_after_one_giving_the_clicked_one() -> None:
    # An API reference: a 'Stability' note first in the content, 'Stable' on most pages, then
    # many paragraphs; the usual value looks like boilerplate, yet `//div[@id='c']//p` (the
    # note first, then every paragraph) is not the rule to offer first.
    def api(i: int) -> str:
        level = "Stability: 0 - Deprecated" if i % 5 == 0 else "Stability: 2 - Stable"
        note = f"<blockquote><p>{level}</p></blockquote>" if i % 4 != 3 else ""
        paras = "".join(f"<p>Text {i}.{k} of the module.</p>" for k in range(4))
        return f"""<html><body><div id='c'><h2>Module {i}</h2>{note}
        <section><h3>Part {i}</h3>{paras}</section></div></body></html>"""

    urls = [f"https://n.example/m{i}.html" for i in range(20)]
    site = SiteIndex(urls, [parse_html(api(i)) for i in range(20)])
    clicks = [
        Example(urls[i], site.trees[i], select_elements(site.trees[i], "//blockquote/p")[0])
        for i in (1, 5, 2)
    ]
    best = induce(clicks, index=site)[0]
    assert "blockquote" in best.xpath, best.xpath
    for tree in site.trees:
        assert len(select_elements(tree, best.xpath)) <= 1


def _sectioned_page(section: int, entry: int) -> str:
    """A manual's sidebar of three captioned sections; the section that holds the page and
    the page's own entry carry a class 'current' (a state of the page, not a part of it)."""

    def items(s: int) -> str:
        return "".join(
            f"<li class='toc1{' current' if (s, k) == (section, entry) else ''}'>"
            f"<a href='/s{s}/e{k}.html'>Entry {s}.{k}</a></li>"
            for k in range(3)
        )

    lists = "".join(
        f"<p class='caption'>Part {s}</p>"
        f"<ul{' class=current' if s == section else ''}>{items(s)}</ul>"
        for s in range(3)
    )
    return f"""<html><body><div class='side'><h3>Site navigation</h3>{lists}</div>
    <div class='main'><h1>Section {section} entry {entry}</h1></div></body></html>"""


def test_a_class_that_moves_between_alike_lists_is_no_anchor_of_a_list() -> None:
    # 'current' is on every page, on another section's list from page to page: a list rule
    # anchored on it finds the first section's entries on a third of the pages only.
    pairs = [(s, e) for e in range(3) for s in range(3)]
    site = SiteIndex(
        [f"https://m.example/s{s}/e{e}.html" for s, e in pairs],
        [parse_html(_sectioned_page(s, e)) for s, e in pairs],
    )
    first = pairs.index((0, 1))
    rules = induce(
        [ex(site, first, "//div[@class='side']/ul[1]/li[2]/a")], index=site, as_list=True
    )
    best = rules[0].xpath
    assert "current" not in best, [r.xpath for r in rules]
    for i, (s, _e) in enumerate(pairs):
        assert texts(site, i, best) == [f"Entry 0.{k}" for k in range(3)], (s, best)
