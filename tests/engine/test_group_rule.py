"""The minimal rule of a boilerplate group: it takes exactly the group's subtrees on the group's
pages and nothing on the other pages (a shared hook, else a relative path), says how many pages
it matches, and goes into a template without saving anything."""

from __future__ import annotations

import dataclasses

import pytest
from tplsite import SITE, pages

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.htmltree import HtmlElement, parse_html
from deboiler_gui.engine.model import WorkspaceError
from deboiler_gui.engine.progress import run
from deboiler_gui.engine.review.groups import (
    BoilerplateGroup,
    decide,
    group_of,
    group_steps,
    minimal_rule,
    pinned,
)
from deboiler_gui.engine.template.model import Rule, Template
from deboiler_gui.engine.template.selectors import select_elements

BOX_PAGES = (3, 11)


def _page(i: int, *, box: str) -> str:
    side = '<ul class="links"><li><a href="/">Home</a></li></ul>'
    if i in BOX_PAGES:
        side += box
    # Every page has a second-level list elsewhere: a bare //ul[2] is not enough.
    return f"""<html><body><div id="top"><ul><li>a</li></ul><ul><li>b {i}</li></ul></div>
<div id="side">{side}</div>
<div class="content"><p>Article {i} text, different on every page: {"x" * i}</p></div>
</body></html>"""


def _site(box: str) -> list[tuple[str, HtmlElement]]:
    return [(f"https://{SITE}/p{i}.html", parse_html(_page(i, box=box))) for i in range(1, 21)]


def _group(trees: list[tuple[str, HtmlElement]], xpath: str) -> BoilerplateGroup:
    """A group as group_steps records it: its subtrees' absolute XPaths per page."""
    by_url = {u: t for u, t in trees}
    g = BoilerplateGroup("k" * 16, "exact", SITE, pages=len(BOX_PAGES), occurrences=2)
    for i in BOX_PAGES:
        url = f"https://{SITE}/p{i}.html"
        (node,) = by_url[url].xpath(xpath)
        g.page_xpaths[url] = [node.getroottree().getpath(node)]
        g.xpaths[g.page_xpaths[url][0]] += 1
    g.sample_url, g.sample_text = f"https://{SITE}/p{BOX_PAGES[0]}.html", "Subscribe"
    return g


def _matched_pages(trees: list[tuple[str, HtmlElement]], expr: str) -> int:
    return sum(1 for _u, t in trees if select_elements(t, expr))


def test_a_hook_shared_by_the_group_is_the_rule() -> None:
    trees = _site('<ul class="promo"><li>Subscribe to the letter</li><li>now</li></ul>')
    g = _group(trees, "//ul[@class='promo']")
    rule = minimal_rule(g, trees)
    assert rule.exact and rule.kind == "hook"
    assert "promo" in rule.selector and "[" not in rule.selector.split("]", 1)[1]
    assert (rule.site_pages, rule.group_pages, rule.pages) == (2, 2, 20)
    assert rule.describe() == "matches 2 of 20 pages (group: 2)"


def test_without_a_hook_a_path_below_a_hooked_ancestor() -> None:
    # No class, no id, no words of its own to anchor on (the list holds figures).
    trees = _site("<ul><li>2024</li><li>2025</li></ul>")
    g = _group(trees, "//div[@id='side']/ul[2]")
    # The old rule, the group's absolute position, also takes the second list of #top on
    # every page of the site.
    assert _matched_pages(trees, " | ".join(pinned(x) for x in g.xpaths)) == 2
    assert _matched_pages(trees, "//ul[2]") == 20
    rule = minimal_rule(g, trees)
    assert rule.exact and rule.kind in ("relative", "path"), rule
    assert _matched_pages(trees, rule.selector) == 2 == rule.site_pages
    for url, tree in trees:
        got = select_elements(tree, rule.selector)
        assert [tree.getroottree().getpath(n) for n in got] == g.page_xpaths.get(url, [])


def test_when_nothing_is_exact_the_fewest_faults_are_named() -> None:
    # The group's node is the same markup as a node every other page has at the same place.
    trees = [
        (
            f"https://{SITE}/p{i}.html",
            parse_html("<html><body><p>t</p><div>x</div></body></html>"),
        )
        for i in range(1, 6)
    ]
    g = BoilerplateGroup("z" * 16, "exact", SITE, pages=1, occurrences=1)
    g.page_xpaths[f"https://{SITE}/p1.html"] = ["/html/body/div"]
    rule = minimal_rule(g, trees)
    assert not rule.exact and len(rule.extra) == 4 and rule.site_pages == 5
    assert "not exact: 4 pages outside the group" in rule.describe()


