"""A blog's masthead (the site's name and motto in headings over every page) is the frame's on
every page: on its front page and its archives, whose titles say the site's name too, and on a
short page whose masthead holds more text than the page's own. The one-word label a blog's
template puts after every post's title (its post format, "Standard") is the template's."""

from __future__ import annotations

import pytest

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.clean.explain import removal_reason
from deboiler_gui.engine.model import CleanResult, Page

SITE = "Centre for Patient Reasoning"
MOTTO = "School of Applied Thinking and Careful Reasoning"
TOWN = "University of the Lakes, Northshire"

#: each post's own words (no digits: the cleaner folds them, so numbered names repeat)
NAMES = [
    f"{a} {b}{c}"
    for c in ("", "wood", "ford")
    for a in ("Amber", "Ivory", "Olive", "Coral", "Slate", "Umber")
    for b in ("Heron", "Otter", "Badger", "Marten", "Plover")
][:72]


def _frame(body_class: str, title: str, inner: str) -> str:
    return f"""<html><head><title>{title}</title></head>
<body class="{body_class}"><div id="page" class="hfeed site">
<header id="masthead" class="all-header" role="banner"><hgroup class="hgroup-wide">
<a href="https://lab.example/" rel="home"><img src="/logo.jpg"></a>
<h1 class="site-title"><a href="https://lab.example/" rel="home">{SITE}</a></h1>
<h2 class="site-description">{MOTTO}</h2>
<h2 class="site-description">{TOWN}</h2>
</hgroup></header>
<nav id="site-navigation"><ul><li><a href="/">Home</a></li><li><a href="/about/">About</a></li>
<li><a href="/people/">People</a></li><li><a href="/seminars/">Seminars</a></li>
<li><a href="/news/">News</a></li></ul></nav>
<div id="primary" class="content-area"><div id="content" class="site-content">
{inner}
</div></div>
<div id="secondary" class="widget-area"><aside class="widget"><form action="/">
<input type="search" name="s"></form></aside></div>
</div>
<footer id="colophon"><p>(c) 2015 <a href="/">{SITE}</a></p></footer>
</body></html>"""


def _post(i: int) -> str:
    name = NAMES[i]
    return f"""<article class="post type-post format-standard hentry">
<header class="entry-header"><h1 class="entry-title">{name} joins the centre</h1>
<span class="entry-format genericon">Standard</span>
<div class="entry-meta"><a href="/p{i}/"><time>April 1, 2007</time></a>
<span class="cat-links"><a href="/news/">News</a></span></div></header>
<div class="entry-content"><p>{name} has joined the centre this spring to study how careful
people weigh evidence, after years of work on the {name.split()[1].lower()} survey.</p>
<p>The work of {name} uses the standard methods of the field and some new ones that the
centre will publish in the autumn.</p></div>
<footer class="entry-meta">Posted in <a href="/news/">News</a></footer>
</article>"""


def _post_page(i: int) -> Page:
    html = _frame(
        "single single-post single-format-standard",
        f"{NAMES[i]} joins the centre | {SITE}",
        _post(i),
    )
    return Page(url=f"https://lab.example/news/{i}/", html=html)


def _front_page() -> Page:
    inner = """<article class="page type-page hentry">
<header class="entry-header"><h1 class="entry-title">Home</h1></header>
<div class="entry-content"><p>Welcome to the centre, where people from many departments
study how careful reasoning is learnt, taught and measured.</p></div></article>"""
    return Page(url="https://lab.example/", html=_frame("home page", f"{SITE} | {TOWN}", inner))


def _archive_page(n: int) -> Page:
    posts = "".join(_post(k) for k in range(3 * n, 3 * n + 3))
    inner = f"""<header class="page-header"><h1 class="page-title">Seminars</h1></header>
{posts}<nav class="navigation-paging"><a href="/seminars/page/{n + 1}/">Older posts</a></nav>"""
    return Page(
        url=f"https://lab.example/seminars/page/{n}/",
        html=_frame("archive category", f"Seminars | {SITE} | Page {n}", inner),
    )


