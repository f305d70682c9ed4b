"""Rule files: JSON v1 round trip (equal template, byte-identical re-export), JSON Schema,
version/corruption errors, the paper's XML format, trafilatura and Scrapy exports, and
all-or-nothing import into a workspace."""

from __future__ import annotations

import json

import jsonschema
import pytest
from test_template import full_template
from tplsite import article_html, pages

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import RuleError
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template import rulefile
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Rule, Template


def test_export_import_export_is_byte_identical() -> None:
    t = full_template()
    first = rulefile.dumps([t])
    again = rulefile.loads(first)
    assert again == [t]
    assert rulefile.dumps(again) == first
    doc = json.loads(first)
    assert list(doc) == ["format", "version", "templates"]
    assert first.endswith("}\n")


def test_export_validates_against_the_shipped_schema() -> None:
    doc = json.loads(rulefile.dumps([full_template()]))
    jsonschema.Draft202012Validator(rulefile.schema()).validate(doc)
    doc["templates"][0]["fields"][0]["kind"] = "pdf"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(rulefile.schema()).validate(doc)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        (
            '{"format": "something-else", "version": 1, "templates": []}',
            "not a deboiler-gui rule file",
        ),
        (
            '{"format": "deboiler-gui-rules", "version": 2, "templates": []}',
            "version 2 is not supported",
        ),
        ('{"format": "deboiler-gui-rules", "version": 1, "templates": {}}', "must be a list"),
        (
            '{"format": "deboiler-gui-rules", "version": 1, "templates": [{"name": "x", "fields": [{"id": "f", "xpaths": ["//a["]}]}]}',
            "template 'x', field 'f', expression '//a\\['",
        ),
        (
            '{"format": "deboiler-gui-rules", "version": 1, "templates": [{"name": "x", "fields": [{"id": "f", "xpaths": ["//a"], "processors": [{"name": "zap"}]}]}]}',
            "rule 'zap'",
        ),
        (
            '{"format": "deboiler-gui-rules", "version": 1, "templates": [{"name": "x", "filters": [{"name": "r", "kind": "text", "pattern": "(("}]}]}',
            "rule 'r'.*expression '\\(\\('",
        ),
        (
            '{"format": "deboiler-gui-rules", "version": 1, "templates": [{"name": "x"}, {"name": "x"}]}',
            "appears twice",
        ),
    ],
)
def test_bad_rule_files_name_the_culprit(text: str, message: str) -> None:
    with pytest.raises(RuleError, match=message) as info:
        rulefile.loads(text, source="rules.json")
    assert str(info.value).startswith("rules.json: ")


def test_paper_xml_round_trip_keeps_what_the_format_holds() -> None:
    t = full_template()
    xml = rulefile.to_paper_xml([t])
    assert "<nodeId>title</nodeId>" in xml and "<distance>-1</distance>" in xml
    back = rulefile.from_paper_xml(xml)[0]
    assert back.name == t.name and back.site == t.site and back.urls == t.urls
    for f in t.fields:
        g = back.field(f.id)
        assert g.xpaths == f.xpaths
        assert (g.search.keyword, g.search.tag, g.search.context) == (
            f.search.keyword,
            f.search.tag,
            f.search.context,
        )
    assert rulefile.to_paper_xml([back]) == xml


def test_paper_xml_bad_input() -> None:
    with pytest.raises(RuleError, match="not well-formed"):
        rulefile.from_paper_xml("<template><site>")
    with pytest.raises(RuleError, match="expected a <template>"):
        rulefile.from_paper_xml("<html/>")
    entity = '<!DOCTYPE t [<!ENTITY x SYSTEM "file:///etc/passwd">]><template><site>&x;</site></template>'
    got = rulefile.from_paper_xml(entity)
    assert "root:" not in got[0].site  # external entities are never resolved


def test_trafilatura_prune_list_selects_the_removed_nodes() -> None:
    from deboiler_gui.engine.template.model import NoiseFilter

    t = Template(
        "t",
        remove=(Rule("nav", "#nav"), Rule("foot", "//div[@id='footer']")),
        filters=(NoiseFilter("ads", "attribute", attribute="class", op="contains", value="tags"),),
    )
    xpaths = json.loads(rulefile.to_trafilatura_prune([t]))
    root = parse_html(article_html(1))
    hit = [root.xpath(x) for x in xpaths]
    assert [len(h) for h in hit] == [1, 1, 1]
    assert hit[0][0].get("id") == "nav" and hit[2][0].tag == "ul"


def test_scrapy_spider_is_runnable_with_parsel() -> None:
    t = Template(
        "shop news",
        site="shop.example",
        urls=("https://shop.example/news/",),
        remove=(Rule("nav", "#nav"),),
        fields=(
            Field("title", xpaths=("//h2", "h1.headline")),
            Field("tags", xpaths=("//ul[@class='tags']/li[%d]/a",), is_list=True),
            Field("first_link", xpaths=("//ul/li/a",), kind="attribute", attribute="href"),
            # a rule ending on the attribute, as `suggest --save` stores it
            Field("link", xpaths=("//ul/li/a/@href",), kind="attribute", attribute="href"),
        ),
    )
    source = rulefile.to_scrapy_spider(t)
    compile(source, "shop_news.py", "exec")
    ns: dict[str, object] = {"__name__": "shop_news"}
    exec(source, ns)
    page = pages(2)[1]
    ours = apply_template(page, t).values
    theirs = ns["extract"](page.html)  # type: ignore[operator]
    assert theirs == ours and ours["link"]
    assert "class ShopNewsSpider(scrapy.Spider)" in source


def test_import_is_all_or_nothing(tmp_path) -> None:
    ws = Workspace(tmp_path / "ws.sqlite")
    good = Template("good", fields=(Field("t", xpaths=("//h1",)),))
    rulefile.save_all(ws, [good], message="first")
    other = Template("other", fields=(Field("t", xpaths=("//h1",)),))
    broken = Template("broken", fields=(Field("t", xpaths=("//h1[",)),))
    with pytest.raises(RuleError, match="broken"):
        rulefile.save_all(ws, [other, broken])
    assert ws.template_names() == ["good"]
    # A failure in the middle of writing rolls back the earlier saves of the same import.
    real = ws.save_template
    calls = []

    def flaky(template, *, message=""):  # type: ignore[no-untyped-def]
        calls.append(template.name)
        if len(calls) == 2:
            raise OSError("disk full")
        return real(template, message=message)

    ws.save_template = flaky  # type: ignore[method-assign]
    with pytest.raises(OSError):
        rulefile.save_all(ws, [other, good])
    ws.save_template = real  # type: ignore[method-assign]
    assert ws.template_names() == ["good"]
    assert [h["version"] for h in ws.template_history("good")] == [1]
    ws.close()
