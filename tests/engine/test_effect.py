"""One computation of a rule's effect: the filter editor's count over the site
(``cause_effect``), the impact panel's figures (``impact_steps``) and the report's table agree
on the same site, including a filter whose text the cleaner removes first."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from tplsite import SITE, article_html

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import DomainModel, Page
from deboiler_gui.engine.progress import run
from deboiler_gui.engine.review.impact import CauseImpact, cause_effect, impact_steps
from deboiler_gui.engine.review.report import report_steps
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.model import NoiseFilter, Rule, Template

SCRIPT = "<script>var tracker = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';</script>"


def _site() -> list[Page]:
    out = []
    for i in range(1, 11):
        html = article_html(i).replace("</body>", f"{SCRIPT}</body>")
        if i % 2:
            # Half of the pages carry a copyright line inside their article text, which the
            # cleaner keeps, so the filter has something left to take.
            html = html.replace(
                "still real content.", f"still real content. Copyright 2024 author {i}."
            )
        out.append(Page(f"https://{SITE}/news/2024/article-{i}.html", html))
    return out


@pytest.fixture(scope="module")
def site() -> list[Page]:
    return _site()


@pytest.fixture(scope="module")
def model(site: list[Page]) -> DomainModel:
    return DomainCleaner().fit(site).model_


def _template(**kw: Any) -> Template:
    return Template(
        "shop",
        site=SITE,
        remove=(Rule("tags", "//ul[@class='tags']"),),
        filters=(
            NoiseFilter("copyright", "text", pattern=r"Copyright[^.\n]*\."),
            NoiseFilter("scripts", "html", start="<script", end="</script>"),
            NoiseFilter("sponsor", "url", pattern=r"^/"),
        ),
        **kw,
    )


CAUSES = ("filter:copyright", "filter:scripts", "filter:sponsor", "rule:tags")


def _editor(site: list[Page], model: DomainModel | None, t: Template, cause: str) -> CauseImpact:
    # What the filter editor's "Count over site" runs on the site service's parsed pages.
    trees = [(p.url, parse_html(p.html)) for p in site]
    effect = cause_effect(trees, model, t, cause)
    assert all(b"tracker" in p.html.encode() for p in site)  # the pages were not touched
    return effect


def _report_row(html: str, cause: str) -> list[str]:
    row = re.search(rf"<tr><td><span class='sw'[^>]*></span>{re.escape(cause)}.*?</tr>", html)
    assert row is not None, cause
    return [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row.group(0))]


@pytest.mark.parametrize("use_cleaner", [True, False])
def test_editor_impact_and_report_agree(
    tmp_path: Path, site: list[Page], model: DomainModel, use_cleaner: bool
) -> None:
    t = _template(use_cleaner=use_cleaner)
    impact = run(impact_steps(site, {SITE: model}, [t]))
    with Workspace(tmp_path / "w.sqlite") as ws:
        ws.add_pages(site)
        ws.save_model(model)
        html = run(report_steps(ws, templates=[t]))
    for cause in CAUSES:
        editor = _editor(site, model, t, cause)
        panel = impact.causes[cause]
        assert editor.to_dict() == panel.to_dict(), cause
        cells = _report_row(html, cause)
        # Cause, pages, pages hit, chars, blocks, chars/page, matched nothing, shadowed, alone, effect
        assert cells[1] == f"{panel.pages:,}" and cells[3] == f"{panel.chars:,}", cause
        assert cells[6].startswith(f"{len(panel.no_match):,}"), cause
        assert cells[8] == f"{panel.alone_chars:,}" and cells[9] == panel.summary(), cause


def test_a_filter_the_cleaner_runs_before_is_matched_not_nothing(
    site: list[Page], model: DomainModel
) -> None:
    t = _template()
    copyright_ = _editor(site, model, t, "filter:copyright")
    # Every page has the footer's copyright: matched everywhere, never "matched nothing".
    assert copyright_.matched_pages == 10 and copyright_.no_match == []
    # The cleaner takes the footer first; the filter still removes the inline lines of half
    # the pages ("Copyright 2024 author N." = 21 visible chars each, spaces not counted).
    assert copyright_.pages_hit == 5
    assert copyright_.chars == sum(len(f"Copyright2024author{i}.") for i in (1, 3, 5, 7, 9))
    # Alone it would also take every footer's "Copyright Shop example." (21 chars).
    assert copyright_.alone_chars == copyright_.chars + 10 * len("CopyrightShopexample.")
    assert copyright_.shadowed == 5
    assert "alone" in copyright_.summary()
    # The scripts filter cuts markup, no visible text: matched on every page, 0 chars.
    scripts = _editor(site, model, t, "filter:scripts")
    assert scripts.matched_pages == 10 and scripts.chars == 0 and scripts.alone_chars == 0
    assert scripts.markup_chars == 10 * len(SCRIPT)
    assert "markup" in scripts.summary()


def test_without_the_cleaner_alone_is_what_it_removes(site: list[Page]) -> None:
    t = _template(use_cleaner=False)
    effect = _editor(site, None, t, "filter:copyright")
    assert effect.chars == effect.alone_chars > 0 and effect.shadowed == 0
    assert effect.summary() == f"matched 10/10 pages, −{effect.chars:,} chars"


def test_a_cleaner_cache_gives_the_same_effect_without_running_the_cleaner_again(
    site: list[Page], model: DomainModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    import deboiler_gui.engine.review.impact as impact

    calls: list[str] = []
    real = impact.clean_tree
    monkeypatch.setattr(impact, "clean_tree", lambda *a, **k: calls.append("x") or real(*a, **k))
    trees = [(p.url, parse_html(p.html)) for p in site]
    cache: impact.CleanerCache = {}
    t = _template()
    first = cause_effect(trees, model, t, "filter:copyright", cleaner_cache=cache)
    assert len(calls) == len(site)
    other = NoiseFilter("copyright", "text", pattern=r"Copyright \d+[^.]*\.")
    edited = Template(t.name, site=SITE, remove=t.remove, filters=(other, *t.filters[1:]))
    again = cause_effect(trees, model, edited, "filter:copyright", cleaner_cache=cache)
    assert len(calls) == len(site)  # the cleaner's part came from the cache
    assert again.to_dict() == cause_effect(trees, model, edited, "filter:copyright").to_dict()
    assert again.chars == first.chars and again.alone_chars < first.alone_chars
    # Another remove rule is another key: the cleaner runs again.
    cause_effect(
        trees,
        model,
        Template("t", site=SITE, filters=t.filters),
        "filter:copyright",
        cleaner_cache=cache,
    )
    assert len(calls) == 3 * len(site)


def test_the_causes_of_a_page_add_up_to_what_it_loses() -> None:
    """A filter whose node holds one a remove rule took first counts only the rest: the rows
    of the impact panel and the report add up to the page's loss."""
    from deboiler_gui.engine.review.impact import review_page

    html = """<html><body><div class="wrap"><div class="ad">Buy the gold plan today now</div>
<p>Side note that the attribute filter drops with its box.</p></div>
<article><p>The article keeps its own words here, every one of them.</p></article>
</body></html>"""
    template = Template(
        "t",
        site="x.test",
        remove=(Rule("ad", "//div[@class='ad']"),),
        filters=(NoiseFilter("wrap", "attribute", attribute="class", op="equals", value="wrap"),),
        use_cleaner=False,
    )
    review = review_page(Page("http://x.test/a.html", html), None, template)
    by_cause = {c.cause: c.chars for c in review.cuts}
    lost = review.original_chars - review.cleaned_chars
    assert sum(by_cause.values()) == lost > 0
    assert by_cause["rule:ad"] == len("Buythegoldplantodaynow")
