"""Template evaluation: per template and field success rate over a site with the failing pages
and why they failed, precision/recall against gold values, and the extraction output files."""

from __future__ import annotations

import contextlib
import csv
import dataclasses
import json
import os
import tempfile
from collections import Counter
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deboiler_gui.engine.model import (
    DeboilerError,
    DomainModel,
    InputError,
    Page,
    Progress,
    near_urls,
    url_form,
    url_forms,
)
from deboiler_gui.engine.output import _current_umask, check_output_path, make_folder
from deboiler_gui.engine.template.emptykinds import EmptyKinds, Key, url_key
from deboiler_gui.engine.template.extract import (
    ExtractResult,
    check_template,
    extract_page,
    learned_absent,
    learned_present,
    page_tree,
    recorded_gone,
    remove_field_command,
)
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.repair import DRIFT_MIN_PAGES, drifted_value, values_vary
from deboiler_gui.engine.template.signals import ABSENT_NO_ANCHOR
from deboiler_gui.engine.template.valueshape import (
    learned_records,
    page_drift,
    preview,
    value_print,
)

#: A template whose field success rate falls below this raises an alert in the report.
ALERT_RATE = 0.9

#: What a person can do with a field recorded gone: it raises no alert, and stays in the
#: template (empty) until removed; ``{remove}`` is the command that removes it.
GONE_ADVICE = (
    "no alert for it; remove the field from the template if the site no longer has it "
    "({remove}), or author it again (suggest --examples … --save) if it moved; templates "
    "repair finds it again if its values come back"
)


#: Gold records naming no evaluated page that get the evaluated URLs closest to theirs.
NEAR_NAMED = 20
#: Failures of a field never learned kept (per field) until the kinds of pages it is empty on
#: by nature are known (``FieldStats.settle_kinds``), as many times the failures listed.
FAILURES_KEPT = 20


