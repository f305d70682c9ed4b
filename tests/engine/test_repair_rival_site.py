"""Rules that agree as well with the old values are compared on the site's pages where the
field had a value, not only on a few pages taken by URL: a class's superclass link learned on
classes one level below a base class (one link in the class tree) is found in the tree by the
first link and by the last one alike; on a class two levels down they differ, and repair does
not single either out."""

from __future__ import annotations

import zlib

import pytest

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import extract_field
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.valuerepair import (
    _OTHER_EVERY,
    accept_field_repairs,
    learn_absent,
    learn_values,
    repair_site,
)

SITE = "javadoc.example"


def tree(classes: list[str], cls: str) -> str:
    """A Javadoc class tree: java.lang.Object, then each superclass (a link), then the class."""
    inner = f"<li>org.x.{classes[-1]}</li>"
    for name in reversed(classes[:-1]):
        inner = (
            f"<li><a href='{name}.html'>org.x.{name}</a></li>"
            f"<li><ul class='{cls}'>{inner}</ul></li>"
        )
    return (
        f"<ul class='{cls}'><li>java.lang.Object</li><li><ul class='{cls}'>{inner}</ul></li></ul>"
    )


def page_html(classes: list[str], *, changed: bool = False) -> str:
    name = classes[-1]
    pre = "v2-" if changed else ""
    supers = "" if len(classes) < 2 else f"\nextends <a href='{classes[-2]}.html'>{classes[-2]}</a>"
    if changed:
        supers = ""  # the declaration's superclass link is gone with the new layout
    return (
        f"<html><body><div class='{pre}header'><h1 class='{pre}title'>Class {name}</h1></div>"
        f"<div class='{pre}contentContainer'>{tree(classes, pre + 'inheritance')}"
        f"<div class='{pre}description'><pre>public class <span class='{pre}typeNameLabel'>"
        f"{name}</span>{supers}</pre><p>About {name}.</p></div></div></body></html>"
    )


def url(name: str) -> str:
    return f"https://{SITE}/api/{name}.html"


def bases(n: int) -> list[str]:
    """Base class names none of whose classes' pages (the base, its subclass and theirs) is
    among the few the rival check takes by URL."""
    out: list[str] = []
    k = 0
    while len(out) < n:
        name = f"Base{k}"
        if all(
            zlib.crc32(url(name + tail).encode()) % _OTHER_EVERY
            for tail in ("", "Impl", "ImplSpecial")
        ):
            out.append(name)
        k += 1
    return out


@pytest.mark.parametrize("absent_recorded", [True, False])
def test_rules_that_part_on_deeper_class_trees_are_not_accepted(absent_recorded: bool) -> None:
    # With the pages where the field was absent recorded, the site's other pages with a value
    # are known; without, the pages where the rules' class comes most often are read.
    names = bases(6)
    shallow = [[b, f"{b}Impl"] for b in names]  # Object -> Base (link) -> class
    deep = [[b, f"{b}Impl", f"{b}ImplSpecial"] for b in names]  # two links in the tree
    roots = [[b] for b in names]  # extends Object only: no superclass link
    classes = shallow + deep + roots
    old = {url(c[-1]): page_html(c) for c in classes}
    template = Template(
        "javadoc",
        site=SITE,
        fields=(
            Field(
                "super_href",
                xpaths=("//pre[span[@class='typeNameLabel']]/a[1]",),
                kind="attribute",
                attribute="href",
            ),
        ),
        use_cleaner=False,
    )
    site = [Page(u, h) for u, h in old.items()]
    learned = learn_values(
        learn_absent(template, site) if absent_recorded else template,
        [Page(url(c[-1]), old[url(c[-1])]) for c in shallow + roots],
    )
    samples = learned.field("super_href").search.fingerprint["samples"]
    assert not any(u in samples for u in (url(c[-1]) for c in deep))
    changed = [Page(url(c[-1]), page_html(c, changed=True)) for c in classes]
    (rep,), _stats = repair_site(changed, learned)
    # Whatever is answered, no accepted rule gives a deep class its base instead of its
    # direct superclass.
    fixed = accept_field_repairs(learned, [rep])
    for c in deep:
        root = parse_html(page_html(c, changed=True))
        got, _r = extract_field(root, fixed.field("super_href"), fixed, url=url(c[-1]))
        assert got in ("", f"{c[-2]}.html"), (rep.status, rep.xpaths, got)
    # The deep classes' pages were never learned nor taken by URL: the rules part there.
    assert rep.status == "unsure"
    assert set(rep.evidence["rival"]["pages"]) <= {url(c[-1]) for c in deep}
