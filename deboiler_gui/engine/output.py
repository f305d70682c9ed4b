"""Writers for cleaning results (JSON lines, CSV, SQLite, a folder of cleaned HTML or Markdown
files), each
written to a temporary file or folder and renamed into place only when complete, so an output
is never half-written."""

from __future__ import annotations

import contextlib
import csv
import hashlib
import json
import logging
import os
import re
import shutil
import sqlite3
import stat
import tempfile
from pathlib import Path
from types import TracebackType
from typing import IO, Any
from urllib.parse import unquote, urlsplit

from deboiler_gui.engine.model import InputError

log = logging.getLogger(__name__)

FORMATS = ("jsonl", "csv", "sqlite", "html", "markdown")
#: Formats written as a folder: one file per cleaned page plus records.jsonl.
FOLDER_FORMATS = ("html", "markdown")
_BY_SUFFIX = {
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".json": "jsonl",
    ".csv": "csv",
    ".sqlite": "sqlite",
    ".sqlite3": "sqlite",
    ".db": "sqlite",
}

#: Columns of the CSV and SQLite outputs, in order; lists and ``content`` (where the content
#: was taken from, and by which method: ``site`` or the single-page extractor's ``page``) are
#: stored as JSON text.
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
    "content",
)
_JSON_COLUMNS = frozenset({"removed", "headings", "lists", "breadcrumbs", "content"})


def _current_umask() -> int:
    """The process's umask, read without changing it where the system allows (setting it
    to read it would race with other threads creating files)."""
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def format_for(path: str | os.PathLike[str], fmt: str | None = None) -> str:
    """The output format: the explicit one, else from the file extension; records that are
    discarded (the output is ``/dev/null``) are JSON lines unless a format is given."""
    if fmt:
        if fmt not in FORMATS:
            raise InputError(f"unknown output format {fmt!r} (choose {', '.join(FORMATS)})")
        if fmt in FOLDER_FORMATS and is_discarded(path):
            raise InputError(
                f"{path}: --format {fmt} writes a folder of files, which cannot be discarded; "
                "give a folder name, or leave --format out to discard the records"
            )
        return fmt
    if is_discarded(path):
        return "jsonl"
    suffix = Path(path).suffix.lower()
    if str(path).endswith(("/", os.sep)) or Path(path).is_dir():
        return "html"
    if suffix not in _BY_SUFFIX:
        raise InputError(
            f"{path}: cannot tell the output format from the extension; use .jsonl, .csv, "
            f".sqlite or a folder name ending in /, or --format"
        )
    return _BY_SUFFIX[suffix]


_UNSAFE = re.compile(r"[^A-Za-z0-9._\-/]+")
#: Longest file-name step written (file systems allow 255 bytes; room is left for ".html").
_STEP_MAX = 200


def _step(text: str) -> str:
    """One safe path step; a step too long for a file name keeps its start and a hash of the
    whole, so two long names that share a start stay apart."""
    safe = _UNSAFE.sub("_", text)
    if len(safe) <= _STEP_MAX:
        return safe
    digest = hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return f"{safe[: _STEP_MAX - 17]}~{digest}"


def html_file_for(url: str) -> str:
    """Relative file name of a page's cleaned HTML in a folder output: <site>/<path>[.html]."""
    parts = urlsplit(url)
    site = _step((parts.hostname or "no-site").lower()) or "no-site"
    path = unquote(parts.path or "/")
    if path.endswith("/"):
        path += "index.html"
    if parts.query:
        path += "_" + parts.query
    steps = [_step(s) for s in path.split("/") if s not in ("", ".", "..")]
    name = "/".join(steps) or "index.html"
    if not name.lower().endswith((".html", ".htm")):
        name += ".html"
    return f"{site}/{name}"


def markdown_file_for(url: str) -> str:
    """Relative file name of a page's Markdown in a folder output: <site>/<path>.md."""
    name = html_file_for(url)
    return name[: name.rfind(".")] + ".md"


def _flat(record: dict[str, Any], columns: tuple[str, ...] = COLUMNS) -> dict[str, Any]:
    row: dict[str, Any] = {}
    for col in columns:
        value = record.get(col)
        if col in _JSON_COLUMNS:
            empty: Any = {} if col == "content" else []
            value = json.dumps(value if value is not None else empty, ensure_ascii=False)
        row[col] = value
    return row


def is_discarded(path: str | os.PathLike[str]) -> bool:
    """True for the null device (``-o /dev/null``): the run's records are not kept (a run for
    its ``--why`` or ``--explain`` report, or its summary)."""
    return str(path) == os.devnull


def check_output_path(path: str | os.PathLike[str]) -> None:
    """Refuse an output path that names something other than a file or folder (a device such as
    ``/dev/null``, a pipe, a socket): outputs are written beside it and renamed into place,
    which would replace it."""
    target = Path(path)
    try:
        mode = target.stat().st_mode
    except OSError:
        return  # nothing there yet (or unreadable: the write itself will say)
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        raise InputError(
            f"{target}: not a regular file (a device, pipe or socket); outputs are written "
            "whole into a file, so give a file name"
        )


def make_folder(folder: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
    """Creates an output's folder (and the folders above it) when missing, as every command
    that writes a file does; an InputError naming ``target`` when it cannot be made."""
    path = Path(folder)
    if path.is_dir():
        return
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"{target}: cannot make folder {path} ({exc.strerror or exc})") from exc


