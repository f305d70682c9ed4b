"""The getting-started guide in a real window: shown on the first start only, reopened from
Help, and its demo button opening the demo site with a working example template."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QMenu

from deboiler_gui.app import guide
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.extract import extract_page
from deboiler_gui.gui.dialogs.guide import SHOWN_KEY

BASE = "https://hillside-garden.example/"


def _settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def _menu(window: Any, title: str) -> QMenu:
    for action in window.menuBar().actions():
        if action.text() == title:
            menu = action.menu()
            assert isinstance(menu, QMenu)
            return menu
    raise AssertionError(f"no {title} menu")


def _click_menu(qtbot: Any, window: Any, title: str, text: str) -> None:
    """Open a menu of the menu bar and click one of its entries, with the mouse."""
    bar = window.menuBar()
    menu = _menu(window, title)
    qtbot.mouseClick(
        bar, Qt.MouseButton.LeftButton, pos=bar.actionGeometry(menu.menuAction()).center()
    )
    qtbot.waitUntil(menu.isVisible, timeout=3000)
    (entry,) = [a for a in menu.actions() if a.text() == text]
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(entry).center())


@pytest.fixture
def second_window(qtbot: Any, profile: Any) -> Iterator[Any]:
    from deboiler_gui.gui.mainwindow import MainWindow

    made: list[Any] = []

    def make() -> Any:
        w = MainWindow(profile)
        w.show()
        qtbot.waitExposed(w)
        made.append(w)
        return w

    yield make
    for w in made:
        w.shutdown()
        w.close()
        shiboken6.delete(w)


def test_first_start_shows_the_guide_and_the_second_does_not(
    qtbot: Any, window: Any, second_window: Any, tmp_path: Path
) -> None:
    assert window.guide.show_on_first_start(_settings(tmp_path))
    dialog = window.guide.dialog
    qtbot.waitUntil(dialog.isVisible, timeout=3000)
    assert not dialog.isModal()
    assert _settings(tmp_path).value(SHOWN_KEY, False, type=bool)
    # The colours are those the page draws, one swatch a kind, named as in the legend.
    for kind, box in window.legend.boxes.items():
        swatch = dialog.findChild(QLabel, f"swatch-{kind}")
        assert swatch is not None
        colour = {"boiler": "#e07b00", "remove": "#d0021b", "keep": "#2e8b57", "field": "#1f5fbf"}
        assert colour[kind] in swatch.styleSheet()
        assert ("dashed" in swatch.styleSheet()) == (kind == "boiler")
        assert box.text() in {lbl.text() for lbl in dialog.findChildren(QLabel)}
    qtbot.mouseClick(dialog.close_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=3000)

    again = second_window()
    assert not again.guide.show_on_first_start(_settings(tmp_path))
    assert again.guide.dialog is None


def test_help_menu_reopens_the_guide_and_show_me_frames_the_panel(qtbot: Any, window: Any) -> None:
    assert window.guide.dialog is None
    _click_menu(qtbot, window, "&Help", "&Getting started")
    qtbot.waitUntil(lambda: window.guide.dialog is not None and window.guide.dialog.isVisible())
    dialog = window.guide.dialog
    selection = window.findChild(QDockWidget, "dock-selection")
    selection.close()
    qtbot.mouseClick(dialog.steps["selection"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(selection.isVisible, timeout=3000)
    pointer = window.guide.pointer
    assert pointer.isVisible() and pointer.target is selection
    framed = pointer.geometry()
    assert framed.contains(QPoint(selection.geometry().center()))
    # The colours' Show me frames the legend above the page.
    qtbot.mouseClick(dialog.legend_button, Qt.MouseButton.LeftButton)
    assert pointer.target is window.legend
    # Save's Show me opens the File menu on its Save entry.
    qtbot.mouseClick(dialog.steps["save"], Qt.MouseButton.LeftButton)
    menu = window.guide.open_menu
    assert menu is _menu(window, "&File")
    qtbot.waitUntil(menu.isVisible, timeout=3000)
    assert menu.activeAction() is window.save_action
    menu.close()


def test_demo_button_opens_the_demo_with_a_working_example_template(
    qtbot: Any, window: Any, js: Any
) -> None:
    ended: list[tuple[str, str]] = []
    window.job_finished.connect(lambda name, outcome: ended.append((name, outcome)))
    shown: list[str] = []
    window.guide.example_opened.connect(shown.append)
    dialog = window.guide.show()
    with qtbot.waitSignal(window.guide.example_opened, timeout=90_000) as opened:
        qtbot.mouseClick(dialog.example_button, Qt.MouseButton.LeftButton)
    path = opened.args[0]
    assert path == str(guide.example_workspace_path())
    url = BASE + "guides/tomatoes.html"
    qtbot.waitUntil(lambda: window.page is not None and window.page.url == url, timeout=10_000)
    # The template in the editor is the saved example, not an unsaved draft.
    template = window.editor.template
    assert template.name == "demo-guides" and not window.editor.dirty
    assert [f.id for f in template.fields] == ["title", "lead", "steps"]
    assert [f.name for f in template.filters] == ["cookie notice"]
    with Workspace(path, create=False) as ws:
        assert [h["version"] for h in ws.template_history("demo-guides")] == [1]
        saved = ws.load_template("demo-guides")
        pages = {
            u: ws.get_page(u) for u in (url, BASE + "guides/carrots.html", BASE + "about.html")
        }
    assert saved.to_dict() == template.to_dict()

    # The page in the view: its field highlights mark the guide's title, lead and steps.
    def marked(kind: str) -> list[str]:
        return js(
            window.view,
            "JSON.stringify(Array.from(document.querySelectorAll("
            f"'[data-dbg-hl~=\"{kind}\"]')).map(e => e.textContent.trim()))",
        )

    qtbot.waitUntil(lambda: len(marked("field")) == 6, timeout=10_000)
    assert marked("field") == [
        "Growing Tomatoes",
        "Tomatoes want heat, steady water and a long season.",
        "Harden seedlings off for a week",
        "Set stakes before planting",
        "Pinch side shoots on cordon varieties",
        "Feed with potash once the first truss sets",
    ]
    removed = marked("remove")
    assert any(t.startswith("We use cookies") for t in removed)
    assert any(t.startswith("Get our monthly letter") for t in removed)

    # The saved template extracts the right values with the engine, as `extract` would.
    tomatoes = extract_page(pages[url], [saved])
    assert tomatoes.status == "ok"
    assert tomatoes.values == {
        "title": "Growing Tomatoes",
        "lead": "Tomatoes want heat, steady water and a long season.",
        "steps": [
            "Harden seedlings off for a week",
            "Set stakes before planting",
            "Pinch side shoots on cordon varieties",
            "Feed with potash once the first truss sets",
        ],
    }
    carrots = extract_page(pages[BASE + "guides/carrots.html"], [saved])
    assert carrots.values["title"] == "Growing Carrots"
    assert carrots.values["lead"] == "Carrots reward a fine, stone-free seedbed."
    assert carrots.values["steps"][0] == "Rake the bed to a fine tilth"
    assert len(carrots.values["steps"]) == 4
    # Only pages like a guide page take the template.
    assert extract_page(pages[BASE + "about.html"], [saved]).status == "no-template"

    # The example's cleaner is fitted and its site analysed in the background.
    qtbot.waitUntil(
        lambda: ("analyse", "finished") in ended and window.current_job is None, timeout=90_000
    )
    assert shown == [path]  # opened once per click
    # Opening the example again reuses its workspace and saves no second version.
    mark = len(ended)
    with qtbot.waitSignal(window.guide.example_opened, timeout=60_000):
        qtbot.mouseClick(dialog.example_button, Qt.MouseButton.LeftButton)
    with Workspace(path, create=False) as ws:
        assert [h["version"] for h in ws.template_history("demo-guides")] == [1]
    # The reopened workspace's background work ends (its cleaner was fitted the first time).
    qtbot.waitUntil(
        lambda: ("analyse", "finished") in ended[mark:] and window.current_job is None,
        timeout=90_000,
    )
    assert window.model is not None


def test_every_panel_is_in_the_view_menu(qtbot: Any, window: Any) -> None:
    view_actions = _menu(window, "&View").actions()
    docks = window.findChildren(QDockWidget)
    assert {d.windowTitle() for d in docks} >= {
        "Pages",
        "DOM",
        "Selection",
        "Template",
        "Messages",
        "Page types",
    }
    for dock in docks:
        assert dock.toggleViewAction() in view_actions, dock.windowTitle()
    pages = window.findChild(QDockWidget, "dock-pages")
    pages.close()
    assert not pages.isVisible()
    _click_menu(qtbot, window, "&View", "Pages panel")
    qtbot.waitUntil(pages.isVisible, timeout=3000)


def test_filter_dialog_names_the_start_end_string_filter(qtbot: Any, window: Any) -> None:
    dialog = window.filtering.open_filter_dialog(None)
    labels = [dialog.kind.itemText(i) for i in range(dialog.kind.count())]
    assert "Start/end string" in labels and "html" not in labels
    dialog.kind.setCurrentIndex(labels.index("Start/end string"))
    dialog.start.setText("<!-- ad -->")
    dialog.end.setText("<!-- /ad -->")
    flt = dialog.noise_filter()
    assert flt.kind == "html"  # stored as before: existing templates keep working
    assert (flt.start, flt.end) == ("<!-- ad -->", "<!-- /ad -->")
    dialog.close()


def test_demo_button_during_the_first_import_waits_for_it(qtbot: Any, window: Any) -> None:
    """On the first start the demo is being imported when the guide shows: the example opens
    after that import, which is never cancelled half-way."""
    from deboiler_gui.app import session
    from deboiler_gui.engine.sources import demo_site_path

    ended: list[tuple[str, str]] = []
    window.job_finished.connect(lambda name, outcome: ended.append((name, outcome)))
    window.open_demo()
    assert window.current_job is not None and window.current_job.name == "import"
    dialog = window.guide.show()
    with qtbot.waitSignal(window.guide.example_opened, timeout=90_000):
        qtbot.mouseClick(dialog.example_button, Qt.MouseButton.LeftButton)
    assert ended[0] == ("import", "finished")
    assert ("import", "cancelled") not in ended
    with Workspace(str(session.workspace_for(demo_site_path())), create=False) as ws:
        assert ws.page_count() == 29
    assert window.ws_path == str(guide.example_workspace_path())
    assert window.editor.template.name == "demo-guides"
    # Then the example's own background work runs: its cleaner is fitted and the site analysed.
    qtbot.waitUntil(lambda: window.model is not None and window.current_job is None, timeout=90_000)
    assert ("analyse", "finished") in ended
