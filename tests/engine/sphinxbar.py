"""Pages of a Sphinx manual shaped as Clang's: a header with the manual's name (`h1`) and the
page's title (`h2`), a top and a bottom bar `« previous :: Contents :: next »` whose first
link is 'Contents' where a page has no previous page, and the content block between them."""

from __future__ import annotations

from deboiler_gui.engine.model import Page


def bar(where: str, prev: str, nxt: str) -> str:
    """A Sphinx bar (`div.topnav` / `div.bottomnav`) with its links; '' for none."""
    links = []
    if prev:
        links.append(f"«&#160;&#160;<a href='{prev}.html'>{prev} Guide</a>")
    links.append("<a class='uplink' href='index.html'>Contents</a>")
    if nxt:
        links.append(f"<a href='{nxt}.html'>{nxt} Guide</a>&#160;&#160;»")
    sep = "\n&#160;&#160;::&#160;&#160;\n"
    return (
        f"<div class='{where}nav' role='navigation' aria-label='{where} navigation'>"
        f"<p>{sep.join(links)}</p></div>"
    )


def page(url: str, title: str, prev: str, nxt: str, body: str, *, manual: str) -> Page:
    """The page at ``url`` titled ``title`` in the manual named ``manual``."""
    return Page(
        url,
        f"<html><head><title>{title} — {manual}</title></head><body>"
        "<div class='header' role='banner'><h1 class='heading'><a href='index.html'>"
        f"<span>{manual}</span></a></h1>"
        f"<h2 class='heading'><span>{title}</span></h2></div>"
        f"{bar('top', prev, nxt)}"
        f"<div class='content' role='main'>{body}</div>"
        f"{bar('bottom', prev, nxt)}</body></html>",
    )
