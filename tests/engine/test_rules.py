"""Noise filters and post-processors: behaviour, bad input, regex with a time bound."""

from __future__ import annotations

import time

import pytest

from deboiler_gui.engine.htmltree import parse_html, to_html
from deboiler_gui.engine.model import RuleError
from deboiler_gui.engine.template.model import NoiseFilter, Processor
from deboiler_gui.engine.template.rules import (
    apply_processors,
    drop_nodes,
    filter_html,
    filter_nodes,
    filter_text,
    preview_filter,
    regex_search,
)

PAGE = """<html><body><div id='m'>
<a href='/in/1'>one</a> <a href='https://ads.example/x'>ad</a> <a href='/in/2'>two</a>
<p class='note ad-slot'>buy</p><p class='ad'>now</p><p class='story'>real</p>
<!--AD-->junk<!--/AD--> tail</div></body></html>"""


def test_text_rule_removes_matches() -> None:
    flt = NoiseFilter("counter", "text", pattern=r"\s*\(\d+ views\)")
    assert filter_text(flt, "Title (123 views)") == "Title"


def test_url_rule_drops_links_failing_the_pattern() -> None:
    root = parse_html(PAGE)
    flt = NoiseFilter("internal", "url", pattern=r"^/in/")
    bad = filter_nodes(flt, root)
    assert [a.text for a in bad] == ["ad"]
    drop_nodes(bad)
    assert [a.text for a in root.xpath("//a")] == ["one", "two"]
    assert "two" in root.xpath("//div")[0].text_content()


@pytest.mark.parametrize(
    ("op", "value", "expected"),
    [
        ("contains", "ad", ["buy", "now"]),
        ("word", "ad", ["now"]),
        ("equals", "story", ["real"]),
        ("regex", r"^note\b", ["buy"]),
        ("exists", "", ["buy", "now", "real"]),
    ],
)
def test_attribute_rule(op: str, value: str, expected: list[str]) -> None:
    root = parse_html(PAGE)
    flt = NoiseFilter("cls", "attribute", attribute="class", op=op, value=value, selector="//p")
    assert [p.text for p in filter_nodes(flt, root)] == expected


def test_html_rule_cuts_between_start_and_end() -> None:
    flt = NoiseFilter("ads", "html", start="<!--AD-->", end="<!--/AD-->")
    markup = to_html(parse_html(PAGE))
    out = filter_html(flt, markup)
    assert "junk" not in out and " tail" in out
    # An unterminated start string cuts nothing.
    assert filter_html(flt, "a<!--AD-->b") == "a<!--AD-->b"


def test_preview_does_not_modify_the_page() -> None:
    root = parse_html(PAGE)
    before = to_html(root)
    prev = preview_filter(
        NoiseFilter("internal", "url", pattern=r"^/in/"), root, before, root.text_content()
    )
    assert prev["count"] == 1 and prev["nodes"] == ["/html/body/div/a[2]"]
    assert to_html(root) == before


def test_invalid_regex_names_rule_and_expression() -> None:
    with pytest.raises(RuleError) as info:
        filter_text(NoiseFilter("broken", "text", pattern="(unclosed"), "x")
    assert info.value.rule == "broken" and info.value.expression == "(unclosed"


@pytest.mark.parametrize("pattern", [r"(a+)+$", r"(a|aa)+$", r"(\w+\s?)*$"])
def test_catastrophic_regex_is_bounded(pattern: str) -> None:
    text = "a" * 20000 + "!"
    start = time.monotonic()
    with pytest.raises(RuleError, match="took longer"):
        filter_text(NoiseFilter("evil", "text", pattern=pattern), text)
    assert time.monotonic() - start < 10


def test_processors() -> None:
    assert apply_processors("  Price: 1,299.50 EUR ", (Processor("number"),)) == "1299.50"
    assert apply_processors("Posted 2024/5/7 by x", (Processor("date"),)) == "2024-05-07"
    assert apply_processors("发布于 2023年11月2日", (Processor("date"),)) == "2023-11-02"
    assert (
        apply_processors(
            "v3.2.25 docs", (Processor("regex", (r"v([\d.]+)",)), Processor("prefix", ("Django ",)))
        )
        == "Django 3.2.25"
    )
    assert (
        apply_processors("a-b-c", (Processor("replace", ("-", " ")), Processor("upper"))) == "A B C"
    )
    assert regex_search("x", "abc") is None


def test_unknown_processor_and_missing_argument() -> None:
    with pytest.raises(
        RuleError, match="unknown processor.*'titlecase'|'titlecase'.*unknown processor"
    ):
        apply_processors("x", (Processor("titlecase"),))
    with pytest.raises(RuleError, match="'regex'.*needs 1 argument"):
        apply_processors("x", (Processor("regex"),))
