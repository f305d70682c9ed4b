"""Application set-up: environment and scheme before Qt starts, the crash handler that keeps
the user's work, and the main window on a path or the bundled demo site."""

from __future__ import annotations

import logging
import os
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PySide6.QtGui import QIcon

    from deboiler_gui.gui.mainwindow import MainWindow
    from deboiler_gui.gui.webview import IsolatedProfile

log = logging.getLogger(__name__)


def prepare_environment() -> None:
    """Settings Chromium reads once, before Qt is imported."""
    if (
        not os.environ.get("DISPLAY")
        and not os.environ.get("WAYLAND_DISPLAY")
        and sys.platform.startswith("linux")
    ):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        # Chromium refuses to start its sandbox as root; the shown pages run no script anyway.
        os.environ.setdefault("QTWEBENGINE_DISABLE_SANDBOX", "1")
    # The app stores plain Python values, like its job processes: no pandas or numpy.
    from deboiler_gui.engine.jobs import decline_optional_imports

    decline_optional_imports()


def preload_engine() -> None:
    """Import the engine before the window shows: a first import later, in the middle of a
    page switch or a job report, would stall the GUI thread."""
    import deboiler_gui.engine.clean.boilerplate  # noqa: F401
    import deboiler_gui.engine.store  # noqa: F401
    import deboiler_gui.engine.template.extract  # noqa: F401
    import deboiler_gui.engine.template.rules  # noqa: F401
    import deboiler_gui.engine.template.selectors  # noqa: F401


def app_icon() -> QIcon:
    """The app's icon, from the bundled resources (the same file the menu entry installs)."""
    from PySide6.QtGui import QIcon

    from deboiler_gui import assets

    return QIcon(str(assets.path("icons/deboiler-gui.svg")))


def create_application(argv: list[str] | None = None) -> Any:
    """The QApplication (or the existing one), with our URL scheme registered first."""
    prepare_environment()
    from PySide6.QtWidgets import QApplication

    from deboiler_gui.gui.webview import register_scheme

    app = QApplication.instance()
    if app is None:
        register_scheme()
        app = QApplication(argv if argv is not None else [sys.argv[0]])
        app.setApplicationName("deboiler-gui")
        app.setOrganizationName("deboiler-gui")
        # Matches the installed menu entry (`deboiler-gui install-desktop`) on Wayland.
        app.setDesktopFileName("deboiler-gui")
        app.setWindowIcon(app_icon())
    return app


def build_window(*, preload: bool = True) -> tuple[MainWindow, IsolatedProfile]:
    """A main window with its isolated profile (the profile must outlive the window's view).
    ``preload=False`` leaves importing the engine to ``start_window``, after the first paint."""
    from deboiler_gui.gui.mainwindow import MainWindow
    from deboiler_gui.gui.webview import IsolatedProfile

    if preload:
        preload_engine()
    profile = IsolatedProfile()
    window = MainWindow(profile)
    return window, profile


