"""Screenshots of the workbench for the docs: the main window on a real multi-page site (the
Django documentation installed by Debian) and on a Chinese page (the Debian Reference in
Simplified Chinese), and File → Open URL… crawling the demo site from a local server. Writes
small PNGs to docs/screenshots/.

    python scripts/screenshots.py [--django DIR] [--chinese DIR]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QTWEBENGINE_DISABLE_SANDBOX", "1")

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


def _wait(app: Any, predicate: Any, timeout: float) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        app.processEvents()
        time.sleep(0.005)
        if time.monotonic() > end:
            raise SystemExit("timed out waiting for the workbench")


def _settle(app: Any, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.01)


def _open(app: Any, window: Any, path: str, url_part: str, timeout: float = 900) -> None:
    done: list[str] = []
    window.job_finished.connect(lambda name, outcome: done.append(f"{name}:{outcome}"))
    window.open_path(path)
    _wait(app, lambda: any(d.startswith("analyse") or d.endswith("failed") for d in done), timeout)
    url = next(r["url"] for r in window.page_model.rows() if url_part in r["url"])
    window.filter_edit.setText(url_part.rsplit("/", 1)[0])
    window.select_url(url)
    _wait(app, lambda: window.view.ready and window.page is not None and window.page.url == url, 60)
    _settle(app, 1.0)


def _pick(app: Any, window: Any, xpath: str) -> None:
    found = window.stamped.root.xpath(xpath)
    if not found:
        return
    window.picking.select_stamp(window.stamped.stamp_of(found[0]), from_tree=False)
    _wait(
        app,
        lambda: (
            bool(window.selection.candidate_list())
            and "rate" in window.selection.candidate_list()[0].get("site", {})
        ),
        120,
    )
    window.view.select(window.picking.selected, scroll=True)
    _settle(app, 0.8)


def _save(window: Any, name: str, width: int | None = 1200) -> Path:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage

    image = window.grab().toImage()
    if width is not None:
        image = image.scaledToWidth(width, Qt.TransformationMode.SmoothTransformation)
    # 256 colours keep a UI screenshot sharp at a fraction of the size.
    image = image.convertToFormat(
        QImage.Format.Format_Indexed8, Qt.ImageConversionFlag.ThresholdDither
    )
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / name
    image.save(str(path), "PNG", 9)
    return path


def _serve_slowly(folder: Path) -> Any:
    import functools
    import http.server
    import threading

    class Handler(http.server.SimpleHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server API)
            time.sleep(0.4)
            super().do_GET()

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=str(folder))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--django", default="/usr/share/doc/python-django-doc/html")
    parser.add_argument("--chinese", default="/usr/share/debian-reference")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="shots-"))
    os.environ["XDG_DATA_HOME"] = str(tmp / "data")

    import shiboken6

    from deboiler_gui.engine.sources import demo_site_path
    from deboiler_gui.gui.app import build_window, create_application

    app = create_application()
    written = []

    window, profile = build_window()
    window.resize(1500, 940)
    window.show()
    _open(app, window, args.django, "/topics/db/models.html")
    window.editor.add_rule("remove", "//div[@id='ft']")
    _pick(app, window, "(//h1)[2]")
    window.selection.field_name.setText("title")
    window.selection.field_button.click()
    _pick(app, window, "(//h1)[2]")
    _settle(app, 1.5)
    written.append(_save(window, "main-window.png"))
    window.editor.mark_saved()
    window.shutdown()
    shiboken6.delete(window)

    # The Chinese pages only: the folder holds every language of the book.
    zh = tmp / "debian-reference-zh"
    zh.mkdir()
    for f in Path(args.chinese).glob("*.zh-cn.html"):
        shutil.copy(f, zh / f.name)
    window, profile2 = build_window()
    window.resize(1500, 940)
    window.show()
    _open(app, window, str(zh), "ch02.zh-cn.html")
    _pick(app, window, "(//h1|//h2)[1]")
    written.append(_save(window, "chinese-page.png"))
    window.editor.mark_saved()
    window.shutdown()
    shiboken6.delete(window)

    # File → Open URL… during a crawl of the demo site served on this machine (slowed down so
    # the shot catches the crawl running).
    window, profile3 = build_window()
    window.resize(1500, 940)
    window.show()
    server = _serve_slowly(demo_site_path())
    try:
        window.open_url_action.trigger()
        dialog = window._open_url_dialog
        dialog.url_edit.setText(f"http://127.0.0.1:{server.server_address[1]}/index.html")
        dialog.per_host.setValue(2)
        dialog.exclude_edit.setPlainText("/zh/")
        dialog.start_button.click()
        _wait(app, lambda: window.page_model.total() >= 8, 120)
        _settle(app, 0.3)
        written.append(_save(dialog, "open-url.png", width=None))
        dialog.cancel()
        _wait(app, lambda: not dialog.running, 60)
    finally:
        server.shutdown()
    window.editor.mark_saved()
    window.shutdown()
    shiboken6.delete(window)
    shiboken6.delete(profile)
    shiboken6.delete(profile2)
    shiboken6.delete(profile3)
    for path in written:
        print(f"{path} ({path.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    sys.exit(main())
