"""Exports to Crawl4AI and Firecrawl: XPath to CSS, the schema and options checked against
schemas written from the targets' documentation, and run on the same pages (with Crawl4AI's own
JsonCssExtractionStrategy when it is installed, and with lxml's cssselect always)."""

from __future__ import annotations

import json
import re
from typing import Any

import jsonschema
import pytest
import tplsite
from cssselect import GenericTranslator

from deboiler_gui.engine.htmltree import parse_html, visible_text
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.exports import (
    ExportReport,
    Untranslatable,
    chrome_selectors,
    to_crawl4ai,
    to_firecrawl,
    xpath_to_css,
)
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Rule, Template

# From docs.crawl4ai.com "Extracting JSON (No LLM)": baseSelector + fields; field types text,
# attribute (with attribute), html, list / nested / nested_list (with fields).
_C4_FIELD: dict[str, Any] = {
    "type": "object",
    "required": ["name", "type"],
    "properties": {
        "name": {"type": "string", "minLength": 1},
        "selector": {"type": "string", "minLength": 1},
        "type": {"enum": ["text", "attribute", "html", "regex", "list", "nested", "nested_list"]},
        "attribute": {"type": "string", "minLength": 1},
        "fields": {"type": "array", "items": {"$ref": "#/$defs/field"}},
        "transform": {"enum": ["lowercase", "uppercase", "strip"]},
    },
    "allOf": [
        {
            "if": {"properties": {"type": {"const": "attribute"}}},
            "then": {"required": ["attribute"]},
        },
        {
            "if": {"properties": {"type": {"enum": ["list", "nested", "nested_list"]}}},
            "then": {"required": ["selector", "fields"]},
        },
    ],
    "additionalProperties": False,
}
CRAWL4AI_SCHEMA = {
    "type": "object",
    "required": ["name", "baseSelector", "fields"],
    "properties": {
        "name": {"type": "string"},
        "baseSelector": {"type": "string", "minLength": 1},
        "fields": {"type": "array", "items": {"$ref": "#/$defs/field"}},
    },
    "additionalProperties": False,
    "$defs": {"field": _C4_FIELD},
}
# From docs.firecrawl.dev scrape options: formats, onlyMainContent, includeTags, excludeTags.
FIRECRAWL_SCHEMA = {
    "type": "object",
    "properties": {
        "formats": {
            "type": "array",
            "items": {"enum": ["markdown", "html", "rawHtml", "links", "summary", "images"]},
        },
        "onlyMainContent": {"type": "boolean"},
        "includeTags": {"type": "array", "items": {"type": "string", "minLength": 1}},
        "excludeTags": {"type": "array", "items": {"type": "string", "minLength": 1}},
    },
    "additionalProperties": False,
}

TEMPLATE = Template(
    "news",
    site=tplsite.SITE,
    urls=(f"https://{tplsite.SITE}/news/2024/",),
    remove=(Rule("menu", "//div[@id='nav']"), Rule("footer", "#footer")),
    keep=(
        Rule("article", "//div[contains(concat(' ', normalize-space(@class), ' '), ' article ')]"),
    ),
    fields=(
        Field(
            "title",
            xpaths=("//h1[contains(concat(' ', normalize-space(@class), ' '), ' headline ')]",),
        ),
        Field("date", xpaths=("//span[@class='date']",)),
        Field("body", xpaths=("div.body",)),
        Field("tags", xpaths=("//ul[@class='tags']/li[%d]/a",), is_list=True),
        Field("tag_links", xpaths=("//ul[@class='tags']/li/a/@href",), is_list=True),
        Field(
            "specs",
            xpaths=("//table[@class='specs']/tr[%d]",),
            is_list=True,
            children=(Field("key", xpaths=("./td[1]",)), Field("value", xpaths=("./td[2]",))),
        ),
        Field("label", xpaths=("//span[normalize-space()='Published:']",)),
    ),
)


def _squash(value: Any) -> Any:
    """Values without whitespace: Crawl4AI's get_text(strip=True) joins text pieces with no
    separator, ours with one space."""
    if isinstance(value, str):
        return re.sub(r"\s+", "", value)
    if isinstance(value, list):
        return [_squash(v) for v in value]
    if isinstance(value, dict):
        return {k: _squash(v) for k, v in value.items()}
    return value


def _ours(page: Any) -> dict[str, Any]:
    plain = Template(
        TEMPLATE.name,
        site=TEMPLATE.site,
        urls=TEMPLATE.urls,
        fields=TEMPLATE.fields,
        use_cleaner=False,
    )
    return dict(apply_template(page, plain).values)


