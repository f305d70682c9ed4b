"""A field that repeats another field of its template: a list whose items are another list's
items on every page, from the same nodes (the 'Related Docs' heading's links and the links of
the span inside it), or a scalar field's node as a list of one item, is flagged as a duplicate
of the field it repeats, on the later of the two only; a title beside a list whose one item is
the same text in another node is not."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import site_signals

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_induce_mixed_examples import SITE, class_page  # noqa: E402

RELATED = Field(
    "related",
    xpaths=("//span[contains(concat(' ',normalize-space(@class),' '),' morelinks ')]/div/a",),
    is_list=True,
)
OWNER_DUP = Field("owner_dup", xpaths=("//div[@id='definition']/h3//a",), is_list=True)


def pages(n: int = 20) -> list[Page]:
    return [Page(f"{SITE}core/T{i}.html", class_page(i)) for i in range(n)]


def flags(*fields: Field) -> dict[str, list[dict[str, Any]]]:
    t = Template("api", site="api.example", fields=fields, use_cleaner=False)
    return {s.field: s.flags() for s in site_signals(pages(), [t])}


def duplicates(got: dict[str, list[dict[str, Any]]], field: str) -> list[dict[str, Any]]:
    return [f for f in got[field] if "duplicate of field" in f["flag"]]


def test_a_list_taking_another_lists_nodes_is_flagged_as_its_duplicate() -> None:
    got = flags(RELATED, OWNER_DUP)
    (flag,) = duplicates(got, "owner_dup")
    assert flag["flag"] == (
        "duplicate of field 'related': its values equal that field's on 20 of 20 pages where "
        "both have values, taken from the same nodes (keep one of the two)"
    )
    assert flag["pages"] == 20 and flag["look_at"][0] == f"{SITE}core/T0.html"
    # the field it repeats (the earlier one) is not flagged for it
    assert not duplicates(got, "related")
    # nor is either alone
    assert not duplicates(flags(OWNER_DUP), "owner_dup")


def test_a_list_repeating_a_scalar_fields_node_is_flagged() -> None:
    package = Field("package", xpaths=("//p[@id='owner']/a",))
    owners = Field("owners", xpaths=("//div[@id='definition']/p//a",), is_list=True)
    got = flags(package, owners)
    (flag,) = duplicates(got, "owners")
    assert flag["flag"].startswith("duplicate of field 'package': its values equal that field's")
    assert not duplicates(got, "package")


def test_a_title_beside_a_list_of_the_same_text_in_another_node_is_no_duplicate() -> None:
    # The title and the first entry of the linearization: one text on every page, two
    # different things of the page.
    title = Field("title", xpaths=("//div[@id='definition']/h1",))
    first = Field("self", xpaths=("//ol[@id='linearization']/li[1]/span",), is_list=True)
    lines = Field("lines", xpaths=("//ol[@id='linearization']/li/span",), is_list=True)
    got = flags(title, first, lines)
    assert not any(duplicates(got, f) for f in ("title", "self", "lines")), got
