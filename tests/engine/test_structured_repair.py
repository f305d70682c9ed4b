"""Structured data as repair anchors: a field whose values are the pages' JSON-LD / microdata /
RDFa values is found again after a redesign by the page's current structured value, even when
the visible text changed or the pages are new."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import extract_field
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.structured import page_values
from deboiler_gui.engine.template.valuerepair import (
    accept_field_repairs,
    learn_values,
    repair_site,
)

SITE = "https://store.example"
N = 12


def _product(n: int, *, v2: bool = False, renamed: bool = False) -> tuple[str, str, str]:
    name = f"Oak chair {n}" + (" (2025 edition)" if v2 and renamed else "")
    price = f"{10 + n}.50" if not (v2 and renamed) else f"{20 + n}.00"
    return name, price, f"Brand {n % 3}"


def product_page(n: int, *, v2: bool = False, renamed: bool = False, moved: bool = False) -> Page:
    """A product page; v2 is the redesign: classes renamed, the content wrapped twice, a
    "related" block with other products' names, and with ``renamed`` new names and prices."""
    name, price, brand = _product(n, v2=v2, renamed=renamed)
    ld = {
        "@context": "https://schema.org",
        "@type": "Product",
        "name": name,
        "brand": {"@type": "Brand", "name": brand},
        "offers": {"@type": "Offer", "price": price, "priceCurrency": "EUR"},
    }
    other = f"Oak chair {(n + 1) % N}"
    if not v2:
        body = (
            f"<div class='crumbs'><a href='/'>Home</a> › <span>{name}</span></div>"
            f"<div class='product'><h1 class='product-title'>{name}</h1>"
            f"<p class='price'><span class='amount'>{price}</span> EUR</p>"
            f"<p class='desc'>A sturdy chair made of oak, number {n}.</p></div>"
        )
    else:
        body = (
            f"<div class='promo'><h2>Offer of the week</h2><span class='x'>{other}</span></div>"
            f"<main><div class='wrap'><div class='inner'><section class='pdp'>"
            f"<nav class='bc'><a href='/'>Home</a> / <em>{name}</em></nav>"
            f"<div class='pdp-head'><h2 class='pdp-name'>{name}</h2></div>"
            f"<div class='pdp-buy'><b class='cost'>{price}</b> EUR</div>"
            f"<p>A sturdy chair made of oak, number {n}.</p></section></div></div></main>"
            f"<aside><h3>Related</h3><ul><li>{other}</li></ul></aside>"
        )
    html = (
        f"<html><head><title>{name} | Store</title>"
        f"<script type='application/ld+json'>{json.dumps(ld)}</script></head>"
        f"<body>{body}</body></html>"
    )
    path = f"/products/{n}" if moved else f"/p/{n}.html"
    return Page(SITE + path, html)


TEMPLATE = Template(
    "product",
    site="store.example",
    fields=(
        Field("name", xpaths=("//h1[@class='product-title']",)),
        Field("price", xpaths=("//span[@class='amount']",)),
        Field("desc", xpaths=("//p[@class='desc']",)),
    ),
)


def _values(template: Template, pages: list[Page], field_id: str) -> list[Any]:
    fld = template.field(field_id)
    return [extract_field(parse_html(p.html), fld, template)[0] for p in pages]


def test_page_values_read_every_syntax() -> None:
    html = (
        "<html><head><meta property='og:title' content='Chair | Store'>"
        '<script type="application/ld+json">{"@graph": [{"@type": "Article", "headline": "Hi"}]}</script>'
        "</head><body><div itemscope itemtype='https://schema.org/Product'>"
        "<span itemprop='name'> Oak   chair </span><meta itemprop='sku' content='X1'>"
        "<a itemprop='url' href='https://s.example/p'>link</a></div>"
        "<div vocab='https://schema.org/' typeof='Person'><span property='name'>Ann</span></div>"
        "</body></html>"
    )
    assert page_values(parse_html(html)) == {
        "json-ld:Article.headline": "Hi",
        "opengraph:og:title": "Chair | Store",
        "microdata:Product.name": "Oak chair",
        "microdata:Product.sku": "X1",
        "microdata:Product.url": "https://s.example/p",
        "rdfa:Person.name": "Ann",
    }


