"""A command-line clean analyses each page once (memory mode reuses fit's analysis, performance
mode its trees) with the same records as a fresh analysis; records convert to plain data field
for field; a headless run does not load pandas or numpy."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from deboiler_gui.engine.clean import analysis, boilerplate, cleaning
from deboiler_gui.engine.clean.pipeline import CleanOptions, run_steps
from deboiler_gui.engine.model import CleanResult, Removal
from deboiler_gui.engine.progress import run
from deboiler_gui.engine.sources import DEMO_BASE_URL, demo_site_path

DEMO_PAGES = 29


def _count_analyses(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    real = analysis.analyse

    def counted(*args: Any, **kwargs: Any) -> analysis.Facts:
        calls[0] += 1
        return real(*args, **kwargs)

    for module in (analysis, cleaning, boilerplate):
        monkeypatch.setattr(module, "analyse", counted)
    return calls


def test_each_page_is_analysed_once_and_records_match_a_fresh_analysis(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _count_analyses(monkeypatch)
    outputs = {}
    for operation_mode in ("memory", "performance"):
        calls[0] = 0
        out = tmp_path / f"{operation_mode}.jsonl"
        options = CleanOptions(operation_mode=operation_mode)
        run(run_steps([demo_site_path()], out, base_url=DEMO_BASE_URL, options=options))
        assert calls[0] == DEMO_PAGES, operation_mode  # fit's analysis serves the clean
        outputs[operation_mode] = out.read_bytes()

    # Nothing kept from fit: every page is analysed again when it is cleaned.
    monkeypatch.setattr(analysis.FactsStore, "take", lambda self, url, html, root: None)
    calls[0] = 0
    fresh = tmp_path / "fresh.jsonl"
    run(run_steps([demo_site_path()], fresh, base_url=DEMO_BASE_URL))
    assert calls[0] == 2 * DEMO_PAGES
    assert outputs["memory"] == outputs["performance"] == fresh.read_bytes()


def test_clean_result_to_dict_holds_every_field_as_asdict_would() -> None:
    result = CleanResult(
        "https://x.example/a",
        title="A",
        language="en",
        cleaned_html="<p>a</p>",
        cleaned_text="a",
        headings=["A"],
        lists=[["one", "two"], ["three"]],
        breadcrumbs=["Home", "A"],
        removed=[Removal("/html/body/div[1]", "exact", "00ff", 12)],
        original_chars=40,
    )
    data = result.to_dict()
    assert list(data) == [f.name for f in dataclasses.fields(CleanResult)]
    assert data == dataclasses.asdict(result)
    # a copy: changing the record does not change the result
    data["lists"][0].append("four")
    data["headings"].append("B")
    assert result.lists[0] == ["one", "two"] and result.headings == ["A"]


def test_the_workspace_does_not_load_pandas_or_numpy_but_they_still_import() -> None:
    probe = (
        "import importlib.util, sys\n"
        "import deboiler_gui.engine.clean.pipeline\n"
        "print(sorted(m for m in ('pandas', 'numpy') if m in sys.modules))\n"
        "if importlib.util.find_spec('numpy'):\n"
        "    import numpy\n"
        "    print(numpy.__name__)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    lines = out.stdout.splitlines()
    assert lines[0] == "[]"
    assert lines[1:] in ([], ["numpy"])


def test_performance_mode_keeps_trees_up_to_its_bound_and_the_rest_as_memory_mode() -> None:
    from deboiler_gui.engine.sources import iter_demo_pages

    site = sorted(iter_demo_pages(), key=lambda p: p.url)
    expected = [r.to_dict() for r in boilerplate.DomainCleaner().fit(site).transform(site)]
    unbounded = boilerplate.DomainCleaner(operation_mode="performance")
    unbounded.kept_tree_chars = 10**12
    unbounded.fit(site)
    assert len(unbounded._cache) == len(site)
    bounded = boilerplate.DomainCleaner(operation_mode="performance")
    bounded.kept_tree_chars = sum(len(p.html) for p in site[:10])
    bounded.fit(site)
    assert 10 <= len(bounded._cache) < len(site)
    assert bounded._store is not None
    assert len(bounded._cache) + len(bounded._store.pages) == len(site)
    assert [r.to_dict() for r in unbounded.transform(site)] == expected
    assert [r.to_dict() for r in bounded.transform(site)] == expected
    assert not bounded._cache and not bounded._store.pages  # each page's state is used once


def test_memory_mode_parses_again_without_the_checks_only_pages_that_needed_no_rewriting() -> None:
    from deboiler_gui.engine.htmltree import parse_html, prepare_html
    from deboiler_gui.engine.model import Page

    frame = "<html><body><div class='nav'><a href='/a'>Home</a> <a href='/b'>News</a></div>{}</body></html>"
    bodies = {
        "plain": "<div class='story'><p>A story of its own, long enough to be the content.</p></div>",
        # a reference to a control character: lxml refuses its text unless it is rewritten
        "ref": "<div class='story'><p>Bad &#x1; byte &#0011; here, and text after it.</p></div>",
        # libxml2 nests what follows an unclosed wbr inside it unless it is rewritten
        "wbr": "<div class='story'><p>std::<wbr>filesystem::<wbr>path and more text</p></div>",
    }
    pages = [
        Page(url=f"https://site.example/{name}{i}.html", html=frame.format(body))
        for name, body in bodies.items()
        for i in range(3)
    ]
    for page in pages:
        rewritten = prepare_html(page.html) != page.html
        assert rewritten == (not page.url.split("/")[-1].startswith("plain"))
    cleaner = boilerplate.DomainCleaner(operation_mode="memory").fit(pages)
    store = cleaner._store
    assert store is not None
    assert [store.as_is(p.url, p.html) for p in pages] == [True] * 3 + [False] * 6
    # another HTML under a kept URL is never taken as checked
    assert not store.as_is(pages[0].url, pages[0].html + " ")
    kept = [r.to_dict() for r in cleaner.transform(pages)]
    fresh = [cleaning.clean_page(p, cleaner.model_).to_dict() for p in pages]
    assert kept == fresh
    assert all(r["status"] == "ok" for r in kept)
    assert "byte" in kept[3]["cleaned_text"] and "\x01" not in kept[3]["cleaned_html"]
    # the rewritten parse: the wbr is empty, the text after it stays in the paragraph
    assert [len(w) for w in parse_html(pages[6].html).xpath("//wbr")] == [0, 0]


def test_memory_mode_keeps_no_analysis_of_a_page_with_candidates_below_max_depth() -> None:
    from deboiler_gui.engine.model import Page

    menu = "<div class='nav'><a href='/a'>Home</a> <a href='/b'>News</a></div>"
    shallow = "<div class='story'><p>Story {n} tells a long tale of the day.</p></div>"
    deep = "<div><div><div><div><p>Deep story {n}, five levels down.</p></div></div></div></div>"
    site = [
        Page(
            f"https://x.example/{n}",
            f"<html><body>{menu}{(deep if n % 2 else shallow).format(n=n)}</body></html>",
        )
        for n in range(8)
    ]
    cleaner = boilerplate.DomainCleaner(max_depth=4).fit(site)
    assert cleaner._store is not None
    # (html, body and the nested divs: the deep pages' p is below depth 4, no candidate)
    assert sorted(cleaner._store.pages) == [p.url for p in site if not int(p.url[-1]) % 2]
    model = cleaner.model_
    assert model is not None
    fresh = [cleaning.clean_page(p, model).to_dict() for p in site]
    assert [r.to_dict() for r in cleaner.transform(site)] == fresh
    assert "Deep story 3" in fresh[3]["cleaned_text"]
