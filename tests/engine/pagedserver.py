"""A paginated listing served on 127.0.0.1 (random port), for pagination tests: /list?page=N
with rel=next links, /loop whose last page links back to the first, /endless that never ends,
/blog/page/N/ with a Chinese "next" link, /numbered with a full numbered pager (« Prev 1 2 3 4 5 6
Next »), /tagged whose first page and pager spell a parameter differently, /chain/aK.html whose
sidebar links pages of the chain, /files/pageN.html whose page number is in the file name
(a Next link and every page's number), and /more with a "load more" button that keeps
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


def filed(n: int, last: int = PAGES) -> str:
    """A listing whose pages are files numbered in their name (/files/page1.html…), with a Next
    link and a link to every page by its number."""
    items = "".join(
        f'<li class="item"><a href="/item/files-{n}-{i}.html">Item {n}.{i}</a></li>'
        for i in range(PER_PAGE)
    )
    pager = "".join(
        f'<a href="page{k}.html">{k}</a>' if k != n else f"<b>{k}</b>" for k in range(1, last + 1)
    )
    if n < last:
        pager += f'<a class="next" href="page{n + 1}.html">Next</a>'
    return (
        f"<html><head><title>files {n}</title></head><body><nav><a href='/'>Home</a></nav>"
        f'<ul class="items">{items}</ul><div class="pager">{pager}</div></body></html>'
    )


def tagged(n: int, last: int = 8) -> str:
    """A question list as Stack Exchange writes it: the first page's URL is
    ``/tagged?sort=newest&pageSize=3``, the pager's are ``/tagged?page=N&sort=newest&pagesize=3``
    (another case of one parameter), « prev 1 … n-2 n-1 [n] n+1 n+2 … last next »."""
    items = "".join(
        f'<li class="item"><a href="/item/tagged-{n}-{i}.html">Item {n}.{i}</a></li>'
        for i in range(PER_PAGE)
    )

    def href(k: int) -> str:
        return f"/tagged?page={k}&amp;sort=newest&amp;pagesize={PER_PAGE}"

    pager = (
        f'<a href="{href(n - 1)}" rel="prev"><span class="page-numbers prev">prev</span></a>'
        if n > 1
        else ""
    )
    shown = sorted({1, last, *range(max(1, n - 2), min(last, n + 2) + 1)})
    pager += "".join(
        f'<a href="{href(k)}"><span class="page-numbers">{k}</span></a>'
        if k != n
        else f'<span class="page-numbers current">{k}</span>'
        for k in shown
    )
    if n < last:
        pager += (
            f'<a href="{href(n + 1)}" rel="next"><span class="page-numbers next">next</span></a>'
        )
    return (
        f"<html><head><title>tagged {n}</title></head><body><nav><a href='/'>Home</a></nav>"
        f'<ul class="items">{items}</ul><div class="pager fl">{pager}</div></body></html>'
    )


def chain(k: int, last: int = 6) -> str:
    """An article chain (/chain/aK.html, a "next" link from each to the following) whose sidebar
    links articles 3 and 5 from every page: those are reached as plain links before the chain
    gets to them."""
    side = "".join(f'<li><a href="/chain/a{j}.html">Popular {j}</a></li>' for j in (3, 5))
    nxt = f'<a class="next" href="/chain/a{k + 1}.html">Next article →</a>' if k < last else ""
    return (
        f"<html><body><aside><ul>{side}</ul></aside><article><h1>Article {k}</h1>"
        f'<a href="/item/chain-{k}.html">Read more</a></article><div class="pager">{nxt}</div>'
        "</body></html>"
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
    if path.startswith("/chain/a") and path.endswith(".html"):
        k = int(path[len("/chain/a") : -len(".html")] or 0)
        return chain(k) if 1 <= k <= 6 else None
    if path.startswith("/files/page") and path.endswith(".html"):
        k = path[len("/files/page") : -len(".html")]
        return filed(int(k)) if k.isdigit() and 1 <= int(k) <= PAGES else None
    if path == "/tagged":
        return tagged(n) if 1 <= n <= 8 else None
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
