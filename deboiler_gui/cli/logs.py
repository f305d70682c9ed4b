"""Logging for the command line, configured once per run: engine warnings as one line each on
stderr (tracebacks with -v), and optionally everything in a log file."""

from __future__ import annotations

import logging
import sys
from typing import Any

from deboiler_gui.engine.logs import ROOT, Brief

_LEVELS = {0: logging.WARNING, 1: logging.INFO}


#: Progress bars drawn on a terminal line right now (``cli.common.drive`` keeps it).
LIVE_BARS: list[Any] = []


def end_progress_line() -> None:
    """End the line of a progress bar being drawn on a terminal, so that a message written to
    stderr now starts on a line of its own (the bar is drawn again below it)."""
    for bar in LIVE_BARS:
        if getattr(bar, "_is_atty", False) and not getattr(bar, "hidden", True):
            bar.file.write("\n")
            bar.file.flush()
            bar._last_line = None  # draw it again at the next step


class _Stderr(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to whatever ``sys.stderr`` is at the time (click's test runner swaps it)."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)

    def emit(self, record: logging.LogRecord) -> None:
        end_progress_line()
        super().emit(record)
        for bar in LIVE_BARS:
            if getattr(bar, "_is_atty", False):
                bar.render_progress()  # the bar goes on below the message

    @property  # type: ignore[override]
    def stream(self) -> object:
        return sys.stderr

    @stream.setter
    def stream(self, _value: object) -> None:
        pass


def configure_logging(verbose: int = 0, log_file: str | None = None) -> None:
    """Set up the product's loggers for this run (replacing an earlier set-up of this kind)."""
    logger = logging.getLogger(ROOT)
    for handler in [h for h in logger.handlers if getattr(h, "_deboiler_cli", False)]:
        logger.removeHandler(handler)
        handler.close()
    console = _Stderr()
    console.setLevel(_LEVELS.get(verbose, logging.DEBUG))
    console.setFormatter(
        Brief() if verbose == 0 else logging.Formatter("%(levelname)s %(name)s: %(message)s")
    )
    handlers: list[logging.Handler] = [console]
    if log_file:
        file = logging.FileHandler(log_file, encoding="utf-8")
        file.setLevel(logging.DEBUG)
        file.setFormatter(
            logging.Formatter("%(asctime)s %(levelname)s %(processName)s %(name)s: %(message)s")
        )
        handlers.append(file)
    for handler in handlers:
        handler._deboiler_cli = True  # type: ignore[attr-defined]
        logger.addHandler(handler)
    # Quiet by default: the level is left to logging's own default (warnings and worse).
    logger.setLevel(
        logging.DEBUG
        if log_file or verbose >= 2
        else logging.INFO
        if verbose == 1
        else logging.NOTSET
    )
