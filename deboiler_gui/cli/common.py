"""Helpers shared by the CLI commands: driving engine generators with a progress bar, and
turning engine errors into click errors at the edge."""

from __future__ import annotations

import sys
import threading
from collections.abc import Generator
from typing import Any, TypeVar

import click

from deboiler_gui.engine.model import Progress
from deboiler_gui.engine.progress import run

T = TypeVar("T")


def drive(
    gen: Generator[Progress, None, T],
    label: str,
    quiet: bool = False,
    *,
    phases: dict[str, str] | None = None,
    stop: threading.Event | None = None,
) -> T:
    """Run an engine generator to its end, showing its progress on stderr; return its return
    value. With ``phases`` (``Progress.phase`` → label), each phase of a multi-phase run gets a
    bar of its own. When ``stop`` is set, the generator is closed at its next yield and
    ``Cancelled`` raised."""
    bar: Any = None
    phase: str | None = None
    last = 0

    def show(step: Progress) -> None:
        nonlocal bar, phase, last
        if quiet:
            return
        name = label
        if phases is not None:
            name = phases.get(step.phase, phase or label)
        if bar is None or name != phase:
            if bar is not None:
                bar.__exit__(None, None, None)
            bar = click.progressbar(
                length=max(1, step.total or 1),
                label=f"{name:<8}",
                file=sys.stderr,
                show_pos=name != "Reading",
            )
            bar.__enter__()
            phase, last = name, 0
        if step.total and bar.length != step.total:
            bar.length = step.total
        if step.done > last:
            bar.update(step.done - last)
            last = step.done

    try:
        return run(gen, show, cancelled=stop.is_set if stop is not None else None)
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
