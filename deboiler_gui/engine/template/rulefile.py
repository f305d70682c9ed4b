"""Rule files: the versioned JSON format (v1, JSON Schema in resources/), the paper's XML
template format, a trafilatura prune-XPath list and a runnable Scrapy/parsel spider."""

from __future__ import annotations

import json
import keyword
import os
import re
from collections.abc import Sequence
from typing import Any, cast

import lxml.etree as etree

from deboiler_gui import assets
from deboiler_gui.engine.model import RuleError
from deboiler_gui.engine.template.extract import check_template
from deboiler_gui.engine.template.model import (
    Context,
    Field,
    SearchRules,
    Template,
    reserved_field_error,
)
from deboiler_gui.engine.template.selectors import to_xpath

FORMAT = "deboiler-gui-rules"
VERSION = 1
#: A rule file larger than this is refused unread (the largest real ones are a few hundred KB).
MAX_RULE_FILE_BYTES = 32 * 1024 * 1024
#: Deepest nesting of a rule file's JSON (a template with fields with children is about 8).
MAX_NESTING = 64
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_XML_PARSER = etree.XMLParser(
    resolve_entities=False, no_network=True, huge_tree=False, remove_comments=True
)


# --------------------------------------------------------------------------- JSON v1


def dumps(templates: Sequence[Template]) -> str:
    """A rule file: fixed key order, two-space indent, UTF-8 text, trailing newline, so the
    same templates always give the same bytes and diffs stay readable."""
    doc = {"format": FORMAT, "version": VERSION, "templates": [t.to_dict() for t in templates]}
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


def schema() -> dict[str, Any]:
    """The JSON Schema of rule files (shipped as resources/rulefile.schema.json)."""
    text = assets.text("rulefile.schema.json")
    return json.loads(text)  # type: ignore[no-any-return]


def loads(text: str | bytes, *, source: str = "rule file") -> list[Template]:
    """Templates of a rule file, fully validated (every expression compiled) before anything is
    returned, so a caller that writes only after this never half-imports."""
    if len(text) > MAX_RULE_FILE_BYTES:
        raise RuleError(f"{source}: over {MAX_RULE_FILE_BYTES:,} bytes, too large for a rule file")
    try:
        doc = json.loads(text)
    except RecursionError as exc:
        raise RuleError(
            f"{source}: not a rule file (nested deeper than {MAX_NESTING} levels)"
        ) from exc
    except (ValueError, UnicodeDecodeError) as exc:
        raise RuleError(f"{source}: not valid JSON ({exc})") from exc
    problem = _hostile_value(doc)
    if problem is not None:
        raise RuleError(f"{source}: {problem}")
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise RuleError(f'{source}: not a deboiler-gui rule file (missing "format": "{FORMAT}")')
    version = doc.get("version")
    if version != VERSION:
        raise RuleError(
            f"{source}: rule file version {version!r} is not supported (this build reads version {VERSION})"
        )
    raw = doc.get("templates")
    if not isinstance(raw, list):
        raise RuleError(f'{source}: "templates" must be a list')
    _check_schema(doc, source)
    out: list[Template] = []
    names: set[str] = set()
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise RuleError(f"{source}: template #{i + 1} is not an object")
        try:
            template = Template.from_dict(item)
            check_template(template)
        except RuleError as exc:
            raise RuleError(f"{source}: {exc}") from exc
        if template.name in names:
            raise RuleError(f"{source}: template {template.name!r} appears twice")
        names.add(template.name)
        out.append(template)
    return out


def read_file(path: str | os.PathLike[str]) -> list[Template]:
    """Templates of a rule file on disk: ``.xml`` in the paper's format, anything else JSON.

    At most MAX_RULE_FILE_BYTES are read, so a device or an endless file (``/dev/zero``) is
    refused instead of being read until memory runs out."""
    name = str(path)
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_RULE_FILE_BYTES + 1)
    except OSError as exc:
        raise RuleError(f"{name}: cannot read: {exc.strerror or exc}") from exc
    if len(data) > MAX_RULE_FILE_BYTES:
        raise RuleError(f"{name}: over {MAX_RULE_FILE_BYTES:,} bytes, too large for a rule file")
    if name.lower().endswith(".xml"):
        return from_paper_xml(data, source=name)
    return loads(data, source=name)


