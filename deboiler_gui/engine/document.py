"""What a page says besides its boilerplate: title, headings, lists, breadcrumbs, language and
the cleaned visible text, read from an lxml tree without recursion."""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any, cast

import lxml.etree as etree

from deboiler_gui.engine.htmltree import (
    BLOCK_TAGS,
    INVISIBLE_TAGS,
    HtmlElement,
    drop_hidden,
    normalize_text,
    visible_text,
)

#: Breadcrumb trails are short; a longer match is a menu or a page that mentions the word.
MAX_BREADCRUMB_CHARS = 300
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_CRUMB_SPLIT = re.compile(r"\s*(?:[»›>/|→·\n]|::)\s*")
_LANG = re.compile(r"^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$")
_WORD = re.compile(r"[a-zà-ÿ]+")

# A handful of very frequent words per language: enough to name the language of a page whose
# markup does not declare it, without a detection library.
_STOPWORDS: dict[str, frozenset[str]] = {
    lang: frozenset(words.split())
    for lang, words in {
        "en": "the and of to is in that it for are with as this be on by or",
        "de": "der die und das ist nicht mit den von zu ein eine auf sich für",
        "fr": "le la les et des est une pour dans que qui sur pas par du",
        "es": "el la los las y que es en una por para con del se no",
        "it": "il la che di e per una sono con del non della gli le",
        "nl": "de het een en van is dat niet met op te voor zijn",
        "pt": "o a os as e que de do da em um uma para com não",
    }.items()
}


def _titles(root: HtmlElement) -> Iterator[HtmlElement]:
    """The page's title elements in document order, the head's first: an lxml iterator looks
    one match ahead, so a walk over the whole page starts only when the head has no title
    with text (and then yields the head's titles again)."""
    if root.tag != "title" and len(root) and root[0].tag == "head":
        yield from root[0].iter("title")
    yield from root.iter("title")


def title_of(root: HtmlElement) -> str:
    """The document title: <title>, else og:title, else the first h1."""
    for el in _titles(root):
        text = normalize_text(el.text_content())
        if text:
            return text
    for el in root.iter("meta"):
        if (el.get("property") or el.get("name") or "").lower() in ("og:title", "twitter:title"):
            text = normalize_text(el.get("content") or "")
            if text:
                return text
    for el in root.iter("h1"):
        text = visible_text(el)
        if text:
            return text.replace("\n", " ")
    return ""


def headings_of(root: HtmlElement) -> list[str]:
    """Visible text of every h1-h6, in document order."""
    out: list[str] = []
    for el in root.iter(*_HEADINGS):
        text = visible_text(el).replace("\n", " ")
        if text:
            out.append(text)
    return out


def lists_of(root: HtmlElement) -> list[list[str]]:
    """Every ul/ol as the list of its own items' texts (nested lists appear on their own too)."""
    out: list[list[str]] = []
    for el in root.iter("ul", "ol"):
        items = []
        for li in el:
            if li.tag == "li":
                text = visible_text(li).replace("\n", " ")
                if text:
                    items.append(text)
        if items:
            out.append(items)
    return out


# Breadcrumb trails are marked by class, id, aria-label or schema.org type. The XPath visits
# every element, so it only runs when the page source mentions one of the hints at all.
_HINTS: tuple[str, ...] = ("rumb", "RUMB", "you-are-here", "youarehere")
_ATTRS = ("class", "id", "aria-label", "itemtype")


@functools.lru_cache(maxsize=32)
def _crumb_xpath(hints: tuple[str, ...]) -> etree.XPath:
    """The XPath finding elements marked with one of these hints (only the hints the page's
    source holds are tested: each test is a string search on every element)."""
    # one attribute axis step per attribute name, their union in document order: only the
    # values of those four attributes are searched, and a name test needs no name() string
    # for every attribute of the page (half the time of one step over all attributes)
    tests = " or ".join(f"contains(., '{hint}')" for hint in hints)
    return etree.XPath(
        " | ".join(
            f"//@{attr}[{tests}]/parent::*[not(self::body or self::html)]" for attr in _ATTRS
        )
    )


# plain substring tests: a case-insensitive regular expression over the page is far slower;
# each hint of the source stands for the XPath hints it can be part of
_SOURCE_HINTS = {
    "rumb": ("rumb",),
    "RUMB": ("RUMB",),
    "ou-are-here": ("you-are-here",),
    "ou-Are-Here": ("you-are-here",),
    "ouarehere": ("youarehere",),
    "OUAREHERE": ("youarehere",),
}


def breadcrumbs_of(root: HtmlElement, source: str | None = None) -> list[str]:
    """The breadcrumb trail as its steps: the longest short element marked as a breadcrumb
    (class, id, aria-label or schema.org BreadcrumbList). ``source``, the page's HTML, lets
    pages without any hint skip the search."""
    best: list[str] = []
    if source is None:
        hints = _HINTS
    else:
        hints = tuple(sorted({h for s, hs in _SOURCE_HINTS.items() if s in source for h in hs}))
        if not hints:
            return best
    for el in _crumb_xpath(hints)(root):
        text = visible_text(el)
        if not text or len(text) > MAX_BREADCRUMB_CHARS:
            continue
        links = [normalize_text(a.text_content()) for a in el.iter("a")]
        steps = [s for s in links if s]
        # The current page is often plain text after the last link.
        parts = [p for p in _CRUMB_SPLIT.split(text) if p.strip()]
        if not steps:
            steps = parts
        elif parts and parts[-1] not in steps:
            steps.append(parts[-1])
        if len(steps) > len(best):
            best = steps
    return best


