"""Repair of a field whose node is told apart from its look-alikes by an attribute of its own
(a texinfo manual's header bar: links known by their ``title``, 'Up section', 'Cover (top) of
document', ...), where two of the bar's links lead to the same page (the 'Up' and the 'Top'
link both to the index on every chapter page). After the bar's cells were reordered, or after
every class and id was renamed, the whole page wrapped, a banner with a 'Home' link to the
index added and the bar reordered, the field is repaired to the node that still carries its
old node's ``title``, not to a look-alike that gives the same values by chance."""

from __future__ import annotations

from dataclasses import replace

import lxml.html

from deboiler_gui.engine.htmltree import parse_html, to_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.repair import learn_template
from deboiler_gui.engine.template.valuerepair import (
    _hook_change,
    _unrecorded_hooks,
    accept_field_repairs,
    learn_absent,
    learn_values,
    repair_site,
)

SITE = "manual.example"
N = 30
WORDS = ["Grammar", "Options", "Expansion", "Redirection", "Functions", "Jobs", "Prompts"]
TITLES = {
    "prev": "Previous section in reading order",
    "up": "Up section",
    "next": "Next section in reading order",
    "top": "Cover (top) of document",
    "toc": "Table of contents",
    "index": "Index",
}


def name(i: int) -> str:
    return "index" if i == 0 else f"{WORDS[i % len(WORDS)]}-{i}"


def header(i: int, anchor: str, up: str) -> str:
    """A section's header bar: previous / up / next, then top / contents / index."""
    cells = [
        ("prev", f"{name(i - 1)}.html", "&lt;") if i > 0 else None,
        ("up", up, "Up") if i > 0 else None,
        ("next", f"{name(i + 1)}.html", "&gt;") if i < N - 1 else None,
        ("top", "index.html", "Top"),
        ("toc", "toc.html", "Contents"),
        ("index", "Concept-Index.html", "Index"),
    ]
    tds = "".join(
        f"<td class='nav-{c[0]}'>[<a href='{c[1]}' title='{TITLES[c[0]]}'>{c[2]}</a>]</td>"
        if c
        else "<td>[ &lt; ]</td>"
        for c in cells
    )
    return f"<table class='header' id='bar-{anchor}'><tr>{tds}</tr></table>"


def manual_html(i: int) -> str:
    """A chapter: its header bar (its 'Up' link to the index, as its 'Top' link), its title
    and text, and on every third page a nested section with a bar of its own whose 'Up' link
    leads within the page."""
    chapter = name(i)
    nested = ""
    if i % 3 == 1:
        nested = (
            f"<div class='section' id='{chapter}-sub'>{header(i, chapter + '-sub', '#' + chapter)}"
            f"<h2>{chapter} details</h2><p>More on {chapter.lower()}.</p></div>"
        )
    return (
        f"<html><head><title>{chapter}</title></head><body lang='en'>"
        f"<div class='chapter' id='{chapter}'>{header(i, chapter, 'index.html')}"
        f"<h1>{i} {chapter}</h1><p>What {chapter.lower()} do.</p>{nested}</div></body></html>"
    )


def up_of(i: int) -> dict[str, str]:
    return {"up_href": "index.html" if i > 0 else "", "up_text": "Up" if i > 0 else ""}


def reorder_bar(root: lxml.html.HtmlElement) -> None:
    """The top / contents / index cells moved to the front of every header bar."""
    for tr in root.iter("tr"):
        cells = list(tr)
        for td in cells[-3:][::-1]:
            tr.remove(td)
            tr.insert(0, td)


def reordered(html: str) -> str:
    root = parse_html(html)
    reorder_bar(root)
    return to_html(root)


def everything(html: str) -> str:
    """Every class and id renamed, the body's content wrapped twice, a banner with its own
    'Home' link to the index in front, the bar's cells reordered."""
    root = parse_html(html)
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        if el.get("class"):
            el.set("class", " ".join(f"z-{c}" for c in el.get("class").split()))
        if el.get("id"):
            el.set("id", f"id-{el.get('id')}")
    reorder_bar(root)
    body = root.find("body")
    inner = lxml.html.Element("div")
    inner.set("class", "page-inner")
    for kid in list(body):
        inner.append(kid)
    wrap = lxml.html.Element("div")
    wrap.set("class", "page-wrap")
    wrap.append(inner)
    body.append(wrap)
    body.insert(
        0,
        lxml.html.fragment_fromstring(
            "<div class='site-banner'><h1>The manual</h1><a href='index.html'>Home</a></div>"
        ),
    )
    return to_html(root)


def template() -> Template:
    # The 'Up' link's target by its place in the first bar, as a click on it may give; its
    # text by its own title.
    return Template(
        "manual",
        site=SITE,
        fields=(
            Field(
                "up_href",
                xpaths=("//body[@lang='en']/div/table[1]/tr/td[2]/a",),
                kind="attribute",
                attribute="href",
            ),
            Field("up_text", xpaths=("//a[@title='Up section']",)),
        ),
        use_cleaner=False,
    )


def learned_on_old() -> tuple[Template, list[str]]:
    urls = [f"https://{SITE}/{name(i)}.html" for i in range(N)]
    old = [Page(u, manual_html(i)) for i, u in enumerate(urls)]
    tpl = template()
    for i, page in enumerate(old):
        assert apply_template(page, tpl).values == up_of(i), i
    return learn_absent(learn_values(learn_template(tpl, old), old), old), urls


