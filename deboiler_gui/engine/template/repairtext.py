"""What a template repair says and what accepting it takes, for ``templates repair`` and the
app's Template health alike: the pages and model a workspace's repair reads, the text of every
field's finding (status, score, rule, evidence), the rows the app lists, and which fields
``--accept-repairs`` (with ``--accept-unsure``) would take. One module, so the command and the
app never disagree on what is proposed or accepted."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator, Iterable, Sequence
from typing import Any

from deboiler_gui.engine.model import InputError, Progress
from deboiler_gui.engine.template.model import Template
from deboiler_gui.engine.template.repair import ACCEPT_SCORE, RepairProposal, several_words
from deboiler_gui.engine.template.valuerepair import (
    UNSURE_FLOOR,
    FieldRepair,
    TemplateRepair,
    repair_template_steps,
)
from deboiler_gui.engine.words import count

#: What ``templates repair`` prints for a template learned before values were kept when the
#: search finds nothing.
NO_PROPOSAL = "No repair proposed (every field works, or no node passed the search threshold)."

#: Row statuses of search-rule proposals (a field's learned-values status is its own); a
#: proposal that takes the first of several nodes where the old rule selected one is 'unsure'.
PROPOSED = "proposed"
BELOW_THRESHOLD = "below threshold"
UNSURE = "unsure"


# --------------------------------------------------------------------------- running it


def workspace_repair_steps(
    ws: Any, template: Template
) -> Generator[Progress, None, TemplateRepair]:
    """Repair ``template`` over the workspace's pages of its site (every site's when it names
    none) with that site's saved model: the input ``templates repair`` and the app share."""
    pages = list(ws.iter_pages(template.site or None))
    model = ws.load_model(template.site) if template.site else None
    return (yield from repair_template_steps(pages, template, model))


# --------------------------------------------------------------------------- text


def counts_text(ev: dict[str, Any]) -> str:
    """How the field's rule fares on the learned pages."""
    text = (
        f"agree {ev.get('agree', 0)}, wrong {ev.get('wrong', 0)}, missing {ev.get('missing', 0)}, "
        f"filled {ev.get('filled', 0)} of {ev.get('pages', 0)} learned pages"
    )
    if ev.get("items_missing"):
        text += f" ({count(ev['items_missing'], 'learned item')} not given back)"
    return text


def field_line(r: FieldRepair) -> str:
    """One field's finding against its learned values: status, the proposed rule and its
    score, the counts on the learned pages, and the reason."""
    ev = r.evidence
    line = f"{r.field}: {r.status}"
    if r.status in ("repaired", "unsure") and r.xpath:
        line += (
            f" ({ev.get('was', '')}) -> {' then '.join(r.xpaths or [r.xpath])}  score {r.score:.2f}"
        )
    return f"{line}; {counts_text(ev)}" + (f"; {ev['reason']}" if ev.get("reason") else "")


def _page(url: str) -> str:
    return url.rsplit("/", 1)[-1] or url


def still_matches_lines(r: FieldRepair) -> list[str]:
    """For a field answered 'gone' whose rules still give values on pages of the site: where,
    what, and what accepting does with it; [] otherwise."""
    still = r.evidence.get("still_matches") if r.status == "gone" else None
    if not still:
        return []
    n = int(still["count"])
    shown = "; ".join(f"{_page(u)}: {v}" for u, v in list(still["values"].items())[:4])
    line = (
        f"still matches on {count(n, 'page')}, but not the learned kind of values (its learned "
        f"values are gone from the learned pages): {shown}" + ("; …" if n > 4 else "")
    )
    out = [line]
    if still.get("other_kind"):
        why = "; ".join(f"{_page(u)}: {w}" for u, w in list(still["why"].items())[:3])
        out.append(
            f"on {count(int(still['other_kind']), 'page')} learned with a value, it is now "
            f"another value of another shape ({why})"
        )
    out.append(GONE_RECORD.format(field=r.field))
    return out


#: What accepting does with a field answered 'gone'.
GONE_RECORD = (
    "accepting records {field} as gone: no rule, extraction leaves it empty on every page "
    "(the version before keeps its rule)"
)


