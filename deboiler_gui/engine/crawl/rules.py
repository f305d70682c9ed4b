"""URL rules of the crawler: URL normalisation, robots.txt (RFC 9309), sitemaps, link
extraction and link-factory URL generation. Pure functions over text and trees; no I/O."""

from __future__ import annotations

import functools
import gzip
import io
import logging
import re
import string
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urljoin, urlsplit, urlunsplit

import lxml.etree as etree

from deboiler_gui.engine.model import InputError, RuleError
from deboiler_gui.engine.template.extract import check_template, extract_field
from deboiler_gui.engine.template.model import Template

log = logging.getLogger(__name__)

# --------------------------------------------------------------------------- URLs

_DEFAULT_PORTS = {"http": 80, "https": 443}
# Characters left as they are: the reserved set, unreserved set and '%' (existing escapes stay).
_PATH_SAFE = "/%:@!$&'()*+,;=-._~"
_QUERY_SAFE = _PATH_SAFE + "?"
_PCT = re.compile(r"%[0-9a-fA-F]{2}")


def _remove_dot_segments(path: str) -> str:
    out: list[str] = []
    for seg in path.split("/"):
        if seg == "..":
            if len(out) > 1:
                out.pop()
        elif seg != ".":
            out.append(seg)
    result = "/".join(out)
    if path.endswith(("/.", "/..")):
        result += "/"
    return result if result.startswith("/") else "/" + result


def normalize_url(url: str, base: str | None = None) -> str | None:
    """The canonical form of an http(s) URL (fragment dropped, host lower-cased, default port
    and dot segments removed, escapes upper-cased); None for other schemes or broken URLs."""
    url = url.strip()
    if not url:
        return None
    try:
        if base:
            url = urljoin(base, url)
    except ValueError:
        return None
    return _normalize_absolute(url)


@functools.lru_cache(maxsize=65536)
def _normalize_absolute(url: str) -> str | None:
    # Cached: the pages of a site link to the same few hundred targets again and again.
    try:
        parts = urlsplit(url)
        scheme = parts.scheme.lower()
        if scheme not in _DEFAULT_PORTS or not parts.hostname:
            return None
        host = parts.hostname.lower().rstrip(".")
        port = parts.port
    except ValueError:
        return None
    if any(c in host for c in ' <>"{}|\\^`'):
        return None
    if ":" in host:  # IPv6 literal
        host = f"[{host}]"
    netloc = host if port in (None, _DEFAULT_PORTS[scheme]) else f"{host}:{port}"
    path = _remove_dot_segments(quote(parts.path, safe=_PATH_SAFE) or "/")
    query = quote(parts.query, safe=_QUERY_SAFE)
    canon = urlunsplit((scheme, netloc, path, query, ""))
    return _PCT.sub(lambda m: m.group(0).upper(), canon)


@functools.lru_cache(maxsize=65536)
def url_key(url: str) -> str:
    """The crawler's duplicate key of a normalised URL: w3lib's canonical form, in which
    ``%7Efoo`` and ``~foo``, ``münchen.de`` and ``xn--mnchen-3ya.de``, and query arguments in
    any order are one URL. Only a key: the URL fetched is the one found."""
    from w3lib.url import canonicalize_url

    try:
        return str(canonicalize_url(url))
    except (ValueError, UnicodeError):
        return url


