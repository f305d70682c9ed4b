"""``deboiler-gui suggest --examples ... [--not ...] [--list] --json``: induced rules over a
workspace site, and clear errors for conflicting examples."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.htmltree import to_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.store import Workspace

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from test_induce import page  # noqa: E402
from test_induce_member_tables import doxygen_site  # noqa: E402

URL = "https://s.example/p{}.html"


@pytest.fixture()
def ws(tmp_path: Path) -> Path:
    path = tmp_path / "ws.sqlite"
    with Workspace(path) as w:
        w.add_pages([Page(URL.format(i), page(i, banner=i % 4 == 0)) for i in range(10)])
    return path


def run(*args: object) -> object:
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def test_list_from_one_example_as_json(ws: Path) -> None:
    r = run(
        "suggest",
        "--examples",
        URL.format(1),
        "//ul[@id='toc']/li[1]/a",
        "--list",
        "-w",
        ws,
        "--json",
    )
    assert r.exit_code == 0, r.output
    rules = json.loads(r.output)
    assert rules[0]["kind"] == "list" and "toc" in rules[0]["xpath"]
    assert rules[0]["examples"][0] == ["Section 1.1", "Section 1.2", "Section 1.3"]
    assert rules[0]["site"]["mixed"] == 0 and rules[0]["site"]["with_items"] == 10


def test_field_from_two_pages_with_a_not_this(ws: Path) -> None:
    r = run(
        "suggest",
        "--examples",
        URL.format(2),
        "(//p[@class='topless'])[2]/a",
        "--examples",
        URL.format(3),
        "(//p[@class='topless'])[2]/a",
        "--not",
        URL.format(3),
        "(//p[@class='topless'])[1]/a",
        "-w",
        ws,
    )
    assert r.exit_code == 0, r.output
    first = r.output.splitlines()[0]
    assert "one 10, none 0, many 0 of 10 pages, 10 distinct values" in r.output
    assert "Page 3" in r.output and first.split()[0] in ("label", "class", "attribute", "relative")


def test_conflicting_examples_fail_with_their_names(ws: Path) -> None:
    r = CliRunner().invoke(
        cli,
        [
            "suggest",
            "--examples",
            URL.format(1),
            "//h1",
            "--examples",
            URL.format(2),
            "//th",
            "-w",
            str(ws),
        ],
    )
    assert r.exit_code == 1
    assert "contradict" in r.output and URL.format(1) in r.output and URL.format(2) in r.output
    r = CliRunner().invoke(
        cli,
        [
            "suggest",
            "--examples",
            URL.format(1),
            "//h1",
            "--examples",
            "https://other.example/x",
            "//h1",
            "-w",
            str(ws),
        ],
    )
    assert r.exit_code == 1 and "different sites" in r.output


def test_evaluate_signals_flag_a_list_that_takes_several_lists(ws: Path, tmp_path: Path) -> None:
    from deboiler_gui.engine.template import rulefile
    from deboiler_gui.engine.template.model import Field, Template

    t = Template(
        "side",
        site="s.example",
        fields=(
            Field("toc_positional", xpaths=("/html/body/div[3]/ul/li/a",), is_list=True),
            Field("toc", xpaths=("//ul[@id='toc']/li/a",), is_list=True),
            Field("title", xpaths=("//h1",)),
        ),
        use_cleaner=False,
    )
    f = tmp_path / "t.json"
    f.write_text(rulefile.dumps([t]), encoding="utf-8")
    r = run("evaluate", "-t", f, "-w", ws, "--signals", "--json", "-q")
    assert r.exit_code == 0, r.output
    sig = {s["field"]: s for s in json.loads(r.output)["signals"]}
    # Seven pages interleave three lists; on the three pages with a banner the positions point
    # at another block (no list at all).
    assert sig["toc_positional"]["mixed_pages"] == 7 and sig["toc_positional"]["none"] == 3
    assert sig["toc_positional"]["flags"][0]["flag"] == "items from several lists"
    assert sig["toc"]["mixed_pages"] == 0 and not sig["toc"]["flags"]
    assert sig["title"]["one"] == 10 and sig["title"]["distinct"] == 10
    r = run("evaluate", "-t", f, "-w", ws, "--signals", "-q", "--preview", "2")
    assert "FLAG items from several lists (7 pages); look at https://s.example/p" in r.output
    assert "Title 1" in r.output or "Title 0" in r.output


def test_templates_repair_after_a_redesign_of_the_learned_pages(tmp_path: Path) -> None:
    from tplsite import SITE, pages

    from deboiler_gui.engine.template import rulefile
    from deboiler_gui.engine.template.model import Field, Template

    path = tmp_path / "ws.sqlite"
    with Workspace(path) as w:
        w.add_pages(pages(8))
    t = Template(
        "news",
        site=SITE,
        fields=(
            Field("title", xpaths=("//h1[@class='headline']",)),
            Field("tags", xpaths=("//ul[@class='tags']/li/a",), is_list=True),
        ),
        use_cleaner=False,
    )
    f = tmp_path / "t.json"
    f.write_text(rulefile.dumps([t]), encoding="utf-8")
    assert run("templates", "import", f, "-w", path).exit_code == 0
    assert run("templates", "learn", "news", "-w", path).exit_code == 0
    with Workspace(path) as w:
        w.add_pages(pages(8, mutate="rename"))  # the same URLs in the new layout
    r = run("templates", "repair", "news", "-w", path, "--accept-repairs", "--json", "-q")
    assert r.exit_code == 0, r.output
    report = json.loads(r.output)
    by = {x["field"]: x for x in report["fields"]}
    assert by["title"]["status"] == "repaired" and by["title"]["evidence"]["wrong"] == 0
    assert by["tags"]["status"] == "ok" and report["version"] == 3
    r = run("evaluate", "-w", path, "-q")
    assert "news\ttitle\t8/8 of pages where present when learned\t100.0%" in r.output


def test_list_examples_of_two_different_lists_are_refused(tmp_path: Path) -> None:
    """On the two example pages each list is alone in the block, on the others the two lists
    follow each other: every rule that selects both examples joins both lists there."""
    from test_induce import _two_lists_page

    path = tmp_path / "ws.sqlite"
    with Workspace(path) as w:
        w.add_pages([Page(URL.format(i), _two_lists_page(i)) for i in range(12)])
    r = CliRunner().invoke(
        cli,
        [
            "suggest",
            "--examples",
            URL.format(0),
            "//li[1]/a",
            "--examples",
            URL.format(1),
            "//li[2]/a",
            "--list",
            "-w",
            str(path),
        ],
    )
    assert r.exit_code == 1, r.output
    assert "the examples come from different lists" in r.output
    assert "takes items of several lists (on 10 of 12 sampled pages)" in r.output
    assert URL.format(0) in r.output and URL.format(1) in r.output
    # Two lists side by side on the example pages themselves: no rule joins them either.
    r = CliRunner().invoke(
        cli,
        [
            "suggest",
            "--examples",
            URL.format(2),
            "//ul[@class='toc']/li[1]/a",
            "--examples",
            URL.format(3),
            "//ul[@class='links']/li[2]/a",
            "--list",
            "-w",
            str(path),
        ],
    )
    assert r.exit_code == 1 and "different lists" in r.output, r.output


def test_suggest_never_returns_a_list_rule_that_mixes_lists(ws: Path) -> None:
    for xp in ("//ul[@id='toc']/li[1]/a", "//ul[@class='links']/li[2]/a", "//li[@class='crumb']/a"):
        r = run("suggest", "--examples", URL.format(1), xp, "--list", "-w", ws, "--json")
        assert r.exit_code == 0, r.output
        rules = json.loads(r.stdout)  # (notes and warnings go to standard error)
        assert rules and all(x["site"]["mixed"] == 0 for x in rules), (xp, rules)


def test_an_attribute_example_gives_a_rule_ending_on_the_attribute(ws: Path) -> None:
    # The 'Next topic' link's target, clicked as '.../@href' on two pages.
    args = []
    for i in (2, 5):
        args += ["--examples", URL.format(i), "(//p[@class='topless'])[2]/a/@href"]
    r = run("suggest", *args, "-w", ws, "--json")
    assert r.exit_code == 0, r.output
    best = json.loads(r.output)[0]
    assert best["kind"] == "attribute" and best["xpath"].endswith("/a/@href"), best
    assert "Next topic" in best["xpath"]
    assert best["examples"] == [["/p3"], ["/p6"]]
    assert best["site"]["distinct"] == 10  # the targets' values, not the links' texts
    r = run("suggest", "--examples", URL.format(2), "//h1/@title", "-w", ws)
    assert r.exit_code != 0 and "no attribute 'title'" in r.output


def test_examples_from_two_kinds_of_list_are_warned_about(tmp_path: Path) -> None:
    # A struct's data field and the API index's module link: one rule takes both tables, and
    # the command says so (on standard error, and in the JSON).
    site, _names = doxygen_site()
    path = tmp_path / "dox.sqlite"
    with Workspace(path) as w:
        w.add_pages([Page(u, to_html(t)) for u, t in zip(site.urls, site.trees, strict=True)])
    args = [
        "--examples",
        site.urls[6],
        "//table[tr[normalize-space(.)='Data Fields']]/tr[5]/td[2]/a",
        "--examples",
        site.urls[9],
        "//table[tr[normalize-space(.)='Modules']]/tr[4]/td[2]/a",
    ]
    r = CliRunner().invoke(cli, ["suggest", *args, "--list", "-w", str(path), "--json"])
    assert r.exit_code == 0, r.output
    rules = json.loads(r.stdout)
    assert "'Data Fields'" in rules[0]["warnings"][0]
    assert "warning: the examples play different roles" in r.stderr
    r = CliRunner().invoke(cli, ["suggest", *args, "--list", "-w", str(path)])
    assert r.exit_code == 0 and "warning: the examples play different roles" in r.stderr


def test_evaluate_signals_preview_names_pages_by_their_end(tmp_path: Path) -> None:
    """The value preview names each page by its path below the site, a long one by its first
    folder, "…" and its last segments: the file name is read whole, not a cut from the URL's
    left ("ocal/org/apache/commons/…")."""
    from deboiler_gui.engine.template import rulefile
    from deboiler_gui.engine.template.model import Field, Template

    site = "https://docs.example.local/"
    urls = [
        site
        + ("org/apache/commons/lang3/builder" if i % 2 else "com/example/tools/text")
        + f"/ToStringStyleNumber{i}.html"
        for i in range(6)
    ]
    path = tmp_path / "ws.sqlite"
    with Workspace(path) as w:
        w.add_pages([Page(u, page(i)) for i, u in enumerate(urls)])
    t = Template("api", site="docs.example.local", fields=(Field("title", xpaths=("//h1",)),))
    f = tmp_path / "t.json"
    f.write_text(rulefile.dumps([t]), encoding="utf-8")
    r = run("evaluate", "-t", f, "-w", path, "--signals", "-q", "--preview", "6")
    assert r.exit_code == 0, r.output
    rows = [line.strip() for line in r.output.splitlines() if "ToStringStyle" in line]
    assert len(rows) == 6, r.output
    for line in rows:
        name, value = line.split("  ", 1)
        i = int(name.rsplit("Number", 1)[1].split(".")[0])
        # The first folder and the end of the path, the file name whole, then the value.
        assert name.endswith(f"/ToStringStyleNumber{i}.html"), line
        assert name.startswith(urls[i][len(site) :].split("/")[0] + "/"), line
        assert len(name) <= 40 and ("…" in name) == (len(urls[i]) - len(site) > 40), line
        assert value.strip().startswith("Title "), line


def test_evaluate_signals_preview_prints_one_line_a_page(tmp_path: Path) -> None:
    """A value whose node holds line breaks of the page's source (DocBook writes a long link's
    text over two lines) is one line of the preview, its white space runs one space; the
    value itself keeps them."""
    from deboiler_gui.engine.template import rulefile
    from deboiler_gui.engine.template.model import Field, Template

    def book(i: int) -> str:
        items = "".join(
            f"<dt><a href='s{i}_{k}.html'>Advanced\n      lookups {k}</a></dt>" for k in range(2)
        )
        return (
            f"<html><body><h2 class='title'>Advanced lookup\nand insertion {i}</h2>"
            f"<dl class='toc'>{items}</dl></body></html>"
        )

    path = tmp_path / "ws.sqlite"
    with Workspace(path) as w:
        w.add_pages([Page(URL.format(i), book(i)) for i in range(4)])
    t = Template(
        "book",
        site="s.example",
        fields=(
            Field("title", xpaths=("//h2",)),
            Field("toc", xpaths=("//dl[@class='toc']//a",), is_list=True),
        ),
        use_cleaner=False,
    )
    f = tmp_path / "t.json"
    f.write_text(rulefile.dumps([t]), encoding="utf-8")
    r = run("evaluate", "-t", f, "-w", path, "--signals", "-q", "--preview", "4")
    assert r.exit_code == 0, r.output
    rows = [line for line in r.output.splitlines() if line.startswith("    p")]
    assert len(rows) == 8, r.output
    assert rows[0].endswith("Advanced lookup and insertion 0"), rows
    assert rows[4].endswith("Advanced lookups 0 | Advanced lookups 1"), rows
    r = run("evaluate", "-t", f, "-w", path, "--signals", "-q", "--json")
    sig = {s["field"]: s for s in json.loads(r.output)["signals"]}
    assert sig["toc"]["preview"][0]["value"][0] == "Advanced\nlookups 0"


def test_not_this_on_every_entry_of_another_page_is_refused_naming_the_clicks(
    tmp_path: Path,
) -> None:
    from test_induce_javadoc_texinfo import texinfo_site

    site, _n = texinfo_site()
    path = tmp_path / "manual.sqlite"
    with Workspace(path) as w:
        w.add_pages([Page(u, to_html(t)) for u, t in zip(site.urls, site.trees, strict=True)])
    toc = "//ul[@class='section-toc']/li[{}]/a"
    r = run(
        "suggest",
        "--list",
        "--json",
        "-w",
        path,
        "--examples",
        site.urls[11],
        toc.format(1),
        "--examples",
        site.urls[11],
        toc.format(3),
        "--not",
        site.urls[7],
        toc.format(1),
        "--not",
        site.urls[7],
        toc.format(2),
    )
    assert r.exit_code != 0
    assert "'not this'" in r.output and r.output.count(f"not {site.urls[7]}") == 2


def test_an_induced_rule_is_saved_as_a_field_and_extracted(ws: Path, tmp_path: Path) -> None:
    """`suggest --examples … --save T --field F` stores the top rule as field F of template T
    (made for the site when missing, a new version each time, a field of that name replaced);
    `extract` then gives its values."""
    save = ("suggest", "--examples", URL.format(1), "//ul[@id='toc']/li[1]/a", "--list")
    save += ("--save", "docs", "--field", "toc", "-w", ws)
    r = run(*save)
    assert r.exit_code == 0, r.output
    assert "field 'toc' (" in r.output and "added to template 'docs', version 1" in r.output
    r = run(*save, "--json")
    assert r.exit_code == 0, r.output
    with Workspace(ws) as w:
        template = w.load_template("docs")
        assert [h["version"] for h in w.template_history("docs")] == [1, 2]
    assert template.site == "s.example"
    assert [f.id for f in template.fields] == ["toc"] and template.fields[0].is_list
    # The clicked pages are kept: the signals judge the rule's node by them.
    assert template.fields[0].search.fingerprint["examples"] == [URL.format(1)]
    assert run("templates", "learn", "docs", "-w", ws).exit_code == 0
    with Workspace(ws) as w:
        learned = w.load_template("docs").fields[0].search.fingerprint
    assert learned["examples"] == [URL.format(1)] and learned.get("samples")
    out = tmp_path / "out.jsonl"
    r = run("extract", "-w", ws, "-t", "docs", "-o", out)
    assert r.exit_code == 0, r.output
    records = {rec["url"]: rec for rec in map(json.loads, out.read_text().splitlines())}
    assert records[URL.format(1)]["toc"] == ["Section 1.1", "Section 1.2", "Section 1.3"]


def test_an_attribute_rule_is_saved_as_a_field_of_kind_attribute(ws: Path, tmp_path: Path) -> None:
    """A rule induced from an attribute example ends on it and is stored as kind attribute
    (docs/rules.md); a field stored before as kind text with the same rule still loads and
    gives the same values."""
    from dataclasses import replace

    at = "(//p[@class='topless'])[1]/a/@href"
    r = run(
        "suggest",
        *("--examples", URL.format(1), at, "--examples", URL.format(2), at),
        *("--save", "docs", "--field", "prev_href", "-w", ws),
    )
    assert r.exit_code == 0, r.output
    with Workspace(ws) as w:
        saved = w.load_template("docs")
        field = saved.fields[0]
        assert field.xpaths[0].endswith("/a/@href")
        assert (field.kind, field.attribute) == ("attribute", "href")
        # as `--save` wrote it before: kind text, the same rule
        old = replace(field, id="prev_href_text", kind="text", attribute="")
        w.save_template(replace(saved, fields=(field, old)), message="both")
    r = run("templates", "show", "docs", "-w", ws)
    assert '"kind": "attribute"' in r.output and '"attribute": "href"' in r.output
    out = tmp_path / "out.jsonl"
    r = run("extract", "-w", ws, "-t", "docs", "-o", out)
    assert r.exit_code == 0, r.output
    records = {rec["url"]: rec for rec in map(json.loads, out.read_text().splitlines())}
    assert records[URL.format(3)]["prev_href"] == records[URL.format(3)]["prev_href_text"] == "/p2"


def test_save_without_a_field_name_is_refused(ws: Path) -> None:
    r = run("suggest", "--examples", URL.format(1), "//h1", "--save", "docs", "-w", ws)
    assert r.exit_code == 2 and "--field" in r.output


def test_suggest_warns_when_a_not_this_narrows_the_rule_and_refuses_a_heading_and_a_paragraph(
    tmp_path: Path,
) -> None:
    from test_induce_bad_input import api_page, manual_page

    path = tmp_path / "ws.sqlite"
    with Workspace(path) as w:
        w.add_pages([Page(*manual_page(i)) for i in range(24)])
    nxt = "//a[@rel='next']"
    site = "https://api.example/"
    r = CliRunner().invoke(
        cli,
        ["suggest", "--examples", f"{site}n3.html", nxt, "--not", f"{site}n1.html", nxt]
        + ["-w", str(path), "--json"],
    )
    assert r.exit_code == 0, r.output
    assert "warning: the 'not this' (https://api.example/n1.html" in r.output
    assert "on 8 of 24 sampled pages, against 24 without it" in r.output
    path = tmp_path / "api.sqlite"
    with Workspace(path) as w:
        w.add_pages([Page(*api_page(i)) for i in range(24)])
    r = CliRunner().invoke(
        cli,
        ["suggest", "--examples", f"{site}C1.html", "//main/h1", "--examples"]
        + [f"{site}index.html", "//main/p", "-w", str(path)],
    )
    assert r.exit_code == 1
    assert "contradict each other" in r.output and "index.html" in r.output
    assert "C1.html" in r.output
    # a list's items per page count the example pages: C5 holds two included modules
    inc = "//div[@id='includes-section']/ul/li[{}]/a"
    r = CliRunner().invoke(
        cli,
        ["suggest", "--list", "--examples", f"{site}C5.html", inc.format(2), "--examples"]
        + [f"{site}C1.html", inc.format(1), "-w", str(path)],
    )
    assert r.exit_code == 0, r.output
    assert "items 1-2" in r.output


def test_suggest_refuses_two_parts_of_a_page_and_two_kinds_of_page_naming_the_examples(
    tmp_path: Path,
) -> None:
    from test_induce_mixed_examples import SITE, class_page, index_page

    path = tmp_path / "api.sqlite"
    with Workspace(path) as w:
        w.add_pages([Page(f"{SITE}core/T{i}.html", class_page(i)) for i in range(28)])
        w.add_pages([Page(f"{SITE}index/index-{x.lower()}.html", index_page(x)) for x in "AB"])
    title = [f"{SITE}core/T0.html", "/html/body/div[1]/h1"]
    for other, why in (
        (
            [f"{SITE}core/T1.html", "/html/body/div[1]/h3"],
            "(different parts of one kind of page: click the same part on each page)",
        ),
        (
            [f"{SITE}index/index-a.html", "/html/body/div[1]/div[1]"],
            "(unlike nodes on different kinds of page: a template is for one kind of page;",
        ),
    ):
        for json_out in ([], ["--json"]):
            r = CliRunner().invoke(
                cli,
                ["suggest", "--examples", *title, "--examples", *other, "-w", str(path)] + json_out,
            )
            assert r.exit_code == 1, r.output
            pair = f"{' '.join(title)} and {' '.join(other)} cannot be one field"
            if json_out:
                # the refusal as a JSON object on standard output
                refusal = json.loads(r.stdout)
                assert refusal["error"].startswith(f"the examples contradict each other {why}"), (
                    refusal
                )
                assert any(c.startswith(pair) for c in refusal["conflicts"]), refusal
                assert refusal["examples"] == [title[0], other[0]], refusal
                continue
            assert f"Error: the examples contradict each other {why}" in r.output, r.output
            assert pair in r.output
