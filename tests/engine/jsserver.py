"""A small site whose content is built by scripts, served on 127.0.0.1 (random port), for
``crawl --render`` tests: a page filled from a JSON request, a page whose DOM changes for ever,
a page with a request that never finishes, and a plain page."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

SHELL = (
    "<!DOCTYPE html><html><head><title>{title}</title></head><body>"
    "<div id='root'>Loading…</div><script>{script}</script></body></html>"
)

APP_JS = """
fetch('/api/data.json').then(function (r) { return r.json(); }).then(function (d) {
  var root = document.getElementById('root');
  root.innerHTML = '<h1>' + d.title + '</h1><p class="lead">' + d.text + '</p>' +
    '<a href="/detail.html">Details</a>';
});
"""

FOREVER_JS = """
document.getElementById('root').innerHTML = '<h1>Ticking clock</h1><span id="t">0</span>';
var n = 0;
setInterval(function () { document.getElementById('t').textContent = String(++n); }, 50);
"""

HANGING_JS = """
document.getElementById('root').innerHTML = '<h1>Waiting page</h1><p>Built before the wait.</p>';
fetch('/never').then(function () { document.body.append('never shown'); });
"""

PAGES = {
    "/app.html": SHELL.format(title="App", script=APP_JS),
    "/forever.html": SHELL.format(title="Forever", script=FOREVER_JS),
    "/hanging.html": SHELL.format(title="Hanging", script=HANGING_JS),
    "/detail.html": "<html><body><h1>Detail page</h1><p>Plain HTML.</p></body></html>",
}
DATA = b'{"title": "Built by script", "text": "This paragraph came from a JSON request."}'


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        self.server.hits.append(self.path)  # type: ignore[attr-defined]
        if self.path == "/never":
            time.sleep(self.server.hang)  # type: ignore[attr-defined]
            return
        if self.path == "/api/data.json":
            time.sleep(0.3)
            body, ctype, status = DATA, "application/json", 200
        elif self.path in PAGES:
            body, ctype, status = PAGES[self.path].encode(), "text/html; charset=utf-8", 200
        else:
            body, ctype, status = b"not found", "text/plain", 404
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False


@contextlib.contextmanager
def serve(hang: float = 60.0) -> Iterator[Any]:
    srv = _Server(("127.0.0.1", 0), _Handler)
    srv.hits = []  # type: ignore[attr-defined]
    srv.hang = hang  # type: ignore[attr-defined]
    srv.base = f"http://127.0.0.1:{srv.server_address[1]}"  # type: ignore[attr-defined]
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        yield srv
    finally:
        srv.shutdown()
        srv.server_close()
