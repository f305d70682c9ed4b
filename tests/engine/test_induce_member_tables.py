"""List and field induction on API references and Sphinx sidebars: Doxygen's member tables
(one table per kind of member, a heading row, each member's row followed by a description row
and a separator, the name link first in its cell beside the links of its argument types); a
third example from another kind of page never making the rule worse; a list's label preferred
to its position among the sidebar's lists; examples that play different roles on their pages
reported with a warning."""

from __future__ import annotations

import lxml.html
import pytest

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, InductionError, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements


def click(site: SiteIndex, i: int, xpath: str) -> Example:
    root = site.trees[i]
    return Example(site.urls[i], root, select_elements(root, xpath)[0])


def texts(site: SiteIndex, i: int, xpath: str) -> list[str]:
    return [" ".join(n.text_content().split()) for n in select_elements(site.trees[i], xpath)]


# --------------------------------------------------------------------------- Doxygen


def _member_table(page: str, heading: str, anchor: str, members: list[tuple[str, str, str]]) -> str:
    """One ``table.memberdecls``: the heading row, then per member its row (type cell, name
    cell whose first link is the member on this page, then argument type links), its
    description row ('More...' link) and a separator row."""
    rows = [
        f"<tr class='heading'><td colspan='2'><h2 class='groupheader'>"
        f"<a id='{anchor}' name='{anchor}'></a>\n{heading}</h2></td></tr>"
    ]
    for kind, name, args in members:
        h = f"ga{abs(hash((page, name))) % 10**12:012d}"
        rows.append(
            f"<tr class='memitem:{h}'><td class='memItemLeft'>{kind}&#160;</td>"
            f"<td class='memItemRight'><a class='el' href='{page}#{h}'>{name}</a>{args}</td></tr>"
            f"<tr class='memdesc:{h}'><td class='mdescLeft'>&#160;</td><td class='mdescRight'>"
            f"Does {name} things. <a href='{page}#{h}'>More...</a></td></tr>"
            f"<tr class='separator:{h}'><td class='memSeparator' colspan='2'>&#160;</td></tr>"
        )
    return f"<table class='memberdecls'>{''.join(rows)}</table>"


def _anchors(page: str, names: list[str]) -> str:
    """The member documentation below the tables: an anchor per member (the name links'
    targets)."""
    out = []
    for name in names:
        h = f"ga{abs(hash((page, name))) % 10**12:012d}"
        out.append(f"<a id='{h}' name='{h}'></a><h2 class='memtitle'>{name}()</h2><p>Text.</p>")
    return "".join(out)


def group_page(i: int, *, macros: bool) -> tuple[str, list[str]]:
    """A module page: a macros table on some pages, a typedefs table, then the functions
    table; the function names written out."""
    page = f"group__Mod{i}.html"
    fns = [f"mod{i}_{verb}" for verb in ("ref", "unref", "set_notify", "cancel", "block")][
        : 3 + i % 3
    ]
    typ = f"<a class='el' href='structMod{i}.html'>Mod{i}</a>"
    bool_t = "<a class='el' href='group__Types.html#ga39c9cb0f3a'>bool_t</a>"
    # A function without arguments has its name link alone in its cell.
    members = [
        (
            bool_t if k % 2 else "void",
            fn,
            " (void)" if "cancel" in fn else f" ({typ} *m, {bool_t} f)",
        )
        for k, fn in enumerate(fns)
    ]
    tables = ""
    if macros:
        tables += _member_table(
            page, "Macros", "define-members", [("#define", f"MOD{i}_MAX", "&#160;(42)")]
        )
    tables += _member_table(
        page, "Typedefs", "typedef-members", [(f"typedef struct {typ}", f"Mod{i}", "")]
    )
    tables += _member_table(page, "Functions", "func-members", members)
    names = [f"MOD{i}_MAX", f"Mod{i}", *fns] if macros else [f"Mod{i}", *fns]
    html = f"""<html><body><div class='header'><div class='summary'><a href='#typedef-members'>
    Typedefs</a></div><div class='headertitle'><div class='title'>Module {i}<div class='ingroups'>
    <a class='el' href='group__API.html'>Public API</a></div></div></div></div>
    <div class='contents'>{tables}<h2 class='groupheader'>Detailed Description</h2>
    {_anchors(page, names)}</div></body></html>"""
    return html, fns


