"""The app's Template health and `templates repair` propose the same repairs for a workspace: the
same fields, statuses, rules and scores, in the same order, and the rows the app would accept
are the fields `--accept-repairs` (and `--accept-unsure FIELD`) takes."""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.progress import run
from deboiler_gui.engine.review.jobs import health_job
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.repair import learn_template
from deboiler_gui.engine.template.valuerepair import UNSURE_FLOOR

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from tplsite import SITE, article_html, pages  # noqa: E402

runner = CliRunner()
HEADLINE = "//h1[@class='headline']"
POSITIONAL = "/html/body/div[2]/h1"


def news(title: str = HEADLINE) -> Template:
    return Template(
        "news",
        site=SITE,
        fields=(
            Field("title", xpaths=(title,)),
            Field("date", xpaths=("//span[@class='date']",)),
            Field("tags", xpaths=("//ul[@class='tags']/li/a",), is_list=True),
        ),
        use_cleaner=False,
    )


def odd(mutate: str) -> list[Page]:
    """Three new pages of another layout."""
    return [
        Page(f"https://{SITE}/news/2024/odd-{i}.html", article_html(20 + i, mutate=mutate))
        for i in range(3)
    ]


def learned_then(path: Path, later: list[Page], title: str = HEADLINE) -> str:
    """A workspace whose template was learned on 8 pages, then the site changed."""
    with Workspace(path) as w:
        w.add_pages(pages(8))
        w.save_template(news(title))
    assert runner.invoke(cli, ["templates", "learn", "news", "-w", str(path)]).exit_code == 0
    with Workspace(path) as w:
        w.add_pages(later)
    return "news"


def headline_renamed(path: Path) -> str:
    # a redesign renamed the headline's class on every page
    return learned_then(
        path,
        [Page(p.url, p.html.replace('class="headline"', 'class="title-xl"')) for p in pages(8)],
    )


def all_renamed(path: Path) -> str:
    return learned_then(path, pages(8, mutate="rename"))


def renamed_and_wrapped(path: Path) -> str:
    # the learned pages renamed, three new pages wrapped: the renamed rules find nothing there
    return learned_then(path, [*pages(8, mutate="rename"), *odd("wrap")])


def new_pages_wrapped(path: Path) -> str:
    # a positional title still right on the learned pages, empty on three new ones
    return learned_then(path, odd("wrap"), POSITIONAL)


def new_pages_reordered(path: Path) -> str:
    return learned_then(path, odd("reorder"), POSITIONAL)


def next_link_drifted(path: Path) -> str:
    """A 'Home' link put first: the positional next link gives the 'Up' link now, and the next
    pages' addresses changed, so the learned values speak against every candidate."""

    def html(i: int, v2: bool) -> str:
        prev = f"<a href='n{i - 1}.html'>Previous</a>"
        if v2:
            nxt = f"<a href='{'node' if i % 3 else 'n'}{i + 1}.html'>Next</a>"
            nav = f"<a href='index.html'>Home</a>{prev}<a href='up.html'>Up</a>{nxt}"
        else:
            nav = f"{prev}<a href='up.html'>Up</a><a href='n{i + 1}.html'>Next</a>"
        return f"<html><body><div class='nav'>{nav}</div><h1>Page {i}</h1></body></html>"

    base = "https://g.example/"
    with Workspace(path) as w:
        w.add_pages([Page(f"{base}n{i}.html", html(i, False)) for i in range(30)])
        w.save_template(
            Template(
                "nav", fields=(Field("next_href", xpaths=("//div[@class='nav']/a[3]/@href",)),)
            )
        )
    assert runner.invoke(cli, ["templates", "learn", "nav", "-w", str(path)]).exit_code == 0
    with Workspace(path) as w:
        w.add_pages([Page(f"{base}n{i}.html", html(i, True)) for i in range(30)])
    return "nav"


def search_rules_only(path: Path) -> str:
    """A template learned before values were kept: the search-rule repair."""
    fields = (
        Field("title", xpaths=("//h1",)),
        Field("date", xpaths=("/html/body/div[2]/p[@class='byline']/span[@class='date']",)),
    )
    template = learn_template(
        Template("news", site=SITE, fields=fields, use_cleaner=False), pages(5)
    )
    with Workspace(path) as w:
        w.add_pages(
            [
                *pages(4),
                *(
                    Page(
                        f"https://{SITE}/news/2024/article-{i}.html", article_html(i, mutate="wrap")
                    )
                    for i in range(5, 9)
                ),
            ]
        )
        w.save_template(template)
    return "news"


