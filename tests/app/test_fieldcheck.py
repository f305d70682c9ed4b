"""The workbench's check of field rules over sample pages: a rule whose items come from several
lists or whose item count varies wildly is flagged with the pages to look at, a good rule is
not, and the value preview shows each rule's values per page with the flagged pages first."""

from __future__ import annotations

from deboiler_gui.app.fieldcheck import check_template, show_value, spread
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.model import Field, Template


def page(i: int) -> str:
    toc = "".join(f"<li><a href='#s{k}'>Section {i}.{k}</a></li>" for k in range(1, 3 + i % 2))
    links = "".join(f"<li><a href='/o{k}'>Other {k}</a></li>" for k in range(3))
    # Every ninth page has a huge table of contents: an item count that varies wildly.
    if i % 9 == 4:
        toc = "".join(f"<li><a href='#s{k}'>Section {i}.{k}</a></li>" for k in range(60))
    return f"""<html><body><div class='side'><ul class='links'>{links}</ul>
    <ul id='toc'>{toc}</ul></div><div class='main'><h1>Title {i}</h1></div></body></html>"""


PAGES = [(f"https://s.example/p{i}.html", parse_html(page(i))) for i in range(30)]
TEMPLATE = Template(
    "docs",
    fields=(
        Field("title", xpaths=("//div[@class='main']/h1",)),
        Field("toc_positional", xpaths=("/html/body/div[1]/ul/li/a",), is_list=True),
        Field("toc", xpaths=("//ul[@id='toc']/li/a",), is_list=True),
    ),
)


def test_items_from_several_lists_are_flagged_with_pages_to_look_at() -> None:
    check = check_template(PAGES, TEMPLATE)
    positional = check.fields["toc_positional"]
    texts = [f.text for f in positional.flags]
    assert any("several lists" in t for t in texts)
    mixed = next(f for f in positional.flags if "several lists" in f.text)
    assert mixed.pages == 30 and mixed.look_at and mixed.look_at[0] in dict(PAGES)
    assert positional.summary().startswith("⚠ the rule takes items from several lists on 30 of 30")
    assert "look at https://s.example/" in positional.details()
    assert check.fields["title"].flags == ()
    assert check.fields["title"].summary() == ""


def test_a_contents_list_that_grows_with_its_page_is_not_flagged_as_varying() -> None:
    # Every ninth page has a contents list of 60 entries, in the same `ul#toc` as the others:
    # the list's real length, not items taken from elsewhere.
    toc = check_template(PAGES, TEMPLATE).fields["toc"]
    assert not [f for f in toc.flags if "varies wildly" in f.text], toc.flags
    assert toc.items is not None and toc.items[2] == 60


def test_a_wildly_varying_item_count_from_another_list_points_at_the_big_pages() -> None:
    # Without a contents list the last list of the sidebar is a 60-entry index: the rule
    # `ul[last()]` takes it there.
    def side(i: int) -> str:
        toc = "".join(f"<li><a href='#s{k}'>Section {i}.{k}</a></li>" for k in range(1, 3 + i % 2))
        lists = f"<ul id='toc'>{toc}</ul>"
        if i % 9 == 4:
            lists = (
                "<ul class='index'>"
                + "".join(f"<li><a href='/i{k}'>Entry {k}</a></li>" for k in range(60))
                + "</ul>"
            )
        return f"<html><body><div class='side'>{lists}</div><h1>Title {i}</h1></body></html>"

    pages = [(f"https://s.example/q{i}.html", parse_html(side(i))) for i in range(30)]
    last = Template(
        "docs",
        fields=(Field("toc", xpaths=("//div[@class='side']/ul[last()]/li/a",), is_list=True),),
    )
    toc = check_template(pages, last).fields["toc"]
    assert toc.verdict() == "⚠ item count varies"
    wild = [f for f in toc.flags if "varies wildly" in f.text]
    assert len(wild) == 1, toc.flags
    big = {f"https://s.example/q{n}.html" for n in (4, 13, 22)}
    assert set(wild[0].look_at) == big and wild[0].pages == 3


