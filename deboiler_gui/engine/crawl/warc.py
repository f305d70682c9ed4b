"""WARC export of workspace pages (warcio), so a crawl can be replayed offline and shared: a
crawled page as the server sent it, any other page re-encoded from its stored text."""

from __future__ import annotations

import io
import logging
import os
import re
import tempfile
import time
from collections.abc import Generator
from http import HTTPStatus
from pathlib import Path
from typing import Any

from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from deboiler_gui import __version__
from deboiler_gui.engine.model import InputError, Page, Progress, escaped_bytes

log = logging.getLogger(__name__)

# Headers that describe the original transfer, not the body we write (it is decoded text).
_DROP = {"content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive"}
_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$")


def _payload(page: Page) -> tuple[bytes, str]:
    """The body bytes and the charset they are in: the page's own encoding when the text
    round-trips (so a GBK page stays GBK, matching its meta tag), else UTF-8."""
    if page.encoding:
        try:
            return page.html.encode(page.encoding), page.encoding
        except (LookupError, UnicodeEncodeError):
            pass
    return page.html.encode("utf-8"), "utf-8"


def _warc_date(value: str | None) -> str:
    if value and _ISO.match(value):
        return value
    if value and re.match(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}", value):
        return value[:19] + "Z"
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _received(workspace: Any, page: Page) -> dict[str, Any] | None:
    """The response kept when the crawler stored this page (same fetch time), else None."""
    if page.source != "crawl" or not hasattr(workspace, "get_response"):
        return None
    raw = workspace.get_response(page.url)
    if raw is None or raw["fetched_at"] != page.fetched_at or raw["status"] != page.status:
        return None
    return raw  # type: ignore[no-any-return]


def _whole(raw: dict[str, Any]) -> bool:
    """Whether the kept body is all the response declared (a response refused for its size, or
    cut off, keeps its headers and a shorter body: replaying it would be a false record)."""
    for key, value in raw["headers"]:
        if key.lower() == "content-length":
            try:
                return int(value.strip()) == len(raw["body"])
            except ValueError:
                return True  # an unreadable length declares nothing
    return True


def received_record(writer: WARCWriter, page: Page, raw: dict[str, Any]) -> Any:
    """A WARC response record holding the response as the server sent it: its header lines
    and body bytes (still compressed when sent so); only Transfer-Encoding is left out, since
    the body is kept de-chunked."""
    body = raw["body"]
    try:
        reason = HTTPStatus(raw["status"]).phrase
    except ValueError:
        reason = "Unknown"
    headers = [(k, v) for k, v in raw["headers"] if k.lower() != "transfer-encoding"]
    if not any(k.lower() == "content-length" for k, _v in headers):
        headers.append(("Content-Length", str(len(body))))
    http = StatusAndHeaders(f"{raw['status']} {reason}", headers, protocol="HTTP/1.1")
    return writer.create_warc_record(
        page.url,
        "response",
        payload=io.BytesIO(body),
        length=len(body),
        http_headers=http,
        warc_headers_dict={"WARC-Date": _warc_date(page.fetched_at)}
        | ({} if _whole(raw) else {"WARC-Truncated": "length"}),
    )


def page_record(writer: WARCWriter, page: Page) -> Any:
    """A WARC response record for one page (HTTP status line, stored headers, body)."""
    body, charset = _payload(page)
    try:
        reason = HTTPStatus(page.status).phrase
    except ValueError:
        reason = "Unknown"
    headers = [
        (k, v)
        for k, v in page.headers.items()
        if k.lower() not in _DROP and k.lower() != "content-type"
    ]
    ctype = page.content_type or "text/html"
    headers.insert(0, ("Content-Type", f"{ctype}; charset={charset}"))
    headers.append(("Content-Length", str(len(body))))
    http = StatusAndHeaders(f"{page.status} {reason}", headers, protocol="HTTP/1.1")
    return writer.create_warc_record(
        page.url,
        "response",
        payload=io.BytesIO(body),
        length=len(body),
        http_headers=http,
        warc_headers_dict={"WARC-Date": _warc_date(page.fetched_at)},
    )


def export_warc_steps(
    workspace: Any, path: str | os.PathLike[str], *, site: str | None = None
) -> Generator[Progress, None, dict[str, int]]:
    """Write the workspace's pages (of one site, or all) as WARC response records to ``path``
    (gzipped per record when it ends in .gz). Written to a temporary file and renamed, so a
    cancelled export leaves no half file. Returns counts of written and skipped pages (pages
    that never got an HTTP response have nothing to replay)."""
    from deboiler_gui.engine.output import _current_umask, check_output_path, make_folder

    target = Path(path)
    make_folder(target.parent, f"WARC file {target}")
    total = workspace.page_count(site)

    check_output_path(target)
    fd, tmp = tempfile.mkstemp(prefix=target.name + ".", suffix=".part", dir=str(target.parent))
    os.fchmod(fd, 0o666 & ~_current_umask())  # the user's mode for new files, not mkstemp's 0600
    written = skipped = 0
    ok = False
    try:
        with os.fdopen(fd, "wb") as fh:
            writer = WARCWriter(fh, gzip=target.name.endswith(".gz"))
            info = {
                "software": f"deboiler-gui/{__version__}",
                "format": "WARC File Format 1.1",
                "description": escaped_bytes(
                    f"pages of {site or 'every site'} exported from {getattr(workspace, 'path', 'a workspace')}"
                ),
            }
            writer.write_record(writer.create_warcinfo_record(escaped_bytes(target.name), info))
            yield Progress(0, total, "exporting")
            for n, page in enumerate(workspace.iter_pages(site), 1):
                raw = _received(workspace, page) if page.status >= 100 else None
                # A crawled page with an error and no response kept never arrived whole (cut
                # off by the deadline, a broken connection): there is nothing true to replay.
                # A response refused for its size keeps its headers and no or part of a body:
                # nothing true to replay either. A page kept from a body cut at the size limit
                # (an ok page) is written, marked WARC-Truncated.
                cut_off = (raw is None and page.source == "crawl" and page.error is not None) or (
                    raw is not None and not _whole(raw) and page.error is not None
                )
                if page.status < 100 or cut_off:
                    skipped += 1
                else:
                    record = (
                        received_record(writer, page, raw)
                        if raw is not None
                        else page_record(writer, page)
                    )
                    writer.write_record(record)
                    written += 1
                if n % 50 == 0 or n == total:
                    yield Progress(n, total, page.url)
        os.replace(tmp, target)
        ok = True
    except OSError as exc:
        raise InputError(f"WARC file {target}: {exc}") from exc
    finally:
        if not ok and os.path.exists(tmp):
            os.unlink(tmp)
    log.info("exported %d pages to %s (%d without a response skipped)", written, target, skipped)
    return {"written": written, "skipped": skipped}
