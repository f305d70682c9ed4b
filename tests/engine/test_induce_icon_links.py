"""Clicks on the icon of an image-only link (a DocBook navigation bar's arrows): the link's
target asked for with the image's path and '@href' is the link's, said so; a text field on
the image says that its value is empty and what gives one."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.induce import click_example, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

URL = "https://d.example/glib/ch{}.html"
IMG = "/html/body/table/tr/td[4]/a/img"


def page(i: int) -> str:
    return f"""<html><body><table class='navigation' id='top'><tr>
    <td class='shortcuts'><a href='#' class='shortcut'>Top</a></td>
    <td><a accesskey='h' href='index.html'><img src='home.png' alt='Home'></a></td>
    <td><a accesskey='u' href='part{i // 3}.html'><img src='up.png' alt='Up'></a></td>
    <td><a accesskey='p' href='ch{i - 1}.html'><img src='left.png' alt='Prev'></a></td>
    <td><a accesskey='n' href='ch{i + 1}.html'><img src='right.png' alt='Next'></a></td>
    </tr></table><div class='chapter'><h1>Chapter {i}</h1><p>Text {i}.</p></div></body></html>"""


def site() -> SiteIndex:
    return SiteIndex(
        [URL.format(i) for i in range(1, 9)], [parse_html(page(i)) for i in range(1, 9)]
    )


def test_an_icon_clicked_for_its_href_is_its_link_target() -> None:
    index = site()
    clicks = [click_example(index, URL.format(i), f"{IMG}/@href") for i in (2, 5)]
    rules = induce(clicks, index=index)
    best = rules[0]
    assert best.xpath == "//a[@accesskey='p']/@href", best.xpath
    assert best.examples == [["ch1.html"], ["ch4.html"]]
    # said as a note (how the click is read), never as a warning (nothing is wrong)
    assert any("'href'" in n and "a/@href" in n for n in best.notes), best.notes
    assert not any("'href'" in w for w in best.warnings), best.warnings
    assert best.to_dict()["notes"] == best.notes
    for i, root in enumerate(index.trees, 1):
        assert (
            select_elements(root, best.xpath[: -len("/@href")])[0].get("href") == f"ch{i - 1}.html"
        )


def test_an_icon_clicked_for_text_warns_that_the_value_is_empty() -> None:
    index = site()
    clicks = [click_example(index, URL.format(i), IMG) for i in (2, 5)]
    best = induce(clicks, index=index)[0]
    # The image stays the node (its '@src' is asked for the same way in the app): the 'Prev'
    # link's image on every page, by the link's hook or by the image's own 'alt'.
    for root in index.trees:
        found = select_elements(root, best.xpath)
        assert found and found[0].tag == "img", best.xpath
        assert found[0].getparent().get("accesskey") == "p", best.xpath
    assert any("empty" in w and "a/@href" in w and "@alt" in w for w in best.warnings), (
        best.warnings
    )


def test_the_command_line_names_the_link_and_refuses_a_node_without_a_holder(
    tmp_path: Path,
) -> None:
    path = tmp_path / "ws.sqlite"
    with Workspace(path) as ws:
        ws.add_pages([Page(URL.format(i), page(i)) for i in range(1, 9)])

    def suggest(xpath: str) -> object:
        args = ["suggest", "-w", str(path), "--examples", URL.format(2), xpath]
        return CliRunner().invoke(cli, args, catch_exceptions=False)

    r = suggest(f"{IMG}/@href")
    assert r.exit_code == 0, r.output  # type: ignore[attr-defined]
    assert r.stdout.split()[1] == "//a[@accesskey='p']/@href", r.stdout  # type: ignore[attr-defined]
    assert "a/@href" in r.stderr  # type: ignore[attr-defined]
    r = suggest("/html/body/div/h1/@href")
    assert r.exit_code != 0  # type: ignore[attr-defined]
    assert "no attribute 'href'" in r.stderr  # type: ignore[attr-defined]
