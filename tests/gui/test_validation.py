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


def test_the_field_row_starts_afresh_after_an_extraction(qtbot: Any) -> None:
    """The attribute box is used by attribute fields alone and offers the clicked link's href;
    after an extraction the name box is empty (its placeholder showing) and the output kind
    is back to text: nothing of the last field carries over to the next unseen."""
    panel = SelectionPanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.show_node("/html/body/div/a[2]", "Next", {"class": "next", "href": "b.html"}, 1)
    assert not panel.field_attr.isEnabled() and panel.field_attr.placeholderText() == ""
    panel.field_kind.setCurrentText("attribute")
    # offered, never written in: the box stays empty and the link's href is what it gives
    assert panel.field_attr.isEnabled() and panel.field_attr.text() == ""
    assert panel.field_attr.placeholderText() == "href"
    assert panel.output_kind() == ("attribute", "href")
    # a new pick starts from the kind that fits the node: an image (no kind extracted from
    # one yet) from text, never from the attribute left on the link; as an attribute: its src
    panel.show_node("/html/body/div/img", "", {"src": "a.png", "alt": "A"}, 1)
    assert panel.output_kind() == ("text", "")
    panel.field_kind.setCurrentText("attribute")
    assert panel.output_kind() == ("attribute", "src")
    _type(panel.field_attr, "alt")
    _type(panel.field_name, "photo")
    with qtbot.waitSignal(panel.field_requested) as asked:
        panel.field_button.click()
    assert asked.args == ["", "photo", "attribute", "alt"]
    panel.ready_for_next()
    assert panel.field_name.text() == "" and panel.field_name.placeholderText() == "field name"
    assert panel.field_kind.currentText() == "text"
    assert panel.field_attr.text() == "" and not panel.field_attr.isEnabled()
    # A text field asks for no attribute, whatever the box held; an empty name is left for
    # the default naming (a fresh field, field-2…).
    panel.field_kind.setCurrentText("attribute")
    panel.field_kind.setCurrentText("text")
    with qtbot.waitSignal(panel.field_requested) as asked:
        panel.field_button.click()
    assert asked.args == ["", "", "text", ""]
    with qtbot.waitSignal(panel.list_requested) as asked:
        panel.list_button.click()
    assert asked.args == ["", "text", ""]


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


def test_the_attribute_offered_is_used_from_an_empty_box_and_a_name_typed_replaces_it(
    qtbot: Any,
) -> None:
    """The attribute box shows the picked node's attribute in grey and gives it while left
    empty; a name typed goes in whole (before, the grey 'href' was written into the box once
    the kind was set to attribute, and 'href' typed after it made '@hrefhref'). An image in a
    link offers the link's href beside its own src."""
    panel = SelectionPanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.show_node("/html/body/div/a", "Next", {"href": "b.html"}, 1)
    panel.field_kind.setCurrentText("attribute")
    panel.field_attr.setFocus()
    QTest.keyClicks(panel.field_attr, "href")  # typed where the box is, nothing cleared
    assert panel.field_attr.text() == "href"
    assert panel.output_kind() == ("attribute", "href")
    panel.ready_for_next()
    panel.show_node("/html/body/div/a/img", "", {"src": "next.png", "alt": "Next"}, 1, link="href")
    # an image: no kind extracted from one yet, so text, and no attribute offered beside it
    assert panel.field_kind.currentText() == "text" and panel.field_attr.placeholderText() == ""
    panel.field_kind.setCurrentText("attribute")
    assert panel.field_attr.placeholderText() == "src (or the link's href)"
    panel.resize(466, 480)  # a third of a 1400-pixel window: the offer is read whole
    QTest.qWait(50)
    words = panel.field_attr.fontMetrics().horizontalAdvance(panel.field_attr.placeholderText())
    assert words < panel.field_attr.width() - 8, (words, panel.field_attr.width())
    panel.field_kind.setCurrentText("attribute")
    assert panel.output_kind() == ("attribute", "src")
    _type(panel.field_attr, "href")
    assert panel.output_kind() == ("attribute", "href")
    # a span in a link, without an attribute of its own to give: the link's
    panel.ready_for_next()
    panel.show_node("/html/body/a/span", "Next", {"class": "x"}, 1, link="href")
    panel.field_kind.setCurrentText("attribute")
    assert panel.field_attr.placeholderText() == "href (the link's)"
    assert panel.output_kind() == ("attribute", "href")
