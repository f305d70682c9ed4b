"""Screenshots of the review panels on 40 pages of the SQLite documentation, offscreen:
docs/screenshots/review-before-after.png, review-impact.png, review-groups.png, review-health.png.

    python scripts/review_screenshots.py [--out docs/screenshots]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QTWEBENGINE_DISABLE_SANDBOX", "1")

SITE = "sqlite.local"


def _workspace(folder: Path) -> Path:
    from deboiler_gui.engine.clean.pipeline import fit_workspace, import_into
    from deboiler_gui.engine.store import Workspace
    from deboiler_gui.engine.template.model import Field, Rule, Template
    from deboiler_gui.engine.template.repair import learn_template

    site = folder / "site"
    site.mkdir()
    for path in sorted(Path("/usr/share/doc/sqlite3").glob("*.html"))[:40]:
        shutil.copy(path, site / path.name)
    ws = folder / "ws.sqlite"
    for gen in (import_into(ws, [site], base_url=f"http://{SITE}/"), fit_workspace(ws)):
        for _ in gen:
            pass
    with Workspace(ws) as w:
        pages = list(w.iter_pages(SITE))
        fields = (
            Field("title", xpaths=("//h1",)),
            Field("modified", xpaths=("//p[contains(., 'last modified')]",)),
        )
        t = learn_template(
            Template(
                "docs",
                site=SITE,
                fields=fields,
                remove=(
                    Rule("never", "//div[@class='no-such-block']"),
                    Rule("toc", "//div[@id='toc_sub']"),
                ),
            ),
            pages[:5],
        )
        w.save_template(t, message="hand-written")
        w.save_template(replace(t, description="title and date of each page"), message="describe")
    return ws


def _redesigned(ws: Path) -> Path:
    """A copy of the workspace whose template was learned as ``templates learn`` does, then
    the site redesigned: every page's title moved from an ``h1`` into a classed ``h2``, so
    Template health has a repair to show."""
    from deboiler_gui.engine.model import Page
    from deboiler_gui.engine.store import Workspace
    from deboiler_gui.engine.template.repair import learn_template
    from deboiler_gui.engine.template.valuerepair import SAMPLE_PAGES, learn_absent, learn_values

    copy = ws.with_name("redesigned.sqlite")
    shutil.copy(ws, copy)
    with Workspace(copy) as w:
        pages = [p for p in w.iter_pages(SITE) if p.ok]
        learned = learn_absent(learn_template(w.load_template("docs"), pages[:20]), pages)
        w.save_template(
            learn_values(learned, pages, sample=SAMPLE_PAGES), message="learn search rules"
        )
        w.add_pages(
            [
                Page(
                    p.url,
                    p.html.replace("<h1", "<h2 class='pagetitle'").replace("</h1>", "</h2>"),
                )
                for p in pages
            ]
        )
    return copy


def _wait(app: Any, signal: Any, timeout_ms: int = 120_000) -> None:
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    signal.connect(lambda *_a: loop.quit())
    QTimer.singleShot(timeout_ms, loop.quit)
    loop.exec()


def _settle(ms: int = 600) -> None:
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    args = parser.parse_args()
    from deboiler_gui.gui.webview import IsolatedProfile, register_scheme

    register_scheme()
    from PySide6.QtWidgets import QApplication

    from deboiler_gui.gui.panels.review import (
        BeforeAfterPanel,
        GroupsPanel,
        HealthPanel,
        ImpactPanel,
    )

    app = QApplication.instance() or QApplication(sys.argv[:1])
    args.out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="review-shots-"))
    try:
        ws = _workspace(tmp)
        shots: list[tuple[str, Any]] = []
        impact = ImpactPanel()
        impact.resize(1100, 700)
        impact.show()
        impact.start(ws, max_eaten=0.3)
        _wait(app, impact.impact_ready)
        impact.select_cause("rule:never")
        shots.append(("review-impact.png", impact))
        groups = GroupsPanel()
        groups.resize(1100, 600)
        groups.show()
        groups.bind(ws, "docs")
        groups.start()
        _wait(app, groups.busy_changed)
        texts = [g["sample_text"] for g in groups.groups]
        banner = next(i for i, t in enumerate(texts) if t.startswith("Small. Fast."))
        dated = next(i for i, t in enumerate(texts) if t.startswith("This page last modified"))
        decisions: dict[str, str] = {}
        groups.rule_applied.connect(
            lambda g, _selector, accept: decisions.__setitem__(
                g["rule_name"], "accepted" if accept else "rejected"
            )
        )
        groups.reject(dated)  # the date is data the template extracts
        _wait(app, groups.rule_proposed)
        groups.apply_proposal()
        groups.table.selectRow(banner)
        groups.accept(banner)
        _wait(app, groups.rule_proposed)
        groups.apply_proposal()
        groups.show_decisions(decisions)
        groups.accept(banner)  # shown with its site count, not applied
        _wait(app, groups.rule_proposed)
        shots.append(("review-groups.png", groups))
        health = HealthPanel()
        health.resize(1100, 600)
        health.show()
        health.bind(_redesigned(ws))
        health.start()
        _wait(app, health.busy_changed)
        health.tabs.setCurrentIndex(1)  # the repairs
        repaired = [i for i, r in enumerate(health.proposals) if r["accept"]]
        if repaired:
            health.proposal_table.selectRow(repaired[0])
        _settle(1500)  # the history list loads in the background
        shots.append(("review-health.png", health))
        profile = IsolatedProfile()
        before_after = BeforeAfterPanel(profile)
        before_after.resize(1400, 900)
        before_after.show()
        before_after.start(ws, f"http://{SITE}/about.html", templates=["docs"])
        _wait(app, before_after.shown)
        before_after.tabs.setCurrentIndex(1)
        shots.append(("review-before-after.png", before_after))
        _settle(1200)
        for name, widget in shots:
            widget.grab().save(str(args.out / name))
            print(args.out / name)
        import shiboken6

        for _name, widget in shots:
            widget.close()
            shiboken6.delete(widget)
        shiboken6.delete(profile)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
