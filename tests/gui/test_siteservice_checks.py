"""The site service's check of a template's fields covers every page of the site: answered at
once on a sample of the pages it keeps parsed, then over the rest of the site in the lap that
counts go round in (each batch's trees dropped after), the kept pages and the lap's added in
URL order, so its flags and the pages they point at equal ``evaluate --signals``' over the
same workspace, wherever the lap was when the check began; a flag found only on pages past the
kept ones appears after the lap, and the preview's first rows are those pages, read again."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import site_signals
from deboiler_gui.gui.controllers import siteservice
from deboiler_gui.gui.controllers.siteservice import ExpressionCount, _SiteWorker

SITE = "c.example"
PAGES = 130  # 10 kept (pages 6, 19, 32 ... 123), the rest read in batches of 50, 50 and 20
#: Pages whose list field takes a second list: none of them is kept.
MIXED = [i for i in range(PAGES) if i % 13 == 3]
KEPT = [int((i + 0.5) * PAGES / 10) for i in range(10)]
TEMPLATE = Template(
    name="t",
    fields=(
        Field(id="title", xpaths=("//h1",)),
        Field(id="toc", xpaths=("//li",), is_list=True),
    ),
)


def url(i: int) -> str:
    return f"https://{SITE}/p{i:03d}.html"


def html(i: int) -> str:
    aside = "<aside><ul><li>Elsewhere</li><li>Other</li></ul></aside>" if i in MIXED else ""
    return (
        f"<html><body><nav>menu</nav><h1>Page {i}</h1><main><ul><li>One {i}</li>"
        f"<li>Two {i}</li><li>Three</li></ul><p>body {i}</p></main>{aside}</body></html>"
    )


@pytest.fixture
def worker(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    path = tmp_path / "ws.sqlite"
    with Workspace(path) as ws:
        ws.add_pages(Page(url(i), html(i)) for i in range(PAGES))
    monkeypatch.setattr(siteservice, "INDEX_PAGES", 10)
    w = _SiteWorker()
    w.checks = []
    w.answers = []
    w.checked_ready.connect(lambda req, check: w.checks.append((req, check)))
    w.counts_ready.connect(lambda req, stats: w.answers.append((req, stats)))
    w.failed.connect(lambda req, msg: w.answers.append((req, msg)))
    w.build_index(str(path), SITE, 1)
    yield w
    w._close_lap()


def run_lap(worker: Any) -> int:
    passes = 0
    while worker._tallies or worker._checks:
        worker._count_batch()
        passes += 1
    return passes


def last(worker: Any, request: int) -> Any:
    return [c for r, c in worker.checks if r == request][-1]


def test_a_flag_only_past_the_kept_pages_appears_after_the_lap(worker: Any) -> None:
    assert worker._index.urls == [url(i) for i in KEPT] and not set(KEPT) & set(MIXED)
    worker.check(1, TEMPLATE)
    first = last(worker, 1)
    assert not first.over_site and first.pages == 10
    assert first.fields["toc"].verdict() == "" and first.coverage() == (
        "checked on 10 sample pages so far"
    )
    # 120 pages of the lap in 3 batches, each with the kept pages before its pages by URL: a
    # chunk of 50 pages a pass (54, 54 and 22 pages), the last kept page with the last batch
    assert run_lap(worker) == 5
    assert [r for r, _c in worker.checks] == [1, 1]
    check = last(worker, 1)
    assert check.over_site and check.pages == PAGES
    assert check.coverage() == f"checked over {PAGES} pages"
    toc = check.fields["toc"]
    assert toc.verdict() == "⚠ several lists" and toc.flags[0].pages == len(MIXED)
    assert (
        toc.summary()
        == f"⚠ the rule takes items from several lists on {len(MIXED)} of {PAGES} pages"
    )
    assert toc.details().startswith(f"toc: a value on {PAGES} of {PAGES} pages")
    # The same flags as the engine's over all pages at once, in URL order.
    whole = {
        s.field: s.flags()
        for s in site_signals([Page(url(i), html(i)) for i in range(PAGES)], [TEMPLATE])
    }
    assert {
        f: [(x.text, x.pages, list(x.look_at)) for x in c.flags] for f, c in check.fields.items()
    } == {f: [(x["flag"], x["pages"], x["look_at"]) for x in flags] for f, flags in whole.items()}
    # The preview shows the pages to look at first, read again though none of them is kept.
    rows = check.preview.rows
    look = list(toc.flags[0].look_at)
    assert [r.url for r in rows[: len(look)]] == look and all(u not in KEPT for u in look)
    assert rows[0].flagged == (False, True) and rows[0].cells[1].startswith("5: One 3 | Two 3")
    assert not any(r.flagged[1] for r in rows[len(look) :])
    # Asked again, the same template's check is answered at once, every page checked.
    worker.check(2, TEMPLATE)
    assert last(worker, 2) is check and not worker._checks and worker._lap is None


def test_a_check_shares_the_lap_with_counts_and_an_edit_drops_it(worker: Any) -> None:
    worker.count(1, ExpressionCount("//aside"))
    worker._count_batch()  # the count reads the first 50 pages past the kept ones
    worker.check(2, TEMPLATE)
    worker.check(3, TEMPLATE)  # the same template: joins the check going on
    assert len(worker._checks) == 1 and last(worker, 3) is last(worker, 2)
    # The check has the lap start again from the first page (it adds the site's pages in URL
    # order); the count passes over the 50 pages it has counted.
    worker._count_batch()
    assert worker._lap_pos == 50 and next(iter(worker._tallies.values())).seen == 50
    run_lap(worker)
    check = last(worker, 2)
    assert check.over_site and check.pages == PAGES and last(worker, 3) is check
    assert check.fields["toc"].flags[0].pages == len(MIXED)
    assert [a for r, a in worker.answers if r == 1][-1]["hit_pages"] == len(MIXED)
    # An edited template: the check of the earlier one, dropped, stops with the lap.
    edited = Template(name="t", fields=(Field(id="title", xpaths=("//h1",)),))
    worker.check(4, edited)
    worker._count_batch()
    worker.drop([4])
    worker._count_batch()
    assert not worker._checks and worker._lap is None
    assert not last(worker, 4).over_site  # only the answer on the sample was sent


#: A site whose list field takes a second list on kept pages and on pages of the lap, and has
#: an item without text on others: the pages to look at, in the order the pages are read.
ODD_MIXED = (3, 16, 19, 32, 60, 84, 123)
ODD_EMPTY = (6, 8, 45, 70, 97, 100, 125)


def odd_html(i: int) -> str:
    aside = "<aside><ul><li>Elsewhere</li><li>Other</li></ul></aside>" if i in ODD_MIXED else ""
    blank = "<li><a href='#top'><img src='i.png'></a></li>" if i in ODD_EMPTY else ""
    return (
        f"<html><body><nav>menu</nav><h1>Page {i}</h1><main><ul><li>One {i}</li>"
        f"<li>Two {i}</li>{blank}</ul><p>body {i}</p></main>{aside}</body></html>"
    )


def test_the_pages_to_look_at_are_the_command_lines_wherever_the_lap_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pages a flag points at are the first ones by URL, as ``evaluate --signals`` lists
    them, though the kept pages are parsed first and the check begins when a count has taken
    the lap past the site's first pages (the kept pages used to be added first and the lap's
    from where it was: "look at" p019, p032, p084, p123, p003 where the command line says
    p003, p016, p019, p032, p060)."""
    from deboiler_gui.engine.template import rulefile

    assert {19, 32, 84, 123} <= set(KEPT) and {6, 45, 97} <= set(KEPT)
    path = tmp_path / "ws.sqlite"
    with Workspace(path) as ws:
        ws.add_pages(Page(url(i), odd_html(i)) for i in range(PAGES))
    template = Template(
        name="t",
        site=SITE,
        fields=(
            Field(id="title", xpaths=("//h1",)),
            Field(id="toc", xpaths=("//li",), is_list=True),
        ),
        use_cleaner=False,
    )
    rules = tmp_path / "t.json"
    rules.write_text(rulefile.dumps([template]), encoding="utf-8")
    r = CliRunner().invoke(
        cli, ["evaluate", "-t", str(rules), "-w", str(path), "--signals", "--json", "-q"]
    )
    assert r.exit_code == 0, r.output
    cli_flags = {
        s["field"]: [(f["flag"], f["pages"], f["look_at"]) for f in s["flags"]]
        for s in json.loads(r.output)["signals"]
    }
    monkeypatch.setattr(siteservice, "INDEX_PAGES", 10)
    w = _SiteWorker()
    w.checks = []
    w.answers = []
    w.checked_ready.connect(lambda req, check: w.checks.append((req, check)))
    w.counts_ready.connect(lambda req, stats: w.answers.append((req, stats)))
    w.build_index(str(path), SITE, 1)
    try:
        assert w._index.urls == [url(i) for i in KEPT]
        w.count(1, ExpressionCount("//aside"))
        w._count_batch()  # the count reads the lap's first 50 pages
        assert w._lap_pos == 50
        w.check(2, template)
        run_lap(w)
    finally:
        w._close_lap()
    check = last(w, 2)
    assert check.over_site and check.pages == PAGES
    # The count went round once more with the check from the first page, each page counted
    # once.
    count = [a for r, a in w.answers if r == 1][-1]
    assert count["pages"] == PAGES and count["hit_pages"] == len(ODD_MIXED)
    app_flags = {
        f: [(x.text, x.pages, list(x.look_at)) for x in c.flags] for f, c in check.fields.items()
    }
    assert app_flags == cli_flags
    toc = {text: look for text, _n, look in app_flags["toc"]}
    assert toc["items from several lists"] == [url(i) for i in (3, 16, 19, 32, 60)]
    empty = next(look for text, look in toc.items() if text.startswith("items without text"))
    assert empty == [url(i) for i in (6, 8, 45, 70, 97)]
