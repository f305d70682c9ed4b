"""Small real shops: product pages of Zyte's product-extraction benchmark, cleaned by the
site-level cleaner and by the peers, checked against sentences read off the pages by hand.

    python benchmarks/shop_check.py [--mirrors /work/.mirror] [--host www.ikea.com ...]
                                    [--cleaners ours,trafilatura,...]

Source: ``scrapinghub/product-extraction-benchmark`` (MIT; the pages are the shops' own,
saved in 2020-2021, used here only to measure), ``dataset/html/*.html.gz`` with their URLs in
``dataset/ground-truth.json``; bring the repository with the fetch tool first. Four shops: the
seven pages of www.ikea.com (UK), seven of www.johnlewis.com, seven of www.zalando.ie and five
of www.zara.com (five country stores, one of them in French), each fitted as one site.

The gold below was written by reading the pages' rendered text (three or four pages a shop),
never from an XPath or from a cleaner's output: what a shopper reads about the product (name,
brand, article number or product code, price, colour, description, specification labels with
their values, materials and care, sizes, package details, a designer's note) is content; the
site's menus, breadcrumb, cross-sell listings ("Similar products", "Customers also viewed",
"You might also like", "Complete the look"), basket, wish-list and stock-check buttons,
delivery and returns banners, newsletter boxes, cookie notices and footers are not. Section tab
labels ("Materials & care", "Composition and care") and customer reviews are scored neither
way. A boilerplate sentence is chosen so that it is not also part of the page's content.

Scoring has the shape of ``quality.py``'s, counted in sentences instead of tokens, per site
over its gold pages: content kept = content sentences found in the output / content
sentences; boilerplate removed = 1 - boilerplate sentences found / boilerplate sentences;
precision = content found / (content found + boilerplate found); F1 of precision and content
kept. A sentence is found when it is in the output with all white space taken out.
"""

from __future__ import annotations

import argparse
import gzip
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlparse

sys.path.insert(0, str(Path(__file__).resolve().parent))

from quality import PEERS, RUNNERS  # noqa: E402
from sites import Site  # noqa: E402

from deboiler_gui.engine.htmltree import parse_html, visible_text  # noqa: E402
from deboiler_gui.engine.model import Page  # noqa: E402

REPO = "scrapinghub+product-extraction-benchmark"

#: the frame of every Zara (Ireland) product page read: menus, basket, newsletter, footer
ZARA_FRAME = [
    "Category menu",
    "See shopping basket",
    "Put it in your basket",
    "Check in-store availability",
    "join our newsletter",
    "agree to receive personalised commercial communications from ZARA",
    "Purchase conditions",
    "Change language",
]


Gold = dict[str, tuple[list[str], list[str]]]

