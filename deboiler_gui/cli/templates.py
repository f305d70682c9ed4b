"""The template commands: ``extract`` pages with templates, the ``templates`` group (list, show,
history, diff, export, import, revert, learn, repair), ``evaluate`` and ``suggest``."""

from __future__ import annotations

import difflib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from deboiler_gui.cli.common import drive
from deboiler_gui.engine.model import DeboilerError, Page, RuleError

EXPORT_FORMATS = ("json", "xml", "trafilatura", "scrapy")

_workspace_option = click.option("--workspace", "-w", type=click.Path(dir_okay=False, path_type=Path), default=None, help="Workspace file (default ./deboiler-workspace.sqlite).")
_quiet_option = click.option("--quiet", "-q", is_flag=True, help="No progress bars or summary.")


def _ws_path(workspace: Path | None) -> Path:
    from deboiler_gui.engine.store import DEFAULT_WORKSPACE

    return workspace or Path(DEFAULT_WORKSPACE)


def _open_ws(workspace: Path | None, *, create: bool = False) -> Any:
    from deboiler_gui.engine.store import Workspace

    path = _ws_path(workspace)
    if not create and not path.exists():
        raise click.ClickException(f"workspace {path}: no such file (create it with 'deboiler-gui import')")
    try:
        return Workspace(path, create=create)
    except DeboilerError as exc:
        raise click.ClickException(str(exc)) from exc


def _fail(exc: DeboilerError) -> click.ClickException:
    return click.ClickException(str(exc))


def load_templates(specs: tuple[str, ...], workspace: Path | None) -> list[Any]:
    """Templates from rule files (.json / .xml) or by name from the workspace."""
    from deboiler_gui.engine import rulefile
    from deboiler_gui.engine.extract import check_template
    from deboiler_gui.engine.template import Template

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
            template = Template.from_dict(ws.load_template(spec))
            check_template(template)
            out.append(template)
    except DeboilerError as exc:
        raise _fail(exc) from exc
    finally:
        if ws is not None:
            ws.close()
    return out


def _pages(inputs: tuple[Path, ...], workspace: Path | None, site: str | None = None) -> tuple[list[Page], int]:
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


def _models(workspace: Path | None) -> dict[str, Any]:
    path = _ws_path(workspace)
    if not path.exists():
        return {}
    with _open_ws(workspace) as ws:
        out = {}
        for site, _n in ws.sites():
            model = ws.load_model(site)
            if model is not None:
                out[site] = model
        return out


# --------------------------------------------------------------------------- extract


@click.command("extract")
@click.argument("inputs", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option("--template", "-t", "template_specs", multiple=True, required=True, metavar="NAME|FILE", help="Template name in the workspace, or a rule file (.json, or the XML template format). Repeatable: the best URL match wins.")
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), required=True, help="Output file: .jsonl or .csv.")
@click.option("--format", "fmt", type=click.Choice(["jsonl", "csv"]), default=None, help="Output format (default: from the extension).")
@_workspace_option
@click.option("--no-cleaner", is_flag=True, help="Do not use the workspace's fitted boilerplate models.")
@click.option("--diagnostics", is_flag=True, help="Add per-field diagnostics (XPath used, why others failed) to JSON lines.")
@click.option("--page-timeout", type=click.FloatRange(0), default=120.0, show_default=True, metavar="SECONDS", help="A page taking longer to extract is stopped and recorded as an error (pages are extracted in a child process; 0 = no limit, in this process).")
@_quiet_option
def extract_command(inputs: tuple[Path, ...], template_specs: tuple[str, ...], output: Path, fmt: str | None, workspace: Path | None, no_cleaner: bool, diagnostics: bool, page_timeout: float, quiet: bool) -> None:
    """Extract template fields from pages into JSON lines or CSV.

    INPUT is a folder of .html files, a JSON-lines file, a WARC file or a workspace; without
    INPUT the workspace's pages are used.
    """
    from deboiler_gui.engine.evaluate import extraction_record, write_extractions
    from deboiler_gui.engine.extract import iter_extract

    templates = load_templates(template_specs, workspace)
    pages, total = _pages(inputs, workspace)
    models = {} if no_cleaner else _models(workspace)
    columns: list[str] = []
    for t in templates:
        columns.extend(f.id for f in t.fields if f.id not in columns)
    stats = {"ok": 0, "partial": 0, "no-template": 0, "error": 0}

    def records() -> Iterator[dict[str, Any]]:
        results = iter_extract(pages, templates, models, page_timeout=page_timeout or None)
        if not quiet:
            with click.progressbar(results, length=total, label="Extracting", file=sys.stderr) as bar:
                for r in bar:
                    stats[r.status] = stats.get(r.status, 0) + 1
                    yield extraction_record(r, diagnostics=diagnostics)
        else:
            for r in results:
                stats[r.status] = stats.get(r.status, 0) + 1
                yield extraction_record(r, diagnostics=diagnostics)

    try:
        n = write_extractions(output, records(), columns, fmt)
    except DeboilerError as exc:
        raise _fail(exc) from exc
    if not quiet:
        click.echo(f"Wrote {n} records to {output}: " + ", ".join(f"{v} {k}" for k, v in stats.items()))


