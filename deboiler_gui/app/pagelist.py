"""The page list's shape without Qt: URLs shown relative to the site root, the folder tree of a
site's pages (with page counts per folder), and the text of the share and status columns."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote, urlsplit

from deboiler_gui.engine.pagename import short_page

_RUNS = re.compile(r"(\d+)")


def natural_key(text: str) -> tuple[tuple[int, int, str], ...]:
    """Sort key that reads runs of digits as numbers: ``page_2`` before ``page_10``, as a
    person reads a list of pages (case and leading zeros break ties)."""
    parts: list[tuple[int, int, str]] = []
    for i, run in enumerate(_RUNS.split(text)):
        if i % 2:
            parts.append((0, int(run[:30]), run))
        elif run:
            parts.append((1, 0, run.casefold()))
    return tuple(parts)


def site_root(urls: Iterable[str]) -> str:
    """The longest ``scheme://host/folder/`` every URL starts with (``""`` for no URLs or
    several hosts): what the page list leaves out of each URL."""
    prefix: str | None = None
    for url in urls:
        parts = urlsplit(url)
        head = f"{parts.scheme}://{parts.netloc}"
        folder = parts.path.rsplit("/", 1)[0] + "/"
        here = head + folder
        if prefix is None:
            prefix = here
            continue
        if not here.startswith(f"{head}/") or not prefix.startswith(f"{head}/"):
            return ""
        common = os.path.commonprefix([prefix, here])
        prefix = common[: common.rfind("/") + 1]
        if len(prefix) <= len(head) + 1:
            prefix = head + "/"
    return prefix or ""


def relative_url(url: str, root: str) -> str:
    """The URL as the list shows it: its path (and query) below ``root``, unquoted; the root
    itself as "/"; a URL outside the root in full."""
    if not root or not url.startswith(root):
        return url
    rest = url[len(root) :]
    return unquote(rest) if rest else "/"


@dataclass
class Folder:
    """One folder of the tree: sub-folders by name and the rows of the pages in it."""

    name: str
    path: str  # relative to the root, "" for the root, ending in "/" otherwise
    folders: dict[str, Folder] = field(default_factory=dict)
    rows: list[int] = field(default_factory=list)

    @property
    def count(self) -> int:
        """Pages in this folder and below."""
        return len(self.rows) + sum(f.count for f in self.folders.values())

    def children(self) -> list[Folder]:
        return [self.folders[k] for k in sorted(self.folders)]

    def find(self, path: str) -> Folder | None:
        node: Folder | None = self
        for step in [s for s in path.split("/") if s]:
            node = node.folders.get(step) if node is not None else None
        return node


def folder_tree(relative: Sequence[str]) -> Folder:
    """The folder tree of pages given by their relative URLs (row i is ``relative[i]``); a
    chain of folders with one sub-folder and no page of their own is shown as one node
    ("docs/api/")."""
    root = Folder("", "")
    for row, rel in enumerate(relative):
        path = rel.split("?", 1)[0].split("#", 1)[0]
        steps = [s for s in path.split("/")[:-1] if s] if "://" not in rel else []
        node = root
        for step in steps:
            sub = node.folders.get(step)
            if sub is None:
                sub = node.folders[step] = Folder(step + "/", node.path + step + "/")
            node = sub
        node.rows.append(row)
    _collapse(root)
    return root


def _collapse(node: Folder) -> None:
    for key, sub in list(node.folders.items()):
        while len(sub.folders) == 1 and not sub.rows:
            (only,) = sub.folders.values()
            only.name = sub.name + only.name
            sub = only
        node.folders[key] = sub
        _collapse(sub)


def share_text(value: Any) -> str:
    """The boilerplate share column: "37%", or "" while unknown."""
    if value is None or value == "":
        return ""
    try:
        return f"{float(value):.0%}"
    except (TypeError, ValueError):
        return ""


def status_text(row: dict[str, Any]) -> str:
    """The status column: the page's error, else its HTTP status when it is not 200."""
    error = row.get("error")
    if error:
        return str(error)
    status = row.get("status")
    return "" if status in (None, 200) else str(status)


__all__ = [
    "Folder",
    "folder_tree",
    "relative_url",
    "share_text",
    "short_page",
    "site_root",
    "status_text",
]
