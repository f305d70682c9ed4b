"""A class every block carries before a position in a repaired rule.

A Texinfo-style manual (``texinfopages``) whose menu field is the content cell's first list
(``…/td[2]/ul[1]/li/a``). With each menu put in a ``div class='menu'``, repair took the menus
by position (``…/td[2]/div[3]/ul/li/a``) beside the class every menu carries: anchored forms
were looked for only when a queue's last rule was positional. The plain class rule is not the
field either: a FAQ set out without the frame has menus of that class (the field is absent
there), and a page with two menus gives both where the old rule gave the first."""

from __future__ import annotations

import sys
from pathlib import Path

from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.valuerepair import (
    accept_field_repairs,
    bare_positions,
    is_positional,
    repair_site,
)

sys.path.insert(0, str(Path(__file__).resolve().parent))
from texinfopages import changed, learned, manual, wrapped  # noqa: E402


def test_a_class_every_menu_carries_before_a_position() -> None:
    pages = manual()
    t = learned(pages)
    new = changed(pages, wrapped)
    (menu,) = [r for r in repair_site(new, t)[0] if r.field == "menu"]
    assert menu.status == "repaired", (menu.status, menu.evidence)
    first = menu.xpaths[0]
    assert "' menu '" in first, menu.xpaths
    assert bare_positions(first) == 0, menu.xpaths
    assert is_positional("//table[@summary='top banner']/tr/td[2]/div[3]/ul/li/a")
    fixed = accept_field_repairs(t, [menu])
    menus = [
        (old, page) for old, page in zip(pages, new, strict=True) if 'class="menu"' in page.html
    ]
    assert len(menus) >= 10
    for old, page in menus:
        # every page with a menu (in the frame) gives it, as the old rule did
        want = apply_template(old, t).values["menu"]
        assert apply_template(page, fixed).values["menu"] == want, (page.url, menu.xpaths)
    # a page with two menus gives its first, as the old rule did
    two = "https://manual.example/Open.html"
    got = apply_template(next(p for p in new if p.url == two), fixed).values["menu"]
    assert got == ["Opening Files", "Opening Pipes"]


def test_bare_positions_counts_steps_found_by_position_alone() -> None:
    assert bare_positions("//table[@summary='top banner']/tr/td[2]/div[3]/ul/li/a") == 2
    assert bare_positions("/html/body/div[2]/a") == 2
    first = "(//div[contains(concat(' ', normalize-space(@class), ' '), ' menu ')])[1]/ul/li/a"
    assert bare_positions(first) == 0
    assert bare_positions("(//div)[1]/a") == 1
    assert bare_positions("(//div[@class='shell'])[6]/div") == 1
