"""The self-contained HTML review report: per-rule impact, likely eaten pages, template health,
failing pages and boilerplate groups, with inline CSS and SVG charts (no scripts, no requests)."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Generator, Sequence
from datetime import UTC, datetime
from typing import Any

from deboiler_gui import __version__, assets
from deboiler_gui.engine.model import DomainModel, Progress, WorkspaceError
from deboiler_gui.engine.progress import Steps
from deboiler_gui.engine.review.groups import BoilerplateGroup, group_decisions, group_steps
from deboiler_gui.engine.review.health import HealthReport, health_steps
from deboiler_gui.engine.review.impact import (
    AUTO,
    DEFAULT_MAX_EATEN,
    ImpactReport,
    PageReview,
    cause_colour,
    escape,
    impact_steps,
    review_page,
    template_for,
)
from deboiler_gui.engine.template.model import Template

log = logging.getLogger(__name__)

#: Rows shown per table before "… and N more" (the report stays small on 10,000-page sites).
MAX_ROWS = 200


def _css() -> str:
    return assets.text("report/report.css")


def _num(n: float) -> str:
    return f"{n:,.0f}"


def _pct(x: float) -> str:
    return f"{x:.1%}"


def bar_chart(rows: Sequence[tuple[str, float, str]], *, width: int = 640, unit: str = "") -> str:
    """A horizontal bar chart as inline SVG: (label, value, colour) per bar."""
    if not rows:
        return '<p class="muted">Nothing to chart.</p>'
    bar_h, gap, label_w = 18, 6, 230
    top = max(v for _l, v, _c in rows) or 1.0
    height = len(rows) * (bar_h + gap) + gap
    parts = [
        f'<svg class="chart" role="img" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
    ]
    span = width - label_w - 90
    for i, (label, value, colour) in enumerate(rows):
        y = gap + i * (bar_h + gap)
        w = max(1.0, span * value / top) if value else 0.0
        short = label if len(label) <= 34 else label[:33] + "…"
        parts.append(
            f'<text x="{label_w - 6}" y="{y + 13}" text-anchor="end" class="lbl"><title>{escape(label)}</title>{escape(short)}</text>'
        )
        parts.append(
            f'<rect x="{label_w}" y="{y}" width="{w:.1f}" height="{bar_h}" rx="2" fill="{escape(colour)}"/>'
        )
        parts.append(
            f'<text x="{label_w + w + 6:.1f}" y="{y + 13}" class="val">{escape(_num(value) + unit)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def share_histogram(shares: Sequence[float], max_eaten: float, *, width: int = 640) -> str:
    """Pages by share of text removed, in ten bins; bins above ``max_eaten`` drawn in red."""
    bins = [0] * 10
    for s in shares:
        bins[min(9, max(0, int(s * 10)))] += 1
    top = max(bins) or 1
    height, base, bw = 150, 125, (width - 40) / 10
    parts = [
        f'<svg class="chart" role="img" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
    ]
    for i, n in enumerate(bins):
        h = 110 * n / top
        x = 20 + i * bw
        colour = "#d0021b" if (i + 1) / 10 > max_eaten else "#4a7fb5"
        parts.append(
            f'<rect x="{x + 2:.1f}" y="{base - h:.1f}" width="{bw - 4:.1f}" height="{h:.1f}" fill="{colour}"><title>{i * 10}-{i * 10 + 10}%: {n} pages</title></rect>'
        )
        parts.append(
            f'<text x="{x + bw / 2:.1f}" y="{base - h - 3:.1f}" text-anchor="middle" class="val">{n}</text>'
        )
        parts.append(
            f'<text x="{x + bw / 2:.1f}" y="{base + 14}" text-anchor="middle" class="lbl">{i * 10}%</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _link(url: str) -> str:
    return f'<a href="{escape(url)}">{escape(url)}</a>'


def _more(n: int) -> str:
    return f'<p class="muted">… and {_num(n)} more</p>' if n > 0 else ""


def _impact_section(impact: ImpactReport, details: dict[str, str] | None = None) -> str:
    details = details or {}
    causes = [c for c in impact.causes.values() if c.pages]
    rows = []
    for c in causes:
        avg = c.chars / c.pages if c.pages else 0
        nm = "".join(f"<li>{_link(u)}</li>" for u in c.no_match[:20]) + (
            f"<li class='muted'>… {len(c.no_match) - 20} more</li>" if len(c.no_match) > 20 else ""
        )
        detectors = ", ".join(f"{escape(k)}: {_num(v)}" for k, v in sorted(c.detectors.items()))
        rows.append(
            f"<tr><td><span class='sw' style='background:{cause_colour(c.cause)}'></span>{escape(c.cause)}"
            f"{f'<div class=muted>{detectors}</div>' if detectors else ''}</td>"
            f"<td>{_num(c.pages)}</td><td>{_num(c.pages_hit)}</td><td>{_num(c.chars)}</td><td>{_num(c.blocks)}</td><td>{_num(avg)}</td>"
            f"<td>{_num(len(c.no_match))}{f'<details><summary>pages</summary><ul>{nm}</ul></details>' if c.no_match else ''}</td>"
            f"<td>{_num(c.shadowed) if c.cause != AUTO else '—'}</td>"
            f"<td>{_num(c.alone_chars) if c.cause != AUTO else '—'}</td>"
            f"<td class=effect>{escape(c.summary())}</td></tr>"
        )
    chart = bar_chart(
        [
            (c.cause, float(c.chars), cause_colour(c.cause, next(iter(c.detectors), "")))
            for c in causes
        ],
        unit=" chars",
    )
    eaten = impact.eaten
    eaten_rows = "".join(
        f"<tr><td>{_link(p.url)}{f' · <a href=#{details[p.url]}>what was removed</a>' if p.url in details else ''}</td><td>{escape(p.template)}</td><td>{_num(p.original_chars)}</td><td>{_num(p.removed_chars)}</td>"
        f"<td><span class='pbar'><span style='width:{p.share * 100:.0f}%'></span></span> {_pct(p.share)}</td></tr>"
        for p in eaten[:MAX_ROWS]
    )
    total_orig = sum(p.original_chars for p in impact.pages)
    total_removed = sum(p.removed_chars for p in impact.pages)
    errors_html = ""
    if impact.errors:
        items = "".join(
            f"<li>{_link(e['url'])}: {escape(e['error'])}</li>" for e in impact.errors[:MAX_ROWS]
        )
        errors_html = (
            f"<h3>Pages that could not be reviewed ({len(impact.errors)})</h3><ul>{items}</ul>"
        )
    return f"""
