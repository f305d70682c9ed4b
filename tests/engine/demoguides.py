"""The demo site's guide pages copied into a folder and changed the way a real site changes
between two monitoring runs (a redesign, structured data added), for the monitoring tests."""

from __future__ import annotations

import json
import re
from pathlib import Path

from deboiler_gui import assets
from deboiler_gui.engine.template.model import Field, Template

BASE = "http://garden.local/"
SITE = "garden.local"


def guide_files() -> list[Path]:
    """The guide pages of the demo site (not the guides' index page)."""
    folder = assets.path("demo") / "guides"
    return sorted(p for p in folder.glob("*.html") if p.name != "index.html")


def title_of(html: str) -> str:
    found = re.search(r"<h1>(.*?)</h1>", html)
    assert found, "every demo guide has a heading"
    return found.group(1)


def with_jsonld(html: str, name: str) -> str:
    """The page with a JSON-LD Product (the guide's seed kit) named ``name`` in its head."""
    ld = json.dumps({"@context": "https://schema.org", "@type": "Product", "name": name})
    return html.replace("</head>", f'<script type="application/ld+json">{ld}</script>\n</head>', 1)


def redesign(html: str, *, rename: bool = False) -> str:
    """The redesign: the heading leaves the <article> for a header block of its own, as an <h2>
    with a class; with ``rename`` the guides are retitled too (the JSON-LD follows)."""
    title = title_of(html)
    new = f"{title} (new edition)" if rename else title
    html = html.replace(f"<h1>{title}</h1>\n", "", 1)
    html = html.replace(
        '<main class="content">',
        f'<main class="content">\n<div class="guide-head"><h2 class="guide-title">{new}</h2></div>',
        1,
    )
    # the structured data follows: the demo's JSON-LD HowTo and OpenGraph title (and the
    # Product of ``with_jsonld``)
    html = html.replace(f'content="{title}"', f'content="{new}"')
    return html.replace(f'"name": "{title}"', f'"name": "{new}"')


def write_guides(folder: Path, *, jsonld: bool = False, v2: bool = False, **kw: bool) -> Path:
    """The guide pages in ``folder``: as the demo has them (``v2=False``) or redesigned."""
    folder.mkdir(parents=True, exist_ok=True)
    for src in guide_files():
        html = src.read_text(encoding="utf-8")
        if jsonld:
            html = with_jsonld(html, title_of(html))
        if v2:
            html = redesign(html, **kw)
        (folder / src.name).write_text(html, encoding="utf-8")
    return folder


def guide_template(*name_xpaths: str) -> Template:
    """Title and lead of a guide page; the title's XPath queue is ``name_xpaths``."""
    return Template(
        "guide",
        site=SITE,
        urls=(BASE,),
        fields=(
            Field("name", xpaths=name_xpaths or ("//article/h1",)),
            Field("lead", xpaths=("//p[@class='lead']",)),
        ),
    )
