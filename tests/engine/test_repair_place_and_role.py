"""Repair judged by where the field's nodes sit.

A title learned by a rule anchored after the chapter's contents block (missing on the two
appendix pages, so the field was empty there): once every block of the body is wrapped, the
repaired rule gives every learned title back and the appendices' titles too, each at the place
of the others. That is the field on pages its old rule missed, and the repair is accepted. A
rule whose new value on those pages comes from another place (a footer's heading) is not.

A 'previous' link read inside its bar's line ('Previous: <a>…</a>') that is removed from every
page is 'gone', though the site's menu still lists the previous page under the same title: a
menu's entry is not a link inside a line of text. The link kept in its line, with its hook
attribute gone, is repaired."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.valuerepair import (
    accept_field_repairs,
    learn_absent,
    learn_values,
    repair_site,
)

SITE = "book.example"
N = 24
APPENDIX = (21, 22)
TITLE = "//div[@class='Sects']/following-sibling::h3[1]"
PREV = "//a[@title='previous chapter']"


def name(i: int) -> str:
    return f"Appendix {i}" if i in APPENDIX else f"{i} Chapter number {i}"


def chapter(i: int, *, wrapped: bool = False, foot: bool = False, contents: bool = True) -> str:
    sects = (
        ""
        if i in APPENDIX or not contents
        else "<div class='Sects'>"
        + "".join(f"<a href='#s{k}'>{i}.{k} Part</a> " for k in range(1, 4))
        + "</div>"
    )
    if foot and i in APPENDIX:
        title = ""
        end = f"<div class='foot'><h4>Other manual {i}</h4></div>"
    else:
        title = f"<h3>{name(i)}</h3>"
        end = ""
    blocks = [
        "<div class='top'><a href='c0.html'>Top</a></div>",
        sects,
        title,
        f"<p>Text of chapter {i}, with words.</p>",
        end,
    ]
    blocks = [b for b in blocks if b]
    if wrapped:
        blocks = [f"<div class='w'>{b}</div>" for b in blocks]
    return f"<html><body class='page{i}'>{''.join(blocks)}</body></html>"


def url(i: int) -> str:
    return f"https://{SITE}/c{i}.html"


def learned(template: Template, pages: list[Page]) -> Template:
    return learn_values(learn_absent(template, pages), pages)


def test_a_repair_that_also_finds_the_title_where_the_old_rule_missed_it_is_accepted() -> None:
    tpl = Template("book", site=SITE, fields=(Field("title", xpaths=(TITLE,)),), use_cleaner=False)
    old = learned(tpl, [Page(url(i), chapter(i)) for i in range(N)])
    assert old.field("title").search.fingerprint["samples"].get(url(APPENDIX[0]), "") == ""
    changed = [Page(url(i), chapter(i, wrapped=True)) for i in range(N)]
    (title,), _stats = repair_site(changed, old)
    assert title.status == "repaired", (title.status, title.xpath, title.evidence)
    fixed = accept_field_repairs(old, [title])
    for i in (3, 9, *APPENDIX):
        assert apply_template(changed[i], fixed).values["title"] == name(i), i


def test_the_title_found_once_its_anchor_block_is_gone_from_every_page_is_accepted() -> None:
    # Each page's body has a class of its own: the title's place is its tags and classes
    # from the root, not its parent's classes.
    tpl = Template("book", site=SITE, fields=(Field("title", xpaths=(TITLE,)),), use_cleaner=False)
    old = learned(tpl, [Page(url(i), chapter(i)) for i in range(N)])
    changed = [Page(url(i), chapter(i, contents=False)) for i in range(N)]
    (title,), _stats = repair_site(changed, old)
    assert title.status == "repaired", (title.status, title.xpath, title.evidence)
    fixed = accept_field_repairs(old, [title])
    for i in (3, 9, *APPENDIX):
        assert apply_template(changed[i], fixed).values["title"] == name(i), i


def test_a_repair_that_fills_those_pages_from_another_place_is_not_accepted() -> None:
    tpl = Template("book", site=SITE, fields=(Field("title", xpaths=(TITLE,)),), use_cleaner=False)
    old = learned(tpl, [Page(url(i), chapter(i, foot=True)) for i in range(N)])
    changed = [Page(url(i), chapter(i, wrapped=True, foot=True)) for i in range(N)]
    (title,), _stats = repair_site(changed, old)
    fixed = accept_field_repairs(old, [title]) if title.status == "repaired" else old
    for i in APPENDIX:
        assert not apply_template(changed[i], fixed).values.get("title"), (title.xpath, i)


def manual(i: int, *, prev: str = "kept") -> str:
    """Page ``i`` of a manual: a menu of every page, the page's text, then a bar 'Previous:
    <link> Next: <link>'. ``prev``: "kept", "bare" (the link without its title attribute) or
    "removed" (the link and its label gone)."""
    menu = "".join(f"<li><a href='c{k}.html'>Topic {k} of the manual</a></li>" for k in range(N))
    parts = []
    if i and prev != "removed":
        hook = " title='previous chapter'" if prev == "kept" else ""
        parts.append(f"Previous: <a href='c{i - 1}.html'{hook}>Topic {i - 1} of the manual</a>")
    if i < N - 1:
        parts.append(
            f"Next: <a href='c{i + 1}.html' title='next chapter'>Topic {i + 1} of the manual</a>"
        )
    return (
        f"<html><body><div class='side'><ul class='menu'>{menu}</ul></div>"
        f"<div class='body'><h1>Topic {i} of the manual</h1><p>Words of topic {i}.</p></div>"
        f"<div class='nav'>{' '.join(parts)}</div></body></html>"
    )


def prev_template() -> Template:
    return Template(
        "manual",
        site=SITE,
        fields=(
            Field("prev_text", xpaths=(PREV,)),
            Field("prev_href", xpaths=(f"{PREV}/@href",), kind="attribute", attribute="href"),
        ),
        use_cleaner=False,
    )


def test_a_removed_previous_link_still_named_in_the_menu_is_gone() -> None:
    old = learned(prev_template(), [Page(url(i), manual(i)) for i in range(N)])
    changed = [Page(url(i), manual(i, prev="removed")) for i in range(N)]
    found, _stats = repair_site(changed, old)
    assert [f.status for f in found] == ["gone", "gone"], [(f.status, f.evidence) for f in found]


def test_a_previous_link_kept_in_its_line_without_its_hook_is_repaired() -> None:
    old = learned(prev_template(), [Page(url(i), manual(i)) for i in range(N)])
    changed = [Page(url(i), manual(i, prev="bare")) for i in range(N)]
    found, _stats = repair_site(changed, old)
    assert [f.status for f in found] == ["repaired", "repaired"], [
        (f.status, f.xpath, f.evidence) for f in found
    ]
    fixed = accept_field_repairs(old, found)
    got = apply_template(changed[5], fixed).values
    assert got["prev_text"] == "Topic 4 of the manual" and got["prev_href"].endswith("c4.html")
    assert not apply_template(changed[0], fixed).values.get("prev_text")
