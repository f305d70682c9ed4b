"""Pages prepared ahead, without Qt: the prepared document is the one a switch would make, the
cache is bounded and never hands out a page prepared under other settings, and the neighbours
follow the list's order and the direction of travel."""

from __future__ import annotations

from dataclasses import replace

import pytest

from deboiler_gui.app.pagestate import compute_page_state
from deboiler_gui.app.prefetch import (
    PreparedCache,
    PrepareSettings,
    neighbour_rows,
    prepare,
)
from deboiler_gui.app.stamping import HIGHLIGHT_ATTR, prepare_page
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Rule, Template

HTML = """<html><head><title>Tomatoes</title></head><body><nav><a href="/">Home</a></nav>
<main><h1>Tomatoes</h1><p>Stake them early.</p></main><footer><p>© Garden</p></footer></body></html>"""


def _settings(
    template: Template, kinds: frozenset[str] = frozenset({"remove", "keep"})
) -> PrepareSettings:
    return PrepareSettings(
        workspace="/w/site.sqlite",
        template=template,
        model=None,
        kinds=kinds,
        style="/* css */",
        boiler=lambda _url: None,
    )


def _page(url: str, html: str = HTML) -> Page:
    return Page(url=url, html=html)


def test_prepared_document_is_the_page_stamped_with_its_rule_highlights() -> None:
    template = Template(name="t", remove=(Rule("footer", "//footer"),))
    prepared = prepare(_page("https://g.example/a.html"), _settings(template))
    sp = prepare_page("https://g.example/a.html", HTML)
    state = compute_page_state(sp, template, None)
    assert prepared.state.items == state.items == {"footer": 1}
    assert prepared.state.marks["remove"] == state.marks["remove"]
    # The served document marks the footer (and only it) as removed, with the style in its head.
    shown = parse_html(prepared.html)
    marked = shown.xpath(f"//*[@{HIGHLIGHT_ATTR}]")
    assert [el.tag for el in marked] == ["footer"] and marked[0].get(HIGHLIGHT_ATTR) == "remove"
    assert "/* css */" in prepared.html
    # A kind switched off in the legend is not served.
    hidden = prepare(_page("https://g.example/a.html"), _settings(template, frozenset({"keep"})))
    assert not parse_html(hidden.html).xpath(f"//*[@{HIGHLIGHT_ATTR}]")


def test_a_page_that_failed_to_fetch_is_prepared_as_its_error_escaped() -> None:
    page = Page(url="https://g.example/x.html", html="", error="HTTP 404 <gone>")
    prepared = prepare(page, _settings(Template(name="t")))
    assert "HTTP 404 &lt;gone&gt;" in prepared.html


def test_cache_hands_out_only_pages_prepared_under_the_same_settings() -> None:
    cache = PreparedCache(capacity=2)
    settings = _settings(Template(name="t"))
    url = "https://g.example/a.html"
    cache.put(prepare(_page(url), settings))
    assert cache.fresh(url, settings.key(url))
    # Another rule, another legend, another workspace, a boilerplate result arriving: stale.
    for other in (
        _settings(Template(name="t", remove=(Rule("nav", "//nav"),))),
        _settings(Template(name="t"), frozenset({"remove"})),
        replace(settings, workspace="/w/other.sqlite"),
        replace(settings, boiler=lambda _u: ["/html/body/nav"]),
    ):
        assert not cache.fresh(url, other.key(url))
    assert cache.take(url, _settings(Template(name="t"), frozenset({"remove"})).key(url)) is None
    assert (cache.hits, cache.misses) == (0, 1)
    assert url not in cache  # the stale page was dropped
    cache.put(prepare(_page(url), settings))
    got = cache.take(url, settings.key(url))
    assert got is not None and got.page.url == url
    assert (cache.hits, cache.misses, cache.hit_urls) == (1, 1, [url])


def test_cache_is_bounded_and_drops_the_least_recently_used() -> None:
    cache = PreparedCache(capacity=3)
    settings = _settings(Template(name="t"))
    urls = [f"https://g.example/{i}.html" for i in range(4)]
    for url in urls[:3]:
        cache.put(prepare(_page(url), settings))
    assert cache.take(urls[0], settings.key(urls[0])) is not None  # 0 used again
    cache.put(prepare(_page(urls[3]), settings))
    assert len(cache) == 3 and cache.urls() == [urls[2], urls[0], urls[3]]
    with pytest.raises(ValueError, match="at least one"):
        PreparedCache(capacity=0)


@pytest.mark.parametrize(
    ("current", "count", "previous", "expected"),
    [
        (0, 10, None, [1, 2]),  # first page: the next two
        (5, 10, None, [6, 4, 7]),
        (5, 10, 4, [6, 4, 7]),  # moving down
        (5, 10, 6, [4, 6, 3]),  # moving up: the one above first
        (9, 10, 8, [8]),  # last row, moving down: nothing below
        (0, 1, None, []),
        (3, 3, None, []),  # not a row of the list
    ],
)
def test_neighbours_follow_the_list_and_the_direction_of_travel(
    current: int, count: int, previous: int | None, expected: list[int]
) -> None:
    assert neighbour_rows(current, count, previous) == expected
