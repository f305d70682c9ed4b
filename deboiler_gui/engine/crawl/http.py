"""One HTTP fetch for the crawler (urllib3): timeouts, size limits, content-type filtering,
binary sniffing and failure classification. Returns plain data so it can cross threads."""

from __future__ import annotations

import contextlib
import http.client
import socket
import threading
import time
import zlib
from dataclasses import dataclass, field
from typing import Any

import urllib3
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
from urllib3.exceptions import (
    ConnectTimeoutError,
    DecodeError,
    HTTPError,
    NameResolutionError,
    NewConnectionError,
    ProtocolError,
    ReadTimeoutError,
    SSLError,
)

#: Failure kinds worth another attempt later (the server or network may recover).
RETRYABLE = frozenset({"timeout", "connect", "broken", "http-5xx", "http-429"})
_RETRY_STATUS = {429, 500, 502, 503, 504}

# Magic numbers of common binary formats served under a text content type by mistake.
_MAGIC = (
    b"\x89PNG",
    b"GIF8",
    b"\xff\xd8\xff",
    b"%PDF",
    b"PK\x03\x04",
    b"\x1f\x8b",
    b"\x7fELF",
    b"RIFF",
)


@dataclass
class Fetched:
    """The outcome of one request: a response (any status) or a failure with its kind."""

    url: str
    status: int = 0
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""
    error: str | None = None  # human-readable reason
    kind: str = "ok"  # ok | dns | tls | timeout | connect | broken | too-large | binary | content-type | http-3xx | http-4xx | http-5xx | http-429 | redirect | internal
    elapsed: float = 0.0
    location: str | None = None
    retry_after: float | None = None
    #: The response as received: header lines in order (repeats kept) and the body before
    #: content decoding (still gzipped when the server sent it so), for a faithful WARC.
    raw_headers: list[tuple[str, str]] = field(default_factory=list)
    raw_body: bytes = b""
    #: The body was cut at ``max_bytes`` (``keep_prefix``): only its start was read.
    truncated: bool = False

    @property
    def retryable(self) -> bool:
        return self.kind in RETRYABLE

    @property
    def content_type(self) -> str:
        return self.headers.get("content-type", "").split(";", 1)[0].strip().lower()


class _Deadline:
    """A wall-clock limit on one request: when it passes, every socket the request uses is
    shut down, which ends a blocked connect, header read or body read at once (socket
    timeouts alone restart with every byte a trickling server sends)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.expired = False
        self._lock = threading.Lock()
        self._socks: list[socket.socket] = []
        self._timer = threading.Timer(seconds, self._fire)
        self._timer.daemon = True

    def __enter__(self) -> _Deadline:
        _current.deadline = self
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._timer.cancel()
        _current.deadline = None

    def register(self, sock: socket.socket | None) -> None:
        if sock is None:
            return
        with self._lock:
            self._socks.append(sock)
            if self.expired:
                _shutdown(sock)

    def _fire(self) -> None:
        with self._lock:
            self.expired = True
            for sock in self._socks:
                _shutdown(sock)


def _shutdown(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)


_current = threading.local()


def _register(conn: Any) -> None:
    deadline = getattr(_current, "deadline", None)
    if deadline is not None:
        deadline.register(getattr(conn, "sock", None))


class _Connection(HTTPConnection):
    def connect(self) -> None:
        super().connect()
        _register(self)

    def request(self, *args: Any, **kwargs: Any) -> None:  # a kept-alive connection
        _register(self)
        super().request(*args, **kwargs)


class _TLSConnection(HTTPSConnection):
    def connect(self) -> None:
        super().connect()
        _register(self)

    def request(self, *args: Any, **kwargs: Any) -> None:
        _register(self)
        super().request(*args, **kwargs)


class _Pool(HTTPConnectionPool):
    ConnectionCls = _Connection


class _TLSPool(HTTPSConnectionPool):
    ConnectionCls = _TLSConnection


def make_pool(*, per_host: int, user_agent: str) -> urllib3.PoolManager:
    """One connection pool per host, sized to the per-host limit; urllib3 never retries or
    redirects on its own (the crawler decides, so robots and scope apply to every hop). Its
    connections obey fetch's wall-clock deadline."""
    pool = urllib3.PoolManager(
        num_pools=64,
        maxsize=max(1, per_host),
        block=False,
        retries=False,
        headers={
            "User-Agent": user_agent,
            "Accept": "text/html,application/xhtml+xml,application/json;q=0.9,*/*;q=0.5",
            "Accept-Encoding": "gzip, deflate",
        },
    )
    pool.pool_classes_by_scheme = {"http": _Pool, "https": _TLSPool}
    return pool


