"""Repair over a whole site: a field whose rule no induction can give again is answered (and
the others are still repaired), a proposal is checked on every page where the field was
absent, a field removed from every page is 'gone', and a repaired list keeps the old rule's
exclusions."""

from __future__ import annotations

from typing import Any

import pytest

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template import valuerepair
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.induce import InductionError
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.valuerepair import (
    accept_field_repairs,
    learn_absent,
    learn_values,
    repair_site,
)

SITE = "ref.example"


def api_html(i: int, *, rename: bool = False) -> str:
    """A reference page whose functions sit in a table written with its ``tbody``."""
    v = "v2-" if rename else ""
    rows = "".join(
        f"<tr><td class='{v}ret'>int</td><td class='{v}function_name'><a href='#f{i}_{k}'>fn_{i}_{k}</a></td></tr>"
        for k in range(3 + i % 3)
    )
    return (
        f"<html><body><div class='{v}head'><h1 class='{v}title'>Module {i}</h1></div>"
        f"<div class='{v}body'><h2>Functions</h2><table class='{v}functions'><tbody>{rows}</tbody></table>"
        f"<p>Text {i}</p></div></body></html>"
    )


def api_template() -> Template:
    return Template(
        "api",
        site=SITE,
        fields=(
            Field("title", xpaths=("//h1[@class='title']",)),
            Field(
                "functions",
                xpaths=("//table[@class='functions']//tr/td[@class='function_name']/a",),
                is_list=True,
            ),
        ),
        use_cleaner=False,
    )


def test_a_list_in_a_table_written_with_its_tbody_is_repaired() -> None:
    urls = [f"https://{SITE}/api/{i}.html" for i in range(10)]
    learned = learn_values(api_template(), [Page(u, api_html(i)) for i, u in enumerate(urls)])
    changed = [Page(u, api_html(i, rename=True)) for i, u in enumerate(urls)]
    repairs, _stats = repair_site(changed, learned)
    assert {r.field: r.status for r in repairs} == {"title": "repaired", "functions": "repaired"}
    fixed = accept_field_repairs(learned, repairs)
    assert "tbody" not in fixed.field("functions").xpaths[0]
    for i in (4, 5):
        values = apply_template(changed[i], fixed).values
        assert values["functions"] == [f"fn_{i}_{k}" for k in range(3 + i % 3)]  # names only