def language_of(root: HtmlElement, text: str | None = None) -> str:
    """The page's language: <html lang>, else a content-language meta, else guessed from the
    text's script (CJK, kana, hangul) or its most frequent short words; "" when unknown."""
    for value in (
        root.get("lang"),
        root.get("xml:lang"),
        root.get("{http://www.w3.org/XML/1998/namespace}lang"),
    ):
        if value and _LANG.match(value.strip()):
            return cast(str, value.strip().lower().replace("_", "-"))
    for el in root.iter("meta"):
        if (el.get("http-equiv") or "").lower() == "content-language":
            value = (el.get("content") or "").split(",")[0].strip()
            if _LANG.match(value):
                return value.lower().replace("_", "-")
    if text is None:
        body = root.find("body")
        text = visible_text(body if body is not None else root)
    return guess_language(text)


_KANA = re.compile(r"[\u3040-\u30ff]")
_HANGUL = re.compile(r"[\uac00-\ud7af\u1100-\u11ff]")
_HAN = re.compile(r"[\u4e00-\u9fff\u3400-\u4dbf]")
_LETTER = re.compile(r"[^\W\d_]")
_ASCII_LETTERS = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def guess_language(text: str) -> str:
    """Language from the text alone (script first, then frequent words); "" when unsure."""
    sample = text[:5000]
    if sample.isascii():
        # letters are A-Z and a-z, counted in C; no kana, hangul or han to look for
        letters = len(sample) - len(sample.encode("ascii").translate(None, _ASCII_LETTERS))
        if not letters:
            return ""
    else:
        letters = len(_LETTER.findall(sample))
        if not letters:
            return ""
        if len(_KANA.findall(sample)) > 0.05 * letters:
            return "ja"
        if len(_HANGUL.findall(sample)) > 0.2 * letters:
            return "ko"
        if len(_HAN.findall(sample)) > 0.2 * letters:
            return "zh"
    words = _WORD.findall(sample.lower())
    freq = Counter(words)
    counts = {lang: sum(freq[w] for w in stop) for lang, stop in _STOPWORDS.items()}
    lang, best = max(counts.items(), key=lambda kv: kv[1])
    return lang if words and best >= max(3, 0.05 * len(words)) else ""


def _mark_blocks(root: HtmlElement) -> None:
    # strip what is never visible and put line breaks around blocks, in place
    etree.strip_elements(
        root, *INVISIBLE_TAGS, etree.Comment, etree.ProcessingInstruction, with_tail=False
    )
    for el in root.iter(*BLOCK_TAGS):
        el.text = "\n" + el.text if el.text else "\n"
        el.tail = "\n" + el.tail if el.tail else "\n"


def _flat(el: HtmlElement) -> str:
    return " ".join(
        etree.tostring(el, method="text", encoding="unicode", with_tail=False)
        .replace("\u200b", " ")
        .split()
    )


def consume_text(root: HtmlElement) -> str:
    """Same text as ``cleaned_text`` in a few C calls, for trees that are thrown away after:
    it strips scripts and comments and adds line breaks around blocks in place."""
    return consume(root)[0]


def consume(root: HtmlElement, source: str | None = None) -> tuple[str, list[str], list[list[str]]]:
    """(cleaned_text, headings_of, lists_of) of a tree in a few C calls; the tree is rewritten
    (scripts, comments and what the page hides stripped, line breaks added), so serialise it
    first. ``source``: the HTML the tree was parsed from, when known (spares the search for
    hidden elements on a page that names none)."""
    drop_hidden(root, source)
    _mark_blocks(root)
    headings = [t for t in (_flat(h) for h in root.iter(*_HEADINGS)) if t]
    lists: list[list[str]] = []
    for el in root.iter("ul", "ol"):
        items = [t for t in (_flat(li) for li in el if li.tag == "li") if t]
        if items:
            lists.append(items)
    body = root.find("body")
    text = etree.tostring(
        body if body is not None else root, method="text", encoding="unicode", with_tail=False
    )
    return fast_normalize(text), headings, lists


def fast_normalize(text: str) -> str:
    """``normalize_text`` with str methods instead of regular expressions (which crawl on
    multi-megabyte pages with millions of spaces)."""
    if "\u200b" in text:
        text = text.replace("\u200b", " ")
    # map over builtins: the per-line work stays in C (a generator crawls on 500-line pages)
    return "\n".join(filter(None, map(" ".join, map(str.split, text.split("\n")))))


def cleaned_text(root: HtmlElement) -> str:
    """Visible text of the page body: scripts and styles excluded, blocks on their own lines."""
    body = root.find("body")
    return visible_text(body if body is not None else root)


def page_info(root: HtmlElement, *, text: str | None = None) -> dict[str, Any]:
    """Title, headings, lists, breadcrumbs and language of a parsed page."""
    return {
        "title": title_of(root),
        "headings": headings_of(root),
        "lists": lists_of(root),
        "breadcrumbs": breadcrumbs_of(root),
        "language": language_of(root, text),
    }


__all__ = [
    "BLOCK_TAGS",
    "INVISIBLE_TAGS",
    "breadcrumbs_of",
    "cleaned_text",
    "consume",
    "consume_text",
    "fast_normalize",
    "guess_language",
    "headings_of",
    "language_of",
    "lists_of",
    "page_info",
    "title_of",
]
