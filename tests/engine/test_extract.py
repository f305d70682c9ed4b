"""Extraction: URL match R(w,m), template choice, fields with queues and diagnostics, lists,
records, remove/keep rules with the cleaner, noise filters, JSON pages."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from tplsite import SITE, article_html, pages

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page, RuleError
from deboiler_gui.engine.template.extract import (
    apply_template,
    choose_templates,
    evaluate_expression,
    extract_page,
    iter_extract,
    match_degree,
    template_score,
)
from deboiler_gui.engine.template.model import Field, NoiseFilter, Processor, Rule, Template

URL = f"https://{SITE}/news/2024/article-1.html"


def news(**kw: object) -> Template:
    base = {
        "name": "news",
        "site": SITE,
        "urls": (URL,),
        "fields": (
            Field(
                "title",
                xpaths=(
                    "//h2",
                    "//h1[contains(concat(' ', normalize-space(@class), ' '), ' headline ')]",
                ),
                required=True,
            ),
            Field("date", xpaths=("//span[@class='date']",), processors=(Processor("date"),)),
            Field("body", xpaths=("div.body",)),
            Field("tags", xpaths=("//ul[@class='tags']/li[%d]/a",), is_list=True),
            Field(
                "tag_links",
                xpaths=("//ul[@class='tags']/li/a",),
                is_list=True,
                kind="attribute",
                attribute="href",
            ),
            Field(
                "specs",
                xpaths=("//table[@class='specs']/tr[%d]",),
                is_list=True,
                children=(
                    Field("key", xpaths=("./td[1]",)),
                    Field("value", xpaths=("./td[2]",), processors=(Processor("number"),)),
                ),
            ),
        ),
    }
    base.update(kw)
    return Template(**base)  # type: ignore[arg-type]


def test_match_degree_follows_the_paper() -> None:
    # S(w) = {host, news, 2024, article-1.html}; S(m) = {host, news, 2023, x.html}
    assert match_degree(URL, f"https://{SITE}/news/2023/x.html") == pytest.approx(2 / 4)
    assert match_degree(URL, f"https://{SITE}/news/") == pytest.approx(2 / 2)
    assert match_degree(URL, "https://other.example/a/b") == 0.0
    assert template_score("https://other.example/news/2024/article-1.html", news()) == 0.0


def test_choose_templates_in_descending_r_above_threshold() -> None:
    a = Template("a", site=SITE, urls=(f"https://{SITE}/news/2024/",), url_threshold=0.5)
    b = Template("b", site=SITE, urls=(f"https://{SITE}/news/",), url_threshold=0.5)
    c = Template("c", site=SITE, urls=(f"https://{SITE}/shop/item/9",), url_threshold=0.5)
    got = choose_templates(f"https://{SITE}/news/2024/x.html", [c, b, a])
    assert [t.name for _r, t in got] == ["a", "b"]
    assert all(r > 0.5 for r, _t in got)


@pytest.mark.parametrize(
    "site", ["127.0.0.1:8765", "127.0.0.1", "HTTP://127.0.0.1:8765/", " 127.0.0.1 "]
)
def test_a_template_site_written_with_its_port_or_as_a_url_is_its_host(site: str) -> None:
    t = Template("t", site=site, urls=("http://127.0.0.1:8765/p/1",))
    assert template_score("http://127.0.0.1:8765/p/2", t) > t.url_threshold
    assert template_score("http://other.test:8765/p/2", t) == 0.0


def test_fields_values_and_diagnostics() -> None:
    page = pages(3)[1]
    res = apply_template(page, news())
    assert res.status == "ok"
    assert res.values["title"] == "Article number 2: on widgets"
    assert res.values["date"] == "2024-05-03"
    assert (
        res.values["body"].startswith("First paragraph of article 2 about widgets.")
        and "\nSecond paragraph 2, still real content." in res.values["body"]
    )
    assert res.values["tags"] == ["tag 2-0", "tag 2-1", "tag 2-2"]
    assert res.values["tag_links"] == ["/tag/t2-0", "/tag/t2-1", "/tag/t2-2"]
    assert res.values["specs"] == [{"key": f"key{k}", "value": str(20 + k)} for k in range(3)]
    title = res.fields["title"]
    assert title.queue_index == 1 and title.xpath.startswith("//h1")
    assert title.tried[0] == {"xpath": "//h2", "matches": 0, "error": "no match"}
    assert title.nodes == ["/html/body/div[2]/h1"]
    assert len(res.fields["tags"].nodes) == 3


def test_failing_field_reports_why_and_template_is_partial() -> None:
    t = news(
        fields=(
            Field("title", xpaths=("//h1",)),
            Field("price", xpaths=("//span[@class='price']", "//em")),
        )
    )
    res = apply_template(pages(1)[0], t)
    assert res.status == "partial" and res.failed_fields == ["price"]
    assert [x["error"] for x in res.fields["price"].tried] == ["no match", "no match"]
    assert res.values["price"] == ""


def test_remove_rules_and_filters_apply_to_field_values() -> None:
    t = news(
        remove=(Rule("second", "//div[@class='body']/p[2]"),),
        fields=(
            Field("body", xpaths=("//div[contains(@class,'article')]",)),
            Field("footer", xpaths=("#footer",), kind="html"),
        ),
        filters=(
            NoiseFilter("no-digits", "text", pattern=r"\d+", fields=("body",)),
            NoiseFilter("internal", "url", pattern=r"^/", fields=("footer",)),
        ),
    )
    res = apply_template(pages(1)[0], t)
    assert "Second paragraph" not in res.values["body"]
    assert "First paragraph of article about widgets." in res.values["body"]
    assert "sponsor" not in res.values["footer"] and "Copyright" in res.values["footer"]
    assert res.removed == ["/html/body/div[2]/div/p[2]"]


def test_cleaner_removes_boilerplate_inside_fields_unless_kept() -> None:
    site = pages(8)
    model = DomainCleaner().fit(site).model_
    whole = Field("all", xpaths=("/html/body",))
    res = apply_template(site[3], news(fields=(whole,)), model)
    assert "About" not in res.values["all"]  # the menu recurs on every page: boilerplate
    assert "First paragraph of article 4" in res.values["all"]
    kept = apply_template(site[3], news(fields=(whole,), keep=(Rule("menu", "#nav"),)), model)
    assert "About" in kept.values["all"]
    off = apply_template(site[3], news(fields=(whole,), use_cleaner=False), model)
    assert "About" in off.values["all"]


def test_remove_rules_apply_inside_a_subtree_the_cleaner_removed() -> None:
    # The menu recurs on every page, so the cleaner removes it whole; a field reading it must
    # still lose what the template's remove rule takes inside it, as it does without the
    # cleaner (a permalink inside a heading of a section the cleaner took).
    site = pages(8)
    model = DomainCleaner().fit(site).model_
    menu = Field("menu", xpaths=("//div[@id='nav']",))
    template = news(fields=(menu,), remove=(Rule("no about", "//div[@id='nav']/a[2]"),))
    cleaned = apply_template(site[3], template, model)
    assert "/html/body/div[1]" in cleaned.removed  # the cleaner takes the menu whole
    assert cleaned.values["menu"] == "Home News"
    plain = apply_template(site[3], replace(template, use_cleaner=False), model)
    assert plain.values["menu"] == "Home News"


def test_the_cleaners_findings_given_by_the_caller_extract_the_same() -> None:
    """A page's analysis has the cleaner's findings already (for its boilerplate share): given
    to apply_template, the values, reports and removals are those of a run of its own, with a
    remove rule inside the cleaner's subtree and with a keep rule that changes what it takes."""
    from deboiler_gui.engine.clean.boilerplate import find_boilerplate

    site = pages(8)
    model = DomainCleaner().fit(site).model_
    assert model is not None
    fields = (Field("all", xpaths=("/html/body",)), Field("menu", xpaths=("//div[@id='nav']",)))
    templates = [
        news(fields=fields),
        news(fields=fields, remove=(Rule("no about", "//div[@id='nav']/a[2]"),)),
        news(fields=fields, keep=(Rule("menu", "#nav"),)),
    ]
    for page in site:
        root = parse_html(page.html)
        found = find_boilerplate(root, model)
        assert found  # the menu, at least
        for template in templates:
            given = apply_template(page, template, model, root=root, boilerplate=found)
            own = apply_template(page, template, model)
            assert given.values == own.values, (page.url, template.keep, template.remove)
            assert given.removed == own.removed
            assert {k: r.status for k, r in given.fields.items()} == {
                k: r.status for k, r in own.fields.items()
            }
    # The keep rule's page: the menu stays, as in a run of its own.
    root = parse_html(site[3].html)
    found = find_boilerplate(root, model)
    kept = apply_template(site[3], templates[2], model, root=root, boilerplate=found)
    assert "About" in kept.values["all"]