@dataclass
class FieldStats:
    template: str
    field: str
    pages: int = 0
    ok: int = 0
    #: pages where the field gives nothing and ``templates learn`` found it absent: not
    #: failures, and left out of the success rate (as ``extract`` counts them ok)
    absent: int = 0
    #: pages where the field gives nothing and the page lacks the rule's anchor (no 'Next'
    #: link for ``//a[@rel='next']`` on a chapter's last page): legitimately absent, left out
    #: of the rate too, unless the field has a value on no page at all (then its anchor is
    #: what is broken: those pages fail)
    no_anchor: int = 0
    by_xpath: dict[str, int] = dataclasses.field(default_factory=dict)
    failing: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    #: the first pages without the rule's anchor (failing ones if the field has no value
    #: anywhere)
    no_anchor_pages: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    #: which pages the rate is over: ``learned``, the pages where ``templates learn`` found
    #: the field with a value (its whole ``present`` record); ``absent``, every page but those
    #: it found the field absent on (learning kept no whole record of the others) or that lack
    #: the rule's anchor; ``site``, every page but those without the rule's anchor (never
    #: learned)
    basis: str = "site"
    #: (``learned``) pages in that record: the rate is over them
    recorded: int = 0
    #: (``learned``) pages learning never read (added since): counted in the rate as on a
    #: site never learned (a page there without a value may be a broken rule: it fails),
    #: those without the rule's anchor left out; how many of them give a value
    unseen: int = 0
    unseen_ok: int = 0
    unseen_no_anchor: int = 0
    #: (``learned``) pages learned absent that now give a value (not counted as successes)
    absent_filled: int = 0
    #: (``learned``) pages learned with a value whose value now is another one of another
    #: shape (``valueshape.drift``: the rule takes other nodes): no successes
    drifted: int = 0
    #: (``learned``) pages learned with a value whose value now is another one, of the learned
    #: shape but no edit of the page: one same new value on many pages (a banner's heading
    #: taken for the title), or, for a list, the learned items after new ones that the same
    #: pages got (a new first breadcrumb item): no successes
    drifted_same: int = 0
    drifted_shifted: int = 0
    #: (``learned``) the prints of the values on the pages learned with a value, and per page
    #: whose value is not the learned one (nor of another shape): its URL, its print, and for
    #: a list whose learned items now come after new ones, the print of those new ones
    recorded_prints: dict[str, int] = dataclasses.field(default_factory=dict)
    changed: list[tuple[str, str, str, str]] = dataclasses.field(default_factory=list)
    #: the field recorded gone by ``templates repair`` (its ``gone`` record): no rule, its
    #: pages neither successes nor failures
    gone: dict[str, Any] | None = None
    #: (``absent``) the template was learned before the pages with a value were recorded (no
    #: ``present`` at all, not a sample of a longer record): learning it again gives the rate
    #: its whole basis
    unrecorded: bool = False
    #: (never learned) pages where the field gives nothing, as on most pages of their kind
    #: (told by their URLs: ``emptykinds``) while most pages of another kind have a value:
    #: empty by nature, apart from the failures and out of the rate; per kind (in words)
    usual_empty: dict[str, int] = dataclasses.field(default_factory=dict)
    #: the pages of each kind among them (the first few)
    usual_pages: dict[str, list[str]] = dataclasses.field(default_factory=dict)
    #: (never learned) failures not judged yet, each with its page's URL key, in page order
    #: (at most ``FAILURES_KEPT``), and how many there are per key
    pending: list[tuple[Key, dict[str, Any]]] = dataclasses.field(default_factory=list)
    pending_keys: dict[Key, int] = dataclasses.field(default_factory=dict)

    @property
    def anchor_absent(self) -> int:
        """The pages left out as lacking the rule's anchor: none when the field has a value
        on no page (an anchor found nowhere is a broken rule, not an absent field), nor when
        the rate is over the learned record of the pages with a value (those had it)."""
        return self.no_anchor if self.ok and self.basis != "learned" else 0

    @property
    def kind_absent(self) -> int:
        """The pages left out as empty by nature for their kind (``usual_empty``): none when
        the field has a value on no page."""
        return sum(self.usual_empty.values()) if self.ok and self.basis == "site" else 0

    @property
    def present(self) -> int:
        """The pages the rate is over: those where learning found the field with a value
        (``basis`` ``learned``), else every page but those learned absent, without the
        rule's anchor, or empty as most pages of their kind are."""
        if self.basis == "learned":
            return self.recorded + self.unseen - self.unseen_no_anchor
        return self.pages - self.absent - self.anchor_absent - self.kind_absent

    @property
    def rate(self) -> float:
        if self.gone is not None:
            return 1.0 if self.pages else 0.0
        if not self.present:
            # every page learned absent: nothing failed (no page at all: nothing ran)
            return 1.0 if self.pages else 0.0
        return self.ok / self.present

    def to_dict(self) -> dict[str, Any]:
        return {
            "template": self.template,
            "field": self.field,
            "pages": self.pages,
            "ok": self.ok,
            "learned_absent": self.absent,
            "no_anchor": self.anchor_absent,
            "basis": self.basis,
            "present": self.present,
            "failures": self.present - min(self.ok, self.present),
            "not_learned": self.unseen,
            "not_learned_with_value": self.unseen_ok,
            "not_learned_without_anchor": self.unseen_no_anchor,
            "learned_absent_with_value": self.absent_filled,
            "empty_for_kind": self.kind_absent,
            "empty_kinds": dict(self.usual_empty) if self.kind_absent else {},
            "drifted": self.drifted,
            "drifted_same": self.drifted_same,
            "drifted_shifted": self.drifted_shifted,
            **({"gone": dict(self.gone)} if self.gone is not None else {}),
            "rate": round(self.rate, 4),
            "rate_over": self.rate_line(),
            **({"learn_again": True} if self.basis == "absent" and self.unrecorded else {}),
            "by_xpath": dict(self.by_xpath),
            "failing": self.failures(),
        }

    def apart(self) -> list[str]:
        """The pages the rate leaves out, each kind as said after it ("3 learned absent",
        "1 not read when learned without the rule's anchor")."""
        parts = []
        if self.absent:
            filled = f", {self.absent_filled} now with a value" if self.absent_filled else ""
            parts.append(f"{self.absent} learned absent{filled}")
        if self.anchor_absent:
            parts.append(f"{self.anchor_absent} without the rule's anchor")
        if self.kind_absent:
            parts.append(f"{self.kind_absent} empty as most pages of their kind")
        if self.unseen_no_anchor:
            parts.append(f"{self.unseen_no_anchor} not read when learned without the rule's anchor")
        return parts

    def drift_note(self) -> str:
        """(``learned``) the pages whose value is now another one of another shape than the
        one learned there, counted as failures: "3 with another kind of value than learned,
        no successes", or ""."""
        parts = []
        if self.drifted:
            parts.append(f"{self.drifted} with another kind of value than learned")
        if self.drifted_same:
            parts.append(f"{self.drifted_same} drifted to one same value on many pages")
        if self.drifted_shifted:
            parts.append(f"{self.drifted_shifted} drifted to the learned items after new ones")
        return ", ".join(parts) + ", no successes" if parts else ""

    def settle_drift(self, fld: Field, max_failing: int) -> None:
        """(``learned``) Counts the values that differ from the learned ones, of the learned
        shape, as no edit of their page when the evidence of ``templates repair`` says they
        drifted: one same new value on many pages (``drifted_value``), or a list whose
        learned items come after new ones that DRIFT_MIN_PAGES pages or more got alike."""
        if not self.changed:
            return
        learned = [repr(v) for v in (fld.search.fingerprint.get("samples") or {}).values() if v]
        top = Counter(learned).most_common(1)[0][1] / len(learned) if len(learned) >= 3 else None
        same = drifted_value(Counter(self.recorded_prints), top) if values_vary(fld) else None
        heads = Counter(head for _u, _p, head, _v in self.changed if head)
        for url, now, head, shown in self.changed:
            if same is not None and now == same[0]:
                self.drifted_same += 1
                why = f"one same value on {same[1]} of {self.recorded} pages"
            elif head and heads[head] >= DRIFT_MIN_PAGES:
                self.drifted_shifted += 1
                why = f"the learned items after new ones, alike on {heads[head]} pages"
            else:
                continue
            self.ok -= 1
            if len(self.failing) < max_failing:
                self.failing.append(
                    {
                        "url": url,
                        "reason": f"another value than learned: {shown}; {why}",
                        "drift": why,
                    }
                )
        self.changed = []

    def gone_line(self) -> str:
        """What ``evaluate`` says of a field recorded gone by ``templates repair``."""
        gone = self.gone or {}
        line = "gone: no rule since templates repair recorded its values gone from the site"
        still = int(gone.get("still_pages") or 0)
        if still:
            line += (
                f" (its old rule {' then '.join(gone.get('xpaths') or [])} still matched "
                f"{still} {'page' if still == 1 else 'pages'}, on other values)"
            )
        return f"{line}; " + GONE_ADVICE.format(
            remove=remove_field_command(self.template, self.field)
        )

    def alert(self) -> str:
        """The alert for a field whose success rate is below ``ALERT_RATE`` (see
        ``Evaluation.alerts``), saying what to do when no page gives it at all."""
        line = (
            f"template {self.template!r} field {self.field!r}: success rate {self.rate:.1%} "
            f"below {ALERT_RATE:.0%}{self.left_out()}"
        )
        if self.ok == 0 and not self.by_xpath and self.present:  # (no value, not even drifted)
            line += (
                f"; no page gives it: templates repair {self.template} --accept-repairs gives "
                "it a new rule, or records it gone when the site no longer has it (no more "
                "alert)"
            )
        return line

    def since(self) -> str:
        """(``learned``) the pages learning never read, counted in the rate: "3 not read when
        learned counted, 1 with a value", or ""."""
        counted = self.unseen - self.unseen_no_anchor
        if not counted:
            return ""
        return f"{counted} not read when learned counted, {self.unseen_ok} with a value"

    def over(self) -> str:
        """The pages the rate is over, in words, saying on what basis: "pages where present
        when learned" (learning's record of the pages with a value), "pages where present"
        (every page not left out), or "" when no page is left out and nothing was learned."""
        if self.basis == "learned":
            return "pages where present when learned"
        if self.basis == "absent" or self.apart():
            return "pages where present"
        return ""

    def basis_note(self) -> str:
        """Why the rate is over every page not learned absent although learning ran: it kept
        no whole record of the pages with a value; "" otherwise."""
        if self.basis != "absent":
            return ""
        if self.unrecorded:
            return (
                "every page not learned absent counted: the template was learned before the "
                "pages with a value were recorded; learn it again (templates learn "
                f"{self.template}) to count the rate over them"
            )
        return (
            "every page not learned absent counted: learning kept no whole record of the "
            "pages with a value"
        )

    def rate_line(self) -> str:
        """The success count as ``evaluate`` prints it, on its basis: "167/170 of pages where
        present when learned (233 learned absent)", "640/640 of pages where present (154
        without the rule's anchor)", or "12/12"."""
        if self.gone is not None:
            return self.gone_line()
        where = self.over()
        if not where:
            return f"{self.ok}/{self.pages}"
        notes = [self.drift_note(), self.since(), self.basis_note()]
        apart = [*self.apart(), *(n for n in notes if n)]
        return f"{self.ok}/{self.present} of {where}" + (f" ({'; '.join(apart)})" if apart else "")

    def left_out(self) -> str:
        """Which pages the rate leaves out, as said after it: " (over 40 pages; 12 without
        the rule's anchor and 3 learned absent left out)", " (over 40 pages where present
        when learned; 3 learned absent left out; 2 not read when learned counted, 0 with a
        value)", or ""."""
        parts = self.apart()
        where = " where present when learned" if self.basis == "learned" else ""
        since = f"; {self.since()}" if self.since() else ""
        if self.drift_note():
            since = f"; {self.drift_note()}{since}"
        if not parts:
            return f" (over {self.present} pages{where}{since})" if where else ""
        return f" (over {self.present} pages{where}; {' and '.join(parts)} left out{since})"

    def kind_lines(self) -> list[str]:
        """The pages empty by nature for their kind, a line per kind, the most pages first:
        "empty on 3 pages — normal for json-* pages? (no value on 3 of its 3 pages)"."""
        if not self.kind_absent:
            return []
        return [
            f"empty on {n} page{'s' if n != 1 else ''} — normal for {label}? "
            "(most pages of that kind have no value; not counted as failures)"
            for label, n in sorted(self.usual_empty.items(), key=lambda kv: -kv[1])
        ]

    def settle_kinds(self, kinds: EmptyKinds, max_failing: int) -> None:
        """(never learned) Sorts the failures kept so far once ``kinds`` is settled: those on
        pages of a kind the field is empty on by nature go apart (``usual_empty``), the
        others are the failures."""
        if self.basis != "site":
            return
        usual: dict[Key, str] = {}
        for key, n in self.pending_keys.items():
            kind = kinds.kind(key)
            if kind is not None and kind in kinds.usual_kinds(self.template, self.field):
                label = kinds.label(kind)
                usual[key] = label
                self.usual_empty[label] = self.usual_empty.get(label, 0) + n
        for key, failure in self.pending:
            if key in usual:
                shown = self.usual_pages.setdefault(usual[key], [])
                if len(shown) < 5:
                    shown.append(failure["url"])
            elif len(self.failing) < max_failing:
                self.failing.append(failure)
        self.pending, self.pending_keys = [], {}

    def failures(self, limit: int = 50) -> list[dict[str, Any]]:
        """The failing pages with their reasons, those without the rule's anchor among them
        when the field has a value nowhere."""
        if self.ok:
            return list(self.failing)
        return [*self.failing, *self.no_anchor_pages][:limit]


