"""The main window: opens a site, lists its pages, shows the selected page with highlights,
turns picks into template rules, saves the template to the workspace."""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QLabel,
    QListWidget,
    QMainWindow,
    QProgressBar,
    QPushButton,
    QTabBar,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from deboiler_gui.app import session
from deboiler_gui.app.domsource import dom_status
from deboiler_gui.app.pagestate import (
    PageState,
    cleaned_document,
    compute_page_state,
    content_caption,
    content_label,
)
from deboiler_gui.app.prefetch import PreparedPage, PrepareSettings, error_document
from deboiler_gui.app.stamping import StampedPage, prepare_page, stamp_page
from deboiler_gui.engine.model import DeboilerError, DomainModel, Page, RuleError
from deboiler_gui.engine.subresources import AssetResolver
from deboiler_gui.engine.template.model import Template
from deboiler_gui.engine.words import count
from deboiler_gui.gui.app import app_icon
from deboiler_gui.gui.controllers.editor import TemplateEditor
from deboiler_gui.gui.controllers.filtering import FilterEditing
from deboiler_gui.gui.controllers.layout import (
    MESSAGE_LINES,
    fit_to_screen,
    from_another_screen,
    lines_height,
    restore_layout,
    save_layout,
    size_list_for_paths,
    widen_right_column,
)
from deboiler_gui.gui.controllers.pagetypes import add_page_types_dock
from deboiler_gui.gui.controllers.picking import Picking
from deboiler_gui.gui.controllers.prefetch import Prefetcher
from deboiler_gui.gui.controllers.saving import Saving
from deboiler_gui.gui.controllers.siteservice import SiteService
from deboiler_gui.gui.controllers.smallsite import SmallSiteFallback
from deboiler_gui.gui.controllers.state import ShownSite
from deboiler_gui.gui.dialogs.guide import add_guide
from deboiler_gui.gui.dialogs.prompt import Ask, ask_user
from deboiler_gui.gui.panels.legend import Legend
from deboiler_gui.gui.panels.models import DomTreeModel, PageListModel
from deboiler_gui.gui.panels.pages import PagesPanel
from deboiler_gui.gui.panels.reviewdock import add_review_dock
from deboiler_gui.gui.panels.rules import RulesPanel
from deboiler_gui.gui.panels.selection import SelectionPanel
from deboiler_gui.gui.webview import SCHEME, IsolatedProfile, PageView, highlight_css
from deboiler_gui.gui.worker import Job, JobBar

if TYPE_CHECKING:
    from deboiler_gui.engine.store import Workspace
    from deboiler_gui.gui.dialogs.open_url import OpenUrlDialog

log = logging.getLogger(__name__)


#: The least a dock's content may be shrunk to (it is clipped below its own minimum size).
DOCK_MINIMUM = QSize(120, 60)

#: Sites up to this many pages are listed at once; bigger ones are read by a worker process.
_LIST_IN_GUI_THREAD = 3000

#: The window's background jobs as the status bar and the messages name them (the names are
#: the code's: tests and callers wait on them).
JOB_LABELS = {
    "import": "importing pages",
    "fit": "fitting the cleaner",
    "analyse": "analysing pages",
    "list pages": "listing pages",
}


def job_label(name: str) -> str:
    return JOB_LABELS.get(name, name)


