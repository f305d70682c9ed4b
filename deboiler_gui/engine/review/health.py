"""Template health for review: per template and field success rate, failing pages, XPath-queue
usage, the repair ``templates repair`` finds (the same run, the same rows) to accept or reject,
version history with diff and revert, and the exports the CLI writes (rule files, cleaned
output)."""

from __future__ import annotations

import difflib
import json
import logging
import os
import shutil
import tempfile
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass
from dataclasses import field as _field  # a dataclass below has a member named field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from deboiler_gui.engine.model import DomainModel, InputError, Page, Progress, WorkspaceError
from deboiler_gui.engine.output import make_folder
from deboiler_gui.engine.progress import Steps
from deboiler_gui.engine.template import repairtext, rulefile
from deboiler_gui.engine.template.evaluate import Evaluation, FieldStats, evaluate_steps
from deboiler_gui.engine.template.model import Template
from deboiler_gui.engine.template.valuerepair import (
    is_learned,
    repair_template_steps,
)

log = logging.getLogger(__name__)

#: Workspace meta key holding rejected repair proposals: (template, field, xpath) triples.
REJECTED_REPAIRS_KEY = "review.rejected_repairs"
#: Rule-file export formats, the same as ``deboiler-gui templates export``.
RULE_FORMATS = ("json", "xml", "trafilatura", "scrapy")
#: Cleaned-output formats: the run writers' formats plus a folder of cleaned HTML files.
CLEANED_FORMATS = ("jsonl", "csv", "sqlite", "html")


@dataclass
class FieldHealth(FieldStats):
    """A field's success over the site (evaluate's figures) with its XPath queue's usage: one
    row per queue entry (index, xpath, pages it served)."""

    queue: list[dict[str, Any]] = _field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        data = super().to_dict()
        del data["by_xpath"]  # shown per queue entry instead
        data["queue"] = list(self.queue)
        if not self.pages:
            data["rate"] = None  # no page was checked: not run, not 0%
        return data


@dataclass
class TemplateHealth:
    name: str
    version: int | None = None
    pages: int = 0
    fields: list[FieldHealth] = _field(default_factory=list)
    #: one row per line ``templates repair`` prints (``repairtext.repair_rows``), each marked
    #: ``rejected`` when a person rejected its rule before
    repairs: list[dict[str, Any]] = _field(default_factory=list)
    #: whether repair ran on the template, and if not why (``repair_note``)
    repaired: bool = False
    repair_note: str = ""
    repair_stats: dict[str, Any] = _field(default_factory=dict)
    history: list[dict[str, Any]] = _field(default_factory=list)

    @property
    def rate(self) -> float | None:
        """The weakest checked field's success rate: the template is as healthy as that field;
        None when no field was checked on any page."""
        return min((f.rate for f in self.fields if f.pages), default=None)

    def to_dict(self) -> dict[str, Any]:
        rate = self.rate
        return {
            "name": self.name,
            "version": self.version,
            "pages": self.pages,
            "rate": None if rate is None else round(rate, 4),
            "fields": [f.to_dict() for f in self.fields],
            "repairs": [dict(r) for r in self.repairs],
            "repaired": self.repaired,
            "repair_note": self.repair_note,
            "repair_stats": dict(self.repair_stats),
            "history": list(self.history),
        }


@dataclass
class HealthReport:
    templates: list[TemplateHealth] = _field(default_factory=list)
    pages: int = 0
    unmatched: list[str] = _field(default_factory=list)
    alerts: list[str] = _field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "pages": self.pages,
            "templates": [t.to_dict() for t in self.templates],
            "unmatched": list(self.unmatched),
            "alerts": list(self.alerts),
        }


def rejected_repairs(ws: Any) -> set[tuple[str, str, str]]:
    return {tuple(x) for x in ws.get_meta(REJECTED_REPAIRS_KEY, []) or []}


def _repair_pages(pages: Iterable[Page], template: Template) -> list[Page]:
    """Without a workspace: the given pages of the template's site (all when it names none),
    as ``templates repair`` reads the workspace's."""
    return [p for p in pages if not template.site or p.site == template.site]