def struct_page(i: int) -> tuple[str, list[str]]:
    page = f"structMod{i}.html"
    fields = [f"field{i}_{k}" for k in range(3)]
    table = _member_table(
        page,
        "Data Fields",
        "pub-attribs",
        [("<a class='el' href='structAtomic.html'>Atomic</a>", f, "") for f in fields],
    )
    html = f"""<html><body><div class='header'><div class='summary'><a href='#pub-attribs'>Data
    Fields</a></div><div class='headertitle'><div class='title'>Mod{i} Struct Reference
    <div class='ingroups'><a class='el' href='group__API.html'>Public API</a></div></div></div>
    </div><div class='contents'>{table}{_anchors(page, fields)}</div></body></html>"""
    return html, fields


def index_page() -> str:
    rows = "".join(
        f"<tr class='memitem:m{i}'><td class='memItemLeft'>&#160;</td><td class='memItemRight'>"
        f"<a class='el' href='group__Mod{i}.html'>Module {i}</a></td></tr>"
        f"<tr class='memdesc:m{i}'><td class='mdescLeft'>&#160;</td><td class='mdescRight'>"
        f"Module. <a href='group__Mod{i}.html#details'>More...</a></td></tr>"
        for i in range(4)
    )
    return f"""<html><body><div class='header'><div class='headertitle'><div class='title'>
    Public API</div></div></div><div class='contents'><table class='memberdecls'>
    <tr class='heading'><td colspan='2'><h2 class='groupheader'><a id='groups'></a>Modules</h2>
    </td></tr>{rows}</table></div></body></html>"""


def source_page(i: int) -> str:
    return f"""<html><body><div class='header'><div class='headertitle'><div class='title'>
    mod{i}.c</div></div></div><div class='contents'><div class='fragment'><div class='line'>
    int x;</div></div></div></body></html>"""


def doxygen_site() -> tuple[SiteIndex, dict[str, list[str]]]:
    """Module pages 0-5 (macros on the even ones, so the functions table is the second or the
    third), struct pages 6-8, the API index 9, source pages 10-11."""
    htmls: list[str] = []
    urls: list[str] = []
    names: dict[str, list[str]] = {}
    for i in range(6):
        html, fns = group_page(i, macros=i % 2 == 0)
        htmls.append(html)
        urls.append(f"https://dox.example/group__Mod{i}.html")
        names[urls[-1]] = fns
    for i in range(3):
        html, fields = struct_page(i)
        htmls.append(html)
        urls.append(f"https://dox.example/structMod{i}.html")
        names[urls[-1]] = fields
    htmls.append(index_page())
    urls.append("https://dox.example/group__API.html")
    for i in range(2):
        htmls.append(source_page(i))
        urls.append(f"https://dox.example/mod{i}_8c_source.html")
    return SiteIndex(urls, [parse_html(h) for h in htmls]), names


FN_TABLE = "//table[tr[normalize-space(.)='Functions']]"


def test_two_or_three_member_names_of_one_table_give_that_table_s_names() -> None:
    site, names = doxygen_site()
    # Page 0 has the macros table: the functions table is the third; rows 2, 5 and 8 are
    # the three member rows (a description and a separator after each).
    clicks = [click(site, 0, f"{FN_TABLE}/tr[{n}]/td[2]/a[1]") for n in (2, 5, 8)]
    rules = induce(clicks, index=site, as_list=True)
    best = rules[0].xpath
    assert best.startswith("//table["), best
    for i in range(6):
        # Only the names: not the type links, not the argument types, not 'More...', and not
        # the members of the page's macros or typedefs tables.
        assert texts(site, i, best) == names[site.urls[i]], (i, best)
    assert rules[0].site["mixed"] == 0


