"""Monitoring a site between runs: re-read its pages, run the templates and the cleaner, compare
with the last run kept in the workspace, report (JSON + HTML), propose repairs."""

from __future__ import annotations

import dataclasses
import hashlib
import html
import json
import logging
import os
import re
import shutil
import tempfile
import time
from collections import Counter
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deboiler_gui.engine.crawl.config import CrawlConfig
from deboiler_gui.engine.model import DomainModel, InputError, Page, Progress, WorkspaceError
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.extract import is_gone, remove_field_command
from deboiler_gui.engine.template.model import Template
from deboiler_gui.engine.words import count

log = logging.getLogger(__name__)

#: Exit code of ``deboiler-gui monitor`` when a template broke.
EXIT_BROKEN = 3
SNAPSHOT_KEY = "monitor:last_run"
#: 2: values are compared with white space runs as one space (a page whose title went from
#: "3\nLogging" to "3 Logging" did not change); a run of version 1 starts a new baseline.
SNAPSHOT_VERSION = 2
#: Pages per broken template handed to adaptive repair.
REPAIR_PAGES = 30

_NUMBER = re.compile(r"^[\s$€£¥+\-]*\d[\d\s.,]*[%]?\s*$")
_DATE = re.compile(
    r"\b(\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./]\d{1,2}[./]\d{2,4}|\d{1,2} (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d{4}|"
    r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d{1,2},? \d{4})\b",
    re.IGNORECASE,
)


@dataclass
class Thresholds:
    """When a change counts as a broken template."""

    #: A field's (or rule's) hit rate falling by more than this (absolute share of pages).
    max_drop: float = 0.2
    #: The share of pages whose value changed shape (e.g. date → text) above which it broke.
    max_shape_change: float = 0.5
    #: A site's boilerplate share moving by more than this is reported (a warning).
    max_share_change: float = 0.1


def shape_of(value: Any) -> str:
    """A coarse class of a value, stable across pages of one field: empty, number, date, url,
    html, text:short, text:long, list<…>, record{…}."""
    if value is None or value == "" or value == [] or value == {}:
        return ""
    if isinstance(value, list):
        shapes = Counter(shape_of(v) for v in value if shape_of(v))
        return "list<" + (shapes.most_common(1)[0][0] if shapes else "") + ">"
    if isinstance(value, dict):
        return "record{" + ",".join(sorted(k for k, v in value.items() if shape_of(v))) + "}"
    text = " ".join(str(value).split())  # white space is no shape ("3\nLogging")
    if text.startswith("<") and text.endswith(">"):
        return "html"
    if _NUMBER.match(text):
        return "number"
    if len(text) <= 40 and _DATE.search(text):
        return "date"
    if re.match(r"^(https?:)?//|^/[^\s]*$|^[\w./-]+\.html?(#.*)?$", text):
        return "url"
    return "text:short" if len(text) <= 80 else "text:long"


def _spaced(value: Any) -> Any:
    """``value`` with each text's white space runs as one space (lists and records through)."""
    if isinstance(value, str):
        return " ".join(value.split())
    if isinstance(value, list):
        return [_spaced(v) for v in value]
    if isinstance(value, dict):
        return {k: _spaced(v) for k, v in value.items()}
    return value


def _digest(value: Any) -> str:
    return hashlib.sha1(
        json.dumps(value, sort_keys=True, ensure_ascii=False).encode("utf-8")
    ).hexdigest()[:12]


# --------------------------------------------------------------------------- one run


def _rule_hits(root: Any, template: Template) -> dict[str, bool]:
    from deboiler_gui.engine.template.selectors import select

    out = {}
    for kind, rules in (("remove", template.remove), ("keep", template.keep)):
        for rule in rules:
            try:
                out[f"{kind}:{rule.name}"] = bool(select(root, rule.selector))
            except Exception:  # an invalid rule is reported by check_template, not here
                out[f"{kind}:{rule.name}"] = False
    return out


def snapshot_page(
    page: Page, templates: Sequence[Template], model: DomainModel | None
) -> dict[str, Any]:
    """What a run keeps of one page: its template, each field's value shape and digest, whether
    it was found and by which XPath of its queue, which rules hit, and the share of its text the
    cleaner removed."""
    from deboiler_gui.engine.clean.cleaning import clean_page
    from deboiler_gui.engine.template.extract import extract_page, page_tree

    entry: dict[str, Any] = {
        "site": page.site,
        "template": "",
        "share": None,
        "values": {},
        "rules": {},
        "error": None,
    }
    if page.error or not page.ok:
        entry["error"] = page.error or f"HTTP {page.status}"
        entry["unread"] = True
        return entry
    try:
        if model is not None:
            res = clean_page(page, model)
            if res.status == "ok" and res.original_chars:
                entry["share"] = round(sum(r.chars for r in res.removed) / res.original_chars, 4)
        if templates:
            result = extract_page(page, templates, model)
            if result.template:
                entry["template"] = result.template
                entry["values"] = {
                    fid: [
                        shape_of(v),
                        _digest(_spaced(v)),  # a change of white space only is no change
                        result.fields[fid].status == "ok",
                        result.fields[fid].queue_index,
                    ]
                    for fid, v in result.values.items()
                }
                template = next(t for t in templates if t.name == result.template)
                entry["rules"] = _rule_hits(page_tree(page), template)
            elif result.status == "error":
                entry["error"] = result.error
    except Exception as exc:  # one bad page never stops the run
        log.warning("monitoring %s failed: %s", page.url, exc, exc_info=True)
        entry["error"] = f"{type(exc).__name__}: {exc}"
    return entry


