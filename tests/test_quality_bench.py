"""The quality benchmark's ground truth, scoring and data-set builder on small real-shaped inputs."""

from __future__ import annotations

import json
import shutil
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
    assert [r["url"] for r in built] == ["http://f.org/t/1", "http://f.org/t/2"]
    assert built[0]["html"] == THREAD and built[0]["status"] == 200
    assert built[1]["html"] == "<p>café</p>"  # not UTF-8: read as Windows-1252
    json.dumps(built)  # the records are plain JSON


def _bare_mirror(tmp_path: Path, work: Path, repo: str) -> Path:
    _git(work, "init", "-q")
    _git(work, "add", ".")
    _git(work, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "pages")
    mirror = tmp_path / "mirrors" / repo / "repo"
    mirror.parent.mkdir(parents=True)
    _git(tmp_path, "clone", "-q", "--bare", str(work), str(mirror))
    return tmp_path / "mirrors"


@pytest.mark.skipif(
    shutil.which("7z") is None, reason="the 7z command (p7zip-full) makes the archive"
)
def test_datasets_builds_news_pages_and_article_text_from_a_7z_archive(tmp_path: Path) -> None:
    # laid out as crawl-to-the-future's archives: <host>/<year>/<name>.html beside <name>.txt
    site = tmp_path / "pack" / "www.news.com"
    (site / "2000").mkdir(parents=True)
    (site / "2015").mkdir()
    story = "<html><body><nav>Home</nav><h1>Rain</h1><p>Rain falls.</p></body></html>"
    crawl_name = "20000511124527_www_news_com_world_rain_html"
    (site / "2000" / f"{crawl_name}.html").write_text(story, encoding="utf-8")
    (site / "2000" / f"{crawl_name}.txt").write_text("Rain\nRain falls.", encoding="utf-8")
    (site / "2015" / "Snow – and ice.html").write_bytes("<p>caf\xe9 snow</p>".encode("cp1252"))
    (site / "2015" / "Snow – and ice.txt").write_text("café snow", encoding="utf-8")
    (site / "2015" / "Index.html").write_text("<p>Front page</p>", encoding="utf-8")  # no text
    work = tmp_path / "src"
    (work / "dataset").mkdir(parents=True)
    subprocess.run(
        ["7z", "a", "-bd", str(work / "dataset" / "www.news.com.7z"), "www.news.com"],
        cwd=tmp_path / "pack",
        check=True,
        capture_output=True,
    )
    mirrors = _bare_mirror(tmp_path, work, "o+n")
    src = datasets.Source(
        "n", "o+n", datasets.build_crawl_to_the_future_7z, "dataset/www.news.com.7z"
    )
    built, gold = src.build(src, datasets._git_dir(mirrors, "o+n"))
    urls = [r["url"] for r in built]
    assert urls == [
        "http://www.news.com/2015/Index",
        "http://www.news.com/2015/Snow%20%E2%80%93%20and%20ice",
        # the crawl's name: the host's dots and the path's slashes both written as "_"
        "http://www.news.com/world/rain/html?wayback=20000511124527",
    ]
    assert built[2]["html"] == story
    assert built[1]["html"] == "<p>café snow</p>"  # not UTF-8: read as Windows-1252
    # the front page has no article text, so no gold
    assert gold == [
        {"url": urls[1], "text": "café snow"},
        {"url": urls[2], "text": "Rain\nRain falls."},
    ]


def test_datasets_names_the_missing_7z_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(datasets.shutil, "which", lambda name: None)
    with pytest.raises(datasets.Unavailable, match=r"7z command .*p7zip-full"):
        datasets._unpack_7z(b"7z", tmp_path)


def test_datasets_builds_the_other_sites_when_a_mirror_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    work = tmp_path / "src"
    (work / "F").mkdir(parents=True)
    (work / "F" / "http:__f.org_t_1.html").write_text(THREAD, encoding="utf-8")
    mirrors = _bare_mirror(tmp_path, work, "o+f")
    monkeypatch.setattr(
        datasets,
        "SOURCES",
        [
            datasets.Source("gone", "o+gone", datasets.build_webstructure, "F"),
            datasets.Source("f", "o+f", datasets.build_webstructure, "F"),
        ],
    )
    out = tmp_path / "out"
    monkeypatch.setattr(sys, "argv", ["datasets.py", "--mirrors", str(mirrors), "--out", str(out)])
    with pytest.raises(SystemExit, match="not built: gone"):
        datasets.main()
    assert "gone: not built: no git mirror of o+gone" in capsys.readouterr().err
    assert not (out / "gone").exists()
    rows = [
        json.loads(line) for line in (out / "f" / "pages.jsonl").read_text("utf-8").splitlines()
    ]
    assert [r["url"] for r in rows] == ["http://f.org/t/1"]


