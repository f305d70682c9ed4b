"""Inputs the workbench cannot show, opened as a user would: refused whole with one message
naming the input and no file left behind, and a file whose records are mostly unreadable
summed up in one message instead of a page per bad record."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any


def _workspaces(tmp_path: Path) -> list[str]:
    folder = tmp_path / "data" / "deboiler-gui" / "workspaces"
    return sorted(os.listdir(folder)) if folder.exists() else []


def _messages(window: Any) -> list[str]:
    return [window.messages.item(i).text() for i in range(window.messages.count())]


def _open(qtbot: Any, window: Any, path: Path) -> str:
    """How the open ended: the import job's outcome, or "refused" when the input was refused
    before any job started (an empty folder, a file that is empty or binary)."""
    ended: list[str] = []
    window.job_finished.connect(lambda name, outcome: ended.append(f"{name}:{outcome}"))
    window.open_path(str(path))
    if any("Not opened" in m for m in _messages(window)):
        return "refused"
    qtbot.waitUntil(lambda: any(e.startswith("import:") for e in ended), timeout=60000)
    return next(e for e in ended if e.startswith("import:"))


def test_an_input_without_a_readable_page_is_refused_whole_and_leaves_nothing(
    qtbot: Any, window: Any, tmp_path: Path
) -> None:
    empty = tmp_path / "empty-folder"
    empty.mkdir()
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(bytes(random.Random(1).randrange(256) for _ in range(20000)))
    junk = tmp_path / "junk.jsonl"
    junk.write_text("".join(f'{{"url": broken {i}\n' for i in range(30)))
    for path in (empty, binary, junk):
        window.messages.clear()
        _open(qtbot, window, path)
        qtbot.wait(200)
        said = _messages(window)
        assert len(said) == 1, said
        assert f"Not opened: {path}" in said[0]
        assert ".sqlite" not in said[0]
        assert _workspaces(tmp_path) == [], path
        assert window.page_model.total() == 0 and window.ws is None


def test_a_file_of_mostly_unreadable_records_is_summed_up_in_one_message(
    qtbot: Any, window: Any, tmp_path: Path
) -> None:
    path = tmp_path / "mostly.jsonl"
    noise = random.Random(2)
    lines = [json.dumps({"url": "http://x.example/a.html", "html": "<p>first page</p>"})]
    lines += [
        bytes(noise.randrange(32, 256) for _ in range(60)).decode("latin-1") for _ in range(40)
    ]
    lines.append(json.dumps({"url": "http://x.example/b.html", "html": "<p>second page</p>"}))
    path.write_bytes("\n".join(lines).encode("latin-1") + b"\n")
    assert _open(qtbot, window, path) == "import:finished"
    qtbot.waitUntil(lambda: window.page_model.total() > 0, timeout=30000)
    urls = [r["url"] for r in window.page_model.rows()]
    assert urls == ["http://x.example/a.html", "http://x.example/b.html"]
    assert window.site == "x.example"
    summaries = [m for m in _messages(window) if "unreadable" in m]
    assert len(summaries) == 1, _messages(window)
    assert "mostly.jsonl: 40 of 42 records unreadable" in summaries[0]
    assert "line 2: " in summaries[0] and "and 37 more" in summaries[0]
