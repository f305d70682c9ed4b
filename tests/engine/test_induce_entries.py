"""List induction on entries that hold more than the clicked node: a contents line naming its
entry with a link to the entry further down and its types with links to other pages (an API
reference's contents) is one entry; the rule takes the names, not the type links, and an entry
named twice once. Entries that are a link to another page by themselves stay in the list."""

from __future__ import annotations

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements


def api_page(i: int) -> tuple[str, list[str]]:
    """A module page and the entry names of its contents, written out."""
    names = [f"MACRO_{i}", f"Type{i}", f"Type{i}Ptr", f"callback{i}", f"parse{i}", f"free{i}"]
    lines = [
        f"#define <a href='#MACRO_{i}'>MACRO_{i}</a>",
        f"Structure <a href='#Type{i}'>Type{i}</a><br/>struct _Type{i}",
        # The type it names is a link; the entry itself is an anchor.
        f"Typedef <a href='mod{i}.html#Type{i}'>Type{i}</a> * "
        f"<a name='Type{i}Ptr' id='Type{i}Ptr'>Type{i}Ptr</a>",
        # Named twice: in its heading line and in its signature.
        f"Function type: <a href='#callback{i}'>callback{i}</a>\n"
        f"void <a href='#callback{i}'>callback{i}</a> (void * ctx, "
        "<a href='strings.html#Char'>Char</a> * name)",
        # The return type comes first and is a link to another page.
        f"<a href='tree.html#DocPtr'>DocPtr</a> <a href='#parse{i}'>parse{i}</a> "
        "(const <a href='strings.html#Char'>Char</a> * cur, "
        "<a href='tree.html#NodePtr'>NodePtr</a> node)",
        f"void <a href='#free{i}'>free{i}</a> (<a href='tree.html#DocPtr'>DocPtr</a> doc)",
    ]
    contents = "".join(f"<pre class='programlisting'>{line}</pre>" for line in lines)
    described = "".join(
        f"<h3><a name='{n}'></a>Function: {n}</h3><pre class='programlisting'>"
        f"void {n} (<a href='tree.html#DocPtr'>DocPtr</a> doc)</pre><p>Does {n}.</p>"
        for n in names
    )
    html = f"""<html><body><table><tr><td><a href='index.html'>Up</a></td></tr></table>
    <h1>Module mod{i}</h1><p>Interfaces of module {i}</p>
    <h2>Table of Contents</h2>{contents}<h2>Description</h2>{described}</body></html>"""
    return html, names


def contents_site() -> tuple[SiteIndex, list[list[str]]]:
    pages = [api_page(i) for i in range(8)]
    urls = [f"https://api.example/mod{i}.html" for i in range(8)]
    return SiteIndex(urls, [parse_html(h) for h, _n in pages]), [n for _h, n in pages]


def click(site: SiteIndex, i: int, xpath: str) -> Example:
    root = site.trees[i]
    return Example(site.urls[i], root, select_elements(root, xpath)[0])


def texts(site: SiteIndex, i: int, xpath: str) -> list[str]:
    return [" ".join(n.text_content().split()) for n in select_elements(site.trees[i], xpath)]


def test_contents_entry_names_not_their_type_links() -> None:
    site, names = contents_site()
    first = "//h2[.='Table of Contents']/following-sibling::pre[1]/a"
    fifth = "//h2[.='Table of Contents']/following-sibling::pre[5]/a[2]"
    rules = induce(
        [click(site, 0, first), click(site, 3, fifth)], index=site, as_list=True, limit=3
    )
    best = rules[0].xpath
    for i in range(8):
        assert texts(site, i, best) == names[i], best


def test_entries_that_are_links_to_other_pages_stay() -> None:
    """The same feature does not narrow when the nodes that lack it are entries of their own:
    a contents whose later entries lead to other pages keeps them, however many they are."""
    pages = []
    for i in range(6):
        items = "".join(f"<li><a href='#s{k}'>Section {i}.{k}</a></li>" for k in range(3))
        items += "".join(f"<li><a href='app{k}.html'>Appendix {i}.{k}</a></li>" for k in range(6))
        pages.append(f"<html><body><ul id='contents'>{items}</ul><p>Text</p></body></html>")
    site = SiteIndex(
        [f"https://b.example/{i}.html" for i in range(6)], [parse_html(p) for p in pages]
    )
    rules = induce(
        [click(site, 0, "//li[1]/a"), click(site, 2, "//li[2]/a")], index=site, as_list=True
    )
    want = [f"Section 4.{k}" for k in range(3)] + [f"Appendix 4.{k}" for k in range(6)]
    assert texts(site, 4, rules[0].xpath) == want


def synopsis_page(i: int) -> tuple[str, list[str]]:
    """A synopsis whose every entry is a name linking to its entry below and a signature whose
    types link to other pages (on odd pages, a type entry without a signature comes first)."""
    names = [f"fun{i}_{k}" for k in range(3 + i % 3)]
    entries = [
        f"<li class='src short'><a href='#v:{n}'>{n}</a> :: "
        f"<a href='Base.html#t:Int' title='Base'>Int</a> -&gt; "
        f"<a href='Base.html#t:Bool' title='Base'>Bool</a></li>"
        for n in names
    ]
    if i % 2:
        names.insert(0, f"Vec{i}")
        entries.insert(0, f"<li class='src short'>data <a href='#t:Vec{i}'>Vec{i}</a></li>")
    html = f"""<html><body><div id='synopsis'><details id='syn'><summary>Synopsis</summary>
    <ul class='details-toggle'>{"".join(entries)}</ul></details></div>
    <div id='interface'><p class='src'><a href='#v:x'>x</a></p></div></body></html>"""
    return html, names


def test_synopsis_names_when_every_entry_also_links_its_types() -> None:
    pages = [synopsis_page(i) for i in range(8)]
    site = SiteIndex(
        [f"https://h.example/M{i}.html" for i in range(8)], [parse_html(h) for h, _n in pages]
    )
    rules = induce(
        [click(site, 1, "//details/ul/li[1]/a"), click(site, 3, "//details/ul/li[2]/a[1]")],
        index=site,
        as_list=True,
    )
    best = rules[0].xpath
    assert rules[0].site["mixed"] == 0
    for i in (0, 2, 5, 6):
        assert texts(site, i, best) == pages[i][1], best