def _hostile_value(doc: Any) -> str | None:
    """Why parsed JSON cannot be a rule file before any validator walks it (nesting deeper than
    MAX_NESTING, a string holding a lone surrogate), else None. Iterative: never recurses."""
    stack: list[tuple[Any, str, int]] = [(doc, "", 0)]
    while stack:
        value, where, depth = stack.pop()
        if depth > MAX_NESTING:
            shown = where if len(where) <= 80 else "..." + where[-77:]
            return f"not a rule file (nested deeper than {MAX_NESTING} levels, at {shown})"
        if isinstance(value, dict):
            for key, item in value.items():
                if _LONE_SURROGATE.search(key):
                    return f"key {key!r} at {where or '(root)'} holds a lone surrogate (not text)"
                stack.append((item, f"{where}/{key}", depth + 1))
        elif isinstance(value, list):
            stack.extend((item, f"{where}/{i}", depth + 1) for i, item in enumerate(value))
        elif isinstance(value, str) and _LONE_SURROGATE.search(value):
            return f"the value at {where or '(root)'} ({value!r}) holds a lone surrogate (not text)"
    return None


def _check_schema(doc: dict[str, Any], source: str) -> None:
    import jsonschema  # imported here: only rule-file imports pay for it

    validator = jsonschema.Draft202012Validator(schema())
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
    if errors:
        err = errors[0]
        where = "/".join(str(p) for p in err.absolute_path) or "(root)"
        raise RuleError(f"{source}: schema violation at {where}: {err.message}")


# --------------------------------------------------------------------------- paper XML


def _sub(parent: etree._Element, tag: str, text: str | None = None) -> etree._Element:
    el = etree.SubElement(parent, tag)
    if text is not None:
        el.text = text
    return el


def to_paper_xml(templates: Sequence[Template], report: Any = None) -> str:
    """The seed-002 template format: <template><site/><url/><data><node>... per template.
    Only what that format holds is written (site, URLs, fields with XPaths and search rules).
    The format has no processors: a field whose value needs one is kept (the format is also
    this tool's template exchange, and its search rules stay useful) and a note in ``report``
    (an ``exports.ExportReport``) says that a reader of the file gets the raw text."""
    from deboiler_gui.engine.template.exports import unexportable_processor

    root = etree.Element("templates")
    for t in templates:
        for f in t.fields:
            why, _ = unexportable_processor(f, "a reader of the paper XML format")
            if why is not None and report is not None:
                report.notes.append(
                    f"field {f.id!r} of {t.name!r} is exported without its processors: {why}"
                )
        tel = _sub(root, "template")
        tel.set("name", t.name)
        _sub(tel, "site", t.site)
        for url in t.urls:
            _sub(tel, "url", url)
        data = _sub(tel, "data")
        for f in t.fields:
            node = _sub(data, "node")
            _sub(node, "nodeId", f.id)
            _sub(node, "title", f.title)
            xps = _sub(node, "xpaths")
            for xp in f.xpaths:
                _sub(xps, "xpath", xp)
            rule = _sub(node, "rule")
            _sub(rule, "keyword", f.search.keyword)
            _sub(rule, "tag", f.search.tag)
            for ctx in f.search.context:
                c = _sub(rule, "context")
                _sub(c, "content", ctx.content)
                _sub(c, "distance", str(ctx.distance))
            font = _sub(rule, "font")
            _sub(font, "color", f.search.font_color)
            _sub(font, "size", f.search.font_size)
    etree.indent(root, space="  ")
    return cast(str, etree.tostring(root, encoding="unicode", xml_declaration=False)) + "\n"