def test_member_names_clicked_on_two_pages_take_the_same_table_kind_everywhere() -> None:
    site, names = doxygen_site()
    # The functions table is the third on page 0 and the second on page 1.
    clicks = [
        click(site, 0, f"{FN_TABLE}/tr[2]/td[2]/a[1]"),
        click(site, 0, f"{FN_TABLE}/tr[5]/td[2]/a[1]"),
        click(site, 1, f"{FN_TABLE}/tr[8]/td[2]/a[1]"),
    ]
    best = induce(clicks, index=site, as_list=True)[0].xpath
    assert "Functions" in best, best
    for i in range(6):
        assert texts(site, i, best) == names[site.urls[i]], (i, best)
    for i in range(6, 12):
        assert texts(site, i, best) == [], (i, best)
    # One click on each page says as much: the name link leads to this page's member, the
    # links beside it to other pages.
    one_each = [
        click(site, 0, f"{FN_TABLE}/tr[5]/td[2]/a[1]"),
        click(site, 1, f"{FN_TABLE}/tr[2]/td[2]/a[1]"),
    ]
    best = induce(one_each, index=site, as_list=True)[0].xpath
    for i in range(6):
        assert texts(site, i, best) == names[site.urls[i]], (i, best)


def test_a_third_title_from_a_page_without_a_trail_keeps_the_own_text_rule() -> None:
    site, _names = doxygen_site()
    title = "//div[contains(@class, 'headertitle')]/div"
    two = [click(site, 0, title), click(site, 6, title)]
    three = [*two, click(site, 10, title)]
    for clicks in (two, three):
        best = induce(clicks, index=site)[0]
        assert best.xpath.endswith("/text()[normalize-space()][1]"), best.xpath
    best = induce(three, index=site)[0]
    assert best.examples == [["Module 0"], ["Mod0 Struct Reference"], ["mod0.c"]]


def test_examples_from_two_kinds_of_list_carry_a_warning() -> None:
    site, _names = doxygen_site()
    field_ = click(site, 6, "//table[tr[normalize-space(.)='Data Fields']]/tr[5]/td[2]/a")
    module = click(site, 9, "//table[tr[normalize-space(.)='Modules']]/tr[4]/td[2]/a")
    rules = induce([field_, module], index=site, as_list=True)
    assert rules
    warning = rules[0].to_dict()["warnings"][0]
    assert "different roles" in warning and "'Data Fields'" in warning and "'Modules'" in warning
    # Items of one kind of list on two pages: no warning.
    same = [
        click(site, 6, "//table[tr[normalize-space(.)='Data Fields']]/tr[2]/td[2]/a"),
        click(site, 7, "//table[tr[normalize-space(.)='Data Fields']]/tr[5]/td[2]/a"),
    ]
    rules = induce(same, index=site, as_list=True)
    assert "warnings" not in rules[0].to_dict()
    assert rules[0].warnings == []


# --------------------------------------------------------------------------- Sphinx sidebar


def sphinx_page(i: int) -> tuple[str, list[str]]:
    """A page whose sidebar has its 'Contents' (one top entry, its sections under it) then
    'Navigation'; pages 0-1 have no contents (the navigation list comes first), page 2 is the
    front page with 'Project Links' before its contents."""
    nav = """<h3>Navigation</h3><ul><li><a href='index.html'>Overview</a><ul>
    <li><a href='prev.html'>Previous: Setup</a></li><li><a href='next.html'>Next: Usage</a></li>
    </ul></li></ul>"""
    logo = "<p class='logo'><a href='index.html'><img src='logo.png'/></a></p>"
    title = f"Chapter {i}"
    sections = [f"Section {i}.{k}" for k in range(2 + i % 3)]
    subs = "".join(
        f"<li><a class='reference internal' href='#s{k}'>{s}</a></li>"
        for k, s in enumerate(sections)
    )
    contents = f"""<h3>Contents</h3><ul><li><a class='reference internal' href='#'>{title}</a>
    <ul>{subs}</ul></li></ul>"""
    links = """<h3>Project Links</h3><ul><li><a href='https://d.example/'>Donate</a></li>
    <li><a href='https://pypi.example/'>PyPI Releases</a></li></ul>"""
    if i < 2:
        side, toc = logo + nav, []
    elif i == 2:
        side, toc = links + contents, [title, *sections]
    else:
        side, toc = logo + contents + nav, [title, *sections]
    html = f"""<html><body><div class='document'><div class='body'><section><h1>{title}</h1>
    <p>Text.</p></section></div></div><div class='sphinxsidebar' role='navigation'>
    <div class='sphinxsidebarwrapper'>{side}<div id='searchbox'><h3>Quick search</h3></div>
    </div></div></body></html>"""
    return html, toc


