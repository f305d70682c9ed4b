"""A rule that lands on another field's node on the pages its own node is missing from: a
bar's last link taken as 'next' is the 'Up' link on the pages without a 'Next' (a quarter of
them here). Its values there are the other field's value, from that field's node, while its
other values differ: flagged with those pages, whatever the share of them."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import site_signals

SITE = "api.example"


def page(i: int, last: bool) -> Page:
    after = "" if last else f" <a class='post' href='m{i + 1}.html'>Next</a>"
    return Page(
        f"https://{SITE}/m{i}.html",
        "<html><body><div class='navbar'>"
        f"<a class='pre' href='m{i - 1}.html'>Previous</a> "
        f"<a class='up' href='parent{i % 7}.html'>Up</a>{after}</div>"
        f"<h1>Module M{i}</h1><p>Text {i}.</p></body></html>",
    )


def _signals(fields: tuple[Field, ...], pages: list[Page]) -> dict[str, list[dict]]:
    t = Template("api", site=SITE, fields=fields, use_cleaner=False)
    return {s.field: s.to_dict()["flags"] for s in site_signals(pages, [t])}


def test_a_last_link_that_is_up_where_a_page_has_no_next_is_flagged_with_those_pages() -> None:
    # every fourth page is the last of its module: no 'Next' there, the bar's last link is 'Up'
    pages = [page(i, last=i % 4 == 0) for i in range(1, 41)]
    lasts = [p.url for i, p in enumerate(pages, 1) if i % 4 == 0]
    got = _signals(
        (
            Field("up_text", xpaths=("//a[@class='up']",)),
            Field("next", xpaths=("//div[@class='navbar']/a[last()]",)),
        ),
        pages,
    )
    assert got["up_text"] == [], got
    (flag,) = [f for f in got["next"] if "'up_text'" in f["flag"]]
    assert flag["flag"].startswith("on 10 pages the value is 'Up', field 'up_text''s value")
    assert flag["pages"] == 10 and flag["look_at"] == lasts[:5]


def test_the_last_links_target_on_the_up_link_is_flagged_with_those_pages() -> None:
    # the same rule for the link's target: its values (targets) are no field's, its node is
    # the 'Up' link whose text field 'up_text' reads
    pages = [page(i, last=i % 4 == 0) for i in range(1, 41)]
    lasts = [p.url for i, p in enumerate(pages, 1) if i % 4 == 0]
    got = _signals(
        (
            Field("up_text", xpaths=("//a[@class='up']",)),
            Field("next_href", xpaths=("//div[@class='navbar']/a[last()]/@href",)),
            Field("prev_href", xpaths=("//a[@class='pre']/@href",)),
            Field("prev_text", xpaths=("//a[@class='pre']",)),
        ),
        pages,
    )
    (flag,) = [f for f in got["next_href"] if "'up_text'" in f["flag"]]
    assert flag["flag"].startswith(
        "on 10 pages its node is the one of field 'up_text', whose value on most pages is 'Up'"
    ), flag
    assert flag["look_at"] == lasts[:5]
    # a link's target and its text read from one node on every page: no fault
    assert got["prev_href"] == [] and got["prev_text"] == [], got


def test_two_fields_on_one_node_of_a_few_pages_with_their_own_values_are_not_flagged() -> None:
    # A heading that is both the page's title and its section's name on the section's own
    # pages: the section field's values are a few repeated names, none the title's usual value.
    def sec(i: int) -> Page:
        head = f"<h2>Part {i // 5}</h2>" if i % 5 else ""
        return Page(
            f"https://{SITE}/s{i}.html",
            f"<html><body><div class='crumbs'>{head}<h1>Topic {i}</h1></div>"
            f"<p>Text {i}.</p></body></html>",
        )

    got = _signals(
        (
            Field("title", xpaths=("//h1",)),
            Field("section", xpaths=("//div[@class='crumbs']/*[1]",)),
        ),
        [sec(i) for i in range(1, 41)],
    )
    assert not any("value on most pages" in f["flag"] for f in got["section"]), got
