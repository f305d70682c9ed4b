"""The noise-filter editor's wiring in the main window: live preview on the shown page, counts
over the site from the background service, and the undoable edit on OK."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QWidget

from deboiler_gui.engine.htmltree import to_html, visible_text
from deboiler_gui.engine.model import DeboilerError
from deboiler_gui.engine.template.model import NoiseFilter
from deboiler_gui.engine.words import count
from deboiler_gui.gui.controllers.editor import TemplateEditor
from deboiler_gui.gui.controllers.picking import Picking
from deboiler_gui.gui.controllers.state import PostMessage, ShownSite
from deboiler_gui.gui.dialogs.filter import FilterDialog
from deboiler_gui.gui.webview import PageView


class FilterEditing:
    """Opens the noise-filter dialog on a new or existing filter and applies it on OK."""

    def __init__(
        self,
        shown: ShownSite,
        editor: TemplateEditor,
        view: PageView,
        picking: Picking,
        parent: QWidget,
        apply_highlights: Callable[[], None],
        post_message: PostMessage,
    ) -> None:
        self.shown = shown
        self.editor = editor
        self.view = view
        self.picking = picking  # asks the site service for counts and routes the answers
        self.parent = parent
        self.apply_highlights = apply_highlights
        self.post_message = post_message
        self.dialog: FilterDialog | None = None

    def open_filter_dialog(self, name: str | None) -> FilterDialog:
        existing = None
        if name is not None:
            existing = next((f for f in self.editor.template.filters if f.name == name), None)
        dialog = FilterDialog(existing, self.parent)
        dialog.preview_requested.connect(lambda d, dlg=dialog: self._preview_filter(dlg, d))
        dialog.site_count_requested.connect(lambda d, dlg=dialog: self._count_filter(dlg, d))
        dialog.accepted.connect(
            lambda dlg=dialog, old=name: self._on_filter_dialog_accepted(dlg, old)
        )
        # Cancel, Escape or the close button: the preview's outlines go, the page's own
        # highlights come back (OK re-applies them with the new filter).
        dialog.rejected.connect(self.apply_highlights)
        self.dialog = dialog
        self._preview_filter(dialog, dialog.value_dict())
        dialog.show()
        return dialog

    def _preview_filter(self, dialog: FilterDialog, data: dict[str, Any]) -> None:
        from deboiler_gui.engine.template.rules import compile_regex, preview_filter

        sp = self.shown.stamped
        try:
            flt = NoiseFilter.from_dict(data)
            if flt.kind in ("text", "url") and flt.pattern:
                compile_regex(flt.pattern)
            if sp is None:
                dialog.show_preview("no page shown")
                return
            if flt.kind == "html" and not (flt.start and flt.end):
                dialog.show_preview("needs a start and an end string", error=True)
                return
            if flt.kind == "attribute" and not flt.attribute:
                dialog.show_preview("needs an attribute name", error=True)
                return
            result = preview_filter(flt, sp.root, to_html(sp.root), visible_text(sp.root))
        except DeboilerError as exc:
            dialog.show_preview(str(exc), error=True)
            return
        if "count" in result:
            dialog.show_preview(f"drops {count(result['count'], 'node')}")
            self.view.set_highlights(
                {
                    "remove": sp.stamps_of(
                        [el for p in result["nodes"] for el in sp.root.getroottree().xpath(p)]
                    )
                }
            )
        else:
            dialog.show_preview(
                f"removes {result['removed_chars']} of {count(result['before'], 'character')}"
            )

    def _count_filter(self, dialog: FilterDialog, data: dict[str, Any]) -> None:
        try:
            flt = NoiseFilter.from_dict(data)
        except DeboilerError as exc:
            dialog.show_site(str(exc))
            return
        dialog.show_site("counting…")
        self.picking.count_filter(flt, dialog)

    def _on_filter_dialog_accepted(self, dialog: FilterDialog, old_name: str | None) -> None:
        try:
            flt = dialog.noise_filter()
        except DeboilerError as exc:
            self.post_message(str(exc), error=True)
            return
        if old_name is None:
            self.editor.add_filter(flt)
        else:
            self.editor.replace_item("filters", old_name, dataclasses.replace(flt, name=old_name))
        self.apply_highlights()
