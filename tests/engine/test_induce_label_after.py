"""A link known by the fixed label just after it: Sphinx's top bar (`« previous :: Contents ::
next »`, as Clang's manual writes it) starts with the previous page's link, but on the pages
without a previous page (the index, search, the general index) its first link is 'Contents'.
The bar's first place takes 'Contents' there; the link before 'Contents' takes nothing. The
rule on the label after the link is offered, ranked before the position when the site shows
that the position holds another link on some pages, with 'not this' clicks and for one click
alike; the next link keeps its label before it."""

from __future__ import annotations

from sphinxbar import page

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import extract_field
from deboiler_gui.engine.template.induce import SITE_SAMPLE, Example, click_candidates, induce
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

SITE = "http://manual.example/"
PREV = "/html/body/div[2]/p/a[1]"
NAMES = [f"Topic{chr(65 + i)}" for i in range(14)]
LABEL_PREV = "//a[normalize-space(.)='Contents']/preceding-sibling::a[1]"
LABEL_NEXT = "//a[normalize-space(.)='Contents']/following-sibling::a[1]"


def _page(name: str, title: str, prev: str, nxt: str, body: str) -> Page:
    return page(f"{SITE}{name}.html", title, prev, nxt, body, manual="Manual")


def site() -> list[Page]:
    """The index (no previous page: 'Contents' first), the chapters in a row (the last one
    without a next page), the search page and the general index ('Contents' alone)."""
    pages = [
        _page(
            "index",
            "Welcome",
            "",
            NAMES[0],
            "<section><h1>Using the tool</h1><p>Start here.</p></section>",
        )
    ]
    for i, name in enumerate(NAMES):
        prev = NAMES[i - 1] if i else "index"
        nxt = NAMES[i + 1] if i + 1 < len(NAMES) else ""
        pages.append(
            _page(
                name,
                f"{name} Guide",
                prev,
                nxt,
                f"<section><h1>{name} Guide</h1><p>About {name}, at length.</p></section>",
            )
        )
    pages.append(_page("search", "Search", "", "", "<h1>Search</h1><p>Type words.</p>"))
    pages.append(_page("genindex", "Index", "", "", "<h1>Index</h1><p>Symbols.</p>"))
    return pages


def _example(index: SiteIndex, name: str, xp: str, attr: str = "") -> Example:
    url = f"{SITE}{name}.html"
    tree = index.trees[index.urls.index(url)]
    return Example(url, tree, select_elements(tree, xp)[0], attr)


def _values(index: SiteIndex, xpath: str) -> dict[str, object]:
    fld = Field("prev", xpaths=(xpath,))
    t = Template("manual", fields=(fld,), use_cleaner=False)
    out = {}
    for url, tree in zip(index.urls, index.trees, strict=True):
        value, _report = extract_field(tree, fld, t)
        out[url[len(SITE) : -len(".html")]] = value
    return out


def _index() -> SiteIndex:
    return SiteIndex.from_pages(site(), max_pages=None)


def _right_prev(got: dict[str, object], *, href: bool = False) -> None:
    # nothing where there is no previous page, each chapter's previous page elsewhere
    for name in ("index", "search", "genindex"):
        assert got[name] in ("", None), (name, got[name])
    assert got[NAMES[0]] == ("index.html" if href else "index Guide"), got
    for i in range(1, len(NAMES)):
        want = f"{NAMES[i - 1]}.html" if href else f"{NAMES[i - 1]} Guide"
        assert got[NAMES[i]] == want, (NAMES[i], got[NAMES[i]])


def test_three_clicks_on_the_previous_link_give_the_label_after_it() -> None:
    index = _index()
    pos = [_example(index, n, PREV) for n in ("TopicD", "TopicH", "TopicN")]
    rules = induce(pos, [], index, limit=5)
    assert rules[0].xpath == LABEL_PREV, [r.xpath for r in rules]
    # the bar's hooked 'Contents' link is offered too
    assert any(
        r.xpath.startswith("//a[contains(concat(' ', normalize-space(@class), ' '), ' uplink ')]")
        and r.xpath.endswith("/preceding-sibling::a[1]")
        for r in rules
    ), [r.xpath for r in rules]
    _right_prev(_values(index, rules[0].xpath))


