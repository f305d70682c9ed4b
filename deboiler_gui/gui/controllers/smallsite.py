"""A site too small to learn its template from, in the main window: the Messages panel says so
(the CLI's hint, naming the switch), and **Site → Clean page by page** cleans its pages with
the page-level extractor, as ``clean --page-fallback`` does: the blocks it leaves out are
marked on the page in the boilerplate colour, the legend says whose they are, and the page
list's Boiler column counts what it left out."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction

from deboiler_gui.app.smallsite import (
    FallbackPage,
    fallback_page,
    small_site_message,
    small_site_pages,
)
from deboiler_gui.engine.model import Page, Progress
from deboiler_gui.engine.words import count
from deboiler_gui.gui.controllers.state import PostMessage, ShownSite
from deboiler_gui.gui.worker import Job, JobRunner


class SmallSiteFallback(QObject):
    """The page-level fallback's switch and its pages for the shown site. The switch is the
    window's, not the workspace's (``clean`` takes ``--page-fallback`` on each run): it stays
    on while the window is open and acts on sites of fewer than 5 fitted pages only."""

    #: The fallback's pages changed (computed, or dropped): the window shows them anew.
    changed = Signal()

    def __init__(self, shown: ShownSite, post_message: PostMessage, parent: QObject) -> None:
        super().__init__(parent)
        self.shown = shown
        self.post_message = post_message
        self.action = QAction("Clean &page by page (site too small to learn from)", parent)
        self.action.setObjectName("page-fallback")
        self.action.setCheckable(True)
        self.action.setToolTip(
            "A site of fewer than 5 pages is too small to learn its template from: clean each "
            "page with the page-level extractor instead (as clean --page-fallback)"
        )
        self.action.toggled.connect(self._on_toggled)
        self.pages: dict[str, FallbackPage] = {}
        self._said: set[tuple[str, str, bool]] = set()
        self.runner = JobRunner(self)
        self._job: Job | None = None
        #: Each refresh's number: a job's pages are taken only when no refresh came after it.
        self._generation = 0

    @property
    def active(self) -> bool:
        """Whether the shown site's pages are cleaned by the fallback."""
        return bool(self.pages)

    def refresh(self, *, say: bool = False) -> None:
        """After a fit, an open or a switch: the shown site's fallback pages worked out anew,
        and, once for each workspace, site and state of the switch (or each time with ``say``,
        a use of the switch), the Messages panel's line when the site is too small to learn
        from. The page-level extractor runs in the background (a second or more on large
        pages): the window stays live, and its pages are shown when they are ready."""
        pages = small_site_pages(self.shown.model)
        self.pages = {}
        self._generation += 1
        if self._job is not None:
            self._job.cancel()
            self._job = None
        ws, site = self.shown.ws, self.shown.site
        if pages is None or ws is None:
            self.changed.emit()
            return
        on = self.action.isChecked()
        key = (self.shown.ws_path or "", site, on)
        tell = say or key not in self._said
        if tell:
            self._said.add(key)
            self.post_message(small_site_message(site, pages, on))
        if not on:
            self.changed.emit()
            return
        # (read here: the workspace's connection belongs to this thread; a failed fetch has no
        # content)
        todo = [p for p in ws.iter_pages(site) if p.error is None and p.html]
        generation = self._generation
        job = Job("clean page by page", lambda: _fallback_steps(todo, pages))
        job.signals.finished.connect(
            lambda done, g=generation, t=tell: self._on_done(g, site, done, t)
        )
        job.signals.failed.connect(lambda message, _tb, g=generation: self._on_failed(g, message))
        self._job = job
        self.runner.start(job)

    def _on_done(
        self, generation: int, site: str, done: dict[str, FallbackPage], tell: bool
    ) -> None:
        if generation != self._generation:
            return  # a later refresh (another site, the switch turned) replaced this one
        self._job = None
        self.pages = done
        failed = [p for p in done.values() if p.error]
        for p in failed:
            self.post_message(p.error, error=True)
        if tell:
            self.post_message(
                f"{count(len(done) - len(failed), 'page')} of {site} cleaned by the page-level "
                "extractor"
            )
        self.changed.emit()

    def _on_failed(self, generation: int, message: str) -> None:
        if generation != self._generation:
            return
        self._job = None
        self.post_message(f"Clean page by page failed: {message}", error=True)
        self.changed.emit()

    @property
    def busy(self) -> bool:
        """Whether the page-level extractor is still at work on the shown site."""
        return self._job is not None

    def shutdown(self, msecs: int = 10000) -> None:
        self.runner.cancel_all()
        self.runner.wait(msecs)

    def _on_toggled(self, _on: bool) -> None:
        self.refresh(say=True)

    def boiler_of(self, url: str) -> list[str] | None:
        """The XPaths of the blocks the extractor left out of ``url``; None when the page is not
        cleaned by the fallback."""
        page = self.pages.get(url)
        return None if page is None or page.error else page.left_out

    def page(self, url: str) -> FallbackPage | None:
        page = self.pages.get(url)
        return None if page is None or page.error else page

    def share_tip(self, url: str) -> str:
        """The Boiler cell's tooltip of a page the fallback cleaned."""
        page = self.page(url)
        if page is None:
            return ""
        share = "" if page.share is None else f": {page.share:.0%} of its text left out"
        return f"{url}\nCleaned page by page by the page-level extractor{share}"


def _fallback_steps(
    pages: list[Page], site_pages: int
) -> Generator[Any, None, dict[str, FallbackPage]]:
    """Each page cleaned by the page-level extractor, a cancel point between pages."""
    done: dict[str, FallbackPage] = {}
    for i, page in enumerate(pages):
        yield Progress(i, len(pages), "Cleaning page by page")
        done[page.url] = fallback_page(page, site_pages)
    return done
