"""A manual written as vim2html writes it: a page is one `pre` whose tag definitions read
``*<a name="x"></a><b>x</b>*`` and whose example code lines are bold too (``<b>:set gz</b>``).
A 'not this' on a code line leaves the list of tags: the tags are the bold items right after
a named anchor, nothing but white space between."""

from __future__ import annotations

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import click_example, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select

BASE = "http://vim.local/"
TOPICS = ["gzip", "paren", "netrw", "tar", "zip", "spell", "fold", "diff"]


def _page(i: int) -> tuple[str, str, list[str]]:
    name = TOPICS[i]
    tags = [f"{name}.txt", name, f"{name}-intro", f"{name}-options"][: 2 + i % 3]
    lines = [f'*<A NAME="{tags[0]}"></A><B>{tags[0]}</B>*   For version 9.0.', ""]
    for k, tag in enumerate(tags[1:], 1):
        lines.append(f'Part {k} of {name}\t\t*<A NAME="{tag}"></A><B>{tag}</B>*')
        lines.append(f"To use it, put this in your vimrc:\n\t<B>:let g:{name}_{k} = 1</B>")
        lines.append(f'See |<A HREF="options.html#{name}">{name}</A>| for more.')
    html = (
        f"<HTML><HEAD><TITLE>Vim documentation: {name}</TITLE></HEAD><BODY>"
        f'<H1>Vim documentation: {name}</H1><A NAME="top"></A>'
        f'<A HREF="index.html">main help file</A><HR><PRE>{chr(10).join(lines)}</PRE></BODY></HTML>'
    )
    return BASE + f"{name}.html", html, tags


def test_a_not_this_on_a_bold_code_line_keeps_the_tags_right_after_their_anchor() -> None:
    pages = [_page(i) for i in range(len(TOPICS))]
    idx = SiteIndex([u for u, _h, _t in pages], [parse_html(h) for _u, h, _t in pages])
    clicks = [
        click_example(idx, BASE + "gzip.html", "/html/body/pre/b[1]"),
        click_example(idx, BASE + "gzip.html", "/html/body/pre/b[2]"),
        click_example(idx, BASE + "paren.html", "/html/body/pre/b[2]"),
    ]
    code = click_example(idx, BASE + "paren.html", "/html/body/pre/b[3]")  # ':let g:paren_1'
    assert code.node.text.startswith(":let"), code.node.text
    best = induce(clicks, [code], index=idx, as_list=True)[0]
    assert "[self::a[@name]]" in best.xpath, best.xpath
    for (u, _h, tags), tree in zip(pages, idx.trees, strict=True):
        assert [b.text for b in select(tree, best.xpath)] == tags, u
