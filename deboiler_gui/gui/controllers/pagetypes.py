"""Page types in the main window: computes the open site's types in a child process, keeps the
user's splits, merges and names in the workspace, labels and filters the page list, and starts
a template for a type."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QInputDialog, QLineEdit, QWidget

from deboiler_gui.app.pagetypes import DEFAULT_THRESHOLD, SitePageTypes, cluster_in_child
from deboiler_gui.engine.model import DeboilerError
from deboiler_gui.engine.store import StaleError
from deboiler_gui.engine.words import count
from deboiler_gui.gui.controllers.editor import TemplateEditor
from deboiler_gui.gui.controllers.saving import Saving
from deboiler_gui.gui.controllers.state import PostMessage, ShownSite
from deboiler_gui.gui.dialogs.split_type import SplitTypeDialog
from deboiler_gui.gui.panels.models import PageListModel
from deboiler_gui.gui.panels.pagetypes import PageTypesPanel
from deboiler_gui.gui.worker import Job, JobRunner


class PageTypes(QObject):
    """Owns the shown site's :class:`SitePageTypes`; every edit is saved to the workspace at
    once (one transaction), so the types survive a restart."""

    changed = Signal()  # the types were computed, loaded or edited (and saved)
    computed = Signal(str)  # outcome of a Compute: finished / failed / cancelled

    def __init__(
        self,
        shown: ShownSite,
        panel: PageTypesPanel,
        page_model: PageListModel,
        editor: TemplateEditor,
        saving: Saving,
        after_filter_change: Callable[[], None],
        post_message: PostMessage,
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self.shown = shown
        self.panel = panel
        self.page_model = page_model
        self.editor = editor
        self.saving = saving
        self.after_filter_change = after_filter_change
        self.post_message = post_message
        self.parent_widget = parent
        self.types: SitePageTypes | None = None
        #: The site's stored rows as this window last read or wrote them (None: unknown).
        self._stored_rows: list[dict[str, Any]] | None = None
        self.threshold = DEFAULT_THRESHOLD
        self.runner = JobRunner(self)
        self.job: Job | None = None
        self.split_dialog: SplitTypeDialog | None = None
        self.rename_dialog: QInputDialog | None = None
        #: The dock holding the panel and its View-menu action (set by add_page_types_dock).
        self.dock: QDockWidget | None = None
        self.view_action: QAction | None = None
        #: Compute when the panel is next shown and the site has no saved types.
        self._pending = False
        panel.compute_requested.connect(self.compute)
        panel.selection_changed.connect(self._on_panel_selection_changed)
        panel.split_requested.connect(self.open_split_dialog)
        panel.merge_requested.connect(self.merge)
        panel.rename_requested.connect(self.open_rename_dialog)
        panel.template_requested.connect(self.new_template)

    # ------------------------------------------------------------------ loading
    def load(self) -> None:
        """The shown site's saved types (a new workspace or site starts with none)."""
        self.cancel()
        self._read_stored()
        self._pending = self.types is None
        self._show()
        if self.panel.isVisible():
            self.panel_shown()

    def _read_stored(self) -> None:
        """The site's types as stored (None when none are), and the stored rows they were read
        from: a save is refused when another window changed them since."""
        self.types = None
        self._stored_rows = None
        ws, site = self.shown.ws, self.shown.site
        if ws is None or not site:
            return
        try:
            rows = ws.load_page_types(site)
            self._stored_rows = rows
            if rows:
                self.types = SitePageTypes.from_rows(site, rows, ws.page_urls(site))
        except DeboilerError as exc:
            self.post_message(f"Page types not loaded: {exc}", error=True)

    def panel_shown(self) -> None:
        if self._pending and self.job is None and self.shown.ws_path:
            self.compute()

    def compute(self) -> None:
        """Cluster the site's pages in a child process; the result replaces the shown types."""
        path, site = self.shown.ws_path, self.shown.site
        if not path or not site:
            return
        self._pending = False
        self.cancel()
        self.threshold = self.panel.threshold.value()
        threshold = self.threshold
        job = Job("page types", lambda: cluster_in_child(path, site, threshold))
        job.signals.progress.connect(self._on_job_progress)
        job.signals.finished.connect(
            lambda clusters, p=path, s=site: self._on_job_finished(p, s, clusters)
        )
        job.signals.failed.connect(self._on_job_failed)
        job.signals.cancelled.connect(lambda: self._end_job("cancelled"))
        self.job = job
        self.panel.compute_button.setEnabled(False)
        self.panel.summary.setText(f"Computing the page types of {site}…")
        self.runner.start(job)

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()

    def shutdown(self, msecs: int = 10000) -> None:
        self.runner.cancel_all()
        self.runner.wait(msecs)

    def _on_job_progress(self, done: int, total: int, message: str) -> None:
        if self.job is not None:
            of = f"/{total}" if total else ""
            figures = f" {done}{of}" if done or total else ""
            self.panel.summary.setText(f"Computing page types: {message}{figures}")

    def _on_job_finished(self, path: str, site: str, clusters: list[list[str]]) -> None:
        if path != self.shown.ws_path or site != self.shown.site:
            self._end_job("cancelled")  # another site was opened meanwhile
            return
        self.types = SitePageTypes.from_clusters(site, clusters, self.threshold)
        self._end_job("finished")
        if self._save("the computed page types"):
            self.post_message(f"{len(self.types.types)} page types on {site}")
            self._show()

    def _on_job_failed(self, message: str, _traceback: str) -> None:
        self.post_message(f"Page types failed: {message}", error=True)
        self._end_job("failed")
        self._show()

    def _end_job(self, outcome: str) -> None:
        self.job = None
        self.panel.compute_button.setEnabled(True)
        if outcome != "finished":
            self._show()
        self.computed.emit(outcome)

    # ------------------------------------------------------------------ showing
    def _show(self, keep: list[int] | None = None) -> None:
        self.panel.show_types(self.types, keep)
        self.label_pages()
        self.changed.emit()

    def label_pages(self) -> None:
        """Write each page's type into the page list (its Type column); count the pages in
        no type (added since the types were computed)."""
        labels = self.types.labels() if self.types is not None else {}
        rows = self.page_model.rows()
        self.page_model.update_pages(
            {r["url"]: {"pagetype": labels.get(r["url"], "")} for r in rows}
        )
        self.panel.show_summary(sum(r["url"] not in labels for r in rows))

    def _on_panel_selection_changed(self, keys: list[int]) -> None:
        urls: set[str] | None = None
        if keys and self.types is not None:
            urls = {u for k in keys for u in self.types.get(k).urls}
        self.page_model.set_subset(urls)
        self.after_filter_change()

    # ------------------------------------------------------------------ edits
    def _save(self, what: str = "this change") -> bool:
        """Store the types; refused, and the stored ones shown instead, when another window
        changed them since this one read them (its split or name is never overwritten)."""
        if self.types is None or self.shown.ws is None:
            return False
        rows = self.types.to_rows()
        try:
            self.shown.ws.save_page_types(self.shown.site, rows, expect=self._stored_rows)
        except StaleError:
            self._read_stored()
            self._show()
            self.post_message(
                f"Page types of {self.shown.site}: changed in another window since this one "
                f"read them, so {what} was not saved; the page types shown now are the stored "
                "ones (do it again if it is still needed)",
                error=True,
            )
            return False
        except DeboilerError as exc:
            self.post_message(f"Page types not saved: {exc}", error=True)
            return False
        self._stored_rows = rows
        return True

    def _edited(self, keep: list[int], what: str = "this change") -> None:
        if self._save(what):
            self._show(keep)

    def open_split_dialog(self, key: int) -> SplitTypeDialog | None:
        if self.types is None:
            return None
        t = self.types.get(key)
        types = self.types

        def matching(text: str) -> list[str]:
            return types.pages_matching(key, text)

        dialog = SplitTypeDialog(
            t.title,
            t.patterns[0] if t.patterns else "",
            sorted(t.urls),
            matching,
            self.parent_widget,
        )
        dialog.accepted.connect(lambda d=dialog, k=key: self.split(k, d.checked_urls()))
        self.split_dialog = dialog
        dialog.show()
        return dialog

    def split(self, key: int, urls: list[str]) -> None:
        if self.types is None:
            return
        t_title = self.types.get(key).title
        try:
            new = self.types.split_pages(key, urls)
        except DeboilerError as exc:
            self.post_message(str(exc), error=True)
            return
        if self._save(f"the split of {t_title}"):
            self.post_message(f"Split {count(len(new.urls), 'page')} off into {new.title}")
            self._show([key, new.key])

    def merge(self, keys: list[int]) -> None:
        if self.types is None:
            return
        try:
            into = self.types.merge(keys)
        except DeboilerError as exc:
            self.post_message(str(exc), error=True)
            return
        if self._save(f"the merge into {into.title}"):
            self.post_message(f"Merged {len(keys)} page types into {into.title}")
            self._show([into.key])

    def open_rename_dialog(self, key: int) -> QInputDialog | None:
        if self.types is None:
            return None
        t = self.types.get(key)
        dialog = QInputDialog(self.parent_widget)
        dialog.setWindowTitle("Rename page type")
        dialog.setLabelText(f"Name of {t.title} (empty: named by its URL pattern)")
        dialog.setTextEchoMode(QLineEdit.EchoMode.Normal)
        dialog.setTextValue(t.name)
        dialog.textValueSelected.connect(lambda text, k=key: self.rename(k, text))
        self.rename_dialog = dialog
        dialog.show()
        return dialog

    def rename(self, key: int, name: str) -> None:
        if self.types is None:
            return
        try:
            self.types.rename(key, name)
        except DeboilerError as exc:
            self.post_message(str(exc), error=True)
            return
        self._edited([key], "the new name")

    def new_template(self, key: int) -> None:
        """Put a new template for the type in the editor, unsaved (its recovery draft is
        written); Save keeps it in the workspace."""
        if self.types is None or self.shown.ws is None:
            return
        if not self.saving.confirm_discard():
            return
        try:
            taken = set(self.shown.ws.template_names())
            template = self.types.template_for(key)
        except DeboilerError as exc:
            self.post_message(str(exc), error=True)
            return
        name, n = template.name, 2
        while name in taken:  # a saved template of that name is another one: never overwrite it
            name, n = f"{template.name}-{n}", n + 1
        template = replace(template, name=name)
        self.editor.reset(template, dirty=True)
        self.saving.on_editor_stepped()
        self.post_message(
            f"New template {name!r} for pages like {' | '.join(template.urls)} (unsaved: Save keeps it)"
        )


