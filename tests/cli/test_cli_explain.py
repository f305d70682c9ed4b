"""The clean command's --explain (where each page's content was taken from, and why) and
--page-fallback (a site too small to learn from, cleaned page by page)."""

from __future__ import annotations

import csv
import json
import os
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from click.testing import CliRunner

from deboiler_gui.cli import cli


def _site(folder: Path, n: int, extra: dict[int, str] | None = None) -> None:
    folder.mkdir()
    for i in range(n):
        more = (extra or {}).get(i, "")
        (folder / f"p{i}.html").write_text(
            f"""<html><head><title>Page {i}</title></head><body>
<div id="menu"><a href="/">Home</a> <a href="/a">About us</a> <a href="/b">Contact form</a></div>
<div id="main"><h1>Page {i}</h1><p>Paragraph {i} of the page says something only page {i} says,
at length, with enough words to be the content of the page number {i}.</p>{more}</div>
<div id="foot">Copyright the example club, all rights reserved.</div></body></html>""",
            encoding="utf-8",
        )


def test_explain_says_where_the_content_is_and_what_went(tmp_path: Path) -> None:
    _site(tmp_path / "site", 8)
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(
        cli, ["clean", str(tmp_path / "site"), "-o", str(out), "--explain", "-q"]
    )
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 8
    assert all(r["content"]["method"] == "site" and r["content"]["slot"] for r in records)
    text = result.stderr if hasattr(result, "stderr") else result.output
    for r in records:
        assert f"{r['url']}: ok" in text
    # the content and the removed blocks are named by their ids and classes, then the XPath
    assert (
        "  content: div#main > p: the deepest element holding most of the page's non-link" in text
    )
    assert "    at /html/body/div[2]/p\n" in text
    assert "removed 2 x repeated block (exact), 64 characters: div#menu; div#foot\n" in text
    assert all(r["content"]["path"] == "div#main > p" for r in records)
    assert {x["path"] for r in records for x in r["removed"]} == {"div#menu", "div#foot"}


def test_explain_says_the_whole_page_once() -> None:
    from deboiler_gui.cli.site import explain_text

    record = {
        "url": "http://a.example/",
        "status": "ok",
        "content": {"slot": "", "path": "", "reason": "no element holds most of the page's text"},
        "removed": [],
    }
    assert explain_text(record) == (
        "http://a.example/: ok\n  content: the whole page: no element holds most of the page's text"
    )


def test_explain_says_which_removals_held_no_visible_text() -> None:
    from deboiler_gui.cli.site import explain_text

    def removal(path: str, chars: int, detector: str = "exact") -> dict[str, object]:
        return {"detector": detector, "path": path, "chars": chars}

    record = {
        "url": "http://a.example/",
        "status": "ok",
        "content": {"slot": "/html/body/div", "path": "div#main", "reason": "r"},
        "removed": [
            removal("div#ad-top", 0),
            removal("div#logo", 0),
            removal("div#menu", 40),
            removal("div#ad-side", 0, "slot"),
        ],
    }
    lines = explain_text(record).splitlines()
    # a detector whose blocks held no text does not claim "0 characters"
    assert lines[-1] == (
        "  removed 1 x navigation slot (slot), no visible text (markup only: empty boxes, "
        "images, advertisement places): div#ad-side"
    )
    # blocks with and without text: the characters, and how many blocks held none
    assert lines[-2] == (
        "  removed 3 x repeated block (exact), 40 characters (2 of the blocks with no visible "
        "text): div#ad-top; div#logo; div#menu"
    )
    assert ", 0 characters" not in explain_text(record)


