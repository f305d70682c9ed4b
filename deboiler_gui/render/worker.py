"""The renderer process: loads each requested URL in an offscreen QtWebEngine page of its own
profile (network and scripts on, nothing stored), waits until the page settles (no script
request in flight and no DOM change for a quiet period, bounded by a timeout) and answers with
the rendered DOM. Requests and answers are JSON lines on stdin and stdout."""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from typing import Any, TextIO

#: Injected at document creation in the page's own world: counts fetch/XHR requests in flight
#: and notes the time of the last network event and the last DOM change.
SETTLE_JS = r"""
(function () {
  if (window.__deboilerSettle) return;
  var st = window.__deboilerSettle = {pending: 0, net: Date.now(), dom: Date.now(), changes: 0};
  function net() { st.net = Date.now(); }
  var origFetch = window.fetch;
  if (origFetch) {
    window.fetch = function () {
      st.pending++; net();
      var done = function () { st.pending--; net(); };
      var p = origFetch.apply(this, arguments);
      p.then(done, done);
      return p;
    };
  }
  var origSend = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function () {
    st.pending++; net();
    this.addEventListener('loadend', function () { st.pending--; net(); });
    return origSend.apply(this, arguments);
  };
  new MutationObserver(function () { st.dom = Date.now(); st.changes++; })
    .observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
})();
"""

PROBE_JS = r"""
(function () {
  var st = window.__deboilerSettle;
  var now = Date.now();
  return JSON.stringify(st ? {pending: st.pending, net: now - st.net, dom: now - st.dom,
    ready: document.readyState} : {pending: 0, net: 1e9, dom: 1e9, ready: document.readyState});
})()
"""

DOM_JS = r"""
(function () {
  var d = document.doctype;
  var head = d ? '<!DOCTYPE ' + d.name + (d.publicId ? ' PUBLIC "' + d.publicId + '"' : '') +
    (d.systemId ? ' "' + d.systemId + '"' : '') + '>\n' : '';
  return head + document.documentElement.outerHTML;
})()
"""


def _prepare_environment() -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        # Chromium will not start its sandbox as root.
        os.environ.setdefault("QTWEBENGINE_DISABLE_SANDBOX", "1")
    # A page without a view counts as hidden: Chromium would slow its timers down, and a page
    # changing its DOM every 50 ms would look settled between two ticks.
    flags = os.environ.get("QTWEBENGINE_CHROMIUM_FLAGS", "")
    ours = (
        "--disable-gpu --mute-audio --disable-background-timer-throttling"
        " --disable-renderer-backgrounding --disable-backgrounding-occluded-windows"
    )
    os.environ["QTWEBENGINE_CHROMIUM_FLAGS"] = f"{flags} {ours}".strip()


def main(argv: list[str] | None = None) -> int:
    """Serve render requests until stdin closes or a ``{"cmd": "quit"}`` line arrives."""
    _prepare_environment()
    # The protocol owns the real stdout; anything else printed goes to stderr.
    out: TextIO = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8", buffering=1)
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr

    from PySide6.QtCore import QObject, QTimer, QUrl, Signal
    from PySide6.QtWebEngineCore import (
        QWebEnginePage,
        QWebEngineProfile,
        QWebEngineScript,
        QWebEngineSettings,
    )
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0], "--disable-gpu"])

    class Inbox(QObject):
        line = Signal(str)

    profile = QWebEngineProfile(app)  # no storage name: off the record, never the view's
    profile.setHttpCacheType(QWebEngineProfile.HttpCacheType.MemoryHttpCache)
    profile.setPersistentCookiesPolicy(
        QWebEngineProfile.PersistentCookiesPolicy.NoPersistentCookies
    )
    settings = profile.settings()
    attr = QWebEngineSettings.WebAttribute
    settings.setAttribute(attr.JavascriptEnabled, True)
    settings.setAttribute(attr.JavascriptCanOpenWindows, False)
    settings.setAttribute(attr.JavascriptCanAccessClipboard, False)
    settings.setAttribute(attr.PluginsEnabled, False)
    settings.setAttribute(attr.AutoLoadImages, True)
    settings.setAttribute(attr.PlaybackRequiresUserGesture, True)
    # A crawled page reaches the network it came from, never local files.
    settings.setAttribute(attr.LocalContentCanAccessFileUrls, False)
    settings.setAttribute(attr.LocalContentCanAccessRemoteUrls, False)
    settings.setAttribute(attr.LocalStorageEnabled, True)
    script = QWebEngineScript()
    script.setName("deboiler-settle")
    script.setSourceCode(SETTLE_JS)
    script.setInjectionPoint(QWebEngineScript.InjectionPoint.DocumentCreation)
    script.setWorldId(QWebEngineScript.ScriptWorldId.MainWorld)
    script.setRunsOnSubFrames(False)
    profile.scripts().insert(script)

    pending: list[dict[str, Any]] = []
    state: dict[str, Any] = {"busy": False}

    def answer(data: dict[str, Any]) -> None:
        out.write(json.dumps(data, ensure_ascii=False) + "\n")
        out.flush()

    def next_request() -> None:
        if state["busy"] or not pending:
            return
        req = pending.pop(0)
        if req.get("cmd") == "quit":
            app.quit()
            return
        state["busy"] = True
        state["current"] = _Render(req, profile, QWebEnginePage, QTimer, QUrl, finish)

    def finish(data: dict[str, Any]) -> None:
        answer(data)
        state["busy"] = False
        state["current"] = None
        QTimer.singleShot(0, next_request)

    def on_line(text: str) -> None:
        if not text:
            pending.append({"cmd": "quit"})
        else:
            try:
                req = json.loads(text)
                if not isinstance(req, dict):
                    raise ValueError("not an object")
            except ValueError as exc:
                answer({"id": None, "error": f"bad request line ({exc})"})
                return
            pending.append(req)
        next_request()

    inbox = Inbox()
    inbox.line.connect(on_line)

    def read_stdin() -> None:
        for raw in sys.stdin:
            text = raw.strip()
            if text:
                inbox.line.emit(text)
        inbox.line.emit("")  # end of input: quit

    threading.Thread(target=read_stdin, name="render-stdin", daemon=True).start()
    answer({"ready": True, "pid": os.getpid()})
    app.exec()
    out.flush()
    return 0


