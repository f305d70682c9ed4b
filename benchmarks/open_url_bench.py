"""File → Open URL… in the real window against the generated site (served by another process
with a fixed per-request latency): crawl time next to the engine's own crawl of the same site
with the same settings (the peer, measured in the same run), time until the first page is
listed, how often the list grew, and the GUI thread's longest stall (a 20 ms timer) next to the
same timer on an idle window.

    python benchmarks/open_url_bench.py [--pages 450] [--latency 0.02] [--per-host 4]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVER = ROOT / "tests" / "engine" / "crawlserver.py"


def _serve(pages: int, latency: float) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, str(SERVER), str(pages), str(latency)], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    return proc, proc.stdout.readline().strip()


def engine_crawl(base: str, per_host: int) -> tuple[float, int]:
    from deboiler_gui.engine.crawl.runner import CrawlConfig, crawl
    from deboiler_gui.engine.store import Workspace

    with tempfile.TemporaryDirectory() as tmp, Workspace(Path(tmp) / "w.sqlite") as ws:
        cfg = CrawlConfig(
            seeds=[base + "/"], max_pages=100_000, per_host=per_host, concurrency=max(4, per_host)
        )
        start = time.monotonic()
        stats = crawl(cfg, ws)
        return time.monotonic() - start, ws.page_count() if stats else 0


def app_crawl(base: str, per_host: int) -> dict[str, float]:
    from PySide6.QtCore import QEventLoop, QTimer

    from deboiler_gui.gui.app import build_window, create_application, prepare_environment

    prepare_environment()
    app = create_application([])
    window, _profile = build_window()
    window.show()
    ticks: list[float] = []
    timer = QTimer()
    timer.setInterval(20)
    timer.timeout.connect(lambda: ticks.append(time.monotonic()))

    def spin(until: object, limit: float) -> None:
        end = time.monotonic() + limit
        while not until() and time.monotonic() < end:  # type: ignore[operator]
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)

    def longest(since: float, until: float) -> tuple[float, int]:
        ts = [t for t in ticks if since <= t <= until]
        gaps = [b - a for a, b in zip(ts, ts[1:], strict=False)]
        return (max(gaps, default=0.0), sum(1 for g in gaps if g > 0.1))

    timer.start()
    spin(lambda: False, 0.5)  # let the window settle
    idle_start = time.monotonic()
    spin(lambda: False, 3.0)
    idle_gap, idle_long = longest(idle_start, time.monotonic())

    window.open_url_action.trigger()
    dialog = window._open_url_dialog
    dialog.url_edit.setText(base + "/")
    dialog.per_host.setValue(per_host)
    dialog.max_pages.setValue(100_000)
    listed: list[tuple[float, int]] = []
    window.page_model.modelReset.connect(
        lambda: listed.append((time.monotonic(), window.page_model.total()))
    )
    ended: list[str] = []
    dialog.crawl_ended.connect(lambda _p, outcome, _s: ended.append(outcome))
    start = time.monotonic()
    dialog.start_button.click()
    spin(lambda: bool(ended), 600)
    end = time.monotonic()
    gap, long_ticks = longest(start, end)
    first = next((t for t, n in listed if n > 0), end)
    refreshes = len({n for t, n in listed if t <= end and n > 0})
    window.editor.mark_saved()
    window.shutdown()
    return {
        "wall": end - start,
        "first": first - start,
        "refreshes": refreshes,
        "listed": window.page_model.total(),
        "gap": gap,
        "long": long_ticks,
        "ticks": len([t for t in ticks if start <= t <= end]),
        "idle_gap": idle_gap,
        "idle_long": idle_long,
        "outcome": ended[0] if ended else "timeout",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=450)
    parser.add_argument("--latency", type=float, default=0.02)
    parser.add_argument("--per-host", type=int, default=4)
    args = parser.parse_args()
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="open-url-bench-")
    proc, base = _serve(args.pages, args.latency)
    try:
        peer_wall, peer_pages = engine_crawl(base, args.per_host)
        proc.terminate()
        proc.wait()
        proc, base = _serve(
            args.pages, args.latency
        )  # a fresh server: the flaky page fails once again
        r = app_crawl(base, args.per_host)
    finally:
        proc.terminate()
        proc.wait()
    print(
        f"generated site: {args.pages} numbered pages, {args.latency * 1000:.0f} ms per page, per-host {args.per_host}"
    )
    print(f"{'measure':58} {'result':>14} {'peer':>26} {'ratio':>7}")
    print("-" * 108)
    print(
        f"{'crawl wall time (Start to summary)':58} {r['wall']:>12.2f} s {'engine crawl() ' + format(peer_wall, '.2f') + ' s':>26} {r['wall'] / peer_wall:>6.2f}x"
    )
    print(
        f"{'pages stored and listed':58} {r['listed']:>14} {'engine ' + str(peer_pages):>26} {'':>7}"
    )
    print(f"{'Start to first page listed':58} {r['first']:>12.2f} s {'':>26} {'':>7}")
    print(f"{'page list refreshes during the crawl':58} {r['refreshes']:>14} {'':>26} {'':>7}")
    print(
        f"{'longest GUI stall during the crawl (20 ms timer)':58} {r['gap'] * 1000:>11.0f} ms {'idle window ' + format(r['idle_gap'] * 1000, '.0f') + ' ms':>26} {r['gap'] / r['idle_gap']:>6.2f}x"
    )
    print(
        f"{'timer gaps over 100 ms / ticks during the crawl':58} {str(r['long']) + ' / ' + str(r['ticks']):>14} {'idle ' + str(r['idle_long']) + ' over 100 ms':>26} {'':>7}"
    )
    print(f"outcome: {r['outcome']}; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
