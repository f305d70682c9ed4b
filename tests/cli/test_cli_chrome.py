"""`clean --chrome`: each site's removed frame written once, in a representative page's order."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.clean.chrome import sample_evenly, site_chrome
from deboiler_gui.engine.model import DomainModel, Page
from deboiler_gui.engine.sources import demo_site_path


def test_chrome_of_the_demo_site(tmp_path: Path) -> None:
    out, chrome = tmp_path / "o.jsonl", tmp_path / "chrome.jsonl"
    result = CliRunner().invoke(
        cli, ["clean", "--demo", "-o", str(out), "--chrome", str(chrome), "-q"]
    )
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in chrome.read_text(encoding="utf-8").splitlines()]
    assert [r["site"] for r in records] == ["hillside-garden.example"]
    rec = records[0]
    parts = rec["chrome"]
    keys = [p["key"] for p in parts]
    assert len(keys) == len(set(keys)) == rec["parts"]  # de-duplicated by representation
    assert rec["pages_read"] == 29
    # the representative page's parts first, in its page order: cookie notice, header,
    # breadcrumbs, pager, sidebar, footer (hand-checked against guides/compost.html)
    rep = [p for p in parts if p["url"] == rec["representative_url"]]
    assert parts[: len(rep)] == rep
    firsts = [p["text"].split("\n")[0] for p in rep]
    assert firsts[0] == "We use cookies to count visits. OK"
    assert firsts[1] == "Hillside Garden Notes"
    assert firsts[-1].startswith("© 2024 Hillside Garden Notes")
    assert any(t.startswith("You are here:") for t in firsts)
    assert any(t == "Popular guides" for t in firsts)
    # the Chinese pages' frame is a different representation: kept once too, after
    assert any("本站使用 Cookie" in p["text"] for p in parts[len(rep) :])
    # each part is real removed boilerplate: on several pages, absent from the cleaned text
    cleaned = {r["url"]: r for r in map(json.loads, out.read_text(encoding="utf-8").splitlines())}
    for part in parts:
        assert part["pages"] >= 2
        assert part["text"] not in cleaned[part["url"]]["cleaned_text"]
        assert part["html"].startswith("<") and part["markdown"]
        page = (demo_site_path() / part["url"].split("/", 3)[3]).read_text(encoding="utf-8")
        assert part["text"].split("\n")[0].split(" ")[0] in page
    assert "[Home](https://hillside-garden.example/index.html)" in rec["markdown"]
    assert rec["text"].count("We use cookies to count visits.") == 1  # once, not per page


def test_bad_chrome_path_is_reported_before_any_work(tmp_path: Path) -> None:
    (tmp_path / "no").write_text("a file, not a folder", encoding="utf-8")
    result = CliRunner().invoke(
        cli,
        [
            "clean",
            "--demo",
            "-o",
            str(tmp_path / "o.jsonl"),
            "--chrome",
            str(tmp_path / "no" / "c.jsonl"),
        ],
    )
    assert result.exit_code == 1
    assert "cannot make folder" in result.output
    assert not (tmp_path / "o.jsonl").exists()


def test_sample_evenly() -> None:
    assert sample_evenly(list(range(10)), 20) == list(range(10))
    assert sample_evenly(list(range(10)), 5) == [0, 2, 4, 6, 8]


def test_site_chrome_without_pages_or_with_a_broken_one() -> None:
    from deboiler_gui.engine.clean.boilerplate import DomainCleaner

    pages = [
        Page(
            f"https://s.example/p{i}.html",
            f"<html><body><nav><a href='/'>Home</a> <a href='/b'>Blog</a></nav><p>Body {i} text of its own {i * 7}</p><footer>(c) S</footer></body></html>",
        )
        for i in range(6)
    ]
    model: DomainModel = DomainCleaner().fit(pages).model_
    chrome = site_chrome("s.example", pages, model)
    texts = [p.text for p in chrome.parts]
    assert texts == ["Home Blog", "(c) S"]
    assert chrome.representative_url == "https://s.example/p0.html"
    assert all(p.pages == 6 for p in chrome.parts)
    empty = site_chrome("s.example", [], model)
    assert empty.parts == [] and empty.representative_url == ""
