"""Resources live in the top-level resources/ folder and ship in the wheel as
deboiler_gui/resources; deboiler_gui.assets finds them in both places."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import deboiler_gui
from deboiler_gui import assets

REPO = Path(__file__).resolve().parents[1]
RESOURCES = [
    "picker.js",
    "picker.css",
    "report/report.css",
    "rulefile.schema.json",
    "demo/index.html",
    "demo/zh/index.html",
    "icons/deboiler-gui.svg",
    "deboiler-gui.desktop",
]


def test_source_tree_resources_are_read_through_assets() -> None:
    assert assets.root() == REPO / "resources"
    for name in RESOURCES:
        assert assets.path(name).is_file(), name
    assert "__deboiler" in assets.text("picker.js")
    assert not (Path(deboiler_gui.__file__).parent / "resources").exists()  # one copy only


def test_a_missing_resource_is_named() -> None:
    try:
        assets.path("no/such.css")
    except FileNotFoundError as exc:
        assert "no/such.css" in str(exc)
    else:
        raise AssertionError("a missing resource was not reported")


def test_pyproject_lists_every_package() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    found = {
        ".".join(p.parent.relative_to(REPO).parts)
        for p in (REPO / "deboiler_gui").rglob("__init__.py")
        if "__pycache__" not in p.parts
    }
    folders = {
        ".".join(("deboiler_gui", *d.relative_to(REPO).parts))
        for d in [REPO / "resources", *(REPO / "resources").rglob("*")]
        if d.is_dir() and "__pycache__" not in d.parts
    }
    assert listed == found | folders


def test_built_wheel_ships_and_reads_the_resources(tmp_path: Path) -> None:
    # Built from a copy, so the build leaves nothing behind in the source tree.
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(REPO / name, src / name)
    for name in ("deboiler_gui", "resources"):
        shutil.copytree(REPO / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            ".",
            "--no-deps",
            "-q",
            "-w",
            str(tmp_path / "dist"),
        ],
        cwd=src,
        check=True,
        capture_output=True,
        text=True,
    )
    (wheel,) = (tmp_path / "dist").glob("deboiler_gui-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        zf.extractall(tmp_path / "site")
    for name in RESOURCES:
        assert f"deboiler_gui/resources/{name}" in names, name
    assert "deboiler_gui/engine/clean/boilerplate.py" in names
    # Imported from the unpacked wheel (not the source tree), the accessor finds the copies inside.
    probe = (
        "import deboiler_gui, json\n"
        "from deboiler_gui import assets\n"
        "from deboiler_gui.engine.sources import demo_site_path\n"
        "from deboiler_gui.engine.template import rulefile\n"
        "print(json.dumps([deboiler_gui.__file__, str(assets.root()), str(demo_site_path()), rulefile.schema()['title']]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=tmp_path,
        env={"PYTHONPATH": str(tmp_path / "site"), "PATH": "/usr/bin:/bin"},
        check=True,
        capture_output=True,
        text=True,
    )
    package, root, demo, title = json.loads(out.stdout)
    site = tmp_path / "site" / "deboiler_gui"
    assert Path(package).parent == site
    assert Path(root) == site / "resources"
    assert Path(demo) == site / "resources" / "demo"
    assert title
