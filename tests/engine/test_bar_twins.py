"""The navigation bar the page lost, repeated over each section inside the content: which
copies go with it. The bar's words outside its links are read only for a block whose
structure and link labels already match; a block already holding a judged part is passed
over without walking its descendants."""

from __future__ import annotations

from typing import Any

from deboiler_gui.engine.clean.cleaning import _bar_twins, _chars_links
from deboiler_gui.engine.htmltree import parse_html

BAR = (
    '<div class="nav"><a href="{n}.html">Next</a> <a href="contents.html">Contents</a>'
    ' <a href="index.html">Index</a>{extra}</div>'
)


def _page() -> str:
    sections = [
        # a plain copy of the bar over a section: the bar's twin
        BAR.format(n="s2", extra="") + "<h2>Section one</h2><p>The first section's text.</p>",
        # the same structure and labels, with words of its own outside its links that the
        # bar does not say: the section's own line, not the bar
        BAR.format(n="s3", extra=" Read this first")
        + "<h2>Section two</h2><p>The second section's text.</p>",
        # a copy holding a part already judged (a link taken by another detector): passed over
        BAR.format(n="s4", extra="").replace('<a href="index.html"', '<a id="kept" href="x.html"')
        + "<h2>Section three</h2><p>The third section's text.</p>",
        # one link only: no bar
        '<div class="nav"><a href="s5.html">Next</a></div>'
        "<h2>Section four</h2><p>The fourth section's text.</p>",
    ]
    return (
        "<html><body>"
        + BAR.format(n="s1", extra="").replace('class="nav"', 'class="nav" id="top"')
        + '<div id="content">'
        + "".join(sections)
        + "</div></body></html>"
    )


def _twins(root: Any, out: list[Any], content: Any) -> list[Any]:
    """The copies of the bars in ``out`` found inside the content element."""
    return _bar_twins(
        root,
        out,
        main={content, *content.iterancestors()},
        keep_ancestors=set(),
        keep_set=set(),
        density=0.5,
    )


def test_only_the_plain_copies_of_a_lost_bar_go_with_it() -> None:
    root = parse_html(_page())
    top = root.get_element_by_id("top")
    content = root.get_element_by_id("content")
    judged = root.get_element_by_id("kept")
    out = [(top, "frame", "nav", _chars_links(top)[0]), (judged, "exact", "link", 5)]
    found = _twins(root, out, content)
    texts = [" ".join(el.text_content().split()) for el, *_ in found]
    assert texts == ["Next Contents Index"]
    assert all(detector == "frame" and why == "bar twin" for _el, detector, why, _c in found)


def test_a_copy_with_the_bars_own_words_outside_its_links_goes() -> None:
    # the lost bar says a word outside its links too: a copy saying the same word is its twin
    page = _page().replace("</a></div>", "</a> Jump</div>", 1)
    page = page.replace(" Read this first", " Jump")
    root = parse_html(page)
    top = root.get_element_by_id("top")
    content = root.get_element_by_id("content")
    out = [(top, "frame", "nav", _chars_links(top)[0])]
    found = _twins(root, out, content)
    texts = [" ".join(el.text_content().split()) for el, *_ in found]
    assert "Next Contents Index Jump" in texts
    assert len(found) == 3  # the one-link block stays
