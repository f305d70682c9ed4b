"""A news story laid out in tables: the column of titled link boxes that stands beside the
story's paragraphs inside the story's own cell, and the title of the list of other stories
under it."""

from __future__ import annotations

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import Page

TOPICS = [
    "recount",
    "ballot",
    "court",
    "senate",
    "transition",
    "budget",
    "appeal",
    "hearing",
    "county",
    "governor",
    "legislature",
    "election",
]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def _para(i: int, n: int) -> str:
    t = TOPICS[i % len(TOPICS)]
    other = TOPICS[(i + n) % len(TOPICS)]
    return (
        f"Paragraph {n} of the {t} story number {i} says what the lawyers told the {other} "
        f"panel on day {i} and why the judges asked for more papers before they rule."
    )


def _fact_box(i: int) -> str:
    # a box of the story's own text beside its paragraphs: it stays
    t = TOPICS[i % len(TOPICS)]
    return (
        '<table align="left" width="150"><tr><td><b>Key facts</b></td></tr>'
        f"<tr><td>The {t} case number {i} is the third of its kind this year. Two of them "
        "went to the high court before a ruling.</td></tr></table>"
    )


def _box(label: str, items: str) -> str:
    return (
        '<table width="170"><tr><td width="14"><img src="/i/arrow.gif"></td>'
        f'<td class="BoxTitle"><b>{label}</b></td></tr>'
        f'<tr><td colspan="2">{items}</td></tr></table>'
    )


def _column(i: int) -> str:
    """The side column: a video box (a caption under a thumbnail and a play link), related
    stories, transcripts, one related site; other headlines on every page."""
    t = TOPICS[i % len(TOPICS)]
    video = (
        f'<a href="javascript:vod(\'/v/{i}.html\')"><img src="/v/{i}.jpg"></a>'
        f'<span class="videobox">Reporters on the {t} hearing of day {i} ({DAYS[i % 7]})<br>'
        f"<a href=\"javascript:vod('/v/{i}.html')\"><strong>Play video</strong></a><br>"
        "<font size=1>(QuickTime, Real or Windows Media)</font></span>"
    )
    also = "".join(
        f'<li><a href="/story/{(i + k) % 40}">The {TOPICS[(i + k) % 12]} fight goes on '
        f"after day {(i + k) % 40}</a></li>"
        for k in (1, 2, 3)
    )
    transcript = (
        f'<a href="/transcripts/{i}">Text of the {t} briefing of day {i}</a> ({DAYS[i % 7]})'
    )
    site = f'<a href="http://county{i}.example/">{TOPICS[(i + 4) % 12].title()} office</a>'
    boxes = (
        _box("VIDEO", video)
        + _box("ALSO", f'<ul class="BoxStory">{also}</ul>')
        + _box("TRANSCRIPT", f'<div class="BoxStory">{transcript}</div>')
        + _box("RELATED SITE", f"<div>{site}</div>")
    )
    return f'<table align="RIGHT" width="170"><tr><td>{boxes}</td></tr></table>'


def _story_page(i: int) -> Page:
    t = TOPICS[i % len(TOPICS)]
    paras = [f"<p>{_para(i, n)}</p>" for n in range(8)]
    story = (
        f"<h2>The {t} story of day {i}</h2>"
        + "".join(paras[:2])
        + (_column(i) if i % 3 else "")
        + "".join(paras[2:5])
        + (_fact_box(i) if i % 2 else "")
        + "".join(paras[5:])
    )
    more = "".join(
        f'<li><a href="/story/{(i + k) % 40}">{TOPICS[(i + k) % 12].title()} news of day '
        f"{(i + k) % 40}</a></li>"
        for k in range(4, 9)
    )
    html = f"""<html><head><title>The {t} story of day {i}</title></head><body>
<table width="770"><tr><td colspan="3"><a href="/">Home</a> | <a href="/world">World</a> |
<a href="/politics">Politics</a> | <a href="/law">Law</a></td></tr>
<tr><td width="130"><a href="/us">U.S.</a><br><a href="/weather">Weather</a><br>
<a href="/business">Business</a><br><a href="/sports">Sports</a></td>
<td width="640"><table><tr><td width="460">{story}</td></tr></table>
<hr><font color="#CC0000"><h3>MORE STORIES:</h3></font><h4>{DAYS[i % 7]}, December {i % 28 + 1},
2000</h4><ul>{more}</ul></td></tr></table>
<table><tr><td><a href="/terms">Terms</a> | <a href="/privacy">Privacy</a></td></tr></table>
</body></html>"""
    return Page(url=f"https://news.example/2000/story/{i:03d}/", html=html)


