"""Labels and list entries inside the content that the site repeats are the page's when they
belong to its own text: a data set's "Source:" or "Relevant Papers:" over the data set's own
paragraphs, a publication's "Publication Year:" over its year, a person's "Personal URL:"
over the person's site and "Publications:" over the person's papers, and the first and the
last paper of that list, which every person's list opens or closes with. A part holding most
of the text that is one labelled field's value (a long list of papers) is not the whole
content: the record around it is, but not in a thread: a listing under "Here is my code:" in
the question leaves the whole thread the content. A label over a sentence the site repeats
("Contact:" over the site's address) or over a list of links ("Related posts:") still goes,
and so does the frame around the content."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import CleanResult, Page

#: each page's own words (no digits: the cleaner folds them)
WORDS = [
    f"{a} {b}"
    for a in ("Red", "Blue", "Green", "Amber", "Ivory", "Olive")
    for b in ("Fox", "Owl", "Elk", "Yak", "Emu", "Cod")
]
ARCHIVE_LABELS = ("Source:", "Data Set Information:", "Relevant Papers:")


def _papers(i: int, n: int) -> str:
    return "<br><br>".join(
        f"{WORDS[(i + k) % 36]} and {WORDS[(i + 2 * k + 1) % 36]}. A study of the"
        f" {WORDS[(i + 3 * k + 2) % 36]} method on the {WORDS[(i + k + 5) % 36]} problem."
        " Proceedings of the annual meeting on learning from examples."
        for k in range(n)
    )


def _archive_page(i: int) -> Page:
    # one page in three lists many papers: that paragraph holds most of the page's text
    papers = _papers(i, 14 if i % 3 == 0 else 1)
    html = f"""<html><head><title>Archive: {WORDS[i]} Data Set</title></head><body>
<table width="100%" bgcolor="#003366"><tr><td><span class="white">
<a href="/about">About</a> <a href="/citation">Citation Policy</a>
<a href="/donate">Donate a Data Set</a> <a href="/contact">Contact</a></span></td></tr></table>
<table width="100%" cellpadding="5"><tr><td>
<p class="heading"><b>{WORDS[i]} Data Set</b></p>
<p class="normal">Download: <a href="/data/{i}/">Data Folder</a></p>
<p class="small-heading"><b>Source:</b></p>
<p class="normal">Collected by the {WORDS[(i + 1) % 36]} group of the
{WORDS[(i + 4) % 36]} institute.</p>
<br />
<p class="small-heading"><b>Data Set Information:</b></p>
<p class="normal">Each record describes one {WORDS[(i + 2) % 36]} seen near the
{WORDS[(i + 7) % 36]} river, with the weather of that day.</p>
<br />
<p class="small-heading"><b>Relevant Papers:</b></p>
<p class="normal">{papers}</p>
<br />
<p class="small-heading"><b>Related posts:</b></p>
<ul><li><a href="/datasets/{(i + 1) % 36}">{WORDS[(i + 1) % 36]} Data Set</a></li>
<li><a href="/datasets/{(i + 2) % 36}">{WORDS[(i + 2) % 36]} Data Set</a></li>
<li><a href="/datasets/{(i + 3) % 36}">{WORDS[(i + 3) % 36]} Data Set</a></li></ul>
<p class="small-heading"><b>Contact:</b></p>
<div class="address">Write to the librarians of the archive at the main office.</div>
</td></tr></table>
<hr>
<p class="normal">Supported by the foundation for open data.</p>
<center><a href="/about">About</a> || <a href="/citation">Citation Policy</a></center>
</body></html>"""
    return Page(url=f"https://archive.example/datasets/{i}", html=html)


@pytest.fixture(scope="module")
def archive() -> list[CleanResult]:
    pages = [_archive_page(i) for i in range(36)]
    return list(DomainCleaner().fit(pages).transform(pages))


def test_a_records_labels_over_its_own_text_stay(archive: list[CleanResult]) -> None:
    for i, result in enumerate(archive):
        if i % 3 == 0:
            continue  # (a page whose papers hold most of its text: below)
        text = result.cleaned_text
        assert f"Collected by the {WORDS[(i + 1) % 36]} group" in text, result.url
        for label in ARCHIVE_LABELS:
            assert label in text, (label, result.url)


def test_labels_stay_where_one_field_holds_most_of_the_text(
    archive: list[CleanResult],
) -> None:
    for i, result in enumerate(archive):
        if i % 3:
            continue
        text = result.cleaned_text
        assert f"Collected by the {WORDS[(i + 1) % 36]} group" in text, result.url
        assert f"Each record describes one {WORDS[(i + 2) % 36]}" in text, result.url
        for label in ARCHIVE_LABELS:
            assert label in text, (label, result.url)


def test_a_label_over_the_sites_own_sentence_still_goes(archive: list[CleanResult]) -> None:
    for result in archive:
        text = result.cleaned_text
        assert "Related posts:" not in text, result.url
        assert "Contact:" not in text, result.url
        assert "Write to the librarians" not in text, result.url
        assert "Donate a Data Set" not in text, result.url
        assert "Supported by the foundation" not in text, result.url


#: the lab's newest and oldest paper: every person's list opens and closes with them
FIRST = "Olive Cod and Red Fox. Writing together in the classroom. Proceedings of the meeting."
LAST = "Red Fox and Olive Cod. Distance still matters. Journal of human work together."
PEOPLE = WORDS[:12]


def _frame(title: str, body: str) -> str:
    return f"""<html><head><title>{title} | Lab</title></head><body>
