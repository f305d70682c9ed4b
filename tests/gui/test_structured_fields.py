"""Site → Fields from structured data…: the shown page's JSON-LD, microdata and OpenGraph values
are offered with their site hit rates; the ticked ones become template fields that extract
those values (one undoable step)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import Qt

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.extract import extract_field
from deboiler_gui.gui.webview import register_scheme

register_scheme()  # before pytest-qt makes the QApplication

SITE = "https://store.example"


def _page(n: int) -> Page:
    ld = {
        "@context": "https://schema.org",
        "@type": "Product",
        "name": f"Chair {n}",
        "sku": f"C-{n}",
    }
    script = f"<script type='application/ld+json'>{json.dumps(ld)}</script>" if n % 2 == 0 else ""
    html = (
        f"<html><head><meta property='og:title' content='Chair {n} | Store'>{script}</head>"
        f"<body><h1>Chair {n}</h1><div itemscope itemtype='https://schema.org/Product'>"
        f"<span itemprop='brand'>Woody</span></div></body></html>"
    )
    return Page(f"{SITE}/p/{n}.html", html)


@pytest.fixture
def window(qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    from deboiler_gui.gui.app import preload_engine
    from deboiler_gui.gui.mainwindow import MainWindow
    from deboiler_gui.gui.webview import IsolatedProfile

    preload_engine()
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    profile = IsolatedProfile()
    w = MainWindow(profile)
    w.ask = lambda *_a: pytest.fail("the app asked a question the test did not expect")
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.editor.mark_saved()
    w.shutdown()
    w.close()
    shiboken6.delete(w)
    shiboken6.delete(profile)


def test_structured_values_become_fields(qtbot: Any, window: Any, tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite"
    with Workspace(path) as ws:
        ws.add_pages([_page(n) for n in range(10)])
    window.open_path(str(path))
    qtbot.waitUntil(lambda: window.page_model.total() == 10, timeout=10000)
    with qtbot.waitSignal(window.view.highlights_applied, timeout=10000):
        window.select_url(f"{SITE}/p/2.html")
    window.structured_action.trigger()
    dialog = window._structured_dialog
    assert dialog.isVisible()
    labels = [dialog.list.item(i).text() for i in range(dialog.list.count())]
    by_path = {lab.split()[2]: lab for lab in labels}
    # JSON-LD on half the pages, OpenGraph and microdata on all of them
    assert by_path["Product.name"].split()[:2] == ["json-ld", "50%"]
    assert by_path["og:title"].split()[:2] == ["opengraph", "100%"]
    assert by_path["Product.brand"].split()[:2] == ["microdata", "100%"]
    for i, lab in enumerate(labels):
        if lab.split()[2] in ("Product.name", "Product.brand"):
            dialog.list.item(i).setCheckState(Qt.CheckState.Checked)
    before = window.editor.template
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    template = window.editor.template
    added = [f for f in template.fields if f not in before.fields]
    assert len(added) == 2
    root = parse_html(_page(4).html)
    values = sorted(str(extract_field(root, f, template)[0]) for f in added)
    assert values == ["Chair 4", "Woody"]
    window.editor.undo_stack.undo()  # one step
    assert window.editor.template == before
