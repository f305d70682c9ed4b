"""Adaptive repair on mutated real sites: rename classes and ids, wrap elements in extra divs,
reorder siblings (and all at once). For every field the mutation breaks, repair proposes a node;
the proposal is right when its new XPath gives the value the original template gave on the
unmutated page. Reports the share of broken fields recovered and every wrong proposal above
the search threshold.

    python benchmarks/repair.py [--limit N] [--learn K]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import lxml.html  # noqa: E402
from template_sites import all_sites, tokens  # noqa: E402

from deboiler_gui.engine.htmltree import normalize_text, parse_html, to_html  # noqa: E402
from deboiler_gui.engine.model import Page  # noqa: E402
from deboiler_gui.engine.progress import run
from deboiler_gui.engine.template.extract import apply_template, extract_field  # noqa: E402
from deboiler_gui.engine.template.repair import learn_template, propose_repair, repair_steps  # noqa: E402
from deboiler_gui.engine.template.selectors import SiteIndex  # noqa: E402


def _rename(root: Any) -> None:
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        if el.get("class"):
            el.set("class", " ".join(f"v2-{c}" for c in el.get("class").split()))
        if el.get("id"):
            el.set("id", f"n-{el.get('id')}")


def _wrap(root: Any) -> None:
    body = root.find("body")
    for el in [d for d in body.iter("div")]:
        parent = el.getparent()
        shell = lxml.html.Element("div")
        shell.set("class", "shell")
        parent.replace(el, shell)
        shell.append(el)  # the tail moved with el; put it back after the shell
        shell.tail, el.tail = el.tail, None


def _reorder(root: Any) -> None:
    body = root.find("body")
    for el in [body, *body.iter("div")]:
        kids = [k for k in el if isinstance(k.tag, str)]
        if len(kids) < 2:
            continue
        for k in kids:
            el.remove(k)  # keeps each child's tail with it
        for k in reversed(kids):
            el.append(k)


MUTATIONS = {
    "rename": (_rename,),
    "wrap": (_wrap,),
    "reorder": (_reorder,),
    "all": (_rename, _wrap, _reorder),
}


def mutate(html: str, steps: tuple[Any, ...]) -> str:
    root = parse_html(html)
    for step in steps:
        step(root)
    return to_html(root)


def same_value(fid: str, got: Any, want: Any) -> bool:
    if isinstance(want, list):
        norm = lambda xs: Counter(normalize_text(str(x)) for x in (xs or []))  # noqa: E731
        return bool(want) and norm(got) == norm(want)
    if fid == "body":
        g, w = Counter(tokens(str(got))), Counter(tokens(str(want)))
        common = sum((g & w).values())
        if not common:
            return False
        p, r = common / sum(g.values()), common / sum(w.values())
        return 2 * p * r / (p + r) >= 0.95
    return bool(want) and normalize_text(str(got)) == normalize_text(str(want))


def _run(gen: Any) -> Any:
    return run(gen)


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--limit", type=int, default=40, help="pages per site")
    ap.add_argument("--learn", type=int, default=5, help="pages used to learn search rules")
    ap.add_argument("--site", action="append", help="only this site (repeatable)")
    args = ap.parse_args()
    print(
        "page: each page repaired alone with the site's pages at hand (the app's proposal); site: repair over the"
    )
    print(
        "mutated site, the XPath fixing most pages accepted per field (templates repair --accept-repairs)"
    )
    print(
        f"{'site':<8} {'mutation':<8} {'broken':>6} | {'page ok':>7} {'wrong':>5} {'none':>5} {'recov':>6} | {'site ok':>7} {'wrong':>5} {'none':>5} {'recov':>6}"
    )
    wrong_examples: list[str] = []
    for spec in all_sites(args.limit + args.learn):
        if args.site and spec.name not in args.site:
            continue
        learn_pages, test_pages = spec.pages[: args.learn], spec.pages[args.learn :]
        template = learn_template(spec.template, learn_pages)
        expected = {p.url: apply_template(p, template).values for p in test_pages}
        for name, steps in MUTATIONS.items():
            t0 = time.perf_counter()
            mutated = [Page(p.url, mutate(p.html, steps)) for p in test_pages]
            trees = {p.url: parse_html(p.html) for p in mutated}
            index = SiteIndex(list(trees), list(trees.values()))  # the app has the site's pages
            proposals = _run(repair_steps(mutated, template))
            accepted: dict[str, Any] = {}
            for prop in proposals:
                if prop.field not in accepted or len(prop.fixes) > len(accepted[prop.field].fixes):
                    accepted[prop.field] = prop
            page_c = Counter()
            site_c = Counter()
            broken = 0
            for page in mutated:
                res = apply_template(page, template, root=trees[page.url])
                for fid in res.failed_fields:
                    want = expected[page.url].get(fid)
                    if want in ("", [], None):
                        continue  # the field was empty before the mutation too
                    broken += 1
                    fld = template.field(fid)
                    for counter, prop in (
                        (
                            page_c,
                            propose_repair(page, template, fld, root=trees[page.url], index=index),
                        ),
                        (site_c, accepted.get(fid)),
                    ):
                        if prop is None:
                            counter["none"] += 1
                            continue
                        got, _rep = extract_field(
                            trees[page.url], replace(fld, xpaths=(prop.xpath,)), template
                        )
                        if got in ("", [], None):
                            counter["none"] += 1
                        elif same_value(fid, got, want):
                            counter["ok"] += 1
                        else:
                            counter["wrong"] += 1
                            if len(wrong_examples) < 10:
                                wrong_examples.append(
                                    f"{spec.name}/{name} {fid} {page.url}: score {prop.score:.2f} {prop.xpath} -> {str(got)[:60]!r} (want {str(want)[:40]!r})"
                                )

            def share(c: Counter[str], broken: int = broken) -> str:
                return f"{c['ok'] / broken:>6.1%}" if broken else f"{'-':>6}"

            print(
                f"{spec.name:<8} {name:<8} {broken:>6} | {page_c['ok']:>7} {page_c['wrong']:>5} {page_c['none']:>5} {share(page_c)} | "
                f"{site_c['ok']:>7} {site_c['wrong']:>5} {site_c['none']:>5} {share(site_c)}   ({time.perf_counter() - t0:.0f}s)"
            )
    for line in wrong_examples:
        print("wrong:", line)


if __name__ == "__main__":
    main()
