"""Page types: a site's pages clustered by their structure and URL shape, each cluster with an
induced URL pattern (the pages a template is for)."""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from deboiler_gui.engine.htmltree import HtmlElement, parse_html
from deboiler_gui.engine.model import Page, Progress
from deboiler_gui.engine.template.selectors import is_wordlike

#: Depth of the tag paths that make a page's structural signature (below body).
MAX_DEPTH = 8
MAX_ELEMENTS = 3000
_DIGITS = re.compile(r"^\d+$")
_HEAD = re.compile(r"^([A-Za-z0-9]+)([-_.])")


def signature(root: HtmlElement) -> frozenset[str]:
    """The set of tag paths (with word-like classes) of a page's elements below body, to
    ``MAX_DEPTH`` levels: pages built from one template share most of them."""
    body = root.find("body")
    if body is None:
        return frozenset()
    out: set[str] = set()
    stack: list[tuple[HtmlElement, str, int]] = [(body, "body", 0)]
    seen = 0
    while stack and seen < MAX_ELEMENTS:
        el, path, depth = stack.pop()
        seen += 1
        out.add(path)
        if depth >= MAX_DEPTH:
            continue
        for child in el:
            if not isinstance(child.tag, str) or child.tag in (
                "script",
                "style",
                "noscript",
                "template",
            ):
                continue
            classes = sorted(c for c in (child.get("class") or "").split() if is_wordlike(c))[:2]
            step = child.tag + "".join(f".{c}" for c in classes)
            stack.append((child, f"{path}/{step}", depth + 1))
    return frozenset(out)


def url_shape(url: str) -> tuple[int, str]:
    """(number of path segments, extension of the last one) of a URL."""
    path = urlsplit(url).path
    segments = [s for s in path.split("/") if s]
    last = segments[-1] if segments and not path.endswith("/") else ""
    ext = last.rsplit(".", 1)[1].lower() if "." in last else ""
    return len(segments), ext


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a and not b:
        return 1.0
    return len(a & b) / len(a | b)


#: A page joins a type when its similarity (``similarity``) to the type's first page is at
#: least this (``cluster``'s default threshold): below it, two pages are of different types.
SAME_TYPE = 0.6
#: The weight of the URL shape in ``similarity`` (``cluster``'s default).
URL_WEIGHT = 0.2


def similarity(
    a: frozenset[str], b: frozenset[str], same_shape: bool, url_weight: float = URL_WEIGHT
) -> float:
    """How alike two pages are as ``cluster`` scores them: the Jaccard similarity of their
    structural signatures (``signature``, less the paths that tell nothing), with the URL
    shape (``url_shape``) weighing ``url_weight``."""
    return (1 - url_weight) * jaccard(a, b) + url_weight * (1.0 if same_shape else 0.0)


@dataclass
class PageType:
    """One cluster of pages."""

    id: int
    urls: list[str] = field(default_factory=list)
    pattern: str = ""
    #: Mean similarity of the pages to the cluster's first page.
    cohesion: float = 0.0
    #: Tag paths on every page of the cluster (the type's fixed structure), a sample.
    common: list[str] = field(default_factory=list)
    #: The commonest leading words of the pages' file names (``sql`` of sql-select.html).
    words: list[tuple[str, int]] = field(default_factory=list)
    _signature: frozenset[str] = frozenset()
    _shape: tuple[int, str] = (0, "")
    _sims: list[float] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "pages": len(self.urls),
            "pattern": self.pattern,
            "cohesion": round(self.cohesion, 3),
            "examples": self.urls[:3],
            "urls": list(self.urls),
            "common": self.common,
            "words": [list(w) for w in self.words],
        }


def _joined(a: str, b: str) -> bool:
    """Whether characters ``a`` and ``b`` side by side are inside one word or one number (a
    camelCase step and a letter next to a digit are edges)."""
    if a.isdigit() and b.isdigit():
        return True
    return a.isalpha() and b.isalpha() and not (a.islower() and b.isupper())


def _edge(value: str, i: int) -> bool:
    return i <= 0 or i >= len(value) or not _joined(value[i - 1], value[i])


def _common_ends(values: Sequence[str]) -> tuple[str, str]:
    """The common prefix and suffix of ``values``, each cut back to where a word or a number
    ends in every value (``ch-`` of ``ch-events``/``ch-embedded``, not ``ch-e``; ``page`` of
    ``page10``/``page12``, not ``page1``)."""
    prefix = _shorter_prefix(values, os.path.commonprefix(list(values)), 0)
    suffix = _shorter_suffix(values, os.path.commonprefix([v[::-1] for v in values])[::-1], 0)
    return prefix, suffix


