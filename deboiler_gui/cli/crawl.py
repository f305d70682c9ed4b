"""The crawl commands: ``crawl`` a live site into a workspace (resumable, Ctrl-C safe) and
``export-warc`` the workspace's pages for offline replay."""

from __future__ import annotations

import json
import signal
import threading
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from deboiler_gui.cli.common import drive
from deboiler_gui.engine.model import Cancelled, DeboilerError
from deboiler_gui.engine.words import count, plural

_WORKSPACE_HELP = "Workspace file (created if missing; default ./deboiler-workspace.sqlite)."


def _factories(values: tuple[str, ...], workspace: Any) -> list[dict[str, Any]]:
    """Link factories from JSON files (an object or a list of them) or workspace templates."""
    from deboiler_gui.engine.crawl.pagination import factory_from_dict
    from deboiler_gui.engine.crawl.rules import is_link_factory, link_factories_from_file

    out: list[dict[str, Any]] = []
    for value in values:
        path = Path(value)
        if path.is_file():
            try:
                out.extend(link_factories_from_file(str(path)))
            except DeboilerError as exc:
                raise click.ClickException(str(exc)) from exc
            continue
        if value in workspace.template_names():
            data = workspace.load_template(value).to_dict()
            if not is_link_factory(data):
                raise click.ClickException(f"template {value!r} has no link_factory section")
            items = [data]
        else:
            raise click.ClickException(
                f"link factory {value!r}: no such file or workspace template"
            )
        for item in items:
            try:
                out.append(factory_from_dict(item).to_dict())
            except DeboilerError as exc:
                raise click.ClickException(f"link factory {value}: {exc}") from exc
    return out


def render_summary(rendered: int, unsettled: int, failed: int) -> str:
    """The line on rendering, each count agreeing with its verb and pronoun."""
    return (
        f"rendered: {count(rendered, 'page')} {plural(rendered, 'uses', 'use')} the rendered DOM "
        f"({unsettled} taken at the timeout before {plural(unsettled, 'it', 'they')} settled); "
        f"{count(failed, 'page')} kept {plural(failed, 'its', 'their')} raw HTML "
        "(rendering failed)"
    )


def _summary(stats: Any) -> str:
    return (
        f"{count(stats.fetched, 'page')} fetched, {stats.failed} failed, "
        f"{count(stats.duplicates, 'duplicate')}, {count(stats.redirects, 'redirect')}, {stats.skipped} skipped by type, {stats.blocked} blocked by "
        f"robots.txt, {stats.queued} still queued; this run: {count(stats.page_requests, 'page request')} "
        f"in {stats.elapsed:.1f} s ({stats.pages_per_second:.1f} pages/s)"
        + (
            f"; {stats.assets} assets stored, {stats.asset_failures} not"
            if stats.assets or stats.asset_failures
            else ""
        )
    )


