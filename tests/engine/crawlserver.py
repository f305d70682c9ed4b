"""A generated multi-page site served on 127.0.0.1 (random port) by a threaded HTTP server that
logs every request, for crawler tests and the crawl benchmark.

The site: ``pages`` numbered pages that link to their neighbours; a robots.txt forbidding
/private/; a sitemap index listing pages nothing links to; redirects; a slow page; a page that
always fails with 500 and one that fails once; GBK pages; a duplicate; binary, oversized and
missing pages; and a catalogue whose JSON API (behind link factories) leads to item pages.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4
GBK_TEXT = "中文页面：编码测试，数据抽取与清洗"
API_PAGES = 3
ITEMS_PER_API_PAGE = 10
ORPHANS = 10


@dataclass
class Hit:
    path: str
    start: float
    end: float
    status: int
    user_agent: str


class Site:
    """The site's content and behaviour; ``expected_ok_paths`` is what a full crawl stores."""

    def __init__(self, pages: int = 450, *, latency: float = 0.0, slow: float = 3.0) -> None:
        self.pages = pages
        self.latency = latency  # added to every page response (simulated network + server time)
        self.slow = slow
        self.flaky_seen = False
        self.lock = threading.Lock()

    # -------------------------------------------------------------- content
    def page_html(self, n: int) -> bytes:
        links = [
            f"/page/{m}.html"
            for m in (n - 1, n + 1, (n * 7 + 3) % self.pages)
            if 0 <= m < self.pages
        ]
        extra = [
            f"/private/secret-{n}.html",
            f"/old/{(n + 2) % self.pages}",
            "/",
            "/about.html",
            f"/page/{n + 1}.html#part",
            "http://localhost:1/elsewhere.html",
            "mailto:x@example.org",
        ]
        items = "".join(f'<li><a href="{u}">link {i}</a></li>' for i, u in enumerate(links + extra))
        body = " ".join(f"Paragraph {k} of page {n} with some words to read." for k in range(12))
        return (
            f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Page {n}</title></head>"
            f"<body><nav><ul>{items}</ul></nav><main><h1>Page {n}</h1><p>{body}</p></main>"
            "<footer>Generated site</footer></body></html>"
        ).encode()

    def index_html(self) -> bytes:
        links = [
            "/page/0.html",
            "/about.html",
            "/catalog.html",
            "/dup.html",
            "/slow.html",
            "/slowish.html",
            "/error500.html",
            "/flaky.html",
            "/gbk.html",
            "/gbk-meta.html",
            "/image.png",
            "/fake.html",
            "/big.html",
            "/missing.html",
            "/moved.html",
            "/private/index.html",
        ]
        items = "".join(f'<li><a href="{u}">{u}</a></li>' for u in links)
        return (
            f"<html><head><title>Home</title></head><body><ul>{items}</ul></body></html>".encode()
        )

    def catalog_html(self) -> bytes:
        pages = "".join(f'<li data-page="{p}">API page {p}</li>' for p in range(1, API_PAGES + 1))
        return f"<html><body><h1>Catalogue</h1><ul id='pages'>{pages}</ul></body></html>".encode()

    def api_json(self, page: int) -> bytes:
        items = [
            {"id": f"i{page}-{k}", "title": f"Item {k} of {page}"}
            for k in range(ITEMS_PER_API_PAGE)
        ]
        return json.dumps({"page": page, "items": items}).encode()

    def item_ids(self) -> list[str]:
        return [f"i{p}-{k}" for p in range(1, API_PAGES + 1) for k in range(ITEMS_PER_API_PAGE)]

    def robots(self, base: str) -> bytes:
        return (
            f"# test robots\nUser-agent: otherbot\nDisallow: /\n\nUser-agent: *\n"
            f"Disallow: /private/\nAllow: /private/index.html$\nDisallow: /*.cgi$\n\n"
            f"Sitemap: {base}/sitemap.xml\n"
        ).encode()

    def sitemap_index(self, base: str) -> bytes:
        return (
            f'<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
            f"<sitemap><loc>{base}/sitemap-pages.xml</loc></sitemap></sitemapindex>"
        ).encode()

    def sitemap_pages(self, base: str) -> bytes:
        locs = [f"{base}/orphan/{k}.html" for k in range(ORPHANS)] + [
            f"{base}/page/1.html",
            f"{base}/private/listed.html",
        ]
        urls = "".join(f"<url><loc>{u}</loc></url>" for u in locs)
        return f'<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{urls}</urlset>'.encode()

    def expected_ok_paths(self) -> set[str]:
        """Paths a complete crawl stores as good pages (2xx, text)."""
        paths = {
            "/",
            "/about.html",
            "/catalog.html",
            "/slowish.html",
            "/flaky.html",
            "/gbk.html",
            "/gbk-meta.html",
            "/target.html",
            "/private/index.html",
        }
        paths |= {f"/page/{n}.html" for n in range(self.pages)}
        paths |= {f"/orphan/{k}.html" for k in range(ORPHANS)}
        paths |= {f"/api/items?page={p}" for p in range(1, API_PAGES + 1)}
        paths |= {f"/item/{i}.html" for i in self.item_ids()}
        return paths

    # -------------------------------------------------------------- routing
    def respond(self, path: str, base: str) -> tuple[int, dict[str, str], bytes]:
        parts = urlsplit(path)
        p = parts.path
        html = {"Content-Type": "text/html; charset=utf-8"}
        if p == "/robots.txt":
            return 200, {"Content-Type": "text/plain"}, self.robots(base)
        if p == "/sitemap.xml":
            return 200, {"Content-Type": "application/xml"}, self.sitemap_index(base)
        if p == "/sitemap-pages.xml":
            return 200, {"Content-Type": "application/xml"}, self.sitemap_pages(base)
        if self.latency:
            time.sleep(self.latency)
        if p == "/":
            return 200, html, self.index_html()
        if p.startswith("/page/") and p.endswith(".html"):
            n = p[6:-5]
            if n.isdigit() and int(n) < self.pages:
                return 200, html, self.page_html(int(n))
        if p == "/dup.html":
            return 200, html, self.page_html(0)  # byte-identical to /page/0.html
        if p.startswith("/orphan/"):
            return (
                200,
                html,
                f"<html><body><h1>Orphan {p}</h1><p>Only in the sitemap.</p></body></html>".encode(),
            )
        if p in ("/about.html", "/target.html", "/private/index.html"):
            return 200, html, f"<html><body><h1>{p}</h1><a href='/'>home</a></body></html>".encode()
        if p.startswith("/old/"):
            return 301, {"Location": f"/page/{p[5:]}.html"}, b""
        if p == "/moved.html":
            return 302, {"Location": f"{base}/target.html"}, b""
        if p == "/slow.html":
            time.sleep(self.slow)
            return 200, html, b"<html><body>slow</body></html>"
        if p == "/slowish.html":
            time.sleep(0.3)
            return 200, html, b"<html><body>a little slow</body></html>"
        if p == "/error500.html":
            return 500, html, b"<html><body>Internal error</body></html>"
        if p == "/flaky.html":
            with self.lock:
                first, self.flaky_seen = not self.flaky_seen, True
            if first:
                return 503, {**html, "Retry-After": "0"}, b"busy"
            return 200, html, b"<html><body><h1>Flaky</h1><p>Second time lucky.</p></body></html>"
        if p == "/gbk.html":
            body = (
                f"<html><head><title>{GBK_TEXT}</title></head><body><p>{GBK_TEXT}</p></body></html>"
            )
            return 200, {"Content-Type": "text/html; charset=GBK"}, body.encode("gbk")
        if p == "/gbk-meta.html":
            body = f'<html><head><meta http-equiv="Content-Type" content="text/html; charset=gbk"></head><body><p>{GBK_TEXT}</p></body></html>'
            return 200, {"Content-Type": "text/html"}, body.encode("gbk")
        if p == "/image.png":
            return 200, {"Content-Type": "image/png"}, PNG
        if p == "/fake.html":
            return 200, html, PNG
        if p == "/big.html":
            return 200, html, b"<html><body>" + b"x" * (2 * 1024 * 1024) + b"</body></html>"
        if p == "/catalog.html":
            return 200, html, self.catalog_html()
        if p == "/api/items":
            page = parse_qs(parts.query).get("page", ["1"])[0]
            if page.isdigit() and 1 <= int(page) <= API_PAGES:
                return 200, {"Content-Type": "application/json"}, self.api_json(int(page))
        if p.startswith("/item/") and p.endswith(".html") and p[6:-5] in self.item_ids():
            return 200, html, f"<html><body><h1>Item {p[6:-5]}</h1></body></html>".encode()
        return 404, html, b"<html><body>Not found</body></html>"


