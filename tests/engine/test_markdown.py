"""Markdown conversion: structures of the documentation generators seen in the wild (Sphinx,
DocBook, asciidoc, SQLite's hand-made pages), links, escaping and determinism."""

from __future__ import annotations

import pytest
from realpages import page

from deboiler_gui.engine.clean.markdown import base_url_of, markdown_of_html, to_markdown
from deboiler_gui.engine.htmltree import parse_html

# Built to reproduce the markup of a Sphinx 5 page (python3.11-doc): highlight divs around pre,
# permalinks in headings, dl/dt/dd for API entries, code spans inside cross-reference links.
SPHINX = """<html><head><title>json</title></head><body>
<div class="body" role="main">
<section id="module-json">
<h1><a class="reference internal" href="#module-json"><code class="xref py py-mod docutils literal notranslate"><span class="pre">json</span></code></a> — JSON encoder<a class="headerlink" href="#module-json" title="Permalink">¶</a></h1>
<p><strong>Source code:</strong> <a class="reference external" href="https://github.com/python/cpython/tree/3.11/Lib/json/__init__.py">Lib/json/__init__.py</a></p>
<p>Encoding basic Python object hierarchies:</p>
<div class="highlight-python3 notranslate"><div class="highlight"><pre><span></span><span class="gp">&gt;&gt;&gt; </span><span class="kn">import</span> <span class="nn">json</span>
<span class="gp">&gt;&gt;&gt; </span><span class="n">json</span><span class="o">.</span><span class="n">dumps</span><span class="p">([</span><span class="s1">'foo'</span><span class="p">])</span>
</pre></div></div>
<dl class="py function">
<dt class="sig sig-object py" id="json.dump"><span class="sig-prename descclassname"><span class="pre">json.</span></span><span class="sig-name descname"><span class="pre">dump</span></span><span class="sig-paren">(</span><em class="sig-param"><span class="n"><span class="pre">obj</span></span></em><span class="sig-paren">)</span><a class="headerlink" href="#json.dump" title="Permalink">¶</a></dt>
<dd><p>Serialize <em>obj</em> as a JSON formatted stream, see <a class="reference internal" href="../glossary.html#term-file-like-object"><span class="xref std std-term">file-like object</span></a>.</p>
<ul class="simple"><li><p>first</p></li><li><p>second</p>
<ul><li><p>nested</p></li></ul></li></ul></dd>
</dl>
</section></div></body></html>"""

# DocBook (postgresql-doc-15): a titled table with class "table", code in cells, a synopsis pre.
DOCBOOK = """<html><head><base href="https://www.postgresql.org/docs/15/"></head><body>
<div class="sect1" id="DATATYPE-NUMERIC"><div class="titlepage"><div><div><h2 class="title">8.1. Numeric Types</h2></div></div></div>
<div class="table" id="DATATYPE-NUMERIC-TABLE"><p class="title"><strong>Table 8.2. Numeric Types</strong></p>
<div class="table-contents"><table class="table" summary="Numeric Types" border="1">
<colgroup><col /><col /></colgroup>
<thead><tr><th>Name</th><th>Storage Size</th><th>Range</th></tr></thead>
<tbody><tr><td><code class="type">smallint</code></td><td>2 bytes</td><td>-32768 to +32767</td></tr>
<tr><td><code class="type">numeric</code></td><td colspan="2">variable | exact</td></tr></tbody>
</table></div></div>
<pre class="synopsis">SELECT [ ALL | DISTINCT ]
    * | <em class="replaceable"><code>expression</code></em></pre>
<p>See <a class="xref" href="sql-syntax-lexical.html#SQL-SYNTAX-CONSTANTS" title="4.1.2. Constants">Section 4.1.2</a>.</p>
</div></body></html>"""

# asciidoc (git-doc): dlist with several terms per entry, listingblock pre, ordered list.
ASCIIDOC = """<html><body><div id="content">
<div class="sect1"><h2 id="_options">OPTIONS</h2><div class="sectionbody">
<div class="dlist"><dl>
<dt class="hdlist1">-a</dt><dt class="hdlist1">--all</dt>
<dd><p>Tell the command to stage files.</p></dd>
<dt class="hdlist1">-C &lt;commit&gt;</dt>
<dd><p>Reuse the message of <em>commit</em>.</p></dd>
</dl></div>
<div class="olist arabic"><ol class="arabic" start="3"><li><p>by using <a href="git-rm.html">git-rm(1)</a></p></li><li><p>by listing files</p></li></ol></div>
<div class="listingblock"><div class="content"><pre><code>$ git commit -m "uses ``` fences"</code></pre></div></div>
</div></div></div></body></html>"""