def look_at(r: FieldRepair) -> list[str]:
    """Learned pages to look at for a field that is not ok (at most three): where its rule
    fails, else where the proposed rule selects several nodes with different values (it takes
    the first of them)."""
    ev = r.evidence
    bad = ev.get("bad_pages") or (ev.get("several") or {}).get("pages") or []
    return list(bad[:3]) if r.status != "ok" else []


def how_failed(was: str) -> str:
    if was == "drift":
        return "drifted to one same value on pages outside the learned ones"
    return "fails on pages outside the learned ones"


def proposal_note(p: RepairProposal) -> str:
    """What a search-rule proposal says of the nodes its rule selects: narrowed from a rule
    that took the first of several, or why the one-node check could not be made ("")."""
    if p.narrowed:
        return (
            f"; narrowed to the one node: {p.narrowed['xpath']} selects {several_words(p.narrowed)}"
        )
    if p.relearn:
        return f"; {p.relearn}: learn again for {p.field} (templates learn)"
    return ""


def several_reason(p: RepairProposal) -> str:
    """Why a proposal that takes the first of several nodes is not accepted."""
    return (
        f"unsure: it selects {several_words(p.several)}; it takes the first of them, and no "
        "rule that selects the one node was found"
    )


def proposal_line(p: RepairProposal) -> str:
    """A search-rule proposal for a field that still gives its learned values."""
    return (
        f"{p.field}: {how_failed(p.was)} -> {p.xpath}  score {p.score:.2f}  fixes "
        f"{count(len(p.fixes), 'page')}  e.g. {p.url}: {p.value[:60]!r}" + proposal_note(p)
    )


def weak_line(p: RepairProposal) -> str:
    """A field's best search-rule candidate below the acceptance threshold (or one that takes
    the first of several nodes where the old rule selected one: 'unsure')."""
    if p.several:
        return (
            f"{p.field}: {how_failed(p.was)}; best candidate {p.xpath}  score {p.score:.2f} "
            f"(not accepted)  fixes {len(p.fixes)} page(s)  e.g. {p.url}: {p.value[:60]!r}; "
            + several_reason(p)
        )
    return (
        f"{p.field}: {how_failed(p.was)}; best candidate {p.xpath}  score {p.score:.2f} "
        f"(below {ACCEPT_SCORE}, not accepted)  fixes {len(p.fixes)} page(s)  e.g. {p.url}: "
        f"{p.value[:60]!r}" + proposal_note(p)
    )


def unlearned_line(p: RepairProposal) -> str:
    """A search-rule proposal of a template learned before values were kept."""
    drift = " (drifted: one same value on the pages)" if p.was == "drift" else ""
    return (
        f"{p.field}: {p.xpath}{drift}  score {p.score:.2f}  fixes {count(len(p.fixes), 'page')}  "
        f"e.g. {p.url}: {p.value[:60]!r}"
        + (f"; {several_reason(p)} (not accepted)" if p.several else proposal_note(p))
    )


def proposal_look_at(p: RepairProposal) -> list[str]:
    """Pages to look at for a search-rule proposal: where its rule selects several nodes
    (at most three), else the page it was found on."""
    if p.several:
        return list(p.several.get("pages") or [])[:3]
    return [p.url] if p.url else []


def stale_lines(name: str, r: FieldRepair) -> list[str]:
    """What a field answered 'unsure' after drifting keeps, and how to fix it."""
    cur = r.evidence["current"]
    parts = [f"other values on {cur['wrong']} of {cur['pages']} learned pages"]
    if cur["filled"]:
        parts.append(f"a value on {cur['filled']} where the field was absent")
    if cur["constant"]:
        parts.append("one same value on every page while the learned values vary")
    pages = ", ".join(cur["bad_pages"][:3])
    return [
        f"current rule {' then '.join(cur['xpaths'])} is kept when accepting, and its values are "
        f"likely wrong: {'; '.join(parts)}" + (f" (e.g. {pages})" if pages else ""),
        f"fix: re-author {r.field} from clicked examples (suggest --examples), or accept the "
        f"proposed rule: templates repair {name} --accept-repairs "
        + (
            f"--accept-unsure {r.field}"
            if r.xpath and r.score >= UNSURE_FLOOR
            else f"--force-unsure {r.field} (it scored {r.score:.2f}, below {UNSURE_FLOOR}: "
            "check its pages first)"
        ),
    ]


