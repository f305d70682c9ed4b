"""Lists clicked in content tables: a table's own label (its header row) anchors the list
rather than a line that merely precedes the page's first table; the items are the rows alike
to the examples' rows, not the description rows under them; the signals flag a rule whose
table is labelled otherwise from page to page, or whose items come from rows of two shapes;
a trail whose first entry carries no class while its others do is taken whole."""

from __future__ import annotations

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.induce import Example, induce
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements
from deboiler_gui.engine.template.signals import site_signals

SITE = "files.example"


def click(site: SiteIndex, i: int, xpath: str) -> Example:
    root = site.trees[i]
    return Example(site.urls[i], root, select_elements(root, xpath)[0])


def texts(site: SiteIndex, i: int, xpath: str) -> list[str]:
    return [" ".join(n.text_content().split()) for n in select_elements(site.trees[i], xpath)]


# --------------------------------------------------------------------------- member tables


def _table(heading: str, anchor: str, kind: str, names: list[str], *, plain: bool = False) -> str:
    """A member table: its heading row, then per member its row (kind cell, name cell), a
    description row whose text links to another page (not when ``plain``) and to 'More...',
    and a separator."""
    rows = [
        f"<tr class='heading'><td colspan='2'><h2 class='groupheader'>"
        f"<a name='{anchor}'></a>\n{heading}</h2></td></tr>"
    ]
    for k, name in enumerate(names):
        page = name.lower().replace("::", "_") + ".html"
        rows.append(
            f"<tr class='memitem:{anchor}{k}'><td class='memItemLeft'>{kind}&#160;</td>"
            f"<td class='memItemRight'><a class='el' href='{page}'>{name}</a></td></tr>"
            f"<tr class='memdesc:{anchor}{k}'><td class='mdescLeft'>&#160;</td>"
            f"<td class='mdescRight'>Works with a "
            + ("value. " if plain else "<a class='el' href='value.html'>Value</a>. ")
            + f"<a href='{page}#details'>More...</a></td></tr>"
            f"<tr class='separator:{anchor}{k}'><td class='memSeparator' colspan='2'>&#160;"
            f"</td></tr>"
        )
    return f"<table class='memberdecls'>{''.join(rows)}</table>"


def file_page(i: int) -> tuple[str, list[str]]:
    """A header file's page: its includes, a line to its source, then its tables: 'Classes'
    first on pages 0-3 and 8-9 (one class on page 9), no classes on pages 4-5 (the
    namespaces table is the first), macros first on pages 6-7."""
    classes = [f"Lib::Thing{i}{k}" for k in range(2 + i % 3)] if i < 4 or i > 7 else []
    if i == 9:
        classes = classes[:1]  # a table of one class
    tables = ""
    if 6 <= i <= 7:
        tables += _table("Macros", "define-members", "#define", [f"LIB_MACRO_{i}"])
    if classes:
        tables += _table("Classes", "nested-classes", "class", classes, plain=i == 9)
    tables += _table("Namespaces", "namespaces", "", ["Lib"])
    tables += _table("Functions", "func-members", "bool", [f"Lib::run{i}", f"Lib::stop{i}"])
    html = f"""<html><body><div id='top'><div id='nav-path' class='navpath'><ul>
    <li class='navelem'><a class='el' href='dir_inc.html'>include</a></li></ul></div></div>
    <div class='header'><div class='headertitle'><div class='title'>file{i}.h File Reference
    </div></div></div><div class='contents'><div class='textblock'><code>#include
    &lt;string&gt;</code><br/></div>
    <p><a href='file{i}_8h_source.html'>Go to the source code of this file.</a></p>
    {tables}</div></body></html>"""
    return html, classes


def class_page(i: int) -> tuple[str, list[str]]:
    """A class's page: nested classes on the even ones, then its member functions."""
    nested = [f"Lib::Outer{i}::Inner{k}" for k in range(2)] if i % 2 == 0 else []
    tables = _table("Classes", "nested-classes", "struct", nested) if nested else ""
    tables += _table("Public Member Functions", "pub-methods", "void", [f"go{i}", f"halt{i}"])
    html = f"""<html><body><div class='header'><div class='headertitle'><div class='title'>
    Lib::Outer{i} Class Reference</div></div></div><div class='contents'>
    <div class='textblock'>A class.</div>{tables}</div></body></html>"""
    return html, nested