def test_a_group_none_of_whose_pages_is_given_is_an_error() -> None:
    trees = _site("")
    g = BoilerplateGroup("q" * 16, "exact", SITE)
    g.page_xpaths["https://elsewhere.example/a.html"] = ["/html/body/div"]
    with pytest.raises(WorkspaceError, match="none of its pages"):
        minimal_rule(g, trees)


def test_groups_of_the_cleaner_record_their_pages_and_get_exact_rules() -> None:
    site = pages(12)
    model = DomainCleaner().fit(site).model_
    groups = run(group_steps(site, {SITE: model}, total=len(site)))
    footer = next(g for g in groups if g.sample_text.startswith("Copyright"))
    assert len(footer.page_xpaths) == 12
    assert BoilerplateGroup.from_dict(footer.to_dict()).page_xpaths == footer.page_xpaths
    trees = [(p.url, parse_html(p.html)) for p in site]
    rule = minimal_rule(footer, trees)
    assert rule.exact and rule.selector == "//div[@id='footer']" and rule.site_pages == 12


def test_decide_builds_the_template_without_saving_and_replaces_a_decision() -> None:
    trees = _site('<ul class="promo"><li>Subscribe</li></ul>')
    g = _group(trees, "//ul[@class='promo']")
    t = Template("t", site=SITE, remove=(Rule("other", "//nav"),))
    rejected = decide(t, g, "//ul[@class='promo']", accept=False)
    assert t.keep == () and [r.selector for r in rejected.keep] == ["//ul[@class='promo']"]
    accepted = decide(rejected, g, "//ul[@class='promo']", accept=True)
    assert accepted.keep == () and [r.name for r in accepted.remove] == [
        "other",
        "remove: Subscribe",
    ]
    assert [group_of(r) for r in accepted.remove] == [None, g.rule_name]
    assert rejected.keep[0].name == "keep: Subscribe"


def test_a_group_rule_gets_a_readable_name_unique_in_the_template() -> None:
    trees = _site('<ul class="promo"><li>Subscribe</li></ul>')
    g = _group(trees, "//ul[@class='promo']")
    other = dataclasses.replace(g, key="m" * 16)  # a second group with the same words
    other.sample_text = "Subscribe"
    long = dataclasses.replace(g, key="n" * 16, detector="slot")
    long.sample_text = "Previous: Chapter one   Next: Chapter three Up: Contents of the manual"
    t = decide(Template("t", site=SITE), g, "//ul", accept=True)
    t = decide(t, other, "//ol", accept=True)
    t = decide(t, long, "//div", accept=False)
    assert [r.name for r in t.remove] == ["remove: Subscribe", "remove: Subscribe (2)"]
    assert [r.name for r in t.keep] == ["keep: Previous: Chapter one Next: …"]
    assert [group_of(r) for r in (*t.remove, *t.keep)] == [
        g.rule_name,
        other.rule_name,
        long.rule_name,
    ]
    # A group without words is named by its detector; a template of before (rules named by
    # the group's hash) is still read as holding the decision.
    empty = dataclasses.replace(g, key="p" * 16)
    empty.sample_text = ""
    assert empty.readable_name(True) == "remove: exact group"
    old = Template("t", site=SITE, keep=(Rule(g.rule_name, "//ul"),))
    assert group_of(old.keep[0]) == g.rule_name
    assert [r.name for r in decide(old, g, "//ul", accept=True).remove] == ["remove: Subscribe"]


def _manual_page(i: int, *, last: bool, title: str) -> str:
    """A Texinfo-like node: the same div.header on every page, without 'Next:' on the last
    node of a chapter."""
    nav = (
        f'Previous: <a rel="prev" href="n{i - 1}.html">Node {i - 1}</a>'
        if last
        else f'Next: <a rel="next" href="n{i + 1}.html">Node {i + 1}</a>, '
        f'Previous: <a rel="prev" href="n{i - 1}.html">Node {i - 1}</a>'
    )
    header = f'<div class="header"><p>{nav}, Up: <a rel="up" href="c.html">Chapter</a></p></div>'
    return (
        f"<html><head><title>{title}</title></head><body>"
        f'<div class="section" id="node-{i}">{header}<h3>Node {i}</h3>'
        f"<p>Text of node {i}: {'y' * i}</p></div></body></html>"
    )


