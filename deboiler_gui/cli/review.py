"""The ``report`` command: the review of a workspace (per-rule impact, likely eaten pages, template
health, boilerplate groups) as one self-contained HTML file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import click

from deboiler_gui.cli.common import drive
from deboiler_gui.engine.model import DeboilerError


@click.command("report")
@click.option(
    "--workspace",
    "-w",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Workspace file (default ./deboiler-workspace.sqlite).",
)
@click.option(
    "--template",
    "-t",
    "template_names",
    multiple=True,
    metavar="NAME",
    help="Template of the workspace to review (repeatable; default every template).",
)
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="The HTML file to write.",
)
@click.option(
    "--max-eaten",
    type=click.FloatRange(0.0, 1.0),
    default=0.5,
    show_default=True,
    help="Flag pages whose cleaning removed more than this share of their text.",
)
@click.option("--site", "sites", multiple=True, metavar="HOST", help="Only this site (repeatable).")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
def report_command(
    workspace: Path | None,
    template_names: tuple[str, ...],
    output: Path,
    max_eaten: float,
    sites: tuple[str, ...],
    quiet: bool,
) -> None:
    """Write the review of a workspace as one self-contained HTML file, viewable offline."""
    from deboiler_gui.engine.review.report import report_steps
    from deboiler_gui.engine.store import DEFAULT_WORKSPACE, Workspace
    from deboiler_gui.engine.template.extract import check_template

    path = workspace or Path(DEFAULT_WORKSPACE)
    if not path.exists():
        raise click.ClickException(f"workspace {path} does not exist (import pages first)")
    from deboiler_gui.engine.output import make_folder

    folder = output.parent if str(output.parent) else Path(".")
    try:
        make_folder(folder, output)
    except DeboilerError as exc:
        raise click.ClickException(str(exc)) from exc
    try:
        with Workspace(path, create=False) as ws:
            names = list(template_names) or ws.template_names()
            templates = [ws.load_template(n) for n in names]
            for t in templates:
                check_template(t)
            text = drive(
                report_steps(
                    ws, templates=templates, sites=list(sites) or None, max_eaten=max_eaten
                ),
                "Reviewing",
                quiet,
            )
    except DeboilerError as exc:
        raise click.ClickException(str(exc)) from exc
    # Written whole or not at all: a half-written report would look like a clean site.
    from deboiler_gui.engine.output import check_output_path

    try:
        check_output_path(output)
    except DeboilerError as exc:
        raise click.ClickException(str(exc)) from exc
    fd, tmp = tempfile.mkstemp(prefix=f".{output.name}.", suffix=".part", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)  # mkstemp's 0600 is for secrets; a report is to share
        os.replace(tmp, output)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    if not quiet:
        click.echo(
            f"Report written to {output} ({len(text.encode('utf-8')) // 1024} KB).", err=True
        )


COMMANDS = [report_command]
