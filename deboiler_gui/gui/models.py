"""Thin Qt item models over plain Python data: the page list (10,000+ rows), its filter, and
the DOM tree of the shown page."""

from __future__ import annotations

import fnmatch
import re
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QColor

from deboiler_gui.engine.htmltree import HtmlElement, normalize_text
from deboiler_gui.gui.stamping import StampedPage

_Index = QModelIndex | QPersistentModelIndex

COLUMNS = ("URL", "Template", "Boilerplate", "Failures", "Status")


class PageListModel(QAbstractTableModel):
    """One row per page summary (url, site, status, bytes, error) plus what the app learns later:
    the template the page matches, its boilerplate share and its rule failures."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[dict[str, Any]] = []
        self._row_of: dict[str, int] = {}

    def set_pages(self, summaries: list[dict[str, Any]]) -> None:
        self.beginResetModel()
        self._rows = [dict(s) for s in summaries]
        self._row_of = {r["url"]: i for i, r in enumerate(self._rows)}
        self.endResetModel()

    def update_pages(self, updates: dict[str, dict[str, Any]]) -> None:
        """Merge per-page facts (boilerplate share, failures, template) computed in the background."""
        touched = []
        for url, values in updates.items():
            row = self._row_of.get(url)
            if row is not None:
                self._rows[row].update(values)
                touched.append(row)
        if touched:
            self.dataChanged.emit(self.index(min(touched), 0), self.index(max(touched), len(COLUMNS) - 1))

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort the plain list with a key (one Python call per row), not through the proxy's
        comparisons (two Python calls per comparison: a second for 10,000 rows)."""
        key = _SORT_KEYS[column]
        self.layoutAboutToBeChanged.emit()
        old = {self._rows[p.row()]["url"]: p for p in self.persistentIndexList() if p.isValid()}
        self._rows.sort(key=key, reverse=order == Qt.SortOrder.DescendingOrder)
        self._row_of = {r["url"]: i for i, r in enumerate(self._rows)}
        for url, index in old.items():
            self.changePersistentIndex(index, self.index(self._row_of[url], index.column()))
        self.layoutChanged.emit()

    def url_at(self, row: int) -> str:
        return self._rows[row]["url"]

    def row_of(self, url: str) -> int | None:
        return self._row_of.get(url)

    def rows(self) -> list[dict[str, Any]]:
        return self._rows

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return row["url"]
            if col == 1:
                return row.get("template") or ""
            if col == 2:
                share = row.get("boiler_share")
                return "" if share is None else f"{share:.0%}"
            if col == 3:
                fails = row.get("failures")
                return "" if fails is None else str(fails)
            if col == 4:
                return row.get("error") or str(row.get("status", ""))
        elif role == Qt.ItemDataRole.ToolTipRole:
            return row.get("error") or row["url"]
        elif role == Qt.ItemDataRole.ForegroundRole and (row.get("error") or (col == 3 and row.get("failures"))):
            return QBrush(QColor("#b00020"))
        return None


_SORT_KEYS: tuple[Any, ...] = (
    lambda r: r["url"],
    lambda r: (r.get("template") or "", r["url"]),
    lambda r: (r.get("boiler_share") or 0.0, r["url"]),
    lambda r: (r.get("failures") or 0, r["url"]),
    lambda r: (r.get("error") or "", r.get("status") or 0, r["url"]),
)


class PageFilterProxy(QSortFilterProxyModel):
    """Filters by URL substring, glob (``*``/``?``) or ``re:`` regex, and by template group."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._match: Any = None
        self._group: str | None = None
        self.pattern_error = ""

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        # The source sorts itself (fast); this proxy only filters and keeps its order.
        self.sourceModel().sort(column, order)

    def _refilter(self) -> None:
        # Qt 6.10 replaced invalidateRowsFilter() with the begin/end pair; older Qt lacks it.
        if hasattr(self, "beginFilterChange"):
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            self.invalidateRowsFilter()

    def _begin(self) -> None:
        if hasattr(self, "beginFilterChange"):
            self.beginFilterChange()

    def set_pattern(self, text: str) -> None:
        self._begin()
        text = text.strip()
        self.pattern_error = ""
        if not text:
            self._match = None
        elif text.startswith("re:"):
            try:
                rx = re.compile(text[3:])
                self._match = rx.search
            except re.error as exc:
                self.pattern_error = f"bad regular expression: {exc}"
                self._match = lambda _u: False
        elif any(c in text for c in "*?["):
            rx = re.compile(fnmatch.translate(text))
            self._match = rx.match
        else:
            needle = text.lower()
            self._match = lambda u: needle in u.lower()
        self._refilter()

    def set_group(self, group: str | None) -> None:
        self._begin()
        self._group = group
        self._refilter()

    def filterAcceptsRow(self, source_row: int, source_parent: _Index) -> bool:  # noqa: N802
        model = self.sourceModel()
        row = model.rows()[source_row]  # type: ignore[attr-defined]
        if self._group is not None and (row.get("template") or "") != self._group:
            return False
        return self._match is None or bool(self._match(row["url"]))


def element_label(el: HtmlElement) -> str:
    """``tag#id.class.class`` plus a short text sample, for the DOM tree."""
    label = el.tag
    if el.get("id"):
        label += "#" + el.get("id")
    classes = (el.get("class") or "").split()
    if classes:
        label += "." + ".".join(classes[:3])
    if el.text and el.text.strip():
        sample = normalize_text(el.text)[:40]
        label += f"  “{sample}”"
    return label


class DomTreeModel(QAbstractItemModel):
    """The shown page's lxml tree, lazily: an index's internal id is the element's stamp."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._page: StampedPage | None = None
        self._children: dict[int, list[int]] = {}

    def set_page(self, page: StampedPage | None) -> None:
        self.beginResetModel()
        self._page = page
        self._children = {}
        self.endResetModel()

    def _kids(self, stamp: int) -> list[int]:
        kids = self._children.get(stamp)
        if kids is None:
            assert self._page is not None
            el = self._page.elements[stamp]
            index = self._page.index
            kids = [index[c] for c in el if isinstance(c.tag, str) and c in index]
            self._children[stamp] = kids
        return kids

    def index_of(self, stamp: int) -> QModelIndex:
        if self._page is None or self._page.element(stamp) is None:
            return QModelIndex()
        el = self._page.elements[stamp]
        parent = el.getparent()
        if parent is None:
            return self.createIndex(0, 0, stamp)
        siblings = self._kids(self._page.index[parent])
        return self.createIndex(siblings.index(stamp), 0, stamp)

    def stamp_at(self, index: _Index) -> int | None:
        return int(index.internalId()) if index.isValid() else None

    def index(self, row: int, column: int, parent: _Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        if self._page is None or column != 0:
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, 0, 0) if row == 0 and self._page.elements else QModelIndex()
        kids = self._kids(int(parent.internalId()))
        if 0 <= row < len(kids):
            return self.createIndex(row, 0, kids[row])
        return QModelIndex()

    def parent(self, index: _Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if self._page is None or not index.isValid():
            return QModelIndex()
        el = self._page.elements[int(index.internalId())]
        parent = el.getparent()
        if parent is None or parent not in self._page.index:
            return QModelIndex()
        return self.index_of(self._page.index[parent])

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802, B008
        if self._page is None:
            return 0
        if not parent.isValid():
            return 1 if self._page.elements else 0
        return len(self._kids(int(parent.internalId())))

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 1

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if self._page is None or not index.isValid():
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return element_label(self._page.elements[int(index.internalId())])
        return None
