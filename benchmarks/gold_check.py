"""Print a site's ground truth for a few pages, for reading against the page by hand.

    python benchmarks/gold_check.py SITE [--n 5] [--seed 1] [--chars 1500]

For each sampled page: its URL, the text the rule calls main content and the text it calls
boilerplate (the page's visible text minus the content). Where the data set also has article
text, the share of its words inside the rule's content is printed as a cross-check.
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sites import SITES, _drop, tokens, truth  # noqa: E402

from deboiler_gui.engine.htmltree import parse_html, visible_text  # noqa: E402


def content_text(site, html: str) -> str:
    root = parse_html(html)
    for expression in (*site.neutral, *site.exclude):
        for el in root.xpath(expression):
            _drop(el)
    roots = root.xpath(site.content) if site.content else []
    chosen = [r for r in roots if not any(a in roots for a in r.iterancestors())]
    return "\n".join(visible_text(el) for el in chosen)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("site")
    parser.add_argument("--n", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--chars", type=int, default=1500)
    args = parser.parse_args()
    site = next(s for s in SITES if s.name == args.site)
    gold = site.gold_texts()
    pages = site.pages(site.sample)
    scored = [p for p in pages if truth(site, p, gold.get(p.url)) is not None]
    print(f"{site.name}: {len(pages)} pages, {len(scored)} scored")
    for page in random.Random(args.seed).sample(scored, min(args.n, len(scored))):
        content, boiler = truth(site, page, gold.get(page.url))  # type: ignore[misc]
        print("=" * 100)
        print(
            page.url, f"content {sum(content.values())} tokens, boilerplate {sum(boiler.values())}"
        )
        text = gold.get(page.url) if site.gold else content_text(site, copy.copy(page.html))
        print("--- content:")
        print(" ".join((text or "").split())[: args.chars])
        print("--- boilerplate (words, most frequent first):")
        print(" ".join(w for w, _ in boiler.most_common(80)))
        if gold.get(page.url) and not site.gold:
            g = tokens(gold[page.url])
            inside = sum((g & content).values()) / max(1, sum(g.values()))
            print(
                f"--- the data set's article text: {inside:.0%} of its words are inside the rule's content"
            )


if __name__ == "__main__":
    main()
