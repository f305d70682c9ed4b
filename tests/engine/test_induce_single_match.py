"""A scalar field's rule that finds several different nodes on some pages (its first match is
taken there) ranks after a rule that finds one node on every page and one on at least as many
pages. Old-style Javadoc writes the superclass link in the declaration's `li.blockList > pre`
and each constructor's signature in a `li.blockList > pre` too: `//li[...blockList...]/pre/a`
takes a parameter type's link on a class that extends a type of another library (not linked),
and `div.description//a` a link of the description; the link after `span.typeNameLabel` is the superclass alone."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.induce import Example, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

SITE = "https://api.example/"
# most classes of the library that extend one of its own extend the same one
PARENTS = ["ProxyInputStream", "AbstractFileFilter", "ProxyOutputStream"] + ["ProxyInputStream"] * 3
PARENTS += ["ProxyReader"]
PARAMS = ["IOCase", "LineIterator", "TailerListener", "ByteOrderMark", "FileFilter"]


def decl(i: int) -> str:
    name = f"Type{i}"
    if i < len(PARENTS):  # a superclass of this library, linked
        parent = PARENTS[i]
        ext = f"extends <a href='{parent}.html'>{parent}</a>"
    else:  # a superclass of the platform, not linked
        ext = "extends java.io.InputStream"
    return f"<pre>public class <span class='typeNameLabel'>{name}</span>\n{ext}</pre>"


def ctor(i: int) -> str:
    """A constructor whose parameter's type is a link (one of this library), or none."""
    a = PARAMS[i % len(PARAMS)]
    param = f"<a href='{a}.html'>{a}</a> x" if i < 13 and i != 6 else "java.io.InputStream in"
    return (
        f"<ul class='blockList'><li class='blockList'><h4>Type{i}</h4>"
        f"<pre>public Type{i}({param})</pre>"
        "<div class='block'>Makes one.</div></li></ul>"
    )


def about(i: int) -> str:
    """The type's description: a link on most pages of a linked superclass, and a few others."""
    if i < 9:
        return "Reads a <a href='../ByteOrderMark.html'><code>ByteOrderMark</code></a> first."
    return "Reads bytes."


def page(i: int) -> str:
    ctors = ctor(i)
    return (
        "<html><body><header><nav><a href='index.html'>Overview</a></nav></header>"
        f"<main role='main'><div class='header'><h2 class='title'>Class Type{i}</h2></div>"
        "<div class='contentContainer'>"
        "<div class='description'><ul class='blockList'><li class='blockList'>"
        f"<hr>{decl(i)}<div class='block'>{about(i)}</div></li></ul></div>"
        "<div class='details'><ul class='blockList'><li class='blockList'>"
        "<section role='region'><ul class='blockList'><li class='blockList'>"
        f"<h3>Constructor Detail</h3>{ctors}</li></ul></section></li></ul></div>"
        "</div></main></body></html>"
    )


def test_a_rule_of_one_node_per_page_ranks_before_one_of_several() -> None:
    pages = [Page(f"{SITE}Type{i}.html", page(i)) for i in range(16)]
    index = SiteIndex.from_pages(pages, max_pages=None)
    trees = dict(zip(index.urls, index.trees, strict=True))
    click = "/html/body/main/div[2]/div[1]/ul/li/pre/a[1]"
    examples = []
    for i in (0, 1, 2):
        url = f"{SITE}Type{i}.html"
        node = select_elements(trees[url], click)[0]
        examples.append(Example(url, trees[url], node, "href"))
    rules = induce(examples, [], index, limit=8)
    assert rules, "no rule"
    top = rules[0]
    assert top.site["many"] == 0, (top.xpath, top.site)
    # the top rule gives the superclass on the pages that link one, nothing on the others
    for i in range(16):
        found = select_elements(trees[f"{SITE}Type{i}.html"], top.xpath.removesuffix("/@href"))
        want = [f"{PARENTS[i]}.html"] if i < len(PARENTS) else []
        got = [n.get("href") for n in found]
        assert got == want, (i, top.xpath, got)
    # a rule of several different nodes is still offered, after it
    several = [r for r in rules if r.site["conflicting"]]
    assert all(rules.index(r) > 0 for r in several)
