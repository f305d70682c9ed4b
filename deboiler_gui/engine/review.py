"""Reviewing what cleaning did: per-page before/after with removals by cause, per-rule impact over
a site, boilerplate groups and the accept/reject decisions that turn them into template rules."""

from __future__ import annotations

import copy
import difflib
import hashlib
import html
import logging
import re
from collections import Counter
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from deboiler_gui.engine.boilerplate import clean_tree, find_boilerplate
from deboiler_gui.engine.extract import choose_templates
from deboiler_gui.engine.htmltree import HtmlElement, parse_html, to_html, visible_text
from deboiler_gui.engine.model import DomainModel, Page, Progress, RuleError, WorkspaceError
from deboiler_gui.engine.rules import drop_nodes, filter_html, filter_nodes, filter_text
from deboiler_gui.engine.selectors import select_elements, suggest, to_xpath
from deboiler_gui.engine.template import Rule, Template

log = logging.getLogger(__name__)

#: Share of a page's text above which cleaning is suspected of eating content.
DEFAULT_MAX_EATEN = 0.5
#: Cause key of the automatic cleaner; rules are "rule:<name>", noise filters "filter:<name>".
AUTO = "auto"
#: Colours per cause family (the automatic cleaner by detector); rules and filters cycle palettes.
DETECTOR_COLOURS = {"exact": "#e07b00", "pair": "#e07b00", "slot": "#c99700", "frame": "#b85c00"}
RULE_COLOURS = ("#d0021b", "#a4106b", "#e0457b", "#8b1a1a", "#ff6f61")
FILTER_COLOURS = ("#6a3fb5", "#3f51b5", "#0097a7", "#5e35b1")
#: The attribute marking removed nodes in the annotated page; never written to rules or output.
CAUSE_ATTR = "data-deboiler-cause"
#: How many XPaths of one group an accepted/rejected rule lists (XPath union).
MAX_GROUP_XPATHS = 12


_SPACE = re.compile(r"\s+")


def _chars(text: str) -> int:
    """Visible characters, spaces not counted (as the cleaner counts them)."""
    return len(_SPACE.sub("", text))


def cause_colour(cause: str, detector: str = "", order: int = 0) -> str:
    """The colour a cause is drawn in (before/after view, report charts)."""
    if cause == AUTO:
        return DETECTOR_COLOURS.get(detector, "#e07b00")
    palette = RULE_COLOURS if cause.startswith("rule:") else FILTER_COLOURS
    return palette[order % len(palette)]


# --------------------------------------------------------------------------- one page


@dataclass
class Cut:
    """One subtree (or text span) removed from a page and the cause that removed it."""

    xpath: str  # on the original tree; "" for text/html filters that cut text, not nodes
    cause: str  # AUTO | "rule:<name>" | "filter:<name>"
    detector: str = ""  # the cleaner's detector for AUTO cuts
    representation: str = ""
    chars: int = 0
    colour: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in ("xpath", "cause", "detector", "representation", "chars", "colour")}


@dataclass
class PageReview:
    """Before/after of one page: texts, line diff, cuts by cause, rules that matched nothing."""

    url: str
    template: str = ""
    original_text: str = ""
    cleaned_text: str = ""
    original_chars: int = 0
    cleaned_chars: int = 0
    cuts: list[Cut] = field(default_factory=list)
    matched: dict[str, int] = field(default_factory=dict)  # cause -> nodes its selector matched
    error: str | None = None

    @property
    def removed_share(self) -> float:
        if not self.original_chars:
            return 0.0
        return max(0.0, 1.0 - self.cleaned_chars / self.original_chars)

    def by_cause(self) -> dict[str, tuple[int, int]]:
        """cause -> (characters, blocks) removed."""
        out: dict[str, tuple[int, int]] = {}
        for cut in self.cuts:
            chars, blocks = out.get(cut.cause, (0, 0))
            out[cut.cause] = (chars + cut.chars, blocks + (1 if cut.xpath else 0))
        return out

    def diff(self) -> list[tuple[str, str]]:
        return text_diff(self.original_text, self.cleaned_text)

    def to_dict(self) -> dict[str, Any]:
        return {
            "url": self.url,
            "template": self.template,
            "original_chars": self.original_chars,
            "cleaned_chars": self.cleaned_chars,
            "removed_share": round(self.removed_share, 4),
            "cuts": [c.to_dict() for c in self.cuts],
            "matched": dict(self.matched),
            "error": self.error,
        }


