"""The single-page fallback puts the page's own heading back in front of trafilatura's text,
which keeps it only as metadata."""

from __future__ import annotations

from deboiler_gui.engine.clean.pagefallback import clean_single, main_heading
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page

STORY = (
    "<p>The committee met on Tuesday and chose five members of the faculty for their research, "
    "their service to the school and their teaching, after a long discussion of every name "
    "that the students and the staff had put forward during the autumn.</p>"
    "<p>The awards are given at a ceremony in the spring, where each winner speaks about the "
    "work that was honoured and thanks the people who made it possible over the years.</p>"
)


def _page(body: str, title: str) -> Page:
    return Page(
        "https://dept.example/awards/",
        f"<html><head><title>{title}</title></head><body>{body}</body></html>",
    )


def test_the_page_heading_comes_first_not_the_site_banner() -> None:
    page = _page(
        "<header><h1>Department of Statistics</h1><nav><a href='/'>Home</a></nav></header>"
        f"<div class='entry'><h1>2017 Dean's Award Winners</h1>{STORY}</div>",
        "2017 Dean's Award Winners - Department of Statistics",
    )
    assert main_heading(
        parse_html(page.html), "2017 Dean's Award Winners - Department of Statistics"
    ) == ("2017 Dean's Award Winners")
    result = clean_single(page, 1)
    assert result.status == "ok"
    assert result.cleaned_text.startswith("2017 Dean's Award Winners\nThe committee met")
    assert "<h1>2017 Dean's Award Winners</h1>" in result.cleaned_html
    assert "Department of Statistics" not in result.cleaned_text


def test_a_heading_inside_the_article_wins_and_two_unsure_ones_give_none() -> None:
    root = parse_html(
        "<html><body><h1>Banner</h1><article><h1>The story</h1><p>x</p></article></body></html>"
    )
    assert main_heading(root, "Something else") == "The story"
    unsure = parse_html("<html><body><h1>One</h1><h1>Two</h1></body></html>")
    assert main_heading(unsure, "Neither") == ""
    only = parse_html("<html><body><h1>Only one</h1></body></html>")
    assert main_heading(only, "") == "Only one"


def test_the_fallback_reads_the_extractors_html_with_the_sites_text_rule() -> None:
    rows = "".join(
        f"<tr><td>Variety {i}</td><td>{i * 10} days to harvest</td></tr>" for i in range(1, 4)
    )
    body = " ".join(["Tomatoes want heat, steady water and a long season."] * 6)
    html = (
        "<html><head><title>Growing tomatoes</title></head><body>"
        "<nav><a href='/'>Home</a> <a href='/g'>Guides</a></nav>"
        f"<article><h1>Growing tomatoes</h1><p>{body}</p>"
        f"<h2>Varieties</h2><table>{rows}</table>"
        "<ul><li>Sow indoors in March</li><li>Plant out in May</li></ul></article>"
        "<footer>Copyright the club</footer></body></html>"
    )
    result = clean_single(Page("https://g.example/tomatoes.html", html), 1)
    assert result.status == "ok" and result.content["method"] == "page"
    text = result.cleaned_text
    assert text.startswith("Growing tomatoes\nTomatoes want heat")
    assert "|" not in text  # the extractor's own text format joins cells with pipes
    assert "Variety 1" in text and "10 days to harvest" in text
    assert "Growing tomatoes" in result.headings and "Varieties" in result.headings
    assert ["Sow indoors in March", "Plant out in May"] in result.lists
