"""A field named like a key of the extraction record (url, template, status, error,
diagnostics) would overwrite it in `extract`'s output: it is refused where a field is made
(`templates import`, `suggest --save`) and before `extract` writes anything. Outputs are
written into folders made when missing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.model import RuleError
from deboiler_gui.engine.template import rulefile
from deboiler_gui.engine.template.model import RECORD_KEYS, Field, Template

SITE = "docs.local"


def site(tmp_path: Path) -> Path:
    folder = tmp_path / "site"
    folder.mkdir()
    for i, status in enumerate(("Core", "Base", "Extension")):
        (folder / f"mod{i}.html").write_text(
            f"<html><head><title>Module {i}</title></head><body><h1>Module {i}</h1>"
            f"<table><tr><th>Status:</th><td>{status}</td></tr></table></body></html>",
            encoding="utf-8",
        )
    return folder


def rules(tmp_path: Path, status_id: str) -> Path:
    t = Template(
        "modules",
        fields=(
            Field("title", xpaths=("//h1",)),
            Field(status_id, xpaths=("//th[normalize-space(.)='Status:']/following-sibling::td",)),
        ),
        use_cleaner=False,
    )
    path = tmp_path / f"{status_id}.json"
    path.write_text(rulefile.dumps([t]), encoding="utf-8")
    return path


def test_extract_refuses_a_field_named_like_a_record_key_before_writing(tmp_path: Path) -> None:
    out = tmp_path / "x.jsonl"
    result = CliRunner().invoke(
        cli,
        ["extract", str(site(tmp_path)), "-t", str(rules(tmp_path, "status")), "-o", str(out)],
    )
    assert result.exit_code == 1, result.output
    assert "field 'status'" in result.output and "a field cannot be named 'status'" in result.output
    assert ", ".join(RECORD_KEYS) in result.output
    assert not out.exists()


def test_a_field_of_another_name_keeps_the_records_status(tmp_path: Path) -> None:
    out = tmp_path / "new" / "deeper" / "x.jsonl"  # folders made when missing
    result = CliRunner().invoke(
        cli,
        [
            "extract",
            str(site(tmp_path)),
            "-t",
            str(rules(tmp_path, "module_status")),
            "-o",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert {r["status"] for r in records} == {"ok"}
    assert sorted(r["module_status"] for r in records) == ["Base", "Core", "Extension"]
    assert "3 ok" in result.output


@pytest.mark.parametrize("name", RECORD_KEYS)
def test_templates_import_refuses_a_field_named_like_a_record_key(
    tmp_path: Path, name: str
) -> None:
    ws = tmp_path / "w.sqlite"
    result = CliRunner().invoke(
        cli, ["templates", "import", str(rules(tmp_path, name)), "-w", str(ws)]
    )
    assert result.exit_code == 1, result.output
    assert f"a field cannot be named {name!r}" in result.output
    listed = CliRunner().invoke(cli, ["templates", "list", "-w", str(ws)])
    assert "modules" not in listed.output


def test_suggest_save_refuses_a_field_named_like_a_record_key(tmp_path: Path) -> None:
    from deboiler_gui.cli.templates import _save_field

    with pytest.raises(Exception, match="a field cannot be named 'url'"):
        _save_field(tmp_path / "w.sqlite", "modules", "url", "//h1", False, f"http://{SITE}/a")
    assert not (tmp_path / "w.sqlite").exists()


def test_the_check_says_the_field_and_template() -> None:
    with pytest.raises(RuleError) as err:
        rulefile.check_record_keys(Template("t", fields=(Field("error", xpaths=("//p",)),)))
    assert "template 't'" in str(err.value) and "field 'error'" in str(err.value)
    rulefile.check_record_keys(Template("t", fields=(Field("errors", xpaths=("//p",)),)))


def test_clean_writes_into_a_folder_made_when_missing(tmp_path: Path) -> None:
    out = tmp_path / "out" / "clean.jsonl"
    result = CliRunner().invoke(cli, ["clean", str(site(tmp_path)), "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output
    assert len(out.read_text(encoding="utf-8").splitlines()) == 3
