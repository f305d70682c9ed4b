"""Precision and recall against a gold file: a field written as absent (null, "" or []) on a
page is right when the rule gives nothing there and a false positive when it gives a value."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.progress import run
from deboiler_gui.engine.template.evaluate import evaluate_steps
from deboiler_gui.engine.template.model import Field, Template

SITE = "gold.example"


def page(i: int, *, up: bool) -> Page:
    link = f"<a class='up' href='index-{i}.html'>Up</a>" if up else ""
    return Page(f"https://{SITE}/p{i}.html", f"<html><body><h1>Page {i}</h1>{link}</body></html>")


def test_an_absent_gold_value_is_right_when_the_rule_gives_nothing() -> None:
    template = Template(
        "g",
        site=SITE,
        fields=(
            Field("up_href", xpaths=("//a[@class='up']",), kind="attribute", attribute="href"),
            Field("title", xpaths=("//h1",)),
        ),
        use_cleaner=False,
    )
    pages = [page(i, up=i % 2 == 0) for i in range(6)]
    gold = {
        p.url: {"up_href": f"index-{i}.html" if i % 2 == 0 else None, "title": f"Page {i}"}
        for i, p in enumerate(pages)
    }
    gold[pages[1].url]["up_href"] = ""  # "" means absent too
    ev = run(evaluate_steps(pages, [template], gold=gold))
    q = ev.quality["up_href"]
    assert (q["precision"], q["recall"]) == (1.0, 1.0)
    assert (q["expected"], q["absent"], q["absent_filled"]) == (3, 3, 0)
    # A value where the gold says absent is a false positive.
    gold[pages[3].url]["title"] = None
    ev = run(evaluate_steps(pages, [template], gold=gold))
    q = ev.quality["title"]
    assert q["precision"] == 5 / 6 and q["recall"] == 1.0 and q["absent_filled"] == 1
