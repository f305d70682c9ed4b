"""Applying a fitted domain model to a page: which subtrees are boilerplate and why, removing
them with explicit keep/remove XPaths, and the cleaned page with its information."""

from __future__ import annotations

import dataclasses
import itertools
import logging
import os
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from operator import itemgetter
from typing import Any, cast

import lxml.etree as etree

from deboiler_gui.engine.clean.analysis import (
    _SIDE_DENSITY,
    _STEPS,
    DEFAULT_CONFIG,
    Facts,
    _holding_invisible,
    _slot_key,
    _slot_step,
    _slot_step_cached,
    _step_of,
    _visible_text_of,
    analyse,
    block_label,
    fixed_key,
    fixed_words,
    h64,
    heading_labels,
    hexkey,
    label_key,
    labelled_links,
    loose_links,
    make_spec,
    repeats_within_page,
    shut,
    text_outside_links,
)
from deboiler_gui.engine.clean.stamps import holds_date, is_stamp, signatures, stamps
from deboiler_gui.engine.document import breadcrumbs_of, consume, language_of, title_of
from deboiler_gui.engine.htmltree import (
    BLOCK_TAGS,
    INVISIBLE_TAGS,
    HtmlElement,
    drop_element,
    parse_html,
    readable_path,
    to_html,
    visible_text,
)
from deboiler_gui.engine.model import CleanResult, DomainModel, InputError, Page, Removal, RuleError
from deboiler_gui.engine.tablerows import rows_tolerant

log = logging.getLogger(__name__)


# --------------------------------------------------------------------------- applying a model


class Applied:
    """A model's sets decoded once and cached on the model object (cheap per page)."""

    def __init__(self, model: DomainModel) -> None:
        data = model.data
        self.compat = data.get("mode", model.config.get("mode")) == "compat"
        try:
            self.exact = {int(h, 16) for h in data.get("exact", ())}
            self.exact_links = {int(h, 16) for h in data.get("exact_links", ())}
            self.nav = {int(h, 16): name for h, name in dict(data.get("nav_slots", {})).items()}
            self.frames = {
                int(h, 16): (str(v[0]), str(v[1]))
                for h, v in dict(data.get("frame_slots", {})).items()
            }
            self.site_main = {int(h, 16) for h in data.get("main_slots", ())}
            self.site_main_some = {int(h, 16) for h in data.get("main_slots_some", ())}
            self.site_main_template = {int(h, 16) for h in data.get("main_slots_template", ())}
            self.loose = {int(h, 16) for h in data.get("loose_links", ())}
            self.content = {int(h, 16) for h in data.get("content_slots", ())}
            self.labels = {int(h, 16): str(v) for h, v in dict(data.get("label_slots", {})).items()}
            self.free = {int(h, 16) for h in data.get("exact_free", ())}
            self.partial = {int(h, 16) for h in data.get("exact_partial", ())}
            self.seen = {int(h, 16) for h in data.get("common_slots", ())}
            self.protected = {int(h, 16) for h in data.get("protected_slots", ())}
            # the places of the site's post cards, with the labels they say, and of its
            # threads' lines of facts (models fitted before have neither)
            self.cards = {
                int(h, 16): frozenset(str(w) for w in v)
                for h, v in dict(data.get("card_slots", {})).items()
            }
            self.lines = {int(h, 16) for h in data.get("line_slots", ())}
            self.edge_words = {int(h, 16) for h in data.get("edge_words", ())}
            self.heading_labels = {int(h, 16) for h in data.get("heading_labels", ())}
        except (TypeError, ValueError) as exc:
            raise InputError(f"domain model of site {model.site!r} is corrupt: {exc}") from exc
        cfg = dict(DEFAULT_CONFIG)
        cfg.update({k: v for k, v in model.config.items() if k in DEFAULT_CONFIG})
        self.cfg = cfg
        self.spec = make_spec("compat" if self.compat else "improved", cfg)
        self.slot_ids = _SlotIds()
        #: a slot's key (the h64 of its path): a lookup in C once the slot was seen (the
        #: detectors ask it of every candidate of every page)
        self.slot_id: Callable[[str], int] = self.slot_ids.__getitem__


class _SlotIds(dict[str, int]):
    """Slot keys by slot, computed on first use (at most 100,000 kept)."""

    def __missing__(self, slot: str) -> int:
        sid = h64(slot.encode("utf-8", "surrogatepass"))
        if len(self) < 100_000:
            self[slot] = sid
        return sid


def applied(model: DomainModel) -> Applied:
    cached = getattr(model, "_applied", None)
    if cached is None or cached[0] is not model.data:
        cached = (model.data, Applied(model))
        model._applied = cached  # type: ignore[attr-defined]
    return cached[1]


#: a candidate's record's element (its first field)
_ELEMENT = itemgetter(0)

#: Inside an entry of the content, a repeated block this long that most pages fill otherwise
#: is content even when it is mostly links.
SHARED_ENTRY_CHARS = 200

#: Beside the main content, a repeated block this long that most pages fill otherwise (a
#: specification table) is content.
SPEC_MIN_CHARS = 20


