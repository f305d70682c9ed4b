"""Ground truth for the cleaning benchmarks: real multi-page documentation sites installed on
Debian, each with a hand-written rule for its main-content region.

A rule is an XPath selecting the content root(s) of a page and a list of XPaths for navigation
inside that region (site-wide footers, "see also" link bars). Main content = the text under the
content roots minus the excluded parts; boilerplate = the rest of the page's visible text.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from deboiler_gui.engine.htmltree import parse_html, visible_text
from deboiler_gui.engine.model import Page


@dataclass(frozen=True)
class Site:
    name: str
    generator: str
    root: str  # folder holding the pages
    glob: str  # which files are pages
    base_url: str
    content: str  # XPath of the content root(s)
    exclude: tuple[str, ...] = field(default_factory=tuple)  # navigation inside the content
    sample: int | None = None  # pages the quality benchmark takes by default (None: all)

    def files(self) -> list[Path]:
        return sorted(p for p in Path(self.root).glob(self.glob) if p.is_file())

    def available(self) -> bool:
        return Path(self.root).is_dir() and bool(self.files())

    def pages(self, limit: int | None = None) -> list[Page]:
        out = []
        for path in self.files()[:limit]:
            rel = path.relative_to(self.root).as_posix()
            html = path.read_bytes().decode("utf-8", errors="replace")
            out.append(Page(url=self.base_url + rel, html=html, source=str(path)))
        return out


SITES = [
    Site(
        name="django-docs",
        generator="Sphinx",
        root="/usr/share/doc/python-django-doc/html",
        glob="**/*.html",
        base_url="https://docs.djangoproject.com/en/3.2/",
        # The document body; header bar, sidebar (local TOC, prev/next, search) and footer
        # are outside it.
        content="//div[@id='yui-main']",
    ),
    Site(
        name="sqlite-docs",
        generator="hand-made (TCL)",
        root="/usr/share/doc/sqlite3",
        glob="**/*.html",
        base_url="https://sqlite.org/",
        # Content sits directly in <body> after the site header.
        content="/html/body",
        exclude=(
            # the site header: logo, tagline, menu, search box
            "/html/body/div[@class='nosearch'][.//div[contains(@class, 'menu')]]",
            # the page footer line and the link bars of the C-API and release-log sections
            "//p[starts-with(normalize-space(), 'This page last modified')]",
            "//p[starts-with(normalize-space(), 'See also lists of')]",
            "//p[starts-with(normalize-space(), 'A complete list of SQLite releases')]",
        ),
    ),
    Site(
        name="libstdc++-api",
        generator="Doxygen",
        root="/usr/share/doc/libstdc++-12-doc/libstdc++/user",
        glob="*.html",
        base_url="https://gcc.gnu.org/onlinedocs/libstdc++/latest-doxygen/",
        # the page title and the documentation body; the top banner, the side navigation, the
        # member-summary link bar and the breadcrumb/footer bar are outside
        content=(
            "//div[@id='doc-content']/div[@class='header']/div[@class='headertitle']"
            " | //div[@id='doc-content']/div[@class='contents']"
        ),
        sample=800,
    ),
    Site(
        name="debian-reference-zh",
        generator="DocBook (Chinese)",
        root="/usr/share/debian-reference",
        glob="*.zh-cn.html",
        base_url="https://www.debian.org/doc/manuals/debian-reference/",
        # chapter / preface / appendix / book body; navheader and navfooter are outside
        content="/html/body/div[not(contains(@class, 'nav'))]",
    ),
    Site(
        name="python-docs",
        generator="Sphinx (Python theme)",
        root="/usr/share/doc/python3.11/html",
        glob="**/*.html",
        base_url="https://docs.python.org/3.11/",
        # the document body; the mobile menu, both "related" link bars, the sidebar (TOC,
        # previous/next, this page, search) and the footer are outside it
        content="//div[@role='main']",
        sample=300,
    ),
    Site(
        name="postgresql-docs",
        generator="DocBook (PostgreSQL)",
        root="/usr/share/doc/postgresql-doc-15/html",
        glob="*.html",
        base_url="https://www.postgresql.org/docs/15/",
        # the chapter / section / reference entry; navheader and navfooter are outside
        content="/html/body/div[not(contains(@class, 'nav'))]",
        sample=400,
    ),
    Site(
        name="git-docs",
        generator="AsciiDoc",
        root="/usr/share/doc/git-doc",
        # the manual pages (user-manual.html is one page made by another tool)
        glob="git*.html",
        base_url="https://git-scm.com/docs/",
        # the manual page's title and NAME section, and its body; the "GIT: part of the git(1)
        # suite" section that ends every page and the footer are outside
        content="//div[@id='header'] | //div[@id='content']",
        exclude=("//div[@class='sect1'][h2[@id='_git']]",),
    ),
    Site(
        name="nodejs-docs",
        generator="Node.js doc tool",
        root="/usr/share/doc/nodejs/api",
        glob="*.html",
        base_url="https://nodejs.org/docs/latest-v18.x/api/",
        # the API text; the side menu, the header (title bar, version picker, links) and the
        # page's table of contents before the text are outside
        content="//div[@id='apicontent']",
    ),
]

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af"
_TOKEN = re.compile(rf"[{_CJK}]|[^\W{_CJK}]+")


def tokens(text: str) -> Counter[str]:
    """Words for Latin text, single characters for CJK; case-folded."""
    return Counter(t.casefold() for t in _TOKEN.findall(text))


def _drop(el: object) -> None:
    # the tail is the parent's text, not the removed element's
    parent = el.getparent()  # type: ignore[attr-defined]
    if parent is None:
        return
    if el.tail:  # type: ignore[attr-defined]
        prev = el.getprevious()  # type: ignore[attr-defined]
        if prev is not None:
            prev.tail = (prev.tail or "") + el.tail  # type: ignore[attr-defined]
        else:
            parent.text = (parent.text or "") + el.tail  # type: ignore[attr-defined]
    parent.remove(el)


def truth(site: Site, page: Page) -> tuple[Counter[str], Counter[str]]:
    """(main-content tokens, boilerplate tokens) of one page under the site's rule."""
    root = parse_html(page.html)
    body = root.find("body")
    everything = tokens(visible_text(body if body is not None else root))
    work = copy.deepcopy(root)
    for expression in site.exclude:
        for el in work.xpath(expression):
            _drop(el)
    content: Counter[str] = Counter()
    roots = work.xpath(site.content)
    # nested matches would count twice: keep outermost
    chosen = [r for r in roots if not any(a in roots for a in r.iterancestors())]
    for el in chosen:
        content.update(tokens(visible_text(el)))
    content &= everything
    return content, everything - content


def iter_sites(names: list[str] | None = None) -> Iterator[Site]:
    for site in SITES:
        if (names is None or site.name in names) and site.available():
            yield site
