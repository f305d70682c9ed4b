"""The cleaner's development check over real sites of several kinds: documentation sites with
their hand-written content rules (benchmarks/sites.py), two forums and a news site
materialised by benchmarks/devsites.py, each with a content rule written after reading its
pages (post bodies, signatures and the thread title on the forums' thread pages; the
repository's hand-checked article text on the news site).

    python benchmarks/cleaner_check.py [--site NAME ...] [--worst N] [--data /work/data/cleaner]

Prints per site: boilerplate removed, content kept, F1 (token multisets, as quality.py), and
the pages that lose the most content.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from quality import score  # noqa: E402
from sites import SITES, Site, tokens, truth  # noqa: E402

from deboiler_gui.engine.clean.boilerplate import DomainCleaner  # noqa: E402
from deboiler_gui.engine.htmltree import parse_html, visible_text  # noqa: E402
from deboiler_gui.engine.model import Page  # noqa: E402


@dataclass(frozen=True)
class DevSite:
    name: str
    kind: str
    file: str  # JSON lines under the data folder
    scored: str  # only pages whose URL holds this are scored (the site is fitted whole)
    content: str | None  # XPath of the content; None: the record's gold_text


DEV_SITES = [
    # vBulletin 4: each post's message, its signature, and the thread title; the forum's header,
    # navigation pop-ups, the poster's details, post controls, rules box and footer are not.
    DevSite(
        "ubuntu-forum",
        "forum",
        "ubuntu-forum.jsonl",
        "showthread.php",
        "//div[@id='pagetitle']/h1 | //div[starts-with(@id, 'post_message_')]"
        " | //blockquote[contains(@class, 'signature')]",
    ),
    # Telligent: the question title, each post's text and the poster's signature.
    DevSite(
        "asp-forum",
        "forum",
        "asp-forum.jsonl",
        "forums.asp.net/t_",
        "//h1[@id='threadstatus'] | //ul[contains(@class, 'comment-list')]"
        "//div[contains(@class, 'comment-right-col')]/div[not(@class)]"
        " | //div[contains(@class, 'comment-signiture')]",
    ),
    DevSite("bbc-news", "news", "bbc-news.jsonl", ".stm", None),
]


def _load(path: Path) -> tuple[list[Page], dict[str, str]]:
    pages, gold = [], {}
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            pages.append(Page(url=rec["url"], html=rec["html"]))
            if "gold_text" in rec:
                gold[rec["url"]] = rec["gold_text"]
    return pages, gold


def _truth_of(dev: DevSite, page: Page, gold: dict[str, str]) -> tuple[Counter[str], Counter[str]]:
    if dev.content is not None:
        return truth(Site(dev.name, dev.kind, "", "", "", dev.content), page)
    root = parse_html(page.html)
    body = root.find("body")
    everything = tokens(visible_text(body if body is not None else root))
    content = tokens(gold.get(page.url, "")) & everything
    return content, everything - content


def _trafilatura(pages: list[Page], urls: set[str]) -> dict[str, str]:
    import trafilatura

    return {
        p.url: trafilatura.extract(p.html, url=p.url, include_comments=True, include_tables=True)
        or ""
        for p in pages
        if p.url in urls
    }


def _justext(pages: list[Page], urls: set[str]) -> dict[str, str]:
    import justext

    stop = justext.get_stoplist("English")
    return {
        p.url: "\n".join(
            par.text
            for par in justext.justext(p.html.encode("utf-8"), stop)
            if not par.is_boilerplate
        )
        for p in pages
        if p.url in urls
    }


PEERS = {"trafilatura": _trafilatura, "justext": _justext}


def check(name: str, pages: list[Page], truths: dict, worst: int, peers: list[str] = ()) -> None:
    t0 = time.process_time()
    cleaner = DomainCleaner().fit(pages)
    cleaned = {r.url: r.cleaned_text for r in cleaner.transform(pages)}
    dt = time.process_time() - t0
    s = score(truths, {u: cleaned.get(u, "") for u in truths})
    print(
        f"| {name} | {len(pages)} | {len(truths)} | {s['removed']:.1%} | {s['kept']:.2%} | {s['f1']:.3f} | {dt:.1f} |",
        flush=True,
    )
    for peer in peers:
        t0 = time.process_time()
        out = PEERS[peer](pages, set(truths))
        dt = time.process_time() - t0
        p = score(truths, out)
        print(
            f"| {name} ({peer}) | {len(pages)} | {len(truths)} | {p['removed']:.1%} | {p['kept']:.2%} | {p['f1']:.3f} | {dt:.1f} |",
            flush=True,
        )
    losses = []
    for url, (content, _b) in truths.items():
        lost = content - tokens(cleaned.get(url, ""))
        n = sum(lost.values())
        if n:
            losses.append((n, sum(content.values()), url, " ".join(list(lost.elements())[:12])))
    for n, total, url, sample in sorted(losses, reverse=True)[:worst]:
        print(f"    lost {n}/{total} on {url}: {sample}", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", action="append")
    parser.add_argument("--worst", type=int, default=0)
    parser.add_argument(
        "--peer",
        action="append",
        default=[],
        choices=sorted(PEERS),
        help="also score this page-level extractor",
    )
    parser.add_argument("--limit", type=int, default=None, help="pages per documentation site")
    parser.add_argument("--data", type=Path, default=Path("/work/data/cleaner"))
    args = parser.parse_args()
    print("| site | pages | scored | boilerplate removed | content kept | F1 | CPU s |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for dev in DEV_SITES:
        if args.site and dev.name not in args.site or not (args.data / dev.file).exists():
            continue
        pages, gold = _load(args.data / dev.file)
        truths = {p.url: _truth_of(dev, p, gold) for p in pages if dev.scored in p.url}
        if dev.content is None:
            truths = {u: t for u, t in truths.items() if u in gold}
        check(dev.name, pages, truths, args.worst, args.peer)
    for site in SITES:
        if args.site and site.name not in args.site or not site.available():
            continue
        pages = site.pages(args.limit if args.limit is not None else site.sample)
        check(site.name, pages, {p.url: truth(site, p) for p in pages}, args.worst, args.peer)


if __name__ == "__main__":
    main()