def _shorter_prefix(values: Sequence[str], prefix: str, by: int) -> str:
    """``prefix`` shortened by ``by`` characters, then on to an edge in every value."""
    prefix = prefix[: len(prefix) - by]
    while prefix and not all(_edge(v, len(prefix)) for v in values):
        prefix = prefix[:-1]
    return prefix


def _shorter_suffix(values: Sequence[str], suffix: str, by: int) -> str:
    suffix = suffix[by:]
    while suffix and not all(_edge(v, len(v) - len(suffix)) for v in values):
        suffix = suffix[1:]
    return suffix


def _segment_pattern(values: Sequence[str]) -> str:
    if len(set(values)) == 1:
        return values[0]
    prefix, suffix = _common_ends(values)
    if len(prefix) + len(suffix) > min(len(v) for v in values):
        suffix = ""
    middles = [v[len(prefix) : len(v) - len(suffix) if suffix else len(v)] for v in values]
    if all(_DIGITS.match(m) for m in middles if m) and any(middles):
        return f"{prefix}{{n}}{suffix}"
    # no common prefix, but a few leading words (sql-…, app-…): name them
    heads = [_HEAD.match(m) for m in middles]
    if all(heads):
        words = Counter((h.group(1), h.group(2)) for h in heads if h)
        if len(words) <= 3 and len({sep for _w, sep in words}) == 1:
            sep = next(iter(words))[1]
            alternatives = sorted(w for w, _sep in words)
            head = alternatives[0] if len(alternatives) == 1 else "{" + ",".join(alternatives) + "}"
            return f"{prefix}{head}{sep}*{suffix}"
    return f"{prefix}*{suffix}"


def url_pattern(urls: Sequence[str], limit: int = 3) -> str:
    """A URL pattern covering ``urls``: per path position, the common value, else the common
    prefix and suffix around ``*`` (``{n}`` when what varies is always a number); one pattern
    per path length, the commonest first, at most ``limit`` joined by `` | ``."""
    if not urls:
        return ""
    groups: dict[tuple[str, int, bool], list[list[str]]] = {}
    for url in urls:
        parts = urlsplit(url)
        segments = [s for s in parts.path.split("/") if s]
        base = f"{parts.scheme}://{parts.netloc}" if parts.netloc else ""
        groups.setdefault((base, len(segments), parts.path.endswith("/")), []).append(segments)
    ordered = sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    out = []
    for (base, n, slash), rows in ordered[:limit]:
        steps = [_segment_pattern([r[i] for r in rows]) for i in range(n)]
        out.append(base + "/" + "/".join(steps) + ("/" if slash and n else ""))
    if len(ordered) > limit:
        out.append(f"… ({sum(len(r) for _k, r in ordered[limit:])} more)")
    return " | ".join(out)


def url_patterns(urls: Sequence[str]) -> list[str]:
    """Every alternative of :func:`url_pattern` (one per path length), the commonest first."""
    if not urls:
        return []
    return url_pattern(urls, limit=len(urls)).split(" | ")


#: Characters a page name cannot have inside a ``{a,b}`` alternative of a pattern.
_NOT_LISTABLE = re.compile(r"[{},*/]")


def _listed_segment(values: Sequence[str]) -> str | None:
    """``values`` as one segment naming each of them: ``ch-{events,proxies}.html`` (the common
    prefix and suffix kept outside the braces); None when a value cannot be written so."""
    distinct = sorted(set(values))
    if len(distinct) == 1:
        return distinct[0]
    if any(not v or _NOT_LISTABLE.search(v) for v in distinct):
        return None
    prefix, suffix = _common_ends(distinct)
    while prefix and any(len(v) - len(prefix) - len(suffix) < 1 for v in distinct):
        prefix = _shorter_prefix(distinct, prefix, 1)
    while suffix and any(len(v) - len(prefix) - len(suffix) < 1 for v in distinct):
        suffix = _shorter_suffix(distinct, suffix, 1)
    middles = [v[len(prefix) : len(v) - len(suffix)] for v in distinct]
    return f"{prefix}{{{','.join(middles)}}}{suffix}"


