"""Decoding page bytes to text the way browsers do: BOM, HTTP charset, meta charset (read as
its browser superset), then detection; binary content is refused."""

from __future__ import annotations

import codecs
import logging
import re

import webencodings

from deboiler_gui.engine.model import InputError

log = logging.getLogger(__name__)

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),  # before UTF-16 LE: it starts with the same bytes
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

# Browsers read these labels as their supersets (WHATWG Encoding Standard); so must we, or
# characters the page really contains come out as U+FFFD.
_BROWSER_SUPERSETS = {
    "gb2312": "gb18030",
    "gbk": "gb18030",
    "iso8859-1": "cp1252",
    "ascii": "cp1252",
    "iso8859-9": "cp1254",
    "iso8859-11": "cp874",
    "tis-620": "cp874",
    "big5": "big5hkscs",
    "shift_jis": "cp932",
    "euc_kr": "cp949",
    # A page that declares UTF-16 in a meta tag was read as ASCII to find it: it is not UTF-16.
    "utf-16": "utf-8",
    "utf-16-le": "utf-8",
    "utf-16-be": "utf-8",
}
_EXTRA_LABELS = {
    "x-gbk": "gb18030",
    "windows-31j": "cp932",
    "x-sjis": "cp932",
    "x-user-defined": "cp1252",
    "unicode-1-1-utf-8": "utf-8",
}
_SINGLE_BYTE = re.compile(r"^(cp125\d|cp874|iso8859-\d+|koi8-[ru]|mac-?roman|latin-?\d)$")

_META_CHARSET = re.compile(
    rb"""<meta[^>]*?charset\s*=\s*["']?\s*([A-Za-z0-9._:\-]+)""", re.IGNORECASE
)
_XML_ENCODING = re.compile(
    rb"""^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._:\-]+)""", re.IGNORECASE
)
_HEADER_CHARSET = re.compile(r"""charset\s*=\s*["']?([A-Za-z0-9._:\-]+)""", re.IGNORECASE)

_BINARY_MAGIC = (
    b"\x89PNG", b"GIF8", b"\xff\xd8\xff", b"%PDF", b"PK\x03\x04", b"\x1f\x8b", b"BZh",
    b"\x7fELF", b"RIFF", b"OggS", b"\x00\x00\x01\x00", b"wOFF", b"wOF2", b"ID3",
)  # fmt: skip

#: How much of a page the meta prescan and the detector look at.
_PRESCAN_BYTES = 8192
_DETECT_BYTES = 256 * 1024


#: Codecs Python knows that no browser decodes a page with.
_NEVER = frozenset({"utf-7"})


def normalize_encoding(label: str | None) -> str | None:
    """The Python codec a browser would use for an encoding label, or None if unknown."""
    if not label:
        return None
    label = label.strip().strip("\"'").lower()
    if label in _EXTRA_LABELS:
        return _EXTRA_LABELS[label]
    # The WHATWG Encoding Standard's complete label table (x-cp1252, gb_2312-80, iso-ir-149,
    # x-x-big5, windows-874, ...); Python's own aliases only for labels it does not know.
    whatwg = webencodings.lookup(label)
    if whatwg is not None:
        if whatwg.name == "replacement":  # iso-2022-kr, hz-gb-2312...: never trusted
            return None
        label = whatwg.codec_info.name
    try:
        info = codecs.lookup(label)
    except LookupError:
        return None
    if not getattr(info, "_is_text_encoding", True) or info.name in _NEVER:
        return None  # base64, rot13…, and UTF-7, which browsers refuse (script smuggling)
    return _BROWSER_SUPERSETS.get(info.name, info.name)


def charset_from_content_type(content_type: str | None) -> str | None:
    """The charset parameter of a Content-Type header, if any."""
    if not content_type:
        return None
    m = _HEADER_CHARSET.search(content_type)
    return m.group(1) if m else None


def sniff_bom(data: bytes) -> str | None:
    for bom, name in _BOMS:
        if data.startswith(bom):
            return name
    return None


def sniff_meta_charset(data: bytes) -> str | None:
    """The encoding declared by an XML declaration or a meta tag near the top of the page."""
    head = data[:_PRESCAN_BYTES]
    m = _XML_ENCODING.search(head) or _META_CHARSET.search(head)
    return m.group(1).decode("ascii", "replace") if m else None


def _utf16_without_bom(head: bytes) -> str | None:
    # ASCII markup in UTF-16 puts a NUL in every other byte; which half tells the byte order.
    if len(head) < 8:
        return None
    even = head[0::2].count(0)
    odd = head[1::2].count(0)
    half = len(head) // 2
    if odd > 0.6 * half and even < 0.1 * half:
        return "utf-16-le"
    if even > 0.6 * half and odd < 0.1 * half:
        return "utf-16-be"
    return None


#: Bytes that are control characters in text (not tab, newline, vertical tab, form feed, CR).
_CONTROL_BYTES = bytes(b for b in range(32) if b < 9 or b > 13)