def summarise(pages: dict[str, dict[str, Any]], templates: Sequence[Template]) -> dict[str, Any]:
    """Per-template field and rule hit counts and per-site boilerplate shares of a run."""
    tmpl: dict[str, Any] = {
        t.name: {
            "pages": 0,
            "fields": {f.id: {"hits": 0, "shapes": {}, "by_xpath": {}} for f in t.fields},
            "xpaths": {f.id: list(f.xpaths) for f in t.fields},
            # fields recorded gone by ``templates repair``: no rule, no value expected
            "gone": [f.id for f in t.fields if is_gone(f)],
            "rules": {},
        }
        for t in templates
    }
    sites: dict[str, dict[str, Any]] = {}
    for entry in pages.values():
        if entry.get("unread"):
            continue  # an HTTP error answered at a URL is not a page of the site
        site = sites.setdefault(entry["site"], {"pages": 0, "shares": []})
        site["pages"] += 1
        if entry["share"] is not None:
            site["shares"].append(entry["share"])
        t = tmpl.get(entry["template"])
        if t is None:
            continue
        t["pages"] += 1
        for fid, value in entry["values"].items():
            shape, ok = value[0], value[2]
            f = t["fields"].setdefault(fid, {"hits": 0, "shapes": {}, "by_xpath": {}})
            if ok:
                f["hits"] += 1
                # which XPath of the queue found it (0: the first, the primary one)
                index = str(value[3]) if len(value) > 3 else "0"
                f["by_xpath"][index] = f["by_xpath"].get(index, 0) + 1
            if shape:
                f["shapes"][shape] = f["shapes"].get(shape, 0) + 1
        for rule, hit in entry["rules"].items():
            t["rules"][rule] = t["rules"].get(rule, 0) + int(hit)
    for site in sites.values():
        shares = site.pop("shares")
        site["share"] = round(sum(shares) / len(shares), 4) if shares else None
    return {"templates": tmpl, "sites": sites}


# --------------------------------------------------------------------------- comparing


def _rate(hits: int, pages: int) -> float | None:
    return round(hits / pages, 4) if pages else None


def _dominant(shapes: dict[str, int]) -> str:
    return max(sorted(shapes), key=lambda s: shapes[s]) if shapes else ""


def _constant_now(then: Counter[str], now: Counter[str]) -> int:
    """The pages holding one same value now, on the pages compared (value digests then and
    now), when that is drift to a constant: the values varied then (the commonest on less than
    SAME_VALUE_SHARE of the pages) and one value now leads as ``templates repair`` would call
    drift (``repair.drifted_value``) and is not the one that led before; 0 otherwise."""
    from deboiler_gui.engine.template.repair import SAME_VALUE_SHARE, drifted_value

    total = sum(then.values())
    if not total:
        return 0
    top_then = then.most_common(1)[0][1] / total
    if top_then >= SAME_VALUE_SHARE:
        return 0  # one value before too: a constant field
    found = drifted_value(now, top_then)
    if found is None or then.get(found[0], 0) >= found[1]:
        return 0
    return found[1]


def _field_lost(
    rate: float | None, rate_prev: float | None, hits: int, hits_prev: int, th: Thresholds
) -> str | None:
    """Whether a field's hit rate fell enough to call it broken, whatever its share of the
    pages: by more than ``max_drop``; to nothing from a value on 2 pages or more; or by half
    or more of itself with 3 pages or more lost. None when it did not; else what to add to the
    message (empty, or which rule of the few-pages kind it broke)."""
    if rate is None or rate_prev is None or rate >= rate_prev:
        return None
    if rate_prev - rate > th.max_drop:
        return ""
    if rate == 0 and hits_prev >= MIN_LOST_TO_NONE:
        return f" (on {hits_prev} pages before, none now)"
    if rate <= rate_prev * (1 - HALF) and hits_prev - hits >= MIN_LOST_HALF:
        return f" (on {hits_prev} pages before, {hits} now)"
    return None


#: A field that had a value on this many pages and has none now is broken, however few
#: pages of the template carry it (a caption on 15% of the pages falling to 0%).
MIN_LOST_TO_NONE = 2
#: A field whose hit rate fell by this share of itself, on at least MIN_LOST_HALF pages less,
#: is broken too.
HALF = 0.5
MIN_LOST_HALF = 3


def _read_pages(pages: dict[str, Any]) -> dict[str, Any]:
    """The run's pages that were read: not those that answered an HTTP error or failed to
    come (runs stored before the mark: an error saying "HTTP …")."""
    return {
        url: e
        for url, e in pages.items()
        if not e.get("unread") and not str(e.get("error") or "").startswith("HTTP ")
    }


