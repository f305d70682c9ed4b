"""Reading sites from disk as Pages: folders of HTML files, deboiler-style JSON lines, WARC
files and workspaces, plus the bundled demo site."""

from __future__ import annotations

import contextlib
import gzip
import io
import json
import logging
import os
import re
import stat
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, BinaryIO
from urllib.parse import quote

import lxml.html.defs

from deboiler_gui import assets
from deboiler_gui.engine.encoding import (
    charset_from_content_type,
    decode_html,
    looks_binary,
    looks_binary_text,
    normalize_encoding,
    sniff_bom,
    sniff_meta_charset,
)
from deboiler_gui.engine.model import STATUS_UNREADABLE, InputError, Page, http_status, valid_text

# Decoding lives in encoding.py; these names stay importable from here, where readers look.
__all__ = [
    "DEMO_BASE_URL",
    "InputSet",
    "charset_from_content_type",
    "decode_html",
    "default_base_url",
    "demo_site_path",
    "input_kind",
    "is_html_content_type",
    "iter_demo_pages",
    "iter_inputs",
    "iter_jsonl",
    "iter_warc",
    "looks_binary",
    "normalize_encoding",
    "page_from_bytes",
    "read_html_file",
    "skip_reason",
    "sniff_bom",
    "sniff_content_type",
    "sniff_meta_charset",
]

log = logging.getLogger(__name__)

#: File name endings read as a folder's pages.
HTML_SUFFIXES = (".html", ".htm", ".xhtml", ".shtml")
JSONL_SUFFIXES = (".jsonl", ".ndjson", ".json", ".jsonl.gz", ".ndjson.gz", ".json.gz")
WARC_SUFFIXES = (".warc", ".warc.gz", ".arc", ".arc.gz")
WORKSPACE_SUFFIXES = (".sqlite", ".sqlite3", ".db")

#: Pages larger than this are recorded as errors instead of being loaded.
MAX_PAGE_BYTES = 100 * 1024 * 1024
#: A JSON-lines record (one line) longer than this is that record's error, and is skipped
#: without being held in memory (a .jsonl.gz line can inflate to gigabytes).
MAX_RECORD_BYTES = 128 * 1024 * 1024

HTML_CONTENT_TYPES = ("text/html", "application/xhtml+xml", "application/xml", "text/xml")

# --------------------------------------------------------------------------- kinds of input


def input_kind(path: str | os.PathLike[str]) -> str:
    """'folder', 'jsonl', 'warc', 'workspace' or 'html' for an input path (by name)."""
    p = Path(path)
    if p.is_dir():
        return "folder"
    name = p.name.lower()
    if name.endswith(WARC_SUFFIXES):
        return "warc"
    if name.endswith(JSONL_SUFFIXES):
        return "jsonl"
    if name.endswith(WORKSPACE_SUFFIXES):
        return "workspace"
    if name.endswith(HTML_SUFFIXES):
        return "html"
    raise InputError(
        f"{path}: unknown kind of input (expected a folder, .html, .jsonl, .warc[.gz] or a "
        f"workspace .sqlite/.db)"
    )


def default_base_url(folder: str | os.PathLike[str]) -> str:
    """A stable made-up site for a folder of files: http://<folder-name>.local/."""
    name = Path(folder).resolve().name.lower()
    host = re.sub(r"[^a-z0-9-]+", "-", name).strip("-") or "site"
    return f"http://{host}.local/"


def url_for_file(base_url: str, relative: str) -> str:
    if not base_url.endswith("/"):
        base_url += "/"
    # A name that is not valid UTF-8 (its bytes kept as surrogates by os.walk) is quoted
    # byte by byte: caf\xe9.html -> caf%E9.html.
    return base_url + quote(os.fsencode(relative.replace(os.sep, "/")), safe="/-_.~")


def is_html_content_type(content_type: str | None) -> bool:
    """True for HTML (and XHTML) content types; an absent type counts as HTML."""
    if not content_type:
        return True
    main = content_type.split(";", 1)[0].strip().lower()
    return main in HTML_CONTENT_TYPES or main == ""


