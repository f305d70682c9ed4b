"""A page's title that is the first node of a class its sub-section titles carry too: Publican
and DocBook write a chapter's title as `h1.title` and each section's as `h2.title` (a section
page's as `h2.title`, its sub-sections' as `h3.title`), every one in a `div.titlepage`. The class
finds several headings on most pages, so the rule ranked first used to be the absolute path,
which a block inserted at the top of the body breaks; the class's first match gives the title
on every page, one node by construction."""

from __future__ import annotations

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements


def head(i: int) -> str:
    """The logo, and the page's own previous and next links."""
    return (
        '<div id="banner"><a href="https://hb.test/">Home</a></div>'
        '<p id="title"><a class="left" href="index.html"><img src="logo.png"/></a></p>'
        f'<ul class="docnav top"><li><a href="p{i}.html">Part {i - 1}</a></li>'
        f'<li><a href="p{i + 1}.html">Part {i + 1}</a></li></ul>'
    )


def titled(tag: str, text: str) -> str:
    return f'<div class="titlepage"><div><div><{tag} class="title">{text}</{tag}></div></div></div>'


def page(kind: str, i: int, subs: int) -> tuple[str, str]:
    """(html, the page's own title) of a chapter (`h1` title, `h2` sections), a section
    (`h2` title, `h3` sub-sections) or the book's front page."""
    if kind == "index":
        title = "The Handbook"
        body = (
            '<div class="book"><div class="titlepage"><div><div class="producer">Produced</div>'
            f'<div><h1 class="title">{title}</h1></div></div></div><p>Welcome.</p></div>'
        )
    else:
        top, sub = ("h1", "h2") if kind == "chapter" else ("h2", "h3")
        title = f"{i}. {kind.capitalize()} number {i}"
        parts = "".join(
            f'<div class="section">{titled(sub, f"{i}.{k}. Part {k} of {i}")}<p>Text {k}.</p></div>'
            for k in range(1, subs + 1)
        )
        body = f'<div class="{kind}">{titled(top, title)}<p>Opening of {i}.</p>{parts}</div>'
    html = (
        f"<html><head><title>{title}</title></head><body>{head(i)}"
        f'{body}<ul class="docnav"><li><a href="p{i + 1}.html">Next</a></li></ul></body></html>'
    )
    return html, title


def site(banner: bool = False) -> tuple[SiteIndex, dict[str, str]]:
    urls, trees, titles = [], [], {}
    specs = [("index", 0, 0)] + [
        ("chapter" if i % 3 == 0 else "section", i, (i % 4) + (1 if i % 5 else 0))
        for i in range(1, 30)
    ]
    for kind, i, subs in specs:
        html, title = page(kind, i, subs)
        if banner:
            html = html.replace(
                "<body>", '<body><div class="banner"><h1>Site news</h1><p>Read me.</p></div>'
            )
        url = f"http://hb.test/{kind}{i}.html"
        urls.append(url)
        trees.append(parse_html(html))
        titles[url] = title
    return SiteIndex(urls, trees), titles


def example(index: SiteIndex, url: str, xpath: str) -> Example:
    root = index.trees[index.urls.index(url)]
    return Example(url, root, select_elements(root, xpath)[0])


def first_text(index: SiteIndex, url: str, xpath: str) -> str | None:
    found = select_elements(index.trees[index.urls.index(url)], xpath)
    return " ".join(found[0].text_content().split()) if found else None


def test_the_first_title_of_the_class_ranks_before_the_absolute_path() -> None:
    index, titles = site()
    rules = induce(
        [
            example(index, "http://hb.test/chapter3.html", "(//h1)[1]"),
            example(index, "http://hb.test/section4.html", "(//h2)[1]"),
            example(index, "http://hb.test/index0.html", "//h1"),
        ],
        index=index,
    )
    best = rules[0]
    assert best.family in ("class", "id", "attribute", "label"), [r.xpath for r in rules]
    assert not best.xpath.startswith("/html"), best.xpath
    assert best.site["many"] == 0 and best.site["none"] == 0, best.site
    # The sub-sections' titles share the class: the class rule alone finds several.
    several = [
        u
        for u, t in zip(index.urls, index.trees, strict=True)
        if len(t.xpath("//*[@class='title']")) > 1
    ]
    assert len(several) > len(index.urls) // 2, several
    # The absolute path is still offered, after the anchored forms.
    absolute = [i for i, r in enumerate(rules) if r.xpath.startswith("/html")]
    assert absolute and absolute[0] > 0, [r.xpath for r in rules]
    for url, title in titles.items():
        assert first_text(index, url, best.xpath) == title, url
    # A block with its own heading inserted at the top of every page's body.
    moved, _ = site(banner=True)
    for url, title in titles.items():
        assert first_text(moved, url, best.xpath) == title, url
        assert first_text(moved, url, rules[absolute[0]].xpath) != title, url
