"""Token scores of cleaned pages against article text saved beside each page.

For a folder laid out as crawl-to-the-future's news sites are (``2015/Some story.html`` with
the data set's article text in ``2015/Some story.txt``): clean the folder with the CLI, then

    deboiler-gui clean FOLDER -o OUT.jsonl --explain 2> OUT.explain
    python benchmarks/article_text.py FOLDER ours=OUT.jsonl [other=OTHER.jsonl] [--peers]

prints content kept, boilerplate removed and F1 per first-level subfolder (a year) and
overall, scored as ``benchmarks/quality.py`` scores (word tokens, multisets): content kept =
article tokens present in the output, boilerplate = the page's visible tokens that are not
in the article text. ``--peers`` adds readability-lxml and trafilatura (comments and tables
included) on the same pages, and "nothing" (the whole visible text).

The article text is the data set's; read some pages against it before trusting a figure
(docs/quality.md says what the LA Times text holds and leaves out).
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sites import tokens  # noqa: E402

from deboiler_gui.engine.htmltree import parse_html, visible_text  # noqa: E402
from deboiler_gui.engine.sources import default_base_url, url_for_file  # noqa: E402


def _peers(html: str) -> dict[str, str]:
    out: dict[str, str] = {}
    warnings.filterwarnings("ignore")
    try:
        import trafilatura

        out["trafilatura"] = (
            trafilatura.extract(html, include_comments=True, include_tables=True) or ""
        )
    except Exception:  # a peer that fails on a page scores nothing there
        out["trafilatura"] = ""
    try:
        import importlib

        import lxml.html

        # readability-lxml (the bench extra) installs the module "readability"
        Document = importlib.import_module("readability").Document
        out["readability"] = lxml.html.fromstring(Document(html).summary()).text_content()
    except Exception:
        out["readability"] = ""
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("folder")
    ap.add_argument("runs", nargs="+", help="NAME=cleaned.jsonl (the CLI's output)")
    ap.add_argument("--peers", action="store_true")
    args = ap.parse_args()
    folder = Path(args.folder)
    base = default_base_url(folder)
    runs = {}
    for spec in args.runs:
        name, _, path = spec.partition("=")
        with open(path, encoding="utf-8") as f:
            runs[name] = {d["url"]: d.get("cleaned_text") or "" for d in map(json.loads, f)}
    # kept gold, gold, kept boilerplate, boilerplate: per (cleaner, group)
    sums: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    names = list(runs)
    for page in sorted(folder.rglob("*.html")):
        gold_file = page.with_suffix(".txt")
        if not gold_file.exists():
            continue
        rel = str(page.relative_to(folder))
        group = rel.split("/", 1)[0] if "/" in rel else "."
        url = url_for_file(base, rel)
        html = page.read_bytes().decode("utf-8", "replace")
        gold = tokens(gold_file.read_text(encoding="utf-8", errors="replace"))
        full = tokens(visible_text(parse_html(html)))
        boiler = full - gold
        outputs = {name: run.get(url, "") for name, run in runs.items()}
        outputs["nothing"] = visible_text(parse_html(html))
        if args.peers:
            outputs.update(_peers(html))
        for name, text in outputs.items():
            if name not in names:
                names.append(name)
            got = tokens(text)
            kept = sum((got & gold).values())
            extra = sum(((got - gold) & boiler).values())
            for key in ((name, "all"), (name, group)):
                s = sums[key]
                s[0] += kept
                s[1] += sum(gold.values())
                s[2] += extra
                s[3] += sum(boiler.values())
    groups = sorted({g for _n, g in sums if g != "all"})
    print("| cleaner | pages | boilerplate removed | content kept | F1 |")
    print("|---|---|---:|---:|---:|")
    for name in names:
        for group in ["all", *groups]:
            kept, gold_n, extra, boiler_n = sums[(name, group)]
            if not gold_n:
                continue
            recall = kept / gold_n
            removed = 1 - extra / boiler_n if boiler_n else 1.0
            precision = kept / (kept + extra) if kept + extra else 0.0
            f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
            print(f"| {name} | {group} | {removed:.1%} | {recall:.2%} | {f1:.3f} |")


if __name__ == "__main__":
    main()
