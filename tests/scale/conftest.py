"""The Spark tests need a Java runtime that the installed pyspark accepts (Java 17 or newer);
without one they are skipped with the reason, never failed."""

from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest


def _java_problem() -> str | None:
    home = os.environ.get("JAVA_HOME")
    java = os.path.join(home, "bin", "java") if home else shutil.which("java")
    if not java or not os.path.exists(java):
        return "no Java runtime (install Java 17, e.g. apt-get install openjdk-17-jre-headless)"
    try:
        out = subprocess.run([java, "-version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"{java} -version failed: {exc}"
    match = re.search(r'version "(\d+)(?:\.(\d+))?', out.stderr + out.stdout)
    if not match:
        return f"cannot read the Java version from {java} -version"
    major = int(match.group(1)) if match.group(1) != "1" else int(match.group(2) or 0)
    if major < 17:
        return f"Java {major} at {java}; Spark needs Java 17 or newer"
    return None


_PROBLEM = _java_problem()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if _PROBLEM is None:
        return
    skip = pytest.mark.skip(reason=f"Spark tests skipped: {_PROBLEM}")
    here = os.path.dirname(__file__)
    for item in items:
        if str(item.fspath).startswith(here):
            item.add_marker(skip)
