"""Review panels driven like a user would: before/after on a real QtWebEngine view (cuts outlined
by cause, synchronised scrolling, toggling), per-rule impact in the background with cancel,
boilerplate groups accepted/rejected and honoured by the headless extract, template health with
repairs, history, diff and revert, and exports."""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.model import Field, Rule, Template
from deboiler_gui.engine.template.repair import learn_template
from deboiler_gui.gui.webview import register_scheme

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from repairsites import headline_renamed, next_link_drifted, renamed_and_wrapped  # noqa: E402
from tplsite import SITE, article_html, pages  # noqa: E402

register_scheme()  # before pytest-qt makes the QApplication

LONG = "".join(
    f"<p>Long reading paragraph {k} with enough words to wrap across the view.</p>"
    for k in range(150)
)


def _site(n: int = 12) -> list[Page]:
    # Long articles, so the before/after views can scroll.
    return [Page(p.url, p.html.replace("</div>\n<ul", f"{LONG}</div>\n<ul", 1)) for p in pages(n)]


def _workspace(path: Path, site: list[Page]) -> Path:
    fields = (Field("article", xpaths=("//div[starts-with(@id, 'post-')]",)),)
    with Workspace(path) as ws:
        ws.add_pages(site)
        ws.save_model(DomainCleaner().fit(site).model_)
        ws.save_template(
            Template(
                "shop",
                site=SITE,
                fields=fields,
                remove=(
                    Rule("never", "//div[@id='nope']"),
                    Rule("post3", "//div[@id='post-1003']"),
                ),
            ),
            message="start",
        )
    return path


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    return _workspace(tmp_path / "w.sqlite", _site())


def _wait_done(qtbot: Any, panel: Any, signal: Any, timeout: int = 60_000) -> Any:
    with qtbot.waitSignal(signal, timeout=timeout) as blocker:
        pass
    return blocker.args


def test_impact_panel_runs_in_background_and_lists_pages(qtbot: Any, ws: Path) -> None:
    from deboiler_gui.gui.panels.review import ImpactPanel

    panel = ImpactPanel()
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.impact_ready, timeout=60_000) as blocker:
        panel.start(ws)
        assert panel.busy and not panel.progress.isHidden()
    data = blocker.args[0]
    assert set(panel.causes()) == {"auto", "rule:never", "rule:post3"}
    assert not panel.busy and panel.progress.isHidden()
    assert panel.table.rowCount() == 3 and len(panel.chart.rows) == 3
    panel.select_cause("rule:never")
    assert panel.no_match.model().rowCount() == 12 == len(panel.listed("no_match"))
    panel.select_cause("rule:post3")
    assert panel.no_match.model().rowCount() == 11
    assert f"https://{SITE}/news/2024/article-3.html" not in panel.listed("no_match")
    assert panel.eaten.model().rowCount() == 1 == len(data["eaten_pages"])
    with qtbot.waitSignal(panel.page_activated) as opened:
        panel.eaten.doubleClicked.emit(panel.eaten.model().index(0, 0))
    assert opened.args == [f"https://{SITE}/news/2024/article-3.html"]


def test_impact_panel_cancels(qtbot: Any, tmp_path: Path) -> None:
    from deboiler_gui.gui.panels.review import ImpactPanel

    big = _workspace(tmp_path / "big.sqlite", _site(150))
    panel = ImpactPanel()
    qtbot.addWidget(panel)
    panel.start(big)
    with qtbot.waitSignal(panel.busy_changed, timeout=60_000) as blocker:
        panel.cancel()
    assert blocker.args == [False]
    assert panel.status.text() == "Cancelled." and panel.data == {}


