"""Counts of the site service cover every page of the site, not only the pages it keeps parsed
for suggestions: the answer on the index comes at once, the rest of the site is read in
batches (parsed, counted, dropped) in a lap that a later count joins where it is, and the
final figures equal the same computation over all pages at once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.review.impact import cause_effect
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.extract import evaluate_expression, evaluate_field
from deboiler_gui.engine.template.model import Field, NoiseFilter, Template
from deboiler_gui.gui.controllers import siteservice
from deboiler_gui.gui.controllers.siteservice import (
    ExpressionCount,
    FieldCount,
    FilterCount,
    _SiteWorker,
)

SITE = "s.example"
PAGES = 130  # 10 kept, the rest read in batches of 50, 50 and 20


def html(i: int) -> str:
    aside = "<aside class='promo'>promo text here</aside>" if i % 7 == 3 else ""
    title = f"<h1>Page {i}</h1>" if i % 5 else ""
    return f"<html><body><nav>menu</nav>{title}<p>body {i}</p>{aside}</body></html>"


@pytest.fixture
def worker(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    path = tmp_path / "ws.sqlite"
    with Workspace(path) as ws:
        ws.add_pages(Page(f"https://{SITE}/p{i:03d}.html", html(i)) for i in range(PAGES))
        ws.add_pages([Page(f"https://{SITE}/zz-broken.html", "", error="HTTP 500")])
    monkeypatch.setattr(siteservice, "INDEX_PAGES", 10)
    w = _SiteWorker()
    w.answers = []
    w.indexed = []
    w.index_ready.connect(lambda n, total: w.indexed.append((n, total)))
    w.counts_ready.connect(lambda req, stats: w.answers.append((req, stats)))
    w.failed.connect(lambda req, msg: w.answers.append((req, msg)))
    w.build_index(str(path), SITE, 1)
    yield w
    w._close_lap()


def trees() -> list[Any]:
    return [parse_html(html(i)) for i in range(PAGES)]


def last(worker: Any, request: int) -> dict[str, Any]:
    return [a for r, a in worker.answers if r == request][-1]


def run_lap(worker: Any) -> int:
    batches = 0
    while worker._tallies:
        worker._count_batch()
        batches += 1
    return batches


def test_counts_go_over_every_page_and_a_later_count_joins_the_lap(worker: Any) -> None:
    assert worker.indexed == [(10, PAGES)]  # the broken page is no readable page
    worker.count(1, ExpressionCount("//aside[@class='promo']"))
    first = last(worker, 1)
    assert first["pages"] == 10 and first["site_pages"] == PAGES  # at once, on the index
    worker._count_batch()  # 50 more pages
    assert worker._lap_pos == 50
    field = Field(id="title", xpaths=("//h1",))
    template = Template(name="t", fields=(field,))
    worker.count(2, FieldCount(field, template))  # joins the lap after its first batch
    assert last(worker, 2)["pages"] == 10
    assert run_lap(worker) == 3  # 2 batches to end the lap, 1 to come round to where 2 joined
    rule = last(worker, 1)
    assert rule["pages"] == PAGES and rule["site_pages"] == PAGES
    whole = evaluate_expression(trees(), "//aside[@class='promo']")
    assert {k: rule[k] for k in whole} == whole
    assert rule["hit_pages"] == whole["one"] + whole["many"] == 19
    got = last(worker, 2)
    whole = evaluate_field(trees(), field, template)
    assert {k: got[k] for k in whole} == whole and got["hit_pages"] == whole["ok"] == 104
    # A count asked again is answered at once from what the lap found, every page counted.
    n = len(worker.answers)
    worker.count(3, ExpressionCount("//aside[@class='promo']"))
    assert len(worker.answers) == n + 1 and last(worker, 3) == rule and not worker._tallies


def test_a_filter_count_over_the_site_equals_the_impact_of_all_pages(worker: Any) -> None:
    flt = NoiseFilter(name="promo", kind="text", pattern="promo text")
    template = Template(name="t", filters=(flt,))
    worker.count(1, FilterCount(flt, template, None))
    run_lap(worker)
    got = last(worker, 1)
    pages = [(f"https://{SITE}/p{i:03d}.html", t) for i, t in enumerate(trees())]
    effect = cause_effect(pages, None, template, "filter:promo")
    assert got["summary"] == effect.summary() and got["hit_pages"] == effect.matched_pages == 19
    assert got["pages"] == got["site_pages"] == PAGES


def test_a_dropped_count_stops_and_a_new_index_starts_again(worker: Any) -> None:
    worker.count(1, ExpressionCount("//nav"))
    worker.count(2, ExpressionCount("//p"))
    worker.drop([1])
    worker._count_batch()
    assert [t.requests for t in worker._tallies.values()] == [[2]]
    worker.drop([2])
    worker._count_batch()
    assert not worker._tallies and worker._lap is None  # the child reading the site ended
    assert last(worker, 1)["pages"] == 10  # only the answer on the index was sent


def test_a_site_within_the_index_is_counted_at_once(
    worker: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(siteservice, "INDEX_PAGES", 1000)
    worker.build_index(worker._workspace[0], SITE, 2)
    worker.count(7, ExpressionCount("//nav"))
    assert last(worker, 7)["pages"] == PAGES and not worker._tallies and worker._lap is None
