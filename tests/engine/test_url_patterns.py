"""URL patterns (as page types induce them) as template URLs: what they match, and R(w,m) with
a pattern standing for the URLs it matches."""

from __future__ import annotations

from deboiler_gui.engine.template.extract import choose_templates, match_degree
from deboiler_gui.engine.template.model import Template
from deboiler_gui.engine.template.pagetypes import (
    distinct_patterns,
    is_url_pattern,
    matches_pattern,
    url_patterns,
)


def test_pattern_syntax() -> None:
    assert is_url_pattern("https://h/shop/p/{n}.html")
    assert is_url_pattern("https://h/docs/{sql,app}-*.html")
    assert not is_url_pattern("https://h/docs/a{b}.html")  # braces without a comma are literal
    assert not is_url_pattern("https://h/shop/p/1.html")
    assert matches_pattern("https://h/shop/p/{n}.html", "https://h/shop/p/12.html")
    assert not matches_pattern("https://h/shop/p/{n}.html", "https://h/shop/p/x12.html")
    assert matches_pattern("https://h/d/{app,sql}-*.html", "https://h/d/sql-select.html")
    assert not matches_pattern("https://h/d/{app,sql}-*.html", "https://h/d/ecpg-x.html")
    # * stays within one path segment; dots and + are literal
    assert not matches_pattern("https://h/*.html", "https://h/a/b.html")
    assert not matches_pattern("https://h/a.html", "https://h/aXhtml")
    assert matches_pattern("https://h/x.html | https://h/*/y.html", "https://h/q/y.html")


def test_every_alternative_of_an_induced_pattern() -> None:
    urls = ["http://h/a/x.html", "http://h/a/b/y.html", "http://h/a/z.html", "http://h/c/"]
    # the commonest shape first, then by path length
    assert url_patterns(urls) == ["http://h/a/*.html", "http://h/c/", "http://h/a/b/y.html"]
    assert all(any(matches_pattern(p, u) for p in url_patterns(urls)) for u in urls)


def test_match_degree_of_a_pattern_compares_part_by_part() -> None:
    p = "https://h.example/shop/p/{n}.html"
    assert match_degree("https://h.example/shop/p/12.html", p) == 1.0
    # as for the sample URL .../shop/p/1.html: host, shop, p of four parts
    assert match_degree("https://h.example/shop/p/lamp.html", p) == 0.75
    assert (
        match_degree("https://h.example/shop/p/lamp.html", "https://h.example/shop/p/1.html")
        == 0.75
    )
    # a pattern part matches the page's part at the same place only, and a pattern stands for
    # URLs of its own length: R = 1 exactly when the page matches it
    releases = "http://h.example/releases/*.html"
    assert match_degree("http://h.example/releases/1.0.html", releases) == 1.0
    assert match_degree("http://h.example/index.html", releases) == 1 / 3
    assert match_degree("http://h.example/a/releases/x.html", releases) == 1 / 4
    assert match_degree("http://h.example/releases/", releases) == 2 / 3
    assert match_degree("http://h.example/about.html", "http://h.example/*/*.html") == 2 / 3
    # the query counts only when the pattern has one
    assert match_degree("https://h.example/shop/p/3.html?sort=asc", p) == 1.0
    assert match_degree("https://h.example/list?page=3", "https://h.example/list?page={n}") == 1.0
    assert match_degree("https://h.example/list", "https://h.example/list?page={n}") == 2 / 3
    assert match_degree("https://other.example/shop/p/3.html", p) == 0.75


def test_a_template_with_a_pattern_is_chosen_for_the_pages_it_matches() -> None:
    products = Template(
        "products", site="h.example", urls=("https://h.example/shop/p/{n}.html",), url_threshold=0.9
    )
    posts = Template(
        "posts", site="h.example", urls=("https://h.example/blog/*/*.html",), url_threshold=0.9
    )
    assert [
        t.name for _r, t in choose_templates("https://h.example/shop/p/7.html", [products, posts])
    ] == ["products"]
    assert [
        t.name
        for _r, t in choose_templates("https://h.example/blog/2024/hi.html", [products, posts])
    ] == ["posts"]
    assert choose_templates("https://h.example/shop/c/desk/index.html", [products, posts]) == []
    assert choose_templates("https://other.example/shop/p/7.html", [products, posts]) == []


def test_induced_patterns_cut_at_word_and_number_edges() -> None:
    # the common start or end of the names stops where a word or a number stops
    chapters = ["http://h/d/ch-events.html", "http://h/d/ch-embedded.html"]
    assert url_patterns(chapters) == ["http://h/d/ch-*.html"]
    ends = ["http://h/d/alter.html", "http://h/d/enter.html"]
    assert url_patterns(ends) == ["http://h/d/*.html"]
    # a number is never split: page10 and page12 are page{n}, 1 and 12 are {n}
    pages = ["http://h/page10.html", "http://h/page12.html"]
    assert url_patterns(pages) == ["http://h/page{n}.html"]
    numbers = ["http://h/p/1.html", "http://h/p/12.html"]
    assert url_patterns(numbers) == ["http://h/p/{n}.html"]
    # camelCase words and words next to numbers are edges too
    assert url_patterns(["http://h/getValue.html", "http://h/getName.html"]) == [
        "http://h/get*.html"
    ]
    for urls in (chapters, ends, pages, numbers):
        assert all(matches_pattern(url_patterns(urls)[0], u) for u in urls)


def test_listed_names_are_whole_words() -> None:
    larger = [f"http://h/ch-{w}.html" for w in ("acl", "dns", "tls", "smtp")] + [
        "http://h/intro.html"
    ]
    smaller = ["http://h/ch-events.html", "http://h/ch-embedded.html"]
    assert distinct_patterns([larger, smaller]) == [
        ["http://h/*.html"],
        ["http://h/ch-{embedded,events}.html"],
    ]
    numbered = [f"http://h/p/{i}.html" for i in (3, 4, 5, 6)]
    listed = ["http://h/p/1.html", "http://h/p/12.html"]
    assert distinct_patterns([numbered, listed]) == [
        ["http://h/p/{n}.html"],
        ["http://h/p/{1,12}.html"],
    ]
    # many names by their leading words: the common end is a whole word too
    words = [f"http://h/d/{w}-{x}ter.html" for w in ("sql", "app") for x in "abcdefgh"]
    assert distinct_patterns([[f"http://h/d/x{i}.html" for i in range(20)], words])[1] == [
        "http://h/d/{app,sql}-*.html"
    ]
