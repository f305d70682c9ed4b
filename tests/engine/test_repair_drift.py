"""A rule that still matches but now gives one same value on every page, while the field's
learned values varied, has drifted: templates repair (with learned values or search rules
only) proposes a rule for it, and accepting puts that rule first."""

from __future__ import annotations

from dataclasses import replace

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.progress import run
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.repair import constant_drift, learn_template
from deboiler_gui.engine.template.valuerepair import (
    learn_absent,
    learn_values,
    repair_template_steps,
)

SITE = "d.example"


def doc(i: int, *, notice: bool = False) -> str:
    # The redesign puts a cookie notice first in the article: the positional rule still
    # matches, on the notice, on every page.
    extra = "<p class='notice'>Cookies are used on this site.</p>" if notice else ""
    return (
        f"<html><body><div class='nav'><a href='/'>Home</a></div><div class='doc'>{extra}"
        f"<h1>Chapter {i} of the guide</h1><p>Text {i} of the chapter, long enough to be "
        f"content.</p></div></body></html>"
    )


def template() -> Template:
    return Template(
        "guide", site=SITE, fields=(Field("title", xpaths=("//div[@class='doc']/*[1]",)),)
    )


def old_pages() -> list[Page]:
    return [Page(f"https://{SITE}/p{i}.html", doc(i)) for i in range(1, 31)]


def new_pages() -> list[Page]:
    return [Page(f"https://{SITE}/p{i}.html", doc(i, notice=True)) for i in range(31, 51)]


def check_fixed(fixed: Template, pages: list[Page]) -> None:
    for page in pages:
        i = int(page.url.rsplit("p", 1)[1].split(".")[0])
        assert apply_template(page, fixed).values["title"] == f"Chapter {i} of the guide"


def test_the_one_value_a_varying_field_now_gives_everywhere_is_its_drift() -> None:
    t = learn_values(template(), old_pages())
    fld = t.field("title")
    assert constant_drift(fld, ["Cookies"] * 9 + ["", "Chapter 3"]) == "Cookies"
    assert constant_drift(fld, [f"Chapter {i}" for i in range(10)]) is None
    assert constant_drift(fld, ["Cookies", "Cookies"]) is None  # two pages tell nothing
    # Three values taking turns are values, not a constant.
    assert constant_drift(fld, ["last week", "in spring", "a while ago"] * 4) is None
    # Old pages with their own titles and new ones with the notice: drift on the new ones.
    assert constant_drift(fld, [f"Chapter {i}" for i in range(30)] + ["Cookies"] * 20) == "Cookies"
    # A field of three categories that was learned so: a category on 40% is its own value.
    kinds = {f"u{i}": ["guide", "howto", "faq"][i % 3] for i in range(30)}
    cat = replace(fld, search=replace(fld.search, fingerprint={"samples": kinds}))
    assert constant_drift(cat, ["guide"] * 4 + ["howto"] * 3 + ["faq"] * 3) is None
    assert constant_drift(cat, ["guide"] * 8 + ["howto"] * 1 + ["faq"] * 1) == "guide"


def test_drift_to_a_constant_on_new_pages_is_proposed_with_learned_values() -> None:
    old = old_pages()
    t = learn_absent(learn_values(learn_template(template(), old), old), old)
    site = old + new_pages()
    found = run(repair_template_steps(site, t))
    assert [r.status for r in found.fields] == ["ok"]  # the learned pages did not change
    best = found.best_proposals()
    assert [(p.field, p.was) for p in best] == [("title", "drift")]
    assert "Cookies" not in best[0].value
    fixed = found.accepted(t)
    assert fixed.field("title").xpaths[0] == best[0].xpath
    check_fixed(fixed, site)


def test_drift_to_a_constant_is_proposed_by_the_search_rule_repair() -> None:
    # A template learned before values were kept: only its search rules.
    t = learn_template(template(), old_pages())
    site = new_pages()
    found = run(repair_template_steps(site, t))
    assert not found.learned_values
    best = found.best_proposals()
    assert [(p.field, p.was) for p in best] == [("title", "drift")]
    assert len(best[0].fixes) == len(site)
    check_fixed(found.accepted(t), site)