def text_diff(before: str, after: str) -> list[tuple[str, str]]:
    """Line-level diff: ("=", line) kept, ("-", line) removed, ("+", line) added."""
    a, b = before.splitlines(), after.splitlines()
    out: list[tuple[str, str]] = []
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            out.extend(("=", line) for line in a[i1:i2])
            continue
        out.extend(("-", line) for line in a[i1:i2])
        out.extend(("+", line) for line in b[j1:j2])
    return out


def template_for(page: Page, templates: Sequence[Template]) -> Template | None:
    """The template whose URL match degree is best for the page (seed 002), or None."""
    chosen = choose_templates(page.url, templates)
    return chosen[0][1] if chosen else None


def _outermost(nodes: Iterable[HtmlElement], taken: set[HtmlElement]) -> list[HtmlElement]:
    out = []
    for el in dict.fromkeys(nodes):
        if el in taken or any(a in taken for a in el.iterancestors()):
            continue
        taken.add(el)
        out.append(el)
    return out


def review_tree(
    root: HtmlElement, url: str, model: DomainModel | None, template: Template | None = None
) -> tuple[PageReview, list[tuple[HtmlElement, Cut]]]:
    """Review one parsed page; ``root`` is left cleaned (cut nodes dropped). Returns the review
    and the cut nodes of ``root`` (detached now) with their cuts. RuleError names a bad rule."""
    use_model = model if template is None or template.use_cleaner else None
    body = root.find("body")
    review = PageReview(url, template.name if template else "")
    review.original_text = visible_text(body if body is not None else root)
    review.original_chars = _chars(review.original_text)
    remove = [(r, to_xpath(r.selector)) for r in template.remove] if template else []
    keep = [to_xpath(r.selector) for r in template.keep] if template else []
    by_expr: dict[str, str] = {}
    for rule, expr in remove:
        by_expr.setdefault(expr, rule.name)
        review.matched[f"rule:{rule.name}"] = len(_select(root, expr, template, rule.name))
    try:
        removals = clean_tree(copy.deepcopy(root), use_model, remove=[e for _r, e in remove], keep=keep)
    except RuleError as exc:
        raise RuleError(str(exc).split(": ", 1)[-1], template=template.name if template else None, rule=exc.rule, expression=exc.expression) from exc
    order = {f"rule:{r.name}": i for i, (r, _e) in enumerate(remove)}
    pairs: list[tuple[HtmlElement, Cut]] = []
    taken: set[HtmlElement] = set()
    for rem in removals:
        nodes = root.xpath(rem.xpath)
        if not nodes:
            continue
        el = nodes[0]
        if rem.detector == "rule":
            cause = f"rule:{by_expr.get(rem.representation, rem.representation)}"
            cut = Cut(rem.xpath, cause, "", "", rem.chars, cause_colour(cause, order=order.get(cause, 0)))
        else:
            cut = Cut(rem.xpath, AUTO, rem.detector, rem.representation, rem.chars, cause_colour(AUTO, rem.detector))
        taken.add(el)
        pairs.append((el, cut))
    filters = [f for f in template.filters if not f.fields] if template else []
    for i, flt in enumerate(filters):
        if flt.kind not in ("url", "attribute"):
            continue
        cause = f"filter:{flt.name}"
        try:
            hits = filter_nodes(flt, root)
        except RuleError as exc:
            raise RuleError(str(exc).split(": ", 1)[-1], template=template.name if template else None, rule=flt.name, expression=exc.expression) from exc
        review.matched[cause] = len(hits)
        for el in _outermost(hits, taken):
            pairs.append((el, Cut(root.getroottree().getpath(el), cause, "", "", _chars(visible_text(el)), cause_colour(cause, order=i))))
    drop_nodes([el for el, _c in pairs])
    text_filters = [(i, f) for i, f in enumerate(filters) if f.kind in ("text", "html")]
    if any(f.kind == "html" for _i, f in text_filters):
        markup = to_html(root)
        for i, flt in text_filters:
            if flt.kind == "html":
                after = filter_html(flt, markup)
                cause = f"filter:{flt.name}"
                review.matched[cause] = int(after != markup)
                if after != markup:
                    cut_chars = _chars(visible_text(parse_html(markup))) - _chars(visible_text(parse_html(after)))
                    pairs.append((root, Cut("", cause, "", "", max(0, cut_chars), cause_colour(cause, order=i))))
                markup = after
        root = parse_html(markup)
        body = root.find("body")
    text = visible_text(body if body is not None else root)
    for i, flt in text_filters:
        if flt.kind == "text":
            after = filter_text(flt, text)
            cause = f"filter:{flt.name}"
            review.matched[cause] = int(after != text)
            if after != text:
                pairs.append((root, Cut("", cause, "", "", _chars(text) - _chars(after), cause_colour(cause, order=i))))
            text = after
    review.cleaned_text = text
    review.cleaned_chars = _chars(text)
    review.cuts = [c for _e, c in pairs]
    return review, pairs