def type_allowed(content_type: str, allowed: tuple[str, ...]) -> bool:
    if not content_type:
        return True  # undeclared: sniffed after reading
    return any(
        content_type == a or (a.startswith("+") and content_type.endswith(a)) for a in allowed
    )


def looks_binary(head: bytes) -> bool:
    if head.startswith(_MAGIC):
        return True
    sample = head[:2048]
    # UTF-16 text legitimately holds NULs; it starts with a BOM.
    return b"\x00" in sample and not sample.startswith((b"\xff\xfe", b"\xfe\xff"))


def _retry_after(value: str | None) -> float | None:
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None  # HTTP-date form: fall back to our own backoff


def _header_lines(resp: Any) -> list[tuple[str, str]]:
    """The response's header lines in the order the server sent them, repeats in place
    (urllib3's own view groups a repeated name at its first place)."""
    original = getattr(resp, "_original_response", None)
    msg = getattr(original, "msg", None)
    if msg is not None and hasattr(msg, "items"):
        return [(str(k), str(v)) for k, v in msg.items()]
    return [(k, v) for k, v in resp.headers.iteritems()]


def fetch(
    pool: urllib3.PoolManager,
    url: str,
    *,
    timeout: float,
    max_bytes: int,
    allowed_types: tuple[str, ...] | None,
    deadline: float | None = None,
    keep_prefix: bool = False,
) -> Fetched:
    """GET one URL. ``allowed_types`` None accepts any type (robots.txt, sitemaps).

    With ``keep_prefix`` a body over ``max_bytes`` is not an error: its first ``max_bytes``
    are kept and ``truncated`` is set (robots.txt: RFC 9309 parses the first 500 KiB).

    ``timeout`` bounds the connect and each wait for data; ``deadline`` (default four times
    ``timeout``) bounds the whole request by the wall clock: connect, headers and body. A
    compressed body is decompressed here, never past ``max_bytes`` (a gzip bomb stops there).
    """
    start = time.monotonic()
    limit = deadline if deadline is not None else timeout * 4
    out = Fetched(url=url)
    resp = None
    complete = False  # the whole body was read: the connection can go back to the pool
    with _Deadline(limit) as watch:
        try:
            resp = pool.request(
                "GET",
                url,
                preload_content=False,
                redirect=False,
                decode_content=False,
                timeout=urllib3.Timeout(connect=timeout, read=timeout),
            )
            out.status = resp.status
            out.raw_headers = _header_lines(resp)
            out.headers = {k.lower(): v for k, v in resp.headers.items()}
            if 300 <= resp.status < 400 and resp.headers.get("location"):
                out.kind, out.location = "redirect", resp.headers["location"]
                out.error = f"redirect {resp.status} to {out.location}"
                return out
            declared = resp.headers.get("content-length")
            if declared and declared.isdigit() and int(declared) > max_bytes and not keep_prefix:
                out.kind, out.error = (
                    "too-large",
                    f"body of {declared} bytes exceeds the limit of {max_bytes}",
                )
                return out
            if (
                allowed_types is not None
                and resp.status < 400
                and not type_allowed(out.content_type, allowed_types)
            ):
                out.kind, out.error = "content-type", f"content type {out.content_type} not crawled"
                return out
            chunks: list[bytes] = []
            size = 0
            for chunk in resp.stream(64 * 1024, decode_content=False):
                chunks.append(chunk)
                size += len(chunk)
                if size > max_bytes:
                    if keep_prefix:
                        chunks[-1] = chunk[: len(chunk) - (size - max_bytes)]
                        out.truncated = True
                        break
                    out.kind, out.error = (
                        "too-large",
                        f"body exceeds the limit of {max_bytes} bytes",
                    )
                    return out
                if watch.expired:
                    break
            if watch.expired:
                out.kind, out.error = (
                    "timeout",
                    f"no complete response within {limit:g} s (deadline)",
                )
                return out
            out.raw_body = b"".join(chunks)
            complete = not out.truncated  # the rest is unread: the connection is not reused
            try:
                out.body = _decoded(
                    out.raw_body, out.headers.get("content-encoding", ""), max_bytes
                )
            except _TooLarge:
                out.kind, out.error = (
                    "too-large",
                    f"decompressed body exceeds the limit of {max_bytes} bytes",
                )
                return out
            except (zlib.error, ValueError) as exc:
                out.kind, out.error = (
                    "broken",
                    f"undecodable {out.headers.get('content-encoding')} body ({exc})",
                )
                return out
            if allowed_types is not None and looks_binary(out.body[:4096]):
                out.kind, out.error, out.body = "binary", "binary body", b""
                return out
            if resp.status in _RETRY_STATUS:
                out.kind = "http-429" if resp.status == 429 else "http-5xx"
                out.error = f"HTTP {resp.status}"
                out.retry_after = _retry_after(resp.headers.get("retry-after"))
            elif 300 <= resp.status < 400:
                out.kind, out.error = "http-3xx", f"HTTP {resp.status} without a Location"
            elif resp.status >= 400:
                out.kind, out.error = (
                    ("http-5xx" if resp.status >= 500 else "http-4xx"),
                    f"HTTP {resp.status}",
                )
            return out
        except NameResolutionError as exc:
            out.kind, out.error = "dns", f"DNS lookup failed ({_reason(exc)})"
        except SSLError as exc:
            out.kind, out.error = "tls", f"TLS error ({_reason(exc)})"
        except (
            NewConnectionError
        ) as exc:  # before timeouts: urllib3 derives it from ConnectTimeoutError
            out.kind, out.error = "connect", f"connection failed ({_reason(exc)})"
        except (ConnectTimeoutError, ReadTimeoutError, TimeoutError) as exc:
            out.kind, out.error = "timeout", f"timed out after {timeout:g} s ({type(exc).__name__})"
        except (ProtocolError, DecodeError) as exc:
            out.kind, out.error = "broken", f"connection broken ({_reason(exc)})"
        except (HTTPError, OSError, ValueError, http.client.HTTPException) as exc:
            out.kind, out.error = (
                "connect",
                f"request failed ({type(exc).__name__}: {_reason(exc)})",
            )
        finally:
            out.elapsed = time.monotonic() - start
            if watch.expired and not complete:
                out.kind, out.error = (
                    "timeout",
                    f"no complete response within {limit:g} s (deadline)",
                )
                out.body = out.raw_body = b""
            if resp is not None:
                if complete and not watch.expired:
                    resp.release_conn()
                elif out.kind == "redirect" and not watch.expired:
                    resp.drain_conn()
                else:
                    resp.close()
    return out


