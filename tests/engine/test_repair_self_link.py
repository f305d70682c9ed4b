"""A link field learned never to lead to its own page passes over links to the page itself:
an enum's inheritance tree reads ``Enum<Mode>`` where ``Mode`` links to the enum's own page,
which is no superclass link."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import apply_template, extract_field
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.valuerepair import (
    accept_field_repairs,
    learn_absent,
    learn_values,
    repair_site,
)

BASE = "https://docs.example/api/"
SUPERS = ["Base", "Reader", "Writer", "Stream", "Filter", "Buffer"]


def _class_html(name: str, sup: str, *, decl_link: bool = True, cls: str = "") -> str:
    decl = f"<a href='{sup}.html'>{sup}</a>" if decl_link else ""
    return (
        f"<html><body><h1 class='{cls}title'>Class {name}</h1>"
        f"<ul class='{cls}inheritance'><li><a href='Object.html'>Object</a></li>"
        f"<li><a href='{sup}.html'>{sup}</a></li><li>{name}</li></ul>"
        f"<pre class='{cls}decl'>public class {name} extends {decl}</pre>"
        f"<p>About {name} and what it does for {sup}.</p></body></html>"
    )


def _enum_html(name: str, *, cls: str = "") -> str:
    return (
        f"<html><body><h1 class='{cls}title'>Enum {name}</h1>"
        f"<ul class='{cls}inheritance'><li><a href='Object.html'>Object</a></li>"
        f"<li>Enum&lt;<a href='{name}.html'>{name}</a>&gt;</li><li>{name}</li></ul>"
        f"<pre class='{cls}decl'>public enum {name}</pre>"
        f"<p>About the enum {name}.</p></body></html>"
    )


def _site(*, changed: bool = False) -> list[Page]:
    cls = "v2-" if changed else ""
    pages = [
        Page(
            f"{BASE}C{i}.html", _class_html(f"C{i}", SUPERS[i % 6], decl_link=not changed, cls=cls)
        )
        for i in range(12)
    ]
    return [*pages, Page(f"{BASE}Mode.html", _enum_html("Mode", cls=cls))]


def _template() -> Template:
    return Template(
        "api",
        fields=(
            Field("title", xpaths=("//h1[@class='title']",)),
            Field("super_href", xpaths=("//pre[@class='decl']/a/@href",)),
        ),
    )


def _learned() -> Template:
    site = _site()
    return learn_values(learn_absent(_template(), site), site)


def test_learning_marks_a_link_field_that_never_leads_to_its_own_page() -> None:
    learned = _learned()
    assert learned.field("super_href").search.fingerprint.get("no_self_link") is True
    # The title is no link: nothing is recorded for it.
    assert "no_self_link" not in learned.field("title").search.fingerprint


def test_a_self_link_is_no_value_and_the_next_match_is_taken() -> None:
    learned = _learned()
    fld = learned.field("super_href")
    tree_page = Page(f"{BASE}Mode.html", _enum_html("Mode"))
    last = Field(
        "super_href",
        xpaths=("(//ul[@class='inheritance']//li/a)[last()]/@href",),
        search=fld.search,
    )
    probe = Template("api", fields=(last,))
    res = apply_template(tree_page, probe)
    assert res.values["super_href"] == ""
    assert res.fields["super_href"].self_links == 1
    # Without the page's address nothing tells the link from another one.
    from deboiler_gui.engine.htmltree import parse_html

    got, _rep = extract_field(parse_html(tree_page.html), last, probe)
    assert got == "Mode.html"
    # A scalar rule that matches several links takes the first that leads elsewhere.
    every = Field(
        "super_href",
        xpaths=(
            "(//ul[@class='inheritance']//li/a)[position() > 1]/@href | //ul[@class='inheritance']//li/a[1]/@href",
        ),
        search=fld.search,
    )
    res = apply_template(tree_page, Template("api", fields=(every,)))
    assert res.values["super_href"] == "Object.html"


def test_repair_never_fills_the_enum_page_with_its_own_link() -> None:
    learned = _learned()
    changed = _site(changed=True)
    repairs, _stats = repair_site(changed, learned)
    rep = next(r for r in repairs if r.field == "super_href")
    fixed = accept_field_repairs(learned, repairs)
    for page in changed:
        got = apply_template(page, fixed).values["super_href"]
        assert got != "Mode.html", (rep.status, rep.xpath)
        if rep.status == "repaired" and page.url.endswith("Mode.html"):
            assert got == ""
