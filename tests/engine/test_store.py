"""The workspace file: pages, models, template versions, meta, corrupt files, two writers."""

from __future__ import annotations

import multiprocessing
import sqlite3
from pathlib import Path

import pytest

from deboiler_gui.engine.model import DomainModel, Page, RuleError, WorkspaceError
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.model import Field, Template


def _pages(n: int, host: str = "a.com") -> list[Page]:
    return [
        Page(f"https://{host}/p{i:04d}", f"<p>page {i} 页</p>", headers={"X": str(i)})
        for i in range(n)
    ]


def test_pages_upsert_by_url_and_read_back_in_order(tmp_path: Path) -> None:
    with Workspace(tmp_path / "w.sqlite") as ws:
        assert ws.add_pages(_pages(450) + _pages(3, "b.org")) == 453
        changed = Page(
            "https://a.com/p0001", "<p>new</p>", status=404, error=None, encoding="gb18030"
        )
        ws.add_pages([changed])
        assert ws.page_count() == 453
        assert ws.sites() == [("a.com", 450), ("b.org", 3)]
        urls = [p.url for p in ws.iter_pages("a.com")]
        assert urls == sorted(urls) and len(urls) == 450  # more than one read batch
        assert ws.get_page("https://a.com/p0001") == changed
        assert ws.get_page("https://a.com/p0002") == _pages(3)[2]
        assert ws.get_page("https://nowhere/") is None
        assert ws.page_urls("b.org") == [f"https://b.org/p{i:04d}" for i in range(3)]
        summary = ws.page_summaries("b.org")[0]
        assert summary == {
            "url": "https://b.org/p0000",
            "site": "b.org",
            "status": 200,
            "content_type": "text/html",
            "bytes": len("<p>page 0 页</p>".encode()),
            "error": None,
            "dom": "raw",
            "dom_note": "",
        }


def test_store_is_plain_sqlite_with_indexed_site(tmp_path: Path) -> None:
    path = tmp_path / "w.sqlite"
    with Workspace(path) as ws:
        ws.add_pages(_pages(2))
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    plan = " ".join(
        r[3] for r in conn.execute("EXPLAIN QUERY PLAN SELECT url FROM pages WHERE site = 'a.com'")
    )
    assert "pages_site" in plan
    assert [r[0] for r in conn.execute("SELECT name FROM _sqlite_migrations")] == [
        "m001_initial",
        "m002_runs",
        "m003_responses",
        "m004_assets",
        "m005_page_types",
        "m006_rendered_dom",
        "m007_site_index",
    ]
    conn.close()
    with Workspace(path) as ws:  # reopening applies nothing twice
        assert ws.page_count() == 2


def test_templates_are_versioned_and_revertable(tmp_path: Path) -> None:
    one = Template("news", fields=(Field("title", xpaths=("//h1",)),))
    two = one.with_field(Field("date", xpaths=("//time",)))
    with Workspace(tmp_path / "w.sqlite") as ws:
        assert ws.save_template(one, message="first") == 1
        assert ws.save_template(two) == 2
        assert ws.save_template(Template("other", use_cleaner=False)) == 1
        assert ws.load_template("news") == two
        assert ws.load_template("news", 1) == one
        assert ws.revert_template("news", 1) == 3
        assert ws.load_template("news") == one
        history = ws.template_history("news")
        assert [h["version"] for h in history] == [1, 2, 3]
        assert [h["message"] for h in history] == ["first", "", "revert to version 1"]
        assert ws.template_names() == ["news", "other"]
        with pytest.raises(WorkspaceError, match="'missing'"):
            ws.load_template("missing")
        with pytest.raises(WorkspaceError, match="version 9"):
            ws.load_template("news", 9)


