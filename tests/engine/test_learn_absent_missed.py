"""`templates learn` records the pages where a field gives nothing as absent, but not the
pages the rule misses: a manual's front page whose h1 sits outside the `div#preamble` the
title rule goes down from has a title, and recording it absent hid the miss from `evaluate`.
A 'next' link missing on the last page and a labelled field on pages without its label are
still absent."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template import rulefile
from deboiler_gui.engine.template.extract import page_tree
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import tree_signals
from deboiler_gui.engine.template.valuerepair import learn_absent, learn_absent_missed

SITE = "m.example"
BASE = f"https://{SITE}/"


def module(i: int, last: bool = False, status: bool = True) -> Page:
    nxt = "" if last else f"<a rel='next' href='mod{i + 1}.html'>Next</a>"
    info = f"<dl><dt>Status</dt><dd>Extension {i}</dd></dl>" if status else ""
    return Page(
        f"{BASE}mod{i}.html",
        f"<html><body><div id='page-header'><p class='menu'>Modules</p></div>"
        f"<div id='preamble'><h1>Module mod_{i}</h1><p>About mod_{i}.</p></div>"
        f"{info}<p>Body {i}.</p>{nxt}</body></html>",
    )


def front() -> Page:
    # The front page's h1 is under its own block, not under div#preamble.
    return Page(
        f"{BASE}index.html",
        "<html><body><div id='page-header'><p class='menu'>Modules</p></div>"
        "<div id='intro'><h1>HTTP Server Documentation</h1><p>Welcome.</p></div>"
        "<a rel='next' href='mod0.html'>Next</a></body></html>",
    )


def untitled() -> Page:
    # No heading at all: the title is truly absent.
    return Page(
        f"{BASE}list.html",
        "<html><body><div id='page-header'><p class='menu'>Modules</p></div>"
        "<p>A plain list of files.</p><a rel='next' href='mod0.html'>Next</a></body></html>",
    )


def site() -> list[Page]:
    mods = [module(i, last=i == 7, status=i % 4 != 3) for i in range(8)]
    return [front(), *mods, untitled()]


def template() -> Template:
    return Template(
        "manual",
        site=SITE,
        fields=(
            Field("title", xpaths=("//div[@id='preamble']/h1",)),
            Field("next", xpaths=("//a[@rel='next']/@href",)),
            Field(
                "module_status",
                xpaths=("//dt[normalize-space(.)='Status']/following-sibling::dd[1]",),
            ),
        ),
        use_cleaner=False,
    )


def absent(tpl: Template, fid: str) -> list[str]:
    return list(next(f for f in tpl.fields if f.id == fid).search.fingerprint["absent"])


def test_the_signals_see_the_front_page_title_the_rule_misses() -> None:
    sigs = {s.field: s for s in tree_signals([(p.url, page_tree(p)) for p in site()], template())}
    assert sigs["title"].missed() == [f"{BASE}index.html"]
    assert not sigs["next"].missed() and not sigs["module_status"].missed()


def test_learn_leaves_out_a_page_whose_title_the_rule_misses() -> None:
    learned, missed = learn_absent_missed(template(), site())
    assert missed == {"title": [f"{BASE}index.html"]}
    # The page without any heading stays absent; the missed front page does not.
    assert absent(learned, "title") == [f"{BASE}list.html"]
    # A 'next' link missing on the last page, a labelled field on pages without the label:
    # still learned absent.
    assert absent(learned, "next") == [f"{BASE}mod7.html"]
    assert absent(learned, "module_status") == sorted(
        [f"{BASE}index.html", f"{BASE}list.html", f"{BASE}mod3.html", f"{BASE}mod7.html"]
    )
    assert learn_absent(template(), site()) == learned


def test_templates_learn_names_the_missed_page(tmp_path: Path) -> None:
    ws = tmp_path / "ws.sqlite"
    with Workspace(ws) as w:
        w.add_pages(site())
    f = tmp_path / "t.json"
    f.write_text(rulefile.dumps([template()]), encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(cli, ["templates", "import", str(f), "-w", str(ws)]).exit_code == 0
    r = runner.invoke(cli, ["templates", "learn", "manual", "-w", str(ws)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    assert (
        "title: not recorded as absent: the rule misses a page that has the field's node: "
        f"{BASE}index.html" in r.output
    )
    assert "next: not recorded" not in r.output and "module_status: not recorded" not in r.output
    with Workspace(ws) as w:
        learned = w.load_template("manual")
    assert absent(learned, "title") == [f"{BASE}list.html"]
    assert f"{BASE}mod7.html" in absent(learned, "next")