def matches(
    root: HtmlElement,
    model: DomainModel,
    keep: Sequence[HtmlElement] = (),
    facts: Facts | None = None,
    why: dict[str, str] | None = None,
) -> list[tuple[HtmlElement, str, str, int]]:
    """Top-level boilerplate subtrees: (element, detector, representation key, chars).

    ``why``, when given, is filled with where the page's content slot was taken to be
    (``slot``: its XPath, empty for the whole page) and for what reason (``reason``)."""
    ap = applied(model)
    if facts is None:
        facts = analyse(root, ap.spec)
    if facts.too_large:
        log.warning(
            "page with %d elements is above max_elements: no automatic cleaning", facts.elements
        )
        return []
    keep_set = set(keep)
    keep_ancestors: set[HtmlElement] = set()
    for el in keep:
        keep_ancestors.add(el)
        keep_ancestors.update(el.iterancestors())
    main = set(facts.main_path) if not ap.compat else set()
    main_el = facts.main_path[-1] if main and len(facts.main_path) > 1 else None
    if main_el is not None and _nav_block(main_el, facts.cands, ap):
        # a page with next to no text of its own, where the site's navigation bar holds most
        # of it (a section that only points to another): the bar is not the content
        main.discard(main_el)
        main_el = main_el.getparent()
    frame_up = _frame_main(main_el, facts.cands, ap) if main_el is not None and main else None
    if frame_up is not None:
        # a page of a few links whose most text is a block the site repeats word for word
        # (the copyright footer): the block is the frame's; the content is looked for in
        # the site's places around it
        main = {frame_up, *frame_up.iterancestors()}
        main_el = frame_up
    reason = (
        "the page's body (the part holding most of its text is a block the site repeats"
        " word for word)"
        if frame_up is not None and frame_up.tag == "body"
        else "the deepest element holding most of the page's non-link text"
        if main_el is not None
        else ""
    )
    # each candidate's record by its element (its hash, characters, links, slot)
    recs: dict[HtmlElement, list[Any]] = (
        dict(zip(map(_ELEMENT, facts.cands), facts.cands, strict=True)) if not ap.compat else {}
    )
    # Readers' comments under a story: when their text made them the page's main content,
    # the content is the block holding the story before them, read without them.
    comments = _comment_blocks(facts.cands, ap) if main and not ap.compat else []
    if comments and main_el is not None:
        held = next((c for c in comments if c is main_el or _inside(main_el, c)), None)
        story = _story_around(held) if held is not None else None
        if held is not None and story is not None:
            facts = _beside_comments(facts, ap.spec.slot_share, story, held)
            main = set(facts.main_path)
            main_el = story
            reason = (
                "the block holding the story before its readers' comments"
                " (the comments held most of the page's non-link text)"
            )
    # The elements in the places that hold the site's content on most pages.
    site_main = _site_main_elements(facts.cands, ap, ap.site_main) if main and ap.site_main else []
    deeper = _site_main(site_main, main_el)
    # a place of the site's content left inside the guess, the page's own head beside it
    # (looked for on a page that is mostly links, where the site's place would otherwise
    # be taken over the page's own guess)
    refused: list[HtmlElement] = []
    linky = facts.chars > 0 and facts.links >= float(ap.cfg["link_density"]) * facts.chars
    if deeper is None and main and ap.site_main_some:
        # a template of a site of several: its own content place, a part of the content
        # that only some pages have, not taken beside the page's own text
        deeper = _site_main(
            _site_main_elements(facts.cands, ap, ap.site_main_some),
            main_el,
            recs if linky else None,
            ap.exact,
            refused,
        )
    template_place = None
    if deeper is None and main and main_el is not None and (ap.site_main_template or ap.content):
        # a page of a template with few pages whose story is short: its guess stopped at the
        # column around the story (the story beside lists of recent and most-read entries),
        # or went to the lists beside it, where the template's other pages have the story's
        # own place
        template_place = _template_main(facts.cands, ap, main_el, refused if linky else None)
        deeper = template_place
    if deeper is not None:
        # said of the page only as measured: its links hold most of its visible text, or
        # its own guess stopped above the site's place
        if facts.chars > 0 and facts.links >= float(ap.cfg["link_density"]) * facts.chars:
            why_deeper = "this page is mostly links"
        elif main_el is None:
            why_deeper = "no part of this page holds most of its text"
        else:
            why_deeper = "inside the part holding most of this page's non-link text"
        if main_el is not None and not _inside(deeper, main_el):
            # the template's place beside the page's guess (a column of most commented
            # entries holding more text than a short story): the guess is not the content
            main = {deeper, *deeper.iterancestors()}
        main_el = deeper
        main.add(deeper)
        main.update(deeper.iterancestors())
        reason = (
            "the place holding the content on the pages of this template where it is clear"
            " (this page's own guess took in the template's lists beside it)"
            if template_place is not None and _place_of(facts.cands, ap, template_place)
            else "the place the site's content narrows to on most of its pages"
            " (this page's own guess took in the template's lists beside it)"
            if template_place is not None
            else f"the place holding the content on most of the site's pages ({why_deeper})"
        )
    elif refused and main_el is not None:
        reason += (
            f" (not {readable_path(refused[0])}, the place of the content on some of the"
            " site's pages: the page's own text sits beside it)"
        )
    # The page's guess holds the story's column and, beside it, a column of titled link boxes
    # holding more text than the story (a game site's "Top Games" tables): the story's
    # column is the content, the boxes' column the frame's.
    columns: dict[HtmlElement, str] = {}
    # the page's title candidates (h1-h3 and blocks classed as titles), read once for both
    # searches of the content's heading
    title_cands: list[list[HtmlElement]] = []

    def title_candidates() -> list[HtmlElement]:
        if not title_cands:
            title_cands.append(_title_candidates(root))
        return title_cands[0]

    if deeper is None and main and main_el is not None and main_el.tag not in ("body", "html"):
        found = _story_column(
            root, main_el, recs, float(ap.cfg["element_link_density"]), title_candidates
        )
        if found is not None:
            main_el, columns = found
            main.add(main_el)
            reason = (
                "the column holding the content's heading and text, beside a column of titled"
                " link boxes"
                if "side column" not in columns.values()
                else "the column holding the content's heading and its longest paragraph,"
                " beside a column of the site's boxes"
            )
    # One entry of a series (one function's documentation among the page's others) holding
    # most of the text is not the content: the site's content place around it is.
    places = {el for el, _slot, _chars in site_main if el.tag not in ("body", "html")}
    # the part holding most of the text when it is one field's value of the record taken as
    # the content (a run of posts is looked for there too)
    field_value: HtmlElement | None = None
    up = _series_place(main_el, places) if main and main_el is not None and places else None
    if up is not None:
        main_el = up
        reason = (
            "the place holding the content on most of the site's pages"
            " (the element holding most of the text is one entry of a series)"
        )
    elif (
        main
        and main_el is not None
        and not ap.compat
        and (ap.site_main or ap.site_main_some)
        and _post_run(main_el) is None
    ):
        # The part holding most of the text is the value of one field of a record, under its
        # label (a person's list of papers under "Publications:", beside the person's text):
        # the content is the record, in the place holding the site's content (a site of
        # several templates: the places of the page's own template too). Not in one post of
        # a thread (a question's listing under "Here is my code:"): the thread is the content.
        up = _labelled_place(
            main_el,
            {
                el
                for el, _slot, _chars in _site_main_elements(
                    facts.cands, ap, ap.site_main | ap.site_main_some
                )
                if el.tag not in ("body", "html")
            },
        )
        if up is not None:
            field_value = main_el
            main_el = up
            reason = (
                "the record in the place holding the content on most of the site's pages"
                " (the element holding most of the text is the value of one labelled field)"
            )
    # One column of several alike (an index's entries in two table columns) is not the
    # content: the content is the whole series.
    series = _series_whole(main_el) if main and main_el is not None else None
    if series is not None:
        main_el = series
        main.add(series)
        reason = "the series of alike columns holding most of the page's non-link text"
    # A thread: the main content found is one post of a run of alike posts (the longest answer
    # of a question): the content is the whole run, whose entries are all content.
    thread = (
        _post_run(main_el)
        if main and main_el is not None and series is None and up is None
        else None
    )
    if thread is not None:
        main_el = thread
        main.add(thread)
        main.update(thread.iterancestors())
        reason = "the run of alike entries (posts, sections) holding the page's longest one"
    # One paragraph of an entry's several holding most of its text (a job post's long
    # description under its deadline and the address to apply at) is not the content: the
    # block of the paragraphs is, and a paragraph the site repeats in it is the entry's.
    entry = (
        _paragraph_run(main_el)
        if main
        and main_el is not None
        and not ap.compat
        and series is None
        and up is None
        and thread is None
        else None
    )
    if entry is not None:
        main_el = entry
        main.add(entry)
        reason = (
            "the block of the content's paragraphs (the part holding most of the page's"
            " non-link text is one of them)"
        )
    # The content slot: below the main content, the element the site's content narrows to on
    # most of its pages (a story's cell between a menu column and a column of teasers). Between
    # the main content and it, the frame detectors act as they do outside the main content.
    region = (
        _content_slot(facts, ap, main_el)
        if main
        and (ap.content or ap.seen)
        and series is None
        and up is None
        and thread is None
        and entry is None
        else None
    )
    if region is not None:
        main.add(region)
        main.update(region.iterancestors())
        reason = (
            "the place the site's content narrows to on most of its pages, "
            "holding most of the non-link text of the main content"
        )
    page_main = None
    if (
        deeper is None
        and region is None
        and main
        and not ap.compat
        and (main_el is None or main_el.tag in ("body", "html"))
    ):
        # no part of the page holds most of its text, and the site's places say nothing of
        # it (a front page of one sentence beside its site's index of links): the part the
        # page itself marks as its main content
        page_main = _marked_main(root)
        if page_main is not None:
            main_el = page_main
            main.add(page_main)
            main.update(page_main.iterancestors())
            reason = "the part the page marks as its main content (no part holds most of its text)"
    # The page's own heading outside the content found, in the place that holds the site's
    # content on most pages around it (a class's name over its description, then the member
    # details that hold most of the text): the content is that place, heading and all.
    whole = None
    if main and main_el is not None and not ap.compat and (ap.site_main or ap.site_main_some):
        # (a site of several templates: the places of the page's own template too; an
        # element that is no candidate, HTML's `main`, is such a place as well)
        held_slots = ap.site_main | ap.site_main_some
        depth = int(ap.cfg["max_slot_depth"])
        held_places = {
            a
            for a in main_el.iterancestors()
            if a.tag not in ("body", "html")
            and (slot := _slot_of(a, depth)) is not None
            and ap.slot_id(slot) in held_slots
        }
        whole = (
            _headed_place(
                root, main_el, held_places, float(ap.cfg["link_density"]), title_candidates
            )
            if held_places
            else None
        )
    # (the part found, below the page's heading: what comes after it is after the text)
    part = main_el
    if whole is not None:
        main_el = whole
        main.add(whole)
        region = None
        reason = (
            "the place holding the content on most of the site's pages"
            " (the part holding most of the text is below the page's own heading)"
        )
    own: HtmlElement | None = None
    if (
        region is None
        and deeper is not None
        and series is None
        and up is None
        and thread is None
        and whole is None
    ):
        # the site's content place, taken because the page is mostly links: inside it, the
        # block holding most of its text (a video's story column beside its column of
        # related media and tabs) is the page's own text; a link list the site repeats on
        # other pages, in the place but away from that block, is the frame's (below)
        own = _own_text(
            main_el,  # type: ignore[arg-type]
            facts.cands,
            float(ap.cfg["main_share"]),
            float(ap.cfg["main_chars_share"]),
        )
    inner = region if region is not None else main_el
    # readers' comments after the story: the content holds a story before them
    comment_set = (
        {c for c in comments if c not in main and _story_before(c, inner)}
        if comments and inner is not None and inner.tag not in ("body", "html")
        else set()
    )
    # the content is a part of the page, not its whole body
    bounded = main_el is not None and main_el.tag not in ("body", "html")
    around = main_el.getparent() if main_el is not None else None
    if entry is not None:
        # the block around the paragraph found is the entry itself: what lies beside the
        # entry is as far from the content as before it was widened (a date line over a
        # story's headline outside its block of paragraphs)
        around = entry
    if around is not None and around.tag in ("body", "html"):
        around = None
    # where text most pages have other text in place of stays (below): the block around the
    # content, which held the part the page's own heading is over before the content was
    # widened to the place holding both
    spec_area = main_el if around is None and whole is not None else around
    # the blocks that hold the content's own heading (a product's name above its price)
    title_blocks: set[HtmlElement] = set()
    head: HtmlElement | None = None
    if not ap.compat:
        headed = _title_headings(
            root,
            main_el,
            inner,
            title_candidates,
            lambda el: (rec := recs.get(el)) is not None and rec[1] in ap.exact,
        )
        main.update(headed)
        title_blocks = _heading_blocks(root, headed)
        if bounded and inner is not None:
            # before the content slot, else before the main content or the place that holds
            # the site's content on most pages around it (a class page whose member details
            # hold most of its text: its content found there, its head before the place of
            # the class's whole text)
            around_inner = [
                at for at, _slot, _chars in site_main if at is not inner and _inside(inner, at)
            ]
            for start in (inner, main_el, *sorted(around_inner, key=_depth, reverse=True)):
                if start is not None and start.tag not in ("body", "html"):
                    head = _head_before(start, headed)
                    if head is not None:
                        break
        if head is not None:
            # the block right before the content holding its heading (Javadoc's package
            # name over "Class X") is the content's head: a line of it with one link at
            # most is the heading's (its package, its section), not the frame's; a list of
            # links in it (Doxygen's "Classes | Functions" over the class's name) still goes
            keep_ancestors.add(head)
            keep_ancestors.update(head.iterancestors())
    if why is not None and not ap.compat:
        why["slot"] = _path(inner) if inner is not None else ""
        why["path"] = readable_path(inner) if inner is not None else ""
        why["reason"] = reason or "no element holds most of the page's text"
    # Frames are the page's outer chrome: inside a place that holds the site's content on most
    # pages (below the body), a part with the same shape on every page is the content's own
    # (an API page's stability note and source link before its first section).
    content_areas = {el for el, _slot, _chars in site_main if el.tag not in ("body", "html")}
    cfg = ap.cfg
    el_density = float(cfg["element_link_density"])
    density = float(cfg["link_density"])
    label_min = int(cfg["passage_min_chars"])
    # the blocks the figure tests read, with whether each holds sentences (``_figure_alone``)
    prose: dict[HtmlElement, bool] = {}
    max_share = float(cfg["max_slot_share"]) * max(facts.chars, 1)
    out: list[tuple[HtmlElement, str, str, int]] = []
    cands = facts.cands
    repeats = repeats_within_page(facts) if not ap.compat else set()
    fragments = _Fragments(cands, ap.exact, repeats, recs if not ap.compat else None)
    # the candidates' own order tells what lies inside the content's elements (a candidate's
    # subtree is the candidates up to its end index): no walk up each element's ancestors
    spans: dict[HtmlElement, tuple[int, int]] = {}
    areas = {a for a in (main_el, inner, around) if a is not None}
    for area in areas:
        rec = recs.get(area)
        if rec is not None:
            spans[area] = (cands.index(rec), rec[5])  # (its place found in C)

    anchors = _Anchors(root)
    named = _NamedEntries(recs, ap.exact, float(ap.cfg["link_density"]))
    holds_story: list[bool] = []

    def story_held() -> bool:
        # the page's content (the content slot, else the main content) holds a story: text
        # outside links of STORY_MIN_CHARS at least, with a sentence end
        if not holds_story:
            rec = recs.get(inner) if inner is not None else None
            if inner is None or (rec is not None and rec[2] - rec[3] < STORY_MIN_CHARS):
                holds_story.append(False)  # (its text outside links is too short)
            else:
                own, text = _unlinked_chars(inner)
                holds_story.append(
                    own >= STORY_MIN_CHARS and _SENTENCE_END.search(text) is not None
                )
        return holds_story[0]

    def promo_cell(el: HtmlElement) -> bool:
        # a cell of a row of promotions under a story of the content's own: the site's,
        # however many of the pages have it (a front page whose content is those
        # promotions, after its lists of links, holds no such story before them)
        if el.tag != "td" or inner is None or not _promo_cell(el) or not story_held():
            return False
        row = el.getparent()
        return _unlinked_before(inner, row) >= _unlinked_chars(row)[0]

    def far_from_story(i: int, el: HtmlElement) -> bool:
        # away from the main content and the block around it, on a page whose content holds
        # a story of its own: a block there is not the content, however much text it holds
        if (
            main_el is None
            or within(i, el, main_el)
            or (around is not None and within(i, el, around))
        ):
            return False
        return story_held()

    # each block's letters, measured once for the page (a teaser test walks up from every
    # candidate and measured the same large ancestors again for each one: two thirds of the
    # cleaner's time on a 1,300-page API reference)
    letters: dict[HtmlElement, int] = {}

    def within(i: int, el: HtmlElement, ancestor: HtmlElement | None) -> bool:
        span = spans.get(ancestor) if ancestor is not None else None
        if span is None:
            return ancestor is not None and _inside(el, ancestor)
        return span[0] < i < span[1]

    def block_rec(node: HtmlElement) -> list[Any] | None:
        # the record of the block, or of the one block inside it that holds all its text
        rec = recs.get(node)
        while rec is None and len(node) == 1 and isinstance(node[0].tag, str):
            node = node[0]
            rec = recs.get(node)
        return rec if rec is not None and rec[2] > 0 else None

    def text_stays(node: HtmlElement) -> bool:
        # a block that stays as the page's own: no repeat across the site, or one most pages
        # have other text in place of
        rec = block_rec(node)
        return rec is not None and (
            rec[1] not in ap.exact or rec[1] in repeats or rec[1] in ap.free
        )

    def value_stays(value: HtmlElement) -> bool:
        # a field's value that stays in the content: the page's own text, or a figure of its
        # own that only the folding of digits made the same as other pages' (a date or a
        # year too: the record's own under its label, as in a list of definitions)
        return text_stays(value) or (
            block_rec(value) is not None and _ANY_DIGIT.search(_text_of(value)) is not None
        )

    def holds_value(i: int, end: int) -> bool:
        # a block holding a figure of the page that only the folding of digits makes the
        # same as other pages' (a price), in at most VALUE_BOX_CHARS characters
        return cands[i][2] <= VALUE_BOX_CHARS and any(
            rec[1] in ap.exact and _own_value(rec[0], rec[2], rec[3], density)
            for rec in cands[i + 1 : end]
        )

    def after_footer(el: HtmlElement) -> bool:
        # right after the entry's footer the page removed (its categories and permalink),
        # nothing of its own between: past the entry's end (the author's box with a bio)
        prev = el.getprevious()
        while prev is not None:
            if (
                isinstance(prev.tag, str)
                and prev.tag not in INVISIBLE_TAGS
                and visible_text(prev).strip()
            ):
                return prev.tag == "footer" and any(item[0] is prev for item in out)
            prev = prev.getprevious()
        return False

    # repeated blocks kept only because they hold the page's fields (below)
    split: set[HtmlElement] = set()
    # the content slot, when it is a part of the page (not its whole body)
    slot_el = inner if inner is not None else main_el
    slot_bounded = slot_el is not None and slot_el.tag not in ("body", "html")
    # the places that hold the site's content on most pages that have them
    held_places = ap.site_main | ap.site_main_some | ap.site_main_template | ap.content
    # the lowest link density any test below asks of a list of links
    least = min(density, el_density, TEASER_DENSITY, TEASER_COLUMN_DENSITY)
    i, n = 0, len(cands)
    while i < n:
        el, h, chars, links, slot, end, skel = cands[i]
        if el in main:
            i += 1  # the main content's own elements are never removed (see the end)
            continue
        detector = ""
        key = ""
        boxed = False
        flow_line = False
        if comment_set and el in comment_set:
            # after the story, outside its text, the readers' comments the page marks as such
            detector, key = "post", "comments"
        elif columns and el in columns:
            # the column of titled link boxes (or of the site's boxes of short paragraphs)
            # beside the story's column (see above)
            detector, key = "label", columns[el]
        elif h in repeats:
            pass
        elif h in ap.exact:
            detector, key = ("pair" if ap.compat else "exact"), hexkey(h)
            if (
                not ap.compat
                and main_el is not None
                and within(i, el, main_el)
                and not promo_cell(el)
            ):
                # (a cell of a row of promotions beside a story is the frame's: below)
                if fragments.of(el) and el.getparent() not in split:
                    detector = ""
                elif (
                    _section_heading(el, main_el, density)
                    or _box_label(el, density, fragments.repeated)
                    or _section_body(el, links, chars, density)
                ):
                    # a section's heading in the content ("4.1 Introduction", a chapter's
                    # "第 12 章") or a box's label ("Note" over a note's text), however many
                    # pages have the same: its section or its box's text follows it
                    detector = ""
                elif chars <= BOX_TEXT_CHARS and next(el.iter("img"), None) is not None:
                    # an image of the content (a diagram, a figure with a word or two): its
                    # markup is the same on every page without its source, a repeat
                    detector = ""
                elif el.tag == "td" or (links < density * chars and _cell_whole(el)):
                    # a cell of a table in the content (a "Yes" in a comparison table, a
                    # "Functions" heading row) is the table's: it stays or goes with its table
                    detector = ""
                elif bounded and _own_value(el, chars, links, density):
                    # a value in the content that only the folding of digits made the
                    # same as other pages' ("Width: 100 cm", "£ 450", "Product code: 83810610"):
                    # the page's own figure, next to its label
                    detector = ""
                elif (
                    bounded
                    and links < density * chars
                    and within(i, el, inner if inner is not None else main_el)
                    and _in_record_group(el, main_el, recs, ap.exact, repeats)
                ):
                    # one of the record's headed groups of facts whose other groups are the
                    # page's own (an event's "Venue" beside its "Details"): the same on many
                    # pages because the facts are (the one hall of most talks), still the
                    # record's
                    detector = ""
                elif (
                    slot_bounded
                    and thread is None
                    and links < density * chars
                    and within(i, el, slot_el)
                    and _field_text(el, slot_el, recs, ap.exact, repeats)
                ):
                    # a field of the page's record in the content: a label the site
                    # repeats next to a value of the page's own ("Date:" over "11/20/2017"
                    # in a definition list, a specification's "Weight" before its figure),
                    # a group of them under its heading ("Details"), or a value whose
                    # figures only the folding of digits made the same as other pages'
                    detector = ""
                    if _field_pairs(el) is None:
                        # a block the site repeats that holds such a group beside its other
                        # parts: those are judged one by one, each as the repeat it is (not
                        # as a passage of several repeats the page shares)
                        split.add(el)
                elif (
                    bounded
                    and thread is None
                    and links == 0
                    and _label_of_own(el, value_stays, density)
                ):
                    # a label of the record in the main content over a value of the page's
                    # own ("Source:" over a data set's source, "Publication Year:" over its
                    # year, the two in one field or the label alone): the same on every
                    # record of the kind, the record's all the same; a label over links or
                    # over a sentence the site repeats still goes
                    detector = ""
                elif (
                    slot_bounded
                    and thread is None
                    and links < density * chars
                    and within(i, el, slot_el)
                    and _entry_among_own(el, text_stays)
                ):
                    # an entry of a list in the content slot whose other entries are the
                    # page's own (the first and the last publication of a person's list,
                    # which other people's lists open or close with too): an entry of that
                    # list, not a template's part
                    detector = ""
                elif (
                    slot_bounded
                    and thread is None
                    and links == 0
                    and chars <= DATELINE_CHARS
                    and within(i, el, slot_el)
                    and _DATE.search(_text_of(el)) is not None
                    and _right_under_heading(el, title_blocks, whole=True)
                ):
                    # the line right under the content's own heading that dates it (an
                    # event's "11/20/2017 @ 6:00 pm - 8:00 pm" under its title): the
                    # record's date, the same on many pages only once digits are folded
                    detector = ""
                elif (
                    slot_bounded
                    and thread is None
                    and h in ap.partial
                    and links == 0
                    and chars <= NOTICE_LINE_CHARS
                    and within(i, el, slot_el)
                    and _notice_over_heading(el, title_blocks)
                ):
                    # a sentence right above the content's own heading that the site says on
                    # only some of the pages that have its place ("This event has passed."
                    # over past events): a word on the page's record, where a banner the
                    # site puts over every article is the frame's; it stays whole
                    detector = ""
                    flow_line = True
                elif not bounded:
                    # the whole body is the "content" (a page without a content container:
                    # LaTeX2HTML, old hand-written pages): a repeat is a template part, unless
                    # it is a line in the flow of the page's own text and shaped like it
                    # ("Syntax:" between a section's paragraph and its listing)
                    if links < density * chars and fragments.between_content(el):
                        detector = ""
                elif (
                    h in ap.free
                    and chars >= label_min
                    and links < density * chars
                    and _in_entry(el, main_el)
                ):
                    # a passage repeated on a few pages where most pages have other text at
                    # its place (a post quoted on other threads, a standard clause): content
                    detector = ""
                elif links < density * chars and named.within(el, main_el):
                    # in an entry the page names by its id among alike entries (a method's
                    # documentation, `div#method-i-to_s`, among the class's others), a block
                    # at a place only the pages with that entry have: the same there because
                    # those pages document the same member (a method several classes
                    # share), not a template's part
                    detector = ""
                elif h in ap.free and chars >= SHARED_ENTRY_CHARS and _in_entry(el, main_el):
                    # a long entry of the content that a few pages share, at a place most
                    # pages fill otherwise, whatever its links (an instance's documentation,
                    # its types linked, on each module page that has the instance)
                    detector = ""
                elif (
                    h in ap.free
                    and links < density * chars
                    and _inside(el, inner)  # type: ignore[arg-type]
                    and _prose(el, chars, links, label_min)
                    and not after_footer(el)
                ):
                    # in the content slot, a paragraph of prose that a few pages share where
                    # most pages have other text at its place (the same story saved twice, a
                    # standard clause in a story): the page's text
                    detector = ""
                elif (
                    h in ap.free
                    and chars >= label_min
                    and links < density * chars
                    and within(i, el, inner)
                    and fragments.in_flow(el, inner)  # type: ignore[arg-type]
                ):
                    # in the content slot, a block that some pages share where most pages
                    # have other text at its place, with the page's own text before and
                    # after it (Javadoc's "Version: … Author: …" lines under a class's
                    # description, the classes it inherits from its superclass): the
                    # content's own, as the same sentence is in several pages' text
                    detector = ""
                elif (
                    links < density * chars
                    and within(i, el, inner)
                    and fragments.between_content(el)
                ):
                    # a short paragraph that many pages say, between two blocks of the page's
                    # own text and shaped like them ("For example:" between a paragraph and
                    # its code listing): a sentence of the content, not a template part;
                    # its own blocks with it (a version label's paragraph in its box)
                    detector = ""
                    flow_line = True
                elif (
                    h in ap.free
                    and links < density * chars
                    and within(i, el, inner)
                    and fragments.after_term(el)
                ):
                    # in an entry of a series in the content slot, the description right
                    # after the entry's own term (a function's one-line documentation under
                    # its signature, which other modules of the same API repeat): the
                    # entry's, as a definition's description is its term's
                    detector = ""
                elif (
                    thread is None
                    and links < density * chars
                    and el.tag in BLOCK_TAGS
                    and within(i, el, inner)
                    and fragments.amid_text(el)
                ):
                    # in the content slot, a line or a box of a few words set between two
                    # blocks of the page's own text, however many pages say it at that place
                    # (a version label under the heading, a note between the paragraphs and
                    # the examples): the content's, where a notice the site puts first or
                    # last in every article, a bar of links or a post's own lines are not
                    detector = ""
                    flow_line = True
            if (
                detector == "exact"
                and bounded
                and inner is not None
                and el.tag not in _HEADING_TAGS
                and _dateline(el, chars, links, density)
                and (
                    (within(i, el, inner) and _lead_within(inner, el, DATELINE_LEAD))
                    or el.getparent() in title_blocks
                    or _under_headline(el)
                )
                and _text_after(inner, el) >= DATELINE_AFTER
            ):
                # a story's date or byline line ("Published January 19, 2015", "By … on
                # January 15, 2015") in the content slot or beside its headline: the
                # same on many pages of a template captured on one day, still the story's
                detector = ""
            elif (
                detector == "exact"
                and bounded
                and links == 0
                and main_el is not None
                and not within(i, el, main_el)
                and (top := _shared_top(el, main_el)) is not None
                and _in_record_group(el, top, recs, ap.exact, repeats)
            ):
                # in the record holding the content, beside it, one of the record's headed
                # groups of facts whose other groups are the page's own (an event's "Venue"
                # beside its "Details" under the talk's text): the record's, as in the
                # content
                detector = ""
            elif (
                not ap.compat
                and el.tag == "td"
                and around is not None
                and within(i, el, around)
                and not promo_cell(el)
            ):
                # a cell of a table beside the content (a specification): the table's
                detector = ""
            elif (
                not ap.compat
                and (
                    _beside_heading(el, title_blocks)
                    or (around is not None and within(i, el, around))
                    or _in_any(el, content_areas)
                )
                and _own_value(el, chars, links, density)
            ):
                # beside the content's own heading or in the block around the content, a
                # figure of the page (a product's price under its name in the buy box, its
                # sizes next to the description)
                detector = ""
            elif not ap.compat and el.getparent() in title_blocks and holds_value(i, end):
                # beside the content's own heading, a block holding a figure of the page
                # and a link beside it (a price with the link to its reviews): the same on
                # every page only as digits are folded; its parts are judged one by one
                detector = ""
            elif (
                not ap.compat
                and spec_area is not None
                and h in ap.free
                and chars >= SPEC_MIN_CHARS
                and links < density * chars
                and within(i, el, spec_area)
                and not _in_teaser(el, spec_area, letters)
                and not (links and part is not None and _before(part, el))
                and not after_footer(el)
            ):
                # beside the main content in the block around it, text most pages have other
                # text in place of (a product's specification next to its description); not
                # the first lines of another story under its headline link (a teaser: the
                # other story's text, shown on the pages around it), nor a line with links
                # after the content that other pages say word for word ("Follow the blog on
                # RSS and on Twitter"): the site's call, not the page's own value
                detector = ""
        elif h in ap.exact_links and not (
            inner is not None
            and within(i, el, inner)
            and (own is None or el in main or _inside(el, own))
        ):
            detector, key = "exact", hexkey(h)
        elif (ap.nav or ap.frames) and slot is not None and 0 < chars <= max_share:
            sid = ap.slot_id(slot)
            # Structural slots only act outside the page's main content: a recurring,
            # link-dense slot inside it is the page's own (a local table of contents).
            if (
                sid in ap.nav
                and links >= el_density * chars
                and not _own_section(el, main_el, main, anchors)
            ):
                detector, key = "slot", ap.nav[sid]
            elif (
                sid in ap.frames
                and links > 0
                and not _prose(el, chars, links, label_min)
                and ap.frames[sid][1] == skel
                and not _in_any(el, content_areas)
                and not _under_heading(el, title_blocks, links)
            ):
                detector, key = "frame", ap.frames[sid][0]
            # Template frames keep to the outside of the main content (a post's comment list
            # has the same shape on every thread); navigation slots to the outside of the
            # content slot.
            outer = main_el if detector == "frame" else inner
            if detector and outer is not None and within(i, el, outer):
                detector = ""
        if not detector and chars <= 0:
            i += 1  # every test below takes only a block with text
            continue
        linked = links >= least * chars  # (else no test below that asks for links passes)
        if (
            not detector
            and linked
            and bounded
            and slot is not None
            and 0 < chars <= max_share
            and links >= density * chars
            and not within(i, el, inner)
            and ap.slot_id(slot) in ap.seen
            and ap.slot_id(slot) not in ap.protected
            and not _own_section(el, main_el, main, anchors)
        ):
            # outside the content slot (between it and the main content, or beside the main
            # content): a link list at a place the site has on many pages (a section's menu
            # column next to the story, a column of related stories with their dates)
            detector, key = "slot", slot[-300:]
        if (
            not detector
            and linked
            and bounded
            and not ap.compat
            and chars > 0
            and (chars <= max_share or page_main is not None)
            and links >= density * chars
            and el not in main
            and not within(i, el, main_el)
            and not within(i, el, inner)
            and (marked := _page_navigation(el))
            and not anchors.toc(el)
        ):
            # away from the content, a link list the page itself marks as its navigation or
            # its footer (`nav`, role=navigation, `footer`): the site's menu, even where too
            # few pages of the site have this template (a page saved twice) to show it repeat;
            # not the page's own table of contents (links to its own anchors). Whatever its
            # size when the page marks its main content too (a front page's index of classes
            # beside its one sentence)
            detector, key = "slot", marked
        if (
            not detector
            and linked
            and bounded
            and not ap.compat
            and 0 < chars <= max_share
            and links >= density * chars
            and el not in main
            and _skipped_box(el)
        ):
            # a link box the page lets its reader skip (its first link "Continue reading the
            # main story" goes to the text right after it), even inside the story: the page
            # itself says it is not the story's text
            detector, key = "label", "skipped box"
        if (
            not detector
            and linked
            and bounded
            and not ap.compat
            and 0 < chars <= ADJACENT_BAR_CHARS
            and el not in main
            and _adjacent_bar(el)
        ):
            # a bar of the links to the record before and after this one ("« Previous talk",
            # "Next talk »"), under its label or not, even inside the record: the site's
            # way through its records, not the record's text
            detector, key = "label", "previous/next links"
        if (
            not detector
            and linked
            and bounded
            and not ap.compat
            and el.tag == "table"
            and (el.get("align") or "").strip().lower() in ("left", "right")
            and 0 < chars <= max_share
            and links >= density * chars
            and el not in main
            and _links_away(el) >= MIN_ASIDE_LINKS
            and (_opens_with_label(el) or _headline_boxes(el, 1) >= 1)
            and not anchors.toc(el)
        ):
            # a table floated beside the story's text, a label over its links to other pages
            # ("Related Stories" and the other parts of a series): the old pages' aside
            detector, key = "label", "aside links"
        if (
            not detector
            and linked
            and bounded
            and not ap.compat
            and (el.tag == "aside" or el.get("role") == "complementary")
            and chars > 0
            and links >= TEASER_DENSITY * chars  # headlines, with their first lines
            and el not in main
            and (chars <= max_share or far_from_story(i, el))
            and _links_away(el) >= MIN_ASIDE_LINKS
            and not _SENTENCE_END.search(" ".join(_UNLINKED_TEXT(el)))
        ):
            # a list of links to other pages the page marks as an aside (`aside`,
            # role=complementary), even set in the story: the related stories beside its text,
            # not its text (an aside of prose, a pull quote, a note whose sentences point to
            # other pages, footnotes with their links back into the text, stay)
            detector, key = "label", "aside links"
        if (
            not detector
            and bounded
            and not ap.compat
            and el.tag == "table"
            and inner is not None
            and 0 < chars <= max_share
            and el not in main
            and not within(i, el, inner)
            and _figures_table(el)
            and story_held()
        ):
            # outside the content slot, beside a story, a table of figures only (outside its
            # links, header cells and caption): the day's quotes of the companies the story
            # names, a scoreboard — the site's widget, not the story's table
            detector, key = "label", "figures table"
        if (
            not detector
            and ap.labels
            and slot is not None
            and labelled_links(chars, links, density)
            and not (inner is not None and within(i, el, inner))
        ):
            # a per-page widget: a link list under the label the site puts at this place
            label = block_label(el)
            if label is not None and links >= density * (chars - len(label)):
                name = ap.labels.get(label_key(slot, label))
                if (
                    name is not None
                    and not _post_of_run(el, main)
                    and not _own_section(el, main_el, main, anchors)
                ):
                    # (never one post of the run the content is in: another answer; nor the
                    # page's own table of contents, a reference page's synopsis table)
                    detector, key = "label", name
                elif (
                    bounded
                    and chars <= max_share
                    and not within(i, el, main_el)
                    and _titled(el, label)
                    and not _alike_to(el, main)
                ):
                    # beside the main content, a link list under a title ("See also:", a
                    # heading) is a widget even where the site has too few pages of its
                    # template to show it
                    detector, key = "label", label
        if (
            not detector
            and linked
            and bounded
            and not ap.compat
            and slot is not None
            and chars > 0
            and links >= TEASER_DENSITY * chars
            and el not in main
            and not within(i, el, main_el)
            and (chars <= max_share or far_from_story(i, el))
            and (
                around is None
                or not within(i, el, around)
                # in the block around the content, only a block after or before the content
                # itself and not of its tag (a related-content section after the article; a
                # manual's next section is the content's, a side column's boxes are not
                # looked at)
                or (el.getparent() is around and el.tag != main_el.tag)  # type: ignore[union-attr]
            )
        ):
            # away from the content, a list of teasers under a title (headlines with their
            # first lines, products with their prices): a widget, its links with their text
            label = block_label(el)
            if label is None:
                # an empty block (an advertisement's place) before the title
                label = _heading_title(el)
            if (
                label is not None
                and (
                    _titled(el, label)
                    or _fixed_label(el, recs, ap.exact)
                    or label == _heading_title(el)
                )
                and not _alike_to(el, main)
                and _teasers(el) >= MIN_TEASERS
            ):
                detector, key = "label", label
        if (
            not detector
            and linked
            and bounded
            and not ap.compat
            and slot is not None
            and 0 < chars <= max_share
            and links >= density * chars
            and el not in main
            and not _inside(el, inner)  # type: ignore[arg-type]
            and _media_entries(el) >= MIN_MEDIA_ENTRIES
        ):
            # outside the content slot, a list of links to other pages each with its
            # thumbnail (a video playlist's "up next" entries, a strip of photo stories):
            # a widget, whatever its place and title
            detector, key = "label", "media list"
        if (
            not detector
            and linked
            and bounded
            and not ap.compat
            and 0 < chars <= max_share
            and links >= el_density * chars
            and el not in main
            and main_el is not None
            and within(i, el, main_el)
            and _floated(el)
            and _headline_boxes(el) >= MIN_COLUMN_BOXES
            and _amid_prose(el, main_el, label_min)
        ):
            # in the content, even in the story's own cell, a column set among the story's
            # paragraphs (its text before and after it) that holds two or more boxes, each a short label over
            # headlines ("ALSO" over related stories, "Newswires" over the wire's): the
            # site's widgets, whatever their titles and items on the page
            detector, key = "label", "box column"
        if (
            not detector
            and linked
            and bounded
            and not ap.compat
            and inner is not None
            and 0 < chars <= max_share
            and links >= el_density * chars
            and el not in main
            and el.getparent() in main
            and not within(i, el, inner)
            and not _section_headed(el)
            and not _alike_to(el, main)
            and not anchors.toc(el)
            and _headline_boxes(el) >= MIN_COLUMN_BOXES
            and not _more_posts(el, main_el)
        ):
            # right beside the column that holds the content (a sibling of the content or of
            # a block around it), a column of two or more boxes, each a short label over
            # headlines ("RELATED QUOTES", "ALSO IN Y! NEWS"): the site's widgets next to the
            # story, even where too few pages have the template to show its place. A block
            # opened by its own heading is a section of the text ("See also" with its
            # "Functions" and "Types"), not a column of boxes
            detector, key = "label", "box column"
        if (
            not detector
            and linked
            and bounded
            and not ap.compat
            and inner is not None
            and 0 < chars <= max_share
            and links >= density * chars
            and el not in main
            and _teaser_cards(el) >= MIN_TEASER_CARDS
            and _story_before(el, inner)
        ):
            # after the story, a list of other stories each written as one link holding its
            # headline (a heading) and its first lines or picture ("More in Music"): the
            # site's teasers, even in the story's own block — a text's own links hold words,
            # not headings and paragraphs
            detector, key = "label", "teaser cards"
        if (
            not detector
            and linked
            and own is not None
            and 0 < chars <= max_share
            and links >= density * chars
            and el not in main
            and not _inside(el, own)
            and _links_away(el) > 0
            and not anchors.toc(el)
        ):
            # the site's content place, taken because the page is mostly links, around the
            # page's own text under its headline (a video's story): a list of links to other
            # pages beside that text, at the place or not, is a widget of the place ("SEE
            # ALSO" with the related clips, the most popular clips, story tools)
            detector, key = "label", "beside the story"
        if (
            not detector
            and linked
            and bounded
            and not ap.compat
            and slot is not None
            and chars > 0
            and links >= TEASER_COLUMN_DENSITY * chars
            and el not in main
            and main_el is not None
            and not within(i, el, main_el)
            and (chars <= max_share or far_from_story(i, el))
            and (
                around is None
                or not within(i, el, around)
                # in the block around the content, a cell of the layout table beside the
                # story's cell (a column of teasers); not a section of a document there
                or (el.tag == "td" and el.getparent() is around)
            )
            and not _alike_to(el, main)
            and _links_away(el) >= MIN_ASIDE_LINKS
            and not anchors.toc(el)
            and (
                (links >= density * chars and not _passage_in(el, label_min)) or _teaser_column(el)
            )
        ):
            # away from the content place, a list of links to other pages (a menu of links
            # in a line, a column of product links) or a column of teasers (headlines with
            # their first lines): the frame's, even on a template with too few pages for any
            # repetition to show it
            detector, key = "label", "teaser links"
        if (
            not detector
            and bounded
            and not ap.compat
            and slot is not None
            and chars > 0
            and el not in main
            and main_el is not None
            and not within(i, el, main_el)
            and not within(i, el, inner)
            and (around is None or not within(i, el, around))
            and ap.slot_id(slot) in ap.seen
            and _site_label(el, recs, ap.exact)
            and _links_away(el) >= MIN_ASIDE_LINKS
            and far_from_story(i, el)
            and not _alike_to(el, main)
            and not anchors.toc(el)
        ):
            # away from the content, a box under a label the site repeats at many pages
            # ("More from E! Online", "Most Commented") whose items change with the page and
            # with the day it was saved (teasers with their whole first paragraphs, lists with
            # counts): the frame's widget, however few of its words are links
            detector, key = "label", "site label"
        if (
            not detector
            and bounded
            and not ap.compat
            and inner is not None
            and el is not inner
            and el not in main
            and slot is not None
            and within(i, el, inner)
            and inner in recs
            and 2 * chars <= recs[inner][2]
            and links <= PANEL_LINKS * chars
            and ap.slot_id(slot) in ap.seen
            and end - i > PANEL_BLOCKS  # (room for the blocks _repeated_panel counts)
            and _opens_with_heading(el)
            and _repeated_panel(cands, i, end, ap.exact)
        ):
            # in the content slot, a panel opening with a heading, at a place the site has on
            # many pages, whose text is mostly blocks the site repeats (a shop's "Delivery &
            # returns" tab among the product's sections, its costs differing a little per
            # product): the frame's, though the page's lines of it are not all the same
            detector, key = "label", "repeated panel"
        if (
            not detector
            and bounded
            and not ap.compat
            and el.tag == "form"
            and 0 < chars <= FORM_TEXT_CHARS
            and el not in main
            and not _inside(el, inner)  # type: ignore[arg-type]
            and _has_field(el)
        ):
            # outside the content slot, a form to fill in (a comment box, a report form under
            # every reader's comment, a rates calculator): its labels and choices are no text
            # to read, and each page may word them a little differently
            detector, key = "label", "form"
        if (
            not detector
            and bounded
            and not ap.compat
            and inner is not None
            and el is not inner
            and el not in main
            and 0 < chars <= SIGNUP_BOX_CHARS
            and within(i, el, inner)
            and _text_fields(el) >= SIGNUP_FIELDS
            and slot is not None
            and ap.slot_id(slot) not in held_places
            and _story_before(el, inner)
            and _text_after(inner, el) < STORY_MIN_CHARS
        ):
            # in the content slot, after the story and with no text of it after, a box
            # holding fields to fill in (a subscription offer with its name and address
            # fields, a newsletter's sign-up): a call to the reader, not the story's text,
            # whatever the page's words around the fields. Never at a place that holds the
            # site's content on most pages that have it: a Q&A page's block of answers ends
            # with the form for one more, and a short answer fits in a box's size
            detector, key = "label", "sign-up box"
        if (
            not detector
            and linked
            and bounded
            and not ap.compat
            and inner is not None
            and el is not inner
            and el not in main
            and 0 < chars <= LABELLED_LINES_CHARS
            and within(i, el, inner)
            and _labelled_lines(el)
            and _story_before(el, inner)
            and TRAILING_SHARE * _text_after(inner, el) < _lead_chars(inner, el)
        ):
            # in the content slot, after the story, a block of lines each a short label
            # ending with a colon and the links it names ("Previous Stories: Features
            # Archive", "Also In This Issue: <the issue>", under "Related Links:"): where the
            # reader goes next, not the story's text
            detector, key = "label", "labelled links"
        if (
            not detector
            and linked
            and bounded
            and not ap.compat
            and slot is not None
            and 0 < chars <= CONTROL_BOX_CHARS
            and links >= density * chars
            and el not in main
            and ap.slot_id(slot) in ap.seen
            and _control_label(el)
            and not _post_of_run(el, main)  # a thread's short answer of links is a post
            and not (inner is not None and within(i, el, inner) and _message_post(el))
        ):
            # a small box of links opened by a control (its title a link to "#" or a
            # script: "Related", "Comments" with a count) at a place the site has on many
            # pages, even inside the story: a widget, its items change with the page (a
            # product's measurements under an accordion's button are text, not links)
            detector, key = "label", "control box"
        if (
            not detector
            and bounded
            and not ap.compat
            and slot is not None
            and links * CAPTION_LINK_SHARE <= chars  # the photo may link to a larger one
            and BOX_TEXT_CHARS <= chars <= CAPTION_CHARS
            and next(el.iter("img"), None) is not None  # (one C step: a figure has its image)
            and el not in main
            and _inside(el, main_el if around is None else around)  # type: ignore[arg-type]
            and ap.slot_id(slot) in ap.seen
            and _figure(el)
            and not _figure_alone(el, main_el if around is None else around, label_min, prose)  # type: ignore[arg-type]
        ):
            # in the content or the block around it, an image with a line under it at a place
            # the site's pages share (a story's photo and its caption): the figure, not the
            # story's text
            detector, key = "figure", slot[-300:]
        if (
            not detector
            and bounded
            and not ap.compat
            and slot is not None
            and (el.tag in _MEDIA_BOX_TAGS or el.get("role") == "figure")  # (see _media_box)
            and el not in main
            and (
                _inside(el, main_el if around is None else around)  # type: ignore[arg-type]
                or (head is not None and _inside(el, head))
                or not title_blocks.isdisjoint(el.iterancestors())
            )
            and ap.slot_id(slot) in ap.seen
            and 0 < chars <= MEDIA_BOX_CHARS * _media_box(el)
            and not _figure_alone(el, main_el if around is None else around, label_min, prose)  # type: ignore[arg-type]
        ):
            # in the content or the block around it, a box the page sets apart from its text
            # (an aside, a figure) holding photos and their captions only, at a place the
            # site's pages share: a story's photo with its title, credit and caption, a
            # gallery of them, another story's picture under its headline; also in the head
            # of the story, as no line of its heading
            detector, key, boxed = "figure", slot[-300:], True
        if (
            detector in ("slot", "frame", "label")
            and bounded
            and inner is not None
            and el.tag not in _HEADING_TAGS
            and _dateline(el, chars, links, density)
            and (
                el.getparent() in title_blocks
                or _under_headline(el)
                or (within(i, el, inner) and _lead_within(inner, el, DATELINE_LEAD))
            )
            and _text_after(inner, el) >= DATELINE_AFTER
        ):
            # a story's date line under its headline ("Published January 19, 2015 ·
            # FoxNews.com", its source a link), at a place where the site's pages hold a
            # label and a link: the story's, as when it repeats (above)
            detector = ""
        if (
            detector in ("slot", "frame", "label")
            and not ap.compat
            and el.getparent() in title_blocks
            and holds_value(i, end)
        ):
            # beside the content's own heading, a small box holding a figure of the page
            # with links beside it (a product's price and the link to its reviews, at a
            # place where the site's pages hold links): its parts are judged one by one
            detector = ""
        if (
            detector
            and el not in main
            and el not in keep_ancestors
            and not (keep_set and not keep_set.isdisjoint(el.iterancestors()))
            and not (head is not None and not boxed and _head_line(el, head))
        ):
            out.append((el, detector, key, chars))
            i = end  # its whole subtree goes with it
            continue
        if flow_line and not detector:
            i = end  # a line of the content's flow stays whole (a note's label and its text)
            continue
        i += 1
    if bounded and main_el is not None and not ap.compat:
        # the title of a link list removed beside the content ("MORE STORIES:" over the
        # section's other stories, with the day's date under it): the list's, not a heading
        # of the content
        out.extend(_list_titles(main_el, out, main, keep_ancestors, keep_set, density))
        out.extend(_twins_inside(main_el, out, main, keep_ancestors, density))
        # the site's navigation bar at the top or the bottom of the content (prev/up/next
        # with the neighbours' titles above every API page's text)
        out.extend(
            _body_edges(
                inner,  # type: ignore[arg-type]
                out,
                cands,
                ap,
                keep_ancestors,
                max_share,
                same_shape=True,
                story=story_held,
            )
        )
    if not bounded and main_el is not None and not ap.compat:
        out.extend(_body_edges(main_el, out, cands, ap, keep_ancestors, max_share))
    if main_el is not None and not ap.compat:
        # the navigation bar the page lost at its top or bottom, repeated over each section
        # inside the content with other addresses and neighbours (a manual split by chapter:
        # Texinfo's "[ << ] [ < ] [ Up ] [ > ] [ >> ]" or "Next: …, Up: … [Contents][Index]")
        out.extend(_bar_twins(root, out, main, keep_ancestors, keep_set, density))

    def add_outside_kept(found: Iterable[tuple[Any, int]], detector: str, why: str) -> None:
        # what a search found, unless it is in the content's own nodes or under a kept one
        for el, chars in found:
            if el in main or el in keep_ancestors:
                continue
            if keep_set and not keep_set.isdisjoint(el.iterancestors()):
                continue
            out.append((el, detector, why, chars))

    if bounded and inner is not None and not ap.compat:
        # in the content, a photo with its credit and caption written as a span of its own
        # (no block the analysis weighs), set in the story or in one of its paragraphs
        taken = {el for el, *_ in out}
        top = main_el if around is None else around
        photos = _photo_spans(inner, taken)
        add_outside_kept(
            ((el, c) for el, c in photos if not _figure_alone(el, top, label_min, prose)),  # type: ignore[arg-type]
            "figure",
            "photo span",
        )
    if bounded and main_el is not None and not ap.compat:
        # in the content or the block around it, a box the page lets its reader skip, with
        # the link that skips it ("Continue reading the main story")
        taken = {el for el, *_ in out}
        for el, chars, entire in _skip_boxes(main_el if around is None else around, taken):
            add_outside_kept([(el, chars)], "label", "skip box" if entire else "skip link")
    if bounded and main_el is not None and around is not None and not ap.compat:
        # in the block around the content, after the story, a box of other stories under a
        # title that links to their section ("More China stories")
        taken = {el for el, *_ in out}
        add_outside_kept(_section_boxes_after(around, main_el, taken), "label", "section box")
    if bounded and main_el is not None and not ap.compat:
        # in the content or the block around it, a story's pager: the numbers of its pages
        taken = {el for el, *_ in out}
        add_outside_kept(_pagers(main_el if around is None else around, taken), "stamp", "pager")
    if bounded and inner is not None and not ap.compat:
        # at the end of the story's block, after its text, lists of links to other pages
        # each under a short label ending with a colon ("Read more:", "Sidebars:")
        taken = {el for el, *_ in out}
        trailing = _trailing_lists(inner, taken)
        if trailing and story_held():
            add_outside_kept(trailing, "label", "trailing lists")
    if bounded and main_el is not None and not ap.compat:
        # in the content or the block around it, the same control again and again (a
        # gallery's "Return to Gallery" under each of its photos)
        taken = {el for el, *_ in out}
        controls = _repeated_controls(main_el if around is None else around, taken)
        add_outside_kept(controls, "stamp", "control")
        # anywhere in the page, the frame's buttons and calls ("Add to your basket")
        body = root.find("body")
        if body is not None:
            taken = {el for el, *_ in out}
            add_outside_kept(_page_controls(body, taken), "label", "button")
    if bounded and main_el is not None and not ap.compat and story_held():
        # after the content, a line of inline text loose in the body (Texinfo's "Zsh version
        # 5.9, released on …" in a bare <font> under the last node): no block holds it, so
        # no repetition shows it; on a page whose content holds a story, the frame's
        taken = {el for el, *_ in out}
        for el in _trailing_lines(root, main_el, taken):
            if el in keep_ancestors or (keep_set and not keep_set.isdisjoint(el.iterancestors())):
                continue
            out.append((el, "frame", "loose line", sum(not c.isspace() for c in _text_of(el))))
    if not ap.compat and ap.loose:
        # a link loose in the body, the same on most pages: never inside a content block
        taken = {el for el, *_ in out}
        for a, link_key in loose_links(root):
            if (
                link_key in ap.loose
                and a not in main
                and a not in taken
                and taken.isdisjoint(a.iterancestors())
                and not (keep_set and not keep_set.isdisjoint(a.iterancestors()))
            ):
                out.append(
                    (a, "exact", hexkey(link_key), sum(not c.isspace() for c in _text_of(a)))
                )
    if not ap.compat:
        taken = {el for el, *_ in out}
        # the content and the block around it (a story's own date line beside its paragraphs)
        area = (around if around is not None else main_el) if bounded else None
        for el in stamps(root, taken, main | keep_ancestors, area):
            if keep_set and not keep_set.isdisjoint(el.iterancestors()):
                continue
            if bounded and inner is not None and _heading_date(el, title_blocks, inner):
                continue
            # a drop-down list or a list box (a jump menu of sections, dates, editions) is a
            # form control, said as such; the rest are date lines and skip links
            detector = "menu" if el.tag == "select" else "stamp"
            out.append((el, detector, "", sum(not c.isspace() for c in el.text_content())))
        if bounded and main_el is not None:
            # the signature ending a message in the content or in the block around it ("… –
            # ann Sep 3 '14 at 3:27" under a question, beside the block of its answers)
            taken = {el for el, *_ in out}
            for el in signatures(main_el if around is None else around, taken):
                if el in main or el in keep_ancestors:
                    continue
                if keep_set and not keep_set.isdisjoint(el.iterancestors()):
                    continue
                chars = sum(not c.isspace() for c in el.text_content())
                out.append((el, "post", "signature", chars))
            # a thread's posts: the run found above, or the main content's own children
            taken = {el for el, *_ in out}
            runs = _threads(main_el, facts.runs)
            if field_value is not None:
                # (the list of entries in a field of the record: a person's papers, each
                # with its "view" link)
                runs += _threads(field_value, facts.runs)
            for thread, posts in runs:
                for el, key, chars in _post_frames(
                    thread, cands, taken, density, label_min, (ap.exact, repeats), run=posts
                ):
                    if el in main or el in keep_ancestors:
                        continue
                    if keep_set and not keep_set.isdisjoint(el.iterancestors()):
                        continue
                    out.append((el, "post", key, chars))
        if ap.cards or ap.lines:
            # the card of a page's only post: at the place the site's threads have theirs
            taken = {el for el, *_ in out}
            for el, place, chars in _learnt_cards(cands, ap, taken):
                if el in main or el in keep_ancestors:
                    continue
                if keep_set and not keep_set.isdisjoint(el.iterancestors()):
                    continue
                if not taken.isdisjoint(el.iterancestors()):
                    continue
                out.append((el, "post", place, chars))
        taken = {el for el, *_ in out}
        styled = _styled(root)  # (read once for both searches below)
        for el, chars in _hidden_copies(root, taken, styled):
            if el in main or el in keep_ancestors:
                continue
            if keep_set and not keep_set.isdisjoint(el.iterancestors()):
                continue
            out.append((el, "hidden", "", chars))
        taken = {el for el, *_ in out}
        # the content and the block around it (a question's folded detail beside its answers)
        near = (around if around is not None else main_el) if bounded else None
        for el, chars in _hidden_blocks(root, taken, near, density, styled):
            if el in main or el in keep_ancestors:
                continue
            if keep_set and not keep_set.isdisjoint(el.iterancestors()):
                continue
            out.append((el, "hidden", "hidden block", chars))
        if bounded and inner is not None:
            # outside the content slot, a copyright notice ("Copyright © 2005 Reuters Limited.
            # All rights reserved. Republication …" under a story, "© 2000 Forbes.com Inc."):
            # the publisher's legal line, whoever the page's publisher is, so no other page
            # need repeat it
            taken = {el for el, *_ in out}
            k = 0
            while k < n:
                el, _h, chars, _links, _slot, end, _skel = cands[k]
                if el in taken or el is inner or within(k, el, inner):
                    k = max(end, k + 1)
                    continue
                if (
                    el not in main
                    and el not in keep_ancestors
                    and 0 < chars <= NOTICE_CHARS
                    and not (keep_set and not keep_set.isdisjoint(el.iterancestors()))
                    and not (head is not None and _head_line(el, head))
                    and _copyright_notice(el)
                    and el not in title_blocks
                    and not any(d in main or d in title_blocks for d in el.iterdescendants())
                ):
                    out.append((el, "notice", "copyright", chars))
                    k = max(end, k + 1)
                    continue
                k += 1
        if ap.heading_labels:
            # the one-word label right after a heading that many of the site's pages have
            # there ("Standard", a blog's post format, after every post's title): the
            # template's word, in the content or out of it
            taken = {el for el, *_ in out}
            for el, said in heading_labels(root):
                if said not in ap.heading_labels or el in main or el in keep_ancestors:
                    continue
                if keep_set and not keep_set.isdisjoint(el.iterancestors()):
                    continue
                if not taken.isdisjoint(el.iterancestors()):
                    continue
                out.append((el, "label", "heading label", len("".join(_text_of(el).split()))))
        # in a post's entry, the line that names the post after a few words ("Comments Off
        # on <its title>", "Leave a comment on <its title>"): the state of its comments
        taken = {el for el, *_ in out}
        for el in _comment_lines(root):
            if el in main or el in keep_ancestors or not taken.isdisjoint(el.iterancestors()):
                continue
            if keep_set and not keep_set.isdisjoint(el.iterancestors()):
                continue
            out.append((el, "post", "comment line", len("".join(_text_of(el).split()))))
        if bounded and main_el is not None:
            # away from the content, what is left of a block at a place of the site's frame
            # once its repeated parts went: its links under their labels ("Previous: Events
            # Next: Core Exceptions" beside the copyright notice every page repeats)
            taken = {el for el, *_ in out}
            guarded = main | keep_ancestors | title_blocks
            top = around if around is not None else main_el
            residue = [
                (el, chars)
                for el, chars in _frame_residue(cands, recs, ap, taken, guarded, top, el_density)
                if not (keep_set and not keep_set.isdisjoint(el.iterancestors()))
            ]
            if residue:
                # (the block goes whole: its parts found before are in it)
                blocks = {el for el, _chars in residue}
                out = [item for item in out if blocks.isdisjoint(item[0].iterancestors())]
                chars_of = {el: chars for el, chars in residue}
                for el in blocks:
                    chars_of[el] += sum(
                        rec[2] for rec in cands if rec[0] in taken and _inside(rec[0], el)
                    )
                out.extend(
                    (el, "slot", "what is left of a frame block", chars_of[el])
                    for el, _c in residue
                )
    return out


def _frame_residue(
    cands: list[list[Any]],
    recs: dict[HtmlElement, list[Any]],
    ap: Applied,
    taken: set[HtmlElement],
    keep: set[HtmlElement],
    top: HtmlElement,
    density: float,
) -> list[tuple[HtmlElement, int]]:
    """Outside ``top`` (the content and the block around it), the blocks at a place most of
    the site's pages have (``common_slots``) that hold removed (``taken``) parts and whose
    text left without them is mostly links: (block, characters left), outermost."""
    below: dict[HtmlElement, tuple[int, int]] = {}
    for el in taken:
        rec = None
        for a in el.iterancestors():
            if a in keep or a is top:
                break
            chars, links = below.get(a, (0, 0))
            if rec is None:
                rec = recs.get(el)
                if rec is None:
                    break
            below[a] = (chars + rec[2], links + rec[3])
    found: list[tuple[HtmlElement, int]] = []
    done: set[HtmlElement] = set()
    for k, (el, _h, chars, links, slot, _end, _skel) in enumerate(cands):
        gone = below.get(el)
        if gone is None or el in keep or el in taken or slot is None:
            continue
        if not done.isdisjoint(el.iterancestors()) or _inside(top, el) or _inside(el, top):
            continue
        if ap.slot_id(slot) not in ap.seen:
            continue
        left, left_links = chars - gone[0], links - gone[1]
        if left > 0 and left_links >= density * left and not _holds_place(cands, k, ap):
            found.append((el, left))
            done.add(el)
    return found


def _holds_place(cands: list[list[Any]], k: int, ap: Applied) -> bool:
    """Whether the candidate ``k`` is, or holds, a place where the site's pages have their
    content (``main_slots``, ``content_slots``, ``protected_slots`` …)."""
    held = ap.site_main | ap.site_main_some | ap.site_main_template | ap.content | ap.protected
    for rec in cands[k : max(cands[k][5], k + 1)]:
        if rec[4] is not None and rec[2] > 0 and ap.slot_id(rec[4]) in held:
            return True
    return False


#: a per-post bar is in at least this share of a thread's posts (and in two at least)...
POST_FRAME_SHARE = 0.5
#: ...and this share of its pieces of text are those most of the bars at its place say
POST_FRAME_WORDS = 0.6
_DIGITS_RUN = re.compile(r"\d+")
_CONTROLS = ("button", "input", "select", "option", "textarea")


def _threads(
    main_el: HtmlElement, runs: dict[HtmlElement, list[HtmlElement]] | None = None
) -> list[tuple[HtmlElement, list[HtmlElement]]]:
    """The containers of the thread's posts, each with its run of posts: the main content, or
    when its own children are no run of posts, those of its children whose children are (a
    question's page: the question, then the block of its answers, the answers' run one level
    down). ``runs``: the runs found so far on this tree, by container (filled here; fit's
    are kept for transform, see Facts.runs)."""

    def run_of(container: HtmlElement) -> list[HtmlElement]:
        if runs is None:
            return _run_posts(container)
        run = runs.get(container)
        if run is None:
            run = runs[container] = _run_posts(container)
        return run

    run = run_of(main_el)
    if len(run) >= 2 and not _headed_sections(run):
        return [(main_el, run)]
    found = []
    for c in main_el:
        if isinstance(c.tag, str) and len(c) >= 2:
            posts = run_of(c)
            if len(posts) >= 2 and not _headed_sections(posts):
                found.append((c, posts))
    return found


def _record_group(
    el: HtmlElement,
    recs: dict[HtmlElement, list[Any]],
    exact: AbstractSet[int],
    repeats: AbstractSet[int],
) -> bool:
    """Whether the block is one of a record's groups of facts: it opens with a heading over a
    list of labelled values (``dl``), and beside it a block of the same tag sharing one of
    its classes opens with a heading of the same tag over such a list too and holds text
    that neither the site nor the page repeats (a talk's "Details" beside its "Venue"). A
    document's sections (a heading over paragraphs) are no such groups: one the site repeats
    at the end of every page is the frame's."""
    first = next((c for c in el if isinstance(c.tag, str)), None)
    classes = set((el.get("class") or "").split())
    parent = el.getparent()
    if first is None or first.tag not in _HEADING_TAGS or not classes or parent is None:
        return False
    if next(el.iter("dl"), None) is None:
        return False
    for sib in parent:
        if sib is el or sib.tag != el.tag or not classes & set((sib.get("class") or "").split()):
            continue
        head = next((c for c in sib if isinstance(c.tag, str)), None)
        rec = recs.get(sib)
        if head is None or head.tag != first.tag or rec is None or rec[2] <= 0:
            continue
        if next(sib.iter("dl"), None) is None:
            continue
        if rec[1] not in exact and rec[1] not in repeats:
            return True
    return False


#: a record's group of fields (its labels with their values, a heading over them) holds at
#: most this many characters of text
FIELD_GROUP_CHARS = 600
_ANY_DIGIT = re.compile(r"\d")


