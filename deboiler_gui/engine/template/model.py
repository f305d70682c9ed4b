"""The template model: one schema (frozen dataclasses with to_dict/from_dict) spoken by the
engine, the workspace store, rule files and the desktop app."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from deboiler_gui.engine.model import RuleError

#: Output kinds of a field.
KINDS = ("text", "html", "attribute")
#: Keys an extraction record holds beside the fields' values (``extract``'s JSON lines and
#: CSV columns): a field of one of these names would overwrite it.
RECORD_KEYS = ("url", "template", "status", "error", "diagnostics")


def reserved_field_error(field_id: str, template: str = "") -> RuleError | None:
    """The error for a field named like a key of the extraction record, else None."""
    if field_id not in RECORD_KEYS:
        return None
    return RuleError(
        f"a field cannot be named {field_id!r}: {', '.join(RECORD_KEYS)} are the extraction "
        f"record's own keys, which its value would overwrite; name it otherwise "
        f"({field_id}_value, page_{field_id}…)",
        template=template,
        field=field_id,
    )


#: Noise filter kinds (Wenzhi's four): text regex, URL rule, element-attribute rule, html cut.
FILTER_KINDS = ("text", "url", "attribute", "html")
#: Operators of an element-attribute rule.
ATTRIBUTE_OPS = ("contains", "equals", "regex", "exists", "word")


def _tuple(value: Any) -> tuple[Any, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    return tuple(value)


@dataclass(frozen=True)
class Processor:
    """A post-processor applied to a field value, by name (see ``rules.PROCESSORS``)."""

    name: str
    args: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "args": list(self.args)}

    @classmethod
    def from_dict(cls, data: Any) -> Processor:
        if isinstance(data, str):  # shorthand "strip" or "regex:..." kept for hand-written files
            name, _, arg = data.partition(":")
            return cls(name, (arg,) if arg else ())
        return cls(str(data["name"]), tuple(str(a) for a in data.get("args", ())))


@dataclass(frozen=True)
class Context:
    """Context search rule: a stored text near the field at a signed distance (positive when the
    context comes before the field), counted in sibling/ancestor steps."""

    content: str
    distance: int = 1

    def to_dict(self) -> dict[str, Any]:
        return {"content": self.content, "distance": self.distance}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Context:
        return cls(str(data["content"]), int(data.get("distance", 1)))


@dataclass(frozen=True)
class SearchRules:
    """Seed-002 search rules used by adaptive repair when every XPath of a field fails."""

    keyword: str = ""
    tag: str = ""
    context: tuple[Context, ...] = ()
    font_color: str = ""
    font_size: str = ""
    threshold: float = 0.6
    #: Structural fingerprint of the node last extracted (tag path, classes, parent tag...).
    fingerprint: dict[str, Any] = field(default_factory=dict, hash=False, compare=True)

    @property
    def empty(self) -> bool:
        return not (
            self.keyword
            or self.tag
            or self.context
            or self.font_color
            or self.font_size
            or self.fingerprint
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "keyword": self.keyword,
            "tag": self.tag,
            "context": [c.to_dict() for c in self.context],
            "font_color": self.font_color,
            "font_size": self.font_size,
            "threshold": self.threshold,
            "fingerprint": {k: self.fingerprint[k] for k in sorted(self.fingerprint)},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> SearchRules:
        data = data or {}
        return cls(
            keyword=str(data.get("keyword", "")),
            tag=str(data.get("tag", "")),
            context=tuple(Context.from_dict(c) for c in data.get("context", ())),
            font_color=str(data.get("font_color", "")),
            font_size=str(data.get("font_size", "")),
            threshold=float(data.get("threshold", 0.6)),
            fingerprint=dict(data.get("fingerprint", {})),
        )


@dataclass(frozen=True)
class Field:
    """A data node: an XPath queue tried in order (XPath or CSS, ``%d`` for lists), an output
    kind, post-processors and search rules. ``children`` makes it a record list: each node the
    queue matches is an item container and children are evaluated relative to it."""

    id: str
    title: str = ""
    xpaths: tuple[str, ...] = ()
    kind: str = "text"
    attribute: str = ""
    is_list: bool = False
    required: bool = False
    processors: tuple[Processor, ...] = ()
    search: SearchRules = field(default_factory=SearchRules)
    children: tuple[Field, ...] = ()

    def __post_init__(self) -> None:
        # Only an attribute field gives an attribute: a text or html field stores none (an
        # old template's "text" field with "attribute": "href" reads, shows and saves as text
        # alone; its values were the text all along).
        if self.kind in ("text", "html") and self.attribute:
            object.__setattr__(self, "attribute", "")

    def with_example_pages(self, urls: Iterable[str]) -> Field:
        """A copy that records the pages its rule was induced from clicks on (its search
        rules' ``examples``): the correctness signals judge the rule's node by those pages'."""
        pages = sorted(set(urls))
        if not pages:
            return self
        fp = {**self.search.fingerprint, "examples": pages}
        return replace(self, search=replace(self.search, fingerprint=fp))

    def with_xpath(self, xpath: str) -> Field:
        """A copy with ``xpath`` appended to the queue (no duplicates)."""
        if xpath in self.xpaths:
            return self
        return replace(self, xpaths=(*self.xpaths, xpath))

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "xpaths": list(self.xpaths),
            "kind": self.kind,
            "attribute": self.attribute,
            "list": self.is_list,
            "required": self.required,
            "processors": [p.to_dict() for p in self.processors],
            "search": self.search.to_dict(),
            "children": [c.to_dict() for c in self.children],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Field:
        return cls(
            id=str(data["id"]),
            title=str(data.get("title", "")),
            xpaths=tuple(str(x) for x in _tuple(data.get("xpaths"))),
            kind=str(data.get("kind", "text")),
            attribute=str(data.get("attribute", "")),
            is_list=bool(data.get("list", False)),
            required=bool(data.get("required", False)),
            processors=tuple(Processor.from_dict(p) for p in data.get("processors", ())),
            search=SearchRules.from_dict(data.get("search")),
            children=tuple(Field.from_dict(c) for c in data.get("children", ())),
        )


@dataclass(frozen=True)
class Rule:
    """A remove or keep rule: subtrees matched by ``selector`` (XPath or CSS)."""

    name: str
    selector: str
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "selector": self.selector, "note": self.note}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rule:
        return cls(str(data["name"]), str(data["selector"]), str(data.get("note", "")))


