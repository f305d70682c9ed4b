"""The workspace: one SQLite file (via sqlite-utils) holding a project's pages, fitted domain
models, versioned templates and settings, safe to share between the app and CLI runs."""

from __future__ import annotations

import functools
import json
import logging
import os
import sqlite3
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

# sqlite-utils imports pandas and numpy whenever they are installed, only to map their scalar
# types to column types; the workspace never stores them, and the two imports were most of a
# headless command's start-up (over a second). They are hidden from it while it loads.
_HIDDEN = [name for name in ("pandas", "numpy") if name not in sys.modules]
for _name in _HIDDEN:
    sys.modules[_name] = None  # type: ignore[assignment]
try:
    import sqlite_utils
    from sqlite_utils.migrations import Migrations
finally:
    for _name in _HIDDEN:
        if _name in sys.modules and sys.modules[_name] is None:
            del sys.modules[_name]

from deboiler_gui.engine.model import (  # noqa: E402
    STATUS_UNREADABLE,
    DomainModel,
    Page,
    WorkspaceError,
    near_urls,
    site_of,
    url_form,
    valid_text,
)
from deboiler_gui.engine.template.model import Template  # noqa: E402

log = logging.getLogger(__name__)

#: Default workspace file name for commands given none.
DEFAULT_WORKSPACE = "deboiler-workspace.sqlite"

_BATCH = 200
#: How long a writer waits for another process's transaction before giving up.
BUSY_TIMEOUT_S = 60.0

P = ParamSpec("P")
R = TypeVar("R")

MIGRATIONS = Migrations("deboiler_gui")

#: ``save_template``'s ``expect`` when the caller does not ask (a save on top of whatever is
#: stored, as every command-line save is).
ANY_VERSION = -1


class StaleError(WorkspaceError):
    """What a caller read from the workspace was replaced since (another window, a command
    line run): a save on top of it would silently drop what the other wrote. ``latest``: the
    template's version stored now (page types: 0)."""

    def __init__(self, message: str, latest: int = 0) -> None:
        super().__init__(message)
        self.latest = latest


@MIGRATIONS()
def m001_initial(db: sqlite_utils.Database) -> None:
    db.execute(
        """CREATE TABLE pages (
            url TEXT PRIMARY KEY,
            site TEXT NOT NULL,
            status INTEGER NOT NULL,
            content_type TEXT,
            encoding TEXT,
            headers TEXT,
            fetched_at TEXT,
            source TEXT,
            error TEXT,
            bytes INTEGER NOT NULL DEFAULT 0,
            html TEXT NOT NULL DEFAULT ''
        )"""
    )
    db.execute("CREATE INDEX pages_site ON pages (site, url)")
    db.execute(
        """CREATE TABLE models (
            site TEXT PRIMARY KEY,
            data TEXT NOT NULL,
            saved_at TEXT NOT NULL
        )"""
    )
    db.execute(
        """CREATE TABLE templates (
            name TEXT NOT NULL,
            version INTEGER NOT NULL,
            data TEXT NOT NULL,
            saved_at TEXT NOT NULL,
            message TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (name, version)
        )"""
    )
    db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")


@MIGRATIONS()
def m002_runs(db: sqlite_utils.Database) -> None:
    db.execute(
        """CREATE TABLE runs (
            id INTEGER PRIMARY KEY,
            finished_at TEXT NOT NULL,
            kind TEXT NOT NULL,
            summary TEXT NOT NULL
        )"""
    )


@MIGRATIONS()
def m003_responses(db: sqlite_utils.Database) -> None:
    # What the server sent for a crawled page (header lines in order, body before content
    # decoding), so export-warc writes the response as received.
    db.execute(
        """CREATE TABLE responses (
            url TEXT PRIMARY KEY,
            site TEXT NOT NULL,
            status INTEGER NOT NULL,
            headers TEXT NOT NULL,
            body BLOB NOT NULL,
            fetched_at TEXT
        )"""
    )


@MIGRATIONS()
def m004_assets(db: sqlite_utils.Database) -> None:
    # Style sheets, images and fonts of crawled pages (crawl --assets), so the workbench can
    # show pages as they looked without going back to the network.
    db.execute(
        """CREATE TABLE assets (
            url TEXT PRIMARY KEY,
            site TEXT NOT NULL,
            content_type TEXT NOT NULL,
            body BLOB NOT NULL,
            fetched_at TEXT
        )"""
    )


@MIGRATIONS()
def m005_page_types(db: sqlite_utils.Database) -> None:
    # A site's page types as the user last left them (clusters, names, URL patterns, pages).
    db.execute(
        """CREATE TABLE page_types (
            site TEXT NOT NULL,
            position INTEGER NOT NULL,
            data TEXT NOT NULL,
            saved_at TEXT NOT NULL,
            PRIMARY KEY (site, position)
        )"""
    )