def sphinx_site() -> tuple[SiteIndex, list[list[str]]]:
    pages = [sphinx_page(i) for i in range(12)]
    urls = [f"https://sphinx.example/p{i}.html" for i in range(12)]
    return SiteIndex(urls, [parse_html(h) for h, _t in pages]), [t for _h, t in pages]


CONTENTS = "//h3[normalize-space(.)='Contents']/following-sibling::ul[1]"


def test_a_third_toc_example_on_another_page_keeps_the_label_rule() -> None:
    site, tocs = sphinx_site()
    two = [click(site, 4, f"{CONTENTS}/li/a"), click(site, 4, f"{CONTENTS}/li/ul/li[2]/a")]
    three = [*two, click(site, 5, f"{CONTENTS}/li/ul/li[1]/a")]
    for clicks in (two, three):
        rules = induce(clicks, index=site, as_list=True)
        best = rules[0].xpath
        assert best == f"{CONTENTS}//a", best
        for i in range(12):
            assert texts(site, i, best) == tocs[i], (i, best)


def test_the_sidebar_s_first_list_ranks_after_the_label_where_it_is_another_list() -> None:
    site, tocs = sphinx_site()
    clicks = [click(site, 4, f"{CONTENTS}/li/a"), click(site, 7, f"{CONTENTS}/li/a")]
    rules = induce(clicks, index=site, as_list=True, limit=8)
    xps = [r.xpath for r in rules]
    assert xps[0] == f"{CONTENTS}/li/a", xps
    first = [x for x in xps if "/ul[1]/" in x and "Contents" not in x]
    assert first, xps  # the positional form is offered, after the label
    pos = next(r for r in rules if r.xpath == first[0])
    # Its list is 'Navigation' on pages 0-1 and 'Project Links' on page 2: not like the
    # examples' list there.
    assert pos.site["with_items"] == 12 and pos.site["alike"] == 9, pos.site


def test_a_name_alone_in_its_cell_and_a_name_before_type_links_are_one_column() -> None:
    site, names = doxygen_site()
    # Page 1's fourth function takes no arguments: its name is the only link of its cell.
    clicks = [
        click(site, 1, f"{FN_TABLE}/tr[11]/td[2]/a"),
        click(site, 1, f"{FN_TABLE}/tr[2]/td[2]/a[1]"),
    ]
    assert texts(site, 1, f"{FN_TABLE}/tr[11]/td[2]/a") == ["mod1_cancel"]
    best = induce(clicks, index=site, as_list=True)[0].xpath
    assert best.endswith("/a[1]"), best
    for i in range(6):
        assert texts(site, i, best) == names[site.urls[i]], (i, best)


def _untyped(site: SiteIndex, i: int, name: str) -> None:
    """The member ``name`` of page ``i`` returns a plain type: its row's type cell holds no
    link (D-Bus's 'DBUS_EXPORT char *')."""
    row = select_elements(site.trees[i], f"//tr[td/a[normalize-space(.)='{name}']]")[0]
    left = row[0]
    for child in list(left):
        left.remove(child)
    left.text = "char *"


