"""Correctness signals: a scalar rule selecting several nodes is counted as 'many' and flagged;
'items from several lists' is the same test as the induction's 'mixed'."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import site_signals

SITE = "docs.example"


def _page(i: int) -> Page:
    sections = "".join(f"<h2>Section {k} of page {i}</h2><p>Text {i}.{k}</p>" for k in range(6))
    return Page(
        f"https://{SITE}/p{i}.html",
        f"<html><body><h1>Page {i}</h1>{sections}</body></html>",
    )


def test_a_scalar_rule_on_six_nodes_counts_as_many_and_is_flagged() -> None:
    t = Template(
        "docs",
        site=SITE,
        fields=(Field("heading", xpaths=("//h2",)), Field("title", xpaths=("//h1",))),
    )
    sigs = {s.field: s for s in site_signals([_page(i) for i in range(5)], [t])}
    assert (sigs["heading"].one, sigs["heading"].many) == (0, 5)
    flags = [f["flag"] for f in sigs["heading"].to_dict()["flags"]]
    assert any("several nodes" in f for f in flags), flags
    assert (sigs["title"].one, sigs["title"].many) == (1 * 5, 0)


def test_several_nodes_is_flagged_with_the_pages_most_matched_first() -> None:
    # Page 3 has nine sections, the others six: it comes first among the pages to look at.
    pages = [_page(i) for i in range(5)]
    extra = "".join(f"<h2>Extra {k}</h2>" for k in range(3))
    pages[3] = Page(pages[3].url, pages[3].html.replace("</body>", extra + "</body>"))
    t = Template("docs", site=SITE, fields=(Field("heading", xpaths=("//h2",)),))
    sig = site_signals(pages, [t])[0]
    flag = next(f for f in sig.to_dict()["flags"] if "several nodes" in f["flag"])
    assert flag["pages"] == 5
    assert flag["look_at"][0] == pages[3].url
    assert sorted(flag["look_at"]) == sorted(p.url for p in pages)


def test_items_from_several_lists_is_the_inductions_test() -> None:
    """The signals flag a positional rule over a block of lists on every page and leave a
    table of contents with sub-lists alone, by the induction's own definition."""
    from deboiler_gui.engine.htmltree import parse_html
    from deboiler_gui.engine.template.induce import several_lists
    from deboiler_gui.engine.template.selectors import select_elements

    def side(i: int) -> Page:
        toc = "".join(
            f"<li><a href='#s{k}'>Section {i}.{k}</a>"
            + (f"<ul><li><a href='#s{k}a'>Sub {i}.{k}</a></li></ul>" if k == 1 else "")
            + "</li>"
            for k in range(1, 4)
        )
        other = "".join(f"<li><a href='/o{k}'>Other {k}</a></li>" for k in range(3))
        return Page(
            f"https://{SITE}/s{i}.html",
            f"<html><body><div class='side'><ul class='links'>{other}</ul><ul id='toc'>{toc}</ul></div></body></html>",
        )

    pages = [side(i) for i in range(4)]
    positional = "/html/body/div/ul/li/a"
    toc = "//ul[@id='toc']//a"
    t = Template(
        "docs",
        site=SITE,
        fields=(
            Field("mixed", xpaths=(positional,), is_list=True),
            Field("toc", xpaths=(toc,), is_list=True),
        ),
    )
    sigs = {s.field: s for s in site_signals(pages, [t])}
    assert len(sigs["mixed"].mixed) == 4 and not sigs["toc"].mixed
    flags = [f["flag"] for f in sigs["mixed"].to_dict()["flags"]]
    assert "items from several lists" in flags
    for p in pages:
        root = parse_html(p.html)
        assert several_lists(select_elements(root, positional))
        assert not several_lists(select_elements(root, toc))


def _api_page(i: int) -> Page:
    rows = "".join(
        f"<tr><td class='function_type'><a href='#T'>Type</a></td>"
        f"<td class='function_name'><a href='#f{k}'>f_{i}_{k}</a></td></tr>"
        for k in range(3 + i % 3)
    )
    nav = "".join(
        f"<td><a accesskey='{k}' href='/{k}{i}.html'><img src='{k}.png' alt='{k}'></a></td>"
        for k in "hupn"
    )
    return Page(
        f"https://{SITE}/api{i}.html",
        f"<html><body><table id='top'><tr>{nav}</tr></table>"
        f"<table class='api'><thead><tr><td class='function_type'>Returns</td>"
        f"<td class='function_name'><a href='#new'>new_{i}</a></td></tr></thead>"
        f"<tbody>{rows}</tbody></table></body></html>",
    )