def doxygen_site() -> tuple[SiteIndex, list[list[str]]]:
    """File pages 0-9, class pages 10-13."""
    pages = [file_page(i) for i in range(10)] + [class_page(i) for i in range(4)]
    urls = [f"https://{SITE}/file{i}_8h.html" for i in range(10)]
    urls += [f"https://{SITE}/class_outer{i}.html" for i in range(4)]
    return SiteIndex(urls, [parse_html(h) for h, _c in pages]), [c for _h, c in pages]


FIRST_NAME = "//table[tr[normalize-space(.)='Classes']]/tr[2]/td[2]/a"
SECOND_NAME = "//table[tr[normalize-space(.)='Classes']]/tr[5]/td[2]/a"
THIRD_NAME = "//table[tr[normalize-space(.)='Classes']]/tr[8]/td[2]/a"


def test_one_click_in_a_table_anchors_on_its_header_row_not_on_the_line_before_it() -> None:
    site, classes = doxygen_site()
    rules = induce([click(site, 0, FIRST_NAME)], index=site, as_list=True, limit=8)
    best = rules[0]
    assert "Go to the source" not in best.xpath and "Classes" in best.xpath, best.xpath
    for i in range(len(site.urls)):
        # The classes' names only: nothing where the page has no 'Classes' table (not the
        # namespaces or macros table that comes first there).
        assert texts(site, i, best.xpath) == classes[i], (i, best.xpath)
    assert best.site["relabelled"] == 0
    # The rule on the line before the tables is still offered, after it, and says it takes
    # lists of another label.
    before = [r for r in rules if "Go to the source" in r.xpath]
    assert before and before[0].site["relabelled"] >= 4, [r.xpath for r in rules]


def test_clicks_on_two_pages_take_the_member_rows_not_their_description_rows() -> None:
    site, classes = doxygen_site()
    for clicks in (
        [click(site, 0, FIRST_NAME), click(site, 1, FIRST_NAME)],
        [click(site, 0, FIRST_NAME), click(site, 2, THIRD_NAME)],
    ):
        best = induce(clicks, index=site, as_list=True)[0]
        for i in range(len(site.urls)):
            # Not 'Value' nor 'More...' of the description rows.
            assert texts(site, i, best.xpath) == classes[i], (i, best.xpath)
        assert best.site["row_shapes"] == 0


def test_one_click_in_a_table_of_one_entry_takes_the_names_not_the_description_links() -> None:
    site, classes = doxygen_site()
    best = induce([click(site, 9, FIRST_NAME)], index=site, as_list=True)[0]
    for i in range(len(site.urls)):
        assert texts(site, i, best.xpath) == classes[i], (i, best.xpath)


def test_a_second_click_in_the_same_table_keeps_to_the_member_rows() -> None:
    site, classes = doxygen_site()
    best = induce(
        [click(site, 0, FIRST_NAME), click(site, 0, SECOND_NAME)], index=site, as_list=True
    )[0]
    assert "Go to the source" not in best.xpath, best.xpath
    for i in range(len(site.urls)):
        assert texts(site, i, best.xpath) == classes[i], (i, best.xpath)


def _template(xp: str) -> Template:
    return Template(
        "dox", site=SITE, fields=(Field("classes", xpaths=(xp,), is_list=True),), use_cleaner=False
    )


def _flags(xp: str) -> list[str]:
    pages = [file_page(i)[0] for i in range(10)] + [class_page(i)[0] for i in range(4)]
    urls = [f"https://{SITE}/file{i}_8h.html" for i in range(10)]
    urls += [f"https://{SITE}/class_outer{i}.html" for i in range(4)]
    sigs = site_signals([Page(u, h) for u, h in zip(urls, pages, strict=True)], [_template(xp)])
    return [str(f["flag"]) for s in sigs for f in s.flags()]


CELL = "td[@class='memItemRight']/a"


