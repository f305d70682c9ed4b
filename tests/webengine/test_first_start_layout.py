"""The first real start after `deboiler-gui check-install`, and the window's title.

`check-install` runs the workbench offscreen, on Qt's 800 x 800 stand-in screen, and closing
it saved that layout as the user's: the next start on a real display restored it scaled to
the screen, the page list as narrow as it was there (107 pixels on a 1600 x 1000 screen,
every name "cal…tml"). Now `check-install` saves no layout, a layout laid out offscreen is
not applied on a display, and a layout saved on a screen of another size gets its page list
fitted to the site's paths and its right column the width of a first start. The title said the site's name twice when the template is named
after it ("json-glib-1-0.local — json-glib-1-0.local — deboiler-gui")."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QSettings, QSize, Qt
from PySide6.QtWidgets import QDockWidget, QStyle

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "engine"))
from gidocgen import site  # noqa: E402


def _folder(tmp_path: Path) -> Path:
    """A gi-docgen reference as a folder of files, as /usr/share/doc/json-glib-1.0 is."""
    folder = tmp_path / "json-glib-1.0"
    folder.mkdir()
    for page in site():
        (folder / page.url.rsplit("/", 1)[1]).write_text(page.html, encoding="utf-8")
    return folder


def _open(qtbot: Any, window: Any, folder: Path) -> None:
    finished: list[str] = []
    window.job_finished.connect(lambda name, outcome: finished.append(f"{name}:{outcome}"))
    window.open_path(str(folder))
    qtbot.waitUntil(lambda: "import:finished" in finished and window.view.ready, timeout=30000)


def _close(window: Any) -> None:
    window.editor.mark_saved()
    window.shutdown()
    window.close()
    shiboken6.delete(window)


def _whole_paths(window: Any) -> tuple[int, int]:
    table = window.page_table
    metrics = table.fontMetrics()
    margin = 2 * (table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1)
    paths = [table.model().index(r, 0).data() for r in range(table.model().rowCount())]
    whole = [p for p in paths if metrics.horizontalAdvance(p) + margin <= table.columnWidth(0)]
    return len(whole), len(paths)


def test_a_layout_from_a_smaller_screen_gets_its_page_list_fitted_to_the_paths(
    qtbot: Any, profile: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from deboiler_gui.gui.controllers.layout import settings_path
    from deboiler_gui.gui.mainwindow import MainWindow

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    folder = _folder(tmp_path)
    first = MainWindow(profile)
    first.show()
    qtbot.waitExposed(first)
    first.resize(777, 720)
    qtbot.wait(50)
    first.resizeDocks(
        [
            first.findChild(QDockWidget, "dock-pages"),
            first.findChild(QDockWidget, "dock-selection"),
        ],
        [110, 300],
        Qt.Orientation.Horizontal,
    )
    qtbot.wait(50)
    _close(first)
    # As check-install left it: laid out on an 800 x 800 screen.
    s = QSettings(str(settings_path()), QSettings.Format.IniFormat)
    s.setValue("window/screen", QSize(800, 800))
    s.setValue("window/size", QSize(777, 720))
    s.remove("window/platform")  # (a layout saved before the platform was kept)
    s.sync()
    second = MainWindow(profile)
    second.show()
    qtbot.waitExposed(second)
    try:
        assert second.layout_restored is True
        _open(qtbot, second, folder)
        qtbot.wait(500)  # the list widened once filled
        pages = second.findChild(QDockWidget, "dock-pages")
        assert pages.width() >= 240, pages.width()
        whole, total = _whole_paths(second)
        assert whole == total, (whole, total)
        # the right column as wide as at a first start in this window: the Check column's
        # verdicts read whole there
        right = second.findChild(QDockWidget, "dock-selection")
        assert right.width() >= max(380, min(480, second.width() // 3)) - 2, right.width()
        assert second.centralWidget().width() >= 0.3 * second.width() - 2
    finally:
        _close(second)


def test_a_layout_laid_out_offscreen_is_not_applied_on_a_display(
    qtbot: Any, profile: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from deboiler_gui.gui.controllers import layout
    from deboiler_gui.gui.mainwindow import MainWindow

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    first = MainWindow(profile)
    first.show()
    qtbot.waitExposed(first)
    _close(first)
    saved = QSettings(str(layout.settings_path()), QSettings.Format.IniFormat)
    assert saved.value("window/platform") == "offscreen"
    second = MainWindow(profile)
    second.show()
    qtbot.waitExposed(second)
    assert second.layout_restored is True  # offscreen again: the layout is this screen's
    _close(second)

    class OnADisplay:
        """Qt's application as on a real display."""

        @staticmethod
        def platformName() -> str:  # noqa: N802 (Qt's name)
            return "xcb"

        def __getattr__(self, name: str) -> Any:
            return getattr(layout.QGuiApplication, name)

        primaryScreen = staticmethod(layout.QGuiApplication.primaryScreen)  # noqa: N815

    monkeypatch.setattr(layout, "QGuiApplication", OnADisplay)
    third = MainWindow(profile)
    third.show()
    qtbot.waitExposed(third)
    try:
        assert third.layout_restored is False  # sized as at a first start
        assert third.findChild(QDockWidget, "dock-pages").width() >= 300
    finally:
        _close(third)


def test_check_install_saves_no_layout(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "PYTHONPATH": str(ROOT),
    }
    out = subprocess.run(
        [sys.executable, "-m", "deboiler_gui", "check-install", "--timeout", "90"],
        capture_output=True,
        text=True,
        timeout=180,
        cwd=tmp_path,
        env=env,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.splitlines()[-1] == "workbench: ok"
    assert not (tmp_path / "data" / "deboiler-gui" / "layout.ini").exists()


def test_the_title_says_the_site_once_when_the_template_is_named_after_it(
    qtbot: Any, window: Any, tmp_path: Path
) -> None:
    _open(qtbot, window, _folder(tmp_path))
    site_name = window.shown.site
    assert site_name == "json-glib-1-0.local"
    assert window.editor.template.name == site_name
    assert window.windowTitle() == f"{site_name} — deboiler-gui"
    window.editor.apply(replace(window.editor.template, name="api"), "rename")
    assert window.windowTitle() == f"*api — {site_name} — deboiler-gui"
