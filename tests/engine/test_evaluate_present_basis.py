"""`evaluate`'s rate "of pages where present" is over the pages where `templates learn` found
the field with a value (its ``present`` record), when learning kept that record whole: a page
added to the site since (never read by learning) or one it found the field absent on is
counted apart, not as a failure nor as a success. Without a whole record (a template learned
before it was kept, or a record that is a sample of a very large site) the rate is over every
page not learned absent, as before, and the line says so."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine import progress
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template import rulefile
from deboiler_gui.engine.template.evaluate import FieldStats, evaluate_steps
from deboiler_gui.engine.template.extract import learned_present
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.valuerepair import learn_absent

SITE = "https://lib.example"


def chapter(i: int, name: str = "") -> str:
    # a chapter page has a contents list and no qualified name (unless a redesign put one)
    extra = f"<div class='refnamediv'><p>{name}</p></div>" if name else ""
    return (
        f"<html><body><h2 class='title'>Chapter {i}</h2>{extra}<dl class='toc'>"
        f"<dt><a href='s{i}.html'>Section {i}</a></dt></dl></body></html>"
    )


def reference(i: int, name: bool = True) -> str:
    para = f"<p>lib::c{i}</p>" if name else ""
    return (
        f"<html><body><h2 class='title'>Class c{i}</h2>"
        f"<div class='refnamediv'>{para}</div></body></html>"
    )


def template() -> Template:
    return Template(
        "lib",
        site="lib.example",
        fields=(
            Field("title", xpaths=("//h2[@class='title']",)),
            Field("qualified_name", xpaths=("//div[@class='refnamediv']/p",)),
        ),
        use_cleaner=False,
    )


def learned_site() -> tuple[list[Page], Template]:
    pages = [Page(f"{SITE}/ch{i}.html", chapter(i)) for i in range(3)]
    pages += [Page(f"{SITE}/c{i}.html", reference(i)) for i in range(4)]
    return pages, learn_absent(template(), pages)


def grown(pages: list[Page]) -> list[Page]:
    """The site since learning: a chapter page that now shows a name block (a banner), two
    pages added (a chapter and a reference page without its name), a reference page whose
    name went missing."""
    out = [
        Page(pages[0].url, chapter(0, name="lib::banner")),
        *pages[1:5],
        Page(pages[5].url, reference(2, name=False)),
        pages[6],
    ]
    out += [
        Page(f"{SITE}/ch9.html", chapter(9)),
        Page(f"{SITE}/c9.html", reference(9, name=False)),
        Page(f"{SITE}/c8.html", reference(8)),
    ]
    return out


def evaluation(pages: list[Page], tpl: Template) -> dict[tuple[str, str], FieldStats]:
    return progress.run(evaluate_steps(pages, [tpl])).fields


def test_learning_records_every_page_with_a_value() -> None:
    pages, learned = learned_site()
    fld = learned.field("qualified_name")
    assert fld.search.fingerprint["present_count"] == 4
    assert learned_present(fld) == {p.url for p in pages[3:]}


def test_the_rate_is_over_the_pages_learning_found_the_field_on() -> None:
    pages, learned = learned_site()
    name = evaluation(grown(pages), learned)[("lib", "qualified_name")]
    assert name.basis == "learned"
    # the four reference pages learning read (one lost its name since) and the pages added
    # since, counted as on a site never learned: the reference page without its name fails,
    # the chapter without the name block (the rule's anchor) is left out
    assert (name.present, name.ok) == (6, 4)
    assert [f["url"] for f in name.failing] == [pages[5].url, f"{SITE}/c9.html"]
    # the chapter pages it found the field absent on: one now shows a name, no success
    assert (name.absent, name.absent_filled) == (3, 1)
    # the three pages added since, one of them with a value, one without the anchor
    assert (name.unseen, name.unseen_ok, name.unseen_no_anchor) == (3, 1, 1)
    assert name.rate == 4 / 6
    assert name.rate_line() == (
        "4/6 of pages where present when learned (3 learned absent, 1 now with a value; "
        "1 not read when learned without the rule's anchor; 2 not read when learned counted, "
        "1 with a value)"
    )
    data = name.to_dict()
    assert (data["basis"], data["present"], data["failures"]) == ("learned", 6, 2)


def test_without_a_whole_record_the_rate_counts_every_page_not_learned_absent() -> None:
    pages, learned = learned_site()
    fld = learned.field("qualified_name")
    # learned before the pages with a value were recorded
    before = {
        k: v for k, v in fld.search.fingerprint.items() if k not in ("present", "present_count")
    }
    # or a record that is a sample (more pages had a value than learning keeps)
    sampled = {**fld.search.fingerprint, "present_count": 4000}
    ends = {
        # learned before: says so, and what gives the rate its whole basis
        id(before): "every page not learned absent counted: the template was learned before "
        "the pages with a value were recorded; learn it again (templates learn lib) to count "
        "the rate over them)",
        # a sample of a longer record: learning again would keep a sample again
        id(sampled): "every page not learned absent counted: learning kept no whole record of "
        "the pages with a value)",
    }
    for fp in (before, sampled):
        tpl = learned.with_field(replace(fld, search=replace(fld.search, fingerprint=fp)))
        name = evaluation(grown(pages), tpl)[("lib", "qualified_name")]
        assert name.basis == "absent"
        # the two empty learned-absent chapters left out, and the new chapter (no name block:
        # the rule's anchor); the banner's value a success; the new reference page without
        # its name a failure
        assert (name.present, name.ok) == (7, 5)
        assert name.rate_line().endswith(ends[id(fp)]), name.rate_line()
        assert name.to_dict().get("learn_again", False) is (fp is before)


def test_evaluate_says_on_what_basis_its_rate_is(tmp_path: Path) -> None:
    pages, learned = learned_site()
    src = tmp_path / "pages.jsonl"
    src.write_text("".join(json.dumps({"url": p.url, "html": p.html}) + "\n" for p in grown(pages)))
    tpl = tmp_path / "lib.json"
    tpl.write_text(rulefile.dumps([learned]))
    out = CliRunner().invoke(cli, ["evaluate", str(src), "-t", str(tpl)])
    assert out.exit_code == 0, out.output
    assert (
        "lib\tqualified_name\t4/6 of pages where present when learned (3 learned absent, 1 now "
        "with a value; 1 not read when learned without the rule's anchor; 2 not read when "
        "learned counted, 1 with a value)\t66.7%"
    ) in out.output
    assert f"fails on {pages[5].url}" in out.output
    assert (
        "ALERT: template 'lib' field 'qualified_name': success rate 66.7% below 90% (over 6 "
        "pages where present when learned; 3 learned absent, 1 now with a value and 1 not read "
        "when learned without the rule's anchor left out; 2 not read when learned counted, "
        "1 with a value)"
    ) in out.output
    js = CliRunner().invoke(cli, ["evaluate", str(src), "-t", str(tpl), "--json"])
    (name,) = [f for f in json.loads(js.stdout)["fields"] if f["field"] == "qualified_name"]
    assert (name["basis"], name["present"], name["not_learned"]) == ("learned", 6, 3)