@click.command("crawl")
@click.argument("urls", nargs=-1)
@click.option(
    "--workspace",
    "-w",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help=_WORKSPACE_HELP,
)
@click.option(
    "--max-pages",
    type=click.IntRange(min=1),
    default=1000,
    show_default=True,
    help="Page URLs requested over the whole crawl, resumed runs included.",
)
@click.option(
    "--max-depth",
    type=click.IntRange(min=0),
    default=None,
    help="Links followed from a start URL (default: no limit).",
)
@click.option(
    "--sitemap", "sitemaps", multiple=True, help="Sitemap URL to read start URLs from (repeatable)."
)
@click.option(
    "--urls-file",
    type=click.File("r", encoding="utf-8"),
    default=None,
    help="File with one start URL a line.",
)
@click.option(
    "--include", multiple=True, help="Regex a page URL must contain (repeatable; any one matches)."
)
@click.option("--exclude", multiple=True, help="Regex a page URL must not contain (repeatable).")
@click.option(
    "--all-sites",
    is_flag=True,
    help="Follow links to other sites too (default: the start URLs' sites only).",
)
@click.option(
    "--no-follow",
    is_flag=True,
    help="Fetch the start URLs (and sitemaps, link factories) only; follow no links.",
)
@click.option(
    "--ignore-robots", is_flag=True, help="Do not read robots.txt (only for sites you own)."
)
@click.option(
    "--no-sitemaps", is_flag=True, help="Do not look for sitemaps in robots.txt or at /sitemap.xml."
)
@click.option(
    "--concurrency",
    type=click.IntRange(min=1),
    default=4,
    show_default=True,
    help="Requests in flight over all hosts.",
)
@click.option(
    "--per-host",
    type=click.IntRange(min=1),
    default=2,
    show_default=True,
    help="Requests in flight to one host.",
)
@click.option(
    "--delay",
    type=click.FloatRange(min=0),
    default=0.0,
    show_default=True,
    help="Seconds between request starts to one host (robots.txt Crawl-delay raises it).",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0.1),
    default=20.0,
    show_default=True,
    help="Seconds to wait for a connection or data.",
)
@click.option(
    "--deadline",
    type=click.FloatRange(min=0.1),
    default=None,
    help="Wall-clock seconds one request may take in all: connect, headers and body (default 4 x --timeout).",
)
@click.option(
    "--retries",
    type=click.IntRange(min=0),
    default=2,
    show_default=True,
    help="Retries for timeouts, connection errors, 429 and 5xx.",
)
@click.option(
    "--max-bytes",
    type=click.IntRange(min=1),
    default=10 * 1024 * 1024,
    show_default=True,
    help="Largest body kept; larger pages are recorded as failures.",
)
@click.option(
    "--content-type",
    "content_types",
    multiple=True,
    help="MIME type to keep (repeatable; default HTML, XHTML and JSON).",
)
@click.option(
    "--user-agent",
    default=None,
    help="User-Agent header (its first word is matched against robots.txt groups).",
)
@click.option(
    "--link-factory",
    "--pagination",
    "factories",
    multiple=True,
    help="Link factory or pagination rule ('suggest --pagination'): a JSON file or a workspace template with a link_factory section (repeatable).",
)
@click.option(
    "--max-pages-per-series",
    type=click.IntRange(min=1),
    default=50,
    show_default=True,
    help="Pages a pagination rule follows from one listing (the listing's first page included).",
)
@click.option(
    "--render",
    is_flag=True,
    help="Also load each HTML page in a browser engine (QtWebEngine, scripts and network on, a profile of its own) and use the DOM it builds; the raw response is kept beside it.",
)
@click.option(
    "--render-timeout",
    type=click.FloatRange(min=0.5),
    default=15.0,
    show_default=True,
    help="Longest wait, in seconds, for a rendered page to settle (no script request in flight, no DOM change for 0.5 s).",
)
@click.option(
    "--assets",
    is_flag=True,
    help="Also store the style sheets, images and fonts the pages use (same site), so the "
    "workbench shows pages as they looked, without the network.",
)
@click.option(
    "--max-assets",
    type=click.IntRange(min=0),
    default=300,
    show_default=True,
    help="Asset requests over the whole crawl.",
)
@click.option(
    "--max-asset-bytes",
    type=click.IntRange(min=1),
    default=4 * 1024 * 1024,
    show_default=True,
    help="Largest asset stored.",
)
@click.option(
    "--fresh", is_flag=True, help="Forget the previous crawl's frontier (stored pages stay)."
)
@click.option(
    "--status",
    "show_status",
    is_flag=True,
    help="Show the stored crawl state and failures, then exit.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option(
    "--quiet",
    "-q",
    is_flag=True,
    help="No progress bar or summary; warnings and errors still print, one line each.",
)
def crawl_command(
    urls: tuple[str, ...],
    workspace: Path | None,
    max_pages: int,
    max_depth: int | None,
    sitemaps: tuple[str, ...],
    urls_file: Any,
    include: tuple[str, ...],
    exclude: tuple[str, ...],
    all_sites: bool,
    no_follow: bool,
    ignore_robots: bool,
    no_sitemaps: bool,
    concurrency: int,
    per_host: int,
    delay: float,
    timeout: float,
    deadline: float | None,
    retries: int,
    max_bytes: int,
    content_types: tuple[str, ...],
    user_agent: str | None,
    factories: tuple[str, ...],
    assets: bool,
    max_assets: int,
    max_asset_bytes: int,
    max_pages_per_series: int,
    render: bool,
    render_timeout: float,
    fresh: bool,
    show_status: bool,
    as_json: bool,
    quiet: bool,
) -> None:
    """Crawl a site politely into a workspace.

    URLS are start pages; with --sitemap or --urls-file they may be omitted. Without any, the
    last crawl of the workspace is resumed with its saved settings. An interrupted crawl
    (Ctrl-C) records the requests in flight and resumes where it stopped when run again:
    nothing is fetched twice and nothing is lost. Failures (DNS, TLS, HTTP errors, timeouts,
    oversized or binary bodies) are recorded per URL with the reason (see --status).
    """
    from deboiler_gui.engine.crawl.runner import (
        DEFAULT_TYPES,
        CrawlConfig,
        crawl_status,
        crawl_steps,
        saved_config,
    )
    from deboiler_gui.engine.store import DEFAULT_WORKSPACE, Workspace

    target = workspace or Path(DEFAULT_WORKSPACE)
    try:
        ws = Workspace(target, create=not show_status)
    except DeboilerError as exc:
        raise click.ClickException(str(exc)) from exc
    with ws:
        if show_status:
            status = crawl_status(ws)
            if as_json:
                click.echo(json.dumps(status, indent=2, sort_keys=True))
            else:
                click.echo(", ".join(f"{k}: {v}" for k, v in status["states"].items()))
                for f in status["failures"]:
                    click.echo(f"failed {f['url']} [{f['status'] or '-'}] {f['reason']}")
            return
        seeds = list(urls) + (_urls_of_file(urls_file) if urls_file else [])
        if seeds or sitemaps:
            config = CrawlConfig(
                seeds=seeds,
                sitemaps=list(sitemaps),
                max_pages=max_pages,
                max_depth=max_depth,
                same_site=not all_sites,
                include=list(include),
                exclude=list(exclude),
                robots=not ignore_robots,
                discover_sitemaps=not no_sitemaps,
                follow_links=not no_follow,
                concurrency=concurrency,
                per_host=per_host,
                delay=delay,
                timeout=timeout,
                deadline=deadline,
                retries=retries,
                max_bytes=max_bytes,
                content_types=list(content_types or DEFAULT_TYPES),
                link_factories=_factories(factories, ws),
                assets=assets,
                max_assets=max_assets,
                max_asset_bytes=max_asset_bytes,
                max_pages_per_series=max_pages_per_series,
                render=render,
                render_timeout=render_timeout,
            )
            if user_agent:
                config.user_agent = user_agent
        else:
            saved = saved_config(ws)
            if saved is None:
                raise click.UsageError(
                    "give start URLs, --sitemap or --urls-file (this workspace has no crawl to resume)"
                )
            config = saved
            # Options typed on this command line override the saved ones (e.g. a larger budget).
            ctx = click.get_current_context()
            given = {
                name
                for name in ctx.params
                if ctx.get_parameter_source(name) == ParameterSource.COMMANDLINE
            }
            overrides = {
                "max_pages": max_pages,
                "max_depth": max_depth,
                "include": list(include),
                "exclude": list(exclude),
                "concurrency": concurrency,
                "per_host": per_host,
                "delay": delay,
                "timeout": timeout,
                "deadline": deadline,
                "retries": retries,
                "max_bytes": max_bytes,
                "content_types": list(content_types),
                "user_agent": user_agent,
                "assets": assets,
                "max_assets": max_assets,
                "max_asset_bytes": max_asset_bytes,
                "max_pages_per_series": max_pages_per_series,
                "render": render,
                "render_timeout": render_timeout,
            }
            for name, value in overrides.items():
                if name in given:
                    setattr(config, name, value)
            if "factories" in given:
                config.link_factories = _factories(factories, ws)
            if not quiet:
                click.echo(
                    f"Resuming the crawl of {', '.join(config.seeds + config.sitemaps)}", err=True
                )
        stop = threading.Event()

        def _on_sigint(_sig: int, _frame: Any) -> None:
            if stop.is_set():
                raise KeyboardInterrupt  # a second Ctrl-C stops at once
            stop.set()

        previous = None
        if threading.current_thread() is threading.main_thread():
            previous = signal.signal(signal.SIGINT, _on_sigint)
        try:
            stats = drive(crawl_steps(config, ws, fresh=fresh), "Crawling", quiet, stop=stop)
        except Cancelled:
            state = crawl_status(ws)["states"]
            raise click.ClickException(
                f"crawl interrupted with {count(state['fetched'], 'page')} fetched and {state['queued']} queued; "
                "run the same command (or 'crawl -w WORKSPACE' alone) to resume"
            ) from None
        except DeboilerError as exc:
            raise click.ClickException(str(exc)) from exc
        finally:
            if previous is not None:
                signal.signal(signal.SIGINT, previous)
    if as_json:
        click.echo(json.dumps(stats.to_dict(), indent=2, sort_keys=True))
    elif not quiet:
        click.echo(_summary(stats))
        if stats.rendered or stats.render_failed:
            click.echo(render_summary(stats.rendered, stats.render_unsettled, stats.render_failed))
        if stats.budget_spent and stats.queued:
            click.echo("The page limit was reached; raise --max-pages and run again to continue.")
    if stats.unreachable_hosts and not as_json:
        # A problem with the run, said even when quiet (on stderr then), naming the URLs it
        # left unread.
        hosts = ", ".join(
            f"{h} ({stats.unreachable_reasons.get(h, 'unreachable')})"
            for h in stats.unreachable_hosts
        )
        click.echo(
            f"robots.txt could not be read on {hosts}: their URLs "
            "stay queued (RFC 9309); run again later to fetch them.",
            err=quiet,
        )
        from deboiler_gui.engine.crawl.rules import host_of

        waiting = [u for u in crawl_status(ws)["queued"] if host_of(u) in stats.unreachable_hosts]
        for url in waiting[:5]:
            click.echo(f"  {url} not fetched: its host's robots.txt could not be read", err=quiet)
        if len(waiting) > 5:
            click.echo(f"  {len(waiting) - 5} more URLs not fetched", err=quiet)


