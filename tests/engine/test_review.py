"""Review engine: before/after with cuts by cause, per-rule impact over a site (no-match pages,
eaten pages, cancel), boilerplate groups whose accept/reject the extraction honours, template
health with repairs and history, and the exports."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from tplsite import SITE, article_html, pages

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import (
    DomainModel,
    InputError,
    Page,
    Progress,
    RuleError,
    WorkspaceError,
)
from deboiler_gui.engine.progress import run
from deboiler_gui.engine.review.groups import (
    BoilerplateGroup,
    accept_group,
    group_decisions,
    group_of,
    group_steps,
    reject_group,
)
from deboiler_gui.engine.review.health import (
    accept_repair,
    export_cleaned_steps,
    export_rules,
    health_steps,
    reject_repair,
    revert,
    template_diff,
)
from deboiler_gui.engine.review.impact import (
    AUTO,
    CAUSE_ATTR,
    annotated_html,
    before_after,
    impact_steps,
    review_page,
    text_diff,
)
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template import rulefile
from deboiler_gui.engine.template.extract import extract_page
from deboiler_gui.engine.template.model import Field, NoiseFilter, Rule, Template
from deboiler_gui.engine.template.repair import learn_template


def drain(gen: Any) -> tuple[list[Any], Any]:
    steps: list[Any] = []
    return steps, run(gen, steps.append)


@pytest.fixture(scope="module")
def site() -> list[Page]:
    return pages(12)


@pytest.fixture(scope="module")
def model(site: list[Page]) -> DomainModel:
    return DomainCleaner().fit(site).model_


def _template(**kw: Any) -> Template:
    return Template("shop", site=SITE, **kw)


def test_before_after_names_each_cause_and_diffs_the_text(
    site: list[Page], model: DomainModel
) -> None:
    t = _template(
        remove=(Rule("headline", "h1.headline"), Rule("never", "//div[@id='nope']")),
        filters=(
            NoiseFilter("no-widgets", "text", pattern=r"\bwidgets\b"),
            NoiseFilter("ads", "url", pattern=r"^/"),
        ),
    )
    review = review_page(site[2], model, t)
    causes = {c.cause for c in review.cuts}
    assert {AUTO, "rule:headline", "filter:no-widgets"} <= causes
    assert review.matched["rule:never"] == 0 and review.matched["rule:headline"] == 1
    headline = next(c for c in review.cuts if c.cause == "rule:headline")
    assert headline.xpath == "/html/body/div[2]/h1" and headline.chars == len(
        "Articlenumber3:onwidgets"
    )
    # The footer is automatic boilerplate, found by a detector, coloured as the cleaner.
    auto = [c for c in review.cuts if c.cause == AUTO]
    assert any(c.xpath == "/html/body/div[3]" and c.detector for c in auto)
    assert "Copyright" in review.original_text and "Copyright" not in review.cleaned_text
    assert "widgets" not in review.cleaned_text and "widgets" in review.original_text
    assert review.cleaned_chars < review.original_chars and 0 < review.removed_share < 1
    diff = review.diff()
    assert ("-", "Copyright Shop example. sponsor") in diff
    assert any(op == "=" and line.startswith("Second paragraph 3,") for op, line in diff)
    # The text filter edits a line: the old one is removed, the filtered one added.
    assert any(
        op == "-" and line.startswith("First paragraph of article 3 about widgets")
        for op, line in diff
    )
    assert any(
        op == "+" and line.startswith("First paragraph of article 3 about .") for op, line in diff
    )
    # By cause: characters and blocks; text filters cut characters but no block.
    by = review.by_cause()
    assert by["rule:headline"] == (headline.chars, 1)
    # The headline (also saying "widgets") went with its rule first: one match is left.
    assert by["filter:no-widgets"] == (len("widgets"), 0)


def test_text_diff_marks_removed_and_added_lines() -> None:
    assert text_diff("a\nb\nc", "a\nc\nd") == [("=", "a"), ("-", "b"), ("=", "c"), ("+", "d")]


def test_annotated_page_outlines_cuts_in_their_colour_without_scripts(
    site: list[Page], model: DomainModel
) -> None:
    page = Page(site[0].url, site[0].html.replace("</body>", "<script>alert(1)</script></body>"))
    review = review_page(page, model, _template(remove=(Rule("headline", "//h1"),)))
    out = annotated_html(page, review)
    assert f'{CAUSE_ATTR}="rule:headline"' in out and f'{CAUSE_ATTR}="auto:' in out
    head_cut = next(c for c in review.cuts if c.cause == "rule:headline")
    assert f"--c:{head_cut.colour}" in out
    assert "<script" not in out


def test_a_bad_rule_names_itself() -> None:
    with pytest.raises(RuleError, match="broken"):
        review_page(pages(1)[0], None, _template(remove=(Rule("broken", "//div[@@"),)))


def test_impact_over_the_site(site: list[Page], model: DomainModel) -> None:
    t = _template(
        remove=(
            Rule("never", "//div[@id='nope']"),
            Rule("post3", "//div[@id='post-1003']"),
            Rule("odd-tags", "//div[@id='post-1001' or @id='post-1005']//ul"),
        )
    )
    steps, rep = drain(impact_steps(site, {SITE: model}, [t], max_eaten=0.5, total=len(site)))
    assert all(isinstance(s, Progress) for s in steps) and len(steps) == len(site) + 1
    assert rep.causes["rule:never"].no_match == [p.url for p in site]
    assert rep.causes["rule:never"].chars == 0 and rep.causes["rule:never"].pages == 12
    post3 = rep.causes["rule:post3"]
    assert post3.pages_hit == 1 and post3.blocks == 1 and len(post3.no_match) == 11
    # The automatic cleaner takes the tag lists first: the rule matched but removed nothing.
    odd = rep.causes["rule:odd-tags"]
    assert len(odd.no_match) == 10 and odd.chars == 0 and odd.shadowed == 2 and post3.shadowed == 0
    auto = rep.causes[AUTO]
    assert (
        auto.pages_hit == 12
        and auto.blocks >= 12 * 2
        and sum(auto.detectors.values()) == auto.chars
    )
    assert [p.url for p in rep.eaten] == [site[2].url]
    per_page = {p.url: p for p in rep.pages}
    assert per_page[site[2].url].by_cause["rule:post3"][1] == 1
    assert per_page[site[0].url].share < 0.5
    # Page 3 lost everything: only a threshold of 100% lets it pass.
    assert per_page[site[2].url].share == 1.0
    rep.max_eaten = 1.0
    assert rep.eaten == []


def test_impact_is_cancellable_at_every_page(site: list[Page], model: DomainModel) -> None:
    seen: list[str] = []

    def tracked() -> Any:
        for p in site:
            seen.append(p.url)
            yield p

    gen = impact_steps(tracked(), {SITE: model}, total=len(site))
    next(gen)
    next(gen)
    next(gen)
    gen.close()  # what a driver's cancel does
    assert len(seen) == 2


def test_broken_pages_are_listed_not_fatal(model: DomainModel) -> None:
    bad = [Page(f"https://{SITE}/x.html", "", error="unreadable"), *pages(2)]
    _s, rep = drain(impact_steps(bad, {SITE: model}))
    assert rep.errors == [{"url": f"https://{SITE}/x.html", "error": "unreadable"}]
    assert len(rep.pages) == 2


def _groups(site: list[Page], model: DomainModel) -> dict[str, BoilerplateGroup]:
    _s, groups = drain(group_steps(site, {SITE: model}, total=len(site)))
    return {g.sample_text.split("\n")[0][:12]: g for g in groups}


def test_groups_count_pages_and_carry_a_stable_selector(
    site: list[Page], model: DomainModel
) -> None:
    groups = _groups(site, model)
    footer = groups["Copyright Sh"]
    assert (
        footer.pages == 12 and footer.occurrences == 12 and footer.selector == "//div[@id='footer']"
    )
    assert footer.sample_url == site[0].url and footer.sample_xpath == "/html/body/div[3]"
    # Round trip as plain data (what crosses to the app's thread).
    assert (
        BoilerplateGroup.from_dict(json.loads(json.dumps(footer.to_dict()))).selector
        == footer.selector
    )


def test_accept_and_reject_change_what_extraction_keeps(
    tmp_path: Path, site: list[Page], model: DomainModel
) -> None:
    groups = _groups(site, model)
    fields = (
        Field("article", xpaths=("//div[starts-with(@id, 'post-')]",)),
        Field("page", xpaths=("//body",)),
    )
    with Workspace(tmp_path / "w.sqlite") as ws:
        ws.save_template(_template(fields=fields), message="start")
        before = extract_page(site[0], [ws.load_template("shop")], model)
        assert "key0" not in before.values["article"]  # the cleaner takes the spec table
        specs = groups["key0"]
        v = reject_group(ws, "shop", specs)
        assert v == 2
        after = ws.load_template("shop")
        assert [group_of(r) for r in after.keep] == [specs.rule_name]
        assert group_decisions(after) == {specs.rule_name: "rejected"}
        assert after.keep[0].name.startswith("keep: ")  # a name to read, not the group's hash
        assert "key0" in extract_page(site[0], [after], model).values["article"]
        # Accepting the footer with the cleaner off: the explicit rule alone removes it.
        ws.save_template(replace(after, use_cleaner=False))
        plain = ws.load_template("shop")
        assert "Copyright" in extract_page(site[0], [plain], None).values["page"]
        v = accept_group(ws, "shop", groups["Copyright Sh"])
        accepted = ws.load_template("shop")
        assert v == 4 and "Copyright" not in extract_page(site[0], [accepted], None).values["page"]
        # Changing one's mind moves the rule, never duplicates it.
        accept_group(ws, "shop", specs)
        final = ws.load_template("shop")
        assert group_decisions(final)[specs.rule_name] == "accepted" and final.keep == ()
        assert "accept boilerplate group" in ws.template_history("shop")[-1]["message"]


def test_health_reports_rates_queue_usage_and_repairs(tmp_path: Path) -> None:
    base = (
        Field("title", xpaths=("//h1",)),
        Field(
            "date",
            xpaths=(
                "/html/body/div[2]/p[@class='byline']/span[@class='date']",
                "//span[@class='never']",
            ),
        ),
    )
    learned = learn_template(Template("news", site=SITE, fields=base, use_cleaner=False), pages(5))
    site = [
        *pages(4),
        *(
            Page(f"https://{SITE}/news/2024/article-{i}.html", article_html(i, mutate="wrap"))
            for i in range(5, 9)
        ),
    ]
    with Workspace(tmp_path / "w.sqlite") as ws:
        ws.add_pages(site)
        ws.save_template(learned, message="learned")
        _s, rep = drain(health_steps(site, [learned], None, ws=ws))
        (th,) = rep.templates
        fields = {f.field: f for f in th.fields}
        assert fields["title"].rate == 1.0 and fields["date"].ok == 4 and fields["date"].pages == 8
        assert [f["url"] for f in fields["date"].failing] == [p.url for p in site[4:]]
        assert fields["date"].queue == [
            {
                "index": 0,
                "xpath": "/html/body/div[2]/p[@class='byline']/span[@class='date']",
                "pages": 4,
            },
            {"index": 1, "xpath": "//span[@class='never']", "pages": 0},
        ]
        assert th.version == 1 and rep.alerts and th.repaired
        # Learned before values were kept: the search-rule repair, the best rule per field
        # taken, as ``templates repair`` does.
        (row,) = [r for r in th.repairs if r["field"] == "date" and r["accept"]]
        assert row["status"] == "proposed" and row["kind"] == "search rules"
        assert row["fixes"] == 4 and row["example"]["value"].startswith("2024-05-")
        assert row["lines"][0].startswith(f"date: {row['xpath']}  score ")
        version = accept_repair(ws, row)
        assert version == 2 and row["xpath"] in ws.load_template("news").fields[1].xpaths
        assert ws.template_history("news")[-1]["message"] == "accept repairs: date"
        _s, again = drain(health_steps(site, [ws.load_template("news")], None, ws=ws))
        assert {f.field: f.rate for f in again.templates[0].fields}["date"] == 1.0
        # The field changed since: the old row is refused, nothing saved.
        with pytest.raises(WorkspaceError, match="changed since its repair was found"):
            accept_repair(ws, row)
        # A rejected rule is recorded, shown as rejected and not offered again.
        ws.revert_template("news", 1)
        reject_repair(ws, row)
        _s, third = drain(health_steps(site, [learned], None, ws=ws))
        (shown,) = [r for r in third.templates[0].repairs if r["xpath"] == row["xpath"]]
        assert shown["rejected"] and not shown["accept"]
        with pytest.raises(InputError, match="rejected"):
            accept_repair(ws, shown)
        assert len(ws.template_history("news")) == 3


def test_health_rate_of_a_template_no_page_matched_is_not_run(tmp_path: Path) -> None:
    other = Template("other", site="elsewhere.example", fields=(Field("t", xpaths=("//h1",)),))
    _s, rep = drain(health_steps(pages(3), [other], None))
    (th,) = rep.templates
    assert th.rate is None and th.to_dict()["rate"] is None
    assert th.to_dict()["fields"][0]["rate"] is None and th.fields[0].pages == 0
    assert not th.repaired and "not learned" in th.repair_note


def test_history_diff_and_revert(tmp_path: Path) -> None:
    with Workspace(tmp_path / "w.sqlite") as ws:
        ws.save_template(replace(_template(remove=(Rule("a", "//nav"),)), name="t"))
        ws.save_template(
            replace(_template(remove=(Rule("a", "//nav"), Rule("b", "//aside"))), name="t")
        )
        diff = template_diff(ws, "t", 1, 2)
        assert "+" in diff and "//aside" in diff and diff.startswith("--- t v1")
        assert revert(ws, "t", 1) == 3
        assert [r.to_dict() for r in ws.load_template("t").remove] == [
            {"name": "a", "selector": "//nav", "note": ""}
        ]
        assert template_diff(ws, "t", 1) == ""


def test_exports_use_the_engine_formats(
    tmp_path: Path, site: list[Page], model: DomainModel
) -> None:
    t = _template(remove=(Rule("nav", "#nav"),), fields=(Field("title", xpaths=("//h1",)),))
    assert export_rules([t], "json") == rulefile.dumps([t])
    assert export_rules([t], "trafilatura") == rulefile.to_trafilatura_prune([t])
    assert "class" in export_rules([t], "scrapy")
    with Workspace(tmp_path / "w.sqlite") as ws:
        ws.add_pages(site)
        _s, n = drain(export_cleaned_steps(ws, tmp_path / "out.jsonl", "jsonl", {SITE: model}))
        records = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
        assert (
            n == 12
            and len(records) == 12
            and all("Copyright" not in r["cleaned_text"] for r in records)
        )
        _s, n = drain(export_cleaned_steps(ws, tmp_path / "html", "html", {SITE: model}))
    index = [
        json.loads(line) for line in (tmp_path / "html" / "index.jsonl").read_text().splitlines()
    ]
    assert n == 12 and len(index) == 12
    first = tmp_path / "html" / index[0]["file"]
    assert (
        first.is_file()
        and "Article number" in first.read_text()
        and "Copyright" not in first.read_text()
    )
    assert not list(tmp_path.glob(".html.*"))  # no leftovers of the staging folder


def test_before_after_is_plain_data_for_the_view(site: list[Page], model: DomainModel) -> None:
    data = before_after(site[1], model, _template(remove=(Rule("headline", "//h1"),)))
    assert json.loads(json.dumps(data)) == {**data, "diff": [list(d) for d in data["diff"]]}
    assert 'data-deboiler-cut="0"' in data["before_html"] and "Copyright" in data["before_html"]
    assert "Copyright" not in data["after_html"] and "<h1" not in data["after_html"]
    assert "Second paragraph 2" in data["after_html"] and "data-deboiler" not in data["after_html"]
    broken = before_after(Page(site[0].url, "", error="gone"), model)
    assert broken["error"] == "gone" and broken["before_html"] == ""


def test_jobs_in_a_child_process_relay_progress_results_errors_and_cancel(
    tmp_path: Path, site: list[Page], model: DomainModel
) -> None:
    from deboiler_gui.engine.model import WorkspaceError
    from deboiler_gui.engine.review.jobs import impact_job, in_process

    path = tmp_path / "w.sqlite"
    with Workspace(path) as ws:
        ws.add_pages(site)
        ws.save_model(model)
    steps, data = drain(in_process(impact_job, path, max_eaten=0.4))
    _s, direct = drain(impact_job(path, max_eaten=0.4))
    assert data == direct and data["max_eaten"] == 0.4 and len(data["pages"]) == 12
    assert steps and all(isinstance(s, Progress) for s in steps)
    with pytest.raises(WorkspaceError, match="no-such.sqlite"):
        drain(in_process(impact_job, tmp_path / "no-such.sqlite"))
    gen = in_process(impact_job, path)
    next(gen)
    gen.close()  # a cancel ends the child at once
    with pytest.raises(ValueError, match="not a review job"):
        next(in_process(drain, path))


def test_group_rules_from_positions_pin_every_step() -> None:
    from collections import Counter

    from deboiler_gui.engine.htmltree import parse_html
    from deboiler_gui.engine.review.groups import pinned
    from deboiler_gui.engine.template.selectors import select_elements

    assert pinned("/html/body/div") == "/html[1]/body[1]/div[1]"
    assert pinned("/html/body/div[2]/p") == "/html[1]/body[1]/div[2]/p[1]"
    g = BoilerplateGroup(
        "k", "exact", xpaths=Counter({"/html/body/div": 3, "/html/body/div[1]": 1}), occurrences=4
    )
    other = parse_html("<html><body><div>banner</div><div>content</div></body></html>")
    # On a page with two divs the rule takes the first only, never the content beside it.
    assert [el.text for el in select_elements(other, g.selector)] == ["banner"]
    assert g.selector == "/html[1]/body[1]/div[1]"  # both spellings of one position, once


def test_cleaned_export_honours_accepted_and_rejected_groups(
    tmp_path: Path, site: list[Page], model: DomainModel
) -> None:
    groups = _groups(site, model)

    def texts(ws: Workspace, name: str, templates: list[Template]) -> list[str]:
        out = tmp_path / f"{name}.jsonl"
        drain(export_cleaned_steps(ws, out, "jsonl", {SITE: model}, templates=templates))
        return [json.loads(line)["cleaned_text"] for line in out.read_text().splitlines()]

    with Workspace(tmp_path / "w.sqlite") as ws:
        ws.add_pages(site)
        assert all("key0" not in t for t in texts(ws, "plain", []))  # the cleaner takes the specs
        reject_group(ws, "shop", groups["key0"])
        assert all("key0" in t for t in texts(ws, "rejected", [ws.load_template("shop")]))
        ws.save_template(replace(_template(use_cleaner=False), name="bare"))
        assert all("Copyright" in t for t in texts(ws, "bare", [ws.load_template("bare")]))
        accept_group(ws, "bare", groups["Copyright Sh"])
        accepted = texts(ws, "accepted", [ws.load_template("bare")])
        assert all("Copyright" not in t and "Home About News" in t for t in accepted)
