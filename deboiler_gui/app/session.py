"""What the app opens and keeps: where a workspace lives for a given input, the background
steps that import and fit a site, and draft recovery files (Qt-free; steps run in workers)."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Generator, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from deboiler_gui.engine import jobs
from deboiler_gui.engine.model import DeboilerError, Progress
from deboiler_gui.engine.words import count

R = TypeVar("R")

#: File suffixes treated as an existing workspace rather than input to import.
WORKSPACE_SUFFIXES = (".sqlite", ".db", ".workspace", ".dbw")


def data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "share"
    )
    path = Path(base) / "deboiler-gui"
    path.mkdir(parents=True, exist_ok=True)
    return path


def is_workspace(path: str | os.PathLike[str]) -> bool:
    p = Path(path)
    if p.is_dir():
        return False
    if p.suffix.lower() in WORKSPACE_SUFFIXES:
        return True
    try:
        with open(p, "rb") as f:
            return f.read(16) == b"SQLite format 3\x00"
    except OSError:
        return False


def workspace_for(path: str | os.PathLike[str]) -> Path:
    """The workspace file an input folder or file is imported into: one per input, in the
    user's data directory (inputs such as /usr/share/doc are read-only)."""
    p = Path(path).resolve()
    if is_workspace(p):
        return p
    digest = hashlib.sha1(str(p).encode("utf-8")).hexdigest()[:10]
    folder = data_dir() / "workspaces"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{p.stem or 'site'}-{digest}.sqlite"


def has_pages(workspace_path: str) -> bool:
    from deboiler_gui.engine.store import Workspace

    if not Path(workspace_path).exists():
        return False
    try:
        with Workspace(workspace_path, create=False) as ws:
            return ws.page_count() > 0
    except DeboilerError:
        return False


#: How many unreadable records a summary names.
NAMED_RECORDS = 3


def unreadable_records(ws: Any) -> list[dict[str, Any]]:
    """Summaries of the records an import could not read (a JSON-lines line that is not a page,
    a damaged WARC record): the engine keeps each as an error page without a site."""
    from deboiler_gui.engine.model import STATUS_UNREADABLE

    return [
        r
        for site, _n in ws.sites()
        if not site
        for r in ws.page_summaries(site)
        if r.get("error") and r.get("status") == STATUS_UNREADABLE
    ]


def readable_sites(ws: Any) -> list[tuple[str, int]]:
    """(site, page count) of the sites holding pages (records without a site left out)."""
    return [(site, n) for site, n in ws.sites() if site]


def unreadable_summary(source: str, records: list[dict[str, Any]], readable: int) -> str:
    """One line for the unreadable records of an input: how many, and the first few by line
    with what was wrong with them."""
    if not records:
        return ""

    def where(url: str) -> str:
        tail = url.rsplit("#", 1)[-1]
        return f"line {tail[1:]}" if tail[:1] == "L" and tail[1:].isdigit() else url

    def line_no(r: dict[str, Any]) -> tuple[int, str]:
        tail = str(r["url"]).rsplit("#L", 1)[-1]
        return (int(tail) if tail.isdigit() else 0, str(r["url"]))

    ordered = sorted(records, key=line_no)
    named = "; ".join(f"{where(r['url'])}: {r['error']}" for r in ordered[:NAMED_RECORDS])
    more = f"; and {len(ordered) - NAMED_RECORDS} more" if len(ordered) > NAMED_RECORDS else ""
    total = len(records) + readable
    return (
        f"{source}: {len(records)} of {count(total, 'record')} unreadable, not listed "
        f"({named}{more})"
    )


def input_problem(path: str | os.PathLike[str]) -> str | None:
    """Why an input cannot be opened at all (missing, an empty folder, an empty, binary or
    unreadable file), else None: the engine's own checks before an import, cheap enough to
    run before anything changes (only a folder's listing and a file's start are read)."""
    from deboiler_gui.engine.sources import InputSet

    try:
        InputSet.open([path])
    except DeboilerError as exc:
        return str(exc)
    except OSError as exc:
        return f"{path}: cannot be read ({exc.strerror or exc})"
    return None


def remove_workspace(path: str | os.PathLike[str]) -> None:
    """Delete a workspace file the app created, with SQLite's files beside it."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def _reworded(
    steps: Generator[Any, None, R], word: Callable[[str], str]
) -> Generator[Any, None, R]:
    """``steps`` relayed with each progress message put in the app's words (the engine's are
    the command line's: "reading", "fitting SITE")."""
    try:
        while True:
            try:
                item = next(steps)
            except StopIteration as stop:
                return stop.value  # type: ignore[no-any-return]
            if isinstance(item, Progress):
                item = Progress(item.done, item.total, word(item.message), item.phase)
            yield item
    finally:
        steps.close()