def test_not_this_on_the_index_pages_contents_link_is_no_longer_refused() -> None:
    index = _index()
    pos = [_example(index, n, PREV) for n in ("TopicD", "TopicH", "TopicN")]
    contents = _example(index, "index", PREV)
    assert contents.node.text == "Contents"
    rules = induce(pos, [contents], index, limit=5)
    assert rules[0].xpath == LABEL_PREV, [r.xpath for r in rules]
    assert not rules[0].warnings, rules[0].warnings
    _right_prev(_values(index, rules[0].xpath))


def test_one_click_on_the_previous_link_prefers_the_label_to_the_bars_first_place() -> None:
    index = _index()
    one = _example(index, "TopicF", PREV)
    rules = induce([one], [], index, limit=5)
    assert rules[0].xpath == LABEL_PREV, [r.xpath for r in rules]
    # the app's Selection panel ranks the click the same (its first row is Extract field's)
    cands = click_candidates(one, index, limit=4)
    assert cands[0].xpath == LABEL_PREV, [c.xpath for c in cands]


def test_the_previous_links_target_gives_the_label_rule_with_its_attribute() -> None:
    index = _index()
    pos = [_example(index, n, PREV, "href") for n in ("TopicC", "TopicJ")]
    top = induce(pos, [], index, limit=3)[0]
    assert top.xpath == f"{LABEL_PREV}/@href", top.xpath
    _right_prev(_values(index, top.xpath), href=True)


def test_the_next_link_keeps_the_label_before_it() -> None:
    index = _index()
    pos = [_example(index, n, "/html/body/div[2]/p/a[3]") for n in ("TopicD", "TopicH")]
    top = induce(pos, [], index, limit=3)[0]
    assert top.xpath == LABEL_NEXT, top.xpath
    got = _values(index, top.xpath)
    # the index's next link is its bar's second link, the last chapter has none
    assert got["index"] == "TopicA Guide" and got["TopicN"] in ("", None), got


def test_a_position_that_never_takes_another_link_keeps_its_rank() -> None:
    # Every page has a previous page: the bar's first place is always the previous link,
    # and the rule by the label after it (costlier: a text after a node is as often the
    # next value) does not come first.
    pages = [p for p in site() if not p.url.endswith(("/index.html", "search.html", "x.html"))]
    index = SiteIndex.from_pages(pages, max_pages=None)
    pos = [_example(index, n, PREV) for n in ("TopicD", "TopicH")]
    rules = induce(pos, [], index, limit=5)
    assert rules[0].xpath.endswith("/p/a[1]"), [r.xpath for r in rules]
    assert LABEL_PREV in [r.xpath for r in rules]


def test_the_next_sections_heading_is_no_label_of_a_title() -> None:
    # A manual page's title `h1` is followed by the heading 'NAME' on most pages; a page of
    # another kind has its own title without it. A heading of another tag after the node is
    # no label of it: the header's id keeps the title of that page.
    def man(i: int) -> Page:
        return Page(
            f"{SITE}man{i}.html",
            f"<html><body><div id='header'><h1>tool-{i}(1) Manual Page</h1><h2>NAME</h2>"
            f"<p>tool-{i} - does {i}</p></div><div id='content'><p>Text {i}.</p></div>"
            "</body></html>",
        )

    guide = Page(
        f"{SITE}guide.html",
        "<html><body><div id='header'><h1>User Guide</h1><p>By the team</p></div>"
        "<div id='content'><p>Chapters.</p></div></body></html>",
    )
    index = SiteIndex.from_pages([*(man(i) for i in range(12)), guide], max_pages=None)
    pos = [_example(index, f"man{i}", "//h1") for i in (2, 5)]
    top = induce(pos, [], index, limit=3)[0]
    assert top.xpath == "//div[@id='header']/h1", top.xpath