def _field_value(cell: HtmlElement) -> bool:
    """Whether a ``dd`` or ``td`` is the value of a labelled field: a ``dt`` or a ``th``
    (the label) comes right before it among its siblings."""
    prev = cell.getprevious()
    while prev is not None and not isinstance(prev.tag, str):
        prev = prev.getprevious()
    if prev is None:
        return False
    return (cell.tag == "dd" and prev.tag in ("dt", "dd")) or (
        cell.tag == "td" and prev.tag == "th"
    )


def _field_pairs(el: HtmlElement) -> list[HtmlElement] | None:
    """The values of a block that is a record's group of fields: all its text is in labelled
    fields (``dt`` over ``dd``, a row's ``th`` before its ``td``) and the headings over them
    (an event's "Details" over "Date:" and "Time:"). None when it holds other text."""
    values: list[HtmlElement] = []
    rest: list[str] = []
    for node in el.iter():
        tag = node.tag
        if not isinstance(tag, str):
            continue
        if tag in ("dd", "td") and _field_value(node):
            values.append(node)
    if not values:
        return None
    taken = set(values)
    for node in el.iter():
        if not isinstance(node.tag, str) or node.tag in ("dt", "th") or node in taken:
            continue
        if any(a in taken for a in node.iterancestors()):
            continue
        if node.tag in _HEADING_TAGS or any(a.tag in _HEADING_TAGS for a in node.iterancestors()):
            continue
        if any(a.tag in ("dt", "th") for a in node.iterancestors()):
            continue
        # text of the block outside its fields and headings
        if (node.text or "").strip():
            rest.append(node.text)
        for child in node:
            if (child.tail or "").strip() and child not in taken:
                rest.append(child.tail)
    return None if rest else values


def _field_text(
    el: HtmlElement,
    top: HtmlElement | None,
    recs: dict[HtmlElement, list[Any]],
    exact: AbstractSet[int],
    repeats: AbstractSet[int],
) -> bool:
    """Whether a repeated block below ``top`` is a field of the page's record: a label with
    its value, a group of them under its heading, or a value, where a value is the page's own
    (it holds figures, which the representation folds so that each page's date or size
    matches the others', or it is no repeat). Labels ("Date:", "Time:", "Details") are the
    same on every page of a record's kind; next to the page's own values they are its
    record's, not the template's. A block holding such a group beside other blocks is not
    removed whole: its parts are judged one by one."""

    def own(value: HtmlElement) -> bool:
        if _ANY_DIGIT.search(_text_of(value)) is not None:
            return True
        rec = recs.get(value)
        return rec is not None and rec[2] > 0 and rec[1] not in exact and rec[1] not in repeats

    # a value, or a block inside one
    node: HtmlElement | None = el
    while node is not None and node is not top:
        if node.tag in ("dd", "td") and _field_value(node):
            return own(node)
        node = node.getparent()
    if el.tag in ("dt", "th"):
        # a label: its value comes right after it
        nxt = el.getnext()
        while nxt is not None and not isinstance(nxt.tag, str):
            nxt = nxt.getnext()
        return nxt is not None and nxt.tag in ("dd", "td") and own(nxt)
    values = _field_pairs(el) if len(_text_of(el)) <= FIELD_GROUP_CHARS else None
    if values is not None:
        return any(own(v) for v in values)
    # a block holding such a group beside other blocks: the group is judged on its own (and
    # the blocks beside it), not removed with them
    for group in el.iter("dl", "table"):
        if group is not el and len(_text_of(group)) <= FIELD_GROUP_CHARS:
            values = _field_pairs(group)
            if values is not None and any(own(v) for v in values):
                return True
    return False


#: the line about a post's comments: at most four words, then "on", "to" or "for" and the
#: post's title
_COMMENT_LINE = re.compile(r"^(\S+(?: \S+){0,3}) (?:on|to|for) (.+)$")
#: the inline elements such a line may be
_COMMENT_TAGS = frozenset({"span", "a", "small", "em", "i", "b", "strong"})


def _comment_lines(root: HtmlElement) -> list[HtmlElement]:
    """In each ``article``, the inline elements (``_COMMENT_TAGS``) outside its first heading
    (h1-h3, its title) whose text is a few words (four at most) then "on", "to" or "for"
    and the heading's whole text: "Comments Off on <the post's title>", "3 Responses to
    <the post's title>"."""
    out: list[HtmlElement] = []
    for article in root.iter("article"):
        head = next(article.iter("h1", "h2", "h3"), None)
        if head is None:
            continue
        title = " ".join(_text_of(head).split())
        if len(title) < 4:
            continue
        for el in article.iter(*_COMMENT_TAGS):
            if el is head or _inside(el, head) or _inside(head, el):
                continue
            if any(a in out for a in el.iterancestors()):
                continue
            m = _COMMENT_LINE.match(" ".join(_text_of(el).split()))
            if m is not None and m.group(2) == title:
                out.append(el)
    return out


def _shared_top(el: HtmlElement, other: HtmlElement) -> HtmlElement | None:
    """The innermost element holding both, when it is below the body; else None."""
    holding = set(other.iterancestors())
    for a in el.iterancestors():
        if a in holding:
            return None if a.tag in ("body", "html") else a
    return None


def _in_record_group(
    el: HtmlElement,
    top: HtmlElement,
    recs: dict[HtmlElement, list[Any]],
    exact: AbstractSet[int],
    repeats: AbstractSet[int],
) -> bool:
    """Whether the block is one of a record's groups of facts (``_record_group``) or inside
    one, below ``top``."""
    node: HtmlElement | None = el
    while node is not None and node is not top:
        if _record_group(node, recs, exact, repeats):
            return True
        node = node.getparent()
    return False


_LABEL_END = (":", "：")


def _label_line(el: HtmlElement) -> bool:
    """Whether the block is a field's label: a line of its own (a block element) of at most
    ``BOX_LABEL_CHARS`` characters ending with a colon ("Source:", "Publication Year:"), no
    link."""
    if el.tag not in BLOCK_TAGS or len(el) > LABEL_CHILDREN:
        return False  # (a block of many parts is no label: its text is not read)
    if next(el.iter("a"), None) is not None:
        return False
    text = "".join(_text_of(el).split())
    return 1 < len(text) <= BOX_LABEL_CHARS and text.endswith(_LABEL_END)


#: a label line holds at most this many child elements (a bold run, a footnote mark)
LABEL_CHILDREN = 3


def _has_text(el: HtmlElement) -> bool:
    """Whether the element holds visible text, read no further than its first word."""
    return any(t.strip() for t in el.itertext())


def _next_with_text(el: HtmlElement) -> HtmlElement | None:
    """The next sibling element with visible text, when no text lies loose between them."""
    if (el.tail or "").strip():
        return None
    nxt: HtmlElement | None = el.getnext()
    while nxt is not None:
        if isinstance(nxt.tag, str) and _has_text(nxt):
            return nxt
        if (nxt.tail or "").strip():
            return None
        nxt = nxt.getnext()
    return None


def _previous_with_text(el: HtmlElement) -> HtmlElement | None:
    """The previous sibling element with visible text, when no text lies loose between
    them."""
    prev: HtmlElement | None = el.getprevious()
    while prev is not None:
        if (prev.tail or "").strip():
            return None
        if isinstance(prev.tag, str) and _has_text(prev):
            return prev
        prev = prev.getprevious()
    return None


def _labelled(el: HtmlElement) -> HtmlElement | None:
    """The value the block is, or holds the whole text of (a year in its wrapper), when a
    label line (``_label_line``) comes right before that value."""
    node = el
    for _ in range(VALUE_WRAPPERS + 1):
        prev = _previous_with_text(node)
        if prev is not None:
            return node if _label_line(prev) else None
        parent = node.getparent()
        if parent is None or not _sole_text(node, parent):
            return None
        node = parent
    return None


def _sole_text(node: HtmlElement, parent: HtmlElement) -> bool:
    """Whether the element holds all of its parent's text (a value in its wrapper)."""
    if (parent.text or "").strip():
        return False
    return not any(
        (c.tail or "").strip() or (c is not node and isinstance(c.tag, str) and _has_text(c))
        for c in parent
    )


#: a field's value is found up to this many wrappers above the block holding its text
VALUE_WRAPPERS = 3


def _entry_among_own(el: HtmlElement, stays: Callable[[HtmlElement], bool]) -> bool:
    """Whether the block is an entry of a list (``li``), or holds most of the text of one
    (a paper's citation beside its "view" link), whose other entries with text are at least
    ``MIN_OWN_ENTRIES`` and mostly the page's own (``stays``): a list of the page's entries
    keeps the ones other pages list too."""
    item = el
    for _ in range(VALUE_WRAPPERS):
        if item.tag == "li":
            break
        parent = item.getparent()
        if parent is None:
            return False
        item = parent
    parent = item.getparent()
    if item.tag != "li" or parent is None:
        return False
    if item is not el and 2 * _letters(el) < _letters(item):
        return False  # a line of the entry (its date, its author), not the entry's text
    others = [li for li in parent.iterchildren("li") if li is not item and _has_text(li)]
    own = sum(1 for li in others if stays(li) or stays(_entry_text(li)))
    return own >= MIN_OWN_ENTRIES and 2 * own > len(others)


def _entry_text(item: HtmlElement) -> HtmlElement:
    """The block of a list's entry that holds most of its text (a paper's citation beside
    its "view" link), up to ``VALUE_WRAPPERS`` levels down; the entry itself if none."""
    node = item
    for _ in range(VALUE_WRAPPERS):
        kids = [c for c in node if isinstance(c.tag, str)]
        if not kids:
            break
        best = max(kids, key=_letters)
        if 2 * _letters(best) < _letters(node):
            break
        node = best
    return node


def _letters(el: HtmlElement) -> int:
    """Characters of the element's text other than white space."""
    return len("".join(_text_of(el).split()))


#: a list's entries the page shares with others stay when at least this many of its other
#: entries are the page's own
MIN_OWN_ENTRIES = 2


def _label_of_own(
    el: HtmlElement,
    own: Callable[[HtmlElement], bool],
    density: float,
) -> bool:
    """Whether a repeated block is a field of the page's record: a label line
    (``_label_line``) whose value — its next sibling with text — is not mostly links (or is
    one link) and stays (``own``: the page's text, no repeat, or a figure of its own), such
    a label with its value in one block, or the value (or the whole text of one) right after
    its label: the "Source:" over a data set's source, "Publication Year:" over a record's
    year, "Personal URL:" over a person's site. Labels are the same on every record of its
    kind; over the page's own values they are its record's. A label over a list of links
    ("Related posts:") or over a sentence the site repeats is not."""
    kids: list[HtmlElement] = (
        [c for c in el if isinstance(c.tag, str) and _has_text(c)] if len(el) <= 4 else []
    )
    value: HtmlElement | None
    if (
        len(kids) == 2
        and not (el.text or "").strip()
        and _label_line(kids[0])
        and _next_with_text(kids[0]) is kids[1]
        and not (kids[1].tail or "").strip()
    ):
        value = kids[1]  # a field: its label and its value in one block
    elif _label_line(el):
        value = _next_with_text(el)
    else:
        value = _labelled(el)  # a value right after its label, or the whole text of one
    if value is None or value.tag in _HEADING_TAGS or _label_line(value):
        return False
    chars = _letters(value)
    anchors = list(value.iter("a"))
    links = sum(_letters(a) for a in anchors)
    # (one link of the page's own is a value too: a person's web site, a paper's file)
    return chars > 0 and (links < density * chars or len(anchors) == 1) and own(value)


def _heading_date(
    el: HtmlElement, title_blocks: AbstractSet[HtmlElement], inner: HtmlElement
) -> bool:
    """Whether a date standing alone is the content's own: beside the content's heading, in
    the block holding it (an article's "August 31, 2017" under its title), before the
    content's text (at least DATELINE_AFTER characters of it follow)."""
    parent = el.getparent()
    return (
        parent is not None
        and parent in title_blocks
        and el.tag not in _HEADING_TAGS
        and _text_after(inner, el) >= DATELINE_AFTER
    )


#: a bar of previous/next links holds at most this many characters
ADJACENT_BAR_CHARS = 200
_LEFT_ARROWS = ("«", "‹", "←")
_RIGHT_ARROWS = ("»", "›", "→")


def _adjacent_bar(el: HtmlElement) -> bool:
    """Whether the block is a bar of links to the records before and after the page's: two
    links to other pages (or one under a heading), the one before opening with a left arrow
    ("« Talk of May"), the one after ending with a right arrow ("Talk of June »"), and no
    other text but a heading over them ("Event Navigation")."""
    if el.tag in _HEADING_TAGS or next(el.iter(*_CONTROLS), None) is not None:
        return False
    anchors = [a for a in el.iter("a") if (a.get("href") or "").strip()[:1] not in ("", "#")]
    if not 1 <= len(anchors) <= 2:
        return False
    words = [" ".join(_text_of(a).split()) for a in anchors]
    for k, text in enumerate(words):
        left, right = text.startswith(_LEFT_ARROWS), text.endswith(_RIGHT_ARROWS)
        if not (left or right) or (len(words) == 2 and (left if k else right)):
            return False  # (two links: the earlier one back, the later one on)
    heads = [h for h in el.iter(*_HEADING_TAGS)]
    if len(anchors) == 1 and not heads:
        return False  # (one link alone leads on: "Continue reading →" under a summary)
    own = len("".join(_text_of(el).split()))
    said = sum(len("".join(w.split())) for w in words)
    said += sum(len("".join(_text_of(h).split())) for h in heads)
    return own - said <= 2  # (a separator between them)


def _headed_sections(run: list[HtmlElement]) -> bool:
    """Whether a run of alike blocks is the sections of one record rather than a thread's
    posts: each opens with a heading of its own, and no two headings say the same, digits
    folded ("Title:", "Abstract:", "Speaker Bio:" of a talk's page; a thread's posts open
    with their author's card or repeat one subject, "Re: …")."""
    said: set[str] = set()
    for entry in run:
        first = next((c for c in entry if isinstance(c.tag, str)), None)
        if first is None or first.tag not in _HEADING_TAGS:
            return False
        words = _DIGITS_RUN.sub("0", " ".join(_text_of(first).split()).casefold())
        if not words or words in said:
            return False
        said.add(words)
    return True


def _post_frames(
    thread: HtmlElement,
    cands: list[list[Any]],
    taken: set[HtmlElement],
    density: float,
    label_min: int,
    repeated: tuple[set[int], set[int]],
    learnt: _Learnt | None = None,
    run: list[HtmlElement] | None = None,
) -> list[tuple[HtmlElement, str, int]]:
    """The frame inside each post of a thread: a short block of links or buttons at the same
    place in most of the posts with the same text, digits folded (a vote bar "345 Upvote
    Downvote", an action bar "edited 2013-05-04 · 11 comments · thanks · share · report"),
    a block repeated across the site or within the page (``repeated``), at most half of its
    post's text; with its place and characters. Text of a post's own (its message, however
    short) differs from post to post and stays. Also each post's card (``_post_cards``: who
    wrote it and when, at the same place in most posts) and the thread's line of facts beside
    the posts (``_thread_line``). ``learnt``, when given, is filled with the places of the
    cards and of the line and with the places a card was looked for at (fit). ``run``: the
    thread's run of posts when the caller has it already."""
    if run is None:
        run = _run_posts(thread)
    if len(run) < 2 or _headed_sections(run):
        return []
    start = next((i for i, rec in enumerate(cands) if rec[0] is thread), None)
    if start is not None:
        inside = cands[start + 1 : cands[start][5]]  # the thread's subtree
        total = cands[start][2]
    else:
        # a container that is no candidate itself (main): its subtree's candidates, in order
        below = set(thread.iter())
        first = next((i for i, rec in enumerate(cands) if rec[0] in below), len(cands))
        last = next((i for i in range(first, len(cands)) if cands[i][0] not in below), len(cands))
        inside = cands[first:last]
        total = len("".join(_text_of(thread).split()))
    exact, repeats = repeated
    by_el = {rec[0]: rec for rec in inside}
    posts: dict[HtmlElement, int] = {}
    for entry in run:
        rec = by_el.get(entry)
        posts[entry] = rec[2] if rec is not None else len("".join(_text_of(entry).split()))
    held = sum(posts.values())
    if len(posts) < 2 or 2 * held < total:
        return []  # not a thread: a few alike blocks beside the content's own text
    # place -> [(element, hash, chars, post)]
    places: dict[str, list[tuple[HtmlElement, int, int, HtmlElement]]] = {}
    cards: dict[str, list[tuple[HtmlElement, int, HtmlElement]]] = {}
    for el, h, chars, links, _slot, _end, _skel in inside:
        if not 0 < chars <= POST_CARD_CHARS or el.tag == "td" or el in taken:
            continue
        steps = []
        post: HtmlElement | None = None
        a = el  # up from the block to the thread's child it is in (no further)
        while True:
            parent = a.getparent()
            if parent is thread:
                post = a if a in posts else None
                break
            steps.append(_slot_step(a, a.tag))
            if parent is None:
                break
            a = parent
        if post is None or not steps:
            continue
        if el.tag not in _HEADING_TAGS:
            cards.setdefault("/".join(reversed(steps)), []).append((el, chars, post))
        if chars > label_min or (h not in exact and h not in repeats) or 2 * chars > posts[post]:
            continue  # (a bar says the same on other posts or pages, digits folded)
        if links < density * chars:
            controls = sum(
                len("".join(_text_of(c).split())) for c in el.iter(*_CONTROLS) if c is not el
            )
            if el.tag not in _CONTROLS and controls < density * chars:
                continue  # the post's own words, not a bar of links or buttons
        places.setdefault("/".join(reversed(steps)), []).append((el, h, chars, post))
    need = max(2, POST_FRAME_SHARE * len(posts))
    said: dict[int, frozenset[str]] = {}
    out: list[tuple[HtmlElement, str, int]] = []
    gone: set[HtmlElement] = set()
    for place, found in places.items():
        owners = {post for _el, _h, _c, post in found}
        if len(owners) < need or len(owners) < len(found):
            continue  # not in most posts, or several times in one (a table's column, a list)
        # the words most of the place's blocks say ("edited", "comments", "report"): a bar
        # says mostly those, a post's own line (its author's name) does not
        pieces = [_pieces(el, h, said) for el, h, _c, _p in found]
        seen: Counter[str] = Counter(w for words in pieces for w in words)
        core = {w for w, n in seen.items() if 2 * n >= len(found)}
        for (el, _h, chars, _post), words in zip(found, pieces, strict=True):
            if words and len(words & core) >= POST_FRAME_WORDS * len(words):
                gone.add(el)
                out.append((el, place[-300:], chars))
    for place, entries in cards.items():
        found_cards, labels = _post_cards(entries, posts, need)
        if learnt is not None:
            learnt.seen.update(el for el, _c, _p in entries)
            for el, _chars in found_cards:
                learnt.cards[el] = labels
        for el, chars in found_cards:
            if el not in gone:
                gone.add(el)
                out.append((el, place[-300:], chars))
    for el in thread:
        if el not in posts and el not in taken and el not in gone and _thread_line(el):
            gone.add(el)
            out.append((el, _slot_step(el, el.tag), len("".join(_text_of(el).split()))))
            if learnt is not None:
                learnt.lines.add(el)
    if gone:
        # the posts have their frame (a bar, a card): after the last post, in the thread's
        # container, a short block of links is the thread's, not a post ("Not the answer
        # you're looking for? Browse other questions tagged … or ask your own question.")
        after = False
        for el in thread:
            if el in posts:
                after = el is run[-1]
                continue
            if after and el not in taken and el not in gone and _trailing_notice(el):
                gone.add(el)
                out.append((el, "after the posts", len("".join(_text_of(el).split()))))
    # outermost only
    return [item for item in out if gone.isdisjoint(item[0].iterancestors())]


#: a post's card (its author's name, rank and counts, the post's date and number) is at most
#: this many characters...
POST_CARD_CHARS = 200
#: ...and its place holds at most this share of the posts' text
POST_CARD_SHARE = 0.34
#: a piece of text of a card is a label, a name or a figure: at most this many words
POST_CARD_WORDS = 6

#: a figure (a date, a count): digits, not glued to letters (a type's "Uint32", a file's "x86")
#: but for ordinals
_DIGIT = re.compile(r"\d")
_GLUED = re.compile(r"[^\W\d_]\d|\d(?!(?:st|nd|rd|th)\b)[^\W\d_]", re.IGNORECASE)
#: a card holds no table, list of code or preformatted text (a data table's row of figures)
_NOT_CARD = ("table", "pre", "code")


def _counted(piece: str) -> bool:
    return _DIGIT.search(piece) is not None and _GLUED.search(piece) is None


def _post_cards(
    entries: list[tuple[HtmlElement, int, HtmlElement]], posts: dict[HtmlElement, int], need: float
) -> tuple[list[tuple[HtmlElement, int]], frozenset[str]]:
    """The cards at one place of a thread's posts: the block at the same place in most posts
    (once in each) that says who wrote the post and when — short pieces of text, each a label
    most of the place's blocks say ("Join Date", "Posts", "Reply"), a figure (a date, a count)
    or a name (a rank, a badge), two of them or half labels and figures, with a figure in most
    of the blocks — and holds a small share of the posts' text.
    Unlike a bar its text differs from post to post: in its names, or in its dates. A post's
    own message is most of its post, its title is a heading, and a line that only labels
    figures the same way in every post ("Definition at line 283 of file x.h") names no one.
    With the cards, the labels most of the place's blocks say (digits folded)."""
    owners = {post for _el, _c, post in entries}
    if len(owners) < need or len(owners) < len(entries):
        return [], frozenset()
    if sum(c for _el, c, _p in entries) > POST_CARD_SHARE * sum(posts[p] for p in owners):
        return [], frozenset()
    pieces = [[" ".join(t.split()) for t in el.itertext() if t.strip()] for el, _c, _p in entries]
    seen: Counter[str] = Counter(
        w for words in pieces for w in {_DIGITS_RUN.sub("0", w) for w in words}
    )
    core = {w for w, n in seen.items() if 2 * n >= len(entries)}
    figured = sum(any(_counted(w) for w in words) for words in pieces)
    if 2 * figured < len(entries):
        return [], frozenset()  # no dates or counts: a post's own line (a one-line message)
    named = {tuple(w for w in words if not _counted(w)) for words in pieces}
    dated = sum(any(is_stamp(w) for w in words) for words in pieces)
    if len(named) < 2 and 2 * dated < len(entries):
        return [], frozenset()  # the same words with other figures, no dates: a line of figures
    out = []
    for (el, chars, _post), words in zip(entries, pieces, strict=True):
        if len(words) < 2 or any(len(w.split()) > POST_CARD_WORDS for w in words):
            continue
        if el.tag in _NOT_CARD or next(el.iter(*_NOT_CARD), None) is not None:
            continue
        if any(_DIGIT.search(_text_of(li)) for li in el.iter("li")):
            continue  # a list of figures (attachments with their sizes), not a card's menu
        if _holds_title(el, core):
            continue  # the post's title (a link to it) beside its date: the post's own head
        free = [w for w in words if _DIGITS_RUN.sub("0", w) not in core and not _counted(w)]
        fixed = len(words) - len(free)
        if fixed >= 2 or 2 * fixed >= len(words):
            out.append((el, chars))
    if len(out) < need:
        return [], frozenset()
    return out, frozenset(w for w in core if not _counted(w))


#: the separators of a thread's line of facts ("Started by ann · 2012-04-10 · 2 replies")
_FACT_SEPARATORS = re.compile(r"\s[·•|]\s|\n")


def _thread_line(el: HtmlElement) -> bool:
    """Whether a block beside a thread's posts is the thread's line of facts: short, without
    links, in pieces each of a few words, among them a date and a count ("Started by ann ·
    2012-04-10 05:32 UTC · 2 replies · topic #1783"). A heading or a paragraph of the thread's
    own is neither."""
    if not isinstance(el.tag, str) or el.tag in _HEADING_TAGS or el.tag in _NOT_CARD:
        return False
    if next(el.iter("a", *_CONTROLS), None) is not None:
        return False
    text = _text_of(el)
    if not 0 < len("".join(text.split())) <= POST_CARD_CHARS:
        return False
    pieces = [" ".join(p.split()) for p in _FACT_SEPARATORS.split(text) if p.strip()]
    return (
        len(pieces) >= 3
        and all(len(p.split()) <= POST_CARD_WORDS for p in pieces)
        and any(is_stamp(p) for p in pieces)
        and any(_counted(p) and not is_stamp(p) for p in pieces)
    )


def _trailing_notice(el: HtmlElement) -> bool:
    """Whether a block after a thread's last post is a notice of the thread's: at most
    POST_CARD_CHARS characters, with a link, no table, code or control."""
    if not isinstance(el.tag, str) or el.tag in _NOT_CARD or el.tag in _CONTROLS:
        return False
    if next(el.iter(*_NOT_CARD, *_CONTROLS), None) is not None:
        return False
    if not any(a.get("href") for a in el.iter("a")):
        return False
    return 0 < len("".join(_text_of(el).split())) <= POST_CARD_CHARS


class _Learnt:
    """What one page of a thread tells fit about its site's posts: the blocks removed as
    cards (with the labels most cards at their place say), as the thread's line of facts, and
    the blocks a card was looked for among."""

    __slots__ = ("cards", "lines", "seen")

    def __init__(self) -> None:
        self.cards: dict[HtmlElement, frozenset[str]] = {}
        self.lines: set[HtmlElement] = set()
        self.seen: set[HtmlElement] = set()


def post_places(facts: Facts, density: float, label_min: int) -> dict[str, Any]:
    """fit: the slots of a thread page's post cards (with their labels) and of its line of
    facts, and the slots a card was looked for at, as the page's own analysis finds its
    thread (the main content, or the run of alike posts it is in). Plain data: it crosses
    processes."""
    if facts.too_large or len(facts.main_path) < 2:
        return {}
    main_el = facts.main_path[-1]
    run = _post_run(main_el)
    learnt = _Learnt()
    threads = _threads(main_el, facts.runs) if run is None else [(run, None)]
    for thread, posts in threads:
        _post_frames(
            thread, facts.cands, set(), density, label_min, (set(), set()), learnt, run=posts
        )
    if not learnt.seen and not learnt.lines:
        return {}
    slots = {rec[0]: rec[4] for rec in facts.cands if rec[4] is not None}
    cards: dict[int, list[str]] = {}
    for el, labels in learnt.cards.items():
        slot = slots.get(el)
        if slot is not None:
            cards[_slot_key(slot)] = sorted(labels)
    seen = sorted({_slot_key(slots[el]) for el in learnt.seen if el in slots})
    lines = sorted({_slot_key(slots[el]) for el in learnt.lines if el in slots})
    return {"cards": cards, "card_seen": seen, "lines": lines}


def _holds_title(el: HtmlElement, labels: AbstractSet[str]) -> bool:
    """Whether a block is a post's head rather than its card: a heading in it, whose text
    (digits folded) is no label the blocks at its place say, holds at least half of the
    block's text — a post's title beside its date ("Apr 11 18 Welcome Lee Martie"), not a
    member's name as the heading of a card of labels and counts ("ann", "None", "0 Points",
    "1 Post")."""
    total = len("".join(_text_of(el).split()))
    for h in el.iter(*_HEADING_TAGS):
        text = " ".join(_text_of(h).split())
        own = len("".join(text.split()))
        if own and 2 * own >= total and _DIGITS_RUN.sub("0", text) not in labels:
            return True
    return False


def _card_alone(el: HtmlElement, labels: frozenset[str]) -> bool:
    """Whether a block alone (the one post of a page, at a place the site's other threads
    have a card at) reads like a card: short pieces of text (two at least), a figure (a date,
    a count) among them, and two of them, or half, figures or labels the site's cards at
    that place say; no heading, table, code or list of figures."""
    if not isinstance(el.tag, str) or el.tag in _HEADING_TAGS or el.tag in _NOT_CARD:
        return False
    if next(el.iter(*_NOT_CARD), None) is not None:
        return False
    if any(_DIGIT.search(_text_of(li)) for li in el.iter("li")):
        return False
    if _holds_title(el, labels):
        return False
    words = [" ".join(t.split()) for t in el.itertext() if t.strip()]
    if len(words) < 2 or any(len(w.split()) > POST_CARD_WORDS for w in words):
        return False
    if not any(_counted(w) for w in words):
        return False
    fixed = sum(_counted(w) or _DIGITS_RUN.sub("0", w) in labels for w in words)
    return fixed >= 2 or 2 * fixed >= len(words)


def _learnt_cards(
    cands: list[list[Any]], ap: Applied, taken: set[HtmlElement]
) -> list[tuple[HtmlElement, str, int]]:
    """The blocks at the places the site's threads have their post cards or their line of
    facts at that read like one (``_card_alone``, ``_thread_line``): the card of a page's only
    post, or of two posts by one member, where there is no run of posts to tell it from."""
    out: list[tuple[HtmlElement, str, int]] = []
    i, n = 0, len(cands)
    while i < n:
        el, _h, chars, _links, slot, end, _skel = cands[i]
        if el in taken:
            i = end  # its subtree is gone with it
            continue
        if slot is not None and 0 < chars <= POST_CARD_CHARS:
            sid = ap.slot_id(slot)
            labels = ap.cards.get(sid)
            if (labels is not None and _card_alone(el, labels)) or (
                sid in ap.lines and _thread_line(el)
            ):
                out.append((el, slot[-300:], chars))
                i = end
                continue
        i += 1
    return out


#: elements with an inline style, and a style that hides its element (any case and spaces)
_DISPLAY_NONE = re.compile(r"display\s*:\s*none", re.IGNORECASE)
#: a hidden copy repeats at least this many characters of a visible block's start...
HIDDEN_COPY_MIN = 20
#: ...and at least this share of its own text; a shorter block must repeat all of a visible
#: one, and at least HIDDEN_COPY_SHORT characters
HIDDEN_COPY_SHARE = 0.6
HIDDEN_COPY_SHORT = 4


def _compact(el: HtmlElement) -> str:
    """The element's visible text without white space (its plain text when nothing in it is
    invisible: the same, in one C call)."""
    if next(el.iter(*INVISIBLE_TAGS), None) is None:
        return "".join(_text_of(el).split())
    return "".join(visible_text(el).split())


def _pieces(el: HtmlElement, h: int, said: dict[int, frozenset[str]]) -> frozenset[str]:
    """The pieces of text of a block, digits folded; the same for every block of its hash."""
    words = said.get(h)
    if words is None:
        words = said[h] = frozenset(
            _DIGITS_RUN.sub("0", "".join(t.split())) for t in el.itertext() if t.strip()
        )
    return words


def _styled(root: HtmlElement) -> list[HtmlElement]:
    """The elements of the body (else the page) with a ``style`` attribute, in document
    order: ``descendant::*[@style]`` read by lxml's own path search, which tests the attribute
    of each element at about half the cost of libxml2's XPath walk."""
    body = root.find("body")
    return cast("list[HtmlElement]", (body if body is not None else root).findall(".//*[@style]"))


def _hidden_copies(
    root: HtmlElement, taken: set[HtmlElement], styled: list[HtmlElement] | None = None
) -> list[tuple[HtmlElement, int]]:
    """Blocks an inline ``display:none`` hides whose text is the start of a visible sibling's
    (a post's summary, cut with "… show all", beside the full post): a copy of the content
    that a script swaps with it, not text of its own; with their characters. ``styled``:
    :func:`_styled` of the page, when known."""
    found = [
        el
        for el in (styled if styled is not None else _styled(root))
        if isinstance(el.tag, str) and _DISPLAY_NONE.search(el.get("style", ""))
    ]
    if not found:
        return []
    hidden = set(found)
    out: list[tuple[HtmlElement, int]] = []
    for el in found:
        if el in taken or any(a in hidden or a in taken for a in el.iterancestors()):
            continue
        text = _compact(el)
        if len(text) < HIDDEN_COPY_SHORT:
            continue
        need = HIDDEN_COPY_SHARE * len(text)
        for sib in (*el.itersiblings(preceding=True), *el.itersiblings()):
            if not isinstance(sib.tag, str) or sib in hidden or sib in taken:
                continue
            if len(_text_of(sib)) < need:
                continue  # (all its text, visible or not, is shorter than the copy needs)
            other = _compact(sib)
            if len(other) < need or other[:HIDDEN_COPY_SHORT] != text[:HIDDEN_COPY_SHORT]:
                continue
            same = len(os.path.commonprefix([text, other]))
            # the copy repeats a long start of the visible block, or all of a short one (a
            # one-line answer and its summary, the same line with "… show all")
            if same >= need and (same >= HIDDEN_COPY_MIN or same == len(other)):
                out.append((el, len(text)))
                break
    return out


_HIDING = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)


def _hidden_blocks(
    root: HtmlElement,
    taken: set[HtmlElement],
    near: HtmlElement | None,
    density: float,
    styled: list[HtmlElement] | None = None,
) -> list[tuple[HtmlElement, int]]:
    """Blocks an inline ``display:none`` or ``visibility:hidden`` hides, outermost only, that
    no reader sees (the ``hidden`` attribute is dropped with the page's text, see
    htmltree.drop_hidden): away from the content and the block around it (``near``, below
    the body) any of them (a tab of "most commented" stories, an id, a dump of links
    for search engines, a script's text in a div); inside it only a list of links or one
    token of code (a story's own address, an id: see ``_code_token``; a script shows a tab
    panel or a section folded under "show": the page's content). With their visible
    characters."""
    found = [
        el
        for el in (styled if styled is not None else _styled(root))
        if isinstance(el.tag, str) and _HIDING.search(el.get("style", ""))
    ]
    if not found:
        return []
    hidden = set(found)
    out: list[tuple[HtmlElement, int]] = []
    for el in found:
        if el in taken or el.tag in ("html", "body"):
            continue
        if any(a in hidden or a in taken for a in el.iterancestors()):
            continue
        text = visible_text(el)
        chars = len("".join(text.split()))
        if chars == 0:
            continue
        if near is not None and _inside(near, el):
            continue  # it holds the content: a script shows the page
        if (near is None or el is near or _inside(el, near)) and not _code_token(text):
            links = sum(len("".join(visible_text(a).split())) for a in el.iter("a"))
            if links < density * chars:
                continue
        out.append((el, chars))
    return out


#: a word no reader reads: a path, an address, an identifier with digits
_CODE_TOKEN = re.compile(r"[/\d_]")


def _code_token(text: str) -> bool:
    """Whether a hidden block's text is one token with a slash, a digit or an underscore in
    it (a story's own address, a store's id, a script's path), which no script shows as text
    to read: a tab panel or a folded section says words."""
    words = text.split()
    return len(words) == 1 and _CODE_TOKEN.search(words[0]) is not None


