"""Counts in the workbench's words agree with their number: "1 page", "1 record", "1 field
looks wrong", never "1 pages" (a list of one item read "matches 1 items")."""

from __future__ import annotations

import re

from deboiler_gui.app.crawljob import describe_result
from deboiler_gui.app.fieldcheck import FieldCheck, FieldFlag, check_template
from deboiler_gui.app.pagestate import RemovedChars, scope_counts
from deboiler_gui.app.session import unreadable_summary
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.model import Field, Template

#: A count of one followed by a plural noun ("1 pages", "1 items"), or a "(s)" plural.
BAD = re.compile(r"(?<![\d,./])1 (?:sample )?[a-z']+s\b|\w\(s\)")


def test_a_one_page_site_checks_its_fields_on_1_page() -> None:
    pages = [("https://s.example/a.html", parse_html("<html><body><h1>A</h1></body></html>"))]
    template = Template("t", fields=(Field("title", xpaths=("//h1",)),))
    check = check_template(pages, template, site_pages=1)
    assert check.coverage() == "checked over 1 page"
    assert check.fields["title"].coverage() == "checked over 1 page"
    assert check.fields["title"].details() == "title: a value on 1 of 1 page"
    sample = check_template(pages, template, site_pages=5)
    assert sample.coverage() == "checked on 1 sample page so far"
    assert (
        sample.fields["title"].note(False)
        == "no value on this page (a value on 1 of 1 sample page)"
    )


def test_a_flag_on_one_page_says_so() -> None:
    flag = FieldFlag("several nodes match", 1, ("https://s.example/a.html",))
    fc = FieldCheck("title", False, pages=1, hit=1, flags=(flag,), over_site=True)
    assert fc.summary() == "⚠ several nodes match on 1 of 1 page"
    assert "⚠ several nodes match (1 page)" in fc.details()
    many = FieldCheck("title", False, pages=40, hit=3, flags=(flag,), over_site=True)
    assert many.summary() == "⚠ several nodes match on 1 of 40 pages"
    assert many.details().startswith("title: a value on 3 of 40 pages\n")


def test_characters_pages_records_and_crawl_figures_of_one() -> None:
    assert str(RemovedChars(1)) == "−1 char" and str(RemovedChars(1200)) == "−1,200 chars"
    assert RemovedChars(1).describe() == "1 character removed"
    template = Template("t", urls=("https://s.example/a.html",))
    assert scope_counts(template, ["https://s.example/a.html"])[""] == "1 of 1 page"
    one = unreadable_summary("x.jsonl", [{"url": "x.jsonl#L2", "error": "bad"}], 0)
    assert one == "x.jsonl: 1 of 1 record unreadable, not listed (line 2: bad)"
    done = describe_result(
        {
            "outcome": "done",
            "stats": {"fetched": 1, "duplicates": 1, "redirects": 1, "page_requests": 1},
        }
    )
    assert done.startswith("1 page fetched, 0 failed, 1 duplicate, 1 redirect, ")
    assert "this run: 1 page request in" in done
    stopped = describe_result({"outcome": "stopped", "states": {"fetched": 1, "queued": 2}})
    assert stopped.startswith("Stopped with 1 page fetched")
    for text in (one, done, stopped, scope_counts(template, ["https://s.example/a.html"])[""]):
        assert not BAD.search(text), text