def test_a_neighbour_that_changes_with_the_page_is_no_label() -> None:
    # One click on the first of two 'see also' links: the link after it is another value
    # on every page, and a rule on its text finds the clicked page alone; the place of the
    # clicked link stays first.
    def see(i: int) -> Page:
        return Page(
            f"{SITE}s{i}.html",
            f"<html><body><h1>Entry {i}</h1><p class='seealso'>"
            f"<a href='a{i}.html'>Alpha {i}</a> <a href='b{i}.html'>Beta {i}</a></p>"
            f"<p>Text {i}.</p></body></html>",
        )

    index = SiteIndex.from_pages([see(i) for i in range(15)], max_pages=None)
    one = _example(index, "s4", "//p[@class='seealso']/a[1]")
    rules = induce([one], [], index, limit=5)
    assert rules[0].xpath.endswith("/a[1]"), [r.xpath for r in rules]
    assert "normalize-space(.)='Beta 4'" not in rules[0].xpath


# --------------------------------------------------------------------------- the whole site


def _long_manual(n: int, starts: tuple[int, ...]) -> list[Page]:
    """A manual of ``n`` chapters in a row, each with a previous page (the first one's is the
    foreword), but the chapters of ``starts``, which open a part of the manual: their bar
    starts with 'Contents'."""
    names = [f"ch{i:04d}" for i in range(n)]
    out = []
    for i, name in enumerate(names):
        prev = "" if i in starts else (names[i - 1] if i else "foreword")
        nxt = names[i + 1] if i + 1 < n else ""
        out.append(
            _page(
                name,
                f"{name} Guide",
                prev,
                nxt,
                f"<section><h1>{name} Guide</h1><p>About {name}, at length.</p></section>",
            )
        )
    return out


def _sampled(index: SiteIndex) -> set[str]:
    """The pages the induction samples (``SITE_SAMPLE`` spread over the site)."""
    step = len(index.urls) / SITE_SAMPLE
    return {index.urls[int(i * step)] for i in range(SITE_SAMPLE)}


def test_a_position_wrong_only_on_pages_outside_the_sample_ranks_after_the_label() -> None:
    # Three chapters opening a part of a 400-page manual have no previous page, none of them
    # among the sampled pages: the bar's first place is 'Contents' there. The whole site is
    # read for the rules the label after the link never parted from on the sample.
    pages = _long_manual(400, starts=(1, 2, 201))
    index = SiteIndex.from_pages(pages, max_pages=None)
    sampled = _sampled(index)
    assert not {f"{SITE}ch0001.html", f"{SITE}ch0002.html", f"{SITE}ch0201.html"} & sampled
    pos = [_example(index, n, PREV) for n in ("ch0010", "ch0020")]
    rules = induce(pos, [], index, limit=5)
    assert rules[0].xpath == LABEL_PREV, [r.xpath for r in rules]
    got = _values(index, rules[0].xpath)
    assert got["ch0001"] in ("", None) and got["ch0201"] in ("", None), got
    assert got["ch0010"] == "ch0009 Guide"
    # the bar's first place takes 'Contents' on those pages, and ranks after the label
    place = next(r for r in rules if r.xpath.endswith("/p/a[1]"))
    assert _values(index, place.xpath)["ch0201"] == "Contents"
    assert rules.index(place) > 0


def test_an_on_demand_index_reads_every_page_without_keeping_them() -> None:
    # The app's and suggest's index parses a page when it is first looked at: the pass over
    # the site parses the others for one look and keeps only what the sample parsed.
    pages = _long_manual(600, starts=(3, 301))
    html = {p.url: p.html for p in pages}
    index = SiteIndex.on_demand([p.url for p in pages], html.__getitem__)
    pos = [_example(index, n, PREV) for n in ("ch0010", "ch0020")]
    rules = induce(pos, [], index, limit=5)
    assert rules[0].xpath == LABEL_PREV, [r.xpath for r in rules]
    assert index.trees.parsed <= 300, index.trees.parsed  # the sample, not the 600 pages


def test_a_position_never_wrong_over_the_whole_site_keeps_its_rank() -> None:
    pages = _long_manual(400, starts=())
    index = SiteIndex.from_pages(pages, max_pages=None)
    pos = [_example(index, n, PREV) for n in ("ch0010", "ch0020")]
    rules = induce(pos, [], index, limit=5)
    assert rules[0].xpath.endswith("/p/a[1]"), [r.xpath for r in rules]
    assert rules[0].site["relabelled"] == 0
