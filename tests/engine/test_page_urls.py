"""A page found by a URL given by hand whatever the escapes of characters that need none
(``Console$.html`` is the stored ``Console%24.html``), the closest stored URLs when none is,
and gold records matched to their pages the same way."""

from __future__ import annotations

from pathlib import Path

import pytest

from deboiler_gui.engine.model import Page, near_urls, url_form
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.evaluate import evaluate_steps
from deboiler_gui.engine.template.model import Field, Template


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("http://l.local/scala/Console$.html", "http://l.local/scala/Console%24.html"),
        ("http://l.local/~user/a(1).html", "http://l.local/%7euser/a%281%29.html"),
        ("http://l.local/café.html", "http://l.local/caf%c3%a9.html"),
        ("http://l.local/a b.html", "http://l.local/a%20b.html"),
        ("HTTP://L.Local:80/x.html#top", "http://l.local/x.html"),
        ("http://l.local/x?q=a:b@c", "http://l.local/x?q=a%3Ab%40c"),
        ("http://l.local", "http://l.local/"),
    ],
)
def test_spellings_of_one_page_share_their_form(one: str, other: str) -> None:
    assert url_form(one) == url_form(other)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("http://l.local/a%2Fb.html", "http://l.local/a/b.html"),  # one segment, not two
        ("http://l.local/x?q=a%26b", "http://l.local/x?q=a&b"),  # one argument, not two
        ("http://l.local/x?q=a%2Bb", "http://l.local/x?q=a+b"),  # a plus, not a space
        ("http://l.local/%25.html", "http://l.local/%.html"),
        ("http://l.local/caf%E9.html", "http://l.local/café.html"),  # Latin-1, not UTF-8
        ("http://l.local/X.html", "http://l.local/x.html"),
        ("http://l.local:8080/x.html", "http://l.local/x.html"),
    ],
)
def test_escapes_that_mean_something_else_stay_apart(one: str, other: str) -> None:
    assert url_form(one) != url_form(other)


@pytest.fixture()
def ws(tmp_path: Path) -> Path:
    path = tmp_path / "ws.sqlite"
    stored = [
        "http://l.local/scala/Console%24.html",
        "http://l.local/scala/Console.html",
        "http://l.local/scala/None%24.html",
        "http://l.local/scala/collection/Seq%24.html",
        "http://l.local/twice/a~b.html",
        "http://l.local/twice/a%7Eb.html",
    ]
    with Workspace(path) as w:
        w.add_pages([Page(u, f"<html><body><h1>{u[-12:]}</h1></body></html>") for u in stored])
    return path


def test_a_page_is_found_whatever_the_escapes(ws: Path) -> None:
    with Workspace(ws, create=False) as w:
        stored = "http://l.local/scala/Console%24.html"
        assert w.find_page_url(stored) == stored
        assert w.find_page_url("http://l.local/scala/Console$.html") == stored
        assert w.find_page_url("http://L.local/scala/Console%24.html#method") == stored
        assert w.find_page_url("http://l.local/scala/Console.html").endswith("Console.html")
        assert w.find_page_url("http://l.local/scala/Consol$.html") is None
        # two stored spellings of one page: each is itself, a third names neither for sure
        assert w.find_page_url("http://l.local/twice/a~b.html") == "http://l.local/twice/a~b.html"
        assert w.find_page_url("http://l.local/twice/a%7eb.html") is None


def test_a_page_not_found_gets_the_closest_stored_urls(ws: Path) -> None:
    with Workspace(ws, create=False) as w:
        near = w.near_page_urls("http://l.local/scala/Consol$.html")
        assert near[0] == "http://l.local/scala/Console%24.html"
        assert "http://l.local/scala/collection/Seq%24.html" not in near  # another folder
        assert w.near_page_urls("http://l.local/scala/colection/Seq$.html")[0].endswith(
            "collection/Seq%24.html"
        )
        assert w.near_page_urls("http://other.local/scala/None$.html")[0].endswith("None%24.html")
        assert w.near_page_urls("http://l.local/nothing/like/it/at/all.pdf") == []


def test_near_urls_compares_forms() -> None:
    urls = [
        "http://l.local/a/Seq%24.html",
        "http://l.local/a/Set.html",
        "http://l.local/b/Seq.html",
    ]
    assert near_urls("http://l.local/a/Seq$.htm", urls)[0] == "http://l.local/a/Seq%24.html"


def test_near_urls_put_a_page_that_differs_by_case_alone_first() -> None:
    # A class's page typed with its class's capitals: the page of that name comes before
    # the pages whose names are close to it as typed.
    urls = [
        "http://qt.local/timers.html",
        "http://qt.local/qtime.html",
        "http://qt.local/qtimer.html",
        "http://qt.local/qtimezone.html",
    ]
    assert near_urls("http://qt.local/QTimer.html", urls)[0] == "http://qt.local/qtimer.html"
    # in another folder the whole URL is compared, whatever its case too
    assert near_urls("http://qt.local/Docs/QTimer.HTML", ["http://qt.local/docs/qtimer.html"]) == [
        "http://qt.local/docs/qtimer.html"
    ]
    # a misspelt name is still found among its close names
    assert "http://qt.local/qtimer.html" in near_urls("http://qt.local/qtimr.html", urls)


def test_gold_urls_name_their_pages_whatever_the_escapes() -> None:
    template = Template("t", site="l.local", fields=(Field("title", xpaths=("//h1",)),))
    pages = [
        Page(f"http://l.local/scala/{name}", f"<html><body><h1>{title}</h1></body></html>")
        for name, title in (("Console%24.html", "Console"), ("Array.html", "Array"))
    ]
    gold = {
        "http://l.local/scala/Console$.html": {"title": "Console"},
        "http://l.local/scala/Array.html": {"title": "Array"},
        "http://l.local/scala/Arrray.html": {"title": "Array"},
    }
    steps = evaluate_steps(pages, [template], gold=gold)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            ev = stop.value
            break
    q = ev.quality["title"]
    assert (q["expected"], q["extracted"], q["f1"]) == (2, 2, 1.0)
    assert ev.gold_missing == [
        {"url": "http://l.local/scala/Arrray.html", "near": ["http://l.local/scala/Array.html"]}
    ]
    assert ev.to_dict()["gold_missing"] == ev.gold_missing