class CrawlServer:
    """``with CrawlServer(Site()) as srv:`` serves the site at ``srv.base``; ``srv.hits`` is
    the request log, ``srv.max_active`` the most requests ever served at once."""

    def __init__(self, site: Site) -> None:
        self.site = site
        self.hits: list[Hit] = []
        self.active = 0
        self.max_active = 0
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
                if self.path.startswith("/__"):
                    self._control()
                    return
                start = time.monotonic()
                hit = Hit(self.path, start, start, 0, self.headers.get("User-Agent", ""))
                with server._lock:
                    server.hits.append(hit)  # logged on arrival, so a request still running counts
                    server.active += 1
                    server.max_active = max(server.max_active, server.active)
                status = 500
                try:
                    status, headers, body = server.site.respond(self.path, server.base)
                    self.send_response(status)
                    for key, value in headers.items():
                        self.send_header(key, value)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout, size limit): expected in tests
                finally:
                    with server._lock:
                        server.active -= 1
                        hit.end, hit.status = time.monotonic(), status

            def _control(self) -> None:
                """/__stats and /__reset: the server-side record, for a benchmark in another process."""
                if self.path == "/__reset":
                    server.reset()
                body = json.dumps(server.stats()).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                pass  # the hit log above replaces stderr logging

        class Server(ThreadingHTTPServer):
            def handle_error(self, request: Any, client_address: Any) -> None:
                pass  # clients that hang up (timeouts, size limits) are part of the tests

        self.httpd = Server(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(
            target=self.httpd.serve_forever, name="crawlserver", daemon=True
        )

    def __enter__(self) -> CrawlServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def reset(self) -> None:
        with self._lock:
            self.hits, self.max_active = [], self.active

    def stats(self) -> dict[str, Any]:
        """Requests served, the most at once, the smallest gap between two request starts and
        the paths requested more than once."""
        with self._lock:
            hits = list(self.hits)
            peak = self.max_active
        starts = sorted(h.start for h in hits)
        gaps = [b - a for a, b in zip(starts, starts[1:], strict=False)]
        counts: dict[str, int] = {}
        for h in hits:
            counts[h.path] = counts.get(h.path, 0) + 1
        gaps.sort()
        return {
            "requests": len(hits),
            "max_active": peak,
            "min_gap": gaps[0] if gaps else None,
            "median_gap": gaps[len(gaps) // 2] if gaps else None,
            "repeated": {p: n for p, n in counts.items() if n > 1},
            "first": starts[0] if starts else None,
            "last": max((h.end for h in hits), default=None),
        }

    def paths(self) -> list[str]:
        with self._lock:
            return [h.path for h in self.hits]

    def count(self, path: str) -> int:
        return self.paths().count(path)


def main() -> None:
    """Serve the site: ``python tests/engine/crawlserver.py [pages] [latency]``; prints its base URL."""
    import sys

    pages = int(sys.argv[1]) if len(sys.argv) > 1 else 450
    latency = float(sys.argv[2]) if len(sys.argv) > 2 else 0.0
    with CrawlServer(Site(pages, latency=latency, slow=0.3)) as srv:
        print(srv.base, flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            srv.thread.join()


if __name__ == "__main__":
    main()