class _Render:
    """One page load and its settle wait; calls ``done`` once with the answer."""

    POLL_MS = 100

    def __init__(
        self,
        req: dict[str, Any],
        profile: Any,
        page_cls: Any,
        timer_cls: Any,
        url_cls: Any,
        done: Any,
    ) -> None:
        self.req = req
        self.done = done
        self.timeout = float(req.get("timeout", 15.0))
        self.quiet = float(req.get("quiet", 0.5)) * 1000
        self.started = time.monotonic()
        self.loaded = False
        self.load_ok = True
        self.finished = False
        self.last_probe: dict[str, Any] = {}
        self.page = page_cls(profile)
        ua = req.get("user_agent")
        if ua:
            profile.setHttpUserAgent(str(ua))
        self.page.loadFinished.connect(self._on_loaded)
        self.timer = timer_cls()
        self.timer.setInterval(self.POLL_MS)
        self.timer.timeout.connect(self._poll)
        self.timer.start()
        self.page.load(url_cls(str(req.get("url", ""))))

    def _on_loaded(self, ok: bool) -> None:
        self.loaded = True
        self.load_ok = bool(ok)

    def _poll(self) -> None:
        if self.finished:
            return
        waited = time.monotonic() - self.started
        if waited >= self.timeout:
            self._take(settled=False, reason=self._why_not())
            return
        if not self.loaded:
            return
        self.page.runJavaScript(PROBE_JS, 0, self._on_probe)

    def _on_probe(self, result: Any) -> None:
        if self.finished:
            return
        try:
            probe = json.loads(result) if isinstance(result, str) else {}
        except ValueError:
            probe = {}
        self.last_probe = probe
        if (
            probe
            and probe.get("ready") == "complete"
            and int(probe.get("pending", 1)) <= 0
            and float(probe.get("net", 0)) >= self.quiet
            and float(probe.get("dom", 0)) >= self.quiet
        ):
            self._take(settled=True, reason="")

    def _why_not(self) -> str:
        p = self.last_probe
        if not self.loaded:
            return "the page did not finish loading"
        if not p:
            return "the page did not answer"
        reasons = []
        if int(p.get("pending", 0)) > 0:
            reasons.append(f"{p['pending']} script requests still in flight")
        if float(p.get("dom", 1e9)) < self.quiet:
            reasons.append("the DOM kept changing")
        if p.get("ready") != "complete":
            reasons.append(f"document {p.get('ready')}")
        return ", ".join(reasons) or "not settled"

    def _take(self, *, settled: bool, reason: str) -> None:
        self.finished = True
        self.timer.stop()
        self.page.runJavaScript(
            DOM_JS, 0, lambda html: self._send(html, settled=settled, reason=reason)
        )

    def _send(self, html: Any, *, settled: bool, reason: str) -> None:
        data = {
            "id": self.req.get("id"),
            "url": self.req.get("url"),
            "final_url": self.page.url().toString(),
            "html": html if isinstance(html, str) else "",
            "settled": settled,
            "reason": reason,
            "load_ok": self.load_ok,
            "waited": round(time.monotonic() - self.started, 3),
        }
        if not data["html"]:
            data["error"] = reason or "the page gave no DOM"
        self.page.deleteLater()
        self.done(data)
