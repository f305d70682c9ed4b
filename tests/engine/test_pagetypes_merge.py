"""Page types that URL patterns cannot tell apart: merged when their structure is alike, else
given patterns of their own (never two types with one pattern)."""

from __future__ import annotations

from collections import Counter

from realpages import pages as bundled

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.progress import run
from deboiler_gui.engine.template.pagetypes import (
    PageType,
    cluster,
    distinct_patterns,
    matches_pattern,
    url_patterns,
)

BASE = "http://manual.local/"
NAV = "".join(f'<li class="item"><a href="s{i}.html">Section {i}</a></li>' for i in range(8))
HEADER = '<header class="top"><h1 class="brand"><a href="/">Manual</a></h1><form class="search"><input name="q"></form></header>'
FRAME_END = '<footer class="foot"><p class="legal">© Manual</p><p class="built">Built</p><ul class="links"><li><a href="/a">a</a></li></ul></footer>'

#: Chapters of one template whose content differs in markup (tables, lists, definitions).
CONTENT = {
    "table": '<div class="section"><p>Text.</p><table class="grid"><thead><tr><th>k</th></tr></thead><tbody><tr><td>v</td></tr></tbody></table></div>',
    "list": '<div class="section"><ul class="itemizedlist"><li><p>One.</p></li></ul><pre class="literallayout">x = 1</pre></div>',
    "defs": '<div class="section"><dl class="variablelist"><dt><code>opt</code></dt><dd><p>Does.</p></dd></dl><div class="note"><p>Mind.</p></div></div>',
}


def chapter(kind: str, n: int) -> str:
    return (
        f"<html><body>{HEADER}<div class='outer'><nav class='side'><ul class='menu'>{NAV}</ul></nav>"
        f"<div class='chapter'><h2 class='title'>Chapter {n}</h2><p class='lead'>About {kind}.</p>"
        f"{CONTENT[kind]}</div></div>{FRAME_END}</body></html>"
    )


def index_page(n: int) -> str:
    letters = "".join(f'<a class="letter" href="#{c}">{c}</a>' for c in "ABC")
    entries = "".join(
        f'<tr class="entry"><td class="term"><span class="word">w{k}</span></td>'
        f'<td class="refs"><a class="ref" href="ch-{k}.html">{k}</a><em class="see">see</em></td></tr>'
        for k in range(20)
    )
    return (
        f"<html><body>{HEADER}<div class='outer'><nav class='side'><ul class='menu'>{NAV}</ul></nav>"
        f"<div class='index'><div class='letters'>{letters}</div><h2 class='heading'>Index {n}</h2>"
        f"<table class='entries'><tbody>{entries}</tbody></table></div></div>{FRAME_END}</body></html>"
    )


def manual() -> list[Page]:
    pages = []
    names = "access batch config daemon events filter gecos hosts ipv6 junk keys logs mail net opts perl queue retry"
    for i, name in enumerate(names.split()):
        kind = list(CONTENT)[i % 3]
        pages.append(Page(f"{BASE}ch-{name}.html", chapter(kind, i)))
    # index chapters: the same URL shape, another structure
    pages.append(Page(f"{BASE}ch-concept-index.html", index_page(1)))
    pages.append(Page(f"{BASE}ch-option-index.html", index_page(2)))
    return sorted(pages, key=lambda p: p.url)


def types_of(pages: list[Page], **kw: float) -> list[PageType]:
    return run(cluster(iter(pages), **kw))


def test_chapters_of_one_template_are_one_type() -> None:
    unmerged = types_of(manual(), merge_similarity=2)
    # page by page the chapters fall apart by their content's markup …
    assert sorted(len(t.urls) for t in unmerged) == [2, 6, 6, 6]
    # … and each of the three would induce the same pattern
    induced = Counter(url_patterns(sorted(t.urls))[0] for t in unmerged)
    assert induced[BASE + "ch-*.html"] == 3
    merged = types_of(manual())
    assert [(len(t.urls), t.pattern) for t in merged] == [
        (18, BASE + "ch-*.html"),
        (2, BASE + "ch-*-index.html"),
    ]


