"""Faithful, still isolated rendering: a folder site's own style sheet, image and font are served
from the input through the app's scheme, nothing goes to the network (the interceptor sees no
http(s) request, a local canary server gets none), the plain view turns the styles off, and
highlights stay visible over a site style sheet that hides outlines with !important."""

from __future__ import annotations

import http.server
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


@pytest.fixture
def canary() -> Iterator[tuple[str, list[str]]]:
    hits: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server API)
            hits.append(self.path)
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", hits
    server.shutdown()
    server.server_close()


def _site(tmp_path: Path, remote: str) -> Path:
    root = tmp_path / "styled"
    (root / "guide").mkdir(parents=True)
    (root / "_static" / "fonts").mkdir(parents=True)
    image = QImage(40, 30, QImage.Format.Format_RGB32)
    image.fill(QColor("#00ff00"))
    assert image.save(str(root / "guide" / "pic.png"))
    if FONT.exists():
        shutil.copy(FONT, root / "_static" / "fonts" / "site.ttf")
    (root / "_static" / "site.css").write_text(
        f"""@font-face {{ font-family: "SiteFont"; src: url("fonts/site.ttf"); }}
body {{ background-color: rgb(10, 20, 30); color: rgb(250, 240, 230); font-family: "SiteFont"; }}
h1 {{ background-image: url({remote}/css-remote.png); }}
* {{ outline: none !important; }}
html body div#main div.box {{ outline: 0 !important; background-color: rgb(1, 2, 3) !important; }}
"""
    )
    for i in range(3):
        (root / "guide" / f"p{i}.html").write_text(
            f"""<html><head><link rel="stylesheet" href="../_static/site.css">
<link rel="icon" href="{remote}/favicon.ico"></head><body>
<div id="nav">Home · Guide · About</div>
<div id="main"><h1>Chapter {i}</h1><div class="box"><p>Text of chapter {i}, different each time {"z" * i}.</p></div>
<img id="pic" src="pic.png"><img id="far" src="{remote}/remote.png"></div>
<div id="footer">Copyright the guide</div></body></html>"""
        )
    return root


def _open(qtbot: Any, window: Any, folder: Path) -> None:
    finished: list[str] = []
    window.job_finished.connect(lambda name, outcome: finished.append(f"{name}:{outcome}"))
    window.open_path(str(folder))
    # Until the cleaner's fit and the analysis are over: the fit shows the page again, and a
    # look at the page while it is being replaced would see no document.
    qtbot.waitUntil(
        lambda: "analyse:finished" in finished and window.current_job is None, timeout=60000
    )
    qtbot.waitUntil(lambda: window.view.ready, timeout=30000)


def _style(js: Any, window: Any, selector: str, prop: str) -> str:
    return str(
        js(
            window.view,
            f"JSON.stringify(getComputedStyle(document.querySelector({selector!r})).{prop})",
        )
    )


def test_site_styles_images_and_fonts_come_from_the_input_and_nothing_else_loads(
    qtbot: Any, window: Any, js: Any, tmp_path: Path, canary: tuple[str, list[str]]
) -> None:
    remote, hits = canary
    _open(qtbot, window, _site(tmp_path, remote))
    view = window.view
    qtbot.waitUntil(
        lambda: _style(js, window, "body", "backgroundColor") == "rgb(10, 20, 30)", timeout=10000
    )
    qtbot.waitUntil(
        lambda: js(view, "JSON.stringify(document.getElementById('pic').naturalWidth)") == 40,
        timeout=10000,
    )
    if FONT.exists():
        qtbot.waitUntil(
            lambda: js(view, "JSON.stringify(document.fonts.check('12px SiteFont'))") is True,
            timeout=10000,
        )
    served = {u.rsplit("/", 1)[-1] for u in window.profile.handler.served}
    assert {"site.css", "pic.png"} <= served
    # The remote image, icon and CSS background were asked of our scheme, which does not
    # have them; no request left through any other scheme.
    assert js(view, "JSON.stringify(document.getElementById('far').naturalWidth)") == 0
    qtbot.wait(500)
    assert not [u for u in view.interceptor.blocked if u.startswith(("http:", "https:"))]
    assert hits == []
    assert any(u.endswith("/remote.png") for u in window.profile.handler.missing)


