"""The crawl's persistent state inside the workspace file: frontier (every URL ever discovered,
its state and content hash), per-request log and per-host robots.txt, so a crawl resumes."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlite_utils

from deboiler_gui.engine.crawl.rules import url_key

#: Frontier states. queued/fetching are open; every other state is final.
OPEN_STATES = ("queued", "fetching")
FINAL_STATES = ("fetched", "failed", "duplicate", "redirected", "blocked", "skipped")

_SCHEMA = [
    """CREATE TABLE IF NOT EXISTS crawl_frontier (
        url TEXT PRIMARY KEY,
        kind TEXT NOT NULL DEFAULT 'page',      -- page | sitemap
        state TEXT NOT NULL DEFAULT 'queued',
        depth INTEGER NOT NULL DEFAULT 0,
        via TEXT,                               -- referring URL, 'seed', 'sitemap' or 'factory:<name>'
        attempts INTEGER NOT NULL DEFAULT 0,
        not_before REAL NOT NULL DEFAULT 0,     -- retry backoff (epoch seconds)
        status INTEGER,
        reason TEXT,
        content_hash TEXT,
        updated_at TEXT
    )""",
    "CREATE INDEX IF NOT EXISTS crawl_frontier_state ON crawl_frontier(state)",
    "CREATE INDEX IF NOT EXISTS crawl_frontier_hash ON crawl_frontier(content_hash)",
    """CREATE TABLE IF NOT EXISTS crawl_log (
        id INTEGER PRIMARY KEY,
        url TEXT NOT NULL,
        kind TEXT NOT NULL,                     -- page | sitemap | robots
        attempt INTEGER NOT NULL,
        status INTEGER,
        outcome TEXT NOT NULL,                  -- ok or the failure kind
        reason TEXT,
        bytes INTEGER NOT NULL DEFAULT 0,
        elapsed REAL NOT NULL DEFAULT 0,
        at TEXT NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS crawl_log_url ON crawl_log(url)",
    """CREATE TABLE IF NOT EXISTS crawl_hosts (
        host TEXT PRIMARY KEY,                  -- scheme://host[:port]
        robots TEXT,                            -- robots.txt text; NULL when not fetched
        robots_status INTEGER,
        sitemaps_queued INTEGER NOT NULL DEFAULT 0,
        updated_at TEXT
    )""",
]


def now_iso() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def ensure_schema(db: sqlite_utils.Database) -> None:
    """Create the crawl tables if missing (idempotent; the caller owns the transaction)."""
    for statement in _SCHEMA:
        db.execute(statement)
    columns = {row[1] for row in db.execute("PRAGMA table_info(crawl_frontier)")}
    if "key" not in columns:
        # The duplicate key (crawl_rules.url_key), added to frontiers of older workspaces.
        db.execute("ALTER TABLE crawl_frontier ADD COLUMN key TEXT")
    db.execute("CREATE INDEX IF NOT EXISTS crawl_frontier_key ON crawl_frontier(key)")
    missing = [r[0] for r in db.execute("SELECT url FROM crawl_frontier WHERE key IS NULL")]
    if missing:
        db.conn.executemany(
            "UPDATE crawl_frontier SET key = ? WHERE url = ?", [(url_key(u), u) for u in missing]
        )


@dataclass(frozen=True)
class Entry:
    """One frontier row as plain data."""

    url: str
    kind: str
    depth: int
    via: str | None
    attempts: int
    not_before: float


