"""After a post's footer (its categories and permalink), the box about its author — the same
bio on every post of that author — is past the post's end: the frame's, though the box sits in
the block of the post's text and other authors' posts have other bios at its place."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import CleanResult, Page

AUTHORS = {
    "Mara Quill": "Mara Quill is a research associate of the department of informatics and "
    "studies how teams that never meet write software together.",
    "Tobin Reed": "Tobin Reed is a professor of informatics who has written two books on the "
    "history of shared work and how tools shape it.",
    "Iris Vale": "Iris Vale is a doctoral student of the group, writing a thesis on trust "
    "between people who build systems across many time zones.",
}
TOPICS = [
    f"{a} {b}"
    for a in ("open", "quiet", "shared", "remote", "careful", "patient")
    for b in ("teams", "tools", "archives", "meetings", "records")
]


def _post(i: int) -> Page:
    author = list(AUTHORS)[i % 3]
    topic = TOPICS[i]
    html = f"""<html><head><title>A paper on {topic} | Work Lab</title></head><body>
<div id="page"><header id="branding"><a href="/">Work Lab</a>
<nav><a href="/people/">People</a> <a href="/papers/">Papers</a> <a href="/news/">News</a></nav>
</header>
<div id="main"><div id="content"><article class="post hentry">
<header class="single-entry-header"><h1 class="entry-title">A paper on {topic}</h1>
<p><span class="entry-date">March 23</span> <span class="entry-author">by {author}</span>
<span class="comments">Comments Off<span class="screen-reader-text"> on A paper on {topic}</span>
</span></p>
</header>
<div class="single-entry-content">
<p>Congratulations to the members of the lab on the publication of their article on {topic},
which follows two years of work with the people who keep the records of a large firm.</p>
<p>The article argues that {topic} change what people expect of one another, and that the
tools they use hide much of that change from those who plan the work.</p>
<div class="clear"></div>
<footer class="single-entry-meta"><p>Categories: <a href="/category/news/">News</a> |
<a href="/papers/{i}/">Permalink</a></p></footer>
<div class="author-info"><img src="/avatar/{i % 3}.png">
<div class="author-description"><h3>Author: <a href="/author/{i % 3}/">{author}</a></h3>
<p>{AUTHORS[author]}</p></div></div>
</div></article></div>
<div id="secondary"><h2>Recent posts</h2><ul><li><a href="/papers/1/">A paper</a></li>
<li><a href="/papers/2/">Another paper</a></li></ul></div></div></div>
<footer id="colophon">Work Lab, University of the Lakes</footer></body></html>"""
    return Page(url=f"https://work.example/papers/{i}/", html=html)


@pytest.fixture(scope="module")
def posts() -> list[CleanResult]:
    pages = [_post(i) for i in range(len(TOPICS))]
    return list(DomainCleaner().fit(pages).transform(pages))


def test_the_author_box_after_the_post_footer_goes(posts: list[CleanResult]) -> None:
    for i, result in enumerate(posts):
        flat = " ".join(result.cleaned_text.split())
        assert f"on the publication of their article on {TOPICS[i]}" in flat, flat
        assert f"The article argues that {TOPICS[i]} change" in flat, flat
        author = list(AUTHORS)[i % 3]
        assert AUTHORS[author] not in flat, flat
        assert "Author:" not in flat, flat
        assert "Permalink" not in flat, flat


def test_the_line_about_the_post_s_comments_goes(posts: list[CleanResult]) -> None:
    # "Comments Off on" the post's own title, the last words only a screen reader shows
    for i, result in enumerate(posts):
        lines = result.cleaned_text.splitlines()
        assert f"A paper on {TOPICS[i]}" in lines, lines
        assert not [line for line in lines if "Comments Off" in line], lines
        assert [r.detector for r in result.removed if r.path.endswith("span.comments")] == [
            "post"
        ], result.removed