def host_of(url: str) -> str:
    """scheme://host[:port] of a normalised URL: the unit of politeness limits."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


# --------------------------------------------------------------------------- robots.txt


_AGENT_LINE = re.compile(r"^([ \t]*user-agent[ \t]*:[ \t]*)([^#\s]*)", re.IGNORECASE | re.MULTILINE)
#: What a group naming another crawler is renamed to before protego reads the file.
_OTHER_AGENT = "x-other-crawler"


def product_token(user_agent: str) -> str:
    """The product token of a User-Agent (``deboiler-gui`` of ``deboiler-gui/0.1.0``), lower case."""
    return re.split(r"[/\s]", user_agent.strip(), maxsplit=1)[0].lower()


@dataclass
class Robots:
    """The rules of one host's robots.txt that apply to our user agent, read by protego (RFC
    9309: longest match wins, Allow wins a tie, percent-encoded and raw characters are the same
    path). Only a group naming our product token exactly, or ``*``, applies: a group for
    ``gui`` or ``deboiler`` is another crawler's."""

    parser: Any = None
    token: str = ""
    crawl_delay: float | None = None
    sitemaps: list[str] = field(default_factory=list)
    disallow_all: bool = False

    @classmethod
    def allow_all(cls) -> Robots:
        return cls()

    @classmethod
    def deny_all(cls) -> Robots:
        return cls(disallow_all=True)

    @classmethod
    def parse(cls, text: str, user_agent: str) -> Robots:
        """Parse robots.txt; the group naming our product token wins over ``*``."""
        from protego import Protego

        token = product_token(user_agent)

        def rename(m: re.Match[str]) -> str:
            agent = m.group(2).lower()
            if agent == "*":
                return m.group(0)
            return m.group(1) + (token if agent.split("/", 1)[0] == token else _OTHER_AGENT)

        parser = Protego.parse(_AGENT_LINE.sub(rename, text))
        delay = parser.crawl_delay(token)
        return cls(
            parser=parser,
            token=token,
            crawl_delay=max(0.0, float(delay)) if delay is not None else None,
            sitemaps=list(parser.sitemaps),
        )

    def allowed(self, url: str) -> bool:
        """Whether the rules let us fetch ``url`` (robots.txt itself is always allowed)."""
        if (urlsplit(url).path or "/") == "/robots.txt":
            return True
        if self.disallow_all:
            return False
        if self.parser is None:
            return True
        return bool(self.parser.can_fetch(url, self.token))


# --------------------------------------------------------------------------- sitemaps

_XML_PARSER = etree.XMLParser(
    resolve_entities=False, no_network=True, recover=True, huge_tree=True, remove_comments=True
)


def parse_sitemap(data: bytes, *, max_bytes: int = 50 * 1024 * 1024) -> tuple[list[str], list[str]]:
    """Page URLs and nested sitemap URLs of a sitemap (XML urlset / sitemapindex, gzipped or
    not, or plain text with one URL a line)."""
    if data[:2] == b"\x1f\x8b":
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as fh:
            data = fh.read(max_bytes + 1)[:max_bytes]  # a gzip bomb stops at the limit
    head = data.lstrip()[:200].lower()
    if not head.startswith(b"<"):
        text = data.decode("utf-8", errors="replace")
        return [ln.strip() for ln in text.splitlines() if ln.strip().startswith("http")], []
    root = etree.fromstring(data, _XML_PARSER) if data.strip() else None
    if root is None:
        return [], []
    pages: list[str] = []
    nested: list[str] = []
    for el in root.iter():
        if not isinstance(el.tag, str) or etree.QName(el).localname != "loc":
            continue
        parent = el.getparent()
        kind = etree.QName(parent).localname if parent is not None else ""
        loc = (el.text or "").strip()
        if loc:
            (nested if kind == "sitemap" else pages).append(loc)
    return pages, nested


# --------------------------------------------------------------------------- links

_NOFOLLOW = re.compile(r"\bnofollow\b|\bnone\b", re.IGNORECASE)


def refresh_target(content: str) -> str | None:
    """The URL of a ``<meta http-equiv="refresh" content="5; url=/next">``, or None (a plain
    reload). Read as the HTML standard does: a delay, a separator, an optional ``url=``, an
    optionally quoted URL."""
    m = _REFRESH.match(content)
    if m is None:
        return None
    target = m.group(1).strip()
    if target[:1] in ("'", '"'):
        target = target[1:].split(target[0], 1)[0]
    return target.strip() or None


_REFRESH = re.compile(r"\s*[\d.]*\s*[;,]?\s*(?:url\s*=\s*)?(.*)$", re.IGNORECASE | re.DOTALL)


