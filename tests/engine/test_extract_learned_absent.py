"""A page is not 'partial' for a field that `templates learn` found absent on it: Boost's
chapter pages have a contents list and no qualified name, its reference pages the reverse, so
no page has every field and `extract` used to count every page partial."""

from __future__ import annotations

import json
from pathlib import Path

from deboiler_gui.engine import progress
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template import rulefile
from deboiler_gui.engine.template.evaluate import FieldStats, evaluate_steps
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.valuerepair import learn_absent


def chapter(i: int) -> str:
    return (
        f"<html><body><h2 class='title'>Chapter {i}</h2><dl class='toc'>"
        f"<dt><a href='s{i}.html'>Section {i}</a></dt></dl></body></html>"
    )


def reference(i: int) -> str:
    return (
        f"<html><body><h2 class='title'>Class c{i}</h2>"
        f"<div class='refnamediv'><p>lib::c{i}</p></div></body></html>"
    )


def template() -> Template:
    return Template(
        "lib",
        fields=(
            Field("title", xpaths=("//h2[@class='title']",)),
            Field("toc", xpaths=("//dl[@class='toc']//a",), is_list=True),
            Field("qualified_name", xpaths=("//div[@class='refnamediv']/p",)),
        ),
        use_cleaner=False,
    )


def test_a_field_learned_absent_on_a_page_leaves_it_ok() -> None:
    pages = [Page(f"https://l.example/ch{i}.html", chapter(i)) for i in range(3)]
    pages += [Page(f"https://l.example/c{i}.html", reference(i)) for i in range(3)]
    learned = learn_absent(template(), pages)
    statuses = {p.url: apply_template(p, learned).status for p in pages}
    assert set(statuses.values()) == {"ok"}, statuses
    # Before learning, every page lacks a field: all partial.
    assert {apply_template(p, template()).status for p in pages} == {"partial"}


def test_a_field_missing_where_it_was_not_learned_absent_is_partial() -> None:
    pages = [Page(f"https://l.example/c{i}.html", reference(i)) for i in range(3)]
    learned = learn_absent(template(), pages)
    # A reference page whose qualified name went missing since: partial, not ok.
    gone = Page(pages[1].url, pages[1].html.replace("<p>lib::c1</p>", ""))
    got = apply_template(gone, learned)
    assert got.status == "partial" and "qualified_name" in got.failed_fields
    # A page the learning never saw, without a title: partial too.
    new = Page("https://l.example/new.html", "<html><body><p>x</p></body></html>")
    assert apply_template(new, learned).status == "partial"


def evaluation(pages: list[Page], tpl: Template) -> dict[tuple[str, str], FieldStats]:
    return progress.run(evaluate_steps(pages, [tpl])).fields


def test_evaluate_leaves_learned_absent_pages_out_of_the_success_rate() -> None:
    pages = [Page(f"https://l.example/ch{i}.html", chapter(i)) for i in range(3)]
    pages += [Page(f"https://l.example/c{i}.html", reference(i)) for i in range(3)]
    learned = learn_absent(template(), pages)
    fields = evaluation(pages, learned)
    toc, name = fields[("lib", "toc")], fields[("lib", "qualified_name")]
    # as extract counts those pages ok, evaluate does not count them failures
    assert (toc.ok, toc.absent, toc.present, toc.rate) == (3, 3, 3, 1.0)
    assert (name.ok, name.absent, name.rate) == (3, 3, 1.0)
    assert not toc.failing and not name.failing
    # a name that went missing since on a page not learned absent is a failure
    gone = [*pages[:4], Page(pages[4].url, pages[4].html.replace("<p>lib::c1</p>", "")), pages[5]]
    name = evaluation(gone, learned)[("lib", "qualified_name")]
    assert (name.ok, name.absent, name.present) == (2, 3, 3)
    assert [f["url"] for f in name.failing] == [pages[4].url]
    # before learning, the pages without the rule's anchor (a reference page has no
    # contents list) are left out as absent too, not failures
    toc = evaluation(pages, template())[("lib", "toc")]
    assert (toc.rate, toc.absent, toc.no_anchor, toc.failing) == (1.0, 0, 3, [])


def test_evaluate_prints_the_pages_learned_absent(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from deboiler_gui.cli import cli

    pages = [Page(f"https://l.example/ch{i}.html", chapter(i)) for i in range(3)]
    pages += [Page(f"https://l.example/c{i}.html", reference(i)) for i in range(3)]
    src = tmp_path / "pages.jsonl"
    src.write_text("".join(json.dumps({"url": p.url, "html": p.html}) + "\n" for p in pages))
    tpl = tmp_path / "lib.json"
    tpl.write_text(rulefile.dumps([learn_absent(template(), pages)]))
    out = CliRunner().invoke(cli, ["evaluate", str(src), "-t", str(tpl)])
    assert out.exit_code == 0, out.output
    assert "3/3 of pages where present when learned (3 learned absent)\t100.0%" in out.output
    assert "ALERT" not in out.output
