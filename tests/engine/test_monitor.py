"""Monitoring against the last good run: a break is reported on every run until accepted, a
template never learned says so, repairs come from the same path as ``templates repair``
(structured-data anchors included), and a field kept alive by a fallback XPath is a warning.
The pages are the demo site's guides, copied and changed like a real site."""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path
from typing import Any

from demoguides import BASE, guide_files, guide_template, with_jsonld, write_guides

from deboiler_gui.engine.clean.pipeline import import_steps
from deboiler_gui.engine.review.monitor import SNAPSHOT_KEY, MonitorResult, monitor_steps
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Template
from deboiler_gui.engine.template.repair import learn_template
from deboiler_gui.engine.template.valuerepair import (
    accept_field_repairs,
    learn_values,
    repair_template_steps,
)


def finish(steps: Generator[Any, None, Any]) -> Any:
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


def workspace(tmp_path: Path, template: Template, pages: Path, *, learn: bool) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    ws = tmp_path / "garden.sqlite"
    with Workspace(ws) as w:
        finish(import_steps(w, [pages], base_url=BASE))
        if learn:
            sample = [p for p in w.iter_pages() if p.ok]
            template = learn_values(learn_template(template, sample[:20]), sample)
        w.save_template(template)
    return ws


def monitor(ws: Path, folder: Path, **kw: Any) -> MonitorResult:
    result = finish(monitor_steps(ws, [folder], base_url=BASE, **kw))
    assert isinstance(result, MonitorResult)
    return result


def test_a_break_is_reported_on_every_run_until_accepted(tmp_path: Path) -> None:
    v1 = write_guides(tmp_path / "v1")
    v2 = write_guides(tmp_path / "v2", v2=True)
    ws = workspace(tmp_path, guide_template(), v1, learn=False)

    first = monitor(ws, v1).report
    assert first["status"] == "baseline" and first["new_baseline"] and first["baseline"] is None

    for _ in range(2):  # the same redesign twice: broken both times, against the first run
        run = monitor(ws, v2).report
        assert run["status"] == "broken" and not run["new_baseline"]
        assert run["baseline"]["inputs"] == [str(v1)]
        assert run["broken"] == ["template 'guide', field 'name': hit rate fell from 100% to 0%"]
        assert run["baseline_note"].startswith("break found: the baseline of")

    dry = monitor(ws, v2, accept=True, store=False).report  # a dry run never stores
    assert dry["status"] == "broken" and not dry["new_baseline"]
    with Workspace(ws) as w:
        assert w.get_meta(SNAPSHOT_KEY)["inputs"] == [str(v1)]

    accepted = monitor(ws, v2, accept=True).report
    assert accepted["status"] == "accepted" and accepted["new_baseline"]
    assert accepted["broken"]  # what changed stays listed
    assert "--accept" in accepted["baseline_note"]
    after = monitor(ws, v2).report
    assert after["status"] == "ok" and after["baseline"]["inputs"] == [str(v2)]


def test_a_new_template_version_is_compared_and_then_kept(tmp_path: Path) -> None:
    v1 = write_guides(tmp_path / "v1")
    v2 = write_guides(tmp_path / "v2", v2=True)
    ws = workspace(tmp_path, guide_template(), v1, learn=False)
    monitor(ws, v1)
    assert monitor(ws, v2).report["status"] == "broken"
    with Workspace(ws) as w:  # the user fixes the template by hand: version 2
        w.save_template(guide_template("//h2[@class='guide-title']"))
    fixed = monitor(ws, v2).report
    # the same titles as the last good run: nothing broke, and this is the new baseline
    assert fixed["status"] == "ok" and fixed["new_baseline"]
    assert fixed["baseline"]["template_versions"] == {"guide": 1}
    assert monitor(ws, v2).report["baseline"]["template_versions"] == {"guide": 2}


def test_an_unlearned_template_says_how_to_get_repairs(tmp_path: Path) -> None:
    v1 = write_guides(tmp_path / "v1")
    v2 = write_guides(tmp_path / "v2", v2=True)
    ws = workspace(tmp_path, guide_template(), v1, learn=False)
    monitor(ws, v1)
    report = monitor(ws, v2).report
    assert report["status"] == "broken" and report["repairs"] == []
    assert report["unlearned"] == ["guide"]
    assert (
        f"no learned values for template guide: run `deboiler-gui templates learn guide -w {ws}` "
        "to get repair proposals"
    ) in report["warnings"]

    learned = workspace(tmp_path / "learned", guide_template(), v1, learn=True)
    monitor(learned, v1)
    report = monitor(learned, v2).report
    assert report["unlearned"] == [] and not any("learned" in w for w in report["warnings"])
    assert [(r["field"], r["status"]) for r in report["repairs"]] == [("name", "repaired")]


