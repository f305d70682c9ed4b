"""The template being edited: every change is an undoable command holding the template before
and after (templates are frozen values, so a snapshot is cheap and exact), with what goes with
the template's fields outside it (each field's clicked examples and 'not this' nodes, held by
the picking controller): an undo or redo puts both back together."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any, Protocol

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from deboiler_gui.app.validation import fresh_name
from deboiler_gui.engine.template.model import Field, NoiseFilter, Rule, Template


class Companion(Protocol):
    """State kept beside the template and undone with it: ``snapshot`` gives it as an
    immutable value (what is committed, nothing pending), ``restore`` puts one back."""

    def snapshot(self) -> Any: ...

    def restore(self, state: Any) -> None: ...


class _Change(QUndoCommand):
    def __init__(
        self,
        editor: TemplateEditor,
        before: tuple[Template, Any],
        after: tuple[Template, Any],
        text: str,
    ) -> None:
        super().__init__(text)
        self._editor = editor
        self._before = before
        self._after = after
        self._pushed = False  # the stack runs redo() once as the step is pushed: no replay

    def redo(self) -> None:
        self._editor._set(*self._after)
        if self._pushed:
            self._editor.replayed.emit(f"Redone: {self.text()}")
        self._pushed = True

    def undo(self) -> None:
        self._editor._set(*self._before)
        self._editor.replayed.emit(f"Undone: {self.text()}")


class TemplateEditor(QObject):
    """Holds the current template and the undo stack; the window listens to ``changed``."""

    changed = Signal()
    dirty_changed = Signal(bool)
    stepped = Signal()  # the undo stack moved (edit, undo, redo), "dirty" already up to date
    replayed = Signal(str)  # "Undone: Extract title", "Redone: …": what an undo or redo did

    def __init__(self, template: Template, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.template = template
        #: The stored version the edits start from (its number, 0 when the template was
        #: never stored, and the template as stored): a save checks that it is still the
        #: workspace's latest, else takes in what was stored since (``Saving``).
        self.stored_version = 0
        self.stored: Template | None = None
        # What goes with the template outside it (a field's clicked examples), and its value
        # as of the template's current state.
        self._companion: Companion | None = None
        self._extras: Any = None
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._on_undo_stack_clean_changed)
        # Relayed by the editor, so that nothing hears the stack being cleared as it is deleted.
        self.undo_stack.indexChanged.connect(self._on_undo_stack_index_changed)

    def _on_undo_stack_clean_changed(self, clean: bool) -> None:
        self.dirty_changed.emit(not clean)

    def _on_undo_stack_index_changed(self, _index: int) -> None:
        self.stepped.emit()

    # ------------------------------------------------------------------ state
    @property
    def dirty(self) -> bool:
        return not self.undo_stack.isClean()

    def reset(
        self,
        template: Template,
        *,
        dirty: bool = False,
        version: int = 0,
        stored: Template | None = None,
    ) -> None:
        """Start over on another template (opened, restored or reverted): ``version`` is the
        stored version it is (0: not stored), ``stored`` that version as stored (``template``
        itself by default, when it is a stored version)."""
        self.undo_stack.clear()
        self.stored_version = version
        self.stored = stored if stored is not None else (template if version else None)
        if self._companion is not None:
            self._extras = self._companion.snapshot()
        self._set(template)
        if dirty:
            # A restored draft differs from the saved version: one undoable step back to it.
            self.undo_stack.resetClean()

    def mark_saved(self, version: int | None = None) -> None:
        """The template as it is now is stored (as ``version``, when given)."""
        self.undo_stack.setClean()
        if version is not None:
            self.stored_version = version
            self.stored = self.template

    def attach(self, companion: Companion) -> None:
        """Keep ``companion``'s state with every step of the undo stack from now on."""
        self._companion = companion
        self._extras = companion.snapshot()

    def _set(self, template: Template, extras: Any = None) -> None:
        self.template = template
        if self._companion is not None and extras is not None and extras != self._extras:
            self._extras = extras
            self._companion.restore(extras)
        self.changed.emit()

    def apply(self, after: Template, text: str) -> None:
        """One undoable step to ``after``; the companion's state as it is now goes with it
        (a caller changes that state first, then the template)."""
        if after == self.template:
            return
        extras = self._companion.snapshot() if self._companion is not None else None
        before = (self.template, self._extras)
        self._extras = extras
        self.undo_stack.push(_Change(self, before, (after, extras), text))

    def unique_name(self, name: str) -> str:
        """``name``, or ``name-2``… when a rule, field or filter already has it."""
        return fresh_name(name, self._names())

    def taken_names(self) -> set[str]:
        """The names of the template's rules, fields and filters."""
        return self._names()

    # ------------------------------------------------------------------ edits
    def _names(self) -> set[str]:
        t = self.template
        return (
            {r.name for r in (*t.remove, *t.keep)}
            | {f.id for f in t.fields}
            | {f.name for f in t.filters}
        )

    def add_rule(self, kind: str, selector: str, note: str = "") -> str:
        name = fresh_name(f"{kind}-{len(getattr(self.template, kind)) + 1}", self._names())
        rule = Rule(name, selector, note)
        after = self._with(kind, (*getattr(self.template, kind), rule))
        self.apply(after, f"{'Remove' if kind == 'remove' else 'Keep'} {selector}")
        return name

    def add_field(
        self,
        field_id: str,
        xpath: str,
        *,
        kind: str = "text",
        attribute: str = "",
        is_list: bool = False,
        example_pages: Iterable[str] = (),
    ) -> str:
        """Add a field; ``example_pages``: the pages its rule was induced from clicks on, kept
        with it for the correctness signals (as ``suggest --save`` keeps them)."""
        field_id = fresh_name(field_id, self._names())
        new = Field(
            id=field_id,
            title=field_id,
            xpaths=(xpath,),
            kind=kind,
            attribute=attribute,
            is_list=is_list,
        ).with_example_pages(example_pages)
        self.apply(self.template.with_field(new), f"Extract {field_id}")
        return field_id

    def add_filter(self, flt: NoiseFilter) -> str:
        name = fresh_name(flt.name or flt.kind, self._names())
        flt = dataclasses.replace(flt, name=name)
        self.apply(
            dataclasses.replace(self.template, filters=(*self.template.filters, flt)),
            f"Add {flt.kind} filter {name}",
        )
        return name

    def add_url(self, url: str) -> bool:
        """Add a sample URL: the template is then chosen for pages whose URL is like one of its
        samples, R(w,m) > its threshold (without samples it applies to every page of its site)."""
        if not url or url in self.template.urls:
            return False
        self.apply(
            dataclasses.replace(self.template, urls=(*self.template.urls, url)),
            f"Use for pages like {url}",
        )
        return True

    def replace_item(self, section: str, name: str, new: Any, text: str = "") -> None:
        """Replace the rule, field or filter called ``name`` in ``section``; ``text`` names
        the step (in the Edit menu, and in the message of its undo), "Edit NAME" by default."""
        items = list(getattr(self.template, section))
        key = "id" if section == "fields" else "name"
        for i, item in enumerate(items):
            if getattr(item, key) == name:
                items[i] = new
                break
        else:
            raise KeyError(name)
        self.apply(self._with(section, tuple(items)), text or f"Edit {name}")

    def delete_item(self, section: str, name: str) -> None:
        if section == "urls":
            urls = tuple(u for u in self.template.urls if u != name)
            self.apply(
                dataclasses.replace(self.template, urls=urls), f"Stop using for pages like {name}"
            )
            return
        key = "id" if section == "fields" else "name"
        items = tuple(i for i in getattr(self.template, section) if getattr(i, key) != name)
        self.apply(self._with(section, items), f"Delete {name}")

    def _with(self, section: str, items: tuple[Any, ...]) -> Template:
        """The template with one of its rule sections (remove, keep, fields, filters) replaced."""
        if section not in ("remove", "keep", "fields", "filters"):
            raise KeyError(section)
        changes: dict[str, Any] = {section: items}
        return dataclasses.replace(self.template, **changes)
