"""Deleting a field takes it out of the value preview and out of the fields that look wrong at
once, and the last field's deletion empties the preview; it takes its clicked examples along,
so a new field of its name starts from its own clicks (Undo gives them back with the field)."""

from __future__ import annotations

from typing import Any

ARTICLE_URL = "https://hillside-garden.example/guides/tomatoes.html"


def _headers(demo: Any) -> list[str]:
    table = demo.rules.preview
    return [table.horizontalHeaderItem(i).text() for i in range(table.columnCount())]


def _delete(qtbot: Any, demo: Any, field: str) -> None:
    demo.rules.tree.setCurrentItem(demo.rules.items[field])
    demo.rules.items[field].setSelected(True)
    assert demo.rules.selected() == ("fields", field)
    demo.rules.delete_button.click()
    qtbot.waitUntil(lambda: field not in [f.id for f in demo.editor.template.fields])


def test_a_deleted_field_leaves_the_preview_and_the_look_wrong_line(qtbot: Any, demo: Any) -> None:
    with qtbot.waitSignal(
        demo.picking.checked, timeout=30000, check_params_cb=lambda c: "title" in c.fields
    ):
        demo.editor.add_field("title", "//article//h1")
    with qtbot.waitSignal(
        demo.picking.checked, timeout=30000, check_params_cb=lambda c: "rare" in c.fields
    ):
        demo.editor.add_field("rare", "//h1[normalize-space(.)='Growing Tomatoes']")
    assert _headers(demo) == ["Page", "title", "rare"]
    assert demo.rules.preview_label.text().endswith("1 field looks wrong: rare")
    _delete(qtbot, demo, "rare")
    # At once, before the next check of the template arrives.
    assert _headers(demo) == ["Page", "title"]
    assert demo.rules.preview_label.text().endswith("no field looks wrong")
    qtbot.wait(1500)  # the next check, when it comes, agrees
    assert _headers(demo) == ["Page", "title"]
    assert "rare" not in demo.rules.preview_label.text()
    # The last field deleted: no preview is left.
    _delete(qtbot, demo, "title")
    qtbot.wait(1500)
    assert demo.rules.preview.rowCount() == 0
    assert "title" not in _headers(demo)
    assert demo.rules.preview_label.text() == "Values on sample pages: add a field"


PEPPERS_URL = "https://hillside-garden.example/guides/peppers.html"


def _pick(qtbot: Any, demo: Any, click: Any, xpath: str, modifier: Any = None) -> None:
    stamp = demo.stamped.stamp_of(demo.stamped.root.xpath(xpath)[0])
    with qtbot.waitSignal(
        demo.candidates_updated,
        timeout=20000,
        check_params_cb=lambda c: bool(c) and "rate" in c[0].get("site", {}),
    ):
        click(demo.view, stamp, modifier)
    assert demo.picking.selected == stamp


def _extract_list(qtbot: Any, demo: Any, click: Any, name: str, items: list[str]) -> str:
    from PySide6.QtCore import Qt

    _pick(qtbot, demo, click, items[0])
    for xpath in items[1:]:
        _pick(qtbot, demo, click, xpath, Qt.KeyboardModifier.ControlModifier)
    demo.selection.field_name.setText(name)
    got: list[str] = []
    demo.picking.rule_induced.connect(lambda _n, xp: got.append(xp))
    demo.selection.list_button.click()
    qtbot.waitUntil(lambda: bool(got) or "No rule" in _last_message(demo), timeout=20000)
    assert got, _last_message(demo)
    return got[0]


def _last_message(demo: Any) -> str:
    return str(demo.messages.item(demo.messages.count() - 1).text())


def test_a_deleted_list_takes_its_clicks_along_and_undo_brings_them_back(
    qtbot: Any, demo: Any, click: Any
) -> None:
    """The guide's steps extracted as the list 'toc' on one page, then deleted; a new list
    'toc' of the sidebar's guides on another page is induced from its own clicks (the deleted
    list's steps used to be added to them, and the induction was refused or mixed both)."""
    steps = [f"//article//ol/li[{i}]" for i in (1, 2, 3)]
    _extract_list(qtbot, demo, click, "toc", steps)
    assert {c.url for c in demo.picking.examples["toc"]} == {ARTICLE_URL}
    _delete(qtbot, demo, "toc")
    assert "toc" not in demo.picking.examples
    with qtbot.waitSignal(demo.view.highlights_applied, timeout=10000):
        demo.select_url(PEPPERS_URL)
    guides = [f"//aside//ul/li[{i}]/a" for i in (1, 2, 3)]
    xpath = _extract_list(qtbot, demo, click, "toc", guides)
    line = _last_message(demo)
    assert f"List toc: {xpath} matches 4 items on this page" in line, line
    assert "(examples from this page" in line, line
    found = demo.stamped.root.xpath(xpath)
    assert [el.text for el in found][:3] == [demo.stamped.root.xpath(g)[0].text for g in guides]
    assert all(not el.xpath("ancestor::article") for el in found)
    assert {c.url for c in demo.picking.examples["toc"]} == {PEPPERS_URL}
    assert demo.editor.template.field("toc").search.fingerprint["examples"] == [PEPPERS_URL]
    # Undo the new list, then the delete: the first list is back with its own clicks.
    demo.undo_action.trigger()
    assert "toc" not in [f.id for f in demo.editor.template.fields]
    assert "toc" not in demo.picking.examples
    demo.undo_action.trigger()
    assert demo.editor.template.field("toc").is_list
    assert {c.url for c in demo.picking.examples["toc"]} == {ARTICLE_URL}
    assert len(demo.picking.examples["toc"]) == 3
