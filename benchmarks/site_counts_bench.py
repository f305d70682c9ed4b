"""Memory and time of the app's site-wide counts on a workspace: the site service keeps its
index (the first pages, parsed) and counts a remove rule, a field and a noise filter over every
page, reading the rest of the site in batches that are parsed, counted and dropped.

    python benchmarks/site_counts_bench.py WORKSPACE [--site SITE] [--index-pages 1000]
        [--rule XPATH] [--field XPATH] [--filter REGEX] [--keep-all]

Prints the peak resident memory of this process after the index is built and after the counts
(the child process reading pages has its own, small, memory), the time of each step, and the
counts. ``--keep-all`` also parses every page and keeps it (what an index of the whole site
would hold), for comparison."""

from __future__ import annotations

import argparse
import resource
import time
from typing import Any

from PySide6.QtCore import QCoreApplication


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def current_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def main() -> None:
    from deboiler_gui.engine.store import Workspace
    from deboiler_gui.engine.template.model import Field, NoiseFilter, Template
    from deboiler_gui.gui.controllers import siteservice
    from deboiler_gui.gui.controllers.siteservice import (
        ExpressionCount,
        FieldCount,
        FilterCount,
        _SiteWorker,
    )

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("workspace")
    ap.add_argument("--site")
    ap.add_argument("--index-pages", type=int, default=siteservice.INDEX_PAGES)
    ap.add_argument("--rule", default="//div[@class='navfooter']")
    ap.add_argument("--field", default="//h1")
    ap.add_argument("--filter", default="Generated on")
    ap.add_argument("--keep-all", action="store_true")
    args = ap.parse_args()
    _app = QCoreApplication.instance() or QCoreApplication([])
    site = args.site
    if site is None:
        with Workspace(args.workspace, create=False) as ws:
            site = max(ws.sites(), key=lambda s: s[1])[0]
    siteservice.INDEX_PAGES = args.index_pages
    print(f"start: rss {current_mb():.0f} MB")
    worker = _SiteWorker()
    answers: dict[int, dict[str, Any]] = {}
    progress: list[tuple[int, int]] = []
    worker.counts_ready.connect(lambda req, stats: answers.__setitem__(req, stats))
    worker.count_progress.connect(lambda done, total: progress.append((done, total)))
    t0 = time.perf_counter()
    worker.build_index(args.workspace, site, 1)
    t1 = time.perf_counter()
    kept = len(worker._index.trees)
    print(
        f"index: {kept} of {worker._site_pages} pages parsed and kept in {t1 - t0:.1f} s;"
        f" rss {current_mb():.0f} MB, peak {peak_mb():.0f} MB"
    )
    fld = Field(id="title", xpaths=(args.field,))
    flt = NoiseFilter(name="f", kind="text", pattern=args.filter)
    template = Template(name="t", fields=(fld,), filters=(flt,))
    worker.count(1, ExpressionCount(args.rule))
    worker.count(2, FieldCount(fld, template))
    worker.count(3, FilterCount(flt, template, None))
    t2 = time.perf_counter()
    print(f"first answers (on the index): {t2 - t1:.1f} s")
    while worker._tallies:
        worker._count_batch()
    t3 = time.perf_counter()
    print(
        f"counts over every page: {t3 - t2:.1f} s more; rss {current_mb():.0f} MB,"
        f" peak {peak_mb():.0f} MB; {len(progress)} progress reports"
    )
    for req, what in ((1, args.rule), (2, args.field), (3, f"filter {args.filter!r}")):
        s = answers[req]
        line = s.get("summary") or f"{s['hit_pages']:,}/{s['pages']:,} pages"
        print(f"  {what}: {line} (counted on {s['pages']:,}/{s['site_pages']:,} pages)")
    worker._close_lap()
    if args.keep_all:
        from deboiler_gui.engine.htmltree import parse_html

        with Workspace(args.workspace, create=False) as ws:
            trees = [parse_html(p.html) for p in ws.iter_pages(site) if p.html and not p.error]
        print(
            f"every page parsed and kept ({len(trees)}): rss {current_mb():.0f} MB,"
            f" peak {peak_mb():.0f} MB"
        )


if __name__ == "__main__":
    main()
