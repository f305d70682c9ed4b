"""Qt item models over plain data, the background job driver and the editor's undo stack,
without a web view."""

from __future__ import annotations

import time
from collections.abc import Generator
from typing import Any

import pytest
from PySide6.QtCore import QObject, QPersistentModelIndex, Qt, Signal

from deboiler_gui.app.stamping import STAMP_ATTR, stamp_page
from deboiler_gui.engine.model import Progress, RuleError
from deboiler_gui.engine.template.model import Template
from deboiler_gui.gui.controllers.editor import TemplateEditor
from deboiler_gui.gui.panels.models import DomTreeModel, PageListModel
from deboiler_gui.gui.worker import Job, JobRunner


def _summaries(n: int) -> list[dict[str, Any]]:
    return [
        {
            "url": f"https://s.example/{'docs' if i % 3 else 'blog'}/p{i:05d}.html",
            "site": "s.example",
            "status": 200,
            "bytes": 1000,
            "error": None,
        }
        for i in range(n)
    ]


def test_page_list_with_ten_thousand_pages_filters_by_substring_glob_and_regex(qapp: Any) -> None:
    model = PageListModel()
    model.set_pages(_summaries(12000))
    assert model.rowCount() == 12000
    model.set_pattern("blog")
    assert model.rowCount() == 4000
    model.set_pattern("*/docs/p0001?.html")
    assert model.rowCount() == sum(1 for i in range(10, 20) if i % 3)
    model.set_pattern("")
    model.sort(3, Qt.SortOrder.DescendingOrder)
    model.sort(0, Qt.SortOrder.AscendingOrder)
    model.set_pattern(r"re:p0000[0-4]\.html$")
    assert model.rowCount() == 5
    shown = [model.url_at(i) for i in range(5)]
    assert shown == sorted(shown) and sorted(u[-11:] for u in shown) == [
        f"p0000{i}.html" for i in range(5)
    ]
    model.set_pattern("re:([")
    assert model.pattern_error and model.rowCount() == 0
    model.set_pattern("")
    assert model.rowCount() == 12000 and model.total() == 12000


def test_page_list_shows_background_facts_and_groups_by_template(qapp: Any) -> None:
    model = PageListModel()
    model.set_pages(_summaries(10))
    url = model.url_at(3)
    changed: list[Any] = []
    model.dataChanged.connect(lambda a, b, *_: changed.append((a.row(), b.row())))
    model.update_pages(
        {
            url: {"boiler_share": 0.25, "failures": 2, "template": "docs"},
            "https://unknown/": {"failures": 1},
        }
    )
    assert changed == [(3, 3)]
    assert model.data(model.index(3, 2)) == "25%"
    assert model.data(model.index(3, 3)) == "2"
    assert model.data(model.index(3, 3), Qt.ItemDataRole.ForegroundRole) is not None
    model.set_group("docs")
    assert model.rowCount() == 1 and model.url_at(0) == url and model.row_of(url) == 0
    model.set_group(None)
    keep = QPersistentModelIndex(model.index(7, 0))
    kept_url = model.data(keep)
    model.sort(2, Qt.SortOrder.DescendingOrder)
    assert model.url_at(0) == url
    assert model.data(keep) == kept_url  # the current row follows its page through a sort
    model.set_pattern("p0000")
    model.sort(0, Qt.SortOrder.DescendingOrder)
    assert [model.url_at(i) for i in range(model.rowCount())] == sorted(
        (r["url"] for r in model.rows() if "p0000" in r["url"]), reverse=True
    )


def test_stamps_identify_lxml_nodes_and_never_stay_in_the_tree() -> None:
    html = f'<html><body><div {STAMP_ATTR}="999"><p>a</p></div><table><tr><td>x</td></tr></table></body></html>'
    page = stamp_page("https://s.example/", html)
    assert f'{STAMP_ATTR}="999"' not in page.html  # a page's own attribute of that name is replaced
    for i, el in enumerate(page.elements):
        assert page.stamp_of(el) == i and page.element(i) is el
        assert STAMP_ATTR not in el.attrib
    assert page.html.count(f"{STAMP_ATTR}=") == len(page.elements)
    assert "tbody" not in page.html  # lxml's tree is shown as lxml has it