# --------------------------------------------------------------------------- templates group


@click.group("templates")
def templates_group() -> None:
    """Manage templates in a workspace: every save is a new version."""


@templates_group.command("list")
@_workspace_option
def list_command(workspace: Path | None) -> None:
    """List templates with their latest version."""
    with _open_ws(workspace) as ws:
        names = ws.template_names()
        if not names:
            click.echo("No templates.")
        for name in names:
            hist = ws.template_history(name)
            last = hist[-1]
            data = ws.load_template(name)
            click.echo(f"{name}\tv{last['version']}\t{data.get('site', '')}\t{len(data.get('fields', []))} fields\t{last['saved_at']}")


@templates_group.command("show")
@click.argument("name")
@click.option("--version", "-v", "version", type=int, default=None, help="A past version (default latest).")
@_workspace_option
def show_command(name: str, version: int | None, workspace: Path | None) -> None:
    """Print a template as a rule file."""
    from deboiler_gui.engine import rulefile
    from deboiler_gui.engine.template import Template

    with _open_ws(workspace) as ws:
        try:
            template = Template.from_dict(ws.load_template(name, version))
        except DeboilerError as exc:
            raise _fail(exc) from exc
    click.echo(rulefile.dumps([template]), nl=False)


@templates_group.command("history")
@click.argument("name")
@_workspace_option
def history_command(name: str, workspace: Path | None) -> None:
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
def diff_command(name: str, old: int, new: int | None, workspace: Path | None) -> None:
    """Unified diff between two versions of a template (NEW defaults to the latest)."""
    from deboiler_gui.engine import rulefile
    from deboiler_gui.engine.template import Template

    with _open_ws(workspace) as ws:
        try:
            a = rulefile.dumps([Template.from_dict(ws.load_template(name, old))])
            b = rulefile.dumps([Template.from_dict(ws.load_template(name, new))])
            label = f"v{new}" if new is not None else f"v{ws.template_history(name)[-1]['version']}"
        except DeboilerError as exc:
            raise _fail(exc) from exc
    click.echo("".join(difflib.unified_diff(a.splitlines(True), b.splitlines(True), f"{name} v{old}", f"{name} {label}")), nl=False)


@templates_group.command("export")
@click.argument("names", nargs=-1)
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), default=None, help="Output file (default stdout).")
@click.option("--format", "fmt", type=click.Choice(EXPORT_FORMATS), default="json", show_default=True, help="json: rule file v1; xml: the paper's template format; trafilatura: prune-XPath list; scrapy: spider source (one template).")
@_workspace_option
def export_command(names: tuple[str, ...], output: Path | None, fmt: str, workspace: Path | None) -> None:
    """Export templates (all when no NAME is given)."""
    from deboiler_gui.engine import rulefile
    from deboiler_gui.engine.template import Template

    with _open_ws(workspace) as ws:
        try:
            chosen = list(names) or ws.template_names()
            templates = [Template.from_dict(ws.load_template(n)) for n in chosen]
        except DeboilerError as exc:
            raise _fail(exc) from exc
    if fmt == "scrapy" and len(templates) != 1:
        raise click.UsageError("--format scrapy exports exactly one template")
    text = {
        "json": lambda: rulefile.dumps(templates),
        "xml": lambda: rulefile.to_paper_xml(templates),
        "trafilatura": lambda: rulefile.to_trafilatura_prune(templates),
        "scrapy": lambda: rulefile.to_scrapy_spider(templates[0]),
    }[fmt]()
    if output is None:
        click.echo(text, nl=False)
    else:
        output.write_text(text, encoding="utf-8")