def _import_words(message: str) -> str:
    return {"reading": "importing pages", "read": "pages imported"}.get(message, message)


def _fit_words(message: str) -> str:
    head, _, site = message.partition(" ")
    if head == "fitting":
        return f"fitting the cleaner on {site}" if site else "fitting the cleaner"
    if head == "fitted":
        return f"cleaner fitted on {site}" if site else "cleaner fitted"
    return message


def import_steps(
    inputs: list[str], workspace_path: str, base_url: str | None = None
) -> Generator[Progress, None, dict[str, Any]]:
    """The engine's import into the workspace; returns the number of pages read, how many of
    the workspace's pages are readable, and the summaries of its unreadable records (read here,
    in the job's process, so the app opens no second connection to the file)."""
    from deboiler_gui.engine.clean.pipeline import import_into
    from deboiler_gui.engine.store import Workspace

    summary = yield from _reworded(
        import_into(workspace_path, list(inputs), base_url=base_url), _import_words
    )
    with Workspace(workspace_path, create=False) as ws:
        return {
            "pages": int(summary.pages),
            "readable": sum(n for _s, n in readable_sites(ws)),
            "unreadable": unreadable_records(ws),
        }


def fit_steps(workspace_path: str, site: str) -> Generator[Progress, None, dict[str, str]]:
    """The engine's fit of one site, saved in the workspace; returns failures by site."""
    from deboiler_gui.engine.clean.pipeline import fit_workspace

    _models, failed = yield from _reworded(fit_workspace(workspace_path, sites=[site]), _fit_words)
    return dict(failed)


def analyse_steps(
    workspace_path: str, site: str, templates: list[dict[str, Any]] | None = None
) -> Generator[Any, None, int]:
    """Per page: the share of text the cleaner removes, the template the page matches by URL
    and how many of that template's fields fail on it (``failed``: their names; ``absent``:
    those that give nothing where they are legitimately absent, not counted). Yields batches
    ``{url: {...}}`` between the progress reports."""
    from deboiler_gui.engine.clean.boilerplate import find_boilerplate
    from deboiler_gui.engine.htmltree import parse_html, text_length
    from deboiler_gui.engine.store import Workspace
    from deboiler_gui.engine.template.extract import apply_template, choose_templates
    from deboiler_gui.engine.template.model import Template

    tpls = [Template.from_dict(t) for t in templates or () if t.get("name")]
    with Workspace(workspace_path) as ws:
        model = ws.load_model(site)
        total = ws.page_count(site)
        batch: dict[str, dict[str, Any]] = {}
        n = 0
        for page in ws.iter_pages(site):
            n += 1
            if page.error or not page.html:
                continue
            root = parse_html(page.html)
            facts: dict[str, Any] = {}
            found = None
            if model is not None:
                # The cleaner runs once a page: its findings give the boilerplate share and
                # are the fields' removals too (it ran a second time inside apply_template,
                # half of the analysis' time on Scala's Scaladoc).
                found = find_boilerplate(root, model)
                facts["boiler_share"], facts["boiler"] = _boilerplate(root, found, text_length)
            chosen = choose_templates(page.url, tpls) if tpls else []
            if chosen:
                template = chosen[0][1]
                facts["template"] = template.name
                if template.fields:
                    # A field that gives nothing where the page lacks the rule's anchor (no
                    # 'Next' link on a chapter's last page), or where it was learned absent,
                    # is absent there: listed apart, not counted as a failure.
                    try:
                        reports = apply_template(
                            page, template, model, root=root, boilerplate=found
                        ).fields
                        failed = [
                            k for k, r in reports.items() if r.status != "ok" and not r.absent
                        ]
                        absent = [k for k, r in reports.items() if r.status != "ok" and r.absent]
                    except DeboilerError:
                        failed, absent = [f.id for f in template.fields], []
                    facts["failures"] = len(failed)
                    facts["failed"] = failed
                    facts["absent"] = absent
            batch[page.url] = facts
            if len(batch) >= 100:
                yield batch
                batch = {}
                yield Progress(n, total, f"analysing pages ({n}/{total})")
        if batch:
            yield batch
        yield Progress(n, total, "analysed")
        return n


def page_summaries(
    workspace_path: str, site: str
) -> Generator[Progress, None, list[dict[str, Any]]]:
    """The page list of a big site, read away from the GUI thread."""
    from deboiler_gui.engine.store import Workspace

    yield Progress(0, None, "listing pages")
    with Workspace(workspace_path, create=False) as ws:
        return ws.page_summaries(site)


#: A batch of pages is sent by the time it holds this many characters of HTML (or 50 pages).
BATCH_CHARS = 4_000_000


