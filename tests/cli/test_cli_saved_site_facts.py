"""``suggest`` and ``extract`` keep what they learn of a site in the workspace. ``suggest``
keeps what it learned of a site's pages (the values that recur over the site, which ids and
classes change from page to page, hit rates): the next call on the same pages reads it instead
of parsing the site's first pages again, and gives the same rules; any change to a page of the
site makes it learn them again. ``extract`` keeps the cleaner's findings per page."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.htmltree import parse_html
from deboiler_gui.engine.model import Page
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.selectors import FACTS_FORMAT, SiteIndex

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from test_induce import page  # noqa: E402

URL = "https://s.example/p{}.html"
SITE = "s.example"


@pytest.fixture()
def ws(tmp_path: Path) -> Path:
    path = tmp_path / "ws.sqlite"
    with Workspace(path) as w:
        # more pages than a rule's induction samples: the first pages of the site are parsed
        # for the volatility of ids and classes only
        w.add_pages([Page(URL.format(i), page(i, banner=i % 4 == 0)) for i in range(90)])
    return path


def suggest(ws: Path) -> Any:
    args = ["suggest", "--examples", URL.format(1), "//ul[@id='toc']/li[1]/a", "--list"]
    r = CliRunner().invoke(cli, [*args, "-w", str(ws), "--json"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def test_a_second_call_reads_the_saved_index_and_gives_the_same_rules(
    ws: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    read: list[str] = []
    page_html = Workspace.page_html

    def counted(self: Workspace, url: str) -> str:
        read.append(url)
        return page_html(self, url)

    monkeypatch.setattr(Workspace, "page_html", counted)
    first = suggest(ws)
    first_reads = len(read)
    with Workspace(ws) as w:
        stamp = w.site_stamp(SITE)
        assert w.load_site_index(SITE, f"{stamp}:{FACTS_FORMAT}") is not None
    read.clear()
    assert suggest(ws) == first
    assert len(read) < first_reads - 20, (len(read), first_reads)


def test_any_write_to_a_page_of_the_site_makes_a_new_stamp(ws: Path) -> None:
    with Workspace(ws) as w:
        stamps = [w.site_stamp(SITE)]
        w.save_site_index(SITE, stamps[0], {"pages": 90})
        w.add_pages([Page(URL.format(3), page(3, banner=True))])  # a page read again
        stamps.append(w.site_stamp(SITE))
        w.add_pages([Page(URL.format(400), page(400))])  # a new page
        stamps.append(w.site_stamp(SITE))
        w.add_pages([Page("https://other.example/a.html", page(1))])  # another site's
        stamps.append(w.site_stamp(SITE))
        assert len(set(stamps[:3])) == 3 and stamps[3] == stamps[2]
        # the index saved for the pages before is not the pages' now
        assert w.load_site_index(SITE, stamps[0]) == {"pages": 90}
        assert w.load_site_index(SITE, w.site_stamp(SITE)) is None


def test_facts_taken_by_an_index_of_the_same_pages_answer_without_parsing() -> None:
    html = {URL.format(i): page(i, banner=i % 4 == 0) for i in range(12)}
    urls = sorted(html)
    parsed = SiteIndex(urls, [parse_html(html[u]) for u in urls])
    tree = parsed.trees[1]
    el = tree.xpath("//ul[@id='toc']")[0]
    volatile = parsed.is_volatile(el, "id", "toc")
    rate = parsed.hit_rate("//ul[@id='toc']/li/a")
    parsed._recurrence()

    loads: list[str] = []

    def load(url: str) -> str:
        loads.append(url)
        return html[url]

    later = SiteIndex.on_demand(urls, load)
    later.take_facts(json.loads(json.dumps(parsed.facts())))  # as saved in the workspace
    assert later.is_volatile(el, "id", "toc") == volatile
    assert later.hit_rate("//ul[@id='toc']/li/a") == rate
    assert later._recurrence() == parsed._recurrence()
    assert loads == []
    # facts of another number of pages are not taken
    fewer = SiteIndex.on_demand(urls[:5], load)
    fewer.take_facts(parsed.facts())
    assert fewer.learned() == (0, 0, False)


def test_extract_keeps_the_cleaners_findings_for_the_next_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``extract`` with the cleaner keeps what the cleaner found on each page it had to clean
    (in the workspace, by page and model digest): the next run cleans no page again and writes
    the same records; a page whose HTML changed is cleaned again."""
    from deboiler_gui.engine.clean import cleaning

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
    from tplsite import pages as shop_pages

    ws = tmp_path / "ws.sqlite"
    with Workspace(ws) as w:
        w.add_pages(shop_pages(8))
    runner = CliRunner()
    assert runner.invoke(cli, ["fit", "-w", str(ws), "-q"]).exit_code == 0
    from deboiler_gui.engine.template import rulefile
    from deboiler_gui.engine.template.model import Field, Template

    fields = (Field("body", xpaths=("/html/body",)), Field("title", xpaths=("//h1",)))
    (tmp_path / "t.json").write_text(rulefile.dumps([Template("shop", fields=fields)]))
    runs: list[int] = []
    matches = cleaning.matches

    def counted(*args: Any, **kw: Any) -> Any:
        runs.append(1)
        return matches(*args, **kw)

    monkeypatch.setattr(cleaning, "matches", counted)

    def extract(out: str) -> str:
        args = ["extract", "-w", str(ws), "-t", str(tmp_path / "t.json"), "-o"]
        r = runner.invoke(cli, [*args, str(tmp_path / out), "-q", "--page-timeout", "0"])
        assert r.exit_code == 0, r.output
        return (tmp_path / out).read_text()

    first = extract("a.jsonl")
    assert len(runs) == 8 and "About" not in first  # the menu: boilerplate, out of the bodies
    runs.clear()
    assert extract("b.jsonl") == first and runs == []
    changed = shop_pages(8)[5]
    with Workspace(ws) as w:
        w.add_pages([Page(changed.url, changed.html.replace("widgets", "gadgets"))])
    runs.clear()
    assert "gadgets" in extract("c.jsonl") and len(runs) == 1


