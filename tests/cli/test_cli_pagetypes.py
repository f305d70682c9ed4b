"""`deboiler-gui pagetypes`: a site's pages clustered by structure and URL shape, each type with
an induced URL pattern."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.template.pagetypes import url_pattern

BASE = "http://mixed.local/"
FRAME = '<header class="top"><nav class="menu"><a href="/">Home</a><a href="/shop/">Shop</a><a href="/blog/">Blog</a></nav></header>'
FOOT = '<footer class="foot"><p>© Mixed</p></footer>'


def _page(body: str) -> str:
    return f"<html><head><title>t</title></head><body>{FRAME}<main class='main'>{body}</main>{FOOT}</body></html>"


def product(i: int) -> str:
    rows = "".join(f"<tr><th>k{k}</th><td>{i * k}</td></tr>" for k in range(3))
    return _page(
        f'<div class="product"><h1 class="name">Lamp {i}</h1><div class="gallery"><img src="/i/{i}.jpg" alt="lamp"></div>'
        f'<p class="price"><span class="amount">{i}.99</span></p><table class="specs"><tbody>{rows}</tbody></table>'
        f'<form class="buy"><button>Buy</button></form></div>'
    )


def post(slug: str) -> str:
    return _page(
        f'<article class="post"><h1 class="title">{slug}</h1><p class="byline"><time>2024-01-01</time> by <a class="author">Ann</a></p>'
        f'<div class="text"><p>One {slug}.</p><p>Two.</p><blockquote><p>Quote</p></blockquote></div>'
        f'<ul class="tags"><li>a</li><li>b</li></ul></article><section class="comments"><div class="comment"><p>Nice</p></div></section>'
    )


def category(name: str) -> str:
    cards = "".join(
        f'<li class="card"><a href="/shop/p/{k}.html"><img src="/i/{k}.jpg" alt="x"><span class="label">Lamp {k}</span></a></li>'
        for k in range(6)
    )
    return _page(
        f'<h1 class="heading">{name}</h1><ul class="grid">{cards}</ul><nav class="pager"><a href="?page=2">Next</a></nav>'
    )


def build(folder: Path) -> None:
    for i in range(1, 13):
        (folder / "shop" / "p").mkdir(parents=True, exist_ok=True)
        (folder / "shop" / "p" / f"{i}.html").write_text(product(i), encoding="utf-8")
    for slug in (
        "hello-world",
        "winter-lights",
        "new-shop",
        "lamp-care",
        "spring-sale",
        "our-team",
        "faq-lamps",
    ):
        (folder / "blog" / "2024").mkdir(parents=True, exist_ok=True)
        (folder / "blog" / "2024" / f"{slug}.html").write_text(post(slug), encoding="utf-8")
    for name in ("desk", "floor", "wall", "table"):
        (folder / "shop" / "c" / name).mkdir(parents=True, exist_ok=True)
        (folder / "shop" / "c" / name / "index.html").write_text(
            category(name.title()), encoding="utf-8"
        )


def test_url_patterns() -> None:
    assert url_pattern(["http://h/p/1.html", "http://h/p/22.html"]) == "http://h/p/{n}.html"
    assert (
        url_pattern(["http://h/d/sql-a.html", "http://h/d/sql-bb.html", "http://h/d/app-c.html"])
        == "http://h/d/{app,sql}-*.html"
    )
    assert (
        url_pattern(["http://h/a/x.html", "http://h/a/b/y.html", "http://h/a/z.html"])
        == "http://h/a/*.html | http://h/a/b/y.html"
    )
    assert url_pattern([]) == ""


def test_three_page_types_of_a_built_site(tmp_path: Path) -> None:
    build(tmp_path / "site")
    ws = tmp_path / "ws.sqlite"
    runner = CliRunner()
    assert (
        runner.invoke(
            cli, ["import", str(tmp_path / "site"), "-w", str(ws), "--base-url", BASE, "-q"]
        ).exit_code
        == 0
    )
    result = runner.invoke(cli, ["pagetypes", "-w", str(ws), "--json"])
    assert result.exit_code == 0, result.output
    types = json.loads(result.stdout)["mixed.local"]
    got = sorted((t["pages"], t["pattern"]) for t in types)
    assert got == [
        (4, BASE + "shop/c/*/index.html"),
        (7, BASE + "blog/2024/*.html"),
        (12, BASE + "shop/p/{n}.html"),
    ]
    table = runner.invoke(cli, ["pagetypes", "-w", str(ws), "-q"])
    assert table.stdout.splitlines()[0] == "mixed.local: 23 pages, 3 page types"
    assert "  1     12 pages  http://mixed.local/shop/p/{n}.html" in table.stdout
    bad = runner.invoke(cli, ["pagetypes", "-w", str(ws), "--site", "nope.local"])
    assert bad.exit_code == 1 and "no pages of site 'nope.local'" in bad.output


def test_one_page_one_type_in_the_singular(tmp_path: Path) -> None:
    (tmp_path / "site" / "shop" / "p").mkdir(parents=True)
    (tmp_path / "site" / "shop" / "p" / "1.html").write_text(product(1), encoding="utf-8")
    ws = tmp_path / "ws.sqlite"
    runner = CliRunner()
    imported = runner.invoke(
        cli, ["import", str(tmp_path / "site"), "-w", str(ws), "--base-url", BASE]
    )
    assert imported.stdout.startswith("Imported 1 page (1 ok, 0 skipped, 0 errors) from 1 record")
    table = runner.invoke(cli, ["pagetypes", "-w", str(ws), "-q"])
    assert table.stdout.splitlines()[:2] == [
        "mixed.local: 1 page, 1 page type",
        "    1      1 page   http://mixed.local/shop/p/1.html",
    ]


def test_a_long_pattern_is_cut_between_names() -> None:
    from deboiler_gui.cli.pagetypes import SHOWN_PATTERN, _shown

    names = [f"chapter-{w}" for w in ("introduction", "configuration", "administration")] * 8
    pattern = "https://h.example/doc/{" + ",".join(names) + "}.html"
    shown = _shown(pattern)
    head = shown.split("…")[0]
    assert len(head) <= SHOWN_PATTERN
    # the cut falls after a whole name, never inside one
    assert head.endswith(",")
    assert head[:-1].rsplit(",", 1)[-1] in names
    assert f"({len(pattern):,} characters; --json gives it whole)" in shown
    assert _shown("https://h.example/a/*.html") == "https://h.example/a/*.html"
