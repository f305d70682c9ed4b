"""The workbench's check of a field that repair recorded gone (no rule since: the site no longer
has it): it is said gone, with what to do, not flagged "no value anywhere" as a rule that
matches nothing; a field whose rule matches nothing and was not recorded gone still is."""

from __future__ import annotations

import dataclasses

from deboiler_gui.app.fieldcheck import GONE_NOTE, check_template, field_checks, site_check
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import tree_signals

PAGES = [
    (f"https://s.example/p{i}.html", parse_html(f"<html><body><h1>Title {i}</h1></body></html>"))
    for i in range(12)
]


def gone(fld: Field) -> Field:
    record = {"xpaths": list(fld.xpaths), "reason": "", "still_pages": 0, "still_examples": []}
    fp = {**fld.search.fingerprint, "gone": record}
    return dataclasses.replace(
        fld, xpaths=(), search=dataclasses.replace(fld.search, fingerprint=fp)
    )


TOC = Field("toc", xpaths=("//ul[@id='toc']/li/a",), is_list=True)
TEMPLATE = Template("docs", fields=(Field("title", xpaths=("//h1",)), gone(TOC)))


def test_a_field_recorded_gone_is_said_gone_not_flagged() -> None:
    check = check_template(PAGES, TEMPLATE)
    toc = check.fields["toc"]
    assert toc.gone and toc.flags == ()
    assert toc.summary() == "" and toc.verdict() == "gone"
    assert toc.note() == f"gone: {GONE_NOTE}"
    assert "remove the field" in toc.details() and "author it again" in toc.details()
    assert check.flagged() == []
    # the check over the whole site says the same
    signals = field_checks(tree_signals(PAGES, TEMPLATE, preview=0), over_site=True)
    assert signals["toc"].flags  # as the signals have it
    whole = site_check(signals, TEMPLATE, len(PAGES), PAGES)
    assert whole.fields["toc"].gone and whole.fields["toc"].flags == ()


def test_a_rule_that_matches_nothing_is_still_flagged() -> None:
    check = check_template(PAGES, Template("docs", fields=(Field("title", xpaths=("//h1",)), TOC)))
    toc = check.fields["toc"]
    assert not toc.gone and toc.flags
    assert toc.verdict() == "⚠ no value anywhere"
