"""The selection panel: text, attributes and ranked XPath candidates of the picked node, and the
actions that turn a pick into a rule, a field or a list."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QStringListModel, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QCompleter,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deboiler_gui.app.validation import selector_error
from deboiler_gui.engine.words import plural
from deboiler_gui.gui.panels.validation import InlineCheck

#: The XPath column keeps at least this share of the candidate table's width, and this many
#: pixels, before the site rates drop their words ("332 · 668 · 0" for "332 one · 668 none ·
#: 0 many").
XPATH_SHARE = 0.5
XPATH_MIN = 200

#: Milliseconds the output kind and attribute must stay unchanged before the candidates are
#: asked again for them: a name typed in the attribute box asks once, not at each key.
OUTPUT_KIND_SETTLE_MS = 350

#: The attribute a clicked element naturally gives (a link's target, an image's source): what
#: the attribute box offers for it (its placeholder), and what an attribute field of the node
#: takes while the box is left empty.
NATURAL_ATTRIBUTES = {
    "a": "href",
    "area": "href",
    "link": "href",
    "img": "src",
    "source": "src",
    "video": "src",
    "audio": "src",
    "iframe": "src",
    "embed": "src",
    "form": "action",
    "object": "data",
}


def natural_attribute(path: str, attributes: dict[str, str]) -> str:
    """The attribute the node at ``path`` naturally gives (``href`` of a link, ``src`` of an
    image) when it has one, else ""."""
    tag = path.rstrip("/").rsplit("/", 1)[-1].split("[", 1)[0].lower()
    name = NATURAL_ATTRIBUTES.get(tag, "")
    return name if name in attributes else ""


#: The line under the field row when a new field starts from text.
NEW_FIELD_KIND = "text: a new field's kind (choose html or attribute)"


def output_words(kind: str, attribute: str) -> str:
    """A field's output kind as the messages and the kind row say it: "text", "html",
    "@href"."""
    return f"@{attribute}" if kind == "attribute" else kind


def _rate_text(site: dict[str, Any], short: bool = False) -> str:
    """The site rate in one short cell: the three counts, never cut off by an elision; without
    their words when ``short``."""
    if not site:
        return "…"
    one, none, many = site.get("one", 0), site.get("none", 0), site.get("many", 0)
    if short:
        return f"{one} · {none} · {many}"
    return f"{one} one · {none} none · {many} many"


def _rate_tooltip(site: dict[str, Any]) -> str:
    if not site:
        return "site rate: being measured"
    pages = site.get("pages", 0)
    whole = site.get("site_pages", pages)
    over = (
        f"Over {pages:,} {plural(pages, 'page')} of the site"
        if pages >= whole
        else f"Over {pages:,} of the site's {whole:,} pages (the ones kept for clicks, spread "
        "over the site)"
    )
    return (
        f"{over}: exactly one match on {site.get('one', 0)} "
        f"({site.get('rate', 0):.0%}), none on {site.get('none', 0)}, "
        f"several on {site.get('many', 0)}"
    )


class SelectionPanel(QWidget):
    """What was picked and what can be made of it."""

    remove_requested = Signal(str)
    keep_requested = Signal(str)
    field_requested = Signal(str, str, str, str)  # xpath, name, kind, attribute
    list_requested = Signal(str, str, str)  # name, kind, attribute (examples are the picks)
    not_requested = Signal()  # the picked node is a counter-example of the next field or list
    # The output kind and attribute (as output_kind() gives them) once they settle after a
    # change: the candidates are ranked again for them.
    output_kind_changed = Signal(str, str)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.path_label = QLabel("Click an element in the page.")
        self.path_label.setWordWrap(True)
        self.path_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.path_label)
        split = QSplitter(Qt.Orientation.Vertical)
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setPlaceholderText("Text of the selected node")
        split.addWidget(self.text)
        self.attributes = QTableWidget(0, 2)
        self.attributes.setHorizontalHeaderLabels(["Attribute", "Value"])
        self.attributes.horizontalHeader().setStretchLastSection(True)
        self.attributes.verticalHeader().hide()
        split.addWidget(self.attributes)
        self.candidates = QTableWidget(0, 4)
        self.candidates.setHorizontalHeaderLabels(["XPath", "Kind", "Page", "Site"])
        site_header = self.candidates.horizontalHeaderItem(3)
        if site_header is not None:
            site_header.setToolTip(
                "Over the site: pages where the XPath matches exactly one node · none · several "
                "(in a narrow panel the counts alone, in that order; the sentence in each "
                "cell's tooltip)"
            )
        header = self.candidates.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        # The XPath takes what the kind, the page count and the site rate leave.
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        self.candidates.verticalHeader().hide()
        self.candidates.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.candidates.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.candidates.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        # One line a candidate, its XPath elided in the middle (whole in the tooltip): a
        # wrapped XPath took two lines a row, and the panel showed three or four candidates.
        self.candidates.setWordWrap(False)
        self.candidates.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.candidates.verticalHeader().setDefaultSectionSize(
            self.candidates.fontMetrics().height() + 6
        )
        split.addWidget(self.candidates)
        # The site rates say their words only while the XPath keeps most of the width: once
        # they arrived, "332 one · 668 none · 0 many" squeezed the XPath to "//div…h1/a".
        self._short_rates = False
        self.candidates.viewport().installEventFilter(self)
        # The candidate rules are what a pick is for: they get most of the height; the node's
        # text and attributes a few lines each.
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        split.setStretchFactor(2, 4)
        self.text.setMinimumHeight(32)
        self.attributes.setMinimumHeight(48)
        self.candidates.setMinimumHeight(130)  # five candidate rows at least
        # At the first layout: two lines of text, a few attributes, the rest for the
        # candidates (about ten rows in a 1400 x 900 window).
        split.setSizes([40, 70, 400])
        # Dragging a handle never makes a part vanish: the candidates (what a pick is for)
        # keep their five rows, the text and attributes a line or two.
        split.setChildrenCollapsible(False)
        self.split = split
        layout.addWidget(split, 1)

        form = QFormLayout()
        self.xpath_edit = QLineEdit()
        self.xpath_edit.setPlaceholderText("XPath of the rule (pick a candidate or edit)")
        self.xpath_check = InlineCheck(self.xpath_edit, selector_error, self)
        self.xpath_check.changed.connect(lambda _ok: self._update_buttons())
        form.addRow("XPath", self.xpath_check.row)
        row = QHBoxLayout()
        self.field_name = QLineEdit()
        self.field_name.setPlaceholderText("field name")
        self.field_name.setToolTip(
            "The name of the next field or list; left empty, Extract proposes one from the "
            "clicked node (a link's label, a heading's role) and waits for it to be confirmed. "
            "A name already in the template extracts that field again, adding this page's "
            "click to its examples, with the field's kind."
        )
        # The template's field names offered as the name is typed: the box is empty after
        # each extraction, and a field made from clicks on several pages is named again on
        # each page with a letter or two.
        self._field_names = QStringListModel(self)
        completer = QCompleter(self._field_names, self)
        # Inline: the rest of a matching name shown selected in the box, what the box shows
        # being what is used; a popup list lay over the Extract field button, and the first
        # click on the button picked a name from it instead of extracting.
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseSensitive)
        completer.setCompletionMode(QCompleter.CompletionMode.InlineCompletion)
        self.field_name.setCompleter(completer)
        self.field_kind = QComboBox()
        self.field_kind.addItems(["text", "html", "attribute"])
        self.field_kind.setToolTip(
            "What the field's values are: the node's text, its HTML, or one of its attributes "
            "(a link's href, an image's src). A kind you choose is kept until Extract or the "
            "next click; otherwise a field of the template named in the box gives its kind, "
            "and a new field is text. The line under the row says where the kind comes from."
        )
        self.field_attr = QLineEdit()
        self.field_attr.setPlaceholderText("attribute")
        self.field_attr.setToolTip(
            "The attribute an attribute field gives; left empty, the one shown in grey (the "
            "picked node's own: a link's href, an image's src)"
        )
        # Only an attribute field has an attribute: the box is used with that kind alone.
        self.field_attr.setEnabled(False)
        # The attribute the picked node naturally gives, used while the box is empty: it is
        # never written into the box (a name typed after it made '@hrefhref').
        self._natural = ""
        # The attribute the picked node offers (the box's placeholder while the kind is
        # "attribute"; none shown for text and html, which take no attribute).
        self._offer = "attribute"
        # The template's fields by name: kind, attribute, list. A name of one in the name box
        # sets the kind box to the field's (the box shows what will be saved).
        self._field_kinds: dict[str, tuple[str, str, bool]] = {}
        # The field whose kind the box follows, "" when the kind is the user's or a new field's.
        self._following_field = ""
        # The kind and attribute were chosen by the user for this pick (never replaced by the
        # app until Extract or the next plain click, and then said so); the app's own settings
        # go through _set_kind, which leaves this False.
        self._kind_chosen = False
        self._setting_kind = False
        self._tag = ""
        self._node_attributes: tuple[str, ...] = ()
        # Where the kind in the box comes from, under the row: the app never sets a kind
        # without a word there (a link's kind left from an earlier link read as the user's).
        self.kind_note = QLabel("")
        self.kind_note.setWordWrap(True)
        self.kind_note.setToolTip(
            "Where the kind in the row comes from: your choice, the kind of the field named in "
            "the box, or text for a new field; Extract field saves what the row shows"
        )
        self.field_kind.currentTextChanged.connect(self._on_field_kind_changed)
        self.field_attr.textChanged.connect(self._on_field_attr_changed)
        self.field_name.textChanged.connect(self._on_field_name_changed)
        # A change of the output kind or of the attribute is said once it settles.
        self._kind_settle = QTimer(self)
        self._kind_settle.setSingleShot(True)
        self._kind_settle.setInterval(OUTPUT_KIND_SETTLE_MS)
        self._kind_settle.timeout.connect(
            lambda: self.output_kind_changed.emit(*self.output_kind())
        )
        # The attribute box as wide as the name's: its grey offer "src (or the link's href)"
        # is read whole in a panel a third of a 1400-pixel window wide.
        row.addWidget(self.field_name, 1)
        row.addWidget(self.field_kind)
        row.addWidget(self.field_attr, 1)
        form.addRow("Field", row)
        form.addRow("", self.kind_note)
        layout.addLayout(form)
        # Two rows of buttons, what a pick makes of the node first: each label read whole in a
        # panel of a third of a 1400-pixel window (in one row they were cut off).
        buttons = QGridLayout()
        self.remove_button = QPushButton("Remove as noise")
        self.keep_button = QPushButton("Keep")
        self.field_button = QPushButton("Extract field")
        self.field_button.setToolTip(
            "The XPath above (the chosen candidate, the preselected best one, or one typed) is "
            "used as it is; extract the same field name on another page to induce the rule "
            "from the clicks on both pages"
        )
        self.list_button = QPushButton("Extract list")
        self.list_button.setToolTip(
            "Ctrl+click a few items of the list first: the rule is anchored on their own list"
        )
        self.not_button = QPushButton("Not this")
        self.not_button.setToolTip(
            "The picked node must not be selected by the next field or list rule"
        )
        places = {
            self.field_button: (0, 0),
            self.list_button: (0, 1),
            self.not_button: (0, 2),
            self.remove_button: (1, 0),
            self.keep_button: (1, 1),
        }
        for b, (r, c) in places.items():
            b.setEnabled(False)
            # Never narrower than the label: the panel's minimum width follows from them.
            b.setMinimumWidth(b.sizeHint().width())
            buttons.addWidget(b, r, c)
        layout.addLayout(buttons)
        self.examples_label = QLabel("")
        layout.addWidget(self.examples_label)

        self.candidates.itemSelectionChanged.connect(self._on_candidates_selection_changed)
        self.remove_button.clicked.connect(lambda: self._emit_rule(self.remove_requested))
        self.keep_button.clicked.connect(lambda: self._emit_rule(self.keep_requested))
        self.field_button.clicked.connect(self._on_field_button_clicked)
        self.list_button.clicked.connect(self._on_list_button_clicked)
        self.not_button.clicked.connect(self.not_requested)
        # An XPath typed by hand is used as it is; otherwise the rule is induced from the clicks.
        self._hand_written = False
        self._candidates: list[dict[str, Any]] = []
        # Once the user picks a candidate or edits the XPath, late site-wide answers must not
        # overwrite the choice.
        self._user_chose = False
        self.xpath_edit.textEdited.connect(self._on_xpath_edit_text_edited)

    def _on_xpath_edit_text_edited(self, _text: str) -> None:
        self._user_chose = True
        self._hand_written = True

    def show_node(
        self,
        path: str,
        text: str,
        attributes: dict[str, str],
        examples: int,
        *,
        link: str = "",
    ) -> None:
        """The picked node; ``link``: the attribute of a link around it that the node lacks
        (``href`` for an image in a link), offered beside the node's own."""
        self.path_label.setText(path)
        self._tag = path.rstrip("/").rsplit("/", 1)[-1].split("[", 1)[0].lower()
        self._node_attributes = tuple(attributes)
        self.text.setPlainText(text[:20000])
        self.attributes.setRowCount(len(attributes))
        for i, (k, v) in enumerate(attributes.items()):
            self.attributes.setItem(i, 0, QTableWidgetItem(k))
            self.attributes.setItem(i, 1, QTableWidgetItem(v))
        self.examples_label.setText(f"{examples} list examples picked" if examples > 1 else "")
        self._hand_written = False
        self._node_shown = True
        own = natural_attribute(path, attributes)
        self._natural = own or link
        if own and link and link != own:
            placeholder = f"{own} (or the link's {link})"
        elif link and not own:
            placeholder = f"{link} (the link's)"
        else:
            placeholder = own or "attribute"
        self._offer = placeholder
        self._show_offer()
        if examples <= 1:
            # A new pick: the kind of the field named in the box, else the one that fits the
            # node; never one left over from an earlier node, unseen.
            self._kind_for_pick()
        self._update_buttons()

    def _show_offer(self) -> None:
        """The attribute the node offers, in grey, for an attribute field alone: shown beside
        "text" it read as the attribute to be saved."""
        attribute = self.field_kind.currentText() == "attribute"
        self.field_attr.setPlaceholderText(self._offer if attribute else "")

    def _set_kind(self, kind: str, attribute: str, why: str, *, warn: bool = False) -> None:
        """The kind box set by the app, and ``why`` said under the row; the attribute written
        in the box unless it is the one the node offers (shown in grey, and taken while the
        box is empty). The kind is no longer the user's choice."""
        self._setting_kind = True
        try:
            self.field_kind.setCurrentText(kind)
            if kind != "attribute" or attribute == self._natural:
                attribute = ""
            if self.field_attr.text() != attribute:
                self.field_attr.setText(attribute)
        finally:
            self._setting_kind = False
        self._kind_chosen = False
        self._say_kind(why, warn=warn)

    def _say_kind(self, why: str, *, warn: bool = False) -> None:
        self.kind_note.setText(why)
        # Read at a glance: blue for where the kind comes from, orange for a kind changed or a
        # field's kind about to change (a pale grey line went unread beside the buttons).
        self.kind_note.setStyleSheet("color: #b35900;" if warn else "color: #1a5fb4;")

    def kind_words(self) -> str:
        """The kind the row gives, as the messages write it: "text", "html", "@href"."""
        return output_words(*self.output_kind())

    def _kind_for_pick(self) -> None:
        """A new plain pick: the kind of the field named in the box, else text; a kind the
        user chose for the node before is dropped, and said so."""
        dropped = self.kind_words() if self._kind_chosen else ""
        name = self.field_name.text().strip()
        if name in self._field_kinds:
            kind, attribute, _is_list = self._field_kinds[name]
            self._following_field = name
            self._set_kind(kind, attribute, self._follow_words(name, dropped))
            return
        self._following_field = ""
        if dropped and dropped != "text":
            self._set_kind(
                "text",
                "",
                f"Kind back to text: a new click starts from text ({dropped} was chosen "
                "for the node before)",
                warn=True,
            )
        else:
            self._set_kind("text", "", NEW_FIELD_KIND)

    def _follow_words(self, name: str, dropped: str = "") -> str:
        kind, attribute, _is_list = self._field_kinds[name]
        words = output_words(kind, attribute)
        was = f" ({dropped} was chosen for the node before)" if dropped and dropped != words else ""
        return f"{words}: the kind of field '{name}'{was}"

    def _on_field_name_changed(self, text: str) -> None:
        name = text.strip()
        if name in self._field_kinds:
            kind, attribute, _is_list = self._field_kinds[name]
            if self._kind_chosen:
                # The user's kind stays: Extract field changes the field's kind, said so.
                self._following_field = ""
                self._say_chosen()
                return
            self._following_field = name
            self._set_kind(kind, attribute, self._follow_words(name))
        elif self._following_field:
            # The name no longer names that field: a new field, text.
            self._following_field = ""
            self._set_kind("text", "", NEW_FIELD_KIND)
        elif self._kind_chosen:
            self._say_chosen()

    def _say_chosen(self) -> None:
        """The user's kind, said with what it does to the field named in the box."""
        words = self.kind_words()
        name = self.field_name.text().strip()
        if name in self._field_kinds:
            kind, attribute, _is_list = self._field_kinds[name]
            was = output_words(kind, attribute)
            if was != words:
                self._say_kind(
                    f"{words}: your choice; Extract field changes field '{name}' from {was} "
                    f"to {words}",
                    warn=True,
                )
                return
        self._say_kind(f"{words}: your choice (kept until Extract or the next click)")

    def _on_field_kind_changed(self, kind: str) -> None:
        attribute = kind == "attribute"
        self.field_attr.setEnabled(attribute)
        self._show_offer()
        if attribute and self.field_attr.text():
            # Enabled again with an earlier name in it: selected, so typing replaces it.
            self.field_attr.selectAll()
        if not self._setting_kind:
            self._kind_from_user()
        self._kind_settle.start()

    def _on_field_attr_changed(self, _text: str) -> None:
        if not self._setting_kind and self.field_kind.currentText() == "attribute":
            self._kind_from_user()
        self._kind_settle.start()

    def _kind_from_user(self) -> None:
        """The kind or attribute set by the user: kept, and said with what it does."""
        self._kind_chosen = True
        self._following_field = ""
        self._say_chosen()

    def set_field_names(
        self, names: list[str], kinds: dict[str, tuple[str, str, bool]] | None = None
    ) -> None:
        """The template's field names, offered by the name box as the user types, and their
        kinds (kind, attribute, list): a name of one in the box sets the kind box to it,
        unless the user chose a kind (then kept, the line under the row saying it changes the
        field's)."""
        if self._field_names.stringList() != names:
            self._field_names.setStringList(names)
        if kinds is not None:
            self._field_kinds = dict(kinds)
            name = self.field_name.text().strip()
            if name in self._field_kinds:
                self._on_field_name_changed(name)

    def propose_name(self, name: str, said: str) -> None:
        """No name was given: ``name`` proposed in the box, selected (typing replaces it),
        and ``said`` under the buttons; the next Extract uses it."""
        self.field_name.setText(name)
        self.field_name.selectAll()
        self.field_name.setFocus(Qt.FocusReason.OtherFocusReason)
        self.examples_label.setText(said)

    def ready_for_next(self, name: str = "", kind: str = "", attribute: str = "") -> None:
        """After an extraction of ``name`` (saved as ``kind`` and ``attribute``): the name box
        empty (its placeholder showing, the next name typed goes in whole), the output kind
        back to text and the attribute box cleared, so nothing of the field just made carries
        over to the next one unseen; the line under the row says what was saved and that the
        row is back to text."""
        saved = output_words(kind, attribute) if kind else self.kind_words()
        self.field_name.clear()
        self._following_field = ""
        what = f"'{name}' saved as {saved}" if name else f"Saved as {saved}"
        back = "; the row is back to text for the next field"
        self._set_kind("text", "", what + back, warn=saved != "text")
        focus = QApplication.focusWidget()
        if focus is None or self.isAncestorOf(focus):
            # The user was in this panel (on the button just clicked): the next name is typed
            # straight in; a focus elsewhere (the page, another panel) is left alone.
            self.field_name.setFocus(Qt.FocusReason.OtherFocusReason)

    def _update_buttons(self) -> None:
        """Every action needs a picked node and waits while the XPath box holds an invalid
        expression (even Extract list and Not this, which work from the clicks: the box says
        something is wrong, so nothing is done until it is put right)."""
        node = getattr(self, "_node_shown", False)
        valid = self.xpath_check.error is None
        for b in (
            self.remove_button,
            self.keep_button,
            self.field_button,
            self.list_button,
            self.not_button,
        ):
            b.setEnabled(node and valid)

    def show_examples(self, text: str) -> None:
        """What the next field or list will be induced from (examples, 'not this' clicks)."""
        self.examples_label.setText(text)

    def clear(self) -> None:
        self.path_label.setText("Click an element in the page.")
        self.text.clear()
        self.attributes.setRowCount(0)
        self.set_candidates([])
        self.xpath_edit.clear()
        self._node_shown = False
        self._update_buttons()

    def set_candidates(self, candidates: list[dict[str, Any]], keep_choice: bool = False) -> None:
        if not keep_choice:
            self._user_chose = False
        chosen = self.xpath_edit.text() if keep_choice and self._user_chose else None
        self._candidates = candidates
        self.candidates.blockSignals(True)
        self.candidates.setRowCount(len(candidates))
        for i, c in enumerate(candidates):
            xpath = QTableWidgetItem(c["xpath"])
            xpath.setToolTip(c["xpath"])
            self.candidates.setItem(i, 0, xpath)
            self.candidates.setItem(i, 1, QTableWidgetItem(c["family"]))
            self.candidates.setItem(i, 2, QTableWidgetItem(str(c["page_matches"])))
            rate = QTableWidgetItem(_rate_text(c.get("site") or {}))
            rate.setToolTip(_rate_tooltip(c.get("site") or {}))
            self.candidates.setItem(i, 3, rate)
        self.fit_candidates()
        if chosen is None and candidates:
            self.candidates.selectRow(0)
            self.xpath_edit.setText(candidates[0]["xpath"])
        self.candidates.blockSignals(False)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if watched is self.candidates.viewport() and event.type() == QEvent.Type.Resize:
            self.fit_candidates()
        return super().eventFilter(watched, event)

    def fit_candidates(self) -> None:
        """The site rates with their words when the XPath column keeps at least half the
        table's width (and ``XPATH_MIN`` pixels) beside them, else their counts alone: the
        XPath takes the room the kind, the page count and the rates leave, elided in the
        middle, whole in its tooltip."""
        table = self.candidates
        if not self._candidates:
            return
        header = table.horizontalHeader()
        metrics = table.fontMetrics()
        pad = 2 * table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 8

        def width(column: int, texts: list[str]) -> int:
            cells = max((metrics.horizontalAdvance(t) for t in texts), default=0) + pad
            return max(cells, header.sectionSizeFromContents(column).width())

        rates = [c.get("site") or {} for c in self._candidates]
        others = width(1, [c["family"] for c in self._candidates]) + width(
            2, [str(c["page_matches"]) for c in self._candidates]
        )
        whole = width(3, [_rate_text(r) for r in rates])
        room = table.viewport().width()
        short = room - others - whole < max(XPATH_SHARE * room, XPATH_MIN)
        self._short_rates = short
        for i, rate in enumerate(rates):
            item = table.item(i, 3)
            text = _rate_text(rate, short)
            if item is not None and item.text() != text:
                item.setText(text)

    @property
    def short_rates(self) -> bool:
        """The site rates show their counts alone (the panel is too narrow for their words)."""
        return self._short_rates

    def candidate_list(self) -> list[dict[str, Any]]:
        return list(self._candidates)

    def _on_candidates_selection_changed(self) -> None:
        rows = {i.row() for i in self.candidates.selectedIndexes()}
        if rows:
            self._user_chose = True
            self._hand_written = True  # a candidate chosen by hand is used as it is
            self.xpath_edit.setText(self._candidates[min(rows)]["xpath"])

    def _emit_rule(self, signal: Any) -> None:
        xp = self.xpath_edit.text().strip()
        if xp and self.xpath_check.error is None:
            signal.emit(xp)

    def _on_field_button_clicked(self) -> None:
        # The XPath in the box (typed, chosen, or the preselected best candidate) is used as it
        # is; an empty box asks for the rule to be induced from the clicked examples.
        xp = self.xpath_edit.text().strip()
        if xp and self.xpath_check.error is not None:
            return
        # An empty name asks for a new field of a fresh default name (field, field-2…).
        self.field_requested.emit(xp, self.field_name.text().strip(), *self.output_kind())

    def output_kind(self) -> tuple[str, str]:
        """The output kind and, for an attribute field alone, its attribute: the one typed,
        else the picked node's own (the box's placeholder)."""
        kind = self.field_kind.currentText()
        if kind != "attribute":
            return kind, ""
        return kind, self.field_attr.text().strip() or self._natural

    @property
    def typed_by_hand(self) -> bool:
        """The XPath box holds what the user typed or chose, not the preselected candidate."""
        return self._hand_written

    def _on_list_button_clicked(self) -> None:
        # An empty name asks for a new list of a fresh default name (items, items-2…).
        self.list_requested.emit(self.field_name.text().strip(), *self.output_kind())
