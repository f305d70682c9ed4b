"""`deboiler-gui monitor`: a site whose layout changes between two runs breaks its template;
the report says which field, how, and proposes a repair; exit code 3."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.review.monitor import shape_of
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.model import Field, Rule, Template
from deboiler_gui.engine.template.repair import learn_template

BASE = "http://shop.local/"
NAMES = [
    "oak table",
    "pine chair",
    "birch shelf",
    "ash stool",
    "elm bench",
    "teak desk",
    "cedar chest",
    "maple bed",
    "walnut box",
    "beech rack",
]


def product(i: int, version: int) -> str:
    name = NAMES[i % len(NAMES)].title()
    price = f"{19 + i * 7}.{i % 10}0"
    nav = '<nav class="menu"><a href="/">Home</a> <a href="/shop">Shop</a> <a href="/help">Help</a></nav>'
    foot = '<footer class="legal">© Shop Ltd · Terms · Privacy</footer>'
    words = " ".join(NAMES[(i + k) % len(NAMES)].split()[0] for k in range(12))
    if version == 1:
        body = (
            f'<div class="product"><h1 class="name">{name}</h1>'
            f'<p class="price"><span class="label">Price:</span> <span class="amount">{price}</span></p>'
            f'<p class="added">Added <span class="date">2024-0{1 + i % 9}-1{i % 10}</span></p>'
            f'<div class="about"><p>{name} made of solid wood: {words}.</p></div></div>'
        )
    else:  # a redesign: price moved into a new box with new classes, dates written as words
        body = (
            f'<section class="item"><h1 class="name">{name}</h1>'
            f'<div class="about"><p>{name} made of solid wood: {words}.</p></div>'
            f'<div class="buy-box"><b>Price:</b> <strong class="cost">{price}</strong></div>'
            f'<p class="added">Added <span class="date">{["last week", "in spring", "a while ago"][i % 3]}</span></p></section>'
        )
    return f"<html><head><title>{name}</title></head><body>{nav}{body}{foot}</body></html>"


def write_site(folder: Path, version: int, ids: range) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for i in ids:
        (folder / f"p{i:02d}.html").write_text(product(i, version), encoding="utf-8")
    return folder


def _template(pages: list[Page]) -> Template:
    template = Template(
        "product",
        site="shop.local",
        urls=(BASE,),
        remove=(Rule("menu", "//nav[@class='menu']"),),
        fields=(
            Field("name", xpaths=("//h1[@class='name']",)),
            Field("price", xpaths=("//p[@class='price']/span[@class='amount']",)),
            Field("added", xpaths=("//span[@class='date']",)),
        ),
    )
    return learn_template(template, pages)


def test_shapes() -> None:
    assert shape_of("2024-01-10") == "date" and shape_of("last week") == "text:short"
    assert shape_of("19.00") == "number" and shape_of(["a", "b"]) == "list<text:short>"
    assert shape_of("") == "" and shape_of({"k": "1", "v": ""}) == "record{k}"


def test_monitor_baseline_then_a_redesign_breaks_the_template(tmp_path: Path) -> None:
    v1 = write_site(tmp_path / "v1", 1, range(1, 13))
    v2 = write_site(tmp_path / "v2", 2, range(2, 15))  # p01 removed, p13 and p14 new
    ws = tmp_path / "shop.sqlite"
    runner = CliRunner()
    assert (
        runner.invoke(cli, ["import", str(v1), "-w", str(ws), "--base-url", BASE, "-q"]).exit_code
        == 0
    )
    with Workspace(ws) as w:
        pages = list(w.iter_pages())
        w.save_template(_template(pages))

    first = runner.invoke(
        cli,
        [
            "monitor",
            str(v1),
            "-w",
            str(ws),
            "--base-url",
            BASE,
            "--report-dir",
            str(tmp_path / "r1"),
        ],
    )
    assert first.exit_code == 0, first.output
    assert first.stdout.startswith("BASELINE: 12 pages")
    base = json.loads((tmp_path / "r1" / "report.json").read_text(encoding="utf-8"))
    fields = {f["id"]: f for f in base["templates"][0]["fields"]}
    assert fields["price"]["hit_rate"] == 1.0 and fields["added"]["shape"] == "date"

    same = runner.invoke(
        cli,
        [
            "monitor",
            str(v1),
            "-w",
            str(ws),
            "--base-url",
            BASE,
            "--report-dir",
            str(tmp_path / "r1b"),
        ],
    )
    assert same.exit_code == 0 and same.stdout.startswith("OK: 12 pages (0 new, 0 removed)"), (
        same.output
    )
    # a run without a break is the new baseline: the later runs compare with this one
    good = json.loads((tmp_path / "r1b" / "report.json").read_text(encoding="utf-8"))
    assert good["new_baseline"]

    second = runner.invoke(
        cli,
        [
            "monitor",
            str(v2),
            "-w",
            str(ws),
            "--base-url",
            BASE,
            "--report-dir",
            str(tmp_path / "r2"),
            "--accept-repairs",
        ],
    )
    assert second.exit_code == 3, second.output  # it broke, even though a repair was saved
    assert "accepted: product.price" in second.stdout
    report = json.loads((tmp_path / "r2" / "report.json").read_text(encoding="utf-8"))
    assert report["status"] == "broken"
    assert report["pages"]["new_urls"] == [BASE + "p13.html", BASE + "p14.html"]
    assert report["pages"]["removed_urls"] == [BASE + "p01.html"]
    fields = {f["id"]: f for f in report["templates"][0]["fields"]}
    assert fields["price"]["hit_rate_previous"] == 1.0 and fields["price"]["hit_rate"] == 0.0
    assert fields["price"]["broken"] == ["hit rate fell from 100% to 0%"]
    assert fields["added"]["hit_rate"] == 1.0  # still found, but no longer a date
    assert fields["added"]["shape"] == "text:short" and fields["added"]["shape_changed"] == 11
    assert fields["name"]["broken"] == [] and fields["name"]["values_changed"] == 0
    rules = {r["rule"]: r for r in report["templates"][0]["rules"]}
    assert rules["remove:menu"]["hit_rate"] == 1.0 and rules["remove:menu"]["broken"] == []
    assert sorted(report["broken"]) == [
        "template 'product', field 'added': values changed shape on 11 of 11 pages (date → text:short)",
        "template 'product', field 'price': hit rate fell from 100% to 0%",
    ]
    # a repair for the price: the new XPath gives the price on the redesigned pages
    best = [r for r in report["repairs"] if r["best"] and r["field"] == "price"]
    assert (
        best and best[0]["fixes"] == best[0]["pages_tried"] == 11
    )  # the pages that had a price last run
    html = (tmp_path / "r2" / "report.html").read_text(encoding="utf-8")
    assert "broken" in html and "hit rate fell from 100% to 0%" in html and "<script" not in html

    # the accepted repair is a new template version: the next run finds the price again, but
    # the dates written as words are still broken with the baseline's XPath, so the baseline
    # is kept until that is accepted (--accept) or the field's XPath changes
    third = runner.invoke(
        cli,
        [
            "monitor",
            str(v2),
            "-w",
            str(ws),
            "--base-url",
            BASE,
            "--report-dir",
            str(tmp_path / "r3"),
        ],
    )
    assert third.exit_code == 3, third.output
    # quiet, as from cron: no summary, but the break still reaches standard error
    quiet = runner.invoke(
        cli,
        [
            "monitor",
            str(v2),
            "-w",
            str(ws),
            "--base-url",
            BASE,
            "--no-store",
            "-q",
            "--report-dir",
            str(tmp_path / "rq"),
        ],
    )
    assert quiet.exit_code == 3 and quiet.stdout == ""
    assert "monitor: broken: template 'product', field 'added'" in quiet.stderr
    after = json.loads((tmp_path / "r3" / "report.json").read_text(encoding="utf-8"))
    assert after["baseline"]["finished_at"] == good["current"] and not after["new_baseline"]
    assert "still broken with the baseline's rules: product: field:added" in after["baseline_note"]
    fields = {f["id"]: f for f in after["templates"][0]["fields"]}
    assert fields["price"]["hit_rate_previous"] == 1.0 and fields["price"]["hit_rate"] == 1.0
    assert after["broken"] == [
        "template 'product', field 'added': values changed shape on 11 of 11 pages (date → text:short)"
    ]
    fourth = runner.invoke(
        cli,
        [
            "monitor",
            str(v2),
            "-w",
            str(ws),
            "--base-url",
            BASE,
            "--report-dir",
            str(tmp_path / "r4"),
            "--accept",
        ],
    )
    assert fourth.exit_code == 0 and "break accepted (--accept)" in fourth.stdout
    fifth = runner.invoke(
        cli,
        [
            "monitor",
            str(v2),
            "-w",
            str(ws),
            "--base-url",
            BASE,
            "--report-dir",
            str(tmp_path / "r5"),
        ],
    )
    assert fifth.exit_code == 0 and fifth.stdout.startswith("OK: 13 pages (0 new, 0 removed)")
    with Workspace(ws) as w:
        fixed = w.load_template("product")
        runs = [r for r in w.runs() if r["kind"] == "monitor"]
    assert [r["summary"]["status"] for r in runs] == [
        "ok",
        "accepted",
        "broken",
        "broken",
        "ok",
        "baseline",
    ]
    assert best[0]["xpath"] in fixed.field("price").xpaths
    from deboiler_gui.engine.template.extract import apply_template

    values = apply_template(Page(BASE + "p05.html", product(5, 2)), fixed).values
    assert values["price"] == f"{19 + 5 * 7}.50"


def test_no_store_keeps_the_last_run_and_errors_are_one_line(tmp_path: Path) -> None:
    v1 = write_site(tmp_path / "v1", 1, range(1, 7))
    ws = tmp_path / "ws.sqlite"
    runner = CliRunner()
    assert (
        runner.invoke(cli, ["import", str(v1), "-w", str(ws), "--base-url", BASE, "-q"]).exit_code
        == 0
    )
    dry = runner.invoke(
        cli,
        [
            "monitor",
            str(v1),
            "-w",
            str(ws),
            "--base-url",
            BASE,
            "--no-store",
            "--report-dir",
            str(tmp_path / "r"),
        ],
    )
    assert dry.exit_code == 0 and dry.stdout.startswith("BASELINE")
    with Workspace(ws) as w:
        assert w.get_meta("monitor:last_run") is None
    missing = runner.invoke(cli, ["monitor", str(v1), "-w", str(tmp_path / "nope.sqlite")])
    assert missing.exit_code == 1 and "no such file" in missing.output
