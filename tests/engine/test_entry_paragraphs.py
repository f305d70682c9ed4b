"""A post of several paragraphs, one of them much longer than the others, is all content: the
content is the block of its paragraphs, not the longest one, and a paragraph the site says in
other posts too ("Apply online at: …" in every job post) is the post's."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import CleanResult, Page

NAMES = [
    f"{a} {b}{c}"
    for c in ("", "wood", "ford")
    for a in ("Amber", "Ivory", "Olive", "Coral", "Slate", "Umber")
    for b in ("Heron", "Otter", "Badger", "Marten")
][:60]
#: three job posts among sixty others: their shared paragraph is on too few pages for a
#: block the site repeats, enough for a list of links it repeats
FIELDS = ["algorithms", "machine learning", "databases"]
APPLY = "Apply online at:"


def _frame(title: str, entry: str) -> str:
    return f"""<html><head><title>{title} | Patient Lab</title></head><body>
<div id="page"><header id="masthead"><a href="/">Patient Lab</a>
<nav><a href="/news/">News</a> <a href="/people/">People</a> <a href="/jobs/">Jobs</a></nav>
</header>
<div id="primary"><article class="post hentry">
<header class="entry-header"><h1 class="entry-title">{title}</h1></header>
<div class="entry-content">{entry}</div>
</article></div>
<div id="secondary"><h2>Archives</h2><ul><li><a href="/2018/">2018</a></li>
<li><a href="/2017/">2017</a></li></ul></div></div>
<footer id="colophon">Patient Lab, University of the Lakes</footer></body></html>"""


def _news(i: int) -> Page:
    name = NAMES[i]
    entry = (
        f"<p>{name} received an award for the work on patient reasoning this year, and the "
        f"{name.split()[1].lower()} project goes on with new students in the autumn.</p>"
    )
    return Page(url=f"https://lab.example/news/{i}/", html=_frame(f"Award for {name}", entry))


def _job(k: int) -> Page:
    field = FIELDS[k]
    entry = f"""<p>Faculty positions in {field}</p>
<p>Application deadline: January 15th.</p>
<p>{APPLY} <a href="https://jobs.example/apply/{k}">https://jobs.example/apply/{k}</a></p>
<p>The Department invites applications for tenure-track positions beginning in July. The
department is interested in people with research interests in all parts of {field}, and
one opening is meant for someone whose work joins {field} with the growing data science
initiative of the university, which brings together departments across the campus to study
how data is gathered, kept, shared and read, and how its results are taught. Those who
apply send a letter, a statement of their research and teaching, three papers and the names
of three people who know their work, and the committee reads every file before it meets.</p>"""
    return Page(url=f"https://lab.example/jobs/{k}/", html=_frame(f"Positions in {field}", entry))


@pytest.fixture(scope="module")
def lab() -> dict[str, CleanResult]:
    pages = [_news(i) for i in range(len(NAMES))] + [_job(k) for k in range(len(FIELDS))]
    return {r.url: r for r in DomainCleaner().fit(pages).transform(pages)}


def test_every_paragraph_of_a_job_post_stays(lab: dict[str, CleanResult]) -> None:
    for k, field in enumerate(FIELDS):
        text = lab[f"https://lab.example/jobs/{k}/"].cleaned_text
        flat = " ".join(text.split())
        assert f"Faculty positions in {field}" in flat, text
        assert "Application deadline: January 15th" in flat, text
        # the paragraph every job post says, the address to apply at
        assert f"{APPLY} https://jobs.example/apply/{k}" in flat, text
        assert "The Department invites applications" in flat, text
        for frame in ("Archives", "People", "University of the Lakes"):
            assert frame not in flat, (frame, text)


def test_a_one_paragraph_post_keeps_its_frame_out(lab: dict[str, CleanResult]) -> None:
    for i, name in enumerate(NAMES):
        text = lab[f"https://lab.example/news/{i}/"].cleaned_text
        assert f"{name} received an award" in " ".join(text.split()), text
        for frame in ("Archives", "People", "University of the Lakes"):
            assert frame not in text, (frame, text)
