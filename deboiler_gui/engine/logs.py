"""The product's log output, shared by the command line and the child processes it starts: a
child repeats its parent's set-up (level, stderr, log file), so a worker's warnings read like
the parent's and its info and debug lines reach ``-v`` and ``--log-file`` too."""

from __future__ import annotations

import logging
import sys
from typing import Any

#: The product's loggers all live under this name (``logging.getLogger(__name__)``).
ROOT = "deboiler_gui"


class Brief(logging.Formatter):
    """``warning: message`` with the exception's one-line summary instead of its traceback."""

    def format(self, record: logging.LogRecord) -> str:
        text = f"{record.levelname.lower()}: {record.getMessage()}"
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            text += f" ({type(exc).__name__}: {exc}; run with -v for the traceback)"
        return text


def setup() -> dict[str, Any]:
    """The product logger's set-up in this process, as plain data for a child: its level and,
    per handler, where it writes (stderr or a file), its level and its format."""
    logger = logging.getLogger(ROOT)
    handlers = []
    for h in logger.handlers:
        fmt = h.formatter
        form = None if fmt is None or isinstance(fmt, Brief) else fmt._fmt
        if isinstance(h, logging.FileHandler):
            handlers.append({"file": h.baseFilename, "level": h.level, "format": form})
        elif isinstance(h, logging.StreamHandler):
            handlers.append({"file": None, "level": h.level, "format": form})
    return {"level": logger.level, "handlers": handlers}


def apply(config: dict[str, Any] | None) -> None:
    """Repeat a parent's :func:`setup` in this (child) process; files are appended to."""
    if not config or not config.get("handlers"):
        return
    logger = logging.getLogger(ROOT)
    for old in [h for h in logger.handlers if getattr(h, "_deboiler_child", False)]:
        logger.removeHandler(old)
        old.close()
    for spec in config["handlers"]:
        handler: logging.Handler
        if spec["file"]:
            handler = logging.FileHandler(spec["file"], mode="a", encoding="utf-8")
        else:
            handler = logging.StreamHandler(sys.stderr)
        handler.setLevel(spec["level"])
        handler.setFormatter(
            Brief() if spec["format"] is None else logging.Formatter(spec["format"])
        )
        setattr(handler, "_deboiler_child", True)  # noqa: B010  (marks the handlers set here)
        logger.addHandler(handler)
    logger.setLevel(config["level"])
