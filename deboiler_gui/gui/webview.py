"""The isolated page view: a custom scheme served from memory, an off-the-record profile that
blocks every request, page JavaScript off, and our picker bridge in its own JavaScript world."""

from __future__ import annotations

import functools
import json
import logging
from typing import Any

from PySide6.QtCore import QBuffer, QByteArray, QFile, QIODevice, QObject, QUrl, Signal, Slot
from PySide6.QtGui import QPalette
from PySide6.QtWebChannel import QWebChannel
from PySide6.QtWebEngineCore import (
    QWebEnginePage,
    QWebEngineProfile,
    QWebEngineScript,
    QWebEngineSettings,
    QWebEngineUrlRequestInfo,
    QWebEngineUrlRequestInterceptor,
    QWebEngineUrlRequestJob,
    QWebEngineUrlScheme,
    QWebEngineUrlSchemeHandler,
)
from PySide6.QtWebEngineWidgets import QWebEngineView

from deboiler_gui import assets
from deboiler_gui.app.rendering import ASSET_PREFIX, PAGE_HOST, original_url, rewrite_css
from deboiler_gui.app.stamping import HIGHLIGHT_ATTR, STAMP_ATTR, STYLE_ATTR
from deboiler_gui.engine.subresources import AssetResolver

log = logging.getLogger(__name__)

SCHEME = "deboiler"
_HOST = PAGE_HOST
#: Schemes a shown page may load besides ours (inline images, Qt's own resources).
_ALLOWED_SCHEMES = frozenset({SCHEME, "data", "qrc"})

#: Highlight kinds, in legend order, with their colours (shared with the legend in the window).
HIGHLIGHT_COLOURS = {
    "boiler": "#e07b00",
    "remove": "#d0021b",
    "keep": "#2e8b57",
    "field": "#1f5fbf",
}


def register_scheme() -> None:
    """Register our URL scheme; Qt requires this before the QApplication exists."""
    if QWebEngineUrlScheme.schemeByName(SCHEME.encode()).name():
        return
    scheme = QWebEngineUrlScheme(SCHEME.encode())
    scheme.setSyntax(QWebEngineUrlScheme.Syntax.Host)
    # LocalAccessAllowed lets a shown document load the site's assets from our own (local)
    # scheme; file: and every other scheme stay blocked by the interceptor.
    flag = QWebEngineUrlScheme.Flag
    scheme.setFlags(flag.SecureScheme | flag.LocalScheme | flag.LocalAccessAllowed)
    QWebEngineUrlScheme.registerScheme(scheme)


