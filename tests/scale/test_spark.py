"""The Spark run gives, page by page, the same output as the local engine on the same input,
records corrupt input in its error output, and spreads a large site over many partitions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pyspark = pytest.importorskip("pyspark", reason="the Spark extra is not installed")

from deboiler_gui.engine.clean.pipeline import run_steps  # noqa: E402
from deboiler_gui.engine.model import DomainModel  # noqa: E402
from deboiler_gui.scale import spark as sj  # noqa: E402


def _page(site: str, i: int, n: int) -> str:
    prev_t = f"Topic {i - 1}" if i > 0 else ""
    next_t = f"Topic {i + 1}" if i < n - 1 else ""
    body = " ".join(f"word{(i * 7 + k) % 97}" for k in range(60))
    return f"""<html><head><title>Topic {i}</title></head><body>
<div class="top"><a href="/">Home</a> <a href="/about">About</a> <a href="/contact">Contact</a></div>
<div class="nav"><a href="/p{i - 1}">{prev_t}</a> | <a href="/p{i + 1}">{next_t}</a></div>
<div class="main"><h1>Topic {i} of {site}</h1><p>{body}</p><p>Paragraph two of page {i}: {body[::-1]}</p></div>
<div class="foot">Copyright 2026 {site}. All rights reserved.</div></body></html>"""


@pytest.fixture(scope="module")
def spark():
    import logging

    # py4j logs from finalizers at interpreter exit, after pytest closed its capture streams
    logging.getLogger("py4j").setLevel(logging.WARNING)
    session = sj.get_session("local[2]", "deboiler-gui-tests")
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("corpus")
    lines = []
    for site, n in (("alpha.test", 14), ("beta.test", 6), ("gamma.test", 1)):
        for i in range(n):
            lines.append(
                json.dumps(
                    {
                        "url": f"http://{site}/p{i}",
                        "html": _page(site, i, n),
                        "status": 200,
                        "content_type": "text/html",
                    }
                )
            )
    lines.append(
        json.dumps(
            {"url": "http://beta.test/gone", "html": "", "status": 404, "content_type": "text/html"}
        )
    )
    lines.append('{"url": "http://beta.test/broken", "html": ')  # a truncated record
    lines.append(
        json.dumps(
            {
                "url": "http://alpha.test/p3",
                "html": _page("alpha.test", 3, 14).replace("Topic 3", "Topic three"),
                "status": 200,
                "content_type": "text/html",
            }
        )
    )
    (d / "crawl.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return d / "crawl.jsonl"


def _local(corpus: Path, tmp: Path) -> dict[str, dict]:
    out = tmp / "local.jsonl"
    gen = run_steps([corpus], out)
    for _ in gen:
        pass
    return {r["url"]: r for r in map(json.loads, out.read_text(encoding="utf-8").splitlines())}


def test_spark_output_equals_local_output_page_by_page(spark, corpus: Path, tmp_path: Path) -> None:
    local = _local(corpus, tmp_path)
    out = tmp_path / "spark-out"
    summary = sj.run_clean([str(corpus)], str(out), spark=spark)
    remote = {r["url"]: r for r in sj.read_output(str(out))}
    assert set(remote) == set(local)
    assert len(remote) == 14 + 6 + 1 + 2  # every record appears once, the duplicate URL merged
    for url, record in local.items():
        assert remote[url] == record, url
    # the cleaner really did something and the duplicate kept the last version
    assert remote["http://alpha.test/p3"]["title"] == "Topic three"
    assert remote["http://alpha.test/p5"]["removed"], "boilerplate was removed"
    assert "Copyright" not in remote["http://alpha.test/p5"]["cleaned_text"]
    assert summary.pages == len(local)
    assert summary.errors == 1 and summary.skipped == 1


def test_errors_are_written_to_the_error_output(spark, corpus: Path, tmp_path: Path) -> None:
    out = tmp_path / "spark-out"
    sj.run_clean([str(corpus)], str(out), spark=spark)
    errors = [
        json.loads(line)
        for p in sorted((out / "_errors").glob("part-*"))
        for line in p.read_text().splitlines()
        if line
    ]
    assert len(errors) == 1
    assert (
        errors[0]["url"].endswith("crawl.jsonl#L24")
        or "broken" in errors[0]["url"]
        or "#L" in errors[0]["url"]
    )
    assert errors[0]["error"]


def test_large_site_is_fitted_on_a_sample_and_cleaned_across_partitions(
    spark, corpus: Path
) -> None:
    sc = spark.sparkContext
    options = sj.SparkOptions(max_site_pages=10, sample_pages=8, partitions=4)
    summary = sj.SparkSummary(output="-")
    records = sj.read_pages(sc, sj.expand_inputs([str(corpus)]))
    out = sj.clean_rdd(sc, records, options, {}, summary)
    per_partition = out.filter(lambda r: r.get("site") == "alpha.test").glom().map(len).collect()
    assert summary.fitted_on_sample == ["alpha.test"]
    assert sum(per_partition) == 14
    assert sum(1 for n in per_partition if n) >= 2, per_partition  # not all on one task
    cleaned = [r for r in out.collect() if r.get("site") == "alpha.test"]
    assert all(r["status"] == "ok" for r in cleaned)
    assert all("Copyright" not in r["cleaned_text"] for r in cleaned)


def test_saved_workspace_models_are_used_instead_of_fitting(
    spark, corpus: Path, tmp_path: Path
) -> None:
    from deboiler_gui.engine.store import Workspace

    ws_path = tmp_path / "w.sqlite"
    with Workspace(ws_path) as ws:
        ws.save_model(DomainModel(site="beta.test", config={}, data={}))
    summary = sj.run_clean([str(corpus)], str(tmp_path / "o"), spark=spark, workspace=str(ws_path))
    assert summary.reused == ["beta.test"]
    assert "beta.test" not in summary.fitted_on_sample


def test_bad_inputs_are_named(tmp_path: Path) -> None:
    with pytest.raises(sj.InputError, match="nothing-here"):
        sj.expand_inputs([str(tmp_path / "nothing-here*.warc.gz")])
    bad = tmp_path / "pages.txt"
    bad.write_text("x")
    with pytest.raises(sj.InputError, match="pages.txt"):
        sj.expand_inputs([str(bad)])


def test_spark_extract_cli_equals_local_extract(spark, corpus: Path, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from deboiler_gui.cli import cli

    template = {
        "name": "topics",
        "site": "alpha.test",
        "fields": [
            {"id": "title", "xpaths": ["//div[@class='main']/h1"]},
            {"id": "paras", "xpaths": ["//div[@class='main']/p"], "list": True},
        ],
    }
    rule_file = tmp_path / "topics.json"
    rule_file.write_text(
        json.dumps({"format": "deboiler-gui-rules", "version": 1, "templates": [template]})
    )
    runner = CliRunner()
    local_out = tmp_path / "local.jsonl"
    r1 = runner.invoke(
        cli,
        [
            "extract",
            str(corpus),
            "--template",
            str(rule_file),
            "--output",
            str(local_out),
            "--quiet",
        ],
    )
    assert r1.exit_code == 0, r1.output
    r2 = runner.invoke(
        cli,
        [
            "spark",
            "extract",
            str(corpus),
            "--template",
            str(rule_file),
            "--output",
            str(tmp_path / "sx"),
        ],
    )
    assert r2.exit_code == 0, r2.output
    local = {r["url"]: r for r in map(json.loads, local_out.read_text().splitlines())}
    remote = {r["url"]: r for r in sj.read_output(str(tmp_path / "sx"))}
    assert remote == local
    assert remote["http://alpha.test/p4"]["title"] == "Topic 4 of alpha.test"
    assert len(remote["http://alpha.test/p4"]["paras"]) == 2


def test_clean_engine_spark_on_the_demo_equals_the_local_clean(spark, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from deboiler_gui.cli import cli

    runner = CliRunner()
    r1 = runner.invoke(
        cli, ["clean", "--demo", "--output", str(tmp_path / "local.jsonl"), "--quiet"]
    )
    assert r1.exit_code == 0, r1.output
    r2 = runner.invoke(
        cli, ["clean", "--demo", "--engine", "spark", "--output", str(tmp_path / "s"), "--quiet"]
    )
    assert r2.exit_code == 0, r2.output
    local = {
        r["url"]: r
        for r in map(
            json.loads, (tmp_path / "local.jsonl").read_text(encoding="utf-8").splitlines()
        )
    }
    remote = {r["url"]: r for r in sj.read_output(str(tmp_path / "s"))}
    assert len(local) >= 20
    assert remote == local
    r3 = runner.invoke(
        cli, ["clean", "--demo", "--format", "parquet", "--output", str(tmp_path / "p")]
    )
    assert r3.exit_code == 2 and "--engine spark" in r3.output


def test_clean_with_a_template_on_spark_equals_the_local_clean(
    spark, corpus: Path, tmp_path: Path
) -> None:
    from click.testing import CliRunner

    from deboiler_gui.cli import cli

    template = {
        "name": "alpha",
        "site": "alpha.test",
        "remove": [{"name": "heading", "selector": "//div[@class='main']/h1"}],
    }
    rule_file = tmp_path / "alpha.json"
    rule_file.write_text(
        json.dumps({"format": "deboiler-gui-rules", "version": 1, "templates": [template]})
    )
    runner = CliRunner()
    r1 = runner.invoke(
        cli,
        [
            "clean",
            str(corpus),
            "--template",
            str(rule_file),
            "--output",
            str(tmp_path / "local.jsonl"),
            "--quiet",
        ],
    )
    assert r1.exit_code in (0, 1), r1.output  # the corpus holds a broken record and a 404
    local = {
        r["url"]: r
        for r in map(
            json.loads, (tmp_path / "local.jsonl").read_text(encoding="utf-8").splitlines()
        )
    }
    # The template's rule took effect where its URLs match, and only there.
    assert "Topic 4 of alpha.test" not in local["http://alpha.test/p4"]["cleaned_text"]
    assert local["http://alpha.test/p4"]["template"] == "alpha"
    assert "Topic 2 of beta.test" in local["http://beta.test/p2"]["cleaned_text"]
    r2 = runner.invoke(
        cli,
        [
            "clean",
            str(corpus),
            "--template",
            str(rule_file),
            "--engine",
            "spark",
            "--output",
            str(tmp_path / "s"),
            "--quiet",
        ],
    )
    assert r2.exit_code == 0, r2.output
    assert {r["url"]: r for r in sj.read_output(str(tmp_path / "s"))} == local
    # Also when the large site is fitted on a sample and cleaned across partitions.
    r3 = runner.invoke(
        cli,
        [
            "spark",
            "clean",
            str(corpus),
            "-t",
            str(rule_file),
            "--max-site-pages",
            "5",
            "--sample-pages",
            "14",
            "--output",
            str(tmp_path / "s2"),
        ],
    )
    assert r3.exit_code == 0, r3.output
    spread = {r["url"]: r for r in sj.read_output(str(tmp_path / "s2"))}
    assert spread["http://alpha.test/p4"]["template"] == "alpha"
    assert "Topic 4 of alpha.test" not in spread["http://alpha.test/p4"]["cleaned_text"]
    assert set(spread) == set(local)