def test_a_field_no_rule_can_select_again_is_answered_and_the_others_are_repaired(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = valuerepair.induce

    def refuse_lists(examples: Any, negatives: Any, **kw: Any) -> Any:
        if kw.get("as_list"):
            raise InductionError("no list rule selects these examples")
        return real(examples, negatives, **kw)

    monkeypatch.setattr(valuerepair, "induce", refuse_lists)
    urls = [f"https://{SITE}/api/{i}.html" for i in range(10)]
    learned = learn_values(api_template(), [Page(u, api_html(i)) for i, u in enumerate(urls)])
    changed = [Page(u, api_html(i, rename=True)) for i, u in enumerate(urls)]
    repairs, _stats = repair_site(changed, learned)
    by = {r.field: r for r in repairs}
    assert by["functions"].status == "unsure"
    assert (
        by["functions"].evidence["reason"] == "no rule selects the nodes that hold the old values"
    )
    assert by["title"].status == "repaired"
    fixed = accept_field_repairs(learned, repairs)
    assert apply_template(changed[4], fixed).values["title"] == "Module 4"


def manual_html(i: int, *, toc: bool = True) -> str:
    """A manual page with a local table of contents whose entries are also the page's section
    headings (some of them links to themselves)."""
    n = 3 + i % 3
    entries = "".join(f"<li><a href='#s{k}'>Part {i}.{k}</a></li>" for k in range(n))
    side = f"<ul class='toc'><li><a href='#top'>Top of page</a></li>{entries}</ul>" if toc else ""
    body = "".join(
        (f"<h2><a href='#s{k}'>Part {i}.{k}</a></h2>" if k % 2 else f"<h2>Part {i}.{k}</h2>")
        + f"<p>About part {k}.</p>"
        for k in range(n)
    )
    return (
        f"<html><body><div class='side'>{side}</div><div class='main'><h1 class='title'>Page {i}</h1>"
        f"<a href='#top'>Top of page</a>{body}</div></body></html>"
    )


def test_a_list_removed_from_every_page_is_gone_though_its_texts_remain() -> None:
    template = Template(
        "man",
        site=SITE,
        fields=(
            Field("title", xpaths=("//h1[@class='title']",)),
            Field("toc", xpaths=("//ul[@class='toc']/li/a",), is_list=True),
        ),
        use_cleaner=False,
    )
    urls = [f"https://{SITE}/man/{i}.html" for i in range(12)]
    learned = learn_values(template, [Page(u, manual_html(i)) for i, u in enumerate(urls)])
    changed = [Page(u, manual_html(i, toc=False)) for i, u in enumerate(urls)]
    repairs, _stats = repair_site(changed, learned)
    by = {r.field: r for r in repairs}
    assert by["title"].status == "ok"
    assert by["toc"].status == "gone", by["toc"]


def doc_html(kind: str, i: int, *, reorder: bool = False) -> str:
    """A module or file reference page with a summary, or a guide page without one."""

    def box(*kids: str) -> str:
        return "<div class='box'>" + "".join(reversed(kids) if reorder else kids) + "</div>"

    if kind == "guide":
        boxes = [box(f"<div class='code'>fun_{i}() -> ok.</div>", f"<p>Guide {i}.</p>")]
    else:
        boxes = [
            box(f"<div class='{kind}-name'>{kind}_{i}</div>"),
            box(
                "<h3>Summary</h3>", f"<div class='{kind}-summary-body'>What {kind} {i} does.</div>"
            ),
            box(f"<p>Description of {i}.</p>"),
            box("<h3>Exports</h3>", f"<p>f{i}/1</p>"),
        ]
        if kind == "file":
            boxes.append(box(f"<p>Notes on {i}.</p>"))
    if reorder:
        boxes.reverse()
    return f"<html><body><div id='content'>{''.join(boxes)}</div></body></html>"


def test_a_proposal_is_checked_on_every_page_where_the_field_was_absent() -> None:
    template = Template(
        "doc",
        site=SITE,
        fields=(Field("summary", xpaths=("//div[@id='content']/div[2]/div",)),),
        use_cleaner=False,
    )
    kinds = [("module", i) for i in range(8)] + [("file", i) for i in range(3)]
    kinds += [("guide", i) for i in range(4)]
    urls = {(k, i): f"https://{SITE}/{k}-{i}.html" for k, i in kinds}
    old = [Page(urls[k, i], doc_html(k, i)) for k, i in kinds]
    # The values were learned on reference pages only; the guides' absence is known from
    # reading every page.
    learned = learn_absent(learn_values(template, old[:11]), old)
    assert len(learned.field("summary").search.fingerprint["absent"]) == 4
    changed = [Page(urls[k, i], doc_html(k, i, reorder=True)) for k, i in kinds]
    (rep,), _stats = repair_site(changed, learned)
    assert rep.status == "repaired", rep
    fixed = accept_field_repairs(learned, [rep])
    for (k, i), page in zip(kinds, changed, strict=True):
        want = "" if k == "guide" else f"What {k} {i} does."
        assert apply_template(page, fixed).values["summary"] == want, (
            k,
            i,
            fixed.field("summary").xpaths,
        )


def test_the_learned_sample_holds_pages_where_the_field_was_absent() -> None:
    template = Template(
        "doc",
        site=SITE,
        fields=(Field("summary", xpaths=("//div[@id='content']/div[2]/div",)),),
        use_cleaner=False,
    )
    pages = [Page(f"https://{SITE}/module-{i:03d}.html", doc_html("module", i)) for i in range(100)]
    pages += [Page(f"https://{SITE}/zguide-{i}.html", doc_html("guide", i)) for i in range(3)]
    learned = learn_values(learn_absent(template, pages), pages, sample=10)
    samples = learned.field("summary").search.fingerprint["samples"]
    assert sorted(u for u, v in samples.items() if not v) == [p.url for p in pages[100:]]
    assert sum(1 for v in samples.values() if v) >= 10


def toc_html(i: int, *, rename: bool = False) -> str:
    """A page with a local table of contents; two pages also list the index there."""
    v = "v2-" if rename else ""
    entries = "".join(f"<li><a href='#s{k}'>Section {i}.{k}</a></li>" for k in range(2 + i % 3))
    if i >= 10:
        entries += "<li><a href='genindex.html'>Index</a></li>"
    return f"<html><body><h1>Page {i}</h1><ul class='{v}toc'>{entries}</ul></body></html>"


def test_a_repaired_list_keeps_the_old_rules_exclusions() -> None:
    # The exclusion (a 'not this' click on the index entry) matters on pages outside the
    # learned sample only: the learned values cannot tell it, the old rule can.
    template = Template(
        "toc",
        site=SITE,
        fields=(
            Field(
                "toc",
                xpaths=("//ul[@class='toc']/li/a[not(@href='genindex.html')]",),
                is_list=True,
            ),
        ),
        use_cleaner=False,
    )
    urls = [f"https://{SITE}/t/{i}.html" for i in range(12)]
    learned = learn_values(template, [Page(u, toc_html(i)) for i, u in enumerate(urls[:10])])
    changed = [Page(u, toc_html(i, rename=True)) for i, u in enumerate(urls)]
    (rep,), _stats = repair_site(changed, learned)
    assert rep.status == "repaired"
    fixed = accept_field_repairs(learned, [rep])
    assert apply_template(changed[10], fixed).values["toc"] == [
        "Section 10.0",
        "Section 10.1",
        "Section 10.2",
    ]
    assert apply_template(changed[4], fixed).values["toc"] == [
        "Section 4.0",
        "Section 4.1",
        "Section 4.2",
    ]