def health_steps(
    pages: Sequence[Page] | Iterable[Page],
    templates: Sequence[Template],
    models: dict[str, DomainModel] | None = None,
    *,
    ws: Any = None,
    repair: bool = True,
    max_failing: int = 50,
    sites: Iterable[str] | None = None,
) -> Generator[Progress, None, HealthReport]:
    """Evaluate each template over the pages (success rate, failing pages with why, which queue
    entry served each page), then run the repair ``templates repair`` runs on each learned
    template: with a workspace, over the workspace's pages of the template's site and that
    site's model, exactly as the command; its rows (``repairtext.repair_rows``) are the
    template's ``repairs``, a rule rejected before marked so and not offered. A template whose
    site is not among ``sites`` is not repaired. ``pages`` may be any re-iterable with a length
    (a workspace-backed one keeps a large site out of memory)."""
    n_pages = len(pages)  # type: ignore[arg-type]
    total = n_pages * (2 if repair else 1)
    ev: Evaluation = yield from evaluate_steps(
        pages, templates, models, total=total, max_failing=max_failing
    )
    report = HealthReport(pages=ev.pages, unmatched=list(ev.unmatched), alerts=list(ev.alerts))
    rejected = rejected_repairs(ws) if ws is not None else set()
    wanted = set(sites) if sites is not None else None
    share = n_pages / max(len(templates), 1)
    for k, t in enumerate(templates):
        th = TemplateHealth(t.name)
        if ws is not None and t.name in ws.template_names():
            th.history = ws.template_history(t.name)
            th.version = th.history[-1]["version"] if th.history else None
        for fld in t.fields:
            st = ev.fields.get((t.name, fld.id))
            fh = FieldHealth(t.name, fld.id)
            if st is not None:
                fh.pages, fh.ok, fh.absent, fh.failing, fh.by_xpath = (
                    st.pages,
                    st.ok,
                    st.absent,
                    st.failures(),
                    dict(st.by_xpath),
                )
                fh.no_anchor = st.no_anchor
                th.pages = max(th.pages, st.pages)
            fh.queue = [
                {"index": i, "xpath": xp, "pages": int(fh.by_xpath.get(xp, 0))}
                for i, xp in enumerate(fld.xpaths)
            ]
            th.fields.append(fh)
        report.templates.append(th)
        if not repair:
            continue
        start = n_pages + k * share
        if not is_learned(t):
            th.repair_note = (
                f"not learned: repair has nothing to compare with (templates learn {t.name})"
            )
        elif wanted is not None and t.site and t.site not in wanted:
            th.repair_note = f"not run: the template is for site {t.site}"
        else:
            yield Progress(int(start), total, f"repair {t.name}")
            steps = Steps(
                repairtext.workspace_repair_steps(ws, t)
                if ws is not None
                else repair_template_steps(
                    _repair_pages(pages, t), t, (models or {}).get(t.site or "")
                )
            )
            for step in steps:
                part = step.done / step.total if step.total else 0.0
                yield Progress(int(start + part * share), total, f"repair {t.name}: {step.message}")
            found = steps.value
            assert found is not None  # the generator returned
            th.repaired, th.repair_stats = True, dict(found.stats)
            for row in repairtext.repair_rows(found, t):
                if row["xpath"] and (t.name, row["field"], row["xpath"]) in rejected:
                    row.update(
                        rejected=True,
                        accept=False,
                        accept_unsure=False,
                        why_not="rejected before: not offered again",
                        why_not_unsure="rejected before: not offered again",
                    )
                th.repairs.append(row)
        yield Progress(int(n_pages + (k + 1) * share), total, f"health of {t.name}")
    yield Progress(total, total, "health")
    return report


def accept_repair(ws: Any, row: dict[str, Any], *, unsure: bool = False) -> int:
    """Accept one row of a template's repair: the field changed exactly as ``templates repair
    NAME --accept-repairs`` changes it (with ``unsure``: as ``--accept-unsure FIELD`` does,
    never below ``UNSURE_FLOOR``), saved as a new template version with the command's message.
    Refused when the field's rule changed since the repair ran."""
    name, field = row["template"], row["field"]
    if row.get("rejected"):
        raise InputError(f"{name}: the repair of {field} was rejected; it is not offered again")
    template = ws.load_template(name)
    if list(template.field(field).xpaths) != list(row["current"]):
        raise WorkspaceError(
            f"{name}: field {field} changed since its repair was found: run Template health again"
        )
    new = repairtext.accept_field(
        repairtext.repair_from_dict(row["repair"]), template, field, unsure=unsure
    )
    return int(ws.save_template(new, message=repairtext.accept_message([field])))


def reject_repair(ws: Any, row: dict[str, Any]) -> None:
    """Record the rejection of a row's rule so it is not offered again."""
    items = [list(x) for x in (ws.get_meta(REJECTED_REPAIRS_KEY, []) or [])]
    triple = [row["template"], row["field"], row["xpath"]]
    if triple not in items:
        items.append(triple)
        ws.set_meta(REJECTED_REPAIRS_KEY, items)


def template_diff(ws: Any, name: str, old: int, new: int | None = None) -> str:
    """Unified diff of two versions as rule files (stable key order), as the CLI prints it."""
    a = rulefile.dumps([ws.load_template(name, old)])
    b = rulefile.dumps([ws.load_template(name, new)])
    label = f"v{new}" if new is not None else f"v{ws.template_history(name)[-1]['version']}"
    return "".join(
        difflib.unified_diff(
            a.splitlines(True), b.splitlines(True), f"{name} v{old}", f"{name} {label}"
        )
    )


def revert(ws: Any, name: str, version: int) -> int:
    return int(ws.revert_template(name, version, message=f"revert to v{version}"))


# --------------------------------------------------------------------------- exports


