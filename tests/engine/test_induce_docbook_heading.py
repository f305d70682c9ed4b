"""DocBook XSL (BoostBook) titles a section `<h2 class="title"><a name="x"></a><a class="link"
href="x.html" title="Title">Title</a></h2>`: a click on the title's text lands on the `a.link`,
which stands for its heading (it holds the heading's whole text, the other child is an empty
target). Its `title` attribute repeats the page's own text (and recurs in other pages'
contents), so it is no hook of the site: a rule on it finds the example's page alone."""

from __future__ import annotations

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

SECTIONS = ["Intrusive list", "Intrusive set", "Hooks", "Value traits", "Algorithms", "Tuning"]


def section_page(i: int) -> str:
    title = SECTIONS[i % len(SECTIONS)] + f" {i}"
    others = "".join(
        f'<dt><span class="section"><a href="s{j}.html" title="{SECTIONS[j % 6]} {j}">'
        f"{SECTIONS[j % 6]} {j}</a></span></dt>"
        for j in range(i + 1, i + 3)
    )
    return f"""<html><head><title>{title}</title></head><body>
<table class="nav"><tr><td><a href="index.html">Home</a></td></tr></table>
<div class="spirit-nav"><a accesskey="p" href="s{i - 1}.html">prev</a></div>
<div class="section"><div class="titlepage"><div><div><h2 class="title" style="clear: both">
<a name="lib.s{i}"></a><a class="link" href="s{i}.html" title="{title}">{title}</a>
</h2></div></div></div>
<div class="toc"><dl class="toc">{others}</dl></div>
<p>Text of section {i}.</p>
<div class="section"><div class="titlepage"><div><div><h3 class="title">
<a name="lib.s{i}.sub"></a><a class="link" href="s{i}.html#lib.s{i}.sub">Details</a>
</h3></div></div></div><p>More.</p></div>
</div></body></html>"""


def reference_page(i: int) -> str:
    return f"""<html><head><title>Class template c{i}</title></head><body>
<table class="nav"><tr><td><a href="index.html">Home</a></td></tr></table>
<div class="spirit-nav"><a accesskey="p" href="r{i - 1}.html">prev</a></div>
<div class="refentry"><a name="c{i}"></a><div class="titlepage"></div>
<div class="refnamediv"><h2><span class="refentrytitle">Class template c{i}</span></h2>
<p>boost::lib::c{i}</p></div>
<h2 class="refsynopsisdiv-title">Synopsis</h2><pre>class c{i};</pre></div></body></html>"""


def site() -> SiteIndex:
    urls, pages = [], []
    for i in range(12):
        urls.append(f"http://lib.test/html/s{i}.html")
        pages.append(section_page(i))
        urls.append(f"http://lib.test/html/r{i}.html")
        pages.append(reference_page(i))
    return SiteIndex(urls, [parse_html(p) for p in pages])


def example(index: SiteIndex, url: str, xpath: str) -> Example:
    root = index.trees[index.urls.index(url)]
    return Example(url, root, select_elements(root, xpath)[0])


def test_a_click_on_the_link_in_a_docbook_title_gives_the_sites_title_rule() -> None:
    index = site()
    ex = example(index, "http://lib.test/html/s3.html", "//h2/a[@class='link']")
    rules = induce([ex], index=index)
    best = rules[0]
    assert "@title=" not in best.xpath, best.xpath
    assert "title" in best.xpath or "h2" in best.xpath, best.xpath
    assert best.examples == [["Value traits 3"]]
    assert best.site["one"] >= 10, best.site  # the section pages of the sample, not one page
    # Any rule on the page's own title attribute comes after every rule with values elsewhere.
    own = [i for i, r in enumerate(rules) if "Value traits 3" in r.xpath]
    wide = [i for i, r in enumerate(rules) if r.site.get("one", 0) + r.site.get("many", 0) > 1]
    assert not own or not wide or min(own) > max(wide), [r.xpath for r in rules]


def test_title_links_and_refentry_titles_on_two_kinds_of_page_make_one_union() -> None:
    index = site()
    rules = induce(
        [
            example(index, "http://lib.test/html/s3.html", "//h2/a[@class='link']"),
            example(index, "http://lib.test/html/r5.html", "//span[@class='refentrytitle']"),
        ],
        index=index,
    )
    best = rules[0].xpath
    assert " | " in best, best
    for i, root in enumerate(index.trees):
        got = [n.text_content().strip() for n in select_elements(root, best)][:1]
        url = index.urls[i]
        n = int(url.rsplit("/", 1)[1][1:].split(".")[0])
        want = f"{SECTIONS[n % 6]} {n}" if "/s" in url else f"Class template c{n}"
        assert got == [want], (url, best, got)


def test_a_link_with_its_own_text_as_title_outside_a_heading_is_no_hook() -> None:
    """The same title attribute on a link that no heading holds: the page's own text is not
    a hook of the site even when other pages' contents repeat it."""
    pages, urls = [], []
    for i in range(12):
        title = SECTIONS[i % 6] + f" {i}"
        nxt = SECTIONS[(i + 1) % 6] + f" {i + 1}"
        urls.append(f"http://lib.test/p{i}.html")
        pages.append(
            f"""<html><body><div class="head"><p class="title">
<a href="p{i}.html" title="{title}">{title}</a></p></div>
<ul class="toc"><li><a href="p{i + 1}.html" title="{nxt}">{nxt}</a></li></ul>
<p>Body {i}.</p></body></html>"""
        )
    index = SiteIndex(urls, [parse_html(p) for p in pages])
    ex = example(index, urls[4], "//p[@class='title']/a")
    rules = induce([ex], index=index)
    assert "@title=" not in rules[0].xpath, [r.xpath for r in rules]
    assert rules[0].site["one"] == 12, rules[0].site
