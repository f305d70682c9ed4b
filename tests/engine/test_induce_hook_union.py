"""A field whose node carries a class of its own on each kind of page (a module's summary in a
`div.module-summary-body`, a file format's in a `div.file-summary-body`): examples from both
kinds give the union of the two hooks, or their labels' shared last word ('Module Summary',
'File Summary': a third kind's 'Application Summary' too), not the place they share on the
clicked pages (which holds another block on pages with one more section before it)."""

from __future__ import annotations

import re

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select, select_elements

#: A step's place among its siblings (a following sibling's `[1]` is the next one, no place).
PLACE = re.compile(r"(?<!::div)\[\d+\]|^/html")


def kind_of(i: int) -> str:
    return "file" if i % 4 == 3 else "application" if i % 8 == 5 else "module"


def page(i: int, file_label: str = "File Summary") -> str:
    kind = kind_of(i)
    label = file_label if kind == "file" else f"{kind.title()} Summary"
    # Some pages hold a 'Since' block before the summary: the summary's place moves.
    since = "<div class='innertube'><h3>Since</h3><div class='REFBODY'>R14</div></div>" * (
        i % 3 == 1
    )
    return f"""<html><body><div id='container'><aside id='leftnav'><ul><li>m{i}</li></ul></aside>
    <div id='content'><div class='innertube'><h1>m{i}</h1><a href='index.html'>up</a></div>
    <div class='innertube'><h3>{kind.title()}</h3><div class='REFBODY {kind}-body'>m{i}</div></div>
    {since}
    <div class='innertube'><h3>{label}</h3>
      <div class='REFBODY {kind}-summary-body'>What m{i} does.</div></div>
    <p><a href='x{i}.html'>see x{i}</a></p><p><a class='{kind}-src' href='src/m{i}.erl'>m{i}.erl</a></p>
    <div class='innertube'><h3>Description</h3><p>Long text {i}.</p></div>
    </div></div></body></html>"""


def summary(site: SiteIndex, i: int) -> Example:
    root = site.trees[i]
    node = select_elements(root, "//div[contains(@class, 'summary-body')]")[0]
    return Example(site.urls[i], root, node)


def test_labels_that_share_their_last_word_are_one_label() -> None:
    urls = [f"https://k.example/doc/m{i}.html" for i in range(16)]
    site = SiteIndex(urls, [parse_html(page(i)) for i in range(16)])
    rules = induce([summary(site, 2), summary(site, 3)], index=site, limit=8)
    best = rules[0].xpath
    assert "' Summary'" in best and not PLACE.search(best), best
    for i, root in enumerate(site.trees):
        got = [n.text_content() for n in select_elements(root, best)]
        assert got[:1] == [f"What m{i} does."], (i, best)  # the application pages too
    assert any(" | " in r.xpath and "module-summary-body" in r.xpath for r in rules)


def test_summaries_with_a_class_each_are_the_union_of_their_hooks() -> None:
    urls = [f"https://k.example/doc/m{i}.html" for i in range(16)]
    site = SiteIndex(urls, [parse_html(page(i, "Purpose")) for i in range(16)])
    best = induce([summary(site, 2), summary(site, 3)], index=site)[0].xpath
    assert " | " in best and "file-summary-body" in best, best
    assert not PLACE.search(best), best
    for i, root in enumerate(site.trees):
        got = [n.text_content() for n in select_elements(root, best)]
        if kind_of(i) != "application":  # a kind no example showed
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
        want = [] if kind_of(i) == "application" else [f"src/m{i}.erl"]
        assert select(root, best.xpath) == want, (i, best.xpath)
