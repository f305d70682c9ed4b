"""Whether a template's field rules look right over the site: per field, the flags of
engine.template.signals (items from several lists, an item count that varies wildly, several
nodes, one same value everywhere...) with the pages to look at, and a value preview table
(sample pages by fields) that puts the flagged pages first. A check is made at once on a sample
of the pages kept parsed (``check_template``), then over every page of the site as it is read
(``site_check`` on the signals gathered page by page)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from deboiler_gui.engine.htmltree import HtmlElement
from deboiler_gui.engine.model import RuleError
from deboiler_gui.engine.template.extract import extract_field, is_gone
from deboiler_gui.engine.template.model import Template
from deboiler_gui.engine.template.signals import FieldSignals, tree_signals
from deboiler_gui.engine.words import plural

#: A flag's text that already counts its pages ("values equal field 'title' on 3 pages").
_COUNTED = re.compile(r"\bon \d+ pages?\b")
#: Pages of the site the signals are computed on (spread over the index).
SAMPLE_PAGES = 80
#: A site of up to this many pages, all of them parsed at hand, is checked whole at once: a
#: sample of most of its pages gave counts ("misses 1 page") that the check over the site
#: then changed ("misses 2 pages"), the Check column flipping with nothing edited. Checking
#: the signals costs about 5 ms a page.
WHOLE_SITE_PAGES = 400
#: Rows of the value preview.
PREVIEW_ROWS = 12
#: Characters of a value shown in one preview cell.
CELL_CHARS = 90


def _coverage(pages: int, over_site: bool) -> str:
    """How many pages a check covers: "checked over 3,797 pages", "checked on 80 sample
    pages so far"."""
    if over_site:
        return f"checked over {pages:,} {plural(pages, 'page')}"
    return f"checked on {pages:,} sample {plural(pages, 'page')} so far"


@dataclass(frozen=True)
class FieldFlag:
    """One reason a field's values look wrong, and the pages that show it."""

    text: str
    pages: int
    look_at: tuple[str, ...]


@dataclass(frozen=True)
class FieldCheck:
    """A field's behaviour over the sample, or over the site: pages with a value, and its
    flags."""

    field: str
    is_list: bool
    pages: int
    hit: int
    flags: tuple[FieldFlag, ...]
    items: tuple[int, float, int] | None = None  # lists: min, median, max items per page
    #: the pages are every page of the site, not a sample of it
    over_site: bool = False
    #: what the signals tell that is no fault (pages learning recorded as without the field)
    notes: tuple[FieldFlag, ...] = ()
    #: the field is recorded gone by ``templates repair`` (no rule): no fault to flag
    gone: bool = False

    def _of(self) -> str:
        """How many pages have a value: "3 of 29 sample pages", "3,649 of 3,797 pages"."""
        pages = plural(self.pages, "page")
        return f"{self.hit:,} of {self.pages:,} {pages if self.over_site else 'sample ' + pages}"

    def coverage(self) -> str:
        """How many pages the verdict covers: "checked over 3,797 pages", or "checked on
        80 sample pages so far" while the rest of the site is read."""
        return _coverage(self.pages, self.over_site)

    def summary(self) -> str:
        """One line for a column of the rules panel: the first flag of the correctness
        signals (the ones ``evaluate --signals`` prints), empty when there is none. A field
        with values on some pages only (a contents list on the chapters) is no fault by
        itself: the signals flag a kind of page it misses."""
        if not self.flags:
            return ""
        first = self.flags[0]
        more = f" (+{len(self.flags) - 1} more)" if len(self.flags) > 1 else ""
        text = first.text
        if text == "items from several lists":
            text = "the rule takes items from several lists"
        if _COUNTED.search(text):  # the flag says on how many pages itself
            return f"⚠ {text}{more}"
        return f"⚠ {text} on {first.pages:,} of {self.pages:,} {plural(self.pages, 'page')}{more}"

    def verdict(self) -> str:
        """The first flag in a few words, for a narrow column ("⚠ several lists"): the
        whole sentence is ``summary``'s, the pages to look at ``details``'."""
        if self.gone:
            return "gone"
        if not self.flags:
            return ""
        # (the other flags, if any, are in the tooltip with the first: a "+1" here cost the
        # verdict its room in a 1400-pixel window)
        return f"⚠ {short_flag(self.flags[0].text)}"

    def note(self, here: bool | None = None) -> str:
        """Where the field has values, as information, not a fault: "no value on this page
        (a value on 3 of 29 sample pages)" (``here``: whether the rule matches on the page
        shown; None: no page), or "a value on 3 of 29 sample pages" when that is under half. A
        field recorded gone by repair says so, and what to do with it."""
        if self.gone:
            return f"gone: {GONE_NOTE}"
        if here is False:
            return f"no value on this page (a value on {self._of()})"
        if self.pages and self.hit * 2 < self.pages:
            return f"a value on {self._of()}"
        return ""

    def details(self) -> str:
        """Every flag with its pages to look at, for a tooltip or a message."""
        lines = [f"{self.field}: a value on {self._of()}"]
        if self.items is not None:
            lo, med, hi = self.items
            lines.append(f"items per page: min {lo}, median {med:g}, max {hi}")
        for flag in self.flags:
            lines.append(f"⚠ {flag.text} ({flag.pages:,} {plural(flag.pages, 'page')})")
            lines.extend(f"    look at {url}" for url in flag.look_at)
        for note in self.notes:
            lines.append(f"note: {note.text} ({note.pages:,} {plural(note.pages, 'page')})")
        return "\n".join(lines)