def test_the_preview_shows_values_per_page_with_flagged_pages_first() -> None:
    check = check_template(PAGES, TEMPLATE, rows=8)
    preview = check.preview
    assert preview.fields == ("title", "toc_positional", "toc")
    assert len(preview.rows) == 8
    assert len({r.url for r in preview.rows}) == 8
    first = preview.rows[0]
    assert any(first.flagged)
    for row in preview.rows:
        n = int(row.url.rsplit("p", 1)[1].split(".")[0])
        assert row.cells[0] == f"Title {n}"
        want = 60 if n % 9 == 4 else 2 + n % 2
        assert row.cells[2].startswith(f"{want}: Section {n}.")
        # The positional rule mixes the three links of the other list into every page.
        assert row.cells[1].startswith(f"{want + 3}: Other 0 | Other 1 | Other 2 | Section")


def test_values_are_shown_on_one_short_line() -> None:
    assert show_value(None, False) == "—"
    assert show_value([], True) == "—"
    assert show_value(["a ", " b"], True) == "2: a | b"
    long = show_value("x" * 500, False)
    assert len(long) == 90 and long.endswith("…")
    assert spread(list(range(10)), 5) == [0, 2, 4, 6, 8]


def test_a_table_of_contents_with_sub_lists_under_several_entries_is_one_list() -> None:
    def toc_page(i: int) -> str:
        subs = "".join(
            f"<li><a href='#s{k}'>S{k}</a><ul><li><a href='#s{k}a'>S{k}a</a></li>"
            f"<li><a href='#s{k}b'>S{k}b</a></li></ul></li>"
            for k in range(3)
        )
        return f"<html><body><h1>T{i}</h1><ul id='toc'>{subs}</ul><ul class='x'><li><a>X</a></li></ul></body></html>"

    pages = [(f"https://t.example/{i}.html", parse_html(toc_page(i))) for i in range(8)]
    template = Template(
        "t",
        fields=(
            Field("toc", xpaths=("//ul[@id='toc']//a",), is_list=True),
            Field("all", xpaths=("//body//ul//a",), is_list=True),
        ),
    )
    check = check_template(pages, template)
    assert check.fields["toc"].flags == ()
    assert any("several lists" in f.text for f in check.fields["all"].flags)


def test_a_positional_list_wrong_on_two_of_three_pages_is_not_shown_as_right() -> None:
    def side(i: int) -> str:
        toc = "".join(f"<li><a href='#s{k}'>Section {i}.{k}</a></li>" for k in range(3))
        more = "".join(f"<li><a href='/m{k}'>More {k}</a></li>" for k in range(4))
        lists = f"<ul>{toc}</ul>" + (f"<ul>{more}</ul>" if i else "")
        return f"<html><body><div class='side'>{lists}</div><h1>T{i}</h1></body></html>"

    pages = [(f"https://s.example/q{i}.html", parse_html(side(i))) for i in range(3)]
    t = Template("d", fields=(Field("toc", xpaths=("/html/body/div/ul/li/a",), is_list=True),))
    check = check_template(pages, t).fields["toc"]
    assert check.summary() == "⚠ the rule takes items from several lists on 2 of 3 pages"


def test_a_contents_list_that_grows_with_its_page_is_not_a_wild_count() -> None:
    """A table of contents with sub-lists: long pages have many sections and many entries
    (3 to 90), the same share of the page; a rule that lands on a long menu on a few pages of
    the usual size is still flagged."""

    def doc(i: int) -> str:
        n = 3 if i % 10 else 90  # every tenth page is long
        toc = "".join(
            f"<li><a href='#s{k}'>S{k}</a><ul><li><a href='#s{k}a'>S{k}a</a></li></ul></li>"
            for k in range(n)
        )
        body = "".join(
            f"<h2 id='s{k}'>S{k}</h2><p>text</p><h3>S{k}a</h3><p>t</p>" for k in range(n)
        )
        menu = "".join(f"<li><a href='/m{k}'>M{k}</a></li>" for k in range(80))
        side = f"<ul class='toc'>{toc}</ul>" if i % 7 != 3 else f"<ul class='toc'>{menu}</ul>"
        return f"<html><body><div class='side'>{side}</div><div class='main'>{body}</div></body></html>"

    pages = [(f"https://s.example/d{i}.html", parse_html(doc(i))) for i in range(40)]
    t = Template("d", fields=(Field("toc", xpaths=("//ul[@class='toc']//a",), is_list=True),))
    wild = [f for f in check_template(pages, t).fields["toc"].flags if "wildly" in f.text]
    assert len(wild) == 1
    # the pages where the rule took the menu, not the long pages with their long contents
    assert set(wild[0].look_at) <= {f"https://s.example/d{i}.html" for i in range(40) if i % 7 == 3}
    assert wild[0].pages == sum(1 for i in range(40) if i % 7 == 3 and i % 10)


