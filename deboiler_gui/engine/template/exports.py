"""Template exports for today's crawlers: a Crawl4AI JsonCssExtractionStrategy schema and
Firecrawl scrape options, with XPath turned into CSS where CSS can say the same."""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deboiler_gui.engine.model import DomainModel, Page, RuleError
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.selectors import _XPATH_START

# --------------------------------------------------------------------------- XPath -> CSS


class Untranslatable(RuleError):
    """An XPath that CSS cannot express (text tests, axes other than child/descendant...)."""


_NAME = re.compile(r"^[A-Za-z_][\w-]*$")
_IDENT = re.compile(r"^-?[A-Za-z_][\w-]*$")
_ATTR_NAME = re.compile(r"^[A-Za-z_][\w:.-]*$")
_LIT = r"""('[^']*'|"[^"]*")"""
_P_INDEX = re.compile(r"^\s*(\d+)\s*$")
_P_EQ = re.compile(rf"^\s*@([\w:.-]+)\s*=\s*{_LIT}\s*$")
_P_HAS = re.compile(r"^\s*@([\w:.-]+)\s*$")
_P_CLASS = re.compile(
    r"""^\s*contains\(\s*concat\(\s*(['"]) \1\s*,\s*normalize-space\(\s*@class\s*\)\s*,\s*(['"]) \2\s*\)\s*,\s*(['"]) ([^'"\s]+) \3\s*\)\s*$"""
)
_P_CONTAINS = re.compile(rf"^\s*contains\(\s*@([\w:.-]+)\s*,\s*{_LIT}\s*\)\s*$")
_P_STARTS = re.compile(rf"^\s*starts-with\(\s*@([\w:.-]+)\s*,\s*{_LIT}\s*\)\s*$")
_P_NOT = re.compile(r"^\s*not\((.*)\)\s*$", re.DOTALL)
_P_LAST = re.compile(r"^\s*last\(\)\s*$")


@dataclass(frozen=True)
class CssSelector:
    """A CSS selector, and the attribute an ``/@attr`` XPath ended with (if any)."""

    css: str
    attribute: str = ""


def split_outside(text: str, sep: str) -> list[str]:
    """Split on ``sep`` outside brackets, parentheses and quotes."""
    out, depth, quote, start, i = [], 0, "", 0, 0
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        elif depth == 0 and text.startswith(sep, i):
            out.append(text[start:i])
            i += len(sep)
            start = i
            continue
        i += 1
    if quote or depth:
        raise Untranslatable("unbalanced brackets or quotes", expression=text)
    out.append(text[start:])
    return out


def step_predicates(step: str) -> tuple[str, list[str]]:
    """A step's node test and its predicates."""
    i = step.find("[")
    if i < 0:
        return step, []
    name, rest = step[:i], step[i:]
    preds: list[str] = []
    depth, quote, start = 0, "", 0
    for j, ch in enumerate(rest):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch == "[":
            if depth == 0:
                start = j + 1
            depth += 1
        elif ch == "]":
            depth -= 1
            if depth == 0:
                preds.append(rest[start:j])
        elif depth == 0 and not ch.isspace():
            raise Untranslatable(f"unexpected {ch!r} after a predicate", expression=step)
    return name, preds


def _css_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _predicate(pred: str, tag: str, whole: str) -> str:
    if m := _P_INDEX.match(pred):
        return f":nth-of-type({m.group(1)})" if tag != "*" else f":nth-child({m.group(1)})"
    if pred.strip() == "%d":
        return ""  # a list pattern: the released index matches every item
    if _P_LAST.match(pred):
        return ":last-of-type" if tag != "*" else ":last-child"
    if m := _P_EQ.match(pred):
        name, value = m.group(1), m.group(2)[1:-1]
        if name == "id" and _IDENT.match(value):
            return f"#{value}"
        return f"[{name}={_css_string(value)}]"
    if m := _P_HAS.match(pred):
        return f"[{m.group(1)}]"
    if m := _P_CLASS.match(pred):
        token = m.group(4)
        return f".{token}" if _IDENT.match(token) else f"[class~={_css_string(token)}]"
    if m := _P_CONTAINS.match(pred):
        return f"[{m.group(1)}*={_css_string(m.group(2)[1:-1])}]"
    if m := _P_STARTS.match(pred):
        return f"[{m.group(1)}^={_css_string(m.group(2)[1:-1])}]"
    if m := _P_NOT.match(pred):
        inner = _predicate(m.group(1), tag, whole)
        if not inner or inner.startswith(":nth") or inner.startswith(":last"):
            raise Untranslatable(f"predicate [{pred}] has no CSS equivalent", expression=whole)
        return f":not({inner})"
    parts = split_outside(pred, " and ")
    if len(parts) > 1:
        return "".join(_predicate(p, tag, whole) for p in parts)
    reason = (
        "a text test"
        if "text()" in pred or "normalize-space()" in pred or "string(" in pred
        else "a function or operator"
    )
    raise Untranslatable(
        f"predicate [{pred.strip()}] is {reason}, which CSS cannot express", expression=whole
    )


