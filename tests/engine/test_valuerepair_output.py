"""Repair by learned values for fields whose value is not their node's text: processed text
(a SKU cut out of "SKU: TC-1005" by a regex), an image's source, a record list (rows of a specs
table). The redesigned pages keep the values with new classes; the candidates are compared
with the old values through the field's own output, and wrong nodes (other products'
thumbnails, a related product's SKU) are never taken."""

from __future__ import annotations

import json

import pytest
from tplsite import SITE

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Processor, Template
from deboiler_gui.engine.template.valuerepair import accept_field_repairs, learn_values, repair_site

NAMES = ["Oak Stool", "Birch Shelf", "Pine Bench", "Walnut Desk", "Maple Chair", "Cedar Chest"]


def product_html(i: int, v2: bool, *, json_ld: bool = False, photo: bool = True) -> str:
    """A shop's product page; ``v2`` is the redesign: same values, other classes and nesting,
    a strip of other products' thumbnails and a related product's SKU."""
    name = NAMES[i % len(NAMES)]
    sku = f"TC-{1000 + i}"
    specs = [("Width", f"{40 + i} cm"), ("Weight", f"{3 + i % 5} kg")]
    if i % 2:
        specs.append(("Finish", "Oiled"))
    ld = ""
    if json_ld:
        data = {"@context": "https://schema.org", "@type": "Product", "name": name, "sku": sku}
        ld = f"<script type='application/ld+json'>{json.dumps(data)}</script>"
    rows = "".join(f"<tr><td>{k}</td><td>{v}</td></tr>" for k, v in specs)
    if not v2:
        img = f"<img class='product-photo' src='/img/{i}.jpg' alt='Photo of the {name}'>"
        return (
            f"<html><head><title>{name}</title>{ld}</head><body>"
            "<div class='site-header'><a href='/'>Timber</a></div>"
            f"<article class='product'><h1 class='product-title'>{name}</h1>"
            f"{img if photo else ''}<p class='sku'>SKU: {sku}</p>"
            f"<p>The {name} is made from solid wood.</p>"
            "<table class='specs'><tr><th>Property</th><th>Value</th></tr>"
            f"{rows}</table></article></body></html>"
        )
    img = f"<img src='/img/{i}.jpg' alt='Photo of the {name}' class='item-photo'>"
    other = (i + 1) % 40
    thumbs = "".join(
        f"<li><a href='/p/{j}.html'><img src='/img/{j}.jpg' alt=''></a></li>"
        for j in (other, (i + 2) % 40)
    )
    return (
        f"<html><head><title>{name}</title>{ld}</head><body>"
        "<div class='top-bar'><a href='/'>Timber</a></div>"
        f"<main class='page-main'><section class='item-card'><div class='card-inner'>"
        f"<h2 class='item-heading'>{name}</h2>{img if photo else ''}"
        f"<p class='item-code'>SKU: {sku}</p>"
        f"<div class='item-text'><p>The {name} is made from solid wood.</p></div>"
        "<table class='item-specs'><tr><th>Property</th><th>Value</th></tr>"
        f"{rows}</table></div></section>"
        f"<aside class='related'><p>Goes well with SKU: TC-{1000 + other}</p>"
        f"<ul class='thumbs'>{thumbs}</ul></aside></main></body></html>"
    )


def site(v2: bool, n: int = 10, **kw: bool) -> list[Page]:
    return [Page(f"https://{SITE}/p/{i}.html", product_html(i, v2, **kw)) for i in range(1, n)]


def shop(*fields: Field) -> Template:
    return Template("product", site=SITE, fields=fields, use_cleaner=False)


SKU = Field("sku", xpaths=("p.sku",), processors=(Processor("regex", (r"TC-\d+",)),))


@pytest.mark.parametrize("json_ld", [False, True])
def test_a_processed_text_field_is_found_by_its_processed_value(json_ld: bool) -> None:
    learned = learn_values(shop(SKU), site(False, json_ld=json_ld))
    fp = learned.field("sku").search.fingerprint
    assert fp["samples"][f"https://{SITE}/p/5.html"] == "TC-1005"
    assert bool(fp.get("structured")) == json_ld  # json-ld:Product.sku when the page has it
    changed = site(True, json_ld=json_ld)
    (rep,), _stats = repair_site(changed, learned)
    assert rep.status == "repaired", rep.evidence
    assert "item-code" in rep.xpath
    assert rep.evidence["wrong"] == 0 and rep.evidence["agree"] >= 9
    fixed = accept_field_repairs(learned, [rep])
    for i, page in enumerate(changed, start=1):
        # The related product's SKU on the same page is not this product's.
        assert apply_template(page, fixed).values["sku"] == f"TC-{1000 + i}"


@pytest.mark.parametrize(
    "photo",
    [
        Field("photo", xpaths=("//img[@class='product-photo']/@src",)),
        Field(
            "photo",
            xpaths=("//img[@class='product-photo']",),
            kind="attribute",
            attribute="src",
            processors=(Processor("prefix", ("https://cdn.example",)),),
        ),
        Field(
            "photo",
            xpaths=("//img[@class='product-photo']/@src",),
            kind="attribute",
            attribute="src",
        ),
    ],
    ids=["xpath-ends-on-src", "attribute-kind-with-prefix", "attribute-kind-ending-on-src"],
)
def test_an_image_source_field_is_repaired_to_the_products_photo(photo: Field) -> None:
    learned = learn_values(shop(photo), site(False))
    fp = learned.field("photo").search.fingerprint
    # The node kind is learned for a rule ending on /@src too: an image, without text.
    assert (fp["node_tag"], fp["node_text"]) == ("img", False)
    changed = site(True)
    (rep,), _stats = repair_site(changed, learned)
    assert rep.status == "repaired", rep.evidence
    assert "item-photo" in rep.xpath
    # A rule that ended on the attribute ends on it again.
    assert rep.xpath.endswith("/@src") == photo.xpaths[0].endswith("/@src"), rep.xpath
    assert rep.evidence["wrong"] == 0
    fixed = accept_field_repairs(learned, [rep])
    base = "https://cdn.example" if photo.processors else ""
    for i, page in enumerate(changed, start=1):
        # Never one of the thumbnails of other products on the same page.
        assert apply_template(page, fixed).values["photo"] == f"{base}/img/{i}.jpg"


def test_a_removed_photo_is_gone_not_a_thumbnail() -> None:
    photo = Field("photo", xpaths=("//img[@class='product-photo']/@src",))
    learned = learn_values(shop(photo), site(False))
    (rep,), _stats = repair_site(site(True, photo=False), learned)
    assert rep.status == "gone"
    assert accept_field_repairs(learned, [rep]) == learned


def test_a_record_list_is_repaired_by_its_records() -> None:
    specs = Field(
        "specs",
        xpaths=("//table[@class='specs']/tr[position()>1]",),
        is_list=True,
        children=(Field("key", xpaths=("./td[1]",)), Field("value", xpaths=("./td[2]",))),
    )
    learned = learn_values(shop(specs), site(False))
    changed = site(True)
    (rep,), _stats = repair_site(changed, learned)
    assert rep.status == "repaired", rep.evidence
    assert "item-specs" in rep.xpath
    assert rep.evidence["wrong"] == 0
    fixed = accept_field_repairs(learned, [rep])
    for i, page in enumerate(changed, start=1):
        want = [
            {"key": "Width", "value": f"{40 + i} cm"},
            {"key": "Weight", "value": f"{3 + i % 5} kg"},
        ]
        if i % 2:
            want.append({"key": "Finish", "value": "Oiled"})
        assert apply_template(page, fixed).values["specs"] == want
