"""Engine CPU of one click: what the app computes when a node is clicked (the rules induced from
the click, ``one_click_rules``, then the ranked candidates with their site-wide hit rates,
``click_candidates``), on a site index held as the app holds it (the pages parsed once, kept
across clicks; the hit-rate cache cleared before each click, as for a node never clicked).

Two sites: the Python 3.11 library reference (Debian's python3.11-doc: 317 large Sphinx pages)
with typical clicks (title, the related bar's 'next' link, a breadcrumb link, the sidebar's
'Next topic' link, a contents link, a paragraph of the body), and the 1,000 pages that
``gui_bench.py`` builds for its click measure, with the same eight clicks.

    python benchmarks/click_cost.py [--site docs|bench] [--rounds 3] [--json OUT]
    python benchmarks/click_cost.py --against OTHER_CHECKOUT [--site docs|bench] [--rounds 3]

``--json`` writes every click's candidates (XPath, family, cost, matches on the page, whether
it selects the node, hit rate) to compare two versions of the code. ``--against`` alternates
this checkout with another (a child process each, ``PYTHONPATH`` set to the checkout), round
by round, and prints the median CPU per click of each and whether their candidates are equal.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

DOCS = Path("/usr/share/doc/python3.11-doc/html/library")

#: (page, XPath of the clicked node on the engine's parse of it)
DOCS_CLICKS = [
    (page, xp)
    for page in ("json.html", "os.html")
    for xp in (
        "//div[@class='body']//h1",
        "(//div[@class='related'])[1]//a[@accesskey='N']",
        "(//div[@class='related'])[1]//li[contains(@class, 'nav-item-1')]/a",
        "(//div[@class='sphinxsidebarwrapper']//a[@title='next chapter'])[1]",
        "(//div[@class='sphinxsidebarwrapper']/div[1]//ul/li/ul/li/a)[1]",
        "(//div[@class='body']//p)[2]",
    )
]

BENCH_CLICKS = [
    "//article/h1",
    "//aside//h3",
    "//div[@class='crumbs']",
    "//footer/p[2]",
    "//ul[@class='steps']/li[3]",
    "//header/a",
    "//div[@class='pager']/a[2]",
    "//nav//li[4]/a",
]


def site_pages(site: str) -> tuple[list[Path], list[tuple[str, str]]]:
    """The site's pages (sorted by path) and its clicks as (page path, XPath)."""
    if site == "docs":
        pages = sorted(DOCS.glob("*.html"))
        return pages, [(str(DOCS / p), xp) for p, xp in DOCS_CLICKS]
    folder = Path(tempfile.gettempdir()) / "deboiler-click-cost-site"
    if not folder.exists():
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from gui_bench import make_site

        make_site(folder, 1000, content_kb=8, seed=2)
    pages = sorted(folder.rglob("*.html"))
    return pages, [(str(pages[5]), xp) for xp in BENCH_CLICKS]


def run_clicks(site: str, repeat: int) -> dict[str, Any]:
    """Every click ``repeat`` times: CPU seconds of each, and the candidates of the last."""
    from deboiler_gui.engine.htmltree import parse_html
    from deboiler_gui.engine.template.induce import (
        Example,
        click_candidates,
        one_click_rules,
    )
    from deboiler_gui.engine.template.selectors import SiteIndex

    try:
        from deboiler_gui.engine.template.selectors import shared_runs
    except ImportError:  # the code before the runs were shared
        from contextlib import nullcontext as shared_runs

    pages, clicks = site_pages(site)
    urls = [p.as_uri() for p in pages]
    trees = [parse_html(p.read_text(encoding="utf-8", errors="replace")) for p in pages]
    index = SiteIndex(urls, trees)
    times: list[list[float]] = [[] for _ in clicks]
    shown: list[list[dict[str, Any]]] = []
    for _ in range(repeat):
        shown = []
        for k, (page, xp) in enumerate(clicks):
            url = Path(page).as_uri()
            root = index.trees[index.urls.index(url)]
            node = root.xpath(xp)[0]
            ex = Example(url, root, node)
            index._hits.clear()  # the hit rates counted again, as for a node never clicked
            t0 = time.process_time()
            with shared_runs():  # as the app's service does
                rules = one_click_rules(ex, index)
                cands = click_candidates(ex, index, rules=rules)
            times[k].append(time.process_time() - t0)
            shown.append(
                {
                    "click": f"{Path(page).name} {xp}",
                    "rules": [r.xpath for r in rules],
                    "candidates": [c.to_dict() for c in cands],
                }
            )
    return {"times": times, "clicks": shown}


def _child(code: str, site: str, repeat: int) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": code}
    out = subprocess.run(
        [sys.executable, __file__, "--site", site, "--rounds", str(repeat), "--child"],
        env=env,
        cwd=tempfile.gettempdir(),
        check=True,
        capture_output=True,
        text=True,
    )
    return dict(json.loads(out.stdout))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", choices=("docs", "bench"), default="docs")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", type=Path, help="write the candidates of every click here")
    parser.add_argument("--against", help="another checkout, timed in turns with this one")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(run_clicks(args.site, args.rounds)))
        return
    here = str(Path(__file__).resolve().parent.parent)
    codes = [args.against, here] if args.against else [here]
    medians: list[list[float]] = [[] for _ in codes]
    last: list[dict[str, Any]] = [{} for _ in codes]
    for rnd in range(args.rounds):
        for k, code in enumerate(codes):
            got = _child(code, args.site, 1)
            per_click = [t[0] for t in got["times"]]
            medians[k].append(statistics.median(per_click))
            last[k] = got
            print(
                f"round {rnd + 1} {code}: median {statistics.median(per_click) * 1000:.0f} ms, "
                f"max {max(per_click) * 1000:.0f} ms over {len(per_click)} clicks",
                flush=True,
            )
    for k, code in enumerate(codes):
        rounds = ", ".join(f"{m * 1000:.0f}" for m in medians[k])
        print(f"{code}: median CPU per click by round {rounds} ms")
    if args.against:
        same = last[0]["clicks"] == last[1]["clicks"]
        print("candidates identical" if same else "CANDIDATES DIFFER")
    if args.json:
        args.json.write_text(json.dumps(last[-1]["clicks"], indent=1))


if __name__ == "__main__":
    main()
