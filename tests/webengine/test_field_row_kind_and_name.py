"""The field row with a real QtWebEngine view: an Extract with no name proposes one read
from the node (a link's label, a heading's role) and waits for it to be confirmed, never a
silent ``field``; the kind box follows the field named in it (a second example of an href
field is stored as href) unless the user chose a kind, which is kept and said to change the
field's; each new pick starts from text or the named field's kind, never from a kind left over
from an earlier node or extraction; and the line under the row says where the kind comes
from whenever the app sets it."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

SHOTS = os.environ.get("DEBOILER_SHOTS", "")


def _site(tmp_path: Path) -> Path:
    root = tmp_path / "manual"
    root.mkdir()
    for i in range(8):
        toc = "".join(f"<li><a href='s{i}{k}.html'>Section {i}.{k}</a></li>" for k in range(4))
        (root / f"p{i}.html").write_text(
            "<html><body><div class='nav'>"
            f"<a accesskey='n' href='p{i + 1}.html'>Next</a> "
            f"<a accesskey='u' href='index.html'>Up</a></div>"
            f"<h1>Chapter {i}</h1><p class='lead'>{'words ' * (i + 4)}</p>"
            f"<ul id='toc'>{toc}</ul></body></html>"
        )
    return root


def _messages(window: Any) -> list[str]:
    return [str(window.messages.item(i).text()) for i in range(window.messages.count())]


def _open(qtbot: Any, window: Any, tmp_path: Path) -> None:
    finished: list[str] = []
    window.job_finished.connect(lambda name, outcome: finished.append(f"{name}:{outcome}"))
    window.open_path(str(_site(tmp_path)))
    qtbot.waitUntil(lambda: "analyse:finished" in finished and window.view.ready, timeout=60000)
    window.activateWindow()


def _pick(qtbot: Any, window: Any, click: Any, xpath: str, modifier: Any = None) -> None:
    el = window.stamped.root.xpath(xpath)[0]
    stamp = window.stamped.stamp_of(el)
    with qtbot.waitSignal(
        window.candidates_updated,
        timeout=20000,
        check_params_cb=lambda c: bool(c) and "rate" in c[0].get("site", {}),
    ):
        click(window.view, stamp, modifier)
    assert window.picking.selected == stamp


def _extract(qtbot: Any, window: Any, button: Any) -> None:
    with qtbot.waitSignal(window.picking.rule_induced, timeout=20000):
        QTest.mouseClick(button, Qt.MouseButton.LeftButton)


def _show(qtbot: Any, window: Any, name: str) -> None:
    if window.page is not None and window.page.url.endswith("/" + name):
        return
    model = window.page_model
    url = next(
        u for u in (model.url_at(r) for r in range(model.rowCount())) if u.endswith("/" + name)
    )
    with qtbot.waitSignal(window.view.highlights_applied, timeout=20000):
        window.select_url(url)
    qtbot.waitUntil(lambda: window.view.ready, timeout=20000)


def test_an_extract_without_a_name_proposes_one_from_the_node_and_waits(
    qtbot: Any, window: Any, click: Any, tmp_path: Path
) -> None:
    _open(qtbot, window, tmp_path)
    sel = window.selection
    _pick(qtbot, window, click, "//h1")
    assert sel.field_name.text() == ""
    QTest.mouseClick(sel.field_button, Qt.MouseButton.LeftButton)
    # nothing extracted: the name proposed is in the box, selected, and said
    assert [f.id for f in window.editor.template.fields] == []
    assert sel.field_name.text() == "title" and sel.field_name.selectedText() == "title"
    said = _messages(window)[-1]
    assert "No name given: 'title' proposed for the field, from the h1 heading's role" in said
    assert "Press Extract field again" in sel.examples_label.text()
    _extract(qtbot, window, sel.field_button)
    assert [f.id for f in window.editor.template.fields] == ["title"]
    # a link: its label; as href: the attribute said in the name
    _pick(qtbot, window, click, "//a[@accesskey='n']")
    sel.field_kind.setCurrentText("attribute")
    QTest.mouseClick(sel.field_button, Qt.MouseButton.LeftButton)
    assert sel.field_name.text() == "next_href"
    _extract(qtbot, window, sel.field_button)
    field = window.editor.template.field("next_href")
    assert (field.kind, field.attribute) == ("attribute", "href")
    # a name taken is made unique, and said so; never 'field'
    _pick(qtbot, window, click, "//h1")
    QTest.mouseClick(sel.field_button, Qt.MouseButton.LeftButton)
    assert sel.field_name.text() == "title-2"
    assert "('title' is taken)" in _messages(window)[-1]
    # a list: the name of its container
    _pick(qtbot, window, click, "//ul/li[1]/a")
    _pick(qtbot, window, click, "//ul/li[2]/a", Qt.KeyboardModifier.ControlModifier)
    sel.field_name.clear()
    QTest.mouseClick(sel.list_button, Qt.MouseButton.LeftButton)
    assert sel.field_name.text() == "toc"
    assert all(
        f.id != "field" and not f.id.startswith("items") for f in window.editor.template.fields
    )


def test_each_new_pick_starts_from_the_kind_that_fits_the_node(
    qtbot: Any, window: Any, click: Any, tmp_path: Path
) -> None:
    _open(qtbot, window, tmp_path)
    sel = window.selection
    _show(qtbot, window, "p0.html")
    # a choice left on a node does not carry over to the next pick
    _pick(qtbot, window, click, "//p[@class='lead']")
    sel.field_kind.setCurrentText("html")
    _pick(qtbot, window, click, "//h1")
    assert sel.field_kind.currentText() == "text"
    # text takes no attribute: the link's href is not offered in grey beside "text"
    _pick(qtbot, window, click, "//a[@accesskey='n']")
    assert sel.field_kind.currentText() == "text" and sel.field_attr.placeholderText() == ""
    sel.field_kind.setCurrentText("attribute")
    assert sel.field_attr.placeholderText() == "href"
    _pick(qtbot, window, click, "//ul/li[1]/a")
    assert sel.field_kind.currentText() == "text"  # a new pick, no field named: text
    sel.field_kind.setCurrentText("html")
    _pick(qtbot, window, click, "//ul/li[2]/a", Qt.KeyboardModifier.ControlModifier)
    # a Ctrl+click adds an example to the list being picked: the kind chosen for it stays
    assert sel.field_kind.currentText() == "html"


def test_a_second_example_of_an_href_field_is_stored_as_href(
    qtbot: Any, window: Any, click: Any, tmp_path: Path
) -> None:
    _open(qtbot, window, tmp_path)
    sel = window.selection
    _show(qtbot, window, "p0.html")
    _pick(qtbot, window, click, "//a[@accesskey='n']")
    sel.field_kind.setCurrentText("attribute")
    assert sel.field_attr.placeholderText() == "href"
    QTest.keyClicks(sel.field_name, "next_href")
    _extract(qtbot, window, sel.field_button)
    assert sel.field_kind.currentText() == "text"  # the row starts afresh, and says so
    assert sel.kind_note.text() == (
        "'next_href' saved as @href; the row is back to text for the next field"
    )
    # the second example, on another page: the name typed sets the field's kind
    _show(qtbot, window, "p3.html")
    _pick(qtbot, window, click, "//a[@accesskey='n']")
    sel.field_kind.setCurrentText("text")  # where the box stood
    sel.field_name.setFocus()
    QTest.keyClicks(sel.field_name, "nex")  # completed in the box to next_href
    assert sel.field_name.text() == "next_href"
    assert (sel.field_kind.currentText(), sel.output_kind()) == ("attribute", ("attribute", "href"))
    assert sel.kind_note.text() == "@href: the kind of field 'next_href'"
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        sel.grab().save(str(Path(SHOTS) / "field-row-follows-field.png"))
    before = len(_messages(window))
    _extract(qtbot, window, sel.field_button)
    field = window.editor.template.field("next_href")
    assert (field.kind, field.attribute) == ("attribute", "href")
    said = _messages(window)[before:]
    assert any("values: @href" in m and "were" not in m for m in said), said
    # a link picked again with no name: text, a new field's kind (no kind remembered from
    # the last link: a text field named after it was saved as @href unnoticed)
    _pick(qtbot, window, click, "//a[@accesskey='u']")
    assert sel.field_kind.currentText() == "text"
    assert sel.kind_note.text().startswith("text: a new field's kind")
    # typing another name: back to a new field's kind, said so
    _pick(qtbot, window, click, "//a[@accesskey='n']")
    QTest.keyClicks(sel.field_name, "next_href")
    assert sel.field_kind.currentText() == "attribute"
    sel.field_name.clear()
    QTest.keyClicks(sel.field_name, "label")
    assert sel.field_kind.currentText() == "text"
    assert sel.kind_note.text().startswith("text: a new field's kind")


def test_the_kind_chosen_is_never_replaced_silently(
    qtbot: Any, window: Any, click: Any, tmp_path: Path
) -> None:
    """The sequence of a new user on the zsh manual: prev_href as an attribute, then another
    link named as a text field, then an existing field's name typed after a kind was chosen."""
    _open(qtbot, window, tmp_path)
    sel = window.selection
    _show(qtbot, window, "p0.html")
    _pick(qtbot, window, click, "//a[@accesskey='n']")
    sel.field_kind.setCurrentText("attribute")  # chosen before the name
    assert sel.kind_note.text() == "@href: your choice (kept until Extract or the next click)"
    QTest.keyClicks(sel.field_name, "next_href")
    assert sel.output_kind() == ("attribute", "href")
    _extract(qtbot, window, sel.field_button)
    field = window.editor.template.field("next_href")
    assert (field.kind, field.attribute) == ("attribute", "href")
    # the row is back to text and says what was saved
    assert sel.field_kind.currentText() == "text"
    assert "'next_href' saved as @href; the row is back to text" in sel.kind_note.text()
    # another link, no field yet: text, said so, and a text field it is
    _pick(qtbot, window, click, "//a[@accesskey='u']")
    assert (sel.field_kind.currentText(), sel.output_kind()) == ("text", ("text", ""))
    assert sel.kind_note.text() == "text: a new field's kind (choose html or attribute)"
    sel.field_name.setFocus()
    QTest.keyClicks(sel.field_name, "up_text")
    assert sel.field_kind.currentText() == "text"
    before = len(_messages(window))
    _extract(qtbot, window, sel.field_button)
    field = window.editor.template.field("up_text")
    assert (field.kind, field.attribute) == ("text", "")
    assert any("values: text" in m for m in _messages(window)[before:])
    # a kind chosen, then the name of a field of another kind: the choice stays, the row says
    # it changes the field's kind, and Extract field saves what the row shows
    _show(qtbot, window, "p3.html")
    _pick(qtbot, window, click, "//a[@accesskey='u']")
    sel.field_kind.setCurrentText("attribute")
    sel.field_name.setFocus()
    QTest.keyClicks(sel.field_name, "up_text")
    assert sel.field_name.text() == "up_text"
    assert sel.output_kind() == ("attribute", "href")
    assert sel.kind_note.text() == (
        "@href: your choice; Extract field changes field 'up_text' from text to @href"
    )
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        sel.grab().save(str(Path(SHOTS) / "kind-row-your-choice.png"))
    # a new click drops the choice: back to the named field's kind, said with what was dropped
    _pick(qtbot, window, click, "//a[@accesskey='n']")
    assert sel.output_kind() == ("text", "")
    assert sel.kind_note.text() == (
        "text: the kind of field 'up_text' (@href was chosen for the node before)"
    )
    # and a choice on a node with no name, dropped by the next click, is said too
    sel.field_name.clear()
    sel.field_kind.setCurrentText("html")
    _pick(qtbot, window, click, "//h1")
    assert sel.field_kind.currentText() == "text"
    assert sel.kind_note.text().startswith("Kind back to text: a new click starts from text")
    if SHOTS:
        sel.grab().save(str(Path(SHOTS) / "kind-row-new-click.png"))
