"""Repair on a manual of Sphinx's classic theme (``sphinxclassic``) after a redesign.

- The sidebar's lists wrapped in two divs: the page's own contents list, read at its second
  level (the sections, not the page) as the old rule read it, is repaired with a rule that
  keeps that level. The old rule took that one level too: the depth is the field's own, not
  a guess from the learned values.
- The access keys renamed (``accesskey='N'`` -> ``data-key='N'``): the 'next' link's target is
  repaired with the old rule under the attribute's new name, as a renamed class or id is.
"""

from __future__ import annotations

import sys
from pathlib import Path

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.repair import learn_template
from deboiler_gui.engine.template.valuerepair import (
    SAMPLE_PAGES,
    accept_field_repairs,
    depth_as_old,
    learn_absent_missed,
    learn_values,
    repair_site,
)

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sphinxclassic import SITE, pages  # noqa: E402

BODY = "//div[contains(concat(' ', normalize-space(@class), ' '), ' body ')]"
CONTENTS = "//h3[normalize-space(.)='Table of Contents']/following-sibling::ul[1]/li/ul/li/a"
NEXT = "//a[@accesskey='N']/@href"


def template() -> Template:
    return Template(
        "manual",
        site=SITE,
        fields=(
            Field("title", xpaths=(f"{BODY}//h1",)),
            Field("next_href", xpaths=(NEXT,), kind="attribute", attribute="href"),
            Field("localtoc", xpaths=(CONTENTS,), is_list=True),
        ),
    )


def learned(old: list[Page]) -> Template:
    # As templates learn does it.
    t, _missed = learn_absent_missed(learn_template(template(), old[:20]), old)
    return learn_values(t, old, sample=SAMPLE_PAGES)


def check(fixed: Template, old: list[Page], new: list[Page], fid: str) -> None:
    for before, after in zip(old, new, strict=True):
        want = apply_template(before, template()).values[fid]
        assert apply_template(after, fixed).values[fid] == want, (after.url, fid)


def test_a_rule_keeping_the_old_rules_depth_is_not_refused_for_it() -> None:
    old = "//h3[normalize-space(.)='Table of Contents']/following-sibling::ul[1]/li/ul/li/a"
    assert depth_as_old([old], "//div[@class='w1']/ul/li/ul/li/a")
    # A rule that reaches the list through '//' may start at any level: not the old depth.
    assert not depth_as_old([old], "//ul/li/ul/li/a")
    assert not depth_as_old(["//div[@class='toc']//a"], "//div[@class='w1']/ul/li/ul/li/a")
    # Another depth than the old rule's.
    assert not depth_as_old([old], "//div[@class='w1']/ul/li/ul/li/ul/li/a")
    # The old rule's text, the new one's attribute: another value.
    assert not depth_as_old([old], "//div[@class='w1']/ul/li/ul/li/a/@href")


def test_wrapped_contents_list_is_repaired_at_the_old_rules_depth() -> None:
    old = pages()
    t = learned(old)
    new = pages(wrap=True)
    found, _stats = repair_site(new, t)
    rep = {r.field: r for r in found}["localtoc"]
    assert rep.status == "repaired", rep.evidence
    assert rep.xpaths[-1].endswith("/ul/li/ul/li/a"), rep.xpaths
    check(accept_field_repairs(t, found), old, new, "localtoc")


def test_an_attribute_renamed_with_its_value_kept_is_paired() -> None:
    old = pages()
    t = learned(old)
    new = pages(keys="data-key")
    found, _stats = repair_site(new, t)
    rep = {r.field: r for r in found}["next_href"]
    assert rep.status == "repaired", rep.evidence
    assert rep.xpaths == ["//a[@data-key='N']/@href"], rep.xpaths
    check(accept_field_repairs(t, found), old, new, "next_href")
    # The other fields did not break.
    assert {r.field: r.status for r in found}["title"] == "ok"
