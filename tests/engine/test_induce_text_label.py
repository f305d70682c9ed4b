"""A link anchored on the text right before it: the superclass link of an old-style Javadoc
type declaration follows the word "extends", while an enum's linked type argument follows
"extends java.lang.Enum<" and an interface link follows "implements" or a comma. A rule that
takes the link after the type's name takes those too; the text-label rule does not."""

from __future__ import annotations

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.template.induce import Example, induce, text_label_step
from deboiler_gui.engine.template.selectors import SiteIndex, select_elements

LINK = "//pre[span[@class='typeNameLabel']]/a[1]"


def declaration(i: int) -> tuple[str, str | None]:
    """(the declaration's HTML, the superclass link's target or None) of page ``i``."""
    name = f"Type{i}"
    label = f"<span class='typeNameLabel'>{name}</span>"
    kind = i % 6
    if kind in (0, 1):
        return f"public class {label}\nextends <a href='Base{i}.html'>Base{i}</a>", f"Base{i}.html"
    if kind == 2:  # a linked superclass, an unlinked interface
        return (
            f"public class {label}\nextends <a href='Base{i}.html'>Base{i}</a>\n"
            "implements java.io.Serializable",
            f"Base{i}.html",
        )
    if kind == 3:  # an enum: its own type is linked as the type argument of Enum
        return (
            f"public enum {label}\nextends java.lang.Enum&lt;<a href='{name}.html'>{name}</a>&gt;",
            None,
        )
    if kind == 4:  # the superclass is the platform's: only an interface is linked
        return (
            f"public class {label}\nextends java.lang.Object\n"
            f"implements <a href='Listener{i}.html'>Listener{i}</a>",
            None,
        )
    return (
        f"public interface {label}\nextends java.io.FileFilter, <a href='Filter{i}.html'>Filter{i}</a>",
        None,
    )


def page(i: int) -> str:
    decl, _target = declaration(i)
    # The interfaces a type implements, listed before its declaration (links among them).
    interfaces = (
        "<dl><dt>All Implemented Interfaces:</dt><dd><code>java.io.Serializable</code>, "
        f"<code><a href='Filter{i % 4}.html'>Filter{i % 4}</a></code></dd></dl><hr>"
        if i % 5
        else ""
    )
    methods = "".join(
        f"<ul class='blockList'><li class='blockList'><h4>m{k}</h4>"
        f"<pre>public void m{k}(<a href='IOCase.html'>IOCase</a> c)</pre></li></ul>"
        for k in range(i % 3)
    )
    return (
        "<html><body><main role='main'><div class='header'><h2 class='title'>"
        f"Type{i}</h2></div><div class='contentContainer'><div class='description'>"
        f"<ul class='blockList'><li class='blockList'>{interfaces}<pre>{decl}</pre>"
        f"<div class='block'>About type {i}.</div></li></ul></div>"
        f"<div class='details'>{methods}</div></div></main></body></html>"
    )


def site() -> SiteIndex:
    n = 36
    return SiteIndex(
        [f"https://api.example/Type{i}.html" for i in range(n)],
        [parse_html(page(i)) for i in range(n)],
    )


def click(index: SiteIndex, i: int) -> Example:
    root = index.trees[i]
    return Example(index.urls[i], root, select_elements(root, LINK)[0])


def test_the_text_before_a_link_is_its_label_when_it_is_a_word_or_two() -> None:
    index = site()
    assert text_label_step(click(index, 0).node) == (
        "a[normalize-space(preceding-sibling::node()[1][self::text()])='extends']"
    )
    assert text_label_step(click(index, 3).node) == ""  # "extends java.lang.Enum<"
    assert text_label_step(click(index, 4).node) == ""  # "extends java.lang.Object implements"


def test_the_superclass_link_is_anchored_on_extends_and_leaves_other_links_out() -> None:
    index = site()
    rules = induce([click(index, 0), click(index, 7), click(index, 14)], [], index, limit=3)
    top = rules[0]
    assert "preceding-sibling::node()[1][self::text()])='extends'" in top.xpath, [
        r.xpath for r in rules
    ]
    for i, root in enumerate(index.trees):
        found = select_elements(root, top.xpath)
        got = found[0].get("href") if found else None
        assert got == declaration(i)[1], (i, got)