#: a tag, a comment, a declaration or a processing instruction: what markup holds
_MARKUP = re.compile(r"<[A-Za-z!?/]")
#: the root element of an XML document, after its prolog, comments and doctype
_XML_ROOT = re.compile(r"<([A-Za-z_][\w.:-]*)")
#: XML documents that are not pages, by their root element's local name
_XML_TYPES = {
    "rss": "application/rss+xml",
    "rdf": "application/rss+xml",
    "feed": "application/atom+xml",
    "svg": "image/svg+xml",
}
#: what each sniffed type is, in words
SNIFFED_KINDS = {
    "application/json": "JSON",
    "application/pdf": "a PDF document",
    "text/plain": "plain text (no markup)",
    "application/rss+xml": "an RSS feed",
    "application/atom+xml": "an Atom feed",
    "image/svg+xml": "an SVG image",
    "application/xml": "an XML document that is not a page",
}


#: XML content types a server may also send a page (XHTML) as
_XML_CONTENT_TYPES = ("application/xml", "text/xml")


def xml_root(text: str) -> str | None:
    """The name of an XML document's root element (after its prolog, comments and doctype),
    or None when the text does not open with markup."""
    rest = text[:8192].lstrip("\ufeff \t\r\n\f")
    if not rest.startswith("<"):
        return None
    rest = re.sub(r"<\?.*?\?>|<!--.*?-->|<!DOCTYPE[^>]*>", "", rest, flags=re.S | re.I)
    m = _XML_ROOT.match(rest.lstrip())
    return m.group(1) if m is not None else None


def is_page_root(root: str) -> bool:
    """True when an XML document of this root may be a page: XHTML, or an HTML element (a
    fragment)."""
    name = root.rsplit(":", 1)[-1].lower()
    return name in lxml.html.defs.tags and name not in ("svg", "math")


#: text without markup is plain text from this many characters (a few letters tell nothing)
PLAIN_TEXT_MIN = 20


def sniff_content_type(text: str) -> str | None:
    """The content type of a page's text that is plainly not HTML, for a record that names
    none: JSON (an object or a list that parses), a PDF document's bytes (``%PDF-``), a feed
    or an SVG image (an XML document of that root), or text without any markup (no tag,
    comment or declaration anywhere; ``PLAIN_TEXT_MIN`` characters at least); None for
    anything that may be HTML."""
    head = text[:64].lstrip("\ufeff \t\r\n\f")
    if head.startswith("%PDF-"):
        return "application/pdf"
    if head[:1] in ("{", "["):
        try:
            json.loads(text)
        except (ValueError, RecursionError):
            pass
        else:
            return "application/json"
    if head.startswith("<?xml"):
        root = xml_root(text)
        if root is None:
            return None
        kind = _XML_TYPES.get(root.rsplit(":", 1)[-1].lower())
        if kind is not None:
            return kind
        # an XML document of another root (a sitemap, a blog's service description or
        # manifest): no page, unless it is XHTML or a page's own elements
        return None if is_page_root(root) else "application/xml"
    if _MARKUP.search(text) is None and len("".join(text[:4096].split())) >= PLAIN_TEXT_MIN:
        return "text/plain"
    return None


def skip_reason(page: Page) -> str | None:
    """Why a readable page is not cleaned (HTTP status, not HTML), or None when it is."""
    if page.error:
        return None
    if not 200 <= page.status < 300:
        return f"HTTP status {page.status}"
    main = page.content_type.split(";", 1)[0].strip().lower()
    if not is_html_content_type(page.content_type):
        return f"not HTML ({main})"
    if main in _XML_CONTENT_TYPES:
        # an XML type is also sent for XHTML: a document of another root is no page
        root = xml_root(page.html)
        if root is not None and not is_page_root(root):
            return f"not HTML (an XML document, root <{root}>)"
    return None


# --------------------------------------------------------------------------- readers


