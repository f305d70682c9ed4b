"""URL patterns (as page types induce them) as template URLs: what they match, and R(w,m) with
a pattern standing for the URLs it matches."""

from __future__ import annotations

from deboiler_gui.engine.template.extract import choose_templates, match_degree
from deboiler_gui.engine.template.model import Template
from deboiler_gui.engine.template.pagetypes import is_url_pattern, matches_pattern, url_patterns


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