# SQLite's own pages: a layout table holding the page, a data table with <br> in cells,
# images with and without alt text, and a blockquote.
SQLITE = """<html><body>
<table width="100%"><tr><td><h1>Datatypes In SQLite</h1><p>Intro text.</p></td></tr></table>
<blockquote><table border="1" cellpadding="5">
<tr><th>Example Typenames<br>From CREATE TABLE</th><th>Affinity</th></tr>
<tr><td>INT<br>INTEGER</td><td>INTEGER</td></tr>
</table></blockquote>
<p><img src="images/logo.gif" alt="SQLite logo"> and <img src="x.gif"> 2 * 3 = 6 and snake_case and _private_</p>
<p>1. not a list</p>
</body></html>"""


def test_sphinx_structures() -> None:
    md = markdown_of_html(SPHINX, "https://docs.python.org/3.11/library/json.html")
    lines = md.split("\n")
    # the heading keeps its code span link, drops the permalink
    assert (
        lines[0]
        == "# [`json`](https://docs.python.org/3.11/library/json.html#module-json) — JSON encoder"
    )
    assert "¶" not in md
    assert (
        "**Source code:** [Lib/json/\\_\\_init\\_\\_.py](https://github.com/python/cpython/tree/3.11/Lib/json/__init__.py)"
        in md
    )
    # pre inside highlight-python3 becomes a python fence, whitespace kept, spans flattened
    assert "```python\n>>> import json\n>>> json.dumps(['foo'])\n```" in md
    # dl: term then a pandoc definition; nested list indented under its item
    assert "**json.dump(*obj*)**\n\n:   Serialize *obj* as a JSON formatted stream" in md
    assert (
        "[file-like object](https://docs.python.org/3.11/glossary.html#term-file-like-object)" in md
    )
    assert "    - first\n    - second\n      - nested" in md


def test_docbook_table_base_and_synopsis() -> None:
    md = markdown_of_html(
        DOCBOOK, "file:///usr/share/doc/postgresql-doc-15/html/datatype-numeric.html"
    )
    assert "## 8.1. Numeric Types" in md
    assert (
        "| Name | Storage Size | Range |\n|---|---|---|\n| `smallint` | 2 bytes | -32768 to +32767 |\n"
        "| `numeric` | variable \\| exact | |" in md
    )
    # <base href> wins over the page URL
    assert (
        "[Section 4.1.2](https://www.postgresql.org/docs/15/sql-syntax-lexical.html#SQL-SYNTAX-CONSTANTS)"
        in md
    )
    assert "```\nSELECT [ ALL | DISTINCT ]\n    * | expression\n```" in md


def test_asciidoc_dlist_ordered_start_and_fence_length() -> None:
    md = markdown_of_html(ASCIIDOC, "https://git-scm.com/docs/git-commit.html")
    assert "## OPTIONS" in md
    assert "**-a**\n\n**--all**\n\n:   Tell the command to stage files." in md
    assert "**-C \\<commit>**" in md
    assert (
        "3. by using [git-rm(1)](https://git-scm.com/docs/git-rm.html)\n4. by listing files" in md
    )
    # a code block containing ``` gets a longer fence
    assert '````\n$ git commit -m "uses ``` fences"\n````' in md


def test_sqlite_layout_table_blockquote_images_escaping() -> None:
    md = markdown_of_html(SQLITE, "https://sqlite.org/datatype3.html")
    # the one-cell layout table is its blocks, not a Markdown table
    assert md.startswith("# Datatypes In SQLite\n\nIntro text.\n\n")
    assert (
        "> | Example Typenames<br>From CREATE TABLE | Affinity |\n> |---|---|\n> | INT<br>INTEGER | INTEGER |"
        in md
    )
    assert (
        "![SQLite logo](https://sqlite.org/images/logo.gif) and ![](https://sqlite.org/x.gif)"
        " 2 \\* 3 = 6 and snake_case and \\_private\\_" in md
    )
    assert "1\\. not a list" in md


def test_links_resolved_and_unsafe_links_dropped() -> None:
    html = (
        '<p><a href="../a b.html">A</a> <a href="#top">Top</a> <a href="javascript:void(0)">JS</a> '
        '<a href="mailto:x@example.org">mail</a> <a href="/p(1)">paren</a> <a href="/x"></a></p>'
    )
    md = markdown_of_html(html, "https://example.org/docs/page.html")
    assert md == (
        "[A](https://example.org/a%20b.html) [Top](https://example.org/docs/page.html#top) JS "
        "[mail](mailto:x@example.org) [paren](https://example.org/p%281%29)\n"
    )