def test_a_rule_pinned_to_a_row_is_flagged_in_the_check_with_its_pages() -> None:
    """The rules panel's check shows the 'pinned to a position' flag: the second row of an
    info table is another label's on the pages with a row inserted above."""

    def info(i: int) -> str:
        rows = [("Author", f"W{i}"), ("Date", f"D{i}"), ("Size", f"{i}k")]
        if i % 5 == 0:
            rows.insert(0, ("Status", "draft"))
        body = "".join(f"<tr><th>{k}:</th><td>{v}</td></tr>" for k, v in rows)
        return f"<html><body><table class='info'>{body}</table></body></html>"

    pages = [(f"https://i.example/d{i}.html", parse_html(info(i))) for i in range(10)]
    tpl = Template("info", fields=(Field("date", xpaths=("//table[@class='info']/tr[2]/td",)),))
    check = check_template(pages, tpl).fields["date"]
    assert check.summary().startswith("⚠ pinned to position tr[2]: on 2 pages"), check.summary()
    assert "look at https://i.example/d0.html" in check.details()
    assert "look at https://i.example/d5.html" in check.details()


def test_a_rule_with_values_on_some_pages_only_is_no_fault_unless_a_signal_says_so() -> None:
    # The huge contents block is on 3 of 30 pages (4, 13, 22): the field is there only. Where
    # it has values, and that the page shown has none, is information, not a verdict.
    t = Template(
        "docs", fields=(Field("big", xpaths=("//ul[@id='toc'][count(li) > 50]/li[1]/a",)),)
    )
    big = check_template(PAGES, t).fields["big"]
    assert (big.hit, big.pages, big.flags) == (3, 30, ())
    assert big.summary() == big.verdict() == ""
    assert big.note() == "a value on 3 of 30 sample pages"
    assert big.note(here=False) == "no value on this page (a value on 3 of 30 sample pages)"
    title = check_template(PAGES, TEMPLATE).fields["title"]
    assert title.summary() == title.note() == title.note(here=True) == ""
    assert title.note(here=False).startswith("no value on this page")


def chapter(i: int) -> str:
    """DocBook: the chapter pages (every eighth) open with a nested contents list `dl.toc`,
    the reference pages have none; every page has a navigation header."""
    toc = ""
    if i % 8 == 0:
        sub = "".join(
            f"<dt><a href='c{i}_1_{k}.html'>Advanced\nlookups {k}</a></dt>" for k in range(2)
        )
        toc = (
            "<div class='toc'><p><b>Table of Contents</b></p><dl class='toc'>"
            f"<dt><a href='c{i}_1.html'>Part {i}.1</a></dt><dd><dl>{sub}</dl></dd>"
            f"<dt><a href='c{i}_2.html'>Part {i}.2</a></dt></dl></div>"
        )
    return (
        f"<html><body><div class='navheader'><a accesskey='p' href='p{i}.html'>Prev</a></div>"
        f"<div class='chapter'><h2 class='title'>Page {i}</h2>{toc}<p>Text {i}.</p></div>"
        "</body></html>"
    )


