"""The Template panel's field rows read whole: on the Asciidoctor RDoc reference in a 1600 x 900
window, the verdict "⚠ empty in its block" was cut to "⚠ empty …" and the Page column's
"no match" to "n…h", to keep 110 pixels for the expression, itself unreadable there
("//div[@i…t, list]"). The names, counts and verdicts are now as wide as what they say and the
expression takes the rest, elided by its last steps with its whole text in its tooltip; in a
narrower panel a verdict is shortened by whole words, its sentence in the tooltip."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QStyle

sys.path.insert(0, str(Path(__file__).resolve().parent))
import test_save_keeps_stored_versions as saving  # noqa: E402

#: The reference imported with its template of four fields (module-scoped, shared).
imported = saving.imported

FIELDS = ("title", "parent", "methods", "description")


@pytest.mark.parametrize("right", [None, 390], ids=["first-start", "narrow-panel"])
def test_field_rows_read_whole_in_a_1600_by_900_window(
    qtbot: Any,
    window: Any,
    imported: Path,
    tmp_path: Path,
    right: int | None,
) -> None:
    from deboiler_gui.gui.controllers.layout import first_start_sizes
    from deboiler_gui.gui.panels.rules import EXPRESSION_LEAST

    window.resize(1600, 900)
    first_start_sizes(window)  # as at a first start on a 1778 x 1000 screen
    if right is not None:  # a right column dragged (or restored) narrower
        selection = window.findChild(QDockWidget, "dock-selection")
        window.resizeDocks([selection], [right], Qt.Orientation.Horizontal)
    path = tmp_path / "asciidoctor.sqlite"
    shutil.copy(imported, path)
    finished: list[tuple[str, str]] = []
    window.job_finished.connect(lambda name, outcome: finished.append((name, outcome)))
    window.open_path(str(path))
    qtbot.waitUntil(lambda: ("analyse", "finished") in finished, timeout=120000)
    rules = window.rules
    qtbot.waitUntil(
        lambda: (
            rules.check is not None
            and rules.check.over_site
            and set(rules.check.fields) == set(FIELDS)
            and all(rules.items[f].text(3) and "…" not in rules.items[f].text(3) for f in FIELDS)
        ),
        timeout=120000,
    )
    qtbot.wait(300)  # the columns are fitted once the last cell is in
    assert window.page.url == "http://html.local/Array.html"
    tree = rules.tree
    metrics = tree.fontMetrics()
    margins = 2 * (tree.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1)
    indent = tree.visualItemRect(rules.items["title"]).left()  # section arrow and indent

    def fits(column: int, text: str, extra: int = 0) -> bool:
        return metrics.horizontalAdvance(text) + margins + extra <= tree.columnWidth(column)

    assert tree.header().length() <= tree.viewport().width() + 1
    assert not tree.horizontalScrollBar().isVisible()
    assert tree.columnWidth(1) >= EXPRESSION_LEAST
    # The Page column: a match count, or "no match" (no value on Array.html), whole.
    assert [rules.items[f].text(2) for f in FIELDS] == ["1", "1", "no match", "no match"]
    for fid in FIELDS:
        item = rules.items[fid]
        assert fits(2, item.text(2)), item.text(2)
        assert fits(3, item.text(3)), item.text(3)
        # The expression: its whole text in the tooltip, whatever the cell shows.
        field = window.editor.template.field(fid)
        assert item.toolTip(1).startswith(field.xpaths[0])
    check = rules.check.fields
    assert check["parent"].verdict() == "⚠ empty in its block"
    if right is None:
        # At the first start every name and verdict reads whole (the right column is 480
        # pixels, as wide as it gets).
        for fid in FIELDS:
            assert fits(0, fid, indent), fid
            whole = check[fid].verdict() or "looks right"
            assert rules.items[fid].text(4) == whole and fits(4, whole), whole
    else:
        # Narrower: "no match" and the counts still whole, the names at 90 pixels at the
        # least, a verdict shortened by whole words ("⚠ empty in…", never "⚠ empty …"), its
        # sentence first in its tooltip.
        assert tree.columnWidth(0) >= 90
        shown = rules.items["parent"].text(4)
        whole = check["parent"].verdict()
        assert fits(4, shown), shown
        if shown != whole:
            assert shown.endswith("…") and not shown.endswith(" …"), shown
            assert whole.startswith(shown[:-1]) and whole[len(shown) - 1] == " ", shown
        assert rules.items["parent"].toolTip(4).startswith(check["parent"].summary() + "\n")
        assert rules.items["title"].text(4) == "looks right"
