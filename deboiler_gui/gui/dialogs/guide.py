"""The getting-started guide: what the highlight colours mean, the three things to do, and the
demo site opened with an example template; shown once on the first start, Help reopens it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QRect, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from deboiler_gui.app import guide
from deboiler_gui.gui.panels.legend import LEGEND_TEXT
from deboiler_gui.gui.webview import HIGHLIGHT_COLOURS
from deboiler_gui.gui.worker import Job, JobRunner

#: The QSettings key remembering that the guide was shown once.
SHOWN_KEY = "guide/shown"
_POINTER_COLOUR = "#ff00aa"  # the page's selection colour
#: Jobs the example waits for instead of cancelling them.
_WAIT_FOR = ("import",)


def _swatch(kind: str) -> QLabel:
    """A small box outlined and tinted as the page draws this kind of highlight."""
    colour = QColor(HIGHLIGHT_COLOURS[kind])
    style = "dashed" if kind == "boiler" else "solid"
    box = QLabel()
    box.setObjectName(f"swatch-{kind}")
    box.setFixedSize(44, 20)
    box.setStyleSheet(
        f"QLabel {{ border: 2px {style} {colour.name()};"
        f" background: rgba({colour.red()}, {colour.green()}, {colour.blue()}, 0.10); }}"
    )
    return box


def _plain(text: str) -> str:
    return text.replace("&", "")


class Pointer(QWidget):
    """A frame drawn for a moment around a widget of the window, to show where it is."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.target: QWidget | None = None
        self.hide()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)

    def point_at(self, widget: QWidget, msecs: int = 2500) -> None:
        parent = self.parentWidget()
        assert parent is not None
        self.target = widget
        top_left = widget.mapTo(parent, widget.rect().topLeft())
        self.setGeometry(QRect(top_left, widget.size()).adjusted(-3, -3, 3, 3))
        self.raise_()
        self.show()
        self._timer.start(msecs)

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 (Qt override)
        painter = QPainter(self)
        painter.setPen(QPen(QColor(_POINTER_COLOUR), 4))
        painter.drawRect(self.rect().adjusted(2, 2, -2, -2))


