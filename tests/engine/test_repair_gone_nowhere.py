"""A field whose values are gone from the site and whose old rule gives nothing anywhere (a
layout that drops a manual's menus and every other list with them). `evaluate` and `monitor`
alerted on it for ever ("success rate 0.0% below 90%") after repair had answered 'gone':
accepting kept its rule, since that rule filled no page. Now accepting records it gone as it
does a field whose rule still takes other nodes: no rule, its old queue in the record; evaluate
says it is gone, with what a person can do, and raises no alert. Before repair, the alert on a
field no page gives says how to get out of it."""

from __future__ import annotations

import re
import sys
from collections.abc import Generator
from pathlib import Path
from typing import Any

from deboiler_gui.engine.template.evaluate import evaluate_steps
from deboiler_gui.engine.template.extract import apply_template, recorded_gone
from deboiler_gui.engine.template.repairtext import report_lines
from deboiler_gui.engine.template.valuerepair import repair_template_steps

sys.path.insert(0, str(Path(__file__).resolve().parent))
from texinfopages import MENU, changed, learned, manual  # noqa: E402


def drive(steps: Generator[Any, None, Any]) -> Any:
    try:
        while True:
            next(steps)
    except StopIteration as done:
        return done.value


def without_lists(html: str) -> str:
    """Every list removed: the menus and the lists of the text."""
    return re.sub(r"<ul>.*?</ul>\n?", "", html, flags=re.S | re.I)


def test_a_field_gone_with_a_rule_that_matches_nothing_is_recorded_gone() -> None:
    pages = manual()
    t = learned(pages)
    new = changed(pages, without_lists)
    assert not any(apply_template(p, t).values["menu"] for p in new)

    before = drive(evaluate_steps(new, [t]))
    (alert,) = [a for a in before.alerts if "'menu'" in a]
    assert "success rate 0.0% below 90%" in alert
    assert "templates repair manual --accept-repairs" in alert

    found = drive(repair_template_steps(new, t))
    menu = next(r for r in found.fields if r.field == "menu")
    assert menu.status == "gone", (menu.status, menu.evidence)
    assert not menu.evidence.get("still_matches")
    assert "menu" in found.fixed_fields()
    assert "    accepting records menu as gone: no rule, extraction leaves it empty on every " in (
        "\n".join(report_lines("manual", found))
    )

    fixed = found.accepted(t)
    fld = fixed.field("menu")
    assert fld.xpaths == ()
    gone = recorded_gone(fld)
    assert gone is not None and gone["xpaths"] == [MENU] and gone["still_pages"] == 0
    for page in new:
        result = apply_template(page, fixed)
        assert result.values["menu"] == []
        assert result.fields["menu"].absent == "gone"

    after = drive(evaluate_steps(new, [fixed]))
    assert not [a for a in after.alerts if "'menu'" in a]
    line = after.fields[("manual", "menu")].rate_line()
    assert line.startswith("gone: no rule since templates repair recorded")
    assert "remove the field from the template" in line and "author it again" in line
    assert "(templates remove-field manual menu)" in line
    # the other fields are judged as before
    assert after.fields[("manual", "title")].rate == before.fields[("manual", "title")].rate

    # the menus back: a later repair finds the old rule again
    back = drive(repair_template_steps(pages, fixed))
    menu = next(r for r in back.fields if r.field == "menu")
    assert menu.status == "repaired", (menu.status, menu.evidence)
    assert back.accepted(fixed).field("menu").xpaths == (MENU,)


def test_a_field_with_values_somewhere_gets_no_advice_to_repair() -> None:
    pages = manual()
    t = learned(pages)
    # the menus of half the pages gone: values on the others
    half = [p if n % 2 else changed([p], without_lists)[0] for n, p in enumerate(pages)]
    ev = drive(evaluate_steps(half, [t]))
    alerts = [a for a in ev.alerts if "'menu'" in a]
    assert alerts and "no page gives it" not in alerts[0]