<section id="impact"><h2>Per-rule impact</h2>
<p>{_num(len(impact.pages))} pages reviewed; {_num(total_removed)} of {_num(total_orig)} visible characters removed ({_pct(total_removed / total_orig if total_orig else 0)}).</p>
<h3>Characters removed by cause</h3>{chart}
<table><thead><tr><th>Cause</th><th>Pages</th><th>Pages hit</th><th>Chars removed</th><th>Blocks removed</th><th>Chars / page</th><th>Matched nothing</th><th>Matched, already removed</th><th>Chars alone</th><th>Effect</th></tr></thead>
<tbody>{"".join(rows)}</tbody></table>
<h3>Share of page text removed</h3>{share_histogram([p.share for p in impact.pages], impact.max_eaten)}
<h3 id="eaten">Likely eaten content: pages that lost more than {_pct(impact.max_eaten)} of their text ({_num(len(eaten))})</h3>
{f"<table><thead><tr><th>Page</th><th>Template</th><th>Chars before</th><th>Removed</th><th>Share</th></tr></thead><tbody>{eaten_rows}</tbody></table>" if eaten else '<p class="ok">None.</p>'}
{_more(len(eaten) - MAX_ROWS)}
{errors_html}
</section>"""


def _repair_pages(row: dict[str, Any]) -> str:
    """The pages a repair row fixes: of the learned pages, or of the site's failing ones."""
    if row["fixes"] is None:
        return ""
    if row["of"] is not None:
        return f"{_num(row['fixes'])} of {_num(row['of'])} learned"
    return f"{_num(row['fixes'])} pages"


