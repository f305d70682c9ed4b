"""A shop's frame set in its product pages: the buttons and calls of the buy box, a form's
title, and the product's own name and price beside them.

Hand-written pages show each rule alone; trimmed real pages (John Lewis and Zara product
pages, tests/data/realpages) show them where they were found."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import CleanResult, Page

DATA = Path(__file__).resolve().parent.parent / "data" / "realpages"

PRODUCTS = [
    ("Faux Fur Throw", "Cosy faux fur throw with a soft fleece backing.", "100% polyester"),
    ("Oak Dining Table", "A solid table with a full plank design for six.", "Oak veneer"),
    ("Brown Bear Soft Toy", "This big brown bear greets you with open arms.", "Polyester"),
    ("Wall Hook", "A sturdy steel hook for coats, bags and towels.", "Powder-coated steel"),
    ("Table Lamp", "A lamp that casts a warm glow on the walls around it.", "Glass and steel"),
    ("Kitchen Rack", "A rack that keeps pans and lids at hand by the hob.", "Lacquered steel"),
]

#: each page's calls, each said on two pages at most: no repeat across the site shows them
CALLS = [
    ("Add to your basket", "Check in-store availability", "Put it in your basket"),
    ("Add to your basket", "Check in-store availability", "Put it in your basket"),
    ("Reserve in store", "Find a store near you", "Choose a store"),
    ("Reserve in store", "Find a store near you", "Choose a store"),
    ("Notify me", "Ask about stock", "Tell me when it is back"),
    ("Notify me", "Ask about stock", "Tell me when it is back"),
]

#: each page words the newsletter's title otherwise
LETTERS = ["newsletter", "mailing list", "club", "offers list", "updates", "weekly letter"]

#: each page's cost of standard delivery, in words: the delivery panel differs a little
DELIVERY = ["free", "free over fifty pounds", "not available", "free", "from free", "on request"]

#: the shop's own words on how it makes its goods, the same on every page's description
STORY = (
    "Every piece is designed in our studio and made by a small workshop we have worked with "
    "for many years. We choose materials that wear well and can be repaired, and we test "
    "each design in real homes before it reaches the shop. When a piece has served its "
    "time, bring it back to any of our shops and we will find it a second home."
)

#: a question in an accordion, its button opening the answer: the question is its heading
QUESTIONS = [
    "Can I return it?",
    "Is it machine washable?",
    "Does it come assembled?",
    "Will it fit my door?",
    "Can the bulb be changed?",
    "Does it hold heavy pans?",
]

#: a one-word toggle over a part of the content, worded per page
TOGGLES = ["hide", "show", "open", "close", "more", "less"]

SIZES = [("Small", "Medium", "Large"), ("Short", "Regular", "Long"), ("Single", "Double", "King")]


def _page(i: int) -> str:
    name, text, material = PRODUCTS[i]
    button, link, label = CALLS[i]
    sizes = "".join(f'<button class="pick">{s}</button>' for s in SIZES[i % 3])
    others = "".join(
        f'<li><a href="/p/{j}">{PRODUCTS[j][0]}</a></li>' for j in range(len(PRODUCTS)) if j != i
    )
    return f"""<html><head><title>{name} at The Shop</title></head><body>
<header><nav><a href="/">Home</a> <a href="/home">Home &amp; Garden</a> <a href="/toys">Toys</a>
<a href="/lights">Lights</a> <a href="/sale">Sale</a></nav></header>
<main>
<div class="product-container">
 <h1 class="product-title">{name}</h1>
 <section class="also"><h2>Customers also viewed</h2><ul>{others}</ul></section>