def test_extract_page_falls_back_to_the_next_template() -> None:
    broken = news(
        name="a-broken",
        urls=(f"https://{SITE}/news/2024/",),
        fields=(Field("title", xpaths=("//h5",)),),
    )
    good = news(
        name="b-good", urls=(f"https://{SITE}/news/",), fields=(Field("title", xpaths=("//h1",)),)
    )
    res = extract_page(pages(1)[0], [good, broken])
    assert res.template == "b-good" and res.values["title"].startswith("Article number 1")
    none = extract_page(Page("https://elsewhere.example/x", "<p>x</p>"), [good])
    assert none.status == "no-template"


def test_json_pages_use_the_same_xpaths() -> None:
    doc = {"data": {"items": [{"title": "First", "url": "/a"}, {"title": "Second", "url": "/b"}]}}
    page = Page(f"https://{SITE}/api/list", json.dumps(doc), content_type="application/json")
    t = Template(
        "api",
        site=SITE,
        fields=(
            Field("titles", xpaths=("/json/data/items/item[%d]/title",), is_list=True),
            Field("first", xpaths=("//item[1]/url",)),
        ),
    )
    res = apply_template(page, t)
    assert res.values == {"titles": ["First", "Second"], "first": "/a"}


def test_invalid_template_fails_before_the_first_page() -> None:
    bad = news(fields=(Field("title", xpaths=("//h1[",)),))
    with pytest.raises(RuleError) as info:
        list(iter_extract(pages(2), [bad]))
    assert (
        info.value.template == "news"
        and info.value.field == "title"
        and info.value.expression == "//h1["
    )
    with pytest.raises(RuleError, match="rule 'nope'"):
        list(
            iter_extract(
                pages(1),
                [news(fields=(Field("t", xpaths=("//h1",), processors=(Processor("nope"),)),))],
            )
        )


