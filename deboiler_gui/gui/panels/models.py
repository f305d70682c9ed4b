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
    Qt,
)
from PySide6.QtGui import QBrush, QColor

from deboiler_gui.app.domsource import dom_column, dom_status
from deboiler_gui.app.pagelist import (
    natural_key,
    relative_url,
    share_text,
    site_root,
    status_text,
)
from deboiler_gui.app.stamping import StampedPage
from deboiler_gui.engine.htmltree import HtmlElement, normalize_text

_Index = QModelIndex | QPersistentModelIndex

COLUMNS = ("Page", "Template", "Boiler", "Fails", "Status", "DOM", "Type")
#: What each column holds (the header's tooltip).
COLUMN_TIPS = (
    "Path below the site root (full URL in the tooltip)",
    "The template the page's URL matches",
    "Share of the page's text the automatic cleaner calls boilerplate",
    "Fields of the template that fail on the page; a field legitimately absent there (the "
    "page lacks the rule's anchor: no 'Next' link on a chapter's last page; or it was learned "
    "absent) is not counted (the cell's tooltip names both)",
    "The page's error, or its HTTP status when not 200",
    "Which HTML the page uses: the DOM rendered by a browser engine or the raw response",
    "The page's type (Page types panel)",
)


def fails_tip(row: dict[str, Any]) -> str:
    """The Fails cell's tooltip: which fields fail on the page, and which are absent there
    (not counted), or ""."""
    failed, absent = row.get("failed") or [], row.get("absent") or []
    lines = []
    if failed:
        lines.append(f"Fails: {', '.join(failed)} (no value where the rule's anchor is there)")
    if absent:
        lines.append(
            f"Absent, not counted: {', '.join(absent)} (the page lacks the rule's anchor, "
            "or the field was learned absent here)"
        )
    return "\n".join(lines)


def pattern_error(text: str) -> str | None:
    """Why a page-list filter cannot be used (a bad ``re:`` pattern), or None."""
    text = text.strip()
    if not text.startswith("re:"):
        return None
    try:
        re.compile(text[3:])
    except re.error as exc:
        return f"bad regular expression: {exc}"
    return None


