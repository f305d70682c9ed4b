"""Repair on a Sphinx manual (the layout of Clang's: a header, top and bottom bars of
'previous :: Contents :: next' links, a local table of contents `nav.contents.local#contents`
nested two levels deep, section headings that link back to their entry through
`a.toc-backref` beside their `¶` permalink).

- The contents' id renamed: the list is repaired with a rule that takes every level, as the
  old `//nav[@id='contents']//a` did. The entries are also the section headings' links; the
  nodes of the old values are the contents' links, not the headings'.
- The contents removed: the entries are left only as the headings' `toc-backref` links, links
  that stand for their headings: the field is gone, not "still in nodes like the old ones".
- The bars removed: 'next' and 'next_href' read one link (its text and its target); some
  pages still link the next page from their text, under another text. Both are gone, as are
  'prev' and 'prev_href'.
"""

from __future__ import annotations

import re
from typing import Any

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.repair import learn_template
from deboiler_gui.engine.template.valuerepair import (
    _all_levels_forms,
    accept_field_repairs,
    learn_absent_missed,
    learn_values,
    repair_site,
    takes_all_levels,
)

SITE = "manual.example"
N = 24
TITLES = [f"Topic {chr(65 + i)} reference" for i in range(N)]


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def sections(i: int, flat_below: int = 0) -> list[tuple[str, list[str]]]:
    """The page's sections and their subsections: none on every fourth page (no contents);
    the last section of most others has subsections, so that the contents' last entry is a
    sub-entry (not on the pages before ``flat_below``)."""
    if i % 4 == 3:
        return []
    out: list[tuple[str, list[str]]] = [
        (f"Part {k} of {TITLES[i]}", []) for k in range(1, 3 + i % 3)
    ]
    if i % 4 != 2 and i >= flat_below:
        out.append((f"Details of {TITLES[i]}", [f"Detail {k} of page {i}" for k in range(1, 3)]))
    return out


def entries(i: int, flat_below: int = 0) -> list[str]:
    return [t for head, subs in sections(i, flat_below) for t in (head, *subs)]


def contents(i: int, nav_id: str, flat_below: int = 0, nav_class: str = "contents local") -> str:
    n = 0
    items = []
    for head, subs in sections(i, flat_below):
        n += 1
        sub = ""
        if subs:
            lis = []
            for s in subs:
                n += 1
                lis.append(
                    f'<li><p><a class="reference internal" href="#{slug(s)}" id="id{n}">{s}</a>'
                    "</p></li>"
                )
            sub = "<ul>" + "".join(lis) + "</ul>"
        items.append(
            f'<li><p><a class="reference internal" href="#{slug(head)}" id="id{n - len(subs)}">'
            f"{head}</a></p>{sub}</li>"
        )
    if not items:
        return ""
    at = f' id="{nav_id}"' if nav_id else ""
    return f'<nav class="{nav_class}"{at}><ul class="simple">{"".join(items)}</ul></nav>'


def heading(tag: str, text: str, n: int) -> str:
    return (
        f'<{tag}><a class="toc-backref" href="#id{n}" role="doc-backlink">{text}</a>'
        f'<a class="headerlink" href="#{slug(text)}" title="Permalink to this heading">¶</a>'
        f"</{tag}>"
    )


def body(i: int, flat_below: int = 0) -> str:
    n = 0
    out = []
    for head, subs in sections(i, flat_below):
        n += 1
        inner = [heading("h2", head, n), f"<p>About {head.lower()}.</p>"]
        if i % 3 == 0 and head.startswith("Part 1") and i + 1 < N:
            # A cross-reference to the next page under another text than its title.
            inner.append(
                f'<p>See <a class="reference internal" href="p{i + 1}.html">'
                f"<span>the next topic</span></a>.</p>"
            )
        for s in subs:
            n += 1
            inner.append(
                f'<section id="{slug(s)}">{heading("h3", s, n)}<p>On {s.lower()}.</p></section>'
            )
        out.append(f'<section id="{slug(head)}">{"".join(inner)}</section>')
    return "".join(out)


