"""Structured data as field candidates: JSON-LD (with @graph), microdata and OpenGraph values,
each read back by a template field on the page and counted over the site."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Template
from deboiler_gui.engine.template.structured import jsonld_value, page_candidates

SITE = "https://store.example/"


def product_page(i: int, *, jsonld: bool = True) -> str:
    graph = {
        "@context": "https://schema.org",
        "@graph": [
            {"@type": "WebSite", "name": "Store", "url": SITE},
            {
                "@type": "Product",
                "name": f"Chair {i}",
                "sku": f"CH-{i:03d}",
                "offers": [{"@type": "Offer", "price": f"{10 + i}.50", "priceCurrency": "EUR"}],
            },
        ],
    }
    script = f'<script type="application/ld+json">{json.dumps(graph)}</script>' if jsonld else ""
    return f"""<html><head><title>Chair {i}</title>
<meta property="og:title" content="Chair {i} | Store"><meta property="og:image" content="{SITE}img/{i}.jpg">
{script}</head><body>
<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Chair {i}</h1>
<a itemprop="url" href="/p/{i}">link</a><meta itemprop="brand" content="Woody">
<span itemprop="description">A   chair
 made of wood, number {i}.</span></div></body></html>"""


def test_jsonld_value_paths() -> None:
    text = json.loads(json.dumps({"@graph": [{"@type": "A", "x": [{"y": 1}, {"y": 2}]}]}))
    block = json.dumps(text)
    assert jsonld_value(block, "A.x.1.y") == "2"
    assert jsonld_value(block, "A.x.5.y") == "" and jsonld_value(block, "B.x") == ""
    assert jsonld_value("not json", "A.x") == ""
    assert jsonld_value(json.dumps([{"@type": ["Thing", "A"], "z": "v"}]), "Thing.z") == "v"


def test_candidates_are_read_back_by_their_fields() -> None:
    page = Page(SITE + "p/3", product_page(3))
    cands = {(c.syntax, c.path): c for c in page_candidates(page)}
    expected = {
        ("json-ld", "WebSite.name"): "Store",
        ("json-ld", "Product.name"): "Chair 3",
        ("json-ld", "Product.sku"): "CH-003",
        ("json-ld", "Product.offers.0.price"): "13.50",
        ("json-ld", "Product.offers.0.priceCurrency"): "EUR",
        ("opengraph", "og:title"): "Chair 3 | Store",
        ("opengraph", "og:image"): SITE + "img/3.jpg",
        ("microdata", "Product.name"): "Chair 3",
        ("microdata", "Product.brand"): "Woody",
        ("microdata", "Product.url"): SITE + "p/3",
        ("microdata", "Product.description"): "A chair made of wood, number 3.",
    }
    got = {k: " ".join(c.value.split()) for k, c in cands.items() if k in expected}
    assert got == expected
    assert all(cands[k].field is not None for k in expected)
    # the candidates become a template whose extraction gives the same values
    fields = tuple(cands[k].field for k in expected if k[0] != "microdata" or k[1] != "Product.url")
    template = Template(
        "from-structured", fields=tuple(replace(f, id=f"f{i}") for i, f in enumerate(fields))
    )
    values = apply_template(page, template).values
    wanted = [v for k, v in expected.items() if k != ("microdata", "Product.url")]
    assert [" ".join(values[f"f{i}"].split()) for i in range(len(fields))] == wanted


def test_suggest_structured_with_site_rates(tmp_path: Path) -> None:
    folder = tmp_path / "store"
    (folder / "p").mkdir(parents=True)
    for i in range(1, 11):
        (folder / "p" / f"{i}.html").write_text(product_page(i, jsonld=i <= 6), encoding="utf-8")
    ws = tmp_path / "ws.sqlite"
    runner = CliRunner()
    assert (
        runner.invoke(
            cli, ["import", str(folder), "-w", str(ws), "--base-url", SITE, "-q"]
        ).exit_code
        == 0
    )
    result = runner.invoke(
        cli, ["suggest", SITE + "p/2.html", "--structured", "-w", str(ws), "--json"]
    )
    assert result.exit_code == 0, result.output
    rows = {(r["syntax"], r["path"]): r for r in json.loads(result.stdout)}
    assert (
        rows[("json-ld", "Product.offers.0.price")]["site_rate"] == 0.6
    )  # 6 of 10 pages have JSON-LD
    assert rows[("opengraph", "og:title")]["site_rate"] == 1.0
    assert rows[("microdata", "Product.brand")]["field"]["xpaths"] == [
        "//*[@itemscope][contains(@itemtype, 'Product')]//*[@itemprop='brand']/@content"
    ]
    table = runner.invoke(cli, ["suggest", SITE + "p/2.html", "--structured", "-w", str(ws)])
    assert "jsonld:Product.offers.0.price" in table.stdout and " 60%" in table.stdout
    with Workspace(ws) as w:
        assert w.template_names() == []  # suggesting saves nothing


def test_rdfa_lite_values_are_candidates_read_back_by_their_fields() -> None:
    html = (
        "<html><head><meta property='og:title' content='Budget | News'></head><body>"
        "<div vocab='https://schema.org/' typeof='NewsArticle'>"
        "<h1 property='headline'>Council approves  budget</h1>"
        "<meta property='datePublished' content='2024-03-01'>"
        "<p property='articleBody'>Text.</p><p property='articleBody'>More.</p></div>"
        "<p property='headline'>Outside any typeof: not RDFa Lite</p></body></html>"
    )
    page = Page("https://news.example/a", html)
    cands = {c.path: c for c in page_candidates(page) if c.syntax == "rdfa"}
    assert sorted(cands) == [
        "NewsArticle.articleBody",
        "NewsArticle.datePublished",
        "NewsArticle.headline",
    ]
    assert cands["NewsArticle.headline"].value == "Council approves budget"
    assert cands["NewsArticle.datePublished"].field is not None
    assert cands["NewsArticle.datePublished"].field.xpaths[0].endswith("/@content")
    fields = [c.field for c in cands.values() if c.field is not None]
    template = Template("t", fields=tuple(fields))
    record = apply_template(page, template).values
    assert record[cands["NewsArticle.headline"].field.id] == "Council approves budget"
    assert record[cands["NewsArticle.datePublished"].field.id] == "2024-03-01"
    assert record[cands["NewsArticle.articleBody"].field.id] == "Text."