def add_page_types_dock(window: Any) -> PageTypes:
    """The Page types dock (left, tabbed with the DOM tree), its controller, and its entry in
    the View menu; the window calls ``load`` when a site is opened."""
    panel = PageTypesPanel()
    dock = QDockWidget("Page types", window)
    dock.setObjectName("dock-page-types")
    panel.setMinimumSize(120, 60)  # as the window's other docks: never grows the window
    dock.setWidget(panel)
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    dom = window.findChild(QDockWidget, "dock-dom")
    if dom is not None:
        window.tabifyDockWidget(dom, dock)
    dock.hide()  # until asked for from the View menu (the first showing computes the types)
    controller = PageTypes(
        window.shown,
        panel,
        window.page_model,
        window.editor,
        window.saving,
        window._after_filter_change,
        window.post_message,
        window,
    )
    controller.dock = dock
    dock.visibilityChanged.connect(lambda visible: controller.panel_shown() if visible else None)
    action = dock.toggleViewAction()
    action.setText("&Page types")
    action.setShortcut("Ctrl+Shift+T")
    controller.view_action = action
    window.panel_actions["Page types"] = action
    # Tabbed with the DOM tree: bring it to the front when asked for.
    action.triggered.connect(lambda on: dock.raise_() if on else None)
    for menu_action in window.menuBar().actions():
        if menu_action.text() == "&View":
            menu_action.menu().addAction(action)
    window.workspace_loaded.connect(lambda _path: controller.load())
    return controller