class ResultWriter:
    """Writes result dicts to one output file; use as a context manager. The file appears at
    its final path only when the block ends without an exception."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        fmt: str | None = None,
        *,
        extra_columns: tuple[str, ...] = (),
    ) -> None:
        self.format = format_for(path, fmt)  # before Path() drops a folder's trailing slash
        #: CSV and SQLite columns: the standard ones, then opt-in ones such as "markdown".
        self.columns = COLUMNS + tuple(c for c in extra_columns if c not in COLUMNS)
        self.path = Path(path)
        self.count = 0
        self._file: IO[str] | None = None
        self._csv: Any = None
        self._db: sqlite3.Connection | None = None
        self._names: set[str] = set()
        #: records not kept: counted, never written (nothing beside the device is made)
        self.discard = is_discarded(path)
        if self.discard:
            self._tmp = self.path
            return
        check_output_path(self.path)
        folder = self.path.parent if str(self.path.parent) else Path(".")
        make_folder(folder, self.path)
        # mkstemp/mkdtemp create private (0600/0700) entries; the finished output gets the
        # permissions any new file or folder of the user gets (the umask's).
        umask = _current_umask()
        if self.format in FOLDER_FORMATS:
            self._tmp = Path(
                tempfile.mkdtemp(prefix=f".{self.path.name}.", suffix=".part", dir=folder)
            )
            os.chmod(self._tmp, 0o777 & ~umask)
        else:
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".part", dir=folder)
            os.fchmod(fd, 0o666 & ~umask)
            os.close(fd)
            self._tmp = Path(tmp)
        try:
            if self.format in FOLDER_FORMATS:
                # The folder holds one file per cleaned page and records.jsonl for every page
                # (without the HTML), so error and skipped pages are listed too.
                self._file = (self._tmp / "records.jsonl").open("w", encoding="utf-8", newline="\n")
            elif self.format == "jsonl":
                self._file = self._tmp.open("w", encoding="utf-8", newline="\n")
            elif self.format == "csv":
                self._file = self._tmp.open("w", encoding="utf-8", newline="")
                self._csv = csv.DictWriter(
                    self._file, fieldnames=list(self.columns), extrasaction="ignore"
                )
                self._csv.writeheader()
            else:
                self._db = sqlite3.connect(str(self._tmp))
                cols = ", ".join(
                    f"{c} INTEGER" if c in ("http_status", "original_chars") else f"{c} TEXT"
                    for c in self.columns
                    if c != "url"
                )
                self._db.execute(f"CREATE TABLE results (url TEXT PRIMARY KEY, {cols})")
                self._db.execute("CREATE INDEX results_site ON results (site)")
                self._db.execute("BEGIN")
        except BaseException:
            self._discard()
            raise

    def write(self, record: dict[str, Any]) -> None:
        if self.discard:
            self.count += 1
            return
        if self.format in FOLDER_FORMATS and self._file is not None:
            record = dict(record)
            html = record.pop("cleaned_html", "") or ""
            markdown = record.pop("markdown", "") or ""
            if self.format == "markdown":
                html = markdown
            if record.get("status") == "ok":
                url = str(record.get("url", ""))
                name = markdown_file_for(url) if self.format == "markdown" else html_file_for(url)
                if name in self._names:  # two URLs differing only in unsafe characters
                    stem, dot, ext = name.rpartition(".")
                    name = f"{stem}-{self.count}{dot}{ext}"
                self._names.add(name)
                target = self._tmp / name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(html, encoding="utf-8")
                record["file"] = name
            self._file.write(json.dumps(record, ensure_ascii=False))
            self._file.write("\n")
        elif self._file is not None and self._csv is None:
            self._file.write(json.dumps(record, ensure_ascii=False))
            self._file.write("\n")
        elif self._csv is not None:
            self._csv.writerow(_flat(record, self.columns))
        elif self._db is not None:
            row = _flat(record, self.columns)
            marks = ", ".join("?" for _ in self.columns)
            self._db.execute(
                f"INSERT OR REPLACE INTO results ({', '.join(self.columns)}) VALUES ({marks})",
                [row[c] for c in self.columns],
            )
        self.count += 1

    def commit(self) -> Path:
        """Finish the temporary file and move it onto the output path."""
        if self.discard:
            return self.path
        if self._file is not None:
            self._file.flush()
            os.fsync(self._file.fileno())
            self._file.close()
            self._file = None
        if self._db is not None:
            self._db.commit()
            self._db.close()
            self._db = None
        if self.format in FOLDER_FORMATS and self.path.exists():
            # A folder cannot be renamed over a non-empty one: move the old one aside first.
            old = self.path.with_name(f".{self.path.name}.old")
            shutil.rmtree(old, ignore_errors=True)
            os.replace(self.path, old)
            os.replace(self._tmp, self.path)
            shutil.rmtree(old, ignore_errors=True)
            return self.path
        os.replace(self._tmp, self.path)
        return self.path

    def _discard(self) -> None:
        if self.discard:
            return
        if self._file is not None:
            self._file.close()
            self._file = None
        if self._db is not None:
            self._db.close()
            self._db = None
        if self._tmp.is_dir():
            shutil.rmtree(self._tmp, ignore_errors=True)
        with contextlib.suppress(OSError):
            self._tmp.unlink()

    def __enter__(self) -> ResultWriter:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
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
