"""A field whose node carries a class of its own on each kind of page (a module's summary in a
`div.module-summary-body`, a file format's in a `div.file-summary-body`): examples from both
kinds give the union of the two hooks, not the place they share on the clicked pages (which
holds another block on pages with one more section before it)."""

from __future__ import annotations

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select, select_elements


def page(i: int) -> str:
    kind = "file" if i % 4 == 3 else "module"
    # Some pages hold a 'Since' block before the summary: the summary's place moves.
    since = "<div class='innertube'><h3>Since</h3><div class='REFBODY'>R14</div></div>" * (
        i % 3 == 1
    )
    return f"""<html><body><div id='container'><aside id='leftnav'><ul><li>m{i}</li></ul></aside>
    <div id='content'><div class='innertube'><h1>m{i}</h1><a href='index.html'>up</a></div>
    <div class='innertube'><h3>{kind.title()}</h3><div class='REFBODY {kind}-body'>m{i}</div></div>
    {since}
    <div class='innertube'><h3>{kind.title()} Summary</h3>
      <div class='REFBODY {kind}-summary-body'>What m{i} does.</div></div>
    <p><a href='x{i}.html'>see x{i}</a></p><p><a class='{kind}-src' href='src/m{i}.erl'>m{i}.erl</a></p>
    <div class='innertube'><h3>Description</h3><p>Long text {i}.</p></div>
    </div></div></body></html>"""


def test_summaries_with_a_class_each_are_the_union_of_their_hooks() -> None:
    urls = [f"https://k.example/doc/m{i}.html" for i in range(16)]
    site = SiteIndex(urls, [parse_html(page(i)) for i in range(16)])

    def ex(i: int) -> Example:
        root = site.trees[i]
        return Example(
            urls[i], root, select_elements(root, "//div[h3[contains(., 'Summary')]]/div")[0]
        )

    best = induce([ex(2), ex(3)], index=site)[0].xpath
    assert " | " in best and "module-summary-body" in best and "file-summary-body" in best, best
    for i, root in enumerate(site.trees):
        got = [n.text_content() for n in select_elements(root, best)]
        assert got[:1] == [f"What m{i} does."], (i, best)


def test_an_attribute_of_a_union_is_taken_on_both_parts() -> None:
    urls = [f"https://k.example/doc/m{i}.html" for i in range(16)]
    site = SiteIndex(urls, [parse_html(page(i)) for i in range(16)])

    def ex(i: int) -> Example:
        root = site.trees[i]
        return Example(urls[i], root, select_elements(root, "//p/a")[1], "href")

    best = induce([ex(2), ex(3)], index=site)[0]
    assert best.xpath.startswith("(") and best.xpath.endswith(")/@href"), best.xpath
    assert best.examples == [["src/m2.erl"], ["src/m3.erl"]]
    for i, root in enumerate(site.trees):
        assert select(root, best.xpath) == [f"src/m{i}.erl"], (i, best.xpath)