def test_stored_template_data_that_is_no_template_is_a_rule_error_naming_it(tmp_path: Path) -> None:
    with Workspace(tmp_path / "w.sqlite") as ws:
        with ws._write() as conn:  # data written by something else than save_template
            conn.execute(
                "INSERT INTO templates (name, version, data, saved_at, message) VALUES (?, ?, ?, ?, ?)",
                ("odd", 1, '{"name": "odd", "fields": [{"xpaths": ["//h1"]}]}', "2024-01-01", ""),
            )
        with pytest.raises(RuleError, match="template 'odd'"):
            ws.load_template("odd")


def test_models_and_meta_round_trip(tmp_path: Path) -> None:
    model = DomainModel(
        "a.com", config={"mode": "improved"}, data={"keys": ["x", "y"]}, stats={"pages": 3}
    )
    with Workspace(tmp_path / "w.sqlite") as ws:
        assert ws.load_model("a.com") is None
        ws.save_model(model)
        ws.save_model(model)
        assert ws.load_model("a.com") == model
        assert ws.get_meta("last_run", "never") == "never"
        ws.set_meta("last_run", {"pages": 3, "sites": ["a.com"]})
        assert ws.get_meta("last_run") == {"pages": 3, "sites": ["a.com"]}
        first = ws.record_run("clean", {"pages": 3})
        second = ws.record_run("clean", {"pages": 4})
        assert [(r["id"], r["summary"]) for r in ws.runs()] == [
            (second, {"pages": 4}),
            (first, {"pages": 3}),
        ]


def test_not_sqlite_file_is_a_workspace_error_naming_it(tmp_path: Path) -> None:
    bad = tmp_path / "notes.sqlite"
    bad.write_text("these are my notes, not a database")
    with pytest.raises(WorkspaceError, match="notes.sqlite"):
        Workspace(bad)


