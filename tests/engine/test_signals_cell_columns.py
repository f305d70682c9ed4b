"""The signals flag a list rule whose items come, on a few pages, from two cells of one table
row (a 'See also' table's name and a link inside the description beside it), with those pages
to look at; neither the rule pinned to the names' column nor a grid whose rows give links from
every column on every page is flagged."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import site_signals

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_induce_cell_columns import LINKED, PINNED, SITE, UNPINNED, N, page  # noqa: E402


def flags(xpath: str) -> list[dict[str, Any]]:
    pages = [Page(f"http://{SITE}/f{i}.html", page(i)) for i in range(N)]
    t = Template(
        "ref",
        site=SITE,
        fields=(Field("see_also", xpaths=(xpath,), is_list=True),),
        use_cleaner=False,
    )
    return [f for f in site_signals(pages, [t])[0].flags() if "several columns" in f["flag"]]


def test_items_from_two_columns_of_a_row_on_a_few_pages_are_flagged() -> None:
    (flag,) = flags(UNPINNED)
    assert flag["pages"] == 2
    assert flag["look_at"] == [f"http://{SITE}/f{i}.html" for i in LINKED]


def test_the_pinned_rule_and_a_grid_of_links_are_not_flagged() -> None:
    assert flags(PINNED) == []
    # every row of the grid gives a link of each column on every page: that is its list
    assert flags("//table[@class='grid']/tr/td/a") == []
