"""A small generated site for the template tests: articles with a volatile post id, a dated
byline, a tag list, a spec table of records, navigation and footer boilerplate."""

from __future__ import annotations

from deboiler_gui.engine.model import Page

SITE = "shop.example"


_WORDS = [
    "gear",
    "spring",
    "lever",
    "bolt",
    "socket",
    "hinge",
    "pulley",
    "axle",
    "crank",
    "valve",
    "piston",
    "rotor",
    "spindle",
    "flange",
    "washer",
    "bracket",
]


def _prose(seed: int) -> str:
    """Different prose on every page, so the cleaner sees it as content, not boilerplate."""
    words = [_WORDS[(seed * 7 + k * k * 3 + k * seed) % len(_WORDS)] for k in range(18)]
    return " ".join(words).capitalize() + "."


def article_html(i: int, *, tags: int = 3, mutate: str = "") -> str:
    title = f"Article number {i}: on widgets"
    nav = '<div id="nav" class="menu"><a href="/">Home</a> <a href="/about">About</a> <a href="/news">News</a></div>'
    tag_items = "".join(f'<li><a href="/tag/t{i}-{k}">tag {i}-{k}</a></li>' for k in range(tags))
    rows = "".join(
        f'<tr><td class="k">key{k}</td><td class="v">{i * 10 + k}</td></tr>' for k in range(3)
    )
    head = f'<h1 class="headline">{title}</h1>'
    byline = f'<p class="byline"><span class="label">Published:</span> <span class="date">2024-05-{(i % 28) + 1:02d}</span></p>'
    body = f'<div class="body"><p>First paragraph of article {i} about widgets. {_prose(i)}</p><p>Second paragraph {i}, still real content. {_prose(i + 100)}</p></div>'
    article_cls = "article"
    if mutate == "rename":  # classes and ids renamed by a redesign
        head = head.replace("headline", "title-xl")
        byline = byline.replace("byline", "meta").replace('class="date"', 'class="when"')
        body = body.replace('class="body"', 'class="content"')
        article_cls = "post"
    elif mutate == "wrap":  # every block wrapped in an extra div
        head, byline, body = (f'<div class="wrap">{x}</div>' for x in (head, byline, body))
    elif mutate == "reorder":  # byline moved above the headline, menu moved below the article
        head, byline = byline, head
    top, bottom = (nav, "") if mutate != "reorder" else ("", nav)
    return f"""<html><head><title>{title} | Shop</title></head><body>
{top}
<div id="post-{1000 + i}" class="{article_cls} s{i}x9f3a">
{head}
{byline}
{body}
<ul class="tags">{tag_items}</ul>
<table class="specs">{rows}</table>
</div>
{bottom}
<div id="footer">Copyright Shop example. <a href="https://ads.example/x">sponsor</a></div>
</body></html>"""


def pages(n: int = 6, **kw: object) -> list[Page]:
    return [
        Page(url=f"https://{SITE}/news/2024/article-{i}.html", html=article_html(i, **kw))
        for i in range(1, n + 1)
    ]  # type: ignore[arg-type]