JOHNLEWIS: Gold = {
    "https://www.johnlewis.com/gant-akron-leather-chelsea-boot/cognac/p5095418": (
        [
            "GANT Akron Leather Chelsea Boot, Cognac",
            "136",
            "Colour: Cognac",
            "Material - Upper: leather. Sole: synthetic, Lining: leather",
            "Shaped to a classic silhouette, these Chelsea boots from GANT are constructed",
            "this pair will ensure the quintessential gent is always well turned out.",
            "Product Code - 39139301",
            "Brand - GANT",
            "Main Shoe Material - Leather",
            "Footwear Style - Chelsea Boots",
            "Fastening - Slip-On",
        ],
        [
            "Skip to footer",
            "Shop by department",
            "Create an account",
            "We use cookies, which are small text files",
            "Free Click & Collect over £30 & free returns",
            "Add to your basket",
            "Add to wish list",
            "Book a free video call appointment with one of our Personal Stylists",
            "Customers also viewed",
            "Dune Character Leather Chelsea Boots",
            "Customers also bought",
            "GANT Light Down Jacket",
            "Be in the know",
            "Product recalls & safety notices",
            "Download our 2019/20 Modern Slavery statement",
            "PayPal Credit is like a credit card, without the plastic.",
        ],
    ),
    "https://www.johnlewis.com/google-nest-mini-hands-free-smart-speaker-2nd-gen/chalk/p4781720": (
        [
            "Google Nest Mini Hands-Free Smart Speaker, 2nd Gen, Chalk",
            "£49.00",
            "Product code: 83810610",
            "Enjoy richer and bigger sounding music, thanks to a 40% stronger bass",
            "Master the kitchen: Helps you with timers, step-by-step recipes",
            "Bring the power of Google and the convenience of voice-interaction",
            "Just by using your voice, get the latest weather, traffic, finance",
            "Use your voice to control compatible smart lights, thermostats",
            "Please note: A Smart Speaker is a platform that can run 3rd party Apps.",
            "Accessories Included Power adapter and cable; Quick start guide",
            "Dimensions Diameter: 98mm, Height: 42 mm",
            "File Formats HE-AAC, LC-AAC+, MP3, Vorbis, WAV (LPCM), FLAC",
            "Manufacturer Part Number (MPN) GA00638-GB",
            "Power Supply Mains",
            "181g",
        ],
        [
            "Skip to footer",
            "Shop by department",
            "Free standard delivery over £50",
            "Add to your basket",
            "Check in-store stock",
            "Customers went on to buy",
            "Google Nest Audio Hands-Free Smart Speaker",
            "Google Nest Hello Video Doorbell",
            "UK delivery within 7-10 days, 7.30am - 6pm, Monday to Saturday.",
            "Collect your delivery from over 7000 local convenience shops",
            "More about returns & refunds",
            "Customers also bought",
            "Apple MagSafe Charger for iPhone & AirPods",
            "Be in the know",
            "Product recalls & safety notices",
        ],
    ),
    "https://www.johnlewis.com/john-lewis-partners-faux-fur-throw/platinum/p3969033": (
        [
            "John Lewis & Partners Faux Fur Throw, Platinum",
            "£150.00",
            "Product code: 64981901",
            "Cosy faux fur throws with a soft, fleece backing.",
            "Perfect for wrapping yourself up in on chilly winter evenings.",
            "Dimensions L200 x W150cm",
            "Material 100% polyester",
            "Washing Instructions Machine washable at 30°C",
        ],
        [
            "Skip to footer",
            "Shop by department",
            "Add to your basket",
            "Check in-store stock",
            "Customers also viewed",
            "John Lewis & Partners Boutique Hotel Velvet Stitch Throw",
            "UK delivery within 7-10 days, 7.30am - 6pm, Monday to Saturday.",
            "We ship to 31 countries worldwide.",
            "Customers also bought",
            "John Lewis & Partners Deep Pile Bath Mat",
            "Be in the know",
            "Product recalls & safety notices",
        ],
    ),
    "https://www.johnlewis.com/ridleys-gin-lover-jigsaw-puzzle-500-pieces/p3897500": (
        [
            "Ridley's Gin Lover Jigsaw Puzzle, 500 pieces",
            "£14.99",
            "Product code: 76730204",
            "It's all about the gin with this Gin Lover's Jigsaw Puzzle from Ridley's Games.",
            "The puzzle comes in a smart cylindrical box.",
            "Puzzle size 35 x 59cm",
            "Dimensions Packaged: 20 x 10 x 10 cm",
            "Material Woodfree paper, coated paper, greyboard, CMYK ink",
            "Number of pieces 500",
            "Suitable From 18 years",
            "440g",
        ],
        [
            "Skip to footer",
            "Shop by department",
            "Add to your basket",
            "Check in-store stock",
            "Customers also viewed",
            "Galison Houseplant Jungle Jigsaw Puzzle, 1000 Pieces",
            "UK delivery within 7-10 days, 7.30am - 6pm, Monday to Saturday.",
            "Customers also bought",
            "Be in the know",
            "Product recalls & safety notices",
        ],
    ),
}

