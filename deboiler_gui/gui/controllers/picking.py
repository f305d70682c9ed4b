"""From a pick in the page to a rule: the selection (DOM tree, text, attributes), the ranked
XPath candidates (at once from the shown page, then with site-wide hit rates from the service),
the rule, field and list actions, and each rule's counts over the site."""

from __future__ import annotations

import dataclasses
from typing import Any

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt, Signal
from PySide6.QtWidgets import QLabel, QStatusBar, QTreeView

from deboiler_gui.app.fieldnames import propose_name
from deboiler_gui.app.pagestate import scope_counts
from deboiler_gui.engine.htmltree import visible_text, xpath_of
from deboiler_gui.engine.model import DeboilerError
from deboiler_gui.engine.template.model import Field, NoiseFilter, reserved_field_error
from deboiler_gui.engine.words import count, plural
from deboiler_gui.gui.controllers.editor import TemplateEditor
from deboiler_gui.gui.controllers.siteservice import (
    Click,
    ExpressionCount,
    FieldCount,
    FilterCount,
    InduceRequest,
    SiteService,
)
from deboiler_gui.gui.controllers.state import PostMessage, ShownSite
from deboiler_gui.gui.dialogs.filter import FilterDialog
from deboiler_gui.gui.panels.models import DomTreeModel, PageListModel, element_label
from deboiler_gui.gui.panels.rules import RulesPanel
from deboiler_gui.gui.panels.selection import SelectionPanel, output_words
from deboiler_gui.gui.webview import PageView

#: What a count of 'not this' clicks is said in ("1 'not this' node", "2 'not this' nodes").
NOT_THIS_CLICK = "'not this' click"
NOT_THIS_NODE = "'not this' node"


def with_new_rule(
    existing: Field, xpath: str, kind: str, attribute: str, example_pages: list[str]
) -> Field:
    """``existing`` with its rule (its XPath queue) replaced by ``xpath``: the output kind as
    Extract field asks it now; the title, processors, 'required', search rules, record
    fields and anything else stored with the field kept (a new Field of the name dropped
    them), the clicked pages recorded as its examples."""
    new = dataclasses.replace(existing, xpaths=(xpath,), kind=kind, attribute=attribute)
    return new.with_example_pages(example_pages)


def kept_note(existing: Field, kind: str, attribute: str) -> str:
    """What a field whose rule is replaced keeps, and a change of its output kind, said in a
    few words ("; kept its processors (strip, regex) and 'required'"); empty when it had
    nothing beside its rule."""
    kept: list[str] = []
    if existing.processors:
        names = ", ".join(p.name for p in existing.processors)
        kept.append(f"its {plural(len(existing.processors), 'processor')} ({names})")
    if existing.required:
        kept.append("'required'")
    if existing.title and existing.title != existing.id:
        kept.append(f"its title '{existing.title}'")
    search = dataclasses.replace(
        existing.search,
        fingerprint={k: v for k, v in existing.search.fingerprint.items() if k != "examples"},
    )
    if not search.empty:
        kept.append("its repair search rules")
    if existing.children:
        kept.append(f"its {count(len(existing.children), 'record field')}")
    note = f"; kept {', '.join(kept[:-1])} and {kept[-1]}" if len(kept) > 1 else ""
    if len(kept) == 1:
        note = f"; kept {kept[0]}"
    return note


def values_note(kind: str, attribute: str, existing: Field | None = None) -> str:
    """Which values a field extracted gives ("; values: text", "; values: @href"), and what
    they were when a field extracted again changes them ("; values: @href (were text)"): the
    output kind is said every time, since the selector beside the name is easily missed."""
    now = output_words(kind, attribute)
    was = output_words(existing.kind, existing.attribute) if existing is not None else now
    return f"; values: {now}" + (f" (were {was})" if was != now else "")


#: How far up an attribute field looks for its attribute when the clicked node lacks it (an
#: ``img`` in a link, maybe in a ``span``): the engine's ``induce._attr_holder`` does the same.
ATTRIBUTE_LEVELS = 3


def _own_attributes(el: Any) -> list[str]:
    """The page's attributes of a shown element (the stamps the view adds left out)."""
    return [k for k in el.attrib if not str(k).startswith("data-dbg")]


def link_attribute(el: Any) -> str:
    """``href`` when ``el`` has none and a link within a few levels around it has one (an
    image clicked in a link): what the attribute box offers beside the node's own."""
    if el.get("href") is not None:
        return ""
    for anc in list(el.iterancestors())[:ATTRIBUTE_LEVELS]:
        if anc.tag in ("a", "area") and anc.get("href") is not None:
            return "href"
    return ""


