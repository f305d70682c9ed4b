"""A page's style sheets, images and fonts: the references found in pages and style sheets, and
their bytes found in the input (files beside the HTML of a folder, WARC records, assets a crawl
stored with --assets), never outside the input folder and never from the network."""

from __future__ import annotations

import io
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from deboiler_gui.engine.crawl.runner import CrawlConfig, crawl
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.sources import InputSet
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.subresources import (
    AssetResolver,
    asset_refs,
    content_type_for,
    css_refs,
)

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(200))
CSS = b"@import 'print.css';\nbody { background: url(../img/bg.png) } @font-face { src: url('../fonts/f.woff2') }"

PAGE = """<html><head>
<link rel="stylesheet" href="../_static/site.css"><link rel="icon" href="/favicon.ico">
<link rel="next" href="page2.html"><script src="/js/app.js"></script>
<style>@import url("/_static/extra.css"); h1 { background: url('data:image/png;base64,AA') }</style>
</head><body style="background-image: url(/img/body.png)">
<img src="pic.png" srcset="pic-2x.png 2x, /img/pic-3x.png 3x"><iframe src="/frame.html"></iframe>
<a href="/other.html">link</a><img src="https://cdn.example/x.png"><img src="data:image/gif;base64,R0lG">
</body></html>"""


def test_references_of_a_page_are_its_styles_images_and_icons_only() -> None:
    refs = asset_refs(parse_html(PAGE), "http://docs.local/guide/intro.html")
    assert refs == [
        "http://docs.local/_static/site.css",
        "http://docs.local/favicon.ico",
        "http://docs.local/_static/extra.css",
        "http://docs.local/guide/pic.png",
        "http://docs.local/guide/pic-2x.png",
        "http://docs.local/img/pic-3x.png",
        "https://cdn.example/x.png",
        "http://docs.local/img/body.png",
    ]
    # Scripts, frames and links are not assets.
    assert not any(r.endswith((".js", "frame.html", "other.html", "page2.html")) for r in refs)
    based = PAGE.replace("<head>", '<head><base href="http://docs.local/v2/">')
    assert "http://docs.local/v2/pic.png" in asset_refs(
        parse_html(based), "http://docs.local/guide/intro.html"
    )


def test_references_of_a_style_sheet() -> None:
    assert css_refs(CSS.decode(), "http://docs.local/_static/css/site.css") == [
        "http://docs.local/_static/css/print.css",
        "http://docs.local/_static/img/bg.png",
        "http://docs.local/_static/fonts/f.woff2",
    ]
    assert content_type_for("http://x/a/f.woff2") == "font/woff2"
    assert content_type_for("http://x/a.css", "text/css; charset=utf-8") == "text/css"


