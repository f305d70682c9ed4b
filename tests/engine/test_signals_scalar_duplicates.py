"""A scalar field made on the node an earlier field already takes (a field 'bad' on the `h1`
of a class page, after the title `//section[@id='main']//h1`) is flagged as a duplicate of
that field; the earlier field, right on every page, gets no flag for it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from deboiler_gui.app.fieldcheck import field_checks
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import site_signals

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gidocgen import SITE, site  # noqa: E402

TITLE = Field("title", xpaths=("//section[@id='main']//h1",))
BAD = Field("bad", xpaths=("//h1[@aria-label='Name']",))


def flags(*fields: Field) -> dict[str, list[dict[str, Any]]]:
    t = Template("ref", site=SITE, fields=fields, use_cleaner=False)
    return {s.field: s.flags() for s in site_signals(site(), [t])}


def test_the_later_field_on_the_same_node_is_the_duplicate() -> None:
    got = flags(TITLE, BAD)
    assert got["title"] == [], got["title"]
    (flag,) = got["bad"]
    assert flag["flag"] == (
        "duplicate of field 'title': its values equal that field's on 4 of 4 pages where both "
        "have values, taken from the same nodes (keep one of the two)"
    )
    assert all("/class." in u for u in flag["look_at"])


def test_made_the_other_way_round_the_later_one_is_flagged() -> None:
    got = flags(BAD, TITLE)
    assert got["bad"] == [], got["bad"]
    assert [f["flag"][:31] for f in got["title"]] == ["duplicate of field 'bad': its v"]


def test_the_check_column_names_the_later_field() -> None:
    t = Template("ref", site=SITE, fields=(TITLE, BAD), use_cleaner=False)
    checks = field_checks(site_signals(site(), [t]))
    assert checks["title"].verdict() == ""
    assert checks["bad"].verdict() == "⚠ duplicate of 'title'"
