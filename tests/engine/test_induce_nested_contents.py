"""Sphinx's sidebar (the flask-like theme pytest's docs use): a site contents list, then after an
`hr` the page's own contents (one top entry, the page's title, with its sections nested up to
three levels), then 'Related Topics'. Pages without sections have no local contents, and the
'Related Topics' list then sits where the local contents sit elsewhere."""

from __future__ import annotations

import re
from typing import Any

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.induce import Example, induce
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements
from deboiler_gui.engine.template.signals import site_signals


def local_contents(i: int) -> str:
    subs = "".join(
        f'<li><a class="reference internal" href="#s{i}-{k}">Part {k} of {i}</a>'
        + (
            f'<ul><li><a class="reference internal" href="#s{i}-{k}-x">Detail {k} of {i}</a>'
            "</li></ul>"
            if k % 2
            else ""
        )
        + "</li>"
        for k in range(1, 4 + i % 3)
    )
    return (
        f'<hr><ul><li><a class="reference internal" href="#">Page {i}</a><ul>{subs}</ul></li>'
        "</ul><hr>"
    )


def page(i: int) -> str:
    local = local_contents(i) if i % 3 else "<hr>"
    return f"""<html><body><div class="document"><div class="body"><h1>Page {i}</h1>
<p>Text {i}.</p></div></div>
<div class="sphinxsidebar" role="navigation"><div class="sphinxsidebarwrapper">
<p class="logo"><a href="index.html"><img src="logo.svg" alt="Logo"></a></p>
<h3>Contents</h3><ul><li><a href="index.html">Home</a></li><li><a href="start.html">Start</a></li>
<li><a href="guides.html">Guides</a></li></ul>
<h3>About the project</h3><ul><li><a href="changelog.html">Changelog</a></li>
<li><a href="license.html">License</a></li></ul>
{local}
<h3>Related Topics</h3><ul><li><a href="contents.html">Documentation overview</a><ul>
<li>Previous: <a href="p{i - 1}.html" title="previous chapter">Page {i - 1}</a></li>
</ul></li></ul>
</div></div></body></html>"""


def site() -> SiteIndex:
    urls = [f"http://docs.test/p{i}.html" for i in range(24)]
    return SiteIndex(urls, [parse_html(page(i)) for i in range(24)])


def example(index: SiteIndex, i: int, xpath: str) -> Example:
    root = index.trees[i]
    return Example(index.urls[i], root, select_elements(root, xpath)[0])


def local_items(root: object) -> list[str]:
    return [
        a.text_content()
        for a in select_elements(root, "//div[@class='sphinxsidebarwrapper']//a[@href]")
        if a.get("href", "").startswith("#")
    ]


def test_a_top_entry_and_a_third_level_entry_give_the_descendant_form() -> None:
    index = site()
    top = example(index, 4, "//div[@class='sphinxsidebarwrapper']/hr/following-sibling::ul[1]/li/a")
    deep = example(index, 5, "//a[@href='#s5-3-x']")
    rules = induce([top, deep], index=index, as_list=True)
    best = rules[0]
    assert "//a" in best.xpath, best.xpath
    assert best.site["mixed"] == 0, best.site
    for i, root in enumerate(index.trees):
        got = [n.text_content() for n in select_elements(root, best.xpath)]
        if i in (4, 5):
            assert got == local_items(root), (i, best.xpath, got)


def test_the_local_contents_rule_does_not_hang_on_the_lists_position() -> None:
    """Where a page has no local contents, 'Related Topics' is the sidebar's third list: a
    rule pinned to `ul[3]` takes it there. A rule of equal coverage that is not pinned (the
    list right after the `hr`, or the links into the page) goes first, and gives nothing on
    those pages."""
    index = site()
    clicks = [
        example(index, 4, "//div[@class='sphinxsidebarwrapper']/hr/following-sibling::ul[1]/li/a"),
        example(index, 5, "//a[@href='#s5-3-x']"),
        example(index, 7, "//a[@href='#s7-2']"),
    ]
    best = induce(clicks, index=index, as_list=True)[0]
    assert not re.search(r"ul\[\d+\]", best.xpath), best.xpath
    for i, root in enumerate(index.trees):
        got = [n.text_content() for n in select_elements(root, best.xpath)]
        assert got == local_items(root), (i, best.xpath, got)


def test_the_pinned_flag_names_the_pages_unlike_the_examples() -> None:
    """The positional rule, as authored before: its flag takes the node on the pages its
    examples were clicked on for the right one (the local contents, an unlabelled list after
    the `hr`), not the commonest node at that place ('Related Topics' where a page has no
    contents: here 8 of 24 pages, in pytest's docs 164 of 249)."""
    pinned = "//div[contains(concat(' ', normalize-space(@class), ' '), ' sphinxsidebarwrapper ')]/ul[3]//a"
    pages = [Page(f"http://docs.test/p{i}.html", page(i)) for i in range(24)]
    # Most pages without contents, as on pytest's docs: every third page has them.
    pages = [Page(p.url, page(i) if i % 3 == 1 else page(3 * i)) for i, p in enumerate(pages)]

    def flags(fld: Field) -> list[dict[str, Any]]:
        got = site_signals(pages, [Template("docs", fields=(fld,), use_cleaner=False)])
        return [f for f in got[0].flags() if "pinned to position" in f["flag"]]

    plain = flags(Field("toc", xpaths=(pinned,), is_list=True))
    assert plain and "other pages" in plain[0]["flag"]  # never clicked: the commonest node
    without = {p.url for i, p in enumerate(pages) if i % 3 != 1}
    assert set(plain[0]["look_at"]) <= {p.url for p in pages} - without  # the right pages
    clicked = Field("toc", xpaths=(pinned,), is_list=True).with_example_pages(
        [pages[4].url, pages[7].url]
    )
    got = flags(clicked)
    assert got, "the rule is still flagged"
    flag = got[0]
    assert "not the one of the example pages" in flag["flag"], flag["flag"]
    assert "Related Topics" in flag["flag"].split("instead of")[0], flag["flag"]
    assert flag["pages"] == len(without)
    assert set(flag["look_at"]) <= without, flag["look_at"]
