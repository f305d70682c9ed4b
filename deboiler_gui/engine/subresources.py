"""A page's own style sheets, images and fonts: finding the URLs a page or a style sheet refers
to, and the bytes of those URLs in what the input holds (files beside the HTML of a folder,
WARC records, the assets a crawl stored), never from the network."""

from __future__ import annotations

import logging
import mimetypes
import os
import re
import stat
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit, urlunsplit

from lxml import etree

from deboiler_gui.engine.htmltree import HtmlElement

log = logging.getLogger(__name__)

#: Largest single asset served or stored (bytes).
MAX_ASSET_BYTES = 8 * 1024 * 1024

#: Content types by suffix that the system's table may lack.
_TYPES = {
    ".css": "text/css",
    ".woff": "font/woff",
    ".woff2": "font/woff2",
    ".ttf": "font/ttf",
    ".otf": "font/otf",
    ".eot": "application/vnd.ms-fontobject",
    ".svg": "image/svg+xml",
    ".webp": "image/webp",
    ".avif": "image/avif",
    ".ico": "image/x-icon",
    ".png": "image/png",
    ".gif": "image/gif",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".js": "text/javascript",
}

CSS_URL = re.compile(r"""url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]+))\s*\)""", re.I)
CSS_IMPORT = re.compile(r"""@import\s+(?:"([^"]*)"|'([^']*)')""", re.I)
_SRCSET_SPLIT = re.compile(r",\s+")


def content_type_for(url: str, declared: str | None = None) -> str:
    """The content type to serve an asset with: the declared one, else by its suffix."""
    if declared:
        return declared.split(";", 1)[0].strip().lower() or "application/octet-stream"
    path = urlsplit(url).path.lower()
    suffix = os.path.splitext(path)[1]
    return _TYPES.get(suffix) or mimetypes.guess_type("x" + suffix)[0] or "application/octet-stream"


def absolute(page_url: str, ref: str) -> str | None:
    """``ref`` resolved against ``page_url``, without its fragment; None for data:, javascript:
    and other URLs that are not http(s)."""
    ref = ref.strip()
    if not ref or ref.startswith(("#", "data:", "javascript:", "about:", "mailto:")):
        return None
    url = urljoin(page_url, ref)
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return urlunsplit((parts.scheme, parts.netloc, parts.path or "/", parts.query, ""))


def css_refs(css: str, css_url: str) -> list[str]:
    """Absolute URLs a style sheet refers to (url(...) and @import), in order, once each."""
    found: dict[str, None] = {}
    for rx in (CSS_IMPORT, CSS_URL):
        for m in rx.finditer(css):
            ref = next(g for g in m.groups() if g is not None)
            url = absolute(css_url, ref)
            if url:
                found.setdefault(url)
    return list(found)


def _srcset(value: str) -> list[str]:
    return [part.strip().split()[0] for part in _SRCSET_SPLIT.split(value.strip()) if part.strip()]


#: (tag, attribute) pairs whose value is one URL of an asset the page shows.
_URL_ATTRS = (
    ("img", "src"),
    ("input", "src"),
    ("source", "src"),
    ("video", "poster"),
    ("image", "href"),
    ("image", "{http://www.w3.org/1999/xlink}href"),
    ("use", "href"),
    ("body", "background"),
    ("table", "background"),
    ("td", "background"),
)


#: Tags that can refer to an asset by an attribute, or hold a style sheet.
_ASSET_TAGS = (
    "link",
    "img",
    "input",
    "source",
    "video",
    "image",
    "use",
    "style",
)
_STYLED = etree.XPath("//*[@style or @background]")


def _candidates(root: HtmlElement, inline: bool) -> Iterable[HtmlElement]:
    """Elements that may refer to an asset: lxml's tag filter and one XPath, both in C (a
    Python test of every element of a long page, or an XPath union, costs more than the rest
    of serialising it)."""
    seen: set[HtmlElement] = set()
    for el in root.iter(*_ASSET_TAGS):
        seen.add(el)
        yield el
    if not inline:
        return
    for el in _STYLED(root):
        if el not in seen:
            yield el


def page_base(root: HtmlElement, page_url: str) -> str:
    """The URL relative references of the page resolve against (its <base href>, if any)."""
    for base in root.iter("base"):
        href = base.get("href")
        if href:
            return urljoin(page_url, str(href).strip())
    return page_url


