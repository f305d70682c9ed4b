"""Extraction speed: pages per second of our engine (parse + template: XPath queues, %d lists,
remove rules, noise filters, processors, diagnostics) against parsel (the selectors Scrapy
uses) evaluating the same XPaths on the same pages, and against lxml's bare parse (the floor).
All three measured in the same run, taking turns, in CPU time; ratios are ours / peer.

    python benchmarks/extract_speed.py [--limit N] [--repeat R]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import lxml.html  # noqa: E402
from parsel import Selector  # noqa: E402
from template_sites import all_sites  # noqa: E402

from deboiler_gui.engine.template.extract import apply_template  # noqa: E402
from deboiler_gui.engine.template.model import Template  # noqa: E402
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements, suggest, to_xpath  # noqa: E402


def parsel_extract(html: str, template: Template) -> dict[str, Any]:
    """The same fields with parsel: first XPath of each queue that yields, text joined."""
    sel = Selector(text=html)
    for rule in template.remove:
        for node in sel.xpath(to_xpath(rule.selector)):
            node.drop()
    out: dict[str, Any] = {}
    for f in template.fields:
        values: list[str] = []
        for xp in f.xpaths:
            nodes = sel.xpath(to_xpath(xp).replace("[%d]", ""))
            if not f.is_list:
                nodes = nodes[:1]
            values = [
                " ".join(" ".join(n.xpath(".//text()[not(ancestor::script)]").getall()).split())
                for n in nodes
            ]
            values = [v for v in values if v]
            if values:
                break
        out[f.id] = values if f.is_list else (values[0] if values else "")
    return out


def timed(fns: list[Any], pages: list[Any], repeat: int) -> list[float]:
    """Best CPU time of each function over all pages. The functions take turns in each round,
    so a burst of load from other processes on a shared machine falls on all of them alike."""
    best = [float("inf")] * len(fns)
    for _ in range(repeat):
        for k, fn in enumerate(fns):
            t0 = time.process_time()
            for p in pages:
                fn(p)
            best[k] = min(best[k], time.process_time() - t0)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--limit", type=int, default=None, help="pages per site")
    ap.add_argument("--repeat", type=int, default=3, help="runs per measurement (best is kept)")
    args = ap.parse_args()
    print(
        f"{'site':<8} {'pages':>5} {'MB':>6} {'ours p/s':>9} {'parsel p/s':>10} {'lxml parse p/s':>14} {'ours/parsel':>11} {'ours/parse':>10}"
    )
    for spec in all_sites(args.limit):
        pages = spec.pages
        mb = sum(len(p.html.encode("utf-8")) for p in pages) / 1e6
        t = spec.template
        ours, peer, floor = timed(
            [
                lambda p, t=t: apply_template(p, t),
                lambda p, t=t: parsel_extract(p.html, t),
                lambda p: lxml.html.document_fromstring(p.html),
            ],
            pages,
            args.repeat,
        )
        n = len(pages)
        print(
            f"{spec.name:<8} {n:>5} {mb:>6.1f} {n / ours:>9.0f} {n / peer:>10.0f} {n / floor:>14.0f} {peer / ours:>10.2f}x {floor / ours:>9.2f}x"
        )
    print(
        "pages/s from the best of --repeat rounds of CPU time (process_time), the three taking"
        " turns in each round"
    )
    print("ratios > 1 mean ours is faster; ours/parse is the share of time a bare parse takes")
    print()
    print("selector suggestion for a clicked node, with site-wide hit rates (the app's click)")
    print(
        f"{'site':<8} {'pages':>5} {'index s':>8} {'node':<10} {'suggest s':>9} {'cands':>5}  best"
    )
    for spec in all_sites(args.limit):
        t0 = time.perf_counter()
        index = SiteIndex.from_pages(spec.pages, max_pages=1000)
        built = time.perf_counter() - t0
        root = index.trees[len(index.trees) // 2]
        for label, xp in (
            ("title", spec.template.fields[0].xpaths[0]),
            ("list item", spec.template.fields[2].xpaths[0]),
        ):
            nodes = select_elements(root, xp)
            if not nodes:
                continue
            t0 = time.perf_counter()
            cands = suggest(nodes[0], index)
            took = time.perf_counter() - t0
            best = cands[0]
            print(
                f"{spec.name:<8} {len(index.trees):>5} {built:>8.2f} {label:<10} {took:>9.2f} {len(cands):>5}  {best.xpath[:60]} one={best.site.get('one')} none={best.site.get('none')} many={best.site.get('many')}"
            )


if __name__ == "__main__":
    main()