def _health_section(health: HealthReport | None) -> str:
    if health is None or not health.templates:
        return '<section id="health"><h2>Template health</h2><p class="muted">No template was reviewed.</p></section>'
    out = ['<section id="health"><h2>Template health</h2>']
    if health.alerts:
        out.append(
            "<ul class='alerts'>"
            + "".join(f"<li>{escape(a)}</li>" for a in health.alerts)
            + "</ul>"
        )
    rows = []
    for th in health.templates:
        for fh in th.fields:
            if not fh.pages:
                continue  # not run: no page was checked
            colour = "#2e8b57" if fh.rate >= 0.9 else ("#e0a000" if fh.rate >= 0.5 else "#d0021b")
            rows.append((f"{th.name} / {fh.field}", fh.rate * 100, colour))
    out.append("<h3>Field success rate (%)</h3>" + bar_chart(rows, unit="%"))
    for th in health.templates:
        version = f" v{th.version}" if th.version is not None else ""
        out.append(f"<h3>{escape(th.name)}{version}: {_num(th.pages)} pages</h3>")
        out.append(
            "<table><thead><tr><th>Field</th><th>Success</th><th>XPath queue (pages served)</th><th>Failing pages</th></tr></thead><tbody>"
        )
        for fh in th.fields:
            queue = "".join(
                f"<li><code>{escape(q['xpath'])}</code> — {_num(q['pages'])}</li>" for q in fh.queue
            )
            fails = "".join(
                f"<li>{_link(f['url'])}<div class='muted'>{escape(str(f['reason']))[:300]}</div></li>"
                for f in fh.failing[:MAX_ROWS]
            )
            # the pages the rate is over, on the basis evaluate says (the learned record of
            # the pages with a value, or every page not left out), and those left out
            learned = "".join(f", {escape(part)}" for part in fh.apart())
            where = f" of {fh.over()}" if fh.over() else ""
            success = (
                f"{fh.ok}/{fh.present}{where} ({_pct(fh.rate)}{learned})" if fh.pages else "not run"
            )
            out.append(
                f"<tr><td>{escape(fh.field)}</td><td>{success}</td><td><ol start='0'>{queue}</ol></td>"
                f"<td>{_num(fh.present - fh.ok)}{f'<details><summary>pages</summary><ul>{fails}</ul></details>' if fails else ''}</td></tr>"
            )
        out.append("</tbody></table>")
        if th.repairs:
            out.append(
                "<h4>Repair (as <code>templates repair</code> finds it)</h4><table><thead><tr><th>Field</th><th>Status</th><th>Score</th><th>Proposed rule</th><th>Pages</th><th>Evidence</th></tr></thead><tbody>"
            )
            for r in th.repairs[:MAX_ROWS]:
                score = "" if r["score"] is None else f"{r['score']:.2f}"
                pages = _repair_pages(r)
                example = r.get("example") or {}
                where = (
                    f"<div class='muted'>on {_link(example['url'])}: “{escape(str(example.get('value', ''))[:120])}”</div>"
                    if example.get("url")
                    else ""
                )
                status = escape(r["status"]) + (" (rejected)" if r.get("rejected") else "")
                out.append(
                    f"<tr><td>{escape(r['field'])}</td><td>{status}</td><td>{score}</td>"
                    f"<td><code>{escape(' then '.join(r['xpaths']))}</code></td><td>{pages}</td>"
                    f"<td>{escape(r['evidence'])}{where}</td></tr>"
                )
            out.append("</tbody></table>")
        elif th.repair_note:
            out.append(f"<p class='muted'>Repair: {escape(th.repair_note)}</p>")
        if th.history:
            hist = "".join(
                f"<tr><td>v{h['version']}</td><td>{escape(str(h.get('saved_at', '')))}</td><td>{escape(str(h.get('message', '')))}</td></tr>"
                for h in th.history[-20:]
            )
            out.append(
                f"<details><summary>Version history ({len(th.history)})</summary><table><tbody>{hist}</tbody></table></details>"
            )
    if health.unmatched:
        items = "".join(f"<li>{_link(u)}</li>" for u in health.unmatched[:MAX_ROWS])
        out.append(
            f"<details><summary>Pages no template matched ({_num(len(health.unmatched))})</summary><ul>{items}</ul></details>"
        )
    out.append("</section>")
    return "".join(out)


