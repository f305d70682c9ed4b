"""A body tag closing on itself (``<body bgcolor="#fff"/>``, NYT's 2000 section fronts) or
content after ``</body>``: libxml2 leaves that content beside the body, a browser shows it in
the body. The page's text, Markdown, counts, content slot and ``--why`` read it where a reader
sees it, the same as the cleaned HTML."""

from __future__ import annotations

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.clean.explain import text_fate
from deboiler_gui.engine.clean.markdown import markdown_of_html
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page

STORY = (
    "Story {i}: the council voted {i} times on the harbour plan before the mayor "
    "signed it on a rainy evening, and the opposition promised a review next spring."
)


def _page(i: int, body: str) -> Page:
    html = f"""<html><head><title>Front {i}</title></head>{body}
<table><tr><td><a href="/">Home</a> | <a href="/news">News</a> | <a href="/arts">Arts</a></td></tr>
<tr><td><p>{STORY.format(i=i)}</p></td></tr></table>
<p>Copyright 2000 The New York Times Company</p></body></html>"""
    return Page(url=f"https://paper.example/pages/{i}/index.html", html=html)


def _site(body: str) -> list[Page]:
    return [_page(i, body) for i in range(8)]


def test_content_after_a_self_closing_body_is_in_the_body() -> None:
    root = parse_html(_page(1, '<body bgcolor="#ffffff" link="#000064"/>').html)
    body = root.find("body")
    assert body is not None and body.get("bgcolor") == "#ffffff"
    assert [c.tag for c in root] == ["head", "body"]
    assert [c.tag for c in body] == ["table", "p"]
    # content after </body>, and a second body, go to the one body in page order
    root = parse_html("<html><body><p>a</p>x</body>y<p>b</p><body class='k'><p>c</p></body>")
    body = root.find("body")
    assert [c.tag for c in root] == ["body"]
    assert [c.text for c in body] == ["a", "b", "c"]
    assert body.get("class") == "k"
    assert "".join(body.text_content().split()) == "axybc"


def test_a_self_closing_body_page_keeps_its_text_counts_and_markdown() -> None:
    closed = _site('<body bgcolor="#ffffff"/>')
    opened = _site('<body bgcolor="#ffffff">')
    cleaner = DomainCleaner().fit(closed)
    results = list(cleaner.transform(closed))
    expected = list(DomainCleaner().fit(opened).transform(opened))
    for i, (result, same) in enumerate(zip(results, expected, strict=True)):
        assert STORY.format(i=i) in " ".join(result.cleaned_text.split()), i
        assert "Home" not in result.cleaned_text, i
        assert result.cleaned_text == same.cleaned_text, i
        assert result.original_chars == same.original_chars, i
        assert result.original_chars >= len(STORY.format(i=i).replace(" ", "")), i
        assert sum(r.chars for r in result.removed) == sum(r.chars for r in same.removed), i
        assert result.content is not None and result.content["slot"].startswith("/html/body/"), i
        assert STORY.format(i=i)[:40] in markdown_of_html(result.cleaned_html), i
    fate = text_fate(
        closed[2], cleaner.model_, "Story 2: the council voted", results[2].cleaned_text
    )
    assert fate is not None and fate["kept"]
    fate = text_fate(closed[2], cleaner.model_, "Home | News | Arts", results[2].cleaned_text)
    assert fate is not None and not fate["kept"] and fate["removed"]