def xpath_to_css(expression: str) -> CssSelector:
    """The CSS selector for an XPath of the kind templates hold (child and descendant steps,
    tag names, positions, attribute and class tests, ``%d`` list steps, a final ``/@attr`` or
    ``/text()``). A CSS expression is returned as it is. Raises Untranslatable naming what CSS
    cannot say. Relative XPaths (``./a``, ``a/b``) become ``:scope`` selectors."""
    expr = expression.strip()
    if expr.startswith("css:"):
        return CssSelector(expr[4:].strip())
    if expr.startswith("xpath:"):
        expr = expr[6:].strip()
    elif not _XPATH_START.match(expr):
        return CssSelector(expr)  # CSS already (the same test as selectors.to_xpath)
    if not expr:
        raise Untranslatable("empty expression", expression=expression)
    if len(split_outside(expr, "|")) > 1:
        raise Untranslatable("a union of paths", expression=expression)
    if expr.startswith("("):
        raise Untranslatable("a parenthesised expression", expression=expression)
    parts: list[str] = []
    combinator = ""
    if expr.startswith("//"):
        rest = expr[2:]
    elif expr.startswith("/"):
        rest = expr[1:]
    elif expr.startswith(".//"):
        rest = expr[3:]
    elif expr.startswith("./"):
        rest, combinator = expr[2:], ":scope > "
    elif expr == ".":
        return CssSelector(":scope")
    else:
        rest, combinator = expr, ":scope > "
    steps = split_outside(rest, "/")
    attribute = ""
    for n, step in enumerate(steps):
        last = n == len(steps) - 1
        if step == "":
            combinator = " " if parts else ""
            continue
        step = step.strip()
        if last and step.startswith("@"):
            name = step[1:]
            if not _ATTR_NAME.match(name):
                raise Untranslatable(f"attribute step {step!r}", expression=expression)
            attribute = name
            break
        if last and step in ("text()", "node()"):
            break
        if "::" in step:
            axis, _, step = step.partition("::")
            if axis == "descendant" or axis == "descendant-or-self" and step == "node()":
                combinator = " " if parts else ""
                if step == "node()":
                    continue
            elif axis != "child":
                raise Untranslatable(
                    f"the {axis} axis has no CSS equivalent", expression=expression
                )
        if step in (".", "..") or step.startswith(("..", "@")) or step.endswith(")"):
            raise Untranslatable(f"step {step!r} has no CSS equivalent", expression=expression)
        tag, preds = step_predicates(step)
        tag = tag.strip()
        if tag != "*" and not _NAME.match(tag):
            raise Untranslatable(f"node test {tag!r}", expression=expression)
        css = (tag if tag != "*" else "*") + "".join(_predicate(p, tag, expression) for p in preds)
        if (
            css.startswith("*")
            and len(css) > 1
            and not css.startswith("*:nth")
            and not css.startswith("*:last")
        ):
            css = css[1:]
        parts.append(combinator + css if parts or combinator.startswith(":scope") else css)
        combinator = " > "
    if not parts:
        if attribute:
            return CssSelector(":scope", attribute)
        raise Untranslatable("no element step", expression=expression)
    if attribute:
        # ``//a/@href`` reads only the links that have an href; CSS ``a`` would take the first
        # ``a`` (an ``<a name>`` anchor) and give nothing where the XPath gives a value.
        parts[-1] = with_attribute(parts[-1], attribute)
    return CssSelector(_with_tbody(parts), attribute)


