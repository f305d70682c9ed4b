"""A rule that still gives every learned value is not replaced: white space that changed in a
value is no drift, and a page where the field was empty that now shows a value of the field's
kind (its blocks reordered put a later heading first) leaves the rule 'ok', the page named. A
banner's one heading on the empty pages is drift still. Also: the old rule with an ancestor's
renamed id, an ancestor marked ``expanded='true'``, and the floor under ``--accept-unsure``."""

from __future__ import annotations

import hashlib

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.valuerepair import (
    UNSURE_FLOOR,
    FieldRepair,
    TemplateRepair,
    accept_field_repairs,
    learn_absent,
    learn_values,
    repair_site,
)

SITE = "docs.example"
RULE = "//div[@id='container']//h1"


def chapter(i: int, *, reordered: bool = False, one_line: bool = False, banner: str = "") -> str:
    """A chapter page ('3\\nLogging' as its title); page 0 is release notes whose first h1 is
    empty, the title in a later h1."""
    sep = " " if one_line else "\n"
    if i == 0:
        blocks = ["<div><h1></h1><p>Notes.</p></div>", "<div><h1>Release Notes</h1><p>v1</p></div>"]
    else:
        blocks = [f"<div><h1>{i}{sep}Chapter {i}</h1></div>", f"<div><p>Body of {i}.</p></div>"]
    if reordered:
        blocks.reverse()
    top = f"<div class='promo'><h1>{banner}</h1></div>" if banner else ""
    return f"<html><body><div id='container'>{top}{''.join(blocks)}</div></body></html>"


def title_template() -> Template:
    return Template("docs", site=SITE, fields=(Field("title", xpaths=(RULE,)),), use_cleaner=False)


def learned_site(n: int = 12) -> tuple[list[str], Template]:
    urls = [f"https://{SITE}/c{i}.html" for i in range(n)]
    site = [Page(u, chapter(i)) for i, u in enumerate(urls)]
    return urls, learn_values(learn_absent(title_template(), site), site)


def test_white_space_changed_in_every_value_is_no_drift() -> None:
    urls, learned = learned_site()
    changed = [Page(u, chapter(i, one_line=True)) for i, u in enumerate(urls)]
    (title,), _stats = repair_site(changed, learned)
    assert title.status == "ok"
    assert title.evidence["wrong"] == 0 and title.evidence["agree"] == len(urls) - 1


def test_a_page_that_now_shows_a_value_of_the_fields_kind_keeps_the_rule() -> None:
    urls, learned = learned_site()
    assert learned.field("title").search.fingerprint["samples"][urls[0]] == ""
    changed = [Page(u, chapter(i, reordered=True)) for i, u in enumerate(urls)]
    (title,), _stats = repair_site(changed, learned)
    assert title.status == "ok", title.evidence
    assert title.evidence["new_values"] == {urls[0]: "Release Notes"}
    assert urls[0] in title.evidence["reason"]
    assert accept_field_repairs(learned, [title]).field("title").xpaths == (RULE,)


def test_one_banner_heading_on_the_empty_pages_is_still_drift() -> None:
    urls = [f"https://{SITE}/c{i}.html" for i in range(12)]
    # Two pages without a title when learned: the notes page and an index page.
    site = [Page(u, chapter(i)) for i, u in enumerate(urls)]
    site[1] = Page(urls[1], "<html><body><div id='container'><p>Index</p></div></body></html>")
    learned = learn_values(learn_absent(title_template(), site), site)
    changed = [Page(u, chapter(i, banner="Moved")) for i, u in enumerate(urls)]
    changed[1] = Page(
        urls[1],
        "<html><body><div id='container'><div class='promo'><h1>Moved</h1></div>"
        "<p>Index</p></div></body></html>",
    )
    (title,), _stats = repair_site(changed, learned)
    assert title.status != "ok"
    assert "new_values" not in title.evidence


def renamed(name: str) -> str:
    return "c" + hashlib.md5(name.encode()).hexdigest()[:6]


