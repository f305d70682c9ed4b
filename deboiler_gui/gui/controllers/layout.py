"""The window's layout kept between runs: geometry and dock state saved on close and restored at
start (Qt's saveGeometry/saveState in an INI file beside the app's data); at the very first start
the docks are sized to their contents."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDockWidget, QMainWindow

from deboiler_gui.app.session import data_dir

#: Bumped when the docks change, so an old saved state is not applied to a new layout.
STATE_VERSION = 2


def settings_path() -> Path:
    return data_dir() / "layout.ini"


def _settings() -> QSettings:
    return QSettings(str(settings_path()), QSettings.Format.IniFormat)


def save_layout(window: QMainWindow) -> None:
    s = _settings()
    s.setValue("window/geometry", window.saveGeometry())
    s.setValue("window/size", window.size())
    s.setValue("window/state", window.saveState(STATE_VERSION))
    s.sync()


def restore_layout(window: QMainWindow) -> bool:
    """Apply the saved layout; False (and the first-start sizes) when there is none."""
    s = _settings()
    geometry = s.value("window/geometry")
    state = s.value("window/state")
    size = s.value("window/size")
    if isinstance(geometry, QByteArray) and isinstance(state, QByteArray):
        window.restoreGeometry(geometry)
        if isinstance(size, QSize) and size.isValid():
            # restoreGeometry clamps to the screen it finds; the docks' sizes are relative to
            # the window's, so it gets the size it had.
            window.resize(size)
        fit_to_screen(window)
        if window.restoreState(state, STATE_VERSION):
            return True
    first_start_sizes(window)
    return False


def fit_to_screen(window: QMainWindow) -> None:
    """Keep a restored window inside the screen's available area (the layout may come from a
    larger monitor, or a window the docks had grown): no bigger than the area, and moved into it
    when it lies outside."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        return
    area = screen.availableGeometry()
    frame = window.frameGeometry()
    # The frame (title bar, borders) counts against the area too.
    extra_w = max(0, frame.width() - window.width())
    extra_h = max(0, frame.height() - window.height())
    width = min(window.width(), area.width() - extra_w)
    height = min(window.height(), area.height() - extra_h)
    if (width, height) != (window.width(), window.height()):
        window.resize(width, height)
    x = min(max(frame.x(), area.left()), area.right() + 1 - width - extra_w)
    y = min(max(frame.y(), area.top()), area.bottom() + 1 - height - extra_h)
    if (x, y) != (frame.x(), frame.y()):
        window.move(x, y)


def first_start_sizes(window: QMainWindow) -> None:
    """Docks sized to what they hold: the page list wide enough for its paths and columns, the
    selection panel for its candidate table, the messages a few lines high."""
    docks = {d.objectName(): d for d in window.findChildren(QDockWidget)}
    left = [docks[n] for n in ("dock-pages",) if n in docks]
    right = [docks[n] for n in ("dock-selection",) if n in docks]
    width = max(window.width(), 1000)
    sizes = []
    for dock in left + right:
        content = dock.widget()
        hint = content.sizeHint().width() if content is not None else 300
        # At least the width its contents need to be read whole (a row of buttons): the docks
        # may be shrunk below it by hand, but do not start so.
        least = content.minimumSizeHint().width() if content is not None else 0
        sizes.append(max(300, least, min(hint, width // 4)))
    if left + right:
        # The page list wants room for paths and its four small columns.
        wanted = [max(s, 440) for s in sizes[: len(left)]] + [
            max(s, 380) for s in sizes[len(left) :]
        ]
        window.resizeDocks(left + right, wanted, Qt.Orientation.Horizontal)
    vertical = [docks[n] for n in ("dock-pages", "dock-dom") if n in docks]
    if len(vertical) == 2:
        height = max(window.height(), 700)
        window.resizeDocks(vertical, [height * 3 // 5, height * 2 // 5], Qt.Orientation.Vertical)
    column = [docks[n] for n in ("dock-selection", "dock-template") if n in docks]
    if len(column) == 2:
        # The selection panel gets a little more than the template: room for about ten
        # candidate rows above its buttons; the template keeps its rule tree (its value
        # preview scrolls).
        height = max(window.height(), 700)
        window.resizeDocks(column, [height * 23 // 40, height * 17 // 40], Qt.Orientation.Vertical)
    bottom = [docks[n] for n in ("dock-messages",) if n in docks]
    if bottom:
        window.resizeDocks(bottom, [110], Qt.Orientation.Vertical)


__all__ = ["first_start_sizes", "fit_to_screen", "restore_layout", "save_layout", "settings_path"]
