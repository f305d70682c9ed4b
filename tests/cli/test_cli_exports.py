"""`templates export --format crawl4ai|firecrawl` from the CLI on the demo site."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from deboiler_gui.cli import cli
from deboiler_gui.engine.sources import DEMO_BASE_URL, demo_site_path
from deboiler_gui.engine.store import Workspace
from deboiler_gui.engine.template.model import Field, Rule, Template

SITE = DEMO_BASE_URL.split("/")[2]


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("exp") / "demo.sqlite"
    runner = CliRunner()
    assert (
        runner.invoke(
            cli,
            ["import", str(demo_site_path()), "-w", str(path), "--base-url", DEMO_BASE_URL, "-q"],
        ).exit_code
        == 0
    )
    assert runner.invoke(cli, ["fit", "-w", str(path), "-q"]).exit_code == 0
    template = Template(
        "guide",
        site=SITE,
        urls=(DEMO_BASE_URL + "guides/compost.html",),
        remove=(Rule("pager", "//div[@class='pager']"),),
        fields=(
            Field("title", xpaths=("//article/h1",)),
            Field("steps", xpaths=("//article/ol/li[%d]",), is_list=True),
            Field("next", xpaths=("//div[@class='pager']/a[@class='next']/@href",)),
            Field(
                "tips",
                xpaths=("//h2[normalize-space()='Good to know']/following-sibling::p",),
                is_list=True,
            ),
        ),
    )
    with Workspace(path) as w:
        w.save_template(template)
    return path


def test_crawl4ai_export_names_what_css_cannot_say(ws: Path, tmp_path: Path) -> None:
    out = tmp_path / "guide.crawl4ai.json"
    result = CliRunner().invoke(
        cli, ["templates", "export", "guide", "--format", "crawl4ai", "-w", str(ws), "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    schema = json.loads(out.read_text(encoding="utf-8"))
    assert schema == {
        "name": "guide",
        "baseSelector": "html",
        "fields": [
            {"name": "title", "selector": "article > h1", "type": "text"},
            {
                "name": "steps",
                "selector": "article > ol > li",
                "type": "list",
                "fields": [{"name": "steps", "type": "text"}],
            },
            {
                "name": "next",
                "selector": 'div[class="pager"] > a[class="next"][href]',
                "type": "attribute",
                "attribute": "href",
            },
        ],
    }
    assert "field 'tips': not exported" in result.output and "is a text test" in result.output
    strict = CliRunner().invoke(
        cli,
        [
            "templates",
            "export",
            "guide",
            "--format",
            "crawl4ai",
            "-w",
            str(ws),
            "--strict",
            "-o",
            str(tmp_path / "s.json"),
        ],
    )
    assert strict.exit_code == 1 and "cannot be written as CSS" in strict.output
    assert not (tmp_path / "s.json").exists()


def test_firecrawl_export_with_the_sites_chrome(ws: Path) -> None:
    result = CliRunner().invoke(
        cli, ["templates", "export", "guide", "--format", "firecrawl", "--chrome", "-w", str(ws)]
    )
    assert result.exit_code == 0, result.output
    options = json.loads(result.output[result.output.index("{") :].rsplit("}", 1)[0] + "}")
    assert options["onlyMainContent"] is False
    exclude = options["excludeTags"]
    # the template's own remove rule on the pager holds the field 'next': left out like the
    # chrome's pager selector, each named with the same reason
    assert not any("pager" in css for css in exclude)
    for kind, css in (("remove selector", 'div[class="pager"]'), ("chrome selector", "div.pager")):
        assert f"{kind} {css!r} left out of excludeTags: on https://{SITE}/guides/" in result.output
    assert result.output.count("an ancestor of the nodes of field 'next'") == 2
    # the demo's frame, found from the fitted model and checked on its pages
    for css in ("div.cookie-notice", "header.site-header", "footer.site-footer", "aside.sidebar"):
        assert css in exclude
    assert "article" not in " ".join(exclude)


def test_one_template_only(ws: Path) -> None:
    with Workspace(ws) as w:
        w.save_template(Template("other", site=SITE))
    result = CliRunner().invoke(
        cli, ["templates", "export", "--format", "firecrawl", "-w", str(ws)]
    )
    assert result.exit_code == 2 and "exactly one template" in result.output


def test_firecrawl_chrome_never_drops_what_the_template_reads(ws: Path) -> None:
    # A field reading the footer's links: the footer, chrome by the fitted model, would be
    # dropped by excludeTags; it is left out and named on stderr.
    with Workspace(ws) as w:
        w.save_template(
            Template(
                "footer-links",
                site=SITE,
                fields=(Field("links", xpaths=("//footer//a/@href",), is_list=True),),
            )
        )
    result = CliRunner().invoke(
        cli,
        ["templates", "export", "footer-links", "--format", "firecrawl", "--chrome", "-w", str(ws)],
    )
    assert result.exit_code == 0, result.output
    options = json.loads(result.output[result.output.index("{") :].rsplit("}", 1)[0] + "}")
    assert "footer.site-footer" not in options["excludeTags"]
    assert "header.site-header" in options["excludeTags"]
    assert (
        "footer-links: chrome selector 'footer.site-footer' left out of excludeTags: on "
        in result.output
    )
    assert "it matches an ancestor of the nodes of field 'links'" in result.output
