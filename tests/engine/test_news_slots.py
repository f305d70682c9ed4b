"""News pages: where the story is when a page also carries big blocks of script, and what
the frame around a story is (tool bars, comment boxes, related-story lists)."""

from __future__ import annotations

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import Page

TOPICS = [
    "harbour",
    "council",
    "budget",
    "stadium",
    "library",
    "railway",
    "museum",
    "school",
    "bridge",
    "airport",
    "hospital",
    "festival",
]


def _lead(i: int) -> str:
    t = TOPICS[i % len(TOPICS)]
    return (
        f"Faced with a large pile of papers about the {t} plan, officials asked on day {i} for "
        f"more time to read every one of them before the vote."
    )


def _story_page(i: int, script_chars: int = 20_000) -> Page:
    t = TOPICS[i % len(TOPICS)]
    paras = "".join(
        f"<p>Paragraph {n} of the {t} story number {i} tells what the {t} committee said about "
        f"{TOPICS[(i + n) % len(TOPICS)]} and why the decision took so long this time.</p>"
        for n in range(6)
    )
    # a list of other stories with their first lines, as on every story page of the site
    teasers = "".join(
        f'<li><a href="/story/{j}">{TOPICS[j % len(TOPICS)].title()} story {j}</a>'
        f"<p>{_lead(j)}</p></li>"
        for j in ((i + 1) % 12, (i + 2) % 12, (i + 3) % 12)
    )
    data = "var x=" + "1" * script_chars + ";"
    html = f"""<html><head><title>{t.title()} story {i} - Daily</title></head><body>
<div class="top"><a href="/">Home</a> <a href="/local">Local</a> <a href="/sport">Sport</a></div>
<div class="wrap"><div class="col"><article class="story"><h1>{t.title()} story {i}</h1>
<p>{_lead(i)}</p>{paras}</article>
<div class="rail"><ul>{teasers}</ul></div></div></div>
<div class="foot"><a href="/about">About</a> <a href="/terms">Terms</a></div>
<div id="bottom"><script>{data}</script><script>{data}</script></div>
</body></html>"""
    return Page(url=f"https://daily.example/story/{i:03d}", html=html)


def test_script_text_does_not_make_a_block_the_content() -> None:
    """A block that holds thousands of characters of script and no visible word is not the
    story, and the story's lead, shown as a teaser on other pages, stays in the story."""
    pages = [_story_page(i) for i in range(24)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results):
        assert result.content is not None
        assert "/article" in result.content["slot"], result.content
        assert _lead(i) in " ".join(result.cleaned_text.split()), i
        assert "Paragraph 5 of the" in result.cleaned_text


def test_another_storys_first_lines_beside_the_story_go() -> None:
    """A teaser (another story's headline link and first lines) in the block around the story
    is that story's text, not this page's, though each page has other teasers there."""
    pages = [_story_page(i) for i in range(24)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for i, result in enumerate(results):
        text = " ".join(result.cleaned_text.split())
        assert _lead(i) in text, i
        for j in ((i + 1) % 12, (i + 2) % 12, (i + 3) % 12):
            if _lead(j) != _lead(i):
                assert _lead(j) not in text, (i, j)
