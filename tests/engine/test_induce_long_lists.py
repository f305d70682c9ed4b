"""List induction on pages whose lists have thousands of items (Vim's help: one <PRE> holding
every link of the page) costs work in proportion to the items, not to their square: each
item's list is found without scanning all of its siblings again."""

from __future__ import annotations

from typing import Any

import lxml.html
from lxml import etree

from deboiler_gui.engine.template.induce import Example, induce, several_lists
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

#: Children of an element iterated over (each ``for child in element`` adds the element's
#: number of children): the work of scanning siblings.
VISITS = [0]


class CountingElement(lxml.html.HtmlElement):
    def __iter__(self) -> Any:
        VISITS[0] += len(self)
        return super().__iter__()


def _parse(html: str) -> Any:
    parser = lxml.html.HTMLParser()
    parser.set_element_class_lookup(etree.ElementDefaultClassLookup(element=CountingElement))
    return lxml.html.document_fromstring(html, parser=parser)


def help_page(i: int, links: int) -> str:
    words = ["Farsi", "Arabic", "it", "as", "window", "Unicode", "options"]
    body = "\n".join(
        f'*<A NAME="t{i}-{k}"></A><B>t{k}</B>* see <A HREF="#w{k % 7}">{words[k % 7]}</A>'
        for k in range(links)
    )
    return f"""<HTML><BODY><H1>Vim documentation: page{i}</H1>
<A NAME="top"></A><A HREF="index.html">main help file</A><HR>
<PRE>{body}
<A HREF="#top">top</A> - <A HREF="index.html">main help file</A>
</PRE></BODY></HTML>"""


def _site(pages: int, links: int) -> SiteIndex:
    urls = [f"http://help.local/p{i}.html" for i in range(pages)]
    return SiteIndex(urls, [_parse(help_page(i, links + 50 * i)) for i in range(pages)])


def test_one_family_of_a_long_list_scans_each_item_once() -> None:
    root = _parse(help_page(0, 3000))
    items = select_elements(root, "/html/body/pre/a[@href]")
    VISITS[0] = 0
    assert not several_lists(items)
    # the <pre>'s ~6,000 children listed a few times, not once per item (18 million)
    assert VISITS[0] <= 4 * len(root.find("body/pre")), VISITS[0]


def test_list_induction_work_grows_with_the_items_not_their_square() -> None:
    site = _site(8, 1500)
    root = site.trees[0]
    links = select_elements(root, "/html/body/pre/a[@href]")
    examples = [Example(site.urls[0], root, links[k]) for k in (0, 1, 5)]
    children = sum(len(t.find("body/pre")) for t in site.trees)
    VISITS[0] = 0
    rules = induce(examples, index=site, as_list=True)
    assert rules, "no list rule"
    got = select_elements(root, rules[0].xpath)
    assert all(any(g is e.node for g in got) for e in examples)
    # Every item of every sampled page is looked at a bounded number of times; scanning each
    # item's siblings again (the quadratic way) visits about 1,500 times more.
    assert VISITS[0] <= 40 * children, (VISITS[0], children)
