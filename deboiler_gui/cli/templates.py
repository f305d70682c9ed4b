"""The template commands: ``extract`` pages with templates, the ``templates`` group (list, show,
history, diff, export, import, revert, remove-field, learn, repair), ``evaluate`` and ``suggest``."""

from __future__ import annotations

import contextlib
import difflib
import hashlib
import json
import logging
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any

import click

from deboiler_gui.cli.common import drive, refuse_output_among_inputs
from deboiler_gui.engine.model import DeboilerError, Page, RuleError
from deboiler_gui.engine.pagename import common_folder, short_page
from deboiler_gui.engine.words import count

EXPORT_FORMATS = ("json", "xml", "trafilatura", "scrapy", "crawl4ai", "firecrawl")

_workspace_option = click.option(
    "--workspace",
    "-w",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Workspace file (default ./deboiler-workspace.sqlite).",
)
_quiet_option = click.option("--quiet", "-q", is_flag=True, help="No progress bars or summary.")


def _ws_path(workspace: Path | None) -> Path:
    from deboiler_gui.engine.store import DEFAULT_WORKSPACE

    return workspace or Path(DEFAULT_WORKSPACE)


def _open_ws(workspace: Path | None, *, create: bool = False) -> Any:
    from deboiler_gui.engine.store import Workspace

    path = _ws_path(workspace)
    if not create and not path.exists():
        raise click.ClickException(
            f"workspace {path}: no such file (create it with 'deboiler-gui import')"
        )
    try:
        return Workspace(path, create=create)
    except DeboilerError as exc:
        raise click.ClickException(str(exc)) from exc


def _fail(exc: DeboilerError) -> click.ClickException:
    return click.ClickException(str(exc))


def load_templates(specs: tuple[str, ...], workspace: Path | None) -> list[Any]:
    """Templates from rule files (.json / .xml) or by name from the workspace."""
    from deboiler_gui.engine.template import rulefile
    from deboiler_gui.engine.template.extract import check_template

    out = []
    ws = None
    try:
        for spec in specs:
            path = Path(spec)
            if path.suffix.lower() in (".json", ".xml") and path.exists() and not path.is_dir():
                out.extend(rulefile.read_file(path))
                continue
            if ws is None:
                ws = _open_ws(workspace)
            template = ws.load_template(spec)
            check_template(template)
            out.append(template)
    except DeboilerError as exc:
        raise _fail(exc) from exc
    finally:
        if ws is not None:
            ws.close()
    return out


def _pages(
    inputs: tuple[Path, ...], workspace: Path | None, site: str | None = None
) -> tuple[list[Page], int]:
    from deboiler_gui.engine.sources import iter_inputs

    try:
        if inputs:
            pages = list(iter_inputs([str(p) for p in inputs]))
        else:
            with _open_ws(workspace) as ws:
                pages = list(ws.iter_pages(site))
    except DeboilerError as exc:
        raise _fail(exc) from exc
    if site:
        pages = [p for p in pages if p.site == site]
    return pages, len(pages)


def _workspace_among(inputs: tuple[Path, ...]) -> Path | None:
    """Without -w, the one workspace given as INPUT is the workspace (its templates and
    models); with none or several, the default."""
    from deboiler_gui.engine.sources import input_kind

    found = []
    for path in inputs:
        try:
            if input_kind(path) == "workspace":
                found.append(path)
        except DeboilerError:
            continue
    return found[0] if len(found) == 1 else None


def _models(workspace: Path | None) -> dict[str, Any]:
    path = _ws_path(workspace)
    if not path.exists():
        return {}
    with _open_ws(workspace) as ws:
        out = {}
        for site, _n in ws.sites():
            model = ws.load_model(site)
            if model is not None and model.stale:
                click.echo(
                    f"warning: site {site}: its saved model was fitted by an older version of"
                    f" the cleaner, so the cleaner is left out for it; fit it again with"
                    f" `deboiler-gui fit -w {workspace}`",
                    err=True,
                )
            elif model is not None:
                out[site] = model
        return out


# --------------------------------------------------------------------------- extract