def below_floor_line(name: str, r: FieldRepair) -> str:
    """Why an 'unsure' field is not accepted on a person's word alone, and what to do."""
    ev = r.evidence
    if not r.xpath:
        what = f"{r.field}: no rule was proposed"
    else:
        what = (
            f"{r.field}: its proposal scored {r.score:.2f}, below {UNSURE_FLOOR} (agree "
            f"{ev.get('agree', 0)}, wrong {ev.get('wrong', 0)}, missing {ev.get('missing', 0)} "
            f"of {ev.get('pages', 0)} learned pages)"
        )
    return (
        f"{what}: re-author {r.field} from clicked examples (suggest --examples … --save {name} "
        f"--field {r.field})"
        + (
            f", or, having checked its pages, accept it with --force-unsure {r.field}"
            if r.xpath
            else ""
        )
    )


def stale_summary(name: str, stale: Sequence[FieldRepair], version: int | None) -> str:
    """The closing line naming the fields whose kept rule likely gives wrong values."""
    fields = ", ".join(r.field for r in stale)
    return (
        f"{name}: {fields}: rule kept{' in version ' + str(version) if version is not None else ''}, "
        "but its values are likely wrong (see above): re-author, or accept the "
        "proposed rule with --accept-unsure"
    )


def still_broken(
    repairs: Iterable[FieldRepair], fixed: Iterable[str], stale: Sequence[FieldRepair] = ()
) -> list[FieldRepair]:
    """The fields a saved version leaves as they were though they are not ok (broken,
    drifted, unsure, gone): not among ``fixed``, nor ``stale`` (named in a line of their own)."""
    done = set(fixed) | {r.field for r in stale}
    return [r for r in repairs if r.status != "ok" and r.field not in done]


def fewer_pages(repairs: Iterable[FieldRepair], fixed: Iterable[str]) -> dict[str, int]:
    """Accepted fields whose saved rule gives no value on learned pages the old template
    filled (their count): a repair that covers fewer pages than the field had."""
    done = set(fixed)
    return {
        r.field: int(r.evidence.get("missing") or 0)
        for r in repairs
        if r.field in done and r.status != "gone" and r.evidence.get("missing")
    }


def accepted_line(
    name: str,
    version: int,
    fixed: Sequence[str],
    left: Sequence[FieldRepair],
    fewer: dict[str, int] | None = None,
    *,
    see: str = "see above",
    gone: Sequence[str] = (),
) -> str:
    """The closing line of an accepted repair: the version, the fields it repaired (those it
    recorded gone, ``gone``, said so), those of them that now give no value on some learned
    pages the old template filled, and the fields it leaves broken, each with its answer
    (``see``: where its finding is shown)."""
    named = [f"{f} recorded gone" if f in gone else f for f in fixed]
    line = f"{name}: repairs accepted as version {version} ({', '.join(named)})"
    if fewer:
        line += "; no value on learned pages the field had: " + ", ".join(
            f"{f} ({count(n, 'page')}: {see})" for f, n in fewer.items()
        )
    # a field with a repair of its own not accepted yet (the app accepts one row at a time)
    waiting = [r for r in left if r.status == "repaired"]
    broken = [r for r in left if r.status != "repaired"]
    if broken:
        line += "; still broken: " + ", ".join(f"{r.field} ({r.status}: {see})" for r in broken)
    if waiting:
        line += "; repair not accepted yet: " + ", ".join(f"{r.field} ({see})" for r in waiting)
    return line