def with_attribute(step: str, attribute: str) -> str:
    """A compound CSS step narrowed to elements carrying ``attribute`` (``a`` → ``a[href]``);
    a step that tests the attribute already is left as it is."""
    if ":" in attribute or re.search(r"\[" + re.escape(attribute) + r"(?:[~|^$*]?=|\])", step):
        return step
    return f"{step}[{attribute}]"


_ROW = re.compile(r"^ > tr(?![\w-])")


def _with_tbody(parts: list[str]) -> str:
    """The selector of the steps, ``table > tr`` also written ``table > tbody > tr``: a browser
    puts every row of a table in a ``tbody`` (a rendered page, a crawler that renders), lxml
    and the page's source may not, and the rule must find the rows in both."""
    rows = [
        i
        for i in range(1, len(parts))
        if _ROW.match(parts[i]) and re.match(r"^(?: > | |:scope > )?table(?![\w-])", parts[i - 1])
    ][:3]
    if not rows:
        return "".join(parts)
    variants = []
    for mask in range(1 << len(rows)):
        steps = list(parts)
        for bit, i in enumerate(rows):
            if mask >> bit & 1:
                steps[i] = " > tbody" + steps[i]
        variants.append("".join(steps))
    return ", ".join(variants)


# --------------------------------------------------------------------------- reports


