"""The template panel: remove/keep rules, fields, noise filters and page scope, each with its
state on the shown page (or its error inline) and over the site."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QSplitter,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deboiler_gui.app.fieldcheck import TemplateCheck
from deboiler_gui.app.pagelist import short_page
from deboiler_gui.app.pagestate import RemovedChars
from deboiler_gui.engine.template.model import Template
from deboiler_gui.engine.words import count
from deboiler_gui.gui.dialogs.filter import FILTER_KIND_LABELS
from deboiler_gui.gui.panels.fitlabel import FittedLabel

#: Column of the rules tree with a field's check over the site (its flags).
CHECK_COLUMN = 4
#: The expression keeps at least this width however many rules and filters there are, as
#: long as the names, counts and verdicts beside it can be read whole.
EXPRESSION_MIN = 110
#: Short of room, the expression (elided in its middle, whole in its tooltip) gives room down
#: to this before a verdict or a count is cut, and the names down to NAME_LEAST.
EXPRESSION_LEAST = 60
NAME_LEAST = 72
#: The narrowest the other columns get when the panel is short of room.
_FLOORS = {0: 90, 2: 36, 3: 56, CHECK_COLUMN: 60}
#: The check column is read whole up to this width; beyond, its start is kept (the whole
#: sentence and the pages to look at are in the tooltip).
CHECK_CAP = 260
#: A verdict ("⚠ several lists") keeps its whole width up to this when the panel is short
#: of room: the names give room before it (the counts after it).
CHECK_WHOLE = 170
#: A column of the value preview is as wide as its values up to this (elided beyond, whole in
#: the tooltip), narrower when that keeps every field in view, never under PREVIEW_MIN_COLUMN.
PREVIEW_CAP = 220
PREVIEW_MIN_COLUMN = 90
#: The preview's page column is at most this wide: a page's name is shortened to fit it
#: (its first folder and its end, the file name whole), never elided by the view.
PREVIEW_PAGE_CAP = 200
#: When the fields' columns cannot all have PREVIEW_MIN_COLUMN beside it, the page column
#: gives room down to this (its names shortened further), then the fields' columns down to
#: PREVIEW_FLOOR: every column in view, no horizontal scroll bar.
PREVIEW_PAGE_MIN = 110
PREVIEW_FLOOR = 56
#: With more fields than fit so, the page column gives room down to this and the fields'
#: columns down to PREVIEW_LEAST (a horizontal scroll bar only past that: nine fields in a
#: 400-pixel preview).
PREVIEW_PAGE_LEAST = 80
PREVIEW_LEAST = 36
NO_PREVIEW = "Values on sample pages: add a field"
_FLAG_COLOR = QColor("#b35c00")
_FLAG_CELL = QColor("#fff1d6")


def title_forms(name: str, site: str, scope: str) -> list[str]:
    """The panel's title, whole first ("Template 'docs' for docs.example.org: 12 of 40
    pages"), then without the site (the one the window shows; often the template's name
    itself), then without the word the dock's own title already says."""
    end = f": {scope}" if scope else ""
    return [
        f"Template {name!r} for {site or 'any site'}{end}",
        f"Template {name!r}{end}",
        f"{name!r}{end}",
    ]


def preview_forms(rows: int, coverage: str, flagged: Sequence[str]) -> list[str]:
    """The line over the value preview, whole first ("Values on 12 pages — checked over 29
    pages — 2 fields look wrong: crumbs, rare"), then without how many pages the check
    covers (each verdict's tooltip says it), then the fields that look wrong alone."""
    verb = "looks" if len(flagged) == 1 else "look"
    wrong = (
        f"{count(len(flagged), 'field')} {verb} wrong: " + ", ".join(flagged)
        if flagged
        else "no field looks wrong"
    )
    values = f"Values on {count(rows, 'page')}"
    forms = [f"{values} — {coverage} — {wrong}", f"{values} — {wrong}"]
    if flagged:
        forms.append(f"{verb.capitalize()} wrong: " + ", ".join(flagged))
    return forms


#: Where a verdict's whole text is kept in its Check cell (the cell may show it shortened).
_WHOLE = Qt.ItemDataRole.UserRole + 1
_QUOTED = re.compile(r"^(.*')([^']+)('.*)$")


def shorten_verdict(text: str, metrics: QFontMetrics, room: int) -> str:
    """``text`` as it fits ``room`` pixels: whole, else with the field's name in it shortened
    ("⚠ equals 'qual…'": what is wrong stays in view), else its first whole words ("⚠ empty
    in its…", never "⚠ empty …"), else elided at its end."""
    if metrics.horizontalAdvance(text) <= room:
        return text
    m = _QUOTED.match(text)
    if m is not None:
        head, name, tail = m.groups()
        name = name.rstrip("…")
        for keep in range(len(name) - 1, 0, -1):
            shorter = f"{head}{name[:keep]}…{tail}"
            if metrics.horizontalAdvance(shorter) <= room:
                return shorter
    words = text.split(" ")
    # (the sign and one word at least: "⚠ empty…" says more than "⚠ em…")
    for keep in range(len(words) - 1, 1, -1):
        shorter = " ".join(words[:keep]).rstrip(",;:") + "…"
        if metrics.horizontalAdvance(shorter) <= room:
            return shorter
    return metrics.elidedText(text, Qt.TextElideMode.ElideRight, room)


