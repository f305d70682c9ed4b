"""Which of the page list's filters hide a page: the workbench clears those (and only those)
to list a page to look at."""

from __future__ import annotations

from typing import Any

from deboiler_gui.gui.panels.models import PageListModel

URLS = [f"https://s.example/{folder}/p{i}.html" for folder in ("a", "b") for i in range(3)]


def test_hidden_by_names_the_filters_that_leave_a_page_out(qapp: Any) -> None:
    model = PageListModel()
    model.set_pages(
        [
            {"url": u, "site": "s.example", "status": 200, "template": "t" if "/a/" in u else ""}
            for u in URLS
        ]
    )
    a0, b1 = URLS[0], URLS[4]
    assert model.hidden_by(a0) == [] == model.hidden_by(b1)
    assert model.hidden_by("https://s.example/elsewhere.html") == []  # no page of the site
    model.set_pattern("/a/")
    assert model.hidden_by(a0) == [] and model.hidden_by(b1) == ["pattern"]
    model.set_group("t")
    assert model.hidden_by(b1) == ["pattern", "group"]
    model.set_pattern("")
    model.set_subset({b1})
    assert model.hidden_by(a0) == ["subset"] and model.hidden_by(b1) == ["group"]
    model.set_group(None)
    model.set_subset(None)
    assert model.hidden_by(a0) == [] == model.hidden_by(b1)
    assert model.row_of(b1) is not None
