"""List induction on a Javadoc API reference (class pages: a constructor summary of two
columns, or three when a constructor is protected; a method summary of three columns; the
name link of a member beside the links of its parameter types) and on a Texinfo manual
(definitions `dl.def` of one or several forms, a section's contents `ul.section-toc`)."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, InductionError, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements


def click(site: SiteIndex, i: int, xpath: str) -> Example:
    root = site.trees[i]
    return Example(site.urls[i], root, select_elements(root, xpath)[0])


def texts(site: SiteIndex, i: int, xpath: str) -> list[str]:
    return [" ".join(n.text_content().split()) for n in select_elements(site.trees[i], xpath)]


# --------------------------------------------------------------------------- Javadoc

_TYPES = ("String", "Throwable", "Object", "Boolean", "Integer")


def _param(k: int) -> str:
    t = _TYPES[k % len(_TYPES)]
    return (
        f"<a href='https://docs.oracle.com/javase/8/docs/api/java/lang/{t}.html' "
        f"title='class or interface in java.lang' class='external-link'>{t}</a>&nbsp;v{k}"
    )


def _ctor_cell(name: str, k: int, row: str) -> str:
    params = ", ".join(_param(k + j) for j in range(k % 3))
    return (
        f"<div class='col-constructor-name {row}'><code><a href='#%3Cinit%3E({k})' "
        f"class='member-name-link'>{name}</a><wbr>({params})</code></div>"
        f"<div class='col-last {row}'><div class='block'>Constructs a {name}.</div></div>"
    )


def javadoc_page(i: int) -> tuple[str, list[str], list[str]]:
    """A class page: its constructors (none on every fifth page: an interface; a protected
    one in a three-column table on every fourth), its methods. Returns the HTML, the
    constructor names and the method names."""
    name = f"Thing{i}"
    n_ctors = 0 if i % 5 == 4 else 1 + i % 3
    protected = i % 4 == 1 and n_ctors > 0
    rows = ("even-row-color", "odd-row-color")
    cells = []
    for k in range(n_ctors):
        lead = (
            f"<div class='col-first {rows[k % 2]}'><code>protected </code></div>"
            if protected
            else ""
        )
        cells.append(lead + _ctor_cell(name, k + i, rows[k % 2]))
    head = (
        "<div class='table-header col-first'>Modifier</div>"
        "<div class='table-header col-second'>Constructor</div>"
        if protected
        else "<div class='table-header col-first'>Constructor</div>"
    )
    columns = "three-column-summary" if protected else "two-column-summary"
    ctors = (
        "<li><section class='constructor-summary' id='constructor-summary'>"
        "<h2>Constructor Summary</h2><div class='caption'><span>Constructors</span></div>"
        f"<div class='summary-table {columns}'>{head}"
        "<div class='table-header col-last'>Description</div>"
        f"{''.join(cells)}</div></section></li>"
        if n_ctors
        else ""
    )
    methods = [f"get{w}{i}" for w in ("Value", "Name", "Size", "Hash")[: 2 + i % 3]]
    mcells = "".join(
        f"<div class='col-first {rows[k % 2]} method-summary-table'><code>"
        f"{_param(k) if (k + i) % 2 else 'void'}</code></div>"
        f"<div class='col-second {rows[k % 2]} method-summary-table'><code>"
        f"<a href='#{m}()' class='member-name-link'>{m}</a>"
        f"({_param(k + 1) if (k + i) % 3 else ''})</code></div>"
        f"<div class='col-last {rows[k % 2]} method-summary-table'>"
        f"<div class='block'>Gets {m}.</div></div>"
        for k, m in enumerate(methods)
    )
    msum = (
        "<li><section class='method-summary' id='method-summary'><h2>Method Summary</h2>"
        "<div id='method-summary-table'><div id='method-summary-table.tabpanel'>"
        "<div class='summary-table three-column-summary'>"
        "<div class='table-header col-first'>Modifier and Type</div>"
        "<div class='table-header col-second'>Method</div>"
        "<div class='table-header col-last'>Description</div>"
        f"{mcells}</div></div></div></section></li>"
    )
    html = (
        f"<html><head><title>{name}</title></head><body class='class-declaration-page'>"
        "<header class='flex-header'><nav><div class='top-nav' id='navbar-top'>"
        "<ul class='nav-list'><li><a href='../package-summary.html'>Package</a></li>"
        "<li class='nav-bar-cell1-rev'>Class</li></ul></div></nav></header>"
        "<div class='flex-content'><main role='main'><div class='header'>"
        f"<div class='sub-title'>Package org.example.p{i % 3}</div>"
        f"<h1 title='Class {name}' class='title'>Class {name}</h1></div>"
        f"<section class='class-description' id='class-description'><div class='type-signature'>"
        f"public class {name} extends Object</div><div class='block'>About {name}.</div></section>"
        f"<section class='summary'><ul class='summary-list'>{ctors}{msum}</ul></section>"
        "</main></div></body></html>"
    )
    return html, [name] * n_ctors, methods


def javadoc_site(n: int = 20) -> tuple[SiteIndex, list[list[str]], list[list[str]]]:
    urls, trees, ctors, methods = [], [], [], []
    for i in range(n):
        html, c, m = javadoc_page(i)
        urls.append(f"https://api.example.org/org/example/Thing{i}.html")
        trees.append(parse_html(html))
        ctors.append(c)
        methods.append(m)
    return SiteIndex(urls, trees), ctors, methods


_CTOR = "(//div[contains(@class,'col-constructor-name')])[{k}]/code/a[1]"


def test_constructor_names_keep_their_class_and_cover_both_tables() -> None:
    # Two clicks on page 2 (three constructors, the later ones with parameter type links
    # beside their name), one on page 8: two-column tables, as on most pages; pages 1, 5,
    # 9... have a protected constructor in a three-column table.
    site, ctors, _m = javadoc_site()
    rules = induce(
        [
            click(site, 2, _CTOR.format(k=1)),
            click(site, 2, _CTOR.format(k=3)),
            click(site, 8, _CTOR.format(k=2)),
        ],
        [],
        site,
        as_list=True,
    )
    top = rules[0].xpath
    assert "member-name-link" in top, top
    for i in range(len(site.urls)):
        assert texts(site, i, top) == ctors[i], (i, top)


def test_two_clicks_on_one_page_give_every_constructor_name() -> None:
    site, ctors, _m = javadoc_site()
    rules = induce(
        [click(site, 2, _CTOR.format(k=2)), click(site, 7, _CTOR.format(k=1))],
        [],
        site,
        as_list=True,
    )
    top = rules[0].xpath
    for i in range(len(site.urls)):
        assert texts(site, i, top) == ctors[i], (i, top)


def test_constructor_names_on_odd_rows_are_not_told_by_the_stripe() -> None:
    # One click on the second constructor (an `odd-row-color` row), then one more on the
    # second of another page: the rows' stripe class is not the list.
    site, ctors, _m = javadoc_site()
    for clicks in (
        [click(site, 2, _CTOR.format(k=2))],
        [click(site, 2, _CTOR.format(k=2)), click(site, 7, _CTOR.format(k=2))],
    ):
        top = induce(clicks, [], site, as_list=True)[0].xpath
        assert "row-color" not in top, top
        for i in range(len(site.urls)):
            assert texts(site, i, top) == ctors[i], (i, top)


# --------------------------------------------------------------------------- Texinfo


def _definition(names: list[tuple[str, str]]) -> str:
    """One `dl.def`: a `dt` per form (category, then the name in `strong` and its
    arguments), an empty `dd` between the definitions it groups, then the description with a
    nested table of options (a bare `dl`)."""
    out = []
    for k, (category, name) in enumerate(names):
        if k and names[k - 1][1] != name:
            out.append("<dd><span id='Item-x'></span></dd>")
        out.append(
            f"<dt id='index-{name}-{k}'><span class='category'>{category}: </span>"
            f"<span><strong>{name}</strong> <em>(<var>expr</var>, <var>x</var>)</em>"
            f"<a href='#index-{name}-{k}' class='copiable-anchor'> &para;</a></span></dt>"
        )
    return (
        f"<dl class='def'>{''.join(out)}<dd><p>Computes things.</p>"
        "<dl compact='compact'><dt><span><code>abserr</code></span></dt><dd><p>Error.</p></dd>"
        "</dl></dd></dl>"
    )


def texinfo_page(i: int) -> tuple[str, list[str]]:
    """A section page of a manual: its definitions (several forms in one `dl.def` on every
    third page), or an introduction without any on every fourth. Returns the HTML and the
    defined names in order."""
    defs: list[list[tuple[str, str]]] = []
    if i % 4 != 3:
        defs = [[("Function", f"fn{i}_{k}")] for k in range(2 + i % 3)]
        if i % 3 == 0:
            defs.insert(
                1,
                [
                    ("Function", f"find{i}"),
                    ("Function", f"find{i}"),
                    ("Function", f"bf_find{i}"),
                    ("Option variable", f"find{i}_error"),
                ],
            )
    names = [name for d in defs for _c, name in d]
    body = "".join(
        f"<span id='Item-{k}'></span>{_definition(d)}<p>Example {k}.</p>"
        for k, d in enumerate(defs)
    )
    kind, head = ("section", f"<h3 class='section'>{i}.1 Section {i}</h3>")
    if not defs:
        # A chapter's first page: its title, then the contents of its sections.
        kind, head = ("chapter", f"<h2 class='chapter'>{i} Chapter {i}</h2>")
        entries = "".join(
            f"<li><a href='maxima_{i + k}.html' accesskey='{k}'>Topic {i}.{k}</a></li>"
            for k in range(1, 2 + i % 3)
        )
        body = f"<ul class='section-toc'>{entries}</ul>"
    html = (
        f"<html><head><title>{i} Section</title></head><body lang='en'>"
        f"<div class='{kind}' id='S{i}'><div class='header'><p>Next: "
        f"<a href='maxima_{i + 1}.html' accesskey='n' rel='next'>Next {i}</a>, Up: "
        f"<a href='maxima_0.html' accesskey='u' rel='up'>Top</a></p></div>"
        f"{head}{body}</div></body></html>"
    )
    return html, names


def texinfo_site(n: int = 16) -> tuple[SiteIndex, list[list[str]]]:
    urls, trees, names = [], [], []
    for i in range(n):
        html, got = texinfo_page(i)
        urls.append(f"https://manual.example.org/maxima_{i}.html")
        trees.append(parse_html(html))
        names.append(got)
    return SiteIndex(urls, trees), names


_DEF = "(//dl[@class='def'])[{k}]/dt[{d}]/span[2]/strong"


def test_definitions_of_one_form_take_those_of_several_forms_too() -> None:
    # Two clicks on definitions of one form, on a page without a definition of several forms.
    site, names = texinfo_site()
    rules = induce(
        [click(site, 1, _DEF.format(k=1, d=1)), click(site, 1, _DEF.format(k=3, d=1))],
        [],
        site,
        as_list=True,
    )
    top = rules[0].xpath
    assert "count(" not in top, top
    for i in range(len(site.urls)):
        assert texts(site, i, top) == names[i], (i, top)


def test_a_click_on_a_definition_of_several_forms_gives_a_rule_for_both_shapes() -> None:
    # Two definitions of one form and one of a definition of several forms (the first of its
    # forms) on one page: every form of every definition, not the first forms only.
    site, names = texinfo_site()
    assert len(names[0]) > 4
    rules = induce(
        [
            click(site, 0, _DEF.format(k=1, d=1)),
            click(site, 0, _DEF.format(k=3, d=1)),
            click(site, 0, _DEF.format(k=2, d=1)),
        ],
        [],
        site,
        as_list=True,
    )
    top = rules[0].xpath
    for i in range(len(site.urls)):
        assert texts(site, i, top) == names[i], (i, top)


# --------------------------------------------------------------------------- roles


def test_methods_of_two_summaries_play_one_role() -> None:
    # The first row's type cell holds a link on page 1 ('Object'), a plain 'void' on page 2:
    # a cell of the row, not a heading of the list.
    site, _c, methods = javadoc_site()
    cell = "(//div[contains(@class,'method-summary-table') and contains(@class,'col-second')])"
    rules = induce(
        [click(site, 1, f"{cell}[2]/code/a"), click(site, 2, f"{cell}[1]/code/a")],
        [],
        site,
        as_list=True,
    )
    assert not rules[0].warnings, rules[0].warnings
    for i in range(len(site.urls)):
        assert texts(site, i, rules[0].xpath) == methods[i], (i, rules[0].xpath)


def test_contents_after_each_page_title_play_one_role() -> None:
    # Each chapter page's contents follow its own title ('3 Chapter 3', '7 Chapter 7').
    site, _n = texinfo_site()
    rules = induce(
        [
            click(site, 3, "//ul[@class='section-toc']/li[1]/a"),
            click(site, 7, "//ul[@class='section-toc']/li[1]/a"),
        ],
        [],
        site,
        as_list=True,
    )
    assert not rules[0].warnings, rules[0].warnings
    assert texts(site, 11, rules[0].xpath) == ["Topic 11.1", "Topic 11.2", "Topic 11.3"]


# --------------------------------------------------------------------------- one click


def test_one_click_on_a_definition_of_several_forms_takes_every_definition() -> None:
    # The first form of the page's definition of several forms: the page's definitions (the
    # like `dl.def` beside it), not that one definition's forms by its position.
    site, names = texinfo_site()
    rules = induce([click(site, 0, _DEF.format(k=2, d=1))], [], site, as_list=True)
    top = rules[0].xpath
    assert "[2]" not in top and "[1]" not in top, top
    for i in range(len(site.urls)):
        assert texts(site, i, top) == names[i], (i, top)


def test_one_click_in_a_list_of_several_keeps_to_its_heading() -> None:
    # Two like lists (`ul.menu`) under two headings of one block are two lists: one click
    # in the second takes its entries only.
    pages = []
    for i in range(6):
        menus = "".join(
            f"<h4>{head}</h4><ul class='menu'>"
            + "".join(f"<li><a href='{head}{k}.html'>{head} {k}</a></li>" for k in range(2 + i % 2))
            + "</ul>"
            for head in ("Guides", "Reference")
        )
        pages.append(
            f"<html><body><div class='sidebar'>{menus}</div><p>Page {i}.</p></body></html>"
        )
    site = SiteIndex(
        [f"https://docs.example.org/p{i}.html" for i in range(6)], [parse_html(p) for p in pages]
    )
    rules = induce([click(site, 1, "(//ul[@class='menu'])[2]/li[1]/a")], [], site, as_list=True)
    assert texts(site, 1, rules[0].xpath) == ["Reference 0", "Reference 1", "Reference 2"]


def test_one_click_in_a_list_with_an_id_keeps_to_that_list() -> None:
    # A page's contents `ul#toc` beside another list of the same class in one block: the
    # list with an id of its own is that list, its neighbour another.
    pages = []
    for i in range(6):
        toc = "".join(f"<li><a href='#s{k}'>Section {i}.{k}</a></li>" for k in range(2 + i % 2))
        more = "".join(f"<li><a href='p{k}.html'>Page {k}</a></li>" for k in range(3))
        pages.append(
            "<html><body><div class='side'>"
            f"<ul class='plain' id='toc'>{toc}</ul><ul class='plain'>{more}</ul>"
            f"</div><p>Page {i}.</p></body></html>"
        )
    site = SiteIndex(
        [f"https://docs.example.org/p{i}.html" for i in range(6)], [parse_html(p) for p in pages]
    )
    rules = induce([click(site, 1, "//ul[@id='toc']/li[1]/a")], [], site, as_list=True)
    for i in range(6):
        want = [f"Section {i}.{k}" for k in range(2 + i % 2)]
        assert texts(site, i, rules[0].xpath) == want, (i, rules[0].xpath)


# --------------------------------------------------------------------------- bad input

_TOC = "//ul[@class='section-toc']/li[{k}]/a"


def test_not_this_on_every_entry_of_another_page_is_refused() -> None:
    # 'Not this' on both entries of another chapter's contents: only a rule tied to the
    # examples' page (its own title) is left; the refusal names the 'not this' clicks.
    site, _n = texinfo_site()
    with pytest.raises(InductionError) as err:
        induce(
            [click(site, 11, _TOC.format(k=1)), click(site, 11, _TOC.format(k=3))],
            [click(site, 7, _TOC.format(k=1)), click(site, 7, _TOC.format(k=2))],
            site,
            as_list=True,
        )
    assert "'not this'" in str(err.value)
    assert err.value.conflicts and all(c.startswith("not ") for c in err.value.conflicts)
    assert any("maxima_7.html" in c for c in err.value.conflicts)


def test_not_this_on_every_other_entry_is_refused() -> None:
    site, _n = texinfo_site()
    with pytest.raises(InductionError) as err:
        induce(
            [click(site, 11, _TOC.format(k=1)), click(site, 11, _TOC.format(k=3))],
            [click(site, 11, _TOC.format(k=2))],
            site,
            as_list=True,
        )
    assert "'not this'" in str(err.value)
    assert all(c.startswith("not ") for c in err.value.conflicts)


def test_a_list_on_the_examples_page_only_is_kept_with_a_not_this() -> None:
    # The only page with such a list (the other chapters' contents are menus of another
    # kind): a rule found on no other page is all there is, and the 'not this' click leaves
    # out a kind of entry (its class), not the examples' kind.
    site, _n = texinfo_site()
    for i, root in enumerate(site.trees):
        for ul in select_elements(root, "//ul[@class='section-toc']"):
            if i != 11:
                ul.set("class", "menu")
            else:
                ul[1].set("class", "ad")
    rules = induce(
        [click(site, 11, _TOC.format(k=1)), click(site, 11, _TOC.format(k=3))],
        [click(site, 11, _TOC.format(k=2))],
        site,
        as_list=True,
    )
    assert texts(site, 11, rules[0].xpath) == ["Topic 11.1", "Topic 11.3"]


def test_not_this_on_every_other_row_is_not_told_by_the_stripe() -> None:
    # 'Not this' on the second constructor of three: only the rows' stripe class tells it
    # from the first; that is no kind of entry, and the refusal names the click.
    site, _c, _m = javadoc_site()
    with pytest.raises(InductionError) as err:
        induce(
            [click(site, 2, _CTOR.format(k=1))],
            [click(site, 2, _CTOR.format(k=2))],
            site,
            as_list=True,
        )
    assert "'not this'" in str(err.value)
    assert err.value.conflicts and all(c.startswith("not ") for c in err.value.conflicts)


def test_methods_clicked_with_and_without_parameters_take_the_names_only() -> None:
    # A method with a parameter type link beside its name on page 1, one without on page 3:
    # the name column of the method summary, not its type column's links too (every cell
    # of the grid carries `method-summary-table`).
    site, _c, methods = javadoc_site()
    cell = "(//div[contains(@class,'method-summary-table') and contains(@class,'col-second')])"
    rules = induce(
        [click(site, 1, f"{cell}[2]/code/a[1]"), click(site, 3, f"{cell}[1]/code/a")],
        [],
        site,
        as_list=True,
    )
    for i in range(len(site.urls)):
        assert texts(site, i, rules[0].xpath) == methods[i], (i, rules[0].xpath)
