"""The template model: one schema, lossless to_dict/from_dict, clear errors on bad data."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.model import RuleError
from deboiler_gui.engine.template.model import (
    Context,
    Field,
    NoiseFilter,
    Processor,
    Rule,
    SearchRules,
    Template,
)


def full_template() -> Template:
    return Template(
        name="news",
        site="shop.example",
        urls=("https://shop.example/news/2024/article-1.html",),
        url_threshold=0.4,
        remove=(Rule("nav", "#nav", note="menu"),),
        keep=(Rule("body", "//div[@class='body']"),),
        fields=(
            Field(
                "title",
                "Title",
                ("//h1",),
                required=True,
                processors=(Processor("strip"),),
                search=SearchRules(
                    tag="h1",
                    context=(Context("Published:", -1),),
                    fingerprint={"tag": "h1", "classes": ["headline"]},
                ),
            ),
            Field("tags", "Tags", ("//ul[@class='tags']/li[%d]/a",), is_list=True),
            Field("link", xpaths=("//h1",), kind="attribute", attribute="class"),
            Field(
                "specs",
                xpaths=("//table[@class='specs']/tr[%d]",),
                is_list=True,
                children=(
                    Field("k", xpaths=("./td[1]",)),
                    Field("v", xpaths=("./td[2]",), processors=(Processor("number"),)),
                ),
            ),
        ),
        filters=(
            NoiseFilter("ads", "url", pattern=r"^/"),
            NoiseFilter(
                "cls", "attribute", attribute="class", op="word", value="ad", fields=("title",)
            ),
        ),
        description="articles",
    )


def test_round_trip_is_lossless() -> None:
    t = full_template()
    data = t.to_dict()
    assert Template.from_dict(data) == t
    assert Template.from_dict(data).to_dict() == data
    assert list(data) == [
        "name",
        "site",
        "description",
        "urls",
        "url_threshold",
        "use_cleaner",
        "remove",
        "keep",
        "fields",
        "filters",
    ]


def test_with_field_and_with_xpath() -> None:
    t = full_template()
    f = t.field("title").with_xpath("//div/h1")
    assert f.xpaths == ("//h1", "//div/h1")
    assert f.with_xpath("//h1") is f
    t2 = t.with_field(f)
    assert t2.field("title").xpaths[-1] == "//div/h1"
    assert t.field("title").xpaths == ("//h1",)  # the original is unchanged
    with pytest.raises(RuleError, match="'nope'"):
        t.field("nope")


def test_a_text_field_stores_no_attribute_name(tmp_path) -> None:
    """An old template's text field saved with "attribute": "href" (the attribute box of the
    field before it) reads, saves and stores as text alone; an attribute field keeps its."""
    from deboiler_gui.engine.store import Workspace

    data = {
        "name": "old",
        "site": "shop.test",
        "fields": [
            {"id": "title", "xpaths": ["//h1"], "kind": "text", "attribute": "href"},
            {"id": "body", "xpaths": ["//main"], "kind": "html", "attribute": "src"},
            {"id": "link", "xpaths": ["//a"], "kind": "attribute", "attribute": "href"},
        ],
    }
    template = Template.from_dict(data)
    assert [(f.kind, f.attribute) for f in template.fields] == [
        ("text", ""),
        ("html", ""),
        ("attribute", "href"),
    ]
    assert [f["attribute"] for f in template.to_dict()["fields"]] == ["", "", "href"]
    # made in code as well (the app's Extract field with a left-over attribute box)
    assert Field("t", xpaths=("//h1",), kind="text", attribute="href").attribute == ""
    with Workspace(str(tmp_path / "ws.sqlite")) as ws:
        ws.save_template(template)
        stored = ws.load_template("old")
    assert stored == template and stored.field("title").attribute == ""


def test_processor_shorthand() -> None:
    assert Processor.from_dict("regex:\\d+") == Processor("regex", ("\\d+",))
    assert Processor.from_dict("strip") == Processor("strip")


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d["fields"][0].update(kind="pdf"), "field 'title'.*unknown output kind 'pdf'"),
        (lambda d: d["fields"][2].update(attribute=""), "field 'link'.*needs an attribute"),
        (lambda d: d["fields"].append(dict(d["fields"][0])), "field 'title'.*duplicate"),
        (lambda d: d["filters"][0].update(kind="magic"), "rule 'ads'.*unknown filter kind"),
        (lambda d: d["filters"][1].update(op="near"), "rule 'cls'.*unknown operator"),
        (lambda d: d.update(name=""), "needs a name"),
        (lambda d: d["fields"][0].pop("id"), "template 'news'.*malformed"),
    ],
)
def test_bad_data_names_the_culprit(mutate, message) -> None:
    data = full_template().to_dict()
    mutate(data)
    with pytest.raises(RuleError, match=message):
        Template.from_dict(data)


def test_link_factory_survives_store_and_rule_file_round_trips() -> None:
    from deboiler_gui.engine.template import rulefile
    from deboiler_gui.engine.template.model import Template

    data = {
        "name": "api",
        "site": "shop.test",
        "fields": [{"id": "page", "xpaths": ["//next"], "list": True}],
        "link_factory": {"url_pattern": "/api/items?page={page}", "match": "/api/"},
    }
    template = Template.from_dict(data)
    assert template.to_dict()["link_factory"] == data["link_factory"]
    text = rulefile.dumps([template])
    again = rulefile.loads(text)
    assert again == [template]
    assert rulefile.dumps(again) == text
    assert "link_factory" not in Template.from_dict({"name": "plain"}).to_dict()
