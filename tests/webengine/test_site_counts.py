"""The template panel's counts cover every page of the site, also past the pages the app keeps
parsed for suggestions (its index, spread over the site; lowered here to 6 pages of 40): a
rule whose nodes are mostly on pages outside the index counts them, and the panel says how many pages a count covers."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from deboiler_gui.engine.template.model import NoiseFilter
from deboiler_gui.gui.controllers import siteservice

PAGES = 40
PROMO = range(30, 40)  # the pages with the promo block: the last quarter of the site
#: The 6 pages the index keeps, spread over the 40 (the middle of each sixth of the site).
KEPT = [int((i + 0.5) * PAGES / 6) for i in range(6)]


def _site(root: Path) -> Path:
    root.mkdir()
    for i in range(PAGES):
        promo = "<aside class='promo'>Buy the promo book now</aside>" if i in PROMO else ""
        (root / f"p{i:02d}.html").write_text(
            f"<html><body><nav>Home · Library</nav><h1>Chapter {i}</h1>"
            f"<p>{'words ' * (20 + i)}</p>{promo}</body></html>",
            encoding="utf-8",
        )
    return root


def test_rule_field_and_filter_counts_cover_the_pages_past_the_index(
    qtbot: Any, window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(siteservice, "INDEX_PAGES", 6)
    shown: list[tuple[str, str]] = []
    show_site = window.rules.show_site
    monkeypatch.setattr(
        window.rules,
        "show_site",
        lambda name, text: (shown.append((name, text)), show_site(name, text)),
    )
    finished: list[str] = []
    window.job_finished.connect(lambda name, outcome: finished.append(f"{name}:{outcome}"))
    window.open_path(str(_site(tmp_path / "site")))
    qtbot.waitUntil(lambda: "import:finished" in finished and window.view.ready, timeout=30000)
    qtbot.waitUntil(lambda: window.service._worker._index is not None, timeout=30000)
    qtbot.waitUntil(lambda: "kept for clicks" in window.index_label.text(), timeout=30000)
    # What the kept pages are, and that the counts are not theirs alone (it said "6 of 40
    # pages indexed", as if the counts covered the 6).
    assert (
        window.index_label.text() == f"6 of {PAGES} pages kept for clicks; counts cover all {PAGES}"
    )
    assert window.index_label.toolTip().startswith(
        f"6 of the site's {PAGES} pages are kept parsed spread evenly over the site: "
    )
    assert "The Template panel's counts" in window.index_label.toolTip()
    labels: list[str] = []
    set_text = window.index_label.setText
    monkeypatch.setattr(
        window.index_label, "setText", lambda text: (labels.append(text), set_text(text))
    )

    rule = window.editor.add_rule("remove", "//aside[@class='promo']")

    def cell(name: str) -> str:
        return str(window.rules.items[name].text(3))

    def tip(name: str) -> str:
        return str(window.rules.items[name].toolTip(3))

    qtbot.waitUntil(lambda: cell(rule) == f"10/{PAGES} pages", timeout=30000)
    field = window.editor.add_field("title", "//h1")
    flt = window.editor.add_filter(NoiseFilter(name="promo-text", kind="text", pattern="promo"))
    qtbot.waitUntil(lambda: cell(field) == f"{PAGES}/{PAGES} pages", timeout=30000)
    qtbot.waitUntil(lambda: cell(flt) == f"10/{PAGES} pages", timeout=60000)
    # The first answer of each came from the index alone, and said so.
    on_index = sum(1 for i in KEPT if i in PROMO)
    assert KEPT == [3, 10, 16, 23, 30, 36] and on_index == 2
    assert (
        rule,
        f"{on_index}/6… (1: {on_index}, many: 0) — counted on 6/{PAGES} pages so far",
    ) in shown
    assert tip(rule).endswith(f"— counted on {PAGES}/{PAGES} pages")
    assert tip(field).startswith(f"{PAGES}/{PAGES} pages with a value (0 empty)")
    assert tip(flt).startswith(f"matched 10/{PAGES} pages")
    qtbot.waitUntil(
        lambda: window.index_label.text().endswith(f"; counts cover all {PAGES}"), timeout=30000
    )
    # Whatever it said on the way, never that only the kept pages were counted.
    assert labels and not any("indexed" in t for t in labels), labels
    # A panel too narrow for "10/40 pages" shows "10/40" (the tooltip says the rest); given
    # room again, the whole count.
    dock = window.rules
    tree = dock.tree
    wide = tree.viewport().width()
    tree.setFixedWidth(tree.fontMetrics().horizontalAdvance("10/40 pages") + 160)
    dock.fit_columns()
    assert cell(rule) == "10/40"
    assert tree.columnWidth(3) >= tree.fontMetrics().horizontalAdvance("10/40")
    assert tip(rule).endswith(f"— counted on {PAGES}/{PAGES} pages")
    tree.setMinimumWidth(0)
    tree.setMaximumWidth(16777215)
    tree.resize(wide, tree.height())
    qtbot.waitUntil(lambda: tree.viewport().width() >= wide - 4, timeout=5000)
    dock.fit_columns()
    assert cell(rule) == f"10/{PAGES} pages"
    # Only the index is kept parsed: the pages past it were dropped after counting.
    assert len(window.service._worker._index.trees) == 6
    out = os.environ.get("DEBOILER_SCREENSHOTS")
    if out:
        window.grab().save(str(Path(out) / "site-counts.png"))


def test_the_check_column_goes_over_the_pages_past_the_index(
    qtbot: Any, window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A list rule that takes a second list on three pages, none of them in the index: the
    Check column says "looks right" on the sample at once, then flags it over the site."""
    monkeypatch.setattr(siteservice, "INDEX_PAGES", 6)
    mixed = (5, 12, 25)
    assert not set(mixed) & set(KEPT)
    root = tmp_path / "lists"
    root.mkdir()
    for i in range(PAGES):
        aside = "<aside><ul><li>See also</li><li>Elsewhere</li></ul></aside>" if i in mixed else ""
        (root / f"p{i:02d}.html").write_text(
            f"<html><body><h1>Chapter {i}</h1><main><ul><li>Part {i}.1</li><li>Part {i}.2</li>"
            f"</ul><p>{'words ' * (20 + i)}</p></main>{aside}</body></html>",
            encoding="utf-8",
        )
    finished: list[str] = []
    window.job_finished.connect(lambda name, outcome: finished.append(f"{name}:{outcome}"))
    window.open_path(str(root))
    qtbot.waitUntil(lambda: "import:finished" in finished and window.view.ready, timeout=30000)
    qtbot.waitUntil(lambda: "kept for clicks" in window.index_label.text(), timeout=30000)
    seen: list[tuple[bool, str, str]] = []
    window.picking.checked.connect(
        lambda c: seen.append(
            (
                c.over_site,
                window.rules.items["parts"].text(4),
                window.rules.preview_label.full_text(),
            )
        )
    )
    window.editor.add_field("parts", "//li", is_list=True)
    qtbot.waitUntil(lambda: any(over for over, _c, _l in seen), timeout=60000)
    sample, site = seen[0], seen[-1]
    # At once on the 6 pages kept: right; over the 40 pages of the site: a flag.
    assert sample[:2] == (False, "looks right")
    assert "checked on 6 sample pages so far" in sample[2]
    assert site[:2] == (True, "⚠ several lists")
    assert "checked over 40 pages — 1 field looks wrong: parts" in site[2]
    row = window.rules.items["parts"]
    assert row.text(4) == "⚠ several lists"
    tip = row.toolTip(4)
    assert "⚠ the rule takes items from several lists on 3 of 40 pages" in tip
    assert "Checked over 40 pages" in tip and "sample" not in tip
    # The preview's first rows are the pages to look at, though the index holds none of them.
    preview = window.rules.preview
    first = [preview.item(r, 0).toolTip().rsplit("/", 1)[-1] for r in range(4)]
    assert first == [*(f"p{i:02d}.html" for i in mixed), first[3]] and first[3] != "p05.html"
    assert len(window.service._worker._index.trees) == 6
    out = os.environ.get("DEBOILER_SCREENSHOTS")
    if out:
        window.rules.grab().save(str(Path(out) / "site-check.png"))
