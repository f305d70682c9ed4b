"""A save on top of a template version stored since (``templates learn`` while the app was open)
takes in what that version changed instead of dropping it; where both sides changed the same
field the merge says so and offers both resolutions. The workspace refuses a save made on an
older version than its latest when asked to check (the app always asks), and refuses page
types that changed since they were read."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from click.testing import CliRunner
from realpages import write_folder

from deboiler_gui.cli import cli
from deboiler_gui.engine.store import StaleError, Workspace
from deboiler_gui.engine.template.merge import merge_templates
from deboiler_gui.engine.template.model import Field, Rule, SearchRules, Template

#: The Asciidoctor RDoc reference (Debian's asciidoctor-doc, 111 pages), bundled trimmed.
ASCIIDOCTOR = "asciidoctor-rdoc-reference.json.gz"
SITE = "html.local"  # the site of a folder named html


def asciidoctor_folder(parent: Path) -> Path:
    """The reference written under ``parent`` as the package installs it: a folder named html
    (``/usr/share/doc/asciidoctor-doc/html``)."""
    return write_folder(ASCIIDOCTOR, parent / "html")


def asciidoctor_template() -> Template:
    return Template(
        name=SITE,
        site=SITE,
        fields=(
            Field(id="title", title="title", xpaths=("//main/h1",)),
            Field(id="parent", title="parent", xpaths=("//div[@id='parent-class-section']//a",)),
            Field(
                id="methods",
                title="methods",
                xpaths=("//div[@id='method-list-section']/ul/li/a",),
                is_list=True,
            ),
            Field(
                id="description",
                title="description",
                xpaths=("//main/section[@class='description']",),
            ),
        ),
    )


@pytest.fixture(scope="module")
def learned(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Template, Template]:
    """The Asciidoctor reference imported, its template saved (version 1) and learned by the
    command line (version 2): (workspace, version 1, version 2)."""
    ws_path = tmp_path_factory.mktemp("merge") / "ws.sqlite"
    folder = asciidoctor_folder(ws_path.parent)
    runner = CliRunner()
    result = runner.invoke(cli, ["import", str(folder), "-w", str(ws_path)])
    assert result.exit_code == 0, result.output
    with Workspace(ws_path) as ws:
        assert ws.save_template(asciidoctor_template(), message="made by hand") == 1
    result = runner.invoke(cli, ["templates", "learn", SITE, "-w", str(ws_path), "-q"])
    assert result.exit_code == 0, result.output
    with Workspace(ws_path) as ws:
        v1, v2 = ws.load_template(SITE, 1), ws.load_template(SITE, 2)
    return ws_path, v1, v2


def test_learned_data_is_kept_under_the_editors_own_edits(
    learned: tuple[Path, Template, Template],
) -> None:
    _ws, v1, v2 = learned
    # What learning records: search rules with absent / present pages, on every field.
    assert all(not f.search.empty for f in v2.fields)
    assert any(f.search.fingerprint.get("absent") for f in v2.fields)
    # The editor, on version 1, added a remove rule and a field.
    mine = dataclasses.replace(
        v1.with_field(Field(id="constants", xpaths=("//section[@class='constants-list']//dt",))),
        remove=(Rule("remove-1", "//div[@id='search-section']"),),
    )
    merge = merge_templates(v1, mine, v2)
    assert merge.conflicts == ()
    merged = merge.template
    for learned_field in v2.fields:
        assert merged.field(learned_field.id) == learned_field  # search rules and all
    assert merged.field("constants").xpaths == ("//section[@class='constants-list']//dt",)
    assert merged.remove == mine.remove
    assert merge.kept == (
        "the learned search rules of 4 fields (title, parent, methods, description)",
    )
    # With no edit at all the merge is the stored version itself: nothing to save again.
    assert merge_templates(v1, v1, v2).template == v2


def test_a_field_both_changed_is_a_conflict_with_both_resolutions(
    learned: tuple[Path, Template, Template],
) -> None:
    _ws, v1, v2 = learned
    title = v1.field("title")
    mine = v1.with_field(dataclasses.replace(title, xpaths=("//h1[@class='class']",)))
    mine = dataclasses.replace(mine, remove=(Rule("remove-1", "//footer"),))
    merge = merge_templates(v1, mine, v2)
    assert [c.describe() for c in merge.conflicts] == [
        "field 'title': you changed its rule; the stored version learned its search rules"
    ]
    # The editor's side: its rule (without the search rules learned for the old one), the
    # others' learned data kept; the stored side: the learned title; both keep the new rule.
    assert merge.template.field("title").xpaths == ("//h1[@class='class']",)
    assert merge.template.field("title").search == title.search
    assert merge.stored_wins.field("title") == v2.field("title")
    for fid in ("parent", "methods", "description"):
        assert merge.template.field(fid) == merge.stored_wins.field(fid) == v2.field(fid)
    assert merge.template.remove == merge.stored_wins.remove == (Rule("remove-1", "//footer"),)


def test_search_rules_merge_key_by_key_and_a_field_deleted_on_one_side_conflicts() -> None:
    base = Template(
        name="t",
        site="s",
        fields=(Field(id="a", xpaths=("//h1",)), Field(id="b", xpaths=("//h2",))),
        urls=("https://s/x/1.html",),
    )
    # The editor clicked 'a' on two pages (its examples) and deleted 'b'; learning recorded
    # absent pages for both and a sample URL was added there.
    mine = dataclasses.replace(
        base,
        fields=(base.field("a").with_example_pages(["https://s/1", "https://s/2"]),),
        urls=(*base.urls, "https://s/y/1.html"),
    )
    theirs = dataclasses.replace(
        base,
        fields=tuple(
            dataclasses.replace(
                f, search=SearchRules(tag="h1", fingerprint={"absent": ["https://s/3"]})
            )
            for f in base.fields
        ),
        urls=(*base.urls, "https://s/z/1.html"),
    )
    merge = merge_templates(base, mine, theirs)
    a = merge.template.field("a")
    assert a.search.tag == "h1"
    assert a.search.fingerprint == {
        "absent": ["https://s/3"],
        "examples": ["https://s/1", "https://s/2"],
    }
    assert [c.describe() for c in merge.conflicts] == [
        "field 'b': you deleted it; the stored version learned its search rules"
    ]
    assert [f.id for f in merge.template.fields] == ["a"]
    assert [f.id for f in merge.stored_wins.fields] == ["a", "b"]
    assert merge.template.urls == (
        "https://s/x/1.html",
        "https://s/z/1.html",
        "https://s/y/1.html",
    )
    # The same key changed on both sides is a conflict too.
    clash = dataclasses.replace(
        mine, fields=(dataclasses.replace(base.field("a"), search=SearchRules(tag="div")),)
    )
    assert [c.what for c in merge_templates(base, clash, theirs).conflicts][0] == "field 'a'"


def test_rules_added_on_both_sides_under_one_name_are_both_kept() -> None:
    base = Template(name="t", site="s")
    mine = dataclasses.replace(base, remove=(Rule("remove-1", "//aside"),))
    theirs = dataclasses.replace(base, remove=(Rule("remove-1", "//footer"),))
    merge = merge_templates(base, mine, theirs)
    assert merge.conflicts == ()
    assert merge.template.remove == (Rule("remove-1", "//footer"), Rule("remove-1-2", "//aside"))
    # A template never stored before (base None) merges as one that was empty.
    assert merge_templates(None, mine, theirs).template == merge.template


def test_the_workspace_refuses_a_save_on_a_version_no_longer_the_latest(tmp_path: Path) -> None:
    with Workspace(tmp_path / "ws.sqlite") as ws:
        t = Template(name="t", site="s")
        assert ws.template_version("t") == 0
        assert ws.save_template(t, expect=0) == 1
        with pytest.raises(StaleError) as info:
            ws.save_template(t, expect=0)
        assert info.value.latest == 1
        assert ws.save_template(t, expect=1) == 2
        # Another writer (the command line) saves without asking, as it always did.
        with Workspace(tmp_path / "ws.sqlite") as other:
            assert other.save_template(t, message="learn search rules") == 3
        with pytest.raises(StaleError) as info:
            ws.save_template(t, expect=2)
        assert info.value.latest == 3
        assert [h["version"] for h in ws.template_history("t")] == [1, 2, 3]


def test_page_types_changed_elsewhere_are_not_overwritten(tmp_path: Path) -> None:
    with Workspace(tmp_path / "ws.sqlite") as ws, Workspace(tmp_path / "ws.sqlite") as other:
        first = [{"key": 1, "name": "", "pattern": "", "urls": ["https://s/a"]}]
        ws.save_page_types("s", first, expect=[])
        renamed = [{**first[0], "name": "Articles"}]
        other.save_page_types("s", renamed, expect=first)
        with pytest.raises(StaleError):
            ws.save_page_types("s", [{**first[0], "name": "Posts"}], expect=first)
        assert ws.load_page_types("s") == renamed
