"""The core data model shared by the engine, the CLI, the store and the app: pages, progress,
cleaning results, domain models and the typed errors."""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

# --------------------------------------------------------------------------- errors


class DeboilerError(Exception):
    """Base of every error the engine raises; the message names the item at fault."""


class InputError(DeboilerError):
    """An input file, record or page cannot be read."""


class WorkspaceError(DeboilerError):
    """The workspace file is missing, corrupt or of an unknown schema."""


class RuleError(DeboilerError):
    """A template, field or rule is invalid (bad XPath/CSS, regex, processor...)."""

    def __init__(
        self,
        message: str,
        *,
        template: str | None = None,
        field: str | None = None,
        rule: str | None = None,
        expression: str | None = None,
    ) -> None:
        self.template = template
        self.field = field
        self.rule = rule
        self.expression = expression
        where = []
        if template:
            where.append(f"template {template!r}")
        if field:
            where.append(f"field {field!r}")
        if rule:
            where.append(f"rule {rule!r}")
        if expression is not None:
            # A 1 MB expression is named by its start and its length, not printed whole.
            shown = (
                repr(expression)
                if len(expression) <= 200
                else f"{expression[:120]!r}... ({len(expression):,} characters)"
            )
            where.append(f"expression {shown}")
        super().__init__(f"{', '.join(where)}: {message}" if where else message)


class Cancelled(DeboilerError):
    """A long operation was cancelled by its driver."""


# --------------------------------------------------------------------------- pages

#: Page.status values below 0 mark pages that could not be read at all.
STATUS_UNREADABLE = -1

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def valid_text(text: str) -> str:
    """``text`` with every lone surrogate (which no file, database or UTF-8 stream can hold)
    replaced by U+FFFD; the same string when there is none."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _LONE_SURROGATE.sub("\ufffd", text)
    return text


def escaped_bytes(text: str) -> str:
    """A name read from the system (an argument, a file name) whose undecodable bytes Python
    kept as surrogates (``surrogateescape``), with those bytes as backslash escapes: UTF-8
    text that still says which bytes they were."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def http_status(value: Any) -> tuple[int, str | None]:
    """(status, error) for a status read from a record: an integer from -1 (unreadable) to 999
    is a status; text or null gives STATUS_UNREADABLE; anything else (1e20, Infinity, a
    20-digit number) gives STATUS_UNREADABLE and an error naming it."""
    if isinstance(value, bool):
        return STATUS_UNREADABLE, f"HTTP status {value!r} is not a number"
    if isinstance(value, float) and not value.is_integer():  # NaN, Infinity, 200.5
        return STATUS_UNREADABLE, f"HTTP status {value!r} is not a status"
    try:
        number = int(value)
    except (TypeError, ValueError):
        return STATUS_UNREADABLE, None
    except OverflowError:
        return STATUS_UNREADABLE, f"HTTP status {value!r} is not a status"
    if not STATUS_UNREADABLE <= number <= 999:
        shown = str(value) if len(str(value)) <= 40 else str(value)[:40] + "..."
        return STATUS_UNREADABLE, f"HTTP status {shown} is not a status (outside 0-999)"
    return number, None


def site_of(url: str) -> str:
    """The site (lower-cased host, without port) a URL belongs to."""
    try:
        host = urlsplit(url).hostname or ""
    except ValueError:
        host = ""
    return host.lower()


# Characters a URL's path and query hold as they are (RFC 3986's unreserved characters, its
# sub-delimiters, ':', '@', '/' and '?'), and '%' for the escapes left in place.
_URL_SAFE = "/?:@!$&'()*+,;=-._~%"
_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
_DEFAULT_PORTS = {"http": 80, "https": 443}


