"""From a click to a field, on the bundled demo site with a real QtWebEngine view: the Selection
panel's first candidate is the rule Extract field saves from the click, a field extracted again
keeps what it had beside its rule, and every node picked with Ctrl+click stays outlined."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from deboiler_gui.engine.template.selectors import select_elements

ARTICLE_URL = "https://hillside-garden.example/guides/tomatoes.html"
LEAD = "//p[contains(concat(' ', normalize-space(@class), ' '), ' lead ')]"
SHOTS = os.environ.get("DEBOILER_SHOTS", "")


def _pick(qtbot: Any, window: Any, click: Any, xpath: str, modifier: Any = None) -> Any:
    """Click the element at ``xpath`` (on lxml's tree) in the page; wait for site hit rates."""
    el = window.stamped.root.xpath(xpath)[0]
    stamp = window.stamped.stamp_of(el)
    with qtbot.waitSignal(
        window.candidates_updated,
        timeout=20000,
        check_params_cb=lambda c: bool(c) and "rate" in c[0].get("site", {}),
    ):
        click(window.view, stamp, modifier)
    assert window.picking.selected == stamp
    return el


def _last_message(window: Any) -> str:
    return str(window.messages.item(window.messages.count() - 1).text())


def _shot(widget: Any, name: str) -> None:
    """With DEBOILER_SHOTS=DIR, the widget as the user sees it, saved as DIR/NAME.png."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        widget.grab().save(str(Path(SHOTS) / f"{name}.png"))


def _extract_field(qtbot: Any, window: Any, name: str) -> str:
    """Extract field ``name`` from the picked node as the panel stands; the field's XPath."""
    window.selection.field_name.setText(name)
    got: list[str] = []
    window.picking.rule_induced.connect(lambda _n, xp: got.append(xp))
    window.selection.field_button.click()
    qtbot.waitUntil(lambda: bool(got) or "No rule" in _last_message(window), timeout=20000)
    assert got, _last_message(window)
    return got[0]


def test_the_first_candidate_of_a_click_is_the_rule_extract_field_saves(
    qtbot: Any, demo: Any, click: Any
) -> None:
    """The guide's lead paragraph: its own class (`p.lead`, on the 25 pages that have one) is
    the rule the induction gives, and the first candidate; ranked by hit rate first, the
    list opened on `//main[…content…]/article/p[1]`, which takes the first paragraph of the 26
    pages that have one, lead or not, while Extract field saved `p.lead`."""
    el = _pick(qtbot, demo, click, "//article/p[@class='lead']")
    cands = demo.selection.candidate_list()
    first = cands[0]
    assert first["xpath"] == LEAD, [c["xpath"] for c in cands]
    assert first["page_matches"] == 1
    # the site-wide hit rates are still shown, for the first candidate too
    assert first["site"]["one"] == 25 and first["site"]["pages"] == 29, first["site"]
    assert demo.selection.candidates.item(0, 3).text().startswith("25")
    # the positional rule is still offered, after it
    xpaths = [c["xpath"] for c in cands]
    assert any(x.endswith("/article/p[1]") for x in xpaths), xpaths
    assert xpaths.index(LEAD) < min(i for i, x in enumerate(xpaths) if x.endswith("article/p[1]"))
    # preselected, and what Extract field saves
    assert demo.selection.xpath_edit.text() == LEAD
    assert demo.selection.candidates.selectedIndexes()[0].row() == 0
    _shot(demo.selection, "selection-lead-paragraph")
    saved = _extract_field(qtbot, demo, "lead")
    assert saved == LEAD
    assert demo.editor.template.field("lead").xpaths == (LEAD,)
    assert select_elements(demo.stamped.root, saved)[0] is el
    assert "examples from this page" in _last_message(demo), _last_message(demo)


def test_a_pager_links_first_candidate_is_its_own_hook_not_its_position(
    qtbot: Any, demo: Any, click: Any
) -> None:
    """The pager's 'next' link: the first candidate is the rule Extract field saves, and no
    positional path or rule finding several nodes on the page comes before an anchored one
    that finds one."""
    _pick(qtbot, demo, click, "//a[@class='next']")
    cands = demo.selection.candidate_list()
    saved = _extract_field(qtbot, demo, "next")
    assert cands[0]["xpath"] == saved, [c["xpath"] for c in cands]
    assert cands[0]["family"] != "positional" and not saved.startswith("/html")
    rest = cands[1:]
    unique = [c["page_matches"] == 1 for c in rest]
    assert unique == sorted(unique, reverse=True), [(c["xpath"], c["page_matches"]) for c in rest]
    anchored = [c for c in rest if c["page_matches"] == 1 and c["family"] != "positional"]
    positional = [c for c in rest if c["page_matches"] == 1 and c["family"] == "positional"]
    if anchored and positional:
        assert rest.index(anchored[-1]) < rest.index(positional[0])


def test_extracting_a_field_again_replaces_its_rule_and_keeps_everything_else(
    qtbot: Any, demo: Any, click: Any
) -> None:
    """A field with processors, 'required', a title and repair search rules (made by a rule
    file or the CLI) extracted again under its name: only its rule changes, the message says
    which rule it replaced and what the field kept (a new field of the name used to be put
    in its place, without them); Undo gives the whole field back. The same for an XPath
    chosen in the candidate list."""
    from deboiler_gui.engine.template.model import Field, Processor, SearchRules

    made = Field(
        id="summary",
        title="Summary",
        xpaths=("//article/p[2]",),
        required=True,
        processors=(Processor("strip"), Processor("regex", (r"(\w+)",))),
        search=SearchRules(keyword="season", tag="p"),
    )
    demo.editor.reset(demo.editor.template.with_field(made))
    _pick(qtbot, demo, click, "//article/p[@class='lead']")
    saved = _extract_field(qtbot, demo, "summary")
    assert saved == LEAD
    now = demo.editor.template.field("summary")
    assert now.xpaths == (LEAD,)
    assert (now.title, now.required, now.processors) == ("Summary", True, made.processors)
    assert (now.search.keyword, now.search.tag) == ("season", "p")
    assert now.search.fingerprint["examples"] == [ARTICLE_URL]
    assert [f.id for f in demo.editor.template.fields].count("summary") == 1
    line = _last_message(demo)
    assert f"Field summary: rule replaced: was //article/p[2], now {LEAD} (" in line, line
    assert "kept its processors (strip, regex), 'required', its title 'Summary'" in line, line
    assert "and its repair search rules" in line, line
    _shot(demo.messages, "messages-field-replaced")
    demo.undo_action.trigger()
    assert demo.editor.template.field("summary") == made
    # A candidate chosen in the list (used as it is) replaces the rule the same way.
    rows = demo.selection.candidate_list()
    other = next(i for i, c in enumerate(rows) if c["xpath"].endswith("/article/p[1]"))
    demo.selection.candidates.selectRow(other)
    chosen = rows[other]["xpath"]
    assert demo.selection.xpath_edit.text() == chosen
    assert _extract_field(qtbot, demo, "summary") == chosen
    now = demo.editor.template.field("summary")
    assert now.xpaths == (chosen,) and now.processors == made.processors and now.required
    assert [f.id for f in demo.editor.template.fields].count("summary") == 1
    line = _last_message(demo)
    assert f"rule replaced: was //article/p[2], now {chosen} (the XPath chosen" in line, line
    assert "kept its processors (strip, regex)" in line, line


def test_the_messages_show_five_lines_and_a_save_adds_its_line_to_them(
    qtbot: Any, demo: Any, click: Any
) -> None:
    """At the default window size the Messages panel has room for five lines, taking no more
    from the page than that (it had about four: a field's message wrapped on two lines was
    pushed out of view by the save's line, as if the save had cleared the panel). A save
    keeps every message and adds its own line below them."""
    from PySide6.QtWidgets import QDockWidget

    assert (demo.width(), demo.height()) == (1400, 900)
    lines = demo.messages
    line = lines.fontMetrics().lineSpacing()
    assert lines.viewport().height() >= 5 * line, (lines.viewport().height(), line)
    # no more than the five lines (and the frame) taken from the page
    assert lines.viewport().height() < 6 * line, (lines.viewport().height(), line)
    dock = demo.findChild(QDockWidget, "dock-messages")
    _pick(qtbot, demo, click, "//article/p[@class='lead']")
    _extract_field(qtbot, demo, "lead")
    before = [lines.item(i).text() for i in range(lines.count())]
    extracted = before[-1]
    assert "Field lead:" in extracted
    demo.save_action.trigger()
    after = [lines.item(i).text() for i in range(lines.count())]
    assert after[:-1] == before, after
    assert "Saved template 'hillside-garden.example' version 1" in after[-1]
    # the extraction's message is still in view above the save's line
    view = lines.viewport().rect()
    for row in (len(after) - 2, len(after) - 1):
        rect = lines.visualItemRect(lines.item(row))
        assert view.contains(rect), (row, rect, view)
    _shot(dock, "messages-after-save")


def _outlined(qtbot: Any, window: Any) -> list[int]:
    """The stamps of the nodes the page outlines as picked."""
    from conftest import evaluate

    got: dict[str, list[int]] = evaluate(qtbot, window.view, "window.__deboiler.outlines()")
    return sorted(got["selected"])


def test_every_node_picked_with_ctrl_keeps_its_outline_until_a_plain_pick(
    qtbot: Any, demo: Any, click: Any
) -> None:
    """Three steps of the guide picked with Ctrl+clicks in the page, a fourth with a Ctrl+click
    on its row in the DOM tree: each keeps its outline in the page, through the Extract list
    that follows (an edit of the template outlined the last one alone) and a toggle of the
    legend; a plain click starts again with only the new node."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    ctrl = Qt.KeyboardModifier.ControlModifier
    items = demo.stamped.root.xpath("//article//ol/li")
    stamps = [demo.stamped.stamp_of(el) for el in items]
    _pick(qtbot, demo, click, "//article//ol/li[1]")
    for i in (2, 3):
        _pick(qtbot, demo, click, f"//article//ol/li[{i}]", ctrl)
        qtbot.waitUntil(lambda n=i: _outlined(qtbot, demo) == sorted(stamps[:n]), timeout=5000)
    # A Ctrl+click on the fourth step's row in the DOM tree adds it too.
    tree = demo.dom_tree
    tree.scrollTo(demo.dom_model.index_of(stamps[3]))  # the user scrolls to its row
    row = tree.visualRect(demo.dom_model.index_of(stamps[3]))
    assert row.isValid() and tree.viewport().rect().contains(row.center())
    QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, ctrl, row.center())
    qtbot.waitUntil(lambda: demo.picking.selected == stamps[3], timeout=5000)
    assert demo.picking.list_examples == stamps[:4]
    qtbot.waitUntil(lambda: _outlined(qtbot, demo) == sorted(stamps[:4]), timeout=5000)
    if SHOTS:
        qtbot.wait(500)  # painted
    _shot(demo.view, "ctrl-picked-steps")
    # The list extracted from them: the template changes, every pick stays outlined.
    demo.selection.field_name.setText("steps")
    with qtbot.waitSignal(demo.picking.rule_induced, timeout=20000):
        demo.selection.list_button.click()
    assert demo.editor.template.field("steps").is_list
    qtbot.wait(300)
    assert _outlined(qtbot, demo) == sorted(stamps[:4])
    # The field highlights switched off and on again from the legend.
    box = demo.legend.boxes["field"]
    for _ in range(2):
        QTest.mouseClick(box, Qt.MouseButton.LeftButton)
        qtbot.wait(300)
        assert _outlined(qtbot, demo) == sorted(stamps[:4])
    assert box.isChecked()
    _shot(demo.view, "ctrl-picked-steps-after-extract")
    # A plain click picks one node again.
    _pick(qtbot, demo, click, "//article//h1")
    h1 = demo.stamped.stamp_of(demo.stamped.root.xpath("//article//h1")[0])
    qtbot.waitUntil(lambda: _outlined(qtbot, demo) == [h1], timeout=5000)


def test_each_extraction_says_its_values_and_leaves_the_next_field_row_blank(
    qtbot: Any, demo: Any, click: Any
) -> None:
    """The pager's link extracted as its href; then the guide's title typed straight in and
    extracted: it is text, the template stores no attribute for it and the Template panel
    shows it as text alone (the kind selector stayed on "attribute" and the box on "href":
    the next field was saved as `@href`, or as text with "attribute": "href"). After each
    extraction the name box is empty with its placeholder, and the name typed next replaces
    nothing."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    sel = demo.selection
    demo.activateWindow()
    _pick(qtbot, demo, click, "//a[@class='next']")
    # the attribute box offers the link's href once the kind is set to attribute (beside
    # "text" a grey href read as the attribute to be saved)
    assert sel.field_attr.placeholderText() == "" and not sel.field_attr.isEnabled()
    sel.field_kind.setCurrentText("attribute")
    assert sel.field_attr.isEnabled() and sel.field_attr.text() == ""
    assert sel.field_attr.placeholderText() == "href"
    assert sel.output_kind() == ("attribute", "href")
    sel.field_name.setFocus()
    QTest.keyClicks(sel.field_name, "next_url")
    got: list[str] = []
    demo.picking.rule_induced.connect(lambda name, _xp: got.append(name))
    QTest.mouseClick(sel.field_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: got == ["next_url"], timeout=20000)
    link = demo.editor.template.field("next_url")
    assert (link.kind, link.attribute) == ("attribute", "href")
    assert "Field next_url: " in _last_message(demo)
    assert _last_message(demo).endswith("; values: @href"), _last_message(demo)
    # The field row starts afresh: empty name (its placeholder shown), text, no attribute.
    assert sel.field_name.text() == "" and sel.field_name.placeholderText() == "field name"
    assert sel.field_kind.currentText() == "text"
    assert sel.field_attr.text() == "" and not sel.field_attr.isEnabled()
    _shot(sel, "selection-after-extract")
    assert QApplication.focusWidget() is sel.field_name
    # The next name typed where the focus is goes in whole.
    QTest.keyClicks(QApplication.focusWidget(), "heading")
    assert sel.field_name.text() == "heading"
    _pick(qtbot, demo, click, "//article//h1")
    QTest.mouseClick(sel.field_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: got == ["next_url", "heading"], timeout=20000)
    heading = demo.editor.template.field("heading")
    assert (heading.kind, heading.attribute) == ("text", "")
    stored = next(f for f in demo.editor.template.to_dict()["fields"] if f["id"] == "heading")
    assert (stored["kind"], stored["attribute"]) == ("text", "")
    assert _last_message(demo).endswith("; values: text"), _last_message(demo)
    assert demo.rules.items["heading"].text(1).endswith("[text]")
    _shot(demo.messages, "messages-values")
    # The link extracted again, as text, its name typed again with the template's names
    # offered: "ne" completes to the field made first, in the box itself (the rest of the
    # name selected), and the first click on Extract field extracts it: no list of names
    # lies over the buttons.
    _pick(qtbot, demo, click, "//a[@class='next']")
    completer = sel.field_name.completer()
    assert sorted(completer.model().stringList()) == ["heading", "next_url"]
    sel.field_name.setFocus()
    QTest.keyClicks(sel.field_name, "ne")
    assert sel.field_name.text() == "next_url"
    assert sel.field_name.selectedText() == "xt_url"
    popup = completer.popup()
    assert popup is None or not popup.isVisible()
    _shot(sel, "name-completed-inline")
    # the name of the field sets the kind box to the field's; text is chosen after it
    assert sel.output_kind() == ("attribute", "href")
    sel.field_kind.setCurrentText("text")
    QTest.mouseClick(sel.field_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(got) == 3, timeout=20000)
    assert demo.editor.template.field("next_url").kind == "text"
    assert "; values: text (were @href)" in _last_message(demo), _last_message(demo)