def _as_crawl4ai(ours: dict[str, Any]) -> dict[str, Any]:
    """Our record in Crawl4AI's shapes: list items are {name: value}."""
    out = dict(ours)
    out.pop("label")  # not exported (a text test)
    out["tags"] = [{"tags": v} for v in ours["tags"]]
    out["tag_links"] = [{"tag_links": v} for v in ours["tag_links"]]
    return out


# ---------------------------------------------------------------- a runner of the schema on lxml

_TR = GenericTranslator()


def _select(el: Any, css: str) -> list[Any]:
    return el.xpath(_TR.css_to_xpath(css))


def _text(el: Any) -> str:
    return "".join(t.strip() for t in el.itertext())


def _single(el: Any, f: dict[str, Any]) -> Any:
    if "selector" in f:
        found = _select(el, f["selector"])
        if not found:
            return None
        el = found[0]
    value = el.get(f["attribute"]) if f["type"] == "attribute" else _text(el)
    transform = f.get("transform")
    return value.lower() if transform == "lowercase" else value


def _item(el: Any, fields: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields:
        if f["type"] == "list":
            out[f["name"]] = [
                {g["name"]: _single(x, g) for g in f["fields"]} for x in _select(el, f["selector"])
            ]
        elif f["type"] == "nested_list":
            out[f["name"]] = [_item(x, f["fields"]) for x in _select(el, f["selector"])]
        else:
            out[f["name"]] = _single(el, f)
    return out


def run_schema_with_lxml(schema: dict[str, Any], html: str) -> list[dict[str, Any]]:
    root = parse_html(html)
    return [_item(base, schema["fields"]) for base in _select(root, schema["baseSelector"])]


# ---------------------------------------------------------------- tests


@pytest.mark.parametrize(
    ("xpath", "css", "attribute"),
    [
        ("/html/body/div[3]/aside", "html > body > div:nth-of-type(3) > aside", ""),
        ("//*[@id='post-1']/h1", "#post-1 > h1", ""),
        (
            "//div[contains(concat(' ', normalize-space(@class), ' '), ' tags ')]/ul/li[%d]/a",
            "div.tags > ul > li > a",
            "",
        ),
        ("./td[2]", ":scope > td:nth-of-type(2)", ""),
        (".//a/@href", "a[href]", "href"),
        ("//p//a/@href", "p a[href]", "href"),
        ("//a[@href]/@href", "a[href]", "href"),
        ("//td/a[starts-with(@href, 'x')]/@href", 'td > a[href^="x"]', "href"),
        ("//span[@class='date']/text()", 'span[class="date"]', ""),
        ("//p[last()]", "p:last-of-type", ""),
        ("//*[2]", "*:nth-child(2)", ""),
        ("//a[starts-with(@href, '/tag') and @rel]", 'a[href^="/tag"][rel]', ""),
        ("//li[not(@class)]", "li:not([class])", ""),
        ("//div[@id='a b']//table", 'div[id="a b"] table', ""),
        ("div.x > a", "div.x > a", ""),  # CSS stays as it is
    ],
)
def test_xpath_to_css(xpath: str, css: str, attribute: str) -> None:
    got = xpath_to_css(xpath)
    assert (got.css, got.attribute) == (css, attribute)


@pytest.mark.parametrize(
    ("xpath", "why"),
    [
        ("//h2[normalize-space()='Step by step']", "text test"),
        ("//a/following-sibling::p", "following-sibling axis"),
        ("//a/..", "'..'"),
        ("//a | //b", "union"),
        ("//p[position() > 2]", "function or operator"),
        ("//p[contains(text(), 'x')]", "text test"),
    ],
)
def test_untranslatable_xpaths_say_why(xpath: str, why: str) -> None:
    with pytest.raises(Untranslatable) as info:
        xpath_to_css(xpath)
    assert why in str(info.value) and xpath in str(info.value)


def test_css_matches_the_same_nodes_as_the_xpath_on_real_trees() -> None:
    trees = [parse_html(p.html) for p in tplsite.pages(4)]
    exprs = [
        "/html/body/div[2]/h1",
        "//ul[@class='tags']/li[%d]/a",
        "//table[@class='specs']/tr[2]/td[1]",
        "//div[@id='nav']/a[last()]",
        "//*[@id='footer']/a",
        "//p[@class='byline']/span[2]",
    ]
    for root in trees:
        for xp in exprs:
            css = xpath_to_css(xp).css
            assert _select(root, css) == root.xpath(xp.replace("[%d]", "")), xp


def test_crawl4ai_schema_shape_and_report() -> None:
    report = ExportReport()
    schema = to_crawl4ai(TEMPLATE, report)
    jsonschema.validate(schema, CRAWL4AI_SCHEMA)
    fields = {f["name"]: f for f in schema["fields"]}
    assert set(fields) == {"title", "date", "body", "tags", "tag_links", "specs"}
    assert fields["tag_links"] == {
        "name": "tag_links",
        "selector": 'ul[class="tags"] > li > a[href]',
        "type": "list",
        "fields": [{"name": "tag_links", "type": "attribute", "attribute": "href"}],
    }
    assert fields["specs"]["type"] == "nested_list"
    assert [u["field"] for u in report.untranslated] == ["label"]
    assert "text test" in report.untranslated[0]["reason"]
    assert any("excluded_selector='div#nav, #footer'" in n for n in report.notes)
    assert json.dumps(to_crawl4ai(TEMPLATE)) == json.dumps(schema)  # deterministic


def test_crawl4ai_schema_run_with_lxml_gives_our_values() -> None:
    schema = to_crawl4ai(TEMPLATE)
    for page in tplsite.pages(5):
        (got,) = run_schema_with_lxml(schema, page.html)
        assert _squash(got) == _squash(_as_crawl4ai(_ours(page)))


def test_crawl4ai_schema_run_with_crawl4ai_gives_our_values() -> None:
    strategy_mod = pytest.importorskip(
        "crawl4ai.extraction_strategy", reason="crawl4ai is not installed"
    )
    schema = to_crawl4ai(TEMPLATE)
    strategy = strategy_mod.JsonCssExtractionStrategy(schema)
    for page in tplsite.pages(5):
        (got,) = strategy.extract(page.url, page.html)
        assert _squash(got) == _squash(_as_crawl4ai(_ours(page)))


ANCHOR_PAGE = """<html><body><div class="innertube">
<p><a name="top"></a>See <a href="/doc/man.html">the manual</a> and <a href="/x">x</a>.</p>
<p><a id="only-an-anchor">no link</a></p></div></body></html>"""


def test_an_attribute_field_selects_only_elements_that_have_the_attribute() -> None:
    # The first `a` under the paragraphs is a named anchor without href: the XPath skips it.
    template = Template(
        "links",
        site="example.org",
        fields=(
            Field("first", xpaths=("//div[@class='innertube']//p//a/@href",)),
            Field("all", xpaths=("//div[@class='innertube']//p//a/@href",), is_list=True),
        ),
        use_cleaner=False,
    )
    schema = to_crawl4ai(template)
    fields = {f["name"]: f for f in schema["fields"]}
    assert fields["first"]["selector"] == 'div[class="innertube"] p a[href]'
    (got,) = run_schema_with_lxml(schema, ANCHOR_PAGE)
    page = Page(url="https://example.org/a.html", html=ANCHOR_PAGE)  # type: ignore[call-arg]
    ours = apply_template(page, template).values
    assert got["first"] == ours["first"] == "/doc/man.html"
    assert [v["all"] for v in got["all"]] == ours["all"] == ["/doc/man.html", "/x"]


def _apply_firecrawl(options: dict[str, Any], html: str) -> str:
    """Firecrawl's documented tag semantics on lxml: drop excludeTags, then keep only the
    includeTags parts (when given)."""
    root = parse_html(html)
    for css in options.get("excludeTags", []):
        for el in _select(root, css):
            if el.getparent() is not None:
                el.getparent().remove(el)
    if options.get("includeTags"):
        parts = [el for css in options["includeTags"] for el in _select(root, css)]
        return " ".join(visible_text(el) for el in parts)
    return visible_text(root)


def test_firecrawl_options_shape_and_effect() -> None:
    report = ExportReport()
    options = to_firecrawl(TEMPLATE, report)
    jsonschema.validate(options, FIRECRAWL_SCHEMA)
    assert options == {
        "formats": ["markdown"],
        "onlyMainContent": False,
        "includeTags": ["div.article"],
        "excludeTags": ["div#nav", "#footer"],
    }
    for page in tplsite.pages(3):
        text = _apply_firecrawl(options, page.html)
        values = _ours(page)
        assert values["title"] in text and values["date"] in text
        assert "Home About News" not in text and "Copyright Shop example" not in text


def test_firecrawl_chrome_selectors_from_the_fitted_model() -> None:
    from deboiler_gui.engine.clean.boilerplate import DomainCleaner
    from deboiler_gui.engine.clean.cleaning import clean_page, find_boilerplate

    pages = tplsite.pages(12)
    model = DomainCleaner().fit(pages).model_
    found = dict(chrome_selectors(pages, model))
    # the id'd menu and footer, the model's frame on this site, are found on every page
    assert found["div#nav"] == 1.0 and found["div#footer"] == 1.0
    for page in pages:
        root = parse_html(page.html)
        removed = {el for el, _r in find_boilerplate(root, model)}
        for css in found:  # everything a selector matches is what the model removes
            for el in _select(root, css):
                assert el in removed or any(a in removed for a in el.iterancestors()), (
                    css,
                    page.url,
                )
    options = to_firecrawl(Template("plain", site=tplsite.SITE), chrome=list(found))
    jsonschema.validate(options, FIRECRAWL_SCHEMA)
    for page in pages[:3]:
        text = _apply_firecrawl(options, page.html)
        assert "Copyright Shop example" not in text and "Home About News" not in text
        assert set(clean_page(page, model).cleaned_text.split()) <= set(text.split())


def test_every_chrome_part_left_out_of_exclude_tags_is_named_with_its_reason() -> None:
    # A promotion removed on 4 of 12 pages (too rare to exclude everywhere) and a menu whose
    # last page holds a paragraph of its own that the cleaner keeps (excluding the menu there
    # would drop it): both parts of the site's chrome, both left out, each with why.
    from deboiler_gui.engine.clean.boilerplate import DomainCleaner

    pages = []
    for n, page in enumerate(tplsite.pages(12), 1):
        html = page.html
        if n <= 4:
            html = html.replace(
                '<div id="footer">',
                '<div class="promo">Spring sale on every gear and lever this week</div>'
                '<div id="footer">',
            )
        if n == 12:
            html = html.replace(
                '<a href="/news">News</a></div>',
                '<a href="/news">News</a> <p>Words found only on the last page, kept</p></div>',
            )
        pages.append(Page(url=page.url, html=html))
    model = DomainCleaner().fit(pages).model_
    left_out: list[str] = []
    found = dict(chrome_selectors(pages, model, left_out=left_out))
    assert "div#footer" in found and "div#nav" not in found and "div.promo" not in found
    (nav,) = [line for line in left_out if "'div#nav'" in line]
    assert "boilerplate on only 11 of the 12 pages" in nav and pages[11].url in nav
    (promo,) = [line for line in left_out if "'div.promo'" in line]
    assert "matches on 4 of the 12 pages read" in promo and "Spring sale" in promo


def test_firecrawl_leaves_out_chrome_and_removes_that_would_drop_kept_or_read_content() -> None:
    # A keep rule on the article and a field reading the spec table: a chrome selector inside
    # the kept article (ul.tags), one on the field's table (table.specs) and a remove rule on an
    # ancestor of the kept part (which the template never removes) would drop what the template
    # keeps or extracts; they are left out and named. The menu and footer, outside both, stay;
    # so does a remove rule inside the kept part (the template removes it too).
    template = Template(
        "kept",
        site=tplsite.SITE,
        keep=(Rule("article", "//div[contains(@class, 'article')]"),),
        remove=(Rule("byline", "//p[@class='byline']"), Rule("wrapper", "//body")),
        fields=(
            Field("specs", xpaths=("//table[@class='specs']",)),
            Field("home", xpaths=("//div[@id='footer']/a/@href",)),
        ),
    )
    report = ExportReport()
    options = to_firecrawl(
        template,
        report,
        chrome=["div#nav", "ul.tags", "table.specs", "div#footer"],
        pages=tplsite.pages(3),
    )
    assert options["excludeTags"] == ['p[class="byline"]', "div#nav"]
    named = [n for n in report.notes if "left out of excludeTags" in n]
    assert len(named) == 4
    # a field read from an attribute guards the element it is read from
    assert any("chrome selector 'div#footer'" in n and "field 'home'" in n for n in named)
    assert any(
        "chrome selector 'ul.tags'" in n and "a node inside the nodes of keep rule 'article'" in n
        for n in named
    )
    assert any(
        "chrome selector 'table.specs'" in n and "one of the nodes of field 'specs'" in n
        for n in named
    )
    assert any("remove selector 'body'" in n and "an ancestor of" in n for n in named)
    # without the pages nothing can be checked: the selectors are exported as before
    assert "table.specs" in to_firecrawl(template, chrome=["table.specs"])["excludeTags"]


def test_crawl4ai_names_a_first_xpath_replaced_by_its_fallback() -> None:
    template = Template(
        "t",
        fields=(
            Field(
                "price",
                xpaths=(
                    "//span[normalize-space()='Price']/following-sibling::b",
                    "//b[@class='p']",
                ),
            ),
        ),
        remove=(Rule("pager", "//div[@class='pager']/.."),),
    )
    report = ExportReport()
    schema = to_crawl4ai(template, report)
    assert schema["fields"][0]["selector"] == 'b[class="p"]'
    lines = report.lines()
    assert any(
        line.startswith("field 'price': XPath \"//span[normalize-space()='Price']")
        and "fallback \"//b[@class='p']\" is exported in its place" in line
        for line in lines
    ), lines
    # a rule is called a rule, not a field
    assert any(line.startswith("remove rule 'pager': not exported") for line in lines), lines
    assert not any("field 'remove rule" in line for line in lines)


def test_table_rows_are_found_with_and_without_the_browsers_tbody() -> None:
    """A browser puts a table's rows in a tbody (a rendered page, a crawler that renders);
    the page's source and lxml may not. The exported selector finds the rows in both."""
    raw = "<html><body><table class='specs'><tr><td>Weight</td><td>2 kg</td></tr><tr><td>Size</td><td>M</td></tr></table></body></html>"
    rendered = raw.replace("<table class='specs'>", "<table class='specs'><tbody>").replace(
        "</table>", "</tbody></table>"
    )
    xp = "//table[@class='specs']/tr/td[2]"
    css = xpath_to_css(xp).css
    for html in (raw, rendered):
        root = parse_html(html)
        assert [visible_text(n) for n in _select(root, css)] == ["2 kg", "M"]
    assert parse_html(rendered).xpath("//tbody")  # lxml keeps the written tbody


JSONLD_PAGE = """<html><head><script type="application/ld+json">
{"@type": "Product", "name": "Chair", "sku": "CH-12"}</script></head>
<body><h1> Oak Chair </h1><p class="price">Price: 12.50 EUR</p><p class="brand">WOODY</p></body></html>"""


def test_a_field_needing_a_processor_the_target_cannot_run_is_left_out() -> None:
    from deboiler_gui.engine.template.model import Processor
    from deboiler_gui.engine.template.rulefile import to_scrapy_spider

    template = Template(
        "product",
        site="store.example",
        fields=(
            Field("name", xpaths=("//h1",), processors=(Processor("strip"),)),
            Field(
                "sku",
                xpaths=("//script[@type='application/ld+json']/text()",),
                processors=(Processor("jsonld", ("Product.sku",)),),
            ),
            Field("price", xpaths=("//p[@class='price']",), processors=(Processor("number"),)),
            Field("brand", xpaths=("//p[@class='brand']",), processors=(Processor("lower"),)),
        ),
        use_cleaner=False,
    )
    report = ExportReport()
    schema = to_crawl4ai(template, report)
    jsonschema.validate(schema, CRAWL4AI_SCHEMA)
    assert [f["name"] for f in schema["fields"]] == ["name", "brand"]
    reasons = {u["field"]: u["reason"] for u in report.untranslated}
    assert set(reasons) == {"sku", "price"}
    assert "'jsonld' cannot be run by Crawl4AI" in reasons["sku"]
    assert "whole JSON-LD block" in reasons["sku"]
    assert any("field 'sku': not exported" in line for line in report.lines())
    # what is exported gives our values (the case change as Crawl4AI's transform)
    ours = apply_template(Page("https://store.example/p/1", JSONLD_PAGE), template).values
    assert ours["sku"] == "CH-12" and ours["brand"] == "woody"
    (got,) = run_schema_with_lxml(schema, JSONLD_PAGE)
    assert got == {"name": ours["name"], "brand": ours["brand"]}

    spider_report = ExportReport()
    source = to_scrapy_spider(template, spider_report)
    assert {u["field"] for u in spider_report.untranslated} == {"sku", "price", "brand"}
    namespace: dict[str, Any] = {"__name__": "spider"}
    exec(compile(source, "spider.py", "exec"), namespace)
    assert namespace["extract"](JSONLD_PAGE) == {"name": "Oak Chair"}

    from deboiler_gui.engine.template.rulefile import to_paper_xml

    xml_report = ExportReport()
    assert "<nodeId>sku</nodeId>" in to_paper_xml([template], xml_report)  # kept, with a note
    assert [n.split(":")[0] for n in xml_report.notes] == [
        "field 'sku' of 'product' is exported without its processors",
        "field 'price' of 'product' is exported without its processors",
        "field 'brand' of 'product' is exported without its processors",
    ]