def js_value(value: Any) -> str:
    """The one way Python values reach JavaScript: JSON, with the characters that could end a
    script or a string literal in any context escaped."""
    text = json.dumps(value, ensure_ascii=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def js_call(function: str, *args: Any) -> str:
    """A call of one of the picker's functions with escaped arguments."""
    if not function.isidentifier():
        raise ValueError(f"not a picker function name: {function!r}")
    return f"window.__deboiler && window.__deboiler.{function}({', '.join(js_value(a) for a in args)});"


def _resource_text(name: str) -> str:
    return assets.text(name)


#: Off-screen paragraphs, tables and lists are laid out when they scroll into view (CSS
#: containment): a long page is painted in about two thirds of the time. Lists keep their markers
#: (they sit in the list's padding); a paragraph's overlong word wraps instead of being clipped.
#: The scroll bar's length settles as the page is scrolled.
LAZY_LAYOUT_CSS = (
    "p, table, ul, ol { content-visibility: auto !important; contain-intrinsic-size: auto 2em !important; }\n"
    "p { overflow-wrap: break-word !important; }\n"
)


@functools.lru_cache(maxsize=2)
def highlight_css(lazy_layout: bool = False) -> str:
    """The style sheet of highlights, hover and selection (served in the page's head), with the
    lazy layout of long pages when asked."""
    css = _resource_text("picker.css")
    return css + LAZY_LAYOUT_CSS if lazy_layout else css


class MemorySchemeHandler(QWebEngineUrlSchemeHandler):
    """Serves the documents of our scheme from memory (no file, no network, no size limit),
    and the shown site's style sheets, images and fonts from its input through ``resolver``
    (``deboiler://page/asset/<scheme>/<host><path>``; see app/rendering.py)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._documents: dict[str, bytes] = {}
        self.resolver: AssetResolver | None = None
        #: Site URLs of the assets served and of those the input does not hold (the latest).
        self.served: list[str] = []
        self.missing: list[str] = []

    def put(self, key: str, html: str) -> QUrl:
        # Only the latest few documents are kept: the view shows one page at a time.
        if len(self._documents) > 4:
            for old in list(self._documents)[:-4]:
                del self._documents[old]
        self._documents[key] = html.encode("utf-8")
        return QUrl(f"{SCHEME}://{_HOST}/{key}")

    def requestStarted(self, job: QWebEngineUrlRequestJob) -> None:  # noqa: N802 (Qt override)
        url = job.requestUrl()
        if url.host() == _HOST and url.path().startswith(ASSET_PREFIX):
            self._serve_asset(job, bytes(url.toEncoded().data()).decode("ascii", "replace"))
            return
        key = url.path().lstrip("/")
        data = self._documents.get(key) if url.host() == _HOST else None
        if data is None:
            # Relative links and images of the shown page land here: refuse, never fetch.
            job.fail(QWebEngineUrlRequestJob.Error.UrlNotFound)
            return
        buffer = QBuffer(job)
        buffer.setData(QByteArray(data))
        buffer.open(QIODevice.OpenModeFlag.ReadOnly)
        job.reply(QByteArray(b"text/html;charset=utf-8"), buffer)

    def _serve_asset(self, job: QWebEngineUrlRequestJob, encoded: str) -> None:
        site_url = original_url(encoded, SCHEME)
        asset = None
        if site_url is not None and self.resolver is not None:
            try:
                asset = self.resolver.find(site_url)
            except Exception:  # a damaged input never takes the view down
                log.exception("reading asset %s failed", site_url)
        if asset is None:
            if len(self.missing) >= 1000:
                del self.missing[:500]
            self.missing.append(site_url or encoded)
            job.fail(QWebEngineUrlRequestJob.Error.UrlNotFound)
            return
        body = asset.body
        if asset.content_type == "text/css":
            # Fonts and images a style sheet names come from the input too, whatever their form.
            body = rewrite_css(body.decode("utf-8", "replace"), asset.url, SCHEME).encode("utf-8")
        if len(self.served) >= 1000:
            del self.served[:500]
        self.served.append(asset.url)
        buffer = QBuffer(job)
        buffer.setData(QByteArray(body))
        buffer.open(QIODevice.OpenModeFlag.ReadOnly)
        job.reply(QByteArray(asset.content_type.encode("ascii", "replace")), buffer)


class BlockingInterceptor(QWebEngineUrlRequestInterceptor):
    """Blocks every request whose scheme is not ours (http, https, ws, ftp, file...)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.blocked: list[str] = []

    def interceptRequest(self, info: QWebEngineUrlRequestInfo) -> None:  # noqa: N802 (Qt override)
        url = info.requestUrl()
        if url.scheme() not in _ALLOWED_SCHEMES:
            info.block(True)
            if len(self.blocked) < 1000:
                self.blocked.append(url.toString())


class IsolatedProfile(QWebEngineProfile):
    """An off-the-record profile with our scheme handler and the blocking interceptor."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)  # no storage name: off the record
        self.handler = MemorySchemeHandler(self)
        self.installUrlSchemeHandler(SCHEME.encode(), self.handler)
        self.interceptor = BlockingInterceptor(self)
        self.setUrlRequestInterceptor(self.interceptor)
        self.setHttpCacheType(QWebEngineProfile.HttpCacheType.NoCache)
        self.setPersistentCookiesPolicy(
            QWebEngineProfile.PersistentCookiesPolicy.NoPersistentCookies
        )
        _lock_down(self.settings())


def make_profile(parent: QObject | None = None) -> IsolatedProfile:
    return IsolatedProfile(parent)


def _lock_down(s: QWebEngineSettings) -> None:
    attr = QWebEngineSettings.WebAttribute
    for off in (
        attr.JavascriptEnabled,
        attr.JavascriptCanOpenWindows,
        attr.JavascriptCanAccessClipboard,
        attr.LocalContentCanAccessRemoteUrls,
        attr.LocalContentCanAccessFileUrls,
        attr.PluginsEnabled,
        attr.DnsPrefetchEnabled,
        attr.AutoLoadIconsForPage,
        attr.LocalStorageEnabled,
        attr.WebGLEnabled,
        attr.PdfViewerEnabled,
        attr.FullScreenSupportEnabled,
    ):
        s.setAttribute(off, False)


class IsolatedPage(QWebEnginePage):
    """A page that only ever navigates to the document we asked it to show."""

    def __init__(self, profile: QWebEngineProfile, parent: QObject | None = None) -> None:
        super().__init__(profile, parent)
        self.expected_url: QUrl | None = None
        self.refused: list[str] = []

    def acceptNavigationRequest(
        self, url: QUrl | str, type_: QWebEnginePage.NavigationType, is_main_frame: bool
    ) -> bool:  # noqa: N802
        url = QUrl(url)
        if is_main_frame and self.expected_url is not None and url == self.expected_url:
            return True
        # Links, form posts, meta refresh, iframes: the shown page is a specimen, not a browser.
        if len(self.refused) < 1000:
            self.refused.append(url.toString())
        return False

    def javaScriptConsoleMessage(self, level: Any, message: str, line: int, source: str) -> None:  # noqa: N802
        log.debug("page console (%s:%s): %s", source, line, message)


class Bridge(QObject):
    """The one object the picker script sees: one slot taking JSON messages."""

    message = Signal(dict)

    @Slot(str)
    def post(self, text: str) -> None:
        try:
            data = json.loads(text)
        except ValueError:
            log.warning("ignored a malformed message from the picker")
            return
        if isinstance(data, dict):
            self.message.emit(data)


class PageView(QWebEngineView):
    """Shows one stamped page, reports picks, applies highlights.

    Calls into the page are queued until the picker reports ready, so callers never race the
    page load.
    """

    page_ready = Signal()  # the picker is ready on the newly shown document
    element_clicked = Signal(int, bool)  # stamp, additive (Ctrl/Shift held)
    element_hovered = Signal(int)
    highlights_applied = Signal(dict)  # kind -> count actually marked in the DOM

    def __init__(self, profile: IsolatedProfile, parent: Any = None) -> None:
        super().__init__(parent)
        self._profile = profile
        self._handler = profile.handler
        self._page = IsolatedPage(profile, self)
        # Until the first document paints (and between documents) the view shows the palette's
        # base colour, never Chromium's black or white surface.
        base = self.palette().color(QPalette.ColorRole.Base)
        self._page.setBackgroundColor(base)
        self.setAutoFillBackground(True)
        self.setPage(self._page)
        self._bridge = Bridge(self)
        self._channel = QWebChannel(self)
        self._channel.registerObject("bridge", self._bridge)
        self._page.setWebChannel(self._channel, QWebEngineScript.ScriptWorldId.ApplicationWorld)
        self._bridge.message.connect(self._on_bridge_message)
        self._ready = False
        self._pending: list[str] = []
        self._serial = 0
        self._install_script()

    # ------------------------------------------------------------------ set-up
    def _install_script(self) -> None:
        f = QFile(":/qtwebchannel/qwebchannel.js")
        if not f.open(QIODevice.OpenModeFlag.ReadOnly):
            raise RuntimeError("qwebchannel.js is missing from the Qt installation")
        channel_js = bytes(f.readAll().data()).decode("utf-8")
        f.close()
        config = {
            "stamp": STAMP_ATTR,
            "highlight": HIGHLIGHT_ATTR,
            "style": STYLE_ATTR,
            "css": highlight_css(),
            "colours": HIGHLIGHT_COLOURS,
        }
        source = "\n".join(
            [channel_js, f"var DEBOILER_CONFIG = {js_value(config)};", _resource_text("picker.js")]
        )
        script = QWebEngineScript()
        script.setName("deboiler-picker")
        script.setSourceCode(source)
        script.setInjectionPoint(QWebEngineScript.InjectionPoint.DocumentCreation)
        script.setWorldId(QWebEngineScript.ScriptWorldId.ApplicationWorld)
        script.setRunsOnSubFrames(False)
        self._page.scripts().insert(script)

    @property
    def interceptor(self) -> BlockingInterceptor:
        return self._profile.interceptor

    @property
    def isolated_page(self) -> IsolatedPage:
        return self._page

    @property
    def ready(self) -> bool:
        return self._ready

    # ------------------------------------------------------------------ showing
    def show_document(self, html: str) -> None:
        """Show an already stamped and serialised document."""
        self._serial += 1
        self._ready = False
        self._pending.clear()
        url = self._handler.put(f"doc{self._serial}", html)
        self._page.expected_url = url
        self._page.load(url)

    def call(self, function: str, *args: Any) -> None:
        """Call a picker function now if the page is ready, else once it is."""
        code = js_call(function, *args)
        if self._ready:
            self._page.runJavaScript(code, QWebEngineScript.ScriptWorldId.ApplicationWorld)
        else:
            self._pending.append(code)

    def evaluate(self, code: str, callback: Any) -> None:
        """Run code in our world; the callback receives a JSON string (objects do not cross)."""
        self._page.runJavaScript(code, QWebEngineScript.ScriptWorldId.ApplicationWorld, callback)

    def set_highlights(self, kinds: dict[str, list[int]]) -> None:
        self.call("setHighlights", kinds)

    def select(self, stamp: int | None, scroll: bool = True) -> None:
        self.call("select", -1 if stamp is None else stamp, scroll)

    def select_all(self, stamps: list[int], scroll: bool = True) -> None:
        """Outline every element of ``stamps`` (the examples of a list being picked)."""
        self.call("selectAll", list(stamps), scroll)

    def mark_refused(self, stamps: list[int]) -> None:
        """Outline the clicks a rule was refused for as refused (dashed) instead of picked,
        until the next pick."""
        self.call("markRefused", list(stamps))

    def set_picking(self, on: bool) -> None:
        self.call("setPicking", on)

    # ------------------------------------------------------------------ bridge
    def _on_bridge_message(self, data: dict[str, Any]) -> None:
        kind = data.get("type")
        if kind == "ready":
            expected = self._page.expected_url
            if expected is None or (
                data.get("serial_url") and data["serial_url"] != expected.toString()
            ):
                return  # a late message from a document we no longer show
            self._ready = True
            pending, self._pending = self._pending, []
            for code in pending:
                self._page.runJavaScript(code, QWebEngineScript.ScriptWorldId.ApplicationWorld)
            self.page_ready.emit()
        elif kind == "click":
            self.element_clicked.emit(int(data.get("id", -1)), bool(data.get("additive")))
        elif kind == "hover":
            self.element_hovered.emit(int(data.get("id", -1)))
        elif kind == "highlighted":
            expected = self._page.expected_url
            if data.get("serial_url") and (
                expected is None or data["serial_url"] != expected.toString()
            ):
                return  # painted on a document we no longer show
            counts = data.get("counts") or {}
            self.highlights_applied.emit({str(k): int(v) for k, v in counts.items()})