def _folder(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    (root / "guide").mkdir(parents=True)
    (root / "_static").mkdir()
    (root / "guide" / "intro.html").write_text(PAGE)
    (root / "index.html").write_text("<html><body>home</body></html>")
    (root / "_static" / "site.css").write_bytes(CSS)
    (root / "guide" / "pic.png").write_bytes(PNG)
    outside = tmp_path / "secret.txt"
    outside.write_text("not part of the input")
    (root / "_static" / "shared.css").symlink_to(tmp_path / "shared.css")
    (tmp_path / "shared.css").write_text("p { color: red }")
    return root


def _resolver(*inputs: Path, lookup: Any = None) -> tuple[AssetResolver, list[Any]]:
    pages = list(InputSet.open(list(inputs)))
    return AssetResolver.from_sources([(p.url, p.source) for p in pages], lookup), pages


def test_folder_assets_are_the_files_beside_the_html(tmp_path: Path) -> None:
    resolver, pages = _resolver(_folder(tmp_path))
    intro = next(p for p in pages if p.url.endswith("intro.html"))
    css_url = resolver.resolve(intro.url, "../_static/site.css")
    assert css_url is not None
    css = resolver.find(css_url)
    assert css is not None and css.body == CSS and css.content_type == "text/css"
    png = resolver.find(resolver.resolve(intro.url, "pic.png") or "")
    assert png is not None and png.body == PNG and png.content_type == "image/png"
    # A link inside the folder is followed, as the folder's pages are.
    shared = resolver.find(resolver.resolve(intro.url, "../_static/shared.css") or "")
    assert shared is not None and shared.body == b"p { color: red }"
    base = intro.url.split("guide/")[0]
    assert resolver.find(base + "missing.png") is None
    # Nothing outside the folder, however the URL is spelt.
    for escape in ("%2e%2e/secret.txt", "guide/%2e%2e/%2e%2e/secret.txt", "..%2fsecret.txt"):
        assert resolver.find(base + escape) is None, escape
    assert resolver.find("http://other.local/_static/site.css") is None


def _warc(path: Path) -> None:
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    with path.open("wb") as fh:
        writer = WARCWriter(fh, gzip=True)
        for url, ctype, body in (
            ("https://w.example/a/page.html", "text/html", PAGE.encode()),
            ("https://w.example/_static/site.css", "text/css", CSS),
            ("https://w.example/a/pic.png", "image/png", PNG),
        ):
            headers = StatusAndHeaders("200 OK", [("Content-Type", ctype)], protocol="HTTP/1.1")
            rec = writer.create_warc_record(
                url, "response", payload=io.BytesIO(body), http_headers=headers
            )
            writer.write_record(rec)
            rec.raw_stream.close()


def test_warc_assets_are_its_response_records(tmp_path: Path) -> None:
    warc = tmp_path / "crawl.warc.gz"
    _warc(warc)
    resolver, pages = _resolver(warc)
    page = next(p for p in pages if p.url.endswith("page.html"))
    css = resolver.find(resolver.resolve(page.url, "../_static/site.css") or "")
    assert css is not None and css.body == CSS and css.content_type == "text/css"
    png = resolver.find(resolver.resolve(page.url, "pic.png") or "")
    assert png is not None and png.body == PNG and png.content_type == "image/png"
    assert resolver.find("https://w.example/none.png") is None
    # The app indexes WARC files in a thread; until then their assets are simply missing.
    again, _pages = _resolver(warc)
    thread = again.index_in_background()
    assert thread is not None and again.index_in_background() is None
    thread.join(30)
    got = again.find("https://w.example/_static/site.css")
    assert got is not None and got.body == CSS


def test_workspace_assets_come_from_its_table(tmp_path: Path) -> None:
    with Workspace(tmp_path / "w.sqlite") as ws:
        ws.save_asset("https://s.example/a.css", "text/css", CSS)
        ws.save_asset("https://s.example/img/ä b.png", "image/png", PNG)
        resolver = AssetResolver.from_sources(ws.page_sources(), ws.get_asset)
        got = resolver.find("https://s.example/a.css")
        assert got is not None and got.body == CSS and got.content_type == "text/css"
        assert resolver.find("https://s.example/b.css") is None
        # Asked percent-encoded (as the view asks), stored as the page spelt it.
        png = resolver.find("https://s.example/img/%C3%A4%20b.png")
        assert png is not None and png.body == PNG and png.content_type == "image/png"
        assert ws.asset_urls("s.example") == [
            "https://s.example/a.css",
            "https://s.example/img/ä b.png",
        ]


# --------------------------------------------------------------------------- crawl --assets


class _Server:
    """A site whose pages use a style sheet (with an @import, a font and a background), images
    of this host and of another host, and an image too large to keep."""

    def __init__(self) -> None:
        self.hits: list[str] = []
        files: dict[str, tuple[str, bytes]] = {
            "/": ("text/html", b""),
            "/robots.txt": ("text/plain", b"User-agent: *\nDisallow: /private/\n"),
            "/css/site.css": ("text/css", CSS.replace(b"../img/bg.png", b"/img/bg.png")),
            "/css/print.css": ("text/css", b"p { margin: 0 }"),
            "/fonts/f.woff2": ("font/woff2", b"wOF2" + bytes(64)),
            "/img/bg.png": ("image/png", PNG),
            "/img/pic.png": ("image/png", PNG),
            "/img/huge.png": ("image/png", PNG * 2000),
            "/private/p.png": ("image/png", PNG),
        }
        for i in range(1, 4):
            body = (
                f'<html><head><link rel="stylesheet" href="/css/site.css"></head><body>'
                f'<img src="/img/pic.png"><img src="/img/huge.png"><img src="/private/p.png">'
                f'<img src="http://elsewhere.invalid/x.png"><a href="/p{i % 3 + 1}.html">next</a>'
                f"<p>page {i}</p></body></html>"
            ).encode()
            files[f"/p{i}.html"] = ("text/html", body)
        files["/"] = files["/p1.html"]
        self.files = files
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
                server.hits.append(self.path)
                found = server.files.get(self.path)
                if found is None:
                    self.send_response(404)
                    self.end_headers()
                    return
                ctype, body = found
                self.send_response(200)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server() -> Any:
    s = _Server()
    yield s
    s.close()


def test_crawl_with_assets_stores_the_site_s_styles_images_and_fonts(
    tmp_path: Path, server: _Server
) -> None:
    cfg = CrawlConfig(
        seeds=[server.base + "/p1.html"],
        max_pages=10,
        discover_sitemaps=False,
        assets=True,
        max_asset_bytes=64 * 1024,
    )
    with Workspace(tmp_path / "w.sqlite") as ws:
        stats = crawl(cfg, ws)
        stored = {u.removeprefix(server.base): ws.get_asset(u) for u in ws.asset_urls()}
    assert stats.fetched == 3
    assert set(stored) == {
        "/css/site.css",
        "/css/print.css",
        "/fonts/f.woff2",
        "/img/bg.png",
        "/img/pic.png",
    }
    assert stored["/fonts/f.woff2"] == (server.files["/fonts/f.woff2"][1], "font/woff2")
    assert stored["/img/pic.png"] == (PNG, "image/png")
    assert stats.assets == 5 and stats.asset_failures == 1  # huge.png: over the limit
    # Each asset asked once, robots.txt honoured, nothing asked of another host.
    assert server.hits.count("/img/pic.png") == 1 and "/private/p.png" not in server.hits
    # A resumed crawl asks for none of them again.
    before = len(server.hits)
    with Workspace(tmp_path / "w.sqlite") as ws:
        crawl(cfg, ws)
    assert [h for h in server.hits[before:] if not h.endswith(".html")] in (
        [],
        ["/robots.txt"],
        ["/img/huge.png"],
        ["/robots.txt", "/img/huge.png"],
    )


def test_crawl_assets_are_bounded_in_number(tmp_path: Path, server: _Server) -> None:
    cfg = CrawlConfig(
        seeds=[server.base + "/p1.html"],
        max_pages=10,
        discover_sitemaps=False,
        assets=True,
        max_assets=2,
    )
    with Workspace(tmp_path / "w.sqlite") as ws:
        stats = crawl(cfg, ws)
        assert len(ws.asset_urls()) == 2 and stats.assets == 2
        crawl(cfg, ws)  # the budget covers the whole crawl, resumed runs included
        assert len(ws.asset_urls()) == 2


def test_without_assets_the_crawl_asks_for_no_asset(tmp_path: Path, server: _Server) -> None:
    cfg = CrawlConfig(seeds=[server.base + "/p1.html"], max_pages=10, discover_sitemaps=False)
    with Workspace(tmp_path / "w.sqlite") as ws:
        crawl(cfg, ws)
        assert ws.asset_urls() == []
    assert not [h for h in server.hits if not h.endswith((".html", ".txt"))]
