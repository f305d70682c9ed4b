"""A list of the parameter names of a gi-docgen reference (`table.arguments`, each row's first
cell) is not flagged for the nodes of the type cells beside them: a node in another column of
the rows has another role, it is no entry the rule leaves out. A rule that leaves out names of
the same column (the rows after the second) is still flagged."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import site_signals

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gidocgen import SITE, site  # noqa: E402

TABLE = "//table[contains(concat(' ', normalize-space(@class), ' '), ' arguments ')]"


def left_out(xpath: str) -> list[dict[str, Any]]:
    field = Field("params", xpaths=(xpath,), is_list=True)
    t = Template("ref", site=SITE, fields=(field,), use_cleaner=False)
    (sig,) = site_signals(site(), [t])
    assert sig.one >= 20  # the rule has values: the flags judge a working rule
    return [f for f in sig.flags() if "nodes like the items" in f["flag"]]


def test_the_type_cells_beside_the_names_are_not_left_out() -> None:
    # The type cells hold `code` too (plain, where the type is not documented): the same tag
    # under the same row class, reached by the same steps, but in the second column.
    assert left_out(f"{TABLE}/tr/td[1]/code") == []


def test_names_of_the_same_column_left_out_are_still_flagged() -> None:
    got = left_out(f"{TABLE}/tr[@class='arg-name'][position() <= 2]/td[1]/code")
    assert got, "the third and fourth names of a function are left out"
    (flag,) = got
    assert flag["pages"] >= 2
    assert all("func.helper_" in u or "method." in u for u in flag["look_at"])