def _requote(part: str, keep: str) -> str:
    """``part`` with each escape of a character that needs none decoded (``%24`` is ``$``,
    ``%7E`` is ``~``, ``%C3%A9`` is ``é`` before it is escaped again), the characters that
    need one escaped (a space, ``é`` as UTF-8), the escapes' hex in capitals. The characters
    of ``keep`` stay escaped: there an escape means something else than the character."""

    def decode(m: re.Match[str]) -> str:
        try:
            text = bytes.fromhex(m.group(0).replace("%", "")).decode("utf-8")
        except UnicodeDecodeError:  # bytes of another encoding: one page's own spelling
            return m.group(0).upper()
        return "".join(quote(ch, safe="") if ch in keep else ch for ch in text)

    return quote(_ESCAPES.sub(decode, part), safe=_URL_SAFE)


def url_form(url: str) -> str:
    """The form every spelling of one page's URL shares, to find a page by a URL given by
    hand: ``…/Console$.html`` and ``…/Console%24.html``, ``…/caf%C3%A9`` and ``…/café``, ``%7e``
    and ``~`` are one page. The scheme and host are lower-cased, a default port and the
    fragment dropped, and an escape decoded where the character means the same written either
    way; an escaped ``/`` in a path (``a%2Fb`` is one segment) and an escaped ``&``, ``=``,
    ``+`` or ``;`` in a query stay as they are, as do ``%25``, ``%23`` and ``%3F``."""
    url = url.strip()
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return url
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    if ":" in host:  # an IPv6 literal
        host = f"[{host}]"
    if port is not None and port != _DEFAULT_PORTS.get(scheme):
        host = f"{host}:{port}"
    path = _requote(parts.path, "/?#%") or ("/" if host else "")
    query = _requote(parts.query, "&=+;#%")
    return urlunsplit((scheme, host, path, query, ""))


def url_forms(urls: Iterable[str]) -> dict[str, str]:
    """``url_form`` -> the first of ``urls`` written so."""
    forms: dict[str, str] = {}
    for u in urls:
        forms.setdefault(url_form(u), u)
    return forms


def near_urls(url: str, urls: Iterable[str] | dict[str, str], limit: int = 3) -> list[str]:
    """The URLs of ``urls`` closest to ``url`` (a page not found: what it may have meant),
    most alike first: the pages of its folder whose names are like its name, else the URLs
    like it as a whole (a misspelt folder). Compared in their ``url_form``, so that an escape
    is no difference (``urls`` may be given as ``url_forms`` of them, made once for many
    look-ups). A URL that differs from ``url`` by its letters' case alone (``QTimer.html``
    typed for ``qtimer.html``) comes first; the others are compared whatever their case too."""
    form = url_form(url)
    forms = urls if isinstance(urls, dict) else url_forms(urls)
    folder, _slash, name = form.rpartition("/")
    # Within a folder only the names are compared: the long common start of the site's URLs
    # would make every page of it look alike. Names and URLs are compared lower-cased, each
    # lower-cased spelling standing for the stored forms written so.
    beside: dict[str, list[str]] = {}
    for f in forms:
        there, _s, own = f.rpartition("/")
        if there.lower() == folder.lower():
            beside.setdefault(own.lower(), []).append(f)
    best = _closest(name.lower(), beside, limit, 0.6)
    if not best:
        whole: dict[str, list[str]] = {}
        for f in forms:
            whole.setdefault(f.lower(), []).append(f)
        best = _closest(form.lower(), whole, limit, 0.85)
    return [forms[f] for f in best]


def _closest(key: str, spellings: dict[str, list[str]], limit: int, cutoff: float) -> list[str]:
    """The forms of ``spellings`` (lower-cased key -> forms) closest to ``key``: those equal
    to it first, then the most alike (``difflib``), ``limit`` at most."""
    out = list(spellings.get(key, []))
    for k in difflib.get_close_matches(key, spellings, n=limit + 1, cutoff=cutoff):
        if k != key:
            out.extend(spellings[k])
    return out[:limit]


@dataclass(frozen=True)
class Page:
    """One page of a site, decoded to text.

    ``status`` is the HTTP status (200 for files read from disk); ``error`` is set when the page
    could not be read or decoded, in which case ``html`` may be empty.
    """

    url: str
    html: str
    status: int = 200
    content_type: str = "text/html"
    encoding: str | None = None
    headers: dict[str, str] = field(default_factory=dict)
    fetched_at: str | None = None
    source: str | None = None
    error: str | None = None

    @property
    def site(self) -> str:
        return site_of(self.url)

    @property
    def ok(self) -> bool:
        return self.error is None and 200 <= self.status < 300

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Page:
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in names})


