"""Pages of a gi-docgen API reference shaped as JSON-GLib's (`/usr/share/doc/json-glib-1.0`): a
sidebar, then `section#main` whose header holds the page's kind (`h3`: 'Class', 'Method',
'Function') and its name (`h1`: the namespace link, the owner's link and the name; a class
page's `h1[@aria-label='Name']`); a function's parameters in `table.arguments`, a row
`tr.arg-name` per parameter with its name in the first cell and its type in the second (a
link when the type is documented, plain `code` when not), then `tr.arg-description`; a class
page's contents `ul.toc-list` beside the section; guide pages (`json-gboxed.html`) with a
heading and text only."""

from __future__ import annotations

from deboiler_gui.engine.model import Page

SITE = "json-glib.local"
#: Types documented on the site (their cells are links); the others are plain `code`.
LINKED = {"JsonArray", "JsonNode", "JsonObject"}


def _sidebar() -> str:
    return (
        "<nav class='sidebar'><div class='section'><h3><a href='index.html'>Json</a></h3>"
        "<p>API Version: 1.0</p></div></nav>"
    )


def _page(name: str, title: str, main: str, aside: str = "") -> Page:
    return Page(
        f"http://{SITE}/{name}.html",
        f"<html><head><title>{title}</title></head><body><div id='body-wrapper'>"
        f"{_sidebar()}<section id='main' class='content'>{main}</section>{aside}"
        "</div></body></html>",
    )


def _arguments(params: list[tuple[str, str]]) -> str:
    rows = []
    for pname, ptype in params:
        cell = (
            f"<a href='struct.{ptype[4:]}.html'><code>{ptype}</code></a>"
            if ptype in LINKED
            else f"<code>{ptype}</code>"
        )
        rows.append(
            f"<tr class='arg-name'><td><code>{pname}</code></td><td>{cell}</td></tr>"
            f"<tr class='arg-description'><td> </td><td><p>The {pname}.</p></td></tr>"
        )
    return (
        "<div class='parameters toggle-wrapper'><h4 id='parameters'>Parameters</h4>"
        f"<div class='docblock'><table class='arguments'>{''.join(rows)}</table></div></div>"
    )


def function_page(
    kind: str, owner: str, fname: str, params: list[tuple[str, str]], *, since: str = ""
) -> Page:
    """A function's page (kind 'method', 'func', 'ctor', 'vfunc'), its parameters' names and
    types."""
    owner_link = (
        f"<a href='class.{owner}.html'>{owner}</a><span class='sep'></span>" if owner else ""
    )
    since_table = (
        f"<table><tr><td>Available since:</td><td>{since}</td></tr></table>" if since else ""
    )
    name = f"{kind}.{owner + '.' if owner else ''}{fname}"
    return _page(
        name,
        f"Json.{owner + '.' if owner else ''}{fname}",
        f"<header><h3>{kind.capitalize()}</h3>"
        f"<h1><a href='index.html'>Json</a><span class='sep'></span>{owner_link}{fname}</h1>"
        "</header><div class='docblock'><h4 id='description'>Description</h4>"
        f"<p>What {fname} does.</p>{since_table}</div>{_arguments(params)}",
    )


def class_page(cname: str, methods: list[str]) -> Page:
    """A class's page: its name in `h1[@aria-label='Name']`, its methods, its contents."""
    links = "".join(
        f"<li><a class='method' href='method.{cname}.{m}.html'>{m}</a></li>" for m in methods
    )
    toc = "".join(
        f"<li class='toc-list-item'><a href='#{s.lower()}'><span>{s}</span></a></li>"
        for s in ("Description", "Ancestors", "Methods")
    )
    return _page(
        f"class.{cname}",
        f"Json.{cname}",
        "<header><h3>Class</h3><h1 aria-label='Name'><a href='index.html'>Json</a>"
        f"<span class='sep' role='presentation'></span>{cname}</h1></header>"
        f"<div class='docblock'><h4 id='description'>Description</h4><p>A {cname}.</p></div>"
        f"<h4 id='methods'>Methods</h4><ul>{links}</ul>",
        f"<div class='toc'><ul class='toc-list'>{toc}</ul></div>",
    )


def guide_page(name: str, title: str) -> Page:
    """A guide page: its heading and text, no kind, no header."""
    return _page(name, title, f"<h1 id='{name}'>{title}</h1><p>How to use {title}.</p>")


#: Parameters of the functions: names and types, the types linked when documented.
_TYPES = ["JsonArray", "guint", "JsonNode", "gpointer", "const char*", "JsonObject", "gboolean"]


def site(methods: int = 24, funcs: int = 8, classes: int = 4) -> list[Page]:
    """Class pages, their methods' pages, free functions and three guide pages: each
    function with one to four parameters, some types plain `code` in the type cell."""
    pages: list[Page] = []
    owners = [f"Thing{c}" for c in range(classes)]
    for c, owner in enumerate(owners):
        own = [f"do_{m}" for m in range(methods) if m % classes == c]
        pages.append(class_page(owner, own))
        for m in own:
            k = int(m.rsplit("_", 1)[1])
            # the instance first (a type of the namespace's own, documented or not), then
            # none to two more
            params = [("self", "JsonObject" if c % 2 else f"Json{owner}*")] + [
                (f"arg{j}", _TYPES[(k + j) % len(_TYPES)]) for j in range(k % 3)
            ]
            pages.append(
                function_page("method", owner, m, params, since=f"1.{k % 5}" if k % 2 else "")
            )
    for f in range(funcs):
        params = [(f"value{j}", _TYPES[(f * 2 + j) % len(_TYPES)]) for j in range(1 + f % 4)]
        pages.append(function_page("func", "", f"helper_{f}", params, since=f"0.{f}"))
    for name, title in (
        ("json-gboxed", "Serializing GBoxed Types"),
        ("json-gobject", "Serializing GObject Types"),
        ("json-gvariant", "Serializing GVariant Types"),
    ):
        pages.append(guide_page(name, title))
    return pages


__all__ = ["LINKED", "SITE", "class_page", "function_page", "guide_page", "site"]
