"""Real documentation sites of different generators (Sphinx, DocBook, Doxygen, AsciiDoc; and
Texinfo, mdBook and rustdoc, kept for checking on sites the rules were not developed on) from
Debian packages, their hand-written gold (benchmarks/gold/*.json: values read off the pages and
typed in, not computed) and the clicks an author makes to define each field.

Install the pages with ``apt-get install python3.11-doc postgresql-doc-15 libstdc++-12-doc
git-doc octave-doc rust-doc libcommons-io-java-doc``; nothing is copied into the project.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deboiler_gui.engine.model import Page

GOLD = Path(__file__).resolve().parent / "gold"


@dataclass(frozen=True)
class Click:
    """A node the author clicks: the page (file name) and where on it (a locator used only to
    find the clicked node, the way a mouse click does; it is not the rule)."""

    page: str
    at: str


@dataclass(frozen=True)
class FieldSpec:
    id: str
    clicks: tuple[Click, ...]
    is_list: bool = False
    attribute: str = ""  # "href": the field's value is the clicked link's target
    nots: tuple[Click, ...] = ()


@dataclass
class GoldSite:
    name: str
    generator: str
    root: Path
    files: list[Path]
    gold: dict[str, dict[str, Any]]
    fields: list[FieldSpec]
    url_prefix: str = ""
    pages: list[Page] = field(default_factory=list)

    def url(self, name: str) -> str:
        return f"{self.url_prefix}{name}"

    def name_of(self, path: Path) -> str:
        """A page's name in the gold: its path below the site's folder."""
        return path.relative_to(self.root).as_posix()

    def page_name(self, url: str) -> str:
        return url[len(self.url_prefix) :]

    def load(self, limit: int | None = None) -> list[Page]:
        """The site's pages: the gold pages and the clicked pages first, then the others in
        name order up to ``limit`` pages in all."""
        wanted = set(self.gold) | {c.page for f in self.fields for c in (*f.clicks, *f.nots)}
        first = [p for p in self.files if self.name_of(p) in wanted]
        rest = [p for p in self.files if self.name_of(p) not in wanted]
        chosen = first + rest
        if limit:
            chosen = chosen[: max(limit, len(first))]
        self.pages = [
            Page(self.url(self.name_of(p)), p.read_text(encoding="utf-8", errors="replace"))
            for p in chosen
        ]
        return self.pages


C = Click

SPECS: dict[str, list[FieldSpec]] = {
    "python-3.11": [
        FieldSpec("title", (C("json.html", "//h1"), C("zlib.html", "//h1"))),
        FieldSpec(
            "prev_text",
            (
                C(
                    "json.html",
                    "//div[@class='sphinxsidebar']//h4[.='Previous topic']/following-sibling::p/a",
                ),
                C(
                    "zlib.html",
                    "//div[@class='sphinxsidebar']//h4[.='Previous topic']/following-sibling::p/a",
                ),
            ),
        ),
        FieldSpec(
            "prev_href",
            (
                C(
                    "json.html",
                    "//div[@class='sphinxsidebar']//h4[.='Previous topic']/following-sibling::p/a",
                ),
                C(
                    "zlib.html",
                    "//div[@class='sphinxsidebar']//h4[.='Previous topic']/following-sibling::p/a",
                ),
            ),
            attribute="href",
        ),
        FieldSpec(
            "next_text",
            (
                C(
                    "json.html",
                    "//div[@class='sphinxsidebar']//h4[.='Next topic']/following-sibling::p/a",
                ),
                C(
                    "zlib.html",
                    "//div[@class='sphinxsidebar']//h4[.='Next topic']/following-sibling::p/a",
                ),
            ),
        ),
        FieldSpec(
            "next_href",
            (
                C(
                    "json.html",
                    "//div[@class='sphinxsidebar']//h4[.='Next topic']/following-sibling::p/a",
                ),
                C(
                    "zlib.html",
                    "//div[@class='sphinxsidebar']//h4[.='Next topic']/following-sibling::p/a",
                ),
            ),
            attribute="href",
        ),
        FieldSpec(
            "breadcrumb",
            (
                C("json.html", "(//li[@class='nav-item nav-item-1'])[1]/a"),
                C("zlib.html", "(//li[@class='nav-item nav-item-2'])[1]/a"),
            ),
            is_list=True,
        ),
        FieldSpec(
            "toc",
            (
                C(
                    "json.html",
                    "//div[@class='sphinxsidebar']//h3[.='Table of Contents']/following-sibling::ul/li/a",
                ),
                C(
                    "zlib.html",
                    "//div[@class='sphinxsidebar']//h3[.='Table of Contents']/following-sibling::ul/li/ul/li[2]/a",
                ),
            ),
            is_list=True,
        ),
    ],
    "postgresql-15": [
        FieldSpec(
            "title",
            (
                C("tutorial-agg.html", "//h2"),
                C("queries.html", "//h2"),
                C("sql-insert.html", "//h2"),
            ),
        ),
        FieldSpec(
            "prev_href",
            (
                C("tutorial-agg.html", "//div[@class='navheader']//a[.='Prev']"),
                C("queries.html", "//div[@class='navheader']//a[.='Prev']"),
            ),
            attribute="href",
        ),
        FieldSpec(
            "next_href",
            (
                C("tutorial-agg.html", "//div[@class='navheader']//a[.='Next']"),
                C("queries.html", "//div[@class='navheader']//a[.='Next']"),
            ),
            attribute="href",
        ),
        FieldSpec(
            "next_text",
            (
                C("tutorial-agg.html", "//div[@class='navfooter']//tr[2]/td[3]"),
                C("queries.html", "//div[@class='navfooter']//tr[2]/td[3]"),
            ),
        ),
        FieldSpec(
            "up_text",
            (
                C("tutorial-agg.html", "//div[@class='navheader']//tr[2]/th"),
                C("queries.html", "//div[@class='navheader']//tr[2]/th"),
            ),
        ),
        FieldSpec(
            "toc",
            (
                C("queries.html", "//div[@class='toc']/dl/dt[1]//a"),
                C("ddl.html", "//div[@class='toc']/dl/dd[1]/dl/dt[1]//a"),
            ),
            is_list=True,
        ),
    ],
    "libstdcxx-12": [
        FieldSpec(
            "title",
            (C("a06914.html", "//div[@class='title']"), C("a00077.html", "//div[@class='title']")),
        ),
        FieldSpec(
            "summary",
            (
                C("a06914.html", "//div[@class='summary']/a[1]"),
                C("a00068.html", "//div[@class='summary']/a[2]"),
            ),
            is_list=True,
        ),
        FieldSpec(
            "breadcrumb",
            (
                C("a06914.html", "//li[@class='navelem'][1]/a"),
                C("a00077.html", "//li[@class='navelem'][2]/a"),
            ),
            is_list=True,
        ),
        FieldSpec(
            "groups",
            (
                C("a06914.html", "//div[@class='ingroups']/a[1]"),
                C("a00068.html", "//div[@class='ingroups']/a[last()]"),
            ),
            is_list=True,
        ),
    ],
    "git-2.39": [
        FieldSpec("title", (C("git-status.html", "//h1"), C("git-diff.html", "//h1"))),
        FieldSpec(
            "purpose",
            (
                C("git-status.html", "//div[@id='header']/div[@class='sectionbody']/p"),
                C("git-diff.html", "//div[@id='header']/div[@class='sectionbody']/p"),
            ),
        ),
        FieldSpec(
            "sections",
            (C("git-status.html", "//h2[.='SYNOPSIS']"), C("git-diff.html", "//h2[.='OPTIONS']")),
            is_list=True,
        ),
    ],
    "octave-7": [
        FieldSpec(
            "title",
            (
                C("Function-Application.html", "//h3"),
                C("Linear-Algebra.html", "//h2"),
                C("Integer-Arithmetic.html", "//h4"),
            ),
        ),
        FieldSpec(
            "next_text",
            (
                C("Function-Application.html", "//a[@accesskey='n']"),
                C("Linear-Algebra.html", "//a[@accesskey='n']"),
            ),
        ),
        FieldSpec(
            "next_href",
            (
                C("Function-Application.html", "//a[@accesskey='n']"),
                C("Linear-Algebra.html", "//a[@accesskey='n']"),
            ),
            attribute="href",
        ),
        FieldSpec(
            "prev_text",
            (
                C("Function-Application.html", "//a[@accesskey='p']"),
                C("Linear-Algebra.html", "//a[@accesskey='p']"),
            ),
        ),
        FieldSpec(
            "prev_href",
            (
                C("Function-Application.html", "//a[@accesskey='p']"),
                C("Linear-Algebra.html", "//a[@accesskey='p']"),
            ),
            attribute="href",
        ),
        FieldSpec(
            "up_text",
            (
                C("Function-Application.html", "//a[@accesskey='u']"),
                C("Integer-Arithmetic.html", "//a[@accesskey='u']"),
            ),
        ),
        FieldSpec(
            "menu",
            (
                C("Linear-Algebra.html", "//ul[@class='section-toc']/li[1]/a"),
                C("Data-Containers.html", "//ul[@class='section-toc']/li[2]/a"),
            ),
            is_list=True,
        ),
    ],
    "rust-book-1.63": [
        FieldSpec(
            "title",
            (
                C("ch04-02-references-and-borrowing.html", "//main/h2[1]"),
                C("ch05-00-structs.html", "//main/h1"),
                C("ch09-02-recoverable-errors-with-result.html", "//main/h2[1]"),
            ),
        ),
        FieldSpec(
            "current",
            (
                C("ch04-02-references-and-borrowing.html", "//a[@class='active']"),
                C("ch05-00-structs.html", "//a[@class='active']"),
            ),
        ),
        FieldSpec(
            "prev_href",
            (
                C(
                    "ch04-02-references-and-borrowing.html",
                    "//nav[@class='nav-wide-wrapper']/a[@rel='prev']",
                ),
                C(
                    "ch09-02-recoverable-errors-with-result.html",
                    "//nav[@class='nav-wide-wrapper']/a[@rel='prev']",
                ),
            ),
            attribute="href",
        ),
        FieldSpec(
            "next_href",
            (
                C(
                    "ch04-02-references-and-borrowing.html",
                    "//nav[@class='nav-wide-wrapper']/a[@rel='next']",
                ),
                C(
                    "ch09-02-recoverable-errors-with-result.html",
                    "//nav[@class='nav-wide-wrapper']/a[@rel='next']",
                ),
            ),
            attribute="href",
        ),
        FieldSpec(
            "subsections",
            (
                C("ch04-02-references-and-borrowing.html", "//main/h3[1]"),
                C("ch09-02-recoverable-errors-with-result.html", "//main/h3[2]"),
            ),
            is_list=True,
        ),
    ],
    "rust-std-1.63": [
        FieldSpec("title", (C("fs/struct.File.html", "//h1"), C("fs/fn.rename.html", "//h1"))),
        FieldSpec(
            "path",
            (C("fs/struct.File.html", "(//h1//a)[1]"), C("fs/fn.rename.html", "(//h1//a)[2]")),
            is_list=True,
            # The item's own link at the end of the path is not part of it.
            nots=(C("fs/struct.File.html", "(//h1//a)[3]"),),
        ),
        FieldSpec(
            "source_href",
            (
                C("fs/struct.File.html", "//a[@class='srclink']"),
                C("fs/fn.rename.html", "//a[@class='srclink']"),
            ),
            attribute="href",
        ),
        FieldSpec(
            "methods",
            (
                C("fs/struct.File.html", "(//div[@class='block'])[1]//li[1]/a"),
                C("fs/struct.OpenOptions.html", "(//div[@class='block'])[1]//li[2]/a"),
            ),
            is_list=True,
        ),
    ],
    "commons-io-2.11": [
        # The superclass link of a class declaration: the link right after "extends".
        FieldSpec(
            "super_href",
            (
                C(
                    "org/apache/commons/io/file/DeletingPathVisitor.html",
                    "//pre[span[@class='typeNameLabel']]/a[1]",
                ),
                C(
                    "org/apache/commons/io/filefilter/NameFileFilter.html",
                    "//pre[span[@class='typeNameLabel']]/a[1]",
                ),
                C(
                    "org/apache/commons/io/output/CountingOutputStream.html",
                    "//pre[span[@class='typeNameLabel']]/a[1]",
                ),
            ),
            attribute="href",
        ),
    ],
}


def gold_sites() -> list[GoldSite]:
    out = []
    for path in sorted(GOLD.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        root = Path(data["root"])
        if not root.is_dir():
            continue
        files = sorted(
            p for p in root.glob(data.get("glob", "*.html")) if not p.name.endswith("_source.html")
        )
        site = GoldSite(
            data["site"],
            data["generator"],
            root,
            files,
            data["pages"],
            SPECS[data["site"]],
            url_prefix=f"https://{data['site']}.example/",
        )
        out.append(site)
    return out
