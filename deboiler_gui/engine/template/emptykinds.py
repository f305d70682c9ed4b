"""Fields empty where pages of their kind have none: a field that gives nothing on most pages
of a kind (the kind told by the page's URL: the leading word of its file name, `method.*`,
`func.*`, `json-*`, or its folder) while most pages of another kind have a value is empty there
by nature (a class page's contents list on the method pages), not failing. What `evaluate`
and `extract` report apart from the pages a rule misses, before `templates learn` has
recorded where each field is absent."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from deboiler_gui.engine.template.extract import ExtractResult
from deboiler_gui.engine.template.model import Template
from deboiler_gui.engine.template.signals import ABSENT_LEARNED, ABSENT_NO_ANCHOR

_WORD = re.compile(r"([A-Za-z]+)([-_.]?)")

#: (folder, leading word of the file name) of a page's URL; a word no other page shares
#: leaves the page to its folder's kind (``"*"``).
Key = tuple[str, str]


def _split(url: str) -> tuple[str, str, str]:
    path = urlsplit(url).path
    folder, _, name = path.rpartition("/")
    m = _WORD.match(name)
    return (folder, m.group(1).lower(), m.group(2)) if m else (folder, "", "")


def url_key(url: str) -> Key:
    """The page's folder and the leading word of its file name, lower case: `method` of
    `/method.Reader.get_int_value.html`, `json` of `/json-gboxed.html`, `example` of
    `/example10color.html`, `emacs` of `/Emacs4.html`."""
    folder, word, _sep = _split(url)
    return folder, word


def kind_label(kind: Key, sep: str = "") -> str:
    """A kind in words: "json-* pages" (``sep``: what follows the word in the names),
    "pages under /tst_suite/"."""
    folder, word = kind
    if word == "*":
        return f"pages under {folder}/"
    where = f" under {folder}/" if folder else ""
    return f"{word}{sep}* pages{where}"


@dataclass
class _FieldTally:
    pages: Counter[Key] = field(default_factory=Counter)
    empty: Counter[Key] = field(default_factory=Counter)


@dataclass
class EmptyKinds:
    """Per template and field, pages with and without a value by the URL key of the page,
    gathered page by page; ``settle`` tells, once every page is in, the kinds where a field is
    empty by nature: most of their pages (two at least) without a value, while most pages of
    another kind have one. A key no other page shares is no kind; such pages of a folder other
    than the site's root are their folder's kind (a page of the root folder with a name of its
    own is of no kind: nothing to compare it with)."""

    keys: Counter[Key] = field(default_factory=Counter)
    #: what follows each key's word in the names ('.' of `method.…`, '-' of `json-…`)
    seps: dict[Key, Counter[str]] = field(default_factory=dict)
    fields: dict[tuple[str, str], _FieldTally] = field(default_factory=dict)
    _seen: set[str] = field(default_factory=set)
    _kinds: dict[Key, Key | None] = field(default_factory=dict)
    _usual: dict[tuple[str, str], set[Key]] = field(default_factory=dict)

    def add(self, template: str, fid: str, url: str, has_value: bool) -> None:
        folder, word, sep = _split(url)
        key = (folder, word)
        if url not in self._seen:
            self._seen.add(url)
            self.keys[key] += 1
            self.seps.setdefault(key, Counter())[sep] += 1
        tally = self.fields.setdefault((template, fid), _FieldTally())
        tally.pages[key] += 1
        tally.empty[key] += int(not has_value)

    def label(self, kind: Key) -> str:
        """The kind in words ("json-* pages"), its names' usual separator after the word."""
        seps = self.seps.get(kind)
        # (names that differ after the word, `Emacs.html` and `Emacs4.html`: none said)
        return kind_label(kind, next(iter(seps)) if seps and len(seps) == 1 else "")

    def kind(self, key: Key) -> Key | None:
        """The kind of a page of URL key ``key`` (after ``settle``), or None."""
        return self._kinds.get(key)

    def settle(self) -> None:
        residual: Counter[str] = Counter(f for (f, _w), n in self.keys.items() if n < 2)
        for key, n in self.keys.items():
            folder = key[0]
            if n >= 2 and key[1]:
                self._kinds[key] = key
            elif folder and residual[folder] >= 2:
                self._kinds[key] = (folder, "*")
            else:
                self._kinds[key] = None
        for fkey, tally in self.fields.items():
            pages: Counter[Key] = Counter()
            empty: Counter[Key] = Counter()
            for key, n in tally.pages.items():
                kind = self._kinds.get(key)
                if kind is not None:
                    pages[kind] += n
                    empty[kind] += tally.empty[key]
            bare = {k for k, n in pages.items() if n >= 2 and 2 * empty[k] > n}
            filled = {k for k, n in pages.items() if n >= 2 and 2 * empty[k] < n}
            # (contrast: a field empty on most pages of every kind says nothing by kind)
            self._usual[fkey] = bare if filled else set()

    def usual(self, template: str, fid: str, url: str) -> Key | None:
        """The page's kind when the field is empty by nature on pages of that kind (after
        ``settle``), else None."""
        kind = self._kinds.get(url_key(url))
        if kind is None or kind not in self._usual.get((template, fid), set()):
            return None
        return kind

    def usual_kinds(self, template: str, fid: str) -> set[Key]:
        return set(self._usual.get((template, fid), set()))


