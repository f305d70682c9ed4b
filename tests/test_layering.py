"""The layers hold: the engine and the app logic never load Qt, the headless commands never load
Qt, the import contracts in pyproject.toml are kept, and the code passes ruff and mypy."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _modules(package: str) -> list[str]:
    root = REPO / Path(*package.split("."))
    return sorted(
        ".".join(p.with_suffix("").relative_to(REPO).parts).removesuffix(".__init__")
        for p in root.rglob("*.py")
        if "__pycache__" not in p.parts
    )


#: Every engine and app module (found on disk, so a new one is covered without editing this).
HEADLESS_MODULES = [
    "deboiler_gui",
    "deboiler_gui.assets",
    *_modules("deboiler_gui.engine"),
    *_modules("deboiler_gui.app"),
]


def _loaded_after(code: str) -> set[str]:
    probe = code + "\nimport sys\nprint(' '.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


@pytest.mark.parametrize("module", HEADLESS_MODULES)
def test_engine_and_app_import_does_not_load_qt(module: str) -> None:
    loaded = _loaded_after(f"import {module}")
    assert module in loaded
    assert not {m for m in loaded if m.startswith(("PySide6", "shiboken6"))}


def test_engine_package_never_imports_qt_or_click_in_source() -> None:
    import deboiler_gui.engine as engine

    root = Path(engine.__file__).parent
    offenders = []
    for path in root.rglob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            stripped = line.strip()
            if stripped.startswith(
                (
                    "import PySide6",
                    "from PySide6",
                    "import click",
                    "from click",
                    "import shiboken6",
                    "from shiboken6",
                )
            ):
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


def test_import_contracts_hold() -> None:
    """engine < app < gui, the CLI and Spark beside them; no Qt or click below the gui (the
    contracts live in pyproject.toml, checked by import-linter)."""
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports(no_cache=True))",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "0 broken" in out.stdout


def test_ruff_check_is_clean() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "."], cwd=REPO, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_ruff_format_is_clean() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--check", "."],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_mypy_passes() -> None:
    """Strict on the engine, the app and the Qt layer, as configured in pyproject.toml."""
    import tomllib

    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert {"deboiler_gui/engine", "deboiler_gui/app", "deboiler_gui/gui"} <= set(config["files"])
    assert not [o["module"] for o in config["overrides"] if o.get("ignore_errors")]
    out = subprocess.run([sys.executable, "-m", "mypy"], cwd=REPO, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
