"""The review panels (before/after, rule impact, boilerplate groups, template health, export)
mounted in one tabbed dock of the main window, created the first time the dock is shown."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QFrame, QScrollArea, QTabWidget

from deboiler_gui.engine.words import count

if TYPE_CHECKING:
    from deboiler_gui.gui.mainwindow import MainWindow

log = logging.getLogger(__name__)


class ReviewDock(QDockWidget):
    """Binds the panels to the window's workspace, site and template; a page activated in a
    panel is shown in the main view; a template changed by a panel is reloaded in the editor."""

    TABS = ("Before / after", "Rule impact", "Boilerplate groups", "Template health", "Export")

    def __init__(self, window: MainWindow) -> None:
        super().__init__("Review", window)
        self.setObjectName("dock-review")
        self.window_ = window
        self.tabs = QTabWidget()
        # In a scroll area: the panels' own minimum sizes never make the main window grow when
        # the dock is shown; a dock smaller than a panel scrolls instead.
        self.scroller = QScrollArea()
        self.scroller.setWidgetResizable(True)
        self.scroller.setFrameShape(QFrame.Shape.NoFrame)
        self.scroller.setWidget(self.tabs)
        self.scroller.setMinimumSize(120, 60)
        self.setWidget(self.scroller)
        self.panels: dict[str, Any] = {}
        self._started: set[tuple[str, str]] = set()
        self.visibilityChanged.connect(self._on_visibility_changed)
        self._impact_timer = QTimer(self)
        self._impact_timer.setSingleShot(True)
        self._impact_timer.setInterval(400)
        self._impact_timer.timeout.connect(self._restart_impact)
        self.tabs.currentChanged.connect(self._on_tabs_current_changed)

    def _ensure_panels(self) -> None:
        if self.panels:
            return
        from deboiler_gui.gui.panels.review import (
            BeforeAfterPanel,
            ExportPanel,
            GroupsPanel,
            HealthPanel,
            ImpactPanel,
        )

        w = self.window_
        # The before/after panel owns page views on the window's profile; it is a child of
        # this dock, so it is deleted with the window, before the profile.
        made = [
            BeforeAfterPanel(w.profile),
            ImpactPanel(),
            GroupsPanel(),
            HealthPanel(),
            ExportPanel(),
        ]
        for title, panel in zip(self.TABS, made, strict=True):
            self.panels[title] = panel
            self.tabs.addTab(panel, title)
            if hasattr(panel, "page_activated"):
                panel.page_activated.connect(w.show_listed)
            if hasattr(panel, "job_failed"):
                panel.job_failed.connect(lambda message: w.post_message(message, error=True))
        groups = self.panels["Boilerplate groups"]
        groups.rule_applied.connect(self._on_group_rule_applied)
        w.editor.changed.connect(self._on_editor_changed)
        self.panels["Template health"].template_changed.connect(self._on_template_changed_elsewhere)
        self.panels["Template health"].said.connect(w.post_message)
        self.bind()

    def bind(self) -> None:
        """(Re)bind the panels to the window's current workspace and template."""
        w = self.window_
        if not self.panels or not w.ws_path:
            return
        name = w.editor.template.name
        self.panels["Boilerplate groups"].bind(w.ws_path, name)
        self.panels["Template health"].bind(w.ws_path)
        self.panels["Export"].bind(w.ws_path, w.ws.template_names() if w.ws is not None else [])
        self._started.clear()

    def _on_visibility_changed(self, visible: bool) -> None:
        if visible:
            self._ensure_panels()
            self._start_current()

    def _on_tabs_current_changed(self, _index: int) -> None:
        self._start_current()

    def _start_current(self) -> None:
        """Run the shown panel's job once per workspace/page (they are site-wide and slow)."""
        w = self.window_
        if not self.panels or not w.ws_path:
            return
        title = self.TABS[self.tabs.currentIndex()]
        panel = self.panels[title]
        saved = w.ws.template_names() if w.ws is not None else []
        key = (title, w.page.url if title == "Before / after" and w.page is not None else w.ws_path)
        if key in self._started:
            return
        self._started.add(key)
        try:
            if title == "Before / after" and w.page is not None:
                panel.start(w.ws_path, w.page.url, templates=saved or None)
            elif title == "Rule impact":
                # The template being edited, unsaved edits included, with the other saved ones.
                draft = w.editor.template
                others = [n for n in saved if n != draft.name]
                panel.start(w.ws_path, templates=others, sites=[w.site], drafts=[draft.to_dict()])
            elif title == "Boilerplate groups" or title == "Template health" and saved:
                panel.start(sites=[w.site])
        except Exception as exc:  # a panel that cannot start must not take the window down
            log.exception("review panel %s could not start", title)
            w.post_message(f"{title}: {exc}", error=True)

    def shutdown(self) -> None:
        """Stop the panels' jobs and deliver their last reports while the panels still exist."""
        from PySide6.QtCore import QCoreApplication

        for panel in self.panels.values():
            if hasattr(panel, "cancel"):
                panel.cancel()
            if hasattr(panel, "wait"):
                panel.wait(10000)
        QCoreApplication.processEvents()

    def page_changed(self) -> None:
        if self.isVisible() and self.panels and self.tabs.currentIndex() == 0:
            self._start_current()

    def _on_group_rule_applied(self, group: dict[str, Any], selector: str, accept: bool) -> None:
        """A group's rule goes into the template being edited like any other edit."""
        from deboiler_gui.engine.review.groups import BoilerplateGroup, decide

        w = self.window_
        g = BoilerplateGroup.from_dict(group)
        after = decide(w.editor.template, g, selector, accept=accept)
        verb = "Accept" if accept else "Reject"
        w.editor.apply(after, f"{verb} boilerplate group ({count(g.pages, 'page')}): {selector}")

    def _on_editor_changed(self) -> None:
        from deboiler_gui.engine.review.groups import group_decisions

        if self.panels:
            self.panels["Boilerplate groups"].show_decisions(
                group_decisions(self.window_.editor.template)
            )
            # The impact follows the draft: computed again (once edits pause) when shown, or
            # the next time its tab is shown.
            self._started = {k for k in self._started if k[0] != "Rule impact"}
            self._impact_timer.start()

    def _restart_impact(self) -> None:
        if self.isVisible() and self.TABS[self.tabs.currentIndex()] == "Rule impact":
            self._start_current()

    def _on_template_changed_elsewhere(self, name: str = "", *_args: Any) -> None:
        """A panel saved a new template version: shown at once without unsaved edits; with
        them the Messages say so, and the next save takes it in with the edits."""
        w = self.window_
        if name and name != w.editor.template.name and not w.editor.dirty:
            w.reload_template()  # another template of the site: as it was loaded first
            return
        w.saving.check_stored()


def add_review_dock(window: MainWindow) -> ReviewDock:
    dock = ReviewDock(window)
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
    dock.hide()
    return dock
