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
def window(
    qtbot: Any, profile: IsolatedProfile, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Any]:
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


DEMO_ARTICLE_URL = "https://hillside-garden.example/guides/tomatoes.html"


@pytest.fixture
def demo(qtbot: Any, window: Any) -> Any:
    """The window on the demo site, imported, fitted and analysed, showing one guide page;
    ``window.finished_jobs``: the (job, outcome) pairs finished so far and after."""
    finished: list[tuple[str, str]] = []
    window.job_finished.connect(lambda name, outcome: finished.append((name, outcome)))
    window.open_demo()
    qtbot.waitUntil(lambda: ("analyse", "finished") in finished, timeout=60000)
    assert ("import", "finished") in finished and ("fit", "finished") in finished, finished
    assert window.model is not None
    window.finished_jobs = finished
    with qtbot.waitSignal(window.view.highlights_applied, timeout=10000):
        window.select_url(DEMO_ARTICLE_URL)
    assert window.page.url == DEMO_ARTICLE_URL
    return window


@pytest.fixture
def js(qtbot: Any) -> Any:
    """``js(view, code)``: evaluate in our world, JSON-decoded."""
    return lambda view, code: evaluate(qtbot, view, code)


@pytest.fixture
def click(qtbot: Any) -> Any:
    """``click(view, stamp[, modifier])``: a real mouse click on an element."""
    return lambda view, stamp, modifier=None: click_stamp(qtbot, view, stamp, modifier)


def evaluate(qtbot: Any, view: PageView, code: str, timeout: int = 5000) -> Any:
    """Run code in our JavaScript world and return its JSON-decoded result."""
    box: list[Any] = []
    view.evaluate(code, box.append)
    qtbot.waitUntil(lambda: bool(box), timeout=timeout)
    return json.loads(box[0]) if isinstance(box[0], str) and box[0] else box[0]


def click_stamp(qtbot: Any, view: PageView, stamp: int, modifier: Any = None) -> None:
    """A real mouse click (QTest on the view's render widget) on the element itself."""
    # Measure until two readings agree: the scroll to the element, and on a loaded machine a
    # late layout (styles, fonts), may still move it between the first reading and the click.
    # No point yet (the page's layout not done, the element still covered) is read again too.
    spot = evaluate(qtbot, view, f"window.__deboiler.pointOf({int(stamp)})")
    for _ in range(100):
        qtbot.wait(50)
        again = evaluate(qtbot, view, f"window.__deboiler.pointOf({int(stamp)})")
        if again == spot and spot is not None:
            break
        spot = again
    assert spot is not None, f"element {stamp} has no clickable point of its own"
    point = QPoint(int(spot["x"]), int(spot["y"]))
    target = view.focusProxy()
    QTest.mouseMove(target, point)
    QTest.mouseClick(
        target, Qt.MouseButton.LeftButton, modifier or Qt.KeyboardModifier.NoModifier, point
    )