def _worded_segment(values: Sequence[str]) -> str | None:
    """``values`` by their leading words, separator included: ``{app-,sql-}*.html``; None when
    a value has no leading word or a name would not be written so."""
    distinct = sorted(set(values))
    if len(distinct) == 1:
        return distinct[0]
    heads: list[str] = []
    for v in distinct:
        m = _HEAD.match(v)
        if m is None or _NOT_LISTABLE.search(m.group(0)):
            return None
        heads.append(m.group(0))
    rests = [v[len(h) :] for v, h in zip(distinct, heads, strict=True)]
    suffix = _shorter_suffix(rests, os.path.commonprefix([r[::-1] for r in rests])[::-1], 0)
    words = sorted(set(heads))
    head = words[0] if len(words) == 1 else "{" + ",".join(words) + "}"
    return f"{head}*{suffix}"


#: A type's pattern names its pages one by one when no segment varies over more than this
#: many names; else by their leading words when that is shorter.
LISTED_NAMES = 12


def _listed_pattern(urls: Sequence[str], avoid: Sequence[str] = ()) -> list[str] | None:
    """A pattern naming the varying path segments of ``urls`` (all of one path length and
    base): each name when there are few (``ch-{events,proxies}.html``), else their leading
    words when that is shorter and takes none of the ``avoid`` URLs (``{app-,sql-}*.html``),
    else each name, one alternative per folder when the names of several segments would
    combine into ``avoid`` URLs; None when a segment cannot be written so."""
    rows: list[list[str]] = []
    base, slash = "", False
    for url in urls:
        parts = urlsplit(url)
        base = f"{parts.scheme}://{parts.netloc}" if parts.netloc else ""
        slash = parts.path.endswith("/")
        rows.append([s for s in parts.path.split("/") if s])
    n = len(rows[0])

    def joined(steps: list[str]) -> str:
        return base + "/" + "/".join(steps) + ("/" if slash and n else "")

    listed: list[str] = []
    worded: list[str] = []
    for i in range(n):
        values = [r[i] for r in rows]
        step = _listed_segment(values)
        if step is None:
            return None
        listed.append(step)
        word = _worded_segment(values) if len(set(values)) > LISTED_NAMES else None
        worded.append(word if word is not None and len(word) < len(step) else step)
    for steps in (worded, listed) if worded != listed else (listed,):
        candidate = joined(steps)
        regex = pattern_regex(candidate)
        if not any(regex.match(u) is not None for u in avoid):
            return [candidate]
    # names listed per segment combine (a/x and b/y also give a/y): one alternative per folder
    folders: dict[tuple[str, ...], list[str]] = {}
    for r in rows:
        folders.setdefault(tuple(r[:-1]), []).append(r[-1] if r else "")
    out = []
    for folder, names in sorted(folders.items()):
        last = _listed_segment(names)
        if last is None:
            return None
        out.append(joined([*folder, last]))
    return out


def distinct_patterns(groups: Sequence[Sequence[str]]) -> list[list[str]]:
    """The URL patterns of each group of URLs (a site's page types), each telling its pages
    apart: groups are taken largest first, and where a group's induced pattern is another's
    or takes pages of a larger group (``…/ch*.html`` for the index chapters beside the other
    chapters' ``…/*.html``), it names its own pages instead (``…/ch-{concept,option}_index.html``,
    or their leading words when that is shorter and still takes no page of a larger group).
    The largest group keeps its induced pattern, which may take the smaller groups' pages too.
    A pattern that cannot be listed (a name with ``{``, ``,`` or ``*``) is kept as induced."""
    out = [url_patterns(sorted(g)) for g in groups]
    owner: dict[str, int] = {}
    larger: list[str] = []  # the URLs of the groups already taken
    order = sorted(range(len(groups)), key=lambda i: (-len(groups[i]), i))
    for i in order:
        for j, pattern in enumerate(out[i]):
            if pattern.startswith("… ("):
                continue
            regex = pattern_regex(pattern)
            if pattern in owner or any(regex.match(u) is not None for u in larger):
                mine = [u for u in sorted(groups[i]) if regex.match(u) is not None]
                listed = _listed_pattern(mine, larger) if mine else None
                if listed is not None and not any(p in owner for p in listed):
                    out[i][j] = " | ".join(listed)
            for alternative in out[i][j].split(" | "):
                owner.setdefault(alternative, i)
        larger.extend(groups[i])
    return [[p for alt in patterns for p in alt.split(" | ")] for patterns in out]


# A segment of a URL pattern: ``*`` (any run of characters but "/"), ``{n}`` (digits) and
# ``{a,b}`` (one of the words) are syntax, everything else is literal.
_SYNTAX = re.compile(r"\*|\{n\}|\{[^{}/,]+(?:,[^{}/,]+)+\}")


