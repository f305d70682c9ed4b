"""Small sites whose template was learned, then broken in one way each, for the repair tests
of the command and of the app: every status and decision ``templates repair`` has."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner
from tplsite import SITE, article_html, pages

from deboiler_gui.cli import cli
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.repair import learn_template

runner = CliRunner()
HEADLINE = "//h1[@class='headline']"
POSITIONAL = "/html/body/div[2]/h1"


def news(title: str = HEADLINE) -> Template:
    return Template(
        "news",
        site=SITE,
        fields=(
            Field("title", xpaths=(title,)),
            Field("date", xpaths=("//span[@class='date']",)),
            Field("tags", xpaths=("//ul[@class='tags']/li/a",), is_list=True),
        ),
        use_cleaner=False,
    )


def odd(mutate: str) -> list[Page]:
    """Three new pages of another layout."""
    return [
        Page(f"https://{SITE}/news/2024/odd-{i}.html", article_html(20 + i, mutate=mutate))
        for i in range(3)
    ]


def learned_then(path: Path, later: list[Page], title: str = HEADLINE) -> str:
    """A workspace whose template was learned on 8 pages, then the site changed."""
    with Workspace(path) as w:
        w.add_pages(pages(8))
        w.save_template(news(title))
    assert runner.invoke(cli, ["templates", "learn", "news", "-w", str(path)]).exit_code == 0
    with Workspace(path) as w:
        w.add_pages(later)
    return "news"


def headline_renamed(path: Path) -> str:
    # a redesign renamed the headline's class on every page
    return learned_then(
        path,
        [Page(p.url, p.html.replace('class="headline"', 'class="title-xl"')) for p in pages(8)],
    )


def all_renamed(path: Path) -> str:
    return learned_then(path, pages(8, mutate="rename"))


def renamed_and_wrapped(path: Path) -> str:
    # the learned pages renamed, three new pages wrapped: the renamed rules find nothing there
    return learned_then(path, [*pages(8, mutate="rename"), *odd("wrap")])


def new_pages_wrapped(path: Path) -> str:
    # a positional title still right on the learned pages, empty on three new ones
    return learned_then(path, odd("wrap"), POSITIONAL)


def new_pages_reordered(path: Path) -> str:
    return learned_then(path, odd("reorder"), POSITIONAL)


def new_pages_reordered_and_renamed(path: Path) -> str:
    # the headline moved below the byline and its class renamed: the right node, but with
    # its hook and its label context both changed, below the acceptance threshold
    later = [Page(p.url, p.html.replace("headline", "title-xl")) for p in odd("reorder")]
    return learned_then(path, later, POSITIONAL)


def next_link_drifted(path: Path) -> str:
    """A 'Home' link put first: the positional next link gives the 'Up' link now, and the next
    pages' addresses changed, so the learned values speak against every candidate."""

    def html(i: int, v2: bool) -> str:
        prev = f"<a href='n{i - 1}.html'>Previous</a>"
        if v2:
            nxt = f"<a href='{'node' if i % 3 else 'n'}{i + 1}.html'>Next</a>"
            nav = f"<a href='index.html'>Home</a>{prev}<a href='up.html'>Up</a>{nxt}"
        else:
            nav = f"{prev}<a href='up.html'>Up</a><a href='n{i + 1}.html'>Next</a>"
        return f"<html><body><div class='nav'>{nav}</div><h1>Page {i}</h1></body></html>"

    base = "https://g.example/"
    with Workspace(path) as w:
        w.add_pages([Page(f"{base}n{i}.html", html(i, False)) for i in range(30)])
        w.save_template(
            Template(
                "nav", fields=(Field("next_href", xpaths=("//div[@class='nav']/a[3]/@href",)),)
            )
        )
    assert runner.invoke(cli, ["templates", "learn", "nav", "-w", str(path)]).exit_code == 0
    with Workspace(path) as w:
        w.add_pages([Page(f"{base}n{i}.html", html(i, True)) for i in range(30)])
    return "nav"


def search_rules_only(path: Path) -> str:
    """A template learned before values were kept: the search-rule repair."""
    fields = (
        Field("title", xpaths=("//h1",)),
        Field("date", xpaths=("/html/body/div[2]/p[@class='byline']/span[@class='date']",)),
    )
    template = learn_template(
        Template("news", site=SITE, fields=fields, use_cleaner=False), pages(5)
    )
    with Workspace(path) as w:
        w.add_pages(
            [
                *pages(4),
                *(
                    Page(
                        f"https://{SITE}/news/2024/article-{i}.html", article_html(i, mutate="wrap")
                    )
                    for i in range(5, 9)
                ),
            ]
        )
        w.save_template(template)
    return "news"


SCENARIOS: dict[str, Callable[[Path], str]] = {
    "headline renamed": headline_renamed,
    "all renamed": all_renamed,
    "renamed and wrapped": renamed_and_wrapped,
    "new pages wrapped": new_pages_wrapped,
    "new pages reordered": new_pages_reordered,
    "new pages reordered and renamed": new_pages_reordered_and_renamed,
    "next link drifted": next_link_drifted,
    "search rules only": search_rules_only,
}