#: A flag's few words, by the start of its sentence (engine.template.signals' texts).
_SHORT_FLAGS = (
    (re.compile(r"^tied to (\d+ pages?)"), r"tied to \1"),
    (re.compile(r"items from several lists"), "several lists"),
    (re.compile(r"items from several containers"), "several containers"),
    (re.compile(r"items from several labelled lists"), "several labelled lists"),
    (re.compile(r"items from differently labelled lists"), "lists of other labels"),
    (re.compile(r"items from table rows of different shapes"), "rows of two shapes"),
    (re.compile(r"items from several columns of one row"), "several columns"),
    (re.compile(r"items without text"), "items without text"),
    (re.compile(r"far more items than entries"), "too many items"),
    (re.compile(r"pinned to position"), "pinned position"),
    (re.compile(r"the items are mostly other fields' values"), "other fields' items"),
    (re.compile(r"the value is field ('[^']*')'s value with more text"), r"\1 + more text"),
    (re.compile(r"item count varies wildly"), "item count varies"),
    (re.compile(r"several nodes match"), "several nodes"),
    (re.compile(r"pages the (link|[\w-]+)'s text is .* another"), r"another \1"),
    (re.compile(r"one same value"), "one same value"),
    (re.compile(r"field ('[^']*')'s value on most pages"), r"\1's value"),
    (re.compile(r"its node is the one of field ('[^']*')"), r"\1's node"),
    (re.compile(r"duplicate of field ('[^']*')"), r"duplicate of \1"),
    (re.compile(r"values equal field ('[^']*')"), r"equals \1"),
    (re.compile(r"no value on 1 page where the node at the rule's place"), "misses 1 page"),
    (
        re.compile(r"no value on (\d+) pages where the node at the rule's place"),
        r"misses \1 pages",
    ),
    (
        re.compile(r"where a page heading of a rank the rule takes elsewhere exists \((h\d)"),
        r"misses \1 titles",
    ),
    (re.compile(r"where a link like the field's exists"), "misses its link"),
    (re.compile(r"nodes like the items, beside them, are not taken"), "like nodes left out"),
    (re.compile(r"takes one level of a nested list"), "one level of a tree"),
    # (the heading's tag: "under an h1", "misses h3 titles" read whole in a narrow column,
    # where "under a higher heading" and "misses lower-rank titles" were cut)
    (re.compile(r"a heading of a higher rank \((h\d)"), r"under an \1"),
    (re.compile(r"a heading of a higher rank .* comes before"), "under a higher heading"),
    (re.compile(r"whose top heading is of a (?:higher|lower) rank \((h\d)"), r"misses \1 titles"),
    (re.compile(r"whose top heading is of a (higher|lower) rank"), r"misses \1-rank titles"),
    (re.compile(r"links to its own page's top"), "top-of-page link"),
    (re.compile(r"recorded gone by templates repair"), "gone"),
    (re.compile(r"every page looked at"), "no value anywhere"),
    (re.compile(r"empty where its anchor is"), "empty in its block"),
)