def test_base_url_of_relative_base() -> None:
    root = parse_html('<html><head><base href="/v2/"></head><body></body></html>')
    assert base_url_of(root, "https://h.example/a/b.html") == "https://h.example/v2/"
    assert base_url_of(parse_html("<p>x</p>"), "https://h.example/a") == "https://h.example/a"


def test_inline_whitespace_emphasis_breaks_and_hidden() -> None:
    html = (
        "<div>one <b> bold </b>two<em></em> <i>it</i>\n<br>line <del>gone</del>"
        '<span hidden>secret</span><span style="display: none">also</span><script>x()</script>'
        "<hr><h3>  Title\n here </h3></div>"
    )
    assert (
        markdown_of_html(html)
        == "one **bold** two *it*\\\nline ~~gone~~also\n\n---\n\n### Title here\n"
    )


def test_lines_that_would_be_markdown_are_escaped() -> None:
    html = "<p># not heading</p><p>- not item</p><p>&gt; not quote</p><p>+ plus</p>"
    assert (
        markdown_of_html(html) == "\\# not heading\n\n\\- not item\n\n\\> not quote\n\n\\+ plus\n"
    )


def test_deterministic_and_tree_untouched() -> None:
    root = parse_html(SPHINX)
    before = root.getroottree().getroot().text_content()
    first = to_markdown(root, "https://docs.python.org/3.11/library/json.html")
    second = to_markdown(root, "https://docs.python.org/3.11/library/json.html")
    assert first == second
    assert root.text_content() == before


def test_empty_and_subtree() -> None:
    assert markdown_of_html("") == ""
    root = parse_html("<ul><li><a href='/a'>A</a></li></ul><p>x</p>")
    ul = root.find(".//ul")
    assert to_markdown(ul, "https://h.example/") == "- [A](https://h.example/a)\n"
    assert to_markdown(root.find(".//a"), "https://h.example/") == "[A](https://h.example/a)\n"


#: Pages of Debian's documentation packages (python3.11-doc, postgresql-doc-15, git-doc,
#: libglib2.0-doc, sqlite3-doc), bundled in tests/data/realpages: their URL on the project's
#: site and what their Markdown must hold.
REAL = [
    (
        "https://docs.python.org/3.11/library/hashlib.html",
        [
            "![Explanation of tree mode parameters.]"
            "(https://docs.python.org/3.11/_images/hashlib-blake2-tree.png)"
        ],
    ),
    (
        "https://docs.python.org/3.11/library/json.html",
        ["```python\n>>> import json\n", "## Basic Usage"],
    ),
    (
        "https://www.postgresql.org/docs/15/datatype-numeric.html",
        [
            "| Name | Storage Size | Description | Range |",
            "| `smallint` | 2 bytes | small-range integer | -32768 to +32767 |",
        ],
    ),
    (
        "https://git-scm.com/docs/git-commit.html",
        [
            "## SYNOPSIS\n\n```\ngit commit [-a | --interactive | --patch]",
            "**--all**\n\n:   Tell the command",
        ],
    ),
    (
        "https://docs.gtk.org/glib/glib-Arrays.html",
        [
            "integers in a [GArray](https://docs.gtk.org/glib/glib-Arrays.html#GArray):\n\n```\nGArray *garray;\n"
        ],
    ),
    (
        "https://sqlite.org/datatype3.html",
        [
            "| INT<br>INTEGER<br>TINYINT<br>SMALLINT<br>MEDIUMINT<br>BIGINT<br>UNSIGNED BIG INT<br>INT2<br>INT8 | INTEGER | 1 |"
        ],
    ),
]


@pytest.mark.parametrize(("url", "expected"), REAL, ids=[u.rsplit("/", 1)[1] for u, _ in REAL])
def test_real_pages_of_debian_doc_packages(url: str, expected: list[str]) -> None:
    html = page("doc-generators-pages.json.gz", url)
    md = markdown_of_html(html, url)
    for snippet in expected:
        assert snippet in md
    assert "```\n1\n2\n" not in md  # no listing's line-number column as a block of its own
    assert "](/" not in md and "](../" not in md  # every link absolute
    assert md == markdown_of_html(html, url)


