"""Reading the text of part of a page leaves the page's XPath results in document order.

libxslt stamps the document order of the elements of the document it runs on into the
elements themselves, and libxml2's XPath trusts those stamps when it sorts a node-set. Had
the text transform run on a part of the page (a temporary document rooted there), the part
would be stamped 2..k on its own, another part 2..m, and node-sets spanning both parts would
come back out of order: the page's paragraphs, links, text nodes and a list field's values."""

from __future__ import annotations

from typing import Any

from deboiler_gui.engine.htmltree import parse_html, visible_text, visible_text_except
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Template


def _forum_html(posts: int = 6) -> str:
    """A thread: each post a message with fewer bold words than the one before, then its
    byline (its author, a link to the author's page, the date)."""
    parts = ["<html><head><title>Thread</title></head><body><h1>A thread</h1>"]
    for i in range(posts):
        words = " ".join(["<b>word</b>"] * (1 + (posts - 1 - i) * 2))
        parts.append(
            f"<div class='post' id='post{i}'><p class='msg'>Message {i}: {words} end.</p>"
            f"<div class='by'><a class='author' href='/u/{i}'>author-{i}</a>"
            f" <em>wrote on day {i}</em></div></div>"
        )
    parts.append("<div id='foot'><p>Footer <a href='/about'>about</a></p></div></body></html>")
    return "".join(parts)


def _forum_page() -> Any:
    return parse_html(_forum_html())


def _text_nodes(el: Any) -> list[str]:
    """The element's text nodes in document order, by walking the tree (no XPath)."""
    out = [el.text] if el.text else []
    for child in el:
        out += _text_nodes(child)
        if child.tail:
            out.append(child.tail)
    return out


def _out_of_order(root: Any) -> list[str]:
    """The XPath evaluations on the page whose node-sets are not in document order (the
    order of ``iter()``, a walk of the tree)."""
    tree = root.getroottree()
    rank = {el: n for n, el in enumerate(root.iter())}

    def ordered(nodes: list[Any]) -> bool:
        ranks = [rank[n] for n in nodes]
        return ranks == sorted(ranks) and len(set(ranks)) == len(ranks)

    wrong = []
    for expression in ("//*", "//p", "//a", "//em", "//h1 | //a", "//em | //p", "//div//b"):
        if not ordered(tree.xpath(expression)):
            wrong.append(expression)
    paragraphs = list(root.iter("p"))
    if [tree.xpath(f"(//p)[{k}]")[0] for k in range(1, len(paragraphs) + 1)] != paragraphs:
        wrong.append("(//p)[k]")
    if [str(t) for t in tree.xpath("//text()")] != _text_nodes(root):
        wrong.append("//text()")
    body = root.find("body")
    if [str(t) for t in body.xpath(".//text()")] != _text_nodes(body):
        wrong.append(".//text()")
    if [str(h) for h in tree.xpath("//a/@href")] != [a.get("href") for a in root.iter("a")]:
        wrong.append("//a/@href")
    last = paragraphs[-1]
    if not ordered(last.xpath("preceding::a")):
        wrong.append("preceding::a")
    if not ordered(root.find("body/h1").xpath("following::em")):
        wrong.append("following::em")
    return wrong


def test_reading_parts_of_a_page_keeps_its_xpath_results_in_document_order() -> None:
    root = _forum_page()
    assert _out_of_order(root) == []  # the page as parsed
    posts = root.xpath("//div[@class='post']")
    texts = [visible_text(post) for post in reversed(posts)]
    bylines = [visible_text(by) for by in root.xpath("//div[@class='by']")]
    assert texts[-1].startswith("Message 0: word word") and texts[-1].endswith("wrote on day 0")
    assert bylines == [f"author-{i} wrote on day {i}" for i in range(len(posts))]
    assert _out_of_order(root) == []


def test_reading_the_whole_page_then_its_parts_keeps_document_order() -> None:
    root = _forum_page()
    whole = visible_text(root)
    assert whole.startswith("A thread\nMessage 0:") and whole.endswith("Footer about")
    for post in root.xpath("//div[@class='post']")[::2]:
        visible_text(post)
    visible_text(root.get_element_by_id("foot"))
    assert _out_of_order(root) == []


def test_reading_parts_without_some_of_their_nodes_keeps_document_order() -> None:
    root = _forum_page()
    visible_text(root)
    posts = root.xpath("//div[@class='post']")
    for post in reversed(posts):
        text = visible_text_except(post, post.xpath(".//b | .//em"))
        assert text.startswith("Message ") and text.endswith(" end.\nauthor-" + post.get("id")[4:])
    assert _out_of_order(root) == []


def test_a_list_field_keeps_the_page_order_after_another_field_read_the_posts() -> None:
    """Extraction reads each field's nodes' text before the next field's XPath runs: the
    bylines field after the posts field still lists the bylines as the page has them."""
    page = Page(url="https://forum.example/t/1", html=_forum_html())
    template = Template(
        name="thread",
        site="forum.example",
        urls=("https://forum.example/t/",),
        fields=(
            Field("posts", xpaths=("//div[@class='post']",), is_list=True),
            Field("bylines", xpaths=("//div[@class='by']",), is_list=True),
            Field("dates", xpaths=("//div[@class='post']//em",), is_list=True),
        ),
        use_cleaner=False,
    )
    values = apply_template(page, template).values
    assert [v.split(":")[0] for v in values["posts"]] == [f"Message {i}" for i in range(6)]
    assert values["bylines"] == [f"author-{i} wrote on day {i}" for i in range(6)]
    assert values["dates"] == [f"wrote on day {i}" for i in range(6)]
