"""A field whose values are gone from the site, while its old rule still takes other nodes.

A Texinfo-style manual (``texinfopages``) whose menu field is the content cell's first list
(``…/td[2]/ul[1]/li/a``): on chapters and overviews that is the menu, on the index and the
release notes another list. A new layout drops every menu: the rule then takes the next list of
the page (links inside sentences under a section's heading) on every chapter and overview.
Repair answered 'gone' and saved nothing, and the rule went on filling those pages; evaluate
counted them as successes. Now:

- learning keeps, per page with a value, a print of the value and its shape (the nodes' tags
  and link kind, the heading their block sits under, whether they start their entry);
- evaluate counts a page whose value is another one of another shape than learned there as no
  success, saying why;
- repair names the pages where a field it answers 'gone' still matches, and accepting records
  the field as gone: no rule (extraction leaves it empty, no page is partial for it), its old
  queue kept in the record, found again by a later repair when its values come back, kept as it
  is by learning again."""

from __future__ import annotations

import sys
from collections.abc import Generator
from pathlib import Path
from typing import Any

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.evaluate import evaluate_steps
from deboiler_gui.engine.template.extract import apply_template, check_template, recorded_gone
from deboiler_gui.engine.template.model import Template
from deboiler_gui.engine.template.valuerepair import (
    keep_gone_records,
    repair_template_steps,
)
from deboiler_gui.engine.template.valueshape import learned_records, value_print

sys.path.insert(0, str(Path(__file__).resolve().parent))
from texinfopages import MENU, changed, learned, manual, without_menus  # noqa: E402


def drive(steps: Generator[Any, None, Any]) -> Any:
    try:
        while True:
            next(steps)
    except StopIteration as done:
        return done.value


def menu_values(pages: list[Page], t: Template) -> dict[str, list[str]]:
    return {p.url: apply_template(p, t).values["menu"] for p in pages}


def test_learning_keeps_a_print_and_a_shape_of_each_page_s_value() -> None:
    pages = manual()
    t = learned(pages)
    records = learned_records(t.field("menu"))
    values = menu_values(pages, t)
    with_value = {u for u, v in values.items() if v}
    assert set(records) == with_value
    for url in with_value:
        assert records[url][0] == value_print(values[url], True)
    # a chapter's menu: links starting their entries, under the page's h1
    chapter = "https://manual.example/Commands.html"
    assert records[chapter][1] == "a|link|h1|lead"


def test_evaluate_counts_values_of_another_kind_as_no_success() -> None:
    pages = manual()
    t = learned(pages)
    before = menu_values(pages, t)
    new = changed(pages, without_menus)
    after = menu_values(new, t)
    # the rule still fills pages where the menu was: with the list that followed it
    moved = {u for u, v in after.items() if v and v != before[u]}
    kept = {u for u, v in after.items() if v and v == before[u]}
    assert len(moved) >= 10 and kept
    ev = drive(evaluate_steps(new, [t]))
    stats = ev.fields[("manual", "menu")]
    assert stats.drifted == len(moved)
    assert stats.ok == len(kept)
    drifted = {f["url"]: f["reason"] for f in stats.failing if f.get("drift")}
    assert set(drifted) == moved
    chapter = "https://manual.example/Commands.html"
    assert "under an h2 where it was under an h1" in drifted[chapter]
    assert f"{len(moved)} with another kind of value than learned" in stats.rate_line()
    # on the unchanged site every value is the learned one
    same = drive(evaluate_steps(pages, [t])).fields[("manual", "menu")]
    assert same.drifted == 0 and same.ok == same.present


def test_repair_names_where_a_gone_field_still_matches_and_accepting_records_it_gone() -> None:
    pages = manual()
    t = learned(pages)
    new = changed(pages, without_menus)
    still = {u for u, v in menu_values(new, t).items() if v}
    found = drive(repair_template_steps(new, t))
    menu = next(r for r in found.fields if r.field == "menu")
    assert menu.status == "gone", (menu.status, menu.xpaths, menu.evidence)
    info = menu.evidence["still_matches"]
    assert info["count"] == len(still)
    assert set(info["pages"]) <= still
    assert info["other_kind"] >= 10
    # pages whose value changed kind come first among those named
    assert info["pages"][0] in info["why"]
    assert "menu" in found.fixed_fields()

    fixed = found.accepted(t)
    check_template(fixed)
    fld = fixed.field("menu")
    assert fld.xpaths == ()
    gone = recorded_gone(fld)
    assert gone is not None
    assert gone["xpaths"] == [MENU]
    assert gone["still_pages"] == len(still)
    # learned values stay: a later repair can find the field again
    assert fld.search.fingerprint["samples"] == t.field("menu").search.fingerprint["samples"]
    for page in new:
        result = apply_template(page, fixed)
        assert result.values["menu"] == []
        assert result.status == "ok", (page.url, result.failed_fields)
        assert result.fields["menu"].absent == "gone"
    ev = drive(evaluate_steps(new, [fixed]))
    stats = ev.fields[("manual", "menu")]
    assert stats.gone is not None
    assert stats.rate_line().startswith("gone:")
    assert not [a for a in ev.alerts if "'menu'" in a]


def test_a_field_recorded_gone_is_found_again_when_its_values_come_back() -> None:
    pages = manual()
    t = learned(pages)
    new = changed(pages, without_menus)
    fixed = drive(repair_template_steps(new, t)).accepted(t)
    assert fixed.field("menu").xpaths == ()
    # still gone on the changed site: nothing more to record
    again = drive(repair_template_steps(new, fixed))
    menu = next(r for r in again.fields if r.field == "menu")
    assert menu.status == "gone" and menu.evidence.get("recorded_gone")
    assert "menu" not in again.fixed_fields()
    # the menus back: the old rule gives the learned values again, and accepting restores it
    back = drive(repair_template_steps(pages, fixed))
    menu = next(r for r in back.fields if r.field == "menu")
    assert menu.status == "repaired", (menu.status, menu.evidence)
    restored = back.accepted(fixed)
    assert restored.field("menu").xpaths == (MENU,)
    assert recorded_gone(restored.field("menu")) is None
    assert "gone" not in restored.field("menu").search.fingerprint
    assert menu_values(pages, restored) == menu_values(pages, t)


def test_learning_again_keeps_a_gone_field_s_record() -> None:
    pages = manual()
    t = learned(pages)
    new = changed(pages, without_menus)
    fixed = drive(repair_template_steps(new, t)).accepted(t)
    plain = learned(new, base=fixed)
    # learned again as it stands, the field would have no values left to be found by
    assert not any(plain.field("menu").search.fingerprint["samples"].values())
    relearned = keep_gone_records(fixed, plain)
    assert relearned.field("menu") == fixed.field("menu")
    # the other fields are learned again
    titled = sum(1 for p in new if apply_template(p, fixed).values["title"])
    assert relearned.field("title").search.fingerprint["present_count"] == titled
