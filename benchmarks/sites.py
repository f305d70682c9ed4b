"""Ground truth for the cleaning benchmarks: real multi-page sites of five kinds, each with a
hand-written rule for its main-content region (docs/quality.md says where each came from).

A rule is an XPath selecting the content root(s) of a page and a list of XPaths for navigation
inside that region (site-wide footers, "see also" link bars). Main content = the text under the
content roots minus the excluded parts; boilerplate = the rest of the page's visible text.
Parts matched by ``neutral`` (forum signatures) count neither way. A page the ``scored`` XPath
does not match (a forum's member list, a login form) is fitted but not scored. Where the data set
has hand-checked article text (``gold``: JSON lines of ``{url, text}``) that text is the content.
"""

from __future__ import annotations

import copy
import json
import os
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from deboiler_gui.engine.htmltree import parse_html, visible_text
from deboiler_gui.engine.model import Page

#: Where benchmarks/datasets.py puts the sites it builds from git mirrors (its ``--out``;
#: another folder with the environment variable DEBOILER_GUI_BENCH_DATA).
DATA = Path(os.environ.get("DEBOILER_GUI_BENCH_DATA", "/work/data"))


@dataclass(frozen=True)
class Site:
    name: str
    generator: str
    root: str  # folder holding the pages, or a JSON lines file of {url, html}
    glob: str  # which files are pages (folders only)
    base_url: str
    content: str  # XPath of the content root(s)
    exclude: tuple[str, ...] = field(default_factory=tuple)  # navigation inside the content
    sample: int | None = None  # pages the quality benchmark takes by default (None: all)
    kind: str = "documentation"
    neutral: tuple[str, ...] = field(default_factory=tuple)  # scored neither way (signatures)
    scored: str | None = None  # XPath a page must match to be scored (None: every page)
    gold: str | None = None  # JSON lines of {url, text}: hand-checked main-content text
    language: str = "English"

    def files(self) -> list[Path]:
        return sorted(p for p in Path(self.root).glob(self.glob) if p.is_file())

    def available(self) -> bool:
        if self.root.endswith(".jsonl"):
            return Path(self.root).is_file()
        return Path(self.root).is_dir() and bool(self.files())

    def gold_texts(self) -> dict[str, str]:
        if self.gold is None:
            return {}
        with open(self.gold, encoding="utf-8") as f:
            return {r["url"]: r["text"] for r in map(json.loads, f)}

    def pages(self, limit: int | None = None) -> list[Page]:
        if self.root.endswith(".jsonl"):
            with open(self.root, encoding="utf-8") as f:
                records = [json.loads(line) for line in f]
            records.sort(key=lambda r: r["url"])
            return [Page(url=r["url"], html=r["html"], source=self.root) for r in records[:limit]]
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
    Site(
        name="sdl2-api",
        generator="Doxygen (SDL)",
        root="/usr/share/doc/libsdl2-doc/html",
        glob="**/*.html",
        base_url="https://libsdl.org/docs/2.26/",
        # as libstdc++-api: the page title and the documentation body (member tables, field
        # tables, source listings with their tooltips); the title bar, the member-summary link
        # bar and the path/"Generated by" bar at the bottom are outside. The pages made from
        # Markdown files have one more div around the header and the body.
        content=(
            "//div[@id='doc-content']//div[@class='header']/div[@class='headertitle']"
            " | //div[@id='doc-content']//div[@class='contents']"
        ),
    ),
    Site(
        name="vector-haddock",
        generator="Haddock",
        root="/usr/share/doc/libghc-vector-doc/html",
        glob="*.html",
        base_url="https://hackage.haskell.org/package/vector-0.12.3.1/docs/",
        # a module page: the module's name, its description and its interface (every entry
        # with its documentation and instances); the package bar, the module's info table,
        # the contents and synopsis boxes and the footer are outside. The index pages: the
        # index itself (the alphabet bar is outside); the front page: its description and
        # the module list.
        content=(
            "//div[@id='module-header']/p[@class='caption'] | //div[@id='description']"
            " | //div[@id='interface'] | //div[@id='index'] | //div[@id='module-list']"
        ),
    ),
    Site(
        name="cairo-gtkdoc",
        generator="gtk-doc (DocBook)",
        root="/usr/share/gtk-doc/html/cairo",
        glob="*.html",
        base_url="https://www.cairographics.org/manual/",
        # every block of the body but the navigation table at the top (Home, Up, Prev, Next
        # and the section links) and the "Generated by GTK-Doc" footer
        content="/html/body/*[not(self::table[@class='navigation'])][not(@class='footer')]",
    ),
    Site(
        name="libxml2-docs",
        generator="hand-made XSLT (libxml2)",
        root="/usr/share/doc/libxml2/html",
        glob="**/*.html",
        base_url="https://gnome.pages.gitlab.gnome.org/libxml2/",
        # Pages laid out in nested tables: a banner table (logos, the site's name as h1, the
        # page's title as h2), then a menu column and the content column. Content: the page's
        # title and the text cell of the content column; the API pages' prev/up/home/next
        # table at the top of the cell and the author's name that ends every page are
        # outside. The tutorial (another generator, DocBook) is fitted, not scored.
        scored="/html/body/table[2]/tr/td/table/tr/td[2]",
        content=(
            "/html/body/table[1]//h2"
            " | /html/body/table[2]/tr/td/table/tr/td[2]//td[@bgcolor='#fffacd']"
        ),
        exclude=(
            "//td[@bgcolor='#fffacd']/table[@class='navigation']",
            "//td[@bgcolor='#fffacd']/p[last()][normalize-space()='Daniel Veillard']",
        ),
    ),
    # --- forums and Q&A (benchmarks/datasets.py builds them from FGPullen/webStructure and
    # opendcl/forum-archive). Content: the thread's title and every post's title and message
    # (quotes, code, attachments and edit notes included). Not content: user cards, post
    # dates and numbers, action links, the frame. Signatures are scored neither way.
    Site(
        name="asp-forums",
        generator="ASP.NET forums (2015)",
        kind="forum",
        root=str(DATA / "asp-forums/pages.jsonl"),
        glob="",
        base_url="http://forums.asp.net/",
        scored="//ul[contains(@class, 'comment-list')]",
        content=(
            "//div[@id='content-wrapper']/h1"
            " | //ul[contains(@class, 'comment-list')]/li//div[contains(@class, 'comment-right-col')]"
        ),
        exclude=(
            # "Jun 16, 2006 10:36 AM|luke_a|LINK" under each post's title
            "//div[contains(@class, 'comment-right-col')]/p[contains(@class, 'date')]",
            # the RSS link inside the thread title
            "//div[@id='content-wrapper']/h1//a",
        ),
        neutral=("//div[contains(@class, 'comment-signiture')]",),
    ),
    Site(
        name="ubuntu-forums",
        generator="vBulletin 4 (2015)",
        kind="forum",
        root=str(DATA / "ubuntu-forums/pages.jsonl"),
        glob="",
        base_url="http://ubuntuforums.org/",
        scored="//ol[@id='posts']/li[contains(@class, 'postcontainer')]",
        content=(
            "//div[@id='pagetitle']/h1/span[@class='threadtitle']"
            " | //ol[@id='posts']/li[contains(@class, 'postcontainer')]//div[contains(@class, 'postbody')]"
        ),
        neutral=("//div[contains(@class, 'postbody')]//blockquote[contains(@class, 'signature')]",),
    ),
    Site(
        name="android-se",
        generator="Stack Exchange (2015)",
        kind="forum",
        root=str(DATA / "android-se/pages.jsonl"),
        glob="",
        base_url="http://android.stackexchange.com/",
        scored="//div[@id='question-header']/h1",
        content=(
            "//div[@id='question-header']/h1"
            " | //div[contains(concat(' ', @class, ' '), ' post-text ')]"
            " | //span[@class='comment-copy']"
        ),
    ),
    Site(
        name="opendcl-forum",
        generator="static forum archive",
        kind="forum",
        root=str(DATA / "opendcl-forum/pages.jsonl"),
        glob="",
        base_url="https://opendcl.github.io/forum-archive/",
        scored="//article[contains(@class, 'post')]",
        content="//main/h1 | //article[contains(@class, 'post')]/div[@class='post-body']",
    ),
    # --- news (rodricios/crawl-to-the-future: Wayback copies with hand-checked article text)
    Site(
        name="bbc-news",
        generator="BBC News Online (2000-2010)",
        kind="news",
        root=str(DATA / "bbc-news/pages.jsonl"),
        glob="",
        base_url="http://news.bbc.co.uk/",
        # The data set's article text leaves out the headline and, on a fifth of these pages,
        # most of the story (it is one extractor's output); a hand-written rule for the 2000
        # story template instead: the headline and the story body with its pull quotes. The
        # date line, captions, the audio/video box, "See also" and the frame are outside.
        # Pages of the 2005 and 2010 templates are fitted, not scored.
        scored="//div[@class='bodytext']",
        content="//div[@class='headlinestory'] | //div[@class='bodytext']",
        exclude=("//div[@class='bodytext']//div[@class='inlineimage']",),
    ),
    Site(
        name="yahoo-news",
        generator="Yahoo News (2000-2015)",
        kind="news",
        root=str(DATA / "yahoo-news/pages.jsonl"),
        glob="",
        base_url="http://news.yahoo.com/",
        content="",
        gold=str(DATA / "yahoo-news/gold.jsonl"),
    ),
    Site(
        name="cnn-news",
        generator="CNN (2000-2015)",
        kind="news",
        root=str(DATA / "cnn-news/pages.jsonl"),
        glob="",
        base_url="http://www.cnn.com/",
        content="",
        gold=str(DATA / "cnn-news/gold.jsonl"),
    ),
    Site(
        name="forbes-news",
        generator="Forbes (2000-2015)",
        kind="news",
        root=str(DATA / "forbes-news/pages.jsonl"),
        glob="",
        base_url="http://www.forbes.com/",
        content="",
        gold=str(DATA / "forbes-news/gold.jsonl"),
    ),
    # --- news, the same collection's sites kept whole only in its .7z archives: about 25 pages
    # of each of 2000, 2005, 2010 and 2015, every one with the data set's article text
    *(
        Site(
            name=name,
            generator=generator,
            kind="news",
            root=str(DATA / name / "pages.jsonl"),
            glob="",
            base_url=f"http://{host}/",
            content="",
            gold=str(DATA / name / "gold.jsonl"),
        )
        for name, generator, host in (
            ("msn-news", "MSN Entertainment (2000-2015)", "entertainment.msn.com"),
            ("thenation-news", "The Nation (2000-2015)", "thenation.com"),
            ("esquire-news", "Esquire (2000-2015)", "www.esquire.com"),
            ("foxnews-news", "Fox News (2000-2015)", "www.foxnews.com"),
            ("latimes-news", "Los Angeles Times (2000-2015)", "www.latimes.com"),
            ("nymag-news", "New York magazine (2000-2015)", "www.nymag.com"),
        )
    ),
    # --- a university department's site (RithwikKerur/CS121Project3, one crawl, WordPress)
    Site(
        name="uci-informatics",
        generator="WordPress (2019)",
        kind="university",
        root=str(DATA / "uci-informatics/pages.jsonl"),
        glob="",
        base_url="https://www.informatics.uci.edu/",
        scored="//div[@id='content']",
        # the page's article(s) and headings; the previous/next post links and the older/newer
        # links of archive pages are outside
        content="//div[@id='content']",
        exclude=("//div[@id='content']/nav", "//nav[@id='nav-below']"),
    ),
    # --- a shop's product catalogue (atsmanufacturing/oldat: a WooCommerce shop exported to
    # static pages, published on GitHub Pages). Content: the product's name, short description, price,
    # availability and SKU, its description, the specification table with its labels, and
    # customers' reviews. Not content: the top bar, menus, breadcrumb and previous/next
    # links, the basket form (quantity, "Add to cart"), the category and tag links, the tab
    # labels, the rating summary and review authors' names and dates, the empty review form,
    # related products, newsletter, footer and the hidden search, login, cart and coupon
    # boxes. The variation pickers (sizes, colours) are scored neither way. The pages that
    # list products (categories, tags, the shop's pages) are fitted, not scored.
    Site(
        name="atsurgical-shop",
        generator="WooCommerce (static export, 2023)",
        kind="shop",
        root=str(DATA / "atsurgical-shop/pages.jsonl"),
        glob="",
        base_url="https://atsmanufacturing.github.io/oldat/",
        scored="//body[contains(@class, 'single-product')]//h1[contains(@class, 'product_title')]",
        content=(
            "//div[contains(@class, 'entry-summary')]"
            " | //div[@id='tab-description'] | //div[@id='tab-additional_information']"
            " | //div[@id='tab-reviews']//ol[contains(@class, 'commentlist')]"
        ),
        exclude=(
            "//div[contains(@class, 'entry-summary')]//form[contains(@class, 'cart')]",
            "//div[contains(@class, 'entry-summary')]/div[contains(@class, 'product-rating')]",
            "//div[@class='product_meta']/span[@class='posted_in' or @class='tagged_as']",
            "//ol[contains(@class, 'commentlist')]//p[@class='meta']",
            "//ol[contains(@class, 'commentlist')]//div[contains(@class, 'star-rating')]",
        ),
        neutral=("//form[contains(@class, 'cart')]//table[contains(@class, 'variations')]",),
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


def truth(
    site: Site, page: Page, gold_text: str | None = None
) -> tuple[Counter[str], Counter[str]] | None:
    """(main-content tokens, boilerplate tokens) of one page under the site's rule, or None for a
    page that is not scored."""
    root = parse_html(page.html)
    for expression in site.neutral:
        for el in root.xpath(expression):
            _drop(el)
    if site.scored is not None and not root.xpath(site.scored):
        return None
    body = root.find("body")
    everything = tokens(visible_text(body if body is not None else root))
    if site.gold is not None:
        if gold_text is None:
            return None
        content = tokens(gold_text) & everything
        return content, everything - content
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