def start_window(path: str | None) -> tuple[MainWindow, IsolatedProfile]:
    """Show the main window at once and open ``path`` (or the demo site) once it has painted:
    importing the engine, reading the workspace and parsing the first page come after."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    window, profile = build_window(preload=False)
    window.show()
    # Deliver the window's expose and first paint before any heavy work.
    QApplication.processEvents()

    def open_site() -> None:
        preload_engine()
        if path:
            window.open_path(path)
        else:
            window.open_demo()

    QTimer.singleShot(0, open_site)
    return window, profile


def run(path: str | None) -> int:
    """Open the app on ``path`` (workspace, folder, JSON lines, WARC) or on the demo site."""
    app = create_application()
    window, profile = start_window(path)
    from deboiler_gui.gui.dialogs.crash import CrashHandler

    handler = CrashHandler(window, window.saving.save_draft_now)
    handler.install()
    window.guide.show_on_first_start()
    # Closing the main window ends the app, whatever other window is still open.
    window.closed.connect(app.quit)
    ending = end_on_sigterm(window)
    code = int(app.exec())
    ending.uninstall()
    handler.uninstall()
    import shiboken6

    # Pages before their profile, or Chromium complains at exit.
    shiboken6.delete(window)
    shiboken6.delete(profile)
    return code


class _TermEnding:
    """SIGTERM ends the app as File > Quit does, without a question nobody could answer: the
    template's unsaved edits stay as the workspace's draft (offered at the next start), the
    background work stops, the layout is saved, and the event loop quits with code 0. Qt's
    loop runs no Python while it waits, so the signal wakes it through a socket the handler's
    wake-up byte is written to."""

    def __init__(self, window: MainWindow) -> None:
        import signal
        import socket

        from PySide6.QtCore import QSocketNotifier

        self.window = window
        self._read, self._write = socket.socketpair()
        self._read.setblocking(False)
        self._write.setblocking(False)
        self._old_fd = signal.set_wakeup_fd(self._write.fileno())
        self._old_handler = signal.signal(signal.SIGTERM, self._on_signal)
        self._notifier = QSocketNotifier(self._read.fileno(), QSocketNotifier.Type.Read)
        self._notifier.activated.connect(self._on_wake)
        self._pending = False

    def _on_signal(self, _signum: int, _frame: Any) -> None:
        self._pending = True  # the loop is woken by the byte signal.set_wakeup_fd writes

    def _on_wake(self) -> None:
        try:
            while self._read.recv(64):
                pass
        except OSError:
            pass
        if self._pending:
            self._pending = False
            self.window.end_without_asking()

    def uninstall(self) -> None:
        import signal

        self._notifier.setEnabled(False)
        signal.signal(signal.SIGTERM, self._old_handler)
        signal.set_wakeup_fd(self._old_fd)
        self._read.close()
        self._write.close()


def end_on_sigterm(window: MainWindow) -> _TermEnding:
    """Make SIGTERM end the app cleanly (see ``_TermEnding``); ``uninstall()`` puts the
    previous handler back."""
    return _TermEnding(window)


def check_install(timeout: float = 60.0) -> int:
    """Start the workbench offscreen on the demo site and report whether its main window came
    up and showed the first page with its highlights; 0 when it did, 1 otherwise."""
    import time

    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    started = time.perf_counter()
    app = create_application()
    from PySide6.QtCore import QTimer

    from deboiler_gui.engine.words import count

    report: dict[str, Any] = {}

    def painted(counts: dict[str, int]) -> None:
        # the page can paint before the site's analysis is ready; its highlights follow
        if "painted" not in report:
            report["painted"] = time.perf_counter() - started
            report["counts"] = counts
        if any(counts.values()):
            report["highlighted"] = time.perf_counter() - started
            report["counts"] = counts
            app.quit()

    def give_up() -> None:
        report["timeout"] = True
        app.quit()

    window, profile = start_window(None)
    # An offscreen check lays the window out on no real screen: its layout is not saved
    # (the user's next start would open with the docks of an 800 x 800 stand-in).
    window.keeps_layout = False
    report["window"] = time.perf_counter() - started
    window.view.highlights_applied.connect(painted)
    QTimer.singleShot(int(timeout * 1000), give_up)
    app.exec()
    pages = window.page_model.total()
    shown = window.page.url if window.page is not None else None
    import shiboken6

    shiboken6.delete(window)
    shiboken6.delete(profile)
    print(f"main window: shown after {report['window']:.2f} s")
    print(f"demo site: {count(pages, 'page')}")
    if "painted" not in report:
        print(f"first page: not painted within {timeout:.0f} s", file=sys.stderr)
        return 1
    marks = ", ".join(f"{kind} {n}" for kind, n in sorted(report["counts"].items()) if n)
    print(f"first page: {shown} painted after {report['painted']:.2f} s")
    if "highlighted" not in report:
        print(f"highlights: none within {timeout:.0f} s", file=sys.stderr)
        return 1
    print(f"first page with highlights after {report['highlighted']:.2f} s ({marks})")
    print("workbench: ok")
    return 0
