"""The window's layout kept between runs: geometry and dock state saved on close and restored at
start (Qt's saveGeometry/saveState in an INI file beside the app's data); at the very first start
the window takes most of the screen and the docks are sized to their contents. A layout saved on
a screen of another size is scaled to this one (a window that filled a small screen fills a
large one too)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QAbstractScrollArea, QDockWidget, QListView, QMainWindow

from deboiler_gui.app.session import data_dir

#: Bumped when the docks change, so an old saved state is not applied to a new layout.
STATE_VERSION = 3

#: Share of the screen's available area the window takes at the first start.
FIRST_START_SHARE = 0.9

#: Lines of text the Messages panel has room for, at the least.
MESSAGE_LINES = 5

#: At the first start the page keeps this share of the window at the least (and its own
#: minimum), whatever the docks beside it would like.
CENTRE_SHARE = 0.3
#: The page list grows to show its paths up to this share of the window (first start).
LIST_SHARE = 1 / 3


def lines_height(widget: QAbstractScrollArea, lines: int) -> int:
    """The height ``widget`` (a list of one-line items) needs to show ``lines`` lines of its
    font whole: the lines, the frame, and the list's spacing between them."""
    spacing = widget.spacing() if isinstance(widget, QListView) else 0
    line = widget.fontMetrics().lineSpacing() + 2 * spacing
    return lines * line + 2 * widget.frameWidth()


def settings_path() -> Path:
    return data_dir() / "layout.ini"


def _settings() -> QSettings:
    return QSettings(str(settings_path()), QSettings.Format.IniFormat)


def save_layout(window: QMainWindow) -> None:
    s = _settings()
    s.setValue("window/geometry", window.saveGeometry())
    s.setValue("window/size", window.size())
    s.setValue("window/state", window.saveState(STATE_VERSION))
    s.setValue("window/version", STATE_VERSION)
    s.setValue("window/platform", QGuiApplication.platformName())
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is not None:
        s.setValue("window/screen", screen.availableGeometry().size())
    s.sync()


def _offscreen_on_a_display(s: QSettings) -> bool:
    """Whether the saved layout was laid out offscreen (no display: Qt's 800 x 800 stand-in
    screen) while this run has a display: its docks' sizes come from no real screen."""
    saved = str(s.value("window/platform") or "")
    return saved == "offscreen" and QGuiApplication.platformName() != "offscreen"


def from_another_screen(window: QMainWindow) -> bool:
    """Whether the saved layout was saved on a screen of another size than this one (its
    window scaled to this screen: ``_scaled``): the docks keep the widths they had there, a
    page list sized for a small screen's window among them."""
    saved_on = _settings().value("window/screen")
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None or not isinstance(saved_on, QSize) or not saved_on.isValid():
        return False
    return screen.availableGeometry().size() != saved_on


def restore_layout(window: QMainWindow) -> bool:
    """Apply the saved layout; False (and the first-start sizes) when there is none."""
    s = _settings()
    geometry = s.value("window/geometry")
    state = s.value("window/state")
    size = s.value("window/size")
    saved_on = s.value("window/screen")
    # A layout of an older arrangement of the docks (or none) is not applied at all: its window
    # size may come from anywhere.
    version = s.value("window/version")
    current = str(version) == str(STATE_VERSION) and not _offscreen_on_a_display(s)
    if current and isinstance(geometry, QByteArray) and isinstance(state, QByteArray):
        window.restoreGeometry(geometry)
        if isinstance(size, QSize) and size.isValid():
            # restoreGeometry clamps to the screen it finds; the docks' sizes are relative to
            # the window's, so it gets the size it had.
            window.resize(_scaled(window, size, saved_on))
        fit_to_screen(window)
        if window.restoreState(state, STATE_VERSION):
            return True
    first_start_geometry(window)
    first_start_sizes(window)
    return False


