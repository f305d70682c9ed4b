"""A repaired rule that selects several nodes with different values on a page, for a field whose
old rule selected one there, takes the first of them: right on the learned pages by their order
alone. Repair narrows such a rule to the one node (an anchored form, or another candidate that
selects it alone), or scores it down and answers 'unsure' naming the pages where it selects
several; `templates repair` says so. A field whose old rule already took the first of several
nodes, and a list field, are not affected.

The real case: Git's manual pages (Debian's git-doc, 40 pages bundled trimmed in
tests/data/realpages) whose new layout drops every class and id
but the body's. The purpose line (`//div[@id='header']/div[@class='sectionbody']/p`, one
paragraph per page) used to be repaired as `//body[…' manpage '…]//p`, every paragraph of the
page (20 to 90), the purpose only by being the first."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from realpages import pages as bundled

from deboiler_gui.cli import cli
from deboiler_gui.engine.htmltree import parse_html, to_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.extract import apply_template, extract_field
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.repairtext import look_at, repair_rows, report_lines
from deboiler_gui.engine.template.selectors import select_elements
from deboiler_gui.engine.template.valuerepair import (
    ACCEPT,
    SEVERAL_SCORE,
    UNSURE_FLOOR,
    TemplateRepair,
    _anchored_forms,
    accept_field_repairs,
    learn_absent,
    learn_values,
    repair_site,
)

PURPOSE = "//div[@id='header']/div[@class='sectionbody']/p"


def git_pages() -> list[Page]:
    """40 manual pages spread over the git commands'."""
    return bundled("git-manual-pages.json.gz")


def without_classes(html: str) -> str:
    """The new layout: no class or id on any element but the body."""
    root = parse_html(html)
    for el in root.iter():
        if isinstance(el.tag, str) and el.tag != "body":
            el.attrib.pop("class", None)
            el.attrib.pop("id", None)
    return to_html(root)


def matches(page: Page, fld: Field, template: Template) -> int:
    """How many nodes the rule that gives the field's value selects on the page."""
    value, rep = extract_field(parse_html(page.html), fld, template, url=page.url)
    assert value, (page.url, fld.xpaths)
    return next(t["matches"] for t in rep.tried if t["xpath"] == rep.xpath)


def test_a_rule_taking_the_first_of_every_paragraph_is_narrowed_to_the_purpose() -> None:
    pages = git_pages()
    template = Template(
        "git",
        site="git.example",
        fields=(
            Field("purpose", xpaths=(PURPOSE,)),
            # the first paragraph directly in any section: several per page, the first taken
            Field("first_para", xpaths=("//div[@class='sectionbody']//p",)),
            Field("sections", xpaths=("//div[@class='sect1']/h2",), is_list=True),
        ),
        use_cleaner=False,
    )
    learned = learn_values(learn_absent(template, pages), pages[:30])
    fp = learned.field("purpose").search.fingerprint
    assert fp["one_node"] is True
    assert learned.field("first_para").search.fingerprint["one_node"] is False
    assert "one_node" not in learned.field("sections").search.fingerprint
    changed = [Page(p.url, without_classes(p.html)) for p in pages]
    repairs, _stats = repair_site(changed, learned)
    found = {r.field: r for r in repairs}
    purpose = found["purpose"]
    assert purpose.status == "repaired", purpose.evidence
    fixed = accept_field_repairs(learned, repairs)
    fld = fixed.field("purpose")
    for old, new in zip(pages, changed, strict=True):
        # the one node, on every page of the site (not only the learned ones)
        assert matches(new, fld, fixed) == 1, (new.url, fld.xpaths)
        assert (
            apply_template(new, fixed).values["purpose"]
            == apply_template(old, learned).values["purpose"]
        )
    # the report names the rule passed over and the pages where it selects several nodes
    passed = purpose.evidence["several_passed"]
    assert passed["count"] == passed["of"] == 30
    assert (
        "selects several nodes with different values on 30 of 30 learned pages"
        in (purpose.evidence["reason"])
    )
    # a field whose old rule took the first of several nodes may still: not scored down
    assert found["first_para"].status == "repaired", found["first_para"].evidence
    assert "several" not in found["first_para"].evidence
    # a list gives every node by design
    assert found["sections"].status == "repaired", found["sections"].evidence
    assert "several" not in found["sections"].evidence


def test_a_rule_of_several_nodes_gets_forms_anchored_on_its_first_node() -> None:
    # the lead paragraph is the first of the article's paragraphs, in a block of its own
    pages = {
        f"https://n.example/{i}.html": parse_html(
            f"<html><body><article><h1>T{i}</h1><div class='lead'><p>Lead {i}</p></div>"
            f"<p>Body {i}</p><p>More {i}</p></article></body></html>"
        )
        for i in range(3)
    }
    rule = "//article//p"
    assert _anchored_forms(rule, pages, list(pages)) == []  # nothing anchors all three
    forms = _anchored_forms(rule, pages, list(pages), first=True)
    assert (
        forms
        and forms[0] == "//div[contains(concat(' ', normalize-space(@class), ' '), ' lead ')]/p"
    )
    for tree in pages.values():
        assert [p.text for p in select_elements(tree, forms[0])] == [
            select_elements(tree, rule)[0].text
        ]


# --------------------------------------------------------------------------- no narrower rule

SITE = "blog.example"
WORDS = ["river", "garden", "winter", "bread", "harbour", "violin", "meadow", "lantern"]


