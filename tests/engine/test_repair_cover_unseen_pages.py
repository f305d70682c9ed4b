"""Repair's check on the site's other pages where a field had a value counts only pages where
it had one: pages recorded so when the template was learned (or, for a template learned
before, where its old rules still give a value), never pages added to the site since (a copy
of it in other folders), which the template never read."""

from __future__ import annotations

from dataclasses import replace

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.valuerepair import learn_absent, learn_values, repair_site

SITE = "book.example"
CHAPTERS = {0, 7, 14, 21, 28, 35}


def page_html(i: int, new: bool = False) -> str:
    """A book page: chapters (``CHAPTERS``) have a table of contents, sections none. The new
    layout renames every class (``toc`` -> ``ntoc``) and wraps the blocks in divs."""
    c = "n" if new else ""
    toc = ""
    if i in CHAPTERS:
        items = "".join(
            f"<dt><span class='{c}section'><a href='s{i}_{k}.html'>{i}.{k}. Part {k} of {i}</a>"
            "</span></dt>"
            for k in range(1, 3 + i % 4)
        )
        toc = f"<div class='{c}toc'><dl class='{c}toc'>{items}</dl></div>"
    body = (
        f"<div class='{c}titlepage'><h2 class='{c}title'>Page {i}</h2></div>{toc}"
        f"<p>Text of page {i}.</p>"
    )
    if new:
        body = f"<div class='outer'><div class='banner'><h1>Notice</h1></div>{body}</div>"
    return f"<html><body>{body}</body></html>"


def template() -> Template:
    return Template(
        "book",
        site=SITE,
        fields=(
            Field("title", xpaths=("//h2[@class='title']",)),
            Field("toc", xpaths=("//dl[@class='toc']/dt/span/a",), is_list=True),
        ),
        use_cleaner=False,
    )


def learned_and_changed() -> tuple[Template, list[Page]]:
    urls = [f"https://{SITE}/p{i}.html" for i in range(40)]
    site = [Page(u, page_html(i)) for i, u in enumerate(urls)]
    learned = learn_values(learn_absent(template(), site), site, sample=10)
    # The new layout, and the site copied into four folders: 160 pages the template never
    # read, of which only the chapters have a table of contents.
    changed = [Page(u, page_html(i, new=True)) for i, u in enumerate(urls)]
    changed += [
        Page(f"https://{SITE}/c{f}/p{i}.html", page_html(i, new=True))
        for f in range(1, 5)
        for i in range(40)
    ]
    return learned, changed


def test_learning_records_the_pages_where_the_field_had_a_value() -> None:
    learned, _changed = learned_and_changed()
    fp = learned.field("toc").search.fingerprint
    assert fp["present"] == sorted(f"https://{SITE}/p{i}.html" for i in CHAPTERS)
    assert len(fp["absent"]) == 40 - len(CHAPTERS)


def test_pages_added_since_learning_do_not_count_as_having_had_the_field() -> None:
    learned, changed = learned_and_changed()
    repairs, _stats = repair_site(changed, learned)
    toc = next(r for r in repairs if r.field == "toc")
    assert toc.status == "repaired", toc.evidence
    assert "ntoc" in toc.xpath
    assert "site_cover" not in toc.evidence


def test_a_template_learned_without_the_record_counts_pages_its_old_rules_still_read() -> None:
    learned, changed = learned_and_changed()
    fld = learned.field("toc")
    fp = {k: v for k, v in fld.search.fingerprint.items() if k != "present"}
    older = learned.with_field(replace(fld, search=replace(fld.search, fingerprint=fp)))
    repairs, _stats = repair_site(changed, older)
    toc = next(r for r in repairs if r.field == "toc")
    assert toc.status == "repaired", toc.evidence
    assert "ntoc" in toc.xpath
