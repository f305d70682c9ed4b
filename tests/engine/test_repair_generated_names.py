"""A field authored as a position, on pages of two kinds whose blocks carry their own class
(a module's summary, a file's), is repaired after every class and id got an unrelated,
generated-looking name and the blocks moved: by the class token its nodes carry on each kind of
page, not by a token other blocks share."""

from __future__ import annotations

import hashlib

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.valuerepair import accept_field_repairs, learn_values, repair_site

SITE = "kernel.example"


def name(token: str, hashed: bool) -> str:
    return "c" + hashlib.md5(token.encode()).hexdigest()[:6] if hashed else token


def page(i: int, *, hashed: bool = False) -> str:
    kind = "file-summary-body" if i % 4 == 0 else "module-summary-body"

    def cls(*tokens: str) -> str:
        return " ".join(name(t, hashed) for t in tokens)

    blocks = [
        f"<div><div class='{cls('REFBODY')}'>Introduction to unit {i}.</div></div>",
        f"<div><div class='{cls('REFBODY', kind)}'>What unit {i} is for.</div></div>",
        f"<div><div class='{cls('REFBODY')}'>Exports of unit {i}.</div></div>",
    ]
    # Units have a few notes each, more or fewer: the summary's place among the blocks varies.
    blocks[2:2] = [
        f"<div><div class='{cls('REFBODY')}'>Note {k} on unit {i}.</div></div>"
        for k in range(i % 3)
    ]
    if hashed:
        blocks.reverse()
        blocks.insert(0, f"<div class='{cls('notice')}'><p>Moved.</p></div>")
    return (
        f"<html><body><div id='{name('content', hashed)}'><h1>Unit {i}</h1>"
        f"{''.join(blocks)}</div></body></html>"
    )


def test_a_positional_summary_is_repaired_by_the_generated_class_of_each_kind() -> None:
    urls = [f"https://{SITE}/u{i}.html" for i in range(16)]
    template = Template(
        "kernel",
        site=SITE,
        fields=(Field("summary", xpaths=("//div[@id='content']/div[2]/div",)),),
        use_cleaner=False,
    )
    learned = learn_values(template, [Page(u, page(i)) for i, u in enumerate(urls)])
    changed = [Page(u, page(i, hashed=True)) for i, u in enumerate(urls)]
    (summary,), _stats = repair_site(changed, learned)
    assert summary.status == "repaired", summary.evidence
    shared = name("REFBODY", True)
    assert not any(f" {shared} " in x for x in summary.xpaths)
    assert any(f" {name('module-summary-body', True)} " in x for x in summary.xpaths)
    assert any(f" {name('file-summary-body', True)} " in x for x in summary.xpaths)
    fixed = accept_field_repairs(learned, [summary])
    for i in (4, 5, 11):
        assert apply_template(changed[i], fixed).values["summary"] == f"What unit {i} is for."
