"""Repair of a field whose pages are of several kinds (a stylesheet reference: parameter pages
title their entry in an ``h2`` span, section pages in an ``h1``): after a layout change the
accepted repair gives a rule per kind of page, never fills a page that lacked the field, and a
bare positional rule that broke is replaced by an anchored one when one selects the same
nodes."""

from __future__ import annotations

import re

import lxml.html
import pytest

from deboiler_gui.engine.htmltree import parse_html, to_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.valuerepair import (
    learn_absent,
    learn_values,
    repair_template_steps,
)

SITE = "xsl.example"
PARAMS = [
    "admon.style",
    "base.dir",
    "chunk.section.depth",
    "css.decoration",
    "draft.mode",
    "html.stylesheet",
    "id.warnings",
    "l10n.gentext.language",
    "make.valid.html",
    "nav.graphics",
    "olink.base.uri",
    "section.autolabel",
]
SECTIONS = ["Admonitions", "Chunking", "Localization", "Navigation"]


def _nav(title: str) -> str:
    return (
        f"<div class='navheader'><table><tr><th colspan='3'>{title}</th></tr>"
        "<tr><td><a href='prev.html'>Prev</a></td><th>Reference</th>"
        "<td><a href='next.html'>Next</a></td></tr></table></div>"
    )


def more_name(k: int) -> str:
    return f"extra.param.{k}"


def param_html(i: int, name: str = "") -> str:
    """A parameter page: its name in ``div.refnamediv/h2/span.refentrytitle``."""
    name = name or PARAMS[i]
    return (
        f"<html><body>{_nav(name)}<div class='refentry'><a name='{name}'></a>"
        "<div class='titlepage'></div>"
        f"<div class='refnamediv'><h2><span class='refentrytitle'>{name}</span></h2>"
        f"<p>{name} &#8212; sets what {name} does.</p></div>"
        f"<div class='refsynopsisdiv'><h2>Synopsis</h2><pre>&lt;xsl:param name='{name}'/&gt;"
        f"</pre></div><div class='refsection'><h2>Description</h2><p>About {name}, "
        f"parameter {i}.</p></div></div></body></html>"
    )


def section_html(i: int) -> str:
    """A section page: its title in ``div.titlepage//h1.title``, then a table of contents
    whose entries are ``span.refentrytitle`` links (the parameter pages' title class)."""
    title = SECTIONS[i]
    entries = "".join(
        f"<dt><span class='refentrytitle'><a href='{p}.html'>{p}</a></span>"
        f"<span class='refpurpose'> &#8212; about {p}</span></dt>"
        for p in PARAMS[i : i + 3 + i % 2]
    )
    return (
        f"<html><body>{_nav(title)}<div class='reference'><div class='titlepage'><div><div>"
        f"<h1 class='title'><a name='s{i}'></a>{title}</h1></div></div><hr></div>"
        f"<div class='toc'><p><b>Table of Contents</b></p><dl class='toc'>{entries}</dl></div>"
        "</div></body></html>"
    )


def index_html() -> str:
    """The home page: a heading in a title block but no title of the field's kind (the old
    rules find nothing here), and a table of contents of the sections' kind deeper in the page
    than a section page's (the old positional rule never took it)."""
    entries = "".join(
        f"<dt><span class='refentrytitle'><a href='s{k}.html'>{s}</a></span></dt>"
        for k, s in enumerate(SECTIONS)
    )
    return (
        f"<html><body>{_nav('Home')}<div class='set'><div class='titlepage'><h1>DocBook XSL</h1>"
        "</div><div class='partintro'><p>The reference."
        "</p></div><div class='setblurb'><p>Read on.</p></div><div class='toc'><p><b>Table of "
        f"Contents</b></p><dl class='toc'>{entries}</dl></div></div></body></html>"
    )


BANNER = "<div class='promo'><h1>Spring sale</h1><p><a href='sale.html'>Sale</a></p></div>"


def change(html: str) -> str:
    """The new layout: every div wrapped in another, classes renamed, a banner first, each
    block's children in the other order."""
    root = parse_html(html)
    body = root.find("body")
    for el in list(body.iter("div")):
        shell = lxml.html.Element("div")
        shell.set("class", "shell")
        el.getparent().replace(el, shell)
        shell.append(el)
        shell.tail, el.tail = el.tail, None
    for el in root.iter():
        if isinstance(el.tag, str) and el.get("class"):
            el.set("class", " ".join(f"v2-{c}" for c in el.get("class").split()))
    body.insert(0, lxml.html.fragment_fromstring(BANNER))
    for el in [body, *body.iter("div")]:
        kids = [k for k in el if isinstance(k.tag, str)]
        for k in kids:
            el.remove(k)
        for k in reversed(kids):
            el.append(k)
    return to_html(root)