class _TooLarge(Exception):
    pass


def _decoded(raw: bytes, encoding: str, max_bytes: int) -> bytes:
    """The body with its Content-Encoding (gzip, x-gzip, deflate; several in a row) undone,
    at most ``max_bytes`` of output; an unknown coding leaves the bytes as they are."""
    data = raw
    for coding in reversed([c.strip().lower() for c in encoding.split(",") if c.strip()]):
        if coding in ("gzip", "x-gzip"):
            data = _inflate(data, zlib.MAX_WBITS | 16, max_bytes)
        elif coding == "deflate":
            try:
                data = _inflate(data, zlib.MAX_WBITS, max_bytes)
            except zlib.error:  # raw deflate, as some servers send it
                data = _inflate(data, -zlib.MAX_WBITS, max_bytes)
        elif coding != "identity":
            return data
    return data


def _inflate(data: bytes, wbits: int, max_bytes: int) -> bytes:
    out = bytearray()
    while data:
        d = zlib.decompressobj(wbits)
        out += d.decompress(data, max_bytes + 1 - len(out))
        if len(out) > max_bytes or d.unconsumed_tail:
            raise _TooLarge()
        data = d.unused_data if d.eof else b""  # concatenated gzip members
    return bytes(out)


def _reason(exc: BaseException) -> str:
    text = str(exc)
    return text.rsplit(": ", 1)[-1][:200] if ": " in text else text[:200]
