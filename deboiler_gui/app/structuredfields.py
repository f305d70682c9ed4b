"""Structured data (JSON-LD, microdata, OpenGraph) of the shown page as field candidates in the
workbench: each with its site hit rate, added to the template as ordinary fields."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from deboiler_gui.engine.clean.chrome import sample_evenly
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Template
from deboiler_gui.engine.template.structured import (
    StructuredCandidate,
    page_candidates,
    site_rates,
)

#: Pages of the site read for the hit rates (spread over the site).
RATE_PAGES = 60


def candidates(
    workspace: Any, page: Page, *, rate_pages: int = RATE_PAGES
) -> list[StructuredCandidate]:
    """The page's structured values that a field can read, each with its site hit rate."""
    found = [c for c in page_candidates(page) if c.field is not None]
    if found:
        urls = sample_evenly(workspace.page_urls(page.site), rate_pages)
        trees = (
            parse_html(p.html) for p in map(workspace.get_page, urls) if p is not None and p.ok
        )
        site_rates(found, trees)
    return found


def label(c: StructuredCandidate) -> str:
    rate = f"{c.site_rate:.0%}" if c.site_rate is not None else "-"
    value = " ".join(c.value.split())
    value = value if len(value) <= 40 else value[:39] + "…"
    return f"{c.syntax:<9} {rate:>5}  {c.path} = {value}"


def with_fields(
    template: Template, chosen: list[StructuredCandidate]
) -> tuple[Template, list[str]]:
    """The template with a field for each chosen candidate (ids made unique); the new ids."""
    taken = (
        {f.id for f in template.fields}
        | {r.name for r in (*template.remove, *template.keep)}
        | {f.name for f in template.filters}
    )
    out, ids = template, []
    for c in chosen:
        assert c.field is not None
        fid, n = c.field.id, 2
        while fid in taken:
            fid, n = f"{c.field.id}_{n}", n + 1
        taken.add(fid)
        ids.append(fid)
        out = out.with_field(replace(c.field, id=fid))
    return out, ids
