"""A hostile HTTP server on 127.0.0.1 (random port) for crawler tests and the robustness
battery: bodies and header lines that trickle in a byte at a time, a gzip bomb, redirect loops,
and a gzipped page whose bytes must reach the WARC as sent. Every behaviour is bounded in time
(MAX_SECONDS), so a broken client never leaves a thread running for long."""

from __future__ import annotations

import contextlib
import gzip
import socket
import socketserver
import threading
import time
from collections.abc import Iterator

#: The longest any connection is served, whatever the client does.
MAX_SECONDS = 30.0
TRICKLE_EVERY = 0.2

PAGE = b"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Gz</title></head><body><p>Gzipped page \xc3\xa4</p></body></html>"
GZ_PAGE = gzip.compress(PAGE, mtime=0)
#: 64 MB of zeros, gzipped to about 64 KB.
BOMB = gzip.compress(b"\0" * (64 * 1024 * 1024), compresslevel=9, mtime=0)


class _Handler(socketserver.BaseRequestHandler):
    def handle(self) -> None:
        sock: socket.socket = self.request
        sock.settimeout(MAX_SECONDS)
        data = b""
        with contextlib.suppress(OSError):
            while b"\r\n\r\n" not in data and len(data) < 65536:
                chunk = sock.recv(4096)
                if not chunk:
                    return
                data += chunk
        try:
            path = data.split(b" ", 2)[1].decode("ascii", "replace")
        except IndexError:
            return
        self.server.paths.append(path)  # type: ignore[attr-defined]
        with contextlib.suppress(OSError):
            self.respond(sock, path)

    def respond(self, sock: socket.socket, path: str) -> None:
        started = time.monotonic()

        def trickle(head: bytes, byte: bytes) -> None:
            sock.sendall(head)
            while time.monotonic() - started < MAX_SECONDS:
                sock.sendall(byte)
                time.sleep(TRICKLE_EVERY)

        if path == "/trickle-length":
            trickle(
                b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 100000\r\n\r\n<p>",
                b"a",
            )
        elif path == "/trickle-close":
            trickle(
                b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nConnection: close\r\n\r\n<p>", b"a"
            )
        elif path == "/trickle-header":
            trickle(b"HTTP/1.1 200 OK\r\nX-Endless: ", b"a")
        elif path == "/trickle-status":
            trickle(b"HTTP/1.1 2", b"0")
        elif path == "/silent":
            time.sleep(MAX_SECONDS)
        elif path == "/bomb":
            sock.sendall(
                b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\nContent-Length: "
                + str(len(BOMB)).encode()
                + b"\r\n\r\n"
                + BOMB
            )
        elif path == "/gz":
            sock.sendall(
                b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Encoding: gzip\r\nX-Seen: 1\r\nX-Between: b\r\nX-Seen: 2\r\nContent-Length: "
                + str(len(GZ_PAGE)).encode()
                + b"\r\n\r\n"
                + GZ_PAGE
            )
        elif path.startswith("/loop"):
            sock.sendall(b"HTTP/1.1 302 Found\r\nLocation: /loop\r\nContent-Length: 0\r\n\r\n")
        elif path == "/to-file":
            sock.sendall(
                b"HTTP/1.1 302 Found\r\nLocation: file:///etc/passwd\r\nContent-Length: 0\r\n\r\n"
            )
        elif path == "/to-data":
            sock.sendall(
                b"HTTP/1.1 302 Found\r\nLocation: data:text/html,<p>hi</p>\r\n"
                b"Content-Length: 0\r\n\r\n"
            )
        elif path == "/huge-length":
            # Announces 5 GB, sends a little, then keeps the connection open.
            sock.sendall(
                b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 5000000000\r\n\r\n<p>"
            )
            time.sleep(min(MAX_SECONDS, 10))
        elif path == "/robots.txt" and self.server.big_robots:  # type: ignore[attr-defined]
            # 10 MB of rules: a crawler reads a bounded part of it.
            body = b"User-agent: *\nDisallow: /private\n" + b"Disallow: /x\n" * 800_000
            sock.sendall(
                b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: "
                + str(len(body)).encode()
                + b"\r\n\r\n"
                + body
            )
        elif path == "/robots.txt" and self.server.trickle_robots:  # type: ignore[attr-defined]
            # Starts like a robots.txt that allows everything, and never ends.
            trickle(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nUser-agent: *\n", b"#")
        elif path == "/robots.txt":
            sock.sendall(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
        else:
            body = b"<html><body><a href='/trickle-close'>t</a><a href='/gz'>g</a><a href='/bomb'>b</a><a href='/loop'>l</a><a href='/huge-length'>h</a></body></html>"
            sock.sendall(
                b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: "
                + str(len(body)).encode()
                + b"\r\n\r\n"
                + body
            )


class _Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


@contextlib.contextmanager
def serve(
    *, trickle_robots: bool = False, big_robots: bool = False
) -> Iterator[tuple[str, list[str]]]:
    """(base URL, list of requested paths) of a running hostile server; with
    ``trickle_robots`` its robots.txt trickles in until the server gives up, with
    ``big_robots`` it is 10 MB long."""
    server = _Server(("127.0.0.1", 0), _Handler)
    server.paths = []  # type: ignore[attr-defined]
    server.trickle_robots = trickle_robots  # type: ignore[attr-defined]
    server.big_robots = big_robots  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", server.paths  # type: ignore[attr-defined]
    finally:
        server.shutdown()
        server.server_close()
