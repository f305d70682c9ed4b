"""An API reference of the Javadoc kind: each class page opens with a header block (the
package's name over "Class X") right before the block of the class's text, and its title
names the class before the library's name in parentheses; on some pages the members'
details hold most of the text, and the content is found there. Its own lines that other class
pages say too (the version and author lines, the members inherited from a shared
superclass) sit in the middle of the class's text."""

from __future__ import annotations

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.clean.cleaning import _names_page, _title_headings, _title_name
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page

CLASSES = [
    ("trowel", "Trowel", "Class", "A hand tool that digs small holes for bulbs and seedlings."),
    ("trowel", "Dibber", "Class", "A pointed stick that makes holes for seeds in soft soil."),
    ("trowel", "Spade", "Class", "A flat blade on a long handle that turns over the soil."),
    ("trowel", "Planter", "Interface", "Anything that puts a plant into the ground by a rule."),
    ("water", "Sprinkler", "Class", "Waters a lawn in circles at a rate set by the gardener."),
    ("water", "Hose", "Class", "Carries water from the tap to the far end of the garden bed."),
    ("water", "WateringCan", "Class", "Carries a few litres to the pots on the balcony."),
    ("water", "Nozzle", "Interface", "Shapes the jet of water that leaves a hose or a can."),
]

NAV = (
    '<nav class="topNav"><ul><li><a href="../overview.html">Overview</a></li>'
    '<li><a href="package-summary.html">Package</a></li><li>Class</li>'
    '<li><a href="../tree.html">Tree</a></li><li><a href="../index-all.html">Index</a></li>'
    '<li><a href="../help.html">Help</a></li></ul></nav>'
)


#: the classes whose member details hold most of their page's text
DETAILED = (1, 2, 5, 6)


def _details(name: str) -> str:
    entries = "".join(
        f'<li class="blockList"><h4>{name.lower()}Step{j}</h4><div class="block">Step {j}: '
        + "it turns the soil over and leaves it loose for the roots. " * 3
        + "</div></li>"
        for j in range(8)
    )
    return f'<div class="details"><ul class="blockList">{entries}</ul></div>'


def _class_page(k: int) -> Page:
    package, name, kind, text = CLASSES[k]
    details = _details(name) if k in DETAILED else ""
    members = "".join(
        f'<tr><td><code><a href="#m{j}">{name.lower()}Step{j}</a>()</code></td>'
        f"<td>Step {j} of {name}: {text.lower()} It returns when the step {j} is done.</td></tr>"
        for j in range(3)
    )
    html = f"""<html><head><title>{name} (Garden Kit 2.0 API)</title></head><body>
<header>{NAV}</header>
<main role="main">
<div class="header"><div class="summary"><a href="#methods">Methods</a></div>
<div class="subTitle"><span class="packageLabel">Package</span>&nbsp;<a
href="package-summary.html">org.garden.kit.{package}</a></div>
<h2 title="{kind} {name}" class="title">{kind} {name}</h2></div>
<div class="contentContainer">
<div class="description"><ul class="blockList"><li class="blockList">
<dl><dt>All Known Subclasses:</dt><dd><code><a href="Small{name}.html">Small{name}</a>,
<a href="Large{name}.html">Large{name}</a></code></dd></dl>
<pre>public {kind.lower()} {name}</pre>
<div class="block">{text} Use it with care: the {name} is described here at some length so
that the page has text of its own.</div>
<dl><dt><span class="simpleTagLabel">Version:</span></dt><dd>$Revision: 1201 $ $Date:
2019-05-02 12:46:46 $</dd><dt><span class="simpleTagLabel">Author:</span></dt><dd>Ann
Gardener</dd></dl>
</li></ul></div>
<div class="summary"><ul class="blockList"><li class="blockList">
<section><h3>Nested Class Summary</h3><h3>Nested classes inherited from class
org.garden.kit.<a href="../Tool.html">Tool</a></h3><code><a href="../Tool.Handle.html">Tool.Handle</a>,
<a href="../Tool.Blade.html">Tool.Blade</a></code></section>
<section><h3>Method Summary</h3><table class="memberSummary">{members}</table></section>
</li></ul></div>
{details}</div>
</main>
<footer>{NAV}<p class="legalCopy">Copyright 2019 The Garden Kit authors.</p></footer>
</body></html>"""
    return Page(url=f"https://kit.example/api/org/garden/kit/{package}/{name}.html", html=html)


def test_the_class_heading_and_its_package_line_stay() -> None:
    pages = [_class_page(k) for k in range(len(CLASSES))]
    cleaner = DomainCleaner().fit(pages)
    for page, result in zip(pages, cleaner.transform(pages), strict=True):
        package, name, kind, _text = next(c for c in CLASSES if f"/{c[1]}.html" in page.url)
        lines = result.cleaned_text.splitlines()
        assert lines[:2] == [f"Package org.garden.kit.{package}", f"{kind} {name}"], (
            page.url,
            lines[:3],
        )
        assert "Overview" not in result.cleaned_text  # the navigation still goes
        assert "Methods" not in lines  # and so does the page's own contents in its head
        assert "Copyright 2019" not in result.cleaned_text


def test_lines_other_class_pages_say_too_stay_in_the_class_text() -> None:
    pages = [_class_page(k) for k in range(len(CLASSES))]
    cleaner = DomainCleaner().fit(pages)
    for k, result in enumerate(cleaner.transform(pages)):
        if k in DETAILED:
            continue  # the content found is the member details: the class's text is beside it
        page = pages[k]
        text = " ".join(result.cleaned_text.split())
        assert "Version: $Revision: 1201 $" in text, page.url
        assert "Author: Ann Gardener" in text, page.url
        assert "Nested classes inherited from class org.garden.kit.Tool" in text, page.url
        assert "Tool.Handle, Tool.Blade" in text, page.url


def test_a_heading_that_names_the_page_with_its_kind() -> None:
    assert _title_name("CoreOperationEqual (Commons JXPath 1.3 API)") == ["coreoperationequal"]
    assert _title_name("Tools and tips") == []
    assert _names_page(["class", "coreoperationequal"], ["coreoperationequal"])
    assert _names_page(["annotation", "type", "deprecated"], ["deprecated"])
    # more than the page's kind beside the name, or a kind with digits: not the page's name
    assert not _names_page(["more", "about", "the", "spade"], ["spade"])
    assert not _names_page(["class", "2", "spade"], ["spade"])
    assert not _names_page(["hoe"], ["hoe"])  # too short to tell

    root = parse_html(
        "<html><head><title>Pair (Garden Kit 2.0 API)</title></head><body>"
        '<div class="header"><h2 class="title">Class Pair&lt;K, V&gt;</h2></div>'
        '<div id="main"><p>Text.</p></div><div id="side"><h3>Other classes like Pair in the'
        " kit</h3></div></body></html>"
    )
    heads = [h.text for h in _title_headings(root, root.xpath("//div[@id='main']")[0])]
    assert heads.count("Class Pair<K, V>") == 1
    assert not any(h and h.startswith("Other classes") for h in heads)
