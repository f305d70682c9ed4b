"""A rule induced from clicks on one page can be tied to that page's own text (its heading:
``//body[h1[normalize-space(.)='Module M3']]/pre/span``): it answers on that page alone of
the many pages of its kind. Flagged over the site, learned or not, with that page and pages
of its kind where it gives nothing; in the app's Check column whether the sample holds the
page or not. A rule testing a label ('Deprecated') on the few pages that have it is not."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, SearchRules, Template
from deboiler_gui.engine.template.signals import page_tree, site_signals

SITE = "api.example"


def page(i: int) -> Page:
    note = "<h2>Deprecated</h2><p>Use M0 instead.</p>" if i in (5, 17) else ""
    vals = "".join(f"<pre><span id='VAL{k}'>val f{i}_{k}</span> : int</pre>" for k in range(3))
    return Page(
        f"https://{SITE}/M{i}.html",
        f"<html><head><title>Docs : M{i}</title></head><body><div class='navbar'>"
        f"<a href='M{i + 1}.html'>Next</a></div><h1>Module M{i}</h1>{note}"
        f"<h2>Values</h2><p>Values of M{i}.</p>{vals}</body></html>",
    )


PAGES = [page(i) for i in range(40)]
TIED = Field(
    "values", xpaths=("//body[h1[normalize-space(.)='Module M3']]/pre/span",), is_list=True
)
NOTE = Field(
    "deprecated", xpaths=("//h2[normalize-space(.)='Deprecated']/following-sibling::p[1]",)
)


def _flags(fields: tuple[Field, ...], pages: list[Page]) -> dict[str, list[dict]]:
    t = Template("api", site=SITE, fields=fields, use_cleaner=False)
    return {s.field: s.to_dict()["flags"] for s in site_signals(pages, [t])}


def test_a_rule_tied_to_one_pages_heading_is_flagged_with_pages_of_its_kind() -> None:
    got = _flags((TIED, NOTE), PAGES)
    (flag,) = got["values"]
    assert flag["flag"].startswith(
        f"tied to 1 page: a value on 1 page only ({PAGES[3].url}), whose own name 'Module M3'"
    ), flag
    assert "finds nodes on 39 pages without a value" in flag["flag"], flag
    assert flag["look_at"] == [PAGES[3].url, *(p.url for p in PAGES[:5] if p is not PAGES[3])][:5]
    # a label's section on the two pages that have it: no fault
    assert got["deprecated"] == [], got


def test_learned_absence_does_not_hide_a_tied_rule() -> None:
    # learning recorded the 39 other pages as without the field: still tied to one page
    absent = [p.url for p in PAGES if p is not PAGES[3]]
    learned = SearchRules(fingerprint={"samples": {PAGES[3].url: ["val f3_0"]}, "absent": absent})
    fld = Field(TIED.id, xpaths=TIED.xpaths, is_list=True, search=learned)
    (flag,) = _flags((fld,), PAGES)["values"]
    assert flag["flag"].startswith("tied to 1 page"), flag


def test_the_check_column_flags_a_tied_rule_in_every_sample_and_over_the_site() -> None:
    from deboiler_gui.app.fieldcheck import check_template, field_checks
    from deboiler_gui.engine.template.signals import SignalsTally

    t = Template("api", site=SITE, fields=(TIED,), use_cleaner=False)
    trees = [(p.url, page_tree(p)) for p in PAGES]
    # a sample holding the page, one without it, and the check over every page
    with_it = check_template(trees[:20], t, sample=20, site_pages=400)
    without = check_template(trees[20:], t, sample=20, site_pages=400)
    assert with_it.fields["values"].verdict() == "⚠ tied to 1 page"
    assert without.fields["values"].verdict().startswith("⚠ ")
    tally = SignalsTally(t, preview=0)
    for url, root in trees:
        tally.add(url, root)
    site = field_checks(tally.settle(), over_site=True)["values"]
    assert site.verdict() == "⚠ tied to 1 page"
    assert site.flags[0].look_at[0] == PAGES[3].url