def bar(i: int, cls: str, label: str, new: bool = False) -> str:
    """The top or bottom bar; ``new``: its links read 'Previous', 'Index' and 'Next'."""
    before, after = ("Previous", "Next") if new else (TITLES[i - 1], TITLES[(i + 1) % N])
    prev = f'«&#160;&#160;<a href="p{i - 1}.html">{before}</a>' if i else ""
    nxt = f'<a href="p{i + 1}.html">{after}</a>&#160;&#160;»' if i + 1 < N else ""
    up = (
        '<a class="up-link" href="index.html">Index</a>'
        if new
        else ('<a class="uplink" href="index.html">Contents</a>')
    )
    return (
        f'<div class="{cls}" role="navigation" aria-label="{label}"><p>{prev}'
        f"&#160;::&#160;{up}&#160;::&#160;{nxt}</p></div>"
    )


def page(
    i: int,
    *,
    nav_id: str = "contents",
    toc: bool = True,
    bars: bool = True,
    new_bars: bool = False,
    flat_below: int = 0,
    nav_class: str = "contents local",
) -> str:
    title = TITLES[i]
    return f"""<html><head><title>{title} — Manual</title></head><body>
<div class="header" role="banner"><h1 class="heading"><a href="index.html">
<span>Manual 14 documentation</span></a></h1>
<h2 class="heading"><span>{title}</span></h2></div>
{bar(i, "topnav", "top navigation", new_bars) if bars else ""}
<div class="content" role="main"><section id="{slug(title)}">
<h1>{title}<a class="headerlink" href="#{slug(title)}" title="Permalink to this heading">¶</a></h1>
{contents(i, nav_id, flat_below, nav_class) if toc else ""}
<p>Introduction to {title.lower()}.</p>{body(i, flat_below)}</section></div>
{bar(i, "bottomnav", "bottom navigation", new_bars) if bars else ""}
<div class="footer" role="contentinfo">© Copyright 2007-2022, The Manual Team.</div>
</body></html>"""


def site(**change: object) -> list[Page]:
    return [Page(f"https://{SITE}/p{i}.html", page(i, **change)) for i in range(N)]  # type: ignore[arg-type]


NEXT = "//a[normalize-space(.)='Contents']/following-sibling::a[1]"
PREV = (
    "//a[contains(concat(' ', normalize-space(@class), ' '), ' uplink ')]/preceding-sibling::a[1]"
)


def learned(flat_below: int = 0) -> Template:
    template = Template(
        "manual",
        site=SITE,
        fields=(
            Field(
                "title",
                xpaths=(
                    "//h2[contains(concat(' ', normalize-space(@class), ' '), ' heading ')]/span",
                ),
            ),
            Field("next", xpaths=(NEXT,)),
            Field("next_href", xpaths=(NEXT + "/@href",), kind="attribute", attribute="href"),
            Field("prev", xpaths=(PREV,)),
            Field("prev_href", xpaths=(PREV + "/@href",), kind="attribute", attribute="href"),
            Field("toc", xpaths=("//nav[@id='contents']//a",), is_list=True),
        ),
        use_cleaner=False,
    )
    pages = site(flat_below=flat_below)
    # As `templates learn` learns it: the nodes' search rules, the pages where each field is
    # absent, and the values of the first pages (the rest of the site is only read).
    learned, _missed = learn_absent_missed(learn_template(template, pages[:16]), pages)
    return learn_values(learned, pages[:16])


def by_field(pages: list[Page], flat_below: int = 0) -> dict[str, Any]:
    repairs, _stats = repair_site(pages, learned(flat_below))
    return {r.field: r for r in repairs}


