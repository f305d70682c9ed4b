"""Pagination rules learnt in the workbench: the selected next link or "load more" button of
the shown page becomes a rule stored in the workspace for the crawler."""

from __future__ import annotations

from typing import Any

from deboiler_gui.engine.crawl.pagination import Pagination, learn_pagination
from deboiler_gui.engine.htmltree import HtmlElement, xpath_of


def rule_name(taken: list[str], base: str = "pagination") -> str:
    """``base``, or ``base-2``, ``base-3``… when the workspace has that template already."""
    names = set(taken)
    if base not in names:
        return base
    n = 2
    while f"{base}-{n}" in names:
        n += 1
    return f"{base}-{n}"


def learn_and_save(workspace: Any, url: str, element: HtmlElement) -> tuple[Pagination, int]:
    """Learn the rules of the clicked control and store the recommended one as a new
    workspace template; returns it and its version. RuleError when the node leads nowhere."""
    root = element.getroottree().getroot()
    name = rule_name(workspace.template_names())
    rules = learn_pagination(root, url, xpath_of(element), name=name)
    version = workspace.save_template(rules[0].template(), message=f"pagination learnt on {url}")
    return rules[0], int(version)