@templates_group.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--message", "-m", default="", help="Version message.")
@_workspace_option
def import_command(file: Path, message: str, workspace: Path | None) -> None:
    """Import a rule file (.json) or XML template file; nothing is written unless every
    template in it is valid."""
    from deboiler_gui.engine import rulefile

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
        click.echo(f"{t.name}: saved as version {v}")


@templates_group.command("revert")
@click.argument("name")
@click.argument("version", type=int)
@_workspace_option
def revert_command(name: str, version: int, workspace: Path | None) -> None:
    """Save an old version again as the newest version."""
    with _open_ws(workspace) as ws:
        try:
            new = ws.revert_template(name, version)
        except DeboilerError as exc:
            raise _fail(exc) from exc
    click.echo(f"{name}: version {version} saved again as version {new}")


@templates_group.command("learn")
@click.argument("name")
@_workspace_option
def learn_command(name: str, workspace: Path | None) -> None:
    """Record each field's search rules (tag, context, fingerprint) from the site's pages, so
    adaptive repair can find the field when its XPaths break."""
    from deboiler_gui.engine.repair import learn_template
    from deboiler_gui.engine.template import Template

    with _open_ws(workspace) as ws:
        try:
            template = Template.from_dict(ws.load_template(name))
            pages = [p for p in ws.iter_pages(template.site or None) if p.ok][:20]
            learned = learn_template(template, pages)
            v = ws.save_template(name, learned.to_dict(), message="learn search rules")
        except DeboilerError as exc:
            raise _fail(exc) from exc
    click.echo(f"{name}: search rules learned for {sum(1 for f in learned.fields if not f.search.empty)} of {len(learned.fields)} fields; version {v}")


@templates_group.command("repair")
@click.argument("name")
@_workspace_option
@click.option("--accept-repairs", is_flag=True, help="Append the proposed XPaths to the fields' queues as a new version.")
@click.option("--json", "as_json", is_flag=True, help="Print proposals as JSON.")
@_quiet_option
def repair_command(name: str, workspace: Path | None, accept_repairs: bool, as_json: bool, quiet: bool) -> None:
    """Propose repairs for fields whose every XPath fails on some pages (adaptive search)."""
    from deboiler_gui.engine.repair import accept_repairs as accept
    from deboiler_gui.engine.repair import repair_steps
    from deboiler_gui.engine.template import Template

    with _open_ws(workspace) as ws:
        try:
            template = Template.from_dict(ws.load_template(name))
            pages = list(ws.iter_pages(template.site or None))
            model = ws.load_model(template.site) if template.site else None
            proposals = drive(repair_steps(pages, template, model), "Repairing", quiet)
            version = None
            if accept_repairs and proposals:
                best: dict[str, Any] = {}
                for p in proposals:  # one XPath per field: the one fixing most pages
                    if p.field not in best or len(p.fixes) > len(best[p.field].fixes):
                        best[p.field] = p
                new = accept(template, best.values())
                version = ws.save_template(name, new.to_dict(), message="accept repairs: " + ", ".join(sorted(best)))
        except DeboilerError as exc:
            raise _fail(exc) from exc
    if as_json:
        click.echo(json.dumps([p.to_dict() for p in proposals], ensure_ascii=False, indent=2))
    else:
        if not proposals:
            click.echo("No repair proposed (every field works, or no node passed the search threshold).")
        for p in proposals:
            click.echo(f"{p.field}: {p.xpath}  score {p.score:.2f}  fixes {len(p.fixes)} page(s)  e.g. {p.url}: {p.value[:60]!r}")
    if version is not None:
        click.echo(f"{name}: repairs accepted as version {version}")


# --------------------------------------------------------------------------- evaluate, suggest


