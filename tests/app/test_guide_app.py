"""The getting-started guide's example without Qt: the demo site imported into its own
workspace with the example template saved once, extracting the right values."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from deboiler_gui.app import guide
from deboiler_gui.engine.model import Progress
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.extract import check_template, iter_extract

EXPECTED_GUIDES = sorted(
    f"guides/{name}.html"
    for name in [
        "beans",
        "carrots",
        "compost",
        "herbs",
        "index",
        "lettuce",
        "onions",
        "peppers",
        "pests",
        "potatoes",
        "squash",
        "tomatoes",
        "watering",
    ]
)


def _run(path: str) -> int:
    steps = guide.example_steps(path)
    while True:
        try:
            assert isinstance(next(steps), Progress)
        except StopIteration as stop:
            return int(stop.value)


def test_example_workspace_holds_the_demo_and_one_version_of_the_example(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    path = str(guide.example_workspace_path())
    assert path.startswith(str(tmp_path))
    check_template(guide.example_template())
    assert _run(path) == 1
    assert _run(path) == 1  # nothing changed: no second version
    with Workspace(path, create=False) as ws:
        assert ws.sites() == [("hillside-garden.example", 29)]
        template = ws.load_template(guide.EXAMPLE_TEMPLATE)
        results: dict[str, Any] = {
            r.url.rsplit("/", 2)[-2] + "/" + r.url.rsplit("/", 1)[-1]: r
            for r in iter_extract(ws.iter_pages(), [template])
        }
    guides = {k: r for k, r in results.items() if r.status != "no-template"}
    # The sample URL is a guide page: the template takes the guide pages only.
    assert all(k.startswith("guides/") for k in guides)
    assert guides["guides/onions.html"].values == {
        "title": "Growing Onions",
        "lead": "Onions from sets are the easiest crop on the plot.",
        "steps": [
            "Plant sets with the tips just showing",
            "Weed by hand: roots are shallow",
            "Bend over the tops in late summer",
            "Store in nets somewhere airy",
        ],
    }
    assert guides["guides/compost.html"].values["title"] == "Making Compost"
    assert guides["guides/tomatoes.html"].values["steps"][-1] == (
        "Feed with potash once the first truss sets"
    )
    assert sorted(guides) == EXPECTED_GUIDES
    assert {k: r.status for k, r in guides.items() if r.status != "ok"} == {}
    # The guides' index page has a title but no lead and no steps.
    assert guides["guides/index.html"].values["title"] == "Guides"
    assert not guides["guides/index.html"].values["lead"]
    assert not guides["guides/index.html"].values["steps"]
