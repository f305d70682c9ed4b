"""Field authoring from clicks: for each gold site (Sphinx, DocBook, Doxygen, AsciiDoc), each
field is defined from 2-3 clicked examples with ``induce`` and its top suggestion only; the
template is then extracted over the hand-written gold pages and scored per field (precision,
recall, F1; list items as multisets) and per site (macro F1).

    python benchmarks/authoring.py [--limit N] [--site NAME] [--show] [--signals]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gold_sites import GoldSite, gold_sites  # noqa: E402

from deboiler_gui.engine.htmltree import normalize_text  # noqa: E402
from deboiler_gui.engine.template.extract import extract_field  # noqa: E402
from deboiler_gui.engine.template.induce import Example, induce  # noqa: E402
from deboiler_gui.engine.template.model import Field, NoiseFilter, Template  # noqa: E402
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements  # noqa: E402

#: A text filter any author of a Sphinx template adds: the permalink mark after headings.
PILCROW = NoiseFilter("permalink-marks", "text", pattern="\u00b6")


def norm(value: Any) -> str:
    """Values compared as text: whitespace runs (a line break inside a paragraph) are one space."""
    return " ".join(normalize_text(str(value)).split())


def score(got: Any, want: Any, is_list: bool) -> tuple[int, int, int]:
    """(tp, fp, fn) of one field on one page."""
    if is_list:
        g, w = Counter(norm(x) for x in got or []), Counter(norm(x) for x in want or [])
        tp = sum((g & w).values())
        return tp, sum(g.values()) - tp, sum(w.values()) - tp
    g, w = norm(got or ""), norm(want or "")
    if g and w:
        return (1, 0, 0) if g == w else (0, 1, 1)
    return (0, 1 if g else 0, 1 if w else 0)


def f1(tp: int, fp: int, fn: int) -> float:
    return 1.0 if tp + fp + fn == 0 else 2 * tp / (2 * tp + fp + fn)


def author(site: GoldSite, index: SiteIndex) -> tuple[Template, dict[str, Any]]:
    """The template an author builds by clicking: each field's top induced rule."""
    trees = dict(zip(index.urls, index.trees, strict=True))
    fields = []
    chosen: dict[str, Any] = {}
    for spec in site.fields:

        def example(click: Any) -> Example:
            url = site.url(click.page)
            root = trees[url]
            nodes = select_elements(root, click.at)
            if not nodes:
                raise SystemExit(
                    f"{site.name}: the click {click.at!r} finds nothing on {click.page}"
                )
            return Example(url, root, nodes[0])

        rules = induce(
            [example(c) for c in spec.clicks],
            [example(c) for c in spec.nots],
            index,
            as_list=spec.is_list,
            limit=3,
        )
        top = rules[0]
        chosen[spec.id] = top
        kind = "attribute" if spec.attribute else "text"
        fields.append(
            Field(
                spec.id,
                xpaths=(top.xpath,),
                kind=kind,
                attribute=spec.attribute,
                is_list=spec.is_list,
            )
        )
    template = Template(site.name, fields=tuple(fields), filters=(PILCROW,), use_cleaner=False)
    return template, chosen


def evaluate(
    site: GoldSite, index: SiteIndex, template: Template
) -> dict[str, tuple[int, int, int]]:
    trees = dict(zip(index.urls, index.trees, strict=True))
    totals: dict[str, list[int]] = {f.id: [0, 0, 0] for f in template.fields}
    for name, want in site.gold.items():
        root = trees[site.url(name)]
        for fld in template.fields:
            got, _report = extract_field(root, fld, template, url=site.url(name))
            tp, fp, fn = score(got, want.get(fld.id), fld.is_list)
            t = totals[fld.id]
            t[0] += tp
            t[1] += fp
            t[2] += fn
    return {k: (v[0], v[1], v[2]) for k, v in totals.items()}


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--limit",
        type=int,
        default=600,
        help="pages of each site in the index (gold and clicked pages always)",
    )
    ap.add_argument("--site", action="append", help="only this site (repeatable)")
    ap.add_argument("--show", action="store_true", help="print each field's rule")
    ap.add_argument(
        "--signals",
        action="store_true",
        help="print the correctness signals' flags of each field's rule over the site's pages",
    )
    args = ap.parse_args()
    print(
        f"{'site':<14} {'generator':<10} {'pages':>5} {'gold':>4} {'field':<11} {'P':>6} {'R':>6} {'F1':>6}  rule"
    )
    summary = []
    for site in gold_sites():
        if args.site and site.name not in args.site:
            continue
        t0 = time.perf_counter()
        pages = site.load(args.limit)
        index = SiteIndex.from_pages(pages, max_pages=None)
        template, chosen = author(site, index)
        t_author = time.perf_counter() - t0
        scores = evaluate(site, index, template)
        f1s = []
        for fid, (tp, fp, fn) in scores.items():
            p = tp / (tp + fp) if tp + fp else 1.0
            r = tp / (tp + fn) if tp + fn else 1.0
            f1s.append(f1(tp, fp, fn))
            rule = chosen[fid].xpath if args.show else chosen[fid].family
            print(
                f"{site.name:<14} {site.generator.split()[0]:<10} {len(pages):>5} {len(site.gold):>4} {fid:<11} {p:>6.3f} {r:>6.3f} {f1s[-1]:>6.3f}  {rule}"
            )
        if args.signals:
            from deboiler_gui.engine.template.signals import tree_signals

            trees = list(zip(index.urls, index.trees, strict=True))
            for sig in tree_signals(trees, template, preview=0):
                for flag in sig.flags():
                    print(
                        f"{site.name:<14} {'':<10} {'':>5} {'':>4} {sig.field:<11} FLAG {flag['flag']}"
                    )
        macro = sum(f1s) / len(f1s)
        summary.append((site.name, macro, t_author))
        print(
            f"{site.name:<14} {'':<10} {'':>5} {'':>4} {'MACRO F1':<11} {'':>6} {'':>6} {macro:>6.3f}  (authoring {t_author:.1f}s incl. parsing)"
        )
    print()
    for name, macro, _secs in summary:
        print(f"{name:<14} macro F1 {macro:.3f}  {'>= 0.95' if macro >= 0.95 else 'BELOW 0.95'}")


if __name__ == "__main__":
    main()
