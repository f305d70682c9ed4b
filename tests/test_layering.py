"""The engine and the headless commands never load Qt."""

from __future__ import annotations

import subprocess
import sys

import pytest

ENGINE_MODULES = [
    "deboiler_gui",
    "deboiler_gui.engine.model",
    "deboiler_gui.engine.htmltree",
    "deboiler_gui.engine.jsonxml",
    "deboiler_gui.engine.clean.boilerplate",
    "deboiler_gui.engine.document",
    "deboiler_gui.engine.clean.cleaning",
    "deboiler_gui.engine.clean.analysis",
    "deboiler_gui.engine.sources", "deboiler_gui.engine.encoding", "deboiler_gui.engine.store", "deboiler_gui.engine.output", "deboiler_gui.engine.clean.pipeline",
    "deboiler_gui.engine.crawl.runner", "deboiler_gui.engine.crawl.config", "deboiler_gui.engine.crawl.http", "deboiler_gui.engine.crawl.rules", "deboiler_gui.engine.crawl.state", "deboiler_gui.engine.crawl.warc",
    "deboiler_gui.engine.template.model", "deboiler_gui.engine.template.selectors", "deboiler_gui.engine.template.rules", "deboiler_gui.engine.template.extract", "deboiler_gui.engine.template.repair", "deboiler_gui.engine.template.rulefile", "deboiler_gui.engine.template.evaluate",
    "deboiler_gui.engine.review.impact", "deboiler_gui.engine.review.groups", "deboiler_gui.engine.review.health", "deboiler_gui.engine.review.report", "deboiler_gui.engine.review.jobs", "deboiler_gui.engine.review.child",
]


def _loaded_after(code: str) -> set[str]:
    probe = code + "\nimport sys\nprint(' '.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


@pytest.mark.parametrize("module", ENGINE_MODULES)
def test_engine_import_does_not_load_qt(module: str) -> None:
    loaded = _loaded_after(f"import {module}")
    assert module in loaded
    assert not {m for m in loaded if m.startswith(("PySide6", "shiboken6"))}


def test_engine_package_never_imports_qt_or_click_in_source() -> None:
    from pathlib import Path

    import deboiler_gui.engine as engine

    root = Path(engine.__file__).parent
    offenders = []
    for path in root.rglob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            stripped = line.strip()
            if stripped.startswith(("import PySide6", "from PySide6", "import click", "from click", "import shiboken6", "from shiboken6")):
                offenders.append(f"{path.name}: {stripped}")
    assert offenders == []


def test_headless_cli_help_does_not_load_qt() -> None:
    loaded = _loaded_after(
        "from click.testing import CliRunner\n"
        "from deboiler_gui.cli import cli\n"
        "r = CliRunner().invoke(cli, ['--help'])\n"
        "assert r.exit_code == 0, r.output\n"
    )
    assert "deboiler_gui.cli" in loaded
    assert not {m for m in loaded if m.startswith(("PySide6", "shiboken6"))}


def test_headless_commands_do_not_load_qt(tmp_path) -> None:  # type: ignore[no-untyped-def]
    ws = tmp_path / "w.sqlite"
    out = tmp_path / "o.jsonl"
    loaded = _loaded_after(
        "from click.testing import CliRunner\n"
        "from deboiler_gui.cli import cli\n"
        "from deboiler_gui.engine.sources import demo_site_path\n"
        "run = CliRunner().invoke\n"
        f"r = run(cli, ['clean', '--demo', '-o', {str(out)!r}, '--quiet'])\n"
        "assert r.exit_code == 0, r.output\n"
        f"r = run(cli, ['import', str(demo_site_path()), '-w', {str(ws)!r}])\n"
        "assert r.exit_code == 0, r.output\n"
        f"r = run(cli, ['fit', '-w', {str(ws)!r}])\n"
        "assert r.exit_code == 0, r.output\n"
        f"r = run(cli, ['templates', 'list', '-w', {str(ws)!r}])\n"
        "assert r.exit_code == 0, r.output\n"
        f"r = run(cli, ['export-warc', {str(tmp_path / 'x.warc.gz')!r}, '-w', {str(ws)!r}])\n"
        "assert r.exit_code == 0, r.output\n"
    )
    assert "deboiler_gui.engine.clean.boilerplate" in loaded  # the commands really ran the engine
    assert not {m for m in loaded if m.startswith(("PySide6", "shiboken6"))}
