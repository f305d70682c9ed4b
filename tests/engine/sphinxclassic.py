"""Pages of a manual built with Sphinx's classic theme: a top and a bottom navigation bar
(`div.related`: 'index', 'next' and 'previous' links at the right, the top bar's with access
keys, then the breadcrumb `li.nav-item` items), the body (`div.body`, its `h1` with a `¶`
permalink), and a sidebar with the page's own contents under 'Table of Contents' (a nested
list: the page, then its sections) where the page has sections, the previous and next topics,
'This Page' and the search box. Changes as a redesign makes them: the sidebar's lists wrapped
in two divs, the access keys renamed, a notice with its own heading first in the body, an extra
first breadcrumb item."""

from __future__ import annotations

from deboiler_gui.engine.model import Page

SITE = "manual.example"
N = 40
WORDS = ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta")
TITLES = [f"The {w} module" for w in WORDS]


def title(i: int) -> str:
    return f"{TITLES[i % len(TITLES)]} part {i}"


def url(i: int) -> str:
    return f"https://{SITE}/{'ref/' if i % 3 else ''}topic{i}.html"


def sections(i: int) -> list[str]:
    """The page's sections: none on every third page (no contents in the sidebar)."""
    if i % 3 == 2:
        return []
    return [f"Using part {i} step {k}" for k in range(1, 2 + i % 4)]


def bar(i: int, *, keys: str, extra_crumb: bool) -> str:
    def key(k: str) -> str:
        return f' {keys}="{k}"' if keys else ""

    nxt, prev = (i + 1) % N, (i - 1) % N
    crumbs = [("index.html", "Widget 2.1 documentation")]
    if i % 3:
        crumbs.append(("ref/index.html", "Reference"))
    items = "".join(
        f'<li class="nav-item nav-item-{k}"><a href="{h}">{t}</a> &#187;</li>'
        for k, (h, t) in enumerate(crumbs)
    )
    if extra_crumb:
        items = (
            '<li class="nav-item nav-item-x"><a href="https://widget.example/">Widget.org</a>'
            " &#187;</li>" + items
        )
    return (
        '<div class="related" role="navigation" aria-label="related navigation">'
        "<h3>Navigation</h3><ul>"
        f'<li class="right" style="margin-right: 10px"><a href="genindex.html" '
        f'title="General Index"{key("I")}>index</a></li>'
        f'<li class="right"><a href="{url(nxt)}" title="{title(nxt)}"{key("N")}>next</a> |</li>'
        f'<li class="right"><a href="{url(prev)}" title="{title(prev)}"{key("P")}>previous</a>'
        " |</li>"
        f"{items}"
        f'<li class="nav-item nav-item-this"><a href="">{title(i)}</a></li>'
        "</ul></div>"
    )


def sidebar(i: int, *, wrap: bool) -> str:
    def wrapped(ul: str) -> str:
        return f'<div class="w2"><div class="w1">{ul}</div></div>' if wrap else ul

    secs = sections(i)
    toc = ""
    if secs:
        subs = "".join(
            f'<li><a class="reference internal" href="#s{k}">{s}</a></li>'
            for k, s in enumerate(secs)
        )
        toc = (
            '<div><h3><a href="index.html">Table of Contents</a></h3>'
            + wrapped(
                f'<ul><li><a class="reference internal" href="#">{title(i)}</a><ul>{subs}</ul>'
                "</li></ul>"
            )
            + "</div>"
        )
    nxt, prev = (i + 1) % N, (i - 1) % N
    return (
        '<div class="sphinxsidebar" role="navigation" aria-label="main navigation">'
        f'<div class="sphinxsidebarwrapper">{toc}'
        f'<div><h4>Previous topic</h4><p class="topless"><a href="{url(prev)}" '
        f'title="previous chapter">{title(prev)}</a></p></div>'
        f'<div><h4>Next topic</h4><p class="topless"><a href="{url(nxt)}" '
        f'title="next chapter">{title(nxt)}</a></p></div>'
        '<div role="note" aria-label="source link"><h3>This Page</h3>'
        + wrapped(
            f'<ul class="this-page-menu"><li><a href="_sources/topic{i}.rst.txt" '
            'rel="nofollow">Show Source</a></li></ul>'
        )
        + '</div><div id="searchbox" role="search"><h3 id="searchlabel">Quick search</h3>'
        '<form class="search" action="search.html" method="get"><input type="text" name="q"/>'
        '<input type="submit" value="Go"/></form></div></div></div>'
    )


def page(
    i: int,
    *,
    wrap: bool = False,
    keys: str = "accesskey",
    notice: bool = False,
    extra_crumb: bool = False,
) -> Page:
    """Page ``i`` of the manual, with the changes asked for."""
    body = "".join(
        f'<section id="s{k}"><h2>{s}<a class="headerlink" href="#s{k}">¶</a></h2>'
        f"<p>How {s.lower()} works, with the options it takes and what it returns.</p>"
        "</section>"
        for k, s in enumerate(sections(i))
    )
    note = (
        '<div class="admonition-note"><h1>Deprecated API notice</h1>'
        "<p>This page is kept for reference.</p></div>"
        if notice
        else ""
    )
    h1 = (
        f'<h1>{title(i)}<a class="headerlink" href="#" title="Permalink to this heading">¶</a></h1>'
    )
    return Page(
        url(i),
        f"<html><head><title>{title(i)} — Widget 2.1 documentation</title></head><body>"
        f"{bar(i, keys=keys, extra_crumb=extra_crumb)}"
        '<div class="document"><div class="documentwrapper"><div class="bodywrapper">'
        f'<div class="body" role="main">{note}<section id="top">{h1}'
        f"<p>What part {i} of the module does, in a paragraph long enough to be content.</p>"
        f"{body}</section></div></div></div>{sidebar(i, wrap=wrap)}"
        '<div class="clearer"></div></div>'
        f"{bar(i, keys='', extra_crumb=extra_crumb)}"
        '<div class="footer">&#169; Copyright the Widget authors.</div></body></html>',
    )


def pages(
    *, wrap: bool = False, keys: str = "accesskey", notice: bool = False, extra_crumb: bool = False
) -> list[Page]:
    return [page(i, wrap=wrap, keys=keys, notice=notice, extra_crumb=extra_crumb) for i in range(N)]
