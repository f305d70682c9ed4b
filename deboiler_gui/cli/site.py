"""The site commands: ``import`` pages into a workspace, ``fit`` boilerplate models per site,
and ``clean`` inputs (folders, JSON lines, WARC, workspaces, or the bundled demo) to a file."""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path
from typing import Any, TypeVar

import click

from deboiler_gui.cli.common import drive, refuse_output_among_inputs
from deboiler_gui.engine.model import DeboilerError, Progress
from deboiler_gui.engine.words import count

T = TypeVar("T")

_PHASES = {"reading": "Reading", "fitting": "Fitting", "cleaning": "Cleaning", "chrome": "Chrome"}


def _drive_phases(gen: Generator[Progress, None, T], quiet: bool) -> T:
    """A multi-phase run (reading, fitting, cleaning) with one progress bar per phase; engine
    errors become one-line click errors (exit code 1)."""
    try:
        return drive(gen, "Working", quiet, phases=_PHASES)
    except DeboilerError as exc:
        raise click.ClickException(str(exc)) from exc


def _options(
    mode: str,
    operation_mode: str,
    jobs: int,
    max_page_mb: float | None = None,
    page_timeout: float | None = None,
) -> Any:
    from deboiler_gui.engine.clean.pipeline import (
        DEFAULT_MAX_PAGE_CHARS,
        DEFAULT_PAGE_TIMEOUT,
        CleanOptions,
    )

    limit = int(max_page_mb * 1_000_000) if max_page_mb is not None else DEFAULT_MAX_PAGE_CHARS
    timeout = DEFAULT_PAGE_TIMEOUT if page_timeout is None else (page_timeout or None)
    try:
        return CleanOptions(
            mode=mode,
            operation_mode=operation_mode,
            jobs=jobs,
            max_page_chars=limit,
            page_timeout=timeout,
        )
    except DeboilerError as exc:
        raise click.ClickException(str(exc)) from exc


_mode_option = click.option(
    "--mode",
    type=click.Choice(["improved", "compat"]),
    default="improved",
    show_default=True,
    help="improved: our cleaner; compat: the original deboiler's exact matching.",
)
_operation_option = click.option(
    "--operation-mode",
    type=click.Choice(["memory", "performance"]),
    default="memory",
    show_default=True,
    help="memory: re-parse pages when cleaning; performance: keep parsed pages (faster, more memory).",
)
_jobs_option = click.option(
    "--jobs",
    "-j",
    type=click.IntRange(1, 256),
    default=1,
    show_default=True,
    help="Worker processes for cleaning.",
)
_quiet_option = click.option(
    "--quiet",
    "-q",
    is_flag=True,
    help="No progress bars or summary; warnings and errors still print, one line each.",
)
_site_option = click.option(
    "--site", "sites", multiple=True, metavar="HOST", help="Only this site (repeatable)."
)
_max_option = click.option(
    "--max-page-mb",
    type=click.FloatRange(0.001),
    default=None,
    help="Pages larger than this many million characters are reported as skipped, not cleaned (default 10).",
)
_timeout_option = click.option(
    "--page-timeout",
    type=click.FloatRange(0),
    default=None,
    metavar="SECONDS",
    help="A page taking longer to clean is recorded as an error (default 120; 0 = no limit).",
)
_record_option = click.option(
    "--max-record-mb",
    type=click.FloatRange(0.001),
    default=None,
    help="A JSON-lines record (one line) longer than this many MB is that record's error and "
    "is skipped without being held in memory (default 128).",
)


def _record_bytes(max_record_mb: float | None) -> int | None:
    return None if max_record_mb is None else int(max_record_mb * 1024 * 1024)


def _replaced_note(replaced: int) -> str:
    if not replaced:
        return ""
    return (
        f"; {replaced} record{'s' if replaced != 1 else ''} repeated an earlier record's URL "
        f"and replaced it (see the warnings)"
    )


_base_option = click.option(
    "--base-url",
    metavar="URL",
    help="URL prefix of files in a folder input (default http://<folder>.local/).",
)