def site(*, changed: bool = False, more: int = 0) -> list[Page]:
    """The reference: its parameter pages (and ``more`` of them), its section pages, the
    home page."""
    pages = [Page(f"https://{SITE}/html/{p}.html", param_html(i)) for i, p in enumerate(PARAMS)]
    pages += [
        Page(f"https://{SITE}/html/{more_name(k)}.html", param_html(k % len(PARAMS), more_name(k)))
        for k in range(more)
    ]
    pages += [Page(f"https://{SITE}/html/s{i}.html", section_html(i)) for i in range(len(SECTIONS))]
    pages.append(Page(f"https://{SITE}/html/index.html", index_html()))
    if changed:
        pages = [Page(p.url, change(p.html)) for p in pages]
    return pages


def expected(url: str) -> str:
    name = url.rsplit("/", 1)[-1].removesuffix(".html")
    if name == "index":
        return ""
    if name.startswith("s") and name[1:].isdigit():
        return SECTIONS[int(name[1:])]
    return name


def _repaired(template: Template, more: int = 0) -> tuple[Template, list[Page]]:
    learned = learn_values(learn_absent(template, site(more=more)), site(more=more))
    changed = site(changed=True, more=more)
    steps = repair_template_steps(changed, learned)
    try:
        while True:
            next(steps)
    except StopIteration as stop:
        found = stop.value
    return found.accepted(learned), changed


def title_template() -> Template:
    return Template(
        "xsl",
        site=SITE,
        fields=(
            Field(
                "title",
                xpaths=(
                    "//div[@class='refnamediv']/h2/span[@class='refentrytitle']",
                    "//div[@class='titlepage']//h1[@class='title']",
                ),
            ),
        ),
        use_cleaner=False,
    )


@pytest.mark.parametrize("more", [0, 40])
def test_a_title_of_two_kinds_of_pages_gets_a_rule_for_each_kind(more: int) -> None:
    """The section pages are a few among many parameter pages (with ``more``, the last few of
    more than the sample's thirty pages): the repaired queue has a rule for each kind."""
    template = title_template()
    before = {p.url: apply_template(p, template).values["title"] for p in site(more=more)}
    assert before == {p.url: expected(p.url) for p in site(more=more)}  # the rules are right
    fixed, changed = _repaired(template, more)
    queue = fixed.field("title").xpaths
    assert len(queue) == 2, queue
    got = {p.url: apply_template(p, fixed).values["title"] for p in changed}
    assert got == {p.url: expected(p.url) for p in changed}
    assert not any("Spring sale" in str(v) for v in got.values())


def _positional(xpath: str) -> bool:
    """An absolute path, a n-th match of the whole document, or a child step by position
    (``/div[2]``; the first following sibling after a label is an anchor, not a position)."""
    return (
        xpath.startswith("/")
        and not xpath.startswith("//")
        or ")[" in xpath
        or re.search(r"/[a-z][a-z0-9]*\[\d+\]", xpath) is not None
    )


def test_a_broken_positional_rule_is_repaired_with_an_anchored_one() -> None:
    """The authored rules are bare positions; after the change the repair gives rules anchored
    on classes that take the same nodes, not another position, and the home page, whose table
    of contents the old rule never took, stays empty."""
    template = Template(
        "xsl",
        site=SITE,
        fields=(
            Field("toc", xpaths=("/html/body/div[2]/div[2]/dl/dt/span/a",), is_list=True),
            Field("name", xpaths=("/html/body/div[2]/div[2]/h2/span",)),
        ),
        use_cleaner=False,
    )
    before = {p.url: apply_template(p, template).values for p in site()}
    assert before[f"https://{SITE}/html/s1.html"]["toc"] == PARAMS[1:5]
    assert before[f"https://{SITE}/html/index.html"] == {"toc": [], "name": ""}
    assert before[f"https://{SITE}/html/base.dir.html"]["name"] == "base.dir"
    fixed, changed = _repaired(template)
    for fid in ("toc", "name"):
        queue = fixed.field(fid).xpaths
        assert queue and not any(_positional(x) for x in queue), (fid, queue)
    old = {p.url: v for p, v in zip(site(), before.values(), strict=True)}
    for page in changed:
        assert apply_template(page, fixed).values == old[page.url], page.url
