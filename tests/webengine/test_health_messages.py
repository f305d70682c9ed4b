"""Accepting a repair in the Review dock's Template health posts the command's closing line to
the window's Messages, as information (not red): the field the accept leaves broken is named."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "gui"))
from test_health_accept_line import workspace  # noqa: E402

SHOTS = os.environ.get("DEBOILER_SHOTS", "")


def test_an_accept_in_template_health_names_the_field_left_broken_in_messages(
    qtbot: Any, window: Any, tmp_path: Path
) -> None:
    ws = workspace(tmp_path, contents=False)
    window.open_path(str(ws))
    qtbot.waitUntil(lambda: window.ws_path is not None, timeout=30000)
    window.review_action.trigger()
    qtbot.waitUntil(lambda: bool(window.review.panels), timeout=5000)
    health = window.review.panels["Template health"]
    with qtbot.waitSignal(
        health.busy_changed, timeout=120_000, check_params_cb=lambda busy: not busy
    ):
        window.review.tabs.setCurrentIndex(window.review.TABS.index("Template health"))
    row = next(i for i, p in enumerate(health.proposals) if p["field"] == "title" and p["accept"])
    before = window.messages.count()
    with qtbot.waitSignal(health.template_changed, timeout=60_000):
        assert health.accept_proposal(row)
    qtbot.waitUntil(lambda: window.messages.count() > before, timeout=5000)
    texts = [window.messages.item(i).text() for i in range(before, window.messages.count())]
    (i,) = [
        before + k
        for k, t in enumerate(texts)
        if "doc: repairs accepted as version 3 (title); still broken: toc (gone:" in t
    ]
    item = window.messages.item(i)
    assert "⚠" not in item.text() and item.foreground().color() != QColor(Qt.GlobalColor.red)
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        window.messages.grab().save(str(Path(SHOTS) / "health-accept-messages.png"))