def _select(root: HtmlElement, expr: str, template: Template | None, rule: str) -> list[HtmlElement]:
    try:
        return select_elements(root, expr)
    except RuleError as exc:
        raise RuleError(str(exc).split(": ", 1)[-1], template=template.name if template else None, rule=rule, expression=expr) from exc


def review_page(page: Page, model: DomainModel | None, template: Template | None = None) -> PageReview:
    """Before/after of one page under its site model and (optionally) a template."""
    if page.error:
        return PageReview(page.url, template.name if template else "", error=page.error)
    review, _pairs = review_tree(parse_html(page.html), page.url, model, template)
    return review


_LEGEND_CSS = """
[{attr}] {{ outline: 3px solid var(--c) !important; outline-offset: -2px; background: color-mix(in srgb, var(--c) 14%, transparent) !important; }}
[{attr}]::before {{ content: attr({attr}); display: block; font: bold 11px sans-serif; color: #fff; background: var(--c); padding: 1px 4px; }}
"""


def annotated_html(page: Page, review: PageReview) -> str:
    """The original page with every cut subtree outlined in its cause's colour and labelled; for
    the before view. Scripts are kept out (the view shows, never runs, pages)."""
    root = parse_html(page.html)
    for cut in review.cuts:
        if not cut.xpath:
            continue
        nodes = root.xpath(cut.xpath)
        if not nodes or not isinstance(nodes[0], HtmlElement):
            continue
        el = nodes[0]
        label = cut.cause if cut.cause != AUTO else f"auto:{cut.detector}"
        el.set(CAUSE_ATTR, label)
        el.set("style", f"--c:{cut.colour};" + (el.get("style") or ""))
    for el in list(root.iter("script")):
        drop_nodes([el])
    head = root.find("head")
    if head is None:
        head = root.makeelement("head", {})
        root.insert(0, head)
    style = head.makeelement("style", {})
    style.text = _LEGEND_CSS.format(attr=CAUSE_ATTR)
    head.append(style)
    return "<!DOCTYPE html>\n" + to_html(root)


def cleaned_html_of(page: Page, model: DomainModel | None, template: Template | None = None) -> str:
    """The page after cleaning (the after view)."""
    root = parse_html(page.html)
    review_tree(root, page.url, model, template)
    for el in list(root.iter("script")):
        drop_nodes([el])
    return "<!DOCTYPE html>\n" + to_html(root)


def escape(text: str) -> str:
    return html.escape(text, quote=True)


# --------------------------------------------------------------------------- site impact