def page_batches(
    workspace_path: str,
    site: str,
    limit: int | None,
    skip: int = 0,
    count: bool = False,
    spread: int = 0,
    rest: bool = False,
) -> Generator[Any, None, int]:
    """The site's readable pages as batches of ``[(url, html), ...]`` (at most ``limit``, None:
    no bound), after the first ``skip`` readable pages, in the workspace's page order (by URL).
    With ``count``, the number of the site's readable pages (an int) is yielded last: the pages
    past ``limit`` are read to count them, not sent. With ``spread`` (a number of pages), only
    that many pages spread evenly over the whole site are read (``spread_pages``), or, with
    ``rest``, every readable page but those.

    Run in a child process: opening a second Workspace inside the app's process would make the
    store read the database file with plain file I/O, and closing that file drops the SQLite
    locks of the app's own connection (POSIX advisory locks are per process)."""
    from deboiler_gui.engine.store import Workspace

    with Workspace(workspace_path, create=False) as ws:
        stored = ws.page_count(site)
        if spread:
            wanted = min(spread, stored) if not rest else max(0, stored - spread)
        else:
            wanted = stored
        wanted = max(0, wanted - skip)
        total = wanted if limit is None else min(limit, wanted)
        batch: list[tuple[str, str]] = []
        chars = n = readable = site_readable = 0
        pages: Iterable[tuple[Any, bool]] = (
            spread_pages(ws.iter_pages(site), stored, spread)
            if spread
            else ((p, not rest) for p in ws.iter_pages(site))
        )
        for page, taken in pages:
            if page.error or not page.html:
                continue
            site_readable += 1
            if taken == rest:
                continue
            readable += 1
            if readable <= skip:
                continue
            if limit is not None and n >= limit:
                if not count:
                    break
                continue
            batch.append((page.url, page.html))
            chars += len(page.html)
            n += 1
            # A batch is parsed whole by the reader: a few very long pages make one.
            if len(batch) >= 50 or chars >= BATCH_CHARS:
                yield batch
                batch = []
                chars = 0
                yield Progress(n, total, "reading pages")
        if batch:
            yield batch
        if count:
            yield site_readable
        return n


def pages_at(workspace_path: str, urls: list[str]) -> Generator[Any, None, int]:
    """The readable pages of ``urls`` as one batch ``[(url, html), ...]`` (the
    pages a site-wide check points at, read again after the lap that dropped them). Run in a
    child process, as ``page_batches``."""
    from deboiler_gui.engine.store import Workspace

    batch: list[tuple[str, str]] = []
    with Workspace(workspace_path, create=False) as ws:
        for url in urls:
            page = ws.get_page(url)
            if page is not None and not page.error and page.html:
                batch.append((page.url, page.html))
    yield batch
    return len(batch)


def urls_digest(urls: Iterable[str]) -> str:
    """A digest of a list of page URLs, in order: which pages a site index holds."""
    h = hashlib.sha1()
    for url in urls:
        h.update(url.encode("utf-8", "surrogatepass") + b"\n")
    return h.hexdigest()


def _facts_stamp(ws: Any, site: str, digest: str) -> str:
    """The stamp under which what a site index of the pages of ``digest`` learned is saved:
    ``suggest``'s own (the site's page writes and the facts' format) when the index holds
    every readable page of the site in the workspace's order, as ``suggest``'s does; with
    the digest after it when it holds a sample of a larger site."""
    from deboiler_gui.engine.template.selectors import FACTS_FORMAT

    stamp = f"{ws.site_stamp(site)}:{FACTS_FORMAT}"
    if urls_digest(ws.readable_page_urls(site)) == digest:
        return stamp
    return f"{stamp}:{digest}"


def site_facts(workspace_path: str, site: str, digest: str) -> Generator[Any, None, None]:
    """What an earlier run learned of the site's pages (``SiteIndex.facts``, saved by
    ``suggest`` or by the app) for an index of the pages of ``digest`` (``urls_digest``):
    yields ``{"stamp": ..., "facts": ... or None}``, the stamp to save them under again.
    Run in a child process, as ``page_batches``."""
    from deboiler_gui.engine.store import Workspace

    with Workspace(workspace_path, create=False) as ws:
        stamp = _facts_stamp(ws, site, digest)
        yield {"stamp": stamp, "facts": ws.load_site_index(site, stamp)}


def keep_site_facts(
    workspace_path: str, site: str, stamp: str, facts: dict[str, Any]
) -> Generator[Any, None, None]:
    """Save what a site index learned (``site_facts`` gave ``stamp``). Run in a child
    process, as ``page_batches``."""
    from deboiler_gui.engine.store import Workspace

    with Workspace(workspace_path, create=False) as ws:
        ws.save_site_index(site, stamp, facts)
    yield from ()


