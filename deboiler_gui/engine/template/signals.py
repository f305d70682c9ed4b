"""Correctness signals of a template's fields over a site, beyond hit rates: one/none/many
matches per page, the distribution of values (length, item count, distinct values, pages
sharing one value, unless a few values split the pages by kind, or a navigation label's links
lead to each page's own neighbour or parent; one value on many pages among values nearly all of
each page's own), a rule tied to the own name of the one page or few it answers on (its text
test taken out, it finds nodes on many pages without a value), a link known by its text ('List of all members') that
is another link on a few pages, list items from several containers (blocks of one kind over
the page's sections are one list, unless each is its section's one block under a heading of
its own), far more items than entries, nodes like the
items beside them left out, one level of a nested list taken (neither counts other entries'
lists when the items are the page's own entry's sub-list), a list item linking to its own
page's top, values that equal another field's (one same node, copies of one node, or another
unlike node on every page; flagged on the field that lands on the other's node), list items
that are other fields' values, a value that is another field's with more text glued on, no
value on pages where the node at the rule's place is there under the rule's anchor (a
positional rule has none: its place alone; or the page's top heading it is elsewhere, its
parent's first heading, or a top heading of another rank), no value where the rule's own block
(its anchor, the field's nodes most of its text elsewhere) holds text, no value anywhere, a rule
pinned to a position whose node there is not like the learned one (its tag, ``rel``, label or
text before it, a label naming the page's kind aside; for a list, the position holding every
item; for a position in the whole page, a heading or not, under another heading from page to
page), another field's constant value taken from that field's node on some pages, flags for
values that look wrong with the pages to look at, and a value preview."""

from __future__ import annotations

import functools
import itertools
import re
import statistics
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any
from urllib.parse import urldefrag, urljoin

import lxml.etree as etree

from deboiler_gui.engine.htmltree import VOID_TAGS, HtmlElement, normalize_text
from deboiler_gui.engine.model import DeboilerError, Page, RuleError
from deboiler_gui.engine.template.exports import Untranslatable, split_outside, step_predicates
from deboiler_gui.engine.template.extract import (
    choose_templates,
    extract_field,
    is_gone,
    learned_absent,
    page_tree,
    remove_field_command,
)
from deboiler_gui.engine.template.induce import (
    cross_columns,
    in_table_row,
    item_groups,
    item_label,
    label_like,
    list_of_item,
    names_label,
    rows_of_other_shapes,
    several_lists,
    table_list,
)
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.selectors import select

#: A list whose largest item count is this many times its median count is flagged.
WILD_COUNT = 5.0
#: A field whose values are one same value on this share of pages is flagged.
SAME_VALUE = 0.8
#: A link's text that is one same label is a navigation label ('next →'), constant by nature,
#: when its links have at least this many targets per page with that text (each page's own).
NAV_TARGETS = 0.5
#: ... or when its links have at least this many targets (and the square root of its pages),
#: none of them on half the pages: links to each page's parent ('Up'), shared by siblings.
NAV_PARENTS = 3
#: A navigation label of signs alone ('<', '>>', '«') is at most this many characters.
NAV_SIGNS = 3
#: A field equal to another field on this share of pages, the two nodes one same node
#: there, is flagged.
LOOKS_LIKE = 0.5
#: A field equal to another field on this share of pages, the two nodes apart but alike
#: (copies of one link), is flagged.
SAME_NODE = 0.95
#: Pages without a value whose top heading is of a higher rank than the rule's node (3 at
#: least) are flagged from this share of the pages on.
HIGHER_SHARE = 0.05
#: A scalar field of at most this many values, the second on a tenth of the pages, names
#: the pages' kind (a section name): one same value on most pages is no fault there.
KINDS = 4
#: Two fields equal on every page where both have a value, from this many pages on, in two
#: unlike nodes neither of which is a link, are flagged.
EVERY_PAGE = 5
#: A field (a list, or a scalar beside a list) whose values are another field's, from the
#: same nodes or copies of them, on this share of the pages where both have values (and
#: ``EVERY_PAGE`` pages at least) is flagged as a duplicate of that field.
DUPLICATE = 0.95
#: A list page whose items are this many times the parents they come from (and at least
#: ``CROWDED_PARENTS`` parents) takes other nodes of each entry too: its type links.
CROWDED = 2.0
CROWDED_PARENTS = 3
#: A list page whose items come in this many runs under containers of their own, where most
#: pages' items are one run, is flagged.
GROUPS = 3
#: Label elements looked at in a pinned node's parent (its siblings' labels).
NEAR_LABELS = 200
#: A label beside a pinned node is text of at most this many characters.
LABEL_CHARS = 40
#: A value that holds another field's value and more text on this share of the pages where
#: both have one is flagged (a title with the breadcrumb trail glued on).
GLUED = 0.5
#: A position taken in the whole page (``(//td)[2]``) whose node is under one same heading on
#: less than this share of pages is flagged.
ONE_ROLE = 0.8
#: The scalar rule's node is its parent's one node of its tag on at least this share of its
#: pages for the pages without a value to be looked at for a node at that place.
ALONE = 0.8
#: The first of several nodes is at one same place on this share of the pages with several
#: for the first to be the one meant (see ``FieldSignals._first_meant``).
FIRST_PLACE = 0.9
#: Nodes of a page with several whose places are compared (the first ones).
MANY_SHAPES = 200
_FIRST = re.compile(r"\[\s*1\s*\]|position\(\)\s*=\s*1\b")
#: Blocks of one kind side by side that are entries of one run, not lists of their own (a
#: run of definitions, some with several names), are at least this many in their parent.
RUN = 3
#: A scalar field whose values are nearly all different (a page's own, ``PAGE_OWN_DISTINCT``
#: of the other pages' values distinct) but one on this share of its pages (and
#: ``PAGE_OWN_MIN`` pages at least) is flagged: a constant node taken on those pages.
PAGE_OWN_SHARE = 0.2
PAGE_OWN_DISTINCT = 0.9
PAGE_OWN_MIN = 10
#: A side of a field's pages whose values are each on this many of its pages on average is
#: a few values repeated (section headings every page of a kind has), not each page's own.
REPEATED = 3
#: A text field whose value is the page's title (the whole `<title>`, or its part before or
#: after a separator: 'LTO Visibility — Clang 14 documentation') on this share of the pages
#: with a value and a title (``TITLED_MIN`` pages at least) is a title field: a page where
#: the rule matches several nodes and takes one that is not the page's title is flagged.
TITLED = 0.8
TITLED_MIN = 10
#: Pages without a value kept (with their trees) until the rule's usual place is known.
PENDING = 50
#: Pages without a value where the rule's anchor holds text from which a field is flagged.
ANCHORED_EMPTY = 2
#: The anchor is the field's own block when the field's nodes are this share of its text
#: (headings aside) on the pages with a value (the median): a field missing where such a
#: block has text is a node of another kind there; a field missing in the page's content
#: block (a chapter without sub-sections) is no sign of anything.
OWN_BLOCK = 0.5
#: Pages with a value the anchor's share is measured on.
OWN_BLOCK_PAGES = 50
#: A rule tied to a page's own text (its heading's, as induced from clicks on one page) is
#: flagged when it has a value on at most ``TIED_PAGES`` pages while the rule without that
#: text finds nodes on ``TIED_KIND`` times as many pages without a value (``TIED_LEAST`` at
#: least): the pages of the kind it was made for.
TIED_PAGES = 3
TIED_KIND = 10
TIED_LEAST = 10
_GROUPED = re.compile(r"\((.+)\)\[\s*(\d+)\s*\]")
_LETTERS = re.compile(r"[^\W\d_]{2}")


