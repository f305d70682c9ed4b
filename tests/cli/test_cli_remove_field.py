"""``templates remove-field``: a field removed is a new version that history, diff and revert
show and undo; an unknown template or field is refused by name, the names that exist listed,
and nothing is saved; a field the link pattern fills stays; the command loads no Qt."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.extract import is_gone
from deboiler_gui.engine.template.model import Field, SearchRules, Template

GONE = Field(
    "byline",
    xpaths=(),
    search=SearchRules(
        fingerprint={"gone": {"xpaths": ["//p[@class='by']"], "reason": "values nowhere"}}
    ),
)


def shop() -> Template:
    return Template(
        "shop",
        site="shop.example",
        fields=(
            Field("title", xpaths=("//h1",)),
            GONE,
            Field("price", xpaths=("//span[@class='price']",)),
        ),
    )


@pytest.fixture()
def ws(tmp_path: Path) -> Path:
    path = tmp_path / "ws.sqlite"
    with Workspace(path) as w:
        w.save_template(shop(), message="first")
    return path


def run(*args: object) -> object:
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def test_a_field_recorded_gone_is_removed_as_a_new_version(ws: Path) -> None:
    with Workspace(ws) as w:
        assert is_gone(w.load_template("shop").field("byline"))
    r = run("templates", "remove-field", "shop", "byline", "-w", ws)
    assert r.exit_code == 0, r.output
    assert "field 'byline' removed, version 2" in r.output
    assert "templates revert shop 1" in r.output
    with Workspace(ws) as w:
        assert [f.id for f in w.load_template("shop").fields] == ["title", "price"]
        # the version before still holds it, record and all
        assert w.load_template("shop", 1) == shop()
    history = run("templates", "history", "shop", "-w", ws).output.splitlines()
    assert len(history) == 2 and history[1].startswith("v2") and "remove field byline" in history[1]
    diff = run("templates", "diff", "shop", "1", "-w", ws).output
    removed = [ln for ln in diff.splitlines() if ln.startswith("-") and not ln.startswith("---")]
    added = [ln for ln in diff.splitlines() if ln.startswith("+") and not ln.startswith("+++")]
    assert any('"byline"' in ln for ln in removed) and not added


def test_revert_brings_the_field_back(ws: Path) -> None:
    assert run("templates", "remove-field", "shop", "price", "-w", ws, "-q").output == ""
    r = run("templates", "revert", "shop", "1", "-w", ws)
    assert r.exit_code == 0, r.output
    with Workspace(ws) as w:
        assert w.load_template("shop") == shop()
        assert [h["version"] for h in w.template_history("shop")] == [1, 2, 3]


def test_the_message_is_the_versions(ws: Path) -> None:
    r = run("templates", "remove-field", "shop", "byline", "-m", "site dropped bylines", "-w", ws)
    assert r.exit_code == 0, r.output
    with Workspace(ws) as w:
        assert w.template_history("shop")[-1]["message"] == "site dropped bylines"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("shops", "byline"), "no template 'shops'; templates: shop"),
        (
            ("shop", "author"),
            "template 'shop' has no field 'author'; its fields: title, byline, price",
        ),
    ],
)
def test_an_unknown_name_is_refused_and_nothing_saved(
    ws: Path, args: tuple[str, str], said: str
) -> None:
    r = run("templates", "remove-field", *args, "-w", ws)
    assert r.exit_code == 1
    assert said in r.output
    with Workspace(ws) as w:
        assert w.template_names() == ["shop"]
        assert [h["version"] for h in w.template_history("shop")] == [1]


def test_a_missing_workspace_is_not_created(tmp_path: Path) -> None:
    path = tmp_path / "none.sqlite"
    r = run("templates", "remove-field", "shop", "byline", "-w", path)
    assert r.exit_code == 1 and "no such file" in r.output
    assert not path.exists()


def test_a_field_the_link_pattern_fills_stays(tmp_path: Path) -> None:
    path = tmp_path / "ws.sqlite"
    links = Template(
        "links",
        site="shop.example",
        fields=(Field("id", xpaths=("//a/@data-id",), kind="attribute", attribute="data-id"),),
        link_factory={"url_pattern": "https://shop.example/item/{id}", "match": ""},
    )
    with Workspace(path) as w:
        w.save_template(links)
    r = run("templates", "remove-field", "links", "id", "-w", path)
    assert r.exit_code == 1 and "fills its link pattern" in r.output
    with Workspace(path) as w:
        assert [h["version"] for h in w.template_history("links")] == [1]


def test_remove_field_never_loads_qt(ws: Path) -> None:
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from deboiler_gui.cli import cli\n"
        f"r = CliRunner().invoke(cli, ['templates', 'remove-field', 'shop', 'byline', '-w', {str(ws)!r}])\n"
        "assert r.exit_code == 0, r.output\n"
        "print(' '.join(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == ""


def test_evaluate_names_the_command_that_removes_a_field_recorded_gone(tmp_path: Path) -> None:
    path = tmp_path / "ws.sqlite"
    pages = [
        Page(
            f"https://shop.example/item/{i}",
            f"<html><body><h1>Item {i}</h1><span class='price'>{i}.00</span></body></html>",
        )
        for i in range(4)
    ]
    with Workspace(path) as w:
        w.add_pages(pages)
        w.save_template(shop())
    r = run("evaluate", "-w", path, "-t", "shop")
    assert r.exit_code == 0, r.output
    (line,) = [ln for ln in r.output.splitlines() if "\tbyline\t" in ln]
    assert "gone: no rule" in line and "(templates remove-field shop byline)" in line
    # the command as evaluate words it does what it says
    assert run("templates", "remove-field", "shop", "byline", "-w", path).exit_code == 0
    r = run("evaluate", "-w", path, "-t", "shop")
    assert r.exit_code == 0, r.output
    assert "byline" not in r.output and "\ttitle\t" in r.output


SHOP = "http://shop.local/"


def _site(folder: Path) -> Path:
    folder.mkdir()
    for i in range(1, 9):
        (folder / f"p{i}.html").write_text(
            f"<html><head><title>Item {i}</title></head><body><nav><a href='/'>Home</a></nav>"
            f"<h1 class='name'>Item {i}</h1><p class='by'>By author {i}</p>"
            f"<span class='price'>{i}.50</span><p>Item {i} is sold here with care.</p>"
            "</body></html>",
            encoding="utf-8",
        )
    return folder


def _monitor(site: Path, ws: Path, report: Path) -> object:
    return run("monitor", site, "-w", ws, "--base-url", SHOP, "--report-dir", report)


def _shop_ws(tmp_path: Path) -> tuple[Path, Path]:
    site = _site(tmp_path / "site")
    ws = tmp_path / "shop.sqlite"
    assert run("import", site, "-w", ws, "--base-url", SHOP, "-q").exit_code == 0
    template = Template(
        "shop",
        site="shop.local",
        urls=(SHOP,),
        fields=(
            Field("title", xpaths=("//h1[@class='name']",)),
            Field("byline", xpaths=("//p[@class='by']",)),
            Field("price", xpaths=("//span[@class='price']",)),
        ),
    )
    with Workspace(ws) as w:
        w.save_template(template)
    first = _monitor(site, ws, tmp_path / "r1")
    assert first.exit_code == 0 and first.stdout.startswith("BASELINE"), first.output
    return site, ws


def test_monitor_after_a_field_is_removed_raises_no_break(tmp_path: Path) -> None:
    site, ws = _shop_ws(tmp_path)
    assert run("templates", "remove-field", "shop", "byline", "-w", ws).exit_code == 0
    r = _monitor(site, ws, tmp_path / "r2")
    assert r.exit_code == 0 and r.stdout.startswith("OK: 8 pages"), r.output
    assert "byline" not in r.output


def test_monitor_says_a_field_recorded_gone_is_gone_with_the_command_to_remove_it(
    tmp_path: Path,
) -> None:
    site, ws = _shop_ws(tmp_path)
    with Workspace(ws) as w:
        t = w.load_template("shop")
        w.save_template(t.with_field(replace(GONE, xpaths=())), message="accept repairs: byline")
    r = _monitor(site, ws, tmp_path / "r2")
    assert r.exit_code == 0 and r.stdout.startswith("OK: 8 pages"), r.output
    (line,) = [ln for ln in r.output.splitlines() if "'byline'" in ln]
    assert "warning: template 'shop', field 'byline': recorded gone by templates repair" in line
    assert "(templates remove-field shop byline)" in line and "hit rate fell" not in r.output
    # a rule that stops matching is still a break
    with Workspace(ws) as w:
        t = w.load_template("shop")
        w.save_template(t.with_field(Field("price", xpaths=("//span[@class='cost']",))))
    r = _monitor(site, ws, tmp_path / "r3")
    assert r.exit_code == 3 and "field 'price': hit rate fell from 100% to 0%" in r.output


def test_a_version_saved_meanwhile_is_never_overwritten(
    ws: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another window saves a version between the read and the save: nothing is removed, the
    other version stays the newest, and the message says to run the command again."""
    load = Workspace.load_template

    def load_then_another_saves(self: Workspace, name: str, version: int | None = None) -> Template:
        template = load(self, name, version)
        with Workspace(ws) as other:
            other.save_template(shop().with_field(Field("stock", xpaths=("//b",))), message="other")
        return template

    monkeypatch.setattr(Workspace, "load_template", load_then_another_saves)
    r = run("templates", "remove-field", "shop", "byline", "-w", ws)
    assert r.exit_code == 1 and "nothing removed, run the command again" in r.output
    assert "is at version 2 now, not 1" in r.output
    monkeypatch.undo()
    with Workspace(ws) as w:
        assert [h["message"] for h in w.template_history("shop")] == ["first", "other"]
        assert "byline" in [f.id for f in w.load_template("shop").fields]
