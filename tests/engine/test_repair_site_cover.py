"""Repair weighs the whole site, not only the learned pages: copies of one page under other
addresses are one piece of evidence (learning passes over them, repair counts them once), and a
rule that agrees on the learned pages but gives nothing on most other pages where the field had
a value is refused."""

from __future__ import annotations

from dataclasses import replace

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.valuerepair import (
    _text_key,
    learn_absent,
    learn_values,
    repair_site,
)

SITE = "lib.example"


def page_html(i: int, cls: str = "functions") -> str:
    if cls == "api-list":
        items = "".join(f"<li><a href='#f{i}_{k}'>fn_{i}_{k}</a></li>" for k in range(2 + i % 3))
        return (
            f"<html><body><h1 class='title'>Module {i}</h1>"
            f"<div class='doc'><h2>Functions</h2><ul class='{cls}'>{items}</ul>"
            f"<p>About module {i}.</p></div></body></html>"
        )
    rows = "".join(
        f"<tr><td class='name'><a href='#f{i}_{k}'>fn_{i}_{k}</a></td></tr>"
        for k in range(2 + i % 3)
    )
    return (
        f"<html><body><h1 class='title'>Module {i}</h1>"
        f"<div class='doc'><h2>Functions</h2><table class='{cls}'>{rows}</table>"
        f"<p>About module {i}.</p></div></body></html>"
    )


def template() -> Template:
    return Template(
        "lib",
        site=SITE,
        fields=(
            Field("title", xpaths=("//h1[@class='title']",)),
            Field(
                "functions",
                xpaths=("//table[@class='functions']/tr/td[@class='name']/a",),
                is_list=True,
            ),
        ),
        use_cleaner=False,
    )


def folder_site(folders: int, per: int) -> list[Page]:
    """One site of ``per`` pages copied into ``folders`` folders (the same text each time)."""
    return [
        Page(f"https://{SITE}/c{f}/m{i}.html", page_html(i))
        for f in range(folders)
        for i in range(per)
    ]


def test_learning_passes_over_copies_of_a_page_already_taken() -> None:
    pages = folder_site(6, 8)
    learned = learn_values(template(), pages, sample=12)
    urls = list(learned.field("title").search.fingerprint["samples"])
    texts = [_text_key(parse_html(next(p.html for p in pages if p.url == u))) for u in urls]
    assert len(set(texts)) == len(texts)  # no copy of a page taken twice
    assert len(urls) == 8  # every distinct page, although 48 addresses were read


def test_repair_counts_a_learned_page_and_its_copies_once() -> None:
    pages = folder_site(5, 6)
    learned = learn_values(template(), pages)
    # A sample learned before copies were passed over: each page under five addresses.
    fld = learned.field("title")
    samples = {p.url: f"Module {p.url[-6]}" for p in pages}
    learned = learned.with_field(
        replace(
            fld,
            search=replace(fld.search, fingerprint={**fld.search.fingerprint, "samples": samples}),
        )
    )
    changed = [Page(p.url, p.html.replace("class='title'", "class='v2-title'")) for p in pages]
    repairs, _stats = repair_site(changed, learned)
    title = next(r for r in repairs if r.field == "title")
    assert title.status == "repaired"
    assert title.evidence["pages"] == 6  # six pages, not thirty addresses
    assert title.evidence["agree"] == 6


def test_a_rule_right_on_the_learned_pages_and_empty_on_most_of_the_site_is_refused() -> None:
    urls = [f"https://{SITE}/m{i}.html" for i in range(40)]
    site = [Page(u, page_html(i)) for i, u in enumerate(urls)]
    learned = learn_values(learn_absent(template(), site), site, sample=8)
    taken = set(learned.field("functions").search.fingerprint["samples"])
    assert 0 < len(taken) < 20
    # The new layout keeps a table (renamed 'v2-functions') on the learned pages only; every
    # other page of the site lists its functions in a 'api-list' list: a rule induced from the
    # learned pages alone finds nothing there, though each of them still has its functions.
    changed = [
        Page(u, page_html(i, "v2-functions" if u in taken else "api-list"))
        for i, u in enumerate(urls)
    ]
    repairs, _stats = repair_site(changed, learned)
    functions = next(r for r in repairs if r.field == "functions")
    assert functions.status == "unsure"
    cover = functions.evidence["site_cover"]
    assert cover["site_empty"] == cover["site_read"] > 0
    assert "gives nothing on" in functions.evidence["reason"]
    assert "other pages of the site where the field had a value" in functions.evidence["reason"]


def test_a_rule_that_holds_over_the_site_passes_the_check() -> None:
    urls = [f"https://{SITE}/m{i}.html" for i in range(40)]
    site = [Page(u, page_html(i)) for i, u in enumerate(urls)]
    learned = learn_values(learn_absent(template(), site), site, sample=8)
    changed = [Page(u, page_html(i, "v2-functions")) for i, u in enumerate(urls)]
    repairs, _stats = repair_site(changed, learned)
    functions = next(r for r in repairs if r.field == "functions")
    assert functions.status == "repaired", functions.evidence
    assert "v2-functions" in functions.xpath
    assert "site_cover" not in functions.evidence