def test_why_says_per_page_whether_a_text_was_kept_and_what_removed_it(tmp_path: Path) -> None:
    _site(tmp_path / "site", 8)
    out = tmp_path / "out.jsonl"
    args = ["clean", str(tmp_path / "site"), "-o", str(out), "-q", "--why"]
    gone = CliRunner().invoke(cli, [*args, "Copyright  the example\nclub"])
    assert gone.exit_code == 0, gone.output
    for i in range(8):
        assert (
            f'http://site.local/p{i}.html: "Copyright the example club" removed\n'
            '  removed at div#foot ("Copyright the example club, all rights …")\n'
            "    by repeated block (exact) at div#foot, outside the content slot (div#main > p): "
            "the same block" in gone.stderr
        )
    assert "      at /html/body/div[3]\n" in gone.stderr
    assert (
        '"Copyright the example club" is on 8 pages: kept on 0, partly removed on 0, removed on 8'
        in gone.stderr
    )
    assert gone.stderr.count("removed\n") == 8

    kept = CliRunner().invoke(cli, [*args, "says something only page 3"])
    assert kept.exit_code == 0, kept.output
    assert 'http://site.local/p3.html: "says something only page 3" kept\n' in kept.stderr
    assert "p4.html" not in kept.stderr  # pages without the text are not listed
    assert "is on 1 page: kept on 1, partly removed on 0, removed on 0" in kept.stderr

    nowhere = CliRunner().invoke(cli, [*args, "no page says this"])
    assert nowhere.exit_code == 0
    assert nowhere.stderr.strip() == '"no page says this" is in no cleaned page\'s original text'
    assert CliRunner().invoke(cli, [*args, "  "]).exit_code == 2


FOOT = "Copyright the example club, all rights reserved."


def test_why_counts_a_page_where_one_of_two_places_was_removed(tmp_path: Path) -> None:
    _site(tmp_path / "site", 8, {3: f"<p>{FOOT}</p>"})
    out = tmp_path / "out.jsonl"
    args = ["clean", str(tmp_path / "site"), "-o", str(out), "-q", "--why", FOOT]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    said = result.stderr
    assert f'p3.html: "{FOOT[:39]}…" partly removed (1 of 2 places)\n' in said
    assert '  kept at div#main > p ("Copyright the example club, all rights …")\n' in said
    assert '  removed at div#foot ("Copyright the example club, all rights …")\n' in said
    assert "is on 8 pages: kept on 0, partly removed on 1, removed on 7" in said


def test_why_judges_a_page_by_the_block_that_is_the_text(tmp_path: Path) -> None:
    # the footer line itself is removed; a longer kept sentence merely quotes it
    _site(tmp_path / "site", 8, {3: f"<p>We print {FOOT} under every page of the site.</p>"})
    out = tmp_path / "out.jsonl"
    args = ["clean", str(tmp_path / "site"), "-o", str(out), "-q", "--why", FOOT]
    said = CliRunner().invoke(cli, args).stderr
    assert f'p3.html: "{FOOT[:39]}…" removed\n' in said
    assert '  kept at div#main > p ("We print Copyright the example club, al…")\n' in said
    assert "is on 8 pages: kept on 0, partly removed on 0, removed on 8" in said


def test_why_tells_apart_a_removed_block_named_like_the_content_slot() -> None:
    from deboiler_gui.cli.site import why_text

    removal = {
        "detector": "label",
        "name": "labelled widget",
        "reason": "a link-dense block",
        "path": "div.refentry > div.refsect1",
        "xpath": "/html/body/div[1]/div[3]",
        "in_content": False,
    }
    record = {
        "url": "http://a.example/t.html",
        "why": {
            "kept": False,
            "method": "site",
            "removed": [removal],
            "places": [
                {
                    "path": "div.refentry > div.refsect1 > table",
                    "xpath": "/html/body/div[1]/div[3]/table",
                    "text": "f ()",
                    "whole": True,
                    "removed": removal,
                }
            ],
            "content": {
                "slot": "/html/body/div[1]/div[5]",
                "path": "div.refentry > div.refsect1",
                "reason": "r",
            },
        },
    }
    said = why_text(record, "f ()")
    assert (
        "by labelled widget (label) at div.refentry > div.refsect1 (/html/body/div[1]/div[3]), "
        "outside the content slot (div.refentry > div.refsect1 at /html/body/div[1]/div[5])"
    ) in said


