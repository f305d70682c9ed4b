"""Checks of what the user types in an expression box (XPath or CSS selector, regular
expression, field name), as messages for inline display: None when the text is fine."""

from __future__ import annotations

from collections.abc import Iterable

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import DeboilerError
from deboiler_gui.engine.template.rules import compile_regex
from deboiler_gui.engine.template.selectors import select

_PROBE = parse_html("<html><body><p>x</p></body></html>")


def _message(exc: DeboilerError) -> str:
    text = str(exc)
    return text.split(": ", 1)[-1] if text.startswith(("rule ", "expression ")) else text


def selector_error(text: str) -> str | None:
    """Why an XPath or CSS selector (list patterns with %d included) is not valid; an empty
    box is not an error (the buttons wait for text)."""
    if not text.strip():
        return None
    try:
        # Compiling misses unknown functions and bad arguments: they fail on evaluation.
        select(_PROBE, text.strip().replace("%d", "1"))
    except DeboilerError as exc:
        return _message(exc)
    return None


def regex_error(text: str) -> str | None:
    """Why a regular expression does not compile (None when it does or is empty)."""
    if not text:
        return None
    try:
        compile_regex(text)
    except DeboilerError as exc:
        return _message(exc)
    return None


def fresh_name(base: str, taken: Iterable[str]) -> str:
    """``base``, or ``base-2``, ``base-3``... : the first not taken."""
    used = set(taken)
    if base not in used:
        return base
    n = 2
    while f"{base}-{n}" in used:
        n += 1
    return f"{base}-{n}"


__all__ = ["fresh_name", "regex_error", "selector_error"]
