"""What the main window has open and shows, shared by the window and its controllers: the
workspace, its site and fitted cleaner, the shown page and how each rule fares on it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from deboiler_gui.app.stamping import StampedPage
from deboiler_gui.engine.model import DomainModel, Page

if TYPE_CHECKING:
    from deboiler_gui.engine.store import Workspace


class PostMessage(Protocol):
    """The window's message list: engine errors are shown there, never in a modal box."""

    def __call__(self, text: str, *, error: bool = False) -> None: ...


@dataclass(eq=False)
class ShownSite:
    """The open workspace and the shown page (one object, read and updated in place by the
    window and its controllers)."""

    ws: Workspace | None = None
    ws_path: str | None = None
    site: str = ""
    model: DomainModel | None = None
    page: Page | None = None
    stamped: StampedPage | None = None
    show_cleaned: bool = False
    #: Each rule's state on the shown page (match count, or its error message).
    item_state: dict[str, Any] = field(default_factory=dict)
    #: Each rule's counts over the site, as shown in the template panel.
    site_state: dict[str, str] = field(default_factory=dict)