def extract_links(root: Any, page_url: str) -> list[str]:
    """Absolute, normalised URLs a page links to (a/area href, frame src, link rel=next/prev/
    canonical, a meta refresh target), in document order, without duplicates. A ``meta robots
    nofollow`` page links nowhere."""
    refresh: list[str] = []
    for meta in root.iter("meta"):
        if (meta.get("name") or "").lower() == "robots" and _NOFOLLOW.search(
            meta.get("content") or ""
        ):
            return []
        if (meta.get("http-equiv") or "").strip().lower() == "refresh":
            target = refresh_target(meta.get("content") or "")
            if target:
                refresh.append(target)
    base = page_url
    for el in root.iter("base"):
        href = el.get("href")
        if href:
            base = urljoin(page_url, href.strip())
            break
    raws: dict[str, None] = dict.fromkeys(
        t for t in refresh if not t.lower().startswith(("javascript:", "data:"))
    )
    for el in root.iter("a", "area", "link", "frame", "iframe"):
        tag = el.tag
        rel = (el.get("rel") or "").lower().split()
        if tag == "link" and not {"next", "prev", "previous", "canonical"} & set(rel):
            continue
        if "nofollow" in rel:
            continue
        raw = ((el.get("src") if tag in ("frame", "iframe") else el.get("href")) or "").strip()
        # In-page anchors (most links of a documentation page) point back to the page itself.
        if (
            not raw
            or raw.startswith("#")
            or raw.lower().startswith(("javascript:", "mailto:", "tel:", "data:"))
        ):
            continue
        raws.setdefault(raw, None)
    # A relative href resolves the same against any page of one folder, so the costly join
    # and normalisation are cached per (folder, href); only '?query' hrefs need the page itself.
    canon = normalize_url(base)
    folder = canon[: canon.rfind("/") + 1] if canon else ""
    if "//" in folder[folder.find("//") + 2 :]:
        folder = ""  # urljoin drops empty segments ('a//b'): leave such pages to it
    seen: dict[str, None] = {}
    for raw in raws:
        simple = bool(folder) and not (
            raw.startswith("?") or "//" in raw or _SCHEME.match(raw) or _ODD.search(raw)
        )
        url = _resolve(folder, raw) if simple else normalize_url(raw, base)
        if url:
            seen.setdefault(url, None)
    return list(seen)


_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_ODD = re.compile(r"[\x00-\x20\\;]")  # whitespace, controls, backslashes, ';params': urllib's way


@functools.lru_cache(maxsize=65536)
def _resolve(folder: str, raw: str) -> str | None:
    """normalize_url(raw, folder) for a canonical folder URL and a plain relative or
    absolute-path href (nearly all links), joined with string operations: several times faster."""
    slash = folder.index("/", folder.index("//") + 2)
    target = raw if raw.startswith("/") else folder[slash:] + raw
    target = target.split("#", 1)[0]
    path, _sep, query = target.partition("?")
    path = _remove_dot_segments(quote(path, safe=_PATH_SAFE) or "/")
    url = folder[:slash] + path + ("?" + quote(query, safe=_QUERY_SAFE) if query else "")
    return _PCT.sub(lambda m: m.group(0).upper(), url)


# --------------------------------------------------------------------------- link factories