def test_rows_of_one_table_are_one_list_and_items_without_text_are_flagged() -> None:
    t = Template(
        "api",
        site=SITE,
        fields=(
            Field(
                "functions",
                xpaths=("//table[@class='api']//tr/td[@class='function_name']/a",),
                is_list=True,
            ),
            Field("nav", xpaths=("//table[@id='top']/tr/td/a",), is_list=True),
        ),
    )
    sigs = {s.field: s for s in site_signals([_api_page(i) for i in range(6)], [t])}
    funcs = sigs["functions"].to_dict()
    assert funcs["mixed_pages"] == 0 and funcs["empty_item_pages"] == 0, funcs["flags"]
    assert funcs["flags"] == []
    nav = sigs["nav"].to_dict()
    assert nav["empty_item_pages"] == 6
    assert [f["flag"].split(" (")[0] for f in nav["flags"]] == ["items without text"]
    assert nav["mixed_pages"] == 0


def _nav_page(i: int) -> Page:
    nav = (
        f"<a href='p{i - 1}.html'>Page {i - 1}</a> <a href='index.html'>Up</a> "
        f"<a href='p{i + 1}.html'>Page {i + 1}</a>"
    )
    return Page(
        f"https://{SITE}/p{i}.html",
        f"<html><body><div class='top'>{nav}</div><div class='banner'><b>Welcome</b></div>"
        f"<h1>Page {i}</h1><p>Text {i}</p><div class='bottom'>{nav}</div></body></html>",
    )


def test_constant_links_and_header_footer_copies_are_not_flagged() -> None:
    # 'Up' has one text and one target on every page: constant by nature. The 'next' link is
    # in the header and the footer: two copies of one node, not several nodes. A rule landing
    # on a constant block that is no link ('Welcome') is still flagged, and so is one that
    # takes several different links.
    t = Template(
        "docs",
        site=SITE,
        fields=(
            Field("up", xpaths=("//div[@class='top']/a[2]",)),
            Field("next_href", xpaths=("//a[3]/@href",)),
            Field("title", xpaths=("//b",)),
            Field("any_link", xpaths=("//div[@class='top']/a",)),
        ),
    )
    sigs = {s.field: s for s in site_signals([_nav_page(i) for i in range(1, 13)], [t])}
    assert sigs["up"].to_dict()["flags"] == []
    assert sigs["next_href"].many == 0 and sigs["next_href"].to_dict()["flags"] == []
    assert any("one same value" in f["flag"] for f in sigs["title"].to_dict()["flags"])
    assert sigs["any_link"].many == 12


def test_a_field_equal_to_another_on_a_few_pages_is_flagged_with_them() -> None:
    # th[1] is the 'previous' text link, except on the first page (no previous): there it is
    # the 'Up' link, the up field's value.
    t = Template(
        "docs",
        site=SITE,
        fields=(
            Field("prev_text", xpaths=("//div[@class='top']/a[1]",)),
            Field("up_text", xpaths=("//div[@class='top']/a[normalize-space(.)='Up']",)),
        ),
    )
    pages = [_nav_page(i) for i in range(1, 13)]
    pages[0] = Page(pages[0].url, pages[0].html.replace("<a href='p0.html'>Page 0</a>", ""))
    sigs = {s.field: s for s in site_signals(pages, [t])}
    (flag,) = [f for f in sigs["prev_text"].to_dict()["flags"] if "while they differ" in f["flag"]]
    assert flag["pages"] == 1 and flag["look_at"] == [pages[0].url]
    assert "differ on 11" in flag["flag"]
    # The same told by values alone: 'Up', up_text's value on every page, is prev_text's on
    # one page only.
    (other,) = [f for f in sigs["prev_text"].to_dict()["flags"] if "value on most" in f["flag"]]
    assert other["look_at"] == [pages[0].url] and "'Up'" in other["flag"]