@dataclass
class Evaluation:
    """Per template/field stats, pages no template matched, and alerts."""

    fields: dict[tuple[str, str], FieldStats] = dataclasses.field(default_factory=dict)
    pages: int = 0
    unmatched: list[str] = dataclasses.field(default_factory=list)
    errors: list[dict[str, str]] = dataclasses.field(default_factory=list)
    quality: dict[str, dict[str, float]] = dataclasses.field(default_factory=dict)
    #: gold fields that no evaluated template has, and on how many gold pages they are given:
    #: not judged (no rule to judge), and left out of the macro F1
    not_in_template: dict[str, int] = dataclasses.field(default_factory=dict)
    #: gold records whose URL names none of the evaluated pages, each with the evaluated
    #: pages' URLs closest to it ({"url", "near"}): not judged
    gold_missing: list[dict[str, Any]] = dataclasses.field(default_factory=list)

    @property
    def macro_f1(self) -> float | None:
        """The mean of the judged fields' F1 (None without gold)."""
        if not self.quality:
            return None
        return sum(q["f1"] for q in self.quality.values()) / len(self.quality)

    @property
    def alerts(self) -> list[str]:
        return [
            s.alert()
            for s in self.fields.values()
            if s.present and s.rate < ALERT_RATE and s.gone is None
        ]

    def to_dict(self) -> dict[str, Any]:
        return {
            "pages": self.pages,
            "fields": [s.to_dict() for s in self.fields.values()],
            "unmatched": list(self.unmatched),
            "errors": list(self.errors),
            "alerts": self.alerts,
            "quality": self.quality,
            "macro_f1": None if self.macro_f1 is None else round(self.macro_f1, 4),
            "not_in_template": dict(self.not_in_template),
            "gold_missing": [dict(g) for g in self.gold_missing],
        }