def _cleaned() -> list[str]:
    pages = [_story_page(i) for i in range(30)]
    return [" ".join(r.cleaned_text.split()) for r in DomainCleaner().fit(pages).transform(pages)]


def test_a_column_of_titled_link_boxes_in_the_story_cell_goes() -> None:
    """A column aligned beside the story's paragraphs, in the story's own cell, that holds
    boxes each led by a short label over headlines ("ALSO", "TRANSCRIPT", "RELATED SITE",
    a video box) is the site's widget, however its items change; the story stays whole."""
    for i, text in enumerate(_cleaned()):
        for n in range(8):
            assert _para(i, n) in text, (i, n)
        assert f"The {TOPICS[i % 12]} story of day {i}" in text
        assert "Play video" not in text, i
        assert "ALSO" not in text and "RELATED SITE" not in text, i
        assert "fight goes on after day" not in text, i
        assert "briefing of day" not in text, i


def test_a_box_of_the_storys_own_text_stays() -> None:
    """A box beside the paragraphs holding the story's own sentences under a short label (no
    headlines in it) is the story's."""
    for i, text in enumerate(_cleaned()):
        if i % 2:
            assert "Key facts" in text, i
            assert f"case number {i} is the third of its kind" in text, i


def test_the_title_of_the_other_stories_list_goes_with_it() -> None:
    """The heading over the list of other stories below the story, and the date heading
    under it, are that list's title: they go with the list."""
    for i, text in enumerate(_cleaned()):
        assert "news of day" not in text, i
        assert "MORE STORIES" not in text, i
        assert f"December {i % 28 + 1}, 2000" not in text, i


def _series_page(i: int) -> Page:
    """A feature of a series: a box floated right at the top of the story's cell, its label
    deep in the markup of the time ("Related Stories" in a bold line of a centred font), over
    the other parts of the series; on some pages a floated box of the story's own parts
    (links to its anchors) too."""
    t = TOPICS[i % len(TOPICS)]
    related = "".join(
        f'<a href="/feature/{(i + k) % 30}.htm"><b>The&nbsp;{TOPICS[(i + k) % 12]}&nbsp;'
        f"question, part&nbsp;{k}</b></a><br>"
        for k in (1, 2, 3, 4)
    )
    box = (
        '<table align="right" width="150" bgcolor="ccdfde"><tr><td valign="top">'
        '<font size="-2"><center><b>Related Stories</b></center><p><b>'
        f"{related}</b></font></td></tr></table>"
    )
    parts = (
        '<table align="left" width="120"><tr><td><b>In this story</b><br>'
        + "".join(f'<a href="#part{n}">Part {n}: the {t} files</a><br>' for n in (1, 2, 3))
        + "</td></tr></table>"
        if i % 2
        else ""
    )
    paras = "".join(
        f'<p><a name="part{n}"></a>{_para(i, n)}</p>' if n in (1, 2, 3) else f"<p>{_para(i, n)}</p>"
        for n in range(8)
    )
    html = f"""<html><head><title>The {t} feature {i}</title></head><body>
<table width="770"><tr><td colspan="2"><a href="/">Home</a> | <a href="/features">Features</a> |
<a href="/columns">Columns</a> | <a href="/archive">Archive</a></td></tr>
<tr><td width="130"><a href="/markets">Markets</a><br><a href="/tech">Tech</a><br>
<a href="/lists">Lists</a></td><td width="640"><table cellpadding="30"><tr><td bgcolor="ffffff">
{box}{parts}<center><font size="+1"><b>The {t} feature {i}</b></font></center>{paras}
</td></tr></table></td></tr></table>
<table><tr><td><a href="/terms">Terms</a> | <a href="/privacy">Privacy</a></td></tr></table>
</body></html>"""
    return Page(url=f"https://news.example/2000/feature/{i:03d}.htm", html=html)


def test_a_floated_box_of_links_under_a_label_in_the_story_goes() -> None:
    """A table floated beside the story's text, a short label over links to other pages, is
    an aside of the story, not its text, even alone and before the first paragraph; a
    floated box of the story's own parts (links into the page) stays."""
    pages = [_series_page(i) for i in range(30)]
    for i, result in enumerate(DomainCleaner().fit(pages).transform(pages)):
        text = " ".join(result.cleaned_text.split())
        for n in range(8):
            assert _para(i, n) in text, (i, n)
        assert "Related Stories" not in text and "question, part" not in text, (i, text)
        if i % 2:
            assert "In this story" in text and "Part 2: the" in text, (i, text)
