"""Page types in the workbench, without Qt: computed in a child process on real multi-type
sites, split, merged, renamed, their URL patterns re-induced, kept in the workspace across a
restart, and a template per type whose URL patterns choose the type's pages by R(w,m)."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest

from deboiler_gui.app.pagetypes import PageTypeError, SitePageTypes, cluster_in_child
from deboiler_gui.engine.clean.pipeline import import_into
from deboiler_gui.engine.model import WorkspaceError
from deboiler_gui.engine.progress import run
from deboiler_gui.engine.sources import DEMO_BASE_URL, demo_site_path
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.extract import choose_templates, match_degree

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cli"))
from test_cli_pagetypes import BASE, build  # noqa: E402  (the shop/blog/category site)

DEMO = "hillside-garden.example"
MIXED = "mixed.local"


@pytest.fixture(scope="module")
def demo_ws(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("demo") / "demo.sqlite"
    run(import_into(str(path), [str(demo_site_path())], base_url=DEMO_BASE_URL))
    return str(path)


@pytest.fixture(scope="module")
def mixed_ws(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("mixed-site")
    build(folder)
    path = tmp_path_factory.mktemp("mixed") / "mixed.sqlite"
    run(import_into(str(path), [str(folder)], base_url=BASE))
    return str(path)


def computed(path: str, site: str) -> SitePageTypes:
    return SitePageTypes.from_clusters(site, run(cluster_in_child(path, site)))


def by_pattern(types: SitePageTypes) -> dict[str, int]:
    return {t.pattern: len(t.urls) for t in types.types}


def test_demo_site_types_are_articles_section_indexes_and_top_pages(demo_ws: str) -> None:
    types = computed(demo_ws, DEMO)
    # Read off the demo's folders: 24 guide/season/zh articles, 3 section indexes, and the
    # home and about pages.
    assert by_pattern(types) == {
        f"https://{DEMO}/*/*.html": 24,
        f"https://{DEMO}/*/index.html": 3,
        f"https://{DEMO}/*.html": 2,
    }
    article = types.type_of(f"https://{DEMO}/guides/tomatoes.html")
    assert article is not None and len(article.urls) == 24
    assert f"https://{DEMO}/zh/tea.html" in article.urls
    assert types.type_of(f"https://{DEMO}/about.html") is types.type_of(
        f"https://{DEMO}/index.html"
    )


def test_mixed_site_types_and_their_titles(mixed_ws: str) -> None:
    types = computed(mixed_ws, MIXED)
    assert by_pattern(types) == {
        "http://mixed.local/shop/p/{n}.html": 12,
        "http://mixed.local/blog/2024/*.html": 7,
        "http://mixed.local/shop/c/*/index.html": 4,
    }
    assert [t.title for t in types.types] == [
        "/shop/p/{n}.html",
        "/blog/2024/*.html",
        "/shop/c/*/index.html",
    ]


def test_merge_then_split_by_pattern_round_trips_and_reinduces_patterns(mixed_ws: str) -> None:
    types = computed(mixed_ws, MIXED)
    product, post, _category = types.types
    product_urls, post_urls = sorted(product.urls), sorted(post.urls)
    merged = types.merge([product.key, post.key])
    assert merged is product and len(types.types) == 2
    assert len(merged.urls) == 19
    # Both have three path segments: one pattern, generalised where they differ.
    assert merged.patterns == ["http://mixed.local/*/*/*.html"]
    assert types.type_of("http://mixed.local/blog/2024/hello-world.html") is merged

    new = types.split_by_pattern(merged.key, "/blog/")  # a path prefix
    assert sorted(new.urls) == post_urls and sorted(merged.urls) == product_urls
    assert merged.pattern == "http://mixed.local/shop/p/{n}.html"
    assert new.pattern == "http://mixed.local/blog/2024/*.html"
    assert types.type_of("http://mixed.local/blog/2024/hello-world.html") is new
    assert types.types.index(new) == types.types.index(merged) + 1


def test_split_by_pattern_syntax_and_by_chosen_pages(mixed_ws: str) -> None:
    types = computed(mixed_ws, MIXED)
    product = types.types[0]
    assert len(types.pages_matching(product.key, "/shop/p/{n}.html")) == 12
    # {n} is a number, * any text in one segment, {a,b} one of the words
    low = types.split_by_pattern(product.key, "http://mixed.local/shop/p/{1,2,3}.html")
    assert sorted(low.urls) == [f"http://mixed.local/shop/p/{i}.html" for i in (1, 2, 3)]
    # both halves would be ".../shop/p/{n}.html": the smaller one names its pages instead
    assert low.pattern == "http://mixed.local/shop/p/{1,2,3}.html"
    assert product.pattern == "http://mixed.local/shop/p/{n}.html"
    assert types.pages_matching(product.key, low.pattern) == []
    post = types.types[2]
    assert post.pattern == "http://mixed.local/blog/2024/*.html"
    chosen = ["http://mixed.local/blog/2024/lamp-care.html"]
    alone = types.split_pages(post.key, chosen)
    assert alone.urls == chosen and alone.pattern == chosen[0]  # one page: its own URL
    assert alone.title == "/blog/2024/lamp-care.html"
    # what cannot be done is refused with the type named, and changes nothing
    before = by_pattern(types)
    with pytest.raises(PageTypeError, match="takes none of its pages"):
        types.split_by_pattern(post.key, "/shop/")
    with pytest.raises(PageTypeError, match="nothing would be left"):
        types.split_by_pattern(post.key, "/blog/2024/*.html")
    with pytest.raises(PageTypeError, match="has no page http://mixed.local/shop/p/4.html"):
        types.split_pages(post.key, ["http://mixed.local/shop/p/4.html"])
    with pytest.raises(PageTypeError, match="not a URL pattern"):
        types.pages_matching(post.key, "blog")
    with pytest.raises(PageTypeError, match="at least two"):
        types.merge([post.key])
    assert by_pattern(types) == before


def test_rename_and_unique_names(mixed_ws: str) -> None:
    types = computed(mixed_ws, MIXED)
    product, post, _ = types.types
    types.rename(product.key, "  Product   page ")
    assert product.title == "Product page"
    with pytest.raises(PageTypeError, match="already named 'Product page'"):
        types.rename(post.key, "Product page")
    types.rename(product.key, "")
    assert product.title == "/shop/p/{n}.html"


def test_edits_survive_a_restart_and_pages_gone_are_dropped(mixed_ws: str, tmp_path: Path) -> None:
    path = tmp_path / "copy.sqlite"
    with sqlite3.connect(mixed_ws) as src, sqlite3.connect(path) as dst:
        src.backup(dst)
    types = computed(str(path), MIXED)
    product, post, category = types.types
    types.merge([post.key, category.key])
    types.rename(post.key, "Editorial")
    split = types.split_pages(product.key, ["http://mixed.local/shop/p/12.html"])
    with Workspace(path) as ws:
        assert SitePageTypes.load(ws, MIXED) is None  # nothing saved yet
        types.save(ws)
    with Workspace(path, create=False) as ws:  # "restart": a new connection
        again = SitePageTypes.load(ws, MIXED)
        assert again is not None
        assert [(t.key, t.title, sorted(t.urls)) for t in again.types] == [
            (t.key, t.title, sorted(t.urls)) for t in types.types
        ]
        assert again.get(post.key).patterns == [
            "http://mixed.local/blog/2024/*.html",
            "http://mixed.local/shop/c/*/index.html",
        ]
        # a new type after the restart gets a key never used before
        newer = again.split_pages(product.key, [product.urls[0]])
        assert newer.key not in {product.key, post.key, category.key, split.key}
        # a page removed from the workspace leaves its type; an emptied type goes
        with ws._write() as conn:
            conn.execute("DELETE FROM pages WHERE url = ?", ("http://mixed.local/shop/p/12.html",))
        reloaded = SitePageTypes.load(ws, MIXED)
        assert reloaded is not None
        assert split.key not in [t.key for t in reloaded.types]
        assert reloaded.type_of("http://mixed.local/shop/p/12.html") is None
        assert reloaded.unassigned(ws.page_urls(MIXED)) == []


def test_a_failed_save_keeps_the_previous_types_whole(mixed_ws: str, tmp_path: Path) -> None:
    path = tmp_path / "copy.sqlite"
    with sqlite3.connect(mixed_ws) as src, sqlite3.connect(path) as dst:
        src.backup(dst)
    types = computed(str(path), MIXED)
    with Workspace(path) as ws:
        types.save(ws)
        saved = ws.load_page_types(MIXED)
        # The write fails half-way (the second row): the whole save is undone, the old rows
        # are all still there.
        with ws._write() as conn:
            conn.execute(
                "CREATE TRIGGER fail BEFORE INSERT ON page_types WHEN NEW.position = 1 "
                "BEGIN SELECT RAISE(ABORT, 'disk full'); END"
            )
        types.merge([types.types[0].key, types.types[1].key])
        with pytest.raises(WorkspaceError, match="disk full"):
            types.save(ws)
        assert ws.load_page_types(MIXED) == saved and len(saved) == 3
        with ws._write() as conn:
            conn.execute("DROP TRIGGER fail")
        # a corrupt stored row is reported with the site and position
        with ws._write() as conn:
            conn.execute("UPDATE page_types SET data = 'oops' WHERE position = 1")
        with pytest.raises(WorkspaceError, match="page type 1 of mixed.local is corrupt"):
            SitePageTypes.load(ws, MIXED)


def test_template_for_a_type_chooses_exactly_its_pages(mixed_ws: str, demo_ws: str) -> None:
    for path, site in ((mixed_ws, MIXED), (demo_ws, DEMO)):
        types = computed(path, site)
        with Workspace(path, create=False) as ws:
            all_urls = ws.page_urls(site)
        templates = [types.template_for(t.key) for t in types.types]
        for t, template in zip(types.types, templates, strict=True):
            assert template.site == site and list(template.urls) == t.patterns
            assert template.name == f"{site} {t.title}"
            # every page of the type is chosen by its template, with R = 1
            assert all(match_degree(u, t.patterns[0]) == 1.0 for u in t.urls)
            taken = {u for u in all_urls if choose_templates(u, [template])}
            assert set(t.urls) <= taken
        if site == MIXED:
            # the shop/blog/category types' templates take no page of another type
            for t, template in zip(types.types, templates, strict=True):
                assert {u for u in all_urls if choose_templates(u, [template])} == set(t.urls)
        else:
            # on the demo, the home and about pages' template (/*.html) takes only them; the
            # articles' (/*/*.html) also takes the section indexes, which it describes too
            taken = [{u for u in all_urls if choose_templates(u, [tp])} for tp in templates]
            assert taken[2] == set(types.types[2].urls)
            assert taken[0] == set(types.types[0].urls) | set(types.types[1].urls)
    types = computed(mixed_ws, MIXED)
    types.rename(types.types[0].key, "Product")
    assert types.template_for(types.types[0].key).name == "Product"