@dataclass
class InputSet:
    """Several inputs read as one stream of pages, tracking bytes read for progress."""

    paths: list[Path]
    base_url: str | None = None
    total_bytes: int = 0
    bytes_done: int = 0
    #: Pages by outcome (ok, skipped, error), each URL counted once: the pages stored.
    counts: dict[str, int] = field(default_factory=dict)
    max_record_bytes: int = MAX_RECORD_BYTES
    #: Records whose URL an earlier record already had (the later one is the page kept).
    replaced: int = 0
    warnings: list[str] = field(default_factory=list)
    _seen: dict[str, tuple[str, str]] = field(default_factory=dict, repr=False)

    @classmethod
    def open(
        cls,
        paths: Iterable[str | os.PathLike[str]],
        *,
        base_url: str | None = None,
        max_record_bytes: int | None = None,
    ) -> InputSet:
        """Check every input exists, is of a known kind and holds something readable; raises
        InputError naming the first missing input, or every input that is empty or not of its
        kind at all (one line each: what it is, what was expected)."""
        resolved: list[Path] = []
        total = 0
        problems: list[str] = []
        for raw in paths:
            p = Path(raw)
            if not p.exists():
                raise InputError(f"{raw}: no such file or folder")
            kind = input_kind(p)
            if kind == "folder":
                files = _html_files(p)
                total += sum(_size(f) for f in files)  # a broken link is that page's error later
                if not files:
                    # a folder of saved records (JSON lines, JSON, WARC files): each file is
                    # an input of its own kind
                    data = _data_files(p)
                    if data:
                        for f in data:
                            total += _size(f)
                            problem = unreadable_input(f, input_kind(f))
                            if problem:
                                problems.append(f"{f}: {problem}")
                        resolved.extend(data)
                        continue
                    problems.append(
                        f"{raw}: empty folder: no {', '.join(HTML_SUFFIXES)} files in it or its "
                        f"subfolders (hidden ones are not read), nor JSON lines, JSON or WARC "
                        f"files"
                    )
            else:
                total += _size(p)
                problem = unreadable_input(p, kind)
                if problem:
                    problems.append(f"{raw}: {problem}")
            resolved.append(p)
        if problems:
            raise InputError("\n".join(problems))
        if not resolved:
            raise InputError("no input given")
        limit = MAX_RECORD_BYTES if max_record_bytes is None else max_record_bytes
        return cls(resolved, base_url, total_bytes=total, max_record_bytes=limit)

    def __iter__(self) -> Iterator[Page]:
        for p in self.paths:
            kind = input_kind(p)
            reader = {
                "folder": self._folder,
                "html": self._single,
                "jsonl": self._jsonl,
                "warc": self._warc,
                "workspace": self._workspace,
            }[kind]
            for page in reader(p):
                outcome = page_outcome(page)
                where = page.source or page.url
                earlier = self._seen.get(page.url)
                if earlier is not None:
                    # Pages are stored once per URL: the later record replaces the earlier.
                    self.counts[earlier[1]] -= 1
                    self.replaced += 1
                    note = (
                        f"{where}: {page.url} was already read from {earlier[0]}; this later "
                        f"record replaces it"
                    )
                    self.warnings.append(note)
                    log.warning("%s", note)
                self._seen[page.url] = (where, outcome)
                self.counts[outcome] = self.counts.get(outcome, 0) + 1
                yield page

    # -- folders and files
    def _folder(self, folder: Path) -> Iterator[Page]:
        base = self.base_url or default_base_url(folder)
        for f in _html_files(folder):
            rel = f.relative_to(folder).as_posix()
            yield read_html_file(f, url_for_file(base, rel))
            self.bytes_done += _size(f)

    def _single(self, f: Path) -> Iterator[Page]:
        base = self.base_url or default_base_url(f.parent)
        yield read_html_file(f, url_for_file(base, f.name))
        self.bytes_done += _size(f)

    # -- JSON lines
    def _jsonl(self, path: Path) -> Iterator[Page]:
        raw = path.open("rb")
        try:
            gz = path.name.lower().endswith(".gz")
            stream: BinaryIO = gzip.GzipFile(fileobj=raw) if gz else raw  # type: ignore[assignment]
            stream = _as_utf8_lines(stream)
            start = self.bytes_done
            yield from iter_jsonl(
                stream,
                str(path),
                progress=lambda: setattr(self, "bytes_done", start + raw.tell()),
                max_record_bytes=self.max_record_bytes,
            )
            self.bytes_done = start + _size(path)
        finally:
            raw.close()

    # -- WARC
    def _warc(self, path: Path) -> Iterator[Page]:
        raw = path.open("rb")
        try:
            start = self.bytes_done
            yield from iter_warc(
                raw, str(path), progress=lambda: setattr(self, "bytes_done", start + raw.tell())
            )
            self.bytes_done = start + _size(path)
        finally:
            raw.close()

    # -- a workspace used as input
    def _workspace(self, path: Path) -> Iterator[Page]:
        from deboiler_gui.engine.store import Workspace

        with Workspace(path, create=False) as ws:
            total = max(1, ws.page_count())
            size = _size(path)
            start = self.bytes_done
            for i, page in enumerate(ws.iter_pages(), 1):
                self.bytes_done = start + size * i // total
                yield page
        self.bytes_done = start + size


#: How much of an input file is looked at to tell whether it is of its kind at all.
_SNIFF_BYTES = 8192