@pytest.mark.parametrize("depth", [900, 5000])
def test_deeply_nested_pages_still_convert(depth: int) -> None:
    html = "<div>" * depth + "<p>deep <b>x</b></p>" + "</div>" * depth
    md = markdown_of_html(html)
    assert md in ("deep **x**\n", "deep x\n")  # a tree too deep for the walk becomes its text


def test_binary_junk_converts_without_error() -> None:
    junk = bytes(range(256)).decode("latin-1") * 4
    md = markdown_of_html(junk)
    assert "0123456789" in md and md == markdown_of_html(junk)


def test_images_are_markdown_images_with_absolute_urls() -> None:
    html = (
        '<html><head><base href="https://cdn.example/img/"></head><body>'
        '<p><img src="a.png" alt=" A  [big] cat "></p>'
        '<p><img src="data:image/gif;base64,R0lGOD" data-src="lazy.jpg" alt="lazy"></p>'
        '<p><img srcset="s-480.jpg 480w, s-800.jpg 800w" alt="set"></p>'
        '<p><img src="whitedot.jpg" data-original="real.jpg"></p>'
        '<p>before <img src="spacer.gif" alt=""> after <img src="p.gif" width="1" height="1">'
        '<img src="d.png" role="presentation"></p>'
        '<p><a href="/big.png"><img src="thumb.png" alt="thumb"></a></p>'
        '<p><img src="data:image/png;base64,iVBOR" alt="inline only"></p>'
        "</body></html>"
    )
    md = markdown_of_html(html, "https://site.example/page.html")
    assert md == (
        "![A \\[big\\] cat](https://cdn.example/img/a.png)\n\n"
        "![lazy](https://cdn.example/img/lazy.jpg)\n\n"
        "![set](https://cdn.example/img/s-480.jpg)\n\n"
        "![](https://cdn.example/img/real.jpg)\n\n"  # the lazy loader's image, not its placeholder
        "before after\n\n"  # decorative images: alt="", a pixel, role="presentation"
        "[![thumb](https://cdn.example/img/thumb.png)](https://cdn.example/big.png)\n\n"
        "inline only\n"  # a data: URL is not written; its alt text is
    )
    assert markdown_of_html(html, "https://site.example/page.html") == md  # deterministic


def test_what_the_page_hides_is_left_out() -> None:
    html = (
        "<html><body><main><h1>Title</h1><p>Shown.</p>"
        '<div aria-hidden="true"><p>Template copy</p></div>'
        "<div hidden><p>Hidden attribute</p></div>"
        '<div style="DISPLAY : None ;"><p>Inline none</p></div>'
        '<p style="visibility:hidden">Invisible</p>'
        '<span aria-hidden="true" class="icon">★</span>'
        '<div hidden="until-found"><p>Found by search</p></div>'
        "<p>End.</p></main></body></html>"
    )
    md = markdown_of_html(html)
    # hidden for good (hidden, aria-hidden) is left out; an inline display:none or
    # visibility:hidden is kept: a script shows it on a click (tabs, "show" diagrams)
    assert md == "# Title\n\nShown.\n\nInline none\n\nInvisible\n\nFound by search\n\nEnd.\n"
    # the text output leaves out the same blocks
    from deboiler_gui.engine.document import consume
    from deboiler_gui.engine.htmltree import parse_html

    text, headings, _lists = consume(parse_html(html))
    assert text == "Title\nShown.\nInline none\nInvisible\nFound by search\nEnd."
    assert headings == ["Title"]


def test_a_page_hidden_until_a_script_shows_it_keeps_its_content() -> None:
    # anti-flicker: the whole content hidden until scripts run; it is the page, not a hidden part
    html = (
        '<html><body><div id="app" style="display:none"><h1>Article</h1>'
        "<p>The whole text of the page is here.</p></div>"
        "<div hidden><p>menu</p></div></body></html>"
    )
    assert markdown_of_html(html) == "# Article\n\nThe whole text of the page is here.\n"


def test_rules_in_table_cells_and_images_side_by_side() -> None:
    table = (
        "<table><tr><th>a</th><th>b</th></tr><tr><td colspan=2><hr></td></tr>"
        "<tr><td>1</td><td>2</td></tr></table>"
    )
    assert markdown_of_html(table) == "| a | b |\n|---|---|\n| 1 | 2 |\n"
    images = '<p><img src="a.png" alt="A"><img src="b.png" alt="B"></p>'
    assert markdown_of_html(images) == "![A](a.png) ![B](b.png)\n"
    linked = '<p><a href="x"><img src="a.png" alt="A"></a><img src="b.png" alt="B"></p>'
    assert markdown_of_html(linked) == "[![A](a.png)](x) ![B](b.png)\n"