def _drifted(
    page: Page, fld: Field, template: Template, result: ExtractResult, trees: dict[str, Any]
) -> dict[str, Any] | None:
    """Whether the field's value on a page learned with a value drifted from the kind learned
    there (``valueshape.drift``); the page is parsed only when the value differs from the one
    learned, once for all the page's fields (``trees``)."""
    learned = learned_records(fld).get(page.url)
    if learned is None or value_print(result.values.get(fld.id), fld.is_list) == learned[0]:
        return None
    if "tree" not in trees:
        try:
            trees["tree"] = page_tree(page)
        except DeboilerError:
            trees["tree"] = None
    if trees["tree"] is None:
        return None
    return page_drift(page, fld, template, trees["tree"])


#: New first items of a list looked for before its learned items.
_HEAD_ITEMS = 3


def _record_value(stats: FieldStats, fld: Field, url: str, value: Any) -> None:
    """Keeps, for ``settle_drift``, the print of a field's value on a page learned with a
    value, and when it is not the learned one, the page with it: for a list whose learned
    items now come after new ones (the learned print is that of the items after the first
    few, or the learned sample's items follow them in order), the print of those new ones."""
    learned = learned_records(fld).get(url)
    if learned is None:
        return
    now = value_print(value, fld.is_list)
    stats.recorded_prints[now] = stats.recorded_prints.get(now, 0) + 1
    if now == learned[0]:
        return
    head = ""
    if fld.is_list and isinstance(value, list):
        sample = (fld.search.fingerprint.get("samples") or {}).get(url)
        norm = [" ".join(str(v).split()) for v in value]
        old = [" ".join(str(v).split()) for v in sample] if isinstance(sample, list) else None
        for k in range(1, min(_HEAD_ITEMS, len(value) - 1) + 1):
            rest = norm[k:]
            if value_print(rest, True) == learned[0] or (
                old is not None and len(rest) >= 2 and rest == old[: len(rest)]
            ):
                head = value_print(norm[:k], True)
                break
    stats.changed.append((url, now, head, preview(value)))