def test_extract_leaves_out_a_model_saved_by_an_older_cleaner_and_says_so(
    tmp_path: Path,
) -> None:
    """A site's model saved in an older form is not applied as if it were today's: ``extract``
    names the site and the command that fits it again, and reads the fields without the
    cleaner (the menu stays in the body) until the site is fitted again."""
    from tplsite import pages as shop_pages

    from deboiler_gui.engine.model import MODEL_FORMAT
    from deboiler_gui.engine.template import rulefile
    from deboiler_gui.engine.template.model import Field, Template

    ws = tmp_path / "ws.sqlite"
    with Workspace(ws) as w:
        w.add_pages(shop_pages(8))
    runner = CliRunner()
    assert runner.invoke(cli, ["fit", "-w", str(ws), "-q"]).exit_code == 0
    (tmp_path / "t.json").write_text(
        rulefile.dumps([Template("shop", fields=(Field("body", xpaths=("/html/body",)),))])
    )
    with Workspace(ws) as w:
        (site,) = w.model_sites()
        model = w.load_model(site)
        assert model is not None
        model.version = MODEL_FORMAT - 1
        w.save_model(model)

    def extract(out: str) -> Any:
        args = ["extract", "-w", str(ws), "-t", str(tmp_path / "t.json"), "-o"]
        return runner.invoke(cli, [*args, str(tmp_path / out), "-q", "--page-timeout", "0"])

    stale = extract("a.jsonl")
    assert stale.exit_code == 0, stale.output
    assert f"site {site}: its saved model was fitted by an older version" in stale.output
    assert "deboiler-gui fit -w" in stale.output
    assert "About" in (tmp_path / "a.jsonl").read_text()
    assert runner.invoke(cli, ["fit", "-w", str(ws), "-q"]).exit_code == 0
    fresh = extract("b.jsonl")
    assert "older version" not in fresh.output
    assert "About" not in (tmp_path / "b.jsonl").read_text()