@pytest.mark.parametrize("flag", [["--explain"], ["--why", "Copyright"]])
def test_explanations_on_stderr_are_not_mixed_with_progress_lines(
    tmp_path: Path, flag: list[str]
) -> None:
    _site(tmp_path / "site", 8)
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(cli, ["clean", str(tmp_path / "site"), "-o", str(out), *flag])
    assert result.exit_code == 0, result.output
    assert "p1.html" in result.stderr
    for phase in ("Reading", "Fitting", "Cleaning"):
        assert phase not in result.stderr
    assert result.stdout.startswith("Wrote 8 results")


def test_page_fallback_cleans_a_tiny_site_page_by_page_and_marks_it(tmp_path: Path) -> None:
    _site(tmp_path / "tiny", 2)
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(
        cli, ["clean", str(tmp_path / "tiny"), "-o", str(out), "--page-fallback", "-q"]
    )
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 2
    for r in records:
        assert r["status"] == "ok"
        assert r["content"]["method"] == "page"
        assert "too few" in r["content"]["reason"]
        assert "says something only page" in r["cleaned_text"]


def test_page_fallback_keeps_the_page_heading_and_the_run_says_what_it_did(
    tmp_path: Path,
) -> None:
    _site(tmp_path / "tiny", 3)
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(
        cli, ["clean", str(tmp_path / "tiny"), "-o", str(out), "--page-fallback"]
    )
    assert result.exit_code == 0, result.output
    for r in map(json.loads, out.read_text().splitlines()):
        number = r["url"].rsplit("/p", 1)[1].split(".")[0]
        # trafilatura leaves the h1 out; the page's own heading is put back in front
        assert r["cleaned_text"].startswith(f"Page {number}\n"), r["cleaned_text"]
        assert f"<h1>Page {number}</h1>" in r["cleaned_html"]
    # the summary names the extractor's pages; no site was fitted and text was removed
    assert "3 pages cleaned by the single-page extractor; 0 sites fitted" in result.stdout
    assert " 0% of the text removed" not in result.stdout
    assert "hint:" not in result.stderr