</div>
<div id="details" class="details">
 <h2>Product description</h2>
 <div class="buy"><button type="submit">{button}</button>
  <a href="#" class="stock">{link}</a>
  <h2 class="offscreen"><label for="size">{label}</label></h2></div>
 <div class="sizes">{sizes}</div>
 <p>{text} It is made to last for years of daily use in a busy home.</p>
 <p>Before the first wash read the <a href="#">care label</a> sewn inside the seam.</p>
 <p><b>Size chart:</b> <button class="toggle">{TOGGLES[i]}</button></p>
 <div class="faq"><button aria-expanded="false" aria-controls="a{i}">{QUESTIONS[i]}</button>
  <div id="a{i}">Yes, within the first year after you bought it.</div></div>
 <dl><dt>Material</dt><dd>{material}</dd></dl>
 <p>{STORY}</p>
 <section class="delivery"><h2>Delivery &amp; returns</h2>
  <p>Standard delivery: {DELIVERY[i]}</p>
  <p>UK delivery within 7-10 days, Monday to Saturday.</p>
  <p>Collect your order from over 7000 local shops within 3 days.</p>
  <p>Return small items by post or to any of our shops.</p>
  <p>Large items can be returned with our home collection service.</p>
 </section>
</div>
</main>
<div class="newsletter"><section>
 <h2>Join our {LETTERS[i]}</h2>
 <form><label for="email">Enter your email address here</label><input id="email" type="text">
 <button>Subscribe</button></form>
