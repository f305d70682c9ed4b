"""The page list's Type column and its page-type filter, over plain rows, without a web view."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from deboiler_gui.gui.panels.models import COLUMNS, PageListModel


def _rows() -> list[dict[str, Any]]:
    urls = [f"https://s.example/shop/p/{i}.html" for i in range(1, 6)] + [
        f"https://s.example/blog/{slug}.html" for slug in ("a", "b", "c")
    ]
    return [{"url": u, "site": "s.example", "status": 200, "bytes": 1, "error": None} for u in urls]


def test_type_column_sorts_and_the_subset_filters_with_the_url_filter(qapp: Any) -> None:
    model = PageListModel()
    model.set_pages(_rows())
    col = COLUMNS.index("Type")
    model.update_pages(
        {
            r["url"]: {"pagetype": "Product" if "/shop/" in r["url"] else "Blog post"}
            for r in _rows()
        }
    )
    assert model.index(model.row_of("https://s.example/blog/b.html"), col).data() == "Blog post"
    model.sort(col, Qt.SortOrder.DescendingOrder)
    labels = [model.index(r, col).data() for r in range(model.rowCount())]
    assert labels == ["Product"] * 5 + ["Blog post"] * 3
    blog = {r["url"] for r in _rows() if "/blog/" in r["url"]}
    model.set_subset(blog)
    assert {model.url_at(r) for r in range(model.rowCount())} == blog
    model.set_pattern("*/b.html")  # both filters apply
    assert [model.url_at(r) for r in range(model.rowCount())] == ["https://s.example/blog/b.html"]
    model.set_pattern("")
    model.set_subset(None)
    assert model.rowCount() == 8 == model.total()
