"""A list taken from one row of a class page's summary table whose cells share one class (qdoc's
`td.bottomAlign` for 'Header:', 'Inherits:', 'Inherited By:'): most classes have no
'Inherited By:' row, and the other rows' cells holding text are no sign that the field's node
is of another kind there; a root class with far more subclasses than others has its list
grown in the same cell, though a class of one subclass, whose one link repeats nothing, finds
its row's table as its list. Plain-text subclass names in an 'Inherited By:' cell, and a long
list from another block of that class, are still flagged."""

from __future__ import annotations

from typing import Any

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import site_signals

SITE = "qt.local"
RULE = "//td[contains(concat(' ', normalize-space(@class), ' '), ' bottomAlign ')]/p/a"


def row(label: str, value: str) -> str:
    return (
        f"<tr><td class='memItemLeft rightAlign topAlign'>{label}</td>"
        f"<td class='memItemRight bottomAlign'>{value}</td></tr>"
    )


def class_page(i: int, subclasses: int, *, plain: bool = False, odd: int = 0) -> Page:
    """A class page: the summary table's rows, an 'Inherited By:' row when the class has
    subclasses (their names as links in a paragraph, or as plain text when ``plain``), and a
    member table whose cells are of the same class; on an ``odd`` page a summary cell
    holding a long list of another block."""
    rows = [row("Header:", f"#include &lt;Q{i}&gt;"), row("qmake:", "QT += core")]
    if i % 3:
        rows.append(row("Inherits:", "<a href='qobject.html'>QObject</a>"))
    if subclasses:
        names = [f"Q{i}Sub{k}" for k in range(subclasses)]
        links = (
            ", ".join(names)
            if plain
            else ", ".join(f"<a href='{n.lower()}.html'>{n}</a>" for n in names)
        )
        rows.append(row("Inherited By:", f"<p>{links}</p>"))
    if odd:
        items = "".join(f"<li><a href='f{k}.html'>f{k}</a></li>" for k in range(odd))
        rows.append(row("Functions:", f"<ul>{items}</ul>"))
    members = "".join(row("", f"<b><a href='#f{k}'>f{k}</a></b>()") for k in range(3))
    return Page(
        f"http://{SITE}/q{i}.html",
        "<html><body><div class='content mainContent'>"
        f"<h1 class='title'>Q{i} Class</h1><div class='table'><table class='alignedsummary'>"
        f"{''.join(rows)}</table></div><p>About Q{i}, a class of the library.</p>"
        "<h2>Public Functions</h2><div class='table'><table class='alignedsummary'>"
        f"{members}</table></div></div></body></html>",
    )


def counts(i: int) -> int:
    """Subclasses of class i: none for most, one for many (more than those with two to
    four): the lists of one item are most of the lists."""
    return [0, 0, 1, 0, 1, 2, 0, 1, 3, 0, 1, 4][i % 12]


def flags(pages: list[Page], xpath: str = RULE) -> list[dict[str, Any]]:
    t = Template(
        "qt",
        site=SITE,
        fields=(Field("inherited_by", xpaths=(xpath,), is_list=True),),
        use_cleaner=False,
    )
    return site_signals(pages, [t])[0].flags()


def test_a_summary_row_right_on_every_page_is_not_flagged() -> None:
    pages = [class_page(i, counts(i)) for i in range(48)]
    pages.append(class_page(48, 60))  # the root class: many subclasses, in the same cell
    pages.append(class_page(49, 30))
    got = flags(pages)
    assert not [f for f in got if f["flag"].startswith("empty where its anchor is")], got
    assert not [f for f in got if f["flag"].startswith("item count varies wildly")], got


def test_plain_names_in_the_fields_own_row_are_still_flagged() -> None:
    plain = {7, 19, 31, 43}
    pages = [class_page(i, counts(i) or 2 * (i in plain), plain=i in plain) for i in range(48)]
    got = [f for f in flags(pages) if f["flag"].startswith("empty where its anchor is")]
    assert got, flags(pages)
    assert set(got[0]["look_at"]) == {f"http://{SITE}/q{i}.html" for i in plain}, got


def test_a_long_list_of_another_block_of_the_class_is_still_flagged() -> None:
    pages = [class_page(i, counts(i)) for i in range(48)]
    pages.append(class_page(48, 0, odd=60))
    got = flags(
        pages, "//td[contains(concat(' ', normalize-space(@class), ' '), ' bottomAlign ')]//a"
    )
    wild = [f for f in got if f["flag"].startswith("item count varies wildly")]
    assert wild and wild[0]["look_at"] == [f"http://{SITE}/q48.html"], got
