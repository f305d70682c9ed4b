"""Clicks on a manual written as Gri's Texinfo-to-HTML script writes it (``mapsite``): the
'next' arrow of the banner's image map (an `area` known by its `coords`, wherever it sits
among the map's areas and on the front page, whose map has that one area); an example path
that selects several nodes, said as such; a 'not this' on list items in running text that
narrows a menu rule; a 'not this' section heading that keeps the rule for any heading of the
page's block; and a 'not this' that costs the field many pages, said with their names."""

from __future__ import annotations

import pytest
from mapsite import NEXT, index, site, url

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import InductionError, click_example, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select

AREAS = "/html/body/table/tr/td[2]/map[1]/area"
BLOCK = "/html/body/table/tr/td[2]/"
UL = "/html/body/table/tr/td[2]/ul"


def next_targets(idx: SiteIndex) -> dict[str, str]:
    """Each page's 'next' arrow target, read off its map by the arrow's place in the banner."""
    out = {}
    for u, tree in zip(idx.urls, idx.trees, strict=True):
        arrows = tree.xpath(f"//map[@name='navigate_top']/area[@coords='{NEXT}']/@href")
        if arrows:
            out[u] = str(arrows[0])
    return out


def test_an_area_is_known_by_its_coords_wherever_it_sits_in_its_map() -> None:
    idx = index()
    clicks = [
        click_example(idx, url("Introduction1.html"), f"{AREAS}[4]/@href"),
        click_example(idx, url("Commands2.html"), f"{AREAS}[4]/@href"),
        # the front page's map has the next arrow alone
        click_example(idx, url("index.html"), f"{AREAS}/@href"),
    ]
    best = induce(clicks, index=idx)[0]
    assert f"@coords='{NEXT}'" in best.xpath and "area[4]" not in best.xpath, best.xpath
    assert best.kind == "attribute" and best.xpath.endswith("/@href")
    want = next_targets(idx)
    for u, tree in zip(idx.urls, idx.trees, strict=True):
        got = select(tree, best.xpath)
        # the next page where there is one, on the pages whose areas are written in another
        # order too (`area[4]` is the top arrow there); nothing on the last page
        assert ([str(got[0])] if got else []) == ([want[u]] if u in want else []), u


def test_an_area_hook_ranks_before_its_position() -> None:
    # Two clicks that a position would fit as well: the arrow's own attribute comes first.
    idx = index()
    clicks = [
        click_example(idx, url(page), f"{AREAS}[4]/@href")
        for page in ("Introduction1.html", "Commands2.html")
    ]
    rules = induce(clicks, index=idx, limit=8)
    shown = [r.xpath for r in rules]
    assert f"@coords='{NEXT}'" in shown[0], shown
    assert any("area[4]" in xp for xp in shown), shown  # the position is offered, after


def test_an_example_path_that_selects_several_nodes_is_said_so() -> None:
    idx = index()
    clicks = [
        click_example(idx, url("Introduction1.html"), f"{AREAS}/@href"),  # four areas
        click_example(idx, url("Commands2.html"), f"{AREAS}[4]/@href"),
    ]
    with pytest.raises(InductionError) as err:
        induce(clicks, index=idx)
    message = str(err.value)
    assert "contradict" not in message, message
    assert "selects 4 nodes on its page" in message, message
    assert f"{url('Introduction1.html')} {AREAS}/@href" in message
    # each node named briefly, by its path and its value
    for k, target in enumerate(("index.html#Top", "index.html#Top", "Introduction.html"), 1):
        assert f"{AREAS}[{k}] '{target}'" in message, message
    assert err.value.examples == [url("Introduction1.html")]
    assert err.value.hint and "one node" in err.value.hint


def test_a_field_from_a_path_of_several_nodes_notes_which_was_taken() -> None:
    idx = index()
    title = click_example(idx, url("Invocation2.html"), "//h3 | //h4")  # the h3, then h4s
    other = click_example(idx, url("Introduction2.html"), f"{BLOCK}h2")
    best = induce([title, other], index=idx)[0]
    assert any("selects 4 nodes" in n and "the first was taken" in n for n in best.notes), (
        best.notes
    )
    assert not any("selects" in w for w in best.warnings), best.warnings


def menu_clicks(idx: SiteIndex) -> list:
    return [
        click_example(idx, url("Introduction.html"), f"{UL}/li[1]/a"),
        click_example(idx, url("Introduction.html"), f"{UL}/li[2]/a"),
        click_example(idx, url("Invocation2.html"), f"{UL}/li[2]/a"),
    ]


def test_not_this_on_items_in_running_text_narrows_a_menu_rule() -> None:
    idx = index()
    nots = [
        # a link inside a hint's sentence, a bug number of the release notes
        click_example(idx, url("Simpleexample1.html"), f"{UL}/li[2]/a"),
        click_example(idx, url("Version_2_8.html"), f"{UL}[1]/li/a"),
    ]
    plain = induce(menu_clicks(idx), index=idx, as_list=True)[0]
    best = induce(menu_clicks(idx), nots, index=idx, as_list=True)[0]
    for u, tree in zip(idx.urls, idx.trees, strict=True):
        menu = [a for a in select(tree, plain.xpath) if a.tail and a.tail.startswith(":")]
        got = select(tree, best.xpath)
        # every menu kept, on the examples' pages and the others, and nothing else
        assert [a.text for a in got] == [a.text for a in menu], (u, best.xpath)
    for page in ("Simpleexample1.html", "Commands1.html", "Version_2_8.html", "ConceptIndex.html"):
        assert not select(idx.trees[idx.urls.index(url(page))], best.xpath), page
    # what the clicks asked for is no narrowing to warn about
    assert not best.warnings, best.warnings