def test_a_site_too_small_to_learn_from_gets_a_hint_naming_the_flag(tmp_path: Path) -> None:
    _site(tmp_path / "tiny", 2)
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(cli, ["clean", str(tmp_path / "tiny"), "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith("hint: tiny.local has 2 pages, too few to learn its template")
    assert "--page-fallback" in result.stderr
    _site(tmp_path / "enough", 5)
    enough = CliRunner().invoke(cli, ["clean", str(tmp_path / "enough"), "-o", str(out), "-q"])
    assert enough.exit_code == 0 and "hint:" not in enough.stderr


def test_many_one_page_sites_get_a_few_hint_lines_not_one_each(tmp_path: Path) -> None:
    pages = tmp_path / "pages.jsonl"
    with pages.open("w") as f:
        for n in range(12):
            html = f"<html><body><h1>Page {n}</h1><p>Text of page {n}.</p></body></html>"
            f.write(json.dumps({"url": f"http://host{n:02d}.example/", "html": html}) + "\n")
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(cli, ["clean", str(pages), "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output
    hints = [line for line in result.stderr.splitlines() if line.startswith("hint:")]
    assert len(hints) == 4, hints
    assert hints[0].startswith("hint: host00.example has 1 page, too few to learn")
    assert hints[-1] == (
        "hint: and 9 more sites of fewer than 5 pages (9 pages in all); --page-fallback "
        "cleans them page by page"
    )


@pytest.mark.parametrize("fmt", ["csv", "sqlite"])
def test_csv_and_sqlite_carry_the_content_mark(tmp_path: Path, fmt: str) -> None:
    _site(tmp_path / "tiny", 2)
    out = tmp_path / f"out.{fmt}"
    result = CliRunner().invoke(
        cli, ["clean", str(tmp_path / "tiny"), "-o", str(out), "--page-fallback", "-q"]
    )
    assert result.exit_code == 0, result.output
    if fmt == "csv":
        with out.open(newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
    else:
        with closing(sqlite3.connect(out)) as db:
            db.row_factory = sqlite3.Row
            rows = [dict(r) for r in db.execute("SELECT * FROM results")]
    assert len(rows) == 2
    for row in rows:
        content = json.loads(row["content"])
        assert content["method"] == "page" and "too few" in content["reason"]


def test_why_lists_a_few_places_per_page_then_counts_the_rest(tmp_path: Path) -> None:
    lines = "".join(f"<p>{FOOT}</p>" for _ in range(11))
    _site(tmp_path / "site", 8, {3: lines})
    out = tmp_path / "out.jsonl"
    args = ["clean", str(tmp_path / "site"), "-o", str(out), "-q", "--why", FOOT]
    said = CliRunner().invoke(cli, args).stderr
    page = said.split("p3.html: ")[1].split("http://")[0]
    assert "partly removed (1 of 12 places)" in page
    assert page.count("\n  kept at ") == 8  # the first eight places; the footer comes last
    assert "  and 4 more places (1 removed)\n" in page


def _boxed_site(folder: Path, n: int) -> None:
    """Stories with a small box of links between their paragraphs, opened by a button: the
    same headline in its "Latest" and its "Popular" list."""
    folder.mkdir()
    for i in range(n):
        (folder / f"s{i}.html").write_text(
            f"""<html><head><title>Story {i}</title></head><body>
<div id="menu"><a href="/">Home</a> <a href="/a">About us</a> <a href="/b">Contact form</a></div>
<div id="story"><h1>Story {i}</h1><p>The first paragraph of story {i} tells what happened in
the town on day {i}, with enough words to be the text of the story.</p>
<div class="box"><button>More</button><ul class="latest"><li><a href="/t/{i}">Tea time
{i}</a></li></ul><ul class="popular"><li><a href="/t/{i}">Tea time {i}</a></li></ul></div>
<p>The second paragraph of story {i} goes on about the day and says who was there.</p></div>
<div id="foot">Copyright the example paper, all rights reserved.</div></body></html>""",
            encoding="utf-8",
        )


def test_why_names_the_rule_and_says_why_for_every_removed_place(tmp_path: Path) -> None:
    _boxed_site(tmp_path / "site", 8)
    out = tmp_path / "out.jsonl"
    args = ["clean", str(tmp_path / "site"), "-o", str(out), "-q", "--why", "Tea time 3"]
    said = CliRunner().invoke(cli, args).stderr
    page = said.split("s3.html: ")[1].split('\n"Tea time 3" is on')[0]
    assert page.startswith('"Tea time 3" removed\n'), page
    places = [line for line in page.splitlines() if line.startswith("  removed at ")]
    assert len(places) == 2, page
    first, second = page.split("  removed at ")[1:]
    assert "    by labelled widget (label: control box) at div#story > div.box, inside" in first
    assert "whose first text is a control" in first
    # the second place is in the same removed box: said so, not left without a cause
    assert "    by the same labelled widget (label: control box) at div#story > div.box" in second

    explained = CliRunner().invoke(cli, [*args[:-2], "--explain"]).stderr
    assert "removed 1 x labelled widget (label: control box), " in explained


def test_why_says_the_same_removal_for_a_second_place() -> None:
    from deboiler_gui.cli.site import why_text

    removal = {
        "detector": "label",
        "name": "labelled widget",
        "rule": "control box",
        "reason": "a small box of links",
        "path": "div#wrap > div.answer",
        "xpath": "/html/body/div[2]/div[7]",
        "in_content": True,
    }
    record = {
        "url": "http://a.example/q/1",
        "why": {
            "kept": False,
            "method": "site",
            "removed": [removal],
            "places": [
                {
                    "path": f"div#wrap > div.answer > div.{part}",
                    "xpath": f"/html/body/div[2]/div[7]/div[{k}]",
                    "text": "Cash first.",
                    "whole": True,
                    "removed": removal,
                }
                for k, part in enumerate(("summary", "content"), 1)
            ],
            "content": {"slot": "/html/body/div[2]", "path": "div#wrap", "reason": "r"},
        },
    }
    lines = why_text(record, "Cash first.").splitlines()
    assert lines[1:] == [
        '  removed at div#wrap > div.answer > div.summary ("Cash first.")',
        "    by labelled widget (label: control box) at div#wrap > div.answer, inside the "
        "content slot (div#wrap): a small box of links",
        "      at /html/body/div[2]/div[7]",
        '  removed at div#wrap > div.answer > div.content ("Cash first.")',
        "    by the same labelled widget (label: control box) at div#wrap > div.answer, as above",
    ]


def test_page_fallback_records_name_the_content_path(tmp_path: Path) -> None:
    _site(tmp_path / "tiny", 2)
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(
        cli, ["clean", str(tmp_path / "tiny"), "-o", str(out), "--page-fallback", "-q"]
    )
    assert result.exit_code == 0, result.output
    for r in map(json.loads, out.read_text().splitlines()):
        assert set(r["content"]) == {"slot", "path", "reason", "method"}
        assert r["content"]["path"] == "" and r["content"]["method"] == "page"


def test_why_says_why_a_kept_place_stayed() -> None:
    from deboiler_gui.cli.site import why_text
    from deboiler_gui.engine.clean.explain import link_share
    from deboiler_gui.engine.htmltree import parse_html

    root = parse_html(
        "<html><body><div id='a'><a href='/x'>Home page</a> and words</div>"
        "<p><a href='/y'><span>inside a link</span></a></p></body></html>"
    )
    div, span = root.find(".//div"), root.find(".//span")
    assert link_share(div) == len("Home page") / len("Home page and words")
    assert link_share(span) == 1.0
    place = {
        "path": "div#side > p",
        "xpath": "/html/body/div[2]/p",
        "text": "Sponsored: our partners",
        "whole": True,
        "removed": None,
        "in_content": False,
        "link_share": 0.25,
    }
    record = {
        "url": "http://a.example/t.html",
        "why": {
            "kept": True,
            "method": "site",
            "removed": [],
            "places": [place, {**place, "path": "div#main > p", "in_content": True}],
            "content": {"slot": "/html/body/div[1]", "path": "div#main"},
        },
    }
    said = why_text(record, "Sponsored: our partners")
    assert said.splitlines()[1:] == [
        '  kept at div#side > p ("Sponsored: our partners")',
        "    outside the content slot (div#main), but no detector took it: not the same block "
        "on enough of the site's pages, nor at a place that holds boilerplate on them, nor a "
        "labelled link block; links are 25% of its text",
        '  kept at div#main > p ("Sponsored: our partners")',
        "    inside the content slot (div#main)",
    ]
    # one kept place is named too, with where it is
    one = {**record, "why": {**record["why"], "places": [record["why"]["places"][1]]}}
    assert why_text(one, "Sponsored: our partners").splitlines()[1:] == [
        '  kept at div#main > p ("Sponsored: our partners")',
        "    inside the content slot (div#main)",
    ]


def test_why_given_twice_is_refused_naming_both_texts(tmp_path: Path) -> None:
    _site(tmp_path / "site", 6)
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(
        cli,
        ["clean", str(tmp_path / "site"), "-o", str(out), "--why", "Home", "--why", "Paragraph 3"],
    )
    assert result.exit_code == 2
    assert "--why takes one TEXT a run; it was given 2 times ('Home', 'Paragraph 3')" in (
        result.output
    )
    assert not out.exists()


def test_why_with_the_null_device_keeps_no_records(tmp_path: Path) -> None:
    _site(tmp_path / "site", 6)
    result = CliRunner().invoke(
        cli, ["clean", str(tmp_path / "site"), "-o", os.devnull, "--why", "Paragraph 3"]
    )
    assert result.exit_code == 0, result.output
    assert '"Paragraph 3" is on 1 page: kept on 1' in result.output
    assert f"Cleaned 6 pages, records not kept ({os.devnull}) (6 ok" in result.output
    assert not list(Path(os.devnull).parent.glob(".null.*.part"))
    result = CliRunner().invoke(
        cli, ["clean", str(tmp_path / "site"), "-o", os.devnull, "--format", "markdown"]
    )
    assert result.exit_code != 0
    assert "writes a folder of files, which cannot be discarded" in result.output
