"""The four noise filters (text regex, URL rule, element-attribute rule, start/end html cut) and
the field post-processors, by name. Regular expressions run with a timeout, so a catastrophic
pattern on a long text fails with a RuleError instead of hanging."""

from __future__ import annotations

import bisect
import copy
import html as html_lib
import logging
from collections.abc import Callable
from datetime import datetime
from functools import lru_cache
from typing import Any, cast

import regex

from deboiler_gui.engine.htmltree import (
    BLOCK_TAGS,
    INVISIBLE_TAGS,
    HtmlElement,
    drop_element,
    iter_elements,
    parse_html,
    visible_text,
)
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


def chars_of(text: str) -> int:
    """The unit of every "characters removed" figure (filter editor, Template panel, impact
    panel, report, cleaning records): visible characters of the text, spaces not counted."""
    # str.split() splits on exactly the characters re's \s matches in str patterns, and is
    # several times faster than a substitution on long pages.
    return sum(map(len, text.split()))


def page_text(root: HtmlElement) -> str:
    """The visible text of a page's body (of the whole tree when it has no body)."""
    body = root.find("body") if isinstance(root.tag, str) and root.tag == "html" else None
    return visible_text(body if body is not None else root)


# A tag written in a start or end string: its name, its attributes, whether it closes itself.
_TAG = regex.compile(
    r"<\s*(/?)\s*([A-Za-z][\w:.-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s>]*))?)*)\s*(/?)\s*>"
)
_ATTR = regex.compile(r"([^\s=>/]+)(?:\s*=\s*(\"[^\"]*\"|'[^']*'|[^\s>]*))?")


def _tag_as_written(m: regex.Match[str]) -> str:
    closing, name, attrs, _self = m.group(1), m.group(2).lower(), m.group(3), m.group(4)
    if closing:
        return f"</{name}>"
    out = [name]
    for a in _ATTR.finditer(attrs or ""):
        key, raw = a.group(1).lower(), a.group(2)
        if raw is None:
            out.append(key)
            continue
        value = raw[1:-1] if raw[:1] in ("'", '"') else raw
        value = html_lib.unescape(value)
        value = value.replace("&", "&amp;").replace('"', "&quot;")
        out.append(f'{key}="{value}"')
    return "<" + " ".join(out) + ">"


def markup_form(text: str) -> str:
    """A start or end string as the engine's markup writes it, so that a string copied from
    the page source matches: in each tag, the tag and attribute names in lower case, values
    in double quotes (character references resolved, then ``&`` and ``"`` escaped), one space
    between attributes, none before ``>``, and no ``/`` closing a tag (``<BR/>`` -> ``<br>``).
    Text between tags is left as written."""
    return str(_TAG.sub(_tag_as_written, text))


def _html_spans(flt: NoiseFilter, markup: str) -> list[tuple[int, int]]:
    """The start...end spans an html rule cuts from the markup, in order."""
    if flt.kind != "html" or not flt.start or not flt.end:
        return []
    start, end = markup_form(flt.start), markup_form(flt.end)
    spans: list[tuple[int, int]] = []
    pos = 0
    while True:
        i = markup.find(start, pos)
        if i < 0:
            return spans
        j = markup.find(end, i + len(start))
        if j < 0:
            return spans  # an unterminated start string cuts nothing: safer than eating the rest
        spans.append((i, j + len(end)))
        pos = j + len(end)


def count_html_cuts(flt: NoiseFilter, markup: str) -> int:
    """How many start...end spans an html rule cuts from the markup."""
    return len(_html_spans(flt, markup))


def filter_html(flt: NoiseFilter, markup: str) -> str:
    """Html rule: cut every substring that starts with ``start`` and ends with the next ``end``
    (both in their markup form, see ``markup_form``)."""
    spans = _html_spans(flt, markup)
    if not spans:
        return markup
    out: list[str] = []
    pos = 0
    for i, j in spans:
        out.append(markup[pos:i])
        pos = j
    out.append(markup[pos:])
    return "".join(out)


def _text_runs(root: HtmlElement) -> tuple[str, list[tuple[int, int, HtmlElement, bool]]]:
    """The visible text under ``root`` as it is held in the tree: each run of text (an
    element's text or tail) with its place in the joined string, a newline where a block
    starts or ends (as ``visible_text`` puts one)."""
    pieces: list[str] = []
    runs: list[tuple[int, int, HtmlElement, bool]] = []
    pos = 0

    def add(text: str, el: HtmlElement, tail: bool) -> None:
        nonlocal pos
        runs.append((pos, pos + len(text), el, tail))
        pieces.append(text)
        pos += len(text)

    def newline() -> None:
        nonlocal pos
        pieces.append("\n")
        pos += 1

    stack: list[tuple[HtmlElement, bool]] = [(root, True)]
    while stack:
        node, entering = stack.pop()
        tag = node.tag if isinstance(node.tag, str) else None
        if entering:
            if tag is None or tag in INVISIBLE_TAGS:
                if node is not root and node.tail:
                    add(node.tail, node, True)
                continue
            if tag in BLOCK_TAGS:
                newline()
            if node.text:
                add(node.text, node, False)
            stack.append((node, False))
            for child in reversed(node):
                stack.append((child, True))
        else:
            if tag in BLOCK_TAGS:
                newline()
            if node is not root and node.tail:
                add(node.tail, node, True)
    return "".join(pieces), runs