def _groups_section(groups: Sequence[BoilerplateGroup], decisions: dict[str, str]) -> str:
    shown = [g for g in groups if g.chars > 0]
    rows = "".join(
        f"<tr><td>{escape(g.detector)}</td><td>{_num(g.pages)}</td><td>{_num(g.chars)}</td>"
        f"<td><div class='sample'>{escape(g.sample_text[:200])}</div><div class='muted'>{_link(g.sample_url)} <code>{escape(g.sample_xpath)}</code></div></td>"
        f"<td><code>{escape(g.selector[:160])}</code></td><td>{escape(decisions.get(g.rule_name, 'pending'))}</td></tr>"
        for g in shown[:MAX_ROWS]
    )
    return f"""
<section id="groups"><h2>Boilerplate groups ({_num(len(shown))})</h2>
<p class="muted">Subtrees the automatic cleaner removes, grouped by representation across the site. Accepting one makes it an explicit remove rule; rejecting makes it a keep rule.</p>
<table><thead><tr><th>Detector</th><th>Pages</th><th>Chars</th><th>Sample</th><th>Rule selector</th><th>Decision</th></tr></thead><tbody>{rows}</tbody></table>
{_more(len(shown) - MAX_ROWS)}
</section>"""


#: Eaten pages shown in detail (cuts by cause and text diff) inside the report.
MAX_DETAILED = 30
#: Diff lines shown per detailed page.
MAX_DIFF_LINES = 120


def page_anchor(url: str) -> str:
    return (
        "page-" + hashlib.blake2b(url.encode("utf-8", "surrogatepass"), digest_size=6).hexdigest()
    )


def _page_detail(review: PageReview) -> str:
    """One page's before/after in the report: cuts by cause and the line diff (kept runs folded)."""
    rows = "".join(
        f"<tr><td><span class='sw' style='background:{escape(c.colour)}'></span>{escape(c.cause if c.cause != AUTO else 'auto:' + c.detector)}</td>"
        f"<td>{_num(c.chars)}</td><td><code>{escape(c.xpath or '(text)')}</code></td></tr>"
        for c in review.cuts[:MAX_ROWS]
    )
    lines: list[str] = []
    kept = 0
    for op, line in review.diff():
        if op == "=":
            kept += 1
            continue
        if kept:
            lines.append(f"<div class='d0'>… {kept} kept line{'s' if kept > 1 else ''} …</div>")
            kept = 0
        lines.append(f"<div class='d{'m' if op == '-' else 'p'}'>{op} {escape(line)}</div>")
        if len(lines) >= MAX_DIFF_LINES:
            lines.append("<div class='d0'>…</div>")
            break
    if kept:
        lines.append(f"<div class='d0'>… {kept} kept line{'s' if kept > 1 else ''} …</div>")
    return (
        f"<article class='page' id='{page_anchor(review.url)}'><h3>{_link(review.url)}</h3>"
        f"<p>{_num(review.original_chars)} characters before, {_num(review.cleaned_chars)} after ({_pct(review.removed_share)} removed); template {escape(review.template or '—')}.</p>"
        f"<table><thead><tr><th>Cause</th><th>Chars</th><th>Subtree</th></tr></thead><tbody>{rows}</tbody></table>"
        f"<div class='diff'>{''.join(lines)}</div></article>"
    )


def _details_section(reviews: Sequence[PageReview]) -> str:
    if not reviews:
        return ""
    return f"<section id='details'><h2>Eaten pages in detail ({len(reviews)})</h2>{''.join(_page_detail(r) for r in reviews)}</section>"


