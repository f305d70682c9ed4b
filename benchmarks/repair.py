"""Adaptive repair on mutated real sites: rename classes and ids, wrap elements in extra divs,
reorder siblings (and all at once). For every field the mutation breaks, repair proposes a node;
the proposal is right when its new XPath gives the value the original template gave on the
unmutated page. Reports the share of broken fields recovered and every wrong value.

Three ways to repair, each scored on the same broken fields of the same test pages:

- page: each page repaired alone by the search rules, with the site's pages at hand (the app's
  proposal for the page shown);
- site: ``templates repair --accept-repairs`` on a template whose search rules were learned
  (``repair_template_steps`` over the mutated site, then ``TemplateRepair.accepted``: per field
  the best-scoring proposal);
- learned: the same on a template learned as ``templates learn`` learns it (search rules, the
  pages where a field is absent, and the values of a sample of pages: here the --learn-values
  pages after the test pages, never the test pages themselves): each field checked against its
  learned values.

    python benchmarks/repair.py [--limit N] [--learn K] [--learn-values V]
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
from deboiler_gui.engine.template.repair import learn_template, propose_repair  # noqa: E402
from deboiler_gui.engine.template.selectors import SiteIndex  # noqa: E402
from deboiler_gui.engine.template.valuerepair import (  # noqa: E402
    learn_absent_missed,
    learn_values,
    repair_template_steps,
)


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


def _learned(template: Any, pages: list[Page], site: list[Page]) -> Any:
    """The template as ``templates learn`` leaves it: the pages of ``site`` where the field
    was absent recorded (as learn records them over every page), values kept from ``pages``
    only."""
    learned, _missed = learn_absent_missed(learn_template(template, pages[:20]), site)
    return learn_values(learned, pages)


def _judge(
    counter: Counter[str], fid: str, got: Any, want: Any, where: str, wrong: list[str]
) -> None:
    if got in ("", [], None):
        counter["none"] += 1
    elif same_value(fid, got, want):
        counter["ok"] += 1
    else:
        counter["wrong"] += 1
        if len(wrong) < 10:
            wrong.append(f"{where} -> {str(got)[:60]!r} (want {str(want)[:40]!r})")


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--limit", type=int, default=40, help="test pages per site")
    ap.add_argument("--learn", type=int, default=5, help="pages used to learn search rules")
    ap.add_argument(
        "--learn-values",
        type=int,
        default=20,
        help="other pages whose values the 'learned' template keeps",
    )
    ap.add_argument("--site", action="append", help="only this site (repeatable)")
    args = ap.parse_args()
    print("page: each page repaired alone by the search rules with the site's pages at hand")
    print("site: templates repair --accept-repairs, search rules learned (best proposal per field)")
    print("learned: the same after templates learn (search rules and values of other pages)")
    print(
        f"{'site':<8} {'mutation':<8} {'broken':>6} | {'page ok':>7} {'wrong':>5} {'none':>5} {'recov':>6} | {'site ok':>7} {'wrong':>5} {'none':>5} {'recov':>6} | {'lrnd ok':>7} {'wrong':>5} {'none':>5} {'recov':>6}"
    )
    wrong_examples: list[str] = []
    for spec in all_sites(args.learn + args.limit + args.learn_values):
        if args.site and spec.name not in args.site:
            continue
        learn_pages = spec.pages[: args.learn]
        test_pages = spec.pages[args.learn : args.learn + args.limit]
        value_pages = spec.pages[args.learn + args.limit :]
        template = learn_template(spec.template, learn_pages)
        learned = _learned(spec.template, value_pages, test_pages + value_pages)
        expected = {p.url: apply_template(p, template).values for p in test_pages}
        for name, steps in MUTATIONS.items():
            t0 = time.perf_counter()
            mutated = [Page(p.url, mutate(p.html, steps)) for p in test_pages]
            changed = mutated + [Page(p.url, mutate(p.html, steps)) for p in value_pages]
            trees = {p.url: parse_html(p.html) for p in mutated}
            index = SiteIndex(list(trees), list(trees.values()))  # the app has the site's pages
            fixed = _run(repair_template_steps(mutated, template)).accepted(template)
            fixed_learned = _run(repair_template_steps(changed, learned)).accepted(learned)
            counts: list[Counter[str]] = [Counter(), Counter(), Counter()]
            broken = 0
            for page in mutated:
                res = apply_template(page, template, root=trees[page.url])
                for fid in res.failed_fields:
                    want = expected[page.url].get(fid)
                    if want in ("", [], None):
                        continue  # the field was empty before the mutation too
                    broken += 1
                    fld = template.field(fid)
                    where = f"{spec.name}/{name} {fid} {page.url}"
                    prop = propose_repair(page, template, fld, root=trees[page.url], index=index)
                    got = (
                        extract_field(
                            trees[page.url], replace(fld, xpaths=(prop.xpath,)), template
                        )[0]
                        if prop is not None
                        else None
                    )
                    _judge(counts[0], fid, got, want, f"page {where}", wrong_examples)
                    for counter, tmpl, label in (
                        (counts[1], fixed, "site"),
                        (counts[2], fixed_learned, "learned"),
                    ):
                        got = extract_field(trees[page.url], tmpl.field(fid), tmpl)[0]
                        rule = " | ".join(tmpl.field(fid).xpaths)[:120]
                        _judge(counter, fid, got, want, f"{label} {where} {rule}", wrong_examples)

            def share(c: Counter[str], broken: int = broken) -> str:
                return f"{c['ok'] / broken:>6.1%}" if broken else f"{'-':>6}"

            cols = " | ".join(
                f"{c['ok']:>7} {c['wrong']:>5} {c['none']:>5} {share(c)}" for c in counts
            )
            print(
                f"{spec.name:<8} {name:<8} {broken:>6} | {cols}   ({time.perf_counter() - t0:.0f}s)"
            )
    for line in wrong_examples:
        print("wrong:", line)


if __name__ == "__main__":
    main()
