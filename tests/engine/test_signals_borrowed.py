"""Signals that catch wrong rules the hit rates call fine: a sidebar list rule that takes the
navigation block on pages without a contents block (its items are the previous and next
links' texts), a title rule whose block holds the breadcrumb too, and a position in the whole
page that lands in another section from page to page; the right rules get none of these."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import site_signals

SITE = "docs.example"
NAMES = ["Install", "Quickstart", "Tutorial", "Templates", "Testing", "Errors", "Logging", "Config"]


def sphinx(i: int) -> Page:
    """A Sphinx-like page: the sidebar's first list is its contents block on most pages; the
    pages without one (every fourth) have only the navigation block: the overview, the
    breadcrumb's parent, the previous and the next page."""
    title = NAMES[i]
    prev, nxt = NAMES[i - 1] if i else "", NAMES[(i + 1) % len(NAMES)]
    nav = (
        "<h3>Navigation</h3><ul><li><a href='index.html'>Overview</a><ul>"
        "<li><a href='guide.html'>User Guide</a><ul>"
        + (f"<li>Previous: <a href='p{i - 1}.html'>{prev}</a></li>" if prev else "")
        + f"<li>Next: <a href='p{i + 1}.html'>{nxt}</a></li></ul></li></ul></li></ul>"
    )
    contents = (
        f"<h3>Contents</h3><ul><li><a href='#'>{title}</a><ul>"
        + "".join(f"<li><a href='#s{k}'>Part {k} of {title}</a></li>" for k in range(3))
        + "</ul></li></ul>"
    )
    side = nav if i % 4 == 3 else contents + nav
    related = (
        "<div class='related'><ul><li class='nav-item'><a href='index.html'>Docs</a></li>"
        f"<li class='nav-item'><a href='guide.html'>User Guide</a></li>"
        f"<li class='nav-item'><a href='#'>{title}</a></li></ul>"
        + (f"<a title='previous chapter' href='p{i - 1}.html'>{prev}</a>" if prev else "")
        + f"<a title='next chapter' href='p{i + 1}.html'>{nxt}</a></div>"
    )
    return Page(
        f"https://{SITE}/p{i}.html",
        f"<html><body>{related}<div class='body'><h1>{title}</h1><p>Text of {title}.</p></div>"
        f"<div class='sidebar'>{side}</div></body></html>",
    )


def sphinx_template(toc: str) -> Template:
    return Template(
        "docs",
        site=SITE,
        fields=(
            Field("title", xpaths=("//div[@class='body']/h1",)),
            Field("prev_text", xpaths=("//a[@title='previous chapter']",)),
            Field("next_text", xpaths=("//a[@title='next chapter']",)),
            Field("breadcrumb", xpaths=("//li[@class='nav-item']/a",), is_list=True),
            Field("toc", xpaths=(toc,), is_list=True),
        ),
        use_cleaner=False,
    )


def flags(pages: list[Page], t: Template) -> dict[str, list[dict[str, object]]]:
    return {s.field: s.flags() for s in site_signals(pages, [t])}


def test_a_list_taking_other_fields_values_on_some_pages_is_flagged() -> None:
    pages = [sphinx(i) for i in range(8)]
    wrong = flags(pages, sphinx_template("//div[@class='sidebar']/ul[1]//a"))
    borrowed = [f for f in wrong["toc"] if "other fields' values" in str(f["flag"])]
    assert borrowed, wrong["toc"]
    assert borrowed[0]["look_at"] == [f"https://{SITE}/p3.html", f"https://{SITE}/p7.html"]
    assert "'prev_text'" in str(borrowed[0]["flag"]) and "'next_text'" in str(borrowed[0]["flag"])
    # The right rule, and the breadcrumb beside it (its last item is the title on every
    # page, its parent the previous page's text on the first child), get no flag.
    right = flags(pages, sphinx_template("//h3[.='Contents']/following-sibling::ul[1]//a"))
    assert not any("other fields' values" in str(f["flag"]) for fl in right.values() for f in fl)
    assert not right["breadcrumb"] and not right["title"], right


def doxygen(i: int, kinds: list[str]) -> Page:
    """A Doxygen-like group page: the title block holds the breadcrumb's trail; the member
    table has a heading row per kind of member (macros first on some pages)."""
    rows = ""
    for kind in kinds:
        rows += f"<tr class='heading'><td colspan='2'><h2>{kind}</h2></td></tr>"
        rows += "".join(
            f"<tr><td class='left'>int</td><td class='right'><a class='el' href='#{kind}{k}'>"
            f"{kind.lower()}_{i}_{k}</a> (void)</td></tr>"
            for k in range(3)
        )
    return Page(
        f"https://{SITE}/group{i}.html",
        f"<html><body><div class='header'><div class='title'>Group number {i}"
        f"<div class='ingroups'><a class='el' href='top.html'>Public API</a></div></div></div>"
        f"<table class='members'>{rows}</table></body></html>",
    )


def test_a_title_with_the_breadcrumb_glued_on_is_flagged() -> None:
    pages = [doxygen(i, ["Functions"]) for i in range(6)]

    def template(title: str) -> Template:
        return Template(
            "dox",
            site=SITE,
            fields=(
                Field("title", xpaths=(title,)),
                Field("breadcrumb", xpaths=("//div[@class='ingroups']/a",), is_list=True),
            ),
            use_cleaner=False,
        )

    wrong = flags(pages, template("//div[@class='title']"))
    glued = [f for f in wrong["title"] if "'breadcrumb''s value with more text" in str(f["flag"])]
    assert glued and glued[0]["pages"] == 6, wrong["title"]
    right = flags(pages, template("//div[@class='title']/text()[normalize-space()][1]"))
    assert all(not fl for fl in right.values()), right


def test_a_position_in_the_whole_page_in_another_section_from_page_to_page_is_flagged() -> None:
    pages = [doxygen(i, ["Macros", "Functions"] if i % 2 else ["Functions"]) for i in range(8)]
    pages += [doxygen(i, ["Typedefs", "Functions"]) for i in range(8, 11)]

    def template(xp: str) -> Template:
        return Template(
            "dox",
            site=SITE,
            fields=(Field("functions", xpaths=(xp,), is_list=True),),
            use_cleaner=False,
        )

    wrong = flags(pages, template("(//td[@class='right'])[2]/a[@class='el']"))["functions"]
    pinned = [f for f in wrong if "whole page" in str(f["flag"])]
    assert pinned, wrong
    assert "under 'Functions' on 4" in str(pinned[0]["flag"]), pinned
    right = flags(
        pages,
        template("//tr[td/h2='Functions']/following-sibling::tr/td[@class='right']/a"),
    )
    assert not right["functions"], right