def attribute_error(el: Any, attribute: str) -> str | None:
    """Why ``attribute`` gives no value for the clicked ``el``: neither it nor an element a
    few levels around it has that attribute (a name mistyped: '@hrefhref'); None when one
    has it."""
    if el.get(attribute) is not None:
        return None
    around = list(el.iterancestors())[:ATTRIBUTE_LEVELS]
    if any(anc.get(attribute) is not None for anc in around):
        return None
    own = ", ".join(_own_attributes(el)) or "none"
    link = next((a for a in around if a.tag in ("a", "area") and a.get("href") is not None), None)
    beside = (
        f"; the {link.tag} around it has {', '.join(_own_attributes(link))}"
        if link is not None
        else ""
    )
    return (
        f"No attribute '{attribute}' on the clicked {el.tag} nor on an element around it: "
        f"nothing extracted. Its attributes: {own}{beside}"
    )


def index_tooltip(kept: int, site_pages: int) -> str:
    """What the status bar's index figures mean."""
    spread = " spread evenly over the site" if kept < site_pages else ""
    return (
        f"{kept:,} of the site's {count(site_pages, 'page', sep=',')} are kept parsed{spread}: "
        "a click's candidates and their hit rates over the site, the rules induced from "
        "clicks and the Check column's first answer use them. The Template panel's counts "
        "and the Check column's final verdicts cover every page of the site: the other "
        "pages are read in batches, counted and dropped."
    )