def test_one_bad_page_does_not_stop_the_run() -> None:
    site = [
        Page(f"https://{SITE}/news/2024/broken.html", "", error="unreadable"),
        *pages(2),
        Page(f"https://{SITE}/news/2024/junk.html", "\x00\x01\x02garbage<<<"),
    ]
    results = list(iter_extract(site, [news()]))
    assert [r.status for r in results] == ["error", "ok", "ok", "partial"]


def test_evaluate_expression_counts_pages() -> None:
    trees = [parse_html(article_html(i, tags=i % 3)) for i in range(6)]
    assert evaluate_expression(trees, "//h1") == {"one": 6, "none": 0, "many": 0, "pages": 6}
    assert evaluate_expression(trees, "//ul[@class='tags']/li[%d]") == {
        "one": 2,
        "none": 2,
        "many": 2,
        "pages": 6,
    }


def test_app_helpers_field_coverage_and_rule_hits() -> None:
    from deboiler_gui.engine.template.extract import evaluate_field, rule_nodes

    trees = [parse_html(article_html(i, tags=i % 3)) for i in range(6)]
    tags = Field("tags", xpaths=("//ul[@class='tags']/li[%d]/a",), is_list=True)
    cov = evaluate_field(trees, tags, news())
    # the two pages without a tag list lack the rule's anchor: the field is absent there
    assert cov == {
        "ok": 4,
        "empty": 2,
        "absent": 2,
        "pages": 6,
        "by_xpath": {"//ul[@class='tags']/li[%d]/a": 4},
    }
    t = news(
        remove=(Rule("menu", "#nav"),), filters=(NoiseFilter("external", "url", pattern=r"^/"),)
    )
    hits = rule_nodes(trees[1], t)
    assert hits == {"menu": ["/html/body/div[1]"], "external": ["/html/body/div[3]/a"]}