@click.command("export-warc")
@click.argument("output", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--workspace",
    "-w",
    type=click.Path(dir_okay=False, path_type=Path, exists=False),
    default=None,
    help="Workspace file (default ./deboiler-workspace.sqlite).",
)
@click.option("--site", default=None, help="Only this site's pages (default: every site).")
@click.option(
    "--quiet",
    "-q",
    is_flag=True,
    help="No progress bar or summary; warnings and errors still print, one line each.",
)
def export_warc_command(
    output: Path, workspace: Path | None, site: str | None, quiet: bool
) -> None:
    """Write the workspace's pages to a WARC file (gzipped when OUTPUT ends in .gz).

    Each page becomes a response record with its HTTP status, headers and fetch time, so the
    crawl can be replayed offline ('deboiler-gui import OUTPUT') or shared with WARC tools.
    """
    from deboiler_gui.engine.crawl.warc import export_warc_steps
    from deboiler_gui.engine.store import DEFAULT_WORKSPACE, Workspace

    target = workspace or Path(DEFAULT_WORKSPACE)
    try:
        with Workspace(target, create=False) as ws:
            counts = drive(export_warc_steps(ws, output, site=site), "Exporting", quiet)
    except DeboilerError as exc:
        raise click.ClickException(str(exc)) from exc
    if not quiet:
        click.echo(
            f"{count(counts['written'], 'page')} written to {output}"
            + (f" ({counts['skipped']} without a response skipped)" if counts["skipped"] else "")
        )


COMMANDS = [crawl_command, export_warc_command]


def _urls_of_file(urls_file: Any) -> list[str]:
    """The start URLs of a --urls-file: one per line, '#' starts a comment; a line that is no
    http(s) URL is left out with a warning naming its line (the others are crawled)."""
    from deboiler_gui.engine.crawl.rules import normalize_url

    name = getattr(urls_file, "name", "--urls-file")
    out = []
    for n, line in enumerate(urls_file, 1):
        url = line.strip()
        if not url or url.startswith("#"):
            continue
        if normalize_url(url) is None:
            click.echo(f"warning: {name}:{n}: {url!r} is not an http(s) URL; left out", err=True)
            continue
        out.append(url)
    return out