class Picking(QObject):
    """Turns picks on the shown page into rules; asks the site service for candidates and for
    each rule's counts over the site, and shows its answers."""

    candidates_updated = Signal(list)
    rule_induced = Signal(str, str)  # field name, its XPath (chosen, or induced from clicks)
    checked = Signal(object)  # app.fieldcheck.TemplateCheck shown in the rules panel

    def __init__(
        self,
        shown: ShownSite,
        editor: TemplateEditor,
        service: SiteService,
        view: PageView,
        dom_model: DomTreeModel,
        dom_tree: QTreeView,
        page_model: PageListModel,
        selection: SelectionPanel,
        rules: RulesPanel,
        status: QStatusBar,
        index_label: QLabel,
        post_message: PostMessage,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.shown = shown
        self.editor = editor
        self.service = service
        self.view = view
        self.dom_model = dom_model
        self.dom_tree = dom_tree
        # The modifiers of the last click or key press in the DOM tree: a Ctrl+ or Shift+click
        # there adds the row's node to the nodes picked, as in the page.
        self._tree_modifiers = Qt.KeyboardModifier.NoModifier
        dom_tree.viewport().installEventFilter(self)
        dom_tree.installEventFilter(self)
        self.page_model = page_model
        self.selection = selection
        self.rules = rules
        self.status = status
        self.index_label = index_label
        self.post_message = post_message
        self.selected: int | None = None
        self.list_examples: list[int] = []
        self._scope_key: Any = None  # what the pages-like counts below were computed for
        self._scope_state: dict[str, str] = {}
        self._pending_suggest: dict[int, str] = {}
        # The picked node's path and the attribute its candidates were ranked for ("" for a
        # text or html field).
        self._candidates_for: tuple[str, str] = ("", "")
        self._pending_counts: dict[int, str | FilterDialog] = {}
        # The count last asked for each rule (or filter dialog): an older one's answers, still
        # going over the site, are not shown, and the service is told to stop it.
        self._latest_count: dict[str | FilterDialog, int] = {}
        self._index_text = ""  # "1,000 of 3,071 pages kept for clicks"
        # Clicked examples of each field or list by name, over the pages they were given on
        # (extracting the same name on another page adds an example), and 'not this' clicks
        # for the next rule.
        self.examples: dict[str, list[Click]] = {}
        self.nots: list[Click] = []
        # The 'not this' clicks each field or list was induced with: a re-induction (more
        # examples of the same name) keeps excluding them, as the CLI's --not does when given
        # again with the examples.
        self.negatives: dict[str, list[Click]] = {}
        self._pending_induce: dict[int, tuple[str, str, str, bool, int]] = {}
        self._pending_nots: dict[int, list[Click]] = {}
        # A field's examples before a pending induction: put back when it is refused, so a
        # click that contradicts them is no example of the field afterwards.
        self._pending_examples: dict[int, tuple[str, list[Click] | None]] = {}
        # The check of the fields under way (its answer on a sample of the site first, then
        # over every page), and the template it checks.
        self._pending_check: int | None = None
        self._check_template: Any = None
        # A refused induction's pages of the examples it names (the conflicting ones).
        self._refused: dict[int, list[str]] = {}
        # Each pending induction's clicks on the page they were made on (its URL, their
        # stamps): outlined as refused when no rule comes of them.
        self._pending_clicks: dict[int, tuple[str, list[int]]] = {}
        # One-click fields: what to use when the induction gives nothing (name, the
        # preselected XPath, kind, attribute, the click)
        self._fallback: dict[int, tuple[str, str, str, str, Click]] = {}
        self._following = False  # the DOM tree is being moved to the pick
        # The examples and 'not this' nodes of each field go with the template's undo steps:
        # undoing a re-induction also takes its click back out of the field's examples.
        editor.attach(self)

    def snapshot(self) -> Any:
        """Each field's examples and 'not this' nodes as the template's current state has
        them: an induction still under way has not changed them yet."""
        examples = dict(self.examples)
        for request in sorted(self._pending_examples, reverse=True):
            name, previous = self._pending_examples[request]
            if previous is None:
                examples.pop(name, None)
            else:
                examples[name] = previous
        return (
            tuple(sorted((k, tuple(v)) for k, v in examples.items())),
            tuple(sorted((k, tuple(v)) for k, v in self.negatives.items())),
        )

    def restore(self, state: Any) -> None:
        """Put back the examples and 'not this' nodes of an undone or redone step."""
        examples, negatives = state
        self.examples = {k: list(v) for k, v in examples}
        self.negatives = {k: list(v) for k, v in negatives}
        # A pending induction now answers against the restored examples.
        for request, (name, _previous) in list(self._pending_examples.items()):
            self._pending_examples[request] = (name, self.examples.get(name))

    def on_rules_delete_requested(self, section: str, name: str) -> None:
        """Delete a rule, field or filter from the template; a field takes its clicked
        examples and the 'not this' nodes it was induced with along (the delete's undo step
        holds them, so Undo gives them back with the field): a new field of that name starts
        from its own clicks, not from the deleted one's on other pages."""
        if section == "fields":
            self.examples.pop(name, None)
            self.negatives.pop(name, None)
        self.editor.delete_item(section, name)

    def clear(self) -> None:
        """Another page is shown: nothing is picked on it yet."""
        self.selected = None
        self.list_examples = []
        self.selection.clear()

    def on_view_element_clicked(self, stamp: int, additive: bool) -> None:
        if self.shown.show_cleaned:
            return
        self.select_stamp(stamp, additive=additive)

    def on_view_element_hovered(self, stamp: int) -> None:
        sp = self.shown.stamped
        el = sp.element(stamp) if sp is not None and not self.shown.show_cleaned else None
        if el is not None:
            self.status.showMessage(element_label(el), 3000)

    def select_stamp(self, stamp: int, *, additive: bool = False, from_tree: bool = False) -> None:
        sp = self.shown.stamped
        el = sp.element(stamp) if sp else None
        if el is None or sp is None:
            return
        self.selected = stamp
        if additive:
            if stamp not in self.list_examples:
                self.list_examples.append(stamp)
        else:
            self.list_examples = [stamp]
        # Every example of the list being picked stays outlined; a plain pick clears the others.
        self.view.select_all(self.list_examples, scroll=from_tree)
        if not from_tree:
            # The tree follows every pick, Ctrl/Shift+clicks included. Its selection model's
            # signals stay on (the tree repaints and expands from them); the guard keeps its
            # current-changed handler from picking the node a second time.
            index = self.dom_model.index_of(stamp)
            self._following = True
            try:
                self.dom_tree.setCurrentIndex(index)
                self.dom_tree.scrollTo(index)
            finally:
                self._following = False
        path = xpath_of(el)
        self.selection.show_node(
            path,
            visible_text(el),
            {k: v for k, v in el.attrib.items()},
            len(self.list_examples),
            link=link_attribute(el),
        )
        self._ask_candidates(el, path)

    def _ask_candidates(self, el: Any, path: str, *, keep_choice: bool = False) -> None:
        """Immediate candidates from the shown page, ranked as Extract field ranks them for
        the output kind the Selection panel asks (the rule induced from the click first; for
        an attribute field, the rule it saves for that attribute); the service ranks them
        again over the site's pages and adds site-wide hit rates."""
        from deboiler_gui.engine.template.induce import Example, click_candidates

        sp, page = self.shown.stamped, self.shown.page
        assert page is not None and sp is not None
        kind, attribute = self.selection.output_kind()
        attribute = attribute if kind == "attribute" else ""
        self._candidates_for = (path, attribute)
        try:
            ex = Example(page.url, sp.root, el, attribute)
            local = [c.to_dict() for c in click_candidates(ex, None)]
        except DeboilerError as exc:
            local = []
            self.post_message(str(exc), error=True)
        self.selection.set_candidates(local, keep_choice=keep_choice)
        self.candidates_updated.emit(local)
        request = self.service.suggest(Click(page.url, page.html, path), attribute)
        self._pending_suggest = {request: path}

    def on_selection_output_kind_changed(self, kind: str, attribute: str) -> None:
        """The output kind or attribute settled on another value while a node is picked: its
        candidates are ranked again as Extract field will rank them for it (an attribute
        field's rule can differ from a text field's: the Debian Handbook's 'Prev' link is
        `//ul[…top]//a[@accesskey='p']` as text, `//a[normalize-space(.)='Prev']` for its
        href). A candidate chosen or an XPath typed stays in the XPath box."""
        sp = self.shown.stamped
        el = sp.element(self.selected) if sp is not None and self.selected is not None else None
        if el is None or self.shown.page is None:
            return
        attribute = attribute if kind == "attribute" else ""
        path = xpath_of(el)
        if self._candidates_for == (path, attribute):
            return  # text and html rank alike; the same attribute again changes nothing
        self._ask_candidates(el, path, keep_choice=True)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if event.type() in (QEvent.Type.MouseButtonPress, QEvent.Type.KeyPress):
            self._tree_modifiers = event.modifiers()  # type: ignore[attr-defined]
        return False

    def picked(self) -> list[int]:
        """Every node picked on the shown page (a list's items picked with Ctrl+ or
        Shift+clicks), the last one last."""
        if self.selected is None:
            return []
        return list(self.list_examples) or [self.selected]

    def on_dom_tree_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self._following:
            return
        stamp = self.dom_model.stamp_at(current)
        adding = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
        additive = bool(self._tree_modifiers & adding) and self.selected is not None
        if stamp is not None and stamp != self.selected:
            self.select_stamp(stamp, additive=additive, from_tree=True)

    def on_service_candidates_ready(self, request: int, candidates: list[dict[str, Any]]) -> None:
        if request in self._pending_suggest:
            del self._pending_suggest[request]
            self.selection.set_candidates(candidates, keep_choice=True)
            self.candidates_updated.emit(candidates)

    def on_service_refused(self, request: int, pages: list[str]) -> None:
        if request in self._pending_induce:
            self._refused[request] = list(pages)

    def on_service_failed(self, request: int, message: str) -> None:
        self._pending_suggest.pop(request, None)
        named = self._refused.pop(request, [])
        fallback = self._fallback.pop(request, None)
        clicks = self._pending_clicks.pop(request, None)
        if fallback is not None and self._pending_induce.pop(request, None) is not None:
            self._pending_nots.pop(request, None)
            self._pending_examples.pop(request, None)
            self._use_preselected(fallback, message)
            return
        pending = self._pending_induce.pop(request, None)
        if pending is not None:
            here = self.shown.page.url if self.shown.page is not None else ""
            if clicks is not None and clicks[0] == here:
                # The refused click is no longer outlined as the pick: as refused, until the
                # next pick (its outline used to stay, with a hover outline beside it).
                self.view.mark_refused(clicks[1])
            earlier = {c.url for c in self._pending_examples.get(request, ("", None))[1] or []}
            # The earlier examples the refusal is about (not merely the first one given).
            conflicting = [u for u in named if u in earlier and u != here]
            self._restore_examples(request)
            # Contradicting examples, a 'not this' that removes every rule...: said plainly.
            # The new 'not this' clicks are dropped with the request (they would otherwise
            # silently apply to whatever is extracted next).
            dropped = len(self.nots)
            self._pending_nots.pop(request, None)
            self.nots = []
            if dropped:
                self.selection.show_examples("")
            note = f" ({count(dropped, NOT_THIS_CLICK)} dropped)" if dropped else ""
            if conflicting and not pending[3]:
                # The earlier example in conflict may be the wrong node (an anchor where its
                # heading was meant): a click on its page replaces it, one example per page.
                pages = " or ".join(conflicting)
                note += (
                    ". If this page's click is the wrong node, pick the right one here and"
                    f" Extract field again; if the earlier example is, show {pages}, select"
                    " the node in the DOM tree and Extract field again there"
                )
            elif here in named and not pending[3]:
                note += ". The example in conflict is this page's click."
            self.post_message(f"No rule: {message}{note}", error=True)
            return
        if request == self._pending_check:
            self._pending_check = None
        dialog_request = self._pending_counts.pop(request, None)
        if dialog_request is not None and self._latest_count.get(dialog_request) == request:
            del self._latest_count[dialog_request]
        if isinstance(dialog_request, FilterDialog):
            dialog_request.show_site(message)
        elif request != -1 or message:
            self.status.showMessage(message, 5000)

    def on_service_index_ready(self, n: int, site_pages: int) -> None:
        # What the index is, said as what it is for: the pages kept parsed for what a click
        # asks (it read "1,000 of 1,317 pages indexed", as if the counts covered no more).
        if n >= site_pages:
            self._index_text = f"all {count(n, 'page', sep=',')} kept for clicks"
            self.index_label.setText(self._index_text)
        else:
            self._index_text = f"{n:,} of {count(site_pages, 'page', sep=',')} kept for clicks"
            self.index_label.setText(f"{self._index_text}; counts cover all {site_pages:,}")
        self.index_label.setToolTip(index_tooltip(n, site_pages))
        self.count_site_state()

    def on_service_count_progress(self, done: int, site_pages: int) -> None:
        """The counts going over the rest of the site: how far the slowest one is."""
        if done < site_pages:
            self.index_label.setText(f"{self._index_text}; counting {done:,}/{site_pages:,} pages")
        elif self._index_text.startswith("all "):
            self.index_label.setText(self._index_text)  # every page is kept: nothing to add
        else:
            self.index_label.setText(f"{self._index_text}; counts cover all {site_pages:,}")

    def _ask_count(self, what: Any, target: str | FilterDialog) -> None:
        """Ask the service for a count of ``target`` (a rule's name, or a filter dialog); an
        earlier count of the same target still under way is dropped."""
        earlier = self._latest_count.get(target)
        if earlier is not None and self._pending_counts.pop(earlier, None) is not None:
            self.service.drop([earlier])
        request = self.service.count(what)
        self._pending_counts[request] = target
        self._latest_count[target] = request

    def add_rule(self, kind: str, xpath: str) -> None:
        self.editor.add_rule(kind, xpath)

    def _click(self, stamp: int) -> Click | None:
        sp, page = self.shown.stamped, self.shown.page
        el = sp.element(stamp) if sp is not None else None
        if el is None or page is None:
            return None
        return Click(page.url, page.html, xpath_of(el))

    def on_selection_not_requested(self) -> None:
        """The picked node must not be selected by the next field or list rule."""
        click = self._click(self.selected) if self.selected is not None else None
        if click is None:
            return
        if click not in self.nots:
            self.nots.append(click)
        self.selection.show_examples(
            f"{count(len(self.nots), NOT_THIS_NODE)} for the next field or list"
        )

    def _attribute_refused(self, stamps: list[int], attribute: str) -> bool:
        """Refuses (said in the status bar, naming the node's attributes) an attribute that
        no picked node has, nor an element around it."""
        sp = self.shown.stamped
        for stamp in stamps:
            el = sp.element(stamp) if sp is not None else None
            error = attribute_error(el, attribute) if el is not None else None
            if error is not None:
                self.post_message(error, error=True)
                return True
        return False

    def _reserved(self, name: str) -> bool:
        """Refuses (said in the status bar) a field named like a key of the extraction record."""
        error = reserved_field_error(name)
        if error is not None:
            self.post_message(str(error), error=True)
        return error is not None

    def on_selection_field_requested(
        self, xpath: str, name: str, kind: str, attribute: str
    ) -> None:
        attribute = attribute if kind == "attribute" else ""
        if not name:
            # No name typed: one is proposed from the node and shown; nothing is saved
            # under a generic name unseen.
            self._propose_name(
                [self.selected] if self.selected is not None else [], kind, attribute, as_list=False
            )
            return
        if self._reserved(name):
            return
        if kind == "attribute" and not attribute:
            self.post_message("Extracting an attribute needs the attribute's name", error=True)
            return
        if kind == "attribute" and self._attribute_refused(
            [self.selected] if self.selected is not None else [], attribute
        ):
            return
        click = self._click(self.selected) if self.selected is not None else None
        made = any(f.id == name and not f.is_list for f in self.editor.template.fields)
        earlier = [
            c
            for c in (self.examples.get(name, []) if made else [])
            if click is None or c.url != click.url
        ]
        # The XPath in the box is used as it is when typed or chosen by hand; otherwise the
        # rule is induced from the clicks, one click too (the preselected candidate is only
        # the best of the shown page's paths, often an absolute one: Flask's 'previous' link
        # is /html/body/div[2]/…/ul[2]/li/ul/li[1]/a there, on 33 of 77 pages, where the
        # induction gives //a[@title='previous chapter']).
        if xpath and self.selection.typed_by_hand:
            existing = next(
                (f for f in self.editor.template.fields if f.id == name and not f.is_list), None
            )
            if existing is not None:
                # Extracted again under its name: the rule is replaced, the rest kept.
                if click is not None:
                    self.examples[name] = [click]
                pages = [click.url] if click is not None else []
                new = with_new_rule(existing, xpath, kind, attribute, pages)
                self.editor.replace_item("fields", name, new, f"Extract {name}")
                self.selection.ready_for_next(name, kind, attribute)
                was = " | ".join(existing.xpaths) or "no XPath"
                self.post_message(
                    f"Field {name}: rule replaced: was {was}, now {xpath} (the XPath chosen, "
                    f"used as it is; Undo restores it){values_note(kind, attribute, existing)}"
                    f"{kept_note(existing, kind, attribute)}"
                )
                self.rule_induced.emit(name, xpath)
                return
            # The example is the field's before the field is added: the undo step holds both.
            name = self.editor.unique_name(name)
            if click is not None:
                self.examples[name] = [click]
            name = self.editor.add_field(name, xpath, kind=kind, attribute=attribute)
            self.selection.ready_for_next(name, kind, attribute)
            self.post_message(
                f"Field {name}: {xpath} (the XPath chosen, used as it is)"
                f"{values_note(kind, attribute)}"
            )
            self.rule_induced.emit(name, xpath)
            return
        if click is None:
            return
        # One example per page: this page's click replaces an earlier one on the same page.
        request = self._request_induction(name, kind, attribute, [*earlier, click], as_list=False)
        if xpath and not earlier and not self.nots:
            # One click whose induction fails: the preselected candidate, said so; not a bare
            # absolute path when a candidate with an anchor is offered.
            if xpath.startswith("/"):
                anchored = [
                    c["xpath"]
                    for c in self.selection.candidate_list()
                    if c.get("family") != "positional" and not c["xpath"].startswith("/html")
                ]
                xpath = anchored[0] if anchored else xpath
            self._fallback[request] = (name, xpath, kind, attribute, click)

    def on_selection_list_requested(self, name: str, kind: str, attribute: str) -> None:
        # The list rule is induced from the clicked items: anchored on the list's own container,
        # never on a position shared with other lists of the same block. No name typed: a new
        # list, its name proposed from the items and shown first.
        attribute = attribute if kind == "attribute" else ""
        if not name:
            self._propose_name(self.list_examples, kind, attribute, as_list=True)
            return
        if kind == "attribute" and not attribute:
            self.post_message("Extracting an attribute needs the attribute's name", error=True)
            return
        if self._reserved(name):
            return
        if kind == "attribute" and self._attribute_refused(self.list_examples, attribute):
            return
        page = self.shown.page
        here = [c for c in (self._click(s) for s in self.list_examples) if c is not None]
        if page is None or not here:
            return
        # Examples on other pages count only for a list of that name in the template: a name
        # not in it (never made, deleted, undone) starts from these clicks alone.
        made = any(f.id == name and f.is_list for f in self.editor.template.fields)
        earlier = self.examples.get(name, []) if made else []
        clicks = [c for c in earlier if c.url != page.url] + here
        self._request_induction(name, kind, attribute, clicks, as_list=True)

    def _propose_name(self, stamps: list[int], kind: str, attribute: str, *, as_list: bool) -> None:
        """No name was given: one read from the clicked node(s) (a link's label, a heading's
        role, an id or class) is put in the name box, said, and used by the next Extract; a
        name taken is made unique, and said so."""
        sp = self.shown.stamped
        elements = [e for e in (sp.element(s) for s in stamps) if e is not None] if sp else []
        if not elements:
            return
        name, where, base = propose_name(
            elements, kind, attribute, self.editor.taken_names(), as_list=as_list
        )
        what = "list" if as_list else "field"
        clash = f" ({base!r} is taken)" if base else ""
        from_where = f", from {where}" if where else ""
        button = "Extract list" if as_list else "Extract field"
        said = (
            f"No name given: {name!r} proposed for the {what}{from_where}{clash}. "
            f"Press {button} again to use it, or type another."
        )
        self.selection.propose_name(name, said)
        self.post_message(said)

    def _request_induction(
        self, name: str, kind: str, attribute: str, clicks: list[Click], *, as_list: bool
    ) -> int:
        request_examples = (name, self.examples.get(name))
        self.examples[name] = clicks
        # A field deleted since (or never made) has no 'not this' nodes of its own any more.
        made = any(f.id == name for f in self.editor.template.fields)
        nots = list(self.negatives.get(name, [])) if made else []
        nots += [c for c in self.nots if c not in nots]
        what = InduceRequest(tuple(clicks), tuple(nots), as_list, attribute)
        pages = len({c.url for c in clicks})
        request = self.service.induce(what)
        page = self.shown.page
        if page is not None:
            stamps = list(self.list_examples) if as_list else [self.selected]
            self._pending_clicks[request] = (page.url, [s for s in stamps if s is not None])
        self._pending_examples[request] = request_examples
        self._pending_induce[request] = (name, kind, attribute, as_list, pages)
        self._pending_nots[request] = nots
        self.status.showMessage(f"Inducing {name} from {count(len(clicks), 'example')}…", 5000)
        return request

    def _restore_examples(self, request: int) -> None:
        """A refused induction: the field's examples are those it had before the request."""
        name, previous = self._pending_examples.pop(request, ("", None))
        if not name:
            return
        if previous is None:
            self.examples.pop(name, None)
        else:
            self.examples[name] = previous

    def _use_preselected(self, fallback: tuple[str, str, str, str, Click], why: str) -> None:
        """A one-click field whose induction gave nothing: the preselected candidate (an
        anchored one rather than a bare absolute path), said so."""
        name, xpath, kind, attribute, click = fallback
        name = self.editor.unique_name(name)
        self.examples[name] = [click]
        name = self.editor.add_field(name, xpath, kind=kind, attribute=attribute)
        self.selection.ready_for_next(name, kind, attribute)
        self.post_message(
            f"Field {name}: {xpath} (a candidate of the click: no rule induced from it: {why})"
            f"{values_note(kind, attribute)}"
        )
        self.rule_induced.emit(name, xpath)

    def on_service_induced(self, request: int, rules: list[dict[str, Any]]) -> None:
        pending = self._pending_induce.pop(request, None)
        self._pending_clicks.pop(request, None)
        fallback = self._fallback.pop(request, None)
        if pending is not None:
            self.status.clearMessage()  # "Inducing …" is over, whatever came of it
        if pending is not None and not rules and fallback is not None:
            self._pending_nots.pop(request, None)
            self._pending_examples.pop(request, None)
            self._use_preselected(fallback, "no rule selects it")
            return
        if pending is None or not rules:
            self._pending_nots.pop(request, None)
            self._restore_examples(request)
            return
        _name, previous = self._pending_examples.pop(request, ("", None))
        name, kind, attribute, as_list, pages = pending
        best = rules[0]
        xpath = best["xpath"]
        nots = self._pending_nots.pop(request, [])
        self.nots = []
        existing = next((f for f in self.editor.template.fields if f.id == name), None)
        # the clicked pages go with the field: the signals judge its node by them
        clicked = [c.url for c in self.examples.get(name, [])]
        replaces = existing is not None and existing.is_list == as_list
        if not replaces:
            # A new field (its name made unique: a list beside a field of that name): the
            # clicks are its examples, the other field keeps its own.
            new_name = self.editor.unique_name(name)
            if new_name != name:
                self.examples[new_name] = self.examples.pop(name, [])
                if previous is not None:
                    self.examples[name] = previous
                name = new_name
        # The examples and 'not this' nodes are the field's before its rule changes: the undo
        # step holds them with the rule.
        self.negatives[name] = nots
        if replaces:
            assert existing is not None
            # More examples of a field already extracted: its rule is re-induced; what else
            # the field holds (processors, 'required', search rules) stays.
            new = with_new_rule(existing, xpath, kind, attribute, clicked)
            self.editor.replace_item("fields", name, new, f"Extract {name}")
        else:
            name = self.editor.add_field(
                name, xpath, kind=kind, attribute=attribute, is_list=as_list, example_pages=clicked
            )
        where = f"{pages} pages" if pages > 1 else "this page"
        excluded = f"; {count(len(nots), NOT_THIS_NODE)} excluded" if nots else ""
        # A rule of that name already there (made earlier, or by the CLI) is replaced: said so,
        # with the rule it was, since nothing else shows it went.
        replaced, undo, only = "", "", ""
        values = values_note(kind, attribute, existing if replaces else None)
        if replaces and existing is not None:
            # What the field keeps beside its rule (its processors...), said with the rule.
            only = kept_note(existing, kind, attribute)
        if replaces and existing is not None and existing.xpaths != (xpath,):
            was = " | ".join(existing.xpaths) or "no XPath"
            replaced = f"rule replaced: was {was}, now "
            undo = "; Undo restores it"
            stored = set(existing.search.fingerprint.get("examples") or ())
            missed = stored - set(clicked)
            if missed:
                # Its stored example pages (suggest --save keeps them) are not clicks of this
                # session: the induction saw only the clicks made here.
                only += (
                    f". The new rule comes from this session's clicks only: "
                    f"{count(len(missed), 'example page')} stored with the field "
                    f"{'is' if len(missed) == 1 else 'are'} not among them"
                )
        if as_list:
            sp = self.shown.stamped
            from deboiler_gui.engine.template.selectors import select_elements

            items = len(select_elements(sp.root, xpath)) if sp is not None else 0
            one_list = ", all from one list" if items > 1 else ""
            self.post_message(
                f"List {name}: {replaced}{xpath} matches {count(items, 'item')} on this page"
                f"{one_list} (examples from {where}{undo}){excluded}{values}{only}"
            )
        else:
            self.post_message(
                f"Field {name}: {replaced}{xpath} (examples from {where}{undo}){excluded}"
                f"{values}{only}"
            )
        for line in best.get("notes", []):
            # How the clicks are read (an image in a link stands for the link): no fault.
            self.post_message(f"{name}: {line}")
        for line in best.get("warnings", []):
            # The examples play different roles on their pages (two kinds of list).
            self.post_message(f"{name}: {line}", error=True)
        self.selection.xpath_edit.setText(xpath)
        self.selection.show_examples("")
        self.selection.ready_for_next(name, kind, attribute)
        self.rule_induced.emit(name, xpath)

    def on_service_checked(self, request: int, check: Any) -> None:
        if request != self._pending_check:
            return  # an answer for an older version of the template
        if check.over_site:  # the last answer: every page of the site checked
            self._pending_check = None
        self.rules.site_root = self.page_model.root
        self.rules.show_check(check)
        self.checked.emit(check)

    def count_site_state(self) -> None:
        """Ask the service for each rule's site-wide hits (answers arrive asynchronously)."""
        template = self.editor.template
        if template.urls:
            key = (template.urls, template.url_threshold, template.site, self.page_model.total())
            if self._scope_key != key:
                self._scope_key = key
                self._scope_state = scope_counts(
                    template, [r["url"] for r in self.page_model.rows()]
                )
                self.shown.site_state.update(self._scope_state)
                self.rules.show_template(template, self.shown.item_state, self.shown.site_state)
            else:
                self.shown.site_state.update(self._scope_state)
        for rule in (*template.remove, *template.keep):
            self._ask_count(ExpressionCount(rule.selector), rule.name)
        for fld in template.fields:
            if fld.xpaths:
                self._ask_count(FieldCount(fld, template), fld.id)
        for flt in template.filters:
            self._ask_count(FilterCount(flt, template, self.shown.model), flt.name)
        # A deleted field leaves the preview and the fields that look wrong at once.
        self.rules.keep_fields(
            [f.id for f in template.fields] if any(f.xpaths for f in template.fields) else []
        )
        if any(f.xpaths for f in template.fields):
            # Whether the fields' values look right over sample pages at once, then over every
            # page of the site, and a preview of them. The same template's check under way
            # goes on; one of an earlier version is dropped.
            if self._pending_check is None or self._check_template != template:
                self._drop_check()
                self._pending_check = self.service.check(template)
                self._check_template = template
        else:
            self._drop_check()

    def _drop_check(self) -> None:
        if self._pending_check is not None:
            self.service.drop([self._pending_check])
        self._pending_check = None

    def count_filter(self, flt: NoiseFilter, dialog: FilterDialog) -> None:
        """Count a filter being edited over the site, as part of the template being edited (in
        the place of the filter of its name, else last); the answer goes to its dialog."""
        template = self.editor.template
        names = [f.name for f in template.filters]
        if flt.name in names:
            filters = tuple(flt if f.name == flt.name else f for f in template.filters)
        else:
            filters = (*template.filters, flt)
        draft = dataclasses.replace(template, filters=filters)
        self._ask_count(FilterCount(flt, draft, self.shown.model), dialog)

    def on_service_counts_ready(self, request: int, stats: dict[str, Any]) -> None:
        target = self._pending_counts.get(request)
        if target is None:
            return
        pages = int(stats.get("pages", 0))
        site_pages = int(stats.get("site_pages", pages))
        if pages >= site_pages:  # the last answer: every page of the site counted
            del self._pending_counts[request]
            if self._latest_count.get(target) == request:
                del self._latest_count[target]
        unit = plural(pages, "page")
        text = f"{stats.get('hit_pages', 0):,}/{pages:,} {unit}"
        if "summary" in stats:
            text = stats["summary"]  # a rule's effect, worded as in the impact panel and report
        elif "by_xpath" in stats:
            text += f" with a value ({stats['empty']:,} empty"
            if stats.get("absent"):
                # pages without the rule's anchor: the field is absent there, not failing
                text += f", {stats['absent']:,} of them without the rule's anchor: absent"
            text += ")"
        elif "one" in stats:
            text += f" (1: {stats['one']:,}, many: {stats['many']:,})"
        elif stats.get("chars"):
            text += f", −{count(stats['chars'], 'char', sep=',')}"
        elif stats.get("nodes"):
            text += f", {count(stats['nodes'], 'node', sep=',')}"
        if pages < site_pages:
            # Figures so far, marked so in the cell ("10/40…"); the tooltip and the status bar
            # say how far the count is.
            text = text.replace(f"/{pages:,} {unit}", f"/{pages:,}…", 1)
            text += f" — counted on {pages:,}/{site_pages:,} {plural(site_pages, 'page')} so far"
        else:
            text += f" — counted on {pages:,}/{site_pages:,} {plural(site_pages, 'page')}"
        if isinstance(target, FilterDialog):
            target.show_site(text)
            return
        self.shown.site_state[target] = text
        self.rules.show_site(target, text)

    def on_rules_item_selected(self, section: str, name: str) -> None:
        """Selecting a rule shows its first match on this page."""
        stamps = []
        sp = self.shown.stamped
        if sp is None:
            return
        template = self.editor.template
        from deboiler_gui.engine.template.selectors import select_elements

        try:
            if section in ("remove", "keep"):
                rule = next(r for r in getattr(template, section) if r.name == name)
                stamps = sp.stamps_of(select_elements(sp.root, rule.selector))
        except (DeboilerError, StopIteration):
            return
        if stamps:
            self.view.select(stamps[0], scroll=True)
