"""A manual written as Gri's Texinfo-to-HTML script writes it: a top banner table whose first
cell lists the chapters and whose second cell opens on an image map of navigation arrows
(`area` elements, each with its `coords`, `shape`, `alt` and `href`: top, up, previous, next,
fewer where there is no such page) and then holds the whole page: its title (an h1 for a
chapter, an h2 for a section, an h3 for a command, whose sub-commands are h4 headings), a
menu (`<ul><li><a>Name</a>: what it is`), running text with lists of its own (hints with a
link inside a sentence, release notes' bug numbers), and an index page whose entries say
'... see' before their link. The front page has one area (next), and a few pages write their
map's areas in another order."""

from __future__ import annotations

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.selectors import SiteIndex

SITE = "http://manual.local/"

TOP = "5,2,218,24"
UP = "516,2,532,24"
PREV = "557,2,573,24"
NEXT = "581,2,599,24"

CHAPTERS = ["Introduction", "Simple example", "Invocation", "Commands", "Programming", "History"]


def _area(coords: str, target: str, alt: str) -> str:
    return f'<area alt="{alt}" shape="rect" coords="{coords}" href="{target}">\n'


def _map(name: str, areas: list[tuple[str, str, str]]) -> str:
    return f'<map name="{name}">\n' + "".join(_area(*a) for a in areas) + "</map>\n"


def _menu(entries: list[tuple[str, str]]) -> str:
    return (
        "<UL>\n"
        + "".join(
            f'<LI><a href="{target}#{target[:-5]}">{name}</a>: {name.lower()} in short\n'
            for name, target in entries
        )
        + "</UL>\n"
    )


def pages(commands: frozenset[str] = frozenset()) -> list[tuple[str, str, str, str]]:
    """(file name, title tag, title, body after the map) of every page, in reading order; the
    sections of the chapters named in ``commands`` are command pages (an h3 title)."""
    out: list[tuple[str, str, str, str]] = []
    for c, name in enumerate(CHAPTERS, 1):
        stem = name.replace(" ", "")
        sections = [(f"{stem} part {k}", f"{stem}{k}.html") for k in range(1, 3 + c % 3)]
        body = f"<p>\n{name} is a chapter of this manual.\n<p>\n" + _menu(sections)
        out.append((f"{stem}.html", "h1", f"{c}: {name}", body))
        for k, (sec, file) in enumerate(sections, 1):
            if name in commands:
                body = f"<p>\nThe `{sec.lower()}' command does one thing.\n"
                out.append((file, "h3", f"{c}.{k}: `{sec.lower()}'", body))
                continue
            if k == 1 and c % 2 == 0:
                # hints: a list in running text, one of its entries with a link in a sentence
                body = (
                    "\nHere are some hints:\n<ul>\n<li>\nCheck the axes first.\n"
                    f'<li>\nIf it still fails, consult the online help (see <a href="Help{c}.html'
                    f'#Help">Online Help</a>).\n</li>\n<li>\nRerun with tracing on.\n</ul>\n'
                )
            elif k == 2 and c % 3 == 0:
                # a command with sub-commands: a menu, then an h4 for each sub-command
                subs = [(f"{sec} option {j}", f"{file[:-5]}o{j}.html") for j in range(1, 4)]
                body = "<p>\nThis command has options.\n<p>\n" + _menu(subs)
                body += "".join(
                    f"<h4>{c}.{k}.{j}: `{s}'</h4>\n<p>\nAbout {s}.\n"
                    for j, (s, _f) in enumerate(subs, 1)
                )
                out.append((file, "h3", f"{c}.{k}: `{sec.lower()}'", body))
                continue
            else:
                body = f"<p>\nThe text of {sec}.\n"
            out.append((file, "h2", f"{c}.{k}: {sec}", body))
    # release notes: each version's bug numbers, in running text
    for v in (8, 10):
        bugs = "".join(
            "<ul>\n<li>\nFix SourceForge bug\n"
            f'<a href="http://sourceforge.net/tracker/index.php?func=detail&aid={4800 + v * 10 + b}">\n'
            f"#{4800 + v * 10 + b}\n</a>\n(minor)\n</ul>\n"
            for b in range(2)
        )
        out.append((f"Version_2_{v}.html", "h2", f"13.{v}: Version 2.{v}", bugs))
    # the index: '... see' before each entry's link
    entries = "".join(
        f'<li>\n {name.lower()} command\n ... see <a href="{name.replace(" ", "")}.html#X">{name}</a>\n'
        for name in CHAPTERS
    )
    out.append(("ConceptIndex.html", "h1", "Concept Index", f"<ul>\n{entries}</ul>\n"))
    return out