def _reason(result: ExtractResult, fid: str) -> str:
    report = result.fields[fid]
    return (
        "; ".join(
            f"{t['xpath']}: {t['error']}" + (f" ({t['hint']})" if t.get("hint") else "")
            for t in report.tried
        )
        or "no XPath"
    )


def evaluate_steps(
    pages: Iterable[Page],
    templates: Sequence[Template],
    models: dict[str, DomainModel] | None = None,
    *,
    gold: dict[str, dict[str, Any]] | None = None,
    total: int | None = None,
    max_failing: int = 50,
) -> Generator[Progress, None, Evaluation]:
    """Run the templates over pages and gather Wenzhi-style diagnostics; with ``gold`` (url ->
    field -> expected value or list) also per-field precision, recall and F1, their macro F1,
    and the gold fields no template has (not judged)."""
    for t in templates:
        check_template(t)
    ev = Evaluation()
    counts: dict[str, list[int]] = {}
    known = {f.id for t in templates for f in t.fields}
    fields = {(t.name, f.id): f for t in templates for f in t.fields}
    # A gold URL names its page whatever the escapes of characters that need none
    # ('Console$.html' for a page stored as 'Console%24.html'); each record is judged once.
    gold_forms: dict[str, str] | None = None
    judged: set[str] = set()
    seen: list[str] = []
    kinds = EmptyKinds()
    tmpl_by_name = {t.name: t for t in templates}
    for n, page in enumerate(pages, 1):
        ev.pages += 1
        # (the removed subtrees are not reported: a page is cleaned only when a field needs it)
        result = extract_page(page, templates, (models or {}).get(page.site), removed_paths=False)
        # The page parsed once for the fields whose value changed since learning.
        trees: dict[str, Any] = {}
        if result.status == "no-template":
            ev.unmatched.append(page.url)
        elif result.status == "error":
            ev.errors.append({"url": page.url, "error": result.error or ""})
        else:
            for fid, report in result.fields.items():
                stats = ev.fields.setdefault(
                    (result.template, fid), FieldStats(result.template, fid)
                )
                stats.pages += 1
                fld = fields.get((result.template or "", fid))
                gone = recorded_gone(fld) if fld is not None else None
                if gone is not None:
                    # Recorded gone by repair: no rule, nothing to count on any page.
                    stats.gone = gone
                    continue
                record = learned_present(fld) if fld is not None else None
                if record is not None:
                    # The rate is over the pages where learning found the field with a value
                    # and those it never read; a page it found the field absent on is apart.
                    stats.basis = "learned"
                    has = report.status == "ok"
                    if has:
                        stats.by_xpath[report.xpath] = stats.by_xpath.get(report.xpath, 0) + 1
                    if page.url in record:
                        stats.recorded += 1
                        drifted = (
                            _drifted(page, fld, tmpl_by_name[result.template or ""], result, trees)
                            if has and fld is not None
                            else None
                        )
                        if drifted is not None:
                            # Another value than learned here, of another shape: the rule
                            # takes other nodes (a list after the menu was removed).
                            has = False
                            stats.drifted += 1
                            if len(stats.failing) < max_failing:
                                stats.failing.append(
                                    {
                                        "url": page.url,
                                        "reason": "another kind of value than learned: "
                                        f"{preview(drifted['value'])}; {drifted['why']}",
                                        "drift": drifted["why"],
                                    }
                                )
                        if has and fld is not None:
                            _record_value(stats, fld, page.url, result.values.get(fid))
                        stats.ok += int(has)
                        if not has and len(stats.failing) < max_failing:
                            reason = _reason(result, fid)
                            if report.absent == ABSENT_NO_ANCHOR:
                                reason += " (the page lacks the rule's anchor)"
                            stats.failing.append({"url": page.url, "reason": reason})
                    elif fld is not None and page.url in learned_absent(fld):
                        stats.absent += 1
                        stats.absent_filled += int(has)
                    else:
                        # Added since learning: counted as on a site never learned.
                        stats.unseen += 1
                        stats.unseen_ok += int(has)
                        stats.ok += int(has)
                        if not has and report.absent == ABSENT_NO_ANCHOR:
                            stats.unseen_no_anchor += 1
                        elif not has and len(stats.failing) < max_failing:
                            reason = f"{_reason(result, fid)} (not read when learned)"
                            stats.failing.append({"url": page.url, "reason": reason})
                    continue
                if fld is not None and "absent" in fld.search.fingerprint:
                    stats.basis = "absent"
                    stats.unrecorded = "present" not in fld.search.fingerprint
                if stats.basis == "site":
                    kinds.add(result.template or "", fid, page.url, report.status == "ok")
                if report.status == "ok":
                    stats.ok += 1
                    stats.by_xpath[report.xpath] = stats.by_xpath.get(report.xpath, 0) + 1
                elif (
                    report.status == "empty" and fld is not None and page.url in learned_absent(fld)
                ):
                    stats.absent += 1
                elif report.status == "empty" and report.absent == ABSENT_NO_ANCHOR:
                    stats.no_anchor += 1
                    if len(stats.no_anchor_pages) < max_failing:
                        reason = f"{_reason(result, fid)} (the page lacks the rule's anchor)"
                        stats.no_anchor_pages.append({"url": page.url, "reason": reason})
                elif stats.basis == "site":
                    # judged once the kinds of pages are known: empty by nature there, or failing
                    ukey = url_key(page.url)
                    stats.pending_keys[ukey] = stats.pending_keys.get(ukey, 0) + 1
                    if len(stats.pending) < FAILURES_KEPT * max_failing:
                        failure = {"url": page.url, "reason": _reason(result, fid)}
                        stats.pending.append((ukey, failure))
                elif len(stats.failing) < max_failing:
                    stats.failing.append({"url": page.url, "reason": _reason(result, fid)})
        key: str | None = None
        if gold is not None:
            seen.append(page.url)
            key = page.url if page.url in gold else None
            if key is None:
                if gold_forms is None:
                    gold_forms = url_forms(gold)
                key = gold_forms.get(url_form(page.url))
            if key in judged:
                key = None
        if gold is not None and key is not None:
            judged.add(key)
            for fid, expected in gold[key].items():
                if fid not in known:
                    ev.not_in_template[fid] = ev.not_in_template.get(fid, 0) + 1
                    continue
                # correct, extracted, expected; pages where the gold says absent, and of
                # those the ones the rule filled
                c = counts.setdefault(fid, [0, 0, 0, 0, 0])
                got = result.values.get(fid)
                ok_items, n_got, n_exp = compare_values(got, expected)
                c[0] += ok_items
                c[1] += n_got
                c[2] += n_exp
                if expected in (None, "", []):
                    c[3] += 1
                    c[4] += int(got not in (None, "", []))
        yield Progress(n, total, page.url)
    kinds.settle()
    for (tname, fid), stats in ev.fields.items():
        stats.settle_kinds(kinds, max_failing)
        fld = fields.get((tname or "", fid))
        if fld is not None:
            stats.settle_drift(fld, max_failing)
    if gold is not None:
        missing = [u for u in gold if u not in judged]
        forms = url_forms(seen) if missing else {}
        ev.gold_missing = [
            # the closest URLs for the first few (each is a comparison with every page)
            {"url": u, "near": near_urls(u, forms) if i < NEAR_NAMED else []}
            for i, u in enumerate(missing)
        ]
    for fid, (correct, got, exp, absent, filled) in counts.items():
        ev.quality[fid] = {
            # Nothing extracted (or nothing expected) is no error: 100%.
            "precision": correct / got if got else 1.0,
            "recall": correct / exp if exp else 1.0,
            # 2PR/(P+R) from the counts: nothing extracted and nothing expected is 1.0
            "f1": 2 * correct / (got + exp) if got + exp else 1.0,
            "extracted": got,
            "expected": exp,
            "absent": absent,
            "absent_filled": filled,
        }
    return ev


