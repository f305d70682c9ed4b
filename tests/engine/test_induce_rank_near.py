"""Apache manual shapes: a language bar (`div.toplang > p > a`) beside a note box whose one
link a far-id rule (`//div[@id='preamble']/div/p/a`) also takes is two lists on those pages,
so the container's own class wins; a table label written with a no-break space
('Module&nbsp;Identifier:') still gives a label rule; and a module page's `h1` with another
module page's directive `h2` are two parts of one kind of page, not two kinds of page."""

from __future__ import annotations

from typing import Any

import lxml.html
import pytest

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, InductionError, induce, several_lists
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.rulefile import to_scrapy_spider
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

SITE = "http://en.local/"


def module_page(i: int, *, note: bool, directives: int) -> str:
    """A module page: a language bar, a summary table, a note box on some, a 'See also'
    box on every other one and 0-6 directive sections (with an example from the third)."""
    langs = "".join(
        f"<a href='../{c}/m{i}.html'>&nbsp;{c}&nbsp;</a> | "
        for c in ("en", "fr", "ja")[: 2 + i % 2]
    )
    warn = (
        "<div class='warning'><h3>Warning</h3><p>Do not enable until you have <a href='#access'>secured your server</a>.</p></div>"
        if note
        else ""
    )
    dirs = "".join(
        f"<div class='directive-section'><h2 id='d{k}'>D{k} Directive</h2><p>About D{k}.</p>"
        + ("<pre><code>D2 on</code></pre>" if k == 2 else "")
        + "</div>"
        for k in range(directives)
    )
    return (
        "<html><body><div id='page-header'><p class='menu'>Modules</p></div>"
        f"<div id='page-content'><div id='preamble'><h1>Apache Module m{i}</h1>"
        f"<div class='toplang'><p><span>Available Languages: </span>{langs}</p></div>"
        "<table class='module'><tr><th>Description:</th><td>Does things</td></tr>"
        "<tr><th>Status:</th><td>Base</td></tr>"
        f"<tr><th>Module&nbsp;Identifier:</th><td>m{i}_module</td></tr></table>"
        f"<h3>Summary</h3>{warn}<p>Text {i}.</p></div>"
        f"<div id='quickview'><ul id='toc'><li><a href='#x'>X</a></li></ul></div>{dirs}"
        + (
            "<div class='seealso'><ul><li><a href='x.html'>See</a></li></ul></div>"
            if i % 2 == 0
            else ""
        )
        + "</div></body></html>"
    )


def site() -> SiteIndex:
    urls, trees = [], []
    for i in range(16):
        urls.append(f"{SITE}mod/m{i}.html")
        trees.append(
            parse_html(module_page(i, note=i % 4 == 1, directives=0 if i % 3 == 0 else 2 + i % 5))
        )
    return SiteIndex(urls, trees)


def click(index: SiteIndex, url: str, xpath: str) -> Example:
    root = index.trees[index.urls.index(url)]
    return Example(url, root, select_elements(root, xpath)[0])


def test_a_note_box_link_beside_the_language_bar_is_another_list() -> None:
    root = parse_html(module_page(1, note=True, directives=2))
    found = root.xpath("//div[@id='preamble']/div/p/a")
    assert [a.text_content() for a in found][-1] == "secured your server"
    assert several_lists(found)
    assert not several_lists(root.xpath("//div[@class='toplang']/p/a"))


def test_the_language_bar_anchors_on_its_own_class_not_the_far_id() -> None:
    index = site()
    a, b = f"{SITE}mod/m2.html", f"{SITE}mod/m3.html"
    rules = induce(
        [
            click(index, a, "//div[@class='toplang']/p/a[1]"),
            click(index, a, "//div[@class='toplang']/p/a[2]"),
            click(index, b, "//div[@class='toplang']/p/a[2]"),
        ],
        [],
        index,
        as_list=True,
    )
    assert "toplang" in rules[0].xpath, [r.xpath for r in rules]
    far = [r for r in rules if r.xpath == "//div[@id='preamble']/div/p/a"]
    assert not far or far[0].site["mixed"] > 0


def test_a_label_with_a_no_break_space_gives_a_label_rule() -> None:
    index = site()
    xp = "//table[@class='module']/tr[3]/td"
    rules = induce(
        [click(index, f"{SITE}mod/m2.html", xp), click(index, f"{SITE}mod/m5.html", xp)], [], index
    )
    labels = [r.xpath for r in rules if "Module Identifier:" in r.xpath]
    assert labels, [r.xpath for r in rules]
    for r in rules[:1]:
        assert "Module Identifier:" in r.xpath, [r.xpath for r in rules]
    # lxml (and so parsel) runs the form on a page it has not seen
    page = lxml.html.fromstring(module_page(40, note=False, directives=1))
    assert [n.text_content() for n in page.xpath(labels[0])] == ["m40_module"]
    # and the Scrapy spider's parsel selectors run it from the exported source
    template = Template("apache", site="en.local", fields=[Field("module_id", xpaths=(labels[0],))])
    namespace: dict[str, Any] = {"__name__": "spider"}
    exec(compile(to_scrapy_spider(template), "spider.py", "exec"), namespace)
    assert namespace["extract"](module_page(41, note=False, directives=0))["module_id"] == (
        "m41_module"
    )


def test_two_parts_of_one_kind_of_page_are_not_called_two_kinds() -> None:
    index = site()
    title = click(index, f"{SITE}mod/m0.html", "//h1")
    section = click(index, f"{SITE}mod/m4.html", "//div[@class='directive-section'][1]/h2")
    with pytest.raises(InductionError) as err:
        induce([title, section], [], index)
    text = str(err.value)
    assert text.startswith(
        "the examples contradict each other (different parts of one kind of page"
    ), text
    assert "built differently" not in text, text


def test_without_notes_the_bar_s_own_class_still_wins_over_the_far_id() -> None:
    urls, trees = [], []
    for i in range(12):
        urls.append(f"{SITE}mod/m{i}.html")
        trees.append(parse_html(module_page(i, note=False, directives=2)))
    index = SiteIndex(urls, trees)
    a, b = f"{SITE}mod/m2.html", f"{SITE}mod/m3.html"
    rules = induce(
        [
            click(index, a, "//div[@class='toplang']/p/a[1]"),
            click(index, a, "//div[@class='toplang']/p/a[2]"),
            click(index, b, "//div[@class='toplang']/p/a[2]"),
        ],
        [],
        index,
        as_list=True,
    )
    assert rules[0].xpath == (
        "//div[contains(concat(' ', normalize-space(@class), ' '), ' toplang ')]/p/a"
    ), [r.xpath for r in rules]


def header_page(i: int) -> str:
    """A page whose body has a site-wide id and whose first block, `div.header`, holds a
    table headed by the page's name."""
    return (
        "<html><body id='manual'><div class='header'><table><tr><th>Name "
        f"{i}</th></tr><tr><td>v{i}</td></tr></table></div><div><p>Text {i}</p></div>"
        f"<div class='footer'><p>Footer</p></div></body></html>"
    )


def test_a_field_anchors_on_its_container_s_class_not_a_far_id() -> None:
    urls = [f"{SITE}p{i}.html" for i in range(12)]
    index = SiteIndex(urls, [parse_html(header_page(i)) for i in range(12)])
    xp = "/html/body/div[1]/table/tr[1]/th"
    rules = induce([click(index, urls[1], xp), click(index, urls[4], xp)], [], index)
    assert rules[0].xpath.startswith(
        "//div[contains(concat(' ', normalize-space(@class), ' '), ' header ')]/"
    ), [r.xpath for r in rules]