def _nav_block(el: HtmlElement, cands: list[list[Any]], ap: Applied) -> bool:
    """Whether the element is in one of the site's navigation slots and mostly links on the
    page too."""
    for rec in cands:
        if rec[0] is el:
            _el, _h, chars, links, slot, _end, _skel = rec
            return (
                slot is not None
                and chars > 0
                and ap.slot_id(slot) in ap.nav
                and links >= float(ap.cfg["element_link_density"]) * chars
            )
    return False


def _frame_main(el: HtmlElement, cands: list[list[Any]], ap: Applied) -> HtmlElement | None:
    """When the page's main content is a block the site repeats with the same text on many
    of its pages (a footer's notice holding more prose than a page of a few links), or most
    of its text outside links is in such blocks, the nearest element around it that is a
    place holding the content on most of the site's pages (or, around a repeated block, else
    the body); else None."""
    if ap.compat or not ap.exact:
        return None
    hashes = {rec[0]: (rec[1], rec[4]) for rec in cands}
    start = next((k for k, rec in enumerate(cands) if rec[0] is el), None)
    if start is None:
        return None
    _el, h, chars, links, slot, end, _skel = cands[start]
    if slot is not None and ap.slot_id(slot) in _content_places(ap):
        return None  # (a place of the site's content: a story the site has twice or more)
    repeated_block = h in ap.exact
    if not repeated_block:
        # (or most of its text is in such blocks: the notice with the bar around it)
        own = chars - links
        repeated = 0
        k = start + 1
        while k < end:
            if cands[k][1] in ap.exact:
                repeated += cands[k][2] - cands[k][3]
                k = max(cands[k][5], k + 1)
            else:
                k += 1
        if own <= 0 or 2 * repeated < own:
            return None
    held = ap.site_main | ap.site_main_some
    up = el.getparent()
    while up is not None and up.tag not in ("body", "html"):
        rec = hashes.get(up)
        if rec is not None and rec[0] not in ap.exact:
            slot = rec[1]
            if slot is not None and ap.slot_id(slot) in held:
                return cast(HtmlElement, up)
        up = up.getparent()
    # no such place around the repeated block itself, which is fixed at its place (a
    # server's listing of a folder: its heading, its entries, then the server's signature
    # the site repeats on every listing): the page's body is the content, less the frame in
    # it; a passage a few pages share where most pages have other text at its place (a
    # post's summary on the site's lists of posts) stays the content
    if repeated_block and h not in ap.free and up is not None and up.tag == "body":
        return cast(HtmlElement, up)
    return None


def _links_within(el: HtmlElement) -> bool:
    """Whether any of the block's links points into the page itself (``#section``)."""
    return any((a.get("href") or "").startswith("#") for a in el.iter("a"))


#: at the edges of a content block, a navigation bar is all links (this share of its text)
BAR_DENSITY = 0.9


def _body_edges(
    body: HtmlElement,
    out: list[tuple[HtmlElement, str, str, int]],
    cands: list[list[Any]],
    ap: Applied,
    keep_ancestors: set[HtmlElement],
    max_share: float,
    same_shape: bool = False,
    story: Callable[[], bool] | None = None,
) -> list[tuple[HtmlElement, str, str, int]]:
    """On a page whose content is its whole body (no container to tell the frame from the
    content), the body's first and last blocks that are navigation slots of the site, mostly
    links on the page too (LaTeX2HTML's "Next: … Up: … Previous: …" panel above and below
    every section): the frame at the page's edges, before its first line of own text and after
    its last. With ``same_shape`` (the edges of a content block) a block must also be a
    template frame of that slot with the frame's tag skeleton, or links only (a bar of
    prev/up/next with the neighbours' titles); a member summary's types are not links.
    With ``story`` (telling whether the content holds a story; asked only when a block at
    the edge is one of alike blocks) one of alike blocks at the content's end may
    go too when it is a box under its own heading listing other stories' headlines ("More
    Politics", "Also From The Nation" side by side after a story): an index's columns are
    no titled teaser boxes, and hold no story before them."""
    el_density = float(ap.cfg["element_link_density"])
    by_el = {rec[0]: rec for rec in cands}
    gone = {el for el, *_rest in out}
    children = [c for c in body if isinstance(c.tag, str)]

    def frame(child: HtmlElement) -> tuple[str, str, int] | None:
        """(detector, key, chars) when the child is a navigation block at this edge; None
        when it is the page's own text (the edge stops there)."""
        rec = by_el.get(child)
        if rec is None:
            return ("", "", 0) if not _text_of(child).strip() else None
        _el, _h, chars, links, slot, _end, skel = rec
        if chars <= 0 or child in gone:
            return ("", "", 0)
        if child in keep_ancestors or slot is None or chars > max_share:
            return None
        if (
            same_shape
            and ap.edge_words
            and _h not in ap.exact
            and _fixed_line(child, ap.edge_words)
        ):
            # (the same words with other links on each page: a block the site says whole,
            # links and all, is a repeat, and the content's rules for repeats judge it)
            return ("frame", "fixed words", chars)
        if same_shape and _twin_bar(child):
            return ("frame", "bar said twice", chars)
        sid = ap.slot_id(slot)
        if same_shape and (
            (
                links < BAR_DENSITY * chars
                and not _separated_links(child)
                and (sid not in ap.frames or ap.frames[sid][1] != skel)
            )
            or (
                _in_series(child)
                and not (
                    story is not None
                    and story()
                    and _opens_with_heading(child)
                    and _teaser_column(child)
                )
                and not _said_twice(child)
            )
            or _links_within(child)
            or sum(1 for a in child.iter("a") if a.get("href")) < 2
        ):
            # at a content block's edge: a member summary (its types are not links), one of
            # alike columns (an index), the page's own table of contents (links to its own
            # sections), a single link ("Go to the source code of this file.") are the
            # content's; a bar has links to several pages, and one of alike blocks is a bar
            # when the content says it twice, word for word (at its top and at its end)
            return None
        if sid in ap.nav and links >= el_density * chars:
            return ("slot", ap.nav[sid], chars)
        return None

    found: dict[HtmlElement, tuple[str, str, int]] = {}
    if not (body.text or "").strip():
        for child in children:
            got = frame(child)
            if got is None:
                break
            if got[0]:
                found[child] = got
            if (child.tail or "").strip():
                break
    for child in reversed(children):
        if (child.tail or "").strip():
            break
        got = frame(child)
        if got is None:
            break
        if got[0] and not same_shape and _under_page_heading(child):
            # the page's own entries right under its heading, with nothing of its own after
            # them (a folder's listing under "Index of /…"): its content, not a bar at its
            # edge, however many pages have a list of links at that place
            break
        if got[0]:
            found[child] = got
    return [(el, d, k, n) for el, (d, k, n) in found.items()]


def _said_twice(el: HtmlElement) -> bool:
    """Whether a sibling of the element's tag has the same text (a trail of links over the
    page's text and again under it)."""
    parent = el.getparent()
    if parent is None or not isinstance(el.tag, str):
        return False
    text = "".join(_text_of(el).split())
    return bool(text) and any(
        s is not el and "".join(_text_of(s).split()) == text for s in parent.iterchildren(el.tag)
    )


def _one_line(el: HtmlElement) -> bool:
    """Whether the block is one line of text: no line break in it, and each element in it
    holds at most one block (a paragraph in its box)."""
    for node in el.iter():
        blocks = 0
        for child in node:
            if isinstance(child.tag, str) and child.tag in BLOCK_TAGS:
                blocks += 1
                if blocks > 1 or child.tag == "br":
                    return False
    return True


def _twin_bar(el: HtmlElement) -> bool:
    """Whether the block is a bar of two or more links to other pages with nothing but
    separators between them that a sibling says again word for word (a wiki's trail "<
    Previous | Index | Next >" over the page's text and under it)."""
    targets = {
        href
        for a in el.iter("a")
        if (href := (a.get("href") or "").strip()) and not href.startswith("#")
    }
    return len(targets) >= 2 and _separated_links(el) and _said_twice(el)


def _separated_links(el: HtmlElement) -> bool:
    """Whether the block's text outside its links is only separators ("< Creating new pages
    | Documentation Index | Images >"): a bar of links, however short its link texts."""
    return not any(c.isalnum() for c in text_outside_links(el))


def _fixed_line(el: HtmlElement, edge_words: AbstractSet[int]) -> bool:
    """Whether the block says, outside its links, words the site's content opens or ends
    with on many pages, whatever its links ("This page may have a more recent version on
    …: …, and a talk page: …" under every page of a wiki's documentation), one line; not a
    heading, a block holding one, nor a line that dates the page."""
    if el.tag in _HEADING_TAGS or next(el.iter(*_HEADING_TAGS), None) is not None:
        return False
    if not _one_line(el):
        return False  # a part of the content: its title over its entries, a list
    words = fixed_words(el)
    return (
        words is not None
        and fixed_key(words) in edge_words
        and not holds_date(" ".join(_text_of(el).split()))
    )


def _under_page_heading(el: HtmlElement) -> bool:
    """Whether the nearest block before the element with visible text is a heading."""
    for prev in el.itersiblings(preceding=True):
        if not isinstance(prev.tag, str):
            if (prev.tail or "").strip():
                return False
            continue
        if (prev.tail or "").strip():
            return False
        if not _text_of(prev).strip():
            continue
        return prev.tag in _HEADING_TAGS
    return False


def _twins_inside(
    main_el: HtmlElement,
    out: list[tuple[HtmlElement, str, str, int]],
    main: set[HtmlElement],
    keep_ancestors: set[HtmlElement],
    density: float,
) -> list[tuple[HtmlElement, str, str, int]]:
    """A navigation block repeated inside the content, word for word, from one the page has
    outside it that went as a navigation slot or labelled widget (Texinfo's "Next: …, Up: …
    [Contents][Index]" bar above the section and below it): the same bar, removed with it.
    Only the first and last blocks of the content's first two levels are looked at (a bar
    stands above or below the text), and only blocks mostly of links."""
    sources = [
        (el, detector, key) for el, detector, key, _chars in out if detector in ("slot", "label")
    ]
    # a twin starts with the same link: a cheap test before reading a block's whole text
    first_links = {
        " ".join(_text_of(a).split())
        for el, _detector, _key in sources
        for a in (next(el.iter("a"), None),)
        if a is not None
    }
    if not first_links:
        return []
    # the removed blocks' texts, read when a block at the ends starts with one's first link
    removed: dict[str, tuple[str, str]] | None = None
    taken = {el for el, *_ in out}
    found = []
    for child in _ends(main_el):
        for el in (child, *_ends(child)):
            if not isinstance(el.tag, str) or el in main or el in keep_ancestors:
                continue
            if el in taken or not taken.isdisjoint(el.iterancestors()):
                continue  # already gone (a widget inside the content): not its own twin
            first = next(el.iter("a"), None)
            if first is None or " ".join(_text_of(first).split()) not in first_links:
                continue
            if removed is None:
                removed = {" ".join(_text_of(b).split()): (d, k) for b, d, k in sources}
                removed.pop("", None)
            text = " ".join(_text_of(el).split())
            twin = removed.get(text)
            if twin is None or len(text) < 10:
                continue
            links = sum(len(" ".join(_text_of(a).split())) for a in el.iter("a"))
            if links >= density * len(text):
                found.append((el, twin[0], twin[1], len(text)))
                break  # the child holds it: nothing more to look at under it
    return found


#: the attributes a bar's copies may each have their own of (addresses, anchors, keys)
_OWN_ATTRIBUTES = frozenset(["id", "name", "href", "title", "accesskey", "rel", "tabindex"])
#: a bar's copy says at least this many of the bar's link labels ("Contents", "Index")
BAR_SHARED_LABELS = 2
#: and they are at least this share of its links
BAR_SHARED_SHARE = 1 / 3
#: a bar is short: its copy holds at most twice its characters and this many more
BAR_EXTRA_CHARS = 100
_LETTERS = re.compile(r"[^\W\d_]+")


def _look(el: HtmlElement) -> tuple[str, tuple[tuple[str, str], ...]] | None:
    """The element's tag and the attributes its copies share (its class, a table's layout),
    none of its own address or anchor; None when it has no such attribute (a bare list)."""
    attrs = tuple(
        sorted((k, " ".join(v.split())) for k, v in el.attrib.items() if k not in _OWN_ATTRIBUTES)
    )
    return (el.tag, attrs) if attrs and isinstance(el.tag, str) else None


def _bar_words(el: HtmlElement) -> frozenset[str]:
    """The words of a bar's text outside its links (lowercased)."""
    loose = "".join(_UNLINKED_TEXT(el))
    return frozenset(w.lower() for w in _LETTERS.findall(loose))


def _bar_links(el: HtmlElement) -> tuple[frozenset[str], frozenset[str], int]:
    """A bar's structure (the tag paths below it, not inside its links), its link labels
    (digits folded) and its number of links; its words outside links are
    :func:`_bar_words`, read only when the rest matches a bar."""
    paths: set[str] = set()
    labels: set[str] = set()
    n = 0
    stack: list[tuple[HtmlElement, str]] = [(el, "")]
    while stack:
        node, path = stack.pop()
        for child in node:
            if not isinstance(child.tag, str):
                continue
            here = f"{path}/{child.tag}"
            paths.add(here)
            if child.tag == "a":
                n += 1
                labels.add(_DIGITS_RUN.sub("0", " ".join(_text_of(child).split()).lower()))
            else:
                stack.append((child, here))
    return frozenset(paths), frozenset(labels), n


def _opens_section(el: HtmlElement) -> bool:
    """Whether the element stands right before a section's heading (an anchor without text
    between), as a bar over the section does; a bar in a post, beside its text, does not."""
    if (el.tail or "").strip():
        return False
    for sib in el.itersiblings():
        if not isinstance(sib.tag, str):
            continue
        if sib.tag in _HEADING_TAGS:
            return True
        if _text_of(sib).strip():
            first = next(sib.iter(*_HEADING_TAGS), None)
            return first is not None and not "".join(_text_before(sib, first)).strip()
        if (sib.tail or "").strip():
            return False
    return False


def _first_block(el: HtmlElement) -> bool:
    """Whether the element is the first thing in its parent (no text or block before it)."""
    parent = el.getparent()
    if parent is None or (parent.text or "").strip():
        return False
    for sib in el.itersiblings(preceding=True):
        if isinstance(sib.tag, str) and _text_of(sib).strip() or (sib.tail or "").strip():
            return False
    return True


def _bar_twins(
    root: HtmlElement,
    out: list[tuple[HtmlElement, str, str, int]],
    main: set[HtmlElement],
    keep_ancestors: set[HtmlElement],
    keep_set: set[HtmlElement],
    density: float,
) -> list[tuple[HtmlElement, str, str, int]]:
    """The page's navigation bar repeated inside its content over each section, with other
    addresses and other neighbours' titles (a manual split by chapter: Texinfo's bar above
    every section of the page as well as at its top and bottom): a block of the same tag and
    attributes as a bar the page lost (its class, a table's layout; not its id or
    addresses), of the same structure (the tag paths below it, not inside its links), mostly
    links, saying at least BAR_SHARED_LABELS of the bar's link labels ("Contents", "Index",
    "Up") and few words outside its links that the bar does not say, right before a
    section's heading; once the page has such bars, also one opening a section without a
    heading. A bar in a forum's posts (votes, a share line beside the answer) stands before
    no heading and stays; a bare list (no class, no layout attribute) is never taken."""
    # each bar the page lost, by its look; its structure, its link labels and its
    # characters are read only once a block of the page has the same look (most pages
    # have none: a removed block's walk is the costly part)
    lost: dict[Any, list[HtmlElement]] = {}
    for el, detector, _key, chars in out:
        if detector not in ("exact", "slot", "frame", "label") or chars <= 0:
            continue
        look = _look(el)
        if look is None:
            continue
        # (fewer links than a bar's fewest: no walk of its structure or text)
        if next(itertools.islice(el.iter("a"), BAR_SHARED_LABELS - 1, None), None) is None:
            continue
        lost.setdefault(look, []).append(el)
    if not lost:
        return []
    body = root.find("body")
    if body is None:
        return []
    # the bars of a look: their structure, their link labels, the bar itself (its words
    # outside links are read only when a block matches the rest) and its characters
    sources: dict[Any, list[tuple[frozenset[str], frozenset[str], HtmlElement, int]]] = {}
    # the tags right below each of them (a block's own are read before its whole structure)
    tops: dict[Any, set[frozenset[str]]] = {}

    def bars_of(look: Any) -> list[tuple[frozenset[str], frozenset[str], HtmlElement, int]]:
        bars = sources.get(look)
        if bars is None:
            bars = sources[look] = []
            for bar in lost[look]:
                paths, labels, n = _bar_links(bar)
                if n < BAR_SHARED_LABELS or len(labels) < BAR_SHARED_LABELS:
                    continue
                c, links = _chars_links(bar)
                if c <= 0 or links < density * c:
                    continue
                bars.append((paths, labels, bar, c))
            tops[look] = {frozenset(p for p in b[0] if p.count("/") == 1) for b in bars}
        return bars

    taken = {el for el, *_ in out}
    # the elements holding a part already judged (the ancestors of the taken and kept
    # elements), gathered once, when first asked, rather than walking every block's
    # descendants
    holders: set[HtmlElement] | None = None
    tags = {look[0] for look in lost}
    # a block can only be a bar's copy with the bar's class (read before its whole look)
    classes = {(tag, dict(attrs).get("class")) for tag, attrs in lost}
    bar_words: dict[HtmlElement, frozenset[str]] = {}
    found = []
    opening = []
    for el in body.iter(*tags):
        cls = el.get("class")
        if (el.tag, cls if cls is None else " ".join(cls.split())) not in classes:
            continue
        look = _look(el)
        if look not in lost or el in main or el in keep_ancestors:
            continue
        if el in taken or not taken.isdisjoint(el.iterancestors()):
            continue
        if keep_set and not keep_set.isdisjoint(el.iterancestors()):
            continue
        if holders is None:
            holders = set()
            for judged in itertools.chain(taken, keep_ancestors):
                holders.update(judged.iterancestors())
        if el in holders:
            continue  # it holds a part already judged
        # (fewer links than a bar's fewest: no walk of its structure)
        if next(itertools.islice(el.iter("a"), BAR_SHARED_LABELS - 1, None), None) is None:
            continue
        bars = bars_of(look)
        if frozenset("/" + c.tag for c in el if isinstance(c.tag, str)) not in tops[look]:
            continue  # not the structure of any of the bars
        paths, labels, n = _bar_links(el)
        if n < BAR_SHARED_LABELS or all(paths != b[0] for b in bars):
            continue
        chars, links = _chars_links(el)
        if chars <= 0 or links < density * chars:
            continue
        words: frozenset[str] | None = None
        for s_paths, s_labels, s_el, s_chars in bars:
            shared = len(labels & s_labels)
            if (
                paths == s_paths
                and chars <= 2 * s_chars + BAR_EXTRA_CHARS
                and shared >= BAR_SHARED_LABELS
                and shared >= BAR_SHARED_SHARE * len(labels)
            ):
                if words is None:
                    words = _bar_words(el)
                s_words = bar_words.get(s_el)
                if s_words is None:
                    s_words = bar_words[s_el] = _bar_words(s_el)
                if len(words - s_words) > len(words & s_words):
                    continue
                if _opens_section(el):
                    found.append((el, "frame", "bar twin", chars))
                    taken.add(el)
                    holders.update(el.iterancestors())
                elif _first_block(el):
                    opening.append((el, "frame", "bar twin", chars))
                break
    if found:
        # once the bar opens the page's sections over their headings, it opens a section
        # without a heading too (a node whose text starts at once)
        found.extend(opening)
    return found


_HEADING_TAGS = frozenset(["h1", "h2", "h3", "h4", "h5", "h6"])


def _section_heading(el: HtmlElement, main_el: HtmlElement, density: float) -> bool:
    """Whether the element is a heading of the content, or part of one, followed by its
    section's own text (not by a list of links, as a "Contents" heading is)."""
    heading = el if el.tag in _HEADING_TAGS else None
    if heading is None:
        for a in el.iterancestors():
            if a is main_el:
                break
            if a.tag in _HEADING_TAGS:
                heading = a
                break
    if heading is None:
        # a block whose whole text is one heading in it (a `header` around a section's `h3`):
        # the heading's block, followed by the section it opens
        inside = next(el.iter(*_HEADING_TAGS), None)
        if inside is None:
            return False
        text = "".join(_text_of(el).split())
        if not text or text != "".join(_text_of(inside).split()):
            return False
        heading = el
    nxt = heading.getnext()
    while nxt is not None and (not isinstance(nxt.tag, str) or nxt.tag in _HEADING_TAGS):
        nxt = nxt.getnext()
    if nxt is None:
        return False
    chars = len("".join(_text_of(nxt).split()))
    links = sum(len("".join(_text_of(a).split())) for a in nxt.iter("a"))
    return chars > 0 and links < density * chars


#: a teaser widget: its links are at least this share of its text...
TEASER_DENSITY = 0.2
#: ...spread over at least this many entries, each led by a link of some words
MIN_TEASERS = 2
TEASER_LINK_CHARS = 12


def _teasers(el: HtmlElement) -> int:
    """How many entries of the block are teasers: an item (or a child block) holding a link
    of at least TEASER_LINK_CHARS characters."""
    items = list(el.iter("li"))
    if not items:
        items = [c for c in el if isinstance(c.tag, str)]
    n = 0
    for item in items:
        for a in item.iter("a"):
            if a.get("href") and len("".join(_text_of(a).split())) >= TEASER_LINK_CHARS:
                n += 1
                break
    return n


#: a list of teaser cards holds at least this many
MIN_TEASER_CARDS = 3


def _teaser_cards(el: HtmlElement) -> int:
    """How many links of the block to other pages are teaser cards: a link holding a heading
    or a paragraph (another story's headline with its first lines) of at least
    TEASER_LINK_CHARS characters."""
    n = 0
    for a in el.iter("a"):
        href = (a.get("href") or "").strip()
        if not href or href.startswith(("#", "javascript:")):
            continue
        if not len(a) or next(a.iter("p", *_HEADING_TAGS), None) is None:
            continue  # (a link without child elements holds no heading: no search)
        if len("".join(_text_of(a).split())) >= TEASER_LINK_CHARS:
            n += 1
    return n


#: a teaser entry is at most this long (a headline and a few lines)
TEASER_ENTRY_CHARS = 1000


def _text_owners(el: HtmlElement) -> Iterator[HtmlElement]:
    """The element holding each of the block's texts that is not blank, in document order (a
    tail's holder is its element's parent)."""
    for chunk in el.xpath(".//text()"):
        if not chunk.strip():
            continue
        owner = chunk.getparent()
        yield owner.getparent() if chunk.is_tail else owner


def _headline_first(el: HtmlElement) -> bool:
    """Whether the block's text opens with links, one of them of some words (a headline),
    before any text that is not a link: a teaser entry (a section's label, the other story's
    headline link, its first lines)."""
    seen = False
    for owner in _text_owners(el):
        link = None
        node = owner
        while node is not None:
            if node.tag in INVISIBLE_TAGS:
                break
            if node.tag == "a" and link is None:
                link = node
            if node is el:
                break
            node = node.getparent()
        if node is not None and node.tag in INVISIBLE_TAGS:
            continue
        if link is None:
            return seen
        if len("".join(_text_of(link).split())) >= TEASER_LINK_CHARS:
            seen = True
    return False


#: a row of promotions holds at least this many cells side by side...
MIN_PROMO_CELLS = 2
#: ...each saying this many words at least outside its links
PROMO_LINE_WORDS = 2


def _promo_cell(el: HtmlElement) -> bool:
    """Whether the element is a cell of a row of promotions: a table row of two or more
    cells with text, each of them a teaser entry (a headline link of some words first, then
    its line of text, at most TEASER_ENTRY_CHARS characters) — the columns of other
    stories, events and products a table-laid page sets side by side under its text. A row
    of a data table (a name, then its figures or its description in a cell of its own) has
    cells that do not open with a link."""
    if el.tag != "td":
        return False
    row = el.getparent()
    if row is None or row.tag != "tr":
        return False
    cells = 0
    for cell in row:
        if not isinstance(cell.tag, str):
            continue
        text = "".join(_text_of(cell).split())
        if not text:
            continue
        if cell.tag != "td" or len(text) > TEASER_ENTRY_CHARS or not _headline_first(cell):
            return False
        # its line says words of its own (not a function's "()" or a type's "*" after the
        # linked name)
        own = " ".join(_UNLINKED_TEXT(cell))
        if len(_LETTERS.findall(own)) < PROMO_LINE_WORDS:
            return False
        cells += 1
    return cells >= MIN_PROMO_CELLS


def _cell_whole(el: HtmlElement) -> bool:
    """Whether the block is the whole of a table cell's text (a date in a ``<p>`` of its
    own in a cell): it stays or goes with its table, as the cell would."""
    cell = el.getparent()
    if cell is None or cell.tag not in ("td", "th") or (cell.text and cell.text.strip()):
        return False
    for sib in cell:
        if sib is el:
            continue
        if (sib.tail and sib.tail.strip()) or (
            isinstance(sib.tag, str) and "".join(_text_of(sib).split())
        ):
            return False
    return not (el.tail and el.tail.strip())


def _first_text_chain(el: HtmlElement) -> tuple[str, list[HtmlElement]] | None:
    """The block's first visible text and the elements from the one holding it up to the
    block itself; None when the block has no visible text."""
    # the first text that is not XML white space, found in C without reading the others (a
    # large block has thousands): it is the answer when Python's strip() finds text in it
    # too and no invisible element holds it; else the chunks are read one by one
    first = _FIRST_TEXT(el)
    if not first:
        return None  # (no text but XML white space, which strip() drops too)
    chunk = first[0]
    if chunk.strip():
        chain = _text_chain(chunk, el)
        if chain is not None:
            return str(chunk), chain
    return _first_text_chain_read(el)


def _text_chain(chunk: Any, el: HtmlElement) -> list[HtmlElement] | None:
    """The elements from the one holding the text ``chunk`` up to ``el``, or None when an
    invisible element (script, style…) stands between them."""
    owner = chunk.getparent()
    if chunk.is_tail:
        owner = owner.getparent()
    chain: list[HtmlElement] = []
    node = owner
    while node is not None and node.tag not in INVISIBLE_TAGS:
        chain.append(node)
        if node is el:
            return chain
        node = node.getparent()
    return None


_FIRST_TEXT = etree.XPath("(descendant::text()[normalize-space()])[1]")


def _first_text_chain_read(el: HtmlElement) -> tuple[str, list[HtmlElement]] | None:
    """_first_text_chain, chunk by chunk."""
    for chunk in el.xpath(".//text()"):
        if not chunk.strip():
            continue
        chain = _text_chain(chunk, el)
        if chain is not None:
            return str(chunk), chain
    return None


def _opens_with_label(el: HtmlElement) -> bool:
    """Whether the block's first visible text is a short label outside any link ("Related
    Stories" over the links of a box)."""
    first = _first_text_chain(el)
    if first is None:
        return False
    text, chain = first
    return 0 < len("".join(text.split())) <= BOX_LABEL_CHARS and all(a.tag != "a" for a in chain)


def _heading_title(el: HtmlElement) -> str | None:
    """The block's first visible text, normalised, when it is a heading's (``h1``-``h6`` or
    a ``header``) and short, past empty blocks before it: a box's title."""
    found = _first_text_chain(el)
    if found is None:
        return None
    chunk, chain = found
    if any(node.tag == "a" for node in chain) or not any(
        node.tag in _HEADING_TAGS or node.tag == "header" for node in chain
    ):
        return None
    label = "".join(chunk.split()).lower()
    return label if len(label) <= BOX_LABEL_CHARS else None


def _in_teaser(
    el: HtmlElement, stop: HtmlElement, letters: dict[HtmlElement, int] | None = None
) -> bool:
    """Whether the block is, or is inside, a teaser entry (below ``stop``): a short block
    whose text opens with a headline link. ``letters``: the blocks' text sizes (characters
    other than white space) measured so far on the page, kept for the next call."""
    sizes = letters if letters is not None else {}
    node: HtmlElement | None = el
    while node is not None and node is not stop:
        size = sizes.get(node)
        if size is None:
            size = sizes[node] = len("".join(_text_of(node).split()))
        if size > TEASER_ENTRY_CHARS:
            return False
        if _headline_first(node):
            return True
        node = node.getparent()
    return False


#: a form beside the content holds at most this much text (labels, choices, buttons)
FORM_TEXT_CHARS = 800
#: a box opened by a control holds at most this much text
CONTROL_BOX_CHARS = 300


def _has_field(form: HtmlElement) -> bool:
    """Whether the form has a field to fill in or a choice to make (not only hidden inputs
    and a button: ASP.NET wraps a whole page in one form)."""
    for field in form.iter("input", "textarea", "select"):
        if field.tag != "input" or (field.get("type") or "text").lower() in (
            "text",
            "search",
            "email",
            "tel",
            "number",
            "radio",
            "checkbox",
        ):
            return True
    return False


#: a block of labelled link lines after a story holds at most this many characters...
LABELLED_LINES_CHARS = 400
#: ...and this many lines with links at least
LABELLED_LINES = 2
#: ...and the story before it holds this many times the text after it at least
TRAILING_SHARE = 4


def _labelled_lines(el: HtmlElement) -> bool:
    """Whether each line of the block (its child elements with text; no text loose in it)
    is a short label ending with a colon (``BOX_LABEL_CHARS`` at most, no link), alone or
    followed only by links to other pages, ``LABELLED_LINES`` of them with links at least:
    "Related Links:" over "Previous Stories: Features Archive" and "Also In This Issue:
    New York Magazine - February 7, 2005". A line of text, a link without its label or a
    link into the page is no such line."""
    if (el.text or "").strip():
        return False
    linked = 0
    for child in el:
        if not isinstance(child.tag, str) or child.tag in INVISIBLE_TAGS:
            if (child.tail or "").strip():
                return False
            continue
        if (child.tail or "").strip():
            return False
        text = "".join(_text_of(child).split())
        if not text:
            continue
        if ":" not in text:
            return False  # (its label, a part of its text, cannot end with a colon)
        label = ""
        links = []
        for chunk in _UNLINKED_TEXT(child):
            if chunk.strip():
                label += "".join(chunk.split())
        for a in child.iter("a"):
            href = (a.get("href") or "").strip()
            if "".join(_text_of(a).split()):
                if not href or href.startswith(("#", "javascript:")):
                    return False
                links.append(a)
        if not (0 < len(label) <= BOX_LABEL_CHARS and label.endswith(":")):
            return False
        if links:
            # the label comes first, then the links only
            first = _first_text_chain(child)
            if first is None or any(node.tag == "a" for node in first[1]):
                return False
            linked += 1
    return linked >= LABELLED_LINES


#: a sign-up box after a story holds at most this many characters...
SIGNUP_BOX_CHARS = 1000
#: ...and at least this many fields to type in (a name and an e-mail address)
SIGNUP_FIELDS = 2
#: the input types a reader types a value in
_TYPED_INPUTS = frozenset({"text", "email", "tel", "password", "number"})


def _text_fields(el: HtmlElement) -> int:
    """How many fields of a sign-up the block holds: text inputs a reader types who they are
    in (an e-mail, a name, an address); an ``email`` input counts for two (a newsletter's
    one field). Choices, buttons, hidden inputs and a search box are none; and a block with
    a text area is a form to write a message (a comment, an answer, a reply under the
    posts before it), no sign-up: 0."""
    n = 0
    for field in el.iter("input", "textarea"):
        if field.tag == "textarea":
            return 0
        kind = (field.get("type") or "text").strip().lower()
        if kind in _TYPED_INPUTS:
            n += 2 if kind == "email" else 1
    return n


def _control_label(el: HtmlElement) -> bool:
    """Whether the block's first text is a control's: a link that goes nowhere (``#``, a
    script) or a button, which opens or toggles the box."""
    found = _first_text_chain(el)
    for node in found[1] if found is not None else ():
        if node.tag == "button":
            return True
        if node.tag == "a":
            href = (node.get("href") or "").strip().lower()
            return href == "#" or href.startswith("javascript:")
    return False


#: a media list: at least this many entries, each a link of some words with an image
MIN_MEDIA_ENTRIES = 3


def _media_entries(el: HtmlElement, enough: int = MIN_MEDIA_ENTRIES) -> int:
    """How many entries of the block are media teasers (counted up to ``enough``): an item
    (or a child block) holding an image and a link of at least TEASER_LINK_CHARS
    characters."""
    if next(el.iter("img"), None) is None:
        return 0
    items = list(el.iter("li"))
    if not items:
        items = [c for c in el if isinstance(c.tag, str)]
    n = 0
    for item in items:
        if next(item.iter("img"), None) is None:
            continue
        for a in item.iter("a"):
            if a.get("href") and len("".join(_text_of(a).split())) >= TEASER_LINK_CHARS:
                n += 1
                break
        if n >= enough:
            break
    return n


#: a side column of titled link boxes holds at least this many boxes...
MIN_COLUMN_BOXES = 2
_FLOAT = re.compile(r"float\s*:\s*(?:left|right)", re.IGNORECASE)
_LINE_TAGS = frozenset(["td", "th", "div", "p", "li", "dt", "dd", "caption", *_HEADING_TAGS])


def _floated(el: HtmlElement) -> bool:
    """Whether the block stands beside the text around it: an ``aside``, or a block aligned
    or floated to the left or the right, which the text flows around."""
    if el.tag == "aside":
        return True
    if (el.get("align") or "").strip().lower() in ("left", "right"):
        return True
    return _FLOAT.search(el.get("style") or "") is not None


#: The links of a block that can be a box's headline, counted in C: each box holds one of its
#: own, a link with a target and TEASER_LINK_CHARS characters of text or more (a text's length
#: before its spaces are dropped bounds it from above), so a block with fewer than N of them
#: holds fewer than N boxes and is not read chunk by chunk.
_LONG_LINKS = etree.XPath(f"count(.//a[@href][string-length(.) >= {TEASER_LINK_CHARS}])")


