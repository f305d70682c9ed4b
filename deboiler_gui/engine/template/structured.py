"""Structured data (JSON-LD, microdata, OpenGraph, read with extruct) offered as field
candidates: each value with an expression the template engine evaluates, and its site-wide
hit rate."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any
from urllib.parse import urljoin

from deboiler_gui.engine.htmltree import HtmlElement, normalize_text
from deboiler_gui.engine.model import Page, RuleError
from deboiler_gui.engine.template.model import Field, Processor, Template
from deboiler_gui.engine.template.selectors import xpath_literal

log = logging.getLogger(__name__)

SYNTAXES = ("json-ld", "microdata", "opengraph")  # read by extruct; RDFa Lite is read here
_JSONLD_SCRIPTS = "//script[@type='application/ld+json']"
#: Microdata elements whose value is an attribute (HTML Living Standard, microdata values).
_VALUE_ATTR = {
    "meta": "content",
    "a": "href",
    "area": "href",
    "link": "href",
    "img": "src",
    "audio": "src",
    "video": "src",
    "source": "src",
    "iframe": "src",
    "embed": "src",
    "object": "data",
    "data": "value",
    "meter": "value",
    "time": "datetime",
}


# --------------------------------------------------------------------------- JSON-LD paths


def _objects(doc: Any) -> Iterator[dict[str, Any]]:
    """Top-level JSON-LD objects, ``@graph`` members included."""
    items = doc if isinstance(doc, list) else [doc]
    for item in items:
        if isinstance(item, dict):
            yield item
            graph = item.get("@graph")
            if isinstance(graph, list):
                yield from (g for g in graph if isinstance(g, dict))


def _type_name(obj: dict[str, Any]) -> str:
    kind = obj.get("@type", "Thing")
    if isinstance(kind, list):
        kind = kind[0] if kind else "Thing"
    return str(kind).rsplit("/", 1)[-1]


def jsonld_value(text: str, path: str) -> str:
    """The value at ``path`` (``Type.key.key``, list indices as numbers, e.g.
    ``Product.offers.0.price``) in a JSON-LD block: the first object of that type; empty when
    the path is missing or the block is not JSON."""
    try:
        doc = json.loads(text)
    except ValueError:
        return ""
    kind, _, rest = path.partition(".")
    for obj in _objects(doc):
        if _type_name(obj) != kind:
            continue
        value: Any = obj
        for key in rest.split(".") if rest else []:
            if isinstance(value, list):
                if not key.isdigit() or int(key) >= len(value):
                    value = None
                    break
                value = value[int(key)]
            elif isinstance(value, dict):
                value = value.get(key)
            else:
                value = None
            if value is None:
                break
        if value is not None and not isinstance(value, dict | list):
            return str(value)
    return ""


def _leaves(value: Any, prefix: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, dict):
        for key, sub in value.items():
            if not key.startswith("@"):
                yield from _leaves(sub, f"{prefix}.{key}")
    elif isinstance(value, list):
        for i, sub in enumerate(value[:5]):
            yield from _leaves(sub, f"{prefix}.{i}")
    elif value is not None and str(value).strip():
        yield prefix, str(value)


# --------------------------------------------------------------------------- candidates


@dataclass
class StructuredCandidate:
    """One structured value of a page and how a field gets it."""

    syntax: str
    path: str
    value: str
    field: Field | None
    why_not: str = ""
    #: Share of the site's pages (sampled) where the field gives a value.
    site_rate: float | None = None
    extra: dict[str, Any] = dc_field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "syntax": self.syntax,
            "path": self.path,
            "value": self.value[:300],
            "field": self.field.to_dict() if self.field is not None else None,
            "why_not": self.why_not,
            "site_rate": self.site_rate,
        }


def _field_id(path: str) -> str:
    parts = [p for p in path.replace(":", "_").split(".") if not p.isdigit()]
    return "_".join(parts[-2:]).lower() if len(parts) > 1 else parts[0].lower()


def _microdata_value(el: HtmlElement, base: str) -> tuple[str, str]:
    """(value, XPath suffix) of a microdata property element."""
    if el.get("content") is not None:
        return el.get("content") or "", "/@content"
    attr = _VALUE_ATTR.get(el.tag)
    if attr and el.get(attr) is not None:
        raw = el.get(attr) or ""
        return (urljoin(base, raw) if attr in ("href", "src", "data") else raw), f"/@{attr}"
    return normalize_text(el.text_content()), ""


def _same(a: str, b: str) -> bool:
    return " ".join(a.split()) == " ".join(b.split())


def _evaluate(root: HtmlElement, fld: Field) -> str:
    from deboiler_gui.engine.template.extract import extract_field

    value, _report = extract_field(root, fld, Template("structured"))
    return value if isinstance(value, str) else ""


def page_candidates(page: Page, root: HtmlElement | None = None) -> list[StructuredCandidate]:
    """The structured values of one page (extruct), each with the field that reads it where the
    template engine can (OpenGraph and microdata by XPath, JSON-LD by XPath plus the ``jsonld``
    processor), checked to give the same value on this page."""
    import extruct

    from deboiler_gui.engine.htmltree import parse_html

    if root is None:
        root = parse_html(page.html)
    try:
        data = extruct.extract(
            page.html, base_url=page.url, syntaxes=list(SYNTAXES), uniform=True, errors="log"
        )
    except Exception as exc:  # a page extruct cannot read has no candidates, the run goes on
        log.warning("structured data of %s could not be read: %s", page.url, exc)
        return []
    out: list[StructuredCandidate] = []
    # JSON-LD: one script block after another, each object's leaves
    scripts = root.xpath(_JSONLD_SCRIPTS)
    for n, script in enumerate(scripts, 1):
        try:
            doc = json.loads(script.text or "")
        except ValueError:
            continue
        seen: set[str] = set()
        for obj in _objects(doc):
            kind = _type_name(obj)
            if kind in seen:
                continue  # jsonld_value reads the first object of a type
            seen.add(kind)
            for path, value in _leaves(obj, kind):
                expr = (
                    f"({_JSONLD_SCRIPTS})[{n}]/text()"
                    if len(scripts) > 1
                    else f"{_JSONLD_SCRIPTS}/text()"
                )
                fld = Field(
                    _field_id(path),
                    title=path,
                    xpaths=(expr,),
                    processors=(Processor("jsonld", (path,)),),
                )
                out.append(_checked("json-ld", path, value, fld, root))
    for item in data.get("opengraph", []):
        for key, value in item.items():
            if key.startswith("@") or not isinstance(value, str):
                continue
            fld = Field(
                _field_id(key),
                title=key,
                xpaths=(f"//meta[@property={xpath_literal(key)}]/@content",),
            )
            out.append(_checked("opengraph", key, value, fld, root))
    for item in data.get("microdata", []):
        kind = str(item.get("@type", "Thing"))
        if isinstance(item.get("@type"), list):
            kind = str(item["@type"][0])
        for prop, value in item.items():
            if prop.startswith("@") or isinstance(value, dict | list):
                continue
            path = f"{kind.rsplit('/', 1)[-1]}.{prop}"
            scope = (
                f"//*[@itemscope][contains(@itemtype, {xpath_literal(kind.rsplit('/', 1)[-1])})]"
            )
            els = root.xpath(f"{scope}//*[@itemprop={xpath_literal(prop)}]")
            if not els:
                out.append(
                    StructuredCandidate(
                        "microdata", path, str(value), None, "no element with this itemprop"
                    )
                )
                continue
            _v, suffix = _microdata_value(els[0], page.url)
            fld = Field(
                _field_id(path),
                title=path,
                xpaths=(f"{scope}//*[@itemprop={xpath_literal(prop)}]{suffix}",),
            )
            out.append(_checked("microdata", path, str(value), fld, root, base=page.url))
    out.extend(_rdfa_candidates(root))
    return out


_OG_PREFIXES = ("og:", "article:", "product:", "book:", "profile:", "music:", "video:", "fb:")


def _rdfa_candidates(root: HtmlElement) -> list[StructuredCandidate]:
    """RDFa Lite ``property`` values under a ``typeof`` (OpenGraph's ``og:*`` left to the
    OpenGraph reader), read from the tree: the first element of each type and property, its
    ``content`` attribute or else its text."""
    out: list[StructuredCandidate] = []
    seen: set[tuple[str, str]] = set()
    for el in root.xpath("//*[@property]"):
        prop = (el.get("property") or "").split()
        if len(prop) != 1 or prop[0].startswith(_OG_PREFIXES):
            continue
        scope = next((a for a in el.iterancestors() if a.get("typeof")), None)
        if scope is None:
            continue
        kind = str(scope.get("typeof")).split()[0].rstrip("/").rsplit("/", 1)[-1]
        kind = kind.rsplit(":", 1)[-1]
        if (kind, prop[0]) in seen:
            continue
        seen.add((kind, prop[0]))
        scope_xp = f"//*[@typeof][contains(@typeof, {xpath_literal(kind)})]"
        expr = f"{scope_xp}//*[@property={xpath_literal(prop[0])}]"
        content = el.get("content")
        value = content if content is not None else el.text_content()
        value = " ".join(value.split())
        if not value:
            continue
        path = f"{kind}.{prop[0].rsplit(':', 1)[-1]}"
        fld = Field(
            _field_id(path),
            title=path,
            xpaths=(expr + ("/@content" if content is not None else ""),),
        )
        out.append(_checked("rdfa", path, value, fld, root))
    return out


def _checked(
    syntax: str, path: str, value: str, fld: Field, root: HtmlElement, base: str = ""
) -> StructuredCandidate:
    try:
        got = _evaluate(root, fld)
    except RuleError as exc:
        return StructuredCandidate(syntax, path, value, None, f"expression failed: {exc}")
    if (
        base
        and got
        and not got.startswith(("http:", "https:"))
        and value.startswith(("http:", "https:"))
    ):
        got = urljoin(base, got)
    if not _same(got, value):
        return StructuredCandidate(syntax, path, value, None, f"the expression gives {got[:60]!r}")
    return StructuredCandidate(syntax, path, value, fld)


def site_rates(candidates: Sequence[StructuredCandidate], trees: Iterable[HtmlElement]) -> None:
    """Set each candidate's ``site_rate``: the share of the given pages where its field gives a
    value."""
    usable = [c for c in candidates if c.field is not None]
    hits = [0] * len(usable)
    total = 0
    for root in trees:
        total += 1
        for i, cand in enumerate(usable):
            assert cand.field is not None
            try:
                if _evaluate(root, cand.field):
                    hits[i] += 1
            except RuleError:
                continue
    for cand, n in zip(usable, hits, strict=True):
        cand.site_rate = round(n / total, 4) if total else None


# --------------------------------------------------------------------------- values of a page


def _put(out: dict[str, str], key: str, value: Any) -> None:
    text = " ".join(str(value).split()) if value is not None else ""
    if text and key not in out:
        out[key] = text


def _scope_type(el: HtmlElement | None, attr: str) -> str:
    """The type name of the nearest ancestor-or-self carrying ``attr`` (itemtype, typeof)."""
    node: Any = el
    while node is not None:
        kind = node.get(attr)
        if kind:
            return str(kind).split()[0].rstrip("/").rsplit("/", 1)[-1].rsplit(":", 1)[-1]
        node = node.getparent()
    return "Thing"


def page_values(root: HtmlElement) -> dict[str, str]:
    """Every structured value of a parsed page, keyed ``syntax:path`` (``json-ld:Product.name``,
    ``microdata:Product.price``, ``rdfa:Article.headline``, ``opengraph:og:title``); the first
    value of a key wins, whitespace runs are one space. Read from the tree (no second parse), for
    repair anchors: the same page's value in another form."""
    out: dict[str, str] = {}
    for script in root.iter("script"):
        if (script.get("type") or "").strip().lower() != "application/ld+json":
            continue
        try:
            doc = json.loads(script.text or "")
        except ValueError:
            continue
        for obj in _objects(doc):
            for path, value in _leaves(obj, _type_name(obj)):
                _put(out, f"json-ld:{path}", value)
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        prop = el.get("itemprop")
        if prop and el.get("itemscope") is None:
            attr = _VALUE_ATTR.get(el.tag)
            value = el.get(attr) if attr else el.text_content()
            for name in prop.split():
                _put(out, f"microdata:{_scope_type(el.getparent(), 'itemtype')}.{name}", value)
        rdfa = el.get("property")
        if rdfa:
            value = el.get("content") if el.get("content") is not None else el.text_content()
            for name in rdfa.split():
                if name.startswith(("og:", "article:", "product:", "book:", "profile:")):
                    _put(out, f"opengraph:{name}", value)
                else:
                    kind = _scope_type(el.getparent(), "typeof")
                    _put(out, f"rdfa:{kind}.{name.rsplit(':', 1)[-1]}", value)
    return out


__all__ = [
    "SYNTAXES",
    "StructuredCandidate",
    "jsonld_value",
    "page_candidates",
    "page_values",
    "site_rates",
]
