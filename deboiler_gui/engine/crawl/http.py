"""One HTTP fetch for the crawler (urllib3): timeouts, size limits, content-type filtering,
binary sniffing and failure classification. Returns plain data so it can cross threads."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import urllib3
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
_MAGIC = (b"\x89PNG", b"GIF8", b"\xff\xd8\xff", b"%PDF", b"PK\x03\x04", b"\x1f\x8b", b"\x7fELF", b"RIFF")


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

    @property
    def retryable(self) -> bool:
        return self.kind in RETRYABLE

    @property
    def content_type(self) -> str:
        return self.headers.get("content-type", "").split(";", 1)[0].strip().lower()


def make_pool(*, per_host: int, user_agent: str) -> urllib3.PoolManager:
    """One connection pool per host, sized to the per-host limit; urllib3 never retries or
    redirects on its own (the crawler decides, so robots and scope apply to every hop)."""
    return urllib3.PoolManager(
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


def type_allowed(content_type: str, allowed: tuple[str, ...]) -> bool:
    if not content_type:
        return True  # undeclared: sniffed after reading
    return any(content_type == a or (a.startswith("+") and content_type.endswith(a)) for a in allowed)


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


def fetch(
    pool: urllib3.PoolManager,
    url: str,
    *,
    timeout: float,
    max_bytes: int,
    allowed_types: tuple[str, ...] | None,
) -> Fetched:
    """GET one URL. ``allowed_types`` None accepts any type (robots.txt, sitemaps)."""
    start = time.monotonic()
    out = Fetched(url=url)
    resp = None
    complete = False  # the whole body was read: the connection can go back to the pool
    try:
        resp = pool.request(
            "GET", url, preload_content=False, redirect=False,
            timeout=urllib3.Timeout(connect=timeout, read=timeout),
        )
        out.status = resp.status
        out.headers = {k.lower(): v for k, v in resp.headers.items()}
        if 300 <= resp.status < 400 and resp.headers.get("location"):
            out.kind, out.location = "redirect", resp.headers["location"]
            out.error = f"redirect {resp.status} to {out.location}"
            return out
        declared = resp.headers.get("content-length")
        if declared and declared.isdigit() and int(declared) > max_bytes:
            out.kind, out.error = "too-large", f"body of {declared} bytes exceeds the limit of {max_bytes}"
            return out
        if allowed_types is not None and resp.status < 400 and not type_allowed(out.content_type, allowed_types):
            out.kind, out.error = "content-type", f"content type {out.content_type} not crawled"
            return out
        chunks: list[bytes] = []
        size = 0
        deadline = start + timeout * 4  # a trickling server cannot hold a worker forever
        for chunk in resp.stream(64 * 1024, decode_content=True):
            chunks.append(chunk)
            size += len(chunk)
            if size > max_bytes:
                out.kind, out.error = "too-large", f"body exceeds the limit of {max_bytes} bytes"
                return out
            if time.monotonic() > deadline:
                out.kind, out.error = "timeout", f"body not received within {timeout * 4:g} s"
                return out
        out.body = b"".join(chunks)
        complete = True
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
            out.kind, out.error = ("http-5xx" if resp.status >= 500 else "http-4xx"), f"HTTP {resp.status}"
        return out
    except NameResolutionError as exc:
        out.kind, out.error = "dns", f"DNS lookup failed ({_reason(exc)})"
    except SSLError as exc:
        out.kind, out.error = "tls", f"TLS error ({_reason(exc)})"
    except NewConnectionError as exc:  # before timeouts: urllib3 derives it from ConnectTimeoutError
        out.kind, out.error = "connect", f"connection failed ({_reason(exc)})"
    except (ConnectTimeoutError, ReadTimeoutError, TimeoutError) as exc:
        out.kind, out.error = "timeout", f"timed out after {timeout:g} s ({type(exc).__name__})"
    except (ProtocolError, DecodeError) as exc:
        out.kind, out.error = "broken", f"connection broken ({_reason(exc)})"
    except (HTTPError, OSError, ValueError) as exc:
        out.kind, out.error = "connect", f"request failed ({type(exc).__name__}: {_reason(exc)})"
    finally:
        out.elapsed = time.monotonic() - start
        if resp is not None:
            if complete:
                resp.release_conn()
            elif out.kind == "redirect":
                resp.drain_conn()
            else:
                resp.close()
    return out


def _reason(exc: BaseException) -> str:
    text = str(exc)
    return text.rsplit(": ", 1)[-1][:200] if ": " in text else text[:200]