def test_a_rule_on_the_line_before_the_first_table_is_flagged_for_its_other_labels() -> None:
    wrong = _flags(
        f"//p[normalize-space(.)='Go to the source code of this file.']"
        f"/following-sibling::table[1]/tr/{CELL}"
    )
    relabelled = [f for f in wrong if "differently labelled" in f]
    assert relabelled, wrong
    assert "'Classes' on 6" in relabelled[0] and "'Namespaces' on 2" in relabelled[0], relabelled
    right = _flags(f"//table[tr[normalize-space(.)='Classes']]/tr/{CELL}")
    assert not any("differently labelled" in f for f in right), right


def test_names_of_every_table_are_not_flagged_for_the_first_table_s_label() -> None:
    every = _flags(f"//table/tr/{CELL}")
    assert not any("differently labelled" in f for f in every), every


def test_items_from_description_rows_are_flagged() -> None:
    wrong = _flags("//table[tr[normalize-space(.)='Classes']]/tr/td/a")
    assert any("rows of different shapes" in f for f in wrong), wrong
    right = _flags(f"//table[tr[normalize-space(.)='Classes']]/tr/{CELL}")
    assert not any("rows of different shapes" in f for f in right), right


def test_tables_headed_by_each_page_s_own_name_are_not_flagged() -> None:
    # One table per page, headed by the page's name: labels that differ on every page are
    # names, not another kind of list.
    pages = [
        Page(
            f"https://{SITE}/p{i}.html",
            f"<html><body><h1>Thing {i}</h1>"
            + _table(f"Thing {i} members", "m", "int", [f"Lib::m{i}{k}" for k in range(3)])
            + "</body></html>",
        )
        for i in range(8)
    ]
    sigs = site_signals(pages, [_template(f"//table/tr/{CELL}")])
    flags = [str(f["flag"]) for s in sigs for f in s.flags()]
    assert not any("differently labelled" in f for f in flags), flags


# --------------------------------------------------------------------------- trails


def trail_page(i: int, *, right: bool) -> tuple[str, list[str]]:
    """A page whose navigation bar is a trail: its first entry a bare ``li``, the others
    ``li.nav-item``; with ``right``, the bar also holds 'index' and 'next' entries of their
    own class."""
    steps = ["Documentation", *[f"Part {i}.{k}" for k in range(i % 3)], f"Page {i}"]
    entries = [f"<li><a href='../index.html'>{steps[0]}</a> &#187;</li>"]
    entries += [
        f"<li class='nav-item nav-item-{k + 1}'><a href='p{k}.html'>{s}</a> &#187;</li>"
        for k, s in enumerate(steps[1:-1])
    ]
    entries.append(f"<li class='nav-item nav-item-this'><a href=''>{steps[-1]}</a></li>")
    extra = (
        "<li class='right'><a href='genindex.html'>index</a></li>"
        "<li class='right'><a href='next.html'>next</a> |</li>"
        if right
        else ""
    )
    html = f"""<html><body><div class='related' role='navigation'><h3>Navigation</h3>
    <ul>{extra}{"".join(entries)}</ul></div><div class='document'><h1>Page {i}</h1>
    <p>Text.</p></div></body></html>"""
    return html, steps


def trail_site(*, right: bool) -> tuple[SiteIndex, list[list[str]]]:
    pages = [trail_page(i, right=right) for i in range(9)]
    urls = [f"https://trail.example/p{i}.html" for i in range(9)]
    return SiteIndex(urls, [parse_html(h) for h, _s in pages]), [s for _h, s in pages]


def test_one_click_on_a_classed_trail_entry_keeps_the_plain_first_entry() -> None:
    site, steps = trail_site(right=False)
    # Page 2's trail: Documentation, Part 2.0, Part 2.1, Page 2; the click is on 'Part 2.0'.
    best = induce([click(site, 2, "//ul/li[2]/a")], index=site, as_list=True)[0]
    for i in range(9):
        assert texts(site, i, best.xpath) == steps[i], (i, best.xpath)


def test_entries_of_another_class_in_the_bar_stay_out_of_the_trail() -> None:
    site, steps = trail_site(right=True)
    best = induce([click(site, 2, "//ul/li[4]/a")], index=site, as_list=True)[0]
    for i in range(9):
        # Not 'index' nor 'next' (entries of a class of their own).
        got = texts(site, i, best.xpath)
        assert "index" not in got and "next" not in got, (i, best.xpath)
        assert steps[i][1:] == [t for t in got if t != "Documentation"], (i, best.xpath)