@click.command("import")
@click.argument("inputs", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--demo",
    is_flag=True,
    help="Import the bundled demo site, and its example template 'guide' unless the workspace has one.",
)
@click.option(
    "--workspace",
    "-w",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Workspace file (created if missing; default ./deboiler-workspace.sqlite).",
)
@_base_option
@_record_option
@_quiet_option
def import_command(
    inputs: tuple[Path, ...],
    demo: bool,
    workspace: Path | None,
    base_url: str | None,
    max_record_mb: float | None,
    quiet: bool,
) -> None:
    """Read pages into a workspace.

    INPUT is a folder of .html files (one with none: its JSON-lines, JSON and WARC files), a
    JSON-lines file ({url, html, status, content_type}), a WARC/WARC.gz file or another
    workspace. Pages are stored once per URL (a re-import
    replaces them); broken records are stored with their error.
    """
    from deboiler_gui.engine.clean.pipeline import import_into
    from deboiler_gui.engine.sources import DEMO_BASE_URL, demo_site_path
    from deboiler_gui.engine.store import DEFAULT_WORKSPACE

    if demo:
        inputs = (*inputs, demo_site_path())
        base_url = base_url or DEMO_BASE_URL
    if not inputs:
        raise click.UsageError("give at least one INPUT, or --demo")
    target = workspace or Path(DEFAULT_WORKSPACE)
    summary = _drive_phases(
        import_into(
            target,
            list(inputs),
            base_url=base_url,
            max_record_bytes=_record_bytes(max_record_mb),
        ),
        quiet,
    )
    if not quiet:
        sites = ", ".join(f"{s} ({n})" for s, n in summary.sites)
        click.echo(
            f"Imported {count(summary.pages, 'page')} ({summary.ok} ok, {summary.skipped} skipped, "
            f"{count(summary.errors, 'error')}) from {count(summary.records, 'record')}"
            f"{_replaced_note(summary.replaced)} into {target}; workspace sites: "
            f"{sites or 'none'}"
        )
    if demo:
        _demo_template(target, quiet)


def _demo_template(target: Path, quiet: bool) -> None:
    """The demo's example template 'guide' (the docs' examples use it), saved unless the
    workspace already has a template of that name."""
    from deboiler_gui import assets
    from deboiler_gui.engine.store import Workspace
    from deboiler_gui.engine.template.rulefile import read_file

    with Workspace(target) as ws:
        if "guide" in ws.template_names():
            return
        for template in read_file(assets.path("demo-guide.rules.json")):
            version = ws.save_template(template, message="the demo's example template")
            if not quiet:
                click.echo(
                    f"Saved the demo's example template {template.name!r} as version {version}"
                )


@click.command("fit")
@click.option(
    "--workspace",
    "-w",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Workspace file (default ./deboiler-workspace.sqlite).",
)
@_site_option
@_mode_option
@_operation_option
@_jobs_option
@_max_option
@_quiet_option
def fit_command(
    workspace: Path | None,
    sites: tuple[str, ...],
    mode: str,
    operation_mode: str,
    jobs: int,
    max_page_mb: float | None,
    quiet: bool,
) -> None:
    """Fit and save a boilerplate model for each site of a workspace."""
    from deboiler_gui.engine.clean.pipeline import fit_workspace
    from deboiler_gui.engine.store import DEFAULT_WORKSPACE

    target = workspace or Path(DEFAULT_WORKSPACE)
    if not target.exists():
        raise click.ClickException(
            f"workspace {target}: no such file (create it with 'deboiler-gui import')"
        )
    options = _options(mode, operation_mode, jobs, max_page_mb)
    models, failed = _drive_phases(
        fit_workspace(target, sites=list(sites) or None, options=options), quiet
    )
    if not quiet:
        for site, model in sorted(models.items()):
            stats = ", ".join(
                f"{k} {v}"
                for k, v in sorted(model.stats.items())
                if isinstance(v, int | float | str)
            )
            click.echo(f"{site}: model saved" + (f" ({stats})" if stats else ""))
    for site, reason in sorted(failed.items()):
        click.echo(f"{site}: {reason}", err=True)
    if failed:
        raise click.ClickException(f"{count(len(failed), 'site')} could not be fitted")
    if not models and not quiet:
        click.echo("No site had pages to fit.")