@dataclass(frozen=True)
class LinkFactory:
    """A template that makes URLs (seed 003 §3): its fields, extracted from a page with the
    ordinary extraction machinery (XPath/CSS queues, ``%d`` lists, processors, filters), fill
    the ``{field}`` placeholders of ``url_pattern``. JSON pages are matched through their XML
    form (``/json/...``).

    ``match`` is a regular expression a page URL must contain for the factory to apply (empty:
    every page). A list field makes several URLs: list fields are paired item by item and a
    single value is repeated. A placeholder that starts the pattern takes its value as a
    (possibly relative) URL; elsewhere values are percent-escaped.

    Stored as a workspace template whose data carries ``"link_factory": {"url_pattern": ...,
    "match": ...}`` next to the usual template keys.
    """

    template: Template
    url_pattern: str
    match: str = ""

    def __post_init__(self) -> None:
        name = self.template.name
        check_template(self.template)
        try:
            names = [n for _lit, n, _spec, _conv in string.Formatter().parse(self.url_pattern) if n]
        except ValueError as exc:
            raise RuleError(
                f"bad URL pattern ({exc})", template=name, expression=self.url_pattern
            ) from exc
        if not names:
            raise RuleError(
                "URL pattern has no {field} placeholder", template=name, expression=self.url_pattern
            )
        ids = {f.id for f in self.template.fields}
        for n in names:
            if n not in ids:
                raise RuleError(
                    f"placeholder {{{n}}} has no field", template=name, expression=self.url_pattern
                )
        try:
            re.compile(self.match)
        except re.error as exc:
            raise RuleError(
                f"invalid URL regex ({exc})", template=name, rule="match", expression=self.match
            ) from exc

    @property
    def name(self) -> str:
        return self.template.name

    def placeholders(self) -> list[str]:
        return [n for _lit, n, _spec, _conv in string.Formatter().parse(self.url_pattern) if n]

    def applies_to(self, url: str) -> bool:
        return not self.match or re.search(self.match, url) is not None

    def values(self, root: Any) -> dict[str, list[str]]:
        """Each placeholder field's values on this tree (strings; empty values dropped)."""
        out: dict[str, list[str]] = {}
        for name in dict.fromkeys(self.placeholders()):
            value, _report = extract_field(root, self.template.field(name), self.template)
            items = value if isinstance(value, list) else [value]
            out[name] = [
                str(v).strip() for v in items if isinstance(v, str | int | float) and str(v).strip()
            ]
        return out

    def generate(self, root: Any, page_url: str) -> list[str]:
        """The normalised URLs this factory makes from one page's tree."""
        values = self.values(root)
        names = self.placeholders()
        columns = [values[n] for n in names]
        if any(not c for c in columns):
            return []
        many = [len(c) for c in columns if len(c) > 1]
        if many and len(set(many)) > 1:
            log.warning(
                "link factory %r: fields have %s values on %s; pairing the first %d",
                self.name,
                many,
                page_url,
                min(many),
            )
        width = min(many) if many else 1
        lead = self.url_pattern.startswith("{")
        urls: dict[str, None] = {}
        for k in range(width):
            filled: dict[str, str] = {}
            for i, (n, col) in enumerate(zip(names, columns, strict=True)):
                v = col[0] if len(col) == 1 else col[k]
                filled[n] = v if lead and i == 0 else quote(v, safe="")
            url = normalize_url(self.url_pattern.format(**filled), page_url)
            if url:
                urls.setdefault(url, None)
        return list(urls)

    def to_dict(self) -> dict[str, Any]:
        data = self.template.to_dict()
        data["link_factory"] = {"url_pattern": self.url_pattern, "match": self.match}
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> LinkFactory:
        """From a template dict with a ``link_factory`` key, or from the short form
        ``{"name", "url_pattern", "match", "fields": {"id": "xpath" | ["xpath", ...]}}`` whose
        fields are list fields."""
        if not isinstance(data, dict):
            raise RuleError("a link factory must be a JSON object")
        name = str(data.get("name") or "")
        spec = data.get("link_factory")
        if spec is None:
            raw = data.get("fields") or {}
            if not isinstance(raw, dict):
                raise RuleError(
                    "short-form fields must map a field id to XPaths", template=name or None
                )
            fields = [
                {"id": k, "xpaths": [v] if isinstance(v, str) else list(v), "list": True}
                for k, v in raw.items()
            ]
            spec = {"url_pattern": data.get("url_pattern"), "match": data.get("match", "")}
            data = {"name": name, "fields": fields}
        if not isinstance(spec, dict) or not isinstance(spec.get("url_pattern"), str):
            raise RuleError("link factory needs a url_pattern", template=name or None)
        return cls(Template.from_dict(data), spec["url_pattern"], str(spec.get("match") or ""))


def is_link_factory(data: dict[str, Any]) -> bool:
    """True for stored template data that describes a link factory."""
    return isinstance(data, dict) and isinstance(data.get("link_factory"), dict)


def link_factories_from_file(path: str) -> list[dict[str, Any]]:
    """The link factories and pagination rules of a JSON file (one object or a list of them),
    checked; an unreadable file or a bad factory raises an error naming the file."""
    import json
    from pathlib import Path

    from deboiler_gui.engine.crawl.pagination import factory_from_dict

    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InputError(f"link factory file {path}: {exc}") from exc
    if isinstance(data, dict) and data.get("format") == "deboiler-gui-rules":
        # A rule file (``templates export``): its templates that are link factories.
        found = data.get("templates")
        data = [t for t in found if is_link_factory(t)] if isinstance(found, list) else []
        if not data:
            raise InputError(
                f"link factory file {path}: a rule file without a link factory or pagination rule"
            )
    out = []
    for item in data if isinstance(data, list) else [data]:
        try:
            out.append(factory_from_dict(item).to_dict())
        except RuleError as exc:
            raise InputError(f"link factory file {path}: {exc}") from exc
    return out
