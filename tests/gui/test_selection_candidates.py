"""The Selection panel's candidate table in a narrow panel: the XPath keeps the room, the site
rates drop their words rather than squeeze it (at 1235 x 795 they left "//div…h1/a"), the
whole XPath and the rate's sentence in the tooltips; and the lines over the value preview and
the rates' tooltips say counts of one in the singular."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from deboiler_gui.gui.panels.rules import preview_forms
from deboiler_gui.gui.panels.selection import XPATH_MIN, XPATH_SHARE, SelectionPanel

CANDIDATES = [
    {
        "xpath": "//div[@id='definition']/h1/a",
        "family": "anchor",
        "page_matches": 1,
        "site": {
            "one": 332,
            "none": 668,
            "many": 0,
            "rate": 0.33,
            "pages": 1000,
            "site_pages": 1317,
        },
    },
    {
        "xpath": "//p[normalize-space(.)='scala']/following-sibling::h1[1]/a",
        "family": "text",
        "page_matches": 1,
        "site": {
            "one": 60,
            "none": 940,
            "many": 0,
            "rate": 0.06,
            "pages": 1000,
            "site_pages": 1317,
        },
    },
    {
        "xpath": "/html/body/div[1]/h1/a",
        "family": "positional",
        "page_matches": 1,
        "site": {
            "one": 332,
            "none": 668,
            "many": 0,
            "rate": 0.33,
            "pages": 1000,
            "site_pages": 1317,
        },
    },
]


def _panel(qtbot: Any, width: int) -> SelectionPanel:
    panel = SelectionPanel()
    qtbot.addWidget(panel)
    panel.resize(width, 600)
    panel.show()
    qtbot.waitExposed(panel)
    panel.set_candidates(CANDIDATES)
    qtbot.wait(50)
    return panel


def test_a_narrow_panel_keeps_the_xpath_its_room_and_the_rates_their_counts(qtbot: Any) -> None:
    panel = _panel(qtbot, 390)  # the panel at a 1235 x 795 window
    table = panel.candidates
    room = table.viewport().width()
    assert panel.short_rates
    assert [table.item(r, 3).text() for r in range(3)] == [
        "332 · 668 · 0",
        "60 · 940 · 0",
        "332 · 668 · 0",
    ]
    # Close to half the width for the XPath (the rates in words left it about 85 of 366
    # pixels: "//div…h1/a"); with the words it would not have had XPATH_MIN.
    words = table.fontMetrics().horizontalAdvance("332 one · 668 none · 0 many")
    assert table.columnWidth(0) >= 0.45 * room, (table.columnWidth(0), room)
    assert room - words - table.columnWidth(1) - table.columnWidth(2) < XPATH_MIN
    # Every column in view, the counts whole, the XPath elided in the middle.
    header = table.horizontalHeader()
    assert header.length() <= room + 1
    metrics = table.fontMetrics()
    for r in range(3):
        assert metrics.horizontalAdvance(table.item(r, 3).text()) <= table.columnWidth(3)
        assert table.item(r, 0).toolTip() == CANDIDATES[r]["xpath"]
        assert (
            table.item(r, 3)
            .toolTip()
            .startswith("Over 1,000 of the site's 1,317 pages (the ones kept for clicks")
        )
    assert table.textElideMode() == Qt.TextElideMode.ElideMiddle
    assert "one node · none · several" in table.horizontalHeaderItem(3).toolTip()


def test_a_wide_panel_says_the_rates_in_words(qtbot: Any) -> None:
    panel = _panel(qtbot, 900)
    table = panel.candidates
    assert not panel.short_rates
    assert table.item(0, 3).text() == "332 one · 668 none · 0 many"
    assert table.columnWidth(0) >= XPATH_SHARE * table.viewport().width() - 20
    # Narrowed, the words go; widened again, they come back.
    panel.resize(390, 600)
    qtbot.waitUntil(lambda: panel.short_rates, timeout=2000)
    assert table.item(0, 3).text() == "332 · 668 · 0"
    panel.resize(900, 600)
    qtbot.waitUntil(lambda: not panel.short_rates, timeout=2000)
    assert table.item(0, 3).text() == "332 one · 668 none · 0 many"


def test_rates_over_one_page_and_preview_lines_of_one() -> None:
    from deboiler_gui.gui.panels.selection import _rate_tooltip

    assert _rate_tooltip({"one": 1, "none": 0, "many": 0, "rate": 1.0, "pages": 1}).startswith(
        "Over 1 page of the site: exactly one match on 1"
    )
    assert preview_forms(1, "checked over 1 page", ["toc"]) == [
        "Values on 1 page — checked over 1 page — 1 field looks wrong: toc",
        "Values on 1 page — 1 field looks wrong: toc",
        "Looks wrong: toc",
    ]
    assert preview_forms(12, "checked over 29 pages", ["a", "b"])[0] == (
        "Values on 12 pages — checked over 29 pages — 2 fields look wrong: a, b"
    )
