"""Fields on the page's head: a rule selecting the ``<title>`` reads its text (the page's name
in the browser's tab), with or without the cleaner; a ``<meta>``'s value is its ``@content``,
and a text field on the ``<meta>`` itself is empty with a report naming that attribute."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import tplsite
from test_exports import run_schema_with_lxml

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.evaluate import evaluate_steps
from deboiler_gui.engine.template.exports import to_crawl4ai
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, NoiseFilter, Template
from deboiler_gui.engine.template.rulefile import to_scrapy_spider

HEAD_PAGE = """<html><head>
<title>
  Array -  Scala Standard Library
  2.11.12</title>
<meta name="description" content="Arrays are mutable, indexed collections">
<link rel="canonical" href="https://s.example/Array.html">
<script>var title = "not the title";</script>
</head><body><svg><title>a tooltip</title></svg><h1>Array</h1><p>Some text.</p></body></html>"""


def head_template(*fields: Field, **kw: Any) -> Template:
    return Template("head", site="s.example", fields=fields, use_cleaner=False, **kw)


def values(template: Template, html: str = HEAD_PAGE, model: Any = None) -> dict[str, Any]:
    return apply_template(Page("https://s.example/Array.html", html), template, model).values


def test_the_title_gives_its_text_as_the_browser_shows_it() -> None:
    got = values(
        head_template(
            Field("head_title", xpaths=("//head/title",)),
            Field("any_title", xpaths=("//title",)),
            Field("absolute", xpaths=("/html/head/title",)),
            Field("h1", xpaths=("//h1",)),
        )
    )
    # every run of white space one space, as document.title reads
    title = "Array - Scala Standard Library 2.11.12"
    assert got == {"head_title": title, "any_title": title, "absolute": title, "h1": "Array"}


def test_a_title_selected_inside_a_larger_node_adds_nothing_to_it() -> None:
    # the page's text leaves the head out, and the svg's tooltip with it
    got = values(
        head_template(Field("head", xpaths=("//head",)), Field("body", xpaths=("//body",)))
    )
    assert got["head"] == "" and got["body"] == "Array\nSome text."


def test_the_title_with_the_cleaner_and_with_an_html_filter() -> None:
    site = tplsite.pages(8)
    model = DomainCleaner().fit(site).model_
    template = Template(
        "news", site=tplsite.SITE, fields=(Field("page_title", xpaths=("//head/title",)),)
    )
    cleaned = apply_template(site[3], template, model)
    assert cleaned.removed  # the cleaner ran and took the site's chrome
    assert cleaned.values["page_title"] == "Article number 4: on widgets | Shop"
    plain = apply_template(site[3], replace(template, use_cleaner=False), model)
    assert plain.values == cleaned.values
    # an html filter cuts from the title's markup; what is left is still read as a title
    cut = replace(
        template,
        filters=(NoiseFilter("site name", "html", start=" | ", end="Shop"),),
    )
    assert (
        apply_template(site[3], cut, model).values["page_title"] == "Article number 4: on widgets"
    )


def test_a_meta_gives_its_content_and_a_text_field_on_it_says_which_attribute() -> None:
    template = head_template(
        Field("description", xpaths=("//meta[@name='description']/@content",)),
        Field("meta_as_text", xpaths=("//meta[@name='description']",)),
        Field("canonical", xpaths=("//link[@rel='canonical']",)),
        Field("canonical_href", xpaths=("//link[@rel='canonical']/@href",)),
        Field("script", xpaths=("//head/script",)),
    )
    res = apply_template(Page("https://s.example/Array.html", HEAD_PAGE), template)
    assert res.values == {
        "description": "Arrays are mutable, indexed collections",
        "meta_as_text": "",
        "canonical": "",
        "canonical_href": "https://s.example/Array.html",
        "script": "",  # code, not the page's words
    }
    (meta,) = res.fields["meta_as_text"].tried
    assert meta["error"] == "empty value" and "'…/@content'" in meta["hint"]
    (link,) = res.fields["canonical"].tried
    assert "'…/@href'" in link["hint"]
    (script,) = res.fields["script"].tried
    assert script["error"] == "empty value" and "hint" not in script
    # evaluate's failing pages give the hint with the reason
    ev = _evaluate(template, [Page("https://s.example/Array.html", HEAD_PAGE)])
    (failing,) = ev.fields[("head", "meta_as_text")].failing
    assert "read it with '…/@content'" in failing["reason"]


def test_a_json_key_named_title_is_read_as_any_other() -> None:
    doc = {"item": {"title": "First", "meta": "m"}}
    page = Page("https://s.example/api", json.dumps(doc), content_type="application/json")
    template = head_template(
        Field("title", xpaths=("//item/title",)), Field("meta", xpaths=("//item/meta",))
    )
    assert apply_template(page, template).values == {"title": "First", "meta": "m"}


def test_the_exports_give_the_same_title_and_description() -> None:
    template = head_template(
        Field("page_title", xpaths=("//head/title",)),
        Field("description", xpaths=("//meta[@name='description']/@content",)),
    )
    ours = values(template)
    (crawl4ai,) = run_schema_with_lxml(to_crawl4ai(template), HEAD_PAGE)
    assert crawl4ai["description"] == ours["description"]
    assert " ".join(crawl4ai["page_title"].split()) == ours["page_title"]
    namespace: dict[str, Any] = {"__name__": "spider"}
    exec(compile(to_scrapy_spider(template), "spider.py", "exec"), namespace)
    assert namespace["extract"](HEAD_PAGE) == ours


def _evaluate(template: Template, pages: list[Page]) -> Any:
    steps = evaluate_steps(pages, [template])
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value