def _headline_boxes(el: HtmlElement, enough: int = MIN_COLUMN_BOXES) -> int:
    """How many boxes the block holds (counted up to ``enough``): a short label that is the
    whole text of its line (a cell, a paragraph, a heading; no link in it) followed, before
    the next such label, by a link of TEASER_LINK_CHARS characters or more (a headline):
    "ALSO" over related stories, "Newswires" over the wire's headlines, "TRANSCRIPT" over
    one interview's."""
    boxes = items = 0
    opened = False
    counted: set[HtmlElement] = set()
    for owner in _text_owners(el):
        link = line = None
        node = owner
        hidden = False
        while node is not None:
            if node.tag in INVISIBLE_TAGS:
                hidden = True
                break
            if node.tag == "a" and link is None:
                link = node
            if node is el:
                break
            if line is None and node.tag in _LINE_TAGS:
                line = node
            node = node.getparent()
        if hidden:
            continue
        if link is not None:
            if (
                link not in counted
                and link.get("href")
                and len("".join(_text_of(link).split())) >= TEASER_LINK_CHARS
            ):
                items += 1
            counted.add(link)
            continue
        if line is None:
            continue
        text = "".join(_text_of(line).split())
        if 0 < len(text) <= BOX_LABEL_CHARS and next(line.iter("a"), None) is None:
            # a label: it closes the box before it and opens its own
            if opened and items:
                boxes += 1
                if boxes >= enough:
                    return boxes
            opened, items = True, 0
    if opened and items:
        boxes += 1
    return boxes


def _section_headed(el: HtmlElement) -> bool:
    """Whether the block's first child element is a heading: a section of the text under its
    own title, where a column of boxes is a stack of blocks, each with its title inside (an
    empty anchor before the heading is no block)."""
    first = next(
        (c for c in el if isinstance(c.tag, str) and (len(c) or (c.text or "").strip())), None
    )
    return first is not None and first.tag in _HEADING_TAGS


def _prose_block(el: HtmlElement, label_min: int) -> bool:
    """Whether the element holds sentences of text that is not links."""
    text = _text_of(el)
    chars = len("".join(text.split()))
    if chars < label_min or _SENTENCE_END.search(text) is None:
        return False  # (the links' text is read only when it can decide)
    links = sum(len("".join(_text_of(a).split())) for a in el.iter("a"))
    return chars - links >= label_min


def _amid_prose(el: HtmlElement, top: HtmlElement, label_min: int) -> bool:
    """Whether the story's prose (sentences of text that is not links) comes both before and
    after the block inside ``top``: a column set among the story's paragraphs, which flow
    around it (a box heading the content, before its first line, is not)."""
    before = after = False
    node = el
    while node is not top and not (before and after):
        parent = node.getparent()
        if parent is None:
            return False
        if not before:
            before = any(
                isinstance(s.tag, str) and _prose_block(s, label_min)
                for s in node.itersiblings(preceding=True)
            )
        if not after:
            after = any(
                isinstance(s.tag, str) and _prose_block(s, label_min) for s in node.itersiblings()
            )
        node = parent
    return before and after


#: the longest caption of a figure in the content
CAPTION_CHARS = 160
#: a caption is not link text: at most a tenth of the figure's text is
CAPTION_LINK_SHARE = 10


def _figure(el: HtmlElement) -> bool:
    """Whether the block is one image with its caption: a block of its own (not a paragraph),
    the image first, then only a short text (no heading, list or table; a pull quote between
    its quote-mark images is no figure)."""
    if el.tag == "p":
        return False  # a paragraph with an image in it is text with an illustration
    images = list(el.iter("img"))
    if len(images) != 1:
        return False
    img = images[0]
    if next(el.iter(*_HEADING_TAGS, "li", "table", "pre"), None) is not None:
        return False
    # the image comes before the text: a caption is under (or beside) its picture
    before = "".join(t for t in _text_before(el, img) if t).strip()
    return not before and _caption_text(_visible_text(el))


#: a character of a script written without spaces (Han, kana, hangul) says about as much as a
#: short word: it counts this many characters toward a caption's length
WIDE_CHAR_WEIGHT = 3
_WIDE_CHAR = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
#: a sentence's end with more text after it, in scripts written with spaces ("cheer. Photo":
#: a word, its stop, a letter after it; group 1 the word) or without ("。", "！", "？")
_CAPTION_BREAK = re.compile(
    r"(?<![^\W\d_])([^\W\d_]{2,})[.?!](?=\s+[\"'“‘(]?[^\W\d_])|[。！？](?=\s*[^\s。！？])"
)
#: a caption holds at most this many sentence ends with text after them (a line and its
#: credit, two short sentences); more is prose
CAPTION_BREAKS = 1


def _caption_text(text: str) -> bool:
    """Whether a text reads like a photo's caption rather than prose: at most
    ``CAPTION_CHARS`` characters once each character of a script written without spaces
    counts ``WIDE_CHAR_WEIGHT`` (a hundred Chinese characters are a paragraph, not a line),
    and at most ``CAPTION_BREAKS`` sentence ends with text after them (three sentences are a
    passage of someone's text: an answer's first lines under its thumbnail)."""
    squeezed = "".join(text.split())
    wide = len(_WIDE_CHAR.findall(squeezed))
    if len(squeezed) + (WIDE_CHAR_WEIGHT - 1) * wide > CAPTION_CHARS:
        return False
    breaks = 0
    for m in _CAPTION_BREAK.finditer(text):
        if m.group(1) is not None and _abbreviation(m.group(1)):
            continue  # "Corp. President", "Mr. Bush": no sentence ends there ("Feb. 5" neither)
        breaks += 1
    return breaks <= CAPTION_BREAKS


def _abbreviation(word: str) -> bool:
    """Whether a word before a full stop reads as an abbreviation (a month, a title, a
    company's form: "Feb", "Mr", "Corp", "Inc") rather than a sentence's last word: a capital
    and at most three small letters."""
    return len(word) <= 4 and word[0].isupper() and (len(word) == 1 or word[1:].islower())


def _visible_text(el: HtmlElement) -> str:
    """The element's text without what is never shown (a script, a hidden text area)."""
    if next(el.iter(*INVISIBLE_TAGS), None) is None:
        return _text_of(el)
    parts: list[str] = []

    def walk(node: HtmlElement) -> None:
        parts.append(node.text or "")
        for child in node:
            if isinstance(child.tag, str) and child.tag not in INVISIBLE_TAGS:
                walk(child)
            parts.append(child.tail or "")

    walk(el)
    return "".join(parts)


#: a box of photos set apart from the text holds at most this many characters a photo (its
#: title, credit and caption, the caption often twice: once alone, once with the credit)
MEDIA_BOX_CHARS = 600
_MEDIA = ("img", "video")
#: no box of photos holds these: its text is the captions only
_NOT_MEDIA_BOX = ("li", "table", "pre", "blockquote", "p", *_HEADING_TAGS)


_MEDIA_BOX_TAGS = ("aside", "figure")


def _media_box(el: HtmlElement) -> int:
    """The photos of a box the page sets apart from its text — an ``aside``, a ``figure`` or
    a block whose role is ``figure`` — when it holds nothing but them and their captions (no
    paragraph outside a ``figcaption``, heading, list, table, quotation or code); 0
    otherwise."""
    if el.tag not in _MEDIA_BOX_TAGS and el.get("role") != "figure":
        return 0
    photos = sum(1 for _ in el.iter(*_MEDIA))
    if not photos:
        return 0
    for d in el.iter(*_NOT_MEDIA_BOX):
        if d.tag == "p" and next(d.iterancestors("figcaption"), None) is not None:
            continue  # a caption written as a paragraph of the figure's caption
        return 0
    return photos


def _photo_spans(area: HtmlElement, taken: set[HtmlElement]) -> list[tuple[HtmlElement, int]]:
    """The spans in the area, outermost, that hold a photo and then its caption, each in
    elements of their own (no text loose in the span beside an icon): the image first,
    20–``MEDIA_BOX_CHARS`` characters of text, at most a tenth of it links, no paragraph,
    heading, list, table, quotation or code."""
    found: list[tuple[HtmlElement, int]] = []
    found_set: set[HtmlElement] = set()
    # the spans holding an image: found up from the images (a code listing has thousands of
    # spans and no image)
    holding = {s for img in area.iter("img") for s in img.iterancestors("span")}
    if not holding:
        return found
    for el in area.iter("span"):
        if el not in holding:
            continue
        if el in taken or any(a in taken or a in found_set for a in el.iterancestors()):
            continue
        if (el.text and not el.text.isspace()) or any(c.tail and not c.tail.isspace() for c in el):
            continue
        if next(el.iter(*_NOT_MEDIA_BOX), None) is not None:
            continue
        text = _text_of(el)
        chars = len("".join(text.split()))
        links = sum(len("".join(_text_of(a).split())) for a in el.iter("a"))
        if not BOX_TEXT_CHARS <= chars <= MEDIA_BOX_CHARS or links * CAPTION_LINK_SHARE > chars:
            continue
        img = next(el.iter("img"))
        if "".join(t for t in _text_before(el, img) if t).strip():
            continue  # the image comes first: a caption is under its picture
        found.append((el, chars))
        found_set.add(el)
    return found


#: a pager's text is at most this long
PAGER_CHARS = 120
#: ...and holds at most this many words that are not page numbers ("page", "next")
PAGER_WORDS = 2
_PAGER_TOKEN = re.compile(r"\d+|[^\W\d_]+")


def _page_numbers(text: str, titled: AbstractSet[str] = frozenset()) -> list[int] | None:
    """The numbers of a pager's text ("page 1 | 2 | 3 |", "« 1 2 3 Next »"): page numbers
    running on from 1 or one by one, with at most PAGER_WORDS words beside them; None when the
    text is not a pager's. Words of the page's title (``titled``, case folded) are the
    story's name the pager repeats ('("Queen for a Day" 1 | 2 | 3)') and are not counted;
    nor, when the numbers do not run on with them, are the title's figures ("Silicon Alley
    10003")."""
    numbers: list[int] = []
    named: list[bool] = []
    words = 0
    for token in _PAGER_TOKEN.findall(text):
        if token.isdigit():
            numbers.append(int(token))
            named.append(token.casefold() in titled)
        elif token.casefold() not in titled:
            words += 1
    if words > PAGER_WORDS:
        return None
    for run in (numbers, [n for n, t in zip(numbers, named, strict=True) if not t]):
        if len(run) >= 2 and all(b == a + 1 for a, b in itertools.pairwise(run)):
            return run
    return None


def _pagers(area: HtmlElement, taken: set[HtmlElement]) -> list[tuple[HtmlElement, int]]:
    """The pagers in the area, outermost: a block of at most PAGER_CHARS characters whose
    text is page numbers one after another (two at least, the first a link or not), with
    separators and at most PAGER_WORDS words beside them, and a link to another page whose
    text is one of the numbers — a story split over pages, its "page 1 | 2 | 3" line."""
    found: list[tuple[HtmlElement, int]] = []
    titled: frozenset[str] | None = None
    for a in area.iter("a"):
        href = (a.get("href") or "").strip()
        if not href or href.startswith(("#", "javascript:")) or not _text_of(a).strip().isdigit():
            continue
        if titled is None:
            # the words of the page's title: a pager may name the story it pages through
            title = area.getroottree().getroot().find("head/title")
            titled = frozenset(
                w.casefold()
                for w in _PAGER_TOKEN.findall(title.text_content() if title is not None else "")
            )
        # the outermost block around the link that holds the pager and nothing else
        best: HtmlElement | None = None
        node = a.getparent()
        while node is not None and node is not area:
            text = _text_of(node)
            chars = len("".join(text.split()))
            if chars > PAGER_CHARS or _page_numbers(text, titled) is None:
                break
            best = node
            node = node.getparent()
        if best is None or best in taken or not taken.isdisjoint(best.iterancestors()):
            continue
        if any(best is el or _inside(best, el) for el, _ in found):
            continue
        found = [(el, n) for el, n in found if not _inside(el, best)]
        found.append((best, len("".join(_text_of(best).split()))))
    return found


#: the link lists a trailing label heads are all links but this share of their text
TRAILING_LIST_DENSITY = 0.9


def _trailing_lists(inner: HtmlElement, taken: set[HtmlElement]) -> list[tuple[HtmlElement, int]]:
    """The lists of links that end the content after its text, each with its label: from the
    content's last block back, a list (``ul``, ``ol``, ``dl``) of links to other pages (at
    least TRAILING_LIST_DENSITY of its text) right after a line that is only a short label
    ending with a colon (``BOX_LABEL_CHARS`` at most, no link: "Read more:", "Sidebars:",
    "Chart:"), as long as nothing else with text comes after it — a magazine story's lists of
    its sidebars and of the issue's other pages. A list with its label before the content's
    last text, a list of the page's own sections (links into the page) and a list without
    a label stay. The story before them is the caller's test."""
    blocks = [c for c in inner if isinstance(c.tag, str) and c.tag not in INVISIBLE_TAGS]
    found: list[tuple[HtmlElement, int]] = []
    pending: HtmlElement | None = None
    for block in reversed(blocks):
        if len("".join((block.tail or "").split())):
            break  # text of the content's own after this block
        text = "".join(_text_of(block).split())
        if not text:
            continue
        if pending is not None:
            if (
                len(text) <= BOX_LABEL_CHARS
                and text.endswith(":")
                and next(block.iter("a"), None) is None
                and block.tag not in ("ul", "ol", "dl", "table")
            ):
                found.extend((el, len("".join(_text_of(el).split()))) for el in (block, pending))
                pending = None
                continue
            break
        if block.tag not in ("ul", "ol", "dl"):
            break
        links = sum(len("".join(_text_of(a).split())) for a in block.iter("a"))
        if links < TRAILING_LIST_DENSITY * len(text) or not _links_away(block):
            break
        pending = block
    return [(el, chars) for el, chars in found if el not in taken]


#: a box a skip link jumps over is the site's whole when links make this share at least of its
#: text beside the skip link and its headings
SKIP_BOX_LINKS = 0.9


def _squeezed_len(el: HtmlElement) -> int:
    return len("".join(_text_of(el).split()))


def _skip_target(targets: dict[str, HtmlElement], a: HtmlElement) -> HtmlElement | None:
    """The element of the page a link into the page goes to (``href="#name"``), by id or
    name."""
    href = (a.get("href") or "").strip()
    if len(href) < 2 or not href.startswith("#"):
        return None
    return targets.get(href[1:])


_WITH_ID_OR_NAME = etree.XPath("descendant-or-self::*[@id or @name]")


def _link_targets(root: HtmlElement) -> dict[str, HtmlElement]:
    """The page's elements by id and name (the first of each), read once: a page of a
    thousand links into itself asks for a thousand of them."""
    targets: dict[str, HtmlElement] = {}
    for el in _WITH_ID_OR_NAME(root):  # (in document order, found by libxml2)
        for key in (el.get("id"), el.get("name")):
            if key and key not in targets:
                targets[key] = el
    return targets


def _skip_boxes(
    area: HtmlElement, taken: AbstractSet[HtmlElement]
) -> list[tuple[HtmlElement, int, bool]]:
    """Boxes in the content that the page lets its reader skip: a box whose text opens with a
    link into the page to the place right after the box ("Continue reading the main story"
    over related stories or over a quotation set in the story, for readers of the page
    without its styles; the only link into the page in the box: a list of links to the
    page's sections skips nothing). The link is the site's, whatever the box; the box too
    when, beside the link and its headings, its text is links (``SKIP_BOX_LINKS``: a list of
    related stories under its title); a box with text of its own (a quotation) stays. Each
    found element with its characters and whether it is the whole box."""
    root = area.getroottree().getroot()
    found: list[tuple[HtmlElement, int, bool]] = []
    targets: dict[str, HtmlElement] | None = None
    for a in area.iter("a"):
        # (a link into the page first: the rest are most links, and cost more to test)
        if not (a.get("href") or "").lstrip().startswith("#"):
            continue
        if a in taken or not taken.isdisjoint(a.iterancestors()):
            continue
        link_chars = _squeezed_len(a)
        if not link_chars:
            continue
        if targets is None:
            targets = _link_targets(root)
        target = _skip_target(targets, a)
        if target is None:
            continue
        box = None
        for b in a.iterancestors():
            if b is area:
                break
            nxt = b.getnext()
            while nxt is not None and not isinstance(nxt.tag, str):
                nxt = nxt.getnext()
            if nxt is not None and (nxt is target or target in nxt.iterdescendants()):
                box = b
                break
        if box is None:
            continue
        # (a list of links to the page's sections, its table of contents, is no skip box)
        if any(
            x is not a and (x.get("href") or "").lstrip().startswith("#") for x in box.iter("a")
        ):
            continue
        # the link opens the box: no text of the box before it
        if "".join(_text_of(box).split())[:link_chars] != "".join(_text_of(a).split()):
            continue
        total = _squeezed_len(box)
        heads = sum(_squeezed_len(h) for h in box.iter(*_HEADING_TAGS))
        links = sum(_squeezed_len(x) for x in box.iter("a") if x is not a)
        rest = total - link_chars - heads
        if rest <= 0:
            continue  # a link alone in its block skips nothing (an entry of the page's contents)
        if links >= SKIP_BOX_LINKS * rest:
            found.append((box, total, True))
        else:
            found.append((a, link_chars, False))
    return found


#: a box of other stories lists at least this many, each under its headline link
MIN_SECTION_BOX_STORIES = 2


def _linked_title(el: HtmlElement) -> bool:
    """Whether the block opens with a heading that is wholly a link to another page."""
    head = next(el.iter(*_HEADING_TAGS), None)
    if head is None:
        return False
    text = "".join(_text_of(head).split())
    if not text or not "".join(_text_of(el).split()).startswith(text):
        return False
    link = next(head.iter("a"), None)
    href = (link.get("href") or "").strip() if link is not None else ""
    return (
        link is not None
        and bool(href)
        and not href.startswith(("#", "javascript:"))
        and _squeezed_len(link) == len(text)
    )


def _opens_with_headline(el: HtmlElement) -> bool:
    """Whether the block's first text is a link to another page of ``TEASER_LINK_CHARS``
    characters at least in a heading, or holding one (another story's headline)."""
    for owner in _text_owners(el):
        link = owner if owner.tag == "a" else next(owner.iterancestors("a"), None)
        if link is None or not _inside(link, el):
            return False
        head = next(link.iterancestors(*_HEADING_TAGS), None)
        if (head is None or not _inside(head, el)) and next(
            link.iter(*_HEADING_TAGS), None
        ) is None:
            return False  # a headline is a heading: a plain list of links is judged elsewhere
        href = (link.get("href") or "").strip()
        return (
            bool(href)
            and not href.startswith(("#", "javascript:"))
            and _squeezed_len(link) >= TEASER_LINK_CHARS
        )
    return False


def _section_boxes_after(
    around: HtmlElement, main_el: HtmlElement, taken: AbstractSet[HtmlElement]
) -> list[tuple[HtmlElement, int]]:
    """After the main content, in the block around it, boxes of other stories: a block
    opened by a title that is wholly a link to another page (a section's front: "More China
    stories", "BBC London") over a list whose items, ``MIN_SECTION_BOX_STORIES`` at least and
    most of them, each open with another story's headline: a link in a heading (with the
    story's first lines or not; a plain list of links under a linked title is left to the
    other rules). A section of the page's own text has a title that is not a link."""
    found: list[tuple[HtmlElement, int]] = []
    node = main_el
    while node is not None and node is not around:
        for b in node.itersiblings():
            if not isinstance(b.tag, str) or b in taken or b.tag in INVISIBLE_TAGS:
                continue
            if not _linked_title(b):
                continue
            items = [li for li in b.iter("li") if "".join(_text_of(li).split())]
            stories = sum(1 for li in items if _opens_with_headline(li))
            if stories >= MIN_SECTION_BOX_STORIES and 2 * stories > len(items):
                found.append((b, _squeezed_len(b)))
        node = node.getparent()
    return found


#: a control's text is at most this long...
CONTROL_TEXT_CHARS = 40
#: ...and said by at least this many controls of the area
MIN_CONTROLS = 3
#: a roster a control closes (the names of who liked an answer) holds at most this many
#: characters of names
ROSTER_CHARS = 160


def _goes_nowhere(a: HtmlElement) -> bool:
    """A link without an address of its own: none, "#", or a script's ``javascript:``."""
    href = (a.get("href") or "").strip()
    return not href or href == "#" or href[:11].casefold() == "javascript:"


def _in_sentence(a: HtmlElement) -> bool:
    """Words right before or right after the link in its parent: it is part of a sentence
    ("Rudy Giuliani (search) was…", "…Justice <b>Ruth Bader Ginsburg</b> (search) <font>as
    the second…"), not a control standing on its own. The words are the parent's own text or
    that of an inline element beside the link without links of its own (names that are links,
    a roster, make no sentence)."""
    prev, nxt, parent = a.getprevious(), a.getnext(), a.getparent()
    before = (
        (prev.tail if prev is not None else parent.text if parent is not None else "") or ""
    ).rstrip(_SENTENCE_OPEN)
    if not before and prev is not None and _words_inline(prev):
        before = _text_of(prev).rstrip(_SENTENCE_OPEN)
    after = (a.tail or "").lstrip(_SENTENCE_CLOSE)
    if not after and nxt is not None and _words_inline(nxt):
        after = _text_of(nxt).lstrip(_SENTENCE_CLOSE)
    return any(c.isalpha() for c in before[-1:] + after[:1])  # (a count beside it is no word)


def _words_inline(el: HtmlElement) -> bool:
    """An inline element of running text ("<b>", "<font>"…) without a link in it."""
    return el.tag in _SENTENCE_INLINE and next(el.iter("a"), None) is None


_SENTENCE_OPEN = " \t\r\n\xa0([{\"'“‘«"
_SENTENCE_CLOSE = " \t\r\n\xa0)]}\"'”’»,.;:!?"
#: (a ``span`` beside a control is as often a widget's count or mark, "27", "accepted")
_SENTENCE_INLINE = frozenset({"b", "strong", "i", "em", "font", "u", "code", "cite", "abbr", "q"})


def _separators(text: str) -> bool:
    """Only punctuation, symbols and white space: what sits between the names of a roster."""
    return all(c.isspace() or unicodedata.category(c)[0] in "PS" for c in text)


def _roster(a: HtmlElement, area: HtmlElement) -> HtmlElement:
    """The control with the names it closes: the largest block around ``a`` (below ``area``)
    whose other text is names and the separators between them ("A、B、C 等人赞同", "A, B,
    C and others liked this", the last words a control), at most ROSTER_CHARS characters of names
    and no paragraph of its own; ``a`` itself when there is no such block. A name is a link to
    a page or one of a run of alike short items (an anonymous voter's name without a link
    among the linked ones); a roster has two names at least."""
    best = a
    for up in a.iterancestors():
        if up is area or up.tag in ("p", "li", "td", "th", "tr", "table", "ul", "ol", "dl", "body"):
            break
        named: list[str] = []
        fits = True
        items: set[HtmlElement] = set()
        control = ""
        for node in up.iter():
            if node is a:
                control = _text_of(a)
                named.append(control)
                continue
            if node is up or not isinstance(node.tag, str):
                continue
            if node.tag in _PASSAGE_TAGS:
                fits = False
                break
            if node.tag == "a" and _goes_nowhere(node):
                fits = False
                break
            if not items.isdisjoint(node.iterancestors()):
                continue  # inside a name already counted
            if node.tag == "a" or _alike_item(node):
                items.add(node)
                named.append(_text_of(node))
        chars = len("".join("".join(named).split())) - len("".join(control.split()))
        if not fits or len(items) < 2 or chars > ROSTER_CHARS:
            # (one link beside a control is a title with its button: "Movie [Follow]")
            break
        if not _separators(_strip_once(_text_of(up), "".join(named))):
            break
        best = up
    return best


def _alike_item(el: HtmlElement) -> bool:
    """One of two or more children of its parent with its tag and class, its text short: an
    entry of a run of names."""
    if len(" ".join(_text_of(el).split())) > CONTROL_TEXT_CHARS:
        return False
    return _alike_siblings(el) >= 2


def _alike_siblings(el: HtmlElement) -> int:
    """How many children of ``el``'s parent (``el`` among them) have its tag and class."""
    parent = el.getparent()
    if parent is None:
        return 0
    cls = el.get("class")
    return sum(1 for c in parent if c.tag == el.tag and c.get("class") == cls)


def _strip_once(text: str, pieces: str) -> str:
    """``text`` without the characters of ``pieces`` taken in order (links' text out of the
    block's text: what is left is what no link says)."""
    out: list[str] = []
    k = 0
    for c in text:
        if k < len(pieces) and c == pieces[k]:
            k += 1
        else:
            out.append(c)
    return "".join(out)


def _repeated_controls(area: HtmlElement, taken: set[HtmlElement]) -> list[tuple[HtmlElement, int]]:
    """The links of the area that go nowhere (no address, "#" or ``javascript:``: a control a
    script handles) whose text, at most CONTROL_TEXT_CHARS characters, MIN_CONTROLS such links
    or more say: a gallery's "Return to Gallery" under every photo, "Close" on every panel;
    each with the roster of names it closes, where it closes one (:func:`_roster`: "A、B 等人赞同"
    under every answer of a list)."""
    said: dict[str, list[HtmlElement]] = {}
    for a in area.iter("a"):
        if not _goes_nowhere(a):
            continue
        text = " ".join(_text_of(a).split())
        if not text or len(text) > CONTROL_TEXT_CHARS or _in_sentence(a):
            continue  # (a script's link in a sentence, "(search)" after a name, is the text's)
        said.setdefault(text.casefold(), []).append(a)
    found: list[tuple[HtmlElement, int]] = []
    seen: set[HtmlElement] = set()
    for links in said.values():
        if len(links) < MIN_CONTROLS:
            continue
        for a in links:
            el = _roster(a, area)
            if el in seen or el in taken or not taken.isdisjoint(el.iterancestors()):
                continue
            seen.add(el)
            found.append((el, len("".join(_text_of(el).split()))))
    return found


#: a panel's text is at least this share blocks the site repeats...
PANEL_SHARE = 0.75
#: ...in at least this many blocks...
PANEL_BLOCKS = 3
#: ...and links are at most this share of it (a panel of text, not a reference's list of
#: members and their types)
PANEL_LINKS = 0.1
_PANEL_HEADINGS = frozenset(("h2", "h3", "h4", "h5", "h6"))


def _repeated_panel(cands: list[list[Any]], i: int, end: int, exact: AbstractSet[int]) -> bool:
    """Whether the candidate at ``i`` (its subtree the candidates up to ``end``) holds at least
    PANEL_SHARE of its characters in blocks the site repeats (the outermost ones), PANEL_BLOCKS
    of them at least: a panel the site sets in every page, not the page's
    own section (a specification's values, a description's paragraphs change per page)."""
    total = cands[i][2]
    repeated = blocks = 0
    j = i + 1
    while j < end:
        rec = cands[j]
        if rec[1] in exact:
            repeated += rec[2]
            blocks += 1
            j = max(rec[5], j + 1)
            continue
        j += 1
    return blocks >= PANEL_BLOCKS and repeated >= PANEL_SHARE * total > 0


def _opens_with_heading(el: HtmlElement) -> bool:
    """Whether the block's first text is a heading's (h2-h6): a panel's label."""
    found = _first_text_chain(el)
    return found is not None and any(node.tag in _PANEL_HEADINGS for node in found[1])


#: a series of this many alike controls side by side is a choice the page offers (its sizes)
CONTROL_SERIES = 3
_FIELDS = ("input", "select", "textarea")


def _control(el: HtmlElement, roles: bool = True) -> bool:
    """Whether the element is a control: a button, a link that goes nowhere ("#", a script),
    an element the page makes focusable or calls a button (a ``div`` with a ``tabindex``,
    ``role="button"``), or a form's label set apart from its field (``label for=...``); not
    one that opens or closes a part of the page (``aria-expanded``, ``aria-controls``: an
    accordion's question, a tab), whose text is that part's heading. ``roles``: False when
    no element around says ``role="button"`` (its attribute is then not read)."""
    tag = el.tag
    if tag == "button" or (roles and el.get("role") == "button"):
        found = True
    elif tag == "a":
        found = bool((el.get("href") or "").strip()) and _goes_nowhere(el)
    elif tag == "label":
        found = el.get("for") is not None and next(el.iter(*_FIELDS), None) is None
    elif tag in ("div", "span") and el.get("tabindex") not in (None, "-1"):
        found = next(el.iter("a", "button", *_FIELDS), None) is None
    else:
        return False
    # one that opens a part of the page is none: its label is that part's heading
    return found and el.get("aria-expanded") is None and el.get("aria-controls") is None


def _alone(el: HtmlElement) -> bool:
    """Whether the element is no word of a sentence: its parent holds no text of its own
    beside its children."""
    parent = el.getparent()
    if parent is None:
        return False
    if (parent.text or "").strip():
        return False
    return not any((c.tail or "").strip() for c in parent)


def _choice(el: HtmlElement) -> bool:
    """Whether the control is one of a series of alike controls side by side (a shop's sizes
    or colours, a pager's numbers): a choice the page offers, not the frame's call."""
    return _alike_siblings(el) >= CONTROL_SERIES


#: the tags a control (``_control``) can have, besides any element with ``role="button"``
_CONTROL_TAGS = ("button", "a", "label", "div", "span")
_ROLE_BUTTON = etree.XPath("boolean(descendant-or-self::*/@role[. = 'button'])")


def _page_controls(area: HtmlElement, taken: set[HtmlElement]) -> list[tuple[HtmlElement, int]]:
    """The area's controls (``_control``) standing alone, each with a short call of two words
    or more and no figure ("Add to your basket", "Save to wish list", "Check in-store
    availability"): the frame's buttons, set in the content's place or beside it, which the
    reader does not read as text. A series of alike controls (sizes, colours, a pager) and a
    control holding a figure ("38", "2 of 5") are the page's choices and stay; so does a
    control of one word, which may be a tab's label or a toggle over the content's own part
    (SQLite's "hide" over each syntax diagram)."""
    found: list[tuple[HtmlElement, int]] = []
    inside: set[HtmlElement] = set()
    # only the tags of _control can be controls, unless an element says it is a button:
    # then every element is asked (the same elements, in the same order)
    roles = bool(_ROLE_BUTTON(area))
    for el in area.iter() if roles else area.iter(*_CONTROL_TAGS):
        if not isinstance(el.tag, str) or el in inside or not _control(el, roles):
            continue
        inside.update(el.iterdescendants())
        if el in taken or not taken.isdisjoint(el.iterancestors()):
            continue
        text = " ".join(_text_of(el).split())
        if (
            not text
            or len(text) > CONTROL_TEXT_CHARS
            or _DIGIT.search(text) is not None
            or not any(c.isalpha() for c in text)
            or " " not in text
            or not _alone(el)
            or _choice(el)
        ):
            continue
        found.append((el, sum(not c.isspace() for c in text)))
    return found


def _figure_alone(
    el: HtmlElement,
    top: HtmlElement,
    label_min: int,
    prose: dict[HtmlElement, bool] | None = None,
) -> bool:
    """Whether a figure is all the text the content has: no block beside it, up to ``top``,
    holds sentences of text that is not links (a blog's page of one photo under its title,
    its caption the page's only text; a story's photo has the story beside it). The page's
    footers are left out. ``prose``: the blocks already read on the page, each with whether it
    holds such sentences (the figures of a page share their ancestors' siblings: each is read
    once, not once a figure)."""
    if prose is None:
        prose = {}
    node = el
    while node is not top:
        parent = node.getparent()
        if parent is None:
            return False
        for sib in parent:
            if sib is node:
                continue
            said = prose.get(sib)
            if said is None:
                said = prose[sib] = (
                    isinstance(sib.tag, str)
                    and not _page_footer(sib)
                    and _prose_block(sib, label_min)
                )
            if said:
                return False
        node = parent
    return True


def _page_footer(el: HtmlElement) -> bool:
    return bool(el.tag == "footer" or el.get("role") == "contentinfo")


#: a copyright notice is at most this many visible characters (a news agency's clause with its
#: terms, "Copyright © 2005 The Associated Press. All rights reserved. The information
#: contained in …", has about 230)
NOTICE_CHARS = 400
_NOTICE_OPENS = re.compile(r"\s*(?:copyright\b|©|\(c\)(?=\s*(?:1[89]|20)\d\d))", re.IGNORECASE)
_NOTICE_YEAR = re.compile(r"\b(?:1[89]|20)\d\d\b")
_RIGHTS_RESERVED = re.compile(r"all\s+rights\s+reserved", re.IGNORECASE)
#: the year follows the notice's opening within this many characters ("Copyright © 2005 …")
NOTICE_YEAR_WITHIN = 40


def _copyright_notice(el: HtmlElement) -> bool:
    """Whether a block's text is a copyright notice: it opens with "Copyright", "©" or "(c)"
    with a year in its first words or "All rights reserved" after it; never a heading, a
    block holding one or a table of several rows."""
    if next(el.iter(*_HEADING_TAGS), None) is not None:
        return False
    rows = el.iter("tr")
    if next(rows, None) is not None and next(rows, None) is not None:
        # a table of several rows (a module's "Copyright", "License", "Maintainer" fields,
        # with its name after them in the same header block): a row may be a notice, the
        # table is not
        return False
    text = _text_of(el)
    opens = _NOTICE_OPENS.match(text)
    if opens is None:
        return False
    start = opens.end()
    return bool(
        _NOTICE_YEAR.search(text, start, start + NOTICE_YEAR_WITHIN)
        or _RIGHTS_RESERVED.search(text, start)
    )


def _skipped_box(el: HtmlElement) -> bool:
    """Whether a block's first link skips it: it goes to an anchor (``#name``) on the element
    right after the block, and the block's other links, two at least, go to other pages (a
    related-stories box inside a story, opened by a hidden "Continue reading the main story"
    link to the paragraph that follows it)."""
    hrefs = [h.strip() for a in el.iter("a") if (h := a.get("href"))]
    if len(hrefs) < 3 or not hrefs[0].startswith("#") or len(hrefs[0]) < 2:
        return False
    if any(h.startswith("#") for h in hrefs[1:]):
        # more links into the page: a table of contents, whose first entry is the section
        # right after it
        return False
    href = hrefs[0]
    after = next((n for n in el.itersiblings() if isinstance(n.tag, str)), None)
    if after is None:
        return False
    name = href[1:]
    return any(n.get("id") == name or n.get("name") == name for n in after.iter())


#: an aside of links to other pages holds at least this many of them
MIN_ASIDE_LINKS = 3


#: the text of a block outside its links
#: the text of a block outside its links that a reader sees (not a style sheet's or a
#: script's text set in the block)
_UNLINKED_TEXT = etree.XPath(
    "descendant::text()[not(ancestor::a)]"
    "[not(ancestor::script or ancestor::style or ancestor::noscript or ancestor::noembed"
    " or ancestor::template or ancestor::textarea or ancestor::iframe)]"
)


#: a column of teasers has this many headline links at least...
MIN_COLUMN_TEASERS = 3
#: ...this share of its text in links at least...
TEASER_COLUMN_DENSITY = 0.1
#: ...a headline having this many words at least...
TEASER_HEADLINE_WORDS = 3
#: ...and at most this many characters of text besides its links per headline
TEASER_TEXT_CHARS = 300
#: ...none of it in one run longer than this (a paragraph of a text)
TEASER_RUN_CHARS = 400


