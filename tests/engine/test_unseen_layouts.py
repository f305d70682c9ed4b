"""Layouts of sites the cleaner was not tuned on: a blog's attachment pages whose footer holds
more text than the page's content, a reference manual's short chapter headings."""

from __future__ import annotations

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.clean.cleaning import _title_headings
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page

NAMES = [
    "Alder",
    "Birch",
    "Cedar",
    "Dogwood",
    "Elm",
    "Fir",
    "Ginkgo",
    "Hazel",
    "Ivy",
    "Juniper",
    "Larch",
    "Maple",
    "Oak",
    "Pine",
    "Rowan",
    "Spruce",
    "Willow",
    "Yew",
]
FOOTER = (
    "The lab receives funding from the national science foundation and several partners. "
    "Powered by a blog engine with a theme by someone else, header image by a photographer."
)


def _blog_page(i: int, attachment: bool) -> Page:
    if attachment:
        body_class, kind = "attachment single", "attachment"
        content = (
            f'<div class="attachment"><a href="/up/{i}.jpg"><img src="/up/{i}.jpg"></a></div>'
            f'<div class="entry-caption"><p>The {NAMES[i]} grove at dawn from the hill</p></div>'
        )
    else:
        body_class, kind = "post single", "post"
        content = "".join(
            f"<p>Story {i} paragraph {k}: the group met to discuss topic {i * 7 + k} at length "
            "and wrote down what they found.</p>"
            for k in range(4)
        )
    html = f"""<html><head><title>Entry {i} | Lab</title></head>
<body class="{body_class}"><div id="page">
<header id="branding"><h2><a href="/">Lab</a></h2><nav><a href="/news">News</a>
<a href="/people">People</a></nav></header>
<div id="wrap"><div id="main"><div id="content">
<article id="post-{i}" class="{kind}"><header class="entry-header"><h1>{NAMES[i]} grove visit</h1>
</header><div class="single-entry-content">{content}</div></article></div></div></div>
<footer id="colophon"><p>{FOOTER}</p><a href="#page">Top</a></footer>
</div></body></html>"""
    return Page(url=f"https://lab.example/{kind}/{i:02d}/", html=html)


def test_a_page_footer_is_never_the_content_of_a_short_page() -> None:
    pages = [_blog_page(i, attachment=i % 3 == 0) for i in range(18)]
    cleaner = DomainCleaner().fit(pages)
    for i, result in enumerate(cleaner.transform(pages)):
        text = result.cleaned_text
        assert f"{NAMES[i]} grove visit" in text, result.url
        assert "Powered by" not in text, result.url
        assert "footer" not in result.content.get("path", ""), result.url
        if i % 3 == 0:
            # the photo's caption is the page's only text: the content, not a story's figure
            assert f"The {NAMES[i]} grove at dawn" in text, result.url


def test_a_short_heading_that_opens_the_title_is_the_pages_heading() -> None:
    root = parse_html(
        "<html><head><title>Utilities: Cairo: A Vector Graphics Library</title></head><body>"
        '<div class="chapter"><div class="titlepage"><h1>Utilities</h1></div>'
        '<div class="toc"><a href="a.html">Error handling</a></div></div></body></html>'
    )
    headed = _title_headings(root, None)
    assert [h.text for h in headed if h.tag == "h1"] == ["Utilities"]
    # a heading the title merely contains is not the page's
    root = parse_html(
        "<html><head><title>About the Utilities section of a long manual</title></head><body>"
        "<h1>Utilities</h1></body></html>"
    )
    assert not _title_headings(root, None)