def test_monitor_repairs_through_the_structured_anchor_like_templates_repair(
    tmp_path: Path,
) -> None:
    v1 = write_guides(tmp_path / "v1", jsonld=True)
    # redesigned and retitled: the old titles are nowhere, the JSON-LD names the new ones
    v2 = write_guides(tmp_path / "v2", jsonld=True, v2=True, rename=True)
    ws = workspace(tmp_path, guide_template(), v1, learn=True)
    with Workspace(ws) as w:
        learned = w.load_template("guide")
    assert learned.field("name").search.fingerprint["structured"] == "json-ld:HowTo.name"
    monitor(ws, v1)
    report = monitor(ws, v2).report
    assert report["status"] == "broken"
    by = {r["field"]: r for r in report["repairs"]}
    assert by["name"]["status"] == "repaired" and by["name"]["anchor"] == "json-ld:HowTo.name"
    assert by["name"]["best"] and by["name"]["fixes"] == len(guide_files())

    # the same pages through the repair of ``templates repair``: the same proposal
    with Workspace(ws) as w:
        finish(import_steps(w, [v2], base_url=BASE))
        pages = list(w.iter_pages("garden.local"))
        model = w.load_model("garden.local")
    found = finish(repair_template_steps(pages, learned, model))
    direct = {r.field: r for r in found.fields if r.status != "ok"}
    assert set(direct) == set(by)
    assert direct["name"].xpath == by["name"]["xpath"]
    assert direct["name"].evidence["anchor"] == by["name"]["anchor"]
    # The report shows a value the repaired rule gives, and on which page.
    page = next(p for p in pages if p.url == by["name"]["url"])
    fixed = accept_field_repairs(learned, [direct["name"]])
    assert by["name"]["value"] == apply_template(page, fixed).values["name"] != ""
    assert [p.xpath for p in found.proposals] == [
        r["xpath"] for r in report["repairs"] if r["kind"] == "search rules"
    ]


def test_a_field_carried_by_its_fallback_xpath_is_a_warning(tmp_path: Path) -> None:
    v1 = write_guides(tmp_path / "v1")
    v2 = write_guides(tmp_path / "v2", v2=True)
    template = guide_template("//article/h1", "//h2[@class='guide-title']")
    ws = workspace(tmp_path, template, v1, learn=False)
    first = monitor(ws, v1).report
    assert not any("fallback" in w for w in first["warnings"])
    report = monitor(ws, v2).report
    assert report["status"] == "ok" and report["broken"] == []
    n = len(guide_files())
    assert (
        "template 'guide', field 'name': its primary XPath '//article/h1' finds nothing on any "
        f"of its {n} pages; the fallback \"//h2[@class='guide-title']\" still finds it"
    ) in report["warnings"]
    fields = {f["id"]: f for f in report["templates"][0]["fields"]}
    assert fields["name"]["primary_failing"] and not fields["lead"]["primary_failing"]


def test_a_field_that_drifted_to_one_same_value_is_broken_and_repaired(tmp_path: Path) -> None:
    # A promotion put first in every guide's article: the positional title rule still finds
    # a node on every page (the hit rate and the shape hold), but it is the promotion's text.
    v1 = write_guides(tmp_path / "v1")
    v2 = write_guides(tmp_path / "v2")
    for page in v2.glob("*.html"):
        html = page.read_text(encoding="utf-8")
        promo = "<article>\n<p class='promo'>Spring sale: seeds at half price</p>\n"
        page.write_text(html.replace("<article>\n", promo, 1), encoding="utf-8")
    ws = workspace(tmp_path, guide_template("//article/*[1]"), v1, learn=True)
    monitor(ws, v1)
    report = monitor(ws, v2).report
    n = len(guide_files())
    assert report["status"] == "broken"
    assert report["broken"] == [
        f"template 'guide', field 'name': values drifted to one same value on {n} of {n} "
        "pages (they varied before)"
    ]
    by = {r["field"]: r for r in report["repairs"]}
    assert by["name"]["status"] == "repaired" and by["name"]["best"]
    assert "promo" not in by["name"]["xpath"]


def test_a_drift_proposal_of_the_search_rules_counts_the_pages_whose_value_changed(
    tmp_path: Path,
) -> None:
    v1 = write_guides(tmp_path / "v1")
    v2 = write_guides(tmp_path / "v2")
    for page in v2.glob("*.html"):
        html = page.read_text(encoding="utf-8")
        promo = "<article>\n<p class='promo'>Spring sale: seeds at half price</p>\n"
        page.write_text(html.replace("<article>\n", promo, 1), encoding="utf-8")
    ws = workspace(tmp_path, guide_template("//article/*[1]"), v1, learn=False)
    with Workspace(ws) as w:  # search rules only, as learned before values were kept
        sample = [p for p in w.iter_pages() if p.ok]
        w.save_template(learn_template(w.load_template("guide"), sample[:20]))
    monitor(ws, v1)
    report = monitor(ws, v2).report
    assert report["status"] == "broken"
    drift = [r for r in report["repairs"] if r["field"] == "name" and r["best"]]
    assert len(drift) == 1 and drift[0]["was"] == "drift", report["repairs"]
    n = len(guide_files())
    assert drift[0]["fixes"] == drift[0]["pages_tried"] == n
    assert "promo" not in drift[0]["xpath"] and "Spring sale" not in drift[0]["value"]


