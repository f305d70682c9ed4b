"""Helpers shared by the CLI commands: driving engine generators with a progress bar, and
turning engine errors into click errors at the edge."""

from __future__ import annotations

import itertools
import sys
import threading
from collections.abc import Generator
from typing import Any, TypeVar

import click

from deboiler_gui.cli.logs import LIVE_BARS
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
            close()
            bar = click.progressbar(
                # a total not known yet: the count alone (never "16/1")
                itertools.count() if not step.total else None,
                length=step.total or None,
                label=f"{name:<8}",
                file=sys.stderr,
                show_pos=name != "Reading",
            )
            bar.__enter__()
            LIVE_BARS.append(bar)
            phase, last = name, 0
        if step.total and bar.length != step.total:
            bar.length = step.total
        if step.done > last:
            bar.update(step.done - last)
            last = step.done

    def close() -> None:
        # every bar ends its line: the next bar, message or shell prompt starts a new one
        nonlocal bar
        if bar is not None:
            if bar in LIVE_BARS:
                LIVE_BARS.remove(bar)
            bar.__exit__(None, None, None)
            bar = None

    try:
        return run(gen, show, cancelled=stop.is_set if stop is not None else None)
    finally:
        close()


def refuse_output_among_inputs(output: Any, inputs: Any) -> None:
    """A usage error when an output path is one of the inputs (it would be replaced by what is
    read from it)."""
    if not output:
        return
    from pathlib import Path

    target = Path(output)
    for given in inputs:
        source = Path(given)
        try:
            same = target.exists() and source.exists() and target.samefile(source)
        except OSError:
            same = False
        if same:
            raise click.UsageError(f"the output {output} is also an input; write to another file")