def test_line_breaks_in_headings_terms_captions_and_links() -> None:
    # a heading or a definition term is one line in Markdown: its <br> is written as <br>,
    # as in a table cell; a paragraph's is a hard break, also inside a link's text
    html = (
        "<h2>Chapter 3<br>\n Tables</h2>"
        "<dl><dt>set term<br>set output</dt><dd>Choose the device.</dd>"
        "<dt><code>plot</code><br>splot</dt><dd>Draw.</dd>"
        "<dt><br>lead</dt><dd>x</dd></dl>"
        "<table><caption>Table 1<br>Sizes</caption><tr><th>a</th><th>b</th></tr>"
        "<tr><td>1</td><td>2</td></tr></table>"
        '<p><a href="/n">Next<br>chapter</a></p>'
        '<h3><a href="/t">Top<br>part</a></h3>'
        "<ul><li>one</li><b>two<br>three</b></ul>"
    )
    md = markdown_of_html(html, "https://h.example/")
    assert "\x00" not in md
    assert md == (
        "## Chapter 3<br>Tables\n\n"
        "**set term<br>set output**\n\n:   Choose the device.\n\n"
        "`plot`<br>splot\n\n:   Draw.\n\n"
        "**lead**\n\n:   x\n\n"
        "Table 1\\\nSizes\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"
        "[Next\\\nchapter](https://h.example/n)\n\n"
        "### [Top<br>part](https://h.example/t)\n\n"
        "- one\n- two\\\n  three\n"
    )


# gtk-doc's numbered listing (glib-Arrays.html) and Pygments' "table" line numbers (Sphinx's
# linenos), and a plain pre of numbers beside a pre of code.
GTKDOC_LISTING = """<div class="informalexample"><table class="listing_frame" border="0"><tbody><tr>
<td class="listing_lines" align="right"><pre>1
2
3</pre></td>
<td class="listing_code"><pre class="programlisting">GArray *garray;
gint i;
garray = g_array_new (FALSE, FALSE, sizeof (gint));</pre></td>
</tr></tbody></table></div>"""
PYGMENTS_LISTING = """<div class="highlight-c"><table class="highlighttable"><tr>
<td class="linenos"><div class="linenodiv"><pre>10
11</pre></div></td>
<td class="code"><div class="highlight"><pre>int x;
return x;</pre></div></td></tr></table></div>"""
SIDE_BY_SIDE = """<div class="code"><pre class="gutter">1
2</pre><pre>a = 1
b = 2</pre></div>"""


@pytest.mark.parametrize(
    ("html", "code"),
    [
        (
            GTKDOC_LISTING,
            "GArray *garray;\ngint i;\ngarray = g_array_new (FALSE, FALSE, sizeof (gint));",
        ),
        (PYGMENTS_LISTING, "int x;\nreturn x;"),
        (SIDE_BY_SIDE, "a = 1\nb = 2"),
    ],
)
def test_a_listings_line_numbers_beside_its_code_are_left_out(html: str, code: str) -> None:
    md = markdown_of_html(f"<html><body><p>Example:</p>{html}</body></html>", "https://x.org/")
    assert md.count("```") == 2, md  # one code block
    assert f"\n{code}\n```" in md


def test_numbers_alone_or_beside_prose_stay_a_code_block() -> None:
    alone = markdown_of_html("<html><body><pre>1\n2\n3</pre></body></html>", "https://x.org/")
    assert alone.strip() == "```\n1\n2\n3\n```"
    table = (
        "<table><tr><td><pre>1\n2</pre></td><td><p>not code</p></td></tr></table>"
        "<table><tr><td><pre>1\n5\n2</pre></td><td><pre>x\ny</pre></td></tr></table>"
    )
    md = markdown_of_html(f"<html><body>{table}</body></html>", "https://x.org/")
    assert "```\n1\n2\n```" in md and "```\n1\n5\n2\n```" in md
    # a program's output of numbers after its code, and numbers before a longer listing
    output = "<pre>for i in range(3):\n    print(i)</pre><pre>0\n1\n2</pre>"
    md = markdown_of_html(f"<html><body>{output}</body></html>", "https://x.org/")
    assert "```\n0\n1\n2\n```" in md
    longer = "<div><pre>1\n2</pre><pre>a\nb\nc\nd\ne</pre></div>"
    md = markdown_of_html(f"<html><body>{longer}</body></html>", "https://x.org/")
    assert "```\n1\n2\n```" in md
