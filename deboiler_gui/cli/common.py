"""Helpers shared by the CLI commands: driving engine generators with a progress bar, and
turning engine errors into click errors at the edge."""

from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import TypeVar

import click

from deboiler_gui.engine.model import Progress

T = TypeVar("T")


def drive(gen: Generator[Progress, None, T], label: str, quiet: bool = False) -> T:
    """Run an engine generator to its end, showing its progress; return its return value."""
    bar = None
    last = 0
    try:
        while True:
            try:
                step = next(gen)
            except StopIteration as stop:
                return stop.value  # type: ignore[no-any-return]
            if quiet:
                continue
            if bar is None:
                bar = click.progressbar(length=step.total or 0, label=label, file=click.get_text_stream("stderr"))
                bar.__enter__()
            if step.total and bar.length != step.total:
                bar.length = step.total
            bar.update(max(0, step.done - last))
            last = step.done
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)


def progress_iter(items: Iterator[T], total: int | None, label: str, quiet: bool) -> Iterator[T]:
    """Wrap an iterator in a stderr progress bar unless quiet."""
    if quiet:
        yield from items
        return
    with click.progressbar(items, length=total, label=label, file=click.get_text_stream("stderr")) as bar:
        yield from bar
