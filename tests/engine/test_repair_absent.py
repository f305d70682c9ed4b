"""The search-rule repair never fills a page where the field was legitimately absent, accepts
only proposals at the acceptance threshold, and searches a bounded number of pages per field."""

from __future__ import annotations

from tplsite import SITE, article_html

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.progress import run
from deboiler_gui.engine.template import repair as repair_mod
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.repair import (
    ACCEPT_SCORE,
    RepairProposal,
    absent_pages,
    best_repairs,
    learn_template,
    repair_steps,
)
from deboiler_gui.engine.template.valuerepair import learn_absent, learn_values

INDEX = f"https://{SITE}/news/index.html"


def _index_html() -> str:
    # The article's frame without an article title: a listing page whose only h1 is its own.
    html = article_html(500)
    return html.replace(
        '<h1 class="headline">Article number 500: on widgets</h1>',
        '<h1 class="listing">All the articles of the year</h1>',
    )


def _site(mutate: str = "", n: int = 8) -> list[Page]:
    out = [
        Page(f"https://{SITE}/news/2024/article-{i}.html", article_html(i, mutate=mutate))
        for i in range(1, n + 1)
    ]
    return [*out, Page(INDEX, _index_html())]


def _learned() -> Template:
    t = Template("news", site=SITE, fields=(Field("title", xpaths=("//h1[@class='headline']",)),))
    site = _site()
    learned = learn_values(learn_template(t, site[:5]), site[:5])
    return learn_absent(learned, site)


def test_learning_records_the_pages_that_lack_the_field() -> None:
    learned = _learned()
    assert learned.field("title").search.fingerprint["absent"] == [INDEX]
    assert INDEX in absent_pages(learned.field("title"))


def test_repair_never_searches_nor_fills_a_page_that_lacked_the_field() -> None:
    learned = _learned()
    site = _site("rename")
    assert "title" in apply_template(site[-1], learned).failed_fields
    proposals = run(repair_steps(site, learned))
    assert proposals, "the renamed title is found again"
    for p in proposals:
        assert p.url != INDEX and INDEX not in p.fixes
        assert p.value != "All the articles of the year"
    best = best_repairs(proposals, {"title"})
    assert len(best) == 1 and best[0].score >= ACCEPT_SCORE
    fixed = repair_mod.accept_repairs(learned, best)
    assert apply_template(site[-1], fixed).values.get("title") in (None, "")
    assert apply_template(site[2], fixed).values["title"] == "Article number 3: on widgets"


def test_a_proposal_that_fills_an_absent_page_is_dropped() -> None:
    learned = _learned()
    # Every h1 is renamed to one class: the only rule left for the title fills the index too.
    site = [
        Page(
            p.url,
            p.html.replace('class="headline"', 'class="big"').replace(
                'class="listing"', 'class="big"'
            ),
        )
        for p in _site()
    ]
    proposals = run(repair_steps(site, learned))
    assert all(INDEX not in p.fixes for p in proposals)
    fills = [p for p in proposals if "big" in p.xpath and "h1" in p.xpath]
    assert not fills, [p.xpath for p in fills]


def test_only_proposals_at_the_threshold_are_accepted() -> None:
    def prop(field: str, score: float, xp: str) -> RepairProposal:
        return RepairProposal("news", field, xp, score, {}, "https://x/", "v", "/html")

    got = best_repairs(
        [
            prop("title", 0.75, "//div[4]/h1"),
            prop("date", 0.79, "//span[1]"),
            prop("date", 0.85, "//span[@class='when']"),
            prop("body", 0.95, "//div[@class='content']"),
        ],
        {"title", "date"},
    )
    assert [(p.field, p.xpath) for p in got] == [("date", "//span[@class='when']")]


def test_the_node_search_runs_on_a_bounded_number_of_pages(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    learned = _learned()
    calls: list[str] = []
    real = repair_mod.propose_repair

    def counting(page, *a, **kw):  # type: ignore[no-untyped-def]
        calls.append(page.url)
        return real(page, *a, **kw)

    monkeypatch.setattr(repair_mod, "propose_repair", counting)
    site = _site("rename", n=3 * repair_mod.MAX_SEARCH_PAGES)
    proposals = run(repair_steps(site, learned))
    assert len(calls) == repair_mod.MAX_SEARCH_PAGES
    title = best_repairs(proposals, {"title"})[0]
    assert len(title.fixes) == 3 * repair_mod.MAX_SEARCH_PAGES  # every failing page counted


def test_the_shared_repair_accepts_only_at_the_threshold_and_keeps_weaker_candidates() -> None:
    from deboiler_gui.engine.template.valuerepair import TemplateRepair, _weak

    def prop(field: str, score: float, xp: str) -> RepairProposal:
        return RepairProposal("news", field, xp, score, {}, "https://x/", "v", "/html")

    found = [
        prop("title", 0.75, "//div[4]/h1"),
        prop("title", 0.6, "//h1"),
        prop("date", 0.85, "//span[@class='when']"),
        prop("date", 0.7, "//span[1]"),
    ]
    learned = TemplateRepair("news", True, proposals=best_repairs(found), weak=_weak(found))
    assert [(p.field, p.xpath) for p in learned.best_proposals()] == [
        ("date", "//span[@class='when']")
    ]
    assert learned.fixed_fields() == ["date"]
    assert [(p.field, p.xpath) for p in learned.weak] == [("title", "//div[4]/h1")]
    t = Template("news", fields=(Field("title", xpaths=("//h1[@class='x']",)), Field("date")))
    accepted = learned.accepted(t)
    assert accepted.field("title").xpaths == ("//h1[@class='x']",)
    # Without learned values the search threshold is the only bar: the best per field.
    unlearned = TemplateRepair("news", False, proposals=found)
    assert sorted((p.field, p.xpath) for p in unlearned.best_proposals()) == [
        ("date", "//span[@class='when']"),
        ("title", "//div[4]/h1"),
    ]