def compare(
    previous: dict[str, Any] | None, current: dict[str, Any], thresholds: Thresholds | None = None
) -> dict[str, Any]:
    """The report of a run against the previous one (None: this run is the baseline)."""
    th = thresholds or Thresholds()
    # a URL that answered an error (404) or could not be fetched is no page of the site
    now_pages: dict[str, Any] = _read_pages(current["pages"])
    report: dict[str, Any] = {
        "status": "baseline" if previous is None else "ok",
        "current": current["finished_at"],
        "previous": previous["finished_at"] if previous else None,
        "thresholds": {
            "max_drop": th.max_drop,
            "max_shape_change": th.max_shape_change,
            "max_share_change": th.max_share_change,
        },
        "pages": {
            "now": len(now_pages),
            "previous": len(_read_pages(previous["pages"])) if previous else None,
            "unread": len(current["pages"]) - len(now_pages),
        },
        "templates": [],
        "sites": [],
        "broken": [],
        "warnings": [],
        "eroded": [],
        "repairs": [],
    }
    prev_pages: dict[str, Any] = _read_pages(previous["pages"]) if previous else {}
    new = sorted(set(now_pages) - set(prev_pages)) if previous else []
    gone = sorted(set(prev_pages) - set(now_pages)) if previous else []
    report["pages"].update(
        {"new": len(new), "removed": len(gone), "new_urls": new[:200], "removed_urls": gone[:200]}
    )
    prev_sum = previous["summary"] if previous else {"templates": {}, "sites": {}}
    cur_sum = current["summary"]
    for name in sorted(set(cur_sum["templates"]) | set(prev_sum["templates"])):
        now_t = cur_sum["templates"].get(name, {"pages": 0, "fields": {}, "rules": {}})
        old_t = prev_sum["templates"].get(name) if previous else None
        entry: dict[str, Any] = {
            "name": name,
            "pages": now_t["pages"],
            "pages_previous": old_t["pages"] if old_t else None,
            "fields": [],
            "rules": [],
        }
        if old_t and old_t["pages"] and not now_t["pages"]:
            report["broken"].append(
                f"template {name!r}: matched {old_t['pages']} pages last run, none now"
            )
        for fid in sorted(set(now_t["fields"]) | set(old_t["fields"] if old_t else ())):
            if "xpaths" in now_t and fid not in now_t["xpaths"]:
                # removed from the template since the last run: no value is expected of it
                continue
            gone_now = fid in now_t.get("gone", ())
            nf = now_t["fields"].get(fid, {"hits": 0, "shapes": {}})
            of = old_t["fields"].get(fid) if old_t else None
            rate = _rate(nf["hits"], now_t["pages"])
            rate_prev = _rate(of["hits"], old_t["pages"]) if of and old_t else None
            row: dict[str, Any] = {
                "id": fid,
                "hit_rate": rate,
                "hit_rate_previous": rate_prev,
                "shape": _dominant(nf["shapes"]),
                "shape_previous": _dominant(of["shapes"]) if of else None,
                "pages_compared": 0,
                "shape_changed": 0,
                "values_changed": 0,
                "lost_pages": 0,
                "broken": [],
            }
            if previous is not None:
                digests_then: Counter[str] = Counter()
                digests_now: Counter[str] = Counter()
                lost_urls: list[str] = []
                for url, page in now_pages.items():
                    old = prev_pages.get(url)
                    if not old or old["template"] != name or page["template"] != name:
                        continue
                    a, b = old["values"].get(fid), page["values"].get(fid)
                    if a and a[2] and not (b and b[2]):
                        lost_urls.append(url)  # a value then, none now, on the same page
                    if not a or not b:
                        continue
                    row["pages_compared"] += 1
                    if a[1] != b[1]:
                        row["values_changed"] += 1
                    if a[0] and b[0] and a[0] != b[0]:
                        row["shape_changed"] += 1
                    if a[2] and b[2]:
                        digests_then[a[1]] += 1
                        digests_now[b[1]] += 1
                drifted = _constant_now(digests_then, digests_now)
                if drifted:
                    row["broken"].append(
                        f"values drifted to one same value on {drifted} of "
                        f"{sum(digests_now.values())} pages (they varied before)"
                    )
                lost = _field_lost(rate, rate_prev, nf["hits"], of["hits"] if of else 0, th)
                if lost is not None:
                    row["broken"].append(f"hit rate fell from {rate_prev:.0%} to {rate:.0%}{lost}")
                if (
                    row["pages_compared"]
                    and row["shape_changed"] / row["pages_compared"] > th.max_shape_change
                ):
                    row["broken"].append(
                        f"values changed shape on {row['shape_changed']} of {row['pages_compared']} pages "
                        f"({row['shape_previous'] or '?'} → {row['shape'] or '?'})"
                    )
            by_xpath: dict[str, int] = nf.get("by_xpath", {})
            queue: list[str] = now_t.get("xpaths", {}).get(fid, [])
            row["primary_failing"] = bool(nf["hits"] and by_xpath and "0" not in by_xpath)
            if row["primary_failing"] and queue:
                # found on every page, but never by its first XPath: a fallback carries it, so
                # the next change to the page may leave nothing to fall back on
                used = max(sorted(by_xpath), key=lambda i: by_xpath[i])
                fallback = queue[int(used)] if int(used) < len(queue) else "?"
                report["warnings"].append(
                    f"template {name!r}, field {fid!r}: its primary XPath {queue[0]!r} finds "
                    f"nothing on any of its {nf['hits']} pages; the fallback {fallback!r} "
                    "still finds it"
                )
            if gone_now:
                # Recorded gone by repair: no rule, so no value and no alert; what to do.
                row["gone"] = True
                row["broken"] = []
                report["warnings"].append(
                    f"template {name!r}, field {fid!r}: recorded gone by templates repair, no "
                    "rule and no alert for it; remove the field "
                    f"({remove_field_command(name, fid)}) if the site no longer has it, or "
                    "author it again if it moved"
                )
            if previous is not None and lost_urls and not row["broken"] and not gone_now:
                # Below every break threshold, but pages that had the value lost it: slow
                # erosion, said, and not taken as the new baseline unless accepted.
                row["lost_pages"] = len(lost_urls)
                lost_urls.sort()
                shown = ", ".join(lost_urls[:3]) + (", …" if len(lost_urls) > 3 else "")
                line = (
                    f"template {name!r}, field {fid!r}: found on {nf['hits']} of "
                    f"{count(now_t['pages'], 'page')}, was {of['hits'] if of else 0}; lost on "
                    f"{count(len(lost_urls), 'page')} that had it: {shown}"
                )
                report["warnings"].append(line)
                report["eroded"].append(f"{name}.{fid}")
            for why in row["broken"]:
                report["broken"].append(f"template {name!r}, field {fid!r}: {why}")
            entry["fields"].append(row)
        for rule in sorted(set(now_t["rules"]) | set(old_t["rules"] if old_t else ())):
            rate = _rate(now_t["rules"].get(rule, 0), now_t["pages"])
            rate_prev = _rate(old_t["rules"].get(rule, 0), old_t["pages"]) if old_t else None
            rrow = {"rule": rule, "hit_rate": rate, "hit_rate_previous": rate_prev, "broken": []}
            if rate is not None and rate_prev is not None and rate_prev - rate > th.max_drop:
                rrow["broken"].append(f"hit rate fell from {rate_prev:.0%} to {rate:.0%}")
                report["broken"].append(
                    f"template {name!r}, rule {rule!r}: hit rate fell from {rate_prev:.0%} to {rate:.0%}"
                )
            entry["rules"].append(rrow)
        entry["broken"] = bool(
            (old_t and old_t["pages"] and not now_t["pages"])
            or any(f["broken"] for f in entry["fields"])
            or any(r["broken"] for r in entry["rules"])
        )
        report["templates"].append(entry)
    for site in sorted(set(cur_sum["sites"]) | set(prev_sum["sites"])):
        ns = cur_sum["sites"].get(site, {"pages": 0, "share": None})
        ps = prev_sum["sites"].get(site) if previous else None
        srow = {
            "site": site,
            "pages": ns["pages"],
            "pages_previous": ps["pages"] if ps else None,
            "boilerplate_share": ns["share"],
            "boilerplate_share_previous": ps["share"] if ps else None,
        }
        if (
            ns["share"] is not None
            and ps
            and ps["share"] is not None
            and abs(ns["share"] - ps["share"]) > th.max_share_change
        ):
            report["warnings"].append(
                f"site {site!r}: boilerplate share moved from {ps['share']:.0%} to {ns['share']:.0%}"
            )
        report["sites"].append(srow)
    if previous is not None:
        report["status"] = "broken" if report["broken"] else "ok"
    return report


