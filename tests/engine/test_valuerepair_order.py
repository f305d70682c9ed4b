"""Repair of fields told apart only by their order and a label beside them (a LaTeX2HTML
navigation panel: next / up / previous, each an icon link and a text link after a bold label),
after the panel's children were put in the reverse order: every label now follows its link.
And repair after every class and id was renamed to an unrelated name (an API reference): a
heading with a permalink sign, the sidebar's active link, and one learned page far larger than
the others."""

from __future__ import annotations

import time

import lxml.html

from deboiler_gui.engine.htmltree import parse_html, to_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.repair import learn_template
from deboiler_gui.engine.template.valuerepair import (
    _large_pages,
    accept_field_repairs,
    learn_absent,
    learn_values,
    repair_site,
)

SITE = "manual.example"
N = 40
WORDS = ["Arrows", "Boxes", "Circles", "Fonts", "Labels", "Margins", "Palettes", "Styles"]


def title(i: int) -> str:
    return f"{WORDS[i % len(WORDS)]} {i}"


def up_of(i: int) -> int:
    return 0 if i < 8 else (i // 8) * 8


def nav_values(i: int) -> dict[str, str]:
    """What each field gives on page ``i``, typed from the panel's definition: no 'previous'
    and no 'up' on the first page, no 'next' on the last."""
    out = {f: "" for f in FIELDS}
    if i < N - 1:
        out["next_text"], out["next_href"] = title(i + 1), f"node{i + 1}.html"
    if i > 0:
        out["up_text"], out["up_href"] = title(up_of(i)), f"node{up_of(i)}.html"
        out["prev_text"], out["prev_href"] = title(i - 1), f"node{i - 1}.html"
    return out


def manual_html(i: int) -> str:
    links = []
    labels = []
    if i < N - 1:
        links.append(f"<a href='node{i + 1}.html'><img alt='next' src='next.png'></a>")
        labels.append(f"<b> Next:</b> <a href='node{i + 1}.html'>{title(i + 1)}</a>")
    if i > 0:
        links.append(f"<a href='node{up_of(i)}.html'><img alt='up' src='up.png'></a>")
        links.append(f"<a href='node{i - 1}.html'><img alt='previous' src='prev.png'></a>")
        labels.append(f"<b> Up:</b> <a href='node{up_of(i)}.html'>{title(up_of(i))}</a>")
        labels.append(f"<b> Previous:</b> <a href='node{i - 1}.html'>{title(i - 1)}</a>")
    links.append("<a href='index.html'><img alt='index' src='index.png'></a>")
    panel = (
        "<div class='navigation'>" + " ".join(links) + "<br>" + " ".join(labels) + " &nbsp; "
        "<b><a href='index.html'>Index</a></b><br><br></div>"
    )
    return (
        f"<html><head><title>{title(i)}</title></head><body>{panel}"
        f"<h2>{title(i)}</h2><p>How {title(i).lower()} are drawn.</p></body></html>"
    )


def reorder(html: str) -> str:
    """The children of the body and of every div in the reverse order (labels after links)."""
    root = parse_html(html)
    body = root.find("body")
    for el in [body, *body.iter("div")]:
        kids = [k for k in el if isinstance(k.tag, str)]
        for k in kids:
            el.remove(k)
        for k in reversed(kids):
            el.append(k)
    return to_html(root)


def label_rule(label: str, attr: str = "") -> str:
    tail = f"/@{attr}" if attr else ""
    return f"//b[normalize-space(.)='{label}']/following-sibling::a[1]{tail}"


FIELDS = {
    "next_text": label_rule("Next:"),
    "next_href": label_rule("Next:", "href"),
    "up_text": label_rule("Up:"),
    "up_href": label_rule("Up:", "href"),
    "prev_text": label_rule("Previous:"),
    "prev_href": label_rule("Previous:", "href"),
}


def test_links_told_apart_by_their_label_are_found_by_it_after_a_reorder() -> None:
    template = Template(
        "manual",
        site=SITE,
        fields=tuple(Field(name, xpaths=(xp,)) for name, xp in FIELDS.items()),
        use_cleaner=False,
    )
    urls = [f"https://{SITE}/node{i}.html" for i in range(N)]
    old = [Page(u, manual_html(i)) for i, u in enumerate(urls)]
    for i, page in enumerate(old):
        assert apply_template(page, template).values == nav_values(i)
    learned = learn_absent(learn_values(learn_template(template, old), old), old)
    changed = [Page(u, reorder(manual_html(i))) for i, u in enumerate(urls)]
    # The reorder breaks every field: each label is now followed by another field's link.
    broken = apply_template(changed[5], learned).values
    assert broken["up_text"] == title(6) and broken["prev_text"] == title(up_of(5))
    repairs, _stats = repair_site(changed, learned)
    by_field = {r.field: r for r in repairs}
    for name in FIELDS:
        rep = by_field[name]
        assert rep.status == "repaired", (name, rep.status, rep.evidence.get("reason"))
    # Each field is found by its own label again, now after its link.
    assert "Previous:" in by_field["prev_text"].xpath
    assert "preceding-sibling" in by_field["prev_text"].xpath
    fixed = accept_field_repairs(learned, repairs)
    for i, page in enumerate(changed):
        assert apply_template(page, fixed).values == nav_values(i), i


# --------------------------------------------------------------------------- API reference

MODULES = ["fs", "path", "os", "net", "dns", "tls", "url", "util", "vm", "zlib", "http", "repl"]
NAMES = {
    "fs": "File system", "path": "Path", "os": "OS", "net": "Net", "dns": "DNS",
    "tls": "TLS/SSL", "url": "URL", "util": "Utilities", "vm": "VM", "zlib": "Zlib",
    "http": "HTTP", "repl": "REPL",
}  # fmt: skip


def unrelated(kind: str, name: str) -> str:
    """The new name of a class token (``kind`` 'c') or id ('i'): nothing like the old one."""
    return f"{kind}{sum(ord(ch) * 31**k for k, ch in enumerate(name)) % 10**7:07d}"


def api_html(mod: str, *, renamed: bool = False, sections: int = 4) -> str:
    """A module's page: a sidebar of every module (its own link marked ``active``) and the
    module's title, a heading with a permalink sign; renamed, every class token and id has an
    unrelated name (the same over the site)."""

    def c(name: str) -> str:
        return unrelated("k", name) if renamed else name

    def i(name: str) -> str:
        return unrelated("n", name) if renamed else name

    side = "".join(
        f"<li><a href='{m}.html' class='{c('nav-' + m)}{' ' + c('active') if m == mod else ''}'>"
        f"{NAMES[m]}</a></li>"
        for m in MODULES
    )
    body = "".join(
        f"<section><h3>{mod}.call{k}()<span><a class='{c('mark')}' href='#{mod}{k}' "
        f"id='{i(mod + str(k))}'>#</a></span></h3><p>Calls {k}.</p></section>"
        for k in range(sections)
    )
    return (
        f"<html><body><div id='{i('content')}'><div id='{i('column2')}'><ul>{side}</ul></div>"
        f"<div id='{i('column1')}'><div id='{i('apicontent')}'><h2>{NAMES[mod]}<span>"
        f"<a class='{c('mark')}' href='#{mod}' id='{i(mod)}'>#</a></span></h2>{body}</div></div>"
        "</div></body></html>"
    )


def test_unrelated_renames_are_paired_and_a_large_page_is_read_for_the_accepted_rule() -> None:
    template = Template(
        "api",
        site="api.example",
        fields=(
            Field("title", xpaths=("//div[@id='apicontent']/h2",)),
            Field(
                "active",
                xpaths=("//a[contains(concat(' ', normalize-space(@class), ' '), ' active ')]",),
            ),
        ),
        use_cleaner=False,
    )
    # One module's page holds far more sections than the others (a whole manual on a page).
    big = "http"
    sizes = {m: 5000 if m == big else 4 for m in MODULES}
    urls = {m: f"https://api.example/{m}.html" for m in MODULES}
    old = [Page(urls[m], api_html(m, sections=sizes[m])) for m in MODULES]
    for m, page in zip(MODULES, old, strict=True):
        # The permalink sign is no part of the title.
        assert apply_template(page, template).values == {"title": NAMES[m], "active": NAMES[m]}
    learned = learn_absent(learn_values(learn_template(template, old), old), old)
    changed = [Page(urls[m], api_html(m, renamed=True, sections=sizes[m])) for m in MODULES]
    assert apply_template(changed[0], learned).values == {"title": "", "active": ""}
    trees = {p.url: parse_html(p.html) for p in changed}
    # The large page is judged apart: only for the candidates that would be accepted.
    assert _large_pages(trees, learned.field("title").search.fingerprint["samples"]) == {urls[big]}
    t0 = time.perf_counter()
    repairs, _stats = repair_site(changed, learned)
    took = time.perf_counter() - t0
    by_field = {r.field: r for r in repairs}
    assert by_field["title"].status == "repaired", by_field["title"].evidence
    assert by_field["active"].status == "repaired", by_field["active"].evidence
    # The renamed 'active' token is the one every found link shares (the others differ by page).
    assert f" {unrelated('k', 'active')} " in by_field["active"].xpath
    fixed = accept_field_repairs(learned, repairs)
    for m, page in zip(MODULES, changed, strict=True):
        # The large page was judged too: its values are right.
        assert apply_template(page, fixed).values == {"title": NAMES[m], "active": NAMES[m]}, m
    assert took < 30, took


def test_order_free_rules_need_the_same_label_on_every_page() -> None:
    """A label after the node that differs between pages (a next page's title) is no anchor."""
    from deboiler_gui.engine.template.induce import Example
    from deboiler_gui.engine.template.valuerepair import _order_free_rules

    pages = [
        lxml.html.fromstring(f"<div><a href='a{i}'>x{i}</a><i>note {i}</i></div>") for i in range(3)
    ]
    examples = [Example(f"u{i}", p, p.find("a")) for i, p in enumerate(pages)]
    assert _order_free_rules(examples, ()) == []
    same = [
        lxml.html.fromstring(f"<div><a href='a{i}'>x{i}</a><br><i>Next:</i></div>")
        for i in range(3)
    ]
    examples = [Example(f"u{i}", p, p.find("a")) for i, p in enumerate(same)]
    (rule,) = _order_free_rules(examples, ())
    assert rule.xpath == "//i[normalize-space(.)='Next:']/preceding-sibling::a[1]"


def bare_panel_html(i: int) -> str:
    """A panel of look-alike links without labels or icons: up, previous, next."""
    links = []
    if i > 0:
        links.append(f"<a href='node{up_of(i)}.html'>{title(up_of(i))}</a>")
        links.append(f"<a href='node{i - 1}.html'>{title(i - 1)}</a>")
    if i < N - 1:
        links.append(f"<a href='node{i + 1}.html'>{title(i + 1)}</a>")
    return (
        f"<html><body><div class='nav'>{' '.join(links)}</div>"
        f"<h2>{title(i)}</h2><p>Text {i}.</p></body></html>"
    )


def test_rules_the_learned_pages_cannot_tell_apart_leave_the_field_unsure() -> None:
    """Learned only on pages whose parent is also their previous page, the 'up' link's old
    values are given as well by the previous link: after a reorder, nothing but the order told
    them apart, and on the other pages they differ. Repair names the rule and says 'unsure'
    instead of taking one of the two."""
    template = Template(
        "manual",
        site=SITE,
        fields=(Field("up_text", xpaths=("//div[@class='nav']/a[1]",)),),
        use_cleaner=False,
    )
    urls = [f"https://{SITE}/node{i}.html" for i in range(N)]
    old = [Page(u, bare_panel_html(i)) for i, u in enumerate(urls)]
    for i in range(1, N):
        assert apply_template(old[i], template).values["up_text"] == title(up_of(i))
    # A chapter's first section: its parent is the page before it.
    alike = [old[i] for i in range(1, N) if up_of(i) == i - 1]
    assert len(alike) == 5
    learned = learn_values(learn_template(template, alike), alike)
    changed = [Page(u, reorder(bare_panel_html(i))) for i, u in enumerate(urls)]
    (rep,), _stats = repair_site(changed, learned)
    assert rep.status == "unsure", (rep.status, rep.xpaths)
    assert rep.xpath and rep.evidence["rival"]["xpaths"], rep.evidence
    assert "other values" in rep.evidence["reason"]
