"""Cleaning and extraction on Apache Spark: the engine's own per-site fit and per-page clean,
run on executors, for crawls that do not fit one machine.

The algorithm is not re-implemented here: executors call the same functions as the local run
(``sources`` readers, ``DomainCleaner``, ``pipeline.result_record``, ``extract.extract_page``);
this module only decides where each piece of work runs.

Work plan:
1. read WARC/WARC.gz and JSON-lines inputs (local paths are streamed by the executors; remote
   URLs such as hdfs:// or s3a:// go through Spark's own readers) into page records;
2. keep the last record of each URL (as the workspace does locally);
3. count pages per site; sites with a model saved in the workspace reuse it; sites up to
   ``max_site_pages`` are fitted and cleaned in one task each; larger sites are fitted on a
   deterministic sample of ``sample_pages`` pages, and their pages are cleaned in parallel
   across all partitions with the model broadcast;
4. write one record per page (JSON lines or Parquet), and every failed page also to
   ``<output>/_errors``.
"""

from __future__ import annotations

import contextlib
import glob
import hashlib
import io
import json
import logging
import os
import shutil
import sys
import tempfile
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from deboiler_gui.engine.model import DeboilerError, DomainModel, InputError, Page

log = logging.getLogger(__name__)

WARC_SUFFIXES = (".warc", ".warc.gz", ".arc", ".arc.gz")
JSONL_SUFFIXES = (".jsonl", ".jsonl.gz", ".ndjson", ".ndjson.gz", ".json", ".json.gz")


@dataclass
class SparkOptions:
    """How a Spark run fits and cleans."""

    mode: str = "improved"
    max_site_pages: int = 20_000  # sites above this are fitted on a sample
    sample_pages: int = 5_000  # size of that sample
    partitions: int | None = None  # default: 4 x default parallelism
    fmt: str = "jsonl"  # jsonl | parquet
    config: dict[str, Any] = field(default_factory=dict)
    #: Templates (as dicts) whose remove / keep rules apply to the pages their URLs match, as
    #: in the local ``clean --template``.
    templates: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class SparkSummary:
    output: str
    pages: int = 0
    ok: int = 0
    skipped: int = 0
    errors: int = 0
    sites: int = 0
    fitted_whole: int = 0
    fitted_on_sample: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


# --------------------------------------------------------------------------- inputs


def input_kind(path: str) -> str:
    name = path.lower().rstrip("/")
    if name.endswith(WARC_SUFFIXES):
        return "warc"
    if name.endswith(JSONL_SUFFIXES):
        return "jsonl"
    raise InputError(
        f"{path}: not a WARC or JSON-lines input (expected {', '.join(WARC_SUFFIXES + JSONL_SUFFIXES)})"
    )


def _is_remote(path: str) -> bool:
    return "://" in path and not path.startswith("file://")


def expand_inputs(inputs: Iterable[str]) -> list[str]:
    """Local globs expanded on the driver (sorted, so record order is stable); remote paths and
    globs are passed to Spark as they are."""
    out: list[str] = []
    for raw in inputs:
        if _is_remote(raw):
            input_kind(raw)
            out.append(raw)
            continue
        path = raw[len("file://") :] if raw.startswith("file://") else raw
        matches = sorted(glob.glob(path)) if glob.has_magic(path) else [path]
        if not matches:
            raise InputError(f"{raw}: no file matches")
        for m in matches:
            if not os.path.exists(m):
                raise InputError(f"{m}: no such file or folder")
            # Local inputs are read by the engine's own reader, so folders of HTML files and
            # workspaces work as they do locally.
            from deboiler_gui.engine.sources import input_kind as local_kind

            local_kind(Path(m))
            out.append(os.path.abspath(m))
    if not out:
        raise InputError("no input given")
    return out


def read_local_file(
    file_index: int, path: str, base_url: str | None = None
) -> Iterator[tuple[str, tuple[int, int, dict[str, Any]]]]:
    """Records of one local input file, read with the engine's own readers: (url, (file index,
    record index, page dict))."""
    from deboiler_gui.engine.sources import InputSet

    for rec_index, page in enumerate(InputSet.open([path], base_url=base_url)):
        yield page.url, (file_index, rec_index, page.to_dict())


