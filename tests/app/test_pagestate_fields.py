"""A field's state on the shown page (the Template panel's Page column, and the nodes it
highlights): a rule that gives strings, an attribute's value (`…/a/@href`) or a text node,
counts its values and marks the elements they are read from."""

from __future__ import annotations

from deboiler_gui.app.pagestate import compute_page_state
from deboiler_gui.app.stamping import prepare_page
from deboiler_gui.engine.template.model import Field, Template

HTML = """<html><body><div class='related'><ul>
<li>Previous: <a href='p1.html' title='previous chapter'>Getting started</a></li>
<li>Next: <a href='p3.html' title='next chapter'>Fixtures</a></li></ul></div>
<div class='toc'><a href='#a'>A</a><a href='#b'>B</a><a>no target</a></div>
<h1>Topic <em>two</em></h1></body></html>"""


def test_a_field_of_an_attribute_or_a_text_counts_its_values_and_marks_their_elements() -> None:
    sp = prepare_page("https://s.example/p2.html", HTML)
    prev = sp.root.xpath("//a[@title='previous chapter']")[0]
    links = sp.root.xpath("//div[@class='toc']/a[@href]")
    t = Template(
        "t",
        use_cleaner=False,
        fields=(
            Field("prev_text", xpaths=("//a[@title='previous chapter']",)),
            # as `suggest --save` stores it, and as a rule file of before wrote it
            Field(
                "prev_href",
                xpaths=("//a[@title='previous chapter']/@href",),
                kind="attribute",
                attribute="href",
            ),
            Field("prev_href_old", xpaths=("//a[@title='previous chapter']/@href",)),
            Field("targets", xpaths=("//div[@class='toc']/a/@href",), is_list=True),
            Field("heading", xpaths=("//h1/text()",)),
            Field("none", xpaths=("//a[@title='up']/@href",)),
        ),
    )
    state = compute_page_state(sp, t, None)
    # (the count was 0 for every string field, where each had its value)
    assert state.items == {
        "prev_text": 1,
        "prev_href": 1,
        "prev_href_old": 1,
        "targets": 2,
        "heading": 1,
        "none": "no match",
    }
    marked = set(state.marks["field"])
    assert sp.stamp_of(prev) in marked
    assert {sp.stamp_of(a) for a in links} <= marked
    assert sp.stamp_of(sp.root.xpath("//h1")[0]) in marked