def _norm(value: Any) -> str:
    """A value as gold is compared: every run of white space (new lines too: a table row's
    cells are lines of its text) one space, case folded."""
    return " ".join(str(value).split()).casefold()


def compare_values(got: Any, expected: Any) -> tuple[int, int, int]:
    """(correct, extracted, expected) item counts: lists compare item by item as multisets,
    scalars by equality, both with white space runs made one space and case folded."""
    if isinstance(expected, list):
        got_items = (
            [_norm(v) for v in (got or [])]
            if isinstance(got, list)
            else ([_norm(got)] if got else [])
        )
        exp_items = [_norm(v) for v in expected]
        pool = list(got_items)
        correct = 0
        for item in exp_items:
            if item in pool:
                pool.remove(item)
                correct += 1
        return correct, len(got_items), len(exp_items)
    got_s = _norm(got) if got not in (None, "", []) else ""
    # null (or "") in a gold file: the field is absent on that page; a rule giving nothing
    # there is right (it counts neither as extracted nor as expected), one giving a value
    # is a false positive.
    exp_s = _norm(expected) if expected not in (None, "") else ""
    return int(bool(got_s) and got_s == exp_s), int(bool(got_s)), int(bool(exp_s))


# --------------------------------------------------------------------------- output


def extraction_record(result: ExtractResult, *, diagnostics: bool = False) -> dict[str, Any]:
    record: dict[str, Any] = {
        "url": result.url,
        "template": result.template,
        "status": result.status,
    }
    record.update(result.values)
    if result.error:
        record["error"] = result.error
    if diagnostics:
        record["diagnostics"] = {k: v.to_dict() for k, v in result.fields.items()}
    return record


