"""The data behind docs/features.md, rebuilt from Debian doc packages, and the cost of the
Markdown converter next to lxml's parse of the same pages (measured in the same run); and
repair with and without structured-data anchors on built shop and news pages.

    python benchmarks/features_bench.py [--out /work/data/features] [--pages 300]
    python benchmarks/features_bench.py --only structured
    python benchmarks/features_bench.py --only pagination

It writes OUT/pg-v1 (the first PAGES pages of postgresql-doc-15) and OUT/pg-v2 (the same pages
with DocBook's ``programlisting`` class renamed ``code-sample`` and table captions'
``p class="title"`` renamed ``caption``: the "redesign" the monitoring example checks), then
prints a table: per documentation site, pages, ms per page to parse with lxml, ms per page to
write Markdown from the parsed tree, and the ratio.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from deboiler_gui.engine.clean.markdown import to_markdown
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import extract_field
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.valuerepair import (
    accept_field_repairs,
    learn_values,
    repair_site,
)

SITES = {
    "python3.11-doc (Sphinx)": ("/usr/share/doc/python3.11/html", "https://docs.python.org/3.11/"),
    "postgresql-doc-15 (DocBook)": (
        "/usr/share/doc/postgresql-doc-15/html",
        "https://www.postgresql.org/docs/15/",
    ),
    "git-doc (asciidoc)": ("/usr/share/doc/git-doc", "https://git-scm.com/docs/"),
    "sqlite3-doc": ("/usr/share/doc/sqlite3", "https://sqlite.org/"),
}


def build_monitoring_sites(out: Path, pages: int) -> None:
    source = Path(SITES["postgresql-doc-15 (DocBook)"][0])
    files = sorted(source.glob("*.html"))[:pages]
    for name in ("pg-v1", "pg-v2"):
        shutil.rmtree(out / name, ignore_errors=True)
        (out / name).mkdir(parents=True)
    for f in files:
        text = f.read_text(encoding="utf-8", errors="replace")
        (out / "pg-v1" / f.name).write_text(text, encoding="utf-8")
        v2 = re.sub(r'class="programlisting"', 'class="code-sample"', text)
        v2 = v2.replace('<p class="title"><strong>', '<p class="caption"><strong>')
        (out / "pg-v2" / f.name).write_text(v2, encoding="utf-8")
    print(f"wrote {len(files)} pages each to {out / 'pg-v1'} and {out / 'pg-v2'}")


def markdown_speed(limit: int) -> None:
    print(f"{'site':<30} {'pages':>6} {'parse ms/page':>14} {'markdown ms/page':>17} {'ratio':>6}")
    for label, (folder, base) in SITES.items():
        root = Path(folder)
        if not root.is_dir():
            print(f"{label:<30} (not installed)")
            continue
        files = sorted(root.rglob("*.html"))[:limit]
        texts = [(f, f.read_text(encoding="utf-8", errors="replace")) for f in files]
        t0 = time.perf_counter()
        trees = [parse_html(t) for _f, t in texts]
        t1 = time.perf_counter()
        for (f, _t), tree in zip(texts, trees, strict=True):
            to_markdown(tree, base + f.relative_to(root).as_posix())
        t2 = time.perf_counter()
        n = max(1, len(texts))
        parse_ms, md_ms = (t1 - t0) * 1000 / n, (t2 - t1) * 1000 / n
        print(
            f"{label:<30} {len(texts):>6} {parse_ms:>14.2f} {md_ms:>17.2f} {md_ms / parse_ms if parse_ms else 0:>6.1f}"
        )


# --------------------------------------------------------------------------- structured anchors
# Built pages: each page's true values are what the generator wrote (the gold), the visible
# copy and the JSON-LD copy alike. The redesign renames every class, wraps the content twice,
# turns the h1 into an h2 and adds a promo block and a related list that repeat other pages'
# names; "edited" pages also got new names/headlines and prices.


def _shop(n: int, edited: bool, v2: bool) -> tuple[str, dict[str, str]]:
    truth = {
        "name": f"Oak chair {n}" + (" – 2025 edition" if edited else ""),
        "price": f"{(n * 7) % 90 + 10}.{'99' if edited else '50'}",
        "brand": f"Brand {n % 4}",
    }
    ld = {
        "@context": "https://schema.org",
        "@type": "Product",
        "name": truth["name"],
        "brand": {"@type": "Brand", "name": truth["brand"]},
        "offers": {"@type": "Offer", "price": truth["price"], "priceCurrency": "EUR"},
    }
    other = f"Oak chair {n + 1}"
    if not v2:
        body = (
            f"<div class='crumbs'><a href='/'>Home</a> › <span>{truth['name']}</span></div>"
            f"<div class='product'><h1 class='title'>{truth['name']}</h1>"
            f"<div class='maker'>{truth['brand']}</div>"
            f"<p class='price'><span class='amount'>{truth['price']}</span> EUR</p></div>"
        )
    else:
        body = (
            f"<div class='promo'><h2>Offer</h2><span>{other}</span></div><main><div><div>"
            f"<nav class='bc'><a href='/'>Home</a> / <em>{truth['name']}</em></nav>"
            f"<section class='pdp'><h2 class='pdp-name'>{truth['name']}</h2>"
            f"<div class='pdp-brand'>{truth['brand']}</div>"
            f"<div class='buy'><b class='cost'>{truth['price']}</b> EUR</div></section></div></div></main>"
            f"<aside><ul><li>{other}</li></ul></aside>"
        )
    head = f"<script type='application/ld+json'>{json.dumps(ld)}</script>"
    return f"<html><head>{head}</head><body>{body}</body></html>", truth


def _news(n: int, edited: bool, v2: bool) -> tuple[str, dict[str, str]]:
    truth = {
        "headline": ("Updated: " if edited else "") + f"Council approves budget plan {n}",
        "author": f"Reporter {n % 5}",
        "date": f"2024-03-{n % 28 + 1:02d}",
    }
    ld = {
        "@context": "https://schema.org",
        "@type": "NewsArticle",
        "headline": truth["headline"],
        "author": {"@type": "Person", "name": truth["author"]},
        "datePublished": truth["date"],
    }
    if not v2:
        body = (
            f"<article><h1 class='headline'>{truth['headline']}</h1>"
            f"<p class='byline'><span class='author'>{truth['author']}</span>"
            f" <time class='date'>{truth['date']}</time></p><p>Text of story {n}.</p></article>"
        )
    else:
        body = (
            f"<div class='ticker'>Council approves budget plan {n + 1}</div><div><main>"
            f"<div class='story'><header><h2 class='story-title'>{truth['headline']}</h2>"
            f"<div class='meta'><a class='writer'>{truth['author']}</a> · "
            f"<span class='when'>{truth['date']}</span></div></header>"
            f"<p>Text of story {n}.</p></div></main></div>"
        )
    head = f"<script type='application/ld+json'>{json.dumps(ld)}</script>"
    return f"<html><head>{head}</head><body>{body}</body></html>", truth


_KINDS: dict[str, tuple[Any, Template]] = {
    "shop": (
        _shop,
        Template(
            "shop",
            fields=(
                Field("name", xpaths=("//h1[@class='title']",)),
                Field("brand", xpaths=("//div[@class='maker']",)),
                Field("price", xpaths=("//span[@class='amount']",)),
            ),
        ),
    ),
    "news": (
        _news,
        Template(
            "news",
            fields=(
                Field("headline", xpaths=("//h1[@class='headline']",)),
                Field("author", xpaths=("//span[@class='author']",)),
                Field("date", xpaths=("//time[@class='date']",)),
            ),
        ),
    ),
}


def _without_anchors(template: Template) -> Template:
    out = template
    for f in template.fields:
        fp = {k: v for k, v in f.search.fingerprint.items() if k != "structured"}
        out = out.with_field(replace(f, search=replace(f.search, fingerprint=fp)))
    return out


def structured_anchors(pages: int) -> None:
    print(
        f"{'site':<6} {'redesign':<28} {'pages':>5} {'anchored':>8} "
        f"{'repaired plain':>14} {'repaired anchor':>15} {'right plain':>11} {'right anchor':>12} "
        f"{'s plain':>8} {'s anchor':>8}"
    )
    scenarios = [
        ("layout only", 0.0, False),
        ("layout + half the values", 0.5, False),
        ("layout + every value", 1.0, False),
        ("layout + every value + URLs", 1.0, True),
    ]
    for kind, (make, template) in _KINDS.items():
        v1 = [Page(f"https://{kind}.example/{n}", make(n, False, False)[0]) for n in range(pages)]
        learned = learn_values(template, v1)
        anchored = sum(1 for f in learned.fields if f.search.fingerprint.get("structured"))
        for label, share, moved in scenarios:
            v2: list[Page] = []
            truths: list[dict[str, str]] = []
            for n in range(pages):
                html, truth = make(n, n < share * pages, True)
                url = f"https://{kind}.example/{'new/' if moved else ''}{n}"
                v2.append(Page(url, html))
                truths.append(truth)
            row: list[Any] = []
            for tpl in (_without_anchors(learned), learned):
                t0 = time.perf_counter()
                repairs, _ = repair_site(v2, tpl)
                secs = time.perf_counter() - t0
                fixed = accept_field_repairs(tpl, repairs)
                right = total = 0
                for page, truth in zip(v2, truths, strict=True):
                    root = parse_html(page.html)
                    for f in fixed.fields:
                        total += 1
                        got, _rep = extract_field(root, f, fixed)
                        right += " ".join(str(got).split()) == truth[f.id]
                good = sum(r.status in ("repaired", "ok") for r in repairs)
                row.append((good, right / total, secs))
            (g0, r0, s0), (g1, r1, s1) = row
            nf = len(template.fields)
            print(
                f"{kind:<6} {label:<28} {pages:>5} {anchored:>5}/{nf} {g0:>11}/{nf} {g1:>12}/{nf} "
                f"{r0:>11.1%} {r1:>12.1%} {s0:>8.2f} {s1:>8.2f}"
            )


# --------------------------------------------------------------------------- pagination styles
# Listing markups as sites write them, each with the URL of page n and the hand-written
# expectation: from one click on page 1's control, the learnt rule must give page 3's next URL
# on page 3 (whose pager has more links before the control), and nothing on the last page.

_PAGER_STYLES: dict[str, tuple[str, Any, Any, str]] = {
    # name: (url of page n, pager html of page n (last=5), XPath of the click on page 1, kind)
    "WordPress /page/N/": (
        "https://blog.example/{p}",
        lambda n: (
            (f'<a class="prev page-numbers" href="/page/{n - 1}/">«</a>' if n > 1 else "")
            + "".join(f'<a class="page-numbers" href="/page/{k}/">{k}</a>' for k in range(1, 6))
            + (f'<a class="next page-numbers" href="/page/{n + 1}/">Next »</a>' if n < 5 else "")
        ),
        "//a[contains(@class,'next')]",
        "next",
    ),
    "Django ?page=N, rel=next": (
        "https://shop.example/list{q}",
        lambda n: (
            (f'<a rel="prev" href="?page={n - 1}">previous</a>' if n > 1 else "")
            + f"<span>Page {n} of 5</span>"
            + (f'<a rel="next" href="?page={n + 1}">next</a>' if n < 5 else "")
        ),
        "//a[@rel='next']",
        "next",
    ),
    "Bootstrap li.next > a": (
        "https://news.example/archive{q}",
        lambda n: (
            '<ul class="pager">'
            + (f'<li class="previous"><a href="?page={n - 1}">Older</a></li>' if n > 1 else "")
            + (f'<li class="next"><a href="?page={n + 1}">Newer</a></li>' if n < 5 else "")
            + "</ul>"
        ),
        "//li[@class='next']/a",
        "next",
    ),
    "Chinese 下一页": (
        "https://bbs.example/forum{q}",
        lambda n: (
            (f'<a href="?page={n - 1}">上一页</a>' if n > 1 else "")
            + "".join(f'<a href="?page={k}">{k}</a>' for k in range(1, 6))
            + (f'<a href="?page={n + 1}">下一页</a>' if n < 5 else "")
        ),
        "//a[.='下一页']",
        "next",
    ),
    "arrow icon inside the link": (
        "https://docs.example/list{q}",
        lambda n: (
            "".join(f'<a href="?page={k}">{k}</a>' for k in range(1, n + 1))
            + (
                f'<a aria-label="Next page" href="?page={n + 1}"><i class="icon"></i></a>'
                if n < 5
                else ""
            )
        ),
        "//a[@aria-label]/i",
        "next",
    ),
    "offset ?start=N": (
        "https://search.example/s?q=chairs{amp}",
        lambda n: (
            (f'<a href="/s?q=chairs&start={(n - 2) * 10}">Prev</a>' if n > 1 else "")
            + (
                f'<a class="nav-more" href="/s?q=chairs&start={n * 10}">More results</a>'
                if n < 5
                else ""
            )
        ),
        "//a[@class='nav-more']",
        "query",
    ),
    "load more button (data-url)": (
        "https://shop.example/feed{q}",
        lambda n: (
            f'<button class="load-more" data-url="/feed?page={n + 1}">Load more</button>'
            if n < 5
            else ""
        ),
        "//button",
        "query",
    ),
}


def _pager_url(template: str, n: int) -> str:
    if "{p}" in template:
        return template.format(p="" if n == 1 else f"page/{n}/")
    if "{amp}" in template:
        return template.format(amp="" if n == 1 else f"&start={(n - 1) * 10}")
    return template.format(q="" if n == 1 else f"?page={n}")


def pagination_styles() -> None:
    from deboiler_gui.engine.crawl.pagination import learn_pagination
    from deboiler_gui.engine.crawl.rules import normalize_url

    print(f"{'style':<30} {'rule':<6} {'page 3 → 4':<6} {'last → none':<11} control")
    right = 0
    for name, (url_t, pager, click, kind) in _PAGER_STYLES.items():

        def page(n: int, pager: Any = pager) -> Any:
            return parse_html(
                f"<html><body><ul><li><a href='/item/{n}'>Item {n}</a></li></ul>"
                f"<div class='pagination'>{pager(n)}</div></body></html>"
            )

        rules = learn_pagination(page(1), _pager_url(url_t, 1), click)
        rule = next((r for r in rules if r.kind == kind), rules[0])
        want = normalize_url(_pager_url(url_t, 4))
        ok3 = rule.generate(page(3), _pager_url(url_t, 3)) == [want]
        ok_last = rule.generate(page(5), _pager_url(url_t, 5)) == []
        right += ok3 and ok_last
        print(
            f"{name:<30} {rule.kind:<6} {'yes' if ok3 else 'NO':<6} {'yes' if ok_last else 'NO':<11} {rule.control[0]}"
        )
    print(f"{right}/{len(_PAGER_STYLES)} styles learnt from one click")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/work/data/features"))
    parser.add_argument("--pages", type=int, default=300)
    parser.add_argument("--only", choices=["markdown", "structured", "pagination"], default=None)
    args = parser.parse_args()
    if args.only in (None, "markdown"):
        build_monitoring_sites(args.out, args.pages)
        markdown_speed(args.pages)
    if args.only in (None, "structured"):
        structured_anchors(min(args.pages, 200))
    if args.only in (None, "pagination"):
        pagination_styles()


if __name__ == "__main__":
    main()
