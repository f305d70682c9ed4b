"""Before `templates learn`, a field that is empty on the pages of a kind where most pages
have none (a class page's contents on the method pages, a page's kind header on the guide
pages, told by the pages' URLs: `method.*`, `json-*`) is reported apart, not as a failure:
`extract` no longer writes "0 ok, N partial" for a template whose one field exists on class
pages only, and `evaluate` lists the pages a rule misses under "fails on…", the pages empty as
their kind is on a line of their own. A page the rule misses among pages of its kind that
have a value still fails, first."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template import rulefile
from deboiler_gui.engine.template.model import Field, Template

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from gidocgen import SITE, site  # noqa: E402

KIND = Field("kind", xpaths=("//section[@id='main']/header/h3",))
TITLE = Field("title", xpaths=("//section[@id='main']//h1",))
TOC = Field(
    "toc",
    xpaths=("//ul[contains(concat(' ', normalize-space(@class), ' '), ' toc-list ')]/li/a",),
    is_list=True,
)
#: a method page whose header lost its kind: the rule misses it there
MISSED = f"http://{SITE}/method.Thing1.do_5.html"


def pages() -> list[Page]:
    out = []
    for p in site():
        if p.url == MISSED:
            p = Page(p.url, p.html.replace("<h3>Method</h3>", ""))
        out.append(p)
    return out


@pytest.fixture()
def ws(tmp_path: Path) -> tuple[Path, Path]:
    path = tmp_path / "ws.sqlite"
    with Workspace(path) as w:
        w.add_pages(pages())
    rules = tmp_path / "rules.json"
    t = Template("ref", site=SITE, fields=(TITLE, KIND, TOC), use_cleaner=False)
    rules.write_text(rulefile.dumps([t]), encoding="utf-8")
    return path, rules


def run(*args: object) -> str:
    r = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return str(r.stdout)


def test_extract_counts_a_field_empty_as_its_kind_is_no_partial(
    ws: tuple[Path, Path], tmp_path: Path
) -> None:
    path, rules = ws
    out = tmp_path / "out.jsonl"
    said = run("extract", "-w", path, "-t", rules, "-o", out)
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    partial = [r["url"] for r in records if r["status"] == "partial"]
    # the one page the kind rule misses among method pages; not the 36 pages without a
    # contents list nor the 3 guide pages without a kind
    assert partial == [MISSED]
    lines = said.splitlines()
    assert lines[0].endswith(f"{len(records) - 1} ok, 1 partial, 0 no-template, 0 error")
    # the real miss first, then what was put apart
    assert lines[1] == f"    kind: no value on 1 page (partial): {MISSED}"
    assert "    kind: empty on 3 pages (not counted as partial) — normal for json-* pages?" in lines
    toc = next(line for line in lines if line.startswith("    toc: "))
    assert toc.startswith("    toc: empty on 35 pages (not counted as partial) — normal for ")
    assert "method.* pages" in toc and "func.* pages" in toc
    assert lines.index(f"    kind: no value on 1 page (partial): {MISSED}") < lines.index(toc)


def test_evaluate_lists_real_misses_apart_from_pages_empty_as_their_kind(
    ws: tuple[Path, Path],
) -> None:
    path, rules = ws
    said = run("evaluate", "-w", path, "-t", rules, "-q")
    lines = said.splitlines()
    at = next(i for i, line in enumerate(lines) if "\tkind\t" in line)
    assert "(3 empty as most pages of their kind)" in lines[at]
    fails = [line for line in lines[at + 1 :] if line.startswith("    fails on")]
    assert [f.split(": ")[0] for f in fails] == [f"    fails on {MISSED}"]
    assert lines[at + 2] == (
        "    empty on 3 pages — normal for json-* pages? (most pages of that kind have no "
        "value; not counted as failures)"
    )
    report = json.loads(run("evaluate", "-w", path, "-t", rules, "--json"))
    kind = next(f for f in report["fields"] if f["field"] == "kind")
    assert kind["empty_for_kind"] == 3 and kind["empty_kinds"] == {"json-* pages": 3}
    assert [f["url"] for f in kind["failing"]] == [MISSED]
    assert kind["failures"] == 1


def test_a_rule_empty_on_most_pages_of_every_kind_is_not_excused(
    ws: tuple[Path, Path], tmp_path: Path
) -> None:
    # no kind where most pages have a value: nothing to tell a kind empty by nature from
    path, _rules = ws
    rare = Field("rare", xpaths=("//p[contains(., 'do_1')]",))
    rules = tmp_path / "rare.json"
    t = Template("ref", site=SITE, fields=(rare,), use_cleaner=False)
    rules.write_text(rulefile.dumps([t]), encoding="utf-8")
    report = json.loads(run("evaluate", "-w", path, "-t", rules, "--json"))
    (field,) = report["fields"]
    assert field["ok"] >= 1 and field["empty_for_kind"] == 0
    assert field["failures"] == field["pages"] - field["ok"]
