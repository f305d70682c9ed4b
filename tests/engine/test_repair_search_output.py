"""The search-rule repair (a template learned before values were kept) proposes rules for fields
that do not give their node's text: an image's source and a link's target (a rule ending on
``/@src`` or ``/@href``, or a field of kind ``attribute``), a list of image sources, and a
record list; each proposal gives the field's own output again, never a decoy's."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.progress import run
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.repair import (
    accept_repairs,
    best_repairs,
    learn_template,
    repair_steps,
)

SITE = "shop.example"


def product(i: int, *, new: bool = False) -> str:
    p = "v2-" if new else ""  # the redesign renames every class
    specs = "".join(
        f"<tr class='{p}row'><td>Key{k}</td><td>Val {i}.{k}</td></tr>" for k in range(2 + i % 2)
    )
    gallery = "".join(f"<img src='/g/{i}-{k}.jpg'>" for k in range(2 + i % 3))
    return f"""<html><body><div class='{p}top'><a href='/'>Home</a><img src='/logo.png'></div>
    <div class='{p}product'><h1 class='{p}name'>Product {i}</h1>
    <img class='{p}photo' src='/img/p{i}.jpg' alt='photo {i}'>
    <p class='{p}price'>{i}.99 EUR</p>
    <div class='{p}gallery'>{gallery}</div>
    <table class='{p}specs'>{specs}</table>
    <a class='{p}next' href='/p/{i + 1}.html'>Next product</a></div>
    <div class='{p}related'><a href='/p/{i + 7}.html'><img class='{p}thumb' src='/img/p{i + 7}.jpg'></a>
    <table><tr><td>Rated</td><td>{i % 5} stars</td></tr></table></div></body></html>"""


def template() -> Template:
    return Template(
        "shop",
        site=SITE,
        use_cleaner=False,
        fields=(
            Field("photo", xpaths=("//img[@class='photo']/@src",)),
            Field(
                "photo_kind", xpaths=("//img[@class='photo']",), kind="attribute", attribute="src"
            ),
            Field("next", xpaths=("//a[@class='next']/@href",)),
            Field("next_kind", xpaths=("//a[@class='next']",), kind="attribute", attribute="href"),
            Field("gallery", xpaths=("//div[@class='gallery']/img/@src",), is_list=True),
            Field(
                "specs",
                xpaths=("//table[@class='specs']/tr",),
                is_list=True,
                children=(Field("key", xpaths=("./td[1]",)), Field("value", xpaths=("./td[2]",))),
            ),
        ),
    )


def want(i: int) -> dict[str, object]:
    return {
        "photo": f"/img/p{i}.jpg",
        "photo_kind": f"/img/p{i}.jpg",
        "next": f"/p/{i + 1}.html",
        "next_kind": f"/p/{i + 1}.html",
        "gallery": [f"/g/{i}-{k}.jpg" for k in range(2 + i % 3)],
        "specs": [{"key": f"Key{k}", "value": f"Val {i}.{k}"} for k in range(2 + i % 2)],
    }


def test_attribute_image_list_and_record_fields_get_proposals_with_their_own_output() -> None:
    old = [Page(f"https://{SITE}/p/{i}.html", product(i)) for i in range(10)]
    learned = learn_template(template(), old)
    for fld in learned.fields:
        assert not fld.search.empty, fld.id  # a rule ending on /@src is learned too
    new = [Page(f"https://{SITE}/p/{i}.html", product(i, new=True)) for i in range(10)]
    proposals = run(repair_steps(new, learned))
    best = best_repairs(proposals)
    assert sorted(p.field for p in best) == sorted(f.id for f in learned.fields)
    by = {p.field: p for p in best}
    assert by["photo"].xpath.endswith("/@src") and by["next"].xpath.endswith("/@href")
    assert by["photo"].value == "/img/p0.jpg"  # the field's output, not the image's (no) text
    assert by["next_kind"].value == "/p/1.html"
    for p in best:
        assert len(p.fixes) == len(new), p
    fixed = accept_repairs(learned, best)
    for i, page in enumerate(new):
        assert apply_template(page, fixed).values == want(i)
