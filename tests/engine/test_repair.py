"""Adaptive repair: learned search rules find the field again after a redesign, the proposal
carries its evidence, nothing wrong is proposed, accepted repairs extend the XPath queue."""

from __future__ import annotations

import pytest
from tplsite import SITE, article_html, pages

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.progress import run
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.repair import (
    accept_repairs,
    find_node,
    learn_template,
    propose_repair,
    repair_steps,
)

FIELDS = (
    # Absolute paths break when blocks are wrapped or reordered, class paths when renamed.
    Field("title", xpaths=("/html/body/div[2]/h1",)),
    Field("date", xpaths=("//p[@class='byline']/span[@class='date']",)),
    Field("body", xpaths=("/html/body/div[2]/div[@class='body']",)),
)


@pytest.fixture(scope="module")
def learned() -> Template:
    t = Template("news", site=SITE, fields=FIELDS)
    return learn_template(t, pages(5))


def test_learning_records_tag_context_and_fingerprint(learned: Template) -> None:
    title = learned.field("title").search
    assert title.tag == "h1"
    assert title.fingerprint["classes"] == ["headline"]
    date = learned.field("date").search
    assert any(c.content == "Published:" and c.distance == 1 for c in date.context)
    # Per-page texts (the title) are never taken as context.
    assert all("Article number" not in c.content for f in learned.fields for c in f.search.context)


@pytest.mark.parametrize("mutation", ["rename", "wrap", "reorder"])
def test_repair_recovers_the_right_node(learned: Template, mutation: str) -> None:
    page = Page(f"https://{SITE}/news/2024/article-9.html", article_html(9, mutate=mutation))
    res = apply_template(page, learned)
    expected = apply_template(Page(page.url, article_html(9)), learned).values
    assert res.failed_fields, f"{mutation} broke nothing"
    for fid in res.failed_fields:
        prop = propose_repair(page, learned, learned.field(fid))
        assert prop is not None, f"{mutation}: no proposal for {fid}"
        assert prop.value == expected[fid], f"{mutation}: wrong node for {fid}: {prop.value!r}"
        assert prop.score >= learned.field(fid).search.threshold
        assert set(prop.scores) >= {"fingerprint"}


def test_no_proposal_when_the_field_is_gone(learned: Template) -> None:
    html = article_html(5, mutate="rename").replace(
        '<span class="label">Published:</span> <span class="when">2024-05-06</span>', ""
    )
    root = parse_html(html)
    assert find_node(root, learned.field("date")) is None


def test_repair_steps_count_fixed_pages_and_accept_replaces_a_rule_broken_everywhere(
    learned: Template,
) -> None:
    site = [
        Page(f"https://{SITE}/news/2024/article-{i}.html", article_html(i, mutate="rename"))
        for i in range(1, 7)
    ]
    proposals = list(_run(repair_steps(site, learned)))
    by_field = {p.field: p for p in proposals}
    assert set(by_field) == {"date", "body"}  # the title's absolute path survives a rename
    assert all(len(p.fixes) == 6 for p in by_field.values())
    assert not any(p.old_gives for p in by_field.values())
    new = accept_repairs(learned, by_field.values())
    # The old rule gives nothing on any page: it does not stay first, nor at all.
    assert new.field("date").xpaths == (by_field["date"].xpath,)
    assert new.field("title") == learned.field("title")
    fixed = apply_template(site[2], new)
    assert fixed.status == "ok" and fixed.fields["date"].queue_index == 0
    assert fixed.values["date"] == "2024-05-04"


def test_accept_appends_after_a_rule_that_still_gives_values_elsewhere(
    learned: Template,
) -> None:
    # Half the site keeps the old layout: the old rule is right there and stays first.
    site = [
        Page(
            f"https://{SITE}/news/2024/article-{i}.html",
            article_html(i, mutate="rename") if i % 2 else article_html(i),
        )
        for i in range(1, 9)
    ]
    proposals = list(_run(repair_steps(site, learned)))
    by_field = {p.field: p for p in proposals}
    assert by_field["date"].old_gives
    new = accept_repairs(learned, by_field.values())
    assert new.field("date").xpaths == (learned.field("date").xpaths[0], by_field["date"].xpath)
    for page in site:
        got = apply_template(page, new)
        want = apply_template(Page(page.url, article_html(int(page.url[-6]))), learned)
        assert got.values["date"] == want.values["date"], page.url


def _run(gen):  # type: ignore[no-untyped-def]
    return run(gen)