def unreadable_input(path: Path, kind: str) -> str | None:
    """Why a JSON-lines or WARC file holds no pages at all (empty, binary data, not a WARC),
    else None. Only its start is read (decompressed when gzipped)."""
    if kind not in ("jsonl", "warc") or not path.is_file():
        return None
    gz = path.name.lower().endswith(".gz")
    try:
        with path.open("rb") as raw:
            magic = raw.read(2)
            raw.seek(0)
            if magic != b"\x1f\x8b" and gz and kind == "jsonl":
                return f"not gzip data ({_describe(raw.read(16))}); expected gzipped JSON lines"
            inflate = zlib.decompressobj(31) if magic == b"\x1f\x8b" else None
            head = b""
            # Up to 8 KB of text; a start of blank lines may still be followed by records.
            while len(head) < _SNIFF_BYTES and (not head.strip() or kind != "jsonl"):
                block = raw.read(1 << 16)
                if not block:
                    break
                stop = False
                if inflate is not None:
                    # Whatever inflates before a cut or damage (that place is a page's
                    # error when the file is read); a first gzip member ends the look.
                    out = b""
                    for at in range(0, len(block), 4096):
                        try:
                            out += inflate.decompress(block[at : at + 4096], _SNIFF_BYTES)
                        except zlib.error:
                            if not (head + out).strip():
                                raise
                            stop = True
                        if stop or inflate.eof or len(out) >= _SNIFF_BYTES:
                            stop = True
                            break
                    block = out
                head = (head if head.strip() else b"") + block
                if stop:
                    break
                if kind == "warc" and head:
                    break
    except (OSError, zlib.error) as exc:
        what = "damaged gzip data" if isinstance(exc, zlib.error) else type(exc).__name__
        return f"unreadable ({what}: {exc}); expected {_expected(kind)}"
    if not head.strip():
        what = "an empty file" if _size(path) == 0 else "only blank lines"
        return f"{what}: no pages in it; expected {_expected(kind)}"
    if kind == "warc":
        if head.lstrip(b"\r\n").startswith((b"WARC/", b"filedesc://")):
            return None
        reason = looks_binary(head)
        what = reason.replace("binary content", "binary data") if reason else _describe(head)
        return f"not a WARC file ({what}); expected {_expected(kind)}"
    reason = looks_binary(head.removeprefix(b"\xef\xbb\xbf"))
    if reason and any(
        line.lstrip(b" \t\r\xef\xbb\xbf").startswith(b'{"') for line in head.split(b"\n")
    ):
        # A JSON object starts one of its lines: JSON lines with a junk line among them (each
        # line is judged on its own when read), not a binary file.
        reason = None
    if reason:
        what = reason.replace("binary content", "binary data")
        return f"not JSON lines ({what}); expected {_expected(kind)}"
    return None


def _expected(kind: str) -> str:
    if kind == "warc":
        return "WARC records (a file starting with 'WARC/1.0' or 'WARC/1.1'), gzipped or not"
    return 'one JSON object per line with "url" and "html"'


def _describe(data: bytes) -> str:
    text = data[:24].decode("utf-8", errors="replace")
    return f"it starts with {text!r}"


class _Utf8Lines:
    """Lines of a UTF-16 or UTF-32 JSON-lines file (it has a byte-order mark) as UTF-8 bytes,
    for the reader that splits bytes on newlines (a UTF-16 newline is two bytes)."""

    def __init__(self, stream: BinaryIO, encoding: str) -> None:
        self._text = io.TextIOWrapper(stream, encoding=encoding, errors="replace", newline="")

    def readline(self, limit: int = -1) -> bytes:
        # A limit in characters holds at most 4 bytes each in UTF-8: still bounded.
        return self._text.readline(limit).encode("utf-8", "surrogatepass")


