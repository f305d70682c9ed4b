"""Repair time against site size: the learned-values repair (``repair_site``) and the search
rule repair (``repair_steps``, the previous ``templates repair``) on the same changed pages of
a real site (PostgreSQL docs, every layout change at once), at growing page counts.

    python benchmarks/repair_scale.py [--sizes 100,300,1000] [--old-max 300]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from authoring import author  # noqa: E402
from gold_sites import gold_sites  # noqa: E402
from mutation_repair import MUTATIONS, mutate  # noqa: E402

from deboiler_gui.engine.template.repair import learn_template, repair_steps  # noqa: E402
from deboiler_gui.engine.template.selectors import SiteIndex  # noqa: E402
from deboiler_gui.engine.template.valuerepair import learn_values, repair_site  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--site", default="postgresql-15")
    ap.add_argument("--sizes", default="100,300,1000")
    ap.add_argument(
        "--old-max", type=int, default=300, help="largest size the search-rule repair is run on"
    )
    args = ap.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    site = next(s for s in gold_sites() if s.name == args.site)
    pages = site.load(max(sizes))
    index = SiteIndex.from_pages(pages[:300], max_pages=None)
    template, _ = author(site, index)
    learn = [p for p in pages if site.page_name(p.url) not in site.gold]
    learned = learn_values(learn_template(template, learn[:5]), learn)
    changed = mutate(pages, MUTATIONS["all"])
    print(f"site {site.name}, {len(changed)} changed pages available, one core")
    print(
        f"{'pages':>6} {'values repair s':>16} {'s/1000 pages':>12} {'search-rule repair s':>21} {'s/1000 pages':>12}"
    )
    for n in sizes:
        sub = changed[:n]
        t0 = time.perf_counter()
        repairs, _stats = repair_site(sub, learned)
        t_new = time.perf_counter() - t0
        t_old = None
        if n <= args.old_max:
            t0 = time.perf_counter()
            gen = repair_steps(sub, learned)
            try:
                while True:
                    next(gen)
            except StopIteration:
                pass
            t_old = time.perf_counter() - t0
        old = (
            f"{t_old:>21.1f} {t_old / n * 1000:>12.1f}"
            if t_old is not None
            else f"{'-':>21} {'-':>12}"
        )
        print(
            f"{n:>6} {t_new:>16.1f} {t_new / n * 1000:>12.1f} {old}   ({sum(r.status == 'repaired' for r in repairs)} fields repaired)"
        )


if __name__ == "__main__":
    main()