class GuideDialog(QDialog):
    """Non-modal: the window stays usable while it is open."""

    example_requested = Signal()
    point_requested = Signal(str)  # "legend", "selection", "template", "save"

    def __init__(self, save_text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("guide")
        self.setWindowTitle("Getting started")
        self.setModal(False)
        layout = QVBoxLayout(self)

        colours_heading = QHBoxLayout()
        colours_heading.addWidget(self._heading("What the colours in the page mean"), 1)
        self.legend_button = QPushButton("Show me")
        self.legend_button.setObjectName("guide-show-legend")
        self.legend_button.clicked.connect(lambda: self.point_requested.emit("legend"))
        colours_heading.addWidget(self.legend_button, 0, Qt.AlignmentFlag.AlignBottom)
        layout.addLayout(colours_heading)
        colours = QGridLayout()
        for row, kind in enumerate(HIGHLIGHT_COLOURS):
            colours.addWidget(_swatch(kind), row, 0)
            name = QLabel(LEGEND_TEXT[kind])
            name.setStyleSheet(f"color: {HIGHLIGHT_COLOURS[kind]}; font-weight: bold;")
            colours.addWidget(name, row, 1)
            colours.addWidget(QLabel(guide.COLOUR_MEANINGS[kind]), row, 2)
        colours.setColumnStretch(2, 1)
        layout.addLayout(colours)
        layout.addWidget(
            QLabel("The legend above the page uses the same colours; untick one to hide it.")
        )

        layout.addWidget(self._heading("Three things to do"))
        self.steps: dict[str, QPushButton] = {}
        for key, title, text in (
            (
                "selection",
                "1. Click → rule",
                "Click an element in the page. The <b>Selection</b> panel ranks XPaths for it;"
                " press <b>Remove as noise</b>, <b>Keep</b>, <b>Extract field</b> or"
                " <b>Extract list</b>.",
            ),
            (
                "template",
                "2. Check hit rates",
                "Each candidate, and each rule in the <b>Template</b> panel, says on how many"
                " pages it matches once, never or several times. A good field matches once on"
                " every page it is meant for.",
            ),
            (
                "save",
                "3. Save",
                f"<b>File → {_plain(save_text)}</b> (Ctrl+S) stores a new version of the template"
                " in the workspace; <code>deboiler-gui extract</code> uses it at once.",
            ),
        ):
            line_of_step = QHBoxLayout()
            label = QLabel(f"<b>{title}</b><br>{text}")
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
            show = QPushButton("Show me")
            show.setObjectName(f"guide-show-{key}")
            show.clicked.connect(lambda _c=False, k=key: self.point_requested.emit(k))
            line_of_step.addWidget(label, 1)
            line_of_step.addWidget(show, 0, Qt.AlignmentFlag.AlignTop)
            layout.addLayout(line_of_step)
            self.steps[key] = show

        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        layout.addWidget(line)
        example = QLabel(
            "See a working template at once: the demo gardening site with a template that"
            " extracts each guide's title, lead and steps, removes the newsletter box and"
            " filters out the cookie notice."
        )
        example.setWordWrap(True)
        layout.addWidget(example)
        buttons = QHBoxLayout()
        self.example_button = QPushButton("Open the demo with an example template")
        self.example_button.setDefault(True)
        self.example_button.clicked.connect(self.example_requested)
        self.close_button = QPushButton("Close")
        self.close_button.clicked.connect(self.close)
        buttons.addWidget(self.example_button)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        layout.addLayout(buttons)
        layout.addWidget(QLabel("Help → Getting started shows this again."))
        self.resize(560, self.sizeHint().height())

    @staticmethod
    def _heading(text: str) -> QLabel:
        label = QLabel(text)
        label.setStyleSheet("font-weight: bold; font-size: 13pt; margin-top: 6px;")
        return label


class Guide(QObject):
    """The guide's controller: the Help menu entry, the first-start check, the example."""

    example_opened = Signal(str)  # the example workspace's path, once the window shows it

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.dialog: GuideDialog | None = None  # made on first use
        self.pointer = Pointer(window)
        self.open_menu: QMenu | None = None  # the menu "Show me" opened last
        self._waiting = False  # for an import to end before opening the example
        self.runner = JobRunner(self)
        self.job: Job | None = None  # the example being prepared
        self._ready_path: str | None = None  # the example, ready to be shown
        self._idle_wait = False  # for the window's job to end before showing it
        help_menu = window.menuBar().addMenu("&Help")
        self.action = help_menu.addAction("&Getting started")
        self.action.setObjectName("guide-action")
        self.action.triggered.connect(self.show)

    def show(self) -> GuideDialog:
        if self.dialog is None:
            self.dialog = GuideDialog(self.window.save_action.text(), self.window)
            self.dialog.example_requested.connect(self.open_example)
            self.dialog.point_requested.connect(self.point_at)
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        return self.dialog

    def show_on_first_start(self, settings: QSettings | None = None) -> bool:
        """Show the guide unless it was shown before (remembered in the settings); True when
        shown."""
        settings = settings if settings is not None else QSettings()
        if settings.value(SHOWN_KEY, False, type=bool):
            return False
        settings.setValue(SHOWN_KEY, True)
        settings.sync()
        self.show()
        return True

    def point_at(self, what: str) -> None:
        """Bring a panel of the window to the front and frame it for a moment."""
        w = self.window
        target: QWidget
        if what == "legend":
            target = w.legend
        elif what == "save":
            # Open the File menu on its Save entry.
            bar = w.menuBar()
            for action in bar.actions():
                menu = action.menu()
                if isinstance(menu, QMenu) and w.save_action in menu.actions():
                    geometry = bar.actionGeometry(action)
                    menu.popup(bar.mapToGlobal(geometry.bottomLeft()))
                    menu.setActiveAction(w.save_action)
                    self.open_menu = menu
                    break
            target = bar
        else:
            dock_name = {"selection": "dock-selection", "template": "dock-template"}.get(what)
            dock = w.findChild(QDockWidget, dock_name) if dock_name else None
            if dock is None:
                target = w.view
            else:
                dock.show()
                dock.raise_()
                target = dock
        self.pointer.point_at(target)

    def open_example(self) -> None:
        """Import the demo site into the example workspace (in the background, once), save the
        example template there, and open it on a guide page."""
        from deboiler_gui.engine.jobs import ChildJob

        w = self.window
        job = w.current_job
        if job is not None and job.name in _WAIT_FOR:
            # The import's end opens its workspace (and a cancelled import would leave it
            # half-filled): open the example once the import has ended.
            if not self._waiting:
                self._waiting = True
                w.job_finished.connect(self._on_job_finished)
                w.post_message("The example opens once the import under way has ended")
            return
        if not w.saving.confirm_discard():
            return
        path = str(guide.example_workspace_path())
        if self.job is not None:
            return  # already under way
        w.post_message("Opening the demo site with the example template")
        # On its own runner: the window's next job (the demo's first fit) must not cancel it.
        job = Job(
            "demo example",
            lambda: ChildJob(
                guide.example_steps, (path,), what="preparing the demo example"
            ).steps(),
        )
        job.signals.progress.connect(
            lambda _done, _total, message: w.statusBar().showMessage(f"demo example: {message}")
        )
        job.signals.finished.connect(lambda _version: self._on_example_ready(path))
        job.signals.failed.connect(self._on_example_failed)
        job.signals.cancelled.connect(self._on_example_failed)
        self.job = self.runner.start(job)

    def _on_example_ready(self, path: str) -> None:
        self.job = None
        self.window.statusBar().clearMessage()
        self._ready_path = path
        self._show_when_idle()

    def _show_when_idle(self, *_ended: object) -> None:
        # The window's job of the site shown so far (its fit, its analysis) would report into
        # the example once it is shown: cancel it and wait for its end first.
        w = self.window
        if w.current_job is not None:
            if not self._idle_wait:
                self._idle_wait = True
                w.job_finished.connect(self._show_when_idle)
            w.cancel_job()
            return
        if self._idle_wait:
            self._idle_wait = False
            w.job_finished.disconnect(self._show_when_idle)
        path = self._ready_path
        self._ready_path = None
        if path is not None:
            self._show_example(path)

    def _on_example_failed(self, message: str = "cancelled", _traceback: str = "") -> None:
        self.job = None
        self.window.post_message(f"The example could not be opened: {message}", error=True)

    def shutdown(self) -> None:
        """Stop the example's import if it is under way (the window is closing)."""
        self.runner.cancel_all()
        self.runner.wait(10000)

    def _on_job_finished(self, name: str, _outcome: str) -> None:
        if name in _WAIT_FOR:
            self.window.job_finished.disconnect(self._on_job_finished)
            self._waiting = False
            self.open_example()

    def _show_example(self, path: str) -> None:
        w = self.window
        w.load_workspace(path)
        w.show_listed(guide.example_page_url())
        self.example_opened.emit(path)


def add_guide(window: Any) -> Guide:
    """The Help menu's Getting started entry and its guide (shown at first start by the app)."""
    return Guide(window)
