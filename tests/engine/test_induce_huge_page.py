"""List candidates on a page of several MB (a whole API reference on one page, every div in a
wrapper div): the XPaths run over the whole page per container do not grow with the page's
size or the number of nested nodes of a hook, and the narrowed rules still select exactly the
container."""

from __future__ import annotations

from typing import Any

import lxml.html
import pytest

from deboiler_gui.engine.template import induce


def _page(wrappers: int, labels: int) -> Any:
    inner = (
        '<div class="wrapper inner">'
        + "".join(f"<p>Label {k}</p>" for k in range(labels))
        + '<div class="api"><ul class="toc"><li><a href="#a">A</a></li><li><a href="#b">B</a></li></ul>'
        "</div></div>"
    )
    html = '<div class="wrapper"><div class="api">' * wrappers + inner + "</div></div>" * wrappers
    return lxml.html.document_fromstring(f"<html><body>{html}</body></html>")


def _count_runs(monkeypatch: pytest.MonkeyPatch, wrappers: int, labels: int) -> tuple[int, Any]:
    calls = [0]
    real = induce._run

    def counting(root: Any, xpath: str) -> Any:
        calls[0] += 1
        return real(root, xpath)

    monkeypatch.setattr(induce, "_run", counting)
    root = _page(wrappers, labels)
    container = root.xpath("//div[@class='wrapper inner']/div")[0]
    out = induce._container_exprs(container, root, None)
    monkeypatch.setattr(induce, "_run", real)
    return calls[0], (root, container, out)


def test_page_wide_evaluations_do_not_grow_with_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    small, _ = _count_runs(monkeypatch, wrappers=5, labels=3)
    huge, (root, container, out) = _count_runs(monkeypatch, wrappers=100, labels=400)
    # Nested hook nodes are not searched below each other, and a block of many children
    # gives only its first few as labels (each one checked, then kept as a rule).
    assert huge <= small + 2 * induce._LABEL_SIBLINGS
    assert huge < 60
    # A rule narrowed by an ancestor's hook selects exactly the container, as the page says.
    narrowed = [expr for expr, _c, _f in out if expr.count("//") == 2 and expr[0] != "("]
    assert narrowed
    for expr in narrowed:
        assert root.xpath(expr) == [container], expr
