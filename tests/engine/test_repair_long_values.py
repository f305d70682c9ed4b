"""Repair of fields whose values are long texts (a page's body): learning keeps the first
characters of each value and a print of the whole (its words' length and checksums), so the
node that holds the whole value is found again however long it is, and a block that only
starts the same (the body with comments added after it, a teaser of its first lines) is not
taken for it."""

from __future__ import annotations

from dataclasses import replace

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.valuerepair import (
    _MAX_TEXT,
    accept_field_repairs,
    learn_values,
    long_agrees,
    long_print,
    repair_site,
    same_words,
)

SITE = "longdocs.example"


def body_text(i: int) -> str:
    return " ".join(
        f"Paragraph {k} of chapter {i} explains option {i * 7 + k} in some detail."
        for k in range(30)
    )


def paragraphs(i: int) -> str:
    return "".join(
        f"<p>Paragraph {k} of chapter {i} explains option {i * 7 + k} in some detail.</p>"
        for k in range(30)
    )


def page_html(i: int, layout: str = "old") -> str:
    title = f"<h1 class='title'>Chapter {i}</h1>"
    if layout == "old":
        main = f"<div class='main'>{paragraphs(i)}</div>"
    elif layout == "renamed":
        main = f"<div class='shell'><div class='v2-main'>{paragraphs(i)}</div></div>"
    elif layout == "reversed":
        # Renamed, wrapped, and the block's paragraphs in the reverse order.
        parts = paragraphs(i).split("</p>")[:-1]
        body = "".join(f"{p}</p>" for p in reversed(parts))
        main = f"<div class='shell'><div class='v2-main'>{body}</div></div>"
    elif layout == "comments":
        # The old block now holds the body and, after it, a long run of comments.
        comments = "".join(
            f"<p>Comment {k} on chapter {i}: thanks, very useful.</p>" for k in range(20)
        )
        main = (
            f"<div class='main'><div class='text'>{paragraphs(i)}</div>"
            f"<div class='comments'>{comments}</div></div>"
        )
    elif layout == "teaser":
        # The body is gone; a teaser repeats its first paragraphs (more than a value keeps).
        main = f"<div class='v2-teaser'>{paragraphs(i)[:900]}</p></div>"
    else:
        raise ValueError(layout)
    return f"<html><body><div class='menu'><a href='/'>Home</a></div>{title}{main}</body></html>"


def site(layout: str = "old") -> list[Page]:
    return [Page(f"https://{SITE}/ch/{i}.html", page_html(i, layout)) for i in range(12)]


def template() -> Template:
    return Template(
        "docs",
        site=SITE,
        fields=(
            Field("title", xpaths=("//h1[@class='title']",)),
            Field("body", xpaths=("//div[@class='main']",)),
        ),
        use_cleaner=False,
    )


def test_learning_keeps_a_print_of_a_long_value() -> None:
    learned = learn_values(template(), site())
    fp = learned.field("body").search.fingerprint
    url = f"https://{SITE}/ch/3.html"
    assert len(fp["samples"][url]) == _MAX_TEXT
    assert fp["long"][url] == long_print(body_text(3))
    assert "long" not in learned.field("title").search.fingerprint  # short values need none


def test_a_long_body_is_repaired_after_a_rename_and_a_wrapper() -> None:
    learned = learn_values(template(), site())
    changed = site("renamed")
    repairs, _stats = repair_site(changed, learned)
    by = {r.field: r for r in repairs}
    assert by["body"].status == "repaired", by["body"].evidence.get("reason")
    fixed = accept_field_repairs(learned, repairs)
    for i, page in enumerate(changed):
        assert " ".join(apply_template(page, fixed).values["body"].split()) == body_text(i)


def test_a_long_body_whose_paragraphs_were_reordered_is_repaired() -> None:
    learned = learn_values(template(), site())
    changed = site("reversed")
    repairs, _stats = repair_site(changed, learned)
    by = {r.field: r for r in repairs}
    assert by["body"].status == "repaired", by["body"].evidence.get("reason")
    fixed = accept_field_repairs(learned, repairs)
    for i, page in enumerate(changed):
        got = " ".join(apply_template(page, fixed).values["body"].split())
        assert got.startswith(f"Paragraph 29 of chapter {i} ")
        assert sorted(got.split()) == sorted(body_text(i).split())


def test_a_block_that_only_starts_like_the_body_is_not_the_body() -> None:
    learned = learn_values(template(), site())
    changed = site("comments")
    repairs, _stats = repair_site(changed, learned)
    by = {r.field: r for r in repairs}
    # The old rule gives the body with the comments after it: another value, not 'ok'; the
    # body's own block is found again.
    assert by["body"].status == "repaired" and by["body"].evidence["was"] == "drift"
    fixed = accept_field_repairs(learned, repairs)
    for i, page in enumerate(changed):
        assert " ".join(apply_template(page, fixed).values["body"].split()) == body_text(i)


def test_a_teaser_of_the_removed_body_is_not_accepted() -> None:
    learned = learn_values(template(), site())
    repairs, _stats = repair_site(site("teaser"), learned)
    by = {r.field: r for r in repairs}
    assert by["body"].status == "gone"


def test_a_template_learned_without_prints_still_checks_its_values() -> None:
    learned = learn_values(template(), site())
    fld = learned.field("body")
    fp = {k: v for k, v in fld.search.fingerprint.items() if k != "long"}
    old = learned.with_field(replace(fld, search=replace(fld.search, fingerprint=fp)))
    repairs, _stats = repair_site(site(), old)
    assert {r.field: r.status for r in repairs} == {"title": "ok", "body": "ok"}


def test_a_print_agrees_with_the_same_words_or_one_word_changed_in_the_middle() -> None:
    text = body_text(5)
    want = long_print(text)
    assert long_agrees(" ".join(text.split()).replace(".", ". "), want)  # spacing only
    assert long_agrees(text.replace("option 38", "option 99"), want)  # a word in the middle
    assert not long_agrees(text[: len(text) // 2], want)  # a shorter block, same start
    assert not long_agrees(text + " Comment 1 on chapter 5.", want)  # a longer one
    reordered = " ".join(reversed(text.split(". ")))
    assert not long_agrees(reordered, want) and same_words(long_print(reordered), want)
    assert not same_words(long_print(reordered + " option"), want)  # a word more
    assert not same_words(long_print(text.replace("option 38", "option 99")), want)
