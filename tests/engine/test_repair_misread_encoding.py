"""Repair of a title whose old rule covered two kinds of page (part pages with an ``h1`` heading
holding no-break spaces, widget pages with a ``span`` in a ``refnamediv``) after a layout change
that also saved the pages again under a misread encoding (UTF-8 read as Latin-1: 'Part I.' with
a no-break space now reads 'PartÂ I.'): the old rule under the new class names still gives
every page its title, the part pages' included, and never the banner's ``h1``."""

from __future__ import annotations

import lxml.html

from deboiler_gui.engine.htmltree import parse_html, to_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.valuerepair import (
    learn_absent,
    learn_values,
    repair_template_steps,
    unmangled,
)

SITE = "toolkit.example"
WIDGETS = [
    "GtkButton",
    "GtkLabel",
    "GtkWindow",
    "GtkEntry",
    "GtkBox",
    "GtkGrid",
    "GtkImage",
    "GtkScale",
    "GtkSwitch",
    "GtkSpinner",
    "GtkPaned",
    "GtkFrame",
]
PARTS = ["Overview", "Widgets and Objects", "Migrating"]
NUMERALS = ["I", "II", "III"]
NBSP = "\u00a0"


def _nav(here: str) -> str:
    return (
        "<table class='navigation'><tr><td><a accesskey='p' href='prev.html'>Prev</a></td>"
        f"<th>{here}</th><td><a accesskey='n' href='next.html'>Next</a></td></tr></table>"
    )


def widget_html(name: str) -> str:
    return (
        f"<html><body>{_nav('Reference')}<div class='refentry'>"
        f"<div class='refnamediv'><h2><span class='refentrytitle'>{name}</span></h2>"
        f"<p>{name} \u2014 a widget</p></div><div class='refsect1'><h2>Description</h2>"
        f"<p>What {name} does.</p></div></div></body></html>"
    )


def part_title(i: int) -> str:
    return f"Part{NBSP}{NUMERALS[i]}.{NBSP}{PARTS[i]}"


def part_html(i: int) -> str:
    entries = "".join(f"<dt><a href='{w}.html'>{w}</a></dt>" for w in WIDGETS[i : i + 3])
    return (
        f"<html><body>{_nav('Reference')}<div class='part'><div class='titlepage'><div>"
        f"<h1 class='title'><a name='p{i}'></a>{part_title(i)}</h1></div></div>"
        f"<div class='toc'><dl>{entries}</dl></div></div></body></html>"
    )


def index_html() -> str:
    return (
        f"<html><body>{_nav('Home')}<div class='book'><p>The reference manual.</p>"
        "</div></body></html>"
    )


BANNER = (
    "<div class='site-banner'><h1 class='title'>Developer Center</h1><p>An archived copy.</p></div>"
)


def change(html: str) -> str:
    """The new layout: classes renamed, every block of the body wrapped, a banner with an
    ``h1.title`` first; then the page saved again with its UTF-8 read as Latin-1."""
    root = parse_html(html)
    body = root.find("body")
    for el in root.iter():
        if isinstance(el.tag, str) and el.get("class"):
            el.set("class", " ".join(f"q-{c}" for c in el.get("class").split()))
    for el in [k for k in body if isinstance(k.tag, str)]:
        shell = lxml.html.Element("div")
        shell.set("class", "wrapper")
        body.replace(el, shell)
        shell.append(el)
    body.insert(0, lxml.html.fragment_fromstring(BANNER))
    return to_html(root).encode("utf-8").decode("latin-1")


def site(*, changed: bool = False) -> list[Page]:
    pages = [Page(f"https://{SITE}/{w}.html", widget_html(w)) for w in WIDGETS]
    pages += [Page(f"https://{SITE}/part{i}.html", part_html(i)) for i in range(len(PARTS))]
    pages.append(Page(f"https://{SITE}/index.html", index_html()))
    if changed:
        pages = [Page(p.url, change(p.html)) for p in pages]
    return pages


def expected(url: str) -> str:
    name = url.rsplit("/", 1)[-1].removesuffix(".html")
    if name == "index":
        return ""
    if name.startswith("part"):
        return " ".join(part_title(int(name[4:])).split())
    return name


def title_template() -> Template:
    return Template(
        "toolkit",
        site=SITE,
        fields=(
            Field(
                "title",
                xpaths=(
                    "(//*[self::h1 or self::h2 or self::span]"
                    "[contains(concat(' ', normalize-space(@class), ' '), ' title ')]"
                    " | //div[contains(concat(' ', normalize-space(@class), ' '), ' refnamediv ')]"
                    "//span)",
                ),
            ),
        ),
        use_cleaner=False,
    )


def test_misread_text_is_the_same_value() -> None:
    title = part_title(0)
    assert unmangled(title.encode("utf-8").decode("latin-1")) == "Part I. Overview"
    assert unmangled("GtkButton \u2014 a".encode("utf-8").decode("cp1252")) == "GtkButton \u2014 a"
    # White space collapsing turned the no-break space inside 'Â\xa0' into a plain space.
    assert unmangled("PartÂ I.Â Overview") == "Part I. Overview"
    # Text that is no misreading stays as it is.
    for text in ("café crème", "Straße", "日本語", "plain"):
        assert unmangled(text) == text


def test_a_title_of_two_kinds_of_pages_under_a_misread_encoding_is_repaired_on_both() -> None:
    template = title_template()
    before = {p.url: apply_template(p, template).values["title"] for p in site()}
    assert {u: " ".join(v.split()) for u, v in before.items()} == {
        p.url: expected(p.url) for p in site()
    }
    learned = learn_values(learn_absent(template, site()), site())
    changed = site(changed=True)
    # The old rule now takes the banner's heading first on every page.
    stale = apply_template(changed[0], template).values["title"]
    assert stale == "Developer Center"
    steps = repair_template_steps(changed, learned)
    try:
        while True:
            next(steps)
    except StopIteration as stop:
        found = stop.value
    fixed = found.accepted(learned)
    got = {p.url: apply_template(p, fixed).values["title"] for p in changed}
    # Every page has its title as the page now shows it (misread), the part pages included;
    # the home page, which had none, has none, and the banner is never taken.
    assert {u: unmangled(v) if v else "" for u, v in got.items()} == {
        p.url: expected(p.url) for p in changed
    }
    assert all("Developer Center" not in v for v in got.values())
