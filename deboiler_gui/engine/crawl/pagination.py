"""Pagination rules of the crawler: a next-page link or a page-number URL pattern, learnt from
one clicked control and followed as a bounded series. Pure functions over trees; no I/O."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from deboiler_gui.engine.crawl.rules import LinkFactory, normalize_url
from deboiler_gui.engine.htmltree import normalize_text, xpath_of
from deboiler_gui.engine.model import RuleError
from deboiler_gui.engine.template.extract import check_template
from deboiler_gui.engine.template.model import Field, Template
from deboiler_gui.engine.template.selectors import (
    class_predicate,
    is_wordlike,
    select_elements,
    xpath_literal,
)

#: Kinds of pagination: follow the page's next link, or count a query parameter / path segment
#: / the number inside a file name (``page{n}.html``).
KINDS = ("next", "query", "path", "name")

#: A path segment with a number in it: what comes before the last run of digits, the digits,
#: and what follows (``page12.html`` -> ``page``, ``12``, ``.html``).
_NUMBERED_NAME = re.compile(r"^(.*?)(\d+)(\D*)$")

#: Link texts and labels that mean "the next page" (compared lower-cased, spaces collapsed).
NEXT_WORDS = frozenset(
    {
        "next",
        "next page",
        "next »",
        "next ›",
        "next →",
        "next >",
        "next >>",
        "»",
        "›",
        "→",
        ">",
        ">>",
        "more",
        "load more",
        "show more",
        "older posts",
        "older entries",
        "older",
        "weiter",
        "nächste seite",
        "suivant",
        "page suivante",
        "siguiente",
        "successivo",
        "volgende",
        "下一页",
        "下一頁",
        "下页",
        "次へ",
        "次のページ",
        "다음",
        "следующая",
        "далее",
    }
)
_NEXT_TOKEN = re.compile(r"next|more|older|pager?-?n", re.IGNORECASE)
#: Attributes a "load more" button keeps its target in when it has no href.
_URL_ATTRS = ("href", "data-href", "data-url", "data-next", "data-next-url", "data-link")
_CONTROL_TAGS = ("a", "button", "link", "area")


def target_of(el: Any) -> str:
    """The raw target URL of a control: its href, or a data-* attribute holding a URL."""
    for name in _URL_ATTRS:
        value = (el.get(name) or "").strip()
        if value and not value.lower().startswith(("javascript:", "#", "mailto:")):
            return value
    return ""


def _control(node: Any) -> Any:
    """The clicked node's link or button: itself or its nearest such ancestor (a click on the
    arrow icon inside a link is a click on the link)."""
    el = node
    while el is not None and isinstance(el.tag, str):
        if el.tag in _CONTROL_TAGS or target_of(el):
            return el
        el = el.getparent()
    return node


@dataclass(frozen=True)
class Pagination:
    """A bounded series of listing pages. ``control`` is an XPath queue (tried in order; the
    first expression that matches wins) selecting the next-page link or the "load more"
    control. ``kind`` says how the next URL is made:

    - ``next``: the control's target (href or a data-* URL) is the next page;
    - ``query``: the query parameter ``param`` counts pages (``?page=N``): the next page has
      the current value plus ``step``, a page without it is followed by ``start``;
    - ``path``: the path segment after ``param`` counts pages (``/page/N/``), likewise;
    - ``name``: the number inside a file name counts pages, ``param`` being the name with
      ``{n}`` in its place (``page{n}.html``: ``/list/page3.html``), likewise.

    A number series only continues from a page that still shows the control. ``match`` is a
    regular expression a page URL must contain for the rule to apply (empty: every page).
    Stored as a workspace template whose ``link_factory`` section carries ``"pagination"``.
    """

    name: str
    kind: str
    control: tuple[str, ...]
    match: str = ""
    param: str = ""
    start: int = 2
    step: int = 1
    trailing_slash: bool = True
    #: The page-number pattern last read off a next link (for the last page, which has none).
    _numbering: dict[str, Pagination] = field(
        default_factory=dict, repr=False, compare=False, hash=False
    )

    #: The crawler counts the pages it reaches through this rule (``--max-pages-per-series``).
    series = True

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise RuleError(
                f"unknown pagination kind {self.kind!r} (use {', '.join(KINDS)})",
                template=self.name,
            )
        if self.kind != "next" and not self.param:
            raise RuleError(f"a {self.kind} pagination needs a parameter name", template=self.name)
        if self.step < 1 or self.start < 0:
            raise RuleError(
                "pagination step must be positive, start not negative", template=self.name
            )
        check_template(self.template())
        try:
            re.compile(self.match)
        except re.error as exc:
            raise RuleError(
                f"invalid URL regex ({exc})",
                template=self.name,
                rule="match",
                expression=self.match,
            ) from exc

    # ------------------------------------------------------------------ storage
    def template(self) -> Template:
        spec = {"pagination": self.kind, "match": self.match}
        if self.kind != "next":
            spec |= {
                "param": self.param,
                "start": str(self.start),
                "step": str(self.step),
                "trailing_slash": "1" if self.trailing_slash else "0",
            }
        return Template(
            name=self.name or "pagination",
            fields=(Field(id="control", title="next page control", xpaths=self.control),),
            link_factory=spec,
            description=f"pagination ({self.kind})",
        )

    def to_dict(self) -> dict[str, Any]:
        return self.template().to_dict()

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Pagination:
        t = Template.from_dict(data)
        spec = t.link_factory
        try:
            control = t.field("control").xpaths
            return cls(
                name=t.name,
                kind=spec.get("pagination", ""),
                control=control,
                match=spec.get("match", ""),
                param=spec.get("param", ""),
                start=int(spec.get("start", "2")),
                step=int(spec.get("step", "1")),
                trailing_slash=spec.get("trailing_slash", "1") != "0",
            )
        except ValueError as exc:
            raise RuleError(f"malformed pagination rule ({exc})", template=t.name) from exc

    def describe(self) -> str:
        """One line saying how the rule finds the next page."""
        if self.kind == "next":
            return "follow the control's link"
        where = {"query": f"?{self.param}=N", "path": f"/{self.param}/N"}.get(
            self.kind, "/" + self.param.replace("{n}", "N")
        )
        return f"count {where}: {self.start} after the first page, then +{self.step}"

    # ------------------------------------------------------------------ use
    def applies_to(self, url: str) -> bool:
        return not self.match or re.search(self.match, url) is not None

    def find_control(self, root: Any) -> Any:
        for xp in self.control:
            try:
                found = select_elements(root, xp)
            except RuleError:
                continue
            if found:
                return found[0]
        return None

    def number_of(self, url: str) -> int | None:
        """The page number ``url`` carries for this rule (None: the series' first page)."""
        parts = urlsplit(url)
        if self.kind == "query":
            for k, v in parse_qsl(parts.query, keep_blank_values=True):
                if k == self.param and v.isdigit():
                    return int(v)
            return None
        segs = parts.path.split("/")
        if self.kind == "name":
            return _name_number(segs[-1], self.param)
        for i in range(len(segs) - 1):
            if segs[i] == self.param and segs[i + 1].isdigit():
                return int(segs[i + 1])
        return None

    def with_number(self, url: str, n: int) -> str:
        parts = urlsplit(url)
        if self.kind == "query":
            query = parse_qsl(parts.query, keep_blank_values=True)
            if any(k == self.param for k, _v in query):
                query = [(k, str(n) if k == self.param else v) for k, v in query]
            else:
                query.append((self.param, str(n)))
            return urlunsplit(parts._replace(query=urlencode(query)))
        segs = parts.path.split("/")
        if self.kind == "name":
            # the file name, numbered; a first page without one (/list/, /list/index.html)
            # is followed by the numbered name in its folder
            segs[-1] = self.param.replace("{n}", str(n))
            return urlunsplit(parts._replace(path="/".join(segs)))
        for i in range(len(segs) - 1):
            if segs[i] == self.param and segs[i + 1].isdigit():
                segs[i + 1] = str(n)
                return urlunsplit(parts._replace(path="/".join(segs)))
        path = parts.path if parts.path.endswith("/") else parts.path + "/"
        path += f"{self.param}/{n}" if self.param else str(n)
        return urlunsplit(parts._replace(path=path + ("/" if self.trailing_slash else "")))

    def generate(self, root: Any, page_url: str) -> list[str]:
        """The next page of the series after ``page_url`` (none when the page shows no
        control: the listing's end)."""
        el = self.find_control(root)
        if el is None:
            return []
        if self.kind == "next":
            raw = target_of(el)
            url = normalize_url(raw, page_url) if raw else None
        else:
            current = self.number_of(page_url)
            n = self.start if current is None else current + self.step
            url = normalize_url(self.with_number(page_url, n))
        return [url] if url and url != normalize_url(page_url) else []

    def numbering(self, page_url: str, made: list[str]) -> Pagination | None:
        """The page-number pattern of this rule's series at ``page_url``: the rule itself when
        it counts pages, else the pattern its next link (``made``) follows from the page, if
        it follows one (``?page=3`` after ``?page=2``)."""
        if self.kind != "next":
            return self
        base = normalize_url(page_url)
        if base is None:
            return None
        if not made:
            # the last page has no next link: the pattern read on the pages before it, when
            # this page carries a number in it (its pager still links to the pages before)
            known = self._numbering.get("last")
            return known if known is not None and known.number_of(base) is not None else None
        found = _number_rule(base, made[0])
        if found is None:
            return None
        rule = Pagination(
            self.name,
            found["kind"],
            self.control,
            param=found["param"],
            start=found["start"],
            step=found["step"],
            trailing_slash=found.get("trailing_slash", True),
        )
        self._numbering["last"] = rule
        return rule

    def series_offsets(self, links: list[str], page_url: str, made: list[str]) -> dict[str, int]:
        """The links of ``page_url`` that are other pages of its series, each with how many
        pages it lies after this one (negative: before it): the next link (``made``, one
        after) and the links carrying another page number of the same listing (the "3" of a
        numbered pager)."""
        out = {u: 1 for u in made}
        rule = self.numbering(page_url, made)
        if rule is None:
            return out
        here = rule.number_of(page_url)
        if here is None:
            here = rule.start - rule.step  # the first page, which carries no number
        own = normalize_url(page_url)
        for link in links:
            if link in out or link == own:
                continue
            n = rule.number_of(link)
            if n is None or n == here or (n - here) % rule.step:
                continue
            if all(normalize_url(rule.with_number(u, n)) != link for u in (page_url, *made[:1])):
                continue  # another listing's page, or the same page with other parameters
            out[link] = (n - here) // rule.step
        return out


def factory_from_dict(data: dict[str, Any]) -> LinkFactory | Pagination:
    """A link factory or a pagination rule from its stored (template) form."""
    spec = data.get("link_factory") if isinstance(data, dict) else None
    if isinstance(spec, dict) and spec.get("pagination"):
        return Pagination.from_dict(data)
    return LinkFactory.from_dict(data)


def series_position(via: str | None, name: str) -> int:
    """Which page of rule ``name``'s series a frontier entry is (1: a page not reached by it)."""
    prefix = f"factory:{name}#"
    if via and via.startswith(prefix) and via[len(prefix) :].isdigit():
        return int(via[len(prefix) :])
    return 1


# --------------------------------------------------------------------------- learning


def _first_target(root: Any, xp: str, page_url: str) -> str | None:
    try:
        found = select_elements(root, xp)
    except RuleError:
        return None
    if not found:
        return None
    raw = target_of(found[0])
    return normalize_url(raw, page_url) if raw else ""


def _control_xpaths(root: Any, el: Any, page_url: str) -> list[str]:
    """XPaths of the control, most robust first (rel=next, a "next" class, its label or text,
    its parent's class; failing all those its other classes, id or position), each checked to find the same target on the page
    as the clicked control (or the control itself when it has no target)."""
    tag = el.tag if el.tag in _CONTROL_TAGS else "*"
    out: list[str] = []
    rel = (el.get("rel") or "").lower().split()
    if "next" in rel:
        out.append(f"//{tag}[contains(concat(' ', normalize-space(@rel), ' '), ' next ')]")
    if (el.get("accesskey") or "").strip().lower() == "n":
        # DocBook and gtk-doc give their Next link the access key n (p: Prev, u: Up, h: Home)
        out.append(f"//{tag}[@accesskey={xpath_literal(el.get('accesskey').strip())}]")
    for img in el.iter("img"):
        alt = normalize_text(img.get("alt") or "")
        if alt and alt.lower() in NEXT_WORDS:  # an icon link: the image says "Next"
            out.append(f"//{tag}[.//img[@alt={xpath_literal(alt)}]]")
            break
    if tag in ("a", "area"):
        # the page's <link rel="next"> to the same target (checked below like the others)
        out.append("//link[contains(concat(' ', normalize-space(@rel), ' '), ' next ')]")
    classes = [c for c in (el.get("class") or "").split() if is_wordlike(c)]
    nexty = [c for c in classes if _NEXT_TOKEN.search(c)]
    out += [f"//{tag}[{class_predicate(c)}]" for c in nexty]
    for attr in ("aria-label", "title"):
        label = normalize_text(el.get(attr) or "")
        if label and label.lower() in NEXT_WORDS:
            out.append(f"//{tag}[@{attr}={xpath_literal(label)}]")
    text = normalize_text(el.text_content() or "")
    if text and text.lower() in NEXT_WORDS:
        out.append(f"//{tag}[normalize-space(.)={xpath_literal(text)}]")
    parent = el.getparent()
    if parent is not None and isinstance(parent.tag, str):
        for c in (parent.get("class") or "").split():
            if is_wordlike(c) and _NEXT_TOKEN.search(c):
                out.append(f"//{parent.tag}[{class_predicate(c)}]/{tag}")
    want_target = normalize_url(target_of(el), page_url) if target_of(el) else ""

    def kept(candidates: list[str]) -> list[str]:
        good: list[str] = []
        for xp in dict.fromkeys(candidates):
            try:
                found = select_elements(root, xp)
            except RuleError:
                continue
            if not found:
                continue
            if _first_target(root, xp, page_url) == want_target if want_target else found[0] is el:
                good.append(xp)
        return good

    robust = kept(out)
    if robust:
        return robust
    # Nothing says "next": its other classes, its id, then its position. These would find
    # another link on the last page, so they are used only when nothing better exists.
    weak = [f"//{tag}[{class_predicate(c)}]" for c in classes]
    if el.get("id") and is_wordlike(el.get("id")):
        weak.append(f"//{tag}[@id={xpath_literal(el.get('id'))}]")
    weak.append(xpath_of(el))
    return kept(weak)


def _name_number(segment: str, pattern: str) -> int | None:
    """The number ``segment`` carries in the place of ``{n}`` in ``pattern`` (``page{n}.html``)."""
    before, _, after = pattern.partition("{n}")
    if not (segment.startswith(before) and segment.endswith(after)):
        return None
    middle = segment[len(before) : len(segment) - len(after)]
    return int(middle) if middle.isdigit() else None


def _name_rule(first: str, target: str) -> dict[str, Any] | None:
    """The file-name numbering that turns path segment ``first`` into ``target``
    (``page1.html`` -> ``page2.html``; a first page without the number, ``index.html`` or the
    folder itself, -> ``page2.html``), or None."""
    t = _NUMBERED_NAME.match(target)
    if t is None:
        return None
    pattern = t.group(1) + "{n}" + t.group(3)
    n = int(t.group(2))
    own = _name_number(first, pattern) if first else None
    if own is not None:
        return (
            {"kind": "name", "param": pattern, "step": n - own, "start": n - own + 1}
            if n > own
            else None
        )
    if first and _NUMBERED_NAME.match(first) is not None:
        return None  # another numbered name: not this series
    return {"kind": "name", "param": pattern, "step": 1 if n <= 2 else n, "start": n}


def _number_rule(page_url: str, target: str) -> dict[str, Any] | None:
    """The page-number pattern that turns ``page_url`` into ``target``: a counted query
    parameter or path segment (``?page=2``, ``?start=20``, ``/page/2/``) or the number inside
    the file name (``page1.html`` -> ``page2.html``), or None."""
    p, t = urlsplit(page_url), urlsplit(target)
    if (p.scheme, p.netloc) != (t.scheme, t.netloc):
        return None
    # parameter names compared without case: a listing's first page may say ?pageSize=15
    # and its pager ?page=2&pagesize=15 (the server reads both alike)
    pq = {a.lower(): b for a, b in parse_qsl(p.query, keep_blank_values=True)}
    tq = parse_qsl(t.query, keep_blank_values=True)
    if p.path == t.path:
        for k, v in tq:
            if not v.isdigit():
                continue
            rest_t = {a.lower(): b for a, b in tq if a != k}
            rest_p = {a: b for a, b in pq.items() if a != k.lower()}
            if rest_t != rest_p:
                continue
            n = int(v)
            own = pq.get(k.lower())
            if own is not None and own.isdigit():
                step = n - int(own)
                if step > 0:
                    return {"kind": "query", "param": k, "step": step, "start": step + 1}
            elif own is None and n > 0:
                # From the first page: 2 means pages counted one by one; 20 an offset of 20.
                step = 1 if n <= 2 else n
                return {"kind": "query", "param": k, "step": step, "start": n}
        return None
    if p.query != t.query:
        return None
    ps, ts = p.path.rstrip("/").split("/"), t.path.rstrip("/").split("/")
    slash = t.path.endswith("/")
    if len(ps) == len(ts):
        diff = [i for i in range(len(ts)) if ps[i] != ts[i]]
        if len(diff) == 1 and diff[0] > 0:
            i = diff[0]
            if ps[i].isdigit() and ts[i].isdigit() and int(ts[i]) > int(ps[i]):
                step = int(ts[i]) - int(ps[i])
                return {
                    "kind": "path",
                    "param": ts[i - 1],
                    "step": step,
                    "start": step + 1,
                    "trailing_slash": slash,
                }
        if diff == [len(ts) - 1] and not (slash or p.path.endswith("/") or ts[-1].isdigit()):
            return _name_rule(ps[-1], ts[-1])
    if (
        len(ts) == len(ps) + 1
        and ts[: len(ps)] == ps
        and p.path.endswith("/")
        and not slash
        and not ts[-1].isdigit()
    ):
        return _name_rule("", ts[-1])  # the folder's own page, then page2.html in it
    if len(ts) == len(ps) + 2 and ts[: len(ps)] == ps and ts[-1].isdigit() and ts[-2]:
        n = int(ts[-1])
        return {
            "kind": "path",
            "param": ts[-2],
            "step": 1 if n <= 2 else n,
            "start": n,
            "trailing_slash": slash,
        }
    return None


def learn_pagination(
    root: Any, page_url: str, expression: str, *, name: str = ""
) -> list[Pagination]:
    """Pagination rules from one clicked control (XPath or CSS of the next link or "load more"
    button on ``page_url``), the recommended one first: a next-link rule when the control links
    to the next page, and a page-number rule when its target differs from the page's URL by a
    counted parameter. RuleError when the expression finds nothing usable."""
    try:
        nodes = select_elements(root, expression)
    except RuleError as exc:
        raise RuleError(str(exc), rule="pagination", expression=expression) from exc
    if not nodes:
        raise RuleError("matches no element", rule="pagination", expression=expression)
    el = _control(nodes[0])
    xpaths = _control_xpaths(root, el, page_url)
    if not xpaths:
        raise RuleError(
            "no XPath finds the clicked control again", rule="pagination", expression=expression
        )
    raw = target_of(el)
    target = normalize_url(raw, page_url) if raw else None
    base = normalize_url(page_url) or page_url
    name = name or "pagination"
    rules: list[Pagination] = []
    number = _number_rule(base, target) if target else None
    if target and el.tag in ("a", "link", "area") and target != base:
        rules.append(Pagination(name, "next", tuple(xpaths)))
    if number is not None:
        rules.append(
            Pagination(
                name if not rules else name + "-number",
                number["kind"],
                tuple(xpaths),
                param=number["param"],
                start=number["start"],
                step=number["step"],
                trailing_slash=number.get("trailing_slash", True),
            )
        )
    elif target and not rules:
        rules.append(Pagination(name, "next", tuple(xpaths)))
    if not rules:
        raise RuleError(
            "the clicked control has no target URL (href or data-url): nothing to follow",
            rule="pagination",
            expression=expression,
        )
    return rules
