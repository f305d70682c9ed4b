"""A field's rule is ranked by what it gives over the site, not by its cost alone.

A chapter's title right after the chapter's contents block (``div.Sects`` then ``h3``) is lost on
the pages without contents (the references page): the body's one ``h3`` gives the same node on
every other page and the title there too, and ranks first. Where the wider rule's extra node
stands elsewhere (a footer's heading), the anchored rule keeps its place.

One click on a navigation link that reads a label ('[Next Chapter]') offers the link's own text
as its rule, first when it finds the link wherever the best other rule does: not the link after
'[Previous Chapter]' (the first page has no previous link), and for '[Previous Chapter]' not the
link before '[Next Chapter]' (the '[Contents]' link on the first page). A clicked link whose
text is a value (a page's own name) is not ranked by its text."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import extract_field
from deboiler_gui.engine.template.induce import Example, induce
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

SITE = "https://book.example/"
N = 20
#: Pages without a contents block (the references and the index).
BARE = (18, 19)


def chapter(i: int, *, footer: bool = False) -> Page:
    """Chapter ``i``: a link bar (no previous link on the first page, no next one on the
    last), the contents block unless ``i`` is in ``BARE``, then the title. With ``footer``, the
    bare pages have no title of their own, only a footer's heading."""
    prev = f"<a href='c{i - 1}.html'>[Previous Chapter]</a> " if i else ""
    nxt = f"<a href='c{i + 1}.html'>[Next Chapter]</a>" if i < N - 1 else ""
    bar = (
        "<div class='bar'><a href='c0.html'>[Top of Book]</a> "
        f"<a href='c0.html#contents'>[Contents]</a> {prev}{nxt}</div>"
    )
    sects = (
        ""
        if i in BARE
        else "<div class='Sects'>"
        + "".join(f"<a href='#s{k}'>{i}.{k} Part</a> " for k in range(1, 4))
        + "</div>"
    )
    if i in BARE and footer:
        title = ""
        foot = "<div class='foot'><h3>See also</h3><p>Other manuals.</p></div>"
    else:
        title = f"<h3>{i} Chapter {i}</h3>" if i not in BARE else f"<h3>Appendix {i}</h3>"
        foot = ""
    return Page(
        f"{SITE}c{i}.html",
        f"<html><body><div class='top'><a href='c0.html'>Top</a></div>{bar}"
        f"<p class='note'>x</p>{sects}{title}<p>Text of chapter {i}.</p>{foot}</body></html>",
    )


def site(**kw: bool) -> SiteIndex:
    return SiteIndex.from_pages([chapter(i, **kw) for i in range(N)], max_pages=None)


def example(index: SiteIndex, i: int, xp: str) -> Example:
    url = f"{SITE}c{i}.html"
    tree = index.trees[index.urls.index(url)]
    return Example(url, tree, select_elements(tree, xp)[0])


def values(index: SiteIndex, xpath: str) -> dict[int, object]:
    fld = Field("f", xpaths=(xpath,))
    t = Template("book", fields=(fld,), use_cleaner=False)
    out = {}
    for url, tree in zip(index.urls, index.trees, strict=True):
        value, _report = extract_field(tree, fld, t)
        out[int(url.rsplit("c", 1)[1].split(".")[0])] = value or None
    return out


def test_a_rule_that_gives_the_same_titles_and_those_of_the_pages_without_contents_ranks_first() -> (
    None
):
    index = site()
    pos = [example(index, i, "/html/body/h3") for i in (3, 7, 11)]
    ranked = induce(pos, [], index, limit=5)
    anchored = [r.xpath for r in ranked if "Sects" in r.xpath]
    assert anchored, [r.xpath for r in ranked]
    got = values(index, ranked[0].xpath)
    assert got[18] == "Appendix 18" and got[19] == "Appendix 19", (ranked[0].xpath, got)
    assert got[5] == "5 Chapter 5"
    # the anchored rule misses them: it ranks after
    assert values(index, anchored[0])[18] is None


def test_a_wider_rule_whose_extra_node_is_elsewhere_does_not_rank_first() -> None:
    index = site(footer=True)
    pos = [example(index, i, "/html/body/h3") for i in (3, 7, 11)]
    top = induce(pos, [], index, limit=5)[0]
    got = values(index, top.xpath)
    assert got[18] is None and got[19] is None, (top.xpath, got)
    assert got[5] == "5 Chapter 5"


def test_one_click_on_a_next_label_link_gives_its_own_text() -> None:
    index = site()
    ex = example(index, 5, "//div[@class='bar']/a[4]")
    assert ex.node.text == "[Next Chapter]"
    top = induce([ex], [], index, limit=3)[0]
    assert top.xpath == "//a[normalize-space(.)='[Next Chapter]']", top.xpath
    got = values(index, top.xpath)
    assert got[0] == "[Next Chapter]" and got[N - 1] is None


def test_one_click_on_a_previous_label_link_leaves_the_first_page_empty() -> None:
    index = site()
    ex = example(index, 5, "//div[@class='bar']/a[3]")
    assert ex.node.text == "[Previous Chapter]"
    top = induce([ex], [], index, limit=3)[0]
    got = values(index, top.xpath)
    assert got[0] is None, (top.xpath, got)
    assert all(got[i] == "[Previous Chapter]" for i in range(1, N)), got


def test_one_click_on_a_link_whose_text_is_a_value_is_not_ranked_by_its_text() -> None:
    index = site()
    ex = example(index, 5, "//div[@class='Sects']/a[1]")
    top = induce([ex], [], index, limit=3)[0]
    assert "5.1 Part" not in top.xpath, top.xpath
    assert values(index, top.xpath)[9] == "9.1 Part"
