"""Cleaning quality per site, token level, against the hand-written ground truth of
benchmarks/sites.py: share of boilerplate removed, share of main content kept, F1; ours
(improved and compat) next to the original deboiler package, measured in the same run.

    python benchmarks/quality.py [--limit N] [--site NAME ...]
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
import warnings
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sites import iter_sites, tokens, truth  # noqa: E402

from deboiler_gui.engine.clean.boilerplate import DomainCleaner  # noqa: E402
from deboiler_gui.engine.document import cleaned_text  # noqa: E402
from deboiler_gui.engine.htmltree import parse_html  # noqa: E402
from deboiler_gui.engine.model import Page  # noqa: E402


def run_ours(pages: list[Page], mode: str) -> dict[str, str]:
    cleaner = DomainCleaner(mode=mode).fit(pages)
    return {r.url: r.cleaned_text for r in cleaner.transform(pages)}


def run_deboiler(pages: list[Page]) -> dict[str, str] | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the package imports the deprecated cgi module
            from deboiler import Deboiler
            from deboiler.dataset import ListDataset
    except ImportError:
        return None
    logging.getLogger("deboiler").setLevel(logging.WARNING)
    records = [
        {"url": p.url, "content": p.html, "status": 200, "content_type": "text/html"} for p in pages
    ]
    dataset = ListDataset(records, verbose=False)
    model = Deboiler(n_processes=1, operation_mode="memory", verbose=False)
    model.fit(dataset)
    return {out.url: out.cleaned_text for out in model.transform(dataset)}


def score(
    truths: dict[str, tuple[Counter[str], Counter[str]]], cleaned: dict[str, str]
) -> dict[str, float]:
    content_total = boiler_total = kept = boiler_left = cleaned_total = 0
    for url, (content, boiler) in truths.items():
        out = tokens(cleaned.get(url, ""))
        content_total += sum(content.values())
        boiler_total += sum(boiler.values())
        cleaned_total += sum(out.values())
        kept_here = content & out
        kept += sum(kept_here.values())
        boiler_left += sum((boiler & (out - content)).values())
    recall = kept / content_total if content_total else 1.0
    precision = kept / cleaned_total if cleaned_total else 1.0
    return {
        "removed": 1 - boiler_left / boiler_total if boiler_total else 1.0,
        "kept": recall,
        "f1": 2 * precision * recall / (precision + recall) if precision + recall else 0.0,
        "boiler_share": boiler_total / (boiler_total + content_total) if content_total else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=None, help="pages per site (default: the site's sample)")
    parser.add_argument("--site", action="append", help="only these sites")
    args = parser.parse_args()
    rows = []
    for site in iter_sites(args.site):
        pages = site.pages(args.limit if args.limit is not None else site.sample)
        truths = {p.url: truth(site, p) for p in pages}
        # "nothing" = keep the whole page text: the baseline every cleaner must beat
        runs: dict[str, dict[str, str] | None] = {
            "nothing": {p.url: cleaned_text(parse_html(p.html)) for p in pages}
        }
        for name, fn in (
            ("ours", lambda pages=pages: run_ours(pages, "improved")),
            ("ours-compat", lambda pages=pages: run_ours(pages, "compat")),
            ("deboiler", lambda pages=pages: run_deboiler(pages)),
        ):
            t0 = time.perf_counter()
            runs[name] = fn()
            print(f"  {site.name}: {name} {time.perf_counter() - t0:.1f}s", file=sys.stderr)
        for name, cleaned in runs.items():
            if cleaned is None:
                continue
            s = score(truths, cleaned)
            rows.append((site.name, site.generator, len(pages), name, s))
    print()
    print("| site | generator | pages | cleaner | boilerplate removed | content kept | F1 |")
    print("|---|---|---:|---|---:|---:|---:|")
    for name, gen, n, cleaner, s in rows:
        print(
            f"| {name} | {gen} | {n} | {cleaner} | {s['removed']:.1%} | {s['kept']:.2%} | {s['f1']:.3f} |"
        )
    print()
    print("boilerplate share of the text (tokens):")
    seen = set()
    for name, _gen, _n, _cleaner, s in rows:
        if name not in seen:
            seen.add(name)
            print(f"  {name}: {s['boiler_share']:.1%}")


if __name__ == "__main__":
    main()
