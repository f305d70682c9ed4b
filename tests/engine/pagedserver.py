"""A paginated listing served on 127.0.0.1 (random port), for pagination tests: /list?page=N
with rel=next links, /loop whose last page links back to the first, /endless that never ends,
/blog/page/N/ with a Chinese "next" link, /numbered with a full numbered pager (« Prev 1 2 3 4 5 6
Next »), and /more with a "load more" button that keeps
showing past the last page."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

PAGES = 5
PER_PAGE = 3


def listing(path: str, n: int, *, last: int = PAGES, next_href: str | None = None) -> str:
    items = "".join(
        f'<li class="item"><a href="/item/{path.strip("/")}-{n}-{i}.html">Item {n}.{i}</a></li>'
        for i in range(PER_PAGE)
    )
    nav = '<a href="/">Home</a> <a href="/about.html">About</a>'
    pager = ""
    if n > 1:
        pager += f'<a class="prev" href="{path}?page={n - 1}">« Prev</a>'
    # page numbers shift the next link's position from page to page
    pager += "".join(f'<a href="{path}?page={k}">{k}</a>' for k in range(max(1, n - 2), n))
    if n < last or next_href:
        href = next_href or f"{path}?page={n + 1}"
        pager += f'<a class="pager-next" rel="next" href="{href}">Next »</a>'
    return (
        f"<html><head><title>{path} {n}</title></head><body><nav>{nav}</nav>"
        f'<ul class="items">{items}</ul><div class="pager">{pager}</div></body></html>'
    )


def numbered(n: int, last: int = PAGES + 1) -> str:
    """A listing whose pager links every page by number, besides the previous and next links."""
    items = "".join(
        f'<li class="item"><a href="/item/numbered-{n}-{i}.html">Item {n}.{i}</a></li>'
        for i in range(PER_PAGE)
    )
    pager = f'<a href="/numbered?page={n - 1}">« Prev</a>' if n > 1 else ""
    pager += "".join(
        f'<a href="/numbered?page={k}">{k}</a>' if k != n else f"<b>{k}</b>"
        for k in range(1, last + 1)
    )
    if n < last:
        pager += f'<a class="next" href="/numbered?page={n + 1}">Next »</a>'
    return (
        f"<html><head><title>numbered {n}</title></head><body><nav><a href='/'>Home</a></nav>"
        f'<ul class="items">{items}</ul><div class="pager">{pager}</div></body></html>'
    )


def more(n: int) -> str:
    items = (
        "".join(f'<li><a href="/item/more-{n}-{i}.html">More {n}.{i}</a></li>' for i in range(2))
        if n <= PAGES
        else ""
    )
    # the button keeps showing past the end: the crawler must stop on its own
    return (
        f"<html><body><nav><a href='/'>Home</a></nav><ul>{items}</ul>"
        f"<p>Page {n}</p><button class='load-more' data-url='/more?page={n + 1}'>Load more</button>"
        "</body></html>"
    )


def page(path: str, query: dict[str, list[str]]) -> str | None:
    n = int(query.get("page", ["1"])[0])
    if path == "/list":
        return listing("/list", n) if 1 <= n <= PAGES else None
    if path == "/loop":  # page 3's next goes back to page 1
        return listing("/loop", n, last=3, next_href="/loop?page=1" if n == 3 else None)
    if path == "/endless":  # a next link on every page, for ever
        return listing("/endless", n, last=10**9)
    if path.startswith("/blog/"):  # /blog/ then /blog/page/N/
        parts = path.strip("/").split("/")
        k = int(parts[2]) if len(parts) == 3 else 1
        nxt = f'<a class="older" href="/blog/page/{k + 1}/">下一页</a>' if k < 4 else ""
        return f"<html><body><article><a href='/post/{k}.html'>Post {k}</a></article>{nxt}</body></html>"
    if path == "/numbered":
        return numbered(n) if 1 <= n <= PAGES + 1 else None
    if path == "/more":
        return more(n)
    if path.startswith("/item/") or path.startswith("/post/") or path in ("/", "/about.html"):
        return f"<html><body><h1>{path}</h1></body></html>"
    return None


class _Handler(BaseHTTPRequestHandler):
    hits: list[str]

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        parts = urlsplit(self.path)
        self.server.hits.append(self.path)  # type: ignore[attr-defined]
        html = page(parts.path, parse_qs(parts.query))
        body = (html or "<html><body>not found</body></html>").encode()
        self.send_response(200 if html else 404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve() -> Iterator[Any]:
    srv = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    srv.hits = []  # type: ignore[attr-defined]
    srv.base = f"http://127.0.0.1:{srv.server_address[1]}"  # type: ignore[attr-defined]
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    try:
        yield srv
    finally:
        srv.shutdown()
        srv.server_close()