def test_dom_tree_model_walks_the_page_lazily(qapp: Any) -> None:
    page = stamp_page(
        "https://s.example/",
        "<html><body><ul id='l'><li>a</li><li>b</li></ul><p class='x y'>text</p></body></html>",
    )
    model = DomTreeModel()
    model.set_page(page)
    li = page.root.xpath("//li")[1]
    index = model.index_of(page.stamp_of(li))
    assert index.row() == 1 and model.stamp_at(index) == page.stamp_of(li)
    ul = model.parent(index)
    assert model.stamp_at(ul) == page.stamp_of(li.getparent())
    assert model.rowCount(ul) == 2
    assert model.data(ul) == "ul#l"
    p_index = model.index_of(page.stamp_of(page.root.xpath("//p")[0]))
    assert model.data(p_index).startswith("p.x.y")


def _counting(n: int, delay: float = 0.0) -> Generator[Any, None, int]:
    for i in range(n):
        if delay:
            time.sleep(delay)
        if i % 10 == 0:
            yield {"batch": i}
        yield Progress(i + 1, n, f"step {i}")
    return n


def test_job_reports_progress_partial_results_and_its_return_value(qtbot: Any) -> None:
    runner = JobRunner()
    job = Job("count", lambda: _counting(50))
    partial: list[Any] = []
    job.signals.partial.connect(partial.append)
    with qtbot.waitSignal(job.signals.finished, timeout=5000) as sig:
        runner.start(job)
    assert sig.args == [50]
    qtbot.waitUntil(lambda: len(partial) == 5)
    assert partial[0] == {"batch": 0}
    qtbot.waitUntil(lambda: not runner.busy, timeout=2000)


def test_job_cancels_at_the_next_yield(qtbot: Any) -> None:
    runner = JobRunner()
    job = Job("slow", lambda: _counting(100000, delay=0.001))
    finished: list[Any] = []
    job.signals.finished.connect(finished.append)
    with qtbot.waitSignal(job.signals.progress, timeout=5000):
        runner.start(job)
    # Cancelled long before its 100,000 steps (100 s) would end.
    with qtbot.waitSignal(job.signals.cancelled, timeout=5000):
        job.cancel()
    assert finished == []


def test_job_turns_engine_errors_into_messages_and_bugs_into_tracebacks(qtbot: Any) -> None:
    def bad_rule() -> Generator[Progress, None, None]:
        yield Progress(0, 1)
        raise RuleError("unbalanced bracket", rule="remove-1", expression="//div[")

    def bug() -> Generator[Progress, None, None]:
        yield Progress(0, 1)
        raise ZeroDivisionError("boom")

    runner = JobRunner()
    job = Job("rule", bad_rule)
    with qtbot.waitSignal(job.signals.failed, timeout=5000) as sig:
        runner.start(job)
    assert (
        sig.args[0] == "rule 'remove-1', expression '//div[': unbalanced bracket"
        and sig.args[1] == ""
    )
    job = Job("bug", bug)
    with qtbot.waitSignal(job.signals.failed, timeout=5000) as sig:
        runner.start(job)
    assert "ZeroDivisionError: boom" in sig.args[0] and "Traceback" in sig.args[1]


def test_editor_undo_restores_each_previous_template(qapp: Any) -> None:
    editor = TemplateEditor(Template(name="t", site="s.example"))
    changes: list[int] = []
    editor.changed.connect(lambda: changes.append(1))
    first = editor.add_rule("remove", "//nav")
    second = editor.add_rule("remove", "//aside")
    assert first != second
    editor.add_field("title", "//h1")
    assert editor.add_field("title", "//h2") == "title-2"  # ids stay unique
    assert editor.dirty
    while editor.undo_stack.canUndo():
        editor.undo_stack.undo()
    assert editor.template == Template(name="t", site="s.example") and not editor.dirty
    editor.undo_stack.redo()
    assert [r.selector for r in editor.template.remove] == ["//nav"]
    assert len(changes) == 4 + 4 + 1


class _Emitter(QObject):
    flag = Signal(bool)


@pytest.mark.parametrize("count", [20000])
def test_bool_signals_do_not_corrupt_the_interpreter(qapp: Any, count: int) -> None:
    """PySide6 6.12.0 on Python < 3.12 dropped a reference to True per bool signal and crashed
    after a few hundred; the dependency spec excludes it and this guards against its return."""
    import sys

    emitter = _Emitter()
    seen: list[bool] = []
    emitter.flag.connect(seen.append)
    before = sys.getrefcount(True)
    for _ in range(count):
        emitter.flag.emit(True)
    assert len(seen) == count
    seen.clear()
    if sys.version_info < (3, 12):
        assert sys.getrefcount(True) >= before - 10
