"""Trimmed real pages bundled with the tests (tests/data/realpages, each file's source, trimming
and licence in its README): read as pages, or written out as a folder of files to import."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from urllib.parse import unquote, urlsplit

from deboiler_gui.engine.model import Page

DATA = Path(__file__).resolve().parent.parent / "data" / "realpages"


def rows(name: str) -> list[dict[str, str]]:
    """The ``{url, html}`` rows of a bundled file, in their stored order."""
    loaded: list[dict[str, str]] = json.loads(gzip.decompress((DATA / name).read_bytes()))
    return loaded


def pages(name: str) -> list[Page]:
    return [Page(url=r["url"], html=r["html"]) for r in rows(name)]


def page(name: str, url: str) -> str:
    """The HTML of the bundled page at ``url`` (a KeyError naming it if the file has none)."""
    return {r["url"]: r["html"] for r in rows(name)}[url]


def write_folder(name: str, folder: Path) -> Path:
    """The bundled pages written under ``folder`` as the package ships them: each at its URL's
    path (the URLs share one host and the folder's own name as their first segment)."""
    for r in rows(name):
        parts = unquote(urlsplit(r["url"]).path).strip("/").split("/")
        assert parts[0] == folder.name, (r["url"], folder)
        path = folder.joinpath(*parts[1:])
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(r["html"], encoding="utf-8")
    return folder
