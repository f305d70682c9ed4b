"""The ``monitor`` command: re-read a site, compare with the last run kept in the workspace,
write a report and exit 3 when a template broke (for cron and CI)."""

from __future__ import annotations

from pathlib import Path

import click

from deboiler_gui.cli.common import drive
from deboiler_gui.engine.model import DeboilerError
from deboiler_gui.engine.words import count

_PHASES = {
    "reading": "Reading",
    "read": "Reading",
    "fitting": "Fitting",
    "fitted": "Fitting",
    "monitoring": "Checking",
    "crawling": "Crawling",
}


@click.command("monitor")
@click.argument("inputs", nargs=-1, type=str)
@click.option("--demo", is_flag=True, help="Check the bundled demo site.")
@click.option(
    "--workspace",
    "-w",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="Workspace with the templates (and models); the last run is kept there.",
)
@click.option(
    "--base-url",
    metavar="URL",
    help="URL prefix of files in a folder input (default http://<folder>.local/).",
)
@click.option(
    "--template",
    "-t",
    "template_names",
    multiple=True,
    metavar="NAME",
    help="Only these workspace templates (repeatable; default all).",
)
@click.option(
    "--report-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("monitor-report"),
    show_default=True,
    help="Folder for report.json and report.html.",
)
@click.option(
    "--max-drop",
    type=click.FloatRange(0, 1),
    default=0.2,
    show_default=True,
    help="A field's or rule's hit rate falling by more than this share of pages is a break.",
)
@click.option(
    "--max-shape-change",
    type=click.FloatRange(0, 1),
    default=0.5,
    show_default=True,
    help="Values changing shape (date → text, list → empty…) on more than this share of pages is a break.",
)
@click.option(
    "--accept-repairs",
    is_flag=True,
    help="Save the best proposed repair of each broken field as a new template version, as "
    "'templates repair --accept-repairs' does (a rule that broke never stays first).",
)
@click.option(
    "--accept",
    "accept",
    is_flag=True,
    help="Accept this run's changes: it becomes the baseline even when it found a break or a field lost its value on some pages.",
)
@click.option(
    "--no-store",
    is_flag=True,
    help="Compare and report, but keep the last run as it is (a dry run).",
)
@click.option(
    "--max-pages",
    type=click.IntRange(min=1),
    default=1000,
    show_default=True,
    help="URL inputs: page URLs requested at most (as crawl).",
)
@click.option(
    "--max-depth",
    type=click.IntRange(min=0),
    default=None,
    help="URL inputs: links followed from a given URL (default: no limit).",
)
@click.option(
    "--no-follow",
    is_flag=True,
    help="URL inputs: fetch the given URLs only; follow no links.",
)
@click.option(
    "--include", multiple=True, help="URL inputs: regex a page URL must contain (repeatable)."
)
@click.option(
    "--exclude", multiple=True, help="URL inputs: regex a page URL must not contain (repeatable)."
)
@click.option(
    "--delay",
    type=click.FloatRange(min=0),
    default=0.0,
    show_default=True,
    help="URL inputs: seconds between request starts to one host.",
)
@click.option(
    "--ignore-robots", is_flag=True, help="URL inputs: do not read robots.txt (sites you own)."
)
@click.option("--user-agent", default=None, help="URL inputs: User-Agent header.")
@click.option(
    "--quiet",
    "-q",
    is_flag=True,
    help="No progress bars or summary; breaks and warnings still print on standard error.",
)
@click.pass_context
def monitor_command(
    ctx: click.Context,
    inputs: tuple[str, ...],
    demo: bool,
    workspace: Path,
    base_url: str | None,
    template_names: tuple[str, ...],
    report_dir: Path,
    max_drop: float,
    max_shape_change: float,
    accept_repairs: bool,
    accept: bool,
    no_store: bool,
    max_pages: int,
    max_depth: int | None,
    no_follow: bool,
    include: tuple[str, ...],
    exclude: tuple[str, ...],
    delay: float,
    ignore_robots: bool,
    user_agent: str | None,
    quiet: bool,
) -> None:
    """Check a site against the last run: field values and hit rates, rule hit rates,
    boilerplate share, new and removed pages.

    INPUT is a folder of .html files, a JSON-lines file, WARC file(s), or http(s) URLs, which
    are crawled again (politely, as crawl: robots.txt, --max-pages; --no-follow fetches the
    given pages only) into a temporary workspace. Writes report.json and
    report.html and proposes repairs for broken templates. Each run is compared with the
    baseline, the last run without a break: a run that found a break does not replace it until
    the break is accepted (--accept, or a new version of the broken template, e.g. after
    `templates repair --accept-repairs`), so a break is reported on every run until then.
    Exit codes: 0 nothing broke (or first run: the baseline; or a break accepted with --accept,
    which becomes the new baseline), 3 a template broke, 1 error.
    """
    from deboiler_gui.engine.crawl.config import CrawlConfig
    from deboiler_gui.engine.review.monitor import (
        EXIT_BROKEN,
        Thresholds,
        is_url,
        monitor_steps,
    )
    from deboiler_gui.engine.sources import DEMO_BASE_URL, demo_site_path

    paths: list[str | Path] = [i if is_url(i) else Path(i) for i in inputs]
    crawl = CrawlConfig(
        max_pages=max_pages,
        max_depth=max_depth,
        include=list(include),
        exclude=list(exclude),
        robots=not ignore_robots,
        discover_sitemaps=not no_follow,
        follow_links=not no_follow,
        delay=delay,
    )
    if user_agent:
        crawl.user_agent = user_agent
    if demo:
        paths.insert(0, demo_site_path())
        base_url = base_url or DEMO_BASE_URL
    if not paths:
        raise click.UsageError("give at least one INPUT, or --demo")

    thresholds = Thresholds(max_drop=max_drop, max_shape_change=max_shape_change)
    try:
        result = drive(
            monitor_steps(
                workspace,
                paths,
                base_url=base_url,
                template_names=template_names or None,
                thresholds=thresholds,
                report_dir=report_dir,
                store=not no_store,
                accept_repairs=accept_repairs,
                accept=accept,
                crawl=crawl,
            ),
            "Working",
            quiet,
            phases=_PHASES,
        )
    except DeboilerError as exc:
        raise click.ClickException(str(exc)) from exc
    report = result.report
    if not quiet:
        pages = report["pages"]
        changes = f" ({pages['new']} new, {pages['removed']} removed)" if report["previous"] else ""
        if pages.get("unread"):
            changes += f"; {count(pages['unread'], 'URL')} not read (HTTP errors, failed fetches)"
        click.echo(
            f"{report['status'].upper()}: {count(pages['now'], 'page')}{changes}; report in {result.report_dir.resolve() if result.report_dir else '-'}"
        )
        if report.get("baseline"):
            click.echo(f"  compared with the baseline of {report['baseline']['finished_at']}")
        click.echo(f"  {report['baseline_note']}")
        label = "changed (accepted)" if report["status"] == "accepted" else "broken"
        for line in report["broken"]:
            click.echo(f"  {label}: {line}")
        for line in report["warnings"]:
            click.echo(f"  warning: {line}")
        shown = [
            r for r in report["repairs"] if r["xpath"] and (r["best"] or r["status"] == "unsure")
        ]
        for r in shown:
            anchor = f" [anchor {r['anchor']}]" if r.get("anchor") else ""
            unsure = (
                " (unsure: too little agreement with the learned values to accept)"
                if r["status"] == "unsure"
                else ""
            )
            evidence = (
                f"agrees with the learned values on {r['fixes']} of {count(r['pages_tried'], 'learned page')}"
                if r["kind"] == "learned values"
                else f"fixes {r['fixes']} of {count(r['pages_tried'], 'page')}"
            )
            # The whole proposed queue: a repair of pages of two kinds is two rules, each
            # tried in turn.
            queue = " then ".join(r.get("xpaths") or [r["xpath"]])
            click.echo(
                f"  repair: {r['template']}.{r['field']} -> {queue}{anchor} ({evidence}){unsure}"
            )
        for name in report.get("accepted_repairs", []):
            click.echo(f"  accepted: {name}")
    if quiet:
        # a cron job runs quietly: what broke and what erodes still reach it (standard error)
        for line in report["broken"]:
            click.echo(f"monitor: broken: {line}", err=True)
        for line in report["warnings"]:
            click.echo(f"monitor: warning: {line}", err=True)
    else:
        for line in report["warnings"]:
            if line.startswith("no learned values"):
                click.echo(f"monitor: {line}", err=True)
    if result.broken:
        ctx.exit(EXIT_BROKEN)


COMMANDS = [monitor_command]