@click.command("clean")
@click.argument("inputs", nargs=-1, type=click.Path(path_type=Path))
@click.option("--demo", is_flag=True, help="Clean the bundled demo site.")
@click.option(
    "--output",
    "-o",
    type=click.Path(),
    default=None,
    help="Output file, or folder for --format html (default <input>-clean.jsonl here).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["jsonl", "csv", "sqlite", "html", "markdown", "parquet"]),
    default=None,
    help="Output format (default: from the output's extension; a name ending in / is a folder of cleaned HTML files; markdown: a folder of .md files).",
)
@click.option(
    "--chrome",
    "chrome",
    type=click.Path(dir_okay=False),
    default=None,
    metavar="OUT.jsonl",
    help="Also write each site's removed frame (navigation, header, footer, legal text) once: one JSON record per site.",
)
@click.option(
    "--markdown",
    "with_markdown",
    is_flag=True,
    help="Add a markdown column (the cleaned page as Markdown) to jsonl, csv and sqlite output.",
)
@click.option(
    "--workspace",
    "-w",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Reuse this workspace's saved models; models fitted now are saved there.",
)
@_base_option
@_site_option
@_mode_option
@_operation_option
@_jobs_option
@_max_option
@_timeout_option
@_record_option
@_quiet_option
@click.option(
    "--template",
    "-t",
    "template_specs",
    multiple=True,
    metavar="NAME|FILE",
    help="Also apply this template's remove and keep rules (accepted / rejected boilerplate groups) and its noise filters (as the impact panel and the report count them) to the pages its URLs match; a workspace template name or a rule file. Repeatable.",
)
@click.option(
    "--engine",
    type=click.Choice(["local", "spark"]),
    default="local",
    show_default=True,
    help="Run on this machine, or on Apache Spark (output is then a folder of part files; see docs/spark.md).",
)
@click.option(
    "--master", default=None, help="Spark master URL with --engine spark (default local[*])."
)
@click.option(
    "--page-fallback",
    is_flag=True,
    help="Clean a site with too few pages to learn its template from (1-4) page by page with a page-level extractor (trafilatura); its records say so (content.method page).",
)
@click.option(
    "--explain",
    is_flag=True,
    help="Say for every page which part was taken as its content and why, and what was removed by which detector and where (on standard error).",
)
@click.option(
    "--why",
    "whys",
    multiple=True,
    metavar="TEXT",
    help="Say for every page whose text holds TEXT whether it was kept and, if not, which detector removed the block holding it, where and why (on standard error). One TEXT a run.",
)
def clean_command(
    inputs: tuple[Path, ...],
    demo: bool,
    output: str | None,
    fmt: str | None,
    workspace: Path | None,
    base_url: str | None,
    sites: tuple[str, ...],
    mode: str,
    operation_mode: str,
    jobs: int,
    max_page_mb: float | None,
    page_timeout: float | None,
    max_record_mb: float | None,
    quiet: bool,
    template_specs: tuple[str, ...],
    engine: str,
    master: str | None,
    with_markdown: bool,
    chrome: str | None,
    page_fallback: bool,
    explain: bool,
    whys: tuple[str, ...],
) -> None:
    """Clean every page of the inputs and write one record per page.

    INPUT is a folder of .html files (one with none: its JSON-lines, JSON and WARC files), a
    JSON-lines file, WARC file(s) or a workspace (.sqlite/.db). Each record has url, status (ok / skipped / error), error (the reason),
    cleaned_text, cleaned_html, removed (XPath and detector of each removed subtree), title,
    headings, lists, breadcrumbs and language; with --markdown also markdown. --format
    markdown writes a folder of one .md file per cleaned page plus records.jsonl. --chrome
    writes each site's removed chrome once (text, Markdown and HTML of each part). A
    workspace given as INPUT without -w is also the workspace its templates and models are
    read from.
    """
    from deboiler_gui.engine.clean.pipeline import default_output_path, run_steps
    from deboiler_gui.engine.output import is_discarded
    from deboiler_gui.engine.sources import DEMO_BASE_URL, demo_site_path

    if len(whys) > 1:
        given = ", ".join(repr(w) for w in whys)
        raise click.UsageError(
            f"--why takes one TEXT a run; it was given {len(whys)} times ({given}): "
            "run once for each text (with -o /dev/null to keep no records)"
        )
    why = whys[0] if whys else None
    paths = list(inputs)
    if demo:
        paths.insert(0, demo_site_path())
        base_url = base_url or DEMO_BASE_URL
    if not paths:
        raise click.UsageError("give at least one INPUT, or --demo")
    refuse_output_among_inputs(output, paths)
    refuse_output_among_inputs(chrome, paths)
    if workspace is None:
        from deboiler_gui.cli.templates import _workspace_among

        workspace = _workspace_among(tuple(paths))
    templates: list[dict] = []
    if template_specs:
        from deboiler_gui.cli.templates import load_templates

        templates = [t.to_dict() for t in load_templates(template_specs, workspace)]
    if engine == "spark":
        if chrome or with_markdown or fmt == "markdown":
            raise click.UsageError(
                "--chrome, --markdown and --format markdown run with --engine local"
            )
        _clean_on_spark(paths, output, fmt, workspace, mode, master, base_url, quiet, templates)
        return
    if fmt == "parquet":
        raise click.UsageError("--format parquet is written by --engine spark")
    if output is None:
        output = str(
            default_output_path(["demo" if demo and not inputs else str(paths[0])], fmt or "jsonl")
        )
    options = _options(mode, operation_mode, jobs, max_page_mb, page_timeout)
    options.templates = templates
    options.markdown = with_markdown
    options.page_fallback = page_fallback
    traced = _Traced(why or "", explain)
    if why is not None:
        if not why.split():
            raise click.UsageError("--why needs some text to look for")
        options.why = why
    if explain or why is not None:
        options.on_record = traced
    summary = _drive_phases(
        run_steps(
            paths,
            output,
            fmt=fmt,
            base_url=base_url,
            workspace=workspace,
            sites=list(sites) or None,
            options=options,
            chrome=chrome,
            max_record_bytes=_record_bytes(max_record_mb),
        ),
        # the explanations go to standard error: progress bars there would interleave with them
        quiet or explain or why is not None,
    )
    if why is not None:
        click.echo(traced.summary(), err=True)
    if not quiet:
        share = (
            f"{summary.removed_chars / summary.original_chars:.0%}"
            if summary.original_chars
            else "0%"
        )
        extracted = (
            f"; {count(summary.page_extracted, 'page')} cleaned by the single-page extractor"
            if summary.page_extracted
            else ""
        )
        written = (
            f"Cleaned {count(summary.pages, 'page')}, records not kept ({output})"
            if is_discarded(output)
            else f"Wrote {count(summary.pages, 'result')} to {Path(output).resolve()}"
        )
        click.echo(
            f"{written} ({summary.ok} ok, "
            f"{summary.skipped} skipped, {count(summary.errors, 'error')}; {share} of the text removed as "
            f"boilerplate{extracted}; {count(len(summary.fitted), 'site')} fitted, "
            f"{len(summary.reused)} reused)"
            f"{_replaced_note(summary.replaced)}"
        )
        if chrome:
            click.echo(f"Wrote the sites' chrome to {Path(chrome).resolve()}")
    for site, reason in sorted(summary.failed_sites.items()):
        click.echo(f"{site}: {reason}", err=True)
    for line in small_site_hints(summary.small_sites):
        click.echo(line, err=True)