def test_truncated_workspace_is_a_workspace_error_naming_it(tmp_path: Path) -> None:
    good = tmp_path / "good.sqlite"
    with Workspace(good) as ws:
        ws.add_pages(_pages(300))
        ws.save_template(Template("t"))
    data = good.read_bytes()
    assert not Path(f"{good}-wal").exists()  # closed cleanly: checkpointed
    cut = tmp_path / "cut.sqlite"
    cut.write_bytes(data[: len(data) // 2])
    with pytest.raises(WorkspaceError, match="cut.sqlite"), Workspace(cut) as ws:
        list(ws.iter_pages())


def test_damaged_pages_surface_as_workspace_errors(tmp_path: Path) -> None:
    path = tmp_path / "damaged.sqlite"
    with Workspace(path) as ws:
        ws.add_pages(_pages(300))
    data = bytearray(path.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    for offset in range(
        2 * page_size, len(data), page_size
    ):  # scribble over every page but the schema
        data[offset : offset + 64] = b"\xff" * 64
    path.write_bytes(bytes(data))
    with pytest.raises(WorkspaceError, match="damaged.sqlite"), Workspace(path) as ws:
        list(ws.iter_pages())


def test_missing_workspace_without_create(tmp_path: Path) -> None:
    with pytest.raises(WorkspaceError, match="absent.sqlite"):
        Workspace(tmp_path / "absent.sqlite", create=False)


def _writer(path: str, tag: str, rounds: int, out: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    try:
        with Workspace(path) as ws:
            for r in range(rounds):
                ws.add_pages(
                    [
                        Page(f"https://{tag}.com/{r}/{i}", f"<p>{tag} {r} {i}</p>" * 50)
                        for i in range(40)
                    ]
                )
                ws.save_template(Template("shared", description=f"{tag} {r}"))
                ws.set_meta(f"{tag}-round", r)
                list(ws.iter_pages(f"{tag}.com"))
        out.put("ok")
    except BaseException as exc:  # reported to the parent, which fails the test with it
        out.put(f"{type(exc).__name__}: {exc}")


def test_two_processes_write_at_once_without_locking_errors(tmp_path: Path) -> None:
    path = str(tmp_path / "shared.sqlite")
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    procs = [ctx.Process(target=_writer, args=(path, tag, 15, out)) for tag in ("app", "cli")]
    for p in procs:
        p.start()
    results = [out.get(timeout=120) for _ in procs]
    for p in procs:
        p.join(timeout=60)
    assert results == ["ok", "ok"]
    with Workspace(path) as ws:
        assert ws.sites() == [("app.com", 600), ("cli.com", 600)]
        assert [h["version"] for h in ws.template_history("shared")] == list(range(1, 31))
        assert ws.get_meta("app-round") == 14 and ws.get_meta("cli-round") == 14


def test_opening_a_workspace_never_opens_its_file_outside_sqlite(tmp_path, monkeypatch) -> None:
    """Closing a plain handle on the database drops this process's SQLite locks on it (POSIX),
    so a second Workspace on an open file must not read the file itself."""
    import builtins
    import io
    import pathlib

    from deboiler_gui.engine.model import Page
    from deboiler_gui.engine.store import Workspace

    path = tmp_path / "w.sqlite"
    first = Workspace(path)
    first.add_pages([Page("http://a.test/x", "<p>x</p>")])
    real_open, real_path_open = builtins.open, pathlib.Path.open

    def guarded(file, *args, **kwargs):  # type: ignore[no-untyped-def]
        if str(file).startswith(str(path)):
            raise AssertionError(f"plain open() of {file}")
        return real_open(file, *args, **kwargs)

    def guarded_path(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        if str(self).startswith(str(path)):
            raise AssertionError(f"Path.open() of {self}")
        return real_path_open(self, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", guarded)
    monkeypatch.setattr(io, "open", guarded)
    monkeypatch.setattr(pathlib.Path, "open", guarded_path)
    second = Workspace(path, create=False)
    assert second.page_count() == 1
    second.close()
    first.add_pages([Page("http://a.test/y", "<p>y</p>")])
    assert first.page_count() == 2
    first.close()


def test_a_copy_of_the_main_file_holds_every_save_while_the_workspace_is_open(
    tmp_path: Path,
) -> None:
    """A template saved while another connection holds the workspace open (the workbench
    beside a command line run) is in the main file at once: a copy of that file alone (`cp`,
    without its `-wal`) has it. Before, the save stayed in the write-ahead log until the last
    connection closed, and the copy said "No templates"."""
    import shutil

    path = tmp_path / "site.sqlite"
    other = Workspace(path)  # the second connection, open all along
    ws = Workspace(path)
    try:
        ws.add_pages(_pages(3))
        ws.save_template(Template("docs", fields=(Field("title", xpaths=("//h1",)),)))
        ws.set_meta("shown", "docs")
        assert Path(f"{path}-wal").exists()  # both still open: the log is there
        shutil.copy(path, tmp_path / "copy.sqlite")
        with Workspace(tmp_path / "copy.sqlite") as copy:
            assert copy.template_names() == ["docs"]
            assert copy.load_template("docs").fields[0].xpaths == ("//h1",)
            assert copy.get_meta("shown") == "docs"
        # saved again with the other connection reading: it still goes in
        assert other.template_names() == ["docs"]
        ws.save_template(Template("docs", fields=(Field("date", xpaths=("//time",)),)))
        shutil.copy(path, tmp_path / "copy2.sqlite")
        with Workspace(tmp_path / "copy2.sqlite") as copy:
            assert copy.load_template("docs").fields[0].id == "date"
    finally:
        ws.close()
        other.close()


def test_a_scratch_workspace_keeps_pages_without_a_write_ahead_log(tmp_path: Path) -> None:
    """The pages a clean stages from its inputs: written once (no log beside the file),
    upserted and read back like any workspace's."""
    path = tmp_path / "staged.sqlite"
    with Workspace(path, scratch=True) as ws:
        assert ws.add_pages(_pages(450)) == 450
        ws.add_pages([Page("https://a.com/p0001", "<p>new</p>")])
        assert not Path(f"{path}-wal").exists()
        assert ws.page_count() == 450
        assert ws.get_page("https://a.com/p0001").html == "<p>new</p>"
        assert len(list(ws.iter_pages("a.com"))) == 450
    with Workspace(path) as ws:  # a plain workspace opens it afterwards
        assert ws.page_count() == 450
