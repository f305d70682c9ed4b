"""A click on a heading's text lands on the anchor inside it (LaTeX2HTML's
`<H1><A ID=...>Title</A></H1>`, gnuplot's manual): the example is the heading, so headings of
different ranks make one field (the any-heading rule), as when the headings are given."""

from __future__ import annotations

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, induce
from deboiler_gui.engine.template.selectors import select_elements


def page(rank: int, title: str, *, empty_anchor: bool = False) -> str:
    if empty_anchor:
        head = f'<H{rank}><A NAME="SECTION{rank}0"></A>\n{title}\n</H{rank}>'
    else:
        head = f'<H{rank}><A ID="SECTION{rank}0">\n{title}</A>\n</H{rank}>'
    return f"""<html><body>
<!--Navigation Panel-->
<A ID="tex2html1" HREF="node1.html">next</A> <A HREF="node0.html">up</A>
<BR><B> Next:</B> <A HREF="node1.html">Other</A>
<BR><BR>
<!--End of Navigation Panel-->
{head}
<A ID="t{rank}"></A>
<P>Some text of {title}.</P>
<HR>
</body></html>"""


def examples(pages: list[tuple[int, str, bool]]) -> list[Example]:
    out = []
    for i, (rank, title, empty) in enumerate(pages):
        root = parse_html(page(rank, title, empty_anchor=empty))
        head = root.xpath(f"//h{rank}")[0]
        out.append(Example(f"http://gnuplot.test/node{i}.html", root, head[0]))
    return out


def test_anchors_in_headings_of_two_ranks_make_the_any_heading_rule() -> None:
    exs = examples([(1, "Bee swarm plots", False), (4, "Stringcolumn", False)])
    rules = induce(exs)
    best = rules[0]
    assert "self::h1" in best.xpath and "self::h4" in best.xpath, best.xpath
    assert best.examples == [["Bee swarm plots"], ["Stringcolumn"]]
    third = parse_html(page(3, "Polar", empty_anchor=False))
    found = select_elements(third, best.xpath)
    assert [n.tag for n in found][:1] == ["h3"]


def test_an_empty_named_anchor_stands_for_its_heading() -> None:
    exs = examples([(2, "Fit", True), (3, "Plot", True)])
    best = induce(exs)[0]
    assert "self::h2" in best.xpath and "self::h3" in best.xpath, best.xpath
    assert best.examples == [["Fit"], ["Plot"]]