<div id="page"><div id="header"><a href="/">Lab</a><ul class="menu">
<li><a href="/">Home</a></li><li><a href="/people">People</a></li>
<li><a href="/publications">Publications</a></li><li><a href="/contact">Talk to us</a></li>
</ul></div>
<div id="main"><div id="breadcrumb"><a href="/">Home</a></div>
<div id="content"><div class="section"><h1 class="title">{title}</h1>
<div class="region"><div class="block">{body}</div></div></div></div></div>
<div id="footer"><p>Copyright the Lab group</p><p><a href="/uni">University</a></p></div>
</div></body></html>"""


def _paper(k: int) -> str:
    return (
        f"{WORDS[k % 36]} and {WORDS[(k + 5) % 36]}. On the {WORDS[(k + 9) % 36]} of teams"
        f" that work apart. Proceedings of the {WORDS[(k + 13) % 36]} meeting."
    )


def _person_page(p: int) -> Page:
    # the person's own papers, between the lab's newest and oldest (which every list has);
    # each own paper is on one other person's list too
    papers = [FIRST, *(_paper(p + k) for k in range(5)), LAST]
    items = "\n".join(
        f'<li class="views-row views-row-{n + 1}{" first" if n == 0 else ""}'
        f'{" last" if n == len(papers) - 1 else ""}"><div class="views-field">'
        f'<div class="field-content">{paper}</div></div></li>'
        for n, paper in enumerate(papers)
    )
    name = PEOPLE[p]
    slug = name.lower().replace(" ", "-")
    body = f"""<div id="node-{p}" class="node node-people"><div class="content">
<div class="field field-name-body"><div class="field-items"><div class="field-item">
<p>{name} studies how the {WORDS[(p + 20) % 36]} teams share their work.</p></div></div></div>
<div class="field field-name-field-personal-url"><div class="field-label">Personal URL:&nbsp;</div>
<div class="field-items"><div class="field-item"><a href="http://{slug}.example/">http://{slug}.example/</a>
</div></div></div>
<div class="field field-name-field-publications"><div class="field-label">Publications:&nbsp;</div>
<div class="field-items"><div class="field-item"><div class="view"><div class="item-list"><ul>
{items}
</ul></div></div></div></div></div>
</div></div>"""
    return Page(url=f"https://lab.example/people/{slug}", html=_frame(name, body))


def _publication_page(k: int) -> Page:
    body = f"""<div id="node-{100 + k}" class="node node-publications"><div class="content">
