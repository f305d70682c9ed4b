"""A removed table of contents is 'gone', not 'unsure': DocBook titles each subsection
`<h3 class="title"><a name="x"></a><a class="link" href="p.html#x">Entry</a></h3>`, so once every
`div.toc` is removed the contents' entries are still on the pages as the subsections' headings,
links that stand for their headings. The heading rule gives back the entries of the small
contents (not the chapter's long one) from nodes of another kind; that is no evidence that the
contents are still there."""

from __future__ import annotations

import re

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.valuerepair import learn_absent, learn_values, repair_site

SITE = "lib.example"


def subsection(i: int, k: int) -> str:
    # Most headings hold a link to themselves; the reference section's hold their text.
    text = f"Part {k} of section {i}"
    if i % 4 != 0:
        text = f'<a class="link" href="s{i}.html#s{i}.sub{k}">{text}</a>'
    return f"""<div class="section"><div class="titlepage"><div><div><h3 class="title">
<a name="s{i}.sub{k}"></a>{text}
</h3></div></div></div><p>Text {i}.{k}.</p></div>"""


def toc(entries: list[tuple[str, str]]) -> str:
    dts = "".join(
        f'<dt><span class="section"><a href="{href}">{text}</a></span></dt>'
        for href, text in entries
    )
    return f'<div class="toc"><dl class="toc">{dts}</dl></div>'


def page(body: str, title: str) -> str:
    return f"""<html><body><div class="spirit-nav"><a accesskey="p" href="prev.html">Prev</a></div>
<div class="section"><div class="titlepage"><div><div><h2 class="title">
<a name="t"></a><a class="link" href="x.html">{title}</a></h2></div></div></div>
{body}</div></body></html>"""


def site() -> list[Page]:
    pages = []
    chapter = [(f"s{i}.html", f"Section {i}") for i in range(12)]
    chapter += [
        (f"s{i}.html#s{i}.sub{k}", f"Part {k} of section {i}") for i in range(12) for k in (1, 2)
    ]
    pages.append(Page(f"https://{SITE}/lib.html", page(toc(chapter) + "<p>About.</p>", "Lib")))
    for i in range(12):
        n = 2 + i % 3
        entries = [(f"s{i}.html#s{i}.sub{k}", f"Part {k} of section {i}") for k in range(1, n + 1)]
        if i % 2:
            body = "<p>Intro.</p>" + "".join(subsection(i, k) for k in range(1, n + 1))
        else:
            body = (
                toc(entries) + "<p>Intro.</p>" + "".join(subsection(i, k) for k in range(1, n + 1))
            )
        pages.append(Page(f"https://{SITE}/s{i}.html", page(body, f"Section {i}")))
    for i in range(10):
        pages.append(
            Page(f"https://{SITE}/ref/c{i}.html", page(f"<pre>class c{i};</pre>", f"c{i}"))
        )
    return pages


def template() -> Template:
    toc_rule = "(//dl[contains(concat(' ', normalize-space(@class), ' '), ' toc ')])[1]//a"
    return Template(
        SITE,
        site=SITE,
        fields=(Field("toc", xpaths=(toc_rule,), is_list=True),),
        use_cleaner=False,
    )


def test_a_removed_contents_whose_entries_remain_as_headings_is_gone() -> None:
    pages = site()
    learned = learn_values(learn_absent(template(), pages), pages)
    samples = learned.field("toc").search.fingerprint["samples"]
    assert sum(1 for v in samples.values() if v) >= 5
    changed = [Page(p.url, re.sub(r'<div class="toc">.*?</dl></div>', "", p.html)) for p in pages]
    repairs, _stats = repair_site(changed, learned)
    toc_repair = next(r for r in repairs if r.field == "toc")
    assert toc_repair.status == "gone", (toc_repair.status, toc_repair.xpaths, toc_repair.evidence)
    assert not toc_repair.xpath


def test_the_contents_under_new_names_are_repaired_not_gone() -> None:
    pages = site()
    learned = learn_values(learn_absent(template(), pages), pages)
    changed = [Page(p.url, p.html.replace('class="toc"', 'class="r-toc"')) for p in pages]
    repairs, _stats = repair_site(changed, learned)
    toc_repair = next(r for r in repairs if r.field == "toc")
    assert toc_repair.status == "repaired", (toc_repair.status, toc_repair.evidence)
