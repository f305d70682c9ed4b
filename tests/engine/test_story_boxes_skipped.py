"""A news site's story pages and its few video pages: the link boxes a page marks as not its
story (a box its reader can skip), and the tabs, share bar and banner around a short video
story, which the site repeats on each video page."""

from __future__ import annotations

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import Page

TOPICS = ["harbour", "council", "budget", "stadium", "library", "railway", "museum", "school"]

NOTICE = (
    "<p class='notice'>This page is best viewed in an up-to-date web browser with style sheets "
    "enabled. While you will be able to view the content of this page in your current browser, "
    "you will not be able to get the full visual experience of the site.</p>"
)
MENU = (
    '<ul id="nav"><li><a href="/">Home</a></li><li><a href="/world">World</a></li>'
    '<li><a href="/uk">UK</a></li><li><a href="/business">Business</a></li></ul>'
)


def _story(i: int) -> Page:
    t = TOPICS[i % len(TOPICS)]
    paras = "".join(
        f"<p>Paragraph {n} of the {t} story {i} tells what the {t} committee said about "
        f"{TOPICS[(i + n) % len(TOPICS)]} plans and why the decision took so long.</p>"
        for n in range(5)
    )
    related = "".join(
        f'<li><a href="/news/{j}">{TOPICS[j % len(TOPICS)].title()} row deepens, story {j}</a></li>'
        for j in (i + 1, i + 2, i + 3)
    )
    box = f"""<div class="story-feature related"><a class="hidden" href="#story_continues_{i}">Continue
reading the main story</a><h2>Related Stories</h2><ul>{related}</ul></div>"""
    html = f"""<html><head><title>{t.title()} story {i}</title></head><body>
<div id="blq-container"><div id="blq-main">{MENU}<div class="story-body"><h1>{t.title()} story
{i}</h1><p class="introduction">The {t} plan was agreed on day {i} after a long debate in the
chamber about its cost.</p>{box}<p id="story_continues_{i}">The {t} vote on day {i} came late
at night, after the members had read every page of the report on the plan.</p>{paras}</div>
</div></div><div id="footer">{NOTICE}</div></body></html>"""
    return Page(url=f"https://news.example/news/{i:03d}", html=html)


def _video(i: int) -> Page:
    t = TOPICS[i % len(TOPICS)]
    html = f"""<html><head><title>Video {i}</title></head><body>
<div id="blq-container"><div id="blq-main">{MENU}<div id="page" class="media-asset-page">
<div class="column--half media-asset"><div class="story-body"><div class="player"><p>Media
playback is unsupported on your device</p></div><div class="text"><h1>Crowds at the {t} on
night {i}</h1><p>Thousands of people watched the {t} fireworks on night {i} in the centre of
the city.</p><p>About {i} thousand people were expected for the first display of the {t}
this year.</p></div></div>
<div class="share"><h2>Share this story <a href="/help/sharing">About sharing</a></h2>
<ul><li><a href="/share/email">Email</a></li><li><a href="/share/fb">Facebook</a></li>
<li><a href="/share/tw">Twitter</a></li></ul></div></div>
<div class="column--half media-feeds"><div id="media-tabs"><ul><li><a href="#related">Related</a>
</li><li><a href="#watched">Most watched</a></li><li><a href="#top">Top stories</a></li></ul>
</div></div></div>
<div id="news-banner"><p>You're looking at our new site. <a href="/new">Learn more</a>
<a href="/feedback">Tell us what you think</a> <a href="/old">Back to current site</a></p></div>
</div></div><div id="footer">{NOTICE}</div></body></html>"""
    return Page(url=f"https://news.example/video/{i:03d}", html=html)


def _cleaned() -> dict[str, str]:
    # the video pages are too few (under 5% of the site) for their frame to be a repeated
    # block of text; their link lists still repeat
    pages = [_story(i) for i in range(90)] + [_video(i) for i in range(4)]
    results = DomainCleaner().fit(pages).transform(pages)
    return {p.url: " ".join(r.cleaned_text.split()) for p, r in zip(pages, results, strict=True)}