def render_report(
    *,
    title: str,
    impact: ImpactReport,
    health: HealthReport | None,
    groups: Sequence[BoilerplateGroup],
    decisions: dict[str, str] | None = None,
    sites: Sequence[str] = (),
    details: Sequence[PageReview] = (),
) -> str:
    """The whole report as one HTML document."""
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    auto = impact.causes.get(AUTO)
    cards = [
        ("Pages", _num(len(impact.pages))),
        ("Removed by the cleaner", f"{_num(auto.chars if auto else 0)} chars"),
        ("Likely eaten pages", _num(len(impact.eaten))),
        ("Boilerplate groups", _num(sum(1 for g in groups if g.chars > 0))),
    ]
    if health is not None and health.templates:
        rates = [fh.rate for th in health.templates for fh in th.fields if fh.pages]
        cards.append(("Weakest field", _pct(min(rates)) if rates else "not run"))
    card_html = "".join(
        f"<div class='card'><div class='big'>{v}</div><div>{escape(k)}</div></div>"
        for k, v in cards
    )
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>{escape(title)}</title><style>{_css()}</style></head>
<body><header><h1>{escape(title)}</h1>
<p class="muted">Sites: {escape(", ".join(sites)) or "—"} · generated {now} by deboiler-gui {escape(__version__)}</p>
<nav><a href="#impact">Impact</a> <a href="#eaten">Eaten pages</a> <a href="#health">Template health</a> <a href="#groups">Boilerplate groups</a>{' <a href="#details">Eaten pages in detail</a>' if details else ""}</nav></header>
<div class="cards">{card_html}</div>
{_impact_section(impact, {r.url: page_anchor(r.url) for r in details})}
{_health_section(health)}
{_groups_section(groups, decisions or {})}
{_details_section(details)}
</body></html>
"""


def _drain(
    gen: Generator[Progress, None, Any], offset: int, scale: int, total: int, label: str
) -> Generator[Progress, None, Any]:
    steps = Steps(gen)
    for step in steps:
        frac = step.fraction or 0.0
        yield Progress(offset + int(frac * scale), total, f"{label}: {step.message}")
    return steps.value


def report_steps(
    ws: Any,
    *,
    templates: Sequence[Template] = (),
    sites: Sequence[str] | None = None,
    max_eaten: float = DEFAULT_MAX_EATEN,
    models: dict[str, DomainModel] | None = None,
) -> Generator[Progress, None, str]:
    """Build the report of a workspace: impact (saved models; a site without one is fitted for
    the report and not saved), boilerplate groups and the templates' health."""
    from deboiler_gui.engine.clean.pipeline import SitePages, fit_steps

    known = [s for s, _n in ws.sites()]
    wanted = list(sites) if sites else known
    for s in wanted:
        if s not in known:
            raise WorkspaceError(
                f"workspace {ws.path} has no pages of site {s!r} (it has: {', '.join(known) or 'none'})"
            )
    models = dict(models or {})
    for s in wanted:
        if s not in models and (m := ws.load_model(s)) is not None:
            models[s] = m
    missing = [s for s in wanted if s not in models]
    if missing:
        log.info("fitting %s for the report (no saved model)", ", ".join(missing))
        models.update((yield from fit_steps(ws, sites=missing)))
    n = sum(len(SitePages(ws, s)) for s in wanted)
    phases = 3 if templates else 2
    total = n * phases

    def pages() -> Any:
        for s in wanted:
            yield from SitePages(ws, s)

    class _All:
        """Every cleanable page of the wanted sites, re-iterable, read from the workspace."""

        def __iter__(self) -> Any:
            return pages()

        def __len__(self) -> int:
            return n

    impact = yield from _drain(
        impact_steps(pages(), models, templates, max_eaten=max_eaten, total=n),
        0,
        n,
        total,
        "impact",
    )
    groups = yield from _drain(group_steps(pages(), models, total=n), n, n, total, "groups")
    health = None
    decisions: dict[str, str] = {}
    for t in templates:
        decisions.update(group_decisions(t))
    if templates:
        health = yield from _drain(
            health_steps(_All(), templates, models, ws=ws, sites=wanted if sites else None),
            2 * n,
            n,
            total,
            "health",
        )
    details = []
    for p in impact.eaten[:MAX_DETAILED]:
        page = ws.get_page(p.url)
        if page is not None:
            details.append(review_page(page, models.get(page.site), template_for(page, templates)))
    yield Progress(total, total, "report")
    title = f"Review of {', '.join(wanted)}" if wanted else "Review"
    return render_report(
        title=title,
        impact=impact,
        health=health,
        groups=groups,
        decisions=decisions,
        sites=wanted,
        details=details,
    )


__all__ = ["bar_chart", "render_report", "report_steps", "share_histogram"]
