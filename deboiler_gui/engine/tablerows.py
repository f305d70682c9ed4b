"""Table rows with and without their implied ``tbody``.

A browser puts every row of a table that the HTML writes directly under ``<table>`` into a
``<tbody>`` it makes up; lxml's parser, like the raw HTML, has none. An XPath written on one
tree (``//table[@class='specs']/tr[2]/td``) thus finds nothing on the other (a page taken with
``crawl --render``). :func:`rows_tolerant` writes such a rule so that it matches on both: each
``table…/tr`` child step is also tried as ``table…/tbody/tr``, the forms joined as one union
(``A/table/tr | A/table/tbody/tr``), which XPath returns in document order, without repeats.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

import lxml.etree as etree

#: Characters that continue a name (an element name, an axis, a function or a variable).
_NAME = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-:@$")
#: Axes after which ``table`` is still a step whose children are the rows.
_AXES = ("child::", "descendant::", "descendant-or-self::")
#: Past this many ``table/tr`` steps in one rule, only "none" and "all" get a ``tbody``.
MAX_STEPS = 3


def _skip_predicate(text: str, j: int) -> int:
    """The position after the predicate ``[…]`` opening at ``j`` (brackets nested, string
    literals skipped), or -1 when it does not close."""
    depth = 0
    quote = ""
    for k in range(j, len(text)):
        ch = text[k]
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
            if depth == 0:
                return k + 1
    return -1


def row_steps(xpath: str) -> list[int]:
    """Where a ``/tbody`` would go in ``xpath``: before each child step ``/tr`` that follows a
    ``table`` step (with or without predicates), outside string literals."""
    out: list[int] = []
    quote = ""
    i = 0
    n = len(xpath)
    while i < n:
        ch = xpath[i]
        if quote:
            if ch == quote:
                quote = ""
            i += 1
            continue
        if ch in "'\"":
            quote = ch
            i += 1
            continue
        if xpath.startswith("table", i):
            before = xpath[:i]
            starts_step = not before or before[-1] not in _NAME or before.endswith(_AXES)
            j = i + 5
            if starts_step and (j == n or xpath[j] not in _NAME):
                while j < n and xpath[j] == "[":
                    j = _skip_predicate(xpath, j)
                    if j < 0:
                        return out
                if j < n and xpath[j] == ")":
                    # a group ending on the table step: (//table[@class='x'])[1]/tr
                    j += 1
                    while j < n and xpath[j] == "[":
                        j = _skip_predicate(xpath, j)
                        if j < 0:
                            return out
                if xpath.startswith("/tr", j) and (j + 3 == n or xpath[j + 3] not in _NAME):
                    out.append(j)
                i = j
                continue
        i += 1
    return out


def row_variants(xpath: str) -> list[str]:
    """``xpath`` and its forms with ``/tbody`` before the rows of a table, the original first
    (every combination up to :data:`MAX_STEPS` such steps; past that, none and all)."""
    steps = row_steps(xpath)
    if not steps:
        return [xpath]
    if len(steps) <= MAX_STEPS:
        chosen = [c for r in range(len(steps) + 1) for c in combinations(steps, r)]
    else:
        chosen = [(), tuple(steps)]
    out = []
    for where in chosen:
        text = xpath
        for j in sorted(where, reverse=True):
            text = text[:j] + "/tbody" + text[j:]
        out.append(text)
    return out


def is_node_set(xpath: str) -> bool:
    """Whether ``xpath`` selects nodes (a union of it with another path is then the same kind
    of result), as opposed to a number, string or boolean, or an expression that needs
    variables or cannot be compiled."""
    try:
        # evaluated on an empty page of its own (a tree shared between threads is not)
        return isinstance(etree.XPath(xpath)(etree.fromstring("<html><body/></html>")), list)
    except (etree.XPathError, TypeError, ValueError):
        return False


@lru_cache(maxsize=4096)
def rows_tolerant(xpath: str) -> str:
    """``xpath`` written to find a table's rows with and without an implied ``tbody``
    (``//table/tr[2] | //table/tbody/tr[2]``); unchanged when it has no ``table/tr`` step or
    does not select nodes (``count(//table/tr)`` is left as it is)."""
    variants = row_variants(xpath)
    if len(variants) == 1 or not is_node_set(xpath):
        return xpath
    return " | ".join(variants)


__all__ = ["is_node_set", "row_steps", "row_variants", "rows_tolerant"]
