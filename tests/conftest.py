"""Test-wide settings: Qt runs offscreen and, as root, without the Chromium sandbox (these must
be set before anything imports Qt); markers by directory, so a run can leave out the slow or
heavy kinds (``pytest -m "not webengine and not spark"``)."""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
if os.environ["QT_QPA_PLATFORM"] == "offscreen":
    # A 1556 x 1000 screen (Qt's offscreen one is 800 x 800): the window of a first start,
    # nine tenths of it, is 1400 x 900, the size the workbench is laid out for.
    os.environ["QT_QPA_PLATFORM"] = "offscreen:configfile=" + str(
        Path(__file__).resolve().parent / "offscreen_screen.json"
    )
os.environ.setdefault("QTWEBENGINE_DISABLE_SANDBOX", "1")

TESTS = Path(__file__).resolve().parent
#: Top-level test folder → marker of every test in it.
BY_DIRECTORY = {"webengine": "webengine", "scale": "spark"}


#: A test module that starts a web server on localhost: the standard library's, or one of the
#: test servers (``tests/*server.py``: crawl, hostile, paged, JavaScript).
_SERVES = re.compile(r"\bhttp\.server\b|\bsocketserver\b|^\s*from \w*server import", re.M)


@functools.cache
def _serves_http(path: Path) -> bool:
    try:
        return bool(_SERVES.search(path.read_text(encoding="utf-8")))
    except OSError:
        return False


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        try:
            folder = item.path.resolve().relative_to(TESTS).parts[0]
        except ValueError:
            continue
        marker = BY_DIRECTORY.get(folder)
        if marker:
            item.add_marker(marker)
        if _serves_http(item.path):
            item.add_marker("network")  # it serves pages over HTTP on localhost