@MIGRATIONS()
def m006_rendered_dom(db: sqlite_utils.Database) -> None:
    # The DOM a browser built for a crawled page (crawl --render), beside its raw response;
    # ``used`` says which of the two the page's stored HTML is (the one cleaning and
    # extraction read): 'rendered', or 'raw' when rendering failed.
    db.execute(
        """CREATE TABLE rendered (
            url TEXT PRIMARY KEY,
            site TEXT NOT NULL,
            html TEXT NOT NULL,
            used TEXT NOT NULL,
            settled INTEGER NOT NULL,
            reason TEXT,
            waited REAL,
            final_url TEXT,
            rendered_at TEXT
        )"""
    )
    db.execute("CREATE INDEX rendered_site ON rendered (site, url)")


@MIGRATIONS()
def m007_site_index(db: sqlite_utils.Database) -> None:
    # What rule suggestion learns about a site's pages (the attribute values that recur over
    # it, which ids and classes change from page to page, rules' hit rates), kept for the
    # next call while the site's pages stay the same: ``changes`` counts every write to a
    # page of the site (triggers, whatever writes it), and a saved index is read only when
    # it was saved at the count there is now.
    db.execute("CREATE TABLE site_changes (site TEXT PRIMARY KEY, changes INTEGER NOT NULL)")
    db.execute(
        """CREATE TABLE site_index (
            site TEXT PRIMARY KEY,
            stamp TEXT NOT NULL,
            data TEXT NOT NULL,
            saved_at TEXT NOT NULL
        )"""
    )
    # What the cleaner found on a page under a site's model (``extract`` with the cleaner),
    # by the page's HTML digest and the model's: the next extraction of the same page under
    # the same model reads it instead of cleaning the page again.
    db.execute(
        """CREATE TABLE clean_findings (
            site TEXT NOT NULL,
            page TEXT NOT NULL,
            model TEXT NOT NULL,
            data TEXT NOT NULL,
            PRIMARY KEY (site, page)
        )"""
    )
    bump = """INSERT INTO site_changes (site, changes) VALUES ({row}.site, 1)
        ON CONFLICT(site) DO UPDATE SET changes = changes + 1;"""
    for event, rows in (("INSERT", ("NEW",)), ("UPDATE", ("NEW", "OLD")), ("DELETE", ("OLD",))):
        body = "\n".join(bump.format(row=row) for row in rows)
        db.execute(
            f"CREATE TRIGGER pages_{event.lower()}_changes AFTER {event} ON pages BEGIN {body} END"
        )


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _dumps(value: Any) -> str:
    # Stable key order: the same data always gives the same text, so diffs stay readable.
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _guard(method: Callable[P, R]) -> Callable[P, R]:
    """Turn SQLite failures into WorkspaceError naming the workspace file."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        self = args[0]
        try:
            return method(*args, **kwargs)
        except sqlite3.Error as exc:
            raise WorkspaceError(f"workspace {self.path}: {exc}") from exc  # type: ignore[attr-defined]

    return wrapper


def check_workspace_file(path: Path) -> None:
    """Raise WorkspaceError when an existing file is plainly not a whole SQLite database.

    The file is only ever opened through SQLite: closing a plain file handle on a database
    releases every POSIX lock this process holds on it, which would let another process
    checkpoint and delete the WAL under a connection that is still open here."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise WorkspaceError(f"workspace {path}: cannot read: {exc.strerror or exc}") from exc
    if size == 0:
        return  # a new, empty file: SQLite makes it a database
    if size < 100:
        raise WorkspaceError(f"workspace {path}: not a SQLite database ({size} bytes)")
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            page_size = int(conn.execute("PRAGMA page_size").fetchone()[0])
            pages = int(conn.execute("PRAGMA page_count").fetchone()[0])
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise WorkspaceError(f"workspace {path}: not a SQLite database ({exc})") from exc
    wal = Path(f"{path}-wal")
    # With a WAL file beside it, the main file may lawfully be shorter until the next checkpoint.
    if pages and not wal.exists() and size < pages * page_size:
        raise WorkspaceError(
            f"workspace {path}: truncated ({size} bytes, the header says {pages * page_size})"
        )


