"""A field that gives nothing on a page lacking the rule's anchor is absent there, not failing:
a manual's chapter pages link to the next one by ``//a[@rel='next']`` and the last page of a
chapter has no such link; a menu ``//ul[@class='menu']/li/a`` is on index pages only. The
evaluation's rate and alert leave those pages out (they used to raise "ALERT … below 90%"),
the page list's Fails column does not count them, and a rule whose anchor is on no page at
all still fails everywhere."""

from __future__ import annotations

from pathlib import Path

from deboiler_gui.app.session import analyse_steps
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.evaluate import Evaluation, evaluate_steps
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import ABSENT_NO_ANCHOR, absent_reason


def page(i: int, *, last: bool = False, menu: bool = False, header: bool = True) -> Page:
    nav = "" if last else f"<a rel='next' href='p{i + 1}.html'>Next</a>"
    head = f"<div class='header'><p>{nav}<a rel='up' href='index.html'>Up</a></p></div>"
    items = "<ul class='menu'><li><a href='a.html'>A</a></li></ul>" if menu else ""
    return Page(
        f"https://m.example/p{i}.html",
        f"<html><body>{head if header else ''}<h1>Section {i}</h1>{items}</body></html>",
    )


def template(*fields: Field) -> Template:
    return Template("manual", fields=fields, use_cleaner=False)


NEXT = Field("next", xpaths=("//a[@rel='next']",))
MENU = Field("menu", xpaths=("//ul[@class='menu']/li/a",), is_list=True)
PINNED = Field("pinned", xpaths=("//div[@class='header']/p/a[2]",))
BY_TEXT = Field("by_text", xpaths=("//a[normalize-space(.)='Next']",))


def evaluation(pages: list[Page], tpl: Template) -> Evaluation:
    gen = evaluate_steps(pages, [tpl])
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def test_a_page_without_the_rules_anchor_is_where_the_field_is_absent() -> None:
    last = parse_html(page(3, last=True).html)
    assert absent_reason(NEXT, last) == ABSENT_NO_ANCHOR
    assert absent_reason(MENU, last) == ABSENT_NO_ANCHOR
    # The header is there: a rule pinned in it that finds nothing fails.
    pinned = Field("pinned", xpaths=("//div[@class='header']/p/a[3]",))
    assert absent_reason(pinned, last) == ""
    # No anchor to be missing: a positional rule, a node known by its own text only.
    assert absent_reason(Field("abs", xpaths=("/html/body/div/p/a[3]",)), last) == ""
    assert absent_reason(BY_TEXT, last) == ""
    # The report of an empty field says so.
    report = apply_template(page(3, last=True), template(NEXT, MENU)).fields
    assert report["next"].absent == ABSENT_NO_ANCHOR and report["menu"].absent == ABSENT_NO_ANCHOR
    assert report["next"].to_dict()["absent"] == ABSENT_NO_ANCHOR


def test_the_apps_field_count_says_how_many_empty_pages_lack_the_anchor() -> None:
    from deboiler_gui.engine.template.extract import evaluate_field

    pages = [page(i) for i in range(3)] + [page(3, last=True), page(4, header=False)]
    trees = [parse_html(p.html) for p in pages]
    got = evaluate_field(trees, NEXT, template(NEXT))
    assert (got["ok"], got["empty"], got["absent"]) == (3, 2, 2)
    got = evaluate_field(trees, PINNED, template(PINNED))
    assert (got["ok"], got["empty"], got["absent"]) == (3, 2, 1)  # the header-less page


def test_evaluate_leaves_pages_without_the_anchor_out_of_the_rate_and_alerts() -> None:
    pages = [page(i, menu=i == 0) for i in range(6)] + [page(6, last=True), page(7, last=True)]
    ev = evaluation(pages, template(NEXT, MENU))
    nxt, menu = ev.fields[("manual", "next")], ev.fields[("manual", "menu")]
    assert (nxt.ok, nxt.no_anchor, nxt.present, nxt.rate) == (6, 2, 6, 1.0)
    assert (menu.ok, menu.no_anchor, menu.present, menu.rate) == (1, 7, 1, 1.0)
    assert not nxt.failures() and not menu.failures()
    # Those pages used to be failures: 75% and 12.5%, two alerts.
    assert ev.alerts == []
    assert ev.to_dict()["fields"][0]["no_anchor"] == 2


def test_a_page_with_the_anchor_and_no_value_still_fails() -> None:
    # The header is on every page; the pinned rule finds nothing on the last pages.
    pages = [page(i) for i in range(6)] + [page(6, last=True), page(7, last=True)]
    ev = evaluation(pages, template(PINNED))
    pinned = ev.fields[("manual", "pinned")]
    assert (pinned.ok, pinned.no_anchor, pinned.rate) == (6, 0, 0.75)
    assert [f["url"] for f in pinned.failures()] == [pages[6].url, pages[7].url]
    assert ev.alerts and "below 90%" in ev.alerts[0] and "left out" not in ev.alerts[0]
    # Pages without the anchor are left out, and the alert says how many.
    pages += [page(8, header=False), page(9, header=False)]
    alerts = evaluation(pages, template(PINNED)).alerts
    assert alerts and "(over 8 pages; 2 without the rule's anchor left out)" in alerts[0], alerts


def test_a_rule_whose_anchor_is_on_no_page_fails_everywhere() -> None:
    broken = Field("next", xpaths=("//a[@rel='nxt']",))
    pages = [page(i) for i in range(4)]
    ev = evaluation(pages, template(broken))
    stats = ev.fields[("manual", "next")]
    assert (stats.ok, stats.no_anchor, stats.present, stats.rate) == (0, 4, 4, 0.0)
    assert len(stats.failures()) == 4 and ev.alerts


def test_the_page_lists_fails_column_counts_failures_not_absent_fields(tmp_path: Path) -> None:
    from deboiler_gui.engine.store import Workspace

    pages = [page(0, menu=True), page(1), page(2, last=True)]
    path = tmp_path / "ws.sqlite"
    with Workspace(str(path)) as ws:
        ws.add_pages(pages)
        site = pages[0].site
    tpl = template(NEXT, MENU, Field("title", xpaths=("//h2",)))
    facts: dict[str, dict[str, object]] = {}
    gen = analyse_steps(str(path), site, [tpl.to_dict()])
    for item in gen:
        if isinstance(item, dict):
            facts.update(item)
    first, second, last = (facts[p.url] for p in pages)
    # 'title' (no h2 anywhere: a rule known by its tag alone has no anchor) fails everywhere
    assert first["failures"] == 1 and first["failed"] == ["title"] and first["absent"] == []
    assert second["failures"] == 1 and second["absent"] == ["menu"]
    assert last["failures"] == 1 and last["absent"] == ["next", "menu"]