#: Small sites named one by one in the hints before the rest are summed up in one line.
SMALL_SITES_NAMED = 3


def small_site_hints(small_sites: list[tuple[str, int]]) -> list[str]:
    """The hints for sites too small to learn from: one line per site when there are few, else
    the first ones and one line for the rest (an input whose pages name hundreds of one-page
    sites gets a few lines, not one per site)."""
    if len(small_sites) <= SMALL_SITES_NAMED + 1:
        return [small_site_hint(site, pages) for site, pages in small_sites]
    from deboiler_gui.engine.clean.pagefallback import MIN_SITE_PAGES

    named = small_sites[:SMALL_SITES_NAMED]
    rest = small_sites[SMALL_SITES_NAMED:]
    return [
        *(small_site_hint(site, pages) for site, pages in named),
        f"hint: and {count(len(rest), 'more site')} of fewer than {MIN_SITE_PAGES} pages "
        f"({count(sum(pages for _site, pages in rest), 'page')} in all); --page-fallback cleans "
        f"them page by page",
    ]


def small_site_hint(site: str, pages: int) -> str:
    from deboiler_gui.engine.clean.pagefallback import too_small_words

    return (
        f"hint: {too_small_words(site, pages)}; --page-fallback cleans such a site page by page "
        "with a page-level extractor"
    )


