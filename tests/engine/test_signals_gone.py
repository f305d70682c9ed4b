"""A field recorded gone by repair (no rule, its ``gone`` record) is said to be recorded gone
in its "no value" flag, with the command that removes it; a rule that matches nothing is
flagged as before; the other fields' signals are the same either way."""

from __future__ import annotations

from deboiler_gui.app.fieldcheck import short_flag
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import page_tree
from deboiler_gui.engine.template.model import Field, SearchRules, Template
from deboiler_gui.engine.template.signals import tree_signals

PAGES = [
    Page(
        f"https://shop.example/item/{i}",
        f"<html><body><h1>Item {i}</h1><p class='by'>Author {i}</p>"
        f"<span class='price'>{i}.50</span></body></html>",
    )
    for i in range(6)
]
GONE = SearchRules(fingerprint={"gone": {"xpaths": ["//p[@class='gone']"], "still_pages": 0}})


def flags(template: Template) -> dict[str, list[str]]:
    trees = [(p.url, page_tree(p)) for p in PAGES]
    return {s.field: [f["flag"] for f in s.flags()] for s in tree_signals(trees, template)}


def shop(*extra: Field) -> Template:
    return Template(
        "shop",
        site="shop.example",
        fields=(Field("title", xpaths=("//h1",)), *extra, Field("price", xpaths=("//span",))),
    )


def test_a_field_recorded_gone_is_said_gone_not_a_rule_matching_nothing() -> None:
    got = flags(shop(Field("byline", xpaths=(), search=GONE)))
    (flag,) = got["byline"]
    assert flag.startswith("no value on 6 pages: recorded gone by templates repair")
    assert "(templates remove-field shop byline)" in flag
    assert "every page looked at" not in flag
    assert short_flag(flag) == "gone"


def test_a_rule_matching_nothing_is_flagged_as_before() -> None:
    got = flags(shop(Field("byline", xpaths=("//p[@class='gone']",))))
    (flag,) = got["byline"]
    assert flag == "no value on 6 pages, every page looked at: the rule matches nothing there?"
    assert short_flag(flag) == "no value anywhere"


def test_a_gone_record_beside_a_rule_is_no_gone_field() -> None:
    """A record left beside a rule (the field found again) is no field recorded gone: its
    rule's values are judged."""
    got = flags(shop(Field("byline", xpaths=("//p[@class='by']",), search=GONE)))
    assert got["byline"] == []


def test_the_other_fields_signals_are_the_same() -> None:
    gone = flags(shop(Field("byline", xpaths=(), search=GONE)))
    plain = flags(shop(Field("byline", xpaths=("//p[@class='gone']",))))
    assert {k: v for k, v in gone.items() if k != "byline"} == {
        k: v for k, v in plain.items() if k != "byline"
    }
