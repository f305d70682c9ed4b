"""Review jobs over a workspace file, for background drivers: each opens its own connection in the
thread that runs it, yields Progress and returns plain data (dicts and lists) only."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Generator, Sequence
from typing import Any

from deboiler_gui.engine.jobs import ChildJob
from deboiler_gui.engine.model import DomainModel, Progress, WorkspaceError
from deboiler_gui.engine.review.groups import group_steps
from deboiler_gui.engine.review.health import health_steps
from deboiler_gui.engine.review.impact import (
    DEFAULT_MAX_EATEN,
    before_after,
    impact_steps,
    template_for,
)
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.extract import check_template
from deboiler_gui.engine.template.model import Template

log = logging.getLogger(__name__)

Path = str | os.PathLike[str]


def _templates(ws: Workspace, names: Sequence[str] | None) -> list[Template]:
    chosen = list(names) if names is not None else ws.template_names()
    out = [ws.load_template(n) for n in chosen]
    for t in out:
        check_template(t)
    return out


def _models(ws: Workspace, sites: Sequence[str]) -> dict[str, DomainModel]:
    out = {}
    for s in sites:
        m = ws.load_model(s)
        if m is not None:
            out[s] = m
    return out


def _sites(ws: Workspace, sites: Sequence[str] | None) -> list[str]:
    known = [s for s, _n in ws.sites()]
    for s in sites or ():
        if s not in known:
            raise WorkspaceError(f"workspace {ws.path} has no pages of site {s!r}")
    return list(sites) if sites else known


class _SitesPages:
    """The cleanable pages of some sites, re-iterable and sized, read from the workspace on
    each pass (a large site never sits in memory)."""

    def __init__(self, ws: Workspace, sites: Sequence[str]) -> None:
        from deboiler_gui.engine.clean.pipeline import SitePages

        self.groups = [SitePages(ws, s) for s in sites]

    def __iter__(self) -> Any:
        for g in self.groups:
            yield from g

    def __len__(self) -> int:
        return sum(len(g) for g in self.groups)


def impact_job(
    path: Path,
    *,
    templates: Sequence[str] | None = None,
    sites: Sequence[str] | None = None,
    max_eaten: float = DEFAULT_MAX_EATEN,
    drafts: Sequence[dict[str, Any]] = (),
) -> Generator[Progress, None, dict[str, Any]]:
    """Per-rule impact of a workspace's sites under their saved models and the templates; pages
    come as [url, template, original_chars, removed_chars] rows. ``drafts``: templates being
    edited (as dicts), each in the place of the saved template of its name."""
    from deboiler_gui.engine.clean.pipeline import SitePages

    with Workspace(path, create=False) as ws:
        wanted = _sites(ws, sites)
        models = _models(ws, wanted)
        edited = [Template.from_dict(d) for d in drafts]
        for t in edited:
            check_template(t)
        names = {t.name for t in edited}
        saved = ws.template_names() if templates is None else list(templates)
        chosen = [*edited, *_templates(ws, [n for n in saved if n not in names])]
        groups = [SitePages(ws, s) for s in wanted]
        total = sum(len(g) for g in groups)

        def pages() -> Any:
            for g in groups:
                yield from g

        report = yield from impact_steps(pages(), models, chosen, max_eaten=max_eaten, total=total)
        data = report.to_dict()
        # Per page only what the views list: unpickling 10,000 nested dicts held the receiving
        # thread's interpreter lock for ~80 ms; flat rows take ~6 ms.
        data["pages"] = [
            [p.url, p.template, p.original_chars, p.removed_chars] for p in report.pages
        ]
        data["eaten_pages"] = [p.to_dict() for p in report.eaten]
        data["missing_models"] = [s for s in wanted if s not in models]
        return data


def groups_job(
    path: Path, *, sites: Sequence[str] | None = None, template: str | None = None
) -> Generator[Progress, None, dict[str, Any]]:
    """Boilerplate groups of the sites, with the decisions ``template`` already holds."""
    from deboiler_gui.engine.clean.pipeline import SitePages
    from deboiler_gui.engine.review.groups import group_decisions

    with Workspace(path, create=False) as ws:
        wanted = _sites(ws, sites)
        models = _models(ws, wanted)
        groups = [SitePages(ws, s) for s in wanted]
        total = sum(len(g) for g in groups)

        def pages() -> Any:
            for g in groups:
                yield from g

        found = yield from group_steps(pages(), models, total=total)
        decisions = {}
        if template and template in ws.template_names():
            decisions = group_decisions(ws.load_template(template))
        return {"groups": [g.to_dict() for g in found], "decisions": decisions}


def health_job(
    path: Path, *, templates: Sequence[str] | None = None, sites: Sequence[str] | None = None
) -> Generator[Progress, None, dict[str, Any]]:
    """Template health with version histories and, per learned template, the repair
    ``templates repair`` finds on the same workspace (the same pages and model, the same rows);
    a template whose site is not among ``sites`` is not repaired."""
    with Workspace(path, create=False) as ws:
        wanted = _sites(ws, sites)
        chosen = _templates(ws, templates)
        report = yield from health_steps(
            _SitesPages(ws, wanted),
            chosen,
            _models(ws, wanted),
            ws=ws,
            sites=wanted if sites else None,
        )
        return report.to_dict()


def page_job(
    path: Path, url: str, *, templates: Sequence[str] | None = None
) -> Generator[Progress, None, dict[str, Any]]:
    """Before/after of one page of the workspace (its best-matching template's rules apply)."""
    with Workspace(path, create=False) as ws:
        page = ws.get_page(url)
        if page is None:
            raise WorkspaceError(f"workspace {ws.path} has no page {url!r}")
        yield Progress(0, 1, url)
        chosen = _templates(ws, templates)
        data = before_after(page, ws.load_model(page.site), template_for(page, chosen))
        yield Progress(1, 1, url)
        return data


def export_job(
    path: Path,
    output: Path,
    fmt: str,
    *,
    templates: Sequence[str] | None = None,
    sites: Sequence[str] | None = None,
) -> Generator[Progress, None, dict[str, Any]]:
    """Export with the CLI's code: rule files (json, xml, trafilatura, scrapy) of the templates,
    or the cleaned pages (jsonl, csv, sqlite, html folder) of the sites, cleaned also by the
    named templates' remove and keep rules when ``templates`` is given."""
    from deboiler_gui.engine.review.health import (
        CLEANED_FORMATS,
        export_cleaned_steps,
        export_rules,
    )

    with Workspace(path, create=False) as ws:
        if fmt in CLEANED_FORMATS:
            wanted = _sites(ws, sites)
            chosen = _templates(ws, templates) if templates else []
            n = yield from export_cleaned_steps(
                ws, output, fmt, _models(ws, wanted), sites=wanted, templates=chosen
            )
            return {"output": str(output), "format": fmt, "records": n}
        chosen = _templates(ws, templates)
        text = export_rules(chosen, fmt)
    yield Progress(1, 1, str(output))
    from deboiler_gui.engine.output import check_output_path

    check_output_path(output)
    tmp = f"{output}.part"
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.replace(tmp, output)
    return {"output": str(output), "format": fmt, "records": len(chosen)}


# --------------------------------------------------------------------------- decisions and history
# Small writes and reads the app makes through a child process too: a second connection to the
# workspace inside the app's process would drop the SQLite locks of the app's own connection
# (POSIX advisory locks are per process) when it closes.


def group_rule_job(path: Path, group: dict[str, Any]) -> Generator[Progress, None, dict[str, Any]]:
    """The minimal rule of a boilerplate group over its site's pages (GroupRule.to_dict()),
    for the app to show with its site count before it goes into the template being edited."""
    from deboiler_gui.engine.htmltree import parse_html
    from deboiler_gui.engine.review.groups import BoilerplateGroup, minimal_rule

    g = BoilerplateGroup.from_dict(group)
    with Workspace(path, create=False) as ws:
        total = ws.page_count(g.site)
        trees = []
        yield Progress(0, total, "reading pages", phase="reading")
        for i, page in enumerate(ws.iter_pages(g.site), 1):
            if page.html and not page.error:
                trees.append((page.url, parse_html(page.html)))
            if i % 50 == 0:
                yield Progress(i, total, page.url, phase="reading")
    yield Progress(total, total, "choosing the rule", phase="rule")
    return minimal_rule(g, trees).to_dict()


def decide_group_job(
    path: Path, template: str, group: dict[str, Any], *, accept: bool
) -> Generator[Progress, None, dict[str, Any]]:
    """Accept (remove rule) or reject (keep rule) a boilerplate group: a new template version."""
    from deboiler_gui.engine.review.groups import BoilerplateGroup, accept_group, reject_group

    yield Progress(0, 1, template)
    g = BoilerplateGroup.from_dict(group)
    with Workspace(path, create=False) as ws:
        version = (accept_group if accept else reject_group)(ws, template, g)
    return {
        "key": g.key,
        "rule_name": g.rule_name,
        "decision": "accepted" if accept else "rejected",
        "version": version,
    }


def proposal_job(
    path: Path, proposal: dict[str, Any], *, accept: bool, unsure: bool = False
) -> Generator[Progress, None, dict[str, Any]]:
    """Accept one row of a template's repair as ``templates repair --accept-repairs`` would
    (with ``unsure``: as ``--accept-unsure FIELD`` would), a new template version, or record
    its rejection."""
    from deboiler_gui.engine.review.health import accept_repair, reject_repair

    yield Progress(0, 1, proposal["template"])
    with Workspace(path, create=False) as ws:
        if accept:
            version = accept_repair(ws, proposal, unsure=unsure)
            return {"proposal": proposal, "accepted": True, "unsure": unsure, "version": version}
        reject_repair(ws, proposal)
        return {"proposal": proposal, "accepted": False, "unsure": False, "version": None}


def history_job(
    path: Path,
    template: str,
    *,
    diff: tuple[int, int | None] | None = None,
    revert_to: int | None = None,
) -> Generator[Progress, None, dict[str, Any]]:
    """A template's version history, optionally after reverting to a version, and optionally
    the diff between two versions."""
    from deboiler_gui.engine.review.health import revert, template_diff

    yield Progress(0, 1, template)
    with Workspace(path, create=False) as ws:
        out: dict[str, Any] = {"template": template}
        if revert_to is not None:
            out["version"] = revert(ws, template, revert_to)
        out["history"] = ws.template_history(template)
        if diff is not None:
            out["diff"] = template_diff(ws, template, diff[0], diff[1])
            out["versions"] = list(diff)
        return out


# --------------------------------------------------------------------------- in another process


def in_process(
    job: Callable[..., Generator[Progress, None, Any]], *args: Any, **kwargs: Any
) -> Generator[Progress, None, Any]:
    """Run one of this module's jobs in a child process and relay it as a generator.

    The work then never holds this process's interpreter lock, so a GUI thread driving it stays
    responsive however heavy the pages; closing the generator (a cancel) ends the child, which
    runs at a lower priority than the app.
    """
    name = job.__name__
    if globals().get(name) is not job:
        raise ValueError(f"{name} is not a review job of this module")
    what = JOB_WORDS.get(name, name.removesuffix("_job").replace("_", " "))
    return ChildJob(job, args, kwargs, what=what, nice=10).steps()


#: What each review job does, as its panel's progress line and its errors say it.
JOB_WORDS = {
    "groups_job": "finding boilerplate groups",
    "group_rule_job": "finding the group's rule",
    "impact_job": "counting each rule's impact",
    "page_job": "cleaning the page before and after",
    "health_job": "checking the templates' health",
    "proposal_job": "recording the repair decision",
    "history_job": "reading the template's history",
    "decide_group_job": "saving the group's decision",
    "export_job": "exporting the rules",
}


__all__ = [
    "decide_group_job",
    "history_job",
    "in_process",
    "proposal_job",
    "export_job",
    "groups_job",
    "health_job",
    "impact_job",
    "page_job",
]
