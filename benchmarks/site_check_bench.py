"""Time and memory of the app's check of a template's fields over a whole site: the site
service answers at once on a sample of its index, then gathers the fields' signals over the
index and the rest of the site (read in batches, parsed, added, dropped) and settles them.

    python benchmarks/site_check_bench.py WORKSPACE [--site SITE] [--index-pages 1000]
        [--field NAME=XPATH ...] [--list NAME=XPATH ...]

Prints the time of the answer on the sample, of the whole-site answer, the longest pass of the
service's event queue (what a click's candidates may wait for), the peak resident memory of
this process after the index and after the check, and each field's verdict on the sample and
over the site."""

from __future__ import annotations

import argparse
import resource
import time
from typing import Any

from PySide6.QtCore import QCoreApplication


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    from deboiler_gui.engine.store import Workspace
    from deboiler_gui.engine.template.model import Field, Template
    from deboiler_gui.gui.controllers import siteservice
    from deboiler_gui.gui.controllers.siteservice import _SiteWorker

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("workspace")
    ap.add_argument("--site")
    ap.add_argument("--index-pages", type=int, default=siteservice.INDEX_PAGES)
    ap.add_argument("--field", action="append", default=[])
    ap.add_argument("--list", action="append", default=[])
    args = ap.parse_args()
    _app = QCoreApplication.instance() or QCoreApplication([])
    site = args.site
    if site is None:
        with Workspace(args.workspace, create=False) as ws:
            site = max(ws.sites(), key=lambda s: s[1])[0]
    siteservice.INDEX_PAGES = args.index_pages
    fields = [
        Field(id=spec.split("=", 1)[0], xpaths=(spec.split("=", 1)[1],), is_list=is_list)
        for specs, is_list in ((args.field or ["title=//h1"], False), (args.list, True))
        for spec in specs
    ]
    template = Template(name="bench", fields=tuple(fields))
    w = _SiteWorker()
    answers: list[tuple[float, Any]] = []
    w.checked_ready.connect(lambda _r, c: answers.append((time.perf_counter(), c)))
    w.failed.connect(lambda _r, msg: print("failed:", msg))
    t0 = time.perf_counter()
    w.build_index(args.workspace, site, 1)
    t1 = time.perf_counter()
    print(
        f"index: {len(w._index.trees):,} of {w._site_pages:,} pages in {t1 - t0:.1f} s, "
        f"peak {peak_mb():.0f} MB"
    )
    t1 = time.perf_counter()
    w.check(1, template)
    passes: list[float] = []
    while w._checks:
        p = time.perf_counter()
        w._count_batch()
        passes.append(time.perf_counter() - p)
    w._close_lap()
    sample, site_check = answers[0][1], answers[-1][1]
    print(f"on the sample ({sample.pages:,} pages): {answers[0][0] - t1:.1f} s")
    print(
        f"over the site ({site_check.pages:,} pages): {answers[-1][0] - t1:.1f} s, "
        f"{len(passes)} passes, longest {max(passes):.2f} s, "
        f"median {sorted(passes)[len(passes) // 2]:.2f} s, peak {peak_mb():.0f} MB"
    )
    for fid in sample.fields:
        a, b = sample.fields[fid], site_check.fields[fid]
        print(
            f"  {fid}: sample {a.verdict() or 'looks right'!r} -> site "
            f"{b.verdict() or 'looks right'!r} ({b.summary() or b.details().splitlines()[0]})"
        )


if __name__ == "__main__":
    main()