@dataclass
class CauseImpact:
    """One cause over a site: totals, pages it hit, pages where its selector matched nothing."""

    cause: str
    pages: int = 0
    pages_hit: int = 0
    chars: int = 0
    blocks: int = 0
    detectors: dict[str, int] = field(default_factory=dict)  # AUTO only: chars per detector
    no_match: list[str] = field(default_factory=list)

    @property
    def kind(self) -> str:
        return self.cause.split(":", 1)[0]

    def to_dict(self) -> dict[str, Any]:
        return {
            "cause": self.cause,
            "pages": self.pages,
            "pages_hit": self.pages_hit,
            "chars": self.chars,
            "blocks": self.blocks,
            "detectors": dict(self.detectors),
            "no_match": list(self.no_match),
        }


@dataclass
class PageImpact:
    url: str
    template: str
    original_chars: int
    removed_chars: int
    by_cause: dict[str, tuple[int, int]]

    @property
    def share(self) -> float:
        return self.removed_chars / self.original_chars if self.original_chars else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "url": self.url,
            "template": self.template,
            "original_chars": self.original_chars,
            "removed_chars": self.removed_chars,
            "share": round(self.share, 4),
            "by_cause": {k: list(v) for k, v in self.by_cause.items()},
        }


@dataclass
class ImpactReport:
    """Per-rule impact over a site; ``eaten`` lists pages that lost more than ``max_eaten``."""

    max_eaten: float = DEFAULT_MAX_EATEN
    causes: dict[str, CauseImpact] = field(default_factory=dict)
    pages: list[PageImpact] = field(default_factory=list)
    errors: list[dict[str, str]] = field(default_factory=list)

    @property
    def eaten(self) -> list[PageImpact]:
        return sorted((p for p in self.pages if p.share > self.max_eaten), key=lambda p: -p.share)

    def to_dict(self) -> dict[str, Any]:
        return {
            "max_eaten": self.max_eaten,
            "causes": [c.to_dict() for c in self.causes.values()],
            "pages": [p.to_dict() for p in self.pages],
            "eaten": [p.url for p in self.eaten],
            "errors": list(self.errors),
        }


def impact_steps(
    pages: Iterable[Page],
    models: dict[str, DomainModel],
    templates: Sequence[Template] = (),
    *,
    max_eaten: float = DEFAULT_MAX_EATEN,
    total: int | None = None,
) -> Generator[Progress, None, ImpactReport]:
    """For the automatic cleaner and each remove rule / noise filter of the templates: characters
    and blocks removed per page, pages where it matched nothing, and pages that lost more than
    ``max_eaten`` of their text. Each page is a cancel point; memory stays per-page."""
    report = ImpactReport(max_eaten=max_eaten)
    report.causes[AUTO] = CauseImpact(AUTO)
    for t in templates:
        for r in t.remove:
            report.causes.setdefault(f"rule:{r.name}", CauseImpact(f"rule:{r.name}"))
        for f in t.filters:
            if not f.fields:
                report.causes.setdefault(f"filter:{f.name}", CauseImpact(f"filter:{f.name}"))
    done = 0
    yield Progress(0, total, "impact")
    for page in pages:
        done += 1
        if page.error or not page.html:
            report.errors.append({"url": page.url, "error": page.error or "empty page"})
            yield Progress(done, total, page.url)
            continue
        template = template_for(page, templates)
        model = models.get(page.site)
        try:
            review = review_page(page, model, template)
        except RuleError:
            raise
        except Exception as exc:  # one bad page never stops the review
            log.warning("reviewing %s failed: %s", page.url, exc, exc_info=True)
            report.errors.append({"url": page.url, "error": f"{type(exc).__name__}: {exc}"})
            yield Progress(done, total, page.url)
            continue
        by_cause = review.by_cause()
        active = set(review.matched)
        if model is not None and (template is None or template.use_cleaner):
            active.add(AUTO)
        for cause in active:
            ci = report.causes.setdefault(cause, CauseImpact(cause))
            ci.pages += 1
            chars, blocks = by_cause.get(cause, (0, 0))
            ci.chars += chars
            ci.blocks += blocks
            if chars or blocks:
                ci.pages_hit += 1
            # A rule "matched nothing" when its selector found no node; the cleaner, when it cut nothing.
            nothing = not blocks if cause == AUTO else review.matched.get(cause, 0) == 0
            if nothing:
                ci.no_match.append(page.url)
        for cut in review.cuts:
            if cut.cause == AUTO:
                auto = report.causes[AUTO]
                auto.detectors[cut.detector] = auto.detectors.get(cut.detector, 0) + cut.chars
        removed = max(0, review.original_chars - review.cleaned_chars)
        report.pages.append(PageImpact(page.url, review.template, review.original_chars, removed, by_cause))
        yield Progress(done, total, page.url)
    return report


