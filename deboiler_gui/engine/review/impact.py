"""Reviewing what cleaning did: per-page before/after with removals by cause (automatic cleaner by
detector, each remove rule, each noise filter) and per-rule impact over a site."""

from __future__ import annotations

import copy
import difflib
import html
import logging
import zlib
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from deboiler_gui.engine.clean.boilerplate import clean_tree
from deboiler_gui.engine.htmltree import HtmlElement, parse_html, to_html, visible_text
from deboiler_gui.engine.model import DomainModel, Page, Progress, RuleError
from deboiler_gui.engine.template.extract import choose_templates
from deboiler_gui.engine.template.model import NoiseFilter, Template
from deboiler_gui.engine.template.rules import (
    chars_of,
    count_html_cuts,
    count_text_matches,
    drop_nodes,
    filter_alone,
    filter_html,
    filter_nodes,
    filter_tree_text,
    page_text,
)
from deboiler_gui.engine.template.selectors import select_elements, to_xpath

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
CUT_ATTR = "data-deboiler-cut"


#: (url, id(model), remove expressions, keep expressions) -> (model, cleaner removals).
CleanerCache = dict[tuple[str, int, tuple[str, ...], tuple[str, ...]], tuple[Any, list[Any]]]


def _chars(text: str) -> int:
    """Visible characters, spaces not counted (as the cleaner counts them): ``chars_of``."""
    return chars_of(text)


def cause_colour(cause: str, detector: str = "") -> str:
    """The colour a cause is drawn in, the same in every view (before/after, panels, report):
    the cleaner's by detector, a rule's or filter's picked from its palette by its name."""
    if cause == AUTO:
        return DETECTOR_COLOURS.get(detector, "#e07b00")
    palette = RULE_COLOURS if cause.startswith("rule:") else FILTER_COLOURS
    return palette[zlib.crc32(cause.encode("utf-8", "surrogatepass")) % len(palette)]


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
        return {
            k: getattr(self, k)
            for k in ("xpath", "cause", "detector", "representation", "chars", "colour")
        }


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
    #: cause -> visible characters the rule or filter removes from the page when it runs alone
    #: (no cleaner, no other rule); ``by_cause`` is what it removes in the template's order.
    alone: dict[str, int] = field(default_factory=dict)
    #: html filters: cause -> markup characters cut (scripts and styles have no visible text).
    markup: dict[str, int] = field(default_factory=dict)
    error: str | None = None
    #: The page after cleaning and every filter (what ``clean --template`` writes); the
    #: cleaner's and the remove rules' removals. Neither is part of ``to_dict``.
    tree: Any = field(default=None, repr=False, compare=False)
    removals: list[Any] = field(default_factory=list, repr=False, compare=False)

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
            "alone": dict(self.alone),
            "markup": dict(self.markup),
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


def _named(exc: RuleError, template: Template | None, rule: str | None) -> RuleError:
    """The same rule error, naming the template and the rule or filter it came from."""
    return RuleError(
        str(exc).split(": ", 1)[-1],
        template=template.name if template else None,
        rule=rule,
        expression=exc.expression,
    )