# --------------------------------------------------------------------------- the run


@dataclass
class MonitorResult:
    report: dict[str, Any]
    report_dir: Path | None = None
    files: list[Path] = field(default_factory=list)

    @property
    def broken(self) -> bool:
        return bool(self.report["status"] == "broken")


def monitor_steps(
    workspace: str | os.PathLike[str],
    inputs: Sequence[str | os.PathLike[str]],
    *,
    base_url: str | None = None,
    template_names: Iterable[str] | None = None,
    thresholds: Thresholds | None = None,
    report_dir: str | os.PathLike[str] | None = None,
    store: bool = True,
    accept_repairs: bool = False,
    accept: bool = False,
    crawl: CrawlConfig | None = None,
) -> Generator[Progress, None, MonitorResult]:
    """Read the inputs, snapshot every page (templates, rules, cleaner), compare with the last
    good snapshot stored in the workspace (the baseline), propose repairs for broken templates,
    write the report and (with ``store``) keep this snapshot as the new baseline, unless it found
    a break: a break replaces the baseline only once accepted (``accept``, or a new version of
    every broken template since the baseline, e.g. accepted repairs). Sites without a saved model get one
    fitted on these pages and saved, so later runs compare against the same model.

    An input that is an http(s) URL is fetched again by the crawler, with ``crawl`` (a
    ``CrawlConfig`` whose seeds are replaced by the URLs; default: the given pages only,
    robots.txt honoured), into the same staging workspace as the files."""
    from deboiler_gui.engine.clean.pipeline import fit_steps, import_steps
    from deboiler_gui.engine.sources import InputSet
    from deboiler_gui.engine.template.extract import check_template

    path = Path(workspace)
    if not path.exists():
        raise WorkspaceError(f"workspace {path}: no such file")
    urls = [str(i) for i in inputs if is_url(str(i))]
    files = [i for i in inputs if not is_url(str(i))]
    if files:
        InputSet.open(files, base_url=base_url)
    started = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    staging = tempfile.mkdtemp(prefix="deboiler-monitor-")
    try:
        with (
            Workspace(path, create=False) as ws,
            Workspace(Path(staging) / "pages.sqlite") as pages_ws,
        ):
            names = list(template_names) if template_names else ws.template_names()
            templates = []
            for name in names:
                try:
                    templates.append(ws.load_template(name))
                except WorkspaceError as exc:
                    raise InputError(f"template {name!r}: {exc}") from exc
            for t in templates:
                check_template(t)
            if urls:
                yield from _crawl_urls(urls, pages_ws, crawl)
            if files:
                yield from import_steps(pages_ws, files, base_url=base_url)
            sites = [s for s, _n in pages_ws.sites()]
            if not any(p.ok for site in sites for p in pages_ws.iter_pages(site)):
                raise InputError(
                    "no page was read from the inputs"
                    + (" (no URL was fetched: see the reasons above)" if urls else "")
                )
            models: dict[str, DomainModel] = {}
            missing = []
            for site in sites:
                saved = ws.load_model(site)
                if saved is not None and not saved.stale:
                    models[site] = saved
                else:
                    missing.append(site)
            fitted_now: list[str] = []
            if missing:
                fitted = yield from fit_steps(
                    pages_ws, sites=missing, save_to=ws if store else None
                )
                models.update(fitted)
                fitted_now = sorted(fitted)
            total = sum(n for _s, n in pages_ws.sites())
            done = 0
            pages: dict[str, dict[str, Any]] = {}
            yield Progress(0, total, "monitoring")
            for site in sites:
                for page in pages_ws.iter_pages(site):
                    pages[page.url] = snapshot_page(page, templates, models.get(site))
                    done += 1
                    if done % 8 == 0 or done == total:
                        yield Progress(done, total, f"monitoring {site}")
            versions = {t.name: _template_version(ws, t.name) for t in templates}
            current = {
                "version": SNAPSHOT_VERSION,
                "finished_at": started,
                "inputs": [str(p) for p in inputs],
                "templates": [t.name for t in templates],
                "template_versions": versions,
                "template_rules": {t.name: _rules_digest(t) for t in templates},
                "part_rules": {t.name: _part_digests(t) for t in templates},
                "pages": pages,
                "summary": summarise(pages, templates),
            }
            previous = ws.get_meta(SNAPSHOT_KEY)
            if previous is not None and previous.get("version") != SNAPSHOT_VERSION:
                log.warning(
                    "last monitoring run has snapshot version %r; starting a new baseline",
                    previous.get("version"),
                )
                previous = None
            report = compare(previous, current, thresholds)
            if fitted_now:
                report["warnings"].append(
                    f"no saved model for {', '.join(fitted_now)}: fitted on this run's pages"
                    + (" and saved" if store else "")
                )
            report["baseline"] = (
                None
                if previous is None
                else {
                    "finished_at": previous["finished_at"],
                    "inputs": previous.get("inputs", []),
                    "pages": len(previous["pages"]),
                    "template_versions": previous.get("template_versions"),
                }
            )
            adopt, why = _replaces_baseline(report, previous, current, accept)
            report["new_baseline"] = bool(store and adopt)
            report["baseline_note"] = why if store else _dry_run_note(previous, adopt, why)
            if accept and store and report["status"] == "broken":
                # the user said the change is wanted: the run passes, its findings stay listed
                report["status"] = "accepted"
            report["repairs"], accepted, unlearned = yield from _repairs(
                report,
                templates,
                pages,
                (previous or {}).get("pages", {}),
                pages_ws,
                models,
                ws if accept_repairs else None,
            )
            report["accepted_repairs"] = accepted
            report["unlearned"] = unlearned
            for name in unlearned:
                report["warnings"].append(
                    f"no learned values for template {name}: run `deboiler-gui templates learn "
                    f"{name} -w {path}` to get repair proposals"
                )
            if store and adopt:
                ws.set_meta(SNAPSHOT_KEY, current)
            if store:
                ws.record_run(
                    "monitor",
                    {k: report[k] for k in ("status", "current", "previous", "broken", "warnings")}
                    | {"pages": report["pages"]["now"]},
                )
            result = MonitorResult(report)
            if report_dir is not None:
                result.report_dir = Path(report_dir)
                result.files = write_report(report, Path(report_dir))
            return result
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def is_url(text: str) -> bool:
    return text.lower().startswith(("http://", "https://"))


