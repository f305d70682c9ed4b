"""Repair after every class and id of a site was renamed: the old rule with its tokens under
their new names is a candidate, so a list found through a label ("See Also") is repaired to
the labelled list, not to a class rule that also takes the cross-references of pages without
the list."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.repair import learn_template
from deboiler_gui.engine.template.valuerepair import (
    accept_field_repairs,
    learn_absent,
    learn_values,
    repair_site,
)

SITE = "api.example"
#: A label longer than the ones an induction takes as an anchor: a rule written by hand.
LABEL = "See Also: functions and methods related to this one"
RULE = (
    f"//div[normalize-space(.)='{LABEL}']/following-sibling::p[1]"
    "/a[contains(concat(' ', normalize-space(@class), ' '), ' xref ')]"
)


def see_also(i: int) -> list[str]:
    return [f"func_{(i + k) % 40}" for k in range(1 + i % 3)]


def section(v: str, i: int, heading: str, body: str) -> str:
    return (
        f"<div class='{v}sect2' lang='en'><div class='{v}titlepage'><div><div>"
        f"<h3 class='{v}title'><a id='{v}idp{i}{len(heading)}'></a>{heading}</h3></div></div></div>"
        f"{body}</div>"
    )


def api_html(i: int, *, renamed: bool = False) -> str:
    """A function's page: a class section (a link of another kind), a description and, on the
    first twenty pages, a 'See Also' section whose first paragraph lists related functions;
    the pages without it cite another function in their description (a cross-reference link
    in a section's paragraph, like the list's). Renamed, every class and id is prefixed and
    the sections come in the reverse order, each in an extra box, the content in two more."""
    v = "v2-" if renamed else ""
    described = "Works with <b>flags</b>."
    if i >= 20:
        described = f"Works with <a class='{v}xref' href='func_{i - 20}.html'>func_{i - 20}</a>."
    sections = [
        section(v, i, "Class", f"<p><a class='{v}link' href='db.html'>DB</a></p>"),
        section(v, i, "Description", f"<p>{described}</p>"),
    ]
    if i < 20:
        links = ", ".join(
            f"<a class='{v}xref' href='{name}.html'>{name}</a>" for name in see_also(i)
        )
        sections.append(section(v, i, LABEL, f"<p>{links}</p>"))
    if renamed:
        sections = [f"<div class='box'>{s}</div>" for s in reversed(sections)]
    body = (
        f"<div class='{v}sect1' id='{v}main'><h2 class='{v}title'>func_{i}</h2>"
        f"{''.join(sections)}</div>"
    )
    if renamed:
        body = f"<div class='page-wrap'><div class='main-inner'>{body}</div></div>"
    return f"<html><body>{body}</body></html>"


def test_a_labelled_list_keeps_its_label_when_its_classes_are_renamed() -> None:
    template = Template(
        "api",
        site=SITE,
        fields=(Field("see_also", xpaths=(RULE,), is_list=True),),
        use_cleaner=False,
    )
    urls = [f"https://{SITE}/func_{i}.html" for i in range(25)]
    old = [Page(u, api_html(i)) for i, u in enumerate(urls)]
    for i, page in enumerate(old):
        assert apply_template(page, template).values["see_also"] == (see_also(i) if i < 20 else [])
    # The values were learned on pages with the list; its absence elsewhere is known from
    # reading every page.
    learned = learn_absent(learn_values(learn_template(template, old), old[:20]), old)
    assert len(learned.field("see_also").search.fingerprint["absent"]) == 5
    changed = [Page(u, api_html(i, renamed=True)) for i, u in enumerate(urls)]
    (rep,), _stats = repair_site(changed, learned)
    assert rep.status == "repaired", rep
    assert LABEL in rep.xpath and "v2-xref" in rep.xpath, rep.xpath
    fixed = accept_field_repairs(learned, [rep])
    for i, page in enumerate(changed):
        # Pages without the section stay empty: their description's link is not the list.
        assert apply_template(page, fixed).values["see_also"] == (see_also(i) if i < 20 else []), i
