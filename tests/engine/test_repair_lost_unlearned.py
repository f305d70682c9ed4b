"""A field with values on a few pages, none of them learned (learning's sample missed them),
that gives nothing there after a change of the site: repair says so, naming those pages,
instead of 'ok' for want of a learned page with a value."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.valuerepair import learn_absent, learn_values, repair_site

SITE = "api.example"


def page(i: int, *, wrapped: bool = False) -> Page:
    vals = "".join(f"<pre><span id='VAL{k}'>val f{i}_{k}</span></pre>" for k in range(3))
    body = f"<div class='navbar'><a href='M{i + 1}.html'>Next</a></div><h1>Module M{i}</h1>"
    body += f"<p>About M{i}.</p>{vals}"
    if wrapped:  # the new layout wraps the body's children in a block
        body = f"<div class='page'>{body}</div>"
    return Page(f"https://{SITE}/M{i}.html", f"<html><body>{body}</body></html>")


def test_a_field_gone_from_its_only_unlearned_page_is_reported_broken() -> None:
    pages = [page(i) for i in range(30)]
    t = Template(
        "api",
        site=SITE,
        fields=(
            Field("title", xpaths=("//h1",)),
            Field(
                "values",
                xpaths=("//body[h1[normalize-space(.)='Module M7']]/pre/span",),
                is_list=True,
            ),
        ),
        use_cleaner=False,
    )
    # learned on every page but M7, the one page with values; absent and present recorded
    # over the whole site
    learned = learn_absent(learn_values(t, [p for p in pages if p is not pages[7]]), pages)
    assert learned.field("values").search.fingerprint["present"] == [pages[7].url]
    changed = [page(i, wrapped=True) for i in range(30)]
    found, _info = repair_site(changed, learned)
    rep = {r.field: r for r in found}["values"]
    assert rep.status == "broken", rep
    assert rep.evidence["reason"].startswith(
        "no value now on the 1 page where it had one when learned, none of them a learned "
        f"page ({pages[7].url})"
    ), rep.evidence
    assert rep.evidence["bad_pages"] == [pages[7].url]
    # unchanged, the field is ok
    same, _info = repair_site(pages, learned)
    assert {r.field: r.status for r in same}["values"] == "ok"