def asset_elements(
    root: HtmlElement, *, inline: bool = True
) -> Iterable[tuple[HtmlElement, str, list[str]]]:
    """(element, attribute, references) for every asset reference of a page: style sheets and
    icons, images (src and srcset), posters, backgrounds, inline styles and <style> blocks
    (attribute "" for a <style> element's text)."""
    for el in _candidates(root, inline):
        tag = el.tag
        if tag == "link":
            rel = (el.get("rel") or "").lower().split()
            if {"stylesheet", "icon", "shortcut", "apple-touch-icon"} & set(rel) and el.get("href"):
                yield el, "href", [el.get("href") or ""]
        for t, attr in _URL_ATTRS:
            if tag == t and el.get(attr):
                yield el, attr, [el.get(attr) or ""]
        if tag in ("img", "source") and el.get("srcset"):
            yield el, "srcset", _srcset(el.get("srcset") or "")
        style = el.get("style")
        if style and "url(" in style.lower():
            yield el, "style", [m for g in CSS_URL.findall(style) for m in g if m]
        if tag == "style" and el.text:
            refs = [next(x for x in m if x) for m in CSS_URL.findall(el.text)]
            refs += [next(x for x in m if x) for m in CSS_IMPORT.findall(el.text)]
            yield el, "", refs


def asset_refs(root: HtmlElement, page_url: str) -> list[str]:
    """Absolute URLs of the style sheets, icons, images and fonts a page refers to (scripts,
    frames and links are not assets: the view runs no script and follows no link)."""
    base = page_base(root, page_url)
    found: dict[str, None] = {}
    for _el, _attr, refs in asset_elements(root):
        for ref in refs:
            url = absolute(base, ref)
            if url:
                found.setdefault(url)
    return list(found)


# --------------------------------------------------------------------------- finding the bytes


@dataclass(frozen=True)
class Asset:
    url: str
    body: bytes
    content_type: str


def _folder_root(url: str, source: str) -> tuple[str, Path] | None:
    """(base URL, folder) from a page read from a file: the URL's path and the file's path
    share their last steps; what precedes them is the folder the base URL stands for."""
    parts = urlsplit(url)
    url_steps = [unquote(s) for s in parts.path.split("/") if s]
    file_steps = list(Path(source).parts)
    k = 0
    while (
        k < len(url_steps) and k < len(file_steps) - 1 and url_steps[-1 - k] == file_steps[-1 - k]
    ):
        k += 1
    if k == 0:
        return None
    prefix = "/".join(parts.path.split("/")[: len(parts.path.split("/")) - k])
    base = urlunsplit((parts.scheme, parts.netloc, prefix.rstrip("/") + "/", "", ""))
    return base, Path(*file_steps[: len(file_steps) - k])


