"""The first-run guide's content and its example: the demo site in its own workspace with a
small saved template (fields, a remove rule, a noise filter) that works on the guide pages."""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path

from deboiler_gui.engine.model import Progress, site_of
from deboiler_gui.engine.template.model import Field, NoiseFilter, Rule, Template

#: The name the example template is saved under in the example workspace.
EXAMPLE_TEMPLATE = "demo-guides"
#: The page the example opens on: a guide page every field of the example extracts from.
EXAMPLE_PAGE = "guides/tomatoes.html"
#: What each kind of highlight means, in the order of the legend above the page.
COLOUR_MEANINGS = {
    "boiler": "found repeated across the site by the automatic cleaner (boilerplate)",
    "remove": "cut by a remove rule or a URL/attribute noise filter of the template",
    "keep": "protected by a keep rule, whatever the cleaner says",
    "field": "extracted by one of the template's fields",
}


def demo_base_url() -> str:
    from deboiler_gui.engine.sources import DEMO_BASE_URL

    return DEMO_BASE_URL


def example_page_url() -> str:
    return demo_base_url() + EXAMPLE_PAGE


def example_template() -> Template:
    """Three fields of the demo site's guide pages, a remove rule and a noise filter; chosen for
    pages whose URL is like a guide page's."""
    base = demo_base_url()
    return Template(
        name=EXAMPLE_TEMPLATE,
        site=site_of(base),
        urls=(base + EXAMPLE_PAGE,),
        description="Example from the getting-started guide: title, lead and steps of a guide page.",
        remove=(Rule("newsletter box", '//aside/div[@class="newsletter"]'),),
        fields=(
            Field(id="title", title="title", xpaths=("//article/h1",), required=True),
            Field(id="lead", title="lead", xpaths=('//article/p[@class="lead"]',)),
            Field(id="steps", title="steps", xpaths=("//article/ol/li",), is_list=True),
        ),
        filters=(
            NoiseFilter(
                name="cookie notice", kind="attribute", attribute="class", value="cookie-notice"
            ),
        ),
    )


def example_workspace_path() -> Path:
    """The example's own workspace (never the one the user's demo edits are saved in)."""
    from deboiler_gui.app.session import data_dir

    folder = data_dir() / "workspaces"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / "demo-example.sqlite"


def example_steps(workspace_path: str) -> Generator[Progress, None, int]:
    """Import the demo site into the example workspace (once) and save the example template
    there unless its latest version is already the example; returns that version."""
    from deboiler_gui.app.session import has_pages
    from deboiler_gui.engine.clean.pipeline import import_into
    from deboiler_gui.engine.sources import demo_site_path
    from deboiler_gui.engine.store import Workspace

    if not has_pages(workspace_path):
        yield from import_into(workspace_path, [demo_site_path()], base_url=demo_base_url())
    template = example_template()
    with Workspace(workspace_path) as ws:
        if EXAMPLE_TEMPLATE in ws.template_names():
            latest = ws.load_template(EXAMPLE_TEMPLATE)
            if latest.to_dict() == template.to_dict():
                return int(ws.template_history(EXAMPLE_TEMPLATE)[-1]["version"])
        return ws.save_template(template, message="example template of the getting-started guide")