ZALANDO: Gold = {
    "https://www.zalando.ie/adidas-performance-terrex-adilette-pool-slides-ad542b1o1-q11.html": (
        [
            "TERREX ADILETTE SLIDES - Pool slides",
            "€49.10",
            "Colour: core black/footwear white",
            "Upper material: Synthetics/textile",
            "Insole: Plastic",
            "Padding type: Cold padding",
            "Sport: Swimwear, Urban Outdoor",
            "Outsole: Non-slip, flexible",
            "Article number: AD542B1O1-Q11",
        ],
        [
            "Due to our current order volumes, we're facing some larger delays.",
            "Your bag is empty",
            "The Holiday Edit",
            "Add to bag",
            "18-28 working days",
            "100 day return policy",
            "Similar items",
            "ADILETTE LITE - Mules - black",
            "Style watch: Sporty",
            "OLD SKOOL - Skate shoes - black",
            "You might also like",
            "PIECED 1/4 ZIP - Sweatshirt - caviar",
            "Our top trending categories",
            "Fancy a 10% discount?",
            "Report a damaged item",
            "We’ll tailor your experience",
        ],
    ),
    "https://www.zalando.ie/esprit-chinos-camel-es122e05o-b11.html": (
        [
            "€39.30",
            "Colour: camel",
            "Outer fabric material: 98% cotton, 2% elastane",
            "Care instructions: Machine wash at 40°C",
            "Fastening: Concealed fly",
            "Pockets: Back pocket, side pockets",
            "Article number: ES122E05O-B11",
            "Length: Ankle-length",
            "Inner leg length: 74 cm (Size 31x32)",
            "Products with this label are made with at least 50% organic cotton",
        ],
        [
            "Due to our current order volumes, we're facing some larger delays.",
            "Your bag is empty",
            "Add to bag",
            "18-28 working days",
            "100 day return policy",
            "Complete the look",
            "Outfit inspiration",
            "Similar items",
            "Our top trending categories",
            "Fancy a 10% discount?",
            "Report a damaged item",
            "We’ll tailor your experience",
        ],
    ),
    "https://www.zalando.ie/hope-and-ivy-tall-hadley-cocktail-dress-party-dress-black-hom21c023-q11.html": (
        [
            "Hope & Ivy Tall",
            "HADLEY - Cocktail dress / Party dress",
            "€89.50",
            "Colour: black",
            "Outer fabric material: 50% polyester, 50% viscose",
            "Lining: 100% polyester",
            "Neckline: Backless",
            "Collar: Standing collar",
            "Details: Bust darts, slip",
            "Article number: HOM21C023-Q11",
            "Sleeve length: Long",
        ],
        [
            "Due to our current order volumes, we're facing some larger delays.",
            "Your bag is empty",
            "Add to bag",
            "18-28 working days",
            "100 day return policy",
            "Similar items",
            "Our top trending categories",
            "Fancy a 10% discount?",
            "Report a damaged item",
            "We’ll tailor your experience",
        ],
    ),
}

ZARA: Gold = {
    "https://www.zara.com/nz/en/long-strappy-dress-p03697272.html?v1=83341420&v2=1277467": (
        [
            "LONG STRAPPY DRESS",
            "99.00 NZD",
            "Silver - 3697/272",
            "V-neck dress with thin straps.",
            "Featuring a gathered detail on the chest, split hem and invisible side zip",
        ],
        [
            "Category menu",
            "Boots and Ankle Boots",
            "Crossbody bags and belt bags",
            "See shopping basket",
            "Put it in your basket",
            "Check in-store availability",
            "join our newsletter",
            "I accept the privacy statement",
            "Purchase conditions",
            "Change language",
        ],
    ),
    "https://www.zara.com/be/en/flat-over-the-knee-boots-with-track-soles-p11002710.html?v1=84518927&v2=1591216": (
        [
            "FLAT OVER-THE-KNEE BOOTS WITH TRACK SOLES",
            "69.95 EUR",
            "Black - 1002/710",
            "Black flat over-the-knee boots. Elastic upper. Chunky track sole.",
            "Flexible technical latex foam insole, designed to offer greater comfort.",
            "Heel height of 4.5 cm.",
        ],
        ZARA_FRAME,
    ),
    "https://www.zara.com/ie/en/limitless-contour-collection-05-top-trf-p07901312.html?v1=84994776&v2=1550285": (
        [
            "LIMITLESS CONTOUR COLLECTION 05 TOP TRF",
            "12.95 EUR",
            "Purple - 7901/312",
            "Top made of fabric that adapts to the shape of your body.",
            "Care for fiber: at least 50% recycled polyamide.",
            "This fibre is created using the waste product reclaimed from other polyamide",
            "XS-S",
            "M-L",
        ],
        ZARA_FRAME,
    ),
    "https://www.zara.com/fr/fr/t-shirt-c%C3%B4tel%C3%A9-uni-p01044320.html?v1=62233813&v2=1539815": (
        [
            "T-SHIRT CÔTELÉ UNI",
            "7,95 EUR",
            "Rouge - 1044/320",
            "T-shirt à col montant et manches longues. Fermeture par boutons à l'arrière.",
            "6-9 mois (74 cm)",
            "4-5 ans (110 cm)",
        ],
        [
            "Voir panier",
            "Ajouter au panier",
            "Voir disponibilité en magasin",
            "abonnez-vous à notre newsletter",
            "Politique de confidentialité et utilisation des cookies",
        ],
    ),
}

