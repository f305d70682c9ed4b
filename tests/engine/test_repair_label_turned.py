"""A list anchored on the label before its block (``//h2[…'Functions']/following-sibling::
div[1]/table/…``) is repaired after the blocks of every section were reversed and wrapped and its
classes renamed: the label now follows the (wrapped) block, and the rule with the sibling axis
turned finds it on every page, where the induction's rules count the sections by position."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.valuerepair import accept_field_repairs, learn_values, repair_site

SITE = "glib.example"
RULE = (
    "//h2[normalize-space(.)='Functions']/following-sibling::div[1]/table/tr/"
    "td[contains(concat(' ', normalize-space(@class), ' '), ' function_name ')]/a"
)


def section(title: str, cls: str, names: list[str], changed: bool) -> str:
    rows = "".join(
        f"<tr><td class='{cls}{'_k7' if changed else ''}'><a href='#{n}'>{n}</a></td></tr>"
        for n in names
    )
    table = f"<div class='informaltable'><table>{rows}</table></div>"
    if changed:
        table = f"<div>{table}</div>"  # every div wrapped
    parts = [f"<h2>{title}</h2>", table]
    if changed:
        parts.reverse()  # the block now comes before its label
    return f"<div class='refsect1'>{''.join(parts)}</div>"


def page(i: int, changed: bool = False) -> str:
    sections = [
        section("Types", "type_name", [f"T{i}_{k}" for k in range(2)], changed),
        section("Functions", "function_name", [f"f{i}_{k}" for k in range(2 + i % 4)], changed),
    ]
    # Pages have a few more sections or fewer: the Functions block's place varies.
    sections[1:1] = [section(f"Notes {k}", "note", [f"n{i}_{k}"], changed) for k in range(i % 3)]
    if changed:
        sections.reverse()
    return f"<html><body><div class='refentry'>{''.join(sections)}</div></body></html>"


def test_a_list_anchored_on_its_label_is_found_on_the_labels_other_side() -> None:
    urls = [f"https://{SITE}/m{i}.html" for i in range(12)]
    template = Template(
        "ref",
        site=SITE,
        fields=(Field("functions", xpaths=(RULE,), is_list=True),),
        use_cleaner=False,
    )
    learned = learn_values(template, [Page(u, page(i)) for i, u in enumerate(urls)])
    changed = [Page(u, page(i, changed=True)) for i, u in enumerate(urls)]
    (functions,), _stats = repair_site(changed, learned)
    assert functions.status == "repaired", functions.evidence
    assert functions.xpaths == [
        RULE.replace("following-sibling::div[1]/table", "preceding-sibling::div[1]//table").replace(
            " function_name ", " function_name_k7 "
        )
    ]
    fixed = accept_field_repairs(learned, [functions])
    for i in (3, 5, 10):
        got = apply_template(changed[i], fixed).values["functions"]
        assert sorted(got) == sorted(f"f{i}_{k}" for k in range(2 + i % 4))
