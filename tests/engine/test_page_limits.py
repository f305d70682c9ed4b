"""Per-page limits of extraction and cleaning: a rule that runs for minutes on one page is
stopped and becomes that page's error; long lists are extracted in linear time."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import lxml.etree as etree
import pytest

from deboiler_gui.engine.clean.pipeline import CleanOptions, run_steps
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page, RuleError
from deboiler_gui.engine.pagework import PageTimeout, PageWorker
from deboiler_gui.engine.template.extract import _node_paths, iter_extract
from deboiler_gui.engine.template.model import Template

SLOW = "count(//*[count(following::*) > count(preceding::*)])"
BIG = (
    "<html><body>"
    + "".join(f"<div><p>para {i}</p><span>x</span></div>" for i in range(9000))
    + "</body></html>"
)


def pages() -> list[Page]:
    return [
        Page("http://a.test/1", "<html><body><h1>One</h1></body></html>"),
        Page("http://a.test/2", BIG),
        Page("http://a.test/3", "<html><body><h1>Three</h1></body></html>"),
    ]


def template(**extra: Any) -> Template:
    return Template.from_dict(
        {
            "name": "t",
            "urls": ["http://a.test/"],
            "fields": [{"id": "title", "xpaths": ["//h1"]}],
            **extra,
        }
    )


def test_a_runaway_xpath_is_stopped_and_the_next_page_goes_on() -> None:
    slow = Template.from_dict(
        {
            "name": "t",
            "urls": ["http://a.test/"],
            "fields": [{"id": "title", "xpaths": ["//h1"]}, {"id": "n", "xpaths": [SLOW]}],
        }
    )
    results = list(iter_extract(pages(), [slow], page_timeout=1.0))
    assert [r.status for r in results] == ["ok", "error", "ok"]
    assert "longer than 1 s" in (results[1].error or "")
    assert results[2].values["title"] == "Three"


def test_without_a_limit_the_same_pages_extract_in_process() -> None:
    results = list(iter_extract(pages()[::2], [template()]))
    assert [r.values["title"] for r in results] == ["One", "Three"]


def test_bad_templates_still_fail_before_the_first_page() -> None:
    bad = Template.from_dict(
        {"name": "t", "urls": ["http://a.test/"], "fields": [{"id": "x", "xpaths": ["doc('x')"]}]}
    )
    with pytest.raises(RuleError):
        next(iter_extract(pages(), [bad], page_timeout=5.0))


def _sleepy(seconds: float) -> float:
    import time

    time.sleep(seconds)
    return seconds


def test_worker_restarts_after_a_timeout() -> None:
    with PageWorker(_sleepy) as worker:
        with pytest.raises(PageTimeout):
            worker.run(30.0, 0.5)
        assert worker.run(0.01, 10.0) == 0.01
        assert worker.restarts == 0  # killed, then started afresh on demand


@pytest.mark.parametrize("jobs", [1, 2])
def test_clean_with_a_runaway_remove_rule_is_stopped(tmp_path: Path, jobs: int) -> None:
    rules = template(
        remove=[{"name": "slow", "selector": "//*[count(following::*) > count(preceding::*)]"}]
    )
    src = tmp_path / "in.jsonl"
    src.write_text(
        "".join(json.dumps({"url": p.url, "html": p.html}) + "\n" for p in pages()),
        encoding="utf-8",
    )
    out = tmp_path / "out.jsonl"
    gen = run_steps(
        [src], out, options=CleanOptions(page_timeout=1.0, jobs=jobs, templates=[rules.to_dict()])
    )
    for _ in gen:
        pass
    records = {r["url"]: r for r in map(json.loads, out.read_text(encoding="utf-8").splitlines())}
    assert (
        records["http://a.test/2"]["status"] == "error"
        and "longer than 1 s" in records["http://a.test/2"]["error"]
    )
    assert (
        records["http://a.test/1"]["status"] == "ok"
        and records["http://a.test/3"]["status"] == "ok"
    )


def test_node_paths_are_getpath_for_every_kind_of_sibling() -> None:
    root = parse_html(
        "<div><p>a</p><p>b</p><span>c</span><!-- x --><ul><li>1</li></ul><p>d</p></div><div><b>x</b></div>"
    )
    tree = root.getroottree()
    nodes = [el for el in root.iter() if el.getparent() is not None]
    assert _node_paths(nodes) == [tree.getpath(el) for el in nodes]
    texts = root.xpath("//p/text()")
    assert _node_paths(texts) == [tree.getpath(t.getparent()) for t in texts]


def test_namespaced_elements_fall_back_to_getpath() -> None:
    root = etree.fromstring("<r xmlns:x='urn:x'><x:a/><x:a/><b/></r>")
    nodes = list(root)
    assert _node_paths(nodes) == [root.getroottree().getpath(n) for n in nodes]


@pytest.mark.parametrize("timeout", [None, 30.0])
def test_a_json_page_with_control_characters_in_keys_is_extracted(timeout: float | None) -> None:
    json_pages = [
        Page("http://a.test/good", '{"items": [{"title": "ok"}]}', content_type="application/json"),
        Page(
            "http://a.test/nul", '{"a\\u0000b": 5, "title": "t2"}', content_type="application/json"
        ),
    ]
    t = Template.from_dict(
        {"name": "api", "urls": ["http://a.test/"], "fields": [{"id": "v", "xpaths": ["//title"]}]}
    )
    results = list(iter_extract(json_pages, [t], page_timeout=timeout))
    assert [(r.url, r.status, r.values.get("v")) for r in results] == [
        ("http://a.test/good", "ok", "ok"),
        ("http://a.test/nul", "ok", "t2"),
    ]


def test_an_unexpected_fault_on_one_page_is_that_pages_error(monkeypatch: Any) -> None:
    from deboiler_gui.engine.template import extract

    real = extract.apply_template

    def faulty(page: Page, *args: Any, **kwargs: Any) -> Any:
        if page.url.endswith("/2"):
            raise ValueError("All strings must be XML compatible")
        return real(page, *args, **kwargs)

    monkeypatch.setattr(extract, "apply_template", faulty)
    results = list(iter_extract(pages(), [template()]))
    assert [r.status for r in results] == ["ok", "error", "ok"]
    assert results[1].error == (
        "extraction failed on this page: ValueError: All strings must be XML compatible"
    )