class Workspace:
    """One SQLite workspace file. Every write is one IMMEDIATE transaction, so the app and a CLI
    run can share the file; readers never block writers (WAL)."""

    def __init__(
        self, path: str | os.PathLike[str], *, create: bool = True, scratch: bool = False
    ) -> None:
        """``scratch``: a new file of one process's own, deleted after the run (the pages of a
        clean staged from its inputs): no write-ahead log and no sync, since a crash loses
        nothing saved; the pages are written once instead of twice (the rollback journal
        is kept in memory)."""
        self.path = Path(path)
        if not self.path.exists():
            if not create:
                raise WorkspaceError(f"workspace {self.path}: no such file")
            if self.path.parent and not self.path.parent.exists():
                raise WorkspaceError(
                    f"workspace {self.path}: folder {self.path.parent} does not exist"
                )
        else:
            check_workspace_file(self.path)
        self._lock = threading.RLock()
        try:
            # check_same_thread off: the app may open a workspace on one thread and read it on a
            # worker; the lock above serialises use of the one connection.
            conn = sqlite3.connect(str(self.path), timeout=BUSY_TIMEOUT_S, check_same_thread=False)
        except sqlite3.Error as exc:
            raise WorkspaceError(f"workspace {self.path}: {exc}") from exc
        self._conn = conn
        self.db = sqlite_utils.Database(conn)
        deadline = time.monotonic() + BUSY_TIMEOUT_S
        while True:
            try:
                conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
                if scratch:
                    conn.execute("PRAGMA journal_mode = MEMORY")
                    conn.execute("PRAGMA synchronous = OFF")
                else:
                    mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
                    if mode != "wal":
                        conn.execute("PRAGMA journal_mode = WAL")
                    conn.execute("PRAGMA synchronous = NORMAL")
                self._migrate()
                conn.execute("SELECT count(*) FROM pages LIMIT 1").fetchone()
                break
            except sqlite3.OperationalError as exc:
                # Two processes creating the same workspace at once: switching a new file to
                # WAL needs it to itself and SQLite answers "locked" at once, without waiting
                # on the busy timeout. The steps are idempotent: try again shortly.
                if "locked" in str(exc) and time.monotonic() < deadline:
                    time.sleep(0.05)
                    continue
                conn.close()
                raise WorkspaceError(f"workspace {self.path}: {exc}") from exc
            except sqlite3.Error as exc:
                conn.close()
                raise WorkspaceError(f"workspace {self.path}: {exc}") from exc

    # ------------------------------------------------------------------ plumbing
    def _migrate(self) -> None:
        if not MIGRATIONS.pending(self.db):
            return
        with self._write():
            # Checked again under the write lock: another process may have just migrated.
            MIGRATIONS.apply(self.db)

    @contextmanager
    def _write(self, *, checkpoint: bool = True) -> Iterator[sqlite3.Connection]:
        """One IMMEDIATE transaction: the write lock is taken up front, so two writers queue on
        the busy timeout instead of failing with 'database is locked' on lock upgrade. With
        ``checkpoint`` (a save: a template, a model, page types, a setting), the write-ahead
        log is copied into the main file once committed (:meth:`checkpoint`), so that a copy of
        the main file alone holds what was saved; bulk writes (pages, responses) leave it to
        SQLite's automatic checkpoints."""
        with self._lock:
            conn = self._conn
            if conn.in_transaction:
                yield conn
                return
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.rollback()
                raise
            else:
                conn.commit()
            if checkpoint:
                self.checkpoint()

    def checkpoint(self) -> bool:
        """Copy the write-ahead log into the main file as far as no reader holds an older
        snapshot (``PRAGMA wal_checkpoint(PASSIVE)``: never waits, never blocks another
        connection); True when the whole log went in."""
        with self._lock, suppress(sqlite3.Error):
            busy, _log, _done = self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            return bool(busy == 0 and _log == _done)
        return False

    def _read(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            cur = self._conn.execute(sql, tuple(params))
            return cur.fetchall()

    def close(self) -> None:
        """Closed with the log checkpointed into the main file (SQLite does so itself when
        this is the file's last connection; another still open, the app beside a command
        line run, would keep it in the ``-wal`` file)."""
        with self._lock, suppress(sqlite3.Error):
            if not self._conn.in_transaction:
                self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        with self._lock, suppress(sqlite3.Error):
            self._conn.close()

    def __enter__(self) -> Workspace:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Workspace({str(self.path)!r})"

    # ------------------------------------------------------------------ pages
    @_guard
    def add_pages(self, pages: Iterable[Page]) -> int:
        """Insert or replace pages by URL, in atomic batches; returns how many were written."""
        count = 0
        batch: list[tuple[Any, ...]] = []
        for page in pages:
            batch.append(_page_row(page))
            if len(batch) >= _BATCH:
                count += self._write_pages(batch)
                batch = []
        if batch:
            count += self._write_pages(batch)
        return count

    def _write_pages(self, rows: list[tuple[Any, ...]]) -> int:
        with self._write(checkpoint=False) as conn:
            conn.executemany(
                """INSERT INTO pages (url, site, status, content_type, encoding, headers,
                       fetched_at, source, error, bytes, html)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                   ON CONFLICT(url) DO UPDATE SET site=excluded.site, status=excluded.status,
                       content_type=excluded.content_type, encoding=excluded.encoding,
                       headers=excluded.headers, fetched_at=excluded.fetched_at,
                       source=excluded.source, error=excluded.error, bytes=excluded.bytes,
                       html=excluded.html""",
                rows,
            )
        return len(rows)

    def iter_pages(self, site: str | None = None) -> Iterator[Page]:
        """Pages ordered by URL, read in batches (no cursor is held between batches, so other
        writers are never blocked and the iterator may be consumed slowly)."""
        last = ""
        first = True
        while True:
            where, params = ("url > ?", [last]) if not first else ("1", [])
            if site is not None:
                where += " AND site = ?"
                params.append(site)
            try:
                rows = self._read(
                    f"""SELECT url, html, status, content_type, encoding, headers, fetched_at,
                               source, error FROM pages WHERE {where} ORDER BY url LIMIT {_BATCH}""",
                    params,
                )
            except sqlite3.Error as exc:  # a generator: the decorator would not see this
                raise WorkspaceError(f"workspace {self.path}: {exc}") from exc
            if not rows:
                return
            for row in rows:
                yield _row_page(row)
            last = rows[-1][0]
            first = False
            if len(rows) < _BATCH:
                return

    def iter_pages_in_input_order(self, site: str | None = None) -> Iterator[tuple[int, Page]]:
        """(position, page) in the order pages were first stored (a later record of a URL
        keeps the earlier one's place), read in batches like :meth:`iter_pages`."""
        last = 0
        while True:
            where = "rowid > ?"
            params: list[Any] = [last]
            if site is not None:
                where += " AND site = ?"
                params.append(site)
            try:
                rows = self._read(
                    f"""SELECT rowid, url, html, status, content_type, encoding, headers,
                               fetched_at, source, error FROM pages WHERE {where}
                        ORDER BY rowid LIMIT {_BATCH}""",
                    params,
                )
            except sqlite3.Error as exc:  # a generator: the decorator would not see this
                raise WorkspaceError(f"workspace {self.path}: {exc}") from exc
            if not rows:
                return
            for row in rows:
                yield int(row[0]), _row_page(row[1:])
            last = int(rows[-1][0])
            if len(rows) < _BATCH:
                return

    @_guard
    def site_positions(self) -> dict[str, int]:
        """Each site's first position in input order (see iter_pages_in_input_order)."""
        rows = self._read("SELECT site, min(rowid) FROM pages GROUP BY site")
        return {r[0]: int(r[1]) for r in rows}

    @_guard
    def has_cleanable_candidates(self, site: str) -> bool:
        """True when the site has a page read without error."""
        rows = self._read("SELECT 1 FROM pages WHERE site = ? AND error IS NULL LIMIT 1", [site])
        return bool(rows)

    @_guard
    def get_page(self, url: str) -> Page | None:
        rows = self._read(
            """SELECT url, html, status, content_type, encoding, headers, fetched_at, source,
                      error FROM pages WHERE url = ?""",
            [url],
        )
        return _row_page(rows[0]) if rows else None

    @_guard
    def readable_page_urls(self, site: str) -> list[str]:
        """The URLs of the site's pages read without error and with HTML, in the order of
        :meth:`iter_pages` (the pages ``SiteIndex.from_pages`` parses), without their HTML."""
        rows = self._read(
            """SELECT url FROM pages WHERE site = ? AND (error IS NULL OR error = '')
                   AND html != '' ORDER BY url""",
            [site],
        )
        return [r[0] for r in rows]

    @_guard
    def page_html(self, url: str) -> str:
        """The HTML of the stored page ``url`` ("" when there is none)."""
        rows = self._read("SELECT html FROM pages WHERE url = ?", [url])
        return str(rows[0][0] or "") if rows else ""

    @_guard
    def find_page_url(self, url: str) -> str | None:
        """The stored URL of the page a URL given by hand names: ``url`` itself when stored,
        else the one page of its site whose URL differs only in the escapes of characters
        that need none (``Console$.html`` for ``Console%24.html``, see ``url_form``). None
        when no page is, or several are (the URL names none of them for sure)."""
        if self._read("SELECT 1 FROM pages WHERE url = ?", [url]):
            return url
        form = url_form(url)
        found = [u for u in self.page_urls(site_of(url)) if url_form(u) == form]
        return found[0] if len(found) == 1 else None

    @_guard
    def near_page_urls(self, url: str, limit: int = 3) -> list[str]:
        """The stored URLs closest to ``url`` (a page not found: what it may have meant), most
        alike first: among the pages of its site, else among every page (``near_urls``)."""
        return near_urls(url, self.page_urls(site_of(url)) or self.page_urls(), limit)

    @_guard
    def page_urls(self, site: str | None = None) -> list[str]:
        if site is None:
            return [r[0] for r in self._read("SELECT url FROM pages ORDER BY url")]
        return [
            r[0] for r in self._read("SELECT url FROM pages WHERE site = ? ORDER BY url", [site])
        ]

    @_guard
    def page_summaries(self, site: str | None = None) -> list[dict[str, Any]]:
        """url, site, status, content_type, bytes, error of each page (no HTML), by URL, and
        ``dom``: which HTML the page holds, 'rendered' (crawl --render) or 'raw', with
        ``dom_note`` saying why a rendered page was taken unsettled or a render failed."""
        sql = """SELECT p.url, p.site, p.status, p.content_type, p.bytes, p.error, r.used,
                        r.reason FROM pages p LEFT JOIN rendered r ON r.url = p.url"""
        params: list[Any] = []
        if site is not None:
            sql += " WHERE p.site = ?"
            params.append(site)
        rows = self._read(sql + " ORDER BY p.url", params)
        keys = ("url", "site", "status", "content_type", "bytes", "error")
        return [
            {
                **dict(zip(keys, row[:6], strict=True)),
                "dom": row[6] or "raw",
                "dom_note": row[7] or "",
            }
            for row in rows
        ]

    @_guard
    def page_count(self, site: str | None = None) -> int:
        if site is None:
            return int(self._read("SELECT count(*) FROM pages")[0][0])
        return int(self._read("SELECT count(*) FROM pages WHERE site = ?", [site])[0][0])

    @_guard
    def sites(self) -> list[tuple[str, int]]:
        """(site, page count) for every site, by site name."""
        rows = self._read("SELECT site, count(*) FROM pages GROUP BY site ORDER BY site")
        return [(r[0], int(r[1])) for r in rows]

    @_guard
    def delete_pages(self, site: str | None = None) -> int:
        with self._write() as conn:
            if site is None:
                conn.execute("DELETE FROM responses")
                conn.execute("DELETE FROM assets")
                conn.execute("DELETE FROM rendered")
                return conn.execute("DELETE FROM pages").rowcount
            conn.execute("DELETE FROM responses WHERE site = ?", (site,))
            conn.execute("DELETE FROM assets WHERE site = ?", (site,))
            conn.execute("DELETE FROM rendered WHERE site = ?", (site,))
            return conn.execute("DELETE FROM pages WHERE site = ?", (site,)).rowcount

    # ------------------------------------------------------------------ raw responses
    @_guard
    def save_response(
        self,
        url: str,
        status: int,
        headers: list[tuple[str, str]],
        body: bytes,
        fetched_at: str | None,
    ) -> None:
        """Keep the response of a crawled page as received (header lines in order, repeats
        kept; the body before content decoding)."""
        pairs = [[valid_text(str(k)), valid_text(str(v))] for k, v in headers]
        with self._write(checkpoint=False) as conn:
            conn.execute(
                "INSERT OR REPLACE INTO responses (url, site, status, headers, body, fetched_at) VALUES (?, ?, ?, ?, ?, ?)",
                (
                    valid_text(url),
                    Page(url, "").site,
                    _storable_status(status),
                    _dumps(pairs),
                    bytes(body),
                    fetched_at,
                ),
            )

    @_guard
    def get_response(self, url: str) -> dict[str, Any] | None:
        """status, headers (list of (name, value)), body, fetched_at of a kept response."""
        rows = self._read(
            "SELECT status, headers, body, fetched_at FROM responses WHERE url = ?", [url]
        )
        if not rows:
            return None
        status, headers, body, fetched_at = rows[0]
        try:
            pairs = [(str(k), str(v)) for k, v in json.loads(headers)]
        except (ValueError, TypeError):
            return None
        return {
            "status": int(status),
            "headers": pairs,
            "body": bytes(body),
            "fetched_at": fetched_at,
        }

    # ------------------------------------------------------------------ assets
    @_guard
    def save_asset(
        self, url: str, content_type: str, body: bytes, fetched_at: str | None = None
    ) -> None:
        """Keep a style sheet, image or font of the site (replacing an earlier copy)."""
        with self._write(checkpoint=False) as conn:
            conn.execute(
                "INSERT OR REPLACE INTO assets (url, site, content_type, body, fetched_at) VALUES (?, ?, ?, ?, ?)",
                (
                    valid_text(url),
                    Page(url, "").site,
                    valid_text(content_type),
                    bytes(body),
                    fetched_at,
                ),
            )

    @_guard
    def get_asset(self, url: str) -> tuple[bytes, str] | None:
        """(body, content type) of a stored asset, or None."""
        rows = self._read("SELECT body, content_type FROM assets WHERE url = ?", [url])
        return (bytes(rows[0][0]), str(rows[0][1])) if rows else None

    @_guard
    def asset_urls(self, site: str | None = None) -> list[str]:
        """URLs of the stored assets (of one site, or all)."""
        if site is None:
            rows = self._read("SELECT url FROM assets ORDER BY url")
        else:
            rows = self._read("SELECT url FROM assets WHERE site = ? ORDER BY url", [site])
        return [str(r[0]) for r in rows]

    @_guard
    def page_sources(self) -> list[tuple[str, str]]:
        """(URL, source) of the pages read from files or WARC records: one per folder or WARC
        file is enough to find the input again (see engine.subresources)."""
        rows = self._read(
            "SELECT url, source FROM pages WHERE source IS NOT NULL AND source != 'crawl'"
        )
        return [(str(u), str(s)) for u, s in rows]

    @_guard
    # ------------------------------------------------------------------ rendered DOMs
    @_guard
    def save_rendered(
        self,
        url: str,
        html: str,
        *,
        used: str,
        settled: bool,
        reason: str = "",
        waited: float = 0.0,
        final_url: str = "",
    ) -> None:
        """Keep the rendered DOM of a crawled page and which HTML the page uses ('rendered'
        or 'raw')."""
        if used not in ("rendered", "raw"):
            raise ValueError(f"used must be 'rendered' or 'raw', not {used!r}")
        with self._write(checkpoint=False) as conn:
            conn.execute(
                """INSERT OR REPLACE INTO rendered (url, site, html, used, settled, reason,
                       waited, final_url, rendered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (
                    valid_text(url),
                    Page(url, "").site,
                    valid_text(html),
                    used,
                    int(settled),
                    reason,
                    float(waited),
                    valid_text(final_url),
                    _now(),
                ),
            )

    @_guard
    def get_rendered(self, url: str) -> dict[str, Any] | None:
        """html, used, settled, reason, waited, final_url, rendered_at of a rendered page."""
        rows = self._read(
            """SELECT html, used, settled, reason, waited, final_url, rendered_at FROM rendered
               WHERE url = ?""",
            [url],
        )
        if not rows:
            return None
        keys = ("html", "used", "settled", "reason", "waited", "final_url", "rendered_at")
        out = dict(zip(keys, rows[0], strict=True))
        out["settled"] = bool(out["settled"])
        return out

    @_guard
    def dom_sources(self, site: str | None = None) -> dict[str, str]:
        """Which HTML each rendered page uses ('rendered' or 'raw'), by URL; pages never
        rendered are not listed (they use their raw HTML)."""
        sql, params = "SELECT url, used FROM rendered", []
        if site is not None:
            sql += " WHERE site = ?"
            params.append(site)
        return {str(u): str(k) for u, k in self._read(sql, params)}

    # ------------------------------------------------------------------ models
    @_guard
    def save_model(self, model: DomainModel) -> None:
        with self._write() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO models (site, data, saved_at) VALUES (?, ?, ?)",
                (model.site, _dumps(model.to_dict()), _now()),
            )

    @_guard
    def load_model(self, site: str) -> DomainModel | None:
        rows = self._read("SELECT data FROM models WHERE site = ?", [site])
        if not rows:
            return None
        try:
            return DomainModel.from_dict(json.loads(rows[0][0]))
        except (ValueError, KeyError, TypeError) as exc:
            raise WorkspaceError(
                f"workspace {self.path}: model of site {site!r} is corrupt: {exc}"
            ) from exc

    @_guard
    def model_sites(self) -> list[str]:
        return [r[0] for r in self._read("SELECT site FROM models ORDER BY site")]

    # ------------------------------------------------------------------ templates
    @_guard
    def save_template(
        self, template: Template, *, message: str = "", expect: int = ANY_VERSION
    ) -> int:
        """Store a new version of a template (under its name); returns its version number
        (1, 2, ...). With ``expect`` (the version the caller's template was made from, 0 for
        none), refused with StaleError when another version was stored since: checked in the
        same transaction as the save, so no version written meanwhile is ever overwritten
        unseen."""
        return self._save_template_data(
            template.name, template.to_dict(), message=message, expect=expect
        )

    @_guard
    def template_version(self, name: str) -> int:
        """The template's latest version (0 when it was never saved)."""
        rows = self._read("SELECT max(version) FROM templates WHERE name = ?", [name])
        return int(rows[0][0] or 0) if rows else 0

    @_guard
    def load_template(self, name: str, version: int | None = None) -> Template:
        """The template at a version (latest by default); WorkspaceError if unknown, RuleError
        (naming it) if the stored data is not a valid template."""
        template = Template.from_dict(self._load_template_data(name, version))
        # The name it is stored under is its identity: a later save goes back to the same place.
        return template if template.name == name else replace(template, name=name)

    def _save_template_data(
        self, name: str, data: dict[str, Any], *, message: str, expect: int = ANY_VERSION
    ) -> int:
        if not name:
            raise WorkspaceError(f"workspace {self.path}: a template needs a name")
        text = _dumps(data)
        with self._write() as conn:
            row = conn.execute(
                "SELECT max(version) FROM templates WHERE name = ?", (name,)
            ).fetchone()
            latest = int(row[0] or 0)
            if expect != ANY_VERSION and latest != expect:
                raise StaleError(
                    f"workspace {self.path}: template {name!r} is at version {latest} now, "
                    f"not {expect}: saved elsewhere since",
                    latest,
                )
            version = latest + 1
            conn.execute(
                "INSERT INTO templates (name, version, data, saved_at, message) VALUES (?, ?, ?, ?, ?)",
                (name, version, text, _now(), message),
            )
        return version

    def _load_template_data(self, name: str, version: int | None) -> dict[str, Any]:
        if version is None:
            rows = self._read(
                "SELECT data, version FROM templates WHERE name = ? ORDER BY version DESC LIMIT 1",
                [name],
            )
        else:
            rows = self._read(
                "SELECT data, version FROM templates WHERE name = ? AND version = ?",
                [name, version],
            )
        if not rows:
            which = f"template {name!r}" + (f" version {version}" if version is not None else "")
            raise WorkspaceError(f"workspace {self.path}: no {which}")
        try:
            data = json.loads(rows[0][0])
        except ValueError as exc:
            raise WorkspaceError(
                f"workspace {self.path}: template {name!r} version {rows[0][1]} is corrupt: {exc}"
            ) from exc
        if not isinstance(data, dict):
            raise WorkspaceError(
                f"workspace {self.path}: template {name!r} version {rows[0][1]} is not an object"
            )
        return data

    @_guard
    def template_history(self, name: str) -> list[dict[str, Any]]:
        """version, saved_at, message of every version, oldest first."""
        rows = self._read(
            "SELECT version, saved_at, message FROM templates WHERE name = ? ORDER BY version",
            [name],
        )
        return [{"version": int(r[0]), "saved_at": r[1], "message": r[2]} for r in rows]

    @_guard
    def template_names(self) -> list[str]:
        return [r[0] for r in self._read("SELECT DISTINCT name FROM templates ORDER BY name")]

    @_guard
    def revert_template(self, name: str, version: int, *, message: str = "") -> int:
        """Save an old version again as the newest; history is never rewritten."""
        # The stored data is copied as it is: a revert never rewrites what was saved.
        data = self._load_template_data(name, version)
        return self._save_template_data(
            name, data, message=message or f"revert to version {version}"
        )

    # ------------------------------------------------------------------ page types
    @_guard
    def save_page_types(
        self,
        site: str,
        types: list[dict[str, Any]],
        *,
        expect: list[dict[str, Any]] | None = None,
    ) -> None:
        """Replace the site's page types (plain dicts, in order) in one transaction: a reader
        sees the old set or the new one, never a mix. With ``expect`` (the types as the caller
        read them, [] for none), refused with StaleError when the stored ones are others now
        (another window split or renamed them): checked in the same transaction."""
        rows = [(site, i, _dumps(t), _now()) for i, t in enumerate(types)]
        with self._write() as conn:
            if expect is not None:
                stored = [
                    r[0]
                    for r in conn.execute(
                        "SELECT data FROM page_types WHERE site = ? ORDER BY position", (site,)
                    ).fetchall()
                ]
                if stored != [_dumps(t) for t in expect]:
                    raise StaleError(
                        f"workspace {self.path}: the page types of {site} were changed "
                        "elsewhere since they were read"
                    )
            conn.execute("DELETE FROM page_types WHERE site = ?", (site,))
            conn.executemany(
                "INSERT INTO page_types (site, position, data, saved_at) VALUES (?, ?, ?, ?)",
                rows,
            )

    @_guard
    def load_page_types(self, site: str) -> list[dict[str, Any]]:
        """The site's saved page types, in order (empty when none were saved); WorkspaceError
        naming the site when a stored row is not a JSON object."""
        out = []
        for position, data in self._read(
            "SELECT position, data FROM page_types WHERE site = ? ORDER BY position", [site]
        ):
            try:
                value = json.loads(data)
            except ValueError as exc:
                raise WorkspaceError(
                    f"workspace {self.path}: page type {position} of {site} is corrupt: {exc}"
                ) from exc
            if not isinstance(value, dict):
                raise WorkspaceError(
                    f"workspace {self.path}: page type {position} of {site} is not an object"
                )
            out.append(value)
        return out

    # ------------------------------------------------------------------ runs
    @_guard
    def record_run(self, kind: str, summary: dict[str, Any]) -> int:
        """Keep what a run did (its summary as JSON); returns the run's id."""
        with self._write() as conn:
            cur = conn.execute(
                "INSERT INTO runs (finished_at, kind, summary) VALUES (?, ?, ?)",
                (_now(), kind, _dumps(summary)),
            )
            return int(cur.lastrowid or 0)

    @_guard
    def runs(self, limit: int = 100) -> list[dict[str, Any]]:
        """The latest runs, newest first: id, finished_at, kind, summary."""
        rows = self._read(
            "SELECT id, finished_at, kind, summary FROM runs ORDER BY id DESC LIMIT ?", [limit]
        )
        return [
            {"id": r[0], "finished_at": r[1], "kind": r[2], "summary": json.loads(r[3])}
            for r in rows
        ]

    # ------------------------------------------------------------------ site index
    @_guard
    def site_stamp(self, site: str) -> str:
        """What a saved site index of ``site`` must have been saved at to hold: how many
        writes its pages have had (any change to any of them makes a new stamp)."""
        rows = self._read("SELECT changes FROM site_changes WHERE site = ?", [site])
        return str(rows[0][0] if rows else 0)

    @_guard
    def load_site_index(self, site: str, stamp: str) -> dict[str, Any] | None:
        """The site index saved for ``site`` at ``stamp``; None when there is none, or it was
        saved for other pages (or is unreadable)."""
        rows = self._read("SELECT stamp, data FROM site_index WHERE site = ?", [site])
        if not rows or rows[0][0] != stamp:
            return None
        try:
            data = json.loads(rows[0][1])
        except ValueError:
            return None
        return data if isinstance(data, dict) else None

    @_guard
    def save_site_index(self, site: str, stamp: str, data: dict[str, Any]) -> None:
        with self._write(checkpoint=False) as conn:
            conn.execute(
                "INSERT OR REPLACE INTO site_index (site, stamp, data, saved_at) VALUES (?, ?, ?, ?)",
                (site, stamp, json.dumps(data, ensure_ascii=False, separators=(",", ":")), _now()),
            )

    @_guard
    def load_findings(self, site: str, model: str) -> dict[str, Any]:
        """The cleaner's findings saved for pages of ``site`` under the model of digest
        ``model``, by page digest (``save_findings``)."""
        rows = self._read(
            "SELECT page, data FROM clean_findings WHERE site = ? AND model = ?", [site, model]
        )
        out: dict[str, Any] = {}
        for page, data in rows:
            with suppress(ValueError):
                out[str(page)] = json.loads(data)
        return out

    @_guard
    def save_findings(self, site: str, model: str, findings: dict[str, Any]) -> None:
        """Keep the cleaner's findings by page digest under the model of digest ``model``
        (those of another model are dropped: the site's model is the one fitted last)."""
        with self._write(checkpoint=False) as conn:
            conn.execute("DELETE FROM clean_findings WHERE site = ? AND model != ?", (site, model))
            conn.executemany(
                "INSERT OR REPLACE INTO clean_findings (site, page, model, data) VALUES (?, ?, ?, ?)",
                [
                    (site, page, model, json.dumps(data, ensure_ascii=False, separators=(",", ":")))
                    for page, data in findings.items()
                ],
            )

    # ------------------------------------------------------------------ meta
    @_guard
    def get_meta(self, key: str, default: Any = None) -> Any:
        rows = self._read("SELECT value FROM meta WHERE key = ?", [key])
        if not rows:
            return default
        try:
            return json.loads(rows[0][0])
        except ValueError:
            return default

    @_guard
    def set_meta(self, key: str, value: Any) -> None:
        with self._write() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, _dumps(value))
            )


