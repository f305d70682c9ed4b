"""Crawl throughput against the local generated site (served by another process, with a fixed
per-request latency standing in for the network), next to GNU wget's recursive crawl of the same
site measured in the same run, with the server's own record of the politeness limits.

    python benchmarks/crawl_bench.py [--pages 450] [--latency 0.02] [--real FOLDER]

A second table crawls a real documentation tree (default: the Django docs installed under
/usr/share/doc) served by ``python -m http.server``, next to wget on the same tree.

Columns: pages/s counts page requests seen by the server over the server-side span of the
crawl; "max at once" and the gaps between request starts are measured by the server
(per-host concurrency and delay actually held; the server stamps a request when one of its
threads gets to it, so on a loaded machine single gaps can look shorter than the client made
them); "repeats" are page URLs requested more than once (retries excluded).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from deboiler_gui.engine.crawl.runner import CrawlConfig, crawl
from deboiler_gui.engine.store import Workspace

ROOT = Path(__file__).resolve().parent.parent
SERVER = ROOT / "tests" / "engine" / "crawlserver.py"
NOT_PAGES = ("/robots.txt", "/sitemap.xml", "/sitemap-pages.xml")
RETRIED = ("/error500.html", "/flaky.html")


def _control(base: str, what: str) -> dict:
    with urllib.request.urlopen(f"{base}/__{what}", timeout=10) as resp:  # noqa: S310 (localhost)
        return json.loads(resp.read())


def _row(name: str, stats: dict, wall: float, pages: int) -> dict:
    span = (stats["last"] - stats["first"]) if stats["first"] is not None else wall
    repeats = {
        p: n for p, n in stats["repeated"].items() if p not in NOT_PAGES and p not in RETRIED
    }
    return {
        "name": name,
        "pages": pages,
        "wall": wall,
        "rate": pages / span if span else 0.0,
        "max_active": stats["max_active"],
        "min_gap": stats["min_gap"],
        "median_gap": stats["median_gap"],
        "repeats": len(repeats),
    }


def run_ours(base: str, *, concurrency: int, per_host: int, delay: float = 0.0) -> dict:
    _control(base, "reset")
    with tempfile.TemporaryDirectory() as tmp, Workspace(Path(tmp) / "w.sqlite") as ws:
        cfg = CrawlConfig(
            seeds=[base + "/"],
            max_pages=100_000,
            concurrency=concurrency,
            per_host=per_host,
            delay=delay,
            timeout=5,
            retries=1,
            backoff=0.05,
            max_bytes=1024 * 1024,
        )
        start = time.monotonic()
        stats = crawl(cfg, ws)
        wall = time.monotonic() - start
    server = _control(base, "stats")
    label = f"deboiler-gui c={concurrency} per-host={per_host}" + (
        f" delay={delay:g}" if delay else ""
    )
    return _row(label, server, wall, stats.page_requests)


def run_wget(base: str) -> dict | None:
    wget = shutil.which("wget")
    if wget is None:
        return None
    _control(base, "reset")
    with tempfile.TemporaryDirectory() as tmp:
        start = time.monotonic()
        subprocess.run(
            [
                wget,
                "-r",
                "-l",
                "inf",
                "-q",
                "-e",
                "robots=on",
                "--max-redirect=5",
                "-t",
                "2",
                "-T",
                "5",
                "-P",
                tmp,
                base + "/",
            ],
            check=False,
        )
        wall = time.monotonic() - start
    server = _control(base, "stats")
    pages = server["requests"] - sum(1 for _ in NOT_PAGES[:1])
    return _row("GNU wget -r (sequential)", server, wall, pages)


def real_site(folder: str) -> list[tuple[str, int, float]]:
    """A real documentation tree served by ``python -m http.server`` (no latency added):
    wget's recursive crawl, then ours at two per-host limits."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "http.server",
            str(port),
            "--bind",
            "127.0.0.1",
            "--directory",
            folder,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    out: list[tuple[str, int, float]] = []
    try:
        for _ in range(50):
            try:
                urllib.request.urlopen(base + "/", timeout=1).close()  # noqa: S310 (localhost)
                break
            except OSError:
                time.sleep(0.1)
        wget = shutil.which("wget")
        if wget:
            with tempfile.TemporaryDirectory() as tmp:
                start = time.monotonic()
                subprocess.run(
                    [
                        wget,
                        "-r",
                        "-l",
                        "inf",
                        "-q",
                        "-e",
                        "robots=on",
                        "-R",
                        "*.png,*.jpg,*.gif,*.svg,*.js,*.css,*.txt,*.inv",
                        "-P",
                        tmp,
                        base + "/index.html",
                    ],
                    check=False,
                )
                wall = time.monotonic() - start
                n = sum(1 for p in Path(tmp).rglob("*.html"))
            out.append(("GNU wget -r (sequential)", n, wall))
        for per_host in (1, 4):
            with tempfile.TemporaryDirectory() as tmp, Workspace(Path(tmp) / "w.sqlite") as ws:
                start = time.monotonic()
                stats = crawl(
                    CrawlConfig(
                        seeds=[base + "/index.html"],
                        max_pages=100_000,
                        concurrency=per_host,
                        per_host=per_host,
                        timeout=10,
                        retries=1,
                    ),
                    ws,
                )
                out.append(
                    (
                        f"deboiler-gui c={per_host} per-host={per_host}",
                        stats.fetched,
                        time.monotonic() - start,
                    )
                )
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--pages", type=int, default=450)
    ap.add_argument("--latency", type=float, default=0.02)
    ap.add_argument(
        "--real",
        default="/usr/share/doc/python-django-doc/html",
        help="a folder of real HTML pages to crawl as well ('' to skip)",
    )
    args = ap.parse_args()
    proc = subprocess.Popen(
        [sys.executable, str(SERVER), str(args.pages), str(args.latency)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        base = proc.stdout.readline().strip()
        rows = []
        peer = run_wget(base)
        if peer:
            rows.append(peer)
        for conc, per_host in ((1, 1), (8, 1), (8, 2), (8, 4), (8, 8)):
            rows.append(run_ours(base, concurrency=conc, per_host=per_host))
        rows.append(run_ours(base, concurrency=8, per_host=4, delay=0.05))
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    print(
        f"site: {args.pages} numbered pages (+ extras), {args.latency * 1000:g} ms server latency per page, 2 cores shared"
    )
    head = (
        f"{'crawler':<40} {'pages':>6} {'wall s':>7} {'pages/s':>8} {'vs wget':>8} {'max at once':>12} "
        f"{'min gap ms':>11} {'median gap':>11} {'repeats':>8}"
    )
    print(head)
    print("-" * len(head))
    ref = peer["rate"] if peer else None
    for r in rows:
        ratio = f"{r['rate'] / ref:.2f}x" if ref else "-"
        gap = f"{r['min_gap'] * 1000:.1f}" if r["min_gap"] is not None else "-"
        med = f"{r['median_gap'] * 1000:.1f}" if r["median_gap"] is not None else "-"
        print(
            f"{r['name']:<40} {r['pages']:>6} {r['wall']:>7.2f} {r['rate']:>8.1f} {ratio:>8} {r['max_active']:>12} "
            f"{gap:>11} {med:>11} {r['repeats']:>8}"
        )
    if args.real and Path(args.real).is_dir():
        print_real(args.real)


def print_real(folder: str) -> None:
    rows = real_site(folder)
    print()
    print(f"real site: {folder} served by python -m http.server (no added latency)")
    head = f"{'crawler':<40} {'HTML pages':>10} {'wall s':>7} {'pages/s':>8} {'vs wget':>8}"
    print(head)
    print("-" * len(head))
    ref = rows[0][1] / rows[0][2] if rows and rows[0][0].startswith("GNU") else None
    for name, n, wall in rows:
        rate = n / wall if wall else 0.0
        ratio = f"{rate / ref:.2f}x" if ref else "-"
        print(f"{name:<40} {n:>10} {wall:>7.2f} {rate:>8.1f} {ratio:>8}")


if __name__ == "__main__":
    main()
