"""`templates repair --accept-repairs` on a field whose rule drifted and whose proposal is
'unsure': the rule is kept, and the output says its values are likely wrong, on which pages, and
how to fix it; `--accept-unsure FIELD` refuses the proposed rule when it scores below the floor,
`--force-unsure FIELD` accepts it after all."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.model import Field, Template

runner = CliRunner()
BASE = "https://g.example/"


def html(i: int, v2: bool) -> str:
    prev = f"<a href='n{i - 1}.html'>Previous</a>"
    if v2:
        # a 'Home' link first: a[3] is now 'Up'; the next pages' addresses changed on most pages
        nxt = f"<a href='{'node' if i % 3 else 'n'}{i + 1}.html'>Next</a>"
        nav = f"<a href='index.html'>Home</a>{prev}<a href='up.html'>Up</a>{nxt}"
    else:
        nav = f"{prev}<a href='up.html'>Up</a><a href='n{i + 1}.html'>Next</a>"
    return (
        f"<html><body><div class='nav'>{nav}</div><h1>Page {i}</h1>"
        f"<p>Text {i} of the page.</p></body></html>"
    )


def write(folder: Path, v2: bool) -> Path:
    folder.mkdir()
    for i in range(30):
        (folder / f"n{i}.html").write_text(html(i, v2), encoding="utf-8")
    return folder


def test_a_drifted_field_left_unsure_is_named_as_likely_wrong(tmp_path: Path) -> None:
    ws = tmp_path / "g.sqlite"
    v1, v2 = write(tmp_path / "v1", False), write(tmp_path / "v2", True)
    rule = "//div[@class='nav']/a[3]/@href"
    assert (
        runner.invoke(cli, ["import", str(v1), "-w", str(ws), "--base-url", BASE, "-q"]).exit_code
        == 0
    )
    with Workspace(ws) as w:
        w.save_template(Template("nav", fields=(Field("next_href", xpaths=(rule,)),)))
    assert runner.invoke(cli, ["templates", "learn", "nav", "-w", str(ws)]).exit_code == 0
    assert (
        runner.invoke(cli, ["import", str(v2), "-w", str(ws), "--base-url", BASE, "-q"]).exit_code
        == 0
    )

    out = runner.invoke(
        cli, ["templates", "repair", "nav", "-w", str(ws), "-q", "--accept-repairs"]
    )
    assert out.exit_code == 0, out.output
    assert "next_href: unsure (drift)" in out.output
    assert (
        f"current rule {rule} is kept when accepting, and its values are likely wrong" in out.output
    )
    assert "other values on 30 of 30 learned pages" in out.output
    # The proposal scores 0.00 (the next pages' addresses changed): only an explicit override
    # takes it.
    assert "--force-unsure next_href (it scored 0.00, below 0.5" in out.output
    with Workspace(ws) as w:
        assert w.load_template("nav").field("next_href").xpaths == (rule,)

    js = runner.invoke(cli, ["templates", "repair", "nav", "-w", str(ws), "-q", "--json"])
    data = json.loads(js.stdout)
    assert data["stale"] == ["next_href"]
    (field,) = data["fields"]
    assert field["evidence"]["current"]["changed"] == 30

    asked = ["templates", "repair", "nav", "-w", str(ws), "-q", "--accept-repairs"]
    refused = runner.invoke(cli, [*asked, "--accept-unsure", "next_href"])
    assert refused.exit_code != 0
    assert "nothing saved; next_href: its proposal scored 0.00, below 0.5" in refused.output
    assert "accept it with --force-unsure next_href" in refused.output
    with Workspace(ws) as w:
        assert w.load_template("nav").field("next_href").xpaths == (rule,)

    took = runner.invoke(cli, [*asked, "--force-unsure", "next_href"])
    assert took.exit_code == 0 and "repairs accepted as version" in took.output, took.output
    assert "likely wrong" not in took.output
    with Workspace(ws) as w:
        assert w.load_template("nav").field("next_href").xpaths == (field["xpath"],)
