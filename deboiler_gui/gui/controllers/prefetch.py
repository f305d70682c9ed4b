"""Prepares the shown page's neighbours in the page list during idle time, so a switch to one of
them only hands its bytes to the view."""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal

from deboiler_gui.app.prefetch import (
    PreparedCache,
    PreparedPage,
    PrepareSettings,
    neighbour_rows,
    prepare,
)
from deboiler_gui.engine.model import Page
from deboiler_gui.gui.panels.models import PageListModel

log = logging.getLogger(__name__)


class Prefetcher(QObject):
    """Once a page is painted, prepares the next page in the list, the one before and one more
    in the direction of travel, one page per pass of the event loop (lxml trees stay on the GUI
    thread, where the view's picks look them up); keeps them with the shown page in a small LRU
    cache (five pages: the shown one, its three neighbours and the one left behind)."""

    prepared = Signal(str)  # url, prepared ahead and cached

    def __init__(
        self,
        settings: Callable[[], PrepareSettings | None],
        get_page: Callable[[str], Page | None],
        page_model: PageListModel,
        parent: QObject | None = None,
        capacity: int = 5,
    ) -> None:
        super().__init__(parent)
        self._settings = settings
        self._get_page = get_page
        self._page_model = page_model
        self.cache = PreparedCache(capacity)
        self._queue: list[str] = []
        self._current: str | None = None
        self._previous: str | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._step)

    # ------------------------------------------------------------------ switch side
    def take(self, url: str) -> PreparedPage | None:
        """The page prepared ahead under the current settings, or None."""
        settings = self._settings()
        if settings is None:
            return None
        return self.cache.take(url, settings.key(url))

    def prepare_now(self, page: Page) -> PreparedPage | None:
        """Prepare the page being switched to (it was not ready) and keep it."""
        settings = self._settings()
        if settings is None:
            return None
        prepared = prepare(page, settings)
        self.cache.put(prepared)
        return prepared

    def page_shown(self, url: str) -> None:
        if url != self._current:
            self._previous, self._current = self._current, url
        self._queue.clear()
        self._timer.stop()

    def page_painted(self) -> None:
        """The shown page is on screen: prepare its neighbours while the user reads it."""
        if self._current is None:
            return
        model = self._page_model
        row = model.row_of(self._current)
        if row is None:
            return
        previous = model.row_of(self._previous) if self._previous is not None else None
        self._queue = [model.url_at(r) for r in neighbour_rows(row, model.rowCount(), previous)]
        self.cache.touch(self._current)
        if self._queue:
            self._timer.start(0)

    @property
    def idle(self) -> bool:
        """Nothing left to prepare."""
        return not self._queue and not self._timer.isActive()

    def ready(self, url: str) -> bool:
        """Whether ``url`` is held, prepared under the current settings."""
        settings = self._settings()
        return settings is not None and self.cache.fresh(url, settings.key(url))

    def settings_changed(self) -> None:
        """Something a prepared page depends on changed (a page's boilerplate arrived from the
        analysis): prepare the neighbours again where they went stale."""
        if not self._queue:
            self.page_painted()

    def clear(self) -> None:
        self.cache.clear()
        self._queue.clear()
        self._timer.stop()
        self._current = self._previous = None

    # ------------------------------------------------------------------ idle side
    def _step(self) -> None:
        settings = self._settings()
        while self._queue and settings is not None:
            url = self._queue.pop(0)
            if self.cache.fresh(url, settings.key(url)):
                self.cache.touch(url)  # still wanted: never dropped for a farther page
                continue
            page = self._get_page(url)
            if page is None:
                continue
            try:
                self.cache.put(prepare(page, settings))
            except Exception:  # a page the switch itself will report on
                log.exception("preparing %s ahead failed", url)
                continue
            self.prepared.emit(url)
            break  # one page per pass: input and paints go first
        if self._queue and settings is not None:
            self._timer.start(0)
