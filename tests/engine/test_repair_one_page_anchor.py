"""A label of one page, or the page's head, is no anchor of a repaired rule.

A Texinfo-style manual (``texinfopages``): the menu field is the content cell's first list
(``…/td[2]/ul[1]/li/a``: a menu, or on a release note the list of fixed bugs under its
sub-heading); ``prev_href`` the third arrow of the top image map.

- With each menu put in a ``div class='menu'``, the fixed bugs of the learned release note
  (no menu there) were given a rule of their own anchored on that page's heading
  (``//div[normalize-space(.)='9.1.0: Version 1.0']/following-sibling::ul[1]/li/a``), found on
  that page alone.
- With the arrows of each map reversed, the last page (no 'next' arrow: its 'previous' one is
  now first) was given a rule anchored on the page's head (``//head[normalize-space(.)=
  'Manual: Version 1.1']/following-sibling::body[1]/…/area[1]/@href``); the arrow's own
  place in the picture (``@coords``) is the anchor that holds."""

from __future__ import annotations

import sys
from pathlib import Path

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import apply_template, page_tree
from deboiler_gui.engine.template.selectors import select_elements
from deboiler_gui.engine.template.valuerepair import accept_field_repairs, repair_site, rule_labels

sys.path.insert(0, str(Path(__file__).resolve().parent))
from texinfopages import arrows_reversed, changed, learned, manual, wrapped  # noqa: E402


def label_pages(rule: str, pages: list[Page]) -> dict[str, int]:
    """For each label a rule names, on how many pages the rule up to that label selects."""
    out = {}
    trees = [page_tree(p) for p in pages]
    steps = rule.split("/")
    for i in range(len(steps)):
        labels = rule_labels("/".join(steps[: i + 1]))
        if labels and not rule_labels("/".join(steps[:i])):
            prefix = "/".join(steps[: i + 1])
            for label, _reach in labels:
                out[label] = sum(1 for t in trees if select_elements(t, prefix))
    return out


def test_a_rule_for_one_page_s_heading_is_no_repair() -> None:
    pages = manual()
    # learned on the overviews (menus), a release note (its bugs) and pages without the field
    t = learned(pages, ("Overview.html", "Version_1_0", "Options"))
    samples = t.field("menu").search.fingerprint["samples"]
    assert samples["https://manual.example/Version_1_0.html"]
    new = changed(pages, wrapped)
    (menu,) = [r for r in repair_site(new, t)[0] if r.field == "menu"]
    assert menu.status == "repaired", (menu.status, menu.evidence)
    for rule in menu.xpaths:
        for label, n in label_pages(rule, new).items():
            assert n >= 2, (label, rule)
    for alt in menu.alternatives:
        assert not any(n < 2 for rule in alt["xpaths"] for n in label_pages(rule, new).values()), (
            alt["xpaths"]
        )
    # the repaired queue gives every page the value the old template gave it
    fixed = accept_field_repairs(t, [menu])
    for old, page in zip(pages, new, strict=True):
        want = apply_template(old, t).values["menu"]
        assert apply_template(page, fixed).values["menu"] == want, (page.url, menu.xpaths)


def test_a_rule_anchored_in_the_page_s_head_is_no_repair_of_a_body_field() -> None:
    pages = manual()
    # the last page (no 'next' arrow) among the learned ones
    t = learned(pages, ("Overview.html", "Version_1_1", "Options"))
    assert t.field("prev_href").search.fingerprint["samples"][
        "https://manual.example/Version_1_1.html"
    ]
    new = changed(pages, arrows_reversed)
    (prev,) = [r for r in repair_site(new, t)[0] if r.field == "prev_href"]
    proposed = [prev.xpaths, *(a["xpaths"] for a in prev.alternatives)]
    assert not any("head" in x.replace("@href", "") for q in proposed for x in q), proposed
    # each arrow keeps its place in the picture (its coords) when the map's order is reversed:
    # the rule anchored there gives every page, the last one included, its old value
    assert prev.status == "repaired", (prev.status, prev.evidence)
    assert any("@coords=" in x for x in prev.xpaths), prev.xpaths
    fixed = accept_field_repairs(t, [prev])
    for old, page in zip(pages, new, strict=True):
        # the first page has no 'previous' arrow: the old positional rule took its 'next' one
        want = (
            "" if page.url.endswith("/index.html") else apply_template(old, t).values["prev_href"]
        )
        assert apply_template(page, fixed).values["prev_href"] == want, (page.url, prev.xpaths)
