"""The ``pagetypes`` command: a workspace site's pages clustered by structure and URL pattern."""

from __future__ import annotations

import json
from pathlib import Path

import click

from deboiler_gui.cli.common import drive
from deboiler_gui.engine.model import DeboilerError
from deboiler_gui.engine.words import count, plural


@click.command("pagetypes")
@click.option(
    "--workspace",
    "-w",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Workspace file (default ./deboiler-workspace.sqlite).",
)
@click.option(
    "--site",
    "sites",
    multiple=True,
    metavar="HOST",
    help="Only this site (repeatable; default every site).",
)
@click.option(
    "--threshold",
    type=click.FloatRange(0, 1),
    default=0.6,
    show_default=True,
    help="Similarity a page needs to join a type (structure 80%, URL shape 20%).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the types as JSON (with every URL).")
@click.option("--quiet", "-q", is_flag=True, help="No progress.")
def pagetypes_command(
    workspace: Path | None, sites: tuple[str, ...], threshold: float, as_json: bool, quiet: bool
) -> None:
    """Cluster each site's pages into page types by structure and URL shape; print each type
    with its size, an induced URL pattern and example pages."""
    from deboiler_gui.engine.store import DEFAULT_WORKSPACE, Workspace
    from deboiler_gui.engine.template.pagetypes import cluster

    path = workspace or Path(DEFAULT_WORKSPACE)
    if not path.exists():
        raise click.ClickException(
            f"workspace {path}: no such file (create it with 'deboiler-gui import')"
        )
    out = {}
    try:
        with Workspace(path, create=False) as ws:
            known = [s for s, _n in ws.sites()]
            for site in sites:
                if site not in known:
                    raise click.ClickException(
                        f"workspace {path} has no pages of site {site!r} (it has: {', '.join(known) or 'none'})"
                    )
            for site in sites or known:
                out[site] = drive(
                    cluster(ws.iter_pages(site), threshold=threshold),
                    site,
                    quiet or as_json,
                )
    except DeboilerError as exc:
        raise click.ClickException(str(exc)) from exc
    if as_json:
        click.echo(
            json.dumps(
                {s: [t.to_dict() for t in types] for s, types in out.items()},
                ensure_ascii=False,
                indent=2,
            )
        )
        return
    for site, types in out.items():
        click.echo(
            f"{site}: {count(sum(len(t.urls) for t in types), 'page')}, "
            f"{count(len(types), 'page type')}"
        )
        for t in types:
            click.echo(
                f"  {t.id:>3}  {len(t.urls):>5} {plural(len(t.urls), 'page'):<5}  {_shown(t.pattern)}"
            )
            if "*" in t.pattern and t.words:
                click.echo(
                    "                    names: "
                    + ", ".join(f"{w} ({n})" for w, n in t.words)
                    + (", …" if len(t.urls) > sum(n for _w, n in t.words) else "")
                )
            for url in t.urls[:2]:
                click.echo(f"                    e.g. {url}")


#: Longer patterns (a type named page by page) are cut in the table; --json has them whole.
SHOWN_PATTERN = 160


def _shown(pattern: str) -> str:
    """``pattern``, or its start cut after a whole name (at a ``,``, `` | `` or ``/``)."""
    if len(pattern) <= SHOWN_PATTERN:
        return pattern
    head = pattern[:SHOWN_PATTERN]
    cut = max(head.rfind(","), head.rfind(" | "), head.rfind("/"))
    if cut > SHOWN_PATTERN // 2:
        head = head[: cut + 1]
    return f"{head}… ({len(pattern):,} characters; --json gives it whole)"


COMMANDS = [pagetypes_command]
