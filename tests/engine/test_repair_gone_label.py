"""A field removed from the pages is 'gone' even when its old value is still linked elsewhere on
the page, when the label its old rule found it by is still there with nothing by it.

Commons IO's Javadoc (Debian's libcommons-io-java-doc, 48 class pages bundled in
tests/data/realpages): the superclass link is the link right
after 'extends' in a class's declaration (`//pre/a[normalize-space(preceding-sibling::node()
[1][self::text()])='extends']`). A new layout (classes renamed, every div wrapped) that drops
that link keeps 'extends' in the declaration, and the inheritance tree still links the
superclass: repair used to take the tree's links for the field (accepted, or 'unsure' between
two tree rules), though the declaration's place for it stands empty. The tree's links are away
from 'extends': the field is 'gone'. Where the link is only moved (the declaration's `pre` made
a `div`), it is still by its label and is repaired, the same value on every page."""

from __future__ import annotations

import lxml.html
from realpages import pages as bundled

from deboiler_gui.engine.htmltree import parse_html, to_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.selectors import select_elements
from deboiler_gui.engine.template.valuerepair import (
    _from_label,
    accept_field_repairs,
    learn_absent,
    learn_values,
    repair_site,
    rule_labels,
)

RULE = "//pre/a[normalize-space(preceding-sibling::node()[1][self::text()])='extends']"


def javadoc_pages() -> list[Page]:
    """48 class and interface pages, evenly spread over the API's packages."""
    return bundled("commons-io-javadoc-classes.json.gz")


def relayout(html: str, change: str) -> str:
    """Classes renamed and every div wrapped, and: the superclass link removed from the
    declaration (``gone``), or the declaration's ``pre`` made a ``div`` (``moved``)."""
    root = parse_html(html)
    if change == "gone":
        for a in select_elements(root, RULE):
            a.getparent().remove(a)
    else:
        for pre in root.iter("pre"):
            if pre.xpath("span[@class='typeNameLabel']"):
                pre.tag = "div"
                pre.set("class", "declaration")
    for el in root.iter():
        if isinstance(el.tag, str) and el.get("class"):
            el.set("class", " ".join("v2-" + c for c in el.get("class", "").split()))
    for div in list(root.iter("div")):
        parent = div.getparent()
        shell = lxml.html.Element("div")
        shell.set("class", "shell")
        parent.replace(div, shell)
        shell.append(div)
        shell.tail, div.tail = div.tail, None
    return to_html(root)


def learned_site() -> tuple[list[Page], Template]:
    pages = javadoc_pages()
    template = Template(
        "io",
        site="io.example",
        fields=(Field("super_href", xpaths=(RULE,), kind="attribute", attribute="href"),),
        use_cleaner=False,
    )
    return pages, learn_values(learn_absent(template, pages), pages[:32])


def test_a_rule_s_labels_and_the_rule_from_its_label_on() -> None:
    assert rule_labels(RULE) == [("extends", 3)]
    assert rule_labels(
        "//div[@class='s']//h4[normalize-space(.)='Previous topic']/following-sibling::p[1]/a"
    ) == [("Previous topic", 4)]
    # a 'not this' exclusion's text is no label, nor an attribute's value
    assert rule_labels("//ul/li/a[not(normalize-space(.)='index')][@title='next']") == []
    assert _from_label(RULE + "/@href") == (
        "//a[normalize-space(preceding-sibling::node()[1][self::text()])='extends']/@href"
    )
    assert _from_label("//h2[normalize-space(.)='NAME']/following-sibling::div[1]/p") == ""


def test_the_removed_superclass_link_is_gone_though_the_tree_still_links_it() -> None:
    pages, learned = learned_site()
    samples = learned.field("super_href").search.fingerprint["samples"]
    assert sum(1 for v in samples.values() if v) >= 5
    changed = [Page(p.url, relayout(p.html, "gone")) for p in pages]
    # the old values are still on the pages, in the inheritance tree
    trees = {p.url: parse_html(p.html) for p in changed}
    still = [
        u
        for u, v in samples.items()
        if v and trees[u].xpath("//ul[contains(@class, 'inheritance')]//a[@href=$h]", h=v)
    ]
    assert len(still) == sum(1 for v in samples.values() if v)
    ((r,), _stats) = repair_site(changed, learned)
    assert r.status == "gone", (r.status, r.xpaths, r.evidence)
    assert "away from 'extends'" in r.evidence["reason"]


def test_a_link_still_by_its_label_is_repaired() -> None:
    pages, learned = learned_site()
    changed = [Page(p.url, relayout(p.html, "moved")) for p in pages]
    ((r,), _stats) = repair_site(changed, learned)
    assert r.status == "repaired", (r.status, r.xpaths, r.evidence)
    fixed = accept_field_repairs(learned, [r])
    for old, new in zip(pages, changed, strict=True):
        want = apply_template(old, learned).values["super_href"]
        assert apply_template(new, fixed).values["super_href"] == want, (new.url, r.xpaths)