def _crawl_urls(
    urls: list[str], pages_ws: Workspace, config: CrawlConfig | None
) -> Generator[Progress, None, None]:
    """Fetch the URL inputs (and, as ``config`` says, the pages they lead to) into the
    staging workspace; each URL that could not be fetched is logged with why."""
    from deboiler_gui.engine.crawl.runner import crawl_status, crawl_steps

    cfg = dataclasses.replace(
        config or CrawlConfig(follow_links=False, discover_sitemaps=False),
        seeds=list(urls),
        sitemaps=[],
        render=False,
        assets=False,
    )
    steps = crawl_steps(cfg, pages_ws, fresh=True)
    stats = None
    try:
        while True:
            step = next(steps)
            yield Progress(step.done, step.total, step.message, phase="crawling")
    except StopIteration as stop:
        stats = stop.value
    status = crawl_status(pages_ws)
    lines = [_failure(f) for f in status["failures"]]
    lines += not_fetched_reasons(status["queued"], stats)
    for line in lines[:5]:
        log.warning("monitor: %s", line)
    if len(lines) > 5:
        log.warning("monitor: %d more URLs not fetched", len(lines) - 5)


def not_fetched_reasons(queued: list[str], stats: Any) -> list[str]:
    """Why each page URL left queued by a crawl was not fetched: its host's robots.txt could
    not be read (RFC 9309: nothing is fetched from it until it can), or the page limit."""
    from deboiler_gui.engine.crawl.rules import host_of

    reasons = dict(getattr(stats, "unreachable_reasons", {}) or {})
    out = []
    for url in queued:
        host = host_of(url)
        if host in reasons:
            why = f"robots.txt of {host} could not be read: {reasons[host]}; nothing is fetched from it until it can be (RFC 9309)"
        elif getattr(stats, "budget_spent", False):
            why = "the page limit (--max-pages) was reached"
        else:
            why = "left queued"
        out.append(f"{url} not fetched: {why}")
    return out