# --------------------------------------------------------------------------- boilerplate groups


@dataclass
class BoilerplateGroup:
    """Every subtree the automatic cleaner detects with one representation, across the site."""

    key: str
    detector: str
    site: str = ""
    pages: int = 0
    occurrences: int = 0
    chars: int = 0
    sample_url: str = ""
    sample_xpath: str = ""
    sample_text: str = ""
    xpaths: Counter[str] = field(default_factory=Counter)
    #: Stable selectors (from the sample node) -> occurrences they select exactly.
    candidates: dict[str, int] = field(default_factory=dict)

    @property
    def rule_name(self) -> str:
        return f"group-{self.key[:16]}"

    @property
    def selector(self) -> str:
        """The explicit rule: a stable selector that picked every occurrence when there is one,
        else the XPath union of the group's most frequent positions."""
        for expr, hits in self.candidates.items():
            if hits >= self.occurrences:
                return expr
        return " | ".join(xp for xp, _n in self.xpaths.most_common(MAX_GROUP_XPATHS))

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "detector": self.detector,
            "site": self.site,
            "pages": self.pages,
            "occurrences": self.occurrences,
            "chars": self.chars,
            "sample_url": self.sample_url,
            "sample_xpath": self.sample_xpath,
            "sample_text": self.sample_text,
            "xpaths": dict(self.xpaths.most_common(MAX_GROUP_XPATHS)),
            "candidates": dict(self.candidates),
            "selector": self.selector,
            "rule_name": self.rule_name,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BoilerplateGroup:
        return cls(
            key=str(data["key"]),
            detector=str(data.get("detector", "")),
            site=str(data.get("site", "")),
            pages=int(data.get("pages", 0)),
            occurrences=int(data.get("occurrences", 0)),
            chars=int(data.get("chars", 0)),
            sample_url=str(data.get("sample_url", "")),
            sample_xpath=str(data.get("sample_xpath", "")),
            sample_text=str(data.get("sample_text", "")),
            xpaths=Counter({str(k): int(v) for k, v in dict(data.get("xpaths", {})).items()}),
            candidates={str(k): int(v) for k, v in dict(data.get("candidates", {})).items()},
        )


#: Selector families stable enough to stand for a whole group (positional ones are not).
_STABLE_FAMILIES = ("testid", "id", "semantic", "class", "anchor", "text")


def _stable_candidates(el: HtmlElement, limit: int = 4) -> dict[str, int]:
    try:
        found = suggest(el, None, limit=10)
    except RuleError:
        return {}
    out: dict[str, int] = {}
    for cand in found:
        if cand.family in _STABLE_FAMILIES and cand.page_matches == 1 and len(out) < limit:
            out[cand.xpath] = 0
    return out


