"""A navigation link's fixed text ('← prev', 'next →' to each page's own neighbour) as a text
field is constant by nature: no "one same value" flag. A rule that takes another link where a
page has no previous page ('up', first in the bar there) is flagged with that page, whether
the field reads the link's text or its target (a rule ending on '/@href', or a rule giving
the link, the field reading its 'href'). A constant that is no navigation label is still
flagged: a text that is no link, or a link's text on links to a few targets only."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, SearchRules, Template
from deboiler_gui.engine.template.signals import site_signals

SITE = "ref.example"


def page(i: int) -> Page:
    prev = f"<a href='p{i - 1}.html'>← prev</a> " if i else ""
    return Page(
        f"https://{SITE}/p{i}.html",
        "<html><body><div class='navsettop'>"
        f"<span class='navleft'><a href='help{i % 2}.html'>help</a></span>"
        f"<span class='navright'>{prev}<a href='up{i // 4}.html'>up</a> "
        f"<a href='p{i + 1}.html'>next →</a></span></div>"
        f"<div class='brand'>Reference</div><h3>Section {i}</h3><p>Text {i}.</p></body></html>",
    )


BAR = "//span[@class='navright']/a"


def _flags(fields: tuple[Field, ...], pages: list[Page]) -> dict[str, list[str]]:
    t = Template("ref", site=SITE, fields=fields, use_cleaner=False)
    return {s.field: [f["flag"] for f in s.to_dict()["flags"]] for s in site_signals(pages, [t])}


def test_a_navigation_label_is_no_one_same_value_and_other_constants_are() -> None:
    pages = [page(i) for i in range(1, 17)]
    got = _flags(
        (
            Field("next_text", xpaths=(f"{BAR}[normalize-space(.)='next →']",)),
            Field("prev_text", xpaths=(f"{BAR}[normalize-space(.)='← prev']",)),
            # the site's name on every page, no link: still flagged
            Field("title", xpaths=("//div[@class='brand']",)),
            # one label on links to two targets only: a block, not each page's own link
            Field("help", xpaths=("//span[@class='navleft']/a",)),
        ),
        pages,
    )
    assert got["next_text"] == [] and got["prev_text"] == [], got
    assert any(f.startswith("one same value on 16 of 16") for f in got["title"]), got
    assert any(f.startswith("one same value on 16 of 16") for f in got["help"]), got


def test_a_label_taken_by_a_field_learned_with_other_values_is_flagged() -> None:
    # The field was learned with values of each page's own (its titles): one same link label
    # on every page now is the rule landing on a link, not a navigation label it was made for.
    pages = [page(i) for i in range(1, 17)]
    learned = {"samples": {pages[2].url: "Section 3", pages[5].url: "Section 6"}}
    fld = Field(
        "title",
        xpaths=(f"{BAR}[normalize-space(.)='next →']",),
        search=SearchRules(fingerprint=learned),
    )
    got = _flags((fld,), pages)
    assert any(f.startswith("one same value on 16 of 16") for f in got["title"]), got


def test_another_link_where_a_page_has_no_previous_page_is_flagged_with_it() -> None:
    pages = [page(i) for i in range(16)]  # p0 has no previous page: 'up' is first
    got = _flags(
        (
            Field("prev_text", xpaths=(f"{BAR}[1]",)),
            Field("prev_href", xpaths=(f"{BAR}[1]",), kind="attribute", attribute="href"),
            Field("prev_target", xpaths=(f"{BAR}[1]/@href",)),
        ),
        pages,
    )
    for fid in ("prev_text", "prev_href", "prev_target"):
        (flag,) = [f for f in got[fid] if "the link's text is 'up'" in f]
        assert flag.startswith("on 1 of 16 pages"), (fid, flag)
        assert "'← prev'" in flag, flag
    t = Template("ref", site=SITE, fields=(Field("prev_text", xpaths=(f"{BAR}[1]",)),))
    (sig,) = site_signals(pages, [t])
    (flag,) = [f for f in sig.to_dict()["flags"] if "'up'" in f["flag"]]
    assert flag["look_at"] == [pages[0].url]


def sign_page(i: int, targets: int = 0) -> Page:
    """The zsh manual's bar: '<' and '>' links to each page's own neighbours (to one of
    ``targets`` pages when given: no page's own link)."""
    prev_to = f"p{i % targets}.html" if targets else f"p{i - 1}.html"
    return Page(
        f"https://{SITE}/p{i}.html",
        "<html><body><table class='header'><tr>"
        f"<td>[<a href='{prev_to}' title='Previous section'>&lt;</a>]</td>"
        f"<td>[<a href='p{i + 1}.html' title='Next section'>&gt;</a>]</td>"
        f"<td>[<a href='index.html' title='Up section'>Up</a>]</td>"
        f"</tr></table><h1>Section {i}</h1><p>Text {i}.</p></body></html>",
    )


def test_a_navigation_label_of_signs_alone_is_no_one_same_value_in_the_cli_and_the_app() -> None:
    from deboiler_gui.app.fieldcheck import check_template
    from deboiler_gui.engine.template.signals import page_tree

    pages = [sign_page(i) for i in range(1, 27)]
    fields = (
        Field("prev_text", xpaths=("//a[@title='Previous section']",)),
        Field("next_text", xpaths=("//a[@title='Next section']",)),
    )
    got = _flags(fields, pages)
    assert got == {"prev_text": [], "next_text": []}, got
    # the app's Check column judges the same pages alike (the same signals)
    t = Template("ref", site=SITE, fields=fields, use_cleaner=False)
    check = check_template([(p.url, page_tree(p)) for p in pages], t, site_pages=len(pages))
    assert {f: c.verdict() for f, c in check.fields.items()} == {
        "prev_text": "",
        "next_text": "",
    }
    # '<' on links to two pages only: a block's fixed sign, flagged in both
    few = [sign_page(i, targets=2) for i in range(1, 27)]
    assert any(f.startswith("one same value on 26 of 26") for f in _flags(fields, few)["prev_text"])
    check = check_template([(p.url, page_tree(p)) for p in few], t, site_pages=len(few))
    assert check.fields["prev_text"].verdict() == "⚠ one same value"


def parent_page(i: int, parents: int) -> Page:
    """ocamldoc's bar: 'Previous' and 'Next' to each page's own neighbours, 'Up' to the
    module the page is part of (one of ``parents``, shared by its sibling pages)."""
    return Page(
        f"https://{SITE}/m{i}.html",
        "<html><body><div class='navbar'>"
        f"<a class='pre' href='m{i - 1}.html'>Previous</a> "
        f"<a class='up' href='parent{i % parents}.html'>Up</a> "
        f"<a class='post' href='m{i + 1}.html'>Next</a></div>"
        f"<h1>Module M{i}</h1><p>Text {i}.</p></body></html>",
    )


def test_an_up_label_to_each_pages_parent_is_a_navigation_label() -> None:
    # 'Up' leads to the module around the page: 12 parents shared by 60 pages (5 siblings
    # each) are far fewer targets than pages, yet each page's own link.
    fields = (
        Field("prev_text", xpaths=("//a[@class='pre']",)),
        Field("up_text", xpaths=("//a[@class='up']",)),
        Field("next_text", xpaths=("//a[@class='post']",)),
    )
    got = _flags(fields, [parent_page(i, 12) for i in range(1, 61)])
    assert got == {"prev_text": [], "up_text": [], "next_text": []}, got
    # 'Up' to one of three pages only: a block's fixed link, still flagged
    few = _flags(fields, [parent_page(i, 3) for i in range(1, 61)])
    assert any(f.startswith("one same value on 60 of 60") for f in few["up_text"]), few
