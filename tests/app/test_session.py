"""What the app keeps outside Qt: where an input's workspace lives, worker processes relaying
an engine step (result, partial batches, typed errors, cancel), and drafts."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from deboiler_gui.app import session
from deboiler_gui.engine.model import Page, WorkspaceError
from deboiler_gui.engine.progress import run
from deboiler_gui.engine.store import Workspace


@pytest.fixture
def workspace(tmp_path: Path) -> str:
    path = tmp_path / "ws.sqlite"
    with Workspace(path) as ws:
        ws.add_pages(
            Page(f"https://s.example/p{i}.html", f"<html><body><p>page {i}</p></body></html>")
            for i in range(120)
        )
    return str(path)


def test_worker_process_returns_the_steps_result_and_partial_batches(workspace: str) -> None:
    gen = session.run_in_child("page_batches", workspace, "s.example", 1000)
    batches: list[Any] = []
    assert run(gen, lambda item: batches.append(item) if isinstance(item, list) else None) == 120
    urls = [u for b in batches for u, _html in b]
    assert len(urls) == 120 and urls == sorted(urls)
    assert "page 7" in dict(u for b in batches for u in b)["https://s.example/p7.html"]


def test_worker_process_relays_typed_engine_errors(tmp_path: Path) -> None:
    with pytest.raises(WorkspaceError, match="no such file"):
        for _ in session.run_in_child(
            "page_summaries", str(tmp_path / "missing.sqlite"), "s.example"
        ):
            pass


def test_closing_the_relay_ends_the_worker(workspace: str) -> None:
    import multiprocessing

    gen = session.run_in_child("page_batches", workspace, "s.example", 1000)
    next(gen)
    assert multiprocessing.active_children()
    gen.close()
    deadline = time.monotonic() + 5
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not multiprocessing.active_children()


def test_only_known_steps_run_in_a_worker() -> None:
    with pytest.raises(ValueError):
        next(session.run_in_child("clear_draft", "x"))


def test_inputs_get_their_own_workspace_and_workspaces_are_used_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, workspace: str
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    folder = tmp_path / "site"
    folder.mkdir()
    target = session.workspace_for(folder)
    assert target.parent == tmp_path / "data" / "deboiler-gui" / "workspaces"
    assert session.workspace_for(folder) == target and session.workspace_for(tmp_path) != target
    assert session.is_workspace(workspace) and session.workspace_for(workspace) == Path(workspace)
    assert not session.is_workspace(folder)
    assert session.has_pages(workspace) and not session.has_pages(str(target))


def test_drafts_round_trip_and_clear(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    ws = str(tmp_path / "a.sqlite")
    assert session.read_draft(ws) is None
    data = {"name": "t", "remove": [{"name": "remove-1", "selector": "//nav", "note": ""}]}
    session.write_draft(ws, data)
    assert session.read_draft(ws) == data
    assert session.read_draft(str(tmp_path / "b.sqlite")) is None  # drafts are per workspace
    session.clear_draft(ws)
    assert session.read_draft(ws) is None


def test_unreadable_records_are_summed_up_by_line_with_the_first_few_named() -> None:
    records = [
        {"url": f"/in/mostly.jsonl#L{n}", "error": "invalid JSON: Expecting value"}
        for n in (10, 2, 3, 11, 4)
    ]
    text = session.unreadable_summary("mostly.jsonl", records, 2)
    assert text == (
        "mostly.jsonl: 5 of 7 records unreadable, not listed (line 2: invalid JSON: Expecting "
        "value; line 3: invalid JSON: Expecting value; line 4: invalid JSON: Expecting value; "
        "and 2 more)"
    )
    assert session.unreadable_summary("x.jsonl", [], 3) == ""


def test_page_batches_skip_the_first_pages_and_count_the_readable_ones(tmp_path: Path) -> None:
    path = tmp_path / "ws.sqlite"
    with Workspace(path) as ws:
        ws.add_pages(
            Page(f"https://s.example/p{i:03d}.html", f"<html><body><p>page {i}</p></body></html>")
            for i in range(120)
        )
        ws.add_pages([Page("https://s.example/p050x.html", "", error="HTTP 500")])
    items = list(session.page_batches(str(path), "s.example", 10, 0, True))
    kept = [u for b in items if isinstance(b, list) for u, _html in b]
    assert kept == [f"https://s.example/p{i:03d}.html" for i in range(10)]
    assert items[-1] == 120  # the readable pages of the site, the broken one left out
    rest = [
        u
        for b in session.page_batches(str(path), "s.example", None, 10)
        if isinstance(b, list)
        for u, _html in b
    ]
    assert rest == [f"https://s.example/p{i:03d}.html" for i in range(10, 120)]


def test_page_batches_spread_the_kept_pages_and_the_rest_reads_the_others(
    tmp_path: Path,
) -> None:
    path = tmp_path / "ws.sqlite"
    with Workspace(path) as ws:
        ws.add_pages(
            Page(f"https://s.example/p{i:03d}.html", f"<html><body><p>page {i}</p></body></html>")
            for i in range(100)
        )
        # an unreadable page at a place the spread would take (the middle of the first tenth)
        ws.add_pages([Page("https://s.example/p004x.html", "", error="HTTP 500")])
    items = list(session.page_batches(str(path), "s.example", 10, 0, True, 10))
    kept = [u for b in items if isinstance(b, list) for u, _html in b]
    assert items[-1] == 100  # every readable page of the site, the broken one left out
    # the 101 stored pages in URL order: p000..p004, p004x, p005..p099; the middle of each
    # tenth is at 5, 15, ..., 95; the broken page's place goes to the next readable one
    assert kept[0] == "https://s.example/p005.html"
    assert kept[1:] == [f"https://s.example/p{j - 1:03d}.html" for j in range(15, 100, 10)]
    rest = [
        u
        for b in session.page_batches(str(path), "s.example", None, 0, False, 10, True)
        if isinstance(b, list)
        for u, _html in b
    ]
    assert len(rest) == 90 and not set(rest) & set(kept)
    assert sorted(rest + kept) == sorted(f"https://s.example/p{i:03d}.html" for i in range(100))
    # a site within the spread: every page kept, nothing left for the rest
    assert [
        u
        for b in session.page_batches(str(path), "s.example", None, 0, False, 1000)
        if isinstance(b, list)
        for u, _ in b
    ] == sorted(f"https://s.example/p{i:03d}.html" for i in range(100))
    assert not [
        b
        for b in session.page_batches(str(path), "s.example", None, 0, False, 1000, True)
        if isinstance(b, list)
    ]
