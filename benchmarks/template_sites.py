"""Two real sites for the template benchmarks, each with a template (title, date or version,
body, one list field) and gold values computed independently of the engine: regular
expressions over the raw HTML, no XPath, no lxml. Spot-check them with
``python benchmarks/fields_quality.py --show 5``.

- SQLite documentation (/usr/share/doc/sqlite3, pages with a "fancy" title block): title,
  last-modified date, table of contents, body (the page minus title block, TOC and menus).
- Django 3.2 documentation (/usr/share/doc/python-django-doc/html, Sphinx): title (h1),
  version (header), the page's "Contents" sidebar list, body (the document column).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, NoiseFilter, Processor, Rule, Template

SQLITE = Path("/usr/share/doc/sqlite3")
DJANGO = Path("/usr/share/doc/python-django-doc/html")

_TAG = re.compile(r"<[^>]+>")
_WS = re.compile(r"\s+")
_SCRIPT = re.compile(r"<(script|style|svg)\b.*?</\1>", re.S | re.I)


def strip_tags(markup: str) -> str:
    markup = _SCRIPT.sub(" ", markup)
    return _WS.sub(" ", html.unescape(_TAG.sub(" ", markup))).strip()


def tokens(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


@dataclass
class SiteSpec:
    name: str
    template: Template
    pages: list[Page]
    gold: dict[str, dict[str, Any]]


# --------------------------------------------------------------------------- SQLite


def sqlite_template() -> Template:
    return Template(
        name="sqlite-docs",
        site="sqlite.example",
        urls=("https://sqlite.example/doc/",),
        remove=(Rule("menus", "//div[@class='nosearch']"),),
        fields=(
            Field("title", xpaths=("//div[@class='fancy_title']",), required=True),
            Field("date", xpaths=("//a[@id='mtimelink']",), processors=(Processor("date"),)),
            Field("toc", xpaths=("//div[@id='toc_sub']/div[%d]/a",), is_list=True),
            Field("body", xpaths=("//div[@class='fancy']",)),
        ),
        use_cleaner=False,
    )


def _sqlite_gold(raw: str) -> dict[str, Any] | None:
    m = re.search(r'<div class="fancy_title">(.*?)</div>', raw, re.S)
    d = re.search(r'id="mtimelink"[^>]*>(\d{4}-\d{2}-\d{2})', raw)
    if not m:
        return None
    toc_block = re.search(r'<div id="toc_sub">(.*?)</div>\s*</div>', raw, re.S)
    toc = (
        [strip_tags(a) for a in re.findall(r'<a href="#[^"]*">(.*?)</a>', toc_block.group(1), re.S)]
        if toc_block
        else []
    )
    start = raw.find("<div class=fancy>")
    # The content starts after the title/TOC block (its closing </script></div>) and runs to
    # the end of the document; menus live before it.
    after_toc = raw.find("</script>\n</div>", start)
    body_start = (
        after_toc + len("</script>\n</div>")
        if toc_block and after_toc > 0
        else raw.find("</div>", raw.find('class="fancy_title"')) + 6
    )
    end = raw.rfind("</body>")
    body = strip_tags(raw[body_start : end if end > 0 else len(raw)])
    return {
        "title": strip_tags(m.group(1)),
        "date": d.group(1) if d else "",
        "toc": toc,
        "body": body,
    }


def sqlite_site(limit: int | None = None) -> SiteSpec:
    pages, gold = [], {}
    for path in sorted(SQLITE.glob("*.html")):
        raw = path.read_text(encoding="utf-8", errors="replace")
        g = _sqlite_gold(raw)
        if g is None:
            continue
        url = f"https://sqlite.example/doc/{path.name}"
        pages.append(Page(url, raw))
        gold[url] = g
        if limit and len(pages) >= limit:
            break
    return SiteSpec("sqlite", sqlite_template(), pages, gold)


# --------------------------------------------------------------------------- Django


def django_template() -> Template:
    return Template(
        name="django-docs",
        site="docs.django.example",
        urls=("https://docs.django.example/",),
        fields=(
            Field(
                "title",
                xpaths=(
                    "//div[@id='bd']//div[contains(@class, 'section')]/h1",
                    "//div[@id='bd']//h1",
                ),
                required=True,
            ),
            Field(
                "version",
                xpaths=("//div[@id='hd']/h1/a",),
                processors=(Processor("regex", (r"Django ([\d.]+)",)),),
            ),
            Field(
                "contents",
                xpaths=(
                    "//div[@id='sidebar']//h3[normalize-space(.)='Table of Contents']/following-sibling::ul[1]//a",
                ),
                is_list=True,
            ),
            Field("body", xpaths=("//div[@id='yui-main']/div[@class='yui-b']/div",)),
        ),
        filters=(NoiseFilter("permalink-marks", "text", pattern="\u00b6"),),
        use_cleaner=False,
    )


def _django_gold(raw: str) -> dict[str, Any] | None:
    t = re.search(r"<title>(.*?) &#8212; Django [\d.]+ documentation</title>", raw, re.S)
    v = re.search(
        r'<div id="hd">\s*<h1><a href="[^"]*">Django ([\d.]+) documentation</a></h1>', raw
    )
    if not t or not v:
        return None
    side = re.search(r'<div class="yui-b" id="sidebar">(.*?)<div id="ft">', raw, re.S)
    contents: list[str] = []
    if side:
        c = re.search(r"Table of Contents</a></h3>(.*?)(?:<h3|</div>)", side.group(1), re.S)
        if c:
            contents = [
                strip_tags(a)
                for a in re.findall(r"<a [^>]*href=\"[^\"]*\"[^>]*>(.*?)</a>", c.group(1), re.S)
            ]
    start = raw.find('<div id="yui-main">')
    end = raw.find('<div class="yui-b" id="sidebar">')
    if start < 0 or end < 0:
        return None
    body = strip_tags(raw[start:end])
    title = strip_tags(t.group(1))
    return {"title": title, "version": v.group(1), "contents": contents, "body": body}


def django_site(limit: int | None = None) -> SiteSpec:
    pages, gold = [], {}
    for path in sorted(DJANGO.rglob("*.html")):
        rel = path.relative_to(DJANGO).as_posix()
        if rel.startswith(("_modules/", "_static/")) or rel in (
            "genindex.html",
            "search.html",
            "py-modindex.html",
        ):
            continue
        raw = path.read_text(encoding="utf-8", errors="replace")
        g = _django_gold(raw)
        if g is None:
            continue
        url = f"https://docs.django.example/{rel}"
        pages.append(Page(url, raw))
        gold[url] = g
        if limit and len(pages) >= limit:
            break
    return SiteSpec("django", django_template(), pages, gold)


def all_sites(limit: int | None = None) -> Iterator[SiteSpec]:
    for make in (sqlite_site, django_site):
        spec = make(limit)
        if spec.pages:
            yield spec
