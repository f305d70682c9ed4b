"""A title field whose rule takes one node per page but, on some pages, the wrong text: the
value is the page's own name on nearly every page (its `<title>` less the site's name, its
og:title, its first `h1`), and on a few pages another text while the page names itself in its
title and heading alike. Those pages are flagged by name; a field that is legitimately unlike
the page's title (a section, on every page), or a page whose names do not agree, is not.

The site: a shop's reviews, each page with a breadcrumb `Home › Reviews › <the review's
name>`, the title field read as the breadcrumb's last entry. Three reviews moved to an archive
section whose breadcrumb stops at 'Archive': one node there too, the section's name."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import site_signals

SITE = "reviews.example"
THINGS = ["kettle", "toaster", "blender", "lamp", "chair", "desk", "radio", "clock", "fan"]
CRUMB = "//ol[@class='crumbs']/li[last()]"
SECTION = "//ol[@class='crumbs']/li[2]"
ARCHIVED = (4, 11, 19)


def review(i: int, *, og: bool = True, h1: bool = True) -> Page:
    name = f"The {THINGS[i % len(THINGS)]} {i} reviewed"
    archived = i in ARCHIVED
    crumbs = ["Home", "Archive"] if archived else ["Home", "Reviews", name]
    meta = f"<meta property='og:title' content='{name}'>" if og else ""
    heading = f"<h1>{name}</h1>" if h1 else f"<p class='lead'>{name}</p>"
    return Page(
        f"https://{SITE}/reviews/{i}.html",
        f"<html><head><title>{name} | Shop Reviews</title>{meta}</head><body>"
        "<div class='top'><a href='/'>Shop Reviews</a></div>"
        f"<ol class='crumbs'>{''.join(f'<li>{c}</li>' for c in crumbs)}</ol>"
        f"<main>{heading}<p>We tried the {THINGS[i % len(THINGS)]} for a week.</p></main>"
        "</body></html>",
    )


def flags_of(pages: list[Page], *fields: Field) -> dict[str, list[dict[str, object]]]:
    t = Template("reviews", site=SITE, fields=fields, use_cleaner=False)
    return {s.field: s.flags() for s in site_signals(pages, [t], preview=0)}


def name_flags(flags: list[dict[str, object]]) -> list[dict[str, object]]:
    return [f for f in flags if "not the page's own name" in str(f["flag"])]


def test_the_pages_where_the_title_takes_a_section_are_flagged_by_name() -> None:
    pages = [review(i) for i in range(24)]
    (flag,) = name_flags(flags_of(pages, Field("title", xpaths=(CRUMB,)))["title"])
    assert flag["pages"] == 3
    assert flag["look_at"] == [f"https://{SITE}/reviews/{i}.html" for i in ARCHIVED]
    assert str(flag["flag"]).startswith(
        f"not the page's own name on 3 pages where the rule takes one node ('Archive' on "
        f"https://{SITE}/reviews/4.html, which names itself 'The chair 4 reviewed' in its title "
        "and heading), while its value is the page's name on 21 of 24 pages"
    )


def test_the_title_and_the_og_title_alone_tell_the_name() -> None:
    # no heading holds the name (a lead paragraph does): the title and the og:title agree
    pages = [review(i, h1=False) for i in range(24)]
    (flag,) = name_flags(flags_of(pages, Field("title", xpaths=(CRUMB,)))["title"])
    assert flag["pages"] == 3


def test_no_flag_where_nothing_else_names_the_page() -> None:
    # the title alone names the page (no og:title, no heading): nothing to tell it by
    pages = [review(i, og=False, h1=False) for i in range(24)]
    assert name_flags(flags_of(pages, Field("title", xpaths=(CRUMB,)))["title"]) == []


def test_no_flag_for_a_field_that_is_no_title() -> None:
    # the section ('Reviews', 'Archive') is unlike the page's title on every page: no title
    # field, nothing flagged; nor a title field right on every page (the page's h1)
    pages = [review(i) for i in range(24)]
    got = flags_of(pages, Field("section", xpaths=(SECTION,)), Field("title", xpaths=("//h1",)))
    assert name_flags(got["section"]) == [] and name_flags(got["title"]) == []


def test_evaluate_signals_names_the_pages(tmp_path: Path) -> None:
    path = tmp_path / "reviews.sqlite"
    with Workspace(path) as w:
        w.add_pages([review(i) for i in range(24)])
        w.save_template(
            Template(
                "reviews", site=SITE, fields=(Field("title", xpaths=(CRUMB,)),), use_cleaner=False
            )
        )
    out = CliRunner().invoke(cli, ["evaluate", "-w", str(path), "--signals"])
    assert out.exit_code == 0, out.output
    assert "not the page's own name on 3 pages where the rule takes one node" in out.output
    assert f"https://{SITE}/reviews/11.html" in out.output