def test_a_link_box_the_story_lets_its_reader_skip_goes() -> None:
    for url, text in _cleaned().items():
        if "/news/" not in url:
            continue
        i = int(url.rsplit("/", 1)[1])
        assert "Continue reading the main story" not in text, url
        assert "row deepens" not in text, url
        # the story around the box stays, the paragraph it skips to included
        assert f"agreed on day {i} after a long debate" in text, url
        assert f"The {TOPICS[i % len(TOPICS)]} vote on day {i} came late" in text, url
        assert "Paragraph 4 of the" in text, url


def test_the_frame_around_a_short_video_story_goes() -> None:
    for url, text in _cleaned().items():
        if "/video/" not in url:
            continue
        i = int(url.rsplit("/", 1)[1])
        t = TOPICS[i % len(TOPICS)]
        assert f"Crowds at the {t} on night {i}" in text, url
        assert f"Thousands of people watched the {t} fireworks" in text, url
        for gone in ("Most watched", "Back to current site", "About sharing", "Facebook"):
            assert gone not in text, (url, gone)


def _feature(i: int) -> Page:
    t = TOPICS[i % len(TOPICS)]
    other = TOPICS[i // len(TOPICS)]
    related = "".join(
        f'<article><a href="/story/{j}"><h5>Where the {TOPICS[j % len(TOPICS)]} goes next, '
        f"after the {TOPICS[(i + j) // 3 % len(TOPICS)]}</h5></a></article>"
        for j in (i + 1, i + 2, i + 3)
    )
    html = f"""<html><head><title>Feature {i}</title></head><body>
<div id="page"><article class="story"><h1>How the {t} got its money back, part {i}</h1>
<dl class="about"><dt>About the author</dt><dd>The writer of story {i} is a reporter who has
covered the {t} and the {other} for the paper for many years, from the town hall.</dd></dl>
<div class="body"><p class="description">January {i} is the time of year for fresh starts,
when many of us make plans about the {t} and the {other} and the money they cost.</p>
<div class="story-body"><p>Those plans about the {t}, however, do not have to cost much: story
{i} tells how the town found the money it needed without a new tax.</p>
<aside class="related-articles"><h3>Related</h3>{related}</aside>
<aside class="quote"><p>"We did not think the {t} would ever pay for the {other}," said the
mayor.</p></aside>
<p id="r1">The {t} committee met again on day {i} and agreed to keep the plan for another
year.</p>
<aside class="sidebar"><p>Important</p><p>This page tells the story of the {t} and the
{other}. For the whole plan, see <a href="/plan/{i}">the plan</a>, <a href="/costs/{i}">its
costs</a> and <a href="/map/{i}">the map</a>.</p></aside>
<aside class="footnotes"><p id="fn1"><a href="#r1">[1]</a> See <a href="/r/{i}">the report on
the {t} and the {other}</a>, <a href="/annex/{i}">its annex</a> and <a href="/vote/{i}">the vote</a>.</p>
</aside></div></div></article></div></body></html>"""
    return Page(url=f"https://capital.example/story/{i:03d}", html=html)


def test_an_aside_of_links_in_the_story_goes_an_aside_of_prose_stays() -> None:
    pages = [_feature(i) for i in range(30)]
    results = DomainCleaner().fit(pages).transform(pages)
    for page, result in zip(pages, results, strict=True):
        text = " ".join(result.cleaned_text.split())
        i = int(page.url.rsplit("/", 1)[1])
        t = TOPICS[i % len(TOPICS)]
        # the related stories set in the story go (each page has other ones)...
        assert "goes next, after the" not in text, page.url
        # ...the story's text and its pull quote stay
        assert f"when many of us make plans about the {t}" in text, page.url
        other = TOPICS[i // len(TOPICS)]
        assert f"We did not think the {t} would ever pay for the {other}" in text, page.url
        assert "agreed to keep the plan for another year" in text, page.url
        # a note whose sentences point to other pages, and footnotes linked back into the
        # text, are the story's
        assert f"This page tells the story of the {t} and the {other}" in text, page.url
        assert f"the report on the {t} and the {other} , its annex and the vote" in text.replace(
            ",", " ,"
        )