def _teaser_column(el: HtmlElement) -> bool:
    """Whether a block is a column of teasers: three headlines or more (links of
    TEASER_HEADLINE_WORDS words and TEASER_LINK_CHARS characters at least: not a user's
    name), each with a few lines of text at most, and no paragraph of text of its own."""
    heads = 0
    for a in el.iter("a"):
        text = _text_of(a)
        words = text.split()
        if (
            a.get("href")
            and len(words) >= TEASER_HEADLINE_WORDS
            and len("".join(words)) >= TEASER_LINK_CHARS
        ):
            heads += 1
    if heads < MIN_COLUMN_TEASERS:
        return False
    runs = [len("".join(t.split())) for t in _UNLINKED_TEXT(el)]
    if any(n > TEASER_RUN_CHARS for n in runs):
        return False
    return sum(runs) <= TEASER_TEXT_CHARS * heads


def _passage_in(el: HtmlElement, label_min: int) -> bool:
    """Whether a block holds a run of text outside its links of ``label_min`` characters or
    more (a question's text over its tag links): not a list of links only."""
    return any(len("".join(t.split())) >= label_min for t in _UNLINKED_TEXT(el))


def _links_away(el: HtmlElement) -> int:
    """The links of a block that go to other pages, 0 when some link goes into this page (a
    list of footnotes, each with a link back to its place in the text)."""
    hrefs = [h for a in el.iter("a") if (h := (a.get("href") or "").strip())]
    if any(h[0] == "#" for h in hrefs):
        return 0
    return len(hrefs)


def _page_navigation(el: HtmlElement) -> str:
    """What the element says it is when it is the page's navigation or footer by its own
    markup ("navigation", "footer"), else ""."""
    if el.tag == "nav" or el.get("role") == "navigation":
        return "navigation"
    return "footer" if _page_footer(el) else ""


def _text_before(el: HtmlElement, stop: HtmlElement) -> Iterable[str]:
    """The visible text of the block before the element ``stop`` (in document order)."""
    # a node holds ``stop`` when it is one of its ancestors: one walk up, not a walk down
    # every node's subtree
    holding = set(stop.iterancestors())
    for node in el.iter():
        if node is stop:
            return
        if node is not el and isinstance(node.tag, str) and node.tag in INVISIBLE_TAGS:
            continue
        yield node.text or ""
        if node is not el and node not in holding:
            yield node.tail or ""


def _fixed_label(el: HtmlElement, recs: dict[HtmlElement, list[Any]], exact: set[int]) -> bool:
    """Whether the block opens with a label the site repeats on many pages ("Sponsored
    Links", "Featured" over items that change): the label of a box of the site's frame."""
    first = next((c for c in el if isinstance(c.tag, str)), None)
    if first is None or first.tag not in BLOCK_TAGS and first.tag not in _HEADING_TAGS:
        return False
    rec = recs.get(first)
    if rec is None or rec[1] not in exact:
        return False
    text = "".join(_text_of(first).split())
    return 0 < len(text) <= BOX_LABEL_CHARS


def _site_label(el: HtmlElement, recs: dict[HtmlElement, list[Any]], exact: set[int]) -> bool:
    """Whether the block opens with a short label (not a link), its first visible text, that a
    block of its own holds (its first child with text, three levels down at most), repeated
    on many of the site's pages: the title of a box of the frame."""
    label = block_label(el)
    if label is None or len(label) > BOX_LABEL_CHARS:
        return False
    node = el
    for _ in range(3):
        nxt = next(
            (
                c
                for c in node
                if isinstance(c.tag, str)
                and c.tag not in INVISIBLE_TAGS
                and (len(c) or (c.text and not c.text.isspace()))
            ),
            None,
        )
        if nxt is None:
            return False
        rec = recs.get(nxt)
        if rec is not None:
            text = _DIGITS_RUN.sub("0", "".join(_text_of(nxt).split()).lower())
            return rec[1] in exact and text == label
        node = nxt
    return False


def _section_body(el: HtmlElement, links: int, chars: int, density: float) -> bool:
    """Whether the element is the first block under a heading of the content, not a list of
    links: the section the heading opens (a product's "Dimensions" table, its "Features"),
    which the page says under its own heading however many pages say the same."""
    if chars < BOX_TEXT_CHARS or links >= density * chars:
        return False  # a few words under a name (a member's rank) are no section
    prev = el.getprevious()
    while prev is not None and not isinstance(prev.tag, str):
        if (prev.tail or "").strip():
            return False
        prev = prev.getprevious()
    if prev is None or prev.tag not in _HEADING_TAGS or (prev.tail or "").strip():
        return False
    # a line with a date or a time under a title is the page's byline ("Started by … ·
    # 2007-07-10 19:04 UTC · 0 replies"), not a section
    return _DATE.search(_text_of(el)) is None


#: the longest label of a box ("Note", "Warning", "See also"), and the least text after it
BOX_LABEL_CHARS = 40
BOX_TEXT_CHARS = 20


def _box_label(el: HtmlElement, density: float, repeated: Callable[[HtmlElement], bool]) -> bool:
    """Whether the element is a short label opening its box, followed there by what stays:
    the page's own text, or links that are not a site-wide repeat (a note's "Note" over its
    text, a "See also" over the page's own references)."""
    parent = el.getparent()
    if parent is None or (parent.text or "").strip():
        return False
    prev = el.getprevious()
    while prev is not None and not isinstance(prev.tag, str):
        if (prev.tail or "").strip():
            return False
        prev = prev.getprevious()
    if prev is not None:
        return False
    if el.tag not in BLOCK_TAGS:
        return False  # a line of its own, not a name or a date inside a line
    text = "".join(_text_of(el).split())
    label = len(text)
    if not 0 < label <= BOX_LABEL_CHARS or any(c.isdigit() for c in text):
        return False  # words, not a post's author and date
    nxt = el.getnext()
    while nxt is not None and not isinstance(nxt.tag, str):
        nxt = nxt.getnext()
    if nxt is None or nxt.tag not in BLOCK_TAGS:
        return False
    chars = len("".join(_text_of(nxt).split()))
    if chars < max(2 * label, BOX_TEXT_CHARS):
        return False
    links = sum(len("".join(_text_of(a).split())) for a in nxt.iter("a"))
    return links < density * chars or not repeated(nxt)


def _heading_line(el: HtmlElement) -> bool:
    """Whether the element is a heading, or a wrapper (a ``font``, a ``div``) whose text is
    all one heading's."""
    if el.tag in _HEADING_TAGS:
        return True
    if (el.text or "").strip():
        return False
    kids = [c for c in el if isinstance(c.tag, str)]
    return len(kids) == 1 and not (kids[0].tail or "").strip() and kids[0].tag in _HEADING_TAGS


def _list_titles(
    main_el: HtmlElement,
    out: list[tuple[HtmlElement, str, str, int]],
    main: set[HtmlElement],
    keep_ancestors: set[HtmlElement],
    keep_set: set[HtmlElement],
    density: float,
) -> list[tuple[HtmlElement, str, str, int]]:
    """Outside the main content, the short headings right before a removed link list or form,
    with nothing but headings between them and it: the list's title (and the date under
    it), the form's call ("join our newsletter" over a newsletter's e-mail field)."""
    taken = {el for el, *_ in out}
    found: list[tuple[HtmlElement, str, str, int]] = []
    for el, _detector, _key, chars in list(out):
        if chars <= 0 or _inside(el, main_el) or el in main:
            continue
        prev = el.getprevious()
        while prev is not None and not isinstance(prev.tag, str) and not (prev.tail or "").strip():
            prev = prev.getprevious()  # (a comment)
        if (
            prev is None
            or (prev.tail or "").strip()
            or not _heading_line(prev)
            or prev in taken
            or prev in main
        ):
            continue  # no heading right before it: nothing to take (its links not counted)
        links = sum(len("".join(_text_of(a).split())) for a in el.iter("a"))
        if links < density * chars and el.tag != "form":
            continue
        prev = el.getprevious()
        run: list[tuple[HtmlElement, str, str, int]] = []
        while prev is not None and not (prev.tail or "").strip():
            if not isinstance(prev.tag, str):
                prev = prev.getprevious()
                continue
            if prev in main and _heading_line(prev):
                # the headings run up to the content's own heading: they are its lines (an
                # event's date and time under its title), not the title of the list after them
                run = []
                break
            if not _heading_line(prev) or prev in taken or prev in main:
                break
            if prev in keep_ancestors or (
                keep_set and not keep_set.isdisjoint(prev.iterancestors())
            ):
                break
            text = "".join(_text_of(prev).split())
            if not 0 < len(text) <= BOX_LABEL_CHARS or next(prev.iter("a"), None) is not None:
                break
            run.append((prev, "label", text.lower(), len(text)))
            prev = prev.getprevious()
        found.extend(run)
        taken.update(item[0] for item in run)
    return found


#: a navigation bar inside the content stands among its first or last blocks
END_BLOCKS = 4


def _ends(el: HtmlElement) -> list[HtmlElement]:
    """The element's first and last END_BLOCKS children (all of them when it has few)."""
    n = len(el)
    if n <= 2 * END_BLOCKS:
        return list(el)
    return [*el[:END_BLOCKS], *el[n - END_BLOCKS :]]


def _content_slot(facts: Facts, ap: Applied, main_el: HtmlElement | None) -> HtmlElement | None:
    """The deepest element of the page's slot path (below its main content) in a slot the
    site's content narrows to on most of its pages; None when there is none."""
    found = common = None
    repeated = _repeated_path(facts, ap)
    for el, slot in zip(facts.slot_path, facts.slot_slots, strict=False):
        if slot is None or _in_series(el):
            break  # one post of a thread, one entry of a list: the slot is the whole series
        if shut(el):
            break  # a dialog, a block the page hides: never the page's content
        if el in repeated:
            break  # a block the site repeats word for word (its copyright notice): the frame's
        sid = ap.slot_id(slot)
        if sid in ap.content:
            found = el
        if sid in ap.seen:
            common = el
    if found is None:
        # the site's pages do not agree (templates of several years): this page's own
        # narrowing, down to the deepest place the site has on enough pages
        found = common
    if found is None or (main_el is not None and not _inside(found, main_el)):
        return None
    return found


def _repeated_path(facts: Facts, ap: Applied) -> set[HtmlElement]:
    """The elements of the page's slot path that the site repeats with the same text on many
    of its pages."""
    if not ap.exact or not facts.slot_path:
        return set()
    path = set(facts.slot_path)
    places = _content_places(ap)
    return {
        rec[0]
        for rec in facts.cands
        if rec[0] in path
        and rec[1] in ap.exact
        and (rec[4] is None or ap.slot_id(rec[4]) not in places)
    }


def _content_places(ap: Applied) -> set[int]:
    """The slots where the site's pages have their content (or hold it, ``protected``)."""
    return ap.site_main | ap.site_main_some | ap.site_main_template | ap.content | ap.protected


#: a sibling column holding this share of the main content's text makes them one series
SERIES_SHARE = 0.25


def _own_text(
    place: HtmlElement, cands: list[list[Any]], share: float, chars_share: float
) -> HtmlElement | None:
    """Inside a place, the deepest block holding ``share`` of its non-link text and
    ``chars_share`` of all its text, as the page's main content is found in the page, when it
    holds the page's headline (``h1``); else None."""
    start = next((k for k, rec in enumerate(cands) if rec[0] is place), None)
    if start is None:
        return None
    top = cands[start]
    nonlink = top[2] - top[3]
    if nonlink <= 0:
        return None
    # the candidates below a candidate are the next ones up to its end index; its nearest
    # ones are its children among the candidates
    k, node = start, place
    while True:
        end = cands[k][5]
        best = -1
        j = k + 1
        while j < end:
            if best < 0 or cands[j][2] - cands[j][3] > cands[best][2] - cands[best][3]:
                best = j
            j = max(cands[j][5], j + 1)
        if (
            best < 0
            or cands[best][2] - cands[best][3] < share * nonlink
            or cands[best][2] < chars_share * top[2]
        ):
            break
        k, node = best, cands[best][0]
    # only a block under the page's own headline (a story with its title), not one paragraph
    # of a table of contents' introduction nor a column of an index
    if node is place or next(node.iter("h1"), None) is None:
        return None
    return node


#: the blocks an entry's run of paragraphs may hold beside them
_ENTRY_BLOCKS = """p h2 h3 h4 h5 h6 ul ol dl blockquote pre figure table hr br img
a span strong em b i code"""
_ENTRY_TAGS = frozenset(_ENTRY_BLOCKS.split())


def _paragraph_run(main_el: HtmlElement) -> HtmlElement | None:
    """The block around the main content when that is one paragraph (``p``) among others
    with text outside their links, in a block of the content's flow (paragraphs, headings,
    lists, quotes, figures and tables; no block of other kinds holding text) below the body:
    an entry's text is its paragraphs, not its longest one. None otherwise."""
    if main_el.tag != "p":
        return None
    parent = main_el.getparent()
    if parent is None or parent.tag in ("body", "html"):
        return None
    others = False
    for child in parent:
        if child is main_el or not isinstance(child.tag, str) or child.tag in INVISIBLE_TAGS:
            continue
        text = visible_text(child)
        if not text.strip():
            continue
        if child.tag not in _ENTRY_TAGS:
            return None
        if child.tag == "p" and text_outside_links(child):
            others = True
    return parent if others else None


def _series_whole(main_el: HtmlElement) -> HtmlElement | None:
    """The parent of the main content (or of its nearest ancestor) when that element is one
    of a series of alike siblings: the same tag and classes, the same child tags, and text of
    its order (the columns of an index); None when it is not."""
    # the content's own characters, counted only once a sibling of the same shape needs them
    # (serialising the whole content is this function's main cost); without text it has no
    # series
    own = -1
    el: HtmlElement | None = main_el
    while el is not None and el.tag not in ("body", "html"):
        parent = el.getparent()
        if parent is None:
            return None
        step = _slot_step(el, el.tag)
        shape = {c.tag for c in el if isinstance(c.tag, str)}
        linked = el.tag in ("td", "th") and _mostly_links(el)
        for sib in parent:
            if (
                sib is not el
                and sib.tag == el.tag
                and _slot_step(sib, sib.tag) == step
                and {c.tag for c in sib if isinstance(c.tag, str)} == shape
                # a menu column beside a column of text is no second column of the same
                # index: alike cells of a row are both link lists or both text (a page's
                # tables one under the other are its sections, whatever their links)
                and (el.tag not in ("td", "th") or _mostly_links(sib) == linked)
            ):
                if own < 0:
                    own = len("".join(_text_of(main_el).split()))
                if own == 0:
                    return None
                if len("".join(_text_of(sib).split())) >= SERIES_SHARE * own:
                    return parent if parent.tag not in ("body", "html") else None
        if len(parent) > 1 and any(
            isinstance(c.tag, str) and c is not el and _text_of(c).strip() for c in parent
        ):
            return None  # the element has other company: look no higher
        el = parent
    return None


#: the elements a page marks as its main content
_MARKED_MAIN = etree.XPath("//body//main | //body//*[@role='main']")


def _marked_main(root: HtmlElement) -> HtmlElement | None:
    """The one element the page marks as its main content (``main``, ``role="main"``), when
    there is one (the outermost of nested ones) and it holds visible text; else None."""
    found = [el for el in _MARKED_MAIN(root) if isinstance(el.tag, str)]
    outer = [el for el in found if not any(a in found for a in el.iterancestors())]
    if len(outer) != 1 or not _chars_links(outer[0])[0]:
        return None
    return cast(HtmlElement, outer[0])


def _chars_links(el: HtmlElement) -> tuple[int, int]:
    """The element's visible characters other than white space, and those of its links
    (read without the visible-text transform: run on a part of the page, it leaves libxml2's
    order of the page's nodes numbered from that part, and later positional searches of the
    page, such as a block's first text, go wrong)."""
    chars = len("".join(_visible_text_of(el, _holding_invisible(el)).split()))
    links = sum(len("".join(_text_of(a).split())) for a in el.iter("a"))
    return chars, links


def _slot_of(el: HtmlElement, max_depth: int) -> str | None:
    """The element's structural slot, as the analysis names it (the root path of its steps,
    a cell's place in its row), for an element that is no candidate; None below
    ``max_depth``."""
    chain = [*reversed(list(el.iterancestors())), el]
    if len(chain) - 1 > max_depth:
        return None
    parts = []
    for a in chain:
        step = _slot_step(a, a.tag)
        if a.tag == "td":
            step += f"[{sum(1 for _ in a.itersiblings('td', preceding=True))}]"
        parts.append("/" + step)
    return "".join(parts)


def _headed_place(
    root: HtmlElement,
    main_el: HtmlElement,
    places: set[HtmlElement],
    density: float,
    candidates: Callable[[], list[HtmlElement]] | None = None,
) -> HtmlElement | None:
    """The nearest of the site's content places (below the body) around the main content
    that also holds the page's own heading (an h1-h3 saying the page's title) outside the
    main content, alone in its block, when every other block beside the main content on the
    way up to it is text: a class's name over its description, where the member details
    below hold most of the page's text. None when no such place holds such a heading, when
    the heading's block holds more than it (a story's head with its share bar and topic
    links), or when a block beside the main content on the way up to the place has links
    that are ``density`` of its text or more, links beside less than BOX_TEXT_CHARS of text
    of its own, or is a column of teasers (a page's table of contents under its title, a
    side bar beside a question's answers, a trail of breadcrumbs over a topic's post, boxes
    of headlines beside a story), or holds a table of figures (quotes beside a story): the
    frame's, not the content's. ``candidates``: :func:`_title_candidates` of the page, read
    once by the caller."""
    around = [a for a in main_el.iterancestors() if a in places]
    if not around:
        return None
    headings = [
        h
        for h in _title_headings(root, main_el, None, candidates)
        if h.tag in ("h1", "h2", "h3") and h is not main_el and not _inside(h, main_el)
    ]
    place = next((a for a in around if any(_inside(h, a) for h in headings)), None)
    if place is None:
        return None
    step = main_el
    more = False  # text beside the main content besides the heading
    while step is not place:
        parent = step.getparent()
        if parent is None:
            return None
        for sib in parent:
            if sib is step or not isinstance(sib.tag, str) or sib.tag in INVISIBLE_TAGS:
                continue
            heading = next((h for h in headings if h is sib or _inside(h, sib)), None)
            if heading is not None:
                # the heading on its own, not a head block that also holds the frame's
                # parts (a story's share bar and topic links beside its headline)
                if "".join(_text_of(sib).split()) != "".join(_text_of(heading).split()):
                    return None
                continue
            chars, links = _chars_links(sib)
            more = more or chars > 0
            if links and (
                links >= density * chars or chars - links < BOX_TEXT_CHARS or _teaser_column(sib)
            ):
                # mostly links, links with next to no text of its own beside them (a table of
                # contents, a trail of breadcrumbs over a topic's post), or headlines each with
                # a line or two (a column of boxes beside a story): the frame's
                return None
            if any(_figures_table(t) for t in sib.iter("table")):
                # a table of figures beside the story (the day's quotes): the site's widget
                return None
        step = parent
    # (the heading alone beside it is the content's anyway: its own heading, kept)
    return place if more else None


def _mostly_links(el: HtmlElement) -> bool:
    """Whether at least half of the element's visible text is link text (a menu column's
    scripts are no text of it)."""
    chars = len("".join(_visible_text_of(el, _holding_invisible(el)).split()))
    links = sum(len("".join(_text_of(a).split())) for a in el.iter("a"))
    return chars > 0 and links >= 0.5 * chars


def _headed(el: HtmlElement) -> bool:
    """Whether the element's previous sibling element is a heading (h1-h6), past empty
    anchors."""
    prev = el.getprevious()
    while prev is not None and (
        not isinstance(prev.tag, str) or (prev.tag == "a" and not _text_of(prev).strip())
    ):
        prev = prev.getprevious()
    return prev is not None and prev.tag in _HEADING_TAGS


def _series_place(main_el: HtmlElement, places: set[HtmlElement]) -> HtmlElement | None:
    """The nearest of the site's content places around the main content when, between the
    two, an element is one of a series of alike siblings (one member's documentation among
    the page's others, each under its own heading): the entry holds most of the text, but the
    content is the whole place. None when there is no such place or no series."""
    series = False
    el: HtmlElement
    for el in (main_el, *main_el.iterancestors()):
        if el.tag in ("body", "html"):
            return None
        if el in places and series:
            return el
        # an entry under its own heading, like its alike siblings (not the cells of a row,
        # the columns of a layout, nor a block among a page's panels)
        series = series or (el.tag not in ("td", "th") and _in_series(el) and _headed(el))
    return None


def _labelled_place(main_el: HtmlElement, places: set[HtmlElement]) -> HtmlElement | None:
    """The record the main content is a field of, when between the two an element is the
    value of a field under its label (``_label_line``: "Publications:" over a person's list
    of papers, "Papers That Cite This Data Set:" over a data set's citations): that value
    holds most of the text, but it is one field of the page's record, whose other fields and
    their labels are the content too. The record is the block holding the label and its
    value, or the block around that one when it holds nothing else (a field's own wrapper),
    and it is, or is inside, one of the site's content places. None when there is no such
    label or place."""
    record: HtmlElement | None = None
    el: HtmlElement
    for el in (main_el, *main_el.iterancestors()):
        if el.tag in ("body", "html"):
            return None
        if record is not None:
            if el in places and (el is record or _inside(record, el)):
                return record
            continue
        if el.tag in ("td", "th"):
            continue
        prev = _previous_with_text(el)
        if prev is None or not _label_line(prev):
            continue
        record = el.getparent()
        if record is None or record.tag in ("body", "html"):
            return None
        fields = [c for c in record if isinstance(c.tag, str) and _has_text(c)]
        parent = record.getparent()
        if len(fields) == 2 and parent is not None and parent.tag not in ("body", "html"):
            record = parent  # (the field's wrapper: its record is around it)
    return None


#: the tags of a post's container (a thread's entry): not a paragraph nor a line of text
_POST_TAGS = frozenset(["div", "li", "article", "section", "table", "dd"])
#: alike posts share this share of their child steps (tag and classes), at least
POST_SHAPE_SHARE = 0.6


def _child_steps(el: HtmlElement) -> set[str]:
    # the children's (tag, id, class) first, then a step for each distinct one: a listing's
    # lines have hundreds of children of a few kinds (a comment's .get is None, its tag no
    # string: left out below)
    steps = _STEPS
    out = set()
    for key in {(c.tag, c.get("id"), c.get("class")) for c in el}:
        step = steps.get(key)
        if step is None:
            tag = key[0]
            if not isinstance(tag, str):
                continue
            step = _slot_step_cached(key)
        out.add(step)
    return out


def _nested_classes(el: HtmlElement, other: HtmlElement) -> bool:
    """Whether one of two elements of the same tag and id carries the other's classes and
    more (a thread starter's post among replies: ``comment-wrap thread-starter``)."""
    if _step_of(el.tag, el.get("id"), None) != _step_of(other.tag, other.get("id"), None):
        return False  # (ids with digits are each post's own: left out, as in a slot)
    mine = set((el.get("class") or "").split())
    theirs = set((other.get("class") or "").split())
    return bool(mine & theirs) and (mine < theirs or theirs < mine)


#: an entry is built like the content's own post when this many of its classed parts at least,
#: and this share of them, are parts of the main content too
POST_PARTS_MIN = 6
POST_PARTS_SHARE = 0.5


def _classed_parts(el: HtmlElement) -> set[tuple[str, str]]:
    """The tags and classes of an element's parts that have a class."""
    return {
        (d.tag, " ".join(sorted(cls.split())))
        for d in el.iter()
        if isinstance(d.tag, str) and (cls := d.get("class"))
    }


def _more_posts(el: HtmlElement, main_el: HtmlElement | None) -> bool:
    """Whether a block beside the main content holds more posts like the content's own (the
    block beside it that holds the main content, with the content's post around it): most
    of its entries with text are built of the content's parts (``POST_PARTS_MIN`` of their
    classed parts at least, ``POST_PARTS_SHARE`` of them: the vote bar, the author's line, the
    text's box and the action bar of a question's chosen answer, under the other answers
    listed after it). A list of other stories' headlines is built of links and items, not of
    the story's parts: it stays a box of the site's."""
    if main_el is None:
        return False
    entries = [c for c in el if isinstance(c.tag, str) and _text_of(c).strip()]
    if len(entries) == 1:
        inside = [c for c in entries[0] if isinstance(c.tag, str) and _text_of(c).strip()]
        entries = inside if len(inside) >= 2 else entries
    if not entries:
        return False
    # the content's own post: the block beside this one that holds the main content
    column = main_el
    for a in main_el.iterancestors():
        if a is el.getparent():
            break
        column = a
    own = _classed_parts(column)
    alike = 0
    for entry in entries:
        parts = _classed_parts(entry)
        shared = len(parts & own)
        if shared >= POST_PARTS_MIN and shared >= POST_PARTS_SHARE * len(parts):
            alike += 1
    return 2 * alike > len(entries)


def _alike_posts(el: HtmlElement, other: HtmlElement) -> bool:
    """Whether two elements are alike posts: the same tag and classes (or one with the
    other's classes and more), mostly the same child steps (at least two), and text in the
    other one."""
    if other.tag != el.tag:
        return False
    if _slot_step(other, other.tag) != _slot_step(el, el.tag) and not _nested_classes(el, other):
        return False
    shape, theirs = _child_steps(el), _child_steps(other)
    return (
        len(shape) >= 2
        and len(shape & theirs) >= POST_SHAPE_SHARE * len(shape | theirs)
        and bool(_text_of(other).strip())
    )


def _post_shape(el: HtmlElement) -> set[str]:
    """A post's child steps, read below the wrappers it keeps its parts in: through a lone
    child, and across rows of one kind (a post laid out as a table of rows)."""
    for _ in range(4):
        kids = [c for c in el if isinstance(c.tag, str)]
        if len(kids) != 1:
            break
        el = kids[0]
    shape = _child_steps(el)
    if len(shape) == 1 and len(el) >= 2:
        shape = {
            _slot_step(g, g.tag)
            for c in el
            if isinstance(c.tag, str)
            for g in c
            if isinstance(g.tag, str)
        }
    return shape


class _Shapes(dict[HtmlElement, set[str]]):
    """Posts' child steps, read on first use."""

    def __missing__(self, el: HtmlElement) -> set[str]:
        shape = self[el] = _child_steps(el)
        return shape


def _run_posts(container: HtmlElement) -> list[HtmlElement]:
    """The largest run of alike posts among the element's children (at least two), or []."""
    by_step: dict[str, list[HtmlElement]] = {}
    # a post's shape is read when it is needed: most children are alone of their step, or in
    # a group smaller than a run already found
    shaped: _Shapes = _Shapes()
    steps = _STEPS
    for c in container:
        tag = c.tag
        if tag not in _POST_TAGS:  # (a comment's tag is no string: never in it)
            continue
        n = len(c)
        if n < 2:
            if not n:
                continue
            shape = _post_shape(c)
            if len(shape) < 2:
                continue
            shaped[c] = shape
        key = (tag, c.get("id"), c.get("class"))
        step = steps.get(key)
        if step is None:
            step = _slot_step_cached(key)
        by_step.setdefault(step, []).append(c)
    best: list[HtmlElement] = []
    for alike in by_step.values():
        if len(alike) < 2 or len(alike) <= len(best):
            continue
        # posts of one shape give one group: each distinct shape is compared once with each
        # other (a list of hundreds of entries has a few shapes), in the order they first come
        keys = [frozenset(shaped[c]) for c in alike]
        distinct = list(dict.fromkeys(keys))
        for kind in distinct:
            if len(kind) < 2:
                continue
            near = {
                other
                for other in distinct
                if len(kind & other) >= POST_SHAPE_SHARE * len(kind | other)
            }
            group = [d for d, key in zip(alike, keys, strict=True) if key in near]
            if len(group) > len(best):
                best = group
            if 2 * len(best) >= len(alike):
                break
    if len(best) < 2:
        # two posts, one of them with one more class (a thread's starter and its one reply)
        posts = [c for alike in by_step.values() for c in alike]
        if len(posts) > 2:
            return []  # (before comparing them pair by pair: a listing has thousands of lines)
        best = next(
            (
                [c, d]
                for i, c in enumerate(posts)
                for d in posts[i + 1 :]
                if _nested_classes(c, d) and _alike_posts(c, d) and _alike_posts(d, c)
            ),
            [],
        )
        if len(best) < 2:
            return []
    # posts that carry one more class (a thread starter's, a staff member's) are of the run
    # when they share a class with it and have its shape
    classes = set((best[0].get("class") or "").split())
    # a long run has few distinct shapes: each is compared once, and each candidate's shape
    # is judged once however many posts share it
    run_shapes = list({frozenset(shaped[c] if len(c) >= 2 else _child_steps(c)) for c in best})
    judged: dict[frozenset[str], bool] = {}
    members = set(best)
    extra = []
    for c in container:
        if (
            c in members
            or c.tag != best[0].tag
            or len(c) < 2
            or not classes & set((c.get("class") or "").split())
        ):
            continue
        kind = frozenset(shaped[c])
        if kind not in judged:
            judged[kind] = _shaped_like(set(kind), run_shapes)
        if judged[kind]:
            extra.append(c)
    if not extra:
        return best
    members.update(extra)
    return [c for c in container if c in members]


def _shaped_like(shape: set[str], shapes: Sequence[AbstractSet[str]]) -> bool:
    return any(len(shape & other) >= POST_SHAPE_SHARE * len(shape | other) for other in shapes)


def _post_of_run(el: HtmlElement, main: set[HtmlElement]) -> bool:
    """Whether the element is a post alike to a sibling that holds the main content."""
    parent = el.getparent()
    return (
        parent is not None
        and el.tag in _POST_TAGS
        and any(s is not el and s in main and _alike_posts(s, el) for s in parent)
    )


#: the text a post says itself: not its links' nor its controls' (nor a script's)
_MESSAGE_TEXT = etree.XPath(
    ".//text()[not(ancestor::a or ancestor::button or ancestor::select"
    " or ancestor::script or ancestor::style)]"
)


def _message_pieces(el: HtmlElement) -> set[str]:
    """The pieces of text of a block outside its links and controls, white space removed and
    digits folded (a vote count is no message)."""
    out = set()
    for piece in _MESSAGE_TEXT(el):
        text = _DIGITS_RUN.sub("0", "".join(str(piece).split()))
        if text:
            out.add(text)
    return out


def _message_post(el: HtmlElement) -> bool:
    """Whether the element is a post of a run of alike posts that says something of its own:
    text outside its links and controls that an alike sibling does not say (the answer "50万
    不解释" under its vote button and its author's link). A box of links opened by a control
    says nothing but its links."""
    parent = el.getparent()
    if parent is None or el.tag not in _POST_TAGS:
        return False
    mine: set[str] | None = None
    for sib in parent.iterchildren(el.tag):
        if sib is el or not _alike_posts(el, sib):
            continue
        if mine is None:
            mine = _message_pieces(el)
            if not mine:
                return False
        if mine - _message_pieces(sib):
            return True
    return False


def _post_run(main_el: HtmlElement) -> HtmlElement | None:
    """The parent of the run of alike posts the main content is in: the nearest ancestor (or
    the element itself) that is a post's container — at least two child elements — with a
    sibling of its tag and classes that has mostly the same child steps and some text (the
    next answer, comment or post); None when there is none. Unlike ``_series_whole`` the
    siblings may be far shorter than the main content (one long answer among one-line
    ones)."""
    el: HtmlElement | None = main_el
    while el is not None and el.tag not in ("body", "html"):
        parent: HtmlElement | None = el.getparent()
        if parent is None or parent.tag in ("body", "html"):
            return None
        if el.tag in _POST_TAGS and any(
            sib is not el and _alike_posts(el, sib) for sib in parent.iterchildren(el.tag)
        ):
            return parent
        el = parent
    return None


#: a story above readers' comments holds at least this much text that is not links
STORY_MIN_CHARS = 250
#: readers' comments: a run of this many alike posts at least...
MIN_COMMENTS = 2
#: ...at least this share of them dated (who wrote it and when)
COMMENT_DATED_SHARE = 0.5


def _comment_run(el: HtmlElement) -> list[HtmlElement]:
    """The run of alike posts among the block's children, or its lone wrapper's (two levels
    down at most); [] when there is none."""
    node = el
    for _ in range(3):
        # (of the thread's run and the run of a shared class, the one of more dated posts:
        # the comments, not two alike sort bars above and below them)
        best: list[HtmlElement] = []
        best_dated = -1
        for run in (_run_posts(node), _classed_run(node)):
            if len(run) >= MIN_COMMENTS:
                dated = sum(1 for post in run if holds_date(visible_text(post)))
                if dated > best_dated:
                    best, best_dated = run, dated
        if best:
            return best
        kids = [c for c in node if isinstance(c.tag, str) and c.tag not in INVISIBLE_TAGS]
        kids = [c for c in kids if len(c) or (c.text and not c.text.isspace())]
        if len(kids) != 1:
            return []
        node = kids[0]
    return []


def _classed_run(node: HtmlElement) -> list[HtmlElement]:
    """The largest group of the element's children of one tag sharing a class (without
    digits) and mostly the same child steps: a list of comments whose rows also carry
    their place's classes ("views-row views-row-odd views-row-first", "… views-row-last"),
    so that no two rows of a short list have the same classes."""
    groups: dict[tuple[str, str], list[HtmlElement]] = {}
    for c in node:
        if not isinstance(c.tag, str) or c.tag not in _POST_TAGS or not len(c):
            continue
        for cls in set((c.get("class") or "").split()):
            if not any(ch.isdigit() for ch in cls):
                groups.setdefault((c.tag, cls), []).append(c)
    best: list[HtmlElement] = []
    rank = (0, 0)
    for posts in groups.values():
        if len(posts) < MIN_COMMENTS or len(posts) < rank[0]:
            continue
        # (a run of more posts first, then of more text: the comments, not the two sort bars
        # above and below them)
        mine = (len(posts), sum(len(_text_of(c)) for c in posts))
        if mine <= rank:
            continue
        first = _post_shape(posts[0])
        if len(first) >= 2 and all(_shaped_like(_post_shape(c), [first]) for c in posts[1:]):
            best, rank = posts, mine
    return best


def _in_post(el: HtmlElement) -> bool:
    """Whether the element is inside a post of a run of alike posts (an answer's comments)."""
    for a in el.iterancestors():
        parent = a.getparent()
        if parent is None or a.tag in ("body", "html"):
            return False
        if a.tag in _POST_TAGS and any(
            s is not a and _alike_posts(a, s) for s in parent.iterchildren(a.tag)
        ):
            return True
    return False


