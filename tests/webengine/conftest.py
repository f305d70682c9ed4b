"""Fixtures driving a real QtWebEngine view offscreen. The URL scheme must be registered before
pytest-qt creates the QApplication, so it happens when this file is imported."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from deboiler_gui.gui.webview import IsolatedProfile, PageView, register_scheme

register_scheme()


@pytest.fixture
def profile(qapp: Any) -> Iterator[IsolatedProfile]:
    prof = IsolatedProfile()
    yield prof
    # Views and pages are deleted by their own fixtures first; Chromium complains otherwise.
    shiboken6.delete(prof)


@pytest.fixture
def view(qtbot: Any, profile: IsolatedProfile) -> Iterator[PageView]:
    v = PageView(profile)
    v.resize(900, 700)
    v.show()
    qtbot.waitExposed(v)
    yield v
    v.close()
    shiboken6.delete(v)


@pytest.fixture
def window(qtbot: Any, profile: IsolatedProfile, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    from deboiler_gui.gui.mainwindow import MainWindow

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    w = MainWindow(profile)
    w.ask = lambda *_a: pytest.fail("the app asked a question the test did not expect")
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.editor.mark_saved()  # nothing to prompt about at teardown
    w.shutdown()
    w.close()
    shiboken6.delete(w)


def evaluate(qtbot: Any, view: PageView, code: str, timeout: int = 5000) -> Any:
    """Run code in our JavaScript world and return its JSON-decoded result."""
    box: list[Any] = []
    view.evaluate(code, box.append)
    qtbot.waitUntil(lambda: bool(box), timeout=timeout)
    return json.loads(box[0]) if isinstance(box[0], str) and box[0] else box[0]


def click_stamp(qtbot: Any, view: PageView, stamp: int) -> None:
    """A real mouse click (QTest on the view's render widget) at the centre of an element."""
    rect = evaluate(qtbot, view, f"window.__deboiler.rectOf({int(stamp)})")
    assert rect is not None, f"element {stamp} is not in the page"
    qtbot.wait(50)  # let the scroll settle before clicking
    rect = evaluate(qtbot, view, f"window.__deboiler.rectOf({int(stamp)})")
    point = QPoint(int(rect["x"] + min(rect["w"] / 2, 20)), int(rect["y"] + rect["h"] / 2))
    target = view.focusProxy()
    QTest.mouseMove(target, point)
    QTest.mouseClick(target, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
