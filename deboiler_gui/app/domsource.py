"""Which HTML a page holds (the DOM a browser rendered, or the raw response), as the workbench
words it in the page list and the status line."""

from __future__ import annotations

from typing import Any


def dom_column(row: dict[str, Any]) -> str:
    """The page list's DOM cell: 'rendered' or 'raw'."""
    return "rendered" if row.get("dom") == "rendered" else "raw"


def dom_status(row: dict[str, Any] | None) -> tuple[str, str]:
    """(status line text, tooltip) for the shown page."""
    if row is None:
        return "", ""
    note = str(row.get("dom_note") or "")
    if row.get("dom") == "rendered":
        if note:
            return "rendered DOM (not settled)", f"Rendered DOM, taken at the timeout: {note}"
        return "rendered DOM", "The DOM the browser engine built (crawl --render)"
    if note:
        return "raw HTML (render failed)", f"Raw HTML: rendering failed: {note}"
    return "raw HTML", "The HTML as the server sent it"