def test_learning_keeps_the_attribute_that_tells_the_node_apart() -> None:
    learned, _urls = learned_on_old()
    fps = {f.id: f.search.fingerprint for f in learned.fields}
    assert fps["up_href"]["node_hooks"] == {"title": "Up section"}
    assert fps["up_text"]["node_hooks"] == {"title": "Up section"}


def test_a_value_that_varies_from_page_to_page_is_no_hook() -> None:
    # The 'next' link's title is the same on every page, its target is not: only the title
    # is kept; an attribute whose value changes with the page is none.
    tpl = Template(
        "manual",
        site=SITE,
        fields=(
            Field("next_href", xpaths=("//a[@rel='next']",), kind="attribute", attribute="href"),
        ),
        use_cleaner=False,
    )
    pages = [
        Page(
            f"https://{SITE}/p{i}.html",
            f"<html><body><a rel='next' title='To page {i + 1}' href='p{i + 1}.html'>next</a>"
            f"<p>Page {i}.</p></body></html>",
        )
        for i in range(12)
    ]
    learned = learn_values(learn_template(tpl, pages), pages)
    assert learned.fields[0].search.fingerprint["node_hooks"] == {"rel": "next"}


def test_a_reordered_bar_is_repaired_to_the_up_link_not_to_the_top_link_of_the_same_target() -> (
    None
):
    learned, urls = learned_on_old()
    changed = [Page(u, reordered(manual_html(i))) for i, u in enumerate(urls)]
    # The old place now holds the 'Contents' link: the field drifted.
    assert apply_template(changed[2], learned).values["up_href"] == "toc.html"
    repairs, _stats = repair_site(changed, learned)
    rep = {r.field: r for r in repairs}["up_href"]
    assert rep.status == "repaired", (rep.status, rep.evidence.get("reason"))
    assert "Up section" in rep.xpath and "Cover" not in rep.xpath, rep.xpath
    # The 'Top' link agrees on every learned page as well, and is not accepted over it.
    tops = [
        a
        for a in rep.alternatives
        if any("Cover (top)" in x for x in a["xpaths"]) and a["score"] >= 0.8
    ]
    assert not tops, tops
    fixed = accept_field_repairs(learned, repairs)
    for i, page in enumerate(changed):
        assert apply_template(page, fixed).values == up_of(i), i


def test_every_change_at_once_still_finds_the_link_by_its_unchanged_title() -> None:
    learned, urls = learned_on_old()
    changed = [Page(u, everything(manual_html(i))) for i, u in enumerate(urls)]
    assert apply_template(changed[2], learned).values["up_href"] == ""
    repairs, _stats = repair_site(changed, learned)
    rep = {r.field: r for r in repairs}["up_href"]
    assert rep.status == "repaired", (rep.status, rep.xpath, rep.evidence.get("reason"))
    assert "@title='Up section'" in rep.xpath, rep.xpath
    fixed = accept_field_repairs(learned, repairs)
    for i, page in enumerate(changed):
        assert apply_template(page, fixed).values == up_of(i), i


def test_a_look_alike_is_another_node_only_while_the_hook_is_still_on_the_page() -> None:
    learned, urls = learned_on_old()
    fld = next(f for f in learned.fields if f.id == "up_href")
    samples = {u: v for u, v in fld.search.fingerprint["samples"].items() if v}
    top = "//a[@title='Cover (top) of document']"
    trees = {u: parse_html(reordered(manual_html(urls.index(u)))) for u in samples}
    assert "Up section" in _hook_change(trees, samples, fld, top)
    assert _hook_change(trees, samples, fld, "//a[@title='Up section']") == ""
    # A site that dropped the titles: no node carries the old one, nothing tells them apart.
    bare = {
        u: parse_html(reordered(manual_html(urls.index(u))).replace(" title=", " data-x="))
        for u in samples
    }
    assert _hook_change(bare, samples, fld, "//td[1]/a") == ""


def test_learning_records_that_no_attribute_told_the_node_apart() -> None:
    # A field whose node carries no identifying attribute still records that they were
    # looked for (an empty set), so that a record without them is known to be older.
    tpl = Template("plain", site=SITE, fields=(Field("heading", xpaths=("//h1",)),))
    pages = [
        Page(f"https://{SITE}/q{i}.html", f"<html><body><h1>Page {i}</h1></body></html>")
        for i in range(6)
    ]
    learned = learn_values(learn_template(tpl, pages), pages)
    fp = learned.fields[0].search.fingerprint
    assert fp["node_hooks"] == {}
    assert _unrecorded_hooks(learned.fields[0], learned) == ""


def test_an_older_record_without_node_hooks_is_told_to_learn_again() -> None:
    learned, _urls = learned_on_old()
    fld = next(f for f in learned.fields if f.id == "up_href")
    older = replace(
        fld,
        search=replace(
            fld.search,
            fingerprint={k: v for k, v in fld.search.fingerprint.items() if k != "node_hooks"},
        ),
    )
    said = _unrecorded_hooks(older, learned)
    assert said.startswith("learn again for up_href (templates learn manual)")
    assert "title, rel or accesskey" in said
    assert _unrecorded_hooks(fld, learned) == ""
