"""Whole runs: every input page gets one record, bad pages never stop a run, outputs are atomic."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

import pytest
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from deboiler_gui.engine.clean import boilerplate
from deboiler_gui.engine.clean.pipeline import CleanOptions, import_into, run_steps
from deboiler_gui.engine.model import MODEL_FORMAT, InputError, Page
from deboiler_gui.engine.output import ResultWriter, format_for
from deboiler_gui.engine.progress import run
from deboiler_gui.engine.sources import DEMO_BASE_URL, demo_site_path
from deboiler_gui.engine.store import Workspace

BOILERPLATE = (
    "This page has been viewed",
    "You are here",
    "Popular guides",
    "Subscribe",
    "We use cookies",
)


def drain(gen: Any) -> Any:
    return run(gen)


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture
def demo_copy(tmp_path: Path) -> Path:
    target = tmp_path / "site"
    shutil.copytree(demo_site_path(), target)
    return target


def test_demo_site_is_cleaned_end_to_end(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    summary = drain(run_steps([demo_site_path()], out, base_url=DEMO_BASE_URL))
    records = read_jsonl(out)
    assert summary.pages == len(records) == 29 and summary.ok == 29
    assert summary.fitted == ["hillside-garden.example"]
    for r in records:
        assert {"url", "status", "cleaned_text", "cleaned_html", "removed"} <= set(r)
        assert r["status"] == "ok" and r["removed"], r["url"]
        assert all(r2["xpath"].startswith("/html/") and r2["detector"] for r2 in r["removed"])
    pages = {r["url"]: r for r in records}
    tomato = pages[DEMO_BASE_URL + "guides/tomatoes.html"]
    assert "Tomatoes want heat, steady water and a long season." in tomato["cleaned_text"]
    assert "Pinch side shoots on cordon varieties" in tomato["cleaned_text"]
    for phrase in BOILERPLATE:
        assert phrase not in tomato["cleaned_text"]
    tea = pages[DEMO_BASE_URL + "zh/tea.html"]
    assert "茶树喜欢酸性土壤" in tea["cleaned_text"] and "本页浏览" not in tea["cleaned_text"]


def _warc(path: Path, cut: float) -> None:
    buf = io.BytesIO()
    writer = WARCWriter(buf, gzip=True)
    for i, body in enumerate(
        [
            b"<html><body><p>first record kept</p></body></html>",
            b"<html><body><p>second</p></body></html>",
        ]
    ):
        http = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
        rec = writer.create_warc_record(
            f"https://warc.example/{i}", "response", payload=io.BytesIO(body), http_headers=http
        )
        writer.write_record(rec)
        rec.raw_stream.close()
    data = buf.getvalue()
    path.write_bytes(data[: int(len(data) * cut)])


def test_bad_input_is_recorded_per_page_and_the_run_continues(
    tmp_path: Path, demo_copy: Path
) -> None:
    bad = demo_copy / "bad"
    bad.mkdir()
    (bad / "empty.html").write_bytes(b"")
    (bad / "binary.html").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 20)
    (bad / "truncated.html").write_bytes(b"<html><body><div class='x'><p>cut off in the mid")
    (bad / "deep.html").write_text(
        "<html><body>"
        + "<div>" * 10_000
        + "<p>deep text</p>"
        + "</div>" * 10_000
        + "</body></html>"
    )
    (bad / "liar.html").write_bytes(
        (
            "<html><head><meta charset='utf-8'></head><body><p>"
            + "荷花既可以观赏，地下的莲藕又是美味的蔬菜。" * 20
            + "</p></body></html>"
        ).encode("gb18030")
    )
    (bad / "big.html").write_text(
        "<html><body>" + "<p>lots of words here</p>" * 20_000 + "</body></html>"
    )
    dump = tmp_path / "dump.jsonl"
    dump.write_text(
        json.dumps(
            {
                "url": "https://j.example/a",
                "html": "<p>fine</p>",
                "status": 200,
                "content_type": "text/html",
            }
        )
        + "\n"
        + '{"url": "https://j.example/broken", "html": \n'
        + json.dumps(
            {"url": "https://j.example/404", "html": "", "status": 404, "content_type": "text/html"}
        )
        + "\n"
        + json.dumps(
            {
                "url": "https://j.example/pdf",
                "html": "",
                "status": 200,
                "content_type": "application/pdf",
            }
        )
        + "\n"
    )
    warc = tmp_path / "cut.warc.gz"
    _warc(warc, 0.75)
    out = tmp_path / "out.jsonl"
    options = CleanOptions(max_page_chars=200_000)
    summary = drain(
        run_steps([demo_copy, dump, warc], out, base_url=DEMO_BASE_URL, options=options)
    )
    records = {r["url"]: r for r in read_jsonl(out)}
    assert len(records) == summary.pages == 29 + 6 + 4 + 2
    b = DEMO_BASE_URL + "bad/"
    assert (
        records[b + "empty.html"]["status"] == "error"
        and records[b + "empty.html"]["error"] == "empty page"
    )
    assert (
        records[b + "binary.html"]["status"] == "error"
        and "binary" in records[b + "binary.html"]["error"]
    )
    assert records[b + "truncated.html"]["status"] == "ok"
    assert records[b + "deep.html"]["status"] == "ok"
    assert (
        records[b + "liar.html"]["status"] == "ok"
        and "荷花既可以观赏" in records[b + "liar.html"]["cleaned_text"]
    )
    assert records[b + "liar.html"]["encoding"] in ("gb18030", "gbk")
    assert (
        records[b + "big.html"]["status"] == "skipped"
        and "too large" in records[b + "big.html"]["error"]
    )
    assert (
        records[f"{dump}#L2"]["status"] == "error"
        and "invalid JSON" in records[f"{dump}#L2"]["error"]
    )
    assert (
        records["https://j.example/404"]["status"] == "skipped"
        and records["https://j.example/404"]["error"] == "HTTP status 404"
    )
    assert records["https://j.example/pdf"]["status"] == "skipped"
    assert records["https://j.example/a"]["status"] == "ok"
    assert records["https://warc.example/0"]["status"] == "ok"
    warc_errors = [
        r
        for r in records.values()
        if r["url"].startswith(str(warc)) or r["url"] == "https://warc.example/1"
    ]
    assert warc_errors and all(r["status"] == "error" for r in warc_errors)
    assert sum(r["status"] == "ok" for r in records.values()) == summary.ok
    assert summary.ok + summary.skipped + summary.errors == summary.pages


def test_fifty_megabyte_page_is_skipped_not_stalled(tmp_path: Path) -> None:
    folder = tmp_path / "huge"
    folder.mkdir()
    chunk = "<div><p>" + "Real words in a very long page. " * 30 + "</p></div>\n"
    with (folder / "huge.html").open("w") as f:
        f.write("<html><body>")
        for _ in range(50 * 1024 * 1024 // len(chunk)):
            f.write(chunk)
        f.write("</body></html>")
    (folder / "small.html").write_text("<html><body><p>a small page of its own</p></body></html>")
    out = tmp_path / "out.jsonl"
    drain(run_steps([folder], out))
    records = {Path(r["url"]).name: r for r in read_jsonl(out)}
    assert (
        records["huge.html"]["status"] == "skipped" and "too large" in records["huge.html"]["error"]
    )
    assert records["small.html"]["status"] == "ok"


def test_a_page_the_cleaner_fails_on_is_that_pages_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = boilerplate.clean_page

    def flaky(page: Page, model: Any, **kw: Any) -> Any:
        if page.url.endswith("guides/beans.html"):
            raise RuntimeError("simulated cleaner bug")
        return real(page, model, **kw)

    monkeypatch.setattr(boilerplate, "clean_page", flaky)
    out = tmp_path / "out.jsonl"
    summary = drain(run_steps([demo_site_path()], out, base_url=DEMO_BASE_URL))
    records = {r["url"]: r for r in read_jsonl(out)}
    beans = records[DEMO_BASE_URL + "guides/beans.html"]
    assert beans["status"] == "error" and "simulated cleaner bug" in beans["error"]
    assert summary.errors == 1 and summary.ok == 28


def test_a_site_whose_fit_fails_does_not_stop_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = boilerplate.DomainCleaner.fit_steps

    def fit_steps(self: Any, pages: Any) -> Any:
        if any(p.site == "j.example" for p in pages):
            raise RuntimeError("simulated fit failure")
        return (yield from real(self, pages))

    monkeypatch.setattr(boilerplate.DomainCleaner, "fit_steps", fit_steps)
    dump = tmp_path / "other.jsonl"
    dump.write_text(
        "".join(
            json.dumps({"url": f"https://j.example/{i}", "html": f"<p>page about {w}</p>"}) + "\n"
            for i, w in enumerate(["cats", "dogs", "owls"])
        )
    )
    out = tmp_path / "out.jsonl"
    summary = drain(run_steps([demo_site_path(), dump], out, base_url=DEMO_BASE_URL))
    records = read_jsonl(out)
    assert {r["status"] for r in records if r["site"] == "j.example"} == {"error"}
    assert all("simulated fit failure" in r["error"] for r in records if r["site"] == "j.example")
    assert {r["status"] for r in records if r["site"] == "hillside-garden.example"} == {"ok"}
    assert "j.example" in summary.failed_sites


def test_workspace_models_are_saved_then_reused(tmp_path: Path) -> None:
    ws = tmp_path / "w.sqlite"
    first = drain(
        run_steps([demo_site_path()], tmp_path / "a.jsonl", base_url=DEMO_BASE_URL, workspace=ws)
    )
    assert first.fitted == ["hillside-garden.example"] and first.reused == []
    with Workspace(ws) as w:
        assert w.load_model("hillside-garden.example") is not None
        assert w.page_count() == 0  # the workspace only lends its models; pages were staged
    second = drain(
        run_steps([demo_site_path()], tmp_path / "b.jsonl", base_url=DEMO_BASE_URL, workspace=ws)
    )
    assert second.fitted == [] and second.reused == ["hillside-garden.example"]
    with Workspace(ws) as w:
        runs = w.runs()
        assert [r["summary"]["reused"] for r in runs] == [["hillside-garden.example"], []]
        assert runs[0]["summary"]["pages"] == 29
    assert read_jsonl(tmp_path / "a.jsonl") == read_jsonl(tmp_path / "b.jsonl")


def test_workspace_input_is_read_in_place_and_jobs_do_not_change_results(tmp_path: Path) -> None:
    ws = tmp_path / "w.sqlite"
    imported = drain(import_into(ws, [demo_site_path()], base_url=DEMO_BASE_URL))
    assert imported.pages == 29 and imported.sites == [("hillside-garden.example", 29)]
    drain(run_steps([demo_site_path()], tmp_path / "folder.jsonl", base_url=DEMO_BASE_URL))
    drain(run_steps([ws], tmp_path / "ws.jsonl"))
    drain(run_steps([ws], tmp_path / "ws2.jsonl", options=CleanOptions(jobs=2)))
    drain(
        run_steps([ws], tmp_path / "perf.jsonl", options=CleanOptions(operation_mode="performance"))
    )
    expected = read_jsonl(tmp_path / "folder.jsonl")
    for name in ("ws", "ws2", "perf"):
        got = read_jsonl(tmp_path / f"{name}.jsonl")
        # source names where a page was read from: the folder, or the folder via the workspace
        assert [{**r, "source": None} for r in got] == [{**r, "source": None} for r in expected], (
            name
        )


@pytest.mark.parametrize("fmt", ["jsonl", "csv", "sqlite"])
def test_output_formats_hold_the_same_records(tmp_path: Path, fmt: str) -> None:
    out = tmp_path / f"out.{'sqlite' if fmt == 'sqlite' else fmt}"
    drain(run_steps([demo_site_path()], out, base_url=DEMO_BASE_URL))
    if fmt == "jsonl":
        rows = read_jsonl(out)
        removed = [r["removed"] for r in rows]
    elif fmt == "csv":
        with out.open(encoding="utf-8", newline="") as f:
            rows = list(csv.DictReader(f))
        removed = [json.loads(r["removed"]) for r in rows]
    else:
        conn = sqlite3.connect(out)
        conn.row_factory = sqlite3.Row
        rows = [dict(r) for r in conn.execute("SELECT * FROM results ORDER BY url")]
        conn.close()
        removed = [json.loads(r["removed"]) for r in rows]
    assert len(rows) == 29
    assert all(r["status"] == "ok" and r["cleaned_text"] for r in rows)
    assert all(rm and "xpath" in rm[0] for rm in removed)
    assert not list(tmp_path.glob(".*.part"))


def test_output_is_atomic_when_a_run_is_cancelled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    out = tmp_path / "out.jsonl"
    out.write_text("previous results\n")
    gen = run_steps([demo_site_path()], out, base_url=DEMO_BASE_URL)
    for step in gen:
        if step.message.startswith("cleaning") and step.done > 0:
            break
    gen.close()  # what a Cancel button or Ctrl-C does
    assert out.read_text() == "previous results\n"
    assert not list(tmp_path.glob(".out.jsonl.*"))
    assert list(scratch.iterdir()) == []  # the staging workspace is gone too


def test_writer_discards_on_error_and_formats_are_checked(tmp_path: Path) -> None:
    out = tmp_path / "r.csv"
    with pytest.raises(RuntimeError), ResultWriter(out) as w:
        w.write({"url": "u", "status": "ok"})
        raise RuntimeError("boom")
    assert not out.exists() and list(tmp_path.iterdir()) == []
    assert (
        format_for("x.ndjson") == "jsonl"
        and format_for("x.db") == "sqlite"
        and format_for("x.bin", "csv") == "csv"
    )
    with pytest.raises(InputError, match="x.bin"):
        format_for("x.bin")


def test_missing_input_fails_before_any_work(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="missing.warc"):
        drain(run_steps([demo_site_path(), tmp_path / "missing.warc"], tmp_path / "o.jsonl"))
    assert not (tmp_path / "o.jsonl").exists()


def test_html_folder_output_has_a_file_per_cleaned_page(tmp_path: Path) -> None:
    out = tmp_path / "cleaned"
    (out / "stale").mkdir(parents=True)  # an earlier run's folder is replaced whole
    dump = tmp_path / "d.jsonl"
    dump.write_text(
        json.dumps({"url": "https://q.example/a/?id=1&x=../..", "html": "<p>query page</p>"})
        + "\n"
        + json.dumps({"url": "https://q.example/gone", "html": "", "status": 410})
        + "\n"
    )
    drain(run_steps([demo_site_path(), dump], str(out) + "/", base_url=DEMO_BASE_URL))
    records = read_jsonl(out / "records.jsonl")
    assert len(records) == 31 and not (out / "stale").exists()
    assert all("cleaned_html" not in r for r in records)
    files = {r["url"]: r.get("file") for r in records}
    assert files["https://q.example/gone"] is None
    tea = out / files[DEMO_BASE_URL + "zh/tea.html"]
    assert tea == out / "hillside-garden.example" / "zh" / "tea.html"
    assert "茶树喜欢酸性土壤" in tea.read_text(encoding="utf-8")
    query = out / files["https://q.example/a/?id=1&x=../.."]
    assert query.is_file() and out in query.resolve().parents
    assert not list(tmp_path.glob(".cleaned*"))


def test_a_page_that_hangs_the_cleaner_times_out_and_the_run_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = boilerplate.clean_page

    def stuck(page: Page, model: Any, **kw: Any) -> Any:
        if page.url.endswith("guides/carrots.html"):
            while True:  # a pathological page: pure Python spinning, no I/O to interrupt
                pass
        return real(page, model, **kw)

    monkeypatch.setattr(boilerplate, "clean_page", stuck)
    out = tmp_path / "out.jsonl"
    summary = drain(
        run_steps(
            [demo_site_path()], out, base_url=DEMO_BASE_URL, options=CleanOptions(page_timeout=0.5)
        )
    )
    records = {r["url"]: r for r in read_jsonl(out)}
    carrots = records[DEMO_BASE_URL + "guides/carrots.html"]
    assert carrots["status"] == "error" and "longer than 0.5 s" in carrots["error"]
    assert summary.errors == 1 and summary.ok == 28


@pytest.mark.parametrize("name", ["out.jsonl", "out.csv", "site-html"])
def test_outputs_get_the_permissions_of_any_new_file(tmp_path: Path, name: str) -> None:
    from deboiler_gui.engine.output import ResultWriter

    old = os.umask(0o022)
    try:
        with ResultWriter(tmp_path / name, "html" if name == "site-html" else None) as writer:
            writer.write(
                {
                    "url": "https://a.example/x.html",
                    "status": "ok",
                    "cleaned_text": "x",
                    "cleaned_html": "<p>x</p>",
                }
            )
    finally:
        os.umask(old)
    mode = (tmp_path / name).stat().st_mode & 0o777
    assert mode == (0o755 if name == "site-html" else 0o644)


@pytest.mark.parametrize("name", ["records.jsonl", "records.csv"])
def test_extraction_records_get_the_users_file_mode_not_mkstemps(tmp_path: Path, name: str) -> None:
    from deboiler_gui.engine.template.evaluate import write_extractions

    old = os.umask(0o022)
    try:
        n = write_extractions(
            tmp_path / "out" / name,
            [{"url": "https://a.example/", "template": "t", "status": "ok", "title": "A"}],
            ["title"],
        )
    finally:
        os.umask(old)
    assert n == 1
    assert (tmp_path / "out" / name).stat().st_mode & 0o777 == 0o644


def test_a_model_saved_by_an_older_cleaner_is_fitted_again(tmp_path: Path) -> None:
    """A model saved in an older form (its places keyed otherwise) is not reused as if it were
    today's: the site is fitted again, the run says so, and the output is the fresh fit's."""
    ws = tmp_path / "w.sqlite"
    site = "hillside-garden.example"
    drain(run_steps([demo_site_path()], tmp_path / "a.jsonl", base_url=DEMO_BASE_URL, workspace=ws))
    with Workspace(ws) as w:
        model = w.load_model(site)
        assert model is not None and not model.stale
        model.version = MODEL_FORMAT - 1
        w.save_model(model)
        assert w.load_model(site).stale  # type: ignore[union-attr]
    again = drain(
        run_steps([demo_site_path()], tmp_path / "b.jsonl", base_url=DEMO_BASE_URL, workspace=ws)
    )
    assert again.fitted == [site] and again.reused == []
    assert any(site in w and "older version" in w for w in again.warnings)
    with Workspace(ws) as w:
        assert w.load_model(site).version == MODEL_FORMAT  # type: ignore[union-attr]
    assert read_jsonl(tmp_path / "a.jsonl") == read_jsonl(tmp_path / "b.jsonl")
