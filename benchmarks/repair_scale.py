"""Repair time against site size: the learned-values repair (``repair_site``), the whole of
``templates repair`` on a learned template (``repair_template_steps``: the learned-values repair
and the search for fields that still hold on the learned pages but fail elsewhere) and the
search rule repair (``repair_steps``, the previous ``templates repair``) on the same changed
pages of a real site (PostgreSQL docs by default, every layout change at once), at growing page
counts. CPU seconds of this process (one core); the pages are read and changed first.

    python benchmarks/repair_scale.py [--site NAME] [--change all] [--sizes 100,300,1000] [--old-max 300]

A site of large pages: ``--site rust-std-1.63`` (rustdoc, 1,779 pages, 58 KB on average, the
largest several MB).

A changed site already in a workspace, with its learned template imported (the steps of
docs/rules.md, *Loading the changed site*), instead of a gold site:

    python benchmarks/repair_scale.py --workspace changed.sqlite --template NAME [--sizes 83,1000]

Its pages are repaired as they are; a size beyond the site's page count repeats the site in
folders of its own (``copy1/…``, ``copy2/…``: the same pages under other addresses, as a site
copied into several folders), so the time over the whole site can be read at 1,000 pages of
that kind. Only the workspace's model of the site is read besides (``templates repair`` reads
it too); the ``values repair`` column is ``repair_site`` alone.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))

from authoring import author  # noqa: E402
from gold_sites import gold_sites  # noqa: E402
from mutation_repair import MUTATIONS, mutate  # noqa: E402

from deboiler_gui.engine.model import Page  # noqa: E402
from deboiler_gui.engine.store import Workspace  # noqa: E402
from deboiler_gui.engine.template.model import Template  # noqa: E402
from deboiler_gui.engine.template.repair import learn_template, repair_steps  # noqa: E402
from deboiler_gui.engine.template.selectors import SiteIndex  # noqa: E402
from deboiler_gui.engine.template.valuerepair import (  # noqa: E402
    learn_values,
    repair_site,
    repair_template_steps,
)


def _run(gen: Any) -> Any:
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        return stop.value


def _from_workspace(path: str, name: str, most: int) -> tuple[list[Page], Template, Any]:
    """The workspace's pages of the template's site, repeated in folders up to ``most`` pages;
    the template (its latest version) and the site's saved model."""
    with Workspace(path, create=False) as ws:
        template = ws.load_template(name)
        site = [p for p in ws.iter_pages(template.site or None) if not p.error and p.html]
        model = ws.load_model(template.site) if template.site else None
    out = list(site)
    copy = 0
    while len(out) < most:
        copy += 1
        for page in site:
            parts = urlsplit(page.url)
            url = urlunsplit(parts._replace(path=f"/copy{copy}{parts.path}"))
            out.append(dataclasses.replace(page, url=url))
    return out[:most], template, model


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--site", default="postgresql-15")
    ap.add_argument("--workspace", help="a workspace holding a changed site and its template")
    ap.add_argument("--template", help="with --workspace: the learned template's name")
    ap.add_argument("--sizes", default="100,300,1000")
    ap.add_argument("--change", default="all", choices=sorted(MUTATIONS))
    ap.add_argument(
        "--old-max", type=int, default=300, help="largest size the search-rule repair is run on"
    )
    args = ap.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    model = None
    if args.workspace:
        changed, learned, model = _from_workspace(args.workspace, args.template, max(sizes))
        print(f"workspace {args.workspace}, template {args.template}, CPU s")
    else:
        site = next(s for s in gold_sites() if s.name == args.site)
        pages = site.load(max(sizes))
        index = SiteIndex.from_pages(pages[:300], max_pages=None)
        template, _ = author(site, index)
        learn = [p for p in pages if site.page_name(p.url) not in site.gold]
        learned = learn_values(learn_template(template, learn[:5]), learn)
        changed = mutate(pages, MUTATIONS[args.change])
        print(f"site {site.name}, change {args.change}, {len(changed)} changed pages, CPU s")
    print(
        f"{'pages':>6} {'values repair':>14} {'per 1000':>9} {'templates repair':>17} "
        f"{'per 1000':>9} {'search-rule repair':>19} {'per 1000':>9}"
    )
    for n in sizes:
        sub = changed[:n]
        t0 = time.process_time()
        repairs, _stats = repair_site(sub, learned)
        t_new = time.process_time() - t0
        t0 = time.process_time()
        found = _run(repair_template_steps(sub, learned, model))
        t_all = time.process_time() - t0
        t_old = None
        if n <= args.old_max:
            t0 = time.process_time()
            _run(repair_steps(sub, learned, model))
            t_old = time.process_time() - t0
        old = (
            f"{t_old:>19.1f} {t_old / n * 1000:>9.1f}"
            if t_old is not None
            else f"{'-':>19} {'-':>9}"
        )
        fixed = sum(r.status == "repaired" for r in repairs)
        print(
            f"{n:>6} {t_new:>14.1f} {t_new / n * 1000:>9.1f} {t_all:>17.1f} "
            f"{t_all / n * 1000:>9.1f} {old}   ({fixed} fields repaired, "
            f"{len(found.proposals)} search proposals)"
        )


if __name__ == "__main__":
    main()