def test_a_contents_list_on_the_chapters_only_looks_right() -> None:
    # Right on every page: items on the 3 chapters of 24, none on the reference pages.
    pages = [(f"https://b.example/c{i}.html", parse_html(chapter(i))) for i in range(24)]
    tpl = Template(
        "book",
        fields=(
            Field("toc", xpaths=("(//dl[@class='toc'])[1]//a",), is_list=True),
            Field("title", xpaths=("//h2[@class='title']",)),
        ),
    )
    check = check_template(pages, tpl)
    toc = check.fields["toc"]
    assert (toc.hit, toc.pages, toc.flags) == (3, 24, ()), toc.flags
    assert toc.summary() == toc.verdict() == "" and check.flagged() == []
    assert toc.note(here=False) == "no value on this page (a value on 3 of 24 sample pages)"
    # Its items in the preview on one line each: the source's line break inside a link is a
    # space there.
    cells = [r.cells[0] for r in check.preview.rows if r.cells[0] != "—"]
    assert cells and all("\n" not in c for c in cells)
    assert any("Advanced lookups 0" in c for c in cells)


def test_a_rule_with_no_value_on_any_sample_page_is_flagged() -> None:
    tpl = Template("book", fields=(Field("gone", xpaths=("//div[@class='nothere']",)),))
    gone = check_template(PAGES, tpl).fields["gone"]
    assert gone.verdict() == "⚠ no value anywhere"
    assert gone.summary().startswith("⚠ no value on 30 pages, every page looked at")


def test_a_title_rule_missing_a_kind_of_page_names_those_pages_in_the_check() -> None:
    """Class pages title `main/h1.class`, module pages the same `h1` as `h1.module`: the
    rules panel's check says the class rule misses the module pages, which it names."""

    def api(i: int) -> str:
        kind = "module" if i % 3 == 0 else "class"
        return (
            "<html><body><nav role='navigation'><h3>Methods</h3></nav><main role='main'>"
            f"<h1 class='{kind}'>{kind} T{i}</h1><p>about {i}</p></main></body></html>"
        )

    pages = [(f"https://a.example/t{i}.html", parse_html(api(i))) for i in range(15)]
    tpl = Template("api", fields=(Field("title", xpaths=("//h1[contains(@class,'class')]",)),))
    check = check_template(pages, tpl).fields["title"]
    assert check.summary().startswith("⚠ no value on 5 pages where the node at the rule's place")
    assert "look at https://a.example/t0.html" in check.details()


def test_a_verdict_says_the_first_flag_in_a_few_words() -> None:
    """The rules panel's Check cell: the first flag in a few words ("⚠ several lists"), the
    sentence and every flag's pages to look at in the tooltip."""
    check = check_template(PAGES, TEMPLATE).fields
    positional = check["toc_positional"]
    assert positional.verdict() == "⚠ several lists"
    # a right contents list whose real length varies (every ninth page's is huge) looks right
    assert check["toc"].verdict() == ""
    assert check["title"].verdict() == ""
    for field in check.values():  # short enough for a narrow column
        assert len(field.verdict()) <= 26, field.verdict()