def test_learning_anchors_fields_that_equal_structured_values() -> None:
    learned = learn_values(TEMPLATE, [product_page(n) for n in range(N)])
    anchors = {f.id: f.search.fingerprint.get("structured") for f in learned.fields}
    assert anchors == {
        "name": "json-ld:Product.name",
        "price": "json-ld:Product.offers.price",
        "desc": None,  # in no structured data
    }


def test_redesign_with_changed_values_is_repaired_through_the_anchor() -> None:
    learned = learn_values(TEMPLATE, [product_page(n) for n in range(N)])
    # The redesign also renamed the products and changed the prices: the old values are gone.
    v2 = [product_page(n, v2=True, renamed=n % 2 == 0) for n in range(N)]
    repairs, _stats = repair_site(v2, learned)
    by = {r.field: r for r in repairs}
    assert (
        by["name"].status == "repaired" and by["name"].evidence["anchor"] == "json-ld:Product.name"
    )
    assert by["price"].status == "repaired"
    fixed = accept_field_repairs(learned, repairs)
    assert _values(fixed, v2, "name") == [
        _product(n, v2=True, renamed=n % 2 == 0)[0] for n in range(N)
    ]
    assert _values(fixed, v2, "price") == [
        _product(n, v2=True, renamed=n % 2 == 0)[1] for n in range(N)
    ]
    # the visible heading, not the breadcrumb's copy of the name, nor the script
    assert "pdp-name" in by["name"].xpath or by["name"].xpath.startswith("//h2")


def test_without_the_anchor_renamed_values_are_gone() -> None:
    learned = learn_values(TEMPLATE, [product_page(n) for n in range(N)])
    v2 = [product_page(n, v2=True, renamed=True) for n in range(N)]  # every name changed
    plain = learned
    for f in learned.fields:
        fp = {k: v for k, v in f.search.fingerprint.items() if k != "structured"}
        plain = plain.with_field(replace(f, search=replace(f.search, fingerprint=fp)))
    without = {r.field: r.status for r in repair_site(v2, plain)[0]}
    anchored = {r.field: r for r in repair_site(v2, learned)[0]}
    assert without["name"] == "gone" and without["price"] == "gone"
    assert anchored["name"].status == "repaired" and anchored["price"].status == "repaired"
    fixed = accept_field_repairs(learned, list(anchored.values()))
    assert _values(fixed, v2, "name") == [_product(n, v2=True, renamed=True)[0] for n in range(N)]


def test_new_urls_after_the_redesign_are_checked_by_their_structured_values() -> None:
    learned = learn_values(TEMPLATE, [product_page(n) for n in range(N)])
    # every product moved to /products/N: no learned page is in the site any more
    v2 = [product_page(n, v2=True, renamed=True, moved=True) for n in range(N)]
    assert not {p.url for p in v2} & set(learned.field("name").search.fingerprint["samples"])
    repairs, stats = repair_site(v2, learned)
    by = {r.field: r for r in repairs}
    assert by["name"].status == "repaired"
    assert by["desc"].status == "unlearned"  # no anchor: nothing to check it against
    fixed = accept_field_repairs(learned, repairs)
    assert _values(fixed, v2, "name") == [_product(n, v2=True, renamed=True)[0] for n in range(N)]
    assert stats["parsed"] == N


def test_unchanged_layout_with_new_values_is_ok_not_drift() -> None:
    learned = learn_values(TEMPLATE, [product_page(n) for n in range(N)])
    # same layout, prices and names changed: the rule still gives what the JSON-LD says
    pages = [product_page(n) for n in range(N)]
    changed = []
    for p in pages:
        html = p.html.replace("Oak chair", "Beech chair")
        changed.append(Page(p.url, html))
    repairs, _ = repair_site(changed, learned)
    by = {r.field: r for r in repairs}
    assert by["name"].status == "ok" and by["name"].evidence["anchor"] == "json-ld:Product.name"
