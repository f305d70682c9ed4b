"""``deboiler-gui report`` on a real multi-page site (40 pages of the SQLite documentation, bundled
trimmed in tests/data/realpages):
one self-contained HTML file with impact, eaten pages, template health and boilerplate groups;
accept/reject decisions reach the headless ``extract``; clear errors."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.progress import run as drive
from deboiler_gui.engine.review.groups import (
    BoilerplateGroup,
    accept_group,
    group_steps,
    reject_group,
)
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.model import Field, Rule, Template

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from realpages import write_folder  # noqa: E402

#: The first 40 pages (by name) of Debian's sqlite3-doc.
SQLITE_DOCS = "sqlite-doc-pages.json.gz"
SITE = "sqlite.local"


def run(*args: str) -> Any:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("sqlite")
    folder = write_folder(SQLITE_DOCS, root / "sqlite3")
    assert len(list(folder.glob("*.html"))) == 40
    ws = root / "ws.sqlite"
    assert (
        run("import", str(folder), "-w", str(ws), "--base-url", f"http://{SITE}/", "-q").exit_code
        == 0
    )
    assert run("fit", "-w", str(ws), "-q").exit_code == 0
    t = Template(
        "docs",
        site=SITE,
        remove=(
            Rule("never", "//div[@class='no-such-block']"),
            Rule("about-page", "//body[.//h1[starts-with(normalize-space(.), 'About SQLite')]]/*"),
        ),
        fields=(
            Field("title", xpaths=("//h1",)),
            Field("modified", xpaths=("//p[contains(., 'last modified')]",)),
        ),
    )
    with Workspace(ws) as w:
        w.save_template(t, message="hand-written")
    return ws


@pytest.fixture(scope="module")
def report(workspace: Path, tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("report") / "report.html"
    result = run(
        "report", "-w", str(workspace), "-t", "docs", "-o", str(out), "--max-eaten", "0.5", "-q"
    )
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8")


def test_report_is_one_self_contained_file(report: str) -> None:
    assert report.startswith("<!DOCTYPE html>") and report.rstrip().endswith("</html>")
    assert "<script" not in report.lower()
    # No request leaves the file: no src, no stylesheet link, no CSS url() or @import.
    assert not re.search(r"\ssrc\s*=|<link\b|url\(|@import", report, re.I)
    assert "default-src 'none'" in report  # and the browser is told so
    assert report.count("<svg") >= 3  # impact bars, share histogram, field success bars


def test_report_has_impact_eaten_pages_health_and_groups(report: str) -> None:
    for anchor in ('id="impact"', 'id="eaten"', 'id="health"', 'id="groups"'):
        assert anchor in report
    # The rule that matches nothing lists all 40 pages as such.
    row = re.search(r"rule:never</td>(.*?)</tr>", report, re.S)
    assert row is not None and "<td>40</td><td>0</td><td>0</td><td>0</td>" in row.group(1)
    assert "Matched, already removed" in report
    # The rule that empties the About page flags it as eaten, one click away.
    eaten = report.split('id="eaten"', 1)[1].split("</table>", 1)[0]
    assert "pages that lost more than 50.0% of their text (1)" in eaten
    assert f'href="http://{SITE}/about.html"' in eaten
    # ... and one click from its detail inside the report: what each cause removed, the diff.
    anchor = re.search(r"<a href=#(page-[0-9a-f]+)>what was removed</a>", eaten)
    assert anchor is not None
    detail = report.split(f"id='{anchor.group(1)}'", 1)[1].split("</article>", 1)[0]
    assert "rule:about-page" in detail and "<div class='dm'>- About SQLite</div>" in detail
    # Health: per-field rates and the failing pages.
    assert re.search(r"<td>title</td><td>\d+/40 \(\d+\.\d%\)</td>", report)
    assert "Version history (1)" in report
    # Groups: the SQLite banner recurs on nearly every page.
    assert "Small. Fast. Reliable." in report.split('id="groups"', 1)[1]


def test_decisions_reach_the_headless_extract(workspace: Path, tmp_path: Path) -> None:
    with Workspace(workspace) as ws:
        pages = list(ws.iter_pages(SITE))
        model = ws.load_model(SITE)
        assert model is not None
        groups: list[BoilerplateGroup] = drive(group_steps(pages, {SITE: model}))
        banner = next(g for g in groups if g.sample_text.startswith("Small. Fast. Reliable."))
        base = ws.load_template("docs")
        fields = (Field("page", xpaths=("//body",)),)
        ws.save_template(Template("review", site=SITE, fields=fields, use_cleaner=False))
        ws.save_template(Template("reject", site=SITE, fields=fields, use_cleaner=True))
        accept_group(ws, "review", banner)
        reject_group(ws, "reject", banner)
        assert base.name == "docs"

    def values(name: str) -> dict[str, str]:
        out = tmp_path / f"{name}.jsonl"
        result = run("extract", "-t", name, "-w", str(workspace), "-o", str(out), "-q")
        assert result.exit_code == 0, result.output
        return {r["url"]: r["page"] for r in map(json.loads, out.read_text().splitlines())}

    accepted, rejected = values("review"), values("reject")
    page = f"http://{SITE}/about.html"
    # Accepted: an explicit remove rule takes the banner though the cleaner is off.
    assert "Small. Fast. Reliable." not in accepted[page]
    # Rejected: a keep rule stops the cleaner from taking it.
    assert "Small. Fast. Reliable." in rejected[page]
    assert sum("Small. Fast. Reliable." in v for v in accepted.values()) == 0
    assert sum("Small. Fast. Reliable." in v for v in rejected.values()) == banner.pages


def test_errors_are_one_line_with_exit_code_1(workspace: Path, tmp_path: Path) -> None:
    (tmp_path / "no").write_text("a file, not a folder", encoding="utf-8")
    cases = [
        (["-w", str(tmp_path / "none.sqlite"), "-o", str(tmp_path / "r.html")], "does not exist"),
        (["-w", str(workspace), "-t", "ghost", "-o", str(tmp_path / "r.html")], "ghost"),
        (["-w", str(workspace), "-o", str(tmp_path / "no" / "r.html")], "cannot make folder"),
    ]
    for args, needle in cases:
        proc = subprocess.run(
            [sys.executable, "-m", "deboiler_gui", "report", *args, "-q"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert (
            proc.returncode == 1
            and needle in proc.stderr
            and len(proc.stderr.strip().splitlines()) == 1
        ), proc.stderr
    assert not (tmp_path / "r.html").exists()


def test_report_usage_errors_exit_2(workspace: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["report", "-w", str(workspace), "-o", str(tmp_path / "r.html"), "--max-eaten", "2"]
    )
    assert result.exit_code == 2


def test_report_never_loads_qt(workspace: Path, tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from deboiler_gui.cli import cli\n"
        f"r = CliRunner().invoke(cli, ['report', '-w', {str(workspace)!r}, '-t', 'docs', '-o', {str(tmp_path / 'r.html')!r}, '-q'])\n"
        "assert r.exit_code == 0, r.output\n"
        "print(' '.join(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "" and (tmp_path / "r.html").stat().st_size > 10_000