#: A field's expression ends on its kind: "//main/h1  [text]", "…/li/a  [text, list]".
_KIND_TAIL = re.compile(r"^(.+?)(  \[[^\]]*\])$")


#: Below this many pixels beside a field's kind, the XPath alone is shown (by its last steps).
_EXPRESSION_HEAD = 60


def elide_expression(text: str, metrics: QFontMetrics, room: int) -> str:
    """An expression as it fits ``room`` pixels: elided in its middle (its start and its last
    steps read), a field's kind kept whole after it ("//div…/li/a  [text, list]"; the middle
    of the whole used to cut the kind: "//div[@i…t, list]"); in a narrow column a field's
    XPath alone, by its last steps ("…ul/li/a": what it selects), its kind in the tooltip."""
    if room <= 0 or metrics.horizontalAdvance(text) <= room:
        return text
    m = _KIND_TAIL.match(text)
    if m is None:
        return metrics.elidedText(text, Qt.TextElideMode.ElideMiddle, room)
    head, tail = m.groups()
    left = room - metrics.horizontalAdvance(tail)
    if left >= _EXPRESSION_HEAD:
        return metrics.elidedText(head, Qt.TextElideMode.ElideMiddle, left) + tail
    return metrics.elidedText(head, Qt.TextElideMode.ElideLeft, room)


class _ElideRight(QStyledItemDelegate):
    def initStyleOption(self, option: QStyleOptionViewItem, index: Any) -> None:  # noqa: N802
        super().initStyleOption(option, index)
        option.textElideMode = Qt.TextElideMode.ElideRight


class _ElideMiddle(QStyledItemDelegate):
    def initStyleOption(self, option: QStyleOptionViewItem, index: Any) -> None:  # noqa: N802
        super().initStyleOption(option, index)
        option.textElideMode = Qt.TextElideMode.ElideMiddle


class _ElideExpression(QStyledItemDelegate):
    """The expression column: see ``elide_expression``."""

    def initStyleOption(self, option: QStyleOptionViewItem, index: Any) -> None:  # noqa: N802
        super().initStyleOption(option, index)
        option.textElideMode = Qt.TextElideMode.ElideMiddle
        widget = option.widget
        if widget is None or option.rect.width() <= 0 or not option.text:
            return
        style = widget.style()
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, widget) + 1
        option.text = elide_expression(
            option.text, option.fontMetrics, option.rect.width() - 2 * margin
        )


#: Rows of the value preview kept in view when the rule tree shows all its rows beside them.
PREVIEW_MIN_ROWS = 4
#: Rows of the value preview kept in view whatever the rule tree needs: in a short panel the
#: rule list gets its rows before the preview's fourth (at 1235 x 795 the third field's row
#: was half hidden under four preview rows).
PREVIEW_LEAST_ROWS = 3