def _as_utf8_lines(stream: BinaryIO) -> BinaryIO:
    """``stream`` itself, or a UTF-8 view of it when it starts with a UTF-16/32 byte-order
    mark (otherwise every line of such a file would be invalid JSON)."""
    try:
        head = stream.read(64)
        stream.seek(0)
    except (OSError, EOFError, ValueError, zlib.error):
        return stream
    bom = sniff_bom(head)
    if bom is None or bom == "utf-8":
        return stream
    codec = "utf-32" if bom.startswith("utf-32") else "utf-16"
    if codec == "utf-32":
        try:  # FF FE 00 00 is also UTF-16's mark followed by a NUL character
            head[: len(head) // 4 * 4].decode("utf-32")
        except UnicodeDecodeError:
            codec = "utf-16"
    return _Utf8Lines(stream, codec)  # type: ignore[return-value]


def page_outcome(page: Page) -> str:
    if page.error:
        return "error"
    return "skipped" if skip_reason(page) else "ok"


def _size(p: Path) -> int:
    try:
        return p.stat().st_size
    except OSError:
        return 0


def _files_ending(folder: Path, suffixes: tuple[str, ...]) -> list[Path]:
    found = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in filenames:
            if name.lower().endswith(suffixes) and not name.startswith("."):
                found.append(Path(dirpath) / name)
    return sorted(found)


def _html_files(folder: Path) -> list[Path]:
    return _files_ending(folder, HTML_SUFFIXES)


def _data_files(folder: Path) -> list[Path]:
    """A folder's JSON lines, JSON and WARC files (read when it holds no HTML files)."""
    return _files_ending(folder, JSONL_SUFFIXES + WARC_SUFFIXES)


def read_html_file(path: Path, url: str) -> Page:
    """One file as a page; unreadable, empty, binary or oversized files become error pages."""
    source = str(path)
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            # A pipe would block the run and a device (a link to /dev/zero) never ends.
            return _error_page(url, source, "not a regular file (a pipe, device or socket)")
        size = info.st_size
        if size > MAX_PAGE_BYTES:
            return _error_page(
                url, source, f"{size} bytes, over the {MAX_PAGE_BYTES}-byte page limit"
            )
        data = path.read_bytes()
    except OSError as exc:
        return _error_page(url, source, f"cannot read: {exc.strerror or exc}")
    page = page_from_bytes(url, data, source=source)
    if page.error is not None and not page.error.startswith("cannot decode"):
        log.warning("%s: %s", source, page.error)  # a decoding failure has said so already
    return page


def page_from_bytes(
    url: str,
    data: bytes,
    *,
    status: int = 200,
    content_type: str | None = None,
    headers: dict[str, str] | None = None,
    fetched_at: str | None = None,
    source: str | None = None,
) -> Page:
    """Decode raw bytes into a Page; an empty or binary body gives a page with ``error`` set."""
    ctype = content_type or "text/html"

    def failed(error: str) -> Page:
        return Page(
            url,
            "",
            status=status,
            content_type=ctype,
            headers=headers or {},
            fetched_at=fetched_at,
            source=source,
            error=error,
        )

    if not data.strip():
        return failed("empty page")
    try:
        text, encoding = decode_html(data, content_type)
    except InputError as exc:
        return failed(str(exc))
    except (UnicodeError, LookupError, ValueError) as exc:  # a decoder's bug is this page's error
        log.warning("%s: cannot decode: %s", source or url, exc)
        return failed(f"cannot decode: {type(exc).__name__}: {exc}")
    return Page(
        url,
        text,
        status=status,
        content_type=ctype,
        encoding=encoding,
        headers=headers or {},
        fetched_at=fetched_at,
        source=source,
    )


def _error_page(url: str, source: str, error: str) -> Page:
    log.warning("%s: %s", source, error)
    return Page(url, "", status=STATUS_UNREADABLE, source=source, error=error)


def iter_jsonl(
    stream: BinaryIO,
    name: str,
    progress: Any = None,
    *,
    max_record_bytes: int = MAX_RECORD_BYTES,
) -> Iterator[Page]:
    """Pages of a deboiler-style JSON-lines stream ({url, html or content, status, content_type}).

    A line that is not a JSON object with a string ``url`` and ``html`` becomes an error page
    named ``<file>#L<line>`` so it still shows up in the output. A line longer than
    ``max_record_bytes`` is that record's error (named by its URL when one can be seen near
    its start); it is read past in chunks, never held whole.
    """
    lineno = 0
    looked_for_list = False
    while True:
        try:
            line = stream.readline(max_record_bytes + 2)
            if len(line.rstrip(b"\r\n")) > max_record_bytes:
                lineno += 1
                yield _oversized_record(stream, line, name, lineno, max_record_bytes)
                continue
        except (OSError, EOFError) as exc:  # truncated .gz
            yield _error_page(
                f"{name}#L{lineno + 1}", f"{name}:{lineno + 1}", f"truncated input: {exc}"
            )
            return
        if not line:
            return
        lineno += 1
        if progress is not None and lineno % 64 == 0:
            progress()
        if not line.strip():
            continue
        if lineno == 1 and not looked_for_list and _opens_a_list(line):
            looked_for_list = True
            # One JSON document holding a list of records (a pretty-printed .json file)?
            buffered = _read_upto(stream, line, max_record_bytes)
            records = _json_list(buffered)
            if records is not None:
                yield from _list_pages(records, name)
                return
            # Not one list after all: the same bytes read as JSON lines, from the first.
            stream = _Chain(buffered, stream)  # type: ignore[assignment]
            lineno = 0
            continue
        where = f"{name}:{lineno}"
        record = _parse_json_line(line)
        if isinstance(record, str):
            yield _error_page(f"{name}#L{lineno}", where, record)
            continue
        yield _record_page(record, f"{name}#L{lineno}", where)


def _record_page(record: dict[str, Any], label: str, where: str) -> Page:
    """The page of one JSON record ({url, html or content, status, content_type, fetched_at});
    a record without a usable URL is an error page named ``label``."""
    url = record.get("url")
    if not isinstance(url, str) or not url.strip():
        return _error_page(label, where, "record has no 'url' string")
    url = valid_text(url)
    # "html" is ours; "content" is the original deboiler's default key for the same thing.
    html = record.get("html", record.get("content"))
    status, error = http_status(record.get("status", 200))
    given = record.get("content_type")
    ctype = valid_text(given) if isinstance(given, str) and given else "text/html"
    if html is None:
        html = ""
    if not isinstance(html, str):
        if error is None:
            log.warning("%s: %s: 'html' is not a string", where, url)
        return Page(
            url,
            "",
            status=status,
            content_type=ctype,
            source=where,
            error=error or "'html' is not a string",
        )
    # A lone surrogate ("\udfff") is legal JSON but no text: it becomes U+FFFD.
    html = valid_text(html)
    sniffed = (
        sniff_content_type(html)
        if error is None and not given and len(html) <= MAX_PAGE_BYTES
        else None
    )
    if sniffed == "text/plain" and looks_binary_text(html):
        sniffed = None  # no text at all: binary data, the page's error below
    if sniffed is not None:
        # no content type given, and the text is plainly no page (an API's JSON, a PDF's
        # bytes, a text file): skipped as a record of that type is, never cleaned as HTML
        ctype = sniffed
        log.warning(
            "%s: %s: no content_type, and the text is %s, not HTML: skipped (as %s)",
            where,
            url,
            SNIFFED_KINDS[sniffed],
            sniffed,
        )
    if error is not None:
        pass
    elif len(html) > MAX_PAGE_BYTES:
        error = f"{len(html)} characters, over the page limit"
        html = ""
    elif not html.strip() and 200 <= status < 300 and is_html_content_type(ctype):
        error = "empty page"
    elif is_html_content_type(ctype) and (reason := looks_binary_text(html)):
        error = reason
    if error is not None:
        # the record is that page's error: say which, as an unreadable line is said
        log.warning("%s: %s: %s", where, url, error)
    fetched_at = record.get("fetched_at")
    return Page(
        url,
        html,
        status=status,
        content_type=ctype,
        encoding="utf-8",
        fetched_at=valid_text(fetched_at) if isinstance(fetched_at, str) else None,
        source=where,
        error=error,
    )


def _opens_a_list(line: bytes) -> bool:
    """A first line that starts a JSON list and is not a whole JSON value by itself."""
    if not line.lstrip(b" \t\r\n\xef\xbb\xbf").startswith(b"["):
        return False
    try:
        json.loads(line.decode("utf-8", "replace").lstrip("\ufeff"))
    except (ValueError, RecursionError):
        return True
    return False  # a list on one line: that line's record (an error: not an object)


def _read_upto(stream: Any, first: bytes, limit: int) -> bytes:
    """``first`` and the lines after it, up to ``limit`` bytes (a line at a time: the stream
    may be a line reader)."""
    chunks, size = [first], len(first)
    while size <= limit:
        line = stream.readline(limit + 1 - size)
        if not line:
            break
        chunks.append(line)
        size += len(line)
    return b"".join(chunks)


def _json_list(data: bytes) -> list[Any] | None:
    """The records of ``data`` when it is one JSON list, else None."""
    try:
        value = json.loads(data.decode("utf-8-sig", "replace"))
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, list) else None


