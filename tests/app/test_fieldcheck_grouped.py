"""The workbench's check flags a contents rule whose items, one run on each chapter page,
come in runs under every chapter's block on the front page: the front page is named to look
at, first in the value preview, and the rules panel's narrow column says so in two words."""

from __future__ import annotations

from deboiler_gui.app.fieldcheck import check_template
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.model import Field, Template


def sections(ch: int) -> str:
    return "".join(
        f"<div class='sect'><span><a href='c{ch}.html#s{k}'>{ch}.{k} Part</a></span></div>"
        for k in range(1, 3 + ch % 5)
    )


def chapter(ch: int) -> str:
    return (
        f"<html><body><h3>{ch} Chapter</h3><div class='sects'>{sections(ch)}</div>"
        f"<p>Text {ch}.</p></body></html>"
    )


FRONT = (
    "<html><body><h1>Manual</h1><div class='contents'>"
    + "".join(
        f"<div class='chap'><a href='c{ch}.html'>{ch} Chapter</a>{sections(ch)}</div>"
        for ch in range(1, 30)
    )
    + "</div></body></html>"
)

PAGES = [("https://m.example/index.html", parse_html(FRONT))] + [
    (f"https://m.example/c{ch}.html", parse_html(chapter(ch))) for ch in range(1, 20)
]
TEMPLATE = Template(
    "manual", fields=(Field("toc", xpaths=("//div[@class='sect']/span/a",), is_list=True),)
)


def test_the_front_page_of_every_chapter_is_flagged_and_shown_first() -> None:
    check = check_template(PAGES, TEMPLATE)
    toc = check.fields["toc"]
    flag = next(f for f in toc.flags if "several containers" in f.text)
    assert flag.look_at == ("https://m.example/index.html",)
    assert toc.verdict() == "⚠ several containers"
    assert check.preview.rows[0].url == "https://m.example/index.html"
    assert check.preview.rows[0].flagged == (True,)