def _comment_blocks(cands: list[list[Any]], ap: Applied) -> list[HtmlElement]:
    """The blocks that hold readers' comments, as the page marks them: a candidate block with
    "comment" in its id or classes, or the block around two or more posts each so marked
    (outermost first: the blocks inside one found are its own) holding a run of two or more alike posts,
    at least half of them dated, not inside a post of a run itself (a question's comments
    among its answers), and not at a place that holds the site's content on at least half
    the pages that have it (a forum's list of posts, its thread's first post among them).
    Whether a story comes before them is judged later (``_story_before``)."""
    # (the slot names the block's and its ancestors' ids and classes without digits: one
    # string search a candidate, then the block's own attributes for the few it finds)
    marked = [
        k
        for k, rec in enumerate(cands)
        if (slot := rec[4]) is not None
        and ("omment" in slot or "OMMENT" in slot)
        and (
            ((ident := rec[0].get("id")) and ("omment" in ident or "OMMENT" in ident))
            or ((cls := rec[0].get("class")) and ("omment" in cls or "OMMENT" in cls))
        )
    ]
    if not marked:
        return []
    # posts each marked as a comment, side by side, with no mark on the block around them:
    # that block holds the comments too
    siblings: dict[HtmlElement, int] = {}
    for k in marked:
        parent = cands[k][0].getparent()
        if parent is not None:
            siblings[parent] = siblings.get(parent, 0) + 1
    around = {p for p, count in siblings.items() if count >= MIN_COMMENTS}
    if around:
        marked = sorted({*marked, *(k for k, rec in enumerate(cands) if rec[0] in around)})
    held = ap.site_main | ap.site_main_some | ap.site_main_template | ap.content
    found: list[HtmlElement] = []
    after = 0  # (the blocks inside a block found are its own)
    for k in marked:
        el, _h, chars, _links, slot, end, _skel = cands[k]
        if k < after or chars <= 0 or slot is None:
            continue
        if el.tag in ("body", "html") or ap.slot_id(slot) in held:
            continue
        run = _comment_run(el)
        if len(run) < MIN_COMMENTS:
            continue
        dated = sum(1 for post in run if holds_date(visible_text(post)))
        if dated < max(MIN_COMMENTS, COMMENT_DATED_SHARE * len(run)) or _in_post(el):
            continue
        found.append(el)
        after = end
    return found


def _before(a: HtmlElement, b: HtmlElement) -> bool:
    """Whether ``a`` ends before ``b`` starts in document order (neither inside the other)."""
    line = [a, *a.iterancestors()]
    at = {x: k for k, x in enumerate(line)}
    node = b
    while node is not None:
        parent = node.getparent()
        if parent is None:
            return False
        k = at.get(parent)
        if k is not None:
            if k == 0:
                return False  # b inside a
            mine = line[k - 1]
            return bool(parent.index(mine) < parent.index(node))
        node = parent
    return False


def _unlinked_chars(el: HtmlElement) -> tuple[int, str]:
    text = visible_text(el)
    links = sum(len("".join(visible_text(a).split())) for a in el.iter("a"))
    return len("".join(text.split())) - links, text


#: the inline elements a line of text loose in the body is written in
_LOOSE_LINE_TAGS = frozenset(["font", "span", "small", "i", "em", "b", "strong", "tt"])


def _trailing_lines(
    root: HtmlElement, main_el: HtmlElement, taken: set[HtmlElement]
) -> list[HtmlElement]:
    """The lines of inline text loose in the body after the block holding the content: a
    child of the body of an inline tag, holding no block and at most NOTICE_CHARS
    characters, after the body's child that holds the content (not the taken ones)."""
    body = root.find("body")
    if body is None:
        return []
    top = main_el
    for a in main_el.iterancestors():
        if a is body:
            break
        top = a
    else:
        return []
    found: list[HtmlElement] = []
    for el in top.itersiblings():
        if not isinstance(el.tag, str) or el.tag not in _LOOSE_LINE_TAGS or el in taken:
            continue
        if any(isinstance(d.tag, str) and d.tag in BLOCK_TAGS for d in el.iterdescendants()):
            continue
        chars = len("".join(_text_of(el).split()))
        if 0 < chars <= NOTICE_CHARS:
            found.append(el)
    return found


def _unlinked_before(area: HtmlElement, stop: HtmlElement) -> int:
    """Characters of the area's visible text outside links before the element ``stop`` (in
    document order), spaces not counted."""
    n = 0
    for chunk in _UNLINKED_TEXT(area):
        node = chunk.getparent()
        if chunk.is_tail:
            node = node.getparent()
        if node is stop or (node is not None and any(a is stop for a in node.iterancestors())):
            break
        n += len("".join(chunk.split()))
    return n


def _story_before(block: HtmlElement, content: HtmlElement) -> bool:
    """Whether the page's content holds a story before the block: the content (the content
    slot, else the main content) comes before it, or holds it after its text, with at least
    ``STORY_MIN_CHARS`` of text outside links and a sentence end."""
    if _inside(block, content):
        # (its pieces apart: "album.<br>The" ends a sentence)
        text = " ".join(t for t in _text_before(content, block) if t)
        links = 0
        for a in content.iter("a"):
            if not _before(a, block):
                break
            links += len("".join(visible_text(a).split()))
        own = len("".join(text.split())) - links
    elif _before(content, block):
        own, text = _unlinked_chars(content)
    else:
        return False
    return own >= STORY_MIN_CHARS and _SENTENCE_END.search(text) is not None


def _beside_comments(
    facts: Facts, spec_share: float, story: HtmlElement, block: HtmlElement
) -> Facts:
    """The page's facts with the block around the story as its main content, and the chain
    of its children each holding most of its non-link text (the content slot's candidates)
    read without the comments' block."""
    recs = {rec[0]: rec for rec in facts.cands}
    gone = recs.get(block)
    gone_chars, gone_links = (gone[2], gone[3]) if gone is not None else (0, 0)

    def numbers(el: HtmlElement) -> tuple[int, int]:
        rec = recs.get(el)
        if rec is not None:
            chars, links = rec[2], rec[3]
        else:
            chars, links = _unlinked_chars(el)[0], 0  # (its text outside links, as not links)
        if _inside(block, el):
            chars, links = chars - gone_chars, links - gone_links
        return chars, links

    path = [*reversed(list(story.iterancestors())), story]
    slot_path: list[HtmlElement] = []
    slot_slots: list[str | None] = []
    node = story
    while True:
        best: HtmlElement | None = None
        best_nonlink = total = 0
        for child in node:
            if (
                child is block
                or not isinstance(child.tag, str)
                or child.tag in INVISIBLE_TAGS
                or _page_footer(child)
            ):
                continue
            chars, links = numbers(child)
            if links >= _SIDE_DENSITY * chars:
                continue
            total += chars - links
            if chars - links > best_nonlink and not shut(child):
                best, best_nonlink = child, chars - links
        rec = recs.get(best) if best is not None else None
        if rec is None or rec[4] is None or best_nonlink <= 0:
            break
        if best_nonlink < spec_share * total:
            break
        node = best  # type: ignore[assignment]
        slot_path.append(node)
        slot_slots.append(rec[4])
    return dataclasses.replace(
        facts,
        main_path=path,
        main_slots=[recs[el][4] for el in path if el in recs and recs[el][4]],
        slot_path=slot_path,
        slot_slots=slot_slots,
    )


def _story_column(
    root: HtmlElement,
    main_el: HtmlElement,
    recs: dict[HtmlElement, list[Any]],
    density: float,
    candidates: Callable[[], list[HtmlElement]] | None = None,
) -> tuple[HtmlElement, dict[HtmlElement, str]] | None:
    """The story's column and the columns of boxes beside it (each with the removal's
    representation), when the page's guess of its content holds both: a child of the guess
    holding the content's heading (the page's title) and a story of at least
    ``STORY_MIN_CHARS`` with a sentence end; beside it, children with links at least
    ``density`` of their text, not a section opened by its heading (a stack of boxes under
    headings of one level is none). Either the story's column holds the most text outside
    links among the children and those beside it hold ``MIN_COLUMN_BOXES`` boxes or more (a
    short label over headlines: "box column"); or the story's column holds the page's longest
    paragraph (``STORY_MIN_CHARS`` at least, a sentence end) and each child holding more text
    outside links than the story is a column of the site's boxes ("side column"): two blocks
    with text at least, no run of alike posts (a thread's answers beside its question), no
    heading of the content, and no paragraph more than half as long as the story's longest
    (a second column of the story's own text). None otherwise."""
    kids = [c for c in main_el if isinstance(c.tag, str) and c.tag not in INVISIBLE_TAGS]
    if len(kids) < 2:
        return None
    # the story's column first (a few headings), then the boxes (every child of the guess: a
    # listing's thousands of lines)
    headed = _title_headings(root, main_el, None, candidates)
    story = next((k for k in kids if k in headed), None)
    if story is None:
        return None
    boxes = [
        k
        for k in kids
        if (rec := recs.get(k)) is not None
        and rec[2] > 0
        and rec[3] >= density * rec[2]
        # each box's headline: a link of its own (two links at all first: no XPath call)
        and next(itertools.islice(k.iter("a"), MIN_COLUMN_BOXES - 1, None), None) is not None
        and (not _section_headed(k) or _heading_stack(k))
        and _LONG_LINKS(k) >= MIN_COLUMN_BOXES
        and _headline_boxes(k) >= MIN_COLUMN_BOXES
    ]
    linked = [
        k
        for k in kids
        if k not in boxes
        and (rec := recs.get(k)) is not None
        and rec[2] > 0
        and rec[3] >= density * rec[2]
        and (not _section_headed(k) or _heading_stack(k))
    ]
    if not boxes and not linked:
        return None
    own, text = _unlinked_chars(story)
    if own < STORY_MIN_CHARS or _SENTENCE_END.search(text) is None:
        return None
    theirs = {}
    for k in kids:
        if k is not story:
            rec = recs.get(k)
            theirs[k] = rec[2] - rec[3] if rec is not None else _unlinked_chars(k)[0]
    if story in boxes:
        # (the story's column looks like one of boxes too, its bars of links around the
        # story: only its longest paragraph, below, tells it)
        boxes = [k for k in boxes if k is not story]
    elif boxes and all(chars <= own for chars in theirs.values()):
        return story, dict.fromkeys(boxes, "box column")
    # A column of the site's modules beside the story's (its blog's "about" box, its
    # authors' short bios, a table of other stories' teasers) may hold more text than a
    # short story, in boxes of prose no title shows: the story's column holds the page's
    # longest paragraph, and each such column only paragraphs of half its length at most.
    longest, passage = _longest_passage(story)
    if longest < STORY_MIN_CHARS or _SENTENCE_END.search(passage) is None:
        return None
    sides = [
        k
        for k in boxes + linked
        if k is not story
        and k not in headed
        and sum(
            1
            for c in k
            if isinstance(c.tag, str) and c.tag not in INVISIBLE_TAGS and visible_text(c).strip()
        )
        >= MIN_COLUMN_BOXES
        and not _run_posts(k)
        and 2 * _longest_passage(k)[0] <= longest
    ]
    if not sides or any(chars > own and k not in sides for k, chars in theirs.items()):
        return None
    return story, dict.fromkeys(sides, "side column")


#: a figure: a number with its sign, separators, fraction or percent ("-0.07", "+2", "13/16",
#: "1,066.19", "12%")
_FIGURE_WORD = re.compile(r"[-+\u2212]?(?:\d[\d.,]*|\.\d+)(?:/\d+)?%?")
#: a table of figures holds at least this many
MIN_TABLE_FIGURES = 3


def _figures_table(el: HtmlElement) -> bool:
    """Whether the table's text outside its links, header cells (``th``) and caption is
    figures only, ``MIN_TABLE_FIGURES`` of them at least, in two rows or more: quotes, scores,
    a ticker (its names are links or headers, its values figures)."""
    words: list[str] = []
    rows: set[HtmlElement] = set()
    for chunk in el.xpath(".//text()"):
        if not chunk.strip():
            continue
        node = chunk.getparent()
        if chunk.is_tail:
            node = node.getparent()
        row = None
        skip = False
        while node is not None and node is not el:
            if node.tag in INVISIBLE_TAGS or node.tag in ("a", "th", "caption"):
                skip = True
                break
            if node.tag == "tr" and row is None:
                row = node
            node = node.getparent()
        if skip:
            continue
        for word in chunk.split():
            if not _FIGURE_WORD.fullmatch(word):
                return False
            words.append(word)
        if row is not None:
            rows.add(row)
    return len(words) >= MIN_TABLE_FIGURES and len(rows) >= 2


#: the elements that hold a paragraph of their own: its text and that of the inline
#: elements in it (a line break goes on with the paragraph)
_PASSAGE_TAGS = BLOCK_TAGS - {"br", "hr"}


def _longest_passage(el: HtmlElement) -> tuple[int, str]:
    """The block's longest paragraph: the most characters of text outside links (white space
    left out) that one element holds directly, in its own text and in its inline elements,
    not in blocks inside it; with that paragraph's text."""
    sizes: dict[HtmlElement, int] = {}
    parts: dict[HtmlElement, list[str]] = {}
    for chunk in el.xpath(".//text()"):
        size = len("".join(chunk.split()))
        if not size:
            continue
        node = chunk.getparent()
        if chunk.is_tail:
            node = node.getparent()
        owner: HtmlElement | None = None
        linked = hidden = False
        while node is not None:
            if node.tag in INVISIBLE_TAGS:
                hidden = True
                break
            if node.tag == "a":
                linked = True
            if owner is None and (node.tag in _PASSAGE_TAGS or node is el):
                owner = node
            if node is el:
                break
            node = node.getparent()
        if hidden or owner is None:
            continue
        parts.setdefault(owner, []).append(str(chunk))
        if not linked:
            sizes[owner] = sizes.get(owner, 0) + size
    if not sizes:
        return 0, ""
    best = max(sizes, key=lambda k: sizes[k])
    return sizes[best], " ".join(parts[best])


def _heading_stack(el: HtmlElement) -> bool:
    """Whether the block's own headings (its children) are two or more of one level: a stack
    of boxes, each under its title ("Top Games", "Top Downloads"), not a section under its
    heading with its subsections ("See also" over "Functions" and "Types")."""
    tags = [c.tag for c in el if isinstance(c.tag, str) and c.tag in _HEADING_TAGS]
    return len(tags) >= 2 and len(set(tags)) == 1


def _story_around(block: HtmlElement) -> HtmlElement | None:
    """The nearest block around the comments that holds a story before them (when the text
    of many comments made them the page's main content): its text before the block, outside
    links, at least ``STORY_MIN_CHARS`` with a sentence end."""
    for a in block.iterancestors():
        if a.tag in ("body", "html"):
            return None
        if _story_before(block, a):
            return cast(HtmlElement, a)
    return None


#: the end of a sentence: a word, then a full stop, a question or an exclamation mark. The
#: mark leads the pattern and the word is looked behind it: the search then skips ahead to the
#: marks, where a leading word would be tried at every letter (a page of Chinese text, whose
#: every character is a letter and whose sentences end in "。", was read letter by letter)
_SENTENCE_END = re.compile(r"[.?!](?<=[^\W\d_]{2}[.?!])(?:\s|$)")


def _prose(el: HtmlElement, chars: int, links: int, label_min: int) -> bool:
    """Whether a block is someone's sentences rather than a template's bar: at least
    ``label_min`` characters of text that is not links, with a sentence end in it (a comment
    under a question has the same shape on every page; a prev/next bar's titles do not end
    sentences)."""
    if WIDE_PROSE_WEIGHT * (chars - links) < label_min:
        return False  # too short in any script (no text read)
    text = _text_of(el)
    if chars - links >= label_min and _SENTENCE_END.search(text) is not None:
        return True
    return _wide_prose(text, chars - links, label_min)


#: in a script written without spaces, a character then a sentence's or a clause's mark ("。",
#: "！", "？", "，", "；"): such text is written in sentences, which end without a space after them
_WIDE_CLAUSE = re.compile(
    r"[。！？，；](?<=[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff][。！？，；])"
)
#: a character of such a script counts this many characters toward prose's length (thirty
#: Chinese characters are a sentence, as sixty letters are)
WIDE_PROSE_WEIGHT = 2


