"""A contents rule that takes, on a manual's front page, the sections of every chapter (one
run under each chapter's block, where a chapter page has one run) is flagged in the real
workbench: the Template panel's Check column reads "⚠ several containers", its tooltip names
the front page, and the value preview shows the front page first, marked."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.model import Field, Template

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "app"))
from test_fieldcheck_grouped import FRONT, chapter  # noqa: E402


def test_the_front_page_is_flagged_in_the_template_panel(
    qtbot: Any, window: Any, tmp_path: Path
) -> None:
    path = tmp_path / "manual.sqlite"
    pages = [("https://m.example/index.html", FRONT)] + [
        (f"https://m.example/c{ch}.html", chapter(ch)) for ch in range(1, 20)
    ]
    with Workspace(path) as ws:
        ws.add_pages(Page(url, html) for url, html in pages)
        ws.save_template(
            Template(
                "manual",
                site="m.example",
                fields=(Field("toc", xpaths=("//div[@class='sect']/span/a",), is_list=True),),
            ),
            message="made by hand",
        )
    finished: list[tuple[str, str]] = []
    window.job_finished.connect(lambda name, outcome: finished.append((name, outcome)))
    window.open_path(str(path))
    qtbot.waitUntil(lambda: ("analyse", "finished") in finished, timeout=120000)
    rules = window.rules
    qtbot.waitUntil(
        lambda: rules.check is not None and rules.check.over_site and "toc" in rules.items,
        timeout=120000,
    )
    item = rules.items["toc"]
    qtbot.waitUntil(lambda: item.text(4) != "", timeout=30000)
    assert item.text(4) == "⚠ several containers"
    assert "index.html" in item.toolTip(4)
    assert rules.preview.rowCount() >= 2
    assert "index.html" in rules.preview.item(0, 0).text()
