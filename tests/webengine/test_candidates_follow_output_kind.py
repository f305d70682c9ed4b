"""The Selection panel's candidates follow the output kind, with a real QtWebEngine view: on
a Publican book (the Debian Handbook's navigation), the 'Prev' link's href field is induced
for the attribute once the kind is switched (both kinds now rank first the link's own text,
'Prev', which names the previous chapter's link on every page but the first); the first
candidate is the rule Extract field then saves, and a name typed in the attribute box asks
once, not at each key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

TOP_PREV = "//ul[contains(@class, 'top')]//a[@accesskey='p']"


def _site(tmp_path: Path) -> Path:
    """'Prev' alone at the top of each chapter; at the bottom, with the previous chapter's
    title: the top link is found by its own text, 'Prev', for its text and for its href."""
    root = tmp_path / "book"
    root.mkdir()
    for i in range(12):
        top = f"<li class='previous'><a accesskey='p' href='ch{i - 1}.html'><strong>Prev</strong></a></li>"
        bottom = (
            f"<li class='previous'><a accesskey='p' href='ch{i - 1}.html'><strong>Prev</strong>"
            f"Chapter {i - 1}</a></li>"
        )
        (root / f"ch{i}.html").write_text(
            "<html><body><ul class='docnav top'>"
            f"{top if i else ''}<li class='home'>The Book</li><li class='next'>"
            f"<a accesskey='n' href='ch{i + 1}.html'><strong>Next</strong></a></li></ul>"
            f"<h1>Chapter {i}</h1><p>{'text ' * (i + 3)}</p><ul class='docnav'>"
            f"{bottom if i else ''}<li class='next'><a accesskey='n' href='ch{i + 1}.html'>"
            f"<strong>Next</strong>Chapter {i + 1}</a></li></ul></body></html>"
        )
    return root


def _rated(c: list[dict[str, Any]]) -> bool:
    return bool(c) and "rate" in c[0].get("site", {})


def _open_chapter(qtbot: Any, window: Any, tmp_path: Path) -> None:
    finished: list[str] = []
    window.job_finished.connect(lambda name, outcome: finished.append(f"{name}:{outcome}"))
    window.open_path(str(_site(tmp_path)))
    qtbot.waitUntil(lambda: "analyse:finished" in finished and window.view.ready, timeout=60000)
    qtbot.waitUntil(lambda: window.page is not None, timeout=10000)
    chapter = window.page.url.rsplit("/", 1)[0] + "/ch3.html"
    with qtbot.waitSignal(window.view.highlights_applied, timeout=10000):
        window.select_url(chapter)
    assert window.page.url == chapter


def test_switched_to_attribute_the_first_candidate_is_the_rule_extract_field_saves(
    qtbot: Any, window: Any, click: Any, tmp_path: Path
) -> None:
    _open_chapter(qtbot, window, tmp_path)
    sel = window.selection
    # the click on 'Prev' lands on the strong inside the link
    el = window.stamped.root.xpath(TOP_PREV)[0]
    with qtbot.waitSignal(window.candidates_updated, timeout=20000, check_params_cb=_rated):
        click(window.view, window.stamped.stamp_of(el[0]))
    assert window.picking.selected == window.stamped.stamp_of(el[0])
    as_text = sel.candidate_list()[0]["xpath"]
    assert sel.xpath_edit.text() == as_text
    asked: list[str] = []
    suggest = window.service.suggest
    window.service.suggest = lambda c, attribute="": (
        asked.append(attribute),
        suggest(c, attribute),
    )[1]
    # The kind switched to attribute: the link's href (offered in grey) is the attribute.
    with qtbot.waitSignal(window.candidates_updated, timeout=20000, check_params_cb=_rated):
        sel.field_kind.setCurrentText("attribute")
    assert asked == ["href"]
    cands = sel.candidate_list()
    first = cands[0]["xpath"]
    assert first == "//a[normalize-space(.)='Prev']", [c["xpath"] for c in cands]
    assert sel.xpath_edit.text() == first
    assert sel.candidates.selectedIndexes()[0].row() == 0
    assert window.stamped.root.xpath(first)[0] is el
    # 'href' typed in the box, key by key: the same attribute, nothing asked again
    sel.field_attr.setFocus()
    QTest.keyClicks(sel.field_attr, "href")
    qtbot.wait(1000)
    assert asked == ["href"] and sel.candidate_list() == cands
    # Extract field saves the first candidate, as stored (without the /@href step)
    got: list[str] = []
    window.picking.rule_induced.connect(lambda _n, xp: got.append(xp))
    sel.field_name.setText("prev")
    QTest.mouseClick(sel.field_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(got), timeout=20000)
    field = window.editor.template.field("prev")
    assert (field.kind, field.attribute) == ("attribute", "href")
    assert field.xpaths == (first,), (field.xpaths, first)
    assert got == [first]
    # Back to text after the extraction: the text field's candidates again, once.
    qtbot.waitUntil(lambda: asked == ["href", ""], timeout=5000)
    qtbot.waitUntil(lambda: _rated(sel.candidate_list()), timeout=20000)
    assert sel.candidate_list()[0]["xpath"] == as_text
