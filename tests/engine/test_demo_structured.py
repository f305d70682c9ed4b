"""The demo site's structured data (OpenGraph on every page, a JSON-LD HowTo on each guide,
Article microdata on the season pages, a JSON-LD WebSite on the home page) says only what the
page shows: every text value is the page's visible text."""

from __future__ import annotations

from deboiler_gui import assets
from deboiler_gui.engine.htmltree import parse_html, visible_text
from deboiler_gui.engine.sources import DEMO_BASE_URL
from deboiler_gui.engine.template.structured import page_values

# values that are not text the page shows: identifiers, types, languages, the site's address
_NOT_TEXT = ("@context", "@type", ".url", "og:url", "og:type", "og:locale", "inLanguage")


def _pages() -> dict[str, str]:
    folder = assets.path("demo")
    return {
        p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(folder.rglob("*.html"))
    }


def test_every_demo_page_has_opengraph_and_each_guide_a_howto() -> None:
    pages = _pages()
    assert len(pages) == 29
    kinds: dict[str, set[str]] = {"json-ld": set(), "microdata": set(), "opengraph": set()}
    for rel, html in pages.items():
        values = page_values(parse_html(html))
        assert values["opengraph:og:url"] == DEMO_BASE_URL + rel
        assert values["opengraph:og:title"] == visible_text(parse_html(html).xpath("//h1")[0])
        for key in values:
            kinds[key.split(":", 1)[0]].add(rel)
        guide = rel.startswith(("guides/", "zh/")) and not rel.endswith("index.html")
        assert ("json-ld:HowTo.name" in values) == guide, rel
        if guide:
            root = parse_html(html)
            steps = [visible_text(li) for li in root.xpath("//article/ol/li")]
            assert [values[f"json-ld:HowTo.step.{i}.text"] for i in range(len(steps))] == steps
    assert len(kinds["opengraph"]) == 29
    assert len(kinds["json-ld"]) == 21  # twelve guides, eight Chinese guides, the home page
    assert sorted(kinds["microdata"]) == [
        f"seasons/{s}.html" for s in ("autumn", "spring", "summer", "winter")
    ]


def test_structured_values_are_what_the_page_shows() -> None:
    for rel, html in _pages().items():
        root = parse_html(html)
        shown = " ".join(visible_text(root.xpath("//body")[0]).split())
        for key, value in page_values(root).items():
            if any(part in key for part in _NOT_TEXT):
                continue
            if key.endswith(".dateModified"):
                assert f"Updated {value}" in shown or f"更新于 {value}" in shown, (rel, key)
                continue
            if key.endswith(".position"):
                continue
            assert value in shown, (rel, key, value)