def test_one_click_on_a_name_alone_in_its_cell_takes_the_names_only() -> None:
    site, names = doxygen_site()
    # mod1_cancel takes no arguments: its cell holds its name alone, other rows' cells their
    # names and their argument types' links.
    one = [click(site, 1, f"{FN_TABLE}/tr[11]/td[2]/a")]
    best = induce(one, index=site, as_list=True)[0].xpath
    for i in range(6):
        assert texts(site, i, best) == names[site.urls[i]], (i, best)
    # Nor when its type cell holds no link either: the row then has one link, its name.
    _untyped(site, 1, "mod1_cancel")
    best = induce(one, index=site, as_list=True)[0].xpath
    for i in range(6):
        assert texts(site, i, best) == names[site.urls[i]], (i, best)


def test_examples_of_two_roles_take_only_nodes_of_their_cells_kind() -> None:
    site, _names = doxygen_site()
    # The module rows of the index have no link in their type cell: only the struct's field
    # rows tell the name cell from the type cell. A rule that also takes the other cells'
    # links is not offered first; nor is one refused that takes the name cells only.
    field_ = click(site, 6, "//table[tr[normalize-space(.)='Data Fields']]/tr[5]/td[2]/a")
    module = click(site, 9, "//table[tr[normalize-space(.)='Modules']]/tr[4]/td[2]/a")
    # With the site's pages to check the rules on, and without (the examples' pages only).
    for index in (site, None):
        rules = induce([field_, module], index=index, as_list=True)
        assert rules[0].warnings
        best = rules[0].xpath
        # Not the type links ('Atomic') nor the 'More...' links of the tables.
        assert texts(site, 6, best) == ["field0_0", "field0_1", "field0_2"], best
        assert texts(site, 9, best) == [f"Module {i}" for i in range(4)], best


def _reordered(html: str) -> str:
    """The page after a layout change: the children of the body and of every div in reverse
    order, every class renamed (the sidebar's headings now follow their lists)."""
    doc = lxml.html.fromstring(html)
    body = doc.find("body")
    for box in [body, *body.iter("div")]:
        kids = list(box)
        for kid in kids:
            box.remove(kid)
        for kid in reversed(kids):
            box.append(kid)
    for n in doc.iter():
        if isinstance(n.tag, str) and n.get("class"):
            n.set("class", " ".join(f"x{len(t)}{t[::-1]}" for t in n.get("class").split()))
    return lxml.html.tostring(doc, encoding="unicode")


def test_first_and_last_entries_of_a_nested_toc_give_the_whole_list_after_a_layout_change() -> None:
    # What repair does with a contents list's old values: the first entry (the page's title,
    # a top entry) and the last one (a sub-entry) on the changed pages, a pair on each page.
    pages = [sphinx_page(i) for i in range(12)]
    urls = [f"https://sphinx.example/p{i}.html" for i in range(12)]
    site = SiteIndex(urls, [parse_html(_reordered(h)) for h, _t in pages])
    tocs = [t for _h, t in pages]
    moved = "//h3[normalize-space(.)='Contents']/preceding-sibling::ul[1]"
    clicks = []
    for p in (3, 4, 5):
        clicks += [click(site, p, f"{moved}/li/a"), click(site, p, f"{moved}/li/ul/li[last()]/a")]
    for pair in (clicks[:2], clicks):
        best = induce(pair, index=site, as_list=True)[0].xpath
        assert best.endswith("//a"), best
        for i in range(3, 12):
            assert texts(site, i, best) == tocs[i], (i, best)


def test_examples_of_two_roles_in_cells_of_no_common_kind_are_refused_naming_both() -> None:
    site, _names = doxygen_site()
    # A field's type link (the type cell) and a module's 'More...' (the description cell):
    # every rule that takes both takes the name cells' links too.
    type_link = click(site, 6, "//table[tr[normalize-space(.)='Data Fields']]/tr[2]/td[1]/a")
    more = click(site, 9, "//table[tr[normalize-space(.)='Modules']]/tr[3]/td[2]/a")
    for index in (site, None):
        with pytest.raises(InductionError) as err:
            induce([type_link, more], index=index, as_list=True)
        assert "different roles" in str(err.value), err.value
        assert err.value.conflicts == [type_link.describe(), more.describe()]
