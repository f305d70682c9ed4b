"""One real click on a listing's "next" link in the workbench, then Site → Learn pagination:
the rule is stored in the workspace and the crawler follows it through the listing."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from deboiler_gui.engine.crawl.pagination import factory_from_dict
from deboiler_gui.engine.crawl.runner import CrawlConfig, crawl
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.store import Workspace

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from pagedserver import PAGES, listing, serve  # noqa: E402

LIST_URL = "https://shop.example/list"


def test_click_next_then_learn_pagination(
    qtbot: Any, window: Any, click: Any, tmp_path: Path
) -> None:
    path = tmp_path / "shop.sqlite"
    with Workspace(path) as ws:
        ws.add_pages(
            [Page(LIST_URL, listing("/list", 2)), Page(LIST_URL + "?page=3", listing("/list", 3))]
        )
    finished: list[str] = []
    window.job_finished.connect(lambda name, outcome: finished.append(f"{name}:{outcome}"))
    window.open_path(str(path))
    qtbot.waitUntil(lambda: window.page_model.total() == 2, timeout=10000)
    # Until the fit and the analysis are over: the fit shows the page again, and a click
    # while it is being replaced would land on no document.
    qtbot.waitUntil(
        lambda: "analyse:finished" in finished and window.current_job is None, timeout=60000
    )
    window.select_url(LIST_URL)
    qtbot.waitUntil(
        lambda: (
            window.shown.page is not None
            and window.shown.page.url == LIST_URL
            and window.view.ready
            and window.stamped is not None
        ),
        timeout=10000,
    )
    # nothing selected yet: a clear message, no rule
    assert window.learn_pagination() is None
    assert "Select the page's next link" in window.messages.item(window.messages.count() - 1).text()
    el = window.stamped.root.xpath("//a[@rel='next']")[0]
    stamp = window.stamped.stamp_of(el)
    with qtbot.waitSignal(window.candidates_updated, timeout=10000):
        click(window.view, stamp)
    assert window.picking.selected == stamp
    window.pagination_action.trigger()
    last = window.messages.item(window.messages.count() - 1).text()
    assert "Pagination rule 'pagination'" in last and "--pagination pagination" in last
    data = window.shown.ws.load_template("pagination").to_dict()
    rule = factory_from_dict(data)
    assert rule.kind == "next" and "@rel" in rule.control[0]
    # the site's own template in the editor is untouched by the stored rule
    assert window.editor.template.name != "pagination"

    # the stored rule drives a crawl of the live listing
    with Workspace(path) as ws, serve() as srv:
        stats = crawl(
            CrawlConfig(
                seeds=[srv.base + "/list"],
                robots=False,
                discover_sitemaps=False,
                follow_links=False,
                link_factories=[data],
            ),
            ws,
        )
        fetched = {u[len(srv.base) :] for u in ws.page_urls("127.0.0.1")}
    assert stats.fetched == PAGES
    assert fetched == {"/list"} | {f"/list?page={n}" for n in range(2, PAGES + 1)}
