"""The single-page fallback: a site with too few pages to learn its template from is cleaned
page by page with a page-level extractor (trafilatura), and each result says so."""

from __future__ import annotations

import logging
from typing import Any

from deboiler_gui.engine.document import language_of, title_of
from deboiler_gui.engine.htmltree import parse_html, visible_text
from deboiler_gui.engine.model import CleanResult, InputError, Page

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


def fallback_reason(pages: int) -> str:
    return (
        f"the site has {pages} page{'s' if pages != 1 else ''}, too few to learn its template "
        f"from (at least {MIN_SITE_PAGES}): the page-level extractor trafilatura took the content"
    )


def clean_single(page: Page, site_pages: int) -> CleanResult:
    """One page cleaned on its own; never raises for a bad page (status "error")."""
    if page.error is not None:
        return CleanResult(page.url, status="error", error=page.error, http_status=page.status)
    trafilatura = _trafilatura()
    try:
        root = parse_html(page.html)
        text = (
            trafilatura.extract(
                page.html,
                url=page.url,
                output_format="txt",
                include_comments=True,
                include_tables=True,
                favor_recall=True,
            )
            or ""
        )
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
        body = root.find("body")
        chars = len("".join(visible_text(body if body is not None else root).split()))
        return CleanResult(
            page.url,
            status="ok",
            http_status=page.status,
            title=title_of(root),
            language=language_of(root, text),
            cleaned_html=html,
            cleaned_text=text,
            original_chars=chars,
            content={"slot": "", "reason": fallback_reason(site_pages), "method": "page"},
        )
    except Exception as exc:  # one bad page never stops a run
        log.warning("single-page extraction of %s failed: %s", page.url, exc, exc_info=True)
        return CleanResult(
            page.url,
            status="error",
            error=f"{page.url}: {type(exc).__name__}: {exc}",
            http_status=page.status,
        )