class CrawlState:
    """Reads and writes the crawl tables of one workspace file through its own connection (so
    crawl writes never interleave with the workspace connection another thread may be using);
    used only from the thread that created it."""

    def __init__(self, path: str | Path, *, busy_timeout: float = 60.0) -> None:
        conn = sqlite3.connect(str(path), timeout=busy_timeout, isolation_level=None)
        conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
        conn.execute("PRAGMA synchronous = NORMAL")
        self.conn = conn
        self.db = sqlite_utils.Database(conn)
        self._depth = 0
        with self.tx():
            ensure_schema(self.db)

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def tx(self) -> Iterator[None]:
        """One IMMEDIATE transaction (re-entrant): the write lock is taken up front, so a
        concurrent writer (the app, another command) queues instead of failing on upgrade."""
        if self._depth:
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
            return
        self.conn.execute("BEGIN IMMEDIATE")
        self._depth = 1
        try:
            yield
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        else:
            self.conn.execute("COMMIT")
        finally:
            self._depth = 0

    def clear(self) -> None:
        with self.tx():
            for table in ("crawl_frontier", "crawl_log", "crawl_hosts"):
                self.db.execute(f"DELETE FROM {table}")

    def recover(self) -> int:
        """URLs left 'fetching' by a killed process go back to the queue."""
        with self.tx():
            cur = self.db.execute("UPDATE crawl_frontier SET state='queued' WHERE state='fetching'")
        return cur.rowcount

    def add(self, rows: Sequence[tuple[str, str, int, str | None]]) -> list[Entry]:
        """Insert (url, kind, depth, via) rows not seen before; return the new entries."""
        if not rows:
            return []
        # Keyed by url_key: two spellings of one URL (%7E and ~, an IDN host and its
        # punycode) are one frontier entry, fetched once.
        unique: dict[str, tuple[str, str, int, str | None]] = {}
        for row in rows:
            unique.setdefault(url_key(row[0]), row)
        known: set[str] = set()
        keys = list(unique)
        for i in range(0, len(keys), 500):
            chunk = keys[i : i + 500]
            marks = ",".join("?" * len(chunk))
            known.update(
                r[0]
                for r in self.db.execute(
                    f"SELECT key FROM crawl_frontier WHERE key IN ({marks})", chunk
                )
            )
        fresh = [(key, row) for key, row in unique.items() if key not in known]
        stamp = now_iso()
        self.db.conn.executemany(
            "INSERT OR IGNORE INTO crawl_frontier (url, kind, depth, via, updated_at, key) VALUES (?, ?, ?, ?, ?, ?)",
            [(*row, stamp, key) for key, row in fresh],
        )
        fresh_rows = [row for _key, row in fresh]
        return [Entry(url, kind, depth, via, 0, 0.0) for url, kind, depth, via in fresh_rows]

    def promote(self, url: str, depth: int, via: str) -> tuple[Entry, str] | None:
        """Make a page already in the frontier a page of a series (``via`` ``factory:…#n``) at
        ``depth``, when that is shallower than it was reached at, or it was reached as a plain
        link at that depth; returns its entry as it is now and its state (queued, fetched…),
        or None when nothing changed."""
        key = url_key(url)
        row = self.db.execute(
            "SELECT url, kind, depth, via, attempts, not_before, state FROM crawl_frontier "
            "WHERE key = ?",
            [key],
        ).fetchone()
        if row is None or row[1] != "page":
            return None
        old_depth, old_via = int(row[2]), str(row[3] or "")
        if old_via == "seed" or not (
            depth < old_depth or (depth == old_depth and not old_via.startswith("factory:"))
        ):
            return None  # a start URL stays one; a page of a series stays at its place
        self.db.execute(
            "UPDATE crawl_frontier SET depth = ?, via = ? WHERE key = ?", [depth, via, key]
        )
        entry = Entry(str(row[0]), "page", depth, via, int(row[4] or 0), float(row[5] or 0.0))
        return entry, str(row[6])

    def open_entries(self) -> list[Entry]:
        rows = self.db.execute(
            "SELECT url, kind, depth, via, attempts, not_before FROM crawl_frontier "
            "WHERE state IN ('queued', 'fetching') ORDER BY rowid"
        ).fetchall()
        return [Entry(*row) for row in rows]

    def fetched_entries(self) -> list[Entry]:
        """The pages fetched (and stored) by earlier runs of the crawl."""
        rows = self.db.execute(
            "SELECT url, kind, depth, via, attempts, not_before FROM crawl_frontier "
            "WHERE state = 'fetched' AND kind = 'page' ORDER BY rowid"
        ).fetchall()
        return [Entry(*row) for row in rows]

    def mark(self, url: str, state: str, **values: Any) -> None:
        values["state"] = state
        values["updated_at"] = now_iso()
        cols = ", ".join(f"{k} = ?" for k in values)
        self.db.execute(f"UPDATE crawl_frontier SET {cols} WHERE url = ?", [*values.values(), url])

    def set_attempts(self, url: str, attempts: int) -> None:
        self.db.execute("UPDATE crawl_frontier SET attempts = ? WHERE url = ?", [attempts, url])

    def log(
        self,
        url: str,
        kind: str,
        attempt: int,
        status: int | None,
        outcome: str,
        reason: str | None,
        size: int,
        elapsed: float,
    ) -> None:
        self.db.execute(
            "INSERT INTO crawl_log (url, kind, attempt, status, outcome, reason, bytes, elapsed, at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [url, kind, attempt, status, outcome, reason, size, round(elapsed, 4), now_iso()],
        )

    def requested(self) -> int:
        """Page URLs requested at least once (the max-pages budget spent so far)."""
        row = self.db.execute(
            "SELECT count(*) FROM crawl_frontier WHERE kind='page' AND attempts > 0"
        ).fetchone()
        return int(row[0])

    def url_with_hash(self, digest: str) -> str | None:
        row = self.db.execute(
            "SELECT url FROM crawl_frontier WHERE content_hash = ? AND state = 'fetched' LIMIT 1",
            [digest],
        ).fetchone()
        return row[0] if row else None

    def host(self, host: str) -> dict[str, Any] | None:
        row = self.db.execute(
            "SELECT robots, robots_status, sitemaps_queued FROM crawl_hosts WHERE host = ?", [host]
        ).fetchone()
        return (
            None
            if row is None
            else {"robots": row[0], "robots_status": row[1], "sitemaps_queued": bool(row[2])}
        )

    def save_host(
        self, host: str, *, robots: str | None, robots_status: int | None, sitemaps_queued: bool
    ) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO crawl_hosts (host, robots, robots_status, sitemaps_queued, updated_at) "
            "VALUES (?, ?, ?, ?, ?)",
            [host, robots, robots_status, int(sitemaps_queued), now_iso()],
        )

    def counts(self) -> dict[str, int]:
        """Frontier URLs per state (page URLs only)."""
        out = dict.fromkeys((*OPEN_STATES, *FINAL_STATES), 0)
        for state, n in self.db.execute(
            "SELECT state, count(*) FROM crawl_frontier WHERE kind='page' GROUP BY state"
        ):
            out[state] = n
        return out

    def open_urls(self) -> list[str]:
        """Page URLs still queued or being fetched, in URL order."""
        sql = "SELECT url FROM crawl_frontier WHERE state IN ('queued', 'fetching') AND kind='page' ORDER BY url"
        return [u for (u,) in self.db.execute(sql)]

    def failures(self, limit: int | None = None) -> list[dict[str, Any]]:
        """Failed page URLs with their last status and reason."""
        sql = "SELECT url, status, reason FROM crawl_frontier WHERE state='failed' AND kind='page' ORDER BY url"
        rows: Iterable[Any] = self.db.execute(sql + (f" LIMIT {int(limit)}" if limit else ""))
        return [{"url": u, "status": s, "reason": r} for u, s, r in rows]
