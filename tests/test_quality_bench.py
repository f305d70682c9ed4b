"""The quality benchmark's ground truth, scoring and data-set builder on small real-shaped inputs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCH))

import datasets  # noqa: E402
import quality  # noqa: E402
from sites import Site, tokens, truth  # noqa: E402

from deboiler_gui.engine.model import Page  # noqa: E402

FORUM = Site(
    name="t",
    generator="t",
    kind="forum",
    root="unused.jsonl",
    glob="",
    base_url="http://t/",
    scored="//div[@class='post']",
    content="//h1 | //div[@class='post']/div[@class='body']",
    exclude=("//div[@class='body']/span[@class='date']",),
    neutral=("//div[@class='sig']",),
)

THREAD = """<html><body><nav>Home Forums Members</nav><h1>Printer jams</h1>
<div class="post"><b>alice</b><div class="body"><span class="date">May 2</span> My printer jams daily.
<div class="sig">sent from phone</div></div></div>
<div class="post"><b>bob</b><div class="body">Clean the rollers.</div></div>
<footer>Copyright forum</footer></body></html>"""


def test_truth_splits_content_boilerplate_and_leaves_neutral_parts_out() -> None:
    content, boiler = truth(FORUM, Page(url="http://t/1", html=THREAD))  # type: ignore[misc]
    assert content == tokens("Printer jams My printer jams daily. Clean the rollers.")
    assert boiler == tokens("Home Forums Members alice May 2 bob Copyright forum")
    # the signature is neither: not content, not boilerplate
    assert "phone" not in content and "phone" not in boiler


def test_pages_without_the_scored_part_are_not_scored() -> None:
    members = "<html><body><nav>Home</nav><table><tr><td>alice</td></tr></table></body></html>"
    assert truth(FORUM, Page(url="http://t/members", html=members)) is None


def test_gold_text_is_the_content_where_the_site_has_it() -> None:
    site = Site(
        name="n", generator="n", root="x.jsonl", glob="", base_url="", content="", gold="g.jsonl"
    )
    page = Page(
        url="http://n/1", html="<html><body><p>Menu News</p><p>Rain falls.</p></body></html>"
    )
    assert truth(site, page) is None  # no gold for this page
    content, boiler = truth(site, page, "Rain falls. Words not on the page")  # type: ignore[misc]
    assert content == tokens("Rain falls")
    assert boiler == tokens("Menu News")


def test_score_counts_kept_content_and_leftover_boilerplate() -> None:
    t = truth(FORUM, Page(url="http://t/1", html=THREAD))
    assert t is not None
    truths = {"http://t/1": t}
    perfect = quality.score(
        truths, {"http://t/1": "Printer jams My printer jams daily. Clean the rollers."}
    )
    assert perfect["removed"] == 1.0 and perfect["kept"] == 1.0 and perfect["f1"] == 1.0
    # the signature in the output costs nothing; the menu costs precision and removal
    noisy = quality.score(
        truths, {"http://t/1": "Home Forums Members Printer jams sent from phone"}
    )
    assert noisy["kept"] == pytest.approx(2 / 9)
    assert noisy["removed"] == pytest.approx(1 - 3 / 9)
    assert noisy["precision"] == pytest.approx(2 / 5)
    assert quality.score(truths, {})["kept"] == 0.0


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def test_datasets_builds_forum_pages_from_a_git_mirror(tmp_path: Path) -> None:
    work = tmp_path / "src"
    pages = work / "Crawler" / "crawl_data" / "F"
    (pages / "http:__f.org_t_1_files").mkdir(parents=True)
    (pages / "http:__f.org_t_1.html").write_text(THREAD, encoding="utf-8")
    (pages / "http:__f.org_t_1_files" / "style.html").write_text("resource", encoding="utf-8")
    (pages / "http:__f.org_t_2.html").write_bytes("<p>caf\xe9</p>".encode("cp1252"))
    _git(work, "init", "-q")
    _git(work, "add", ".")
    _git(work, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "pages")
    mirror = tmp_path / "mirrors" / "o+f" / "repo"
    mirror.parent.mkdir(parents=True)
    _git(tmp_path, "clone", "-q", "--bare", str(work), str(mirror))
    src = datasets.Source("f", "o+f", datasets.build_webstructure, "Crawler/crawl_data/F")
    built, gold = src.build(src, datasets._git_dir(tmp_path / "mirrors", "o+f"))
    assert gold == []
    assert [r["url"] for r in built] == ["http://f.org_t_1", "http://f.org_t_2"]
    assert built[0]["html"] == THREAD and built[0]["status"] == 200
    assert built[1]["html"] == "<p>café</p>"  # not UTF-8: read as Windows-1252
    json.dumps(built)  # the records are plain JSON