def _page_row(page: Page) -> tuple[Any, ...]:
    # What no SQLite text or integer column can hold never reaches it: a lone surrogate becomes
    # U+FFFD, a status outside SQLite's 64-bit integers makes the page an error naming it.
    status, error = _storable_status(page.status), page.error
    if status != page.status:
        error = error or f"HTTP status {page.status} is not a status"
    html = valid_text(page.html)
    headers = {valid_text(str(k)): valid_text(str(v)) for k, v in (page.headers or {}).items()}
    return (
        valid_text(page.url),
        valid_text(page.site),
        status,
        _opt_text(page.content_type),
        _opt_text(page.encoding),
        _dumps(headers),
        _opt_text(page.fetched_at),
        _opt_text(page.source),
        _opt_text(error),
        len(html.encode("utf-8")),
        html,
    )


def _storable_status(status: Any) -> int:
    try:
        value = int(status)
    except (TypeError, ValueError, OverflowError):
        return STATUS_UNREADABLE
    return value if -(2**63) <= value < 2**63 else STATUS_UNREADABLE


def _opt_text(value: Any) -> str | None:
    return None if value is None else valid_text(str(value))


def _row_page(row: tuple[Any, ...]) -> Page:
    url, html, status, content_type, encoding, headers, fetched_at, source, error = row
    try:
        header_dict = json.loads(headers) if headers else {}
    except ValueError:
        header_dict = {}
    return Page(
        url=url,
        html=html or "",
        status=int(status),
        content_type=content_type or "",
        encoding=encoding,
        headers=header_dict if isinstance(header_dict, dict) else {},
        fetched_at=fetched_at,
        source=source,
        error=error,
    )