def review_tree(
    root: HtmlElement,
    url: str,
    model: DomainModel | None,
    template: Template | None = None,
    *,
    cleaner_cache: CleanerCache | None = None,
    why: dict[str, str] | None = None,
) -> tuple[PageReview, list[tuple[HtmlElement, Cut]]]:
    """Review one parsed page; ``root`` is left cleaned (cut nodes dropped). Returns the review
    and the cut nodes of ``root`` (detached now) with their cuts. RuleError names a bad rule.

    ``cleaner_cache`` keeps what the cleaner and the remove/keep rules take from each page (by
    URL, model and rules), for repeated reviews of the same pages while only filters change."""
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
        hits = _select(root, expr, template, rule.name)
        review.matched[f"rule:{rule.name}"] = len(hits)
        review.alone[f"rule:{rule.name}"] = sum(
            _chars(visible_text(el)) for el in _outermost(hits, set())
        )
    key = (url, id(use_model), tuple(e for _r, e in remove), tuple(keep))
    cached = cleaner_cache.get(key) if cleaner_cache is not None else None
    try:
        if cached is not None:
            removals = cached[1]
        else:
            removals = clean_tree(
                copy.deepcopy(root), use_model, remove=[e for _r, e in remove], keep=keep, why=why
            )
            if cleaner_cache is not None:
                # The model is kept with the entry, so its id is not reused while cached.
                cleaner_cache[key] = (use_model, removals)
    except RuleError as exc:
        raise _named(exc, template, exc.rule) from exc
    pairs: list[tuple[HtmlElement, Cut]] = []
    taken: set[HtmlElement] = set()
    for rem in removals:
        nodes = root.xpath(rem.xpath)
        if not nodes:
            continue
        el = nodes[0]
        # the characters the page loses with it, in the unit of the page's totals
        chars = _chars(visible_text(el))
        if rem.detector == "rule":
            cause = f"rule:{by_expr.get(rem.representation, rem.representation)}"
            cut = Cut(rem.xpath, cause, "", "", chars, cause_colour(cause))
        else:
            cut = Cut(
                rem.xpath,
                AUTO,
                rem.detector,
                rem.representation,
                chars,
                cause_colour(AUTO, rem.detector),
            )
        taken.add(el)
        pairs.append((el, cut))
    filters = [f for f in template.filters if not f.fields] if template else []
    for flt in filters:
        if flt.kind not in ("url", "attribute"):
            continue
        cause = f"filter:{flt.name}"
        try:
            hits = filter_nodes(flt, root)
        except RuleError as exc:
            raise _named(exc, template, flt.name) from exc
        review.matched[cause] = len(hits)
        review.alone[cause] = sum(_chars(visible_text(el)) for el in _outermost(hits, set()))
        before = set(taken)
        for el in _outermost(hits, taken):
            # what is inside it and already cut counts for the cause that cut it
            inner = sum(_chars(visible_text(d)) for d in el.iterdescendants() if d in before)
            pairs.append(
                (
                    el,
                    Cut(
                        root.getroottree().getpath(el),
                        cause,
                        "",
                        "",
                        max(0, _chars(visible_text(el)) - inner),
                        cause_colour(cause),
                    ),
                )
            )
    text_filters = [f for f in filters if f.kind in ("text", "html")]
    if text_filters:
        original_markup = to_html(root) if any(f.kind == "html" for f in text_filters) else None
        for flt in text_filters:
            cause = f"filter:{flt.name}"
            if flt.kind == "html":
                assert original_markup is not None
                review.matched[cause] = count_html_cuts(flt, original_markup)
            else:
                review.matched[cause] = _named_count(flt, template, review.original_text)
            review.alone[cause] = _named_alone(flt, template, root, original_markup)
    drop_nodes([el for el, _c in pairs])
    if any(f.kind == "html" for f in text_filters):
        markup = to_html(root)
        for flt in text_filters:
            if flt.kind == "html":
                after = filter_html(flt, markup)
                cause = f"filter:{flt.name}"
                review.markup[cause] = len(markup) - len(after)
                if after != markup:
                    cut_chars = _chars(page_text(parse_html(markup))) - _chars(
                        page_text(parse_html(after))
                    )
                    pairs.append(
                        (root, Cut("", cause, "", "", max(0, cut_chars), cause_colour(cause)))
                    )
                markup = after
        root = parse_html(markup)
    text = page_text(root)
    body = root.find("body")
    for flt in text_filters:
        if flt.kind == "text":
            cause = f"filter:{flt.name}"
            try:
                n_cut = filter_tree_text(flt, body if body is not None else root)
            except RuleError as exc:
                raise _named(exc, template, flt.name) from exc
            if n_cut:
                after = page_text(root)
                pairs.append(
                    (
                        root,
                        Cut("", cause, "", "", _chars(text) - _chars(after), cause_colour(cause)),
                    )
                )
                text = after
    review.cleaned_text = text
    review.cleaned_chars = _chars(text)
    review.tree = root
    review.removals = list(removals)
    review.cuts = [c for _e, c in pairs]
    return review, pairs


def _body_text(root: HtmlElement) -> str:
    body = root.find("body")
    return visible_text(body if body is not None else root)


def _named_alone(
    flt: NoiseFilter, template: Template | None, root: HtmlElement, markup: str | None
) -> int:
    try:
        return filter_alone(flt, root, markup)
    except RuleError as exc:
        raise _named(exc, template, flt.name) from exc


def _named_count(flt: NoiseFilter, template: Template | None, text: str) -> int:
    try:
        return count_text_matches(flt, text)
    except RuleError as exc:
        raise _named(exc, template, flt.name) from exc


def _select(
    root: HtmlElement, expr: str, template: Template | None, rule: str
) -> list[HtmlElement]:
    try:
        return select_elements(root, expr)
    except RuleError as exc:
        raise RuleError(
            str(exc).split(": ", 1)[-1],
            template=template.name if template else None,
            rule=rule,
            expression=expr,
        ) from exc


def review_page(
    page: Page, model: DomainModel | None, template: Template | None = None
) -> PageReview:
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
    for i, cut in enumerate(review.cuts):
        if not cut.xpath:
            continue
        nodes = root.xpath(cut.xpath)
        if not nodes or not isinstance(nodes[0], HtmlElement):
            continue
        el = nodes[0]
        label = cut.cause if cut.cause != AUTO else f"auto:{cut.detector}"
        el.set(CAUSE_ATTR, label)
        el.set(CUT_ATTR, str(i))  # lets the view scroll to the i-th cut
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
    review, _pairs = review_tree(parse_html(page.html), page.url, model, template)
    root = review.tree
    for el in list(root.iter("script")):
        drop_nodes([el])
    return "<!DOCTYPE html>\n" + to_html(root)