def test_highlights_stay_visible_over_site_css_and_plain_view_drops_the_styles(
    qtbot: Any, window: Any, js: Any, tmp_path: Path, canary: tuple[str, list[str]]
) -> None:
    remote, _hits = canary
    _open(qtbot, window, _site(tmp_path, remote))
    view = window.view
    qtbot.waitUntil(
        lambda: _style(js, window, "body", "backgroundColor") == "rgb(10, 20, 30)", timeout=10000
    )
    box = window.stamped.root.xpath("//div[@class='box']")[0]
    stamp = window.stamped.stamp_of(box)
    with qtbot.waitSignal(view.highlights_applied, timeout=5000):
        view.set_highlights({"remove": [stamp]})
    # The site says "outline: none !important" on everything and, more specifically, on the box.
    assert _style(js, window, "div.box", "outlineStyle") == "solid"
    assert _style(js, window, "div.box", "outlineColor") == "rgb(208, 2, 27)"
    assert _style(js, window, "div.box", "outlineWidth") == "2px"
    # Plain view, from the View menu: the page is served again without the site's styles.
    assert window.plain_action.text() in [a.text() for a in _view_menu(window).actions()]
    with qtbot.waitSignal(view.page_ready, timeout=10000):
        window.plain_action.trigger()
    assert _style(js, window, "body", "backgroundColor") == "rgba(0, 0, 0, 0)"
    assert js(view, "JSON.stringify(document.getElementById('pic').naturalWidth)") == 0
    assert not [u for u in view.interceptor.blocked if u.startswith(("http:", "https:"))]
    with qtbot.waitSignal(view.page_ready, timeout=10000):
        window.plain_action.trigger()
    qtbot.waitUntil(
        lambda: _style(js, window, "body", "backgroundColor") == "rgb(10, 20, 30)", timeout=10000
    )


def _view_menu(window: Any) -> Any:
    for action in window.menuBar().actions():
        if action.text().replace("&", "") == "View":
            return action.menu()
    raise AssertionError("no View menu")


def test_plain_view_can_be_toggled_with_its_shortcut(qtbot: Any, window: Any) -> None:
    assert window.plain_action.shortcut().toString() == "Ctrl+Shift+P"
    assert window.plain_action.isCheckable() and not window.plain_action.isChecked()
    assert window.plain_action.shortcutContext() == Qt.ShortcutContext.WindowShortcut


def test_a_highlight_keeps_the_site_background_so_light_text_stays_readable(
    qtbot: Any, window: Any, js: Any, tmp_path: Path, canary: tuple[str, list[str]]
) -> None:
    """The box is light text on a near-black background (set with !important by the site): a
    remove or boilerplate highlight outlines and tints it, but the box stays dark."""
    remote, _hits = canary
    _open(qtbot, window, _site(tmp_path, remote))
    view = window.view
    qtbot.waitUntil(
        lambda: _style(js, window, "div.box", "backgroundColor") == "rgb(1, 2, 3)", timeout=10000
    )
    stamp = window.stamped.stamp_of(window.stamped.root.xpath("//div[@class='box']")[0])
    for kind in ("boiler", "remove", "keep", "field"):
        with qtbot.waitSignal(view.highlights_applied, timeout=5000):
            view.set_highlights({kind: [stamp]})
        assert _style(js, window, "div.box", "backgroundColor") == "rgb(1, 2, 3)", kind
        assert _style(js, window, "div.box", "outlineStyle") in ("solid", "dashed"), kind
        # Right of the text, inside the box: the site's dark background, tinted (painted once
        # the frame with the highlight is on screen).
        rect = js(view, "JSON.stringify(document.querySelector('div.box').getBoundingClientRect())")

        def dark(rect: dict[str, float] = rect) -> bool:
            image = view.grab().toImage()
            scale = image.width() / max(1, view.width())
            x = int((rect["left"] + rect["width"] - 6) * scale)
            y = int((rect["top"] + rect["height"] / 2) * scale)
            colour = image.pixelColor(x, y)
            return max(colour.red(), colour.green(), colour.blue()) < 80

        qtbot.waitUntil(dark, timeout=5000)
