"""A click on a link's text lands on the innermost element inside the link (Scribble writes a
contents entry as `<a class="tocsublink"><span><span>name</span></span></a>`, a section entry
as a plain `<a class="tocsubseclink">`): the example is the link, so that clicks on wrapped
and plain links make one list, and the rule takes the plain links of other pages too."""

from __future__ import annotations

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, induce, inline_link
from deboiler_gui.engine.template.selectors import select_elements


def entry(name: str, *, section: bool) -> str:
    if section:
        return f'<tr><td><a class="sec" href="#{name}">{name}</a></td></tr>'
    return (
        f'<tr><td><a class="fn" href="#{name}"><span class="a"><span class="b">{name}'
        "</span></span></a></td></tr>"
    )


def page(entries: list[tuple[str, bool]]) -> str:
    rows = "".join(entry(n, section=s) for n, s in entries)
    return f"""<html><body>
<div class="side"><a href="index.html">Top</a></div>
<div class="contents"><table class="sublist">{rows}</table></div>
<div class="main"><h1>Page</h1><p>Text with <a href="x.html"><span>a link</span> and more
words after it</a>.</p></div>
</body></html>"""


PAGE_A = page([("alpha?", False), ("beta", False), ("gamma", False)])
PAGE_B = page([("Constructors", True), ("delta", False), ("Comparisons", True), ("eps", False)])
PAGE_C = page([("Only Sections", True), ("Another", True)])


def ex(url: str, html: str, xpath: str) -> Example:
    root = parse_html(html)
    return Example(url, root, root.xpath(xpath)[0])


def clicks(url: str, html: str, *xpaths: str) -> list[Example]:
    """Clicks on one page: its one tree."""
    root = parse_html(html)
    return [Example(url, root, root.xpath(xp)[0]) for xp in xpaths]


def test_clicks_on_wrapped_and_plain_links_make_one_list() -> None:
    a = "http://ref.test/a.html"
    b = "http://ref.test/b.html"
    exs = [
        *clicks(a, PAGE_A, "//table/tr[1]/td/a/span/span", "//table/tr[3]/td/a/span/span"),
        ex(b, PAGE_B, "//table/tr[1]/td/a"),
    ]
    best = induce(exs, as_list=True)[0]
    assert "span" not in best.xpath, best.xpath
    assert best.examples == [
        ["alpha?", "beta", "gamma"],
        ["Constructors", "delta", "Comparisons", "eps"],
    ]
    other = parse_html(PAGE_C)
    assert [n.text_content() for n in select_elements(other, best.xpath)] == [
        "Only Sections",
        "Another",
    ]


def test_span_clicks_alone_give_a_rule_that_takes_plain_links_too() -> None:
    a = "http://ref.test/a.html"
    exs = clicks(a, PAGE_A, "//table/tr[1]/td/a/span/span", "//table/tr[2]/td/a/span/span")
    best = induce(exs, as_list=True)[0]
    assert best.xpath.endswith("/a"), best.xpath
    found = select_elements(parse_html(PAGE_B), best.xpath)
    assert [n.text_content() for n in found] == ["Constructors", "delta", "Comparisons", "eps"]


def test_an_inline_node_with_a_small_part_of_the_link_text_stays_itself() -> None:
    root = parse_html(PAGE_A)
    part = root.xpath("//div[@class='main']//a/span")[0]
    assert inline_link(part) is None
    whole = root.xpath("//table/tr[1]/td/a/span/span")[0]
    assert inline_link(whole) is whole.getparent().getparent()
