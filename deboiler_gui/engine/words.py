"""Counts in messages: "1 page", "2 pages", never "1 pages"."""

from __future__ import annotations

#: Plurals that are not the word with an "s".
_IRREGULAR = {
    "series": "series",
    "query": "queries",
    "XPath": "XPaths",
    "duplicate": "duplicates",
}


def plural(n: int, word: str, many: str | None = None) -> str:
    """``word`` as it goes after the number ``n``: ``page`` for 1, ``pages`` otherwise (``many``
    when given)."""
    if n == 1:
        return word
    if many is not None:
        return many
    return _IRREGULAR.get(word, word + "s")


def count(n: int, word: str, many: str | None = None, *, sep: str = "") -> str:
    """``n`` and ``word`` in agreement: ``1 page``, ``3 page types``; ``sep=","`` groups
    thousands (``1,167 pages``)."""
    number = f"{n:,}" if sep == "," else str(n)
    return f"{number} {plural(n, word, many)}"


__all__ = ["count", "plural"]
