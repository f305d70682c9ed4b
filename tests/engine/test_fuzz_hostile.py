"""Property tests with the hostile classes found in the wild: lone surrogates, statuses no
integer column holds, references to control characters, binary data in text, deep nesting and
XPath functions that never evaluate. Loaders, the store, the cleaner and the rule-file importer
must give pages (or RuleErrors) for all of them; the long run is benchmarks/hostile_fuzz.py."""

from __future__ import annotations

import functools
import io
import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deboiler_gui.engine.clean.boilerplate import DomainCleaner
from deboiler_gui.engine.clean.pipeline import result_record
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import STATUS_UNREADABLE, DomainModel, Page, RuleError, valid_text
from deboiler_gui.engine.sources import iter_demo_pages, iter_jsonl
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.extract import apply_template
from deboiler_gui.engine.template.rulefile import loads

FAST = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

_pieces = st.sampled_from(
    ["\udfff", "\ud800", "\x00", "\x01", "\x1b", "\x7f", "\x9f", "\ufffe", "\uffff", "\ufeff", "&#27;", "&#1;", "&#xFFFE;",
     "&#xffff;", "&#0;", "&#x110000;", "&#99999999999;", "&#27a", "<p>", "</p>", "<div>", "</div>", "<!--", "<script>",
     "<?xml version='1.0'?>", "Roses like sun.", "\u6771\u4eac", "e\u0301", "\U0001f600", " ", "\n"]
)  # fmt: skip
hostile_text = st.lists(st.one_of(_pieces, st.text(max_size=8)), max_size=30).map("".join)
hostile_status = st.one_of(
    st.integers(-(10**25), 10**25), st.sampled_from([1e20, 1e308, float("inf"), float("-inf"), float("nan"), 200.5]),
    st.sampled_from(["200", "abc", "", "99999999999999999999"]), st.none(), st.booleans(),
)  # fmt: skip
binary_text = st.binary(min_size=40, max_size=400).map(
    lambda b: "\x89PNG\r\n\x1a\n" + "".join(chr(x) for x in b)
)


@functools.cache
def demo_model() -> DomainModel:
    model = DomainCleaner().fit(list(iter_demo_pages())).model_
    assert model is not None
    return model


@FAST
@given(
    records=st.lists(
        st.fixed_dictionaries(
            {
                "url": hostile_text.map(lambda t: "http://fuzz.test/" + t),
                "html": st.one_of(hostile_text, binary_text),
                "status": hostile_status,
            }
        ),
        min_size=1,
        max_size=5,
    )
)
def test_hostile_records_load_store_and_clean(records: list[dict[str, Any]]) -> None:
    data = b"".join(json.dumps(r, allow_nan=True).encode() + b"\n" for r in records)
    pages = list(iter_jsonl(io.BytesIO(data), "fuzz.jsonl"))
    assert len(pages) == len(records)  # one page per record, none lost
    with tempfile.TemporaryDirectory() as tmp, Workspace(Path(tmp) / "w.sqlite") as ws:
        ws.add_pages(pages)
        stored = {p.url: p for p in ws.iter_pages()}
    assert set(stored) == {valid_text(p.url) for p in pages}
    for page in stored.values():
        assert -(2**63) <= page.status < 2**63
        record = result_record(page, demo_model(), timeout=30)
        assert record["status"] in ("ok", "skipped", "error")
        if page.error is None and 200 <= page.status < 300:
            assert record["status"] in ("ok", "skipped"), record["error"]  # read means cleaned
        if page.status == STATUS_UNREADABLE and isinstance(page.error, str):
            assert record["status"] == "error"


@FAST
@given(text=hostile_text)
def test_parsed_text_is_always_settable_in_lxml(text: str) -> None:
    root = parse_html(valid_text(f"<html><body><p title='{text}'>{text}</p></body></html>"))
    for el in root.iter():
        if el.text:
            el.text = "\n" + el.text  # what the cleaner does; lxml refuses control characters
        for name, value in el.attrib.items():
            el.set(name, value)


@FAST
@given(
    pages=st.lists(
        st.builds(
            Page,
            url=hostile_text.map(lambda t: "http://s.test/" + t),
            html=hostile_text,
            status=st.integers(-(10**25), 10**25),
            headers=st.dictionaries(hostile_text, hostile_text, max_size=3),
            source=hostile_text,
        ),
        max_size=5,
    )
)
def test_store_holds_any_page(pages: list[Page]) -> None:
    with tempfile.TemporaryDirectory() as tmp, Workspace(Path(tmp) / "w.sqlite") as ws:
        assert ws.add_pages(pages) == len(pages)
        stored = {p.url: p for p in ws.iter_pages()}
    assert set(stored) == {valid_text(p.url) for p in pages}
    last = {p.url: p for p in pages}  # a URL given twice: the later page replaces the earlier
    for url, page in last.items():
        if url.isascii() and -(2**63) <= page.status < 2**63:
            assert stored[url].status == page.status