def _run(hits: dict[str, int], pages: int = 40) -> dict[str, Any]:
    """A snapshot of ``pages`` pages of template 't' where field F has a value on the first
    ``hits[F]`` pages."""
    from deboiler_gui.engine.review.monitor import summarise
    from deboiler_gui.engine.template.model import Field

    template = Template("t", fields=tuple(Field(f, xpaths=("//x",)) for f in hits))
    snap = {
        f"http://s.example/{i}.html": {
            "site": "s.example",
            "share": None,
            "template": "t",
            "rules": {},
            "values": {f: ["text:short", f"{f}{i}", i < n] for f, n in hits.items()},
        }
        for i in range(pages)
    }
    return {"finished_at": "t", "pages": snap, "summary": summarise(snap, [template])}


def test_a_field_on_few_pages_breaks_when_it_vanishes_or_halves() -> None:
    from deboiler_gui.engine.review.monitor import compare

    before = _run({"gone2": 2, "gone1": 1, "half": 6, "third": 6, "small": 4})
    after = _run({"gone2": 0, "gone1": 0, "half": 3, "third": 4, "small": 2})
    report = compare(before, after)
    assert report["status"] == "broken"
    assert sorted(report["broken"]) == [
        "template 't', field 'gone2': hit rate fell from 5% to 0% (on 2 pages before, none now)",
        "template 't', field 'half': hit rate fell from 15% to 8% (on 6 pages before, 3 now)",
    ]
    # one page lost to nothing, a third lost, half lost but on 2 pages only: not a break
    assert compare(before, before)["broken"] == []


def test_repair_evidence_counts_only_the_pages_the_template_is_for(tmp_path: Path) -> None:
    # Three shop pages of the same site, learned too (they have a title in an <article> and
    # a JSON-LD Product), but the template's URL pattern takes the guides only.
    def shop(folder: Path) -> None:
        (folder / "shop").mkdir(exist_ok=True)
        for i in range(3):
            page = f"<html><head><title>Kit {i}</title></head><body><article><h1>Seed kit {i}</h1><p>Kit.</p></article></body></html>"
            (folder / "shop" / f"kit{i}.html").write_text(with_jsonld(page, f"Seed kit {i}"))

    v1 = write_guides(tmp_path / "v1", jsonld=True)
    v2 = write_guides(tmp_path / "v2", jsonld=True, v2=True, rename=True)
    shop(v1)
    shop(v2)
    plain = guide_template()
    template = Template(plain.name, site=plain.site, urls=(BASE + "*.html",), fields=plain.fields)
    ws = workspace(tmp_path, template, v1, learn=True)
    with Workspace(ws) as w:
        learned = w.load_template("guide").field("name").search.fingerprint["samples"]
    assert sum("/shop/" in url for url in learned) == 3  # learned on the shop pages too
    monitor(ws, v1)
    report = monitor(ws, v2).report
    assert report["templates"][0]["pages"] == len(guide_files())
    (name,) = [r for r in report["repairs"] if r["field"] == "name"]
    assert name["status"] == "repaired"
    assert (name["fixes"], name["pages_tried"]) == (len(guide_files()), len(guide_files()))


def test_report_files_get_the_umasks_mode(tmp_path: Path) -> None:
    import os

    from deboiler_gui.engine.review.monitor import write_report

    v1 = write_guides(tmp_path / "v1")
    ws = workspace(tmp_path, guide_template(), v1, learn=False)
    report = monitor(ws, v1).report
    old = os.umask(0o022)
    try:
        paths = write_report(report, tmp_path / "rep")
    finally:
        os.umask(old)
    assert [p.stat().st_mode & 0o777 for p in paths] == [0o644, 0o644]


def test_urls_that_answered_an_error_are_no_new_pages() -> None:
    from deboiler_gui.engine.review.monitor import compare, summarise

    def entry(**more: Any) -> dict[str, Any]:
        return {"site": "s", "template": "", "share": None, "values": {}, "rules": {}, **more}

    read = {f"http://s/{i}.html": entry(error=None) for i in range(5)}
    before = {"finished_at": "a", "pages": read, "summary": summarise(read, [])}
    now_pages = {
        **read,
        **{f"http://s/missing{i}.html": entry(error="HTTP 404", unread=True) for i in range(3)},
    }
    now = {"finished_at": "b", "pages": now_pages, "summary": summarise(now_pages, [])}
    report = compare(before, now)
    assert report["pages"]["now"] == 5 and report["pages"]["new"] == 0
    assert report["pages"]["unread"] == 3 and report["pages"]["new_urls"] == []
    assert now["summary"]["sites"]["s"]["pages"] == 5
    # a page that was read and now answers 404 is a removed page
    gone = {**read, "http://s/0.html": entry(error="HTTP 404", unread=True)}
    later = compare(before, {"finished_at": "c", "pages": gone, "summary": summarise(gone, [])})
    assert later["pages"]["removed_urls"] == ["http://s/0.html"]