#: What each detector's removals are, for --explain.
DETECTORS = {
    "exact": "repeated block",
    "slot": "navigation slot",
    "frame": "template frame",
    "label": "labelled widget",
    "figure": "photo with its caption",
    "stamp": "date stamp or skip link",
    "menu": "jump menu or list box",
    "hidden": "hidden copy of visible text",
    "post": "post's bar, card or signature, or thread's notice",
    "notice": "copyright notice",
    "pair": "shared with a neighbour",
    "rule": "remove rule",
}


#: Places named per detector in --explain before "and N more".
EXPLAIN_PLACES = 4


def _places(removed: list[dict[str, Any]]) -> str:
    names: list[str] = []
    for r in removed:
        name = str(r.get("path") or r.get("xpath") or "")
        if name and name not in names:
            names.append(name)
    shown = "; ".join(names[:EXPLAIN_PLACES])
    if len(names) > EXPLAIN_PLACES:
        shown += f"; and {len(names) - EXPLAIN_PLACES} more"
    return shown


def explain_text(record: dict[str, Any]) -> str:
    """One page's explanation: where its content was taken from and why (the place's readable
    name, then its XPath), and the removals grouped by detector with the places they were."""
    lines = [f"{record.get('url')}: {record.get('status')}"]
    if record.get("status") != "ok":
        lines[0] += f" ({record.get('error')})"
        return "\n".join(lines)
    content = record.get("content") or {}
    if content.get("method") == "page":
        lines.append(f"  content: single-page extractor: {content.get('reason', '')}")
    elif content:
        slot = content.get("slot") or ""
        where = content.get("path") or slot or "the whole page"
        lines.append(f"  content: {where}: {content.get('reason', '')}")
        if slot and slot != where:
            lines.append(f"    at {slot}")
    from deboiler_gui.engine.clean.explain import RULE_REASONS

    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in record.get("removed") or ():
        detector = str(r.get("detector"))
        named = RULE_REASONS.get((detector, str(r.get("representation") or "")))
        groups.setdefault((detector, named[0] if named else ""), []).append(r)
    for (detector, rule), removed in sorted(groups.items()):
        sizes = [max(0, int(r.get("chars") or 0)) for r in removed]
        total = sum(sizes)
        empty = sizes.count(0)
        name = DETECTORS.get(detector, detector)
        # the count is of visible characters; blocks of markup only (an advertisement's empty
        # place, a logo, a script's box) remove none, and are said to be such
        if not total:
            said = "no visible text (markup only: empty boxes, images, advertisement places)"
        elif empty:
            said = f"{count(total, 'character')} ({empty} of the blocks with no visible text)"
        else:
            said = count(total, "character")
        which = f"{detector}: {rule}" if rule else detector
        lines.append(f"  removed {len(removed)} x {name} ({which}), {said}: {_places(removed)}")
    return "\n".join(lines)


#: Places of a traced text listed per page in --why before "and N more places".
WHY_PLACES = 8


def _quoted(text: str, width: int = 40) -> str:
    text = " ".join(text.split())
    return f'"{text}"' if len(text) <= width else f'"{text[: width - 1]}…"'


