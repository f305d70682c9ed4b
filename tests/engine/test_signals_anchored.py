"""The 'empty where its anchor is' signal: a field without a value on pages where the block
its rule goes down from (the XPath before its last steps) is there and holds text: the
field's node is of another kind there (a parent class named in plain text, no link)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.signals import site_signals

SITE = "api.example"


def flags(pages: list[Page], *fields: Field) -> dict[str, list[dict[str, Any]]]:
    t = Template("api", site=SITE, fields=fields, use_cleaner=False)
    return {s.field: s.flags() for s in site_signals(pages, [t])}


def api(i: int, kind: str) -> Page:
    """A class page names its parent in a sidebar block: a link, or plain text for a parent
    the generator could not resolve, or nothing (the root class); a module page has no such
    block."""
    parent = {
        "link": f"<a href='Base{i % 3}.html'>Base{i % 3}</a>",
        "text": f"rb_eBase{i % 2}",
        "none": "",
    }.get(kind)
    block = (
        "<div id='parent-class-section' class='nav-section'><h3>Parent</h3>"
        f"<p class='link'>{parent}</p></div>"
        if parent is not None
        else ""
    )
    return Page(
        f"https://{SITE}/{kind}{i}.html",
        f"<html><body><nav>{block}<div class='nav-section'><h3>Methods</h3><ul>"
        f"<li><a href='#m{i}'>m{i}</a></li></ul></div></nav>"
        f"<main><h1>Thing{i}</h1><p>About thing {i}, a long paragraph of text.</p></main>"
        "</body></html>",
    )


def site() -> list[Page]:
    kinds = ["link"] * 12 + ["text"] * 3 + ["none"] + ["module"] * 5
    return [api(i, k) for i, k in enumerate(kinds)]


def test_a_field_empty_where_its_anchor_holds_text_is_flagged_with_those_pages() -> None:
    pages = site()
    plain = [p.url for p in pages if "/text" in p.url]
    got = flags(
        pages,
        Field("parent", xpaths=("//div[@id='parent-class-section']//a",)),
        Field(
            "parent_href",
            xpaths=("//div[@id='parent-class-section']//a/@href",),
            kind="attribute",
            attribute="href",
        ),
    )
    for fid in ("parent", "parent_href"):
        hits = [f for f in got[fid] if f["flag"].startswith("empty where its anchor is")]
        assert len(hits) == 1, got[fid]
        # the plain-text parents only: not the root class (its block holds a heading only)
        # nor the modules (no block at all)
        assert hits[0]["pages"] == 3 and hits[0]["look_at"] == plain
        assert "//div[@id='parent-class-section']" in hits[0]["flag"]


def test_a_field_absent_with_its_anchor_is_not_flagged() -> None:
    kinds = ["link"] * 12 + ["none"] * 2 + ["module"] * 5
    pages = [api(i, k) for i, k in enumerate(kinds)]
    got = flags(pages, Field("parent", xpaths=("//div[@id='parent-class-section']//a",)))
    assert got["parent"] == []
    # the rule that takes the paragraph has nothing to miss either
    pages = site()
    got = flags(pages, Field("parent", xpaths=("//div[@id='parent-class-section']/p",)))
    assert got["parent"] == []


def chapter(i: int) -> Page:
    """A book's page: some chapters have sub-sections (`h3`), the others not; the content
    block holds the page's whole text either way."""
    subs = "".join(f"<h3>Part {i}.{k}</h3><p>Text of part {k}.</p>" for k in range(i % 3))
    return Page(
        f"https://{SITE}/ch{i}.html",
        "<html><body><nav><ol><li><a href='ch0.html'>One</a></li><li><a href='ch1.html'>Two"
        "</a></li></ol></nav><div id='content'><main>"
        f"<h1>Chapter {i}</h1><p>Opening words of chapter {i}, some sentences long.</p>"
        f"{subs}</main></div></body></html>",
    )


def test_a_list_missing_in_the_pages_content_block_is_not_flagged() -> None:
    pages = [chapter(i) for i in range(12)]
    got = flags(pages, Field("subs", xpaths=("//div[@id='content']/main/h3",), is_list=True))
    assert got["subs"] == []


def test_pages_learning_recorded_as_without_the_field_raise_no_flag_but_a_note() -> None:
    # The plain-text parents are the field's legitimate absence: once `templates learn` has
    # recorded them, they are no alert (the app's Check column, `evaluate --signals`), and
    # the signal is still told as a note. A page imported since (not recorded) still flags.
    from deboiler_gui.app.fieldcheck import field_checks
    from deboiler_gui.engine.template.valuerepair import learn_absent

    pages = site()
    plain = [p.url for p in pages if "/text" in p.url]
    fld = Field("parent", xpaths=("//div[@id='parent-class-section']//a",))
    t = Template("api", site=SITE, fields=(fld,), use_cleaner=False)
    learned = learn_absent(t, pages)
    assert set(plain) <= set(learned.fields[0].search.fingerprint["absent"])
    sigs = site_signals(pages, [learned])
    assert sigs[0].flags() == []
    notes = sigs[0].notes()
    assert len(notes) == 1 and notes[0]["pages"] == 3 and notes[0]["look_at"] == plain
    assert "recorded by learning as pages without the field" in notes[0]["note"]
    assert sigs[0].to_dict()["notes"] == notes
    check = field_checks(sigs)["parent"]
    assert check.flags == () and check.summary() == ""
    assert "note: no value on 3 pages where" in check.details()
    # learning again gives the same record (the pages it recorded are judged afresh)
    assert learn_absent(learned, pages) == learned
    # two more class pages with a plain-text parent, imported after learning
    later = [api(i, "text") for i in (30, 31)]
    sigs = site_signals([*pages, *later], [learned])
    hits = [f for f in sigs[0].flags() if f["flag"].startswith("empty where its anchor is")]
    assert len(hits) == 1 and hits[0]["look_at"] == [p.url for p in later], sigs[0].flags()


def test_evaluate_signals_flags_before_learning_and_notes_after(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from deboiler_gui.cli import cli
    from deboiler_gui.engine.store import Workspace
    from deboiler_gui.engine.template import rulefile

    ws = tmp_path / "ws.sqlite"
    with Workspace(ws) as w:
        w.add_pages(site())
    fld = Field("parent", xpaths=("//div[@id='parent-class-section']//a",))
    f = tmp_path / "t.json"
    f.write_text(
        rulefile.dumps([Template("api", site=SITE, fields=(fld,), use_cleaner=False)]),
        encoding="utf-8",
    )
    runner = CliRunner()
    assert runner.invoke(cli, ["templates", "import", str(f), "-w", str(ws)]).exit_code == 0

    def signals() -> str:
        r = runner.invoke(cli, ["evaluate", "-w", str(ws), "--signals"], catch_exceptions=False)
        assert r.exit_code == 0, r.output
        return str(r.output)

    before = signals()
    assert "FLAG empty where its anchor is: on 3 pages" in before, before
    r = runner.invoke(cli, ["templates", "learn", "api", "-w", str(ws)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    after = signals()
    assert "FLAG" not in after, after
    assert (
        "    note no value on 3 pages where //div[@id='parent-class-section'] holds text" in after
    )