@dataclass(frozen=True)
class NoiseFilter:
    """One of the four noise filters.

    - ``text``: ``pattern`` is a regex; its matches are removed from text values.
    - ``url``: link nodes (``selector``, default ``//a[@href]``) whose href does not match the
      regex ``pattern`` are dropped.
    - ``attribute``: nodes whose ``attribute`` satisfies ``op`` ``value`` are dropped
      (``selector`` narrows the tag, default any element).
    - ``html``: every substring of the html from ``start`` to the next ``end`` is cut.

    ``fields`` limits the filter to those field ids; empty means every field and the page.
    """

    name: str
    kind: str
    pattern: str = ""
    selector: str = ""
    attribute: str = ""
    op: str = "contains"
    value: str = ""
    start: str = ""
    end: str = ""
    fields: tuple[str, ...] = ()

    def applies_to(self, field_id: str | None) -> bool:
        return not self.fields or (field_id is not None and field_id in self.fields)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "pattern": self.pattern,
            "selector": self.selector,
            "attribute": self.attribute,
            "op": self.op,
            "value": self.value,
            "start": self.start,
            "end": self.end,
            "fields": list(self.fields),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> NoiseFilter:
        return cls(
            name=str(data["name"]),
            kind=str(data["kind"]),
            pattern=str(data.get("pattern", "")),
            selector=str(data.get("selector", "")),
            attribute=str(data.get("attribute", "")),
            op=str(data.get("op", "contains")),
            value=str(data.get("value", "")),
            start=str(data.get("start", "")),
            end=str(data.get("end", "")),
            fields=tuple(str(f) for f in _tuple(data.get("fields"))),
        )