def read_jsonl_line(
    file_index: int, line_index: int, name: str, line: str
) -> tuple[str, tuple[int, int, dict[str, Any]]]:
    """One line of a remote JSON-lines file, through the local reader."""
    from deboiler_gui.engine.sources import iter_jsonl

    pages = list(iter_jsonl(io.BytesIO(line.encode("utf-8", "surrogatepass")), name))
    page = (
        pages[0]
        if pages
        else Page(f"{name}#L{line_index + 1}", "", status=-1, source=name, error="empty line")
    )
    if page.error and page.url.startswith(f"{name}#L"):
        page = Page(
            f"{name}#L{line_index + 1}", "", status=page.status, source=name, error=page.error
        )
    return page.url, (file_index, line_index, page.to_dict())


def read_warc_bytes(
    file_index: int, name: str, data: bytes
) -> Iterator[tuple[str, tuple[int, int, dict[str, Any]]]]:
    """Records of one remote WARC file, through the local reader."""
    from deboiler_gui.engine.sources import iter_warc

    for rec_index, page in enumerate(iter_warc(io.BytesIO(data), name)):
        yield page.url, (file_index, rec_index, page.to_dict())


def _later(
    a: tuple[int, int, dict[str, Any]], b: tuple[int, int, dict[str, Any]]
) -> tuple[int, int, dict[str, Any]]:
    # The workspace keeps the last record of a URL; so does this.
    return a if (a[0], a[1]) > (b[0], b[1]) else b


# --------------------------------------------------------------------------- per-site work


def cleanable(page: Page) -> bool:
    from deboiler_gui.engine.clean.pipeline import is_cleanable

    return is_cleanable(page)


def fit_site(
    site: str, pages: Iterable[dict[str, Any]], options: SparkOptions
) -> tuple[DomainModel | None, str | None]:
    """Fit one site's model exactly as the local run does: cleanable pages in URL order."""
    from deboiler_gui.engine.clean.boilerplate import DomainCleaner

    ordered = sorted((Page.from_dict(p) for p in pages), key=lambda p: p.url)
    usable = [p for p in ordered if cleanable(p)]
    if not usable:
        return None, None
    try:
        cleaner = DomainCleaner(
            mode=options.mode, operation_mode="memory", jobs=1, **options.config
        )
        return cleaner.fit(usable).model_, None
    except Exception as exc:  # the local run records the same message for every page of the site
        log.exception("fitting site %s failed", site)
        return None, f"fitting the site model failed: {type(exc).__name__}: {exc}"


def clean_records(
    pages: Iterable[dict[str, Any]],
    model: DomainModel | None,
    site_error: str | None,
    templates: Sequence[Any] = (),
) -> Iterator[dict[str, Any]]:
    from deboiler_gui.engine.clean.pipeline import result_record

    for p in pages:
        yield result_record(Page.from_dict(p), model, site_error=site_error, templates=templates)


def fit_and_clean_site(
    site: str, pages: Iterable[dict[str, Any]], options: SparkOptions
) -> Iterator[dict[str, Any]]:
    from deboiler_gui.engine.clean.pipeline import load_templates

    pages = sorted(pages, key=lambda p: p["url"])
    model, error = fit_site(site, pages, options)
    yield from clean_records(pages, model, error, load_templates(options.templates))


