"""A small real shop: the IKEA (UK) product pages of Zyte's product-extraction benchmark,
cleaned by the site-level cleaner, checked against sentences read off three pages by hand.

    python benchmarks/shop_check.py [--mirrors /work/.mirror] [--host www.ikea.com]

Source: ``scrapinghub/product-extraction-benchmark`` (MIT; the pages are the shops' own,
saved in 2021, used here only to measure), ``dataset/html/*.html.gz`` with their URLs in
``dataset/ground-truth.json``; seven pages of www.ikea.com, bring the repository with the
fetch tool first. The gold below was written by reading the pages' rendered text: what a
shopper reads about the product (name, article number, description, materials, package
details, sizes, price) is content; the site's menus, breadcrumb, "Similar products" and
"Others also viewed" listings, basket buttons, stock checks and cookie notice are not. Section
tab labels ("Materials & care") and customer reviews are scored neither way.
"""

from __future__ import annotations

import argparse
import gzip
import json
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import Page

REPO = "scrapinghub+product-extraction-benchmark"

#: url -> (sentences that must be kept, sentences that must go)
GOLD: dict[str, tuple[list[str], list[str]]] = {
    "https://www.ikea.com/gb/en/p/moeckelby-table-oak-00293772/": (
        [
            "MÖCKELBY Table",
            "002.937.72",
            "The table has a full plank design",
            "Table top:Particleboard, Thick oak veneer, Clear acrylic lacquer",
            "When the surface of the tabletop starts to wear or become dry",
            "We have clear requirements for all the wood we use",
            "This product comes as 3 packages.",
            "Width: 53 cmHeight: 5 cmLength: 242 cmWeight: 30.83 kgPackage(s): 1",
            "Length:235 cm",
            "Width:100 cm",
            "Height:74 cm",
            "£450",
            "My idea for MÖCKELBY was to make a real companion",
        ],
        [
            "Customer services",
            "Green energy - switch & save",
            "Sale now on!",
            "Similar products",
            "NORDVIKEN",
            "Others also viewed",
            "Add to shopping bag",
            "Save to wish list",
            "Check in-store stock",
            "You are in control of your own cookies",
            "Back to top",
        ],
    ),
    "https://www.ikea.com/gb/en/p/djungelskog-soft-toy-brown-bear-00402813/": (
        [
            "DJUNGELSKOG Soft toy",
            "004.028.13",
            "This big brown bear always greets you with open arms.",
            "Fabric:100% polyester",
            "Machine wash, max 40°C, mild process.",
            "Width: 57 cmHeight: 13 cmLength: 100 cmWeight: 1.10 kgPackage(s): 1",
            "Length:100 cm",
            "£25",
            "In 1983, a forest fire destroyed 18,500 hectares of rainforest",
        ],
        [
            "Customer services",
            "Sale now on!",
            "Similar products",
            "BLÅHAJ",
            "Others also viewed",
            "Save to wish list",
            "Check in-store stock",
            "You are in control of your own cookies",
        ],
    ),
    "https://www.ikea.com/gb/en/p/fjantig-hook-black-60347102/": (
        ["FJANTIG", "603.471.02"],
        [
            "Customer services",
            "Sale now on!",
            "Similar products",
            "Others also viewed",
            "Save to wish list",
            "You are in control of your own cookies",
        ],
    ),
}


def _squash(text: str) -> str:
    return "".join(text.split())


def load(mirrors: Path, host: str) -> list[Page]:
    base = mirrors / REPO / "repo"
    git_dir = base / ".git" if (base / ".git").is_dir() else base

    def show(path: str) -> bytes:
        return subprocess.run(
            ["git", f"--git-dir={git_dir}", "show", f"HEAD:{path}"],
            capture_output=True,
            check=True,
        ).stdout

    truth = json.loads(show("dataset/ground-truth.json"))
    pages = []
    for key, value in sorted(truth.items(), key=lambda kv: kv[1]["url"]):
        if urlparse(value["url"]).netloc != host:
            continue
        html = gzip.decompress(show(f"dataset/html/{key}.html.gz")).decode("utf-8", "replace")
        pages.append(Page(url=value["url"], html=html))
    return pages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument("--host", default="www.ikea.com")
    args = parser.parse_args()
    pages = load(args.mirrors, args.host)
    if not pages:
        sys.exit(f"no pages of {args.host} under {args.mirrors / REPO}")
    cleaner = DomainCleaner().fit(pages)
    kept_all = kept_n = gone_all = gone_n = 0
    print("| page | content sentences kept | boilerplate sentences removed |")
    print("|---|---:|---:|")
    for page, result in zip(pages, cleaner.transform(pages), strict=True):
        gold = GOLD.get(page.url)
        if gold is None:
            continue
        text = _squash(result.cleaned_text)
        kept = [s for s in gold[0] if _squash(s) in text]
        gone = [s for s in gold[1] if _squash(s) not in text]
        kept_all, kept_n = kept_all + len(kept), kept_n + len(gold[0])
        gone_all, gone_n = gone_all + len(gone), gone_n + len(gold[1])
        print(f"| {page.url} | {len(kept)}/{len(gold[0])} | {len(gone)}/{len(gold[1])} |")
        for s in gold[0]:
            if s not in kept:
                print(f"    lost: {s}", file=sys.stderr)
        for s in gold[1]:
            if s not in gone:
                print(f"    left: {s}", file=sys.stderr)
    print(f"| all | {kept_all}/{kept_n} | {gone_all}/{gone_n} |")


if __name__ == "__main__":
    main()