def _text(el: etree._Element | None) -> str:
    return (el.text or "").strip() if el is not None else ""


def from_paper_xml(text: str | bytes, *, source: str = "XML template") -> list[Template]:
    """Templates from the seed-002 XML format (a <template> root or a <templates> list)."""
    try:
        root = etree.fromstring(
            text.encode("utf-8") if isinstance(text, str) else text, _XML_PARSER
        )
    except UnicodeEncodeError as exc:
        raise RuleError(
            f"{source}: holds a lone surrogate at character {exc.start} (not text)"
        ) from exc
    except etree.XMLSyntaxError as exc:
        raise RuleError(f"{source}: not well-formed XML ({exc})") from exc
    items = (
        [root]
        if root.tag == "template"
        else root.findall("template")
        if root.tag == "templates"
        else []
    )
    if not items:
        raise RuleError(f"{source}: expected a <template> or <templates> root, got <{root.tag}>")
    out = []
    for i, tel in enumerate(items):
        site = _text(tel.find("site"))
        name = tel.get("name") or site or f"template-{i + 1}"
        fields = []
        data = tel.find("data")
        for node in data.findall("node") if data is not None else []:
            rule = node.find("rule")
            search = SearchRules()
            if rule is not None:
                contexts = []
                for c in rule.findall("context"):
                    dist = _text(c.find("distance")) or "1"
                    try:
                        contexts.append(Context(_text(c.find("content")), int(dist)))
                    except ValueError as exc:
                        raise RuleError(
                            f"{source}: context distance {dist!r} is not an integer", template=name
                        ) from exc
                font = rule.find("font")
                search = SearchRules(
                    keyword=_text(rule.find("keyword")),
                    tag=_text(rule.find("tag")),
                    context=tuple(c for c in contexts if c.content),
                    font_color=_text(font.find("color")) if font is not None else "",
                    font_size=_text(font.find("size")) if font is not None else "",
                )
            xps = node.find("xpaths")
            xpaths = tuple(
                _text(x) for x in (xps.findall("xpath") if xps is not None else []) if _text(x)
            )
            fields.append(
                Field(
                    id=_text(node.find("nodeId")),
                    title=_text(node.find("title")),
                    xpaths=xpaths,
                    search=search,
                )
            )
        template = Template(
            name=name,
            site=site,
            urls=tuple(_text(u) for u in tel.findall("url") if _text(u)),
            fields=tuple(fields),
        )
        try:
            check_template(template)
        except RuleError as exc:
            raise RuleError(f"{source}: {exc}") from exc
        out.append(template)
    return out


# --------------------------------------------------------------------------- other ecosystems


def to_trafilatura_prune(templates: Sequence[Template]) -> str:
    """A JSON list of XPaths for ``trafilatura.extract(..., prune_xpath=[...])``: the remove rules,
    CSS translated to XPath, element-attribute filters as XPath predicates."""
    out: list[str] = []
    for t in templates:
        for rule in t.remove:
            out.append(to_xpath(rule.selector))
        for flt in t.filters:
            if (
                flt.kind == "attribute"
                and flt.fields == ()
                and flt.op in ("contains", "equals", "exists")
            ):
                attr = f"@{flt.attribute}"
                pred = {
                    "contains": f"contains({attr}, {_lit(flt.value)})",
                    "equals": f"{attr}={_lit(flt.value)}",
                    "exists": attr,
                }[flt.op]
                base = to_xpath(flt.selector) if flt.selector else "//*"
                out.append(f"{base}[{pred}]")
    seen: dict[str, None] = dict.fromkeys(out)
    return json.dumps(list(seen), ensure_ascii=False, indent=2) + "\n"


def _lit(text: str) -> str:
    from deboiler_gui.engine.template.selectors import xpath_literal

    return xpath_literal(text)


def _ident(name: str) -> str:
    ident = re.sub(r"\W+", "_", name).strip("_") or "template"
    if ident[0].isdigit() or keyword.iskeyword(ident):
        ident = "t_" + ident
    return ident


