"""Writers for cleaning results (JSON lines, CSV, SQLite), each written to a temporary file and
renamed into place only when complete, so an output file is never half-written."""

from __future__ import annotations

import contextlib
import csv
import json
import logging
import os
import sqlite3
import tempfile
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from deboiler_gui.engine.model import InputError

log = logging.getLogger(__name__)

FORMATS = ("jsonl", "csv", "sqlite")
_BY_SUFFIX = {
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".json": "jsonl",
    ".csv": "csv",
    ".sqlite": "sqlite",
    ".sqlite3": "sqlite",
    ".db": "sqlite",
}

#: Columns of the CSV and SQLite outputs, in order; lists are stored as JSON text.
COLUMNS = (
    "url",
    "site",
    "status",
    "error",
    "http_status",
    "title",
    "language",
    "cleaned_text",
    "cleaned_html",
    "removed",
    "headings",
    "lists",
    "breadcrumbs",
    "original_chars",
    "encoding",
    "source",
)
_JSON_COLUMNS = frozenset({"removed", "headings", "lists", "breadcrumbs"})


def format_for(path: str | os.PathLike[str], fmt: str | None = None) -> str:
    """The output format: the explicit one, else from the file extension."""
    if fmt:
        if fmt not in FORMATS:
            raise InputError(f"unknown output format {fmt!r} (choose {', '.join(FORMATS)})")
        return fmt
    suffix = Path(path).suffix.lower()
    if suffix not in _BY_SUFFIX:
        raise InputError(
            f"{path}: cannot tell the output format from the extension; use .jsonl, .csv or "
            f".sqlite, or --format"
        )
    return _BY_SUFFIX[suffix]


def _flat(record: dict[str, Any]) -> dict[str, Any]:
    row: dict[str, Any] = {}
    for col in COLUMNS:
        value = record.get(col)
        if col in _JSON_COLUMNS:
            value = json.dumps(value if value is not None else [], ensure_ascii=False)
        row[col] = value
    return row


class ResultWriter:
    """Writes result dicts to one output file; use as a context manager. The file appears at
    its final path only when the block ends without an exception."""

    def __init__(self, path: str | os.PathLike[str], fmt: str | None = None) -> None:
        self.path = Path(path)
        self.format = format_for(self.path, fmt)
        self.count = 0
        folder = self.path.parent if str(self.path.parent) else Path(".")
        if not folder.is_dir():
            raise InputError(f"{self.path}: folder {folder} does not exist")
        fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".part", dir=folder)
        os.close(fd)
        self._tmp = Path(tmp)
        self._file: IO[str] | None = None
        self._csv: Any = None
        self._db: sqlite3.Connection | None = None
        try:
            if self.format == "jsonl":
                self._file = self._tmp.open("w", encoding="utf-8", newline="\n")
            elif self.format == "csv":
                self._file = self._tmp.open("w", encoding="utf-8", newline="")
                self._csv = csv.DictWriter(self._file, fieldnames=list(COLUMNS), extrasaction="ignore")
                self._csv.writeheader()
            else:
                self._db = sqlite3.connect(str(self._tmp))
                cols = ", ".join(
                    f"{c} INTEGER" if c in ("http_status", "original_chars") else f"{c} TEXT"
                    for c in COLUMNS
                    if c != "url"
                )
                self._db.execute(f"CREATE TABLE results (url TEXT PRIMARY KEY, {cols})")
                self._db.execute("CREATE INDEX results_site ON results (site)")
                self._db.execute("BEGIN")
        except BaseException:
            self._discard()
            raise

    def write(self, record: dict[str, Any]) -> None:
        if self._file is not None and self._csv is None:
            self._file.write(json.dumps(record, ensure_ascii=False))
            self._file.write("\n")
        elif self._csv is not None:
            self._csv.writerow(_flat(record))
        elif self._db is not None:
            row = _flat(record)
            marks = ", ".join("?" for _ in COLUMNS)
            self._db.execute(
                f"INSERT OR REPLACE INTO results ({', '.join(COLUMNS)}) VALUES ({marks})",
                [row[c] for c in COLUMNS],
            )
        self.count += 1

    def commit(self) -> Path:
        """Finish the temporary file and move it onto the output path."""
        if self._file is not None:
            self._file.flush()
            os.fsync(self._file.fileno())
            self._file.close()
            self._file = None
        if self._db is not None:
            self._db.commit()
            self._db.close()
            self._db = None
        os.replace(self._tmp, self.path)
        return self.path

    def _discard(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
        if self._db is not None:
            self._db.close()
            self._db = None
        with contextlib.suppress(OSError):
            self._tmp.unlink()

    def __enter__(self) -> ResultWriter:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if exc_type is None:
            self.commit()
        else:
            self._discard()


def write_results(path: str | os.PathLike[str], records: Any, fmt: str | None = None) -> int:
    """Write an iterable of result dicts at once; returns how many were written."""
    with ResultWriter(path, fmt) as writer:
        for record in records:
            writer.write(record)
    return writer.count
