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