def test_a_hook_taking_more_is_narrowed_by_an_anchor_to_exactly_the_group() -> None:
    last = {4, 8, 12, 16}
    trees = [
        (
            f"https://{SITE}/n{i}.html",
            parse_html(_manual_page(i, last=i in last, title=f"Node {i} (Manual)")),
        )
        for i in range(1, 17)
    ]
    # The single-page edition holds every node, the last ones included.
    whole = "".join(
        _manual_page(i, last=i in last, title="").split("<body>", 1)[1].rsplit("</body>", 1)[0]
        for i in range(1, 17)
    )
    trees.append(
        (
            f"https://{SITE}/single.html",
            parse_html(f"<html><head><title>Manual</title></head><body>{whole}</body></html>"),
        )
    )
    g = BoilerplateGroup("n" * 16, "slot", SITE, pages=len(last), occurrences=len(last))
    for url, tree in trees:
        if url.endswith(tuple(f"/n{i}.html" for i in last)):
            (node,) = tree.xpath("//div[@class='header']")
            g.page_xpaths[url] = [tree.getroottree().getpath(node)]
    # Every hook of the header takes it on all 17 pages.
    assert _matched_pages(trees, "//div[@class='header']") == 17
    rule = minimal_rule(g, trees)
    assert rule.exact, rule.describe()
    assert (rule.site_pages, rule.group_pages) == (4, 4)
    assert "Previous:" in rule.selector or "next" in rule.selector
    assert "Manual" in rule.selector  # the single-page edition, named by its title
    for url, tree in trees:
        got = select_elements(tree, rule.selector)
        assert [tree.getroottree().getpath(n) for n in got] == g.page_xpaths.get(url, [])


def test_when_nothing_is_exact_precision_comes_first() -> None:
    # The group's box says "Subscribe" on three of its four pages; six pages outside the group
    # have the same box saying "Other", as does the group's fourth page.
    def page(i: int) -> str:
        text = "Subscribe now" if i <= 3 else "Other offers"
        return (
            f'<html><body><div id="side"><ul class="promo"><li>{text}</li></ul></div>'
            f"<p>Article {i}: {'z' * i}</p></body></html>"
        )

    trees = [(f"https://{SITE}/q{i}.html", parse_html(page(i))) for i in range(1, 11)]
    trees += [
        (f"https://{SITE}/r{i}.html", parse_html(f"<html><body><p>{i}</p></body></html>"))
        for i in range(10)
    ]
    g = BoilerplateGroup("p" * 16, "exact", SITE, pages=4, occurrences=4)
    for url, tree in trees[:4]:
        (node,) = tree.xpath("//ul")
        g.page_xpaths[url] = [tree.getroottree().getpath(node)]
    rule = minimal_rule(g, trees)
    # The class alone takes 10 pages, 6 of them outside the group; the box's own words take
    # 3 of the group's 4 pages and nothing else: fewer wrong pages, and more than half covered.
    assert _matched_pages(trees, "//ul[@class='promo']") == 10
    assert (rule.site_pages, len(rule.extra), len(rule.missed)) == (3, 0, 1), rule.selector
    assert "Subscribe" in rule.selector
    assert rule.describe() == "matches 3 of 20 pages (group: 4); not exact: misses it on 1"


def _footer_site() -> tuple[list[tuple[str, HtmlElement]], BoilerplateGroup]:
    """A generated manual: each chapter's footer paragraph comes after as many paragraphs as
    the chapter has, so it sits at a different index on every page, and says when it was
    generated; the cleaner grouped it on 12 of the 16 chapters."""
    trees = []
    for i in range(1, 17):
        body = "".join(f"<p>Chapter {i}, paragraph {k}: {'w' * k}</p>" for k in range(i + 2))
        html = (
            f"<html><body><table><tr><td>[ &lt;&lt; ]</td></tr></table>{body}<hr/>"
            f"<p><font size='-1'>This document was generated by Ann Author on "
            f"<em>July, {i} 2020</em> using texi2html.</font></p></body></html>"
        )
        trees.append((f"https://{SITE}/c{i}.html", parse_html(html)))
    g = BoilerplateGroup("f" * 16, "exact", SITE, pages=12, occurrences=12)
    for url, tree in trees[:12]:
        (node,) = tree.xpath("//p[font]")
        g.page_xpaths[url] = [tree.getroottree().getpath(node)]
        g.xpaths[g.page_xpaths[url][0]] += 1
    return trees, g