def model_digest(model: Any) -> str:
    """A fitted model by its digest: the cleaner's findings kept under it hold while the
    site's model is the same."""
    data = json.dumps(model.to_dict(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha1(data.encode("utf-8", "surrogatepass")).hexdigest()


def _findings(workspace: Path | None, stamps: dict[str, str]) -> dict[str, dict[str, Any]]:
    if not stamps:
        return {}
    with _open_ws(workspace) as ws:
        return {site: ws.load_findings(site, stamp) for site, stamp in stamps.items()}


#: ``extract`` saves the cleaner's findings each time this many pages have been cleaned, and
#: at the end of the run however it ends.
FINDINGS_BATCH = 200


def _keep_findings(
    workspace: Path | None, stamps: dict[str, str], made: dict[str, dict[str, Any]]
) -> None:
    """Save the cleaner's findings of this run in the workspace (a workspace another
    program holds, or one that cannot be written, keeps none: the next run cleans again)."""
    made = {site: found for site, found in made.items() if found and site in stamps}
    if not made:
        return
    try:
        with _open_ws(workspace) as ws:
            for site, found in made.items():
                ws.save_findings(site, stamps[site], found)
    except (DeboilerError, click.ClickException) as exc:
        logging.getLogger(__name__).info("the cleaner's findings not kept: %s", exc)


@click.command("extract")
@click.argument("inputs", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option(
    "--template",
    "-t",
    "template_specs",
    multiple=True,
    required=True,
    metavar="NAME|FILE",
    help="Template name in the workspace, or a rule file (.json, or the XML template format). Repeatable: the best URL match wins.",
)
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="Output file: .jsonl or .csv.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["jsonl", "csv"]),
    default=None,
    help="Output format (default: from the extension).",
)
@_workspace_option
@click.option(
    "--no-cleaner", is_flag=True, help="Do not use the workspace's fitted boilerplate models."
)
@click.option(
    "--diagnostics",
    is_flag=True,
    help="Add per-field diagnostics (XPath used, why others failed) to JSON lines.",
)
@click.option(
    "--page-timeout",
    type=click.FloatRange(0),
    default=120.0,
    show_default=True,
    metavar="SECONDS",
    help="A page taking longer to extract is stopped and recorded as an error (pages are extracted in a child process; 0 = no limit, in this process).",
)
@_quiet_option
def extract_command(
    inputs: tuple[Path, ...],
    template_specs: tuple[str, ...],
    output: Path,
    fmt: str | None,
    workspace: Path | None,
    no_cleaner: bool,
    diagnostics: bool,
    page_timeout: float,
    quiet: bool,
) -> None:
    """Extract template fields from pages into JSON lines or CSV.

    INPUT is a folder of .html files, a JSON-lines file, a WARC file or a workspace; without
    INPUT the workspace's pages are used. A workspace given as INPUT without -w is also the
    workspace the templates and models are read from.
    """
    from deboiler_gui.engine.template.emptykinds import ExtractKinds
    from deboiler_gui.engine.template.evaluate import extraction_record, write_extractions
    from deboiler_gui.engine.template.extract import iter_extract
    from deboiler_gui.engine.template.rulefile import check_record_keys

    refuse_output_among_inputs(output, inputs)
    workspace = workspace or _workspace_among(inputs)
    templates = load_templates(template_specs, workspace)
    try:
        for t in templates:
            check_record_keys(t)
    except DeboilerError as exc:
        raise _fail(exc) from exc
    pages, total = _pages(inputs, workspace)
    models = {} if no_cleaner else _models(workspace)
    # What the cleaner found on pages in earlier runs under the same models (kept in the
    # workspace by page and model digest): those pages are not cleaned again.
    stamps = {site: model_digest(m) for site, m in models.items()}
    known = _findings(workspace, stamps)
    made: dict[str, dict[str, Any]] = {}
    columns: list[str] = []
    for t in templates:
        columns.extend(f.id for f in t.fields if f.id not in columns)
    stats = {"ok": 0, "partial": 0, "no-template": 0, "error": 0}
    # A record is partial for a field that gives nothing where it should: whether a field
    # empty on a page is so by nature (no anchor there, or empty on most pages of its kind)
    # is known once every page is read; the records wait in the spool file until then.
    kinds = ExtractKinds(templates)
    failed: dict[int, list[tuple[str, str]]] = {}

    def extracted() -> Iterator[dict[str, Any]]:
        # (the records hold values, not the removed subtrees: a page is cleaned only when a
        # field reads a node the cleaner could take something out of)
        results = iter_extract(
            pages,
            templates,
            models,
            page_timeout=page_timeout or None,
            removed_paths=False,
            known=known,
        )
        with contextlib.ExitStack() as stack:
            if not quiet:
                results = stack.enter_context(
                    click.progressbar(results, length=total, label="Extracting", file=sys.stderr)
                )
            pending = 0
            for i, r in enumerate(results):
                if r.findings is not None:
                    site, digest, data = r.findings
                    made.setdefault(site, {})[digest] = data
                    pending += 1
                    if pending >= FINDINGS_BATCH:
                        # kept as the run goes: a run stopped half way keeps what it found
                        _keep_findings(workspace, stamps, made)
                        made.clear()
                        pending = 0
                why = kinds.add(r)
                if why:
                    failed[i] = why
                yield extraction_record(r, diagnostics=diagnostics)

    def records(spool: IO[bytes]) -> Iterator[dict[str, Any]]:
        # A URL read twice keeps its later record, as everywhere pages are stored: records
        # wait in a spool file until the last place of each URL is known.
        last: dict[str, int] = {}
        for i, record in enumerate(extracted()):
            last[record["url"]] = i
            spool.write(json.dumps(record, ensure_ascii=False).encode("utf-8") + b"\n")
        spool.seek(0)
        kinds.settle()
        for i, line in enumerate(spool):
            record = json.loads(line)
            if last[record["url"]] == i:
                if i in failed:
                    record["status"] = kinds.status(record["template"], record["url"], failed[i])
                stats[record["status"]] = stats.get(record["status"], 0) + 1
                yield record

    try:
        with tempfile.TemporaryFile() as spool:
            n = write_extractions(output, records(spool), columns, fmt)
    except DeboilerError as exc:
        raise _fail(exc) from exc
    finally:
        # Also when the run stops half way (Ctrl-C, an input that cannot be read, the output
        # failing): the pages cleaned so far are not cleaned again next time. Each save is
        # one transaction: a row is there whole or not at all.
        _keep_findings(workspace, stamps, made)
    if not quiet:
        click.echo(
            f"Wrote {count(n, 'record')} to {output}: "
            + ", ".join(f"{v} {k}" for k, v in stats.items())
        )
        # the fields that made records partial first, then the pages put apart
        for line in kinds.lines():
            click.echo(f"    {line}")


# --------------------------------------------------------------------------- templates group


@click.group("templates")
def templates_group() -> None:
    """Manage templates in a workspace: every save is a new version."""


@templates_group.command("list")
@_workspace_option
@_quiet_option
def list_command(workspace: Path | None, quiet: bool = False) -> None:
    """List templates with their latest version."""
    with _open_ws(workspace) as ws:
        names = ws.template_names()
        if not names:
            click.echo("No templates.")
        for name in names:
            hist = ws.template_history(name)
            last = hist[-1]
            template = ws.load_template(name)
            click.echo(
                f"{name}\tv{last['version']}\t{template.site}\t{count(len(template.fields), 'field')}\t{last['saved_at']}"
            )


@templates_group.command("show")
@click.argument("name")
@click.option(
    "--version", "-v", "version", type=int, default=None, help="A past version (default latest)."
)
@_workspace_option
@_quiet_option
def show_command(
    name: str, version: int | None, workspace: Path | None, quiet: bool = False
) -> None:
    """Print a template as a rule file."""
    from deboiler_gui.engine.template import rulefile

    with _open_ws(workspace) as ws:
        try:
            template = ws.load_template(name, version)
        except DeboilerError as exc:
            raise _fail(exc) from exc
    click.echo(rulefile.dumps([template]), nl=False)


@templates_group.command("history")
@click.argument("name")
@_workspace_option
@_quiet_option
def history_command(name: str, workspace: Path | None, quiet: bool = False) -> None:
    """List the versions of a template."""
    with _open_ws(workspace) as ws:
        hist = ws.template_history(name)
    if not hist:
        raise click.ClickException(f"no template {name!r}")
    for h in hist:
        click.echo(f"v{h['version']}\t{h['saved_at']}\t{h['message']}")


@templates_group.command("diff")
@click.argument("name")
@click.argument("old", type=int)
@click.argument("new", type=int, required=False)
@_workspace_option
@_quiet_option
def diff_command(
    name: str, old: int, new: int | None, workspace: Path | None, quiet: bool = False
) -> None:
    """Unified diff between two versions of a template (NEW defaults to the latest)."""
    from deboiler_gui.engine.template import rulefile

    with _open_ws(workspace) as ws:
        try:
            a = rulefile.dumps([ws.load_template(name, old)])
            b = rulefile.dumps([ws.load_template(name, new)])
            label = f"v{new}" if new is not None else f"v{ws.template_history(name)[-1]['version']}"
        except DeboilerError as exc:
            raise _fail(exc) from exc
    click.echo(
        "".join(
            difflib.unified_diff(
                a.splitlines(True), b.splitlines(True), f"{name} v{old}", f"{name} {label}"
            )
        ),
        nl=False,
    )


@templates_group.command("export")
@click.argument("names", nargs=-1)
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Output file (default stdout).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(EXPORT_FORMATS),
    default="json",
    show_default=True,
    help="json: rule file v1; xml: the paper's template format; trafilatura: prune-XPath list; scrapy: spider source; crawl4ai: JsonCssExtractionStrategy schema; firecrawl: scrape options (one template each for the last three).",
)
@click.option(
    "--chrome",
    "with_chrome",
    is_flag=True,
    help="firecrawl: add the site's chrome (from its fitted model, checked on the workspace's pages) to excludeTags.",
)
@click.option(
    "--strict",
    is_flag=True,
    help="crawl4ai/firecrawl: fail (exit 1) when a field or rule cannot be written as CSS, instead of leaving it out with a warning.",
)
@_workspace_option
@_quiet_option
def export_command(
    names: tuple[str, ...],
    output: Path | None,
    fmt: str,
    workspace: Path | None,
    with_chrome: bool,
    strict: bool,
    quiet: bool = False,
) -> None:
    """Export templates (all when no NAME is given).

    crawl4ai and firecrawl need CSS: XPaths are translated where CSS can say the same; what
    cannot be (text tests, sibling or parent axes...) is left out and named on stderr."""
    from deboiler_gui.engine.template import rulefile

    chrome: list[str] = []
    pages: list[Any] = []
    with _open_ws(workspace) as ws:
        try:
            chosen = list(names) or ws.template_names()
            templates = [ws.load_template(n) for n in chosen]
            if fmt in ("scrapy", "crawl4ai", "firecrawl") and len(templates) != 1:
                raise click.UsageError(f"--format {fmt} exports exactly one template")
            if with_chrome:
                if fmt != "firecrawl":
                    raise click.UsageError("--chrome goes with --format firecrawl")
                chrome = _chrome_css(ws, templates[0])
            if fmt == "firecrawl":
                # excludeTags are checked on these not to drop what the template keeps/reads
                pages = _site_pages(ws, templates[0].site or None)
        except DeboilerError as exc:
            raise _fail(exc) from exc
    if fmt in ("crawl4ai", "firecrawl"):
        _export_css(templates[0], fmt, output, strict, chrome, pages)
        return
    from deboiler_gui.engine.template.exports import ExportReport

    report = ExportReport()
    text = {
        "json": lambda: rulefile.dumps(templates),
        "xml": lambda: rulefile.to_paper_xml(templates, report),
        "trafilatura": lambda: rulefile.to_trafilatura_prune(templates),
        "scrapy": lambda: rulefile.to_scrapy_spider(templates[0], report),
    }[fmt]()
    for line in report.lines():
        click.echo(f"{templates[0].name if fmt == 'scrapy' else 'export'}: {line}", err=True)
    if strict and report.untranslated:
        raise click.ClickException(
            f"{count(len(report.untranslated), 'field')} of template {templates[0].name!r} cannot be exported"
        )
    if output is None:
        click.echo(text, nl=False)
    else:
        output.write_text(text, encoding="utf-8")


def _chrome_css(ws: Any, template: Any) -> list[str]:
    from deboiler_gui.engine.template.exports import chrome_selectors

    site = template.site
    model = ws.load_model(site) if site else None
    if model is None:
        raise click.ClickException(
            f"--chrome: no fitted model for site {site!r} in the workspace (run 'deboiler-gui fit')"
        )
    left_out: list[str] = []
    found = chrome_selectors(_site_pages(ws, site), model, left_out=left_out)
    for line in left_out:
        click.echo(f"{template.name}: {line}", err=True)
    return [css for css, _share in found]


def _site_pages(ws: Any, site: str | None) -> list[Any]:
    """Up to 200 of the workspace's readable pages of ``site``, spread over its URLs."""
    from deboiler_gui.engine.clean.chrome import sample_evenly
    from deboiler_gui.engine.clean.pipeline import is_cleanable

    urls = sample_evenly(ws.page_urls(site), 200)
    return [p for p in map(ws.get_page, urls) if p is not None and is_cleanable(p)]


def _export_css(
    template: Any,
    fmt: str,
    output: Path | None,
    strict: bool,
    chrome: list[str],
    pages: list[Any],
) -> None:
    from deboiler_gui.engine.template import exports

    report = exports.ExportReport()
    doc = (
        exports.to_crawl4ai(template, report)
        if fmt == "crawl4ai"
        else exports.to_firecrawl(template, report, chrome=chrome, pages=pages)
    )
    for line in report.lines():
        click.echo(f"{template.name}: {line}", err=True)
    if strict and report.untranslated:
        raise click.ClickException(
            f"{count(len(report.untranslated), 'field or rule', 'fields or rules')} of template {template.name!r} cannot be written as CSS"
        )
    text = exports.dumps(doc)
    if output is None:
        click.echo(text, nl=False)
    else:
        exports.write_text_atomic(output, text)


@templates_group.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--message", "-m", default="", help="Version message.")
@_workspace_option
@_quiet_option
def import_command(file: Path, message: str, workspace: Path | None, quiet: bool = False) -> None:
    """Import a rule file (.json) or XML template file; nothing is written unless every
    template in it is valid."""
    from deboiler_gui.engine.template import rulefile

    try:
        templates = rulefile.read_file(file)
    except DeboilerError as exc:
        raise _fail(exc) from exc
    with _open_ws(workspace, create=True) as ws:
        try:
            versions = rulefile.save_all(ws, templates, message=message or f"import {file.name}")
        except DeboilerError as exc:
            raise _fail(exc) from exc
    for t, v in zip(templates, versions, strict=True):
        if not quiet:
            click.echo(f"{t.name}: saved as version {v}")


@templates_group.command("revert")
@click.argument("name")
@click.argument("version", type=int)
@_workspace_option
@_quiet_option
def revert_command(name: str, version: int, workspace: Path | None, quiet: bool = False) -> None:
    """Save an old version again as the newest version."""
    with _open_ws(workspace) as ws:
        try:
            new = ws.revert_template(name, version)
        except DeboilerError as exc:
            raise _fail(exc) from exc
    if not quiet:
        click.echo(f"{name}: version {version} saved again as version {new}")


@templates_group.command("remove-field")
@click.argument("name")
@click.argument("field_id", metavar="FIELD")
@click.option("--message", "-m", default="", help="Version message (default 'remove field FIELD').")
@_workspace_option
@_quiet_option
def remove_field_command(
    name: str, field_id: str, message: str, workspace: Path | None, quiet: bool = False
) -> None:
    """Remove a field from a template (one the site no longer has, such as a field repair
    recorded gone). Saved as a new version: ``history`` and ``diff`` show it, ``revert`` to
    the version before brings the field back."""
    import string
    from dataclasses import replace as dc_replace

    from deboiler_gui.engine.store import StaleError

    with _open_ws(workspace) as ws:
        try:
            latest = ws.template_version(name)
            if not latest:
                names = ws.template_names()
                known = f"; templates: {', '.join(names)}" if names else "; the workspace has none"
                raise click.ClickException(f"no template {name!r}{known}")
            template = ws.load_template(name, latest)
            ids = [f.id for f in template.fields]
            if field_id not in ids:
                known = f"; its fields: {', '.join(ids)}" if ids else "; it has no fields"
                raise click.ClickException(f"template {name!r} has no field {field_id!r}{known}")
            pattern = template.link_factory.get("url_pattern", "")
            with contextlib.suppress(ValueError):
                placeholders = {n for _t, n, _s, _c in string.Formatter().parse(pattern) if n}
                if field_id in placeholders:
                    raise click.ClickException(
                        f"template {name!r}: field {field_id!r} fills its link pattern "
                        f"{pattern!r}; change the pattern first"
                    )
            kept = tuple(f for f in template.fields if f.id != field_id)
            # Saved only if no other version was stored since this one was read.
            version = ws.save_template(
                dc_replace(template, fields=kept),
                message=message or f"remove field {field_id}",
                expect=latest,
            )
        except StaleError as exc:
            raise click.ClickException(f"{exc}; nothing removed, run the command again") from exc
        except DeboilerError as exc:
            raise _fail(exc) from exc
    if not quiet:
        click.echo(
            f"{name}: field {field_id!r} removed, version {version} "
            f"(undo: templates revert {name} {latest})"
        )


@templates_group.command("learn")
@click.argument("name")
@_workspace_option
@_quiet_option
def learn_command(name: str, workspace: Path | None, quiet: bool = False) -> None:
    """Record each field's search rules (tag, context, fingerprint) and its values on a sample of
    the site's pages (absent ones too), so repair can find the field when its XPaths break or
    drift."""
    from deboiler_gui.engine.template.repair import learn_template
    from deboiler_gui.engine.template.valuerepair import (
        SAMPLE_PAGES,
        keep_gone_records,
        learn_absent_missed,
        learn_values,
    )

    with _open_ws(workspace) as ws:
        try:
            template = ws.load_template(name)
            pages = [p for p in ws.iter_pages(template.site or None) if p.ok]
            # Pages where the field is absent now stay absent: repair never fills them. Read
            # first, so the sample of values holds some of them.
            # Not the pages the rule misses (the field's node is there): named below.
            learned, missed = learn_absent_missed(learn_template(template, pages[:20]), pages)
            learned = learn_values(learned, pages, sample=SAMPLE_PAGES)
            # A field recorded gone has no rule to learn from: its records stay as they were.
            learned = keep_gone_records(template, learned)
            v = ws.save_template(learned, message="learn search rules")
        except DeboilerError as exc:
            raise _fail(exc) from exc
    if quiet:
        return
    click.echo(
        f"{name}: search rules learned for {sum(1 for f in learned.fields if not f.search.empty)} of {count(len(learned.fields), 'field')}; version {v}"
    )
    for fid, urls in missed.items():
        shown = ", ".join(urls[:5]) + (f" (+{len(urls) - 5} more)" if len(urls) > 5 else "")
        click.echo(
            f"  {fid}: not recorded as absent: the rule misses "
            f"{'a page' if len(urls) == 1 else f'{len(urls)} pages'} that "
            f"{'has' if len(urls) == 1 else 'have'} the field's node: {shown}"
        )


@templates_group.command("repair")
@click.argument("name")
@_workspace_option
@click.option(
    "--accept-repairs",
    is_flag=True,
    help="Save the accepted repairs as a new version. A rule that broke never stays first: a "
    "field that gave no value or other values than the learned ones on the learned pages gets "
    "the proposed XPaths as its whole queue (the old ones are dropped); a field whose rule still "
    "gives the learned values but finds nothing on other pages keeps it first, the proposed "
    "XPath after it for those pages; a field that drifted there to one same value gets the "
    "proposed XPath first, the old rule after it. A field answered 'gone' is recorded gone: no "
    "rule (extract leaves it empty, evaluate and monitor say it is gone and raise no alert for "
    "it), its old queue kept in its record. Without learned values, a queue that gives no value on any page is "
    "replaced, one that gives values elsewhere is kept first.",
)
@click.option(
    "--accept-unsure",
    "accept_unsure",
    multiple=True,
    metavar="FIELD",
    help="With --accept-repairs: also accept the proposed rule of FIELD (repeatable) where it "
    "was answered 'unsure', after looking at its pages; without it an 'unsure' field keeps its "
    "rule.",
)
@click.option(
    "--force-unsure",
    "force_unsure",
    multiple=True,
    metavar="FIELD",
    help="With --accept-repairs: accept the proposed rule of FIELD (repeatable) answered "
    "'unsure' whatever its score. --accept-unsure refuses a proposal scoring below "
    "0.5 (the learned values speak against it); this overrides that, after checking its pages.",
)
@click.option("--json", "as_json", is_flag=True, help="Print proposals as JSON.")
@_quiet_option
def repair_command(
    name: str,
    workspace: Path | None,
    accept_repairs: bool,
    accept_unsure: tuple[str, ...],
    force_unsure: tuple[str, ...],
    as_json: bool,
    quiet: bool,
) -> None:
    """Check every field against its learned values over the whole site and propose a rule
    for each field that broke or drifted (the best-scoring one, only above the threshold);
    'gone' when the field's values are nowhere. Templates learned before values were kept use
    the search-rule repair."""
    from deboiler_gui.engine.template import repairtext

    with _open_ws(workspace) as ws:
        try:
            template = ws.load_template(name)
            found = drive(
                repairtext.workspace_repair_steps(ws, template), "Repairing", quiet or as_json
            )
            learned = found.learned_values
            repairs, proposals, stats = found.fields, found.proposals, found.stats
            weak = found.weak
            version = None
            taken = accept_unsure if accept_repairs else ()
            forced = force_unsure if accept_repairs else ()
            # Nothing is saved when a person asked for a rule the learned values speak
            # against: the report is printed, then the command fails saying why.
            low = found.below_floor(taken, forced)
            fixed = found.fixed_fields(taken, forced)
            if accept_repairs and not low and fixed:
                version = ws.save_template(
                    found.accepted(template, taken, forced),
                    message=repairtext.accept_message(fixed),
                )
            stale = [r for r in found.stale() if r.field not in taken and r.field not in forced]
        except DeboilerError as exc:
            raise _fail(exc) from exc
    if learned:
        if as_json:
            click.echo(
                json.dumps(
                    {
                        "fields": [r.to_dict() for r in repairs],
                        "proposals": [p.to_dict() for p in proposals],
                        "below_threshold": [p.to_dict() for p in weak],
                        "stale": [r.field for r in stale],
                        "run": stats,
                        "version": version,
                        **(
                            {
                                "still_broken": [
                                    r.field for r in repairtext.still_broken(repairs, fixed, stale)
                                ],
                                "fewer_pages": repairtext.fewer_pages(repairs, fixed),
                            }
                            if version is not None
                            else {}
                        ),
                        **(
                            {"nothing_saved": repairtext.nothing_saved(repairs)}
                            if accept_repairs and version is None and not low
                            else {}
                        ),
                    },
                    ensure_ascii=False,
                    indent=2,
                )
            )
        else:
            click.echo(
                f"{count(stats['pages'], 'page')} read, {stats['parsed']} parsed, {stats['seconds']:.1f}s"
            )
            for line in repairtext.report_lines(name, found, stale):
                click.echo(line)
            if version is not None:
                click.echo(repairtext.closing_line(name, version, repairs, fixed, stale))
            elif accept_repairs and not low:
                click.echo(f"{name}: nothing saved: {repairtext.nothing_saved(repairs)}")
            if stale:
                click.echo(repairtext.stale_summary(name, stale, version))
        if low:
            raise click.ClickException(
                "nothing saved; " + "; ".join(repairtext.below_floor_line(name, r) for r in low)
            )
        return
    if as_json:
        click.echo(json.dumps([p.to_dict() for p in proposals], ensure_ascii=False, indent=2))
    else:
        for line in repairtext.report_lines(name, found):
            click.echo(line)
    if version is not None:
        click.echo(repairtext.closing_line(name, version, repairs, fixed))
    elif accept_repairs and not as_json:
        click.echo(f"{name}: nothing saved: no repair was proposed")


# --------------------------------------------------------------------------- evaluate, suggest


@click.command("evaluate")
@click.argument("inputs", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option(
    "--template",
    "-t",
    "template_specs",
    multiple=True,
    metavar="NAME|FILE",
    help="Templates to evaluate (default: every template in the workspace).",
)
@click.option(
    "--gold",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=None,
    help='JSON lines {url, <field>: expected value or list}: adds precision, recall and F1 per field and their macro F1; a gold field no template has is reported as not in template. null, "" or [] means the field is absent on that page (right when the rule gives nothing); a field left out of a record is not judged there.',
)
@_workspace_option
@click.option(
    "--signals",
    is_flag=True,
    help="Also correctness signals per field: one/none/many, value and item-count spread, items from several lists, values equal to another field's, flags with pages to look at, and a value preview.",
)
@click.option(
    "--preview",
    type=click.IntRange(0, 100),
    default=5,
    show_default=True,
    help="Pages in the value preview (with --signals).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the full report as JSON.")
@_quiet_option
def evaluate_command(
    inputs: tuple[Path, ...],
    template_specs: tuple[str, ...],
    gold: Path | None,
    workspace: Path | None,
    signals: bool,
    preview: int,
    as_json: bool,
    quiet: bool,
) -> None:
    """Per template and field: success rate over the site and the failing pages with reasons;
    with --signals, whether the values look right. A workspace given as INPUT without -w is
    also the workspace the templates and models are read from."""
    from deboiler_gui.engine.template.evaluate import evaluate_steps

    workspace = workspace or _workspace_among(inputs)
    if not template_specs:
        with _open_ws(workspace) as ws:
            template_specs = tuple(ws.template_names())
        if not template_specs:
            raise click.ClickException("the workspace has no templates")
    templates = load_templates(template_specs, workspace)
    pages, total = _pages(inputs, workspace)
    gold_map = _read_gold(gold) if gold else None
    try:
        ev = drive(
            evaluate_steps(pages, templates, _models(workspace), gold=gold_map, total=total),
            "Evaluating",
            quiet or as_json,
        )
    except DeboilerError as exc:
        raise _fail(exc) from exc
    sigs: list[Any] = []
    if signals:
        from deboiler_gui.engine.template.signals import site_signals

        sigs = site_signals(pages, templates, preview=preview)
    if as_json:
        report = ev.to_dict()
        if signals:
            report["signals"] = [s.to_dict() for s in sigs]
        click.echo(json.dumps(report, ensure_ascii=False, indent=2, default=str))
        return
    click.echo(
        f"{count(ev.pages, 'page')}, {len(ev.unmatched)} matched no template, {len(ev.errors)} unreadable"
    )
    for s in ev.fields.values():
        used = ", ".join(f"#{i}" for i, _ in enumerate(s.by_xpath))
        # The rate is over the pages where `templates learn` found the field with a value
        # when it recorded them all; else over every page but those it found the field
        # absent on and those that lack the rule's anchor. The line says which.
        click.echo(
            f"{s.template}\t{s.field}\t{s.rate_line()}\t{s.rate:.1%}\t{count(len(s.by_xpath), 'XPath')} used {used}"
        )
        for f in s.failures()[:5]:
            click.echo(f"    fails on {f['url']}: {f['reason']}")
        # pages empty as most pages of their kind are: apart, after the real misses
        for line in s.kind_lines():
            click.echo(f"    {line}")
    for fid, q in ev.quality.items():
        absent = (
            f"\tabsent on {count(int(q['absent']), 'gold page')}, filled on {q['absent_filled']}"
            if q.get("absent")
            else ""
        )
        click.echo(
            f"quality\t{fid}\tprecision {q['precision']:.1%}\trecall {q['recall']:.1%}\tF1 {q['f1']:.3f}{absent}"
        )
    if ev.macro_f1 is not None:
        click.echo(f"quality\tmacro F1 {ev.macro_f1:.3f} over {count(len(ev.quality), 'field')}")
    for fid, n in ev.not_in_template.items():
        click.echo(
            f"quality\t{fid}\tnot in template: the gold gives it on {count(n, 'page')}, no template has this field (not judged, not in the macro F1)"
        )
    if ev.gold_missing:
        click.echo(
            f"quality\t{count(len(ev.gold_missing), 'gold page')} not among the evaluated pages (not judged):"
        )
        for g in ev.gold_missing[:5]:
            near = f"; did you mean {' or '.join(g['near'])}?" if g["near"] else ""
            click.echo(f"    no page {g['url']}{near}")
        if len(ev.gold_missing) > 5:
            click.echo(f"    and {len(ev.gold_missing) - 5} more (all in --json)")
    # Preview pages are named below the folder all of them share, as one list: the same page
    # reads the same under every field.
    root = common_folder([row["url"] for sig in sigs for row in sig.to_dict()["preview"]])
    for sig in sigs:
        d = sig.to_dict()
        items = (
            f", items {d['items']['min']}-{d['items']['max']} (median {d['items']['median']:g})"
            if sig.is_list
            else ""
        )
        click.echo(
            f"signals\t{sig.template}\t{sig.field}\tone {d['one']}, none {d['none']}, many {d['many']} of {count(d['pages'], 'page')}; {count(d['distinct'], 'distinct value')}, the commonest on {count(d['top_value_pages'], 'page')}; length {d['length']['min']}-{d['length']['max']}{items}"
        )
        for flag in d["flags"]:
            look = f"; look at {', '.join(flag['look_at'])}" if flag["look_at"] else ""
            click.echo(f"    FLAG {flag['flag']} ({count(flag['pages'], 'page')}){look}")
        for note in d["notes"]:
            look = f"; look at {', '.join(note['look_at'])}" if note["look_at"] else ""
            click.echo(f"    note {note['note']} ({count(note['pages'], 'page')}){look}")
        # Each page by its path below the pages' common folder, long ones by their first
        # folder and last segments: the file name that tells one page from the next is read
        # whole (the full URLs are in --json and in the flags above).
        names = [short_page(row["url"], root) for row in d["preview"]]
        width = max((len(n) for n in names), default=0)
        for row, name in zip(d["preview"], names, strict=True):
            # One line a page: each run of white space in a value one space (a line break of
            # the page's source inside a link, "Advanced\nlookups", used to break the table;
            # the values themselves, in --json and in extract's output, keep it).
            values = [row["value"]] if isinstance(row["value"], str) else row["value"]
            value = " | ".join(" ".join(str(v).split()) for v in values)
            click.echo(f"    {name:<{width}}  {value[:100]}")
    for alert in ev.alerts:
        click.echo(f"ALERT: {alert}", err=True)


def _read_gold(path: Path) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            url = rec.pop("url")
        except (ValueError, KeyError, AttributeError) as exc:
            raise click.ClickException(
                f"{path} line {i}: not a gold record with a url ({exc})"
            ) from exc
        out[url] = rec
    return out


@click.command("suggest")
@click.argument("url", required=False)
@click.option(
    "--xpath",
    "-x",
    "expression",
    default=None,
    help="XPath or CSS of the node on URL (the first match is used).",
)
@click.option(
    "--examples",
    "--example",
    "examples",
    type=(str, str),
    multiple=True,
    metavar="URL XPATH",
    help="A clicked example node (repeatable, 1-3 pages): induce one rule for all of them; "
    "an attribute ('.../@href') gives a rule ending on it.",
)
@click.option(
    "--not",
    "negatives",
    type=(str, str),
    multiple=True,
    metavar="URL XPATH",
    help="A node the rule must not select (repeatable).",
)
@click.option(
    "--list",
    "as_list",
    is_flag=True,
    help="The examples are items of one list: induce a list rule.",
)
@click.option(
    "--pagination",
    "pagination",
    type=(str, str),
    default=None,
    metavar="URL XPATH",
    help="Instead: learn a pagination rule (next link or page-number pattern) from the clicked next/'load more' control.",
)
@click.option(
    "--save",
    "save_as",
    default=None,
    metavar="NAME",
    help="With --pagination: store the first rule as workspace template NAME (for 'crawl --pagination NAME'). With --examples and --field: store the top rule as that field of workspace template NAME (a new version; the template is made for the examples' site when missing).",
)
@click.option(
    "--field",
    "field_name",
    default=None,
    metavar="FIELD",
    help="With --examples and --save: the field the top rule is stored as (a field of that name is replaced).",
)
@click.option(
    "--match",
    "match",
    default="",
    help="With --pagination: regex a page URL must contain for the rule to apply (default: every page).",
)
@click.option(
    "--structured",
    is_flag=True,
    help="Instead: the page's JSON-LD, microdata, RDFa and OpenGraph values as field candidates, each with its site-wide hit rate.",
)
@_workspace_option
@click.option("--limit", type=click.IntRange(1, 50), default=8, show_default=True)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print candidates as JSON; a refusal or error as a JSON object with its 'error' "
    "(and the clicks it names, their pages, a hint), with a non-zero exit.",
)
def suggest_command(**options: Any) -> None:
    """Suggest robust selectors for a node of a workspace page, with site-wide hit rates; with
    --examples (and --not), induce the rule that selects exactly the clicked examples; with --structured, fields from
    the page's structured data."""
    try:
        _suggest(**options)
    except click.ClickException as exc:
        if not options["as_json"]:
            raise
        # As a record of the JSON outputs says what went wrong with it: an object whose
        # 'error' is the message, on standard output, and the exit status of the error.
        payload = getattr(exc, "payload", None) or {"error": exc.format_message()}
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
        click.get_current_context().exit(exc.exit_code)


class _Refused(click.ClickException):
    """A refusal of the induction, with what ``suggest --json`` says of it: the reason, the
    clicks it names, the pages of the examples to look at again, what to do."""

    def __init__(self, exc: Any) -> None:
        super().__init__(str(exc))
        self.payload = {
            "error": exc.reason,
            "conflicts": list(exc.conflicts),
            "examples": list(exc.examples),
            "hint": exc.hint or None,
        }


def _suggest(
    url: str | None,
    expression: str | None,
    examples: tuple[tuple[str, str], ...],
    negatives: tuple[tuple[str, str], ...],
    as_list: bool,
    pagination: tuple[str, str] | None,
    save_as: str | None,
    field_name: str | None,
    match: str,
    structured: bool,
    workspace: Path | None,
    limit: int,
    as_json: bool,
) -> None:
    from deboiler_gui.engine.model import site_of
    from deboiler_gui.engine.template.selectors import (
        FACTS_FORMAT,
        SiteIndex,
        compile_selector,
        select_elements,
    )

    if pagination is not None:
        if field_name:
            raise click.UsageError("--field goes with --examples, not --pagination")
        _suggest_pagination(*pagination, workspace, save_as, match, as_json)
        return
    if bool(save_as) != bool(field_name):
        raise click.UsageError(
            "--save NAME goes with --pagination, or with --field FIELD to store an induced rule"
        )
    if save_as and (structured or not (examples or (url and expression))):
        raise click.UsageError("--save with --field stores a rule induced from --examples")
    if structured:
        if not url:
            raise click.UsageError("--structured needs the URL of a workspace page")
        _suggest_structured(url, workspace, as_json)
        return
    if url and expression:
        examples = ((url, expression), *examples)
    elif url or expression:
        if not examples:
            raise click.UsageError("give URL with --xpath, or --examples URL XPATH")
        raise click.UsageError("URL and --xpath go together")
    if not examples:
        raise click.UsageError("give URL with --xpath, or --examples URL XPATH")
    given = [("--examples", u, xp) for u, xp in examples]
    if url and expression:
        given[0] = ("--xpath", url, expression)
    for option, u, xp in (*given, *(("--not", u, xp) for u, xp in negatives)):
        try:
            compile_selector(xp)
        except RuleError as exc:
            raise click.BadParameter(f"{exc}, for the page {u}", param_hint=option) from exc
    sites = {site_of(u) for u, _x in (*examples, *negatives)}
    if len(sites) > 1:
        raise click.ClickException(
            f"the examples come from different sites ({', '.join(sorted(sites))}); a rule belongs to one site"
        )
    from deboiler_gui.engine.template.induce import (
        InductionError,
        click_candidates,
        click_example,
        induce,
        split_attribute,
    )

    with _open_ws(workspace) as ws:
        # A URL given by hand names its page whatever the escapes of characters that need
        # none ('Console$.html' for the stored 'Console%24.html').
        examples = tuple((_page_url(ws, u), xp) for u, xp in examples)
        negatives = tuple((_page_url(ws, u), xp) for u, xp in negatives)
        # Pages are parsed when first looked at: an induction reads a sample of the site, the
        # single node's hit rates read every page.
        site = sites.pop()
        index = SiteIndex.on_demand(ws.readable_page_urls(site), ws.page_html)
        # What an earlier call learned of the same pages (saved in the workspace): the
        # values that recur over the site and the volatility of ids and classes need the
        # first pages of the site parsed, most of the time of a call.
        stamp = f"{ws.site_stamp(site)}:{FACTS_FORMAT}"
        saved = ws.load_site_index(site, stamp)
        if saved is not None:
            index.take_facts(saved)
        known = index.learned()

        def node_of(u: str, xp: str, what: str) -> Any:
            if u not in index.urls:
                raise click.ClickException(f"page {u} could not be read")
            tree = index.trees[index.urls.index(u)]
            nodes = select_elements(tree, xp)
            if not nodes:
                raise click.ClickException(f"{what} {xp!r} matches no element on {u}")
            return tree, nodes[0]

        try:
            if len(examples) == 1 and not negatives and not as_list and url:
                # ranked as the app's Selection panel ranks a click: the rule Extract field
                # saves from it first
                node_of(*examples[0], "expression")
                one = click_example(index, *examples[0], what="expression")
                cands = click_candidates(one, index, limit=limit)
            else:
                # The clicks resolved as the app resolves them (one code path): each node on
                # the index's own tree of its page; an attribute ('.../@href') is induced on
                # its element.
                pos = [click_example(index, u, xp, what="example") for u, xp in examples]
                neg = [
                    click_example(index, u, split_attribute(xp)[0], what="'not this'")
                    for u, xp in negatives
                ]
                rules = induce(pos, neg, index, as_list=as_list, limit=limit)
        except InductionError as exc:
            raise _Refused(exc) from exc
        except DeboilerError as exc:
            raise _fail(exc) from exc
        finally:
            if index.learned() != known:
                try:
                    ws.save_site_index(site, stamp, index.facts())
                except DeboilerError as exc:  # (the workspace busy or read-only: no saving)
                    logging.getLogger(__name__).info("site index not saved: %s", exc)

    if len(examples) == 1 and not negatives and not as_list and url:
        if as_json:
            click.echo(json.dumps([c.to_dict() for c in cands], ensure_ascii=False, indent=2))
            return
        click.echo(f"{'page':>4} {'one':>5} {'none':>5} {'many':>5}  selector")
        for c in cands:
            s = c.site
            click.echo(
                f"{c.page_matches:>4} {s.get('one', '-'):>5} {s.get('none', '-'):>5} {s.get('many', '-'):>5}  {c.xpath}"
            )
        return
    if not any(split_attribute(xp)[1] for _u, xp in examples):
        for r in rules:
            r.examples = _extracted_examples(r.xpath, r.kind == "list", pos)
    warnings = rules[0].warnings if rules else []
    notes = rules[0].notes if rules else []
    saved = ""
    if save_as and field_name and rules:
        saved = _save_field(
            workspace,
            save_as,
            field_name,
            rules[0].xpath,
            as_list,
            pos[0].url,
            [e.url for e in pos],
        )
    if as_json:
        click.echo(json.dumps([r.to_dict() for r in rules], ensure_ascii=False, indent=2))
        for line in notes:
            click.echo(f"note: {line}", err=True)
        for line in warnings:
            click.echo(f"warning: {line}", err=True)
        if saved:
            click.echo(saved, err=True)
        return
    for r in rules:
        s = r.site
        if r.kind == "list":
            stats = f"pages with items {s.get('with_items', '-')}/{s.get('pages', '-')}, mixed lists {s.get('mixed', '-')}, items {s.get('items_min', '-')}-{s.get('items_max', '-')}"
            if s.get("relabelled"):
                stats += f", lists of another label {s['relabelled']}"
            if s.get("row_shapes"):
                stats += f", rows of two shapes {s['row_shapes']}"
        else:
            stats = f"one {s.get('one', '-')}, none {s.get('none', '-')}, many {s.get('many', '-')} of {s.get('pages', '-')} pages, {s.get('distinct', '-')} distinct values"
        # A value's new lines (a table row's cells) written as \n, as in --json.
        shown = "; ".join(", ".join(v[:4]) for v in r.examples).replace("\n", "\\n")
        click.echo(f"{r.family:<10} {r.xpath}\n           {stats}; examples: {shown[:160]}")
    for line in notes:
        click.echo(f"note: {line}", err=True)
    for line in warnings:
        click.echo(f"warning: {line}", err=True)
    if saved:
        click.echo(saved)


def _page_url(ws: Any, url: str) -> str:
    """The stored URL of the page ``url`` names (``Workspace.find_page_url``: the escapes of
    characters that need none do not matter); when there is none, an error naming the
    closest stored URLs."""
    found = ws.find_page_url(url)
    if found is not None:
        return str(found)
    near = ws.near_page_urls(url)
    hint = f"; did you mean {' or '.join(near)}?" if near else ""
    raise click.ClickException(f"workspace {ws.path}: no page {url}{hint}")


def _save_field(
    workspace: Path | None,
    name: str,
    field_id: str,
    xpath: str,
    as_list: bool,
    url: str,
    pages: Sequence[str] = (),
) -> str:
    """Store ``xpath`` as field ``field_id`` of workspace template ``name`` (a new version; a
    field of that id is replaced, the template made for the URL's site when missing)."""
    from dataclasses import replace as dc_replace

    from deboiler_gui.engine.model import WorkspaceError, site_of
    from deboiler_gui.engine.template.model import Field, Template, reserved_field_error
    from deboiler_gui.engine.template.repair import ATTR_TAIL

    reserved = reserved_field_error(field_id, name)
    if reserved is not None:
        raise _fail(reserved)
    # A rule ending on an attribute (`//a[@accesskey='p']/@href`) makes a field of kind
    # attribute, as the app's attribute fields are (its values are the same either way).
    tail = ATTR_TAIL.search(xpath)
    new = Field(
        id=field_id,
        xpaths=(xpath,),
        is_list=as_list,
        kind="attribute" if tail else "text",
        attribute=tail.group(1) if tail else "",
    ).with_example_pages(pages)
    with _open_ws(workspace) as ws:
        try:
            template = ws.load_template(name)
        except WorkspaceError:
            template = Template(name, site=site_of(url))
        fields = tuple(f for f in template.fields if f.id != field_id)
        replaced = len(fields) != len(template.fields)
        template = dc_replace(template, fields=(*fields, new))
        version = ws.save_template(
            template, message=f"field {field_id} induced from clicks on {url}"
        )
    what = "replaced in" if replaced else "added to"
    return f"field {field_id!r} ({xpath}) {what} template {name!r}, version {version}"


def _extracted_examples(xpath: str, as_list: bool, positives: list[Any]) -> list[list[str]]:
    """The rule's values on the examples' pages as extraction writes them (a table row's
    cells on lines of their own): a field's first node per example, a list's items per page."""
    from deboiler_gui.engine.model import RuleError
    from deboiler_gui.engine.template.extract import node_text
    from deboiler_gui.engine.template.selectors import select

    out: list[list[str]] = []
    roots: list[Any] = []
    for ex in positives:
        if as_list and any(ex.root is r for r in roots):
            continue
        roots.append(ex.root)
        try:
            found = select(ex.root, xpath)
        except RuleError:
            found = []
        if as_list:
            out.append([t for t in (node_text(n) for n in found) if t])
        else:
            out.append([node_text(found[0])] if found else [""])
    return out


def _suggest_pagination(
    url: str,
    expression: str,
    workspace: Path | None,
    save_as: str | None,
    match: str,
    as_json: bool,
) -> None:
    import dataclasses

    from deboiler_gui.engine.crawl.pagination import learn_pagination
    from deboiler_gui.engine.template.extract import page_tree

    with _open_ws(workspace) as ws:
        url = _page_url(ws, url)
        page = ws.get_page(url)
        if page is None:
            raise click.ClickException(f"workspace {ws.path}: no page {url}")
        if page.error:
            raise click.ClickException(f"page {url} could not be read: {page.error}")
        try:
            rules = learn_pagination(page_tree(page), url, expression, name=save_as or "")
            if match:
                rules = [dataclasses.replace(r, match=match) for r in rules]
        except RuleError as exc:
            raise click.ClickException(f"{url}: {exc}") from exc
        if save_as:
            version = ws.save_template(rules[0].template(), message=f"pagination learnt on {url}")
    if as_json:
        click.echo(json.dumps([r.to_dict() for r in rules], ensure_ascii=False, indent=2))
    else:
        for r in rules:
            click.echo(f"{r.kind:<6} {r.describe()}\n       control: {' | '.join(r.control)}")
    if save_as:
        click.echo(
            f"saved as template {save_as!r} version {version}; crawl with --pagination {save_as}",
            err=as_json,
        )


def _suggest_structured(url: str, workspace: Path | None, as_json: bool) -> None:
    from deboiler_gui.engine.clean.chrome import sample_evenly
    from deboiler_gui.engine.htmltree import parse_html
    from deboiler_gui.engine.model import site_of
    from deboiler_gui.engine.template.structured import page_candidates, site_rates

    with _open_ws(workspace) as ws:
        url = _page_url(ws, url)
        page = ws.get_page(url)
        if page is None:
            raise click.ClickException(f"workspace {ws.path}: no page {url}")
        if page.error:
            raise click.ClickException(f"page {url} could not be read: {page.error}")
        cands = page_candidates(page)
        urls = sample_evenly(ws.page_urls(site_of(url)), 200)
        trees = (parse_html(p.html) for p in map(ws.get_page, urls) if p is not None and p.ok)
        site_rates(cands, trees)
    if as_json:
        click.echo(json.dumps([c.to_dict() for c in cands], ensure_ascii=False, indent=2))
        return
    if not cands:
        click.echo(f"{url}: no JSON-LD, microdata, RDFa or OpenGraph values")
        return
    click.echo(f"{'syntax':<10} {'site':>5}  {'path':<32} {'value':<32} field expression")
    for c in cands:
        rate = f"{c.site_rate:.0%}" if c.site_rate is not None else "-"
        value = c.value.replace("\n", " ")
        value = value if len(value) <= 30 else value[:29] + "…"
        if c.field is not None:
            how = c.field.xpaths[0] + "".join(
                f" | {p.name}:{','.join(p.args)}" for p in c.field.processors
            )
        else:
            how = f"(none: {c.why_not})"
        click.echo(f"{c.syntax:<10} {rate:>5}  {c.path:<32} {value:<32} {how}")


COMMANDS = [extract_command, templates_group, evaluate_command, suggest_command]