def is_url_pattern(text: str) -> bool:
    """Whether a template URL is a pattern (has ``*``, ``{n}`` or ``{a,b}``), not a sample."""
    return bool(_SYNTAX.search(text))


def _pattern_source(pattern: str) -> str:
    out, pos = [], 0
    for m in _SYNTAX.finditer(pattern):
        out.append(re.escape(pattern[pos : m.start()]))
        token = m.group(0)
        if token == "*":
            out.append("[^/]*")
        elif token == "{n}":
            out.append("[0-9]+")
        else:
            out.append("(?:" + "|".join(re.escape(w) for w in token[1:-1].split(",")) + ")")
        pos = m.end()
    out.append(re.escape(pattern[pos:]))
    return "".join(out)


def pattern_regex(pattern: str) -> re.Pattern[str]:
    """The regular expression a URL pattern stands for (the whole text; case as written)."""
    return re.compile(_pattern_source(pattern.strip()) + r"\Z")


def matches_pattern(pattern: str, url: str) -> bool:
    """Whether ``url`` is one of the URLs ``pattern`` stands for (alternatives split by
    `` | ``)."""
    return any(pattern_regex(p).match(url) is not None for p in pattern.split(" | ") if p.strip())


#: A type's core: the tag paths on at least this share of its pages.
CORE_SHARE = 0.8
#: Two types whose URL patterns cannot tell them apart are one type when the Jaccard
#: similarity of their cores reaches this.
MERGE_SIMILARITY = 0.6


def _core(sigs: Sequence[frozenset[str]]) -> frozenset[str]:
    counts: Counter[str] = Counter()
    for sig in sigs:
        counts.update(sig)
    need = CORE_SHARE * len(sigs)
    return frozenset(p for p, c in counts.items() if c >= need)


def _covers(patterns: Sequence[str], urls: Sequence[str]) -> bool:
    regexes = [pattern_regex(p) for p in patterns]
    return all(any(r.match(u) is not None for r in regexes) for u in urls)


def _overlap(pa: Sequence[str], ua: Sequence[str], pb: Sequence[str], ub: Sequence[str]) -> bool:
    """Whether two types' URL patterns cannot tell them apart: the same patterns, or one's
    take every page of the other while the other's take some of the first's pages
    (``ch*.html`` beside ``*.html`` whose pages are also ``ch-…``). A narrower pattern that
    takes none of the wider type's pages (``*/index.html`` beside ``*/*.html``) tells them
    apart."""
    if list(pa) == list(pb):
        return True
    if _covers(pa, ub):
        return _touches(pb, ua)
    if _covers(pb, ua):
        return _touches(pa, ub)
    return False


def _touches(patterns: Sequence[str], urls: Sequence[str]) -> bool:
    regexes = [pattern_regex(p) for p in patterns]
    return any(r.match(u) is not None for u in urls for r in regexes)


def _merge_alike(
    types: list[PageType], members: dict[int, list[frozenset[str]]], similarity: float
) -> list[PageType]:
    """Merge types that their URL patterns cannot tell apart (:func:`_overlap`) and whose
    cores (tag paths, frame included, on most of their pages) are alike: pages of one template
    that differ in their content's markup (a chapter with tables, one with lists). The most
    similar pair first (the first created among equals), until none is left; the pairs of a
    merged type are looked at again, the others kept."""
    if similarity > 1:
        return types
    patterns = {t.id: url_patterns(sorted(t.urls)) for t in types}
    cores = {t.id: _core(members[t.id]) for t in types}
    by_id = {t.id: t for t in types}

    def mergeable(a: PageType, b: PageType) -> float | None:
        sim = jaccard(cores[a.id], cores[b.id])
        if sim >= similarity and _overlap(patterns[a.id], a.urls, patterns[b.id], b.urls):
            return sim
        return None

    pairs: dict[tuple[int, int], float] = {}
    for i, a in enumerate(types):
        for b in types[i + 1 :]:
            sim = mergeable(a, b)
            if sim is not None:
                pairs[(a.id, b.id)] = sim
    while pairs:
        (ia, ib), _sim = max(pairs.items(), key=lambda kv: (kv[1], -kv[0][0], -kv[0][1]))
        keep, gone = by_id[ia], by_id[ib]
        if len(gone.urls) > len(keep.urls):
            keep, gone = gone, keep
        keep.urls.extend(gone.urls)
        keep._sims.extend(gone._sims)
        members[keep.id].extend(members.pop(gone.id))
        types.remove(gone)
        del by_id[gone.id]
        patterns[keep.id] = url_patterns(sorted(keep.urls))
        cores[keep.id] = _core(members[keep.id])
        pairs = {k: v for k, v in pairs.items() if keep.id not in k and gone.id not in k}
        for other in types:
            if other is not keep:
                sim = mergeable(keep, other) if keep.id < other.id else mergeable(other, keep)
                if sim is not None:
                    pairs[(min(keep.id, other.id), max(keep.id, other.id))] = sim
    return types


