"""The four noise filters (text regex, URL rule, element-attribute rule, start/end html cut) and
the field post-processors, by name. Regular expressions run with a timeout, so a catastrophic
pattern on a long text fails with a RuleError instead of hanging."""

from __future__ import annotations

import html as html_lib
import logging
from collections.abc import Callable
from datetime import datetime
from functools import lru_cache
from typing import Any, cast

import regex

from deboiler_gui.engine.htmltree import HtmlElement, drop_element, iter_elements
from deboiler_gui.engine.model import RuleError
from deboiler_gui.engine.template.model import NoiseFilter, Processor
from deboiler_gui.engine.template.selectors import select_elements

log = logging.getLogger(__name__)

#: Seconds one regex operation may take before it is abandoned.
REGEX_TIMEOUT = 1.0


#: Longest regular expression accepted: compiling takes time that grows faster than its
#: length (a 1 MB pattern takes 20 s or more), and real filters are a line or two.
MAX_REGEX_CHARS = 65_536


@lru_cache(maxsize=1024)
def compile_regex(pattern: str) -> regex.Pattern[str]:
    """Compiled regex (cached); RuleError names the expression when it is invalid, too long
    or nested too deeply."""
    if isinstance(pattern, str) and len(pattern) > MAX_REGEX_CHARS:
        raise RuleError(
            f"regular expression of {len(pattern):,} characters, over the "
            f"{MAX_REGEX_CHARS:,}-character limit",
            expression=pattern,
        )
    try:
        return regex.compile(pattern, regex.V0)
    except (regex.error, TypeError, ValueError) as exc:
        raise RuleError(f"invalid regular expression ({exc})", expression=pattern) from exc
    except RecursionError as exc:
        raise RuleError("regular expression nested too deeply", expression=pattern) from exc


def _guard(pattern: str, call: Callable[[], Any]) -> Any:
    try:
        return call()
    except TimeoutError as exc:
        raise RuleError(
            f"regular expression took longer than {REGEX_TIMEOUT:g}s (catastrophic backtracking?)",
            expression=pattern,
        ) from exc


def regex_sub(pattern: str, repl: str, text: str) -> str:
    rx = compile_regex(pattern)
    return str(_guard(pattern, lambda: rx.sub(repl, text, timeout=REGEX_TIMEOUT)))


def regex_search(pattern: str, text: str) -> regex.Match[str] | None:
    rx = compile_regex(pattern)
    found: regex.Match[str] | None = _guard(pattern, lambda: rx.search(text, timeout=REGEX_TIMEOUT))
    return found


# --------------------------------------------------------------------------- noise filters


def _named(flt: NoiseFilter, call: Callable[[], Any]) -> Any:
    try:
        return call()
    except RuleError as exc:
        raise RuleError(
            str(exc).split(": ", 1)[-1] if exc.expression else str(exc),
            rule=flt.name,
            expression=exc.expression,
        ) from exc


def filter_text(flt: NoiseFilter, text: str) -> str:
    """Text rule: remove every match of the regex."""
    if flt.kind != "text" or not flt.pattern:
        return text
    return str(_named(flt, lambda: regex_sub(flt.pattern, "", text)))


def count_text_matches(flt: NoiseFilter, text: str) -> int:
    """How many times a text rule's regex matches the text (0 for other kinds)."""
    if flt.kind != "text" or not flt.pattern:
        return 0
    rx = compile_regex(flt.pattern)
    found = _named(
        flt, lambda: _guard(flt.pattern, lambda: rx.findall(text, timeout=REGEX_TIMEOUT))
    )
    return sum(1 for m in found if m != "")


def count_html_cuts(flt: NoiseFilter, markup: str) -> int:
    """How many start...end spans an html rule cuts from the markup."""
    if flt.kind != "html" or not flt.start or not flt.end:
        return 0
    n = pos = 0
    while True:
        i = markup.find(flt.start, pos)
        if i < 0:
            return n
        j = markup.find(flt.end, i + len(flt.start))
        if j < 0:
            return n
        n += 1
        pos = j + len(flt.end)


def filter_html(flt: NoiseFilter, markup: str) -> str:
    """Html rule: cut every substring that starts with ``start`` and ends with the next ``end``."""
    if flt.kind != "html" or not flt.start:
        return markup
    out: list[str] = []
    pos = 0
    while True:
        i = markup.find(flt.start, pos)
        if i < 0:
            break
        j = markup.find(flt.end, i + len(flt.start)) if flt.end else -1
        if j < 0:
            break  # an unterminated start string cuts nothing: safer than eating the rest
        out.append(markup[pos:i])
        pos = j + len(flt.end)
    out.append(markup[pos:])
    return "".join(out)


def _attribute_hit(flt: NoiseFilter, el: HtmlElement) -> bool:
    value: str | None = el.get(flt.attribute)
    if value is None:
        return False
    if flt.op == "exists":
        return True
    if flt.op == "equals":
        return value == flt.value
    if flt.op == "word":
        return flt.value in value.split()
    if flt.op == "regex":
        return regex_search(flt.value, value) is not None
    return flt.value in value  # contains


