"""Search-rule repair after a redesign that renames every class and id, wraps every div in
another and reverses the order of siblings at once: the label learned beside a field (its
context) is then far away in reading order, but it still meets the field's node as far up the
tree as before, which counts at half weight, so the field is found again; a page without the
field gets no proposal."""

from __future__ import annotations

from typing import Any

import lxml.html
import pytest

from deboiler_gui.engine.htmltree import parse_html, to_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import apply_template, extract_field
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.repair import (
    CONTEXT_TREE,
    branching_steps,
    learn_template,
    propose_repair,
)
from deboiler_gui.engine.template.selectors import select_elements

SITE = "docs.example"
TOPICS = ["tables", "indexes", "views", "triggers", "joins", "locks", "pragmas", "dates"]


def doc_html(i: int, *, toc: bool = True) -> str:
    topic = TOPICS[i % len(TOPICS)]
    sections = [f"{topic.capitalize()} part {i}-{k}" for k in range(3 + i % 3)]
    entries = "".join(
        f'<div class="toc{1 + k % 2}"><a href="#s{k}">{s}</a></div>' for k, s in enumerate(sections)
    )
    block = (
        '<div class="fancy_toc"><a onclick="toggle()">Table Of Contents</a>'
        f'<div id="toc_sub">{entries}</div></div>'
        if toc
        else ""
    )
    body = "".join(
        f'<h2 id="s{k}">{s}</h2><p>How {topic} work in case {i}.{k}, with examples.</p>'
        for k, s in enumerate(sections)
    )
    return f"""<html><head><title>{topic} {i}</title></head><body>
<div class="nosearch"><div class="menu"><a href="/">Home</a> <a href="/about">About</a></div>
<div class="search"><a href="/search">Search</a></div></div>
<div class="fancy"><div class="fancy_title">The {topic} of page {i}</div>{block}{body}
<p class="foot">Last changed on day {i}</p></div>
</body></html>"""


def _rename(root: Any) -> None:
    for el in root.iter():
        if isinstance(el.tag, str):
            if el.get("class"):
                el.set("class", " ".join(f"v2-{c}" for c in el.get("class").split()))
            if el.get("id"):
                el.set("id", f"n-{el.get('id')}")


def _wrap(root: Any) -> None:
    for el in list(root.find("body").iter("div")):
        shell = lxml.html.Element("div")
        shell.set("class", "shell")
        el.getparent().replace(el, shell)
        shell.append(el)
        shell.tail, el.tail = el.tail, None


def _reorder(root: Any) -> None:
    body = root.find("body")
    for el in [body, *body.iter("div")]:
        kids = [k for k in el if isinstance(k.tag, str)]
        for k in kids:
            el.remove(k)
        for k in reversed(kids):
            el.append(k)


def redesigned(html: str) -> str:
    root = parse_html(html)
    for step in (_rename, _wrap, _reorder):
        step(root)
    return to_html(root)


TOC = Field("toc", xpaths=("//div[@id='toc_sub']/div/a",), is_list=True)


@pytest.fixture(scope="module")
def learned() -> Template:
    t = Template("docs", site=SITE, fields=(TOC,), use_cleaner=False)
    return learn_template(
        t, [Page(f"https://{SITE}/doc{i}.html", doc_html(i)) for i in range(1, 6)]
    )


def test_the_label_is_learned_with_how_far_up_it_meets_the_field(learned: Template) -> None:
    rules = learned.field("toc").search
    assert [c.content for c in rules.context] == ["Table Of Contents"]
    # The label's link and the list's container meet in the block that holds both.
    assert rules.fingerprint["context_up"] == {"Table Of Contents": 1}


def test_wrappers_and_order_do_not_change_the_steps() -> None:
    root = parse_html(doc_html(3))
    node = select_elements(root, "//div[@id='toc_sub']")[0]
    label = select_elements(root, "//a[.='Table Of Contents']")[0]
    home = select_elements(root, "//a[.='Home']")[0]
    before = branching_steps(node, label), branching_steps(node, home)
    for step in (_wrap, _reorder):
        step(root)
    assert (branching_steps(node, label), branching_steps(node, home)) == before
    assert before[0] < before[1]


@pytest.mark.parametrize("i", [7, 8, 9, 10])
def test_all_changes_at_once_the_list_is_found_again(learned: Template, i: int) -> None:
    url = f"https://{SITE}/doc{i}.html"
    page = Page(url, redesigned(doc_html(i)))
    want = apply_template(Page(url, doc_html(i)), learned).values["toc"]
    assert apply_template(page, learned).failed_fields == ["toc"]
    prop = propose_repair(page, learned, learned.field("toc"))
    assert prop is not None
    # The label now follows the list, far in reading order: only the tree puts it near.
    assert CONTEXT_TREE / 2 < prop.scores["context"] <= CONTEXT_TREE
    got, _rep = extract_field(
        parse_html(page.html), Field("toc", xpaths=(prop.xpath,), is_list=True), learned
    )
    assert sorted(got) == sorted(want)  # the same entries, in the reversed order


def test_no_proposal_when_the_list_is_gone(learned: Template) -> None:
    page = Page(f"https://{SITE}/doc7.html", redesigned(doc_html(7, toc=False)))
    assert propose_repair(page, learned, learned.field("toc")) is None