def spread_pages(pages: Iterable[Any], stored: int, k: int) -> Iterator[tuple[Any, bool]]:
    """Each of the ``stored`` pages with whether it is one of ``k`` pages spread evenly over
    them (the middle of each of ``k`` equal stretches, in the pages' order; all of them when
    there are no more than ``k``). An unreadable page (an error, no HTML) is never taken: the
    next readable page that is not taken itself stands in for it, so ``k`` readable pages are
    taken when the site has them. The same pages in the same order always give the same
    choice, so a second pass can read exactly the pages the first one left."""
    marks = {int((i + 0.5) * stored / k) for i in range(k)} if stored > k else None
    owed = 0
    for j, page in enumerate(pages):
        ok = not page.error and bool(page.html)
        if marks is None:
            yield page, ok
            continue
        if j in marks:
            if ok:
                yield page, True
            else:
                owed += 1
                yield page, False
        elif ok and owed:
            owed -= 1
            yield page, True
        else:
            yield page, False


def _boilerplate(root: Any, found: Any, text_length: Any) -> tuple[float, list[str]]:
    """Share of the page's text in boilerplate, and the XPaths of the boilerplate subtrees
    (``found``: the cleaner's ``find_boilerplate``; the app highlights them without running
    the cleaner again when the page is shown)."""
    from deboiler_gui.engine.htmltree import xpath_of

    total = text_length(root)
    removed = sum(r.chars for _el, r in found)
    return (min(1.0, removed / total) if total else 0.0), [xpath_of(el) for el, _r in found]


# --------------------------------------------------------------------------- child processes

#: Steps that may run in a child process (by name: only plain data crosses).
#: What each step does, as the status bar and the messages say it (its first report, and
#: its errors: "analysing pages: the worker process ended without a result").
STEP_WORDS = {
    "import_steps": "importing pages",
    "fit_steps": "fitting the cleaner",
    "analyse_steps": "analysing pages",
    "page_batches": "reading pages",
    "page_summaries": "listing pages",
    "pages_at": "reading pages",
    "site_facts": "reading what was learned of the site",
    "keep_site_facts": "saving what was learned of the site",
}

CHILD_STEPS = (
    "import_steps",
    "fit_steps",
    "analyse_steps",
    "page_batches",
    "page_summaries",
    "pages_at",
    "site_facts",
    "keep_site_facts",
)
# Each job process starts with this module loaded (the fork server imports it once).
jobs.preload(__name__)


def run_in_child(step: str, *args: Any) -> Generator[Any, None, Any]:
    """Run one of this module's steps in a child process and relay what it yields.

    Site-wide work then never holds the app's interpreter lock, so the GUI thread stays
    responsive whatever the pages do; closing this generator (a cancel) ends the child, and the
    workspace is left consistent because its writes are atomic batches."""
    if step not in CHILD_STEPS:
        raise ValueError(f"{step} cannot run in a child process")
    return jobs.ChildJob(globals()[step], args, what=STEP_WORDS.get(step, step)).steps()


# --------------------------------------------------------------------------- drafts


def _draft_path(workspace_path: str) -> Path:
    digest = hashlib.sha1(str(Path(workspace_path).resolve()).encode("utf-8")).hexdigest()[:12]
    folder = data_dir() / "drafts"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{digest}.json"


def write_draft(
    workspace_path: str, template: dict[str, Any], base_version: int | None = None
) -> Path:
    """Write the unsaved template next to nothing the user owns, atomically (rename);
    ``base_version``: the stored version the edits were made on (0: none), so that a version
    stored since is taken in, not dropped, when the restored draft is saved."""
    path = _draft_path(workspace_path)
    tmp = path.with_suffix(".tmp")
    data: dict[str, Any] = {"workspace": str(workspace_path), "template": template}
    if base_version is not None:
        data["base_version"] = int(base_version)
    tmp.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    os.replace(tmp, path)
    return path


def _read_draft_file(workspace_path: str) -> dict[str, Any]:
    try:
        data = json.loads(_draft_path(workspace_path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def read_draft(workspace_path: str) -> dict[str, Any] | None:
    template = _read_draft_file(workspace_path).get("template")
    return template if isinstance(template, dict) else None


def read_draft_base(workspace_path: str) -> int | None:
    """The stored version the draft's edits were made on (None when the draft does not say:
    one written before drafts kept it)."""
    base = _read_draft_file(workspace_path).get("base_version")
    return base if isinstance(base, int) and not isinstance(base, bool) and base >= 0 else None


def clear_draft(workspace_path: str) -> None:
    _draft_path(workspace_path).unlink(missing_ok=True)