def _list_pages(records: list[Any], name: str) -> Iterator[Page]:
    """Each item of a JSON list of records a page named ``<file>#<n>``."""
    for n, record in enumerate(records, 1):
        where = f"{name}#{n}"
        if not isinstance(record, dict):
            yield _error_page(where, where, "item is not a JSON object with 'url' and 'html'")
            continue
        yield _record_page(record, where, where)


class _Chain:
    """Lines of ``head`` (bytes already read), then of ``rest``."""

    def __init__(self, head: bytes, rest: Any) -> None:
        self._head = io.BytesIO(head)
        self._rest = rest

    def readline(self, size: int = -1) -> bytes:
        line = self._head.readline(size)
        if line and (line.endswith(b"\n") or (size >= 0 and len(line) >= size)):
            return line
        more: bytes = self._rest.readline(-1 if size < 0 else size - len(line))
        return line + more


_URL_NEAR_START = re.compile(rb'"url"\s*:\s*"((?:[^"\\]|\\.){1,4000})"')


def _oversized_record(stream: BinaryIO, start: bytes, name: str, lineno: int, limit: int) -> Page:
    """The error page of a line over the record limit; reads the rest of the line in chunks."""
    size = len(start)
    end = start.endswith(b"\n")
    while not end:
        chunk = stream.readline(1 << 20)
        if not chunk:
            break
        size += len(chunk)
        end = chunk.endswith(b"\n")
    where = f"{name}:{lineno}"
    url = f"{name}#L{lineno}"
    found = _URL_NEAR_START.search(start[:65536])
    if found:
        try:
            guess = json.loads(b'"' + found.group(1) + b'"')
        except ValueError:
            guess = None
        if isinstance(guess, str) and guess.strip():
            url = valid_text(guess)
    more = "" if end else " or more (the input ends inside it)"
    return _error_page(
        url,
        where,
        f"record of {size:,} bytes{more}, over the {limit:,}-byte record limit "
        f"(--max-record-mb); not read",
    )


