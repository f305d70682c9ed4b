"""URL normalisation, robots.txt matching (RFC 9309), sitemaps, link extraction and link
factories, without a network."""

from __future__ import annotations

import gzip
import html

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deboiler_gui.engine.crawl.rules import (
    LinkFactory,
    Robots,
    extract_links,
    normalize_url,
    parse_sitemap,
)
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.jsonxml import json_to_xml
from deboiler_gui.engine.model import RuleError


@pytest.mark.parametrize(
    ("raw", "base", "expected"),
    [
        ("HTTP://Example.COM:80/a/./b/../c#frag", None, "http://example.com/a/c"),
        ("https://example.com:443", None, "https://example.com/"),
        ("https://example.com:8443/x?q=1", None, "https://example.com:8443/x?q=1"),
        ("../up.html", "http://h/a/b/page.html", "http://h/a/up.html"),
        ("/p%2fq%7e?x=%aa", "http://h/", "http://h/p%2Fq%7E?x=%AA"),
        ("/with space/é", "http://h/", "http://h/with%20space/%C3%A9"),
        ("mailto:a@b", "http://h/", None),
        ("javascript:void(0)", "http://h/", None),
        ("ftp://h/x", None, None),
        ("http://[::1]:8080/x", None, "http://[::1]:8080/x"),
        ("http://bad host/", None, None),
    ],
)
def test_normalize_url(raw: str, base: str | None, expected: str | None) -> None:
    assert normalize_url(raw, base) == expected


ROBOTS = """
User-agent: otherbot
Disallow: /

User-agent: *
Disallow: /private/
Allow: /private/open
Disallow: /*.pdf$
Disallow: /search?
Crawl-delay: 2
Sitemap: http://h/sitemap.xml
"""


@pytest.mark.parametrize(
    ("path", "allowed"),
    [
        ("/", True),
        ("/private/x", False),
        ("/private/open/page", True),  # longer Allow beats shorter Disallow
        ("/files/a.pdf", False),
        ("/files/a.pdf?download=1", True),  # '$' anchors the end
        ("/search?q=x", False),
        ("/search", True),
        ("/robots.txt", True),
    ],
)
def test_robots_longest_match(path: str, allowed: bool) -> None:
    robots = Robots.parse(ROBOTS, "deboiler-gui/0.1")
    assert robots.allowed("http://h" + path) is allowed
    assert robots.crawl_delay == 2.0
    assert robots.sitemaps == ["http://h/sitemap.xml"]


def test_robots_own_group_wins_and_ties_go_to_allow() -> None:
    robots = Robots.parse(ROBOTS, "otherbot/2.0")
    assert not robots.allowed("http://h/anything")
    tie = Robots.parse("User-agent: *\nDisallow: /a\nAllow: /a\n", "x")
    assert tie.allowed("http://h/a")
    assert Robots.parse("User-agent: *\nDisallow:\n", "x").allowed("http://h/x")
    assert not Robots.deny_all().allowed("http://h/x")


def test_sitemaps_index_urlset_gzip_and_text() -> None:
    index = b'<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc> http://h/s1.xml </loc></sitemap></sitemapindex>'
    assert parse_sitemap(index) == ([], ["http://h/s1.xml"])
    urlset = b'<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://h/a</loc></url><url><loc>http://h/b</loc></url></urlset>'
    assert parse_sitemap(gzip.compress(urlset)) == (["http://h/a", "http://h/b"], [])
    assert parse_sitemap(b"http://h/a\n\nhttp://h/b\n") == (["http://h/a", "http://h/b"], [])
    evil = b'<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><urlset><url><loc>&e;</loc></url></urlset>'
    assert all("root:" not in u for u in parse_sitemap(evil)[0])


def test_extract_links_honours_base_rel_and_meta_robots() -> None:
    html = """<html><head><base href="http://h/dir/"><link rel="next" href="p2.html">
    <link rel="stylesheet" href="s.css"></head><body>
    <a href="a.html">a</a><a href="a.html#x">again</a><a href="/abs">abs</a>
    <a rel="nofollow" href="secret">no</a><a href="mailto:x@y">mail</a>
    <area href="map.html"><iframe src="frame.html"></iframe></body></html>"""
    links = extract_links(parse_html(html), "http://h/other/page.html")
    assert links == [
        "http://h/dir/p2.html",
        "http://h/dir/a.html",
        "http://h/abs",
        "http://h/dir/map.html",
        "http://h/dir/frame.html",
    ]
    nofollow = '<html><head><meta name="robots" content="noindex, nofollow"></head><body><a href="/x">x</a></body></html>'
    assert extract_links(parse_html(nofollow), "http://h/") == []


def test_link_factory_from_html_pairs_list_fields() -> None:
    factory = LinkFactory.from_dict(
        {
            "name": "pager",
            "url_pattern": "/list/{cat}/{page}.html",
            "fields": {"cat": "//h1/@data-cat", "page": "//ul/li/@data-p"},
        }
    )
    root = parse_html(
        '<h1 data-cat="a b">x</h1><ul><li data-p="1"/><li data-p="2"/><li data-p="3"/></ul>'
    )
    assert factory.generate(root, "http://h/start") == [
        "http://h/list/a%20b/1.html",
        "http://h/list/a%20b/2.html",
        "http://h/list/a%20b/3.html",
    ]
    assert factory.generate(parse_html("<p>none</p>"), "http://h/") == []