def menu_page(i: int, n: int, *, hashed: bool = False, bare: bool = False) -> str:
    """A page of a manual whose menu lists every module; the page's own module is expanded,
    with its functions beneath it. ``hashed``: every id and class renamed to an unrelated name;
    ``bare``: the own entry's id is gone, only ``expanded`` tells it."""
    entries = []
    for k in range(n):
        own = k == i
        ident = "here" if own else "entry"
        if hashed:
            ident = renamed(ident)
        attrs = "" if (bare and own) else f" id='{ident}'"
        funcs = (
            "<ul>"
            + "".join(
                f"<li title='f'><a href='m{k}.html#f{j}'>m{k}:f{j}/1</a></li>"
                for j in range(2 + k % 3)
            )
            + "</ul>"
            if own
            else ""
        )
        entries.append(
            f"<li{attrs} expanded='{'true' if own else 'false'}'><a href='m{k}.html'>m{k}</a>{funcs}</li>"
        )
    nav = (
        "<div class='"
        + (renamed("nav") if hashed else "nav")
        + "'><ul>"
        + "".join(entries)
        + "</ul></div>"
    )
    body = f"<div><h1>Module m{i}</h1><p>Text {i}</p></div>"
    return f"<html><body>{nav}{body}</body></html>"


def menu_template() -> Template:
    return Template(
        "manual",
        site=SITE,
        fields=(Field("toc", xpaths=("//li[@id='here']/ul/li[@title]/a",), is_list=True),),
        use_cleaner=False,
    )


def test_an_ancestors_id_renamed_to_an_unrelated_name_is_renamed_in_the_rule() -> None:
    n = 10
    urls = [f"https://{SITE}/m{i}.html" for i in range(n)]
    learned = learn_values(menu_template(), [Page(u, menu_page(i, n)) for i, u in enumerate(urls)])
    changed = [Page(u, menu_page(i, n, hashed=True)) for i, u in enumerate(urls)]
    (toc,), _stats = repair_site(changed, learned)
    assert toc.status == "repaired", toc.evidence
    assert toc.xpath == f"//li[@id='{renamed('here')}']/ul/li[@title]/a"
    fixed = accept_field_repairs(learned, [toc])
    assert apply_template(changed[4], fixed).values["toc"] == [f"m4:f{j}/1" for j in range(3)]


def test_the_entry_marked_expanded_anchors_the_list_when_its_id_is_gone() -> None:
    n = 10
    urls = [f"https://{SITE}/m{i}.html" for i in range(n)]
    learned = learn_values(menu_template(), [Page(u, menu_page(i, n)) for i, u in enumerate(urls)])
    changed = [Page(u, menu_page(i, n, hashed=True, bare=True)) for i, u in enumerate(urls)]
    (toc,), _stats = repair_site(changed, learned)
    assert toc.status == "repaired", toc.evidence
    assert "@expanded='true'" in toc.xpath
    fixed = accept_field_repairs(learned, [toc])
    for i in (2, 7):
        values = apply_template(changed[i], fixed).values["toc"]
        assert values == [f"m{i}:f{j}/1" for j in range(2 + i % 3)]


def test_an_unsure_proposal_below_the_floor_is_taken_only_when_forced() -> None:
    template = Template("t", fields=(Field("a", xpaths=("//h1",)), Field("b", xpaths=("//h2",))))
    found = TemplateRepair(
        "t",
        True,
        fields=[
            FieldRepair("a", "unsure", "//h3", 0.0, {"agree": 0, "wrong": 20}, xpaths=["//h3"]),
            FieldRepair("b", "unsure", "//h4", UNSURE_FLOOR, {"agree": 9}, xpaths=["//h4"]),
        ],
    )
    assert [r.field for r in found.below_floor(["a", "b"])] == ["a"]
    assert found.below_floor(["a", "b"], force=["a"]) == []
    kept = found.accepted(template, ["a", "b"])
    assert kept.field("a").xpaths == ("//h1",) and kept.field("b").xpaths == ("//h4",)
    forced = found.accepted(template, ["b"], force=["a"])
    assert forced.field("a").xpaths == ("//h3",)
    assert found.fixed_fields(["a", "b"]) == ["b"]
