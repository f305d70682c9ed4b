"""Page URLs given by hand on the command line: ``suggest`` (examples, 'not this', a single
node, structured data) and ``evaluate --gold`` find the page whatever the escapes of
characters that need none (``Console$.html`` for the stored ``Console%24.html``), and a URL
naming no page gets the closest stored ones. Fields on the page's ``<title>`` from the
command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.store import Workspace

ROOT = "http://library.local/scala/"
NAMES = ["Array", "Console$", "Option", "Option$", "Seq", "Seq$", "Some", "None$"]


def stored(name: str) -> str:
    """The URL import gives the file NAME.html: '$' escaped."""
    return ROOT + name.replace("$", "%24") + ".html"


def typed(name: str) -> str:
    """The URL as one types it from the file name."""
    return ROOT + name + ".html"


def scaladoc(name: str) -> str:
    kind = "object" if name.endswith("$") else "class"
    bare = name.rstrip("$")
    return f"""<html><head><title>{bare} - Scala Standard Library - scala.{bare}</title>
<meta name="description" content="{bare} {kind}"></head><body>
<div id="definition"><p id="owner"><a href="package.html">scala</a></p><h1>{bare}</h1></div>
<h4 id="signature"><span class="kind">{kind}</span> <span class="name">{bare}</span></h4>
<div id="comment"><p>About {bare}.</p></div></body></html>"""


@pytest.fixture()
def ws(tmp_path: Path) -> Path:
    path = tmp_path / "scala.sqlite"
    with Workspace(path) as w:
        w.add_pages([Page(stored(n), scaladoc(n)) for n in NAMES])
    return path


def run(*args: object) -> object:
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_examples_and_nots_typed_with_a_dollar_find_their_pages(ws: Path) -> None:
    r = run(
        "suggest",
        *("--examples", typed("Console$"), "/html/body/div[1]/h1"),
        *("--examples", typed("Array"), "/html/body/div[1]/h1"),
        *("--not", typed("Option$"), "/html/body/h4/span[2]"),
        *("--save", "scala", "--field", "title", "-w", ws),
    )
    assert r.exit_code == 0, r.output
    assert "examples: Console; Array" in r.output
    with Workspace(ws) as w:
        (field,) = w.load_template("scala").fields
    # the pages are recorded as stored, so that the signals find them
    assert field.search.fingerprint["examples"] == sorted([stored("Array"), stored("Console$")])


def test_a_single_node_and_structured_data_by_a_typed_url(ws: Path) -> None:
    r = run("suggest", typed("Seq$"), "-x", "//h1", "-w", ws)
    assert r.exit_code == 0, r.output
    assert "//div[@id='definition']/h1" in r.output
    r = run("suggest", typed("Seq$"), "--structured", "-w", ws)
    assert r.exit_code == 0, r.output
    assert f"{stored('Seq$')}: no JSON-LD" in r.output


def test_a_url_naming_no_page_gets_the_closest_stored_ones(ws: Path) -> None:
    r = run("suggest", "--examples", typed("Consol$"), "//h1", "-w", ws)
    assert r.exit_code == 1
    assert f"no page {typed('Consol$')}; did you mean {stored('Console$')}" in r.output
    r = run("suggest", "--examples", typed("Array"), "//h1", "--not", ROOT + "Nome$.html", "//h1")
    assert r.exit_code == 1  # (no workspace given: the default one does not exist)
    r = run(
        "suggest",
        *("--examples", typed("Array"), "//h1", "--not", ROOT + "Nome$.html", "//h1", "-w", ws),
    )
    assert r.exit_code == 1 and f"did you mean {stored('None$')}" in r.output
    r = run("suggest", "http://library.local/nothing/here.pdf", "-x", "//h1", "-w", ws)
    assert r.exit_code == 1
    assert "no page http://library.local/nothing/here.pdf" in r.output
    assert "did you mean" not in r.output


def test_gold_urls_typed_with_a_dollar_are_judged(ws: Path, tmp_path: Path) -> None:
    rules = tmp_path / "t.json"
    rules.write_text(
        json.dumps(
            {
                "format": "deboiler-gui-rules",
                "version": 1,
                "templates": [
                    {
                        "name": "scala",
                        "site": "library.local",
                        "fields": [{"id": "kind", "xpaths": ["//span[@class='kind']"]}],
                    }
                ],
            }
        )
    )
    gold = tmp_path / "gold.jsonl"
    records = [
        {"url": typed("Console$"), "kind": "object"},
        {"url": typed("Option$"), "kind": "object"},
        {"url": stored("Option"), "kind": "class"},
        {"url": typed("Consol$"), "kind": "object"},
    ]
    gold.write_text("".join(json.dumps(r) + "\n" for r in records))
    r = run("evaluate", "-w", ws, "-t", rules, "--gold", gold, "--json")
    assert r.exit_code == 0, r.output
    report = json.loads(r.output[r.output.index("{") :])
    assert report["quality"]["kind"]["expected"] == 3
    assert report["quality"]["kind"]["f1"] == 1.0
    (missing,) = report["gold_missing"]
    assert missing["url"] == typed("Consol$") and missing["near"][0] == stored("Console$")
    r = run("evaluate", "-w", ws, "-t", rules, "--gold", gold)
    assert "1 gold page not among the evaluated pages" in r.output
    assert f"no page {typed('Consol$')}; did you mean {stored('Console$')} or " in r.output


def test_the_page_title_from_the_command_line(ws: Path, tmp_path: Path) -> None:
    r = run(
        "suggest",
        *("--examples", typed("Array"), "/html/head/title"),
        *("--examples", typed("Seq$"), "/html/head/title"),
        *("--save", "scala", "--field", "page_title", "-w", ws),
    )
    assert r.exit_code == 0, r.output
    assert "examples: Array - Scala Standard Library - scala.Array; Seq - " in r.output
    r = run(
        "suggest",
        *("--examples", typed("Array"), "/html/head/meta"),
        *("--examples", typed("Seq$"), "/html/head/meta"),
        *("-w", ws),
    )
    assert r.exit_code == 0, r.output
    assert "the clicked meta holds no text" in r.output and "the meta's '…/@content'" in r.output
    r = run(
        "suggest",
        *("--examples", typed("Array"), "/html/head/meta/@content"),
        *("--examples", typed("Seq$"), "/html/head/meta/@content"),
        *("--save", "scala", "--field", "description", "-w", ws),
    )
    assert r.exit_code == 0, r.output
    assert run("fit", "-w", ws, "-q").exit_code == 0  # the cleaner's model of the site
    with Workspace(ws) as w:
        assert w.load_model("library.local") is not None
    out = tmp_path / "out.jsonl"
    for cleaner in ((), ("--no-cleaner",)):
        r = run("extract", "-w", ws, "-t", "scala", "-o", out, "-q", *cleaner)
        assert r.exit_code == 0, r.output
        got = {rec["url"]: rec for rec in map(json.loads, out.read_text().splitlines())}
        assert (
            got[stored("Option$")]["page_title"] == "Option - Scala Standard Library - scala.Option"
        )
        assert got[stored("Option$")]["description"] == "Option object"
    r = run("evaluate", "-w", ws, "-t", "scala")
    assert r.exit_code == 0, r.output
    assert f"scala\tpage_title\t{len(NAMES)}/{len(NAMES)}\t100.0%" in r.output
