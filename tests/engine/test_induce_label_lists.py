"""List induction on reference pages whose lists follow a label: a 'See Also' paragraph of one
link on some pages and two on others (one click on each of two one-link pages is one list);
the class of the clicked links left out when it excludes nothing of the list on the example
pages (other pages' links carry another class); two kinds of list (a 'Member functions'
table on one page, a 'Non-member functions' table on another) refused with their headings."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, InductionError, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements


def click(site: SiteIndex, i: int, xpath: str) -> Example:
    root = site.trees[i]
    return Example(site.urls[i], root, select_elements(root, xpath)[0])


def texts(site: SiteIndex, i: int, xpath: str) -> list[str]:
    return [" ".join(n.text_content().split()) for n in select_elements(site.trees[i], xpath)]


def _sect(title: str, body: str) -> str:
    return (
        "<div class='sect2'><div class='titlepage'><div><div>"
        f"<h3 class='title'>{title}</h3></div></div></div>{body}</div>"
    )


def see_also(i: int) -> list[str]:
    """The 'See Also' links of page ``i``: two on every third page, one on the others."""
    return [f"Group {i % 5}"] + ([f"Method {i}"] if i % 3 == 0 else [])


def api_page(i: int) -> str:
    """A DocBook method page: a description whose paragraphs hold one or two links each (on
    every fourth page two links in one paragraph, so a rule over the sections' paragraphs
    takes links of several paragraphs), parameters, then 'See Also' with its paragraph of
    links, `a.olink` on every seventh page (a link into another book), `a.xref` elsewhere."""
    desc = "<p>The method stores a pair.</p>"
    if i % 4 == 0:
        desc += (
            f"<p>See <a class='xref' href='x{i}.html'>Keys {i}</a> and "
            f"<a class='xref' href='y{i}.html'>Values {i}</a>.</p>"
        )
        desc += f"<p>Also <a class='xref' href='z{i}.html'>Flags {i}</a>.</p>"
    params = "<p>The flags.</p>"
    cls = "olink" if i % 7 == 3 else "xref"
    links = ", ".join(
        f"<a class='{cls}' href='s{i}_{k}.html'>{t}</a>" for k, t in enumerate(see_also(i))
    )
    extra = "" if i % 2 else "<div class='sect2'><p>Errors.</p></div>"
    return (
        "<html><body><div class='navheader'><a href='prev.html'>Prev</a></div>"
        f"<div class='sect1' lang='en'><h2 class='title'>Method {i}</h2>"
        f"{extra}{_sect('Description', desc)}{_sect('Parameters', params)}"
        f"{_sect('See Also', f'<p>{links}</p>')}</div>"
        "<div class='navfooter'><a href='next.html'>Next</a></div></body></html>"
    )


def api_site() -> SiteIndex:
    urls = [f"http://c.example/m{i}.html" for i in range(28)]
    return SiteIndex(urls, [parse_html(api_page(i)) for i in range(28)])


SEE = "//div[normalize-space(.)='See Also']/following-sibling::p[1]/a"


def test_one_link_alone_in_its_paragraph_on_each_of_two_pages_is_one_list() -> None:
    site = api_site()
    # Pages 1 and 2: one 'See Also' link each, alone in its paragraph (`xref` on both).
    clicks = [click(site, 1, SEE), click(site, 2, SEE)]
    # The rules over the sections' paragraphs take links of two paragraphs on pages 0, 4,
    # 8...: the site check drops them, the label's paragraph is the list.
    best = induce(clicks, index=site, as_list=True)[0]
    assert not best.warnings, best.warnings
    for i in range(28):
        assert texts(site, i, best.xpath) == see_also(i), (i, best.xpath)


def test_a_class_that_excludes_nothing_on_the_example_pages_is_left_out() -> None:
    site = api_site()
    # The top rule used to keep the clicked links' class `xref`: it missed the `olink`
    # links of pages 3, 10, 17 and 24.
    clicks = [click(site, 1, SEE), click(site, 6, SEE)]
    best = induce(clicks, index=site, as_list=True)[0].xpath
    assert "xref" not in best, best
    for i in (3, 10, 17, 24):
        assert texts(site, i, best) == see_also(i), (i, best)


def _dsc_table(names: list[str]) -> str:
    rows = "".join(
        f"<tr class='t-dsc'><td><div><div><a href='{n}.html'>{n}</a></div></div></td>"
        f"<td>does {n}</td></tr>"
        for n in names
    )
    return f"<table class='t-dsc-begin'>{rows}</table>"


def container_page(i: int) -> str:
    """A container page: member functions, then non-member functions, each a table after its
    heading (a note before the second table on odd pages)."""
    note = "<p>Defined in the header.</p>" if i % 2 else ""
    return (
        f"<html><body><div id='content'><h1>Container {i}</h1>"
        "<h3>Member functions</h3>"
        + _dsc_table([f"at{i}", f"size{i}", f"push{i}"])
        + note
        + "<h3>Non-member functions</h3>"
        + _dsc_table([f"swap{i}", f"erase{i}"])
        + "</div></body></html>"
    )


def test_examples_of_two_kinds_of_list_are_refused_with_their_headings() -> None:
    urls = [f"http://k.example/c{i}.html" for i in range(10)]
    site = SiteIndex(urls, [parse_html(container_page(i)) for i in range(10)])
    member = click(site, 0, "//h3[.='Member functions']/following-sibling::table[1]/tr[2]//a")
    other = click(site, 1, "//h3[.='Non-member functions']/following-sibling::table[1]/tr[1]//a")
    with pytest.raises(InductionError) as err:
        induce([member, other], index=site, as_list=True)
    message = str(err.value)
    assert "play different roles" in message, message
    assert "their lists are headed 'Member functions'" in message, message
    assert "'Non-member functions'" in message, message
    assert err.value.conflicts == [member.describe(), other.describe()]