#: host -> url -> (sentences that must be kept, sentences that must go)
GOLD: dict[str, Gold] = {
    "www.ikea.com": {
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
    },
    "www.johnlewis.com": JOHNLEWIS,
    "www.zalando.ie": ZALANDO,
    "www.zara.com": ZARA,
}


def _squash(text: str) -> str:
    return "".join(text.split())


def _git_show(mirrors: Path) -> Callable[[str], bytes]:
    base = mirrors / REPO / "repo"
    git_dir = base / ".git" if (base / ".git").is_dir() else base

    def show(path: str) -> bytes:
        return subprocess.run(
            ["git", f"--git-dir={git_dir}", "show", f"HEAD:{path}"],
            capture_output=True,
            check=True,
        ).stdout

    return show


def load(mirrors: Path, host: str) -> list[Page]:
    """The benchmark's pages of one shop, in URL order."""
    show = _git_show(mirrors)
    truth = json.loads(show("dataset/ground-truth.json"))
    pages = []
    for key, value in sorted(truth.items(), key=lambda kv: kv[1]["url"]):
        if urlparse(value["url"]).netloc != host:
            continue
        html = gzip.decompress(show(f"dataset/html/{key}.html.gz")).decode("utf-8", "replace")
        pages.append(Page(url=value["url"], html=html))
    return pages


def check_gold(pages: list[Page], gold: Gold) -> list[str]:
    """Gold sentences that are not in their page's visible text (a typing slip in the gold)."""
    slips = []
    for page in pages:
        if page.url not in gold:
            continue
        text = _squash(visible_text(parse_html(page.html)))
        slips += [
            f"{page.url}: {s}" for part in gold[page.url] for s in part if _squash(s) not in text
        ]
    return slips


def score(gold: Gold, cleaned: dict[str, str]) -> tuple[int, int, int, int, list[str]]:
    """(content found, content sentences, boilerplate removed, boilerplate sentences, misses)."""
    kept_all = kept_n = gone_all = gone_n = 0
    misses = []
    for url, (content, boiler) in gold.items():
        text = _squash(cleaned.get(url, ""))
        kept = [s for s in content if _squash(s) in text]
        gone = [s for s in boiler if _squash(s) not in text]
        kept_all, kept_n = kept_all + len(kept), kept_n + len(content)
        gone_all, gone_n = gone_all + len(gone), gone_n + len(boiler)
        misses += [f"    lost: {s}" for s in content if s not in kept]
        misses += [f"    left: {s}" for s in boiler if s not in gone]
    return kept_all, kept_n, gone_all, gone_n, misses


def f1(kept: int, kept_n: int, gone: int, gone_n: int) -> float:
    left = gone_n - gone
    recall = kept / kept_n if kept_n else 0.0
    precision = kept / (kept + left) if kept + left else 0.0
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument("--host", nargs="*", default=list(GOLD), help="shops (default: all)")
    parser.add_argument(
        "--cleaners",
        default=",".join(("ours", *PEERS)),
        help="comma-separated, from: " + ", ".join(RUNNERS),
    )
    parser.add_argument("--misses", action="store_true", help="list lost / left sentences")
    args = parser.parse_args()
    cleaners = args.cleaners.split(",")
    for host in args.host:
        pages = load(args.mirrors, host)
        if not pages:
            sys.exit(f"no pages of {host} under {args.mirrors / REPO}")
        gold = GOLD[host]
        for slip in check_gold(pages, gold):
            print(f"gold not on the page: {slip}", file=sys.stderr)
        site = Site(name=host, generator="shop", root="", glob="", base_url=host, content="")
        scored = [p for p in pages if p.url in gold]
        print(f"\n### {host}: {len(pages)} pages, {len(scored)} with gold\n")
        print("| cleaner | content kept | boilerplate removed | F1 |")
        print("|---|---:|---:|---:|")
        for name in cleaners:
            cleaned = RUNNERS[name](site, pages, scored)
            if cleaned is None:
                continue  # a peer that is not installed is left out
            kept, kept_n, gone, gone_n, misses = score(gold, cleaned)
            print(
                f"| {name} | {100 * kept / kept_n:.1f}% ({kept}/{kept_n}) "
                f"| {100 * gone / gone_n:.1f}% ({gone}/{gone_n}) "
                f"| {f1(kept, kept_n, gone, gone_n):.3f} |",
                flush=True,
            )
            if args.misses:
                print(f"  {name}:", *misses, sep="\n", file=sys.stderr)


if __name__ == "__main__":
    main()
