"""A node clicked after one same label on each example page (the `pre` after the 'Object
Hierarchy' heading of a widget's page) that also carries a class (`pre.screen`): the class is
also on other pages' nodes that no such label stands before (a shell command in a tutorial,
the whole class tree of a chapter page). The label rule ranks first; where the label's place
holds another text on some pages (the label varies), the class rule keeps its rank."""

from __future__ import annotations

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, induce
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

PRE = "//pre[@class='screen']"


def widget(i: int, label: str = "Object Hierarchy") -> str:
    return (
        "<html><body><div class='refentry'>"
        f"<div class='refnamediv'><h2>GtkWidget{i}</h2><p>a widget</p></div>"
        f"<div class='refsect1'><h2>Functions</h2>"
        f"<pre class='programlisting'>GtkWidget *gtk_widget{i}_new (void);</pre></div>"
        f"<div class='refsect1'><a name='h{i}'></a><h2>{label}</h2>"
        f"<pre class='screen'>    GObject\n    \u2570\u2500\u2500 GtkWidget{i}</pre></div>"
        f"<div class='refsect1'><h2>Description</h2><p>Widget {i} does things.</p>"
        f"<pre class='programlisting'>gtk_widget{i}_show (w);</pre></div>"
        "</div></body></html>"
    )


def tutorial(i: int) -> str:
    return (
        "<html><body><div class='chapter'><h2>Building step {i}</h2>"
        f"<p>Compile step {i} with:</p>"
        f"<pre class='screen'>gcc -o step{i} step{i}.c $(pkg-config --cflags gtk+-3.0)</pre>"
        "</div></body></html>"
    )


def chapter() -> str:
    tree = "\n".join(f"    \u251c\u2500\u2500 GtkWidget{i}" for i in range(40))
    return (
        "<html><body><div class='chapter'><h2>Class hierarchy</h2>"
        f"<pre class='screen'>\n    GObject\n{tree}</pre></div></body></html>"
    )


def site(labels: dict[int, str] | None = None) -> tuple[list[str], list[str]]:
    labels = labels or {}
    urls, pages = [], []
    for i in range(24):
        urls.append(f"http://t/GtkWidget{i}.html")
        pages.append(widget(i, labels.get(i, "Object Hierarchy")))
    for i in range(2):
        urls.append(f"http://t/ch01s0{i}.html")
        pages.append(tutorial(i))
    urls.append("http://t/ch02.html")
    pages.append(chapter())
    return urls, pages


def top_rule(urls: list[str], pages: list[str]) -> str:
    index = SiteIndex(urls, [parse_html(p) for p in pages])
    examples = []
    for n in (3, 7):
        root = index.trees[n]
        examples.append(Example(urls[n], root, select_elements(root, PRE)[0]))
    return induce(examples, index=index)[0].xpath


def test_label_rule_before_a_class_found_where_the_label_is_absent() -> None:
    urls, pages = site()
    xp = top_rule(urls, pages)
    assert "Object Hierarchy" in xp and "following-sibling::pre" in xp, xp
    index = SiteIndex(urls, [parse_html(p) for p in pages])
    for url, tree in zip(urls, index.trees, strict=True):
        found = select_elements(tree, xp)
        if "GtkWidget" in url:
            assert found and "GObject" in found[0].text_content()
        else:
            assert not found, url


def test_class_rule_kept_where_the_label_varies() -> None:
    # Some widget pages title the block otherwise: the class finds the field there, the
    # label rule does not, and the class rule stays first.
    urls, pages = site({i: "Hierarchy" for i in range(0, 24, 4)})
    xp = top_rule(urls, pages)
    assert "Hierarchy" not in xp and "screen" in xp, xp
