"""A site's chrome, kept once: the boilerplate subtrees its fitted model removes (navigation,
header, footer, legal text), de-duplicated by representation, in a representative page's order."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import lxml.etree as etree

from deboiler_gui.engine.clean.markdown import to_markdown
from deboiler_gui.engine.htmltree import HtmlElement, normalize_text, parse_html, visible_text
from deboiler_gui.engine.model import DomainModel, Page, Progress

log = logging.getLogger(__name__)

#: Pages of a site read to find its chrome (evenly spread over the site in URL order).
DEFAULT_SAMPLE = 500


@dataclass
class ChromePart:
    """One recurring removed subtree: where it was on the page it was taken from, on how many of
    the pages read it was removed, and its content."""

    key: str
    detector: str
    xpath: str
    url: str
    pages: int
    text: str
    html: str
    markdown: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "detector": self.detector,
            "pages": self.pages,
            "url": self.url,
            "xpath": self.xpath,
            "text": self.text,
            "markdown": self.markdown,
            "html": self.html,
        }


@dataclass
class SiteChrome:
    """The chrome record of one site."""

    site: str
    pages_read: int = 0
    representative_url: str = ""
    parts: list[ChromePart] = field(default_factory=list)
    errors: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "site": self.site,
            "pages_read": self.pages_read,
            "representative_url": self.representative_url,
            "parts": len(self.parts),
            "text": "\n\n".join(p.text for p in self.parts if p.text),
            "markdown": "\n\n".join(p.markdown.strip() for p in self.parts if p.markdown.strip())
            + "\n"
            if any(p.markdown.strip() for p in self.parts)
            else "",
            "html": "\n".join(p.html for p in self.parts),
            "chrome": [p.to_dict() for p in self.parts],
            "errors": self.errors,
        }


def _removed(root: HtmlElement, model: DomainModel) -> list[tuple[HtmlElement, str, str, str]]:
    """(element, key, detector, xpath) of the model's boilerplate on one page, in page order."""
    from deboiler_gui.engine.clean.cleaning import find_boilerplate

    out = []
    for el, removal in find_boilerplate(root, model):
        key = removal.representation or removal.xpath
        out.append((el, key, removal.detector, removal.xpath))
    return out


def _part(el: HtmlElement, key: str, detector: str, xpath: str, url: str) -> ChromePart:
    html = etree.tostring(el, method="html", encoding="unicode", with_tail=False)
    return ChromePart(
        key=key,
        detector=detector,
        xpath=xpath,
        url=url,
        pages=0,
        text=normalize_text(visible_text(el)),
        html=html,
        markdown=to_markdown(el, url),
    )


def sample_evenly(items: Sequence[Any], limit: int) -> list[Any]:
    """At most ``limit`` items spread evenly over ``items``, first and order kept."""
    if limit <= 0 or len(items) <= limit:
        return list(items)
    step = len(items) / limit
    return [items[int(i * step)] for i in range(limit)]


def site_chrome(site: str, pages: Iterable[Page], model: DomainModel) -> SiteChrome:
    """The chrome of one site from its (sampled) pages and fitted model.

    Parts are keyed by the cleaner's representation of the removed subtree (a navigation slot
    whose text changes per page is one part). The representative page is the one whose removed
    parts are the most common over the pages read; its parts come first, in its page order, with
    its own text; parts it lacks follow in the order first seen."""
    result = SiteChrome(site)
    counts: Counter[str] = Counter()
    per_page: list[tuple[Page, list[str]]] = []
    first: dict[str, ChromePart] = {}
    order: list[str] = []
    for page in pages:
        try:
            root = parse_html(page.html)
            found = _removed(root, model)
        except Exception as exc:  # one bad page never stops the run
            log.warning("chrome of %s failed: %s", page.url, exc, exc_info=True)
            result.errors += 1
            continue
        result.pages_read += 1
        keys = []
        for el, key, detector, xpath in found:
            if key in keys:
                continue
            keys.append(key)
            if key not in first:
                first[key] = _part(el, key, detector, xpath, page.url)
                order.append(key)
        counts.update(keys)
        per_page.append((page, keys))
    if not per_page:
        return result
    best_page, best_keys = max(
        per_page, key=lambda pk: (sum(counts[k] for k in pk[1]), -per_page.index(pk))
    )
    result.representative_url = best_page.url
    parts: list[ChromePart] = []
    taken: set[str] = set()
    root = parse_html(best_page.html)
    for el, key, detector, xpath in _removed(root, model):
        if key in taken:
            continue
        taken.add(key)
        parts.append(_part(el, key, detector, xpath, best_page.url))
    parts.extend(first[k] for k in order if k not in taken)
    for part in parts:
        part.pages = counts[part.key]
    # An emptied container (a pager with no links on this page) is no content to keep, and a
    # part removed on one page only of several read is a one-off there, not the site's chrome.
    several = result.pages_read >= 2
    result.parts = [p for p in parts if p.text and (p.pages >= 2 or not several)]
    return result


def chrome_steps(
    ws: Any,
    models: dict[str, DomainModel],
    sites: Iterable[str],
    output: str,
    *,
    sample: int = DEFAULT_SAMPLE,
    max_chars: int | None = None,
) -> Generator[Progress, None, list[SiteChrome]]:
    """Write one chrome record per site (JSON lines, written whole or not at all)."""
    from deboiler_gui.engine.clean.pipeline import DEFAULT_MAX_PAGE_CHARS, is_cleanable
    from deboiler_gui.engine.output import ResultWriter
    from deboiler_gui.engine.sources import is_html_content_type

    limit = max_chars or DEFAULT_MAX_PAGE_CHARS
    names = [s for s in sites if s in models]
    results: list[SiteChrome] = []
    yield Progress(0, len(names), "chrome")
    with ResultWriter(output, "jsonl") as writer:
        for i, site in enumerate(names):
            usable = [
                s["url"]
                for s in ws.page_summaries(site)
                if s["error"] is None
                and 200 <= int(s["status"]) < 300
                and is_html_content_type(s["content_type"])
            ]
            urls = sample_evenly(usable, sample)
            pages = (p for p in map(ws.get_page, urls) if p is not None and is_cleanable(p, limit))
            chrome = site_chrome(site, pages, models[site])
            writer.write(chrome.to_dict())
            results.append(chrome)
            yield Progress(i + 1, len(names), f"chrome {site}")
    return results


__all__ = ["ChromePart", "SiteChrome", "chrome_steps", "sample_evenly", "site_chrome"]
