"""A manual written as texi2any writes it: each section of a page opens with a navigation bar
(`table.header`) whose links are told apart by their `title` ("Previous section in reading
order", "Up section", "Next section in reading order"…), so a page holds several such bars;
the front page's bar starts with a plain "[ < ]" (no link, its next link one cell earlier)
and the contents and about pages have only the Top, Contents, Index and "?" links. Clicks on
the first bar's 'next' (or 'up') link of a chapter's page and the index's give the link's own hook, first
match (``(//a[@title='Next section in reading order'])[1]``), not the path from the page's
``body[@lang]`` with the cell's position, which takes the contents link of the front page
and the about link of the contents page."""

from __future__ import annotations

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import click_example, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select

BASE = "http://manual.local/"
CHAPTERS = ["Invocation", "Files", "Shell Grammar", "Redirection", "Expansion", "Options", "Index"]
TAIL = (
    '<td>[<a href="index.html" title="Cover (top) of document">Top</a>]</td>'
    '<td>[<a href="zsh_toc.html" title="Table of contents">Contents</a>]</td>'
    '<td>[<a href="Index.html" title="Index">Index</a>]</td>'
    '<td>[<a href="zsh_abt.html" title="About (help)"> ? </a>]</td>'
)


#: a chapter's menu of its sections, a table after its bar
MENU = (
    '<table class="menu"><tr><td><a href="#s1">Part 1</a></td></tr>'
    '<tr><td><a href="#s2">Part 2</a></td></tr></table>'
)


def _cell(target: str, title: str, text: str) -> str:
    return f'<td>[<a href="{target}" title="{title}">{text}</a>]</td>'


def _bar(prev: str, up: str, nxt: str) -> str:
    return (
        '<table class="header"><tr>'
        + _cell(prev, "Beginning of this chapter or previous chapter", " &lt;&lt; ")
        + _cell(prev, "Previous section in reading order", " &lt; ")
        + _cell(up, "Up section", " Up ")
        + _cell(nxt, "Next section in reading order", " &gt; ")
        + "<td> &nbsp; </td>" * 2
        + TAIL
        + "</tr></table>"
    )


def _file(name: str) -> str:
    return name.replace(" ", "-") + ".html"


def site() -> tuple[list[str], list[str], dict[str, dict[str, str]]]:
    """URLs, HTML and, per page, the first bar's 'next' and 'up' targets (none where none)."""
    urls, html, want = [], [], {}
    files = ["index.html"] + [_file(c) for c in CHAPTERS]
    for k, name in enumerate(CHAPTERS, 1):
        file = files[k]
        sections = []
        kind = "unnumbered" if name == "Index" else "chapter"  # (the index: no number)
        for j in range(3):  # the chapter's own bar, then one bar per section
            here = f"{file}#s{j}" if j else file
            nxt = f"{file}#s{j + 1}" if j < 2 else (files[k + 1] if k + 1 < len(files) else "")
            prev = files[k - 1] if j == 0 else (f"{file}#s{j - 1}" if j > 1 else file)
            up = "index.html" if j == 0 else file
            head = f"<h1>{k} {name}</h1>" if j == 0 else f"<h2>{k}.{j} Part {j} of {name}</h2>"
            sections.append(
                f'<div class="{kind if j == 0 else "section"}" id="{here}">{_bar(prev, up, nxt)}'
                f"{head}<p>The {name.lower()} part {j}: what it does and how.</p>"
                + (MENU if j == 0 else "")
            )
        urls.append(BASE + file)
        # the sections' blocks inside the chapter's, as texi2any nests them
        html.append(f'<html><body lang="en">{"".join(sections)}</div></div></div></body></html>')
        want[BASE + file] = {"next": f"{file}#s1", "up": "index.html"}
    front = (
        '<html><body lang="en"><div class="top" id="Top"><table class="header"><tr>'
        "<td>[ &lt; ]</td>"
        + _cell(_file(CHAPTERS[0]), "Next section in reading order", " &gt; ")
        + "<td> &nbsp; </td>"
        + TAIL[TAIL.index('<td>[<a href="zsh_toc') :]
        + "</tr></table><h1>The Manual</h1><p>This manual tells how.</p></div></body></html>"
    )
    urls.insert(0, BASE + "index.html")
    html.insert(0, front)
    want[BASE + "index.html"] = {"next": _file(CHAPTERS[0])}
    for name in ("zsh_toc.html", "zsh_abt.html"):
        urls.append(BASE + name)
        html.append(
            '<html><body lang="en"><div class="contents"><table class="header"><tr>'
            f"{TAIL}</tr></table><h1>{name}</h1><ul><li>one</li></ul></div></body></html>"
        )
        want[BASE + name] = {}
    return urls, html, want


def _index() -> tuple[SiteIndex, dict[str, dict[str, str]]]:
    urls, html, want = site()
    return SiteIndex(urls, [parse_html(h) for h in html]), want


CELL = "/html/body/div[1]/table/tr/td[{}]/a/@href"


