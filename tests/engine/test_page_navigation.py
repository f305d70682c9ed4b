"""A news site of several templates: a template of which the site has only one page (saved
twice, as it and its all-in-one copy) shows no repetition, yet its own markup says where its
menu and footer are."""

from __future__ import annotations

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.model import Page

SECTIONS = ["World", "U.S.", "Politics", "Business", "Opinion", "Technology", "Science"]
COLUMNISTS = ["Op-Ed Columnists", "Editorials", "Contributing Writers", "Letters", "Cartoons"]


def _old_page(i: int) -> Page:
    # the site's older template, laid out in tables: most of its pages
    html = f"""<html><head><title>Archive {i}</title></head><body>
<table><tr><td class="left"><a href="/">Home</a><br><a href="/world">World</a><br>
<a href="/arts">Arts</a></td>
<td class="story"><h2>Archive story {i}</h2><p>The council met on day {i} and talked about the
harbour plan for a long time before it voted on the proposal number {i} that was put to it by
the members of the board.</p><p>Another paragraph {i} says more of what was said at the
meeting and why the vote was put off again this week.</p></td></tr></table>
<p class="copy">Copyright 2000 The Daily</p></body></html>"""
    return Page(url=f"https://daily.example/2000/archive{i:02d}.html", html=html)


def _menu() -> str:
    items = "".join(f'<li><a href="/s/{n}">{n}</a></li>' for n in SECTIONS + COLUMNISTS)
    return f"""<nav id="navigation" class="navigation" role="navigation"><div class="sections">
<div class="section"><ul class="menu">{items}</ul></div></div></nav>"""


def _topic_page(complete: bool) -> Page:
    story = """<section id="latest-panel"><h2>Latest Articles</h2><div class="stories">
<nav class="parts"><a href="#mood">Part one of the walk</a> <a href="#manor">Part two</a></nav>
<article><h3><a href="/1989/mood">Mood and Mist in the Hills</a></h3><p class="summary">The
poet was forever haunted by a memory of his youth in the hills west of the capital, where the
palaces stand among the gardens and the mist.</p></article>
<article><h3><a href="/2000/peacocks">Peacocks, Doves and Tiled Roofs</a></h3><p class="summary">
As a destination, the town and its countryside come endorsed by poets who wrote about this
enclave north of the river for two hundred years.</p></article>
<article><h3><a href="/1986/manor">At Home in a Manor</a></h3><p class="summary">The manor house
is perched on the side of the mountain and the road to it is perilous, with deep ruts and sharp
curves that are best taken on foot.</p></article></div></section>"""
    footer = """<footer id="page-footer" class="page-footer"><nav><ul>
<li>&copy; 2015 The Daily Company</li><li><a href="/">Home</a></li><li><a href="/search">Search</a>
</li><li><a href="/contact">Contact Us</a></li><li><a href="/work">Work With Us</a></li>
<li><a href="/ads">Advertise</a></li><li><a href="/privacy">Privacy</a></li>
<li><a href="/terms">Terms of Service</a></li><li><a href="/map">Site Map</a></li></ul></nav>
</footer>"""
    extra = '<div id="overlay"></div>' if complete else ""
    html = f"""<html><head><title>Hills Travel Coverage - The Daily</title></head><body>
{extra}<div id="shell" class="shell"><header id="masthead"><h1>The Daily</h1></header>
{_menu()}<main id="main"><div class="topic"><h1>Hills Travel Coverage</h1>
<p class="lede">The hills outside the capital, a verdant world of castles and palaces, are one
of the country's crown jewels, about twenty miles west of the city.</p>
</div>{story}</main>{footer}</div></body></html>"""
    name = "topic_complete" if complete else "topic"
    return Page(url=f"https://daily.example/2015/{name}.html", html=html)


def test_a_templates_own_menu_and_footer_go_on_its_only_pages() -> None:
    pages = [_old_page(i) for i in range(20)] + [_topic_page(False), _topic_page(True)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for page, result in zip(pages, results, strict=True):
        if "/2015/" not in page.url:
            continue
        text = " ".join(result.cleaned_text.split())
        # the menu and the footer's links go...
        for gone in ("Op-Ed Columnists", "Contributing Writers", "Work With Us", "Site Map"):
            assert gone not in text, (page.url, gone)
        # ...the topic's text and its list of stories stay
        for kept in (
            "Hills Travel Coverage",
            "a verdant world of castles and palaces",
            "Mood and Mist in the Hills",
            "At Home in a Manor",
            "best taken on foot",
        ):
            assert kept in text, (page.url, kept)
        detectors = {(r.detector, r.representation) for r in result.removed}
        assert ("slot", "navigation") in detectors
        assert ("slot", "footer") in detectors


def test_a_navigation_inside_the_content_stays() -> None:
    """The content's own navigation (links to its parts) is not the site's menu: only a
    navigation away from the content goes."""
    pages = [_old_page(i) for i in range(20)] + [_topic_page(False), _topic_page(True)]
    results = list(DomainCleaner().fit(pages).transform(pages))
    for page, result in zip(pages, results, strict=True):
        if "/2015/" in page.url:
            assert "Part one of the walk" in result.cleaned_text, page.url
