"""Precision and recall against a gold file: a field written as absent (null, "" or []) on a
page is right when the rule gives nothing there and a false positive when it gives a value."""

from __future__ import annotations

from deboiler_gui.engine.model import Page
from deboiler_gui.engine.progress import run
from deboiler_gui.engine.template.evaluate import evaluate_steps
from deboiler_gui.engine.template.model import Field, Template

SITE = "gold.example"


def page(i: int, *, up: bool) -> Page:
    link = f"<a class='up' href='index-{i}.html'>Up</a>" if up else ""
    return Page(f"https://{SITE}/p{i}.html", f"<html><body><h1>Page {i}</h1>{link}</body></html>")


def test_an_absent_gold_value_is_right_when_the_rule_gives_nothing() -> None:
    template = Template(
        "g",
        site=SITE,
        fields=(
            Field("up_href", xpaths=("//a[@class='up']",), kind="attribute", attribute="href"),
            Field("title", xpaths=("//h1",)),
        ),
        use_cleaner=False,
    )
    pages = [page(i, up=i % 2 == 0) for i in range(6)]
    gold = {
        p.url: {"up_href": f"index-{i}.html" if i % 2 == 0 else None, "title": f"Page {i}"}
        for i, p in enumerate(pages)
    }
    gold[pages[1].url]["up_href"] = ""  # "" means absent too
    ev = run(evaluate_steps(pages, [template], gold=gold))
    q = ev.quality["up_href"]
    assert (q["precision"], q["recall"]) == (1.0, 1.0)
    assert (q["expected"], q["absent"], q["absent_filled"]) == (3, 3, 0)
    # A value where the gold says absent is a false positive.
    gold[pages[3].url]["title"] = None
    ev = run(evaluate_steps(pages, [template], gold=gold))
    q = ev.quality["title"]
    assert q["precision"] == 5 / 6 and q["recall"] == 1.0 and q["absent_filled"] == 1


def test_gold_compares_values_with_white_space_runs_made_one_space() -> None:
    # A table row's cells are lines of its text ("type\nname (args)"); gold typed by eye
    # writes them on one line with a space, and is right.
    template = Template(
        "sig",
        site=SITE,
        fields=(
            Field("first_sig", xpaths=("//tr[1]",)),
            Field("names", xpaths=("//tr/td[2]",), is_list=True),
        ),
        use_cleaner=False,
    )
    html = (
        "<html><body><table><tr><td>dbus_bool_t</td><td>dbus_validate_path (const char *p)</td>"
        "</tr><tr><td>void</td><td>dbus_free\n  (void *m)</td></tr></table></body></html>"
    )
    pg = Page(f"https://{SITE}/sig.html", html)
    gold = {
        pg.url: {
            "first_sig": "dbus_bool_t dbus_validate_path (const char *p)",
            "names": ["dbus_validate_path  (const char *p)", "dbus_free (void *m)"],
        }
    }
    ev = run(evaluate_steps([pg], [template], gold=gold))
    assert ev.quality["first_sig"]["precision"] == 1.0
    assert ev.quality["first_sig"]["recall"] == 1.0
    assert ev.quality["names"]["recall"] == 1.0
    # Words still count: another word is another value.
    gold[pg.url]["first_sig"] = "dbus_bool_t dbus_validate_paths (const char *p)"
    ev = run(evaluate_steps([pg], [template], gold=gold))
    assert ev.quality["first_sig"]["recall"] == 0.0


def test_gold_gives_f1_per_field_and_macro_and_names_fields_no_template_has() -> None:
    template = Template(
        "g", site=SITE, fields=(Field("title", xpaths=("//h1",)),), use_cleaner=False
    )
    pages = [page(i, up=False) for i in range(4)]
    gold: dict[str, dict[str, object]] = {
        p.url: {"title": f"Page {i}", "summary": f"about {i}"} for i, p in enumerate(pages)
    }
    gold[pages[0].url]["title"] = "Another title"  # one wrong value: P = R = 3/4
    ev = run(evaluate_steps(pages, [template], gold=gold))
    assert ev.quality["title"]["f1"] == 0.75
    # The summary has no rule in the template: named, not judged, and not in the macro F1.
    assert "summary" not in ev.quality
    assert ev.not_in_template == {"summary": 4}
    assert ev.macro_f1 == 0.75
    report = ev.to_dict()
    assert report["macro_f1"] == 0.75 and report["not_in_template"] == {"summary": 4}