def test_types_kept_apart_get_patterns_that_tell_them_apart() -> None:
    types = types_of(manual(), merge_similarity=2)
    patterns = [t.pattern for t in types]
    assert len(set(patterns)) == len(patterns)
    # the largest keeps the induced pattern, the others name their own pages …
    assert patterns[0] == BASE + "ch-*.html"
    for t in types[1:3]:
        assert t.pattern.startswith(BASE + "ch-{") and t.pattern.endswith("}.html")
        # … which match every page of the type and none of the other types'
        for other in types:
            assert all(matches_pattern(t.pattern, u) == (other is t) for u in other.urls), (
                t.pattern,
                other.pattern,
            )


def test_distinct_patterns() -> None:
    big = [f"http://h/p/{i}.html" for i in range(1, 10)]
    small = ["http://h/p/12.html", "http://h/p/34.html"]
    assert url_patterns(small) == url_patterns(big) == ["http://h/p/{n}.html"]
    assert distinct_patterns([big, small]) == [["http://h/p/{n}.html"], ["http://h/p/{12,34}.html"]]
    # many names: their leading words, when that is shorter than naming each
    many = [f"http://h/d/{w}-{i}.html" for w in ("a", "b", "c", "d", "e") for i in range(5)]
    words = [f"http://h/d/{w}-{i}.html" for w in ("sql", "app", "ecpg", "spi") for i in range(5)]
    assert url_patterns(many) == url_patterns(words) == ["http://h/d/*.html"]
    assert distinct_patterns([many, words]) == [
        ["http://h/d/*.html"],
        ["http://h/d/{app-,ecpg-,spi-,sql-}*.html"],
    ]
    # a pattern that would also take pages of a larger group names its own pages: the
    # smaller group's "ch-*.html" takes none of the larger's pages only as "ch-{x,y}.html"
    larger = [f"http://h/ch-{w}.html" for w in ("acl", "dns", "tls", "smtp")] + [
        "http://h/intro.html"
    ]
    smaller = ["http://h/ch-x.html", "http://h/ch-y.html"]
    assert url_patterns(larger) == ["http://h/*.html"]
    assert url_patterns(smaller) == ["http://h/ch-*.html"]
    assert distinct_patterns([larger, smaller]) == [["http://h/*.html"], ["http://h/ch-{x,y}.html"]]
    # names listed per segment would combine (a/x with b/y gives a/y, a page of the larger
    # group): one alternative per folder instead
    big = ["http://h/a/y.html", "http://h/b/x.html", "http://h/a/z.html", "http://h/b/z.html"]
    small = ["http://h/a/x.html", "http://h/b/y.html"]
    assert distinct_patterns([big, small]) == [
        ["http://h/*/*.html"],
        ["http://h/a/x.html", "http://h/b/y.html"],
    ]
    # a name that cannot be written in a pattern keeps the induced one
    assert (
        distinct_patterns(
            [["http://h/a.html", "http://h/b.html"], ["http://h/c,d.html", "http://h/e.html"]]
        )
        == [["http://h/*.html"]] * 2
    )


def test_exim_specification() -> None:
    """The 138 pages of the Exim specification (Debian's exim4-doc-html), each as the structure
    the clustering reads (tests/data/realpages)."""
    base = "https://www.exim.org/exim-html-current/doc/html/spec_html/"
    pages = bundled("exim4-spec-structure.json.gz")
    assert len(pages) == 138 and all(p.url.startswith(base) for p in pages)
    types = types_of(pages)
    patterns = [t.pattern for t in types]
    assert len(set(patterns)) == len(patterns)
    # the chapters (ch-NAME.html and the numbered chNN.html copies, filter_ch…) are one type;
    # the six index chapters and the two tables of contents are their own
    assert [len(t.urls) for t in types] == [130, 6, 2]
    assert patterns[2] == base + "{filter,index}.html"
    assert base + "ch-concept_index.html" in types[1].urls
    # "ch*.html" would take most chapters too: the index chapters are named
    assert patterns[1] == base + "ch{-concept_index,-option_index,-variable_index,63,64,65}.html"
    for small in types[1:]:
        assert all(matches_pattern(small.pattern, u) for u in small.urls)
        assert not any(matches_pattern(small.pattern, u) for u in types[0].urls)
