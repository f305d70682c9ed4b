"""Speed and memory of fit+clean, ours next to the original deboiler package on the same pages
in the same run, each runner in a fresh subprocess (peak RSS from ru_maxrss); lxml's
parse-only time is the floor. Ours is measured through the Python API and end to end through
the CLI (``deboiler-gui clean SITE.jsonl -o OUT.jsonl``, start-up, reading and writing
included). Also how time and memory grow from 25% to 100% of a large site. The package's
bytecode is compiled first, as an installed package has it.

    python benchmarks/speed.py [--limit N] [--site NAME ...] [--scale-pages 3000] [--no-scale]
                               [--runners lxml-parse,ours-memory,...]

``--site`` also takes a JSON lines file of ``{"url", "html"}`` records (any site's saved pages,
``--limit`` then takes the first pages by URL).

By default: a news site of 217 pages (bbc-news, built by benchmarks/datasets.py) and the first
3,000 pages of the libstdc++ API reference.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sites import SITES, Site  # noqa: E402

from deboiler_gui.engine.model import Page  # noqa: E402

#: One real site of 3,800 Doxygen pages (the libstdc++ API reference): the scaling test's site.
SCALE_SITE = next(s for s in SITES if s.name == "libstdc++-api")

RUNNERS = (
    "lxml-parse",
    "ours-memory",
    "ours-performance",
    "ours-cli",
    "deboiler-memory",
    "deboiler-performance",
)

#: The default sites and how many of their pages: one of about 200 pages, one of 3,000.
DEFAULT_SITES = {"bbc-news": None, "libstdc++-api": 3000}


def _cpu() -> float:
    # CPU seconds of this process: the machine's two cores are shared with other jobs, so wall
    # time says more about the neighbours than about the code.
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _site(name: str) -> Site | None:
    """A site of the benchmark by its name, or a JSON lines file of pages as a site."""
    if name.endswith(".jsonl") and os.path.isfile(name):
        return Site(name=name, generator="", root=name, glob="", base_url="", content="")
    return next((s for s in SITES if s.name == name), None)


def _load(site_name: str, limit: int | None, spread_of: int | None = None) -> list[Page]:
    site = _site(site_name)
    assert site is not None, site_name
    if spread_of is None or limit is None:
        return site.pages(limit)
    # An evenly spread subset of the first ``spread_of`` pages, sorted by URL: every share of
    # the site has the same mix of page kinds, so growth measures size, not composition.
    everything = site.pages(spread_of)
    return [everything[i * len(everything) // limit] for i in range(min(limit, len(everything)))]


def cli_worker(jsonl: str) -> dict[str, float]:
    """``deboiler-gui clean`` on a JSON-lines file, timed from this process (its only child)."""
    exe = shutil.which("deboiler-gui", path=str(Path(sys.executable).parent)) or "deboiler-gui"
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        subprocess.run(
            [exe, "clean", jsonl, "-o", str(Path(tmp) / "out.jsonl"), "--quiet"], check=True
        )
        wall = time.perf_counter() - t0
        with open(jsonl, encoding="utf-8") as f:
            pages = sum(1 for _ in f)
    child = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {
        "seconds": child.ru_utime + child.ru_stime,
        "wall": wall,
        "pages": pages,
        "rss_peak": child.ru_maxrss / 1024,
        "rss_base": 0.0,
    }


def worker(
    runner: str, site_name: str, limit: int | None, spread_of: int | None = None
) -> dict[str, float]:
    pages = _load(site_name, limit, spread_of)
    base = _rss_mb()
    t0 = time.perf_counter()
    c0 = _cpu()
    if runner == "lxml-parse":
        from deboiler_gui.engine.htmltree import parse_html

        for page in pages:
            parse_html(page.html)
    elif runner.startswith("ours"):
        from deboiler_gui.engine.clean.boilerplate import DomainCleaner

        cleaner = DomainCleaner(operation_mode=runner.split("-")[1]).fit(pages)
        for _result in cleaner.transform(pages):
            pass
    else:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from deboiler import Deboiler
            from deboiler.dataset import ListDataset
        logging.disable(logging.INFO)
        records = [
            {"url": p.url, "content": p.html, "status": 200, "content_type": "text/html"}
            for p in pages
        ]
        dataset = ListDataset(records, verbose=False)
        model = Deboiler(n_processes=1, operation_mode=runner.split("-")[1], verbose=False)
        model.fit(dataset)
        for _out in model.transform(dataset):
            pass
    wall = time.perf_counter() - t0
    return {
        "seconds": _cpu() - c0,
        "wall": wall,
        "pages": len(pages),
        "rss_peak": _rss_mb(),
        "rss_base": base,
    }


def write_jsonl(site_name: str, limit: int | None, folder: str) -> str:
    """The pages the API runners read, as the JSON-lines file the CLI runner cleans."""
    path = os.path.join(folder, f"{Path(site_name).stem}.jsonl")
    with open(path, "w", encoding="utf-8") as f:
        for p in _load(site_name, limit):
            record = {"url": p.url, "html": p.html, "status": 200, "content_type": "text/html"}
            f.write(json.dumps(record, ensure_ascii=False) + "\n")
    return path


def measure(
    runner: str,
    site_name: str,
    limit: int | None,
    spread_of: int | None = None,
    jsonl: str | None = None,
) -> dict[str, float]:
    if runner == "ours-cli":
        cmd = [sys.executable, __file__, "--cli-worker", str(jsonl)]
        out = subprocess.run(cmd, capture_output=True, text=True, check=True)
        return json.loads(out.stdout.strip().splitlines()[-1])
    cmd = [sys.executable, __file__, "--worker", runner, "--site", site_name]
    if limit is not None:
        cmd += ["--limit", str(limit)]
    if spread_of is not None:
        cmd += ["--spread-of", str(spread_of)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def compile_bytecode() -> None:
    """The package's bytecode written once before any run, as an installed package has it
    (pip compiles it on install, as it did deboiler's): where PYTHONDONTWRITEBYTECODE is set
    no run writes it, and every run, the CLI's and the API's, would compile the sources again
    (a tenth of a 200-page site's time)."""
    import compileall

    import deboiler_gui

    compileall.compile_dir(str(Path(deboiler_gui.__file__).parent), quiet=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument(
        "--site", action="append", help="a site's name, or a JSON lines file of url/html records"
    )
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--scale-pages", type=int, default=3000)
    parser.add_argument("--no-scale", action="store_true")
    parser.add_argument("--runners", default=",".join(RUNNERS))
    parser.add_argument("--spread-of", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--cli-worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.cli_worker:
        print(json.dumps(cli_worker(args.cli_worker)))
        return
    if args.worker:
        print(json.dumps(worker(args.worker, args.site[0], args.limit, args.spread_of)))
        return
    if args.site == ["none"]:
        sites: dict[str, int | None] = {}
    elif args.site:
        sites = {name: args.limit for name in args.site}
    else:
        sites = {name: args.limit or n for name, n in DEFAULT_SITES.items()}
    runners = args.runners.split(",")
    compile_bytecode()
    print(
        "| site | pages | runner | CPU s | pages/CPU s | wall s | peak RSS MB"
        " | RSS above loaded pages MB | CPU vs ours-memory | CPU vs lxml parse"
        " | CPU vs deboiler-memory | peak RSS vs deboiler-memory |"
    )
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, limit in sites.items():
        site = _site(name)
        if site is None or not site.available():
            print(
                f"{name}: no such site or its pages are missing (benchmarks/datasets.py builds them)",
                file=sys.stderr,
            )
            continue
        with tempfile.TemporaryDirectory() as tmp:
            jsonl = write_jsonl(name, limit, tmp) if "ours-cli" in runners else None
            res = {r: measure(r, name, limit, jsonl=jsonl) for r in runners}
        ref = res.get("ours-memory", {}).get("seconds")
        floor = res.get("lxml-parse", {}).get("seconds")
        deb = res.get("deboiler-memory", {})
        for r, m in res.items():
            vs_ours = f"{m['seconds'] / ref:.1f}×" if ref else "-"
            vs_floor = f"{m['seconds'] / floor:.1f}×" if floor else "-"
            vs_deb = f"{m['seconds'] / deb['seconds']:.2f}×" if deb else "-"
            rss_deb = f"{m['rss_peak'] / deb['rss_peak']:.2f}×" if deb else "-"
            above = f"{m['rss_peak'] - m['rss_base']:.0f}" if m["rss_base"] else "-"
            print(
                f"| {Path(name).stem if name.endswith('.jsonl') else name} | {int(m['pages'])} | {r} | {m['seconds']:.1f} | {m['pages'] / m['seconds']:.1f}"
                f" | {m['wall']:.1f} | {m['rss_peak']:.0f} | {above}"
                f" | {vs_ours} | {vs_floor} | {vs_deb} | {rss_deb} |",
                flush=True,
            )
    if args.no_scale:
        return
    growth(args.scale_pages)


def growth(total: int) -> None:
    """Time and memory at 25-100% of one site, each share an evenly spread sample."""
    print()
    print(
        f"Growth on {SCALE_SITE.name} ({SCALE_SITE.generator}), one site, ours in memory mode"
        f" (each share evenly spread over the first {total} pages):"
    )
    print(
        "| share | pages | CPU s | CPU ms/page | wall s | peak RSS MB | RSS above loaded pages MB |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for share in (0.25, 0.5, 0.75, 1.0):
        n = int(total * share)
        m = measure("ours-memory", SCALE_SITE.name, n, spread_of=total)
        print(
            f"| {share:.0%} | {n} | {m['seconds']:.1f} | {1000 * m['seconds'] / n:.2f} | {m['wall']:.1f}"
            f" | {m['rss_peak']:.0f} | {m['rss_peak'] - m['rss_base']:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
