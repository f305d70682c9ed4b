"""Boilerplate groups: every subtree the automatic cleaner detects, grouped by representation
across a site, and the accept/reject decisions that turn a group into a template rule."""

from __future__ import annotations

import hashlib
import logging
import re
from collections import Counter
from collections.abc import Generator, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from deboiler_gui.engine.clean.boilerplate import find_boilerplate
from deboiler_gui.engine.htmltree import HtmlElement, parse_html, visible_text
from deboiler_gui.engine.model import DomainModel, Page, Progress, RuleError, WorkspaceError
from deboiler_gui.engine.template.model import Rule, Template
from deboiler_gui.engine.template.selectors import select_elements, suggest

log = logging.getLogger(__name__)

#: How many XPaths of one group an accepted/rejected rule lists (XPath union).
MAX_GROUP_XPATHS = 12
_STEP = re.compile(r"/([A-Za-z_][\w.-]*)(?=/|$)")


def pinned(xpath: str) -> str:
    """An absolute path with every step indexed. xpath_of leaves out [1] where a tag is alone
    among its siblings; as a rule on another page "/html/body/div" would take every div."""
    return _STEP.sub(lambda m: f"/{m.group(1)}[1]", xpath)


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
        return " | ".join(
            dict.fromkeys(pinned(xp) for xp, _n in self.xpaths.most_common(MAX_GROUP_XPATHS))
        )

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
    pages: Iterable[Page],
    models: dict[str, DomainModel],
    *,
    total: int | None = None,
    sample_chars: int = 200,
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
                g = groups[key] = BoilerplateGroup(
                    key,
                    rem.detector,
                    page.site,
                    sample_url=page.url,
                    sample_xpath=rem.xpath,
                    sample_text=text[:sample_chars],
                )
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
    return sorted(
        groups.values(), key=lambda g: (-g.pages * max(g.chars // max(g.occurrences, 1), 1), g.key)
    )


def _load_or_new(ws: Any, name: str, site: str) -> Template:
    if name in ws.template_names():
        template: Template = ws.load_template(name)
        return template
    return Template(name=name, site=site)


def _decide(
    ws: Any, template_name: str, group: BoilerplateGroup, *, accept: bool, message: str
) -> int:
    if not group.selector:
        raise WorkspaceError(f"boilerplate group {group.key} has no XPath to turn into a rule")
    template = _load_or_new(ws, template_name, group.site)
    rule = Rule(
        group.rule_name,
        group.selector,
        f"{'accepted' if accept else 'rejected'} boilerplate group ({group.detector}, {group.pages} pages): {group.sample_text[:60]}",
    )
    remove = tuple(r for r in template.remove if r.name != rule.name)
    keep = tuple(r for r in template.keep if r.name != rule.name)
    if accept:
        remove = (*remove, rule)
    else:
        keep = (*keep, rule)
    new = replace(template, remove=remove, keep=keep)
    verb = "accept" if accept else "reject"
    return int(
        ws.save_template(
            new, message=message or f"{verb} boilerplate group {group.key} ({group.pages} pages)"
        )
    )


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
    "pinned",
    "BoilerplateGroup",
    "accept_group",
    "group_decisions",
    "group_steps",
    "reject_group",
]