def before_after(
    page: Page, model: DomainModel | None, template: Template | None = None
) -> dict[str, Any]:
    """Everything the before/after view shows, as plain data: the annotated original, the
    cleaned page, the review (cuts by cause) and the line diff of the texts."""
    review = review_page(page, model, template)
    if review.error:
        return {
            "url": page.url,
            "error": review.error,
            "review": review.to_dict(),
            "before_html": "",
            "after_html": "",
            "diff": [],
        }
    return {
        "url": page.url,
        "error": None,
        "review": review.to_dict(),
        "before_html": annotated_html(page, review),
        "after_html": cleaned_html_of(page, model, template),
        "diff": review.diff(),
    }


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
    #: Pages where the rule matched but an earlier cause (the cleaner) had taken its nodes.
    shadowed: int = 0
    #: Pages where its selector or pattern matched the page as loaded (before any cleaning).
    matched_pages: int = 0
    #: Nodes (or regex matches, or start/end spans) it matched, over all pages.
    matches: int = 0
    #: Visible characters it would remove running alone (no cleaner, no other rule).
    alone_chars: int = 0
    #: html filters: markup characters cut (a script or style cut removes no visible text).
    markup_chars: int = 0

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
            "shadowed": self.shadowed,
            "matched_pages": self.matched_pages,
            "matches": self.matches,
            "alone_chars": self.alone_chars,
            "markup_chars": self.markup_chars,
        }

    def summary(self) -> str:
        """One line, the same wherever a rule's effect is shown (filter editor, impact panel,
        report): pages it matched, characters it removes in the template, and alone."""
        if self.cause == AUTO:
            return f"{self.pages_hit:,}/{self.pages:,} pages, −{self.chars:,} chars"
        text = f"matched {self.matched_pages:,}/{self.pages:,} pages, −{self.chars:,} chars"
        if self.alone_chars != self.chars:
            text += f" (alone −{self.alone_chars:,}"
            if self.shadowed:
                text += f"; taken first by other rules on {self.shadowed:,} pages"
            text += ")"
        if self.markup_chars:
            text += f", −{self.markup_chars:,} markup chars"
        return text


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
        add_review(
            report, review, auto=model is not None and (template is None or template.use_cleaner)
        )
        removed = max(0, review.original_chars - review.cleaned_chars)
        report.pages.append(
            PageImpact(page.url, review.template, review.original_chars, removed, review.by_cause())
        )
        yield Progress(done, total, page.url)
    return report


def add_review(report: ImpactReport, review: PageReview, *, auto: bool) -> None:
    """Add one page's review to the per-cause totals: the one computation of a rule's effect,
    shared by the impact panel, the report and the filter editor's count over the site."""
    by_cause = review.by_cause()
    active = set(review.matched)
    if auto:
        active.add(AUTO)
    for cause in active:
        ci = report.causes.setdefault(cause, CauseImpact(cause))
        ci.pages += 1
        chars, blocks = by_cause.get(cause, (0, 0))
        ci.chars += chars
        ci.blocks += blocks
        if chars or blocks:
            ci.pages_hit += 1
        matched = review.matched.get(cause, 0)
        ci.matches += matched
        ci.matched_pages += matched > 0
        ci.alone_chars += review.alone.get(cause, 0)
        ci.markup_chars += review.markup.get(cause, 0)
        # A rule "matched nothing" when its selector found no node; the cleaner, when it cut nothing.
        nothing = not blocks if cause == AUTO else matched == 0
        if nothing:
            ci.no_match.append(review.url)
        elif cause != AUTO and not (chars or blocks or review.markup.get(cause, 0)):
            ci.shadowed += 1
    for cut in review.cuts:
        if cut.cause == AUTO:
            auto_ci = report.causes[AUTO]
            auto_ci.detectors[cut.detector] = auto_ci.detectors.get(cut.detector, 0) + cut.chars


def cause_effect(
    trees: Iterable[tuple[str, HtmlElement]],
    model: DomainModel | None,
    template: Template,
    cause: str,
    *,
    cleaner_cache: CleanerCache | None = None,
) -> CauseImpact:
    """The effect of one rule or filter of ``template`` (cause "rule:<name>"/"filter:<name>")
    over parsed pages (url, tree; the trees are left as they were), computed exactly as
    ``impact_steps`` computes it: the figures the filter editor shows agree with the impact
    panel and the report on the same pages."""
    report = ImpactReport()
    report.causes[cause] = CauseImpact(cause)
    report.causes.setdefault(AUTO, CauseImpact(AUTO))
    for url, tree in trees:
        chosen = template_for(Page(url, ""), [template])
        review, _pairs = review_tree(
            copy.deepcopy(tree), url, model, chosen, cleaner_cache=cleaner_cache
        )
        add_review(
            report, review, auto=model is not None and (chosen is None or chosen.use_cleaner)
        )
    return report.causes[cause]


__all__ = [
    "add_review",
    "cause_effect",
    "AUTO",
    "CAUSE_ATTR",
    "CUT_ATTR",
    "DEFAULT_MAX_EATEN",
    "CauseImpact",
    "Cut",
    "ImpactReport",
    "PageImpact",
    "PageReview",
    "annotated_html",
    "before_after",
    "cause_colour",
    "cleaned_html_of",
    "impact_steps",
    "review_page",
    "review_tree",
    "template_for",
    "text_diff",
]
