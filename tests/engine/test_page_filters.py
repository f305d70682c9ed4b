"""A template's noise filters do the same thing wherever they run: ``clean --template`` removes
what the impact panel and the report count, fields lose the items the page loses, a start/end
string copied from the page source matches, and every figure is in one unit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.clean.pipeline import result_record
from deboiler_gui.engine.htmltree import parse_html, to_html, visible_text
from deboiler_gui.engine.model import DomainModel, Page
from deboiler_gui.engine.progress import run
from deboiler_gui.engine.review.impact import impact_steps, review_tree
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.model import Field, NoiseFilter, Rule, Template
from deboiler_gui.engine.template.rules import (
    chars_of,
    count_html_cuts,
    filter_tree_text,
    markup_form,
    page_text,
    preview_filter,
)

SITE = "help.local"
TOPICS = ["farsi", "arabic", "hebrew", "russian", "vietnamese", "chinese", "korean", "thai"]


def vim_page(i: int, topic: str) -> str:
    """A page written like Vim's HTML help: upper-case tags, the version line inside the text,
    a 'top - main help file' line at the end of the <PRE>."""
    other = TOPICS[(i + 1) % len(TOPICS)]
    words = " ".join(f"word{i}x{k}" for k in range(40 + 7 * i))
    return f"""<HTML>
<HEAD>
<META HTTP-EQUIV="Content-type" content="text/html; charset=ISO-8859-1">
<TITLE>Vim documentation: {topic}</TITLE>
</HEAD>
<BODY BGCOLOR="#ffffff">
<H1>Vim documentation: {topic}</H1>
<A NAME="top"></A>
<A HREF="index.html">main help file</A>

<HR>
<PRE>

*<A NAME="{topic}.txt"></A><B>{topic}.txt</B>*     For Vim version 9.0.  Last change: 2019 May 0{i}

Support for <A HREF="#{topic}">{topic.title()}</A> in Vim, see also
<A HREF="{other}.html#{other}">{other.title()}</A> and <A HREF="http://example.org/{i}">the wiki</A>.
{words}