def closing_line(
    name: str,
    version: int,
    repairs: Iterable[FieldRepair],
    fixed: Sequence[str],
    stale: Sequence[FieldRepair] = (),
    *,
    see: str = "see above",
) -> str:
    """What ``templates repair --accept-repairs`` and the app's Template health say once a
    repair is saved as ``version``, worded from the fields' findings (``repairs``): the fields
    it repaired (``fixed``), those of them with no value on learned pages the field had, and
    the fields it leaves broken, drifted, unsure or gone (``stale`` apart: named in a line of
    their own)."""
    found = list(repairs)
    return accepted_line(
        name,
        version,
        fixed,
        still_broken(found, fixed, stale),
        fewer_pages(found, fixed),
        see=see,
        gone=[r.field for r in found if r.status == "gone" and r.field in set(fixed)],
    )


#: Where the app's closing line sends the reader for a field's finding.
SEE_ROW = "see its row in Template health"


def row_closing_line(row: dict[str, Any], version: int, rows: Iterable[dict[str, Any]]) -> str:
    """The closing line for one row of ``repair_rows`` accepted as ``version``, as
    ``closing_line`` words it: ``rows`` are the template's rows whose fields no accept has
    changed since the repair ran (``row`` among them), each holding its field's finding."""
    name, field = row["template"], row["field"]
    found: dict[str, FieldRepair] = {}
    for r in [row, *rows]:
        if r["template"] == name:
            for f in repair_from_dict(r["repair"]).fields:
                found.setdefault(f.field, f)
    return closing_line(name, version, found.values(), [field], see=SEE_ROW)


def nothing_saved(repairs: Iterable[FieldRepair]) -> str:
    """Why --accept-repairs saved nothing: each field that is not 'ok' and its answer."""
    off = [r for r in repairs if r.status != "ok"]
    if not off:
        return "every field still gives its learned values"
    why = (
        "no field was repaired ("
        + ", ".join(
            f"{r.field} {r.status}"
            + (
                ", recorded so already"
                if r.status == "gone" and r.evidence.get("recorded_gone")
                else ""
            )
            for r in off
        )
        + ")"
    )
    unsure = [r.field for r in off if r.status == "unsure" and r.xpath and r.score >= UNSURE_FLOOR]
    if unsure:
        why += (
            f"; after looking at its pages, take a proposed rule with --accept-unsure {unsure[0]}"
        )
    return why


def accept_message(fields: Iterable[str]) -> str:
    """The message of the version that accepting saves."""
    return "accept repairs: " + ", ".join(fields)


def report_lines(name: str, found: TemplateRepair, stale: Sequence[FieldRepair] = ()) -> list[str]:
    """The body ``templates repair`` prints for a template (its header, version and closing
    lines apart)."""
    if not found.learned_values:
        if not found.proposals:
            return [NO_PROPOSAL]
        out = []
        for p in found.proposals:
            out.append(unlearned_line(p))
            if p.several:
                out.append(f"    look at: {', '.join(proposal_look_at(p))}")
        return out
    out = []
    recorded = set(found.gone_fields())
    for r in found.fields:
        out.append(field_line(r))
        pages = look_at(r)
        if pages:
            out.append(f"    look at: {', '.join(pages)}")
        out.extend(f"    {text}" for text in still_matches_lines(r))
        if r.field in recorded and not r.evidence.get("still_matches"):
            out.append(f"    {GONE_RECORD.format(field=r.field)}")
        if r in stale:
            out.extend(f"    {text}" for text in stale_lines(name, r))
        if r.evidence.get("relearn"):
            out.append(f"    {r.evidence['relearn']}")
    out.extend(proposal_line(p) for p in found.proposals)
    for p in found.weak:
        out.append(weak_line(p))
        if p.several:
            out.append(f"    look at: {', '.join(proposal_look_at(p))}")
    return out


# --------------------------------------------------------------------------- decisions


def unsure_refusal(name: str, found: TemplateRepair, field: str) -> str:
    """Why ``--accept-unsure FIELD`` would take nothing for ``field`` ('' when it would take the
    proposed rule)."""
    r = next((x for x in found.fields if x.field == field), None)
    if r is None or r.status != "unsure":
        return f"{field}: only a field answered 'unsure' is accepted this way"
    if found.below_floor([field]):
        return below_floor_line(name, r)
    return ""


