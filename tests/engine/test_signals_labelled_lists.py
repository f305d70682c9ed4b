"""A definition list's names under one label (old-style Javadoc's 'All Implemented
Interfaces:') are not left out beside nodes like them under another label of the same block
('Direct Known Subclasses:'): those are another list, another field, not entries the rule
misses. A name of the items' own list that the rule does not take still is."""

from __future__ import annotations

from typing import Any

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import site_signals

SITE = "api.example"
RULE = "//dt[normalize-space(.)='All Implemented Interfaces:']/following-sibling::dd[1]/code"


def codes(names: list[str]) -> str:
    return ", ".join(f"<code><a href='{n}.html'>{n}</a></code>" for n in names)


def page(i: int, *, extra: str = "") -> Page:
    interfaces = codes([f"I{i}", f"J{i}", "Closeable"][: 1 + i % 3])
    subclasses = codes([f"Sub{i}x{k}" for k in range(2 + i % 4)])
    return Page(
        f"https://{SITE}/C{i}.html",
        "<html><body><main><div class='description'><ul class='blockList'>"
        "<li class='blockList'>"
        f"<dl><dt>All Implemented Interfaces:</dt><dd>{interfaces}{extra}</dd></dl>"
        f"<dl><dt>Direct Known Subclasses:</dt><dd>{subclasses}</dd></dl>"
        f"<hr><pre>public class C{i}</pre></li></ul></div></main></body></html>",
    )


def flags(pages: list[Page], xpath: str) -> list[dict[str, Any]]:
    field = Field("interfaces", xpaths=(xpath,), is_list=True)
    t = Template("ref", site=SITE, fields=(field,), use_cleaner=False)
    return [f for s in site_signals(pages, [t]) for f in s.flags()]


def test_names_under_another_label_of_the_block_are_not_left_out() -> None:
    got = flags([page(i) for i in range(12)], RULE)
    assert not [f for f in got if "nodes like the items" in f["flag"]], got


def test_a_list_of_the_same_label_left_out_is_still_flagged() -> None:
    # a second 'All Implemented Interfaces:' list in the block, that the rule does not take
    pages = []
    for i in range(12):
        p = page(i)
        more = f"<dl><dt>All Implemented Interfaces:</dt><dd>{codes(['K', 'L'])}</dd></dl>"
        pages.append(Page(p.url, p.html.replace("<hr>", f"{more}<hr>")))
    got = flags(pages, f"({RULE})[1]/../code")
    assert [f for f in got if "nodes like the items" in f["flag"]], got