</section></div>
<footer><a href="/help">Help</a> <a href="/delivery">Delivery</a> <a href="/returns">Returns</a>
</footer></body></html>"""


def _squash(text: str) -> str:
    return "".join(text.split())


def _clean_rows(rows: list[dict[str, str]]) -> dict[str, CleanResult]:
    pages = [Page(url=r["url"], html=r["html"]) for r in rows]
    cleaner = DomainCleaner().fit(pages)
    return {p.url: r for p, r in zip(pages, cleaner.transform(pages), strict=True)}


@pytest.fixture(scope="module")
def written() -> dict[str, CleanResult]:
    return _clean_rows(
        [{"url": f"https://shop.example/p/{i}", "html": _page(i)} for i in range(len(PRODUCTS))]
    )


@pytest.fixture(scope="module")
def real() -> dict[str, CleanResult]:
    rows = json.loads(gzip.decompress((DATA / "johnlewis-zara-products.json.gz").read_bytes()))
    out: dict[str, CleanResult] = {}
    for host in ("www.johnlewis.com", "www.zara.com"):
        out.update(_clean_rows([r for r in rows if f"//{host}/" in r["url"]]))
    return out


@pytest.mark.parametrize("i", range(len(PRODUCTS)))
def test_buttons_in_the_content_go_though_no_other_page_says_them(
    written: dict[str, CleanResult], i: int
) -> None:
    text = written[f"https://shop.example/p/{i}"].cleaned_text
    for call in CALLS[i]:
        assert call not in text
    # the product's own text around them stays
    assert PRODUCTS[i][1] in text
    assert PRODUCTS[i][2] in text


@pytest.mark.parametrize("i", range(len(PRODUCTS)))
def test_a_series_of_alike_buttons_is_the_pages_choice_and_stays(
    written: dict[str, CleanResult], i: int
) -> None:
    text = written[f"https://shop.example/p/{i}"].cleaned_text
    assert all(size in text for size in SIZES[i % 3])


def test_a_link_that_goes_nowhere_inside_a_sentence_stays(
    written: dict[str, CleanResult],
) -> None:
    text = written["https://shop.example/p/0"].cleaned_text
    assert "Before the first wash read the care label sewn inside the seam." in text


@pytest.mark.parametrize("i", range(len(PRODUCTS)))
def test_a_delivery_panel_in_the_content_goes(written: dict[str, CleanResult], i: int) -> None:
    # under its heading, at the same place on every page, its lines the same on every page
    # but one: the shop's panel, not the product's section
    text = written[f"https://shop.example/p/{i}"].cleaned_text
    assert "UK delivery within 7-10 days" not in text
    assert "Return small items by post" not in text
    # the product's own sections beside it stay, a specification's label included
    assert f"Material {PRODUCTS[i][2]}" in " ".join(text.split())
    assert PRODUCTS[i][1] in text


@pytest.mark.parametrize("i", range(len(PRODUCTS)))
def test_an_accordions_question_stays(written: dict[str, CleanResult], i: int) -> None:
    # a button that opens a part of the page (aria-expanded) says that part's heading
    text = written[f"https://shop.example/p/{i}"].cleaned_text
    assert QUESTIONS[i] in text


@pytest.mark.parametrize("i", range(len(PRODUCTS)))
def test_a_one_word_toggle_stays(written: dict[str, CleanResult], i: int) -> None:
    # a button of one word may be a tab's label or a toggle over the content's own part
    # (SQLite's "hide" over each syntax diagram): no call of the frame's
    text = written[f"https://shop.example/p/{i}"].cleaned_text
    assert f"Size chart: {TOGGLES[i]}" in " ".join(text.split())


@pytest.mark.parametrize("i", range(len(PRODUCTS)))
def test_a_forms_title_goes_with_its_form(written: dict[str, CleanResult], i: int) -> None:
    # each page words the title otherwise: only its place before the form says it
    text = written[f"https://shop.example/p/{i}"].cleaned_text
    assert f"Join our {LETTERS[i]}" not in text
    assert "Enter your email address here" not in text


THROW = "https://www.johnlewis.com/john-lewis-partners-faux-fur-throw/platinum/p3969033"
SPEAKER = (
    "https://www.johnlewis.com/google-nest-mini-hands-free-smart-speaker-2nd-gen/chalk/p4781720"
)
PUZZLE = "https://www.johnlewis.com/ridleys-gin-lover-jigsaw-puzzle-500-pieces/p3897500"
BOOT = "https://www.johnlewis.com/gant-akron-leather-chelsea-boot/cognac/p5095418"
BOOTS = (
    "https://www.zara.com/be/en/flat-over-the-knee-boots-with-track-soles-p11002710.html"
    "?v1=84518927&v2=1591216"
)
TOP = (
    "https://www.zara.com/ie/en/limitless-contour-collection-05-top-trf-p07901312.html"
    "?v1=84994776&v2=1550285"
)
TSHIRT = (
    "https://www.zara.com/fr/fr/t-shirt-c%C3%B4tel%C3%A9-uni-p01044320.html?v1=62233813&v2=1539815"
)


@pytest.mark.parametrize(
    ("url", "sentence"),
    [
        # the product's name with its colour after a comma, titled without it ("Faux Fur
        # Throw at John Lewis & Partners"): the page's own heading, though its box also
        # holds the buy box and a "Customers also viewed" list
        (THROW, "John Lewis & Partners Faux Fur Throw, Platinum"),
        (THROW, "£150.00"),
        # the price beside the link to the reviews, under the product's name: the same
        # block on every page only with digits folded
        (SPEAKER, "£49.00"),
        # the rest of the content
        (THROW, "Cosy faux fur throws with a soft, fleece backing."),
        (THROW, "Dimensions L200 x W150cm"),
        (PUZZLE, "Number of pieces 500"),
        (BOOTS, "Black flat over-the-knee boots. Elastic upper. Chunky track sole."),
        (TOP, "XS-S"),
        (TSHIRT, "6-9 mois (74 cm)"),
    ],
)
def test_product_content_is_kept(real: dict[str, CleanResult], url: str, sentence: str) -> None:
    assert _squash(sentence) in _squash(real[url].cleaned_text)


@pytest.mark.parametrize(
    ("url", "sentence"),
    [
        (PUZZLE, "Add to your basket"),
        (PUZZLE, "Check in-store stock"),
        (BOOT, "Add to your basket"),
        (BOOT, "Add to wish list"),
        (BOOTS, "Put it in your basket"),
        (TOP, "Put it in your basket"),
        (TSHIRT, "Ajouter au panier"),
        (BOOTS, "join our newsletter"),
        (TOP, "join our newsletter"),
    ],
)
def test_buy_buttons_and_the_newsletters_title_go(
    real: dict[str, CleanResult], url: str, sentence: str
) -> None:
    assert _squash(sentence) not in _squash(real[url].cleaned_text)
