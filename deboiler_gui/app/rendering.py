"""How a shown page refers to its own style sheets, images and fonts: each reference is mapped to
the app's scheme (``deboiler://page/asset/<scheme>/<host><path>``: the shown page's own origin,
so fonts load without cross-origin checks), which serves them from the input;
the plain view turns the site's style sheets off instead. Changes to the tree are undone after
serialising."""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import quote, urlsplit

from deboiler_gui.engine.htmltree import HtmlElement
from deboiler_gui.engine.subresources import (
    CSS_IMPORT,
    CSS_URL,
    absolute,
    asset_elements,
    page_base,
)

#: The host of the app scheme's documents and assets, and the path prefix of the assets.
PAGE_HOST = "page"
ASSET_PREFIX = "/asset/"
_SAFE = "/%:@!$&'()*+,;=-._~"


def asset_url(url: str, scheme: str) -> str:
    """``http://host/a/b.css?v=1`` -> ``<scheme>://page/asset/http/host/a/b.css?v=1``; relative
    URLs inside a style sheet served at such a URL resolve to asset URLs of the same site."""
    parts = urlsplit(url)
    path = quote(parts.path or "/", safe=_SAFE)
    query = "?" + quote(parts.query, safe=_SAFE + "?") if parts.query else ""
    return f"{scheme}://{PAGE_HOST}{ASSET_PREFIX}{parts.scheme}/{parts.netloc}{path}{query}"


def original_url(url: str, scheme: str) -> str | None:
    """The site URL an asset URL of the app scheme stands for (None if it is not one)."""
    prefix = f"{scheme}://{PAGE_HOST}{ASSET_PREFIX}"
    if not url.startswith(prefix):
        return None
    rest = url[len(prefix) :].split("#", 1)[0]
    site_scheme, _, tail = rest.partition("/")
    if site_scheme not in ("http", "https") or not tail or tail.startswith("/"):
        return None
    netloc, slash, path = tail.partition("/")
    return f"{site_scheme}://{netloc}/{path if slash else ''}"


def _map_refs(text: str, base: str, scheme: str) -> str:
    """url(...) and @import of CSS text mapped to asset URLs (data: and fragments kept)."""

    def url_sub(m: re.Match[str]) -> str:
        ref = next(g for g in m.groups() if g is not None)
        target = absolute(base, ref)
        return f'url("{asset_url(target, scheme)}")' if target else m.group(0)

    def import_sub(m: re.Match[str]) -> str:
        ref = next(g for g in m.groups() if g is not None)
        target = absolute(base, ref)
        return f'@import "{asset_url(target, scheme)}"' if target else m.group(0)

    return CSS_URL.sub(url_sub, CSS_IMPORT.sub(import_sub, text))


def rewrite_css(css: str, css_url: str, scheme: str) -> str:
    """A style sheet with every reference (relative or absolute) mapped to asset URLs, so
    fonts and images it names come from the input too."""
    return _map_refs(css, css_url, scheme)


def _srcset(value: str, base: str, scheme: str) -> str:
    out = []
    for part in value.split(","):
        bits = part.strip().split(None, 1)
        if not bits:
            continue
        target = absolute(base, bits[0])
        bits[0] = asset_url(target, scheme) if target else bits[0]
        out.append(" ".join(bits))
    return ", ".join(out)


Undo = list[Callable[[], None]]


def _set(el: HtmlElement, attr: str, value: str, undo: Undo) -> None:
    old = el.get(attr)
    el.set(attr, value)

    def back(el: HtmlElement = el, attr: str = attr, old: str | None = old) -> None:
        if old is None:
            el.attrib.pop(attr, None)
        else:
            el.set(attr, old)

    undo.append(back)


def map_assets(root: HtmlElement, page_url: str, scheme: str, *, inline: bool = True) -> Undo:
    """Point every asset reference of the page at the app scheme; returns the undo steps.
    ``inline=False`` skips style and background attributes (the page has none with a URL)."""
    undo: Undo = []
    base = page_base(root, page_url)
    for el, attr, refs in asset_elements(root, inline=inline):
        if attr == "":
            old_text = el.text
            el.text = _map_refs(el.text or "", base, scheme)

            def back_text(el: HtmlElement = el, old: str | None = old_text) -> None:
                el.text = old

            undo.append(back_text)
        elif attr == "style":
            _set(el, attr, _map_refs(el.get(attr) or "", base, scheme), undo)
        elif attr == "srcset":
            _set(el, attr, _srcset(el.get(attr) or "", base, scheme), undo)
        else:
            target = absolute(base, refs[0])
            if target:
                _set(el, attr, asset_url(target, scheme), undo)
    return undo


def plain_styles(root: HtmlElement, skip: Callable[[HtmlElement], bool]) -> Undo:
    """Turn the site's style sheets off (link rel=stylesheet and <style> blocks get
    ``media="not all"``) except those ``skip`` keeps (the app's own); returns the undo steps."""
    undo: Undo = []
    for el in root.iter("link", "style"):
        if skip(el):
            continue
        if el.tag == "link" and "stylesheet" not in (el.get("rel") or "").lower().split():
            continue
        _set(el, "media", "not all", undo)
    return undo


__all__ = [
    "ASSET_PREFIX",
    "PAGE_HOST",
    "asset_url",
    "map_assets",
    "original_url",
    "plain_styles",
    "rewrite_css",
]
