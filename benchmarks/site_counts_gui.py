"""How long the window's event loop waits while the site service counts a remove rule and a
field over a whole site (offscreen): a 10 ms timer runs from the edit until both counts are
final, and the gaps between its ticks are printed.

    python benchmarks/site_counts_gui.py WORKSPACE [--rule XPATH] [--field XPATH] [--check]
        [--index-pages 1000]

With ``--check`` the timer runs until the Check column's verdicts are over every page of the
site too (the field's check: on a sample at once, then over the site in the counts' lap).

The cleaner's fit that opening an unfitted workspace starts is cancelled first, so the counts
are measured alone."""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from collections.abc import Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QTWEBENGINE_DISABLE_SANDBOX", "1")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("workspace")
    ap.add_argument("--rule", default="//div[@class='headertitle']")
    ap.add_argument("--field", default="//div[@class='title']")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--index-pages", type=int, default=0)
    args = ap.parse_args()
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="site-counts-gui-")

    from deboiler_gui.gui.webview import IsolatedProfile, register_scheme

    register_scheme()
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    from deboiler_gui.gui.controllers import siteservice
    from deboiler_gui.gui.mainwindow import MainWindow

    if args.index_pages:
        siteservice.INDEX_PAGES = args.index_pages

    def spin(cond: Callable[[], bool], limit: float) -> bool:
        end = time.time() + limit
        while time.time() < end and not cond():
            app.processEvents()
            time.sleep(0.005)
        return cond()

    w = MainWindow(IsolatedProfile())
    w.ask = lambda *_a: ""
    w.resize(1400, 900)
    w.show()
    w.load_workspace(args.workspace)
    spin(lambda: "indexed" in w.index_label.text(), 300)
    if w.current_job is not None:
        w.cancel_button.click()
    spin(lambda: w.current_job is None, 60)
    gaps: list[float] = []
    last = [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(tick)
    rule = w.editor.add_rule("remove", args.rule)
    fld = w.editor.add_field("title", args.field)

    def cells() -> list[str]:
        return [w.rules.items[n].text(3) if n in w.rules.items else "" for n in (rule, fld)]

    def done() -> bool:
        got = cells()
        checked = not args.check or (w.rules.check is not None and w.rules.check.over_site)
        return (
            all(got)
            and not any(c.endswith("…") for c in got)
            and "counting" not in w.index_label.text()
            and checked
        )

    t0 = last[0] = time.perf_counter()
    timer.start()
    spin(done, 600)
    timer.stop()
    gaps.sort()
    print(f"{w.index_label.text()}; {cells()}")
    if args.check and w.rules.check is not None:
        fc = w.rules.check.fields.get(fld)
        print(f"check: {w.rules.check.coverage()}; {fld}: {fc.verdict() if fc else ''!r}")
    print(
        f"counts final after {time.perf_counter() - t0:.1f} s; event loop gaps: median"
        f" {gaps[len(gaps) // 2] * 1000:.0f} ms, p99 {gaps[int(len(gaps) * 0.99)] * 1000:.0f} ms,"
        f" max {gaps[-1] * 1000:.0f} ms"
    )
    w.editor.mark_saved()
    w.shutdown()
    os._exit(0)


if __name__ == "__main__":
    main()
