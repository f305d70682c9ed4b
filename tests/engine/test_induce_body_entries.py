"""A list whose entries are the page's own top-level blocks (ocamldoc: each `val` is a `pre` of
the body, `<pre><span id="VALname"><span class="keyword">val</span> name</span> : …</pre>`,
among the `pre`s of the module's `module` and `type` declarations, with no container and no
class): clicks on two module pages are one list, the body's `pre/span` whose id starts as the
examples' ids do; one page's clicks are not pinned to that page's own title."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import extract_field
from deboiler_gui.engine.template.induce import Example, induce, shared_prefix
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

SITE = "https://lib.example/api/"
WORDS = ["zero", "one", "add", "sub", "mul", "div", "neg", "abs", "succ", "pred", "of_int"]


def values(i: int) -> list[str]:
    return [f"{WORDS[(i + k) % len(WORDS)]}_{k}" for k in range(2 + i % 4)]


def page(i: int) -> Page:
    decls = "".join(
        f"<pre><span id='VAL{v}'><span class='keyword'>val</span> {v}</span> : "
        f"<code class='type'>t -&gt; t</code></pre>"
        + (f"<div class='info'><p>Does {v}.</p></div>" if k % 2 else "")
        for k, v in enumerate(values(i))
    )
    return Page(
        f"{SITE}Mod{i}.html",
        "<html><body><div class='navbar'><a class='up' href='index.html'>Up</a></div>"
        f"<h1>Module Mod{i}</h1>"
        f"<pre><span id='MODULEMod{i}'><span class='keyword'>module</span> Mod{i}</span>: sig end</pre>"
        f"<div class='info module top'><p>Operations {i}.</p></div><hr>"
        + "".join(
            f"<pre><span id='TYPEt{k}'><span class='keyword'>type</span> t{k}</span> = int</pre>"
            for k in range(1 + i % 2)
        )
        + f"{decls}</body></html>",
    )


def _site() -> tuple[SiteIndex, dict[str, object]]:
    index = SiteIndex.from_pages([page(i) for i in range(24)], max_pages=None)
    return index, dict(zip(index.urls, index.trees, strict=True))


def _click(trees: dict[str, object], i: int, xp: str) -> Example:
    url = f"{SITE}Mod{i}.html"
    node = select_elements(trees[url], xp)[0]
    return Example(url, trees[url], node)


def _check(xpath: str, trees: dict[str, object]) -> None:
    fld = Field("values", xpaths=(xpath,), is_list=True)
    t = Template("api", fields=(fld,), use_cleaner=False)
    for i in (0, 3, 9, 14):
        got, _report = extract_field(trees[f"{SITE}Mod{i}.html"], fld, t)
        assert got == [f"val {v}" for v in values(i)], (xpath, got)


def test_entries_of_the_body_on_two_pages_are_one_list() -> None:
    index, trees = _site()
    examples = [
        _click(trees, 5, "/html/body/pre[4]/span"),
        _click(trees, 7, "/html/body/pre[5]/span"),
    ]
    top = induce(examples, [], index, as_list=True, limit=3)[0]
    assert "starts-with(@id, 'VAL')" in top.xpath, top.xpath
    _check(top.xpath, trees)


def test_entries_of_the_body_on_one_page_are_not_pinned_to_its_title() -> None:
    index, trees = _site()
    examples = [
        _click(trees, 6, "/html/body/pre[3]/span"),
        _click(trees, 6, "/html/body/pre[5]/span"),
    ]
    top = induce(examples, [], index, as_list=True, limit=3)[0]
    assert "Mod6" not in top.xpath, top.xpath
    _check(top.xpath, trees)


def test_shared_prefix_cuts_where_words_part() -> None:
    assert shared_prefix(["VALzero", "VALinit"], separators="-_:.") == "VAL"
    assert shared_prefix(["VALinit", "VALiter"], separators="-_:.") == "VAL"
    assert shared_prefix(["VALzero_big_int"], separators="-_:.") == "VAL"
    assert shared_prefix(["section-2", "section-10"], separators="-_:.") == "section-"
    assert shared_prefix(["/user/7", "/user/12"], separators="/") == "/user/"
    assert shared_prefix(["TYPEt", "VALx"], separators="-_:.") == ""
    assert shared_prefix(["x1", None], separators="-_:.") == ""


def test_the_first_entry_as_a_field_is_found_by_the_start_of_its_id() -> None:
    # Each page's first `val` (after the `module` declaration and one or two `type` ones) as
    # one field.
    index, trees = _site()
    examples = [
        _click(trees, 5, "/html/body/pre[4]/span"),
        _click(trees, 8, "/html/body/pre[3]/span"),
    ]
    top = induce(examples, [], index, limit=3)[0]
    fld = Field("first", xpaths=(top.xpath,))
    t = Template("api", fields=(fld,), use_cleaner=False)
    for i in (0, 3, 9, 14):
        got, _report = extract_field(trees[f"{SITE}Mod{i}.html"], fld, t)
        assert got == f"val {values(i)[0]}", (top.xpath, got)