def accept_field(
    found: TemplateRepair, template: Template, field: str, *, unsure: bool = False
) -> Template:
    """``template`` with ``field`` changed exactly as ``templates repair --accept-repairs``
    changes it (with ``unsure``: as ``--accept-unsure FIELD`` does), every other field as it
    is. Raises InputError when that takes nothing for the field (nothing to accept, an 'unsure'
    field without ``unsure``, or a proposal below ``UNSURE_FLOOR``)."""
    taken = [field] if unsure else []
    if unsure:
        why = unsure_refusal(template.name, found, field)
        if why:
            raise InputError(f"nothing saved; {why}")
    if field not in found.fixed_fields(taken):
        raise InputError(f"{template.name}: accepting the repairs takes nothing for {field}")
    return template.with_field(found.accepted(template, taken).field(field))


# --------------------------------------------------------------------------- plain data


def repair_to_dict(found: TemplateRepair) -> dict[str, Any]:
    """Everything accepting needs, as plain data with unrounded scores (the decision compares
    them with the thresholds), so a repair can be accepted in another process."""
    return {
        "template": found.template,
        "learned_values": found.learned_values,
        "fields": [dataclasses.asdict(r) for r in found.fields],
        "proposals": [dataclasses.asdict(p) for p in found.proposals],
        "weak": [dataclasses.asdict(p) for p in found.weak],
        "stats": dict(found.stats),
    }


def repair_from_dict(data: dict[str, Any]) -> TemplateRepair:
    return TemplateRepair(
        data["template"],
        bool(data["learned_values"]),
        fields=[FieldRepair(**r) for r in data.get("fields", [])],
        proposals=[RepairProposal(**p) for p in data.get("proposals", [])],
        weak=[RepairProposal(**p) for p in data.get("weak", [])],
        stats=dict(data.get("stats", {})),
    )


def for_field(found: TemplateRepair, field: str) -> TemplateRepair:
    """The part of a template's repair about one field: accepting it changes that field as
    accepting the whole repair would."""
    return TemplateRepair(
        found.template,
        found.learned_values,
        fields=[r for r in found.fields if r.field == field],
        proposals=[p for p in found.proposals if p.field == field],
        weak=[p for p in found.weak if p.field == field],
        stats=dict(found.stats),
    )


