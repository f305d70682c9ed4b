"""One click on a navigation bar's 'Up' link whose `title` names the link's target (ocamldoc:
`<a class="up" href="index.html" title="Index">Up</a>` on a top-level module's page, the
parent module's name on the others): the title is the node's own value, not a hook of its kind;
a rule by it finds the link on the few pages whose parent is the index only, and ranks after the
class and the label, which find it wherever the bar has it."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import extract_field
from deboiler_gui.engine.template.induce import Example, induce
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

SITE = "https://lib.example/api/"
PARENTS = ["Index", "Array", "List", "Map", "Set", "Seq", "Hashtbl", "Buffer"]


def page(i: int) -> Page:
    # The index is the parent of one page in four; a page in four, none of those, is the
    # first of its parent and has no 'Previous'.
    parent = "Index" if i % 4 == 0 else PARENTS[1 + i % (len(PARENTS) - 1)]
    prev = (
        f"<a class='pre' href='M{i - 1}.html' title='M{i - 1}'>Previous</a>\n" if i % 4 != 2 else ""
    )
    return Page(
        f"{SITE}M{i}.html",
        f"<html><head><title>M{i}</title></head><body><div class='navbar'>{prev}"
        f"&#160;<a class='up' href='{parent.lower()}.html' title='{parent}'>Up</a>\n"
        f"&#160;<a class='post' href='M{i + 1}.html' title='M{i + 1}'>Next</a></div>"
        f"<h1>Module M{i}</h1><p>About {i}.</p></body></html>",
    )


def test_a_title_that_names_the_target_ranks_after_the_class() -> None:
    index = SiteIndex.from_pages([page(i) for i in range(40)], max_pages=None)
    trees = dict(zip(index.urls, index.trees, strict=True))
    url = f"{SITE}M8.html"  # its parent is the index
    node = select_elements(trees[url], "//a[@class='up']")[0]
    top = induce([Example(url, trees[url], node)], [], index, limit=3)[0]
    assert "@title" not in top.xpath, top.xpath
    fld = Field("up", xpaths=(top.xpath,))
    t = Template("api", fields=(fld,), use_cleaner=False)
    for i in (1, 5, 10, 27):
        got, _report = extract_field(trees[f"{SITE}M{i}.html"], fld, t)
        assert got == "Up", (top.xpath, got)
