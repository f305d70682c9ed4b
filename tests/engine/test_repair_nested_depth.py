"""A field whose nodes are removed (the superclass link after 'extends') is still shown in an
inheritance tree of nested lists (``ul/li/ul/li/…``), one level per ancestor class. Every
learned page's class sits at one depth, so a rule walking the tree step by step agrees with
all of them and is wrong on a class at another depth: the repair takes the form without the
depth (the deepest link of the tree), right at every depth."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.valuerepair import (
    _depth_free_forms,
    accept_field_repairs,
    learn_values,
    pins_depth,
    repair_site,
)

SITE = "javadoc.example"
RULE = "//pre/a"


def chain(i: int) -> list[str]:
    """The class's ancestors, outermost first: the learned pages (i < 12) all have two."""
    depth = 2 if i < 12 else 1 + i % 3
    return [f"Base{i}_{k}" for k in range(depth)]


def tree(names: list[str], own: str, cls: str) -> str:
    inner = f"<ul class='{cls}'><li>{own}</li></ul>"
    for name in reversed(names):
        inner = f"<ul class='{cls}'><li><a href='{name}.html'>{name}</a></li><li>{inner}</li></ul>"
    return f"<ul class='{cls}'><li>java.lang.Object</li><li>{inner}</li></ul>"


def page(i: int, changed: bool = False) -> str:
    names = chain(i)
    own = f"Class{i}"
    cls = "v2-inheritance" if changed else "inheritance"
    decl = (
        ""
        if changed
        else f"<pre>public class {own}\nextends <a href='{names[-1]}.html'>{names[-1]}</a></pre>"
    )
    body = f"<h1>Class {own}</h1>{tree(names, own, cls)}<div class='description'>{decl}<p>About {own}.</p></div>"
    return f"<html><body><div class='header'>{body}</div></body></html>"


def test_a_rule_walking_nested_lists_is_recognised() -> None:
    assert pins_depth("//ul[@class='x']/li/ul/li/ul/li/a")
    assert not pins_depth("//ul[@class='x']/li/a")
    assert not pins_depth("//div/div/div/a")
    assert _depth_free_forms("//ul[@class='x']/li/ul/li/a/@href", is_list=False) == [
        "(//ul[@class='x']//li/a)[last()]/@href",
        "(//ul[@class='x']//li/a)[1]/@href",
    ]
    assert _depth_free_forms("//ul[@class='x']/li/ul/li/a", is_list=True) == [
        "//ul[@class='x']//li/a"
    ]


def test_the_repair_does_not_pin_the_depth_of_the_learned_pages() -> None:
    urls = [f"https://{SITE}/c{i}.html" for i in range(24)]
    template = Template(
        "api",
        site=SITE,
        fields=(Field("super_href", xpaths=(RULE,), kind="attribute", attribute="href"),),
        use_cleaner=False,
    )
    learned = learn_values(template, [Page(u, page(i)) for i, u in enumerate(urls[:12])])
    changed = [Page(u, page(i, changed=True)) for i, u in enumerate(urls)]
    (repair,), _stats = repair_site(changed, learned)
    if repair.status != "repaired":
        # Not accepted on agreement alone: never a rule pinned to the learned depth.
        assert repair.status == "unsure", repair.evidence
        return
    assert not any(pins_depth(x) for x in repair.xpaths), repair.xpaths
    fixed = accept_field_repairs(learned, [repair])
    for i in range(24):
        got = apply_template(changed[i], fixed).values["super_href"]
        assert got == f"{chain(i)[-1]}.html", (i, got, repair.xpaths)
