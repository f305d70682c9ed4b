"""Helpers shared by the CLI commands: driving engine generators with a progress bar, and
turning engine errors into click errors at the edge."""

from __future__ import annotations

import itertools
import shutil
import sys
import threading
from collections.abc import Generator
from typing import Any, TypeVar

import click

from deboiler_gui.cli.logs import LIVE_BARS
from deboiler_gui.engine.model import Progress
from deboiler_gui.engine.progress import run

T = TypeVar("T")


#: The bar's width on a wide terminal, and the least it is narrowed to for a long label.
BAR_WIDTH = 36
MIN_BAR_WIDTH = 10


def elide_middle(text: str, width: int) -> str:
    """``text`` in at most ``width`` characters: whole, or its start and its end around ``…``,
    the end kept longer and, when it can be, from a ``.``, ``/`` or ``-`` on (a site's host:
    ``www.some-long-documentation…example.com``)."""
    if len(text) <= width:
        return text
    if width <= 1:
        return "…"[:width]
    budget = width - 1
    tails = [text[i + 1 :] for i, c in enumerate(text) if c in "./-" and 0 < i < len(text) - 1]
    longest = budget - budget // 3  # the start keeps a third, if a part of the end fits so
    fitting = [t for t in tails if max(4, budget // 3) <= len(t) <= longest] or [
        t for t in tails if budget // 2 <= len(t) <= budget - 1
    ]
    tail = max(fitting, key=len) if fitting else text[len(text) - longest :]
    return text[: budget - len(tail)] + "…" + tail


def fit_label(label: str, total: int | None, columns: int) -> tuple[str, int]:
    """The label and bar width for a bar drawn on a terminal ``columns`` wide: the bar narrows
    for a long label, down to :data:`MIN_BAR_WIDTH`, then the label is elided in the middle so
    that the line never wraps (a wrapped line is drawn again below itself at every step)."""
    # click draws "LABEL  [BAR]  done/total  100%  00:00:00"
    digits = len(str(total)) if total else 6
    info = 2 * digits + 1 + len("  100%  00:00:00")
    room = columns - len("  []  ") - info - 1
    bar = max(MIN_BAR_WIDTH, min(BAR_WIDTH, room - len(label)))
    return elide_middle(label, max(8, room - bar)), bar


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
            shown, width = name, BAR_WIDTH
            if sys.stderr.isatty():  # in a pipe the name is printed whole, once, unpadded
                shown, width = fit_label(
                    f"{name:<8}", step.total, shutil.get_terminal_size().columns
                )
            bar = click.progressbar(
                # a total not known yet: the count alone (never "16/1")
                itertools.count() if not step.total else None,
                length=step.total or None,
                label=shown,
                file=sys.stderr,
                show_pos=name != "Reading",
                width=width,
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
