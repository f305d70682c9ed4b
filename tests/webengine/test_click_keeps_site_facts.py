"""A click in the workbench (real QtWebEngine view) keeps what the app learned of the site's
pages in the workspace, under the stamp ``suggest`` reads: the command line's next call on
the same pages takes it instead of parsing the site's first pages again, and ranks the same
rule first as the app's Selection panel did."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.selectors import FACTS_FORMAT

NEXT = "//ul[@class='docnav']//a[@rel='next']"


def _site(tmp_path: Path) -> Path:
    root = tmp_path / "book"
    root.mkdir()
    for i in range(16):
        (root / f"ch{i:02d}.html").write_text(
            f"<html><body><div id='banner-{i}'><ul class='docnav'><li class='home'>The Book</li>"
            f"<li class='next'><a rel='next' href='ch{i + 1:02d}.html'>Chapter {i + 1}</a></li>"
            f"</ul></div><h1>Chapter {i}</h1><p>{'text ' * (i + 3)}</p></body></html>",
            encoding="utf-8",
        )
    return root


def _rated(c: list[dict[str, Any]]) -> bool:
    return bool(c) and "rate" in c[0].get("site", {})


def test_a_click_keeps_the_site_facts_the_command_line_reads(
    qtbot: Any, window: Any, click: Any, tmp_path: Path
) -> None:
    finished: list[str] = []
    window.job_finished.connect(lambda name, outcome: finished.append(f"{name}:{outcome}"))
    window.open_path(str(_site(tmp_path)))
    qtbot.waitUntil(lambda: "analyse:finished" in finished and window.view.ready, timeout=60000)
    qtbot.waitUntil(lambda: window.page is not None, timeout=10000)
    qtbot.waitUntil(lambda: window.service._worker._index is not None, timeout=30000)
    ws = Path(window.ws_path)
    site = window.page.url.split("/")[2]
    with Workspace(ws) as w:
        stamp = f"{w.site_stamp(site)}:{FACTS_FORMAT}"
        assert w.load_site_index(site, stamp) is None
    el = window.stamped.root.xpath(NEXT)[0]
    with qtbot.waitSignal(window.candidates_updated, timeout=20000, check_params_cb=_rated):
        click(window.view, window.stamped.stamp_of(el))
    first = window.selection.candidate_list()[0]["xpath"]
    # saved once the candidates are shown
    facts: dict[str, Any] | None = None

    def kept() -> bool:
        nonlocal facts
        with Workspace(ws) as w:
            facts = w.load_site_index(site, stamp)
        return facts is not None

    qtbot.waitUntil(kept, timeout=20000)
    assert facts is not None and facts["pages"] == 16 and facts["hits"]
    path = el.getroottree().getpath(el)
    r = CliRunner().invoke(
        cli, ["suggest", window.page.url, "--xpath", path, "-w", str(ws), "--json"]
    )
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)[0]["xpath"] == first
