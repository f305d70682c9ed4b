"""Rules written on the raw HTML of a table (``table/tr``) find the same rows in the DOM a
browser builds (``crawl --render``), where every row sits in an implied ``tbody``."""

from __future__ import annotations

from deboiler_gui.engine.clean.cleaning import clean_tree
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.tablerows import row_variants, rows_tolerant
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Rule, Template
from deboiler_gui.engine.template.selectors import SiteIndex, expand_pattern, select

ROWS = (
    "<tr><th>Name</th><th>Value</th></tr>"
    "<tr><td>Weight</td><td>12 kg</td></tr>"
    "<tr><td>Height</td><td>80 cm</td></tr>"
    "<tr><td>Colour</td><td>oak</td></tr>"
)
ADS = "<tr><td>Buy now!</td></tr><tr><td>Sale</td></tr>"


def page(tbody: bool) -> str:
    def body(rows: str) -> str:
        return f"<tbody>{rows}</tbody>" if tbody else rows

    return (
        "<html><head><title>Chair</title></head><body><h1>Chair</h1>"
        f"<table class='specs' id='specs'>{body(ROWS)}</table>"
        f"<table class='ads'>{body(ADS)}</table>"
        "<p>A good chair.</p></body></html>"
    )


RAW, RENDERED = page(False), page(True)


def test_lxml_keeps_the_raw_tree_without_tbody() -> None:
    # what the raw response gives (no tbody) and what the renderer stores (tbody)
    assert not parse_html(RAW).xpath("//tbody")
    assert len(parse_html(RENDERED).xpath("//tbody")) == 2
    assert parse_html(RENDERED).xpath("//table[@class='specs']/tr") == []


TEMPLATE = Template(
    "chair",
    site="shop.example",
    fields=(
        Field("weight", xpaths=("//table[@class='specs']/tr[2]/td[2]",)),
        Field("names", xpaths=("//table[@class='specs']/tr[%d]/td[1]",), is_list=True),
        Field("by_id", xpaths=("//table[@id='specs']/tr[4]/td[2]",)),
        Field("css", xpaths=("css:table.specs > tr:nth-of-type(3) > td:nth-of-type(2)",)),
    ),
    remove=(Rule("ads", "//table[@class='ads']/tr"),),
)


def test_a_template_written_on_raw_html_extracts_the_same_from_the_rendered_dom() -> None:
    raw = apply_template(Page("https://shop.example/p/1.html", RAW), TEMPLATE)
    rendered = apply_template(Page("https://shop.example/p/1.html", RENDERED), TEMPLATE)
    expected = {
        "weight": "12 kg",
        "names": ["Weight", "Height", "Colour"],
        "by_id": "oak",
        "css": "80 cm",
    }
    for result in (raw, rendered):
        assert {k: result.values.get(k) for k in expected} == expected, result.fields
        assert result.status == "ok"


def test_remove_rules_and_hit_rates_on_both_trees() -> None:
    for html in (RAW, RENDERED):
        root = parse_html(html)
        clean_tree(root, None, remove=["//table[@class='ads']/tr"])
        text = root.text_content()
        assert "Buy now" not in text and "Sale" not in text and "12 kg" in text
    index = SiteIndex(
        ["https://shop.example/1", "https://shop.example/2"],
        [parse_html(RAW), parse_html(RENDERED)],
    )
    assert index.hit_rate("//table[@id='specs']/tr[2]")["one"] == 2
    assert index.hit_rate("//table[@class='specs']/tr[2]/td[1]")["one"] == 2


def test_rows_are_found_once_in_document_order() -> None:
    # a table holding both bare rows and a tbody (as raw HTML may): each row once, in order
    mixed = parse_html(
        "<table><tr><td>a</td></tr><tbody><tr><td>b</td></tr></tbody><tr><td>c</td></tr></table>"
    )
    assert [td.text for td in select(mixed, "//table/tr/td")] == ["a", "b", "c"]
    assert [td.text for td in expand_pattern(mixed, "//table/tr[%d]/td")] == ["a", "b", "c"]
    assert select(mixed, "count(//table/tr)") == [2.0]  # a number is left as written


def test_rewrite() -> None:
    assert rows_tolerant("//table[@class='a[b]']/tr[2]") == (
        "//table[@class='a[b]']/tr[2] | //table[@class='a[b]']/tbody/tr[2]"
    )
    assert rows_tolerant("//div[table/tr]") == "//div[table/tr] | //div[table/tbody/tr]"
    assert rows_tolerant("(//table[@class='x'])[1]/tr/td") == (
        "(//table[@class='x'])[1]/tr/td | (//table[@class='x'])[1]/tbody/tr/td"
    )
    for unchanged in (
        "//table//tr",
        "//table/tbody/tr",
        "//mytable/tr",
        "//table/track",
        "//td[@title='table/tr']",
        "count(//table/tr)",
        "$ctx/table/tr",
        "(//table/x)[1]/tr",
    ):
        assert rows_tolerant(unchanged) == unchanged
    assert len(row_variants("//table/tr/td/table/tr")) == 4
    assert len(row_variants("/" + "/".join(["table/tr/td"] * 5))) == 2