def test_the_fixture_learns_nested_contents() -> None:
    samples = learned().field("toc").search.fingerprint["samples"]
    with_items = [u for u, v in samples.items() if v]
    assert len(with_items) >= 8
    # The last stored entry is a sub-entry on most of those pages.
    assert sum(1 for u in with_items if samples[u][-1].startswith("Detail")) >= 5


def test_a_rule_that_takes_every_level_is_told_from_one_that_walks_down() -> None:
    assert takes_all_levels("//nav[@id='contents']//a")
    assert not takes_all_levels("//nav[@id='contents']/ul/li/p/a")
    assert not takes_all_levels("//a")
    assert _all_levels_forms(
        "//h1[normalize-space(.)='X']/following-sibling::nav[1]/ul/li/p/a"
    ) == ["//h1[normalize-space(.)='X']/following-sibling::nav[1]/ul//a"]
    assert _all_levels_forms("//section[@id='s']/nav/ul/li/p/a/@href") == [
        "//section[@id='s']/nav/ul//a/@href"
    ]
    assert _all_levels_forms("//nav[@id='contents']//a") == []
    assert _all_levels_forms("//div[@id='x']/p/a") == []


def test_renamed_contents_are_repaired_with_every_level() -> None:
    changed = site(nav_id="local-toc")
    found = by_field(changed)
    toc = found["toc"]
    assert toc.status == "repaired", (toc.status, toc.xpaths, toc.evidence.get("reason"))
    assert all(takes_all_levels(x) for x in toc.xpaths), toc.xpaths
    fixed = accept_field_repairs(learned(), [toc])
    for i, p in enumerate(changed):
        got = apply_template(p, fixed).values["toc"]
        assert got == entries(i), (p.url, got, toc.xpaths)


def test_contents_learned_flat_are_repaired_with_every_level() -> None:
    # Learned on pages whose contents have no sub-entries; the contents lost their id and
    # classes. A rule taking the top level alone agrees with every learned page, and is wrong
    # on the pages whose contents nest.
    flat = 16
    changed = site(flat_below=flat, nav_id="", nav_class="toc-local")
    toc = by_field(changed, flat)["toc"]
    assert toc.status == "repaired", (toc.status, toc.xpaths, toc.evidence.get("reason"))
    assert all(takes_all_levels(x) for x in toc.xpaths), toc.xpaths
    fixed = accept_field_repairs(learned(flat), [toc])
    for i, p in enumerate(changed):
        got = apply_template(p, fixed).values["toc"]
        assert got == entries(i, flat), (p.url, got, toc.xpaths)


def test_removed_contents_left_as_heading_links_are_gone() -> None:
    toc = by_field(site(toc=False))["toc"]
    assert toc.status == "gone", (toc.status, toc.xpaths, toc.evidence.get("reason"))
    assert "still in nodes like the old ones" not in str(toc.evidence.get("reason"))


def test_removed_bars_leave_a_links_text_and_target_gone_alike() -> None:
    found = by_field(site(bars=False))
    answers = {
        f: (found[f].status, found[f].xpaths) for f in ("next", "next_href", "prev", "prev_href")
    }
    assert {status for status, _x in answers.values()} == {"gone"}, answers
    assert found["title"].status == "ok"
    assert found["toc"].status == "ok"


def test_link_targets_kept_under_new_texts_are_repaired() -> None:
    # The bars' links now read 'Previous' / 'Next' around 'Index', the up link's class
    # renamed: the texts are new values, the targets are still there.
    changed = site(new_bars=True)
    found = by_field(changed)
    for name, step in (("next_href", 1), ("prev_href", -1)):
        assert found[name].status == "repaired", (name, found[name].status, found[name].evidence)
        fixed = accept_field_repairs(learned(), [found[name]])
        for i, p in enumerate(changed):
            want = f"p{i + step}.html" if 0 <= i + step < N else ""
            assert apply_template(p, fixed).values[name] == want, (name, p.url, found[name].xpaths)
    assert found["next"].status != "repaired"
    assert found["prev"].status != "repaired"