@dataclass
class ExportReport:
    """What an export could not carry over, for the user to read."""

    untranslated: list[dict[str, str]] = field(default_factory=list)
    dropped_fallbacks: list[dict[str, str]] = field(default_factory=list)
    replaced: list[dict[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = [
            f"{u.get('what', 'field')} {u['field']!r}: not exported: {u['reason']}"
            for u in self.untranslated
        ]
        out += [
            f"field {r['field']!r}: XPath {r['xpath']!r} not exported ({r['reason']}); its "
            f"fallback {r['used']!r} is exported in its place and may select something else"
            for r in self.replaced
        ]
        out += [
            f"field {d['field']!r}: fallback XPath {d['xpath']!r} not exported (CSS keeps one selector per field)"
            for d in self.dropped_fallbacks
        ]
        return out + self.notes


def _first_css(f: Field, report: ExportReport, path: str) -> CssSelector | None:
    reasons = []
    skipped: list[tuple[str, str]] = []
    chosen: CssSelector | None = None
    for xp in f.xpaths:
        try:
            css = xpath_to_css(xp)
        except Untranslatable as exc:
            reasons.append(str(exc))
            if chosen is None:
                skipped.append((xp, str(exc)))
            continue
        if chosen is None:
            chosen = css
            for first, why in skipped:
                # The fallback stands in for an XPath that may select something else.
                report.replaced.append({"field": path, "xpath": first, "reason": why, "used": xp})
        else:
            report.dropped_fallbacks.append({"field": path, "xpath": xp})
    if chosen is None:
        report.untranslated.append(
            {
                "field": path,
                "xpaths": " | ".join(f.xpaths),
                "reason": "; ".join(reasons) or "no XPath",
            }
        )
    return chosen


def _type_of(f: Field, css: CssSelector) -> dict[str, Any]:
    if css.attribute:
        return {"type": "attribute", "attribute": css.attribute}
    if f.kind == "attribute":
        return {"type": "attribute", "attribute": f.attribute}
    return {"type": "html" if f.kind == "html" else "text"}


# Processors an export can do without: they change only whitespace, which the targets' text
# joins anyway. Crawl4AI also has case changes, as a field's last ``transform``.
WHITESPACE_PROCESSORS = frozenset({"strip", "collapse"})
CRAWL4AI_TRANSFORMS = {"lower": "lowercase", "upper": "uppercase"}


def unexportable_processor(
    f: Field, target: str, transforms: dict[str, str] | None = None
) -> tuple[str | None, str | None]:
    """(the reason ``f`` cannot be exported because of a processor ``target`` cannot run,
    the target's transform for a case processor that ends the chain). A field whose value
    depends on such a processor (``jsonld``, ``regex``, ``date``…) would come out as the raw
    text its XPath selects (the whole JSON-LD block for a ``jsonld`` field), so it is left
    out rather than exported wrong."""
    transforms = transforms or {}
    names = [p.name for p in f.processors if p.name not in WHITESPACE_PROCESSORS]
    if not names:
        return None, None
    if len(names) == 1 and names[0] in transforms:  # whitespace around it changes nothing
        return None, transforms[names[0]]
    bad = [n for n in names if n not in transforms] or names
    what = "the whole JSON-LD block" if "jsonld" in bad else "the raw text its XPath selects"
    return (
        f"processor {bad[0]!r} cannot be run by {target}: the field would be {what}",
        None,
    )


def _processors_ok(f: Field, report: ExportReport, path: str, target: str) -> bool:
    why, _ = unexportable_processor(f, target)
    if why is not None:
        report.untranslated.append({"field": path, "xpaths": " | ".join(f.xpaths), "reason": why})
        return False
    return True


def _crawl4ai_field(f: Field, report: ExportReport, path: str) -> dict[str, Any] | None:
    why, transform = unexportable_processor(f, "Crawl4AI", CRAWL4AI_TRANSFORMS)
    if why is not None:
        report.untranslated.append({"field": path, "xpaths": " | ".join(f.xpaths), "reason": why})
        return None
    css = _first_css(f, report, path)
    if css is None:
        return None
    if f.children:
        children = [
            c
            for c in (_crawl4ai_field(ch, report, f"{path}.{ch.id}") for ch in f.children)
            if c is not None
        ]
        return {
            "name": f.id,
            "selector": css.css,
            "type": "nested_list" if f.is_list else "nested",
            "fields": children,
        }
    value = _type_of(f, css)
    if transform:
        value["transform"] = transform
    if f.is_list:
        return {
            "name": f.id,
            "selector": css.css,
            "type": "list",
            "fields": [{"name": f.id, **value}],
        }
    return {"name": f.id, "selector": css.css, **value}


def to_crawl4ai(template: Template, report: ExportReport | None = None) -> dict[str, Any]:
    """A JsonCssExtractionStrategy schema: one item per page (``baseSelector`` ``html``), a
    field per template field; list fields are ``list`` (items ``{id: value}``), record fields
    ``nested_list`` / ``nested``. Untranslatable fields are left out and put in ``report``."""
    report = report if report is not None else ExportReport()
    fields = [
        c for c in (_crawl4ai_field(f, report, f.id) for f in template.fields) if c is not None
    ]
    removes = _rule_css(template.remove, report, "remove")
    if removes:
        report.notes.append(
            "remove rules are crawler settings in Crawl4AI, not schema: "
            f"CrawlerRunConfig(excluded_selector={', '.join(removes)!r})"
        )
    return {"name": template.name, "baseSelector": "html", "fields": fields}


def _rule_css(rules: Iterable[Any], report: ExportReport, what: str) -> list[str]:
    out: list[str] = []
    for rule in rules:
        try:
            css = xpath_to_css(rule.selector)
        except Untranslatable as exc:
            report.untranslated.append(
                {
                    "what": f"{what} rule",
                    "field": rule.name,
                    "xpaths": rule.selector,
                    "reason": str(exc),
                }
            )
            continue
        if css.attribute:
            report.untranslated.append(
                {
                    "what": f"{what} rule",
                    "field": rule.name,
                    "xpaths": rule.selector,
                    "reason": "selects an attribute, not elements",
                }
            )
            continue
        if css.css not in out:
            out.append(css.css)
    return out


def _filter_css(template: Template, report: ExportReport) -> list[str]:
    out = []
    for flt in template.filters:
        if flt.kind != "attribute" or flt.fields:
            continue
        base = "*"
        if flt.selector:
            try:
                sel = xpath_to_css(flt.selector)
            except Untranslatable as exc:
                report.untranslated.append(
                    {
                        "what": "filter",
                        "field": flt.name,
                        "xpaths": flt.selector,
                        "reason": str(exc),
                    }
                )
                continue
            base = sel.css
        op = {"contains": "*=", "equals": "=", "exists": ""}.get(flt.op)
        if op is None:
            report.notes.append(
                f"filter {flt.name!r}: operator {flt.op!r} has no CSS form; not exported"
            )
            continue
        cond = (
            f"[{flt.attribute}]" if op == "" else f"[{flt.attribute}{op}{_css_string(flt.value)}]"
        )
        out.append(base + cond if base != "*" else cond)
    return out


_VALUE_STEP = re.compile(r"/(?:@[\w:.-]+|text\(\))\s*$")


def _protected_nodes(root: Any, template: Template) -> list[tuple[str, Any]]:
    """The nodes the template keeps or reads on a page: (what, node) for each keep rule's
    nodes and each top-level field's nodes (its first XPath that matches, as extraction
    tries them)."""
    from deboiler_gui.engine.template.selectors import expand_pattern, select, select_elements

    out: list[tuple[str, Any]] = []
    for rule in template.keep:
        try:
            out += [(f"keep rule {rule.name!r}", el) for el in select_elements(root, rule.selector)]
        except RuleError:
            continue
    for f in template.fields:
        for xp in f.xpaths:
            try:
                found = expand_pattern(root, xp) if "%d" in xp else select(root, xp)
            except RuleError:
                continue
            # an attribute or text result stands for the element it is read from
            if found and not all(hasattr(n, "tag") for n in found):
                owner = _VALUE_STEP.sub("", xp)
                try:
                    found = (
                        expand_pattern(root, owner)
                        if "%d" in owner
                        else select_elements(root, owner)
                    )
                except RuleError:
                    continue
            nodes = [n for n in found if isinstance(getattr(n, "tag", None), str)]
            if nodes:
                out += [(f"field {f.id!r}", n) for n in (nodes if f.is_list else nodes[:1])]
                break
    return out


def protected_conflicts(
    template: Template, pages: Sequence[Page], selectors: Sequence[str], *, own_rules: bool
) -> dict[str, str]:
    """The CSS selectors that, as ``excludeTags``, would drop on one of ``pages`` content the
    template keeps (a keep rule's nodes) or extracts (a field's nodes): selector -> why. A
    selector matching such a node, one of its ancestors or a node inside it is named.
    ``own_rules`` is for the template's own remove rules and filters: the template itself
    removes what they take inside the kept parts and the fields, so only a kept or read node
    and its ancestors are named (the template reads a field inside a part it removes, as a
    pager's next link; ``excludeTags`` would take the field's content away)."""
    from cssselect import GenericTranslator, SelectorError

    from deboiler_gui.engine.htmltree import parse_html

    translator = GenericTranslator()
    compiled: dict[str, str] = {}
    for css in selectors:
        try:
            compiled[css] = translator.css_to_xpath(css)
        except SelectorError:
            continue
    out: dict[str, str] = {}
    for page in pages:
        if not compiled.keys() - out.keys():
            break
        if not page.html:
            continue
        root: Any = parse_html(page.html)
        guarded = _protected_nodes(root, template)
        if not guarded:
            continue
        for css, xp in compiled.items():
            if css in out:
                continue
            matched = [el for el in root.xpath(xp) if isinstance(getattr(el, "tag", None), str)]
            hit = _conflict(matched, guarded, inner_ok=own_rules)
            if hit is not None:
                what, relation = hit
                out[css] = f"on {page.url} it matches {relation} the nodes of {what}"
    return out


def _conflict(
    matched: Sequence[Any], guarded: Sequence[tuple[str, Any]], *, inner_ok: bool
) -> tuple[str, str] | None:
    """The closest relation of a matched node to a guarded one: the node itself, then an
    ancestor of it, then (unless ``inner_ok``) a node inside it."""
    for el in matched:
        for what, node in guarded:
            if node is el:
                return what, "one of"
    for el in matched:
        for what, node in guarded:
            if any(a is el for a in node.iterancestors()):
                return what, "an ancestor of"
    if not inner_ok:
        for el in matched:
            above = set(el.iterancestors())
            for what, node in guarded:
                if node in above:
                    return what, "a node inside"
    return None


def to_firecrawl(
    template: Template,
    report: ExportReport | None = None,
    *,
    chrome: Sequence[str] = (),
    pages: Sequence[Page] = (),
) -> dict[str, Any]:
    """Firecrawl scrape options: ``excludeTags`` from remove rules, attribute filters and (with
    ``chrome``) the site's chrome selectors; ``includeTags`` from keep rules (Firecrawl then
    returns only those parts); ``onlyMainContent`` off, as the rules say what the content is.

    With ``pages`` (the site's pages), a selector that would drop there content the template
    keeps or extracts is left out of ``excludeTags`` and named in ``report``: a chrome selector
    matching a keep rule's or a field's nodes, a node inside them or an ancestor; a remove rule
    or filter matching a keep rule's nodes or an ancestor (which the template never removes)."""
    report = report if report is not None else ExportReport()
    own = _rule_css(template.remove, report, "remove") + _filter_css(template, report)
    extra = [css for css in dict.fromkeys(chrome) if css not in own]
    dropped = protected_conflicts(template, pages, own, own_rules=True) if pages else {}
    for css, why in protected_conflicts(template, pages, extra, own_rules=False).items():
        dropped.setdefault(css, why)
    exclude = [css for css in [*own, *extra] if css not in dropped]
    for css in [*own, *extra]:
        if css in dropped:
            kind = "chrome selector" if css in extra else "remove selector"
            report.notes.append(
                f"{kind} {css!r} left out of excludeTags: {dropped[css]}, which the template "
                "keeps or extracts"
            )
    include = _rule_css(template.keep, report, "keep")
    options: dict[str, Any] = {"formats": ["markdown"], "onlyMainContent": False}
    if include:
        options["includeTags"] = include
        report.notes.append(
            "keep rules became includeTags: Firecrawl returns only those parts of a page"
        )
    if exclude:
        options["excludeTags"] = exclude
    if template.fields:
        report.notes.append(
            "fields are not part of Firecrawl scrape options (its JSON extraction is LLM-based)"
        )
    return options


def dumps(doc: dict[str, Any]) -> str:
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


def write_text_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write a whole file or nothing: a temporary file beside it, renamed into place, with
    the mode any new file of the user gets (the umask's; mkstemp's 0600 is for secrets, and
    a report or an export is to share)."""
    from deboiler_gui.engine.output import _current_umask, check_output_path

    target = Path(path)
    check_output_path(target)
    fd, tmp = tempfile.mkstemp(
        prefix=f".{target.name}.", suffix=".part", dir=target.parent if str(target.parent) else "."
    )
    try:
        os.fchmod(fd, 0o666 & ~_current_umask())
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


# --------------------------------------------------------------------------- chrome as CSS


def _simple_css(el: Any) -> str:
    from deboiler_gui.engine.template.selectors import is_wordlike

    tag = el.tag
    ident = el.get("id") or ""
    if ident and is_wordlike(ident) and _IDENT.match(ident):
        return f"{tag}#{ident}"
    classes = [c for c in (el.get("class") or "").split() if is_wordlike(c) and _IDENT.match(c)]
    if classes:
        return str(tag) + "".join(f".{c}" for c in classes)
    return xpath_to_css(str(el.getroottree().getpath(el))).css


def chrome_selectors(
    pages: Sequence[Page],
    model: DomainModel,
    *,
    min_share: float = 0.5,
    precision: float = 0.95,
    left_out: list[str] | None = None,
) -> list[tuple[str, float]]:
    """CSS selectors for the site's chrome that hold over the given pages: (selector, share of
    pages where it matches). Each part of the site's chrome gives a selector built on the page
    it was taken from; a selector is kept when it matches on at least ``min_share`` of the
    pages and, on at least ``precision`` of those, everything it matches is boilerplate.
    ``left_out`` receives one line per selector not kept, saying why."""
    from cssselect import GenericTranslator, SelectorError

    from deboiler_gui.engine.clean.chrome import site_chrome
    from deboiler_gui.engine.clean.cleaning import find_boilerplate
    from deboiler_gui.engine.htmltree import parse_html

    notes: list[str] = left_out if left_out is not None else []
    if not pages:
        return []
    chrome = site_chrome(model.site, pages, model)
    if not chrome.representative_url:
        return []
    by_url = {p.url: p for p in pages}
    roots: dict[str, Any] = {}
    candidates: dict[str, list[Any]] = {}  # selector -> the chrome parts it stands for
    for part in chrome.parts:
        page = by_url.get(part.url)
        if page is None:
            continue
        if part.url not in roots:
            roots[part.url] = parse_html(page.html)
        found = roots[part.url].xpath(part.xpath)
        if not found:
            notes.append(f"chrome part {_part_name(part)} left out of excludeTags: not found again")
            continue
        try:
            css = _simple_css(found[0])
        except Untranslatable as exc:
            notes.append(
                f"chrome part {_part_name(part)} left out of excludeTags: no CSS selector ({exc})"
            )
            continue
        candidates.setdefault(css, []).append(part)
    translator = GenericTranslator()
    compiled = {}
    for css, parts in candidates.items():
        try:
            compiled[css] = translator.css_to_xpath(css)
        except SelectorError as exc:
            notes.append(f"chrome selector {css!r} ({_parts_name(parts)}) left out: {exc}")
    hits = dict.fromkeys(compiled, 0)
    clean = dict.fromkeys(compiled, 0)
    kept_on: dict[str, str] = {}  # a page where the cleaner keeps some of what it matches
    # (b, a) -> pages where everything b matches lies inside what a matches (b adds nothing)
    inside: dict[tuple[str, str], int] = {}
    for page in pages:
        tree: Any = parse_html(page.html)
        removed = {el for el, _r in find_boilerplate(tree, model)}
        matches = {css: tree.xpath(xp) for css, xp in compiled.items()}
        for css, matched in matches.items():
            if not matched:
                continue
            for other, theirs in matches.items():
                if other != css and theirs:
                    outer = set(theirs)
                    if all(
                        el in outer or any(a in outer for a in el.iterancestors()) for el in matched
                    ):
                        inside[(css, other)] = inside.get((css, other), 0) + 1
        for css, matched in matches.items():
            if not matched:
                continue
            hits[css] += 1
            if all(
                el in removed or any(a in removed for a in el.iterancestors()) for el in matched
            ):
                clean[css] += 1
            else:
                kept_on.setdefault(css, page.url)
    out = []
    for css in compiled:
        share = hits[css] / len(pages)
        why = ""
        if share < min_share:
            why = (
                f"it matches on {hits[css]} of the {len(pages)} pages read (needs {min_share:.0%})"
            )
        elif clean[css] < precision * hits[css]:
            why = (
                f"what it matches is boilerplate on only {clean[css]} of the {hits[css]} "
                f"pages where it matches (needs {precision:.0%}); the cleaner keeps some of it "
                f"on the others, e.g. {kept_on.get(css, '')}"
            )
        if why:
            notes.append(
                f"chrome selector {css!r} ({_parts_name(candidates[css])}) left out of "
                f"excludeTags: {why}"
            )
        else:
            out.append((css, round(share, 3)))
    # a selector whose every match lies inside a kept one's (a cell of an excluded navigation
    # table) is left out: the other already drops it
    kept = [css for css, _share in out]
    covered = {
        css
        for n, css in enumerate(kept)
        if any(
            inside.get((css, other), 0) == hits[css]
            and not (inside.get((other, css), 0) == hits[other] and m > n)
            for m, other in enumerate(kept)
            if other != css
        )
    }
    for css in kept:
        if css not in covered:
            continue
        container = next(
            (
                o
                for o in kept
                if o != css and o not in covered and inside.get((css, o)) == hits[css]
            ),
            "another selector",
        )
        notes.append(
            f"chrome selector {css!r} ({_parts_name(candidates[css])}) left out of "
            f"excludeTags: everything it matches is inside {container!r}, which is excluded"
        )
    return [(css, share) for css, share in out if css not in covered]


def _part_name(part: Any) -> str:
    text = " ".join(part.text.split())
    text = text if len(text) <= 40 else text[:39] + "…"
    return f"{part.xpath} on {part.url} ({text!r}, removed on {part.pages} pages)"


def _parts_name(parts: Sequence[Any]) -> str:
    first = parts[0]
    text = " ".join(first.text.split())
    text = text if len(text) <= 40 else text[:39] + "…"
    more = f" and {len(parts) - 1} more" if len(parts) > 1 else ""
    return f"chrome part {text!r}, removed on {first.pages} pages{more}"


__all__ = [
    "CssSelector",
    "ExportReport",
    "Untranslatable",
    "chrome_selectors",
    "protected_conflicts",
    "to_crawl4ai",
    "to_firecrawl",
    "xpath_to_css",
]