_FIELD_NAME = re.compile(r"'([^']{11,})'")


def _short_name(m: re.Match[str]) -> str:
    return f"'{m.group(1)[:9]}…'"


def short_flag(text: str) -> str:
    """A flag in a few words, about 120 pixels: "several lists" for "items from several
    lists", a field's name past ten characters cut; an unknown flag by its words before a
    colon or a parenthesis, cut at 24 characters."""
    for pattern, words in _SHORT_FLAGS:
        m = pattern.search(text)
        if m is not None:
            # a field's name in the words, a long one cut: "'qualified…' + more text"
            return _FIELD_NAME.sub(_short_name, m.expand(words))
    head = re.split(r"[:(]", text, maxsplit=1)[0].strip()
    return head if len(head) <= 24 else head[:23] + "…"


@dataclass(frozen=True)
class PreviewRow:
    url: str
    cells: tuple[str, ...]  # one per field, in the preview's field order
    flagged: tuple[bool, ...]  # the page is one to look at for that field


@dataclass(frozen=True)
class ValuePreview:
    """Sample pages by fields: what each rule gives on each page."""

    fields: tuple[str, ...]
    rows: tuple[PreviewRow, ...]


@dataclass(frozen=True)
class TemplateCheck:
    pages: int  # the pages the flags are computed on
    fields: dict[str, FieldCheck]
    preview: ValuePreview
    #: the flags are over every page of the site (else over a sample, the site to come)
    over_site: bool = False

    def coverage(self) -> str:
        """How many pages the flags cover: "checked over 3,797 pages", or "checked on 80
        sample pages so far"."""
        return _coverage(self.pages, self.over_site)

    def flagged(self) -> list[FieldCheck]:
        return [c for c in self.fields.values() if c.flags]

    def only(self, fields: Sequence[str]) -> TemplateCheck:
        """The check of ``fields`` alone (the others deleted): their flags and preview columns."""
        keep = [i for i, f in enumerate(self.preview.fields) if f in fields]
        rows = tuple(
            PreviewRow(r.url, tuple(r.cells[i] for i in keep), tuple(r.flagged[i] for i in keep))
            for r in self.preview.rows
        )
        preview = ValuePreview(tuple(self.preview.fields[i] for i in keep), rows)
        checks = {k: v for k, v in self.fields.items() if k in fields}
        return TemplateCheck(self.pages, checks, preview, self.over_site)


def spread(items: Sequence[Any], n: int) -> list[Any]:
    """Up to ``n`` of ``items`` spread evenly over the sequence (pages of one kind cluster)."""
    if len(items) <= n:
        return list(items)
    step = len(items) / n
    return [items[int(i * step)] for i in range(n)]


def show_value(value: Any, is_list: bool, *, limit: int = CELL_CHARS) -> str:
    """A value as one short line: lists as their item count and first items."""
    if value is None or value == "" or value == []:
        return "—"
    if is_list and isinstance(value, list):
        items = [one_line(str(v)) for v in value]
        text = f"{len(items)}: " + " | ".join(items)
    else:
        text = one_line(str(value))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def one_line(text: str) -> str:
    """A value on one line, for a table cell: each run of white space one space (the line
    breaks of the page's source inside a link, "Advanced\nlookups", and a row's cells on
    lines of their own alike). The value itself keeps them."""
    return " ".join(text.split())


def field_checks(
    signals: Iterable[FieldSignals], *, over_site: bool = False
) -> dict[str, FieldCheck]:
    """Each field's check from its signals (``over_site``: the signals are over every page)."""
    checks: dict[str, FieldCheck] = {}
    for sig in signals:
        flags = tuple(
            FieldFlag(str(f["flag"]), int(f["pages"]), tuple(f["look_at"])) for f in sig.flags()
        )
        notes = tuple(
            FieldFlag(str(n["note"]), int(n["pages"]), tuple(n["look_at"])) for n in sig.notes()
        )
        items = None
        if sig.is_list and sig.counts:
            d = sig.to_dict()["items"]
            items = (int(d["min"]), float(d["median"]), int(d["max"]))
        checks[sig.field] = FieldCheck(
            sig.field, sig.is_list, sig.pages, sig.one + sig.many, flags, items, over_site, notes
        )
    return checks