<div class="field field-name-field-year"><div class="field-label">Publication Year:&nbsp;</div>
<div class="field-items"><div class="field-item"><span>{2000 + k % 17}</span></div></div></div>
<div class="field field-name-field-citation"><div class="field-label">Full Citation:&nbsp;</div>
<div class="field-items"><div class="field-item">{_paper(k)}</div></div></div>
</div></div>"""
    return Page(url=f"https://lab.example/publications-{k}", html=_frame("Publications", body))


@pytest.fixture(scope="module")
def lab() -> list[CleanResult]:
    pages = [_person_page(p) for p in range(len(PEOPLE))]
    pages += [_publication_page(k) for k in range(24)]
    return list(DomainCleaner().fit(pages).transform(pages))


def test_a_persons_labelled_fields_stay(lab: list[CleanResult]) -> None:
    for p, result in enumerate(lab[: len(PEOPLE)]):
        text = result.cleaned_text
        name = PEOPLE[p]
        slug = name.lower().replace(" ", "-")
        assert f"{name} studies how the" in text, result.url
        assert "Personal URL:" in text, result.url
        assert f"http://{slug}.example/" in text, result.url
        assert "Publications:" in text, result.url


def test_the_first_and_last_entries_of_a_persons_list_stay(lab: list[CleanResult]) -> None:
    for p, result in enumerate(lab[: len(PEOPLE)]):
        text = result.cleaned_text
        for k in range(5):
            assert _paper(p + k) in text, result.url
        # the entries every person's list opens and closes with are the person's papers too
        assert FIRST in text, result.url
        assert LAST in text, result.url


def test_a_publications_year_stays_with_its_label(lab: list[CleanResult]) -> None:
    for k, result in enumerate(lab[len(PEOPLE) :]):
        text = result.cleaned_text
        assert _paper(k) in text, result.url
        assert "Publication Year:" in text, result.url
        assert str(2000 + k % 17) in text, result.url
        assert "Full Citation:" in text, result.url


def test_the_labs_frame_still_goes(lab: list[CleanResult]) -> None:
    for result in lab:
        text = result.cleaned_text
        for frame in ("Talk to us", "Copyright the Lab group", "University"):
            assert frame not in text, (frame, result.url)


def _thread_page(t: int) -> Page:
    # the question's listing under its label holds most of the thread's text
    listing = "\n".join(
        f"var {WORDS[(t + k) % 36].replace(' ', '')} = find('{WORDS[(t + 2 * k) % 36]}');"
        for k in range(30)
    )
    replies = "\n".join(
        f"""<li class="comment-wrap"><div class="comment-left-col"><a href="/u/{k}">
{WORDS[(t + k + 3) % 36]}</a></div><div class="comment-right-col"><p class="date">{k + 1} hours
ago</p><div><p>Try the {WORDS[(t + k + 9) % 36]} setting of the {WORDS[(t + k + 11) % 36]}
menu before you call it, then it works.</p></div></div></li>"""
        for k in range(3)
    )
    html = f"""<html><head><title>{WORDS[t]} menu question | Forums</title></head><body>
<div id="header"><a href="/">Forums</a> <a href="/help">Help</a> <a href="/rules">Rules</a></div>
<div id="content-wrapper"><h1>{WORDS[t]} menu question</h1>
<ul class="comment-list">
<li class="comment-wrap thread-starter"><div class="comment-left-col"><a href="/u/a">
{WORDS[(t + 1) % 36]}</a></div><div class="comment-right-col"><p class="date">2 days ago</p>
<div><p>My {WORDS[(t + 5) % 36]} menu does not open on the {WORDS[(t + 6) % 36]} page.</p>
<p>Here is my code:</p><pre>{listing}</pre></div></div></li>
{replies}
</ul></div>
<div id="footer"><p>Terms of use of the forums</p></div>
</body></html>"""
    return Page(url=f"https://forums.example/t/{t}", html=html)


def test_a_posts_labelled_listing_keeps_the_thread_as_the_content() -> None:
    pages = [_thread_page(t) for t in range(30)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for t, result in enumerate(results):
        text = result.cleaned_text
        assert f"My {WORDS[(t + 5) % 36]} menu does not open" in text, result.url
        for k in range(3):
            assert f"Try the {WORDS[(t + k + 9) % 36]} setting" in text, result.url
        assert "Terms of use" not in text, result.url