class RulesPanel(QWidget):
    """The template's remove/keep rules, fields and filters, each with its state on the shown
    page (matches, or the error inline in red) and over the site."""

    delete_requested = Signal(str, str)  # section, name
    edit_filter_requested = Signal(str)
    add_filter_requested = Signal()
    item_selected = Signal(str, str)

    SECTIONS = (
        ("remove", "Remove rules"),
        ("keep", "Keep rules"),
        ("fields", "Fields"),
        ("filters", "Noise filters"),
        ("urls", "Pages like"),
    )
    scope_requested = Signal()  # use the template for pages like the shown one
    page_requested = Signal(str)  # a page of the value preview to show (double-click)
    #: Tooltip of Edit when a rule or field is selected: they are changed by picking.
    EDIT_RULE_TIP = (
        "Rules and fields are changed on the page: pick the node, choose a candidate in the "
        "Selection panel and press Extract field again under the field's name (its rule is "
        "replaced, its processors and other settings kept), or Remove as noise or Keep, then "
        "delete the old rule here. Edit opens the editor of a noise filter."
    )

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        # Little room above the title and below the buttons: the height goes to the rule list
        # and the preview (a 1235 x 795 window showed two of three fields whole).
        margins = layout.contentsMargins()
        layout.setContentsMargins(margins.left(), 3, margins.right(), 3)
        # The template's name, site and the pages it applies to: a shorter form when the
        # panel is narrow, elided in the middle past that, the whole in the tooltip. The panel
        # keeps its width (the label's width hint is the whole title's) and the title never
        # runs past its edge (a 1400 x 900 window cut "…: every page").
        self.title = FittedLabel(mode=Qt.TextElideMode.ElideMiddle)
        layout.addWidget(self.title)
        split = QSplitter(Qt.Orientation.Vertical)
        # Neither part can be dragged away: the rule list and the preview both stay in view.
        split.setChildrenCollapsible(False)
        self.split = split
        self._split_moved = False  # the user set the split: it is not fitted any more
        split.splitterMoved.connect(self._on_split_moved)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Rule", "Expression", "Page", "Site", "Check"])
        self.tree.headerItem().setToolTip(
            2,
            "On the shown page: the nodes a rule matches, or the characters a filter alone "
            "removes from it (nothing when it does not touch the page)",
        )
        self.tree.headerItem().setToolTip(3, "Over the site: the pages a rule or filter matches")
        self.tree.headerItem().setToolTip(
            CHECK_COLUMN,
            "Whether a field's values look right over the site (at once on sample pages, then "
            "over every page), in a few words; its tooltip says why, with the pages to look at "
            "and how many pages were checked. Double-click a flagged field's check to show the "
            "first of them",
        )
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # One level of rows under the sections: a small indent leaves the names their room.
        self.tree.setIndentation(12)
        header = self.tree.header()
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)
        header.setMinimumSectionSize(40)
        # The counts and the check are read whole ("150/152 pages", "looks right"; their
        # details in the tooltips); the expression takes what they leave, elided in the
        # middle (whole in its tooltip), so its start and its last steps stay in view.
        self.tree.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        # A rule's name is read from its start ("remove: Popular guides…").
        self.tree.setItemDelegateForColumn(0, _ElideRight(self.tree))
        self.tree.setItemDelegateForColumn(1, _ElideExpression(self.tree))
        # So is a check: a few words ("⚠ several lists"), its sentence and the pages to look
        # at in the tooltip; a double-click shows the first of those pages.
        self.tree.setItemDelegateForColumn(CHECK_COLUMN, _ElideRight(self.tree))
        self.tree.itemDoubleClicked.connect(self._on_tree_item_double_clicked)
        self._fit_timer = QTimer(self)
        self._fit_timer.setSingleShot(True)
        self._fit_timer.setInterval(0)
        self._fit_timer.timeout.connect(self.fit_columns)
        # The columns are fitted again whenever the tree's viewport changes width: fitting the
        # split removes (or adds) its vertical scroll bar, and the columns fitted to the
        # narrower viewport used to stay so, a verdict cut by the bar's width.
        self.tree.viewport().installEventFilter(self)
        split.addWidget(self.tree)
        # What each field's rule gives on sample pages of the site, flagged pages first.
        box = QWidget()
        box_layout = QVBoxLayout(box)
        box_layout.setContentsMargins(0, 0, 0, 0)
        # (the same: the fields that look wrong kept in view before the pages checked)
        self.preview_label = FittedLabel(NO_PREVIEW)
        box_layout.addWidget(self.preview_label)
        self.preview = QTableWidget(0, 0)
        self.preview.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.preview.setWordWrap(False)
        # Compact rows without numbers: more of them in view (the page column names them);
        # a value is one line, three pixels of air around it.
        self.preview.verticalHeader().setVisible(False)
        self.preview.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 3)
        self.preview.horizontalHeader().setStretchLastSection(True)
        # A field's name elided at its end in a narrow column ("headi…"), whole in its
        # tooltip: a header's text used to be clipped on both sides ("ading_co").
        self.preview.horizontalHeader().setTextElideMode(Qt.TextElideMode.ElideRight)
        # A page by its end (the file name), its first folder kept: "org/…/builder/X.html".
        self.preview.setItemDelegateForColumn(0, _ElideMiddle(self.preview))
        self.preview.setToolTip("Double-click a row to show its page")
        self.preview.cellDoubleClicked.connect(self._on_preview_cell_double_clicked)
        # (the same for the preview: its vertical scroll bar comes and goes with the split)
        self._preview_timer = QTimer(self)
        self._preview_timer.setSingleShot(True)
        self._preview_timer.setInterval(0)
        self._preview_timer.timeout.connect(self.fit_preview)
        self.preview.viewport().installEventFilter(self)
        # The split is fitted with the horizontal scroll bar the preview has then: when the
        # bar comes or goes after (the columns fitted to the width), the split again, else
        # the preview kept a bar's height of blank under its rows and the rule list lost a row.
        self._split_timer = QTimer(self)
        self._split_timer.setSingleShot(True)
        self._split_timer.setInterval(0)
        self._split_timer.timeout.connect(self.fit_split)
        self._preview_bar = False
        self.preview.horizontalScrollBar().rangeChanged.connect(self._on_preview_bar_range)
        box_layout.addWidget(self.preview, 1)
        split.addWidget(box)
        # The rules are what the panel is for: most of its height (the preview scrolls).
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setSizes([300, 120])
        self.tree.setMinimumHeight(self._tree_height(4))
        self.preview.setMinimumHeight(self._preview_height(PREVIEW_LEAST_ROWS))
        layout.addWidget(split, 1)
        self.check: TemplateCheck | None = None
        # Each rule's state on the page shown, as show_template was last given it
        self.page_state: dict[str, Any] | None = None
        self.site_root = ""  # the page list's root: the preview shows paths as the list does
        buttons = QHBoxLayout()
        self.add_filter_button = QPushButton("Add filter…")
        self.scope_button = QPushButton("Pages like this")
        self.scope_button.setToolTip(
            "Use this template for pages whose URL is like the shown page's (R(w,m) above the threshold); without any, it applies to every page of the site"
        )
        self.edit_button = QPushButton("Edit")
        self.edit_button.setEnabled(False)
        self.edit_button.setToolTip("Select a noise filter to edit it")
        self.delete_button = QPushButton("Delete")
        for b in (self.add_filter_button, self.scope_button, self.edit_button, self.delete_button):
            buttons.addWidget(b)
        layout.addLayout(buttons)
        self.scope_button.clicked.connect(self.scope_requested)
        self.add_filter_button.clicked.connect(self.add_filter_requested)
        self.delete_button.clicked.connect(self._on_delete_button_clicked)
        self.edit_button.clicked.connect(self._on_edit_button_clicked)
        self.tree.itemSelectionChanged.connect(self._on_tree_selection_changed)
        self.items: dict[str, QTreeWidgetItem] = {}

    def show_template(
        self, template: Template, page_state: dict[str, Any], site_state: dict[str, str]
    ) -> None:
        self.page_state = page_state
        scope = site_state.get("", "") if template.urls else "every page"
        self.title.set_forms(*title_forms(template.name, template.site, scope))
        self.tree.clear()
        self.items = {}
        for section, label in self.SECTIONS:
            top = QTreeWidgetItem([label])
            self.tree.addTopLevelItem(top)
            # A section's label ("Remove rules") spans the row: read whole however narrow the
            # name column gets.
            top.setFirstColumnSpanned(True)
            for item in getattr(template, section):
                name = item if section == "urls" else item.id if section == "fields" else item.name
                if section == "urls":
                    expr = f"R > {template.url_threshold:g}"
                elif section == "fields":
                    expr = " | ".join(item.xpaths) + (
                        f"  [{item.kind}{' ' + item.attribute if item.attribute else ''}{', list' if item.is_list else ''}]"
                    )
                elif section == "filters":
                    expr = f"{FILTER_KIND_LABELS.get(item.kind, item.kind)}: " + (
                        item.pattern or f"{item.attribute} {item.op} {item.value}"
                        if item.kind != "html"
                        else f"{item.start} … {item.end}"
                    )
                else:
                    expr = item.selector
                state = page_state.get(name)
                row = QTreeWidgetItem([name, expr, "", ""])
                row.setData(0, Qt.ItemDataRole.UserRole, (section, name))
                row.setToolTip(0, name)
                row.setToolTip(1, expr)
                self._set_site(row, site_state.get(name, ""))
                if section == "urls":
                    parts = urlsplit(name)
                    row.setText(0, (parts.path or "/") + (f"?{parts.query}" if parts.query else ""))
                    row.setToolTip(0, name)
                    row.setText(2, str(state or ""))
                elif isinstance(state, RemovedChars):
                    # A filter's effect alone on this page; nothing when it leaves it alone.
                    row.setText(2, str(state) if state else "")
                    row.setToolTip(2, f"{state.describe()} on this page, by this filter alone")
                elif state == "no match":
                    # No value on this page: no error (a field on some pages only); whether
                    # the rule looks right is the Check column's.
                    row.setText(2, state)
                    row.setForeground(2, QColor("#757575"))
                    row.setToolTip(
                        2,
                        "No value on this page; the Check column says whether the "
                        "rule looks right over the site",
                    )
                elif isinstance(state, str):  # an error: shown inline, in red, on the rule
                    row.setText(2, state)
                    row.setForeground(2, QColor("#b00020"))
                    row.setToolTip(2, state)
                    row.setForeground(0, QColor("#b00020"))
                elif state is not None:
                    # a filter that drops no node here shows nothing, like one that cuts no text
                    row.setText(2, "" if section == "filters" and not state else str(state))
                top.addChild(row)
                self.items[name] = row
            top.setExpanded(True)
        if self.check is not None:
            self._show_flags(self.check)
        # The rows' room at once (a row added would otherwise sit under the edge until the
        # columns are fitted); the columns on the next pass.
        self.fit_split()
        self._fit_timer.start()

    def show_site(self, name: str, text: str) -> None:
        """A rule's effect over the site, as it arrives from the background."""
        item = self.items.get(name)
        if item is not None:
            self._set_site(item, text)
            self._fit_timer.start()

    @staticmethod
    def _set_site(item: QTreeWidgetItem, text: str) -> None:
        # The count in the cell ("150/152 pages"); what follows it in the tooltip.
        head = text.split(" — ", 1)[0].split(" (", 1)[0].split(", ", 1)[0].split(" with ", 1)[0]
        # "matched 53/81 pages" (a filter's effect) reads like a rule's count: "53/81 pages".
        head = head.removeprefix("matched ")
        item.setText(3, head)
        # the whole count, for when the column has room again after a short form
        item.setData(3, Qt.ItemDataRole.UserRole, head)
        item.setToolTip(3, text)

    def _site_cells(self, short: bool) -> None:
        """The counts whole ("3,649/3,797 pages", "10/40…") or, when the column cannot hold
        them, without the word "pages" ("3,649/3,797"; the tooltip still says it)."""
        for item in self.items.values():
            whole = item.data(3, Qt.ItemDataRole.UserRole)
            if isinstance(whole, str):
                item.setText(
                    3, whole.removesuffix(" pages").removesuffix(" page") if short else whole
                )

    def _verdict_cells(self, width: int | None) -> None:
        """Each field's verdict whole (``width`` None), or shortened to fit a Check column
        ``width`` wide: a field's name in it first ("⚠ equals 'qual…'"), else its end
        ("⚠ misses h3…"); the sentence is its tooltip's first line. A verdict is never cut at
        the column's edge (a 1296 x 810 window used to cut "⚠ equals 'qualified…'")."""
        metrics = self.tree.fontMetrics()
        room = None if width is None else width - self._cell_margins()
        for item in self.items.values():
            whole = item.data(CHECK_COLUMN, _WHOLE)
            if isinstance(whole, str):
                text = whole if room is None else shorten_verdict(whole, metrics, room)
                if item.text(CHECK_COLUMN) != text:
                    item.setText(CHECK_COLUMN, text)

    def _cell_margins(self) -> int:
        """The room a tree cell's text leaves at its sides (the style's text margins)."""
        style = self.tree.style()
        return 2 * (style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self.tree) + 1)

    def _on_split_moved(self, _pos: int, _index: int) -> None:
        self._split_moved = True

    def _on_preview_bar_range(self, _low: int, high: int) -> None:
        bar = high > 0
        if bar != self._preview_bar:
            self._preview_bar = bar
            self._split_timer.start()

    def _tree_row(self) -> int:
        """A row of the rule tree: as tall as the tree draws it once it has one, a line of
        text before."""
        row = self.tree.sizeHintForRow(0)
        return row if row > 0 else self.fontMetrics().height() + 2

    def _tree_height(self, rows: int) -> int:
        """Height of the rule tree showing ``rows`` rows, its header and frame."""
        header = self.tree.header().sizeHint().height()
        return header + rows * self._tree_row() + 2 * self.tree.frameWidth() + 4

    def _tree_rows_in(self, height: int) -> int:
        """How many whole rows the rule tree shows in ``height`` pixels."""
        header = self.tree.header().sizeHint().height()
        return max(0, (height - header - 2 * self.tree.frameWidth()) // self._tree_row())

    def _preview_height(self, rows: int) -> int:
        """Height of the value preview showing ``rows`` rows, its header, frame and the
        horizontal scroll bar when it has one (its columns are fitted to its width: only
        past eight or so fields does it scroll sideways)."""
        row = self.preview.verticalHeader().defaultSectionSize()
        # (an empty preview's header has no height yet: a line of text, as it will have)
        header = max(
            self.preview.horizontalHeader().sizeHint().height(), self.fontMetrics().height() + 4
        )
        scrollbar = self.preview.horizontalScrollBar()
        shown = scrollbar.isVisible() and scrollbar.maximum() > 0
        bar = scrollbar.sizeHint().height() if shown else 0
        return header + rows * row + bar + 2 * self.preview.frameWidth() + 2

    def fit_split(self) -> None:
        """The rule tree as tall as its rows, the value preview the rest (at least
        ``PREVIEW_MIN_ROWS`` rows, down to ``PREVIEW_LEAST_ROWS`` when that gives the rule
        tree its rows): a preview of one row used to be the default, and enlarging it could
        hide the rules. A split the user dragged is left as it is."""
        # (the preview's header has its height once it has columns: its three rows stay in
        # view however the split is dragged)
        self.preview.setMinimumHeight(self._preview_height(PREVIEW_LEAST_ROWS))
        if self._split_moved:
            return
        total = sum(self.split.sizes())
        if total <= 0:
            return
        rows = 0
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            if top is not None:
                rows += 1 + (top.childCount() if top.isExpanded() else 0)
        # the line over the preview and the space under it: as laid out once the box has its
        # height (the layout's spacing and margins come from the style, which spacing() does
        # not say: -1), else estimated
        box = self.preview.parentWidget()
        box_layout = box.layout() if box is not None else None
        if box is not None and box.height() > 0 and self.preview.height() > 0:
            label = box.height() - self.preview.height()
        else:
            spacing = box_layout.spacing() if box_layout is not None else 4
            label = self.preview_label.sizeHint().height() + max(spacing, 0)
        wanted = self._tree_height(max(rows, 4))
        floor = self._preview_height(PREVIEW_MIN_ROWS) + label
        least = self._preview_height(PREVIEW_LEAST_ROWS) + label
        if self._tree_rows_in(total - floor) < rows <= self._tree_rows_in(total - least):
            # Short of room: the rule list's last rows come before the preview's fourth.
            floor = least
        tree = max(self.tree.minimumHeight(), min(wanted, total - floor))
        self.split.setSizes([tree, total - tree])

    def fit_columns(self) -> None:
        """The rule names, counts and checks as wide as they are (names and checks up to a
        limit, then elided), the expression the rest, ``EXPRESSION_MIN`` at the least while
        the others read whole: when the panel is short of room the counts drop their word
        "pages" first, then the expression gives room down to ``EXPRESSION_LEAST``, then the
        names (to 90 pixels), the checks ("looks right" never cut), the names again, the
        counts only if that is not enough, so every column stays in view without a
        horizontal scroll bar (``_column_widths``)."""
        caps = {0: 140, 2: 80, 3: 130, CHECK_COLUMN: CHECK_CAP}
        self._verdict_cells(None)  # the verdicts whole, to be measured
        for short in (False, True):
            # the counts whole first; when they or the verdicts cannot be whole so, the
            # counts' short form ("3,649/3,797", the word "pages" in the tooltip) leaves the
            # verdicts their room
            self._site_cells(short=short)
            # (with the counts whole, the expression keeps its EXPRESSION_MIN: their word
            # "pages" goes before it gives room)
            widths = self._column_widths(caps, lean=not short)
            counts = widths[3] >= self.tree.sizeHintForColumn(3) + 2
            verdict = min(self.tree.sizeHintForColumn(CHECK_COLUMN) + 2, CHECK_WHOLE)
            room = self.tree.viewport().width() - EXPRESSION_MIN
            if counts and widths[CHECK_COLUMN] >= verdict and sum(widths.values()) <= room:
                break
        for column, width in widths.items():
            self.tree.setColumnWidth(column, width)
        self._verdict_cells(widths[CHECK_COLUMN])
        self.fit_split()
        self.fit_preview()

    def _column_widths(self, caps: dict[int, int], lean: bool = False) -> dict[int, int]:
        """Each column's width for the cells as they read now (``fit_columns``); ``lean``:
        only what keeps the expression its ``EXPRESSION_MIN``."""
        header = self.tree.header()
        widths = {}
        for column, cap in caps.items():
            # (a count's or a verdict's hint holds its margins: two pixels more keep it
            # whole; a name gets more air)
            pad = 8 if column == 0 else 2
            wanted = max(self.tree.sizeHintForColumn(column) + pad, header.sectionSizeHint(column))
            widths[column] = min(cap, wanted)
        viewport = self.tree.viewport().width()
        # Every column but the expression as wide as what it says (names up to their cap),
        # the expression the rest. Short of room, the expression gives it first (down to
        # EXPRESSION_LEAST: it is elided, whole in its tooltip), then the names (down to 90
        # pixels), the verdicts (down to the width of "looks right", never cut; shortened by
        # whole words), the names again (down to NAME_LEAST), and the counts only when that
        # is not enough. The expression used to keep 110 pixels first: a 390-pixel panel cut
        # "no match" to "n…h", a verdict to "⚠ empty …" and "description" to "descrip…".
        looks_right = self.tree.fontMetrics().horizontalAdvance("looks right") + 12
        check_floor = max(_FLOORS[CHECK_COLUMN], min(widths[CHECK_COLUMN], looks_right))
        floors_now = {**_FLOORS, CHECK_COLUMN: check_floor, 0: NAME_LEAST}
        whole_counts = {**floors_now, 2: widths[2], 3: widths[3]}
        names_90 = {**whole_counts, 0: _FLOORS[0]}
        whole_verdicts = {**names_90, CHECK_COLUMN: min(widths[CHECK_COLUMN], CHECK_WHOLE)}
        whole = {**whole_verdicts, 0: widths[0]}
        tiers = (
            (whole, EXPRESSION_MIN),
            (whole, EXPRESSION_LEAST),
            (whole_verdicts, EXPRESSION_LEAST),
            (names_90, EXPRESSION_LEAST),
            (whole_counts, EXPRESSION_LEAST),
            (floors_now, EXPRESSION_LEAST),
        )
        for floors, expression in tiers[:1] if lean else tiers:
            room = viewport - expression
            while sum(widths.values()) > room:
                shrinkable = [c for c, w in widths.items() if w > floors[c]]
                if not shrinkable:
                    break
                widest = max(shrinkable, key=lambda c: widths[c] - floors[c])
                over = sum(widths.values()) - room
                widths[widest] = max(floors[widest], widths[widest] - min(over, 8))
        return widths

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._fit_timer.start()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if (
            event.type() == QEvent.Type.Resize
            and isinstance(event, QResizeEvent)
            and event.size().width() != event.oldSize().width()
        ):
            if watched is self.tree.viewport():
                self._fit_timer.start()
            elif watched is self.preview.viewport():
                self._preview_timer.start()
        return super().eventFilter(watched, event)

    def _look_at(self, field: str) -> list[str]:
        """The pages a field's flags point at, in their order."""
        fc = self.check.fields.get(field) if self.check is not None else None
        if fc is None:
            return []
        return list(dict.fromkeys(u for f in fc.flags for u in f.look_at))

    def _on_tree_item_double_clicked(self, item: QTreeWidgetItem, column: int) -> None:
        # A flagged field's check: its first page to look at is shown.
        data = item.data(0, Qt.ItemDataRole.UserRole)
        if column != CHECK_COLUMN or not data or data[0] != "fields":
            return
        pages = self._look_at(data[1])
        if pages:
            self.page_requested.emit(pages[0])

    def show_check(self, check: TemplateCheck) -> None:
        """Each field's flags in the Check column (the pages to look at in its tooltip) and the
        value preview table: sample pages by fields, the flagged cells marked. The label says
        how many pages the flags cover: a sample so far, or every page of the site."""
        self.check = check
        self._show_flags(check)
        preview = check.preview
        # a field with a flag of the correctness signals
        flagged = [c.field for c in check.fields.values() if c.summary()]
        self.preview_label.set_forms(*preview_forms(len(preview.rows), check.coverage(), flagged))
        self.preview.clear()
        self.preview.setColumnCount(1 + len(preview.fields))
        self.preview.setHorizontalHeaderLabels(["Page", *preview.fields])
        for c, name in enumerate(preview.fields, 1):
            header = self.preview.horizontalHeaderItem(c)
            if header is not None:
                header.setToolTip(name)
        self.preview.setRowCount(len(preview.rows))
        for r, row in enumerate(preview.rows):
            # The path as the page list shows it (below the site root), a long one by its
            # first folder and last segments: the file name is what tells pages apart.
            page = QTableWidgetItem(self._page_name(row.url))
            page.setToolTip(row.url)
            page.setData(Qt.ItemDataRole.UserRole, row.url)
            self.preview.setItem(r, 0, page)
            for c, (text, bad) in enumerate(zip(row.cells, row.flagged, strict=True), 1):
                cell = QTableWidgetItem(text)
                cell.setToolTip(text)
                if bad:
                    cell.setBackground(_FLAG_CELL)
                    fc = check.fields.get(preview.fields[c - 1])
                    if fc is not None:
                        cell.setToolTip(f"{text}\n\n{fc.details()}")
                self.preview.setItem(r, c, cell)
        self.fit_split()  # the preview's rows have their header now
        self.fit_preview()

    def keep_fields(self, fields: Sequence[str]) -> None:
        """Drop deleted fields from the check shown (their preview columns and the fields that
        look wrong) until the next check arrives; with no field left, no preview."""
        if self.check is None:
            return
        if not fields:
            self.check = None
            self.preview.clear()
            self.preview.setColumnCount(0)
            self.preview.setRowCount(0)
            self.preview_label.set_forms(NO_PREVIEW)
            return
        if set(self.check.preview.fields) - set(fields) or set(self.check.fields) - set(fields):
            self.show_check(self.check.only(fields))

    def _page_name(self, url: str, width: int = PREVIEW_PAGE_CAP) -> str:
        """``url`` named by ``short_page`` as long as fits a page column ``width`` wide."""
        metrics = self.preview.fontMetrics()
        limit = 40
        text = short_page(url, self.site_root, limit)
        while metrics.horizontalAdvance(text) + 16 > width and limit > 8:
            limit -= 2
            text = short_page(url, self.site_root, limit)
        return text

    @staticmethod
    def _file_name(text: str) -> str:
        """A page's name by its last segment alone (its query with it): "tomatoes.html"."""
        path, sep, query = text.partition("?")
        return path.rstrip("/").rsplit("/", 1)[-1] + sep + query if path.strip("/") else text

    def _preview_room(self) -> int:
        """The width the preview's columns share: its viewport's, less the vertical scroll
        bar it is about to get (more rows than fit) and does not have yet."""
        table = self.preview
        room = table.viewport().width()
        bar = table.verticalScrollBar()
        rows = table.rowCount() * table.verticalHeader().defaultSectionSize()
        if not bar.isVisible() and rows > table.viewport().height():
            room -= bar.sizeHint().width()
        return room

    def fit_preview(self) -> None:
        """The preview's columns as wide as their values up to ``PREVIEW_CAP``, narrower
        (down to ``PREVIEW_MIN_COLUMN``) when that keeps every field's column in view: the
        flagged cells of the last field are not pushed out of sight by a long first value.
        When even that does not fit, the page column gives room (down to
        ``PREVIEW_PAGE_MIN``, its names shortened to fit), then the fields' columns (down to
        ``PREVIEW_FLOOR``), and with more fields than that holds both further (down to
        ``PREVIEW_PAGE_LEAST`` and ``PREVIEW_LEAST``): no horizontal scroll bar (a 460-pixel
        panel with three fields used to need one, a 1296 x 810 window with six)."""
        table = self.preview
        if table.columnCount() == 0:
            return
        for r in range(table.rowCount()):  # the names at their longest first
            item = table.item(r, 0)
            url = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
            if item is not None and url:
                item.setText(self._page_name(str(url)))
        table.resizeColumnsToContents()
        natural = page = min(table.columnWidth(0), PREVIEW_PAGE_CAP)
        fields = table.columnCount() - 1
        if not fields:
            table.setColumnWidth(0, page)
            return
        room = self._preview_room()
        if (room - page) // fields < PREVIEW_MIN_COLUMN:
            page = min(natural, max(PREVIEW_PAGE_MIN, room - fields * PREVIEW_MIN_COLUMN))
        floor = PREVIEW_FLOOR
        if page + fields * floor > room:
            # More fields than fit so (six at 1296 x 810): the page column gives room down to
            # PREVIEW_PAGE_LEAST, then the fields' columns down to PREVIEW_LEAST, their values
            # elided (whole in the tooltips).
            page = min(page, max(PREVIEW_PAGE_LEAST, room - fields * floor))
            if page + fields * floor > room:
                floor = PREVIEW_LEAST
        share = max(floor, (room - page) // fields)
        table.setColumnWidth(0, page)
        for column in range(1, table.columnCount()):
            table.setColumnWidth(column, min(table.columnWidth(column), PREVIEW_CAP, share))
        if page < natural:  # the names shortened further to fit the narrower column
            names = {}
            for r in range(table.rowCount()):
                item = table.item(r, 0)
                url = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
                if item is not None and url:
                    names[r] = self._page_name(str(url), page)
            metrics = table.fontMetrics()
            if any(metrics.horizontalAdvance(n) + 16 > page for n in names.values()):
                # A column too narrow for some names' first folder: every page by its file
                # name ("tomatoes.html", not "guid…html" beside "guides/index.html"), elided
                # in its middle by the view past that; the whole URL in the tooltip.
                names = {r: self._file_name(n) for r, n in names.items()}
            for r, name in names.items():
                item = table.item(r, 0)
                if item is not None:
                    item.setText(name)

    def _on_preview_cell_double_clicked(self, row: int, _column: int) -> None:
        item = self.preview.item(row, 0)
        url = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        if url:
            self.page_requested.emit(str(url))

    def _show_flags(self, check: TemplateCheck) -> None:
        for fid, fc in check.fields.items():
            item = self.items.get(fid)
            if item is None:
                continue
            # The verdict is the correctness signals' alone: a field with no value on the page
            # shown, or on few pages, is no fault by itself (a contents list on the chapters
            # only); the tooltip says so, as information.
            here = None if self.page_state is None else self.page_state.get(fid) != "no match"
            summary = fc.summary()
            note = fc.note(here)
            # A few words in the cell, the sentence and every flag's pages in the tooltip.
            verdict = fc.verdict() or "looks right"
            item.setText(CHECK_COLUMN, verdict)
            item.setData(CHECK_COLUMN, _WHOLE, verdict)  # (shortened to the column's width)
            look = (
                "\n\nDouble-click to show the first page to look at" if self._look_at(fid) else ""
            )
            head = "".join(t + "\n" for t in (summary, note) if t)
            # how many pages the verdict covers: a sample so far, or every page of the site
            covers = f"\n\n{fc.coverage()[0].upper()}{fc.coverage()[1:]}"
            if not fc.over_site:
                covers += "; the rest of the site is being read"
            item.setToolTip(CHECK_COLUMN, head + fc.details() + covers + look)
            # (a field recorded gone by repair: neither a fault nor right, in grey)
            color = _FLAG_COLOR if summary else QColor("#757575" if fc.gone else "#2e7d32")
            item.setForeground(CHECK_COLUMN, color)
        self._fit_timer.start()

    def selected(self) -> tuple[str, str] | None:
        items = self.tree.selectedItems()
        data = items[0].data(0, Qt.ItemDataRole.UserRole) if items else None
        return tuple(data) if data else None

    def _on_delete_button_clicked(self) -> None:
        sel = self.selected()
        if sel:
            self.delete_requested.emit(*sel)

    def _on_edit_button_clicked(self) -> None:
        sel = self.selected()
        if sel and sel[0] == "filters":
            self.edit_filter_requested.emit(sel[1])

    def _on_tree_selection_changed(self) -> None:
        sel = self.selected()
        # Only a filter has an editor; a rule or field says how it is changed instead.
        editable = bool(sel) and sel is not None and sel[0] == "filters"
        self.edit_button.setEnabled(editable)
        self.edit_button.setToolTip(
            "Edit the selected noise filter"
            if editable
            else self.EDIT_RULE_TIP
            if sel
            else "Select a noise filter to edit it"
        )
        if sel:
            self.item_selected.emit(*sel)