@dataclass
class FieldSignals:
    template: str
    field: str
    is_list: bool
    pages: int = 0
    one: int = 0
    none: int = 0
    many: int = 0
    lengths: list[int] = dc_field(default_factory=list)
    counts: list[int] = dc_field(default_factory=list)
    values: Counter[str] = dc_field(default_factory=Counter)
    mixed: list[str] = dc_field(default_factory=list)  # pages whose items come from several lists
    # per list page, the label its table of items carries as its own (a header row, a
    # caption, a heading right before it), when it has one
    own_labels: dict[str, str] = dc_field(default_factory=dict)
    # list pages whose items come from table rows of two shapes (``rows_of_other_shapes``)
    row_shapes: list[str] = dc_field(default_factory=list)
    # list pages whose items sit in table rows; of them, those where one row gives items
    # from two of its columns (``cross_columns``)
    row_pages: int = 0
    cross: list[str] = dc_field(default_factory=list)
    # (page, nodes like the items beside them that the rule does not take)
    left_out: list[tuple[str, int]] = dc_field(default_factory=list)
    empty: list[str] = dc_field(default_factory=list)  # pages with items that have no text
    # (page, entries of other levels of the nested lists the items are in, not taken)
    one_level: list[tuple[str, int]] = dc_field(default_factory=list)
    # per text, list pages with an item of that text linking to the page itself (its top, no
    # fragment); list pages with a value
    self_links: Counter[str] = dc_field(default_factory=Counter)
    list_pages: int = 0
    # list pages whose items are in a tree of nested lists (another level there or not)
    nested: int = 0
    # (nodes matched, page) where a scalar rule matches several different nodes
    many_pages: list[tuple[int, str]] = dc_field(default_factory=list)
    # per such page, the places (tags and classes from the root) of the nodes and how many
    many_shapes: dict[str, Counter[str]] = dc_field(default_factory=dict)
    equal_to: Counter[str] = dc_field(default_factory=Counter)
    # pages where the value equals another field's and the two nodes are not known apart
    equal_pages: dict[str, list[str]] = dc_field(default_factory=dict)
    # pages where the value equals another field's and the two nodes are apart but alike
    # (the same tag, ``rel`` and label: a header's and a footer's copy of one link)
    equal_alike: Counter[str] = dc_field(default_factory=Counter)
    # pages where the value equals another field's, the two nodes apart, unlike and neither
    # a link (a link naming the page, a sidebar's entry for it, is no copy of its text); and
    # those where the other field's node is a heading and this field's is not
    equal_plain: Counter[str] = dc_field(default_factory=Counter)
    # pages where this field's node is another field's node, read to another value (a link's
    # target where the other field reads its text), per other field
    node_shared: dict[str, list[str]] = dc_field(default_factory=dict)
    equal_heading: Counter[str] = dc_field(default_factory=Counter)
    # other fields equal to this one on every page where this field's node is the heading
    # and theirs is not (set once all pages are seen)
    equal_heading_of: set[str] = dc_field(default_factory=set)
    # pages where this field and another both have a value
    both: Counter[str] = dc_field(default_factory=Counter)
    # per earlier field of the template, one of the two a list: pages where both have values,
    # pages where this field's values are the other's from the same nodes (or one holds the
    # other), and from copies of them (apart, alike); the pages of either
    dup_both: Counter[str] = dc_field(default_factory=Counter)
    dup_same: Counter[str] = dc_field(default_factory=Counter)
    dup_copies: Counter[str] = dc_field(default_factory=Counter)
    dup_pages: dict[str, list[str]] = dc_field(default_factory=dict)
    # pages where the value equals another field's, whatever the nodes (per other field)
    equal_all: dict[str, list[str]] = dc_field(default_factory=dict)
    # what the scalar rule's node is on each page with a value (tag, rel, label before it)
    idents: dict[str, str] = dc_field(default_factory=dict)
    # per other field it equals on some pages: whose node it is there, by what the node is
    # ('theirs': the other field's usual node, not this field's; 'mine': the reverse), and
    # that node
    equal_whose: dict[str, tuple[str, str]] = dc_field(default_factory=dict)
    value_pages: dict[str, list[str]] = dc_field(default_factory=dict)  # up to 5 per value
    # each page's value (scalar fields)
    page_values: dict[str, str] = dc_field(default_factory=dict)
    #: the field's values are link targets (an ``@href`` or ``@src``): a relative target is
    #: another page in each folder ('./index.html'), so whether the values are one same value
    #: is judged on the targets resolved against each page's URL (``resolved``), and the
    #: pages of each (up to 5)
    is_link: bool = False
    # the field is recorded gone by ``templates repair`` (no rule, its values gone from the
    # site): its "no value anywhere" says so
    gone: bool = False
    resolved: Counter[str] = dc_field(default_factory=Counter)
    resolved_pages: dict[str, list[str]] = dc_field(default_factory=dict)
    #: the commonest value of each other scalar field of the template, on most of its pages
    others_constant: dict[str, str] = dc_field(default_factory=dict)
    # items, page, elements on the page
    count_pages: list[tuple[int, str, int]] = dc_field(default_factory=list)
    preview: list[tuple[str, Any]] = dc_field(default_factory=list)
    # (value, link target of its node) per page: a link whose text and target are both one
    # same value is constant by nature ('Up' to the index), not a rule landing on one node
    targets: Counter[tuple[str, str]] = dc_field(default_factory=Counter)
    #: distinct values the field had on its learned pages (None: never learned)
    learned_distinct: int | None = None
    #: the pages the field was learned on (its fingerprint's samples)
    learned: frozenset[str] = frozenset()
    #: the pages whose clicked examples the rule was induced from (``examples``)
    examples: frozenset[str] = frozenset()
    # (items per parent, page, items, parents): list pages with far more items than entries
    crowded: list[tuple[float, str, int, int]] = dc_field(default_factory=list)
    # (groups, page) per list page: the runs of items under their own containers beside one
    # another (``induce.item_groups``)
    groups: list[tuple[int, str]] = dc_field(default_factory=list)
    # (page, the labels) per list page whose items sit under two labels or more ('Up:', 'On
    # this page:'), each item's the nearest before it (``_item_labels``)
    labelled: list[tuple[str, tuple[str, ...]]] = dc_field(default_factory=list)
    #: the rule's last step pinned to a position (``tr[3]``), when it has one
    pinned: str = ""
    # shape (tag, classes, label beside) of the node at that position, and its pages
    shapes: dict[str, list[str]] = dc_field(default_factory=dict)
    # per page, the labels in the pinned node's parent (its siblings' headings, terms, cells)
    near_labels: dict[str, frozenset[str]] = dc_field(default_factory=dict)
    #: the position is taken in the whole page (``(//td[…])[2]``), not among siblings
    grouped: bool = False
    # per list page: (page, items, the other fields each item's value is, for items that are)
    overlap: list[tuple[str, int, list[frozenset[str]]]] = dc_field(default_factory=list)
    # pages where the value holds another field's value (or list item) and more text, per
    # other field; pages where both have a value (lists too)
    glued: dict[str, list[str]] = dc_field(default_factory=dict)
    both_any: Counter[str] = dc_field(default_factory=Counter)
    # the place (tags and positions from the root) of the scalar rule's node, on the pages
    # where it is its parent's one node of its tag, and what the node there is (tag, role,
    # label before it); pages with a value where it is so
    places: Counter[str] = dc_field(default_factory=Counter)
    place_kinds: dict[str, set[str]] = dc_field(default_factory=dict)
    alone: int = 0
    # pages without a value whose node at the usual place is like the rule's node there (or
    # whose top heading is of the tag the rule's node is the top heading of), and where
    vacant: list[str] = dc_field(default_factory=list)
    vacant_where: Counter[str] = dc_field(default_factory=Counter)
    # those of them whose node fails the rule's own test of its node (its anchor is the node)
    vacant_unlike: set[str] = dc_field(default_factory=set)
    # pages without a value whose top heading (the first of the highest rank on the page) is
    # of a lower rank than the one the rule's node is the top heading of, per tag
    other_rank: dict[str, list[str]] = dc_field(default_factory=dict)
    # the same, of a higher rank (a chapter's `h1` where the rule takes reference pages' `h2`)
    higher_rank: dict[str, list[str]] = dc_field(default_factory=dict)
    # pages with a value where the rule's node is the page's top heading of its rank, per tag
    tops: Counter[str] = dc_field(default_factory=Counter)
    # pages with a value where the rule's node is the first heading of its rank or a higher
    # one in its parent, per (the parent's place from the root, tag): the title of a page whose
    # top heading is the site's name in a menu bar (mdBook's `h1.menu-title`)
    scope_tops: Counter[tuple[str, str]] = dc_field(default_factory=Counter)
    # pages with a value where a heading of a higher rank comes before the rule's node in its
    # parent (a chapter's `h1` before the `h2` a section rule takes), per that heading's tag
    under_higher: dict[str, list[str]] = dc_field(default_factory=dict)
    # where the first node is (tags from the root, no positions) on the pages with several
    # different nodes, and the pages where another of the nodes is at that place too
    first_places: Counter[str] = dc_field(default_factory=Counter)
    first_in_run: int = 0
    # pages with several where the first is the page's top heading and the others are headings
    # of a lower rank (a section's `h3` before its subsections' `h4`)
    first_top: int = 0
    #: the rule asks for a first node itself (``[1]``, ``position()=1``)
    asks_first: bool = False
    # for a rule that reads an attribute (a link's ``@href``), the text of the element the
    # value is read from on each page with a value: the link's label ('List of all members'),
    # one same text on most pages while the targets differ; on the pages with several nodes,
    # the first's label and whether another of the nodes has that label too
    labels: dict[str, str] = dc_field(default_factory=dict)
    first_labels: dict[str, tuple[str, bool]] = dc_field(default_factory=dict)
    label_tags: dict[str, str] = dc_field(default_factory=dict)  # per label, its element's tag
    # for a text field whose node is a link, the link's text on each page with a value (as
    # ``labels``): one navigation label ('← prev') on most pages and another on a few is
    # another link there ('up' where a page has no previous page)
    link_texts: dict[str, str] = dc_field(default_factory=dict)
    # per list page, the lists its items come from (outermost, by tags and classes from the
    # root without positions): a list whose length varies in one same list is a contents
    # block growing with its page
    # (the lists, the kinds of entries)
    count_lists: dict[str, tuple[str, frozenset[str]]] = dc_field(default_factory=dict)
    # per list page of one item, each block around the item as a list would be keyed there,
    # with the item's kind of entry in it: one item repeats nothing, so the list found for it
    # is its row's table, not the cell's paragraph the items of other pages are in
    single_ups: dict[str, dict[str, str]] = dc_field(default_factory=dict)
    # pages without a value not looked at yet (the usual place was not known yet)
    pending: list[tuple[str, Any]] = dc_field(default_factory=list)
    # what the rule's node hangs on (``rule_anchors`` of its queue): a node at the usual
    # place counts only where it is that anchor, or under it (None: a positional rule)
    anchors: tuple[tuple[str, str], ...] | None = None
    # pages without a value where a part of the page the rule goes down from (its anchor,
    # not the node itself) is there with text, and that anchor (per page)
    anchored_empty: dict[str, str] = dc_field(default_factory=dict)
    # on pages with a value (the first ``OWN_BLOCK_PAGES``), the share of the anchor's text
    # (headings aside) that is the field's nodes' text: near 1 for a block of the field's
    # own ('Parent' over the parent's link), near 0 for the page's content block
    anchor_shares: list[float] = dc_field(default_factory=list)
    # on the same pages, the label of the anchor block holding the field's nodes (its own
    # heading, else the label before it: the 'Inherited By:' cell before a `td.bottomAlign`),
    # and whether the anchor was several blocks with text there (a class of the page's
    # summary cells, each another row's); per page without a value, the labels of the
    # anchor's blocks with text
    anchor_labels: Counter[str] = dc_field(default_factory=Counter)
    anchor_several: list[bool] = dc_field(default_factory=list)
    anchored_labels: dict[str, frozenset[str]] = dc_field(default_factory=dict)
    # pages without a value that ``templates learn`` recorded as pages without the field:
    # they raise no flag of a missing value (the field is absent there, as learning found
    # and its author accepted), only a note
    learned_empty: list[str] = dc_field(default_factory=list)
    # a text field's pages with a value and a `<title>`, those where the value is the title
    # (``_title_affix``) and what the title adds to it there (' — Clang 14 documentation'),
    # and those where the rule matches several nodes and the one taken is not the title:
    # (page, value, title, which of the other matches is the title (0: none), the texts of
    # the page's headings)
    title_pages: int = 0
    titled: int = 0
    title_affixes: Counter[str] = dc_field(default_factory=Counter)
    untitled_many: list[tuple[str, str, str, int, frozenset[str]]] = dc_field(default_factory=list)
    # a text field's pages with a value and some of the page's own name (its `<title>`, its
    # og:title, its first `h1`), those where the value is one of them, and those where it is
    # none while the rule took one node there: (page, value, title, og:title, first h1)
    name_pages: int = 0
    named: int = 0
    unnamed: list[tuple[str, str, str, str, str]] = dc_field(default_factory=list)
    # per earlier scalar field of the template whose node this scalar field takes on (nearly)
    # every page where both have a value: (those pages, the pages where both have one); and
    # the later fields that do so of this one (set once all pages are seen,
    # ``_settle_scalar_duplicates``)
    scalar_dup: dict[str, tuple[int, int]] = dc_field(default_factory=dict)
    duplicated_by: set[str] = dc_field(default_factory=set)
    # a text field's pages without a value that have the rule's anchor (or whose rule has
    # none) and a page heading: the tag and text of their top heading (the first of the
    # highest rank on the page)
    headed_empty: dict[str, tuple[str, str]] = dc_field(default_factory=dict)
    # a scalar field whose node is a link (`a`, `area` with a target): on its pages with a
    # value (the first ``LINK_PAGES``), the link's tag, its attributes but its target, and
    # those of the links of its tag beside it in its parent (``_usual_link``)
    link_nodes: list[
        tuple[str, frozenset[tuple[str, str]], tuple[frozenset[tuple[str, str]], ...]]
    ] = dc_field(default_factory=list)
    # pages without a value where a link like the field's (``_usual_link``) is in the rule's
    # anchor, and that anchor; pages without a value not looked at yet, with their links
    # under the anchor (the usual link was not known yet)
    link_empty: dict[str, str] = dc_field(default_factory=dict)
    link_pending: list[tuple[str, list[tuple[str, str, frozenset[tuple[str, str]]]]]] = dc_field(
        default_factory=list
    )
    # a rule testing a text (``h1[normalize-space(.)='Module Array']``): the pages with a value
    # whose own name (heading, title) that text is, and that text; the pages without a value
    # where the rule without its text tests finds nodes (the first ``TIED_PAGES`` + 2 of them
    # kept), how many
    tied_pages: list[str] = dc_field(default_factory=list)
    tied_text: str = ""
    loose_pages: list[str] = dc_field(default_factory=list)
    loose_count: int = 0

    def missed(self) -> list[str]:
        """The pages without a value where the node at the rule's usual place (or the page's
        top heading the rule's node is elsewhere) is there and passes the rule's own test of
        its node (``//h1[@class='headline']`` is not missing a listing page's
        ``h1.listing``): the rule misses a kind of page, the field is not absent there. None
        when the rule has a value on fewer than half the pages (its hit rate says so)."""
        hit = self.one + self.many
        if not self.vacant or 2 * hit < self.pages:
            return []
        return [u for u in self.vacant if u not in self.vacant_unlike]

    def _tied_flag(self) -> dict[str, Any] | None:
        """A rule that answers on one page or a very few, each of them named by a text the
        rule tests (``//body[h1[normalize-space(.)='Module Array']]/pre/span``, induced from
        clicks on that page alone), while the rule without that test finds nodes on many
        more pages without a value: the pages of the kind it was made for, where it gives
        nothing. Counted over every page read (a sample's answer can only lack it), whatever
        learning recorded of the pages without a value."""
        hit = self.one + self.many
        if (
            not hit
            or hit > TIED_PAGES
            or len(self.tied_pages) < hit
            or self.loose_count < max(TIED_LEAST, TIED_KIND * hit)
        ):
            return None
        pages = f"{hit} page{'s' if hit != 1 else ''}"
        which = "that page" if hit == 1 else "those pages"
        return {
            "flag": f"tied to {pages}: a value on {pages} only ({', '.join(self.tied_pages)}), "
            f"whose own name {self.tied_text[:60]!r} the rule tests, while the rule without "
            f"that text finds nodes on {self.loose_count} pages without a value: a rule for "
            f"{which} alone, not for its kind of page?",
            "pages": self.loose_count,
            "look_at": [*self.tied_pages, *self.loose_pages][:5],
        }

    def _relabelled(self) -> dict[str, Any] | None:
        """The flag for a list rule whose table of items is labelled otherwise from page to
        page ('Classes' here, 'Namespaces' there): a rule on the place of a table (the first
        after some line) takes whichever table comes there, where the page lacks the
        examples' one. Only when the labels are a few fixed texts, each of two or more on
        several pages (a table headed by the page's own name differs on every page)."""
        counts = Counter(self.own_labels.values())
        if len(counts) < 2:
            return None
        (usual, n), *rest = counts.most_common()
        others = sum(k for _t, k in rest)
        if n < 2 or others < 2 or len(counts) > max(3, len(self.own_labels) // 3):
            return None
        shown = ", ".join(f"{t[:30]!r} on {k}" for t, k in counts.most_common(4))
        return {
            "flag": f"items from differently labelled lists ({shown} pages): a rule on the "
            "list's place rather than its label takes another list where a page lacks the "
            "wanted one?",
            "pages": others,
            "look_at": [u for u, t in self.own_labels.items() if t != usual][:5],
        }

    def flags(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        hit = self.one + self.many
        tied = self._tied_flag()
        if tied:
            out.append(tied)
        if self.mixed:
            out.append(
                {
                    "flag": "items from several lists",
                    "pages": len(self.mixed),
                    "look_at": self.mixed[:5],
                }
            )
        relabelled = self._relabelled()
        if relabelled:
            out.append(relabelled)
        if self.row_shapes:
            out.append(
                {
                    "flag": "items from table rows of different shapes (rows whose cells are "
                    "of other classes than the others': a description or separator row under "
                    "each entry?)",
                    "pages": len(self.row_shapes),
                    "look_at": self.row_shapes[:5],
                }
            )
        if self.cross and 2 * len(self.cross) < self.row_pages:
            out.append(
                {
                    "flag": "items from several columns of one row (on the other pages each "
                    "row gives items of one column): links inside another cell, such as a "
                    "description, taken as items?",
                    "pages": len(self.cross),
                    "look_at": self.cross[:5],
                }
            )
        if len(self.left_out) >= 2:
            most = sorted(self.left_out, key=lambda p: -p[1])
            out.append(
                {
                    "flag": f"nodes like the items, beside them, are not taken on "
                    f"{len(self.left_out)} pages (up to {most[0][1]} on a page): the rule "
                    "leaves out entries of another form (a definition with several names)?",
                    "pages": len(self.left_out),
                    "look_at": [u for u, _n in most[:5]],
                }
            )
        if len(self.one_level) >= 2 and 4 * len(self.one_level) >= self.nested:
            most = sorted(self.one_level, key=lambda p: -p[1])
            out.append(
                {
                    "flag": f"takes one level of a nested list: on {len(self.one_level)} pages "
                    f"entries like the items at another level of their list (up to {most[0][1]} "
                    "on a page) are left out: the sub-entries (or the entries above them) too?",
                    "pages": len(self.one_level),
                    "look_at": [u for u, _n in most[:5]],
                }
            )
        if self.self_links and self.list_pages >= EVERY_PAGE:
            text, n = self.self_links.most_common(1)[0]
            if text and n >= SAME_VALUE * self.list_pages:
                out.append(
                    {
                        "flag": f"an item {text[:60]!r} links to its own page's top on {n} "
                        f"pages (of {self.list_pages} with a list): a link of the list's own, "
                        "not an entry?",
                        "pages": n,
                        "look_at": [],
                    }
                )
        if self.empty:
            out.append(
                {
                    "flag": "items without text (an image or icon link: take its @href, "
                    "@src or @alt?)",
                    "pages": len(self.empty),
                    "look_at": self.empty[:5],
                }
            )
        if self.crowded:
            first = sorted(self.crowded, key=lambda c: (c[1] not in self.learned, -c[0]))
            ratio, _u, items, parents = max(self.crowded)
            out.append(
                {
                    "flag": f"far more items than entries (up to {ratio:.1f} per parent: "
                    f"{items} items from {parents} parents): each entry's other links too?",
                    "pages": len(self.crowded),
                    "look_at": [u for _r, u, _i, _p in first[:5]],
                }
            )
        if self.vacant and 2 * hit >= self.pages:
            # (a rule with a value on fewer than half the pages says so by its hit rate)
            place = self.vacant_where.most_common(1)[0][0]
            out.append(
                {
                    "flag": f"no value on {len(self.vacant)} page"
                    f"{'s' if len(self.vacant) != 1 else ''} where the node at the rule's "
                    f"place exists ({place}, same tag and role): the rule misses a kind of page?",
                    "pages": len(self.vacant),
                    "look_at": self.vacant[:5],
                }
            )
        for missed in (self._headed_empty_flag(), self._link_empty_flag()):
            if missed:
                out.append(missed)
        anchored = self._anchored_empty()
        if anchored:
            out.append(anchored)
        ranks = sum(len(v) for v in self.other_rank.values())
        if ranks >= 3:
            usual_top = _usual_top(self)
            if usual_top:
                where = f"the page's top {usual_top}"
            else:
                parent, tag = _usual_scope(self)
                where = f"the top {tag} of {parent}"
            shown = ", ".join(
                f"{t} on {len(v)}"
                for t, v in sorted(self.other_rank.items(), key=lambda kv: -len(kv[1]))
            )
            out.append(
                {
                    "flag": f"no value on {ranks} pages whose top heading is of a lower rank "
                    f"({shown}) while the rule's node is {where} elsewhere: the "
                    "rule takes one rank of heading only?",
                    "pages": ranks,
                    "look_at": [u for v in self.other_rank.values() for u in v][:5],
                }
            )
        higher = sum(len(v) for v in self.higher_rank.values())
        usual_top = _usual_top(self)
        if higher >= 3 and higher >= HIGHER_SHARE * self.pages and usual_top:
            # Pages of another kind titled by a heading of a higher rank (a manual's chapters
            # `h1`, its reference pages `h2`): a few of them, a book's front page, are no
            # fault; several, and the rule leaves a kind of page without a title.
            shown = ", ".join(
                f"{t} on {len(v)}"
                for t, v in sorted(self.higher_rank.items(), key=lambda kv: -len(kv[1]))
            )
            out.append(
                {
                    "flag": f"no value on {higher} pages whose top heading is of a higher rank "
                    f"({shown}) while the rule's node is the page's top {usual_top} elsewhere: "
                    "the rule misses the pages titled by that heading?",
                    "pages": higher,
                    "look_at": [u for v in self.higher_rank.values() for u in v][:5],
                }
            )
        under = sum(len(v) for v in self.under_higher.values())
        place, tag = _usual_scope(self, share=0.5)
        if under >= 3 and place:
            shown = ", ".join(
                f"{t} on {len(v)}"
                for t, v in sorted(self.under_higher.items(), key=lambda kv: -len(kv[1]))
            )
            out.append(
                {
                    "flag": f"on {under} pages a heading of a higher rank ({shown}) comes before "
                    f"the rule's node in its parent, while the node is the first {tag} of "
                    f"{place} elsewhere: a section's heading there, not the page's own?",
                    "pages": under,
                    "look_at": [u for v in self.under_higher.values() for u in v][:5],
                }
            )
        pinned = self._pinned_flag()
        if pinned:
            out.append(pinned)
        untitled = self._title_flag()
        if untitled:
            out.append(untitled)
        unnamed = self._name_flag()
        if unnamed:
            out.append(unnamed)
        borrowed = self._borrowed()
        if borrowed:
            out.append(borrowed)
        for other, pages in self.glued.items():
            both = self.both_any[other]
            if len(pages) >= 3 and both and len(pages) / both >= GLUED:
                out.append(
                    {
                        "flag": f"on {len(pages)} of {both} pages the value is field {other!r}'s "
                        "value with more text: the rule takes a block that holds both?",
                        "pages": len(pages),
                        "look_at": pages[:5],
                    }
                )
        grouped = self._grouped()
        if grouped:
            runs = sorted(grouped, reverse=True)
            out.append(
                {
                    "flag": f"items from several containers: on {len(grouped)} page"
                    f"{'s' if len(grouped) != 1 else ''} the items come in runs under "
                    f"containers of their own (up to {runs[0][0]} on a page), where the "
                    "items of most pages share one: another kind of page (a front page's "
                    "whole contents), or items of several lists?",
                    "pages": len(grouped),
                    "look_at": [u for _n, u in runs[:5]],
                }
            )
        if len(self.labelled) >= 2 and 10 * len(self.labelled) >= self.list_pages:
            names = Counter(n for _u, ns in self.labelled for n in ns)
            shown = ", ".join(repr(n) for n, _k in names.most_common(4))
            out.append(
                {
                    "flag": f"items from several labelled lists: on {len(self.labelled)} page"
                    f"{'s' if len(self.labelled) != 1 else ''} the items sit under different "
                    f"labels ({shown}): the rule takes the block around several lists?",
                    "pages": len(self.labelled),
                    "look_at": [u for u, _n in self.labelled[:5]],
                }
            )
        scattered = {u for _n, u in grouped}
        if self.is_list and len(self.counts) >= 3:
            med = statistics.median(self.counts)
            top = max(self.counts)
            # Like is compared with like: a table of contents has many entries on a long
            # page, so a page counts only when its items per 1,000 elements of the page are
            # also far above the median (the Python reference's contents: 3 to 420 entries,
            # but 2.7 to 52 per 1,000 elements).
            dens = [n * 1000 / max(1, size) for n, _u, size in self.count_pages]
            mdens = statistics.median(dens) if dens else 0.0
            lists = self._count_lists()
            usual = Counter(key for key, _kinds in lists.values()).most_common(1)
            usual_list = usual[0][0] if usual and usual[0][1] * 2 >= len(self.count_pages) else None
            # the kinds of entries of the pages of usual length
            kinds = {
                _flat_kind(k)
                for n, u, _size in self.count_pages
                if n < WILD_COUNT * med and u in lists
                for k in lists[u][1]
            }
            mixed = set(self.mixed)

            def grown(u: str) -> bool:
                """A long list in the list the rule takes on most pages, its entries like
                the entries there (the same steps down to the item, links to this page or
                to others alike; entries of its nested lists as its own: an index page's
                contents tree, a leaf page's one level): that list grown (a chapter's
                contents), not other items."""
                if u in mixed or u in scattered or usual_list is None or u not in lists:
                    return False
                key, ks = lists[u]
                return key == usual_list and {_flat_kind(k) for k in ks} <= kinds

            big = [
                (n, u)
                for (n, u, size), d in zip(self.count_pages, dens, strict=True)
                if n >= WILD_COUNT * med and d >= WILD_COUNT * mdens and not grown(u)
            ]
            if top >= 10 and med and big:
                worst = [u for n, u in sorted(big, reverse=True)[:5]]
                out.append(
                    {
                        "flag": f"item count varies wildly (median {med:g}, max {top})",
                        "pages": len(big),
                        "look_at": worst,
                    }
                )
        if (
            not self.is_list
            and self.many
            and hit
            and self.many / hit > 0.05
            and not self._first_meant()
        ):
            out.append(
                {
                    "flag": "several nodes match on many pages (the first is taken)",
                    "pages": self.many,
                    "look_at": self._many_look_at(),
                }
            )
        relabelled = self._label_flag()
        if relabelled:
            out.append(relabelled)
        counted, counted_pages = self._judged()
        if hit >= 5 and counted:
            value, n = counted.most_common(1)[0]
            # (a link target is its own link's target)
            hrefs = (
                {value}
                if self.is_link
                else {h for (v, h), _k in self.targets.items() if v == value}
            )
            # Constant by nature: the learned values were one value too, or (never learned)
            # the value is a link's text whose target is one same target as well.
            natural = (
                (self.learned_distinct is not None and self.learned_distinct <= 1)
                or (self.learned_distinct is None and len(hrefs) == 1 and "" not in hrefs)
                or self._nav_label(value, n, hrefs)
            )
            rest, others = hit - n, len(counted) - 1
            if (
                not natural
                and not self._per_kind()
                and (n / hit >= SAME_VALUE and len(counted) > 1 or (n == hit and hit >= 10))
            ):
                out.append(
                    {
                        "flag": f"one same value on {n} of {hit} pages: {value[:60]!r}",
                        "pages": n,
                        "look_at": [],
                    }
                )
            elif (
                not natural
                and not self.is_list
                and n >= PAGE_OWN_MIN
                and n >= PAGE_OWN_SHARE * hit
                and rest >= PAGE_OWN_MIN
                and others >= PAGE_OWN_DISTINCT * rest
            ):
                # A value of each page's own (a title: nearly every other page has a value
                # of its own) that is one same text on many pages: a constant node of those
                # pages is taken there (a sidebar's 'Contents' heading before the title).
                out.append(
                    {
                        "flag": f"one same value on {n} of {hit} pages: {value[:60]!r}, where "
                        f"the other pages' values are nearly all their own ({others} values on "
                        f"{rest} pages): a node every page has, not the page's own?",
                        "pages": n,
                        "look_at": counted_pages.get(value, [])[:5],
                    }
                )
        for other, value in self.others_constant.items():
            n = counted.get(value[:300], 0)
            # Pages where the two fields read that value from two nodes apart (a chapter's
            # 'previous' link and its 'up' link both to the front page) are no sign of it.
            n -= self.equal_to.get(other, 0) - len(self.equal_pages.get(other, []))
            # The two rules take one same node on those pages, on fewer than half this
            # field's pages: this field's other values (the 'Next' of a bar's last link)
            # are not the other field's, its rule lands on the other's node where its own is
            # missing (the bar's 'Up' where a page has no 'Next').
            taken = 2 <= n <= len(self.equal_pages.get(other, [])) and 2 * n < hit
            if n > 0 and (len(counted) > 2 and n * 5 <= hit or taken):
                # The other field's value (one same on most pages) is this field's on a few
                # pages only: the rule lands on the other field's node there ('Up' where a
                # page has no 'Previous').
                how = ", from that field's node" if taken else ""
                out.append(
                    {
                        "flag": f"on {n} pages the value is {value[:60]!r}, field {other!r}'s "
                        f"value on most pages{how}: the other field's node there?",
                        "pages": n,
                        "look_at": counted_pages.get(value[:300], [])[:5],
                    }
                )
                continue
            shared = self.node_shared.get(other, [])
            if len(shared) >= 2 and 2 * len(shared) < hit:
                # The same for a field that reads the node another way (a 'next' link's
                # target from the bar's last link, the 'Up' link whose text the other field
                # reads where a page has no 'Next'): its values differ, its node is the other's.
                out.append(
                    {
                        "flag": f"on {len(shared)} pages its node is the one of field {other!r}, "
                        f"whose value on most pages is {value[:60]!r}: the other field's node "
                        "there?",
                        "pages": len(shared),
                        "look_at": shared[:5],
                    }
                )
        for other, both in self.dup_both.most_common():
            same, copies = self.dup_same[other], self.dup_copies[other]
            if both >= EVERY_PAGE and same + copies >= DUPLICATE * both:
                # One same list (or a list and a field) twice: the two rules take the same
                # nodes on nearly every page (a heading's links, and the span's inside it).
                # Flagged on the later field of the two, the one added to the other.
                how = "the same nodes" if same >= copies else "copies of the same nodes"
                out.insert(
                    0,
                    {
                        "flag": f"duplicate of field {other!r}: its values equal that field's "
                        f"on {same + copies} of {both} pages where both have values, taken "
                        f"from {how} (keep one of the two)",
                        "pages": same + copies,
                        "look_at": self.dup_pages.get(other, [])[:5],
                    },
                )
        for dup in self._scalar_duplicate_flags():
            out.insert(0, dup)
        for other, n in self.equal_to.most_common():
            if other in self.scalar_dup or other in self.duplicated_by:
                continue  # one field repeats the other: flagged on the later one, above
            if (
                n == self.both[other] >= EVERY_PAGE
                and self.equal_plain[other] == n
                and len(self.values) >= 3
                and not self._heading_of(other)
            ):
                # One text in two unlike nodes on every page where both have a value, neither
                # a link naming the page: the rule takes another copy of the other field's
                # text (a summary rule on the block that repeats the page's name). When the
                # other field's node is a heading and this one's is not, only this field is
                # flagged: the heading is the text's own place.
                out.insert(
                    0,
                    {
                        "flag": f"values equal field {other!r} on {n} pages, every page where "
                        "both have one, in another node: the rule takes a copy of that field's "
                        "text, not its own?",
                        "pages": n,
                        "look_at": self.equal_all.get(other, [])[:5],
                    },
                )
                continue
            whose, node = self.equal_whose.get(other, ("", ""))
            if whose == "mine":
                continue  # the other field lands on this field's node there
            if whose == "theirs":
                out.append(self._theirs_flag(other, n, node))
                continue
            close = self.equal_pages.get(other, [])
            if hit and len(close) / hit >= LOOKS_LIKE:
                # the two rules take one same node (or one holds the other) on most pages
                out.append(
                    {
                        "flag": f"values equal field {other!r} on {n} page{'s' if n != 1 else ''}",
                        "pages": n,
                        "look_at": close[:5],
                    }
                )
            elif hit and self.equal_alike[other] >= SAME_NODE * hit:
                # copies of one node in two places on (nearly) every page: the two rules
                # take one same thing. A title and the sidebar's entry for the page are one
                # text in two unlike nodes: that is no wrong rule.
                out.append(
                    {
                        "flag": f"values equal field {other!r} on {n} page{'s' if n != 1 else ''}"
                        ": the two rules take copies of one node",
                        "pages": n,
                        "look_at": [],
                    }
                )
            elif self.both[other] - n >= 4 * n and self.equal_pages.get(other):
                # Two fields that differ on most pages and are equal on a few: there the
                # rule lands on the other field's node (a header's first link is 'Up' on the
                # first page, which has no 'Previous'). Pages where the two nodes are known
                # and apart are a same text in two places (a chapter's heading and its entry
                # in the sidebar), not one node: they do not count.
                close = self.equal_pages[other]
                out.append(
                    {
                        "flag": f"values equal field {other!r} on {len(close)} page"
                        f"{'s' if len(close) != 1 else ''} while they differ on "
                        f"{self.both[other] - n}: the other field's node there?",
                        "pages": len(close),
                        "look_at": close[:5],
                    }
                )
        if self.pages and not hit and not self.empty:
            # (a list whose items have no text says so above)
            nothing = f"no value on {self.pages} page{'s' if self.pages != 1 else ''}"
            out.append(
                {
                    "flag": f"{nothing}: recorded gone by templates repair, no rule; remove "
                    f"the field ({remove_field_command(self.template, self.field)}) if the "
                    "site no longer has it, or author it again if it moved"
                    if self.gone
                    else f"{nothing}, every page looked at: the rule matches nothing there?",
                    "pages": self.pages,
                    "look_at": [],
                }
            )
        return out

    def _title_ranks(self) -> set[str]:
        """The heading tags a title-like rule takes: the rule's node is the page's top heading
        of its rank on (nearly) every page with a value (``FIRST_PLACE``), of several ranks
        (a chapter's `h1`, a section's `h2`: one rank is ``_usual_top``'s, looked at with the
        node at the rule's place), and a value on half the pages at least; each rank taken
        on two pages or more. Empty for another rule."""
        hit = self.one + self.many
        if (
            self.is_list
            or hit < 5
            or 2 * hit < self.pages
            or sum(self.tops.values()) < FIRST_PLACE * hit
            or _usual_top(self)
        ):
            return set()
        return {t for t, n in self.tops.items() if n >= 2}

    def _headed_empty_flag(self, *, learned: bool = False) -> dict[str, Any] | None:
        """A title-like rule (``_title_ranks``) without a value on pages that have the rule's
        anchor and a page heading of a rank it takes elsewhere: the title is elsewhere on
        those pages (Texinfo's index pages put their `h1` before the banner table a rule
        `//table[@summary='top banner']//*[self::h1 or …]` looks in). Pages ``templates
        learn`` recorded as without the field make a note (``learned``), not a flag."""
        ranks = self._title_ranks()
        if not ranks:
            return None
        known = set(self.learned_empty)
        vacant = set(self.vacant)
        pages = [
            (u, tag, text)
            for u, (tag, text) in self.headed_empty.items()
            if tag in ranks and u not in vacant and (u in known) == learned
        ]
        if not pages:
            return None
        tags = Counter(tag for _u, tag, _t in pages)
        shown = ", ".join(f"{t} on {n}" for t, n in tags.most_common())
        names = ", ".join(repr(text[:40]) for _u, _t, text in pages[:3])
        more = ", …" if len(pages) > 3 else ""
        where = (
            f"no value on {len(pages)} page{'s' if len(pages) != 1 else ''} where a page "
            f"heading of a rank the rule takes elsewhere exists ({shown}: {names}{more})"
        )
        if learned:
            return {
                "note": f"{where}, recorded by learning as pages without the field",
                "pages": len(pages),
                "look_at": [u for u, _t, _x in pages[:5]],
            }
        return {
            "flag": f"{where}: the rule misses the title there?",
            "pages": len(pages),
            "look_at": [u for u, _t, _x in pages[:5]],
        }

    def _link_empty_flag(self, *, learned: bool = False) -> dict[str, Any] | None:
        """A link rule (a 'next' link's target or text) without a value on pages where its
        anchor holds a link like the field's on the other pages (``_usual_link``: the same
        tag and the attributes it has on nearly every page, a 'next' image map area's
        `coords`): the rule misses it there (a position `area[4]` on the first page, whose
        one area is the 'next' one). A page whose anchor has no such link (the last page,
        without 'next') is not flagged. Pages ``templates learn`` recorded as without the
        field make a note (``learned``)."""
        usual = _usual_link(self)
        if usual is None:
            return None
        for url, links in self.link_pending:
            _note_link_empty(self, url, links, usual)
        self.link_pending = []
        known = set(self.learned_empty)
        pages = [u for u in self.link_empty if (u in known) == learned]
        if not pages:
            return None
        tag, mark = usual
        anchor = Counter(self.link_empty[u] for u in pages).most_common(1)[0][0]
        like = tag + "".join(f"[@{k}='{v[:40]}']" for k, v in sorted(mark))
        where = (
            f"no value on {len(pages)} page{'s' if len(pages) != 1 else ''} where a link like "
            f"the field's exists ({like} in {anchor})"
        )
        if learned:
            return {
                "note": f"{where}, recorded by learning as pages without the field",
                "pages": len(pages),
                "look_at": pages[:5],
            }
        return {
            "flag": f"{where}: the rule misses it there?",
            "pages": len(pages),
            "look_at": pages[:5],
        }

    def _scalar_duplicate_flags(self) -> list[dict[str, Any]]:
        """This scalar field repeats an earlier one: it takes that field's node on (nearly)
        every page where both have a value (a second field made on the same heading). Flagged
        on the later field of the two, the one added to the other (the earlier field's flags
        say nothing of it): never on the older field alone."""
        return [
            {
                "flag": f"duplicate of field {other!r}: its values equal that field's on {same} "
                f"of {both} pages where both have values, taken from the same nodes (keep one "
                "of the two)",
                "pages": same,
                "look_at": self.equal_pages.get(other, [])[:5],
            }
            for other, (same, both) in self.scalar_dup.items()
        ]

    def _grouped(self) -> list[tuple[int, str]]:
        """The list pages whose items come in several runs under containers of their own
        (``induce.item_groups``), when most list pages' items are one run: a front page's contents
        of every chapter, each chapter's sections in a block under the chapter's link, where
        a chapter page's items are its own sections."""
        if len(self.groups) < 3:
            return []
        usual = statistics.median(n for n, _u in self.groups)
        if usual > 1:
            return []
        out = [(n, u) for n, u in self.groups if n >= GROUPS]
        return out if 4 * len(out) <= len(self.groups) else []

    def _count_lists(self) -> dict[str, tuple[str, frozenset[str]]]:
        """The list each list page's items come from and their kinds of entry
        (``count_lists``), a page of one item put in the list the pages of several items
        have when that list is around its item (``single_ups``): a class's one subclass link
        is in the same cell's paragraph as another class's several, though alone it repeats
        no entry and the list found for it is the summary table of its row."""
        several = Counter(
            key for u, (key, _k) in self.count_lists.items() if u not in self.single_ups
        )
        out = dict(self.count_lists)
        for u, ups in self.single_ups.items():
            known = [k for k in ups if several[k]]
            if known:
                key = max(known, key=lambda k: several[k])
                out[u] = (key, frozenset({ups[key]}))
        return out

    def _theirs_flag(self, other: str, n: int, node: str) -> dict[str, Any]:
        """The rule takes another field's node on ``n`` pages (``equal_whose``: 'theirs') and
        a node of its own kind elsewhere: one of the two is the wrong node. The pages to look
        at are those of the side that looks wrong: the side without the example pages (when
        they are on one side); else the pages elsewhere when their value is one same value
        on most of them (a sidebar's 'Contents' heading where the other pages' node is
        their title `h1`), or a few values repeated over them while the equal side's values
        are each page's own (the Apache manual's side column headings 'Topics', 'Directives'
        and 'See also' where the other pages' node is their `h1`), and the reverse; else,
        with nothing pointing at either side, the fewer pages (a 'previous' rule that is the
        'Up' link on the pages without a 'Next') first, then pages of the other side."""
        equal = self.equal_all.get(other, [])
        same = set(equal)
        apart = [u for u in self.idents if u not in same]
        mine = _usual_ident(self, same)
        value, k = self.values.most_common(1)[0] if self.values else ("", 0)
        constant = (
            len(apart) >= 3
            and 2 * k >= len(apart)
            and not same & set(self.value_pages.get(value, []))
        )
        apart_values = Counter(self.page_values.get(u, "") for u in apart)
        equal_values = Counter(self.page_values.get(u, "") for u in equal)
        clicked_equal = sum(1 for u in self.examples if u in same)
        clicked_apart = sum(1 for u in self.examples if u in self.idents and u not in same)
        sure = True
        if clicked_equal != clicked_apart and (clicked_equal == 0 or clicked_apart == 0):
            wrong_apart = clicked_equal > 0
        elif constant or (_repeated(apart_values) and _own_values(equal_values)):
            wrong_apart = True
        elif _repeated(equal_values) and _own_values(apart_values):
            wrong_apart = False
        else:
            wrong_apart, sure = len(apart) < n, False
        both = self.both[other]
        theirs = _show_shape(node)
        if not apart:
            return {
                "flag": f"values equal field {other!r} on {n} of {both} pages: there the node "
                f"is field {other!r}'s ({theirs}), not this field's usual one",
                "pages": n,
                "look_at": equal[:5],
            }
        if constant:
            elsewhere = f"{value[:60]!r} ({_show_shape(mine)}) on {k}"
        elif _repeated(apart_values):
            common = ", ".join(repr(v[:40]) for v, _c in apart_values.most_common(3))
            elsewhere = (
                f"{common} ({_show_shape(mine)}), {len(apart_values)} values on {len(apart)} pages"
            )
        else:
            elsewhere = _show_shape(mine)
        # with nothing pointing at one side, pages of both sides: the likelier side's first
        shown_apart = _by_value(apart, self.page_values)
        if wrong_apart:
            look = shown_apart[:5] if sure else shown_apart[:3] + equal[:2]
            return {
                "flag": f"values equal field {other!r} on {n} of {both} pages, where its node is "
                f"field {other!r}'s ({theirs}); elsewhere ({len(apart)} pages) it takes another "
                f"node: {elsewhere}: the wrong node there?",
                "pages": len(apart),
                "look_at": look,
            }
        look = equal[:5] if sure else equal[:3] + shown_apart[:2]
        return {
            "flag": f"values equal field {other!r} on {n} of {both} pages: there the node is "
            f"field {other!r}'s ({theirs}), not this field's node elsewhere ({len(apart)} "
            f"pages: {elsewhere}): the other field's node there?",
            "pages": n,
            "look_at": look,
        }

    def _anchored_empty(self, *, learned: bool = False) -> dict[str, Any] | None:
        """Pages without a value where the part of the page the rule goes down from (its
        anchor: ``div#parent-class-section`` of ``//div[@id='parent-class-section']//a``) is
        there and holds text: the field's node is of another kind there (the parent named in
        plain text, no link), or elsewhere in it. Pages already flagged for the node at the
        rule's usual place do not count again, nor pages ``templates learn`` recorded as
        without the field: with ``learned``, those pages alone (a note, not a flag)."""
        vacant = set(self.vacant)
        known = set(self.learned_empty)
        pages = [u for u in self.anchored_empty if u not in vacant and (u in known) == learned]
        own = {lb for lb in self.anchor_labels if lb}
        if own and 2 * sum(self.anchor_several) > len(self.anchor_several):
            # The anchor is several blocks of a page (a class of the summary table's cells),
            # the field's one of them, known by its label: a page without a value counts
            # only where a block of the anchor is labelled as the field's is elsewhere
            # ('Inherited By:'), not where the other rows' cells hold text. (Blocks without
            # a label, a list's entries, are not told apart: each counts.)
            pages = [u for u in pages if self.anchored_labels.get(u, frozenset()) & own]
        if (
            len(pages) < ANCHORED_EMPTY
            or not self.anchor_shares
            or statistics.median(self.anchor_shares) < OWN_BLOCK
        ):
            return None
        anchor = Counter(self.anchored_empty[u] for u in pages).most_common(1)[0][0]
        if learned:
            return {
                "note": f"no value on {len(pages)} page{'s' if len(pages) != 1 else ''} "
                f"where {anchor} holds text, recorded by learning as pages without the field "
                "(the field's node is of another kind there: plain text, not a link)",
                "pages": len(pages),
                "look_at": pages[:5],
            }
        return {
            "flag": f"empty where its anchor is: on {len(pages)} page"
            f"{'s' if len(pages) != 1 else ''} {anchor} holds text but the rule finds "
            "nothing in it (the field's node is of another kind there: plain text, not a "
            "link?)",
            "pages": len(pages),
            "look_at": pages[:5],
        }

    def _per_kind(self) -> bool:
        """Whether a scalar field's few values split the pages into kinds: at most
        ``KINDS`` distinct values, the second commonest on a tenth of the pages (two at
        least). A section's name ('Reference Manual' on the module pages, 'User's Guide' on
        the chapters) is one same value on most pages and no fault; a rule landing on a
        constant node of every page has one value, or a stray other one on a page or two."""
        counted = self._judged()[0]
        if self.is_list or not 2 <= len(counted) <= KINDS:
            return False
        hit = self.one + self.many
        second = counted.most_common(2)[1][1]
        return second >= max(2, 0.1 * hit)

    def _judged(self) -> tuple[Counter[str], dict[str, list[str]]]:
        """The values whose spread is judged (one same value on most pages, a few values
        naming the pages' kinds), and up to 5 pages of each: a link field's resolved targets
        ('./index.html' is each folder's own index), else the values as extracted."""
        if self.is_link:
            return self.resolved, self.resolved_pages
        return self.values, self.value_pages

    def _nav_label(self, value: str, n: int, hrefs: set[str]) -> bool:
        """Whether ``value``, one same text on ``n`` pages, is a navigation label: a link's
        short fixed text whose target changes with the page ('← prev', 'next →': each page's
        link to its own neighbour), read so on the field's example pages too, of a field
        whose learned values (if any) were never several. A text field of such links is
        constant by nature; a label taken by a field whose clicked pages read other texts, or
        one text on links to a few targets (a block that is no page's own), is not."""
        if self.is_link or self.learned_distinct is not None or not nav_label_like(value):
            return False
        targets = hrefs - {""}
        if len(targets) < max(2, NAV_TARGETS * n):
            # Links to each page's parent ('Up' to the module a page is part of) share their
            # targets among sibling pages: many targets, none on half the pages, is each
            # page's own link too; a few targets is a block's fixed link ('help', 'Home').
            shares = [k for (v, h), k in self.targets.items() if v == value and h]
            if len(targets) < max(NAV_PARENTS, n**0.5) or 2 * max(shares, default=n) > n:
                return False
        return all(self.page_values.get(u, value) == value for u in self.examples)

    def _heading_of(self, other: str) -> bool:
        """Whether this field's node is the heading where another field's equal node is not
        one: the text's own place, the other field's is the copy."""
        return other in self.equal_heading_of

    def _many_look_at(self) -> list[str]:
        """The pages with several nodes to look at: first those whose first node, the one
        taken, is not what the rule's node is on the example pages (else on most pages with
        a value): another tag, label or link text (``_usual_of``: a sidebar's 'Contents'
        heading taken where the other pages' node is their `h1`); then those with nodes at a
        place the nodes are at on few of these pages (another container, another kind of
        node: the ones that make a value wrong), the most such nodes first; then those with
        the most nodes."""
        pages = len(self.many_shapes)
        seen: Counter[str] = Counter()
        for places in self.many_shapes.values():
            seen.update(set(places))
        usual = {p for p, k in seen.items() if 2 * k >= pages}
        odd = {
            u: sum(k for p, k in places.items() if p not in usual)
            for u, places in self.many_shapes.items()
        }
        what = self.labels or self.idents
        meant = _usual_of(what, self.examples)[0]

        def other(u: str) -> bool:
            return bool(meant) and u in what and what[u] != meant

        ranked = sorted(
            self.many_pages, key=lambda nu: (not other(nu[1]), -odd.get(nu[1], 0), -nu[0])
        )
        return [u for _n, u in ranked[:5]]

    def _label_flag(self) -> dict[str, Any] | None:
        """A rule reading an attribute (a link's target) whose element's text is one same
        label on most pages with a value ('List of all members' on a class page's member
        link) and another on a few: there the rule takes another link ('Obsolete members'
        on a namespace page without a list of members). The label meant is the example
        pages' (else the commonest); flagged with the pages of another label, the rarest
        labels first."""
        hit = self.one + self.many
        labels = self.labels or self.link_texts
        if len(labels) < 5 or len(self.values) < 2:
            return None
        meant, whose = _usual_of(labels, self.examples)
        if not meant:
            return None
        alike = sum(1 for lb in labels.values() if lb == meant)
        others = [u for u, lb in labels.items() if lb != meant]
        if not others or alike < SAME_VALUE * len(labels):
            return None
        if not self.labels:
            # A text field's link: only a navigation label ('← prev' to each page's own
            # neighbour) is a label; a text that is the value most pages happen to share
            # (a status) is a value, whatever it is elsewhere.
            value, n = Counter(
                self.page_values.get(u, "") for u, lb in labels.items() if lb == meant
            ).most_common(1)[0]
            hrefs = {h for (v, h), _k in self.targets.items() if v == value}
            if not self._nav_label(value, n, hrefs):
                return None
        seen = Counter(labels[u] for u in others)
        others.sort(key=lambda u: seen[labels[u]])
        label, n = seen.most_common(1)[0]
        tag = self.label_tags.get(meant, "node")
        noun = "link" if tag == "a" else tag
        shown = f"{label[:60]!r}" + (f" (and {len(seen) - 1} other)" if len(seen) > 1 else "")
        return {
            "flag": f"on {len(others)} of {hit} pages the {noun}'s text is {shown}, not "
            f"{meant[:60]!r} as on the {whose} pages ({alike} pages): another {noun} there?",
            "pages": len(others),
            "look_at": others[:5],
        }

    def _first_meant(self) -> bool:
        """Whether the first of several nodes is the one meant: it is at one same place on
        (nearly) every page with several, and either the rule asks for a first itself (a
        first declaration, ``//dl[@class='function'][1]/dt``) or no other node it finds is
        at that place (a title ``h2`` before the sections' ``h2``, not the first of a run of
        alike headings); or, on (nearly) every page with several, the first is the page's top
        heading and the others are headings of a lower rank: an any-heading title rule on a
        manual whose pages are chapters (`h2`), sections (`h3`) and subsections (`h4`), each
        with the headings of its parts after its own."""
        if self.many and self.first_top >= FIRST_PLACE * self.many:
            return True
        if self.first_labels and self.examples:
            # A link known by its text: on (nearly) every page with several, the first is
            # labelled as the example pages' node is and none of the others is ('List of all
            # members' before 'Obsolete members' and the other lists' links).
            meant, whose = _usual_of(self.labels, self.examples)
            if whose == "example":
                firsts = sum(
                    1 for lb, shared in self.first_labels.values() if lb == meant and not shared
                )
                if firsts >= FIRST_PLACE * self.many:
                    return True
        if not self.first_places:
            return False
        _place, n = self.first_places.most_common(1)[0]
        if self.asks_first:
            return n >= FIRST_PLACE * self.many
        return n >= FIRST_PLACE * self.many and self.first_in_run <= (1 - FIRST_PLACE) * self.many

    def _borrowed(self) -> dict[str, Any] | None:
        """List pages whose items are mostly other fields' values: two items or more, half
        the list at least, from two other fields or more. A field an item equals on most
        pages is the list's usual companion and does not count (a contents block's first
        entry, a breadcrumb's last, is the page's title)."""
        if not self.overlap:
            return None
        seen: Counter[str] = Counter()
        for _u, _n, taken in self.overlap:
            seen.update(set().union(*taken) if taken else set())
        usual = {f for f, k in seen.items() if k * 2 >= len(self.overlap)}
        pages: list[str] = []
        fields: Counter[str] = Counter()
        for url, n, taken in self.overlap:
            matched = [t - usual for t in taken if t - usual]
            names = set().union(*matched) if matched else set()
            if len(matched) >= 2 and len(names) >= 2 and 2 * len(matched) >= n:
                pages.append(url)
                fields.update(names)
        if not pages:
            return None
        shown = ", ".join(repr(f) for f, _k in fields.most_common(4))
        return {
            "flag": f"on {len(pages)} pages the items are mostly other fields' values "
            f"({shown}): another list there (the page has not the right one)?",
            "pages": len(pages),
            "look_at": pages[:5],
        }

    def _pinned_flag(self) -> dict[str, Any] | None:
        """The rule picks a node by its position and that node is not like on the learned
        pages (else on most pages): another label beside it, another tag or class. A position
        in the whole page whose node is under different headings with none on most pages is
        flagged too: the position lands on another section's node from page to page."""
        if not self.pinned or len(self.shapes) < 2:
            return None
        if self.grouped and not self.learned:
            seen = sum(len(v) for v in self.shapes.values())
            usual = max(self.shapes, key=lambda k: len(self.shapes[k]))
            if len(self.shapes[usual]) < ONE_ROLE * seen:
                ranked = sorted(self.shapes.items(), key=lambda kv: -len(kv[1]))
                shown = ", ".join(f"{_show_shape(k)} on {len(v)}" for k, v in ranked[:3])
                pages = [u for _k, v in ranked[1:] for u in v]
                return {
                    "flag": f"pinned to position {self.pinned} of the whole page: the node "
                    f"there is a different one from page to page ({shown} pages)",
                    "pages": len(pages),
                    "look_at": pages[:5],
                }
        seen = sum(len(v) for v in self.shapes.values())
        # The node the rule was made for is the one at the position on the pages its examples
        # were clicked on (a Sphinx sidebar's third list is the page's own contents there,
        # 'Related Topics' on the pages without contents, which may be most pages); else the
        # one on the learned pages, else on most pages.
        clicked = Counter(
            {k: sum(1 for u in v if u in self.examples) for k, v in self.shapes.items()}
        )
        learned = Counter(
            {k: sum(1 for u in v if u in self.learned) for k, v in self.shapes.items()}
        )
        usual, n_learned = learned.most_common(1)[0]
        whose = "learned"
        top, n_clicked = clicked.most_common(1)[0]
        if n_clicked and 2 * n_clicked > sum(clicked.values()):
            usual, n_learned, whose = top, n_clicked, "example"
        if not n_learned:
            usual = max(self.shapes, key=lambda k: len(self.shapes[k]))
            if len(self.shapes[usual]) * 2 < seen:
                return None  # no usual node at that position: nothing to compare with
        near = set().union(*(self.near_labels.get(u, frozenset()) for u in self.shapes[usual]))
        other = [
            (k, v) for k, v in self.shapes.items() if k != usual and not _kind_named(k, usual, near)
        ]
        pages = [u for _k, v in other for u in v]
        if not pages or len(self.shapes[usual]) < 2:
            return None
        here = max(other, key=lambda kv: len(kv[1]))[0]
        return {
            "flag": f"pinned to position {self.pinned}: on {len(pages)} pages the node there "
            f"is not the one of the {whose if n_learned else 'other'} pages "
            f"({_show_shape(here)} instead of {_show_shape(usual)})",
            "pages": len(pages),
            "look_at": pages[:5],
        }

    def _title_flag(self) -> dict[str, Any] | None:
        """A title field (its value is the page's `<title>` on nearly every page) that, on
        pages where it matches several nodes, takes one that is not the page's title while
        the page's own name is there: another of the rule's matches, or a heading of the page
        that reads the title less what the site's titles add to the page's name elsewhere (a
        Sphinx index page's content begins with its first section's `h1`, its name being the
        header's `h2`). A title that names the page otherwise than any heading does
        ('A - Keywords' over 'Appendix A: Keywords') is no sign of anything."""
        if (
            not self.untitled_many
            or self.titled < TITLED_MIN
            or self.titled < TITLED * self.title_pages
        ):
            return None
        affix = self.title_affixes.most_common(1)[0][0] if self.title_affixes else ""
        found = []
        for url, value, title, at, headings in self.untitled_many:
            name = _page_name(title, affix)
            if at or (name and name != value.casefold() and name in headings):
                found.append((url, value, title, at))
        if not found:
            return None
        pages = [u for u, _v, _t, _k in found]
        url, value, title, at = found[0]
        if at:
            where = f"where its match {at + 1} is the page's title {title[:60]!r}"
        else:
            where = (
                "where a heading of the page reads its title's name "
                f"{_as_written(title, _page_name(title, affix))[:60]!r}"
            )
        return {
            "flag": f"takes another heading than the page's own on {len(pages)} "
            f"page{'s' if len(pages) != 1 else ''} where it matches several nodes "
            f"({value[:60]!r} on {url}, {where}), while its value is the page's title on "
            f"{self.titled} of {self.title_pages} pages: a section's heading there?",
            "pages": len(pages),
            "look_at": pages[:5],
        }

    def _name_flag(self) -> dict[str, Any] | None:
        """A field whose value is the page's own name on nearly every page (its `<title>` or
        the part of it before or after a separator, its og:title, or its first `h1`) that, on
        pages where its rule takes one node, gives another text while the page names itself
        elsewhere: two of the page's own names agree (the title less what the site's titles
        add to the name, the og:title, the first `h1`) and the value is neither. A section's
        heading, the site's name or a breadcrumb's entry taken for the page's title. A field
        that is not the page's name on most pages (a section, an author) is no title field,
        and a page whose names do not agree tells nothing."""
        if self.named < TITLED_MIN or self.named < TITLED * self.name_pages or not self.unnamed:
            return None
        affix = self.title_affixes.most_common(1)[0][0] if self.title_affixes else ""
        found = []
        for url, value, title, og, h1 in self.unnamed:
            name = _own_name(title, og, h1, affix)
            if name and name != _folded(value):
                # as the page writes it
                shown = next((t for t in (h1, og) if t and _folded(t) == name), "")
                found.append((url, value, shown or _as_written(title, name)))
        if not found:
            return None
        url, value, name = found[0]
        n = len(found)
        return {
            "flag": f"not the page's own name on {n} page{'s' if n != 1 else ''} where the "
            f"rule takes one node ({value[:60]!r} on {url}, which names itself {name[:60]!r} "
            f"in its title and heading), while its value is the page's name on {self.named} "
            f"of {self.name_pages} pages: a section's heading, the site's name or a "
            "breadcrumb's entry there?",
            "pages": n,
            "look_at": [u for u, _v, _n in found[:5]],
        }

    def notes(self) -> list[dict[str, Any]]:
        """What the signals tell that is no fault: among the pages without a value that
        ``templates learn`` recorded as without the field, those where the rule's anchor
        holds text (a flag before learning: the field's node of another kind there)."""
        if not self.learned_empty:
            return []
        notes = (
            self._anchored_empty(learned=True),
            self._headed_empty_flag(learned=True),
            self._link_empty_flag(learned=True),
        )
        return [n for n in notes if n]

    def to_dict(self) -> dict[str, Any]:
        hit = self.one + self.many
        top = self.values.most_common(1)[0][1] if self.values else 0
        out: dict[str, Any] = {
            "template": self.template,
            "field": self.field,
            "pages": self.pages,
            "one": self.one,
            "none": self.none,
            "many": self.many,
            "distinct": len(self.values),
            "top_value_pages": top,
            "length": _spread(self.lengths),
            "flags": self.flags(),
            "notes": self.notes(),
            "preview": [{"url": u, "value": v} for u, v in self.preview],
        }
        if self.is_list:
            out["items"] = _spread(self.counts)
            out["mixed_pages"] = len(self.mixed)
            out["row_shape_pages"] = len(self.row_shapes)
            out["empty_item_pages"] = len(self.empty)
        out["hit_rate"] = round(hit / self.pages, 4) if self.pages else 0.0
        return out


def _repeated(values: Counter[str]) -> bool:
    """Whether a side's values are a few values repeated over its pages (each on
    ``REPEATED`` pages on average, 3 pages at least): headings every page of a kind has, not
    each page's own."""
    pages = sum(values.values())
    return pages >= 3 and len(values) * REPEATED <= pages


def _own_values(values: Counter[str]) -> bool:
    """Whether a side's values are nearly all each page's own (``PAGE_OWN_DISTINCT``)."""
    pages = sum(values.values())
    return pages > 0 and len(values) >= PAGE_OWN_DISTINCT * pages


def _by_value(pages: list[str], values: dict[str, str]) -> list[str]:
    """``pages`` with a page of each value first (commonest value first), then the rest:
    the pages to look at show each of the values ('Topics', 'Directives', 'See also')."""
    counts = Counter(values.get(u, "") for u in pages)
    firsts: dict[str, str] = {}
    for u in pages:
        firsts.setdefault(values.get(u, ""), u)
    lead = [firsts[v] for v, _n in counts.most_common()]
    taken = set(lead)
    return lead + [u for u in pages if u not in taken]


def _spread(xs: list[int]) -> dict[str, Any]:
    if not xs:
        return {"min": 0, "median": 0, "max": 0}
    return {"min": min(xs), "median": statistics.median(xs), "max": max(xs)}


_WORD = re.compile(r"[^\W\d_]{3,}")


def _kind_named(shape: str, usual: str, near: set[str]) -> bool:
    """Whether a pinned node's shape is the usual one under the name of its page's kind: the
    same tag and classes, each label sharing a word with the usual one's ('File Summary' on
    a file's page where module pages say 'Module Summary'), and none of its labels one that
    the usual pages have beside the node elsewhere ('Next topic' where the usual node is
    'Previous topic' labels the next link on the other pages: another node)."""
    tag, _sep, label = shape.partition("|")
    tag2, _sep2, label2 = usual.partition("|")
    if tag != tag2 or label.startswith("§") or not label or not label2:
        return False
    mine, theirs = label.split(" / "), label2.split(" / ")
    if len(mine) != len(theirs) or any(lb in near for lb in mine):
        return False
    return all(
        set(_WORD.findall(a.lower())) & set(_WORD.findall(b.lower()))
        for a, b in zip(mine, theirs, strict=True)
    )


def _show_shape(shape: str) -> str:
    tag, _sep, label = shape.partition("|")
    if label.startswith("§"):
        return f"{tag} under {label[1:]!r}" if label[1:] else f"{tag} under no heading"
    return f"{tag} beside {label!r}" if label else tag


def pinned_step(xpath: str) -> tuple[str, str] | None:
    """(the rule up to its last step pinned to a position, that step): ``tr[3]`` of
    ``//table[@class='info']/tr[3]/td[2]/text()`` gives ``('…/tr[3]/td[2]', 'td[2]')``; a
    position in the whole page, ``(//td[@class='r'])[2]/a``, gives ``('(//td…)[2]', '(…)[2]')``."""
    try:
        parts = split_outside(xpath, "/")
        for i in range(len(parts) - 1, 0, -1):
            name, preds = step_predicates(parts[i])
            if re.fullmatch(r"[\w-]+", name) and preds and preds[-1].strip().isdigit():
                return "/".join(parts[: i + 1]), parts[i]
        m = _GROUPED.fullmatch(parts[0].strip())
        if m:
            return m.group(0), f"(…)[{m.group(2)}]"
    except Untranslatable:
        return None
    return None


#: Axes after a rule's anchor that keep its node in the anchor's subtree.
_DOWN_AXES = frozenset({"child", "descendant", "descendant-or-self", "self"})


def _branches(xpath: str) -> list[str]:
    """The branches of a rule, a union's apart, a grouped first step ``(A | B)[1]/c`` as
    ``A/c`` and ``B/c`` (its position is no anchor)."""
    xp = xpath.strip()
    if xp.startswith("("):
        depth, quote, close = 0, "", -1
        for j, ch in enumerate(xp):
            if quote:
                quote = "" if ch == quote else quote
            elif ch in "'\"":
                quote = ch
            elif ch in "([":
                depth += 1
            elif ch in ")]":
                depth -= 1
                if depth == 0 and ch == ")":
                    close = j
                    break
        if close < 0:
            raise Untranslatable("unbalanced parentheses", expression=xpath)
        inner, rest = xp[1:close], xp[close + 1 :].lstrip()
        while rest.startswith("["):  # the group's positions
            _name, preds = step_predicates(rest.split("/", 1)[0])
            if not all(_positional(p) for p in preds):
                raise Untranslatable("a group's predicate", expression=xpath)
            rest = "/" + rest.split("/", 1)[1] if "/" in rest else ""
        return [b + rest for part in split_outside(inner, "|") for b in _branches(part)]
    parts = split_outside(xp, "|")
    if len(parts) > 1:
        return [b for part in parts for b in _branches(part)]
    return [xp]


def _positional(pred: str) -> bool:
    """Whether a predicate only picks by position (``[2]``, ``[last()]``) or leaves nodes
    out (``[not(…)]``): no anchor."""
    p = pred.strip()
    return (
        p.isdigit()
        or p.startswith(("last()", "position()", "not("))
        or re.fullmatch(r"last\(\)\s*-\s*\d+", p) is not None
    )


@functools.lru_cache(maxsize=256)
def rule_anchors(xpaths: tuple[str, ...]) -> tuple[tuple[str, str], ...] | None:
    """What a rule's node hangs on, per branch of each rule of the queue: the rule up to its
    last step anchored by something other than a position (an id, a class, an attribute, a
    label), and how the node stands to that step's nodes: ``self`` (the anchored step is the
    node's), ``below`` (child or descendant steps follow), ``within`` (the node or below: a
    text read by ``//text()`` after it) or ``beside`` (a sibling axis follows: the node is
    under the anchor's parent). ``//div[@class='refnamediv']/p`` gives
    ``(('//div[@class='refnamediv']', 'below'),)``. None when a branch has no such step (a
    positional rule, ``/html/body/div[2]/p``) or is not read."""
    out: list[tuple[str, str]] = []
    try:
        for xpath in xpaths:
            for branch in _branches(xpath):
                parts = split_outside(branch, "/")
                last = parts[-1].strip()
                loose = False  # the node the string is read from is the step's or below
                if last.startswith(("@", "text()", "attribute::")):
                    parts = parts[:-1]
                    loose = bool(parts) and not parts[-1].strip()  # (after a '//')
                    while parts and not parts[-1].strip():
                        parts = parts[:-1]
                steps = [(i, *step_predicates(p.strip())) for i, p in enumerate(parts) if p.strip()]
                anchored = [i for i, _n, preds in steps if any(not _positional(p) for p in preds)]
                if not anchored:
                    return None
                at = anchored[-1]
                after = [n for i, n, _p in steps if i > at]
                axes = {n.split("::", 1)[0] if "::" in n else "child" for n in after}
                if not after:
                    how = "within" if loose else "self"
                elif axes <= _DOWN_AXES and ".." not in after:
                    how = "below"
                else:
                    how = "beside"
                out.append(("/".join(parts[: at + 1]), how))
                similar = _any_case(parts[at])
                if similar != parts[at]:
                    out.append(("/".join([*parts[:at], similar]), how))
    except Untranslatable:
        return None
    return tuple(out) or None


_ATTR_EQUALS = re.compile(r"\s*@([\w:-]+)\s*=\s*('[^']*'|\"[^\"]*\")\s*")
_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _any_case(step: str) -> str:
    """The step with its attribute values compared whatever their case and spacing: an anchor
    ``a[@title='previous chapter']`` is there too as ``a[@title='Previous  chapter']``."""
    name, preds = step_predicates(step.strip())
    out = []
    for pred in preds:
        m = _ATTR_EQUALS.fullmatch(pred)
        if m is None:
            out.append(pred)
            continue
        value = " ".join(m.group(2)[1:-1].split()).lower()
        if "'" in value:
            out.append(pred)
            continue
        out.append(
            f"translate(normalize-space(@{m.group(1)}), '{_UPPER}', '{_UPPER.lower()}')='{value}'"
        )
    return name + "".join(f"[{p}]" for p in out) if out != preds else step


def _has_anchor(anchors: tuple[tuple[str, str], ...] | None, root: Any, node: Any) -> bool:
    """Whether ``node`` is what the rule hangs on there (``rule_anchors``): the anchored
    node itself, a node under one, or under the parent of one the rule goes on beside. A
    positional rule (None) has no anchor to ask for: the node's place is all there is."""
    if anchors is None:
        return True
    up = list(node.iterancestors())
    for prefix, how in anchors:
        try:
            found = select(root, prefix)
        except RuleError:
            continue
        for a in found:
            if not isinstance(a, etree._Element):
                continue
            if how == "self" and a is node:
                return True
            if how in ("below", "within") and any(a is x for x in up):
                return True
            if how == "within" and a is node:
                return True
            parent = a.getparent()
            if how == "beside" and parent is not None and any(parent is x for x in up):
                return True
    return False


def _own_test(anchors: tuple[tuple[str, str], ...] | None, root: Any, node: Any) -> bool:
    """Whether ``node`` passes the rule's own test of its node: True unless the rule's anchor
    is its node itself (``self``, ``//h1[@class='headline']``) and ``node`` is none of it."""
    own = tuple(a for a in anchors or () if a[1] == "self")
    return not own or _has_anchor(own, root, node)


def _anchor_with_text(
    anchors: tuple[tuple[str, str], ...] | None, root: Any
) -> tuple[str, frozenset[str]]:
    """(the anchor (``rule_anchors``) the rule goes down from or beside that is on the page
    with text where the field's node would be (its headings and the label it goes on beside
    aside), or ''; the labels of the anchor's blocks with text, ``_block_label``). An anchor
    that is the rule's node itself says nothing of a page without a value."""
    first = ""
    labels = set()
    for prefix, how, a in _anchors_on(anchors, root):
        block, leave_out = _anchor_block(a, how)
        if block is not None and _text_beside_headings(block, leave_out):
            first = first or str(prefix)
            labels.add(_block_label(block))
    return first, frozenset(labels)


def _block_label(block: Any) -> str:
    """What labels an anchor block: its own first heading ('Parent' in a sidebar section),
    else the label before it (``_shape``: a label cell before a value cell, a term), or ''."""
    head = next(block.iterdescendants(*_HEADINGS), None)
    if head is not None and _label(head):
        return _label(head)
    return _shape(block, block).partition("|")[2]


def _anchors_on(anchors: tuple[tuple[str, str], ...] | None, root: Any) -> list[Any]:
    """(prefix, how, node) of each anchor node on the page the rule goes down from or beside
    (not ``html`` or ``body``: the whole page)."""
    out = []
    for prefix, how in anchors or ():
        if how not in ("below", "beside"):
            continue
        try:
            found = select(root, prefix)
        except RuleError:
            continue
        for a in found:
            if isinstance(a, etree._Element) and a.tag not in ("html", "body", "head"):
                out.append((prefix, how, a))
    return out


def _anchor_block(a: Any, how: str) -> tuple[Any, Any]:
    """(the block the field's node is in under the anchor ``a``, a part of it to leave out):
    the anchor itself, or its parent but the anchor (a label the rule goes on beside)."""
    if how == "below":
        return a, None
    return a.getparent(), a


def _anchor_share(
    anchors: tuple[tuple[str, str], ...] | None, root: Any, nodes: list[Any]
) -> tuple[float, str, bool] | None:
    """(the share of the text of the anchor block holding the field's first node (headings
    aside) that is the text of the field's nodes in it, that block's label
    (``_block_label``), whether the anchor is several blocks with text on the page), or
    None (no such anchor)."""
    if not nodes:
        return None
    up = set(nodes[0].iterancestors())
    found = _anchors_on(anchors, root)
    for _prefix, how, a in found:
        block, leave_out = _anchor_block(a, how)
        if block is None or block not in up:
            continue
        total = _text_beside_headings(block, leave_out)
        if not total:
            return None
        inside = [n for n in nodes if n is block or block in set(n.iterancestors())]
        own = sum(_text_beside_headings(n) for n in inside)
        blocks = {
            id(b): b
            for _p, h, x in found
            if (b := _anchor_block(x, h)[0]) is not None
            and _text_beside_headings(b, _anchor_block(x, h)[1])
        }
        return min(1.0, own / total), _block_label(block), len(blocks) > 1
    return None


def _text_beside_headings(block: Any, leave_out: Any = None) -> int:
    """Characters of a block's text outside its headings (and outside ``leave_out``)."""
    if not isinstance(block.tag, str) or block.tag in _HEADINGS or block is leave_out:
        return 0
    out = len((block.text or "").strip())
    for kid in block:
        out += _text_beside_headings(kid, leave_out) + len((kid.tail or "").strip())
    return out


#: Why a field that gives nothing on a page is absent there rather than failing
#: (``absent_reason``): the page was recorded as one without it, or it lacks the rule's anchor.
ABSENT_LEARNED = "learned absent"
ABSENT_NO_ANCHOR = "no anchor"


def absent_reason(fld: Field, root: Any, url: str = "") -> str:
    """Why ``fld``, giving nothing on the page ``root``, is legitimately absent there, or "":
    ``templates learn`` found it absent on ``url`` (ABSENT_LEARNED), or the page lacks what
    the rule hangs on (ABSENT_NO_ANCHOR: no node of any anchor of ``rule_anchors`` — the
    'Next' link of ``//a[@rel='next']`` on a chapter's last page, the menu block of
    ``//ul[@class='menu']/li/a`` on a leaf page), wherever on the page: an anchor the layout
    moved is there, and the rule fails. A node anchored by its own text only
    (``//a[normalize-space(.)='rnrs control']``) or by a position (a positional rule: its
    place is all there is) is no anchor: without it the rule fails. Whether the page should
    have had the anchor is not known here: a rule whose anchor is on no page is broken, not
    absent (callers that see the whole site tell the two apart)."""
    from deboiler_gui.engine.template.extract import learned_absent

    if url and url in learned_absent(fld):
        return ABSENT_LEARNED
    if not fld.xpaths or not isinstance(root, etree._Element):
        return ""
    if _blank_place(fld, root):
        return ABSENT_NO_ANCHOR
    anchors = rule_anchors(tuple(fld.xpaths))
    if anchors is None:
        return ""
    steps = [_last_step(prefix) for prefix, _how in anchors]
    for step, (_prefix, how) in zip(steps, anchors, strict=True):
        if not step or (how == "self" and "@" not in step):
            return ""  # the node's own text: no container to be missing
    for step in steps:
        # The anchored step anywhere on the page, whatever leads to it: a page whose layout
        # moved the anchor (an absolute path to it that no longer holds) has it, and fails.
        try:
            if any(isinstance(n, etree._Element) for n in select(root, f"//{step}")):
                return ""
        except RuleError:
            return ""
    return ABSENT_NO_ANCHOR


#: Elements a place left blank may hold: a line break, a rule.
_BLANK_KEEPS = frozenset({"br", "hr", "wbr"})


def _blank_place(fld: Field, root: Any) -> bool:
    """Whether the page keeps the place of a text or html field's node and leaves it blank:
    the rule finds its node(s), each without any text and holding nothing but line breaks —
    the cell of the previous page's title on a first page, whose 'Prev' link is absent too
    (a docbook navigation footer's ``td`` holding a no-break space). The value is absent
    there as a link's ``href`` is on a page without the link, not a failure: a rule that
    picked a wrong node finds a node with something in it."""
    if fld.kind not in ("text", "html"):
        return False
    found: list[Any] = []
    for xpath in fld.xpaths:
        try:
            found = select(root, xpath)
        except RuleError:
            return False
        if found:
            break
    if not found or not all(isinstance(n, etree._Element) for n in found):
        return False
    for node in found:
        if node.tag in VOID_TAGS or node.tag in ("script", "style"):
            return (
                False  # a node that never holds text (a meta, an image): the rule's kind is wrong
            )
        if normalize_text(node.text_content()):
            return False
        if any(
            isinstance(d.tag, str) and d.tag not in _BLANK_KEEPS for d in node.iterdescendants()
        ):
            return False
    return True


def _last_step(prefix: str) -> str:
    """The anchored step of an anchor (its prefix's last step), or "" for none read."""
    parts = [p.strip() for p in split_outside(prefix, "/")]
    step = parts[-1] if parts else ""
    return "" if not step or step.startswith(("(", ".")) else step


def _heading(el: Any) -> str:
    """The heading a node is under: the label of the nearest heading (h1-h6, or a block
    holding one: a table's heading row) before it or before one of its nearest ancestors."""
    # A heading is under a heading of a higher rank only: a page's h1 is under no sidebar's
    # h2 ('In std::env' on one page, 'In std::cmp' on another).
    rank = _rank(el)
    above = tuple(h for h in _HEADINGS if _rank_of(h) < rank)
    if not above:
        return ""
    for up, node in enumerate([el, *el.iterancestors()]):
        if up > 4 or node.tag in ("body", "html"):
            break
        for sib in node.itersiblings(preceding=True):
            if not isinstance(sib.tag, str):
                continue
            if sib.tag in above:
                return _label(sib)
            h = next((d for d in sib.iterdescendants(*above)), None)
            if h is not None:
                return _label(h)
    return ""


def _rank_of(tag: str) -> int:
    return int(tag[1]) if tag in _HEADINGS else 7


def _rank(el: Any) -> int:
    return _rank_of(el.tag) if isinstance(el.tag, str) else 7


_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")


def _label(el: Any) -> str:
    """A short text that reads like a label (digits made one), or ''; an icon's text
    alternative when it has no text (an arrow image 'Prev' or 'Up')."""
    if el is None or not isinstance(el.tag, str):
        return ""
    text = normalize_text(el.text_content())
    if not text:
        img = next(iter(el.iter("img")), None)
        text = normalize_text((img.get("alt") or "") if img is not None else "")
    if not text or len(text) > LABEL_CHARS or not _LETTERS.search(text):
        return ""
    return re.sub(r"\d+", "#", text)


#: Elements whose text labels what follows them (a value cell's label cell, a term, a heading).
_LABEL_TAGS = frozenset({"th", "td", "dt", "label", "caption", "legend", "b", "strong", *_HEADINGS})
_CELLS = frozenset({"td", "th"})
#: Rows: their classes are often a stripe (``odd``, ``even``) and say nothing of the row.
_ROWS = frozenset({"tr", "li", "dt", "dd"})


def _shape(pos: Any, value: Any) -> str:
    """What the node at a pinned position is, by its row and label, not by a neighbour's
    text: its tag (and classes, a row's or a cell's left out), and the labels beside the value
    in it (its children not on the way down to the value); else, for a cell, the label cell
    just before it or its row's header cell; else the label element just before it (a term,
    a heading, a label cell). The text of a neighbouring row or block is not a label: a
    chapter's title in the row above is another value."""
    up = [value, *value.iterancestors()]
    labels = []
    if pos is not value:
        # the labels before the value's branch: a part after it ('Since' after a module's
        # summary) labels another value
        for c in pos:
            if any(c is a for a in up):
                break
            if isinstance(c.tag, str):
                labels.append(_label(c))
    labels = [lb for lb in labels if lb][-3:]
    if not labels:
        before = pos.getprevious()
        if before is not None and isinstance(before.tag, str) and before.tag in _LABEL_TAGS:
            labels = [_label(before)]
    if not [lb for lb in labels if lb]:
        # the text just before the node in its parent: 'Next: ' before a header's first link
        labels = [_text_label(pos)]
    if not [lb for lb in labels if lb] and pos.tag in _CELLS:
        row = pos.getparent()
        head = next(
            (c for c in (row if row is not None else []) if c.tag == "th" and c is not pos),
            None,
        )
        labels = [_label(head)] if head is not None else []
    keep = pos.tag not in _CELLS and pos.tag not in _ROWS
    classes = ".".join(sorted((pos.get("class") or "").split())) if keep else ""
    rel = f"[rel={pos.get('rel')}]" if pos.get("rel") else ""
    return (
        f"{pos.tag}{'.' + classes if classes else ''}{rel}|{' / '.join(lb for lb in labels if lb)}"
    )


def _text_label(el: Any) -> str:
    """The text just before a node in its parent (the tail of the element before it, else the
    parent's own text) when it reads like a label: 'Next:' before a link, not ', '."""
    before = el.getprevious()  # (a comment too: its tail is the text before the node)
    parent = el.getparent()
    text = before.tail if before is not None else (parent.text if parent is not None else "")
    text = normalize_text(text or "").strip(" ,;|")
    if not text or len(text) > LABEL_CHARS or not _LETTERS.search(text):
        return ""
    return re.sub(r"\d+", "#", text)


def _nodes(root: Any, paths: list[str]) -> list[Any]:
    """The elements at ``paths`` on the page."""
    nodes = []
    for p in paths:
        found = root.xpath(p)
        if found and isinstance(found[0], etree._Element):
            nodes.append(found[0])
    return nodes


def _text_holder(root: Any, xpath: str) -> list[Any]:
    """The element whose text a rule ending in ``text()`` takes first: the node its value is,
    to tell two fields' nodes apart."""
    try:
        # (the rules' compiled form gives plain strings: no way back to their element)
        found = root.xpath(xpath)
    except (etree.XPathError, TypeError):
        return []
    parent = getattr(found[0], "getparent", None) if isinstance(found, list) and found else None
    up = parent() if parent is not None else None
    return [up] if isinstance(up, etree._Element) else []


#: A rule whose value is an attribute of its node (``…/a/@href``).
_ATTRIBUTE_RULE = re.compile(r"/@[\w:-]+\s*$")


def _attribute_owners(root: Any, xpath: str) -> list[Any]:
    """The elements a rule reading an attribute (``…/a/@href``) reads it from, in order."""
    m = _ATTRIBUTE_RULE.search(xpath)
    if m is None:
        return []
    attr = m.group(0).strip()[2:]
    try:
        found = select(root, xpath[: m.start()])
    except RuleError:
        return []
    return [e for e in found if isinstance(e, etree._Element) and e.get(attr) is not None]


def _own_label(el: Any) -> str:
    """The text an element shows, as a label (a link's text, else its image's text
    alternative), digits made one, up to 100 characters; '' for none."""
    text = normalize_text(el.text_content()) if isinstance(el.tag, str) else ""
    if not text:
        img = next(iter(el.iter("img")), None)
        text = normalize_text((img.get("alt") or "") if img is not None else "")
    return re.sub(r"\d+", "#", text)[:100]


def _usual_of(what: dict[str, str], examples: frozenset[str]) -> tuple[str, str]:
    """(what a field's node is on most of the example pages that have one, 'example'), else
    (what it is on most pages, 'other'), or ('', '') when nothing is on half of them."""
    clicked = Counter(k for u, k in what.items() if u in examples)
    if clicked:
        kind, n = clicked.most_common(1)[0]
        if 2 * n > sum(clicked.values()):
            return kind, "example"
    seen = Counter(what.values())
    if not seen:
        return "", ""
    kind, n = seen.most_common(1)[0]
    return (kind, "other") if 2 * n > sum(seen.values()) else ("", "")


def _loose_place(el: Any) -> str:
    """Where a node is, by the tags and classes of it and its ancestors, without positions:
    a title ``div.refnamediv/h2`` is not at the place of the sections' ``div.refsect1/h2``."""
    steps = []
    for a in [el, *el.iterancestors()]:
        # (a body's classes name the kind of page: rustdoc's `body.struct`, `body.trait`)
        classes = (
            "" if a.tag in ("body", "html") else ".".join(sorted((a.get("class") or "").split()))
        )
        steps.append(f"{a.tag}{'.' + classes if classes else ''}")
    return "/" + "/".join(reversed(steps))


def _note_first(sig: FieldSignals, url: str, found: list[Any], xpath: str = "") -> None:
    """Notes where the first of several nodes is, and whether another is at that place."""
    found = [n for n in found if isinstance(n, etree._Element)]
    if not found:
        return
    place = _loose_place(found[0])
    sig.many_shapes[url] = Counter(_loose_place(n) for n in found[:MANY_SHAPES])
    sig.first_places[place] += 1
    rank = _rank(found[0])
    if rank <= 6 and _top_heading(found[0]):
        if all(6 >= _rank(n) > rank for n in found[1:]):
            sig.first_top += 1
        elif (
            _ANY_HEADING.search(xpath)
            and all(6 >= _rank(n) >= rank for n in found[1:])
            and not _higher_anywhere(found[0])
        ):
            # A rule taking a heading of any rank, whose first node is the page's first
            # heading of the page's highest rank: the title, its sub-headings of that rank
            # after it (Texinfo writes a subsection and its subsubsections as `h4`).
            sig.first_top += 1
    if any(_loose_place(n) == place for n in found[1:]):
        sig.first_in_run += 1


#: A rule whose node is a heading of any of several ranks (``*[self::h1 or … self::h6]``).
_ANY_HEADING = re.compile(r"self::h[1-6]\s+or\s+self::h[1-6]")


def _higher_anywhere(el: Any) -> bool:
    """Whether the page holds a heading of a higher rank than the heading ``el``."""
    rank = _rank(el)
    if rank <= 1:
        return False
    test = " or ".join(f"self::h{r}" for r in range(1, rank))
    return bool(el.xpath(f"(preceding::*[{test}] | following::*[{test}] | ancestor::*[{test}])[1]"))


def _different(root: Any, xpath: str) -> tuple[bool, list[Any]]:
    """Whether the nodes a field's rule selects on a page differ (their text or link target):
    the header's and the footer's copy of one 'next' link are one node of the page; and
    those nodes."""
    try:
        found = select(root, xpath)
    except RuleError:
        return True, []
    keys = set()
    for n in found:
        if isinstance(n, etree._Element):
            keys.add((normalize_text(n.text_content()), n.get("href") or ""))
        else:
            keys.add((normalize_text(str(n)), ""))
    return len(keys) > 1, found


def _step(el: Any) -> str:
    classes = ".".join(sorted((el.get("class") or "").split()))
    ident = f"#{el.get('id')}" if el.get("id") else ""
    return f"{el.tag}{ident}{'.' + classes if classes else ''}"


def _lists_of(nodes: list[Any]) -> tuple[str, frozenset[str]]:
    """The outermost lists the items come from, each by its tags, id and classes from the
    root (no positions): one same value on two pages when the items are in one same list; and
    the kinds of entries (the tags from that list down to the item, and whether it links to
    this page or to another)."""
    kin: dict[Any, Any] = {}
    lists = {}
    for n in nodes:
        lst = list_of_item(n, kin)
        if lst is not None:
            lst = _tree_top(lst)
            lists[id(lst)] = lst
    tops = [x for x in lists.values() if not any(id(a) in lists for a in x.iterancestors())]
    keys = set()
    for t in tops:
        # the list by tag, id and classes, and its parent's tag (a part's contents sits
        # deeper in the page than a chapter's, in the same `div/dl.toc`; Texinfo names the
        # parent after the page and classes it by level: `div#Arithmetic.chapter`)
        parent = t.getparent()
        keys.add(f"{parent.tag if parent is not None else ''}/{_step(t)}")
    kinds: set[str] = set()
    top_ids = {id(t) for t in tops}  # (the tops are held: their proxies stay the same)
    for n in nodes:
        top = next((a for a in n.iterancestors() if id(a) in top_ids), None)
        steps = []
        for a in [n, *n.iterancestors()]:
            if a is top:
                break
            steps.append(str(a.tag))
        href = n.get("href")
        if href is None:
            link = next(iter(n.iter("a")), None)
            href = link.get("href") if link is not None else None
        where = "" if href is None else ("#" if href.startswith("#") else "->")
        kinds.add("/".join(reversed(steps)) + where)
    return " + ".join(sorted(keys)), frozenset(kinds)


def _blocks_around(node: Any) -> dict[str, str]:
    """Each block around a list's one item on its page (up to the body) keyed as
    ``_lists_of`` keys a list (its parent's tag, its tag, id and classes), with the item's
    kind of entry in it (the tags from the block down, and whether it links to this page or
    to another)."""
    href = node.get("href")
    if href is None:
        link = next(iter(node.iter("a")), None)
        href = link.get("href") if link is not None else None
    where = "" if href is None else ("#" if href.startswith("#") else "->")
    out: dict[str, str] = {}
    steps = [str(node.tag)]
    for a in node.iterancestors():
        if a.tag in ("body", "html"):
            break
        parent = a.getparent()
        key = f"{parent.tag if parent is not None else ''}/{_step(a)}"
        out.setdefault(key, "/".join(reversed(steps)) + where)
        steps.append(str(a.tag))
    return out


_NESTED_LEVEL = re.compile(r"\b(li|dd|dt)/(?:ul|ol|dl|menu)/(?:[\w-]+/)?(li|dd|dt)\b")


def _flat_kind(kind: str) -> str:
    """A kind of entry (the tags from its list down to the item) with the levels of nested
    lists taken out: ``li/ul/li/a->`` is ``li/a->``, a sub-entry of a contents tree is an
    entry of it."""
    while True:
        flat = _NESTED_LEVEL.sub(r"\2", kind)
        if flat == kind:
            return flat
        kind = flat


_LISTS = ("ul", "ol", "dl", "menu")
_ENTRIES = ("li", "dd", "dt")


def _level(node: Any, top: Any) -> int:
    """How many lists ``node`` is in, from ``top`` down."""
    n = 0
    for a in node.iterancestors():
        if a.tag in _LISTS:
            n += 1
        if a is top:
            return n
    return n


def _other_levels(nodes: list[Any], url: str = "") -> int | None:
    """Entries like the items (reached by the same steps from their entry: ``li/a``) at a
    level of the items' nested lists where the rule takes none, and that the rule does not
    take: a rule ``ul.toc/li/a`` leaves out the sub-entries ``ul.toc/li/ul/li/a``, a rule on
    the sub-entries the entries above them. None when the items are in no tree of nested
    lists (one list of one level)."""
    taken = {id(n) for n in nodes}
    trees: dict[int, tuple[Any, str, tuple[str, ...]]] = {}
    levels: dict[int, set[int]] = {}
    for n in nodes:
        way: list[str] = []
        entry = None
        for a in [n, *n.iterancestors()]:
            if a.tag in _ENTRIES:
                entry = a
                break
            way.append(str(a.tag))
            if len(way) > 3:
                break
        lst = entry.getparent() if entry is not None else None
        if entry is None or lst is None or lst.tag not in _LISTS:
            continue
        top = _tree_top(lst)
        trees[id(top)] = (top, str(entry.tag), tuple(reversed(way)))
        levels.setdefault(id(top), set()).add(_level(n, top))
    # the items' ancestors and their own entries, held (their ids stay theirs): when every
    # item is in one sub-list (in an entry of a list) and links into this page, only entries
    # in line with the items count, those above them or under their entries; another
    # branch's entries are other sections (a sidebar of every module, this page's open)
    ups = [a for n in nodes for a in n.iterancestors()]
    up_ids = {id(a) for a in ups}
    own = [next((a for a in n.iterancestors() if a.tag in _ENTRIES), n) for n in nodes]
    own_ids = {id(e) for e in own}
    lists = {id(p): p for e in own if (p := e.getparent()) is not None}
    one = next(iter(lists.values())) if len(lists) == 1 else None
    in_line = (
        one is not None
        and one.getparent() is not None
        and one.getparent().tag in _ENTRIES
        and _into_page(nodes, url)
    )
    count = 0
    nested = False
    for key, (top, etag, steps) in trees.items():
        if not any(True for _ in top.iterdescendants(*_LISTS)):
            continue  # one level only
        nested = True
        for e in top.iter(etag):
            if id(own_top := _tree_top(e.getparent())) not in trees and own_top is not top:
                # A list set directly in the list, not in an entry, that holds none of the
                # items: a list of its own beside the items' entries (the page's contents
                # after a trail, both in one box's list), not a level of the items' tree.
                continue
            node = e
            for step in steps:
                node = next((c for c in node if c.tag == step), None)
                if node is None:
                    break
            if (
                node is None
                or node is e
                or id(node) in taken
                or _level(node, top) in levels[key]
                or not normalize_text(node.text_content())
                or (
                    in_line
                    and id(e) not in up_ids
                    and not any(id(a) in own_ids for a in e.iterancestors())
                )
            ):
                continue
            count += 1
    return count if nested else None


def _tree_top(lst: Any) -> Any:
    """The outermost list of a tree of nested lists that ``lst`` is in: a sub-list in an
    entry (``ul/li/ul``) is part of its parent list, up to one that is in no entry (a contents
    tree whose one top entry holds all the others is one list, not its sub-list)."""
    while True:
        entry = lst.getparent()
        up = entry.getparent() if entry is not None else None
        if (
            entry is None
            or up is None
            or entry.tag not in ("li", "dd", "dt")
            or up.tag not in ("ul", "ol", "dl", "menu")
        ):
            return lst
        lst = up


def _kind_of(el: Any) -> tuple[str, frozenset[str]]:
    return str(el.tag), frozenset((el.get("class") or "").split())


def _way_down(node: Any, block: Any) -> tuple[tuple[str, frozenset[str]], ...]:
    """The tags and classes from ``block`` (excluded) down to ``node``."""
    steps: list[tuple[str, frozenset[str]]] = []
    for a in [node, *node.iterancestors()]:
        if a is block:
            return tuple(reversed(steps))
        steps.append(_kind_of(a))
    return ()


def _block_of(node: Any, kind: tuple[str, frozenset[str]]) -> Any:
    return next((a for a in node.iterancestors() if _kind_of(a) == kind), None)


def _like_blocks(nodes: list[Any]) -> tuple[str, frozenset[str]] | None:
    """The blocks' tag and classes (``dl.def``) when items from several lists are one list of
    the page's blocks of one kind, else None: each item under a block of one same tag and
    classes (Texinfo's `dl.def`, `ul.section-toc`), reached from it by the same steps, the
    blocks several and in no list entry (``li``, ``tr``, ``dt``, ``dd``), and no two blocks
    of several items side by side in one parent unless they are of a run of ``RUN`` such
    blocks there (two lists of one class next to each other are two lists; definitions with
    several names among a run of definitions are one). A manual's definitions spread over
    the sections of a page, and a section's contents with a subsection's contents, are one
    list of the page's; a contents `ul#toc` interleaved with the other lists of its `div`
    is not."""
    for anc in nodes[0].iterancestors():
        if anc.tag in ("body", "html"):
            return None
        if not anc.get("class") or any(a.tag in _ROWS for a in anc.iterancestors()):
            continue  # (a block inside a list's entry: that list is the list, DocBook's
            # `dl.toc/dt/span.sect1` links)
        kind = _kind_of(anc)
        way = _way_down(nodes[0], anc)
        blocks = []
        for n in nodes:
            b = _up_way(n, way, kind)
            if b is None:
                break
            blocks.append(b)
        else:
            held: dict[int, int] = Counter(id(b) for b in blocks)
            if len(held) < 2:
                return None
            seen: dict[int, Any] = {id(b): b for b in blocks}
            # (the parents are held while their ids are compared: a proxy's id is reused)
            parents = [seen[k].getparent() for k, n in held.items() if n > 1]
            by_parent: Counter[int] = Counter(id(p) for p in parents)
            one = all(
                n == 1 or sum(1 for c in p if _kind_of(c) == kind) >= RUN
                for p in parents
                if (n := by_parent[id(p)])
            )
            return kind if one else None
    return None


def _titled_apart(nodes: list[Any], kind: tuple[str, frozenset[str]]) -> bool:
    """Whether items of one list of blocks of ``kind`` are lists of sections titled apart:
    two blocks or more, one of several items at least, each the one block of its kind in its
    parent (not a run of definitions), none inside another's parent (a section's contents and
    its subsection's are one list), each under a heading of its own, the headings different (a
    reference page's table of functions and its table of types)."""
    blocks: dict[int, Any] = {}
    per: Counter[int] = Counter()
    for n in nodes:
        b = _block_of(n, kind)
        if b is None:
            return False
        blocks[id(b)] = b
        per[id(b)] += 1
    if len(blocks) < 2 or max(per.values()) < 2:
        return False
    parents = [b.getparent() for b in blocks.values()]
    for p in parents:
        if p is None or any(any(q is a for a in p.iterancestors()) for q in parents):
            return False
        if sum(1 for c in p if _kind_of(c) == kind) > 1:
            return False  # a run of blocks in a section (definitions), not one table
    heads = [_heading(b) for b in blocks.values()]
    return all(heads) and len(set(heads)) == len(heads)


def _left_out(nodes: list[Any], url: str = "") -> int:
    """Nodes like the items (the same tag and classes up to a classed block, reached by the
    same steps) beside them that the rule does not take: in a block of the items' kind that
    holds no item, among blocks holding one item each (a definition `dl.def` with two names
    among one-name definitions), or in an entry without an item of a block holding several
    (a contents entry left out). A node in another column of a table row than the items'
    (``_columns``: a parameter's type cell beside its name) has another role and is not left
    out. 0 when the items have no classed block near them."""
    if not nodes:
        return 0
    first = nodes[0]
    block = next(
        (a for a in first.iterancestors() if a.get("class") and a.tag not in ("body", "html")),
        None,
    )
    if block is None:
        return 0
    kind = _kind_of(block)
    way = _way_down(first, block)
    if not way or len(way) > 6:
        return 0
    taken = {id(n) for n in nodes}
    blocks: dict[int, Any] = {}
    per: Counter[int] = Counter()
    for n in nodes:
        b = _up_way(n, way, kind)
        if b is None:
            return 0  # items of several shapes: no one like node to look for
        blocks[id(b)] = b
        per[id(b)] += 1
    root = first.getroottree().getroot()
    like = [
        (n, b)
        for n in root.iter(way[-1][0])
        if id(n) not in taken and (b := _up_way(n, way, kind)) is not None
    ]
    if not like:
        return 0
    # a run of blocks of one item each (two at least: one list of one item says nothing)
    single = len(per) >= 2 and all(k == 1 for k in per.values())
    held = [b.getparent() for b in blocks.values()]  # (held: their ids stay theirs)
    parents = {id(p) for p in held}
    entries = [_entry(m, blocks) for m in nodes]
    used = {id(e) for e in entries}
    if len(used) == 1 and not single and _in_sublist(first, entries[0]) and _into_page(nodes, url):
        # every item in one entry's own list, linking into this page (a sidebar of every
        # module, the current one open): the other entries' lists are other sections', not
        # entries left out
        return 0
    # A node of a definition under another term than every item's ('Direct Known Subclasses:'
    # beside Javadoc's 'All Implemented Interfaces:') is of another list, not left out.
    terms = {
        _term(m, b) for m, b in zip(nodes, (_up_way(m, way, kind) for m in nodes), strict=True)
    }
    # A node in another column of a row than every item's (the type cell `td[2]` beside the
    # parameter names of `td[1]`) has another role in the row: not an item left out.
    columns = {
        _columns(m, b) for m, b in zip(nodes, (_up_way(m, way, kind) for m in nodes), strict=True)
    }
    count = 0
    for n, b in like:
        if "" not in terms and (t := _term(n, b)) and t not in terms:
            continue
        if _columns(n, b) not in columns:
            continue
        if id(b) in blocks:
            # another node of an item's own block: a definition's other names when each
            # block holds one item, else an entry of the list without an item
            if not single and id(_entry(n, blocks)) not in used:
                count += 1
        elif single and id(b.getparent()) in parents:
            count += 1
    return count


_ROW_CELLS = ("td", "th")


def _columns(node: Any, block: Any) -> tuple[int, ...]:
    """The columns of the table cells between ``block`` (excluded) and ``node``: each cell's
    place among the cells of its row (`td[2]` is 2), from the outermost; () when the node is
    in no cell below the block. Cells of one column share a role in their rows (a parameter's
    name, its type); a node in another column is of another role."""
    out: list[int] = []
    for a in [node, *node.iterancestors()]:
        if a is block:
            break
        if a.tag in _ROW_CELLS:
            out.append(1 + sum(1 for s in a.itersiblings(*_ROW_CELLS, preceding=True)))
    return tuple(reversed(out))


def _term(node: Any, block: Any) -> str:
    """The text of the term (``dt``) of the definition (``dd``) that holds ``node`` below
    ``block``, or "" when it is in none."""
    for a in [node, *node.iterancestors()]:
        if a is block:
            return ""
        if a.tag == "dd":
            prev = a.getprevious()
            while prev is not None and prev.tag != "dt":
                prev = prev.getprevious()
            return " ".join((prev.text_content() if prev is not None else "").split())
    return ""


def _in_sublist(node: Any, entry: Any) -> bool:
    """Whether ``node`` sits in a list nested in ``entry`` (``li/ul/li/a``), not in the
    entry itself (``li/a``)."""
    for a in node.iterancestors():
        if a is entry:
            return False
        if a.tag in _LISTS:
            return True
    return False


def _up_way(node: Any, way: tuple[tuple[str, frozenset[str]], ...], kind: Any) -> Any:
    """The block of ``kind`` that ``node`` is reached from by ``way`` (see ``_way_down``: the
    block is the nearest of its kind, none on the way is of it), or None."""
    a = node
    for step in reversed(way):
        if a is None or _kind_of(a) != step:
            return None
        a = a.getparent()
    return a if a is not None and _kind_of(a) == kind else None


def _entry(node: Any, blocks: dict[int, Any]) -> Any:
    """The child of one of ``blocks`` that holds ``node`` (or is it)."""
    for a in [node, *node.iterancestors()]:
        up = a.getparent()
        if up is not None and id(up) in blocks:
            return a
    return node


def _colon_label(el: Any) -> str:
    """The label ``el`` is or opens, when it ends on a colon ('Up:' of `<li><b>Up:</b>
    <a>Home</a></li>`, 'On this page:'), '' otherwise."""
    first = next((k for k in el if isinstance(k.tag, str)), None)
    for node in (first, el):
        if node is None:
            continue
        if node is el and (el.tag == "a" or el.find(".//a") is not None):
            continue
        text = normalize_text(node.text_content())
        if text.endswith(":") and len(text) <= 40 and label_like(text):
            return text
    return ""


def _item_labels(nodes: list[Any]) -> tuple[str, ...]:
    """The labels the items of a list page sit under, each item's nearest: the element just
    before it, or before one of its holders below the items' common ancestor, that ends on a
    colon (``_colon_label``). Items under no label count for none."""
    if len(nodes) < 2:
        return ()
    chains = [[*reversed(list(n.iterancestors())), n] for n in nodes]
    top = None
    for level in zip(*chains, strict=False):
        if any(x is not level[0] for x in level):
            break
        top = level[0]
    seen: dict[str, None] = {}
    for n in nodes:
        node = n
        while node is not None and node is not top:
            prev = node.getprevious()
            while prev is not None and not isinstance(prev.tag, str):
                prev = prev.getprevious()
            label = _colon_label(prev) if prev is not None else ""
            if label:
                seen[label] = None
                break
            node = node.getparent()
    return tuple(seen)


def _list_size(nodes: list[Any]) -> int:
    """Elements inside the lists the items come from (the parents of their repeating entries,
    outermost only: the table whose rows hold the items, not each row): the page is measured
    without them, so that a long list does not make its own page look long."""
    parents = {}
    kin: dict[Any, Any] = {}
    for n in nodes:
        lst = list_of_item(n, kin)
        if lst is not None:
            parents[id(lst)] = lst
    tops = [p for p in parents.values() if not any(id(a) in parents for a in p.iterancestors())]
    return sum(sum(1 for _ in p.iter()) for p in tops)


def site_signals(
    pages: Iterable[Page], templates: list[Template], *, preview: int = 8
) -> list[FieldSignals]:
    """Signals of every field of every template over the pages the template matches."""
    out: dict[tuple[str, str], FieldSignals] = {}
    for page in pages:
        if page.error or not page.html:
            continue
        chosen = choose_templates(page.url, templates)
        if not chosen:
            continue
        template = chosen[0][1]
        try:
            root = page_tree(page)
        except DeboilerError:
            continue
        _page_signals(page.url, root, template, out, preview)
    _constants(out)
    _settle_places(out)
    _settle_equal(out)
    _settle_scalar_duplicates(out)
    return list(out.values())


def _constants(out: dict[tuple[str, str], FieldSignals]) -> None:
    """Tells each scalar field the value other scalar fields of its template have on most of
    their pages (``SAME_VALUE``), for the 'other field's node' flag."""
    for (tname, fid), sig in out.items():
        hit = sig.one + sig.many
        if sig.is_list or hit < 5 or not sig.values:
            continue
        value, n = sig._judged()[0].most_common(1)[0]
        if n / hit < SAME_VALUE:
            continue
        for (tname2, fid2), sig2 in out.items():
            if tname2 == tname and fid2 != fid and not sig2.is_list:
                sig2.others_constant[fid] = value


def tree_signals(
    trees: Iterable[tuple[str, Any]], template: Template, *, preview: int = 8
) -> list[FieldSignals]:
    """Signals of every field of ``template`` over already parsed pages (URL, tree): the
    workbench's index of the site, whatever the template's URL patterns say."""
    tally = SignalsTally(template, preview=preview)
    for url, root in trees:
        tally.add(url, root)
    return tally.settle()


def nav_label_like(text: str) -> bool:
    """Whether ``text`` can be a navigation link's fixed label: a label (a few words with
    letters: 'next →', 'Up') or a short run of signs alone ('<', '>>', '«', '→': the zsh and
    texinfo manuals' bars), which ``label_like`` leaves out for having no letters."""
    if label_like(text):
        return True
    signs = text.strip()
    return 0 < len(signs) <= NAV_SIGNS and not any(c.isalnum() or c.isspace() for c in signs)


class SignalsTally:
    """The signals of every field of ``template`` gathered page by page, each tree free to be
    dropped once added, and settled once every page is in: what ``tree_signals`` computes
    over the same pages in the same order, for pages read in batches. Only the pages without
    a value seen before a field has values on 5 pages keep their tree until ``settle``, at most
    ``PENDING`` per field."""

    def __init__(self, template: Template, *, preview: int = 8) -> None:
        self.template = template
        self.preview = preview
        self.pages = 0
        self._out: dict[tuple[str, str], FieldSignals] = {
            (template.name, fld.id): FieldSignals(template.name, fld.id, fld.is_list)
            for fld in template.fields
        }
        self._settled = False

    def add(self, url: str, root: Any) -> None:
        """Adds one page's values of every field."""
        if self._settled:
            raise ValueError("the signals are settled: no page can be added")
        _page_signals(url, root, self.template, self._out, self.preview)
        self.pages += 1

    def settle(self) -> list[FieldSignals]:
        """The signals over every page added (once: settling looks at the pages kept for it
        and lets their trees go)."""
        if not self._settled:
            self._settled = True
            _constants(self._out)
            _settle_places(self._out)
            _settle_equal(self._out)
            _settle_scalar_duplicates(self._out)
        return list(self._out.values())


#: Attributes whose values are link targets (a relative one is resolved against the page).
LINK_ATTRIBUTES = frozenset({"href", "src", "action", "cite", "poster", "data-src"})
_LINK_RULE = re.compile(r"/@(?:" + "|".join(sorted(LINK_ATTRIBUTES)) + r")\s*$", re.IGNORECASE)


def _link_field(fld: Field) -> bool:
    """Whether a field's values are link targets: kind attribute of a link attribute, or a
    rule ending on one (``//div[@class='up']/a/@href``)."""
    if fld.kind == "attribute":
        return fld.attribute.lower() in LINK_ATTRIBUTES
    return bool(fld.xpaths) and all(_LINK_RULE.search(x) for x in fld.xpaths)


def _resolved(url: str, href: str) -> str:
    """A link target as the absolute URL it leads to from the page at ``url`` (unchanged
    when it cannot be resolved)."""
    try:
        return urljoin(url, href.strip()) if url else href
    except ValueError:  # (a malformed target, such as an unclosed IPv6 host)
        return href


#: A predicate's test of a node's text against a quoted literal: ``normalize-space(.)='X'``,
#: ``.='X'``, ``text()='X'``, ``contains(normalize-space(.), 'X')``, ``starts-with(., 'X')``.
_OF_TEXT = r"(?:normalize-space\(\s*(?:\.|text\(\))?\s*\)|string\(\s*\.?\s*\)|text\(\)|\.)"
_LITERAL = r"(?:'([^']*)'|\"([^\"]*)\")"
_TEXT_TEST = re.compile(
    rf"{_OF_TEXT}\s*=\s*{_LITERAL}|(?:contains|starts-with)\(\s*{_OF_TEXT}\s*,\s*{_LITERAL}\s*\)"
)


@functools.lru_cache(maxsize=256)
def text_tests(xpaths: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The text tests of a rule's queue, each as (the rule with that test taken out, the
    tested text): ``//body[h1[normalize-space(.)='Module Array']]/pre/span`` gives
    ``(('//body[h1[true()]]/pre/span', 'Module Array'),)``. Texts of a few characters (a
    sign, a number) are left out."""
    out = []
    for xpath in xpaths:
        for m in _TEXT_TEST.finditer(xpath):
            text = " ".join((next((g for g in m.groups() if g is not None), "")).split())
            if len(text) >= 4:
                out.append((xpath[: m.start()] + "true()" + xpath[m.end() :], text))
    return tuple(out)


def _names_page(text: str, root: Any) -> bool:
    """Whether ``text`` is the page's own name: its first `h1`'s or its top heading's text,
    its `<title>` (or the part of it before or after a separator), or that name with a word
    before or after it ('Module Array' for the title 'Docs : Array')."""
    folded = _folded(text)
    title = _page_title(root)
    if title and _title_affix(text, title) is not None:
        return True
    names = {_folded(_first_h1(root)), _folded(_page_heading(root)[1]), _folded(_og_title(root))}
    names |= {_folded(p) for p in _TITLE_SEPARATOR.split(title)} if title else set()
    names.discard("")
    if folded in names:
        return True
    return any(
        len(n) >= 4
        and 2 * len(n) >= len(folded)
        and re.search(rf"(?:^|\s){re.escape(n)}(?:\s|$)", folded) is not None
        for n in names
    )


def _note_tied(sig: FieldSignals, url: str, root: Any, fld: Field, found: bool) -> None:
    """For a rule that tests a text: a page with a value whose own name that text is, or a
    page without one where the rule without its text tests finds nodes."""
    tests = text_tests(tuple(fld.xpaths))
    if not tests:
        return
    if found:
        for _loose, text in tests:
            if _names_page(text, root):
                sig.tied_pages.append(url)
                sig.tied_text = sig.tied_text or text
                return
        return
    for loose, _text in tests:
        try:
            hit = any(isinstance(n, etree._Element) for n in select(root, loose))
        except RuleError:
            continue
        if hit:
            sig.loose_count += 1
            if len(sig.loose_pages) < TIED_PAGES + 2:
                sig.loose_pages.append(url)
            return


def _page_signals(
    url: str,
    root: Any,
    template: Template,
    out: dict[tuple[str, str], FieldSignals],
    preview: int,
) -> None:
    """Adds one page's values of every field of ``template`` to ``out``."""
    scalars: dict[str, str] = {}
    lists: dict[str, list[str]] = {}
    held: dict[str, list[Any]] = {}  # each field's nodes on the page
    size: int | None = None  # elements on the page, counted once when a list needs it
    page_title: str | None = None  # the page's `<title>`, read once when a field needs it
    names: tuple[str, str] | None = None  # its og:title and first `h1`, the same
    heading: tuple[str, str] | None = None  # the page's top heading, read once when needed
    for fld in template.fields:
        sig = out.setdefault(
            (template.name, fld.id), FieldSignals(template.name, fld.id, fld.is_list)
        )
        sig.pages += 1
        sig.anchors = rule_anchors(fld.xpaths)
        sig.is_link = not fld.is_list and _link_field(fld)
        sig.gone = is_gone(fld)
        if not sig.examples and fld.search.fingerprint.get("examples"):
            sig.examples = frozenset(fld.search.fingerprint["examples"])
        if sig.learned_distinct is None and fld.search.fingerprint.get("samples"):
            samples = fld.search.fingerprint["samples"]
            sig.learned_distinct = len(
                {
                    _resolved(u, v) if sig.is_link and isinstance(v, str) else repr(v)
                    for u, v in samples.items()
                    if v not in ("", [], None)
                }
            )
            sig.learned = frozenset(fld.search.fingerprint["samples"])
        try:
            value, report = extract_field(root, fld, template)
        except RuleError:
            sig.none += 1
            continue
        matches = next((t["matches"] for t in report.tried if t.get("error") is None), 0)
        if isinstance(root, HtmlElement):
            _note_tied(sig, url, root, fld, report.status == "ok")
        several_here: list[Any] = []
        if report.status != "ok":
            sig.none += 1
            known = bool(url) and url in learned_absent(fld)
            if known:
                sig.learned_empty.append(url)
            if not fld.is_list and isinstance(root, HtmlElement) and not known:
                _look_for_place(sig, url, root)
            if not fld.is_list and isinstance(root, HtmlElement):
                if fld.kind == "text" and (sig.tops or sig.one + sig.many < 5):
                    if heading is None:
                        heading = _page_heading(root)
                    if heading[0] and _has_anchor_on(sig.anchors, root):
                        sig.headed_empty[url] = heading
                if sig.link_nodes or sig.one + sig.many < 5:
                    _look_for_link(sig, url, root)
            if isinstance(root, HtmlElement):
                anchor, labels = _anchor_with_text(sig.anchors, root)
                if anchor:
                    sig.anchored_empty[url] = anchor
                    sig.anchored_labels[url] = labels
            if fld.is_list and any(
                t.get("matches") and t.get("error") == "empty value" for t in report.tried
            ):
                sig.empty.append(url)  # items found, none with text
        elif matches > 1 and not fld.is_list and (several := _different(root, report.xpath))[0]:
            sig.many += 1  # several different nodes (not a header's and a footer's copy)
            sig.many_pages.append((matches, url))
            sig.asks_first = bool(_FIRST.search(report.xpath))
            _note_first(sig, url, several[1], report.xpath)
            several_here = several[1]
            if _ATTRIBUTE_RULE.search(report.xpath) and isinstance(root, HtmlElement):
                owners = _attribute_owners(root, report.xpath)
                if owners:
                    lead = _own_label(owners[0])
                    sig.first_labels[url] = (lead, any(_own_label(o) == lead for o in owners[1:]))
        else:
            sig.one += 1
        if (
            report.status == "ok"
            and sig.anchors
            and len(sig.anchor_shares) < OWN_BLOCK_PAGES
            and isinstance(root, HtmlElement)
        ):
            share = _anchor_share(
                sig.anchors,
                root,
                _nodes(root, report.nodes) or _text_holder(root, report.xpath),
            )
            if share is not None:
                sig.anchor_shares.append(share[0])
                sig.anchor_labels[share[1]] += 1
                sig.anchor_several.append(share[2])
        if report.status == "ok":
            if fld.is_list:
                items = [normalize_text(str(v)) for v in value]
                sig.counts.append(len(items))
                nodes = _nodes(root, report.nodes) if isinstance(root, HtmlElement) else []
                if size is None:
                    size = sum(1 for _ in root.iter()) if isinstance(root, HtmlElement) else 0
                sig.count_pages.append((len(items), url, max(1, size - _list_size(nodes))))
                like = _like_blocks(nodes) if len(nodes) > 1 else None
                if like:
                    # one list of the page's blocks of one kind: that kind is the list, on
                    # every page (Texinfo's definitions sit in sections named after the page)
                    way = _way_down(nodes[0], _block_of(nodes[0], like))
                    sig.count_lists[url] = (
                        f"blocks {like[0]}.{'.'.join(sorted(like[1]))}",
                        frozenset({"/".join(t for t, _c in way)}),
                    )
                elif nodes:
                    sig.count_lists[url] = _lists_of(nodes)
                    if len(nodes) == 1:
                        sig.single_ups[url] = _blocks_around(nodes[0])
                sig.lengths.extend(len(i) for i in items)
                sig.values[" | ".join(items)[:300]] += 1
                if any(not i for i in items) or matches > len(items):
                    sig.empty.append(url)  # (extraction leaves an item without text out)
                if len(nodes) > 1 and (
                    _titled_apart(nodes, like) if like else several_lists(nodes)
                ):
                    sig.mixed.append(url)
                table = table_list(nodes[0]) if nodes else None
                if table is not None and any(table_list(n) is not table for n in nodes[1:]):
                    table = None  # items of several tables: the list's label is none of theirs
                own = item_label(nodes[0]) if table is not None else ""
                if own and not names_label(report.xpath, own):
                    # (a label the rule names is one it is meant to take: a union of the
                    # rules on each kind of page's label, 'Classes' or 'Data Structures')
                    sig.own_labels[url] = own
                if len(nodes) > 1 and table is not None and rows_of_other_shapes(nodes):
                    sig.row_shapes.append(url)
                if any(in_table_row(n) for n in nodes):
                    sig.row_pages += 1
                    if cross_columns(nodes):
                        sig.cross.append(url)
                for n in nodes:
                    if _to_this_page(n, url):
                        sig.self_links[normalize_text(n.text_content())[:100]] += 1
                sig.list_pages += 1
                left = _left_out(nodes, url)
                if left:
                    sig.left_out.append((url, left))
                levels = _other_levels(nodes, url)
                if levels is not None:
                    sig.nested += 1
                    # another level of the tree, not a stray sub-entry: two entries at least
                    # and a third of the tree's entries like the items
                    if levels >= 2 and 2 * levels >= len(nodes):
                        sig.one_level.append((url, levels))
                parents = {n.getparent() for n in nodes}  # (ids of proxies are reused)
                if len(parents) >= CROWDED_PARENTS and len(nodes) >= CROWDED * len(parents):
                    sig.crowded.append((len(nodes) / len(parents), url, len(nodes), len(parents)))
                sig.groups.append((item_groups(nodes), url))
                named = _item_labels(nodes)
                if len(named) >= 2:
                    sig.labelled.append((url, named))
                if len(nodes) == 1 and report.xpath.lstrip().startswith("("):
                    _pin_shape(sig, url, root, report.xpath, nodes[0])
                elif nodes:
                    _pin_list(sig, url, root, report.xpath, nodes)
                lists[fld.id] = [i for i in items if i]
                held[fld.id] = nodes
            else:
                text = normalize_text(str(value))
                first = _nodes(root, report.nodes[:1]) if isinstance(root, HtmlElement) else []
                # A rule reading an attribute (`…/p/a[1]/@href`) names no node: the element it
                # reads is the node, as it is for the same rule without its attribute step in
                # a field of kind attribute, or the field of the link's text: the three get
                # the same signals (a position that takes another link on some pages).
                owned = (
                    not first
                    and isinstance(root, HtmlElement)
                    and bool(_ATTRIBUTE_RULE.search(report.xpath))
                )
                if owned:
                    first = _attribute_owners(root, report.xpath)[:1]
                link = next((a for a in first[:1] if a.tag == "a"), None) if first else None
                if first and link is None:
                    link = next((a for a in first[0].iterancestors("a")), None)
                sig.targets[(text[:300], (link.get("href") or "") if link is not None else "")] += 1
                if first:
                    _pin_shape(sig, url, root, report.xpath, first[0])
                    _note_place(sig, first[0], url)
                    sig.idents[url] = _ident(first[0])
                    _note_link(sig, first[0])
                sig.lengths.append(len(text))
                sig.values[text[:300]] += 1
                shown = sig.value_pages.setdefault(text[:300], [])
                if len(shown) < 5:
                    shown.append(url)
                sig.page_values[url] = text[:300]
                if fld.kind == "text" and not sig.is_link and isinstance(root, HtmlElement):
                    if page_title is None:
                        page_title = _page_title(root)
                    if page_title:
                        _note_title(sig, url, text, page_title, several_here, root)
                    if names is None:
                        names = (_og_title(root), _first_h1(root))
                    _note_name(sig, url, text, page_title, *names, alone=not several_here)
                if sig.is_link:
                    target = _resolved(url, text)[:300]
                    sig.resolved[target] += 1
                    shown = sig.resolved_pages.setdefault(target, [])
                    if len(shown) < 5:
                        shown.append(url)
                scalars[fld.id] = text
                held[fld.id] = first[:1] or (
                    _text_holder(root, report.xpath) if isinstance(root, HtmlElement) else []
                )
                if not first and held[fld.id] and _ATTRIBUTE_RULE.search(report.xpath):
                    label = _own_label(held[fld.id][0])
                    sig.labels[url] = label
                    sig.label_tags.setdefault(label, str(held[fld.id][0].tag))
                elif first and (fld.kind == "attribute" or owned):
                    # (the rule gives the element, the field reads its attribute)
                    label = _own_label(first[0])
                    sig.labels[url] = label
                    sig.label_tags.setdefault(label, str(first[0].tag))
                elif first and link is first[0] and link.get("href"):
                    label = _own_label(link)
                    sig.link_texts[url] = label
                    sig.label_tags.setdefault(label, "a")
            if len(sig.preview) < preview:
                sig.preview.append((url, value if not isinstance(value, str) else value[:200]))
    for fid, text in scalars.items():
        for other, text2 in scalars.items():
            if other == fid or not text or not text2:
                continue
            sig = out[(template.name, fid)]
            sig.both[other] += 1
            if text == text2:
                sig.equal_to[other] += 1
                sig.equal_all.setdefault(other, []).append(url)
                mine, theirs = held.get(fid, []), held.get(other, [])
                if not _apart(mine, theirs):
                    sig.equal_pages.setdefault(other, []).append(url)
                elif _ident(mine[0]) == _ident(theirs[0]):
                    sig.equal_alike[other] += 1
                elif not _in_link(mine[0]) and not _in_link(theirs[0]):
                    sig.equal_plain[other] += 1
                    if _in_heading(theirs[0]) and not _in_heading(mine[0]):
                        sig.equal_heading[other] += 1
            elif held.get(fid) and held.get(other) and held[fid][0] is held[other][0]:
                # one node read two ways (a link's target by one field, its text by the other)
                sig.node_shared.setdefault(other, []).append(url)
    _borrowed_and_glued(url, template.name, scalars, lists, held, out)
    _note_duplicates(url, template, scalars, lists, held, out)


#: The separators between the parts of a page's `<title>` (the page's name, then the
#: site's: 'LTO Visibility — Clang 14 documentation', 'Home | Site', 'Site: Page'); a dash
#: between spaces only ('Array-like objects' is one name).
_SEPARATOR = r"(?:\s*[:|]\s*|\s+[-\u2013\u2014\u00b7\u00bb\u00ab/\u2022]+\s+)"
_TITLE_SEPARATOR = re.compile(_SEPARATOR)
_TITLE_SEPARATOR_END = re.compile(_SEPARATOR + r"$")


def _page_title(root: Any) -> str:
    """The page's `<title>` (in its head, not an image's), white space collapsed; "" when it
    has none."""
    head = root.find("head") if root.tag == "html" else None
    el = head.find("title") if head is not None else None
    return " ".join(normalize_text(el.text_content()).split()) if el is not None else ""


def _title_affix(value: str, title: str) -> str | None:
    """What the page's ``title`` adds to ``value`` when ``value`` is the title: "" for the
    whole of it, else the part after or before a separator (' — Clang 14 documentation' of
    'LTO Visibility — Clang 14 documentation', 'Site | ' of 'Site | Page'), case and runs of
    white space aside; None when ``value`` is not the title."""
    v = " ".join(value.split()).casefold()
    t = title.casefold()
    if not v:
        return None
    if t == v:
        return ""
    if t.startswith(v) and _TITLE_SEPARATOR.match(t, len(v)):
        return t[len(v) :]
    if t.endswith(v) and _TITLE_SEPARATOR_END.search(t[: len(t) - len(v)]):
        return t[: len(t) - len(v)]
    return None


def _page_name(title: str, affix: str) -> str:
    """The page's own name in its ``title``: the title less the site's usual ``affix``
    (casefolded), "" when the title does not carry it."""
    t = title.casefold()
    if not affix:
        return t
    if t.endswith(affix) and len(t) > len(affix):
        return t[: len(t) - len(affix)]
    if t.startswith(affix) and len(t) > len(affix):
        return t[len(affix) :]
    return ""


def _as_written(title: str, name: str) -> str:
    """``name`` (a casefolded part of ``title``) as ``title`` writes it."""
    if len(title.casefold()) != len(title):
        return name
    folded = title.casefold()
    return title[: len(name)] if folded.startswith(name) else title[len(title) - len(name) :]


def _note_title(
    sig: FieldSignals, url: str, text: str, title: str, several: list[Any], root: Any
) -> None:
    """Counts a text field's page with a value and a title, whether the value is the title
    (and what the title adds to it), and, where the rule matched several nodes and took one
    that is not the title, which of the others is (0: none) and the page's headings."""
    sig.title_pages += 1
    affix = _title_affix(text, title)
    if affix is not None:
        sig.titled += 1
        sig.title_affixes[affix] += 1
    elif len(several) > 1:
        at = next(
            (
                i
                for i, n in enumerate(several[1:MANY_SHAPES], 1)
                if isinstance(n, etree._Element)
                and _title_affix(_heading_text(n), title) is not None
            ),
            0,
        )
        headings = frozenset(
            _heading_text(h).casefold()
            for h in itertools.islice(root.iter(*_HEADINGS), MANY_SHAPES)
        )
        sig.untitled_many.append((url, text, title, at, headings))


def _folded(text: str) -> str:
    return " ".join(text.split()).casefold()


def _og_title(root: Any) -> str:
    """The page's og:title (its `<meta property='og:title'>`), white space collapsed; ""."""
    head = root.find("head") if root.tag == "html" else None
    if head is None:
        return ""
    for meta in head.iter("meta"):
        if (meta.get("property") or meta.get("name") or "").strip().lower() == "og:title":
            return " ".join(normalize_text(meta.get("content") or "").split())
    return ""


def _first_h1(root: Any) -> str:
    """The text of the page's first `h1` (its permalink sign left out), or ""."""
    h1 = next(root.iter("h1"), None)
    return " ".join(_heading_text(h1).split()) if h1 is not None else ""


def _own_name(title: str, og: str, h1: str, affix: str) -> str:
    """The page's own name (casefolded) when two of its names agree: its `<title>` less the
    site's usual ``affix`` (or whole), its og:title (less the affix when it carries it), its
    first `h1`; "" when they do not."""
    names = []
    for text in (title, og):
        if not text:
            continue
        whole = _folded(text)
        part = _page_name(whole, affix) if affix else whole
        names.append({whole, part} - {""})
    if h1:
        names.append({_folded(h1)})
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            shared = a & b
            if shared:
                return min(shared, key=len)
    return ""


def _note_name(
    sig: FieldSignals, url: str, text: str, title: str, og: str, h1: str, alone: bool
) -> None:
    """Counts a text field's page with a value and some of the page's own names: whether the
    value is one of them (its `<title>`, whole or the part before or after a separator; its
    og:title, the same; its first `h1`), and when it is none and the rule took one node
    (``alone``), the page and its names, judged once the site's titles are known."""
    if not (title or og or h1):
        return
    sig.name_pages += 1
    value = _folded(text)
    if (
        (title and _title_affix(text, title) is not None)
        or (og and (_folded(og) == value or _title_affix(text, og) is not None))
        or (h1 and _folded(h1) == value)
    ):
        sig.named += 1
    elif alone:
        sig.unnamed.append((url, text, title, og, h1))


def _heading_text(el: Any) -> str:
    """A node's text as a field's value reads it: a heading's permalink sign left out (not a
    '#', which ends 'C#')."""
    return normalize_text(el.text_content()).rstrip("\u00b6\u00a7\U0001f517 ").strip()


def _note_duplicates(
    url: str,
    template: Template,
    scalars: dict[str, str],
    lists: dict[str, list[str]],
    held: dict[str, list[Any]],
    out: dict[tuple[str, str], FieldSignals],
) -> None:
    """For each field and each earlier field of the template, one of the two a list (two
    scalar fields are compared above): whether both have values on the page, and whether
    this field's are the other's, node for node the same node (or one holding the other) or
    a copy of it (apart, alike: a header's and a footer's copy of one list)."""
    values: dict[str, list[str]] = {fid: [t] for fid, t in scalars.items() if t}
    values.update({fid: items for fid, items in lists.items() if items})
    is_list = {f.id: f.is_list for f in template.fields}
    order = [f.id for f in template.fields if f.id in values]
    for i, fid in enumerate(order):
        for other in order[:i]:
            if not (is_list[fid] or is_list[other]):
                continue
            sig = out[(template.name, fid)]
            sig.dup_both[other] += 1
            if [_words(v) for v in values[fid]] != [_words(v) for v in values[other]]:
                continue
            mine, theirs = held.get(fid, []), held.get(other, [])
            if not mine or len(mine) != len(theirs):
                continue
            pairs = list(zip(mine, theirs, strict=True))
            if all(not _apart([a], [b]) for a, b in pairs):
                sig.dup_same[other] += 1
            elif all(_apart([a], [b]) and _copies(a, b) for a, b in pairs):
                sig.dup_copies[other] += 1
            else:
                continue
            shown = sig.dup_pages.setdefault(other, [])
            if len(shown) < 5:
                shown.append(url)


def _copies(a: Any, b: Any) -> bool:
    """Whether two nodes apart are copies of one node: the same tag, ``rel`` and label before
    them (``_ident``), in parents of one tag and classes (a header's and a footer's `ul.nav`;
    not a sidebar's entry for a section beside the section's own heading)."""
    pa, pb = a.getparent(), b.getparent()
    if _ident(a) != _ident(b) or pa is None or pb is None:
        return False
    return _kind_of(pa) == _kind_of(pb)


def _in_link(el: Any) -> bool:
    """Whether a node is a link or inside one."""
    return bool(el.tag == "a" or any(True for _ in el.iterancestors("a")))


def _in_heading(el: Any) -> bool:
    """Whether a node is a heading (h1-h6) or inside one."""
    return bool(el.tag in _HEADINGS or any(True for _ in el.iterancestors(*_HEADINGS)))


def _apart(mine: list[Any], theirs: list[Any]) -> bool:
    """Whether two fields' nodes on a page are both known and apart: neither is the other
    nor holds it."""
    if not mine or not theirs:
        return False
    a, b = mine[0], theirs[0]
    return not (
        a is b or any(x is a for x in b.iterancestors()) or any(x is b for x in a.iterancestors())
    )


def _words(text: str) -> str:
    return " ".join(text.split())


def _borrowed_and_glued(
    url: str,
    tname: str,
    scalars: dict[str, str],
    lists: dict[str, list[str]],
    held: dict[str, list[Any]],
    out: dict[tuple[str, str], FieldSignals],
) -> None:
    """A list whose items on the page are mostly other fields' values (a sidebar's first list
    is the navigation block, 'Overview', the previous and the next page, where the page has
    no contents block), and a field whose value is another field's with more text before,
    after or around it, its node holding the other field's (a title with the breadcrumb trail
    glued on, a title taken as the whole navigation header; not a numbered chapter link whose
    text ends with the title)."""
    values: dict[str, set[str]] = {}  # other fields' values (list items too) -> fields
    for fid, text in scalars.items():
        if text:
            values.setdefault(_words(text), set()).add(fid)
    for fid, items in lists.items():
        for i in items:
            values.setdefault(_words(i), set()).add(fid)
    for fid, items in lists.items():
        if items:
            taken = [frozenset(values.get(_words(i), set()) - {fid}) for i in items]
            out[(tname, fid)].overlap.append((url, len(items), [t for t in taken if t]))
    for fid, text in scalars.items():
        own = _words(text)
        if not own:
            continue
        sig = out[(tname, fid)]
        others: dict[str, list[str]] = {o: [t] for o, t in scalars.items() if o != fid and t}
        others.update({o: v for o, v in lists.items() if o != fid and v})
        mine = held.get(fid, [])[:1]
        for other, vals in others.items():
            sig.both_any[other] += 1
            inside = mine and any(
                any(a is mine[0] for a in n.iterancestors()) for n in held.get(other, [])
            )
            if not inside:
                continue
            for v in vals:
                w = _words(v)
                if len(w) >= 3 and w != own and f" {w} " in f" {own} ":
                    sig.glued.setdefault(other, []).append(url)
                    break


def _pin_shape(sig: FieldSignals, url: str, root: Any, xpath: str, value: Any) -> None:
    """Notes the shape of the node at the rule's pinned position on this page."""
    pin = pinned_step(xpath)
    if pin is None:
        return
    prefix, step = pin
    try:
        found = select(root, prefix)
    except RuleError:
        return
    up = [value, *value.iterancestors()]
    pos = next((n for n in found if any(n is a for a in up)), None)
    if pos is None:
        return
    sig.pinned = step
    if step.startswith("("):
        # A position in the whole page: what matters is the section the node is in, not its
        # classes (DocBook titles a chapter `h2.title` and a reference page `h2`).
        sig.grouped = True
        # A heading (or a node in one: DocBook's `h2/span.refentrytitle`) is a heading
        # whatever its rank or tag: a chapter's `h1` and a reference page's `h2` title alike,
        # a contents entry's `span` is not one.
        head = pos if pos.tag in _HEADINGS else next(pos.iterancestors(*_HEADINGS), None)
        role = "heading" if head is not None else str(pos.tag)
        shape = f"{role}|§{_heading(head if head is not None else pos)}"
        sig.shapes.setdefault(shape, []).append(url)
        return
    sig.shapes.setdefault(_shape(pos, value), []).append(url)
    parent = pos.getparent()
    if parent is not None:
        near = (_label(e) for e in itertools.islice(parent.iter(*_LABEL_TAGS), NEAR_LABELS))
        sig.near_labels[url] = frozenset(lb for lb in near if lb)


def _into_page(nodes: list[Any], url: str) -> bool:
    """Whether most items link into the page they are on (their targets, resolved and
    without fragment, are the page): the sidebar entry of the page itself, not another
    page's entry taken by its place."""
    if not url:
        return False
    page = urldefrag(url)[0]
    into = 0
    for n in nodes:
        link = n if n.tag == "a" else next(n.iterancestors("a"), None)
        href = link.get("href") if link is not None else None
        if href and urldefrag(urljoin(url, str(href).strip()))[0] == page:
            into += 1
    return 2 * into > len(nodes)


def _to_this_page(node: Any, url: str) -> bool:
    """Whether a list item is a link to the top of the page it is on: its target, resolved,
    is the page with no fragment (an entry of the page's own contents has one)."""
    link = node if node.tag == "a" else next(node.iterancestors("a"), None)
    href = link.get("href") if link is not None else None
    if not href or "#" in href or href.startswith(("javascript:", "mailto:")):
        return False
    return bool(urldefrag(urljoin(url, str(href).strip()))[0] == urldefrag(url)[0])


def _pin_list(sig: FieldSignals, url: str, root: Any, xpath: str, nodes: list[Any]) -> None:
    """Notes, for a list rule, the shape of the node at its deepest position (among its
    siblings, ``div[3]``) that holds every item on this page: the section whose table the
    list is, by the labels before it (its heading); a position in a row (``td[2]``) holds
    one item, not the list."""
    try:
        parts = split_outside(xpath, "/")
    except Untranslatable:
        return
    for i in range(len(parts) - 1, 0, -1):
        try:
            name, preds = step_predicates(parts[i])
        except Untranslatable:
            return
        if not (re.fullmatch(r"[\w-]+", name) and preds and preds[-1].strip().isdigit()):
            continue
        try:
            found = select(root, "/".join(parts[: i + 1]))
        except RuleError:
            return
        for pos in found:
            if not isinstance(pos, etree._Element):
                continue
            if all(any(a is pos for a in n.iterancestors()) for n in nodes):
                sig.pinned = parts[i]
                sig.shapes.setdefault(_shape(pos, nodes[0]), []).append(url)
                parent = pos.getparent()
                if parent is not None:
                    near = (
                        _label(e) for e in itertools.islice(parent.iter(*_LABEL_TAGS), NEAR_LABELS)
                    )
                    sig.near_labels[url] = frozenset(lb for lb in near if lb)
                return
    return


def _kind(el: Any) -> str:
    """What a node at a place is: its tag, its role, and the label before it (of it or of its
    parent): a 'Previous topic' link and a 'Next topic' link at one place are not alike."""
    parent = el.getparent()
    before = _label(el.getprevious()) or (
        _label(parent.getprevious()) if parent is not None else ""
    )
    return f"{el.tag}|{el.get('role') or ''}|{before}"


def _alone(el: Any) -> bool:
    parent = el.getparent()
    return parent is not None and sum(1 for k in parent if k.tag == el.tag) == 1


def _top_heading(el: Any) -> bool:
    """Whether a heading is the page's top one of its rank: no heading of its rank or a higher
    one before it (an API page's `h1`, a DocBook page's first `h2` where it has no `h1`)."""
    rank = _rank(el)
    if rank > 6:
        return False
    test = " or ".join(f"self::h{r}" for r in range(1, rank + 1))
    return not el.xpath(f"preceding::*[{test}][1]")


def _higher_before(node: Any) -> str:
    """The tag of the first heading in a heading's parent when it is of a higher rank and
    comes before it, else ''."""
    rank = _rank(node)
    parent = node.getparent()
    if rank > 6 or parent is None:
        return ""
    first = next(parent.iterdescendants(*_HEADINGS[:rank]), None)
    if first is None or first is node or _rank(first) >= rank:
        return ""
    return str(first.tag)


def _note_place(sig: FieldSignals, node: Any, url: str) -> None:
    """Notes where the scalar rule's node is on a page with a value: its place, and whether
    it is the page's top heading of its rank."""
    if not isinstance(node.tag, str):
        return
    if _top_heading(node):
        sig.tops[node.tag] += 1
    scope = _scope_top(node)
    if scope is not None:
        sig.scope_tops[scope] += 1
    else:
        higher = _higher_before(node)
        if higher:
            sig.under_higher.setdefault(higher, []).append(url)
    if not _alone(node):
        return
    place = str(node.getroottree().getpath(node))
    sig.alone += 1
    sig.places[place] += 1
    sig.place_kinds.setdefault(place, set()).add(_kind(node))


def _usual_places(sig: FieldSignals) -> list[str]:
    """The places the rule's node usually is at (when it is alone of its tag there on most
    pages with a value): each held by two pages at least and a fifth of them."""
    hit = sig.one + sig.many
    if sig.alone < 3 or sig.alone < ALONE * hit:
        return []
    return [p for p, n in sig.places.items() if n >= 2 and n * 5 >= sig.alone]


def _usual_top(sig: FieldSignals) -> str:
    """The heading tag the rule's node is the page's top heading of on nearly every page
    with a value (``FIRST_PLACE``), or ''."""
    hit = sig.one + sig.many
    if hit < 3 or not sig.tops:
        return ""
    tag, n = sig.tops.most_common(1)[0]
    return tag if n >= FIRST_PLACE * hit else ""


def _scope_top(node: Any) -> tuple[str, str] | None:
    """(the parent's place, tag) when a heading is the first heading of its rank or a higher
    one in its parent, else None."""
    rank = _rank(node)
    parent = node.getparent()
    if rank > 6 or parent is None:
        return None
    scope = str(node.getroottree().getpath(parent)), str(node.tag)
    first = next(parent.iterdescendants(*_HEADINGS[:rank]), None)
    return scope if first is node else None


def _usual_scope(sig: FieldSignals, share: float = FIRST_PLACE) -> tuple[str, str]:
    """(the parent's place, tag) the rule's node is the first heading of on ``share`` of the
    pages with a value (nearly every one: ``FIRST_PLACE``), or ('', '')."""
    hit = sig.one + sig.many
    if hit < 3 or not sig.scope_tops:
        return "", ""
    scope, n = sig.scope_tops.most_common(1)[0]
    return scope if n >= share * hit else ("", "")


def _look_for_place(sig: FieldSignals, url: str, root: Any) -> None:
    """A page where the rule gives nothing: is the node at the rule's usual place there (the
    same tag, role and label before it), or the page's top heading the rule's node is on the
    other pages? Looked at now when the other pages have told, else kept for the end."""
    if sig.one + sig.many >= 5:
        _vacant_at(sig, url, root, _usual_places(sig), _usual_top(sig), _usual_scope(sig))
    elif len(sig.pending) < PENDING:
        sig.pending.append((url, root))


def _vacant_at(
    sig: FieldSignals,
    url: str,
    root: Any,
    places: list[str],
    top: str,
    scope: tuple[str, str] = ("", ""),
) -> None:
    for place in places:
        try:
            found = root.xpath(place)
        except etree.XPathError:
            continue
        node = found[0] if found and isinstance(found[0], etree._Element) else None
        if (
            node is not None
            and _kind(node) in sig.place_kinds[place]
            and node.text_content().strip()
            # (a node at that place on a page without the rule's anchor is another block's:
            # a chapter's paragraph where reference pages have their name's `refnamediv/p`)
            and _has_anchor(sig.anchors, root, node)
        ):
            sig.vacant.append(url)
            sig.vacant_where[place] += 1
            return
    if top:
        first = next(iter(root.iter(top)), None)
        if first is not None and normalize_text(first.text_content()) and _top_heading(first):
            sig.vacant.append(url)
            if not _own_test(sig.anchors, root, first):
                sig.vacant_unlike.add(url)
            sig.vacant_where[f"the page's top {top}"] += 1
            return
        # the page's top heading is of a lower rank: the rule takes one rank only (a page
        # whose top heading is of a higher rank is another kind of page, a book's front page)
        for tag in _HEADINGS:
            head = next(iter(root.iter(tag)), None)
            if head is not None and normalize_text(head.text_content()):
                if _rank_of(tag) > _rank_of(top):
                    sig.other_rank.setdefault(tag, []).append(url)
                else:
                    sig.higher_rank.setdefault(tag, []).append(url)
                return
    place, tag = scope
    if top or not place:
        return
    # The rule's node is the first heading of its parent, not of the page (a menu bar's
    # heading comes first): that parent's first heading on this page, as above.
    try:
        found = root.xpath(place)
    except etree.XPathError:
        return
    parent = found[0] if found and isinstance(found[0], etree._Element) else None
    head = next(parent.iterdescendants(*_HEADINGS), None) if parent is not None else None
    if head is None or not normalize_text(head.text_content()):
        return
    if head.tag == tag:
        sig.vacant.append(url)
        if not _own_test(sig.anchors, root, head):
            sig.vacant_unlike.add(url)
        sig.vacant_where[f"the first {tag} in {place}"] += 1
    elif _rank(head) > _rank_of(tag):
        sig.other_rank.setdefault(str(head.tag), []).append(url)


def _ident(el: Any) -> str:
    """What a scalar rule's node is, to tell two fields' nodes apart: its tag and ``rel``,
    and the label before it (a label element, else the text just before it)."""
    if not isinstance(el.tag, str):
        return ""
    rel = f"[rel={el.get('rel')}]" if el.get("rel") else ""
    before = el.getprevious()
    label = _label(before) if before is not None and before.tag in _LABEL_TAGS else ""
    return f"{el.tag}{rel}|{label or _text_label(el)}"


def _settle_equal(out: dict[tuple[str, str], FieldSignals]) -> None:
    """For two scalar fields equal on some pages, whose node it is there: the node there is
    what one field's node is on the pages where the two differ (a link with ``rel='up'``
    after 'Up:') and not what the other's is. The field that lands on the other's node is
    the one to flag ('previous' as the header's second link is the 'Up' link on the pages
    without a 'Next'), not the field whose node it is."""
    for (tname, fid), sig in out.items():
        for other, pages in sig.equal_all.items():
            sig2 = out.get((tname, other))
            if sig2 is None or len(pages) < 2:
                continue
            if sig2.equal_heading[fid] >= len(pages):
                sig.equal_heading_of.add(other)
            there = Counter(sig.idents.get(u, "") for u in pages).most_common(1)[0][0]
            mine = _usual_ident(sig, set(pages))
            theirs = _usual_ident(sig2, set(pages))
            if not there or not mine or not theirs or mine == theirs:
                continue
            if there == theirs:
                sig.equal_whose[other] = ("theirs", there)
            elif there == mine:
                sig.equal_whose[other] = ("mine", there)


def _page_heading(root: Any) -> tuple[str, str]:
    """The page's top heading: the tag and text of the first heading of the highest rank on
    the page that has text, ('', '') when it has none."""
    best: tuple[str, str] = ("", "")
    for head in root.iter(*_HEADINGS):
        if best[0] and head.tag >= best[0]:
            continue  # (h1 < h2 < … as text: a rank no higher than the one found)
        text = _heading_text(head)
        if text:
            best = (str(head.tag), text)
            if head.tag == "h1":
                break
    return best


def _has_anchor_on(anchors: tuple[tuple[str, str], ...] | None, root: Any) -> bool:
    """Whether the page has the block a rule looks in: one it goes down from or beside
    (``_anchors_on``), or, for a rule anchored on its node by the node's tag alone (an
    any-heading step, `*[self::h1 or …]`), the block before that step (the banner table of
    `//table[@summary='top banner']//*[self::h1 or …]`; none before it: the whole page). A
    positional rule (None) has none to ask for. A rule that tests its node's attributes
    (``//h1[@class='headline']``) has no block: a page without such a node is of another
    kind for it."""
    if anchors is None or _anchors_on(anchors, root):
        return True
    for prefix, how in anchors:
        if how != "self" or "@" in _last_step(prefix):
            continue
        parts = split_outside(prefix, "/")[:-1]
        while parts and not parts[-1].strip():
            parts = parts[:-1]
        if not parts:
            return True
        try:
            found = select(root, "/".join(parts))
        except RuleError:
            continue
        if any(isinstance(n, etree._Element) for n in found):
            return True
    return False


#: Pages with a value whose link is recorded for the usual link (``_usual_link``).
LINK_PAGES = 200
#: Links of a page's anchor looked at for one like the field's.
ANCHOR_LINKS = 200
#: A link's attributes that change with the page it leads to (its target), left out of
#: what the link is.
_TARGET_ATTRIBUTES = frozenset({"href"})


def _link_attributes(el: Any) -> frozenset[tuple[str, str]]:
    return frozenset(
        (str(k), " ".join(str(v).split()))
        for k, v in el.attrib.items()
        if k not in _TARGET_ATTRIBUTES
    )


def _note_link(sig: FieldSignals, node: Any) -> None:
    """Notes a scalar field's node on a page with a value when it is a link (or a link
    holds it): its tag, attributes, and those of the links of its tag beside it."""
    link = node if node.tag in ("a", "area") else next(node.iterancestors("a"), None)
    if link is None or not link.get("href") or len(sig.link_nodes) >= LINK_PAGES:
        return
    parent = link.getparent()
    beside = tuple(
        _link_attributes(k)
        for k in itertools.islice(
            parent.iterchildren(link.tag) if parent is not None else (), ANCHOR_LINKS
        )
        if k is not link
    )
    sig.link_nodes.append((str(link.tag), _link_attributes(link), beside))


def _usual_link(sig: FieldSignals) -> tuple[str, frozenset[tuple[str, str]]] | None:
    """What the field's link is on (nearly) every page with a value: its tag and the
    attributes it has there with one same value (``FIRST_PLACE`` of the pages: a 'next'
    area's `coords`, a link's `rel` or class), when it has such attributes, its node is a
    link on nearly every page with a value (5 at least), and the other links of its tag
    beside it have not those attributes too on most pages (a run of alike links tells
    nothing). None otherwise."""
    hit = sig.one + sig.many
    n = len(sig.link_nodes)
    if n < 5 or n < FIRST_PLACE * min(hit, LINK_PAGES):
        return None
    tag, k = Counter(t for t, _a, _b in sig.link_nodes).most_common(1)[0]
    if k < FIRST_PLACE * n:
        return None
    seen: Counter[tuple[str, str]] = Counter()
    for _t, attrs, _b in sig.link_nodes:
        seen.update(attrs)
    mark = frozenset(a for a, c in seen.items() if c >= FIRST_PLACE * n)
    if not mark:
        return None
    shared = sum(1 for _t, _a, beside in sig.link_nodes if any(mark <= b for b in beside))
    if shared > (1 - FIRST_PLACE) * n:
        return None
    return tag, mark


def _look_for_link(sig: FieldSignals, url: str, root: Any) -> None:
    """A page without a value: the links (`a`, `area` with a target) in the rule's anchor,
    looked at for one like the field's once its pages with a value have told what it is
    (kept until then, at most ``PENDING`` pages)."""
    links: list[tuple[str, str, frozenset[tuple[str, str]]]] = []
    for prefix, _how, a in _anchors_on(sig.anchors, root):
        for el in itertools.islice(a.iter("a", "area"), ANCHOR_LINKS):
            if el.get("href"):
                links.append((str(prefix), str(el.tag), _link_attributes(el)))
    if not links:
        return
    usual = _usual_link(sig) if sig.one + sig.many >= 5 else None
    if usual is not None:
        _note_link_empty(sig, url, links, usual)
    elif sig.one + sig.many < 5 and len(sig.link_pending) < PENDING:
        sig.link_pending.append((url, links))


def _note_link_empty(
    sig: FieldSignals,
    url: str,
    links: list[tuple[str, str, frozenset[tuple[str, str]]]],
    usual: tuple[str, frozenset[tuple[str, str]]],
) -> None:
    tag, mark = usual
    for prefix, t, attrs in links:
        if t == tag and mark <= attrs:
            sig.link_empty[url] = prefix
            return


#: Pages where two scalar fields both have a value, from which one taking the other's node on
#: every one of them is flagged as its duplicate.
SCALAR_DUPLICATE_MIN = 2


def _settle_scalar_duplicates(out: dict[tuple[str, str], FieldSignals]) -> None:
    """For each scalar field and each earlier scalar field of its template (the template's
    order: the order the fields were made in), whether the later one takes the earlier one's
    node (or one holding it) on ``DUPLICATE`` of the pages where both have a value: a
    duplicate, to be flagged on the later field only (a field 'bad' made on the title's `h1`
    of the class pages, after the title: the title was flagged "values equal field 'bad'").
    Not when the earlier field is flagged for itself: a wrong rule that meets a right one
    where it is right keeps its flag of taking the other field's node."""
    order: dict[str, list[FieldSignals]] = {}
    for (tname, _fid), sig in out.items():
        if not sig.is_list:
            order.setdefault(tname, []).append(sig)
    for sigs in order.values():
        for i, later in enumerate(sigs):
            for earlier in sigs[:i]:
                both = later.both[earlier.field]
                same = len(later.equal_pages.get(earlier.field, []))
                if both < SCALAR_DUPLICATE_MIN or same < DUPLICATE * both:
                    continue
                # An earlier rule flagged for itself (a header's first link, 'Previous' where
                # a page has no 'Next') is a wrong rule that meets the later one where it is
                # right: its flag of taking the other field's node stays where it is.
                named = f"field {later.field!r}"
                if any(named not in f["flag"] for f in earlier.flags()):
                    continue
                later.scalar_dup[earlier.field] = (same, both)
                earlier.duplicated_by.add(later.field)


def _usual_ident(sig: FieldSignals, leave_out: set[str]) -> str:
    """What the field's node is on most of its pages but ``leave_out`` (on half of them at
    least; on all its pages when it has none but those), or ''."""
    seen = Counter(k for u, k in sig.idents.items() if u not in leave_out)
    if not seen:  # equal on every page: what its node is on all of them
        seen = Counter(sig.idents.values())
    if not seen:
        return ""
    kind, n = seen.most_common(1)[0]
    return kind if 2 * n >= sum(seen.values()) else ""


def _settle_places(out: dict[tuple[str, str], FieldSignals]) -> None:
    """Looks at the pages without a value kept before the usual place was known."""
    for sig in out.values():
        pending, sig.pending = sig.pending, []
        places = _usual_places(sig)
        top = _usual_top(sig)
        scope = _usual_scope(sig)
        later, sig.vacant = sig.vacant, []
        for url, root in pending:  # (they came before the pages looked at at once)
            _vacant_at(sig, url, root, places, top, scope)
        sig.vacant += later
