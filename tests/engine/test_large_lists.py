"""Lists of tens of thousands of items: every item extracted, in work that grows with the
number of items (node paths and %d expansion make one pass over the siblings)."""

from __future__ import annotations

from typing import Any

import pytest

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template import extract as extract_mod
from deboiler_gui.engine.template.extract import extract_page
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.selectors import expand_pattern, select


def _page(n: int) -> Page:
    items = "".join(f"<li><b>name {i}</b><i>v{i}</i></li>" for i in range(n))
    return Page("http://a.test/x", f"<html><body><ul>{items}</ul></body></html>")


def _count_children_walked(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    walked = [0]
    real = extract_mod._child_paths

    def counting(parent: Any, base: str | None = None) -> dict[Any, str]:
        walked[0] += len(parent)
        return real(parent, base)

    monkeypatch.setattr(extract_mod, "_child_paths", counting)
    return walked


@pytest.mark.parametrize("n", [2_000, 45_000])
def test_record_list_visits_each_sibling_a_bounded_number_of_times(
    n: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    walked = _count_children_walked(monkeypatch)
    fld = Field(
        id="r",
        xpaths=("//li",),
        is_list=True,
        children=(Field(id="name", xpaths=("b",)), Field(id="v", xpaths=("i",))),
    )
    res = extract_page(_page(n), [Template(name="t", urls=("http://a.test/",), fields=(fld,))])
    assert res.status == "ok"
    assert len(res.values["r"]) == n
    assert res.values["r"][-1] == {"name": f"name {n - 1}", "v": f"v{n - 1}"}
    # <ul>'s children are walked once, each <li>'s once per record field: a quadratic walk
    # (each item's path counting the items before it) would be n * n / 2.
    assert walked[0] <= 6 * n + 50
    nodes = res.fields["r"].nodes
    assert nodes[-1] == f"/html/body/ul/li[{n}]"


@pytest.mark.parametrize("n", [40_000])
def test_numbered_list_has_no_silent_cap(n: int, monkeypatch: pytest.MonkeyPatch) -> None:
    walked = _count_children_walked(monkeypatch)
    fld = Field(id="r", xpaths=("//ul/li[%d]/b",), is_list=True)
    res = extract_page(_page(n), [Template(name="t", urls=("http://a.test/",), fields=(fld,))])
    assert res.status == "ok"
    assert len(res.values["r"]) == n  # once capped at 10,000 without a word
    assert res.values["r"][-1] == f"name {n - 1}"
    assert walked[0] <= 4 * n + 50


def test_node_paths_are_getpath() -> None:
    root = parse_html(
        "<html><body><div><p>a</p><p>b</p><span>c</span><!-- x --><p>d<b>e</b></p></div>"
        "<div><p>f</p></div></body></html>"
    )
    nodes = [n for n in root.iter() if isinstance(n.tag, str)]
    tree = root.getroottree()
    assert extract_mod._node_paths(nodes) == [tree.getpath(n) for n in nodes]


@pytest.mark.parametrize(
    "pattern", ["//ul/li[%d]/b", "//ul/li[%d]", "//body//li[%d]/i/text()", "//ul/*[%d]/b/@x"]
)
def test_expansion_in_one_pass_equals_probing_each_index(pattern: str) -> None:
    html = (
        "<html><body><ul><li><b x='1'>a</b></li><p>gap</p><li><i>b</i></li><li><b>c</b></li>"
        "</ul><ul><li><b x='2'>d</b><ul><li><i>nested</i></li></ul></li></ul></body></html>"
    )
    root = parse_html(html)
    naive: list[Any] = []
    misses, i = 0, 1
    while misses < 3:
        got = select(root, pattern.replace("%d", str(i)))
        naive.extend(got)
        misses = 0 if got else misses + 1
        i += 1
    assert expand_pattern(root, pattern) == naive
