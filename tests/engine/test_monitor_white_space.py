"""Monitoring compares values with white space runs as one space: a page whose title went from
"3\\nLogging" to "3 Logging" (the same words laid out anew) has neither another value nor
another shape, while a changed word still counts."""

from __future__ import annotations

from typing import Any

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.review.monitor import compare, snapshot_page, summarise
from deboiler_gui.engine.template.model import Field, Template

TEMPLATE = Template(
    "guide",
    fields=(Field("title", xpaths=("//h1",)), Field("sections", xpaths=("//h2",), is_list=True)),
    use_cleaner=False,
)


def run(titles: list[str]) -> dict[str, Any]:
    pages = {
        f"https://w.example/{i}.html": snapshot_page(
            Page(
                f"https://w.example/{i}.html",
                f"<html><body><h1>{t}</h1><h2>{t}\n part</h2><p>Text {i}</p></body></html>",
            ),
            [TEMPLATE],
            None,
        )
        for i, t in enumerate(titles)
    }
    return {"finished_at": "now", "pages": pages, "summary": summarise(pages, [TEMPLATE])}


def test_a_change_of_white_space_only_is_no_change_of_value_or_shape() -> None:
    before = run([f"{i}\nChapter {i}" for i in range(6)])
    after = run([f"{i} Chapter {i}" for i in range(6)])
    report = compare(before, after)
    (entry,) = report["templates"]
    for row in entry["fields"]:
        assert row["pages_compared"] == 6
        assert row["values_changed"] == 0 and row["shape_changed"] == 0
        assert not row["broken"]
    reworded = run([f"{i} Part {i}" for i in range(6)])
    (entry,) = compare(before, reworded)["templates"]
    assert all(row["values_changed"] == 6 for row in entry["fields"])
