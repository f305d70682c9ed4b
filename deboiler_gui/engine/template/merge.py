"""Three-way merge of a template: the version an editor started from (``base``), the editor's
template (``mine``) and the version stored since by someone else (``theirs``: ``templates
learn``, a repair accepted, another window).

What only one side changed is taken from that side: a field whose rule the editor left alone
keeps the search rules, absent and present pages and fingerprints the stored version learned;
a rule, field or filter the editor added or changed stays as the editor has it. Where both
changed the same thing differently, nothing is chosen silently: the merge names it as a
:class:`Conflict` and gives both resolutions, the editor's side winning there
(``Merge.template``) and the stored side winning there (``Merge.stored_wins``), everything
else merged alike."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from deboiler_gui.engine.template.model import Field, SearchRules, Template
from deboiler_gui.engine.words import count

#: A template's own settings merged one by one (its name is its identity, never merged).
_SETTINGS = ("site", "description", "url_threshold", "use_cleaner", "link_factory")
_SECTION_WORDS = {"remove": "remove rule", "keep": "keep rule", "filters": "noise filter"}


@dataclass(frozen=True)
class Conflict:
    """One thing both sides changed, each in its own way: ``what`` names it ("field
    'title'"), ``mine`` and ``theirs`` say what each side did to it."""

    what: str
    mine: str
    theirs: str

    def describe(self) -> str:
        return f"{self.what}: you {self.mine}; the stored version {self.theirs}"


@dataclass(frozen=True)
class Merge:
    """Both resolutions of a merge; they differ only where ``conflicts`` say."""

    template: Template  # the editor's side wins the conflicts
    stored_wins: Template  # the stored side wins them
    conflicts: tuple[Conflict, ...]
    #: What the stored version brought that the result keeps, in words ("learned search
    #: rules of fields title, parent").
    kept: tuple[str, ...]


def _rule_part(f: Field) -> Field:
    """A field without what ``templates learn`` records (its search rules)."""
    return replace(f, search=SearchRules())


def field_change(old: Field | None, new: Field | None) -> str:
    """What happened to a field between two versions, in words."""
    if old is None:
        return "added it"
    if new is None:
        return "deleted it"
    if _rule_part(old) != _rule_part(new):
        return (
            "changed its rule" if old.search == new.search else "changed its rule and search rules"
        )
    return "learned its search rules again" if not old.search.empty else "learned its search rules"


def _item_change(old: Any, new: Any) -> str:
    if old is None:
        return "added it"
    if new is None:
        return "deleted it"
    return "changed it"


def _merge_dicts(
    base: dict[str, Any], mine: dict[str, Any], theirs: dict[str, Any]
) -> dict[str, Any] | None:
    """Key-wise three-way merge; None when a key changed on both sides differently."""
    out: dict[str, Any] = {}
    missing = object()
    for key in [
        *theirs,
        *(k for k in mine if k not in theirs),
        *(k for k in base if k not in mine and k not in theirs),
    ]:
        b, m, t = base.get(key, missing), mine.get(key, missing), theirs.get(key, missing)
        if m == t:
            value = m
        elif m == b:
            value = t
        elif t == b:
            value = m
        else:
            return None
        if value is not missing:
            out[key] = value
    return out


def _merge_search(base: SearchRules, mine: SearchRules, theirs: SearchRules) -> SearchRules | None:
    """The search rules key by key (a fingerprint's too): the editor adds the pages a field
    was clicked on (``examples``), learning adds absent and present pages and the node's
    print; None when both changed the same one differently."""
    plain = _merge_dicts(
        {k: v for k, v in base.to_dict().items() if k != "fingerprint"},
        {k: v for k, v in mine.to_dict().items() if k != "fingerprint"},
        {k: v for k, v in theirs.to_dict().items() if k != "fingerprint"},
    )
    prints = _merge_dicts(base.fingerprint, mine.fingerprint, theirs.fingerprint)
    if plain is None or prints is None:
        return None
    return SearchRules.from_dict({**plain, "fingerprint": prints})


def _merge_field(
    base: Field | None, mine: Field | None, theirs: Field | None
) -> tuple[Field | None, Field | None] | None:
    """The field merged (editor winning, stored winning: the same here), or None for a
    conflict. A field whose rule only the stored side changed, or whose search rules both
    changed in different keys, merges; one whose rule the editor changed while the stored
    side changed anything of it does not (what was learned was learned for the old rule)."""
    if mine == theirs:
        return mine, mine
    if mine == base:
        return theirs, theirs
    if theirs == base:
        return mine, mine
    if base is None or mine is None or theirs is None:
        return None
    if _rule_part(mine) != _rule_part(base):
        return None
    search = _merge_search(base.search, mine.search, theirs.search)
    if search is None:
        return None
    merged = replace(theirs, search=search)
    return merged, merged


def _fresh(name: str, taken: set[str]) -> str:
    n = 2
    while f"{name}-{n}" in taken:
        n += 1
    return f"{name}-{n}"


def _merge_section(
    section: str,
    base: Sequence[Any],
    mine: Sequence[Any],
    theirs: Sequence[Any],
    key: Callable[[Any], str],
    conflicts: list[Conflict],
    kept: list[str],
    taken: set[str],
) -> tuple[list[Any], list[Any]]:
    """Merge the items of one section by name, in the editor's order, the stored side's new
    items after them. Rules and filters added on both sides under one name are both kept (the
    editor's renamed); fields, whose names are the output's keys, conflict instead."""
    b = {key(i): i for i in base}
    m = {key(i): i for i in mine}
    t = {key(i): i for i in theirs}
    order = [key(i) for i in mine] + [key(i) for i in theirs if key(i) not in m]
    order += [k for k in b if k not in m and k not in t]
    mine_wins: list[Any] = []
    stored_wins: list[Any] = []
    renamed: list[Any] = []
    brought: list[str] = []
    for name in order:
        bi, mi, ti = b.get(name), m.get(name), t.get(name)
        merged: tuple[Any, Any] | None
        if section == "fields":
            merged = _merge_field(bi, mi, ti)
            if merged is not None and ti != bi and merged[0] != mi:
                brought.append(name)
        elif mi == ti:
            merged = (mi, mi)
        elif mi == bi:
            merged = (ti, ti)
            brought.append(name)
        elif ti == bi:
            merged = (mi, mi)
        elif bi is None and mi is not None and ti is not None:
            # one name given to two new rules: both kept, the editor's under a new name
            new_name = _fresh(name, taken)
            taken.add(new_name)
            renamed.append(dataclasses.replace(mi, name=new_name))
            merged = (ti, ti)
            brought.append(name)
        else:
            merged = None
        if merged is None:
            what = "field" if section == "fields" else _SECTION_WORDS.get(section, section)
            if section == "fields":
                change_m, change_t = field_change(bi, mi), field_change(bi, ti)
            else:
                change_m, change_t = _item_change(bi, mi), _item_change(bi, ti)
            conflicts.append(Conflict(f"{what} {name!r}", change_m, change_t))
            merged = (mi, ti)
        if merged[0] is not None:
            mine_wins.append(merged[0])
        if merged[1] is not None:
            stored_wins.append(merged[1])
    if brought:
        kept.append(_brought_words(section, brought, b, t))
    return mine_wins + renamed, stored_wins + renamed


def _brought_words(
    section: str, names: list[str], base: dict[str, Any], theirs: dict[str, Any]
) -> str:
    if section == "fields":
        learned = [
            n
            for n in names
            if n in base and n in theirs and _rule_part(base[n]) == _rule_part(theirs[n])
        ]
        other = [n for n in names if n not in learned]
        parts = []
        if learned:
            parts.append(
                f"the learned search rules of {count(len(learned), 'field')} ({', '.join(learned)})"
            )
        if other:
            parts.append(f"{count(len(other), 'field')} changed there ({', '.join(other)})")
        return " and ".join(parts)
    word = _SECTION_WORDS.get(section, section)
    return f"{count(len(names), word)} ({', '.join(names)})"


def merge_templates(base: Template | None, mine: Template, theirs: Template) -> Merge:
    """Merge ``mine`` (made from ``base``; None when it was never stored) with ``theirs``,
    the version stored since. See the module's docstring."""
    if base is None:
        base = Template(name=mine.name, site=mine.site)
    conflicts: list[Conflict] = []
    kept: list[str] = []
    mine_changes: dict[str, Any] = {}
    stored_changes: dict[str, Any] = {}
    for attr in _SETTINGS:
        b, m, t = getattr(base, attr), getattr(mine, attr), getattr(theirs, attr)
        if m == t or t == b:
            mine_changes[attr] = stored_changes[attr] = m
        elif m == b:
            mine_changes[attr] = stored_changes[attr] = t
            kept.append(f"its {attr.replace('_', ' ')}")
        else:
            conflicts.append(
                Conflict(f"the template's {attr.replace('_', ' ')}", f"set {m!r}", f"set {t!r}")
            )
            mine_changes[attr], stored_changes[attr] = m, t
    # Sample URLs as a set: what either side added, less what either removed.
    if theirs.urls == base.urls:
        urls = list(mine.urls)
    elif mine.urls == base.urls:
        urls = list(theirs.urls)
    else:
        removed = (set(base.urls) - set(mine.urls)) | (set(base.urls) - set(theirs.urls))
        urls = [u for u in dict.fromkeys([*theirs.urls, *mine.urls]) if u not in removed]
    added = [u for u in urls if u not in mine.urls]
    if added:
        kept.append(count(len(added), "sample URL"))
    mine_changes["urls"] = stored_changes["urls"] = tuple(urls)
    taken: set[str] = set()
    for tp in (base, mine, theirs):
        taken.update(r.name for r in (*tp.remove, *tp.keep))
        taken.update(f.name for f in tp.filters)
    for section in ("remove", "keep", "fields", "filters"):
        key: Callable[[Any], str] = (lambda f: f.id) if section == "fields" else (lambda r: r.name)
        a, b = _merge_section(
            section,
            getattr(base, section),
            getattr(mine, section),
            getattr(theirs, section),
            key,
            conflicts,
            kept,
            taken,
        )
        mine_changes[section], stored_changes[section] = tuple(a), tuple(b)
    return Merge(
        template=replace(mine, **mine_changes),
        stored_wins=replace(mine, **stored_changes),
        conflicts=tuple(conflicts),
        kept=tuple(kept),
    )


__all__ = ["Conflict", "Merge", "field_change", "merge_templates"]