def _scaled(window: QMainWindow, size: QSize, saved_on: object) -> QSize:
    """The saved window size on this screen: the same share of it when the layout was saved on
    a screen of another size (a window of 796 x 796 on an 800 x 800 screen opens at about the
    whole of a 1400 x 900 one), as it was otherwise."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None or not isinstance(saved_on, QSize) or not saved_on.isValid():
        return size
    area = screen.availableGeometry().size()
    if area == saved_on:
        return size
    width = round(size.width() * area.width() / max(1, saved_on.width()))
    height = round(size.height() * area.height() / max(1, saved_on.height()))
    return QSize(min(width, area.width()), min(height, area.height()))


def first_start_geometry(window: QMainWindow) -> None:
    """The window at the first start: ``FIRST_START_SHARE`` of the screen's available area,
    centred on it (the workbench needs the room: the page, its lists and panels side by side)."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        return
    area = screen.availableGeometry()
    width = round(area.width() * FIRST_START_SHARE)
    height = round(area.height() * FIRST_START_SHARE)
    window.resize(width, height)
    window.move(area.x() + (area.width() - width) // 2, area.y() + (area.height() - height) // 2)


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
    selection panel for its candidate table, the messages ``MESSAGE_LINES`` lines high."""
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
        # The page list wants room for paths and its four small columns; the right column a
        # third of the window (up to 480 pixels) for the rule tree's five columns and the
        # selection's buttons. In a small window the page keeps CENTRE_SHARE of it: the list
        # takes what is left, more than its minimum now that the legend above the page can
        # go on two rows (at 922 pixels it had 123, "Asc…tml" for every path).
        right_width = _right_width(width)
        wanted_right = [max(s, right_width) for s in sizes[len(left) :]]
        most = width - sum(wanted_right) - _centre_least(window, width) - 12
        wanted = [max(120, min(max(s, 440), most)) for s in sizes[: len(left)]] + wanted_right
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
        # The Messages' minimum: room for MESSAGE_LINES lines, no more taken from the page.
        window.resizeDocks(bottom, [1], Qt.Orientation.Vertical)


def _centre_least(window: QMainWindow, width: int) -> int:
    """The page area's width at the least at a first start."""
    central = window.centralWidget()
    own = central.minimumSizeHint().width() if central is not None else 0
    return max(own, round(width * CENTRE_SHARE))


def _right_width(width: int) -> int:
    """The right column's width at a first start in a window ``width`` pixels wide: a third
    of it, 380 to 480 pixels (the rule tree's five columns, its verdicts whole)."""
    return max(380, min(480, width // 3))


def widen_right_column(window: QMainWindow) -> int:
    """The right column (Selection, Template) at least as wide as at a first start in this
    window: a layout from a smaller screen kept it as narrow as it was there, the Check
    column's verdicts cut to "⚠ like…". Never narrower than it is. Returns its width."""
    docks = {d.objectName(): d for d in window.findChildren(QDockWidget)}
    right = docks.get("dock-selection")
    if right is None or not right.isVisible() or right.isFloating():
        return 0
    target = _right_width(window.width())
    if right.width() < target:
        window.resizeDocks([right], [target], Qt.Orientation.Horizontal)
    return right.width()


def size_list_for_paths(window: QMainWindow, needed: int) -> int:
    """At the first start, once the page list is filled: the list as wide as ``needed`` (its
    paths whole beside its columns), within LIST_SHARE of the window and leaving the page its
    room (the window is laid out by now: the sizes asked before it was shown are not always
    the ones it got); never narrower than it is otherwise. Returns the list's width."""
    docks = {d.objectName(): d for d in window.findChildren(QDockWidget)}
    pages = docks.get("dock-pages")
    if pages is None or not pages.isVisible() or pages.isFloating():
        return 0
    width = window.width()
    right = docks.get("dock-selection")
    right_width = right.width() if right is not None and right.isVisible() else 0
    most = min(round(width * LIST_SHARE), width - right_width - _centre_least(window, width) - 12)
    target = max(120, min(max(needed, pages.width()), most))
    if target != pages.width():
        window.resizeDocks([pages], [target], Qt.Orientation.Horizontal)
    return pages.width()


__all__ = [
    "MESSAGE_LINES",
    "first_start_geometry",
    "first_start_sizes",
    "fit_to_screen",
    "from_another_screen",
    "lines_height",
    "restore_layout",
    "save_layout",
    "settings_path",
    "size_list_for_paths",
    "widen_right_column",
]