def _extract(ws: Path, out: Path) -> dict[str, str]:
    result = CliRunner().invoke(cli, ["extract", "-t", "shop", "-w", str(ws), "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output
    return {r["url"]: r["article"] for r in map(json.loads, out.read_text().splitlines())}


def test_groups_panel_proposes_the_minimal_rule_with_its_site_count_and_saves_nothing(
    qtbot: Any, ws: Path
) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from deboiler_gui.engine.htmltree import parse_html
    from deboiler_gui.engine.review.groups import BoilerplateGroup, decide, group_decisions
    from deboiler_gui.engine.template.selectors import select_elements
    from deboiler_gui.gui.panels.review import GroupsPanel

    panel = GroupsPanel()
    qtbot.addWidget(panel)
    panel.bind(ws, "shop")
    with qtbot.waitSignal(
        panel.busy_changed, timeout=60_000, check_params_cb=lambda busy: not busy
    ):
        panel.start()
    texts = [g["sample_text"] for g in panel.groups]
    specs = next(i for i, t in enumerate(texts) if t.startswith("key0"))
    assert panel.table.item(specs, 1).text() == "12"  # pages touched
    panel.table.selectRow(specs)
    QTest.mouseClick(panel.reject_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: panel.proposed is not None, timeout=60_000)
    group, selector, accept = panel.proposed  # type: ignore[misc]
    assert accept is False and "matches 12 of 12 pages (group: 12)" in panel.proposal.text()
    assert selector in panel.proposal.text() and "/html/body" not in selector
    with Workspace(ws) as w:
        site = list(w.iter_pages(SITE))
        assert len(w.template_history("shop")) == 1  # nothing saved
        template = w.load_template("shop")
    for page in site:
        (table,) = select_elements(parse_html(page.html), selector)
        assert table.get("class") == "specs"
    assert panel.apply_button.isEnabled()
    with qtbot.waitSignal(panel.rule_applied, timeout=5000) as applied:
        QTest.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    assert applied.args[1:] == [selector, False] and not panel.apply_button.isEnabled()
    after = decide(template, BoilerplateGroup.from_dict(applied.args[0]), selector, accept=False)
    panel.show_decisions(group_decisions(after))
    assert panel.table.item(specs, 4).text() == "rejected"
    assert "The group is handled" in panel.proposal.text()
    # Undo takes the decision back: the group is pending and the line says so
    panel.show_decisions({})
    assert panel.table.item(specs, 4).text() == "pending"
    assert "pending again" in panel.proposal.text() and "handled" not in panel.proposal.text()
    # Redo brings it back: the line says it is handled again
    panel.show_decisions(group_decisions(after))
    assert panel.table.item(specs, 4).text() == "rejected"
    assert "is back" in panel.proposal.text() and "pending" not in panel.proposal.text()
    with Workspace(ws) as w:
        assert len(w.template_history("shop")) == 1


def test_health_panel_repairs_history_diff_and_revert(qtbot: Any, tmp_path: Path) -> None:
    from deboiler_gui.gui.panels.review import HealthPanel

    fields = (
        Field("title", xpaths=("//h1",)),
        Field("date", xpaths=("/html/body/div[2]/p[@class='byline']/span[@class='date']",)),
    )
    learned = learn_template(
        Template("news", site=SITE, fields=fields, use_cleaner=False), pages(5)
    )
    site = [
        *pages(4),
        *(
            Page(f"https://{SITE}/news/2024/article-{i}.html", article_html(i, mutate="wrap"))
            for i in range(5, 9)
        ),
    ]
    path = tmp_path / "h.sqlite"
    with Workspace(path) as w:
        w.add_pages(site)
        w.save_template(learned, message="learned")
    panel = HealthPanel()
    qtbot.addWidget(panel)
    panel.bind(path)
    with qtbot.waitSignal(
        panel.busy_changed, timeout=60_000, check_params_cb=lambda busy: not busy
    ):
        panel.start()
    assert panel.field_rates() == {("news", "title"): 1.0, ("news", "date"): 0.5}
    date_item = panel.tree.topLevelItem(0).child(1)
    panel.tree.setCurrentItem(date_item)
    assert (
        panel.failing.count() == 4
        and panel.queue.rowCount() == 1
        and panel.queue.item(0, 2).text() == "4"
    )
    with qtbot.waitSignal(panel.page_activated) as opened:
        panel.failing.itemDoubleClicked.emit(panel.failing.item(0))
    assert opened.args == [site[4].url]
    row = next(i for i, p in enumerate(panel.proposals) if p["field"] == "date" and p["accept"])
    xpath = panel.proposals[row]["xpath"]
    panel.proposal_table.selectRow(row)
    with qtbot.waitSignal(panel.template_changed, timeout=60_000) as changed:
        assert panel.accept_proposal(row)
    assert list(changed.args) == ["news", 2]
    qtbot.waitUntil(lambda: panel.history.count() == 2, timeout=60_000)
    qtbot.waitUntil(lambda: panel.diff.toPlainText().startswith("--- news v1"), timeout=60_000)
    assert xpath in panel.diff.toPlainText()
    panel.history.setCurrentRow(0)
    assert panel.diff.toPlainText() == "v1: first version"
    with qtbot.waitSignal(panel.template_changed, timeout=60_000) as changed:
        panel.revert("news", 1)
    assert list(changed.args) == ["news", 3]
    qtbot.waitUntil(lambda: panel.history.count() == 3, timeout=60_000)
    # Rejections are recorded and the next run does not offer them again.
    with qtbot.waitSignal(
        panel.busy_changed, timeout=60_000, check_params_cb=lambda busy: not busy
    ):
        panel.start()
    row = next(i for i, p in enumerate(panel.proposals) if p["xpath"] == xpath)
    with qtbot.waitSignal(panel.proposal_decided, timeout=60_000) as decided:
        assert panel.reject_proposal(row)
    assert decided.args[1] is False and decided.args[0]["xpath"] == xpath
    with qtbot.waitSignal(
        panel.busy_changed, timeout=60_000, check_params_cb=lambda busy: not busy
    ):
        panel.start()
    # Still listed (the field is still broken), marked rejected, and not offered again.
    (again,) = [i for i, p in enumerate(panel.proposals) if p["xpath"] == xpath]
    panel.proposal_table.selectRow(again)
    assert panel.proposal_table.item(again, 1).text() == "proposed, rejected"
    assert not panel.accept_button.isEnabled() and not panel.reject_button.isEnabled()
    assert panel.accept_proposal(again) is False


def _health(qtbot: Any, path: Path) -> Any:
    from deboiler_gui.gui.panels.review import HealthPanel

    panel = HealthPanel()
    qtbot.addWidget(panel)
    panel.resize(1100, 600)
    panel.show()
    panel.bind(path)
    with qtbot.waitSignal(
        panel.busy_changed, timeout=120_000, check_params_cb=lambda busy: not busy
    ):
        panel.start()
    assert panel.status.text() == "", panel.status.text()
    panel.tabs.setCurrentIndex(1)
    return panel


def _cli_accepts(path: Path, copy: Path, *extra: str) -> Template:
    """``templates repair --accept-repairs`` on a copy of the workspace: the version it saves."""
    shutil.copy(path, copy)
    r = CliRunner().invoke(
        cli, ["templates", "repair", "news", "-w", str(copy), "-q", "--accept-repairs", *extra]
    )
    assert r.exit_code == 0 and "repairs accepted as version 3" in r.output, r.output
    with Workspace(copy) as w:
        return w.load_template("news")


def _latest(path: Path) -> tuple[Template, str]:
    with Workspace(path) as w:
        return w.load_template("news"), w.template_history("news")[-1]["message"]


def _row_of(panel: Any, field: str) -> int:
    return next(i for i, p in enumerate(panel.proposals) if p["field"] == field)


def test_health_accept_repair_saves_what_templates_repair_accepts(
    qtbot: Any, tmp_path: Path
) -> None:
    from PySide6.QtCore import Qt

    from deboiler_gui.engine.template import rulefile

    path = tmp_path / "ws.sqlite"
    headline_renamed(path)
    with Workspace(path) as w:  # a template of another site: checked on no page
        w.save_template(
            Template("other", site="elsewhere.example", fields=(Field("t", xpaths=("//h1",)),))
        )
    expected = _cli_accepts(path, tmp_path / "copy.sqlite")
    panel = _health(qtbot, path)
    other = panel.tree.topLevelItem(1)
    assert other.text(1) == "not run" and other.child(0).text(1) == "not run"
    assert other.child(0).text(2) == "" and "0.0%" not in other.child(0).text(1)
    assert "other: not learned" in panel.repair_notes.text()
    # One row per line templates repair prints, in its order.
    table = panel.proposal_table
    assert [table.item(r, 0).text() for r in range(table.rowCount())] == [
        "title",
        "date",
        "tags",
    ]
    row = _row_of(panel, "title")
    assert [table.item(row, c).text() for c in range(5)] == [
        "title",
        "repaired",
        "1.00",
        "//h1[@class='title-xl']",
        "8 of 8 learned agree",
    ]
    assert table.item(_row_of(panel, "date"), 1).text() == "ok"
    table.selectRow(_row_of(panel, "date"))
    assert not panel.accept_button.isEnabled()
    assert "nothing to repair" in panel.accept_button.toolTip()
    table.selectRow(row)
    assert panel.accept_button.isEnabled() and not panel.accept_unsure_button.isEnabled()
    assert "title: repaired (broken) -> //h1[@class='title-xl']" in (
        panel.repair_detail.toPlainText()
    )
    with qtbot.waitSignal(panel.template_changed, timeout=60_000) as changed:
        qtbot.mouseClick(panel.accept_button, Qt.MouseButton.LeftButton)
    assert list(changed.args) == ["news", 3]
    got, message = _latest(path)
    assert message == "accept repairs: title"
    assert got.to_dict() == expected.to_dict()
    assert rulefile.dumps([got]) == rulefile.dumps([expected])
    assert "repairs accepted as version 3" in panel.status.text()
    assert table.item(row, 1).text() == "repaired, accepted in v3"
    assert not panel.accept_button.isEnabled()


def test_health_accept_unsure_asks_first_and_refuses_below_the_floor(
    qtbot: Any, tmp_path: Path
) -> None:
    from PySide6.QtCore import Qt, QTimer

    from deboiler_gui.engine.template.valuerepair import UNSURE_FLOOR

    path = tmp_path / "ws.sqlite"
    renamed_and_wrapped(path)
    expected = _cli_accepts(path, tmp_path / "copy.sqlite", "--accept-unsure", "title")
    panel = _health(qtbot, path)
    row = _row_of(panel, "title")
    assert panel.proposal_table.item(row, 1).text() == "unsure"
    panel.proposal_table.selectRow(row)
    assert not panel.accept_button.isEnabled()
    assert "unsure" in panel.accept_button.toolTip()
    assert panel.accept_unsure_button.isEnabled()

    def answer(accept: bool) -> None:
        box = panel.confirm_box
        assert box is not None and "Repair was unsure about news / title" in box.text()
        (panel.confirm_accept_button if accept else box.button(box.StandardButton.Cancel)).click()

    # Cancel: nothing saved.
    QTimer.singleShot(0, lambda: answer(False))
    qtbot.mouseClick(panel.accept_unsure_button, Qt.MouseButton.LeftButton)
    assert panel.status.text() == "Nothing accepted." and _latest(path)[1] == "learn search rules"
    QTimer.singleShot(0, lambda: answer(True))
    with qtbot.waitSignal(panel.template_changed, timeout=60_000) as changed:
        qtbot.mouseClick(panel.accept_unsure_button, Qt.MouseButton.LeftButton)
    assert list(changed.args) == ["news", 3]
    got, message = _latest(path)
    assert message == "accept repairs: title" and got.to_dict() == expected.to_dict()

    # A proposal the learned values speak against: the button stays off and says why.
    low = tmp_path / "low.sqlite"
    next_link_drifted(low)
    panel = _health(qtbot, low)
    row = _row_of(panel, "next_href")
    panel.proposal_table.selectRow(row)
    assert (
        panel.proposals[row]["status"] == "unsure" and panel.proposals[row]["score"] < UNSURE_FLOOR
    )
    assert not panel.accept_unsure_button.isEnabled()
    assert f"scored 0.00, below {UNSURE_FLOOR}" in panel.accept_unsure_button.toolTip()
    assert panel.accept_unsure(row, confirm=False) is False
    with Workspace(low) as w:
        assert len(w.template_history("nav")) == 2
    assert (
        "current rule //div[@class='nav']/a[3]/@href is kept" in panel.repair_detail.toPlainText()
    )


def test_export_panel_writes_rule_files_and_cleaned_folders(
    qtbot: Any, ws: Path, tmp_path: Path
) -> None:
    from deboiler_gui.engine.template import rulefile
    from deboiler_gui.gui.panels.review import ExportPanel

    panel = ExportPanel()
    qtbot.addWidget(panel)
    panel.bind(ws, ["shop"])
    with qtbot.waitSignal(panel.exported, timeout=60_000):
        panel.export("json", tmp_path / "rules.json")
    with Workspace(ws) as w:
        assert (tmp_path / "rules.json").read_text() == rulefile.dumps([w.load_template("shop")])
    with qtbot.waitSignal(panel.exported, timeout=60_000) as done:
        panel.export("html", tmp_path / "clean")
    assert done.args[0]["records"] == 12 and len(list((tmp_path / "clean").rglob("*.html"))) == 12


@pytest.fixture
def profile(qapp: Any) -> Iterator[Any]:
    from deboiler_gui.gui.webview import IsolatedProfile

    prof = IsolatedProfile()
    yield prof
    shiboken6.delete(prof)


def _js(qtbot: Any, view: Any, code: str) -> Any:
    out: list[Any] = []
    view.evaluate(f"JSON.stringify({code})", out.append)
    qtbot.waitUntil(lambda: bool(out), timeout=10_000)
    return json.loads(out[0])


def test_before_after_on_a_real_view(qtbot: Any, ws: Path, profile: Any) -> None:
    from deboiler_gui.gui.panels.review import BeforeAfterPanel

    panel = BeforeAfterPanel(profile)
    panel.resize(1200, 800)
    panel.show()
    qtbot.waitExposed(panel)
    try:
        url = f"https://{SITE}/news/2024/article-2.html"
        with qtbot.waitSignal(panel.shown, timeout=60_000) as shown:
            panel.start(ws, url)
        assert shown.args == [url]
        cuts = panel.data["review"]["cuts"]
        marked = _js(
            qtbot,
            panel.before,
            "Array.from(document.querySelectorAll('[data-deboiler-cause]')).map(e => [e.getAttribute('data-deboiler-cause'), getComputedStyle(e).outlineColor])",
        )
        assert len(marked) == len([c for c in cuts if c["xpath"]]) >= 4
        assert {m[0] for m in marked} >= {"auto:exact"}
        assert all(
            m[1] == "rgb(224, 123, 0)" for m in marked if m[0] == "auto:exact"
        )  # the cleaner's colour
        assert (
            _js(qtbot, panel.after, "document.querySelectorAll('[data-deboiler-cause]').length")
            == 0
        )
        assert "Copyright" not in _js(qtbot, panel.after, "document.body.innerText")
        assert panel.diff_counts()["-"] >= 3 and panel.cuts.rowCount() == len(cuts)
        # Scrolling one side scrolls the other to the same place in its text.
        panel.before.evaluate("window.scrollTo(0, 1500)", lambda _r: None)
        qtbot.waitUntil(lambda: panel.after.page().scrollPosition().y() > 100, timeout=10_000)
        # Choosing a cut brings it into view in the original.
        panel.cuts.selectRow(len(cuts) - 1)
        qtbot.waitUntil(lambda: panel.before.page().scrollPosition().y() > 1500, timeout=10_000)
        panel.set_mode(2)
        assert panel.before.isHidden() and panel.after.isVisible()
        panel.set_mode(0)
        assert panel.before.isVisible() and panel.after.isVisible()
    finally:
        panel.close()
        shiboken6.delete(panel)