def _failure(failure: dict[str, Any]) -> str:
    reason = str(failure.get("reason") or "failed")
    status = failure.get("status")
    if status and str(status) not in reason:
        reason = f"HTTP {status}: {reason}"
    return f"{failure.get('url', '?')} not fetched: {reason}"


def _template_version(ws: Workspace, name: str) -> int | None:
    history = ws.template_history(name)
    return int(history[-1]["version"]) if history else None


def _rules_digest(template: Template) -> str:
    """What the template extracts with: its fields' XPath queues and its rules (not what
    ``templates learn`` keeps, so learning is not taken for accepting a break)."""
    return _digest(
        {
            "fields": [[f.id, list(f.xpaths)] for f in template.fields],
            "rules": [[r.name, r.selector] for r in (*template.remove, *template.keep)],
        }
    )


def _part_digests(template: Template) -> dict[str, str]:
    """Each field's XPath queue and each rule's selector, by name (``field:ID``, ``rule:NAME``
    as the report names them), to tell which broken parts changed since the baseline."""
    out = {f"field:{f.id}": _digest(list(f.xpaths)) for f in template.fields}
    for r in (*template.remove, *template.keep):
        out[f"rule:{r.name}"] = _digest(r.selector)
    return out


def _replaces_baseline(
    report: dict[str, Any],
    previous: dict[str, Any] | None,
    current: dict[str, Any],
    accept: bool,
) -> tuple[bool, str]:
    """Whether this run becomes the baseline, and why (or why not): a run without a break
    does; a broken one only when accepted, or when every broken template has a new version
    with other XPaths or rules since the baseline (e.g. its repairs were accepted, so the
    change is known)."""
    if previous is None:
        return True, "first run: this run is the baseline"
    if report["status"] != "broken":
        eroded = report.get("eroded") or []
        if eroded and not accept:
            return False, (
                f"values lost on some pages ({', '.join(eroded)}): the baseline of "
                f"{previous['finished_at']} is kept, so the loss is reported again until "
                "accepted (--accept makes this run the new baseline)"
            )
        if eroded:
            return True, "lost values accepted (--accept): this run is the new baseline"
        return True, "no break: this run is the new baseline"
    if accept:
        return True, "break accepted (--accept): this run is the new baseline"
    broken = sorted(t["name"] for t in report["templates"] if t.get("broken"))
    old_rules = previous.get("template_rules")
    old, versions = previous.get("template_versions") or {}, current["template_versions"]
    old_parts = previous.get("part_rules")
    if isinstance(old_parts, dict):
        # Per broken field and rule: a part whose XPaths are the baseline's is still broken
        # (a new version that repaired other fields does not accept it).
        same = [
            f"{t['name']}: {part}"
            for t in report["templates"]
            if t.get("broken")
            for part in _broken_parts(t)
            if (old_parts.get(t["name"]) or {}).get(part)
            == current["part_rules"].get(t["name"], {}).get(part)
        ]
        if same:
            return False, (
                f"break found: the baseline of {previous['finished_at']} is kept until the break "
                f"is accepted; still broken with the baseline's rules: {', '.join(same)} "
                "(--accept, or a new template version that changes them)"
            )
    if (
        isinstance(old_rules, dict)
        and broken
        and all(old_rules.get(n) != current["template_rules"].get(n) for n in broken)
    ):
        changed = ", ".join(f"{n} v{old.get(n)} → v{versions.get(n)}" for n in broken)
        return (
            True,
            f"template changed since the baseline ({changed}): this run is the new baseline",
        )
    return False, (
        f"break found: the baseline of {previous['finished_at']} is kept until the break is "
        "accepted (--accept, or a new template version, e.g. templates repair --accept-repairs)"
    )


def _dry_run_note(previous: dict[str, Any] | None, adopt: bool, why: str) -> str:
    """The baseline note of a run with ``--no-store``: nothing changes, and what a stored run
    would have done."""
    if previous is None:
        return (
            "not stored (--no-store): there is no baseline yet; stored, this first run would "
            "have become it"
        )
    if not adopt:
        return "not stored (--no-store): " + why
    reason = why.split(": this run is the new baseline")[0]
    return (
        f"not stored (--no-store): the baseline of {previous['finished_at']} stays; stored, "
        f"this run would have replaced it ({reason})"
    )


def _broken_parts(template_row: dict[str, Any]) -> list[str]:
    return [f"field:{f['id']}" for f in template_row["fields"] if f["broken"]] + [
        f"rule:{r['rule'].split(':', 1)[-1]}" for r in template_row["rules"] if r["broken"]
    ]