def test_a_headings_permalink_sign_is_not_part_of_its_value() -> None:
    html = (
        "<html><body><h1>Models<a class='headerlink' href='#models' title='Link'>¶</a></h1>"
        "<h2><a href='#setup' aria-hidden='true'>#</a> Setup for C#</h2>"
        "<h3>Learn C#</h3><h4>Paragraph sign<a href='other.html'>¶</a></h4></body></html>"
    )
    tpl = Template(
        name="doc",
        site=SITE,
        urls=(URL,),
        fields=(
            Field("title", xpaths=("//h1",)),
            Field("setup", xpaths=("//h2",)),
            Field("lang", xpaths=("//h3",)),
            Field("other", xpaths=("//h4",)),
        ),
        use_cleaner=False,
    )
    res = apply_template(Page(url=URL, html=html), tpl)
    # a link to a #fragment whose whole text is the sign goes; a '#' of the text itself and a
    # sign linking to another page stay
    assert res.values == {
        "title": "Models",
        "setup": "Setup for C#",
        "lang": "Learn C#",
        "other": "Paragraph sign¶",
    }


def test_a_page_is_cleaned_only_when_a_field_reads_a_node_holding_others(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An extraction's records want values, not the removed subtrees: fields on leaf nodes (a
    headline's text, a date, links' text and href) give the same values with or without the
    cleaner, which then never runs on the page; a field reading a block that holds the menu
    the cleaner removes has it cleaned, with the values of a run that lists the removals."""
    from deboiler_gui.engine.clean import cleaning
    from deboiler_gui.engine.template.extract import extract_page

    site = pages(8)
    model = DomainCleaner().fit(site).model_
    assert model is not None
    runs: list[int] = []
    matches = cleaning.matches

    def counted(*args: object, **kw: object) -> object:
        runs.append(1)
        return matches(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(cleaning, "matches", counted)
    leaves = news(fields=tuple(f for f in news().fields if f.id in ("title", "date", "tags")))
    whole = news(fields=(*leaves.fields, Field("all", xpaths=("/html/body",))))
    for template, cleaned in ((leaves, False), (whole, True)):
        for page in site:
            runs.clear()
            lean = extract_page(page, [template], model, removed_paths=False)
            assert bool(runs) is cleaned, (template.fields[-1].id, page.url)
            full = extract_page(page, [template], model)
            assert lean.values == full.values and lean.status == full.status
            assert lean.removed == [] and full.removed
    assert "About" not in lean.values["all"]  # the menu the cleaner takes: out of the value
    # several templates tried on a page: the cleaner runs once for all of them
    runs.clear()
    failing = news(
        name="first",
        fields=(
            Field("all", xpaths=("/html/body",), required=True),
            Field("x", xpaths=("//nothere",), required=True),
        ),
    )
    res = extract_page(
        site[3], [failing, replace(whole, name="second")], model, removed_paths=False
    )
    assert res.template == "second" and len(runs) == 1  # the first tried, then the second


def test_the_cleaners_findings_kept_from_a_run_are_used_on_the_same_page_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A page cleaned in an extraction gives its findings with its result; given back for the
    same HTML, the page is not cleaned again and the values are the same. Findings that do not
    fit the page (another page's) are not used: the cleaner runs."""
    import json as _json

    from deboiler_gui.engine.clean import cleaning
    from deboiler_gui.engine.template.extract import extract_page, page_digest

    site = pages(8)
    model = DomainCleaner().fit(site).model_
    assert model is not None
    template = news(fields=(Field("all", xpaths=("/html/body",)), *news().fields[:2]))
    runs: list[int] = []
    matches = cleaning.matches

    def counted(*args: object, **kw: object) -> object:
        runs.append(1)
        return matches(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(cleaning, "matches", counted)
    first = extract_page(site[3], [template], model, removed_paths=False)
    assert runs and first.findings is not None
    page_site, digest, data = first.findings
    assert page_site == site[3].site and digest == page_digest(site[3].html)
    kept = _json.loads(_json.dumps(data))  # as saved in the workspace
    runs.clear()
    again = extract_page(site[3], [template], model, removed_paths=False, known=kept)
    assert not runs and again.findings is None
    assert again.values == first.values and "About" not in again.values["all"]
    other = [["/html/body/div[7]/p[3]", "exact", "", 10, "div > p"]]  # no such node here
    elsewhere = extract_page(site[3], [template], model, removed_paths=False, known=other)
    assert runs and elsewhere.values == first.values
