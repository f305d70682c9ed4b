"""Contents of chapter pages, where each page's section entries are one run in the chapter's
contents block, and a front page that holds every chapter's entries, in runs under each
chapter's block: a list rule that takes those runs too (the entries' class alone) is told
apart from one that holds the chapter's block (it ranks after it, and as the top rule it
says so)."""

from __future__ import annotations

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Induced, _outlier_pages
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements


def sections(ch: int) -> str:
    return "".join(
        f"<div class='sect'><span class='line'><a href='c{ch}.html#s{k}'>{ch}.{k} Part {k}</a>"
        f"</span><div class='subs'><span class='sub'><a href='c{ch}.html#s{k}-1'>{ch}.{k}-1 F</a>"
        "</span></div></div>"
        for k in range(1, 3 + ch % 5)
    )


def chapter(ch: int) -> str:
    return f"""<html><body><div class="nav"><a href="index.html">Top</a></div>
<div class="sects"><a href="c{ch}.html#top">{ch} Chapter</a>{sections(ch)}</div>
<h3>{ch} Chapter</h3><p>Text of chapter {ch}.</p></body></html>"""


def front() -> str:
    chapters = "".join(
        f"<div class='chap'><a href='c{ch}.html'>{ch} Chapter</a>{sections(ch)}</div>"
        for ch in range(1, 40)
    )
    return f"""<html><body><div class="nav"><a href="index.html">Top</a></div>
<h1>Manual</h1><div class="contents">{chapters}</div></body></html>"""


def site() -> SiteIndex:
    urls = ["http://manual.test/index.html"] + [
        f"http://manual.test/c{ch}.html" for ch in range(1, 20)
    ]
    return SiteIndex(urls, [parse_html(front())] + [parse_html(chapter(ch)) for ch in range(1, 20)])


def test_a_rule_taking_the_front_page_runs_is_told_apart() -> None:
    """The entries' class alone takes every chapter's runs on the front page: that rule is
    outlying (it ranks after the others, and as the top rule it carries the warning), the
    rule that holds the chapter's block is not."""
    index = site()
    bare = Induced("//div[@class='sect']/span/a", "list", "class", 1.0)
    held = Induced("//div[@class='sects']/div[@class='sect']/span/a", "list", "class", 1.3)
    assert len(select_elements(index.trees[0], bare.xpath)) > 100
    warning = _outlier_pages(bare, index.trees, index.urls)
    assert "index.html" in warning and "runs under containers of their own" in warning, warning
    assert "median of 4" in warning, warning
    assert _outlier_pages(held, index.trees, index.urls) == ""
