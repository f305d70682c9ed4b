"""Lists of a side menu that lists every module with its functions on every page, the page's
own entry marked by an id (generated reference docs): clicks on one page's functions give the
list at that place (the marked entry's) on every page, not the clicked page's own entry found
by its name (the same list on every page) nor the entry's position among the menu's like
entries. Clicks resolved on a copy of the page parsed apart give the same rules as on the
index's own tree."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, click_example, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

MODULES = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"]
CHAPTERS = ["Introduction", "Getting Started", "Tuning"]
BASE = "https://docs.example/app/"


def functions(module: str) -> list[str]:
    n = 2 + (len(module) * 3) % 5
    return [f"{module[:2]}_call/{k}" for k in range(n)]


def sections(chapter: str) -> list[str]:
    return [f"{chapter} part {k}" for k in range(2 + len(chapter) % 3)]


def entry(name: str, items: list[str], here: bool, lead: str) -> str:
    rows = "".join(
        f"<li title='{x.replace('/', '-')}'><a href='{name}.html#{k}'>{x}</a></li>"
        for k, x in enumerate(items)
    )
    marks = "id='here' expanded='true'" if here else "id='no' expanded='false'"
    return (
        f"<li {marks} title='{name} '>{name}<ul>"
        f"<li><a href='{name}.html'>\n   {lead}\n  </a></li>{rows}</ul></li>"
    )


def page(name: str) -> str:
    guide = "".join(
        entry(c, sections(c), c == name, "Top of chapter") for c in CHAPTERS if c == name
    )
    guide += "".join(f"<li id='no' title='{c}'><a href='#'>{c}</a></li>" for c in CHAPTERS)
    ref = "".join(entry(m, functions(m), m == name, "Top of manual page") for m in MODULES)
    return f"""<html><head><title>App -- {name}</title></head><body><div id='container'>
    <aside id='leftnav'><div class='app-title'>{name}</div><nav class='leftnav-tube'>
      <ul class='menu'><li><a href='index.html'>Home</a></li><li><a href='faq.html'>FAQ</a></li></ul>
      <h3>User's Guide</h3><ul class='flipMenu'>{guide}</ul>
      <h3>Reference Manual</h3><ul class='flipMenu'>{ref}</ul>
    </nav></aside>
    <div id='content'><h1>{name}</h1><p>About {name}.</p></div></div></body></html>"""


NAMES = MODULES + CHAPTERS


def want(name: str) -> list[str]:
    return functions(name) if name in MODULES else sections(name)


def url(name: str) -> str:
    return BASE + name.replace(" ", "_") + ".html"


@pytest.fixture(scope="module")
def site() -> SiteIndex:
    return SiteIndex([url(n) for n in NAMES], [parse_html(page(n)) for n in NAMES])


def items(site: SiteIndex, name: str, k: int) -> Example:
    i = NAMES.index(name)
    root = site.trees[i]
    node = select_elements(root, "//li[@id='here']/ul/li/a")[k]
    return Example(site.urls[i], root, node)


def texts(site: SiteIndex, name: str, xpath: str) -> list[str]:
    root = site.trees[NAMES.index(name)]
    return [" ".join(n.text_content().split()) for n in select_elements(root, xpath)]


@pytest.mark.parametrize(
    "clicks",
    [[("beta", 2)], [("beta", 1), ("beta", 3)], [("Introduction", 1), ("Introduction", 2)]],
)
def test_the_marked_entry_list_on_every_page(
    site: SiteIndex, clicks: list[tuple[str, int]]
) -> None:
    best = induce([items(site, n, k) for n, k in clicks], index=site, as_list=True)[0].xpath
    assert "@id='here'" in best, best
    for name in NAMES:
        assert texts(site, name, best) == want(name), (name, best)


def test_the_page_named_entry_and_positions_come_later(site: SiteIndex) -> None:
    rules = induce([items(site, "gamma", 1)], index=site, as_list=True, limit=10)
    xps = [r.xpath for r in rules]
    # Still offered (a menu entry of that name is a list of the site), after the hook.
    named = [x for x in xps if "@title='gamma '" in x]
    assert named and xps.index(named[0]) > 0, xps
    assert "li[" not in xps[0].replace("li[@", ""), xps


def test_a_menu_that_is_the_same_on_every_page_is_still_its_list(site: SiteIndex) -> None:
    root = site.trees[1]
    node = select_elements(root, "//ul[@class='menu']/li/a")[1]
    best = induce([Example(site.urls[1], root, node)], index=site, as_list=True)[0].xpath
    for name in NAMES:
        assert texts(site, name, best) == ["Home", "FAQ"], (name, best)


def test_a_click_on_a_copy_of_the_page_gives_the_rules_of_the_index_tree(site: SiteIndex) -> None:
    # The app parses the shown page apart from the site index; the command line takes the
    # index's tree. Both resolve their clicks alike, and induce the same rules.
    i = NAMES.index("delta")
    xpaths = [site.trees[i].getroottree().getpath(items(site, "delta", k).node) for k in (1, 2)]
    on_index = [click_example(site, site.urls[i], xp) for xp in xpaths]
    assert all(ex.root is site.trees[i] for ex in on_index)
    copy = parse_html(page("delta"))
    apart = [Example(site.urls[i], copy, select_elements(copy, xp)[0]) for xp in xpaths]
    from_html = [click_example(site, site.urls[i], xp, page("delta")) for xp in xpaths]
    rules = [
        [r.to_dict() for r in induce(exs, index=site, as_list=True, limit=5)]
        for exs in (on_index, apart, from_html)
    ]
    assert rules[0] == rules[1] == rules[2], rules
    # A page the index does not hold is read from its HTML.
    other = click_example(site, BASE + "new.html", xpaths[0], page("delta"))
    assert other.root is not site.trees[i] and other.node.text == items(site, "delta", 1).node.text