_WHITE = regex.compile(r"[\s\u200b]+")


def _collapsed(text: str) -> tuple[str, list[int], list[int], list[int]]:
    """``text`` with its whitespace collapsed as ``normalize_text`` does (a run with a newline
    becomes one newline, any other run one space), and the pieces' starts in both strings
    and lengths in the original, to map positions back."""
    out: list[str] = []
    out_starts: list[int] = []
    src_starts: list[int] = []
    src_lens: list[int] = []
    o = s = 0
    for m in _WHITE.finditer(text):
        if m.start() > s:
            out.append(text[s : m.start()])
            out_starts.append(o)
            src_starts.append(s)
            src_lens.append(m.start() - s)
            o += m.start() - s
        out.append("\n" if "\n" in m.group(0) else " ")
        out_starts.append(o)
        src_starts.append(m.start())
        src_lens.append(-(m.end() - m.start()))  # negative: a collapsed run
        o += 1
        s = m.end()
    if s < len(text):
        out.append(text[s:])
        out_starts.append(o)
        src_starts.append(s)
        src_lens.append(len(text) - s)
    return "".join(out), out_starts, src_starts, src_lens


def _to_source(
    pos: int, end: bool, out_starts: list[int], src_starts: list[int], lens: list[int]
) -> int:
    k = bisect.bisect_right(out_starts, pos - 1 if end else pos) - 1
    if k < 0:
        return 0
    if lens[k] < 0:  # a collapsed run: all of it or none
        return src_starts[k] + (-lens[k] if end else 0)
    return src_starts[k] + (pos - out_starts[k])


def filter_tree_text(flt: NoiseFilter, root: HtmlElement) -> int:
    """Text rule on a tree: cut every match of the regex from the text the tree holds, and
    return how many matches were cut. The regex runs on the visible text as ``visible_text``
    gives it (scripts and styles left out, a newline where a block starts or ends, runs of
    spaces collapsed), so it matches what the reader sees; a match may run across tags. What
    it matched is cut from the runs of text it came from (the elements stay, emptied)."""
    if flt.kind != "text" or not flt.pattern:
        return 0
    joined, runs = _text_runs(root)
    text, out_starts, src_starts, lens = _collapsed(joined)
    rx = compile_regex(flt.pattern)
    found = _named(
        flt,
        lambda: _guard(
            flt.pattern, lambda: [m.span() for m in rx.finditer(text, timeout=REGEX_TIMEOUT)]
        ),
    )
    spans = [
        (
            _to_source(a, False, out_starts, src_starts, lens),
            _to_source(b, True, out_starts, src_starts, lens),
        )
        for a, b in found
        if b > a
    ]
    if not spans:
        return 0
    k = 0
    for start, end, el, tail in runs:
        while k < len(spans) and spans[k][1] <= start:
            k += 1
        j = k
        keep: list[str] = []
        cur = start
        while j < len(spans) and spans[j][0] < end:
            a, b = max(spans[j][0], start), min(spans[j][1], end)
            if a > cur:
                keep.append(joined[cur:a])
            cur = max(cur, b)
            if spans[j][1] > end:
                break
            j += 1
        if cur == start:
            continue
        keep.append(joined[cur:end])
        value = "".join(keep) or None
        if tail:
            el.tail = value
        else:
            el.text = value
    return len(spans)


def filter_alone(flt: NoiseFilter, root: HtmlElement, markup: str | None = None) -> int:
    """Characters (``chars_of``) a text or html rule removes from a page by itself (the tree
    is left as it was): the filter editor's figure for the shown page and the "alone" figure
    of the impact panel and the report."""
    before = chars_of(page_text(root))
    if flt.kind == "html":
        markup = markup if markup is not None else to_markup(root)
        after = filter_html(flt, markup)
        if after == markup:
            return 0
        return max(0, before - chars_of(page_text(parse_html(after))))
    if flt.kind == "text":
        body = root.find("body") if isinstance(root.tag, str) and root.tag == "html" else None
        dup = copy.deepcopy(body if body is not None else root)
        if not filter_tree_text(flt, dup):
            return 0
        return max(0, before - chars_of(visible_text(dup)))
    return 0


def to_markup(root: HtmlElement) -> str:
    from deboiler_gui.engine.htmltree import to_html

    return to_html(root)


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
    """What one filter would do on one page, without changing anything: the app's preview.
    For text and html rules, ``before`` is the page's characters and ``removed_chars`` what
    the rule removes by itself, both in ``chars_of`` units (visible characters, spaces not
    counted: the unit of the site figures); ``markup_chars`` is the markup an html rule cuts."""
    from deboiler_gui.engine.htmltree import xpath_of

    if flt.kind in ("url", "attribute"):
        nodes = filter_nodes(flt, root)
        return {"kind": flt.kind, "nodes": [xpath_of(n) for n in nodes], "count": len(nodes)}
    before = chars_of(page_text(root))
    removed = filter_alone(flt, root, markup)
    out: dict[str, Any] = {
        "kind": flt.kind,
        "before": before,
        "after": before - removed,
        "removed_chars": removed,
        "unit": "visible characters, spaces not counted",
    }
    if flt.kind == "html":
        out["markup_chars"] = len(markup) - len(filter_html(flt, markup))
    return out


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
