"""Field precision and recall per site and field against gold values computed independently
of the engine (benchmarks/template_sites.py): exact match for scalar fields, item match for
list fields, token bags for the body.

    python benchmarks/fields_quality.py [--limit N] [--show K]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from template_sites import all_sites, tokens  # noqa: E402

from deboiler_gui.engine.htmltree import normalize_text  # noqa: E402
from deboiler_gui.engine.template.extract import apply_template  # noqa: E402


def _norm(v: Any) -> str:
    return " ".join(normalize_text(str(v)).split()).casefold()


def score(field: str, got: Any, gold: Any, counts: list[float]) -> None:
    """Accumulate [correct, extracted, expected] for one page and field."""
    if field == "body":
        g, e = Counter(tokens(str(got or ""))), Counter(tokens(str(gold or "")))
        counts[0] += sum((g & e).values())
        counts[1] += sum(g.values())
        counts[2] += sum(e.values())
    elif isinstance(gold, list):
        g = Counter(_norm(x) for x in (got or []))
        e = Counter(_norm(x) for x in gold)
        counts[0] += sum((g & e).values())
        counts[1] += sum(g.values())
        counts[2] += sum(e.values())
    else:
        got_s, gold_s = _norm(got or ""), _norm(gold or "")
        counts[0] += int(bool(got_s) and got_s == gold_s)
        counts[1] += int(bool(got_s))
        counts[2] += int(bool(gold_s))


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--limit", type=int, default=None, help="pages per site")
    ap.add_argument(
        "--show", type=int, default=0, help="print gold and extracted values of K pages per site"
    )
    args = ap.parse_args()
    print(
        f"{'site':<8} {'field':<9} {'pages':>5} {'precision':>9} {'recall':>7}  {'extracted':>9} {'expected':>8}"
    )
    for spec in all_sites(args.limit):
        t0 = time.perf_counter()
        stats: dict[str, list[float]] = {}
        mismatches: dict[str, list[str]] = {}
        for n, page in enumerate(spec.pages):
            res = apply_template(page, spec.template)
            gold = spec.gold[page.url]
            for fid, expected in gold.items():
                c = stats.setdefault(fid, [0.0, 0.0, 0.0])
                before = c[0]
                score(fid, res.values.get(fid), expected, c)
                if (
                    fid != "body"
                    and not isinstance(expected, list)
                    and c[0] == before
                    and len(mismatches.setdefault(fid, [])) < 3
                ):
                    mismatches[fid].append(
                        f"{page.url}: got {res.values.get(fid)!r}, gold {expected!r}"
                    )
            if n < args.show:
                print(f"--- {page.url}")
                for fid, expected in gold.items():
                    shown = expected[:120] if isinstance(expected, str) else expected[:8]
                    got = res.values.get(fid)
                    got_shown = got[:120] if isinstance(got, str) else (got or [])[:8]
                    print(f"  {fid:<9} gold {shown!r}\n  {'':<9} ours {got_shown!r}")
        for fid, (ok, got, exp) in stats.items():
            p = ok / got if got else 0.0
            r = ok / exp if exp else 0.0
            print(
                f"{spec.name:<8} {fid:<9} {len(spec.pages):>5} {p:>9.1%} {r:>7.1%}  {int(got):>9} {int(exp):>8}"
            )
        for fid, lines in mismatches.items():
            for line in lines:
                print(f"    mismatch {fid}: {line[:200]}")
        print(f"{spec.name:<8} ({time.perf_counter() - t0:.1f}s)")


if __name__ == "__main__":
    main()
