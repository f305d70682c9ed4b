"""A plain install works: every third-party import is declared in pyproject.toml, and the CLI
and the workbench start with only the core dependencies importable."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _canon(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _top_level_imports(files: list[Path]) -> dict[str, str]:
    """Top-level module name → the first place that imports it (absolute imports only)."""
    found: dict[str, str] = {}
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                found.setdefault(
                    name.split(".")[0],
                    f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name}:{node.lineno}",
                )
    return found


def _undeclared(files: list[Path], allowed: set[str]) -> list[str]:
    own = {p.stem for p in ROOT.rglob("*.py")} | {"deboiler_gui"}
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    providers = metadata.packages_distributions()
    bad = []
    for module, where in sorted(_top_level_imports(files).items()):
        if module in stdlib or module in own:
            continue
        dists = {_canon(d) for d in providers.get(module, [])}
        if not dists:
            if _canon(module) not in allowed:
                bad.append(
                    f"{where}: {module!r} is provided by no installed distribution and not declared"
                )
        elif not dists & allowed:
            bad.append(
                f"{where}: {module!r} comes from {sorted(dists)}, which pyproject.toml does not declare"
            )
    return bad


def _declared(*, extras: bool) -> set[str]:
    names = {Requirement(r).name for r in PYPROJECT["dependencies"]}
    if extras:
        names |= {
            Requirement(r).name
            for reqs in PYPROJECT["optional-dependencies"].values()
            for r in reqs
        }
    names = {_canon(n) for n in names}
    if "pyside6" in names:
        names |= {"shiboken6", "pyside6-essentials", "pyside6-addons", "pyside6-webengine"}
    return names


def test_every_third_party_import_is_declared() -> None:
    package = sorted((ROOT / "deboiler_gui").rglob("*.py"))
    others = sorted((ROOT / "tests").rglob("*.py")) + sorted((ROOT / "benchmarks").rglob("*.py"))
    bad = _undeclared(package, _declared(extras=True)) + _undeclared(others, _declared(extras=True))
    assert not bad, "undeclared imports (a fresh install would fail):\n" + "\n".join(bad)


def test_the_check_finds_an_undeclared_import(tmp_path: Path) -> None:
    module = tmp_path / "probe.py"
    module.write_text(
        "import pytest\nimport lxml.etree\nfrom deboiler_gui import engine\n", encoding="utf-8"
    )
    # pytest is declared only as a test extra: the core requirements alone must not allow it.
    bad = _undeclared([module], _declared(extras=False))
    assert len(bad) == 1 and "'pytest'" in bad[0]
    assert not _undeclared([module], _declared(extras=True))


def _core_closure() -> set[str]:
    """The distributions a plain ``pip install deboiler-gui`` brings: its core requirements and
    theirs, with environment markers evaluated and no extras."""
    seen: set[str] = set()
    stack = [Requirement(r) for r in PYPROJECT["dependencies"]]
    while stack:
        req = stack.pop()
        if req.marker is not None and not req.marker.evaluate({"extra": ""}):
            continue
        key = _canon(req.name)
        if key in seen:
            continue
        seen.add(key)
        try:
            dist = metadata.distribution(req.name)
        except metadata.PackageNotFoundError:
            continue
        stack.extend(Requirement(r) for r in dist.requires or [])
    return seen


def _modules_outside_core() -> list[str]:
    core = _core_closure() | {"deboiler-gui", "pip", "setuptools", "wheel"}
    blocked = []
    for module, dists in metadata.packages_distributions().items():
        if module in sys.stdlib_module_names or not module.isidentifier():
            continue
        if not {_canon(d) for d in dists} & core:
            blocked.append(module)
    return sorted(blocked)


# Runs the CLI with every module that only the test extras (or anything else on this machine)
# provide made unimportable, as after ``pip install deboiler-gui`` on a new machine.
_PLAIN_INSTALL = """
import importlib.abc, sys
BLOCKED = set({blocked})
class Plain(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {{name!r}} (not part of a plain install)", name=name)
        return None
sys.meta_path.insert(0, Plain())
sys.argv = ["deboiler-gui", *{argv}]
from deboiler_gui.cli import main
main()
"""


def _run_plain(argv: list[str], timeout: float) -> subprocess.CompletedProcess[str]:
    code = _PLAIN_INSTALL.format(blocked=json.dumps(_modules_outside_core()), argv=json.dumps(argv))
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, cwd=ROOT
    )


def test_plain_install_blocks_the_test_extras() -> None:
    blocked = _modules_outside_core()
    assert "pytest" in blocked and "hypothesis" in blocked
    assert "lxml" not in blocked and "PySide6" not in blocked and "urllib3" not in blocked


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["crawl", "--help"],
        ["open", "--help"],
        ["suggest", "--help"],
        ["report", "--help"],
    ],
)
def test_commands_answer_on_a_plain_install(argv: list[str]) -> None:
    out = _run_plain(argv, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "Usage:" in out.stdout


def test_workbench_reaches_its_main_window_on_a_plain_install() -> None:
    out = _run_plain(["check-install", "--timeout", "90"], timeout=180)
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("main window: shown after ")
    assert lines[1] == "demo site: 29 pages"
    assert (
        lines[2].startswith("first page: https://hillside-garden.example/")
        and " painted after " in lines[2]
    )
    # the demo's first page shows the boilerplate the cleaner found on it
    assert lines[3].startswith("first page with highlights after ") and "boiler " in lines[3]
    assert lines[-1] == "workbench: ok"


def test_spark_without_its_extra_says_how_to_install_it(tmp_path: Path) -> None:
    pages = tmp_path / "pages.jsonl"
    pages.write_text(
        json.dumps({"url": "https://a.example/", "html": "<p>x</p>"}) + "\n", encoding="utf-8"
    )
    out = _run_plain(["spark", "clean", str(pages), "-o", str(tmp_path / "out")], timeout=120)
    assert out.returncode == 1
    assert 'pip install "deboiler-gui[spark]"' in out.stderr and "Traceback" not in out.stderr
