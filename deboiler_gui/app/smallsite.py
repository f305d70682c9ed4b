"""Sites too small to learn a template from, in the workbench: what the Messages panel says of
them (the CLI's words and threshold), and a page as the page-level fallback cleans it (what
the extractor kept, the blocks of the page it left out, the share of the text it left out).
Plain functions over the engine (Qt-free)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from deboiler_gui.engine.clean.pagefallback import (
    MIN_SITE_PAGES,
    clean_single,
    too_few,
    too_small_words,
)
from deboiler_gui.engine.htmltree import HtmlElement, parse_html, visible_text, xpath_of
from deboiler_gui.engine.model import DomainModel, Page

#: The workbench's switch for the single-page fallback (Site menu), named in its messages.
FALLBACK_ACTION = "Site → Clean page by page"


def small_site_pages(model: DomainModel | None) -> int | None:
    """The number of pages the site's model was fitted on when that is too few to learn its
    template from (fewer than MIN_SITE_PAGES); None for a site large enough or not fitted."""
    if model is None:
        return None
    pages = int(model.stats.get("pages", 0))
    return pages if too_few(pages) else None


def small_site_message(site: str, pages: int, fallback: bool) -> str:
    """The Messages panel's line for a site too small to learn from: the CLI's hint, naming
    the workbench's switch (and the CLI's flag for the same run), or, with the switch on, that
    its pages are cleaned page by page."""
    if fallback:
        return (
            f"{site} has {pages} page{'s' if pages != 1 else ''}, too few to learn its template "
            f"from (at least {MIN_SITE_PAGES}): its pages are cleaned page by page with the "
            "page-level extractor trafilatura (as clean --page-fallback)"
        )
    return (
        f"{too_small_words(site, pages)}; {FALLBACK_ACTION} cleans such a site page by page "
        "with a page-level extractor (clean --page-fallback)"
    )


@dataclass
class FallbackPage:
    """One page as the single-page fallback cleans it."""

    url: str
    content: dict[str, str] = field(default_factory=dict)  # the record's ``content``
    left_out: list[str] = field(default_factory=list)  # XPaths of the blocks left out
    share: float | None = None  # share of the page's text left out
    cleaned_html: str = ""
    error: str = ""


def fallback_page(page: Page, site_pages: int) -> FallbackPage:
    """``page`` cleaned by the page-level extractor, as ``clean --page-fallback`` cleans it,
    with the blocks of the page it left out (XPaths of the page as parsed for the view)."""
    result = clean_single(page, site_pages)
    if result.status != "ok":
        return FallbackPage(page.url, error=result.error or "")
    root = parse_html(page.html)
    left = left_out_blocks(root, result.cleaned_text)
    kept = sum(1 for ch in result.cleaned_text if not ch.isspace())
    share = max(0.0, 1 - kept / result.original_chars) if result.original_chars else None
    return FallbackPage(
        page.url,
        content=dict(result.content or {}),
        left_out=[xpath_of(el) for el in left],
        share=share,
        cleaned_html=result.cleaned_html,
    )


#: A text shorter than this is looked for as whole words in the kept text ("Home" is not kept
#: because "Homemade" is).
_SHORT_TEXT = 20


def left_out_blocks(root: HtmlElement, kept_text: str) -> list[HtmlElement]:
    """The largest parts of the page's body whose visible text is not in ``kept_text`` (the
    extractor's text): what the page-level extractor left out, as blocks of the page. A part
    whose whole text is kept is not looked into; one with some of its text kept is looked
    into, down to the parts left out whole."""
    flat = " " + " ".join(kept_text.split()) + " "

    def kept(text: str) -> bool:
        if len(text) >= _SHORT_TEXT:
            return text in flat
        return re.search(r"(?<!\w)" + re.escape(text) + r"(?!\w)", flat) is not None

    found: list[HtmlElement] = []

    def visit(el: HtmlElement) -> str:
        """'empty', 'kept', 'out' (the whole element left out, in ``found``) or 'mixed'."""
        text = " ".join(visible_text(el).split())
        if not text:
            return "empty"
        if kept(text):
            return "kept"
        children = [c for c in el if isinstance(c, HtmlElement) and isinstance(c.tag, str)]
        if not children:
            found.append(el)
            return "out"
        start = len(found)
        states = [visit(c) for c in children]
        own = " ".join(
            " ".join(t.split()) for t in (el.text, *(c.tail for c in el)) if t and t.strip()
        )
        if "kept" in states or "mixed" in states or (own and kept(own)):
            return "mixed"
        del found[start:]
        found.append(el)
        return "out"

    body = root.find("body")
    holder: Any = body if body is not None else root
    for child in holder:
        if isinstance(child, HtmlElement) and isinstance(child.tag, str):
            visit(child)
    return found


__all__ = [
    "FALLBACK_ACTION",
    "FallbackPage",
    "fallback_page",
    "left_out_blocks",
    "small_site_message",
    "small_site_pages",
]