def test_a_bar_link_is_known_by_its_own_title_first_of_the_page() -> None:
    idx, want = _index()
    for field, cell, title in (
        ("next", 4, "Next section in reading order"),
        ("up", 3, "Up section"),
    ):
        clicks = [
            click_example(idx, BASE + _file(name), CELL.format(cell))
            for name in ("Files", "Index")  # a chapter's page and the index's
        ]
        best = induce(clicks, index=idx)[0]
        assert f"@title='{title}'" in best.xpath and "body[" not in best.xpath, best.xpath
        for u, tree in zip(idx.urls, idx.trees, strict=True):
            got = [str(v) for v in select(tree, best.xpath)]
            assert got[:1] == ([want[u][field]] if field in want[u] else []), (field, u, got)


def _menus_site() -> tuple[SiteIndex, dict[str, list[str]]]:
    """Chapter pages, each with its menu of sections (`table.menu`) after its introduction;
    on some the first section has a menu of its own further down, on others the chapter's
    menu sits inside its first section's block; a page without a menu. Per page, the first
    menu's entries."""
    urls, html, want = [], [], {}
    for k, name in enumerate(CHAPTERS, 1):
        entries = [f"{k}.{j} {name} part {j}" for j in range(1, 3 + k % 3)]
        menu = (
            '<table class="menu">'
            + "".join(
                f'<tr><td><a href="#p{j}">{e}</a></td><td>what part {j} is</td></tr>'
                for j, e in enumerate(entries, 1)
            )
            + "</table>"
        )
        sub = (
            '<table class="menu"><tr><td><a href="#q1">a detail</a></td></tr>'
            '<tr><td><a href="#q2">another detail</a></td></tr></table>'
        )
        if k % 3 == 1:  # the menu inside the first section's block
            body = f'<div class="section"><h2>{k}.0 About</h2><p>Intro.</p>{menu}</div>'
        else:
            body = f"<p>The {name.lower()} chapter.</p>{menu}"
            if k % 6 == 0:  # a section with a menu of its own after it
                body += f'<div class="section"><h2>{k}.1</h2><p>More.</p>{sub}</div>'
        urls.append(BASE + _file(name))
        html.append(
            f'<html><body lang="en"><div class="chapter">{_bar("index.html", "index.html", "x")}'
            f"<h1>{k} {name}</h1>{body}</div></body></html>"
        )
        want[BASE + _file(name)] = entries
    urls.append(BASE + "about.html")
    html.append(
        '<html><body lang="en"><div class="chapter"><h1>About</h1><p>No menu.</p></div></body></html>'
    )
    want[BASE + "about.html"] = []
    return SiteIndex(urls, [parse_html(h) for h in html]), want


def _menu_click(idx: SiteIndex, name: str, row: int) -> object:
    tree = idx.trees[idx.urls.index(BASE + _file(name))]
    first = tree.xpath("//table[@class='menu']")[0]
    return click_example(
        idx, BASE + _file(name), tree.getroottree().getpath(first) + f"/tr[{row}]/td[1]/a"
    )


def test_a_menu_is_the_first_of_its_class_on_pages_that_hold_several() -> None:
    idx, want = _menus_site()
    for clicks in (
        # two entries of one page's menu
        [_menu_click(idx, "Shell Grammar", r) for r in (1, 2)],
        # a menu in the chapter's block and two inside a section's block: one list all the same
        # (no example page holds a second menu; other pages do)
        [
            _menu_click(idx, "Shell Grammar", 1),
            _menu_click(idx, "Invocation", 1),
            _menu_click(idx, "Index", 2),
        ],
    ):
        best = induce(clicks, index=idx, as_list=True)[0]  # type: ignore[arg-type]
        assert best.xpath.startswith("(//table[") and "' menu '" in best.xpath, best.xpath
        for u, tree in zip(idx.urls, idx.trees, strict=True):
            got = [" ".join(a.text_content().split()) for a in select(tree, best.xpath)]
            assert got == want[u], u


def test_a_not_this_on_another_kind_of_page_keeps_the_link_own_hook() -> None:
    # One click on the index's 'up' link and a 'not this' on the contents page's link at that
    # place (its 'Index' link): the rule stays the 'up' link's own hook, first of the page,
    # not one narrowed to the index's own kind of block.
    idx, want = _index()
    click = click_example(idx, BASE + _file("Index"), CELL.format(3)[: -len("/@href")])
    avoid = click_example(idx, BASE + "zsh_toc.html", "/html/body/div/table/tr/td[3]/a")
    best = induce([click], [avoid], index=idx)[0]
    assert best.xpath == "(//a[@title='Up section'])[1]", best.xpath
    assert not best.warnings, best.warnings
    assert best.site["many"] == 0 and best.site["one"] == 7, best.site  # one link a chapter
    for u, tree in zip(idx.urls, idx.trees, strict=True):
        got = [a.get("href") for a in select(tree, best.xpath)]
        assert got == ([want[u]["up"]] if "up" in want[u] else []), u