def telling_paths(df: Counter[str], n_pages: int) -> set[str]:
    """The tag paths that tell pages apart, of those counted in ``df`` (pages per path) over
    ``n_pages`` pages: not on nearly every page (the site's frame) nor on very few (one page's
    own content); all of them below 5 pages."""
    if n_pages < 5:
        return set(df)
    low, high = max(2, int(0.02 * n_pages)), 0.9 * n_pages
    return {p for p, c in df.items() if low <= c <= high}


def cluster(
    pages: Iterable[Page],
    *,
    threshold: float = SAME_TYPE,
    url_weight: float = URL_WEIGHT,
    merge_similarity: float = MERGE_SIMILARITY,
) -> Generator[Progress, None, list[PageType]]:
    """Cluster pages (in the order given, e.g. by URL) by structure and URL shape.

    Each page's signature is its set of tag paths; paths on nearly every page (the site's frame,
    which says nothing about the type) and paths on very few pages (one page's own content) are
    left out. A page joins the most similar type when ``(1 - url_weight) * jaccard +
    url_weight * same_url_shape`` is at least ``threshold``, else it starts a new type. Types
    are returned largest first.

    Then types whose URL patterns cannot tell them apart are merged when their cores are
    alike (``merge_similarity``; above 1, never), and each type gets a URL pattern of its own
    (:func:`distinct_patterns`)."""
    read: list[tuple[str, frozenset[str], tuple[int, str]]] = []
    df: Counter[str] = Counter()
    for page in pages:
        if page.error or not page.ok:
            continue
        sig = signature(parse_html(page.html))
        df.update(sig)
        read.append((page.url, sig, url_shape(page.url)))
        if len(read) % 16 == 0:
            yield Progress(len(read), None, "reading")
    n_pages = len(read)
    telling = telling_paths(df, n_pages)
    types: list[PageType] = []
    members: dict[int, list[frozenset[str]]] = {}
    for done, (url, full, shape) in enumerate(read, 1):
        sig = frozenset(full & telling)
        best, best_score = None, -1.0
        for t in types:
            score = similarity(sig, t._signature, shape == t._shape, url_weight)
            if score > best_score:
                best, best_score = t, score
        if best is None or best_score < threshold:
            best = PageType(len(types) + 1, _signature=sig, _shape=shape)
            types.append(best)
            members[best.id] = []
            best_score = 1.0
        best.urls.append(url)
        best._sims.append(best_score)
        members[best.id].append(full)
        if done % 16 == 0:
            yield Progress(done, n_pages, "clustering")
    yield Progress(n_pages, n_pages, "clustering")
    types = _merge_alike(types, members, merge_similarity)
    types.sort(key=lambda t: (-len(t.urls), t.id))
    for t, patterns in zip(types, distinct_patterns([t.urls for t in types]), strict=True):
        t.pattern = " | ".join(patterns[:3]) + (
            f" | … ({len(patterns) - 3} more)" if len(patterns) > 3 else ""
        )
        t.cohesion = sum(t._sims) / len(t._sims) if t._sims else 0.0
        counts: Counter[str] = Counter()
        for sig in members[t.id]:
            counts.update(sig)
        n = len(members[t.id])
        everywhere = sorted(p for p, c in counts.items() if c == n)
        t.common = sorted(everywhere, key=lambda p: (-p.count("/"), p))[:5]
        heads: Counter[str] = Counter()
        for url in t.urls:
            last = urlsplit(url).path.rstrip("/").rsplit("/", 1)[-1]
            m = _HEAD.match(last)
            heads[m.group(1) if m else last.rsplit(".", 1)[0]] += 1
        t.words = sorted(heads.items(), key=lambda kv: (-kv[1], kv[0]))[:4]
    types.sort(key=lambda t: (-len(t.urls), t.id))
    for i, t in enumerate(types, 1):
        t.id = i
    return types


__all__ = [
    "PageType",
    "cluster",
    "distinct_patterns",
    "is_url_pattern",
    "jaccard",
    "matches_pattern",
    "pattern_regex",
    "signature",
    "similarity",
    "telling_paths",
    "url_pattern",
    "url_patterns",
    "url_shape",
]