_SPIDER = '''"""Scrapy spider exported by deboiler-gui from template {name!r}.

Run it with ``scrapy runspider {module}.py -o items.jsonl``; without Scrapy, ``extract(html)``
applies the same selectors with parsel: ``python {module}.py page.html``.
"""

import sys

from parsel import Selector

TEMPLATE = {template!r}
START_URLS = {urls!r}
ALLOWED_DOMAINS = {domains!r}
# field id -> (XPath queue, kind, attribute, is list); %d list steps are released.
FIELDS = {fields!r}
REMOVE = {remove!r}


def _text(sel):
    return " ".join(" ".join(sel.xpath(".//text()[not(ancestor::script) and not(ancestor::style)]").getall()).split())


def extract(html):
    """The template's fields from one page, as a dict."""
    root = Selector(text=html)
    for xp in REMOVE:
        for node in root.xpath(xp):
            node.drop()
    item = {{}}
    for fid, (queue, kind, attribute, is_list) in FIELDS.items():
        values = []
        for xp in queue:
            nodes = root.xpath(xp)
            if not is_list:
                nodes = nodes[:1]
            for node in nodes:
                if kind == "attribute" and hasattr(node.root, "tag"):
                    value = node.attrib.get(attribute, "")
                elif kind == "html":
                    value = node.get()
                elif isinstance(node.root, str):
                    value = " ".join(node.root.split())
                else:
                    value = _text(node)
                if value:
                    values.append(value)
            if values:
                break
        item[fid] = values if is_list else (values[0] if values else "")
    return item


try:
    import scrapy
except ImportError:  # parsel-only use: extract() still works
    scrapy = None

if scrapy is not None:

    class {cls}(scrapy.Spider):
        name = {spider!r}
        allowed_domains = ALLOWED_DOMAINS
        start_urls = START_URLS

        def parse(self, response):
            item = extract(response.text)
            item["url"] = response.url
            yield item


if __name__ == "__main__":
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8", errors="replace") as fh:
            print(extract(fh.read()))
'''


def to_scrapy_spider(template: Template, report: Any = None) -> str:
    """Python source of a Scrapy spider (parsel selectors) applying the template's fields; its
    ``extract(html)`` runs with parsel alone. Record fields export their container XPaths. A
    field whose value needs a processor the spider does not run (``jsonld``, ``regex``…) is
    left out and put in ``report`` (an ``exports.ExportReport``)."""
    from deboiler_gui.engine.template.exports import ExportReport, _processors_ok

    report = report if report is not None else ExportReport()
    fields: dict[str, tuple[list[str], str, str, bool]] = {}
    for f in template.fields:
        if not _processors_ok(f, report, f.id, "the Scrapy spider"):
            continue
        queue = [to_xpath(x).replace("[%d]", "") for x in f.xpaths]
        fields[f.id] = (queue, f.kind, f.attribute, f.is_list)
    ident = _ident(template.name)
    return _SPIDER.format(
        name=template.name,
        module=ident,
        template=template.name,
        urls=list(template.urls),
        domains=[template.site] if template.site else [],
        fields=fields,
        remove=[to_xpath(r.selector) for r in template.remove],
        cls="".join(p.capitalize() for p in ident.split("_")) + "Spider",
        spider=ident,
    )


def check_record_keys(template: Template) -> None:
    """Refuses a template with a field named like a key of the extraction record (``status``
    would overwrite the record's status in ``extract``'s output)."""
    for f in template.fields:
        error = reserved_field_error(f.id, template.name)
        if error is not None:
            raise error


def save_all(workspace: Any, templates: Sequence[Template], *, message: str = "") -> list[int]:
    """Save validated templates as new versions in one transaction: all or none. A field
    named like a key of the extraction record (``RECORD_KEYS``) is refused."""
    for t in templates:
        check_template(t)
        check_record_keys(t)
    with workspace._write():  # one IMMEDIATE transaction around every save_template call
        return [workspace.save_template(t, message=message) for t in templates]
