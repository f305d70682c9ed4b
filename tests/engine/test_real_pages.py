"""The cleaner on trimmed real pages (tests/data/realpages, provenance in its README): text
that repeats across pages but sits in the content is kept, the site's frame still goes."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import CleanResult, Page

DATA = Path(__file__).resolve().parent.parent / "data" / "realpages"


def _clean(name: str) -> dict[str, CleanResult]:
    rows = json.loads(gzip.decompress((DATA / name).read_bytes()))
    pages = [Page(url=r["url"], html=r["html"]) for r in rows]
    cleaner = DomainCleaner().fit(pages)
    return {p.url: r for p, r in zip(pages, cleaner.transform(pages), strict=True)}


def _squash(text: str) -> str:
    return "".join(text.split())


@pytest.fixture(scope="module")
def shop() -> dict[str, CleanResult]:
    return _clean("ikea-gb-products.json.gz")


@pytest.fixture(scope="module")
def manual() -> dict[str, CleanResult]:
    return _clean("exim4-spec-chapters.json.gz")


TABLE = "https://www.ikea.com/gb/en/p/moeckelby-table-oak-00293772/"
BEAR = "https://www.ikea.com/gb/en/p/djungelskog-soft-toy-brown-bear-00402813/"


@pytest.mark.parametrize(
    ("url", "sentence"),
    [
        # the product's size table: labels next to their values, the same after digit folding
        # on every product ("Width: 0 cm")
        (TABLE, "Length:235 cm"),
        (TABLE, "Width:100 cm"),
        (TABLE, "Height:74 cm"),
        # the price under the product's name, in the buy box beside the description
        (TABLE, "£450"),
        (BEAR, "£25"),
        (BEAR, "Length:100 cm"),
        # the rest of the content
        (TABLE, "002.937.72"),
        (TABLE, "This product comes as 3 packages."),
        (BEAR, "This big brown bear always greets you with open arms."),
        (BEAR, "Width: 57 cmHeight: 13 cmLength: 100 cmWeight: 1.10 kgPackage(s): 1"),
    ],
)
def test_product_figures_in_the_content_are_kept(
    shop: dict[str, CleanResult], url: str, sentence: str
) -> None:
    assert _squash(sentence) in _squash(shop[url].cleaned_text)


@pytest.mark.parametrize(
    "sentence",
    [
        "Similar products",  # the cross-sell listing beside the content
        "Others also viewed",
        "Check in-store stock",  # the stock check under the basket button
        "You are in control of your own cookies",
        "Sale now on!",  # the site's menu
    ],
)
def test_the_shop_frame_still_goes(shop: dict[str, CleanResult], sentence: str) -> None:
    for url in (TABLE, BEAR):
        assert _squash(sentence) not in _squash(shop[url].cleaned_text), url


def test_short_repeated_paragraphs_between_content_blocks_are_kept(
    manual: dict[str, CleanResult],
) -> None:
    with_example = [
        url
        for url, r in manual.items()
        if any(line.strip() == "For example:" for line in r.cleaned_text.splitlines())
    ]
    # every chapter whose kept section has the paragraph keeps it
    assert sorted(u.rsplit("/", 1)[1] for u in with_example) == [
        "ch-domain_host_address_and_local_part_lists.html",
        "ch-message_processing.html",
        "ch-the_manualroute_router.html",
    ]


def test_the_manuals_frame_still_goes(manual: dict[str, CleanResult]) -> None:
    for url, r in manual.items():
        assert "Mailing Lists" not in r.cleaned_text, url  # the site's menu
        assert "Website design by" not in r.cleaned_text, url  # the footer
        assert "Chapter" in r.cleaned_text, url  # the chapter's heading


@pytest.fixture(scope="module")
def haddock() -> dict[str, CleanResult]:
    return _clean("vector-haddock-modules.json.gz")


def test_documentation_that_modules_of_one_api_share_is_kept(
    haddock: dict[str, CleanResult],
) -> None:
    """Haddock's module pages of one API (Data.Vector, its Unboxed, Storable and Primitive
    twins, the stream modules) document the same functions and instances with the same text:
    each module's copy is that module's content."""
    base = "https://hackage.example/vector/"
    monadic = _squash(haddock[base + "Data-Vector-Fusion-Bundle-Monadic.html"].cleaned_text)
    primitive = _squash(haddock[base + "Data-Vector-Primitive.html"].cleaned_text)
    # a function's one-line documentation under its own signature, and a two-line one
    assert _squash("cons :: Monad m => a -> Bundle m v a -> Bundle m v a") in monadic
    assert _squash("Prepend an element") in monadic
    assert _squash("Unfold exactly n elements") in monadic
    # an instance's methods, documented alike on the modules that define a Vector type
    assert _squash("gfoldl :: (forall d b. Data d => c (d -> b) -> d -> c b)") in primitive
    assert _squash("basicUnsafeFreeze :: PrimMonad m =>") in primitive
    for result in haddock.values():
        text = _squash(result.cleaned_text)
        assert _squash("Produced by Haddock") not in text, result.url
        assert _squash("vector-0.12.3.1: Efficient Arrays SourceContentsIndex") not in text
