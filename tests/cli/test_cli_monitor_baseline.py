"""`deboiler-gui monitor` on the demo site's guides copied and changed: a break exits 3 on every
run until accepted, a template never learned says so on stderr, the repairs are those of
`templates repair` (structured-data anchors too), a field found only by a fallback XPath is a
warning that keeps exit 0."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from deboiler_gui.cli import cli
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.model import Field, Template

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from demoguides import BASE, guide_files, guide_template, write_guides  # noqa: E402

runner = CliRunner()


def setup(tmp_path: Path, template: Template, v1: Path) -> Path:
    ws = tmp_path / "garden.sqlite"
    done = runner.invoke(cli, ["import", str(v1), "-w", str(ws), "--base-url", BASE, "-q"])
    assert done.exit_code == 0, done.output
    with Workspace(ws) as w:
        w.save_template(template)
    return ws


def monitor(ws: Path, folder: Path, report: Path, *extra: str) -> tuple[Result, dict[str, Any]]:
    args = ["monitor", str(folder), "-w", str(ws), "--base-url", BASE, "--report-dir", str(report)]
    result = runner.invoke(cli, [*args, *extra])
    assert result.exit_code in (0, 3), result.output
    return result, json.loads((report / "report.json").read_text(encoding="utf-8"))


def test_a_break_exits_3_until_it_is_accepted(tmp_path: Path) -> None:
    v1 = write_guides(tmp_path / "v1")
    v2 = write_guides(tmp_path / "v2", v2=True)
    ws = setup(tmp_path, guide_template(), v1)
    first, base = monitor(ws, v1, tmp_path / "r1")
    assert first.exit_code == 0 and first.stdout.startswith("BASELINE")

    for n in range(2):  # a lost mail: the next run says it again
        again, report = monitor(ws, v2, tmp_path / f"r2{n}")
        assert again.exit_code == 3, again.output
        assert f"compared with the baseline of {base['current']}" in again.stdout
        assert "broken: template 'guide', field 'name': hit rate fell from 100% to 0%" in (
            again.stdout
        )
        assert report["baseline"]["inputs"] == [str(v1)] and not report["new_baseline"]
    html = (tmp_path / "r21" / "report.html").read_text(encoding="utf-8")
    assert "compared with the baseline (the last good run)" in html

    dry, report = monitor(ws, v2, tmp_path / "r3", "--no-store", "--accept")
    assert dry.exit_code == 3 and report["baseline_note"].startswith("not stored (--no-store)")
    accepted, report = monitor(ws, v2, tmp_path / "r4", "--accept")
    # an explicit accept passes: the change is wanted, the run is the new baseline
    assert accepted.exit_code == 0, accepted.output
    assert accepted.stdout.startswith("ACCEPTED: 12 pages")
    assert "break accepted (--accept): this run is the new baseline" in accepted.stdout
    assert "changed (accepted): template 'guide', field 'name'" in accepted.stdout
    assert report["status"] == "accepted" and report["new_baseline"] is True
    assert report["broken"]  # what changed is still listed
    after, report = monitor(ws, v2, tmp_path / "r5")
    assert after.exit_code == 0 and after.stdout.startswith("OK: 12 pages (0 new, 0 removed)")
    assert report["baseline"]["inputs"] == [str(v2)]


def test_an_unlearned_template_says_so_on_stderr_until_learned(tmp_path: Path) -> None:
    v1 = write_guides(tmp_path / "v1")
    v2 = write_guides(tmp_path / "v2", v2=True)
    ws = setup(tmp_path, guide_template(), v1)
    monitor(ws, v1, tmp_path / "r1")
    broken, report = monitor(ws, v2, tmp_path / "r2")
    hint = (
        f"no learned values for template guide: run `deboiler-gui templates learn guide -w {ws}` "
        "to get repair proposals"
    )
    assert broken.exit_code == 3 and hint in broken.stderr
    assert hint in report["warnings"] and report["repairs"] == []

    learn = runner.invoke(cli, ["templates", "learn", "guide", "-w", str(ws)])
    assert learn.exit_code == 0, learn.output
    # learning saved a new version with the same XPaths: that accepts nothing, the break is
    # still against the last good run, now with a repair
    broken, report = monitor(ws, v2, tmp_path / "r3")
    assert broken.exit_code == 3 and "no learned values" not in broken.stderr
    assert not report["new_baseline"] and report["baseline"]["inputs"] == [str(v1)]
    assert "  repair: guide.name -> " in broken.stdout
    assert [(r["field"], r["status"]) for r in report["repairs"]] == [("name", "repaired")]


def test_monitor_and_templates_repair_propose_the_same(tmp_path: Path) -> None:
    v1 = write_guides(tmp_path / "v1", jsonld=True)
    v2 = write_guides(tmp_path / "v2", jsonld=True, v2=True, rename=True)
    ws = setup(tmp_path, guide_template(), v1)
    assert runner.invoke(cli, ["templates", "learn", "guide", "-w", str(ws)]).exit_code == 0
    monitor(ws, v1, tmp_path / "r1")
    broken, report = monitor(ws, v2, tmp_path / "r2")
    assert broken.exit_code == 3
    assert "[anchor json-ld:HowTo.name]" in broken.stdout

    # the same pages in the workspace: templates repair on them
    assert (
        runner.invoke(cli, ["import", str(v2), "-w", str(ws), "--base-url", BASE, "-q"]).exit_code
        == 0
    )
    out = runner.invoke(cli, ["templates", "repair", "guide", "-w", str(ws), "--json", "-q"])
    assert out.exit_code == 0, out.output
    repaired = json.loads(out.stdout)
    cli_fields = {
        (f["field"], f["status"], f["xpath"], f["evidence"].get("anchor"))
        for f in repaired["fields"]
        if f["status"] != "ok"
    }
    monitor_fields = {
        (r["field"], r["status"], r["xpath"], r["anchor"])
        for r in report["repairs"]
        if r["kind"] == "learned values"
    }
    assert cli_fields == monitor_fields
    assert ("name", "repaired") in {(f, s) for f, s, _x, _a in cli_fields}
    assert {(p["field"], p["xpath"]) for p in repaired["proposals"]} == {
        (r["field"], r["xpath"]) for r in report["repairs"] if r["kind"] == "search rules"
    }

    # accepting the repairs makes a new version: the next run is compared, found fine and kept
    accept = runner.invoke(cli, ["templates", "repair", "guide", "-w", str(ws), "--accept-repairs"])
    assert accept.exit_code == 0 and "repairs accepted as version" in accept.output
    fixed, report = monitor(ws, v2, tmp_path / "r3")
    assert report["new_baseline"], fixed.output
    again, report = monitor(ws, v2, tmp_path / "r4")
    assert again.exit_code == 0 and report["status"] == "ok", again.output
    names = {f["id"]: f for f in report["templates"][0]["fields"]}["name"]
    assert names["hit_rate"] == 1.0


def test_a_field_only_a_fallback_finds_is_a_warning_with_exit_0(tmp_path: Path) -> None:
    v1 = write_guides(tmp_path / "v1")
    v2 = write_guides(tmp_path / "v2", v2=True)
    ws = setup(tmp_path, guide_template("//article/h1", "//h2[@class='guide-title']"), v1)
    monitor(ws, v1, tmp_path / "r1")
    run, report = monitor(ws, v2, tmp_path / "r2")
    assert run.exit_code == 0 and run.stdout.startswith("OK"), run.output
    line = (
        "  warning: template 'guide', field 'name': its primary XPath '//article/h1' finds "
        f"nothing on any of its {len(guide_files())} pages; the fallback "
        "\"//h2[@class='guide-title']\" still finds it"
    )
    assert line in run.stdout.splitlines()
    assert report["broken"] == []


def test_a_version_repairing_some_broken_fields_does_not_accept_the_others(
    tmp_path: Path,
) -> None:
    v1 = write_guides(tmp_path / "v1")
    v2 = write_guides(tmp_path / "v2", v2=True)
    base = guide_template()
    two = Template.from_dict(
        base.to_dict()
        | {"fields": [*base.to_dict()["fields"], {"id": "heading", "xpaths": ["//main//h1"]}]}
    )
    ws = setup(tmp_path, two, v1)
    monitor(ws, v1, tmp_path / "r1")
    broken, report = monitor(ws, v2, tmp_path / "r2")
    assert broken.exit_code == 3
    fields = {f["id"]: f["broken"] for f in report["templates"][0]["fields"]}
    assert fields["name"] and fields["heading"] and not fields["lead"]

    def version_with(**xpaths: str) -> None:
        with Workspace(ws) as w:
            data = w.load_template("guide").to_dict()
            for f in data["fields"]:
                if f["id"] in xpaths:
                    f["xpaths"] = [xpaths[f["id"]]]
            w.save_template(Template.from_dict(data))

    # a new version repairs 'name' only: 'heading' is still broken with the baseline's XPath
    version_with(name="//h2[@class='guide-title']")
    partly, report = monitor(ws, v2, tmp_path / "r3")
    assert partly.exit_code == 3 and not report["new_baseline"]
    assert "still broken with the baseline's rules: guide: field:heading" in report["baseline_note"]
    fields = {f["id"]: f["broken"] for f in report["templates"][0]["fields"]}
    assert not fields["name"] and fields["heading"]
    again, report = monitor(ws, v2, tmp_path / "r4")
    assert again.exit_code == 3, again.output  # never quiet while a field stays broken

    # both repaired: this run is the new baseline, and the next one is fine
    version_with(heading="//h2[@class='guide-title']")
    fixed, report = monitor(ws, v2, tmp_path / "r5")
    assert report["new_baseline"], fixed.output
    ok, report = monitor(ws, v2, tmp_path / "r6")
    assert ok.exit_code == 0 and report["status"] == "ok", ok.output


def test_the_summary_line_shows_the_whole_proposed_queue(tmp_path: Path) -> None:
    from test_valuerepair_site import doc_html

    from deboiler_gui.engine.template.model import Field

    kinds = [("module", i) for i in range(6)] + [("file", i) for i in range(4)]
    kinds += [("guide", i) for i in range(3)]
    for folder, reorder in (("v1", False), ("v2", True)):
        (tmp_path / folder).mkdir()
        for k, i in kinds:
            (tmp_path / folder / f"{k}-{i}.html").write_text(
                doc_html(k, i, reorder=reorder), encoding="utf-8"
            )
    template = Template(
        "doc",
        site=BASE.split("//")[1].strip("/"),
        urls=(f"{BASE.rstrip('/')}/*.html",),
        fields=(Field("summary", xpaths=("//div[@id='content']/div[2]/div",)),),
        use_cleaner=False,
    )
    ws = setup(tmp_path, template, tmp_path / "v1")
    assert runner.invoke(cli, ["templates", "learn", "doc", "-w", str(ws)]).exit_code == 0
    monitor(ws, tmp_path / "v1", tmp_path / "r1")
    broken, report = monitor(ws, tmp_path / "v2", tmp_path / "r2")
    (rep,) = report["repairs"]
    # one rule for both kinds of page, or one rule each: the line shows the whole queue
    assert rep["status"] == "repaired" and rep["xpaths"], rep
    line = next(x for x in broken.stdout.splitlines() if x.startswith("  repair: doc.summary"))
    assert line.startswith(f"  repair: doc.summary -> {' then '.join(rep['xpaths'])} (")


def test_a_dry_run_says_the_baseline_stays(tmp_path: Path) -> None:
    v1 = write_guides(tmp_path / "v1")
    ws = setup(tmp_path, guide_template(), v1)
    dry_first, report = monitor(ws, v1, tmp_path / "r0", "--no-store")
    assert report["baseline_note"] == (
        "not stored (--no-store): there is no baseline yet; stored, this first run would have "
        "become it"
    )
    _first, base = monitor(ws, v1, tmp_path / "r1")
    dry, report = monitor(ws, v1, tmp_path / "r2", "--no-store")
    assert dry.exit_code == 0 and not report["new_baseline"]
    note = report["baseline_note"]
    assert note == (
        f"not stored (--no-store): the baseline of {base['current']} stays; stored, this run "
        "would have replaced it (no break)"
    )
    assert "this run is the new baseline" not in dry.stdout


def test_a_field_on_few_pages_that_vanishes_is_broken(tmp_path: Path) -> None:
    # 'other' is on 2 of the 12 guides (17%, less than --max-drop's 20 points): falling to
    # nothing still breaks the template.
    v1 = write_guides(tmp_path / "v1")
    v2 = write_guides(tmp_path / "v2", v2=True)
    few = "//article/h1[contains(., 'Compost') or contains(., 'Pests')]"
    template = guide_template("//article/h1", "//h2[@class='guide-title']")
    template = Template(
        template.name,
        site=template.site,
        urls=template.urls,
        fields=(*template.fields, Field("other", xpaths=(few,))),
    )
    ws = setup(tmp_path, template, v1)
    monitor(ws, v1, tmp_path / "r1")
    result, report = monitor(ws, v2, tmp_path / "r2")
    assert result.exit_code == 3, result.output
    assert report["broken"] == [
        "template 'guide', field 'other': hit rate fell from 17% to 0% (on 2 pages before, none now)"
    ]


def _serve(folder: Path) -> Any:
    import functools
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def test_urls_as_input_are_fetched_again(tmp_path: Path) -> None:
    # The site is served from a folder that the redesign replaces: given its URLs, monitor
    # fetches the pages again (not a file named "http:/…") and finds the break.
    live = tmp_path / "live"
    write_guides(live)
    (live / "robots.txt").write_text("User-agent: *\nDisallow:\n", encoding="utf-8")
    server = _serve(live)
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        ws = tmp_path / "live.sqlite"
        done = runner.invoke(cli, ["import", str(live), "-w", str(ws), "--base-url", base, "-q"])
        assert done.exit_code == 0, done.output
        template = guide_template()
        with Workspace(ws) as w:
            w.save_template(
                Template("guide", site="127.0.0.1", urls=(base,), fields=template.fields)
            )
        urls = [base + p.name for p in guide_files()]
        args = ["monitor", *urls, "-w", str(ws), "--no-follow", "--report-dir"]
        first = runner.invoke(cli, [*args, str(tmp_path / "r1")])
        assert first.exit_code == 0 and first.stdout.startswith("BASELINE: 12 pages"), first.output
        write_guides(live, v2=True)
        second = runner.invoke(cli, [*args, str(tmp_path / "r2")])
        assert second.exit_code == 3, second.output
        assert "field 'name': hit rate fell from 100% to 0%" in second.stdout
        opts = ["-w", str(ws), "--no-follow", "--report-dir", str(tmp_path / "r3")]
        missing = runner.invoke(cli, ["monitor", base + "nowhere.html", *opts])
        assert missing.exit_code == 1
        assert "nowhere.html not fetched: HTTP 404" in missing.output
        assert "no page was read from the inputs" in missing.output
    finally:
        server.shutdown()
        server.server_close()


def _refusing_port() -> tuple[Any, int]:
    """A port bound but never listening: every connection to it is refused."""
    import socket

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    return sock, sock.getsockname()[1]


def test_a_url_whose_robots_txt_is_unreachable_is_named_with_why(tmp_path: Path) -> None:
    sock, port = _refusing_port()
    try:
        ws = setup(tmp_path, guide_template(), write_guides(tmp_path / "v1"))
        url = f"http://127.0.0.1:{port}/"
        result = runner.invoke(
            cli, ["monitor", url, "-w", str(ws), "--no-store", "--report-dir", str(tmp_path / "r")]
        )
        assert result.exit_code == 1
        assert f"{url} not fetched: robots.txt of http://127.0.0.1:{port} could not be read" in (
            result.output
        )
        assert "refused" in result.output
        crawled = runner.invoke(cli, ["crawl", url, "-w", str(tmp_path / "c.sqlite")])
        assert crawled.exit_code == 0, crawled.output
        assert f"robots.txt could not be read on http://127.0.0.1:{port} (" in crawled.output
        assert f"{url} not fetched: its host's robots.txt could not be read" in crawled.output
    finally:
        sock.close()


def test_a_field_lost_on_a_few_pages_is_a_warning_and_keeps_the_baseline(
    tmp_path: Path,
) -> None:
    # The lead vanishes from 2 of the 12 guides (100% -> 83%): under every break threshold,
    # so exit 0, but said, and the run is not the new baseline unless accepted.
    v1 = write_guides(tmp_path / "v1")
    v2 = write_guides(tmp_path / "v2")
    eroded = sorted(v2.glob("*.html"))[:2]
    for page in eroded:
        text = page.read_text(encoding="utf-8")
        assert 'class="lead"' in text
        page.write_text(text.replace('class="lead"', 'class="intro"'), encoding="utf-8")
    ws = setup(tmp_path, guide_template(), v1)
    monitor(ws, v1, tmp_path / "r1")
    for run in ("r2", "r3"):  # reported on every run, against the same baseline
        result, report = monitor(ws, v2, tmp_path / run)
        assert result.exit_code == 0, result.output
        assert report["status"] == "ok" and not report["new_baseline"]
        assert report["broken"] == []
        line = "template 'guide', field 'lead': found on 10 of 12 pages, was 12; lost on 2 pages"
        assert f"warning: {line}" in result.stdout
        assert BASE + eroded[0].name in result.stdout
        assert "values lost on some pages (guide.lead)" in report["baseline_note"]
        assert report["baseline"]["inputs"] == [str(v1)]
    result, report = monitor(ws, v2, tmp_path / "r4", "--accept")
    assert result.exit_code == 0 and report["new_baseline"], result.output
    result, report = monitor(ws, v2, tmp_path / "r5")
    assert report["new_baseline"] and not any("lost on" in w for w in report["warnings"])
