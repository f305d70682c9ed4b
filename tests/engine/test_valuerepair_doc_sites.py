"""Repair on documentation sites after a layout change (every class and id renamed, every div
wrapped in another, the blocks of the body and of block-only divs in reverse order, a banner
inserted): a Texinfo manual's local tables of contents, whose entries lead to sections of the
page on some pages and to other files on others, and a Javadoc class's summary of methods,
whose rows are spread over tabs (static, instance) and whose longest lists are longer than the
learned sample of items."""

from __future__ import annotations

from dataclasses import replace

import lxml.html

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.repair import learn_template
from deboiler_gui.engine.template.valuerepair import (
    _agreement,
    accept_field_repairs,
    learn_absent,
    learn_values,
    repair_site,
)

_BLOCK = {"div", "section", "ul", "ol", "dl", "p", "h1", "h2", "h3", "h4", "table", "main", "hr"}


def _cls(name: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


def relayout(html: str) -> str:
    """The layout change: classes and ids renamed with a prefix, each div wrapped in a new
    div, the children of the body and of divs holding only blocks in reverse order, a banner
    with a heading and links first in the body."""
    root = lxml.html.document_fromstring(html)
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        if el.get("class"):
            el.set("class", " ".join("r-" + c for c in el.get("class", "").split()))
        if el.get("id"):
            el.set("id", "r-" + el.get("id", ""))
    for div in list(root.iter("div")):
        wrap = lxml.html.Element("div")
        parent = div.getparent()
        assert parent is not None
        wrap.tail, div.tail = div.tail, None
        parent.insert(parent.index(div), wrap)
        wrap.append(div)
    body = root.find("body")
    assert body is not None
    for el in [body, *root.iter("div")]:
        kids = list(el)
        if len(kids) < 2 or (el.text or "").strip():
            continue
        if any(k.tag not in _BLOCK or (k.tail or "").strip() for k in kids):
            continue
        for k in kids:
            el.remove(k)
        for k in reversed(kids):
            el.append(k)
    banner = lxml.html.fragment_fromstring(
        "<div class='banner'><h1>Site news</h1><ul><li><a href='news.html'>News</a></li>"
        "<li><a href='blog.html'>Blog</a></li></ul></div>"
    )
    body.insert(0, banner)
    return lxml.html.tostring(root, encoding="unicode")


# --------------------------------------------------------------------------- Texinfo manual

TEXI = "manual.example"


def toc_entries(i: int) -> list[tuple[str, str]]:
    """(text, href) of page i's local table of contents: the sections of a chapter split into
    files (most pages), kept on the page (every fourth page), or both (every seventh page: the
    first sections on the page, the others in their own files); none on every fifth page. The
    last page is the whole manual on one page: one table per chapter, 90 entries in all."""
    if i == 23:
        return [(f"Section {c}.{k}", f"#Section-{c}_{k}") for c in range(9) for k in range(10)]
    if i % 5 == 0:
        return []
    names = [f"Topic {i}.{k}" for k in range(2 + i % 4)]
    if i % 7 == 0:
        return [(n, f"#t{k}" if k < 2 else f"manual_{i}_{k}.html") for k, n in enumerate(names)]
    if i % 4 == 0:
        return [(n, f"#t{k}") for k, n in enumerate(names)]
    return [(n, f"manual_{i}_{k}.html") for k, n in enumerate(names)]


def texinfo_html(i: int) -> str:
    entries = toc_entries(i)
    if i == 23:
        tocs = "".join(
            f"<div class='chapter-level-extent' id='c{c}'><h2 class='chapter'>{c} Chapter {c}</h2>"
            "<ul class='section-toc'>"
            + "".join(
                f"<li><a href='{h}' accesskey='{k}'>{t}</a></li>"
                for k, (t, h) in enumerate(entries[10 * c : 10 * c + 10])
            )
            + "</ul><p>Text of the chapter.</p></div>"
            for c in range(9)
        )
        body = f"<div class='top-level-extent' id='Top'>{tocs}</div>"
    else:
        toc = ""
        if entries:
            toc = (
                "<ul class='section-toc'>"
                + "".join(
                    f"<li><a href='{h}' accesskey='{k}'>{t}</a></li>"
                    for k, (t, h) in enumerate(entries)
                )
                + "</ul>"
            )
        here = "".join(
            f"<div class='section-level-extent' id='t{k}'><h3 class='section'>{t}</h3>"
            f"<p>About {t}.</p></div>"
            for k, (t, h) in enumerate(entries)
            if h.startswith("#")
        )
        body = (
            f"<div class='chapter-level-extent' id='c{i}'>"
            f"<div class='nav-panel'><p>Next: <a href='manual_{i + 1}.html' rel='next'>Next</a>"
            "</p></div>"
            f"<h2 class='chapter'>{i} Chapter {i}</h2><p>Chapter {i} is about things.</p>"
            f"{toc}{here}</div>"
        )
    return f"<html><body lang='en'>{body}</body></html>"


def texinfo_template() -> Template:
    return Template(
        "manual",
        site=TEXI,
        fields=(Field("toc", xpaths=(f"//ul[{_cls('section-toc')}]/li/a",), is_list=True),),
        use_cleaner=False,
    )


def _learn(template: Template, pages: list[Page]) -> Template:
    return learn_values(learn_absent(learn_template(template, pages[:20]), pages), pages)


def test_a_table_of_contents_linking_within_the_page_and_to_files_is_repaired() -> None:
    urls = [f"https://{TEXI}/manual_{i}.html" for i in range(24)]
    pages = [Page(u, texinfo_html(i)) for i, u in enumerate(urls)]
    learned = _learn(texinfo_template(), pages)
    changed = [Page(u, relayout(texinfo_html(i))) for i, u in enumerate(urls)]
    repairs, _stats = repair_site(changed, learned)
    toc = {r.field: r for r in repairs}["toc"]
    assert toc.status == "repaired", toc
    assert "r-section-toc" in toc.xpath, toc.xpath
    assert toc.evidence["wrong"] == 0 and toc.evidence["missing"] == 0, toc.evidence
    fixed = accept_field_repairs(learned, repairs)
    for i, page in enumerate(changed):
        got = apply_template(page, fixed).values["toc"] or []
        assert sorted(got) == sorted(t for t, _h in toc_entries(i)), page.url


def test_a_long_list_whose_blocks_were_reordered_agrees_with_its_capped_sample() -> None:
    # The one-page manual's 90 entries are stored as the first 60; after the change the
    # chapters come in reverse order: the same entries, the first 60 others.
    urls = [f"https://{TEXI}/manual_{i}.html" for i in range(24)]
    pages = [Page(u, texinfo_html(i)) for i, u in enumerate(urls)]
    learned = _learn(texinfo_template(), pages)
    samples = learned.field("toc").search.fingerprint["samples"]
    assert len(samples[urls[23]]) == 60
    changed = {
        u: lxml.html.document_fromstring(relayout(texinfo_html(i))) for i, u in enumerate(urls)
    }
    right = Field("toc", xpaths=(f"//ul[{_cls('r-section-toc')}]/li/a",), is_list=True)
    ev = _agreement(changed, {urls[23]: samples[urls[23]]}, right, learned)
    assert ev["agree"] == 1 and ev["wrong"] == 0, ev
    # A list that lacks some of the stored entries does not agree.
    part = Field("toc", xpaths=(f"(//ul[{_cls('r-section-toc')}])[1]/li/a",), is_list=True)
    ev = _agreement(changed, {urls[23]: samples[urls[23]]}, part, learned)
    assert ev["agree"] == 0 and ev["wrong"] == 1, ev


# --------------------------------------------------------------------------- Javadoc

JAVA = "api.example"


def methods_of(i: int) -> list[tuple[str, bool]]:
    """(name, static) of class i's methods: a utility class of 80 static methods and a few
    instance ones (page 0), classes with a few static factories and instance methods, classes
    with instance methods only."""
    if i == 0:
        return [(f"util{k}", True) for k in range(80)] + [(f"inst{k}", False) for k in range(4)]
    static = [(f"of{i}", True), (f"valueOf{i}", True)] if i % 3 == 0 else []
    return static + [(f"get{i}x{k}", False) for k in range(2 + i % 4)]


def constructors_of(i: int) -> list[list[str]]:
    """The texts of class i's constructor links: the constructor, then its parameters' types
    (links too); none on every fourth class (an interface)."""
    if i % 4 == 1:
        return []
    return [[f"C{i}"], [f"C{i}", "String"], [f"C{i}", "String", "Throwable"]][: 1 + i % 3]


def constructor_summary(i: int) -> str:
    rows = "".join(
        f"<div class='col-constructor-name even-row-color'><code><a href='#%3Cinit%3E()' "
        f"class='member-name-link'>{links[0]}</a>("
        + ", ".join(
            f"<a href='https://docs.example/{t}.html' class='external-link'>{t}</a>&nbsp;p{k}"
            for k, t in enumerate(links[1:])
        )
        + ")</code></div><div class='col-last even-row-color'><div class='block'>Makes one."
        "</div></div>"
        for links in constructors_of(i)
    )
    if not rows:
        return ""
    return (
        "<li><section class='constructor-summary' id='constructor-summary'>"
        "<h2>Constructor Summary</h2><div class='caption'><span>Constructors</span></div>"
        "<div class='summary-table two-column-summary'>"
        "<div class='table-header col-first'>Constructor</div>"
        f"<div class='table-header col-last'>Description</div>{rows}</div></section></li>"
    )


def javadoc_html(i: int) -> str:
    rows = []
    for k, (name, static) in enumerate(methods_of(i)):
        color = "even-row-color" if k % 2 else "odd-row-color"
        tabs = f"method-summary-table method-summary-table-tab{1 if static else 2} "
        tabs += "method-summary-table-tab4"
        rows.append(
            f"<div class='col-first {color} {tabs}'><code>{'static ' if static else ''}int</code>"
            f"</div><div class='col-second {color} {tabs}'><code><a href='#{name}()' "
            f"class='member-name-link'>{name}</a>()</code></div>"
            f"<div class='col-last {color} {tabs}'><div class='block'>Does {name}.</div></div>"
        )
    return (
        "<html><body class='class-declaration-page'><div class='flex-box'>"
        "<header class='flex-header'><nav><div class='top-nav' id='navbar-top'>"
        "<ul class='nav-list'><li><a href='../package-summary.html'>Package</a></li></ul>"
        "</div></nav></header><div class='flex-content'><main role='main'>"
        f"<div class='header'><h1 class='title'>Class C{i}</h1></div>"
        "<section class='class-description' id='class-description'>"
        f"<div class='type-signature'>public class C{i}</div></section>"
        f"<section class='summary'><ul class='summary-list'>{constructor_summary(i)}<li>"
        "<section class='method-summary' id='method-summary'><h2>Method Summary</h2>"
        "<div id='method-summary-table'><div class='table-tabs' role='tablist'>"
        "<button id='method-summary-table-tab0' role='tab' class='active-table-tab'>"
        "All Methods</button><button id='method-summary-table-tab1' role='tab' "
        "class='table-tab'>Static Methods</button><button id='method-summary-table-tab2' "
        "role='tab' class='table-tab'>Instance Methods</button></div>"
        "<div id='method-summary-table.tabpanel' role='tabpanel'>"
        "<div class='summary-table three-column-summary'>"
        "<div class='table-header col-first'>Modifier and Type</div>"
        "<div class='table-header col-second'>Method</div>"
        "<div class='table-header col-last'>Description</div>"
        f"{''.join(rows)}</div></div></div></section></li></ul></section>"
        "</main></div></div></body></html>"
    )


def javadoc_template() -> Template:
    return Template(
        "javadoc",
        site=JAVA,
        fields=(
            Field(
                "methods",
                xpaths=(
                    f"//div[{_cls('three-column-summary')}]/div[{_cls('method-summary-table')}]"
                    f"/code/a[{_cls('member-name-link')}]",
                ),
                is_list=True,
            ),
            Field(
                "constructors",
                xpaths=(
                    f"//div[{_cls('two-column-summary')}]/div[{_cls('col-constructor-name')}]"
                    "/code/a",
                ),
                is_list=True,
            ),
        ),
        use_cleaner=False,
    )


def test_a_summary_of_methods_over_tabs_is_repaired_to_the_table_of_all_of_them() -> None:
    urls = [f"https://{JAVA}/C{i}.html" for i in range(24)]
    pages = [Page(u, javadoc_html(i)) for i, u in enumerate(urls)]
    learned = _learn(javadoc_template(), pages)
    changed = [Page(u, relayout(javadoc_html(i))) for i, u in enumerate(urls)]
    repairs, _stats = repair_site(changed, learned)
    methods = {r.field: r for r in repairs}["methods"]
    assert methods.status == "repaired", methods
    assert methods.evidence["wrong"] == 0 and methods.evidence["missing"] == 0, methods
    assert not methods.evidence.get("items_missing"), methods.evidence
    fixed = accept_field_repairs(learned, repairs)
    for i, page in enumerate(changed):
        got = apply_template(page, fixed).values["methods"] or []
        assert sorted(got) == sorted(n for n, _s in methods_of(i)), page.url


def test_a_rule_giving_part_of_the_learned_items_loses_by_the_items_it_leaves_out() -> None:
    # The instance methods' tab: every item on the pages of instance methods only, part of
    # the list on the others and nothing on the utility class (all its 60 learned items).
    urls = [f"https://{JAVA}/C{i}.html" for i in range(24)]
    pages = [Page(u, javadoc_html(i)) for i, u in enumerate(urls)]
    learned = _learn(javadoc_template(), pages)
    fld = learned.field("methods")
    samples = fld.search.fingerprint["samples"]
    trees = {
        u: lxml.html.document_fromstring(relayout(javadoc_html(i))) for i, u in enumerate(urls)
    }
    whole = Field(
        "methods",
        xpaths=(
            f"//div[{_cls('r-three-column-summary')}]//div[{_cls('r-method-summary-table')}]"
            f"/code/a[{_cls('r-member-name-link')}]",
        ),
        is_list=True,
    )
    tab = Field(
        "methods",
        xpaths=(
            f"//div[{_cls('r-three-column-summary')}]//div[{_cls('r-method-summary-table-tab2')}]"
            f"/code/a[{_cls('r-member-name-link')}]",
        ),
        is_list=True,
    )
    # Scored on the pages with instance methods only, plus the utility class.
    some = {u: v for u, v in samples.items() if u == urls[0] or urls.index(u) % 3}
    ev_whole = _agreement(trees, some, whole, learned)
    ev_tab = _agreement(trees, some, tab, learned)
    assert ev_whole["score"] == 1.0, ev_whole
    assert ev_tab["items_missing"] >= 60, ev_tab
    assert ev_tab["score"] < 0.8, ev_tab


def test_a_table_of_contents_learned_with_its_first_link_kind_only_is_repaired() -> None:
    # Search rules kept before each item's link kind was: one kind per field (the commonest,
    # links to files), none per page. The pages whose entries link within the page must not
    # make the renamed list another kind of node.
    urls = [f"https://{TEXI}/manual_{i}.html" for i in range(24)]
    pages = [Page(u, texinfo_html(i)) for i, u in enumerate(urls)]
    learned = _learn(texinfo_template(), pages)
    fld = learned.field("toc")
    fp = {k: v for k, v in fld.search.fingerprint.items() if k not in ("link_items", "page_kinds")}
    assert fp["node_link"] == "link"
    old = learned.with_field(replace(fld, search=replace(fld.search, fingerprint=fp)))
    changed = [Page(u, relayout(texinfo_html(i))) for i, u in enumerate(urls)]
    repairs, _stats = repair_site(changed, old)
    toc = {r.field: r for r in repairs}["toc"]
    assert toc.status == "repaired", toc
    assert "kind" not in toc.evidence, toc.evidence


def test_a_rule_whose_containers_were_renamed_and_wrapped_is_found_again() -> None:
    # The constructors' rule names two containers' classes and takes every link of each
    # constructor (its parameters' types too). After the change the classes carry a prefix and
    # each div sits in a new one: the old rule under the new names, a wrapper allowed above
    # each div, gives every old value back.
    urls = [f"https://{JAVA}/C{i}.html" for i in range(24)]
    pages = [Page(u, javadoc_html(i)) for i, u in enumerate(urls)]
    learned = _learn(javadoc_template(), pages)
    changed = [Page(u, relayout(javadoc_html(i))) for i, u in enumerate(urls)]
    repairs, _stats = repair_site(changed, learned)
    ctors = {r.field: r for r in repairs}["constructors"]
    assert ctors.status == "repaired", ctors
    assert "r-col-constructor-name" in ctors.xpath, ctors.xpath
    fixed = accept_field_repairs(learned, repairs)
    for i, page in enumerate(changed):
        got = apply_template(page, fixed).values["constructors"] or []
        assert sorted(got) == sorted(t for c in constructors_of(i) for t in c), page.url