@dataclass(frozen=True)
class Progress:
    """One step of a long operation: each yield is a progress report and a cancel point."""

    done: int
    total: int | None = None
    message: str = ""
    #: Which phase of a multi-phase run this step belongs to ("reading", "fitting",
    #: "cleaning"...); empty when the operation has one phase.
    phase: str = ""

    @property
    def fraction(self) -> float | None:
        if not self.total:
            return None
        return min(1.0, self.done / self.total)


# --------------------------------------------------------------------------- cleaning


@dataclass(frozen=True)
class Removal:
    """One subtree removed from a page, and why."""

    xpath: str
    detector: str  # e.g. "exact", "slot", "rule:<name>", "filter:<kind>"
    representation: str = ""  # short key of the representation that matched (for grouping)
    chars: int = 0  # visible characters removed with it
    path: str = ""  # a readable name of the place: div#content > div.article (htmltree)

    def to_dict(self) -> dict[str, Any]:
        return {
            "xpath": self.xpath,
            "detector": self.detector,
            "representation": self.representation,
            "chars": self.chars,
            "path": self.path,
        }


@dataclass
class CleanResult:
    """What cleaning returns for one page."""

    url: str
    status: str = "ok"  # "ok" | "error" | "skipped"
    error: str | None = None
    http_status: int | None = None
    title: str = ""
    language: str = ""
    cleaned_html: str = ""
    cleaned_text: str = ""
    headings: list[str] = field(default_factory=list)
    lists: list[list[str]] = field(default_factory=list)
    breadcrumbs: list[str] = field(default_factory=list)
    removed: list[Removal] = field(default_factory=list)
    original_chars: int = 0
    # which part of the page was taken as its content and why: "slot" (XPath of the content
    # slot, empty for the whole page), "path" (its readable name), "reason", and "method"
    # ("site": learnt from the site's pages; "page": a single-page extractor, the site having
    # too few pages to learn from)
    content: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        # Written out: dataclasses.asdict deep-copies every string of every list, which was a
        # tenth of a command-line clean.
        return {
            "url": self.url,
            "status": self.status,
            "error": self.error,
            "http_status": self.http_status,
            "title": self.title,
            "language": self.language,
            "cleaned_html": self.cleaned_html,
            "cleaned_text": self.cleaned_text,
            "headings": list(self.headings),
            "lists": [x[:] for x in self.lists],
            "breadcrumbs": list(self.breadcrumbs),
            "removed": [r.to_dict() for r in self.removed],
            "original_chars": self.original_chars,
            "content": dict(self.content),
        }


#: The form of a fitted model. A model saved in an older form keys the site's places in another
#: way (an id with the page's own classes beside it was part of the key, form 1) or lacks what
#: the cleaner now reads (the blocks the site repeats on only part of the pages of their place,
#: form 2; the words the content's edges say outside their links, and places that held a block
#: the site repeats rather than content, form 3; the one-word labels under the site's headings,
#: form 4): the cleaner cannot read it right, so the site is fitted again where it is used.
MODEL_FORMAT = 5


@dataclass
class DomainModel:
    """The fitted boilerplate model of one site; stored in the workspace as JSON."""

    site: str
    config: dict[str, Any] = field(default_factory=dict)
    data: dict[str, Any] = field(default_factory=dict)
    stats: dict[str, Any] = field(default_factory=dict)
    version: int = MODEL_FORMAT

    @property
    def stale(self) -> bool:
        """Saved by an older cleaner, in a form this one does not read right."""
        return self.version < MODEL_FORMAT

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "site": self.site,
            "config": self.config,
            "stats": self.stats,
            "data": self.data,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DomainModel:
        return cls(
            site=data["site"],
            config=dict(data.get("config", {})),
            data=dict(data.get("data", {})),
            stats=dict(data.get("stats", {})),
            version=int(data.get("version", 1)),
        )