def test_far_more_items_than_entries_is_flagged_with_the_pages() -> None:
    """A contents of one line per entry whose rule takes each line's type links too: far more
    items than the lines they come from; the rule that takes one name per line is not flagged,
    nor a breadcrumb of several links in one parent."""

    def api(i: int) -> Page:
        lines = "".join(
            f"<pre>int <a href='#f{i}_{k}'>f{i}_{k}</a> (<a href='t.html#A'>A</a> a, "
            f"<a href='t.html#B'>B</a> b)</pre>"
            for k in range(4 + i % 3)
        )
        crumbs = "<p class='crumbs'><a href='/'>Home</a> <a href='/api'>API</a></p>"
        return Page(
            f"https://{SITE}/api{i}.html",
            f"<html><body>{crumbs}<div id='contents'>{lines}</div></body></html>",
        )

    t = Template(
        "api",
        site=SITE,
        fields=(
            Field("all_links", xpaths=("//div[@id='contents']/pre/a",), is_list=True),
            Field(
                "names",
                xpaths=("//div[@id='contents']/pre/a[starts-with(@href, '#')]",),
                is_list=True,
            ),
            Field("crumbs", xpaths=("//p[@class='crumbs']/a",), is_list=True),
        ),
    )
    pages = [api(i) for i in range(5)]
    sigs = {s.field: s for s in site_signals(pages, [t])}
    far = [f for f in sigs["all_links"].flags() if f["flag"].startswith("far more items")]
    assert len(far) == 1 and far[0]["pages"] == 5, sigs["all_links"].flags()
    assert "3.0 per parent" in far[0]["flag"]
    assert set(far[0]["look_at"]) == {p.url for p in pages}
    for fid in ("names", "crumbs"):
        assert not [f for f in sigs[fid].flags() if "far more" in f["flag"]], fid


def test_a_rule_pinned_to_a_row_whose_label_differs_is_flagged_with_the_pages() -> None:
    """A field learned as the second row of an info table; on the pages where a row is
    inserted above, the second row is another label's: flagged with those pages. The same
    table read through the label is not flagged."""
    from deboiler_gui.engine.template.model import SearchRules

    def info(i: int) -> Page:
        rows = [("Author", f"Writer {i}"), ("Date", f"2024-0{1 + i % 9}-1{i}"), ("Size", f"{i}k")]
        if i in (4, 6):
            rows.insert(0, ("Status", "draft"))
        body = "".join(f"<tr><th>{k}:</th><td>{v}</td></tr>" for k, v in rows)
        return Page(
            f"https://{SITE}/doc{i}.html",
            f"<html><body><table class='info'>{body}</table><p>Text {i}</p></body></html>",
        )

    pages = [info(i) for i in range(8)]
    learned = SearchRules(
        fingerprint={"samples": {pages[i].url: f"2024-0{1 + i}-1{i}" for i in range(3)}}
    )
    t = Template(
        "doc",
        site=SITE,
        fields=(
            Field("date", xpaths=("//table[@class='info']/tr[2]/td",), search=learned),
            Field("date_by_label", xpaths=("//tr[th='Date:']/td",)),
        ),
    )
    sigs = {s.field: s for s in site_signals(pages, [t])}
    pinned = [f for f in sigs["date"].flags() if f["flag"].startswith("pinned")]
    assert len(pinned) == 1, sigs["date"].flags()
    assert pinned[0]["pages"] == 2
    assert pinned[0]["look_at"] == [pages[4].url, pages[6].url]
    assert "'Author:'" in pinned[0]["flag"] and "'Date:'" in pinned[0]["flag"]
    assert not [f for f in sigs["date_by_label"].flags() if f["flag"].startswith("pinned")]


def test_a_value_another_field_has_on_most_pages_from_another_node_is_no_flag() -> None:
    # The first page's 'previous' link leads to the front page, as every page's 'Up' link
    # does: two links, one target; the 'previous' rule takes its own link there.
    t = Template(
        "docs",
        site=SITE,
        fields=(
            Field("prev_href", xpaths=("//div[@class='top']/a[1]/@href",)),
            Field("up_href", xpaths=("//div[@class='top']/a[normalize-space(.)='Up']/@href",)),
        ),
    )
    pages = [_nav_page(i) for i in range(1, 13)]
    pages[0] = Page(pages[0].url, pages[0].html.replace("href='p0.html'", "href='index.html'"))
    sigs = {s.field: s for s in site_signals(pages, [t])}
    assert not [f for f in sigs["prev_href"].to_dict()["flags"] if "value on most" in f["flag"]]