<A HREF="#top">top</A> - <A HREF="index.html">main help file</A>
</PRE>
</BODY>
</HTML>
"""


def _template() -> Template:
    return Template(
        SITE,
        site=SITE,
        remove=(Rule("remove-1", "/html/body/a[2]"),),
        keep=(Rule("keep-1", "//pre"),),
        fields=(
            Field("title", xpaths=("/html/body/h1",)),
            Field("links", xpaths=("//pre/a[@href]",), is_list=True),
        ),
        filters=(
            NoiseFilter("vimver", "text", pattern=r"For Vim version [0-9.]+\."),
            NoiseFilter(
                "helplinks",
                "attribute",
                selector="a",
                attribute="href",
                op="regex",
                value=r"^(index)\.html$",
            ),
            # written as the page source writes it (upper case), not as lxml writes it
            NoiseFilter("toplink", "html", start='<A HREF="#top">', end="</A>"),
            NoiseFilter("offsite", "url", pattern=r"^(#|[a-z]+\.html)"),
        ),
    )


@pytest.fixture(scope="module")
def site() -> list[Page]:
    return [Page(f"http://{SITE}/{t}.html", vim_page(i, t)) for i, t in enumerate(TOPICS)]


@pytest.fixture(scope="module")
def model(site: list[Page]) -> DomainModel:
    return DomainCleaner().fit(site).model_


def _filter_chars(records: list[dict]) -> dict[str, int]:
    out: dict[str, int] = {}
    for r in records:
        for rem in r["removed"]:
            if rem["detector"] == "filter":
                out[rem["representation"]] = out.get(rem["representation"], 0) + rem["chars"]
    return out


def test_clean_with_a_template_removes_what_impact_and_report_count(
    site: list[Page], model: DomainModel
) -> None:
    t = _template()
    records = [result_record(p, model, templates=[t]) for p in site]
    assert all(r["status"] == "ok" for r in records)
    for r in records:
        assert "For Vim version" not in r["cleaned_text"], r["url"]
        assert "For Vim version" not in r["cleaned_html"], r["url"]
        assert "top - main help file" not in r["cleaned_text"], r["url"]
        assert "main help file" not in r["cleaned_text"], r["url"]
        assert "the wiki" not in r["cleaned_text"], r["url"]
    impact = run(impact_steps(site, {SITE: model}, [t]))
    cleaned = _filter_chars(records)
    for flt in t.filters:
        cause = impact.causes[f"filter:{flt.name}"]
        assert cause.chars > 0, flt.name
        assert cleaned.get(flt.name, 0) == cause.chars, flt.name
    # and the unit is what the text lost: the same pages cleaned without the filters
    bare = [
        result_record(p, model, templates=[Template(**{**t.__dict__, "filters": ()})]) for p in site
    ]
    lost = sum(
        chars_of(b["cleaned_text"]) - chars_of(r["cleaned_text"])
        for b, r in zip(bare, records, strict=True)
    )
    assert lost == sum(cleaned.values())


def test_clean_command_applies_the_template_filters(tmp_path: Path, site: list[Page]) -> None:
    folder = tmp_path / "help"
    folder.mkdir()
    for p in site:
        (folder / p.url.rsplit("/", 1)[1]).write_text(p.html, encoding="latin-1")
    rules = tmp_path / "help.rules.json"
    rules.write_text(
        json.dumps(
            {"format": "deboiler-gui-rules", "version": 1, "templates": [_template().to_dict()]}
        )
    )
    out = tmp_path / "out.jsonl"
    ws = tmp_path / "ws.sqlite"
    res = CliRunner().invoke(
        cli,
        [
            "clean",
            str(folder),
            "-w",
            str(ws),
            "--base-url",
            f"http://{SITE}/",
            "--template",
            str(rules),
            "-o",
            str(out),
            "-q",
        ],
    )
    assert res.exit_code == 0, res.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    farsi = next(r for r in records if r["url"].endswith("/farsi.html"))
    assert "For Vim version 9.0." not in farsi["cleaned_text"]
    assert "top - main help file" not in farsi["cleaned_text"]
    w = Workspace(ws)
    model = w.load_model(SITE)
    assert model is not None
    impact = run(impact_steps(site, {SITE: model}, [_template()]))
    cleaned = _filter_chars(records)
    assert {f.name: cleaned.get(f.name, 0) for f in _template().filters} == {
        f.name: impact.causes[f"filter:{f.name}"].chars for f in _template().filters
    }


def test_fields_lose_the_items_the_page_filters_drop(site: list[Page]) -> None:
    t = _template()
    res = apply_template(site[0], t)
    links = res.values["links"]
    assert "main help file" not in links  # attribute filter (href index.html)
    assert "top" not in links  # start/end filter
    assert "the wiki" not in links  # url filter
    assert links == ["Farsi", "Arabic"]
    # a filter limited to another field leaves this one alone
    only_title = Template(
        **{
            **t.__dict__,
            "filters": tuple(
                NoiseFilter(**{**f.__dict__, "fields": ("title",)}) for f in t.filters
            ),
        }
    )
    links = apply_template(site[0], only_title).values["links"]
    assert links == ["Farsi", "Arabic", "the wiki", "top", "main help file"]
    # a scalar field whose node the filter drops is empty, so the next XPath of its queue wins
    first = Template(
        **{
            **t.__dict__,
            "fields": (Field("home", xpaths=("(//pre/a[@href])[last()]", "/html/body/h1")),),
        }
    )
    assert apply_template(site[0], first).values["home"] == "Vim documentation: farsi"


def test_start_end_strings_match_as_written_in_the_page_source(site: list[Page]) -> None:
    root = parse_html(site[0].html)
    markup = to_html(root)
    forms = ['<A HREF="#top">', "<a href='#top'>", '<a  HREF = "#top" >', '<a href="#top">']
    counts = [
        count_html_cuts(NoiseFilter("x", "html", start=s, end="</A >"), markup) for s in forms
    ]
    assert counts == [1, 1, 1, 1]
    assert (
        markup_form("<IMG SRC=\"a.png\" ALT='a &amp; b'/>") == '<img src="a.png" alt="a &amp; b">'
    )
    assert (
        count_html_cuts(NoiseFilter("x", "html", start='<A HREF="#nowhere">', end="</A>"), markup)
        == 0
    )


def test_one_unit_for_characters_removed(site: list[Page], model: DomainModel) -> None:
    t = _template()
    root = parse_html(site[0].html)
    markup = to_html(root)
    for flt in t.filters:
        if flt.kind not in ("text", "html"):
            continue
        pv = preview_filter(flt, root, markup, visible_text(root))
        assert pv["before"] == chars_of(page_text(root))  # spaces not counted
        review, _pairs = review_tree(parse_html(site[0].html), site[0].url, model, t)
        assert pv["removed_chars"] == review.alone[f"filter:{flt.name}"], flt.name
    vimver = t.filters[0]
    assert preview_filter(vimver, root, markup, visible_text(root))["removed_chars"] == len(
        "ForVimversion9.0."
    )
    toplink = t.filters[2]
    pv = preview_filter(toplink, root, markup, visible_text(root))
    assert pv["removed_chars"] == 3 and pv["markup_chars"] == len('<a href="#top">top</a>')


def test_a_text_filter_match_may_run_across_tags() -> None:
    root = parse_html(
        "<html><body><p>keep <a href='#'>top</a> - <b>main</b> help</p></body></html>"
    )
    n = filter_tree_text(NoiseFilter("x", "text", pattern=r"top - main"), root)
    assert n == 1
    assert page_text(root) == "keep help"