def page_html(i: int, all_pages: list[tuple[str, str, str, str]]) -> str:
    file, tag, title, body = all_pages[i]
    prev = all_pages[i - 1] if i > 0 else ("index.html", "", "", "")
    nxt = all_pages[i + 1] if i + 1 < len(all_pages) else None
    areas = [(TOP, "index.html#Top", "index.html#Top"), (UP, "index.html#Top", "index.html#Top")]
    areas.append((PREV, prev[0], f"Manual: {prev[2]}" if prev[2] else ""))
    if nxt is not None:
        areas.append((NEXT, nxt[0], f"Manual: {nxt[2]}"))
    if i % 7 == 3:
        areas.reverse()  # written in another order: the arrows' places, not their rank, say which
    chapters = "".join(
        f'&nbsp;&nbsp;<a href="{n.replace(" ", "")}.html">{k}: {n}</a><br>\n'
        for k, n in enumerate(CHAPTERS, 1)
    )
    return (
        '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">\n<html>\n<head>\n'
        f"<title>Manual: {title}</title>\n</head>\n"
        '<body bgcolor="#FFFFFF" text="#000000">\n'
        f'<a name="{file[:-5]}" ></a>\n'
        '<img src="./resources/top_banner.gif" alt="navigation map" usemap="#navigate_top" border="0">\n'
        '<table summary="top banner" border="0" cellspacing="0" cellpadding="0">\n<tr>\n'
        f'<td width="150" valign="top">\n<font size=-1>\n<br>\nChapters:\n<br>\n{chapters}</font>\n'
        '<td width="500" valign="top">\n'
        + _map("navigate_top", areas)
        + _map("navigate_bottom", [a for a in areas if a[0] in (TOP, NEXT)])
        + f"<{tag}>{title}</{tag}>\n{body}\n</table>\n</body>\n</html>\n"
    )


def front_page(first: tuple[str, str, str, str], heading: bool = False) -> str:
    """The front page: one area (the next page's), no title heading or (``heading``) the
    program's name in an h2 of its own."""
    name = "<h2>The graphing language</h2>\n" if heading else ""
    return (
        "<html>\n<head>\n<title>The manual</title>\n</head>\n<body>\n<p>\n"
        '<a name="Top" ></a>\n'
        '<img src="./resources/top_banner.gif" alt="navigation map" usemap="#navigate_top" border="0">\n'
        '<table summary="top banner" border="0" cellspacing="0" cellpadding="0">\n<tr>\n'
        '<td width="150" valign="top">\n<font size=-1>\nChapters:\n</font>\n'
        '<td width="500" valign="top">\n'
        + _map("navigate_top", [(NEXT, first[0], first[2].split(": ", 1)[1])])
        + _map("navigate_bottom", [(NEXT, first[0], first[2].split(": ", 1)[1])])
        + f"{name}<p>\nThis manual describes the program.\n</table>\n</body>\n</html>\n"
    )


def site(
    commands: frozenset[str] = frozenset(), front_heading: bool = False
) -> tuple[list[str], list[str]]:
    """The manual's URLs and HTML, the front page first."""
    all_pages = pages(commands)
    urls = [f"{SITE}index.html"] + [f"{SITE}{p[0]}" for p in all_pages]
    html = [front_page(all_pages[0], front_heading)] + [
        page_html(i, all_pages) for i in range(len(all_pages))
    ]
    return urls, html


def index(commands: frozenset[str] = frozenset(), front_heading: bool = False) -> SiteIndex:
    urls, html = site(commands, front_heading)
    return SiteIndex(urls, [parse_html(h) for h in html])


def url(name: str) -> str:
    return f"{SITE}{name}"