class PageListModel(QAbstractTableModel):
    """One row per page summary (url, site, status, bytes, error) plus what the app learns later:
    the template the page matches, its boilerplate share and its rule failures.

    Filtering and sorting are done here on the plain list (one Python call per row at most),
    not by a QSortFilterProxyModel, whose per-row and per-comparison calls into Python cost
    tens of milliseconds of GUI time for 10,000 pages."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._all: list[dict[str, Any]] = []
        self._by_url: dict[str, dict[str, Any]] = {}
        self._shown: list[dict[str, Any]] = []
        self._pos: dict[str, int] = {}
        self._match: Any = None
        self._group: str | None = None
        self._subset: set[str] | None = None  # only these URLs (the selected page types)
        self._sort: tuple[int, Qt.SortOrder] = (0, Qt.SortOrder.AscendingOrder)
        self.pattern_error = ""
        #: What every URL of the site starts with; the list shows the rest.
        self.root = ""

    # ------------------------------------------------------------------ data in
    def set_pages(self, summaries: list[dict[str, Any]]) -> None:
        self.beginResetModel()
        self._all = [dict(s) for s in summaries]
        self._by_url = {r["url"]: r for r in self._all}
        self.root = site_root(self._by_url)
        self._apply_sort()
        self._apply_filter()
        self.endResetModel()

    def update_pages(self, updates: dict[str, dict[str, Any]]) -> None:
        """Merge per-page facts (boilerplate share, failures, template) computed in the background."""
        touched = []
        regroup = False
        for url, values in updates.items():
            row = self._by_url.get(url)
            if row is None:
                continue
            if self._group is not None and values.get("template", row.get("template")) != row.get(
                "template"
            ):
                regroup = True
            row.update(values)
            pos = self._pos.get(url)
            if pos is not None:
                touched.append(pos)
        if regroup:
            self._refilter()
        elif touched:
            self.dataChanged.emit(
                self.index(min(touched), 0), self.index(max(touched), len(COLUMNS) - 1)
            )

    # ------------------------------------------------------------------ filter and sort
    def set_pattern(self, text: str) -> None:
        """URL substring, glob (``*``/``?``/``[``) or ``re:`` regular expression."""
        text = text.strip()
        self.pattern_error = ""
        if not text:
            self._match = None
        elif text.startswith("re:"):
            error = pattern_error(text)
            if error:
                self.pattern_error = error
                self._match = lambda _u: False
            else:
                self._match = re.compile(text[3:]).search
        elif any(c in text for c in "*?["):
            self._match = re.compile(fnmatch.translate(text)).match
        else:
            needle = text.lower()
            self._match = lambda u: needle in u.lower()
        self._refilter()

    def set_subset(self, urls: set[str] | None) -> None:
        """Show only these pages (None: every page)."""
        self._subset = urls
        self._refilter()

    def set_group(self, group: str | None) -> None:
        self._group = group
        self._refilter()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self.layoutAboutToBeChanged.emit()
        # Every persistent index follows its page (a selected row is held by two of them,
        # its first and last cell: both move, or the selection would span other rows).
        old = [
            (self._shown[p.row()]["url"], p)
            for p in self.persistentIndexList()
            if p.isValid() and p.row() < len(self._shown)
        ]
        self._sort = (column, order)
        self._apply_sort()
        self._apply_filter()
        for url, index in old:
            pos = self._pos.get(url)
            self.changePersistentIndex(
                index, self.index(pos, index.column()) if pos is not None else QModelIndex()
            )
        self.layoutChanged.emit()

    def _refilter(self) -> None:
        self.beginResetModel()
        self._apply_filter()
        self.endResetModel()

    def _apply_sort(self) -> None:
        column, order = self._sort
        self._all.sort(key=_SORT_KEYS[column], reverse=order == Qt.SortOrder.DescendingOrder)

    def _apply_filter(self) -> None:
        match, group, subset = self._match, self._group, self._subset
        if match is None and group is None and subset is None:
            self._shown = list(self._all)
        else:
            self._shown = [
                r
                for r in self._all
                if (group is None or (r.get("template") or "") == group)
                and (match is None or match(r["url"]))
                and (subset is None or r["url"] in subset)
            ]
        self._pos = {r["url"]: i for i, r in enumerate(self._shown)}

    # ------------------------------------------------------------------ access
    def url_at(self, row: int) -> str:
        url: str = self._shown[row]["url"]
        return url

    def row_of(self, url: str) -> int | None:
        """The row of a page among the shown (filtered) rows."""
        return self._pos.get(url)

    def hidden_by(self, url: str) -> list[str]:
        """What keeps a page of the site out of the shown rows: ``"pattern"`` (the URL
        filter), ``"group"`` (the template choice), ``"subset"`` (the selected page types);
        empty when it is listed or is no page of the site."""
        row = self._by_url.get(url)
        if row is None or url in self._pos:
            return []
        hidden = []
        if self._match is not None and not self._match(url):
            hidden.append("pattern")
        if self._group is not None and (row.get("template") or "") != self._group:
            hidden.append("group")
        if self._subset is not None and url not in self._subset:
            hidden.append("subset")
        return hidden

    def rows(self) -> list[dict[str, Any]]:
        """Every page, filtered or not."""
        return self._all

    def summary(self, url: str) -> dict[str, Any] | None:
        """The row of a page, listed or filtered out."""
        return self._by_url.get(url)

    def total(self) -> int:
        return len(self._all)

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._shown)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole:
            return COLUMN_TIPS[section]
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self._shown[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return relative_url(row["url"], self.root)
            if col == 1:
                return row.get("template") or ""
            if col == 2:
                return share_text(row.get("boiler_share"))
            if col == 3:
                fails = row.get("failures")
                return "" if fails is None else str(fails)
            if col == 4:
                return status_text(row)
            if col == 5:
                return dom_column(row)
            if col == 6:
                return row.get("pagetype") or ""
        elif role == Qt.ItemDataRole.ToolTipRole:
            if col == 5:
                return dom_status(row)[1]
            if col == 3 and fails_tip(row):
                return fails_tip(row)
            if col == 2 and row.get("boiler_tip"):
                return row["boiler_tip"]
            return f"{row['url']}\n{row['error']}" if row.get("error") else row["url"]
        elif role == Qt.ItemDataRole.TextAlignmentRole and col in (2, 3):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        elif role == Qt.ItemDataRole.ForegroundRole and (
            row.get("error") or (col == 3 and row.get("failures"))
        ):
            return QBrush(QColor("#b00020"))
        return None


_SORT_KEYS: tuple[Any, ...] = (
    lambda r: natural_key(r["url"]),
    lambda r: (r.get("template") or "", natural_key(r["url"])),
    lambda r: (r.get("boiler_share") or 0.0, natural_key(r["url"])),
    lambda r: (r.get("failures") or 0, natural_key(r["url"])),
    lambda r: (r.get("error") or "", r.get("status") or 0, natural_key(r["url"])),
    lambda r: (dom_column(r), natural_key(r["url"])),
    lambda r: (r.get("pagetype") or "", natural_key(r["url"])),
)


def element_label(el: HtmlElement) -> str:
    """``tag#id.class.class`` plus a short text sample, for the DOM tree."""
    label: str = el.tag
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
            return (
                self.createIndex(row, 0, 0) if row == 0 and self._page.elements else QModelIndex()
            )
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