def group_steps(
    pages: Iterable[Page], models: dict[str, DomainModel], *, total: int | None = None, sample_chars: int = 200
) -> Generator[Progress, None, list[BoilerplateGroup]]:
    """Group every detected boilerplate subtree of the site by its representation key, with the
    number of pages it touches; largest groups (pages x chars) first."""
    groups: dict[str, BoilerplateGroup] = {}
    done = 0
    yield Progress(0, total, "grouping")
    for page in pages:
        done += 1
        model = models.get(page.site)
        if model is None or page.error or not page.html:
            yield Progress(done, total, page.url)
            continue
        try:
            found = find_boilerplate(parse_html(page.html), model)
        except Exception as exc:  # one bad page never stops the review
            log.warning("grouping %s failed: %s", page.url, exc, exc_info=True)
            found = []
        seen: set[str] = set()
        for el, rem in found:
            raw = f"{page.site}\x00{rem.detector}\x00{rem.representation or rem.xpath}"
            key = hashlib.blake2b(raw.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()
            g = groups.get(key)
            if g is None:
                text = visible_text(el)
                g = groups[key] = BoilerplateGroup(key, rem.detector, page.site, sample_url=page.url, sample_xpath=rem.xpath, sample_text=text[:sample_chars])
                g.candidates = _stable_candidates(el)
            for expr in list(g.candidates):
                # A candidate stands for the group only while it picks exactly this node.
                try:
                    hit = select_elements(el.getroottree().getroot(), expr) == [el]
                except RuleError:
                    hit = False
                if hit:
                    g.candidates[expr] += 1
                else:
                    del g.candidates[expr]
            g.occurrences += 1
            g.chars += rem.chars
            g.xpaths[rem.xpath] += 1
            if key not in seen:
                seen.add(key)
                g.pages += 1
        yield Progress(done, total, page.url)
    return sorted(groups.values(), key=lambda g: (-g.pages * max(g.chars // max(g.occurrences, 1), 1), g.key))


def _load_or_new(ws: Any, name: str, site: str) -> Template:
    if name in ws.template_names():
        return Template.from_dict(ws.load_template(name))
    return Template(name=name, site=site)


def _decide(ws: Any, template_name: str, group: BoilerplateGroup, *, accept: bool, message: str) -> int:
    if not group.selector:
        raise WorkspaceError(f"boilerplate group {group.key} has no XPath to turn into a rule")
    template = _load_or_new(ws, template_name, group.site)
    rule = Rule(group.rule_name, group.selector, f"{'accepted' if accept else 'rejected'} boilerplate group ({group.detector}, {group.pages} pages): {group.sample_text[:60]}")
    remove = tuple(r for r in template.remove if r.name != rule.name)
    keep = tuple(r for r in template.keep if r.name != rule.name)
    if accept:
        remove = (*remove, rule)
    else:
        keep = (*keep, rule)
    new = replace(template, remove=remove, keep=keep)
    verb = "accept" if accept else "reject"
    return int(ws.save_template(template_name, new.to_dict(), message=message or f"{verb} boilerplate group {group.key} ({group.pages} pages)"))


def accept_group(ws: Any, template_name: str, group: BoilerplateGroup, *, message: str = "") -> int:
    """Make the group an explicit remove rule of the template (created if new); new version."""
    return _decide(ws, template_name, group, accept=True, message=message)


def reject_group(ws: Any, template_name: str, group: BoilerplateGroup, *, message: str = "") -> int:
    """Make the group a keep rule, so the automatic cleaner leaves it; new version."""
    return _decide(ws, template_name, group, accept=False, message=message)


def group_decisions(template: Template) -> dict[str, str]:
    """rule name -> "accepted" | "rejected" for the group rules a template already holds."""
    out = {r.name: "accepted" for r in template.remove if r.name.startswith("group-")}
    out.update({r.name: "rejected" for r in template.keep if r.name.startswith("group-")})
    return out


__all__ = [
    "AUTO",
    "CAUSE_ATTR",
    "DEFAULT_MAX_EATEN",
    "BoilerplateGroup",
    "CauseImpact",
    "Cut",
    "ImpactReport",
    "PageImpact",
    "PageReview",
    "accept_group",
    "annotated_html",
    "cause_colour",
    "cleaned_html_of",
    "group_decisions",
    "group_steps",
    "impact_steps",
    "reject_group",
    "review_page",
    "review_tree",
    "template_for",
    "text_diff",
]