def _parse_json_line(line: bytes) -> dict[str, Any] | str:
    try:
        # A UTF-8 byte-order mark (at the start of the file) is no part of the record.
        record = json.loads(line.decode("utf-8", errors="replace").lstrip("\ufeff"))
    except json.JSONDecodeError as exc:
        return f"invalid JSON: {exc.msg} (character {exc.colno} of the line)"
    except RecursionError:
        return "invalid JSON: nested too deeply"
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        text = str(exc)
        if "integer string conversion" in text:
            return "invalid JSON: a number of more than 4,300 digits"
        return f"invalid JSON: {text}"
    if not isinstance(record, dict):
        return f"expected a JSON object, got {type(record).__name__}"
    return record


def iter_warc(stream: BinaryIO, name: str, progress: Any = None) -> Iterator[Page]:
    """Pages of the response (and resource) records of a WARC/ARC stream, gzipped or not.

    A truncated or corrupt file yields an error page for the place where reading stopped.
    """
    from warcio.archiveiterator import ArchiveIterator
    from warcio.exceptions import ArchiveLoadFailed

    count = 0
    try:
        archive = ArchiveIterator(stream, arc2warc=True)
        records = iter(archive)
        while True:
            with _warcio_notes(name, count):
                record = next(records, None)
            if record is None:
                break
            count += 1
            if progress is not None:
                progress()
            if record.rec_type not in ("response", "resource"):
                continue
            url = record.rec_headers.get_header("WARC-Target-URI") or f"{name}#record{count}"
            # (get_record_offset() would read the record to its end before we see its body.)
            where = f"{name}#record{count}"
            fetched_at = record.rec_headers.get_header("WARC-Date")
            status = 200
            status_error: str | None = None
            headers: dict[str, str] = {}
            if record.http_headers is not None:
                code = record.http_headers.get_statuscode()
                if code:
                    status, status_error = http_status(code)
                else:  # "HTTP/1.1 " with no code: the response says nothing of its outcome
                    status, status_error = STATUS_UNREADABLE, "response without an HTTP status code"
                headers = {k: v for k, v in record.http_headers.headers}
                ctype = record.http_headers.get_header("Content-Type")
            else:
                ctype = record.rec_headers.get_header("Content-Type")
            if (
                status_error is not None
                or not 200 <= status < 300
                or not is_html_content_type(ctype)
            ):
                # Not cleaned: keep the record visible without reading its body.
                yield Page(
                    url,
                    "",
                    status=status,
                    content_type=ctype or "",
                    headers=headers,
                    fetched_at=fetched_at,
                    source=where,
                    error=status_error,
                )
                continue
            try:
                with _warcio_notes(name, count):
                    data = record.content_stream().read(MAX_PAGE_BYTES + 1)
            except Exception as exc:  # warcio surfaces zlib/EOF/chunking errors of a damaged body
                yield Page(
                    url,
                    "",
                    status=status,
                    content_type=ctype or "",
                    headers=headers,
                    fetched_at=fetched_at,
                    source=where,
                    error=f"unreadable record body: {exc}",
                )
                continue
            if len(data) > MAX_PAGE_BYTES:
                yield Page(
                    url,
                    "",
                    status=status,
                    content_type=ctype or "",
                    headers=headers,
                    fetched_at=fetched_at,
                    source=where,
                    error="over the page size limit",
                )
                continue
            page = page_from_bytes(
                url,
                data,
                status=status,
                content_type=ctype,
                headers=headers,
                fetched_at=fetched_at,
                source=where,
            )
            # warcio hands back a cut-off body without complaint; what its length reader still
            # expected is what the file is missing.
            missing = getattr(record.raw_stream, "limit", 0)
            if isinstance(missing, int) and missing > 0 and page.error is None:
                page = replace(
                    page, error=f"truncated record: {missing} bytes of the body are missing"
                )
            yield page
        # A record cut inside its headers ends warcio's iteration silently: compare where the
        # last complete record ended with the file's size.
        size = _stream_size(stream)
        end = getattr(archive, "offset", None)
        if size is not None and isinstance(end, int) and size - end > 8:
            yield _error_page(
                f"{name}#record{count + 1}",
                name,
                f"truncated or corrupt WARC: {size - end} bytes after record {count} could not be read",
            )
    except (ArchiveLoadFailed, EOFError, OSError, ValueError) as exc:
        yield _error_page(
            f"{name}#record{count + 1}",
            name,
            f"truncated or corrupt WARC after {count} records: {exc}",
        )
    except Exception as exc:  # zlib.error and friends on a damaged .gz member
        yield _error_page(
            f"{name}#record{count + 1}",
            name,
            f"corrupt WARC after {count} records: {type(exc).__name__}: {exc}",
        )


