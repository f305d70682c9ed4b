"""Correctness signals: a scalar rule selecting several nodes is counted as 'many' and flagged;
'items from several lists' is the same test as the induction's 'mixed'."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import site_signals

SITE = "docs.example"


def _page(i: int) -> Page:
    sections = "".join(f"<h2>Section {k} of page {i}</h2><p>Text {i}.{k}</p>" for k in range(6))
    return Page(
        f"https://{SITE}/p{i}.html",
        f"<html><body><h1>Page {i}</h1>{sections}</body></html>",
    )


def test_a_scalar_rule_on_six_nodes_counts_as_many_and_is_flagged() -> None:
    t = Template(
        "docs",
        site=SITE,
        fields=(Field("heading", xpaths=("//h2",)), Field("title", xpaths=("//h1",))),
    )
    sigs = {s.field: s for s in site_signals([_page(i) for i in range(5)], [t])}
    assert (sigs["heading"].one, sigs["heading"].many) == (0, 5)
    flags = [f["flag"] for f in sigs["heading"].to_dict()["flags"]]
    assert any("several nodes" in f for f in flags), flags
    assert (sigs["title"].one, sigs["title"].many) == (1 * 5, 0)
