"""Why a piece of text was kept or removed on a page: the page is cleaned again without being
changed, and the removed block holding the text is named with its detector and the reason."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from deboiler_gui.engine.clean.cleaning import removals_of
from deboiler_gui.engine.htmltree import parse_html, readable_path, visible_text
from deboiler_gui.engine.model import DomainModel, Page

#: What each detector's removals are and why a block is taken for one.
DETECTOR_REASONS = {
    "exact": (
        "repeated block",
        "the same block (its text, or its markup where it holds no text) is on many of the "
        "site's pages",
    ),
    "slot": (
        "navigation slot",
        "mostly links, in a place that holds links on many of the site's pages, or in an "
        "element the page marks as its navigation or footer, away from the content",
    ),
    "frame": (
        "template frame",
        "the same tag skeleton in the same place on many of the site's pages, outside the "
        "main content",
    ),
    "label": (
        "labelled widget",
        "a link-dense block starting with a label or a heading: the same label at the same "
        "place on many of the site's pages, or, beside the main content, a link list or a "
        "list of teasers under a title, or a column of titled link boxes beside a story's "
        "paragraphs, or a list of links beside a short story under its headline on a page "
        "that is mostly links (these need no other page)",
    ),
    "stamp": (
        "date stamp or skip link",
        "a line holding only a date or a time, or a skip link",
    ),
    "menu": (
        "jump menu or list box",
        "a form's drop-down list (its choices are other pages, sections or dates, not the "
        "page's text), or a list box outside the content",
    ),
    "post": (
        "post's frame",
        "a bar or a card (who wrote the post and when) at the same place in most of a "
        "thread's posts, a signature ending a message (a dash, a name, a date), or the "
        "thread's line of facts or a notice after its last post",
    ),
    "figure": (
        "photo with its caption",
        "an image with a line of text under it in the story or the block around it, or a box "
        "the page sets apart (an aside, a figure) holding only photos and their captions, at "
        "a place the site's pages share",
    ),
    "hidden": (
        "hidden copy of visible text",
        "a block the page hides (display:none) whose text is the start of a visible "
        "sibling's: a post's summary beside the full post; or, away from the content slot, "
        "any block the page hides",
    ),
    "notice": (
        "copyright notice",
        "outside the content slot, a block of at most 400 characters opening with "
        '"Copyright", "©" or "(c)" and a year, or with "All rights reserved" after it '
        "(needs no other page)",
    ),
    "pair": ("shared with a neighbour", "the same block is on the page next to it by URL"),
    "rule": ("remove rule", "a template's remove rule selects it"),
}


#: The rules a detector's removal names in its ``representation``: (detector,
#: representation) -> (the rule's name, why a block is taken for it). Other representations
#: are a label's text, a place or a hash, and the detector's own reason stands.
RULE_REASONS = {
    ("label", "button"): (
        "button",
        'a control standing alone — a button, a link that goes nowhere ("#", a script), an '
        "element made focusable, a form's label set apart from its field — whose text is a "
        "short call of two words or more (at most 40 characters, no figure): the frame's "
        '"Add to your basket", even in the content; a series of three alike controls (sizes, '
        "colours), a control of one word and one that opens a part of the page (an "
        "accordion's question) stay (needs no other page)",
    ),
    ("label", "repeated panel"): (
        "repeated panel",
        "in the content slot, a panel opening with a heading, at a place the site has on many "
        "of its pages, three fourths of its text or more in three or more blocks the site "
        "repeats, at most half the content's text: a shop's delivery and returns tab among "
        "the product's sections, its lines the same on every page but a few",
    ),
    ("label", "control box"): (
        "control box",
        "a small box of links (at most 300 characters, links at least half of it) whose first "
        "text is a control — a link that goes nowhere or a button, which opens or toggles the "
        "box — at a place the site has on many of its pages, even inside the story",
    ),
    ("label", "teaser links"): (
        "links away from the content",
        "away from the content and the block around it, a list of links to other pages "
        "(mostly links, three or more) or a column of teasers (three headline links or more, "
        "each with a few lines of text at most): needs no other page",
    ),
    ("label", "media list"): (
        "media list",
        "outside the content slot, a list of three or more entries each with an image and a "
        "link of some words (a playlist's next videos, a strip of photo stories)",
    ),
    ("label", "form"): (
        "form",
        "outside the content slot, a form with a field to fill in or a choice to make",
    ),
    ("label", "box column"): (
        "column of titled link boxes",
        "set among the story's paragraphs, or beside the column of the story or of the block "
        "around it, a column of two or more boxes, each a short label over headlines",
    ),
    ("label", "side column"): (
        "column of the site's boxes",
        "in the block holding the story's column, beside it, a column of two or more boxes "
        "(links at least 30% of its text, no heading of the content, no run of posts) whose "
        "paragraphs are at most half as long as the story's longest",
    ),
    ("label", "heading label"): (
        "label after a heading",
        "right after a heading, in its block, an inline element of its own holding one word of "
        "letters, no link, that many of the site's pages have after a heading (a blog's "
        'post format, "Standard", after every post\'s title)',
    ),
    ("label", "figures table"): (
        "table of figures",
        "outside the content slot, beside a story, a table whose text outside its links, "
        "header cells and caption is figures only (quotes, scores)",
    ),
    ("label", "section box"): (
        "box of other stories",
        'after the story, a box under a title that links to another page ("More China '
        'stories") listing other stories, each opened by its headline link',
    ),
    ("label", "skip box"): (
        "box the reader can skip",
        "in the story, a box opened by a link that jumps to the place right after it "
        '("Continue reading the main story"), holding only links beside its title',
    ),
    ("label", "skip link"): (
        "link skipping a box",
        "in the story, a link that jumps over the box it opens to the place right after it "
        '("Continue reading the main story")',
    ),
    ("label", "trailing lists"): (
        "labelled lists after the story",
        "at the end of the story's block, after its text, a list of links to other pages "
        'under a short label ending with a colon ("Read more:", "Sidebars:"), with nothing '
        "but such lists after it",
    ),
    ("label", "site label"): (
        "box under the site's label",
        "away from the content and the block around it, on a page whose content holds a story, "
        "a box of three or more links to other pages opening with a label that the site "
        "repeats on many pages, whatever its items",
    ),
    ("label", "skipped box"): (
        "box the page lets its reader skip",
        "a link box whose first link goes to the text right after it",
    ),
    ("label", "previous/next links"): (
        "previous/next links",
        "one or two links to other pages, the one before opening with a left arrow and the "
        "one after ending with a right arrow, with no other text but a heading over them",
    ),
    ("label", "aside links"): (
        "aside of links",
        "a block the page marks as an aside (or a table floated beside the text) holding links "
        "to other pages, not sentences of its own",
    ),
    ("stamp", "pager"): (
        "pager",
        "in the content or the block around it, a line of at most 120 characters holding "
        "page numbers one after another (one of them a link to another page) and at most "
        "two words beside them",
    ),
    ("stamp", "control"): (
        "repeated control",
        "in the content or the block around it, a link that goes nowhere (no address, or "
        '"#": a control a script handles) whose text, at most 40 characters, three such links '
        "or more say",
    ),
    ("label", "teaser cards"): (
        "teaser cards after the story",
        "after the story's text, even in its block, a list of links to other pages (mostly "
        "links) of which three or more each hold a heading or a paragraph: other stories' "
        "headlines with their first lines",
    ),
    ("figure", "photo span"): (
        "photo with its caption",
        "in the content, a span of its own holding a photo first, then its credit and caption "
        "(20 to 600 characters, hardly any links; no paragraph, heading, list or table)",
    ),
    ("label", "beside the story"): (
        "links beside the story",
        "on a page that is mostly links, a list of links to other pages beside the page's own "
        "text under its headline",
    ),
    ("frame", "loose line"): (
        "line loose after the content",
        "after the block holding the content, a line of inline text standing loose in the "
        "body (a bare font or span, at most 400 characters, no block in it) on a page whose "
        "content holds a story: a generator's or a release's line under the last section",
    ),
    ("frame", "fixed words"): (
        "words with the page's links",
        "at the first or last blocks of the content, a block holding links to other pages "
        "whose words outside its links are those that the content of many of the site's pages "
        "opens or ends with, whatever its links (a wiki's \"This page may have a more recent "
        'version on …: …" under every page); not a heading, nor a line holding a date',
    ),
    ("frame", "bar said twice"): (
        "bar said twice",
        "at the first or last blocks of the content, a bar of links to other pages with only "
        'separators between them ("< Previous | Index | Next >") that the content says again '
        "word for word (over its text and under it)",
    ),
    ("frame", "bar twin"): (
        "navigation bar over a section",
        "a bar of the same tag, attributes and structure as a navigation bar the page lost at "
        "its top or bottom, mostly links and saying two or more of its link labels, at the "
        "edge of a section inside the content: the bar again over each section, with other "
        "addresses and neighbours",
    ),
    ("slot", "navigation"): (
        "the page's navigation",
        "a link list the page marks as its navigation (nav, role=navigation), away from the "
        "content",
    ),
    ("slot", "footer"): (
        "the page's footer",
        "a link list the page marks as its footer (footer, role=contentinfo), away from the "
        "content",
    ),
    ("hidden", "hidden block"): (
        "hidden block",
        "a block the page hides (display:none, visibility:hidden): away from the content slot "
        "any such block, inside it a list of links only",
    ),
    ("post", "comment line"): (
        "line about the post's comments",
        'in an article, a short line (a few words, then "on", "to" or "for" and the '
        "article's own heading): \"Comments Off on <the post's title>\" (needs no other page)",
    ),
    ("post", "signature"): (
        "message's signature",
        "a signature ending a message: the name and the date after its dash",
    ),
    ("post", "after the posts"): (
        "thread's notice",
        "a short block with a link after the last post of a thread whose posts have their frame",
    ),
    ("post", "comments"): (
        "readers' comments",
        'after the story, outside its text, a block the page marks as comments ("comment" in '
        "its id or classes), or the block around two or more posts each so marked, holding a "
        "run of two or more alike posts, most of them dated, at a place that holds the site's "
        "content on fewer than half the pages that have it",
    ),
}


def removal_reason(detector: str, representation: str = "") -> tuple[str, str, str]:
    """(name, rule, reason) of a removal: the detector's name, the rule of it that fired
    ("control box", "" when the detector has one rule or the representation is a label's
    text), and why a block is taken for it."""
    name, reason = DETECTOR_REASONS.get(detector, (detector, ""))
    rule = RULE_REASONS.get((detector, representation))
    if rule is not None:
        return name, rule[0], rule[1]
    if detector == "rule":
        reason = f"{reason}: {representation}"
    return name, "", reason


def squeeze(text: str) -> str:
    """Text with every run of white space made one space (how text is compared here)."""
    return " ".join(text.split())


def text_fate(
    page: Page,
    model: DomainModel | None,
    text: str,
    cleaned_text: str,
    *,
    method: str = "site",
    remove: Iterable[str] = (),
    keep: Iterable[str] = (),
) -> dict[str, Any] | None:
    """What became of ``text`` on a page: None when the page's visible text does not hold it;
    else ``kept`` (the cleaned text holds it), ``removed`` (each removed block holding it:
    ``detector``, ``name``, ``rule`` the detector's rule that fired ("control box", or ""),
    ``reason``, ``path``, ``xpath``, ``in_content`` whether the block was inside the content
    slot), ``places`` (each innermost block holding it: ``path``,
    ``xpath``, ``text``, ``whole`` whether the block's text is the text itself, ``removed`` the
    removal holding it or None, ``in_content`` whether the block is in the content slot,
    ``link_share`` the share of its text in links), ``content`` (where the content was taken to be) and
    ``method`` (``site``, or ``page`` for the single-page extractor)."""
    needle = squeeze(text)
    if not needle or page.error is not None or not page.html:
        return None
    root = parse_html(page.html)
    body = root.find("body")
    if needle not in squeeze(visible_text(body if body is not None else root)):
        return None
    fate: dict[str, Any] = {
        "kept": needle in squeeze(cleaned_text),
        "removed": [],
        "places": [],
        "content": {},
        "method": method,
    }
    if method == "page" or model is None and not remove:
        return fate
    why: dict[str, str] = {}
    pairs = removals_of(root, model, remove=remove, keep=keep, why=why)
    fate["content"] = why
    slot = root.getroottree().xpath(why["slot"]) if why.get("slot") else []
    slot_el = slot[0] if slot else None
    removed_at = {el: removal for el, removal in pairs}
    tree = root.getroottree()
    for block in holding_blocks(body if body is not None else root, needle):
        holder = next((a for a in (block, *block.iterancestors()) if a in removed_at), None)
        block_text = squeeze(visible_text(block))
        place: dict[str, Any] = {
            "path": readable_path(block),
            "xpath": tree.getpath(block),
            "text": block_text,
            "whole": block_text == needle,
            "removed": None,
            "in_content": slot_el is not None
            and (block is slot_el or slot_el in block.iterancestors()),
            "link_share": link_share(block),
        }
        if holder is not None:
            removal = removed_at[holder]
            name, rule, reason = removal_reason(removal.detector, removal.representation)
            place["removed"] = {
                "detector": removal.detector,
                "name": name,
                "rule": rule,
                "reason": reason,
                "path": removal.path,
                "xpath": removal.xpath,
                "in_content": slot_el is not None and slot_el in holder.iterancestors(),
            }
            if place["removed"] not in fate["removed"]:
                fate["removed"].append(place["removed"])
        fate["places"].append(place)
    return fate


def link_share(el: Any) -> float:
    """Share of the element's visible text (spaces squeezed) that is the text of links: all of
    it when the element is a link or inside one."""
    total = len(squeeze(visible_text(el)))
    if not total:
        return 0.0
    if el.tag == "a" or next(el.iterancestors("a"), None) is not None:
        return 1.0
    links = sum(len(squeeze(visible_text(a))) for a in el.iter("a") if a is not el)
    return min(1.0, links / total)


def holding_blocks(el: Any, needle: str) -> list[Any]:
    """The innermost elements under ``el`` (itself included) whose visible text holds
    ``needle`` (squeezed): one per place the text is on, an element standing for the
    occurrences its children do not hold (a text running across children is the parent's)."""
    here = squeeze(visible_text(el)).count(needle)
    if not here:
        return []
    found: list[Any] = []
    inner = 0
    for child in el:
        if not isinstance(child.tag, str):
            continue
        blocks = holding_blocks(child, needle)
        if blocks:
            inner += squeeze(visible_text(child)).count(needle)
            found.extend(blocks)
    if here > inner:
        found.insert(0, el)
    return found


def verdict(fate: dict[str, Any]) -> str:
    """``kept``, ``removed`` or ``partly removed``: what became of the text on its page, judged
    by the places where a whole block is the text when there are any (a line that is the text
    outweighs a longer line that merely holds it), else by every place."""
    places = fate.get("places") or []
    whole = [p for p in places if p.get("whole")]
    judged = whole or places
    gone = sum(1 for p in judged if p.get("removed"))
    if not fate.get("kept"):
        return "removed"
    if gone == 0:
        return "kept"
    return "removed" if gone == len(judged) else "partly removed"


__all__ = [
    "DETECTOR_REASONS",
    "RULE_REASONS",
    "holding_blocks",
    "link_share",
    "removal_reason",
    "squeeze",
    "text_fate",
    "verdict",
]