@dataclass
class AssetResolver:
    """Finds an asset's bytes in the input: ``folders`` (base URL, folder of files),
    ``warcs`` (WARC files whose response records are indexed by URL on first use) and
    ``lookup`` (the workspace's stored assets). Never fetches anything."""

    folders: list[tuple[str, Path]] = field(default_factory=list)
    warcs: list[Path] = field(default_factory=list)
    lookup: Callable[[str], tuple[bytes, str] | None] | None = None
    max_bytes: int = MAX_ASSET_BYTES
    _warc_index: dict[str, tuple[Path, int]] | None = None
    _indexing: threading.Thread | None = None

    @classmethod
    def from_sources(
        cls,
        pages: Iterable[tuple[str, str | None]],
        lookup: Callable[[str], tuple[bytes, str] | None] | None = None,
    ) -> AssetResolver:
        """From (page URL, page source) pairs as the workspace stores them: a file path for a
        folder's page, ``file.warc#recordN`` for a WARC record, "crawl" for a crawled page."""
        folders: dict[tuple[str, Path], None] = {}
        warcs: dict[Path, None] = {}
        seen: set[tuple[str, str]] = set()
        for url, source in pages:
            if not source or source == "crawl":
                continue
            # Pages of one directory give one folder: look at each directory once.
            key = (os.path.dirname(source), url.rsplit("/", 1)[0])
            if key in seen:
                continue
            seen.add(key)
            if "#record" in source:
                path = Path(source.rsplit("#record", 1)[0])
                if path.is_file():
                    warcs.setdefault(path)
                continue
            root = _folder_root(url, source)
            if root is not None and root[1].is_dir():
                folders.setdefault(root)
        # The longest base first: a nested input folder wins over its parent.
        ordered = sorted(folders, key=lambda r: -len(r[0]))
        return cls(ordered, list(warcs), lookup)

    def resolve(self, page_url: str, ref: str) -> str | None:
        """The absolute URL a reference of a page stands for (None: not an http(s) asset)."""
        return absolute(page_url, ref)

    def find(self, url: str) -> Asset | None:
        """The bytes and content type of ``url`` from the input, or None."""
        url = url.split("#", 1)[0]
        # The view asks with the URL percent-encoded; a page may have spelt it raw (spaces,
        # non-ASCII letters), and so it was stored.
        spellings = list(dict.fromkeys((url, unquote(url))))
        if self.lookup is not None:
            for spelling in spellings:
                got = self.lookup(spelling)
                if got is not None:
                    body, ctype = got
                    return Asset(url, body, content_type_for(url, ctype))
        for base, folder in self.folders:
            found = self._from_folder(url, base, folder)
            if found is not None:
                return found
        if self.warcs:
            return self._from_warc(url)
        return None

    def _from_folder(self, url: str, base: str, folder: Path) -> Asset | None:
        if not url.startswith(base):
            return None
        rel = unquote(url[len(base) :].split("?", 1)[0])
        if not rel or rel.startswith("/"):
            return None
        # Lexically inside the folder (no ".." out of it); symbolic links inside the folder
        # are followed, as the folder's pages were.
        target = os.path.normpath(os.path.join(folder, rel))
        if os.path.commonpath([target, os.path.normpath(folder)]) != os.path.normpath(folder):
            return None
        try:
            info = os.stat(target)
            if not stat.S_ISREG(info.st_mode) or info.st_size > self.max_bytes:
                return None
            with open(target, "rb") as fh:
                body = fh.read(self.max_bytes + 1)
        except OSError:
            return None
        return Asset(url, body, content_type_for(target))

    def _index_warcs(self) -> dict[str, tuple[Path, int]]:
        from warcio.archiveiterator import ArchiveIterator

        index: dict[str, tuple[Path, int]] = {}
        for path in self.warcs:
            try:
                with path.open("rb") as fh:
                    archive = ArchiveIterator(fh, arc2warc=True)
                    for record in archive:
                        if record.rec_type in ("response", "resource"):
                            uri = record.rec_headers.get_header("WARC-Target-URI")
                            if uri:
                                index.setdefault(uri, (path, archive.get_record_offset()))
            except Exception as exc:  # a damaged WARC keeps what was indexed before the damage
                log.warning("indexing the assets of %s stopped: %s", path, exc)
        return index

    def index_in_background(self) -> threading.Thread | None:
        """Index the WARC files in a thread (reading a large WARC takes a while); until it is
        done their assets are not found (a page shows without them). None without WARCs."""
        if not self.warcs or self._warc_index is not None or self._indexing is not None:
            return None

        def work() -> None:
            self._warc_index = self._index_warcs()

        self._indexing = threading.Thread(target=work, name="warc-assets", daemon=True)
        self._indexing.start()
        return self._indexing

    def _from_warc(self, url: str) -> Asset | None:
        from warcio.archiveiterator import ArchiveIterator

        if self._warc_index is None:
            if self._indexing is not None:
                return None  # still being indexed in the background
            self._warc_index = self._index_warcs()
        where = self._warc_index.get(url) or self._warc_index.get(unquote(url))
        if where is None:
            return None
        path, offset = where
        try:
            with path.open("rb") as fh:
                fh.seek(offset)
                record = next(iter(ArchiveIterator(fh, arc2warc=True)))
                status = record.http_headers.get_statuscode() if record.http_headers else "200"
                if not str(status).startswith("2"):
                    return None
                ctype = (
                    record.http_headers.get_header("Content-Type")
                    if record.http_headers is not None
                    else record.rec_headers.get_header("Content-Type")
                )
                body = record.content_stream().read(self.max_bytes + 1)
        except Exception as exc:
            log.warning("reading %s from %s failed: %s", url, path, exc)
            return None
        if len(body) > self.max_bytes:
            return None
        return Asset(url, body, content_type_for(url, ctype))


__all__ = [
    "MAX_ASSET_BYTES",
    "Asset",
    "AssetResolver",
    "absolute",
    "asset_elements",
    "asset_refs",
    "content_type_for",
    "css_refs",
    "page_base",
]