@contextlib.contextmanager
def _warcio_notes(name: str, count: int) -> Iterator[None]:
    """warcio writes its complaints (a record longer than its Content-Length, a body that
    stops inflating) straight to stderr or its own logger: collect them while it reads and
    log each once, naming the file and the record."""
    buffer = io.StringIO()
    notes: list[str] = []

    class _Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            notes.append(record.getMessage())

    wlog = logging.getLogger("warcio")
    handler = _Collect()
    saved = wlog.propagate
    wlog.addHandler(handler)
    wlog.propagate = False
    try:
        with contextlib.redirect_stderr(buffer):
            yield
    finally:
        wlog.removeHandler(handler)
        wlog.propagate = saved
        notes.extend(buffer.getvalue().splitlines())
        # One line per complaint: warcio's "WARNING:" prefix and its dump of the bytes it
        # skipped ("Remainder: b'...'") say nothing more.
        said = [
            n.strip().removeprefix("WARNING:").strip()
            for n in notes
            if n.strip() and not n.lstrip().startswith("Remainder:")
        ]
        if said:
            text = "; ".join(dict.fromkeys(said))
            log.warning("%s: near record %d: %s", name, count + 1, text[:400])


def _stream_size(stream: BinaryIO) -> int | None:
    try:
        return os.fstat(stream.fileno()).st_size
    except (OSError, AttributeError, ValueError):
        try:
            pos = stream.tell()
            size = stream.seek(0, os.SEEK_END)
            stream.seek(pos)
            return size
        except (OSError, AttributeError, ValueError):
            return None


def iter_inputs(
    paths: Iterable[str | os.PathLike[str]], *, base_url: str | None = None
) -> Iterator[Page]:
    """Every page of the inputs (folders, .html, JSON lines, WARC, workspaces), in input order.

    Every record yields a Page, broken ones with ``error`` set; a missing input raises
    InputError naming it before anything is read.
    """
    return iter(InputSet.open(paths, base_url=base_url))


# --------------------------------------------------------------------------- the bundled demo

#: The made-up address of the bundled demo site (.example never resolves).
DEMO_BASE_URL = "https://hillside-garden.example/"


def demo_site_path() -> Path:
    """Folder of the bundled demo site (a gardening site with an English and a Chinese part)."""
    return assets.path("demo")


def iter_demo_pages() -> Iterator[Page]:
    """The demo site's pages, as a folder input read with DEMO_BASE_URL."""
    return iter_inputs([demo_site_path()], base_url=DEMO_BASE_URL)
