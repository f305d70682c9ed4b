"""``deboiler-gui suggest`` on a manual written as Gri's Texinfo-to-HTML script writes it: with
``--json`` a refusal or an error is a JSON object on standard output (its ``error``, the clicks
it names, the pages of the examples, what to do) with the command's non-zero exit, as a record
of the JSON outputs says what went wrong with it; without, the same words as an error line.
The image map's 'next' arrow by its coords, and the pages a 'not this' costs the field, as
``suggest`` prints them."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.store import Workspace

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from mapsite import NEXT, site, url  # noqa: E402

AREAS = "/html/body/table/tr/td[2]/map[1]/area"
BLOCK = "/html/body/table/tr/td[2]/"


def workspace(tmp_path: Path, **kinds: object) -> Path:
    path = tmp_path / "manual.sqlite"
    urls, html = site(**kinds)  # type: ignore[arg-type]
    with Workspace(path) as w:
        w.add_pages([Page(u, h) for u, h in zip(urls, html, strict=True)])
    return path


def run(*args: object) -> object:
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture()
def ws(tmp_path: Path) -> Path:
    return workspace(tmp_path)


SEVERAL = (
    "--examples",
    url("Introduction1.html"),
    f"{AREAS}/@href",
    "--examples",
    url("Commands2.html"),
    f"{AREAS}[4]/@href",
)


def test_a_refusal_with_json_is_a_json_object_on_standard_output(ws: Path) -> None:
    r = run("suggest", "-w", ws, *SEVERAL, "--json")
    assert r.exit_code == 1, r.output  # type: ignore[attr-defined]
    refusal = json.loads(r.stdout)  # type: ignore[attr-defined]
    assert set(refusal) == {"error", "conflicts", "examples", "hint"}, refusal
    assert refusal["error"].startswith("an example selects several nodes"), refusal
    assert len(refusal["conflicts"]) == 1
    assert "selects 4 nodes on its page" in refusal["conflicts"][0]
    assert refusal["examples"] == [url("Introduction1.html")]
    assert "one node" in refusal["hint"]
    # without --json: the same words as an error line, the hint at its end
    r = run("suggest", "-w", ws, *SEVERAL)
    assert r.exit_code == 1  # type: ignore[attr-defined]
    line = r.stderr  # type: ignore[attr-defined]
    assert line.startswith("Error: an example selects several nodes"), line
    assert refusal["conflicts"][0] in line and refusal["hint"][1:] in line
    assert not r.stdout  # type: ignore[attr-defined]


def test_errors_with_json_are_json_objects_too(ws: Path) -> None:
    # a page the workspace does not hold
    r = run("suggest", "-w", ws, "--examples", url("Introductoin.html"), "//h1", "--json")
    assert r.exit_code == 1  # type: ignore[attr-defined]
    error = json.loads(r.stdout)  # type: ignore[attr-defined]
    assert "no page" in error["error"] and url("Introduction.html") in error["error"]
    # an expression that is no XPath: the usage error's exit status
    r = run("suggest", "-w", ws, "--examples", url("Introduction.html"), "//h1[", "--json")
    assert r.exit_code == 2  # type: ignore[attr-defined]
    assert "invalid XPath" in json.loads(r.stdout)["error"]  # type: ignore[attr-defined]
    # a 'not this' that is an example
    r = run(
        "suggest",
        "-w",
        ws,
        "--examples",
        url("Introduction.html"),
        f"{BLOCK}h1",
        "--not",
        url("Introduction.html"),
        f"{BLOCK}h1",
        "--json",
    )
    assert r.exit_code == 1  # type: ignore[attr-defined]
    refusal = json.loads(r.stdout)  # type: ignore[attr-defined]
    assert refusal["error"] == "the same node is both an example and a 'not this'", refusal
    assert refusal["examples"] == [url("Introduction.html")] and refusal["hint"] is None


def test_suggest_gives_the_arrow_by_its_coords(ws: Path) -> None:
    r = run(
        "suggest",
        "-w",
        ws,
        "--examples",
        url("Introduction1.html"),
        f"{AREAS}[4]/@href",
        "--examples",
        url("index.html"),
        f"{AREAS}/@href",
        "--json",
    )
    assert r.exit_code == 0, r.output  # type: ignore[attr-defined]
    best = json.loads(r.stdout)[0]  # type: ignore[attr-defined]
    assert f"@coords='{NEXT}'" in best["xpath"] and best["kind"] == "attribute", best
    assert best["examples"] == [["Introduction2.html"], ["Introduction.html"]]


def test_suggest_warns_naming_the_pages_a_not_this_costs(tmp_path: Path) -> None:
    path = workspace(
        tmp_path, commands=frozenset({"Commands", "Programming", "Invocation"}), front_heading=True
    )
    r = run(
        "suggest",
        "-w",
        path,
        "--examples",
        url("Invocation2.html"),
        f"{BLOCK}h3",
        "--examples",
        url("Introduction.html"),
        f"{BLOCK}h1",
        "--not",
        url("index.html"),
        f"{BLOCK}h2",
    )
    assert r.exit_code == 0, r.output  # type: ignore[attr-defined]
    warning = next(
        line
        for line in r.stderr.splitlines()  # type: ignore[attr-defined]
        if line.startswith("warning:")
    )
    assert "finds nothing on 10 of them" in warning and "Introduction1.html" in warning, warning


def test_an_expression_that_is_no_xpath_is_named_by_its_option_and_page(ws: Path) -> None:
    r = run(
        "suggest", "-w", ws, "--examples", url("Introduction.html"), f"{BLOCK}h1",
        "--examples", url("Commands.html"), f"{BLOCK}h1[",
    )  # fmt: skip
    assert r.exit_code == 2, r.output  # type: ignore[attr-defined]
    assert "Invalid value for --examples" in r.output, r.output  # type: ignore[attr-defined]
    assert f"{BLOCK}h1[" in r.output and url("Commands.html") in r.output  # type: ignore[attr-defined]
    r = run(
        "suggest", "-w", ws, "--examples", url("Introduction.html"), f"{BLOCK}h1",
        "--not", url("Commands.html"), "//h1[",
    )  # fmt: skip
    assert r.exit_code == 2 and "Invalid value for --not" in r.output, r.output  # type: ignore[attr-defined]
    assert url("Commands.html") in r.output  # type: ignore[attr-defined]


def test_a_not_this_that_is_the_second_example_is_said_so(ws: Path) -> None:
    r = run(
        "suggest", "-w", ws,
        "--examples", url("Introduction.html"), f"{BLOCK}h1",
        "--examples", url("Commands.html"), f"{BLOCK}h1",
        "--not", url("Commands.html"), f"{BLOCK}h1", "--json",
    )  # fmt: skip
    assert r.exit_code == 1  # type: ignore[attr-defined]
    refusal = json.loads(r.stdout)  # type: ignore[attr-defined]
    assert refusal["error"] == "the same node is both an example and a 'not this'", refusal
    assert refusal["examples"] == [url("Commands.html")], refusal
