"""A manual written the way Texinfo's older HTML converters write one, for repair tests: every
page a frame (an image map of navigation arrows, a table whose first cell lists the chapters),
its title the content cell's first heading, a "menu" (an upper-case ``UL`` whose entries each
start with a link to a section, then a colon and a description) after the introduction of
chapters and of some sections, and other lists further down: links inside sentences under a
section's heading, an index's entries, a release's fixed bugs under its sub-headings.

``manual()`` gives the pages; ``without_menus``, ``wrapped`` and ``arrows_reversed`` change
them as a site's new layout would (its menus dropped; the arrows, the first heading and each
menu put in a ``div`` of its own class; the arrows of each map in the opposite order)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.repair import learn_template
from deboiler_gui.engine.template.valuerepair import learn_absent_missed, learn_values

BASE = "https://manual.example/"
SITE = "manual.example"

TITLE = "//table[@summary='top banner']//*[self::h1 or self::h2 or self::h3 or self::h4]"
MENU = "//table[@summary='top banner']/tr/td[2]/ul[1]/li/a"
PREV = "//map[@name='navigate_top']/area[3]/@href"

CHAPTERS = [
    "Getting Started",
    "Drawing Curves",
    "Contour Plots",
    "Image Plots",
    "Commands",
    "Programming",
    "Environment",
    "Emacs Mode",
    "History",
]
SECTIONS = [
    "Overview",
    "Reading Data",
    "Options",
    "Examples",
]
WORDS = ["axis", "grid", "colour", "label", "scale", "symbol", "column", "image"]


def _name(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]", "", text.title())


def _frame(title: str, name: str, up: str, prev: str, nxt: str, content: str) -> str:
    chapters = "".join(
        f"&nbsp;&nbsp;<a href='{_name(c)}.html'>{i + 1}: {c}</a><br>\n"
        for i, c in enumerate(CHAPTERS)
    )
    arrows = [
        '<area alt="index.html#Top" shape="rect" coords="5,2,218,24" href="index.html#Top">',
        f'<area alt="{up}" shape="rect" coords="516,2,532,24" href="{up}">',
    ]
    if prev:
        arrows.append(
            f'<area alt="Manual: {prev}" shape="rect" coords="557,2,573,24" href="{prev}">'
        )
    if nxt:
        arrows.append(f'<area alt="Manual: {nxt}" shape="rect" coords="581,2,599,24" href="{nxt}">')
    top = "\n".join(arrows)
    return (
        '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">\n<html>\n<head>\n'
        f'<title>Manual: {title}</title>\n</head>\n<body bgcolor="#FFFFFF">\n'
        f'<a name="{name}"></a>\n'
        '<img src="./resources/top_banner.gif" alt="navigation map" usemap="#navigate_top">\n'
        '<table summary="top banner" border="0" cellspacing="0" cellpadding="0">\n<tr>\n'
        f'<td width="150" valign="top">\n<font size=-1>\n<br>\nChapters:\n<br>\n{chapters}'
        "</font>\n"
        '<td width="500" valign="top">\n'
        f'<map name="navigate_top">\n{top}\n</map>\n'
        '<map name="navigate_bottom">\n'
        '<area alt="index.html#Top" shape="rect" coords="5,2,218,24" href="index.html#Top">\n'
        "</map>\n"
        f"{content}\n</table>\n"
        '<img src="./resources/bottom_banner.gif" alt="navigation map" usemap="#navigate_bottom">\n'
        "</body>\n</html>\n"
    )


def _menu(page: str, entries: list[tuple[str, str]]) -> str:
    items = "".join(
        f'<LI><a href="{target}#{_name(label)}">{label}</a>: how to work with {label.lower()}\n'
        for label, target in entries
    )
    return f"<UL>\n{items}</UL>\n"


def _prose_list(i: int, links: list[tuple[str, str]]) -> str:
    items = "".join(
        f'<li>\nTo change the {WORDS[(i + k) % len(WORDS)]}, see <a href="{t}">{label}</a>, '
        f"and then try again.\n"
        for k, (label, t) in enumerate(links)
    )
    return f"<ul>\n{items}</ul>\n"


def manual() -> list[Page]:
    """The manual's pages: a front page, chapters (each with a menu of its sections and a
    section of its own whose list links in sentences), their sections (an overview with a menu
    of its parts and such a list, a page of data with the list alone, two pages of text), the
    parts (text), a section with two menus, a FAQ set out without the frame (its menus are no
    field's), two index pages and three release notes (their fixed bugs under sub-headings)."""
    order: list[tuple[str, str, str]] = []  # (file, title, body)
    chapter_files = [f"{_name(c)}.html" for c in CHAPTERS]
    front = _menu("index.html", [(c, f) for c, f in zip(CHAPTERS, chapter_files, strict=True)])
    order.append(("index.html", "Top", f"<h1>Manual</h1>\n<p>\nThis is the manual.\n<p>\n{front}"))
    for ci, chapter in enumerate(CHAPTERS, 1):
        cfile = chapter_files[ci - 1]
        secs = [(f"{chapter} {s}", f"{_name(chapter)}{_name(s)}.html") for s in SECTIONS]
        others = [
            (CHAPTERS[(ci + k) % len(CHAPTERS)], chapter_files[(ci + k) % len(CHAPTERS)])
            for k in range(1, 4)
        ]
        body = (
            f"<h1>{ci}: {chapter}</h1>\n\n\nThis chapter is about {chapter.lower()}.\n<p>\n\n"
            + _menu(cfile, secs)
            + f'\n<a name="{_name(chapter)}Intro"></a>\n<h2>{ci}.0: About {chapter}</h2>\n\n'
            f"Some words on {chapter.lower()}.\n" + _prose_list(ci, others)
        )
        order.append((cfile, chapter, body))
        for si, (title, sfile) in enumerate(secs, 1):
            parts = [(f"{title} Part {k}", f"{sfile[:-5]}Part{k}.html") for k in (1, 2)]
            if si == 1:
                body = (
                    f"<h2>{ci}.{si}: {title}</h2>\n\nHow {title.lower()} works.\n<p>\n\n"
                    + _menu(sfile, parts)
                    + f"<h3>{ci}.{si}.1: Details</h3>\n\nMore on it.\n"
                    + _prose_list(ci + si, others[:2])
                )
            else:
                body = (
                    f"<h2>{ci}.{si}: {title}</h2>\n\nHow {title.lower()} works, "
                    f"with the {WORDS[ci % len(WORDS)]} and the {WORDS[si]}.\n<p>\n"
                )
            order.append((sfile, title, body))
            if si == 1:
                for k, (ptitle, pfile) in enumerate(parts, 1):
                    body = f"<h3>{ci}.{si}.{k}: {ptitle}</h3>\n\nWhat {ptitle.lower()} does.\n"
                    order.append((pfile, ptitle, body))
    opened = [("Opening Files", "Open.html"), ("Opening Pipes", "Open.html")]
    kinds = [("Ascii Files", "Open.html"), ("Binary Files", "Open.html")]
    order.append(
        (
            "Open.html",
            "open",
            "<h3>5.9: open</h3>\n\nOpen a file.\n<p>\n"
            + _menu("Open.html", opened)
            + "<h4>5.9.1: Opening files</h4>\n\nFiles come in two kinds.\n<p>\n"
            + _menu("Open.html", kinds),
        )
    )
    for kind in ("Concept",):
        entries = "".join(
            f'<li><a href="{chapter_files[k % len(CHAPTERS)]}">{kind} {w}</a>\n'
            for k, w in enumerate(WORDS)
        )
        order.append(
            (f"{kind}Index.html", f"{kind} index", f"<h1>{kind} index</h1>\n<ul>\n{entries}</ul>\n")
        )
    for r in range(2):
        fixed = "".join(
            f'<li><a href="bug{r}{k}.html">#{4820 + 37 * r + k}</a>\n' for k in range(4)
        )
        order.append(
            (
                f"Version_1_{r}.html",
                f"Version 1.{r}",
                f"<h2>9.1.{r}: Version 1.{r}</h2>\n\nChanges in this release.\n"
                f"<h4>9.1.{r}.1: Version 1.{r}.1 [2002 Apr 0{r + 1}]</h4>\n\n<ul>\n{fixed}</ul>\n",
            )
        )
    names = [f for f, _t, _b in order]
    pages = []
    for i, (file, title, body) in enumerate(order):
        prev = names[i - 1] if i else ""
        nxt = names[i + 1] if i + 1 < len(names) else ""
        html = _frame(title, _name(title), "index.html#Top", prev, nxt, body)
        pages.append(Page(BASE + file, html))
    # Questions and answers set out without the frame: its menus are no field's.
    faq = "".join(
        f'<h2>Q{k}: About the {w}</h2>\n<UL>\n<LI><a href="FAQ.html#Q{k}">Q{k}</a>: the '
        "answer\n</UL>\n"
        for k, w in enumerate(WORDS[:4], 1)
    )
    pages.append(
        Page(
            BASE + "FAQ.html",
            f"<html><head><title>Manual: FAQ</title></head><body><h1>FAQ</h1>\n{faq}</body></html>",
        )
    )
    return pages


def template() -> Template:
    return Template(
        "manual",
        site=SITE,
        fields=(
            Field("title", xpaths=(TITLE,)),
            Field("menu", xpaths=(MENU,), is_list=True),
            Field("prev_href", xpaths=(PREV,)),
        ),
        use_cleaner=False,
    )


_MENU = re.compile(r"^<UL>\n.*?^</UL>\n?", re.S | re.M)


def without_menus(html: str) -> str:
    """Every menu removed."""
    return _MENU.sub("", html)


def wrapped(html: str) -> str:
    """The top arrows, the first heading and each menu put in a ``div`` of their own."""
    html = re.sub(
        r'(<map name="navigate_top">.*?</map>)', r'<div class="nav-wrap">\1</div>', html, flags=re.S
    )
    html = re.sub(
        r"(<h([1-4])\b[^>]*>.*?</h\2>)", r'<div class="hd">\1</div>', html, count=1, flags=re.S
    )
    return re.sub(r"^(<UL>\n.*?^</UL>)", r'<div class="menu">\n\1\n</div>', html, flags=re.S | re.M)


def arrows_reversed(html: str) -> str:
    """The arrows of each image map in the opposite order."""

    def turn(m: re.Match[str]) -> str:
        areas = re.findall(r"<area\b[^>]*>", m.group(2))
        return m.group(1) + "\n" + "\n".join(reversed(areas)) + "\n" + m.group(3)

    return re.sub(r'(<map name="navigate_(?:top|bottom)">)(.*?)(</map>)', turn, html, flags=re.S)


def changed(pages: list[Page], change: object) -> list[Page]:
    return [Page(p.url, change(p.html)) for p in pages]  # type: ignore[operator]


def learned(pages: list[Page], names: Sequence[str] = (), base: Template | None = None) -> Template:
    """``base`` (the manual's template) learned as ``templates learn`` learns it, over the
    pages; the values kept on the pages whose names hold one of ``names`` (all when none)."""
    t, _missed = learn_absent_missed(learn_template(base or template(), pages[:20]), pages)
    sample = [p for p in pages if not names or any(n in p.url for n in names)]
    return learn_values(t, sample)
