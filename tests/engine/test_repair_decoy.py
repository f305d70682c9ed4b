"""Repair never accepts a node whose value is one same text on every page (a '<- previous'
link) for a field whose learned values vary from page to page."""

from __future__ import annotations

from dataclasses import replace

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.progress import run
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.repair import learn_template, values_vary
from deboiler_gui.engine.template.valuerepair import (
    learn_absent,
    learn_values,
    repair_template_steps,
)

SITE = "g.example"


def doc(i: int, *, new: bool = False) -> str:
    link = f"Chapter {i - 1} of the guide"
    cls = "topless"
    if new:  # the redesign: the link's class renamed, its text constant
        link, cls = "&lt;- previous", "nav-prev"
    side = (
        f"<div class='sidebar'><h4>Previous topic</h4><p class='{cls}'>"
        f"<a href='p{i - 1}.html' title='previous chapter'>{link}</a></p></div>"
    )
    return (
        f"<html><body><div class='doc'><h1>Chapter {i}</h1><p>Text {i} of the chapter, "
        f"long enough to be content.</p></div>{side}</body></html>"
    )


def _learned(forget_varies: bool) -> Template:
    old = [Page(f"https://{SITE}/p{i}.html", doc(i)) for i in range(1, 41)]
    t = Template("guide", site=SITE, fields=(Field("prev", xpaths=("//p[@class='topless']/a",)),))
    t = learn_absent(learn_values(learn_template(t, old), old), old)
    if forget_varies:
        # search rules learned on pages that happened to share one value (or by an older
        # version): only the learned values say that the field varies
        f = t.field("prev")
        fp = {k: v for k, v in f.search.fingerprint.items() if k != "varies"}
        t = t.with_field(replace(f, search=replace(f.search, fingerprint=fp)))
    return t


def test_the_learned_values_say_whether_a_field_varies() -> None:
    t = _learned(forget_varies=True)
    assert values_vary(t.field("prev"))
    same = replace(
        t.field("prev"),
        search=replace(
            t.field("prev").search,
            fingerprint={"samples": {f"u{i}": "Home" for i in range(9)} | {"x": "Other"}},
        ),
    )
    assert not values_vary(same)  # one value on 90% of the pages: a constant field


def test_search_rule_repair_rejects_a_constant_decoy() -> None:
    t = _learned(forget_varies=True)
    old = [Page(f"https://{SITE}/p{i}.html", doc(i)) for i in range(1, 41)]
    site = old + [Page(f"https://{SITE}/p{i}.html", doc(i, new=True)) for i in range(41, 61)]
    found = run(repair_template_steps(site, t))
    assert [r.status for r in found.fields] == ["ok"]
    for p in [*found.proposals, *found.weak]:
        assert p.value != "<- previous", p.xpath
    assert found.fixed_fields() == []