def looks_binary(data: bytes) -> str | None:
    """Why the bytes are not a text page, else None.

    Binary is a known file signature, mostly NULs, many control bytes, or NULs among bytes
    that are not text either (neither UTF-8 nor mostly printable ASCII). NULs alone in
    otherwise readable text (a stray ``\\0`` in a short page) do not make it binary: they are
    replaced when the page is parsed."""
    head = data[:_PRESCAN_BYTES]
    if sniff_bom(head) or _utf16_without_bom(head):
        return None
    for magic in _BINARY_MAGIC:
        if head.startswith(magic):
            return f"binary content (starts with {magic[:4]!r})"
    nuls = head.count(0)
    rest = head.replace(b"\x00", b"") if nuls else head
    if nuls and (nuls > max(4, len(head) // 4) or not rest.strip()):
        return f"binary content ({nuls} NUL bytes in the first {len(head)})"
    controls = len(rest) - len(rest.translate(None, _CONTROL_BYTES))  # counted in C
    if controls > max(1, len(rest) // 10):
        return "binary content (control bytes)"
    if nuls and not _readable(rest):
        return f"binary content ({nuls} NUL bytes among bytes that are not text)"
    return None


def _readable(data: bytes) -> bool:
    """UTF-8 (a character cut at the end forgiven) or at least 3 in 4 bytes printable ASCII."""
    try:
        data.decode("utf-8")
        return True
    except UnicodeDecodeError as exc:
        if exc.start >= len(data) - 4 and exc.reason == "unexpected end of data":
            return True
    ascii_text = sum(1 for b in data if 32 <= b < 127 or b in (9, 10, 12, 13))
    return ascii_text >= 0.75 * len(data)


#: Characters that decoded text of a real page almost never holds: C0 controls other than
#: whitespace, DEL and the C1 controls (bytes read as Latin-1 show up as these). NUL is counted
#: apart: a few NULs in readable text are no sign of binary data.
_TEXT_CONTROLS = re.compile(r"[\x01-\x08\x0e-\x1f\x7f-\x9f]")


def looks_binary_text(text: str) -> str | None:
    """Why already-decoded text is binary data carried as a string (a PNG or random bytes put
    into a JSON string), else None: the checks of looks_binary on its first characters."""
    head = text[:_PRESCAN_BYTES]
    if head.startswith("\ufeff"):
        head = head[1:]
    try:
        raw = head.encode("latin-1")
    except UnicodeEncodeError:
        raw = None
    if raw is not None:
        reason = looks_binary(raw)
        if reason:
            return reason
    rest = head.replace("\x00", "")
    if len(rest) < len(head) and (
        len(head) - len(rest) > max(4, len(head) // 4) or not rest.strip()
    ):
        return f"binary content ({len(head) - len(rest)} NUL characters in the first {len(head)})"
    controls = len(_TEXT_CONTROLS.findall(rest))
    if controls > max(1, len(rest) // 20):
        return f"binary content ({controls} control characters in the first {len(head)})"
    return None


def _decode_strict(data: bytes, codec: str) -> str | None:
    """Decode strictly, forgiving only a multi-byte character cut off at the very end."""
    try:
        return data.decode(codec)
    except UnicodeDecodeError as exc:
        if exc.start >= len(data) - 4:
            return data.decode(codec, errors="replace")
        return None
    except LookupError:
        return None


def _sample(data: bytes) -> bytes:
    if len(data) <= _DETECT_BYTES:
        return data
    cut = data[:_DETECT_BYTES]
    # A byte below 0x40 is never the trail byte of a UTF-8, GBK, Big5 or Shift_JIS character,
    # so cutting after one keeps the sample free of half characters.
    for i in range(len(cut) - 1, max(0, len(cut) - 4096), -1):
        if cut[i] < 0x40:
            return cut[: i + 1]
    return cut


def _detect(data: bytes) -> str | None:
    from charset_normalizer import from_bytes

    best = from_bytes(_sample(data)).best()
    if best is None:
        return None
    return normalize_encoding(best.encoding)


def _utf8_with_multibyte(data: bytes) -> str | None:
    """The bytes as UTF-8 when they decode (a character cut at the very end forgiven) and hold
    at least one whole multi-byte character, else None."""
    if data[:_DETECT_BYTES].isascii():
        return None
    text = _decode_strict(data, "utf-8")
    if text is None or not any(c > "\x7f" and c != "\ufffd" for c in text):
        return None
    return text


def decode_html(data: bytes, content_type_header: str | None = None) -> tuple[str, str]:
    """Decode a page's bytes: BOM, then the HTTP charset, then the meta charset, then detection.

    A declared encoding the bytes contradict (they do not decode, or a single-byte label on
    valid multi-byte UTF-8) is overridden by detection, since the text is what matters.
    Returns ``(text, codec name)``; raises InputError for binary content.
    """
    bom = sniff_bom(data)
    if bom:
        return data[_bom_length(data) :].decode(bom, errors="replace"), bom
    reason = looks_binary(data)
    if reason:
        raise InputError(reason)
    utf16 = _utf16_without_bom(data[:_PRESCAN_BYTES])
    if utf16:
        return data.decode(utf16, errors="replace"), utf16

    declared = [
        ("header", normalize_encoding(charset_from_content_type(content_type_header))),
        ("meta", normalize_encoding(sniff_meta_charset(data))),
    ]
    for origin, codec in declared:
        if not codec:
            continue
        utf8 = _utf8_with_multibyte(data) if _SINGLE_BYTE.match(codec) else None
        if utf8 is not None:
            log.info("%s charset %s contradicted by valid UTF-8; decoding as UTF-8", origin, codec)
            return utf8, "utf-8"
        text = _decode_strict(data, codec)
        if text is not None:
            return text, codec
        log.info("%s charset %s does not decode the page; detecting", origin, codec)

    if data.isascii():
        return data.decode("ascii"), "utf-8"
    text = _decode_strict(data, "utf-8")
    if text is not None:
        return text, "utf-8"
    codec = _detect(data)
    if codec:
        text = _decode_strict(data, codec)
        if text is not None:
            return text, codec
        return data.decode(codec, errors="replace"), codec
    return data.decode("cp1252", errors="replace"), "cp1252"


def _bom_length(data: bytes) -> int:
    for bom, _name in _BOMS:
        if data.startswith(bom):
            return len(bom)
    return 0