@click.command("evaluate")
@click.argument("inputs", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option("--template", "-t", "template_specs", multiple=True, metavar="NAME|FILE", help="Templates to evaluate (default: every template in the workspace).")
@click.option("--gold", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None, help="JSON lines {url, <field>: expected value or list}: adds precision and recall per field.")
@_workspace_option
@click.option("--json", "as_json", is_flag=True, help="Print the full report as JSON.")
@_quiet_option
def evaluate_command(inputs: tuple[Path, ...], template_specs: tuple[str, ...], gold: Path | None, workspace: Path | None, as_json: bool, quiet: bool) -> None:
    """Per template and field: success rate over the site and the failing pages with reasons."""
    from deboiler_gui.engine.evaluate import evaluate_steps

    if not template_specs:
        with _open_ws(workspace) as ws:
            template_specs = tuple(ws.template_names())
        if not template_specs:
            raise click.ClickException("the workspace has no templates")
    templates = load_templates(template_specs, workspace)
    pages, total = _pages(inputs, workspace)
    gold_map = _read_gold(gold) if gold else None
    try:
        ev = drive(evaluate_steps(pages, templates, _models(workspace), gold=gold_map, total=total), "Evaluating", quiet or as_json)
    except DeboilerError as exc:
        raise _fail(exc) from exc
    if as_json:
        click.echo(json.dumps(ev.to_dict(), ensure_ascii=False, indent=2))
        return
    click.echo(f"{ev.pages} pages, {len(ev.unmatched)} matched no template, {len(ev.errors)} unreadable")
    for s in ev.fields.values():
        used = ", ".join(f"#{i}" for i, _ in enumerate(s.by_xpath))
        click.echo(f"{s.template}\t{s.field}\t{s.ok}/{s.pages}\t{s.rate:.1%}\t{len(s.by_xpath)} XPath(s) used {used}")
        for f in s.failing[:5]:
            click.echo(f"    fails on {f['url']}: {f['reason']}")
    for fid, q in ev.quality.items():
        click.echo(f"quality\t{fid}\tprecision {q['precision']:.1%}\trecall {q['recall']:.1%}")
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
            raise click.ClickException(f"{path} line {i}: not a gold record with a url ({exc})") from exc
        out[url] = rec
    return out


@click.command("suggest")
@click.argument("url")
@click.option("--xpath", "-x", "expression", required=True, help="XPath or CSS of the node (the first match is used).")
@_workspace_option
@click.option("--limit", type=click.IntRange(1, 50), default=8, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print candidates as JSON.")
def suggest_command(url: str, expression: str, workspace: Path | None, limit: int, as_json: bool) -> None:
    """Suggest robust selectors for a node of a workspace page, with site-wide hit rates."""
    from deboiler_gui.engine.model import site_of
    from deboiler_gui.engine.selectors import SiteIndex, compile_selector, select_elements, suggest

    try:
        compile_selector(expression)
    except RuleError as exc:
        raise click.BadParameter(str(exc), param_hint="--xpath") from exc
    with _open_ws(workspace) as ws:
        page = ws.get_page(url)
        if page is None:
            raise click.ClickException(f"workspace {ws.path}: no page {url}")
        index = SiteIndex.from_pages(ws.iter_pages(site_of(url)))
    tree = index.trees[index.urls.index(url)] if url in index.urls else None
    if tree is None:
        raise click.ClickException(f"page {url} could not be read: {page.error}")
    nodes = select_elements(tree, expression)
    if not nodes:
        raise click.ClickException(f"expression {expression!r} matches no element on {url}")
    cands = suggest(nodes[0], index, limit=limit)
    if as_json:
        click.echo(json.dumps([c.to_dict() for c in cands], ensure_ascii=False, indent=2))
        return
    click.echo(f"{'page':>4} {'one':>5} {'none':>5} {'many':>5}  selector")
    for c in cands:
        s = c.site
        click.echo(f"{c.page_matches:>4} {s.get('one', '-'):>5} {s.get('none', '-'):>5} {s.get('many', '-'):>5}  {c.xpath}")


COMMANDS = [extract_command, templates_group, evaluate_command, suggest_command]