class MainWindow(QMainWindow):
    """One workspace, one site, one template at a time."""

    page_shown = Signal(str)  # url; highlights follow via view.highlights_applied
    workspace_loaded = Signal(str)
    job_finished = Signal(str, str)  # job name, outcome: finished / failed / cancelled
    candidates_updated = Signal(list)
    message_posted = Signal(str)
    #: The window was closed (File → Quit or its close button) and its work stopped; the
    #: application ends on it.
    closed = Signal()

    def __init__(self, profile: IsolatedProfile) -> None:
        super().__init__()
        self.setWindowTitle("deboiler-gui")
        self.setWindowIcon(app_icon())
        self.resize(1400, 900)
        self.profile = profile
        self.shown = ShownSite()
        self._marks: dict[str, list[int]] = {}  # kind -> stamps on the shown page
        self._shown_marks: dict[str, list[int]] = {}  # what the view shows of them
        self._after_first_paint: list[Callable[[], object]] = []
        self._fitted = False  # kept inside the screen once shown (see showEvent)
        # url -> XPaths of the cleaner's boilerplate, learnt by the background analysis.
        self._boiler_cache: dict[str, list[str]] = {}
        # url -> the cleaner's boilerplate share, from the same analysis (the page list's Boiler
        # column shows it again once the page-level fallback is switched off).
        self._boiler_share: dict[str, float] = {}
        self.service = SiteService(self)
        self.editor = TemplateEditor(Template(name="untitled"), self)
        self._open_url_dialog: OpenUrlDialog | None = None  # made on first use
        self.ask: Ask = functools.partial(ask_user, self)  # replaced in tests to answer prompts
        self._build_ui()
        self._build_controllers()
        self._build_actions()
        self.page_types = add_page_types_dock(self)
        self.guide = add_guide(self)
        self.editor.changed.connect(self._on_editor_changed)
        self.editor.stepped.connect(self.saving.on_editor_stepped)
        self.editor.replayed.connect(self.post_message)
        self.editor.dirty_changed.connect(lambda _d: self._update_title())
        self.service.candidates_ready.connect(self.picking.on_service_candidates_ready)
        self.service.counts_ready.connect(self.picking.on_service_counts_ready)
        self.service.failed.connect(self.picking.on_service_failed)
        self.service.induced_ready.connect(self.picking.on_service_induced)
        self.service.refused.connect(self.picking.on_service_refused)
        self.service.checked_ready.connect(self.picking.on_service_checked)
        self.service.index_progress.connect(
            lambda d, t: self.index_label.setText(f"keeping pages for clicks: {d:,}/{t:,}")
        )
        self.service.index_ready.connect(self.picking.on_service_index_ready)
        self.service.count_progress.connect(self.picking.on_service_count_progress)

    # ================================================================== state
    # What the window shows, for its callers (the review dock, the Open URL dialog, tests).
    @property
    def ws(self) -> Workspace | None:
        return self.shown.ws

    @property
    def ws_path(self) -> str | None:
        return self.shown.ws_path

    @property
    def site(self) -> str:
        return self.shown.site

    @property
    def model(self) -> DomainModel | None:
        return self.shown.model

    @property
    def page(self) -> Page | None:
        return self.shown.page

    @property
    def stamped(self) -> StampedPage | None:
        return self.shown.stamped

    @property
    def item_state(self) -> dict[str, Any]:
        return self.shown.item_state

    @property
    def site_state(self) -> dict[str, str]:
        return self.shown.site_state

    # ================================================================== UI
    def _build_ui(self) -> None:
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        self.legend = Legend()
        self.legend.toggled.connect(self._apply_highlights)
        layout.addWidget(self.legend)
        self.view = PageView(self.profile, central)
        layout.addWidget(self.view, 1)
        self.setCentralWidget(central)
        self.view.page_ready.connect(self._apply_highlights)
        self.view.highlights_applied.connect(self._on_view_highlights_applied)

        # pages
        self.page_model = PageListModel(self)
        self.pages_panel = PagesPanel(self.page_model)
        pages = self.pages_panel
        self.filter_edit = pages.filter_edit
        self.group_combo = pages.group_combo
        self.page_table = pages.table
        self.page_count_label = pages.count_label
        pages.page_activated.connect(self.select_url)
        self.filter_edit.textChanged.connect(self._on_filter_edit_text_changed)
        self.group_combo.currentIndexChanged.connect(lambda _i: self._on_group_changed())
        self.page_table.selectionModel().currentRowChanged.connect(
            self._on_page_table_current_changed
        )
        self._dock("Pages", pages, Qt.DockWidgetArea.LeftDockWidgetArea)

        # DOM tree
        self.dom_model = DomTreeModel(self)
        self.dom_tree = QTreeView()
        self.dom_tree.setModel(self.dom_model)
        self.dom_tree.setHeaderHidden(True)
        self.dom_tree.setUniformRowHeights(True)
        self._dock("DOM", self.dom_tree, Qt.DockWidgetArea.LeftDockWidgetArea)

        # selection and rules
        self.selection = SelectionPanel()
        # Its buttons read whole and its candidate table a few rows high, however the dock's
        # edges are dragged.
        self._dock(
            "Selection",
            self.selection,
            Qt.DockWidgetArea.RightDockWidgetArea,
            self.selection.minimumSizeHint(),
        )
        self.rules = RulesPanel()
        self.rules.page_requested.connect(self.show_listed)
        self.rules.scope_requested.connect(
            lambda: (
                self.editor.add_url(self.shown.page.url) if self.shown.page is not None else None
            )
        )
        # As wide as its buttons need (its rule tree elides); as short as the others.
        self._dock(
            "Template",
            self.rules,
            Qt.DockWidgetArea.RightDockWidgetArea,
            QSize(self.rules.minimumSizeHint().width(), DOCK_MINIMUM.height()),
        )
        self.messages = QListWidget()
        # A long message (a refused induction names its examples) wraps onto more lines: read
        # whole without a horizontal scroll bar, its lines laid out again on a resize.
        self.messages.setWordWrap(True)
        self.messages.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.messages.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.messages.setResizeMode(QListWidget.ResizeMode.Adjust)
        # Room for five lines at the least: the last message and the four before it stay in
        # view as a save or an extraction adds its own (the 60-pixel minimum of the other
        # panels left about four, two long messages).
        messages = self._dock(
            "Messages",
            self.messages,
            Qt.DockWidgetArea.BottomDockWidgetArea,
            QSize(DOCK_MINIMUM.width(), lines_height(self.messages, MESSAGE_LINES)),
        )
        self.review = add_review_dock(self)
        self.tabifyDockWidget(messages, self.review)
        # The right column (Selection, Template) runs the window's full height: the bottom
        # docks (Messages, Review) take their height from the page and the left column, never
        # from the rule tree or the candidate table.
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        # Sized to their contents at the first start, as the user left them afterwards.
        self.layout_restored = restore_layout(self)
        # At a first start the page list is widened for the paths of the first site shown;
        # so it is when the layout comes from a screen of another size, the window scaled to
        # this one and the list as narrow as it was there ("cal…tml" for every path).
        self._from_another_screen = self.layout_restored and from_another_screen(self)
        self._list_for_paths = not self.layout_restored or self._from_another_screen
        #: whether closing saves the window's layout for the next start (not for a run that
        #: only checks the install, offscreen: its layout is no user's)
        self.keeps_layout = True

        # status bar: job progress with Cancel
        self.jobs = JobBar()
        self.jobs.ended.connect(self._on_jobs_ended)
        self.jobs.failed.connect(self._on_jobs_failed)
        self.index_label = QLabel("")
        # Which HTML the shown page is: the DOM a browser rendered (crawl --render) or the raw
        # response.
        self.dom_label = QLabel("")
        bar = self.statusBar()
        bar.addPermanentWidget(self.dom_label)
        bar.addPermanentWidget(self.index_label)
        bar.addPermanentWidget(self.jobs)

    def _build_controllers(self) -> None:
        """The controllers, each holding what it works on, and their wiring to the widgets."""
        self.small_site = SmallSiteFallback(self.shown, self.post_message, self)
        self.small_site.changed.connect(self._on_fallback_changed)
        self.saving = Saving(
            self.shown,
            self.editor,
            lambda title, text, buttons: self.ask(title, text, buttons),
            self.post_message,
            self,
        )
        self.saving.saved.connect(self._on_template_saved)
        self.saving.reloaded.connect(self._on_template_reloaded)
        self.picking = Picking(
            self.shown,
            self.editor,
            self.service,
            self.view,
            self.dom_model,
            self.dom_tree,
            self.page_model,
            self.selection,
            self.rules,
            self.statusBar(),
            self.index_label,
            self.post_message,
            self,
        )
        self.picking.candidates_updated.connect(self.candidates_updated)
        self.view.element_clicked.connect(self.picking.on_view_element_clicked)
        self.view.element_hovered.connect(self.picking.on_view_element_hovered)
        self.dom_tree.selectionModel().currentChanged.connect(
            self.picking.on_dom_tree_current_changed
        )
        self.selection.remove_requested.connect(lambda xp: self.picking.add_rule("remove", xp))
        self.selection.keep_requested.connect(lambda xp: self.picking.add_rule("keep", xp))
        # A field deleted takes its clicked examples and 'not this' nodes with it (Undo puts
        # them back with the field).
        self.rules.delete_requested.connect(self.picking.on_rules_delete_requested)
        self.selection.field_requested.connect(self.picking.on_selection_field_requested)
        self.selection.output_kind_changed.connect(self.picking.on_selection_output_kind_changed)
        self.selection.list_requested.connect(self.picking.on_selection_list_requested)
        self.selection.not_requested.connect(self.picking.on_selection_not_requested)
        # The XPath box says what is wrong under itself; once it is right again, no older
        # complaint stays in the status bar.
        self.selection.xpath_check.changed.connect(
            lambda ok: self.statusBar().clearMessage() if ok else None
        )
        # Right-click in the DOM tree: the node under the pointer is a counter-example.
        self.not_this_action = QAction("Not this (counter-example of the next rule)", self)
        self.not_this_action.triggered.connect(self.picking.on_selection_not_requested)
        self.dom_tree.addAction(self.not_this_action)
        self.dom_tree.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.rules.item_selected.connect(self.picking.on_rules_item_selected)
        self.filtering = FilterEditing(
            self.shown,
            self.editor,
            self.view,
            self.picking,
            self,
            self._restore_highlights,
            self.post_message,
        )
        self.rules.add_filter_requested.connect(lambda: self.filtering.open_filter_dialog(None))
        self.rules.edit_filter_requested.connect(self.filtering.open_filter_dialog)
        self.prefetch = Prefetcher(
            self._prepare_settings,
            lambda url: self.shown.ws.get_page(url) if self.shown.ws is not None else None,
            self.page_model,
            self,
        )
        self.page_shown.connect(self.prefetch.page_shown)
        self.view.highlights_applied.connect(lambda _c: self.prefetch.page_painted())

    def _dock(
        self,
        title: str,
        widget: QWidget,
        area: Qt.DockWidgetArea,
        least: QSize | None = None,
    ) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock-{title.lower()}")
        # A small explicit minimum: a panel's own minimum would otherwise add up with the
        # others' and make the main window grow past the screen. ``least``: a panel whose
        # buttons and table must stay readable (it is never clipped below it).
        widget.setMinimumSize(least or DOCK_MINIMUM)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _action(
        self,
        text: str,
        on_triggered: Callable[[], object],
        shortcut: QKeySequence.StandardKey | str | None = None,
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(on_triggered)
        return action

    def _build_actions(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.open_action = self._action(
            "&Open workspace or file…", self._on_open_action, QKeySequence.StandardKey.Open
        )
        self.open_folder_action = self._action(
            "Open &folder of HTML…", self._on_open_folder_action, "Ctrl+Alt+O"
        )
        self.open_url_action = self._action("Open &URL…", self._on_open_url_action, "Ctrl+Shift+O")
        self.save_action = self._action(
            "&Save template", lambda: self.saving.save_template(), QKeySequence.StandardKey.Save
        )
        self.quit_action = self._action("&Quit", self.close, QKeySequence.StandardKey.Quit)
        for a in (
            self.open_action,
            self.open_folder_action,
            self.open_url_action,
            self.save_action,
            self.quit_action,
        ):
            file_menu.addAction(a)
        edit_menu = self.menuBar().addMenu("&Edit")
        self.undo_action = self.editor.undo_stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = self.editor.undo_stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcut(QKeySequence.StandardKey.Redo)
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        view_menu = self.menuBar().addMenu("&View")
        self.cleaned_action = QAction("Show &cleaned page", self)
        self.cleaned_action.setCheckable(True)
        self.cleaned_action.setShortcut("Ctrl+Shift+C")
        self.cleaned_action.toggled.connect(self._on_cleaned_action_toggled)
        view_menu.addAction(self.cleaned_action)
        self.lazy_layout_action = QAction("&Lay out long pages as they scroll", self)
        self.lazy_layout_action.setCheckable(True)
        self.lazy_layout_action.setChecked(True)
        self.lazy_layout_action.toggled.connect(lambda _on: self._refresh_page())
        self.lazy_layout_action.setToolTip(
            "Faster page switches; off shows every block laid out at once (exact scroll bar)"
        )
        view_menu.addAction(self.lazy_layout_action)
        self.plain_action = QAction(
            "&Plain view (no site styles)",
            self,
            checkable=True,
            shortcut=QKeySequence("Ctrl+Shift+P"),
        )
        self.plain_action.toggled.connect(lambda _on: self._refresh_page())
        self.plain_action.setToolTip(
            "Show the page without the site's style sheets, images and fonts"
        )
        view_menu.addAction(self.plain_action)
        view_menu.addSeparator()
        # Every panel can be shown again from here once closed.
        self.panel_actions: dict[str, QAction] = {}
        for dock in self.findChildren(QDockWidget):
            if dock is self.review:
                continue
            action = dock.toggleViewAction()
            action.setText(f"{dock.windowTitle()} panel")
            view_menu.addAction(action)
            self.panel_actions[dock.windowTitle()] = action
        self.review_action = self.review.toggleViewAction()
        self.review_action.setText("&Review panels")
        self.review_action.setShortcut("Ctrl+R")
        view_menu.addAction(self.review_action)
        self.panel_actions["Review"] = self.review_action
        # Tabbed with the messages: bring it to the front when asked for.
        self.review_action.triggered.connect(lambda on: self.review.raise_() if on else None)
        # Shown, it takes a third of the window's height from the others (its content scrolls,
        # so it could be squeezed to its tab bar), never more room than the window has.
        self.review_action.triggered.connect(self._on_review_toggled)
        site_menu = self.menuBar().addMenu("&Site")
        site_menu.addAction(self._action("Re&fit cleaner", lambda: self.start_fit()))
        site_menu.addAction(self.small_site.action)
        site_menu.addAction(
            self._action("Add noise &filter…", lambda: self.filtering.open_filter_dialog(None))
        )
        self.pagination_action = self._action(
            "Learn &pagination from the selected link", lambda: self.learn_pagination()
        )
        self.pagination_action.setToolTip(
            "The selected next-page link or 'load more' button becomes a pagination rule the "
            "crawler follows (crawl --pagination NAME)."
        )
        site_menu.addAction(self.pagination_action)
        self.structured_action = self._action(
            "Fields from &structured data…", lambda: self.open_structured_fields()
        )
        site_menu.addAction(self.structured_action)

    def _on_review_toggled(self, on: bool) -> None:
        if on:
            # The height the bottom docks had before: given back when Review is hidden again.
            messages = self.findChild(QDockWidget, "dock-messages")
            if messages is not None and messages.isVisible() and not messages.isFloating():
                self._bottom_height = messages.height()
            QTimer.singleShot(0, self._size_review_dock)
        else:
            QTimer.singleShot(0, self._restore_bottom_height)

    def _restore_bottom_height(self) -> None:
        """Review hidden: the Messages left at the bottom get their earlier height back and the
        page view the rest (not a third of the window for a few lines of messages)."""
        messages = self.findChild(QDockWidget, "dock-messages")
        if messages is None or not messages.isVisible() or messages.isFloating():
            return
        # (at the least the panel's minimum: MESSAGE_LINES lines)
        height = getattr(self, "_bottom_height", 0)
        self.resizeDocks([messages], [min(height, self.height() // 4)], Qt.Orientation.Vertical)

    def _size_review_dock(self) -> None:
        # A third of the window, and at least what the review panels need to show without
        # scrolling (five rows of a table, a group's proposal and its buttons).
        panels = self.review.tabs.minimumSizeHint().height()
        title = max(0, self.review.height() - self.review.scroller.height())
        wanted = max(200, self.height() // 3, panels + title + 4)
        if self.review.isFloating():
            return
        if self.review.height() >= wanted:
            return
        # Tabbed with the Messages, the dock's share also holds the bar of their tabs.
        bars = [b.sizeHint().height() for b in self.findChildren(QTabBar) if b.parent() is self]
        extra = max(bars, default=0) if self.tabifiedDockWidgets(self.review) else 0
        self.resizeDocks([self.review], [wanted + extra], Qt.Orientation.Vertical)

    def open_structured_fields(self) -> None:
        """The shown page's structured values as field candidates; the ticked ones are added
        to the template (one undoable step)."""
        from deboiler_gui.app.structuredfields import candidates, with_fields
        from deboiler_gui.gui.dialogs.structured import StructuredFieldsDialog

        if self.shown.ws is None or self.shown.page is None:
            self.post_message("Open a site and show a page first", error=True)
            return
        page = self.shown.page
        dialog = StructuredFieldsDialog(page.url, candidates(self.shown.ws, page), self)
        self._structured_dialog = dialog

        def add() -> None:
            chosen = dialog.chosen()
            if not chosen:
                return
            after, ids = with_fields(self.editor.template, chosen)
            self.editor.apply(after, f"Fields from structured data: {', '.join(ids)}")
            self.post_message(f"Added fields from structured data: {', '.join(ids)}")

        dialog.accepted.connect(add)
        dialog.open()

    def learn_pagination(self) -> str | None:
        """Store a pagination rule learnt from the selected node; returns its name."""
        from deboiler_gui.app.pagination import learn_and_save

        sp, stamp = self.shown.stamped, self.picking.selected
        el = sp.element(stamp) if sp is not None and stamp is not None else None
        if self.shown.ws is None or self.shown.page is None or el is None:
            self.post_message("Select the page's next link or 'load more' button first", error=True)
            return None
        try:
            rule, version = learn_and_save(self.shown.ws, self.shown.page.url, el)
        except DeboilerError as exc:
            self.post_message(f"No pagination rule: {exc}", error=True)
            return None
        self.post_message(
            f"Pagination rule {rule.name!r} (version {version}) saved: {rule.kind}, "
            f"{rule.describe()}; control {rule.control[0]}. Crawl with it: deboiler-gui crawl "
            f"{self.shown.page.url} -w {self.shown.ws_path} --pagination {rule.name}"
        )
        return rule.name

    # ================================================================== opening
    def _on_open_action(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            "Open a workspace, JSON lines or WARC",
            "",
            "Workspaces and pages (*.sqlite *.db *.jsonl *.json *.warc *.warc.gz *.html *.htm);;All files (*)",
        )
        if path:
            self.open_path(path)

    def _on_open_url_action(self) -> None:
        # The crawler and its HTTP stack are imported on first use, not at start-up.
        from deboiler_gui.gui.dialogs import open_url

        open_url.open_url_dialog(self)

    def _on_open_folder_action(self) -> None:
        path = QFileDialog.getExistingDirectory(self, "Open a folder of HTML pages")
        if path:
            self.open_path(path)

    def open_path(self, path: str, *, base_url: str | None = None) -> None:
        """Open a workspace at once, or import a folder / JSON lines / WARC in the background.
        An input that cannot be opened at all (an empty folder, an unreadable file) is refused
        before anything changes: no question about unsaved edits, the shown site and its jobs
        left as they are."""
        workspace = session.is_workspace(path)
        target = "" if workspace else str(session.workspace_for(path))
        known = not workspace and (target == self.shown.ws_path or session.has_pages(target))
        if not workspace and not known:
            problem = session.input_problem(path)
            if problem is not None:
                self._refuse_input(problem)
                return
        if not self.saving.confirm_discard():
            return
        if workspace:
            self.load_workspace(str(Path(path).resolve()))
            return
        if known:
            # Imported before: open at once (File → Open on the workspace file does the same).
            self.load_workspace(target)
            return
        inputs = [str(path)]
        created = not Path(target).exists()
        # The engine checks the input first (an empty folder, an empty or binary file...) and
        # refuses it whole before a workspace is made; its answer is the one message.
        self.statusBar().showMessage(f"Importing {path}…", 5000)
        self.start_job(
            "import",
            lambda: session.run_in_child("import_steps", inputs, target, base_url),
            lambda result: self._after_import(str(path), target, created, result),
            on_failed=lambda message: self._refuse_input(message),
        )

    def _refuse_input(self, message: str) -> None:
        """The input holds no page the app can show: one message naming it, nothing opened."""
        self.statusBar().clearMessage()  # "Importing …" is over
        self.post_message(f"Not opened: {message}", error=True)

    def _after_import(
        self, source: str, target: str, created: bool, result: dict[str, Any]
    ) -> None:
        """Open what was imported; records that could not be read are summed up in one message
        (and not listed), and an input without one readable page is refused and its new
        workspace removed."""
        records = list(result.get("unreadable", []))
        readable = int(result.get("readable", 0))
        self.statusBar().clearMessage()  # "Importing …" is over
        name = Path(source).name or source
        if not readable:
            if created:
                session.remove_workspace(target)
            summary = session.unreadable_summary(name, records, 0)
            self._refuse_input(f"{source}: no readable page" + (f" ({summary})" if summary else ""))
            return
        if records:
            self.post_message(session.unreadable_summary(name, records, readable), error=True)
        self.post_message(f"Imported {count(readable, 'page')} from {source} into {target}")
        self.load_workspace(target)

    def _on_crawl_pages(self, path: str, rows: list[dict[str, Any]]) -> None:
        """Pages a crawl stored since its last report (at most twice a second): the first report
        opens the crawl's workspace, later ones join the page list."""
        if path != self.shown.ws_path:
            self.load_workspace(path)
            return
        known = {r["url"] for r in self.page_model.rows()}
        new = [r for r in rows if r["site"] == self.shown.site and r["url"] not in known]
        if new:
            self.page_model.set_pages(self.page_model.rows() + new)
            self._after_filter_change()

    def _on_crawl_ended(self, path: str, outcome: str, summary: str) -> None:
        self.post_message(summary, error=outcome == "failed")
        if path == self.shown.ws_path and outcome != "failed":
            # The cleaner and the hit-rate index saw only the first pages: redo both on the site.
            self.service.build_index(path, self.shown.site)
            self.start_fit()

    def open_demo(self) -> None:
        from deboiler_gui.engine.sources import DEMO_BASE_URL, demo_site_path

        self.open_path(str(demo_site_path()), base_url=DEMO_BASE_URL)

    def load_workspace(self, path: str) -> None:
        from deboiler_gui.engine.store import Workspace

        # Close the old connection first: opening a workspace reads its file, which would drop
        # the SQLite locks of another connection of this process to the same file.
        if self.shown.ws is not None:
            self.shown.ws.close()
            self.shown.ws = None
        try:
            ws = Workspace(path, create=False)
        except DeboilerError as exc:
            self.post_message(str(exc), error=True)
            return
        self.shown.ws, self.shown.ws_path = ws, path
        self._boiler_cache.clear()
        # The site's own style sheets, images and fonts, from what the input holds.
        resolver = AssetResolver.from_sources(ws.page_sources(), ws.get_asset)
        resolver.index_in_background()  # a large WARC would hold the window
        self.profile.handler.resolver = resolver
        self.prefetch.clear()
        # Records the import could not read have no site: they are summed up, not a site.
        sites = session.readable_sites(ws)
        if not sites:
            self.post_message(f"{path}: the workspace holds no readable pages", error=True)
            return
        self.shown.site, count = max(sites, key=lambda s: s[1])
        model = ws.load_model(self.shown.site)
        # a model saved by an older cleaner is fitted again (its places are keyed otherwise)
        self.shown.model = model if model is not None and not model.stale else None
        self.shown.page = None
        self._boiler_share.clear()
        self.small_site.refresh()
        self._load_template()
        self.review.bind()
        self.workspace_loaded.emit(path)
        # Background work starts once the first page is on screen: it would compete with the
        # first paint for the interpreter and both cores.
        self._after_first_paint = [
            lambda: self.service.build_index(path, self.shown.site),
            self.start_fit if self.shown.model is None else self.start_analysis,
        ]
        if count <= _LIST_IN_GUI_THREAD:
            self._show_page_list(ws.page_summaries(self.shown.site))
        else:
            # Reading and converting tens of thousands of rows would stall the window.
            self.page_model.set_pages([])
            site = self.shown.site
            self.start_job(
                "list pages",
                lambda: session.run_in_child("page_summaries", path, site),
                self._show_page_list,
            )

    def _show_page_list(self, summaries: list[dict[str, Any]]) -> None:
        self.page_model.set_pages(summaries)
        if self.small_site.active:
            self.page_model.update_pages(self._fallback_facts())
        self.page_types.label_pages()
        if self._list_for_paths and summaries:
            self._list_for_paths = False
            # (room for the Fails column too when the template has fields: the analysis
            # shows it a moment later)
            more = (3,) if self.editor.template.fields else ()

            def fit() -> None:
                if self._from_another_screen:
                    # (first: the page list takes what the right column leaves it)
                    widen_right_column(self)
                size_list_for_paths(self, self.pages_panel.width_for_paths(more))

            QTimer.singleShot(0, fit)
        self.page_count_label.setText(
            f"{count(self.page_model.total(), 'page')} of {self.shown.site}"
        )
        self.select_page_row(0)
        if self.shown.page is None:
            self._run_after_first_paint()

    def _run_after_first_paint(self) -> None:
        pending, self._after_first_paint = self._after_first_paint, []
        for call in pending:
            call()

    def reload_template(self) -> None:
        """Load the workspace's latest version of the site's template into the editor."""
        self._load_template()
        self._compute_state()
        self._apply_highlights()

    def _load_template(self) -> None:
        ws = self.shown.ws
        assert ws is not None  # called once a workspace is open
        template = None
        version = 0
        for name in ws.template_names():
            try:
                # The version first, then that version: a save from elsewhere in between
                # cannot make the window take the older content for the newer number.
                number = ws.template_version(name)
                loaded = ws.load_template(name, number)
            except DeboilerError as exc:
                self.post_message(str(exc), error=True)
                continue
            if loaded.site == self.shown.site:
                template, version = loaded, number
                break
        if template is None:
            template = Template(name=self.shown.site or "site", site=self.shown.site)
        self.editor.reset(template, version=version)
        ws_path = self.shown.ws_path or ""
        draft = session.read_draft(ws_path)
        if draft and draft != template.to_dict():
            answer = self.ask(
                "Recover unsaved changes",
                f"Unsaved changes to template {draft.get('name')!r} were found (the app was closed or crashed before saving). Restore them?",
                ("Restore", "Discard"),
            )
            if answer == "Restore":
                try:
                    restored = Template.from_dict(draft)
                except RuleError as exc:
                    self.post_message(f"The recovered draft is unusable: {exc}", error=True)
                else:
                    self._restore_draft(restored, session.read_draft_base(ws_path))
            else:
                session.clear_draft(ws_path)
        self._update_title()

    def _restore_draft(self, restored: Template, base: int | None) -> None:
        """Put a draft's edits back. When they were made on an older version than the one
        stored now (``templates learn`` ran since), the editor keeps that older version as
        the one its edits start from: the next save takes in what was stored since instead
        of dropping it."""
        ws = self.shown.ws
        editor = self.editor
        if (
            ws is not None
            and base is not None
            and restored.name == editor.template.name
            and base != editor.stored_version
        ):
            try:
                older = ws.load_template(restored.name, base) if base else None
            except DeboilerError:
                older = None  # that version is gone: the edits start from the latest
            if older is not None or base == 0:
                latest = editor.stored_version
                editor.stored, editor.stored_version = older, base
                self.post_message(
                    f"The restored changes were made on version {base or 'none'} of template "
                    f"{restored.name!r}; version {latest} was stored since. Save keeps what it "
                    "changed together with your edits (and asks first where both changed the "
                    "same field)."
                )
        editor.apply(restored, "Restore unsaved changes")

    # ================================================================== jobs
    def start_job(
        self,
        name: str,
        factory: Any,
        on_done: Any = None,
        on_partial: Any = None,
        *,
        on_failed: Any = None,
    ) -> Job:
        return self.jobs.start(
            name, factory, on_done, on_partial, on_failed=on_failed, label=job_label(name)
        )

    def cancel_job(self) -> None:
        self.jobs.cancel()

    @property
    def current_job(self) -> Job | None:
        return self.jobs.current

    @property
    def progress(self) -> QProgressBar:
        return self.jobs.progress

    @property
    def cancel_button(self) -> QPushButton:
        return self.jobs.cancel_button

    def _on_jobs_ended(self, name: str, outcome: str) -> None:
        if outcome == "cancelled":
            self.post_message(f"{job_label(name)} cancelled")
        self.job_finished.emit(name, outcome)

    def _on_jobs_failed(self, message: str, _traceback: str) -> None:
        self.post_message(message, error=True)

    def start_fit(self) -> None:
        if not self.shown.ws_path:
            return
        path, site = self.shown.ws_path, self.shown.site

        def done(failed: dict[str, str]) -> None:
            self.shown.model = self.shown.ws.load_model(site) if self.shown.ws is not None else None
            self._boiler_cache.clear()
            self._boiler_share.clear()
            for name, reason in failed.items():
                self.post_message(f"{name}: {reason}", error=True)
            if self.shown.model is not None:
                self.post_message(f"Cleaner fitted on {site}")
            self.small_site.refresh()
            self._refresh_page()
            self.start_analysis()

        self.start_job("fit", lambda: session.run_in_child("fit_steps", path, site), done)

    def start_analysis(self) -> None:
        ws = self.shown.ws
        if not self.shown.ws_path or ws is None:
            return
        path, site = self.shown.ws_path, self.shown.site
        current = self.editor.template
        templates = [current.to_dict()]
        for name in ws.template_names():
            if name != current.name:
                try:
                    templates.append(ws.load_template(name).to_dict())
                except DeboilerError as exc:
                    self.post_message(str(exc), error=True)
        self.start_job(
            "analyse",
            lambda: session.run_in_child("analyse_steps", path, site, templates),
            None,
            self._on_analysis_batch,
        )

    def _on_analysis_batch(self, batch: dict[str, dict[str, Any]]) -> None:
        for url, facts in batch.items():
            boiler = facts.pop("boiler", None)
            if boiler is not None:
                self._boiler_cache[url] = boiler
            if facts.get("boiler_share") is not None:
                self._boiler_share[url] = facts["boiler_share"]
        if self.small_site.active:
            # the page-level extractor's share, not the site model's
            for url, facts in self._fallback_facts(batch).items():
                batch.setdefault(url, {}).update(facts)
        self.prefetch.settings_changed()
        self.page_model.update_pages(batch)
        known = {self.group_combo.itemData(i) for i in range(self.group_combo.count())}
        for name in sorted({f["template"] for f in batch.values() if f.get("template")} - known):
            self.group_combo.addItem(f"Template: {name}", name)

    # ================================================================== pages
    def select_page_row(self, row: int) -> None:
        index = self.page_model.index(row, 0)
        if index.isValid():
            self.page_table.selectionModel().setCurrentIndex(
                index,
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows,
            )
            self.page_table.scrollTo(index)

    def select_url(self, url: str) -> None:
        row = self.page_model.row_of(url)
        if row is not None:
            self.select_page_row(row)
        else:
            self.show_page(url)

    def show_listed(self, url: str) -> None:
        """Show a page named outside the page list (a field's page to look at, a row of the
        value preview or of a review panel): when the list's filter, template choice or page
        types hide it, they are cleared so that the list shows it selected, and the status bar
        says so (the page used to be shown, or not, with the list still on another page)."""
        hidden = self.page_model.hidden_by(url)
        cleared = []
        if "pattern" in hidden:
            cleared.append(f"filter {self.filter_edit.text().strip()!r}")
            self.filter_edit.setText("")
        if "group" in hidden:
            cleared.append(f"template choice {self.group_combo.currentText()!r}")
            self.group_combo.setCurrentIndex(0)
        if "subset" in hidden:
            cleared.append("page type choice")
            self.page_types.panel.select_keys([])
        self.select_url(url)
        if cleared:
            # Short enough for the room the status bar's figures leave in a 1235-pixel window
            # (the page is the one shown and selected in the list).
            what = " and ".join(cleared)
            hid = "it hid" if len(cleared) == 1 else "they hid"
            self.statusBar().showMessage(
                f"{what[0].upper()}{what[1:]} cleared: {hid} the page asked for", 15000
            )

    def _on_page_table_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            url = self.page_model.url_at(current.row())
            if self.shown.page is None or self.shown.page.url != url:
                self.show_page(url)

    def _after_filter_change(self) -> None:
        # A reset forgets the current row: select the shown page again if it is still listed.
        if self.shown.page is not None and self.page_model.row_of(self.shown.page.url) is not None:
            self.page_table.selectionModel().blockSignals(True)
            self.select_page_row(self.page_model.row_of(self.shown.page.url) or 0)
            self.page_table.selectionModel().blockSignals(False)
        self.page_count_label.setText(
            f"{self.page_model.rowCount()} of {count(self.page_model.total(), 'page')} "
            f"of {self.shown.site}"
        )

    def _on_filter_edit_text_changed(self, text: str) -> None:
        self.page_model.set_pattern(text)
        if self.page_model.pattern_error:
            self.statusBar().showMessage(self.page_model.pattern_error, 4000)
        self._after_filter_change()

    def _on_group_changed(self) -> None:
        self.page_model.set_group(self.group_combo.currentData())
        self._after_filter_change()

    def show_page(self, url: str) -> None:
        if self.shown.ws is None:
            return
        prepared = self.prefetch.take(url)
        page = prepared.page if prepared is not None else self.shown.ws.get_page(url)
        if page is None:
            self.post_message(f"{url}: not in the workspace", error=True)
            return
        self.shown.page = page
        text, tip = dom_status(self.page_model.summary(url))
        self.dom_label.setText(text)
        self.dom_label.setToolTip(tip)
        self.picking.clear()
        self._render_page(prepared)
        self.review.page_changed()
        self.page_shown.emit(url)

    def _refresh_page(self) -> None:
        if self.shown.page is not None:
            self._render_page()

    def _prepare_settings(self) -> PrepareSettings | None:
        """What the shown document depends on; None when documents are not prepared ahead."""
        if self.shown.ws_path is None or self.shown.show_cleaned:
            return None
        return PrepareSettings(
            workspace=self.shown.ws_path,
            template=self.editor.template,
            model=self.shown.model,
            kinds=frozenset(self.legend.enabled_kinds()),
            style=highlight_css(self.lazy_layout_action.isChecked()),
            boiler=self._boiler_of,
            asset_scheme=None if self.plain_action.isChecked() else SCHEME,
            plain=self.plain_action.isChecked(),
        )

    def _render_page(self, prepared: PreparedPage | None = None) -> None:
        assert self.shown.page is not None
        page = self.shown.page
        if prepared is None and not self.shown.show_cleaned:
            prepared = self.prefetch.prepare_now(page)
        if prepared is not None:
            # Prepared ahead (or just now): parsed, stated and serialised with its highlights,
            # which travel inside the served document, so the page paints with them from its
            # first frame and nothing needs to be sent once it has loaded.
            self.shown.stamped = prepared.stamped
            self._use_state(prepared.state)
            self._shown_marks = dict(prepared.shown_marks)
            html = prepared.html
        else:
            source = error_document(page) if page.error and not page.html else page.html
            self.shown.stamped = prepare_page(page.url, source)
            self._compute_state()
            html = self._cleaned_html()
            self._shown_marks = {}
        self.view.show_document(html)
        self.dom_model.set_page(self.shown.stamped if not self.shown.show_cleaned else None)
        # Where the cleaner takes this page's content to be, once the switch is done.
        self.legend.set_caption("", "")
        QTimer.singleShot(0, lambda url=page.url: self._update_content_caption(url))

    def _update_content_caption(self, url: str) -> None:
        stamped = self.shown.stamped
        if self.shown.page is None or self.shown.page.url != url or stamped is None:
            return  # another page is shown by now
        fallback = self.small_site.page(url)
        if fallback is not None:
            self.legend.set_caption(*content_label(fallback.content))
            return
        self.legend.set_caption(*content_caption(stamped, self.shown.model))

    def _cleaned_html(self) -> str:
        """The page as the CLI would clean it with this template."""
        assert self.shown.page is not None
        fallback = self.small_site.page(self.shown.page.url)
        if fallback is not None:
            # the extractor's content, as clean --page-fallback writes it
            return stamp_page(self.shown.page.url, fallback.cleaned_html).html
        html, error = cleaned_document(
            self.shown.page.url, self.shown.page.html, self.editor.template, self.shown.model
        )
        if error:
            self.post_message(error, error=True)
        return html

    def _boiler_of(self, url: str) -> list[str] | None:
        """The XPaths marked as boilerplate on ``url``: the blocks the page-level extractor
        left out when the fallback cleans the site, else the background analysis' findings."""
        left_out = self.small_site.boiler_of(url)
        return left_out if left_out is not None else self._boiler_cache.get(url)

    def _fallback_facts(self, urls: Any = None) -> dict[str, dict[str, Any]]:
        """The page list's Boiler cells of the pages the fallback cleans (of ``urls``, or all
        of them): the share of the text the extractor left out, with a tooltip saying so."""
        out: dict[str, dict[str, Any]] = {}
        for url in self.small_site.pages if urls is None else urls:
            page = self.small_site.page(url)
            if page is not None:
                out[url] = {
                    "boiler_share": page.share,
                    "boiler_tip": self.small_site.share_tip(url),
                }
        return out

    def _on_fallback_changed(self) -> None:
        """The page-level fallback switched on or off, or worked out anew: the legend, the
        page list's Boiler column and the shown page follow."""
        self.legend.set_boiler_text(self.small_site.active)
        if self.small_site.active:
            self.page_model.update_pages(self._fallback_facts())
        else:
            self.page_model.update_pages(
                {
                    r["url"]: {"boiler_share": self._boiler_share.get(r["url"]), "boiler_tip": None}
                    for r in self.page_model.rows()
                    if r.get("boiler_tip")
                }
            )
        self.prefetch.settings_changed()
        self._refresh_page()

    # ================================================================== highlights
    def _compute_state(self) -> None:
        """What each kind of highlight marks on the shown page, and each rule's state on it
        (match count, or its error message shown inline)."""
        sp = self.shown.stamped
        if sp is None:
            self.shown.item_state, self._marks = {}, {}
            return
        state = compute_page_state(
            sp, self.editor.template, self.shown.model, self._boiler_of(sp.url)
        )
        self._use_state(state)

    def _use_state(self, state: PageState) -> None:
        for error in state.errors:
            self.post_message(error, error=True)
        self.shown.item_state, self._marks = state.items, state.marks
        self.rules.show_template(self.editor.template, self.shown.item_state, self.shown.site_state)
        fields = self.editor.template.fields
        self.selection.set_field_names(
            [f.id for f in fields], {f.id: (f.kind, f.attribute, f.is_list) for f in fields}
        )

    def _enabled_marks(self) -> dict[str, list[int]]:
        enabled = self.legend.enabled_kinds()
        return {k: v for k, v in self._marks.items() if k in enabled}

    def _apply_highlights(self) -> None:
        """Bring the shown page's highlights in line with the template and the legend (a no-op
        for those already served with the document)."""
        if self.shown.show_cleaned:
            self._shown_marks = {}
            self.view.set_highlights({})
            return
        wanted = self._enabled_marks()
        if wanted != self._shown_marks:
            self._shown_marks = wanted
            self.view.set_highlights(wanted)
        if self.picking.selected is not None:
            # Every node picked keeps its outline (the items of a list picked with Ctrl+clicks:
            # an edit of the template, a legend toggle, used to leave the last one alone).
            self.view.select_all(self.picking.picked(), scroll=False)

    def _restore_highlights(self) -> None:
        """Put the page's own highlights back after something drew others over them (the
        filter dialog's preview): whatever the view shows now is not what was last sent."""
        self._shown_marks = {"": []}
        self._apply_highlights()

    def _on_view_highlights_applied(self, _counts: dict[str, int]) -> None:
        if self._after_first_paint:
            QTimer.singleShot(0, self._run_after_first_paint)

    def _on_cleaned_action_toggled(self, on: bool) -> None:
        self.shown.show_cleaned = on
        self._refresh_page()
        self.view.set_picking(not on)  # sent to the new document once it is ready

    def _on_editor_changed(self) -> None:
        self._compute_state()
        self._apply_highlights()
        if self.shown.show_cleaned:
            self._refresh_page()
        self._update_title()
        self.picking.count_site_state()

    # ================================================================== saving
    def _on_template_saved(self, _version: int) -> None:
        self._update_title()
        if self.current_job is None:
            self.start_analysis()

    def _on_template_reloaded(self) -> None:
        """The editor holds a stored version anew (one stored elsewhere, taken in)."""
        self._compute_state()
        self._apply_highlights()
        self._on_template_saved(self.editor.stored_version)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        super().changeEvent(event)
        if event.type() == QEvent.Type.ActivationChange and self.isActiveWindow():
            # Back from a terminal (templates learn) or another window: a version stored
            # there meanwhile is shown, or announced when there are unsaved edits.
            self.saving.check_stored()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        if not self._fitted:
            # Once more when shown: only now is the frame (title bar, borders) known.
            self._fitted = True
            QTimer.singleShot(0, lambda: fit_to_screen(self) if self.layout_restored else None)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt override)
        if not getattr(self, "_ending", False) and not self.saving.confirm_discard():
            event.ignore()
            return
        self.shutdown()
        event.accept()
        self.close_other_windows()
        self.closed.emit()

    def end_without_asking(self) -> None:
        """End the app without a question (SIGTERM): unsaved template edits are kept as the
        workspace's draft, which the next start offers back; then as a close does."""
        try:
            self.saving.save_draft_now()
        except OSError as exc:
            log.warning("the draft could not be written: %s", exc)
        self._ending = True  # nothing to ask about: the draft holds the edits
        self.close()

    def close_other_windows(self) -> None:
        """Close the windows that belong to this one (floating docks, the guide, filter and
        Open URL dialogs): none of them outlives the main window or keeps the app running."""
        for widget in QApplication.topLevelWidgets():
            if widget is self or not widget.isVisible():
                continue
            owner = widget.parentWidget()
            while owner is not None and owner is not self:
                owner = owner.parentWidget()
            if owner is None:
                continue
            if isinstance(widget, QDockWidget):
                widget.hide()  # its floating place is already saved in the layout
            else:
                widget.close()

    def shutdown(self) -> None:
        """Stop background work and release the workspace (also used by tests)."""
        # Work waiting for the first paint must not start on a stopped window.
        self._after_first_paint = []
        if self.keeps_layout:
            save_layout(self)
        self.jobs.shutdown()
        if self._open_url_dialog is not None:  # stop its crawl, if any
            self._open_url_dialog.shutdown()
        self.review.shutdown()
        self.page_types.shutdown()
        self.small_site.shutdown()
        self.guide.shutdown()
        self.service.stop()
        if self.shown.ws is not None:
            self.shown.ws.close()
            self.shown.ws = None

    # ================================================================== messages
    def post_message(self, text: str, *, error: bool = False) -> None:
        """Engine errors are shown here, never in a modal box."""
        stamp = time.strftime("%H:%M:%S")
        self.messages.addItem(f"{stamp}  {'⚠ ' if error else ''}{text}")
        self.messages.scrollToBottom()
        if error:
            item = self.messages.item(self.messages.count() - 1)
            item.setForeground(Qt.GlobalColor.red)
            self.statusBar().showMessage(text, 8000)
        self.message_posted.emit(text)

    def _update_title(self) -> None:
        name = self.editor.template.name
        # The template is named after its site by default: the name said once then.
        where = f" — {self.shown.site}" if self.shown.site and self.shown.site != name else ""
        self.setWindowTitle(f"{'*' if self.editor.dirty else ''}{name}{where} — deboiler-gui")