def in_sample(url: str, fraction: float) -> bool:
    """Deterministic sampling by URL hash, so a rerun fits the same model."""
    if fraction >= 1.0:
        return True
    h = int.from_bytes(
        hashlib.blake2b(url.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "big"
    )
    return h / 2**64 < fraction


# --------------------------------------------------------------------------- the job


def package_zip(dest_dir: str) -> str:
    """Zip this package so executors that do not have it installed can import it."""
    import deboiler_gui
    from deboiler_gui import assets

    root = Path(deboiler_gui.__file__).parent
    target = os.path.join(dest_dir, "deboiler_gui.zip")
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for f in root.rglob("*"):
            if f.is_file() and "__pycache__" not in f.parts and f.suffix != ".pyc":
                zf.write(f, Path("deboiler_gui") / f.relative_to(root))
        res = assets.root()
        if not res.is_relative_to(root):  # a source tree: resources/ sits beside the package
            for f in res.rglob("*"):
                if f.is_file():
                    zf.write(f, Path("deboiler_gui") / "resources" / f.relative_to(res))
    return target


_SHIPPED: set[str] = set()


def ship_package(sc: Any, tmp: str) -> None:
    """Send the package to the executors once per application (Spark refuses a second file of
    the same name with other contents)."""
    app = sc.applicationId
    if app not in _SHIPPED:
        sc.addPyFile(package_zip(tmp))
        _SHIPPED.add(app)


def get_session(master: str | None = None, app_name: str = "deboiler-gui") -> Any:
    """A SparkSession. Without ``master``, the one spark-submit configured, else local[*]."""
    try:
        from pyspark import SparkConf
        from pyspark.sql import SparkSession
    except ImportError as exc:
        raise DeboilerError(
            'Spark is not installed: pip install "deboiler-gui[spark]" (it also needs Java 17 or newer)'
        ) from exc
    if not os.environ.get("JAVA_HOME") and shutil.which("java") is None:
        raise DeboilerError(
            "Spark needs a Java runtime (Java 17 or newer, e.g. apt-get install openjdk-17-jre-headless); none is on PATH and JAVA_HOME is not set"
        )

    builder = SparkSession.builder.appName(app_name).config("spark.ui.enabled", "false")
    if master:
        builder = builder.master(master)
    elif not SparkConf().contains("spark.master"):
        builder = builder.master("local[*]")
    if (master or "").startswith("local") or not SparkConf().contains("spark.master"):
        # Local executors start "python3" from PATH unless told otherwise: in a virtual
        # environment that is not activated, that interpreter lacks this package and its
        # dependencies. Executors on this machine use the interpreter running us.
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    return builder.getOrCreate()


def read_pages(sc: Any, inputs: list[str], base_url: str | None = None) -> Any:
    """RDD of (url, (file index, record index, page dict)), one per input record."""
    local = [(i, p) for i, p in enumerate(inputs) if not _is_remote(p)]
    parts = []
    if local:
        parts.append(
            sc.parallelize(local, max(1, len(local))).flatMap(
                lambda ip: read_local_file(ip[0], ip[1], base_url)
            )
        )
    for i, p in enumerate(inputs):
        if not _is_remote(p):
            continue
        if input_kind(p) == "warc":
            parts.append(
                sc.binaryFiles(p).flatMap(lambda nd, i=i: read_warc_bytes(i, nd[0], nd[1]))
            )
        else:
            parts.append(
                sc.textFile(p)
                .zipWithIndex()
                .map(lambda li, i=i, p=p: read_jsonl_line(i, li[1], p, li[0]))
            )
    rdd = parts[0]
    for more in parts[1:]:
        rdd = rdd.union(more)
    return rdd


def clean_rdd(
    sc: Any,
    records: Any,
    options: SparkOptions,
    saved_models: dict[str, dict[str, Any]],
    summary: SparkSummary,
) -> Any:
    """RDD of output records from an RDD of (url, (file, record, page dict))."""
    n_parts = options.partitions or max(2, sc.defaultParallelism * 4)
    pages = records.reduceByKey(_later, n_parts).map(lambda kv: kv[1][2])
    pages = pages.keyBy(lambda p: Page.from_dict(p).site).persist()
    sizes = dict(pages.mapValues(lambda _p: 1).reduceByKey(lambda a, b: a + b).collect())
    summary.sites = len(sizes)
    big = {s for s, n in sizes.items() if n > options.max_site_pages and s not in saved_models}
    small = {s for s in sizes if s not in big and s not in saved_models}
    summary.reused = sorted(s for s in sizes if s in saved_models)
    summary.fitted_whole = len(small)
    summary.fitted_on_sample = sorted(big)

    models: dict[str, dict[str, Any]] = dict(saved_models)
    errors: dict[str, str] = {}
    if big:
        fractions = {s: min(1.0, options.sample_pages / sizes[s]) for s in big}
        opts = options
        fitted = (
            pages.filter(
                lambda kv: kv[0] in fractions and in_sample(kv[1]["url"], fractions[kv[0]])
            )
            .groupByKey(max(1, min(n_parts, len(big))))
            .map(lambda kv: (kv[0], fit_site(kv[0], kv[1], opts)))
            .collect()
        )
        for site, (model, error) in fitted:
            if model is not None:
                models[site] = model.to_dict()
            if error is not None:
                errors[site] = error
    shared = sc.broadcast((models, errors))
    template_data = list(options.templates)

    def _with_model(part: Iterator[tuple[str, dict[str, Any]]]) -> Iterator[dict[str, Any]]:
        mods, errs = shared.value
        cache: dict[str, DomainModel | None] = {}
        from deboiler_gui.engine.clean.pipeline import load_templates, result_record

        templates = load_templates(template_data)
        for site, p in part:
            if site not in cache:
                cache[site] = DomainModel.from_dict(mods[site]) if site in mods else None
            yield result_record(
                Page.from_dict(p), cache[site], site_error=errs.get(site), templates=templates
            )

    opts = options
    whole = (
        pages.filter(lambda kv: kv[0] in small)
        .groupByKey(n_parts)
        .flatMap(lambda kv: fit_and_clean_site(kv[0], kv[1], opts))
    )
    spread = pages.filter(lambda kv: kv[0] not in small).mapPartitions(_with_model)
    return whole.union(spread)


def _write(spark: Any, out: Any, path: str, fmt: str) -> None:
    if fmt == "jsonl":
        out.map(lambda r: json.dumps(r, ensure_ascii=False, sort_keys=True)).saveAsTextFile(path)
    elif fmt == "parquet":
        rows = out.map(_parquet_row)
        spark.createDataFrame(rows, schema=_parquet_schema()).write.parquet(path)
    else:
        raise InputError(f"unknown output format {fmt!r} (choose jsonl or parquet)")


def _parquet_schema() -> Any:
    from pyspark.sql.types import IntegerType, StringType, StructField, StructType

    return StructType(
        [
            StructField("url", StringType(), False),
            StructField("site", StringType(), True),
            StructField("status", StringType(), True),
            StructField("error", StringType(), True),
            StructField("http_status", IntegerType(), True),
            StructField("title", StringType(), True),
            StructField("language", StringType(), True),
            StructField("cleaned_text", StringType(), True),
            StructField("cleaned_html", StringType(), True),
            # nested values as JSON text: stable across engines and readable by any tool
            StructField("record", StringType(), True),
        ]
    )


def _parquet_row(r: dict[str, Any]) -> tuple[Any, ...]:
    return (
        r.get("url"),
        r.get("site"),
        r.get("status"),
        r.get("error"),
        r.get("http_status"),
        r.get("title"),
        r.get("language"),
        r.get("cleaned_text"),
        r.get("cleaned_html"),
        json.dumps(r, ensure_ascii=False, sort_keys=True),
    )


def _prepare(output: str, overwrite: bool, spark: Any, master: str | None) -> tuple[Any, Any]:
    """Check (or clear, with ``overwrite``) the output folder, then get the session."""
    if os.path.exists(output) and not _is_remote(output):
        if not overwrite:
            raise InputError(f"{output}: already exists (use --overwrite)")
        shutil.rmtree(output)
    spark = spark or get_session(master)
    return spark, spark.sparkContext


@contextlib.contextmanager
def _shipped(sc: Any) -> Iterator[None]:
    """The package is on the executors for the body (zipped in a temporary folder)."""
    tmp = tempfile.mkdtemp(prefix="deboiler-spark-")
    try:
        ship_package(sc, tmp)
        yield
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _load_saved_models(workspace: str | None) -> dict[str, dict[str, Any]]:
    if not workspace:
        return {}
    from deboiler_gui.engine.store import Workspace

    with Workspace(workspace, create=False) as ws:
        out = {}
        for site in ws.model_sites():
            model = ws.load_model(site)
            if model is not None and not model.stale:  # an older cleaner's model: fit again
                out[site] = model.to_dict()
        return out


def run_clean(
    inputs: list[str],
    output: str,
    *,
    options: SparkOptions | None = None,
    workspace: str | None = None,
    master: str | None = None,
    spark: Any = None,
    overwrite: bool = False,
    base_url: str | None = None,
) -> SparkSummary:
    """Clean every page of the inputs on Spark and write ``output`` (a folder)."""
    options = options or SparkOptions()
    paths = expand_inputs(inputs)
    spark, sc = _prepare(output, overwrite, spark, master)
    with _shipped(sc):
        saved = _load_saved_models(workspace)
        summary = SparkSummary(output=output)
        out = clean_rdd(sc, read_pages(sc, paths, base_url), options, saved, summary).persist()
        _write(spark, out, output, options.fmt)
        failed = out.filter(lambda r: r.get("status") == "error")
        failed.map(
            lambda r: json.dumps(
                {"url": r["url"], "site": r.get("site"), "error": r.get("error")},
                ensure_ascii=False,
            )
        ).saveAsTextFile(
            os.path.join(output, "_errors")
            if not _is_remote(output)
            else output.rstrip("/") + "/_errors"
        )
        counts = dict(
            out.map(lambda r: (r.get("status"), 1)).reduceByKey(lambda a, b: a + b).collect()
        )
        summary.ok = counts.get("ok", 0)
        summary.skipped = counts.get("skipped", 0)
        summary.errors = sum(v for k, v in counts.items() if k not in ("ok", "skipped"))
        summary.pages = sum(counts.values())
        out.unpersist()
        return summary


def extract_records(
    pages: Iterable[dict[str, Any]],
    templates: list[dict[str, Any]],
    models: dict[str, dict[str, Any]],
    diagnostics: bool,
) -> Iterator[dict[str, Any]]:
    """Extraction of one partition with the local engine's functions."""
    from deboiler_gui.engine.template.evaluate import extraction_record
    from deboiler_gui.engine.template.extract import iter_extract
    from deboiler_gui.engine.template.model import Template

    objs = [Template.from_dict(t) for t in templates]
    mods = {s: DomainModel.from_dict(m) for s, m in models.items()}
    for result in iter_extract((Page.from_dict(p) for p in pages), objs, mods, removed_paths=False):
        yield extraction_record(result, diagnostics=diagnostics)


def run_extract(
    inputs: list[str],
    output: str,
    templates: list[dict[str, Any]],
    *,
    workspace: str | None = None,
    use_cleaner: bool = True,
    diagnostics: bool = False,
    partitions: int | None = None,
    master: str | None = None,
    spark: Any = None,
    overwrite: bool = False,
) -> dict[str, int]:
    """Extract template fields from every page on Spark; JSON lines part files in ``output``.
    Templates are checked on the driver first, so an invalid one fails before any work."""
    from deboiler_gui.engine.template.extract import check_template
    from deboiler_gui.engine.template.model import Template
    from deboiler_gui.engine.template.rulefile import check_record_keys

    for t in templates:
        check_template(Template.from_dict(t))
        check_record_keys(Template.from_dict(t))
    paths = expand_inputs(inputs)
    spark, sc = _prepare(output, overwrite, spark, master)
    with _shipped(sc):
        models = _load_saved_models(workspace) if use_cleaner else {}
        n_parts = partitions or max(2, sc.defaultParallelism * 4)
        shared = sc.broadcast((templates, models))
        pages = read_pages(sc, paths).reduceByKey(_later, n_parts).map(lambda kv: kv[1][2])
        out = pages.mapPartitions(
            lambda part: extract_records(part, shared.value[0], shared.value[1], diagnostics)
        ).persist()
        out.map(lambda r: json.dumps(r, ensure_ascii=False, sort_keys=True)).saveAsTextFile(output)
        counts = dict(
            out.map(lambda r: (r.get("status"), 1)).reduceByKey(lambda a, b: a + b).collect()
        )
        out.unpersist()
        return counts


def read_output(path: str) -> Iterator[dict[str, Any]]:
    """Records of a JSON-lines output folder written by ``run_clean`` (part files)."""
    for part in sorted(Path(path).glob("part-*")):
        with part.open(encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    yield json.loads(line)