def why_text(record: dict[str, Any], text: str) -> str:
    """What became of ``text`` on one page (its record's ``why``), or "" when the page's
    original text does not hold it."""
    fate = record.get("why")
    if not fate:
        return ""
    head = f"{record.get('url')}: {_quoted(text)}"
    if fate.get("method") == "page":
        return f"{head} {'kept' if fate['kept'] else 'left out'} by the single-page extractor"
    from deboiler_gui.engine.clean.explain import verdict

    removed = fate.get("removed") or []
    places = fate.get("places") or []
    said = verdict(fate)
    if not fate.get("kept") and not removed:
        lines = [
            f"{head} removed, but no one removed block holds all of it (it runs across "
            f"blocks, or was left out with markup such as a form's text)"
        ]
    elif said == "partly removed":
        gone = sum(1 for p in places if p.get("removed"))
        lines = [f"{head} partly removed ({gone} of {count(len(places), 'place')})"]
    else:
        lines = [f"{head} {said}"]
    content = fate.get("content") or {}
    slot = str(content.get("slot") or "")
    where = content.get("path") or slot or "the whole page"
    seen: list[dict[str, Any]] = []
    listed = places
    for place in listed[:WHY_PLACES]:
        r = place.get("removed")
        block = f"{place.get('path') or place.get('xpath')} ({_quoted(str(place.get('text')))})"
        if not r:
            lines.append(f"  kept at {block}")
            if "in_content" in place:
                lines.append(f"    {_kept_because(place, where)}")
            continue
        lines.append(f"  removed at {block}")
        which = f"{r['detector']}: {r['rule']}" if r.get("rule") else r["detector"]
        at = r["path"] or r["xpath"]
        if r in seen:
            # a second place of a block already named: the same removal, said briefly
            lines.append(f"    by the same {r['name']} ({which}) at {at}, as above")
            continue
        seen.append(r)
        inside = "inside" if r.get("in_content") else "outside"
        slot_name = where
        if at == where and r["xpath"] != slot:
            # two places of the same readable name: the XPaths tell them apart
            at = f"{at} ({r['xpath']})"
            slot_name = f"{where} at {slot}"
        lines.append(
            f"    by {r['name']} ({which}) at {at}, {inside} the content slot "
            f"({slot_name}): {r['reason']}"
        )
        if r["path"] and r["xpath"] != r["path"] and r["xpath"] not in at:
            lines.append(f"      at {r['xpath']}")
    if len(listed) > WHY_PLACES:
        rest = listed[WHY_PLACES:]
        gone = sum(1 for p in rest if p.get("removed"))
        lines.append(f"  and {count(len(rest), 'more place')} ({gone} removed)")
    return "\n".join(lines)


def _kept_because(place: dict[str, Any], where: str) -> str:
    """Why a kept place stayed: it is in the content slot, or no detector took it."""
    if place.get("in_content"):
        return f"inside the content slot ({where})"
    share = round(100 * float(place.get("link_share") or 0))
    return (
        f"outside the content slot ({where}), but no detector took it: not the same block on "
        f"enough of the site's pages, nor at a place that holds boilerplate on them, nor a "
        f"labelled link block; links are {share}% of its text"
    )


class _Traced:
    """The --explain and --why printer, counting the pages the traced text was found on."""

    def __init__(self, text: str, explain: bool) -> None:
        self.text = text
        self.explain = explain
        self.found = 0
        self.kept = 0
        self.partly = 0

    def __call__(self, record: dict[str, Any]) -> None:
        if self.explain:
            click.echo(explain_text(record), err=True)
        said = why_text(record, self.text) if self.text else ""
        if said:
            from deboiler_gui.engine.clean.explain import verdict

            self.found += 1
            fate = verdict(record.get("why") or {})
            self.kept += fate == "kept"
            self.partly += fate == "partly removed"
            click.echo(said, err=True)

    def summary(self) -> str:
        if not self.found:
            return f"{_quoted(self.text)} is in no cleaned page's original text"
        return (
            f"{_quoted(self.text)} is on {count(self.found, 'page')}: kept on {self.kept}, "
            f"partly removed on {self.partly}, "
            f"removed on {self.found - self.kept - self.partly}"
        )


def _clean_on_spark(
    paths: list[Path],
    output: str | None,
    fmt: str | None,
    workspace: Path | None,
    mode: str,
    master: str | None,
    base_url: str | None,
    quiet: bool,
    templates: list[dict],
) -> None:
    from deboiler_gui.engine.model import DeboilerError
    from deboiler_gui.scale import spark as sj

    if output is None:
        raise click.UsageError("--engine spark needs --output (a folder)")
    if fmt not in (None, "jsonl", "parquet"):
        raise click.UsageError("--engine spark writes jsonl or parquet")
    options = sj.SparkOptions(mode=mode, fmt=fmt or "jsonl", templates=templates)
    try:
        summary = sj.run_clean(
            [str(p) for p in paths],
            output,
            options=options,
            workspace=str(workspace) if workspace else None,
            master=master,
            base_url=base_url,
        )
    except DeboilerError as exc:
        raise click.ClickException(str(exc)) from exc
    if not quiet:
        click.echo(
            f"Wrote {count(summary.pages, 'result')} to {output} ({summary.ok} ok, {summary.skipped} skipped, "
            f"{count(summary.errors, 'error')}; {count(summary.sites, 'site')})"
        )


COMMANDS = [import_command, fit_command, clean_command]
