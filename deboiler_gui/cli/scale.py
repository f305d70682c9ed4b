"""``deboiler-gui spark clean|extract``: the same cleaning and extraction on Apache Spark."""

from __future__ import annotations

from pathlib import Path

import click

from deboiler_gui.engine.model import DeboilerError
from deboiler_gui.engine.words import count


def _fail(exc: Exception) -> click.ClickException:
    return click.ClickException(str(exc))


@click.group("spark")
def spark_group() -> None:
    """Run cleaning or extraction on Apache Spark (needs `pip install "deboiler-gui[spark]"`
    and Java 17). INPUTs are WARC/WARC.gz or JSON-lines paths or globs, local or remote
    (hdfs://, s3a://); OUTPUT is a folder of part files."""


def _common(f):  # type: ignore[no-untyped-def]
    f = click.option(
        "--master",
        default=None,
        help="Spark master URL (default: the active session's, or local[*]).",
    )(f)
    f = click.option("--overwrite", is_flag=True, help="Replace an existing output folder.")(f)
    f = click.option(
        "--workspace",
        "-w",
        type=click.Path(dir_okay=False, path_type=Path),
        default=None,
        help="Workspace whose saved site models (and templates) are shipped to the executors.",
    )(f)
    return f


@spark_group.command("clean")
@click.argument("inputs", nargs=-1, required=True)
@click.option("--output", "-o", required=True, help="Output folder.")
@click.option(
    "--format", "fmt", type=click.Choice(["jsonl", "parquet"]), default="jsonl", show_default=True
)
@click.option(
    "--mode", type=click.Choice(["improved", "compat"]), default="improved", show_default=True
)
@click.option(
    "--max-site-pages",
    type=click.IntRange(min=1),
    default=20_000,
    show_default=True,
    help="Sites larger than this are fitted on a sample and cleaned in parallel.",
)
@click.option(
    "--sample-pages",
    type=click.IntRange(min=2),
    default=5_000,
    show_default=True,
    help="Sample size for large sites.",
)
@click.option(
    "--partitions",
    type=click.IntRange(min=1),
    default=None,
    help="Number of partitions (default: 4 x parallelism).",
)
@click.option(
    "--template",
    "-t",
    "template_specs",
    multiple=True,
    metavar="NAME|FILE",
    help="Also apply this template's remove and keep rules to the pages its URLs match (as `clean --template`). Repeatable.",
)
@_common
def spark_clean(
    inputs: tuple[str, ...],
    output: str,
    fmt: str,
    mode: str,
    max_site_pages: int,
    sample_pages: int,
    partitions: int | None,
    template_specs: tuple[str, ...],
    master: str | None,
    overwrite: bool,
    workspace: Path | None,
) -> None:
    """Clean every page: fit per site (or reuse the workspace's models), write one record per page."""
    from deboiler_gui.cli.templates import _workspace_among, load_templates
    from deboiler_gui.scale import spark as sj

    workspace = workspace or _workspace_among(tuple(Path(i) for i in inputs))

    templates = (
        [t.to_dict() for t in load_templates(template_specs, workspace)] if template_specs else []
    )
    options = sj.SparkOptions(
        mode=mode,
        max_site_pages=max_site_pages,
        sample_pages=sample_pages,
        partitions=partitions,
        fmt=fmt,
        templates=templates,
    )
    try:
        summary = sj.run_clean(
            list(inputs),
            output,
            options=options,
            workspace=str(workspace) if workspace else None,
            master=master,
            overwrite=overwrite,
        )
    except DeboilerError as exc:
        raise _fail(exc) from exc
    click.echo(
        f"Wrote {count(summary.pages, 'record')} to {output} ({summary.ok} ok, {summary.skipped} skipped, "
        f"{count(summary.errors, 'error')}; {count(summary.sites, 'site')}, {len(summary.fitted_on_sample)} fitted on a sample, {len(summary.reused)} reused)"
    )


@spark_group.command("extract")
@click.argument("inputs", nargs=-1, required=True)
@click.option(
    "--template", "-t", "template_specs", multiple=True, required=True, metavar="NAME|FILE"
)
@click.option("--output", "-o", required=True, help="Output folder.")
@click.option(
    "--no-cleaner", is_flag=True, help="Do not use the workspace's fitted boilerplate models."
)
@click.option("--diagnostics", is_flag=True)
@click.option("--partitions", type=click.IntRange(min=1), default=None)
@_common
def spark_extract(
    inputs: tuple[str, ...],
    template_specs: tuple[str, ...],
    output: str,
    no_cleaner: bool,
    diagnostics: bool,
    partitions: int | None,
    master: str | None,
    overwrite: bool,
    workspace: Path | None,
) -> None:
    """Extract template fields from every page."""
    from deboiler_gui.cli.templates import _workspace_among, load_templates
    from deboiler_gui.scale import spark as sj

    workspace = workspace or _workspace_among(tuple(Path(i) for i in inputs))

    templates = [t.to_dict() for t in load_templates(template_specs, workspace)]
    try:
        counts = sj.run_extract(
            list(inputs),
            output,
            templates,
            workspace=str(workspace) if workspace else None,
            use_cleaner=not no_cleaner,
            diagnostics=diagnostics,
            partitions=partitions,
            master=master,
            overwrite=overwrite,
        )
    except DeboilerError as exc:
        raise _fail(exc) from exc
    click.echo(
        f"Wrote {count(sum(counts.values()), 'record')} to {output}: "
        + ", ".join(f"{v} {k}" for k, v in sorted(counts.items()))
    )


COMMANDS = [spark_group]