def write_extractions(
    path: str | os.PathLike[str],
    records: Iterable[dict[str, Any]],
    columns: Sequence[str],
    fmt: str | None = None,
) -> int:
    """Write extraction records as JSON lines or CSV (list values JSON-encoded in CSV); the
    file appears only when complete."""
    target = Path(path)
    fmt = fmt or {".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "jsonl", ".csv": "csv"}.get(
        target.suffix.lower()
    )
    if fmt not in ("jsonl", "csv"):
        raise InputError(
            f"{target}: cannot tell the output format from the extension; use .jsonl or .csv"
        )
    folder = target.parent if str(target.parent) else Path(".")
    check_output_path(target)
    make_folder(folder, target)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=folder)
    # mkstemp's 0600 is for secrets: the records get the mode any new file of the user gets
    os.fchmod(fd, 0o666 & ~_current_umask())
    count = 0
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="" if fmt == "csv" else "\n") as fh:
            if fmt == "jsonl":
                for rec in records:
                    fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
                    count += 1
            else:
                cols = ["url", "template", "status", *columns, "error"]
                writer = csv.DictWriter(fh, fieldnames=cols, extrasaction="ignore")
                writer.writeheader()
                for rec in records:
                    row = {
                        k: (json.dumps(v, ensure_ascii=False) if isinstance(v, list | dict) else v)
                        for k, v in rec.items()
                    }
                    writer.writerow(row)
                    count += 1
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return count