_xpaths = st.one_of(
    st.sampled_from(["//h1", "//li", "css:ul > li", "(//p)[last()]", "count(//li)", "//li[%d]", 'document("x")', 'doc("x")',
                     'unparsed-text("x")', '//p[re:test(., "a")]', "//svg:rect", "//p[$v]", "//q[foo()]", "current()", "//p[",
                     "//h1[.='\ud800']", "\udfff"]),
    hostile_text,
)  # fmt: skip


def _nested(depth: int) -> str:
    return (
        '{"format": "deboiler-gui-rules", "version": 1, "templates": [{"name": "t", "x": '
        + "[" * depth
        + "]" * depth
        + "}]}"
    )


@FAST
@given(
    name=st.one_of(st.just("t"), hostile_text),
    xpaths=st.lists(_xpaths, max_size=3),
    depth=st.one_of(st.none(), st.sampled_from([65, 1_000, 50_000, 100_000])),
    as_bytes=st.booleans(),
)
def test_rule_import_gives_templates_or_a_rule_error(
    name: str, xpaths: list[str], depth: int | None, as_bytes: bool
) -> None:
    if depth is not None:
        text = _nested(depth)
    else:
        text = json.dumps(
            {
                "format": "deboiler-gui-rules",
                "version": 1,
                "templates": [
                    {
                        "name": name,
                        "urls": ["http://a.test/"],
                        "fields": [{"id": "f", "xpaths": xpaths}],
                    }
                ],
            }
        )
    try:
        templates = loads(
            text.encode("utf-8", "surrogatepass") if as_bytes else text, source="fuzz.json"
        )
    except RuleError as exc:
        assert "fuzz.json" in str(exc)
        return
    page = Page(
        "http://a.test/p",
        "<html><body><h1>H</h1><ul><li>1</li><li>2</li></ul><p>x</p></body></html>",
    )
    for template in templates:  # accepted means every expression evaluates
        result = apply_template(page, template)
        assert all(rep.status != "error" for rep in result.fields.values()), result.fields


@FAST
@given(
    lines=st.lists(
        st.tuples(st.integers(0, 5), hostile_text),  # (URL number, html): numbers repeat
        min_size=1,
        max_size=8,
    ),
    encoding=st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "utf-16-le-bom", "utf-32"]),
    limit=st.sampled_from([64, 512, 128 * 1024 * 1024]),
    gz=st.booleans(),
)
def test_json_lines_files_give_one_page_per_record_and_counts_of_distinct_urls(
    lines: list[tuple[int, str]], encoding: str, limit: int, gz: bool
) -> None:
    import codecs
    import gzip

    from deboiler_gui.engine.model import InputError
    from deboiler_gui.engine.sources import InputSet

    text = "".join(
        json.dumps({"url": f"http://fuzz.test/{n}", "html": html}) + "\n" for n, html in lines
    )
    if encoding == "utf-16-le-bom":
        data = codecs.BOM_UTF16_LE + text.encode("utf-16-le", "surrogatepass")
    else:
        data = text.encode(encoding, "surrogatepass")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / ("in.jsonl.gz" if gz else "in.jsonl")
        path.write_bytes(gzip.compress(data) if gz else data)
        try:
            inputs = InputSet.open([path], max_record_bytes=limit)
        except InputError as exc:  # a file refused whole must hold nothing readable
            raise AssertionError(f"readable file refused: {exc}") from exc
        pages = list(inputs)
    assert len(pages) == len(lines)  # one page per record, over the limit or not
    distinct = {p.url for p in pages}
    assert sum(inputs.counts.values()) == len(distinct)
    assert inputs.replaced == len(pages) - len(distinct) == len(inputs.warnings)
    for page, (n, _html) in zip(pages, lines, strict=True):
        assert page.url == f"http://fuzz.test/{n}"  # named by its URL, also when too long


@FAST
@given(
    text=st.text(
        alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x2FF), min_size=10, max_size=300
    ),
    nuls=st.integers(1, 3),
)
def test_a_few_nuls_in_readable_text_never_make_it_binary(text: str, nuls: int) -> None:
    from deboiler_gui.engine.sources import page_from_bytes

    html = "<p>" + text[: len(text) // 2] + "\x00" * nuls + text[len(text) // 2 :] + "</p>"
    page = page_from_bytes("http://fuzz.test/n", html.encode("utf-8"))
    assert page.error is None, page.error
