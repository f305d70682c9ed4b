"""A field whose page keeps its place but leaves it blank is absent there like a field whose
anchor is missing: a docbook navigation footer keeps, on a first page, the cell of the
previous page's title (a no-break space) while its 'Prev' link is gone. ``prev_title`` read
from that cell gave "" and made the record partial, while ``next_href`` (the ``href`` of
``//a[@accesskey='n']``) on the last pages, whose link is gone, was "not counted as
partial". Both are now absent the same way; a cell with something in it still fails."""

from __future__ import annotations

from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.emptykinds import ExtractKinds
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import ABSENT_NO_ANCHOR, absent_reason


def page(i: int, *, prev: bool = True, nxt: bool = True, prev_cell: str = "") -> Page:
    p = f'<a accesskey="p" href="p{i - 1}.html">Prev</a>&nbsp;' if prev else "&nbsp;"
    n = f'&nbsp;<a accesskey="n" href="p{i + 1}.html">Next</a>' if nxt else "&nbsp;"
    pt = prev_cell or (f"entry {i - 1}&nbsp;" if prev else "&nbsp;")
    nt = f"&nbsp;entry {i + 1}" if nxt else "&nbsp;"
    return Page(
        f"http://docs.example/p{i}.html",
        f"""<html><body><h2><span class="refentrytitle">entry {i}</span></h2>
<p>What entry {i} is about, said at some length.</p>
<div class="navfooter"><hr><table width="100%"><tr><td>{p}</td>
<td><a accesskey="u" href="up.html">Up</a></td><td>{n}</td></tr>
<tr><td valign="top">{pt}</td><td><a accesskey="h" href="index.html">Home</a></td>
<td valign="top">{nt}</td></tr></table></div></body></html>""",
    )


NEXT_HREF = Field("next_href", xpaths=("//a[@accesskey='n']",), kind="attribute", attribute="href")
PREV_TITLE = Field("prev_title", xpaths=("//div[@class='navfooter']//tr[2]/td[1]",))
TEMPLATE = Template("docs", fields=(NEXT_HREF, PREV_TITLE), use_cleaner=False)


def site() -> list[Page]:
    # 12 pages: 3 first pages without a previous link, 3 last ones without a next link
    return [page(i, prev=i not in (0, 4, 8), nxt=i not in (3, 7, 11)) for i in range(12)]


def statuses(pages: list[Page]) -> tuple[dict[str, str], list[str]]:
    kinds = ExtractKinds([TEMPLATE])
    results = [(r, kinds.add(r)) for r in (apply_template(p, TEMPLATE) for p in pages)]
    kinds.settle()
    out = {
        r.url: kinds.status("docs", r.url, failed) if failed else r.status for r, failed in results
    }
    return out, kinds.lines()


def test_a_blank_cell_where_the_link_is_gone_is_absent_like_a_missing_link() -> None:
    first = parse_html(page(0, prev=False).html)
    last = parse_html(page(11, nxt=False).html)
    assert absent_reason(NEXT_HREF, last) == ABSENT_NO_ANCHOR
    assert absent_reason(PREV_TITLE, first) == ABSENT_NO_ANCHOR
    report = apply_template(page(0, prev=False), TEMPLATE).fields["prev_title"]
    assert (report.status, report.absent) == ("empty", ABSENT_NO_ANCHOR)


def test_the_records_of_pages_without_a_previous_or_next_link_are_alike() -> None:
    by_url, lines = statuses(site())
    assert set(by_url.values()) == {"ok"}, by_url
    assert not any("(partial)" in line for line in lines), lines
    assert (
        "next_href: empty on 3 pages (not counted as partial) — 3 lack the rule's anchor" in lines
    )
    assert (
        "prev_title: empty on 3 pages (not counted as partial) — 3 lack the rule's anchor" in lines
    )


def test_a_cell_with_something_in_it_still_fails() -> None:
    # The link is gone and the cell holds an image, or a word: the rule found a node with
    # something in it and no text to give; the record stays partial.
    pages = site()
    pages[0] = page(0, prev=False, prev_cell='<img src="blank.png">')
    pages[4] = page(4, prev=False, prev_cell="<span> </span>")
    by_url, lines = statuses(pages)
    assert by_url[pages[0].url] == "partial" and by_url[pages[4].url] == "partial"
    assert by_url[pages[8].url] == "ok"
    assert any(line.startswith("prev_title: no value on 2 pages (partial)") for line in lines), (
        lines
    )
