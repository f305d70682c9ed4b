"""evaluate after learning counts a value that differs from the learned one on a page learned
with a value as a success only when it may be an edit of that page: not when many pages now
give one same new value (a notice's heading taken for the title), nor when a list's learned
items now come after new ones many pages got alike (a new first breadcrumb item). The rate
line says how many values drifted so (``sphinxclassic``: a manual of Sphinx's classic theme)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.progress import run
from deboiler_gui.engine.template.evaluate import FieldStats, evaluate_steps
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.repair import learn_template
from deboiler_gui.engine.template.valuerepair import (
    SAMPLE_PAGES,
    learn_absent_missed,
    learn_values,
)

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sphinxclassic import SITE, N, page, pages  # noqa: E402

BODY = "//div[contains(concat(' ', normalize-space(@class), ' '), ' body ')]"
CRUMBS = (
    "(//div[contains(concat(' ', normalize-space(@class), ' '), ' related ')])[1]/ul/"
    "li[contains(concat(' ', normalize-space(@class), ' '), ' nav-item ')]/a"
)


def learned() -> Template:
    t = Template(
        "manual",
        site=SITE,
        fields=(
            Field("title", xpaths=(f"{BODY}//h1",)),
            Field("breadcrumb", xpaths=(CRUMBS,), is_list=True),
        ),
    )
    old = pages()
    t, _missed = learn_absent_missed(learn_template(t, old[:20]), old)
    return learn_values(t, old, sample=SAMPLE_PAGES)


def stats(site: list[Page], t: Template) -> dict[str, FieldStats]:
    ev = run(evaluate_steps(site, [t]))
    return {fid: s for (_t, fid), s in ev.fields.items()}


def test_unchanged_pages_drift_nowhere() -> None:
    got = stats(pages(), learned())
    for s in got.values():
        assert s.basis == "learned"
        assert (s.drifted_same, s.drifted_shifted, s.ok) == (0, 0, s.present)


def test_one_same_new_title_on_every_page_is_no_success() -> None:
    got = stats(pages(notice=True), learned())["title"]
    assert got.present == N and got.ok == 0
    assert got.drifted_same == N
    assert f"{N} drifted to one same value on many pages, no successes" in got.rate_line()
    assert any("one same value on" in f["reason"] for f in got.failures())


def test_learned_crumbs_after_a_new_first_one_are_no_success() -> None:
    got = stats(pages(extra_crumb=True), learned())["breadcrumb"]
    assert got.ok == 0
    assert got.drifted_shifted == N
    assert f"{N} drifted to the learned items after new ones" in got.rate_line()
    # The title did not change.
    assert stats(pages(extra_crumb=True), learned())["title"].ok == N


def test_edits_of_a_few_pages_are_still_successes() -> None:
    site = pages()
    # Two pages retitled, each its own way; one page got a new first crumb.
    for i, new in ((4, "Alpha, revised"), (7, "Beta, rewritten")):
        site[i] = replace(site[i], html=site[i].html.replace(f"part {i}<a", f"{new}<a", 1))
    site[10] = page(10, extra_crumb=True)
    assert "Alpha, revised" in site[4].html and "Beta, rewritten" in site[7].html
    got = stats(site, learned())
    assert got["title"].ok == N and got["title"].drifted_same == 0
    assert got["breadcrumb"].ok == N and got["breadcrumb"].drifted_shifted == 0