#: the pages of the template of plain pages, too few for the site to know its places as
#: common: two long, one short (a line of its own, fewer words than the masthead)
PLAIN = {
    "about": "The centre was founded by three departments to study careful reasoning, and it "
    "now counts faculty from computing, statistics, philosophy and the medical school among "
    "its members, who meet every week during term to hear the work of one another.",
    "funding": "The centre's work is paid for by grants from public agencies and by gifts "
    "from companies and foundations, which keep no say over what the centre studies or "
    "publishes; the list of the grants of each year is in the annual report.",
    "speakers": "Distinguished speakers since spring.",
}


def _plain_page(name: str) -> Page:
    inner = f"""<article class="page type-page hentry">
<header class="entry-header"><h1 class="entry-title">{name.title()}</h1></header>
<div class="entry-content"><p>{PLAIN[name]}</p></div></article>"""
    return Page(
        url=f"https://lab.example/{name}/",
        html=_frame("page page-template-default", f"{name.title()} | {SITE}", inner),
    )


@pytest.fixture(scope="module")
def blog() -> dict[str, CleanResult]:
    pages = [_post_page(i) for i in range(len(NAMES))]
    pages += [_front_page(), *(_archive_page(n) for n in range(2, 5))]
    pages += [_plain_page(name) for name in PLAIN]
    return {r.url: r for r in DomainCleaner().fit(pages).transform(pages)}


def test_the_masthead_goes_on_the_front_page_and_the_archives(
    blog: dict[str, CleanResult],
) -> None:
    front = blog["https://lab.example/"].cleaned_text
    assert "Welcome to the centre" in front
    # the front page's title is the site's name and its town: still the masthead's headings
    assert MOTTO not in front and TOWN not in front and SITE not in front, front
    for n in range(2, 5):
        text = blog[f"https://lab.example/seminars/page/{n}/"].cleaned_text
        assert f"{NAMES[3 * n]} has joined the centre" in text, text
        # "Seminars | site | Page 2": the site's name between the page's and its number
        assert MOTTO not in text and SITE not in text, text
    for i in range(len(NAMES)):
        text = blog[f"https://lab.example/news/{i}/"].cleaned_text
        assert f"{NAMES[i]} joins the centre" in text, text
        assert MOTTO not in text and SITE not in text, text


def test_a_short_page_keeps_its_text_without_the_masthead(
    blog: dict[str, CleanResult],
) -> None:
    for name, said in PLAIN.items():
        text = blog[f"https://lab.example/{name}/"].cleaned_text
        assert said in " ".join(text.split()), text
        assert name.title() in text, text
        for frame in (MOTTO, TOWN, SITE, "People"):
            assert frame not in text, (frame, name, text)


def test_the_post_format_label_after_each_title_goes(blog: dict[str, CleanResult]) -> None:
    for i in range(len(NAMES)):
        result = blog[f"https://lab.example/news/{i}/"]
        lines = result.cleaned_text.splitlines()
        assert f"{NAMES[i]} joins the centre" in lines, lines
        assert "Standard" not in lines, lines
        # the word in a sentence of the post stays
        assert "uses the standard methods" in " ".join(result.cleaned_text.split())
        labels = [r for r in result.removed if r.path.endswith("span.entry-format.genericon")]
        assert [r.detector for r in labels] == ["label"], result.removed
    for n in range(2, 5):
        lines = blog[f"https://lab.example/seminars/page/{n}/"].cleaned_text.splitlines()
        assert "Standard" not in lines, lines
    name, rule, reason = removal_reason("label", "heading label")
    assert rule == "label after a heading" and "one word" in reason


def test_a_word_after_a_heading_on_one_page_stays() -> None:
    pages = [_post_page(i) for i in range(12)]
    own = _post(12).replace(
        '<span class="entry-format genericon">Standard</span>', "<span>Interview</span>"
    )
    pages.append(
        Page(url="https://lab.example/news/12/", html=_frame("single", f"x | {SITE}", own))
    )
    results = list(DomainCleaner().fit(pages).transform(pages))
    assert "Interview" in results[-1].cleaned_text.splitlines()
