"""Cleaning quality per site, token level, against the hand-written ground truth of
benchmarks/sites.py: share of boilerplate removed, share of main content kept, F1; ours
(improved and compat) next to the original deboiler package and the single-page extractors
trafilatura (with and without its ``deduplicate`` option), jusText, readability-lxml and
Resiliparse, measured on the same pages in the same run.

    python benchmarks/quality.py [--limit N] [--site NAME ...] [--kind KIND ...]
                                 [--cleaners ours,deboiler,...] [--examples N]

Site-level cleaners (ours, deboiler) are fitted on all pages of the site (up to ``--limit`` /
the site's sample); every cleaner is scored on the pages that have ground truth (for a forum,
its thread pages). A peer that is not installed is left out of the table.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import sys
import time
import warnings
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sites import Site, iter_sites, tokens, truth  # noqa: E402

from deboiler_gui.engine.clean.boilerplate import DomainCleaner  # noqa: E402
from deboiler_gui.engine.document import cleaned_text  # noqa: E402
from deboiler_gui.engine.htmltree import parse_html  # noqa: E402
from deboiler_gui.engine.model import Page  # noqa: E402

Truths = dict[str, tuple[Counter[str], Counter[str]]]

#: Every cleaner in the table, in its order. "nothing" keeps the whole page text: the baseline
#: every cleaner must beat.
CLEANERS = (
    "nothing",
    "ours",
    "ours-compat",
    "deboiler",
    "trafilatura",
    "trafilatura-dedup",
    "justext",
    "readability",
    "resiliparse",
)
PEERS = ("deboiler", "trafilatura", "trafilatura-dedup", "justext", "readability", "resiliparse")


def _text_of_html(html: str) -> str:
    # Extractors that return HTML are read with the same text rule as our cleaned pages.
    return cleaned_text(parse_html(html)) if html and html.strip() else ""


def run_ours(site: Site, pages: list[Page], scored: list[Page], mode: str) -> dict[str, str]:
    cleaner = DomainCleaner(mode=mode).fit(pages)
    return {r.url: r.cleaned_text for r in cleaner.transform(scored)}


def run_deboiler(site: Site, pages: list[Page], scored: list[Page]) -> dict[str, str] | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the package imports the deprecated cgi module
            from deboiler import Deboiler
            from deboiler.dataset import ListDataset
    except ImportError:
        return None
    logging.disable(logging.INFO)  # the package logs its statistics at INFO on its own handler

    def records(ps: list[Page]) -> list[dict]:
        return [
            {"url": p.url, "content": p.html, "status": 200, "content_type": "text/html"}
            for p in ps
        ]

    model = Deboiler(n_processes=1, operation_mode="memory", verbose=False)
    model.fit(ListDataset(records(pages), verbose=False))
    return {
        out.url: out.cleaned_text
        for out in model.transform(ListDataset(records(scored), verbose=False))
    }


def _per_page(
    fn: Callable[[Page], str],
) -> Callable[[Site, list[Page], list[Page]], dict[str, str]]:
    def run(site: Site, pages: list[Page], scored: list[Page]) -> dict[str, str]:
        out = {}
        for p in scored:
            try:
                out[p.url] = fn(p) or ""
            except Exception as exc:  # a peer failing on one page scores that page as empty
                print(f"    {p.url}: {type(exc).__name__}: {exc}"[:200], file=sys.stderr)
                out[p.url] = ""
        return out

    return run


def run_trafilatura(
    site: Site, pages: list[Page], scored: list[Page], dedup: bool
) -> dict[str, str] | None:
    try:
        import trafilatura
        from trafilatura.meta import reset_caches
    except ImportError:
        return None
    for name in ("trafilatura", "htmldate", "courlan"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    # deduplicate works through a cache shared by every page the process extracts: start each
    # site with an empty one, and feed the site's pages in URL order
    reset_caches()
    run = _per_page(lambda p: trafilatura.extract(p.html, url=p.url, deduplicate=dedup) or "")
    return run(site, pages, scored)


def run_justext(site: Site, pages: list[Page], scored: list[Page]) -> dict[str, str] | None:
    try:
        import justext
    except ImportError:
        return None
    stoplist = (
        justext.get_stoplist(site.language)
        if site.language in justext.get_stoplists()
        else frozenset()
    )

    def one(p: Page) -> str:
        paragraphs = justext.justext(p.html.encode("utf-8"), stoplist, encoding="utf-8")
        return "\n".join(par.text for par in paragraphs if not par.is_boilerplate)

    return _per_page(one)(site, pages, scored)


def run_readability(site: Site, pages: list[Page], scored: list[Page]) -> dict[str, str] | None:
    try:
        # readability-lxml (the bench extra) installs the module "readability"
        Document = importlib.import_module("readability").Document
    except ImportError:
        return None
    logging.getLogger("readability").setLevel(logging.CRITICAL)
    return _per_page(lambda p: _text_of_html(Document(p.html).summary(html_partial=True)))(
        site, pages, scored
    )


def run_resiliparse(site: Site, pages: list[Page], scored: list[Page]) -> dict[str, str] | None:
    try:
        from resiliparse.extract.html2text import extract_plain_text
        from resiliparse.parse.html import HTMLTree
    except ImportError:
        return None
    return _per_page(lambda p: extract_plain_text(HTMLTree.parse(p.html), main_content=True))(
        site, pages, scored
    )


RUNNERS: dict[str, Callable[[Site, list[Page], list[Page]], dict[str, str] | None]] = {
    "nothing": _per_page(lambda p: cleaned_text(parse_html(p.html))),
    "ours": lambda site, pages, scored: run_ours(site, pages, scored, "improved"),
    "ours-compat": lambda site, pages, scored: run_ours(site, pages, scored, "compat"),
    "deboiler": run_deboiler,
    "trafilatura": lambda site, pages, scored: run_trafilatura(site, pages, scored, False),
    "trafilatura-dedup": lambda site, pages, scored: run_trafilatura(site, pages, scored, True),
    "justext": run_justext,
    "readability": run_readability,
    "resiliparse": run_resiliparse,
}


def score_page(
    content: Counter[str], boiler: Counter[str], out: Counter[str]
) -> tuple[int, int, int, int]:
    """(content tokens kept, content tokens, boilerplate tokens left, boilerplate tokens).

    Multisets: a word on the page twice, once in the content and once in a menu, counts once
    each way. Output tokens that are neither (text the extractor took from outside the visible
    body, such as the <title>, or a neutral part like a signature) are not counted."""
    kept = content & out
    boiler_left = boiler & (out - content)
    return (
        sum(kept.values()),
        sum(content.values()),
        sum(boiler_left.values()),
        sum(boiler.values()),
    )


def score(truths: Truths, cleaned: dict[str, str]) -> dict[str, float]:
    kept = content_total = boiler_left = boiler_total = 0
    for url, (content, boiler) in truths.items():
        k, c, b, bt = score_page(content, boiler, tokens(cleaned.get(url, "")))
        kept += k
        content_total += c
        boiler_left += b
        boiler_total += bt
    recall = kept / content_total if content_total else 1.0
    precision = kept / (kept + boiler_left) if kept + boiler_left else 1.0
    return {
        "removed": 1 - boiler_left / boiler_total if boiler_total else 1.0,
        "kept": recall,
        "precision": precision,
        "f1": 2 * precision * recall / (precision + recall) if precision + recall else 0.0,
        "boiler_share": boiler_total / (boiler_total + content_total) if content_total else 0.0,
    }


def _worst(truths: Truths, cleaned: dict[str, str], n: int) -> list[str]:
    """The pages that lose the most content and keep the most boilerplate, with the words."""
    lost, left = [], []
    for url, (content, boiler) in truths.items():
        out = tokens(cleaned.get(url, ""))
        missing = content - out
        extra = boiler & (out - content)
        if sum(missing.values()):
            lost.append((sum(missing.values()) / max(1, sum(content.values())), url, missing))
        if sum(extra.values()):
            left.append((sum(extra.values()), url, extra))
    lines = []
    for share, url, missing in sorted(lost, reverse=True)[:n]:
        words = " ".join(w for w, _ in missing.most_common(12))
        lines.append(f"    lost {share:.0%} of the content on {url}: {words}")
    for count, url, extra in sorted(left, reverse=True)[:n]:
        words = " ".join(w for w, _ in extra.most_common(12))
        lines.append(f"    kept {count} boilerplate tokens on {url}: {words}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--limit", type=int, default=None, help="pages per site (default: the site's sample)"
    )
    parser.add_argument("--site", action="append", help="only these sites")
    parser.add_argument(
        "--kind",
        action="append",
        help="only sites of these kinds (documentation, forum, news, university)",
    )
    parser.add_argument(
        "--cleaners",
        default=",".join(CLEANERS),
        help="comma-separated, from: " + ", ".join(CLEANERS),
    )
    parser.add_argument(
        "--score-limit",
        type=int,
        default=None,
        help="score an evenly spread N of each site's scored pages (the site-level cleaners are"
        " still fitted on all its pages); keeps the slow single-page peers affordable",
    )
    parser.add_argument(
        "--examples", type=int, default=0, help="print the N worst pages of ours per site (stderr)"
    )
    args = parser.parse_args()
    chosen = [c for c in args.cleaners.split(",") if c]
    unknown = [c for c in chosen if c not in RUNNERS]
    if unknown:
        parser.error(f"unknown cleaner(s): {', '.join(unknown)}")
    rows: list = []
    failures: list[str] = []
    print_header()
    for site in iter_sites(args.site):
        if args.kind and site.kind not in args.kind:
            continue
        pages = site.pages(args.limit if args.limit is not None else site.sample)
        gold = site.gold_texts()
        truths: Truths = {}
        for p in pages:
            t = truth(site, p, gold.get(p.url))
            if t is not None:
                truths[p.url] = t
        scored = [p for p in pages if p.url in truths]
        if args.score_limit and len(scored) > args.score_limit:
            n = args.score_limit
            scored = [scored[i * len(scored) // n] for i in range(n)]
            truths = {p.url: truths[p.url] for p in scored}
        if not scored:
            print(f"  {site.name}: no page with ground truth, skipped", file=sys.stderr)
            continue
        for name in chosen:
            t0 = time.perf_counter()
            try:
                cleaned = RUNNERS[name](site, pages, scored)
            except Exception as exc:  # a site-level cleaner that fails fails on the whole site
                print(f"  {site.name}: {name} failed: {type(exc).__name__}: {exc}", file=sys.stderr)
                failures.append(f"{name} failed on {site.name}: {type(exc).__name__}: {exc}")
                continue
            took = time.perf_counter() - t0
            if cleaned is None:
                print(f"  {site.name}: {name} not installed", file=sys.stderr)
                continue
            print(f"  {site.name}: {name} {took:.1f}s", file=sys.stderr, flush=True)
            rows.append((site, len(pages), len(scored), name, score(truths, cleaned)))
            print_row(*rows[-1])
            if name == "ours" and args.examples:
                for line in _worst(truths, cleaned, args.examples):
                    print(line[:300], file=sys.stderr)
    print_summary(rows)
    for line in failures:
        print(f"\n{line}")


def print_header() -> None:
    # the rows are printed as each cleaner finishes, so a long run's results are never lost
    print(
        "| site | kind | pages fitted | pages scored | cleaner | boilerplate removed | content kept | F1 |"
    )
    print("|---|---|---:|---:|---|---:|---:|---:|", flush=True)


def print_row(site: Site, n: int, n_scored: int, cleaner: str, s: dict[str, float]) -> None:
    print(
        f"| {site.name} | {site.kind} | {n} | {n_scored} | {cleaner} | {s['removed']:.1%}"
        f" | {s['kept']:.2%} | {s['f1']:.3f} |",
        flush=True,
    )


def print_summary(rows: list) -> None:
    # The summary the targets are read from: ours against the best peer on each site.
    print()
    print(
        "| site | kind | boilerplate share | ours removed | ours kept | ours F1 | best peer (F1) | ours − best peer F1 |"
    )
    print("|---|---|---:|---:|---:|---:|---|---:|")
    by_site: dict[str, dict[str, dict[str, float]]] = {}
    sites: dict[str, Site] = {}
    for site, _n, _ns, cleaner, s in rows:
        by_site.setdefault(site.name, {})[cleaner] = s
        sites[site.name] = site
    for name, res in by_site.items():
        ours = res.get("ours")
        peers = {c: s for c, s in res.items() if c in PEERS}
        if ours is None:
            continue
        share = next(iter(res.values()))["boiler_share"]
        if peers:
            best = max(peers, key=lambda c: peers[c]["f1"])
            best_text = f"{best} ({peers[best]['f1']:.3f})"
            diff = f"{ours['f1'] - peers[best]['f1']:+.3f}"
        else:
            best_text, diff = "-", "-"
        print(
            f"| {name} | {sites[name].kind} | {share:.1%} | {ours['removed']:.1%} | {ours['kept']:.2%}"
            f" | {ours['f1']:.3f} | {best_text} | {diff} |"
        )


if __name__ == "__main__":
    main()
