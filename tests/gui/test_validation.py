"""Inline validation of the expression boxes: a red border and a message under the box while
the text is invalid, cleared by the next valid input; the actions that would use the text wait."""

from __future__ import annotations

from typing import Any

from PySide6.QtTest import QTest

from deboiler_gui.app.validation import fresh_name, regex_error, selector_error
from deboiler_gui.gui.dialogs.filter import FilterDialog
from deboiler_gui.gui.panels.selection import SelectionPanel
from deboiler_gui.gui.panels.validation import ERROR_STYLE


def _type(edit: Any, text: str) -> None:
    edit.clear()
    QTest.keyClicks(edit, text)


def test_checks_name_what_is_wrong() -> None:
    assert selector_error("//div[") and "XPath" in str(selector_error("//div["))
    assert "CSS" in str(selector_error("div..menu"))
    assert selector_error("//ul/li[%d]/a") is None and selector_error("div.menu > a") is None
    assert selector_error("") is None
    assert "regular expression" in str(regex_error("([a-z"))
    assert regex_error(r"\bsoil\b") is None
    assert fresh_name("field", {"field", "field-2", "title"}) == "field-3"
    assert fresh_name("title", set()) == "title"


def test_selection_xpath_box_shows_its_error_and_holds_the_buttons(qtbot: Any) -> None:
    panel = SelectionPanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.show_node("/html/body/div", "text", {}, 1)
    check = panel.xpath_check
    _type(panel.xpath_edit, "//div[@id='nav'")
    assert panel.xpath_edit.styleSheet() == ERROR_STYLE
    assert check.message.isVisible() and "invalid XPath" in check.message.text()
    assert not panel.remove_button.isEnabled() and not panel.field_button.isEnabled()
    with qtbot.assertNotEmitted(panel.remove_requested):
        panel._emit_rule(panel.remove_requested)
    QTest.keyClicks(panel.xpath_edit, "]")
    assert panel.xpath_edit.styleSheet() == "" and not check.message.isVisible()
    assert panel.remove_button.isEnabled() and panel.keep_button.isEnabled()
    panel.propose_field_name({"field", "title"})
    assert panel.field_name.text() == "field-2"


def test_filter_dialog_boxes_validate_inline_and_block_ok(qtbot: Any) -> None:
    dialog = FilterDialog(None)
    qtbot.addWidget(dialog)
    dialog.show()
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    dialog.kind.setCurrentIndex(dialog.kind.findData("text"))
    _type(dialog.pattern, "(unclosed")
    pattern = dialog.checks["pattern"]
    assert pattern.message.isVisible() and "regular expression" in pattern.message.text()
    assert dialog.pattern.styleSheet() == ERROR_STYLE and not ok.isEnabled()
    QTest.keyClicks(dialog.pattern, ")")
    assert not pattern.message.isVisible() and dialog.pattern.styleSheet() == "" and ok.isEnabled()
    dialog.kind.setCurrentIndex(dialog.kind.findData("attribute"))
    _type(dialog.selector, "div[")
    assert dialog.checks["selector"].message.isVisible() and not ok.isEnabled()
    _type(dialog.selector, "div.ad")
    assert not dialog.checks["selector"].message.isVisible() and ok.isEnabled()
    # The value is a regex only with the regex operator.
    _type(dialog.value, "[ad")
    assert not dialog.checks["value"].message.isVisible() and ok.isEnabled()
    dialog.op.setCurrentText("regex")
    assert dialog.checks["value"].message.isVisible() and not ok.isEnabled()
    dialog.op.setCurrentText("contains")
    assert not dialog.checks["value"].message.isVisible() and ok.isEnabled()
