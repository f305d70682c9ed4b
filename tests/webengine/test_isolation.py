"""The page view on hostile and awkward pages: nothing leaves the machine, page scripts never
run, clicks map to lxml's nodes, highlights reach the DOM."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from deboiler_gui.app.stamping import HIGHLIGHT_ATTR, STAMP_ATTR, prepare_page, stamp_page
from deboiler_gui.engine.htmltree import to_html, xpath_of
from deboiler_gui.gui.webview import highlight_css


@pytest.fixture
def canary() -> Iterator[tuple[str, list[str]]]:
    """A local HTTP server recording every request it gets."""
    hits: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server API)
            hits.append(self.path)
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.end_headers()
            self.wfile.write(b"ok")

        do_POST = do_GET  # noqa: N815

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", hits
    server.shutdown()
    server.server_close()


def _show(qtbot: Any, view: Any, html: str) -> Any:
    page = stamp_page("https://example.test/p.html", html)
    with qtbot.waitSignal(view.page_ready, timeout=10000):
        view.show_document(page.html)
    return page


def test_hostile_page_makes_no_request_and_runs_no_script(
    qtbot: Any, view: Any, js: Any, click: Any, canary: tuple[str, list[str]]
) -> None:
    base, hits = canary
    hostile = f"""<html><head><title>original</title>
    <meta http-equiv="refresh" content="0;url={base}/refresh">
    <link rel="stylesheet" href="{base}/style.css"><link rel="prefetch" href="{base}/prefetch">
    <link rel="icon" href="{base}/favicon.ico"><link rel="dns-prefetch" href="{base}/dns">
    <script src="{base}/external.js"></script>
    <style>body {{ background: url({base}/bg.png); }} @import url({base}/import.css);</style>
    </head><body onload="fetch('{base}/onload')">
    <script>document.title = 'pwned'; document.body.setAttribute('data-pwned', '1'); fetch('{base}/fetch');
    new Image().src = '{base}/js-image';</script>
    <img src="{base}/img.png" srcset="{base}/img2.png 2x"><iframe src="{base}/frame"></iframe>
    <video src="{base}/video.mp4" autoplay></video><object data="{base}/object"></object>
    <form id="f" action="{base}/post" method="post"><input name="q" value="x"><button id="go">Go</button></form>
    <p><a id="out" href="{base}/link">a link</a></p></body></html>"""
    page = _show(qtbot, view, hostile)
    qtbot.wait(1500)  # give anything that would fire time to fire
    state = js(
        view,
        "JSON.stringify([document.title, document.body.hasAttribute('data-pwned'), location.href])",
    )
    assert state[0] == "original"
    assert state[1] is False
    assert state[2].startswith("deboiler://")
    # A real click on a link and on a submit button picks the element; it never navigates.
    for anchor in ("//a[@id='out']", "//button[@id='go']"):
        el = page.root.xpath(anchor)[0]
        with qtbot.waitSignal(view.element_clicked, timeout=5000) as sig:
            click(view, page.stamp_of(el))
        assert sig.args[0] == page.stamp_of(el)
    qtbot.wait(500)
    assert hits == []
    assert js(view, "JSON.stringify(location.href)").startswith("deboiler://")
    # The bridge kept working all along, in its own world.
    assert js(view, "JSON.stringify(typeof window.__deboiler.setHighlights)") == "function"


def test_page_scripts_cannot_see_the_bridge(qtbot: Any, view: Any, js: Any, click: Any) -> None:
    _show(qtbot, view, "<html><body><p>x</p></body></html>")
    probe = "typeof window.__deboiler + '/' + typeof window.qt"
    box: list[Any] = []
    # Page JavaScript is off: the page's own world evaluates nothing.
    view.page().runJavaScript(probe, 0, box.append)
    qtbot.waitUntil(lambda: bool(box), timeout=5000)
    assert box == [""]
    # Our world, on the same document, has the picker and the channel.
    assert js(view, f"JSON.stringify({probe})") == "object/object"


def test_real_click_maps_to_the_lxml_node_even_under_browser_invented_tbody(
    qtbot: Any, view: Any, js: Any, click: Any
) -> None:
    html = """<html><body><table id="t"><tr><td>one</td><td id="target">two two two two</td></tr></table>
    <p>unclosed <div>inside p</div> <b><i>mis</b>nested</i></body></html>"""
    page = _show(qtbot, view, html)
    target = page.root.xpath("//td[@id='target']")[0]
    with qtbot.waitSignal(view.element_clicked, timeout=5000) as sig:
        click(view, page.stamp_of(target))
    picked = page.element(sig.args[0])
    assert picked is target
    assert xpath_of(picked) == "/html/body/table/tr/td[2]"
    # The browser invented a tbody; it carries no stamp and resolves to its stamped ancestor.
    tbody = js(
        view,
        f"JSON.stringify([document.querySelector('tbody') !== null, document.querySelector('tbody').hasAttribute('{STAMP_ATTR}')])",
    )
    assert tbody == [True, False]
    # Stamps never stay in the engine's tree.
    assert not page.root.xpath(f"//*[@{STAMP_ATTR}]")


def test_highlights_reach_the_dom_with_their_colours(
    qtbot: Any, view: Any, js: Any, click: Any
) -> None:
    html = (
        "<html><head><style>nav, p { outline: none !important; }</style></head><body><nav id='n'>menu</nav><main><p id='c'>content</p></main>"
        "<footer id='f' style='color: rgb(200, 0, 0); outline: none !important; outline-offset: 0'>foot</footer></body></html>"
    )
    page = _show(qtbot, view, html)
    nav = page.stamp_of(page.root.xpath("//nav")[0])
    foot = page.stamp_of(page.root.xpath("//footer")[0])
    para = page.stamp_of(page.root.xpath("//p")[0])
    with qtbot.waitSignal(view.highlights_applied, timeout=5000) as sig:
        view.set_highlights({"boiler": [nav, foot], "keep": [para]})
    assert sig.args[0] == {"boiler": 2, "keep": 1}
    marks = js(view, "window.__deboiler.marks()")
    assert sorted(marks["boiler"]) == sorted([nav, foot])
    assert marks["keep"] == [para]
    styles = js(
        view,
        "JSON.stringify([getComputedStyle(document.getElementById('n')).outlineStyle, getComputedStyle(document.getElementById('c')).outlineStyle])",
    )
    # The page's own stylesheet "outline: none !important" does not hide our highlight, nor does
    # an inline one; the rest of the inline style stays, and the engine's tree keeps it all.
    assert styles == ["dashed", "solid"]
    assert js(
        view,
        "JSON.stringify([getComputedStyle(document.getElementById('f')).outlineStyle, getComputedStyle(document.getElementById('f')).color])",
    ) == ["dashed", "rgb(200, 0, 0)"]
    assert (
        page.root.xpath("//footer")[0].get("style")
        == "color: rgb(200, 0, 0); outline: none !important; outline-offset: 0"
    )
    # Replacing the highlights clears the old ones.
    with qtbot.waitSignal(view.highlights_applied, timeout=5000):
        view.set_highlights({"remove": [para]})
    assert js(view, "window.__deboiler.marks()") == {"remove": [para]}


def test_calls_before_the_page_is_ready_are_queued(
    qtbot: Any, view: Any, js: Any, click: Any
) -> None:
    page = stamp_page("https://example.test/q.html", "<html><body><p>a</p><p>b</p></body></html>")
    second = page.stamp_of(page.root.xpath("//p")[1])
    with qtbot.waitSignal(view.highlights_applied, timeout=10000) as sig:
        view.show_document(page.html)
        view.set_highlights({"field": [second]})  # sent before the document even loaded
    assert sig.args[0] == {"field": 1}


def test_highlights_served_with_the_document_paint_without_a_call(
    qtbot: Any, view: Any, js: Any, click: Any
) -> None:
    paras = "".join(f"<p id='p{i}'>paragraph {i} " + "word " * 40 + "</p>" for i in range(400))
    html = f"<html><head><title>t</title></head><body><nav data-dbg-hl='field'>menu</nav><main>{paras}</main><footer>foot</footer></body></html>"
    page = prepare_page("https://example.test/long.html", html)
    before = to_html(page.root)
    nav = page.stamp_of(page.root.xpath("//nav")[0])
    far = page.root.xpath("//p[@id='p350']")[0]
    served = page.serialise(
        {
            "boiler": [nav, page.stamp_of(page.root.xpath("//footer")[0])],
            "keep": [page.stamp_of(far)],
        },
        highlight_css(lazy_layout=True),
    )
    # The engine's tree is untouched by serialising: no stamp, no highlight, no style element,
    # and the page's own attribute of our name is gone from the start.
    assert to_html(page.root) == before
    assert not page.root.xpath(f"//*[@{STAMP_ATTR} or @{HIGHLIGHT_ATTR}] | //style")
    with qtbot.waitSignal(view.highlights_applied, timeout=10000) as sig:
        view.show_document(served)  # no set_highlights call at all
    assert sig.args[0] == {"boiler": 2, "keep": 1}
    marks = js(view, "window.__deboiler.marks()")
    assert sorted(marks["boiler"]) == sorted([nav, page.stamp_of(page.root.xpath("//footer")[0])])
    assert marks["keep"] == [page.stamp_of(far)]
    assert (
        js(view, "JSON.stringify(document.querySelectorAll('style[data-dbg-style]').length)") == 1
    )
    # Off-screen paragraphs are laid out lazily, yet a click far down the page picks the right
    # node, and later highlight calls replace the served ones.
    assert (
        js(
            view,
            "JSON.stringify(getComputedStyle(document.getElementById('p350')).contentVisibility)",
        )
        == "auto"
    )
    with qtbot.waitSignal(view.element_clicked, timeout=5000) as clicked:
        click(view, page.stamp_of(far))
    assert page.element(clicked.args[0]) is far
    with qtbot.waitSignal(view.highlights_applied, timeout=5000):
        view.set_highlights({"remove": [nav]})
    assert js(view, "window.__deboiler.marks()") == {"remove": [nav]}
    # Without lazy layout every block is laid out at once.
    plain = page.serialise({}, highlight_css(lazy_layout=False))
    with qtbot.waitSignal(view.page_ready, timeout=10000):
        view.show_document(plain)
    assert (
        js(
            view,
            "JSON.stringify(getComputedStyle(document.getElementById('p350')).contentVisibility)",
        )
        == "visible"
    )


def test_highlights_show_on_a_page_whose_own_policy_forbids_inline_styles(
    qtbot: Any, view: Any, js: Any
) -> None:
    html = (
        "<html><head><meta http-equiv='Content-Security-Policy' content=\"default-src 'none'; style-src 'none'\"></head>"
        "<body><nav id='n'>menu</nav><p id='c'>content</p></body></html>"
    )
    page = prepare_page("https://example.test/csp.html", html)
    nav = page.stamp_of(page.root.xpath("//nav")[0])
    with qtbot.waitSignal(view.highlights_applied, timeout=10000) as sig:
        view.show_document(page.serialise({"boiler": [nav]}, highlight_css()))
    assert sig.args[0] == {"boiler": 1}
    assert (
        js(view, "JSON.stringify(getComputedStyle(document.getElementById('n')).outlineStyle)")
        == "dashed"
    )
    # Highlights set later (a new rule) show as well.
    para = page.stamp_of(page.root.xpath("//p")[0])
    with qtbot.waitSignal(view.highlights_applied, timeout=5000):
        view.set_highlights({"keep": [para]})
    assert (
        js(view, "JSON.stringify(getComputedStyle(document.getElementById('c')).outlineStyle)")
        == "solid"
    )
    # The engine's tree keeps the page's policy.
    assert page.root.xpath("//meta[@http-equiv='Content-Security-Policy']")