def export_rules(templates: Sequence[Template], fmt: str = "json") -> str:
    """Rule-file text in one of RULE_FORMATS, with the rule-file module the CLI uses."""
    if fmt not in RULE_FORMATS:
        raise InputError(f"unknown rule format {fmt!r} (choose {', '.join(RULE_FORMATS)})")
    if fmt == "scrapy":
        if len(templates) != 1:
            raise InputError("the scrapy export takes exactly one template")
        return rulefile.to_scrapy_spider(templates[0])
    if fmt == "xml":
        return rulefile.to_paper_xml(templates)
    if fmt == "trafilatura":
        return rulefile.to_trafilatura_prune(templates)
    return rulefile.dumps(templates)


def _file_name(url: str, used: set[str]) -> str:
    parts = urlsplit(url)
    path = parts.path.strip("/") or "index"
    safe = "".join(
        c if c.isalnum() or c in "-_./" else "_" for c in f"{parts.hostname or 'site'}/{path}"
    )
    safe = "/".join(p for p in safe.split("/") if p not in ("", ".", ".."))
    if not safe.endswith((".html", ".htm")):
        safe += ".html"
    base, n = safe, 2
    while safe in used:
        safe = base[:-5] + f"-{n}.html"
        n += 1
    used.add(safe)
    return safe


class HtmlFolderWriter:
    """Cleaned pages as a folder of HTML files (host/path.html) plus index.jsonl; the folder
    appears only when complete, like the other result writers."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        parent = self.path.parent if str(self.path.parent) else Path(".")
        make_folder(parent, self.path)
        if self.path.exists() and not self.path.is_dir():
            raise InputError(f"{self.path}: exists and is not a folder")
        self._tmp = Path(tempfile.mkdtemp(prefix=f".{self.path.name}.", dir=parent))
        self._index = open(self._tmp / "index.jsonl", "w", encoding="utf-8")  # noqa: SIM115 (closed in commit/discard)
        self._used: set[str] = {"index.jsonl"}
        self.count = 0

    def write(self, record: dict[str, Any]) -> None:
        entry = {k: record.get(k) for k in ("url", "status", "error", "title")}
        if record.get("status") == "ok":
            name = _file_name(str(record["url"]), self._used)
            target = self._tmp / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(str(record.get("cleaned_html") or ""), encoding="utf-8")
            entry["file"] = name
        self._index.write(json.dumps(entry, ensure_ascii=False) + "\n")
        self.count += 1

    def commit(self) -> Path:
        self._index.close()
        if self.path.exists():
            shutil.rmtree(self.path)
        os.replace(self._tmp, self.path)
        return self.path

    def discard(self) -> None:
        self._index.close()
        shutil.rmtree(self._tmp, ignore_errors=True)

    def __enter__(self) -> HtmlFolderWriter:
        return self

    def __exit__(self, exc_type: object, *_exc: object) -> None:
        if exc_type is None:
            self.commit()
        else:
            self.discard()


def _rules_record(
    page: Page, model: DomainModel | None, templates: Sequence[Template]
) -> dict[str, Any]:
    """The run's record of one page, cleaned with its best-matching template's remove and keep
    rules (accepted and rejected boilerplate groups included) on top of the site model."""
    from deboiler_gui.engine.clean.pipeline import result_record

    return result_record(page, model, templates=templates)


def export_cleaned_steps(
    ws: Any,
    output: str | os.PathLike[str],
    fmt: str,
    models: dict[str, DomainModel],
    *,
    sites: Iterable[str] | None = None,
    templates: Sequence[Template] = (),
) -> Generator[Progress, None, int]:
    """Cleaned output of the workspace's pages; ``html`` writes a folder of cleaned pages.
    Without templates this is the run pipeline the ``clean`` command uses; with templates each
    page is also cleaned by its template's remove and keep rules. Returns the record count."""
    from deboiler_gui.engine.clean.pipeline import RunSummary, clean_steps
    from deboiler_gui.engine.output import ResultWriter

    if fmt not in CLEANED_FORMATS:
        raise InputError(f"unknown output format {fmt!r} (choose {', '.join(CLEANED_FORMATS)})")
    if not models:
        raise WorkspaceError(
            f"workspace {getattr(ws, 'path', ws)} has no fitted site model: fit it first"
        )
    wanted = list(sites) if sites is not None else list(models)
    writer: Any = HtmlFolderWriter(output) if fmt == "html" else ResultWriter(output, fmt)
    summary = RunSummary(output=str(output))
    with writer:
        if not templates:
            yield from clean_steps(ws, writer, models, sites=wanted, summary=summary)
            return summary.pages
        total = sum(ws.page_count(s) for s in wanted)
        for site in wanted:
            for page in ws.iter_pages(site):
                record = _rules_record(page, models.get(site), templates)
                writer.write(record)
                summary.count(record)
                yield Progress(summary.pages, total, page.url)
    return summary.pages


__all__ = [
    "CLEANED_FORMATS",
    "RULE_FORMATS",
    "FieldHealth",
    "HealthReport",
    "HtmlFolderWriter",
    "TemplateHealth",
    "accept_repair",
    "export_cleaned_steps",
    "export_rules",
    "health_steps",
    "reject_repair",
    "rejected_repairs",
    "revert",
    "template_diff",
]
