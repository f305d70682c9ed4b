"""The served page's asset references mapped to the app scheme (and back), the plain view's
style sheets turned off, the tree left as it was; the page list's relative URLs and folder tree."""

from __future__ import annotations

from deboiler_gui.app.pagelist import (
    folder_tree,
    relative_url,
    share_text,
    site_root,
    status_text,
)
from deboiler_gui.app.rendering import asset_url, original_url, rewrite_css
from deboiler_gui.app.stamping import STYLE_ATTR, prepare_page
from deboiler_gui.engine.htmltree import to_html

PAGE = """<html><head><link rel="stylesheet" href="../_static/site.css">
<style>@import "print.css"; body { background: url(/img/bg.png) }</style></head>
<body style="background:url('tile.png')"><h1>Title</h1>
<img src="pic.png" srcset="pic-2x.png 2x, https://cdn.example/p.png 3x">
<img src="data:image/gif;base64,R0lG"><a href="other.html">x</a></body></html>"""
URL = "http://docs.local/guide/intro.html"


def test_asset_urls_round_trip() -> None:
    for url in (
        "http://docs.local/_static/site.css",
        "https://x.example:8443/a%20b/c.png?v=3",
        "http://docs.local/",
    ):
        mapped = asset_url(url, "deboiler")
        assert mapped.startswith("deboiler://page/asset/")
        assert original_url(mapped, "deboiler") == url
    assert original_url("deboiler://page/1", "deboiler") is None
    assert original_url("deboiler://page/asset/file/etc/passwd", "deboiler") is None


def test_served_page_points_its_assets_at_the_scheme_and_the_tree_is_unchanged() -> None:
    page = prepare_page(URL, PAGE)
    before = to_html(page.root)
    html = page.serialise(asset_scheme="deboiler")
    assert 'href="deboiler://page/asset/http/docs.local/_static/site.css"' in html
    assert 'src="deboiler://page/asset/http/docs.local/guide/pic.png"' in html
    assert "deboiler://page/asset/http/docs.local/guide/pic-2x.png 2x" in html
    assert "deboiler://page/asset/https/cdn.example/p.png 3x" in html
    assert '@import "deboiler://page/asset/http/docs.local/guide/print.css"' in html
    assert 'url("deboiler://page/asset/http/docs.local/img/bg.png")' in html
    assert 'url("deboiler://page/asset/http/docs.local/guide/tile.png")' in html
    assert 'src="data:image/gif;base64,R0lG"' in html and 'href="other.html"' in html
    assert to_html(page.root) == before
    # Without the scheme the page is served as it is.
    assert "deboiler://page/asset" not in page.serialise()


def test_plain_view_turns_the_site_styles_off_but_not_the_highlights() -> None:
    page = prepare_page(URL, PAGE)
    before = to_html(page.root)
    html = page.serialise(style="[data-dbg-hl]{outline:2px solid red}", plain=True)
    assert html.count('media="not all"') == 2  # the site's link and <style>
    assert f'<style {STYLE_ATTR}="">[data-dbg-hl]' in html
    assert "deboiler://page/asset" not in html
    assert to_html(page.root) == before


def test_style_sheets_served_from_the_input_point_at_the_scheme_too() -> None:
    css = "@import url(print.css); @font-face { src: url('../fonts/a.woff2') } a { background: url(//cdn.example/b.png) }"
    out = rewrite_css(css, "http://docs.local/_static/css/site.css", "deboiler")
    assert 'url("deboiler://page/asset/http/docs.local/_static/css/print.css")' in out
    assert 'url("deboiler://page/asset/http/docs.local/_static/fonts/a.woff2")' in out
    assert 'url("deboiler://page/asset/http/cdn.example/b.png")' in out


def test_page_list_paths_are_relative_to_the_site_root() -> None:
    urls = [
        "http://docs.local/html/index.html",
        "http://docs.local/html/library/os.html",
        "http://docs.local/html/library/os.path.html",
        "http://docs.local/html/library/sub/x%20y.html?q=1",
        "http://docs.local/html/tutorial/a.html",
    ]
    root = site_root(urls)
    assert root == "http://docs.local/html/"
    assert [relative_url(u, root) for u in urls] == [
        "index.html",
        "library/os.html",
        "library/os.path.html",
        "library/sub/x y.html?q=1",
        "tutorial/a.html",
    ]
    assert relative_url("http://docs.local/html/", root) == "/"
    assert relative_url("http://other.local/a.html", root) == "http://other.local/a.html"
    assert site_root(["http://a.local/x/1.html", "http://b.local/x/2.html"]) == ""
    assert site_root(["http://a.local/x/1.html", "http://a.local/y/2.html"]) == "http://a.local/"


def test_folder_tree_counts_pages_and_joins_single_folder_chains() -> None:
    rel = [
        "index.html",
        "library/os.html",
        "library/os.path.html",
        "api/v1/ref/a.html",
        "api/v1/ref/b.html",
    ]
    tree = folder_tree(rel)
    assert tree.rows == [0] and tree.count == 5
    assert [f.name for f in tree.children()] == ["api/v1/ref/", "library/"]
    api = tree.children()[0]
    assert api.rows == [3, 4] and api.count == 2 and api.path == "api/v1/ref/"
    assert tree.find("library").rows == [1, 2]  # type: ignore[union-attr]


def test_share_and_status_texts() -> None:
    assert share_text(0.374) == "37%" and share_text(None) == ""
    assert status_text({"status": 200}) == ""
    assert status_text({"status": 404}) == "404"
    assert status_text({"status": 200, "error": "unreadable"}) == "unreadable"


def test_a_page_without_inline_urls_skips_their_scan_and_still_maps_its_images() -> None:
    page = prepare_page(URL, "<html><body><p>background noise</p><img src='a.png'></body></html>")
    assert page.inline_urls is False
    assert 'src="deboiler://page/asset/http/docs.local/guide/a.png"' in page.serialise(
        asset_scheme="deboiler"
    )
    assert prepare_page(URL, PAGE).inline_urls is True