def test_link_factory_on_json_and_url_values() -> None:
    data = '{"data": [{"url": "/news/1.html"}, {"url": "https://h/news/2.html"}], "next": 2}'
    root = json_to_xml(data)
    detail = LinkFactory.from_dict(
        {"name": "detail", "url_pattern": "{u}", "fields": {"u": "/json/data/item/url"}}
    )
    assert detail.generate(root, "https://h/api?page=1") == [
        "https://h/news/1.html",
        "https://h/news/2.html",
    ]
    nxt = LinkFactory.from_dict(
        {
            "name": "next",
            "url_pattern": "/api?page={n}",
            "match": "/api",
            "fields": {"n": "/json/next"},
        }
    )
    assert nxt.applies_to("https://h/api?page=1") and not nxt.applies_to("https://h/news/1.html")
    assert nxt.generate(root, "https://h/api?page=1") == ["https://h/api?page=2"]


def test_link_factory_from_a_stored_template_round_trips() -> None:
    template = {
        "name": "api pages",
        "site": "h",
        "fields": [{"id": "page", "xpaths": ["//missing", "//li/@data-page"], "list": True}],
        "link_factory": {"url_pattern": "/api?page={page}", "match": "catalog"},
    }
    factory = LinkFactory.from_dict(template)
    again = LinkFactory.from_dict(factory.to_dict())
    root = parse_html('<ul><li data-page="4"/><li data-page="5"/></ul>')
    assert again.generate(root, "http://h/catalog") == [
        "http://h/api?page=4",
        "http://h/api?page=5",
    ]


@pytest.mark.parametrize(
    ("data", "named"),
    [
        ({"name": "f", "url_pattern": "/x", "fields": {"a": "//a"}}, "placeholder"),
        ({"name": "f", "url_pattern": "/x/{b}", "fields": {"a": "//a"}}, "{b}"),
        ({"name": "f", "url_pattern": "/x/{a}", "fields": {"a": "//a["}}, "//a["),
        ({"name": "f", "url_pattern": "/x/{a}", "match": "(", "fields": {"a": "//a"}}, "'('"),
        ({"name": "f", "fields": {"a": "//a"}}, "url_pattern"),
    ],
)
def test_link_factory_errors_name_the_culprit(data: dict[str, object], named: str) -> None:
    with pytest.raises(RuleError, match="f") as info:
        LinkFactory.from_dict(data)
    assert named in str(info.value)


@pytest.mark.parametrize(
    "base",
    [
        "http://h/a/b.html",
        "http://h/a/",
        "http://h",
        "http://h/a/b.html?x=1",
        "http://h/a/b/c",
        "https://h:8443/x/y.html#f",
        "http://H:80/A/../b/./c.html",
        "http://h/d%7e/é.html",
        "http://h/a//b/c.html",
    ],
)
def test_cached_link_resolution_equals_plain_joining(base: str) -> None:
    # Links are resolved per folder (cached); the result must be what joining with the page gives.
    raws = [
        "c.html",
        "../c.html",
        "./",
        "/abs",
        "//o/x",
        "http://z/q",
        "?p=2",
        "x/../y",
        "..",
        ".",
        "c.html?q=1#f",
        "%7Ea",
        "a b",
        "c.html?",
        "a\tb",
        "C.HTML",
        "a%2fb",
        "é/ü.html?x=ä",
        "/x/./y/../z?a=b&c=%aa",
        "..//x",
        "HTTPS://Other:443/X",
        "q:colon",
        "a:b/c",
        "/%zz",
    ]
    for raw in raws:
        expected = normalize_url(raw, base)
        got = extract_links(parse_html(f'<a href="{raw}">x</a>'), base)
        assert got == ([expected] if expected else []), raw


@given(
    raw=st.text(alphabet="aB9./?#%2fé:-_ =&~;@[]+\t\\", min_size=1, max_size=12),
    base=st.sampled_from(
        ["http://h/a/b.html", "http://h/", "https://h:8443/x/y/", "http://h/a/b?c=d"]
    ),
)
@settings(max_examples=400, deadline=None)
def test_cached_link_resolution_property(raw: str, base: str) -> None:
    expected = normalize_url(raw, base)
    if not raw.strip() or raw.strip().startswith("#"):
        return  # in-page anchors are not links to follow
    # Fast string joining must agree with urllib's joining, or one page could get two URLs.
    got = extract_links(parse_html(f'<a href="{html.escape(raw)}">x</a>'), base)
    assert got == ([expected] if expected else [])


def test_json_keys_with_control_characters_become_readable_names() -> None:
    """A key holding NUL or ESC is no XML attribute value: it is kept with U+FFFD in its place,
    so the page stays readable and its other values extract."""
    root = json_to_xml('{"a\\u0000b": 5, "c\\u001bd": {"title": "ok"}, "items": [1]}')
    assert [k.get("name") for k in root.iter("key")] == ["a\ufffdb", "c\ufffdd"]
    assert root.xpath("string(//key[@name='c\ufffdd']/title)") == "ok"
