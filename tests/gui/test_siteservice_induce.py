"""The app's site service and ``suggest --examples`` resolve clicks in one way
(induce.click_example): the same clicks on the same workspace give the same rules, in the
same order, with the same site figures."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.selectors import SiteIndex
from deboiler_gui.gui.controllers.siteservice import Click, InduceRequest, _SiteWorker

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from test_induce_current_entry import NAMES, page, url  # noqa: E402

CLICKS = [
    ("delta", "/html/body/div/aside/nav/ul[3]/li[4]/ul/li[2]/a"),
    ("delta", "/html/body/div/aside/nav/ul[3]/li[4]/ul/li[3]/a"),
]


def test_the_app_and_the_command_line_induce_the_same_rules(tmp_path: Path) -> None:
    path = tmp_path / "ws.sqlite"
    with Workspace(path) as ws:
        ws.add_pages([Page(url(n), page(n)) for n in NAMES])
    args = ["suggest", "-w", str(path), "--list", "--json", "--limit", "3"]
    for name, xp in CLICKS:
        args += ["--examples", url(name), xp]
    r = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert r.exit_code == 0, r.output
    from_cli = json.loads(r.output)

    worker = _SiteWorker()
    with Workspace(path) as ws:
        worker._index = SiteIndex.from_pages(ws.iter_pages(url("delta").split("/")[2]))
        html = {n: ws.get_page(url(n)).html for n, _x in CLICKS}  # type: ignore[union-attr]
    got: list[Any] = []
    worker.induced_ready.connect(lambda _req, rules: got.append(rules))
    worker.failed.connect(lambda _req, msg: got.append(msg))
    clicks = tuple(Click(url(n), html[n], xp) for n, xp in CLICKS)
    worker.induce(1, InduceRequest(clicks, (), as_list=True))
    assert len(got) == 1 and isinstance(got[0], list), got
    from_app = got[0]
    assert [r["xpath"] for r in from_app] == [r["xpath"] for r in from_cli]
    assert [r["site"] for r in from_app] == [r["site"] for r in from_cli]
    assert "@id='here'" in from_app[0]["xpath"]


def test_the_app_refuses_examples_that_are_not_one_field_as_the_command_line_does(
    tmp_path: Path,
) -> None:
    """Extract field on a class page's title and another class page's 'Related Docs' heading,
    or on an index page's first entry: the service refuses as ``suggest`` does, with the same
    message, and names both examples' pages (the Selection panel's note on which earlier
    click to replace reads them)."""
    from test_induce_mixed_examples import SITE, class_page, index_page

    path = tmp_path / "ws.sqlite"
    with Workspace(path) as ws:
        ws.add_pages([Page(f"{SITE}core/T{i}.html", class_page(i)) for i in range(28)])
        ws.add_pages([Page(f"{SITE}index/index-{x.lower()}.html", index_page(x)) for x in "AB"])
        worker = _SiteWorker()
        worker._index = SiteIndex.from_pages(ws.iter_pages("api.example"))
        html = {p.url: p.html for p in ws.iter_pages("api.example")}
    title = (f"{SITE}core/T0.html", "/html/body/div[1]/h1")
    for other in (
        (f"{SITE}core/T1.html", "/html/body/div[1]/h3"),
        (f"{SITE}index/index-a.html", "/html/body/div[1]/div[1]"),
    ):
        r = CliRunner().invoke(
            cli, ["suggest", "--examples", *title, "--examples", *other, "-w", str(path)]
        )
        assert r.exit_code == 1 and "cannot be one field" in r.output, r.output
        refused: list[Any] = []
        failed: list[str] = []
        worker.refused.connect(lambda _req, pages, out=refused: out.append(pages))
        worker.failed.connect(lambda _req, msg, out=failed: out.append(msg))
        clicks = tuple(Click(u, html[u], xp) for u, xp in (title, other))
        worker.induce(2, InduceRequest(clicks, (), as_list=False))
        assert refused == [[title[0], other[0]]]
        assert failed == [r.output.strip().removeprefix("Error: ")]
        worker.refused.disconnect()
        worker.failed.disconnect()
