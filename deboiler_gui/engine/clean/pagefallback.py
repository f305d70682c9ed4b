"""The single-page fallback: a site with too few pages to learn its template from is cleaned
page by page with a page-level extractor (trafilatura), and each result says so. trafilatura
leaves the page's heading out of its text (it holds it as the title's metadata): the page's
own ``h1`` is put back in front."""

from __future__ import annotations

import logging
from typing import Any

from deboiler_gui.engine.document import consume, language_of, title_of
from deboiler_gui.engine.htmltree import parse_html, to_html, visible_text
from deboiler_gui.engine.model import CleanResult, InputError, Page
from deboiler_gui.engine.words import count

log = logging.getLogger(__name__)

#: A site with fewer fittable pages than this has too little to learn a template from.
MIN_SITE_PAGES = 5


def too_few(pages: int) -> bool:
    return pages < MIN_SITE_PAGES


def _trafilatura() -> Any:
    try:
        import trafilatura
    except ImportError as exc:  # pragma: no cover - a declared dependency
        raise InputError(
            f"the single-page fallback needs trafilatura, which cannot be imported: {exc}"
        ) from exc
    return trafilatura


def too_small_words(site: str, pages: int) -> str:
    """What is said of a site too small to learn from, cleaned with what its pages allow (the
    CLI's hint and the workbench's message)."""
    if pages == 0:  # its pages hold no text the cleaner could learn from (empty, script-built)
        return (
            f"{site} has no page with text to learn its template from (at least "
            f"{MIN_SITE_PAGES} are needed), so its menus and footer may stay in the text"
        )
    return (
        f"{site} has {count(pages, 'page')}, too few to learn its template from (at least "
        f"{MIN_SITE_PAGES}), so its menus and footer may stay in the text"
    )


def fallback_reason(pages: int) -> str:
    return (
        f"the site has {pages} page{'s' if pages != 1 else ''}, too few to learn its template "
        f"from (at least {MIN_SITE_PAGES}): the page-level extractor trafilatura took the content"
    )


#: Longest heading put back in front of the extractor's text.
HEADING_MAX_CHARS = 300


def main_heading(root: Any, title: str) -> str:
    """The page's own heading: an ``h1`` inside its ``article`` or ``main``, else the one
    that comes first in the page's title (a site's name in a banner's h1 comes after the
    page's in most titles), else the only one; "" when none is sure."""
    found: list[tuple[int, int, str]] = []
    flat_title = " ".join(title.split())
    for order, el in enumerate(root.iter("h1")):
        text = " ".join(visible_text(el).split())
        if not text or len(text) > HEADING_MAX_CHARS:
            continue
        if any(a.tag in ("article", "main") for a in el.iterancestors()):
            found.append((-1, order, text))
        elif text in flat_title:
            found.append((flat_title.index(text), order, text))
        else:
            found.append((len(flat_title) + 1, order, text))
    if not found:
        return ""
    best = min(found)
    if best[0] > len(flat_title) and len(found) > 1:
        return ""
    return best[2]


def _with_heading(heading: str, tree: Any) -> None:
    """The page's heading put in front of the extractor's content (a parsed tree), unless its
    text already starts with it."""
    if not heading:
        return
    body = tree.find("body")
    holder = body if body is not None else tree
    start = " ".join(" ".join(visible_text(holder).split()[:64]).split())
    if start.find(heading) >= 0:
        return
    h1 = holder.makeelement("h1", {})
    h1.text = heading
    h1.tail = "\n"
    holder.insert(0, h1)


def clean_single(page: Page, site_pages: int) -> CleanResult:
    """One page cleaned on its own; never raises for a bad page (status "error")."""
    if page.error is not None:
        return CleanResult(page.url, status="error", error=page.error, http_status=page.status)
    trafilatura = _trafilatura()
    try:
        root = parse_html(page.html)
        # One extraction, as HTML: its text is read with the same rule as a page the site's
        # model cleaned (blocks on their own lines, table cells apart, headings and lists
        # collected), not the extractor's own text format.
        html = (
            trafilatura.extract(
                page.html,
                url=page.url,
                output_format="html",
                include_comments=True,
                include_tables=True,
                favor_recall=True,
            )
            or ""
        )
        title = title_of(root)
        tree = parse_html(html) if html.strip() else parse_html("<html><body></body></html>")
        _with_heading(main_heading(root, title), tree)
        cleaned_html = to_html(tree)
        text, headings, lists = consume(tree)  # last: it rewrites the tree
        body = root.find("body")
        chars = len("".join(visible_text(body if body is not None else root).split()))
        return CleanResult(
            page.url,
            status="ok",
            http_status=page.status,
            title=title,
            language=language_of(root, text),
            cleaned_html=cleaned_html,
            cleaned_text=text,
            headings=headings,
            lists=lists,
            original_chars=chars,
            content={
                "slot": "",
                "path": "",
                "reason": fallback_reason(site_pages),
                "method": "page",
            },
        )
    except Exception as exc:  # one bad page never stops a run
        log.warning("single-page extraction of %s failed: %s", page.url, exc, exc_info=True)
        return CleanResult(
            page.url,
            status="error",
            error=f"{page.url}: {type(exc).__name__}: {exc}",
            http_status=page.status,
        )