def test_every_flag_of_the_signals_has_its_few_words() -> None:
    from deboiler_gui.app.fieldcheck import short_flag

    assert short_flag("several nodes match on many pages (the first is taken)") == "several nodes"
    assert (
        short_flag(
            "items from differently labelled lists ('Namespaces' on 7, 'Classes' on 5 pages): "
            "the rule takes another list where a page has no 'Namespaces' list?"
        )
        == "lists of other labels"
    )
    assert (
        short_flag("items from table rows of different shapes (rows whose cells are ...)")
        == "rows of two shapes"
    )
    assert (
        short_flag("items from several columns of one row (on the other pages each row ...)")
        == "several columns"
    )
    assert short_flag("values equal field 'title' on 1 page") == "equals 'title'"
    assert (
        short_flag(
            "values equal field 'title' on 374 of 684 pages, where its node is field "
            "'title''s (h1); elsewhere (310 pages) it takes another node: 'Contents' (h3) on "
            "310: the wrong node there?"
        )
        == "equals 'title'"
    )
    assert (
        short_flag(
            "on 3 of 265 pages the link's text is 'Obsolete members', not 'List of all "
            "members' as on the example pages (262 pages): another link there?"
        )
        == "another link"
    )
    assert (
        short_flag(
            "duplicate of field 'related': its values equal that field's on 20 of 20 pages "
            "where both have values, taken from the same nodes (keep one of the two)"
        )
        == "duplicate of 'related'"
    )
    assert (
        short_flag("on 3 of 4 pages the value is field 'title''s value with more text: x?")
        == "'title' + more text"
    )
    assert (
        short_flag("on 2 pages the value is 'Up', field 'up''s value on most pages: x?")
        == "'up''s value"
    )
    assert short_flag("one same value on 9 of 9 pages: 'x'") == "one same value"
    assert (
        short_flag(
            "no value on 38 pages where the node at the rule's place exists (/html/body/h1,"
            " same tag and role): the rule misses a kind of page?"
        )
        == "misses 38 pages"
    )
    assert (
        short_flag(
            "no value on 1 page where the node at the rule's place exists (/html/body/h1,"
            " same tag and role): the rule misses a kind of page?"
        )
        == "misses 1 page"
    )
    assert (
        short_flag("nodes like the items, beside them, are not taken on 23 pages (up to 115)")
        == "like nodes left out"
    )
    assert (
        short_flag("takes one level of a nested list: on 12 pages entries like the items …")
        == "one level of a tree"
    )
    assert (
        short_flag("on 4 pages a heading of a higher rank (h1 on 4) comes before the rule's …")
        == "under an h1"
    )
    assert (
        short_flag("no value on 10 pages whose top heading is of a higher rank (h1 on 10) …")
        == "misses h1 titles"
    )
    assert (
        short_flag(
            "empty where its anchor is: on 13 pages //div[@id='parent-class-section'] holds "
            "text but the rule finds nothing in it (…)"
        )
        == "empty in its block"
    )
    assert (
        short_flag("no value on 262 pages whose top heading is of a lower rank (h3 on 233) …")
        == "misses h3 titles"
    )
    assert (
        short_flag("an item 'Top' links to its own page's top on 12 pages (of 12 with a list)")
        == "top-of-page link"
    )
    # a long field name is cut in the few words (whole in the sentence)
    assert (
        short_flag("on 3 of 4 pages the value is field 'qualified_name''s value with more text")
        == "'qualified…' + more text"
    )
    assert short_flag("a new kind of flag: with a reason") == "a new kind of flag"


def _headed(i: int, missed: set[int]) -> str:
    kind = "module" if i in missed else "class"
    return (
        "<html><body><nav role='navigation'><h3>Methods</h3></nav><main role='main'>"
        f"<h1 class='{kind}'>{kind} T{i}</h1><p>about {i}</p></main></body></html>"
    )


def test_a_site_at_hand_is_checked_whole_so_the_first_count_is_the_last() -> None:
    """100 pages, all parsed, two of them (next to each other) missed by the title rule: a
    sample of 80 spread over them held one of the two, and the Check column said "misses 1
    page" until the check over the site said 2. With every page at hand the first answer is
    over the site, with the site's count."""
    missed = {3, 4}
    assert len([i for i in spread(range(100), 80) if i in missed]) == 1  # what a sample holds
    pages = [
        (f"https://a.example/t{i:03}.html", parse_html(_headed(i, missed))) for i in range(100)
    ]
    tpl = Template("api", fields=(Field("title", xpaths=("//h1[contains(@class,'class')]",)),))
    check = check_template(list(reversed(pages)), tpl, site_pages=100)
    assert check.over_site and check.pages == 100
    title = check.fields["title"]
    assert title.verdict() == "⚠ misses 2 pages"
    assert title.flags[0].look_at[:2] == (
        "https://a.example/t003.html",
        "https://a.example/t004.html",
    )
    # a larger site, or pages that are not all of it: a sample first, the site after
    assert not check_template(pages, tpl, site_pages=101).over_site
    assert check_template(pages, tpl, site_pages=101).pages == 80
