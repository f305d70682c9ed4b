"""What the shown page looks like under the template being edited: the nodes each highlight
kind marks, each rule's state on the page (match count or error), and the cleaned page. Plain
functions over the engine (Qt-free); they run on the GUI thread for the one shown page."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from deboiler_gui.app.stamping import StampedPage, stamp_page
from deboiler_gui.engine.htmltree import HtmlElement, to_html, visible_text
from deboiler_gui.engine.model import DeboilerError, DomainModel
from deboiler_gui.engine.template.model import Template
from deboiler_gui.engine.words import count, plural

KINDS = ("boiler", "remove", "keep", "field")


@dataclass
class PageState:
    marks: dict[str, list[int]] = field(default_factory=dict)  # kind -> stamps
    items: dict[str, Any] = field(
        default_factory=dict
    )  # rule/field/filter name -> count or error text
    errors: list[str] = field(default_factory=list)  # engine errors not tied to one rule


class RemovedChars(int):
    """The characters a text filter alone removes from the page (an int, shown "−N chars")."""

    def __str__(self) -> str:
        return f"−{count(int(self), 'char', sep=',')}"

    def describe(self) -> str:
        return f"{count(int(self), 'character', sep=',')} removed" if self else "nothing removed"


def short_error(exc: Exception) -> str:
    text = str(exc)
    return text if len(text) <= 160 else text[:157] + "…"


def _boilerplate(
    sp: StampedPage, model: DomainModel, cached: list[str] | None, state: PageState
) -> list[HtmlElement]:
    if cached is not None:
        # XPaths found by the background analysis on the same parse: no second cleaner run.
        tree = sp.root.getroottree()
        return [found[0] for found in (tree.xpath(p) for p in cached) if found]
    from deboiler_gui.engine.clean.boilerplate import find_boilerplate

    try:
        return [el for el, _r in find_boilerplate(sp.root, model)]
    except DeboilerError as exc:
        state.errors.append(str(exc))
        return []


def compute_page_state(
    sp: StampedPage,
    template: Template,
    model: DomainModel | None,
    cached_boiler: list[str] | None = None,
) -> PageState:
    from deboiler_gui.engine.template.extract import extract_field, string_owners
    from deboiler_gui.engine.template.rules import filter_nodes, preview_filter
    from deboiler_gui.engine.template.selectors import select_elements

    state = PageState()
    marks: dict[str, list[HtmlElement]] = {k: [] for k in KINDS}
    root = sp.root
    if model is not None and template.use_cleaner:
        marks["boiler"] = _boilerplate(sp, model, cached_boiler, state)
    for kind in ("remove", "keep"):
        for rule in getattr(template, kind):
            try:
                nodes = select_elements(root, rule.selector)
            except DeboilerError as exc:
                state.items[rule.name] = short_error(exc)
                continue
            marks[kind].extend(nodes)
            state.items[rule.name] = len(nodes)
    markup: str | None = None
    for flt in template.filters:
        try:
            if flt.kind in ("url", "attribute"):
                nodes = filter_nodes(flt, root)
                marks["remove"].extend(nodes)
                state.items[flt.name] = len(nodes)
            else:
                if markup is None:
                    markup = to_html(root)  # the page without stamps
                preview = preview_filter(flt, root, markup, visible_text(root))
                state.items[flt.name] = RemovedChars(preview["removed_chars"])
        except DeboilerError as exc:
            state.items[flt.name] = short_error(exc)
    tree = root.getroottree()
    for fld in template.fields:
        try:
            value, report = extract_field(root, fld, template)
        except DeboilerError as exc:
            state.items[fld.id] = short_error(exc)
            continue
        if report.status == "error":
            errors = [t["error"] for t in report.tried if t.get("error")]
            state.items[fld.id] = errors[0] if errors else "error"
            continue
        if report.status != "ok":
            state.items[fld.id] = "no match"
            continue
        if report.nodes:
            state.items[fld.id] = len(report.nodes)
        else:
            # A rule giving strings (`…/a/@href`, `…/text()`): its count is its values (it
            # was 0 where the field had one), its marks the elements they are read from.
            state.items[fld.id] = len(value) if isinstance(value, list) else 1
            owners = string_owners(root, report.xpath)
            marks["field"].extend(
                o for o in (owners if fld.is_list else owners[:1]) if isinstance(o, HtmlElement)
            )
        for path in report.nodes:
            found = tree.xpath(path)
            if found and isinstance(found[0], HtmlElement):
                marks["field"].append(found[0])
    from deboiler_gui.engine.template.extract import match_degree

    for sample in template.urls:
        degree = match_degree(sp.url, sample)
        state.items[sample] = f"R = {degree:.2f} " + (
            "✓" if degree > template.url_threshold else "✗"
        )
    state.marks = {k: sp.stamps_of(v) for k, v in marks.items()}
    return state


def scope_counts(template: Template, urls: list[str]) -> dict[str, str]:
    """Over the site's pages: how many each sample URL chooses (R(w,m) above the threshold),
    and under "" how many the template applies to."""
    from deboiler_gui.engine.model import site_of
    from deboiler_gui.engine.template.extract import match_degree, url_segments
    from deboiler_gui.engine.template.pagetypes import is_url_pattern

    samples = [(u, url_segments(u)) for u in template.urls]
    patterns = {u for u in template.urls if is_url_pattern(u)}
    hits = dict.fromkeys(template.urls, 0)
    chosen = 0
    site = template.site.lower()
    for url in urls:
        if site and site_of(url) != site:
            continue
        segs = url_segments(url)
        best = 0.0
        for sample, ss in samples:
            if sample in patterns:
                degree = match_degree(url, sample)
            elif segs and ss:
                degree = len(segs & ss) / min(len(segs), len(ss))
            else:
                continue
            if degree > template.url_threshold:
                hits[sample] += 1
            best = max(best, degree)
        chosen += best > template.url_threshold
    pages = plural(len(urls), "page")
    out = {u: f"{n}/{len(urls)} {pages}" for u, n in hits.items()}
    out[""] = f"{chosen} of {len(urls)} {pages}"
    return out


def cleaned_document(
    url: str, html: str, template: Template, model: DomainModel | None
) -> tuple[str, str | None]:
    """The page as the template cleans it (cleaner, remove/keep rules, page-wide filters),
    stamped for the view; and the engine's error if cleaning failed (the page is then shown
    as it is)."""
    from deboiler_gui.engine.htmltree import parse_html
    from deboiler_gui.engine.template.extract import removal_set
    from deboiler_gui.engine.template.rules import drop_nodes, filter_html, filter_nodes

    root = parse_html(html)
    error = None
    try:
        nodes = removal_set(root, template, model)
        for flt in template.filters:
            if flt.kind in ("url", "attribute") and flt.applies_to(None):
                nodes.extend(filter_nodes(flt, root))
        drop_nodes(nodes)
        markup = to_html(root)
        for flt in template.filters:
            if flt.kind == "html" and flt.applies_to(None):
                markup = filter_html(flt, markup)
    except DeboilerError as exc:
        error = str(exc)
        markup = to_html(root)
    return stamp_page(url, markup).html, error


def content_caption(sp: StampedPage, model: DomainModel | None) -> tuple[str, str]:
    """The legend's caption for the shown page: where the cleaner takes its content to be
    (text) and why (tooltip); empty without a model. Engine errors become the caption."""
    if model is None:
        return "", ""
    from deboiler_gui.engine.clean.cleaning import content_of

    try:
        content = content_of(sp.root, model)
    except DeboilerError as exc:
        return f"Content: not known ({short_error(exc)})", ""
    if not content:
        return "", ""
    return content_label(content)


def content_label(content: dict[str, str]) -> tuple[str, str]:
    """(caption, tooltip) of a record's ``content``: the place's readable name (ids and
    classes), and the reason with the place's XPath; for a page of the single-page fallback
    (``method`` page), that the extractor took it, and why."""
    slot = content.get("slot") or ""
    reason = content.get("reason", "")
    if content.get("method") == "page":
        # the single-page fallback: the extractor names no place
        return "Content: page by page, by the page-level extractor", reason
    if slot:
        reason = f"{reason}\nat {slot}" if reason else f"at {slot}"
    return f"Content: {content.get('path') or slot or 'the whole page'}", reason