def _repairs(
    report: dict[str, Any],
    templates: Sequence[Template],
    pages: dict[str, dict[str, Any]],
    previous: dict[str, dict[str, Any]],
    pages_ws: Workspace,
    models: dict[str, DomainModel],
    accept_into: Workspace | None,
) -> Generator[Progress, None, tuple[list[dict[str, Any]], list[str], list[str]]]:
    """Repair proposals for the templates that broke, by the same repair as ``templates
    repair`` (learned values, structured-data anchors, search rules) run on this run's pages of
    the template's site. Returns the proposals, the accepted fields and the templates that
    could not be repaired because they were never learned."""
    from deboiler_gui.engine.template.extract import apply_template
    from deboiler_gui.engine.template.repair import ACCEPT_SCORE
    from deboiler_gui.engine.template.valuerepair import (
        accept_field_repairs,
        is_learned,
        repair_template_steps,
    )

    def sample_value(template: Template, rep: Any, chosen: Sequence[Page]) -> tuple[str, str]:
        """A value the repaired rule gives (and its page), as the search-rule proposals show
        theirs: the first of the run's pages (up to 10 tried) where it gives one."""
        if not rep.xpath:
            return "", ""
        fixed = accept_field_repairs(template, [dataclasses.replace(rep, status="repaired")])
        for page in chosen[:10]:
            try:
                value = apply_template(page, fixed).values.get(rep.field)
            except Exception:  # noqa: BLE001 - a page the rule cannot read shows no value
                continue
            if value in (None, "", [], {}):
                continue
            if isinstance(value, list):
                value = " | ".join(v if isinstance(v, str) else json.dumps(v) for v in value)
            elif not isinstance(value, str):
                value = json.dumps(value, ensure_ascii=False)
            return value[:200], page.url
        return "", ""

    broken = {t["name"] for t in report["templates"] if t.get("broken")}
    out: list[dict[str, Any]] = []
    accepted: list[str] = []
    unlearned: list[str] = []

    def lost(url: str, fid: str) -> bool:
        """The field had a value on this page last run and has none now."""
        old = previous.get(url, {}).get("values", {}).get(fid)
        now = pages.get(url, {}).get("values", {}).get(fid)
        return bool(old and old[2]) and not (now and now[2])

    def changed(url: str, fid: str) -> bool:
        """The field has a value on this page in both runs, and another one now (a drift)."""
        old = previous.get(url, {}).get("values", {}).get(fid)
        now = pages.get(url, {}).get("values", {}).get(fid)
        return bool(old and old[2] and now and now[2]) and old[1] != now[1]

    for template in templates:
        if template.name not in broken:
            continue
        if not is_learned(template):
            # the search-rule repair still runs (as in ``templates repair``), but without
            # learned values or search rules it has little to go on
            unlearned.append(template.name)
        # the pages this run chose the template for: the evidence ("agrees with the learned
        # values on N of M learned pages") counts those only, not the site's other pages that
        # ``templates learn`` also read
        site_pages = list(pages_ws.iter_pages(template.site or None))
        chosen = [p for p in site_pages if pages.get(p.url, {}).get("template") == template.name]
        if not chosen:
            continue
        found = yield from repair_template_steps(
            chosen, template, models.get(template.site) if template.site else None
        )
        for rep in found.fields:
            if rep.status == "ok":
                continue
            ev = rep.evidence
            value, value_url = sample_value(template, rep, chosen)
            out.append(
                {
                    "template": template.name,
                    "field": rep.field,
                    "kind": "learned values",
                    "status": rep.status,
                    "xpath": rep.xpath,
                    "xpaths": list(rep.xpaths or ([rep.xpath] if rep.xpath else [])),
                    "anchor": ev.get("anchor"),
                    "score": round(rep.score, 4),
                    "fixes": int(ev.get("agree", 0)),
                    "pages_tried": int(ev.get("pages", 0)),
                    "value": value,
                    "url": value_url,
                    "best": rep.status == "repaired",
                }
            )
        best = found.best_proposals()
        shown = {(p.field, p.xpath) for p in found.proposals}
        weak = [p for p in found.weak if (p.field, p.xpath) not in shown]
        for prop in [*found.proposals, *weak]:
            d = prop.to_dict()
            d["kind"] = "search rules"
            # below the acceptance threshold: shown for a person to judge, never accepted
            weakly = found.learned_values and prop.score < ACCEPT_SCORE
            # one that takes the first of several nodes where the old rule selected one:
            # unsure, never accepted
            d["status"] = "unsure" if prop.several else "below threshold" if weakly else "proposed"
            d["anchor"] = None
            d["xpaths"] = [prop.xpath]
            d["fixes_site"] = len(prop.fixes)
            # counted on the pages where this field had a value last run and lost it (for a
            # drift: where its value changed)
            hurt = changed if prop.was == "drift" else lost
            d["fixes"] = sum(1 for u in prop.fixes if hurt(u, prop.field))
            d["pages_tried"] = sum(1 for p in chosen if hurt(p.url, prop.field))
            d["best"] = prop in best
            out.append(d)
        fixed = found.fixed_fields()
        if accept_into is not None and fixed:
            accept_into.save_template(
                found.accepted(template), message="monitor: accept repairs: " + ", ".join(fixed)
            )
            accepted.extend(f"{template.name}.{f}" for f in fixed)
    return out, accepted, unlearned


# --------------------------------------------------------------------------- the report files


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{x:.0%}"