@dataclass(frozen=True)
class Template:
    """A template: site, sample URLs / patterns, remove and keep rules, fields, noise filters.

    ``url_threshold`` is the t of R(w,m) > t (seed 002).
    """

    name: str
    site: str = ""
    urls: tuple[str, ...] = ()
    url_threshold: float = 0.5
    remove: tuple[Rule, ...] = ()
    keep: tuple[Rule, ...] = ()
    fields: tuple[Field, ...] = ()
    filters: tuple[NoiseFilter, ...] = ()
    use_cleaner: bool = True
    description: str = ""
    #: A link factory (seed 003): its fields fill ``url_pattern`` and the crawler follows the
    #: URLs; ``{"url_pattern": ..., "match": ...}`` or empty for an ordinary template.
    link_factory: dict[str, str] = field(default_factory=dict)

    def field(self, field_id: str) -> Field:
        for f in self.fields:
            if f.id == field_id:
                return f
        raise RuleError("no such field", template=self.name, field=field_id)

    def with_field(self, new: Field) -> Template:
        """A copy with the field of the same id replaced (or appended)."""
        fields = list(self.fields)
        for i, f in enumerate(fields):
            if f.id == new.id:
                fields[i] = new
                break
        else:
            fields.append(new)
        return replace(self, fields=tuple(fields))

    def to_dict(self) -> dict[str, Any]:
        # Key order is fixed here, so rule files and stored versions diff cleanly.
        return {
            "name": self.name,
            "site": self.site,
            "description": self.description,
            "urls": list(self.urls),
            "url_threshold": self.url_threshold,
            "use_cleaner": self.use_cleaner,
            "remove": [r.to_dict() for r in self.remove],
            "keep": [r.to_dict() for r in self.keep],
            "fields": [f.to_dict() for f in self.fields],
            "filters": [f.to_dict() for f in self.filters],
            # only present when set, so ordinary templates' files stay as they were
            **({"link_factory": dict(self.link_factory)} if self.link_factory else {}),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Template:
        name = str(data.get("name", "") or "")
        try:
            template = cls(
                name=name,
                site=str(data.get("site", "")),
                description=str(data.get("description", "")),
                urls=tuple(str(u) for u in _tuple(data.get("urls"))),
                url_threshold=float(data.get("url_threshold", 0.5)),
                use_cleaner=bool(data.get("use_cleaner", True)),
                remove=tuple(Rule.from_dict(r) for r in data.get("remove", ())),
                keep=tuple(Rule.from_dict(r) for r in data.get("keep", ())),
                fields=tuple(Field.from_dict(f) for f in data.get("fields", ())),
                filters=tuple(NoiseFilter.from_dict(f) for f in data.get("filters", ())),
                link_factory={str(k): str(v) for k, v in (data.get("link_factory") or {}).items()},
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RuleError(
                f"malformed template data ({exc.__class__.__name__}: {exc})", template=name or None
            ) from exc
        template.validate_shape()
        return template

    def validate_shape(self) -> None:
        """Structural checks that need no parsing of expressions (those live in extract)."""
        if not self.name:
            raise RuleError("a template needs a name")
        if any(ord(ch) < 32 or ord(ch) == 127 for ch in self.name):
            raise RuleError(
                f"a template name cannot hold control characters (line breaks, tabs): {self.name!r}"
            )
        if not (math.isfinite(self.url_threshold) and 0.0 <= self.url_threshold <= 1.0):
            raise RuleError(
                f"url_threshold must be a number from 0 to 1, not {self.url_threshold!r}",
                template=self.name,
            )
        seen: set[str] = set()
        for f in self.fields:
            if not f.id:
                raise RuleError("a field needs an id", template=self.name)
            if f.id in seen:
                raise RuleError("duplicate field id", template=self.name, field=f.id)
            seen.add(f.id)
            for sub in (f, *f.children):
                threshold = sub.search.threshold
                if not (math.isfinite(threshold) and 0.0 <= threshold <= 1.0):
                    raise RuleError(
                        f"search threshold must be a number from 0 to 1, not {threshold!r}",
                        template=self.name,
                        field=sub.id,
                    )
                if sub.kind not in KINDS:
                    raise RuleError(
                        f"unknown output kind {sub.kind!r} (use {', '.join(KINDS)})",
                        template=self.name,
                        field=sub.id,
                    )
                if sub.kind == "attribute" and not sub.attribute:
                    raise RuleError(
                        "kind 'attribute' needs an attribute name", template=self.name, field=sub.id
                    )
        for flt in self.filters:
            if flt.kind not in FILTER_KINDS:
                raise RuleError(
                    f"unknown filter kind {flt.kind!r} (use {', '.join(FILTER_KINDS)})",
                    template=self.name,
                    rule=flt.name,
                )
            if flt.kind == "attribute" and flt.op not in ATTRIBUTE_OPS:
                raise RuleError(
                    f"unknown operator {flt.op!r} (use {', '.join(ATTRIBUTE_OPS)})",
                    template=self.name,
                    rule=flt.name,
                )
