"""Render an HTML review report to PNG with QtWebEngine offscreen (no browser needed).

python scripts/report_screenshot.py report.html docs/screenshots/report.png [--width 1280] [--max-height 4000]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QTWEBENGINE_DISABLE_SANDBOX", "1")


def render(
    html_path: Path, png_path: Path, *, width: int = 1280, max_height: int = 4000
) -> tuple[int, int]:
    from PySide6.QtCore import QEventLoop, QTimer, QUrl
    from PySide6.QtWebEngineWidgets import QWebEngineView
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    view = QWebEngineView()
    view.resize(width, 900)
    view.show()
    loop = QEventLoop()
    ok: list[bool] = []
    view.loadFinished.connect(lambda good: (ok.append(bool(good)), loop.quit()))
    QTimer.singleShot(30_000, loop.quit)
    view.load(QUrl.fromLocalFile(str(html_path.resolve())))
    loop.exec()
    if not ok or not ok[0]:
        raise SystemExit(f"could not load {html_path}")
    heights: list[int] = []
    view.page().runJavaScript(
        "document.documentElement.scrollHeight",
        0,
        lambda h: (heights.append(int(h or 900)), loop.quit()),
    )
    loop.exec()
    height = min(max(heights[0] if heights else 900, 600), max_height)
    view.resize(width, height)
    # Let the resized view lay out and paint before grabbing it.
    QTimer.singleShot(800, loop.quit)
    loop.exec()
    image = view.grab()
    png_path.parent.mkdir(parents=True, exist_ok=True)
    if not image.save(str(png_path)):
        raise SystemExit(f"could not write {png_path}")
    size = (image.width(), image.height())
    view.close()
    import shiboken6

    shiboken6.delete(view)  # before the default profile goes, or Chromium complains at exit
    app.processEvents()
    return size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("html", type=Path)
    parser.add_argument("png", type=Path, nargs="?", default=Path("docs/screenshots/report.png"))
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--max-height", type=int, default=4000)
    args = parser.parse_args()
    w, h = render(args.html, args.png, width=args.width, max_height=args.max_height)
    print(f"{args.png}: {w}x{h}")


if __name__ == "__main__":
    main()