def render_html(report: dict[str, Any]) -> str:
    """A self-contained HTML page of the report (no scripts, no external resources)."""
    e = html.escape
    status = report["status"]
    colour = {"broken": "#b00020", "ok": "#1b5e20", "baseline": "#0d47a1", "accepted": "#6d4c00"}[
        status
    ]
    parts = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>Monitoring report</title><style>"
        "body{font:14px/1.4 system-ui,sans-serif;margin:2em;max-width:70em}table{border-collapse:collapse;margin:1em 0}"
        "td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left;vertical-align:top}th{background:#f4f4f4}"
        ".bad{color:#b00020;font-weight:600}.status{color:white;padding:.2em .6em;border-radius:.3em}"
        "</style></head><body>",
        f"<h1>Monitoring report <span class='status' style='background:{colour}'>{e(status)}</span></h1>",
        f"<p>This run: {e(str(report['current']))}; compared with the baseline (the last good run): {e(str(report['previous'] or 'none (this run is the baseline)'))}.</p>",
        f"<p>{e(str(report.get('baseline_note', '')))}</p>",
        f"<p>Pages: {report['pages']['now']} now"
        + (
            f", {report['pages']['previous']} last run, {report['pages']['new']} new, {report['pages']['removed']} removed"
            if report["previous"]
            else ""
        )
        + ".</p>",
    ]
    if report["broken"]:
        parts.append(
            "<h2>Broken</h2><ul>"
            + "".join(f"<li class='bad'>{e(b)}</li>" for b in report["broken"])
            + "</ul>"
        )
    if report["warnings"]:
        parts.append(
            "<h2>Warnings</h2><ul>"
            + "".join(f"<li>{e(w)}</li>" for w in report["warnings"])
            + "</ul>"
        )
    for t in report["templates"]:
        parts.append(
            f"<h2>Template {e(t['name'])}</h2><p>{t['pages']} pages now"
            + (f", {t['pages_previous']} last run" if t["pages_previous"] is not None else "")
            + ".</p>"
        )
        parts.append(
            "<table><tr><th>field</th><th>hit rate</th><th>last run</th><th>shape</th><th>last run</th><th>values changed</th><th>shape changed</th><th>verdict</th></tr>"
        )
        for f in t["fields"]:
            verdict = "; ".join(f["broken"]) or "ok"
            parts.append(
                f"<tr><td>{e(f['id'])}</td><td>{_pct(f['hit_rate'])}</td><td>{_pct(f['hit_rate_previous'])}</td>"
                f"<td>{e(f['shape'] or '–')}</td><td>{e(f['shape_previous'] or '–')}</td>"
                f"<td>{f['values_changed']} / {f['pages_compared']}</td><td>{f['shape_changed']} / {f['pages_compared']}</td>"
                f"<td class='{'bad' if f['broken'] else ''}'>{e(verdict)}</td></tr>"
            )
        parts.append("</table>")
        if t["rules"]:
            parts.append(
                "<table><tr><th>rule</th><th>hit rate</th><th>last run</th><th>verdict</th></tr>"
            )
            for r in t["rules"]:
                parts.append(
                    f"<tr><td>{e(r['rule'])}</td><td>{_pct(r['hit_rate'])}</td><td>{_pct(r['hit_rate_previous'])}</td><td class='{'bad' if r['broken'] else ''}'>{e('; '.join(r['broken']) or 'ok')}</td></tr>"
                )
            parts.append("</table>")
    if report["repairs"]:
        parts.append(
            "<h2>Proposed repairs</h2><table><tr><th>template</th><th>field</th><th>status</th><th>new XPath</th><th>anchor</th><th>fixes</th><th>score</th><th>example value</th></tr>"
        )
        for r in report["repairs"]:
            parts.append(
                f"<tr><td>{e(r['template'])}</td><td>{e(r['field'])}</td><td>{e(r['status'])}</td><td><code>{e(' then '.join(r.get('xpaths') or [r['xpath'] or '–']))}</code>{' (best)' if r['best'] else ''}</td><td>{e(r['anchor'] or '–')}</td>"
                f"<td>{r['fixes']} / {r['pages_tried']}</td><td>{r['score']:.2f}</td><td>{e(r['value'][:120])}</td></tr>"
            )
        parts.append("</table>")
    parts.append(
        "<h2>Sites</h2><table><tr><th>site</th><th>pages</th><th>last run</th><th>boilerplate share</th><th>last run</th></tr>"
    )
    for s in report["sites"]:
        parts.append(
            f"<tr><td>{e(s['site'])}</td><td>{s['pages']}</td><td>{s['pages_previous'] if s['pages_previous'] is not None else '–'}</td><td>{_pct(s['boilerplate_share'])}</td><td>{_pct(s['boilerplate_share_previous'])}</td></tr>"
        )
    parts.append("</table>")
    for label, key in (("New pages", "new_urls"), ("Removed pages", "removed_urls")):
        if report["pages"].get(key):
            parts.append(
                f"<h2>{label}</h2><ul>"
                + "".join(f"<li>{e(u)}</li>" for u in report["pages"][key])
                + "</ul>"
            )
    parts.append("</body></html>\n")
    return "\n".join(parts)


def write_report(report: dict[str, Any], folder: Path) -> list[Path]:
    """report.json and report.html in ``folder`` (created), each written whole or not at all."""
    from deboiler_gui.engine.template.exports import write_text_atomic

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"report folder {folder}: {exc}") from exc
    json_path, html_path = folder / "report.json", folder / "report.html"
    write_text_atomic(
        json_path, json.dumps(report, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    )
    write_text_atomic(html_path, render_html(report))
    return [json_path, html_path]


__all__ = [
    "EXIT_BROKEN",
    "MonitorResult",
    "Thresholds",
    "compare",
    "monitor_steps",
    "render_html",
    "shape_of",
    "snapshot_page",
    "write_report",
]
