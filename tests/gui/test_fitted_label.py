"""The Template panel's title and status lines, and its verdicts, in a narrow panel: a shorter
form first, then elided, the whole text in the tooltip; never cut at the edge, and the panel's
width hint that of the whole text whatever is shown."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from deboiler_gui.gui.panels.fitlabel import FittedLabel
from deboiler_gui.gui.panels.rules import preview_forms, shorten_verdict, title_forms


def _shown(qtbot: Any, label: FittedLabel, width: int) -> str:
    label.resize(width, label.sizeHint().height())
    qtbot.waitUntil(lambda: label.width() == width, timeout=2000)
    assert label.fontMetrics().horizontalAdvance(label.text()) <= label.contentsRect().width()
    return str(label.text())


def test_a_title_shows_its_longest_form_that_fits_then_elides_the_last(qtbot: Any) -> None:
    label = FittedLabel(mode=Qt.TextElideMode.ElideMiddle)
    qtbot.addWidget(label)
    label.show()
    forms = title_forms("hillside-garden.example", "hillside-garden.example", "every page")
    assert forms == [
        "Template 'hillside-garden.example' for hillside-garden.example: every page",
        "Template 'hillside-garden.example': every page",
        "'hillside-garden.example': every page",
    ]
    label.set_forms(*forms)
    metrics = label.fontMetrics()
    whole = metrics.horizontalAdvance(forms[0])
    hint = label.sizeHint().width()
    # (the width a plain label of the whole title asks for)
    assert hint == QLabel(forms[0]).sizeHint().width() >= whole
    assert label.minimumSizeHint().width() < metrics.horizontalAdvance(forms[-1])
    assert _shown(qtbot, label, whole + 20) == forms[0] and label.toolTip() == ""
    assert not label.elided()
    assert _shown(qtbot, label, whole - 5) == forms[1]
    assert label.elided() and label.toolTip() == forms[0] == label.full_text()
    assert _shown(qtbot, label, metrics.horizontalAdvance(forms[2]) + 4) == forms[2]
    narrow = _shown(qtbot, label, 120)
    assert "…" in narrow and narrow.startswith("'hill") and narrow.endswith("page")
    assert label.toolTip() == forms[0]
    # The width hint is the whole title's whatever is shown: the panel is laid out as before.
    assert label.sizeHint().width() == hint
    # Wide again, whole again.
    assert _shown(qtbot, label, whole + 20) == forms[0] and label.toolTip() == ""


def test_the_preview_line_keeps_the_fields_that_look_wrong_in_view(qtbot: Any) -> None:
    forms = preview_forms(12, "checked over 29 pages", ["crumbs", "heading_copy"])
    assert forms == [
        "Values on 12 pages — checked over 29 pages — 2 fields look wrong: crumbs, heading_copy",
        "Values on 12 pages — 2 fields look wrong: crumbs, heading_copy",
        "Look wrong: crumbs, heading_copy",
    ]
    assert preview_forms(12, "checked over 29 pages", []) == [
        "Values on 12 pages — checked over 29 pages — no field looks wrong",
        "Values on 12 pages — no field looks wrong",
    ]
    label = FittedLabel()
    qtbot.addWidget(label)
    label.show()
    label.set_forms(*forms)
    width = label.fontMetrics().horizontalAdvance(forms[1]) + 4
    assert _shown(qtbot, label, width) == forms[1] and label.toolTip() == forms[0]


def test_a_verdict_too_wide_for_its_column_shortens_the_field_name_first(qtbot: Any) -> None:
    label = FittedLabel()
    qtbot.addWidget(label)
    metrics = label.fontMetrics()
    equals = "⚠ equals 'qualified…'"
    assert shorten_verdict(equals, metrics, metrics.horizontalAdvance(equals)) == equals
    room = metrics.horizontalAdvance("⚠ equals 'qual…'")
    assert shorten_verdict(equals, metrics, room) == "⚠ equals 'qual…'"
    assert shorten_verdict("⚠ 'title' + more text", metrics, room).startswith("⚠ '")
    misses = shorten_verdict("⚠ misses h3 titles", metrics, room - 20)
    assert misses.endswith("…") and "⚠ misses h3 titles".startswith(misses[:-1])
    for text in (equals, "⚠ misses h3 titles", "⚠ one same value"):
        for width in (40, 60, 90):
            assert metrics.horizontalAdvance(shorten_verdict(text, metrics, width)) <= width


def test_a_verdict_is_shortened_by_whole_words_and_an_expression_keeps_its_end(
    qtbot: Any,
) -> None:
    from deboiler_gui.gui.panels.rules import elide_expression

    label = FittedLabel()
    qtbot.addWidget(label)
    metrics = label.fontMetrics()
    verdict = "⚠ empty in its block"
    room = metrics.horizontalAdvance("⚠ empty in its…")
    assert shorten_verdict(verdict, metrics, room) == "⚠ empty in its…"
    assert shorten_verdict(verdict, metrics, room - 1) == "⚠ empty in…"
    assert shorten_verdict(verdict, metrics, metrics.horizontalAdvance("⚠ empty…")) == "⚠ empty…"
    # (Qt's own eliding cut it to "⚠ empty …": a word and a space before the dots)
    expr = "//div[@id='method-list-section']/ul/li/a  [text, list]"
    assert elide_expression(expr, metrics, metrics.horizontalAdvance(expr)) == expr
    wide = elide_expression(expr, metrics, 200)
    assert wide.startswith("//div") and wide.endswith("li/a  [text, list]") and "…" in wide
    assert metrics.horizontalAdvance(wide) <= 200
    narrow = elide_expression(expr, metrics, 70)
    assert narrow.startswith("…") and narrow.endswith("/li/a"), narrow  # what it selects
    assert metrics.horizontalAdvance(narrow) <= 70
    rule = "//aside[@class='sidebar']//div[@class='newsletter']"  # a rule: no kind after it
    assert elide_expression(rule, metrics, 120).startswith("//aside")