SCENARIOS: dict[str, Callable[[Path], str]] = {
    "headline renamed": headline_renamed,
    "all renamed": all_renamed,
    "renamed and wrapped": renamed_and_wrapped,
    "new pages wrapped": new_pages_wrapped,
    "new pages reordered": new_pages_reordered,
    "next link drifted": next_link_drifted,
    "search rules only": search_rules_only,
}


def cli_rows(path: Path, name: str) -> list[tuple[str, str, list[str], float | None]]:
    """(field, status, proposed rules, score) per line ``templates repair --json`` reports."""
    r = runner.invoke(cli, ["templates", "repair", name, "-w", str(path), "-q", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    if isinstance(data, list):  # learned before values were kept
        return [(p["field"], "proposed", [p["xpath"]], p["score"]) for p in data]
    out = []
    for f in data["fields"]:
        proposes = f["status"] in ("repaired", "unsure") and bool(f["xpath"])
        out.append(
            (
                f["field"],
                f["status"],
                f["xpaths"] if proposes else [],
                f["score"] if proposes else None,
            )
        )
    out += [(p["field"], "proposed", [p["xpath"]], p["score"]) for p in data["proposals"]]
    out += [
        (p["field"], "below threshold", [p["xpath"]], p["score"]) for p in data["below_threshold"]
    ]
    return out


def app_rows(path: Path, name: str) -> list[dict[str, Any]]:
    data = run(health_job(path), lambda _step: None)
    (th,) = [t for t in data["templates"] if t["name"] == name]
    assert th["repaired"], th["repair_note"]
    return list(th["repairs"])


def accepted_by_cli(path: Path, tmp: Path, name: str, *extra: str) -> list[str]:
    """The fields ``templates repair --accept-repairs`` takes, on a copy of the workspace."""
    copy = tmp / f"copy-{len(list(tmp.iterdir()))}.sqlite"
    shutil.copy(path, copy)
    r = runner.invoke(
        cli, ["templates", "repair", name, "-w", str(copy), "-q", "--accept-repairs", *extra]
    )
    with Workspace(copy) as w:
        last = w.template_history(name)[-1]["message"]
    if r.exit_code != 0 or not last.startswith("accept repairs: "):
        return []
    return last.removeprefix("accept repairs: ").split(", ")


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_the_app_proposes_what_templates_repair_proposes(tmp_path: Path, scenario: str) -> None:
    path = tmp_path / "ws.sqlite"
    name = SCENARIOS[scenario](path)
    expected = cli_rows(path, name)
    rows = app_rows(path, name)
    got = [
        (
            r["field"],
            r["status"],
            r["xpaths"],
            None if r["score"] is None else round(r["score"], 4),
        )
        for r in rows
    ]
    assert got == expected
    assert any(r["status"] not in ("ok",) for r in rows), "the scenario broke nothing"
    # What the app's Accept repair takes is what --accept-repairs takes.
    assert sorted({r["field"] for r in rows if r["accept"]}) == accepted_by_cli(
        path, tmp_path, name
    )
    # Accept unsure… is offered exactly where --accept-unsure FIELD saves the field.
    for r in rows:
        if r["status"] != "unsure":
            assert not r["accept_unsure"]
            continue
        taken = accepted_by_cli(path, tmp_path, name, "--accept-unsure", r["field"])
        assert r["accept_unsure"] == (r["field"] in taken), (r["field"], taken)
        if not r["accept_unsure"]:
            assert r["score"] is None or r["score"] < UNSURE_FLOOR
            assert (
                f"below {UNSURE_FLOOR}" in r["why_not_unsure"] or "no rule" in r["why_not_unsure"]
            )
    # Each row carries the text the command prints for it.
    printed = runner.invoke(cli, ["templates", "repair", name, "-w", str(path), "-q"]).output
    for r in rows:
        for line in r["lines"]:
            assert line in printed


def test_the_scenarios_cover_every_kind_of_row(tmp_path: Path) -> None:
    """The scenarios above meet each status and decision the panel shows."""
    seen: set[tuple[str, bool, bool]] = set()
    for k, build in enumerate(SCENARIOS.values()):
        path = tmp_path / f"w{k}.sqlite"
        name = build(path)
        seen |= {(r["status"], r["accept"], r["accept_unsure"]) for r in app_rows(path, name)}
    assert {
        ("repaired", True, False),
        ("unsure", False, True),
        ("unsure", False, False),
        ("ok", False, False),
        ("proposed", True, False),
        ("below threshold", False, False),
    } <= seen
