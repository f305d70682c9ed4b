"""An up arrow drawn as an image (a link that holds only an ``img``) is one node of its own: when
it is removed, a text link to the same target elsewhere on the page (the breadcrumb's step to
the section index) is not the field, however well its targets agree with the old values. And a
section index whose up arrow leads to the index itself keeps that value after learning."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.valuerepair import learn_absent, learn_values, repair_site

BASE = "http://manual.local/"
FOLDERS = ["mod", "howto", "programs", "misc", "ssl"]
TOPICS = ["alias", "proxy", "rewrite", "cache", "auth", "mime", "status", "dir"]


def _page(path: str, up: str, *, changed: bool = False) -> str:
    depth = path.count("/")
    top = "../" * depth
    pre = "x-" if changed else ""
    crumbs = ["<a href='http://www.apache.org/'>Apache</a>", f"<a href='{top}index.html'>Docs</a>"]
    if depth:
        crumbs.append(f"<a href='./index.html'>{path.split('/')[0].title()}</a>")
    up_div = (
        ""
        if changed
        else f"<div class='up'><a href='{up}'><img alt='&lt;-' src='{top}images/left.gif'/></a></div>"
    )
    return (
        f"<html><head><title>{path}</title></head><body>"
        f"<div id='{pre}page-header'><p class='{pre}menu'><a href='{top}mod/'>Modules</a> | "
        f"<a href='{top}glossary.html'>Glossary</a></p></div>"
        f"{up_div}"
        f"<div id='{pre}path'>{' &gt; '.join(crumbs)}</div>"
        f"<div id='{pre}page-content'><h1>About {path}</h1>"
        f"<p>Some text on {path} and how it is used in practice.</p></div>"
        "</body></html>"
    )


def _site(*, changed: bool = False) -> list[Page]:
    pages = [Page(f"{BASE}index.html", _page("index.html", "http://docs.local/", changed=changed))]
    for i, folder in enumerate(FOLDERS):
        for topic in TOPICS[i : i + 5]:
            path = f"{folder}/{topic}.html"
            pages.append(Page(BASE + path, _page(path, "./index.html", changed=changed)))
    # The section index: its up arrow leads to the folder's index, the page itself.
    for folder in FOLDERS[:2]:
        path = f"{folder}/index.html"
        pages.append(Page(BASE + path, _page(path, "./index.html", changed=changed)))
    return pages


UP = "//div[contains(concat(' ', normalize-space(@class), ' '), ' up ')]/a/@href"


def _template() -> Template:
    return Template(
        "manual",
        fields=(
            Field("title", xpaths=("//div[@id='page-content']/h1",)),
            Field("up_href", xpaths=(UP,), kind="attribute", attribute="href"),
        ),
    )


def _learned(sample: int = 30) -> Template:
    site = _site()
    return learn_values(learn_absent(_template(), site), site, sample=sample)


def test_a_removed_icon_link_is_gone_not_the_breadcrumb_step_of_the_same_target() -> None:
    learned = _learned()
    changed = _site(changed=True)
    repairs, _stats = repair_site(changed, learned)
    by_field = {r.field: r for r in repairs}
    # The title moved with its container's id, the rule is repaired.
    assert by_field["title"].status == "repaired", by_field["title"]
    up = by_field["up_href"]
    assert up.status == "gone", (up.status, up.xpaths, up.evidence.get("reason"))
    assert "icons without text" in up.evidence["reason"]


def test_a_text_link_to_an_icon_links_target_is_judged_another_kind() -> None:
    # Both arrows kept on the page but the icon link's container renamed: the icon link is
    # found again, never the breadcrumb's text link.
    learned = _learned()
    changed = [
        Page(p.url, p.html.replace("class='up'", "class='x-up'").replace("id='path'", "id='x'"))
        for p in _site()
    ]
    repairs, _stats = repair_site(changed, learned)
    up = next(r for r in repairs if r.field == "up_href")
    assert up.status == "repaired", (up.status, up.evidence.get("reason"))
    assert all("x-up" in x or "img" in x for x in up.xpaths), up.xpaths


def test_a_section_index_linking_up_to_itself_keeps_its_value_after_learning() -> None:
    # A small sample leaves the section indexes out: the pages read to record where the
    # field is absent tell that its value is a link to the page itself there.
    learned = _learned(sample=3)
    fp = learned.field("up_href").search.fingerprint
    index = f"{BASE}mod/index.html"
    assert index not in fp["samples"]
    assert "no_self_link" not in fp
    assert index in fp["self_link_pages"]
    page = next(p for p in _site() if p.url == index)
    assert apply_template(page, learned).values["up_href"] == "./index.html"
    # The other pages' values are untouched.
    other = next(p for p in _site() if p.url.endswith("mod/alias.html"))
    assert apply_template(other, learned).values["up_href"] == "./index.html"


def test_a_field_never_linking_to_its_own_page_is_still_marked() -> None:
    # Without the section indexes no value is a link to its own page: the field is marked,
    # and a link to the page itself is passed over (nothing else was learned from it).
    site = [p for p in _site() if not p.url.endswith("/index.html") or p.url == BASE + "index.html"]
    learned = learn_values(learn_absent(_template(), site), site, sample=3)
    fp = learned.field("up_href").search.fingerprint
    assert fp.get("no_self_link") is True
    assert not fp.get("self_link_pages")