def post(i: int, changed: bool = False) -> str:
    """A post whose teaser is its first paragraph, set five ways by post: straight in the
    article, in a figure's wrapper, as a pull quote, in a section or in an aside. The new
    theme drops the teaser's class; no queue of a rule per kind of page covers five kinds."""
    w = WORDS[i % len(WORDS)]
    cls = "" if changed else " class='teaser'"
    teaser = f"<p{cls}>Notes on the {w} and what it taught us, part {i}.</p>"
    rest = f"<p>The {w} was first seen in spring.</p><p>More about the {w} follows.</p>"
    title = f"<h1>{w.title()} {i}</h1>"
    kind = i % 5
    if kind == 1:
        body = f"{title}<div>{teaser}<p>A picture of the {w}.</p></div>{rest}"
    elif kind == 2:
        body = f"{title}<blockquote>{teaser}</blockquote>{rest}"
    elif kind == 3:
        body = f"{title}<section>{teaser}<p>In short.</p></section>{rest}"
    elif kind == 4:
        body = f"{title}<aside>{teaser}</aside>{rest}"
    else:
        body = f"{title}{teaser}{rest}"
    return f"<html><body class='post'><article>{body}</article></body></html>"


def blog(kinds: int = 5) -> tuple[Template, list[Page]]:
    urls = [f"https://{SITE}/post/{i}.html" for i in range(30)]
    # post i is of kind i % 5; with fewer kinds, the others' posts are left out
    urls = [u for i, u in enumerate(urls) if i % 5 < kinds]
    number = {u: int(u.rsplit("/", 1)[1].removesuffix(".html")) for u in urls}
    pages = [Page(u, post(number[u])) for u in urls]
    template = Template(
        "blog",
        site=SITE,
        fields=(Field("teaser", xpaths=("//p[@class='teaser']",)),),
        use_cleaner=False,
    )
    learned = learn_values(learn_absent(template, pages), pages[: len(pages) * 2 // 3])
    return learned, [Page(u, post(number[u], changed=True)) for u in urls]


def test_posts_of_three_kinds_get_a_rule_each_not_the_first_paragraph() -> None:
    learned, changed = blog(kinds=3)
    ((r,), _stats) = repair_site(changed, learned)
    assert r.status == "repaired", (r.status, r.xpaths, r.evidence)
    fixed = accept_field_repairs(learned, [r])
    fld = fixed.field("teaser")
    for page in changed:
        assert matches(page, fld, fixed) == 1, (page.url, r.xpaths)
        number = page.url.rsplit("/", 1)[1].removesuffix(".html")
        assert apply_template(page, fixed).values["teaser"].endswith(f"part {number}.")
    assert "several nodes with different values" in r.evidence["reason"]


def test_without_a_narrower_rule_the_field_is_unsure_naming_its_pages() -> None:
    learned, changed = blog()
    ((r,), _stats) = repair_site(changed, learned)
    assert r.status == "unsure", (r.status, r.xpaths, r.evidence)
    assert UNSURE_FLOOR <= r.score <= SEVERAL_SCORE < ACCEPT
    several = r.evidence["several"]
    assert (several["count"], several["of"]) == (20, 20)
    assert several["nodes"][f"https://{SITE}/post/0.html"] == 3
    assert r.evidence["reason"].startswith(
        "the best rule selects several nodes with different values on 20 of 20 learned pages "
        f"where the old rule selected one (https://{SITE}/post/0.html: 3 nodes"
    )
    assert look_at(r) == [f"https://{SITE}/post/{i}.html" for i in range(3)]
    found = TemplateRepair("blog", True, fields=[r])
    lines = report_lines("blog", found)
    assert lines[0].startswith("teaser: unsure (broken) -> //body[")
    assert "it takes the first of them" in lines[0]
    assert lines[1] == "    look at: " + ", ".join(
        f"https://{SITE}/post/{i}.html" for i in range(3)
    )
    # the app's Template health row says the same
    (row,) = repair_rows(found, learned)
    assert row["status"] == "unsure" and row["accept_unsure"]
    assert "selects several nodes with different values on 20 of 20" in row["evidence"]
    assert row["look_at"] == look_at(r)


def test_templates_repair_says_it_and_keeps_the_rule_unless_taken(tmp_path: Path) -> None:
    learned, changed = blog()
    path = tmp_path / "blog.sqlite"
    with Workspace(path) as w:
        w.add_pages(changed)
        w.save_template(learned)
    runner = CliRunner()
    out = runner.invoke(cli, ["templates", "repair", "blog", "-w", str(path), "-q"])
    assert out.exit_code == 0, out.output
    assert "teaser: unsure (broken)" in out.output
    assert "selects several nodes with different values on 20 of 20 learned pages" in out.output
    assert f"look at: https://{SITE}/post/0.html" in out.output
    saved = runner.invoke(
        cli, ["templates", "repair", "blog", "-w", str(path), "-q", "--accept-repairs"]
    )
    assert "nothing saved" in saved.output and "--accept-unsure teaser" in saved.output
    taken = runner.invoke(
        cli,
        [
            "templates",
            "repair",
            "blog",
            "-w",
            str(path),
            "-q",
            "--accept-repairs",
            "--accept-unsure",
            "teaser",
        ],
    )
    assert taken.exit_code == 0, taken.output
    assert "repairs accepted as version" in taken.output