def repair_rows(found: TemplateRepair, template: Template) -> list[dict[str, Any]]:
    """One row per line ``templates repair`` prints for the template, in its order: each
    field's finding against its learned values, then the search-rule proposals and the best
    candidates below the threshold (or, for a template learned before values were kept, its
    search-rule proposals). Each row says whether accepting the repairs takes it (``accept``),
    whether ``--accept-unsure`` would (``accept_unsure``) and, when neither, why not, and
    holds the field's part of the repair and its queue at the time, to accept it later."""
    name = template.name
    plain = set(found.fixed_fields())
    best = {p.field: p for p in found.best_proposals()}
    stale = found.stale()

    def queue(field: str) -> list[str]:
        try:
            return list(template.field(field).xpaths)
        except Exception:  # noqa: BLE001 - a field the template lost since is shown, not taken
            return []

    def row(field: str, kind: str, status: str, **kw: Any) -> dict[str, Any]:
        base = {
            "template": name,
            "field": field,
            "kind": kind,
            "status": status,
            "score": None,
            "xpath": "",
            "xpaths": [],
            "fixes": None,
            "of": None,
            "evidence": "",
            "example": None,
            "look_at": [],
            "lines": [],
            "accept": False,
            "accept_unsure": False,
            "why_not": "",
            "why_not_unsure": "",
            "current": queue(field),
            "repair": repair_to_dict(for_field(found, field)),
        }
        base.update(kw)
        return base

    rows = []
    for r in found.fields:
        ev = r.evidence
        proposes = r.status in ("repaired", "unsure") and bool(r.xpath)
        lines = [field_line(r), *still_matches_lines(r)]
        if r in stale:
            lines.extend(stale_lines(name, r))
        if ev.get("relearn"):
            lines.append(str(ev["relearn"]))
        # (a field answered 'gone' is taken as recorded gone: no rule)
        taken = r.status in ("repaired", "gone") and r.field in plain
        why_unsure = unsure_refusal(name, found, r.field)
        if taken:
            why = ""
        elif r.status == "unsure":
            why = "unsure: accepting the repairs keeps the field's current rule" + (
                "; after looking at its pages, --accept-unsure takes the proposed one"
                if not why_unsure
                else ""
            )
        elif r.status == "ok":
            why = "the field gives its learned values: nothing to repair"
        else:
            why = f"{r.status}: no rule to accept" + (
                f" ({ev['reason']})" if ev.get("reason") else ""
            )
        rows.append(
            row(
                r.field,
                "learned values",
                r.status,
                score=r.score if proposes else None,
                xpath=r.xpath if proposes else "",
                xpaths=list(r.xpaths or [r.xpath]) if proposes else [],
                fixes=int(ev.get("agree", 0)),
                of=int(ev.get("pages", 0)),
                evidence=counts_text(ev) + (f"; {ev['reason']}" if ev.get("reason") else ""),
                look_at=look_at(r),
                lines=lines,
                accept=taken,
                accept_unsure=not why_unsure,
                why_not=why,
                why_not_unsure=why_unsure,
                stale=r in stale,
            )
        )
    if not found.learned_values:
        for p in found.proposals:
            taken = best.get(p.field) is p
            if taken:
                why = ""
            elif p.several:
                why = f"{several_reason(p)}: shown to judge, never accepted"
            elif p.field in best:
                why = (
                    f"accepting the repairs takes the field's best-scoring proposal: "
                    f"{best[p.field].xpath} (score {best[p.field].score:.2f})"
                )
            else:
                why = "accepting the repairs takes no proposal of this field"
            rows.append(
                _proposal_row(
                    row, p, UNSURE if p.several else PROPOSED, unlearned_line(p), taken, why
                )
            )
        return rows
    for p in found.proposals:
        rows.append(_proposal_row(row, p, PROPOSED, proposal_line(p), best.get(p.field) is p, ""))
    for p in found.weak:
        rows.append(
            _proposal_row(
                row,
                p,
                UNSURE if p.several else BELOW_THRESHOLD,
                weak_line(p),
                False,
                f"{several_reason(p)}: shown to judge, never accepted"
                if p.several
                else f"scores {p.score:.2f}, below {ACCEPT_SCORE}: shown to judge, never accepted",
            )
        )
    return rows


def _proposal_row(
    row: Any, p: RepairProposal, status: str, line: str, taken: bool, why: str
) -> dict[str, Any]:
    scores = ", ".join(f"{k} {v:.2f}" for k, v in sorted(p.scores.items()) if v)
    return dict(
        row(
            p.field,
            "search rules",
            status,
            score=p.score,
            xpath=p.xpath,
            xpaths=[p.xpath],
            fixes=len(p.fixes),
            evidence=f"{how_failed(p.was)}" + (f"; {scores}" if scores else ""),
            example={"url": p.url, "value": p.value[:200]},
            look_at=proposal_look_at(p),
            lines=[line],
            accept=taken,
            why_not=why,
            why_not_unsure=f"{p.field}: only a field answered 'unsure' is accepted this way",
        )
    )


__all__ = [
    "BELOW_THRESHOLD",
    "NO_PROPOSAL",
    "PROPOSED",
    "UNSURE",
    "accept_field",
    "accept_message",
    "below_floor_line",
    "closing_line",
    "counts_text",
    "field_line",
    "for_field",
    "row_closing_line",
    "how_failed",
    "look_at",
    "proposal_line",
    "proposal_look_at",
    "proposal_note",
    "repair_from_dict",
    "repair_rows",
    "repair_to_dict",
    "report_lines",
    "stale_lines",
    "stale_summary",
    "still_matches_lines",
    "unlearned_line",
    "unsure_refusal",
    "weak_line",
    "workspace_repair_steps",
]