def test_a_footer_at_a_different_index_on_every_page_gets_its_own_leading_words() -> None:
    trees, g = _footer_site()
    # The union of the footer's positions takes content paragraphs on the other chapters.
    union = " | ".join(dict.fromkeys(pinned(x) for xs in g.page_xpaths.values() for x in xs))
    assert _matched_pages(trees, union) == 16
    rule = minimal_rule(g, trees)
    assert rule.kind == "text" and not rule.missed and not rule.wrong, rule
    # The words every footer starts with, up to the first that changes (the date).
    assert "'This document was generated by'" in rule.selector, rule.selector
    for _url, tree in trees:
        assert [n.xpath("string(.)")[:13] for n in select_elements(tree, rule.selector)] == [
            "This document"
        ]
    # The four chapters where the cleaner did not group it hold the same footer: counted
    # outside the group, and said to be the same chrome.
    assert len(rule.extra) == 4 and set(rule.alike) == set(rule.extra) and rule.precise
    assert "4 pages outside the group (all with the same chrome)" in rule.describe()


def _javadoc_page(i: int, *, navbar: bool) -> str:
    cells = "".join(
        f'<td class="NavBarCell1"><a href="{w}.html"><font class="NavBarFont1">'
        f"<b>{w}</b></font></a></td>"
        for w in ("Overview", "Package", "Tree", "Index", "Help")
    )
    bar = (
        '<table border="0" width="100%"><tr><td class="NavBarCell1">'
        f"<table><tr>{cells}</tr></table></td></tr></table>"
    )
    content = "".join(
        f"<table><tr><td>Method {i}.{k}</td><td>{'d' * (i + k)}</td></tr></table>" for k in range(3)
    )
    return f"<html><body>{bar if navbar else ''}{content}{bar if navbar else ''}</body></html>"


def test_a_navigation_bar_is_taken_by_its_cells_class_never_by_position() -> None:
    # The bar is the first and the last table of half the pages; the other pages start with
    # content tables, at the same positions.
    trees = [
        (f"https://{SITE}/j{i}.html", parse_html(_javadoc_page(i, navbar=i % 2 == 0)))
        for i in range(1, 13)
    ]
    g = BoilerplateGroup("j" * 16, "exact", SITE, pages=6, occurrences=12)
    for url, tree in trees:
        if url.endswith(tuple(f"/j{i}.html" for i in range(2, 13, 2))):
            nodes = tree.xpath("/html/body/table[.//td[@class='NavBarCell1']]")
            assert len(nodes) == 2
            g.page_xpaths[url] = [tree.getroottree().getpath(n) for n in nodes]
    union = " | ".join(dict.fromkeys(pinned(x) for xs in g.page_xpaths.values() for x in xs))
    assert _matched_pages(trees, union) == 12  # content tables on the other six pages
    rule = minimal_rule(g, trees)
    assert rule.exact and rule.kind == "hook", rule
    assert "NavBarCell1" in rule.selector
    for url, tree in trees:
        outer = [
            tree.getroottree().getpath(n)
            for n in select_elements(tree, rule.selector)
            if not any(a.tag == "table" for a in n.iterancestors())
        ]
        # The bars' inner tables are taken too, inside the bars: nothing more is removed.
        assert outer == g.page_xpaths.get(url, []), url


def test_positions_taking_more_pages_outside_than_inside_are_no_precise_rule() -> None:
    # An empty box, with nothing of its own, at the index where every other page has content.
    def page(i: int) -> str:
        box = "<div></div>" if i == 1 else f"<div>Story {i}: {'s' * i}</div>"
        return f"<html><body><div>Head</div>{box}<div>Tail</div></body></html>"

    trees = [(f"https://{SITE}/e{i}.html", parse_html(page(i))) for i in range(1, 9)]
    g = BoilerplateGroup("e" * 16, "exact", SITE, pages=1, occurrences=1)
    g.page_xpaths[f"https://{SITE}/e1.html"] = ["/html/body/div[2]"]
    g.xpaths["/html/body/div[2]"] = 1
    rule = minimal_rule(g, trees)
    assert len(set(rule.extra) - set(rule.alike)) > rule.site_pages - len(rule.extra)
    assert not rule.precise and not rule.exact
    assert rule.describe().startswith("no precise rule found; the closest, not exact: ")
    assert rule.to_dict()["precise"] is False
