"""Attribute fields from clicks, with a real QtWebEngine view: an image in a link gives the
link's href (the example is the link), an attribute field carries no warning meant for text
fields, and an attribute no clicked node has is refused before anything is extracted."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest

SHOTS = os.environ.get("DEBOILER_SHOTS", "")


def _site(tmp_path: Path) -> Path:
    """Reference pages whose 'next' link is an arrow image (gtk-doc's navigation bar)."""
    root = tmp_path / "ref"
    root.mkdir()
    for i in range(8):
        (root / f"p{i}.html").write_text(
            "<html><body><table class='navigation'><tr>"
            f"<td><a accesskey='n' href='p{i + 1}.html'><img src='right.png' alt='Next' width='24' height='24'></a></td>"
            f"</tr></table><h1>Widget {i}</h1><p>{'text ' * (i + 3)}</p></body></html>"
        )
    return root


def _messages(window: Any) -> list[str]:
    return [str(window.messages.item(i).text()) for i in range(window.messages.count())]


def _pick_img(qtbot: Any, window: Any, click: Any) -> None:
    el = window.stamped.root.xpath("//img")[0]
    stamp = window.stamped.stamp_of(el)
    with qtbot.waitSignal(
        window.candidates_updated,
        timeout=20000,
        check_params_cb=lambda c: bool(c) and "rate" in c[0].get("site", {}),
    ):
        click(window.view, stamp)
    assert window.picking.selected == stamp


def test_an_image_link_gives_its_href_as_an_attribute_field_without_a_text_warning(
    qtbot: Any, window: Any, click: Any, tmp_path: Path
) -> None:
    finished: list[str] = []
    window.job_finished.connect(lambda name, outcome: finished.append(f"{name}:{outcome}"))
    window.open_path(str(_site(tmp_path)))
    qtbot.waitUntil(lambda: "analyse:finished" in finished and window.view.ready, timeout=60000)
    sel = window.selection
    window.activateWindow()
    _pick_img(qtbot, window, click)
    # the image's own src offered, and the link's href beside it, for an attribute field
    assert sel.field_attr.placeholderText() == ""
    sel.field_kind.setCurrentText("attribute")
    assert sel.field_attr.placeholderText() == "src (or the link's href)"
    assert sel.field_attr.text() == ""  # offered in grey, never written in
    sel.field_attr.setFocus()
    QTest.keyClicks(sel.field_attr, "href")
    sel.field_name.setFocus()
    QTest.keyClicks(sel.field_name, "next_href")
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        sel.grab().save(str(Path(SHOTS) / "attribute-image-link.png"))
    got: list[str] = []
    window.picking.rule_induced.connect(lambda name, xp: got.append(xp))
    before = len(_messages(window))
    QTest.mouseClick(sel.field_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(got), timeout=20000)
    field = window.editor.template.field("next_href")
    assert (field.kind, field.attribute) == ("attribute", "href")
    # the rule is the link's (the img has no href): it gives the next page on every page
    assert field.xpaths[0].endswith("a") or "/a[" in field.xpaths[0], field.xpaths
    assert window.stamped.root.xpath(f"{field.xpaths[0]}/@href") == ["p1.html"]
    said = _messages(window)[before:]
    assert any(m.endswith("; values: @href") for m in said), said
    assert not any("holds no text" in m for m in said), said
    # How the click is read is said as information, not as a fault: no mark, not red.
    note = next(
        i
        for i in range(before, window.messages.count())
        if "the clicked img has no 'href': the rule takes the a's around it"
        in window.messages.item(i).text()
    )
    item = window.messages.item(note)
    assert "⚠" not in item.text(), item.text()
    assert item.foreground().color() != QColor(Qt.GlobalColor.red)
    if SHOTS:
        window.messages.grab().save(str(Path(SHOTS) / "attribute-image-link-messages.png"))
    # A mistyped attribute (no clicked node has it, nor the link around it) is refused,
    # naming what the node has.
    _pick_img(qtbot, window, click)
    sel.field_kind.setCurrentText("attribute")
    sel.field_attr.setFocus()
    QTest.keyClicks(sel.field_attr, "hrefhref")
    sel.field_name.setFocus()
    QTest.keyClicks(sel.field_name, "broken")
    QTest.mouseClick(sel.field_button, Qt.MouseButton.LeftButton)
    qtbot.wait(500)
    last = _messages(window)[-1]
    assert "No attribute 'hrefhref' on the clicked img" in last, last
    assert "src, alt, width, height" in last and "the a around it has accesskey, href" in last, last
    assert all(f.id != "broken" for f in window.editor.template.fields)
    # a real fault stays red
    assert window.messages.item(window.messages.count() - 1).foreground().color() == QColor(
        Qt.GlobalColor.red
    )