def _wide_prose(text: str, own: int, label_min: int) -> bool:
    """Whether a block's text not in links is sentences of a script written without spaces
    (Chinese, Japanese): ``label_min`` characters long once each of its characters counts
    ``WIDE_PROSE_WEIGHT``, with a sentence's or a clause's mark after one of them. A question's
    description or an answer under it ends its sentences in "，" and "。", never in a stop
    followed by a space; a bar's labels and an author's card are shorter."""
    if own <= 0 or _WIDE_CLAUSE.search(text) is None:
        return False
    # the characters of such a script it needs beside the others, counted only that far (a
    # block's text may be a whole thread's)
    need = -(-(label_min - own) // (WIDE_PROSE_WEIGHT - 1))
    if need <= 0:
        return True
    if need > own:
        return False
    return sum(1 for _ in itertools.islice(_WIDE_CHAR.finditer(text), need)) >= need


def _alike_to(el: HtmlElement, main: set[HtmlElement]) -> bool:
    """Whether a sibling of the element with its tag and classes holds the main content: the
    element is another entry of the content's series (the next letter of an index). A layout
    table's cells all share their tag: a cell is of the content's series only when it is
    shaped like it too (mostly the same child steps), not a column of teasers beside the
    story's cell."""
    parent = el.getparent()
    if parent is None:
        return False
    step = _slot_step(el, el.tag)
    return any(
        s is not el
        and s in main
        and s.tag == el.tag
        and _slot_step(s, s.tag) == step
        and (el.tag != "td" or _alike_posts(el, s))
        for s in parent
    )


def _own_section(
    el: HtmlElement, main_el: HtmlElement | None, main: set[HtmlElement], anchors: _Anchors
) -> bool:
    """Whether a link list is the page's own table of contents in a section alike to the main
    content's (its tag and classes, beside it): an API page's synopsis table of its functions
    in the section before their details. A sidebar's table of the page's sections is not in
    such a section and stays the site's."""
    if main_el is None:
        return False
    parent = main_el.getparent()
    node: HtmlElement | None = el
    while node is not None and node is not main_el:
        up = node.getparent()
        if up is parent:
            return _alike_to(node, main) and anchors.toc(el)
        node = up
    return False


class _NamedEntries:
    """Entries the page names by an id (one its slot keeps: no digits) among alike siblings
    of their tag and classes (one class at least), each named otherwise, that hold text of
    the page's own (the entry is no site-wide repeat, nor mostly links): a class page's methods,
    ``div#method-i-to_s.method-detail`` beside ``div#method-i-name.method-detail``. A block
    in one is at a place only the pages documenting that member have; the regions a
    template names (``div#sidebar`` beside ``div#directory``), a box it names, the same on
    every page, and its named boxes of headlines are no such entries."""

    def __init__(self, recs: dict[HtmlElement, list[Any]], exact: set[int], density: float) -> None:
        self._recs = recs
        self._exact = exact
        self._density = density
        self._known: dict[HtmlElement, bool] = {}

    def within(self, el: HtmlElement, top: HtmlElement) -> bool:
        """Whether the element is inside such an entry below ``top``."""
        for a in el.iterancestors():
            if a is top or a.tag in ("body", "html"):
                return False
            known = self._known.get(a)
            if known is None:
                rec = self._recs.get(a)
                known = self._known[a] = (
                    rec is not None
                    and rec[1] not in self._exact
                    and rec[3] < self._density * rec[2]
                    and _named_entry(a)
                )
            if known:
                return True
        return False


def _named_entry(el: HtmlElement) -> bool:
    """Whether the element has an id its slot keeps, a class, and a sibling of its tag and
    classes with another id (not one of a layout's regions, named but of no class)."""
    ident = (el.get("id") or "").strip()
    parent = el.getparent()
    if parent is None or "#" not in _step_of(el.tag, ident or None, None):
        return False  # no id, or one with digits (a post's number): not the slot's
    step = _step_of(el.tag, None, el.get("class"))
    if step == el.tag:
        return False
    return any(
        s is not el
        and (other := s.get("id"))
        and other.strip() != ident
        and _step_of(s.tag, None, s.get("class")) == step
        for s in parent.iterchildren(el.tag)
    )


class _Anchors:
    """The page's own anchors (ids and names), read once when first asked about."""

    def __init__(self, root: HtmlElement) -> None:
        self.root = root
        self.ids: set[str] | None = None

    def toc(self, el: HtmlElement) -> bool:
        """Whether most of a link list's links go to places on this page (``#name`` or
        ``page.html#name`` with the name an anchor of the page): the page's own table of
        contents (an API page's synopsis table of its functions), not a widget of the site."""
        hrefs = [h for a in el.iter("a") if (h := a.get("href"))]
        names = [h.rsplit("#", 1)[1] for h in hrefs if "#" in h]
        if 2 * len(names) <= len(hrefs):
            return False  # (even if every one went to an anchor of the page)
        if self.ids is None:
            # the values of every id and name attribute, read in C
            self.ids = {v for v in _ANCHOR_NAMES(self.root) if v}
        ids = self.ids
        inside = sum(1 for name in names if name in ids)
        return 2 * inside > len(hrefs)


_ANCHOR_NAMES = etree.XPath("//@id | //@name", smart_strings=False)


def _titled(el: HtmlElement, label: str) -> bool:
    """Whether a block's label is a title: it ends with a colon, or the block starts with a
    heading (not the first words of a sentence that goes on with a link)."""
    if label.endswith(":"):
        return True
    first = next((c for c in el if isinstance(c.tag, str)), None)
    return first is not None and first.tag in ("h1", "h2", "h3", "h4", "h5", "h6")


#: the content's head block (its heading with a label or a byline) holds this much text at most
HEAD_BLOCK_CHARS = 300


def _head_before(inner: HtmlElement, headed: set[HtmlElement]) -> HtmlElement | None:
    """The block right before the content (``inner``) that holds the content's own heading (a
    ``div.header`` with the package's name over "Class CoreOperationEqual", then the class's
    text in the next block): the nearest block with text before the slot, or before the
    first of its ancestors that has one, when it holds a title heading and at most
    HEAD_BLOCK_CHARS characters."""
    el: HtmlElement | None = inner
    while el is not None and el.tag not in ("body", "html"):
        for sib in el.itersiblings(preceding=True):
            if not isinstance(sib.tag, str) or sib.tag in INVISIBLE_TAGS:
                continue
            # its whole text first (one C call): blank, it has no visible text either; with
            # no script or the like in it, and no zero-width space (which the visible text
            # reads as a space), its visible text is blank only when that is
            raw = _text_of(sib)
            if not raw.strip():
                continue
            if (
                sib not in headed
                and "\u200b" not in raw
                and next(sib.iter(*INVISIBLE_TAGS), None) is None
            ):
                return None
            text = visible_text(sib)
            if not text.strip():
                continue
            if sib not in headed:
                return None
            return sib if sum(not c.isspace() for c in text) <= HEAD_BLOCK_CHARS else None
        el = el.getparent()
    return None


def _depth(el: HtmlElement) -> int:
    return sum(1 for _ in el.iterancestors())


def _head_line(el: HtmlElement, head: HtmlElement) -> bool:
    """Whether the element is a line of the content's head block with one link at most, not
    into the page itself (the package's name over a class's heading, linking to the
    package), rather than a list of links or the page's own table of contents set in it
    (Doxygen's "Macros" over a file's reference, linking to that section)."""
    if not _inside(el, head):
        return False
    links = [a.get("href", "").strip() for a in el.iter("a") if a.get("href")]
    return len(links) <= 1 and not any(href.startswith("#") for href in links)


def _heading_blocks(root: HtmlElement, headed: set[HtmlElement]) -> set[HtmlElement]:
    """The blocks around the content's own heading: for each title heading, and for the page's
    only ``h1`` when it is not a link, the nearest ancestor that holds text beside it (a
    product's name with its price and code)."""
    heads = [h for h in headed if h.tag in ("h1", "h2", "h3")]
    h1s = [h for h in root.iter("h1") if _text_of(h).strip()]
    if len(h1s) == 1 and next(h1s[0].iterancestors("a"), None) is None:
        heads.append(h1s[0])
    out: set[HtmlElement] = set()
    for h in heads:
        child, parent = h, h.getparent()
        while parent is not None and parent.tag not in ("body", "html"):
            if any(
                c is not child and isinstance(c.tag, str) and _text_of(c).strip() for c in parent
            ):
                out.add(parent)
                break
            child, parent = parent, parent.getparent()
    return out


#: a box beside the content's heading holding a figure of the page is this long at most
VALUE_BOX_CHARS = 200


def _beside_heading(el: HtmlElement, title_blocks: AbstractSet[HtmlElement]) -> bool:
    """Whether the element is in a block around the content's own heading, as its child or
    its grandchild (a price in the price box under a product's name)."""
    parent = el.getparent()
    return parent is not None and (parent in title_blocks or parent.getparent() in title_blocks)


def _under_heading(el: HtmlElement, title_blocks: AbstractSet[HtmlElement], links: int) -> bool:
    """Whether the block is, or is inside, the first one with text right after the content's
    own heading in the block around it (the heading itself or a box holding only the heading
    before it), and says words of its own beside its links: the description under a
    question's title ("I was asked to add a picture: …" with a link to who asked), a post's
    lead. Its frame is the same on every page, its text is the page's. A bar of links only
    (share, tags) or a line of facts without a sentence in it (a post's "Dec 07, 2015 07:25 PM
    | author | link", a thread's "3 replies, last post …") is not such a block."""
    said = _text_of(el)
    text = "".join(said.split())
    if not text or links >= len(text):
        return False
    if _SENTENCE_END.search(said) is None and _WIDE_CLAUSE.search(said) is None:
        return False  # no sentence: a line of facts under a post's heading (its date, author, link)
    return _right_under_heading(el, title_blocks)


def _right_under_heading(
    el: HtmlElement, title_blocks: AbstractSet[HtmlElement], whole: bool = False
) -> bool:
    """Whether the block is, or is inside, the first one with text right after the content's
    own heading in the block around it (the heading itself or a box holding only the heading
    before it). With ``whole``, the block is all the text of that one (a line under the
    heading, not a line somewhere in the column of text under it)."""
    top = el  # the block, or the one holding it, among the children of the heading's block
    while (parent := top.getparent()) is not None and parent not in title_blocks:
        if parent.tag in ("body", "html"):
            return False
        top = parent
    if parent is None:
        return False
    if any(_linked_heading(h) for h in top.iter(*_HEADING_TAGS)):
        return False  # a box headed by another page's name (a column's banner): not the title's
    if whole and top is not el and "".join(_text_of(top).split()) != "".join(_text_of(el).split()):
        return False
    for prev in top.itersiblings(preceding=True):
        if not isinstance(prev.tag, str) or not _text_of(prev).strip():
            continue
        if prev.tag in _HEADING_TAGS:
            return True
        # a block holding the heading and nothing else (a title's box); not a post's body
        # or card with a heading among its text
        heads = "".join("".join(_text_of(h).split()) for h in prev.iter(*_HEADING_TAGS))
        return bool(heads) and heads == "".join(_text_of(prev).split())
    return False


def _linked_heading(heading: HtmlElement) -> bool:
    """Whether the heading's whole text is a link: the name of another page (a column's or a
    blog's, over its tagline), not a title the block under it describes."""
    said = "".join(_text_of(heading).split())
    linked = "".join("".join(_text_of(a).split()) for a in heading.iter("a"))
    return bool(said) and linked == said


#: a notice over the content's heading is one line: at most this many characters
NOTICE_LINE_CHARS = 120


def _notice_over_heading(el: HtmlElement, title_blocks: AbstractSet[HtmlElement]) -> bool:
    """Whether the block is one sentence (three words or more, no form control) in the block
    around the content's own heading, right before that heading (the next sibling with text
    is the heading, or a box holding only it)."""
    said = _text_of(el)
    if len(said.split()) < FLOW_LINE_WORDS or _SENTENCE_END.search(said) is None:
        return False
    if next(el.iter(*_CONTROLS), None) is not None:
        return False
    if el.getparent() not in title_blocks:
        return False
    for nxt in el.itersiblings():
        if not isinstance(nxt.tag, str) or not _text_of(nxt).strip():
            continue
        if nxt.tag in ("h1", "h2", "h3"):
            return True
        heads = "".join("".join(_text_of(h).split()) for h in nxt.iter("h1", "h2", "h3"))
        return bool(heads) and heads == "".join(_text_of(nxt).split())
    return False


def _own_value(el: HtmlElement, chars: int, links: int, density: float) -> bool:
    """Whether a repeated block is a figure of the page: not a link list nor a form's part,
    with digits (which the representation folds, so sizes, prices and codes of different
    pages match) for a fifth of its letters and digits, no date or time (a "last modified"
    line, a post's time) and not a counter: those are the template's."""
    if not (chars > 0 and links < density * chars):
        return False
    if next(el.iter("button", "input", "select", "textarea"), None) is not None:
        return False  # a form's part: a price with its "Add to Cart" button is the buy box's
    text = _text_of(el)
    if text.isascii():
        # ASCII digits and letters, counted in C
        data = text.encode("ascii")
        digits = len(data) - len(data.translate(None, _ASCII_DIGITS))
        alnum = len(data) - len(data.translate(None, _ASCII_ALNUM))
    else:
        digits = sum(c.isdigit() for c in text)
        alnum = sum(c.isalnum() for c in text)
    if not digits >= VALUE_DIGITS * alnum > 0 or _DATE.search(text) is not None:
        return False
    # several bare whole numbers are a counter or a pager ("Results 1 to 2 of 2", "3 Pages
    # • 1 2 3", "1 Day Ago #1"), the frame's; a figure is one value or measured values
    numbers = _NUMBER.findall(text)
    return len(numbers) < 2 or any(not n.isdigit() for n in numbers)


_ASCII_DIGITS = b"0123456789"
_ASCII_ALNUM = _ASCII_DIGITS + b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

#: a figure is mostly its number: at least this share of its letters and digits are digits
#: ("Width: 100 cm", "£ 450"; not "GIT: part of the git(1) suite")
VALUE_DIGITS = 0.2


#: a number as written: digits with inner separators (1.10, 1,234, 002.937.72)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")

#: a date or a time of day: 2022-01-20, 20/01/2022, 21:38, a year 1900-2099
_DATE = re.compile(r"\d{1,2}:\d{2}|\d{1,4}[-/.]\d{1,2}[-/.]\d{2,4}|(?<!\d)(?:19|20)\d{2}(?!\d)")


#: a date line is at most this many characters
DATELINE_CHARS = 100


def _dateline(el: HtmlElement, chars: int, links: int, density: float) -> bool:
    """Whether a block is one short line that dates the text (a date, a byline with its
    date): a year or a written date in it, at most one link, not mostly links nor a form's."""
    if not (0 < chars <= DATELINE_CHARS and links < density * chars):
        return False
    if sum(1 for _ in el.iter("a")) > 1:
        return False
    if next(el.iter("button", "input", "select", "textarea", "li"), None) is not None:
        return False
    text = _text_of(el)
    # (a line ending with a colon is the label of what follows: "Changes in version 3.9.0
    # (2015-10-14):")
    return _DATE.search(text) is not None and not text.rstrip().endswith(":")


#: a story's date line opens its content slot: at most this much text before it there...
DATELINE_LEAD = 200
#: ...and at least this much of the slot's text after it
DATELINE_AFTER = 200
_HEADING_TAGS = frozenset(("h1", "h2", "h3", "h4", "h5", "h6"))


def _lead_chars(inner: HtmlElement, el: HtmlElement) -> int:
    """Characters of text in the content slot before the element."""
    return sum(len("".join(t.split())) for t in _text_before(inner, el))


def _lead_within(inner: HtmlElement, el: HtmlElement, most: int) -> bool:
    """Whether the content slot holds at most ``most`` characters of text before the element
    (read up to where they are more)."""
    n = 0
    for t in _text_before(inner, el):
        n += len("".join(t.split()))
        if n > most:
            return False
    return True


def _text_after(inner: HtmlElement, el: HtmlElement) -> int:
    """Characters of the content slot's text after the element in the page (all of it when
    the element is before the slot, none when it is after)."""
    total = len("".join(visible_text(inner).split()))
    if _inside(el, inner):
        own = len("".join(visible_text(el).split()))
        return total - _lead_chars(inner, el) - own
    for node in el.getroottree().getroot().iter():  # (the first of the two in the page)
        if node is el:
            return total
        if node is inner:
            return 0
    return 0


def _under_headline(el: HtmlElement) -> bool:
    """Whether a block follows a headline: its nearest sibling with text before it is an
    ``h1`` or ``h2``, not a link's; a block that is all of its wrapper's text (two levels up
    at most) is judged by its wrapper's place."""
    for _ in range(3):
        for sib in el.itersiblings(preceding=True):
            if not isinstance(sib.tag, str) or not _text_of(sib).strip():
                continue
            if sib.tag in ("h1", "h2"):
                return sib.find(".//a") is None and not any(
                    a.tag == "a" for a in sib.iterancestors()
                )
            return False
        parent = el.getparent()
        if parent is None or any(
            s is not el and isinstance(s.tag, str) and _text_of(s).strip() for s in parent
        ):
            return False
        if (parent.text or "").strip() or (el.tail or "").strip():
            return False
        el = parent
    return False


def _in_entry(el: HtmlElement, main_el: HtmlElement) -> bool:
    """Whether the element is inside one entry of a series in the main content (a post of a
    thread, an answer): an ancestor below the main content with a sibling of its slot step."""
    return _held_by(el, main_el, _in_series)


def _in_series(el: HtmlElement) -> bool:
    """Whether a sibling of the element has its tag and classes (the next post, answer or
    entry)."""
    parent = el.getparent()
    if parent is None:
        return False
    tag = el.tag
    if not isinstance(tag, str):
        return False  # a comment: no sibling element has its tag
    step = _slot_step(el, tag)
    # only the siblings of its tag are read (picked in C)
    return any(s is not el and _slot_step(s, tag) == step for s in parent.iterchildren(tag))


#: the content's own heading: an h1-h3, or a block its class calls a title (Doxygen's
#: div.title, DocBook's titles)
_TITLE_CANDIDATES = etree.XPath(
    "//body//*[self::h1 or self::h2 or self::h3"
    " or ((self::div or self::span or self::p or self::td)"
    " and contains(concat(' ', normalize-space(@class), ' '), ' title '))]"
)


#: the whitespace XPath's normalize-space folds (XML's: not a no-break or other Unicode space)
_XML_SPACES = str.maketrans("\t\n\r", "   ")


def _title_candidates(root: HtmlElement) -> list[HtmlElement]:
    """``_TITLE_CANDIDATES`` as the body's h1-h3 and the few div/span/p/td whose class holds
    "title" (the XPath builds the normalised class string of every element of the page)."""
    body = root.find("body")
    if body is None or sum(1 for _ in root.iter("body")) != 1:
        return list(_TITLE_CANDIDATES(root))  # no body or several: the XPath's own reading
    out: list[HtmlElement] = list(body.iter("h1", "h2", "h3"))
    # the class attributes holding "title", found in C (one step over the class attributes,
    # not a test of every element), then the ones of these tags with the word (the order does
    # not matter: the callers read a set)
    for cls in _CLASS_TITLE(body):
        el = cls.getparent()
        if el.tag in _TITLED_TAGS and " title " in " " + cls.translate(_XML_SPACES) + " ":
            out.append(el)
    return out


_CLASS_TITLE = etree.XPath(".//@class[contains(., 'title')]")
_TITLED_TAGS = frozenset(["div", "span", "p", "td"])


#: what separates the page's name from the site's in a title ("Index: Cairo", "News | Site")
_TITLE_SEPARATORS = frozenset(":|-\u2013\u2014\u00b7\u00bb/")


def _title_middle(title: str, text: str) -> bool:
    """Whether a heading's text is the title's middle part between two separators, longer
    than what comes before it and what comes after it: the page's name between its section
    and the site's ("adb - Retrieve files from the device - Android Enthusiasts")."""
    at = title.find(text)
    end = at + len(text)
    return (
        at > 0
        and end < len(title)
        and title[at - 1] in _TITLE_SEPARATORS
        and title[end] in _TITLE_SEPARATORS
        and len(text) > at
        and len(text) > len(title) - end
    )


#: a heading names the page when it says the title's name with at most this many more
#: words (its kind: "Class", "Interface", "Annotation Type")
TITLE_KIND_WORDS = 2
#: ...each a word of letters this long at most
TITLE_KIND_CHARS = 12


def _title_name(title: str) -> list[str]:
    """The page's own name in its title, as casefolded words: the part before the site's
    name in parentheses that ends the title ("CoreOperationEqual (Commons JXPath 1.3 API)");
    [] when the title has no such part."""
    text = " ".join(title.casefold().split())
    if text.endswith(")"):
        at = text.rfind(" (")
        if at > 0 and text.find(")", at) == len(text) - 1:
            return text[:at].split()
    return []


#: a type's parameters after its name in a heading ("Class Pair<K, V>")
_TYPE_PARAMETERS = re.compile(r"<[^<>]*>")


def _names_page(words: list[str], name: list[str]) -> bool:
    """Whether a heading's words are the title's name (four characters at least) with at
    most TITLE_KIND_WORDS short words of letters beside it: "Class CoreOperationEqual",
    "Package org.apache.commons.jxpath" under the title "… (Commons JXPath 1.3 API)"."""
    size = len(name)
    if not size or sum(len(w) for w in name) < 4 or len(words) > size + TITLE_KIND_WORDS:
        return False
    for at in range(len(words) - size + 1):
        if words[at : at + size] == name:
            rest = words[:at] + words[at + size :]
            return all(w.isalpha() and len(w) <= TITLE_KIND_CHARS for w in rest)
    return False


#: the name before a variant after its last comma is at least this share of a heading
VARIANT_NAME_SHARE = 2 / 3


def _variant_heading(text: str, title: str) -> bool:
    """Whether a heading (its text without white space, casefolded) is the title's opening
    name with a variant after a last comma that the title leaves out: a shop's product
    heading "Faux Fur Throw, Platinum" (its colour) on the page titled "Faux Fur Throw at
    the Shop"."""
    cut = text.rfind(",")
    return (
        cut >= VARIANT_NAME_SHARE * len(text)
        and text not in title
        and title.startswith(text[:cut])
        and not title.startswith(text[: cut + 1])
    )


def _in_banner(el: HtmlElement) -> bool:
    """Whether the element is in the page's banner: a ``header`` (or an element whose role
    is ``banner``) that no article, ``main`` or section holds (a post's own header is in its
    article)."""
    banner = False
    for a in el.iterancestors():
        if a.tag in ("article", "main", "section"):
            return False
        if a.tag == "header" or a.get("role") == "banner":
            banner = True
    return banner


def _held_by(el: HtmlElement, top: HtmlElement, test: Callable[[HtmlElement], bool]) -> bool:
    """Whether an ancestor of the element below ``top`` passes the test."""
    for a in el.iterancestors():
        if a is top:
            return False
        if test(a):
            return True
    return False


def _title_headings(
    root: HtmlElement,
    main_el: HtmlElement | None,
    inner: HtmlElement | None = None,
    candidates: Callable[[], list[HtmlElement]] | None = None,
    repeated: Callable[[HtmlElement], bool] | None = None,
) -> set[HtmlElement]:
    """Headings (h1-h3) that say most of what the page's title says, with their ancestors:
    the content's own heading, never removed (a story's headline above its text).
    ``candidates``: :func:`_title_candidates` of the page, read once by the caller.
    ``repeated``: whether a block is one the site repeats word for word (its header with
    the site's name in an h1): an h1 outside the content in such a block is the site's, not
    the content's heading."""
    title_el = root.find("head/title")
    if title_el is None or not title_el.text:
        return set()
    title = "".join(title_el.text.split()).casefold()
    name = _title_name(title_el.text)
    out: set[HtmlElement] = set()
    for h in candidates() if candidates is not None else _title_candidates(root):
        middle = False
        words = _text_of(h).casefold().split()
        text = "".join(words)
        if name and _names_page(_TYPE_PARAMETERS.sub("", " ".join(words)).split(), name):
            pass  # the page's name with its kind ("Class X" on "X (Library 1.3 API)")
        elif h.tag == "h1" and _variant_heading(text, title):
            pass  # the page's name with its variant ("Faux Fur Throw, Platinum")
        elif len(text) < 4 or text not in title:
            continue
        elif 3 * len(text) < len(title) and not (
            title.startswith(text) and title[len(text) : len(text) + 1] in _TITLE_SEPARATORS
        ):
            # a short heading is the page's only when the title opens with it as the page's
            # name before the site's ("Utilities: Cairo: A Vector Graphics Library")
            continue
        elif (
            not title.startswith(text)
            and not title.endswith(text)
            and not (main_el is not None and _inside(h, main_el))
            and not (middle := _title_middle(title, text))
        ):
            continue  # the site's name after the page's in the title ("Addons | Node.js ...")
        if (
            repeated is not None
            and main_el is not None
            and _in_banner(h)
            and (repeated(h) or _held_by(h, root, repeated))
        ):
            # a heading in the page's banner, in a block the site repeats word for word (its
            # name and motto in the masthead): the site's, even where the title says it too
            # (its front page, its archives titled "Section | Site name | Page 2", a front
            # page of a few lines the masthead outweighs); out of a banner, a repeated block
            # may be the page's own (a question's heading over its answers, which the site
            # saves under several addresses)
            continue
        if any(a.tag == "a" and a.get("href") for a in h.iterancestors()) or (
            any(
                2 * len("".join(_text_of(a).split())) >= len(text)
                for a in h.iter("a")
                if a.get("href")
            )
            and not (
                (h.tag == "h1" and main_el is not None and _inside(h, main_el))
                or (h.tag in ("h1", "h2", "h3") and title.startswith(text))
                or (h.tag == "h1" and middle)
            )
        ):
            # a link to somewhere, not the page's heading (a permalink sign is fine, and so
            # is an h1 linking to the page itself in the main content, or a heading that is
            # the title's start: an answer's page heads it with its question, a link to it)
            continue
        out.add(h)
        out.update(h.iterancestors())
    if not out and main_el is not None:
        # no heading says the title (a story's headline worded otherwise than its page's
        # title): the nearest h1 around the content (the content slot, else the main
        # content), the only one of the block holding both, up to the block around the main
        # content, not a link, is the content's heading
        stop = main_el.getparent()
        if stop is None or stop.tag in ("body", "html"):
            stop = main_el
        node: HtmlElement | None = inner if inner is not None else main_el
        while node is not None:
            # (an h1 inside a link is the site's name over its logo, a link home: no heading
            # of the content, nor one more beside it)
            h1s = list(
                itertools.islice(
                    (
                        h
                        for h in node.iter("h1")
                        if not any(a.tag == "a" for a in h.iterancestors())
                    ),
                    2,
                )
            )
            if len(h1s) > 1:
                break
            if h1s:
                h1 = h1s[0]
                if (
                    next(h1.iter("a"), None) is None
                    and _text_of(h1).strip()
                    and not (
                        repeated is not None
                        and not _inside(h1, main_el)
                        and _held_by(h1, node, repeated)
                    )
                ):
                    out.add(h1)
                    out.update(h1.iterancestors())
                break
            if node is stop or node.tag in ("body", "html"):
                break
            node = node.getparent()
    return out


def _text_of(el: HtmlElement) -> str:
    if len(el) or not isinstance(el.tag, str):
        return str(etree.tostring(el, method="text", encoding="unicode", with_tail=False))
    return el.text or ""  # a childless element's text is its .text: no serialisation


class _Fragments:
    """Inside the main content, a site-wide template part is one element; a run of several
    consecutive repeated siblings is a passage the page shares with others (the licence lines
    at the top of every source listing, a quoted paragraph series): it stays."""

    MIN_RUN = 3

    def __init__(
        self,
        cands: list[list[Any]],
        exact: set[int],
        repeats: set[int],
        by_el: dict[HtmlElement, list[Any]] | None = None,
    ) -> None:
        self.cands = cands
        self.exact = exact
        self.repeats = repeats
        # (the caller's records of the same candidates, when it has them)
        self._by_el = by_el
        self.shared: dict[HtmlElement, set[HtmlElement]] = {}
        # whether an element is in a series, by element: the entries' parents recur for
        # every block of a long list (each test reads all the element's siblings)
        self._series: dict[HtmlElement, bool] = {}
        # a parent's children of one tag: how many have each step (``_in_series``)
        self._steps: dict[tuple[HtmlElement, str], Counter[str]] = {}

    @property
    def by_el(self) -> dict[HtmlElement, list[Any]]:
        """The analysis record of each candidate element (built on first use)."""
        if self._by_el is None:
            self._by_el = {rec[0]: rec for rec in self.cands}
        return self._by_el

    def of(self, el: HtmlElement) -> bool:
        parent = el.getparent()
        if parent is None:
            return False
        shared = self.shared.get(parent)
        if shared is None:
            shared = self.shared[parent] = self._runs(parent)
        return el in shared

    def between_content(self, el: HtmlElement) -> bool:
        """Whether the element sits inside the flow of the content: its nearest siblings with
        text, before and after it, are both the page's own text (not blocks repeated across
        the site), and a sibling of its shape (tag and classes) is the page's own text too:
        one paragraph among the content's paragraphs, not an advertisement's label box
        between two of them. In a definition's description (``dd``) one neighbour of the
        page's own text is enough."""
        before = self._own_text(el.itersiblings(preceding=True))
        after = self._own_text(el.itersiblings())
        parent = el.getparent()
        if parent is not None and parent.tag == "dd" and (before is not None or after is not None):
            # the first or last line of a definition's description ("Default value: 0" before
            # the text that explains a variable, "Examples:" before its listing): a line of
            # that entry, which the page's own text goes on with
            return True
        if before is None or after is None:
            return False
        if (
            parent is not None
            and not el.get("class")
            and not el.get("id")
            and _loose_chars(parent) >= LOOSE_FLOW_CHARS
        ):
            # a plain block in a flow of text written loose in its parent (LaTeX2HTML's body:
            # its paragraphs are text between <P> marks, "Syntax:" a <P> of its own): a line
            # of that text, whatever the other blocks beside it
            return True
        step = _slot_step(el, el.tag)
        return any(
            self._own_text((s,)) is not None
            for s in el.itersiblings(el.tag, preceding=True)
            if _slot_step(s, s.tag) == step
        ) or any(
            self._own_text((s,)) is not None
            for s in el.itersiblings(el.tag)
            if _slot_step(s, s.tag) == step
        )

    def in_flow(self, el: HtmlElement, inner: HtmlElement) -> bool:
        """Whether the element lies in the flow of the content's own text: the nearest block
        with text before it and the nearest after it, looking past the edges of its parents
        up to ``inner``, are both the page's own text (not blocks repeated across the
        site)."""
        return self._own_side(el, inner, True) and self._own_side(el, inner, False)

    def _own_side(self, el: HtmlElement, inner: HtmlElement, preceding: bool) -> bool:
        at: HtmlElement | None = el
        while at is not None and at is not inner:
            first = self._first_text(at.itersiblings(preceding=preceding))
            if first is not None:
                return first[1]
            at = at.getparent()
        return False

    def after_term(self, el: HtmlElement) -> bool:
        """Whether the element follows its entry's term: its parent is an entry of a series
        (a sibling has the parent's tag and classes), the first child with text of that entry
        comes right before it and is the page's own text. A block inside a wrapper (the
        description's paragraphs) is judged as its wrapper, up to three levels up."""
        parent = el.getparent()
        for _ in range(3):
            if parent is None or self._in_series(parent):
                break
            el, parent = parent, parent.getparent()
        if parent is None or not self._in_series(parent):
            return False
        term = self._own_text(el.itersiblings(preceding=True))
        if term is None:
            return False
        for child in parent:
            if child is term:
                return True
            if isinstance(child.tag, str) and _text_of(child).strip():
                return False
        return False

    def amid_text(self, el: HtmlElement) -> bool:
        """Whether the element is a line of the content's flow set between two blocks of
        the page's own text: its nearest siblings with text, before and after it in its
        parent, are the page's own (not repeats) and blocks of text (paragraphs, headings,
        lists, listings, sections), not the first or last block of its parent, and the
        element itself says some words, no date or time, holds no form control (a version
        label under a heading, a note box between two paragraphs: not a notice at the top
        of every article, an author's line or a bar of buttons at a post's edge)."""
        before = self._own_text(el.itersiblings(preceding=True))
        if before is None or before.tag not in _FLOW_TAGS:
            return False
        after = self._own_text(el.itersiblings())
        if after is None or after.tag not in _FLOW_TAGS:
            return False
        text = _text_of(el)
        if len(_LETTERS.findall(text)) < FLOW_LINE_WORDS or holds_date(text):
            return False
        return next(el.iter(*_CONTROLS), None) is None

    def _in_series(self, el: HtmlElement) -> bool:
        """``_in_series``, with each parent's children of a tag counted by step once: a
        listing's rows, each of a class of its own, were each compared with all the others."""
        known = self._series.get(el)
        if known is None:
            parent = el.getparent()
            tag = el.tag
            if parent is None or not isinstance(tag, str):
                known = False
            else:
                steps = self._steps.get((parent, tag))
                if steps is None:
                    steps = self._steps[parent, tag] = Counter(
                        _slot_step(s, tag) for s in parent.iterchildren(tag)
                    )
                # (the element is one of them: another has its step)
                known = steps[_slot_step(el, tag)] >= 2
            self._series[el] = known
        return known

    def repeated(self, el: HtmlElement) -> bool:
        """Whether the element is a block repeated across the site (not within the page)."""
        rec = self.by_el.get(el)
        return rec is not None and rec[1] in self.exact and rec[1] not in self.repeats

    def _own_text(self, siblings: Iterable[HtmlElement]) -> HtmlElement | None:
        """The first sibling with text, when it is the page's own text."""
        first = self._first_text(siblings)
        return first[0] if first is not None and first[1] else None

    def _first_text(self, siblings: Iterable[HtmlElement]) -> tuple[HtmlElement, bool] | None:
        """The first sibling with text and whether it is the page's own text (not a block
        repeated across the site); None when none has text."""
        for sib in siblings:
            if not isinstance(sib.tag, str):
                continue
            rec = self.by_el.get(sib)
            if rec is not None:
                if rec[2] <= 0:
                    continue
                return sib, rec[1] not in self.exact or rec[1] in self.repeats
            if _text_of(sib).strip():
                return sib, True
        return None

    def _runs(self, parent: HtmlElement) -> set[HtmlElement]:
        out: set[HtmlElement] = set()
        run: list[HtmlElement] = []
        for child in [*parent, None]:
            rec = self.by_el.get(child) if child is not None else None
            if rec is not None and rec[2] <= 0:
                continue  # empty elements neither break nor extend a run
            if rec is not None and rec[1] in self.exact and rec[1] not in self.repeats:
                run.append(child)
                continue
            if len(run) >= self.MIN_RUN:
                out.update(run)
            run = []
        return out


#: the blocks of a flow of text a repeated line can stand between (``_Fragments.amid_text``)
_FLOW_TAGS = frozenset(
    [
        "p",
        "pre",
        "blockquote",
        "ul",
        "ol",
        "dl",
        "table",
        "section",
        "article",
        "div",
        *_HEADING_TAGS,
    ]
)
#: a repeated line in the flow of the content says at least this many words ("New in version
#: 3.2.", not an "Advertisement" label between two paragraphs)
FLOW_LINE_WORDS = 3

#: Text written loose in an element (not inside any child) that makes it a flow of text.
LOOSE_FLOW_CHARS = 100


def _loose_chars(el: HtmlElement) -> int:
    """Characters of text directly in the element, between its children (not in them)."""
    parts = [el.text or ""] + [c.tail or "" for c in el]
    return sum(len("".join(p.split())) for p in parts)


def _path(el: HtmlElement) -> str:
    # libxml2's own path (C): the same /html/body/div[2] form as htmltree.xpath_of, which
    # counts same-tag siblings in Python and crawls under a body of a thousand paragraphs
    return str(el.getroottree().getpath(el))


def _site_main_elements(
    cands: list[list[Any]], ap: Applied, slots: set[int]
) -> list[tuple[HtmlElement, str, int]]:
    """(element, slot, chars) of the page's elements in these slots (that held the main
    content on enough of the site's pages)."""
    slot_id = ap.slot_id
    return [
        (el, slot, chars)
        for el, _h, chars, _links, slot, _end, _skel in cands
        if slot is not None and slot_id(slot) in slots
    ]


def _site_main(
    site_main: list[tuple[HtmlElement, str, int]],
    main_el: HtmlElement | None,
    recs: dict[HtmlElement, list[Any]] | None = None,
    exact: set[int] | None = None,
    refused: list[HtmlElement] | None = None,
) -> HtmlElement | None:
    """Where the site keeps its content, when the page's own guess stopped above it.

    On a page that is mostly links (a chapter's table of contents, an index) the element
    holding most of the non-link text can be the whole body, and then nothing inside it counts
    as outside the content. The site's main-content slots say where it is: the deepest such
    element inside the page's guess, with the most text on a tie, becomes the main content.

    Given ``recs`` (the page's candidates by element) and ``exact`` (the site's repeated
    blocks), for places that only some of the site's pages have on a page that is mostly
    links: inside a guess below the body, a place is not taken when the page's own head
    sits beside it (see :func:`_text_beside`): a part of the content (a person's list of
    publications) under the block the page's own guess found (the person's name, role and
    photo above that list); the next place up is tried, up to the guess itself (the places
    left so are added to ``refused``)."""
    ranked: list[tuple[tuple[int, int], HtmlElement]] = []
    for el, slot, chars in site_main:
        if chars <= 0 or (main_el is not None and el is not main_el and not _inside(el, main_el)):
            continue
        ranked.append(((slot.count("/"), chars), el))
    ranked.sort(key=itemgetter(0), reverse=True)
    for _rank, el in ranked:
        if el is main_el:
            return None
        if (
            recs is not None
            and exact is not None
            and main_el is not None
            and main_el.tag not in ("body", "html")
            and _text_beside(el, main_el, recs, exact) >= BESIDE_SHARE * _own_nonlink(el, recs)
        ):
            if refused is not None:
                refused.append(el)
            continue
        return el
    return None


#: inside the page's own guess, a place of the site's content is not taken when the page's
#: text beside it (outside links and the site's repeated blocks) is this share of its own
BESIDE_SHARE = 0.25
#: a block beside it with this share of link text is a list of links, not the page's text
BESIDE_DENSITY = 0.5


def _own_nonlink(el: HtmlElement, recs: dict[HtmlElement, list[Any]]) -> int:
    """The element's visible characters outside links."""
    rec = recs.get(el)
    if rec is not None:
        return int(rec[2] - rec[3])
    chars, links = _chars_links(el)
    return chars - links


def _text_beside(
    place: HtmlElement, top: HtmlElement, recs: dict[HtmlElement, list[Any]], exact: set[int]
) -> int:
    """The page's own head beside the place, on the way up to ``top``: the visible
    characters outside links and outside headings of the blocks there that hold a heading
    of their own (a person's role and links under their name), leaving out lists of links
    and columns of
    teasers, the blocks the site repeats word for word (a section's fixed title), the
    page's footer, a dialog and a block the page hides."""
    total = 0
    step = place
    while step is not top:
        parent = step.getparent()
        if parent is None:
            break
        total += len("".join((parent.text or "").split()))
        for sib in parent:
            if sib is step or not isinstance(sib.tag, str):
                continue
            total += len("".join((sib.tail or "").split()))
            if sib.tag in INVISIBLE_TAGS or _page_footer(sib) or shut(sib):
                continue
            heading = _own_heading(sib)
            if not heading or holds_date(visible_text(sib)):
                # a byline, a share bar, or a head with a date or time (a story's or a
                # thread's bar: "Last post Nov 26, 2015 11:25 AM"): the entry's frame
                continue
            # (the heading's own words left out: a story's headline over its text is kept
            # with it anyway; a person's role and links beside their name are the page's)
            total += max(_unrepeated(sib, recs, exact) - heading, 0)
        step = parent
    return total


def _own_heading(el: HtmlElement) -> int:
    """The characters outside links of the block's headings (h1-h6, itself included) that
    have text outside links (a person's name over their role); 0 when it has none."""
    total = 0
    for h in el.iter(*_HEADING_TAGS):
        if any(a.tag == "a" for a in h.iterancestors()):
            continue
        text = len("".join(_text_of(h).split()))
        links = sum(len("".join(_text_of(a).split())) for a in h.iter("a"))
        if text > links:
            total += text - links
    return total


def _unrepeated(el: HtmlElement, recs: dict[HtmlElement, list[Any]], exact: set[int]) -> int:
    """The block's visible characters outside links and outside the blocks in it that the
    site repeats word for word; 0 for a list of links, a column of teasers (the most
    commented entries, each with what readers wrote) or a repeated block."""
    rec = recs.get(el)
    if rec is not None:
        if rec[1] in exact:
            return 0
        chars, links = int(rec[2]), int(rec[3])
    else:
        chars, links = _chars_links(el)
    if chars <= 0 or links >= BESIDE_DENSITY * chars or _teaser_column(el):
        return 0  # a list of links, or headlines each with a line or two: the frame's
    own = chars - links
    work = list(el)
    while work:
        node = work.pop()
        if not isinstance(node.tag, str):
            continue
        sub = recs.get(node)
        if sub is not None and sub[1] in exact:
            own -= sub[2] - sub[3]
            continue
        work.extend(node)
    return max(own, 0)


#: the template's content place holds at least this share of the page's guess's non-link text
TEMPLATE_MAIN_SHARE = 0.2
#: beside the template's content place, a block with this much text must be the frame's
TEMPLATE_BESIDE_CHARS = 20


def _template_main(
    cands: list[list[Any]],
    ap: Applied,
    main_el: HtmlElement,
    refused: list[HtmlElement] | None = None,
) -> HtmlElement | None:
    """The place that holds the content on the pages of the page's template where that is
    clear (``main_slots_template``): inside the page's guess (which stopped at the column
    around it), or beside it when the guess is in a place that held the content on fewer
    than half the pages that have it (a list of most commented entries beside a short story).
    Only when no other block beside the place, on the way up to the guess or to the block
    holding both, may be content: none is in a place that held the content on other pages
    (a section of a document beside another), and none outside the site's common places
    (``common_slots``) holds a passage of text that is not links; and, given ``refused``
    (a page that is mostly links), for a place inside the guess, the page's own head beside
    it is less than ``BESIDE_SHARE`` of its own text (see :func:`_site_main`; such a place
    is added to ``refused``). Else the guess stays."""
    slot_of: dict[HtmlElement, int] = {}
    text_of: dict[HtmlElement, tuple[int, int]] = {}
    said: set[HtmlElement] = set()  # blocks the site repeats word for word
    best: tuple[int, int] | None = None
    found: HtmlElement | None = None
    beside: HtmlElement | None = None
    beside_chars = 0
    above = set(main_el.iterancestors())
    for el, h, chars, links, slot, _end, _skel in cands:
        if slot is None:
            continue
        sid = ap.slot_id(slot)
        slot_of[el] = sid
        text_of[el] = (chars, links)
        if h in ap.exact:
            said.add(el)
        if el is main_el or el in above or chars <= 0:
            continue
        if sid not in ap.site_main_template and (sid not in ap.content or _in_series(el)):
            continue  # (one of a series, a paragraph among others, is no place of the content)
        if _inside(el, main_el):
            rank = (slot.count("/"), chars)
            if best is None or rank > best:
                best, found = rank, el
        elif sid in ap.site_main_template and chars - links > beside_chars:
            beside, beside_chars = el, chars - links
    guess = slot_of.get(main_el)
    if guess is None:
        return None
    top = main_el
    if found is None:
        held = ap.site_main | ap.site_main_some | ap.site_main_template
        if beside is None or guess in held:
            return None
        found = beside
        top = next((a for a in found.iterancestors() if a in above), None)  # type: ignore[assignment]
        if top is None or top.tag in ("body", "html") or top not in text_of:
            return None
    chars, links = text_of[found]
    all_chars, all_links = text_of[top]
    if chars - links < TEMPLATE_MAIN_SHARE * max(all_chars - all_links, 1):
        return None
    passage = int(ap.cfg["passage_min_chars"])
    step = found
    while step is not top:
        parent = step.getparent()
        if parent is None:
            return None
        if len("".join((parent.text or "").split())) >= passage:
            return None
        for sib in parent:
            if sib is step or not isinstance(sib.tag, str) or sib.tag in INVISIBLE_TAGS:
                continue
            if len("".join((sib.tail or "").split())) >= passage:
                return None
            if sib is main_el or sib in above:
                continue  # (the guess beside the place: the lists it went to)
            place = slot_of.get(sib)
            if place is not None and place in ap.protected and text_of[sib][0] > 0:
                return None  # another place of the site's content
            if place is not None and place in ap.seen:
                continue  # a place of the site's frame
            if sib in said:
                # a block the site repeats word for word (its masthead, at a place of its
                # own on this template's few pages): the frame's
                continue
            if place is not None:
                own = text_of[sib][0] - text_of[sib][1]
            else:
                own = len("".join(visible_text(sib).split())) - sum(
                    len("".join(visible_text(a).split())) for a in sib.iter("a")
                )
            if own >= passage:
                return None
        step = parent
    if (
        refused is not None
        and top is main_el
        and main_el.tag not in ("body", "html")
        and _text_beside(found, main_el, recs := {rec[0]: rec for rec in cands}, ap.exact)
        >= BESIDE_SHARE * _own_nonlink(found, recs)
    ):
        # the page's own text beside it, inside its guess (see _site_main)
        refused.append(found)
        return None
    return found


def _place_of(cands: list[list[Any]], ap: Applied, el: HtmlElement) -> bool:
    """Whether the element is at a place that held the main content on the pages of its
    template (``main_slots_template``), not only the place the content narrows to."""
    slot = next((rec[4] for rec in cands if rec[0] is el), None)
    return slot is not None and ap.slot_id(slot) in ap.site_main_template


def _in_any(el: HtmlElement, areas: set[HtmlElement]) -> bool:
    return bool(areas) and not areas.isdisjoint(el.iterancestors())


def _inside(el: HtmlElement, ancestor: HtmlElement) -> bool:
    return ancestor in el.iterancestors()


def find_boilerplate(root: HtmlElement, model: DomainModel) -> list[tuple[HtmlElement, Removal]]:
    """The boilerplate subtrees of a parse_html tree under a fitted model, outermost only, with
    why each was chosen. The tree is not modified."""
    return [
        (el, Removal(_path(el), detector, key, chars, readable_path(el)))
        for el, detector, key, chars in matches(root, model)
    ]


def content_of(root: HtmlElement, model: DomainModel) -> dict[str, str]:
    """Where the model takes a parse_html tree's content to be and why: ``slot`` (XPath, empty
    for the whole page), ``reason``, ``method`` ("site"). The tree is not modified."""
    why: dict[str, str] = {}
    matches(root, model, why=why)
    return {**why, "method": "site"} if why else {}


def _select(root: HtmlElement, expression: str, what: str) -> list[HtmlElement]:
    try:
        # a table's rows are found with and without the tbody a browser adds
        found = root.xpath(rows_tolerant(expression))
    except (etree.XPathError, TypeError, ValueError) as exc:
        raise RuleError(f"invalid XPath: {exc}", rule=what, expression=expression) from exc
    if not isinstance(found, list):
        raise RuleError("XPath must select elements", rule=what, expression=expression)
    return [el for el in found if isinstance(el, etree._Element) and isinstance(el.tag, str)]


def _drop(el: HtmlElement) -> None:
    drop_element(el)


def removals_of(
    root: HtmlElement,
    model: DomainModel | None,
    *,
    remove: Iterable[str] = (),
    keep: Iterable[str] = (),
    _facts: Facts | None = None,
    why: dict[str, str] | None = None,
    found: Sequence[tuple[HtmlElement, Removal]] | None = None,
) -> list[tuple[HtmlElement, Removal]]:
    """The subtrees :func:`clean_tree` removes, outermost only, each with its Removal; the
    tree is not modified. ``found``: :func:`find_boilerplate` of ``root`` under ``model``
    when already known; the cleaner does not run again unless a keep rule takes a node of
    the page (what is kept changes what it takes)."""
    kept: list[HtmlElement] = []
    for expression in keep:
        kept.extend(_select(root, expression, "keep"))
    guard: set[HtmlElement] = set()
    for el in kept:
        guard.add(el)
        guard.update(el.iterancestors())
    chosen: list[tuple[HtmlElement, str, str, int]] = []
    if model is not None and found is not None and not kept and why is None:
        chosen = [(el, r.detector, r.representation, r.chars) for el, r in found]
    elif model is not None:
        chosen = matches(root, model, kept, _facts, why)
    taken = {el for el, *_ in chosen}
    for expression in remove:
        for el in _select(root, expression, "remove"):
            if el in guard or el in taken or el is root:
                continue
            taken.add(el)
            chosen.append((el, "rule", expression, -1))
    # Outermost first; a node inside another removed node goes with it.
    removals: list[tuple[HtmlElement, Removal]] = []
    above: dict[HtmlElement, tuple[str, ...]] = {}  # (removed blocks share their parents)
    for el, detector, key, chars in chosen:
        if not taken.isdisjoint(el.iterancestors()):
            continue
        if chars < 0:
            chars = sum(1 for ch in visible_text(el) if not ch.isspace())
        removals.append((el, Removal(_path(el), detector, key, chars, readable_path(el, above))))
    return removals


def clean_tree(
    root: HtmlElement,
    model: DomainModel | None,
    *,
    remove: Iterable[str] = (),
    keep: Iterable[str] = (),
    _facts: Facts | None = None,
    why: dict[str, str] | None = None,
) -> list[Removal]:
    """Remove the model's boilerplate and the ``remove`` XPaths from a parsed tree, in place.

    A ``keep`` XPath protects its subtree and its ancestors from the automatic cleaner; explicit
    ``remove`` rules still apply inside a kept subtree but never to a kept node or its
    ancestors. XPaths in the returned removals are those of the tree before any removal.
    """
    removals = removals_of(root, model, remove=remove, keep=keep, _facts=_facts, why=why)
    for el, _r in removals:
        _drop(el)
    return [r for _el, r in removals]


def clean_page(
    page: Page,
    model: DomainModel | None,
    *,
    remove_xpaths: Iterable[str] = (),
    keep_xpaths: Iterable[str] = (),
    template: Any = None,
    _root: HtmlElement | None = None,
    _facts: Facts | None = None,
) -> CleanResult:
    """Clean one page; never raises for a bad page (it becomes status "error"), only for bad
    rules (RuleError naming the expression).

    With a ``template`` that has noise filters for the whole page, the page is cleaned by the
    computation the impact panel and the report count with (``review_tree``): its remove and
    keep rules (``remove_xpaths`` and ``keep_xpaths`` are then not used), then its filters;
    each filter's cut is a removal of detector ``filter`` named by the filter."""
    if page.error is not None:
        return CleanResult(page.url, status="error", error=page.error, http_status=page.status)
    try:
        root = _root if _root is not None else parse_html(page.html)
        facts = _facts
        if model is not None:
            if facts is None:
                facts = analyse(root, applied(model).spec)
            if facts.too_large:
                return CleanResult(
                    page.url,
                    status="skipped",
                    error=f"page has {facts.elements} elements, above max_elements: not cleaned",
                    http_status=page.status,
                )
        title = title_of(root)
        breadcrumbs = breadcrumbs_of(root, page.html)
        body = root.find("body")
        original_chars = (
            facts.chars
            if facts is not None
            else len("".join(visible_text(body if body is not None else root).split()))
        )
        why: dict[str, str] = {}
        if template is not None and any(not f.fields for f in template.filters):
            from deboiler_gui.engine.review.impact import review_tree

            review, _pairs = review_tree(root, page.url, model, template, why=why)
            root = review.tree
            removed = list(review.removals) + [
                Removal(c.xpath, "filter", c.cause.split(":", 1)[1], c.chars)
                for c in review.cuts
                if c.cause.startswith("filter:")
            ]
        else:
            removed = clean_tree(
                root, model, remove=remove_xpaths, keep=keep_xpaths, _facts=facts, why=why
            )
        content = {**why, "method": "site"} if why else {}
        cleaned_html = to_html(root)
        text, headings, lists = consume(root, page.html)  # last: it rewrites the tree
        return CleanResult(
            page.url,
            status="ok",
            http_status=page.status,
            title=title,
            language=language_of(root, text),
            cleaned_html=cleaned_html,
            cleaned_text=text,
            headings=headings,
            lists=lists,
            breadcrumbs=breadcrumbs,
            removed=removed,
            original_chars=original_chars,
            content=content,
        )
    except RuleError:
        raise
    except Exception as exc:  # one bad page never stops a run
        # One line per page (the record holds the error); the traceback only when debugging.
        log.warning("cleaning %s failed: %s: %s", page.url, type(exc).__name__, exc)
        log.debug("cleaning %s failed", page.url, exc_info=True)
        return CleanResult(
            page.url,
            status="error",
            error=f"{page.url}: {type(exc).__name__}: {exc}",
            http_status=page.status,
        )


__all__ = ["clean_page", "clean_tree", "content_of", "find_boilerplate", "removals_of"]