#: What the app says of a field recorded gone by ``templates repair``.
GONE_NOTE = (
    "recorded gone by repair, no rule: remove the field if the site no longer has it, or "
    "author it again from clicks if it moved"
)


def mark_gone(checks: dict[str, FieldCheck], template: Template) -> dict[str, FieldCheck]:
    """``checks`` with each field of ``template`` recorded gone by repair (no rule: it gives
    nothing on any page) said so instead of flagged: "no value anywhere" is what repair
    recorded, not a fault to look for on the pages."""
    out = dict(checks)
    for fld in template.fields:
        check = out.get(fld.id)
        if check is None or not is_gone(fld):
            continue
        note = FieldFlag(GONE_NOTE, check.pages, ())
        out[fld.id] = replace(check, flags=(), notes=(note,), gone=True)
    return out


def first_pages(
    checks: dict[str, FieldCheck], rows: int = PREVIEW_ROWS, among: Iterable[str] | None = None
) -> list[str]:
    """The pages the flags point at that the value preview shows first (up to half its
    rows), of ``among`` when given."""
    have = None if among is None else set(among)
    look = [
        u for c in checks.values() for f in c.flags for u in f.look_at if have is None or u in have
    ]
    return list(dict.fromkeys(look))[: max(1, rows // 2)]


def value_preview(
    pages: Sequence[tuple[str, HtmlElement]],
    template: Template,
    checks: dict[str, FieldCheck],
    rows: int = PREVIEW_ROWS,
) -> ValuePreview:
    """The values of every field on up to ``rows`` of ``pages``: the pages flags point at
    first, then pages spread over the others."""
    fields = tuple(f.id for f in template.fields)
    by_url = dict(pages)
    first = first_pages(checks, rows, by_url)
    rest = [u for u, _root in pages if u not in first]
    order = first + spread(rest, rows - len(first))
    table = []
    for url in order:
        root = by_url[url]
        cells = []
        marks = []
        for fld in template.fields:
            try:
                value, _report = extract_field(root, fld, template)
                cells.append(show_value(value, fld.is_list))
            except RuleError as exc:
                cells.append(f"error: {exc}"[:CELL_CHARS])
            check = checks.get(fld.id)
            marks.append(check is not None and any(url in f.look_at for f in check.flags))
        table.append(PreviewRow(url, tuple(cells), tuple(marks)))
    return ValuePreview(fields, tuple(table))


def check_template(
    pages: Sequence[tuple[str, HtmlElement]],
    template: Template,
    *,
    sample: int = SAMPLE_PAGES,
    rows: int = PREVIEW_ROWS,
    site_pages: int = 0,
) -> TemplateCheck:
    """Signals and flags of every field of ``template`` over a sample of ``pages`` (URL and
    parsed tree), and a preview of their values on up to ``rows`` pages: the pages flags point
    at first, then pages spread over the sample. When the sample is every one of the
    ``site_pages`` of the site (a site no larger than the sample), the check is over the site.
    When ``pages`` are every page of a site of up to ``WHOLE_SITE_PAGES``, every one is checked
    (in URL order, as the check over the site reads them): the first answer is the last, with
    the counts the site check would give."""
    if 0 < site_pages <= len(pages) <= max(sample, WHOLE_SITE_PAGES):
        sample = len(pages)
        pages = sorted(pages, key=lambda p: p[0])
    chosen = spread(pages, sample)
    over_site = len(chosen) >= site_pages > 0
    checks = field_checks(tree_signals(chosen, template, preview=0), over_site=over_site)
    checks = mark_gone(checks, template)
    preview = value_preview(chosen, template, checks, rows)
    return TemplateCheck(len(chosen), checks, preview, over_site)


def site_check(
    checks: dict[str, FieldCheck],
    template: Template,
    pages: int,
    shown: Sequence[tuple[str, HtmlElement]],
    *,
    rows: int = PREVIEW_ROWS,
) -> TemplateCheck:
    """The check over every page of the site: ``checks`` from the signals gathered over its
    ``pages`` (engine.template.signals.SignalsTally, ``field_checks(..., over_site=True)``);
    the preview on ``shown``: the pages the flags point at (``first_pages``) wherever they are
    on the site, and the sample pages."""
    checks = mark_gone(checks, template)
    return TemplateCheck(pages, checks, value_preview(shown, template, checks, rows), True)