def filter_nodes(flt: NoiseFilter, root: HtmlElement) -> list[HtmlElement]:
    """The nodes a URL or element-attribute rule drops under ``root`` (not modifying it)."""
    if flt.kind == "url":
        links = select_elements(root, flt.selector or ".//a[@href]")
        bad = []
        for a in links:
            href = a.get("href")
            if href is None:
                continue
            if _named(flt, lambda h=href: regex_search(flt.pattern, str(h))) is None:  # type: ignore[misc]
                bad.append(a)
        return bad
    if flt.kind == "attribute":
        if not flt.attribute:
            raise RuleError("an attribute rule needs an attribute name", rule=flt.name)
        pool = select_elements(root, flt.selector) if flt.selector else list(iter_elements(root))
        return [el for el in pool if _named(flt, lambda e=el: _attribute_hit(flt, e))]  # type: ignore[misc]
    return []


def drop_nodes(nodes: list[HtmlElement]) -> int:
    """Remove nodes from their tree keeping their tails; returns how many were removed."""
    return sum(1 for el in nodes if drop_element(el))


def preview_filter(flt: NoiseFilter, root: HtmlElement, markup: str, text: str) -> dict[str, Any]:
    """What one filter would do on one page, without changing anything: the app's preview."""
    from deboiler_gui.engine.htmltree import xpath_of

    if flt.kind in ("url", "attribute"):
        nodes = filter_nodes(flt, root)
        return {"kind": flt.kind, "nodes": [xpath_of(n) for n in nodes], "count": len(nodes)}
    if flt.kind == "text":
        after = filter_text(flt, text)
        return {
            "kind": "text",
            "before": len(text),
            "after": len(after),
            "removed_chars": len(text) - len(after),
        }
    after = filter_html(flt, markup)
    return {
        "kind": "html",
        "before": len(markup),
        "after": len(after),
        "removed_chars": len(markup) - len(after),
    }


# --------------------------------------------------------------------------- processors


def _p_regex(value: str, args: tuple[str, ...]) -> str:
    """First match of args[0] (its first group when it has one), else empty."""
    m = regex_search(args[0], value)
    if m is None:
        return ""
    return cast(str, m.group(1) if m.groups() else m.group(0))


def _p_replace(value: str, args: tuple[str, ...]) -> str:
    return regex_sub(args[0], args[1] if len(args) > 1 else "", value)


def _p_date(value: str, args: tuple[str, ...]) -> str:
    """ISO date from the first date-looking part of the text (or args[0] strptime format)."""
    if args:
        try:
            return datetime.strptime(value.strip(), args[0]).date().isoformat()
        except ValueError:
            return ""
    m = regex_search(r"(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})", value)
    if m:
        y, mo, d = (int(x) for x in m.groups())
        try:
            return datetime(y, mo, d).date().isoformat()
        except ValueError:
            return ""
    return ""


def _p_number(value: str, args: tuple[str, ...]) -> str:
    m = regex_search(r"-?\d[\d,]*(?:\.\d+)?", value)
    return m.group(0).replace(",", "") if m else ""


PROCESSORS: dict[str, tuple[int, Callable[[str, tuple[str, ...]], str]]] = {
    # name: (required argument count, function)
    "strip": (0, lambda v, a: v.strip()),
    "lower": (0, lambda v, a: v.lower()),
    "upper": (0, lambda v, a: v.upper()),
    "collapse": (0, lambda v, a: " ".join(v.split())),
    "unescape": (0, lambda v, a: html_lib.unescape(v)),
    "regex": (1, _p_regex),
    "replace": (1, _p_replace),
    "prefix": (1, lambda v, a: a[0] + v if v else v),
    "suffix": (1, lambda v, a: v + a[0] if v else v),
    "date": (0, _p_date),
    "number": (0, _p_number),
    "first_line": (0, lambda v, a: v.strip().split("\n", 1)[0]),
    "jsonld": (1, lambda v, a: _jsonld(v, a[0])),
}


def _jsonld(value: str, path: str) -> str:
    """The value at ``Type.key.key`` in a JSON-LD block's text (see engine/structured.py)."""
    from deboiler_gui.engine.template.structured import jsonld_value

    return jsonld_value(value, path)


def check_processor(proc: Processor) -> None:
    """RuleError if the processor is unknown, lacks arguments or has a bad regex."""
    spec = PROCESSORS.get(proc.name)
    if spec is None:
        raise RuleError(
            f"unknown processor (known: {', '.join(sorted(PROCESSORS))})", rule=proc.name
        )
    if len(proc.args) < spec[0]:
        raise RuleError(f"needs {spec[0]} argument(s)", rule=proc.name)
    if proc.name in ("regex", "replace"):
        compile_regex(proc.args[0])


def apply_processors(value: str, processors: tuple[Processor, ...]) -> str:
    for proc in processors:
        check_processor(proc)
        value = PROCESSORS[proc.name][1](value, proc.args)
    return value