@dataclass
class _Seen:
    valued: bool = False
    #: pages where the field made the record partial, by why it was empty there: "no
    #: anchor", a kind in words, or "" (a page the rule misses); the first pages of each
    why: Counter[str] = field(default_factory=Counter)
    pages: dict[str, list[str]] = field(default_factory=dict)


class ExtractKinds:
    """``extract``'s records judged over the whole site: a record is ``partial`` only for a
    field that gives nothing where it should; a field empty on a page without the rule's
    anchor, or empty as most pages of its kind are (``EmptyKinds``), while it has a value on
    other pages, is empty by nature there (as on a page ``templates learn`` found it absent).
    ``add`` each result as it comes, ``settle`` once every page is in, then ``status`` of each
    record; ``lines`` tell the pages put apart and the fields that made records partial."""

    def __init__(self, templates: Iterable[Template]) -> None:
        self.kinds = EmptyKinds()
        self.required: dict[str, set[str]] = {}
        self.learned: set[tuple[str, str]] = set()
        for t in templates:
            req = [f for f in t.fields if f.required] or list(t.fields)
            self.required[t.name] = {f.id for f in req}
            for f in t.fields:
                if "absent" in f.search.fingerprint or f.search.fingerprint.get("present"):
                    self.learned.add((t.name, f.id))
        self.seen: dict[tuple[str, str], _Seen] = {}

    def add(self, result: ExtractResult) -> list[tuple[str, str]]:
        """Registers a result; the fields that make it partial (id, why empty: "no anchor"
        or ""), none for a record that is not partial."""
        tname = result.template or ""
        failed: list[tuple[str, str]] = []
        for fid, report in result.fields.items():
            key = (tname, fid)
            seen = self.seen.setdefault(key, _Seen())
            ok = report.status == "ok"
            seen.valued = seen.valued or ok
            if key not in self.learned:
                self.kinds.add(tname, fid, result.url, ok)
            if (
                result.status == "partial"
                and not ok
                and fid in self.required.get(tname, set())
                and report.absent != ABSENT_LEARNED
            ):
                failed.append((fid, report.absent if report.status == "empty" else "error"))
        return failed

    def settle(self) -> None:
        self.kinds.settle()

    def status(self, template: str, url: str, failed: list[tuple[str, str]]) -> str:
        """A partial record's status over the whole site: ``ok`` when each field that made it
        partial is empty by nature there, else ``partial``; each field counted with why."""
        whys = []
        for fid, absent in failed:
            key = (template, fid)
            why = ""
            if absent != "error" and self.seen[key].valued:
                kind = None if key in self.learned else self.kinds.usual(template, fid, url)
                if kind is not None:
                    why = self.kinds.label(kind)
                elif absent == ABSENT_NO_ANCHOR:
                    why = "no anchor"
            whys.append((fid, why))
        status = "ok" if all(why for _f, why in whys) else "partial"
        for fid, why in whys:
            seen = self.seen[(template, fid)]
            # (a field empty by nature on a page partial for another field is counted apart
            # all the same)
            seen.why[why] += 1
            shown = seen.pages.setdefault(why, [])
            if len(shown) < 3:
                shown.append(url)
        return status

    def lines(self) -> list[str]:
        """What made records partial, a line per field ("kind: no value on 1 page (partial):
        …/classes_hierarchy.html"), then the pages put apart ("toc: empty on 264 pages (not
        counted as partial) — normal for method.* pages, func.* pages, vfunc.* pages and 8
        more kinds? 3 of them lack the rule's anchor")."""
        apart: list[str] = []
        missed: list[str] = []
        for (tname, fid), seen in self.seen.items():
            name = f"{tname} {fid}" if len({t for t, _f in self.seen}) > 1 else fid
            n_anchor = seen.why.get("no anchor", 0)
            kinds = [why for why, _n in seen.why.most_common() if why and why != "no anchor"]
            total = sum(n for why, n in seen.why.items() if why)
            if total:
                more = len(kinds) - 3
                shown = ", ".join(kinds[:3]) + (
                    f" and {more} more kind{'s' if more != 1 else ''}" if more > 0 else ""
                )
                normal = f" — normal for {shown}?" if kinds else ""
                anchor = (
                    f"{' ' if kinds else ' — '}{n_anchor} "
                    f"{'of them lack' if kinds else 'lack'} the rule's anchor"
                    if n_anchor
                    else ""
                )
                apart.append(
                    f"{name}: empty on {total} page{'s' if total != 1 else ''} (not counted as "
                    f"partial){normal}{anchor}"
                )
            n_missed = seen.why.get("", 0)
            if n_missed:
                look = ", ".join(seen.pages.get("", []))
                missed.append(
                    f"{name}: no value on {n_missed} page{'s' if n_missed != 1 else ''} "
                    f"(partial): {look}{', …' if n_missed > len(seen.pages.get('', [])) else ''}"
                )
        return missed + apart


__all__ = ["EmptyKinds", "ExtractKinds", "Key", "kind_label", "url_key"]
