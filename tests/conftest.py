"""Test-wide settings: Qt runs offscreen and, as root, without the Chromium sandbox (these must
be set before anything imports Qt); markers by directory, so a run can leave out the slow or
heavy kinds (``pytest -m "not webengine and not spark"``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QTWEBENGINE_DISABLE_SANDBOX", "1")

TESTS = Path(__file__).resolve().parent
#: Top-level test folder → marker of every test in it.
BY_DIRECTORY = {"webengine": "webengine", "scale": "spark"}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        try:
            folder = item.path.resolve().relative_to(TESTS).parts[0]
        except ValueError:
            continue
        marker = BY_DIRECTORY.get(folder)
        if marker:
            item.add_marker(marker)
        module = getattr(item, "module", None)
        if module is not None and hasattr(module, "CrawlServer"):
            item.add_marker("network")  # it serves pages over HTTP on localhost