def test_datasets_keeps_the_host_of_a_crawl_name_that_starts_with_a_slash(tmp_path: Path) -> None:
    # crawl-to-the-future's folders: "<time>_<URL with "/" as "_">"; some saved URLs start
    # with "/" ("<time>__www.news.com_"), and some pages were saved under both names
    work = tmp_path / "src"
    folder = work / "dataset" / "www.news.com"
    folder.mkdir(parents=True)
    (folder / "20000304001851__www.news.com_").write_text("<p>Front</p>", encoding="utf-8")
    (folder / "20100101000000__www.news.com_").write_text("<p>Twice</p>", encoding="utf-8")
    (folder / "20100101000000_www.news.com_").write_text("<p>Twice</p>", encoding="utf-8")
    (folder / "20150101000000_www.news.com_world_rain").write_text("<p>R</p>", encoding="utf-8")
    mirrors = _bare_mirror(tmp_path, work, "o+c")
    src = datasets.Source("c", "o+c", datasets.build_crawl_to_the_future, "dataset/www.news.com")
    built, _ = src.build(src, datasets._git_dir(mirrors, "o+c"))
    assert [r["url"] for r in built] == [
        "http://www.news.com/?wayback=20000304001851",
        "http://www.news.com/?wayback=20100101000000",
        "http://www.news.com/world/rain?wayback=20150101000000",
    ]


def test_datasets_builds_a_shop_catalogue_from_a_static_export(tmp_path: Path) -> None:
    # a WordPress shop saved as "<address>/index.html": the product pages and the pages listing
    # them; the export's redirect stubs, oEmbed views and feeds are not pages of the site
    work = tmp_path / "src"
    product = work / "product" / "knee-brace"
    (product / "embed").mkdir(parents=True)
    (product / "feed").mkdir()
    (product / "index.html").write_text("<h1>Knee Brace</h1>", encoding="utf-8")
    (product / "embed" / "index.html").write_text("<p>embedded</p>", encoding="utf-8")
    (product / "feed" / "index.xml").write_text("<rss/>", encoding="utf-8")
    (work / "product" / "old-name").mkdir()
    (work / "product" / "old-name" / "index.html").write_text(
        '<html><head><title>Redirecting...</title><meta http-equiv="refresh" content="0; '
        'url=/product/knee-brace/"></head></html>',
        encoding="utf-8",
    )
    (work / "product-category" / "knees").mkdir(parents=True)
    (work / "product-category" / "knees" / "index.html").write_text("<ul/>", encoding="utf-8")
    (work / "about").mkdir()
    (work / "about" / "index.html").write_text("<p>About us</p>", encoding="utf-8")
    mirrors = _bare_mirror(tmp_path, work, "o+s")
    src = datasets.Source("s", "o+s", datasets.build_static_shop, "product product-category")
    built, gold = src.build(src, datasets._git_dir(mirrors, "o+s"))
    base = "https://atsmanufacturing.github.io/oldat/"
    assert gold == []
    assert [r["url"] for r in built] == [
        base + "product-category/knees/",
        base + "product/knee-brace/",
    ]
    assert built[1]["html"] == "<h1>Knee Brace</h1>"


PRODUCT = """<html><body class="product-template-default single single-product">
<div class="topbar">Free shipping on all US orders</div><nav>Home Shop Cart</nav>
<nav class="woocommerce-breadcrumb">Home / Knees / Hinged Knee Brace</nav>
<div class="product-summary"><div class="summary entry-summary">
<h1 class="product_title entry-title">Hinged Knee Brace</h1>
<div class="woocommerce-product-details__short-description"><p>Metal hinges on both sides.</p></div>
<p class="price">$57.00</p>
<form class="variations_form cart"><table class="variations"><tr><th>SIZE</th>
<td><select><option>Choose</option><option>Petite</option></select></td></tr></table>
<label>Quantity</label> <button>Add to cart</button></form>
<div class="product_meta"><span class="sku_wrapper">SKU: 777</span>
<span class="posted_in">Categories: Knees, Sports</span></div></div></div>
<div class="woocommerce-tabs"><ul class="tabs"><li>Description</li><li>Reviews (1)</li></ul>
<div id="tab-description"><p>Supports the patella during recovery.</p></div>
<div id="tab-additional_information"><table><tr><th>Weight</th><td>9 oz</td></tr></table></div>
<div id="tab-reviews"><h2>1 review for Hinged Knee Brace</h2><ol class="commentlist"><li>
<div class="star-rating">Rated 5 out of 5</div><p class="meta">dishliquid October 5</p>
<div class="description"><p>Stopped hurting at once.</p></div></li></ol>
<div id="review_form">You must be logged in to post a review.</div></div></div>
<section class="related products"><h2>Related products</h2>Ankle Wrap $9.00</section>
<footer>Newsletter Copyright</footer></body></html>"""


def test_the_shop_rule_keeps_the_product_and_leaves_the_shop_around_it() -> None:
    from sites import SITES

    shop = next(s for s in SITES if s.name == "atsurgical-shop")
    content, boiler = truth(shop, Page(url="http://s/product/knee/", html=PRODUCT))  # type: ignore[misc]
    assert content == tokens(
        "Hinged Knee Brace Metal hinges on both sides. $57.00 SKU: 777"
        " Supports the patella during recovery. Weight 9 oz Stopped hurting at once."
    )
    assert boiler == tokens(
        "Free shipping on all US orders Home Shop Cart Home / Knees / Hinged Knee Brace"
        " Quantity Add to cart Categories: Knees, Sports Description Reviews (1)"
        " 1 review for Hinged Knee Brace Rated 5 out of 5 dishliquid October 5"
        " You must be logged in to post a review. Related products Ankle Wrap $9.00"
        " Newsletter Copyright"
    )
    # the size picker is scored neither way
    assert "petite" not in content and "petite" not in boiler
    listing = PRODUCT.replace("single-product", "archive tax-product_cat")
    assert truth(shop, Page(url="http://s/product-category/knees/", html=listing)) is None