def test_a_not_this_nothing_tells_apart_names_the_example_it_is_like() -> None:
    # Another menu entry of the examples' own kind: only its text sets it apart.
    idx = index()
    nots = [click_example(idx, url("Commands.html"), f"{UL}/li[1]/a")]
    with pytest.raises(InductionError) as err:
        induce(menu_clicks(idx), nots, index=idx, as_list=True)
    message = str(err.value)
    assert f"not {url('Commands.html')} {UL}/li[1]/a cannot be told from the example" in message
    assert "a in li in ul" in message, message
    assert err.value.hint and "click another example" in err.value.hint


def test_a_not_this_section_heading_keeps_the_rule_for_any_heading() -> None:
    # A command's title (h3) and a chapter's (h1), and a sub-command's h4 that comes after
    # the command's title on its page: sections (h2) keep their titles.
    idx = index()
    clicks = [
        click_example(idx, url("Invocation2.html"), f"{BLOCK}h3"),
        click_example(idx, url("Introduction.html"), f"{BLOCK}h1"),
    ]
    nots = [click_example(idx, url("History2.html"), f"{BLOCK}h4[1]")]
    best = induce(clicks, nots, index=idx)[0]
    assert " | " not in best.xpath and "self::h2" in best.xpath, best.xpath
    for u, tree in zip(idx.urls, idx.trees, strict=True):
        got = select(tree, best.xpath)
        title = tree.xpath("string(//title)").removeprefix("Manual: ")
        if u == url("index.html"):
            assert not got
        else:
            assert got and got[0].text_content() == title, (u, best.xpath)
    assert any("no value of the rule" in n and "History2.html" in n for n in best.notes)


def test_a_not_this_heading_of_another_rank_keeps_the_shared_anchor() -> None:
    # The 'not this' is the first heading of its page, of a rank no example has: the rule
    # keeps the block and the examples' ranks rather than joining their own two rules.
    urls, html = site()
    html[urls.index(url("Programming2.html"))] = html[urls.index(url("Programming2.html"))].replace(
        "<h2>", "<h5>Draft</h5>\n<h2>", 1
    )
    idx = SiteIndex(urls, [parse_html(h) for h in html])
    clicks = [
        click_example(idx, url("Invocation2.html"), f"{BLOCK}h3"),
        click_example(idx, url("Introduction.html"), f"{BLOCK}h1"),
    ]
    nots = [click_example(idx, url("Programming2.html"), f"{BLOCK}h5")]
    best = induce(clicks, nots, index=idx)[0]
    assert " | " not in best.xpath and "top banner" in best.xpath, best.xpath
    assert "self::h2" in best.xpath and "self::h5" not in best.xpath, best.xpath
    got = select(idx.trees[urls.index(url("Programming2.html"))], best.xpath)
    assert got and got[0].text_content() == "5.2: Programming part 2"


def test_a_not_this_that_loses_the_field_on_many_pages_names_them() -> None:
    # The front page's h2 (the program's name) as 'not this': the rule left takes no h2,
    # and the sections' h2 titles are lost with it; said, with the pages.
    idx = index(frozenset({"Commands", "Programming", "Invocation"}), front_heading=True)
    clicks = [
        click_example(idx, url("Invocation2.html"), f"{BLOCK}h3"),
        click_example(idx, url("Introduction.html"), f"{BLOCK}h1"),
    ]
    nots = [click_example(idx, url("index.html"), f"{BLOCK}h2")]
    best = induce(clicks, nots, index=idx)[0]
    warning = next(w for w in best.warnings if "narrows the rule" in w)
    assert "finds nothing on 10 of them where that rule does" in warning, warning
    for page in ("Introduction1.html", "Simpleexample2.html", "History1.html"):
        assert page in warning, warning
    assert "index.html," not in warning  # the 'not this' page is what was asked for


def test_an_area_written_again_in_the_foot_map_is_taken_once_under_its_own_map() -> None:
    # The foot map repeats the next arrow with the same coords: the rule names the clicked
    # (top) map, so each page gives one value, not the arrow and its repeat.
    idx = index()
    clicks = [
        click_example(idx, url("Introduction1.html"), f"{AREAS}[4]/@href"),
        click_example(idx, url("Commands2.html"), f"{AREAS}[4]/@href"),
    ]
    best = induce(clicks, index=idx)[0]
    assert "navigate_top" in best.xpath, best.xpath
    assert best.site["many"] == 0 and best.site["one"] > 0, best.site
    want = next_targets(idx)
    for u, tree in zip(idx.urls, idx.trees, strict=True):
        got = [str(v) for v in select(tree, best.xpath)]
        assert got == ([want[u]] if u in want else []), u
